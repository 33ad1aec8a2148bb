"""Big Two combinations: classification, comparison keys and the beat relation.

A :class:`Combo` is an immutable value ``(kind, mask, key, group)``. ``kind`` is a
:class:`ComboKind` whose value is the judge's stable type name; ``mask`` the cards;
``group`` and ``key`` encode the rules' comparison: two combos of the same group
compare by ``key`` (larger is stronger), combos of different groups only through
the monster exceptions of ``bigtwo.md`` §9. Keys depend on the rules (suit order,
straight order, flush comparison), so a Combo is only meaningful with the rules
that made it.

The combination types are one table, :data:`SHAPES`: each :class:`Shape` names
its rank multiplicities, the option that allows it, why it is refused when off,
and its within-kind key. Classification looks a hand's multiplicities up in it,
and :func:`chupai.bigtwo.movegen.hand_combos` generates the shapes it allows
(:attr:`Tables.allows`).

>>> from chupai.bigtwo.rules import PRESETS
>>> from chupai.cards import parse_mask
>>> std = PRESETS["standard"]
>>> classify(parse_mask("3D 4C 5H 6S 7D"), std).kind.value
'straight'
>>> beats(classify(parse_mask("2D"), std), classify(parse_mask("AS"), std), std)
True
"""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum
from functools import lru_cache
from typing import Final, NamedTuple

from chupai.bigtwo.rules import (
    BigTwoRules,
    FiveCardRule,
    FlushCompare,
    FourCardPlay,
    StraightOrder,
    SuitOrder,
)
from chupai.cards import RANKS, CardMask, card_name, cards_of
from chupai.i18n import Msg

__all__ = [
    "ComboKind",
    "Combo",
    "Tables",
    "tables",
    "classify",
    "classify_or_none",
    "explain",
    "beats",
    "beats_fn",
    "ties_beat",
    "TIE_BITS",
    "GROUP_MONSTER",
    "SUIT_MASKS",
    "FIVE_CARD_CATEGORY",
    "MONSTERS",
    "SHAPES",
    "SHAPE_OPTIONS",
    "Shape",
]


class ComboKind(StrEnum):
    """Big Two combination types; the value is the judge's type name."""

    SINGLE = "single"
    PAIR = "pair"
    TRIPLE = "triple"
    STRAIGHT = "straight"
    FLUSH = "flush"
    FULL_HOUSE = "full_house"
    FOUR_OF_A_KIND = "four_of_a_kind"
    STRAIGHT_FLUSH = "straight_flush"
    TWO_PAIR_KICKER = "two_pair_kicker"
    TWO_PAIR = "two_pair"
    QUAD = "quad"


K = ComboKind
MONSTERS: Final = frozenset({K.FOUR_OF_A_KIND, K.STRAIGHT_FLUSH})
"""The 怪物牌型 of the ``same_type_or_monster`` rule."""

FIVE_CARD_CATEGORY: Final = {
    K.TWO_PAIR_KICKER: 0,
    K.STRAIGHT: 1,
    K.FLUSH: 2,
    K.FULL_HOUSE: 3,
    K.FOUR_OF_A_KIND: 4,
    K.STRAIGHT_FLUSH: 5,
}
"""Category ranks of five-card plays under ``five_card_rule=category`` (§9)."""

_KIND_INDEX: Final = {k: i for i, k in enumerate(ComboKind)}
_GROUP_FIVE: Final = 100
_GROUP_MONSTER: Final = 200
GROUP_MONSTER: Final = _GROUP_MONSTER
"""The comparison group of monsters under ``same_type_or_monster``."""


class Combo(NamedTuple):
    """One classified play. Compare with :func:`beats`, not with ``<``."""

    kind: ComboKind
    mask: CardMask
    key: int
    group: int

    @property
    def size(self) -> int:
        """Number of cards."""
        return self.mask.bit_count()

    def cards_text(self, order: list[int] | None = None) -> str:
        """The cards in canonical notation (ascending by ``order``, default id)."""
        ids = sorted(cards_of(self.mask & _LOW) + cards_of(self.mask >> 52))  # copies repeated
        if order is not None:
            ids.sort(key=order.__getitem__)
        return " ".join(card_name(c) for c in ids)


def _rank_bits(ranks: str) -> int:
    return sum(1 << RANKS.index(ch) for ch in set(ranks))


