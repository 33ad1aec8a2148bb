"""Big A options as data: :class:`BigARules` and its one named preset.

Every option of ``biga.md`` §11 is a field here, with the spec's key, allowed
values and default. ``players`` is fixed at 5.

>>> PRESETS["standard"].rank_order.value
'three_two_high'
>>> resolve("standard", {"fours_capture": "false"}).spec()
'biga(preset=standard,fours_capture=false)'
>>> resolve("standard", {"big_ace_suit": "h"}).big_ace_suit.value
'H'
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
    "BigASuit",
    "RankOrder",
    "SequenceOrder",
    "BigARules",
    "PRESETS",
    "STANDARD",
    "resolve",
    "SUIT_INDEX",
]


class BigASuit(StrEnum):
    """The Big Ace suit fixed for evaluating plays outside a deal (§1)."""

    NONE = "none"
    S = "S"
    H = "H"
    C = "C"
    D = "D"

    @classmethod
    def _missing_(cls, value: object) -> BigASuit | None:
        if isinstance(value, str):
            for m in cls:
                if m.value.lower() == value.strip().lower():
                    return m
        return None


SUIT_INDEX: Final = {"D": 0, "C": 1, "H": 2, "S": 3}
"""Suit letter -> suit index (the order of :mod:`chupai.cards`)."""


class RankOrder(StrEnum):
    """The single-card order (§1.1)."""

    THREE_TWO_HIGH = "three_two_high"
    ACE_HIGH = "ace_high"


class SequenceOrder(StrEnum):
    """The order sequences are built on (§1.2)."""

    ACE_BOTH_ENDS = "ace_both_ends"
    CHAIN_FOUR_TO_THREE = "chain_four_to_three"


@dataclass(frozen=True, kw_only=True, slots=True)
class BigARules:
    """Every option of Big A (``biga.md`` §11). Build one with :func:`resolve`
    or :data:`PRESETS`; invalid values raise :class:`RulesError`."""

    players: int = _o(5, "number of players: fixed at 5 (§2)")
    big_ace_suit: BigASuit = _o(
        BigASuit.NONE,
        "Big Ace suit for judging plays outside a deal: none, S, H, C or D; "
        "inside a deal the declaration sets it (§1)",
    )
    rank_order: RankOrder = _o(
        RankOrder.THREE_TWO_HIGH,
        "single-card order: 4 lowest, then 5..A, 2, 3, jokers, Big Ace "
        "(three_two_high) or 2 lowest ... A (ace_high) (§1.1)",
    )
    sequence_order: SequenceOrder = _o(
        SequenceOrder.ACE_BOTH_ENDS,
        "sequences on A 2 3 ... K A, the Ace at either end "
        "(ace_both_ends) or on 4 5 ... A 2 3 (chain_four_to_three) (§1.2)",
    )
    big_ace_in_sets: bool = _o(
        False, "a Big Ace counts as an ordinary Ace in pairs, eggs, big eggs and true sevens (§4.1)"
    )
    egg_over_joker_single: bool = _o(False, "an egg may beat a single joker (§5)")
    egg_over_pair_sequence: bool = _o(False, "an egg may beat a pair sequence (§5)")
    big_ace_single_min_big_egg: int = _o(
        5, "fewest cards of a big egg that beats a single Big Ace: 4, 5 or 6 (§5)"
    )
    fours_capture: bool = _o(
        True, "one four fewer than an egg or big egg on top captures it into the hand (§6)"
    )
    p2d5_defender_points: int = _o(
        1,
        "each defender's score in the row 'partner 2, declarer 5' of the hidden-partner "
        "table: 1 (seed) or 2 (zero-sum) (§10.1)",
    )

    def __post_init__(self) -> None:
        if self.players != 5:
            raise _err(
                "players",
                f"bad value {self.players!r}; Big A is played by exactly 5 players",
                ("5",),
            )
        if self.big_ace_single_min_big_egg not in (4, 5, 6) or isinstance(
            self.big_ace_single_min_big_egg, bool
        ):
            raise _err(
                "big_ace_single_min_big_egg",
                f"bad value {self.big_ace_single_min_big_egg!r}; allowed: 4, 5, 6",
                ("4", "5", "6"),
            )
        if self.p2d5_defender_points not in (1, 2) or isinstance(self.p2d5_defender_points, bool):
            raise _err(
                "p2d5_defender_points",
                f"bad value {self.p2d5_defender_points!r}; allowed: 1, 2",
                ("1", "2"),
            )

    @property
    def big_suit(self) -> int | None:
        """The suit index (0..3, ``D C H S``) of ``big_ace_suit``, None for ``none``."""
        if self.big_ace_suit is BigASuit.NONE:
            return None
        return SUIT_INDEX[self.big_ace_suit.value]

    @property
    def preset_name(self) -> str:
        return "standard"

    def to_dict(self) -> dict[str, Any]:
        """Every option as a JSON-ready dict."""
        return _opt.to_dict(self)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> BigARules:
        """Strict inverse of :meth:`to_dict` (unknown keys and bad values are
        :class:`RulesError`; missing keys take the ``standard`` defaults)."""
        if not isinstance(data, Mapping):
            raise RulesError(f"rules must be an object, not {data!r}", None)
        return _opt.from_dict(cls, {**STANDARD.to_dict(), **dict(data)})

    def spec(self) -> str:
        """One-line spec, e.g. ``biga(preset=standard,fours_capture=false)``."""
        return _opt.spec_string("biga", self, PRESETS)

    def __str__(self) -> str:
        return self.spec()


STANDARD: Final = BigARules()

PRESETS: Final[Mapping[str, BigARules]] = MappingProxyType({"standard": STANDARD})
"""The named presets of ``biga.md`` §11."""


def resolve(preset: str = "standard", overrides: Mapping[str, str] | None = None) -> BigARules:
    """The options of ``preset`` with text ``overrides`` (``{"key": "value"}``).

    Raises :class:`RulesError` for an unknown preset, key or value, naming it and
    listing what is allowed; ``players`` cannot be overridden.
    """
    name = _opt.preset_named("biga", PRESETS, preset)
    overrides = overrides or {}
    if "players" in overrides:
        raise RulesError(
            "option 'players' is fixed: Big A is played by exactly 5 players", "players", ("5",)
        )
    return _opt.apply_overrides(PRESETS[name], overrides)


def _field_docs() -> dict[str, str]:
    """Each option's one-line doc (for generated tables)."""
    return _opt.option_docs(BigARules)
