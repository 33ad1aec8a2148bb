"""Big A hand plans: the seat's view of the teams and the decomposition of a hand
into the plays it will be shed as (see :mod:`chupai.bots.games.biga`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final, NamedTuple

from chupai.biga.cards import ACE, BJ, RJ, SHIFTS, SUITED_ACE, TWO, UNIT, Cards
from chupai.biga.combos import BIG_ACE_KEY, Combo, Kind, positions, strengths
from chupai.biga.rules import BigARules

K = Kind
_F: Final = 31

TURN: Final = 6.0
"""Cost of every play a hand needs (a plan scores ``sum(value) - TURN * plays``)."""

_PLANS_MAX: Final = 30_000


# ----- small helpers ---------------------------------------------------------------------


def _counts(cards: Cards) -> list[int]:
    return [(cards >> s) & _F for s in SHIFTS]


def _is_bomb(p: Any) -> bool:
    return type(p) is Combo and p.bomb > 0


class Team(NamedTuple):
    """The seat's knowledge of the teams: sure team-mates, sure opponents and the
    seats it cannot place yet."""

    mates: frozenset[int]
    opponents: frozenset[int]
    unknown: frozenset[int]


def team_of(obs: Any) -> Team:
    """What the seat of ``obs`` (play phase) knows of the teams (see the module
    documentation)."""
    n = obs.players
    me = obs.seat
    d = obs.declarer
    others = frozenset(s for s in range(n) if s != me)
    if d is None:
        return Team(frozenset(), frozenset(), others)
    p = obs.partner
    if me == d:
        start_big = _big_count(obs.hand + obs.played[me] - obs.captured[me], obs.big_suit)
        if start_big >= 2:
            return Team(frozenset(), others, frozenset())
        if p is not None and p != me:
            return Team(frozenset({p}), others - {p}, frozenset())
        return Team(frozenset(), frozenset(), others)
    if p == me:
        return Team(frozenset({d}), others - {d}, frozenset())
    if p is not None:
        return Team(others - {d, p}, frozenset({d, p}), frozenset())
    if obs.alone_known:
        return Team(others - {d}, frozenset({d}), frozenset())
    return Team(frozenset(), frozenset({d}), others - {d})


def _public_partner(obs: Any) -> int | None:
    """The partner if the public knows it (the observation decides: revealed, or
    it has played a Big Ace that was its own)."""
    p: int | None = obs.public_partner
    return p


def _lead_after(obs: Any, gone: int) -> int | None:
    """Who leads if every active player passes the top play of ``gone``, who has
    gone out (§7: its nearest active team-mate as the public knows the teams; the
    next active player after a declarer whose partner is not public)."""
    n: int = obs.players
    d: int | None = obs.declarer
    p = _public_partner(obs)
    active = [obs.hand_counts[s] > 0 for s in range(n)]
    team: set[int | None]
    if gone == d and p is None:
        team = set(range(n))
    elif gone in (d, p):
        team = {d, p}
    else:
        team = {s for s in range(n) if s != d and s != p}
    for i in range(1, n):
        s = (gone + i) % n
        if active[s] and s in team:
            return s
    return None


def _big_count(cards: Cards, big_suit: int | None) -> int:
    if big_suit is None:
        return 0
    return (cards >> SHIFTS[SUITED_ACE + big_suit]) & _F


# ----- decomposition ---------------------------------------------------------------------


class Group(NamedTuple):
    """One planned play: its kind, cards (packed) and value (positive: a control;
    negative: a liability)."""

    kind: Kind
    cards: Cards
    value: float
    size: int


class Plan(NamedTuple):
    """A decomposition of a hand: ``score = sum(values) - TURN * turns``."""

    score: float
    turns: int
    groups: tuple[Group, ...]


def _single_value(t: int) -> float:
    if t >= BIG_ACE_KEY:
        return 7.0
    if t >= 13:  # jokers
        return 3.5 + (t - 13)
    return t - 9.0


def _set_value(n: int, t: int) -> float:
    if n == 2:
        return t - 8.0
    if n == 3:
        return 4.5 + t / 4
    if n <= 6:
        return 8.0 + 2.0 * (n - 4) + t / 6
    return 14.0 + 2.0 * (n - 7)


def _chain_value(m: int, start: int, length: int) -> float:
    """A sequence (``m`` = 1) or pair sequence (``m`` = 2) from chain position
    ``start`` (0-based) of ``length`` ranks."""
    if m == 1:
        return (start - 7) * 0.4 - 1.0 + 0.5 * (length - 3)
    return (start - 7) * 0.4 + 1.5 + 0.7 * (length - 3)


_SET_KIND: Final = (
    None,
    K.SINGLE,
    K.PAIR,
    K.EGG,
    K.BIG_EGG,
    K.BIG_EGG,
    K.BIG_EGG,
    K.TRUE_SEVEN,
    K.TRUE_SEVEN,
)


_CHAIN_CONTROL: Final = 0.4
"""A chain's cost per card and per strength step above the King (Aces, 2s, 3s)."""

