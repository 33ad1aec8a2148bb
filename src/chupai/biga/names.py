"""Names of the Big A combination types in English, 中文 and 日本語 (``biga.md``
§4): the one table every surface shows.

>>> COMBO_NAMES["egg_sequence"]["zh"], COMBO_NAMES["fake_eight"]["ja"]
('连珠蛋', '仮八')
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from chupai.protocol import in_languages as _names

__all__ = ["COMBO_NAMES"]


COMBO_NAMES: Final[Mapping[str, Mapping[str, str]]] = {
    "single": _names("single", "单张", "単牌"),
    "pair": _names("pair", "对子", "対子"),
    "sequence": _names("sequence", "龙", "竜"),
    "pair_sequence": _names("pair sequence", "双龙", "双竜"),
    "egg": _names("egg", "蛋子", "蛋子"),
    "big_egg": _names("big egg", "大蛋子", "大蛋子"),
    "two_jokers": _names("two jokers", "双王", "双王"),
    "egg_sequence": _names("egg sequence", "连珠蛋", "連珠蛋"),
    "fake_eight": _names("fake eight", "假八", "仮八"),
    "true_seven": _names("true seven", "真七", "真七"),
    "three_jokers": _names("three jokers", "三张王", "3張王"),
    "four_jokers": _names("four jokers", "四张王", "4張王"),
    "two_big_aces": _names("two Big Aces", "双大A", "双大A"),
}
"""Combination type (the judge's name) → {language: name}."""
