# The Big Two deal's play phase in C, for fast play: FastDeal mirrors
# chupai.bigtwo.game.BigTwoDeal (legal_actions, apply_unchecked, the §10
# obligations and the trick of chupai.trick.Trick), every option of the play phase.
from libc.stdint cimport int64_t, uint64_t
from libc.stdlib cimport free, malloc
from libc.string cimport memcpy

from chupai._rng cimport SplitMix, sm_below
from chupai.bigtwo._fast_gen cimport GROUP_MONSTER, ComboC, Gen, gen_combos, gen_for
from chupai.bigtwo._fast_score cimport score_play


cdef extern from *:
    int popcount "__builtin_popcountll"(unsigned long long) nogil
    int ctz "__builtin_ctzll"(unsigned long long) nogil

# ----- the trick (chupai.trick.Trick) ---------------------------------------------

cdef inline int next_seat(int mask, int seat) noexcept nogil:
    cdef int above = mask >> (seat + 1)
    if above:
        return seat + ctz(above) + 1
    return ctz(mask)


cdef inline bint beats(const Engine* e, const ComboC* c, const ComboC* top) noexcept nogil:
    # combos.beats_fn
    cdef int ts
    if c.group == top.group:
        return c.key > top.key
    if e.o.monsters and c.group == GROUP_MONSTER:
        ts = popcount(top.mask)
        return ts == 5 or (e.o.over_small and ts <= 3)
    return False


cdef void end_trick(Engine* e) noexcept nogil:
    # BigTwoDeal._end_trick (the repeat-lead lock) then Trick._end_trick
    cdef State* s = &e.s
    if e.o.repeat_lock and not s.forced:
        if s.active >> s.top_player & 1:
            s.has_lock = 1
            s.lock_player = s.top_player
            s.lock_play = s.top
        else:
            s.has_lock = 0
    s.forced = 0
    s.has_top = 0
    s.passed = 0
    if s.active >> s.top_player & 1:
        s.leader = s.to_act = s.top_player
    else:
        s.leader = s.to_act = next_seat(s.active, s.top_player)
    if s.blocked:
        s.leader = s.to_act = unblocked_leader(e, s.leader)


cdef int unblocked_leader(Engine* e, int leader) noexcept nogil:
    # BigTwoDeal._unblocked_leader: the lead passes over blocked seats (§10.2)
    cdef int i, cand, n = e.o.players
    for i in range(n):
        cand = (leader + i) % n
        if e.s.active >> cand & 1 and not e.s.blocked >> cand & 1:
            return cand
    e.s.blocked = 0
    return leader


cdef void trick_pass(Engine* e, int seat) noexcept nogil:
    # Trick._trick_pass
    cdef State* s = &e.s
    cdef int active = s.active
    s.passed |= 1 << seat
    if active & ~s.passed & ~(1 << s.top_player) == 0:
        end_trick(e)
        return
    if e.o.lockout:
        active &= ~s.passed
    s.to_act = next_seat(active, seat)


cdef void trick_turn(Engine* e, int seat) noexcept nogil:
    # Trick._trick_turn
    cdef State* s = &e.s
    if s.active & ~s.passed & ~(1 << s.top_player) == 0:
        end_trick(e)
    elif e.o.lockout:
        s.to_act = next_seat(s.active & ~s.passed, seat)
    else:
        s.to_act = next_seat(s.active, seat)


# ----- the §10 obligations (BigTwoDeal._obliged, _ding_da_filter, _watch_ding_da) -----

cdef int next_in_trick(const Engine* e, int seat) noexcept nogil:
    # Trick._next_in_trick, -1 for None
    cdef int mask = e.s.active & ~(1 << seat)
    if e.o.lockout and e.s.has_top:
        mask &= ~e.s.passed
    return next_seat(mask, seat) if mask else -1


cdef bint ding_da_applies(const Engine* e, int seat) noexcept nogil:
    cdef int nxt = next_in_trick(e, seat)
    return nxt >= 0 and popcount(e.s.hands[nxt]) == 1


cdef uint64_t highest(const Engine* e, uint64_t hand) noexcept nogil:
    # BigTwoDeal._highest: the strongest card of hand, as a mask
    cdef int card, best = 0, strength = -1
    while hand:
        card = ctz(hand)
        hand &= hand - 1
        if e.t.cs[card] > strength:
            strength = e.t.cs[card]
            best = card
    return (<uint64_t>1) << best


