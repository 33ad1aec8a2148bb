"""Names of the Dou Dizhu combination types in English, 中文 and 日本語: the one
table every surface (terminal, browser, environment) shows.

>>> COMBO_NAMES["trio_pair"]["zh"], COMBO_NAMES["heaven_lord"]["ja"]
('三带一对', '天尊')
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from chupai.protocol import in_languages as _names

__all__ = ["COMBO_NAMES"]


COMBO_NAMES: Final[Mapping[str, Mapping[str, str]]] = {
    "single": _names("single", "单张", "単張"),
    "pair": _names("pair", "对子", "対子"),
    "trio": _names("trio", "三张", "三張"),
    "trio_single": _names("trio + single", "三带一", "三帯一"),
    "trio_pair": _names("trio + pair", "三带一对", "三帯一対"),
    "straight": _names("straight", "顺子", "順子"),
    "pair_chain": _names("pair chain", "连对", "連対"),
    "airplane": _names("airplane", "飞机", "飛機"),
    "airplane_singles": _names("airplane + singles", "飞机带单", "飛機(小翼)"),
    "airplane_pairs": _names("airplane + pairs", "飞机带对", "飛機(大翼)"),
    "four_with_two": _names("four with two", "四带二", "四帯二"),
    "four_with_two_pairs": _names("four with two pairs", "四带两对", "四帯二対"),
    "four_with_pair": _names("four with a pair", "四带一对", "四帯一対"),
    "bomb": _names("bomb", "炸弹", "炸弾"),
    "rocket": _names("rocket", "火箭", "火箭"),
    "missile": _names("missile", "导弹", "導弾"),
    "heaven_bomb": _names("heaven bomb", "天炸", "天炸"),
    "heaven_lord": _names("heaven lord (4 jokers)", "天尊", "天尊"),
}
"""Combination type (the judge's name) → {language: name} (``doudizhu.md`` §3)."""
