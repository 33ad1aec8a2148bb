# The C side of Big Two's move generation: one combination as a struct, the
# per-rules tables, and the generator that mirrors chupai.bigtwo.movegen.hand_combos.
from libc.stdint cimport int64_t, uint64_t

# ComboKind by its index in the enum (chupai.bigtwo.combos.ComboKind order)
cdef enum:
    K_SINGLE = 0
    K_PAIR = 1
    K_TRIPLE = 2
    K_STRAIGHT = 3
    K_FLUSH = 4
    K_FULL_HOUSE = 5
    K_FOUR = 6
    K_SF = 7
    K_KICKER = 8
    K_TWO_PAIR = 9
    K_QUAD = 10
    N_KINDS = 11
    GROUP_MONSTER = 200
    FC_CARD_BY_CARD = 0
    FC_TOP_CARD = 1
    FC_SUIT_FIRST = 2


cdef struct ComboC:
    # a Combo (kind, mask, key, group) without Python objects
    uint64_t mask
    int64_t key
    int kind
    int group


cdef struct Buf:
    # a growable array of combinations (malloc'ed)
    ComboC* data
    int n
    int cap


cdef struct GenTables:
    # the fields of chupai.bigtwo.combos.Tables that the generator reads
    int ss[4]                   # suit_strength
    int cs[52]                  # card_strength
    int allows[11]
    int64_t off[11]             # kind_offset
    int grp[11]                 # kind_group
    int n_straights
    int st_ranks[16][5]
    int st_bits[16]
    int st_pos[16]
    int st_tb_index[16]         # index in st_ranks of the tie-break rank
    signed char straight_pos[8192]  # rank bits -> position in the straight ranking, or -1
    int flush_compare
    int same_type
    int over_small
    int n_sf
    uint64_t sf_masks[64]       # straight_flush_masks


cdef int buf_reserve(Buf* b, int need) except -1
cdef void buf_free(Buf* b) noexcept
cdef int gen_combos(const GenTables* t, uint64_t hand, Buf* out) except -1
cdef int fill_tables(GenTables* t, object rules) except -1


cdef class Gen:
    # the tables of one rules object, a scratch buffer, and the Python values:
    # the ComboKind members and the reusable Combo objects of the sets of one rank
    cdef GenTables t
    cdef Buf buf
    cdef readonly object rules
    cdef object combo_type
    cdef list kinds
    cdef list singles   # by card id
    cdef list sets      # pairs and triples by (kind, rank, sub-nibble), quads by rank
    cdef object _new(self, const ComboC* c)
    cdef object make(self, const ComboC* c)
    cdef int to_c(self, object combo, ComboC* out) except -1


cdef Gen gen_for(object rules)
