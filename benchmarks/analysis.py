"""The evaluator of ``chupai analyze`` (issue #23): time, calibration, label stability.

Run ``python benchmarks/analysis.py`` (about half an hour on one core) or with
``--quick`` (a smoke run of a minute). Options: ``--positions N`` (calibration
positions, default 2,000), ``--game KEY`` (the game of parts 2 and 3, default
bigtwo), ``--budget B`` (default ``default``), ``--deals N`` (Big Two deals timed,
default 10), ``--game-deals N`` (deals timed in each other game, default 2),
``--stability N`` (decisions analysed twice, default 300), ``--seed S``.

1. **Time**: CPU seconds (``time.process_time``: one core) to analyse every
   decision of one seat of a four-player Big Two deal at the budget, the median
   over ``--deals`` deals (the seat turns with the deal), and the same per game
   at its default table size. The records are played by the heuristic bot.
2. **Calibration**: over ``--positions`` positions (one decision drawn at random
   from each of as many deals played by the heuristic bot, with two choices at
   least), the predicted win probability of the best action against the outcome of
   playing it in the **real** deal and the deal out with the same rollout policy
   for every seat (the evaluator's own rollouts on the true deal:
   ``SearchBot.outcomes``). A table by bins of the prediction: positions, mean
   prediction, observed win rate with its 95% (Wilson) interval; the overall mean
   prediction against the observed rate, and the Brier score (with the Brier score
   of always predicting the overall rate, for scale).
3. **Label stability**: ``--stability`` decisions (every decision with a choice of
   seat 0 of deals played by the heuristic bot) analysed with two seeds: the
   fraction whose label differs, counting every label, and counting "best" and
   "good" as one (the judgement: was the decision a loss or not).

This is a script, not a test: it asserts nothing. The last line is JSON.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from typing import Any

from chupai.analysis import Evaluator, analyse_record, budget_rollouts
from chupai.analysis.labels import wilson
from chupai.bots import make_bot
from chupai.bots.search import SearchBot
from chupai.compiled import engine
from chupai.protocol import all_games, get_game


def played_deal(game: str, seed: int, players: int | None = None) -> Any:
    """A finished deal of ``game`` (default preset) played by the heuristic bot."""
    spec = get_game(game)
    rules = spec.resolve()
    if players is not None and getattr(rules, "players", players) != players:
        rules = spec.resolve(None, {"players": str(players)})
    deal = spec.new_deal(rules, seed)
    n = spec.facts(deal.observe(0)).players
    bots = [make_bot("heuristic", seed * 31 + s, spec.key) for s in range(n)]
    while not deal.is_terminal():
        seat = deal.current_player
        legal = deal.legal_actions()
        deal.apply_action(
            legal[0] if len(legal) == 1 else bots[seat].act(deal.observe(seat), legal)
        )
    return deal


def timing(game: str, deals: int, budget: str, players: int | None = None) -> dict[str, Any]:
    """CPU seconds to analyse one seat of each of ``deals`` deals."""
    spec = get_game(game)
    seconds, decisions = [], []
    for seed in range(deals):
        rec = spec.to_record(played_deal(game, 1000 + seed, players))
        n = spec.facts(spec.replay(rec).observe(0)).players
        start = time.process_time()
        out = analyse_record(rec, seats=[seed % n], budget=budget, seed=seed)
        seconds.append(time.process_time() - start)
        decisions.append(len(out["deals"][0]["decisions"]))
    return {
        "game": spec.key,
        "budget": budget,
        "rollouts": budget_rollouts(spec, budget),
        "deals": deals,
        "median_s": round(statistics.median(seconds), 2),
        "max_s": round(max(seconds), 2),
        "mean_decisions": round(statistics.mean(decisions), 1),
    }


def _positions(game: str, count: int, seed: int) -> list[tuple[Any, int]]:
    """``count`` (deal at a decision, deal seed): one per deal, drawn at random
    among the decisions with two choices or more."""
    spec = get_game(game)
    rng = random.Random(seed)
    out = []
    k = 0
    while len(out) < count:
        k += 1
        rec = spec.to_record(played_deal(game, 50_000 + k))
        deal = spec.replay({**rec, "actions": [], "result": None})
        points = []
        for step, item in enumerate(rec["actions"]):
            if len(deal.legal_actions()) > 1:
                points.append(step)
            deal.apply_action(deal.parse_action(item["action"]))
        if not points:
            continue
        at = rng.choice(points)
        deal = spec.replay({**rec, "actions": rec["actions"][:at], "result": None})
        out.append((deal, k))
    return out


def calibration(game: str, positions: int, budget: str, seed: int) -> dict[str, Any]:
    """Predicted win probability of the best action against the real outcome."""
    spec = get_game(game)
    evaluator = Evaluator(spec.key, rollouts=budget_rollouts(spec, budget), seed=seed)
    pairs = []
    for deal, k in _positions(game, positions, seed):
        seat = deal.current_player
        ev = evaluator.evaluate(deal.clone(), key=f"cal:{k}")
        bot = SearchBot(k, spec.key, rollout=evaluator.rollout, playouts=1)
        won, _ = bot.outcomes(deal, [ev.best.action], seat, deal_score=True)[0]
        pairs.append((ev.best.win, won))
    bins = []
    for lo in range(10):
        inside = [(p, w) for p, w in pairs if lo / 10 <= p < (lo + 1) / 10 or (lo == 9 and p == 1)]
        if not inside:
            continue
        wins = sum(w for _, w in inside)
        ci = wilson(wins, len(inside))
        mean_p = sum(p for p, _ in inside) / len(inside)
        bins.append(
            {
                "bin": f"{lo / 10:.1f}-{(lo + 1) / 10:.1f}",
                "positions": len(inside),
                "predicted": round(mean_p, 3),
                "observed": round(wins / len(inside), 3),
                "ci": [round(ci[0], 3), round(ci[1], 3)],
                "inside": ci[0] <= mean_p <= ci[1],
            }
        )
    n = len(pairs)
    wins = sum(w for _, w in pairs)
    rate = wins / n
    ci = wilson(wins, n)
    brier = sum((p - w) ** 2 for p, w in pairs) / n
    return {
        "game": spec.key,
        "positions": n,
        "predicted": round(sum(p for p, _ in pairs) / n, 4),
        "observed": round(rate, 4),
        "observed_ci": [round(ci[0], 4), round(ci[1], 4)],
        "brier": round(brier, 4),
        "brier_constant": round(rate * (1 - rate), 4),
        "bins": bins,
    }


def stability(game: str, decisions: int, budget: str) -> dict[str, Any]:
    """How often a decision's label differs between two seeds."""
    spec = get_game(game)
    labels: list[tuple[str, str]] = []
    k = 0
    while len(labels) < decisions:
        k += 1
        rec = spec.to_record(played_deal(game, 90_000 + k))
        runs = [analyse_record(rec, seats=[0], budget=budget, seed=s) for s in (1, 2)]
        one, two = (r["deals"][0]["decisions"] for r in runs)
        labels += [(a["label"], b["label"]) for a, b in zip(one, two) if a["label"] != "only"]
    labels = labels[:decisions]
    flips = sum(a != b for a, b in labels)

    def judged(label: str) -> str:
        return "fine" if label in ("best", "good") else label

    judged_flips = sum(judged(a) != judged(b) for a, b in labels)
    counts: dict[str, int] = {}
    for a, _ in labels:
        counts[a] = counts.get(a, 0) + 1
    return {
        "game": spec.key,
        "decisions": len(labels),
        "flip_rate": round(flips / len(labels), 4),
        "judgement_flip_rate": round(judged_flips / len(labels), 4),
        "labels": counts,
    }


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--quick", action="store_true", help="a smoke run")
    p.add_argument("--positions", type=int, default=2000)
    p.add_argument("--game", default="bigtwo")
    p.add_argument("--budget", default="default")
    p.add_argument("--deals", type=int, default=10)
    p.add_argument("--game-deals", type=int, default=2)
    p.add_argument("--stability", type=int, default=300)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument(
        "--parts", default="time,calibration,stability", help="the parts to run, comma-separated"
    )
    args = p.parse_args()
    parts = set(args.parts.split(","))
    if args.quick:
        args.positions, args.deals, args.game_deals, args.stability = 40, 2, 1, 20
    print(f"engine: {engine()}")
    t0 = time.perf_counter()
    out: dict[str, Any] = {"engine": engine()}
    if "time" in parts:
        out["timing"] = all_timings(args.deals, args.game_deals, args.budget)
    if "calibration" in parts:
        out["calibration"] = report_calibration(args.game, args.positions, args.budget, args.seed)
    if "stability" in parts:
        out["stability"] = report_stability(args.game, args.stability, args.budget)
    print(f"   ({time.perf_counter() - t0:.0f} s in all)")
    print(json.dumps(out))


