"""Big Two legal-move generation.

:func:`hand_combos` lists every combination contained in a hand (each distinct card
set once, with its type); :func:`legal_plays` keeps those that may be played now:
every one when leading (subject to a card that must be included), else those that
beat the top play. The generator works on rank nibbles of the hand mask with
precomputed subset tables; it is checked against brute-force enumeration of all
subsets by the test-suite.

>>> from chupai.bigtwo.rules import PRESETS
>>> from chupai.cards import parse_mask
>>> std = PRESETS["standard"]
>>> sorted(c.kind.value for c in hand_combos(parse_mask("3D 3S 4H"), std))
['pair', 'single', 'single', 'single']
"""

from __future__ import annotations

from itertools import combinations, product
from typing import Final

from chupai import compiled
from chupai.bigtwo.combos import (
    GROUP_MONSTER,
    SUIT_MASKS,
    Combo,
    ComboKind,
    Tables,
    beats_fn,
    classify_or_none,
    tables,
)
from chupai.bigtwo.rules import BigTwoRules
from chupai.cards import CardMask

__all__ = ["hand_combos", "legal_plays", "follow_filter", "SUBSETS"]

K = ComboKind


def _subsets(nib: int, k: int) -> tuple[int, ...]:
    return tuple(s for s in range(16) if s & nib == s and s.bit_count() == k)


SUBSETS: Final = tuple(tuple(_subsets(nib, k) for nib in range(16)) for k in range(5))
"""``SUBSETS[k][nib]``: the sub-nibbles of ``nib`` with ``k`` bits."""

_BITS: Final = tuple(tuple(s for s in range(4) if nib >> s & 1) for nib in range(16))
"""``_BITS[nib]``: the suit indices present in a nibble."""


def _top_suit(sub: int, ss: list[int]) -> int:
    return max([ss[s] for s in _BITS[sub]])


_new = tuple.__new__


# the kinds as module constants: a global is read faster than an enum member
_SINGLE, _PAIR, _TRIPLE, _QUAD = K.SINGLE, K.PAIR, K.TRIPLE, K.QUAD
_TWO_PAIR, _KICKER, _FULL_HOUSE = K.TWO_PAIR, K.TWO_PAIR_KICKER, K.FULL_HOUSE
_FOUR, _STRAIGHT, _SF, _FLUSH = K.FOUR_OF_A_KIND, K.STRAIGHT, K.STRAIGHT_FLUSH, K.FLUSH


def _hand_combos_py(hand: CardMask, rules: BigTwoRules) -> list[Combo]:
    """Every combination that can be formed from ``hand`` (one per card set).

    The shapes come from :data:`~chupai.bigtwo.combos.SHAPES`, each only when the
    rules allow it, in a fixed order: singles, then the sets of each rank (pairs,
    triples, quads), two pairs (with each kicker), full houses, four of a kind
    with each kicker, straights and straight flushes, flushes."""
    t = tables(rules)
    nib = [(hand >> (4 * r)) & 15 for r in range(13)]
    g = t.kind_group[_SINGLE]
    cs = t.card_strength
    out: list[Combo] = [
        _new(Combo, (_SINGLE, 1 << (4 * r + s), cs[4 * r + s], g))
        for r in range(13)
        if nib[r]
        for s in _BITS[nib[r]]
    ]
    pairs, triples, quads = _sets(nib, t, out)
    allows = t.allows
    if allows[_TWO_PAIR] or allows[_KICKER]:
        _two_pairs(hand, pairs, t, out)
    if triples and pairs:
        _full_houses(triples, pairs, t, out)
    if quads:
        _with_kicker(hand, quads, t, out)
    _straights(nib, t, out)
    if allows[_FLUSH]:
        _flushes(hand, t, out)
    return out


