# Small C helpers of the compiled batched runner (_fast_vec.pyx): packed card
# sets split in two words as in _fast_gen (ranks 0..11 in lo, 12..14 in hi), the
# history entry, a game's slots, the id table of the plays, the float blocks
# of the planes. Inline functions only.
from libc.stdint cimport int64_t, uint32_t, uint64_t
from libc.stdlib cimport realloc

from chupai.doudizhu._fast_deal cimport MAXP
from chupai.doudizhu._fast_gen cimport CC, LOW_RANKS, NR


cdef enum:
    HISTORY = 8          # codec.HISTORY_LENGTH


cdef struct Ent:
    # one entry of the play phase's history (Codec.recent): a play or a pass
    uint64_t lo
    uint32_t hi
    int seat
    int is_pass


cdef struct GS:
    # what a game's row needs beyond the FastDeal state (DouDizhuDeal slots)
    uint64_t seed        # the current deal's seed, dealer and D (for replays)
    int dealer
    int doubled
    int first_bidder
    int marker           # the marker card's rank
    int kitty_taken
    int leader           # -1: None
    uint64_t plo[MAXP]   # cards played per seat
    uint32_t phi[MAXP]
    Ent hist[HISTORY]    # the last HISTORY entries, a ring
    int nhist            # entries so far this deal
    int64_t steps        # actions of the episode so far
    int* ids             # the ids of the legal actions, in their order
    int nids
    int idcap
    int* log             # the ids applied in this deal (for deal(i))
    int nlog
    int logcap


cdef struct Key:
    uint64_t lo
    uint32_t hi
    uint32_t tag
    int id


cdef inline uint64_t key_hash(uint64_t lo, uint32_t hi, uint32_t tag) noexcept nogil:
    cdef uint64_t h = lo * 0x9E3779B97F4A7C15ULL
    h ^= (<uint64_t>hi << 32 | tag) * 0xC2B2AE3D27D4EB4FULL
    return h ^ (h >> 29)


cdef inline uint32_t cc_tag(const CC* x) noexcept nogil:
    return x.group | <uint32_t>x.key << 16 | <uint32_t>x.kind << 24


cdef inline int grow(int** buf, int* cap, int n) except -1:
    if n > cap[0]:
        cap[0] = n + 64
        buf[0] = <int*>realloc(buf[0], cap[0] * sizeof(int))
        if buf[0] == NULL:
            raise MemoryError()
    return 0


cdef inline int size_of(uint64_t lo, uint32_t hi) noexcept nogil:
    cdef int r, k = 0
    for r in range(LOW_RANKS):
        k += (lo >> (5 * r)) & 31
    for r in range(NR - LOW_RANKS):
        k += (hi >> (5 * r)) & 31
    return k


cdef inline void sat_sub(uint64_t alo, uint32_t ahi, uint64_t blo, uint32_t bhi,
                         uint64_t* lo, uint32_t* hi) noexcept nogil:
    """planes.sat_sub: per field max(0, a - b)."""
    cdef int r
    cdef int64_t a, b
    lo[0] = 0
    hi[0] = 0
    for r in range(LOW_RANKS):
        a = (alo >> (5 * r)) & 31
        b = (blo >> (5 * r)) & 31
        if a > b:
            lo[0] |= <uint64_t>(a - b) << (5 * r)
    for r in range(NR - LOW_RANKS):
        a = (ahi >> (5 * r)) & 31
        b = (bhi >> (5 * r)) & 31
        if a > b:
            hi[0] |= <uint32_t>(a - b) << (5 * r)


cdef inline void add_card(uint64_t* lo, uint32_t* hi, int r) noexcept nogil:
    if r < 12:
        lo[0] += (<uint64_t>1) << (5 * r)
    else:
        hi[0] += (<uint32_t>1) << (5 * (r - 12))


cdef struct F4:
    float v[4]


cdef struct F8:
    float v[8]


cdef inline int kth_smallest(int* a, int n, int k) noexcept nogil:
    """The k-th smallest (from 0) of the distinct values a[:n] (quickselect; a is
    reordered)."""
    cdef int lo = 0, hi = n - 1, pivot, i, j, t
    while lo < hi:
        pivot = a[(lo + hi) >> 1]
        i = lo
        j = hi
        while i <= j:
            while a[i] < pivot:
                i += 1
            while a[j] > pivot:
                j -= 1
            if i <= j:
                t = a[i]
                a[i] = a[j]
                a[j] = t
                i += 1
                j -= 1
        if k <= j:
            hi = j
        elif k >= i:
            lo = i
        else:
            return a[k]
    return a[k]
