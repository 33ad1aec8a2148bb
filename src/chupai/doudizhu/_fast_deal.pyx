# The compiled Dou Dizhu deal engine: FastDeal plays a deal of
# chupai.doudizhu.game.DouDizhuDeal (bidding, robbing, 明牌 and play) inside C,
# with the legal actions in the same order as DouDizhuDeal.legal_actions(), and
# _fast_games.pyx deals and plays whole deals with it.
from libc.stdint cimport int64_t, uint32_t, uint64_t
from libc.stdlib cimport free, malloc, realloc
from libc.string cimport memcpy

from chupai._rng cimport SplitMix, sm_below
from chupai.doudizhu._fast_gen cimport CC, NR, Buf, beats_c, buf_free, buf_init, gen_combos, holds
from chupai.doudizhu._fast_py cimport Gen, gen_for, split_cards

from chupai.actions import PASS
from chupai.doudizhu.rules import Bidding, MingPai
from chupai.doudizhu.shapes import KIND_INDEX
from chupai.doudizhu.state import NO_ROB, ROB, SHOW, Bid, Phase

_PHASES = (Phase.BID, Phase.ROB, Phase.PLAY, Phase.OVER)
SUPPORTED_LIMIT = 1024
"""Multipliers (rob, spring, anti-spring, thunder) below this keep every unit
inside 64 bits; rules with a larger one fall back to the reference."""


def supported(rules):
    """Whether the compiled deal engine covers ``rules`` (else: the reference)."""
    return (
        rules.players <= MAXP
        and len(rules.rob_multipliers) <= 16
        and max(rules.rob_multipliers) < SUPPORTED_LIMIT
        and rules.spring_multiplier < SUPPORTED_LIMIT
        and rules.anti_spring_multiplier < SUPPORTED_LIMIT
        and rules.spring_thunder_multiplier < SUPPORTED_LIMIT
    )


cdef void fill_rules(DR* r, object rules, Gen gen) except *:
    if not supported(rules):
        raise ValueError(f"the compiled deal engine does not cover {rules.spec()}")
    r.players = rules.players
    r.hand_size = rules.hand_size
    r.until_all_pass = rules.bidding is Bidding.UNTIL_ALL_PASS
    r.robbing = rules.robbing
    r.ming = (MingPai.OFF, MingPai.WIN_ONLY, MingPai.ALWAYS).index(rules.ming_pai)
    r.spring = rules.spring_multiplier
    r.anti = rules.anti_spring_multiplier
    r.thunder = rules.spring_thunder_multiplier
    r.nrob = len(rules.rob_multipliers)
    for i, m in enumerate(rules.rob_multipliers):
        r.rob_mult[i] = m
    r.doubling = 0
    from chupai.doudizhu.combos import tables

    for k in tables(rules).doubling:
        r.doubling |= 1u << KIND_INDEX[k]


cdef int64_t rob_multiplier(const DR* r, int robs) noexcept nogil:
    """DouDizhuRules.rob_multiplier"""
    if robs <= 0:
        return 1
    if robs <= r.nrob:
        return r.rob_mult[robs - 1]
    return r.rob_mult[r.nrob - 1] << (robs - r.nrob)


