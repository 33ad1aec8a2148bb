# cython: language_level=3
"""The compiled twin of the observation writing of :mod:`chupai.env.codec`.

A game's codec works out the *values* of one observation in Python
(:meth:`chupai.env.codec.Codec.values`: the card planes' card values, the
cards-left counts, the state block's values, where the history of plays lives);
the pure path turns each value into a memoised numpy piece and concatenates
them (:meth:`Codec.parts`), this module writes the same floats straight into
the output row with no Python object in the inner loops. The two give the same
bytes (``tests/env/test_fast_env.py`` checks it step by step).

- :class:`Planes` mirrors ``MaskPlanes._make`` / ``CountPlanes._make``;
- :class:`BlockSpec` mirrors ``Block._make``;
- :class:`HistKeys` mirrors a game's ``cards_of`` (``_play_cards``);
- :func:`write_row` mirrors ``Codec.parts`` (``head``, ``cards_left``, the
  block, ``recent`` / ``history``);
- :func:`write_rows` writes a batch of rows in one call;
- :func:`show_masks` mirrors ``ActionSpace.indices`` and the mask update of
  ``VectorGames._show``, every game at once.
"""

from cpython.long cimport PyLong_AsUnsignedLongLongMask
from cpython.dict cimport PyDict_GetItem
from cpython.ref cimport PyObject
from libc.stdint cimport int64_t, uint64_t
from libc.string cimport memcpy, memset

import numpy as np

cdef enum:
    MAX_FIELDS = 25      # card fields of a count plane: two 64-bit words (Big A has 19)
    MAX_BLOCK = 64       # fields of a state block
    HISTORY = 8          # codec.HISTORY_LENGTH
    LEFT_SLOTS = 6       # codec._LEFT_SLOTS
    PASS_KEY = -1        # codec.PASS_KEY
    SKIP_KEY = -2        # codec.SKIP_KEY

# Block field kinds (codec.Field.kind)
cdef enum:
    ONEHOT = 0
    BITS = 1
    SCALAR = 2
    ORDER = 3

_KINDS = {"onehot": ONEHOT, "bits": BITS, "scalar": SCALAR, "order": ORDER}


cdef class Planes:
    """One card-plane format: ``Planes(())`` is Big Two's 52-bit mask
    (``MaskPlanes``), ``Planes(maxes)`` packed 5-bit counts where field ``f`` owns
    ``maxes[f]`` thermometer slots (``CountPlanes``)."""

    cdef int nfields
    cdef int maxes[MAX_FIELDS]
    cdef readonly int size
    cdef bint wide  # the packed value can exceed 64 bits

    def __init__(self, maxes):
        maxes = tuple(maxes)
        if len(maxes) > MAX_FIELDS:
            raise ValueError(f"at most {MAX_FIELDS} card fields, not {len(maxes)}")
        self.nfields = len(maxes)
        self.size = 52 if not maxes else sum(maxes)
        for f, m in enumerate(maxes):
            if not 0 <= m <= 31:
                raise ValueError(f"a field holds 0..31 slots, not {m}")
            self.maxes[f] = m
        self.wide = 5 * self.nfields > 64

    cdef int write(self, float* dst, object cards) except -1:
        """Write the plane of ``cards`` (a non-negative int) at ``dst``."""
        cdef uint64_t lo, hi = 0, c
        cdef int f, j, at = 0, shift, m
        # the low 64 bits (two's complement, as Python's ``>>`` and ``&`` read them)
        lo = PyLong_AsUnsignedLongLongMask(cards)
        if self.nfields == 0:  # MaskPlanes: bit c is value c (7 bytes, as to_bytes)
            if not 0 <= cards < (1 << 56):
                raise OverflowError(f"not a 52-card mask: {cards}")
            for j in range(52):
                dst[j] = <float>((lo >> j) & 1)
            return 0
        if self.wide:
            hi = PyLong_AsUnsignedLongLongMask(cards >> 64)
        for f in range(self.nfields):
            shift = 5 * f
            if shift + 5 <= 64:
                c = (lo >> shift) & 31
            elif shift >= 64:
                c = (hi >> (shift - 64)) & 31
            else:
                c = ((lo >> shift) | (hi << (64 - shift))) & 31
            m = self.maxes[f]
            # a count beyond the field's copies is capped (CountPlanes._make)
            for j in range(m):
                dst[at + j] = 1.0 if c > <uint64_t>j else 0.0
            at += m
        return 0

    def plane(self, cards):
        """The plane of ``cards`` as a new float32 array (for tests)."""
        out = np.zeros(self.size, np.float32)
        cdef float[::1] view = out
        self.write(&view[0], cards)
        return out


