"""Big Two engine speed: random deals per second and legal-move generation time.

Run ``python benchmarks/bench_bigtwo.py`` (about 5 s per preset), ``--quick`` for a
smoke run, ``--deals N`` for a fixed number of deals, ``--profile`` to add a
cProfile of the random-deal loop. For each preset (4 players) it measures, on one
core:

* random-bot deals per second: uniform choice among ``deal.legal_actions()``
  applied with ``apply_unchecked`` (the simulator's fast path), with the checked
  ``apply_action``, and through the ``chupai simulate`` loop (bots + observations);
* microseconds per legal-move generation for random 13-card hands: leading
  (``hand_combos``, i.e. ``legal_plays`` with no top) and following a random top
  play of each size (``legal_plays`` with that top, whole and filter only).

Figures are printed readably, then as one final JSON line. This is a script, not
a test: it asserts nothing.
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import io
import json
import platform
import pstats
import random
import sys
import time
from collections.abc import Callable
from typing import Any

from chupai.bigtwo.combos import Combo
from chupai.bigtwo.game import new_deal
from chupai.bigtwo.movegen import hand_combos, legal_plays
from chupai.bigtwo.rules import PRESETS, BigTwoRules, resolve
from chupai.cli.simulate import play_deal

TARGET_DEALS_PER_S = 2000
"""The issue's target for random deals per second on one core."""


# ----- deals -------------------------------------------------------------------------


def random_deal(rules: BigTwoRules, seed: int, checked: bool) -> int:
    """Play the deal of ``seed`` with uniform random legal actions; returns its length."""
    deal = new_deal(rules, seed)
    rng = random.Random(seed)
    pick = rng.randrange
    apply = deal.apply_action if checked else deal.apply_unchecked
    n = 0
    while not deal.is_terminal():
        legal = deal.legal_actions()
        apply(legal[pick(len(legal))])
        n += 1
    return n


def simulate_deal(rules: BigTwoRules, seed: int, checked: bool) -> int:
    """One deal through ``chupai simulate``'s loop (random bots, observations)."""
    return len(play_deal(rules, seed, ["random"] * rules.players).history)