def _sets(
    nib: list[int], t: Tables, out: list[Combo]
) -> tuple[list[tuple[int, int]], list[tuple[int, int]], list[int]]:
    """Append the pairs, triples and quads of each rank in turn; return every pair
    and triple as ``(rank, sub-nibble)`` and the ranks of the quads (for the
    shapes made of them)."""
    append = out.append
    ss = t.suit_strength
    grp = t.kind_group
    pairs: list[tuple[int, int]] = []
    triples: list[tuple[int, int]] = []
    quads: list[int] = []
    g_pair, g_triple, g_quad = grp[_PAIR], grp[_TRIPLE], grp[_QUAD]
    allow_triples, allow_quad = t.allows[_TRIPLE], t.allows[_QUAD]
    for r in range(13):
        v = nib[r]
        if v & (v - 1) == 0:
            continue  # fewer than two cards
        shift = 4 * r
        for sub in SUBSETS[2][v]:
            pairs.append((r, sub))
            append(_new(Combo, (_PAIR, sub << shift, r * 4 + _top_suit(sub, ss), g_pair)))
        if v.bit_count() < 3:
            continue
        for sub in SUBSETS[3][v]:
            triples.append((r, sub))
            if allow_triples:
                append(_new(Combo, (_TRIPLE, sub << shift, r, g_triple)))
        if v == 15:
            quads.append(r)
            if allow_quad:
                append(_new(Combo, (_QUAD, 15 << shift, r, g_quad)))
    return pairs, triples, quads


def _two_pairs(hand: CardMask, pairs: list[tuple[int, int]], t: Tables, out: list[Combo]) -> None:
    """Two pairs of different ranks: the four-card play, and each kicker."""
    append = out.append
    ss = t.suit_strength
    grp = t.kind_group
    two_pairs, kickers = t.allows[_TWO_PAIR], t.allows[_KICKER]
    g2, gk, ok = grp[_TWO_PAIR], grp[_KICKER], t.kind_offset[_KICKER]
    for i, (r1, s1) in enumerate(pairs):
        for r2, s2 in pairs[i + 1 :]:
            if r2 == r1:
                continue
            hi_r, hi_s, lo_r = (r1, s1, r2) if r1 > r2 else (r2, s2, r1)
            key = (hi_r * 13 + lo_r) * 4 + _top_suit(hi_s, ss)
            pm = (s1 << (4 * r1)) | (s2 << (4 * r2))
            if two_pairs:
                append(_new(Combo, (_TWO_PAIR, pm, key, g2)))
            if kickers:
                rest = hand & ~((15 << (4 * r1)) | (15 << (4 * r2)))
                while rest:
                    low = rest & -rest
                    append(_new(Combo, (_KICKER, pm | low, ok + key, gk)))
                    rest ^= low


def _full_houses(
    triples: list[tuple[int, int]], pairs: list[tuple[int, int]], t: Tables, out: list[Combo]
) -> None:
    append = out.append
    g, o = t.kind_group[_FULL_HOUSE], t.kind_offset[_FULL_HOUSE]
    for r3, s3 in triples:
        tm = s3 << (4 * r3)
        for r2, s2 in pairs:
            if r2 != r3:
                append(_new(Combo, (_FULL_HOUSE, tm | (s2 << (4 * r2)), o + r3, g)))


def _with_kicker(hand: CardMask, quads: list[int], t: Tables, out: list[Combo]) -> None:
    """Four of a kind with any kicker."""
    append = out.append
    g, o = t.kind_group[_FOUR], t.kind_offset[_FOUR]
    for r in quads:
        qm = 15 << (4 * r)
        rest = hand & ~qm
        while rest:
            low = rest & -rest
            append(_new(Combo, (_FOUR, qm | low, o + r, g)))
            rest ^= low


def _straights(nib: list[int], t: Tables, out: list[Combo]) -> None:
    """Every straight and straight flush, by the rules' straight ranking."""
    ss = t.suit_strength
    grp = t.kind_group
    off = t.kind_offset
    g_st, o_st = grp[_STRAIGHT], off[_STRAIGHT]
    g_sf, o_sf = grp[_SF], off[_SF]
    append = out.append
    rank_bits = 0
    for r in range(13):
        if nib[r]:
            rank_bits |= 1 << r
    for st in t.straights:
        if st.rank_bits & rank_bits != st.rank_bits:
            continue
        ranks = st.ranks
        tb_index = ranks.index(st.tiebreak_rank)
        base = st.position * 4
        choices = [[(s, 1 << (4 * r + s)) for s in _BITS[nib[r]]] for r in ranks]
        for pick in product(*choices):
            m = pick[0][1] | pick[1][1] | pick[2][1] | pick[3][1] | pick[4][1]
            s0 = pick[0][0]
            key = base + ss[pick[tb_index][0]]
            if pick[1][0] == s0 and pick[2][0] == s0 and pick[3][0] == s0 and pick[4][0] == s0:
                append(_new(Combo, (_SF, m, o_sf + key, g_sf)))
            else:
                append(_new(Combo, (_STRAIGHT, m, o_st + key, g_st)))


