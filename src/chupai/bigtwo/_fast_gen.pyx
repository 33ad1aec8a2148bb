# Big Two move generation in C: gen_combos mirrors chupai.bigtwo.movegen.hand_combos
# part by part (same combinations, same order, same keys), writing ComboC structs.
from libc.stdint cimport int64_t, uint64_t
from libc.stdlib cimport free, realloc


cdef extern from *:
    int popcount "__builtin_popcountll"(unsigned long long) nogil


cdef int NC[16]  # cards in a rank nibble
for _i in range(16):
    NC[_i] = bin(_i).count("1")


cdef int buf_reserve(Buf* b, int need) except -1:
    cdef int cap
    cdef ComboC* data
    if need <= b.cap:
        return 0
    cap = b.cap * 2 if b.cap * 2 > need else need
    if cap < 64:
        cap = 64
    data = <ComboC*>realloc(b.data, cap * sizeof(ComboC))
    if data == NULL:
        raise MemoryError()
    b.data = data
    b.cap = cap
    return 0


cdef void buf_free(Buf* b) noexcept:
    free(b.data)
    b.data = NULL
    b.n = b.cap = 0


cdef inline int emit(Buf* b, int kind, uint64_t mask, int64_t key, int group) except -1:
    if b.n == b.cap:
        buf_reserve(b, b.n + 1)
    cdef ComboC* c = &b.data[b.n]
    c.mask = mask
    c.key = key
    c.kind = kind
    c.group = group
    b.n += 1
    return 0


cdef inline int top_suit(int sub, const int* ss) noexcept nogil:
    # movegen._top_suit: the strongest suit of a rank nibble
    cdef int s, best = -1
    for s in range(4):
        if sub >> s & 1 and ss[s] > best:
            best = ss[s]
    return best


cdef inline int64_t flush_key(const GenTables* t, const int* ranks, int suit) noexcept nogil:
    # Tables.flush_key_ranks (ranks high to low)
    cdef int64_t lex = 0
    cdef int i, ss = t.ss[suit]
    if t.flush_compare == FC_TOP_CARD:
        return ranks[0] * 4 + ss
    for i in range(5):
        lex = lex * 13 + ranks[i]
    if t.flush_compare == FC_SUIT_FIRST:
        return ss * 371293 + lex  # 13**5
    return lex * 4 + ss


cdef int gen_combos(const GenTables* t, uint64_t hand, Buf* out) except -1:
    """hand_combos: singles, the sets of each rank, two pairs (and kickers), full
    houses, four of a kind with each kicker, straights (and straight flushes), flushes."""
    cdef int nib[13]
    cdef int pr[78]
    cdef int ps[78]
    cdef int tr[52]
    cdef int ts[52]
    cdef int qr[13]
    cdef int np = 0, nt = 0, nq = 0
    cdef int r, s, v, sub, i, j
    out.n = 0
    for r in range(13):
        nib[r] = (hand >> (4 * r)) & 15
    # singles
    for r in range(13):
        v = nib[r]
        for s in range(4):
            if v >> s & 1:
                emit(out, K_SINGLE, (<uint64_t>1) << (4 * r + s), t.cs[4 * r + s], t.grp[K_SINGLE])
    # movegen._sets: pairs, triples, quads of each rank
    for r in range(13):
        v = nib[r]
        if v & (v - 1) == 0:
            continue
        for sub in range(16):
            if sub & v == sub and NC[sub] == 2:
                pr[np] = r
                ps[np] = sub
                np += 1
                emit(out, K_PAIR, (<uint64_t>sub) << (4 * r), r * 4 + top_suit(sub, t.ss),
                     t.grp[K_PAIR])
        if NC[v] < 3:
            continue
        for sub in range(16):
            if sub & v == sub and NC[sub] == 3:
                tr[nt] = r
                ts[nt] = sub
                nt += 1
                if t.allows[K_TRIPLE]:
                    emit(out, K_TRIPLE, (<uint64_t>sub) << (4 * r), r, t.grp[K_TRIPLE])
        if v == 15:
            qr[nq] = r
            nq += 1
            if t.allows[K_QUAD]:
                emit(out, K_QUAD, (<uint64_t>15) << (4 * r), r, t.grp[K_QUAD])
    if t.allows[K_TWO_PAIR] or t.allows[K_KICKER]:
        _two_pairs(t, hand, pr, ps, np, out)
    # movegen._full_houses
    cdef uint64_t tm, qm, rest, low
    if nt and np:
        for i in range(nt):
            tm = (<uint64_t>ts[i]) << (4 * tr[i])
            for j in range(np):
                if pr[j] != tr[i]:
                    emit(out, K_FULL_HOUSE, tm | ((<uint64_t>ps[j]) << (4 * pr[j])),
                         t.off[K_FULL_HOUSE] + tr[i], t.grp[K_FULL_HOUSE])
    # movegen._with_kicker
    for i in range(nq):
        qm = (<uint64_t>15) << (4 * qr[i])
        rest = hand & ~qm
        while rest:
            low = rest & (~rest + 1)
            emit(out, K_FOUR, qm | low, t.off[K_FOUR] + qr[i], t.grp[K_FOUR])
            rest ^= low
    _straights(t, nib, out)
    if t.allows[K_FLUSH]:
        _flushes(t, hand, out)
    return 0


