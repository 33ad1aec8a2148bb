"""The registry of games: keys, aliases, presets and their stable interfaces.

>>> find_game("Big2").key
'bigtwo'
>>> find_game("锄大地").key
'bigtwo'
>>> find_game("Fight the Landlord").key
'doudizhu'
>>> find_game("打大A").key
'biga'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from chupai.errors import RulesError

__all__ = ["GameInfo", "GAMES", "find_game", "resolve_rules"]


@dataclass(frozen=True, slots=True)
class GameInfo:
    """What the layers need to know of one game."""

    key: str
    names: Mapping[str, str]
    """Display names by language code (``en``, ``zh``, ``ja``)."""
    aliases: tuple[str, ...]
    presets: Callable[[], Mapping[str, Any]]
    resolve: Callable[[str, Mapping[str, str]], Any]
    judge: Callable[[Any, str, str | None], dict[str, Any]]
    moves: Callable[[Any, str, str | None], dict[str, Any]]
    default_preset: str


def _game(key: str, api: ModuleType, rules: ModuleType, *, names: Mapping[str, str],
          aliases: tuple[str, ...], default_preset: str) -> GameInfo:
    """The :class:`GameInfo` of a game package's ``api`` and ``rules`` modules."""
    return GameInfo(
        key=key,
        names=names,
        aliases=aliases,
        presets=lambda: rules.PRESETS,
        resolve=lambda preset, overrides: rules.resolve(preset, overrides),
        judge=api.judge,
        moves=api.moves,
        default_preset=default_preset,
    )


def _bigtwo() -> GameInfo:
    from chupai.bigtwo import api, rules

    return _game(
        "bigtwo", api, rules,
        names={"en": "Big Two", "zh": "锄大地 / 大老二", "ja": "大老二 (ビッグツー)"},
        aliases=("bigtwo", "big2", "big_two", "big-two", "daidi", "dai di", "choh dai di",
                 "锄大地", "鋤大D", "鋤大地", "大老二", "pusoy dos", "pusoydos"),
        default_preset="standard",
    )


def _doudizhu() -> GameInfo:
    from chupai.doudizhu import api, rules

    return _game(
        "doudizhu", api, rules,
        names={"en": "Dou Dizhu", "zh": "斗地主", "ja": "闘地主"},
        aliases=("doudizhu", "dou dizhu", "ddz", "fight the landlord",
                 "斗地主", "鬥地主", "闘地主"),
        default_preset="classic",
    )


def _biga() -> GameInfo:
    from chupai.biga import api, rules

    return _game(
        "biga", api, rules,
        names={"en": "Big A", "zh": "打大A", "ja": "打大A (ビッグA)"},
        aliases=("biga", "big a", "big_a", "big-a", "dadaa", "da da a", "打大A"),
        default_preset="standard",
    )


_FACTORIES: dict[str, Callable[[], GameInfo]] = {
    "bigtwo": _bigtwo, "doudizhu": _doudizhu, "biga": _biga}
GAMES: tuple[str, ...] = tuple(_FACTORIES)
"""Keys of the games the engine implements."""

_PLANNED: dict[str, str] = {}


def find_game(name: str) -> GameInfo:
    """The game named ``name`` (a key or an alias, case-insensitive)."""
    low = name.strip().lower()
    for key, factory in _FACTORIES.items():
        info = factory()
        if low == key or low in (a.lower() for a in info.aliases):
            return info
    if low in _PLANNED:
        raise RulesError(
            f"game {name!r} ({_PLANNED[low]}) is not implemented yet; games: {', '.join(GAMES)}",
            "game", GAMES,
        )
    raise RulesError(f"unknown game {name!r}; games: {', '.join(GAMES)}", "game", GAMES)


def resolve_rules(game: str, preset: str | None = None, overrides: Mapping[str, str] | None = None) -> Any:
    """The options object of ``game`` for ``preset`` (default: the game's default)
    with text overrides."""
    info = find_game(game)
    return info.resolve(preset or info.default_preset, overrides or {})
