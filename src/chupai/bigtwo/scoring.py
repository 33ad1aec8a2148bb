"""Big Two scoring of a single deal (``bigtwo.md`` §11).

A scheme (option ``scoring``) gives each loser a penalty ``p >= 0``; the
settlement (option ``settlement``) turns penalties into zero-sum or running-total
deal scores. Each scheme is a plain function in a table keyed by the
:class:`~chupai.bigtwo.rules.Scoring` value.

>>> from chupai.bigtwo.rules import PRESETS
>>> from chupai.cards import parse_mask
>>> penalty(PRESETS["standard"], parse_mask("3D 4D 5D 6D 7D 8D 9D TD JD QD KD"), untouched=False)
22
>>> settle(PRESETS["standard"], winner=0, penalties=[0, 3, 5, 8])
[16, 4, -4, -16]
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final

from chupai.bigtwo import packs
from chupai.bigtwo.combos import ComboKind, tables
from chupai.bigtwo.rules import BigTwoRules, Scoring, Settlement
from chupai.cards import CardMask, parse_card

__all__ = [
    "penalty",
    "settle",
    "hand_points",
    "has_monster",
    "winner_multiplier",
    "SCHEMES",
    "transfer_penalties",
]

_TWO: Final = 12  # rank index of the 2
_ACE: Final = 11
_SPADE_ACE: Final = parse_card("AS")


def _rank_counts(hand: CardMask) -> list[int]:
    """Cards of each rank, copies counted (two packs: :mod:`chupai.bigtwo.packs`)."""
    return [packs.count_in(hand, 15 << (4 * r)) for r in range(13)]


def _cards_wiki(rules: BigTwoRules, hand: CardMask, untouched: bool) -> int:
    c = hand.bit_count()
    if untouched:
        return 3 * c
    return c if c <= 10 else 2 * c


def _cards_seed001(rules: BigTwoRules, hand: CardMask, untouched: bool) -> int:
    c = hand.bit_count()
    n = rules.players
    if n == 4:
        return c if c <= 9 else 2 * c if c <= 12 else 3 * c
    if n == 3:
        return c if c <= 11 else 2 * c if c <= 16 else 3 * c
    if untouched:
        return 3 * c
    return c if c <= 9 else 2 * c


def _cards_mainland(rules: BigTwoRules, hand: CardMask, untouched: bool) -> int:
    c = hand.bit_count()
    if c <= 7:
        return c
    if c <= 9:
        return 2 * c
    if c <= 12:
        return 3 * c
    return 4 * c


def _card_points(rules: BigTwoRules, hand: CardMask, untouched: bool) -> int:
    return sum((c >> 2) + 3 for c in packs.ids(hand))


def _deduction_value(c: int, spade_ace_40: bool) -> int:
    r = c >> 2
    if r == _TWO:
        return 40
    if r == _ACE:
        return 40 if spade_ace_40 and c == _SPADE_ACE else 30
    if r >= 8:  # J, Q, K
        return 20
    return r + 3


def _taiwan_deduction(rules: BigTwoRules, hand: CardMask, untouched: bool) -> int:
    return sum(_deduction_value(c, rules.deduction_spade_ace_40) for c in packs.ids(hand))


def _taiwan_plus_minus(rules: BigTwoRules, hand: CardMask, untouched: bool) -> int:
    counts = _rank_counts(hand)
    n39 = sum(counts[0:7])
    n_ta = sum(counts[7:12])
    return (n39 + 2 * n_ta) << counts[_TWO]


_LOW_BITS: Final = sum(1 << (4 * r) for r in range(13))
"""Bit 0 of every rank nibble."""


def has_monster(rules: BigTwoRules, hand: CardMask) -> bool:
    """Whether ``hand`` holds four of one rank (copies counted) or a straight flush
    (§11.2)."""
    if hand >> 52:
        if max(_rank_counts(hand)) >= 4:
            return True
        hand &= packs.LOW
    elif hand & (hand >> 1) & (hand >> 2) & (hand >> 3) & _LOW_BITS:
        return True
    return any(hand & m == m for m in tables(rules).straight_flush_masks)


def _taiwan_basic(rules: BigTwoRules, hand: CardMask, untouched: bool) -> int:
    c = hand.bit_count()
    p = c
    twos = packs.count_in(hand, 15 << (4 * _TWO))
    if twos:
        p *= 2 * twos
    if has_monster(rules, hand):
        p *= 2
    if c >= 10:
        p *= 2
    return p


SCHEMES: Final[dict[Scoring, Callable[[BigTwoRules, CardMask, bool], int]]] = {
    Scoring.CARDS_WIKI: _cards_wiki,
    Scoring.CARDS_SEED001: _cards_seed001,
    Scoring.CARDS_MAINLAND: _cards_mainland,
    Scoring.CARD_POINTS: _card_points,
    Scoring.TAIWAN_DEDUCTION: _taiwan_deduction,
    Scoring.TAIWAN_PLUS_MINUS: _taiwan_plus_minus,
    Scoring.TAIWAN_BASIC: _taiwan_basic,
}
"""Penalty function of each scheme: ``(rules, hand, untouched) -> penalty``."""


def penalty(rules: BigTwoRules, hand: CardMask, *, untouched: bool) -> int:
    """A loser's penalty for the cards ``hand`` left when the winner went out
    (before the winner multipliers of ``taiwan_basic``)."""
    return SCHEMES[rules.scoring](rules, hand, untouched)


def winner_multiplier(rules: BigTwoRules, final_play: CardMask, final_kind: ComboKind) -> int:
    """``taiwan_basic``'s multiplier for the winner's final play (§11.2); 1 otherwise."""
    if rules.scoring is not Scoring.TAIWAN_BASIC:
        return 1
    m = 1
    if (final_play >> (4 * _TWO)) & 15:
        m *= 2
    if final_kind in (ComboKind.FOUR_OF_A_KIND, ComboKind.STRAIGHT_FLUSH):
        m *= 2
    return m


def hand_points(hand: CardMask) -> int:
    """Redeal hand points (§4): J=1, Q=2, K=3, A=4, 2=5."""
    return sum(max(0, (c >> 2) - 7) for c in packs.ids(hand))


def settle(rules: BigTwoRules, winner: int, penalties: Sequence[int]) -> list[int]:
    """Deal scores from penalties (the winner's entry is ignored), §11.3."""
    n = len(penalties)
    p = list(penalties)
    if rules.settlement is Settlement.WINNER_TAKES_ALL:
        p[winner] = 0
        total = sum(p)
        return [total if i == winner else -p[i] for i in range(n)]
    if rules.settlement is Settlement.PAIRWISE:
        p[winner] = -rules.winner_bonus
        total = sum(p)
        return [total - n * p[i] for i in range(n)]
    bonus = 1 if rules.scoring is Scoring.TAIWAN_PLUS_MINUS else rules.winner_bonus
    return [bonus if i == winner else -p[i] for i in range(n)]


def transfer_penalties(penalties: Sequence[int], winner: int, liable: int) -> list[int]:
    """§11.4: the liable player takes over every loser's penalty (its own
    included); every other loser's penalty becomes 0.

    >>> transfer_penalties([0, 3, 1, 4], winner=0, liable=1)
    [0, 8, 0, 0]
    """
    total = sum(p for s, p in enumerate(penalties) if s != winner)
    return [
        penalties[s] if s == winner else total if s == liable else 0 for s in range(len(penalties))
    ]
