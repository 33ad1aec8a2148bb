# The play phase of a Big Two deal in C (see _fast_deal.pyx): the options it
# reads, the state it changes, and the functions random_games (_fast_games.pyx) calls.
from libc.stdint cimport int64_t, uint64_t

from chupai.bigtwo._fast_gen cimport ComboC, GenTables

# scoring and settlement by their index in the enums of chupai.bigtwo.rules
cdef enum:
    SC_WIKI = 0
    SC_SEED001 = 1
    SC_MAINLAND = 2
    SC_POINTS = 3
    SC_DEDUCTION = 4
    SC_PLUS_MINUS = 5
    SC_BASIC = 6
    SE_WINNER_TAKES_ALL = 0
    SE_PAIRWISE = 1
    SE_NEGATED = 2
    PASS = -1



cdef struct Opts:
    # the options the play phase reads
    int players
    int lockout
    int repeat_lock
    int monsters
    int over_small
    int last_remaining
    int scoring
    int settlement
    int winner_bonus
    int spade_ace_40
    int spade_ace
    int order[52]       # Tables.strength_order: card ids from the weakest


cdef struct State:
    # the slots of BigTwoDeal that the play phase changes
    uint64_t hands[4]
    uint64_t played[4]
    int active
    int passed
    int to_act          # -1 once the deal is over
    int top_player
    int leader
    uint64_t must_contain
    int has_top
    ComboC top
    int has_lock        # repeat_lead_lock: lock_play is set
    int lock_player
    ComboC lock_play
    int forced
    int winner          # -1 until the first player is out
    uint64_t win_hands[4]
    uint64_t win_played[4]
    ComboC win_play
    int over
    int64_t scores[4]
    int actions


cdef struct Engine:
    const GenTables* t
    Opts o
    State s
    ComboC* combos[4]         # each seat's combinations still held (BigTwoDeal._combos)
    int ncombos[4]
    int* legal                 # scratch: combo indices, PASS = -1
    int nlegal                 # -1: not computed



cdef int compute_legal(Engine* e) noexcept nogil
cdef void apply_legal(Engine* e, int k) noexcept nogil
cdef void play_out(Engine* e, uint64_t seed, bint greedy) noexcept nogil
cdef int fill_opts(Opts* o, object rules) except -1
