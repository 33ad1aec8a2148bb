"""Display names of games, combination types and actions in English, 中文 and 日本語.

For the user-facing layers (the terminal game, the server). The names of a game
and of its combination types live in its spec (:mod:`chupai.protocol`: each
game's ``names`` and its ``names`` module's ``COMBO_NAMES``, keyed by the stable
judge names, e.g. the values of :class:`chupai.bigtwo.combos.ComboKind`);
:func:`game_name` and :func:`combo_name` look them up there. The tables
:data:`COMBO_NAMES` (Big Two's), :data:`BIGTWO_COMBO_NAMES`,
:data:`BIGA_COMBO_NAMES` (language → type → name) and :data:`GAME_NAMES` (game →
language → name) are read from the registry when first asked for.

>>> combo_name("full_house", "zh"), combo_name("pair", "ja")
('葫芦', 'ペア')
>>> game_name("bigtwo", "en")
'Big Two'
>>> combo_name("egg_sequence", "zh", game="biga"), combo_name("fake_eight", "ja", game="biga")
('连珠蛋', '仮八')
>>> combo_name("trio_pair", "zh", game="doudizhu")
'三带一对'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from chupai.errors import RulesError
from chupai.protocol import GameSpec, all_games, get_game

__all__ = [
    "LANGUAGES",
    "ACTION_NAMES",
    "game_name",
    "combo_name",
    "action_name",
    "combo_table",
]

LANGUAGES: Final = ("en", "zh", "ja")
"""Language codes with display names: English, Chinese (simplified), Japanese."""

ACTION_NAMES: Final[Mapping[str, Mapping[str, str]]] = {
    "en": {"pass": "pass", "take": "take", "leave": "leave", "swap": "swap", "decline": "decline"},
    "zh": {"pass": "过", "take": "拿牌", "leave": "不拿", "swap": "换牌", "decline": "不换"},
    "ja": {
        "pass": "パス",
        "take": "取る",
        "leave": "取らない",
        "swap": "交換",
        "decline": "交換しない",
    },
}
"""Display name of the non-card actions by language (input stays in English)."""


def _lang(lang: str) -> str:
    return lang if lang in LANGUAGES else "en"


def _spec(game: str) -> GameSpec | None:
    try:
        return get_game(game)
    except RulesError:
        return None


def game_name(game: str, lang: str = "en") -> str:
    """The display name of ``game`` (its key when unknown): the spec's name."""
    spec = _spec(game)
    if spec is None:
        return game
    return spec.name(_lang(lang))


def combo_name(kind: str, lang: str = "en", *, game: str = "bigtwo") -> str:
    """The display name of a combination type of ``game`` (its spec's
    :meth:`~chupai.protocol.GameSpec.combo_name`); falls back to English, then to
    the key itself for a type (or game) without names."""
    spec = _spec(game)
    if spec is None or kind not in spec.combo_names:
        return str(kind)
    return spec.combo_name(kind, _lang(lang))


def combo_table(game: str) -> dict[str, dict[str, str]]:
    """The combination names of ``game`` by language: ``{lang: {type: name}}``."""
    spec = get_game(game)
    return {
        lang: {kind: spec.combo_name(kind, lang) for kind in spec.combo_names} for lang in LANGUAGES
    }


def action_name(name: str, lang: str = "en") -> str:
    """The display name of ``pass`` or a phase choice."""
    return ACTION_NAMES[_lang(lang)].get(name, name)


_TABLES: Final = {
    "COMBO_NAMES": "bigtwo",
    "BIGTWO_COMBO_NAMES": "bigtwo",
    "BIGA_COMBO_NAMES": "biga",
}
"""The former module tables of combination names, now read from the registry."""


def __getattr__(name: str) -> Any:
    if name in _TABLES:
        return combo_table(_TABLES[name])
    if name == "GAME_NAMES":
        return {spec.key: {lang: spec.name(lang) for lang in LANGUAGES} for spec in all_games()}
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
