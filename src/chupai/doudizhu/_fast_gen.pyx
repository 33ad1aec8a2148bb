# The compiled twin of chupai.doudizhu.movegen._hand_combos: every distinct play
# of a hand, in the same order, as C structs (CC). Each function below mirrors the
# pure function named in its comment; the rules come in a GenRules struct that
# _fast.pyx fills from the pure Tables (movegen._plan), so every preset and
# option is covered by the same code.
from libc.stdint cimport uint8_t, uint16_t, uint32_t, uint64_t
from libc.stdlib cimport free, malloc, realloc

cdef uint64_t ULO[NR]
cdef uint32_t UHI[NR]
cdef int _r
for _r in range(NR):  # combos.UNIT split in two words
    ULO[_r] = (<uint64_t>1) << (5 * _r) if _r < LOW_RANKS else 0
    UHI[_r] = (<uint32_t>1) << (5 * (_r - LOW_RANKS)) if _r >= LOW_RANKS else 0


# ----- the output buffer ----------------------------------------------------------

cdef int buf_init(Buf* b, int cap) except -1:
    b.data = <CC*>malloc(cap * sizeof(CC))
    if b.data == NULL:
        raise MemoryError()
    b.n = 0
    b.cap = cap
    return 0


cdef void buf_free(Buf* b) noexcept:
    free(b.data)
    b.data = NULL
    b.n = b.cap = 0


cdef int _grow(Buf* b) except -1:
    cdef int cap = b.cap * 2 if b.cap else 64
    cdef CC* d = <CC*>realloc(b.data, cap * sizeof(CC))
    if d == NULL:
        raise MemoryError()
    b.data = d
    b.cap = cap
    return 0


cdef inline int push(Buf* b, int kind, uint64_t lo, uint32_t hi, int key, int size,
                     int group, int power) except -1:
    """out.append(Combo(kind, cards, key, size, group, power))"""
    if b.n == b.cap:
        _grow(b)
    cdef CC* x = &b.data[b.n]
    x.lo = lo
    x.hi = hi
    x.kind = kind
    x.key = key
    x.size = size
    x.group = group
    x.power = power
    b.n += 1
    return 0


cdef inline int group_of(const GenRules* g, int kind, int size, int paired) noexcept nogil:
    """Tables.group"""
    return kind << 8 | size << 1 | (paired if g.match else 0)


cdef inline int power_of(const Shp* sh, int key) noexcept nogil:
    """ShapeRules.power"""
    if sh.tier == 15:
        return 255
    return sh.tier * 16 + key if sh.tier else 0


cdef inline int unit_of(const Shp* sh) noexcept nogil:
    return sh.copies + sh.per * sh.wings


cdef inline bint any_at_least(const int* c, int m, int low, int high) noexcept nogil:
    """movegen.at_least(hand, m, low, high) != 0"""
    cdef int r
    for r in range(low, high + 1):
        if c[r] >= m:
            return True
    return False


# ----- the stages of movegen.PLAN -----------------------------------------------

cdef int _jokers(const GenRules* g, const Stage* st, const int* c, Buf* out) except -1:
    """movegen._jokers"""
    cdef int i, m
    cdef const Shp* sh
    for i in range(st.n):
        sh = &st.sh[i]
        m = sh.copies
        if c[BJ_] >= m and c[RJ_] >= m:
            push(out, sh.kind, 0, m * (UHI[BJ_] + UHI[RJ_]), RJ_, 2 * m,
                 group_of(g, sh.kind, 2 * m, 0), power_of(sh, RJ_))
    return 0


cdef int _kicker(const GenRules* g, const Stage* st, const int* c, const int* present,
                 int np, const int* pairable, int npair, Buf* out) except -1:
    """movegen._kicker: a set with one kicker, shape by shape, body rank by rank"""
    cdef int i, j, q, b, m, w, size, grp, npool
    cdef const int* pool
    cdef const Shp* sh
    for i in range(st.n):
        sh = &st.sh[i]
        m = sh.copies
        if not any_at_least(c, m, sh.low, sh.high):
            continue
        w = sh.wings
        size = unit_of(sh)
        grp = group_of(g, sh.kind, size, 0)
        if w == W_PAIRS:
            pool, npool = pairable, npair
        else:
            pool, npool = present, np
        for j in range(np):
            q = present[j]
            if c[q] >= m and sh.low <= q <= sh.high:
                for b in range(npool):
                    if pool[b] != q:
                        push(out, sh.kind, m * ULO[q] + w * ULO[pool[b]],
                             m * UHI[q] + w * UHI[pool[b]], q, size, grp, 0)
    return 0


