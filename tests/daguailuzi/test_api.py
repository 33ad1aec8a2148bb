"""大怪路子 judge and moves answers (JSON shapes as the other games'), and the
combination names."""

from __future__ import annotations

import pytest

from chupai.daguailuzi.api import judge, moves
from chupai.daguailuzi.combos import Kind
from chupai.daguailuzi.names import COMBO_NAMES
from chupai.daguailuzi.rules import resolve
from chupai.errors import CardParseError


def test_judge_shapes() -> None:
    rules = resolve("seed")
    assert judge(rules, "7S BJ") == {"valid": True, "type": "pair"}
    assert judge(rules, "7S BJ", "7H 7D") == {"valid": True, "type": "pair", "beats": False}
    bad = judge(rules, "9S 9H 9C 9D", "3S")
    assert bad["valid"] is False and "four-card" in bad["reason"]


def test_judge_uses_the_level_only_with_trumps() -> None:
    assert judge(resolve("shanghai", {"level": "9"}), "9H", "AS")["beats"] is True
    assert judge(resolve("seed", {"level": "9"}), "9H", "AS")["beats"] is False


def test_a_previous_play_that_is_no_play_is_malformed() -> None:
    with pytest.raises(CardParseError, match="previous play '3S 4H' is not a combination"):
        judge(resolve("seed"), "5S", "3S 4H")
    with pytest.raises(CardParseError, match='"KS" appears 4 times'):
        moves(resolve("seed"), "KS KS KS KS")


def test_moves_lists_in_canonical_order() -> None:
    rules = resolve("shanghai")
    listed = moves(rules, "2S 3H BJ")["moves"]
    assert [m["type"] for m in listed] == ["single", "single", "single", "pair", "pair"]
    # singles by strength at level 2: 3 < 2 (trump) < BJ; pairs: 3s, then 2s
    assert [m["cards"] for m in listed] == ["3H", "2S", "BJ", "3H BJ", "2S BJ"]
    assert moves(rules, "2S 3H BJ", "RJ") == {"moves": []}
    assert moves(rules, "2S 3H BJ", "AS AH")["moves"] == [{"cards": "2S BJ", "type": "pair"}]


def test_combo_names_in_three_languages() -> None:
    assert list(COMBO_NAMES) == [k.value for k in Kind]
    for names in COMBO_NAMES.values():
        assert set(names) == {"en", "zh", "ja"} and all(names.values())
    assert [COMBO_NAMES[k]["zh"] for k in COMBO_NAMES] == [
        "单张",
        "对子",
        "三张",
        "顺子",
        "同花",
        "俘虏",
        "炸弹",
        "同花顺",
        "五同",
    ]
