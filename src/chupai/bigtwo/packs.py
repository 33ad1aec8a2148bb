"""Big Two card sets with one or two packs: the unary count form.

A set of cards is an ``int`` mask. With one pack bit ``c`` (0..51) is card ``c``
(:mod:`chupai.cards`). With two packs (``packs=2``, 104 cards) bit ``c`` means *at
least one* copy of card ``c`` and bit ``52 + c`` a *second* copy; a second copy is
only ever set where the first is (:func:`norm` folds any mask into that form). So
``bit_count()`` is the number of cards, one-pack masks are unchanged, two sets of the
same cards are equal ints, containment is ``a & ~b == 0``, and a set never tells
which physical copy a seat holds (nothing leaks through copy identity).

The set operations that differ from plain bit logic with two packs are
:func:`take` (the multiset difference: ``hand & ~cards`` would leave a lone second
copy) and :func:`add` (the multiset sum: ``a | b`` would lose a card held twice).

>>> from chupai.cards import parse_mask
>>> pair = parse("3D 3D", 2)
>>> pair == parse_mask("3D") | 1 << 52
True
>>> names(take(pair | parse_mask("5S"), parse_mask("3D")))
'3D 5S'
>>> names(add(parse_mask("3D"), parse_mask("3D 4C")))
'3D 3D 4C'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import combinations
from typing import Final

from chupai.cards import CardMask, card_name, cards_of, joker_refused, parse_tokens
from chupai.errors import CardParseError
from chupai.i18n import Msg

__all__ = [
    "LOW",
    "FULL",
    "norm",
    "take",
    "add",
    "ids",
    "fold",
    "names",
    "parse",
    "count_in",
    "low",
    "every_copy",
    "both",
    "subsets",
]

LOW: Final = (1 << 52) - 1
"""The first copy of every card (one pack)."""

FULL: Final = {1: LOW, 2: (1 << 104) - 1}
"""Every card of the packs, by the number of packs."""


def low(m: CardMask) -> CardMask:
    """The distinct cards of ``m`` (its first copies)."""
    return m & LOW


def norm(m: CardMask) -> CardMask:
    """``m`` in the unary form: the same number of copies of each card, first
    copies before second ones.

    >>> norm(1 << 52) == 1
    True
    """
    lo, hi = m & LOW, m >> 52
    return lo | hi | (lo & hi) << 52


def take(hand: CardMask, cards: CardMask) -> CardMask:
    """``hand`` less ``cards`` (a multiset contained in it).

    >>> take(parse("7H 7H 8C", 2), parse("7H", 2)) == parse("7H 8C", 2)
    True
    """
    return norm(hand & ~cards)


def add(a: CardMask, b: CardMask) -> CardMask:
    """The cards of ``a`` and of ``b`` together (at most two copies of a card).

    >>> add(parse("7H", 2), parse("7H", 2)) == parse("7H 7H", 2)
    True
    """
    a1, b1 = a & LOW, b & LOW
    return a1 | b1 | ((a >> 52) | (b >> 52) | (a1 & b1)) << 52


def ids(m: CardMask) -> list[int]:
    """The card ids of ``m`` with repetition, ascending (``[0, 0, 17]``)."""
    return sorted(cards_of(m & LOW) + cards_of(m >> 52))


def fold(cards: Iterable[int]) -> CardMask:
    """The set of the card ids ``cards`` (repeated ids are copies; ids 52.. are
    read as their card), in the unary form: the inverse of :func:`ids`.

    >>> names(fold([17, 5, 17]))
    '4C 7C 7C'
    """
    m = 0
    for c in cards:
        m = add(m, 1 << c % 52)
    return m


def every_copy(m: CardMask, packs: int) -> CardMask:
    """The distinct cards of which ``m`` holds every copy in ``packs`` packs:
    with two packs its second copies; with one, each of its cards.

    >>> names(every_copy(parse("2S 2S 3D", 2), 2)), names(every_copy(parse("2S 3D", 1), 1))
    ('2S', '3D 2S')
    """
    return m & LOW if packs == 1 else m >> 52


def both(cards: CardMask) -> CardMask:
    """Both copies of the one-pack ``cards`` (to take every copy out of a set:
    ``hand & ~both(cards)`` stays in the unary form)."""
    cards &= LOW
    return cards | cards << 52


def subsets(m: CardMask, k: int, strength: Sequence[int]) -> list[CardMask]:
    """The distinct ``k``-card sub-multisets of ``m``, in the display order of
    their cards (``strength``: a card id → rank). A card held twice gives one
    choice with one copy and one with both, never two equal ones.

    >>> order = list(range(52))
    >>> [names(s) for s in subsets(parse("2S 2S 3D", 2), 2, order)]
    ['3D 2S', '2S 2S']
    """
    cards = sorted(ids(m), key=strength.__getitem__)
    if k == 1:
        return [1 << c for c in dict.fromkeys(cards)]
    if m >> 52 == 0:
        return [sum(1 << c for c in combo) for combo in combinations(cards, k)]
    return list(dict.fromkeys(fold(combo) for combo in combinations(cards, k)))


def count_in(m: CardMask, cards: CardMask) -> int:
    """How many of ``m``'s cards (copies counted) are among the one-pack ``cards``.

    >>> count_in(parse("2S 2S 2H 3D", 2), parse("2D 2C 2H 2S", 1))
    3
    """
    return (m & cards).bit_count() + ((m >> 52) & cards).bit_count()


def names(m: CardMask, strength: Sequence[int] | None = None) -> str:
    """The tokens of ``m``, identical cards repeated, ascending by ``strength`` (a
    card id → rank; by id when None)."""
    cards = ids(m)
    if strength is not None:
        cards.sort(key=strength.__getitem__)
    return " ".join(card_name(c) for c in cards)


def parse(text: str | Iterable[str], packs: int) -> CardMask:
    """The cards of ``text`` as a set of ``packs`` packs (a card may be named up to
    ``packs`` times). Raises :class:`CardParseError` naming the bad token.

    >>> parse("3D 3D 3D", 2)
    Traceback (most recent call last):
    ...
    chupai.errors.CardParseError: card '3D' appears 3 times but the decks hold 2
    """
    cards = parse_tokens(text)
    seen: dict[int, int] = {}
    for i, c in enumerate(cards):
        if c >= 52:
            raise CardParseError(joker_refused(card_name(c)), card_name(c), i)
        seen[c] = seen.get(c, 0) + 1
    mask = 0
    for c, n in seen.items():
        if n > packs:
            raise CardParseError(
                Msg(
                    "card {card} appears {n} times but the decks hold {limit}",
                    card=repr(card_name(c)),
                    n=n,
                    limit=packs,
                ),
                card_name(c),
                None,
            )
        mask |= 1 << c | (n - 1) << (52 + c)
    return mask
