"""Dou Dizhu hand plans for the heuristic bot: the decomposition of a hand, whether the unseen cards can beat a play, and bidding by hand strength (see :mod:`chupai.bots.games.doudizhu.heuristic`)."""

from __future__ import annotations

from typing import Final, NamedTuple

from chupai.doudizhu.combos import ACE, BJ, NRANKS, RJ, SHIFTS, TWO, UNIT, Cards, Kind, size_of
from chupai.doudizhu.rules import DouDizhuRules

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


class _Wings:
    """The low singles and pairs a leaf may use as kickers, and those used."""

    __slots__ = ("low_p", "low_s", "pi", "si", "used_p", "used_s")

    def __init__(self, low_s: list[int], low_p: list[int]):
        self.low_s = low_s
        self.low_p = low_p
        self.si = 0
        self.pi = 0
        self.used_s: list[int] = []
        self.used_p: list[int] = []


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
    def _leaf(self, packed: int, airs: tuple[int, ...], build: bool) -> tuple[float, list[Group]]:
        c = [(packed >> s) & 31 for s in SHIFTS]
        groups: list[Group] = []
        score, turns, singles, pairs, trios = self._sets(c, groups, build)
        # wings: lowest singles / pairs below the 2 (never a control as a kicker)
        wings = _Wings([r for r in singles if r <= ACE], [r for r in pairs if r <= ACE])
        score, turns = self._airplanes(airs, wings, score, turns, groups, build)
        score, turns = self._trios(trios, wings, score, turns, groups, build)
        # the remaining pairs and singles
        for r in pairs:
            if r in wings.used_p:
                continue
            v = float(r - 10)
            score += v
            turns += 1
            if build:
                groups.append(Group(K.PAIR, r, 2 * UNIT[r], v))
        used = list(wings.used_s)
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

    def _sets(
        self, c: list[int], groups: list[Group], build: bool
    ) -> tuple[float, int, list[int], list[int], list[int]]:
        """The bombs, the rocket and the four jokers of counts ``c`` (taken out of
        ``c``) scored, and the other ranks sorted: ``(score, turns, singles, pairs,
        trios)``."""
        four = self.four
        score = 0.0
        turns = 0
        singles: list[int] = []
        pairs: list[int] = []
        trios: list[int] = []
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
        return score, turns, singles, pairs, trios

    def _airplanes(
        self,
        airs: tuple[int, ...],
        w: _Wings,
        score: float,
        turns: int,
        groups: list[Group],
        build: bool,
    ) -> tuple[float, int]:
        """The airplanes ``airs`` with their wings taken from ``w``, added to
        ``score`` and ``turns``."""
        four = self.four
        low_s, low_p = w.low_s, w.low_p
        for k in sorted(airs, reverse=True):
            # airs entries: start << 4 | length (the body is start..start+length-1)
            s0, length = k >> 4, k & 15
            body = sum(3 * UNIT[r] for r in range(s0, s0 + length))
            v = _chain_value(3, s0 + length - 1, length)
            wings = 0
            kind = K.AIRPLANE
            if not four and len(low_s) - w.si >= length and length <= 5:
                for r in low_s[w.si : w.si + length]:
                    wings += UNIT[r]
                w.used_s += low_s[w.si : w.si + length]
                w.si += length
                kind = K.AIRPLANE_SINGLES
            elif len(low_p) - w.pi >= length and length <= (6 if four else 4):
                for r in low_p[w.pi : w.pi + length]:
                    wings += 2 * UNIT[r]
                w.used_p += low_p[w.pi : w.pi + length]
                w.pi += length
                kind = K.AIRPLANE_PAIRS
            score += v + 0.5 * size_of(wings) / length  # wings leave the hand for free
            turns += 1
            if build:
                groups.append(Group(kind, s0 + length - 1, body + wings, v))
        return score, turns

    def _trios(
        self,
        trios: list[int],
        w: _Wings,
        score: float,
        turns: int,
        groups: list[Group],
        build: bool,
    ) -> tuple[float, int]:
        """The trios with the kickers left in ``w``, added to ``score`` and ``turns``."""
        four = self.four
        low_s, low_p = w.low_s, w.low_p
        for t in trios:
            v = float(t - 10) + 0.5
            cards = 3 * UNIT[t]
            kind = K.TRIO
            if (
                not four
                and w.si < len(low_s)
                and (w.pi >= len(low_p) or low_s[w.si] <= low_p[w.pi])
            ):
                cards += UNIT[low_s[w.si]]
                w.used_s.append(low_s[w.si])
                w.si += 1
                kind = K.TRIO_SINGLE
            elif w.pi < len(low_p):
                cards += 2 * UNIT[low_p[w.pi]]
                w.used_p.append(low_p[w.pi])
                w.pi += 1
                kind = K.TRIO_PAIR
            score += v
            turns += 1
            if build:
                groups.append(Group(kind, t, cards, v))
        return score, turns

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
                            sub = self._search(
                                r, rest, tuple(sorted(airs + ((r << 4) | length,))), code
                            )
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


_CHAIN_M: Final = {
    K.STRAIGHT: (1, 1),
    K.PAIR_CHAIN: (2, 2),
    K.AIRPLANE: (3, 3),
    K.AIRPLANE_SINGLES: (3, 4),
    K.AIRPLANE_PAIRS: (3, 5),
}
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
        return (
            -0.3
            + 0.43 * c[RJ]
            + 0.06 * c[BJ]
            + 0.04 * c[TWO]
            + 0.02 * c[ACE]
            + 0.07 * bombs
            + 0.009 * score
        )
    bombs = sum(1 for r in range(TWO + 1) if c[r] == 4)
    rocket = 1.0 if c[BJ] and c[RJ] else 0.0
    return (
        0.25
        + 1.0 * c[RJ]
        + 0.8 * c[BJ]
        - 0.3 * rocket
        + 0.2 * c[TWO]
        + 0.1 * c[ACE]
        + 0.45 * bombs
        + 0.018 * score
    )


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
