# The compiled Dou Dizhu deal engine's declarations (_fast_deal.pyx implements
# them; _fast_games.pyx deals and plays many deals with them).
from libc.stdint cimport int64_t, uint32_t, uint64_t

from chupai.doudizhu._fast_gen cimport CC, Buf
from chupai.doudizhu._fast_py cimport Gen


cdef enum:
    MAXP = 4
    # phases (state.Phase)
    P_BID = 0
    P_ROB = 1
    P_PLAY = 2
    P_OVER = 3
    # action codes of the legal list that are no play (a play is its index >= 0
    # in the seat's combo list)
    A_PASS = -1
    A_SHOW = -2
    A_ROB = -3
    A_NO_ROB = -4
    A_BID0 = -10     # bid v is A_BID0 - v
    POLICY_RANDOM = 0
    POLICY_GREEDY = 1


cdef struct DR:
    # the rules the deal engine reads (DouDizhuRules)
    int players
    int hand_size
    int until_all_pass   # bidding=until_all_pass
    int robbing
    int ming             # 0 off, 1 win_only, 2 always
    int spring
    int anti
    int thunder
    int nrob
    int64_t rob_mult[16]
    uint32_t doubling    # bit KIND_INDEX of each doubling kind


cdef struct DS:
    # the state of a deal (the slots of DouDizhuDeal that the play reads)
    int n
    int phase
    int to_act
    int bid
    int bidder
    int bid_passed       # AuctionMixin._passed
    int spoken
    int landlord
    int first_landlord
    int robs
    int rob_queue[MAXP]
    int rob_len
    int rob_pos
    int can_show
    int shown
    int doubled
    uint64_t hlo[MAXP]
    uint32_t hhi[MAXP]
    uint64_t klo
    uint32_t khi
    int has_top
    CC top
    int top_player
    int passed
    int play_counts[MAXP]
    int bombs
    int64_t scores[MAXP]
    int ncombo[MAXP]     # -1: not listed yet (DouDizhuDeal._combos[s] is None)
    int stale[MAXP]


cdef void fill_rules(DR* r, object rules, Gen gen) except *


cdef class FastDeal:
    cdef DR r
    cdef DS s
    cdef Gen gen
    cdef Buf cs[MAXP]    # each seat's listed plays (DouDizhuDeal._combos)
    cdef int* leg        # the legal actions' codes (see A_*)
    cdef int nleg
    cdef int legcap
    cdef bint leg_ok
    cdef void start(self, Gen gen, const DR* r, uint64_t* hlo, uint32_t* hhi, uint64_t klo,
                    uint32_t khi, int first_bidder, int doubled) noexcept
    cdef int combos_of(self, int seat) except -1
    cdef int _room(self, int n) except -1
    cdef int legal(self) except -1
    cdef int _follow_stale(self, int seat) except -1
    cdef object _action(self, int code)
    cdef void apply_code(self, int code) noexcept
    cdef void _bid(self, int seat, int value) noexcept
    cdef void _end_bidding(self) noexcept
    cdef void _next_robber(self) noexcept
    cdef void _rob(self, int seat, bint rob) noexcept
    cdef void _take_kitty(self) noexcept
    cdef void _play(self, int seat, const CC* play) noexcept
    cdef void _trick_pass(self, int seat) noexcept
    cdef void _finish_play(self, int seat) noexcept
    cdef int greedy(self) except -1
    cdef int run(self, uint64_t seed, int policy) except -1
