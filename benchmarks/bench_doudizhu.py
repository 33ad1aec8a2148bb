"""Dou Dizhu engine speed, side by side with RLCard and OpenSpiel when installed.

Run ``python benchmarks/bench_doudizhu.py`` (about 40 s), ``--quick`` for a smoke
run of a few seconds; ``--rounds N`` and ``--seconds S`` (timed seconds per contender,
split over the rounds) set the effort. Everything runs in this one process, on one
core. The contenders are measured **round by round, interleaved** (each round times
every contender once, the order rotating from round to round), so load from the
rest of the machine hits them all alike; each figure is reported as the best round
and as the median round.

Random games per second:

* chupai (classic, also four_player): a game deals with seeds 0, 1, ... and redeals
  (next dealer, next seed) while everybody passes in the bidding, until a deal is
  played out; every action (bids, robs, 明牌, plays, passes) is a uniform choice
  among ``deal.legal_actions()``, applied with ``apply_unchecked`` (the
  simulator's fast path) or with the checked ``apply_action``; also with one
  seeded ``RandomBot`` per seat handed ``deal.observe(seat)``.
* RLCard (``pip install rlcard``): its ``DoudizhuGame`` object driven as its env
  drives it (``np_random`` from ``rlcard.utils.seeding``, ``init_game``, then
  ``step`` with a uniform choice among ``state['actions']`` until ``is_over``);
  and through ``rlcard.make('doudizhu')`` (``reset``, ``step`` with a uniform
  choice among the ids of ``state['legal_actions']``, then ``get_payoffs``), which
  adds its observation encoding. RLCard has no bidding: seat 0 is always the
  landlord, so its games do less work than the others'.
* OpenSpiel (``pip install open-spiel``): ``pyspiel.load_game("dou_dizhu")``; a
  Python loop over ``new_initial_state()`` samples each chance outcome by its
  probability (``pyspiel.sample_action`` on ``chance_outcomes()``) and plays a
  uniform choice among ``legal_actions()``; a deal where everybody passes (zero
  returns) is redealt. The engine is C++, the loop Python: that loop is what a
  Python user pays. For reference also OpenSpiel's own C++ loop,
  ``pyspiel.evaluate_bots`` with three ``make_uniform_random_bot`` bots.

Legal-move generation for the landlord's 20-card hand when leading, on the same
random hands for every contender (each hand is dealt out in full: 17 cards, the
3-card kitty and the two peasants' hands):

* chupai ``legal_plays(hand, rules)`` (= ``hand_combos``), and
  ``deal.legal_actions()`` at the landlord's first lead in a deal built from those
  hands (bid 3, nobody robs), on a fresh uncached clone each time;
* RLCard ``DoudizhuJudger.playable_cards_from_hand`` on the hand in RLCard's card
  string format (what ``init_game`` computes for the landlord);
* OpenSpiel ``state.legal_actions()`` at the landlord's first play, in a state
  dealt with the same cards (chance actions chosen to deal them; seat 0 bids 3),
  on a fresh clone each time: the time per first-lead ``legal_actions`` call.

For each chupai preset also (as before) the move generation of the landlord's hand
leading and of a dealt hand following a random top play.

Then the pure-Python and the compiled engine side by side in the same run
(``bench_doudizhu_engines.py``; skipped when the compiled core is not built or
``CHUPAI_PURE`` is set): the lead listing, API random games and the compiled
``random_games`` deals/s, with their ratios and targets under ``compiled`` in the
JSON line.

Ratios are speed ratios, above 1 when chupai is faster: chupai games/s over the
peer's, and the peer's microseconds over chupai's. Figures are printed readably,
then as one final JSON line. This is a script, not a test: it asserts nothing about
speed.
"""

from __future__ import annotations

import argparse
import gc
import json
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

from chupai import compiled
from chupai.bots import RandomBot
from chupai.doudizhu.combos import pack, unpack
from chupai.doudizhu.game import NO_ROB, Bid, DouDizhuDeal, Phase, new_deal
from chupai.doudizhu.movegen import hand_combos, legal_plays
from chupai.doudizhu.rules import PRESETS, DouDizhuRules

