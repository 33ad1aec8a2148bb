# random.Random seeded from a wide int (init_by_array of up to 4 words) and its
# getrandbits(63), in C: the per-game generators of chupai.env.vector.VectorGames
# (random.Random(int of SeedSequence.generate_state(4))). Inline functions only.
from libc.stdint cimport uint32_t, uint64_t

from chupai.doudizhu._fast_mt cimport MT, mt_next


cdef inline void mt_seed_key(MT* g, const uint32_t* key, int klen, const MT* base) noexcept nogil:
    """random.Random(n) for n >= 0 whose 32-bit words, least significant first,
    are key[:klen] (klen >= 1: CPython's init_by_array), from ``base`` (mt_base)."""
    cdef int i = 1, j = 0, k
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


cdef inline uint64_t mt_bits63(MT* g) noexcept nogil:
    """Random.getrandbits(63): the first word is the low 32 bits, the second
    word's top 31 bits the high ones."""
    cdef uint64_t lo = mt_next(g)
    cdef uint64_t hi = mt_next(g) >> 1
    return lo | (hi << 32)
