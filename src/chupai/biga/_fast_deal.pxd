# The compiled Big A deal engine (play phase): its state as one C struct, so that
# a clone is one struct copy. _fast_draw.pyx cimports it to start deals in C.
from libc.stdint cimport uint64_t

from chupai._rng cimport SplitMix
from chupai.biga._fast cimport MAXC, CTables


cdef enum:
    NSEATS = 5
    A_CAPTURE = -2   # a legal-list entry: the fours capture of the top play
    A_PASS = -3      # a legal-list entry: pass


cdef struct State:
    # chupai.biga.state.DealState, play phase, in C (-1 stands for None)
    uint64_t hlo[NSEATS]          # hands, the two words of _fast.pxd
    uint64_t hhi[NSEATS]
    int to_act, top, top_player, passed, leader, active
    int declarer, partner, alone, partner_revealed, two_shown
    int public_partner, alone_known
    int finishing[NSEATS]
    int nfin
    int big_played[NSEATS]
    int big_gained[NSEATS]
    short cache[NSEATS][MAXC]     # PlayPhase.combos_of's cache, as combination ids
    int ncache[NSEATS]            # -1: None (not computed)
    int stale[NSEATS]
    short legal[MAXC + 2]         # legal_actions() of the seat to act (ids, A_CAPTURE, A_PASS)
    int nlegal                    # -1: not computed yet
    int over
    int scores[NSEATS]
    int actions                   # actions applied by this engine


cdef class DealTables:
    # The tables of one rules object and Big Ace suit, and its scoring tables
    cdef readonly CTables t
    cdef int hidden[6][6][3]      # scoring.partner_table(rules, d, p, False), positions 1..5
    cdef int revealed[6][6][3]    # scoring.partner_table(rules, d, p, True)
    cdef int alone_tab[6][2]      # scoring.alone_values(d, False)
    cdef short fours[9]           # id of n fours (the capturing play), -1 when none


cdef class FastDeal:
    cdef DealTables dt
    cdef State s
    cdef void _ready(self) except *


cdef DealTables deal_tables(object rules, object big_suit)
cdef int legal_count(FastDeal d) noexcept
cdef void apply_index(FastDeal d, int i) noexcept
cdef int greedy_index(FastDeal d) noexcept
cdef void play_out(FastDeal d, SplitMix* rng, int greedy) noexcept
