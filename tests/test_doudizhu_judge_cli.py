"""``chupai judge doudizhu`` and ``chupai moves doudizhu`` as real subprocesses.

Contract (``chupai.cli.main`` with ``doudizhu.md``): ``judge`` prints exactly one
JSON line, ``{"valid": true, "type": T[, "beats": B]}`` or ``{"valid": false,
"reason": R}``, exit 0 for valid and invalid combinations alike; ``moves`` prints
``{"moves": [{"cards": C, "type": T}, ...]}`` with cards as bare ranks ascending
(jokers ``BJ``/``RJ``), each reading of an ambiguous set its own entry, no pass.
Malformed input (unknown token, more copies than the decks hold, a previous play
that is no combination, unknown preset or option, a structure key, an option of the
other preset, a bad value) exits 2 with nothing on stdout and a message on stderr
naming the token or key. The default preset is ``classic``.

One sample per type and per comparison rule of §8/§9; the full tables are checked
through the API in ``test_doudizhu_examples.py``.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from typing import Any

import pytest

ENV = {**os.environ, "PYTHONUTF8": "1"}


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
    assert run.out.endswith("\n"), run.out
    lines = run.out.splitlines()
    assert len(lines) == 1, run.out
    obj = json.loads(lines[0])
    assert isinstance(obj, dict)
    return obj


def rules_args(spec: str) -> list[str]:
    """``"four_player:allow_four_with_pair=true"`` -> ``--rules four_player --set ...``;
    a bare ``"classic"`` passes no ``--rules`` at all (the default preset)."""
    preset, _, rest = spec.partition(":")
    args = [] if preset == "default" else ["--rules", preset]
    for item in filter(None, rest.split(";")):
        args += ["--set", item]
    return args


# ----- judge: one row per type ----------------------------------------------------------
JUDGE_TYPES = [
    ("3", "default", "single"),
    ("rj", "classic", "single"),
    ("5S 5H", "classic", "pair"),
    ("7 7 7", "classic", "trio"),
    ("7 7 7 BJ", "classic", "trio_single"),
    ("7 7 7 3 3", "classic", "trio_pair"),
    ("10 J Q K A", "classic", "straight"),
    ("3 3 4 4 5 5", "classic", "pair_chain"),
    ("3 3 3 4 4 4", "classic", "airplane"),
    ("3 3 3 4 4 4 6 8", "classic", "airplane_singles"),
    ("3 3 3 4 4 4 6 6 8 8", "classic", "airplane_pairs"),
    ("3 3 3 3 4 5", "classic", "four_with_two"),
    ("3 3 3 3 4 4 5 5", "classic", "four_with_two_pairs"),
    ("7 7 7 7", "classic", "bomb"),
    ("RJ BJ", "default", "rocket"),
    ("3 3 3 4 4 4 5 5 5 6 6 6", "classic", "airplane"),
    ("BJ BJ", "four_player", "pair"),
    ("3S 3S", "four_player", "pair"),
    ("7 7 7 BJ BJ", "four_player", "trio_pair"),
    ("6 6 6 7 7 7 3 3 5 5", "four_player", "airplane_pairs"),
    ("3 3 3 3 4 4", "four_player:allow_four_with_pair=true", "four_with_pair"),
    ("7 7 7 7 7", "four_player", "bomb"),
    ("3 3 3 3 3 3", "four_player", "rocket"),
    ("3 3 3 3 3 3 3", "four_player", "missile"),
    ("3 3 3 3 3 3 3 3", "four_player", "heaven_bomb"),
    ("BJ RJ BJ RJ", "four_player", "heaven_lord"),
    # invalid combinations are normal answers
    ("5 6", "classic", None),
    ("J Q K A 2", "classic", None),
    ("3 3 3 4 4 4 BJ RJ", "classic", None),
    ("3 3 3 3 4 4", "classic:four_with_two_kickers=no_pair", None),
    ("3 3 3 4 4 4 5 5 5", "classic:airplane_max_trios=2", None),
    ("7 7 7 3", "four_player", None),
    ("BJ RJ", "four_player", None),
    ("3 3 3 3 4 4", "four_player", None),
]


@pytest.mark.parametrize(
    "play, spec, kind", JUDGE_TYPES, ids=[f"{p} [{s}]" for p, s, _ in JUDGE_TYPES]
)
def test_judge_types(play: str, spec: str, kind: str | None) -> None:
    run = chupai("judge", "doudizhu", *rules_args(spec), play)
    assert run.code == 0, run.err
    assert run.err == ""
    obj = one_json_line(run)
    if kind is None:
        assert set(obj) == {"valid", "reason"}
        assert obj["valid"] is False
        assert isinstance(obj["reason"], str) and obj["reason"]
    else:
        assert obj == {"valid": True, "type": kind}


# ----- judge: comparisons ------------------------------------------------------------------
JUDGE_BEATS = [
    # (play, over, spec, type, beats)
    ("2", "A", "classic", "single", True),
    ("3S", "3H", "classic", "single", False),
    ("5 5", "4", "classic", "pair", False),
    ("6 6 6 2", "7 7 7 3", "classic", "trio_single", False),
    ("8 8 8 3 3", "7 7 7 A A", "classic", "trio_pair", True),
    ("4 5 6 7 8 9", "3 4 5 6 7", "classic", "straight", False),
    ("Q Q K K A A", "J J Q Q K K", "classic", "pair_chain", True),
    ("6 6 6 7 7 7", "3 3 4 4 5 5", "classic", "airplane", False),
    ("7 7 7 8 8 8 3 4", "5 5 5 6 6 6 9 T", "classic", "airplane_singles", True),
    ("5 5 5 5 6 6", "4 4 4 4 K A", "classic", "four_with_two", True),
    ("5 5 5 5 6 6", "4 4 4 4 K A", "classic:four_with_two_match=true", "four_with_two", False),
    ("5 5 5 5 6 7", "4 4 4 4", "classic", "four_with_two", False),
    ("3 3 3 3", "7 7 7 8 8 8 4 4 5 5", "classic", "bomb", True),
    ("7 7 7 7", "8 8 8 8", "classic", "bomb", False),
    ("BJ RJ", "2 2 2 2", "classic", "rocket", True),
    ("2 2 2 2", "BJ RJ", "default", "bomb", False),
    # §7: the reported type is the reading that beats
    ("3 3 3 4 4 4 5 5 5 6 6 6", "3 3 3 4 4 4 5 5 5 6 8 J", "classic", "airplane_singles", True),
    ("3 3 3 4 4 4 5 5 5 6 6 6", "3 3 3 4 4 4 5 5 5", "classic", "airplane", False),
    # four_player
    ("RJ RJ", "BJ BJ", "four_player", "pair", True),
    ("BJ", "BJ", "four_player", "single", False),
    ("3 3 3 3 3", "2 2 2 2", "four_player", "bomb", True),
    ("2 2 2 2 2", "3 3 3 3 3 3", "four_player", "bomb", False),
    ("3 3 3 3 3 3 3", "2 2 2 2 2 2", "four_player", "missile", True),
    ("K K K K K K K", "A A A A A A A", "four_player", "missile", False),
    ("BJ RJ BJ RJ", "2 2 2 2 2 2 2 2", "four_player", "heaven_lord", True),
    ("2 2 2 2 2 2 2 2", "BJ BJ RJ RJ", "four_player", "heaven_bomb", False),
    ("3 3 3 3", "4 4 4 4 5 5", "four_player:allow_four_with_pair=true", "bomb", True),
]


@pytest.mark.parametrize(
    "play, over, spec, kind, beats",
    JUDGE_BEATS,
    ids=[f"{p} over {o} [{s}]" for p, o, s, _, _ in JUDGE_BEATS],
)
def test_judge_beats(play: str, over: str, spec: str, kind: str, beats: bool) -> None:
    run = chupai("judge", "doudizhu", *rules_args(spec), play, "--over", over)
    assert run.code == 0, run.err
    assert run.err == ""
    assert one_json_line(run) == {"valid": True, "type": kind, "beats": beats}


def test_judge_invalid_play_over_a_valid_previous() -> None:
    run = chupai("judge", "doudizhu", "5 6", "--over", "3")
    assert run.code == 0, run.err
    obj = one_json_line(run)
    assert obj["valid"] is False and set(obj) == {"valid", "reason"}


def test_judge_preset_spelling_and_option_flags() -> None:
    a = chupai("judge", "doudizhu", "--preset", "four_player", "3S 3S")
    b = chupai("judge", "doudizhu", "--rules", "four_player", "3s 3s")
    assert a.code == b.code == 0, a.err + b.err
    assert one_json_line(a) == one_json_line(b) == {"valid": True, "type": "pair"}
    run = chupai(
        "judge",
        "doudizhu",
        "--set",
        "four_with_two_match=true",
        "--set",
        "four_with_two_kickers=no_pair",
        "3 3 3 3 4 5",
        "--over",
        "2 2 2 2 K A",
    )
    assert run.code == 0, run.err
    assert one_json_line(run) == {"valid": True, "type": "four_with_two", "beats": False}


# ----- malformed input: exit 2 ---------------------------------------------------------------
ERRORS = [
    (["judge", "doudizhu", "1S"], ["1S"]),
    (["judge", "doudizhu", "3 1S 4"], ["1S"]),
    (["judge", "doudizhu", "♠A"], ["♠A"]),
    (["judge", "doudizhu", "3S 3S"], ["3S"]),
    (["judge", "doudizhu", "BJ BJ"], ["BJ"]),
    (["judge", "doudizhu", "--rules", "classic", "3 3 3 3 3"], ["3"]),
    (["judge", "doudizhu", "--rules", "four_player", "3 3 3 3 3 3 3 3 3"], ["3"]),
    (["judge", "doudizhu", "--rules", "four_player", "3S 3S 3S"], ["3S"]),
    (["judge", "doudizhu", "--rules", "four_player", "RJ RJ RJ"], ["RJ"]),
    (["judge", "doudizhu", "3", "--over", "XX"], ["XX"]),
    (["judge", "doudizhu", "3", "--over", "rj rj"], ["RJ"]),
    (["judge", "doudizhu", "4", "--over", "3 5 7"], []),
    (["judge", "doudizhu", "--rules", "four_player", "4", "--over", "BJ RJ"], []),
    (["judge", "doudizhu", "--rules", "nosuch", "3"], ["nosuch"]),
    (["judge", "doudizhu", "--set", "nosuch_option=1", "3"], ["nosuch_option"]),
    (["judge", "doudizhu", "--set", "players=4", "3"], ["players"]),
    (["judge", "doudizhu", "--set", "packs=2", "3"], ["packs"]),
    (["judge", "doudizhu", "--set", "hand_size=20", "3"], ["hand_size"]),
    (["judge", "doudizhu", "--set", "kitty_size=3", "3"], ["kitty_size"]),
    (["judge", "doudizhu", "--set", "allow_four_with_pair=true", "3"], ["allow_four_with_pair"]),
    (
        [
            "judge",
            "doudizhu",
            "--rules",
            "four_player",
            "--set",
            "four_with_two_kickers=no_pair",
            "3",
        ],
        ["four_with_two_kickers"],
    ),
    (
        ["judge", "doudizhu", "--rules", "four_player", "--set", "four_with_two_match=true", "3"],
        ["four_with_two_match"],
    ),
    (["judge", "doudizhu", "--set", "four_with_two_kickers=pairs", "3"], ["four_with_two_kickers"]),
    (["judge", "doudizhu", "--set", "rob_multipliers=1,2", "3"], ["rob_multipliers"]),
    (["judge", "doudizhu", "--set", "rob_multipliers=3,six", "3"], ["rob_multipliers"]),
    (["judge", "doudizhu", "--set", "airplane_max_trios=13", "3"], ["airplane_max_trios"]),
    (["judge", "doudizhu", "--set", "ming_pai=never", "3"], ["ming_pai"]),
    (["judge", "doudizhu", "--set", "bomb_doubling=maybe", "3"], ["bomb_doubling"]),
    (["moves", "doudizhu", "3S 3S"], ["3S"]),
    (["moves", "doudizhu", "1S 3"], ["1S"]),
    (["moves", "doudizhu", "3 4", "--over", "BJ BJ"], ["BJ"]),
    (["moves", "doudizhu", "3 4", "--over", "3 4"], []),
    (["moves", "doudizhu", "--rules", "four_player", "--set", "players=3", "3"], ["players"]),
]


@pytest.mark.parametrize("args, fragments", ERRORS, ids=[" ".join(a) for a, _ in ERRORS])
def test_malformed_input_exits_2(args: list[str], fragments: list[str]) -> None:
    run = chupai(*args)
    assert run.code == 2, (run.out, run.err)
    assert run.out == ""
    assert run.err.strip()
    for fragment in fragments:
        assert fragment in run.err


def test_missing_argument_is_a_usage_error() -> None:
    run = chupai("judge", "doudizhu")
    assert run.code == 2 and run.out == "" and run.err


# ----- moves ---------------------------------------------------------------------------------
MOVES = [
    # (hand, spec, over, expected set of (cards, type))
    (
        "4H 3S 10d rj 4",
        "default",
        None,
        {("3", "single"), ("4", "single"), ("T", "single"), ("RJ", "single"), ("4 4", "pair")},
    ),
    (
        "BJ RJ 2",
        "classic",
        None,
        {("2", "single"), ("BJ", "single"), ("RJ", "single"), ("BJ RJ", "rocket")},
    ),
    ("BJ RJ 2", "classic", "2 2 2 2", {("BJ RJ", "rocket")}),
    (
        "3 3 3 4 2",
        "classic",
        None,
        {
            ("3", "single"),
            ("4", "single"),
            ("2", "single"),
            ("3 3", "pair"),
            ("3 3 3", "trio"),
            ("3 3 3 4", "trio_single"),
            ("3 3 3 2", "trio_single"),
        },
    ),
    ("3 3 3 4 2", "classic", "A", {("2", "single")}),
    (
        "3 3 3 4 2",
        "four_player",
        None,
        {("3", "single"), ("4", "single"), ("2", "single"), ("3 3", "pair"), ("3 3 3", "trio")},
    ),
    ("3 3 3 3 3", "four_player", "2 2 2 2", {("3 3 3 3 3", "bomb")}),
    ("3 3 3 3 3", "four_player", "A", {("3 3 3 3", "bomb"), ("3 3 3 3 3", "bomb")}),
    (
        "BJ BJ RJ RJ",
        "four_player",
        "2 2",
        {("BJ BJ", "pair"), ("RJ RJ", "pair"), ("BJ BJ RJ RJ", "heaven_lord")},
    ),
    (
        "3 3 3 4 4 4 5 5 5 6 6 6",
        "classic",
        "3 3 3 4 4 4 5 5 5 6 8 J",
        {("3 3 3 4 4 4 5 5 5 6 6 6", "airplane_singles")},
    ),
    ("3 4 5 6 7 8", "classic", "3 4 5 6 7", {("4 5 6 7 8", "straight")}),
    ("3 4", "classic", "2", set()),
]


@pytest.mark.parametrize(
    "hand, spec, over, expected", MOVES, ids=[f"{h} [{s}] over {o}" for h, s, o, _ in MOVES]
)
def test_moves(hand: str, spec: str, over: str | None, expected: set[tuple[str, str]]) -> None:
    args = ["moves", "doudizhu", *rules_args(spec), hand]
    if over is not None:
        args += ["--over", over]
    run = chupai(*args)
    assert run.code == 0, run.err
    assert run.err == ""
    obj = one_json_line(run)
    assert set(obj) == {"moves"} and isinstance(obj["moves"], list)
    seen = []
    for move in obj["moves"]:
        assert set(move) == {"cards", "type"}
        assert move["type"] != "pass"
        seen.append((move["cards"], move["type"]))
    assert len(seen) == len(set(seen))
    assert set(seen) == expected


def test_moves_list_both_readings_of_an_ambiguous_set() -> None:
    run = chupai("moves", "doudizhu", "3 3 3 4 4 4 5 5 5 6 6 6")
    assert run.code == 0, run.err
    moves = {(m["cards"], m["type"]) for m in one_json_line(run)["moves"]}
    assert ("3 3 3 4 4 4 5 5 5 6 6 6", "airplane") in moves
    assert ("3 3 3 4 4 4 5 5 5 6 6 6", "airplane_singles") in moves
    assert ("3 3 3 4 4 4 5 5 5 6", "airplane_singles") not in moves  # 10 cards: nothing
    assert ("3 3 3 4 4 4 5 6", "airplane_singles") in moves
    assert ("3 3 3 4 4 4 5 5 6 6", "airplane_pairs") in moves
