"""大怪路子 options as data: :class:`DaguailuziRules` and its two named presets.

Every option of ``daguailuzi.md`` §12 is a field here, with the spec's key,
allowed values and default (the ``seed`` preset). ``players`` is fixed at 6. Rank
options (``level``, ``target_level``) take a rank token ``2`` … ``A``, ``10`` for
``T``, in any case; ``target_score`` and ``level_fail_limit`` take ``none`` or an
integer ≥ 1.

Inside a deal the trump level is passed explicitly to the combination functions as
``level`` (a natural rank index 0..12 over ``2 3 … K A``, or None when ``trumps``
is off); :meth:`DaguailuziRules.oracle_level` gives the one the ``judge`` oracle
uses (option ``level`` when ``trumps`` is on).

>>> PRESETS["shanghai"].trumps, PRESETS["seed"].flush_compare.value
(True, 'card_by_card')
>>> resolve("shanghai", {"level": "10"}).spec()
'daguailuzi(preset=shanghai,level=T)'
>>> resolve("seed", {"level": "q"}).oracle_level() is None
True
>>> resolve("shanghai", {"level": "q"}).oracle_level()
10
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType
from typing import Any, Final

from chupai import options as _opt
from chupai.errors import RulesError
from chupai.options import option as _o, option_error as _err

__all__ = [
    "Rank",
    "TargetRank",
    "TwoRank",
    "WildRank",
    "FlushCompare",
    "NextLeader",
    "LeadAfterOut",
    "Scoring",
    "LevelAdvance",
    "ReturnRule",
    "DaguailuziRules",
    "PRESETS",
    "SEED",
    "SHANGHAI",
    "resolve",
    "rank_index",
    "NATURAL_RANKS",
]

NATURAL_RANKS: Final = "23456789TJQKA"
"""Rank characters by natural rank index (0 = ``2`` … 12 = ``A``)."""


def _rank_missing(cls: type[StrEnum], value: object) -> Any:
    """Case-insensitive lookup accepting ``10`` for ``T`` (enum ``_missing_``)."""
    if isinstance(value, str):
        text = value.strip().upper()
        text = "T" if text == "10" else text
        for m in cls:
            if m.value == text:
                return m
    return None


class Rank(StrEnum):
    """A rank token ``2`` … ``A`` (the trump level of the oracle, §1.2)."""

    R2 = "2"
    R3 = "3"
    R4 = "4"
    R5 = "5"
    R6 = "6"
    R7 = "7"
    R8 = "8"
    R9 = "9"
    T = "T"
    J = "J"
    Q = "Q"
    K = "K"
    A = "A"

    @classmethod
    def _missing_(cls, value: object) -> Rank | None:
        found: Rank | None = _rank_missing(cls, value)
        return found


class TargetRank(StrEnum):
    """A rank token ``3`` … ``A`` (the target level of a match, §9.2)."""

    R3 = "3"
    R4 = "4"
    R5 = "5"
    R6 = "6"
    R7 = "7"
    R8 = "8"
    R9 = "9"
    T = "T"
    J = "J"
    Q = "Q"
    K = "K"
    A = "A"

    @classmethod
    def _missing_(cls, value: object) -> TargetRank | None:
        found: TargetRank | None = _rank_missing(cls, value)
        return found


def rank_index(rank: Rank | TargetRank | str) -> int:
    """The natural rank index (0 = ``2`` … 12 = ``A``) of a rank token.

    >>> rank_index(Rank.A), rank_index("10"), rank_index(TargetRank.R3)
    (12, 8, 1)
    """
    text = str(rank.value if isinstance(rank, StrEnum) else rank).strip().upper()
    text = "T" if text == "10" else text
    if len(text) != 1 or text not in NATURAL_RANKS:
        raise RulesError(
            f"bad rank {rank!r}; allowed: {', '.join(NATURAL_RANKS)}",
            "rank",
            tuple(NATURAL_RANKS),
        )
    return NATURAL_RANKS.index(text)


class TwoRank(StrEnum):
    """Where the 2 stands in the plain rank order (§1.1)."""

    LOW = "low"
    HIGH = "high"


class WildRank(StrEnum):
    """Which value a wild play takes within its highest reachable type (§4.2 (d))."""

    HIGHEST = "highest"
    LOWEST = "lowest"


class FlushCompare(StrEnum):
    """How two flushes compare (§5)."""

    CARD_BY_CARD = "card_by_card"
    TOP_CARD = "top_card"


class NextLeader(StrEnum):
    """Who leads the first trick of a deal (§7.1)."""

    FIRST_OUT = "first_out"
    TOP_TRIBUTE = "top_tribute"


class LeadAfterOut(StrEnum):
    """Who leads after a player went out with the top play (§7.3)."""

    NEXT_ACTIVE = "next_active"
    TEAMMATE = "teammate"


class Scoring(StrEnum):
    """The scoring scheme (§9)."""

    TRAPPED_POINTS = "trapped_points"
    LEVELS = "levels"


class LevelAdvance(StrEnum):
    """How far a scoring team's level advances (§9.2)."""

    ONE = "one"
    TRAPPED = "trapped"


