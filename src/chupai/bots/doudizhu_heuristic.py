"""A heuristic Dou Dizhu bot: hand decomposition, control counting, partner play.

:class:`DouDizhuHeuristicBot` plays every phase of both presets (``classic`` and
``four_player``) from the seat's :class:`~chupai.doudizhu.game.Observation` and the
legal actions only. It is also the rollout policy of the search bot, so every
decision is cheap (a few milliseconds at most, far less with a warm cache).

**Decomposition** (:func:`decompose`). A hand (packed rank counts) is split into
the plays it will be shed as: chains (straights, pair chains, airplanes) are
chosen by a depth-first search from the lowest rank up, memoised on the counts;
the rest falls into bombs (and the rocket / the four jokers), trios, pairs and
singles; airplanes then take wings and trios take kickers from the lowest singles
and pairs below the 2. Every plan is scored ``sum(value) - TURN * turns``: a
play's value grows with its key rank (a low single is a liability, a 2 or a
joker a control), chains and airplanes earn a bonus, bombs a large one, and every
play the hand needs costs ``TURN``. The plan with the best score wins. Four or
more of a rank never feed a chain: bombs stay whole, and so do the rocket and
the four jokers.

**Control.** A play is *safe* when the cards the seat cannot see (the deck less
its own hand and every play, or the landlord's hand once shown) hold no play of
the same kind that beats it nor a bomb above it, within the size of the
opponents' hands. A hand is *won* when its plan has at most one unsafe play
more than it has safe bombs (each bomb wins the lead back): it leads its safe
plays, then the unsafe ones, and goes out. The same test looks one play ahead
when following ("beat now with a control, then go out").

**Bidding and robbing** (:func:`hand_strength`). The strength of a hand is an
estimate of the logit of its chance to win as the landlord, from its control
cards (jokers, 2s, aces, bombs, the rocket) and its plan score, fitted on
self-play. The bot bids 3 with a strong hand, 1 or 2 with a fair one (when that
bid is still open) and passes with a weak one; it robs only with a strong hand.
明牌 (``show``) only with an overwhelming hand (won, at most four plays) and, under
``ming_pai=always`` (where showing doubles a loss too), only when every play is
safe.

**Leading.** Multi-card plays first (chains, airplanes, trios with their
kickers), then the weakest pair or single; controls and bombs last. Against an
opponent with one card the bot leads no single it can avoid (else its highest);
against two cards it avoids pairs. A peasant whose partner is close to going
out feeds it a low single or pair.

**Following.** Go out when possible; beat with a safe play when the rest is then
won. A peasant lets its partner's play stand unless that wins the hand, or the
partner's play is weak while the landlord, next to act, holds two cards or
fewer. Against an opponent the bot plays its highest beating play when the
opponent is about to go out, else the beating play that damages its plan least
(a peasant right behind the landlord prefers one of a ``J`` or higher on a
single or pair), and passes when every such play costs more than the trick is
worth. Bombs stay home until an opponent is close to going out (3 cards in
``classic``, 15 in ``four_player``, whose two packs hold many bombs) or until
they win the hand; a bomb, the rocket or the four jokers are never split.

Tuned against the greedy bot and itself (``tests/test_bots_doudizhu.py`` measures
the margins); a decision takes well under a millisecond on average.

>>> from chupai.doudizhu.rules import PRESETS
>>> from chupai.doudizhu.combos import parse_cards, cards_text
>>> plan = decompose(parse_cards("3 4 5 6 7 9 9 9 J Q Q K K A 2 BJ RJ", PRESETS["classic"]),
...                  PRESETS["classic"])
>>> [cards_text(g.cards) for g in plan.groups]
['3 4 5 6 7', '9 9 9 J', 'Q Q', 'K K', 'A', '2', 'BJ RJ']
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Final, NamedTuple

from chupai.doudizhu.combos import (
    ACE,
    BJ,
    NRANKS,
    RJ,
    SHIFTS,
    TWO,
    UNIT,
    Cards,
    Combo,
    Kind,
    deck_cards,
    size_of,
)
from chupai.doudizhu.game import NO_ROB, PASS, ROB, SHOW, Bid, Phase
from chupai.doudizhu.rules import DouDizhuRules, MingPai

__all__ = [
    "DouDizhuHeuristicBot", "Group", "Plan", "TURN", "BOMB_KINDS", "decompose", "beatable",
    "hand_strength", "bid_for", "robs_with",
]

K = Kind

TURN: Final = 7.0
"""Cost of every play a hand needs (the plan score is ``sum(value) - TURN * turns``)."""

_MEMO_MAX: Final = 100_000
_PLANS_MAX: Final = 20_000

BOMB_KINDS: Final = frozenset({K.BOMB, K.ROCKET, K.MISSILE, K.HEAVEN_BOMB, K.HEAVEN_LORD})
"""The bomb family (either preset)."""


class Group(NamedTuple):
    """One planned play: its kind, key rank, cards (packed, kickers included) and
    value (positive: a control; negative: a liability)."""

    kind: Kind
    key: int
    cards: Cards
    value: float

    @property
    def size(self) -> int:
        return size_of(self.cards)


class Plan(NamedTuple):
    """A decomposition of a hand: ``score = sum(values) - TURN * turns``."""

    score: float
    turns: int
    groups: tuple[Group, ...]


# ----- decomposition -------------------------------------------------------------------

def _bomb_value(four: bool, rank: int, n: int) -> float:
    if four:
        if n >= 9:  # the four jokers (callers pass 9)
            return 20.0
        return 3.0 + 3.0 * (n - 3) + rank / 4
    return 8.0 + rank / 4


def _chain_value(m: int, key: int, length: int) -> float:
    if m == 1:
        return key - 9 + 0.3 * (length - 5)
    if m == 2:
        return key - 8 + 0.3 * (length - 3)
    return key - 6 + 0.5 * (length - 2)


_Found = tuple[float, tuple[tuple[int, int, int], ...], tuple[int, ...]]
"""A search result: (score, chains, airplanes)."""


class _Decomposer:
    """The plan search of one preset (``four``: the four_player game)."""

    def __init__(self, four: bool, max_air: int = 6):
        self.four = four
        self.max_air = max_air
        """Most trios in an airplane body (``airplane_max_trios``)."""
        self.pair_max = RJ if four else TWO
        self.lock = 4
        """Ranks with at least this many cards (bombs) never feed a chain."""
        self.memo: dict[tuple[int, int, tuple[int, ...]], _Found] = {}
        self.plans: dict[int, Plan] = {}

    # the leaf: residue counts (no more chains) plus the airplanes chosen (wings open)
    def _leaf(self, packed: int, airs: tuple[int, ...],
              build: bool) -> tuple[float, list[Group]]:
        four = self.four
        c = [(packed >> s) & 31 for s in SHIFTS]
        groups: list[Group] = []
        score = 0.0
        turns = 0
        singles: list[int] = []
        pairs: list[int] = []
        trios: list[int] = []
        # bombs, rocket, four jokers
        if four:
            if c[BJ] == 2 and c[RJ] == 2:
                c[BJ] = c[RJ] = 0
                v = _bomb_value(True, RJ, 9)
                score += v
                turns += 1
                if build:
                    groups.append(Group(K.HEAVEN_LORD, RJ, 2 * UNIT[BJ] + 2 * UNIT[RJ], v))
        elif c[BJ] and c[RJ]:
            c[BJ] = c[RJ] = 0
            v = 11.0
            score += v
            turns += 1
            if build:
                groups.append(Group(K.ROCKET, RJ, UNIT[BJ] + UNIT[RJ], v))
        for r in range(NRANKS):
            n = c[r]
            if not n:
                continue
            if n >= 4 and r <= TWO:
                v = _bomb_value(four, r, n)
                score += v
                turns += 1
                if build:
                    kind = K.BOMB
                    if four and n >= 6:
                        kind = (K.ROCKET, K.MISSILE, K.HEAVEN_BOMB)[n - 6]
                    groups.append(Group(kind, r, n * UNIT[r], v))
            elif n == 3:
                trios.append(r)
            elif n == 2 and r <= self.pair_max:
                pairs.append(r)
            elif n == 2:  # classic never has two of a joker; defensive
                singles.append(r)
                singles.append(r)
            else:
                singles.append(r)
        # wings: lowest singles / pairs below the 2 (never a control as a kicker)
        low_s = [r for r in singles if r <= ACE]
        low_p = [r for r in pairs if r <= ACE]
        used_s: list[int] = []
        used_p: list[int] = []
        si = pi = 0
        for k in sorted(airs, reverse=True):
            # airs entries: start << 4 | length (the body is start..start+length-1)
            s0, length = k >> 4, k & 15
            body = sum(3 * UNIT[r] for r in range(s0, s0 + length))
            v = _chain_value(3, s0 + length - 1, length)
            wings = 0
            kind = K.AIRPLANE
            if not four and len(low_s) - si >= length and length <= 5:
                for r in low_s[si:si + length]:
                    wings += UNIT[r]
                used_s += low_s[si:si + length]
                si += length
                kind = K.AIRPLANE_SINGLES
            elif len(low_p) - pi >= length and length <= (6 if four else 4):
                for r in low_p[pi:pi + length]:
                    wings += 2 * UNIT[r]
                used_p += low_p[pi:pi + length]
                pi += length
                kind = K.AIRPLANE_PAIRS
            score += v + 0.5 * size_of(wings) / length  # wings leave the hand for free
            turns += 1
            if build:
                groups.append(Group(kind, s0 + length - 1, body + wings, v))
        for t in trios:
            v = float(t - 10) + 0.5
            cards = 3 * UNIT[t]
            kind = K.TRIO
            if not four and si < len(low_s) and (pi >= len(low_p) or low_s[si] <= low_p[pi]):
                cards += UNIT[low_s[si]]
                used_s.append(low_s[si])
                si += 1
                kind = K.TRIO_SINGLE
            elif pi < len(low_p):
                cards += 2 * UNIT[low_p[pi]]
                used_p.append(low_p[pi])
                pi += 1
                kind = K.TRIO_PAIR
            score += v
            turns += 1
            if build:
                groups.append(Group(kind, t, cards, v))
        # the remaining pairs and singles
        for r in pairs:
            if r in used_p:
                continue
            v = float(r - 10)
            score += v
            turns += 1
            if build:
                groups.append(Group(K.PAIR, r, 2 * UNIT[r], v))
        used = list(used_s)
        for r in singles:
            if r in used:
                used.remove(r)
                continue
            v = float(r - 10)
            score += v
            turns += 1
            if build:
                groups.append(Group(K.SINGLE, r, UNIT[r], v))
        return score - TURN * turns, groups

    def _search(self, r: int, packed: int, airs: tuple[int, ...], bound: int = 255) -> _Found:
        """Best (score, chains, airplanes) over chain choices at ranks >= r; chains
        are ``(m, start, end)`` with ``m`` in (1, 2); airplanes travel in ``airs``
        (``start << 4 | length``) and are scored by the leaf with their wings.
        Chains starting at the same rank are chosen in non-increasing order of
        ``m << 4 | length`` (below ``bound``), so each set is searched once."""
        # lowest rank >= r that could start a chain
        while r < ACE:
            n = (packed >> SHIFTS[r]) & 31
            if n and n < self.lock:
                break
            r += 1
            bound = 255
        key = (r << 8 | bound, packed, airs)
        hit = self.memo.get(key)
        if hit is not None:
            return hit
        if r >= ACE:
            leaf_key = (-1, packed, airs)
            hit = self.memo.get(leaf_key)
            if hit is None:
                hit = (self._leaf(packed, airs, False)[0], (), airs)
                self.memo[leaf_key] = hit
            self.memo[key] = hit
            return hit
        best = self._search(r + 1, packed, airs)
        n0 = (packed >> SHIFTS[r]) & 31
        for m, minlen in ((1, 5), (2, 3), (3, 2)):
            if n0 < m or m << 4 > bound:
                break
            chain = 0
            e = r
            while e <= ACE:
                ne = (packed >> SHIFTS[e]) & 31
                if ne < m or ne >= self.lock:
                    break
                chain += m * UNIT[e]
                length = e - r + 1
                code = m << 4 | length
                if code > bound:
                    break
                if length >= minlen:
                    rest = packed - chain
                    if m == 3:
                        if length <= self.max_air:
                            sub = self._search(r, rest, tuple(sorted(airs + ((r << 4) | length,))),
                                               code)
                            if sub[0] > best[0]:
                                best = sub
                    else:
                        sub = self._search(r, rest, airs, code)
                        score = sub[0] + _chain_value(m, e, length) - TURN
                        if score > best[0]:
                            best = (score, sub[1] + ((m, r, e),), sub[2])
                e += 1
        self.memo[key] = best
        return best

    def plan(self, hand: Cards) -> Plan:
        hit = self.plans.get(hand)
        if hit is not None:
            return hit
        if len(self.memo) > _MEMO_MAX:
            self.memo.clear()
        if len(self.plans) > _PLANS_MAX:
            self.plans.clear()
        score, chains, airs = self._search(0, hand, ())
        rest = hand
        groups: list[Group] = []
        for m, s, e in chains:
            cards = sum(m * UNIT[x] for x in range(s, e + 1))
            rest -= cards
            kind = K.STRAIGHT if m == 1 else K.PAIR_CHAIN
            groups.append(Group(kind, e, cards, _chain_value(m, e, e - s + 1)))
        for a in airs:
            s0, length = a >> 4, a & 15
            rest -= sum(3 * UNIT[x] for x in range(s0, s0 + length))
        groups.extend(self._leaf(rest, airs, True)[1])
        groups.sort(key=_group_order)
        plan = Plan(score, len(groups), tuple(groups))
        self.plans[hand] = plan
        return plan


def _group_order(g: Group) -> tuple[int, int]:
    return (100 + g.key if g.kind in BOMB_KINDS else g.key, -g.size)


_DECOMPOSERS: Final[dict[tuple[bool, int], _Decomposer]] = {}


def decompose(hand: Cards, rules: DouDizhuRules) -> Plan:
    """The best plan of ``hand`` (packed counts) under ``rules`` (cached)."""
    key = (rules.four_player, rules.airplane_max_trios)
    dec = _DECOMPOSERS.get(key)
    if dec is None:
        dec = _DECOMPOSERS[key] = _Decomposer(*key)
    return dec.plan(hand)


# ----- control: can the unseen cards beat a play? ----------------------------------------

def _top_bomb_power(pool: list[int], room: int, four: bool) -> int:
    """The strongest bomb-family power the cards ``pool`` (counts) can form within
    ``room`` cards (0: none)."""
    best = 0
    if four:
        if room >= 4 and pool[BJ] >= 2 and pool[RJ] >= 2:
            return 255
        for r in range(TWO + 1):
            n = min(pool[r], room)
            if n >= 4:
                best = max(best, (n - 3) * 16 + r)
    else:
        if room >= 2 and pool[BJ] and pool[RJ]:
            return 255
        if room >= 4:
            for r in range(TWO + 1):
                if pool[r] >= 4:
                    best = 16 + r
    return best


def _power(kind: Kind, key: int, size: int, four: bool) -> int:
    """The bomb-family power of a play (0 outside the family), as the engine's."""
    if kind is K.HEAVEN_LORD or (kind is K.ROCKET and not four):
        return 255
    if four and kind in (K.BOMB, K.ROCKET, K.MISSILE, K.HEAVEN_BOMB):
        return (size - 3) * 16 + key
    if kind is K.BOMB:
        return 16 + key
    return 0


