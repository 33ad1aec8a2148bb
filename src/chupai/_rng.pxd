# SplitMix64 for compiled playouts: the C twin of chupai.playrng.SplitMix64
# (same outputs, same choices). Inline functions only: cimport it, no module.
from libc.stdint cimport uint64_t


cdef struct SplitMix:
    uint64_t state


cdef inline uint64_t sm_next(SplitMix* rng) noexcept nogil:
    rng.state += 0x9E3779B97F4A7C15ULL
    cdef uint64_t z = rng.state
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL
    return z ^ (z >> 31)


cdef inline int sm_below(SplitMix* rng, int n) noexcept nogil:
    """A number in range(n), n >= 1."""
    return <int>(((sm_next(rng) >> 32) * <uint64_t>n) >> 32)
