"""Dou Dizhu combination shapes as data (``doudizhu.md`` §7, §8.1, §9.1).

Every combination type is one or more rows of :data:`SHAPES`: a **body** of
``copies`` cards of each of ``length`` consecutive ranks inside a rank range, plus
optional **wings** (kickers): ``per`` single cards or pairs for each body rank.
The rows also say which game has the shape (classic, four_player or both), which
rules option switches it on, and where it stands in the bomb family. Readings
(:func:`chupai.doudizhu.combos.readings`), move generation
(:mod:`chupai.doudizhu.movegen`) and the per-rules tables all derive from these
rows; the rows are in the reading order of §7 (:data:`PRIORITY`).

The wing rules every shape shares: a wing never has the rank of a body rank, the
wings never hold both jokers of one colour pair (BJ with RJ is the rocket; four
jokers the heaven_lord), single wings never hold four of one rank, and wing pairs
are of different ranks (a pair may be two jokers of one colour in four_player).

>>> from chupai.doudizhu.rules import PRESETS
>>> [s.kind.value for s in shapes_of(PRESETS["classic"])][:6]
['rocket', 'bomb', 'airplane', 'airplane_pairs', 'airplane_singles', 'four_with_two_pairs']
>>> singles = shape_of(Kind.AIRPLANE_SINGLES, PRESETS["classic"])
>>> singles.lo, singles.hi, singles.unit
(2, 5, 4)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum, StrEnum
from functools import lru_cache
from typing import Final

from chupai.doudizhu.rules import DouDizhuRules, FourWithTwoKickers

__all__ = [
    "NRANKS",
    "RANK_NAMES",
    "ACE",
    "TWO",
    "BJ",
    "RJ",
    "Kind",
    "KIND_INDEX",
    "PRIORITY",
    "Wings",
    "Game",
    "Shape",
    "SHAPES",
    "ShapeRules",
    "shapes_of",
    "shape_of",
    "pair_max",
    "doubling_kinds",
]

NRANKS: Final = 15
RANK_NAMES: Final = ("3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A", "2", "BJ", "RJ")
"""Bare-rank tokens by rank index (0 = 3 ... 12 = 2, 13 = BJ, 14 = RJ)."""
ACE: Final = 11
"""Rank index of the ace: the highest sequence rank."""
TWO: Final = 12
BJ: Final = 13
RJ: Final = 14


class Kind(StrEnum):
    """Dou Dizhu combination types; the value is the judge's type name. Which
    kinds exist depends on the preset and options (§8.1, §9.1)."""

    SINGLE = "single"
    PAIR = "pair"
    TRIO = "trio"
    TRIO_SINGLE = "trio_single"
    TRIO_PAIR = "trio_pair"
    STRAIGHT = "straight"
    PAIR_CHAIN = "pair_chain"
    AIRPLANE = "airplane"
    AIRPLANE_SINGLES = "airplane_singles"
    AIRPLANE_PAIRS = "airplane_pairs"
    FOUR_WITH_TWO = "four_with_two"
    FOUR_WITH_TWO_PAIRS = "four_with_two_pairs"
    FOUR_WITH_PAIR = "four_with_pair"
    BOMB = "bomb"
    ROCKET = "rocket"
    MISSILE = "missile"
    HEAVEN_BOMB = "heaven_bomb"
    HEAVEN_LORD = "heaven_lord"


KIND_INDEX: Final = {k: i for i, k in enumerate(Kind)}


class Wings(Enum):
    """What a shape's body takes along."""

    NONE = 0
    SINGLES = 1
    PAIRS = 2


class Game(Enum):
    """Which game has a shape."""

    BOTH = 0
    CLASSIC = 3
    FOUR_PLAYER = 4


TOP_TIER: Final = 15
"""The bomb-family tier of the unbeatable plays (rocket, heaven_lord)."""

RankBound = int | Callable[[DouDizhuRules], int]
"""A rank index, or a function of the rules giving one."""
LengthBound = int | Callable[[DouDizhuRules], int]


def pair_max(rules: DouDizhuRules) -> int:
    """The highest rank that forms a pair: 2 (classic; a joker has no twin), RJ
    (four_player: two jokers of one colour pair)."""
    return RJ if rules.four_player else TWO