TARGET_RATIO_VS_RLCARD = 10
"""The issue's target: at least 10x RLCard's random games per second."""
TARGET_GAMES_PER_S = 1050
"""10x the issue's RLCard figure (about 105 games/s on a 2-core machine)."""

CLASSIC = PRESETS["classic"]
RL_RANKS = "3456789TJQKA2BR"
"""RLCard's rank characters, in chupai's rank-index order (BR = the jokers)."""


# ----- timing ---------------------------------------------------------------------


class Contender:
    """One thing to time. ``run()`` does one unit of work (a game, or one pass
    over every hand) and returns how many units it did and how many deals that
    took; ``prepare()`` (untimed) runs before each timed slice."""

    def __init__(
        self,
        name: str,
        label: str,
        run: Callable[[], int],
        prepare: Callable[[], None] | None = None,
        batch: int = 1,
    ) -> None:
        self.batch = batch
        """Units (games) one ``run()`` does."""
        self.name = name
        self.label = label
        self.run = run
        self.prepare = prepare
        self.rates: list[float] = []
        self.units = 0
        self.deals = 0
        self.seconds = 0.0


def time_rounds(
    contenders: list[Contender], rounds: int, slice_s: float, min_units: int = 1
) -> None:
    """Time each contender for ``slice_s`` seconds per round (at least
    ``min_units`` units), interleaved: round r starts with contender r (mod n)."""
    for c in contenders:  # warm up (imports, caches, first-call costs)
        if c.prepare:
            c.prepare()
        c.run()
    n = len(contenders)
    for r in range(rounds):
        for i in range(n):
            c = contenders[(r + i) % n]
            if c.prepare:
                c.prepare()
            gc.collect()
            units = deals = 0
            start = time.perf_counter()
            while True:
                deals += c.run()
                units += c.batch
                elapsed = time.perf_counter() - start
                if elapsed >= slice_s and units >= min_units:
                    break
            c.rates.append(units / elapsed)
            c.units += units
            c.deals += deals
            c.seconds += elapsed


def rate_figures(c: Contender) -> dict[str, Any]:
    return {
        "games_per_s": round(max(c.rates), 1),
        "median_games_per_s": round(statistics.median(c.rates), 1),
        "mean_games_per_s": round(c.units / c.seconds, 1),
        "games": c.units,
        "deals_per_game": round(c.deals / c.units, 3),
    }


def us_figures(c: Contender, count: int) -> dict[str, Any]:
    """Microseconds per hand, from rates of passes per second over ``count`` hands."""
    return {
        "us": round(1e6 / (max(c.rates) * count), 2),
        "median_us": round(1e6 / (statistics.median(c.rates) * count), 2),
    }


# ----- chupai games -----------------------------------------------------------------


def play_game(rules: DouDizhuRules, seed: int, mode: str) -> int:
    """One chupai game from ``seed``: redeal until a deal is played out. Returns
    the number of deals it took."""
    deals = 0
    dealer: int | None = None
    doubled = False
    bots = [RandomBot(seed * 31 + s) for s in range(rules.players)] if mode == "bots" else []
    while True:
        deal = new_deal(rules, seed * 1000 + deals, dealer=dealer, doubled=doubled)
        deals += 1
        if mode == "bots":
            while not deal.is_terminal():
                s = deal.current_player
                assert s is not None
                deal.apply_unchecked(bots[s].act(deal.observe(s), deal.legal_actions()))
        else:
            pick = random.Random(seed * 1000 + deals).randrange
            apply: Callable[..., object] = (
                deal.apply_action if mode == "checked" else deal.apply_unchecked
            )
            while not deal.is_terminal():
                legal = deal.legal_actions()
                apply(legal[pick(len(legal))])
        out = deal.outcome
        assert out is not None
        if not out.redeal:
            return deals
        dealer, doubled = (deal.dealer + 1) % rules.players, out.next_doubled


