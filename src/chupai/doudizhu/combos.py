"""Dou Dizhu cards as rank counts, combinations, readings and the beat relation.

Suits never matter in Dou Dizhu (``doudizhu.md`` §1), so the engine works on
**rank counts**: 15 ranks ``3 4 5 6 7 8 9 T J Q K A 2 BJ RJ`` (rank index 0..14),
packed into one int with a 5-bit field per rank (:data:`Cards`): the count of rank
``r`` is ``(cards >> 5*r) & 31``. Counts never exceed 8, so bit 4 of every field is
free and serves as a guard bit: ``contains(hand, sub)`` is one subtraction and one
mask (a SWAR test), removing cards is ``hand - sub`` and adding them ``hand + sub``.

A :class:`Combo` is an immutable value ``(kind, cards, key, size, group, power)``:
``kind`` a :class:`Kind` whose value is the judge's type name, ``cards`` the packed
counts, ``key`` the rank that decides comparisons (the main part's highest rank),
``size`` the number of cards, ``group`` the comparison class (kind and size, and
under ``four_with_two_match`` the kicker structure) and ``power`` the rank in the
bomb family (0 outside it). Two plays outside the bomb family compare only within
a group, by key; any member of the bomb family beats any play outside it, and
members compare by power (§8.2, §9.2). Groups and powers depend on the rules, so a
Combo is only meaningful with the rules that made it.

A card multiset may have several **readings** (``333444555666`` is an ``airplane``
and two ``airplane_singles``); :func:`readings` lists them in the priority order
of §7 (within a kind, highest key first). The combination types are the rows of
the shape table (:data:`chupai.doudizhu.shapes.SHAPES`): :class:`Tables` builds
from them, for each size, the bodies a multiset of that size may have, and a
reading is a body the cards hold exactly whose remaining cards are valid wings
(:func:`wings_ok`).

>>> from chupai.doudizhu.rules import PRESETS
>>> classic = PRESETS["classic"]
>>> [c.kind.value for c in readings(parse_cards("3 3 3 4 4 4 5 5 5 6 6 6", classic), classic)]
['airplane', 'airplane_singles', 'airplane_singles']
>>> beats(classify(parse_cards("2 2 2 2", classic), classic),
...       classify(parse_cards("BJ RJ", classic), classic), classic)
False
>>> explain(parse_cards("J Q K A 2", classic), classic)
'a 2 or a joker can never be part of a straight, pair chain or airplane'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import lru_cache
from typing import Final, NamedTuple, TypeAlias

from chupai import cards as _shared
from chupai.cards import BARE_BASE, BLACK_JOKER, RED_JOKER, card_name, parse_tokens
from chupai.doudizhu.diagnoses import diagnose
from chupai.doudizhu.rules import DouDizhuRules
from chupai.doudizhu.shapes import (
    ACE,
    BJ,
    KIND_INDEX,
    NRANKS,
    PRIORITY,
    RANK_NAMES,
    RJ,
    TWO,
    Kind,
    ShapeRules,
    Wings,
    doubling_kinds,
    shapes_of,
)
from chupai.errors import CardParseError
from chupai.i18n import CardTokens, Msg

__all__ = [
    "Cards",
    "Kind",
    "Combo",
    "PRIORITY",
    "RANK_NAMES",
    "NRANKS",
    "BJ",
    "RJ",
    "TWO",
    "ACE",
    "SHIFTS",
    "UNIT",
    "GUARD",
    "pack",
    "unpack",
    "size_of",
    "contains",
    "parse_cards",
    "cards_text",
    "deck_cards",
    "Tables",
    "tables",
    "readings",
    "classify",
    "classify_or_none",
    "explain",
    "beats",
    "KIND_INDEX",
    "span",
    "wings_ok",
]

Cards: TypeAlias = int
"""A multiset of cards as packed rank counts (5 bits per rank, rank 0 lowest)."""

SHIFTS: Final = tuple(5 * r for r in range(NRANKS))
"""Bit offset of each rank's field."""
UNIT: Final = tuple(1 << (5 * r) for r in range(NRANKS))
"""``UNIT[r]``: one card of rank ``r``."""
GUARD: Final = sum(16 << (5 * r) for r in range(NRANKS))
"""The guard bit of every field (for the SWAR containment test)."""


