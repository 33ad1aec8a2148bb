"""The test-only toy game (tests/toygame) on the command line, loaded the way a game
that is not an installed package is: ``CHUPAI_GAMES=toygame.spec``. Nothing of it
lives outside its own folder."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

TESTS = Path(__file__).resolve().parent
ROOT = TESTS.parent


def chupai(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    env = {
        **os.environ,
        "CHUPAI_GAMES": "toygame.spec",
        "PYTHONPATH": os.pathsep.join([str(TESTS), str(ROOT / "src")]),
    }
    return subprocess.run(
        [sys.executable, "-m", "chupai", *args],
        input=stdin,
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        cwd=ROOT,
    )


def test_judge_and_moves() -> None:
    out = chupai("judge", "toy", "3x", "--over", "2y")
    assert out.returncode == 0 and json.loads(out.stdout) == {
        "valid": True,
        "type": "single",
        "beats": True,
    }
    out = chupai("moves", "toy", "1x 4y 6x", "--over", "3x")
    assert [m["cards"] for m in json.loads(out.stdout)["moves"]] == ["4y", "6x"]
    bad = chupai("judge", "toy", "9z")
    assert bad.returncode == 2 and "9z" in bad.stderr


def test_simulate_with_records_that_replay(tmp_path: Path) -> None:
    out = chupai(
        "simulate",
        "toy",
        "--bots",
        "greedy,random",
        "--deals",
        "20",
        "--seed",
        "1",
        "--records",
        str(tmp_path),
        "--verify",
        "--json",
    )
    assert out.returncode == 0, out.stderr
    report = json.loads(out.stdout.strip().splitlines()[-1])
    assert report["game"] == "toy"
    records = sorted(tmp_path.glob("*.json"))
    assert len(records) == 40  # every deal under both seatings
    replayed = chupai("replay", str(records[0]))
    assert replayed.returncode == 0, replayed.stderr


def test_play_a_whole_deal_and_a_match(tmp_path: Path) -> None:
    out = chupai("play", "toy", "--seed", "3", stdin="1\n" * 30)
    assert out.returncode == 0, out.stderr
    assert "Deal over" in out.stdout and "Winner:" in out.stdout
    record = tmp_path / "match.json"
    out = chupai(
        "play", "toy", "--seed", "4", "--deals", "2", "--record", str(record), stdin="1\n" * 60
    )
    assert out.returncode == 0, out.stderr
    assert chupai("replay", str(record)).returncode == 0


def test_an_unknown_game_module_is_a_clear_error() -> None:
    env = {**os.environ, "CHUPAI_GAMES": "no_such_game_module"}
    out = subprocess.run(
        [sys.executable, "-m", "chupai", "judge", "bigtwo", "3D"],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
        cwd=ROOT,
    )
    assert out.returncode == 2 and "no_such_game_module" in out.stderr
    assert "Traceback" not in out.stderr
