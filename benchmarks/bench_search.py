"""The search bot on the compiled core: rollouts per second and strength.

Run ``python benchmarks/bench_search.py`` (a few minutes on one core) or with
``--quick`` (a smoke run), ``--ms M`` (the time budget per decision, default 50),
``--deals N`` (tournament deals per game, default 60), ``--games doudizhu,bigtwo``.

For every game whose bots offer core playouts (``SearchGame.playouts``):

* **rollouts per second** of ``search:ms=M`` with each rollout policy: the
  heuristic bot played from observations in Python (the default), ``core`` (the
  core's greedy policy) and ``core-random``, over the searched decisions of a few
  seeded deals (every seat played by the same search bot);
* **strength at the same time budget**: a seeded tournament (``chupai simulate``'s
  duplicate deals, every seating) of ``search:ms=M;rollout=core`` against
  ``search:ms=M``, each bot's mean score per deal and win rate with 95%
  intervals. With a fixed time budget the play depends on the machine, so these
  figures are a measurement, not a reproducible result.

The engine in use (compiled core or pure Python, ``CHUPAI_PURE``) is printed
first: with the pure engine, core rollouts run the pure-Python reference
playouts. This is a script, not a test: it asserts nothing. The last line is JSON.
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

from chupai.bots.plugin import search_game
from chupai.bots.search import SearchBot
from chupai.compiled import engine
from chupai.protocol import all_games, get_game
from chupai.tournament import Tournament, run_tournament
from chupai.tournament_stats import summarize

POLICIES = ("heuristic", "core", "core-random")


def rollout_rates(game: str, ms: float, decisions: int) -> dict[str, Any]:
    """Rollouts per second and per decision of each rollout policy."""
    spec = get_game(game)
    rules = spec.resolve(spec.default_preset)
    out: dict[str, Any] = {}
    for policy in POLICIES:
        bot = SearchBot(seed=1, game=game, ms=ms, rollout=policy)
        rollouts, seconds, searched, seed = 0, 0.0, 0, 0
        while searched < decisions:
            deal = spec.new_deal(rules, seed)
            seed += 1
            while not deal.is_terminal() and searched < decisions:
                seat = deal.current_player
                legal = deal.legal_actions()
                bot.last_stats = {}
                action = bot.act(deal.observe(seat), legal)
                stats = bot.last_stats
                if stats.get("rollouts"):
                    rollouts += stats["rollouts"]
                    seconds += stats["seconds"]
                    searched += 1
                deal.apply_action(action)
        out[policy] = {
            "rollouts_per_s": round(rollouts / seconds) if seconds else 0,
            "rollouts_per_decision": round(rollouts / searched, 1),
            "decisions": searched,
        }
    return out


def strength(game: str, ms: float, deals: int, seed: int) -> dict[str, Any]:
    """Mean score and win rate of core rollouts against heuristic rollouts."""
    spec = get_game(game)
    core, default = f"search:ms={ms:g};rollout=core", f"search:ms={ms:g}"
    t = Tournament(spec.key, spec.resolve(spec.default_preset), (core, default), deals, seed)
    start = time.perf_counter()
    report = summarize(t, run_tournament(t, workers=1).boards)
    rows = {row["bot"]: row for row in report["results"]}
    return {
        name: {
            "mean_score": rows[name]["mean_score"],
            "score_ci": rows[name]["score_ci"],
            "win_rate": rows[name]["win_rate"],
            "win_ci": rows[name]["win_ci"],
        }
        for name in (core, default)
    } | {"deals": deals, "seconds": round(time.perf_counter() - start, 1)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ms", type=float, default=50)
    parser.add_argument("--deals", type=int, default=60)
    parser.add_argument("--decisions", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--games", default="")
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    if args.quick:
        args.deals, args.decisions = 4, 6
    wanted = [g for g in args.games.split(",") if g]
    games = [
        spec.key
        for spec in all_games()
        if search_game(spec) is not None
        and getattr(search_game(spec), "playouts", None) is not None
        and (not wanted or spec.key in wanted)
    ]
    print(f"engine: {engine()}; search budget {args.ms:g} ms per decision")
    result: dict[str, Any] = {"engine": engine(), "ms": args.ms, "games": {}}
    for game in games:
        rates = rollout_rates(game, args.ms, args.decisions)
        for policy, row in rates.items():
            print(
                f"{game:9} rollout={policy:12} {row['rollouts_per_s']:>8,} rollouts/s"
                f"  {row['rollouts_per_decision']:>8} per decision"
            )
        base = rates["heuristic"]["rollouts_per_s"] or 1
        duel = strength(game, args.ms, args.deals, args.seed)
        for name in duel:
            if isinstance(duel[name], dict):
                row = duel[name]
                print(
                    f"{game:9} {name:32} mean score {row['mean_score']:+.3f} "
                    f"{row['score_ci']}  win rate {row['win_rate']:.3f} {row['win_ci']}"
                )
        result["games"][game] = {
            "rollouts": rates,
            "core_over_heuristic_rollouts": round(rates["core"]["rollouts_per_s"] / base, 2),
            "strength": duel,
        }
    print(json.dumps(result))


if __name__ == "__main__":
    main()
