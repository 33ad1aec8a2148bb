"""Big A combinations, the bomb ladder, the beat relation and the fours capture.

A :class:`Combo` is an immutable value ``(kind, cards, key, size, bomb)``: ``kind`` a
:class:`Kind` whose value is the judge's type name, ``cards`` the packed face counts
of :mod:`chupai.biga.cards` (normalized for the Big Ace suit, so a Big Ace is the
only suited Ace), ``key`` the comparison key within the type (or bomb class),
``size`` the number of cards and ``bomb`` the bomb class 1..9 of ``biga.md`` §4.2
(0 for the normal combinations of §4.1).

Keys:

* ``single``, ``pair``, ``egg``: the rank's strength in the single-card order
  (§1.1; a Big Ace single is :data:`BIG_ACE_KEY`, above everything);
* ``big_egg``, ``true_seven``: ``16 * size + strength`` (more cards win, then rank);
* ``sequence``, ``pair_sequence``, ``egg_sequence``, ``fake_eight``: the lowest
  position in the sequence order (§1.2), 1-based;
* ``two_jokers``: the number of ``RJ``; ``three_jokers``, ``four_jokers`` and
  ``two_big_aces``: 0.

Every card multiset has at most one reading. The only multiset that fits two
position ranges is the 13-rank sequence ``A 2 3 ... K`` under ``ace_both_ends``
(positions 1..13 or 2..14): it is read with the Ace high, the stronger reading
(key 2). All combinations of a rules object and a Big Ace suit are built once
(:func:`tables`), and :func:`classify` is one dictionary lookup.

>>> from chupai.biga.rules import resolve
>>> from chupai.biga.cards import parse_cards
>>> rules = resolve("standard", {"big_ace_suit": "H"})
>>> def c(text):
...     return classify(parse_cards(text, 2), rules, 2)
>>> c("Q Q K K AH AS").kind.value, c("4 4 4 4 3 3 3 3").kind.value
('pair_sequence', 'fake_eight')
>>> beats(c("5 5 5 5 5"), c("AH"), rules), beats(c("5 5 5 5"), c("AH"), rules)
(True, False)
>>> is_capture(c("4 4"), c("7 7 7"), rules)
True
>>> explain(parse_cards("AH AS", 2), rules, 2)
'a Big Ace may not join ordinary Aces in a pair, egg, big egg or true seven (big_ace_in_sets = false)'
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum
from functools import lru_cache
from typing import Final, NamedTuple

from chupai.biga.cards import (
    ACE,
    BJ,
    RJ,
    SHIFTS,
    SUITED_ACE,
    TWO,
    UNIT,
    Cards,
    cards_text,
    normalize,
    strength_order,
)
from chupai.biga.messages import kind_name
from chupai.biga.rules import BigARules, RankOrder, SequenceOrder
from chupai.i18n import Msg

__all__ = [
    "Kind",
    "Combo",
    "KIND_INDEX",
    "BIG_ACE_KEY",
    "SET_KINDS",
    "SEQUENCE_KINDS",
    "Tables",
    "Shape",
    "SHAPES",
    "BOMB_CLASS",
    "JOKER_KINDS",
    "bomb_floor",
    "tables",
    "strengths",
    "positions",
    "classify",
    "explain",
    "beats",
    "capture_size",
    "is_capture",
    "combo_text",
    "FOUR",
]


class Kind(StrEnum):
    """Big A combination types (§4); the value is the judge's type name. The order
    is the listing order of :func:`chupai.biga.api.moves` (normal types, then the
    bombs by class)."""

    SINGLE = "single"
    PAIR = "pair"
    SEQUENCE = "sequence"
    PAIR_SEQUENCE = "pair_sequence"
    EGG = "egg"
    BIG_EGG = "big_egg"
    TWO_JOKERS = "two_jokers"
    EGG_SEQUENCE = "egg_sequence"
    FAKE_EIGHT = "fake_eight"
    TRUE_SEVEN = "true_seven"
    THREE_JOKERS = "three_jokers"
    FOUR_JOKERS = "four_jokers"
    TWO_BIG_ACES = "two_big_aces"


K = Kind
KIND_INDEX: Final = {k: i for i, k in enumerate(Kind)}
"""Position of each kind in :class:`Kind` order."""


class Shape(NamedTuple):
    """How the cards of one combination type look, and its place on the bomb ladder
    (§4). :data:`SHAPES` lists every type; the tables of every combination
    (:class:`Tables`), hence classification and move generation, derive from it."""

    bomb: int
    """Bomb class 1..9 (§4.2), higher beats lower; 0 for a normal type (§4.1)."""
    form: str
    """``set``: cards of one ordinary rank (a single is also any one card);
    ``sequence``: as many cards of each of consecutive ranks of the sequence
    chain; ``jokers``: jokers only; ``big_aces``: the two Big Aces."""
    per_rank: int
    """Cards of each rank (a sequence type); 1 for the other forms."""
    fewest: int
    most: int
    """The fewest and most cards (of a set, jokers) or ranks (of a sequence)."""


SHAPES: Final[dict[Kind, Shape]] = {
    K.SINGLE: Shape(0, "set", 1, 1, 1),
    K.PAIR: Shape(0, "set", 1, 2, 2),
    K.SEQUENCE: Shape(0, "sequence", 1, 3, 13),
    K.PAIR_SEQUENCE: Shape(0, "sequence", 2, 3, 13),
    K.EGG: Shape(1, "set", 1, 3, 3),
    K.BIG_EGG: Shape(2, "set", 1, 4, 6),
    K.TWO_JOKERS: Shape(3, "jokers", 1, 2, 2),
    K.EGG_SEQUENCE: Shape(4, "sequence", 3, 3, 3),
    K.FAKE_EIGHT: Shape(5, "sequence", 4, 2, 2),
    K.TRUE_SEVEN: Shape(6, "set", 1, 7, 8),
    K.THREE_JOKERS: Shape(7, "jokers", 1, 3, 3),
    K.FOUR_JOKERS: Shape(8, "jokers", 1, 4, 4),
    K.TWO_BIG_ACES: Shape(9, "big_aces", 1, 2, 2),
}
"""Every combination type's shape, in :class:`Kind` order (the bomb ladder of §4.2
is the ``bomb`` column)."""


def _sizes(form: str, most: int) -> tuple[Kind | None, ...]:
    """``[n]``: the type of ``n`` cards of ``form`` (None: none)."""
    return (None,) + tuple(
        next((k for k, s in SHAPES.items() if s.form == form and s.fewest <= n <= s.most), None)
        for n in range(1, most + 1)
    )


BOMB_CLASS: Final = {k: s.bomb for k, s in SHAPES.items() if s.bomb}
"""The bomb class of each bomb type (§4.2)."""

BIG_ACE_KEY: Final = 15
"""Key of a single Big Ace (the strongest single)."""
_RJ_KEY: Final = 14
_BJ_KEY: Final = 13

FOUR: Final = 1
"""Field of the 4s (the capturing rank, §6)."""

SET_KINDS: Final = _sizes("set", 8)
"""``SET_KINDS[n]``: the type of ``n`` cards of one ordinary rank."""

JOKER_KINDS: Final = _sizes("jokers", 4)
"""``JOKER_KINDS[n]``: the type of ``n`` jokers (two or more)."""

SEQUENCE_KINDS: Final = {
    s.per_rank: (k, s.fewest, s.most) for k, s in SHAPES.items() if s.form == "sequence"
}
"""Cards per rank -> (type, fewest ranks, most ranks) of the sequence types."""

_F: Final = 31
_new = tuple.__new__


class Combo(NamedTuple):
    """One Big A combination. Compare with :func:`beats`, not ``<``."""

    kind: Kind
    cards: Cards
    """The cards as packed face counts, normalized for the Big Ace suit."""
    key: int
    """Comparison key within the type (see the module docstring)."""
    size: int
    """Number of cards."""
    bomb: int
    """Bomb class 1..9 (§4.2); 0 for a normal combination."""

    def text(self, big_suit: int | None = None, rules: BigARules | None = None) -> str:
        """The cards as tokens: sequence types in sequence order, others from
        weakest to strongest (see :func:`combo_text`)."""
        return combo_text(self, rules, big_suit)


@lru_cache(maxsize=None)
def strengths(rank_order: RankOrder) -> tuple[int, ...]:
    """Single-card strength of the faces 0..14 (``3 .. K A 2 BJ RJ``), low to high
    from 0; a Big Ace is :data:`BIG_ACE_KEY` (§1.1).

    >>> strengths(RankOrder.THREE_TWO_HIGH)[:3], strengths(RankOrder.ACE_HIGH)[:3]
    ((12, 0, 1), (1, 2, 3))
    """
    order = strength_order(rank_order is RankOrder.THREE_TWO_HIGH, None)
    ranked = [f for f in order if f < SUITED_ACE]
    out = [0] * (RJ + 1)
    for i, f in enumerate(ranked):
        out[f] = i
    return tuple(out)


def positions(sequence_order: SequenceOrder) -> tuple[int, ...]:
    """The face at each position of the sequence chain (position ``p`` is index
    ``p - 1``): ``A 2 3 ... K A`` or ``4 5 ... K A 2 3`` (§1.2)."""
    if sequence_order is SequenceOrder.ACE_BOTH_ENDS:
        return (ACE, TWO) + tuple(range(11)) + (ACE,)
    return tuple(range(1, 11)) + (ACE, TWO, 0)


class Tables:
    """Every combination of one rules object and Big Ace suit, built once by
    :func:`tables` from :data:`SHAPES`; :mod:`chupai.biga.movegen` picks from these
    lists."""

    def __init__(self, rules: BigARules, big_suit: int | None):
        self.rules = rules
        self.big_suit = big_suit
        self.big = -1 if big_suit is None else SUITED_ACE + big_suit
        """Field of the Big Aces (-1 without a Big Ace suit)."""
        st = strengths(rules.rank_order)
        self.strength = st
        self.by_cards: dict[int, Combo] = {}
        """Every combination by its (normalized) cards."""
        self.single = [self._mk(K.SINGLE, UNIT[f], st[f], 1) for f in range(RJ + 1)]
        self.sets: list[list[Combo | None]] = [self._set_row(f) for f in range(TWO + 1)]
        """``sets[f][n]``: ``n`` cards of ordinary face ``f`` (3..K, A, 2), n = 1..8."""
        self.jokers: list[list[Combo | None]] = self._joker_table()
        """``jokers[x][y]``: ``x`` black and ``y`` red jokers."""
        self.single_big: Combo | None = None
        self.two_big_aces: Combo | None = None
        self.ace_sets: list[list[Combo | None]] = [[None] * 9 for _ in range(3)]
        """``ace_sets[j][i]``: ``i`` ordinary Aces with ``j`` Big Aces (only with
        ``big_ace_in_sets``)."""
        if self.big >= 0:
            self._big_aces()
        self.chain = positions(rules.sequence_order)
        self.plain: dict[int, list[list[list[Combo]]]] = {}
        """``plain[m][a][b]``: every sequence type of ``m`` cards per rank over a
        position range inside ``a..b`` (0-based) that holds no Ace."""
        self.acey: dict[int, list[list[list[list[Combo]]]]] = {}
        """``acey[m][a][b][j]``: those whose range holds an Ace, with ``j`` Big Aces
        among its ``m`` Aces."""
        for m, (kind, lo, hi) in SEQUENCE_KINDS.items():
            self.plain[m], self.acey[m] = self._sequence_tables(m, self._sequences(m, kind, lo, hi))

    def _mk(self, kind: Kind, cards: int, key: int, size: int) -> Combo:
        combo: Combo = _new(Combo, (kind, cards, key, size, BOMB_CLASS.get(kind, 0)))
        assert cards not in self.by_cards, (kind, cards)
        self.by_cards[cards] = combo
        return combo

    def _set_key(self, n: int, f: int) -> int:
        return 16 * n + self.strength[f] if n >= 4 else self.strength[f]

    def _set(self, n: int, cards: int, face: int) -> Combo:
        kind = SET_KINDS[n]
        assert kind is not None
        return self._mk(kind, cards, self._set_key(n, face), n)

    def _set_row(self, f: int) -> list[Combo | None]:
        return [None, self.single[f], *(self._set(n, n * UNIT[f], f) for n in range(2, 9))]

    def _joker_table(self) -> list[list[Combo | None]]:
        jokers: list[list[Combo | None]] = [[None] * 3 for _ in range(3)]
        jokers[1][0] = self.single[BJ]
        jokers[0][1] = self.single[RJ]
        for x in range(3):
            for y in range(3):
                kind = JOKER_KINDS[x + y]
                if x + y >= 2 and kind is not None:
                    jokers[x][y] = self._mk(
                        kind, x * UNIT[BJ] + y * UNIT[RJ], y if x + y == 2 else 0, x + y
                    )
        return jokers

    def _big_aces(self) -> None:
        big = self.big
        self.single_big = self._mk(K.SINGLE, UNIT[big], BIG_ACE_KEY, 1)
        self.two_big_aces = self._mk(K.TWO_BIG_ACES, 2 * UNIT[big], 0, 2)
        if self.rules.big_ace_in_sets:
            for j in (1, 2):
                for i in range(1, 9 - j):
                    self.ace_sets[j][i] = self._set(i + j, i * UNIT[ACE] + j * UNIT[big], ACE)

    def _sequences(
        self, m: int, kind: Kind, lo: int, hi: int
    ) -> list[tuple[int, int, list[Combo]]]:
        """Every sequence of ``kind`` (``m`` cards per rank, ``lo..hi`` ranks) as
        ``(first position, last position, variants)``: the variants hold 0, 1, ...
        Big Aces among the Aces of the range."""
        chain = self.chain
        npos = len(chain)
        big = self.big
        both_ends = self.rules.sequence_order is SequenceOrder.ACE_BOTH_ENDS
        ranges: list[tuple[int, int, list[Combo]]] = []
        for s in range(npos):
            for e in range(s + lo - 1, min(npos, s + hi)):
                if both_ends and s == 0 and e == npos - 2:
                    continue  # A..K: the same cards as 2..A, read Ace high
                faces = chain[s : e + 1]
                base = sum(m * UNIT[f] for f in faces)
                size = m * len(faces)
                variants = [self._mk(kind, base, s + 1, size)]
                if ACE in faces and big >= 0:
                    variants += [
                        self._mk(kind, base + j * (UNIT[big] - UNIT[ACE]), s + 1, size)
                        for j in range(1, min(m, 2) + 1)
                    ]
                ranges.append((s, e, variants))
        return ranges

    def _sequence_tables(
        self, m: int, ranges: list[tuple[int, int, list[Combo]]]
    ) -> tuple[list[list[list[Combo]]], list[list[list[list[Combo]]]]]:
        """``plain`` and ``acey`` of ``m`` cards per rank: each range listed under
        every ``[a][b]`` that contains it."""
        chain = self.chain
        npos = len(chain)
        plain: list[list[list[Combo]]] = [[[] for _ in range(npos)] for _ in range(npos)]
        acey: list[list[list[list[Combo]]]] = [
            [[[], [], []] for _ in range(npos)] for _ in range(npos)
        ]
        for s, e, variants in ranges:
            has_ace = ACE in chain[s : e + 1]
            for a in range(s + 1):
                for b in range(e, npos):
                    if has_ace:
                        for j, combo in enumerate(variants):
                            acey[a][b][j].append(combo)
                    else:
                        plain[a][b].append(variants[0])
        return plain, acey


@lru_cache(maxsize=64)
def tables(rules: BigARules, big_suit: int | None) -> Tables:
    """The (cached) tables of ``rules`` with Big Ace suit ``big_suit``."""
    return Tables(rules, big_suit)


def classify(cards: Cards, rules: BigARules, big_suit: int | None = None) -> Combo | None:
    """The combination ``cards`` form when the Big Ace suit is ``big_suit`` (None:
    every Ace is ordinary), or None (see :func:`explain`). ``cards`` need not be
    normalized."""
    return tables(rules, big_suit).by_cards.get(normalize(cards, big_suit))


def beats(new: Combo, top: Combo, rules: BigARules) -> bool:
    """Whether ``new`` may be played on ``top`` in the ordinary way (§5). A fours
    capture is not a beat (see :func:`is_capture`)."""
    tb = top.bomb
    nb = new.bomb
    if tb:
        return nb > tb or (nb == tb and new.key > top.key)
    if not nb:
        return new.kind is top.kind and new.size == top.size and new.key > top.key
    egg, min_big = bomb_floor(top.kind, top.key, rules)
    return nb >= egg and (nb != 2 or new.size >= min_big)


def bomb_floor(kind: Kind, key: int, rules: BigARules) -> tuple[int, int]:
    """For a normal top play of ``kind`` and ``key``: the lowest bomb class that
    beats it (1: an egg does, 2: only big eggs and above) and the fewest cards of a
    big egg that beats it (0: any). How the bomb ladder meets the normal
    types (§5), for :func:`beats` and :func:`chupai.biga.movegen.follow_filter`."""
    big_ace = kind is K.SINGLE and key == BIG_ACE_KEY
    egg_ok = (
        kind is K.PAIR
        or kind is K.SEQUENCE
        or (kind is K.PAIR_SEQUENCE and rules.egg_over_pair_sequence)
        or (kind is K.SINGLE and not big_ace and (key < _BJ_KEY or rules.egg_over_joker_single))
    )
    return (1 if egg_ok else 2), (rules.big_ace_single_min_big_egg if big_ace else 0)


def capture_size(top: Combo, rules: BigARules) -> int:
    """How many 4s capture ``top`` (§6): one fewer than an egg or big egg, when
    ``fours_capture``; 0 when ``top`` cannot be captured."""
    if rules.fours_capture and (top.kind is K.EGG or top.kind is K.BIG_EGG):
        return top.size - 1
    return 0


def is_capture(new: Combo, top: Combo, rules: BigARules) -> bool:
    """Whether playing ``new`` on ``top`` is a fours capture (§6)."""
    n = capture_size(top, rules)
    return n > 0 and new.cards == n * UNIT[FOUR]


def combo_text(combo: Combo, rules: BigARules | None = None, big_suit: int | None = None) -> str:
    """The cards of ``combo`` as tokens: a sequence type in its chain order (lowest
    position first), anything else from weakest to strongest in the rules' single-
    card order (default ``three_two_high``); a Big Ace with its suit.

    >>> from chupai.biga.rules import resolve
    >>> from chupai.biga.cards import parse_cards
    >>> r = resolve("standard", {"big_ace_suit": "H"})
    >>> combo_text(classify(parse_cards("3 2 AH", 2), r, 2), r, 2)
    'AH 2 3'
    """
    cards = combo.cards
    three_two = rules is None or rules.rank_order is RankOrder.THREE_TWO_HIGH
    order = strength_order(three_two, big_suit)
    shape = SHAPES[combo.kind]
    if shape.form == "sequence":
        chain = positions(
            rules.sequence_order if rules is not None else SequenceOrder.ACE_BOTH_ENDS
        )
        faces = chain[combo.key - 1 : combo.key - 1 + combo.size // shape.per_rank]
        suited = tuple(f for f in range(SUITED_ACE, SUITED_ACE + 4))
        order = tuple(x for f in faces for x in ((f,) + suited if f == ACE else (f,)))
    return cards_text(cards, order, big_suit)


# ----- explanations --------------------------------------------------------------------


def _chain_text(rules: BigARules) -> str:
    if rules.sequence_order is SequenceOrder.ACE_BOTH_ENDS:
        return "A 2 3 ... K A (the Ace at one end only, no wrap-around such as K A 2)"
    return "4 5 ... K A 2 3 (no wrap-around such as 2 3 4)"


def _consecutive(faces: Sequence[int], rules: BigARules) -> bool:
    chain = positions(rules.sequence_order)
    want = set(faces)
    n = len(want)
    return any(
        set(chain[s : s + n]) == want and len(set(chain[s : s + n])) == n
        for s in range(len(chain) - n + 1)
    )


def explain(cards: Cards, rules: BigARules, big_suit: int | None = None) -> str:
    """Why ``cards`` form no combination (``""`` when they do).

    >>> from chupai.biga.rules import STANDARD
    >>> from chupai.biga.cards import parse_cards
    >>> explain(parse_cards("K A 2"), STANDARD)
    'the ranks of a sequence must be consecutive in the sequence order A 2 3 ... K A (the Ace at one end only, no wrap-around such as K A 2)'
    """
    cards = normalize(cards, big_suit)
    if classify(cards, rules, big_suit) is not None:
        return ""
    c = [(cards >> s) & _F for s in SHIFTS]
    n = sum(c)
    if n == 0:
        return Msg("no cards")
    jokers = c[BJ] + c[RJ]
    b = sum(c[SUITED_ACE:])
    if jokers:
        if jokers < n:
            return Msg(
                "a joker combines only with other jokers (two_jokers, three_jokers, "
                "four_jokers): jokers are never part of a sequence or a set of one rank"
            )
        return Msg("{n} jokers form nothing (there are only four)", n=jokers)
    if b and c[ACE] + b == n and c[ACE]:
        return Msg(
            "a Big Ace may not join ordinary Aces in a pair, egg, big egg or true seven "
            "(big_ace_in_sets = false)"
        )
    # sequence reading: a Big Ace counts as an ordinary Ace
    s = c[: TWO + 1]
    s[ACE] += b
    return _explain_ranks(s, n, rules)


def _explain_ranks(s: list[int], n: int, rules: BigARules) -> str:
    """Why ``n`` cards of ordinary ranks with the counts ``s`` form nothing."""
    faces = [f for f in range(TWO + 1) if s[f]]
    if len(faces) == 1:
        return Msg("{n} cards of one rank form nothing (there are only eight)", n=n)
    counts = {s[f] for f in faces}
    if len(counts) > 1:
        return Msg(
            "cards of several ranks form a combination only as a sequence type, with "
            "the same number of cards of each rank (one: sequence, two: pair_sequence, "
            "three: egg_sequence, four: fake_eight)"
        )
    m = counts.pop()
    k = len(faces)
    if m > 4:
        return Msg(
            "{m} cards of each of several ranks form no sequence type (at most four each)", m=m
        )
    if m == 1 and k < 3:
        return Msg("a sequence needs at least 3 cards; two cards of different ranks form nothing")
    if m == 2 and k < 3:
        return Msg("a pair_sequence needs at least 3 consecutive pairs")
    if m == 3 and k != 3:
        return Msg(
            "an egg_sequence has exactly three trios of consecutive ranks (two trios "
            "are neither an egg nor an egg_sequence)"
            if k == 2
            else "an egg_sequence has exactly three trios of consecutive ranks"
        )
    if m == 4 and k != 2:
        return Msg("a fake_eight has exactly two quads of consecutive ranks")
    if not _consecutive(faces, rules):
        kind = SEQUENCE_KINDS[m][0].value
        what = dict(kind_name(kind), en=("an " if kind[0] in "aeiou" else "a ") + kind)
        return Msg(
            "the ranks of {what} must be consecutive in the sequence order {order}",
            what=what,
            order=_chain_text(rules),
        )
    return Msg("these {n} cards form no combination", n=n)
