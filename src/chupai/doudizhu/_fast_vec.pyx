# The compiled twin of chupai.env.vector.VectorGames for Dou Dizhu: N deals held
# as FastDeal C states (_fast_deal), stepped by action ids in one call, with the
# auto-reset of VectorGames (seeds, redeals, dealer rotation), the observation
# encoding of chupai.env.games.doudizhu.DouDizhuCodec, the masks, seats, rewards,
# done flags and episode lengths written straight into the numpy buffers.
# Byte-identical to the pure path (tests/env/test_fast_vector.py).
from libc.math cimport NAN
from libc.stdint cimport int64_t, uint32_t, uint64_t
from libc.stdlib cimport free, malloc
from libc.string cimport memcpy, memset

from chupai._mt cimport MT, mt_base, mt_getrandbits, mt_seed, mt_seed_key
from chupai.doudizhu._fast_deal cimport (
    A_BID0, A_NO_ROB, A_PASS, A_ROB, A_SHOW, DR, MAXP, P_OVER, P_PLAY, FastDeal, fill_rules,
)
from chupai.doudizhu._fast_gen cimport CC, LOW_RANKS, NR
from chupai.doudizhu._fast_dealing cimport deal_stock
from chupai.doudizhu._fast_py cimport Gen, gen_for
from chupai.doudizhu._fast_vecdefs cimport (
    F4, F8, GS, HISTORY, Ent, Key, add_card, cc_tag, grow, key_hash, kth_smallest, sat_sub,
    size_of,
)

import numpy as np

from chupai.doudizhu._fast_deal import supported as _deal_supported


def supported(rules):
    """Whether VecRunner covers ``rules`` (those of the compiled deal engine)."""
    return _deal_supported(rules) and rules.packs <= 2 and rules.players <= MAXP


cdef enum:
    LEFT_SLOTS = 6       # codec._LEFT_SLOTS
    NPHASES = 4          # DouDizhuCodec's phase one-hot: bid, rob, play, over
    SC_ROBS = 16         # the stake cache's bounds (larger values ask Python)
    SC_BOMBS = 32


cdef F4 THERM4[5]   # THERM4[c]: the 4 slots of count c (c > slot)
cdef F8 THERM8[9]
for _c in range(9):
    for _j in range(8):
        THERM8[_c].v[_j] = 1.0 if _c > _j else 0.0
        if _c < 5 and _j < 4:
            THERM4[_c].v[_j] = 1.0 if _c > _j else 0.0