_CHAIN_M: Final = {K.STRAIGHT: (1, 1), K.PAIR_CHAIN: (2, 2), K.AIRPLANE: (3, 3),
                   K.AIRPLANE_SINGLES: (3, 4), K.AIRPLANE_PAIRS: (3, 5)}
"""Chain kinds: (copies per body rank, cards per body rank including wings)."""


def beatable(kind: Kind, key: int, size: int, pool: list[int], room: int, four: bool) -> bool:
    """Whether cards ``pool`` (15 counts) can form a play of at most ``room`` cards
    that beats a play of ``kind``/``key``/``size`` (kickers assumed available)."""
    power = _power(kind, key, size, four)
    top = _top_bomb_power(pool, room, four)
    if power:
        return top > power
    if top:
        return True
    if size > room:
        return False
    if kind is K.SINGLE:
        return any(pool[r] for r in range(key + 1, NRANKS))
    if kind is K.PAIR:
        return any(pool[r] >= 2 for r in range(key + 1, (RJ if four else TWO) + 1))
    if kind in (K.TRIO, K.TRIO_SINGLE, K.TRIO_PAIR):
        return any(pool[r] >= 3 for r in range(key + 1, TWO + 1))
    chain = _CHAIN_M.get(kind)
    if chain is not None:
        m, per = chain
        length = size // per
        run = 0
        for r in range(key - length + 2, ACE + 1):
            run = run + 1 if pool[r] >= m else 0
            if run >= length and r > key:
                return True
        return False
    return False  # four with kickers: only a bomb (handled above) beats it


