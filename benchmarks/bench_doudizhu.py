"""Dou Dizhu engine speed: random games per second and legal-move generation time.

Run ``python benchmarks/bench_doudizhu.py`` (a few seconds per preset), ``--quick``
for a smoke run. For each preset, on one core:

* random games per second, bidding included: a game deals with seeds 0, 1, ...
  and redeals (next dealer, next seed) while everybody passes, until a deal is
  played out; every action is a uniform choice among ``deal.legal_actions()``,
  applied with ``apply_unchecked`` (the simulator's fast path) or with the checked
  ``apply_action``; also with one seeded ``RandomBot`` per seat that is handed
  ``deal.observe(seat)`` (the ``chupai simulate`` style loop);
* microseconds per legal-move generation of random full hands: the landlord's
  hand leading (``hand_combos`` = ``legal_plays`` with no top; 20 cards classic,
  33 four_player) and a dealt hand following a random top play.

The rate printed is the best of five rounds (the least disturbed by other load).
Figures are printed readably, then as one final JSON line. This is a script, not
a test: it asserts nothing.
"""

from __future__ import annotations

import argparse
import gc
import json
import platform
import random
import sys
import time
from collections.abc import Callable

from chupai.bots import RandomBot
from chupai.doudizhu.combos import pack
from chupai.doudizhu.game import NO_ROB, Bid, DouDizhuDeal, Phase, new_deal
from chupai.doudizhu.movegen import hand_combos, legal_plays
from chupai.doudizhu.rules import PRESETS, DouDizhuRules

TARGET_GAMES_PER_S = 1050
"""The issue's target (10x RLCard) for random games per second on one core."""


def play_game(rules: DouDizhuRules, seed: int, mode: str) -> int:
    """One game from ``seed``: redeal until a deal is played out. Returns the
    number of deals it took."""
    deals = 0
    dealer: int | None = None
    doubled = False
    bots = [RandomBot(seed * 31 + s) for s in range(rules.players)]  # one per game
    while True:
        deal = new_deal(rules, seed * 1000 + deals, dealer=dealer, doubled=doubled)
        deals += 1
        rng = random.Random(seed * 1000 + deals)
        if mode == "bots":
            while not deal.is_terminal():
                s = deal.current_player
                assert s is not None
                deal.apply_unchecked(bots[s].act(deal.observe(s), deal.legal_actions()))
        else:
            pick = rng.randrange
            apply: Callable[..., object] = (deal.apply_action if mode == "checked"
                                            else deal.apply_unchecked)
            while not deal.is_terminal():
                legal = deal.legal_actions()
                apply(legal[pick(len(legal))])
        out = deal.outcome
        assert out is not None
        if not out.redeal:
            return deals
        dealer, doubled = (deal.dealer + 1) % rules.players, out.next_doubled


def time_games(rules: DouDizhuRules, mode: str, budget: float, rounds: int = 5) -> dict[str, float]:
    play_game(rules, 10**6, mode)  # warm up
    seed = 0
    best = 0.0
    deals = games = 0
    total = 0.0
    for _ in range(rounds):
        gc.collect()
        start = time.perf_counter()
        n = 0
        while True:
            deals += play_game(rules, seed, mode)
            seed += 1
            n += 1
            elapsed = time.perf_counter() - start
            if elapsed >= budget / rounds:
                break
        games += n
        total += elapsed
        best = max(best, n / elapsed)
    return {"games_per_s": round(best, 1), "mean_games_per_s": round(games / total, 1),
            "deals_per_game": round(deals / games, 3)}


def random_hand(rules: DouDizhuRules, n: int, rng: random.Random) -> int:
    p = rules.packs
    deck = [r for r in range(13) for _ in range(4 * p)] + [13] * p + [14] * p
    rng.shuffle(deck)
    return pack([deck[:n].count(r) for r in range(15)])


def time_movegen(rules: DouDizhuRules, count: int) -> dict[str, float]:
    rng = random.Random(7)
    lord = rules.hand_size + rules.kitty_size
    lords = [random_hand(rules, lord, rng) for _ in range(count)]
    dealt = [random_hand(rules, rules.hand_size, rng) for _ in range(count)]
    tops = []
    for _ in range(count):
        others = hand_combos(random_hand(rules, rules.hand_size, rng), rules)
        tops.append(others[rng.randrange(len(others))])
    best_lead = best_follow = float("inf")
    n_lead = 0
    for _ in range(5):
        gc.collect()
        t0 = time.perf_counter()
        for h in lords:
            n_lead += len(legal_plays(h, rules))
        best_lead = min(best_lead, (time.perf_counter() - t0) / count)
        t0 = time.perf_counter()
        for h, top in zip(dealt, tops):
            legal_plays(h, rules, top)
        best_follow = min(best_follow, (time.perf_counter() - t0) / count)
    return {
        f"lead_{lord}_cards_us": round(best_lead * 1e6, 2),
        f"lead_{lord}_cards_mean_plays": round(n_lead / (5 * count), 1),
        f"follow_{rules.hand_size}_cards_us": round(best_follow * 1e6, 2),
    }


def landlord_deal_lead_us(rules: DouDizhuRules, count: int) -> float:
    """legal_actions() of the landlord's first lead in fresh deals (uncached)."""
    deals: list[DouDizhuDeal] = []
    for seed in range(count):
        d = new_deal(rules, seed)
        d.apply_unchecked(Bid(3))
        while d.phase is Phase.ROB:
            d.apply_unchecked(NO_ROB)
        deals.append(d)
    t0 = time.perf_counter()
    for d in deals:
        d.legal_actions()
    return round((time.perf_counter() - t0) / max(1, len(deals)) * 1e6, 2)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="short smoke run")
    ap.add_argument("--budget", type=float, default=3.0, help="seconds per measurement")
    args = ap.parse_args(argv)
    budget = 0.3 if args.quick else args.budget
    count = 200 if args.quick else 2000
    results: dict[str, object] = {
        "python": sys.version.split()[0], "machine": platform.machine(),
        "target_games_per_s": TARGET_GAMES_PER_S,
    }
    for name, rules in PRESETS.items():
        res: dict[str, object] = {}
        for mode in ("unchecked", "checked", "bots"):
            res[mode] = time_games(rules, mode, budget)
        res["movegen"] = time_movegen(rules, count)
        res["landlord_first_lead_us"] = landlord_deal_lead_us(rules, min(count, 300))
        results[name] = res
        print(f"{name}:")
        for mode in ("unchecked", "checked", "bots"):
            r = res[mode]
            assert isinstance(r, dict)
            print(f"  random games/s ({mode:9s}): {r['games_per_s']:8.1f} best round, "
                  f"{r['mean_games_per_s']:8.1f} mean, {r['deals_per_game']:.3f} deals/game")
        mg = res["movegen"]
        assert isinstance(mg, dict)
        for k, v in mg.items():
            print(f"  {k}: {v}")
        print(f"  landlord first lead, legal_actions() in a deal: {res['landlord_first_lead_us']} us")
    print(json.dumps(results))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
