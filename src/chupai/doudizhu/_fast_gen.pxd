# The compiled Dou Dizhu move generator: C twins of the rules' shape table
# (chupai.doudizhu.shapes.ShapeRules), of a Combo and of movegen._hand_combos.
# _fast_gen.pyx implements the functions; _fast.pyx and _fast_deal.pyx use them.
from libc.stdint cimport int64_t, uint8_t, uint16_t, uint32_t, uint64_t


cdef enum:
    NR = 15          # ranks 3 .. 2, BJ, RJ (combos.NRANKS)
    ACE_ = 11
    TWO_ = 12
    BJ_ = 13
    RJ_ = 14
    LOW_RANKS = 12   # ranks 0..11 live in CC.lo, ranks 12..14 in CC.hi
    MAXSH = 8        # shapes in one stage of the plan
    MAXSTAGE = 8     # stages of movegen.PLAN
    # the stages of movegen.PLAN
    ST_JOKERS = 0
    ST_KICKER = 1
    ST_RUNS = 2
    ST_WINGED = 3
    ST_KICKERS = 4
    # wings (shapes.Wings values)
    W_NONE = 0
    W_SINGLES = 1
    W_PAIRS = 2


cdef struct CC:
    # One Combo: the packed cards split in two words (ranks 0..11 in lo, 5 bits
    # each as in combos.Cards; ranks 12..14 in hi), and the Combo's other fields.
    uint64_t lo
    uint32_t hi
    uint16_t group
    uint8_t power
    uint8_t kind     # KIND_INDEX of the kind
    uint8_t key
    uint8_t size


cdef struct Shp:
    # shapes.ShapeRules, the fields the generator reads
    uint8_t kind
    uint8_t copies
    uint8_t lo
    uint8_t hi
    uint8_t low
    uint8_t high
    uint8_t wings
    uint8_t per
    uint8_t same_rank
    uint8_t flag_pair
    uint8_t tier


cdef struct Stage:
    int kind         # ST_*
    int n
    Shp sh[MAXSH]


cdef struct GenRules:
    # What movegen reads of Tables: the plan and the sets of one rank.
    int four
    int match
    int top_pair     # the highest rank that forms a pair (TWO, or RJ in four_player)
    int nstage
    Stage stages[MAXSTAGE]
    int nsets
    Shp sets[MAXSH]  # set shapes without wings, fewest copies first (Tables._sets_of)


cdef struct Buf:
    # a growable array of combos
    CC* data
    int n
    int cap


cdef int buf_init(Buf* b, int cap) except -1
cdef void buf_free(Buf* b) noexcept
cdef int gen_combos(const GenRules* g, uint64_t lo, uint32_t hi, Buf* out) except -1


cdef inline int count_of(uint64_t lo, uint32_t hi, int r) noexcept nogil:
    if r < LOW_RANKS:
        return <int>((lo >> (5 * r)) & 31)
    return <int>((hi >> (5 * (r - LOW_RANKS))) & 31)


cdef inline void unpack_counts(uint64_t lo, uint32_t hi, int* c) noexcept nogil:
    cdef int r
    for r in range(LOW_RANKS):
        c[r] = <int>((lo >> (5 * r)) & 31)
    for r in range(LOW_RANKS, NR):
        c[r] = <int>((hi >> (5 * (r - LOW_RANKS))) & 31)


cdef inline bint holds(uint64_t hlo, uint32_t hhi, const CC* x) noexcept nogil:
    # combos.contains(hand, x.cards): SWAR, no borrow out of any field's guard
    # bit (0x842108421084210 and 0x4210: the guard bits of each word)
    return ((hlo + 0x842108421084210ULL - x.lo) & 0x842108421084210ULL) == 0x842108421084210ULL \
        and ((hhi + 0x4210 - x.hi) & 0x4210) == 0x4210


cdef inline bint beats_c(const CC* x, const CC* top) noexcept nogil:
    # combos.beats(x, top)
    if top.power:
        return x.power > top.power
    if x.power:
        return True
    return x.group == top.group and x.key > top.key
