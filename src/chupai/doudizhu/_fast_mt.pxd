# CPython's random.Random (MT19937, seeded from an int, randrange and shuffle)
# in C, so that compiled deals are dealt exactly as dealing.deal_cards deals
# them. Inline functions only: cimport it, no module.
from libc.stdint cimport uint32_t, uint64_t


cdef struct MT:
    uint32_t mt[624]
    int mti


cdef inline void _init_genrand(MT* g, uint32_t s) noexcept nogil:
    cdef int i
    g.mt[0] = s
    for i in range(1, 624):
        g.mt[i] = <uint32_t>(1812433253u * (g.mt[i - 1] ^ (g.mt[i - 1] >> 30)) + <uint32_t>i)
    g.mti = 624


cdef inline void mt_base(MT* g) noexcept nogil:
    """The state init_by_array starts from: init_genrand(19650218), the same for
    every seed (computed once by the caller)."""
    _init_genrand(g, 19650218u)


cdef inline void mt_seed(MT* g, uint64_t seed, const MT* base) noexcept nogil:
    """random.Random(seed) for an int 0 <= seed < 2**64 (init_by_array of its
    32-bit words, least significant first), from ``base`` (mt_base)."""
    cdef uint32_t key[2]
    cdef int klen = 2 if seed >> 32 else 1
    cdef int i = 1, j = 0, k
    key[0] = <uint32_t>seed
    key[1] = <uint32_t>(seed >> 32)
    g[0] = base[0]
    k = 624 if 624 > klen else klen
    while k:
        g.mt[i] = <uint32_t>((g.mt[i] ^ ((g.mt[i - 1] ^ (g.mt[i - 1] >> 30)) * 1664525u))
                             + key[j] + <uint32_t>j)
        i += 1
        j += 1
        if i >= 624:
            g.mt[0] = g.mt[623]
            i = 1
        if j >= klen:
            j = 0
        k -= 1
    k = 623
    while k:
        g.mt[i] = <uint32_t>((g.mt[i] ^ ((g.mt[i - 1] ^ (g.mt[i - 1] >> 30)) * 1566083941u))
                             - <uint32_t>i)
        i += 1
        if i >= 624:
            g.mt[0] = g.mt[623]
            i = 1
        k -= 1
    g.mt[0] = 0x80000000u
    g.mti = 624


cdef inline uint32_t mt_next(MT* g) noexcept nogil:
    """genrand_uint32"""
    cdef uint32_t y
    cdef int kk
    if g.mti >= 624:
        for kk in range(624 - 397):
            y = (g.mt[kk] & 0x80000000u) | (g.mt[kk + 1] & 0x7fffffffu)
            g.mt[kk] = g.mt[kk + 397] ^ (y >> 1) ^ (0x9908b0dfu if y & 1 else 0u)
        for kk in range(624 - 397, 623):
            y = (g.mt[kk] & 0x80000000u) | (g.mt[kk + 1] & 0x7fffffffu)
            g.mt[kk] = g.mt[kk + (397 - 624)] ^ (y >> 1) ^ (0x9908b0dfu if y & 1 else 0u)
        y = (g.mt[623] & 0x80000000u) | (g.mt[0] & 0x7fffffffu)
        g.mt[623] = g.mt[396] ^ (y >> 1) ^ (0x9908b0dfu if y & 1 else 0u)
        g.mti = 0
    y = g.mt[g.mti]
    g.mti += 1
    y ^= y >> 11
    y ^= (y << 7) & 0x9d2c5680u
    y ^= (y << 15) & 0xefc60000u
    y ^= y >> 18
    return y


cdef inline int mt_below(MT* g, int n) noexcept nogil:
    """Random._randbelow_with_getrandbits(n), 1 <= n < 2**31."""
    cdef int k = 0, r
    while (n >> k) != 0:
        k += 1
    r = <int>(mt_next(g) >> (32 - k))
    while r >= n:
        r = <int>(mt_next(g) >> (32 - k))
    return r


cdef inline void deal_stock(MT* g, int packs, int players, int hand, int* stock,
                            int* dealer, int* marker_index) noexcept nogil:
    """dealing.deal_cards with dealer=None: the dealer, the shuffled stock and the
    marker position."""
    cdef int r, c, n = 0, i, j, t
    dealer[0] = mt_below(g, players)
    for r in range(13):
        for c in range(4 * packs):
            stock[n] = r
            n += 1
    for r in range(13, 15):
        for c in range(packs):
            stock[n] = r
            n += 1
    i = n - 1
    while i >= 1:  # Random.shuffle
        j = mt_below(g, i + 1)
        t = stock[i]
        stock[i] = stock[j]
        stock[j] = t
        i -= 1
    marker_index[0] = mt_below(g, players * hand)