cdef class BlockSpec:
    """The fields of a :class:`chupai.env.codec.Block`: kinds and sizes."""

    cdef int nfields
    cdef int kinds[MAX_BLOCK]
    cdef int sizes[MAX_BLOCK]
    cdef int order_n[MAX_BLOCK]
    cdef readonly int size

    def __init__(self, fields):
        fields = tuple(fields)
        if len(fields) > MAX_BLOCK:
            raise ValueError(f"at most {MAX_BLOCK} block fields, not {len(fields)}")
        self.nfields = len(fields)
        self.size = 0
        for i, fld in enumerate(fields):
            self.kinds[i] = _KINDS[fld.kind]
            self.sizes[i] = fld.size
            n = 0
            while n * n < fld.size:
                n += 1
            self.order_n[i] = n
            self.size += fld.size

    cdef int write(self, float* dst, tuple values) except -1:
        """Block._make: one-hots, bit sets, scalars and seat orders."""
        cdef int i, at = 0, k, size, n, seat
        cdef long long v
        if len(values) != self.nfields:
            raise ValueError(f"{self.nfields} block values expected, not {len(values)}")
        memset(dst, 0, self.size * sizeof(float))
        for i in range(self.nfields):
            size = self.sizes[i]
            k = self.kinds[i]
            if k == ONEHOT:
                v = values[i]
                if v >= 0:
                    if v >= size:
                        raise IndexError(f"one-hot value {v} beyond {size} slots")
                    dst[at + v] = 1.0
            elif k == BITS:
                v = values[i]
                for seat in range(size):
                    if (v >> seat) & 1:
                        dst[at + seat] = 1.0
            elif k == SCALAR:
                dst[at] = <float>(<double>values[i])
            else:  # ORDER: n seats x n positions
                n = self.order_n[i]
                seat = 0
                for pos in values[i]:
                    if pos >= 0:
                        if seat >= n or pos >= n:
                            raise IndexError(f"seat {seat} at {pos} beyond {n} x {n}")
                        dst[at + seat * n + <int>pos] = 1.0
                    seat += 1
            at += size
        return 0


    def block(self, values):
        """The block of ``values`` as a new float32 array (for tests)."""
        out = np.zeros(self.size, np.float32)
        cdef float[::1] view = out
        if self.size:
            self.write(&view[0], tuple(values))
        return out


cdef class HistKeys:
    """A codec's ``cards_of`` (Codec.recent) as data: the cards of an action that
    is an instance of ``types[j]`` are read through the attributes ``paths[j]``;
    an instance of one of ``passes`` is a pass; any other action gives
    ``other`` (SKIP_KEY, or None where the history of the play phase ends)."""

    cdef tuple types
    cdef tuple paths
    cdef tuple passes
    cdef object other

    def __init__(self, types, paths, passes, other):
        self.types = tuple(types)
        self.paths = tuple(tuple(p) for p in paths)
        self.passes = tuple(passes)
        self.other = other
        if len(self.types) != len(self.paths):
            raise ValueError("one attribute path per play type")

    cdef object key(self, object action):
        cdef Py_ssize_t j
        for j in range(len(self.types)):
            if isinstance(action, self.types[j]):
                x = action
                for name in <tuple>self.paths[j]:
                    x = getattr(x, name)
                return x
        if isinstance(action, self.passes):
            return PASS_KEY
        return self.other

    def __call__(self, action):
        """The history key of ``action`` (for tests)."""
        return self.key(action)