# ----- bidding -----------------------------------------------------------------------------

_BID_AT: Final = {3: (0.0, 0.3, 0.6), 4: (-0.32, -0.2, -0.05)}
"""Strength (the logit of the landlord's winning chance) needed for bids 1, 2, 3.
In ``four_player`` the landlord wins about half the time even with the
strongest of the four hands, so the bar is set to let that hand bid in most
deals rather than to redeal."""
_ROB_AT: Final = {3: 1.0, 4: 0.15}
"""Strength needed to rob (robbing triples the stake)."""


def hand_strength(hand: Cards, rules: DouDizhuRules) -> float:
    """A hand's strength before the kitty: an estimate of the logit of the chance
    that the hand wins as the landlord (against heuristic peasants), from its
    control cards (jokers, 2s, aces, bombs, the rocket) and its plan score. The
    weights were fitted by logistic regression on heuristic self-play with the
    landlord fixed (classic: median about 0, top decile about 0.85; four_player:
    median about -0.5, the strongest of four hands about -0.15)."""
    c = [(hand >> s) & 31 for s in SHIFTS]
    score = decompose(hand, rules).score
    if rules.four_player:
        bombs = sum(1 for r in range(TWO + 1) if c[r] >= 4)
        return (-0.3 + 0.43 * c[RJ] + 0.06 * c[BJ] + 0.04 * c[TWO] + 0.02 * c[ACE]
                + 0.07 * bombs + 0.009 * score)
    bombs = sum(1 for r in range(TWO + 1) if c[r] == 4)
    rocket = 1.0 if c[BJ] and c[RJ] else 0.0
    return (0.25 + 1.0 * c[RJ] + 0.8 * c[BJ] - 0.3 * rocket + 0.2 * c[TWO] + 0.1 * c[ACE]
            + 0.45 * bombs + 0.018 * score)


