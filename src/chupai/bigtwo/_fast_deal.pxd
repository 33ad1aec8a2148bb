# The play phase of a Big Two deal in C (see _fast_deal.pyx): the functions
# random_games (_fast_games.pyx) calls.
from libc.stdint cimport uint64_t

from chupai.bigtwo._fast_state cimport *


cdef int compute_legal(Engine* e) noexcept nogil
cdef void apply_legal(Engine* e, int k) noexcept nogil
cdef void play_out(Engine* e, uint64_t seed, bint greedy) noexcept nogil
cdef int fill_opts(Opts* o, object rules) except -1
