"""The 大怪路子 bot ladder: random < greedy < heuristic < search on duplicate deals.

Run ``python benchmarks/ladder_daguailuzi.py`` (1,000 deals per adjacent pair;
the search pair takes hours on one core, see ``--search``), ``--quick`` for a smoke
run (a few deals, a tiny search budget), ``--deals N``, ``--pairs
random-greedy,greedy-heuristic,heuristic-search`` (a subset), ``--search SPEC``
(the search bot as ``chupai simulate`` names it, default
``search:playouts=120``: a fixed playout budget, so the run is reproducible),
``--rules PRESET``, ``--seed S``, ``--workers K`` (local processes; the figures do
not depend on K).

Each pair is a :class:`chupai.tournament.Tournament` of the two bots (as ``chupai
simulate daguailuzi --bots A,B`` plays it): deal ``k`` of seed ``S + k`` is played
under both seatings ``ABABAB`` and ``BABABA``, so each bot's team holds both
teams' cards of every deal (team A is seats 0, 2, 4). Figures per pair, with 95%
intervals:

* each bot's team win rate over the games (Wilson), and the draws;
* the paired win difference per deal: over the two seatings of a deal, the games
  the second (stronger) bot's team won less those the first's won (-2 .. 2), its
  mean and a Student-t interval over the deals (the deal is the independent unit);
* the mean deal-score difference per seat-deal of the second bot over the first
  (the tournament's head-to-head ``score_diff``, interval over the deals): under
  ``seed`` a won deal scores ``+k`` to each winner and ``-k`` to each loser.

A pair is **significant** when the interval of the paired win difference lies
above 0: the second bot is the stronger. The figures are printed readably, then as one
final JSON line on stdout.
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

from chupai.protocol import get_game
from chupai.tournament import Tournament, run_tournament
from chupai.tournament_stats import mean_ci, summarize, wilson

PAIRS = ("random-greedy", "greedy-heuristic", "heuristic-search")
SEARCH = "search:playouts=120"


def pair_figures(t: Tournament, boards: list[Any]) -> dict[str, Any]:
    """The figures of one pair (see the module documentation)."""
    a, b = t.names
    seats = t.seatings
    games = wins_a = wins_b = draws = 0
    diffs: list[float] = []
    for board in boards:
        d = 0
        for game in board.games:
            seating = seats[game.seating]
            for deal in game.deals:
                games += 1
                if not deal.winners:
                    draws += 1
                    continue
                if seating[deal.winners[0]] == a:
                    wins_a += 1
                    d -= 1
                else:
                    wins_b += 1
                    d += 1
        diffs.append(float(d))
    mean, lo, hi = mean_ci(diffs)
    summary = summarize(t, boards)
    h2h = summary["head_to_head"]["matrix"][1][0]
    ra = wilson(wins_a, games)
    rb = wilson(wins_b, games)
    return {
        "bots": [a, b],
        "deals": len(boards),
        "games": games,
        "wins": [wins_a, wins_b],
        "draws": draws,
        "win_rate": [round(wins_a / games, 4), round(wins_b / games, 4)],
        "win_ci": [[round(x, 4) for x in ra], [round(x, 4) for x in rb]],
        "win_diff_per_deal": round(mean, 4),
        "win_diff_ci": [round(lo, 4), round(hi, 4)],
        "score_diff": h2h["score_diff"],
        "score_diff_ci": h2h["score_diff_ci"],
        "significant": lo > 0,
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--deals", type=int, default=1000, help="deals per pair (default 1000)")
    ap.add_argument(
        "--pairs",
        default=",".join(PAIRS),
        help="comma-separated pairs WEAKER-STRONGER (default: the three adjacent pairs)",
    )
    ap.add_argument(
        "--search", default=SEARCH, help=f"the search bot's spec in the ladder (default {SEARCH})"
    )
    ap.add_argument("--rules", default="seed", help="the preset (default seed)")
    ap.add_argument("--seed", type=int, default=1, help="the tournament seed (default 1)")
    ap.add_argument("--workers", type=int, default=1, help="worker processes per pair (default 1)")
    ap.add_argument("--quick", action="store_true", help="a smoke run (a few seconds)")
    args = ap.parse_args(argv)
    deals = 3 if args.quick else args.deals
    search = "search:playouts=4" if args.quick else args.search
    spec = get_game("daguailuzi")
    rules = spec.resolve(args.rules)
    out: dict[str, Any] = {
        "benchmark": "ladder_daguailuzi",
        "rules": args.rules,
        "seed": args.seed,
        "search": search,
        "pairs": {},
    }
    for pair in args.pairs.split(","):
        a, _, b = pair.strip().partition("-")
        bots = tuple(search if name == "search" else name for name in (a, b))
        t = Tournament("daguailuzi", rules, bots, deals, seed=args.seed)
        start = time.perf_counter()
        run = run_tournament(t, workers=args.workers)
        seconds = time.perf_counter() - start
        fig = pair_figures(t, run.boards)
        fig["seconds"] = round(seconds, 1)
        out["pairs"][pair] = fig
        print(
            f"{bots[0]} vs {bots[1]}: {fig['deals']} deals, {fig['games']} games "
            f"({fig['seconds']} s)\n"
            f"  team wins {fig['wins'][0]} ({100 * fig['win_rate'][0]:.1f}% "
            f"[{100 * fig['win_ci'][0][0]:.1f}, {100 * fig['win_ci'][0][1]:.1f}]) / "
            f"{fig['wins'][1]} ({100 * fig['win_rate'][1]:.1f}% "
            f"[{100 * fig['win_ci'][1][0]:.1f}, {100 * fig['win_ci'][1][1]:.1f}]), "
            f"draws {fig['draws']}\n"
            f"  paired win difference per deal {fig['win_diff_per_deal']:+.3f} "
            f"[{fig['win_diff_ci'][0]:+.3f}, {fig['win_diff_ci'][1]:+.3f}]; "
            f"score difference per seat-deal {fig['score_diff']:+.3f} "
            f"[{fig['score_diff_ci'][0]:+.3f}, {fig['score_diff_ci'][1]:+.3f}]; "
            f"{'significant' if fig['significant'] else 'NOT significant'}",
            flush=True,
        )
    out["ladder_holds"] = all(f["significant"] for f in out["pairs"].values())
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
