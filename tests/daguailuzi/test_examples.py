"""Every judged example of ``daguailuzi.md`` §13 and every classification example of
§4.4, through :func:`chupai.daguailuzi.api.judge` under the row's preset and ``--set``
options."""

from __future__ import annotations

from typing import Any

import pytest

from chupai.daguailuzi.api import judge
from chupai.daguailuzi.cards import parse_cards
from chupai.daguailuzi.combos import Kind, classify
from chupai.daguailuzi.rules import DaguailuziRules, resolve

# number | preset | set | play | over ("" = classification only) | valid | type | beats
SECTION_13 = [
    (1, "seed", "", "3D", "2S", True, "single", True),
    (2, "seed", "", "RJ", "BJ", True, "single", True),
    (3, "seed", "", "BJ", "AS", True, "single", True),
    (4, "shanghai", "", "2C", "AS", True, "single", True),
    (5, "shanghai", "level=9", "9H", "AS", True, "single", True),
    (6, "shanghai", "level=9", "2S", "3D", True, "single", False),
    (7, "shanghai", "", "BJ", "BJ", True, "single", False),
    (8, "seed", "two_rank=high", "2S", "AS", True, "single", True),
    (9, "seed", "", "7S BJ", "7H 7D", True, "pair", False),
    (10, "seed", "natural_beats_wild=true", "7H 7D", "7S BJ", True, "pair", True),
    (11, "seed", "", "BJ RJ", "AS AH", True, "pair", True),
    (12, "seed", "", "BJ BJ", "BJ RJ", True, "pair", False),
    (13, "seed", "natural_beats_wild=true", "BJ BJ", "BJ RJ", True, "pair", True),
    (14, "seed", "", "RJ RJ", "BJ BJ", True, "pair", True),
    (15, "shanghai", "", "BJ RJ", "2S 2H", True, "pair", True),
    (16, "seed", "", "QS BJ RJ", "JS JH JD", True, "triple", True),
    (17, "seed", "", "7S 8S BJ", "", False, None, None),
    (18, "seed", "", "5S 6S 7S 8S BJ", "9S 9H 9C 9D 3S", True, "straight_flush", True),
    (19, "seed", "", "9S 9H 9C 9D BJ", "TS JS QS KS AS", True, "five_of_a_kind", True),
    (20, "seed", "", "TS JS QS KS AS", "3S 3H 3D 3C 3S", True, "straight_flush", False),
    (21, "seed", "", "BJ BJ BJ RJ RJ", "AS AS AH AC AD", True, "five_of_a_kind", True),
    (22, "seed", "", "QH KD BJ BJ RJ", "QS QH QD QC 2S", True, "four_of_a_kind", True),
    (
        23,
        "seed",
        "wild_rank=lowest",
        "QH KD BJ BJ RJ",
        "QS QH QD QC 2S",
        True,
        "four_of_a_kind",
        False,
    ),
    (24, "seed", "", "QH KH BJ BJ RJ", "", True, "straight_flush", None),
    (25, "seed", "", "7S 7H 9D 9C RJ", "8S 8H 8D KS KH", True, "full_house", True),
    (26, "seed", "", "JS QH AD BJ RJ", "9D TC JD QS KH", True, "straight", True),
    (27, "seed", "", "AS 2H 3D 4C 5S", "2S 3H 4D 5C 6S", True, "straight", False),
    (28, "seed", "", "JS QS KS AS 2S", "", True, "flush", None),
    (29, "seed", "", "KS AH 2D 3C 4S", "", False, None, None),
    (30, "seed", "", "9S 9H 9C 9D", "", False, None, None),
    (31, "seed", "", "3S 3H 4S 4H 5D", "", False, None, None),
    (32, "seed", "", "AH KH 9H 7H 5H", "AS QS JS 9S 8S", True, "flush", True),
    (33, "shanghai", "", "AH KH 9H 7H 5H", "AS QS JS 9S 8S", True, "flush", False),
    (34, "shanghai", "", "3S 5S 7S 9S BJ", "AH KH QH JH 9H", True, "flush", True),
    (35, "seed", "", "3S 5S 7S 9S BJ", "AH KH QH JH 9H", True, "flush", False),
    (36, "shanghai", "", "2S 2H 2C 2D 3S", "AS AH AC AD KS", True, "four_of_a_kind", True),
    (37, "seed", "", "2S 2H 2C 2D 3S", "AS AH AC AD KS", True, "four_of_a_kind", False),
    (38, "shanghai", "level=5", "3S 4H 5D 6C 7S", "2S 3H 4D 5C 6S", True, "straight", True),
    (39, "shanghai", "", "2S 2H KD KC BJ", "AS AH AD KS KH", True, "full_house", True),
    (40, "seed", "", "2S 2H KD KC BJ", "AS AH AD KS KH", True, "full_house", False),
    (41, "seed", "", "9S 9H 9C 9D 9S", "", True, "five_of_a_kind", None),
    (42, "seed", "", "7S 7S 9S JS KS", "", True, "flush", None),
    (43, "seed", "", "RJ", "BJ BJ", True, "single", False),
    (44, "seed", "", "9S 9H 9C 9D RJ", "RJ", True, "five_of_a_kind", False),
    (45, "seed", "", "5S 6H 7S 8S BJ", "4D 5C 6H 7S 8D", True, "straight", True),
    (46, "seed", "wild_rank=lowest", "5S 6H 7S 8S BJ", "4D 5C 6H 7S 8D", True, "straight", False),
]


