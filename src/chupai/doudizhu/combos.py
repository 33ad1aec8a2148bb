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
of §7 (within a kind, highest key first).

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

from collections.abc import Iterable, Sequence
from enum import StrEnum
from functools import lru_cache
from typing import Final, NamedTuple, TypeAlias

from chupai.cards import BARE_BASE, BLACK_JOKER, RED_JOKER, card_name, parse_tokens
from chupai.doudizhu.rules import DouDizhuRules, FourWithTwoKickers
from chupai.errors import CardParseError

__all__ = [
    "Cards", "Kind", "Combo", "PRIORITY", "RANK_NAMES", "NRANKS", "BJ", "RJ", "TWO", "ACE",
    "SHIFTS", "UNIT", "GUARD", "pack", "unpack", "size_of", "contains", "parse_cards",
    "cards_text", "deck_cards", "Tables", "tables", "readings", "classify",
    "classify_or_none", "explain", "beats",
]

Cards: TypeAlias = int
"""A multiset of cards as packed rank counts (5 bits per rank, rank 0 lowest)."""

NRANKS: Final = 15
RANK_NAMES: Final = ("3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A", "2", "BJ", "RJ")
"""Bare-rank tokens by rank index (0 = 3 ... 12 = 2, 13 = BJ, 14 = RJ)."""
ACE: Final = 11
"""Rank index of the ace: the highest sequence rank."""
TWO: Final = 12
BJ: Final = 13
RJ: Final = 14

SHIFTS: Final = tuple(5 * r for r in range(NRANKS))
"""Bit offset of each rank's field."""
UNIT: Final = tuple(1 << (5 * r) for r in range(NRANKS))
"""``UNIT[r]``: one card of rank ``r``."""
GUARD: Final = sum(16 << (5 * r) for r in range(NRANKS))
"""The guard bit of every field (for the SWAR containment test)."""


class Kind(StrEnum):
    """Dou Dizhu combination types; the value is the judge's type name. Which
    kinds exist depends on the preset and options (§8.1, §9.1)."""

    SINGLE = "single"
    PAIR = "pair"
    TRIO = "trio"
    TRIO_SINGLE = "trio_single"
    TRIO_PAIR = "trio_pair"
    STRAIGHT = "straight"
    PAIR_CHAIN = "pair_chain"
    AIRPLANE = "airplane"
    AIRPLANE_SINGLES = "airplane_singles"
    AIRPLANE_PAIRS = "airplane_pairs"
    FOUR_WITH_TWO = "four_with_two"
    FOUR_WITH_TWO_PAIRS = "four_with_two_pairs"
    FOUR_WITH_PAIR = "four_with_pair"
    BOMB = "bomb"
    ROCKET = "rocket"
    MISSILE = "missile"
    HEAVEN_BOMB = "heaven_bomb"
    HEAVEN_LORD = "heaven_lord"


K = Kind
KIND_INDEX: Final = {k: i for i, k in enumerate(Kind)}

PRIORITY: Final = (
    K.ROCKET, K.HEAVEN_LORD, K.HEAVEN_BOMB, K.MISSILE, K.BOMB, K.AIRPLANE,
    K.AIRPLANE_PAIRS, K.AIRPLANE_SINGLES, K.FOUR_WITH_TWO_PAIRS, K.FOUR_WITH_TWO,
    K.FOUR_WITH_PAIR, K.STRAIGHT, K.PAIR_CHAIN, K.TRIO_PAIR, K.TRIO_SINGLE, K.TRIO,
    K.PAIR, K.SINGLE,
)
"""The reading order of §7 (a multiset's first reading in this order is its
default type)."""


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
    out = 0
    for r, n in enumerate(counts):
        if not 0 <= n <= 15:
            raise ValueError(f"bad count {n!r} for rank {RANK_NAMES[r]}")
        out |= n << (5 * r)
    return out


