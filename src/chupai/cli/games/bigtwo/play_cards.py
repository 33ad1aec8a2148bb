"""The cards of Big Two's terminal as multisets: with ``packs=2`` a hand may hold
two identical cards, written and typed twice (``3D 3D``).

A set of cards is an ``int`` mask in the unary count form of the two-pack model
(:mod:`chupai.bigtwo.packs`): bit ``c`` is a first copy of card ``c``, bit
``52 + c`` a second; with one pack only the low 52 bits are ever set, so every
function here gives the one-pack answers unchanged. Card ids go through
:func:`card_ids` (never ``cards_of`` alone, which would read a second copy as a
joker).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Final

from chupai.cards import card_name, cards_of, parse_mask
from chupai.errors import ChupaiError

__all__ = ["card_ids", "add_card", "parse_multiset", "check_held", "pick_indexes"]

_PACK: Final = (1 << 52) - 1
"""The bits of the first copies."""


def card_ids(mask: int) -> list[int]:
    """The card ids of ``mask`` with repetition, ascending (``[0, 0, 17]``).

    >>> card_ids(1 | 1 << 52 | 1 << 17)
    [0, 0, 17]
    """
    return sorted(cards_of(mask & _PACK) + cards_of(mask >> 52))


def add_card(mask: int, c: int) -> int:
    """``mask`` with one more copy of card ``c`` (the second copy's bit when the
    first is there).

    >>> add_card(add_card(0, 5), 5) == 1 << 5 | 1 << 57
    True
    """
    return mask | (1 << (c + 52) if mask >> c & 1 else 1 << c)


def parse_multiset(words: Sequence[str], packs: int) -> int:
    """The cards named by the tokens ``words``, each at most ``packs`` times (one
    pack: :func:`~chupai.cards.parse_mask`'s answer and errors)."""
    if packs == 1:
        return parse_mask(words)
    ids = [c for w in words for c in cards_of(parse_mask([w]))]
    over = [c for c, n in Counter(ids).items() if n > packs]
    if over:
        raise ChupaiError(
            f"card {card_name(over[0]).upper()} is given {ids.count(over[0])} times "
            f"but the {packs} packs hold {packs}"
        )
    mask = 0
    for c in ids:
        mask = add_card(mask, c)
    return mask


def check_held(cards: int, hand: int) -> None:
    """Raise :class:`ChupaiError` naming the cards of ``cards`` that ``hand`` does
    not hold: ``you do not hold 9S``, or ``you hold one 3D`` when two are given
    and one is held."""
    want, have = Counter(card_ids(cards)), Counter(card_ids(hand))
    missing = [c for c in sorted(want) if want[c] > have[c] and not have[c]]
    if missing:
        raise ChupaiError("you do not hold " + " ".join(card_name(c) for c in missing))
    short = [c for c in sorted(want) if want[c] > have[c]]
    if short:
        raise ChupaiError("you hold one " + " ".join(card_name(c) for c in short))


def pick_indexes(order: Sequence[int], mask: int) -> list[int]:
    """The hand indexes of ``mask``'s cards in ``order`` (the hand in display
    order, ids with repetition): the first copies shown when two are held and one
    is wanted."""
    want = Counter(card_ids(mask))
    out = []
    for i, c in enumerate(order):
        if want[c]:
            want[c] -= 1
            out.append(i)
    return out
