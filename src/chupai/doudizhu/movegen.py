"""Dou Dizhu legal-move generation.

:func:`hand_combos` lists every distinct play a hand can make: one entry per card
multiset and kind (a multiset with readings of several kinds gives several
entries; readings of one kind that differ only in key collapse to the highest key,
which is the one the engine always takes, ``doudizhu.md`` §7). :func:`legal_plays`
keeps those that may be played now: all of them when leading, else those that
beat the top play.

The generator works on the hand's rank counts and reuses the combos prebuilt in
:class:`~chupai.doudizhu.combos.Tables`; only kicker and wing combinations are
built per hand. The test-suite checks it against brute-force enumeration of every
sub-multiset classified by :func:`~chupai.doudizhu.combos.readings`.

>>> from chupai.doudizhu.rules import PRESETS
>>> from chupai.doudizhu.combos import parse_cards
>>> classic = PRESETS["classic"]
>>> sorted(c.kind.value for c in hand_combos(parse_cards("3 3 3 4", classic), classic))
['pair', 'single', 'single', 'trio', 'trio_single']
"""

from __future__ import annotations

from itertools import combinations
from typing import Final

from chupai.doudizhu.combos import (
    ACE,
    BJ,
    GUARD,
    NRANKS,
    RJ,
    SHIFTS,
    TWO,
    UNIT,
    Cards,
    Combo,
    Kind,
    Tables,
    tables,
)
from chupai.doudizhu.rules import DouDizhuRules

__all__ = ["hand_combos", "legal_plays", "follow_filter"]

K = Kind
_new = tuple.__new__
_RANKS: Final = range(NRANKS)


def _wing_sets(c: list[int], s: int, e: int, k: int) -> list[Cards]:
    """Every multiset of ``k`` single wings from counts ``c`` outside ranks s..e:
    at most three of a rank, not BJ and RJ together; skipping sets that hold a
    trio of rank ``e + 1`` (the same multiset then reads with a higher body)."""
    partial: list[tuple[int, int]] = [(0, 0)]
    avail = [(r, min(c[r], 3)) for r in range(TWO + 1) if c[r] and not s <= r <= e]
    for r, mx in avail:
        u = UNIT[r]
        grown: list[tuple[int, int]] = []
        add = grown.append
        for p, sz in partial:
            add((p, sz))
            room = k - sz
            if room:
                for j in range(1, min(mx, room) + 1):
                    add((p + j * u, sz + j))
        partial = grown
    out = [p for p, sz in partial if sz == k]
    for r in (BJ, RJ):  # at most one joker among the wings
        if c[r]:
            u = UNIT[r]
            out += [p + u for p, sz in partial if sz == k - 1]
    if e < ACE and k >= 3 and c[e + 1] >= 3:
        sh = SHIFTS[e + 1]
        out = [p for p in out if (p >> sh) & 31 != 3]
    return out


def hand_combos(hand: Cards, rules: DouDizhuRules) -> list[Combo]:
    """Every distinct play of ``hand`` (packed counts): one per multiset and kind."""
    t = tables(rules)
    return _hand_combos(hand, t)


def _hand_combos(hand: Cards, t: Tables) -> list[Combo]:
    c = [(hand >> s) & 31 for s in SHIFTS]
    four = t.four
    pair_max = t.pair_max
    single, pair, trio, bombs = t.single, t.pair, t.trio, t.bombs
    out: list[Combo] = []
    ap = out.append
    present: list[int] = []
    pairable: list[int] = []
    trios: list[int] = []
    quads: list[int] = []
    for r in _RANKS:
        n = c[r]
        if not n:
            continue
        present.append(r)
        ap(single[r])
        if n >= 2 and r <= pair_max:
            pairable.append(r)
            ap(pair[r])
            if n >= 3 and r <= TWO:
                trios.append(r)
                ap(trio[r])
                if n >= 4:
                    quads.append(r)
                    row = bombs[r]
                    if four:
                        for m in range(4, n + 1):
                            ap(row[m])  # type: ignore[arg-type]
                    else:
                        ap(row[4])  # type: ignore[arg-type]
    if four:
        if c[BJ] == 2 and c[RJ] == 2:
            ap(t.heaven_lord)  # type: ignore[arg-type]
    elif c[BJ] and c[RJ]:
        ap(t.rocket)  # type: ignore[arg-type]

    # trio_single, trio_pair
    if trios:
        tp = t.trio_pair
        for a in trios:
            row2 = tp[a]
            out += [row2[b] for b in pairable if b != a]
        if not four:
            ts = t.trio_single
            for a in trios:
                row1 = ts[a]
                out += [row1[b] for b in present if b != a]

    # runs: straights (1), pair chains (2), airplanes (3) over ranks 3..A
    run_lists = t.run_lists
    for m, minlen in ((1, 5), (2, 3), (3, 2)):
        lists = run_lists[m]
        start = -1
        for r in range(ACE + 2):
            if r <= ACE and c[r] >= m:
                if start < 0:
                    start = r
            elif start >= 0:
                if r - start >= minlen:
                    out += lists[start][r - 1]
                start = -1

    # airplanes with wings
    if len(trios) >= 2:
        _airplane_wings(c, t, trios, pairable, out)

    # four with kickers
    if quads:
        _four_with(c, t, quads, present, pairable, out)
    return out


