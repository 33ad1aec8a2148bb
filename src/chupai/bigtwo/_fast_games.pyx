# Whole random deals of Big Two in C, for the benchmark: the deal of each seed is
# dealt as chupai.bigtwo.game.new_deal deals it (the MT19937 shuffle of
# chupai._mt, the leftover step and the first lead of chupai.bigtwo.phases), then
# played to the end by the compiled play phase with SplitMix64(seed) choices.
from libc.stdint cimport uint64_t
from libc.stdlib cimport free, realloc

from chupai._mt cimport MT, mt_base, mt_below, mt_seed, mt_shuffle
from chupai.bigtwo._fast_deal cimport apply_legal, compute_legal, fill_opts, play_out
from chupai.bigtwo._fast_state cimport Engine
from chupai.bigtwo._fast_gen cimport Buf, Gen, buf_free, gen_combos, gen_for

cdef uint64_t LOW = 0x1111111111111
cdef MT BASE            # where every random.Random(seed) starts (chupai._mt)
mt_base(&BASE)


cdef extern from *:
    int popcount "__builtin_popcountll"(unsigned long long) nogil


cdef struct DealOpts:
    # what dealing reads (chupai.bigtwo.game.deal_cards and the steps into play)
    int per_hand
    int leftover_count
    int leftover_to_holder      # leftover_rule=to_starting_card_holder (else set aside)
    int suited_dragon
    int dragon
    int four_twos


cdef int lowest_holder(const Engine* e, int* card) noexcept nogil:
    # PrePlay._lowest_holder
    cdef int i, c, seat
    for i in range(52):
        c = e.o.order[i]
        for seat in range(e.o.players):
            if e.s.hands[seat] >> c & 1:
                card[0] = c
                return seat
    card[0] = -1
    return -1


cdef bint instant(const DealOpts* d, uint64_t h) noexcept nogil:
    # preplay.instant_win_kind is not None
    cdef int s
    if d.suited_dragon:
        for s in range(4):
            if h & (LOW << s) == LOW << s:
                return True
    if d.dragon and (h | h >> 1 | h >> 2 | h >> 3) & LOW == LOW:
        return True
    return d.four_twos and (h >> 48) & 15 == 15


cdef bint deal_c(Engine* e, const DealOpts* d, uint64_t seed) noexcept nogil:
    """Deal seed's hands into e and open play (deal_cards, from_hands); False when
    an instant win ends the deal at once (the caller deals it in Python)."""
    cdef MT mt
    cdef int deck[52]
    cdef int n = e.o.players, i, dealer, first, p0, card
    cdef uint64_t leftover = 0
    mt_seed(&mt, seed, &BASE)
    dealer = mt_below(&mt, n)
    for i in range(52):
        deck[i] = i
    mt_shuffle(&mt, deck, 52)
    first = (dealer + 1) % n
    for i in range(n):
        e.s.hands[i] = 0
        e.s.played[i] = 0
    for i in range(d.per_hand * n):
        e.s.hands[(first + i) % n] |= (<uint64_t>1) << deck[i]
    for i in range(d.per_hand * n, d.per_hand * n + d.leftover_count):
        leftover |= (<uint64_t>1) << deck[i]
    p0 = lowest_holder(e, &card)
    if leftover and d.leftover_to_holder:
        e.s.hands[p0] |= leftover
    p0 = lowest_holder(e, &card)
    for i in range(n):
        if instant(d, e.s.hands[i]):
            return False
    e.s.active = (1 << n) - 1
    e.s.passed = 0
    e.s.to_act = e.s.leader = p0
    e.s.top_player = 0
    e.s.must_contain = (<uint64_t>1) << card
    e.s.has_top = e.s.has_lock = e.s.forced = e.s.over = e.s.actions = 0
    e.s.blocked = e.s.has_watch = 0
    e.s.winner = e.s.liable = -1
    return True


def c_dealing(rules):
    """Whether random_games can deal the deals of ``rules`` in C (else it deals them
    in Python): no decision before play but the automatic leftover steps."""
    from chupai.bigtwo.rules import LeftoverRule

    return (
        rules.redeal_max_points is None
        and not rules.redeal_two_faces
        and not rules.redeal_four_twos
        and not rules.pre_exchange
        and (
            rules.leftover_count == 0
            or rules.leftover_rule in (LeftoverRule.TO_STARTING_CARD_HOLDER, LeftoverRule.SET_ASIDE)
        )
    )


