# Scoring of a Big Two deal in C (see _fast_score.pyx).
from chupai.bigtwo._fast_state cimport Engine


cdef void score_play(Engine* e) noexcept nogil
