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
  leading (``legal_plays`` with no top) and following a random top play;
* the pure-Python engine and the compiled core (``chupai.biga._fast*``, where
  built) side by side in the same run: move generation (22- and 13-card hands),
  API random deals/s (``apply_unchecked``) with the pure functions patched in,
  playouts (the draw in Python, play in C) and :func:`chupai.biga.playout.random_games`
  (whole random deals in C) against its pure reference; the ratios are in the
  final JSON line under ``compiled``.

No other engine implements Big A, so there is no peer to compare with. Figures are
printed readably, then as one final JSON line. This is a script, not a test: it
asserts nothing.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import platform
import random
import time
from collections.abc import Callable, Iterator
from typing import Any

from bench_bigtwo import time_deals  # the same timing method (this folder is on the path)

from chupai import compiled
from chupai.biga import game as _game, movegen as _movegen, play as _play
from chupai.biga.cards import DECK, NFACES, UNIT, normalize
from chupai.biga.game import DECLINE, new_deal
from chupai.biga.playout import playout, random_games, random_games_py
from chupai.biga.rules import PRESETS, BigARules
from chupai.bots import RandomBot


def hand_combos(hand: int, rules: BigARules, big: int | None) -> Any:
    return _movegen.hand_combos(hand, rules, big)


def legal_plays(hand: int, rules: BigARules, big: int | None, top: Any = None) -> Any:
    return _movegen.legal_plays(hand, rules, big, top)


@contextlib.contextmanager
def pure_engine() -> Iterator[None]:
    """The pure-Python move generator in every module that bound the compiled one
    (what ``CHUPAI_PURE=1`` gives, within this process)."""
    patches = [
        (_movegen, "hand_combos", _movegen.hand_combos_py),
        (_movegen, "legal_plays", _movegen.legal_plays_py),
        (_movegen, "follow_filter", _movegen.follow_filter_py),
        (_game, "follow_filter", _movegen.follow_filter_py),
        (_play, "hand_combos", _movegen.hand_combos_py),
        (_game, "_follow_actions", None),
    ]
    saved = [(module, name, getattr(module, name)) for module, name, _ in patches]
    for module, name, pure in patches:
        setattr(module, name, pure)
    try:
        yield
    finally:
        for module, name, fn in saved:
            setattr(module, name, fn)


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
    for _hand, big in hands:
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


def time_lead(rules: BigARules, size: int, budget: float) -> float:
    """µs per leading listing of random ``size``-card hands (the current engine)."""
    hands = random_hands(200, 3, size)

    def lead() -> None:
        for hand, big in hands:
            legal_plays(hand, rules, big)

    lead()
    return round(per_call_us(lead, len(hands), budget), 2)


def rate(fn: Callable[[], int], budget: float, rounds: int = 3) -> dict[str, float]:
    """Deals/s of ``fn`` (which plays some deals and returns how many): the best
    round by the wall clock, and by this process's CPU time (steadier on a
    shared machine)."""
    fn()  # warm up
    best = best_cpu = 0.0
    deals = 0
    for _ in range(rounds):
        start = time.perf_counter()
        cpu = time.process_time()
        n = 0
        while True:
            n += fn()
            elapsed = time.perf_counter() - start
            if elapsed > budget / rounds:
                break
        deals += n
        best = max(best, n / elapsed)
        best_cpu = max(best_cpu, n / max(time.process_time() - cpu, 1e-9))
    return {"deals": deals, "deals_per_s": round(best, 1), "cpu_deals_per_s": round(best_cpu, 1)}