def chupai_games(preset: str, mode: str) -> Contender:
    rules = PRESETS[preset]
    seeds = iter(range(10**9))
    label = {
        "unchecked": "apply_unchecked",
        "checked": "apply_action (checked)",
        "bots": "RandomBot per seat + observe",
    }[mode]
    return Contender(
        f"chupai_{preset}_{mode}" if preset != "classic" else f"chupai_{mode}",
        f"chupai {preset}, {label}",
        lambda: play_game(rules, next(seeds), mode),
    )


# ----- peers: optional imports -------------------------------------------------------


def load_rlcard() -> tuple[dict[str, Any] | None, str]:
    try:
        import numpy as np
        import rlcard
        from rlcard.games.doudizhu.game import DoudizhuGame
        from rlcard.games.doudizhu.judger import DoudizhuJudger
        from rlcard.utils import seeding
    except Exception as exc:  # ImportError, or a broken install
        return None, f"rlcard not importable ({type(exc).__name__}: {exc}); pip install rlcard"
    return {
        "rlcard": rlcard,
        "np": np,
        "Game": DoudizhuGame,
        "Judger": DoudizhuJudger,
        "seeding": seeding,
    }, getattr(rlcard, "__version__", "?")


def load_openspiel() -> tuple[Any | None, str]:
    try:
        import pyspiel

        game = pyspiel.load_game("dou_dizhu")
    except Exception as exc:
        return None, (
            f"open_spiel (pyspiel) not importable ({type(exc).__name__}: {exc}); "
            "pip install open-spiel"
        )
    try:
        from importlib.metadata import version

        ver = version("open_spiel")
    except Exception:
        ver = "?"
    return (pyspiel, game), ver


def rlcard_game_contender(rl: dict[str, Any], seed: int) -> Contender:
    """RLCard's game object, driven as ``rlcard.envs.Env`` drives it."""
    game = rl["Game"]()
    game.np_random = rl["seeding"].np_random(seed)[0]  # what Env.seed() does
    pick = random.Random(seed).randrange

    def run() -> int:
        state, _ = game.init_game()
        while not game.is_over():
            actions = state["actions"]
            state, _ = game.step(actions[pick(len(actions))])
        return 1

    return Contender("rlcard_game", "RLCard DoudizhuGame loop (no bidding)", run)


def rlcard_env_contender(rl: dict[str, Any], seed: int) -> Contender:
    """RLCard through its env: action ids and encoded observations."""
    env = rl["rlcard"].make("doudizhu", config={"seed": seed})
    pick = random.Random(seed).randrange

    def run() -> int:
        state, _ = env.reset()
        while not env.is_over():
            legal = list(state["legal_actions"])
            state, _ = env.step(legal[pick(len(legal))])
        env.get_payoffs()
        return 1

    return Contender("rlcard_env", "RLCard rlcard.make('doudizhu') env steps", run)


def openspiel_python_contender(ops: tuple[Any, Any], seed: int) -> Contender:
    pyspiel, game = ops
    rng = random.Random(seed)
    rnd, pick, sample = rng.random, rng.randrange, pyspiel.sample_action

    def run() -> int:
        deals = 0
        while True:
            state = game.new_initial_state()
            deals += 1
            while not state.is_terminal():
                if state.is_chance_node():
                    state.apply_action(sample(state.chance_outcomes(), rnd())[0])
                else:
                    legal = state.legal_actions()
                    state.apply_action(legal[pick(len(legal))])
            if any(state.returns()):  # all passed: zero returns, redeal
                return deals

    return Contender("openspiel_python", "OpenSpiel dou_dizhu, Python loop (C++ engine)", run)


def compiled_games_contender(rules: Any, name: str) -> Contender:
    """Random games played whole inside the compiled core (``random_games``: dealt
    in C as ``new_deal`` deals, bidding included), 100 games per call."""
    from chupai.doudizhu.playout import random_games

    seeds = iter(range(0, 10**12, 100))

    def run() -> int:
        out = random_games(rules, 100, next(seeds))
        return int(out["deals"]) + int(out["redeals"])

    return Contender(name, "chupai random_games, whole games in the compiled core", run, batch=100)


