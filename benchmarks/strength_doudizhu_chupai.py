"""Play strength of chupai's Dou Dizhu bots against RLCard's rule agent, chupai's
own comparison (``--protocol chupai``; the default protocol is DouZero's, see
``strength_doudizhu.py``, which also imports its statistics from here).

Run ``python benchmarks/strength_doudizhu.py --protocol chupai`` (or this file
directly; 2,000 deals, heuristic and greedy; a few minutes on one core) with
``--games N``, ``--bots heuristic,search:ms=50``, ``--seed S``, ``--workers K``
(local processes; the figures do not depend on K), ``--quick`` (100 deals, a smoke
run). Needs RLCard (``pip install rlcard``); the reference is its
``doudizhu-rule-v1`` agent (``DouDizhuRuleAgentV1``), seated in chupai's classic
Dou Dizhu by :class:`chupai.bots.rlcard_agent.RLCardRuleBot`.

**Deals and the landlord.** Deal ``i`` is ``new_deal(classic, seed=S + i)``. Its
bidding is scripted, the same for every pairing, so that only the play differs:
the first bidder (the receiver of the face-up marker card, a uniformly random seat)
bids 1 and the other two pass; nobody may then rob (both passed), so the first
bidder is the landlord and takes the kitty, with base ``B = 1``. No bot is offered
明牌 (``show`` is removed from the legal actions), so a deal scores ``2^bombs``,
times 2 on a spring or an anti-spring, paid by each peasant to the landlord or
back. The landlord is therefore a random hand plus the kitty, as in RLCard's own
game (where seat 0 always takes the kitty).

**Pairings**, each on the same deals:

* ``BOT as landlord``: BOT in the landlord's seat, RLCard's agent in both
  peasant seats;
* ``BOT as peasants``: RLCard's agent as landlord, BOT in both peasant seats (two
  independent instances, as in a tournament);
* baseline: RLCard's agent in all three seats. Its landlord win rate is the
  baseline for ``BOT as landlord``; its peasant win rate (one minus it) the
  baseline for ``BOT as peasants``.

Every bot is a fresh instance per deal, seeded ``3 * (S + i) + seat``, so every
figure is reproducible and independent of ``--workers``.

**Figures** for each pairing: the win rate of BOT's side with its 95% Wilson
interval; its difference to the baseline's win rate in the same seats, with a 95%
(Wald) interval and a two-sided two-proportion z-test (pooled); since the deals
are shared, also an exact two-sided McNemar test on the deals the two pairings
decided differently; the mean side score per deal (the landlord's score, or the
two peasants' scores together) with a normal 95% interval, next to the
baseline's; and BOT's mean time per decision. "Significant" means p < 0.05.

**Check of the adapter** (skip with ``--no-native``): the same number of games of
RLCard's own ``DoudizhuGame`` with the rule agent in all seats (seeded
``np.random.RandomState(S + i)``; RLCard's landlord is seat 0 plus the kitty) gives
a landlord win rate that should agree with chupai's RLCard-vs-RLCard baseline; the
z-test between them is reported (a significant difference would point at the
translation).

Progress goes to stderr; the figures are printed readably, then as one final JSON
line on stdout.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import platform
import sys
import time
from collections.abc import Iterator, Sequence
from typing import Any

from chupai.bots.rlcard_agent import RLCardRuleBot, require_rlcard
from chupai.doudizhu.game import PASS, SHOW, Bid, DouDizhuDeal, Phase, new_deal
from chupai.doudizhu.rules import PRESETS
from chupai.errors import ChupaiError

RULES = PRESETS["classic"]
BASELINE = "rlcard"
DEFAULT_BOTS = "heuristic,greedy"
Z95 = 1.959963984540054


# ----- bots ------------------------------------------------------------------------------


def make_our_bot(name: str, seed: int) -> Any:
    """``chupai.bots.make_bot(name, seed, game="doudizhu")``."""
    from chupai.bots import make_bot

    return make_bot(name, seed, game="doudizhu")


def make_seat_bot(name: str, seed: int) -> Any:
    if name == BASELINE:
        return RLCardRuleBot(seed)
    return make_our_bot(name, seed)


# ----- one deal ---------------------------------------------------------------------------


def fixed_deal(seed: int) -> DouDizhuDeal:
    """Deal ``seed`` with the scripted bidding done: the first bidder bids 1, the
    others pass; the first bidder is the landlord and has taken the kitty."""
    deal = new_deal(RULES, seed)
    lord = deal.first_bidder
    while deal.phase is Phase.BID:
        deal.apply_action(Bid(1) if deal.current_player == lord else PASS)
    if deal.phase is not Phase.PLAY or deal.landlord != lord:  # pragma: no cover
        raise AssertionError(f"scripted bidding did not make seat {lord} the landlord")
    return deal


def play(seed: int, landlord_bot: str, peasant_bot: str) -> tuple[bool, int, float, int]:
    """Play deal ``seed`` with ``landlord_bot`` as landlord and ``peasant_bot`` in
    both peasant seats: ``(landlord_won, landlord_score, seconds, decisions)``,
    the time and decisions counted for the non-baseline bot(s)."""
    deal = fixed_deal(seed)
    lord = deal.landlord
    assert lord is not None
    names = [landlord_bot if s == lord else peasant_bot for s in range(3)]
    bots = [make_seat_bot(names[s], 3 * seed + s) for s in range(3)]
    spent = 0.0
    decisions = 0
    while not deal.is_terminal():
        seat = deal.current_player
        assert seat is not None
        legal = [a for a in deal.legal_actions() if a != SHOW]
        obs = deal.observe(seat)
        if names[seat] != BASELINE:
            t0 = time.perf_counter()
            action = bots[seat].act(obs, legal)
            spent += time.perf_counter() - t0
            decisions += 1
        else:
            action = bots[seat].act(obs, legal)
        deal.apply_action(action)
    out = deal.outcome
    assert out is not None and out.landlord_won is not None
    return out.landlord_won, out.scores[lord], spent, decisions


def pairings(bots: Sequence[str]) -> list[tuple[str, str, str]]:
    """``(key, landlord bot, peasant bot)`` for every pairing, baseline first."""
    out = [("baseline", BASELINE, BASELINE)]
    for b in bots:
        out.append((f"{b}@landlord", b, BASELINE))
        out.append((f"{b}@peasants", BASELINE, b))
    return out


def run_chunk(
    job: tuple[list[int], list[tuple[str, str, str]]],
) -> list[list[tuple[bool, int, float, int]]]:
    """Every pairing on each deal seed of the chunk."""
    seeds, pairs = job
    return [[play(s, lb, pb) for _, lb, pb in pairs] for s in seeds]


def native_chunk(seeds: list[int]) -> list[bool]:
    """RLCard's own game with the rule agent in all seats: landlord (seat 0) won?"""
    require_rlcard()
    import numpy as np
    from rlcard.games.doudizhu.game import DoudizhuGame
    from rlcard.models.doudizhu_rule_models import DouDizhuRuleAgentV1

    agent = DouDizhuRuleAgentV1()
    out = []
    for s in seeds:
        game = DoudizhuGame()
        game.np_random = np.random.RandomState(s)
        np.random.seed(s)
        state, pid = game.init_game()
        while not game.is_over():
            state, pid = game.step(agent.step({"raw_obs": state}))
        out.append(game.winner_id == game.round.landlord_id)
    return out