class ReturnRule(StrEnum):
    """How a tribute's recipient returns a card (§10.4)."""

    ANY = "any"
    JOKER_CANDIDATES = "joker_candidates"


_RANK_OPTIONS: Final = ("level", "target_level")
_COUNT_OPTIONS: Final = ("target_score", "level_fail_limit")


@dataclass(frozen=True, kw_only=True, slots=True)
class DaguailuziRules:
    """Every option of 大怪路子 (``daguailuzi.md`` §12). Build one with
    :func:`resolve` or :data:`PRESETS`; invalid values raise :class:`RulesError`."""

    players: int = _o(6, "number of players: fixed at 6 in two teams of three (§2)")
    two_rank: TwoRank = _o(
        TwoRank.LOW,
        "plain rank order: 2 lowest, 2 3 ... K A (low) or 3 ... A 2, the 2 highest (high) (§1.1)",
    )
    trumps: bool = _o(
        False,
        "level trumps: the offense team's level rank ranks above the Ace, below the jokers (§1.2)",
    )
    level: Rank = _o(
        Rank.R2,
        "trump rank for judging plays outside a deal: 2 ... A (10 for T); inside a deal "
        "the offense team's level is used; no effect without trumps (§1.2)",
    )
    wild_rank: WildRank = _o(
        WildRank.HIGHEST,
        "value of a wild play within its highest type: the greatest (highest) or the "
        "least (lowest) any assignment of the jokers gives (§4.2)",
    )
    natural_beats_wild: bool = _o(
        False,
        "between plays of equal type and value, the one with fewer wild jokers is higher (§5)",
    )
    flush_compare: FlushCompare = _o(
        FlushCompare.CARD_BY_CARD,
        "flushes compared rank by rank from the highest (card_by_card) or by their "
        "highest rank only (top_card) (§5)",
    )
    next_leader: NextLeader = _o(
        NextLeader.FIRST_OUT,
        "first leader of a deal: the offense leader (first_out) or, after tributes, the "
        "giver of the highest tribute (top_tribute) (§7.1)",
    )
    lead_after_out: LeadAfterOut = _o(
        LeadAfterOut.NEXT_ACTIVE,
        "lead after a player went out with the top play: the next active player "
        "(next_active) or the nearest active team-mate (teammate) (§7.3)",
    )
    scoring: Scoring = _o(
        Scoring.TRAPPED_POINTS,
        "scoring: points per trapped opponent (trapped_points) or team levels (levels) (§9)",
    )
    only_offense_scores: bool = _o(
        False, "only the offense team scores; a defense win scores nothing (§8)"
    )
    target_score: int | None = _o(
        None,
        "trapped_points: the session ends when a team reaches this total (none: the "
        "caller decides how many deals) (§9.1)",
    )
    level_advance: LevelAdvance = _o(
        LevelAdvance.ONE,
        "levels: a scoring team advances one rank (one) or one per trapped opponent "
        "(trapped) (§9.2)",
    )
    target_level: TargetRank = _o(
        TargetRank.A,
        "levels: the level a team must score at to win the match: 3 ... A (§9.2)",
    )
    level_fail_limit: int | None = _o(
        None,
        "levels: a team loses the match after this many offense deals at the target level "
        "without a win (none: no limit) (§9.2)",
    )
    tribute: bool = _o(
        False, "trapped players pay a tribute of their highest card before the next deal (§10)"
    )
    return_rule: ReturnRule = _o(
        ReturnRule.ANY,
        "return for a tribute: any card (any) or, after a joker tribute, the giver picks "
        "among 2 or 3 offered cards (joker_candidates) (§10.4)",
    )

    def __post_init__(self) -> None:
        if self.players != 6 or isinstance(self.players, bool):
            raise _err(
                "players",
                f"bad value {self.players!r}; 大怪路子 is played by exactly 6 players",
                ("6",),
            )
        for key in _COUNT_OPTIONS:
            value = getattr(self, key)
            if value is not None and (
                isinstance(value, bool) or not isinstance(value, int) or value < 1
            ):
                raise _err(
                    key,
                    f"bad value {value!r}; allowed: none, <integer> >= 1",
                    ("none", "<integer>"),
                )
        for key, enum in (("level", Rank), ("target_level", TargetRank)):
            value = getattr(self, key)
            if not isinstance(value, enum):
                allowed = tuple(m.value for m in enum)
                raise _err(key, f"bad value {value!r}; allowed: {', '.join(allowed)}", allowed)

    @property
    def level_index(self) -> int:
        """Option ``level`` as a natural rank index (0 = ``2`` … 12 = ``A``)."""
        return rank_index(self.level)

    @property
    def target_index(self) -> int:
        """Option ``target_level`` as a natural rank index (1 = ``3`` … 12 = ``A``)."""
        return rank_index(self.target_level)

    def oracle_level(self) -> int | None:
        """The trump level used outside a deal (``judge``, ``moves``): option
        ``level`` as a rank index when ``trumps`` is on, else None."""
        return self.level_index if self.trumps else None

    def deal_level(self, offense_level: int) -> int | None:
        """The trump level of a deal whose offense team is at ``offense_level`` (a
        rank index): that level when ``trumps`` is on, else None."""
        return offense_level if self.trumps else None

    @property
    def preset_name(self) -> str:
        """The preset these rules differ least from (``seed`` on a tie)."""
        return self.spec().split("preset=", 1)[1].split(",", 1)[0].rstrip(")")

    def to_dict(self) -> dict[str, Any]:
        """Every option as a JSON-ready dict."""
        return _opt.to_dict(self)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> DaguailuziRules:
        """Strict inverse of :meth:`to_dict` (unknown keys and bad values are
        :class:`RulesError`; missing keys take the ``seed`` defaults)."""
        if not isinstance(data, Mapping):
            raise RulesError(f"rules must be an object, not {data!r}", None)
        merged = {**SEED.to_dict(), **_normalized(dict(data))}
        return _opt.from_dict(cls, merged)

    def spec(self) -> str:
        """One-line spec, e.g. ``daguailuzi(preset=shanghai,level=9)``."""
        return _opt.spec_string("daguailuzi", self, PRESETS)

    def __str__(self) -> str:
        return self.spec()