cdef int ding_da_filter(Engine* e, int seat, int n, bint leading) noexcept nogil:
    """_ding_da_filter on the n combo indices of e.legal, in place; the new count."""
    cdef const ComboC* cs = e.combos[seat]
    cdef uint64_t top_card = highest(e, e.s.hands[seat]), mask
    cdef int i, m = 0, multi = 0, tops = 0
    cdef bint keep
    for i in range(n):
        mask = cs[e.legal[i]].mask
        multi += (mask & (mask - 1)) != 0
        tops += mask == top_card
    for i in range(n):
        mask = cs[e.legal[i]].mask
        if leading and multi:
            keep = (mask & (mask - 1)) != 0
        elif leading:
            keep = mask == top_card or not tops
        else:
            keep = (mask & (mask - 1)) != 0 or mask == top_card
        if keep:
            e.legal[m] = e.legal[i]
            m += 1
    return m


cdef int obliged(Engine* e, int seat, int n, bint leading) noexcept nogil:
    """_obliged on the n legal plays of e.legal: the 頂大 filter (enforce), then the
    plays again with the "last card" call; the new count."""
    cdef int i, m, left
    if e.s.blocked >> seat & 1 and not leading:
        return 0
    if e.o.ding_da == DD_ENFORCE and ding_da_applies(e, seat):
        n = ding_da_filter(e, seat, n, leading)
    if e.o.last_card_call:
        left = popcount(e.s.hands[seat]) - 1
        m = n
        for i in range(n):
            if popcount(e.combos[seat][e.legal[i]].mask) == left:
                e.legal[m] = e.legal[i] | CALL
                m += 1
        n = m
    return n


cdef bint violates(const Engine* e, int seat, const ComboC* play) noexcept nogil:
    # BigTwoDeal._violates: play breaks the 頂大 obligation
    cdef const ComboC* cs = e.combos[seat]
    cdef uint64_t top_card, mc = e.s.must_contain, mask
    cdef int i, multi = 0, tops = 0
    if not ding_da_applies(e, seat):
        return False
    top_card = highest(e, e.s.hands[seat])
    if e.s.has_top:
        return play.mask & (play.mask - 1) == 0 and play.mask != top_card
    for i in range(e.ncombos[seat]):
        mask = cs[i].mask
        if mask & mc == mc:
            multi += (mask & (mask - 1)) != 0
            tops += mask == top_card
    if multi:
        return play.mask & (play.mask - 1) == 0
    return tops > 0 and play.mask != top_card


cdef inline bint same_combo(const ComboC* a, const ComboC* b) noexcept nogil:
    return a.mask == b.mask and a.key == b.key and a.kind == b.kind and a.group == b.group


cdef void watch_ding_da(Engine* e, int seat, const ComboC* play) noexcept nogil:
    # BigTwoDeal._watch_ding_da (ding_da=penalty, §10.1)
    cdef State* s = &e.s
    if s.has_watch and s.watch_seat == seat:
        s.has_watch = 0
        if (s.hands[seat] == play.mask and s.winner < 0 and s.has_top
                and same_combo(&s.top, &s.watch_play)):
            s.liable = s.watch_violator
    if e.o.ding_da == DD_PENALTY and violates(e, seat, play):
        s.has_watch = 1
        s.watch_seat = next_in_trick(e, seat)
        s.watch_play = play[0]
        s.watch_violator = seat


# ----- legal actions and moves (BigTwoDeal.legal_actions, apply_unchecked) ---------

cdef int compute_legal(Engine* e) noexcept nogil:
    """The legal actions of the seat to act as combo indices (PASS last), in the
    order of BigTwoDeal.legal_actions."""
    cdef State* s = &e.s
    cdef int seat = s.to_act, i, n = 0, size
    cdef uint64_t mc
    cdef const ComboC* cs
    cdef const ComboC* c
    if seat < 0:
        e.nlegal = 0
        return 0
    cs = e.combos[seat]
    if not s.has_top:
        mc = s.must_contain
        for i in range(e.ncombos[seat]):
            c = &cs[i]
            if c.mask & mc == mc:
                e.legal[n] = i
                n += 1
        if e.o.extras:
            n = obliged(e, seat, n, True)
        e.nlegal = n
        return n
    if not s.forced:
        for i in range(e.ncombos[seat]):
            c = &cs[i]
            if c.group == s.top.group and c.key > s.top.key:
                e.legal[n] = i
                n += 1
        if e.o.monsters and s.top.group != GROUP_MONSTER:
            size = popcount(s.top.mask)
            if size == 5 or (size <= 3 and e.o.over_small):
                for i in range(e.ncombos[seat]):
                    c = &cs[i]
                    if c.group == GROUP_MONSTER:
                        e.legal[n] = i
                        n += 1
        if e.o.extras:
            n = obliged(e, seat, n, False)
    e.legal[n] = PASS
    e.nlegal = n + 1
    return n + 1


