# Compiled Big A deal engine for fast play: the play phase of
# chupai.biga.game.BigADeal (chupai.biga.play.PlayPhase and chupai.trick.Trick)
# on a C struct, with legal lists in the order of BigADeal.legal_actions().
#
# FastDeal is built from a Python deal in its play phase (the draw and the two
# questions before play stay in Python, or in _fast_draw.pyx for whole random
# deals). Each C function below names the Python method it mirrors.
from libc.stdint cimport uint64_t

from chupai._rng cimport SplitMix, sm_below
from chupai.biga._fast cimport (
    BIGF, FOURF, K_BIG_EGG, K_EGG, MAXC, CTables, ctables, follow_ids, gen, holds,
)

from chupai.actions import PASS
from chupai.biga.events import Capture, Phase
from chupai.biga.scoring import alone_values, partner_table

cdef dict _dt_cache = {}


cdef class DealTables:
    def __init__(self, rules, big_suit):
        self.t = ctables(rules, big_suit)
        cdef int d, p, k
        for d in range(6):
            for p in range(6):
                for k in range(3):
                    self.hidden[d][p][k] = self.revealed[d][p][k] = 0
        for d in range(1, 6):
            self.alone_tab[d][0], self.alone_tab[d][1] = alone_values(d, False)
            for p in range(1, 6):
                if p != d:
                    for k in range(3):
                        self.hidden[d][p][k] = partner_table(rules, d, p, False)[k]
                        self.revealed[d][p][k] = partner_table(rules, d, p, True)[k]
        ids = self.t.ids
        for k in range(9):
            c = self.t.capture_combos[k]
            self.fours[k] = -1 if c is None else ids[c.cards]


cdef DealTables deal_tables(object rules, object big_suit):
    key = (rules, big_suit)
    cdef DealTables dt = _dt_cache.get(key)
    if dt is None:
        dt = _dt_cache[key] = DealTables(rules, big_suit)
    return dt


# ----- small helpers ------------------------------------------------------------------

cdef inline int next_seat(int mask, int seat) noexcept nogil:
    # chupai.trick.next_seat: the first seat of mask after seat, wrapping round
    cdef int i, s
    for i in range(1, NSEATS + 1):
        s = (seat + i) % NSEATS
        if mask >> s & 1:
            return s
    return seat


cdef inline int popcount(int x) noexcept nogil:
    cdef int n = 0
    while x:
        x &= x - 1
        n += 1
    return n


cdef inline int nbig_of(uint64_t hi) noexcept nogil:
    # chupai.biga.cards.big_aces on the hi word
    return (hi >> (5 * (BIGF - 12))) & 31


cdef inline int fours_of(uint64_t lo) noexcept nogil:
    return (lo >> (5 * FOURF)) & 31


# ----- queries: PlayPhase.combos_of and BigADeal.legal_actions ------------------------

cdef int combos_of(CTables t, State* s, int seat) noexcept nogil:
    # PlayPhase.combos_of: the seat's cached combinations, filtered as cards leave
    cdef unsigned char c[16]
    cdef int f, i, k
    cdef uint64_t lo = s.hlo[seat], hi = s.hhi[seat]
    cdef short x
    if s.ncache[seat] < 0:
        for f in range(12):
            c[f] = (lo >> (5 * f)) & 31
        for f in range(4):
            c[12 + f] = (hi >> (5 * f)) & 31
        s.ncache[seat] = gen(t, c, s.cache[seat])
    elif s.stale[seat]:                        # chupai.deal.still_held
        k = 0
        for i in range(s.ncache[seat]):
            x = s.cache[seat][i]
            if holds(lo, hi, t.lo[x], t.hi[x]):
                s.cache[seat][k] = x
                k += 1
        s.ncache[seat] = k
    s.stale[seat] = 0
    return s.ncache[seat]


cdef int compute_legal(CTables t, State* s) noexcept nogil:
    # BigADeal.legal_actions in the play phase: the plays, a capture, pass
    cdef int seat = s.to_act, n, i, k, top = s.top, need
    if seat < 0:
        s.nlegal = 0
        return 0
    n = combos_of(t, s, seat)
    if top < 0:
        for i in range(n):
            s.legal[i] = s.cache[seat][i]
        s.nlegal = n
        return n
    k = follow_ids(t, s.cache[seat], n, top, s.legal)
    if t.fours_capture and (t.kind[top] == K_EGG or t.kind[top] == K_BIG_EGG):
        need = t.size[top] - 1                # combos.capture_size, movegen.captures
        if fours_of(s.hlo[seat]) >= need:
            s.legal[k] = A_CAPTURE
            k += 1
    s.legal[k] = A_PASS
    s.nlegal = k + 1
    return k + 1


