# The compiled move generation seen from Python: Gen holds one rules object's
# GenRules (filled from the pure Tables and movegen._plan) and a cache of the
# Combo tuples it has built; hand_combos / legal_plays / follow_filter are the
# compiled twins of the functions of chupai.doudizhu.movegen.
from cpython.long cimport PyLong_AsUnsignedLongLongMask
from cpython.ref cimport Py_DECREF, Py_INCREF, PyObject
from cpython.list cimport PyList_New, PyList_SET_ITEM
from cpython.tuple cimport PyTuple_GET_ITEM
from libc.stdint cimport uint32_t, uint64_t
from libc.stdlib cimport calloc, free

from chupai.doudizhu._fast_gen cimport (
    CC, ST_JOKERS, ST_KICKER, ST_KICKERS, ST_RUNS, ST_WINGED, Shp, buf_free, buf_init,
    gen_combos,
)

from chupai.doudizhu.combos import Combo, tables
from chupai.doudizhu.shapes import KIND_INDEX, Kind, Wings

cdef uint64_t MASK60 = ((<uint64_t>1) << 60) - 1
cdef int MAX_SLOTS = 1 << 20  # the cache stops growing here (then builds anew)



def _stage_kinds():
    # movegen imports this module: read its stages only once a Gen is built
    from chupai.doudizhu import movegen as mg

    return mg, {
        mg._jokers: ST_JOKERS,
        mg._kicker: ST_KICKER,
        mg._runs: ST_RUNS,
        mg._winged_runs: ST_WINGED,
        mg._kickers: ST_KICKERS,
    }
_TUPLE_NEW = tuple.__new__


cdef int split_cards(object cards, uint64_t* lo, uint32_t* hi) except -1:
    """Packed Python cards -> the two words of a CC (ranks 0..11, 12..14)."""
    lo[0] = PyLong_AsUnsignedLongLongMask(cards) & MASK60
    hi[0] = <uint32_t>(cards >> 60)
    return 0


cdef void fill_shape(Shp* s, object sh) except *:
    s.kind = KIND_INDEX[sh.kind]
    s.copies = sh.copies
    s.lo = sh.lo
    s.hi = sh.hi
    s.low = sh.low
    s.high = sh.high
    s.wings = sh.wings.value
    s.per = sh.per
    s.same_rank = sh.same_rank
    s.flag_pair = sh.flag_pair
    s.tier = sh.shape.tier


cdef inline uint64_t slot_hash(uint64_t lo, uint32_t hi, uint32_t tag) noexcept nogil:
    cdef uint64_t h = lo * 0x9E3779B97F4A7C15ULL ^ (<uint64_t>hi << 32 | tag) * 0xC2B2AE3D27D4EB4FULL
    return h ^ (h >> 29)


