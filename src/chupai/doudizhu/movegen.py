"""Dou Dizhu legal-move generation.

:func:`hand_combos` lists every distinct play a hand can make: one entry per card
multiset and kind (a multiset with readings of several kinds gives several
entries; readings of one kind that differ only in key collapse to the highest key,
which is the one the engine always takes, ``doudizhu.md`` §7). :func:`legal_plays`
keeps those that may be played now: all of them when leading, else those that
beat the top play.

The generator works on the hand's rank counts and derives every play from the
shape table (:mod:`chupai.doudizhu.shapes`): :data:`PLAN` says in which order the
shapes are generated and how (a stage per row), each shape's row how its body
and wings are built. Plays without kickers and sets with one kicker are prebuilt
in :class:`~chupai.doudizhu.combos.Tables`; only the other kicker and wing
combinations are built per hand. The test-suite checks it against brute-force enumeration of every
sub-multiset classified by :func:`~chupai.doudizhu.combos.readings`.

>>> from chupai.doudizhu.rules import PRESETS
>>> from chupai.doudizhu.combos import parse_cards
>>> classic = PRESETS["classic"]
>>> sorted(c.kind.value for c in hand_combos(parse_cards("3 3 3 4", classic), classic))
['pair', 'single', 'single', 'trio', 'trio_single']
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from itertools import combinations
from typing import Final

from chupai.compiled import load
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
    span,
    tables,
)
from chupai.doudizhu.rules import DouDizhuRules
from chupai.doudizhu.shapes import ShapeRules, Wings

__all__ = [
    "hand_combos",
    "legal_plays",
    "follow_filter",
    "hand_combos_py",
    "legal_plays_py",
    "follow_filter_py",
    "PLAN",
]

K = Kind
_new = tuple.__new__
_RANKS: Final = range(NRANKS)

Ranks = list[int]
"""Per-rank counts, or the ranks present in a hand."""
Shapes = tuple[ShapeRules, ...]
Stage = Callable[[Cards, Ranks, Ranks, Tables, Shapes, list[Combo]], None]
"""A generator stage: ``(hand, counts, ranks present, tables, shapes, out)``."""


def hand_combos_py(hand: Cards, rules: DouDizhuRules) -> list[Combo]:
    """Every distinct play of ``hand`` (packed counts): one per multiset and kind
    (the pure-Python reference of :func:`hand_combos`)."""
    t = tables(rules)
    return _hand_combos_py(hand, t)


def _hand_combos_py(hand: Cards, t: Tables) -> list[Combo]:
    c = [(hand >> s) & 31 for s in SHIFTS]
    present = [r for r in _RANKS if c[r]]
    out: list[Combo] = []
    sets = t.sets
    for r in present:
        out += sets[r][c[r]]
    for stage, shapes in _plan(t):
        stage(hand, c, present, t, shapes, out)
    return out


def at_least(hand: Cards, m: int, low: int, high: int) -> int:
    """The guard bits (bit 4 of each field) of the ranks ``low..high`` that hold at
    least ``m`` cards of ``hand`` (SWAR: adding ``16 - m`` to a count of at most 15
    carries into bit 4 exactly when the count is at least ``m``)."""
    return (hand + _ADD[m]) & _GUARDS[low][high]


_ADD: Final = tuple(sum((16 - m) << s for s in SHIFTS) for m in range(16))
_GUARDS: Final = tuple(
    tuple(sum(16 << SHIFTS[r] for r in range(lo, hi + 1)) for hi in _RANKS) for lo in _RANKS
)


def _jokers(
    hand: Cards, c: Ranks, present: Ranks, t: Tables, shapes: Shapes, out: list[Combo]
) -> None:
    """Sets of the two jokers (rocket, heaven_lord)."""
    for sh in shapes:
        if c[BJ] >= sh.copies and c[RJ] >= sh.copies:
            out.append(t.make(sh.kind, span(BJ, RJ, sh.copies), RJ, 2 * sh.copies, sh.power(RJ)))


def _runs(
    hand: Cards, c: Ranks, present: Ranks, t: Tables, shapes: Shapes, out: list[Combo]
) -> None:
    """Chains without wings (straights, pair chains, airplanes): every chain
    inside each maximal run of ranks holding enough cards (memoized by which
    ranks hold enough)."""
    memo = t.memo
    for sh in shapes:
        key = (sh.kind, at_least(hand, sh.copies, sh.low, sh.high))
        found = memo.get(key)
        if found is None:
            found = memo[key] = _chains(t, sh, key[1])
        out += found


def _chains(t: Tables, sh: ShapeRules, guards: int) -> list[Combo]:
    """Every chain of ``sh`` inside the ranks whose guard bits ``guards`` holds."""
    lists = t.run_lists[sh.kind]
    found: list[Combo] = []
    start = -1
    for r in range(sh.low, sh.high + 2):
        if r <= sh.high and guards >> SHIFTS[r] & 16:
            if start < 0:
                start = r
        elif start >= 0:
            if r - start >= sh.lo:
                found += lists[start][r - 1]
            start = -1
    return found


def _pairable(c: list[int], present: list[int], t: Tables) -> list[int]:
    top = RJ if t.four else TWO
    return [r for r in present if c[r] >= 2 and r <= top]


def _kicker(
    hand: Cards, c: Ranks, present: Ranks, t: Tables, shapes: Shapes, out: list[Combo]
) -> None:
    """Sets with one kicker (trio_single, trio_pair, four_with_pair), prebuilt in
    ``Tables.kicked``: for each shape, each body rank in turn."""
    for sh in shapes:
        m, low, high = sh.copies, sh.low, sh.high
        if not at_least(hand, m, low, high):
            continue
        rows = t.kicked[sh.kind]
        pool = _pairable(c, present, t) if sh.wings is Wings.PAIRS else present
        for q in present:
            if c[q] >= m and low <= q <= high:
                row = rows[q]
                out += [row[b] for b in pool if b != q]


def _kickers(
    hand: Cards, c: Ranks, present: Ranks, t: Tables, shapes: Shapes, out: list[Combo]
) -> None:
    """Sets with several kickers (four_with_two, four_with_two_pairs): for each
    body rank, each shape of the stage in turn."""
    first = shapes[0]
    m, low, high = first.copies, first.low, first.high
    if not at_least(hand, m, low, high):
        return
    pairable = _pairable(c, present, t)
    for q in present:
        if c[q] >= m and low <= q <= high:
            for sh in shapes:
                pool = pairable if sh.wings is Wings.PAIRS else present
                _many_kickers(t, sh, q, [r for r in pool if r != q], pairable, out)


def _many_kickers(
    t: Tables, sh: ShapeRules, q: int, pool: list[int], pairable: list[int], out: list[Combo]
) -> None:
    """A set of rank ``q`` with ``sh.per`` kickers of different ranks from
    ``pool``, then (single kickers that may share a rank) of one rank from
    ``pairable``. The kickers never hold the rocket (nor all four jokers)."""
    base = sh.copies * UNIT[q]
    width = sh.wings.value
    size = sh.unit
    g = t.group(sh.kind, size)
    kind = sh.kind
    jokers = pool[-2:] == [BJ, RJ] and (width == 1 or t.four)
    if sh.per == 2:
        units = [base + width * UNIT[r] for r in pool]
        more = [width * UNIT[r] for r in pool]
        out += [
            _new(Combo, (kind, ua + ub, q, size, g, 0))
            for i, ua in enumerate(units)
            for ub in more[i + 1 :]
        ]
        if jokers:
            out.pop()  # the last pair of the pool is (BJ, RJ)
    else:
        for pick in combinations(pool, sh.per):
            if jokers and pick[-2:] == (BJ, RJ):
                continue
            out.append(
                _new(Combo, (kind, base + sum(width * UNIT[r] for r in pick), q, size, g, 0))
            )
    if sh.wings is Wings.SINGLES and sh.same_rank:
        g1 = t.group(kind, size, 1)
        out += [
            _new(Combo, (kind, base + sh.per * UNIT[a], q, size, g1, 0)) for a in pairable if a != q
        ]


def _wing_sets(c: list[int], s: int, e: int, k: int) -> list[Cards]:
    """Every multiset of ``k`` single wings from counts ``c`` outside ranks s..e:
    at most three of a rank, not BJ and RJ together (classic: one card of each
    joker); skipping sets that hold a trio of rank ``e + 1`` (the same multiset
    then reads with a higher body, the one kept)."""
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


def _winged_runs(
    hand: Cards, c: Ranks, present: Ranks, t: Tables, shapes: Shapes, out: list[Combo]
) -> None:
    """Chains with wings (airplane_singles, airplane_pairs): for each body s..e,
    each shape of the stage in turn."""
    first = shapes[0]
    bits = at_least(hand, first.copies, first.low, first.high)
    if not bits & (bits >> 5):
        return  # no two adjacent body ranks
    seq = [r for r in present if c[r] >= first.copies and first.low <= r <= first.high]
    if len(seq) < 2:
        return
    pairable = _pairable(c, present, t)
    kmax = max(sh.hi for sh in shapes)
    for i, s in enumerate(seq):
        e = s
        for j in range(i + 1, len(seq)):
            if seq[j] != e + 1:
                break
            e = seq[j]
            k = e - s + 1
            if k > kmax:
                break
            for sh in shapes:
                if sh.lo <= k <= sh.hi:
                    _winged_run(c, t, sh, s, e, pairable, out)


def _winged_run(
    c: list[int], t: Tables, sh: ShapeRules, s: int, e: int, pairable: list[int], out: list[Combo]
) -> None:
    """Every play of shape ``sh`` with the body ranks s..e."""
    k = e - s + 1
    body = sh.copies * t.spans[s][e]
    size = sh.unit * k
    group = t.group(sh.kind, size)
    kind = sh.kind
    n = sh.per * k
    if sh.wings is Wings.SINGLES:
        for w in _wing_sets(c, s, e, n):
            out.append(_new(Combo, (kind, body + w, e, size, group, 0)))
        return
    wings = [r for r in pairable if not s <= r <= e]
    if len(wings) < n:
        return
    for pick in combinations(wings, n):
        if t.four and pick[-1] == RJ and pick[-2] == BJ:
            continue  # the wings may not hold all four jokers
        w = 0
        for r in pick:
            w += 2 * UNIT[r]
        out.append(_new(Combo, (kind, body + w, e, size, group, 0)))


PLAN: Final[tuple[tuple[Stage, tuple[Kind, ...]], ...]] = (
    (_jokers, (K.ROCKET, K.HEAVEN_LORD)),
    (_kicker, (K.TRIO_PAIR,)),
    (_kicker, (K.TRIO_SINGLE,)),
    (_runs, (K.STRAIGHT, K.PAIR_CHAIN, K.AIRPLANE)),
    (_winged_runs, (K.AIRPLANE_SINGLES, K.AIRPLANE_PAIRS)),
    (_kicker, (K.FOUR_WITH_PAIR,)),
    (_kickers, (K.FOUR_WITH_TWO, K.FOUR_WITH_TWO_PAIRS)),
)
"""The order of generation after the sets of each rank (``Tables.sets``): each
stage builds the plays of its kinds' shapes that exist under the rules (a
rocket of six cards is a set, not a joker set). A stage with several shapes
builds, for each body, every shape in turn (except :func:`_kicker`: shape by
shape)."""

_FITS: Final[dict[Stage, Callable[[ShapeRules], bool]]] = {
    _jokers: lambda s: s.low == BJ,
    _kicker: lambda s: s.is_set and s.wings is not Wings.NONE and s.per == 1,
    _kickers: lambda s: s.is_set and s.wings is not Wings.NONE and s.per > 1,
    _runs: lambda s: not s.is_set and s.wings is Wings.NONE and s.high <= ACE,
    _winged_runs: lambda s: not s.is_set and s.wings is not Wings.NONE,
}


@lru_cache(maxsize=64)
def _plan(t: Tables) -> tuple[tuple[Stage, tuple[ShapeRules, ...]], ...]:
    """:data:`PLAN` with the shapes of ``t``'s rules (stages without any left out)."""
    out = []
    for stage, kinds in PLAN:
        fits = _FITS[stage]
        shapes = tuple(s for k in kinds for s in t.shapes if s.kind is k and fits(s))
        if shapes:
            out.append((stage, shapes))
    return tuple(out)