cdef class FastDeal:
    """A Dou Dizhu deal played inside C (see the module)."""

    def __cinit__(self):
        cdef int i
        for i in range(MAXP):
            self.cs[i].data = NULL
            self.cs[i].n = self.cs[i].cap = 0
        self.leg = NULL
        self.legcap = 0
        self.leg_ok = False

    def __dealloc__(self):
        cdef int i
        for i in range(MAXP):
            buf_free(&self.cs[i])
        free(self.leg)

    # ----- building ------------------------------------------------------------
    @staticmethod
    def from_deal(deal):
        """The FastDeal of a Python deal (DouDizhuDeal) at any point of its play."""
        cdef FastDeal f = FastDeal.__new__(FastDeal)
        cdef int i, n = deal.players
        cdef Gen gen = gen_for(deal.rules)
        f.gen = gen
        fill_rules(&f.r, deal.rules, gen)
        f.s.n = n
        f.s.phase = _PHASES.index(deal.phase)
        f.s.to_act = -1 if deal.to_act is None else deal.to_act
        f.s.bid = deal.bid
        f.s.bidder = -1 if deal.bidder is None else deal.bidder
        f.s.bid_passed = deal._passed
        f.s.spoken = deal._spoken
        f.s.landlord = -1 if deal.landlord is None else deal.landlord
        f.s.first_landlord = -1 if deal.first_landlord is None else deal.first_landlord
        f.s.robs = deal.robs
        f.s.rob_len = len(deal._rob_queue)
        for i, seat in enumerate(deal._rob_queue):
            f.s.rob_queue[i] = seat
        f.s.rob_pos = deal._rob_pos
        f.s.can_show = deal.can_show
        f.s.shown = deal.shown
        f.s.doubled = deal.doubled
        split_cards(deal.kitty, &f.s.klo, &f.s.khi)
        f.s.has_top = deal.top is not None
        if f.s.has_top:
            gen.from_py(deal.top, &f.s.top)
        f.s.top_player = -1 if deal.top_player is None else deal.top_player
        f.s.passed = deal.passed
        f.s.bombs = deal.bombs
        for i in range(n):
            split_cards(deal.hands[i], &f.s.hlo[i], &f.s.hhi[i])
            f.s.play_counts[i] = deal.play_counts[i]
            f.s.scores[i] = 0
            cached = deal._combos[i]
            f.s.stale[i] = deal._stale[i]
            if cached is None:
                f.s.ncombo[i] = -1
            else:
                f.s.ncombo[i] = len(cached)
                buf_init(&f.cs[i], len(cached) + 1)
                for j, c in enumerate(cached):
                    gen.from_py(c, &f.cs[i].data[j])
                f.cs[i].n = len(cached)
        if deal.outcome is not None:
            for i in range(n):
                f.s.scores[i] = deal.outcome.scores[i]
        return f

    cdef void start(self, Gen gen, const DR* r, uint64_t* hlo, uint32_t* hhi, uint64_t klo,
                    uint32_t khi, int first_bidder, int doubled) noexcept:
        """DouDizhuDeal.from_hands: a fresh deal in the bid phase."""
        cdef int i
        self.gen = gen
        self.r = r[0]
        self.s.n = r.players
        self.s.phase = P_BID
        self.s.to_act = first_bidder
        self.s.bid = 0
        self.s.bidder = -1
        self.s.bid_passed = 0
        self.s.spoken = 0
        self.s.landlord = self.s.first_landlord = -1
        self.s.robs = 0
        self.s.rob_len = self.s.rob_pos = 0
        self.s.can_show = self.s.shown = 0
        self.s.doubled = doubled
        self.s.klo = klo
        self.s.khi = khi
        self.s.has_top = 0
        self.s.top_player = -1
        self.s.passed = 0
        self.s.bombs = 0
        for i in range(r.players):
            self.s.hlo[i] = hlo[i]
            self.s.hhi[i] = hhi[i]
            self.s.play_counts[i] = 0
            self.s.scores[i] = 0
            self.s.ncombo[i] = -1
            self.s.stale[i] = 0
        self.leg_ok = False

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
        """An independent copy."""
        cdef FastDeal f = FastDeal.__new__(FastDeal)
        cdef int i, n
        f.gen = self.gen
        f.r = self.r
        f.s = self.s
        for i in range(self.s.n):
            n = self.s.ncombo[i]
            if n >= 0:
                buf_init(&f.cs[i], n + 1)
                memcpy(f.cs[i].data, self.cs[i].data, n * sizeof(CC))
                f.cs[i].n = n
        return f

    # ----- queries ---------------------------------------------------------------
    def is_terminal(self):
        return self.s.phase == P_OVER

    def current_player(self):
        return None if self.s.phase == P_OVER else self.s.to_act

    def returns(self):
        """DouDizhuDeal.returns()"""
        return [self.s.scores[i] for i in range(self.s.n)]

    cdef int combos_of(self, int seat) except -1:
        """DouDizhuDeal.combos_of: list the hand once, then keep the plays it holds."""
        cdef Buf* b = &self.cs[seat]
        cdef int i, k = 0
        cdef uint64_t lo = self.s.hlo[seat]
        cdef uint32_t hi = self.s.hhi[seat]
        if self.s.ncombo[seat] < 0:
            if b.data == NULL:
                buf_init(b, 128)
            b.n = 0
            gen_combos(&self.gen.g, lo, hi, b)
            self.s.ncombo[seat] = b.n
            self.s.stale[seat] = 0
        elif self.s.stale[seat]:
            for i in range(b.n):
                if holds(lo, hi, &b.data[i]):
                    b.data[k] = b.data[i]
                    k += 1
            b.n = k
            self.s.ncombo[seat] = k
            self.s.stale[seat] = 0
        return 0

    cdef int _room(self, int n) except -1:
        if n > self.legcap:
            self.legcap = n + 64
            self.leg = <int*>realloc(self.leg, self.legcap * sizeof(int))
            if self.leg == NULL:
                raise MemoryError()
        return 0

    cdef int legal(self) except -1:
        """DouDizhuDeal.legal_actions(), as action codes (self.leg[:self.nleg])."""
        cdef int seat = self.s.to_act, i, v, k = 0, n
        cdef Buf* b
        if self.leg_ok:
            return 0
        self.leg_ok = True
        if self.s.phase == P_OVER:
            self.nleg = 0
            return 0
        if self.s.phase == P_BID:
            self._room(4)
            for v in range(self.s.bid + 1, 4):
                self.leg[k] = A_BID0 - v
                k += 1
            self.leg[k] = A_PASS
            self.nleg = k + 1
            return 0
        if self.s.phase == P_ROB:
            self._room(2)
            self.leg[0] = A_ROB
            self.leg[1] = A_NO_ROB
            self.nleg = 2
            return 0
        b = &self.cs[seat]
        if self.s.has_top and self.s.stale[seat] and self.s.ncombo[seat] >= 0:
            self._follow_stale(seat)
            return 0
        self.combos_of(seat)
        n = b.n
        self._room(n + 1)
        if not self.s.has_top:
            for i in range(n):
                self.leg[i] = i
            k = n
            if self.s.can_show:
                self.leg[k] = A_SHOW
                k += 1
        else:
            for i in range(n):
                if beats_c(&b.data[i], &self.s.top):
                    self.leg[k] = i
                    k += 1
            self.leg[k] = A_PASS
            k += 1
        self.nleg = k
        return 0

    cdef int _follow_stale(self, int seat) except -1:
        """combos_of's filter (keep the plays the hand holds) and the follow filter
        (keep those beating the top) in one pass; then PASS."""
        cdef Buf* b = &self.cs[seat]
        cdef uint64_t lo = self.s.hlo[seat]
        cdef uint32_t hi = self.s.hhi[seat]
        cdef int i, w = 0, k = 0
        self._room(b.n + 1)
        for i in range(b.n):
            if holds(lo, hi, &b.data[i]):
                if w != i:
                    b.data[w] = b.data[i]
                if beats_c(&b.data[w], &self.s.top):
                    self.leg[k] = w
                    k += 1
                w += 1
        b.n = w
        self.s.ncombo[seat] = w
        self.s.stale[seat] = 0
        self.leg[k] = A_PASS
        self.nleg = k + 1
        return 0

    def legal_count(self):
        self.legal()
        return self.nleg

    def legal_actions(self):
        """The legal actions as Python values (as DouDizhuDeal.legal_actions())."""
        cdef int i
        self.legal()
        return [self._action(self.leg[i]) for i in range(self.nleg)]

    def legal_action(self, int i):
        """The ``i``-th legal action as a Python value."""
        self.legal()
        if not 0 <= i < self.nleg:
            raise IndexError(i)
        return self._action(self.leg[i])

    cdef object _action(self, int code):
        if code >= 0:
            return self.gen.to_py(&self.cs[self.s.to_act].data[code])
        if code == A_PASS:
            return PASS
        if code == A_SHOW:
            return SHOW
        if code == A_ROB:
            return ROB
        if code == A_NO_ROB:
            return NO_ROB
        return Bid(A_BID0 - code)

    # ----- transitions -------------------------------------------------------------
    def apply_index(self, int i):
        """Apply the ``i``-th legal action."""
        self.legal()
        if not 0 <= i < self.nleg:
            raise IndexError(i)
        self.apply_code(self.leg[i])

    cdef void apply_code(self, int code) noexcept:
        """DouDizhuDeal.apply_unchecked"""
        cdef int seat = self.s.to_act
        cdef CC play
        self.leg_ok = False
        if code >= 0:
            play = self.cs[seat].data[code]
            self._play(seat, &play)
        elif self.s.phase == P_BID:
            self._bid(seat, 0 if code == A_PASS else A_BID0 - code)
        elif self.s.phase == P_ROB:
            self._rob(seat, code == A_ROB)
        elif code == A_PASS:
            self._trick_pass(seat)
        else:  # 明牌 (SHOW)
            self.s.shown = 1
            self.s.can_show = 0

    cdef void _bid(self, int seat, int value) noexcept:
        """AuctionMixin._bid"""
        cdef int n = self.s.n, i, cand, passed
        if value:
            self.s.bid = value
            self.s.bidder = seat
        else:
            self.s.bid_passed |= 1 << seat
        self.s.spoken += 1
        if value == 3:
            self._end_bidding()
            return
        if not self.r.until_all_pass:
            if self.s.spoken >= n:
                self._end_bidding()
            else:
                self.s.to_act = (seat + 1) % n
            return
        passed = popcount(self.s.bid_passed)
        if passed == n or (self.s.bidder >= 0 and passed == n - 1):
            self._end_bidding()
            return
        for i in range(1, n + 1):
            cand = (seat + i) % n
            if not self.s.bid_passed >> cand & 1:
                self.s.to_act = cand
                return

    cdef void _end_bidding(self) noexcept:
        """AuctionMixin._end_bidding"""
        cdef int l0 = self.s.bidder, n = self.s.n, i, s
        if l0 < 0:
            self.s.phase = P_OVER  # _finish_redeal: every score 0
            self.s.to_act = -1
            return
        self.s.landlord = self.s.first_landlord = l0
        if self.r.robbing:
            self.s.rob_len = 0
            for i in range(1, n):
                s = (l0 + i) % n
                if not self.s.bid_passed >> s & 1:
                    self.s.rob_queue[self.s.rob_len] = s
                    self.s.rob_len += 1
            self.s.rob_queue[self.s.rob_len] = l0
            self.s.rob_len += 1
            self.s.rob_pos = 0
            self._next_robber()
        else:
            self._take_kitty()

    cdef void _next_robber(self) noexcept:
        """AuctionMixin._next_robber"""
        cdef int s
        while self.s.rob_pos < self.s.rob_len:
            s = self.s.rob_queue[self.s.rob_pos]
            if s == self.s.first_landlord and self.s.landlord == s:
                self.s.rob_pos += 1
                continue
            self.s.phase = P_ROB
            self.s.to_act = s
            return
        self._take_kitty()

    cdef void _rob(self, int seat, bint rob) noexcept:
        """AuctionMixin._rob"""
        if rob:
            self.s.robs += 1
            self.s.landlord = seat
        self.s.rob_pos += 1
        self._next_robber()

    cdef void _take_kitty(self) noexcept:
        """AuctionMixin._take_kitty"""
        cdef int lord = self.s.landlord
        self.s.hlo[lord] += self.s.klo
        self.s.hhi[lord] += self.s.khi
        self.s.ncombo[lord] = -1
        self.s.phase = P_PLAY
        self.s.to_act = lord
        self.s.can_show = self.r.ming != 0

    cdef void _play(self, int seat, const CC* play) noexcept:
        """DouDizhuDeal._play and Trick._trick_play"""
        self.s.hlo[seat] -= play.lo
        self.s.hhi[seat] -= play.hi
        self.s.play_counts[seat] += 1
        self.s.stale[seat] = 1
        self.s.can_show = 0
        if self.r.doubling >> play.kind & 1:
            self.s.bombs += 1
        self.s.top = play[0]
        self.s.has_top = 1
        self.s.top_player = seat
        self.s.passed = 0
        if self.s.hlo[seat] or self.s.hhi[seat]:
            self.s.to_act = (seat + 1) % self.s.n
        else:
            self._finish_play(seat)

    cdef void _trick_pass(self, int seat) noexcept:
        """Trick._trick_pass (every seat active, no lock-out)"""
        cdef int everyone = (1 << self.s.n) - 1
        self.s.passed |= 1 << seat
        if everyone & ~self.s.passed & ~(1 << self.s.top_player) == 0:
            self.s.has_top = 0  # Trick._end_trick: the top player leads
            self.s.passed = 0
            self.s.to_act = self.s.top_player
        else:
            self.s.to_act = (seat + 1) % self.s.n

    cdef void _finish_play(self, int seat) noexcept:
        """DouDizhuDeal._finish_play with scoring.multipliers and settle"""
        cdef int lord = self.s.landlord, n = self.s.n, i, peasant_plays = 0
        cdef bint won = seat == lord, spring, anti
        cdef int64_t sp = 1, t = 1, m = 1, u
        for i in range(n):
            if i != lord:
                peasant_plays += self.s.play_counts[i]
        spring = won and peasant_plays == 0 and self.r.spring > 1
        anti = (not won) and self.s.play_counts[lord] == 1 and self.r.anti > 1
        if spring:
            sp = self.r.spring
            if self.s.bombs >= 1:
                t = self.r.thunder
        elif anti:
            sp = self.r.anti
        if self.s.shown and (self.r.ming == 2 or (self.r.ming == 1 and won)):
            m = 2
        u = self.s.bid * rob_multiplier(&self.r, self.s.robs) * ((<int64_t>1) << self.s.bombs)
        u = u * sp * t * m * (2 if self.s.doubled else 1)
        for i in range(n):
            self.s.scores[i] = -u if won else u
        self.s.scores[lord] = u * (n - 1) if won else -u * (n - 1)
        self.s.phase = P_OVER
        self.s.to_act = -1

    # ----- playouts ----------------------------------------------------------------
    cdef int greedy(self) except -1:
        """The greedy choice (playout.greedy_index): outside play the first action;
        leading the play with the most cards (then the lowest key); following the
        lowest beating play by (power, key); the first such in list order."""
        cdef int i, best = 0, code
        cdef const CC* x
        cdef const CC* y
        cdef CC* data
        if self.s.phase != P_PLAY:
            return 0
        data = self.cs[self.s.to_act].data
        for i in range(1, self.nleg):
            code = self.leg[i]
            if code < 0:
                continue
            if self.leg[best] < 0:
                best = i
                continue
            x = &data[code]
            y = &data[self.leg[best]]
            if not self.s.has_top:
                if x.size > y.size or (x.size == y.size and x.key < y.key):
                    best = i
            elif x.power < y.power or (x.power == y.power and x.key < y.key):
                best = i
        return best

    cdef int run(self, uint64_t seed, int policy) except -1:
        """Play to the end; returns the number of actions."""
        cdef SplitMix rng
        cdef int steps = 0, i
        rng.state = seed
        while self.s.phase != P_OVER:
            self.legal()
            if policy == POLICY_RANDOM:
                i = sm_below(&rng, self.nleg)
            else:
                i = self.greedy()
            self.apply_code(self.leg[i])
            steps += 1
        return steps

    def playout(self, uint64_t seed, str policy="random"):
        """Play to the end (``random``: SplitMix64(seed).below(len(legal)) at every
        decision; ``greedy``: see greedy()), and return the returns."""
        if policy not in ("random", "greedy"):
            raise ValueError(f"unknown policy {policy!r}; known: random, greedy")
        self.run(seed, POLICY_RANDOM if policy == "random" else POLICY_GREEDY)
        return self.returns()


cdef inline int popcount(int x) noexcept nogil:
    cdef int k = 0
    while x:
        x &= x - 1
        k += 1
    return k