def _max_trios(rules: DouDizhuRules) -> int:
    return rules.airplane_max_trios


def _singles_airplane_max(rules: DouDizhuRules) -> int:
    return min(5, rules.airplane_max_trios)


def _pairs_airplane_max(rules: DouDizhuRules) -> int:
    return min(6 if rules.four_player else 4, rules.airplane_max_trios)


def _kicker_pair(rules: DouDizhuRules) -> bool:
    return rules.four_with_two_kickers is not FourWithTwoKickers.NO_PAIR


def _four_with_pair(rules: DouDizhuRules) -> bool:
    return bool(rules.allow_four_with_pair)


@dataclass(frozen=True, slots=True)
class Shape:
    """One row of the shape table: a combination type's structure and limits."""

    kind: Kind
    copies: int
    """Cards of each body rank (1 single ... 8 for the heaven_bomb)."""
    length: tuple[LengthBound, LengthBound]
    """Fewest and most body ranks (consecutive when more than one)."""
    ranks: tuple[RankBound, RankBound]
    """Lowest and highest rank a body rank may have (chains: 3..A)."""
    wings: Wings = Wings.NONE
    per: int = 0
    """Wings (single cards or pairs) per body rank."""
    game: Game = Game.BOTH
    option: Callable[[DouDizhuRules], bool] | None = None
    """The rules option that enables the shape (None: always on in its game)."""
    tier: int = 0
    """Place in the bomb family (0: outside it); see :func:`ShapeRules.power`."""
    paired: Callable[[DouDizhuRules], bool] | None = None
    """For single kickers: whether they may all have one rank, which then makes a
    comparison group of its own under ``four_with_two_match``; None: they may,
    and form no group of their own."""
    doubling: Game | None = None
    """In which game a play of the shape doubles the unit under ``bomb_doubling``."""


_SET: Final = (1, 1)
_JOKERS: Final = (BJ, RJ)
_CHAIN: Final = (0, ACE)
_UP_TO_TWO: Final = (0, TWO)

SHAPES: Final[tuple[Shape, ...]] = (
    Shape(Kind.ROCKET, 1, (2, 2), _JOKERS, game=Game.CLASSIC, tier=TOP_TIER, doubling=Game.CLASSIC),
    Shape(
        Kind.HEAVEN_LORD,
        2,
        (2, 2),
        _JOKERS,
        game=Game.FOUR_PLAYER,
        tier=TOP_TIER,
        doubling=Game.FOUR_PLAYER,
    ),
    Shape(
        Kind.HEAVEN_BOMB,
        8,
        _SET,
        _UP_TO_TWO,
        game=Game.FOUR_PLAYER,
        tier=5,
        doubling=Game.FOUR_PLAYER,
    ),
    Shape(
        Kind.MISSILE, 7, _SET, _UP_TO_TWO, game=Game.FOUR_PLAYER, tier=4, doubling=Game.FOUR_PLAYER
    ),
    Shape(
        Kind.ROCKET, 6, _SET, _UP_TO_TWO, game=Game.FOUR_PLAYER, tier=3, doubling=Game.FOUR_PLAYER
    ),
    Shape(Kind.BOMB, 5, _SET, _UP_TO_TWO, game=Game.FOUR_PLAYER, tier=2),
    Shape(Kind.BOMB, 4, _SET, _UP_TO_TWO, tier=1, doubling=Game.CLASSIC),
    Shape(Kind.AIRPLANE, 3, (2, _max_trios), _CHAIN),
    Shape(Kind.AIRPLANE_PAIRS, 3, (2, _pairs_airplane_max), _CHAIN, Wings.PAIRS, 1),
    Shape(
        Kind.AIRPLANE_SINGLES,
        3,
        (2, _singles_airplane_max),
        _CHAIN,
        Wings.SINGLES,
        1,
        game=Game.CLASSIC,
    ),
    Shape(Kind.FOUR_WITH_TWO_PAIRS, 4, _SET, _UP_TO_TWO, Wings.PAIRS, 2, game=Game.CLASSIC),
    Shape(
        Kind.FOUR_WITH_TWO,
        4,
        _SET,
        _UP_TO_TWO,
        Wings.SINGLES,
        2,
        game=Game.CLASSIC,
        paired=_kicker_pair,
    ),
    Shape(
        Kind.FOUR_WITH_PAIR,
        4,
        _SET,
        _UP_TO_TWO,
        Wings.PAIRS,
        1,
        game=Game.FOUR_PLAYER,
        option=_four_with_pair,
    ),
    Shape(Kind.STRAIGHT, 1, (5, 12), _CHAIN),
    Shape(Kind.PAIR_CHAIN, 2, (3, 12), _CHAIN),
    Shape(Kind.TRIO_PAIR, 3, _SET, _UP_TO_TWO, Wings.PAIRS, 1),
    Shape(Kind.TRIO_SINGLE, 3, _SET, _UP_TO_TWO, Wings.SINGLES, 1, game=Game.CLASSIC),
    Shape(Kind.TRIO, 3, _SET, _UP_TO_TWO),
    Shape(Kind.PAIR, 2, _SET, (0, pair_max)),
    Shape(Kind.SINGLE, 1, _SET, (0, RJ)),
)
"""Every combination shape, in the reading order of §7."""

