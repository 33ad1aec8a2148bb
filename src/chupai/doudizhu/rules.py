"""Dou Dizhu options as data: :class:`DouDizhuRules` and its named presets.

Every option of ``doudizhu.md`` §11 is a field here, with the spec's key, allowed
values and default. The presets are ``classic`` (3 players, one pack) and
``four_player`` (4 players, two packs). The game-structure keys ``players``,
``packs``, ``hand_size`` and ``kitty_size`` come from the preset and may not be
overridden; the classic-only keys (``four_with_two_kickers``,
``four_with_two_match``) are ``None`` under ``four_player`` and the four_player-only
key (``allow_four_with_pair``) is ``None`` under ``classic``, and overriding a key
that does not apply to the preset is an error.

>>> PRESETS["four_player"].hand_size
25
>>> resolve("classic", {"rob_multipliers": "2,4,8"}).rob_multipliers
(2, 4, 8)
>>> resolve("classic", {"rob_multipliers": "2,4,8"}).spec()
'doudizhu(preset=classic,rob_multipliers=2,4,8)'
"""

from __future__ import annotations

import enum
import types
import typing
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType
from typing import Any, Final, get_args, get_origin

from chupai import options as _opt
from chupai.errors import RulesError
from chupai.options import option as _o, option_error as _err

__all__ = [
    "Bidding",
    "AllPass",
    "MingPai",
    "FourWithTwoKickers",
    "DouDizhuRules",
    "PRESETS",
    "CLASSIC",
    "FOUR_PLAYER",
    "STRUCTURE_KEYS",
    "CLASSIC_ONLY",
    "FOUR_PLAYER_ONLY",
    "resolve",
    "spec",
]


class Bidding(StrEnum):
    """How the auction for the landlord runs (§4.1)."""

    ONCE = "once"
    UNTIL_ALL_PASS = "until_all_pass"


class AllPass(StrEnum):
    """What happens when every player passes in the bidding (§4.2)."""

    REDEAL = "redeal"
    REDEAL_DOUBLED_ONCE = "redeal_doubled_once"


class MingPai(StrEnum):
    """明牌: whether the landlord may expose the hand, and when it doubles (§6)."""

    OFF = "off"
    WIN_ONLY = "win_only"
    ALWAYS = "always"


class FourWithTwoKickers(StrEnum):
    """Which kickers a classic ``four_with_two`` may take (§8.1)."""

    ANY = "any"
    NO_PAIR = "no_pair"


STRUCTURE_KEYS: Final = ("players", "packs", "hand_size", "kitty_size")
"""Game-structure keys: fixed by the preset, never overridable."""

CLASSIC_ONLY: Final = ("four_with_two_kickers", "four_with_two_match")
"""Keys that exist only in the classic (3-player) game."""

FOUR_PLAYER_ONLY: Final = ("allow_four_with_pair",)
"""Keys that exist only in the four-player game."""

_STRUCTURES: Final = {3: (1, 17, 3), 4: (2, 25, 8)}
"""players -> (packs, hand_size, kitty_size) of the two presets."""


