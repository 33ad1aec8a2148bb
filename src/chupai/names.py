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
>>> combo_name("egg_sequence", "zh", game="biga"), combo_name("fake_eight", "ja", game="biga")
('连珠蛋', '仮八')
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

__all__ = [
    "LANGUAGES", "GAME_NAMES", "COMBO_NAMES", "BIGTWO_COMBO_NAMES", "BIGA_COMBO_NAMES",
    "ACTION_NAMES",
    "game_name", "combo_name", "action_name",
]

LANGUAGES: Final = ("en", "zh", "ja")
"""Language codes with display names: English, Chinese (simplified), Japanese."""

GAME_NAMES: Final[Mapping[str, Mapping[str, str]]] = {
    "bigtwo": {"en": "Big Two", "zh": "锄大地 (大老二)", "ja": "大老二 (ビッグツー)"},
    "biga": {"en": "Big A", "zh": "打大A", "ja": "打大A (ビッグA)"},
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

BIGA_COMBO_NAMES: Final[Mapping[str, Mapping[str, str]]] = {
    "en": {
        "single": "single",
        "pair": "pair",
        "sequence": "sequence",
        "pair_sequence": "pair sequence",
        "egg": "egg",
        "big_egg": "big egg",
        "two_jokers": "two jokers",
        "egg_sequence": "egg sequence",
        "fake_eight": "fake eight",
        "true_seven": "true seven",
        "three_jokers": "three jokers",
        "four_jokers": "four jokers",
        "two_big_aces": "two Big Aces",
    },
    "zh": {
        "single": "单张",
        "pair": "对子",
        "sequence": "龙",
        "pair_sequence": "双龙",
        "egg": "蛋子",
        "big_egg": "大蛋子",
        "two_jokers": "双王",
        "egg_sequence": "连珠蛋",
        "fake_eight": "假八",
        "true_seven": "真七",
        "three_jokers": "三张王",
        "four_jokers": "四张王",
        "two_big_aces": "双大A",
    },
    "ja": {
        "single": "単牌",
        "pair": "対子",
        "sequence": "竜",
        "pair_sequence": "双竜",
        "egg": "蛋子",
        "big_egg": "大蛋子",
        "two_jokers": "双王",
        "egg_sequence": "連珠蛋",
        "fake_eight": "仮八",
        "true_seven": "真七",
        "three_jokers": "3張王",
        "four_jokers": "4張王",
        "two_big_aces": "双大A",
    },
}
"""Names of the Big A combination types (the judge names of
:class:`chupai.biga.combos.Kind`) by language, from ``biga.md`` §4."""

_GAME_COMBO_NAMES: Final[Mapping[str, Mapping[str, Mapping[str, str]]]] = {
    "bigtwo": BIGTWO_COMBO_NAMES,
    "biga": BIGA_COMBO_NAMES,
}

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
    own = _GAME_COMBO_NAMES.get(game, {})
    if kind in own.get(lang, {}):
        return own[lang][kind]
    if kind in own.get("en", {}):
        return own["en"][kind]
    return COMBO_NAMES[lang].get(kind) or COMBO_NAMES["en"].get(kind) or str(kind)


def action_name(name: str, lang: str = "en") -> str:
    """The display name of ``pass`` or a phase choice."""
    return ACTION_NAMES[_lang(lang)].get(name, name)
