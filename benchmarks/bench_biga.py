"""Big A engine speed: random deals per second and legal-move generation time.

Run ``python benchmarks/bench_biga.py`` (about 10 s), ``--quick`` for a smoke run,
``--deals N`` for a fixed number of deals. On one core it measures:

* random deals per second, every phase included (the draw with its declaration
  checkpoints, show-second and reveal, play with captures; redeals count as
  deals): uniform choice among ``deal.legal_actions()`` applied with
  ``apply_unchecked`` and with the checked ``apply_action``, and one
  :class:`~chupai.bots.RandomBot` per seat fed ``observe(seat)`` (the loop of
  ``chupai simulate``);
* the same with a "decliner" policy that never declares (so every checkpoint asks
  the Ace holders, the longest draw the engine can have);
* microseconds per legal-move generation for random 22-card play-phase hands:
  leading (``legal_plays`` with no top) and following a random top play.

No other engine implements Big A, so there is no peer to compare with. Figures are
printed readably, then as one final JSON line. This is a script, not a test: it
asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import time
from collections.abc import Callable
from typing import Any

from chupai.biga.cards import DECK, UNIT, NFACES, normalize
from chupai.biga.game import DECLINE, new_deal
from chupai.biga.movegen import hand_combos, legal_plays
from chupai.biga.rules import PRESETS, BigARules
from chupai.bots import RandomBot

from bench_bigtwo import time_deals  # the same timing method (this folder is on the path)


def random_deal(rules: BigARules, seed: int, mode: str) -> int:
    """Play the deal of ``seed`` to its end; returns the number of actions."""
    deal = new_deal(rules, seed)
    rng = random.Random(seed)
    pick = rng.randrange
    n = 0
    if mode == "bots":
        bots = [RandomBot(seed * 5 + s) for s in range(5)]
        while not deal.is_terminal():
            seat = deal.current_player
            assert seat is not None
            deal.apply_unchecked(bots[seat].act(deal.observe(seat), deal.legal_actions()))
            n += 1
        return n
    apply = deal.apply_action if mode == "checked" else deal.apply_unchecked
    decline = mode == "decline"
    while not deal.is_terminal():
        legal = deal.legal_actions()
        if decline and DECLINE in legal:
            apply(DECLINE)
        else:
            apply(legal[pick(len(legal))])
        n += 1
    return n


def time_mode(rules: BigARules, mode: str, deals: int | None, budget: float) -> dict[str, float]:
    """Deals of ``mode`` timed as the Big Two benchmark times its deals (best of 5 rounds)."""
    return time_deals(
        lambda r, seed, _checked: random_deal(r, seed, mode), rules, False, deals, budget
    )


def random_hands(count: int, seed: int, size: int = 22) -> list[tuple[int, int]]:
    """``count`` pairs (a ``size``-card hand, a random Big Ace suit) from two shuffled packs."""
    rng = random.Random(seed)
    faces = [f for f in range(NFACES) for _ in range((DECK >> (5 * f)) & 31)]
    out = []
    for _ in range(count):
        rng.shuffle(faces)
        big = rng.randrange(4)
        out.append((normalize(sum(UNIT[f] for f in faces[:size]), big), big))
    return out


def per_call_us(fn: Callable[[], object], calls: int, budget: float) -> float:
    """Fastest of repeated passes of ``fn`` over ``calls`` calls, in µs per call."""
    best = float("inf")
    end = time.perf_counter() + budget
    while True:
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
        if time.perf_counter() > end:
            break
    return best * 1e6 / calls


def time_movegen(rules: BigARules, hands_n: int, budget: float) -> dict[str, Any]:
    hands = random_hands(hands_n, 1)
    for hand, big in hands:  # build the tables outside the timing
        hand_combos(hand, rules, big)
    rng = random.Random(2)
    tops = []
    for hand, big in hands:
        others = random_hands(1, rng.randrange(10**9))[0][0]
        options = [c for c in hand_combos(others, rules, big) if c.bomb == 0]
        tops.append(rng.choice(options))
    plays = sum(len(legal_plays(h, rules, b)) for h, b in hands) / len(hands)

    def lead() -> None:
        for hand, big in hands:
            legal_plays(hand, rules, big)

    def follow() -> None:
        for (hand, big), top in zip(hands, tops):
            legal_plays(hand, rules, big, top)

    return {
        "plays_per_hand": round(plays, 1),
        "lead_us": round(per_call_us(lead, len(hands), budget), 2),
        "follow_us": round(per_call_us(follow, len(hands), budget), 2),
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument(
        "--deals",
        type=int,
        default=None,
        help="deals per measurement (default: as many as fit in ~2 s each)",
    )
    ap.add_argument("--quick", action="store_true", help="a short smoke run (~1 s)")
    args = ap.parse_args(argv)
    scale = 0.1 if args.quick else 1.0
    rules = PRESETS["standard"]
    print(
        f"chupai Big A benchmark: Python {platform.python_version()} on "
        f"{platform.machine()} ({platform.processor() or platform.system()}), one core; "
        "rates are the best of 5 rounds"
    )
    figures: dict[str, Any] = {}
    labels = {
        "unchecked": "random deals/s, apply_unchecked",
        "checked": "random deals/s, apply_action   ",
        "bots": "RandomBot per seat, observe()  ",
        "decline": "never declaring, unchecked     ",
    }
    for mode, label in labels.items():
        r = time_mode(rules, mode, args.deals, 2.0 * scale)
        figures[mode] = r
        print(
            f"  {label}: {r['deals_per_s']:8.0f}  ({r['us_per_action']:.1f} us/action, "
            f"{r['actions_per_deal']:.0f} actions/deal, {r['deals']} deals)"
        )
    gen = time_movegen(rules, 50 if args.quick else 300, 1.0 * scale)
    figures["movegen"] = gen
    print(f"  move generation, 22-card hands ({gen['plays_per_hand']:.0f} plays/hand leading):")
    print(f"    lead   : {gen['lead_us']:8.1f} us")
    print(f"    follow : {gen['follow_us']:8.1f} us")
    summary = {
        "benchmark": "biga",
        "python": platform.python_version(),
        "method": "deals/s: best of 5 rounds, seeds 0..; movegen us: fastest pass / hands",
        "spec": rules.spec(),
        "figures": figures,
    }
    print()
    print(json.dumps(summary, separators=(",", ":")))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