_ALL_STRAIGHTS: Final = "A2345 23456 34567 45678 56789 6789T 789TJ 89TJQ 9TJQK TJQKA JQKA2".split()
_STRAIGHT_RANKING: Final = {
    StraightOrder.BIGTWO: "34567 45678 56789 6789T 789TJ 89TJQ 9TJQK TJQKA 23456 A2345".split(),
    StraightOrder.POKER_A2345_SECOND: "23456 34567 45678 56789 6789T 789TJ 89TJQ 9TJQK A2345 TJQKA".split(),
    StraightOrder.TAIWAN: "A2345 34567 45678 56789 6789T 789TJ 89TJQ 9TJQK TJQKA 23456".split(),
    StraightOrder.JQKA2_HIGH: "34567 45678 56789 6789T 789TJ 89TJQ 9TJQK TJQKA JQKA2".split(),
}

_LOW: Final = (1 << 52) - 1
"""The first copy of every card (two packs: :mod:`chupai.bigtwo.packs`)."""

SUIT_MASKS: Final = tuple(sum(1 << (r * 4 + s) for r in range(13)) for s in range(4))
"""Mask of all 13 cards of suit index ``s``."""


class Straight(NamedTuple):
    ranks: tuple[int, ...]
    """Rank indices of the run (natural order)."""
    rank_bits: int
    position: int
    """0-based position in the rules' straight ranking (higher is stronger)."""
    tiebreak_rank: int
    """Rank index of the tie-break card (highest Big Two rank in the run)."""


class Tables:
    """Per-rules lookup tables (built once per rules object by :func:`tables`)."""

    def __init__(self, rules: BigTwoRules):
        self.rules = rules
        if rules.suit_order is SuitOrder.SHCD:
            self.suit_strength = [0, 1, 2, 3]  # D C H S
        else:
            self.suit_strength = [1, 0, 2, 3]  # C D H S
        self.card_strength = [(c >> 2) * 4 + self.suit_strength[c & 3] for c in range(52)]
        """Single-card order: rank first, then suit (§1)."""
        self.straights: list[Straight] = []
        for pos, text in enumerate(_STRAIGHT_RANKING[rules.straight_order]):
            ranks = tuple(RANKS.index(ch) for ch in text)
            self.straights.append(Straight(ranks, _rank_bits(text), pos, max(ranks)))
        self.straight_by_bits = {s.rank_bits: s for s in self.straights}
        self.straight_flush_masks = tuple(
            sum(1 << (4 * r + suit) for r in st.ranks) for st in self.straights for suit in range(4)
        )
        """Every straight flush of these rules as a card mask."""
        self.strength_order = sorted(range(52), key=self.card_strength.__getitem__)
        """Card ids from the weakest to the strongest."""
        self.same_type = rules.five_card_rule is FiveCardRule.SAME_TYPE_OR_MONSTER
        self.monster_over_small = rules.monster_over_small
        self.allow_triples = rules.allow_triples
        self.allow_flush = rules.allow_flush
        self.allow_two_pair_kicker = rules.allow_two_pair_kicker
        self.four_card_play = rules.four_card_play
        self.flush_compare = rules.flush_compare
        self.allows = {shape.kind: SHAPE_OPTIONS[shape.option](rules) for shape in SHAPES}
        """Whether each combination type may be played under these rules."""
        self.kind_group = {k: self.group(k) for k in ComboKind}
        """Comparison group of each kind."""
        self.kind_offset = {
            k: (self.five_key(k, 0) if k in FIVE_CARD_CATEGORY else 0) for k in ComboKind
        }
        """Added to a kind's raw key to fold in its five-card category."""
        self.two_memo: dict[CardMask, tuple[Combo | None, str]] = {}
        """Two packs: the classification of each card set met so far (at most
        :data:`MEMO_MAX`; the one-pack path needs none)."""

    def __deepcopy__(self, memo: dict[int, object]) -> Tables:
        """Derived from the rules alone: a deep copy (of a deal) shares them, memo and all."""
        return self

    def __reduce__(self) -> tuple[Callable[[BigTwoRules], Tables], tuple[BigTwoRules]]:
        """Pickled as their rules (the receiving process builds its own)."""
        return tables, (self.rules,)

    def group(self, kind: ComboKind) -> int:
        """The comparison group of ``kind`` under these rules."""
        if kind in FIVE_CARD_CATEGORY:
            if not self.same_type:
                return _GROUP_FIVE
            return _GROUP_MONSTER if kind in MONSTERS else _GROUP_FIVE + _KIND_INDEX[kind]
        return _KIND_INDEX[kind]

    def five_key(self, kind: ComboKind, key: int) -> int:
        """Fold the five-card category into the key where categories compare."""
        if not self.same_type:
            return FIVE_CARD_CATEGORY[kind] << 40 | key
        if kind in MONSTERS:
            return (kind is K.STRAIGHT_FLUSH) << 40 | key
        return key

    def flush_key(self, mask: CardMask, suit: int) -> int:
        """Within-kind key of a flush of ``suit`` (§8.5)."""
        return self.flush_key_ranks(sorted((c >> 2 for c in cards_of(mask)), reverse=True), suit)

    def flush_key_ranks(self, ranks: list[int] | tuple[int, ...], suit: int) -> int:
        """Within-kind key of a flush of ``suit`` with ``ranks`` listed high to low."""
        ss = self.suit_strength[suit]
        if self.flush_compare is FlushCompare.TOP_CARD:
            return ranks[0] * 4 + ss
        lex = 0
        for r in ranks:
            lex = lex * 13 + r
        if self.flush_compare is FlushCompare.SUIT_FIRST:
            return ss * 13**5 + lex
        return lex * 4 + ss

    def make(self, kind: ComboKind, mask: CardMask, key: int) -> Combo:
        """A Combo of ``kind`` with raw within-kind ``key``."""
        return Combo(kind, mask, self.kind_offset[kind] + key, self.kind_group[kind])


