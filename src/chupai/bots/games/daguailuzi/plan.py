"""大怪路子 hand plans for the bots: the single-card strengths of a deal, the seat's
view of the teams, and the decomposition of a hand into the plays it will be shed
as (see :mod:`chupai.bots.games.daguailuzi`).

Cards are the engine's packed counts (:mod:`chupai.daguailuzi.cards`): the count of
card type ``t`` (``4 * rank + suit``, ``BJ = 52``, ``RJ = 53``) in the 3-bit field at
bit ``3 * t``. A plan only reads them; the plays it names are card sets of the hand
that the engine classifies as the play kind the plan says.

>>> st = tuple(range(15))  # the seed order: 2 lowest, then 3 .. A, BJ, RJ
>>> hand = cards_of([(1, 0), (1, 1), (1, 2), (5, 0), (5, 1), (12, 3)])  # 3 3 3 7 7 A
>>> [g.kind for g in decompose(hand, st).groups]
['single', 'full_house']
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final, NamedTuple

__all__ = [
    "BJ",
    "RJ",
    "RANKS",
    "TURN",
    "Group",
    "Plan",
    "cards_of",
    "decompose",
    "rank_counts",
    "type_counts",
]

RANKS: Final = 13
"""Natural ranks ``2 3 4 5 6 7 8 9 T J Q K A`` (index 0 .. 12)."""
BJ: Final = 52
RJ: Final = 53
JOKER_RANK: Final = 13
"""Index of the small joker in a strength table (the big joker is 14)."""
_F: Final = 7
TURN: Final = 6.0
"""Cost of every play a hand needs (a plan scores ``sum(value) - TURN * plays``)."""
_PLANS_MAX: Final = 50_000

_CHAIN: Final = (12, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12)
"""The straight chain ``A 2 3 .. K A`` as natural rank indexes; run ``i`` (0 .. 9)
covers chain positions ``i .. i + 4`` and has the value ``i + 5`` (§4.3)."""

_SPLITS: Final = (
    (),
    (1,),
    (2,),
    (3,),
    (4,),
    (5,),
    (3, 3),
    (5, 2),
    (5, 3),
    (5, 4),
    (5, 5),
    (5, 5, 1),
    (5, 5, 2),
)
"""How ``n`` natural cards of one rank are planned: singles, pairs, triples, a four
(it needs a kicker) and fives of a kind."""


def type_counts(cards: int) -> list[int]:
    """The count of every card type (54) in ``cards``."""
    return [(cards >> (3 * t)) & _F for t in range(54)]


def rank_counts(cards: int) -> list[int]:
    """Natural cards per rank (13), then small and big jokers: 15 counts."""
    out = [0] * 15
    for t in range(52):
        n = (cards >> (3 * t)) & _F
        if n:
            out[t >> 2] += n
    out[JOKER_RANK] = (cards >> (3 * BJ)) & _F
    out[JOKER_RANK + 1] = (cards >> (3 * RJ)) & _F
    return out


def cards_of(types: Iterable[tuple[int, int]]) -> int:
    """Packed cards from ``(rank, suit)`` pairs (rank 13: jokers, suit 0 small, 1 big)."""
    out = 0
    for r, s in types:
        t = BJ + s if r >= RANKS else 4 * r + s
        out += 1 << (3 * t)
    return out


class Group(NamedTuple):
    """One planned play: its kind (a judge name), cards (packed), value (positive:
    a control; negative: a liability), size and strength (the single-card
    strength of its main rank; a straight's run value)."""

    kind: str
    cards: int
    value: float
    size: int
    strength: int


class Plan(NamedTuple):
    """A decomposition of a hand: ``score = sum(values) - TURN * len(groups)``."""

    score: float
    groups: tuple[Group, ...]


# ----- values ------------------------------------------------------------------------


def single_value(s: int) -> float:
    """A single of strength ``s`` (0 .. 12 plain and trump ranks, 13 ``BJ``, 14 ``RJ``)."""
    if s >= JOKER_RANK:
        return 6.5 + (s - JOKER_RANK) * 0.5
    return s - 9.0


def set_value(n: int, s: int) -> float:
    """A pair, triple or five of a kind of strength ``s``."""
    if n == 2:
        return 3.0 + s if s >= JOKER_RANK else s - 8.5
    if n == 3:
        return (s - 8) * 0.5 + 1.0
    return 9.0 + s * 0.2


def five_value(kind: str, s: int) -> float:
    """A five-card play of ``kind`` and strength ``s``."""
    if kind == "straight":
        return (s - 10) * 0.3 + 2.0
    if kind == "flush":
        return 3.0 + s * 0.1
    if kind == "full_house":
        return 3.5 + s * 0.2
    if kind == "four_of_a_kind":
        return 7.0 + s * 0.2
    if kind == "straight_flush":
        return 8.5 + s * 0.1
    return 9.0 + s * 0.2


# ----- the rank plan -----------------------------------------------------------------


class _Sets(NamedTuple):
    """Rank sets of a plan: ``(n, rank)`` items, four+kicker and full-house pairs
    by index."""

    items: list[tuple[int, int]]
    fours: list[tuple[int, int]]
    """(index of the four, index of its kicker single)."""
    houses: list[tuple[int, int]]
    """(index of the triple, index of its pair)."""


def _rank_sets(c: Sequence[int], st: Sequence[int]) -> _Sets:
    """The rank sets of natural counts ``c`` (13) and how they combine: each four
    takes the weakest loose single below the Kings' strength as its kicker (a four
    without one is planned as two pairs), each triple the weakest pair that is weak
    or no stronger than the triple."""
    items: list[tuple[int, int]] = []
    for r in sorted(range(RANKS), key=lambda r: st[r]):
        for n in _SPLITS[c[r]]:
            items.append((n, r))
    singles = [i for i, (n, r) in enumerate(items) if n == 1 and st[r] < 10]
    fours: list[tuple[int, int]] = []
    extra: list[tuple[int, int]] = []
    for i, (n, r) in enumerate(items):
        if n == 4:
            if singles:
                fours.append((i, singles.pop(0)))
            else:
                items[i] = (2, r)
                extra.append((2, r))
    items.extend(extra)
    order = sorted(range(len(items)), key=lambda i: st[items[i][1]])
    pairs = [i for i in order if items[i][0] == 2]
    houses: list[tuple[int, int]] = []
    for i in order:
        if items[i][0] == 3 and pairs:
            p = pairs[0]
            if st[items[p][1]] < 9 or st[items[p][1]] <= st[items[i][1]]:
                houses.append((i, pairs.pop(0)))
    return _Sets(items, fours, houses)


def _sets_score(sets: _Sets, st: Sequence[int]) -> float:
    """Score of the rank sets (values less ``TURN`` per play)."""
    items = sets.items
    used: set[int] = set()
    total = 0.0
    plays = 0
    for i, k in sets.fours:
        total += five_value("four_of_a_kind", st[items[i][1]])
        used.update((i, k))
        plays += 1
    for i, p in sets.houses:
        total += five_value("full_house", st[items[i][1]])
        used.update((i, p))
        plays += 1
    for i, (n, r) in enumerate(items):
        if i in used:
            continue
        plays += 1
        total += single_value(st[r]) if n == 1 else set_value(n, st[r])
    return total - TURN * plays


def _rank_score(c: Sequence[int], st: Sequence[int]) -> float:
    return _sets_score(_rank_sets(c, st), st)


def _runs(c: Sequence[int]) -> list[int]:
    """The runs (0 .. 9) whose five ranks ``c`` all holds."""
    return [i for i in range(10) if all(c[_CHAIN[i + x]] for x in range(5))]


def _straights(c: list[int], st: Sequence[int]) -> list[int]:
    """Straights taken greedily while each one improves the rank plan; ``c`` loses
    their cards. Returns the runs taken."""
    taken: list[int] = []
    base = _rank_score(c, st)
    for _ in range(5):
        best: tuple[float, int] | None = None
        for i in _runs(c):
            for x in range(5):
                c[_CHAIN[i + x]] -= 1
            score = _rank_score(c, st) + five_value("straight", i + 5) - TURN
            for x in range(5):
                c[_CHAIN[i + x]] += 1
            if score > base + 0.01 and (best is None or score > best[0]):
                best = (score, i)
        if best is None:
            break
        base, i = best
        for x in range(5):
            c[_CHAIN[i + x]] -= 1
        taken.append(i)
    return taken


# ----- building the groups -----------------------------------------------------------


class _Pool:
    """The natural cards of a hand by rank, taken card by card."""

    def __init__(self, counts: Sequence[int]):
        self.by_rank: list[list[int]] = [[] for _ in range(RANKS)]
        for t in range(52):
            self.by_rank[t >> 2].extend([t] * counts[t])

    def take(self, r: int, n: int) -> int:
        """``n`` cards of rank ``r`` (the suit held most first), packed."""
        cards = self.by_rank[r]
        cards.sort(key=lambda t: (-cards.count(t), t))
        out = 0
        for t in cards[:n]:
            out += 1 << (3 * t)
        del cards[:n]
        return out


def decompose(hand: int, st: Sequence[int]) -> Plan:
    """The plan of ``hand`` under the single-card strengths ``st`` (15 values: the
    13 natural ranks, ``BJ``, ``RJ``; a permutation of 0 .. 14 where the jokers are
    13 and 14). Cached per hand and table."""
    key = (hand, tuple(st))
    found = _PLANS.get(key)
    if found is not None:
        return found
    if len(_PLANS) > _PLANS_MAX:
        _PLANS.clear()
    plan = _decompose(hand, st)
    _PLANS[key] = plan
    return plan


_PLANS: dict[tuple[int, tuple[int, ...]], Plan] = {}


def _decompose(hand: int, st: Sequence[int]) -> Plan:
    counts = type_counts(hand)
    rc = rank_counts(hand)
    c = rc[:RANKS]
    runs = _straights(c, st)
    pool = _Pool(counts)
    groups: list[Group] = []
    for i in runs:
        cards = sum(pool.take(_CHAIN[i + x], 1) for x in range(5))
        groups.append(Group("straight", cards, five_value("straight", i + 5), 5, i + 5))
    sets = _rank_sets(c, st)
    items = sets.items
    taken: dict[int, int] = {}
    for i, (n, r) in enumerate(items):
        taken[i] = pool.take(r, n)
    used: set[int] = set()
    for i, k in sets.fours:
        s = st[items[i][1]]
        cards = taken[i] + taken[k]
        groups.append(Group("four_of_a_kind", cards, five_value("four_of_a_kind", s), 5, s))
        used.update((i, k))
    for i, p in sets.houses:
        s = st[items[i][1]]
        cards = taken[i] + taken[p]
        groups.append(Group("full_house", cards, five_value("full_house", s), 5, s))
        used.update((i, p))
    loose: list[Group] = []
    for i, (n, r) in enumerate(items):
        if i in used:
            continue
        s = st[r]
        if n == 1:
            loose.append(Group("single", taken[i], single_value(s), 1, s))
        else:
            kind = {2: "pair", 3: "triple", 5: "five_of_a_kind"}[n]
            groups.append(Group(kind, taken[i], set_value(n, s), n, s))
    groups.extend(_flushes(loose))
    for t, s in ((BJ, JOKER_RANK), (RJ, JOKER_RANK + 1)):
        for _ in range(counts[t]):
            groups.append(Group("single", 1 << (3 * t), single_value(s), 1, s))
    groups.sort(key=lambda g: (g.value, -g.size))
    score = sum(g.value for g in groups) - TURN * len(groups)
    return Plan(score, tuple(groups))


def _flushes(singles: list[Group]) -> list[Group]:
    """The loose singles, the weak ones of a suit held five times or more grouped
    into flushes (five plays become one)."""
    by_suit: dict[int, list[Group]] = {}
    for g in singles:
        t = (g.cards.bit_length() - 1) // 3
        by_suit.setdefault(t & 3, []).append(g)
    out: list[Group] = []
    for group in by_suit.values():
        group.sort(key=lambda g: g.strength)
        while len(group) >= 5 and group[4].value < 0:
            five, group = group[:5], group[5:]
            s = five[-1].strength
            out.append(Group("flush", sum(g.cards for g in five), five_value("flush", s), 5, s))
        out.extend(group)
    return out
