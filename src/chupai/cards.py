"""Cards, card notation and card sets.

A card is a small int (:data:`Card`): ``rank * 4 + suit`` for the 52 suited cards,
with ranks in climbing order ``3 4 5 6 7 8 9 T J Q K A 2`` (rank index 0..12) and
suits ``D C H S`` (suit index 0..3), then ``52`` for the black joker ``BJ`` and
``53`` for the red joker ``RJ``. The id fixes identity only: how strong a card is
depends on the game's rules, which provide their own order tables.

A set of distinct cards is an int bit mask (:data:`CardMask`, bit ``c`` for card
``c``); :class:`CardSet` is a friendly set-like view over such a mask. The rank
``r`` nibble of a mask is ``(mask >> 4*r) & 0xF``.

Bare ranks (a rank without a suit, allowed in Dou Dizhu and Big A) are tokens
``BARE_BASE + rank``; see :func:`parse_tokens`.

>>> format_cards(parse_mask("10s ah 3d"))
'3D TS AH'
>>> CardSet.parse("3♦ 3s")
CardSet.parse('3D 3S')
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import Final, TypeAlias

import chupai.messages  # noqa: F401  (the translations of the refusals below)
from chupai.errors import CardParseError
from chupai.i18n import CardTokens, Msg

__all__ = [
    "Card",
    "CardMask",
    "RANKS",
    "SUITS",
    "BLACK_JOKER",
    "RED_JOKER",
    "BARE_BASE",
    "FULL_PACK_MASK",
    "card",
    "rank_of",
    "suit_of",
    "card_name",
    "parse_card",
    "joker_refused",
    "parse_tokens",
    "parse_mask",
    "mask_of",
    "cards_of",
    "format_cards",
    "CardSet",
    "pack_counts",
    "unpack_counts",
]

Card: TypeAlias = int
"""A card id: ``rank * 4 + suit`` (0..51), ``52`` = BJ, ``53`` = RJ."""

CardMask: TypeAlias = int
"""A set of distinct cards as a bit mask (bit ``c`` set for card ``c``)."""

RANKS: Final = "3456789TJQKA2"
"""Rank characters in rank-index order (climbing order, 3 lowest, 2 highest)."""

SUITS: Final = "DCHS"
"""Suit characters in suit-index order (diamonds 0, clubs 1, hearts 2, spades 3)."""

BLACK_JOKER: Final = 52
RED_JOKER: Final = 53
BARE_BASE: Final = 64
"""Bare-rank tokens are ``BARE_BASE + rank``."""

FULL_PACK_MASK: Final = (1 << 52) - 1
"""The 52 suited cards of one pack as a mask."""

_SUIT_ALIASES: Final = {
    "S": 3,
    "H": 2,
    "C": 1,
    "D": 0,
    "♠": 3,
    "♥": 2,
    "♣": 1,
    "♦": 0,
    "♤": 3,
    "♡": 2,
    "♧": 1,
    "♢": 0,
}
_RANK_ALIASES: Final = {ch: i for i, ch in enumerate(RANKS)} | {"10": RANKS.index("T")}


def card(rank: int, suit: int) -> Card:
    """The card id of rank index ``rank`` and suit index ``suit``."""
    return rank * 4 + suit


def rank_of(c: Card) -> int:
    """The rank index (0..12) of a suited card; 13 for BJ and 14 for RJ."""
    return c >> 2 if c < 52 else 13 + (c - 52)


def suit_of(c: Card) -> int:
    """The suit index (0..3) of a suited card."""
    return c & 3


def card_name(c: Card) -> str:
    """The canonical token of a card id or bare-rank token."""
    if 0 <= c < 52:
        return RANKS[c >> 2] + SUITS[c & 3]
    if c == BLACK_JOKER:
        return "BJ"
    if c == RED_JOKER:
        return "RJ"
    if BARE_BASE <= c < BARE_BASE + 13:
        return RANKS[c - BARE_BASE]
    raise ValueError(f"not a card id: {c!r}")


def joker_refused(name: str) -> Msg:
    """The refusal of joker ``name`` (``BJ``) in a game played without jokers."""
    return Msg("card {card} is a joker, and this game is played without jokers", card=repr(name))


def _read_token(token: str, index: int, *, bare_ranks: bool) -> Card:
    up = token.upper()
    if up == "BJ":
        return BLACK_JOKER
    if up == "RJ":
        return RED_JOKER
    if up in _RANK_ALIASES:
        if bare_ranks:
            return BARE_BASE + _RANK_ALIASES[up]
        raise CardParseError(
            Msg(
                "card {token} has no suit: a card token is a rank and a suit, e.g. "
                "{example} (bare ranks are not allowed in this game)",
                token=repr(token),
                example=repr(up + "S"),
            ),
            token,
            index,
        )
    rank_part, suit_part = up[:-1], up[-1:]
    if rank_part in _RANK_ALIASES and suit_part in _SUIT_ALIASES:
        return _RANK_ALIASES[rank_part] * 4 + _SUIT_ALIASES[suit_part]
    if up[:1] in _SUIT_ALIASES and up[1:] in _RANK_ALIASES:
        raise CardParseError(
            Msg(
                "unknown card token {token}: write the rank first, e.g. {example}",
                token=repr(token),
                example=up[1:] + up[:1],
            ),
            token,
            index,
        )
    raise CardParseError(Msg("unknown card token {token}", token=repr(token)), token, index)


def parse_card(token: str) -> Card:
    """Parse one suited card or joker token (case-insensitive).

    >>> card_name(parse_card("10h")), card_name(parse_card("A♠")), parse_card("rj")
    ('TH', 'AS', 53)
    """
    return _read_token(token.strip(), 0, bare_ranks=False)


def parse_tokens(text: str | Iterable[str], *, bare_ranks: bool = False) -> list[Card]:
    """Parse a space-separated list of card tokens into card ids (order kept).

    With ``bare_ranks`` a rank alone is accepted and returned as ``BARE_BASE +
    rank``. Duplicates are kept; checking copies against the decks is the game's
    job (see :func:`parse_mask`). Raises :class:`CardParseError` naming the token.
    """
    tokens = text.split() if isinstance(text, str) else [t for s in text for t in s.split()]
    return [_read_token(tok, i, bare_ranks=bare_ranks) for i, tok in enumerate(tokens)]


def parse_mask(text: str | Iterable[str], *, jokers: bool = False) -> CardMask:
    """Parse a list of distinct cards of one pack into a mask.

    Raises :class:`CardParseError` for an unknown token, a joker when ``jokers``
    is false, a bare rank, or a card named twice.

    >>> format_cards(parse_mask("2s 3d"))
    '3D 2S'
    >>> parse_mask("3D 3d")
    Traceback (most recent call last):
    ...
    chupai.errors.CardParseError: card 3D appears 2 times, but the deck has only one
    """
    cards = parse_tokens(text)
    mask = 0
    seen: dict[int, int] = {}
    for i, c in enumerate(cards):
        if c >= 52 and not jokers:
            raise CardParseError(joker_refused(card_name(c)), card_name(c), i)
        seen[c] = seen.get(c, 0) + 1
        mask |= 1 << c
    for c, n in seen.items():
        if n > 1:
            raise CardParseError(
                Msg(
                    "card {card} appears {n} times, but the deck has only one",
                    card=CardTokens(card_name(c)),
                    n=n,
                ),
                card_name(c),
                None,
            )
    return mask


def mask_of(cards: Iterable[Card]) -> CardMask:
    """The mask of an iterable of distinct card ids."""
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def cards_of(mask: CardMask) -> list[Card]:
    """The card ids in ``mask``, ascending by id."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def format_cards(cards: CardMask | Iterable[Card], order: Sequence[int] | None = None) -> str:
    """Canonical text of a set of cards, sorted for display.

    ``order`` maps a card id to its display strength (ascending); the default is
    the id order, i.e. rank then suit D < C < H < S.
    """
    ids = cards_of(cards) if isinstance(cards, int) else list(cards)
    if order is not None:
        ids.sort(key=order.__getitem__)
    else:
        ids.sort()
    return " ".join(card_name(c) for c in ids)


