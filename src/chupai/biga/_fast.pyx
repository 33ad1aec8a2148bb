# Compiled Big A move generation: the twin of chupai.biga.movegen.
#
# The pure generator reads a hand's face counts and extends its output with the
# prebuilt lists of chupai.biga.combos.Tables. This module copies those tables
# once per rules object and Big Ace suit into C arrays of combination ids
# (CTables), runs the same loops on C counts, and builds the Python list of
# Combo values only at the end, from the very Combo objects of the tables: the
# same list, in the same order, of the same values.
from cpython.list cimport PyList_New, PyList_SET_ITEM
from cpython.ref cimport Py_INCREF
from libc.stdint cimport uint64_t
from libc.stdlib cimport free, malloc

from chupai.actions import PASS
from chupai.biga.cards import GUARD as _GUARD
from chupai.biga.combos import FOUR, KIND_INDEX, SEQUENCE_KINDS, Kind, tables
from chupai.biga.events import Capture

_K_SINGLE = Kind.SINGLE
_K_PAIR = Kind.PAIR
_K_SEQUENCE = Kind.SEQUENCE
_K_PAIR_SEQUENCE = Kind.PAIR_SEQUENCE
_K_EGG = Kind.EGG
_K_BIG_EGG = Kind.BIG_EGG
cdef uint64_t LOW60 = (1ULL << 60) - 1


cdef void compact(object cards, int big_field, uint64_t* lo, uint64_t* hi):
    # Python packed cards (normalized) -> the two words of _fast.pxd
    lo[0] = cards & LOW60
    cdef uint64_t rest = cards >> 60          # Python faces 12..18
    hi[0] = rest & 0x7FFF                      # faces 12, 13, 14
    if big_field >= 0:
        hi[0] |= ((rest >> (5 * (big_field - 12))) & 31) << 15


cdef class CTables:
    def __cinit__(self):
        self.seq = NULL

    def __dealloc__(self):
        free(self.seq)

    def __init__(self, rules, big_suit):
        t = tables(rules, big_suit)
        self.rules = rules
        self.big_suit = big_suit
        self.combos = tuple(t.by_cards.values())
        self.n = len(self.combos)
        assert self.n <= MAXC
        self.has_big = big_suit is not None
        self.big_field = -1 if big_suit is None else 15 + big_suit
        self.in_sets = rules.big_ace_in_sets
        self.egg_joker = rules.egg_over_joker_single
        self.egg_pair_seq = rules.egg_over_pair_sequence
        self.min_big = rules.big_ace_single_min_big_egg
        self.fours_capture = rules.fours_capture
        self.p2d5 = rules.p2d5_defender_points
        none_sets = tables(rules, None).sets[FOUR]
        self.capture_combos = tuple(none_sets)
        ids = self.ids = {}
        cdef int i
        for i, c in enumerate(self.combos):
            ids[c.cards] = i
            self.kind[i] = KIND_INDEX[c.kind]
            self.size[i] = c.size
            self.bomb[i] = c.bomb
            self.key[i] = c.key
            self.info[i].key = c.key
            self.info[i].kind = self.kind[i]
            self.info[i].size = c.size
            self.info[i].bomb = c.bomb
            compact(c.cards, self.big_field, &self.lo[i], &self.hi[i])

        def id_of(c):
            return -1 if c is None else ids[c.cards]

        for f in range(13):
            for k in range(9):
                self.sets[f][k] = id_of(t.sets[f][k])
        for x in range(3):
            for y in range(3):
                self.jokers[x][y] = id_of(t.jokers[x][y])
        self.single_big = id_of(t.single_big)
        self.two_big = id_of(t.two_big_aces)
        for j in range(3):
            for k in range(9):
                self.ace_sets[j][k] = id_of(t.ace_sets[j][k])
        self.npos = len(t.chain)
        for i in range(self.npos):
            self.chain[i] = t.chain[i]
        runs = [(m, fewest) for m, (_, fewest, _) in SEQUENCE_KINDS.items()]
        assert [m for m, _ in runs] == [1, 2, 3, 4]
        for i, (m, fewest) in enumerate(runs):
            self.runs_m[i] = m
            self.runs_min[i] = fewest
        self._sequence_lists(t, id_of)

    def _sequence_lists(self, t, id_of):
        # Tables.plain / Tables.acey flattened into one id buffer
        lists = []
        for m in range(1, 5):
            for a in range(self.npos):
                for b in range(self.npos):
                    lists.append(t.plain[m][a][b])
                    lists.extend(t.acey[m][a][b])
        total = sum(len(x) for x in lists)
        self.seq = <short*>malloc((total + 1) * sizeof(short))
        if self.seq == NULL:
            raise MemoryError()
        cdef int at = 0
        cdef int k = 0
        for m in range(1, 5):
            for a in range(self.npos):
                for b in range(self.npos):
                    for j in range(4):
                        row = lists[k]
                        k += 1
                        start = at
                        for c in row:
                            self.seq[at] = id_of(c)
                            at += 1
                        if j == 0:
                            self.plain_at[m - 1][a][b][0] = start
                            self.plain_at[m - 1][a][b][1] = at
                        else:
                            self.acey_at[m - 1][a][b][j - 1][0] = start
                            self.acey_at[m - 1][a][b][j - 1][1] = at