cdef int _two_pairs(const GenTables* t, uint64_t hand, const int* pr, const int* ps, int np,
                    Buf* out) except -1:
    # movegen._two_pairs: two pairs of different ranks, then each kicker
    cdef int i, j, r1, s1, r2, s2, hi_r, hi_s, lo_r
    cdef int64_t key
    cdef uint64_t pm, rest, low
    for i in range(np):
        r1 = pr[i]
        s1 = ps[i]
        for j in range(i + 1, np):
            r2 = pr[j]
            s2 = ps[j]
            if r2 == r1:
                continue
            if r1 > r2:
                hi_r, hi_s, lo_r = r1, s1, r2
            else:
                hi_r, hi_s, lo_r = r2, s2, r1
            key = (hi_r * 13 + lo_r) * 4 + top_suit(hi_s, t.ss)
            pm = ((<uint64_t>s1) << (4 * r1)) | ((<uint64_t>s2) << (4 * r2))
            if t.allows[K_TWO_PAIR]:
                emit(out, K_TWO_PAIR, pm, key, t.grp[K_TWO_PAIR])
            if t.allows[K_KICKER]:
                rest = hand & ~(((<uint64_t>15) << (4 * r1)) | ((<uint64_t>15) << (4 * r2)))
                while rest:
                    low = rest & (~rest + 1)
                    emit(out, K_KICKER, pm | low, t.off[K_KICKER] + key, t.grp[K_KICKER])
                    rest ^= low
    return 0


cdef int _straights(const GenTables* t, const int* nib, Buf* out) except -1:
    # movegen._straights: by the rules' straight ranking, suits in product order
    cdef int rank_bits = 0, i, r, k, a, b, c, d, e
    cdef int s[5]
    cdef const int* ranks
    cdef int64_t key
    cdef uint64_t m
    for r in range(13):
        if nib[r]:
            rank_bits |= 1 << r
    for i in range(t.n_straights):
        if t.st_bits[i] & rank_bits != t.st_bits[i]:
            continue
        ranks = t.st_ranks[i]
        for a in range(4):
            if not nib[ranks[0]] >> a & 1:
                continue
            for b in range(4):
                if not nib[ranks[1]] >> b & 1:
                    continue
                for c in range(4):
                    if not nib[ranks[2]] >> c & 1:
                        continue
                    for d in range(4):
                        if not nib[ranks[3]] >> d & 1:
                            continue
                        for e in range(4):
                            if not nib[ranks[4]] >> e & 1:
                                continue
                            s[0], s[1], s[2], s[3], s[4] = a, b, c, d, e
                            m = 0
                            for k in range(5):
                                m |= (<uint64_t>1) << (4 * ranks[k] + s[k])
                            key = t.st_pos[i] * 4 + t.ss[s[t.st_tb_index[i]]]
                            if a == b and a == c and a == d and a == e:
                                emit(out, K_SF, m, t.off[K_SF] + key, t.grp[K_SF])
                            else:
                                emit(out, K_STRAIGHT, m, t.off[K_STRAIGHT] + key,
                                     t.grp[K_STRAIGHT])
    return 0