def bid_for(hand: Cards, rules: DouDizhuRules) -> int:
    """The highest bid (0: none) the heuristic bot makes with ``hand``."""
    s = hand_strength(hand, rules)
    best = 0
    for bid, at in enumerate(_BID_AT[rules.players], start=1):
        if s >= at:
            best = bid
    return best


def robs_with(hand: Cards, rules: DouDizhuRules) -> bool:
    """Whether the heuristic bot robs (or robs back) the landlord with ``hand``."""
    return hand_strength(hand, rules) >= _ROB_AT[rules.players]


# ----- the bot ------------------------------------------------------------------------------

def _breaks_bomb(cards: Cards, hand: Cards, four: bool) -> bool:
    """Whether playing ``cards`` from ``hand`` splits a bomb, the rocket or the four
    jokers without playing all of it."""
    for r in range(NRANKS):
        used = (cards >> SHIFTS[r]) & 31
        if used:
            held = (hand >> SHIFTS[r]) & 31
            if held >= 4 and used < held and r <= TWO:
                return True
    if four:
        return bool((hand >> SHIFTS[BJ]) & 31 == 2 and (hand >> SHIFTS[RJ]) & 31 == 2
                    and ((cards >> SHIFTS[BJ]) & 31) + ((cards >> SHIFTS[RJ]) & 31) > 0)
    return bool((hand >> SHIFTS[BJ]) & 1 and (hand >> SHIFTS[RJ]) & 1
                and ((cards >> SHIFTS[BJ]) & 1) != ((cards >> SHIFTS[RJ]) & 1))


