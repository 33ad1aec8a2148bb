# Python's random.Random in C, for compiled code that must deal exactly the cards
# Python deals: MT19937 as CPython's Modules/_randommodule.c has it, seeded from
# an int as random.seed(n) seeds it, with randrange, shuffle and getrandbits
# drawing as Random does. The same numbers, the same order, for every seed.
# Inline functions only: cimport it (from chupai._mt cimport ...), no module.
#
#   cdef MT BASE                     # once per module: the state every seeding
#   mt_base(&BASE)                   # starts from (see mt_base)
#   cdef MT g
#   mt_seed(&g, seed, &BASE)         # random.Random(seed)
#   dealer = mt_below(&g, players)   # .randrange(players)
#   mt_shuffle(&g, deck, 52)         # .shuffle(deck)
#
# Two shortcuts keep seeding cheap (a deal reads only some 60 words, while seeding
# writes the 624 words of the state three times over):
# - init_by_array always starts from init_genrand(19650218), so the caller makes
#   that state once (mt_base) and each seeding copies it;
# - the first twist after seeding makes the words as they are read (MT.lazy).
from libc.stdint cimport uint32_t, uint64_t


cdef struct MT:
    uint32_t mt[624]    # the state, mt[] in CPython
    int mti             # the index of the next word to read (624: twist first)
    int lazy            # 1 after seeding: the first twist is not made yet and
                        # words 0..226 are made one at a time as they are read


cdef inline void mt_init_genrand(MT* g, uint32_t s) noexcept nogil:
    """init_genrand(s)."""
    cdef int i
    g.mt[0] = s
    for i in range(1, 624):
        g.mt[i] = <uint32_t>(1812433253U * (g.mt[i - 1] ^ (g.mt[i - 1] >> 30)) + <uint32_t>i)
    g.mti = 624
    g.lazy = 0


cdef inline void mt_base(MT* g) noexcept nogil:
    """init_genrand(19650218): where init_by_array starts, the same for every
    seed. Make it once and hand it to mt_seed / mt_seed_key."""
    mt_init_genrand(g, 19650218U)


cdef inline void mt_seed_key(MT* g, const uint32_t* key, int klen,
                             const MT* base) noexcept nogil:
    """init_by_array(key, klen), klen >= 1, from ``base`` (mt_base): random.seed(n)
    for an int n >= 0 whose 32-bit words, least significant first, are
    key[:klen] (n == 0: one word 0)."""
    cdef int i = 1, j = 0, k
    g[0] = base[0]
    k = 624 if 624 > klen else klen
    while k:
        g.mt[i] = <uint32_t>((g.mt[i] ^ ((g.mt[i - 1] ^ (g.mt[i - 1] >> 30)) * 1664525U))
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
        g.mt[i] = <uint32_t>((g.mt[i] ^ ((g.mt[i - 1] ^ (g.mt[i - 1] >> 30)) * 1566083941U))
                             - <uint32_t>i)
        i += 1
        if i >= 624:
            g.mt[0] = g.mt[623]
            i = 1
        k -= 1
    g.mt[0] = 0x80000000U
    g.mti = 0       # CPython sets mti = 624 and twists on the first read;
    g.lazy = 1      # here that twist is made lazily (mt_next)


cdef inline void mt_seed(MT* g, uint64_t seed, const MT* base) noexcept nogil:
    """random.seed(seed) (random_seed) for an int 0 <= seed < 2**64, from ``base``."""
    cdef uint32_t key[2]
    key[0] = <uint32_t>seed
    key[1] = <uint32_t>(seed >> 32)
    mt_seed_key(g, key, 2 if key[1] else 1, base)


cdef inline uint32_t _mt_twist(const uint32_t* mt, int kk, int nxt, int far) noexcept nogil:
    # one word of the twist in genrand_uint32: the new mt[kk] from the old words
    # kk, kk + 1 and kk + 397 (mod 624)
    cdef uint32_t y = (mt[kk] & 0x80000000U) | (mt[nxt] & 0x7fffffffU)
    return mt[far] ^ (y >> 1) ^ (0x9908b0dfU if y & 1 else 0U)


cdef inline uint32_t mt_next(MT* g) noexcept nogil:
    """genrand_uint32: the next 32-bit word."""
    cdef uint32_t y
    cdef int kk
    if g.lazy:
        # The first twist after seeding, made as the words are read: the new word
        # kk < 227 needs the old words kk + 1 and kk + 397, not yet remade; from
        # word 227 on the rest is made at once, as CPython does.
        kk = g.mti
        if kk < 227:
            g.mt[kk] = _mt_twist(g.mt, kk, kk + 1, kk + 397)
        else:
            for kk in range(g.mti, 623):
                g.mt[kk] = _mt_twist(g.mt, kk, kk + 1, kk - 227)
            g.mt[623] = _mt_twist(g.mt, 623, 0, 396)
            g.lazy = 0
    elif g.mti >= 624:
        for kk in range(227):
            g.mt[kk] = _mt_twist(g.mt, kk, kk + 1, kk + 397)
        for kk in range(227, 623):
            g.mt[kk] = _mt_twist(g.mt, kk, kk + 1, kk - 227)
        g.mt[623] = _mt_twist(g.mt, 623, 0, 396)
        g.mti = 0
    y = g.mt[g.mti]
    g.mti += 1
    y ^= y >> 11
    y ^= (y << 7) & 0x9d2c5680U
    y ^= (y << 15) & 0xefc60000U
    y ^= y >> 18
    return y


cdef inline int mt_below(MT* g, int n) noexcept nogil:
    """Random._randbelow_with_getrandbits(n), 1 <= n < 2**31 (randrange(n)):
    getrandbits(n.bit_length()) until it is below n."""
    cdef int k = 0
    cdef uint32_t x
    while (n >> k) != 0:
        k += 1
    x = mt_next(g) >> (32 - k)          # getrandbits(k), k <= 32: one word
    while x >= <uint32_t>n:
        x = mt_next(g) >> (32 - k)
    return <int>x


cdef inline void mt_shuffle(MT* g, int* x, int n) noexcept nogil:
    """Random.shuffle(x) of the n items x[:n]."""
    cdef int i, j, t
    for i in range(n - 1, 0, -1):
        j = mt_below(g, i + 1)
        t = x[i]
        x[i] = x[j]
        x[j] = t


cdef inline uint64_t mt_getrandbits(MT* g, int k) noexcept nogil:
    """Random.getrandbits(k), 1 <= k <= 64: the words fill the number from its
    low end, the last one cut to its top bits."""
    cdef uint64_t lo
    if k <= 32:
        return mt_next(g) >> (32 - k)
    lo = mt_next(g)
    return lo | (<uint64_t>(mt_next(g) >> (64 - k)) << 32)
