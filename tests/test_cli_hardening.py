"""The command line refuses hostile input with a message and exit status 2, never
a traceback or a hang (issue 14): deeply nested JSON, huge numbers, devices and
oversized input given to ``chupai replay``, an empty ``--rules``."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from chupai.cli.main import main

ROOT = Path(__file__).resolve().parents[1]


def _chupai(
    *args: str, stdin: bytes | None = None, timeout: float = 60
) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "chupai", *args],
        input=stdin,
        capture_output=True,
        timeout=timeout,
        env={"PYTHONPATH": str(ROOT / "src"), "PATH": "/usr/bin:/bin"},
    )


def _record(tmp_path: Path) -> str:
    out = tmp_path / "recs"
    assert main(["simulate", "bigtwo", "--deals", "1", "--records", str(out), "--no-progress"]) == 0
    return next(out.iterdir()).read_text(encoding="utf-8")


def test_replay_of_deeply_nested_json_is_refused() -> None:
    out = _chupai("replay", "-", stdin=b"[" * 1000 + b"]" * 1000)
    assert out.returncode == 2
    assert b"nested too deeply" in out.stderr and b"Traceback" not in out.stderr


def test_replay_of_a_seed_of_5000_digits_is_refused(tmp_path: Path) -> None:
    rec = json.loads(_record(tmp_path))
    text = json.dumps(rec).replace(f'"seed": {rec["seed"]}', '"seed": ' + "7" * 5000, 1)
    assert "7" * 5000 in text
    path = tmp_path / "big.json"
    path.write_text(text, encoding="utf-8")
    for out in (_chupai("replay", str(path)), _chupai("replay", "-", stdin=text.encode())):
        assert out.returncode == 2
        assert b"digits" in out.stderr and b"Traceback" not in out.stderr


def test_replay_refuses_devices_and_oversized_input(tmp_path: Path) -> None:
    out = _chupai("replay", "/dev/zero", timeout=20)
    assert out.returncode == 2 and b"no regular file" in out.stderr
    out = _chupai("replay", str(tmp_path), timeout=20)
    assert out.returncode == 2 and b"directory" in out.stderr
    out = _chupai("replay", "-", stdin=b" " * (64 * 1024 * 1024 + 10), timeout=60)
    assert out.returncode == 2 and b"larger than 64 MiB" in out.stderr


@pytest.mark.parametrize(
    "command", [["judge", "bigtwo", "3D"], ["moves", "bigtwo", "3D 4D"], ["rules", "bigtwo"]]
)
@pytest.mark.parametrize("value", ["", "  "])
def test_an_empty_rules_option_is_refused_naming_it(
    command: list[str], value: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_:
        main([command[0], *command[1:2], "--rules", value, *command[2:]])
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert "--rules" in err and "empty" in err


def test_a_valid_record_still_replays(tmp_path: Path) -> None:
    path = tmp_path / "ok.json"
    path.write_text(_record(tmp_path), encoding="utf-8")
    assert main(["replay", "-q", str(path)]) == 0
