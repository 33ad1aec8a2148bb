# The play phase of a Big Two deal in C: the options it reads and the state it
# changes (declarations only; _fast_deal.pyx plays, _fast_score.pyx scores).
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
    CALL = 1 << 20      # added to a combo index: the play with the "last card" call
    DD_OFF = 0
    DD_PENALTY = 1
    DD_ENFORCE = 2



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
    int extras          # ding_da on or last_card_call (BigTwoDeal._extras)
    int ding_da
    int last_card_call


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
    int blocked         # seats blocked for a missed "last card" call (§10.2)
    int liable          # ding_da=penalty: the liable seat, or -1
    int has_watch       # BigTwoDeal._dd_watch = (watch_seat, watch_play, watch_violator)
    int watch_seat
    ComboC watch_play
    int watch_violator


cdef struct Engine:
    const GenTables* t
    Opts o
    State s
    ComboC* combos[4]         # each seat's combinations still held (BigTwoDeal._combos)
    int ncombos[4]
    int* legal                 # scratch: combo indices, PASS = -1
    int nlegal                 # -1: not computed
