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
  play of each size (``legal_plays`` with that top, whole and filter only);
* the pure-Python and the compiled engine side by side in the same run (when the
  compiled core ``chupai.bigtwo._fast`` is built): move generation of each, random
  deals through the deal's API with the deal's generator bound to each, and the
  compiled ``random_games`` (whole deals played in C, dealt in C or in Python),
  with the ratios in the final JSON line (key ``compiled``).

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
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from chupai import compiled
from chupai.bigtwo import game as _game, movegen as _movegen, playout as _playout
from chupai.bigtwo.combos import Combo
from chupai.bigtwo.game import new_deal
from chupai.bigtwo.movegen import hand_combos, legal_plays
from chupai.bigtwo.rules import PRESETS, BigTwoRules, resolve
from chupai.cli.simulate import play_deal

TARGET_DEALS_PER_S = 2000
"""The issue's target for random deals per second on one core."""
TARGET_FAST_DEALS_PER_S = 50_000
"""The compiled core's target for random deals per second on one core."""

FAST: Any = compiled.load("chupai.bigtwo._fast")  # None under CHUPAI_PURE: pure figures only
"""The compiled core when built (whatever CHUPAI_PURE says), else None."""


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


def time_movegen(
    rules: BigTwoRules,
    hands_n: int,
    budget: float,
    hand_combos: Callable[[int, BigTwoRules], list[Combo]] = hand_combos,
    legal_plays: Callable[..., list[Combo]] = legal_plays,
) -> dict[str, Any]:
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


# ----- pure and compiled side by side ---------------------------------------------------


_DEAL_NAMES = ("hand_combos", "follow_filter")
"""The move generation :mod:`chupai.bigtwo.game` binds at import."""


@contextmanager
def deal_engine(pure: bool) -> Iterator[None]:
    """Bind the deal's move generation (``hand_combos``, ``follow_filter`` in
    :mod:`chupai.bigtwo.game`) to the pure functions (as under CHUPAI_PURE=1) or to
    the compiled ones, for the block."""
    saved = [getattr(_game, name) for name in _DEAL_NAMES]
    if pure:
        fns = [_movegen._hand_combos_py, _movegen._follow_filter_py]
    else:
        fns = [FAST.hand_combos, FAST.follow_filter]
    for name, fn in zip(_DEAL_NAMES, fns, strict=True):
        setattr(_game, name, fn)
    try:
        yield
    finally:
        for name, fn in zip(_DEAL_NAMES, saved, strict=True):
            setattr(_game, name, fn)


def time_games(
    rules: BigTwoRules, deal_in_c: bool, budget: float, rounds: int = 5
) -> dict[str, Any]:
    """Compiled ``random_games`` (seeds 0, 1, ...): deals per second, best of
    ``rounds``, by the wall clock and by the process's CPU time (the rate of one
    core, less disturbed by other load on a shared machine)."""
    FAST.random_games(rules, 10, 10**6, deal_in_c, _playout._fallback)  # warm up
    chunk, seed, best, best_cpu, total, actions = 200, 0, 0.0, 0.0, 0.0, 0
    for _ in range(rounds):
        gc.collect()
        first = seed
        start, cpu_start = time.perf_counter(), time.process_time()
        elapsed = 0.0
        while elapsed < budget / rounds or seed == first:
            res = FAST.random_games(rules, chunk, seed, deal_in_c, _playout._fallback)
            actions += res["actions"]
            seed += chunk
            elapsed = time.perf_counter() - start
        cpu = max(time.process_time() - cpu_start, 1e-9)
        total += elapsed
        best = max(best, (seed - first) / elapsed)
        best_cpu = max(best_cpu, (seed - first) / cpu)
    return {
        "deals": seed,
        "seconds": round(total, 3),
        "deals_per_s": round(best, 1),
        "cpu_deals_per_s": round(best_cpu, 1),
        "mean_deals_per_s": round(seed / total, 1),
        "us_per_action": round(1e6 / (best * actions / seed), 3),
        "actions_per_deal": round(actions / seed, 1),
    }


def playout_deal(rules: BigTwoRules, seed: int, checked: bool) -> int:
    """One deal from ``new_deal`` played by ``FastDeal.playout`` (Python dealing and
    the FastDeal copy per deal, the play in C); returns its length."""
    deal = new_deal(rules, seed)
    if not _playout.compiled_plays(deal):  # an instant win, a decision before play
        return 0
    fd = FAST.FastDeal(deal)
    fd.playout(seed)
    return int(fd.actions)


