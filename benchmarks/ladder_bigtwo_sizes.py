"""The Big Two bot ladder at any table size: random < greedy < heuristic < search.

Run ``python benchmarks/ladder_bigtwo_sizes.py`` (6 seats, one pack, 1,000 deals
per adjacent pair), ``--packs 2`` (two packs, 5 to 8 seats), ``--players N``,
``--quick`` for a smoke run (a few deals, a tiny search budget), ``--deals N``,
``--pairs random-greedy,greedy-heuristic,heuristic-search`` (a subset; any pair
``A-B`` of bot specs, ``random-search`` too), ``--search SPEC`` (the search bot as
``chupai simulate`` names it, default ``search:playouts=60``: a fixed playout
budget, so the run is reproducible), ``--rules PRESET``, ``--set KEY=VALUE``
(more rule options), ``--seed S``, ``--workers K`` (local processes; the figures
do not depend on K).

Each pair is a :class:`chupai.tournament.Tournament` of the two bots (as ``chupai
simulate bigtwo --set players=6 --bots A,B`` plays it): deal ``k`` of seed ``S +
k`` is played under every seating of :func:`chupai.tournament.seatings` (at 6
seats ``ABABAB`` and ``BABABA``), so each bot holds every seat's cards of every
deal equally often (duplicate deals). The figures are those of
``benchmarks/ladder_daguailuzi.py`` (:func:`ladder_daguailuzi.pair_figures`),
counted over the seats each bot holds: its wins (a win is going out first) with a
Wilson interval, the paired win difference per deal (the games the second bot's
seats won less those the first's won, over the seatings of a deal; Student t
over the deals) and the mean deal-score difference per seat-deal.

A pair is **significant** when the interval of the paired win difference lies
above 0: the second bot is the stronger. The figures are printed readably, then
as one final JSON line on stdout.
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

from ladder_daguailuzi import pair_figures

from chupai.errors import ChupaiError
from chupai.protocol import get_game
from chupai.tournament import Tournament, run_tournament

PAIRS = ("random-greedy", "greedy-heuristic", "heuristic-search")
SEARCH = "search:playouts=60"
QUICK_SEARCH = "search:playouts=4"


def _overrides(args: argparse.Namespace) -> dict[str, str]:
    out = {"players": str(args.players), "packs": str(args.packs)}
    for item in args.set or ():
        key, eq, value = item.partition("=")
        if not eq or not key.strip():
            raise ChupaiError(f"--set wants KEY=VALUE, not {item!r}")
        out[key.strip()] = value.strip()
    return out


def _line(fig: dict[str, Any]) -> str:
    a, b = fig["bots"]
    wa, wb = fig["win_ci"]
    return (
        f"{a} vs {b}: {fig['deals']} deals, {fig['games']} games ({fig['seconds']} s)\n"
        f"  wins {fig['wins'][0]} ({100 * fig['win_rate'][0]:.1f}% "
        f"[{100 * wa[0]:.1f}, {100 * wa[1]:.1f}]) / {fig['wins'][1]} "
        f"({100 * fig['win_rate'][1]:.1f}% [{100 * wb[0]:.1f}, {100 * wb[1]:.1f}]), "
        f"draws {fig['draws']}\n"
        f"  paired win difference per deal {fig['win_diff_per_deal']:+.3f} "
        f"[{fig['win_diff_ci'][0]:+.3f}, {fig['win_diff_ci'][1]:+.3f}]; "
        f"score difference per seat-deal {fig['score_diff']:+.3f} "
        f"[{fig['score_diff_ci'][0]:+.3f}, {fig['score_diff_ci'][1]:+.3f}]; "
        f"{'significant' if fig['significant'] else 'NOT significant'}"
    )


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    ap.add_argument("--players", type=int, default=6, help="seats (default 6)")
    ap.add_argument("--packs", type=int, default=1, help="packs: 1 or 2 (default 1)")
    ap.add_argument("--deals", type=int, default=1000, help="deals per pair (default 1000)")
    ap.add_argument(
        "--pairs",
        default=",".join(PAIRS),
        help="comma-separated pairs WEAKER-STRONGER (default: the three adjacent pairs)",
    )
    ap.add_argument(
        "--search", default=SEARCH, help=f"the search bot's spec in the ladder (default {SEARCH})"
    )
    ap.add_argument("--rules", default="standard", help="the preset (default standard)")
    ap.add_argument("--set", action="append", metavar="KEY=VALUE", help="a rule option")
    ap.add_argument("--seed", type=int, default=1, help="the tournament seed (default 1)")
    ap.add_argument("--workers", type=int, default=1, help="worker processes per pair (default 1)")
    ap.add_argument("--quick", action="store_true", help="a smoke run (a few seconds)")
    args = ap.parse_args(argv)
    deals = 3 if args.quick else args.deals
    search = QUICK_SEARCH if args.quick else args.search
    rules = get_game("bigtwo").resolve(args.rules, _overrides(args))
    out: dict[str, Any] = {
        "benchmark": "ladder_bigtwo_sizes",
        "rules": args.rules,
        "players": rules.players,
        "packs": rules.packs,
        "seed": args.seed,
        "search": search,
        "pairs": {},
    }
    for pair in args.pairs.split(","):
        a, _, b = pair.strip().partition("-")
        if not a or not b:
            raise ChupaiError(f"--pairs wants WEAKER-STRONGER, not {pair!r}")
        bots = tuple(search if name == "search" else name for name in (a, b))
        t = Tournament("bigtwo", rules, bots, deals, seed=args.seed)
        start = time.perf_counter()
        run = run_tournament(t, workers=args.workers)
        fig = pair_figures(t, run.boards)
        fig["seconds"] = round(time.perf_counter() - start, 1)
        out["pairs"][pair.strip()] = fig
        print(_line(fig), flush=True)
    out["ladder_holds"] = all(f["significant"] for f in out["pairs"].values())
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