def random_games(rules, int n, seed=0, bint deal_in_c=True, fallback=None):
    """Play the deals of seeds seed..seed+n-1 with random choices (SplitMix64(seed)):
    returns ``{"deals", "actions", "wins", "returns", "dealt_in_c"}``. A deal that
    is not dealt in C (``deal_in_c`` false, rules it cannot deal, an instant win) is
    made by ``new_deal`` and, when it does not start in the play phase, handed to
    ``fallback(deal, seed) -> (returns, actions, winner)``."""
    from chupai.bigtwo.game import new_deal
    from chupai.bigtwo.rules import InstantWin
    from chupai.bigtwo.values import Phase

    cdef Engine e
    cdef DealOpts d
    cdef Gen g = gen_for(rules)
    cdef Buf bufs[4]
    cdef int cap = 0, i, most, players = rules.players
    cdef long long actions = 0
    cdef long long sums[4]
    cdef long long wins[4]
    cdef int dealt = 0
    cdef uint64_t s
    cdef int* legal
    fill_opts(&e.o, rules)
    e.t = &g.t
    e.legal = NULL
    d.per_hand = rules.cards_per_hand
    d.leftover_count = rules.leftover_count
    d.leftover_to_holder = rules.leftover_rule.name == "TO_STARTING_CARD_HOLDER"
    d.suited_dragon = InstantWin.SUITED_DRAGON in rules.instant_wins
    d.dragon = InstantWin.DRAGON in rules.instant_wins
    d.four_twos = InstantWin.FOUR_TWOS in rules.instant_wins
    deal_in_c = deal_in_c and c_dealing(rules)
    for i in range(4):
        bufs[i].data = NULL
        bufs[i].n = bufs[i].cap = 0
        sums[i] = wins[i] = 0
    try:
        for py_seed in range(seed, seed + n):
            if deal_in_c and 0 <= py_seed < 2**64 and deal_c(&e, &d, <uint64_t>py_seed):
                dealt += 1
            else:
                deal = new_deal(rules, py_seed)
                if deal.phase is not Phase.PLAY:
                    rets, acts, winner = fallback(deal, py_seed)
                    actions += acts
                    if winner is not None:
                        wins[winner] += 1
                    for i in range(players):
                        sums[i] += rets[i]
                    continue
                _load(&e, deal)
            most = 0
            for i in range(players):
                gen_combos(&g.t, e.s.hands[i], &bufs[i])
                e.combos[i] = bufs[i].data
                e.ncombos[i] = bufs[i].n
                most = max(most, bufs[i].n)
            if 2 * most + 2 > cap:
                cap = 2 * most + 2
                legal = <int*>realloc(e.legal, cap * sizeof(int))
                if legal == NULL:
                    raise MemoryError()
                e.legal = legal
            e.nlegal = -1
            s = <uint64_t>(py_seed & 0xFFFFFFFFFFFFFFFF)
            play_out(&e, s, False)
            actions += e.s.actions
            wins[e.s.winner] += 1
            for i in range(players):
                sums[i] += e.s.scores[i]
    finally:
        free(e.legal)
        for i in range(4):
            buf_free(&bufs[i])
    return {
        "deals": n,
        "actions": actions,
        "wins": [wins[i] for i in range(players)],
        "returns": [sums[i] for i in range(players)],
        "dealt_in_c": dealt,
    }


cdef int _load(Engine* e, deal) except -1:
    # a new deal at its first lead (no play yet)
    cdef int i
    for i in range(e.o.players):
        e.s.hands[i] = deal.hands[i]
        e.s.played[i] = deal.played[i]
    e.s.active = deal._active
    e.s.passed = 0
    e.s.to_act = e.s.leader = deal.to_act
    e.s.top_player = 0
    e.s.must_contain = deal.must_contain
    e.s.has_top = e.s.has_lock = e.s.forced = e.s.over = e.s.actions = 0
    e.s.blocked = e.s.has_watch = 0
    e.s.winner = e.s.liable = -1
    return 0
