"""The rules the pre-play phases of a Big Two deal (:mod:`chupai.bigtwo.phases`)
apply to a hand: the instant wins (§5), the redeal requests (§4), the cards class
struggle protects (§12.2) and the titles of the next deal (§12.1).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from chupai.bigtwo import packs
from chupai.bigtwo.combos import tables
from chupai.bigtwo.rules import BigTwoRules, InstantWin, Series
from chupai.bigtwo.scoring import hand_points
from chupai.cards import CardMask

__all__ = [
    "INSTANT_STRENGTH",
    "instant_win_kind",
    "next_titles",
    "protected_cards",
    "redeal_reasons",
]

_LOW_BITS: Final = sum(1 << (4 * r) for r in range(13))
_FACES: Final = sum(15 << (4 * r) for r in (8, 9, 10))  # J, Q, K
_ACES_TWOS: Final = sum(15 << (4 * r) for r in (11, 12))
INSTANT_STRENGTH: Final = {
    InstantWin.SUITED_DRAGON: 3,
    InstantWin.DRAGON: 2,
    InstantWin.FOUR_TWOS: 1,
}


def instant_win_kind(hand: CardMask, wins: frozenset[InstantWin]) -> InstantWin | None:
    """The best instant win of ``wins`` that ``hand`` holds (§5), or None.

    >>> from chupai.cards import parse_mask
    >>> instant_win_kind(parse_mask("2D 2C 2H 2S 3D"), frozenset(InstantWin))
    <InstantWin.FOUR_TWOS: 'four_twos'>
    """
    if InstantWin.SUITED_DRAGON in wins and any(
        hand & (_LOW_BITS << s) == _LOW_BITS << s for s in range(4)
    ):
        return InstantWin.SUITED_DRAGON
    lo = hand & packs.LOW  # two packs: one card of each rank is enough
    if InstantWin.DRAGON in wins and (lo | lo >> 1 | lo >> 2 | lo >> 3) & _LOW_BITS == _LOW_BITS:
        return InstantWin.DRAGON
    if InstantWin.FOUR_TWOS in wins and (hand >> 48) & 15 == 15:
        return InstantWin.FOUR_TWOS
    return None


def redeal_reasons(rules: BigTwoRules, hand: CardMask) -> list[str]:
    """The active §4 rules under which ``hand`` may ask for a redeal (empty: none).

    >>> from chupai.bigtwo.rules import resolve
    >>> from chupai.cards import parse_mask
    >>> redeal_reasons(resolve("standard", {"redeal_max_points": "2"}),
    ...                parse_mask("3D 4C 5H 6S 7D 8C 9H TS 3S 4H 5C 6D JD"))
    ['redeal_max_points']
    """
    out = []
    m = rules.redeal_max_points
    if m is not None and hand_points(hand) <= m:
        out.append("redeal_max_points")
    if rules.redeal_two_faces and not hand & _ACES_TWOS and packs.count_in(hand, _FACES) <= 2:
        out.append("redeal_two_faces")
    if rules.redeal_four_twos and (hand >> 48) & 15 == 15:
        out.append("redeal_four_twos")
    return out


def protected_cards(rules: BigTwoRules) -> CardMask:
    """Cards ``class_protect_cards`` keeps out of the exchanges: the starting card
    of the suit order (3D, or 3C under SHDC) and every 2."""
    return (1 << tables(rules).strength_order[0]) | (15 << 48)


def next_titles(
    rules: BigTwoRules, titles: Sequence[int] | None, ranking: Sequence[int]
) -> tuple[int, ...]:
    """The ranking that gives the next deal's titles or ranks (§12.1, §12.2):
    ``ranking`` itself, except that under ``class_king_demotion`` a King
    (``titles[0]``) who did not finish first becomes the Slave and the others move up.

    >>> from chupai.bigtwo.rules import resolve
    >>> r = resolve("standard", {"series": "class_struggle", "class_king_demotion": "true"})
    >>> next_titles(r, (0, 1, 2, 3), (1, 0, 2, 3))
    (1, 2, 3, 0)
    """
    order = tuple(ranking)
    if (
        rules.series is Series.CLASS_STRUGGLE
        and rules.class_king_demotion
        and titles is not None
        and order[0] != titles[0]
    ):
        king = titles[0]
        return tuple(s for s in order if s != king) + (king,)
    return order
