# Whole random Big A deals in C, for the benchmark: the shuffle of
# chupai.biga.notation.deal_stock (Python's random.Random: MT19937, the same
# numbers), the draw with its declarations and the two questions before play
# (chupai.biga.draw.DrawPhase), then play on the compiled deal engine
# (_fast_deal.FastDeal). Every decision takes index SplitMix64.below(count) of
# the legal list in the order of BigADeal.legal_actions(), as
# chupai.biga.playout.random_games_py does on the Python engine.
from libc.stdint cimport uint64_t

from chupai._mt cimport MT, mt_base, mt_below, mt_seed, mt_shuffle
from chupai._rng cimport SplitMix, sm_below
from chupai.biga._fast cimport ACEF, BIGF, MAXC
from chupai.biga._fast_deal cimport (
    NSEATS, DealTables, FastDeal, State, deal_tables, play_out,
)

from chupai.biga.notation import CANONICAL_STOCK


# ----- notation.deal_stock: random.Random(seed) (chupai._mt) ---------------------------

cdef MT BASE            # where every random.Random(seed) starts
mt_base(&BASE)


cdef int deal_stock(uint64_t seed, int* stock) noexcept nogil:
    # notation.deal_stock: random.Random(seed); first drawer, then the shuffle
    cdef MT r
    mt_seed(&r, seed, &BASE)
    cdef int first = mt_below(&r, 5)
    mt_shuffle(&r, stock, 108)
    return first


# ----- the draw: DrawPhase._run_draw, _end_draw, _after_show_second, _start_play --------

cdef struct Draw:
    unsigned char h[NSEATS][19]   # hands as face counts (Aces suited)
    int first, drawn, ck_start, ck_pos, declarer, big_suit, two_shown


cdef inline int ace_choices(Draw* w, int seat) noexcept nogil:
    # len(DrawPhase._draw_choices(seat)) - 1: the declarations the seat may make now
    cdef int n = 0, s, c
    for s in range(4):
        c = w.h[seat][15 + s]
        if c and w.declarer < 0:
            n += 1
        if c >= 2:
            n += 1
    return n


cdef int run_draw(Draw* w, const int* stock, SplitMix* rng, int* actions) noexcept nogil:
    # DrawPhase._run_draw with the random policy deciding at every checkpoint
    cdef int s, k, n, i, suit, c
    while True:
        while w.ck_pos < NSEATS:
            if w.two_shown:
                w.ck_pos = NSEATS
                break
            s = w.ck_start + w.ck_pos
            if s >= NSEATS:
                s -= NSEATS
            w.ck_pos += 1
            n = ace_choices(w, s)
            if n == 0:
                continue
            actions[0] += 1
            i = sm_below(rng, n + 1)         # [*declarations_of(seat), DECLINE]
            if i < n:
                for suit in range(4):        # draw.declarations order
                    c = w.h[s][15 + suit]
                    if c and w.declarer < 0:
                        if i == 0:
                            w.declarer, w.big_suit = s, suit
                            break
                        i -= 1
                    if c >= 2:
                        if i == 0:
                            w.declarer, w.big_suit, w.two_shown = s, suit, 1
                            break
                        i -= 1
        k = w.drawn
        if k > 102:                          # events.LAST_CHECKPOINT
            return 0
        s = (w.first + k) % NSEATS
        w.h[s][stock[k]] += 1
        w.drawn = k + 1
        if not w.two_shown:
            w.ck_start = s
            w.ck_pos = 0


