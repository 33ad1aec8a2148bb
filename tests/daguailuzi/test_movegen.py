"""大怪路子 move generation against brute force (every distinct sub-multiset of 1, 2,
3 and 5 cards, classified and filtered by the beat relation), under random option
sets, levels and tops of every kind; and the properties of the listing."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from daguailuzi_bruteforce import brute_plays
from hypothesis import given, settings, strategies as st

from chupai.daguailuzi.cards import BJ, PACK, RJ, UNIT, contains, from_types, types_of
from chupai.daguailuzi.combos import Combo, Kind, beats, classify
from chupai.daguailuzi.movegen import hand_combos, legal_plays
from chupai.daguailuzi.rules import PRESETS, DaguailuziRules, FlushCompare, Rank, TwoRank, WildRank

DECK = types_of(PACK)
NATURAL_DECK = [t for t in DECK if t < BJ]

rules_st = st.builds(
    lambda preset, **kw: replace(PRESETS[preset], **kw),
    st.sampled_from(sorted(PRESETS)),
    two_rank=st.sampled_from(TwoRank),
    level=st.sampled_from(Rank),
    wild_rank=st.sampled_from(WildRank),
    natural_beats_wild=st.booleans(),
    flush_compare=st.sampled_from(FlushCompare),
)


def _rules(data: dict[str, object]) -> DaguailuziRules:
    return DaguailuziRules.from_dict(data)


@st.composite
def hands(draw: st.DrawFn, most: int, least: int = 1) -> int:
    """A hand of ``least``..``most`` cards (fewer when the crowded pool runs out):
    naturals from the 162-card pack (so 0..3 copies of a type), 0..6 jokers,
    sometimes crowded on few ranks or one suit."""
    jokers = draw(st.integers(0, min(6, most)))
    n = draw(st.integers(max(0, least - jokers), most - jokers))
    pool = NATURAL_DECK
    shape = draw(st.sampled_from(["any", "ranks", "suit"]))
    if shape == "ranks":
        ranks = set(draw(st.lists(st.integers(0, 12), min_size=1, max_size=4)))
        pool = [t for t in pool if t >> 2 in ranks]
    elif shape == "suit":
        suit = draw(st.integers(0, 3))
        pool = [t for t in pool if t & 3 == suit or draw(st.booleans())]
    picked = draw(st.permutations(pool))[: min(n, len(pool))]
    b = draw(st.integers(max(0, jokers - 3), min(3, jokers)))
    return from_types(picked) + b * UNIT[BJ] + (jokers - b) * UNIT[RJ]


@st.composite
def tops(draw: st.DrawFn, rules: DaguailuziRules, level: int | None) -> Combo:
    """A play of any kind, picked from the plays of a random crowded hand."""
    pool = draw(hands(12))
    found = sorted(brute_plays(pool, None, rules, level), key=lambda c: (c.size, c.key, c.cards))
    kinds = sorted({c.kind for c in found})
    kind = draw(st.sampled_from(kinds))
    return draw(st.sampled_from([c for c in found if c.kind == kind]))


def _check(hand: int, top: Combo | None, rules: DaguailuziRules, level: int | None) -> None:
    got = legal_plays(hand, top, rules, level)
    assert len(got) == len(set(got)), "a play is listed twice"
    assert set(got) == brute_plays(hand, top, rules, level)
    order = [(c.size, c.key, c.cards) for c in got]
    assert order == sorted(order), "not in canonical order"


@given(hands(14), rules_st, st.data())
def test_leading_matches_brute_force(
    hand: int, rules: DaguailuziRules, data: st.DataObject
) -> None:
    level = rules.oracle_level()
    _check(hand, None, rules, level)
    assert hand_combos(hand, rules, level) == legal_plays(hand, None, rules, level)


@given(hands(14), rules_st, st.data())
def test_following_matches_brute_force(
    hand: int, rules: DaguailuziRules, data: st.DataObject
) -> None:
    level = rules.oracle_level()
    _check(hand, data.draw(tops(rules, level)), rules, level)


full_hands = st.permutations(DECK).map(lambda deck: from_types(deck[:27]))
"""A 27-card hand dealt from a shuffled 162-card pack."""


@settings(max_examples=6)
@given(st.one_of(full_hands, hands(27, least=27)), rules_st, st.data())
def test_full_hands_match_brute_force(
    hand: int, rules: DaguailuziRules, data: st.DataObject
) -> None:
    level = rules.oracle_level()
    _check(hand, None, rules, level)
    _check(hand, data.draw(tops(rules, level)), rules, level)


@given(hands(27), rules_st, st.data())
def test_listing_properties(hand: int, rules: DaguailuziRules, data: st.DataObject) -> None:
    """Every listed play is held, classifies to itself and beats the top."""
    level = rules.oracle_level()
    top = data.draw(st.none() | tops(rules, level))
    for c in legal_plays(hand, top, rules, level):
        assert contains(hand, c.cards)
        assert classify(c.cards, rules, level) == c
        assert top is None or beats(c, top, rules)


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(4))
def test_random_deals_match_brute_force(seed: int) -> None:
    """27-card hands from shuffled packs, every preset and many option sets, each
    followed on a sample of tops of every kind (about 20 s each)."""
    rng = random.Random(seed)
    deck = list(DECK)
    for i in range(5):
        rng.shuffle(deck)
        hand = from_types(deck[:27])
        base = PRESETS[sorted(PRESETS)[i % 2]].to_dict()
        base.update(
            wild_rank=rng.choice(["highest", "lowest"]),
            natural_beats_wild=rng.random() < 0.5,
            flush_compare=rng.choice(["card_by_card", "top_card"]),
            two_rank=rng.choice(["low", "high"]),
            level=rng.choice("23456789TJQKA"),
        )
        rules = _rules(base)
        level = rules.oracle_level()
        every = brute_plays(hand, None, rules, level)
        assert set(hand_combos(hand, rules, level)) == every
        others = brute_plays(from_types(deck[27:54]), None, rules, level)
        by_kind: dict[Kind, list[Combo]] = {}
        for c in sorted(others, key=lambda c: (c.size, c.key, c.cards)):
            by_kind.setdefault(c.kind, []).append(c)
        for found in by_kind.values():
            for top in rng.sample(found, min(2, len(found))):
                _check(hand, top, rules, level)
