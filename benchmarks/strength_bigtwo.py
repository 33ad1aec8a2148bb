"""Play strength of chupai's Big Two bots against the scripted baselines.

Run ``python benchmarks/strength_bigtwo.py`` (bots ``heuristic,expert``, 500 deals
per pairing, presets ``standard`` and ``taiwan``, four players) or with
``--bots heuristic,search:playouts=100`` (any bot specs), ``--opponents
shed,control,passer`` (default: the four baselines of
:mod:`chupai.bots.games.bigtwo.baselines`, then ``heuristic`` as a comparison
row), ``--presets standard,hongkong``, ``--players N``, ``--deals N``, ``--seed
S``, ``--workers K`` (local processes: the figures do not depend on K, except for
bots with a time budget such as ``expert``), ``--timing-deals T`` (the deals of
the timing pass), ``--quick`` (a smoke run: by default 3 deals, ``heuristic`` only,
``standard`` only).

**Pairings.** For each preset, each bot BOT and each opponent OPP (OPP != BOT),
a :class:`chupai.tournament.Tournament` of ``BOT, OPP, OPP, OPP`` (one BOT and
``players - 1`` copies of OPP) on deals of seed ``S + k`` (``k < N``): every deal
is played under the ``players`` rotations of :func:`chupai.tournament.seatings`,
so BOT holds every seat's cards of every deal once (four games per deal at four
players) and the luck of the cards cancels out. The deals are the same for every
pairing.

**Figures** per (preset, BOT, OPP):

* ``points``: BOT's mean deal score per game, with a 95% interval paired by deal
  (BOT's mean over its seats of a deal, then a normal interval over the deals);
* ``opponents``: the opponents' mean deal score per game (per opponent seat);
* ``win``: BOT's share of games in which it went out first, with a Wilson 95%
  interval;
* ``big_losses``: the share of BOT's lost games that cost it 20 points or more
  (its deal score ``<= -20``);
* ``median_ms``: BOT's median time per decision (a decision: a turn with more
  than one legal action), measured apart in this process after the games, on the
  first ``T`` deals with BOT in seat ``k mod players`` of deal ``k``; ``mean_ms``
  is the mean over every decision of the games (inflated when several workers
  share the cores); ``decisions`` counts BOT's decisions in the games.

Progress goes to stderr; the figures are printed as a table, then as one final
JSON line on stdout. A void board (a redeal every time) counts no game.
"""

from __future__ import annotations

import argparse
import json
import math
import platform
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

from chupai.bigtwo.rules import resolve
from chupai.bots import make_bot
from chupai.errors import ChupaiError
from chupai.protocol import get_game
from chupai.tournament import Tournament, run_tournament, wilson
from chupai.tournament_stats import Z95

GAME = "bigtwo"
DEFAULT_BOTS = "heuristic,expert"
DEFAULT_OPPONENTS = "shed,control,passer,breaker,heuristic"
DEFAULT_PRESETS = "standard,taiwan"
BIG_LOSS = 20
"""A lost game costing this many points or more is a big loss."""


def _split(text: str, what: str) -> list[str]:
    items = [s.strip() for s in text.split(",") if s.strip()]
    if not items:
        raise ChupaiError(f"--{what} names nothing: {text!r}")
    return items


def normal_ci(values: Sequence[float]) -> tuple[float, float | None, float | None]:
    """The mean of ``values`` and its normal 95% interval (None, None with fewer
    than two values).

    >>> normal_ci([1.0, 3.0])
    (2.0, 0.04, 3.96)
    """
    n = len(values)
    if n == 0:
        return 0.0, None, None
    mean = statistics.fmean(values)
    if n < 2:
        return mean, None, None
    half = Z95 * statistics.stdev(values) / math.sqrt(n)
    return mean, round(mean - half, 4), round(mean + half, 4)