@lru_cache(maxsize=128)
def tables(rules: BigTwoRules) -> Tables:
    """The (cached) lookup tables of ``rules``."""
    return Tables(rules)


def _nibbles(mask: CardMask) -> list[int]:
    return [(mask >> (4 * r)) & 15 for r in range(13)]


# ----- the shapes of Big Two ------------------------------------------------------------


def _top_suit(nib: int, ss: list[int]) -> int:
    """The strongest suit (by suit strength) of the cards of one rank nibble."""
    return max(ss[s] for s in range(4) if nib >> s & 1)


def _key_card(mask: CardMask, nib: list[int], t: Tables) -> int:
    return t.card_strength[mask.bit_length() - 1]


def _key_rank(mask: CardMask, nib: list[int], t: Tables) -> int:
    """The rank of the group of three or four (triple, quad, four of a kind, full house)."""
    for r in range(13):
        if _COUNT[nib[r]] >= 3:
            return r
    raise ValueError("no group of three or four")  # pragma: no cover - shapes guarantee one


def _key_rank_suit(mask: CardMask, nib: list[int], t: Tables) -> int:
    r = (mask.bit_length() - 1) >> 2
    return r * 4 + _top_suit(nib[r], t.suit_strength)


def _key_two_pairs(mask: CardMask, nib: list[int], t: Tables) -> int:
    pair_ranks = [r for r in range(13) if _COUNT[nib[r]] == 2]
    hi, lo = max(pair_ranks), min(pair_ranks)
    return (hi * 13 + lo) * 4 + _top_suit(nib[hi], t.suit_strength)


def _key_run(mask: CardMask, nib: list[int], t: Tables) -> int:
    st = t.straight_by_bits[_present_ranks(nib)]
    tb_suit = next(s for s in range(4) if nib[st.tiebreak_rank] >> s & 1)
    return st.position * 4 + t.suit_strength[tb_suit]


def _key_flush(mask: CardMask, nib: list[int], t: Tables) -> int:
    return t.flush_key(mask, _suit_of(mask))


def _present_ranks(nib: list[int]) -> int:
    bits = 0
    for r in range(13):
        if nib[r]:
            bits |= 1 << r
    return bits


def _suit_of(mask: CardMask) -> int:
    """The one suit of ``mask``, or -1 when its cards are of several suits."""
    for s in range(4):
        if mask & SUIT_MASKS[s] == mask:
            return s
    return -1


_ALWAYS: Final = "always"
_COUNT: Final = tuple(v.bit_count() for v in range(16))
"""Cards in a rank nibble."""