@dataclass(frozen=True, kw_only=True, slots=True)
class DouDizhuRules:
    """Every option of Dou Dizhu (``doudizhu.md`` §11). Build one with
    :func:`resolve` or :data:`PRESETS`; invalid combinations raise
    :class:`RulesError`."""

    players: int = _o(
        3, "number of players: 3 (classic) or 4 (four_player); fixed by the preset (§2)"
    )
    packs: int = _o(
        1, "54-card packs used: 1 (classic) or 2 (four_player); fixed by the preset (§1)"
    )
    hand_size: int = _o(17, "cards dealt to each player: 17 or 25; fixed by the preset (§3)")
    kitty_size: int = _o(3, "cards of the kitty (底牌): 3 or 8; fixed by the preset (§3)")
    bidding: Bidding = _o(
        Bidding.ONCE,
        "auction: every player speaks once, or until all but the highest bidder passed (§4.1)",
    )
    all_pass: AllPass = _o(
        AllPass.REDEAL,
        "when everyone passes: redeal, or redeal with the next deal doubled once (§4.2)",
    )
    robbing: bool = _o(
        True, "搶地主: players who did not pass may rob the landlord after the bidding (§5)"
    )
    rob_multipliers: tuple[int, ...] = _o(
        (3, 6, 12), "multiplier after the 1st, 2nd, ... rob; each further rob doubles the last (§5)"
    )
    ming_pai: MingPai = _o(
        MingPai.WIN_ONLY,
        "明牌: the landlord may expose the hand before the first play; x2 on a win or always (§6)",
    )
    spring_multiplier: int = _o(
        2, "春天: factor when no peasant played a card and the landlord won; 1 = off (§10.1)"
    )
    anti_spring_multiplier: int = _o(
        2, "反春: factor when the landlord made one play only and lost; 1 = off (§10.1)"
    )
    spring_thunder_multiplier: int = _o(
        1, "春雷: extra factor on a spring with at least one doubling bomb (§10.1)"
    )
    bomb_doubling: bool = _o(
        True,
        "doubling bombs double the unit (classic: bomb, rocket; "
        "four_player: 6+ of a kind, 4 jokers) (§10.1)",
    )
    four_with_two_kickers: FourWithTwoKickers | None = _o(
        FourWithTwoKickers.ANY,
        "classic only: four_with_two kickers may be a pair (any) or must differ (no_pair) (§8.1)",
    )
    four_with_two_match: bool | None = _o(
        False,
        "classic only: a four_with_two beats another only with the same kicker structure (§8.2)",
    )
    allow_four_with_pair: bool | None = _o(
        None, "four_player only: four of a rank plus a pair is a play (four_with_pair) (§9.1)"
    )
    airplane_max_trios: int = _o(6, "most trios in the body of any airplane type, 2..12 (§8.1)")

    def __post_init__(self) -> None:
        self._check_structure()
        self._check_numbers()
        self._check_preset_keys()

    def _check_structure(self) -> None:
        if self.players not in _STRUCTURES:
            raise _err(
                "players",
                f"bad value {self.players!r}; allowed: 3 (classic), 4 (four_player)",
                ("3", "4"),
            )
        packs, hand, kitty = _STRUCTURES[self.players]
        for key, want in (("packs", packs), ("hand_size", hand), ("kitty_size", kitty)):
            if getattr(self, key) != want:
                raise _err(
                    key,
                    f"bad value {getattr(self, key)!r}: with {self.players} players "
                    f"the game has {key}={want} (fixed by the preset)",
                    (str(want),),
                )

    def _check_numbers(self) -> None:
        if not self.rob_multipliers:
            raise _err(
                "rob_multipliers",
                "must be a non-empty list of integers >= 2, e.g. 3,6,12",
                ("<comma-separated integers>",),
            )
        for m in self.rob_multipliers:
            if not _is_int(m) or m < 2:
                raise _err(
                    "rob_multipliers",
                    f"bad entry {m!r}: every multiplier must be an integer >= 2, e.g. 3,6,12",
                    ("<comma-separated integers>",),
                )
        for key in ("spring_multiplier", "anti_spring_multiplier", "spring_thunder_multiplier"):
            v = getattr(self, key)
            if not _is_int(v) or v < 1:
                raise _err(key, f"bad value {v!r}; allowed: an integer >= 1 (1 = off)")
        v = self.airplane_max_trios
        if not _is_int(v) or not 2 <= v <= 12:
            raise _err("airplane_max_trios", f"bad value {v!r}; allowed: an integer 2..12")

    def _check_preset_keys(self) -> None:
        classic = self.players == 3
        for key in CLASSIC_ONLY:
            if classic and getattr(self, key) is None:
                raise _err(
                    key,
                    "must be set in the classic game (3 players)",
                    _opt._allowed_text(_hint(key)),
                )
            if not classic and getattr(self, key) is not None:
                raise _err(key, "applies to the classic game only (3 players), not four_player")
        for key in FOUR_PLAYER_ONLY:
            if not classic and getattr(self, key) is None:
                raise _err(key, "must be set in the four_player game", ("true", "false"))
            if classic and getattr(self, key) is not None:
                raise _err(key, "applies to the four_player game only, not classic (3 players)")

    # ----- derived facts -------------------------------------------------
    @property
    def four_player(self) -> bool:
        """True for the four-player, two-pack game (§9); False for classic (§8)."""
        return self.players == 4

    @property
    def preset_name(self) -> str:
        """The structure preset this rules object belongs to."""
        return "classic" if self.players == 3 else "four_player"

    def rob_multiplier(self, robs: int) -> int:
        """``R`` after ``robs`` robs (§5): 1, then the list, then doubling the last."""
        if robs <= 0:
            return 1
        ms = self.rob_multipliers
        if robs <= len(ms):
            return ms[robs - 1]
        return ms[-1] << (robs - len(ms))

    def to_dict(self) -> dict[str, Any]:
        """Every option as a JSON-ready dict."""
        return _opt.to_dict(self)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> DouDizhuRules:
        """Strict inverse of :meth:`to_dict`: unknown keys and values of the wrong
        JSON type are :class:`RulesError`; missing keys take the defaults of the
        preset given by ``players`` (3 -> classic, 4 -> four_player)."""
        if not isinstance(data, Mapping):
            raise RulesError(f"rules must be an object, not {data!r}", None)
        fields = _opt.option_fields(cls)
        for key, value in data.items():
            if key not in fields:
                names = tuple(fields)
                raise RulesError(
                    f"unknown option {key!r}; known options: {', '.join(names)}", key, names
                )
            _check_json_type(key, fields[key], value)
        players = data.get("players", 3)
        base = FOUR_PLAYER if players == 4 else CLASSIC
        merged = {**base.to_dict(), **dict(data)}
        return _opt.from_dict(cls, merged)

    def spec(self) -> str:
        """One-line spec, e.g. ``doudizhu(preset=classic,bidding=until_all_pass)``."""
        return _opt.spec_string("doudizhu", self, PRESETS)

    def __str__(self) -> str:
        return self.spec()


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _hint(key: str) -> Any:
    return _opt.option_fields(DouDizhuRules)[key]