def pair_figures(t: Tournament, run: Any, bot: str) -> dict[str, Any]:
    """BOT's figures from the tournament ``t`` (BOT and copies of one opponent)
    and its run: see the module documentation."""
    seatings = t.seatings
    per_deal: list[float] = []
    opp_scores: list[int] = []
    games = wins = losses = big = decisions = 0
    think = 0.0
    for board in run.boards:
        mine: list[int] = []
        for g in board.games:
            seat = seatings[g.seating].index(bot)
            decisions += g.decisions[seat]
            think += g.think[seat]
            for d in g.deals:
                score = d.scores[seat]
                mine.append(score)
                opp_scores += [s for i, s in enumerate(d.scores) if i != seat]
                games += 1
                if seat in d.winners:
                    wins += 1
                else:
                    losses += 1
                    big += score <= -BIG_LOSS
        if mine:
            per_deal.append(statistics.fmean(mine))
    mean, lo, hi = normal_ci(per_deal)
    wlo, whi = wilson(wins, games)
    return {
        "deals": len(per_deal),
        "games": games,
        "points": round(mean, 4),
        "points_ci": [lo, hi],
        "opponents": round(statistics.fmean(opp_scores), 4) if opp_scores else 0.0,
        "win": round(wins / games, 4) if games else 0.0,
        "win_ci": [round(wlo, 4), round(whi, 4)],
        "big_losses": round(big / losses, 4) if losses else 0.0,
        "losses": losses,
        "decisions": decisions,
        "mean_ms": round(1000 * think / decisions, 3) if decisions else None,
    }


def timing(rules: Any, bot: str, opponent: str, seed: int, deals: int) -> float | None:
    """BOT's median milliseconds per decision on ``deals`` deals against copies of
    ``opponent`` (BOT in seat ``k mod players`` of deal ``k``; forced turns are
    not decisions)."""
    spec = get_game(GAME)
    n = int(rules.players)
    times: list[float] = []
    for k in range(deals):
        me = k % n
        bots = [make_bot(bot if s == me else opponent, seed + 7919 * k + s, GAME) for s in range(n)]
        deal = spec.new_deal(rules, seed + k)
        while (seat := deal.current_player) is not None:
            legal = deal.legal_actions()
            if len(legal) > 1 and seat == me:
                start = time.perf_counter()
                action = bots[seat].act(deal.observe(seat), legal)
                times.append(time.perf_counter() - start)
            else:
                action = legal[0] if len(legal) == 1 else bots[seat].act(deal.observe(seat), legal)
            deal.apply_unchecked(action)
    return round(1000 * statistics.median(times), 3) if times else None


class Progress:
    """Games played so far, written to stderr at most twice a second."""

    def __init__(self, total: int):
        self.total, self.done, self.t0, self.last = total, 0, time.perf_counter(), 0.0

    def add(self, label: str) -> Callable[[int], None]:
        def tick(games: int) -> None:
            self.done += games
            now = time.perf_counter()
            if now - self.last >= 0.5 or self.done == self.total:
                self.last = now
                el = now - self.t0
                eta = el / self.done * (self.total - self.done) if self.done else 0.0
                sys.stderr.write(
                    f"\r{label}: {self.done}/{self.total} games, {el:.0f}s elapsed, "
                    f"~{eta:.0f}s left   "
                )
                sys.stderr.flush()

        return tick


def _fmt_ci(ci: Sequence[float | None], digits: int = 2) -> str:
    lo, hi = ci
    if lo is None or hi is None:
        return "[   n/a   ]"
    return f"[{lo:+.{digits}f}, {hi:+.{digits}f}]"


