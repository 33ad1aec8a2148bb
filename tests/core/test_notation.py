"""Card notation of ``rules/README.md`` §1 (tokens, aliases, errors, canonical
output, display order), checked on the parsers and on Big Two's own entry points
(the judge/moves API and a deal's ``parse_action``/``cards_text``)."""

from __future__ import annotations

import pytest

from chupai.bigtwo.api import judge, moves
from chupai.bigtwo.combos import tables
from chupai.bigtwo.game import BigTwoDeal
from chupai.bigtwo.rules import PRESETS
from chupai.cards import (
    RANKS,
    SUITS,
    CardSet,
    card_name,
    format_cards,
    parse_card,
    parse_mask,
    parse_tokens,
)
from chupai.errors import CardParseError, ChupaiError

STANDARD = PRESETS["standard"]
TAIWAN = PRESETS["taiwan"]
ALL_TOKENS = [r + s for r in RANKS for s in SUITS]


# ----- §1.1 tokens and aliases ------------------------------------------------------------
@pytest.mark.parametrize("token", ALL_TOKENS)
def test_s1_1_every_canonical_token_round_trips(token: str) -> None:
    c = parse_card(token)
    assert card_name(c) == token
    assert 0 <= c < 52


def test_s1_1_52_distinct_cards() -> None:
    assert len({parse_card(t) for t in ALL_TOKENS}) == 52
    assert parse_mask(" ".join(ALL_TOKENS)) == (1 << 52) - 1


S1_1_ALIASES = [
    ("10S", "TS"),
    ("10s", "TS"),
    ("10♠", "TS"),
    ("10♤", "TS"),
    ("10h", "TH"),
    ("A♠", "AS"),
    ("A♤", "AS"),
    ("K♥", "KH"),
    ("K♡", "KH"),
    ("3♣", "3C"),
    ("3♧", "3C"),
    ("3♦", "3D"),
    ("3♢", "3D"),
    ("2♡", "2H"),
    ("q♢", "QD"),
    ("t♣", "TC"),
    ("ah", "AH"),
    ("Ah", "AH"),
    ("aH", "AH"),
    ("AH", "AH"),
    ("td", "TD"),
    ("tD", "TD"),
    ("jc", "JC"),
    ("qs", "QS"),
    ("ks", "KS"),
    ("2d", "2D"),
]


@pytest.mark.parametrize("alias, canonical", S1_1_ALIASES, ids=[a for a, _ in S1_1_ALIASES])
def test_s1_1_aliases(alias: str, canonical: str) -> None:
    assert card_name(parse_card(alias)) == canonical
    assert parse_mask(alias) == parse_mask(canonical)
    assert format_cards(parse_mask(alias)) == canonical


@pytest.mark.parametrize("rank", list(RANKS) + ["10"])
@pytest.mark.parametrize(
    "suit, letter",
    [
        ("S", "S"),
        ("s", "S"),
        ("♠", "S"),
        ("♤", "S"),
        ("H", "H"),
        ("h", "H"),
        ("♥", "H"),
        ("♡", "H"),
        ("C", "C"),
        ("c", "C"),
        ("♣", "C"),
        ("♧", "C"),
        ("D", "D"),
        ("d", "D"),
        ("♦", "D"),
        ("♢", "D"),
    ],
)
def test_s1_1_every_rank_with_every_suit_form(rank: str, suit: str, letter: str) -> None:
    expected = ("T" if rank == "10" else rank) + letter
    for r in {rank, rank.lower()}:
        assert card_name(parse_card(r + suit)) == expected


S1_1_RANK_SECOND = ["♠A", "♤A", "♥K", "♦3", "♣10", "SA", "sa", "H2", "DT"]


@pytest.mark.parametrize("token", S1_1_RANK_SECOND)
def test_s1_1_rank_must_come_first(token: str) -> None:
    with pytest.raises(CardParseError) as exc:
        parse_mask(token)
    assert token in str(exc.value)
    assert exc.value.token == token


def test_s1_1_rank_first_example() -> None:
    assert card_name(parse_card("A♠")) == "AS"
    with pytest.raises(CardParseError):
        parse_card("♠A")


