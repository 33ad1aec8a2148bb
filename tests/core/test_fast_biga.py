"""Big A's compiled core (``chupai.biga._fast``, ``chupai.biga._fast_deal``) against
the pure-Python reference: the same legal lists in the same order, the same deals
played to the same returns.

Every test here compares the two paths, so each is skipped, saying why, when the
compiled core is not built.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings, strategies as st

from chupai import compiled
from chupai.biga import movegen
from chupai.biga.cards import DECK, NFACES, UNIT
from chupai.biga.rules import BigARules, resolve

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
def test_the_engine_uses_the_compiled_generator_unless_pure_is_forced() -> None:
    if compiled.pure_forced():
        assert movegen.hand_combos is movegen.hand_combos_py
    else:
        assert fast is not None
        assert movegen.hand_combos is fast.hand_combos
        assert movegen.legal_plays is fast.legal_plays
        assert movegen.follow_filter is fast.follow_filter


@needs_fast
def test_every_combination_of_the_tables_is_listed_from_the_full_deck() -> None:
    assert fast is not None
    for rules in RULES.values():
        for big in (None, 2):
            want = movegen.hand_combos_py(DECK, rules, big)
            assert fast.hand_combos(DECK, rules, big) == want
            assert len(want) == len(set(want)) > 250
