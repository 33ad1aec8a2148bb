"""Big Two at every table size: random deals per second and lead-listing time.

Run ``python benchmarks/bench_bigtwo_sizes.py`` (about 25 s), ``--quick`` for a
smoke run. For each table (standard preset, default leftover rule) it measures,
on one core:

* random-bot deals per second: uniform choice among ``deal.legal_actions()``
  applied with ``apply_unchecked`` (best of 5 rounds, seeds 0, 1, ...);
* microseconds to list every lead (``hand_combos``) of a random hand of the
  table's hand size (fastest pass over the hands, per hand), and the combinations
  per hand.

The tables are 2, 4, 6, 13 and 52 seats with one pack and 6 seats with two packs
(when :mod:`chupai.bigtwo.packs` exists; else reported as skipped). At 4 seats
the deal's move generation runs compiled and pure side by side (when the
compiled core is built); the other tables run as the engine does by itself (the
compiled playouts do not play more than 4 seats or two packs: the deal is pure
Python there, its one-pack move generation compiled when built; the two-pack move
generation is pure Python).

The timing helpers are those of ``bench_bigtwo.py``. Figures are printed
readably, then as one final JSON line. This is a script, not a test: it asserts
nothing.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import platform
import random
import sys
from collections.abc import Callable
from contextlib import AbstractContextManager, nullcontext
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_bigtwo import FAST, deal_engine, per_call_us, random_deal, time_deals  # noqa: E402

from chupai import compiled  # noqa: E402
from chupai.bigtwo import movegen  # noqa: E402
from chupai.bigtwo.rules import BigTwoRules, resolve  # noqa: E402

HAVE_PACKS = importlib.util.find_spec("chupai.bigtwo.packs") is not None

TABLES: tuple[tuple[str, int, int], ...] = (
    ("2", 2, 1),
    ("4", 4, 1),
    ("6", 6, 1),
    ("6x2", 6, 2),
    ("13", 13, 1),
    ("52", 52, 1),
)
"""(name, players, packs) of each table measured."""


def table_rules(players: int, packs: int) -> BigTwoRules:
    text = {"players": str(players)}
    if packs != 1:
        text["packs"] = str(packs)
    return resolve("standard", text)


def random_hands(rules: BigTwoRules, count: int, seed: int) -> list[int]:
    """``count`` hands of ``rules.cards_per_hand`` cards from shuffled packs (a
    second copy of card ``c`` at bit ``52 + c``)."""
    rng = random.Random(seed)
    deck = list(range(52)) * rules.packs
    out = []
    for _ in range(count):
        rng.shuffle(deck)
        mask = 0
        for c in deck[: rules.cards_per_hand]:
            mask |= 1 << (c + 52 if mask >> c & 1 else c)
        out.append(mask)
    return out


def time_leads(
    rules: BigTwoRules,
    hands_n: int,
    budget: float,
    hand_combos: Callable[[int, BigTwoRules], list[Any]],
) -> dict[str, float]:
    """Microseconds per hand to list every lead, and combinations per hand."""
    hands = random_hands(rules, hands_n, seed=12345)
    combos = sum(len(hand_combos(h, rules)) for h in hands) / len(hands)

    def every_hand() -> None:
        for h in hands:
            hand_combos(h, rules)

    us = per_call_us(every_hand, budget) / len(hands)
    return {"lead_us": round(us, 2), "combos_per_hand": round(combos, 1)}


def measure(
    rules: BigTwoRules, scale: float, hands_n: int, engine: AbstractContextManager[None]
) -> dict[str, Any]:
    with engine:
        from chupai.bigtwo import game

        deals = time_deals(random_deal, rules, False, None, 2.0 * scale)
        leads = time_leads(rules, hands_n, 1.0 * scale, game.hand_combos)
    return {"cards_per_hand": rules.cards_per_hand, **deals, **leads}


def line(name: str, fig: dict[str, Any]) -> str:
    return (
        f"  {name:<16} {fig['deals_per_s']:9.0f} deals/s  "
        f"({fig['actions_per_deal']:.0f} actions/deal, {fig['us_per_action']:.1f} us/action)  "
        f"lead {fig['lead_us']:8.1f} us  ({fig['combos_per_hand']:.0f} combos, "
        f"{fig['cards_per_hand']} cards)"
    )


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--quick", action="store_true", help="a short smoke run (~2 s)")
    args = ap.parse_args(argv)
    scale = 0.1 if args.quick else 1.0
    hands_n = 50 if args.quick else 300
    print(
        f"chupai Big Two table sizes: Python {platform.python_version()} on "
        f"{platform.machine()}, one core; deals/s the best of 5 rounds; standard preset"
    )
    figures: dict[str, Any] = {}
    skipped: dict[str, str] = {}
    for name, players, packs in TABLES:
        if packs == 2 and not HAVE_PACKS:
            skipped[name] = "two packs need chupai.bigtwo.packs"
            print(f"  {name:<16} SKIPPED: {skipped[name]}")
            continue
        rules = table_rules(players, packs)
        if players == 4 and FAST is not None:
            for kind, pure in (("compiled", False), ("pure", True)):
                figures[f"{name}_{kind}"] = measure(rules, scale, hands_n, deal_engine(pure))
                print(line(f"{name} seats {kind}", figures[f"{name}_{kind}"]))
            continue
        figures[name] = measure(rules, scale, hands_n, nullcontext())
        label = f"{players} seats" + (" 2 packs" if packs == 2 else "")
        print(line(label, figures[name]))
    summary = {
        "benchmark": "bigtwo_sizes",
        "python": platform.python_version(),
        "method": "deals/s: apply_unchecked, best of 5 rounds, seeds 0..; "
        "lead_us: fastest pass of hand_combos over random hands / hands",
        "engine": "compiled" if compiled.load("chupai.bigtwo._fast") is not None else "pure",
        "movegen_compiled_one_pack": movegen._hand_combos_one is not movegen._hand_combos_py,
        "tables": figures,
        "skipped": skipped,
    }
    print()
    print(json.dumps(summary, separators=(",", ":")))
    return 0


if __name__ == "__main__":
    sys.exit(main())