cdef int start_deal(uint64_t seed, State* st, SplitMix* rng, int* actions) noexcept nogil:
    # new_deal(rules, seed) and its decisions before play: the Big Ace suit when
    # play starts (st ready), -1 on a redeal
    cdef int stock[108]
    cdef Draw w
    cdef int i, s, f, d, suit, alone, partner = -1, revealed = 0
    for i in range(108):
        stock[i] = CANON[i]
    w.first = deal_stock(seed, stock)
    for s in range(NSEATS):
        for f in range(19):
            w.h[s][f] = 0
    w.drawn = w.ck_start = 0
    w.ck_pos = NSEATS
    w.declarer = w.big_suit = -1
    w.two_shown = 0
    run_draw(&w, stock, rng, actions)
    if w.declarer < 0:                       # DrawPhase._end_draw: the forced ♥A
        for i in range(NSEATS):
            s = (w.first + i) % NSEATS
            if w.h[s][15 + 2]:
                w.declarer, w.big_suit = s, 2
                break
    for i in range(w.drawn, 108):           # the final round
        w.h[(w.first + i) % NSEATS][stock[i]] += 1
    if w.declarer < 0:
        return -1                            # a redeal: zero scores
    d, suit = w.declarer, w.big_suit
    alone = w.h[d][15 + suit] == 2
    if not alone:
        for s in range(NSEATS):
            if s != d and w.h[s][15 + suit]:
                partner = s
                break
    if alone and not w.two_shown:            # SHOW_SECOND or KEEP_HIDDEN
        actions[0] += 1
        if sm_below(rng, 2) == 0:
            w.two_shown = 1
    if partner >= 0:                         # REVEAL or STAY_HIDDEN
        actions[0] += 1
        revealed = sm_below(rng, 2) == 0
    open_play(st, &w, partner, alone, revealed)
    return suit


cdef void open_play(State* s, Draw* w, int partner, int alone, int revealed) noexcept nogil:
    # DrawPhase._start_play: normalized hands, the declarer leads
    cdef int seat, f, big = 15 + w.big_suit, aces
    for seat in range(NSEATS):
        s.hlo[seat] = s.hhi[seat] = 0
        aces = w.h[seat][ACEF]
        for f in range(4):
            if 15 + f != big:
                aces += w.h[seat][15 + f]
        for f in range(12):
            s.hlo[seat] |= <uint64_t>(aces if f == ACEF else w.h[seat][f]) << (5 * f)
        for f in range(12, 15):
            s.hhi[seat] |= <uint64_t>w.h[seat][f] << (5 * (f - 12))
        s.hhi[seat] |= <uint64_t>w.h[seat][big] << (5 * (BIGF - 12))
        s.ncache[seat] = -1
        s.stale[seat] = 0
        s.big_played[seat] = s.big_gained[seat] = s.scores[seat] = 0
    s.declarer = w.declarer
    s.partner = partner
    s.alone = alone
    s.partner_revealed = revealed
    s.public_partner = partner if revealed else -1
    s.two_shown = w.two_shown
    s.alone_known = w.two_shown
    s.top = s.top_player = -1
    s.passed = 0
    s.leader = s.to_act = w.declarer
    s.active = (1 << NSEATS) - 1
    s.nfin = 0
    s.nlegal = -1
    s.over = 0
    s.actions = 0


cdef unsigned char CANON[108]
for _i, _f in enumerate(CANONICAL_STOCK):
    CANON[_i] = _f


# ----- the Python API -----------------------------------------------------------------

def shuffled_stock(unsigned long long seed):
    """``notation.deal_stock(seed)`` computed in C: ``(first drawer, stock)``."""
    cdef int stock[108]
    cdef int i
    for i in range(108):
        stock[i] = CANON[i]
    first = deal_stock(seed, stock)
    return first, tuple([stock[i] for i in range(108)])


def random_games(rules, int n, unsigned long long seed=0):
    """``playout.random_games_py(rules, n, seed)``'s summary, every deal played in
    C: deals, redeals, actions and each seat's summed returns."""
    cdef list tabs = [deal_tables(rules, suit) for suit in range(4)]
    cdef int i, k, suit, redeals = 0
    cdef long long sums[NSEATS]
    for k in range(NSEATS):
        sums[k] = 0
    cdef long long actions = 0
    cdef int acts
    cdef FastDeal fd = FastDeal.__new__(FastDeal)
    cdef SplitMix rng
    for i in range(n):
        rng.state = seed + i
        acts = 0
        suit = start_deal(seed + i, &fd.s, &rng, &acts)
        if suit < 0:
            redeals += 1
            actions += acts
            continue
        fd.dt = <DealTables>tabs[suit]
        play_out(fd, &rng, 0)
        actions += acts + fd.s.actions
        for k in range(NSEATS):
            sums[k] += fd.s.scores[k]
    return {
        "deals": n,
        "redeals": redeals,
        "actions": actions,
        "returns": [sums[k] for k in range(NSEATS)],
    }