class Combo(NamedTuple):
    """One reading of a card multiset. Compare with :func:`beats`, not ``<``."""

    kind: Kind
    cards: Cards
    """The cards as packed rank counts."""
    key: int
    """The deciding rank (rank index of the main part's highest rank)."""
    size: int
    """Number of cards."""
    group: int
    """Comparison class: plays outside the bomb family compare only within it."""
    power: int
    """Strength in the bomb family (0 for every other play)."""

    @property
    def counts(self) -> tuple[int, ...]:
        """The 15 rank counts (rank index 0..14)."""
        return unpack(self.cards)

    def text(self) -> str:
        """The cards as bare ranks, ascending (e.g. ``'3 3 3 4'``)."""
        return cards_text(self.cards)


# ----- packed counts -------------------------------------------------------------


def pack(counts: Sequence[int]) -> Cards:
    """Packed cards from a sequence of up to 15 rank counts."""
    return _shared.pack_counts(counts, RANK_NAMES, "rank")


def unpack(cards: Cards) -> tuple[int, ...]:
    """The 15 rank counts of packed cards."""
    return _shared.unpack_counts(cards, SHIFTS)


_EVEN_FIELDS: Final = sum(31 << (10 * k) for k in range(8))


def size_of(cards: Cards) -> int:
    """Number of cards in packed ``cards`` (valid counts, at most 15 per rank).

    The even and odd 5-bit fields are added into 10-bit digits, and since
    ``1024 % 1023 == 1`` the remainder mod 1023 is the digit sum (at most
    15 * 15 < 1023)."""
    return ((cards & _EVEN_FIELDS) + ((cards >> 5) & _EVEN_FIELDS)) % 1023


def contains(hand: Cards, sub: Cards) -> bool:
    """Whether multiset ``hand`` contains multiset ``sub`` (SWAR: no borrow out of
    any field's guard bit)."""
    return (hand + GUARD - sub) & GUARD == GUARD


def _as_cards(cards: Cards | Sequence[int]) -> Cards:
    return cards if isinstance(cards, int) else pack(cards)


def cards_text(cards: Cards) -> str:
    """Bare ranks ascending, jokers ``BJ``/``RJ`` (``'3 3 4 BJ'``); ``''`` if empty."""
    parts: list[str] = []
    for r in range(NRANKS):
        n = (cards >> (5 * r)) & 31
        if n:
            parts.extend([RANK_NAMES[r]] * n)
    return " ".join(parts)


def deck_cards(rules: DouDizhuRules) -> Cards:
    """Every card of the game's decks (4 of each rank and 1 of each joker per pack)."""
    p = rules.packs
    return pack([4 * p] * 13 + [p, p])


def _too_many(what: str, shown: str, total: int, limit: int) -> Msg:
    """``card 3S appears 2 times, but the deck has only one`` (``what``: ``card``
    or ``rank``; ``limit``: how many the decks hold)."""
    if what == "card" and limit == 1:
        return Msg(
            "card {card} appears {n} times, but the deck has only one",
            card=CardTokens(shown),
            n=total,
        )
    if what == "card":
        return Msg(
            "card {card} appears {n} times, but there are only {limit}",
            card=CardTokens(shown),
            n=total,
            limit=limit,
        )
    return Msg(
        "rank {rank} appears {n} times, but there are only {limit}",
        rank=repr(shown),
        n=total,
        limit=limit,
    )