# ----- statistics -----------------------------------------------------------------------------


def wilson(k: int, n: int) -> tuple[float, float]:
    if n == 0:
        return (0.0, 1.0)
    p = k / n
    d = 1 + Z95**2 / n
    c = (p + Z95**2 / (2 * n)) / d
    h = Z95 * math.sqrt(p * (1 - p) / n + Z95**2 / (4 * n * n)) / d
    # exact ends at 0 and n wins (the float arithmetic leaves ~1e-17 there)
    return (0.0 if k == 0 else max(0.0, c - h), 1.0 if k == n else min(1.0, c + h))


def two_proportion(k1: int, n1: int, k0: int, n0: int) -> dict[str, Any]:
    """Difference p1 - p0 with a Wald 95% interval, pooled z and two-sided p."""
    p1, p0 = k1 / n1, k0 / n0
    diff = p1 - p0
    se = math.sqrt(p1 * (1 - p1) / n1 + p0 * (1 - p0) / n0)
    pool = (k1 + k0) / (n1 + n0)
    se0 = math.sqrt(pool * (1 - pool) * (1 / n1 + 1 / n0))
    z = diff / se0 if se0 > 0 else 0.0
    p = math.erfc(abs(z) / math.sqrt(2))
    return {
        "diff": diff,
        "diff_ci95": [diff - Z95 * se, diff + Z95 * se],
        "z": z,
        "p_value": p,
        "significant": p < 0.05,
    }


def mcnemar(only_ours: int, only_base: int) -> float:
    """Exact two-sided McNemar p-value (binomial on the discordant deals)."""
    n = only_ours + only_base
    if n == 0:
        return 1.0
    k = min(only_ours, only_base)
    tail = sum(math.comb(n, i) for i in range(k + 1)) / (1 << n)
    return min(1.0, 2 * tail)


