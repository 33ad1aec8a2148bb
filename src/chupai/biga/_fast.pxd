# The C view of Big A's combination tables (chupai.biga.combos.Tables) and the
# move generator over it, shared by _fast.pyx (legal-move listing) and
# _fast_deal.pyx (the compiled deal engine).
#
# Cards in C: 16 "compact" faces, 0..14 as in chupai.biga.cards (3 .. K, A, 2,
# BJ, RJ) and 15 for the Big Ace (the suited field of the Big Ace suit once a
# hand is normalized). Packed like the Python ints, 5 bits a face, in two words:
# ``lo`` holds faces 0..11 (bits 0..59, the same bits as the Python int) and
# ``hi`` faces 12..15 (bits 0..19). Bit 4 of every field is a guard bit, so
# "does the hand hold these cards" is one subtraction and a mask per word, as in
# chupai.biga.cards.contains.
from libc.stdint cimport uint64_t


cdef enum:
    NF = 16        # compact faces
    BIGF = 15      # the compact face of the Big Ace
    ACEF = 11      # the ordinary Ace (cards.ACE)
    FOURF = 1      # the 4s (combos.FOUR)
    MAXC = 512     # more than the combinations of any rules/suit (at most ~400)
    MAXPOS = 14    # positions of the sequence chain
    # Kind indexes (chupai.biga.combos.KIND_INDEX)
    K_SINGLE = 0
    K_PAIR = 1
    K_SEQUENCE = 2
    K_PAIR_SEQUENCE = 3
    K_EGG = 4
    K_BIG_EGG = 5

# the guard bits of the two words (bit 4 of each 5-bit field)
cdef inline uint64_t guard_lo() noexcept nogil:
    return 0x84210842108421ULL << 4

cdef inline uint64_t guard_hi() noexcept nogil:
    return 0x8421ULL << 4

cdef inline bint holds(uint64_t hlo, uint64_t hhi, uint64_t slo, uint64_t shi) noexcept nogil:
    # chupai.biga.cards.contains on the two words
    return ((hlo + guard_lo() - slo) & guard_lo()) == guard_lo() and (
        (hhi + guard_hi() - shi) & guard_hi()) == guard_hi()


cdef struct CInfo:
    # one combination's fields, together for the follow filter's single load
    short key
    unsigned char kind, size, bomb


cdef class CTables:
    # One rules object and Big Ace suit: Tables in C arrays of combination ids.
    cdef readonly object rules
    cdef readonly object big_suit
    cdef readonly tuple combos         # id -> the Combo (the Python value)
    cdef readonly dict ids             # the Combo's cards -> its id
    cdef readonly object capture_combos  # n -> the Combo of n fours, tables(rules, None)
    cdef int n                          # number of combinations
    cdef int has_big                    # whether there is a Big Ace suit
    cdef int big_field                  # its suited field in the Python int (15 + suit)
    # rule options
    cdef int in_sets, egg_joker, egg_pair_seq, min_big, fours_capture, p2d5
    # per combination
    cdef unsigned char kind[MAXC]
    cdef unsigned char size[MAXC]
    cdef unsigned char bomb[MAXC]
    cdef short key[MAXC]
    cdef CInfo info[MAXC]
    cdef uint64_t lo[MAXC]
    cdef uint64_t hi[MAXC]
    # Tables.sets / jokers / single_big / two_big_aces / ace_sets as ids (-1: None)
    cdef short sets[13][9]
    cdef short jokers[3][3]
    cdef short single_big
    cdef short two_big
    cdef short ace_sets[3][9]
    # the sequence chain and the runs of movegen._RUNS
    cdef int npos
    cdef int chain[MAXPOS]
    cdef int runs_m[4]
    cdef int runs_min[4]
    # Tables.plain[m][a][b] and Tables.acey[m][a][b][j] as slices [start, end) of seq
    cdef int plain_at[4][MAXPOS][MAXPOS][2]
    cdef int acey_at[4][MAXPOS][MAXPOS][3][2]
    cdef short* seq


cdef CTables ctables(object rules, object big_suit)
cdef void unpack_hand(object hand, CTables t, unsigned char* c)
cdef int gen(CTables t, const unsigned char* c, short* out) noexcept nogil
cdef int follow_ids(CTables t, const short* src, int n, int top, short* out) noexcept nogil
cdef void bomb_floor(CTables t, int top, int* egg, int* min_big) noexcept nogil
cdef int follow_fields(CTables t, const short* src, int n, int tkind, int tkey, int tsize,
                       int tbomb, short* out) noexcept nogil
cdef list ids_to_list(CTables t, const short* ids, int n)