def parse_cards(text: str | Iterable[str], rules: DouDizhuRules) -> Cards:
    """Parse card tokens (suited, bare ranks or jokers, case-insensitive) into packed
    rank counts; suits are dropped.

    Raises :class:`CardParseError` naming the token for an unknown token, and for a
    card named more often than the game's decks hold it: a suited card more than
    ``packs`` times, a rank (suited and bare together) more than ``4 * packs``
    times, a joker more than ``packs`` times.

    >>> from chupai.doudizhu.rules import PRESETS
    >>> cards_text(parse_cards("10s ah bj 3", PRESETS["classic"]))
    '3 T A BJ'
    >>> parse_cards("3S 3S", PRESETS["classic"])
    Traceback (most recent call last):
    ...
    chupai.errors.CardParseError: card 3S appears 2 times, but the deck has only one
    """
    ids = parse_tokens(text, bare_ranks=True)
    packs = rules.packs
    per_card: dict[int, int] = {}
    per_rank = [0] * NRANKS
    out = 0
    for i, c in enumerate(ids):
        if c >= BARE_BASE:
            r = c - BARE_BASE
        elif c == BLACK_JOKER:
            r = BJ
        elif c == RED_JOKER:
            r = RJ
        else:
            r = c >> 2
            n = per_card.get(c, 0) + 1
            per_card[c] = n
            if n > packs:
                total = sum(1 for x in ids if x == c)
                raise CardParseError(_too_many("card", card_name(c), total, packs), card_name(c), i)
        per_rank[r] += 1
        limit = packs if r >= BJ else 4 * packs
        if per_rank[r] > limit:
            name = card_name(c)
            total = sum(1 for x in ids if _rank_of_token(x) == r)
            what = "card" if r >= BJ else "rank"
            shown = name if r >= BJ else RANK_NAMES[r]
            message = _too_many(what, shown, total, limit)
            if r < BJ and shown != name:
                message = Msg("{error} (at token {token})", error=message, token=repr(name))
            raise CardParseError(message, name, i)
        out += UNIT[r]
    return out


def _rank_of_token(c: int) -> int:
    if c >= BARE_BASE:
        return c - BARE_BASE
    if c == BLACK_JOKER:
        return BJ
    if c == RED_JOKER:
        return RJ
    return c >> 2


# ----- per-rules tables ------------------------------------------------------------

_FIELD: Final = 31
_PAIR_FIELDS: Final = tuple(2 << (5 * r) for r in range(NRANKS))
_FOUR_OR_MORE: Final = sum(28 << (5 * r) for r in range(NRANKS))
"""Bits 2..4 of every field: set where a rank holds four cards or more."""
_PAIRS_UP_TO: Final = tuple(sum(_PAIR_FIELDS[: r + 1]) for r in range(NRANKS))
"""``_PAIRS_UP_TO[r]``: two cards of each rank ``0..r``."""
_JOKER_FIELDS: Final = (_FIELD << (5 * BJ)) | (_FIELD << (5 * RJ))
_FOUR_JOKERS: Final = 2 * UNIT[BJ] + 2 * UNIT[RJ]

Body: TypeAlias = tuple[int, int, int, int]
"""A body of a shape as ``(mask, cards, key, power)``: ``mask`` covers the body
ranks' fields, ``cards`` holds exactly the body."""
Reader: TypeAlias = tuple[ShapeRules, tuple[Body, ...], int, int, bool]
"""One way to read a size: the shape, its bodies (highest key first), the
comparison groups of a play (plain, and with single kickers of one rank) and
whether several bodies can read one multiset."""


def span(lo: int, hi: int, copies: int = 1) -> Cards:
    """``copies`` cards of each rank ``lo..hi`` (0 when ``hi < lo``)."""
    return sum(copies * UNIT[r] for r in range(lo, hi + 1))