cdef object _last = None
cdef dict _cache = {}


cdef CTables ctables(object rules, object big_suit):
    """The (cached) CTables of ``rules`` and ``big_suit`` (combos.tables)."""
    global _last
    cdef CTables t = _last
    if t is not None and t.rules is rules and t.big_suit == big_suit:
        return t
    key = (rules, big_suit)
    t = _cache.get(key)
    if t is None:
        t = _cache[key] = CTables(rules, big_suit)
    _last = t
    return t


cdef void unpack_hand(object hand, CTables t, unsigned char* c):
    # The 16 compact counts of a Python hand, normalized for the Big Ace suit
    # (chupai.biga.cards.normalize): the other suited Aces become ordinary Aces.
    cdef uint64_t lo = hand & LOW60
    cdef uint64_t hi = hand >> 60
    cdef int f, s
    for f in range(12):
        c[f] = (lo >> (5 * f)) & 31
    for f in range(3):
        c[12 + f] = (hi >> (5 * f)) & 31
    c[BIGF] = 0
    for s in range(4):
        f = (hi >> (5 * (3 + s))) & 31
        if 15 + s == t.big_field:
            c[BIGF] = f
        else:
            c[ACEF] += f


cdef inline int put(short* out, int n, short x) noexcept nogil:
    if x >= 0:
        out[n] = x
        return n + 1
    return n


cdef inline int put_slice(CTables t, const int* at, short* out, int n) noexcept nogil:
    cdef int i
    for i in range(at[0], at[1]):
        out[n] = t.seq[i]
        n += 1
    return n


cdef int gen(CTables t, const unsigned char* c, short* out) noexcept nogil:
    # movegen._hand_combos: every distinct combination of the counts c, in order
    cdef int n = 0, f, k, x, y, j, i
    for f in range(13):                     # sets of one ordinary rank
        for k in range(1, min(c[f], 8) + 1):
            out[n] = t.sets[f][k]
            n += 1
    cdef int bj = min(c[13], 2), rj = min(c[14], 2)
    for x in range(bj + 1):                 # jokers
        for y in range(rj + 1):
            if x or y:
                out[n] = t.jokers[x][y]
                n += 1
    cdef int nbig = c[BIGF] if t.has_big else 0
    cdef int nace = c[ACEF]
    if nbig:                                # movegen._big_ace_combos
        n = put(out, n, t.single_big)
        if nbig >= 2:
            n = put(out, n, t.two_big)
        if nace and t.in_sets:
            for j in range(1, min(nbig, 2) + 1):
                for i in range(1, min(nace, 8) + 1):
                    n = put(out, n, t.ace_sets[j][i])
    return seq_gen(t, c, nbig, nace, out, n)


cdef int seq_gen(CTables t, const unsigned char* c, int nbig, int nace, short* out,
                 int n) noexcept nogil:
    # movegen._sequence_combos: the runs of the chain with >= m cards at every position
    cdef int eff[MAXPOS]
    cdef int npos = t.npos, p, r, m, minlen, start, e, j
    for p in range(npos):
        eff[p] = c[t.chain[p]] + (nbig if t.chain[p] == ACEF else 0)
    for r in range(4):
        m = t.runs_m[r]
        minlen = t.runs_min[r]
        start = -1
        for p in range(npos + 1):
            if p < npos and eff[p] >= m:
                if start < 0:
                    start = p
            elif start >= 0:
                if p - start >= minlen:
                    e = p - 1
                    n = put_slice(t, t.plain_at[m - 1][start][e], out, n)
                    if (t.acey_at[m - 1][start][e][0][1] > t.acey_at[m - 1][start][e][0][0]
                            or t.acey_at[m - 1][start][e][1][1]
                            > t.acey_at[m - 1][start][e][1][0]):
                        for j in range(min(nbig, m, 2) + 1):
                            if m - j <= nace:
                                n = put_slice(t, t.acey_at[m - 1][start][e][j], out, n)
                start = -1
    return n


cdef void floor_of(CTables t, int kind, int key, int* egg, int* min_big) noexcept nogil:
    # combos.bomb_floor for a normal top play of kind and key
    cdef bint big_ace = kind == K_SINGLE and key == 15
    cdef bint egg_ok = (
        kind == K_PAIR
        or kind == K_SEQUENCE
        or (kind == K_PAIR_SEQUENCE and t.egg_pair_seq)
        or (kind == K_SINGLE and not big_ace and (key < 13 or t.egg_joker))
    )
    egg[0] = 1 if egg_ok else 2
    min_big[0] = t.min_big if big_ace else 0