cdef int legal_count(FastDeal d) noexcept:
    if d.s.nlegal < 0:
        compute_legal(d.dt.t, &d.s)
    return d.s.nlegal


# ----- the trick: chupai.trick.Trick without the pass lock-out ------------------------

cdef void trick_play(State* s, int seat, int play) noexcept nogil:
    # Trick._trick_play
    s.top = play
    s.top_player = seat
    s.passed = 0
    s.to_act = next_seat(s.active, seat)


cdef void trick_pass(State* s, int seat) noexcept nogil:
    # Trick._trick_pass
    s.passed |= 1 << seat
    if s.active & ~s.passed & ~(1 << s.top_player) == 0:
        end_trick(s)
    else:
        s.to_act = next_seat(s.active, seat)


cdef void end_trick(State* s) noexcept nogil:
    # Trick._end_trick
    cdef int tp = s.top_player
    s.top = -1
    s.passed = 0
    if s.active >> tp & 1:
        s.leader = s.to_act = tp
    else:
        s.leader = s.to_act = lead_after(s, tp)


cdef int public_team(State* s, int seat) noexcept nogil:
    # PlayPhase.public_team, as a bit mask
    cdef int d = s.declarer, p = s.public_partner, s2, mask = 0
    if seat == d:
        return (1 << d) if p < 0 else (1 << d | 1 << p)
    if seat == p:
        return 1 << d | 1 << p
    for s2 in range(NSEATS):
        if s2 != d and s2 != p:
            mask |= 1 << s2
    return mask


cdef int lead_after(State* s, int gone) noexcept nogil:
    # PlayPhase._lead_after: the nearest active team-mate as the public knows teams
    if gone == s.declarer and s.public_partner < 0:
        return next_seat(s.active, gone)
    cdef int mates = s.active & public_team(s, gone) & ~(1 << gone)
    if mates:
        return next_seat(mates, gone)
    return next_seat(s.active, gone)


# ----- transitions: PlayPhase._play, _capture, _deal_ends, _finish_play ----------------

cdef void note_big(State* s, int seat, int b) noexcept nogil:
    # PlayPhase._note_big
    if not b:
        return
    s.big_played[seat] += b
    cdef int own = s.big_played[seat] - s.big_gained[seat]
    if seat == s.declarer:
        if own >= 2:
            s.alone_known = 1
    elif own >= 1 and s.public_partner < 0:
        s.public_partner = seat


cdef void play(DealTables dt, State* s, int seat, int x) noexcept:
    # PlayPhase._play
    cdef CTables t = dt.t
    s.hlo[seat] -= t.lo[x]
    s.hhi[seat] -= t.hi[x]
    s.stale[seat] = 1
    note_big(s, seat, nbig_of(t.hi[x]))
    if s.hlo[seat] or s.hhi[seat]:
        trick_play(s, seat, x)
        return
    s.active &= ~(1 << seat)                  # Trick._went_out
    s.finishing[s.nfin] = seat
    s.nfin += 1
    if deal_ends(s):
        s.top = x                             # Trick._trick_top
        s.top_player = seat
        s.passed = 0
        finish_play(dt, s)
    else:
        trick_play(s, seat, x)


cdef void capture(DealTables dt, State* s, int seat) noexcept:
    # PlayPhase._capture: the fours take the top play into the hand
    cdef CTables t = dt.t
    cdef int taken = s.top
    cdef int fours = dt.fours[t.size[taken] - 1]
    s.hlo[seat] += t.lo[taken] - t.lo[fours]
    s.hhi[seat] += t.hi[taken] - t.hi[fours]
    s.ncache[seat] = -1
    s.big_gained[seat] += nbig_of(t.hi[taken])
    trick_play(s, seat, fours)


cdef int deal_ends(State* s) noexcept nogil:
    # PlayPhase._deal_ends
    cdef int active = s.active, d = s.declarer, team
    if s.alone:
        return not (active >> d & 1) or popcount(active) == 1
    team = 1 << d | 1 << s.partner
    return not (active & team) or not (active & ~team)


