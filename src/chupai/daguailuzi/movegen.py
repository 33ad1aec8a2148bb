"""大怪路子 legal-move generation.

:func:`hand_combos` lists every distinct play a hand holds (one entry per card
multiset: the fixed reading of §4.2 (d) gives every multiset at most one
combination); :func:`legal_plays` keeps those that may be played now: all of them
when leading, else those that beat the top play (§6), generating only the size of
the top play and, for five cards, only the types that can beat it.

**Canonical order.** Plays are listed by size (1, 2, 3, 5), then by key
(:class:`~chupai.daguailuzi.combos.Combo`: weakest first, the five-card types in
their category order), then by their packed cards (an int: among equal keys the
plays without jokers come first, as the joker fields are the highest bits).

How the plays are found, without trying every sub-multiset: a play of 2 or 3 cards
is cards of one rank plus any jokers, or jokers only. A five-card play of ``n``
natural cards and ``5 - n`` jokers is (the procedure of §4.2 (d) read backwards)

* naturals of one rank: a five of a kind;
* naturals of exactly two ranks: always legal — a four + one when a rank occurs
  once, else a full house (3 + 2, or 2 + 2 with a joker) — except that two single
  cards of one suit inside a run, with three jokers, are a straight flush;
* naturals of three ranks or more: legal only when all of one suit (a flush, or a
  straight flush when the ranks are different and inside a run) or when the ranks
  are different and inside a run (a straight, if the suits are mixed).

Each family is enumerated directly with its key (no classification call), and each
multiset is reached once. The test-suite checks the result against brute force
(every sub-multiset of 1, 2, 3 and 5 cards, classified and filtered).

>>> from chupai.daguailuzi.rules import SEED
>>> from chupai.daguailuzi.cards import parse_cards
>>> from chupai.daguailuzi.combos import classify
>>> [c.kind.value for c in hand_combos(parse_cards("7S 7H BJ"), SEED, None)]
['single', 'single', 'single', 'pair', 'pair', 'pair', 'triple']
>>> top = classify(parse_cards("7C 7D"), SEED, None)
>>> [c.cards == parse_cards("8S BJ") for c in legal_plays(parse_cards("7S 7H 8S BJ"), top, SEED, None)]
[True]
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from chupai.daguailuzi.cards import BJ, FIELD, RJ, UNIT, Cards, rule_strengths
from chupai.daguailuzi.combos import CAT_SHIFT, CATEGORY, RUN_RANKS, RUN_TOPS, Combo, Kind, beats
from chupai.daguailuzi.rules import DaguailuziRules, FlushCompare, WildRank

__all__ = ["hand_combos", "legal_plays", "RUN_SETS"]

K = Kind
_new = tuple.__new__
_SINGLE, _PAIR, _TRIPLE = K.SINGLE, K.PAIR, K.TRIPLE
_CAT_SF: Final = CATEGORY[K.STRAIGHT_FLUSH] << CAT_SHIFT
_CAT_FIVE: Final = CATEGORY[K.FIVE_OF_A_KIND] << CAT_SHIFT
_CAT_FOUR: Final = CATEGORY[K.FOUR_OF_A_KIND] << CAT_SHIFT
_CAT_FH: Final = CATEGORY[K.FULL_HOUSE] << CAT_SHIFT
_CAT_FLUSH: Final = CATEGORY[K.FLUSH] << CAT_SHIFT
_CAT_STRAIGHT: Final = CATEGORY[K.STRAIGHT] << CAT_SHIFT
_SMALL: Final = (None, K.SINGLE, K.PAIR, K.TRIPLE)
_REP: Final = tuple(((1 << (4 * i)) - 1) // 15 for i in range(6))
"""``_REP[i]``: ``i`` base-16 digits 1 (a strength repeated ``i`` times is ``st * _REP[i]``)."""


def _run_sets() -> dict[int, tuple[int, ...]]:
    found: dict[int, set[int]] = {3: set(), 4: set(), 5: set()}
    for run in RUN_RANKS.values():
        sub = run
        while sub:
            n = sub.bit_count()
            if n >= 3:
                found[n].add(sub)
            sub = (sub - 1) & run
    return {n: tuple(sorted(masks)) for n, masks in found.items()}


RUN_SETS: Final = _run_sets()
"""``RUN_SETS[n]`` (n = 3, 4, 5): every set of ``n`` natural ranks (a bit mask)
that some run contains."""
_RUN_SET_RANKS: Final = {
    n: tuple((m, tuple(r for r in range(13) if m >> r & 1)) for m in masks)
    for n, masks in RUN_SETS.items()
}


def _by_size(items: list[tuple[int, int]], most: int) -> list[list[int]]:
    """Every sub-multiset of ``items`` (``(unit, count)`` pairs) of up to ``most``
    cards, packed, grouped by size: ``out[k]`` lists those of ``k`` cards."""
    out: list[list[int]] = [[0]] + [[] for _ in range(most)]
    for unit, count in items:
        for k in range(most, 0, -1):  # in place, largest size first
            row = out[k]
            for i in range(1, min(count, k) + 1):
                add = i * unit
                row.extend([p + add for p in out[k - i]])
    return out


def _joker_sets(b: int, r: int, k: int) -> list[tuple[int, int]]:
    """The joker multisets of ``k`` cards of a hand holding ``b`` BJ and ``r`` RJ,
    as ``(packed, RJ count)``."""
    return [((k - x) * UNIT[BJ] + x * UNIT[RJ], x) for x in range(max(0, k - b), min(k, r) + 1)]


class _Hand:
    """The counts of a hand, read once for all families."""

    __slots__ = ("ranks", "suits", "present", "b", "r")

    def __init__(self, hand: Cards):
        ranks: list[list[tuple[int, int, int]]] = [[] for _ in range(13)]
        suits: list[list[tuple[int, int, int]]] = [[], [], [], []]
        present = 0
        t = 0
        h = hand & ((1 << 156) - 1)
        while h:
            if h & 0xFFF == 0:
                h >>= 12
                t += 4
                continue
            n = h & FIELD
            if n:
                item = (t, UNIT[t], n)
                ranks[t >> 2].append(item)
                suits[t & 3].append(item)
                present |= 1 << (t >> 2)
            h >>= 3
            t += 1
        self.ranks = ranks
        self.suits = suits
        self.present = present
        self.b = (hand >> (3 * BJ)) & FIELD
        self.r = (hand >> (3 * RJ)) & FIELD


def _small(h: _Hand, size: int, s: tuple[int, ...], floor: int) -> list[Combo]:
    """Every play of ``size`` (1, 2 or 3) cards with a key of at least ``floor``."""
    kind = _SMALL[size]
    out: list[Combo] = []
    jk = [_joker_sets(h.b, h.r, k) for k in range(size + 1)]
    for rank in range(13):
        key = s[rank]
        if key < floor or not h.ranks[rank]:
            continue
        subs = _by_size([(u, n) for _, u, n in h.ranks[rank]], size)
        for k in range(1, size + 1):
            js = jk[size - k]
            if not js:
                continue
            for p in subs[k]:
                for jp, _ in js:
                    out.append(_new(Combo, (kind, p + jp, key, size, size - k)))
    if size == 1:
        for t, n in ((BJ, h.b), (RJ, h.r)):
            if n and s[t - 39] >= floor:
                out.append(_new(Combo, (kind, UNIT[t], s[t - 39], 1, 0)))
        return out
    for jp, x in jk[size]:  # joker-only plays (§4.2 (c))
        key = s[14] if x == size else s[13]
        if key >= floor:
            out.append(_new(Combo, (kind, jp, key, size, 0 if x == size else x)))
    return out


def _fives(h: _Hand, rules: DaguailuziRules, s: tuple[int, ...], min_cat: int) -> list[Combo]:
    """Every five-card play of a category of at least ``min_cat`` (§6)."""
    high = rules.wild_rank is WildRank.HIGHEST
    pick: Callable[..., int] = max if high else min
    out: list[Combo] = []
    jk = [_joker_sets(h.b, h.r, k) for k in range(6)]
    jmax = min(4, h.b + h.r)
    ranks = [r for r in range(13) if h.ranks[r]]
    subs = {r: _by_size([(u, n) for _, u, n in h.ranks[r]], 5) for r in ranks}
    five = K.FIVE_OF_A_KIND
    # one rank: five of a kind
    for r in ranks:
        key = _CAT_FIVE | s[r]
        for j in range(jmax + 1):
            for p in subs[r][5 - j]:
                for jp, _ in jk[j]:
                    out.append(_new(Combo, (five, p + jp, key, 5, j)))
    for jp, x in jk[5]:
        key = _CAT_FIVE | (s[14] if x == 5 else s[13])
        out.append(_new(Combo, (five, jp, key, 5, 0 if x == 5 else x)))
    if min_cat <= 4:
        _two_ranks(h, out, ranks, subs, jk, jmax, s, pick, high, min_cat)
        _one_suit(h, out, rules, jk, jmax, s, high, min_cat)
    if min_cat <= 0:
        _straights(h, out, jk, jmax, high)
    return out


def _two_ranks(
    h: _Hand,
    out: list[Combo],
    ranks: list[int],
    subs: dict[int, list[list[int]]],
    jk: list[list[tuple[int, int]]],
    jmax: int,
    s: tuple[int, ...],
    pick: Callable[..., int],
    high: bool,
    min_cat: int,
) -> None:
    """Naturals of exactly two ranks: four + one, full house, or (two suited cards
    inside a run with three jokers) a straight flush."""
    four, fh, sf = K.FOUR_OF_A_KIND, K.FULL_HOUSE, K.STRAIGHT_FLUSH
    for i, x in enumerate(ranks):
        sx, subx = s[x], subs[x]
        for y in ranks[i + 1 :]:
            sy, suby = s[y], subs[y]
            tops = RUN_TOPS[1 << x | 1 << y]
            for j in range(jmax + 1):
                n = 5 - j
                js = jk[j]
                if not js:
                    continue
                for a in range(1, n):
                    c = n - a
                    if not subx[a] or not suby[c]:
                        continue
                    key4 = _two_rank_key(a, c, sx, sy, pick)
                    kind = four if key4 >> CAT_SHIFT == 3 else fh
                    may_sf = a == 1 and c == 1 and bool(tops)
                    if (key4 >> CAT_SHIFT) < min_cat and not may_sf:
                        continue
                    key_sf = _CAT_SF | (tops[-1] if high else tops[0]) if may_sf else 0
                    for px in subx[a]:
                        for py in suby[c]:
                            p = px + py
                            k, kd = key4, kind
                            if may_sf and _same_suit(px, py):
                                k, kd = key_sf, sf
                            elif (k >> CAT_SHIFT) < min_cat:
                                continue
                            for jp, _ in js:
                                out.append(_new(Combo, (kd, p + jp, k, 5, j)))


def _two_rank_key(a: int, c: int, sx: int, sy: int, pick: Callable[..., int]) -> int:
    """The key of ``a`` naturals of strength ``sx`` and ``c`` of strength ``sy``
    with jokers (§4.2 (d) steps 3 and 4): a four + one when a rank occurs once, else
    a full house; ``pick`` (max or min, by ``wild_rank``) chooses between ranks."""
    if a == 1 and c == 1:
        return _CAT_FOUR | pick(sx, sy)
    if c == 1:
        return _CAT_FOUR | sx
    if a == 1:
        return _CAT_FOUR | sy
    if a == 3:
        return _CAT_FH | sx
    if c == 3:
        return _CAT_FH | sy
    return _CAT_FH | pick(sx, sy)


def _same_suit(px: int, py: int) -> bool:
    """Whether two single cards (packed, one card each) have the same suit."""
    return ((px.bit_length() - 1) // 3) & 3 == ((py.bit_length() - 1) // 3) & 3


def _one_suit(
    h: _Hand,
    out: list[Combo],
    rules: DaguailuziRules,
    jk: list[list[tuple[int, int]]],
    jmax: int,
    s: tuple[int, ...],
    high: bool,
    min_cat: int,
) -> None:
    """Naturals of one suit and three ranks or more: straight flushes and flushes."""
    top_card = rules.flush_compare is FlushCompare.TOP_CARD
    wild_s = 12 if high else 0
    flush, sf = K.FLUSH, K.STRAIGHT_FLUSH
    for items in h.suits:
        if len(items) < 3:
            continue
        # (packed, size, ranks mask, value, top strength) of every sub-multiset,
        # the cards taken strongest first so that the value (the strengths high
        # -> low as base-16 digits) grows by appending digits
        states: list[tuple[int, int, int, int, int]] = [(0, 0, 0, 0, 0)]
        for t, u, n in sorted(items, key=lambda it: -s[it[0] >> 2]):
            st = s[t >> 2]
            bit = 1 << (t >> 2)
            grown = []
            for p, k, m, v, top in states:
                first = st if k == 0 else top
                for i in range(1, min(n, 5 - k) + 1):
                    grown.append((p + i * u, k + i, m | bit, v << (4 * i) | st * _REP[i], first))
            states += grown
        for p, k, m, v, top in states:
            j = 5 - k
            if j > jmax or not jk[j]:
                continue
            distinct = m.bit_count()
            if distinct < 3:
                continue
            tops = RUN_TOPS[m] if distinct == k else ()
            if tops:
                key, kind = _CAT_SF | (tops[-1] if high else tops[0]), sf
            elif min_cat > 1:
                continue
            else:
                if top_card:
                    value = max(top, wild_s) if j else top
                elif high:
                    value = (wild_s * _REP[j]) << (4 * k) | v
                else:
                    value = v << (4 * j)
                key, kind = _CAT_FLUSH | value, flush
            for jp, _ in jk[j]:
                out.append(_new(Combo, (kind, p + jp, key, 5, j)))


def _straights(
    h: _Hand, out: list[Combo], jk: list[list[tuple[int, int]]], jmax: int, high: bool
) -> None:
    """Different ranks inside a run, of mixed suits: straights."""
    straight = K.STRAIGHT
    for n in (3, 4, 5):
        j = 5 - n
        if j > jmax or not jk[j]:
            continue
        for m, rs in _RUN_SET_RANKS[n]:
            if m & h.present != m:
                continue
            tops = RUN_TOPS[m]
            key = _CAT_STRAIGHT | (tops[-1] if high else tops[0])
            # (packed, suit mask) of one card per rank
            picks: list[tuple[int, int]] = [(0, 0)]
            for r in rs:
                picks = [(p + u, sm | 1 << (t & 3)) for p, sm in picks for t, u, _ in h.ranks[r]]
            for p, sm in picks:
                if sm & (sm - 1) == 0:
                    continue  # one suit: a straight flush, listed by _one_suit
                for jp, _ in jk[j]:
                    out.append(_new(Combo, (straight, p + jp, key, 5, j)))


def _sorted(plays: list[Combo]) -> list[Combo]:
    """``plays`` of one size in canonical order (key, then cards)."""
    plays.sort(key=lambda c: (c[2] << 170) | c[1])
    return plays


def hand_combos(hand: Cards, rules: DaguailuziRules, level: int | None) -> list[Combo]:
    """Every distinct play ``hand`` holds (the plays a leader may make), in the
    canonical order of the module docstring."""
    s = rule_strengths(rules, level)
    h = _Hand(hand)
    out: list[Combo] = []
    for size in (1, 2, 3):
        out += _sorted(_small(h, size, s, 0))
    out += _sorted(_fives(h, rules, s, 0))
    return out


def legal_plays(
    hand: Cards, top: Combo | None, rules: DaguailuziRules, level: int | None
) -> list[Combo]:
    """Every distinct play of ``hand`` that may be played on ``top`` (None: leading,
    every play), in the canonical order of the module docstring."""
    if top is None:
        return hand_combos(hand, rules, level)
    s = rule_strengths(rules, level)
    h = _Hand(hand)
    if top.size == 5:
        found = _fives(h, rules, s, top.key >> CAT_SHIFT)
    elif top.size in (1, 2, 3):
        found = _small(h, top.size, s, top.key)
    else:
        return []
    return _sorted([c for c in found if beats(c, top, rules)])
