# Between the compiled generator's C combos and the Python Combo tuples.
from cpython.ref cimport PyObject
from libc.stdint cimport uint32_t, uint64_t

from chupai.doudizhu._fast_gen cimport CC, Buf, GenRules


cdef struct Slot:
    # one entry of the Combo cache: the C combo's cards and fields, and its tuple
    uint64_t lo
    uint32_t hi
    uint32_t tag
    PyObject* obj


cdef class Gen:
    cdef GenRules g
    cdef readonly object rules
    cdef list kinds
    cdef dict kind_index
    cdef Slot* slots
    cdef int mask
    cdef int used
    cdef Buf buf
    cdef int _grow(self) except -1
    cdef object to_py(self, const CC* x)
    cdef int from_py(self, object combo, CC* x) except -1
    cdef list combos_list(self, object hand)


cdef Gen gen_for(object rules)
cdef int split_cards(object cards, uint64_t* lo, uint32_t* hi) except -1