cdef int _flushes(const GenTables* t, uint64_t hand, Buf* out) except -1:
    # movegen._flushes: five cards of one suit (ranks high to low, in
    # itertools.combinations order) that are not a straight
    cdef int s, r, n, rb
    cdef int rp[13]
    cdef int pick[5]
    cdef int a, b, c, d, e, k
    cdef uint64_t m
    for s in range(4):
        n = 0
        for r in range(12, -1, -1):
            if hand >> (4 * r + s) & 1:
                rp[n] = r
                n += 1
        if n < 5:
            continue
        for a in range(n):
            for b in range(a + 1, n):
                for c in range(b + 1, n):
                    for d in range(c + 1, n):
                        for e in range(d + 1, n):
                            pick[0] = rp[a]
                            pick[1] = rp[b]
                            pick[2] = rp[c]
                            pick[3] = rp[d]
                            pick[4] = rp[e]
                            rb = 0
                            m = 0
                            for k in range(5):
                                rb |= 1 << pick[k]
                                m |= (<uint64_t>1) << (4 * pick[k] + s)
                            if t.straight_pos[rb] >= 0:
                                continue
                            emit(out, K_FLUSH, m, t.off[K_FLUSH] + flush_key(t, pick, s),
                                 t.grp[K_FLUSH])
    return 0


cdef int fill_tables(GenTables* t, object rules) except -1:
    """Copy the Python Tables of ``rules`` (chupai.bigtwo.combos.tables) into ``t``."""
    from chupai.bigtwo.combos import ComboKind, tables
    from chupai.bigtwo.rules import FlushCompare

    py = tables(rules)
    kinds = list(ComboKind)
    assert [kind.name for kind in kinds] == [
        "SINGLE", "PAIR", "TRIPLE", "STRAIGHT", "FLUSH", "FULL_HOUSE", "FOUR_OF_A_KIND",
        "STRAIGHT_FLUSH", "TWO_PAIR_KICKER", "TWO_PAIR", "QUAD"]
    cdef int i, k
    for i in range(4):
        t.ss[i] = py.suit_strength[i]
    for i in range(52):
        t.cs[i] = py.card_strength[i]
    for i in range(N_KINDS):
        t.allows[i] = bool(py.allows[kinds[i]])
        t.off[i] = py.kind_offset[kinds[i]]
        t.grp[i] = py.kind_group[kinds[i]]
    for i in range(8192):
        t.straight_pos[i] = -1
    t.n_straights = len(py.straights)
    for i, st in enumerate(py.straights):
        for k in range(5):
            t.st_ranks[i][k] = st.ranks[k]
        t.st_bits[i] = st.rank_bits
        t.st_pos[i] = st.position
        t.st_tb_index[i] = st.ranks.index(st.tiebreak_rank)
        t.straight_pos[st.rank_bits] = st.position
    t.flush_compare = {
        FlushCompare.CARD_BY_CARD: FC_CARD_BY_CARD,
        FlushCompare.TOP_CARD: FC_TOP_CARD,
        FlushCompare.SUIT_FIRST: FC_SUIT_FIRST,
    }[py.flush_compare]
    t.same_type = bool(py.same_type)
    t.over_small = bool(py.monster_over_small)
    t.n_sf = len(py.straight_flush_masks)
    for i, m in enumerate(py.straight_flush_masks):
        t.sf_masks[i] = m
    return 0


# ----- Python values ----------------------------------------------------------------

from cpython.ref cimport PyObject, PyTypeObject, Py_INCREF