def mean_ci(xs: Sequence[float]) -> tuple[float, list[float]]:
    n = len(xs)
    m = float(sum(xs)) / n
    var = sum((x - m) ** 2 for x in xs) / (n - 1) if n > 1 else 0.0
    h = Z95 * math.sqrt(var / n)
    return m, [m - h, m + h]


# ----- driver -----------------------------------------------------------------------------------


def chunks(seeds: list[int], size: int) -> Iterator[list[int]]:
    for i in range(0, len(seeds), size):
        yield seeds[i : i + size]


def progress(label: str, done: int, total: int, t0: float) -> None:
    el = time.perf_counter() - t0
    eta = el / done * (total - done) if done else 0.0
    sys.stderr.write(f"\r{label}: {done}/{total} deals, {el:.0f}s elapsed, ~{eta:.0f}s left   ")
    sys.stderr.flush()
    if done == total:
        sys.stderr.write("\n")


def run_all(
    fn: Any, jobs: list[Any], workers: int, label: str, total: int, size_of: Any
) -> list[Any]:
    """Run ``fn`` over ``jobs`` (in order), in ``workers`` processes if > 1."""
    t0 = time.perf_counter()
    results: list[Any] = []
    done = 0
    progress(label, 0, total, t0)
    if workers > 1:
        ctx = multiprocessing.get_context("spawn" if sys.platform == "win32" else "fork")
        with ctx.Pool(workers) as pool:
            for job, res in zip(jobs, pool.imap(fn, jobs)):
                results.append(res)
                done += size_of(job)
                progress(label, done, total, t0)
    else:
        for job in jobs:
            results.append(fn(job))
            done += size_of(job)
            progress(label, done, total, t0)
    return results