PRIORITY: Final = tuple(dict.fromkeys(s.kind for s in SHAPES))
"""The reading order of §7 (a multiset's first reading in this order is its
default type)."""


def _bound(value: int | Callable[[DouDizhuRules], int], rules: DouDizhuRules) -> int:
    return value if isinstance(value, int) else value(rules)


@dataclass(frozen=True, slots=True)
class ShapeRules:
    """A :class:`Shape` with its bounds worked out for one rules object."""

    shape: Shape
    kind: Kind
    copies: int
    lo: int
    """Fewest body ranks."""
    hi: int
    """Most body ranks."""
    low: int
    """Lowest body rank."""
    high: int
    """Highest body rank."""
    wings: Wings
    per: int
    same_rank: bool
    """Whether the single wings may all have one rank."""
    flag_pair: bool
    """Whether single kickers of one rank form their own comparison group (under
    ``four_with_two_match``)."""
    pair_max: int
    """Highest rank that forms a pair (:func:`pair_max`)."""

    @property
    def unit(self) -> int:
        """Cards per body rank, wings included."""
        return self.copies + self.per * self.wings.value

    @property
    def is_set(self) -> bool:
        """Whether the body is one rank (no chain)."""
        return self.hi == 1

    def power(self, key: int) -> int:
        """The bomb-family power of a play keyed ``key`` (0 outside the family)."""
        tier = self.shape.tier
        if tier == TOP_TIER:
            return 255
        return tier * 16 + key if tier else 0


def _enabled(shape: Shape, rules: DouDizhuRules) -> bool:
    if shape.game is not Game.BOTH and shape.game.value != rules.players:
        return False
    return shape.option is None or shape.option(rules)


@lru_cache(maxsize=64)
def shapes_of(rules: DouDizhuRules) -> tuple[ShapeRules, ...]:
    """The shapes that exist under ``rules``, in reading order, bounds resolved."""
    out = []
    for s in SHAPES:
        if not _enabled(s, rules):
            continue
        out.append(
            ShapeRules(
                s,
                s.kind,
                s.copies,
                _bound(s.length[0], rules),
                _bound(s.length[1], rules),
                _bound(s.ranks[0], rules),
                _bound(s.ranks[1], rules),
                s.wings,
                s.per,
                s.paired is None or s.paired(rules),
                s.paired is not None and bool(rules.four_with_two_match),
                pair_max(rules),
            )
        )
    return tuple(out)


def doubling_kinds(rules: DouDizhuRules) -> frozenset[Kind]:
    """The kinds whose plays double the unit under ``rules`` (§10.1): none when
    ``bomb_doubling`` is false."""
    if not rules.bomb_doubling:
        return frozenset()
    return frozenset(
        s.kind
        for s in shapes_of(rules)
        if s.shape.doubling is not None and s.shape.doubling.value == rules.players
    )


def shape_of(kind: Kind, rules: DouDizhuRules) -> ShapeRules | None:
    """The first shape of ``kind`` under ``rules`` (None when the kind does not exist)."""
    return next((s for s in shapes_of(rules) if s.kind is kind), None)