def all_timings(deals: int, game_deals: int, budget: str) -> list[dict[str, Any]]:
    big_two = timing("bigtwo", deals, budget, players=4)
    print(
        f"1. one seat of a 4-player Big Two deal at budget {budget} "
        f"({big_two['rollouts']} rollouts a decision): median {big_two['median_s']} s, "
        f"max {big_two['max_s']} s over {deals} deals "
        f"({big_two['mean_decisions']} decisions a seat)"
    )
    games = [big_two]
    for spec in all_games():
        if spec.key == big_two["game"] or spec.plugin("bots") is None:
            continue
        row = timing(spec.key, game_deals, budget)
        games.append(row)
        print(
            f"   {row['game']}: median {row['median_s']} s (max {row['max_s']} s) a seat at "
            f"{row['rollouts']} rollouts a decision, {row['mean_decisions']} decisions a seat"
        )
    return games


def report_calibration(game: str, positions: int, budget: str, seed: int) -> dict[str, Any]:
    cal = calibration(game, positions, budget, seed)
    print(
        f"2. calibration ({cal['game']}, {cal['positions']} positions): predicted win "
        f"{cal['predicted']}, observed {cal['observed']} {cal['observed_ci']}; Brier "
        f"{cal['brier']} (constant prediction {cal['brier_constant']})"
    )
    print("   bin      positions  predicted  observed  95% interval   inside")
    for b in cal["bins"]:
        print(
            f"   {b['bin']:8} {b['positions']:9}  {b['predicted']:9.3f}  {b['observed']:8.3f}"
            f"  [{b['ci'][0]:.3f}, {b['ci'][1]:.3f}]  {'yes' if b['inside'] else 'no'}"
        )
    return cal


def report_stability(game: str, decisions: int, budget: str) -> dict[str, Any]:
    stab = stability(game, decisions, budget)
    print(
        f"3. label stability ({stab['game']}, {stab['decisions']} decisions, seeds 1 and 2): "
        f"{100 * stab['flip_rate']:.1f}% of labels differ; {100 * stab['judgement_flip_rate']:.1f}% "
        f"counting best and good as one; labels {stab['labels']}"
    )
    return stab


if __name__ == "__main__":
    main()