cdef void go_out(Engine* e, int seat, const ComboC* play) noexcept nogil:
    # BigTwoDeal._go_out
    cdef State* s = &e.s
    cdef int i
    s.active &= ~(1 << seat)
    if s.winner < 0:
        s.winner = seat
        s.win_play = play[0]
        for i in range(e.o.players):
            s.win_hands[i] = s.hands[i]
            s.win_played[i] = s.played[i]
        if not e.o.last_remaining:
            score_play(e)
            return
    if popcount(s.active) <= 1:
        score_play(e)


cdef inline void drop_combos(Engine* e, int seat, uint64_t mask) noexcept nogil:
    # BigTwoDeal.apply_unchecked: _combos[seat] = [c for c in combos if not c[1] & mask]
    cdef ComboC* cs = e.combos[seat]
    cdef int i, n = 0
    for i in range(e.ncombos[seat]):
        if not cs[i].mask & mask:
            if n != i:
                cs[n] = cs[i]
            n += 1
    e.ncombos[seat] = n


cdef void apply_legal(Engine* e, int k) noexcept nogil:
    """Apply the k-th legal action (BigTwoDeal.apply_unchecked, play phase)."""
    cdef State* s = &e.s
    cdef int seat = s.to_act, idx = e.legal[k]
    cdef ComboC play
    cdef const ComboC* c
    cdef uint64_t hand
    cdef bint called = False
    e.nlegal = -1
    s.actions += 1
    if idx == PASS:
        if s.has_watch and s.watch_seat == seat:
            s.has_watch = 0
        trick_pass(e, seat)
        return
    if idx & CALL:
        idx &= ~CALL
        called = True
    play = e.combos[seat][idx]
    c = &play
    if e.o.extras:
        watch_ding_da(e, seat, c)
    hand = s.hands[seat] & ~c.mask
    s.hands[seat] = hand
    s.played[seat] |= c.mask
    drop_combos(e, seat, c.mask)
    if not s.has_top and s.has_lock:
        # BigTwoDeal._lead_under_lock
        if seat == s.lock_player and c.kind == s.lock_play.kind and beats(e, c, &s.lock_play):
            s.forced = 1
        else:
            s.has_lock = 0
    s.top = c[0]
    s.has_top = 1
    s.top_player = seat
    if not e.o.lockout:
        s.passed = 0
    s.must_contain = 0
    if e.o.last_card_call and not called and popcount(hand) == 1:
        s.blocked |= 1 << seat
    if not hand:
        go_out(e, seat, c)
        if s.over:
            return
    trick_turn(e, seat)


cdef int greedy_choice(Engine* e) noexcept nogil:
    """The greedy policy (playout.greedy_index): leading, the legal play with the
    most cards, then the lowest key; following, the lowest beating play (monsters
    last), else pass; ties go to the first in the list."""
    cdef int i, best = -1, size, best_size = -1, mon, best_mon = 2
    cdef const ComboC* c
    cdef const ComboC* cs = e.combos[e.s.to_act]
    cdef int64_t best_key = 0
    for i in range(e.nlegal):
        if e.legal[i] == PASS:
            continue
        c = &cs[e.legal[i] & ~CALL]
        if not e.s.has_top:
            size = popcount(c.mask)
            if size > best_size or (size == best_size and c.key < best_key):
                best, best_size, best_key = i, size, c.key
        else:
            mon = c.group == GROUP_MONSTER
            if mon < best_mon or (mon == best_mon and c.key < best_key):
                best, best_mon, best_key = i, mon, c.key
    return best if best >= 0 else e.nlegal - 1


cdef void play_out(Engine* e, uint64_t seed, bint greedy) noexcept nogil:
    cdef SplitMix rng
    rng.state = seed
    while not e.s.over:
        compute_legal(e)
        if greedy:
            apply_legal(e, greedy_choice(e))
        else:
            apply_legal(e, sm_below(&rng, e.nlegal))




# ----- Python side ----------------------------------------------------------------