def time_compiled(rules: BigARules, scale: float) -> dict[str, Any]:
    """The pure engine and the compiled core side by side (see the module)."""
    out: dict[str, Any] = {
        "built": compiled.load("chupai.biga._fast") is not None,
        "deal_engine_built": compiled.load("chupai.biga._fast_deal") is not None,
    }
    budget = 1.0 * scale
    out["lead13_us"] = time_lead(rules, 13, budget)
    out["lead22_us"] = time_lead(rules, 22, budget)
    with pure_engine():
        out["lead13_pure_us"] = time_lead(rules, 13, budget)
        out["lead22_pure_us"] = time_lead(rules, 22, budget)
        gen_pure = time_movegen(rules, 50 if scale < 1 else 300, budget)
        api_pure = time_mode(rules, "unchecked", None, 2.0 * scale)
    out["movegen_pure"] = gen_pure
    out["unchecked_pure"] = api_pure
    seeds = iter(range(10**9))

    def playouts() -> int:
        for _ in range(20):
            s = next(seeds)
            playout(new_deal(rules, s), s)
        return 20

    out["playout_python_deal"] = rate(playouts, 2.0 * scale)
    chunk = 2000 if scale < 1 else 20000
    start = [0]

    def games() -> int:
        random_games(rules, chunk, start[0])
        start[0] += chunk
        return chunk

    out["random_games"] = rate(games, 3.0 * scale)
    start_py = [0]

    def games_py() -> int:
        random_games_py(rules, 20, start_py[0])
        start_py[0] += 20
        return 20

    out["random_games_pure"] = rate(games_py, 2.0 * scale)
    return out


def ratios(figures: dict[str, Any]) -> dict[str, float]:
    """Compiled over pure speed-ups (times: pure / compiled; rates: compiled / pure)."""
    c = figures["compiled"]
    gen, gen_pure = figures["movegen"], c["movegen_pure"]
    return {
        "lead13": round(c["lead13_pure_us"] / c["lead13_us"], 2),
        "lead22": round(c["lead22_pure_us"] / c["lead22_us"], 2),
        "movegen_lead": round(gen_pure["lead_us"] / gen["lead_us"], 2),
        "movegen_follow": round(gen_pure["follow_us"] / gen["follow_us"], 2),
        "api_unchecked": round(
            figures["unchecked"]["deals_per_s"] / c["unchecked_pure"]["deals_per_s"], 2
        ),
        "playout_vs_pure_api": round(
            c["playout_python_deal"]["deals_per_s"] / c["unchecked_pure"]["deals_per_s"], 2
        ),
        "random_games_vs_pure": round(
            c["random_games"]["deals_per_s"] / c["random_games_pure"]["deals_per_s"], 2
        ),
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
    comp = time_compiled(rules, scale)
    figures["compiled"] = comp
    figures["ratios"] = ratios(figures)
    rr = figures["ratios"]
    built = "built" if comp["built"] and comp["deal_engine_built"] else "NOT built (pure twice)"
    print(f"  pure Python vs compiled core ({built}):")
    print(
        f"    lead listing, 13 cards : {comp['lead13_pure_us']:8.2f} us -> "
        f"{comp['lead13_us']:6.2f} us  (x{rr['lead13']})"
    )
    print(
        f"    lead listing, 22 cards : {comp['lead22_pure_us']:8.2f} us -> "
        f"{comp['lead22_us']:6.2f} us  (x{rr['lead22']})"
    )
    print(
        f"    follow listing, 22     : {comp['movegen_pure']['follow_us']:8.2f} us -> "
        f"{gen['follow_us']:6.2f} us  (x{rr['movegen_follow']})"
    )
    print(
        f"    API random deals/s     : {comp['unchecked_pure']['deals_per_s']:8.0f}    -> "
        f"{figures['unchecked']['deals_per_s']:6.0f}     (x{rr['api_unchecked']})"
    )
    print(
        f"    playout(): draw in Python, play in C: "
        f"{comp['playout_python_deal']['deals_per_s']:8.0f} deals/s"
    )
    print(
        f"    random_games (all in C): {comp['random_games']['deals_per_s']:8.0f} deals/s "
        f"({comp['random_games']['cpu_deals_per_s']:.0f} per CPU second) "
        f"vs pure reference {comp['random_games_pure']['deals_per_s']:.0f} "
        f"(x{rr['random_games_vs_pure']})"
    )
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
