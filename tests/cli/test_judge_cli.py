"""The ``chupai judge`` and ``chupai moves`` command lines, run as real
subprocesses (``python -m chupai``) on a sample of the rules' examples.

Contract checked here (``chupai.cli.main``): ``judge`` prints exactly one JSON
object on one line, ``{"valid": true, "type": T[, "beats": B]}`` or ``{"valid":
false, "reason": R}``, and exits 0 for valid and invalid combinations alike;
``moves`` prints ``{"moves": [{"cards": C, "type": T}, ...]}`` (every distinct
legal play once, canonical notation, no pass). Malformed input (bad or duplicate
card tokens, unknown game, preset or option, bad option value) exits 2 with nothing
on stdout and a message on stderr that names the offending token or key.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from itertools import combinations
from typing import Any

import pytest

from chupai.bigtwo.combos import beats, classify, classify_or_none, tables
from chupai.bigtwo.rules import BigTwoRules, resolve
from chupai.cards import card_name, cards_of, parse_mask

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
    """The single JSON object printed on stdout (checks the one-line shape)."""
    assert run.out.endswith("\n"), run.out
    lines = run.out.splitlines()
    assert len(lines) == 1, run.out
    obj = json.loads(lines[0])
    assert isinstance(obj, dict)
    return obj


def rules_args(spec: str) -> list[str]:
    """``"taiwan:four_card_play=quad,allow_triples=true"`` -> CLI arguments."""
    preset, _, rest = spec.partition(":")
    args = ["--rules", preset]
    for item in filter(None, rest.split(",")):
        args += ["--set", item]
    return args


def rules_of(spec: str) -> BigTwoRules:
    preset, _, rest = spec.partition(":")
    return resolve(preset, dict(i.split("=", 1) for i in filter(None, rest.split(","))))


# ----- judge: one row per type ---------------------------------------------------------
JUDGE_TYPES = [
    ("3D", "standard", "single"),
    ("3d 3S", "standard", "pair"),
    ("5D 5C 5H", "standard", "triple"),
    ("3D 4C 5H 6S 7D", "standard", "straight"),
    ("3D 5D 7D 9D JD", "standard", "flush"),
    ("3D 3C 3H 2S 2H", "standard", "full_house"),
    ("9S 9H 9C 9D 3S", "standard", "four_of_a_kind"),
    ("3S 4S 5S 6S 7S", "standard", "straight_flush"),
    ("3D 3C 4D 4C 5S", "standard:allow_two_pair_kicker=true", "two_pair_kicker"),
    ("3D 3C 4D 4C", "standard:four_card_play=two_pair", "two_pair"),
    ("9S 9H 9C 9D", "standard:four_card_play=quad", "quad"),
    ("JD QC KH AS 2D", "standard:straight_order=jqka2_high", "straight"),
    ("10♠ J♥ Q♣ K♦ A♠", "standard", "straight"),
    # invalid combinations are normal answers
    ("3D 4D", "standard", None),
    ("5D 5C 5H", "taiwan", None),
    ("9S 9H 9C 9D", "standard", None),
    ("3D 3C 4D 4C 5S", "standard", None),
    ("3D 5D 7D 9D JD", "standard:allow_flush=false", None),
    ("JD QC KH AS 2D", "standard", None),
    ("3D 4D 5D 6D 7D 8D", "standard", None),
]


@pytest.mark.parametrize(
    "play, spec, kind", JUDGE_TYPES, ids=[f"{p} [{s}]" for p, s, _ in JUDGE_TYPES]
)
def test_judge_types(play: str, spec: str, kind: str | None) -> None:
    run = chupai("judge", "bigtwo", *rules_args(spec), play)
    assert run.code == 0, run.err
    assert run.err == ""
    obj = one_json_line(run)
    if kind is None:
        assert set(obj) == {"valid", "reason"}
        assert obj["valid"] is False
        assert isinstance(obj["reason"], str) and obj["reason"]
    else:
        assert obj == {"valid": True, "type": kind}


# ----- judge: one row (at least) per comparison rule --------------------------------------
JUDGE_BEATS = [
    # §8.1 single, suit order
    ("3C", "3D", "standard", True),
    ("3C", "3D", "taiwan", False),
    ("4D", "4C", "taiwan", True),
    ("2D", "AS", "mainland", True),
    # §8.2 pair, §8.3 triple
    ("9S 9D", "9H 9C", "standard", True),
    ("KH KD", "KS KC", "taiwan", False),
    ("2D 2C 2H", "AS AH AC", "standard", True),
    # §8.4 straights: every straight_order
    ("2D 3C 4H 5S 6D", "TS JH QC KD AS", "standard", True),
    ("AD 2C 3H 4S 5D", "2S 3D 4C 5H 6S", "standard", True),
    ("TS JH QC KD AS", "AD 2C 3H 4S 5D", "standard:straight_order=poker_a2345_second", True),
    ("AD 2C 3H 4S 5D", "3S 4H 5C 6D 7H", "taiwan", False),
    ("JD QC KH AS 2D", "TS JH QC KD AS", "standard:straight_order=jqka2_high", True),
    ("3S 4S 5S 6S 7D", "3H 4H 5H 6H 7C", "taiwan", True),
    ("3S 4S 5S 6S 7D", "3H 4H 5H 6H 7C", "taiwan:suit_order=SHCD", False),
    # §8.5 flushes: every flush_compare
    ("2C AC KC 8C 3C", "2H AH QH TH 8H", "standard", True),
    ("2C AC KC 8C 3C", "2H AH QH TH 8H", "hongkong", False),
    ("AH QH JH TH 8H", "AC KC JC 8C 3C", "mainland", True),
    ("AD QD JD TD 8D", "AC KC JC 8C 3C", "taiwan", True),
    ("3S 5S 7S 9S JS", "2H AH KH QH 9H", "standard:flush_compare=suit_first", True),
    # §8.6 full house, §8.7 four of a kind, §8.8 straight flush
    ("4D 4C 8D 8C 8H", "5D 5C 7D 7C 7H", "standard", True),
    ("9S 9H 9C 9D 3S", "TS TH TC TD 3D", "standard", False),
    ("AH 2H 3H 4H 5H", "2S 3S 4S 5S 6S", "standard", True),
    ("2S 3S 4S 5S 6S", "AH 2H 3H 4H 5H", "taiwan", True),
    # §8.9 optional types
    ("KS KC 9D 9C 3S", "KH KD 9H 9S 2S", "standard:allow_two_pair_kicker=true", True),
    ("KH KC 9H 9C", "KS KD 5H 5C", "standard:four_card_play=two_pair", True),
    ("3S 3H 3C 3D", "4S 4H 4C 4D", "standard:four_card_play=quad", False),
    # §9 five_card_rule and monster_over_small
    ("3D 4D 5D 6D 8D", "AS 2S 3H 4H 5H", "standard", True),
    ("3D 4D 5D 6D 8D", "AS 2S 3H 4H 5H", "taiwan", False),
    ("3D 4D 5D 6D 7D", "2D 2C 2H 2S AS", "standard", True),
    ("3S 3H 3C 3D 4C", "2S AS KS QS 9S", "taiwan", True),
    ("9S 9H 9C 9D 3S", "2S", "standard", False),
    ("9S 9H 9C 9D 3S", "2S", "taiwan", True),
    ("9S 9H 9C 9D 3S", "2S", "standard:five_card_rule=same_type_or_monster", False),
    ("5D 5C", "3D", "standard", False),
    # beats is never reflexive; PLAY and PREVIOUS are separate lists
    ("2S", "2S", "standard", False),
]


@pytest.mark.parametrize(
    "play, over, spec, expected",
    JUDGE_BEATS,
    ids=[f"{p} over {o} [{s}]" for p, o, s, _ in JUDGE_BEATS],
)
def test_judge_beats(play: str, over: str, spec: str, expected: bool) -> None:
    run = chupai("judge", "bigtwo", *rules_args(spec), play, "--over", over)
    assert run.code == 0, run.err
    assert run.err == ""
    obj = one_json_line(run)
    assert set(obj) == {"valid", "type", "beats"}
    assert obj["valid"] is True
    assert obj["beats"] is expected
    # the type is the API's classification
    assert obj["type"] == classify(parse_mask(play), rules_of(spec)).kind.value


def test_judge_invalid_play_over_a_valid_previous() -> None:
    run = chupai("judge", "bigtwo", "3D 4D", "--over", "3C")
    assert run.code == 0
    obj = one_json_line(run)
    assert obj["valid"] is False and set(obj) == {"valid", "reason"}


def test_judge_game_alias_and_preset_spelling() -> None:
    a = chupai("judge", "Big2", "--preset", "taiwan", "3D", "--over", "3C")
    b = chupai("judge", "bigtwo", "--rules", "TAIWAN", "3D", "--over", "3C")
    assert a.code == b.code == 0
    assert one_json_line(a) == one_json_line(b) == {"valid": True, "type": "single", "beats": True}


def test_judge_default_preset_is_standard() -> None:
    run = chupai("judge", "bigtwo", "3C", "--over", "3D")
    assert run.code == 0 and one_json_line(run)["beats"] is True


# ----- malformed input: exit 2 ----------------------------------------------------------
ERRORS = [
    (["judge", "bigtwo", "1S"], ["1S"]),
    (["judge", "bigtwo", "3D 1S 4C"], ["1S"]),
    (["judge", "bigtwo", "3D 3D"], ["3D", "2 times"]),
    (["judge", "bigtwo", "10S ts"], ["TS", "2 times"]),
    (["judge", "bigtwo", "3D", "--over", "4C 4c"], ["4C", "2 times"]),
    (["judge", "bigtwo", "3D", "--over", "XX"], ["XX"]),
    (["judge", "bigtwo", "BJ"], ["BJ"]),
    (["judge", "bigtwo", "3D", "--over", "rj"], ["RJ"]),
    (["judge", "bigtwo", "K"], ["K"]),
    (["judge", "bigtwo", "10"], ["10"]),
    (["judge", "bigtwo", "♠A"], ["♠A"]),
    (["judge", "bigtwo", "3D", "--over", "3D 4C"], ["3D 4C"]),
    (["judge", "chess", "3D"], ["chess"]),
    (["judge", "bigtwo", "--rules", "nosuch", "3D"], ["nosuch"]),
    (["judge", "bigtwo", "--set", "nosuch_option=1", "3D"], ["nosuch_option"]),
    (["judge", "bigtwo", "--set", "suit_order=XYZ", "3D"], ["suit_order", "XYZ"]),
    (["judge", "bigtwo", "--set", "allow_triples=maybe", "3D"], ["allow_triples"]),
    (["judge", "bigtwo", "--set", "players=53", "3D"], ["players"]),
    (["judge", "bigtwo", "--set", "straight_order=circular", "3D"], ["straight_order"]),
    (["judge", "bigtwo", "--set", "instant_wins=dragon,rainbow", "3D"], ["instant_wins"]),
    (["judge", "bigtwo", "--set", "monster_over_small=true", "3D"], ["monster_over_small"]),
    (["judge", "bigtwo", "--set", "suit_order", "3D"], ["suit_order"]),
    (["moves", "bigtwo", "3D 3D"], ["3D"]),
    (["moves", "bigtwo", "1S 3D"], ["1S"]),
    (["moves", "bigtwo", "3D", "--over", "BJ"], ["BJ"]),
    (["moves", "chess", "3D"], ["chess"]),
    (["moves", "bigtwo", "--rules", "nosuch", "3D"], ["nosuch"]),
    (["moves", "bigtwo", "--set", "flush_compare=best", "3D"], ["flush_compare"]),
]


@pytest.mark.parametrize("args, fragments", ERRORS, ids=[" ".join(a) for a, _ in ERRORS])
def test_malformed_input_exits_2(args: list[str], fragments: list[str]) -> None:
    run = chupai(*args)
    assert run.code == 2
    assert run.out == ""
    assert run.err.strip()
    for fragment in fragments:
        assert fragment in run.err


def test_missing_argument_is_a_usage_error() -> None:
    run = chupai("judge", "bigtwo")
    assert run.code == 2 and run.out == "" and run.err


# ----- moves ------------------------------------------------------------------------------
def brute_force(hand: str, spec: str, over: str | None) -> set[tuple[int, str]]:
    r = rules_of(spec)
    top = classify(parse_mask(over), r) if over else None
    cards = cards_of(parse_mask(hand))
    out = set()
    for k in (1, 2, 3, 4, 5):
        for sub in combinations(cards, k):
            mask = sum(1 << c for c in sub)
            combo = classify_or_none(mask, r)
            if combo is not None and (top is None or beats(combo, top, r)):
                out.add((mask, combo.kind.value))
    return out


MOVES = [
    ("3D 3C 3H 4S 4D 5C 6H 7S 10s", "standard", None),
    ("3D 3C 3H 4S 4D 5C 6H 7S 10s", "standard", "4C 4H"),
    ("3D 4D 5D 6D 7D 9D 9C 9H 9S 2S", "taiwan", None),
    ("3D 4D 5D 6D 7D 9D 9C 9H 9S 2S", "taiwan", "2H"),
    ("3D 4D 5D 6D 7D 9D 9C 9H 9S 2S", "taiwan", "TD JC QH KS AD"),
    ("3D 4D 5D 6D 7D 9D 9C 9H 9S 2S", "standard", "TD JC QH KS AD"),
    (
        "JS QS KS AS 2S 3D 3C 4D 4C",
        "standard:straight_order=jqka2_high,allow_two_pair_kicker=true",
        None,
    ),
    ("9S 9H 9C 9D 8S 8H 8C", "standard:four_card_play=quad", "7S 7H 7C 7D"),
    ("9S 9H 9C 9D 8S 8H 8C", "standard:four_card_play=two_pair", None),
]


@pytest.mark.parametrize(
    "hand, spec, over", MOVES, ids=[f"{h} [{s}] over {o}" for h, s, o in MOVES]
)
def test_moves_lists_every_legal_play_once(hand: str, spec: str, over: str | None) -> None:
    args = ["moves", "bigtwo", *rules_args(spec), hand]
    if over:
        args += ["--over", over]
    run = chupai(*args)
    assert run.code == 0, run.err
    assert run.err == ""
    obj = one_json_line(run)
    assert set(obj) == {"moves"} and isinstance(obj["moves"], list)
    strength = tables(rules_of(spec)).card_strength
    seen = []
    for move in obj["moves"]:
        assert set(move) == {"cards", "type"}
        assert move["type"] != "pass" and move["cards"] not in ("", "pass")
        mask = parse_mask(move["cards"])
        # canonical notation in display order
        canonical = " ".join(card_name(c) for c in sorted(cards_of(mask), key=strength.__getitem__))
        assert move["cards"] == canonical
        seen.append((mask, move["type"]))
    assert len(seen) == len(set(seen))  # each play once
    assert set(seen) == brute_force(hand, spec, over)


def test_moves_nothing_beats() -> None:
    run = chupai("moves", "bigtwo", "3D 4C", "--over", "2S")
    assert run.code == 0
    assert one_json_line(run) == {"moves": []}


def test_moves_canonical_output_of_aliases() -> None:
    run = chupai("moves", "bigtwo", "10♠ 10h a♡")
    assert run.code == 0
    assert one_json_line(run) == {
        "moves": [
            {"cards": "TH", "type": "single"},
            {"cards": "TS", "type": "single"},
            {"cards": "AH", "type": "single"},
            {"cards": "TH TS", "type": "pair"},
        ]
    }