def summarize(
    bots: list[str],
    pairs: list[tuple[str, str, str]],
    rows: list[list[tuple[bool, int, float, int]]],
) -> dict[str, Any]:
    n = len(rows)
    base = [r[0] for r in rows]
    base_lord_wins = sum(1 for won, *_ in base if won)
    base_scores = [float(sc) for _, sc, _, _ in base]
    out: dict[str, Any] = {}
    lo, hi = wilson(base_lord_wins, n)
    m, mci = mean_ci(base_scores)
    out["baseline"] = {
        "landlord": {
            "wins": base_lord_wins,
            "games": n,
            "win_rate": base_lord_wins / n,
            "ci95": [lo, hi],
            "mean_score": m,
            "score_ci95": mci,
        },
        "peasants": {
            "wins": n - base_lord_wins,
            "games": n,
            "win_rate": 1 - base_lord_wins / n,
            "ci95": list(wilson(n - base_lord_wins, n)),
            "mean_score": -m,
            "score_ci95": [-mci[1], -mci[0]],
        },
    }
    out["bots"] = {}
    for b in bots:
        entry: dict[str, Any] = {}
        for role in ("landlord", "peasants"):
            j = next(i for i, (key, _, _) in enumerate(pairs) if key == f"{b}@{role}")
            sign = 1 if role == "landlord" else -1
            ours = [(won if role == "landlord" else not won) for won, *_ in (r[j] for r in rows)]
            theirs = [(won if role == "landlord" else not won) for won, *_ in base]
            k = sum(ours)
            k0 = sum(theirs)
            scores = [float(sign * r[j][1]) for r in rows]
            m, mci = mean_ci(scores)
            spent = sum(r[j][2] for r in rows)
            calls = sum(r[j][3] for r in rows)
            only_ours = sum(1 for a, c in zip(ours, theirs) if a and not c)
            only_base = sum(1 for a, c in zip(ours, theirs) if c and not a)
            e = {
                "wins": k,
                "games": n,
                "win_rate": k / n,
                "ci95": list(wilson(k, n)),
                "baseline_win_rate": k0 / n,
                **two_proportion(k, n, k0, n),
                "mcnemar": {
                    "only_bot_won": only_ours,
                    "only_baseline_won": only_base,
                    "p_value": mcnemar(only_ours, only_base),
                },
                "mean_score": m,
                "score_ci95": mci,
                "baseline_mean_score": out["baseline"][role]["mean_score"],
                "ms_per_decision": 1000 * spent / calls if calls else 0.0,
                "decisions": calls,
            }
            e["beats_baseline"] = bool(e["significant"] and e["diff"] > 0)
            entry[role] = e
        out["bots"][b] = entry
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument(
        "--bots",
        default=DEFAULT_BOTS,
        help=f"comma-separated chupai bot names (default {DEFAULT_BOTS}); "
        "parameters after a colon, e.g. search:ms=50",
    )
    ap.add_argument("--games", type=int, default=2000, help="deals per pairing (default 2000)")
    ap.add_argument("--seed", type=int, default=0, help="first deal seed (default 0)")
    ap.add_argument("--workers", type=int, default=1, help="local processes (default 1)")
    ap.add_argument("--chunk", type=int, default=20, help="deals per work unit (default 20)")
    ap.add_argument("--quick", action="store_true", help="100 deals (a smoke run)")
    ap.add_argument(
        "--no-native", action="store_true", help="skip the check against RLCard's own game"
    )
    args = ap.parse_args(argv)
    n = 100 if args.quick else args.games
    if n < 2:
        ap.error("--games must be at least 2")
    bots = [b.strip() for b in args.bots.split(",") if b.strip()]
    try:
        require_rlcard()
        for b in bots:  # fail early on a bad name or parameter
            make_our_bot(b, 0)
    except ChupaiError as exc:
        ap.error(str(exc))
    pairs = pairings(bots)
    seeds = list(range(args.seed, args.seed + n))
    workers = max(1, args.workers)
    print(
        f"chupai Dou Dizhu strength vs RLCard doudizhu-rule-v1: {RULES.spec()}, {n} deals "
        f"(seeds {seeds[0]}..{seeds[-1]}), bots {', '.join(bots)}; Python "
        f"{platform.python_version()}, {workers} worker(s)"
    )
    t0 = time.perf_counter()
    jobs = [(c, pairs) for c in chunks(seeds, args.chunk)]
    parts = run_all(run_chunk, jobs, workers, "chupai deals", n, lambda job: len(job[0]))
    rows = [row for part in parts for row in part]
    play_s = time.perf_counter() - t0
    summary = summarize(bots, pairs, rows)
    native: dict[str, Any] | None = None
    if not args.no_native:
        t1 = time.perf_counter()
        res = run_all(
            native_chunk, list(chunks(seeds, args.chunk)), workers, "RLCard's own game", n, len
        )
        wins = sum(sum(r) for r in res)
        base = summary["baseline"]["landlord"]
        native = {
            "landlord_wins": wins,
            "games": n,
            "landlord_win_rate": wins / n,
            "ci95": list(wilson(wins, n)),
            "vs_chupai_baseline": two_proportion(wins, n, base["wins"], n),
            "seconds": time.perf_counter() - t1,
        }

    def pct(x: float) -> str:
        return f"{100 * x:5.1f}%"

    b0 = summary["baseline"]
    print(
        f"\nbaseline RLCard vs RLCard: landlord wins {pct(b0['landlord']['win_rate'])} "
        f"[{pct(b0['landlord']['ci95'][0])}, {pct(b0['landlord']['ci95'][1])}], "
        f"mean landlord score {b0['landlord']['mean_score']:+.3f}"
    )
    print(
        f"\n{'bot':24s} {'seat':9s} {'win rate':>8s} {'95% CI':>17s} {'baseline':>8s} "
        f"{'diff':>7s} {'p (z)':>9s} {'p (McN)':>9s} {'score':>7s} {'base':>7s} {'ms/dec':>7s}"
    )
    for b, entry in summary["bots"].items():
        for role, e in entry.items():
            flag = "*" if e["beats_baseline"] else ("-" if e["significant"] else " ")
            print(
                f"{b:24s} {role:9s} {pct(e['win_rate']):>8s} "
                f"[{pct(e['ci95'][0])},{pct(e['ci95'][1])}] {pct(e['baseline_win_rate']):>8s} "
                f"{100 * e['diff']:+6.1f}{flag} {e['p_value']:9.2g} "
                f"{e['mcnemar']['p_value']:9.2g} {e['mean_score']:+7.3f} "
                f"{e['baseline_mean_score']:+7.3f} {e['ms_per_decision']:7.2f}"
            )
    print("  (* significantly above the baseline, - significantly below; p < 0.05)")
    if native is not None:
        v = native["vs_chupai_baseline"]
        print(
            f"\nRLCard's own game, rule agent in all seats: landlord wins "
            f"{pct(native['landlord_win_rate'])} [{pct(native['ci95'][0])}, "
            f"{pct(native['ci95'][1])}]; vs chupai's baseline {100 * v['diff']:+.1f} points, "
            f"p = {v['p_value']:.2g} ({'DIFFERENT' if v['significant'] else 'consistent'})"
        )
    print(f"\nplay time {play_s:.0f}s")
    final = {
        "benchmark": "strength_doudizhu",
        "rules": RULES.spec(),
        "reference": "rlcard doudizhu-rule-v1 (DouDizhuRuleAgentV1)",
        "games": n,
        "seed": args.seed,
        "landlord": "first bidder bids 1, others pass; no show",
        "workers": workers,
        **summary,
        "native_rlcard": native,
        "seconds": play_s,
    }
    print(json.dumps(final, separators=(",", ":")))
    return 0


if __name__ == "__main__":
    sys.exit(main())