cdef int _runs(const GenRules* g, const Stage* st, const int* c, Buf* out) except -1:
    """movegen._runs and _chains: every chain inside each maximal run of ranks
    holding enough cards (Tables.run_lists order: by start, then end)."""
    cdef int i, r, start, a, b, s, e, m, emax
    cdef uint64_t lo
    cdef uint32_t hi
    cdef const Shp* sh
    for i in range(st.n):
        sh = &st.sh[i]
        m = sh.copies
        start = -1
        for r in range(sh.low, sh.high + 2):
            if r <= sh.high and c[r] >= m:
                if start < 0:
                    start = r
            elif start >= 0:
                if r - start >= sh.lo:
                    a, b = start, r - 1
                    for s in range(a, b + 1):
                        emax = s + sh.hi - 1
                        if emax > ACE_:
                            emax = ACE_
                        if emax > b:
                            emax = b
                        lo = 0
                        hi = 0
                        for e in range(s, emax + 1):
                            lo += m * ULO[e]
                            hi += m * UHI[e]
                            if e >= s + sh.lo - 1:
                                push(out, sh.kind, lo, hi, e, m * (e - s + 1),
                                     group_of(g, sh.kind, m * (e - s + 1), 0), 0)
                start = -1
    return 0


cdef struct Wing:
    # what one _winged_run call shares with its wing enumeration
    Buf* out
    uint64_t blo
    uint32_t bhi
    int kind
    int key
    int size
    int group
    int skip_rank    # wings holding 3 of this rank are skipped (-1: none)
    int navail
    int avail[NR]
    int mx[NR]


cdef int _wing_dfs(Wing* w, int i, int room, uint64_t lo, uint32_t hi) except -1:
    """movegen._wing_sets: the multisets of ``room`` more wings from avail[i:], in
    the order the pure code grows them (count of the first rank slowest)."""
    cdef int j, r, top
    if i == w.navail:
        if room == 0:
            if w.skip_rank >= 0 and count_of(lo, hi, w.skip_rank) == 3:
                return 0
            push(w.out, w.kind, w.blo + lo, w.bhi + hi, w.key, w.size, w.group, 0)
        return 0
    r = w.avail[i]
    top = w.mx[i] if w.mx[i] < room else room
    for j in range(top + 1):
        _wing_dfs(w, i + 1, room - j, lo + j * ULO[r], hi + j * UHI[r])
    return 0


cdef int _combos_of(const GenRules* g, const Shp* sh, Buf* out, const int* pool, int npool,
                    int k, int width, bint no_jokers, uint64_t blo, uint32_t bhi, int key,
                    int size, int grp) except -1:
    """itertools.combinations(pool, k) with ``width`` cards of each picked rank
    added to the body; skipping picks that hold BJ and RJ when ``no_jokers``."""
    cdef int idx[NR]
    cdef int i, j, r
    cdef uint64_t lo
    cdef uint32_t hi
    cdef bint bj, rj
    if k > npool or k <= 0:
        return 0
    for i in range(k):
        idx[i] = i
    while True:
        lo, hi = blo, bhi
        bj = rj = False
        for i in range(k):
            r = pool[idx[i]]
            lo += width * ULO[r]
            hi += width * UHI[r]
            bj |= r == BJ_
            rj |= r == RJ_
        if not (no_jokers and bj and rj):
            push(out, sh.kind, lo, hi, key, size, grp, 0)
        i = k - 1
        while i >= 0 and idx[i] == i + npool - k:
            i -= 1
        if i < 0:
            return 0
        idx[i] += 1
        for j in range(i + 1, k):
            idx[j] = idx[j - 1] + 1


cdef int _winged_run(const GenRules* g, const Shp* sh, const int* c, int s, int e,
                     const int* pairable, int npair, Buf* out) except -1:
    """movegen._winged_run: every play of shape ``sh`` with the body ranks s..e."""
    cdef int k = e - s + 1
    cdef int n = sh.per * k
    cdef int size = unit_of(sh) * k
    cdef int r, npool = 0
    cdef int pool[NR]
    cdef Wing w
    w.out = out
    w.blo = 0
    w.bhi = 0
    for r in range(s, e + 1):
        w.blo += sh.copies * ULO[r]
        w.bhi += sh.copies * UHI[r]
    w.kind = sh.kind
    w.key = e
    w.size = size
    w.group = group_of(g, sh.kind, size, 0)
    if sh.wings == W_SINGLES:
        w.navail = 0
        for r in range(TWO_ + 1):
            if c[r] and not s <= r <= e:
                w.avail[w.navail] = r
                w.mx[w.navail] = c[r] if c[r] < 3 else 3
                w.navail += 1
        w.skip_rank = e + 1 if e < ACE_ and n >= 3 and c[e + 1] >= 3 else -1
        _wing_dfs(&w, 0, n, 0, 0)
        for r in range(BJ_, RJ_ + 1):  # at most one joker among the wings
            if c[r]:
                _wing_dfs(&w, 0, n - 1, ULO[r], UHI[r])
        return 0
    for r in range(npair):
        if not s <= pairable[r] <= e:
            pool[npool] = pairable[r]
            npool += 1
    _combos_of(g, sh, out, pool, npool, n, 2, g.four, w.blo, w.bhi, e, size, w.group)
    return 0