cdef void finish_play(DealTables dt, State* s) noexcept:
    # PlayPhase._finish_play and scoring.score
    cdef int order[NSEATS]
    cdef int pos[NSEATS]
    cdef int n = s.nfin, i, seat, last = s.finishing[s.nfin - 1], dv, ev, pv
    cdef int d = s.declarer, p = s.partner
    for i in range(n):
        order[i] = s.finishing[i]
    for i in range(1, NSEATS):
        seat = (last + i) % NSEATS
        if s.active >> seat & 1:
            order[n] = seat
            n += 1
    for i in range(NSEATS):
        pos[order[i]] = i + 1
    if s.alone:
        dv = dt.alone_tab[pos[d]][0] * (2 if s.two_shown else 1)
        ev = dt.alone_tab[pos[d]][1] * (2 if s.two_shown else 1)
        for i in range(NSEATS):
            s.scores[i] = dv if i == d else ev
    else:
        if s.partner_revealed:
            dv = dt.revealed[pos[d]][pos[p]][0]
            pv = dt.revealed[pos[d]][pos[p]][1]
            ev = dt.revealed[pos[d]][pos[p]][2]
        else:
            dv = dt.hidden[pos[d]][pos[p]][0]
            pv = dt.hidden[pos[d]][pos[p]][1]
            ev = dt.hidden[pos[d]][pos[p]][2]
        for i in range(NSEATS):
            s.scores[i] = dv if i == d else (pv if i == p else ev)
    s.over = 1
    s.to_act = -1
    s.nlegal = 0


cdef void apply_index(FastDeal d, int i) noexcept:
    # BigADeal.apply_unchecked(legal_actions()[i])
    cdef State* s = &d.s
    if s.nlegal < 0:
        compute_legal(d.dt.t, s)
    cdef int a = s.legal[i], seat = s.to_act
    s.nlegal = -1
    s.actions += 1
    if a >= 0:
        play(d.dt, s, seat, a)
    elif a == A_CAPTURE:
        capture(d.dt, s, seat)
    else:
        trick_pass(s, seat)


# ----- policies ------------------------------------------------------------------------

cdef int greedy_index(FastDeal d) noexcept:
    # The "greedy" policy (chupai.biga.playout.greedy_index): leading, the play of
    # the most cards (the first such); following, the play of the lowest
    # (bomb class, key) (the first such), else a capture, else pass.
    cdef CTables t = d.dt.t
    cdef int n = legal_count(d), i, x, best = -1, cap = -1
    cdef State* s = &d.s
    for i in range(n):
        x = s.legal[i]
        if x >= 0:
            if best < 0:
                best = i
            elif s.top < 0:
                if t.size[x] > t.size[s.legal[best]]:
                    best = i
            elif (t.bomb[x] < t.bomb[s.legal[best]] or (t.bomb[x] == t.bomb[s.legal[best]]
                    and t.key[x] < t.key[s.legal[best]])):
                best = i
        elif x == A_CAPTURE:
            cap = i
    if best >= 0:
        return best
    return cap if cap >= 0 else n - 1


cdef void play_out(FastDeal d, SplitMix* rng, int greedy) noexcept:
    # playout.reference_playout: choose and apply until the deal is over
    cdef int n
    while not d.s.over:
        n = legal_count(d)
        apply_index(d, greedy_index(d) if greedy else sm_below(rng, n))


# ----- the Python API ------------------------------------------------------------------

