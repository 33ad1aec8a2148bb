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
from chupai.biga.rules import BigARules, RankOrder, SequenceOrder

__all__ = [
    "Kind", "Combo", "KIND_INDEX", "BIG_ACE_KEY", "SET_KINDS", "SEQUENCE_KINDS", "Tables",
    "tables", "strengths", "positions", "classify", "explain", "beats", "capture_size",
    "is_capture", "combo_text", "FOUR",
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

BOMB_CLASS: Final = {K.EGG: 1, K.BIG_EGG: 2, K.TWO_JOKERS: 3, K.EGG_SEQUENCE: 4,
                     K.FAKE_EIGHT: 5, K.TRUE_SEVEN: 6, K.THREE_JOKERS: 7, K.FOUR_JOKERS: 8,
                     K.TWO_BIG_ACES: 9}
"""The bomb class of each bomb type (§4.2)."""

BIG_ACE_KEY: Final = 15
"""Key of a single Big Ace (the strongest single)."""
_RJ_KEY: Final = 14
_BJ_KEY: Final = 13

FOUR: Final = 1
"""Field of the 4s (the capturing rank, §6)."""

SET_KINDS: Final = (None, K.SINGLE, K.PAIR, K.EGG, K.BIG_EGG, K.BIG_EGG, K.BIG_EGG,
                    K.TRUE_SEVEN, K.TRUE_SEVEN)
"""``SET_KINDS[n]``: the type of ``n`` cards of one ordinary rank."""

SEQUENCE_KINDS: Final = {1: (K.SEQUENCE, 3, 13), 2: (K.PAIR_SEQUENCE, 3, 13),
                         3: (K.EGG_SEQUENCE, 3, 3), 4: (K.FAKE_EIGHT, 2, 2)}
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
    :func:`tables`; :mod:`chupai.biga.movegen` picks from these lists."""

    def __init__(self, rules: BigARules, big_suit: int | None):
        self.rules = rules
        self.big_suit = big_suit
        self.big = -1 if big_suit is None else SUITED_ACE + big_suit
        """Field of the Big Aces (-1 without a Big Ace suit)."""
        st = strengths(rules.rank_order)
        self.strength = st
        by: dict[int, Combo] = {}

        def mk(kind: Kind, cards: int, key: int, size: int) -> Combo:
            combo: Combo = _new(Combo, (kind, cards, key, size, BOMB_CLASS.get(kind, 0)))
            assert cards not in by, (kind, cards)
            by[cards] = combo
            return combo

        def set_key(n: int, f: int) -> int:
            return 16 * n + st[f] if n >= 4 else st[f]

        self.single = [mk(K.SINGLE, UNIT[f], st[f], 1) for f in range(RJ + 1)]
        # sets[f][n]: n cards of ordinary face f (3..K, A, 2), n = 2..8
        self.sets: list[list[Combo | None]] = []
        for f in range(TWO + 1):
            row: list[Combo | None] = [None, self.single[f]]
            for n in range(2, 9):
                kind = SET_KINDS[n]
                assert kind is not None
                row.append(mk(kind, n * UNIT[f], set_key(n, f), n))
            self.sets.append(row)
        # jokers[x][y]: x black and y red jokers
        self.jokers: list[list[Combo | None]] = [[None] * 3 for _ in range(3)]
        self.jokers[1][0] = self.single[BJ]
        self.jokers[0][1] = self.single[RJ]
        for x in range(3):
            for y in range(3):
                n = x + y
                if n >= 2:
                    kind = (K.TWO_JOKERS, K.THREE_JOKERS, K.FOUR_JOKERS)[n - 2]
                    self.jokers[x][y] = mk(kind, x * UNIT[BJ] + y * UNIT[RJ],
                                           y if n == 2 else 0, n)
        self.single_big: Combo | None = None
        self.two_big_aces: Combo | None = None
        # ace_sets[j][i]: i ordinary Aces with j Big Aces (big_ace_in_sets only)
        self.ace_sets: list[list[Combo | None]] = [[None] * 9 for _ in range(3)]
        big = self.big
        if big >= 0:
            self.single_big = mk(K.SINGLE, UNIT[big], BIG_ACE_KEY, 1)
            self.two_big_aces = mk(K.TWO_BIG_ACES, 2 * UNIT[big], 0, 2)
            if rules.big_ace_in_sets:
                for j in (1, 2):
                    for i in range(1, 9 - j):
                        n = i + j
                        kind = SET_KINDS[n]
                        assert kind is not None
                        self.ace_sets[j][i] = mk(kind, i * UNIT[ACE] + j * UNIT[big],
                                                 set_key(n, ACE), n)
        # sequence types over the position chain
        chain = positions(rules.sequence_order)
        self.chain = chain
        npos = len(chain)
        both_ends = rules.sequence_order is SequenceOrder.ACE_BOTH_ENDS
        self.plain: dict[int, list[list[list[Combo]]]] = {}
        """``plain[m][a][b]``: every sequence type of ``m`` cards per rank over a
        position range inside ``a..b`` (0-based) that holds no Ace."""
        self.acey: dict[int, list[list[list[list[Combo]]]]] = {}
        """``acey[m][a][b][j]``: those whose range holds an Ace, with ``j`` Big Aces
        among its ``m`` Aces."""
        for m, (kind, lo, hi) in SEQUENCE_KINDS.items():
            ranges: list[tuple[int, int, list[Combo]]] = []
            for s in range(npos):
                for e in range(s + lo - 1, min(npos, s + hi)):
                    if both_ends and s == 0 and e == npos - 2:
                        continue  # A..K: the same cards as 2..A, read Ace high
                    faces = chain[s:e + 1]
                    base = sum(m * UNIT[f] for f in faces)
                    size = m * len(faces)
                    variants = [mk(kind, base, s + 1, size)]
                    if ACE in faces and big >= 0:
                        for j in range(1, min(m, 2) + 1):
                            variants.append(
                                mk(kind, base + j * (UNIT[big] - UNIT[ACE]), s + 1, size))
                    ranges.append((s, e, variants))
            plain: list[list[list[Combo]]] = [[[] for _ in range(npos)] for _ in range(npos)]
            acey: list[list[list[list[Combo]]]] = [
                [[[], [], []] for _ in range(npos)] for _ in range(npos)]
            for s, e, variants in ranges:
                has_ace = ACE in chain[s:e + 1]
                for a in range(s + 1):
                    for b in range(e, npos):
                        if has_ace:
                            for j, combo in enumerate(variants):
                                acey[a][b][j].append(combo)
                        else:
                            plain[a][b].append(variants[0])
            self.plain[m] = plain
            self.acey[m] = acey
        self.by_cards: dict[int, Combo] = by
        """Every combination by its (normalized) cards."""


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
    if nb >= 3:
        return True
    kind = top.kind
    if nb == 2:  # big egg
        return (kind is not K.SINGLE or top.key != BIG_ACE_KEY
                or new.size >= rules.big_ace_single_min_big_egg)
    # egg
    if kind is K.PAIR or kind is K.SEQUENCE:
        return True
    if kind is K.PAIR_SEQUENCE:
        return rules.egg_over_pair_sequence
    if top.key == BIG_ACE_KEY:
        return False
    return top.key < _BJ_KEY or rules.egg_over_joker_single


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
    if combo.kind in (K.SEQUENCE, K.PAIR_SEQUENCE, K.EGG_SEQUENCE, K.FAKE_EIGHT):
        chain = positions(rules.sequence_order if rules is not None
                          else SequenceOrder.ACE_BOTH_ENDS)
        faces = chain[combo.key - 1:combo.key - 1 + combo.size // _per_rank(combo)]
        suited = tuple(f for f in range(SUITED_ACE, SUITED_ACE + 4))
        order = tuple(x for f in faces for x in ((f,) + suited if f == ACE else (f,)))
    return cards_text(cards, order, big_suit)


def _per_rank(combo: Combo) -> int:
    return {K.SEQUENCE: 1, K.PAIR_SEQUENCE: 2, K.EGG_SEQUENCE: 3, K.FAKE_EIGHT: 4}[combo.kind]


# ----- explanations --------------------------------------------------------------------

def _chain_text(rules: BigARules) -> str:
    if rules.sequence_order is SequenceOrder.ACE_BOTH_ENDS:
        return ("A 2 3 ... K A (the Ace at one end only, no wrap-around such as K A 2)")
    return "4 5 ... K A 2 3 (no wrap-around such as 2 3 4)"


def _consecutive(faces: Sequence[int], rules: BigARules) -> bool:
    chain = positions(rules.sequence_order)
    want = set(faces)
    n = len(want)
    return any(set(chain[s:s + n]) == want and len(set(chain[s:s + n])) == n
               for s in range(len(chain) - n + 1))


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
        return "no cards"
    jokers = c[BJ] + c[RJ]
    b = sum(c[SUITED_ACE:])
    if jokers:
        if jokers < n:
            return ("a joker combines only with other jokers (two_jokers, three_jokers, "
                    "four_jokers): jokers are never part of a sequence or a set of one rank")
        return f"{jokers} jokers form nothing (there are only four)"
    if b and c[ACE] + b == n and c[ACE]:
        return ("a Big Ace may not join ordinary Aces in a pair, egg, big egg or true seven "
                "(big_ace_in_sets = false)")
    # sequence reading: a Big Ace counts as an ordinary Ace
    s = c[:TWO + 1]
    s[ACE] += b
    faces = [f for f in range(TWO + 1) if s[f]]
    if len(faces) == 1:
        return f"{n} cards of one rank form nothing (there are only eight)"
    counts = {s[f] for f in faces}
    if len(counts) > 1:
        return ("cards of several ranks form a combination only as a sequence type, with "
                "the same number of cards of each rank (one: sequence, two: pair_sequence, "
                "three: egg_sequence, four: fake_eight)")
    m = counts.pop()
    k = len(faces)
    if m > 4:
        return f"{m} cards of each of several ranks form no sequence type (at most four each)"
    if m == 1 and k < 3:
        return "a sequence needs at least 3 cards; two cards of different ranks form nothing"
    if m == 2 and k < 3:
        return "a pair_sequence needs at least 3 consecutive pairs"
    if m == 3 and k != 3:
        return ("an egg_sequence has exactly three trios of consecutive ranks (two trios "
                "are neither an egg nor an egg_sequence)" if k == 2 else
                "an egg_sequence has exactly three trios of consecutive ranks")
    if m == 4 and k != 2:
        return "a fake_eight has exactly two quads of consecutive ranks"
    if not _consecutive(faces, rules):
        what = {1: "a sequence", 2: "a pair_sequence", 3: "an egg_sequence",
                4: "a fake_eight"}[m]
        return f"the ranks of {what} must be consecutive in the sequence order {_chain_text(rules)}"
    return f"these {n} cards form no combination"
