"""Big Two with two packs through ``chupai judge`` and ``chupai moves`` (in-process
``chupai.cli.main.main``): the same JSON shapes as with one pack, identical cards
written twice, malformed input exits 2 naming the token; one pack unchanged."""

from __future__ import annotations

import json

import pytest

from chupai.cli.main import main

TWO = ["--set", "players=6", "--set", "packs=2"]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, object, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, json.loads(out) if out.strip() else None, err


@pytest.mark.parametrize(
    ("play", "over", "extra", "want"),
    [
        ("3D 3D", None, [], {"valid": True, "type": "pair"}),
        ("3S 3D", "3D 3D", [], {"valid": True, "type": "pair", "beats": True}),
        ("3D 3D", "3D 3D", [], {"valid": True, "type": "pair", "beats": False}),
        (
            "3D 3D",
            "3D 3D",
            ["--set", "identical_beats=true"],
            {"valid": True, "type": "pair", "beats": True},
        ),
        ("9H 9H 9S 4C 4C", None, [], {"valid": True, "type": "full_house"}),
        ("3D 3D 5D 9D JD", "3S 4S 5S 6H 7H", [], {"valid": True, "type": "flush", "beats": True}),
    ],
)
def test_judge_with_two_packs(
    capsys: pytest.CaptureFixture[str], play: str, over: str | None, extra: list[str], want: object
) -> None:
    argv = ["judge", "bigtwo", *TWO, *extra, play] + (["--over", over] if over else [])
    assert run(capsys, *argv)[:2] == (0, want)


def test_judge_explains_and_refuses(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "judge", "bigtwo", *TWO, "3D 3D 3S 3S 3H")
    assert code == 0 and isinstance(out, dict) and out["valid"] is False
    assert "five of a kind" in out["reason"]
    code, out, err = run(capsys, "judge", "bigtwo", *TWO, "3D 3D 3D")
    assert code == 2 and out is None and "'3D' appears 3 times" in err
    code, out, err = run(capsys, "judge", "bigtwo", "3D 3D")  # one pack: one 3D
    assert code == 2 and "3D appears 2 times, but the deck has only one" in err


def test_moves_lists_each_multiset_once(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "moves", "bigtwo", *TWO, "3D 3D 3S")
    assert code == 0
    assert out == {
        "moves": [
            {"cards": "3D", "type": "single"},
            {"cards": "3S", "type": "single"},
            {"cards": "3D 3D", "type": "pair"},
            {"cards": "3D 3S", "type": "pair"},
            {"cards": "3D 3D 3S", "type": "triple"},
        ]
    }
    code, out, _ = run(capsys, "moves", "bigtwo", *TWO, "3D 3D 3S 4S", "--over", "3C 3C")
    assert code == 0 and out == {"moves": [{"cards": "3D 3S", "type": "pair"}]}
