"""The registry of games by key and alias (kept for compatibility: the registry
and the game protocol are :mod:`chupai.protocol`).

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

from collections.abc import Mapping
from typing import Any

from chupai.protocol import GameSpec, game_keys, get_game

__all__ = ["GameInfo", "GAMES", "find_game", "resolve_rules"]

GameInfo = GameSpec
"""The former name of :class:`chupai.protocol.GameSpec`."""


def find_game(name: str) -> GameSpec:
    """The game named ``name`` (a key or an alias, case-insensitive)."""
    return get_game(name)


def resolve_rules(game: str, preset: str | None = None,
                  overrides: Mapping[str, str] | None = None) -> Any:
    """The options object of ``game`` for ``preset`` (default: the game's default)
    with text overrides."""
    return get_game(game).resolve(preset, overrides)


def __getattr__(name: str) -> Any:
    if name == "GAMES":  # the keys of the registered games, computed when asked
        return game_keys()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