def unsupported(rules):
    """The options of ``rules`` the compiled core does not play, for which callers
    fall back to the pure-Python reference: more than four players (its arrays
    hold four seats), two packs (its masks hold one pack) and the round-robin deal
    of the leftover cards (its dealer deals even hands)."""
    bad = []
    if rules.players > 4:
        bad.append(f"players={rules.players}")
    if rules.packs != 1:
        bad.append(f"packs={rules.packs}")
    if rules.leftover_rule.value == "round_robin":
        bad.append("leftover_rule=round_robin")
    return bad


cdef int fill_opts(Opts* o, object rules) except -1:
    from chupai.bigtwo.combos import tables
    from chupai.bigtwo.rules import DingDa, FiveCardRule, PlayUntil, Scoring, Settlement
    from chupai.cards import parse_card

    assert [m.name for m in Scoring][:7] == [
        "CARDS_WIKI", "CARDS_SEED001", "CARDS_MAINLAND", "CARD_POINTS",
        "TAIWAN_DEDUCTION", "TAIWAN_PLUS_MINUS", "TAIWAN_BASIC"]
    assert [m.name for m in Settlement] == ["WINNER_TAKES_ALL", "PAIRWISE", "NEGATED_PENALTY"]
    bad = unsupported(rules)
    if bad:
        raise ValueError("the compiled play phase does not play " + ", ".join(bad))
    o.players = rules.players
    o.lockout = rules.pass_lockout
    o.repeat_lock = rules.repeat_lead_lock
    o.monsters = rules.five_card_rule is FiveCardRule.SAME_TYPE_OR_MONSTER
    o.over_small = rules.monster_over_small
    o.last_remaining = rules.play_until is PlayUntil.LAST_REMAINING
    o.scoring = list(Scoring).index(rules.scoring)
    o.settlement = list(Settlement).index(rules.settlement)
    o.winner_bonus = rules.winner_bonus
    o.spade_ace_40 = rules.deduction_spade_ace_40
    o.spade_ace = parse_card("AS")
    o.ding_da = {DingDa.OFF: DD_OFF, DingDa.PENALTY: DD_PENALTY, DingDa.ENFORCE: DD_ENFORCE}[
        rules.ding_da]
    o.last_card_call = rules.last_card_call
    o.extras = o.ding_da != DD_OFF or o.last_card_call
    for i, c in enumerate(tables(rules).strength_order):
        o.order[i] = c
    return 0