_INC: Final = (0.0, 0.5, 0.7)
"""Value of every rank a sequence (1) or pair sequence (2) has beyond three."""


def _open_value(m: int, start: int) -> float:
    """The value of a chain of ``m`` cards per rank opened at chain position
    ``start`` and closed at three ranks, less its turn (see :func:`_chain_value`)."""
    return _chain_value(m, start, 3) - TURN


_State = tuple[int, int, int, int, int, int, int, int]
"""Open chains at a position: singles of length 1, 2, >=3; pairs of length 1, 2,
>=3; Aces used at chain position 0 (the low Ace); open chains that started
there."""

_Move = tuple[_State, int, int, int, int, int]
"""A move of :func:`_transitions`: ``(next state, cards used, singles continued
beyond three, pairs continued beyond three, singles opened, pairs opened)``."""


def _transitions() -> dict[tuple[_State, int, bool], list[_Move]]:
    """Every move from a state at a position with ``u`` usable cards: ``(next
    state, cards used, singles continued beyond three, pairs continued beyond
    three, singles opened, pairs opened)``; ``last``: no chain that started at
    position 0 may continue (it would hold the Ace twice)."""
    states = []
    for a1 in range(4):
        for a2 in range(4):
            for a3 in range(4):
                for b1 in range(2):
                    for b2 in range(2):
                        for b3 in range(2):
                            if a1 + a2 + a3 + 2 * (b1 + b2 + b3) <= 3:
                                states.append((a1, a2, a3, b1, b2, b3))
    out: dict[tuple[_State, int, bool], list[_Move]] = {}
    for a1, a2, a3, b1, b2, b3 in states:
        for u0 in range(4):
            for z in range(4):
                if z > a1 + a2 + a3 + b1 + b2 + b3:
                    continue
                s = (a1, a2, a3, b1, b2, b3, u0, z)
                for u in range(4):
                    for last in (False, True):
                        moves = []
                        must = a1 + a2 + 2 * (b1 + b2)
                        if must <= u:
                            for x in range(a3 + 1):
                                for y in range(b3 + 1):
                                    closed = (a3 - x) + (b3 - y)
                                    z2 = max(0, z - closed)
                                    if last and z2 > 0:
                                        continue
                                    for ns in range(4):
                                        for np_ in range(2):
                                            used = must + x + ns + 2 * (y + np_)
                                            if used > u:
                                                continue
                                            new = (ns, a1, a2 + x, np_, b1, b2 + y, u0, z2)
                                            if (
                                                new[0]
                                                + new[1]
                                                + new[2]
                                                + 2 * (new[3] + new[4] + new[5])
                                                > 3
                                            ):
                                                continue
                                            moves.append((new, used, x, y, ns, np_))
                        out[(s, u, last)] = moves
    return out


def _state_id(s: _State) -> int:
    """A state packed into an int, two bits per field, the first field highest
    (``a1 a2 a3 b1 b2 b3 u0 z`` at bits 14, 12, ..., 0): the ints order like the
    tuples (every field is below 4)."""
    i = 0
    for x in s:
        i = (i << 2) | x
    return i


def _state_of(i: int) -> _State:
    """The inverse of :func:`_state_id`."""
    a1, a2, a3, b1, b2, b3, u0, z = ((i >> (14 - 2 * k)) & 3 for k in range(8))
    return (a1, a2, a3, b1, b2, b3, u0, z)


