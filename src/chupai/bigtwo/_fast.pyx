# The compiled core of Big Two: legal-move generation (this module) and the deal
# engine for fast play (chupai.bigtwo._fast_deal, re-exported here). Each function
# mirrors the pure one of chupai.bigtwo.movegen / chupai.bigtwo.game and gives the
# same list, in the same order, of equal Combo values.
from libc.stdint cimport int64_t, uint64_t

from chupai.bigtwo._fast_gen cimport (
    GROUP_MONSTER, Buf, ComboC, Gen, buf_free, gen_combos, gen_for,
)


cdef object _py():
    # the pure reference (chupai.bigtwo.movegen), imported when first needed:
    # movegen imports this module, which may be imported first
    from chupai.bigtwo import movegen
    return movegen

cdef extern from *:
    int popcount "__builtin_popcountll"(unsigned long long) nogil

cdef object _FULL = (1 << 52) - 1


def hand_combos(hand, rules):
    """movegen.hand_combos: every combination in ``hand``, one per card set."""
    if not (0 <= hand <= _FULL):
        return _py()._hand_combos_py(hand, rules)  # jokers or junk: the reference decides
    cdef Gen g = gen_for(rules)
    cdef Buf b = take(g)
    cdef int i
    cdef list out = []
    try:
        gen_combos(&g.t, <uint64_t>hand, &b)
        for i in range(b.n):
            out.append(g.make(&b.data[i]))
    finally:
        give_back(g, &b)
    return out


cdef inline Buf take(Gen g):
    # the Gen's scratch buffer, detached while Python objects are made (a nested
    # call, say from a finalizer, then gets a fresh one)
    cdef Buf b = g.buf
    g.buf.data = NULL
    g.buf.n = g.buf.cap = 0
    return b


cdef inline void give_back(Gen g, Buf* b) noexcept:
    if g.buf.data == NULL:
        g.buf = b[0]
    else:
        buf_free(b)


cdef inline bint c_beats(const ComboC* c, int64_t top_key, int top_group, int top_size,
                         bint same_type, bint over_small) noexcept nogil:
    # combos.beats_fn
    if c.group == top_group:
        return c.key > top_key
    if same_type and c.group == GROUP_MONSTER:
        return top_size == 5 or (over_small and top_size <= 3)
    return False


def legal_plays(hand, rules, top=None, must_contain=0, combos=None):
    """movegen.legal_plays: the plays of ``hand`` legal now (leading when ``top``
    is None, each containing ``must_contain``; else those beating ``top``)."""
    if combos is not None or not (0 <= hand <= _FULL) or not (0 <= must_contain <= _FULL):
        return _legal_from_list(hand, rules, top, must_contain, combos)
    cdef Gen g = gen_for(rules)
    cdef ComboC tc
    if top is not None:
        try:
            g.to_c(top, &tc)
        except (OverflowError, TypeError, ValueError, IndexError):
            return _legal_from_list(hand, rules, top, must_contain, combos)
    cdef Buf b = take(g)
    cdef int i, size = popcount(tc.mask) if top is not None else 0
    cdef list out = []
    cdef uint64_t mc = must_contain
    cdef ComboC* c
    try:
        gen_combos(&g.t, <uint64_t>hand, &b)
        for i in range(b.n):
            c = &b.data[i]
            if top is None:
                if c.mask & mc == mc:
                    out.append(g.make(c))
            elif c_beats(c, tc.key, tc.group, size, g.t.same_type, g.t.over_small):
                out.append(g.make(c))
    finally:
        give_back(g, &b)
    return out


def _legal_from_list(hand, rules, top, must_contain, combos):
    if combos is None or top is None:
        return _py()._legal_plays_py(hand, rules, top, must_contain, combos)
    cdef Gen g = gen_for(rules)
    cdef int64_t top_key, key
    cdef int top_group, top_size, group
    cdef tuple tup
    try:
        if not isinstance(top, tuple):
            raise TypeError
        tup = <tuple>top
        top_key = tup[2]
        top_group = tup[3]
        top_size = popcount(<uint64_t>tup[1])
    except (OverflowError, TypeError, ValueError):
        return _py()._legal_plays_py(hand, rules, top, must_contain, combos)
    cdef bint same_type = g.t.same_type, over_small = g.t.over_small
    cdef list out = []
    try:
        for c in combos:
            if not isinstance(c, tuple):
                raise TypeError
            tup = <tuple>c
            group = tup[3]
            if group == top_group:
                key = tup[2]
                if key > top_key:
                    out.append(c)
            elif same_type and group == GROUP_MONSTER:
                if top_size == 5 or (over_small and top_size <= 3):
                    out.append(c)
    except (OverflowError, TypeError, ValueError):
        return _py()._legal_plays_py(hand, rules, top, must_contain, combos)
    return out


def follow_filter(list combos, top, bint monsters, bint over_small):
    """movegen.follow_filter: the deal's follow list (before its pass): the plays of
    ``combos`` of the top's group with a higher key, then the monsters when they may
    beat it."""
    if not isinstance(top, tuple):
        return _py()._follow_filter_py(combos, top, monsters, over_small)
    cdef tuple t = <tuple>top
    top_group = t[3]
    top_key = t[2]
    cdef list out = []
    cdef tuple tup
    for c in combos:
        tup = <tuple>c
        if tup[3] == top_group and tup[2] > top_key:
            out.append(c)
    cdef int size
    if monsters and top_group != GROUP_MONSTER:
        size = popcount(<uint64_t>t[1])
        if size == 5 or (size <= 3 and over_small):
            for c in combos:
                if (<tuple>c)[3] == GROUP_MONSTER:
                    out.append(c)
    return out


from chupai.bigtwo._fast_deal import FastDeal, unsupported
from chupai.bigtwo._fast_games import c_dealing, random_games
