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

from chupai.bigtwo.combos import SUIT_MASKS, Combo, ComboKind, Tables, beats_fn, tables
from chupai.bigtwo.rules import BigTwoRules, FourCardPlay
from chupai.cards import CardMask

__all__ = ["hand_combos", "legal_plays", "SUBSETS"]

K = ComboKind


def _subsets(nib: int, k: int) -> tuple[int, ...]:
    return tuple(s for s in range(16) if s & nib == s and s.bit_count() == k)


SUBSETS: Final = tuple(tuple(_subsets(nib, k) for nib in range(16)) for k in range(5))
"""``SUBSETS[k][nib]``: the sub-nibbles of ``nib`` with ``k`` bits."""

_BITS: Final = tuple(tuple(s for s in range(4) if nib >> s & 1) for nib in range(16))
"""``_BITS[nib]``: the suit indices present in a nibble."""


def _top_suit(sub: int, ss: list[int]) -> int:
    return max(ss[s] for s in _BITS[sub])


def hand_combos(hand: CardMask, rules: BigTwoRules) -> list[Combo]:
    """Every combination that can be formed from ``hand`` (one per card set)."""
    t = tables(rules)
    make = t.make
    ss = t.suit_strength
    cs = t.card_strength
    out: list[Combo] = []
    append = out.append
    nib = [(hand >> (4 * r)) & 15 for r in range(13)]
    present = [r for r in range(13) if nib[r]]

    # singles
    m = hand
    while m:
        low = m & -m
        c = low.bit_length() - 1
        append(make(K.SINGLE, low, cs[c]))
        m ^= low

    pairs: list[tuple[int, int]] = []  # (rank, sub-nibble)
    triples: list[tuple[int, int]] = []
    quads: list[int] = []
    for r in present:
        v = nib[r]
        n = v.bit_count()
        if n >= 2:
            for sub in SUBSETS[2][v]:
                pairs.append((r, sub))
                append(make(K.PAIR, sub << (4 * r), r * 4 + _top_suit(sub, ss)))
        if n >= 3:
            for sub in SUBSETS[3][v]:
                triples.append((r, sub))
                if t.allow_triples:
                    append(make(K.TRIPLE, sub << (4 * r), r))
        if n == 4:
            quads.append(r)
            if t.four_card_play is FourCardPlay.QUAD:
                append(make(K.QUAD, 15 << (4 * r), r))

    two_pairs = t.four_card_play is FourCardPlay.TWO_PAIR
    if two_pairs or t.allow_two_pair_kicker:
        for i, (r1, s1) in enumerate(pairs):
            for r2, s2 in pairs[i + 1:]:
                if r2 == r1:
                    continue
                hi_r, hi_s, lo_r = (r1, s1, r2) if r1 > r2 else (r2, s2, r1)
                key = (hi_r * 13 + lo_r) * 4 + _top_suit(hi_s, ss)
                pm = (s1 << (4 * r1)) | (s2 << (4 * r2))
                if two_pairs:
                    append(make(K.TWO_PAIR, pm, key))
                if t.allow_two_pair_kicker:
                    rest = hand & ~((15 << (4 * r1)) | (15 << (4 * r2)))
                    while rest:
                        low = rest & -rest
                        append(make(K.TWO_PAIR_KICKER, pm | low, key))
                        rest ^= low

    # full houses
    if triples and pairs:
        for r3, s3 in triples:
            tm = s3 << (4 * r3)
            for r2, s2 in pairs:
                if r2 != r3:
                    append(make(K.FULL_HOUSE, tm | (s2 << (4 * r2)), r3))
    # four of a kind with any kicker
    for r in quads:
        qm = 15 << (4 * r)
        rest = hand & ~qm
        while rest:
            low = rest & -rest
            append(make(K.FOUR_OF_A_KIND, qm | low, r))
            rest ^= low

    _straights_and_flushes(hand, nib, t, out)
    return out


def _straights_and_flushes(hand: CardMask, nib: list[int], t: Tables, out: list[Combo]) -> None:
    make = t.make
    ss = t.suit_strength
    straight_bits = t.straight_by_bits
    for st in t.straights:
        ranks = st.ranks
        if not all(nib[r] for r in ranks):
            continue
        tb_index = ranks.index(st.tiebreak_rank)
        base = st.position * 4
        choices = [[(s, 1 << (4 * r + s)) for s in _BITS[nib[r]]] for r in ranks]
        for pick in product(*choices):
            m = pick[0][1] | pick[1][1] | pick[2][1] | pick[3][1] | pick[4][1]
            s0 = pick[0][0]
            key = base + ss[pick[tb_index][0]]
            if pick[1][0] == s0 and pick[2][0] == s0 and pick[3][0] == s0 and pick[4][0] == s0:
                out.append(make(K.STRAIGHT_FLUSH, m, key))
            else:
                out.append(make(K.STRAIGHT, m, key))
    if not t.allow_flush:
        return
    for s in range(4):
        sm = hand & SUIT_MASKS[s]
        if sm.bit_count() < 5:
            continue
        ranks_present = [r for r in range(13) if sm >> (4 * r + s) & 1]
        for combo in combinations(ranks_present, 5):
            rb = (1 << combo[0]) | (1 << combo[1]) | (1 << combo[2]) | (1 << combo[3]) | (1 << combo[4])
            if rb in straight_bits:
                continue
            m = 0
            for r in combo:
                m |= 1 << (4 * r + s)
            out.append(make(K.FLUSH, m, t.flush_key(m, s)))


def legal_plays(
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
        combos = hand_combos(hand, rules)
    if top is None:
        if must_contain:
            return [c for c in combos if c.mask & must_contain == must_contain]
        return list(combos)
    fn = beats_fn(rules)
    return [c for c in combos if fn(c, top)]
