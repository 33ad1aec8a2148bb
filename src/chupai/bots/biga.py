"""Big A bots: a greedy player and a heuristic player (hand decomposition, control,
team play).

Both bots play every phase of a Big A deal (the declarations during the draw,
showing the second Big Ace, revealing the partner, play with the fours capture)
from the seat's :class:`~chupai.biga.game.Observation` and the legal actions,
nothing else.

**Greedy** (:class:`BigAGreedyBot`). Declares (shows one Ace) only when the cards
drawn so far hold two or more jokers, and never shows two, the second Big Ace or
itself as partner. Leading: the plays that keep the hand's structure (no pair,
egg or bomb split, no bomb), among them those holding the weakest card, the one
that sheds the most cards. Following: the weakest play of the top play's kind
that beats it (structure kept if possible); a bomb only when it is cheap (an egg
below the Aces) or when a player holds three cards or fewer; a fours capture
whenever it may.

**Heuristic** (:class:`BigAHeuristicBot`).

* *Decomposition* (:func:`decompose`): a hand is split into the plays it will be
  shed as, exactly, by dynamic programming over the positions of the sequence
  chain (the state: the sequences and pair sequences still open), the cards of
  each rank left over falling into one set (single, pair, egg, big egg, true
  seven), the jokers into a joker bomb and two Big Aces into theirs. A plan
  scores ``sum(value) - TURN * plays``: low singles and pairs are liabilities;
  Aces, 2s, 3s, jokers and Big Aces are controls (and cost something inside a
  sequence); bombs are worth the most. Four or more of a rank, the jokers and
  the Big Aces never feed a sequence.
* *Leading*: a won hand (see below) cashes its safe plays; otherwise the plan's
  weakest play, longer plays first; no single into an opponent holding one
  card, no pair into one holding two.
* *Following*: every beating play is scored by how much the plan gains from
  it, less the control cards and the bomb class it spends while nobody is close
  to going out (more on a long hand); the best is played if it clears a
  threshold. Against an opponent about to go out it plays its strongest and
  bombs.
* *Control*: a play is safe when the cards the seat cannot see hold nothing that
  beats it within the largest opponent's hand; a hand whose plan has at most one
  unsafe play (plus one per safe bomb) is won.
* *Team play* (:func:`team_of`): the seat's team as it knows it (the declarer
  knows its partner only once public; the partner knows both teams; a defender
  knows the declarer and, once public, the partner, the other seats being
  possibly its team-mates). It never overtakes a team-mate's play unless that
  sends it out, lets a top play stand when the lead would pass to itself or a
  team-mate after its player went out (§7), feeds a team-mate about to go out
  with a low single or pair, beats a seat that may be a team-mate only when that
  is clearly good and never bombs it.
* *Captures*: a capture of a rival's egg when the plan gains from it (the weak
  fours leave, a bomb comes in), which is nearly always.
* *Declaring by hand strength* (:func:`strength`, per card, so that a partial
  hand compares with a full one): after enough cards, the bot shows an Ace when
  the cards drawn so far are strong, never one of two Aces of a suit it holds
  (that would play alone without the doubling); it shows two only with an
  overwhelming hand; a declarer alone shows its second Big Ace, and a partner
  reveals itself, only with a strong hand (showing raises the stakes).

The thresholds and weights were tuned by duplicate tournaments against earlier
versions of the bot and against the greedy bot.

The heuristic is also the rollout policy of the search bot, so its decisions are
cheap (plans are cached per hand).

>>> from chupai.biga.rules import STANDARD
>>> from chupai.biga.game import new_deal
>>> deal = new_deal(STANDARD, seed=3)
>>> bots = [BigAHeuristicBot(seat) for seat in range(5)]
>>> while not deal.is_terminal():
...     seat = deal.current_player
...     _ = deal.apply_action(bots[seat].act(deal.observe(seat), deal.legal_actions()))
>>> deal.outcome.redeal or len(deal.outcome.finishing_order) == 5
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Final, NamedTuple

from chupai.actions import PASS
from chupai.biga.cards import (
    ACE,
    BJ,
    DECK,
    NFACES,
    RJ,
    SHIFTS,
    SUITED_ACE,
    TWO,
    UNIT,
    Cards,
    normalize,
    size_of,
)
from chupai.biga.combos import BIG_ACE_KEY, Combo, Kind, positions, strengths, tables
from chupai.biga.game import (
    DECLINE,
    KEEP_HIDDEN,
    REVEAL,
    SHOW_SECOND,
    STAY_HIDDEN,
    Capture,
    Declare,
    Phase,
)
from chupai.biga.rules import BigARules

__all__ = [
    "BigAGreedyBot", "BigAHeuristicBot", "Group", "Plan", "TURN", "decompose", "strength",
    "beatable", "Team", "team_of",
]

K = Kind
_F: Final = 31
FOUR: Final = 1
"""Field of the 4s."""

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
    """The partner if the public knows it (revealed, or it has played a Big Ace
    that was its own)."""
    p = obs.partner
    if p is None or p != obs.seat:
        return p
    if obs.partner_revealed:
        return p
    own = _big_count(obs.played[p], obs.big_suit) - _big_count(obs.captured[p], obs.big_suit)
    return p if own >= 1 else None


def _lead_after(obs: Any, gone: int) -> int | None:
    """Who leads if every active player passes the top play of ``gone``, who has
    gone out (§7: its nearest active team-mate as the public knows the teams; the
    next active player after a declarer whose partner is not public)."""
    n = obs.players
    d = obs.declarer
    p = _public_partner(obs)
    active = [obs.hand_counts[s] > 0 for s in range(n)]
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


_SET_KIND: Final = (None, K.SINGLE, K.PAIR, K.EGG, K.BIG_EGG, K.BIG_EGG, K.BIG_EGG,
                    K.TRUE_SEVEN, K.TRUE_SEVEN)


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
                                            if new[0] + new[1] + new[2] + 2 * (
                                                    new[3] + new[4] + new[5]) > 3:
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
    _tables: dict[tuple[tuple[int, ...], tuple[int, ...]],
                  list[list[dict[int, tuple[_Step, ...]]]]] = {}
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
                self.sets[f].append(Group(kind, n * UNIT[f],
                                          _single_value(t) if n == 1 else _set_value(n, t), n))
        self.shifts = tuple(SHIFTS[f] for f in self.chain)
        """The shift of the field of the face at each chain position."""
        self.fixed_mask = _F << SHIFTS[BJ] | _F << SHIFTS[RJ] | (
            _F << SHIFTS[self.big] if self.big >= 0 else 0)
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
                groups.append(Group(K.TWO_BIG_ACES if nb >= 2 else K.SINGLE,
                                    nb * UNIT[big], v, nb))
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
            for ch in long1[:len(long1) - x]:
                chains.append((1, ch[0], j - 1))
            for ch in long2[:len(long2) - y]:
                chains.append((2, ch[0], j - 1))
            open1 = short1 + long1[len(long1) - x:] + [[j, 0] for _ in range(ns)]
            open2 = short2 + long2[len(long2) - y:] + [[j, 0] for _ in range(np_)]
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
            groups.append(Group(K.SEQUENCE if m == 1 else K.PAIR_SEQUENCE, cards, value,
                                m * length))
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


# ----- control ------------------------------------------------------------------------------

def _best_bomb(pool: list[int], room: int, rules: BigARules, big: int,
               chain: Sequence[int], st: Sequence[int]) -> tuple[int, int]:
    """The strongest ``(class, key)`` bomb cards ``pool`` can form within ``room``
    cards (``(0, 0)``: none)."""
    if big >= 0 and pool[big] >= 2 and room >= 2:
        return 9, 0
    j = pool[BJ] + pool[RJ]
    if j >= 4 and room >= 4:
        return 8, 0
    if j >= 3 and room >= 3:
        return 7, 0
    best = (0, 0)
    for f in range(TWO + 1):
        n = min(pool[f], room)
        if n >= 7:
            best = max(best, (6, 16 * n + st[f]))
    if best[0]:
        return best
    if room >= 8:
        for i in range(len(chain) - 1):
            if pool[chain[i]] >= 4 and pool[chain[i + 1]] >= 4 and chain[i] != chain[i + 1]:
                best = max(best, (5, i + 1))
        if best[0]:
            return best
    if room >= 9:
        for i in range(len(chain) - 2):
            if all(pool[chain[i + x]] >= 3 for x in range(3)):
                best = max(best, (4, i + 1))
        if best[0]:
            return best
    if j >= 2 and room >= 2:
        return 3, min(2, pool[RJ])
    for f in range(TWO + 1):
        n = min(pool[f], room, 6)
        if n >= 4:
            best = max(best, (2, 16 * n + st[f]))
    if best[0]:
        return best
    for f in range(TWO + 1):
        if pool[f] >= 3 and room >= 3:
            best = max(best, (1, st[f]))
    return best


def beatable(play: Combo, pool: list[int], room: int, rules: BigARules,
             big_suit: int | None) -> bool:
    """Whether cards ``pool`` (19 counts) can form a play of at most ``room`` cards
    that beats ``play`` (§5)."""
    big = -1 if big_suit is None else SUITED_ACE + big_suit
    st = strengths(rules.rank_order)
    chain = positions(rules.sequence_order)
    bomb = _best_bomb(pool, room, rules, big, chain, st)
    return _beatable(play, pool, room, rules, big, chain, st, bomb)


def _beatable(play: Combo, pool: list[int], room: int, rules: BigARules, big: int,
              chain: Sequence[int], st: Sequence[int], bomb: tuple[int, int]) -> bool:
    """:func:`beatable` with the Big Ace field ``big`` (-1: none), the sequence
    chain, the single-card strengths and ``bomb``, the :func:`_best_bomb` of
    ``pool`` and ``room``, given."""
    cls, key = bomb
    if play.bomb:
        return cls > play.bomb or (cls == play.bomb and key > play.key)
    if cls >= 3:
        return True
    kind = play.kind
    if cls == 2:
        if kind is not K.SINGLE or play.key != BIG_ACE_KEY:
            return True
        if key >> 4 >= rules.big_ace_single_min_big_egg:
            return True
    if cls >= 1:
        if kind is K.PAIR or kind is K.SEQUENCE:
            return True
        if kind is K.PAIR_SEQUENCE and rules.egg_over_pair_sequence:
            return True
        if kind is K.SINGLE and (play.key < 13 or (rules.egg_over_joker_single
                                                   and play.key != BIG_ACE_KEY)):
            return True
    if play.size > room:
        return False
    if kind is K.SINGLE:
        if play.key >= BIG_ACE_KEY:
            return False
        if big >= 0 and pool[big]:
            return True
        return any(pool[f] and st[f] > play.key for f in range(RJ + 1))
    if kind is K.PAIR:
        return any(pool[f] >= 2 and st[f] > play.key for f in range(TWO + 1))
    if kind is K.SEQUENCE or kind is K.PAIR_SEQUENCE:
        m = 1 if kind is K.SEQUENCE else 2
        length = play.size // m
        have = [pool[f] + (pool[big] if f == ACE and big >= 0 else 0) for f in chain]
        run = 0
        for i in range(len(chain)):
            run = run + 1 if have[i] >= m else 0
            start = i - length + 1
            if run >= length and start + 1 > play.key:
                return True
        return False
    return False


# ----- declaring ----------------------------------------------------------------------------

def strength(hand: Cards, rules: BigARules, big_suit: int | None = None) -> float:
    """A hand's strength per card: an estimate of how well the hand sheds its
    cards and wins tricks, from its control cards (jokers, Big Aces, 3s, 2s, Aces),
    its bombs and the score of its plan, divided by its number of cards (so that
    a partial hand during the draw compares with a full one). Aces keep their
    suits during the draw: with ``big_suit`` the Aces of that suit count as Big
    Aces."""
    h = normalize(hand, big_suit)
    c = _counts(h)
    n = sum(c)
    if n == 0:
        return 0.0
    st = strengths(rules.rank_order)
    big = 0 if big_suit is None else c[SUITED_ACE + big_suit]
    ctrl = 2.0 * big + 1.4 * c[RJ] + 1.2 * c[BJ]
    for f in range(TWO + 1):
        t = st[f]
        if c[f] >= 3:
            ctrl += 0.9 + 0.5 * (c[f] - 3)
        if t >= 10:
            ctrl += 0.25 * (t - 9) * min(c[f], 2)
    plan = decompose(h, rules, big_suit)
    return ctrl / n + 0.03 * plan.score / n * 2.0


def _controls(cards: Cards, st: Sequence[int]) -> float:
    """How many control cards ``cards`` hold (Aces, 2s, 3s as fractions by
    strength, jokers 1, Big Aces 2)."""
    total = 0.0
    for f in range(TWO + 1):
        n = (cards >> SHIFTS[f]) & _F
        if n and st[f] >= 10:
            total += n * (st[f] - 9) / 3.0
    total += ((cards >> SHIFTS[BJ]) & _F) + ((cards >> SHIFTS[RJ]) & _F)
    for f in range(SUITED_ACE, NFACES):
        total += 2.0 * ((cards >> SHIFTS[f]) & _F)
    return total


# ----- the greedy bot ------------------------------------------------------------------------

def _breaks(p: Combo, counts: Sequence[int]) -> bool:
    """Whether a play uses some but not all cards of a face held two or more times
    (a pair, egg or bigger set split), or jokers out of a joker bomb."""
    c = p.cards
    for f in range(NFACES):
        used = (c >> SHIFTS[f]) & _F
        if used and used < counts[f] and counts[f] >= 2:
            return True
    jokers = ((c >> SHIFTS[BJ]) | (c >> SHIFTS[RJ])) & _F
    if counts[BJ] + counts[RJ] >= 2 and p.kind is K.SINGLE and jokers:
        return True
    return False


class BigAGreedyBot:
    """A simple greedy player for Big A (see the module docstring)."""

    name = "greedy"

    def __init__(self, seed: int | None = None):
        self.rng = random.Random(seed)

    def act(self, observation: Any, legal: Sequence[Any]) -> Any:
        """One element of ``legal`` for the seat of ``observation``."""
        if not legal:
            raise ValueError("no legal action to choose from")
        obs = observation
        phase = obs.phase
        if phase is Phase.DRAW:
            decls = [a for a in legal if type(a) is Declare and not a.two]
            c = _counts(obs.hand)
            if decls and c[BJ] + c[RJ] >= 2:
                return decls[0]
            return DECLINE if DECLINE in legal else legal[-1]
        if phase is not Phase.PLAY:
            for a in (KEEP_HIDDEN, STAY_HIDDEN):
                if a in legal:
                    return a
            return legal[-1]
        for a in legal:
            if type(a) is Capture:
                return a
        plays = [a for a in legal if type(a) is Combo]
        if not plays:
            return PASS if PASS in legal else legal[0]
        hand = obs.hand
        for p in plays:
            if p.cards == hand:
                return p
        counts = _counts(hand)
        st = strengths(obs.rules.rank_order)
        if obs.top is None:
            keep = [p for p in plays if not p.bomb and not _breaks(p, counts)] \
                or [p for p in plays if not p.bomb] or plays
            weakest = min((_weakest(p.cards, st, obs.big_suit), p.cards) for p in keep)[0]
            with_low = [p for p in keep if _weakest(p.cards, st, obs.big_suit) == weakest]
            return max(with_low, key=lambda p: (p.size, -p.key))
        top = obs.top
        same = [p for p in plays if not p.bomb and p.kind is top.kind]
        if same:
            whole = [p for p in same if not _breaks(p, counts)] or same
            return min(whole, key=lambda p: p.key)
        bombs = [p for p in plays if p.bomb]
        if bombs:
            bomb = min(bombs, key=lambda p: (p.bomb, p.key))
            cheap = bomb.kind is K.EGG and bomb.key < st[ACE]
            close = min(obs.hand_counts[s] for s in range(obs.players)
                        if s != obs.seat and obs.hand_counts[s] > 0) <= 3
            if cheap or close:
                return bomb
        return PASS if PASS in legal else plays[0]


def _weakest(cards: Cards, st: Sequence[int], big_suit: int | None) -> int:
    best = 99
    for f in range(NFACES):
        if (cards >> SHIFTS[f]) & _F:
            t = st[f] if f <= RJ else BIG_ACE_KEY
            best = min(best, t)
    return best


# ----- the heuristic bot ----------------------------------------------------------------------

_DECKS: Final[dict[int | None, Cards]] = {}
"""The deck normalized for each Big Ace suit."""


class _View:
    """What one play decision needs, from the observation only."""

    __slots__ = ("obs", "rules", "me", "big_suit", "hand", "counts", "team", "pool",
                 "room", "active", "_rival")

    def __init__(self, obs: Any):
        self.obs = obs
        self.rules: BigARules = obs.rules
        self.me: int = obs.seat
        self.big_suit: int | None = obs.big_suit
        self.hand: Cards = obs.hand
        self.counts: tuple[int, ...] = obs.hand_counts
        self.team = team_of(obs)
        deck = _DECKS.get(obs.big_suit)
        if deck is None:
            deck = _DECKS[obs.big_suit] = normalize(DECK, obs.big_suit)
        table = sum(obs.played) - sum(obs.captured)
        pool = deck - obs.hand - table
        self.pool = _counts(pool)
        self.active = [s for s in range(obs.players) if s != obs.seat and obs.hand_counts[s] > 0]
        rivals = [s for s in self.active if s not in self.team.mates]
        self.room = max((self.counts[s] for s in rivals), default=0)
        self._rival: tuple[int, tuple[int, ...], tuple[int, ...], tuple[int, int]] | None = None

    def safe(self, p: Combo) -> bool:
        """Whether no play of the unseen cards within the largest rival hand beats
        ``p`` (:func:`beatable`; the unseen cards' best bomb found once)."""
        rival = self._rival
        if rival is None:
            rules = self.rules
            big = -1 if self.big_suit is None else SUITED_ACE + self.big_suit
            st = strengths(rules.rank_order)
            chain = positions(rules.sequence_order)
            rival = self._rival = (big, chain, st,
                                   _best_bomb(self.pool, self.room, rules, big, chain, st))
        big, chain, st, bomb = rival
        return not _beatable(p, self.pool, self.room, self.rules, big, chain, st, bomb)

    def danger(self, include_unknown: bool) -> int:
        """The fewest cards a sure opponent (or an unplaced seat) holds."""
        seats = [s for s in self.active
                 if s in self.team.opponents or (include_unknown and s in self.team.unknown)]
        return min((self.counts[s] for s in seats), default=99)


class BigAHeuristicBot:
    """A heuristic player for Big A (see the module docstring)."""

    name = "heuristic"

    declare_at: float = 0.18
    """Strength (:func:`strength`, every Ace counted as ordinary) needed to show
    one Ace during the draw."""
    declare_min_cards: int = 9
    """Cards drawn before the bot considers declaring."""
    two_at: float = 0.45
    """Strength needed to show two Aces (playing alone, doubled)."""
    second_at: float = 0.36
    """Strength for a declarer alone to show its second Big Ace."""
    reveal_at: float = 0.18
    """Strength for the partner to reveal itself."""
    lead_size: float = 2.0
    """Leading prefers a play by this much per card beyond the first."""
    beat_threshold: float = -3.0
    """Following an opponent: beat when the plan changes by at least this much."""
    unknown_threshold: float = 1.0
    """The same when the top player may be a team-mate."""
    bomb_danger: int = 8
    """Bomb an opponent who holds this many cards or fewer."""
    capture_gain: float = -2.0
    """Capture when the plan changes by at least this much."""
    control_penalty: float = 1.5
    """Following while nobody is close to going out: the cost of every control
    card spent (an Ace counts 1/3, a 2 2/3, a 3 or a joker 1, a Big Ace 2), on a
    full hand (less on a shorter one)."""
    bomb_penalty: float = 1.0
    """The same per bomb class of a bomb."""

    def __init__(self, seed: int | None = None, **params: Any):
        self.rng = random.Random(seed)
        """Seeded for the bot interface; the decisions are deterministic."""
        for k, v in params.items():
            if not hasattr(type(self), k):
                raise TypeError(f"unknown parameter {k!r}")
            setattr(self, k, type(getattr(type(self), k))(v))

    # ----- dispatch -------------------------------------------------------------------------
    def act(self, observation: Any, legal: Sequence[Any]) -> Any:
        """One element of ``legal`` for the seat of ``observation``."""
        if not legal:
            raise ValueError("no legal action to choose from")
        if len(legal) == 1:
            return legal[0]
        obs = observation
        phase = obs.phase
        if phase is Phase.DRAW:
            return self._declare(obs, legal)
        if phase is not Phase.PLAY:
            return self._before_play(obs, legal)
        plays = [a for a in legal if type(a) is Combo]
        hand = obs.hand
        for p in plays:
            if p.cards == hand:
                return p
        view = _View(obs)
        if obs.top is None:
            return self._lead(view, plays)
        return self._follow(view, plays, legal)

    # ----- before play ----------------------------------------------------------------------
    def _declare(self, obs: Any, legal: Sequence[Any]) -> Any:
        decls = [a for a in legal if type(a) is Declare]
        if not decls:
            return DECLINE
        hand = obs.hand
        rules = obs.rules
        drawn = size_of(hand)
        if drawn < self.declare_min_cards:
            return DECLINE
        best: tuple[float, Any] | None = None
        s = strength(hand, rules)
        for d in decls:
            held = (hand >> SHIFTS[SUITED_ACE + d.suit]) & _F
            if d.two:
                if s >= self.two_at:
                    cand = (s + 1.0, d)
                    best = cand if best is None or cand[0] > best[0] else best
            else:
                if held >= 2:
                    continue  # showing one of a pair: alone without the doubling
                if s >= self.declare_at:
                    cand = (s, d)
                    best = cand if best is None or cand[0] > best[0] else best
        if best is not None:
            return best[1]
        return DECLINE

    def _before_play(self, obs: Any, legal: Sequence[Any]) -> Any:
        s = strength(obs.hand, obs.rules)
        if SHOW_SECOND in legal:
            return SHOW_SECOND if s >= self.second_at else KEEP_HIDDEN
        if REVEAL in legal:
            return REVEAL if s >= self.reveal_at else STAY_HIDDEN
        return legal[-1]

    # ----- leading --------------------------------------------------------------------------
    def _lead(self, view: _View, plays: list[Combo]) -> Combo:
        rules, big_suit = view.rules, view.big_suit
        plan = decompose(view.hand, rules, big_suit)
        by_cards = {p.cards: p for p in plays}
        groups = [g for g in plan.groups if g.cards in by_cards]
        if not groups:  # defensive: every group is a combination of the hand
            return min(plays, key=lambda p: (p.bomb, p.key, -p.size))
        counts = view.counts
        team = view.team
        # feed a team-mate about to go out
        for mate in team.mates:
            left = counts[mate]
            if 0 < left <= 2:
                want = K.SINGLE if left == 1 else K.PAIR
                fit = [g for g in groups if g.kind is want and not _is_bomb(by_cards[g.cards])]
                if left == 2 and not fit:
                    fit = [g for g in groups if g.kind is K.SINGLE]
                if fit:
                    return by_cards[min(fit, key=lambda g: by_cards[g.cards].key).cards]
        safe = [g for g in groups if view.safe(by_cards[g.cards])]
        unsafe = [g for g in groups if g not in safe]
        safe_bombs = sum(1 for g in safe if by_cards[g.cards].bomb)
        if safe and len(unsafe) <= 1 + safe_bombs:
            calm = [g for g in safe if not by_cards[g.cards].bomb]
            if calm:
                g = max(calm, key=lambda g: (g.size, -by_cards[g.cards].key))
            elif len(unsafe) >= 2:
                g = max(unsafe, key=lambda g: (g.size, by_cards[g.cards].key))
            else:
                g = min(safe, key=lambda g: by_cards[g.cards].key)
            return by_cards[g.cards]
        normal = [g for g in groups if not by_cards[g.cards].bomb] or groups
        danger = view.danger(include_unknown=view.me == view.obs.declarer)
        pick = normal
        if danger == 1:
            others = [g for g in normal if g.kind is not K.SINGLE]
            if others:
                pick = others
            else:
                return by_cards[max(normal, key=lambda g: by_cards[g.cards].key).cards]
        elif danger == 2:
            others = [g for g in normal if g.kind is not K.PAIR]
            if others:
                pick = others
        g = min(pick, key=lambda g: g.value - self.lead_size * (g.size - 1))
        return by_cards[g.cards]

    # ----- following ------------------------------------------------------------------------
    def _follow(self, view: _View, plays: list[Combo], legal: Sequence[Any]) -> Any:
        obs = view.obs
        rules, big_suit = view.rules, view.big_suit
        hand = view.hand
        top = obs.top
        top_player = obs.top_player
        team = view.team
        mate_top = top_player in team.mates
        maybe_mate = top_player in team.unknown and view.me != obs.declarer
        base = decompose(hand, rules, big_suit).score
        # a capture of a rival's egg
        caps = [a for a in legal if type(a) is Capture]
        if caps and not mate_top:
            cap = caps[0]
            after = hand - cap.fours.cards + cap.taken.cards
            gain = decompose(after, rules, big_suit).score - base
            if gain >= self.capture_gain and not maybe_mate:
                return cap
            if maybe_mate and gain >= self.capture_gain + 6.0:
                return cap
        if mate_top:
            return PASS
        if top_player is not None and view.counts[top_player] == 0:
            # the top player went out: if all pass, the lead goes to its nearest
            # team-mate as the public knows the teams (§7)
            nxt = _lead_after(obs, top_player)
            if nxt == view.me or nxt in team.mates:
                return PASS
        # a winning line: beat safely and the rest goes out by force
        for p in sorted(plays, key=lambda p: (p.bomb, p.key)):
            if view.safe(p) and self._won(view, hand - p.cards):
                return p
        threat = view.counts[top_player] if top_player is not None else 99
        danger = min(view.danger(include_unknown=view.me == obs.declarer),
                     threat if not maybe_mate else 99)
        normal = [p for p in plays if not p.bomb]
        if normal and not maybe_mate and (danger <= 2 or threat <= top.size):
            return max(normal, key=lambda p: (p.key, -p.size))
        # every beating play scored: the plan's gain, less the control cards spent
        # while the hand is long, less a reserve on bombs while nobody is close
        stage = min(1.0, size_of(hand) / 16.0)
        calm = danger > self.bomb_danger
        st = strengths(rules.rank_order)
        best: tuple[float, int, Combo] | None = None
        for p in plays:
            if p.bomb and maybe_mate:
                continue
            gain = decompose(hand - p.cards, rules, big_suit).score - base
            if calm:
                gain -= self.control_penalty * stage * _controls(p.cards, st)
                if p.bomb:
                    gain -= self.bomb_penalty * stage * p.bomb
            cand = (gain, -p.key - 100 * p.bomb, p)
            if best is None or cand[:2] > best[:2]:
                best = cand
        if best is None:
            return PASS
        threshold = self.unknown_threshold if maybe_mate else self.beat_threshold
        gain, _, p = best
        if p.bomb and not calm:
            return p
        if gain >= threshold:
            return p
        return PASS

    @staticmethod
    def _won(view: _View, cards: Cards) -> bool:
        if not cards:
            return True
        plan = decompose(cards, view.rules, view.big_suit)
        tab = tables(view.rules, view.big_suit).by_cards
        unsafe = bombs = 0
        for g in plan.groups:
            p = tab.get(g.cards)
            if p is None:
                return False
            if view.safe(p):
                bombs += p.bomb > 0
            else:
                unsafe += 1
        return unsafe <= 1 + bombs
