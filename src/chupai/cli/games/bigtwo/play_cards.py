"""The cards of Big Two's terminal as multisets: with ``packs=2`` a hand may hold
two identical cards, written and typed twice (``3D 3D``).

Sets of cards are masks in the unary count form of :mod:`chupai.bigtwo.packs`
(bit ``52 + c``: a second copy of card ``c``); with one pack every function here
gives the one-pack answers and errors unchanged.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from chupai.bigtwo.packs import ids, parse
from chupai.cards import card_name, parse_mask
from chupai.errors import ChupaiError
from chupai.i18n import CardTokens, Msg

__all__ = ["parse_multiset", "check_held", "pick_indexes"]


def parse_multiset(words: Sequence[str], packs: int) -> int:
    """The cards named by the tokens ``words``, each at most ``packs`` times (one
    pack: :func:`~chupai.cards.parse_mask`'s answer and errors)."""
    return parse_mask(words) if packs == 1 else parse(words, packs)


def check_held(cards: int, hand: int, key: Callable[[int], Any] | None = None) -> None:
    """Raise :class:`ChupaiError` naming the cards of ``cards`` that ``hand`` does
    not hold: ``you do not hold 9S``, or ``you hold one 3D`` when two are given
    and one is held; the cards in the hand's display order (``key``: a card's
    place in it) and shown as the table shows them (``9♠``:
    :class:`~chupai.i18n.CardTokens`)."""
    want, have = Counter(ids(cards)), Counter(ids(hand))
    missing = [c for c in sorted(want, key=key) if want[c] > have[c] and not have[c]]
    if missing:
        raise ChupaiError(Msg("you do not hold {cards}", cards=_tokens(missing)))
    short = [c for c in sorted(want, key=key) if want[c] > have[c]]
    if short:
        raise ChupaiError(Msg("you hold one {cards}", cards=_tokens(short)))


def _tokens(cards: Sequence[int]) -> CardTokens:
    return CardTokens(" ".join(card_name(c) for c in cards))


def pick_indexes(order: Sequence[int], mask: int) -> list[int]:
    """The hand indexes of ``mask``'s cards in ``order`` (the hand in display
    order, ids with repetition): the first copy shown when two are held and one
    is wanted."""
    want = Counter(ids(mask))
    out = []
    for i, c in enumerate(order):
        if want[c]:
            want[c] -= 1
            out.append(i)
    return out