def compare_engines(
    rules: BigTwoRules, hands_n: int, scale: float, deals: int | None
) -> dict[str, Any]:
    """Pure and compiled figures of ``rules`` side by side, with their ratios."""
    pure_gen = time_movegen(
        rules, hands_n, 1.2 * scale, _movegen._hand_combos_py, _movegen._legal_plays_py
    )
    with deal_engine(pure=True):
        pure_api = time_deals(random_deal, rules, False, deals, 2.0 * scale)
    out: dict[str, Any] = {"pure": {"movegen": pure_gen, "api_unchecked": pure_api}}
    if FAST is None:
        return out
    fast_gen = time_movegen(rules, hands_n, 1.2 * scale, FAST.hand_combos, FAST.legal_plays)
    with deal_engine(pure=False):
        fast_api = time_deals(random_deal, rules, False, deals, 2.0 * scale)
    unsupported = FAST.unsupported(rules)
    fast: dict[str, Any] = {"movegen": fast_gen, "api_unchecked": fast_api}
    if not unsupported:
        fast["playout_per_deal"] = time_deals(playout_deal, rules, False, deals, 1.0 * scale)
        fast["random_games_c_deal"] = time_games(rules, True, 2.0 * scale)
        fast["random_games_py_deal"] = time_games(rules, False, 1.0 * scale)
    out["compiled"] = fast
    ratios = {
        "lead_us_pure_over_compiled": round(pure_gen["lead_us"] / fast_gen["lead_us"], 1),
        "api_deals_per_s_compiled_over_pure": round(
            fast_api["deals_per_s"] / pure_api["deals_per_s"], 2
        ),
    }
    if not unsupported:
        ratios["random_games_over_pure_api"] = round(
            fast["random_games_c_deal"]["deals_per_s"] / pure_api["deals_per_s"], 1
        )
        ratios["random_games_target_met"] = (
            fast["random_games_c_deal"]["deals_per_s"] >= TARGET_FAST_DEALS_PER_S
        )
        ratios["random_games_cpu_target_met"] = (
            fast["random_games_c_deal"]["cpu_deals_per_s"] >= TARGET_FAST_DEALS_PER_S
        )
    out["ratios"] = ratios
    return out


def print_comparison(cmp: dict[str, Any]) -> None:
    pure = cmp["pure"]
    print("  pure vs compiled (same run):")
    print(
        f"    lead listing                  : {pure['movegen']['lead_us']:8.2f} us pure"
        + (
            f"  {cmp['compiled']['movegen']['lead_us']:8.2f} us compiled"
            if "compiled" in cmp
            else "  (compiled core not built)"
        )
    )
    print(
        f"    API random deals/s            : {pure['api_unchecked']['deals_per_s']:8.0f} pure"
        + (
            f"  {cmp['compiled']['api_unchecked']['deals_per_s']:8.0f} compiled"
            if "compiled" in cmp
            else ""
        )
    )
    fast = cmp.get("compiled", {})
    if "random_games_c_deal" in fast:
        c_deal, py_deal = fast["random_games_c_deal"], fast["random_games_py_deal"]
        ok = "meets" if c_deal["deals_per_s"] >= TARGET_FAST_DEALS_PER_S else "BELOW"
        print(
            f"    random_games deals/s (C deal) : {c_deal['deals_per_s']:8.0f}  "
            f"({c_deal['cpu_deals_per_s']:.0f} per CPU second; {c_deal['us_per_action']:.3f}"
            f" us/action; {ok} the {TARGET_FAST_DEALS_PER_S}/s target)"
        )
        print(
            f"    random_games deals/s (Py deal): {py_deal['deals_per_s']:8.0f}  "
            f"({py_deal['cpu_deals_per_s']:.0f} per CPU second)"
        )
        print(
            f"    new_deal + FastDeal.playout   : {fast['playout_per_deal']['deals_per_s']:8.0f} deals/s"
        )
    if "ratios" in cmp:
        print(f"    ratios                        : {cmp['ratios']}")


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
        cmp = compare_engines(rules, hands_n, scale, args.deals)
        figures[name] = {
            "unchecked": fast,
            "checked": checked,
            "simulate": sim,
            "movegen": gen,
            "compiled": cmp,
        }
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
        print_comparison(cmp)
        if args.profile:
            print(profile(rules, max(50, int(300 * scale)), 18))
    summary = {
        "benchmark": "bigtwo",
        "python": platform.python_version(),
        "method": "deals/s: best of 5 rounds, seeds 0..; movegen us: fastest pass over all hands / hands",
        "target_deals_per_s": TARGET_DEALS_PER_S,
        "target_fast_deals_per_s": TARGET_FAST_DEALS_PER_S,
        "engine": "compiled" if compiled.load("chupai.bigtwo._fast") is not None else "pure",
        "presets": figures,
    }
    print()
    print(json.dumps(summary, separators=(",", ":")))
    return 0


if __name__ == "__main__":
    sys.exit(main())