cdef int _winged_runs(const GenRules* g, const Stage* st, const int* c, const int* present,
                      int np, const int* pairable, int npair, Buf* out) except -1:
    """movegen._winged_runs: for each body s..e, each shape of the stage in turn."""
    cdef const Shp* first = &st.sh[0]
    cdef int seq[NR]
    cdef int nseq = 0, i, j, s, e, k, kmax = 0, x, r
    for r in range(first.low, first.high):
        if c[r] >= first.copies and c[r + 1] >= first.copies:
            break
    else:
        return 0  # no two adjacent body ranks
    for i in range(np):
        r = present[i]
        if c[r] >= first.copies and first.low <= r <= first.high:
            seq[nseq] = r
            nseq += 1
    for x in range(st.n):
        if st.sh[x].hi > kmax:
            kmax = st.sh[x].hi
    for i in range(nseq):
        s = e = seq[i]
        for j in range(i + 1, nseq):
            if seq[j] != e + 1:
                break
            e = seq[j]
            k = e - s + 1
            if k > kmax:
                break
            for x in range(st.n):
                if st.sh[x].lo <= k <= st.sh[x].hi:
                    _winged_run(g, &st.sh[x], c, s, e, pairable, npair, out)
    return 0


cdef int _kickers(const GenRules* g, const Stage* st, const int* c, const int* present,
                  int np, const int* pairable, int npair, Buf* out) except -1:
    """movegen._kickers and _many_kickers: sets with several kickers, for each body
    rank each shape of the stage in turn."""
    cdef const Shp* first = &st.sh[0]
    cdef const Shp* sh
    cdef int pool[NR]
    cdef int i, j, x, q, a, npool, width, size, m = first.copies
    cdef uint64_t blo
    cdef uint32_t bhi
    cdef bint jokers
    if not any_at_least(c, m, first.low, first.high):
        return 0
    for i in range(np):
        q = present[i]
        if not (c[q] >= m and first.low <= q <= first.high):
            continue
        for x in range(st.n):
            sh = &st.sh[x]
            width = sh.wings
            size = unit_of(sh)
            npool = 0
            if width == W_PAIRS:
                for j in range(npair):
                    if pairable[j] != q:
                        pool[npool] = pairable[j]
                        npool += 1
            else:
                for j in range(np):
                    if present[j] != q:
                        pool[npool] = present[j]
                        npool += 1
            jokers = npool >= 2 and pool[npool - 2] == BJ_ and pool[npool - 1] == RJ_ \
                and (width == 1 or g.four)
            blo = sh.copies * ULO[q]
            bhi = sh.copies * UHI[q]
            _combos_of(g, sh, out, pool, npool, sh.per, width, jokers, blo, bhi, q, size,
                       group_of(g, sh.kind, size, 0))
            if width == W_SINGLES and sh.same_rank:
                for j in range(npair):
                    a = pairable[j]
                    if a != q:
                        push(out, sh.kind, blo + sh.per * ULO[a], bhi + sh.per * UHI[a], q,
                             size, group_of(g, sh.kind, size, 1), 0)
    return 0


# ----- movegen._hand_combos ----------------------------------------------------------

cdef int gen_combos(const GenRules* g, uint64_t lo, uint32_t hi, Buf* out) except -1:
    """movegen._hand_combos: appends every distinct play of the hand to ``out``."""
    cdef int c[NR]
    cdef int present[NR]
    cdef int pairable[NR]
    cdef int np = 0, npair = 0, r, i, kind
    cdef const Shp* s
    cdef const Stage* st
    unpack_counts(lo, hi, c)
    for r in range(NR):
        if c[r]:
            present[np] = r
            np += 1
            if c[r] >= 2 and r <= g.top_pair:
                pairable[npair] = r
                npair += 1
    for i in range(np):  # Tables.sets[r][c[r]]
        r = present[i]
        for kind in range(g.nsets):
            s = &g.sets[kind]
            if s.low <= r <= s.high and s.copies <= c[r]:
                push(out, s.kind, s.copies * ULO[r], s.copies * UHI[r], r, s.copies,
                     group_of(g, s.kind, s.copies, 0), power_of(s, r))
    for i in range(g.nstage):
        st = &g.stages[i]
        if st.kind == ST_JOKERS:
            _jokers(g, st, c, out)
        elif st.kind == ST_KICKER:
            _kicker(g, st, c, present, np, pairable, npair, out)
        elif st.kind == ST_RUNS:
            _runs(g, st, c, out)
        elif st.kind == ST_WINGED:
            _winged_runs(g, st, c, present, np, pairable, npair, out)
        else:
            _kickers(g, st, c, present, np, pairable, npair, out)
    return 0
