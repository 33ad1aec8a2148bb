"""Instant wins and redeals with two packs (docs/bigtwo.md, "Table sizes and two
packs", Two packs): a 20-card hand can hold a dragon with identical cards in it,
four 2s mean one of each suit, and the redeal rules count copies."""

from __future__ import annotations

import random

import pytest

from chupai.bigtwo import packs
from chupai.bigtwo.game import BigTwoDeal
from chupai.bigtwo.preplay import instant_win_kind, redeal_reasons
from chupai.bigtwo.rules import BigTwoRules, InstantWin, resolve
from chupai.bigtwo.scoring import hand_points
from chupai.bigtwo.values import Phase

ALL_WINS = frozenset(InstantWin)


def rules(**over: object) -> BigTwoRules:
    base = {"players": "5", "packs": "2"}
    return resolve("standard", base | {k: str(v).lower() for k, v in over.items()})


def two(text: str) -> int:
    return packs.parse(text, 2)


def five_hands_around(hand: int, seat: int, seed: int) -> tuple[list[int], int]:
    """Five 20-card hands, ``seat`` holding ``hand``, and the 4 leftover cards."""
    rest = packs.ids(packs.take(packs.FULL[2], hand))
    random.Random(seed).shuffle(rest)
    hands = []
    for s in range(5):
        if s == seat:
            hands.append(hand)
            continue
        h = 0
        for c in rest[:20]:
            h = packs.add(h, 1 << c)
        rest = rest[20:]
        hands.append(h)
    left = 0
    for c in rest:
        left = packs.add(left, 1 << c)
    return hands, left


DRAGON_20 = two("3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD 2C 3D 9S 9S 4H KC KC 5S")


def test_instant_win_kinds_read_copies() -> None:
    """One card of each rank is a dragon whatever else the hand holds; four 2s are
    one of each suit, so two pairs of identical 2s are not; a suited dragon needs
    thirteen different cards of one suit."""
    assert instant_win_kind(DRAGON_20, ALL_WINS) is InstantWin.DRAGON
    assert instant_win_kind(two("2S 2S 2H 2H 3D"), ALL_WINS) is None
    assert instant_win_kind(two("2S 2S 2H 2D 2C"), ALL_WINS) is InstantWin.FOUR_TWOS
    spades = " ".join(f"{r}S" for r in "3456789TJQKA2")
    assert instant_win_kind(two(spades + " 3S"), ALL_WINS) is InstantWin.SUITED_DRAGON
    no_king = two(spades.replace("KS", "QS"))
    assert instant_win_kind(no_king, ALL_WINS) is None


@pytest.mark.parametrize("seed", range(3))
def test_a_twenty_card_dragon_wins_at_once(seed: int) -> None:
    """With five players and two packs every hand has 20 cards: the dragon's holder
    wins before the first lead and every loser pays three per card it holds."""
    r = rules(instant_wins="dragon")
    hands, left = five_hands_around(DRAGON_20, 2, seed)
    deal = BigTwoDeal.from_hands(r, hands, leftover=left)
    while deal.phase is Phase.LEFTOVER:
        deal.apply_action(deal.legal_actions()[0])
    assert deal.is_terminal()
    oc = deal.outcome
    assert oc.winner == 2 and oc.instant_win == "dragon"
    counts = [h.bit_count() for h in deal.hands]
    assert list(oc.penalties) == [0 if s == 2 else 3 * counts[s] for s in range(5)]
    assert sum(oc.scores) == 0 and oc.scores[2] == sum(oc.penalties)


def test_redeal_rules_count_copies() -> None:
    """Points count every copy (a pair of identical 2s is worth 10); two J/Q/K
    at most means two cards, copies counted."""
    assert hand_points(two("2S 2S")) == 10
    assert hand_points(two("2S")) == 5
    low = two("3D 3D 4C 4C 5H 5H 6S 6S 7D 7D 8C 8C 9H 9H TS TS JD QD 3S 4S")
    assert redeal_reasons(rules(redeal_max_points=3), low) == ["redeal_max_points"]
    assert redeal_reasons(rules(redeal_two_faces=True), low) == ["redeal_two_faces"]
    three_faces = packs.take(packs.add(low, two("JD")), two("3S"))
    assert hand_points(three_faces) == 4
    assert redeal_reasons(rules(redeal_two_faces=True), three_faces) == []
    assert redeal_reasons(rules(redeal_four_twos=True), two("2D 2C 2H 2S 2S")) == [
        "redeal_four_twos"
    ]
    assert redeal_reasons(rules(redeal_four_twos=True), two("2D 2D 2S 2S")) == []