cdef void bomb_floor(CTables t, int top, int* egg, int* min_big) noexcept nogil:
    floor_of(t, t.kind[top], t.key[top], egg, min_big)


cdef int follow_fields(CTables t, const short* src, int n, int tkind, int tkey, int tsize,
                       int tbomb, short* out) noexcept nogil:
    # movegen.follow_filter on ids, the top play given by its fields
    cdef int i, x, k = 0, egg, min_big
    cdef const CInfo* c
    if tbomb:
        for i in range(n):
            x = src[i]
            c = &t.info[x]
            if c.bomb > tbomb or (c.bomb == tbomb and c.key > tkey):
                out[k] = x
                k += 1
        return k
    floor_of(t, tkind, tkey, &egg, &min_big)
    for i in range(n):
        x = src[i]
        c = &t.info[x]
        if ((c.bomb >= egg and (c.bomb != 2 or c.size >= min_big))
                or (c.kind == tkind and c.size == tsize and c.key > tkey)):
            out[k] = x
            k += 1
    return k


cdef int follow_ids(CTables t, const short* src, int n, int top, short* out) noexcept nogil:
    return follow_fields(t, src, n, t.kind[top], t.key[top], t.size[top], t.bomb[top], out)


cdef list ids_to_list(CTables t, const short* ids, int n):
    # The Combo values of ids, in order (the tables' own objects)
    cdef list out = PyList_New(n)
    cdef int i
    cdef object o
    for i in range(n):
        o = t.combos[ids[i]]
        Py_INCREF(o)
        PyList_SET_ITEM(out, i, o)
    return out


# ----- the Python API: movegen's functions ------------------------------------------


def hand_combos(hand, rules, big_suit):
    """Every distinct combination contained in ``hand`` (movegen.hand_combos)."""
    cdef CTables t = ctables(rules, big_suit)
    cdef unsigned char c[NF]
    cdef short ids[MAXC]
    unpack_hand(hand, t, c)
    return ids_to_list(t, ids, gen(t, c, ids))


def legal_plays(hand, rules, big_suit, top=None):
    """The plays of ``hand`` legal now (movegen.legal_plays)."""
    cdef CTables t = ctables(rules, big_suit)
    cdef unsigned char c[NF]
    cdef short ids[MAXC]
    cdef short kept[MAXC]
    unpack_hand(hand, t, c)
    cdef int n = gen(t, c, ids)
    if top is None:
        return ids_to_list(t, ids, n)
    cdef tuple tp = <tuple>top  # a Combo: a tuple subclass
    n = follow_fields(t, ids, n, KIND_INDEX[tp[0]], tp[2], tp[3], tp[4], kept)
    return ids_to_list(t, kept, n)


def follow_filter(list combos, top_play, rules, hand=None):
    """The combos of ``combos`` that beat ``top`` and that ``hand`` contains
    (movegen.follow_filter)."""
    cdef tuple top = <tuple>top_play  # a Combo: a tuple subclass
    cdef long tb = top[4], tk = top[2], size, xb
    cdef list out = []
    cdef tuple x
    cdef int egg, min_big
    cdef bint big_ace, egg_ok
    if tb:
        for o in combos:
            x = <tuple>o
            xb = x[4]
            if xb > tb or (xb == tb and <long>x[2] > tk):
                out.append(o)
    else:
        kind = top[0]
        size = top[3]
        big_ace = kind is _K_SINGLE and tk == 15
        egg_ok = (
            kind is _K_PAIR
            or kind is _K_SEQUENCE
            or (kind is _K_PAIR_SEQUENCE and rules.egg_over_pair_sequence)
            or (kind is _K_SINGLE and not big_ace and (tk < 13 or rules.egg_over_joker_single))
        )
        egg = 1 if egg_ok else 2
        min_big = rules.big_ace_single_min_big_egg if big_ace else 0
        for o in combos:
            x = <tuple>o
            xb = x[4]
            if (xb >= egg and (xb != 2 or <long>x[3] >= min_big)) or (
                    x[0] is kind and <long>x[3] == size and <long>x[2] > tk):
                out.append(o)
    if hand is not None:
        hg = hand + _GUARD
        out = [o for o in out if (hg - (<tuple>o)[1]) & _GUARD == _GUARD]
    return out


def follow_actions(list combos, top, rules, hand):
    """The legal actions of a follower holding ``hand`` (normalized) whose cached
    combinations are ``combos``: the plays beating ``top``, then the fours
    capture if any, then pass (``BigADeal.legal_actions`` in play, following)."""
    cdef list out = follow_filter(combos, top, rules)
    kind = (<tuple>top)[0]
    cdef long need
    if (kind is _K_EGG or kind is _K_BIG_EGG) and rules.fours_capture:
        need = <long>(<tuple>top)[3] - 1      # combos.capture_size, movegen.captures
        if (hand >> 5) & 31 >= need:
            out.append(Capture(tables(rules, None).sets[FOUR][need], top))
    out.append(PASS)
    return out
