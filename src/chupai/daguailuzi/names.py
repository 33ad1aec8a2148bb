"""Names of the 大怪路子 combination types in English, 中文 and 日本語
(``daguailuzi.md`` §4.1): the one table every surface shows.

>>> COMBO_NAMES["full_house"]["zh"], COMBO_NAMES["five_of_a_kind"]["ja"]
('俘虏', 'ファイブカード')
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from chupai.protocol import in_languages as _names

__all__ = ["COMBO_NAMES"]


COMBO_NAMES: Final[Mapping[str, Mapping[str, str]]] = {
    "single": _names("single", "单张", "シングル"),
    "pair": _names("pair", "对子", "ペア"),
    "triple": _names("triple", "三张", "スリーカード"),
    "straight": _names("straight", "顺子", "ストレート"),
    "flush": _names("flush", "同花", "フラッシュ"),
    "full_house": _names("full house", "俘虏", "フルハウス"),
    "four_of_a_kind": _names("four of a kind", "炸弹", "フォーカード"),
    "straight_flush": _names("straight flush", "同花顺", "ストレートフラッシュ"),
    "five_of_a_kind": _names("five of a kind", "五同", "ファイブカード"),
}
"""Combination type (the judge's name) → {language: name}."""
