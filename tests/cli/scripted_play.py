"""What the terminal play tests share: the namespace ``chupai play`` builds, and a
game run with a script on standard input."""

from __future__ import annotations

import argparse
import io
from collections.abc import Callable
from typing import Any

import pytest


def play_args(game: str, *, seed: int, bots: str, **kw: Any) -> argparse.Namespace:
    """The namespace ``chupai play`` builds for ``game`` (a human in seat 0, in
    English), with ``kw`` replacing any field."""
    base: dict[str, Any] = dict(
        game=game,
        rules=None,
        overrides=[],
        players=None,
        seed=seed,
        deals=None,
        target=None,
        bots=bots,
        seat=0,
        record=None,
        lang="en",
    )
    base.update(kw)
    return argparse.Namespace(**base)


def run_scripted(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    run: Callable[[argparse.Namespace], int],
    namespace: argparse.Namespace,
    script: str,
    *,
    columns: int,
) -> tuple[int, str]:
    """Run ``run(namespace)`` with ``script`` on standard input on a console
    ``columns`` wide: (exit status, transcript); nothing may go to stderr."""
    monkeypatch.setenv("COLUMNS", str(columns))
    monkeypatch.delenv("FORCE_COLOR", raising=False)
    monkeypatch.setattr("sys.stdin", io.StringIO(script))
    code = run(namespace)
    out = capsys.readouterr()
    assert out.err == ""
    return code, out.out