def openspiel_cpp_contender(ops: tuple[Any, Any], seed: int) -> Contender:
    pyspiel, game = ops
    bots = [pyspiel.make_uniform_random_bot(p, seed + p) for p in range(3)]
    seeds = iter(range(seed, 10**9))

    def run() -> int:
        deals = 0
        while True:
            deals += 1
            if any(pyspiel.evaluate_bots(game.new_initial_state(), bots, next(seeds))):
                return deals

    return Contender("openspiel_cpp", "OpenSpiel dou_dizhu, C++ evaluate_bots loop", run)


# ----- move generation: the same 20-card landlord hands for everybody ----------------


class LordDeal:
    """A full classic deal around one random 20-card landlord hand (seat 0)."""

    def __init__(self, rng: random.Random) -> None:
        deck = [r for r in range(13) for _ in range(4)] + [13, 14]
        rng.shuffle(deck)
        self.lord17, self.kitty = deck[:17], deck[17:20]
        self.p1, self.p2 = deck[20:37], deck[37:54]
        self.hand = packed(deck[:20])

    def rlcard_str(self) -> str:
        c = unpack(self.hand)
        return "".join(RL_RANKS[r] * c[r] for r in range(15))

    def chupai_deal(self) -> DouDizhuDeal:
        """Seat 0 bids 3, nobody robs: the landlord's first lead."""
        d = DouDizhuDeal.from_hands(
            CLASSIC,
            [packed(self.lord17), packed(self.p1), packed(self.p2)],
            packed(self.kitty),
            dealer=0,
            first_bidder=0,
        )
        d.apply_action(Bid(3))
        while d.phase is Phase.ROB:
            d.apply_action(NO_ROB)
        if d.phase is not Phase.PLAY or d.current_player != 0 or d.hands[0] != self.hand:
            raise RuntimeError("chupai deal setup failed")
        return d

    def openspiel_state(self, game: Any) -> Any:
        """The same cards dealt in OpenSpiel (card k of the deal goes to seat k mod 3;
        the undealt 3 are the kitty; first card up at position 0, so seat 0 bids
        first and bids 3): the landlord's first play."""
        pools = {r: [s * 13 + r for s in range(4)] for r in range(13)}
        pools[13], pools[14] = [52], [53]
        seats = [[pools[r].pop() for r in cards] for cards in (self.lord17, self.p1, self.p2)]
        state = game.new_initial_state()
        state.apply_action(0)  # first card up: position 0
        for k in range(51):
            state.apply_action(51 + seats[k % 3][k // 3])
        if state.current_player() != 0:
            raise RuntimeError("OpenSpiel deal setup: seat 0 does not bid first")
        state.apply_action(3)  # bid 3
        c = unpack(self.hand)
        want = "".join(RL_RANKS[r] * c[r] for r in range(13)) + "(BWJ)" * c[13] + "(CJ)" * c[14]
        got = state.observation_string(0).split("\n")[0]
        if state.current_player() != 0 or got != "My hand " + want:
            raise RuntimeError(f"OpenSpiel deal setup failed: {got!r} != {want!r}")
        return state


def packed(ranks: list[int]) -> int:
    return pack([ranks.count(r) for r in range(15)])


def movegen_contenders(
    count: int, rl: dict[str, Any] | None, ops: tuple[Any, Any] | None
) -> tuple[list[Contender], dict[str, float]]:
    rng = random.Random(20)
    deals = [LordDeal(rng) for _ in range(count)]
    hands = [d.hand for d in deals]
    plays: dict[str, float] = {"chupai": sum(len(legal_plays(h, CLASSIC)) for h in hands) / count}

    def chupai_gen() -> int:
        for h in hands:
            legal_plays(h, CLASSIC)
        return 0

    out = [Contender("chupai_legal_plays", "chupai legal_plays(hand) leading", chupai_gen)]

    cdeals = [d.chupai_deal() for d in deals]
    fresh: list[DouDizhuDeal] = []

    def chupai_fresh() -> None:
        fresh[:] = [d.clone() for d in cdeals]

    def chupai_first_lead() -> int:
        for d in fresh:
            d.legal_actions()
        return 0

    chupai_fresh()
    plays["chupai_deal"] = sum(len(d.legal_actions()) for d in fresh) / count
    out.append(
        Contender(
            "chupai_legal_actions",
            "chupai deal.legal_actions() at the first lead (fresh clone)",
            chupai_first_lead,
            chupai_fresh,
        )
    )

    if rl is not None:
        playable = rl["Judger"].playable_cards_from_hand
        strs = [d.rlcard_str() for d in deals]
        plays["rlcard"] = sum(len(playable(s)) for s in strs) / count

        def rl_gen() -> int:
            for s in strs:
                playable(s)
            return 0

        out.append(
            Contender(
                "rlcard_judger", "RLCard DoudizhuJudger.playable_cards_from_hand(hand)", rl_gen
            )
        )
    if ops is not None:
        states = [d.openspiel_state(ops[1]) for d in deals]
        ofresh: list[Any] = []

        def os_fresh() -> None:
            ofresh[:] = [s.clone() for s in states]

        def os_first_lead() -> int:
            for s in ofresh:
                s.legal_actions()
            return 0

        plays["openspiel"] = sum(len(s.legal_actions()) for s in states) / count
        out.append(
            Contender(
                "openspiel_legal_actions",
                "OpenSpiel state.legal_actions(), per first-lead call (fresh clone)",
                os_first_lead,
                os_fresh,
            )
        )
    return out, plays


# ----- chupai per-preset move generation (as before) ----------------------------------


def random_hand(rules: DouDizhuRules, n: int, rng: random.Random) -> int:
    p = rules.packs
    deck = [r for r in range(13) for _ in range(4 * p)] + [13] * p + [14] * p
    rng.shuffle(deck)
    return packed(deck[:n])


def time_preset_movegen(rules: DouDizhuRules, count: int, rounds: int) -> dict[str, float]:
    rng = random.Random(7)
    lord = rules.hand_size + rules.kitty_size
    lords = [random_hand(rules, lord, rng) for _ in range(count)]
    dealt = [random_hand(rules, rules.hand_size, rng) for _ in range(count)]
    tops = []
    for _ in range(count):
        others = hand_combos(random_hand(rules, rules.hand_size, rng), rules)
        tops.append(others[rng.randrange(len(others))])
    n_lead = sum(len(legal_plays(h, rules)) for h in lords)  # also warms up
    for h, top in zip(dealt, tops):
        legal_plays(h, rules, top)
    lead: list[float] = []
    follow: list[float] = []
    for _ in range(rounds):
        gc.collect()
        t0 = time.perf_counter()
        for h in lords:
            legal_plays(h, rules)
        lead.append((time.perf_counter() - t0) / count)
        t0 = time.perf_counter()
        for h, top in zip(dealt, tops):
            legal_plays(h, rules, top)
        follow.append((time.perf_counter() - t0) / count)
    return {
        f"lead_{lord}_cards_us": round(min(lead) * 1e6, 2),
        f"lead_{lord}_cards_median_us": round(statistics.median(lead) * 1e6, 2),
        f"lead_{lord}_cards_mean_plays": round(n_lead / count, 1),
        f"follow_{rules.hand_size}_cards_us": round(min(follow) * 1e6, 2),
        f"follow_{rules.hand_size}_cards_median_us": round(statistics.median(follow) * 1e6, 2),
    }


def landlord_deal_lead_us(rules: DouDizhuRules, count: int, rounds: int) -> dict[str, float]:
    """legal_actions() of the landlord's first lead in random deals (seed 0, 1, ...;
    the first bidder bids 3, nobody robs), on fresh uncached clones: best and
    median round."""
    deals: list[DouDizhuDeal] = []
    for seed in range(count):
        d = new_deal(rules, seed)
        d.apply_unchecked(Bid(3))
        while d.phase is Phase.ROB:
            d.apply_unchecked(NO_ROB)
        deals.append(d)
    times: list[float] = []
    for _ in range(rounds + 1):  # the first pass warms up
        fresh = [d.clone() for d in deals]
        gc.collect()
        t0 = time.perf_counter()
        for d in fresh:
            d.legal_actions()
        times.append((time.perf_counter() - t0) / count)
    return {
        "us": round(min(times[1:]) * 1e6, 2),
        "median_us": round(statistics.median(times[1:]) * 1e6, 2),
    }


# ----- main -------------------------------------------------------------------------


def ratio(num: float | None, den: float | None) -> float | None:
    return None if not num or not den else round(num / den, 2)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--quick", action="store_true", help="a short smoke run (a few seconds)")
    ap.add_argument(
        "--rounds", type=int, default=None, help="interleaved rounds (default 7, quick 3)"
    )
    ap.add_argument(
        "--seconds",
        type=float,
        default=None,
        help="timed seconds per games/s contender, over all rounds (default 3, quick 0.15)",
    )
    ap.add_argument(
        "--hands",
        type=int,
        default=None,
        help="random 20-card landlord hands for move generation (default 2000, quick 100)",
    )
    args = ap.parse_args(argv)
    rounds = args.rounds or (3 if args.quick else 7)
    seconds = args.seconds or (0.15 if args.quick else 3.0)
    count = args.hands or (100 if args.quick else 2000)
    if rounds < 1 or seconds <= 0 or count < 1:
        ap.error("--rounds, --seconds and --hands must be positive")

    rl, rl_note = load_rlcard()
    ops, os_note = load_openspiel()
    print(
        f"chupai Dou Dizhu benchmark: Python {platform.python_version()} on "
        f"{platform.machine()}, one core; {rounds} interleaved rounds, "
        f"{seconds:g} s per games/s contender, {count} hands for move generation"
    )
    print(f"  RLCard: {'rlcard ' + rl_note if rl else 'SKIPPED: ' + rl_note}")
    print(f"  OpenSpiel: {'open_spiel ' + os_note if ops else 'SKIPPED: ' + os_note}")

    # --- random games per second, every contender interleaved ---
    games = [chupai_games("classic", m) for m in ("unchecked", "checked", "bots")]
    if rl is not None:
        games += [rlcard_game_contender(rl, 1), rlcard_env_contender(rl, 1)]
    if ops is not None:
        games += [openspiel_python_contender(ops, 1), openspiel_cpp_contender(ops, 1)]
    games += [chupai_games("four_player", m) for m in ("unchecked", "checked", "bots")]
    if compiled.load("chupai.doudizhu._fast") is not None:
        games += [
            compiled_games_contender(PRESETS["classic"], "chupai_compiled"),
            compiled_games_contender(PRESETS["four_player"], "chupai_four_player_compiled"),
        ]
    time_rounds(games, rounds, seconds / rounds)
    gfig = {c.name: rate_figures(c) for c in games}

    print(
        "\nrandom games/s (bidding and redeals included unless noted)   best   median   deals/game"
    )
    for c in games:
        f = gfig[c.name]
        print(
            f"  {c.label:58s} {f['games_per_s']:8.0f} {f['median_games_per_s']:8.0f}"
            f"   {f['deals_per_game']:.3f}"
        )

    # --- legal-move generation, same hands, interleaved ---
    gens, plays = movegen_contenders(count, rl, ops)
    time_rounds(gens, rounds, 0.0)
    mfig: dict[str, Any] = {"hands": count}
    for c in gens:
        key = {
            "chupai_legal_plays": "chupai",
            "chupai_legal_actions": "chupai_deal",
            "rlcard_judger": "rlcard",
            "openspiel_legal_actions": "openspiel",
        }[c.name]
        mfig[c.name] = {**us_figures(c, count), "mean_plays": round(plays[key], 1)}
    print(
        f"\nlegal moves of a random 20-card landlord hand leading ({count} hands)"
        "        best us  median us  plays"
    )
    for c in gens:
        f = mfig[c.name]
        print(f"  {c.label:66s} {f['us']:7.2f} {f['median_us']:9.2f} {f['mean_plays']:6.1f}")

    # --- chupai per preset (as before) ---
    presets: dict[str, Any] = {}
    for name, rules in PRESETS.items():
        prefix = "chupai_" if name == "classic" else f"chupai_{name}_"
        presets[name] = {
            **{m: gfig[prefix + m] for m in ("unchecked", "checked", "bots")},
            "movegen": time_preset_movegen(rules, count, rounds),
            "landlord_first_lead": landlord_deal_lead_us(rules, min(count, 300), rounds),
        }
    print("\nchupai per preset (move generation: best round)")
    for name, res in presets.items():
        mg = ", ".join(f"{k} {v}" for k, v in res["movegen"].items() if "median" not in k)
        print(
            f"  {name}: {mg}; first lead legal_actions() in a random deal "
            f"{res['landlord_first_lead']['us']} us"
        )

    # --- the pure and the compiled engine side by side ---
    from bench_doudizhu_engines import FAST, compiled_section

    engines = compiled_section(count, rounds, seconds)

    # --- ratios (speed ratios: > 1 when chupai is faster) ---
    def g(name: str, stat: str) -> float | None:
        return gfig[name][stat] if name in gfig else None

    def m(name: str, stat: str) -> float | None:
        return mfig[name][stat] if name in mfig else None

    ratios: dict[str, Any] = {}
    for stat, key in (("best", "games_per_s"), ("median", "median_games_per_s")):
        for mine in ("chupai_unchecked", "chupai_checked", "chupai_compiled"):
            for peer in ("rlcard_game", "rlcard_env", "openspiel_python", "openspiel_cpp"):
                if peer in gfig and mine in gfig:
                    ratios.setdefault(f"games {mine}/{peer}", {})[stat] = ratio(
                        g(mine, key), g(peer, key)
                    )
    for stat in ("us", "median_us"):
        s = "best" if stat == "us" else "median"
        for mine, peer in (
            ("chupai_legal_plays", "rlcard_judger"),
            ("chupai_legal_actions", "openspiel_legal_actions"),
            ("chupai_legal_plays", "openspiel_legal_actions"),
        ):
            if peer in mfig:
                ratios.setdefault(f"movegen {mine}/{peer}", {})[s] = ratio(
                    m(peer, stat), m(mine, stat)
                )
    if ratios:
        print("\nspeed ratios (chupai over peer; > 1 = chupai faster)       best   median")
        for k, v in ratios.items():
            print(f"  {k:56s} {v['best']:7.2f} {v['median']:7.2f}")
    best = gfig["chupai_unchecked"]["games_per_s"]
    target: dict[str, Any] = {
        "games_per_s": TARGET_GAMES_PER_S,
        "meets_games_per_s": best >= TARGET_GAMES_PER_S,
    }
    for peer in ("rlcard_game", "rlcard_env"):
        if peer in gfig:
            target[f"meets_10x_{peer}"] = best >= TARGET_RATIO_VS_RLCARD * gfig[peer]["games_per_s"]
    print(
        f"\ntarget: chupai classic unchecked {best:.0f} games/s vs {TARGET_GAMES_PER_S} "
        f"(10x the issue's RLCard figure): {'met' if target['meets_games_per_s'] else 'NOT met'}"
        + "".join(
            f"; 10x measured {p}: {'met' if target.get(f'meets_10x_{p}') else 'NOT met'}"
            for p in ("rlcard_game", "rlcard_env")
            if p in gfig
        )
    )

    summary = {
        "benchmark": "doudizhu",
        "python": platform.python_version(),
        "machine": platform.machine(),
        "method": (
            "one process, one core; contenders interleaved round by round (order "
            "rotating); games/s and us/hand: best round and median round"
        ),
        "rounds": rounds,
        "seconds_per_contender": seconds,
        "peers": {"rlcard": rl_note if rl else None, "open_spiel": os_note if ops else None},
        "skipped": {
            k: v
            for k, v in (
                ("rlcard", None if rl else rl_note),
                ("open_spiel", None if ops else os_note),
            )
            if v
        },
        "games": gfig,
        "movegen_lead_20": mfig,
        "presets": presets,
        "ratios": ratios,
        "target": target,
        "engine": "compiled" if FAST is not None else "pure",
        "compiled": engines,
        "compiled_ratios": engines.get("ratios", {}),
    }
    print()
    print(json.dumps(summary, separators=(",", ":"), ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
