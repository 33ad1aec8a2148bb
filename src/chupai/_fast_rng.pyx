# The compiled SplitMix64 seen from Python, for the test that it matches
# chupai.playrng.SplitMix64 draw for draw.
from libc.stdint cimport uint64_t

from chupai._rng cimport SplitMix, sm_below, sm_next


def draws(uint64_t seed, int count, int bound=0):
    """``count`` outputs of SplitMix64(seed): raw 64-bit values, or choices
    ``below(bound)`` when ``bound`` is positive."""
    cdef SplitMix rng
    rng.state = seed
    out = []
    cdef int i
    for i in range(count):
        out.append(sm_below(&rng, bound) if bound > 0 else sm_next(&rng))
    return out