def _flushes(hand: CardMask, t: Tables, out: list[Combo]) -> None:
    """Every five cards of one suit that are not a straight."""
    append = out.append
    straight_bits = t.straight_by_bits
    g_fl, o_fl = t.kind_group[_FLUSH], t.kind_offset[_FLUSH]
    fkey = t.flush_key_ranks
    for s in range(4):
        sm = hand & SUIT_MASKS[s]
        if sm.bit_count() < 5:
            continue
        ranks_present = [r for r in range(12, -1, -1) if sm >> (4 * r + s) & 1]
        for combo in combinations(ranks_present, 5):
            rb = (
                (1 << combo[0])
                | (1 << combo[1])
                | (1 << combo[2])
                | (1 << combo[3])
                | (1 << combo[4])
            )
            if rb in straight_bits:
                continue
            m = (
                (1 << (4 * combo[0] + s))
                | (1 << (4 * combo[1] + s))
                | (1 << (4 * combo[2] + s))
                | (1 << (4 * combo[3] + s))
                | (1 << (4 * combo[4] + s))
            )
            append(_new(Combo, (_FLUSH, m, o_fl + fkey(combo, s), g_fl)))


def _legal_plays_py(
    hand: CardMask,
    rules: BigTwoRules,
    top: Combo | None = None,
    must_contain: CardMask = 0,
    combos: list[Combo] | None = None,
) -> list[Combo]:
    """The plays of ``hand`` legal now: all combinations when leading (``top`` is
    None), each containing ``must_contain`` if given; else those beating ``top``.
    ``combos`` may pass a precomputed :func:`hand_combos` of ``hand``."""
    if combos is None:
        combos = (_hand_combos_two if rules.packs == 2 else _hand_combos_py)(hand, rules)
    if top is None:
        if must_contain:
            return [c for c in combos if c.mask & must_contain == must_contain]
        return list(combos)
    fn = beats_fn(rules)
    return [c for c in combos if fn(c, top)]


def _follow_filter_py(
    combos: list[Combo], top: Combo, monsters: bool, over_small: bool
) -> list[Combo]:
    """The deal's follow list before its pass (:meth:`BigTwoDeal.legal_actions`):
    the plays of ``combos`` in the top's group with a higher key, then, under
    ``same_type_or_monster`` (``monsters``), every monster when it may beat ``top``."""
    g, k = top[3], top[2]
    out = [c for c in combos if c[3] == g and c[2] > k]
    if monsters and g != GROUP_MONSTER:
        size = top[1].bit_count()
        if size == 5 or (size <= 3 and over_small):
            out += [c for c in combos if c[3] == GROUP_MONSTER]
    return out


# ----- two packs ----------------------------------------------------------------------

_LOW: Final = (1 << 52) - 1


def _rank_subs(lo: int, hi: int, k: int) -> list[tuple[int, int]]:
    """The sub-multisets of ``k`` cards of one rank whose first copies are the
    nibble ``lo`` and second copies ``hi``: ``(first, second)`` nibble pairs."""
    out = []
    for a in range(16):
        if a & lo != a or a.bit_count() > k:
            continue
        b_need = k - a.bit_count()
        for b in SUBSETS[b_need][a & hi] if b_need <= 4 else ():
            out.append((a, b))
    return out


def _rank_masks(lo: int, hi: int, r: int, k: int) -> list[CardMask]:
    return [a << (4 * r) | b << (52 + 4 * r) for a, b in _rank_subs(lo, hi, k)]


def _suit_multisets(avail: list[tuple[int, int]], k: int) -> list[list[tuple[int, int]]]:
    """Every choice of ``k`` cards from ``avail`` (``(rank, copies)``, each taken at
    most ``copies`` times) as ``(rank, taken)`` lists."""
    if k == 0:
        return [[]]
    if not avail:
        return []
    (r, c), rest = avail[0], avail[1:]
    out = _suit_multisets(rest, k)
    for take in range(1, min(c, k) + 1):
        out += [[(r, take)] + tail for tail in _suit_multisets(rest, k - take)]
    return out


