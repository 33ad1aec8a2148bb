"""The registry of games by key and alias (kept for compatibility: the registry
and the game protocol are :mod:`chupai.protocol`).

>>> from chupai.protocol import get_game
>>> find_game("锄大地") is get_game("bigtwo")
True
>>> resolve_rules("Fight the Landlord").players
3
>>> from chupai.games import GAMES
>>> GAMES[:3]
('bigtwo', 'doudizhu', 'biga')
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from chupai.protocol import GameSpec, game_keys, get_game

__all__ = ["GameInfo", "GAMES", "find_game", "resolve_rules"]

GAMES: tuple[str, ...]
"""The keys of the registered games (computed when asked: :func:`__getattr__`)."""

GameInfo = GameSpec
"""The former name of :class:`chupai.protocol.GameSpec`."""


def find_game(name: str) -> GameSpec:
    """The game named ``name`` (a key or an alias, case-insensitive)."""
    return get_game(name)


def resolve_rules(
    game: str, preset: str | None = None, overrides: Mapping[str, str] | None = None
) -> Any:
    """The options object of ``game`` for ``preset`` (default: the game's default)
    with text overrides."""
    return get_game(game).resolve(preset, overrides)


def __getattr__(name: str) -> Any:
    if name == "GAMES":  # the keys of the registered games, computed when asked
        return game_keys()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
