"""Big A cards as packed counts, and their notation.

Suits never matter in Big A except for the Aces (the two Aces of the suit chosen
during the deal are the **Big Aces**, ``biga.md`` §1), so the engine keeps a count
per *face*, where a face is a rank without its suit, except that Aces keep theirs.
There are 19 faces, packed into one int with a 5-bit field each (:data:`Cards`):

====== ============================================================
field  face
====== ============================================================
0..10  ``3 4 5 6 7 8 9 T J Q K`` (suit dropped)
11     ``A``: an ordinary Ace whose suit no longer matters
12     ``2``
13, 14 ``BJ``, ``RJ``
15..18 ``AD AC AH AS``: Aces with their suit (suit index ``D C H S``)
====== ============================================================

During the draw every Ace is kept in its suited field (15..18). Once the Big Ace
suit ``s`` is known, :func:`normalize` moves every Ace of another suit into the
ordinary field 11, so that afterwards field ``15 + s`` counts the Big Aces and the
other suited fields are empty: two plays that differ only in an ordinary Ace's suit
are the same play. Counts never exceed 8, so bit 4 of every field is a guard bit
and :func:`contains` is one subtraction and one mask.

>>> cards_text(parse_cards("10s ah bj 3 as a"))
'T A AH AS 3 BJ'
>>> cards_text(normalize(parse_cards("ah as ad 2 2"), big_suit=2), big_suit=2)
'A A 2 2 AH'
>>> parse_cards("AH AH AH")
Traceback (most recent call last):
...
chupai.errors.CardParseError: card 'AH' appears 3 times but the decks hold 2
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final, TypeAlias

from chupai import cards as _shared
from chupai.cards import BARE_BASE, BLACK_JOKER, RED_JOKER, card_name, parse_tokens
from chupai.errors import CardParseError
from chupai.i18n import Msg

__all__ = [
    "Cards",
    "NFACES",
    "FACE_NAMES",
    "ACE",
    "TWO",
    "BJ",
    "RJ",
    "SUITED_ACE",
    "UNIT",
    "SHIFTS",
    "GUARD",
    "pack",
    "unpack",
    "size_of",
    "contains",
    "normalize",
    "big_aces",
    "face_of_card",
    "parse_cards",
    "cards_text",
    "DECK",
    "strength_order",
]

Cards: TypeAlias = int
"""A multiset of Big A cards as packed face counts (5 bits per face)."""

NFACES: Final = 19
ACE: Final = 11
"""Field of the ordinary Ace (suit not tracked)."""
TWO: Final = 12
BJ: Final = 13
RJ: Final = 14
SUITED_ACE: Final = 15
"""Field of the suited Ace of suit index 0 (``AD``); suit ``s`` is ``15 + s``."""
FACE_NAMES: Final = (
    "3",
    "4",
    "5",
    "6",
    "7",
    "8",
    "9",
    "T",
    "J",
    "Q",
    "K",
    "A",
    "2",
    "BJ",
    "RJ",
    "AD",
    "AC",
    "AH",
    "AS",
)

SHIFTS: Final = tuple(5 * f for f in range(NFACES))
UNIT: Final = tuple(1 << (5 * f) for f in range(NFACES))
"""``UNIT[f]``: one card of face ``f``."""
GUARD: Final = sum(16 << (5 * f) for f in range(NFACES))
"""The guard bit of every field (for the SWAR containment test)."""
_FIELD: Final = 31

DECK: Final = (
    sum(8 * UNIT[f] for f in range(11))
    + 8 * UNIT[TWO]
    + 2 * UNIT[BJ]
    + 2 * UNIT[RJ]
    + sum(2 * UNIT[SUITED_ACE + s] for s in range(4))
)
"""The 108 cards of two packs with jokers (Aces suited)."""


def pack(counts: Sequence[int]) -> Cards:
    """Packed cards from up to 19 face counts (field order of the module table)."""
    return _shared.pack_counts(counts, FACE_NAMES, "face")


def unpack(cards: Cards) -> tuple[int, ...]:
    """The 19 face counts of packed cards."""
    return _shared.unpack_counts(cards, SHIFTS)


def size_of(cards: Cards) -> int:
    """Number of cards in packed ``cards``."""
    n = 0
    while cards:
        n += cards & _FIELD
        cards >>= 5
    return n


def contains(hand: Cards, sub: Cards) -> bool:
    """Whether multiset ``hand`` contains multiset ``sub``."""
    return (hand + GUARD - sub) & GUARD == GUARD


def normalize(cards: Cards, big_suit: int | None) -> Cards:
    """``cards`` with every Ace not of ``big_suit`` moved to the ordinary field 11
    (``big_suit`` None: every Ace is ordinary)."""
    for s in range(4):
        if s == big_suit:
            continue
        n = (cards >> (5 * (SUITED_ACE + s))) & _FIELD
        if n:
            cards += n * (UNIT[ACE] - UNIT[SUITED_ACE + s])
    return cards


def big_aces(cards: Cards, big_suit: int | None) -> int:
    """How many Big Aces ``cards`` hold (0 when no Big Ace suit is set)."""
    if big_suit is None:
        return 0
    return (cards >> (5 * (SUITED_ACE + big_suit))) & _FIELD


def face_of_card(card: int) -> int:
    """The face of a card id of :mod:`chupai.cards` (suited, joker or bare rank)."""
    if card == BLACK_JOKER:
        return BJ
    if card == RED_JOKER:
        return RJ
    if card >= BARE_BASE:
        r = card - BARE_BASE
        return ACE if r == 11 else (TWO if r == 12 else r)
    r, s = card >> 2, card & 3
    if r == 11:
        return SUITED_ACE + s
    return TWO if r == 12 else r


def parse_cards(text: str | Iterable[str], big_suit: int | None = None) -> Cards:
    """Parse card tokens (suited, bare ranks, jokers; case-insensitive) into packed
    face counts. Suits are dropped except on Aces; a bare ``A`` is an ordinary Ace.
    The result is not normalized (see :func:`normalize`).

    Copies are checked against the two packs (README §1.2, ``biga.md`` §1): a
    suited card or a joker at most twice, a rank at most 8 times, and a bare ``A``
    counts against the ordinary Aces only (6 when ``big_suit`` is set, else 8).
    Raises :class:`CardParseError` naming the token.

    >>> parse_cards("A A A A A A A", big_suit=2)
    Traceback (most recent call last):
    ...
    chupai.errors.CardParseError: ordinary Aces ('A') appear 7 times but the decks hold 6
    """
    ids = parse_tokens(text, bare_ranks=True)
    per_card: dict[int, int] = {}
    per_rank: dict[int, int] = {}
    ordinary_aces = 0
    out = 0
    for i, c in enumerate(ids):
        face = face_of_card(c)
        if c < BARE_BASE:  # a suited card or a joker
            n = per_card[c] = per_card.get(c, 0) + 1
            if n > 2:
                total = sum(1 for x in ids if x == c)
                raise CardParseError(
                    Msg(
                        "card {card} appears {n} times but the decks hold {limit}",
                        card=repr(card_name(c)),
                        n=total,
                        limit=2,
                    ),
                    card_name(c),
                    i,
                )
        if c in (BLACK_JOKER, RED_JOKER):
            out += UNIT[face]
            continue
        rank = (c - BARE_BASE) if c >= BARE_BASE else c >> 2
        n = per_rank[rank] = per_rank.get(rank, 0) + 1
        name = card_name(c)
        if n > 8:
            raise CardParseError(
                Msg(
                    "rank {rank} appears {n} times but the decks hold 8 (at token {token})",
                    rank=repr(name[0]),
                    n=n,
                    token=repr(name),
                ),
                name,
                i,
            )
        if rank == 11 and (c >= BARE_BASE or (c & 3) != big_suit):
            ordinary_aces += 1
            limit = 8 if big_suit is None else 6
            if ordinary_aces > limit:
                raise CardParseError(
                    Msg(
                        "ordinary Aces ('A') appear {n} times but the decks hold {limit}",
                        n=ordinary_aces,
                        limit=limit,
                    ),
                    name,
                    i,
                )
        out += UNIT[face]
    return out


def strength_order(three_two_high: bool = True, big_suit: int | None = None) -> tuple[int, ...]:
    """Faces from weakest to strongest as singles (§1.1): the suited Aces next to
    the ordinary Ace, except the Big Ace (of ``big_suit``), which is the strongest."""
    low = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10)  # 4 .. K
    aces = (ACE,) + tuple(SUITED_ACE + s for s in range(4) if s != big_suit)
    top = (BJ, RJ) + (() if big_suit is None else (SUITED_ACE + big_suit,))
    if three_two_high:
        return low + aces + (TWO, 0) + top
    return (TWO, 0) + low + aces + top


def cards_text(
    cards: Cards, order: Sequence[int] | None = None, big_suit: int | None = None
) -> str:
    """The cards as tokens in ``order`` (default: :func:`strength_order` with
    ``big_suit``), ordinary ranks bare, suited Aces with their suit, ``''`` if empty."""
    parts: list[str] = []
    for f in order if order is not None else strength_order(True, big_suit):
        n = (cards >> (5 * f)) & _FIELD
        if n:
            parts.extend([FACE_NAMES[f]] * n)
    return " ".join(parts)