class Tables:
    """Per-rules constants and prebuilt combinations (built once per rules object
    by :func:`tables`), all derived from the shapes of
    :func:`~chupai.doudizhu.shapes.shapes_of`: the readers of every size, the
    plays without kickers (sets and runs) and the plays of a set with one kicker,
    built once and shared by every hand."""

    def __init__(self, rules: DouDizhuRules):
        self.rules = rules
        self.four = rules.four_player
        self.match = bool(rules.four_with_two_match)
        self.shapes: tuple[ShapeRules, ...] = shapes_of(rules)
        present = {s.kind for s in self.shapes}
        self.kinds: tuple[Kind, ...] = tuple(k for k in Kind if k in present)
        """The kinds that exist under these rules."""
        self.doubling: frozenset[Kind] = doubling_kinds(rules)
        """Kinds that count as doubling bombs (§10.1)."""
        new = tuple.__new__

        def mk(
            kind: Kind, cards: int, key: int, size: int, power: int = 0, paired: int = 0
        ) -> Combo:
            return new(Combo, (kind, cards, key, size, self.group(kind, size, paired), power))

        self.make = mk
        self.memo: dict[object, list[Combo]] = {}
        """Scratch space for tables derived lazily (move generation)."""
        self.spans: list[list[Cards]] = [[span(s, e) for e in range(NRANKS)] for s in range(NRANKS)]
        """``spans[s][e]``: one card of each rank s..e."""
        self.readers: dict[int, list[Reader]] = {}
        """Size → the ways to read a multiset of that size, in reading order."""
        for sh in self.shapes:
            self._add_readers(sh)
        self.sets: list[list[list[Combo]]] = [self._sets_of(r) for r in range(NRANKS)]
        """``sets[r][n]``: the plays of one rank without kickers (single, pair,
        trio, bombs) that ``n`` cards of rank ``r`` allow, fewest cards first."""
        self.bombs: list[list[Combo | None]] = [self._bombs_of(r) for r in range(TWO + 1)]
        """``bombs[r][n]``: the bomb-family play of ``n`` cards of rank ``r`` (None if none)."""
        self.run_lists: dict[Kind, list[list[list[Combo]]]] = {
            s.kind: self._runs_of(s)
            for s in self.shapes
            if s.wings is Wings.NONE and not s.is_set and s.high <= ACE
        }
        """``run_lists[kind][a][b]``: every chain of ``kind`` inside ranks a..b."""
        self.kicked: dict[Kind, list[list[Combo]]] = {
            s.kind: self._kicked_of(s)
            for s in self.shapes
            if s.is_set and s.wings is not Wings.NONE and s.per == 1
        }
        """``kicked[kind][a][b]``: a set of rank ``a`` with one kicker of rank ``b``."""

    def __deepcopy__(self, memo: dict[int, object]) -> Tables:
        """Derived from the rules alone: a deep copy (of a deal) shares them."""
        return self

    def __reduce__(self) -> tuple[Callable[[DouDizhuRules], Tables], tuple[DouDizhuRules]]:
        """Pickled as their rules (the receiving process builds its own, cached)."""
        return tables, (self.rules,)

    def _add_readers(self, sh: ShapeRules) -> None:
        for length in range(sh.lo, sh.hi + 1):
            bodies = tuple(
                (
                    span(e - length + 1, e, _FIELD),
                    span(e - length + 1, e, sh.copies),
                    e,
                    sh.power(e),
                )
                for e in range(sh.high, sh.low + length - 2, -1)
            )
            size = sh.unit * length
            multi = sh.wings is Wings.SINGLES and not sh.is_set
            self.readers.setdefault(size, []).append(
                (sh, bodies, self.group(sh.kind, size), self.group(sh.kind, size, 1), multi)
            )

    def _sets_of(self, r: int) -> list[list[Combo]]:
        sets = sorted(
            (s for s in self.shapes if s.is_set and s.wings is Wings.NONE and s.low <= r <= s.high),
            key=lambda s: s.copies,
        )
        most = max(4 * self.rules.packs, 1)
        return [
            [
                self.make(s.kind, s.copies * UNIT[r], r, s.copies, s.power(r))
                for s in sets
                if s.copies <= n
            ]
            for n in range(most + 1)
        ]

    def _bombs_of(self, r: int) -> list[Combo | None]:
        row: list[Combo | None] = [None] * 9
        for x in self.sets[r][-1]:
            if x.power:
                row[x.size] = x
        return row

    def _kicked_of(self, sh: ShapeRules) -> list[list[Combo]]:
        width = sh.wings.value
        return [
            [
                self.make(sh.kind, sh.copies * UNIT[a] + width * UNIT[b], a, sh.unit)
                for b in range(NRANKS)
            ]
            for a in range(NRANKS)
        ]

    def _runs_of(self, sh: ShapeRules) -> list[list[list[Combo]]]:
        grid: list[list[Combo | None]] = [[None] * (ACE + 1) for _ in range(ACE + 1)]
        for s in range(ACE + 1):
            for e in range(s + sh.lo - 1, min(ACE, s + sh.hi - 1) + 1):
                grid[s][e] = self.make(sh.kind, span(s, e, sh.copies), e, sh.copies * (e - s + 1))
        return [
            [
                [
                    x
                    for s in range(a, b + 1)
                    for e in range(s, b + 1)
                    if (x := grid[s][e]) is not None
                ]
                if b >= a
                else []
                for b in range(ACE + 1)
            ]
            for a in range(ACE + 1)
        ]

    def group(self, kind: Kind, size: int, paired: int = 0) -> int:
        """The comparison group of a play of ``kind`` and ``size`` (``paired``: a
        four_with_two whose kickers are a pair, only under four_with_two_match)."""
        return KIND_INDEX[kind] << 8 | size << 1 | (paired if self.match else 0)