class Shape(NamedTuple):
    """One combination type of Big Two as data: the rank multiplicities of its
    cards, whether its five different ranks form a straight (``run``) or one suit
    (``suited``), the rule option that allows it, and its within-kind key."""

    kind: ComboKind
    counts: tuple[int, ...]
    """How many cards of each rank, largest first: ``(3, 2)`` for a full house."""
    option: str
    """The :class:`BigTwoRules` test that allows the shape (see :data:`SHAPE_OPTIONS`)."""
    refusal: str
    """Why the cards are refused when the option is off (formatted with ``rules``)."""
    key: Callable[[CardMask, list[int], Tables], int]
    run: bool | None = None
    suited: bool | None = None


_RUN: Final = (1, 1, 1, 1, 1)

SHAPES: Final = (
    Shape(K.SINGLE, (1,), _ALWAYS, "", _key_card),
    Shape(K.PAIR, (2,), _ALWAYS, "", _key_rank_suit),
    Shape(
        K.TRIPLE,
        (3,),
        "allow_triples",
        "triples are not allowed under these rules (allow_triples=false)",
        _key_rank,
    ),
    Shape(
        K.QUAD,
        (4,),
        "four_card_play=quad",
        "four of a kind needs a fifth card (a kicker); four-card plays are not allowed "
        "(four_card_play={rules.four_card_play.value})",
        _key_rank,
    ),
    Shape(
        K.TWO_PAIR,
        (2, 2),
        "four_card_play=two_pair",
        "two pairs are not a play under these rules (four_card_play={rules.four_card_play.value})",
        _key_two_pairs,
    ),
    Shape(K.FOUR_OF_A_KIND, (4, 1), _ALWAYS, "", _key_rank),
    Shape(K.FULL_HOUSE, (3, 2), _ALWAYS, "", _key_rank),
    Shape(
        K.TWO_PAIR_KICKER,
        (2, 2, 1),
        "allow_two_pair_kicker",
        "two pairs and a kicker are not a play (allow_two_pair_kicker=false)",
        _key_two_pairs,
    ),
    Shape(K.STRAIGHT_FLUSH, _RUN, _ALWAYS, "", _key_run, run=True, suited=True),
    Shape(K.STRAIGHT, _RUN, _ALWAYS, "", _key_run, run=True, suited=False),
    Shape(
        K.FLUSH,
        _RUN,
        "allow_flush",
        "flushes are not allowed under these rules (allow_flush=false)",
        _key_flush,
        run=False,
        suited=True,
    ),
)
"""Every combination type of Big Two (§8); where several share their
multiplicities (five different ranks), the first that fits is the type.
:func:`classify` reads it, and :func:`chupai.bigtwo.movegen.hand_combos`
generates the shapes it allows under the rules (:attr:`Tables.allows`)."""

SHAPE_OPTIONS: Final[dict[str, Callable[[BigTwoRules], bool]]] = {
    _ALWAYS: lambda rules: True,
    "allow_triples": lambda rules: rules.allow_triples,
    "allow_two_pair_kicker": lambda rules: rules.allow_two_pair_kicker,
    "allow_flush": lambda rules: rules.allow_flush,
    "four_card_play=quad": lambda rules: rules.four_card_play is FourCardPlay.QUAD,
    "four_card_play=two_pair": lambda rules: rules.four_card_play is FourCardPlay.TWO_PAIR,
}
"""The rule tests named by :attr:`Shape.option`."""

_BY_COUNTS: Final = {
    c: tuple(s for s in SHAPES if s.counts == c) for c in {s.counts for s in SHAPES}
}
"""The shapes by their rank multiplicities, in table order."""
_BY_RUN: Final = {
    (run, suited): tuple(s for s in _BY_COUNTS[_RUN] if s.run == run and s.suited == suited)
    for run in (False, True)
    for suited in (False, True)
}
"""The shapes of five different ranks by (they form a straight, they are of one suit)."""

_NO_SHAPE: Final = {
    2: "two cards of different ranks do not form a pair",
    3: "three cards must all be of one rank to form a triple",
    4: "four cards form no combination",
    5: "five cards form no combination",
}
_NO_RUN: Final = (
    "five cards of different ranks that are not a straight (under straight_order="
    "{rules.straight_order.value}) and not all of one suit form no combination"
)


