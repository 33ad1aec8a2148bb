"""Play strength of chupai's Dou Dizhu bots under DouZero's evaluation protocol.

Run ``python benchmarks/strength_doudizhu.py`` (2,000 deals; bots ``heuristic`` and
``expert``; opponents RLCard's rule agent, DouZero's port of it and a random agent)
with ``--games N``, ``--bots heuristic,search:playouts=100`` (any chupai bot name),
``--opponents rlcard,random``, ``--seed S``, ``--workers K`` (local processes; the
figures do not depend on K), ``--quick`` (50 deals unless ``--games`` says
otherwise), ``--no-check`` (skip the checks of the adapters). Needs RLCard and
DouZero (``pip install 'chupai[bench]'``: ``rlcard``, ``douzero``).
``--protocol chupai`` runs chupai's older comparison instead
(``strength_doudizhu_chupai.py``: our bot in a seat, RLCard's agent in the others,
against RLCard's agent in the same seats).

**The protocol** (DouZero's ``evaluation/simulation.py`` and ``env/game.py``): the
landlord is fixed and holds 20 cards (17 and the 3 kitty cards), there is no
bidding, no 明牌 and no spring; the landlord scores ``+2 * 2**b`` on a win and
``-2 * 2**b`` on a loss, ``b`` the bombs and rockets played in the deal, and the
two peasants together the opposite. Deal ``i`` is chupai's ``new_deal(classic,
seed=S + i)`` with a scripted bidding: the first bidder (a uniformly random seat)
bids 1, the others pass, so the landlord is a random hand plus the kitty; it leads
first. No bot is offered 明牌. The score is computed from the deal's history
(:func:`chupai.bots.games.doudizhu.douzero.douzero_score`), not by chupai's scoring,
which would double a spring.

**Roles swapped on the same deals**: for our bot A against opponent B, deal ``i``
is played twice, A as landlord against B in both peasant seats, and B as landlord
against A in both peasant seats (two independent instances). Every bot is a fresh
instance per game, seeded ``3 * (S + i) + seat``, so the figures are reproducible
and independent of ``--workers`` (a time budget such as ``expert``'s 100 ms makes
the moves depend on the machine's speed, though).

**Figures**, for each A and B: WP, A's win rate averaged over the two roles, and
ADP, the mean over the two roles of the points of A's side (DouZero reports the
peasants' points as the two peasants' together); 95% intervals paired by deal (the
per-deal mean of the two games, a normal interval), and a Wilson interval for WP
over the 2N games; per role the win rate with its Wilson interval and the mean
points with a normal interval. For each A its median and 90th-percentile time per
decision, over its play decisions with more than one legal action, measured in the
process that plays (one core each).

**Checks of the adapters** (``--no-check`` skips them): RLCard's agent in all three
seats through chupai against RLCard's own ``DoudizhuGame`` with the same agent
(its own deals, seeded ``S + i``; a z-test on the landlord win rate); DouZero's
port in all seats through chupai against DouZero's own ``GameEnv`` on the same
deals (a z-test, and how often the same side won); and DouZero's port against
RLCard's agent under the protocol (the same rules: WP near 0.5).

Progress goes to stderr; the figures are printed readably, then as one final JSON
line on stdout.
"""

from __future__ import annotations

import argparse
import json
import math
import platform
import random
import statistics
import sys
import time
from collections.abc import Sequence
from typing import Any

from strength_doudizhu_chupai import (
    RULES,
    Z95,
    chunks,
    fixed_deal,
    mean_ci,
    native_chunk,
    run_all,
    two_proportion,
    wilson,
)

from chupai.bots.games.doudizhu.douzero import (
    POSITIONS,
    DouZeroRLCardBot,
    douzero_cards,
    douzero_score,
    require_douzero,
)
from chupai.bots.games.doudizhu.rlcard import RLCardRuleBot, require_rlcard
from chupai.doudizhu.combos import Combo, Kind
from chupai.doudizhu.game import SHOW, DouDizhuDeal
from chupai.errors import ChupaiError

