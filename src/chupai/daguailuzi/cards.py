"""大怪路子 cards as packed counts, the single-card order, and their notation.

Three 54-card packs: every suited card and each joker exists three times (162
cards, ``daguailuzi.md`` §1). A card **type** ``t`` is 0..53: suited ``t = 4*r + s``
with ``r`` the natural rank index over ``2 3 4 5 6 7 8 9 T J Q K A`` (0..12) and
``s`` the suit index over ``S H C D`` (0..3); ``BJ = 52`` and ``RJ = 53``. A set of
cards (:data:`Cards`, an int) packs each type's count 0..3 in a 3-bit field at bit
``3*t``; the top bit of every field (:data:`GUARD`) stays clear, so containment is
one subtraction and one mask (:func:`contains`, and
:func:`chupai.deal.still_held`).

A **rank** here is the natural rank index 0..12, or ``13`` for ``BJ`` and ``14``
for ``RJ`` (:func:`rank_of`). The single-card order of §1.3 maps each rank to its
strength ``s`` 0..14 (:func:`strengths`): the plain order (``two_rank``), the level
rank lifted above the Ace when trumps are on (``level`` a rank index, None without
trumps), then ``BJ``, ``RJ``.

>>> cards_text(parse_cards("10s ah bj 2d 9s 9s"))
'2D 9S 9S TS AH BJ'
>>> from chupai.daguailuzi.rules import SHANGHAI
>>> cards_text(parse_cards("2d 3s as"), SHANGHAI, level=0)
'3S AS 2D'
>>> size_of(parse_cards("9S 9S 9H RJ")), count_of(parse_cards("9S 9S 9H"), 4 * 7)
(4, 2)
>>> parse_cards("AS AS as aS")
Traceback (most recent call last):
...
chupai.errors.CardParseError: card "AS" appears 4 times but the decks hold 3
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from typing import Final, TypeAlias

from chupai.cards import BARE_BASE, BLACK_JOKER, RED_JOKER, parse_tokens
from chupai.daguailuzi.rules import DaguailuziRules, TwoRank
from chupai.errors import CardParseError
from chupai.i18n import Msg

__all__ = [
    "Cards",
    "NTYPES",
    "RANKS",
    "SUITS",
    "RANK_NAMES",
    "BJ",
    "RJ",
    "BJ_RANK",
    "RJ_RANK",
    "COPIES",
    "SHIFTS",
    "UNIT",
    "GUARD",
    "FIELD",
    "PACK",
    "JOKERS",
    "NATURALS",
    "RANK_MASK",
    "SUIT_MASK",
    "type_of",
    "rank_of",
    "suit_of",
    "type_name",
    "count_of",
    "size_of",
    "contains",
    "counts",
    "types_of",
    "from_types",
    "rank_counts",
    "parse_cards",
    "strengths",
    "display_order",
    "rule_strengths",
    "cards_text",
]

Cards: TypeAlias = int
"""A multiset of 大怪路子 cards: the count (0..3) of type ``t`` at bit ``3*t``."""

NTYPES: Final = 54
RANKS: Final = "23456789TJQKA"
"""Rank characters by natural rank index (2 lowest, A highest)."""
SUITS: Final = "SHCD"
"""Suit characters by suit index."""
RANK_NAMES: Final = tuple(RANKS) + ("BJ", "RJ")
"""The name of each rank 0..14 (``BJ`` = 13, ``RJ`` = 14)."""
BJ: Final = 52
RJ: Final = 53
BJ_RANK: Final = 13
RJ_RANK: Final = 14
COPIES: Final = 3
"""Copies of every type in the three packs."""

SHIFTS: Final = tuple(3 * t for t in range(NTYPES))
UNIT: Final = tuple(1 << (3 * t) for t in range(NTYPES))
"""``UNIT[t]``: one card of type ``t``."""
FIELD: Final = 7
GUARD: Final = sum(4 << (3 * t) for t in range(NTYPES))
"""The guard bit of every field (for :func:`contains` and ``still_held``)."""
PACK: Final = sum(COPIES * u for u in UNIT)
"""The 162 cards of three packs with jokers."""
JOKERS: Final = FIELD * UNIT[BJ] | FIELD * UNIT[RJ]
"""The two joker fields."""
NATURALS: Final = (1 << (3 * 52)) - 1
"""The 52 suited fields."""
RANK_MASK: Final = tuple(sum(FIELD * UNIT[4 * r + s] for s in range(4)) for r in range(13)) + (
    FIELD * UNIT[BJ],
    FIELD * UNIT[RJ],
)
"""``RANK_MASK[r]``: the fields of the types of rank ``r`` (0..14)."""
SUIT_MASK: Final = tuple(sum(FIELD * UNIT[4 * r + s] for r in range(13)) for s in range(4))
"""``SUIT_MASK[s]``: the fields of the 13 types of suit ``s``."""


def type_of(rank: int, suit: int) -> int:
    """The type of a suited card of natural rank index ``rank`` and suit ``suit``."""
    return 4 * rank + suit


def rank_of(t: int) -> int:
    """The rank of type ``t``: its natural rank index 0..12, 13 for BJ, 14 for RJ."""
    return t >> 2 if t < 52 else t - 39


def suit_of(t: int) -> int:
    """The suit index (0..3, ``S H C D``) of a suited type."""
    return t & 3


def type_name(t: int) -> str:
    """The canonical token of type ``t`` (``TS``, ``BJ``)."""
    if t == BJ:
        return "BJ"
    if t == RJ:
        return "RJ"
    if 0 <= t < 52:
        return RANKS[t >> 2] + SUITS[t & 3]
    raise ValueError(f"not a card type: {t!r}")


def count_of(cards: Cards, t: int) -> int:
    """How many cards of type ``t`` ``cards`` hold."""
    return (cards >> (3 * t)) & FIELD


_NIBBLE_SIZE: Final = tuple(sum((b >> (3 * i)) & FIELD for i in range(4)) for b in range(1 << 12))
"""Number of cards in every 12-bit chunk (four fields)."""


def size_of(cards: Cards) -> int:
    """Number of cards in packed ``cards``."""
    n = 0
    table = _NIBBLE_SIZE
    while cards:
        n += table[cards & 0xFFF]
        cards >>= 12
    return n


def contains(hand: Cards, sub: Cards) -> bool:
    """Whether multiset ``hand`` contains multiset ``sub``."""
    return (hand + GUARD - sub) & GUARD == GUARD


def counts(cards: Cards) -> list[tuple[int, int]]:
    """``(type, count)`` of every type present, ascending by type."""
    out: list[tuple[int, int]] = []
    t = 0
    while cards:
        if cards & 0xFFF == 0:
            cards >>= 12
            t += 4
            continue
        n = cards & FIELD
        if n:
            out.append((t, n))
        cards >>= 3
        t += 1
    return out


def types_of(cards: Cards) -> list[int]:
    """Every card of ``cards`` as its type (repeated by count), ascending by type."""
    return [t for t, n in counts(cards) for _ in range(n)]


def from_types(types: Iterable[int]) -> Cards:
    """Packed cards from card types (repeats add up; no check against the decks)."""
    out = 0
    for t in types:
        out += UNIT[t]
    return out


def rank_counts(cards: Cards) -> list[int]:
    """The number of cards of each rank 0..14."""
    out = [0] * 15
    for t, n in counts(cards):
        out[rank_of(t)] += n
    return out


def _type_of_card(card: int) -> int:
    """The type of a card id of :mod:`chupai.cards` (ranks ``3..A 2``, suits
    ``D C H S`` there)."""
    if card == BLACK_JOKER:
        return BJ
    if card == RED_JOKER:
        return RJ
    rank = ((card >> 2) + 1) % 13
    return 4 * rank + (3 - (card & 3))


def parse_cards(text: str | Iterable[str]) -> Cards:
    """Parse card tokens (``3S``, ``TS``/``10S``, ``BJ``, ``RJ``; suit symbols;
    case-insensitive) into packed counts. Bare ranks are an error (suits make
    flushes), and so is a type named more than three times (README §1.2). Raises
    :class:`CardParseError` naming the token.

    >>> parse_cards("7")
    Traceback (most recent call last):
    ...
    chupai.errors.CardParseError: card '7' has no suit: a card token is a rank and a suit, e.g. '7S' (bare ranks are not allowed in this game)
    """
    ids = parse_tokens(text, bare_ranks=False)
    out = 0
    for i, card in enumerate(ids):
        if card >= BARE_BASE:  # pragma: no cover - parse_tokens refuses bare ranks
            raise CardParseError(f"card token {card!r} has no suit", None, i)
        t = _type_of_card(card)
        out += UNIT[t]
        if (out >> (3 * t)) & FIELD > COPIES:
            name = type_name(t)
            total = sum(1 for c in ids if _type_of_card(c) == t)
            raise CardParseError(
                Msg(
                    "card {card} appears {n} times but the decks hold {limit}",
                    card=f'"{name}"',
                    n=total,
                    limit=COPIES,
                ),
                name,
                i,
            )
    return out


@lru_cache(maxsize=64)
def strengths(two_high: bool = False, level: int | None = None) -> tuple[int, ...]:
    """The single-card order of §1.3: ``strengths(...)[rank]`` is the strength
    ``s`` (0..14) of each rank 0..14. ``two_high`` puts the 2 above the Ace in the
    plain order (``two_rank = high``); ``level`` (a natural rank index, None
    without trumps) lifts that rank above every other plain rank.

    >>> [RANK_NAMES[r] for r in sorted(range(15), key=strengths(False, 7).__getitem__)]
    ['2', '3', '4', '5', '6', '7', '8', 'T', 'J', 'Q', 'K', 'A', '9', 'BJ', 'RJ']
    """
    plain = list(range(1, 13)) + [0] if two_high else list(range(13))
    if level is not None:
        if not 0 <= level <= 12:
            raise ValueError(f"bad level {level!r}: a natural rank index 0..12")
        plain.remove(level)
        plain.append(level)
    out = [0] * 15
    for s, r in enumerate(plain + [BJ_RANK, RJ_RANK]):
        out[r] = s
    return tuple(out)


@lru_cache(maxsize=64)
def display_order(two_high: bool = False, level: int | None = None) -> tuple[int, ...]:
    """Every type in display order (README §1.1): ascending by strength, ties by
    suit ``S H C D``."""
    s = strengths(two_high, level)
    return tuple(sorted(range(NTYPES), key=lambda t: (s[rank_of(t)], t)))


def rule_strengths(rules: DaguailuziRules | None, level: int | None) -> tuple[int, ...]:
    """:func:`strengths` under ``rules`` (its ``two_rank``) at trump ``level``
    (ignored when ``rules.trumps`` is off; the seed order when ``rules`` is None)."""
    if rules is None:
        return strengths(False, level)
    return strengths(rules.two_rank is TwoRank.HIGH, level if rules.trumps else None)


def cards_text(cards: Cards, rules: DaguailuziRules | None = None, level: int | None = None) -> str:
    """The cards as tokens in display order under ``rules`` at trump ``level``
    (the single-card order of §1.3, ties S H C D), ``''`` if empty."""
    if rules is None:
        order = display_order(False, level)
    else:
        order = display_order(rules.two_rank is TwoRank.HIGH, level if rules.trumps else None)
    parts: list[str] = []
    for t in order:
        n = (cards >> (3 * t)) & FIELD
        if n:
            parts.extend([type_name(t)] * n)
    return " ".join(parts)