def table(presets: dict[str, dict[str, dict[str, dict[str, Any]]]]) -> str:
    """The figures as a readable table."""
    head = (
        f"{'preset':<9} {'bot':<22} {'vs 3x':<10} {'points':>7} {'95% CI':>16} "
        f"{'opp':>6} {'win':>6} {'95% CI':>15} {'big loss':>8} {'med ms':>7}"
    )
    lines = [head, "-" * len(head)]
    for preset, bots in presets.items():
        for bot, opps in bots.items():
            for opp, f in opps.items():
                med = "-" if f["median_ms"] is None else f"{f['median_ms']:.1f}"
                wlo, whi = f["win_ci"]
                lines.append(
                    f"{preset:<9} {bot:<22} {opp:<10} {f['points']:>+7.2f} "
                    f"{_fmt_ci(f['points_ci']):>16} {f['opponents']:>+6.2f} "
                    f"{f['win']:>6.3f} {f'[{wlo:.3f}, {whi:.3f}]':>15} "
                    f"{f['big_losses']:>8.1%} {med:>7}"
                )
    return "\n".join(lines)


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    ap = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    ap.add_argument("--bots", help=f"our bots (default {DEFAULT_BOTS})")
    ap.add_argument(
        "--opponents",
        default=DEFAULT_OPPONENTS,
        help=f"the opponents, three copies each (default {DEFAULT_OPPONENTS})",
    )
    ap.add_argument("--presets", help=f"default {DEFAULT_PRESETS}")
    ap.add_argument("--players", type=int, default=4, help="seats (default 4)")
    ap.add_argument("--deals", type=int, help="deals per pairing (default 500)")
    ap.add_argument("--seed", type=int, default=0, help="first deal seed (default 0)")
    ap.add_argument("--workers", type=int, default=1, help="local processes (default 1)")
    ap.add_argument("--timing-deals", type=int, help="deals of the timing pass (default 10)")
    ap.add_argument(
        "--quick", action="store_true", help="a smoke run: 3 deals, heuristic, standard (defaults)"
    )
    args = ap.parse_args(argv)
    # --quick changes the defaults only: what is given explicitly stays
    quick = {"deals": 3, "timing_deals": 1, "bots": "heuristic", "presets": "standard"}
    full = {"deals": 500, "timing_deals": 10, "bots": DEFAULT_BOTS, "presets": DEFAULT_PRESETS}
    for key, value in (quick if args.quick else full).items():
        if getattr(args, key) is None:
            setattr(args, key, value)
    for key, least in (("deals", 1), ("workers", 1), ("timing_deals", 0)):
        if getattr(args, key) < least:
            flag = "--" + key.replace("_", "-")
            raise ChupaiError(f"{flag} must be at least {least}, got {getattr(args, key)}")
    return args


def run(args: argparse.Namespace) -> dict[str, Any]:
    """Every pairing of ``args``: the final JSON object."""
    bots, opponents = _split(args.bots, "bots"), _split(args.opponents, "opponents")
    presets = _split(args.presets, "presets")
    rules = {p: resolve(p, {"players": str(args.players)}) for p in presets}
    pairs = [(p, b, o) for p in presets for b in bots for o in opponents if o != b]
    progress = Progress(len(pairs) * args.deals * args.players)
    out: dict[str, dict[str, dict[str, dict[str, Any]]]] = {}
    start = time.perf_counter()
    for preset, bot, opp in pairs:
        seats = (bot,) + (opp,) * (args.players - 1)
        t = Tournament(GAME, rules[preset], seats, deals=args.deals, seed=args.seed)
        result = run_tournament(t, workers=args.workers, progress=progress.add(preset))
        out.setdefault(preset, {}).setdefault(bot, {})[opp] = pair_figures(t, result, bot)
    sys.stderr.write("\ntiming pass...\n")
    for preset, bot, opp in pairs:
        ms = timing(rules[preset], bot, opp, args.seed, args.timing_deals)
        out[preset][bot][opp]["median_ms"] = ms
    return {
        "benchmark": "strength_bigtwo",
        "python": platform.python_version(),
        "players": args.players,
        "deals": args.deals,
        "seed": args.seed,
        "workers": args.workers,
        "timing_deals": args.timing_deals,
        "seconds": round(time.perf_counter() - start, 1),
        "presets": out,
    }


def main(argv: list[str] | None = None) -> int:
    try:
        args = parse_args(argv)
        final = run(args)
    except ChupaiError as exc:
        sys.stderr.write(f"error: {exc}\n")
        return 2
    print(
        f"Big Two strength: each bot alone against {final['players'] - 1} copies of each "
        f"opponent, {final['deals']} deals x {final['players']} seats, seed {final['seed']}"
    )
    print(table(final["presets"]))
    print(
        "points: mean deal score per game (95% CI paired by deal); opp: the opponents' "
        f"mean; big loss: share of losses costing >= {BIG_LOSS} points"
    )
    print(json.dumps(final, separators=(",", ":")))
    return 0


if __name__ == "__main__":
    sys.exit(main())
