"""Every ``$ chupai judge`` / ``$ chupai moves`` console example of the README gives
the output the README shows (so the documentation of the stable interfaces cannot
drift from the engine)."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from chupai.cli.main import main

README = Path(__file__).resolve().parents[2] / "README.md"


def _examples() -> list[tuple[str, str]]:
    text = README.read_text(encoding="utf-8")
    out = []
    for block in re.findall(r"```console\n(.*?)```", text, flags=re.S):
        lines = block.splitlines()
        for i, line in enumerate(lines):
            if line.startswith("$ chupai ") and i + 1 < len(lines):
                expected = lines[i + 1]
                if "(exit 2)" in expected:
                    continue
                out.append((line[2:], expected))
    return out


EXAMPLES = _examples()


def test_readme_has_examples_of_every_game() -> None:
    games = {shlex.split(cmd)[2] for cmd, _ in EXAMPLES}
    assert {"bigtwo", "doudizhu", "biga"} <= games


@pytest.mark.parametrize("command,expected", EXAMPLES, ids=[c for c, _ in EXAMPLES])
def test_readme_example(command: str, expected: str, capsys: pytest.CaptureFixture[str]) -> None:
    argv = shlex.split(command)[1:]
    assert main(argv) == 0
    assert capsys.readouterr().out.strip() == expected.strip()