cdef class VecRunner:
    """``num_games`` compiled Dou Dizhu deals stepped together (see the module).

    ``VecRunner(rules, space, codec, all_pass_doubles, win)``: ``space`` the
    env's ActionSpace, ``codec`` its DouDizhuCodec (its ``_stake`` fills the
    stake cache), ``win`` the reward (True: "win", False: "score")."""

    cdef DR r
    cdef Gen gen
    cdef MT base
    cdef int n, N, win, redouble, packs
    cdef int ngames
    cdef GS* gs
    cdef MT* rng
    cdef list deals
    cdef readonly object rules
    cdef object space_actions
    cdef object stake_fn
    # the action ids
    cdef int id_pass, id_rob, id_norob, id_show
    cdef int id_bid[4]
    cdef Key* table
    cdef uint64_t tmask
    # the layout
    cdef int maxes[NR]
    cdef int p, obs_size, n_actions
    cdef double left_scale
    cdef uint64_t deck_lo
    cdef uint32_t deck_hi
    cdef double* stake
    # the statistics (VectorGames.stats)
    cdef readonly object episodes, length_sum
    cdef int64_t[::1] ep
    cdef int64_t[::1] lsum
    cdef public long long redeals, total_steps

    def __cinit__(self):
        self.gs = NULL
        self.rng = NULL
        self.table = NULL
        self.stake = NULL
        self.ngames = 0

    def __dealloc__(self):
        cdef int i
        if self.gs != NULL:
            for i in range(self.ngames):
                free(self.gs[i].ids)
                free(self.gs[i].log)
        free(self.gs)
        free(self.rng)
        free(self.table)
        free(self.stake)

    def __init__(self, rules, int num_games, space, codec, bint redouble, bint win):
        cdef int i, k, n = rules.players
        cdef CC cc
        cdef uint64_t h
        from chupai.actions import Pass
        from chupai.doudizhu.combos import Combo, deck_cards
        from chupai.doudizhu.state import NO_ROB, ROB, SHOW, Bid

        self.rules = rules
        self.gen = gen_for(rules)
        fill_rules(&self.r, rules, self.gen)
        mt_base(&self.base)
        self.n = n
        self.N = num_games
        self.win = win
        self.redouble = redouble
        self.packs = rules.packs
        self.space_actions = space.actions
        self.stake_fn = codec._stake
        self.n_actions = space.n
        self.obs_size = codec.size
        self.left_scale = float(rules.hand_size + rules.kitty_size)
        self.p = 0
        for k in range(NR):
            self.maxes[k] = 4 * self.packs if k < 13 else self.packs
            self.p += self.maxes[k]
        want = (2 * n + 3) * self.p + n * LEFT_SLOTS + 5 * n + len(self.gen.kinds) + 21
        want += HISTORY * (self.p + n + 1)
        if codec.size != want or codec.planes.size != self.p:
            raise ValueError(f"a layout of {codec.size} values, not the {want} written here")
        if self.packs not in (1, 2):
            raise ValueError(f"{self.packs} packs: the runner writes the planes of 1 or 2")
        deck = deck_cards(rules)
        self.deck_lo = <uint64_t>(deck & ((1 << 60) - 1))
        self.deck_hi = <uint32_t>(deck >> 60)
        # the ids: a C hash table of the plays, the fixed ids of the rest
        self.id_pass = self.id_rob = self.id_norob = self.id_show = -1
        for k in range(4):
            self.id_bid[k] = -1
        plays = [(k, a) for k, a in enumerate(space.actions) if type(a) is Combo]
        size = 1
        while size < 4 * len(plays) + 16:
            size *= 2
        self.tmask = size - 1
        self.table = <Key*>malloc(size * sizeof(Key))
        if self.table == NULL:
            raise MemoryError()
        for i in range(size):
            self.table[i].id = -1
        for k, a in plays:
            self.gen.from_py(a, &cc)
            h = key_hash(cc.lo, cc.hi, cc_tag(&cc)) & self.tmask
            while self.table[h].id >= 0:
                h = (h + 1) & self.tmask
            self.table[h].lo = cc.lo
            self.table[h].hi = cc.hi
            self.table[h].tag = cc_tag(&cc)
            self.table[h].id = k
        for k, a in enumerate(space.actions):
            if isinstance(a, Pass):
                self.id_pass = k
            elif isinstance(a, Bid) and 1 <= a.value <= 3:
                self.id_bid[a.value] = k
            elif a == ROB:
                self.id_rob = k
            elif a == NO_ROB:
                self.id_norob = k
            elif a == SHOW:
                self.id_show = k
        self.stake = <double*>malloc(4 * SC_ROBS * SC_BOMBS * 4 * sizeof(double))
        if self.stake == NULL:
            raise MemoryError()
        for i in range(4 * SC_ROBS * SC_BOMBS * 4):
            self.stake[i] = NAN
        self.gs = <GS*>malloc(num_games * sizeof(GS))
        self.rng = <MT*>malloc(num_games * sizeof(MT))
        if self.gs == NULL or self.rng == NULL:
            raise MemoryError()
        memset(self.gs, 0, num_games * sizeof(GS))
        self.ngames = num_games
        self.deals = [FastDeal.__new__(FastDeal) for _ in range(num_games)]
        self.episodes = np.zeros(num_games, np.int64)
        self.length_sum = np.zeros(num_games, np.int64)
        self.ep = self.episodes
        self.lsum = self.length_sum
        self.redeals = 0
        self.total_steps = 0

    # ----- seeds and deals ---------------------------------------------------------
    def seed_games(self, keys):
        """Seed game i's generator as random.Random(keys[i]) (a non-negative int of
        at most 128 bits) and clear the statistics."""
        cdef uint32_t w[4]
        cdef int i, klen
        for i in range(self.N):
            v = int(keys[i])
            klen = 0
            for j in range(4):
                w[j] = <uint32_t>((v >> (32 * j)) & 0xFFFFFFFF)
                if w[j]:
                    klen = j + 1
            if v >> 128:
                raise ValueError("a seed key of more than 128 bits")
            mt_seed_key(&self.rng[i], w, klen if klen else 1, &self.base)
        self.episodes[:] = 0
        self.length_sum[:] = 0
        self.redeals = 0
        self.total_steps = 0

    cdef int deal(self, int i, int dealer, int doubled) except -1:
        """VectorGames._fresh for Dou Dizhu: new_deal(rules, rng.getrandbits(63),
        dealer=..., doubled=...) (``dealer`` -1: the drawn one). No Dou Dizhu deal
        ends before an action, so one deal is always enough."""
        cdef GS* g = &self.gs[i]
        cdef FastDeal f = <FastDeal>self.deals[i]
        cdef MT mt
        cdef int stock[128]
        cdef uint64_t hlo[MAXP]
        cdef uint32_t hhi[MAXP]
        cdef uint64_t klo = 0
        cdef uint32_t khi = 0
        cdef int drawn, m, s, n = self.n, total = self.n * self.r.hand_size
        cdef uint64_t seed = mt_getrandbits(&self.rng[i], 63)
        mt_seed(&mt, seed, &self.base)  # dealing.deal_cards
        deal_stock(&mt, self.packs, n, self.r.hand_size, stock, &drawn, &m)
        if dealer < 0:
            dealer = drawn
        for s in range(n):
            hlo[s] = 0
            hhi[s] = 0
        for s in range(total):
            add_card(&hlo[(dealer + s) % n], &hhi[(dealer + s) % n], stock[s])
        for s in range(total, 54 * self.packs):
            add_card(&klo, &khi, stock[s])
        g.seed = seed
        g.dealer = dealer
        g.doubled = doubled
        g.first_bidder = (dealer + m) % n
        g.marker = stock[m]
        g.kitty_taken = 0
        g.leader = -1
        for s in range(MAXP):
            g.plo[s] = 0
            g.phi[s] = 0
        g.nhist = 0
        g.nlog = 0
        f.start(self.gen, &self.r, hlo, hhi, klo, khi, g.first_bidder, doubled)
        return 0

    # ----- the loop ------------------------------------------------------------------
    def reset(self, float[:, ::1] obs, signed char[:, ::1] mask, int64_t[::1] seat):
        """VectorGames.reset after the generators: a fresh episode everywhere."""
        cdef int i
        for i in range(self.N):
            self.gs[i].steps = 0
            self.gs[i].nids = 0
            self.deal(i, -1, 0)
            self.show(i, &obs[i, 0], &mask[i, 0], &seat[i])

    def step(self, const int64_t[::1] actions, float[:, ::1] obs, signed char[:, ::1] mask,
             int64_t[::1] seat, float[:, ::1] rewards, unsigned char[::1] done,
             int64_t[::1] length):
        """VectorGames.step after the checks: apply, auto-reset, write the rows
        (rewards, done and length already cleared by the caller)."""
        cdef int i
        if actions.shape[0] != self.N:
            raise ValueError("one action per game")
        for i in range(self.N):
            self.apply(i, <int>actions[i])
            if (<FastDeal>self.deals[i]).s.phase == P_OVER:
                self.after(i, &rewards[i, 0], &done[i], &length[i])
            self.show(i, &obs[i, 0], &mask[i, 0], &seat[i])
        self.total_steps += self.N

    cdef int apply(self, int i, int a) except -1:
        """DouDizhuDeal.apply_unchecked of the legal action of id ``a``, and the
        slots the rows read (played, the history, the leader, the kitty)."""
        cdef GS* g = &self.gs[i]
        cdef FastDeal f = <FastDeal>self.deals[i]
        cdef int j, code = 0, who = f.s.to_act, phase = f.s.phase, had_top = f.s.has_top
        cdef int found = -1
        cdef CC* c
        cdef Ent* e
        for j in range(g.nids):
            if g.ids[j] == a:
                found = j
                break
        if found < 0:
            raise ValueError(f"game {i}: action id {a} is not legal")
        code = f.leg[found]
        grow(&g.log, &g.logcap, g.nlog + 1)
        g.log[g.nlog] = a
        g.nlog += 1
        if phase == P_PLAY and code != A_SHOW:  # Codec.recent's plays and passes
            e = &g.hist[g.nhist % HISTORY]
            e.seat = who
            e.is_pass = code == A_PASS
            if code >= 0:
                c = &f.cs[who].data[code]
                e.lo = c.lo
                e.hi = c.hi
                g.plo[who] += c.lo
                g.phi[who] += c.hi
            g.nhist += 1
        f.apply_code(code)
        g.steps += 1
        if phase != P_PLAY and f.s.phase == P_PLAY:  # _take_kitty
            g.kitty_taken = 1
            g.leader = f.s.landlord
        elif phase == P_PLAY and code == A_PASS and had_top and not f.s.has_top:
            g.leader = f.s.top_player  # Trick._end_trick
        return 0

    cdef int after(self, int i, float* rewards, unsigned char* done, int64_t* length) except -1:
        """VectorGames._after: a redeal deals again within the episode (the next
        dealer, D = 2 once under redeal_doubled_once); a score ends it."""
        cdef GS* g = &self.gs[i]
        cdef FastDeal f = <FastDeal>self.deals[i]
        cdef int s, lord = f.s.landlord
        cdef bint lord_won
        if lord < 0:
            self.redeals += 1
            self.deal(i, (g.dealer + 1) % self.n, 1 if self.redouble and not g.doubled else 0)
            return 0
        lord_won = f.s.scores[lord] > 0
        for s in range(self.n):
            if self.win:  # win_rewards: +1 to the winning side
                rewards[s] = 1.0 if ((s == lord) == lord_won) else -1.0
            else:
                rewards[s] = <float>(<double>f.s.scores[s])
        done[0] = 1
        length[0] = g.steps
        self.ep[i] += 1
        self.lsum[i] += g.steps
        g.steps = 0
        self.deal(i, -1, 0)
        return 0

    # ----- the rows ----------------------------------------------------------------------
    cdef int show(self, int i, float* obs, signed char* mask, int64_t* seat) except -1:
        """VectorGames._show of one game: the seat, the mask and the ids, the row."""
        cdef GS* g = &self.gs[i]
        cdef FastDeal f = <FastDeal>self.deals[i]
        cdef int j
        for j in range(g.nids):
            mask[g.ids[j]] = 0
        f.legal()
        grow(&g.ids, &g.idcap, f.nleg)
        for j in range(f.nleg):
            g.ids[j] = self.id_of(f, f.leg[j])
            mask[g.ids[j]] = 1
        g.nids = f.nleg
        seat[0] = f.s.to_act
        self.encode(i, f, obs)
        return 0

    cdef int id_of(self, FastDeal f, int code) except -1:
        """ActionSpace.index of a legal action code (a C table for the plays)."""
        cdef CC* c
        cdef uint32_t tag
        cdef uint64_t h
        if code >= 0:
            c = &f.cs[f.s.to_act].data[code]
            tag = cc_tag(c)
            h = key_hash(c.lo, c.hi, tag) & self.tmask
            while self.table[h].id >= 0:
                if self.table[h].lo == c.lo and self.table[h].hi == c.hi and self.table[h].tag == tag:
                    return self.table[h].id
                h = (h + 1) & self.tmask
            raise KeyError(f.gen.to_py(c))
        if code == A_PASS:
            return self.id_pass
        if code == A_SHOW:
            return self.id_show
        if code == A_ROB:
            return self.id_rob
        if code == A_NO_ROB:
            return self.id_norob
        return self.id_bid[A_BID0 - code]

    cdef void plane(self, float* dst, uint64_t lo, uint32_t hi) noexcept:
        """CountPlanes._make: per rank a thermometer of its count (a count beyond
        the rank's copies capped), one block copy per rank from a table."""
        cdef int r, c, at = 0, m = 4 * self.packs
        if lo == 0 and hi == 0:
            memset(dst, 0, self.p * sizeof(float))
            return
        for r in range(LOW_RANKS):  # ranks 3 .. A: 4 or 8 slots
            c = <int>((lo >> (5 * r)) & 31)
            if m == 4:
                (<F4*>(dst + at))[0] = THERM4[c if c < 4 else 4]
            else:
                (<F8*>(dst + at))[0] = THERM8[c if c < 8 else 8]
            at += m
        for r in range(NR - LOW_RANKS):  # 2 (4 or 8 slots), the jokers (1 or 2)
            c = <int>((hi >> (5 * r)) & 31)
            if r == 0:
                if m == 4:
                    (<F4*>(dst + at))[0] = THERM4[c if c < 4 else 4]
                else:
                    (<F8*>(dst + at))[0] = THERM8[c if c < 8 else 8]
                at += m
            else:
                dst[at] = 1.0 if c > 0 else 0.0
                if self.packs == 2:
                    dst[at + 1] = 1.0 if c > 1 else 0.0
                at += self.packs

    cdef double stake_of(self, int bid, int robs, int bombs, int shown, int doubled) except? -1:
        """DouDizhuCodec._stake, cached in C (a miss asks the codec)."""
        cdef int k
        if robs >= SC_ROBS or bombs >= SC_BOMBS:
            return self.stake_fn(bid, robs, bombs, bool(shown), bool(doubled))
        k = ((bid * SC_ROBS + robs) * SC_BOMBS + bombs) * 4 + shown * 2 + doubled
        if self.stake[k] != self.stake[k]:  # NaN: not yet known
            self.stake[k] = self.stake_fn(bid, robs, bombs, bool(shown), bool(doubled))
        return self.stake[k]

    cdef int encode(self, int i, FastDeal f, float* dst) except -1:
        """DouDizhuCodec.values then Codec.parts, written at ``dst``."""
        cdef GS* g = &self.gs[i]
        cdef int n = self.n, me = f.s.to_act, lord = f.s.landlord, s, k, at = 0, c, p = self.p
        cdef uint64_t blo[MAXP]
        cdef uint32_t bhi[MAXP]
        cdef uint64_t klo[MAXP]
        cdef uint32_t khi[MAXP]
        cdef uint64_t ulo
        cdef uint32_t uhi
        cdef int width = p + n + 1, got
        cdef Ent* e
        # DouDizhuCodec._known
        for s in range(n):
            blo[s] = bhi[s] = klo[s] = khi[s] = 0
        add_card(&blo[g.first_bidder], &bhi[g.first_bidder], g.marker)
        if g.kitty_taken and lord >= 0:
            blo[lord] += f.s.klo
            bhi[lord] += f.s.khi
        for s in range(n):
            if s != me and (blo[s] or bhi[s]):
                sat_sub(blo[s], bhi[s], g.plo[s], g.phi[s], &klo[s], &khi[s])
        if f.s.shown and lord >= 0 and lord != me:
            klo[lord] = f.s.hlo[lord]
            khi[lord] = f.s.hhi[lord]
        # unseen = deck - hand - sum(played) - sum(known)
        ulo = self.deck_lo - f.s.hlo[me]
        uhi = self.deck_hi - f.s.hhi[me]
        for s in range(n):
            ulo -= g.plo[s] + klo[s]
            uhi -= g.phi[s] + khi[s]
        # Codec.head_cards: hand, unseen, played.k, known.k, kitty, top
        self.plane(dst, f.s.hlo[me], f.s.hhi[me])
        self.plane(dst + p, ulo, uhi)
        at = 2 * p
        for k in range(n):
            self.plane(dst + at, g.plo[(me + k) % n], g.phi[(me + k) % n])
            at += p
        for k in range(1, n):
            self.plane(dst + at, klo[(me + k) % n], khi[(me + k) % n])
            at += p
        if g.kitty_taken:
            self.plane(dst + at, f.s.klo, f.s.khi)
        else:
            self.plane(dst + at, 0, 0)
        at += p
        if f.s.has_top:
            self.plane(dst + at, f.s.top.lo, f.s.top.hi)
        else:
            self.plane(dst + at, 0, 0)
        at += p
        # Codec._make_left
        for k in range(n):
            s = (me + k) % n
            c = size_of(f.s.hlo[s], f.s.hhi[s])
            memset(dst + at, 0, LEFT_SLOTS * sizeof(float))
            dst[at] = <float>(<double>c / self.left_scale)
            dst[at + 1 + (c if c < 4 else 4)] = 1.0
            at += LEFT_SLOTS
        at = self.block(f, g, dst, at, me)
        # Codec.recent: the play phase's plays and passes, newest first
        got = 0
        if f.s.phase == P_PLAY:
            for k in range(g.nhist - 1, -1, -1):
                if got == HISTORY:
                    break
                e = &g.hist[k % HISTORY]
                if e.is_pass:
                    memset(dst + at, 0, width * sizeof(float))
                    dst[at + p + n] = 1.0
                else:
                    self.plane(dst + at, e.lo, e.hi)
                    memset(dst + at + p, 0, (n + 1) * sizeof(float))
                dst[at + p + (e.seat - me + n) % n] = 1.0
                at += width
                got += 1
        memset(dst + at, 0, (self.obs_size - at) * sizeof(float))
        return 0

    cdef int block(self, FastDeal f, GS* g, float* dst, int at, int me) except -1:
        """DouDizhuCodec._state_values then Block._make; returns the end."""
        cdef int n = self.n, size
        cdef int nkinds = len(self.gen.kinds)
        size = NPHASES + 5 * n + 1 + nkinds + 4 + 4 + 5 + 1 + 1 + 1
        memset(dst + at, 0, size * sizeof(float))
        dst[at + f.s.phase] = 1.0
        at += NPHASES
        if f.s.landlord >= 0:
            dst[at + (f.s.landlord - me + n) % n] = 1.0
        at += n
        dst[at + (g.first_bidder - me + n) % n] = 1.0
        at += n
        dst[at] = 1.0  # to_act: the seat itself
        at += n
        if f.s.has_top:  # trick_values
            dst[at + (f.s.top_player - me + n) % n] = 1.0
        at += n
        if g.leader >= 0:
            dst[at + (g.leader - me + n) % n] = 1.0
        at += n
        if not f.s.has_top:
            dst[at] = 1.0
        at += 1
        if f.s.has_top:
            dst[at + f.s.top.kind] = 1.0
        at += nkinds
        dst[at + f.s.bid] = 1.0
        at += 4
        dst[at + (f.s.robs if f.s.robs < 3 else 3)] = 1.0
        at += 4
        dst[at + (f.s.bombs if f.s.bombs < 4 else 4)] = 1.0
        at += 5
        dst[at] = 1.0 if f.s.shown else 0.0
        dst[at + 1] = 1.0 if f.s.doubled else 0.0
        dst[at + 2] = <float>self.stake_of(f.s.bid, f.s.robs, f.s.bombs, f.s.shown, f.s.doubled)
        return at + 3

    def sample(self, const double[::1] u):
        """Per game the ``int(u[i] * count)``-th smallest of its legal ids: the
        picks of vector.random_actions on the game's mask row, from the ids
        known here instead of a scan of the row."""
        cdef int i, k, cap = 0
        cdef GS* g
        cdef int* tmp = NULL
        if u.shape[0] != self.N:
            raise ValueError("one draw per game")
        out = np.empty(self.N, np.int64)
        cdef int64_t[::1] view = out
        try:
            for i in range(self.N):
                g = &self.gs[i]
                grow(&tmp, &cap, g.nids)
                memcpy(tmp, g.ids, g.nids * sizeof(int))
                k = <int>(u[i] * <double>g.nids)
                view[i] = kth_smallest(tmp, g.nids, k)
        finally:
            free(tmp)
        return out

    # ----- inspection ----------------------------------------------------------------------
    def legal_ids(self, int i):
        """The ids of game i's legal actions, in the order of its legal list."""
        cdef GS* g = &self.gs[i]
        return [g.ids[j] for j in range(g.nids)]

    def legal_actions(self, int i):
        """Game i's legal actions as engine values (DouDizhuDeal.legal_actions())."""
        return (<FastDeal>self.deals[i]).legal_actions()

    def replay(self, int i):
        """Game i's live deal as a DouDizhuDeal: dealt from its seed, dealer and D,
        then the deal's actions applied."""
        from chupai.doudizhu.game import new_deal

        cdef GS* g = &self.gs[i]
        deal = new_deal(self.rules, g.seed, dealer=g.dealer, doubled=bool(g.doubled))
        table = self.space_actions
        for j in range(g.nlog):
            deal.apply_unchecked(table[g.log[j]])
        return deal

    def episode_steps(self, int i):
        """The actions of game i's episode under way (its deals redealt included):
        what VectorGames counts in ``_steps`` on the Python path (for a copy of the
        runner's games on Python deals)."""
        if not 0 <= i < self.N:
            raise IndexError(f"game {i} of {self.N}")
        return self.gs[i].steps
