"""Display names of games, combination types and actions in English, 中文 and 日本語.

Pure data for the user-facing layers (the terminal game, a future server). Keys are
the stable judge names (the values of :class:`chupai.bigtwo.combos.ComboKind`), so
``COMBO_NAMES["zh"][combo.kind]`` works directly. The Chinese names are the common
mainland terms; where Big Two players use another word, it is in
:data:`BIGTWO_COMBO_NAMES`.

>>> combo_name("full_house", "zh"), combo_name("pair", "ja")
('葫芦', 'ペア')
>>> game_name("bigtwo", "en")
'Big Two'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

__all__ = [
    "LANGUAGES", "GAME_NAMES", "COMBO_NAMES", "BIGTWO_COMBO_NAMES", "ACTION_NAMES",
    "game_name", "combo_name", "action_name",
]

LANGUAGES: Final = ("en", "zh", "ja")
"""Language codes with display names: English, Chinese (simplified), Japanese."""

GAME_NAMES: Final[Mapping[str, Mapping[str, str]]] = {
    "bigtwo": {"en": "Big Two", "zh": "锄大地 (大老二)", "ja": "大老二 (ビッグツー)"},
}
"""Display name of each game key, by language."""

COMBO_NAMES: Final[Mapping[str, Mapping[str, str]]] = {
    "en": {
        "single": "single",
        "pair": "pair",
        "triple": "triple",
        "straight": "straight",
        "flush": "flush",
        "full_house": "full house",
        "four_of_a_kind": "four of a kind",
        "straight_flush": "straight flush",
        "two_pair_kicker": "two pair + kicker",
        "two_pair": "two pair",
        "quad": "quad",
    },
    "zh": {
        "single": "单张",
        "pair": "对子",
        "triple": "三条",
        "straight": "顺子",
        "flush": "同花",
        "full_house": "葫芦",
        "four_of_a_kind": "四条",
        "straight_flush": "同花顺",
        "two_pair_kicker": "两对带单",
        "two_pair": "两对",
        "quad": "四张",
    },
    "ja": {
        "single": "シングル",
        "pair": "ペア",
        "triple": "スリーカード",
        "straight": "ストレート",
        "flush": "フラッシュ",
        "full_house": "フルハウス",
        "four_of_a_kind": "フォーカード",
        "straight_flush": "ストレートフラッシュ",
        "two_pair_kicker": "ツーペア+1",
        "two_pair": "ツーペア",
        "quad": "4枚組",
    },
}
"""Name of each combination type (judge name) by language."""

BIGTWO_COMBO_NAMES: Final[Mapping[str, Mapping[str, str]]] = {
    "zh": {
        "four_of_a_kind": "铁支",
        "two_pair_kicker": "兔胚",
    },
}
"""Big Two table words that differ from :data:`COMBO_NAMES` (铁支 / 鐵支 is the
four of a kind with its kicker; 兔胚 the two pairs with a kicker)."""

ACTION_NAMES: Final[Mapping[str, Mapping[str, str]]] = {
    "en": {"pass": "pass", "take": "take", "leave": "leave", "swap": "swap",
           "decline": "decline"},
    "zh": {"pass": "过", "take": "拿牌", "leave": "不拿", "swap": "换牌", "decline": "不换"},
    "ja": {"pass": "パス", "take": "取る", "leave": "取らない", "swap": "交換",
           "decline": "交換しない"},
}
"""Display name of the non-card actions by language (input stays in English)."""


def _lang(lang: str) -> str:
    return lang if lang in LANGUAGES else "en"


def game_name(game: str, lang: str = "en") -> str:
    """The display name of ``game`` (its key when unknown)."""
    names = GAME_NAMES.get(game)
    if names is None:
        return game
    return names[_lang(lang)]


def combo_name(kind: str, lang: str = "en", *, game: str = "bigtwo") -> str:
    """The display name of a combination type; falls back to English, then the key."""
    lang = _lang(lang)
    if game == "bigtwo" and kind in BIGTWO_COMBO_NAMES.get(lang, {}):
        return BIGTWO_COMBO_NAMES[lang][kind]
    return COMBO_NAMES[lang].get(kind) or COMBO_NAMES["en"].get(kind) or str(kind)


def action_name(name: str, lang: str = "en") -> str:
    """The display name of ``pass`` or a phase choice."""
    return ACTION_NAMES[_lang(lang)].get(name, name)
