"""大怪路子 cards: parsing (README §1.2 malformed input), packed counts, the
single-card order of §1.3 and display order."""

from __future__ import annotations

import pytest
from hypothesis import given, strategies as st

from chupai.daguailuzi.cards import (
    BJ,
    GUARD,
    PACK,
    RANK_NAMES,
    RJ,
    UNIT,
    cards_text,
    contains,
    count_of,
    counts,
    from_types,
    parse_cards,
    rank_counts,
    rank_of,
    size_of,
    strengths,
    suit_of,
    type_name,
    types_of,
)
from chupai.daguailuzi.rules import SEED, SHANGHAI, resolve
from chupai.deal import still_held
from chupai.errors import CardParseError


def test_pack_holds_162_cards_three_of_each_type() -> None:
    assert size_of(PACK) == 162
    assert all(n == 3 for _, n in counts(PACK))
    assert len(counts(PACK)) == 54
    assert rank_counts(PACK) == [12] * 13 + [3, 3]


def test_type_layout() -> None:
    # t = 4*r + s over natural ranks 2..A and suits S H C D
    assert type_name(0) == "2S" and type_name(3) == "2D" and type_name(51) == "AD"
    assert type_name(BJ) == "BJ" and type_name(RJ) == "RJ"
    assert (rank_of(4 * 8 + 1), suit_of(4 * 8 + 1)) == (8, 1)
    assert rank_of(BJ) == 13 and rank_of(RJ) == 14
    assert parse_cards("TH") == UNIT[4 * 8 + 1]


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("10s ah bj", "TS AH BJ"),
        ("Ts tS TS", "TS TS TS"),
        ("a♠ 3♥ 4♤ 5♢", "3H 4S 5D AS"),
        ("rj Bj  2c  ", "2C BJ RJ"),
        ("9S 9S 9H", "9S 9S 9H"),
    ],
)
def test_parse_is_case_insensitive_and_accepts_aliases(text: str, canonical: str) -> None:
    assert cards_text(parse_cards(text)) == canonical


@pytest.mark.parametrize(
    ("text", "token", "message"),
    [
        ("3S 1S", "1S", 'unknown card token "1S"'),
        ("7", "7", "has no suit"),
        ("3S T", "T", "has no suit"),
        ("S7", "S7", "rank first"),
        ("3S XJ", "XJ", "unknown card token"),
        ("AS AS as aS", "AS", 'card "AS" appears 4 times but the decks hold 3'),
        ("BJ bj BJ bj", "BJ", 'card "BJ" appears 4 times but the decks hold 3'),
        ("RJ RJ RJ RJ RJ", "RJ", 'card "RJ" appears 5 times but the decks hold 3'),
        ("10H TH 10h th", "TH", 'card "TH" appears 4 times'),
    ],
)
def test_malformed_input_names_the_token(text: str, token: str, message: str) -> None:
    with pytest.raises(CardParseError) as err:
        parse_cards(text)
    assert err.value.token is not None and err.value.token.upper() == token.upper()
    assert message.replace('"', "'") in str(err.value).replace('"', "'")


def test_three_copies_are_legal() -> None:
    assert size_of(parse_cards("AS AS AS BJ BJ BJ RJ RJ RJ")) == 9


@pytest.mark.parametrize(
    ("preset", "setting", "order"),
    [
        ("seed", {}, "2 3 4 5 6 7 8 9 T J Q K A BJ RJ"),
        ("shanghai", {}, "3 4 5 6 7 8 9 T J Q K A 2 BJ RJ"),
        ("shanghai", {"level": "9"}, "2 3 4 5 6 7 8 T J Q K A 9 BJ RJ"),
        ("shanghai", {"level": "A"}, "2 3 4 5 6 7 8 9 T J Q K A BJ RJ"),
        ("seed", {"two_rank": "high"}, "3 4 5 6 7 8 9 T J Q K A 2 BJ RJ"),
        ("shanghai", {"two_rank": "high", "level": "5"}, "3 4 6 7 8 9 T J Q K A 2 5 BJ RJ"),
        ("seed", {"level": "9"}, "2 3 4 5 6 7 8 9 T J Q K A BJ RJ"),  # no trumps: no effect
    ],
)
def test_single_card_order_table(preset: str, setting: dict[str, str], order: str) -> None:
    """The table of §1.3, row by row."""
    rules = resolve(preset, setting)
    s = strengths(rules.two_rank.value == "high", rules.oracle_level())
    assert " ".join(sorted(RANK_NAMES, key=lambda name: s[RANK_NAMES.index(name)])) == order


def test_display_order_ties_by_suit_s_h_c_d() -> None:
    hand = parse_cards("2D 2S 2H 2C AS 3D BJ RJ 3S")
    assert cards_text(hand, SEED) == "2S 2H 2C 2D 3S 3D AS BJ RJ"
    assert cards_text(hand, SHANGHAI, 0) == "3S 3D AS 2S 2H 2C 2D BJ RJ"
    assert cards_text(0) == ""


hands = st.lists(st.integers(0, 161), unique=True, max_size=40).map(
    lambda ids: from_types(i // 3 for i in ids)
)


@given(hands, hands)
def test_contains_and_still_held_agree_with_counts(a: int, b: int) -> None:
    expected = all(count_of(a, t) >= n for t, n in counts(b))
    assert contains(a, b) is expected
    assert (still_held([(None, b)], a, GUARD) == [(None, b)]) is expected


@given(hands)
def test_text_round_trip(hand: int) -> None:
    assert parse_cards(cards_text(hand, SHANGHAI, 7)) == hand
    assert size_of(hand) == len(types_of(hand)) == sum(rank_counts(hand))
    assert from_types(types_of(hand)) == hand