def _analyse(mask: CardMask, rules: BigTwoRules) -> tuple[Combo | None, str]:
    n = mask.bit_count()
    if n == 0:
        return None, Msg("no cards")
    if rules.packs == 2:
        t = tables(rules)
        memo = t.two_memo
        found = memo.get(mask)
        if found is None:
            if len(memo) >= MEMO_MAX:
                memo.clear()
            found = memo[mask] = _analyse_two(mask, n, rules, t)
        return found
    if mask >> 52:
        return None, Msg("Big Two is played without jokers")
    if n > 5:
        return None, Msg("no combination has {n} cards (plays have 1, 2, 3 or 5 cards)", n=n)
    t = tables(rules)
    nib = _nibbles(mask)
    counts = tuple(sorted([_COUNT[v] for v in nib if v], reverse=True))
    if counts == _RUN:
        shapes = _BY_RUN[_present_ranks(nib) in t.straight_by_bits, _suit_of(mask) >= 0]
        if not shapes:
            return None, Msg(_NO_RUN, rules=rules)
    else:
        shapes = _BY_COUNTS.get(counts, ())
        if not shapes:
            return None, Msg(_NO_SHAPE[n])
    shape = shapes[0]
    if not t.allows[shape.kind]:
        return None, Msg(shape.refusal, rules=rules)
    return t.make(shape.kind, mask, shape.key(mask, nib, t)), ""


# ----- two packs (docs/bigtwo.md, "Table sizes and two packs") --------------------------

MEMO_MAX: Final = 1 << 16
"""The most two-pack classifications :class:`Tables` keeps (then it starts over):
the same plays come back in every hand, so a deal's move lists mostly hit it."""

TIE_BITS: Final = 30
"""With two packs a key is ``(one-pack key) << TIE_BITS | tie``: ``tie`` lists the
cards' strengths, the play's main group first, each group from the strongest down,
so that plays the one-pack comparison leaves equal compare card by card and only
plays of the same cards stay equal (:func:`beats` with ``identical_beats``)."""


def _counts_two(mask: CardMask) -> list[int]:
    """Cards of each rank, copies counted (a mask in the unary form)."""
    lo, hi = mask & _LOW, mask >> 52
    return [_COUNT[(lo >> (4 * r)) & 15] + _COUNT[(hi >> (4 * r)) & 15] for r in range(13)]


def _tie(mask: CardMask, counts: list[int], t: Tables, grouped: bool) -> int:
    """The cards' strengths from the strongest down, the largest group of a rank first
    when ``grouped`` (a flush has no groups: its cards go by strength alone)."""
    cs = t.card_strength
    cards = [c for c in cards_of(mask & _LOW)] + [c for c in cards_of(mask >> 52)]
    if grouped:
        cards.sort(key=lambda c: (counts[c >> 2], cs[c]), reverse=True)
    else:
        cards.sort(key=cs.__getitem__, reverse=True)
    tie = 0
    for c in cards:
        tie = tie << 6 | cs[c]
    return tie << 6 * (5 - len(cards))


_NO_FIVE: Final = "five cards of one rank form no combination (Big Two has no five of a kind)"


def _flush_ranks(mask: CardMask) -> list[int]:
    lo, hi = mask & _LOW, mask >> 52
    return sorted([c >> 2 for c in cards_of(lo)] + [c >> 2 for c in cards_of(hi)], reverse=True)