_SHORT_OPEN: Final = _state_id((3, 3, 0, 3, 3, 0, 0, 0))
"""The bits of the chains of length 1 or 2 in a packed state (a plan may not end
with one open)."""
_CHAIN_BITS: Final = 4
"""A packed state shifted right by this holds its open chains only."""

_Step = tuple[int, float, float]
"""A move of the plan search from one packed state at one chain position with
``n`` cards of its face: ``(next packed state, value of the set of the cards
left over there, value of the chains' change)``. The move itself follows from
the two states (:meth:`_Decomposer._chains`)."""

_NO_VALUE: Final = float("-inf")
_NAMED_MAX: Final = 20_000


class _Decomposer:
    """The plan search of one rules object and Big Ace suit: dynamic programming
    over the positions of the sequence chain, the state being the chains still
    open (a chain needs three ranks; longer ones earn :data:`_INC` per rank); the
    cards of each rank left over are scored as one set (single, pair, egg, ...).

    The search runs on packed states (:func:`_state_id`) and on moves prepared
    once per chain position, card count and state (:meth:`_steps`, shared by
    every decomposer of the same rank and sequence orders), so that a move costs
    little more than two additions and one comparison; the chains of a path of
    states, the sets and the fixed plays (jokers, Big Aces) are cached as
    groups."""

    _moves: dict[tuple[_State, int, bool], list[_Move]] = {}
    _tables: dict[
        tuple[tuple[int, ...], tuple[int, ...]], list[list[dict[int, tuple[_Step, ...]]]]
    ] = {}
    """The prepared moves by ``(chain, strengths)``: ``[position][count][state]``."""

    def __init__(self, rules: BigARules, big_suit: int | None):
        self.rules = rules
        self.big = -1 if big_suit is None else SUITED_ACE + big_suit
        st = strengths(rules.rank_order)
        self.st = st
        self.chain = positions(rules.sequence_order)
        self.low_ace = self.chain[0] == ACE and self.chain[-1] == ACE
        self.fv = [[0.0] * 9 for _ in range(TWO + 1)]
        for f in range(TWO + 1):
            for n in range(1, 9):
                self.fv[f][n] = (_single_value(st[f]) if n == 1 else _set_value(n, st[f])) - TURN
        self.opens = [(_open_value(1, j), _open_value(2, j)) for j in range(len(self.chain))]
        self.cc = [_CHAIN_CONTROL * max(0, st[f] - 9) for f in range(TWO + 1)]
        """The cost of putting one card of each face in a chain (Aces, 2s and 3s are
        worth more alone, as controls)."""
        if not _Decomposer._moves:
            _Decomposer._moves = _transitions()
        key = (self.chain, st)
        table = _Decomposer._tables.get(key)
        if table is None:
            table = _Decomposer._tables[key] = [[{} for _ in range(9)] for _ in self.chain]
        self.table = table
        """The prepared moves (:meth:`_steps`) by position, count and packed state,
        filled as the search meets them."""
        self.sets: list[list[Group]] = [[] for _ in range(TWO + 1)]
        """The set of ``n`` cards of face ``f`` left over: ``sets[f][n - 1]``."""
        for f in range(TWO + 1):
            t = st[f]
            for n in range(1, 9):
                kind = _SET_KIND[n]
                assert kind is not None
                self.sets[f].append(
                    Group(kind, n * UNIT[f], _single_value(t) if n == 1 else _set_value(n, t), n)
                )
        self.shifts = tuple(SHIFTS[f] for f in self.chain)
        """The shift of the field of the face at each chain position."""
        self.fixed_mask = (
            _F << SHIFTS[BJ] | _F << SHIFTS[RJ] | (_F << SHIFTS[self.big] if self.big >= 0 else 0)
        )
        """``hand & fixed_mask``: the jokers and the Big Aces."""
        self.fixed: dict[int, tuple[float, tuple[Group, ...]]] = {}
        """:meth:`_fixed` by the jokers and Big Aces (see ``fixed_mask``)."""
        self.named: dict[tuple[int, ...], tuple[tuple[Group, ...], Cards]] = {}
        """:meth:`_chains` by the path of packed states."""
        self.plans: dict[int, Plan] = {}

    def _steps(self, j: int, n: int, sid: int) -> tuple[_Step, ...]:
        """The moves from packed state ``sid`` at chain position ``j`` whose face
        the hand holds ``n`` times, in the order of :func:`_transitions` (the
        search keeps the first of equal plans). The value terms are the ones the
        search adds, computed the same way, so that plans score to the bit."""
        s = _state_of(sid)
        f = self.chain[j]
        last = self.low_ace and j == len(self.chain) - 1
        first = self.low_ace and j == 0
        avail = n - s[6] if last else n
        u = avail if n < 4 else 0
        row = self.fv[f]
        o1, o2 = self.opens[j]
        inc1, inc2 = _INC[1], _INC[2]
        cost = self.cc[f]
        steps: list[_Step] = []
        for new, used, x, y, ns, np_ in self._moves[(s, u, last)]:
            if first:
                # the low Ace: its left-over cards are scored at the high one
                nxt = new[:6] + (used, ns + np_)
                left = 0.0
            else:
                nxt = new[:6] + (s[6], new[7])
                left = row[avail - used]
            change = ns * o1 + np_ * o2 + x * inc1 + y * inc2 - cost * used
            steps.append((_state_id(nxt), left, change))
        return tuple(steps)

    def _fixed(self, c: list[int], build: bool) -> tuple[float, list[Group]]:
        """Big Aces and jokers (never in a chain)."""
        score = 0.0
        groups: list[Group] = []
        big = self.big
        if big >= 0 and c[big]:
            nb = c[big]
            v = 20.0 if nb >= 2 else 7.0
            score += v - TURN
            if build:
                groups.append(Group(K.TWO_BIG_ACES if nb >= 2 else K.SINGLE, nb * UNIT[big], v, nb))
        j = c[BJ] + c[RJ]
        if j >= 2:
            v = (10.0 + 0.5 * c[RJ], 14.0, 18.0)[j - 2]
            score += v - TURN
            if build:
                kind = (K.TWO_JOKERS, K.THREE_JOKERS, K.FOUR_JOKERS)[j - 2]
                groups.append(Group(kind, c[BJ] * UNIT[BJ] + c[RJ] * UNIT[RJ], v, j))
        elif j == 1:
            f = RJ if c[RJ] else BJ
            v = _single_value(self.st[f])
            score += v - TURN
            if build:
                groups.append(Group(K.SINGLE, UNIT[f], v, 1))
        return score, groups

    def _chains(self, path: Sequence[int]) -> tuple[tuple[Group, ...], Cards]:
        """The sequences and pair sequences of the plan whose packed states are
        ``path`` (before every chain position, then after the last), and their
        cards."""
        chain = self.chain
        npos = len(chain)
        open1: list[list[int]] = []  # [start, length]
        open2: list[list[int]] = []
        chains: list[tuple[int, int, int]] = []
        for j in range(npos):
            before, after = path[j], path[j + 1]
            if not (before | after) >> _CHAIN_BITS:
                continue  # no chain open here
            # the move between the states (see _transitions; fields as in
            # _state_id): singles and pairs opened (a1, b1 after), long singles
            # and pairs continued (a3 after less a2 before, b3 after less b2 before)
            ns, np_ = after >> 14, (after >> 8) & 3
            x = ((after >> 10) & 3) - ((before >> 12) & 3)
            y = ((after >> 4) & 3) - ((before >> 6) & 3)
            # chains of length 1 or 2 continue; of the longer ones, keep x (y)
            short1 = [ch for ch in open1 if ch[1] < 3]
            long1 = sorted((ch for ch in open1 if ch[1] >= 3), key=lambda ch: ch[0])
            short2 = [ch for ch in open2 if ch[1] < 3]
            long2 = sorted((ch for ch in open2 if ch[1] >= 3), key=lambda ch: ch[0])
            # close the ones that started earliest first (a chain from position
            # 0 must not reach the high Ace)
            for ch in long1[: len(long1) - x]:
                chains.append((1, ch[0], j - 1))
            for ch in long2[: len(long2) - y]:
                chains.append((2, ch[0], j - 1))
            open1 = short1 + long1[len(long1) - x :] + [[j, 0] for _ in range(ns)]
            open2 = short2 + long2[len(long2) - y :] + [[j, 0] for _ in range(np_)]
            for ch in open1:
                ch[1] += 1
            for ch in open2:
                ch[1] += 1
        for ch in open1:
            chains.append((1, ch[0], npos - 1))
        for ch in open2:
            chains.append((2, ch[0], npos - 1))
        groups: list[Group] = []
        used = 0
        for m, a, e in chains:
            cards = sum(m * UNIT[chain[x]] for x in range(a, e + 1))
            length = e - a + 1
            value = _chain_value(m, a, length) - sum(m * self.cc[chain[x]] for x in range(a, e + 1))
            groups.append(
                Group(K.SEQUENCE if m == 1 else K.PAIR_SEQUENCE, cards, value, m * length)
            )
            used += cards
        return tuple(groups), used

    def plan(self, hand: Cards) -> Plan:
        """The best plan of ``hand`` (cached): of equal scores, the first the
        search meets."""
        hit = self.plans.get(hand)
        if hit is not None:
            return hit
        if len(self.plans) > _PLANS_MAX:
            self.plans.clear()
        npos = len(self.chain)
        table = self.table
        shifts = self.shifts
        no_value = _NO_VALUE
        cur: dict[int, float] = {0: 0.0}
        back: list[dict[int, int]] = []
        for j in range(npos):
            n = (hand >> shifts[j]) & _F
            prepared = table[j][n]
            nxt: dict[int, float] = {}
            get = nxt.get
            bk: dict[int, int] = {}
            for s, v in cur.items():
                steps = prepared.get(s)
                if steps is None:
                    steps = prepared[s] = self._steps(j, n, s)
                for new, left, change in steps:
                    val = v + left + change
                    if val > get(new, no_value):
                        nxt[new] = val
                        bk[new] = s
            cur = nxt
            back.append(bk)
        best_v, best_s = max((v, s) for s, v in cur.items() if not s & _SHORT_OPEN)
        # the fixed plays, the chains on the path of states, the sets left over
        fkey = hand & self.fixed_mask
        fixed = self.fixed.get(fkey)
        if fixed is None:
            score, fgroups = self._fixed([(hand >> s) & _F for s in SHIFTS], True)
            fixed = self.fixed[fkey] = (score, tuple(fgroups))
        path = [best_s]
        s = best_s
        for j in range(npos - 1, -1, -1):
            s = back[j][s]
            path.append(s)
        key = tuple(reversed(path))
        named = self.named.get(key)
        if named is None:
            if len(self.named) > _NAMED_MAX:
                self.named.clear()
            named = self.named[key] = self._chains(key)
        groups = list(fixed[1])
        groups += named[0]
        rest = hand - named[1]
        sets = self.sets
        for f in range(TWO + 1):
            n = (rest >> SHIFTS[f]) & _F
            if n:
                groups.append(sets[f][n - 1])
        plan = Plan(best_v + fixed[0], len(groups), tuple(groups))
        self.plans[hand] = plan
        return plan


_DECOMPOSERS: Final[dict[tuple[BigARules, int | None], _Decomposer]] = {}


def decompose(hand: Cards, rules: BigARules, big_suit: int | None) -> Plan:
    """The best plan of ``hand`` (packed, normalized for ``big_suit``) (cached).

    >>> from chupai.biga.rules import STANDARD
    >>> from chupai.biga.cards import parse_cards
    >>> from chupai.biga.combos import combo_text, classify
    >>> hand = parse_cards("5 6 7 8 9 9 T T J J K K K BJ RJ AH", 2)
    >>> plan = decompose(hand, STANDARD, 2)
    >>> sorted(g.kind.value for g in plan.groups)
    ['egg', 'pair_sequence', 'sequence', 'single', 'two_jokers']
    """
    key = (rules, big_suit)
    dec = _DECOMPOSERS.get(key)
    if dec is None:
        if len(_DECOMPOSERS) > 64:
            _DECOMPOSERS.clear()
        dec = _DECOMPOSERS[key] = _Decomposer(rules, big_suit)
    return dec.plan(hand)