@lru_cache(maxsize=64)
def tables(rules: DouDizhuRules) -> Tables:
    """The (cached) tables of ``rules``."""
    return Tables(rules)


# ----- readings ------------------------------------------------------------------------


def wings_ok(sh: ShapeRules, wings: Cards) -> int:
    """Whether ``wings`` (the cards outside a body) are valid wings of shape ``sh``:
    -1 if not, 1 for single kickers of one rank that form their own group, else 0."""
    if sh.wings is Wings.PAIRS:
        if wings & ~_PAIRS_UP_TO[sh.pair_max] or wings & _JOKER_FIELDS == _FOUR_JOKERS:
            return -1
        return 0
    if wings & _FOUR_OR_MORE or (wings >> SHIFTS[BJ]) & _FIELD and (wings >> SHIFTS[RJ]) & _FIELD:
        return -1
    if sh.same_rank and not sh.flag_pair:
        return 0
    k = size_of(wings)
    one_rank = next((r for r in range(NRANKS) if wings == k * UNIT[r]), None)
    if one_rank is None:
        return 0
    if not sh.same_rank or one_rank > sh.pair_max:
        return -1
    return 1


def _readings(cards: Cards, t: Tables) -> list[Combo]:
    n = size_of(cards)
    out: list[Combo] = []
    new = tuple.__new__
    for sh, bodies, group, paired_group, multi in t.readers.get(n, ()):
        for mask, body, key, power in bodies:
            if cards & mask != body:
                continue
            g = group
            if sh.wings is not Wings.NONE:
                ok = wings_ok(sh, cards - body)
                if ok < 0:
                    continue
                if ok:
                    g = paired_group
            out.append(new(Combo, (sh.kind, cards, key, n, g, power)))
            if not multi:
                break
    return out


def readings(cards: Cards | Sequence[int], rules: DouDizhuRules) -> list[Combo]:
    """Every reading of a card multiset (packed or 15 counts) under ``rules``, in
    the priority order of §7, within a kind highest key first. Empty when the
    cards form no combination."""
    return _readings(_as_cards(cards), tables(rules))


def classify_or_none(cards: Cards | Sequence[int], rules: DouDizhuRules) -> Combo | None:
    """The first reading of ``cards`` (its default type), or ``None``."""
    found = _readings(_as_cards(cards), tables(rules))
    return found[0] if found else None


def classify(cards: Cards | Sequence[int], rules: DouDizhuRules) -> Combo:
    """The first reading of ``cards``; raises ``ValueError`` with the reason (see
    :func:`explain`) when they form none."""
    combo = classify_or_none(cards, rules)
    if combo is None:
        raise ValueError(explain(cards, rules))
    return combo


def beats(new: Combo, top: Combo, rules: DouDizhuRules | None = None) -> bool:
    """Whether ``new`` may be played on ``top`` (§8.2, §9.2). Both must come from
    the same rules (their groups and powers encode them)."""
    if top.power:
        return new.power > top.power
    if new.power:
        return True
    return new.group == top.group and new.key > top.key


def explain(cards: Cards | Sequence[int], rules: DouDizhuRules) -> str:
    """Why ``cards`` form no combination under ``rules`` (``""`` when they do); the
    reasons are the table :data:`~chupai.doudizhu.diagnoses.DIAGNOSES`."""
    packed = _as_cards(cards)
    if _readings(packed, tables(rules)):
        return ""
    return diagnose(unpack(packed), rules)