REFERENCES = ("rlcard", "douzero-rlcard", "random")
DEFAULT_BOTS = "heuristic,expert"
DEFAULT_OPPONENTS = ",".join(REFERENCES)
TARGETS = {  # issue #16: WP, ADP against each reference, and ms per decision (median)
    "rlcard": {"wp": 0.90, "adp": 2.3},
    "random": {"wp": 0.99, "adp": 3.0},
    "ms_median": 100.0,
}

Game = tuple[bool, int, list[float]]
"""One game: (landlord won, bombs and rockets played, the timed side's ms per decision)."""


# ----- bots and games -------------------------------------------------------------------


def make_seat_bot(name: str, seed: int) -> Any:
    """A reference agent (``rlcard``, ``douzero-rlcard``) or any chupai bot name."""
    if name == "rlcard":
        return RLCardRuleBot(seed)
    if name == "douzero-rlcard":
        return DouZeroRLCardBot(seed)
    from chupai.bots import make_bot

    return make_bot(name, seed, game="doudizhu")


def bombs_of(deal: DouDizhuDeal) -> int:
    """Bombs and rockets played in the deal (DouZero's ``bomb_num``)."""
    return sum(
        1
        for ev in deal.history
        if isinstance(ev.action, Combo) and ev.action.kind in (Kind.BOMB, Kind.ROCKET)
    )


def protocol_result(deal: DouDizhuDeal) -> tuple[bool, int, int]:
    """``(landlord_won, bombs, landlord's DouZero score)`` of a finished deal."""
    out = deal.outcome
    if out is None or out.landlord_won is None:
        raise ChupaiError("the deal is not finished")
    b = bombs_of(deal)
    return out.landlord_won, b, douzero_score(landlord_won=out.landlord_won, bombs=b)


def play(seed: int, landlord_bot: str, peasant_bot: str, timed: str | None) -> Game:
    """Deal ``seed`` with ``landlord_bot`` as landlord and ``peasant_bot`` in both
    peasant seats; the decisions of side ``timed`` (``landlord``, ``peasants``)
    with more than one legal action are timed."""
    deal = fixed_deal(seed)
    lord = deal.landlord
    assert lord is not None
    names = [landlord_bot if s == lord else peasant_bot for s in range(3)]
    bots = [make_seat_bot(names[s], 3 * seed + s) for s in range(3)]
    clock = [timed == ("landlord" if s == lord else "peasants") for s in range(3)]
    ms: list[float] = []
    while not deal.is_terminal():
        seat = deal.current_player
        assert seat is not None
        legal = [a for a in deal.legal_actions() if a != SHOW]
        obs = deal.observe(seat)
        if clock[seat] and len(legal) > 1:
            t0 = time.perf_counter()
            action = bots[seat].act(obs, legal)
            ms.append(1000 * (time.perf_counter() - t0))
        else:
            action = bots[seat].act(obs, legal)
        deal.apply_action(action)
    won, bombs, _ = protocol_result(deal)
    return won, bombs, ms


GameKey = tuple[str, str, str | None]


def games_of(bots: Sequence[str], opponents: Sequence[str], check: bool) -> list[GameKey]:
    """Every game played on each deal: both roles of each match, then the checks."""
    out: list[GameKey] = []
    for a in bots:
        for b in opponents:
            out += [(a, b, "landlord"), (b, a, "peasants")]
    if check:
        for g in [
            ("rlcard", "rlcard", None),
            ("douzero-rlcard", "douzero-rlcard", None),
            ("douzero-rlcard", "rlcard", "landlord"),
            ("rlcard", "douzero-rlcard", "peasants"),
        ]:
            if g not in out:
                out.append(g)
    return out


def run_chunk(job: tuple[list[int], list[GameKey]]) -> list[list[Game]]:
    """Every game on each deal seed of the chunk."""
    seeds, keys = job
    return [[play(s, lb, pb, t) for lb, pb, t in keys] for s in seeds]