class _View:
    """What one play decision needs, derived from the observation only."""

    __slots__ = ("obs", "rules", "four", "me", "lord", "is_lord", "partners", "opponents",
                 "hand", "pool", "room", "counts", "next_seat", "regain")

    def __init__(self, obs: Any, regain: bool = True):
        self.regain = regain
        self.obs = obs
        rules: DouDizhuRules = obs.rules
        self.rules = rules
        self.four = rules.four_player
        n = obs.players
        me = obs.seat
        lord: int = obs.landlord
        self.me: int = me
        self.lord = lord
        self.is_lord = me == lord
        others = [(me + i) % n for i in range(1, n)]
        self.opponents: list[int]
        if self.is_lord:
            self.opponents = others
            self.partners: list[int] = []
        else:
            self.opponents = [lord]
            self.partners = [s for s in others if s != lord]
        self.hand: Cards = obs.hand
        self.counts: tuple[int, ...] = obs.hand_counts
        self.next_seat = (me + 1) % n
        if not self.is_lord and obs.landlord_hand is not None:
            pool = obs.landlord_hand
        else:
            pool = deck_cards(rules) - obs.hand - sum(obs.played)
        self.pool = [(pool >> s) & 31 for s in SHIFTS]
        self.room = max(obs.hand_counts[s] for s in self.opponents)

    def safe(self, kind: Kind, key: int, size: int) -> bool:
        return not beatable(kind, key, size, self.pool, self.room, self.four)

    def safe_group(self, g: Group) -> bool:
        return self.safe(g.kind, g.key, g.size)

    def unsafe_count(self, plan: Plan) -> int:
        return sum(1 for g in plan.groups if not self.safe_group(g))

    def won(self, cards: Cards) -> bool:
        """Whether ``cards`` can go out by force: its plan has at most one unsafe
        play more than it has safe bombs (a safe bomb wins the lead back after
        any unsafe play is beaten)."""
        if not cards:
            return True
        return self.winning(decompose(cards, self.rules))

    def winning(self, plan: Plan) -> bool:
        unsafe = bombs = 0
        for g in plan.groups:
            if self.safe_group(g):
                bombs += g.kind in BOMB_KINDS
            else:
                unsafe += 1
        return unsafe <= 1 + (bombs if self.regain else 0)

    @property
    def danger(self) -> int:
        """The fewest cards an opponent holds."""
        return min(self.counts[s] for s in self.opponents)


