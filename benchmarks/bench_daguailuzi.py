"""大怪路子 move-generation speed: lead and follow listings of 27-card hands, and
classification throughput.

Run ``python benchmarks/bench_daguailuzi.py`` (about 15 s), ``--quick`` for a smoke
run, ``--hands N`` for the number of hands per preset. On one core, in pure Python
(the game has no compiled core), it measures:

* the lead listing (:func:`chupai.daguailuzi.movegen.legal_plays` with no top, every
  play of the hand) for random 27-card hands dealt from a shuffled 162-card pack,
  under ``seed`` and ``shanghai`` (at a random level): median, p99 and worst
  milliseconds per hand, and plays per hand;
* the same for hands with three jokers (24 naturals + ``BJ BJ RJ``) and with all six
  jokers, the hands with the most plays;
* the follow listing: the same hands following a random play of each size (single,
  pair, triple, five cards), the top drawn from another hand's plays;
* classification throughput (:func:`chupai.daguailuzi.combos.classify` on the
  five-card plays of the hands, and on random 5-card sets, most of them no play).

Each timing is the fastest of 3 calls on the same hand. Figures are printed
readably, then as one final JSON line. This is a script, not a test: it asserts
nothing.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from chupai.daguailuzi.cards import BJ, PACK, RJ, from_types, types_of
from chupai.daguailuzi.combos import Combo, classify
from chupai.daguailuzi.movegen import legal_plays
from chupai.daguailuzi.rules import PRESETS, DaguailuziRules

DECK = types_of(PACK)
NATURALS = [t for t in DECK if t < BJ]


def fastest_ms(fn: Callable[..., object], *args: Any, repeat: int = 3) -> float:
    """The fastest of ``repeat`` calls of ``fn(*args)``, in milliseconds."""
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn(*args)
        best = min(best, time.perf_counter() - t0)
    return best * 1e3


def summary(times: list[float], plays: list[int]) -> dict[str, float]:
    """Median, p99 and worst time (ms) and the median and most plays."""
    ordered = sorted(times)
    p99 = ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]
    return {
        "median_ms": round(statistics.median(ordered), 3),
        "p99_ms": round(p99, 3),
        "max_ms": round(ordered[-1], 3),
        "plays_median": statistics.median(plays),
        "plays_max": max(plays),
        "hands": len(times),
    }


def deal_hands(rng: random.Random, count: int, kind: str) -> list[int]:
    """``count`` 27-card hands: from a shuffled pack (``random``), or 24 (21)
    naturals with three (six) jokers."""
    out = []
    for _ in range(count):
        if kind == "random":
            out.append(from_types(rng.sample(DECK, 27)))
        elif kind == "3 jokers":
            out.append(from_types(rng.sample(NATURALS, 24) + [BJ, BJ, RJ]))
        else:
            out.append(from_types(rng.sample(NATURALS, 21) + [BJ] * 3 + [RJ] * 3))
    return out


def rules_at(rng: random.Random, name: str) -> tuple[DaguailuziRules, int | None]:
    """The preset ``name`` and a trump level (random under ``shanghai``)."""
    rules = PRESETS[name]
    return rules, rules.deal_level(rng.randrange(13))


def time_lead(hands: list[int], rng: random.Random) -> dict[str, float]:
    times: list[float] = []
    plays: list[int] = []
    for i, hand in enumerate(hands):
        rules, level = rules_at(rng, ("seed", "shanghai")[i % 2])
        plays.append(len(legal_plays(hand, None, rules, level)))
        times.append(fastest_ms(legal_plays, hand, None, rules, level))
    return summary(times, plays)


def time_follow(hands: list[int], rng: random.Random) -> dict[str, dict[str, float]]:
    """Each hand follows a random play of each size of another random hand."""
    by_size: dict[int, tuple[list[float], list[int]]] = {s: ([], []) for s in (1, 2, 3, 5)}
    for i, hand in enumerate(hands):
        rules, level = rules_at(rng, ("seed", "shanghai")[i % 2])
        other = legal_plays(from_types(rng.sample(DECK, 27)), None, rules, level)
        for size, (times, plays) in by_size.items():
            pool = [c for c in other if c.size == size]
            if not pool:
                continue
            top: Combo = rng.choice(pool)
            plays.append(len(legal_plays(hand, top, rules, level)))
            times.append(fastest_ms(legal_plays, hand, top, rules, level))
    names = {1: "single", 2: "pair", 3: "triple", 5: "five"}
    return {names[s]: summary(t, p) for s, (t, p) in by_size.items() if t}


def time_classify(hands: list[int], rng: random.Random, budget: float) -> dict[str, float]:
    """Classifications per second: of real five-card plays, and of random 5-card sets."""
    rules = PRESETS["shanghai"]
    plays = [c.cards for h in hands[:20] for c in legal_plays(h, None, rules, 0) if c.size == 5]
    randoms = [from_types(rng.sample(DECK, 5)) for _ in range(5000)]
    out = {}
    for label, sets in (("plays_per_s", plays), ("random_sets_per_s", randoms)):
        n = 0
        t0 = time.perf_counter()
        while time.perf_counter() - t0 < budget:
            for cards in sets:
                classify(cards, rules, 0)
            n += len(sets)
        out[label] = round(n / (time.perf_counter() - t0))
    out["random_sets_legal"] = round(
        sum(classify(c, rules, 0) is not None for c in randoms) / len(randoms), 3
    )
    return out


def _line(label: str, r: dict[str, float]) -> str:
    return (
        f"    {label:<10}: median {r['median_ms']:7.3f} ms, p99 {r['p99_ms']:7.3f} ms, "
        f"worst {r['max_ms']:7.3f} ms; plays/hand median {r['plays_median']:.0f}, "
        f"most {r['plays_max']}"
    )


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--hands", type=int, default=None, help="hands per measurement")
    ap.add_argument("--quick", action="store_true", help="a short smoke run (~1 s)")
    args = ap.parse_args(argv)
    count = args.hands or (20 if args.quick else 400)
    rng = random.Random(2026)
    print(
        f"chupai 大怪路子 benchmark: Python {platform.python_version()} on "
        f"{platform.machine()} ({platform.processor() or platform.system()}), one core, "
        "pure Python; each time is the fastest of 3 calls"
    )
    figures: dict[str, Any] = {}
    print(f"  lead listing, 27-card hands ({count} per row, seed and shanghai alternately):")
    for kind in ("random", "3 jokers", "6 jokers"):
        n = count if kind == "random" else max(5, count // 4)
        r = time_lead(deal_hands(rng, n, kind), rng)
        figures["lead" if kind == "random" else "lead_" + kind.replace(" ", "_")] = r
        print(_line(kind, r))
    follow = time_follow(deal_hands(rng, count, "random"), rng)
    figures["follow"] = follow
    print("  follow listing, random 27-card hands on a random top of each size:")
    for name, r in follow.items():
        print(_line(name, r))
    cl = time_classify(deal_hands(rng, 20, "random"), rng, 0.2 if args.quick else 1.0)
    figures["classify"] = cl
    print(
        f"  classify: {cl['plays_per_s']:.0f} five-card plays/s, "
        f"{cl['random_sets_per_s']:.0f} random 5-card sets/s "
        f"({cl['random_sets_legal']:.1%} of them plays)"
    )
    out = {
        "benchmark": "daguailuzi",
        "python": platform.python_version(),
        "method": "ms per listing: fastest of 3 calls per hand, median/p99/max over hands",
        "spec": [PRESETS["seed"].spec(), PRESETS["shanghai"].spec()],
        "figures": figures,
    }
    print()
    print(json.dumps(out, separators=(",", ":")))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
