# Big Two scoring in C: score_play mirrors BigTwoDeal._score_play with the
# penalty schemes and settlements of chupai.bigtwo.scoring and State._finish.
from libc.stdint cimport int64_t, uint64_t

from chupai.bigtwo._fast_gen cimport K_FOUR, K_SF
from chupai.bigtwo._fast_state cimport *


cdef extern from *:
    int popcount "__builtin_popcountll"(unsigned long long) nogil
    int ctz "__builtin_ctzll"(unsigned long long) nogil


cdef uint64_t LOW = 0x1111111111111


# ----- scoring (chupai.bigtwo.scoring) ----------------------------------------------

cdef inline int rank_count(uint64_t hand, int r) noexcept nogil:
    return popcount((hand >> (4 * r)) & 15)


cdef int64_t penalty(const Engine* e, uint64_t hand, bint untouched) noexcept nogil:
    cdef int c = popcount(hand), n = e.o.players, r, card, twos, i
    cdef int64_t p = 0
    cdef uint64_t m
    cdef int sc = e.o.scoring
    if sc == SC_WIKI:
        return 3 * c if untouched else (c if c <= 10 else 2 * c)
    if sc == SC_SEED001:
        if n == 4:
            return c if c <= 9 else (2 * c if c <= 12 else 3 * c)
        if n == 3:
            return c if c <= 11 else (2 * c if c <= 16 else 3 * c)
        return 3 * c if untouched else (c if c <= 9 else 2 * c)
    if sc == SC_MAINLAND:
        return c if c <= 7 else 2 * c if c <= 9 else 3 * c if c <= 12 else 4 * c
    if sc == SC_POINTS or sc == SC_DEDUCTION:
        m = hand
        while m:
            card = ctz(m)
            m &= m - 1
            r = card >> 2
            if sc == SC_POINTS:
                p += r + 3
            elif r == 12:
                p += 40
            elif r == 11:
                p += 40 if e.o.spade_ace_40 and card == e.o.spade_ace else 30
            elif r >= 8:
                p += 20
            else:
                p += r + 3
        return p
    if sc == SC_PLUS_MINUS:
        for r in range(7):
            p += rank_count(hand, r)
        for r in range(7, 12):
            p += 2 * rank_count(hand, r)
        return p << rank_count(hand, 12)
    # SC_BASIC
    p = c
    twos = rank_count(hand, 12)
    if twos:
        p *= 2 * twos
    if has_monster(e, hand):
        p *= 2
    if c >= 10:
        p *= 2
    return p


cdef bint has_monster(const Engine* e, uint64_t hand) noexcept nogil:
    cdef int i
    if hand & (hand >> 1) & (hand >> 2) & (hand >> 3) & LOW:
        return True
    for i in range(e.t.n_sf):
        if hand & e.t.sf_masks[i] == e.t.sf_masks[i]:
            return True
    return False


cdef void score_play(Engine* e) noexcept nogil:
    # BigTwoDeal._score_play, State._finish and scoring.settle
    cdef State* s = &e.s
    cdef int n = e.o.players, i, w = s.winner
    cdef int64_t mult = 1, total = 0, bonus
    cdef int64_t p[4]
    if e.o.scoring == SC_BASIC:
        if (s.win_play.mask >> 48) & 15:
            mult *= 2
        if s.win_play.kind == K_FOUR or s.win_play.kind == K_SF:
            mult *= 2
    for i in range(n):
        p[i] = 0 if i == w else penalty(e, s.win_hands[i], s.win_played[i] == 0) * mult
    if s.liable >= 0:
        # scoring.transfer_penalties: the liable seat takes every loser's penalty
        for i in range(n):
            if i != w:
                total += p[i]
        for i in range(n):
            if i != w:
                p[i] = total if i == s.liable else 0
        total = 0
    if e.o.settlement == SE_WINNER_TAKES_ALL:
        for i in range(n):
            total += p[i]
        for i in range(n):
            s.scores[i] = total if i == w else -p[i]
    elif e.o.settlement == SE_PAIRWISE:
        p[w] = -e.o.winner_bonus
        for i in range(n):
            total += p[i]
        for i in range(n):
            s.scores[i] = total - n * p[i]
    else:
        bonus = 1 if e.o.scoring == SC_PLUS_MINUS else e.o.winner_bonus
        for i in range(n):
            s.scores[i] = bonus if i == w else -p[i]
    s.over = 1
    s.to_act = -1
    s.has_top = 0
