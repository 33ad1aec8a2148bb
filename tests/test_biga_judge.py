"""Big A's judge and moves answers: :mod:`chupai.biga.api` and the CLI
``chupai judge biga`` / ``chupai moves biga`` as real subprocesses.

Contract (``chupai.cli.main`` with ``biga.md``): ``judge`` prints one JSON line,
``{"valid": true, "type": T[, "beats": B[, "capture": true]]}`` or ``{"valid":
false, "reason": R}``, exit 0 for valid and invalid combinations alike; a correct
fours capture of PREVIOUS (§6) is ``"beats": true, "capture": true``. ``moves``
prints ``{"moves": [{"cards": C, "type": T[, "capture": true]}, ...]}`` sorted by
size, type and key. Malformed input (an unknown token, more copies than the decks
hold, a PREVIOUS that is no combination, an unknown option or value) exits 2 with
nothing on stdout and a message on stderr. The Big Ace suit is the option
``big_ace_suit`` (default ``none``).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from typing import Any

import pytest

from chupai.biga.api import judge, moves
from chupai.biga.cards import parse_cards
from chupai.biga.combos import KIND_INDEX, Kind, classify
from chupai.biga.rules import resolve
from chupai.errors import CardParseError, RulesError
from chupai.games import GAMES, find_game, resolve_rules

HEARTS = resolve("standard", {"big_ace_suit": "H"})
STANDARD = resolve("standard", {})
ENV = {**os.environ, "PYTHONUTF8": "1"}


# ----- the API ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("play", "kind"),
    [
        ("5", "single"),
        ("AH", "single"),
        ("K K", "pair"),
        ("Q K AH", "sequence"),
        ("J J T T 9 9", "pair_sequence"),
        ("7 7 7", "egg"),
        ("5 5 5 5 5", "big_egg"),
        ("BJ RJ", "two_jokers"),
        ("K K K Q Q Q J J J", "egg_sequence"),
        ("4 4 4 4 3 3 3 3", "fake_eight"),
        ("7 7 7 7 7 7 7 7", "true_seven"),
        ("BJ BJ RJ", "three_jokers"),
        ("BJ BJ RJ RJ", "four_jokers"),
        ("AH AH", "two_big_aces"),
    ],
)
def test_judge_names_every_type(play: str, kind: str) -> None:
    assert judge(HEARTS, play) == {"valid": True, "type": kind}


def test_judge_without_a_big_ace_suit_reads_every_ace_as_ordinary() -> None:
    assert judge(STANDARD, "AH AH") == {"valid": True, "type": "pair"}
    assert judge(STANDARD, "AH AS") == {"valid": True, "type": "pair"}
    assert judge(STANDARD, "7 7 7", "AH") == {"valid": True, "type": "egg", "beats": True}
    assert judge(HEARTS, "7 7 7", "AH") == {"valid": True, "type": "egg", "beats": False}


@pytest.mark.parametrize(
    ("play", "over", "kind", "beats"),
    [
        ("AH", "RJ", "single", True),
        ("AS", "AH", "single", False),
        ("K K", "Q", "pair", False),
        ("A 2 3", "Q K AS", "sequence", False),
        ("7 7 7", "J J T T 9 9", "egg", False),
        ("5 5 5 5 5", "AH", "big_egg", True),
        ("BJ BJ", "3 3 3 3 3 3", "two_jokers", True),
        ("BJ BJ RJ RJ", "AH AH", "four_jokers", False),
        ("4 4 4", "7 7 7", "egg", False),
        ("4", "7 7 7", "single", False),
    ],
)
def test_judge_beats(play: str, over: str, kind: str, beats: bool) -> None:
    assert judge(HEARTS, play, over) == {"valid": True, "type": kind, "beats": beats}


@pytest.mark.parametrize(
    ("top", "fours", "kind"),
    [
        ("7 7 7", "4 4", "pair"),
        ("9 9 9 9", "4 4 4", "egg"),
        ("K K K K K", "4 4 4 4", "big_egg"),
        ("8 8 8 8 8 8", "4 4 4 4 4", "big_egg"),
        ("4 4 4", "4 4", "pair"),
    ],
)
def test_judge_marks_a_correct_capture(top: str, fours: str, kind: str) -> None:
    assert judge(HEARTS, fours, top) == {
        "valid": True,
        "type": kind,
        "beats": True,
        "capture": True,
    }
    off = resolve("standard", {"big_ace_suit": "H", "fours_capture": "false"})
    assert judge(off, fours, top) == {"valid": True, "type": kind, "beats": False}


def test_judge_invalid_plays_give_a_reason() -> None:
    for play in ("AH AS", "BJ 5 6", "K AS 2", "5 6 8", "9 9 9 T T J J", "5 5 5 6 6 6"):
        answer = judge(HEARTS, play)
        assert set(answer) == {"valid", "reason"} and answer["valid"] is False
        assert isinstance(answer["reason"], str) and answer["reason"]
        assert judge(HEARTS, play, "3") == answer


@pytest.mark.parametrize(
    ("play", "over"),
    [
        ("XX", None),
        ("3", "XX"),
        ("AH AH AH", None),
        ("A A A A A A A", None),
        ("3", "5 6 8"),
        ("3", "AH AS"),
        ("3", "BJ 3"),
    ],
)
def test_malformed_input_raises(play: str, over: str | None) -> None:
    with pytest.raises(CardParseError):
        judge(HEARTS, play, over)
    with pytest.raises(CardParseError):
        moves(HEARTS, play, over)


def test_moves_leading_lists_every_combination_sorted() -> None:
    answer = moves(HEARTS, "Q K A AH 4 4 BJ RJ")
    assert answer == {
        "moves": [
            {"cards": "4", "type": "single"},
            {"cards": "Q", "type": "single"},
            {"cards": "K", "type": "single"},
            {"cards": "A", "type": "single"},
            {"cards": "BJ", "type": "single"},
            {"cards": "RJ", "type": "single"},
            {"cards": "AH", "type": "single"},
            {"cards": "4 4", "type": "pair"},
            {"cards": "BJ RJ", "type": "two_jokers"},
            {"cards": "Q K A", "type": "sequence"},
            {"cards": "Q K AH", "type": "sequence"},
        ]
    }


def test_moves_are_sorted_by_size_type_and_key() -> None:
    listed = moves(HEARTS, "3 3 3 3 4 4 4 5 5 5 6 6 6 A A 2 2 AH BJ RJ RJ")["moves"]
    keys = []
    for m in listed:
        combo = classify(parse_cards(m["cards"], 2), HEARTS, 2)
        assert combo is not None and combo.kind.value == m["type"]
        keys.append((combo.size, KIND_INDEX[combo.kind], combo.key))
    assert keys == sorted(keys)
    assert len({m["cards"] for m in listed}) == len(listed)
    assert {m["type"] for m in listed} >= {k.value for k in Kind} - {
        "fake_eight",
        "true_seven",
        "four_jokers",
        "two_big_aces",
    }


def test_moves_following_and_captures() -> None:
    answer = moves(HEARTS, "4 4 4 8 8 8 AH BJ", "7 7 7")
    assert answer == {
        "moves": [
            {"cards": "4 4", "type": "pair", "capture": True},
            {"cards": "8 8 8", "type": "egg"},
        ]
    }
    assert moves(HEARTS, "4 4 4 8 8 8 AH BJ", "K") == {
        "moves": [
            {"cards": "BJ", "type": "single"},
            {"cards": "AH", "type": "single"},
            {"cards": "4 4 4", "type": "egg"},
            {"cards": "8 8 8", "type": "egg"},
        ]
    }
    assert moves(HEARTS, "3 5", "BJ BJ RJ RJ") == {"moves": []}
    off = resolve("standard", {"big_ace_suit": "H", "fours_capture": "false"})
    assert moves(off, "4 4 4 8 8 8", "7 7 7") == {"moves": [{"cards": "8 8 8", "type": "egg"}]}


def test_moves_write_sequences_in_chain_order() -> None:
    listed = moves(HEARTS, "A 2 3 K Q")["moves"]
    assert {"cards": "A 2 3", "type": "sequence"} in listed
    assert {"cards": "Q K A", "type": "sequence"} in listed
    chain = resolve("standard", {"big_ace_suit": "H", "sequence_order": "chain_four_to_three"})
    listed = moves(chain, "A 2 3 K Q")["moves"]
    assert [m["cards"] for m in listed if m["type"] == "sequence"] == [
        "Q K A",
        "K A 2",
        "A 2 3",
        "Q K A 2",
        "K A 2 3",
        "Q K A 2 3",
    ]


# ----- the registry -------------------------------------------------------------------------


def test_the_game_is_registered() -> None:
    assert "biga" in GAMES
    for name in ("biga", "Big A", "big_a", "dadaa", "打大A"):
        info = find_game(name)
        assert info.key == "biga"
    info = find_game("biga")
    assert info.names == {"en": "Big A", "zh": "打大A", "ja": "打大A (ビッグA)"}
    assert info.default_preset == "standard" and "standard" in info.presets()
    assert resolve_rules("biga") == STANDARD
    assert resolve_rules("biga", None, {"big_ace_suit": "H"}) == HEARTS
    assert info.judge(HEARTS, "AH", None) == {"valid": True, "type": "single"}
    with pytest.raises(RulesError):
        resolve_rules("biga", "nosuch")


def test_combo_names_exist_for_every_kind_in_every_language() -> None:
    from chupai.names import LANGUAGES, combo_name, game_name

    for lang in LANGUAGES:
        names = [combo_name(k.value, lang, game="biga") for k in Kind]
        assert all(names) and len(set(names)) == len(names), lang
    assert combo_name("sequence", "zh", game="biga") == "龙"
    assert combo_name("egg", "zh", game="biga") == "蛋子"
    assert combo_name("two_big_aces", "zh", game="biga") == "双大A"
    assert combo_name("straight", "zh") == "顺子"  # other games unchanged
    assert game_name("biga", "zh") == "打大A"


# ----- the CLI ------------------------------------------------------------------------------


class Run:
    def __init__(self, proc: subprocess.CompletedProcess[str]):
        self.code = proc.returncode
        self.out = proc.stdout
        self.err = proc.stderr


def chupai(*args: str) -> Run:
    proc = subprocess.run(
        [sys.executable, "-m", "chupai", *args],
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=ENV,
        timeout=60,
    )
    return Run(proc)


def one_json_line(run: Run) -> Any:
    assert run.code == 0, run.err
    assert run.err == ""
    lines = run.out.splitlines()
    assert run.out.endswith("\n") and len(lines) == 1, run.out
    obj = json.loads(lines[0])
    assert isinstance(obj, dict)
    return obj


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (
            ["judge", "biga", "--set", "big_ace_suit=H", "AH AH"],
            {"valid": True, "type": "two_big_aces"},
        ),
        (["judge", "biga", "AH AH"], {"valid": True, "type": "pair"}),
        (
            ["judge", "big a", "--set", "big_ace_suit=h", "AH", "--over", "RJ"],
            {"valid": True, "type": "single", "beats": True},
        ),
        (
            ["judge", "打大A", "--rules", "standard", "4 4", "--over", "7 7 7"],
            {"valid": True, "type": "pair", "beats": True, "capture": True},
        ),
        (
            [
                "judge",
                "biga",
                "--set",
                "egg_over_pair_sequence=true",
                "7 7 7",
                "--over",
                "J J T T 9 9",
            ],
            {"valid": True, "type": "egg", "beats": True},
        ),
        (
            ["moves", "biga", "--set", "big_ace_suit=H", "4 4 4 8 8 8 AH", "--over", "7 7 7"],
            {
                "moves": [
                    {"cards": "4 4", "type": "pair", "capture": True},
                    {"cards": "8 8 8", "type": "egg"},
                ]
            },
        ),
        (
            ["moves", "biga", "3 3 BJ"],
            {
                "moves": [
                    {"cards": "3", "type": "single"},
                    {"cards": "BJ", "type": "single"},
                    {"cards": "3 3", "type": "pair"},
                ]
            },
        ),
    ],
)
def test_cli_answers(args: list[str], expected: dict[str, Any]) -> None:
    assert one_json_line(chupai(*args)) == expected


def test_cli_invalid_play_is_a_normal_answer() -> None:
    obj = one_json_line(chupai("judge", "biga", "--set", "big_ace_suit=H", "AH AS"))
    assert obj["valid"] is False and "big_ace_in_sets" in obj["reason"]


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["judge", "biga", "1S"], "1S"),
        (["judge", "biga", "AH AH AH"], "AH"),
        (["judge", "biga", "3", "--over", "5 6 8"], "not a combination"),
        (["judge", "biga", "--set", "big_ace_suit=X", "3"], "big_ace_suit"),
        (["judge", "biga", "--set", "players=4", "3"], "players"),
        (["moves", "biga", "3 3", "--over", "BJ 3"], "not a combination"),
    ],
)
def test_cli_malformed_input_exits_2(args: list[str], words: str) -> None:
    run = chupai(*args)
    assert run.code == 2
    assert run.out == ""
    assert words in run.err