def douzero_native_chunk(seeds: list[int]) -> list[tuple[bool, int]]:
    """The same deals in DouZero's own ``GameEnv``, its RLCard port in all seats:
    ``(landlord_won, bombs)`` per deal (Python's ``random`` seeded per deal)."""
    dz = require_douzero()
    out = []
    saved = random.getstate()
    try:
        for s in seeds:
            deal = fixed_deal(s)
            lord = deal.landlord
            assert lord is not None
            data = {
                pos: douzero_cards(deal.hands[(lord + i) % 3]) for i, pos in enumerate(POSITIONS)
            }
            data["three_landlord_cards"] = douzero_cards(deal.kitty)
            env = dz.game.GameEnv({pos: dz.agent(pos) for pos in POSITIONS})
            random.seed(s)
            env.card_play_init(data)
            while not env.game_over:
                env.step()
            out.append((env.get_winner() == "landlord", env.get_bomb_num()))
    finally:
        random.setstate(saved)
    return out


# ----- statistics -------------------------------------------------------------------------


def percentile(xs: Sequence[float], q: float) -> float:
    """The ``q``-quantile of ``xs`` by the nearest-rank method (0 for no data)."""
    if not xs:
        return 0.0
    s = sorted(xs)
    return s[max(0, math.ceil(q * len(s)) - 1)]


def role_figures(wins: Sequence[bool], points: Sequence[float]) -> dict[str, Any]:
    """Win rate with its Wilson interval and mean points with a normal interval."""
    n = len(wins)
    k = sum(wins)
    adp, adp_ci = mean_ci(points)
    return {
        "wins": k,
        "games": n,
        "wp": k / n,
        "wp_wilson95": list(wilson(k, n)),
        "adp": adp,
        "adp_ci95": adp_ci,
    }


Pair = tuple[bool, int, bool, int]
"""A deal of a match: (A landlord won, bombs; B landlord won, bombs)."""


def protocol_figures(pairs: Sequence[Pair]) -> dict[str, Any]:
    """WP and ADP of A over both roles, paired by deal, and per role (see the
    module docstring). ``pairs`` holds one entry per deal."""
    n = len(pairs)
    if n < 2:
        raise ChupaiError(f"{n} deal(s): the intervals need at least 2")
    lord_won = [a for a, _, _, _ in pairs]
    peas_won = [not b for _, _, b, _ in pairs]
    lord_pts = [float(douzero_score(landlord_won=a, bombs=ab)) for a, ab, _, _ in pairs]
    peas_pts = [-float(douzero_score(landlord_won=b, bombs=bb)) for _, _, b, bb in pairs]
    wp, wp_ci = mean_ci([(x + y) / 2 for x, y in zip(lord_won, peas_won)])
    adp, adp_ci = mean_ci([(x + y) / 2 for x, y in zip(lord_pts, peas_pts)])
    k = sum(lord_won) + sum(peas_won)
    return {
        "deals": n,
        "wp": wp,
        "wp_ci95": wp_ci,
        "wp_wilson95": list(wilson(k, 2 * n)),
        "adp": adp,
        "adp_ci95": adp_ci,
        "landlord": role_figures(lord_won, lord_pts),
        "peasants": role_figures(peas_won, peas_pts),
    }


def timing(ms: Sequence[float]) -> dict[str, Any]:
    return {
        "decisions": len(ms),
        "ms_median": statistics.median(ms) if ms else 0.0,
        "ms_p90": percentile(ms, 0.9),
    }


def match_pairs(keys: list[GameKey], rows: list[list[Game]], a: str, b: str) -> list[Pair]:
    i = keys.index((a, b, "landlord"))
    j = keys.index((b, a, "peasants"))
    return [(r[i][0], r[i][1], r[j][0], r[j][1]) for r in rows]


def summarize(
    bots: list[str], opponents: list[str], keys: list[GameKey], rows: list[list[Game]]
) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for a in bots:
        entry: dict[str, Any] = {"vs": {}}
        every: list[float] = []
        for b in opponents:
            fig = protocol_figures(match_pairs(keys, rows, a, b))
            ms = [
                x
                for r in rows
                for g in ((a, b, "landlord"), (b, a, "peasants"))
                for x in r[keys.index(g)][2]
            ]
            fig.update(timing(ms))
            every += ms
            entry["vs"][b] = fig
        entry.update(timing(every))
        out[a] = entry
    return out