def follow_filter_py(combos: list[Combo], hand: Cards | None, top: Combo) -> list[Combo]:
    """The combos of ``combos`` that beat ``top`` (and, if ``hand`` is given, that
    ``hand`` contains). No per-combo function calls (the pure-Python reference of
    :func:`follow_filter`)."""
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
    return [
        x for x in combos if (x[5] or (x[4] == g and x[2] > k)) and (hg - x[1]) & GUARD == GUARD
    ]


def legal_plays_py(
    hand: Cards, rules: DouDizhuRules, top: Combo | None = None, combos: list[Combo] | None = None
) -> list[Combo]:
    """The plays of ``hand`` legal now: every distinct play when leading (``top``
    is None), else those beating ``top``. ``combos`` may pass a precomputed
    :func:`hand_combos` of ``hand`` (the pure-Python reference of :func:`legal_plays`)."""
    if combos is None:
        combos = _hand_combos_py(hand, tables(rules))
    if top is None:
        return list(combos)
    return follow_filter_py(combos, None, top)


# ----- the engine in use: compiled (chupai.doudizhu._fast) when built, else pure -----

_fast = load("chupai.doudizhu._fast")
hand_combos: Callable[[Cards, DouDizhuRules], list[Combo]]
_hand_combos: Callable[[Cards, Tables], list[Combo]]
follow_filter: Callable[[list[Combo], Cards | None, Combo], list[Combo]]
legal_plays: Callable[..., list[Combo]]
if _fast is not None:
    hand_combos = _fast.hand_combos
    _hand_combos = _fast.hand_combos_t
    follow_filter = _fast.follow_filter
    legal_plays = _fast.legal_plays
else:
    hand_combos = hand_combos_py
    _hand_combos = _hand_combos_py
    follow_filter = follow_filter_py
    legal_plays = legal_plays_py