cdef class FastDeal:
    """A Big A deal in its play phase, in C: built from a :class:`BigADeal` whose
    phase is ``play`` (or ``over``); legal actions in the order of
    ``BigADeal.legal_actions()``, applied by index.

    The order of a Python deal's plays depends on its move cache (a seat's list is
    made once and filtered as cards leave, remade after a capture), which is
    filled when the deal is asked for its legal actions. A FastDeal takes the
    deal's cache as it is, and lists the legal actions before every action it
    applies: it follows a Python deal that is asked for its legal actions at every
    step (as every player choosing by index does)."""

    def __init__(self, deal):
        if deal.phase is not Phase.PLAY and deal.phase is not Phase.OVER:
            raise ValueError(f"FastDeal starts in the play phase, not {deal.phase.value!r}")
        if deal.phase is Phase.OVER and deal.big_suit is None:  # a redeal
            self.dt = deal_tables(deal.rules, 0)
        else:
            self.dt = deal_tables(deal.rules, deal.big_suit)
        self._load(deal)

    def _load(self, deal):
        cdef CTables t = self.dt.t
        cdef State* s = &self.s
        ids = t.ids

        def opt(v):
            return -1 if v is None else v

        cdef int seat, i
        cdef uint64_t lo, hi
        for seat in range(NSEATS):
            h = deal.hands[seat]
            lo = h & ((1 << 60) - 1)
            hi = (h >> 60) & 0x7FFF
            if deal.big_suit is not None:
                hi |= ((h >> (5 * (15 + deal.big_suit))) & 31) << 15
            s.hlo[seat], s.hhi[seat] = lo, hi
            cached = deal._combos[seat]
            s.ncache[seat] = -1 if cached is None else len(cached)
            for i in range(0 if cached is None else len(cached)):
                s.cache[seat][i] = ids[cached[i].cards]
            s.stale[seat] = deal._stale[seat]
            s.big_played[seat] = deal._big_played[seat]
            s.big_gained[seat] = deal._big_gained[seat]
            s.scores[seat] = 0 if deal.outcome is None else deal.outcome.scores[seat]
        s.to_act = opt(deal.to_act)
        s.top = -1 if deal.top is None else ids[deal.top.cards]
        s.top_player = opt(deal.top_player)
        s.passed = deal.passed
        s.leader = opt(deal.leader)
        s.active = deal._active
        s.declarer = opt(deal.declarer)
        s.partner = opt(deal.partner)
        s.alone = deal.alone
        s.partner_revealed = deal.partner_revealed
        s.two_shown = deal.two_shown
        s.public_partner = opt(deal.public_partner)
        s.alone_known = deal.alone_known
        s.nfin = len(deal.finishing)
        for i in range(s.nfin):
            s.finishing[i] = deal.finishing[i]
        s.over = deal.phase is Phase.OVER
        s.nlegal = -1
        s.actions = 0

    cdef void _ready(self) except *:
        if self.dt is None:
            raise ValueError("FastDeal(deal) was not initialized from a deal")

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
        """An independent copy (one struct copy)."""
        self._ready()
        cdef FastDeal c = FastDeal.__new__(FastDeal)
        c.dt = self.dt
        c.s = self.s
        return c

    def is_terminal(self):
        return bool(self.s.over)

    @property
    def current_player(self):
        """The seat to act, or None when the deal is over."""
        return None if self.s.to_act < 0 else self.s.to_act

    def returns(self):
        """Each seat's score (zeros until the deal is over), as ``BigADeal.returns()``."""
        return [self.s.scores[i] if self.s.over else 0 for i in range(NSEATS)]

    def legal_count(self):
        self._ready()
        return legal_count(self)

    def legal_action(self, int i):
        """The ``i``-th legal action, as ``BigADeal.legal_actions()[i]``."""
        self._ready()
        cdef int n = legal_count(self)
        if not 0 <= i < n:
            raise IndexError(f"legal action {i} of {n}")
        cdef CTables t = self.dt.t
        cdef int a = self.s.legal[i]
        if a >= 0:
            return t.combos[a]
        if a == A_CAPTURE:
            top = t.combos[self.s.top]
            return Capture(t.capture_combos[top.size - 1], top)
        return PASS

    def legal_actions(self):
        """Every legal action, as ``BigADeal.legal_actions()``."""
        return [self.legal_action(i) for i in range(legal_count(self))]

    def apply_index(self, int i):
        """Apply the ``i``-th legal action."""
        self._ready()
        cdef int n = legal_count(self)
        if not 0 <= i < n:
            raise IndexError(f"legal action {i} of {n}")
        apply_index(self, i)

    def greedy_index(self):
        """The index the ``greedy`` policy chooses now."""
        self._ready()
        if self.s.over:
            raise ValueError("the deal is over")
        return greedy_index(self)

    @property
    def actions(self):
        """How many actions this engine applied."""
        return self.s.actions

    def playout(self, unsigned long long seed, str policy="random"):
        """Play to the end (``random``: index ``SplitMix64(seed).below(count)`` at
        every decision; ``greedy``: :meth:`greedy_index`); returns the returns."""
        if policy not in ("random", "greedy"):
            raise ValueError(f"unknown policy {policy!r} (random or greedy)")
        self._ready()
        cdef SplitMix rng
        rng.state = seed
        play_out(self, &rng, policy == "greedy")
        return self.returns()

    def playout_state(self, unsigned long long state):
        """:meth:`playout` ``random`` from a SplitMix64 ``state`` (a Python
        ``SplitMix64`` that already drew), returning ``(returns, state after)``."""
        self._ready()
        cdef SplitMix rng
        rng.state = state
        play_out(self, &rng, 0)
        return self.returns(), rng.state