def unpack(cards: Cards) -> tuple[int, ...]:
    """The 15 rank counts of packed cards."""
    return tuple((cards >> s) & 31 for s in SHIFTS)


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
    chupai.errors.CardParseError: card '3S' appears 2 times but the decks hold 1
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
                raise CardParseError(
                    f"card {card_name(c)!r} appears {total} times but the decks hold {packs}",
                    card_name(c), i)
        per_rank[r] += 1
        limit = packs if r >= BJ else 4 * packs
        if per_rank[r] > limit:
            name = card_name(c)
            total = sum(1 for x in ids if _rank_of_token(x) == r)
            what = "card" if r >= BJ else "rank"
            shown = name if r >= BJ else RANK_NAMES[r]
            raise CardParseError(
                f"{what} {shown!r} appears {total} times but the decks hold {limit}"
                + ("" if r >= BJ or shown == name else f" (at token {name!r})"),
                name, i)
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

_TIERS_FOUR: Final = {4: (K.BOMB, 1), 5: (K.BOMB, 2), 6: (K.ROCKET, 3), 7: (K.MISSILE, 4),
                      8: (K.HEAVEN_BOMB, 5)}
_TOP_POWER: Final = 255


class Tables:
    """Per-rules constants and prebuilt combinations (built once per rules object
    by :func:`tables`). Combos that take no kickers (singles, pairs, trios, bombs,
    straights, pair chains, airplanes, trio_single/trio_pair) are built here once
    and shared by every hand."""

    def __init__(self, rules: DouDizhuRules):
        self.rules = rules
        four = rules.four_player
        self.four = four
        self.pair_max = RJ if four else TWO
        """Highest rank index that can form a pair (four_player: joker pairs)."""
        self.match = bool(rules.four_with_two_match)
        self.kicker_pair = rules.four_with_two_kickers is not FourWithTwoKickers.NO_PAIR
        self.four_with_pair = bool(rules.allow_four_with_pair)
        mx = rules.airplane_max_trios
        self.max_air = mx
        self.max_air_singles = 0 if four else min(5, mx)
        self.max_air_pairs = min(6 if four else 4, mx)
        doubling: set[Kind] = set()
        if rules.bomb_doubling:
            doubling = ({K.ROCKET, K.MISSILE, K.HEAVEN_BOMB, K.HEAVEN_LORD} if four
                        else {K.BOMB, K.ROCKET})
        self.doubling: frozenset[Kind] = frozenset(doubling)
        """Kinds that count as doubling bombs (§10.1)."""
        self.kinds: tuple[Kind, ...] = tuple(k for k in Kind if self._enabled(k))
        """The kinds that exist under these rules."""
        new = tuple.__new__

        def mk(kind: Kind, cards: int, key: int, size: int, power: int = 0,
               paired: int = 0) -> Combo:
            return new(Combo, (kind, cards, key, size, self.group(kind, size, paired), power))

        self.make = mk
        self.single = [mk(K.SINGLE, UNIT[r], r, 1) for r in range(NRANKS)]
        self.pair = [mk(K.PAIR, 2 * UNIT[r], r, 2) for r in range(NRANKS)]
        self.trio = [mk(K.TRIO, 3 * UNIT[r], r, 3) for r in range(NRANKS)]
        self.trio_single = [[mk(K.TRIO_SINGLE, 3 * UNIT[t] + UNIT[r], t, 4) for r in range(NRANKS)]
                            for t in range(NRANKS)]
        self.trio_pair = [[mk(K.TRIO_PAIR, 3 * UNIT[t] + 2 * UNIT[r], t, 5) for r in range(NRANKS)]
                          for t in range(NRANKS)]
        # bombs[r][n]: the bomb-family combo of n cards of rank r (None if none)
        self.bombs: list[list[Combo | None]] = []
        for r in range(13):
            row: list[Combo | None] = [None] * 9
            if four:
                for n, (kind, tier) in _TIERS_FOUR.items():
                    row[n] = mk(kind, n * UNIT[r], r, n, tier * 16 + r)
            else:
                row[4] = mk(K.BOMB, 4 * UNIT[r], r, 4, 16 + r)
            self.bombs.append(row)
        self.rocket = None if four else mk(K.ROCKET, UNIT[BJ] + UNIT[RJ], RJ, 2, _TOP_POWER)
        self.heaven_lord = (mk(K.HEAVEN_LORD, 2 * UNIT[BJ] + 2 * UNIT[RJ], RJ, 4, _TOP_POWER)
                            if four else None)
        # runs[m][s][e]: m copies of each rank s..e (straight / pair_chain / airplane)
        kinds = {1: (K.STRAIGHT, 5, 12), 2: (K.PAIR_CHAIN, 3, 12), 3: (K.AIRPLANE, 2, mx)}
        self.runs: dict[int, list[list[Combo | None]]] = {}
        self.run_lists: dict[int, list[list[list[Combo]]]] = {}
        """``run_lists[m][a][b]``: every run combo of ``m`` copies inside ranks a..b."""
        for m, (kind, lo, hi) in kinds.items():
            grid: list[list[Combo | None]] = [[None] * 12 for _ in range(12)]
            for s in range(12):
                for e in range(s + lo - 1, min(11, s + hi - 1) + 1):
                    cards = sum(m * UNIT[r] for r in range(s, e + 1))
                    grid[s][e] = mk(kind, cards, e, m * (e - s + 1))
            self.runs[m] = grid
            lists: list[list[list[Combo]]] = [[[] for _ in range(12)] for _ in range(12)]
            for a in range(12):
                for b in range(a, 12):
                    lists[a][b] = [x for s in range(a, b + 1) for e in range(s, b + 1)
                                   if (x := grid[s][e]) is not None]
            self.run_lists[m] = lists
        self.body: list[list[int]] = [[sum(3 * UNIT[r] for r in range(s, e + 1)) if e >= s else 0
                                       for e in range(12)] for s in range(12)]
        """``body[s][e]``: three of each rank s..e."""

    def _enabled(self, kind: Kind) -> bool:
        four = self.four
        if kind in (K.TRIO_SINGLE, K.AIRPLANE_SINGLES, K.FOUR_WITH_TWO, K.FOUR_WITH_TWO_PAIRS):
            return not four
        if kind in (K.MISSILE, K.HEAVEN_BOMB, K.HEAVEN_LORD):
            return four
        if kind is K.FOUR_WITH_PAIR:
            return four and self.four_with_pair
        return True

    def group(self, kind: Kind, size: int, paired: int = 0) -> int:
        """The comparison group of a play of ``kind`` and ``size`` (``paired``: a
        four_with_two whose kickers are a pair, only under four_with_two_match)."""
        return KIND_INDEX[kind] << 8 | size << 1 | (paired if self.match else 0)


