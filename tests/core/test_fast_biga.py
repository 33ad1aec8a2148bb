"""Big A's compiled core (``chupai.biga._fast``, ``chupai.biga._fast_deal``) against
the pure-Python reference: the same legal lists in the same order, the same deals
played to the same returns.

Every test here compares the two paths, so each is skipped, saying why, when the
compiled core is not built.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings, strategies as st

from chupai import compiled
from chupai.actions import PASS
from chupai.biga import game as game_mod, movegen, playout as playout_mod
from chupai.biga.cards import DECK, NFACES, UNIT, normalize
from chupai.biga.combos import Kind
from chupai.biga.events import Capture, Phase
from chupai.biga.game import BigADeal, new_deal
from chupai.biga.notation import deal_stock
from chupai.biga.playout import (
    POLICIES,
    greedy_index,
    playout,
    random_games,
    random_games_py,
    reference_playout,
)
from chupai.biga.rules import PRESETS, BigARules, resolve
from chupai.playrng import SplitMix64

fast = compiled.built("chupai.biga._fast")
needs_fast = pytest.mark.skipif(fast is None, reason="chupai.biga._fast is not built")

OPTION_SETS: dict[str, dict[str, str]] = {
    "standard": {},
    "chain": {"sequence_order": "chain_four_to_three"},
    "ace_high in_sets": {"rank_order": "ace_high", "big_ace_in_sets": "true"},
    "egg options": {
        "egg_over_joker_single": "true",
        "egg_over_pair_sequence": "true",
        "big_ace_single_min_big_egg": "4",
    },
    "in_sets chain min6": {
        "big_ace_in_sets": "true",
        "sequence_order": "chain_four_to_three",
        "big_ace_single_min_big_egg": "6",
    },
    "no capture p2d5": {"fours_capture": "false", "p2d5_defender_points": "2"},
}
RULES: dict[str, BigARules] = {name: resolve("standard", o) for name, o in OPTION_SETS.items()}
FACES = [f for f in range(NFACES) for _ in range((DECK >> (5 * f)) & 31)]


def deck_hand(rng: random.Random, size: int) -> int:
    """``size`` cards drawn from the two packs (Aces suited, not normalized)."""
    return sum(UNIT[f] for f in rng.sample(FACES, size))


hands = st.tuples(st.integers(0, 2**32), st.integers(0, 30), st.sampled_from([None, 0, 1, 2, 3]))


@needs_fast
@settings(max_examples=150, deadline=None)
@given(hands, st.sampled_from(sorted(RULES)))
def test_leading_lists_are_the_pure_ones(case: tuple[int, int, int | None], name: str) -> None:
    assert fast is not None
    seed, size, big = case
    rules = RULES[name]
    hand = deck_hand(random.Random(seed), size)
    want = movegen.hand_combos_py(hand, rules, big)
    got = fast.hand_combos(hand, rules, big)
    assert got == want
    assert [type(c) for c in got] == [type(c) for c in want]
    assert fast.legal_plays(hand, rules, big) == want


@needs_fast
@settings(max_examples=150, deadline=None)
@given(hands, st.integers(0, 2**32), st.sampled_from(sorted(RULES)))
def test_following_lists_are_the_pure_ones(
    case: tuple[int, int, int | None], top_seed: int, name: str
) -> None:
    assert fast is not None
    seed, size, big = case
    rules = RULES[name]
    rng = random.Random(top_seed)
    hand = deck_hand(random.Random(seed), size)
    tops = movegen.hand_combos_py(deck_hand(rng, rng.randrange(1, 30)), rules, big)
    combos = movegen.hand_combos_py(hand, rules, big)
    for top in rng.sample(tops, min(6, len(tops))):
        want = movegen.legal_plays_py(hand, rules, big, top)
        assert fast.legal_plays(hand, rules, big, top) == want
        assert fast.follow_filter(combos, top, rules) == want
        assert movegen.follow_filter_py(combos, top, rules) == want
        held = deck_hand(rng, rng.randrange(0, 20))
        assert fast.follow_filter(combos, top, rules, held) == movegen.follow_filter_py(
            combos, top, rules, held
        )


@needs_fast
@settings(max_examples=100, deadline=None)
@given(hands, st.integers(0, 2**32), st.sampled_from(sorted(RULES)))
def test_following_actions_are_the_pure_ones(
    case: tuple[int, int, int | None], top_seed: int, name: str
) -> None:
    """``follow_actions`` (the following branch of ``BigADeal.legal_actions``):
    the plays, a fours capture, pass; tops include eggs and big eggs."""
    assert fast is not None
    seed, size, big = case
    rules = RULES[name]
    rng = random.Random(top_seed)
    hand = normalize(deck_hand(random.Random(seed), size) + rng.randrange(8) * UNIT[1], big)
    combos = movegen.hand_combos_py(hand, rules, big)
    tops = movegen.hand_combos_py(deck_hand(rng, rng.randrange(1, 30)), rules, big)
    eggs = [c for c in tops if c.kind in (Kind.EGG, Kind.BIG_EGG)]
    for top in rng.sample(tops, min(4, len(tops))) + eggs[:4]:
        want: list[Any] = list(movegen.follow_filter_py(combos, top, rules))
        want += [Capture(c, top) for c in movegen.captures(hand, rules, top)]
        want.append(PASS)
        assert fast.follow_actions(combos, top, rules, hand) == want


@needs_fast
def test_the_engine_uses_the_compiled_generator_unless_pure_is_forced() -> None:
    if compiled.pure_forced():
        assert movegen.hand_combos is movegen.hand_combos_py
        assert game_mod._follow_actions is None
    else:
        assert fast is not None
        assert movegen.hand_combos is fast.hand_combos
        assert movegen.legal_plays is fast.legal_plays
        assert movegen.follow_filter is fast.follow_filter
        assert game_mod._follow_actions is fast.follow_actions


@needs_fast
def test_every_combination_of_the_tables_is_listed_from_the_full_deck() -> None:
    assert fast is not None
    for rules in RULES.values():
        for big in (None, 2):
            want = movegen.hand_combos_py(DECK, rules, big)
            assert fast.hand_combos(DECK, rules, big) == want
            assert len(want) == len(set(want)) > 250


# ----- the compiled deal engine ---------------------------------------------------------

fast_deal = compiled.built("chupai.biga._fast_deal")
fast_draw = compiled.built("chupai.biga._fast_draw")
needs_deal = pytest.mark.skipif(
    fast_deal is None or fast_draw is None,
    reason="chupai.biga._fast_deal / _fast_draw are not built",
)


def to_play(deal: BigADeal, rng: SplitMix64) -> int:
    """Step ``deal`` by the random policy until play starts (or the deal ends);
    returns the number of actions applied."""
    n = 0
    while deal.phase is not Phase.PLAY and not deal.is_terminal():
        legal = deal.legal_actions()
        deal.apply_unchecked(legal[rng.below(len(legal))])
        n += 1
    return n


def side_by_side(deal: BigADeal, rng: SplitMix64, shuffle: random.Random | None) -> int:
    """Play ``deal`` (in play) and a FastDeal of it by the random policy of ``rng``,
    asserting equal legal lists at every step. With ``shuffle``, sometimes clone
    the FastDeal, and sometimes list the Python deal's actions on a clone of it
    (so that its own move cache lags, as a replay leaves it) and rebuild the
    FastDeal from it before and after the step (a FastDeal lists, hence caches, at
    every step, as the Python deal does when it is asked at every step). Returns
    the number of actions applied."""
    assert fast_deal is not None
    fd = fast_deal.FastDeal(deal)
    n = 0
    while not deal.is_terminal():
        assert not fd.is_terminal()
        assert fd.current_player == deal.current_player
        lag = shuffle is not None and shuffle.random() < 0.2
        if lag:
            legal = deal.clone().legal_actions()  # leaves deal's own cache as it was
            fd = fast_deal.FastDeal(deal)
        else:
            legal = deal.legal_actions()
        assert fd.legal_actions() == legal
        assert fd.legal_count() == len(legal)
        i = rng.below(len(legal))
        deal.apply_unchecked(legal[i])
        fd.apply_index(i)
        n += 1
        if lag:
            fd = fast_deal.FastDeal(deal)
        elif shuffle is not None and shuffle.random() < 0.1:
            fd = fd.clone()
    assert fd.is_terminal() and fd.current_player is None
    assert fd.returns() == deal.returns()
    return n


@needs_deal
@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**40), st.sampled_from(sorted(RULES)))
def test_fast_deal_steps_with_the_python_deal(seed: int, name: str) -> None:
    deal = new_deal(RULES[name], seed)
    rng = SplitMix64(seed)
    to_play(deal, rng)
    if deal.is_terminal():
        return
    side_by_side(deal, rng, random.Random(seed))


@needs_deal
def test_fast_deal_clones_are_independent_and_refuse_the_draw() -> None:
    assert fast_deal is not None
    deal = new_deal(RULES["standard"], 5)
    with pytest.raises(ValueError, match="play phase"):
        fast_deal.FastDeal(deal)
    with pytest.raises(ValueError, match="not initialized"):
        fast_deal.FastDeal.__new__(fast_deal.FastDeal).legal_count()
    to_play(deal, SplitMix64(5))
    fd = fast_deal.FastDeal(deal)
    twin = fd.clone()
    before = twin.legal_actions()
    fd.apply_index(0)
    assert twin.legal_actions() == before != fd.legal_actions()
    with pytest.raises(IndexError):
        twin.apply_index(len(before))
    assert twin.returns() == [0] * 5 and not twin.is_terminal()


@needs_deal
@settings(max_examples=30, deadline=None)
@given(
    st.integers(0, 2**40),
    st.integers(0, 2**64 - 1),
    st.sampled_from(sorted(RULES)),
    st.sampled_from(POLICIES),
    st.integers(0, 120),
)
def test_playout_is_the_reference(
    deal_seed: int, seed: int, name: str, policy: str, steps: int
) -> None:
    deal = new_deal(RULES[name], deal_seed)
    rng = random.Random(deal_seed)
    for _ in range(steps):  # from any point: the draw, before play, mid-play
        if deal.is_terminal():
            break
        legal = deal.legal_actions()
        deal.apply_action(legal[rng.randrange(len(legal))])
    history = list(deal.history)
    want = reference_playout(deal, seed, policy)
    assert playout(deal, seed, policy) == want
    assert deal.history == history  # neither changes the deal
    if deal.phase is Phase.PLAY:
        assert fast_deal is not None
        assert fast_deal.FastDeal(deal).playout(seed, policy) == want


@needs_deal
def test_greedy_indexes_agree() -> None:
    assert fast_deal is not None
    deal = new_deal(RULES["egg options"], 8)
    to_play(deal, SplitMix64(8))
    while not deal.is_terminal():
        legal = deal.legal_actions()
        i = fast_deal.FastDeal(deal).greedy_index()
        assert i == greedy_index(deal, legal)
        deal.apply_action(legal[i])
    assert deal.returns() == reference_playout(new_deal(RULES["egg options"], 8), 8, "greedy")


@needs_deal
@given(st.integers(0, 2**64 - 1))
def test_the_c_shuffle_is_deal_stock(seed: int) -> None:
    assert fast_draw is not None
    assert fast_draw.shuffled_stock(seed) == deal_stock(seed)


@needs_deal
@pytest.mark.parametrize("name", sorted(RULES))
def test_random_games_are_the_reference(name: str) -> None:
    assert fast_draw is not None
    rules = RULES[name]
    for s in range(12):
        assert fast_draw.random_games(rules, 1, s) == random_games_py(rules, 1, s)
    assert fast_draw.random_games(rules, 6, 100) == random_games_py(rules, 6, 100)


@needs_deal
def test_pure_forced_falls_back_on_the_reference(monkeypatch: pytest.MonkeyPatch) -> None:
    rules = RULES["chain"]
    deal = new_deal(rules, 21)
    want = reference_playout(deal, 3)
    games = random_games_py(rules, 3, 9)
    calls: list[str] = []
    real_ref, real_games = playout_mod.reference_playout, playout_mod.random_games_py

    def ref(deal: BigADeal, seed: int, policy: str = "random") -> list[int]:
        calls.append("playout")
        return real_ref(deal, seed, policy)

    def games_py(rules: BigARules, n: int, seed: int = 0) -> dict[str, Any]:
        calls.append("games")
        return real_games(rules, n, seed)

    monkeypatch.setattr(playout_mod, "reference_playout", ref)
    monkeypatch.setattr(playout_mod, "random_games_py", games_py)
    monkeypatch.delenv("CHUPAI_PURE", raising=False)
    assert playout(deal, 3) == want and random_games(rules, 3, 9) == games
    assert calls == []  # the compiled engine played
    monkeypatch.setenv("CHUPAI_PURE", "1")
    assert playout_mod.compiled_engine() is None
    assert playout(deal, 3) == want and random_games(rules, 3, 9) == games
    assert calls == ["playout", "games"]


def test_unknown_policy_is_refused() -> None:
    with pytest.raises(ValueError, match="policy"):
        playout(new_deal(RULES["standard"], 1), 1, "clever")


@pytest.mark.slow
@needs_deal
@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_ten_thousand_seeded_deals_per_preset(preset: str) -> None:
    """10,000 seeded random deals of each preset through both engines: the legal
    lists at every step of play, the returns, and the whole deal in C."""
    assert fast_draw is not None
    rules = PRESETS[preset]
    for s in range(10_000):
        deal = new_deal(rules, s)
        rng = SplitMix64(s)
        actions = to_play(deal, rng)
        if not deal.is_terminal():
            actions += side_by_side(deal, rng, None)
        assert deal.outcome is not None
        summary = {"deals": 1, "redeals": int(deal.outcome.redeal), "actions": actions}
        got = fast_draw.random_games(rules, 1, s)
        assert got == {**summary, "returns": deal.returns()}, s


@pytest.mark.slow
@needs_deal
@pytest.mark.parametrize("name", sorted(RULES))
def test_two_thousand_seeded_deals_per_option_set(name: str) -> None:
    """2,000 seeded random deals of each option set, the FastDeal sometimes
    rebuilt or cloned mid-play and the Python deal's move cache sometimes left
    lagging (odd seeds; a lagging cache lists in another order, so other choices
    follow): equal legal lists at every step and equal returns; even seeds also
    against the whole deal in C."""
    assert fast_draw is not None
    rules = RULES[name]
    for s in range(2_000):
        deal = new_deal(rules, s)
        rng = SplitMix64(s)
        to_play(deal, rng)
        if not deal.is_terminal():
            side_by_side(deal, rng, random.Random(s) if s % 2 else None)
        if s % 2 == 0:
            assert fast_draw.random_games(rules, 1, s)["returns"] == deal.returns(), s