def _airplane_wings(c: list[int], t: Tables, trios: list[int], pairable: list[int],
                    out: list[Combo]) -> None:
    body_t = t.body
    max_s, max_p = t.max_air_singles, t.max_air_pairs
    kmax = max(max_s, max_p)
    both_joker_pairs = t.four and c[BJ] >= 2 and c[RJ] >= 2
    seq = [r for r in trios if r <= ACE]
    for i, s in enumerate(seq):
        e = s
        for j in range(i + 1, len(seq)):
            if seq[j] != e + 1:
                break
            e = seq[j]
            k = e - s + 1
            if k > kmax:
                break
            body = body_t[s][e]
            if k <= max_s:
                size = 4 * k
                group = t.group(K.AIRPLANE_SINGLES, size)
                for w in _wing_sets(c, s, e, k):
                    out.append(_new(Combo, (K.AIRPLANE_SINGLES, body + w, e, size, group, 0)))
            if k <= max_p:
                wings = [r for r in pairable if not s <= r <= e]
                if len(wings) >= k:
                    size = 5 * k
                    group = t.group(K.AIRPLANE_PAIRS, size)
                    for pick in combinations(wings, k):
                        if both_joker_pairs and pick[-1] == RJ and pick[-2] == BJ:
                            continue
                        w = 0
                        for r in pick:
                            w += 2 * UNIT[r]
                        out.append(_new(Combo, (K.AIRPLANE_PAIRS, body + w, e, size, group, 0)))


def _four_with(c: list[int], t: Tables, quads: list[int], present: list[int],
               pairable: list[int], out: list[Combo]) -> None:
    if t.four:
        if not t.four_with_pair:
            return
        g = t.group(K.FOUR_WITH_PAIR, 6)
        for q in quads:
            base = 4 * UNIT[q]
            for r in pairable:
                if r != q:
                    out.append(_new(Combo, (K.FOUR_WITH_PAIR, base + 2 * UNIT[r], q, 6, g, 0)))
        return
    g2 = t.group(K.FOUR_WITH_TWO, 6)
    g2p = t.group(K.FOUR_WITH_TWO, 6, 1)
    g4 = t.group(K.FOUR_WITH_TWO_PAIRS, 8)
    kicker_pair = t.kicker_pair
    for q in quads:
        base = 4 * UNIT[q]
        others = [r for r in present if r != q]
        for i, a in enumerate(others):
            ua = UNIT[a]
            for b in others[i + 1:]:
                if a == BJ:  # b == RJ: the rocket may not be two kickers
                    continue
                out.append(_new(Combo, (K.FOUR_WITH_TWO, base + ua + UNIT[b], q, 6, g2, 0)))
        pr = [r for r in pairable if r != q]
        if kicker_pair:
            for a in pr:
                out.append(_new(Combo, (K.FOUR_WITH_TWO, base + 2 * UNIT[a], q, 6, g2p, 0)))
        for i, a in enumerate(pr):
            ua2 = 2 * UNIT[a]
            for b in pr[i + 1:]:
                out.append(_new(Combo, (K.FOUR_WITH_TWO_PAIRS, base + ua2 + 2 * UNIT[b], q, 8, g4, 0)))


def follow_filter(combos: list[Combo], hand: Cards | None, top: Combo) -> list[Combo]:
    """The combos of ``combos`` that beat ``top`` (and, if ``hand`` is given, that
    ``hand`` contains). No per-combo function calls."""
    p = top[5]
    if hand is None:
        if p:
            return [x for x in combos if x[5] > p]
        g, k = top[4], top[2]
        return [x for x in combos if x[5] or (x[4] == g and x[2] > k)]
    hg = hand + GUARD
    if p:
        return [x for x in combos if x[5] > p and (hg - x[1]) & GUARD == GUARD]
    g, k = top[4], top[2]
    return [x for x in combos
            if (x[5] or (x[4] == g and x[2] > k)) and (hg - x[1]) & GUARD == GUARD]


def legal_plays(hand: Cards, rules: DouDizhuRules, top: Combo | None = None,
                combos: list[Combo] | None = None) -> list[Combo]:
    """The plays of ``hand`` legal now: every distinct play when leading (``top``
    is None), else those beating ``top``. ``combos`` may pass a precomputed
    :func:`hand_combos` of ``hand``."""
    if combos is None:
        combos = _hand_combos(hand, tables(rules))
    if top is None:
        return list(combos)
    return follow_filter(combos, None, top)