@lru_cache(maxsize=64)
def tables(rules: DouDizhuRules) -> Tables:
    """The (cached) tables of ``rules``."""
    return Tables(rules)


# ----- readings ------------------------------------------------------------------------

def _consecutive(ranks: list[int]) -> bool:
    return ranks[-1] - ranks[0] == len(ranks) - 1 and ranks[-1] <= ACE


def _readings(cards: Cards, t: Tables) -> list[Combo]:
    c = [(cards >> s) & 31 for s in SHIFTS]
    n = sum(c)
    out: list[Combo] = []
    if n == 0:
        return out
    nz = [r for r in range(NRANKS) if c[r]]
    distinct = len(nz)
    four = t.four
    mk = t.make
    # --- bomb family (rocket, heaven_lord, heaven_bomb, missile, bomb)
    if four:
        if n == 4 and c[BJ] == 2 and c[RJ] == 2:
            assert t.heaven_lord is not None
            out.append(t.heaven_lord)
        if distinct == 1 and nz[0] <= TWO and 4 <= n <= 8:
            combo = t.bombs[nz[0]][n]
            assert combo is not None
            out.append(combo)
    else:
        if n == 2 and c[BJ] == 1 and c[RJ] == 1:
            assert t.rocket is not None
            out.append(t.rocket)
        if n == 4 and distinct == 1 and nz[0] <= TWO:
            combo = t.bombs[nz[0]][4]
            assert combo is not None
            out.append(combo)
    # --- airplane
    if n % 3 == 0 and 2 <= n // 3 <= t.max_air and distinct == n // 3:
        if all(c[r] == 3 for r in nz) and _consecutive(nz):
            out.append(mk(K.AIRPLANE, cards, nz[-1], n))
    # --- airplane_pairs
    k = n // 5
    if n % 5 == 0 and 2 <= k <= t.max_air_pairs and distinct == 2 * k:
        trios = [r for r in nz if c[r] == 3]
        pairs = [r for r in nz if c[r] == 2]
        if (len(trios) == k and len(pairs) == k and _consecutive(trios)
                and pairs[-1] <= t.pair_max and not (c[BJ] == 2 and c[RJ] == 2)):
            out.append(mk(K.AIRPLANE_PAIRS, cards, trios[-1], n))
    # --- airplane_singles (classic)
    k = n // 4
    if n % 4 == 0 and 2 <= k <= t.max_air_singles and not (c[BJ] and c[RJ]) \
            and all(v < 4 for v in c):
        for e in range(ACE, k - 2, -1):
            if all(c[r] == 3 for r in range(e - k + 1, e + 1)):
                out.append(mk(K.AIRPLANE_SINGLES, cards, e, n))
    # --- four_with_two_pairs, four_with_two (classic), four_with_pair (four_player)
    if n == 8 and not four and distinct == 3:
        quads = [r for r in nz if c[r] == 4]
        pairs = [r for r in nz if c[r] == 2]
        if len(quads) == 1 and quads[0] <= TWO and len(pairs) == 2 and pairs[-1] <= TWO:
            out.append(mk(K.FOUR_WITH_TWO_PAIRS, cards, quads[0], 8))
    if n == 6 and not four:
        quads = [r for r in nz if c[r] == 4]
        if len(quads) == 1 and quads[0] <= TWO:
            rest = [r for r in nz if r != quads[0]]
            if len(rest) == 1 and rest[0] <= TWO and t.kicker_pair:
                out.append(mk(K.FOUR_WITH_TWO, cards, quads[0], 6, 0, 1))
            elif len(rest) == 2 and not (rest[0] == BJ and rest[1] == RJ):
                out.append(mk(K.FOUR_WITH_TWO, cards, quads[0], 6))
    if n == 6 and four and t.four_with_pair and distinct == 2:
        quads = [r for r in nz if c[r] == 4]
        pairs = [r for r in nz if c[r] == 2]
        if len(quads) == 1 and quads[0] <= TWO and len(pairs) == 1:
            out.append(mk(K.FOUR_WITH_PAIR, cards, quads[0], 6))
    # --- straight, pair_chain
    if 5 <= n <= 12 and distinct == n and _consecutive(nz):
        out.append(mk(K.STRAIGHT, cards, nz[-1], n))
    if n >= 6 and n % 2 == 0 and distinct == n // 2 and all(c[r] == 2 for r in nz) \
            and _consecutive(nz):
        out.append(mk(K.PAIR_CHAIN, cards, nz[-1], n))
    # --- trio_pair, trio_single, trio, pair, single
    if n == 5 and distinct == 2:
        a, b = nz
        if c[a] == 2:
            a, b = b, a
        if c[a] == 3 and a <= TWO and b <= t.pair_max:
            out.append(t.trio_pair[a][b])
    if n == 4 and distinct == 2 and not four:
        a, b = nz
        if c[b] == 3:
            a, b = b, a
        if c[a] == 3 and a <= TWO:
            out.append(t.trio_single[a][b])
    if n == 3 and distinct == 1 and nz[0] <= TWO:
        out.append(t.trio[nz[0]])
    if n == 2 and distinct == 1 and nz[0] <= t.pair_max:
        out.append(t.pair[nz[0]])
    if n == 1:
        out.append(t.single[nz[0]])
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