S1_1_MALFORMED = [
    "1S",
    "11S",
    "XS",
    "3X",
    "3",
    "0D",
    "10",
    "AA",
    "3DD",
    "S",
    "♠",
    "JK",
    "3D,",
    "B",
    "R",
    "JOKER",
]


@pytest.mark.parametrize("token", S1_1_MALFORMED)
def test_s1_1_malformed_token_is_named(token: str) -> None:
    with pytest.raises(CardParseError) as exc:
        parse_mask(f"3H {token} 4C")
    assert token in str(exc.value)
    assert exc.value.token == token
    assert exc.value.index == 1


def test_s1_1_unknown_token_message() -> None:
    with pytest.raises(CardParseError) as exc:
        parse_mask("1S")
    assert "unknown card token" in str(exc.value) and "1S" in str(exc.value)


def test_s1_1_errors_are_chupai_value_errors() -> None:
    with pytest.raises(ChupaiError):
        parse_mask("ZZ")
    with pytest.raises(ValueError):
        parse_mask("ZZ")


S1_1_BARE_RANKS = ["3", "T", "10", "K", "k", "A", "2", "j"]


@pytest.mark.parametrize("token", S1_1_BARE_RANKS)
def test_s1_1_bare_ranks_rejected_in_big_two(token: str) -> None:
    with pytest.raises(CardParseError) as exc:
        parse_mask(token)
    assert token in str(exc.value)
    with pytest.raises(CardParseError):
        judge(STANDARD, f"3D {token}")
    with pytest.raises(CardParseError):
        moves(STANDARD, f"3D {token}")


def test_s1_1_bare_ranks_are_read_only_where_allowed() -> None:
    # the Dou Dizhu / Big A reading exists in the token layer, off by default
    assert [card_name(c) for c in parse_tokens("10 k 3", bare_ranks=True)] == ["T", "K", "3"]
    with pytest.raises(CardParseError):
        parse_tokens("10")


@pytest.mark.parametrize("token, name", [("BJ", "BJ"), ("RJ", "RJ"), ("bj", "BJ"), ("Rj", "RJ")])
def test_s1_2_jokers_rejected_in_big_two(token: str, name: str) -> None:
    assert card_name(parse_card(token)) == name  # a joker token is well formed ...
    with pytest.raises(CardParseError) as exc:  # ... but Big Two has no jokers
        parse_mask(f"3D {token}")
    assert name in str(exc.value)
    with pytest.raises(CardParseError):
        judge(STANDARD, token)
    with pytest.raises(CardParseError):
        judge(STANDARD, "3D", token)
    with pytest.raises(CardParseError):
        moves(STANDARD, f"3D {token}")


def test_s1_1_case_insensitive_lists() -> None:
    for text in ("ah", "Ah", "aH", "AH"):
        assert parse_mask(text) == parse_mask("AH")
    assert parse_mask("3d 4C 5h") == parse_mask("3D 4C 5H")
    assert parse_mask("bj rj", jokers=True) == parse_mask("BJ RJ", jokers=True)


S1_1_SPACING = ["3D 4C", "  3D   4C  ", "3D\t4C", "\n3D 4C\n", "4C 3D"]


@pytest.mark.parametrize("text", S1_1_SPACING, ids=repr)
def test_s1_1_spaces_and_token_order_do_not_matter(text: str) -> None:
    assert parse_mask(text) == parse_mask("3D 4C")
    assert judge(STANDARD, text) == {"valid": False, "reason": judge(STANDARD, "3D 4C")["reason"]}


def test_s1_1_token_order_never_matters_for_judge() -> None:
    a = judge(STANDARD, "7D 3D 5H 4C 6S", "5S 4H 3H 7H 6C")
    b = judge(STANDARD, "3D 4C 5H 6S 7D", "3H 4H 5S 6C 7H")
    assert a == b == {"valid": True, "type": "straight", "beats": False}


# ----- §1.2 duplicates ------------------------------------------------------------------
S1_2_DUPLICATES = [
    ("3D 3D", "3D", 2),
    ("3d 3D", "3D", 2),
    ("10S TS", "TS", 2),
    ("A♠ as AS", "AS", 3),
    ("3♦ 4C 3d", "3D", 2),
    ("2♡ 2H", "2H", 2),
]