def _hand_combos_two(hand: CardMask, rules: BigTwoRules) -> list[Combo]:
    """:func:`hand_combos` with two packs (``hand`` in the unary form of
    :mod:`chupai.bigtwo.packs`): every distinct multiset that forms a combination,
    once, in the one-pack order of shapes; each classified by
    :func:`~chupai.bigtwo.combos.classify_or_none` so that keys and types are
    exactly the classifier's."""
    t = tables(rules)
    lo_hand = hand & _LOW
    lo = [(lo_hand >> (4 * r)) & 15 for r in range(13)]
    hi = [((hand >> 52) >> (4 * r)) & 15 for r in range(13)]
    singles = [[1 << c for c in range(4 * r, 4 * r + 4) if lo_hand >> c & 1] for r in range(13)]
    sets = [[_rank_masks(lo[r], hi[r], r, k) if lo[r] else [] for r in range(13)] for k in range(5)]
    cands: list[CardMask] = [m for r in range(13) for m in singles[r]]
    cands += [m for k in (2, 3, 4) for r in range(13) for m in sets[k][r]]
    if t.allows[K.TWO_PAIR] or t.allows[K.TWO_PAIR_KICKER]:
        cands += _two_pair_sets(sets[2], singles, t.allows[K.TWO_PAIR_KICKER])
    cands += _group_sets(sets, singles)
    one_pack: list[Combo] = []
    _straights(lo, t, one_pack)
    cands += [c.mask for c in one_pack]
    if t.allows[K.FLUSH]:
        cands += _flush_sets(lo, hi)
    out: dict[CardMask, Combo] = {}
    memo = t.two_memo  # classify_or_none's memo, read here without hashing the rules
    for m in cands:
        if m not in out:
            found = memo.get(m)
            c = found[0] if found is not None else classify_or_none(m, rules)
            if c is not None:
                out[m] = c
    return list(out.values())


def _two_pair_sets(
    pairs: list[list[CardMask]], singles: list[list[CardMask]], kicker: bool
) -> list[CardMask]:
    """Two pairs of different ranks, and (``kicker``) each with a card of a third."""
    out = []
    for r1, r2 in combinations(range(13), 2):
        for p1 in pairs[r1]:
            for p2 in pairs[r2]:
                out.append(p1 | p2)
                if kicker:
                    out += [
                        p1 | p2 | k for r3 in range(13) if r3 not in (r1, r2) for k in singles[r3]
                    ]
    return out


def _group_sets(sets: list[list[list[CardMask]]], singles: list[list[CardMask]]) -> list[CardMask]:
    """Full houses (a triple and a pair of another rank) and four of a kind (four
    of a rank and a card of another)."""
    out = []
    for r1 in range(13):
        for tr in sets[3][r1]:
            out += [tr | p for r2 in range(13) if r2 != r1 for p in sets[2][r2]]
        for q in sets[4][r1]:
            out += [q | k for r2 in range(13) if r2 != r1 for k in singles[r2]]
    return out


def _flush_sets(lo: list[int], hi: list[int]) -> list[CardMask]:
    """Every five cards of one suit (a card at most as often as held)."""
    out = []
    for s in range(4):
        avail = [(r, (lo[r] >> s & 1) + (hi[r] >> s & 1)) for r in range(13) if lo[r] >> s & 1]
        if sum(c for _, c in avail) < 5:
            continue
        for pick in _suit_multisets(avail, 5):
            m = 0
            for r, n in pick:
                m |= 1 << (4 * r + s) | (n - 1) << (52 + 4 * r + s)
            out.append(m)
    return out


# The public names: the compiled twins (chupai.bigtwo._fast) where they are built and
# not switched off (CHUPAI_PURE), else the pure functions above, kept as the reference;
# two-pack hands always go to the pure generator (the compiled one holds 52-bit masks).
_fast = compiled.load("chupai.bigtwo._fast")
_hand_combos_one = _hand_combos_py if _fast is None else _fast.hand_combos
_legal_plays_one = _legal_plays_py if _fast is None else _fast.legal_plays
follow_filter = _follow_filter_py if _fast is None else _fast.follow_filter
follow_filter_pure = _follow_filter_py
"""The pure :func:`follow_filter` (two-pack deals use it whatever is built)."""


def hand_combos(hand: CardMask, rules: BigTwoRules) -> list[Combo]:
    """Every combination that can be formed from ``hand`` (one per card set)."""
    if rules.packs == 2:
        return _hand_combos_two(hand, rules)
    return _hand_combos_one(hand, rules)


def legal_plays(
    hand: CardMask,
    rules: BigTwoRules,
    top: Combo | None = None,
    must_contain: CardMask = 0,
    combos: list[Combo] | None = None,
) -> list[Combo]:
    """The plays of ``hand`` legal now (see :func:`_legal_plays_py`)."""
    fn = _legal_plays_py if rules.packs == 2 else _legal_plays_one
    return fn(hand, rules, top, must_contain, combos)