class CardSet:
    """An immutable set-like view over a card mask.

    >>> s = CardSet.parse("3D 4C 5H")
    >>> len(s), parse_card("4C") in s, str(s - CardSet.parse("4c"))
    (3, True, '3D 5H')
    """

    __slots__ = ("mask",)

    mask: CardMask

    def __init__(self, mask: CardMask | Iterable[Card] = 0):
        object.__setattr__(self, "mask", mask if isinstance(mask, int) else mask_of(mask))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("CardSet is immutable")

    @classmethod
    def parse(cls, text: str, *, jokers: bool = False) -> CardSet:
        """Parse distinct cards (see :func:`parse_mask`)."""
        return cls(parse_mask(text, jokers=jokers))

    def __iter__(self) -> Iterator[Card]:
        return iter(cards_of(self.mask))

    def __len__(self) -> int:
        return self.mask.bit_count()

    def __contains__(self, c: object) -> bool:
        return isinstance(c, int) and 0 <= c < 64 and bool(self.mask >> c & 1)

    def __bool__(self) -> bool:
        return self.mask != 0

    def __int__(self) -> int:
        return self.mask

    def __eq__(self, other: object) -> bool:
        return isinstance(other, CardSet) and other.mask == self.mask

    def __hash__(self) -> int:
        return hash(self.mask)

    def __or__(self, other: CardSet) -> CardSet:
        return CardSet(self.mask | other.mask)

    def __and__(self, other: CardSet) -> CardSet:
        return CardSet(self.mask & other.mask)

    def __sub__(self, other: CardSet) -> CardSet:
        return CardSet(self.mask & ~other.mask)

    def __le__(self, other: CardSet) -> bool:
        return self.mask & ~other.mask == 0

    def __str__(self) -> str:
        return format_cards(self.mask)

    def __repr__(self) -> str:
        return f"CardSet.parse({str(self)!r})"


# ----- packed counts ----------------------------------------------------------------
# A multiset of cards by rank or face (Dou Dizhu, Big A): 5 bits per field, field
# ``f`` at bit ``5 * f``, each count 0..15 (the top bit of a field is a guard).


def pack_counts(counts: Sequence[int], names: Sequence[str], what: str) -> int:
    """Packed counts from a sequence of field counts (at most one per name of
    ``names``); ``ValueError`` names the ``what`` (``rank``, ``face``) of a count
    outside 0..15.

    >>> pack_counts([2, 0, 1], "345", "rank") == 2 + (1 << 10)
    True
    """
    out = 0
    for f, n in enumerate(counts):
        if not 0 <= n <= 15:
            raise ValueError(f"bad count {n!r} for {what} {names[f]}")
        out |= n << (5 * f)
    return out


def unpack_counts(cards: int, shifts: Sequence[int]) -> tuple[int, ...]:
    """The counts of packed ``cards`` at the field offsets ``shifts``.

    >>> unpack_counts(2 + (1 << 10), (0, 5, 10))
    (2, 0, 1)
    """
    return tuple((cards >> s) & 31 for s in shifts)