def _json_ok(tp: Any, value: Any) -> bool:
    if tp is bool:
        return isinstance(value, bool)
    if tp is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if tp is type(None):
        return value is None
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return isinstance(value, str)
    origin = get_origin(tp)
    if origin is tuple:
        inner = get_args(tp)[0]
        return isinstance(value, list) and all(_json_ok(inner, v) for v in value)
    if origin in (typing.Union, types.UnionType):
        return any(_json_ok(a, value) for a in get_args(tp))
    return False


def _check_json_type(key: str, tp: Any, value: Any) -> None:
    if not _json_ok(tp, value):
        allowed = _opt._allowed_text(tp)
        raise RulesError(
            f"option {key!r} has a value of the wrong type: {value!r} "
            f"(allowed: {', '.join(allowed)})",
            key,
            allowed,
        )


CLASSIC: Final = DouDizhuRules()
FOUR_PLAYER: Final = DouDizhuRules(
    players=4,
    packs=2,
    hand_size=25,
    kitty_size=8,
    four_with_two_kickers=None,
    four_with_two_match=None,
    allow_four_with_pair=False,
)

PRESETS: Final[Mapping[str, DouDizhuRules]] = MappingProxyType(
    {
        "classic": CLASSIC,
        "four_player": FOUR_PLAYER,
    }
)
"""The named presets of ``doudizhu.md`` §11."""


def resolve(preset: str = "classic", overrides: Mapping[str, str] | None = None) -> DouDizhuRules:
    """The options of ``preset`` with text ``overrides`` (``{"key": "value"}``).

    Raises :class:`RulesError` for an unknown preset, key or value, an override of
    a structure key, a key that does not apply to the preset, or an invalid
    combination, naming the key and listing what is allowed.
    """
    name = _opt.preset_named("doudizhu", PRESETS, preset)
    overrides = overrides or {}
    fields = _opt.option_fields(DouDizhuRules)
    for key in overrides:
        if key in STRUCTURE_KEYS:
            raise RulesError(
                f"option {key!r} is fixed by the preset ({name}: {key}="
                f"{getattr(PRESETS[name], key)}) and cannot be overridden; choose the preset "
                "instead (classic or four_player)",
                key,
                tuple(PRESETS),
            )
        if key in CLASSIC_ONLY and name != "classic":
            raise RulesError(
                f"option {key!r} applies to the classic preset only, not {name}", key, ()
            )
        if key in FOUR_PLAYER_ONLY and name != "four_player":
            raise RulesError(
                f"option {key!r} applies to the four_player preset only, not {name}", key, ()
            )
        if key in fields and (key in CLASSIC_ONLY or key in FOUR_PLAYER_ONLY):
            text = overrides[key].strip().lower()
            if text == "none":
                allowed = tuple(a for a in _opt._allowed_text(fields[key]) if a != "none")
                raise RulesError(
                    f"bad value {overrides[key]!r} for option {key!r}; allowed: "
                    f"{', '.join(allowed)}",
                    key,
                    allowed,
                )
    return _opt.apply_overrides(PRESETS[name], overrides)


def spec(rules: DouDizhuRules) -> str:
    """Same as :meth:`DouDizhuRules.spec`."""
    return rules.spec()


def _field_docs() -> dict[str, str]:
    """Each option's one-line doc (for generated tables)."""
    return _opt.option_docs(DouDizhuRules)