@pytest.mark.parametrize("text, card, times", S1_2_DUPLICATES, ids=[r[0] for r in S1_2_DUPLICATES])
def test_s1_2_duplicate_card_is_named(text: str, card: str, times: int) -> None:
    with pytest.raises(CardParseError) as exc:
        parse_mask(text)
    msg = str(exc.value)
    assert card in msg
    assert f"appears {times} times" in msg and "the deck has only one" in msg
    with pytest.raises(CardParseError):
        judge(STANDARD, text)
    with pytest.raises(CardParseError):
        moves(STANDARD, text)


def test_s1_2_duplicate_message_matches_readme_example() -> None:
    with pytest.raises(CardParseError) as exc:
        parse_mask("3D 3D")
    msg = str(exc.value).replace("'", '"')
    assert "card 3D appears 2 times, but the deck has only one" in msg


def test_s1_2_play_and_previous_are_checked_separately() -> None:
    # the same card may be named in PLAY and in PREVIOUS (two separate lists)
    assert judge(STANDARD, "2S", "2S") == {"valid": True, "type": "single", "beats": False}


# ----- canonical output form --------------------------------------------------------------
S1_1_CANONICAL = [
    ("10s ah", "TS AH"),
    ("ah 10s", "TS AH"),
    ("2♠ 3♦", "3D 2S"),
    ("kh qd jc", "JC QD KH"),
    ("t♡ 10♢", "TD TH"),
]


@pytest.mark.parametrize("text, canonical", S1_1_CANONICAL, ids=[r[0] for r in S1_1_CANONICAL])
def test_s1_1_canonical_output_form(text: str, canonical: str) -> None:
    mask = parse_mask(text)
    assert format_cards(mask) == canonical
    assert str(CardSet(mask)) == canonical
    assert parse_mask(canonical) == mask  # round trip


def test_s1_1_canonical_form_in_moves_and_deal_text() -> None:
    out = moves(STANDARD, "10s 10h ah")
    cards = [m["cards"] for m in out["moves"]]
    assert cards == ["TH", "TS", "AH", "TH TS"]
    for text in cards:
        assert text == text.upper() and "10" not in text
    deal = BigTwoDeal.from_hands(
        STANDARD, [parse_mask("3D 10S"), parse_mask("AH"), parse_mask("2C"), parse_mask("4D")]
    )
    assert deal.cards_text(deal.hands[0]) == "3D TS"
    assert deal.action_text(deal.parse_action("10s")) == "TS"
    assert deal.action_text(deal.parse_action("10♠ 10h")) == "TH TS"


# ----- display order --------------------------------------------------------------------
S1_1_DISPLAY = [
    (STANDARD, "2S 2D 3C 3D AH", "3D 3C AH 2D 2S"),
    (TAIWAN, "2S 2D 3C 3D AH", "3C 3D AH 2D 2S"),
    (STANDARD, "KS KH KC KD", "KD KC KH KS"),
    (TAIWAN, "KS KH KC KD", "KC KD KH KS"),
    (STANDARD, "2C AS 3H", "3H AS 2C"),
]


@pytest.mark.parametrize(
    "rules, text, shown",
    S1_1_DISPLAY,
    ids=[f"{r.suit_order.value}:{t}" for r, t, _ in S1_1_DISPLAY],
)
def test_s1_1_display_order(rules: object, text: str, shown: str) -> None:
    from chupai.bigtwo.rules import BigTwoRules

    assert isinstance(rules, BigTwoRules)
    mask = parse_mask(text)
    assert format_cards(mask, tables(rules).card_strength) == shown
    rest = [c for c in range(52) if not mask >> c & 1]
    hands = [mask] + [sum(1 << c for c in rest[i::3]) for i in range(3)]
    deal = BigTwoDeal.from_hands(rules, hands)
    assert deal.cards_text(mask) == shown


def test_s1_1_display_order_in_moves_output() -> None:
    std = moves(STANDARD, "3c 3d")["moves"]
    tw = moves(TAIWAN, "3c 3d")["moves"]
    assert [m["cards"] for m in std] == ["3D", "3C", "3D 3C"]
    assert [m["cards"] for m in tw] == ["3C", "3D", "3C 3D"]