class DouDizhuHeuristicBot:
    """A heuristic player for Dou Dizhu (see the module docstring)."""

    name = "heuristic"

    lead_size: float = 3.0
    """Leading prefers a play by this much per card beyond the first."""
    lord_threshold: float = -2.0
    """Following: the landlord beats a play when that changes its plan score by at
    least this much."""
    peasant_threshold: float = -4.0
    """The same for a peasant beating the landlord."""
    bomb_danger: int = 3
    """Bomb when an opponent holds this many cards or fewer (``classic``)."""
    bomb_danger_four: int = 15
    """The same in ``four_player``: the two-pack game has bombs to spare."""
    bomb_regain: bool = True
    """Count a safe bomb as a way back to the lead when judging a hand won."""
    block_rank: int = 8
    """A peasant right after the landlord beats the landlord's single or pair with
    a card of at least this rank (a ``J``) when that costs its plan little,
    forcing the landlord's high cards out."""

    def __init__(self, seed: int | None = None):
        self.rng = random.Random(seed)
        """Seeded for the bot interface; the decisions are deterministic."""

    def act(self, observation: Any, legal: Sequence[Any]) -> Any:
        """One element of ``legal`` for the seat of ``observation``."""
        if not legal:
            raise ValueError("no legal action to choose from")
        obs = observation
        if obs.phase is Phase.BID:
            return self._bid(obs, legal)
        if obs.phase is Phase.ROB:
            want = ROB if robs_with(obs.hand, obs.rules) else NO_ROB
            return want if want in legal else legal[-1]
        plays = [a for a in legal if type(a) is Combo]
        if not plays:
            return PASS if PASS in legal else legal[0]
        view = _View(obs, self.bomb_regain)
        hand = obs.hand
        for p in plays:
            if p.cards == hand:
                return p
        if obs.top is None:
            if SHOW in legal and self._show(view):
                return SHOW
            return self._lead(view, plays)
        return self._follow(view, plays, legal)

    # ----- bidding -------------------------------------------------------------------------
    @staticmethod
    def _bid(obs: Any, legal: Sequence[Any]) -> Any:
        want = bid_for(obs.hand, obs.rules)
        bids = sorted((a for a in legal if isinstance(a, Bid)), key=lambda b: b.value)
        for b in reversed(bids):
            if b.value <= want:
                return b
        return PASS if PASS in legal else legal[-1]

    @staticmethod
    def _show(view: _View) -> bool:
        mode = view.rules.ming_pai
        if mode is MingPai.OFF:
            return False
        plan = decompose(view.hand, view.rules)
        unsafe = view.unsafe_count(plan)
        return unsafe == 0 if mode is MingPai.ALWAYS else unsafe <= 1 and plan.turns <= 4

    # ----- leading -------------------------------------------------------------------------
    @staticmethod
    def _index(plays: list[Combo]) -> dict[int, list[Combo]]:
        by_cards: dict[int, list[Combo]] = {}
        for p in plays:
            by_cards.setdefault(p.cards, []).append(p)
        return by_cards

    @staticmethod
    def _combo_for(g: Group, by_cards: dict[int, list[Combo]]) -> Combo | None:
        found = by_cards.get(g.cards)
        if not found:
            return None
        for p in found:
            if p.kind is g.kind:
                return p
        return found[0]

    def _lead(self, view: _View, plays: list[Combo]) -> Combo:
        plan = decompose(view.hand, view.rules)
        by_cards = self._index(plays)
        groups = [g for g in plan.groups if self._combo_for(g, by_cards) is not None]
        if not groups:  # defensive: the plan always maps onto legal plays
            return min(plays, key=lambda p: (p.power, p.key, -p.size))
        safe = [g for g in groups if view.safe_group(g)]
        if safe and view.winning(plan):
            # a won hand: cash the safe plays, then the unsafe ones (a bomb wins
            # the lead back after each), the bombs before the last play
            unsafe = [g for g in groups if not view.safe_group(g)]
            calm = [g for g in safe if g.kind not in BOMB_KINDS]
            if calm:
                g = max(calm, key=lambda g: (g.size, -g.key))
            elif len(unsafe) >= 2:
                g = max(unsafe, key=lambda g: (g.size, g.key))
            else:
                g = min(safe, key=lambda g: g.key)
            return self._combo_for(g, by_cards)  # type: ignore[return-value]
        normal = [g for g in groups if g.kind not in BOMB_KINDS] or groups
        danger = view.danger
        # feed a partner about to go out
        if view.partners:
            for mate in view.partners:
                left = view.counts[mate]
                lord_before = self._acts_before(view, view.lord, mate)
                if left <= 2 and (not lord_before or view.counts[view.lord] > left):
                    want = K.SINGLE if left == 1 else K.PAIR
                    fit = [g for g in normal if g.kind is want]
                    if left == 2 and not fit:
                        fit = [g for g in normal if g.kind is K.SINGLE]
                    if fit:
                        g = min(fit, key=lambda g: g.key)
                        return self._combo_for(g, by_cards)  # type: ignore[return-value]
        pick = normal
        if danger == 1:
            others = [g for g in normal if g.kind is not K.SINGLE]
            if others:
                pick = others
            else:
                g = max(normal, key=lambda g: g.key)
                return self._combo_for(g, by_cards)  # type: ignore[return-value]
        elif danger == 2:
            others = [g for g in normal if g.kind is not K.PAIR]
            if others:
                pick = others
        g = min(pick, key=lambda g: self._lead_rank(g, view))
        return self._combo_for(g, by_cards)  # type: ignore[return-value]

    def _lead_rank(self, g: Group, view: _View) -> float:
        """Lower leads first: weak plays first, chains and multi-card plays early."""
        return g.value - self.lead_size * (g.size - 1)

    @staticmethod
    def _acts_before(view: _View, a: int | None, b: int) -> bool:
        """Whether seat ``a`` acts before seat ``b`` after the observing seat."""
        if a is None:
            return False
        n: int = view.obs.players
        me: int = view.me
        return (a - me) % n < (b - me) % n

    # ----- following -----------------------------------------------------------------------
    def _follow(self, view: _View, plays: list[Combo], legal: Sequence[Any]) -> Any:
        obs = view.obs
        rules = view.rules
        hand = view.hand
        top_player = obs.top_player
        # a winning line: beat with a control and go out with what remains
        best_line = None
        for p in plays:
            if view.safe(p.kind, p.key, p.size) and view.won(hand - p.cards):
                if best_line is None or (p.power, -p.size, p.key) < (best_line.power, -best_line.size, best_line.key):
                    best_line = p
        partner_top = top_player in view.partners
        if partner_top:
            if best_line is not None and best_line.power == 0:
                return best_line
            lord = view.lord
            if lord is not None and view.next_seat == lord and view.counts[lord] <= 2 \
                    and not view.safe(obs.top.kind, obs.top.key, obs.top.size):
                normal = [p for p in plays if not p.power
                          and not _breaks_bomb(p.cards, hand, view.four)]
                safe = [p for p in normal if view.safe(p.kind, p.key, p.size)]
                if safe:
                    return min(safe, key=lambda p: p.key)
                if normal:
                    return max(normal, key=lambda p: p.key)
            return PASS
        if best_line is not None:
            return best_line
        base = decompose(hand, rules).score
        normal = [p for p in plays if not p.power]
        bombs = [p for p in plays if p.power]
        whole = [p for p in normal if not _breaks_bomb(p.cards, hand, view.four)]
        threat = view.counts[top_player] if top_player is not None else 99
        danger = min(view.danger, threat)
        if normal:
            if danger <= 2 or threat <= obs.top.size:
                return max(normal, key=lambda p: (p.key, -p.size))
        if whole:
            scored = [(decompose(hand - p.cards, rules).score - base, -p.key, p) for p in whole]
            gain, _, p = max(scored, key=lambda x: (x[0], x[1]))
            threshold = self._threshold(view)
            if (top_player == view.lord and view.partners and obs.top.size <= 2
                    and view.next_seat in view.partners and p.key < self.block_rank):
                high = [x for x in scored if x[2].key >= self.block_rank and x[0] >= threshold]
                if high:
                    return max(high, key=lambda x: (x[1], x[0]))[2]
            if gain >= threshold:
                return p
        if bombs:
            bomb = min(bombs, key=lambda p: p.power)
            if danger <= (self.bomb_danger_four if view.four else self.bomb_danger):
                return bomb
        return PASS

    def _threshold(self, view: _View) -> float:
        return self.lord_threshold if view.is_lord else self.peasant_threshold