# ----- explanations --------------------------------------------------------------------

def explain(cards: Cards | Sequence[int], rules: DouDizhuRules) -> str:
    """Why ``cards`` form no combination under ``rules`` (``""`` when they do)."""
    packed = _as_cards(cards)
    t = tables(rules)
    if _readings(packed, t):
        return ""
    c = list(unpack(packed))
    n = sum(c)
    if n == 0:
        return "no cards"
    nz = [r for r in range(NRANKS) if c[r]]
    four = t.four
    jokers_mixed = c[BJ] >= 1 and c[RJ] >= 1
    if four and n == 2 and jokers_mixed:
        return "BJ RJ is not a pair (four_player: only jokers of the same colour pair)"
    if four and c[BJ] + c[RJ] == 3 and n == 3:
        return "three jokers form nothing (heaven_lord is all four jokers)"
    if n == 2:
        return "two cards of different ranks do not form a pair"
    if n == 3:
        return "three cards must all be of one rank 3..2 to form a trio"
    quads = [r for r in nz if c[r] == 4]
    trios = [r for r in nz if c[r] == 3]
    if four:
        if n == 4 and len(trios) == 1:
            return "four_player has no trio_single: a trio takes a pair (trio_pair)"
        if n == 6 and quads and len(nz) == 2 and c[nz[0]] + c[nz[1]] == 6 and not t.four_with_pair:
            return ("four_player has no four_with_two; four_with_pair needs the option "
                    "allow_four_with_pair=true")
        if n == 6 and quads:
            return "four_player has no four_with_two (four of a rank take no two single kickers)"
        if n == 8 and quads:
            return "four_player has no four_with_two_pairs"
        if len(trios) >= 2 and n % 4 == 0 and n % 5 != 0:
            return "four_player airplanes take pairs as wings (airplane_pairs), not single cards"
    big = [r for r in nz if c[r] >= 3 and r <= ACE]
    body_like = any(b - a == 1 for a, b in zip(big, big[1:])) and (n % 4 == 0 or n % 5 == 0)
    if body_like and four and c[BJ] == 2 and c[RJ] == 2:
        return "the wings of an airplane may not hold all four jokers (the heaven_lord)"
    if body_like and jokers_mixed:
        return "BJ and RJ may not both be wings of an airplane (they are the rocket)"
    if body_like and any(c[r] >= 4 for r in big):
        if four:
            return ("no airplane reading: a wing pair may never have the rank of a body trio, "
                    "and the wing pairs must be of different ranks")
        return ("no airplane reading: a wing may never have the rank of a body trio, and "
                "the wings never hold four of one rank")
    if n == 5 and len(trios) == 1 and jokers_mixed:
        return "BJ RJ is not a pair, so a trio cannot take them"
    if n == 5 and quads:
        return "four of a rank and one card form nothing (no four-with-one)"
    if not four and n == 6 and len(quads) == 1:
        if jokers_mixed:
            return "four_with_two may not take BJ and RJ together (they are the rocket)"
        if len(nz) == 2 and c[nz[0]] + c[nz[1]] == 6 and not t.kicker_pair:
            return "four_with_two_kickers=no_pair: the two kickers must differ in rank"
    if not four and n == 8 and len(quads) >= 1 and not body_like:
        if len(quads) == 2:
            return "two quads are not a four_with_two_pairs (its pairs must differ in rank)"
        if jokers_mixed:
            return "BJ RJ is not a pair"
        return "four_with_two_pairs needs two pairs of different ranks"
    seq_ranks = [r for r in nz]
    if n >= 5 and any(r > ACE for r in seq_ranks) and (
            all(c[r] == 1 for r in nz) or all(c[r] == 2 for r in nz) or all(c[r] == 3 for r in nz)):
        return "a 2 or a joker can never be part of a straight, pair chain or airplane"
    if n >= 5 and all(c[r] == 1 for r in nz):
        if n > 12:
            return "a straight has at most 12 cards (3 to A)"
        return "the ranks of a straight must be consecutive (no gaps, no wrap-around)"
    if n == 4 and all(c[r] == 1 for r in nz):
        return "a straight needs at least 5 cards"
    if all(c[r] == 2 for r in nz):
        if len(nz) < 3:
            return "a pair chain needs at least 3 consecutive pairs"
        return "the pairs of a pair chain must be of consecutive ranks"
    if all(c[r] == 3 for r in nz) and len(nz) >= 2:
        if len(nz) > t.max_air:
            return f"an airplane has at most {t.max_air} trios (airplane_max_trios)"
        return "the trios of an airplane must be of consecutive ranks 3..A"
    if body_like:
        return ("no airplane reading: the body must be consecutive trios of ranks 3..A with "
                "exactly as many wings, never of a body rank"
                + (" and never four of one rank" if not four else
                   ", the wings pairs of different ranks"))
    if n == 4 and len(trios) == 1 and not four:
        return "three of a rank and one card of another rank form a trio_single; this is not one"
    return f"these {n} cards form no combination"
