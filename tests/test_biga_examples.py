"""The worked statements of ``biga.md`` §1 (notation, the single-card order of §1.1
and the sequence order of §1.2), checked through the judge."""

from __future__ import annotations

import pytest

from chupai.biga.api import judge
from chupai.biga.rules import resolve
from chupai.errors import CardParseError

H = resolve("standard", {"big_ace_suit": "H"})
ACE_HIGH = resolve("standard", {"big_ace_suit": "H", "rank_order": "ace_high"})
CHAIN = resolve("standard", {"big_ace_suit": "H", "sequence_order": "chain_four_to_three"})

THREE_TWO_HIGH_ORDER = "4 5 6 7 8 9 T J Q K AS 2 3 BJ RJ AH".split()
ACE_HIGH_ORDER = "2 3 4 5 6 7 8 9 T J Q K AS BJ RJ AH".split()


@pytest.mark.parametrize(
    "rules,order",
    [(H, THREE_TWO_HIGH_ORDER), (ACE_HIGH, ACE_HIGH_ORDER)],
    ids=["three_two_high", "ace_high"],
)
def test_single_card_order(rules, order) -> None:
    """§1.1: every card beats every card before it in the order, and none after it."""
    for i, low in enumerate(order):
        for high in order[i + 1 :]:
            assert judge(rules, high, low)["beats"] is True, (high, low)
            assert judge(rules, low, high)["beats"] is False, (low, high)
        assert judge(rules, low, low)["beats"] is False  # equal cards never beat


def test_big_aces_equal_and_same_rank_equal() -> None:
    assert judge(H, "AH", "AH")["beats"] is False
    assert judge(H, "7S", "7D")["beats"] is False
    assert judge(H, "AS", "AD")["beats"] is False  # ordinary Aces of two suits


THREE_CARD_SEQUENCES = [
    "A 2 3",
    "2 3 4",
    "3 4 5",
    "4 5 6",
    "5 6 7",
    "6 7 8",
    "7 8 9",
    "8 9 T",
    "9 T J",
    "T J Q",
    "J Q K",
    "Q K A",
]


def test_sequence_order_ace_both_ends() -> None:
    """§1.2: 3-2-A is the weakest 3-card sequence, A-K-Q the strongest, each beats
    the one below it; no wrap-around."""
    for low, high in zip(THREE_CARD_SEQUENCES, THREE_CARD_SEQUENCES[1:]):
        assert judge(H, high, low) == {"valid": True, "type": "sequence", "beats": True}
        assert judge(H, low, high)["beats"] is False
    assert judge(H, "K A 2")["valid"] is False
    assert judge(H, "K AS 2")["valid"] is False
    # the Ace is at one end only: A at the bottom and at the top is no sequence
    assert judge(H, "A 2 3 4 5 6 7 8 9 T J Q K A")["valid"] is False


def test_sequence_order_chain_four_to_three() -> None:
    """§1.2 variant: 4 5 ... A 2 3, no wrap: A-2-3 strongest, 4-5-6 weakest, 2-3-4 none."""
    chain = [
        "4 5 6",
        "5 6 7",
        "6 7 8",
        "7 8 9",
        "8 9 T",
        "9 T J",
        "T J Q",
        "J Q K",
        "Q K A",
        "K A 2",
        "A 2 3",
    ]
    for low, high in zip(chain, chain[1:]):
        assert judge(CHAIN, high, low)["beats"] is True, (high, low)
        assert judge(CHAIN, low, high)["beats"] is False
    assert judge(CHAIN, "2 3 4")["valid"] is False
    assert judge(CHAIN, "3 4 5")["valid"] is False


def test_no_jokers_in_sequences_and_big_ace_counts_as_ace() -> None:
    assert judge(H, "BJ 5 6")["valid"] is False
    assert judge(H, "Q K AH")["type"] == "sequence"
    assert judge(H, "AH 2 3")["type"] == "sequence"


def test_bare_ace_is_ordinary_and_counts_against_six() -> None:
    """§1: a bare A is an ordinary Ace; with a Big Ace suit set, six ordinary Aces
    exist, else eight."""
    assert judge(H, "A", "AH")["beats"] is False  # a bare A is no Big Ace
    assert judge(H, "A A A A A A")["type"] == "big_egg"
    with pytest.raises(CardParseError, match="ordinary Aces"):
        judge(H, "A A A A A A A")
    with pytest.raises(CardParseError, match="ordinary Aces"):
        judge(H, "A A A A AS AS AD")  # suited ordinary Aces count too
    none = resolve("standard")
    assert judge(none, "A A A A A A A A")["type"] == "true_seven"
    assert judge(none, "AH AH")["type"] == "pair"  # no Big Ace suit: every Ace is ordinary
