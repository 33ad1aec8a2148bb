"""Big Two with two packs: move generation against brute force (every distinct
sub-multiset of 1 to 5 cards classified) over hypothesis-drawn hands and every
combination option, and the tie rule of flushes (docs/bigtwo.md, "Table sizes and
two packs"). Hands of 5..14 cards by default; 5..26 with ``-m slow``."""

from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from chupai.bigtwo import packs
from chupai.bigtwo.combos import Combo, beats, classify, classify_or_none, explain
from chupai.bigtwo.movegen import hand_combos, legal_plays
from chupai.bigtwo.rules import (
    BigTwoRules,
    FiveCardRule,
    FlushCompare,
    FourCardPlay,
    StraightOrder,
    SuitOrder,
    resolve,
)


def two_pack_rules(draw: st.DrawFn) -> BigTwoRules:
    """Two-pack rules with every combination option drawn."""
    over = {
        "players": str(draw(st.integers(5, 8))),
        "packs": "2",
        "suit_order": draw(st.sampled_from(list(SuitOrder))).value,
        "straight_order": draw(st.sampled_from(list(StraightOrder))).value,
        "flush_compare": draw(st.sampled_from(list(FlushCompare))).value,
        "five_card_rule": draw(st.sampled_from(list(FiveCardRule))).value,
        "four_card_play": draw(st.sampled_from(list(FourCardPlay))).value,
    }
    for flag in (
        "allow_triples",
        "allow_flush",
        "allow_two_pair_kicker",
        "monster_over_small",
        "identical_beats",
    ):
        over[flag] = str(draw(st.booleans())).lower()
    if over["five_card_rule"] == FiveCardRule.CATEGORY.value:
        over["monster_over_small"] = "false"
    return resolve("standard", over)


@st.composite
def table(draw: st.DrawFn, largest: int) -> tuple[BigTwoRules, int]:
    """Two-pack rules and a hand of 5..``largest`` cards of the 104."""
    r = two_pack_rules(draw)
    size = draw(st.integers(5, largest))
    picks = draw(st.lists(st.integers(0, 103), min_size=size, max_size=size, unique=True))
    hand = 0
    for p in picks:
        hand = packs.add(hand, 1 << (p % 52))
    return r, hand


def sub_multisets(hand: int, most: int) -> list[int]:
    """Every distinct sub-multiset of 1..``most`` cards of ``hand`` (unary form),
    built card by card: each card of the hand taken 0, 1 or (if held twice) 2 times."""
    held = [(c, 1 + (hand >> (52 + c) & 1)) for c in range(52) if hand >> c & 1]
    out: list[int] = []

    def walk(i: int, mask: int, size: int) -> None:
        if size:
            out.append(mask)
        if size == most:
            return
        for j in range(i, len(held)):
            c, copies = held[j]
            walk(j + 1, mask | 1 << c, size + 1)
            if copies == 2 and size + 2 <= most:
                walk(j + 1, mask | 1 << c | 1 << (52 + c), size + 2)

    walk(0, 0, 0)
    return out


def check_against_brute_force(r: BigTwoRules, hand: int, data: st.DataObject) -> None:
    want: dict[int, Combo] = {}
    for m in sub_multisets(hand, 5):
        c = classify_or_none(m, r)
        if c is not None:
            want[m] = c
    got = hand_combos(hand, r)
    assert len({c.mask for c in got}) == len(got), "a play listed twice"
    assert {c.mask: c for c in got} == want
    assert all(packs.norm(c.mask) == c.mask for c in got)
    leads = legal_plays(hand, r)
    assert sorted(c.mask for c in leads) == sorted(want)
    if want:
        # a top from this hand (identical plays arise) and one drawn from the 104 cards
        tops = [data.draw(st.sampled_from(sorted(want.values())))]
        other = data.draw(st.lists(st.integers(0, 103), min_size=1, max_size=5, unique=True))
        top_mask = 0
        for p in other:
            top_mask = packs.add(top_mask, 1 << (p % 52))
        c = classify_or_none(top_mask, r)
        tops += [c] if c is not None else []
        for top in tops:
            follow = legal_plays(hand, r, top)
            expect = sorted(m for m, c in want.items() if beats(c, top, r))
            assert sorted(c.mask for c in follow) == expect


@settings(max_examples=40, deadline=None)
@given(t=table(14), data=st.data())
def test_hand_combos_match_brute_force_for_every_option(
    t: tuple[BigTwoRules, int], data: st.DataObject
) -> None:
    check_against_brute_force(*t, data)


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(t=table(26), data=st.data())
def test_hand_combos_match_brute_force_up_to_26_cards(
    t: tuple[BigTwoRules, int], data: st.DataObject
) -> None:
    check_against_brute_force(*t, data)


def test_a_flush_with_a_pair_inside_ties_card_by_card() -> None:
    """Under flush_compare=top_card (hongkong) two flushes with the same top card
    compare their cards from the highest down; the pair inside has no precedence."""
    r = resolve("hongkong", {"players": "6", "packs": "2"})
    paired = classify(packs.parse("3D 3D 5D 9D KD", 2), r)
    plain = classify(packs.parse("4D 5D 6D 8D KD", 2), r)
    assert paired.kind.value == plain.kind.value == "flush"
    assert beats(paired, plain, r) and not beats(plain, paired, r)  # 9D over 8D
    lower = classify(packs.parse("3D 3D 4D 9D KD", 2), r)
    assert beats(paired, lower, r)  # KD, 9D, 5D over KD, 9D, 4D


def test_explanations_name_the_two_pack_reasons() -> None:
    r = resolve("standard", {"players": "6", "packs": "2"})
    assert "no five of a kind" in explain(packs.parse("3D 3D 3S 3S 3H", 2), r)
    assert explain(1 << 52, r) == "not a set of cards of two packs"
    assert "6 cards" in explain(packs.parse("3D 3D 4D 4D 5D 5D", 2), r)
