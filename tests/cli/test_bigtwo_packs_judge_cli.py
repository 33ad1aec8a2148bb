"""``chupai judge bigtwo`` and ``chupai moves bigtwo`` with two packs
(``--set players=6 --set packs=2``): identical cards are typed twice, the JSON
shapes are the one-pack ones, and malformed input (a card three times, one pack's
card twice) exits 2 naming the token. Run in-process through
:func:`chupai.cli.main.main`; one subprocess checks the real exit status."""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from typing import Any

import pytest

from chupai.bigtwo import packs
from chupai.bigtwo.combos import beats, classify_or_none
from chupai.bigtwo.rules import resolve
from chupai.cli.main import main

TWO = ["--set", "players=6", "--set", "packs=2"]


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, Any, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    lines = out.splitlines()
    assert len(lines) <= 1, out
    return code, json.loads(lines[0]) if lines else None, err


@pytest.mark.parametrize(
    ("play", "over", "extra", "expected"),
    [
        ("3D 3D", None, [], {"valid": True, "type": "pair"}),
        ("9H 9H 9S", None, [], {"valid": True, "type": "triple"}),
        ("3D 3D 5D 9D JD", None, [], {"valid": True, "type": "flush"}),
        ("3D 3D", "3C 3C", [], {"valid": True, "type": "pair", "beats": False}),
        ("3S 3H", "3S 3D", [], {"valid": True, "type": "pair", "beats": True}),
        ("KS", "KS", [], {"valid": True, "type": "single", "beats": False}),
        (
            "KS",
            "KS",
            ["--set", "identical_beats=true"],
            {"valid": True, "type": "single", "beats": True},
        ),
        (
            "8S 8S 8H 4D 4D",
            "8S 8H 8H 4D 4D",
            [],
            {"valid": True, "type": "full_house", "beats": True},
        ),
        (
            "8S 8H 8H 4D 4D",
            "8S 8S 8H 4D 4D",
            [],
            {"valid": True, "type": "full_house", "beats": False},
        ),
    ],
)
def test_judge_two_packs(
    capsys: pytest.CaptureFixture[str],
    play: str,
    over: str | None,
    extra: list[str],
    expected: dict[str, Any],
) -> None:
    args = ["judge", "bigtwo", *TWO, *extra, play]
    if over is not None:
        args += ["--over", over]
    code, obj, _ = run(capsys, *args)
    assert code == 0 and obj == expected


def test_judge_five_of_a_rank_is_no_combination(capsys: pytest.CaptureFixture[str]) -> None:
    code, obj, _ = run(capsys, "judge", "bigtwo", *TWO, "7H 7H 7S 7S 7D")
    assert code == 0 and obj["valid"] is False and obj["reason"]


@pytest.mark.parametrize(
    ("args", "token"),
    [
        ([*TWO, "3D 3D 3D"], "3D"),
        (["3D 3D"], "3D"),
        ([*TWO, "4C", "--over", "KS KS KS"], "KS"),
    ],
)
def test_malformed_cards_exit_2(
    capsys: pytest.CaptureFixture[str], args: list[str], token: str
) -> None:
    code, obj, err = run(capsys, "judge", "bigtwo", *args)
    assert code == 2 and obj is None and f"'{token}'" in err


@pytest.mark.parametrize("over", [None, "5C", "4D 4D", "9S 9S 9H"])
def test_moves_lists_every_distinct_multiset_once(
    capsys: pytest.CaptureFixture[str], over: str | None
) -> None:
    """Brute force: every sub-multiset of 1, 2, 3 cards of the hand that is a
    combination (and beats ``over``) is listed once; no entry twice."""
    hand = "3D 3D 4D 4D 5C 9S 9S 9H 2S"
    args = ["moves", "bigtwo", *TWO, hand] + (["--over", over] if over else [])
    code, obj, _ = run(capsys, *args)
    assert code == 0
    listed = [Counter(m["cards"].split()) for m in obj["moves"]]
    r = resolve("standard", {"players": "6", "packs": "2"})
    top = classify_or_none(packs.parse(over, 2), r) if over else None
    have = Counter(hand.split())
    expected = []
    seen: set[frozenset[tuple[str, int]]] = set()
    for bits in range(1, 1 << len(hand.split())):
        chosen = Counter(t for i, t in enumerate(hand.split()) if bits >> i & 1)
        if sum(chosen.values()) > 5 or frozenset(chosen.items()) in seen:
            continue
        seen.add(frozenset(chosen.items()))
        c = classify_or_none(packs.parse(list(chosen.elements()), 2), r)
        if c is not None and (top is None or beats(c, top, r)):
            expected.append(chosen)
    assert all(not (m - have) for m in listed)

    def key(c: Counter[str]) -> list[tuple[str, int]]:
        return sorted(c.items())

    assert sorted(map(key, listed)) == sorted(map(key, expected))
    assert len({frozenset(m.items()) for m in listed}) == len(listed)


def test_the_exit_status_of_a_real_process() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "chupai", "judge", "bigtwo", *TWO, "3D 3D", "--over", "3C"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 0
    assert json.loads(proc.stdout) == {"valid": True, "type": "pair", "beats": False}