def _rules(preset: str, setting: str) -> DaguailuziRules:
    overrides = dict(item.split("=", 1) for item in setting.split()) if setting else {}
    return resolve(preset, overrides)


def test_all_46_rows_listed() -> None:
    assert [row[0] for row in SECTION_13] == list(range(1, 47))


@pytest.mark.parametrize("row", SECTION_13, ids=lambda row: f"row{row[0]}")
def test_section_13(row: tuple[Any, ...]) -> None:
    _, preset, setting, play, over, valid, kind, beats = row
    out = judge(_rules(preset, setting), play, over or None)
    assert out["valid"] is valid
    if not valid:
        assert out["reason"]
        return
    assert out["type"] == kind
    if over:
        assert out["beats"] is beats
    else:
        assert "beats" not in out


# cards | preset | set | type (None: invalid)
SECTION_4_4 = [
    ("BJ", "seed", "", "single"),
    ("7S BJ", "seed", "", "pair"),
    ("BJ RJ", "seed", "", "pair"),
    ("RJ RJ", "seed", "", "pair"),
    ("QS BJ RJ", "seed", "", "triple"),
    ("7S 8S BJ", "seed", "", None),
    ("9S 9H 9C 9D", "seed", "", None),
    ("3S 3H 4S 4H 5D", "seed", "", None),
    ("9S 9H 9C 9D 9S", "seed", "", "five_of_a_kind"),
    ("9S 9H 9C 9D BJ", "seed", "", "five_of_a_kind"),
    ("BJ BJ BJ RJ RJ", "seed", "", "five_of_a_kind"),
    ("5S 6S 7S 8S BJ", "seed", "", "straight_flush"),
    ("5S 6H 7S 8S BJ", "seed", "", "straight"),
    ("QH KH BJ BJ RJ", "seed", "", "straight_flush"),
    ("QH KD BJ BJ RJ", "seed", "", "four_of_a_kind"),
    ("JS QH AD BJ RJ", "seed", "", "straight"),
    ("7S 7H 9D 9C RJ", "seed", "", "full_house"),
    ("2S 2H KD KC BJ", "seed", "", "full_house"),
    ("AS 2S 3S 4S 5S", "seed", "", "straight_flush"),
    ("JS QS KS AS 2S", "seed", "", "flush"),
    ("KS AH 2D 3C 4S", "seed", "", None),
    ("7S 7S 9S JS KS", "seed", "", "flush"),
    ("3S 5S 7S 9S BJ", "seed", "", "flush"),
]


@pytest.mark.parametrize("preset", ["seed", "shanghai"])
@pytest.mark.parametrize("row", SECTION_4_4, ids=lambda row: row[0])
def test_section_4_4_types(row: tuple[Any, ...], preset: str) -> None:
    """§4.4 holds under both presets ("both presets unless stated")."""
    cards, _, setting, kind = row
    out = judge(_rules(preset, setting), cards)
    assert out["valid"] is (kind is not None)
    if kind is not None:
        assert out["type"] == kind


def _value(text: str, preset: str, setting: str = "", level: int | None = None) -> int:
    rules = _rules(preset, setting)
    combo = classify(parse_cards(text), rules, rules.oracle_level() if level is None else level)
    assert combo is not None
    return combo.key


@pytest.mark.parametrize(
    ("play", "same_as", "setting"),
    [
        # 5 … 9 of spades, and 4 … 8 under lowest
        ("5S 6S 7S 8S BJ", "5S 6S 7S 8S 9S", ""),
        ("5S 6S 7S 8S BJ", "4S 5S 6S 7S 8S", "wild_rank=lowest"),
        ("5S 6H 7S 8S BJ", "5D 6H 7S 8S 9S", ""),
        ("5S 6H 7S 8S BJ", "4D 5H 6S 7S 8S", "wild_rank=lowest"),
        ("QH KH BJ BJ RJ", "TH JH QH KH AH", ""),
        ("QH KD BJ BJ RJ", "KS KH KC KD QH", ""),
        ("QH KD BJ BJ RJ", "QS QH QC QD KH", "wild_rank=lowest"),
        ("JS QH AD BJ RJ", "TS JS QH KD AD", ""),
        ("7S 7H 9D 9C RJ", "9S 9H 9C 7D 7C", ""),
        ("7S 7H 9D 9C RJ", "7S 7H 7C 9D 9C", "wild_rank=lowest"),
        ("2S 2H KD KC BJ", "KS KH KC 2S 2H", ""),
        ("3S 5S 7S 9S BJ", "3S 5S 7S 9S AS", ""),
        ("3S 5S 7S 9S BJ", "3S 5S 7S 9S 2S", "wild_rank=lowest"),
    ],
)
def test_section_4_4_readings(play: str, same_as: str, setting: str) -> None:
    """The stated reading of each wild example equals the natural play it names."""
    assert _value(play, "seed", setting) == _value(same_as, "seed", setting)


def test_shanghai_readings_at_level_2() -> None:
    # three 2s (trumps), and the flush joker is a trump 2S
    assert _value("2S 2H KD KC BJ", "shanghai") == _value("2S 2H 2C KD KC", "shanghai")
    assert _value("3S 5S 7S 9S BJ", "shanghai") == _value("3S 5S 7S 9S 2S", "shanghai")
    joker_pair = classify(parse_cards("BJ RJ"), _rules("seed", ""), None)
    assert joker_pair is not None and joker_pair.kind is Kind.PAIR and joker_pair.wild == 1