def _normalized(values: dict[str, Any]) -> dict[str, Any]:
    """``values`` with the rank options' ``10`` read as ``T`` (the option parser
    matches enum values by name only)."""
    for key in _RANK_OPTIONS:
        value = values.get(key)
        if isinstance(value, int) and not isinstance(value, bool):
            value = str(value)
        if isinstance(value, str) and value.strip() == "10":
            values[key] = "T"
        elif isinstance(value, str):
            values[key] = value.strip()
    return values


SEED: Final = DaguailuziRules()

SHANGHAI: Final = DaguailuziRules(
    trumps=True,
    flush_compare=FlushCompare.TOP_CARD,
    scoring=Scoring.LEVELS,
    only_offense_scores=True,
    tribute=True,
)

PRESETS: Final[Mapping[str, DaguailuziRules]] = MappingProxyType(
    {"seed": SEED, "shanghai": SHANGHAI}
)
"""The named presets of ``daguailuzi.md`` §12 (``seed`` is the default)."""


def resolve(preset: str = "seed", overrides: Mapping[str, str] | None = None) -> DaguailuziRules:
    """The options of ``preset`` with text ``overrides`` (``{"key": "value"}``).

    Raises :class:`RulesError` for an unknown preset, key or value, naming it and
    listing what is allowed; ``players`` cannot be overridden.

    >>> resolve("seed", {"wild_rank": "Lowest"}).wild_rank.value
    'lowest'
    >>> resolve("seed", {"target_level": "2"})
    Traceback (most recent call last):
    ...
    chupai.errors.RulesError: bad value '2' for option 'target_level'; allowed: 3, 4, 5, 6, 7, 8, 9, T, J, Q, K, A
    """
    name = _opt.preset_named("daguailuzi", PRESETS, preset)
    overrides = dict(overrides or {})
    if "players" in overrides:
        raise RulesError(
            "option 'players' is fixed: 大怪路子 is played by exactly 6 players", "players", ("6",)
        )
    return _opt.apply_overrides(PRESETS[name], _normalized(overrides))


def _field_docs() -> dict[str, str]:
    """Each option's one-line doc (for generated tables)."""
    return _opt.option_docs(DaguailuziRules)