cdef class Gen:
    """One rules object's compiled generator and its cache of Combo tuples."""

    def __cinit__(self, rules):
        self.rules = rules
        t = tables(rules)
        self.kinds = list(Kind)
        self.kind_index = dict(KIND_INDEX)
        self.g.four = t.four
        self.g.match = t.match
        self.g.top_pair = 14 if t.four else 12
        mg, stage_kinds = _stage_kinds()
        plan = mg._plan(t)
        if len(plan) > 8:
            raise ValueError("too many stages")
        self.g.nstage = len(plan)
        for i, (stage, shapes) in enumerate(plan):
            self.g.stages[i].kind = stage_kinds[stage]
            self.g.stages[i].n = len(shapes)
            for j, sh in enumerate(shapes):
                fill_shape(&self.g.stages[i].sh[j], sh)
        sets = sorted(
            (s for s in t.shapes if s.is_set and s.wings is Wings.NONE), key=lambda s: s.copies
        )
        self.g.nsets = len(sets)
        for j, sh in enumerate(sets):
            fill_shape(&self.g.sets[j], sh)
        self.mask = 4095
        self.used = 0
        self.slots = <Slot*>calloc(self.mask + 1, sizeof(Slot))
        if self.slots == NULL:
            raise MemoryError()
        buf_init(&self.buf, 256)

    def __dealloc__(self):
        cdef int i
        if self.slots != NULL:
            for i in range(self.mask + 1):
                if self.slots[i].obj != NULL:
                    Py_DECREF(<object>self.slots[i].obj)
            free(self.slots)
        buf_free(&self.buf)

    cdef int _grow(self) except -1:
        cdef Slot* old = self.slots
        cdef int oldn = self.mask + 1, i
        cdef uint64_t h
        cdef Slot* new = <Slot*>calloc(2 * oldn, sizeof(Slot))
        if new == NULL:
            raise MemoryError()
        self.mask = 2 * oldn - 1
        for i in range(oldn):
            if old[i].obj != NULL:
                h = slot_hash(old[i].lo, old[i].hi, old[i].tag) & self.mask
                while new[h].obj != NULL:
                    h = (h + 1) & self.mask
                new[h] = old[i]
        free(old)
        self.slots = new
        return 0

    cdef object to_py(self, const CC* x):
        """The Combo tuple of a C combo (built once, then taken from the cache)."""
        cdef uint32_t tag = x.group | <uint32_t>x.key << 16 | <uint32_t>x.power << 24
        cdef uint64_t h = slot_hash(x.lo, x.hi, tag) & self.mask
        cdef Slot* s
        while True:
            s = &self.slots[h]
            if s.obj == NULL:
                break
            if s.lo == x.lo and s.hi == x.hi and s.tag == tag:
                return <object>s.obj
            h = (h + 1) & self.mask
        cards = (<object>x.hi) << 60 | <object>x.lo
        combo = _TUPLE_NEW(Combo, (self.kinds[x.kind], cards, x.key, x.size, x.group, x.power))
        if 2 * (self.used + 1) > self.mask + 1:
            if self.mask + 1 >= MAX_SLOTS:
                return combo
            self._grow()
            return self.to_py(x)
        Py_INCREF(combo)
        s.lo = x.lo
        s.hi = x.hi
        s.tag = tag
        s.obj = <PyObject*>combo
        self.used += 1
        return combo

    cdef int from_py(self, object combo, CC* x) except -1:
        """A Python Combo (of these rules) -> its C combo."""
        split_cards(combo[1], &x.lo, &x.hi)
        x.kind = self.kind_index[combo[0]]
        x.key = combo[2]
        x.size = combo[3]
        x.group = combo[4]
        x.power = combo[5]
        return 0

    cdef list combos_list(self, object hand):
        """movegen._hand_combos, compiled: the list of Combo tuples."""
        cdef uint64_t lo
        cdef uint32_t hi
        cdef int i
        split_cards(hand, &lo, &hi)
        self.buf.n = 0
        gen_combos(&self.g, lo, hi, &self.buf)
        out = PyList_New(self.buf.n)
        for i in range(self.buf.n):
            x = self.to_py(&self.buf.data[i])
            Py_INCREF(x)  # PyList_SET_ITEM steals a reference
            PyList_SET_ITEM(out, i, x)
        return out


cdef dict _GENS = {}
cdef object _last_rules = None
cdef Gen _last_gen = None


cdef Gen gen_for(object rules):
    """The Gen of ``rules`` (one per distinct rules value; the last one used is
    found by identity, without hashing the rules)."""
    global _last_rules, _last_gen
    if rules is _last_rules:
        return _last_gen
    gen = _GENS.get(rules)
    if gen is None:
        gen = _GENS[rules] = Gen(rules)
    _last_rules = rules
    _last_gen = gen
    return _last_gen


def hand_combos(hand, rules):
    """movegen.hand_combos, compiled."""
    return gen_for(rules).combos_list(hand)


def hand_combos_t(hand, t):
    """movegen._hand_combos (hand, Tables), compiled."""
    return gen_for(t.rules).combos_list(hand)


cdef inline long item(object x, Py_ssize_t i):
    return <long><object>PyTuple_GET_ITEM(x, i)


def follow(list combos, object top):
    """The plays of ``combos`` (Combo tuples) that beat ``top`` (follow_filter
    without a hand)."""
    cdef long p = top[5], g, k
    cdef object x
    out = []
    if p:
        for x in combos:
            if item(x, 5) > p:
                out.append(x)
        return out
    g = top[4]
    k = top[2]
    for x in combos:
        if item(x, 5) or (item(x, 4) == g and item(x, 2) > k):
            out.append(x)
    return out


def held(list combos, hand):
    """The plays of ``combos`` that ``hand`` still holds (the filter of
    DouDizhuDeal.combos_of; chupai.deal.still_held)."""
    cdef uint64_t hlo, clo
    cdef uint32_t hhi, chi
    cdef object x
    split_cards(hand, &hlo, &hhi)
    out = []
    for x in combos:
        split_cards(<object>PyTuple_GET_ITEM(x, 1), &clo, &chi)
        if ((hlo + 0x842108421084210ULL - clo) & 0x842108421084210ULL) == 0x842108421084210ULL \
                and ((hhi + 0x4210 - chi) & 0x4210) == 0x4210:
            out.append(x)
    return out


def follow_filter(combos, hand, top):
    """movegen.follow_filter, compiled where it pays (no hand given)."""
    if hand is None:
        return follow(list(combos), top)
    from chupai.doudizhu.movegen import follow_filter_py

    return follow_filter_py(combos, hand, top)


def legal_plays(hand, rules, top=None, combos=None):
    """movegen.legal_plays, compiled."""
    if combos is None:
        combos = gen_for(rules).combos_list(hand)  # a new list: no copy needed
        if top is None:
            return combos
    elif top is None:
        return list(combos)
    return follow(list(combos), top)
