# The shuffle of Python's random.Random in C: MT19937 seeded as random.seed(int)
# seeds it (init_by_array of the seed's 32-bit words), randrange(n) and shuffle()
# as Random._randbelow_with_getrandbits and Random.shuffle draw. It deals exactly
# the hands of chupai.bigtwo.game.deal_cards. Inline functions only: cimport it.
from libc.stdint cimport uint32_t, uint64_t


cdef struct MT:
    uint32_t mt[624]
    int mti
    int lazy    # after seeding: words 0..226 of the first twist are made when read


cdef inline void mt_init_genrand(MT* r, uint32_t s) noexcept nogil:
    cdef int i
    r.mt[0] = s
    for i in range(1, 624):
        r.mt[i] = <uint32_t>(1812433253U * (r.mt[i - 1] ^ (r.mt[i - 1] >> 30)) + <uint32_t>i)
    r.mti = 624
    r.lazy = 0


cdef inline uint32_t mt_twist(const uint32_t* mt, int kk, int nxt, int far) noexcept nogil:
    cdef uint32_t y = (mt[kk] & 0x80000000U) | (mt[nxt] & 0x7fffffffU)
    return mt[far] ^ (y >> 1) ^ (0x9908b0dfU if y & 1 else 0U)


cdef inline void mt_seed(MT* r, uint64_t seed) noexcept nogil:
    """random.seed(seed) for 0 <= seed < 2**64 (key: the 32-bit words, low first)."""
    cdef uint32_t key[2]
    cdef int klen = 1, i = 1, j = 0, k
    key[0] = <uint32_t>seed
    key[1] = <uint32_t>(seed >> 32)
    if key[1]:
        klen = 2
    mt_init_genrand(r, 19650218U)
    k = 624 if 624 > klen else klen
    while k:
        r.mt[i] = <uint32_t>((r.mt[i] ^ ((r.mt[i - 1] ^ (r.mt[i - 1] >> 30)) * 1664525U))
                             + key[j] + <uint32_t>j)
        i += 1
        j += 1
        if i >= 624:
            r.mt[0] = r.mt[623]
            i = 1
        if j >= klen:
            j = 0
        k -= 1
    k = 623
    while k:
        r.mt[i] = <uint32_t>((r.mt[i] ^ ((r.mt[i - 1] ^ (r.mt[i - 1] >> 30)) * 1566083941U))
                             - <uint32_t>i)
        i += 1
        if i >= 624:
            r.mt[0] = r.mt[623]
            i = 1
        k -= 1
    r.mt[0] = 0x80000000U
    r.mti = 0
    r.lazy = 1


cdef inline uint32_t mt_next(MT* r) noexcept nogil:
    # genrand_uint32. The twist makes word kk from the old words kk, kk + 1 and
    # kk + 397 (for kk < 227): the first twist after seeding makes those words one
    # at a time as they are read (a deal reads about 60), then the rest at once.
    cdef uint32_t y
    cdef int kk
    if r.lazy:
        kk = r.mti
        if kk < 227:
            r.mt[kk] = mt_twist(r.mt, kk, kk + 1, kk + 397)
        else:
            for kk in range(r.mti, 623):
                r.mt[kk] = mt_twist(r.mt, kk, kk + 1, kk - 227)
            r.mt[623] = mt_twist(r.mt, 623, 0, 396)
            r.lazy = 0
    elif r.mti >= 624:
        for kk in range(227):
            r.mt[kk] = mt_twist(r.mt, kk, kk + 1, kk + 397)
        for kk in range(227, 623):
            r.mt[kk] = mt_twist(r.mt, kk, kk + 1, kk - 227)
        r.mt[623] = mt_twist(r.mt, 623, 0, 396)
        r.mti = 0
    y = r.mt[r.mti]
    r.mti += 1
    y ^= y >> 11
    y ^= (y << 7) & 0x9d2c5680U
    y ^= (y << 15) & 0xefc60000U
    y ^= y >> 18
    return y


cdef inline int mt_below(MT* r, int n) noexcept nogil:
    """Random._randbelow_with_getrandbits(n), 1 <= n < 2**31."""
    cdef int k = 0, v = n
    cdef uint32_t x
    while v:
        k += 1
        v >>= 1
    x = mt_next(r) >> (32 - k)
    while x >= <uint32_t>n:
        x = mt_next(r) >> (32 - k)
    return <int>x


cdef inline void mt_shuffle(MT* r, int* deck, int n) noexcept nogil:
    """Random.shuffle."""
    cdef int i, j, tmp
    for i in range(n - 1, 0, -1):
        j = mt_below(r, i + 1)
        tmp = deck[i]
        deck[i] = deck[j]
        deck[j] = tmp