cdef extern from "Python.h":
    PyObject* PyType_GenericAlloc(PyTypeObject* t, Py_ssize_t n) except NULL
    void tuple_set "PyTuple_SET_ITEM"(PyObject* p, Py_ssize_t i, PyObject* o)
    PyObject* long_u "PyLong_FromUnsignedLongLong"(unsigned long long v) except NULL
    PyObject* long_ll "PyLong_FromLongLong"(long long v) except NULL
    PyObject* long_l "PyLong_FromLong"(long v) except NULL


cdef inline int ctz(uint64_t m) noexcept nogil:
    return __builtin_ctzll(m)


cdef extern from *:
    int __builtin_ctzll(unsigned long long) nogil


cdef inline int set_index(int kind, int rank, int sub) noexcept nogil:
    return (0 if kind == K_PAIR else 208 if kind == K_TRIPLE else 416) + rank * 16 + sub


cdef class Gen:
    def __cinit__(self, rules):
        from chupai.bigtwo.combos import Combo, ComboKind

        fill_tables(&self.t, rules)
        self.rules = rules
        self.combo_type = Combo
        self.kinds = list(ComboKind)
        self.singles = [None] * 52
        self.sets = [None] * (416 + 13 * 16)
        # every single, pair, triple and quad of the pack, made once
        gen_combos(&self.t, (<uint64_t>1 << 52) - 1, &self.buf)
        cdef int i, r
        cdef ComboC* c
        for i in range(self.buf.n):
            c = &self.buf.data[i]
            if c.kind == K_SINGLE:
                self.singles[ctz(c.mask)] = self._new(c)
            elif c.kind == K_PAIR or c.kind == K_TRIPLE or c.kind == K_QUAD:
                r = ctz(c.mask) >> 2
                self.sets[set_index(c.kind, r, (c.mask >> (4 * r)) & 15)] = self._new(c)

    def __dealloc__(self):
        buf_free(&self.buf)

    cdef object _new(self, const ComboC* c):
        # tuple.__new__(Combo, (kind, mask, key, group)) without the argument tuple
        cdef PyObject* o = PyType_GenericAlloc(<PyTypeObject*>self.combo_type, 4)
        cdef PyObject* kind = <PyObject*>self.kinds[c.kind]
        Py_INCREF(<object>kind)
        tuple_set(o, 0, kind)
        tuple_set(o, 1, long_u(c.mask))
        tuple_set(o, 2, long_ll(c.key))
        tuple_set(o, 3, long_l(c.group))
        result = <object>o
        Py_DECREF_(o)
        return result

    cdef object make(self, const ComboC* c):
        """The Combo of ``c`` (the shared object for singles and one-rank sets)."""
        cdef int k = c.kind, r
        if k == K_SINGLE:
            return self.singles[ctz(c.mask)]
        if k == K_PAIR or k == K_TRIPLE or k == K_QUAD:
            r = ctz(c.mask) >> 2
            return self.sets[set_index(k, r, (c.mask >> (4 * r)) & 15)]
        return self._new(c)

    cdef int to_c(self, object combo, ComboC* out) except -1:
        """A Python Combo as a ComboC (its kind by index)."""
        cdef tuple tup = <tuple>combo
        out.mask = tup[1]
        out.key = tup[2]
        out.group = tup[3]
        out.kind = self.kinds.index(tup[0])
        return 0


cdef extern from "Python.h":
    void Py_DECREF_ "Py_DECREF"(PyObject* o)


cdef Gen _last = None
cdef dict _gens = {}


cdef Gen gen_for(object rules):
    """The Gen of ``rules`` (one per rules object, kept while it lives in the cache)."""
    global _last
    if _last is not None and _last.rules is rules:
        return _last
    key = id(rules)
    g = _gens.get(key)
    if g is None or (<Gen>g).rules is not rules:
        if len(_gens) > 256:
            _gens.clear()
        g = Gen(rules)
        _gens[key] = g
    _last = <Gen>g
    return _last
