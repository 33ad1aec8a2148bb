"""The expert-against-heuristic benchmark (``benchmarks/strength_expert.py``): its
figures, its game list, and its smoke run.

The default run plays one Big Two deal in this process (the greedy bot against
the heuristic, well under a second); ``-m slow``
runs the script's ``--quick`` (one deal of every preset) in a subprocess, and the
same deals on two worker processes, whose figures must be the same.
"""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from chupai.errors import ChupaiError

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "benchmarks" / "strength_expert.py"
TIMINGS = ("ms_", "cpu_ms_", "searched_", "seconds")


def load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("strength_expert", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["strength_expert"] = module  # its dataclass looks its module up
    spec.loader.exec_module(module)
    return module


def run_main(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[str, dict[str, Any]]:
    assert load().main(list(args)) == 0
    out = capsys.readouterr().out
    return out, json.loads(out.strip().splitlines()[-1])


def test_one_deal_of_big_two(capsys: pytest.CaptureFixture[str]) -> None:
    out, data = run_main(capsys, "--games", "bigtwo:standard", "--deals", "1", "--bot", "greedy")
    assert data["benchmark"] == "strength_expert" and data["against"] == "heuristic"
    fig = data["games"]["bigtwo:standard"]
    # one deal under the four rotations: the bot once in every seat
    assert fig["deals"] == 1 and fig["games"] == 4
    # Big Two is zero-sum: the bot's points and the three others' mean balance
    assert fig["points"] == pytest.approx(-3 * fig["against_points"], abs=1e-3)
    assert fig["advantage"] == pytest.approx(fig["points"] - fig["against_points"], abs=1e-3)
    assert fig["play_decisions"] >= 4 and fig["ms_median"] is not None
    assert 0 <= fig["win_ci"][0] <= fig["win_rate"] <= fig["win_ci"][1] <= 1
    assert "bigtwo:standard" in out and "greedy in one seat" in out


def test_games_are_checked() -> None:
    se = load()
    assert se.parse_games("biga,daguailuzi:shanghai") == [
        ("biga", "standard"),
        ("daguailuzi", "shanghai"),
    ]
    with pytest.raises(ChupaiError, match="'nope'"):
        se.parse_games("bigtwo:nope")
    with pytest.raises(ChupaiError, match="'chess'"):
        se.parse_games("chess")


def test_lineup_puts_the_bot_in_every_seat_once() -> None:
    t = load().tournament("daguailuzi", "seed", "expert", "heuristic", 1, 0)
    seats = t.seatings
    assert len(seats) == 6
    assert sorted(s.index(t.labels[0]) for s in seats) == list(range(6))
    assert all(s.count("heuristic") == 5 for s in seats)


def _figures(data: dict[str, Any]) -> dict[str, Any]:
    return {
        game: {k: v for k, v in fig.items() if not k.startswith(TIMINGS)}
        for game, fig in data["games"].items()
    }


@pytest.mark.slow
def test_quick_run_and_workers_agree() -> None:
    def script(*args: str) -> dict[str, Any]:
        proc = subprocess.run(
            [sys.executable, str(SCRIPT), *args],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=300,
        )
        assert proc.returncode == 0, proc.stderr[-2000:]
        data: dict[str, Any] = json.loads(proc.stdout.strip().splitlines()[-1])
        return data

    quick = script("--quick")
    assert set(quick["games"]) == {
        "bigtwo:standard",
        "doudizhu:classic",
        "doudizhu:four_player",
        "biga:standard",
        "daguailuzi:seed",
    }
    args = ("--games", "doudizhu:classic", "--deals", "3", "--bot", "expert:playouts=4")
    assert _figures(script(*args)) == _figures(script(*args, "--workers", "2"))