def targets(summary: dict[str, Any]) -> dict[str, Any]:
    """Which of issue #16's targets each bot meets (where its opponents were played)."""
    out: dict[str, Any] = {}
    for a, e in summary.items():
        t: dict[str, Any] = {"ms_median": e["ms_median"] <= TARGETS["ms_median"]}
        for b in ("rlcard", "random"):
            if b in e["vs"]:
                f, goal = e["vs"][b], TARGETS[b]
                t[b] = f["wp"] >= goal["wp"] and f["adp"] >= goal["adp"]
        out[a] = t
    return out


def checks(
    keys: list[GameKey], rows: list[list[Game]], seeds: list[int], workers: int, chunk: int
) -> dict[str, Any]:
    """The checks of the adapters (see the module docstring)."""
    n = len(rows)
    out: dict[str, Any] = {}
    res = run_all(native_chunk, list(chunks(seeds, chunk)), workers, "RLCard's own game", n, len)
    native = sum(sum(r) for r in res)
    ours = sum(r[keys.index(("rlcard", "rlcard", None))][0] for r in rows)
    out["rlcard"] = {
        "native_landlord_win_rate": native / n,
        "chupai_landlord_win_rate": ours / n,
        **two_proportion(ours, n, native, n),
    }
    parts = run_all(
        douzero_native_chunk, list(chunks(seeds, chunk)), workers, "DouZero's own game", n, len
    )
    dz = [g for part in parts for g in part]
    mine = [r[keys.index(("douzero-rlcard", "douzero-rlcard", None))] for r in rows]
    k_dz = sum(w for w, _ in dz)
    k_ours = sum(g[0] for g in mine)
    out["douzero"] = {
        "native_landlord_win_rate": k_dz / n,
        "chupai_landlord_win_rate": k_ours / n,
        **two_proportion(k_ours, n, k_dz, n),
        "same_winner": sum(1 for (w, _), g in zip(dz, mine) if w == g[0]) / n,
        "native_bombs_per_deal": sum(b for _, b in dz) / n,
        "chupai_bombs_per_deal": sum(g[1] for g in mine) / n,
    }
    fig = protocol_figures(match_pairs(keys, rows, "douzero-rlcard", "rlcard"))
    out["douzero_vs_rlcard"] = fig
    return out


# ----- printing ------------------------------------------------------------------------------


def report(summary: dict[str, Any], check: dict[str, Any] | None) -> None:
    def ci(lo_hi: Sequence[float], f: str) -> str:
        return f"[{lo_hi[0]:{f}}, {lo_hi[1]:{f}}]"

    print(
        f"\n{'bot':22s} {'vs':15s} {'WP':>6s} {'95% CI':>15s} {'ADP':>7s} {'95% CI':>17s} "
        f"{'WP lord':>8s} {'WP peas':>8s} {'ADP lord':>9s} {'ADP peas':>9s} "
        f"{'ms med':>7s} {'ms p90':>7s}"
    )
    for a, e in summary.items():
        for b, f in e["vs"].items():
            lo, pe = f["landlord"], f["peasants"]
            print(
                f"{a:22s} {b:15s} {f['wp']:6.3f} {ci(f['wp_ci95'], '.3f'):>15s} "
                f"{f['adp']:+7.3f} {ci(f['adp_ci95'], '+.3f'):>17s} {lo['wp']:8.3f} "
                f"{pe['wp']:8.3f} {lo['adp']:+9.3f} {pe['adp']:+9.3f} "
                f"{f['ms_median']:7.1f} {f['ms_p90']:7.1f}"
            )
        print(
            f"{a:22s} {'(all)':15s} time per decision: median {e['ms_median']:.1f} ms, "
            f"90th percentile {e['ms_p90']:.1f} ms over {e['decisions']} decisions"
        )
    if check is None:
        return
    print()
    for name, label in (("rlcard", "RLCard's"), ("douzero", "DouZero's")):
        c = check[name]
        verdict = "DIFFERENT" if c["significant"] else "consistent"
        extra = (
            f", same winner on {100 * c['same_winner']:.1f}% of deals" if "same_winner" in c else ""
        )
        print(
            f"check: {label} agent in all seats, landlord wins {c['chupai_landlord_win_rate']:.3f} "
            f"through chupai, {c['native_landlord_win_rate']:.3f} in {label} own game: "
            f"{100 * c['diff']:+.1f} points, p = {c['p_value']:.2g} ({verdict}){extra}"
        )
    f = check["douzero_vs_rlcard"]
    print(
        f"check: DouZero's port vs RLCard's agent, WP {f['wp']:.3f} {ci(f['wp_ci95'], '.3f')}, "
        f"ADP {f['adp']:+.3f} {ci(f['adp_ci95'], '+.3f')} (the same rules: near 0.5 and 0)"
    )