cdef int write_entry(float* dst, Planes planes, object cards, int rel, int n) except -1:
    """Codec._make_entry: the cards (or the pass bit), the relative seat."""
    cdef int p = planes.size
    if cards < 0:  # a pass
        memset(dst, 0, (p + n + 1) * sizeof(float))
        dst[p + n] = 1.0
    else:
        planes.write(dst, cards)
        memset(dst + p, 0, (n + 1) * sizeof(float))
    dst[p + rel] = 1.0
    return 0


cdef int write_values(
    float* dst,
    Py_ssize_t size,
    Planes planes,
    BlockSpec block,
    double left_scale,
    object cards,
    object counts,
    int me,
    tuple state,
    object hist,
    Py_ssize_t stop,
    object cards_of,
    HistKeys keys,
) except -1:
    """Codec.parts then concatenate, written at ``dst`` (``size`` floats)."""
    cdef int n = len(counts)
    cdef int p = planes.size
    cdef int width = p + n + 1
    cdef Py_ssize_t total = len(cards) * p + n * LEFT_SLOTS + block.size + HISTORY * width
    cdef Py_ssize_t at = 0, i
    cdef int k, c, got = 0, seat
    if size != total:
        raise ValueError(f"the row holds {size} values, the layout {total}")
    for card in cards:  # Codec.head: one plane per card value
        planes.write(dst + at, card)
        at += p
    for k in range(n):  # Codec._make_left
        c = counts[(me + k) % n]
        memset(dst + at, 0, LEFT_SLOTS * sizeof(float))
        dst[at] = <float>(<double>c / left_scale)
        dst[at + 1 + (c if c < 4 else 4)] = 1.0
        at += LEFT_SLOTS
    block.write(dst + at, state)
    at += block.size
    if hist is not None and cards_of is not None:  # Codec.recent, newest first
        for i in range(len(hist) - 1, stop - 1, -1):
            ev = hist[i]
            if keys is not None:
                key = keys.key(ev[1])
            else:
                key = cards_of(ev[1])
            if key is None:
                break
            if key == SKIP_KEY:
                continue
            seat = ev[0]
            write_entry(dst + at, planes, key, ((seat - me) % n + n) % n, n)
            at += width
            got += 1
            if got == HISTORY:
                break
    memset(dst + at, 0, (total - at) * sizeof(float))  # padding (Codec._pads)
    return 0


def write_row(
    float[::1] out,
    Planes planes,
    BlockSpec block,
    object cards,
    object counts,
    int me,
    double left_scale,
    tuple state,
    object hist,
    Py_ssize_t stop,
    object cards_of,
    HistKeys keys=None,
):
    """Write one observation's vector into ``out`` (Codec.parts then concatenate):
    the planes of ``cards`` (the head, in layout order), the cards-left slots of
    ``counts`` (absolute seats, rotated to ``me``), the state ``block`` of
    ``state``, then the last K plays and passes among ``hist[stop:]`` (events
    ``(seat, action, ...)``, ``cards_of(action)`` as in Codec.recent; ``hist``
    None: an empty history; ``keys``, when given, stands for ``cards_of``)."""
    write_values(&out[0], out.shape[0], planes, block, left_scale, cards, counts, me, state,
                 hist, stop, cards_of, keys)


def write_rows(
    float[:, ::1] out,
    Planes planes,
    BlockSpec block,
    double left_scale,
    list rows,
    HistKeys keys=None,
):
    """:func:`write_row` for row ``i`` of ``out`` from ``rows[i]`` (the
    ``RowValues`` tuples of Codec.values), for every row."""
    cdef Py_ssize_t i
    if len(rows) != out.shape[0]:
        raise ValueError(f"{out.shape[0]} rows, {len(rows)} observations")
    for i in range(out.shape[0]):
        v = rows[i]
        write_values(&out[i, 0], out.shape[1], planes, block, left_scale, v[0], v[1], v[2],
                     v[3], v[4], v[5], v[6], keys)