def time_deals(
    play: Callable[[BigTwoRules, int, bool], int],
    rules: BigTwoRules,
    checked: bool,
    deals: int | None,
    budget: float,
    rounds: int = 5,
) -> dict[str, float]:
    """Play seeds 0, 1, ... in ``rounds`` rounds (each of ``deals / rounds`` deals, or
    of ``budget / rounds`` seconds); the rate is the best round's (least disturbed
    by other load), the mean is over every deal."""
    play(rules, 10**6, checked)  # warm up (imports, caches)
    seed = actions = 0
    total = 0.0
    best = 0.0
    for _ in range(rounds):
        gc.collect()
        first = seed
        stop = None if deals is None else max(1, deals // rounds) + seed
        start = time.perf_counter()
        elapsed = 0.0
        while (seed < stop) if stop is not None else (elapsed < budget / rounds or seed == first):
            actions += play(rules, seed, checked)
            seed += 1
            elapsed = time.perf_counter() - start
        total += elapsed
        best = max(best, (seed - first) / elapsed)
    return {
        "deals": seed,
        "seconds": round(total, 3),
        "deals_per_s": round(best, 1),
        "mean_deals_per_s": round(seed / total, 1),
        "us_per_action": round(1e6 / (best * actions / seed), 2),
        "actions_per_deal": round(actions / seed, 1),
    }


# ----- move generation -------------------------------------------------------------------


def random_hands(count: int, seed: int) -> list[tuple[int, int]]:
    """``count`` pairs (13-card hand, the other 39 cards) from shuffled packs."""
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        deck = list(range(52))
        rng.shuffle(deck)
        hand = sum(1 << c for c in deck[:13])
        out.append((hand, ((1 << 52) - 1) & ~hand))
    return out


def plays_by_size(cards: int, rules: BigTwoRules) -> dict[int, list[Combo]]:
    """Every play that can be made from ``cards``, grouped by number of cards."""
    out: dict[int, list[Combo]] = {}
    for c in hand_combos(cards, rules):
        out.setdefault(c.mask.bit_count(), []).append(c)
    return out


def per_call_us(fn: Callable[[], object], budget: float) -> float:
    """Microseconds of the fastest ``fn()`` call over repeated calls for ``budget`` s."""
    gc.collect()
    best = float("inf")
    start = time.perf_counter()
    while True:
        t0 = time.perf_counter()
        fn()
        t1 = time.perf_counter()
        best = min(best, t1 - t0)
        if t1 - start >= budget:
            return best * 1e6


def time_movegen(rules: BigTwoRules, hands_n: int, budget: float) -> dict[str, Any]:
    hands = random_hands(hands_n, seed=12345)
    rng = random.Random(6789)
    sizes = [1, 2, 3, 5]
    if rules.four_card_play.value != "none":
        sizes.insert(3, 4)
    share = budget / (1 + 2 * len(sizes))

    def lead() -> None:
        for hand, _ in hands:
            legal_plays(hand, rules)

    combos_per_hand = sum(len(hand_combos(h, rules)) for h, _ in hands) / len(hands)
    res: dict[str, Any] = {
        "hands": len(hands),
        "combos_per_hand": round(combos_per_hand, 1),
        "lead_us": round(per_call_us(lead, share) / len(hands), 2),
        "follow_us": {},
        "follow_filter_us": {},
    }
    # tops: plays made from the other 39 cards of a few of the deals (3 ms each)
    others = [plays_by_size(rest, rules) for _, rest in hands[:50]]
    for size in sizes:
        cases = []
        for i, (hand, _) in enumerate(hands):
            tops = others[i % len(others)].get(size)
            if tops:
                cases.append((hand, rng.choice(tops), hand_combos(hand, rules)))
        if not cases:
            continue  # no play of this size under these rules (e.g. no triples)

        def follow(cases: list[tuple[int, Combo, list[Combo]]] = cases) -> None:
            for hand, top, _ in cases:
                legal_plays(hand, rules, top)

        def follow_filter(cases: list[tuple[int, Combo, list[Combo]]] = cases) -> None:
            for hand, top, combos in cases:
                legal_plays(hand, rules, top, combos=combos)

        res["follow_us"][str(size)] = round(per_call_us(follow, share) / len(cases), 2)
        res["follow_filter_us"][str(size)] = round(
            per_call_us(follow_filter, share) / len(cases), 2
        )
    return res


# ----- profile -----------------------------------------------------------------------------


def profile(rules: BigTwoRules, deals: int, top: int) -> str:
    """cProfile of ``deals`` unchecked random deals: the ``top`` functions by own time."""
    prof = cProfile.Profile()
    prof.enable()
    for seed in range(deals):
        random_deal(rules, seed, checked=False)
    prof.disable()
    buf = io.StringIO()
    pstats.Stats(prof, stream=buf).strip_dirs().sort_stats("tottime").print_stats(top)
    return buf.getvalue()


# ----- main --------------------------------------------------------------------------------


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument(
        "--deals",
        type=int,
        default=None,
        help="deals per measurement (default: as many as fit in ~5 s per preset)",
    )
    ap.add_argument("--quick", action="store_true", help="a short smoke run (~0.5 s per preset)")
    ap.add_argument(
        "--presets", default=",".join(PRESETS), help="comma-separated presets (default: all)"
    )
    ap.add_argument(
        "--profile",
        action="store_true",
        help="also print a cProfile of the unchecked random-deal loop per preset",
    )
    args = ap.parse_args(argv)

    scale = 0.1 if args.quick else 1.0
    budget_unchecked, budget_checked, budget_sim, budget_gen = (
        2.0 * scale,
        1.2 * scale,
        0.6 * scale,
        1.2 * scale,
    )
    hands_n = 100 if args.quick else 400
    figures: dict[str, Any] = {}
    print(
        f"chupai Big Two benchmark: Python {platform.python_version()} on "
        f"{platform.machine()} ({platform.processor() or platform.system()}), one core; "
        "rates are the best of 5 rounds"
    )
    for name in args.presets.split(","):
        rules = resolve(name.strip(), {"players": "4"})
        fast = time_deals(random_deal, rules, False, args.deals, budget_unchecked)
        checked = time_deals(random_deal, rules, True, args.deals, budget_checked)
        sim = time_deals(simulate_deal, rules, False, args.deals, budget_sim)
        gen = time_movegen(rules, hands_n, budget_gen)
        figures[name] = {"unchecked": fast, "checked": checked, "simulate": sim, "movegen": gen}
        ok = "meets" if fast["deals_per_s"] >= TARGET_DEALS_PER_S else "BELOW"
        print(f"\n{rules.spec()}")
        print(
            f"  random deals/s, apply_unchecked : {fast['deals_per_s']:8.0f}  "
            f"({fast['us_per_action']:.1f} us/action, {fast['actions_per_deal']:.0f} actions/deal,"
            f" {fast['deals']} deals; {ok} the {TARGET_DEALS_PER_S}/s target)"
        )
        print(
            f"  random deals/s, apply_action    : {checked['deals_per_s']:8.0f}  "
            f"({checked['us_per_action']:.1f} us/action)"
        )
        print(
            f"  simulate loop (bots, observe)   : {sim['deals_per_s']:8.0f}  "
            f"({sim['us_per_action']:.1f} us/action)"
        )
        print(
            f"  move generation, 13-card hands ({gen['combos_per_hand']:.0f} combos/hand on average):"
        )
        print(f"    lead (all combos)             : {gen['lead_us']:8.1f} us")
        for size, us in gen["follow_us"].items():
            print(
                f"    follow a {size}-card play         : {us:8.1f} us  "
                f"(filter only {gen['follow_filter_us'][size]:.1f} us)"
            )
        if args.profile:
            print(profile(rules, max(50, int(300 * scale)), 18))
    summary = {
        "benchmark": "bigtwo",
        "python": platform.python_version(),
        "method": "deals/s: best of 5 rounds, seeds 0..; movegen us: fastest pass over all hands / hands",
        "target_deals_per_s": TARGET_DEALS_PER_S,
        "presets": figures,
    }
    print()
    print(json.dumps(summary, separators=(",", ":")))
    return 0


if __name__ == "__main__":
    sys.exit(main())