# ----- driver -------------------------------------------------------------------------------


def names(text: str) -> list[str]:
    return [b.strip() for b in text.split(",") if b.strip()]


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    pre = argparse.ArgumentParser(add_help=False)
    pre.add_argument(
        "--protocol",
        choices=("douzero", "chupai"),
        default="douzero",
        help="douzero (default) or chupai: the older comparison, with its own options",
    )
    known, rest = pre.parse_known_args(argv)
    if known.protocol == "chupai":
        import strength_doudizhu_chupai

        return strength_doudizhu_chupai.main(rest)
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], parents=[pre])
    ap.add_argument("--bots", default=DEFAULT_BOTS, help=f"our bots (default {DEFAULT_BOTS})")
    ap.add_argument(
        "--opponents",
        default=DEFAULT_OPPONENTS,
        help=f"opponents, any of {DEFAULT_OPPONENTS} or a chupai bot (default: all three)",
    )
    ap.add_argument("--games", type=int, default=None, help="deals (default 2000; 50 with --quick)")
    ap.add_argument("--seed", type=int, default=0, help="first deal seed (default 0)")
    ap.add_argument("--workers", type=int, default=1, help="local processes (default 1)")
    ap.add_argument("--chunk", type=int, default=10, help="deals per work unit (default 10)")
    ap.add_argument("--quick", action="store_true", help="a smoke run (50 deals)")
    ap.add_argument("--no-check", action="store_true", help="skip the checks of the adapters")
    args = ap.parse_args(argv)
    n = args.games if args.games is not None else (50 if args.quick else 2000)
    if n < 2:
        ap.error("--games must be at least 2")
    bots, opponents = names(args.bots), names(args.opponents)
    if not bots or not opponents:
        ap.error("give at least one bot and one opponent")
    check = not args.no_check
    try:
        require_rlcard()
        require_douzero()
        for b in bots + opponents:  # fail early on a bad name or parameter
            make_seat_bot(b, 0)
    except ChupaiError as exc:
        ap.error(str(exc))
    keys = games_of(bots, opponents, check)
    seeds = list(range(args.seed, args.seed + n))
    workers = max(1, args.workers)
    print(
        f"chupai Dou Dizhu strength, DouZero's protocol: {RULES.spec()}, {n} deals "
        f"(seeds {seeds[0]}..{seeds[-1]}, both roles), bots {', '.join(bots)} vs "
        f"{', '.join(opponents)}; Python {platform.python_version()}, {workers} worker(s)"
    )
    t0 = time.perf_counter()
    jobs = [(c, keys) for c in chunks(seeds, args.chunk)]
    parts = run_all(run_chunk, jobs, workers, "chupai deals", n, lambda job: len(job[0]))
    rows = [row for part in parts for row in part]
    play_s = time.perf_counter() - t0
    summary = summarize(bots, opponents, keys, rows)
    checked = checks(keys, rows, seeds, workers, args.chunk) if check else None
    report(summary, checked)
    seconds = time.perf_counter() - t0
    print(f"\nplay time {play_s:.0f}s, total {seconds:.0f}s")
    final = {
        "benchmark": "strength_doudizhu",
        "protocol": "douzero",
        "rules": RULES.spec(),
        "games": n,
        "seed": args.seed,
        "workers": workers,
        "z95": Z95,
        "bots": summary,
        "targets": TARGETS,
        "meets": targets(summary),
        "checks": checked,
        "seconds": seconds,
    }
    print(json.dumps(final, separators=(",", ":")))
    return 0


if __name__ == "__main__":
    sys.exit(main())