def show_masks(signed char[:, ::1] mask, dict ids, list legal, list old):
    """The mask rows of VectorGames._show, every game at once (ActionSpace.indices):
    row ``i`` gets 0 at the ids ``old[i]`` and 1 at the ids of the actions
    ``legal[i]``; returns those ids, a list per row. Raises ``KeyError`` naming
    an action missing from ``ids`` (the rows before it are written)."""
    cdef Py_ssize_t i, j, m
    cdef int64_t k
    cdef PyObject* got
    if len(legal) != mask.shape[0] or len(old) != mask.shape[0]:
        raise ValueError(f"{mask.shape[0]} rows, {len(legal)} legal lists, {len(old)} old")
    out = []
    for i in range(mask.shape[0]):
        for k in old[i]:
            if not 0 <= k < mask.shape[1]:
                raise IndexError(f"action id {k} beyond the mask's {mask.shape[1]}")
            mask[i, k] = 0
        acts = legal[i]
        m = len(acts)
        new = [None] * m
        for j in range(m):
            got = PyDict_GetItem(ids, acts[j])
            if got == NULL:
                raise KeyError(acts[j])
            k = <int64_t><object>got
            if not 0 <= k < mask.shape[1]:
                raise IndexError(f"action id {k} beyond the mask's {mask.shape[1]}")
            mask[i, k] = 1
            new[j] = <object>got
        out.append(new)
    return out


cdef inline int nonzero_bytes(uint64_t w) nogil:
    """How many of the 8 bytes of ``w`` are not zero."""
    w |= w >> 4
    w |= w >> 2
    w |= w >> 1
    w &= 0x0101010101010101ULL
    return <int>((w * 0x0101010101010101ULL) >> 56)


cdef Py_ssize_t row_count(const unsigned char* row, Py_ssize_t width) nogil:
    """The nonzero bytes of one mask row, 8 at a time (most are zero)."""
    cdef Py_ssize_t j = 0, count = 0
    cdef uint64_t w
    cdef uint64_t x[4]
    while j + 32 <= width:  # skip 32 zero bytes at a time
        memcpy(x, row + j, 32)
        if x[0] | x[1] | x[2] | x[3]:
            count += nonzero_bytes(x[0]) + nonzero_bytes(x[1])
            count += nonzero_bytes(x[2]) + nonzero_bytes(x[3])
        j += 32
    while j + 8 <= width:
        memcpy(&w, row + j, 8)
        if w:
            count += nonzero_bytes(w)
        j += 8
    while j < width:
        if row[j]:
            count += 1
        j += 1
    return count


cdef Py_ssize_t row_nth(const unsigned char* row, Py_ssize_t width, Py_ssize_t k) nogil:
    """The column of the ``k``-th (from 0) nonzero byte of one mask row."""
    cdef Py_ssize_t j = 0, c
    cdef uint64_t w
    cdef uint64_t x[4]
    while j + 32 <= width:  # skip 32 bytes at a time while the pick lies beyond
        memcpy(x, row + j, 32)
        if x[0] | x[1] | x[2] | x[3]:
            c = nonzero_bytes(x[0]) + nonzero_bytes(x[1])
            c += nonzero_bytes(x[2]) + nonzero_bytes(x[3])
            if k < c:
                break
            k -= c
        j += 32
    while j + 8 <= width:
        memcpy(&w, row + j, 8)
        if w:
            c = nonzero_bytes(w)
            if k < c:
                break
            k -= c
        j += 8
    while j < width:
        if row[j]:
            if k == 0:
                return j
            k -= 1
        j += 1
    return -1


def row_counts(const unsigned char[:, ::1] mask):
    """The legal ids of each row of a 0/1 byte mask (random_actions' bincount)."""
    cdef Py_ssize_t i
    out = np.empty(mask.shape[0], np.int64)
    cdef int64_t[::1] view = out
    for i in range(mask.shape[0]):
        view[i] = row_count(&mask[i, 0], mask.shape[1]) if mask.shape[1] else 0
    return out


def row_picks(const unsigned char[:, ::1] mask, const int64_t[::1] counts, const double[::1] u):
    """random_actions' picks: per row the ``int(u * count)``-th legal id (the
    same float64 product and truncation as numpy's ``astype(np.int64)``)."""
    cdef Py_ssize_t i, k
    out = np.empty(mask.shape[0], np.int64)
    cdef int64_t[::1] view = out
    for i in range(mask.shape[0]):
        k = <Py_ssize_t>(u[i] * <double>counts[i])
        view[i] = row_nth(&mask[i, 0], mask.shape[1], k)
    return out
