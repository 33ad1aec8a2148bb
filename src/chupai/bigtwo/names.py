"""Names of the Big Two combination types in English, 中文 and 日本語: the one
table every surface shows (铁支 / 鐵支 is the four of a kind with its kicker; 兔胚
the two pairs with a kicker).

>>> COMBO_NAMES["full_house"]["zh"], COMBO_NAMES["pair"]["ja"]
('葫芦', 'ペア')
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from chupai.protocol import in_languages as _names

__all__ = ["COMBO_NAMES"]


COMBO_NAMES: Final[Mapping[str, Mapping[str, str]]] = {
    "single": _names("single", "单张", "シングル"),
    "pair": _names("pair", "对子", "ペア"),
    "triple": _names("triple", "三条", "スリーカード"),
    "straight": _names("straight", "顺子", "ストレート"),
    "flush": _names("flush", "同花", "フラッシュ"),
    "full_house": _names("full house", "葫芦", "フルハウス"),
    "four_of_a_kind": _names("four of a kind", "铁支", "フォーカード"),
    "straight_flush": _names("straight flush", "同花顺", "ストレートフラッシュ"),
    "two_pair_kicker": _names("two pair + kicker", "兔胚", "ツーペア+1"),
    "two_pair": _names("two pair", "两对", "ツーペア"),
    "quad": _names("quad", "四张", "4枚組"),
}
"""Combination type (the judge's name) → {language: name}."""