def _analyse_two(mask: CardMask, n: int, rules: BigTwoRules, t: Tables) -> tuple[Combo | None, str]:
    """:func:`_analyse` with two packs: ``mask`` in the unary form of
    :mod:`chupai.bigtwo.packs` (identical cards allowed in every shape but
    straights; five cards of one suit that are no straight flush are a flush)."""
    if mask >> 104 or (mask >> 52) & ~mask & _LOW:
        return None, Msg("not a set of cards of two packs")
    if n > 5:
        return None, Msg("no combination has {n} cards (plays have 1, 2, 3 or 5 cards)", n=n)
    counts_r = _counts_two(mask)
    lo = mask & _LOW
    counts = tuple(sorted([c for c in counts_r if c], reverse=True))
    suit = _suit_of(lo)
    if counts == _RUN or (n == 5 and suit >= 0 and t.allows[K.FLUSH]):
        # five different ranks, or five of one suit with a pair inside: one-pack reading
        nib = _nibbles(lo)
        if counts == _RUN:
            shapes = _BY_RUN[_present_ranks(nib) in t.straight_by_bits, suit >= 0]
            if not shapes:
                return None, Msg(_NO_RUN, rules=rules)
            shape = shapes[0]
            if not t.allows[shape.kind]:
                return None, Msg(shape.refusal, rules=rules)
            key = shape.key(lo, nib, t)
        else:
            shape = _BY_RUN[False, True][0]  # the flush
            key = t.flush_key_ranks(_flush_ranks(mask), suit)
    else:
        shapes = _BY_COUNTS.get(counts, ())
        if not shapes:
            return None, Msg(_NO_FIVE if counts == (5,) else _NO_SHAPE[n])
        shape = shapes[0]
        if not t.allows[shape.kind]:
            return None, Msg(shape.refusal, rules=rules)
        key = _key_two(shape.kind, mask, counts_r, t)
    k = shape.kind
    tie = _tie(mask, counts_r, t, k is not K.FLUSH)
    return Combo(k, mask, (t.kind_offset[k] + key) << TIE_BITS | tie, t.kind_group[k]), ""


def _key_two(kind: ComboKind, mask: CardMask, counts: list[int], t: Tables) -> int:
    """The one-pack key of a shape of repeated ranks, copies counted."""
    lo = mask & _LOW
    if kind is K.SINGLE:
        return t.card_strength[lo.bit_length() - 1]
    if kind is K.PAIR:
        r = (lo.bit_length() - 1) >> 2
        return r * 4 + _top_suit((lo >> (4 * r)) & 15, t.suit_strength)
    if kind in (K.TWO_PAIR, K.TWO_PAIR_KICKER):
        pair_ranks = [r for r in range(13) if counts[r] == 2]
        hi, low_r = max(pair_ranks), min(pair_ranks)
        return (hi * 13 + low_r) * 4 + _top_suit((lo >> (4 * hi)) & 15, t.suit_strength)
    return next(r for r in range(13) if counts[r] >= 3)  # triple, quad, four of a kind, full house


def classify_or_none(mask: CardMask, rules: BigTwoRules) -> Combo | None:
    """The combination formed by ``mask`` under ``rules``, or ``None``."""
    return _analyse(mask, rules)[0]


def classify(mask: CardMask, rules: BigTwoRules) -> Combo:
    """The combination formed by ``mask``; raises ``ValueError`` with the reason
    (see :func:`explain`) when the cards form none."""
    combo, reason = _analyse(mask, rules)
    if combo is None:
        raise ValueError(reason)
    return combo


def explain(mask: CardMask, rules: BigTwoRules) -> str:
    """Why ``mask`` forms no combination ("" when it does)."""
    return _analyse(mask, rules)[1]


def beats(new: Combo, top: Combo, rules: BigTwoRules) -> bool:
    """Whether ``new`` may be played on ``top`` within a trick (§9, ``ties_beat``)."""
    if new.group == top.group:
        return new.key > top.key or (new.key == top.key and ties_beat(rules))
    if new.group == _GROUP_MONSTER:
        top_size = top.mask.bit_count()
        if top_size == 5:
            return True
        return rules.monster_over_small and top_size <= 3
    return False


def ties_beat(rules: BigTwoRules) -> bool:
    """Whether a play of the same cards beats the top: two packs, ``identical_beats``."""
    return rules.packs == 2 and rules.identical_beats


class _Beats:
    """The beat test of :func:`beats_fn`: a value (it pickles and copies)."""

    __slots__ = ("over_small", "same_type", "ties")

    def __init__(self, rules: BigTwoRules) -> None:
        self.same_type = rules.five_card_rule is FiveCardRule.SAME_TYPE_OR_MONSTER
        self.over_small = rules.monster_over_small
        self.ties = ties_beat(rules)

    def __call__(self, new: Combo, top: Combo) -> bool:
        if new[3] == top[3]:
            return new[2] > top[2] or (self.ties and new[2] == top[2])
        if self.same_type and new[3] == _GROUP_MONSTER:
            ts = top[1].bit_count()
            return ts == 5 or (self.over_small and ts <= 3)
        return False


def beats_fn(rules: BigTwoRules) -> Callable[[Combo, Combo], bool]:
    """A fast two-argument beat test bound to ``rules``."""
    return _Beats(rules)