cdef class FastDeal:
    """The play phase of a BigTwoDeal in C: ``FastDeal(deal)`` copies a deal in its
    play phase (or over); the legal actions come in the order of
    ``deal.legal_actions()``, by index."""

    cdef Engine e
    cdef Gen gen
    cdef int cap

    def __cinit__(self):
        cdef int i
        self.e.legal = NULL
        for i in range(4):
            self.e.combos[i] = NULL
            self.e.ncombos[i] = 0

    def __dealloc__(self):
        cdef int i
        free(self.e.legal)
        for i in range(4):
            free(self.e.combos[i])

    def __init__(self, deal):
        from chupai.bigtwo.values import Phase

        rules = deal.rules
        fill_opts(&self.e.o, rules)
        if deal.phase is not Phase.PLAY and deal.phase is not Phase.OVER:
            raise ValueError(f"FastDeal starts in the play phase, not {deal.phase.value}")
        self.gen = gen_for(rules)
        self.e.t = &self.gen.t
        cdef State* s = &self.e.s
        cdef int n = rules.players, seat, most = 0
        for seat in range(n):
            gen_combos(&self.gen.t, deal.hands[seat], &self.gen.buf)
            self._own(seat, self.gen.buf.data, self.gen.buf.n)
            most = max(most, self.gen.buf.n)
            s.hands[seat] = deal.hands[seat]
            s.played[seat] = deal.played[seat]
        self._alloc(2 * most + 2)
        self.e.nlegal = -1
        s.active = deal._active
        s.passed = deal.passed
        s.to_act = -1 if deal.to_act is None else deal.to_act
        s.top_player = 0 if deal.top_player is None else deal.top_player
        s.leader = 0 if deal.leader is None else deal.leader
        s.must_contain = deal.must_contain
        s.has_top = deal.top is not None
        if s.has_top:
            self.gen.to_c(deal.top, &s.top)
        s.has_lock = deal.lock_play is not None
        if s.has_lock:
            s.lock_player = deal.lock_player
            self.gen.to_c(deal.lock_play, &s.lock_play)
        s.forced = deal.forced_trick
        s.winner = -1 if deal.winner is None else deal.winner
        if deal.winner is not None:
            for seat in range(n):
                s.win_hands[seat] = deal.win_hands[seat]
                s.win_played[seat] = deal.win_played[seat]
            if deal.winning_play is not None:  # None after an instant win
                self.gen.to_c(deal.winning_play, &s.win_play)
        s.blocked = deal.blocked
        s.liable = -1 if deal.liable is None else deal.liable
        s.has_watch = deal._dd_watch is not None
        if s.has_watch:
            s.watch_seat = deal._dd_watch[0]
            self.gen.to_c(deal._dd_watch[1], &s.watch_play)
            s.watch_violator = deal._dd_watch[2]
        s.over = deal.phase is Phase.OVER
        s.actions = 0
        for seat, score in enumerate(deal.returns()):
            s.scores[seat] = score
        if s.over:
            s.to_act = -1

    cdef _own(self, int seat, const ComboC* cs, int n):
        # a copy of the combinations of seat that this FastDeal owns
        self.e.combos[seat] = <ComboC*>malloc((n if n > 0 else 1) * sizeof(ComboC))
        if self.e.combos[seat] == NULL:
            raise MemoryError()
        memcpy(self.e.combos[seat], cs, n * sizeof(ComboC))
        self.e.ncombos[seat] = n

    cdef _alloc(self, int cap):
        self.cap = cap
        self.e.legal = <int*>malloc(cap * sizeof(int))
        if self.e.legal == NULL:
            raise MemoryError()

    cdef int _count(self):
        if self.e.nlegal < 0:
            compute_legal(&self.e)
        return self.e.nlegal

    def legal_count(self):
        """How many legal actions the seat to act has (0 once the deal is over)."""
        return self._count()

    def legal_action(self, int i):
        """The i-th legal action, as ``deal.legal_actions()[i]``."""
        from chupai.actions import PASS as PY_PASS
        from chupai.bigtwo.values import LastCard

        if not 0 <= i < self._count():
            raise IndexError(i)
        idx = self.e.legal[i]
        if idx == PASS:
            return PY_PASS
        play = self.gen.make(&self.e.combos[self.e.s.to_act][idx & ~CALL])
        return LastCard(play) if idx & CALL else play

    def legal_actions(self):
        """Every legal action, as ``deal.legal_actions()``."""
        return [self.legal_action(i) for i in range(self._count())]

    def apply_index(self, int i):
        """Apply the i-th legal action."""
        if not 0 <= i < self._count():
            raise IndexError(i)
        apply_legal(&self.e, i)

    def __copy__(self):
        return self.clone()

    def __deepcopy__(self, memo):
        """A deep copy is a clone (the C state copied, the tables shared)."""
        return self.clone()

    def __reduce__(self):
        raise TypeError(
            "a compiled FastDeal is a playout's scratch state and does not pickle: pickle "
            "the Python deal instead (or its GameSpec.serialize_state string) and build "
            "the FastDeal again from it"
        )

    def clone(self):
        """An independent copy (the combination tables shared)."""
        cdef FastDeal c = FastDeal.__new__(FastDeal)
        cdef int seat
        c.e = self.e
        c.gen = self.gen
        c.e.legal = NULL
        for seat in range(4):
            c.e.combos[seat] = NULL
        for seat in range(self.e.o.players):
            c._own(seat, self.e.combos[seat], self.e.ncombos[seat])
        c._alloc(self.cap)
        c.e.nlegal = -1
        return c

    def is_terminal(self):
        return bool(self.e.s.over)

    @property
    def current_player(self):
        return None if self.e.s.to_act < 0 else self.e.s.to_act

    @property
    def actions(self):
        """Actions applied since this FastDeal (or the one it was cloned from) was made."""
        return self.e.s.actions

    @property
    def winner(self):
        return None if self.e.s.winner < 0 else self.e.s.winner

    def returns(self):
        """Each seat's deal score (zeros until the deal is over), as ``deal.returns()``."""
        if not self.e.s.over:
            return [0] * self.e.o.players
        return [self.e.s.scores[i] for i in range(self.e.o.players)]

    def playout(self, uint64_t seed, str policy="random"):
        """Play to the end (``random``: choice ``SplitMix64(seed).below(n)`` at every
        decision; ``greedy``: see greedy_choice) and return ``returns()``."""
        if policy not in ("random", "greedy"):
            raise ValueError(f"unknown policy {policy!r}: random or greedy")
        play_out(&self.e, seed, policy == "greedy")
        return self.returns()
