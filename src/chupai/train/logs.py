"""What a training run reports: scalars in CSV and JSON lines, text lines, and
a progress bar (rich).

:class:`ScalarLog` writes TensorBoard-style scalars, one ``(wall_time, step,
tag, value)`` record per line, to ``scalars.csv`` and ``scalars.jsonl`` in the
run's ``--log-dir``; both files are appended to, so a resumed run continues
them. Tags: ``train/loss``, ``train/mse``, ``train/margin``, ``train/agree``,
``train/q``, ``train/return`` (the mean Monte-Carlo return of the decisions
collected since the last record), ``perf/steps_per_s`` (decisions with a choice
played per second), ``perf/updates_per_s``, ``buffer/demo_share``, and per
evaluation ``eval/OPPONENT/win_rate``, ``eval/OPPONENT/opponent_win_rate`` and
``eval/OPPONENT/score_diff``.

:class:`Reporter` prints the text lines and drives the progress bar on the
standard error (off with ``--no-progress``, and when it is not a terminal).
"""

from __future__ import annotations

import csv
import json
import math
import sys
import time
from collections.abc import Mapping
from pathlib import Path
from types import TracebackType
from typing import Any, Final

from chupai.errors import ChupaiError

__all__ = ["CSV_NAME", "JSONL_NAME", "Reporter", "ScalarLog", "read_scalars"]

CSV_NAME: Final = "scalars.csv"
JSONL_NAME: Final = "scalars.jsonl"
_FIELDS: Final = ("wall_time", "step", "tag", "value")


class ScalarLog:
    """Scalars of one run in ``directory`` (None: nowhere)."""

    def __init__(self, directory: str | Path | None) -> None:
        self.dir = None if directory is None else Path(directory)
        self._csv: Any = None
        self._jsonl: Any = None
        if self.dir is None:
            return
        try:
            self.dir.mkdir(parents=True, exist_ok=True)
            new = not (self.dir / CSV_NAME).exists()
            self._csv = open(self.dir / CSV_NAME, "a", newline="", encoding="utf-8")  # noqa: SIM115
            self._jsonl = open(self.dir / JSONL_NAME, "a", encoding="utf-8")  # noqa: SIM115
        except OSError as exc:
            raise ChupaiError(f"--log-dir {str(directory)!r}: {exc}") from None
        self._writer = csv.writer(self._csv)
        if new:
            self._writer.writerow(_FIELDS)

    def write(self, step: int, values: Mapping[str, float]) -> None:
        """One record per tag of ``values`` at ``step`` (the learner's update
        count); NaN values (nothing to report) are left out."""
        if self._csv is None:
            return
        now = round(time.time(), 3)
        for tag, value in values.items():
            v = float(value)
            if math.isnan(v):
                continue
            self._writer.writerow((now, step, tag, repr(v)))
            self._jsonl.write(
                json.dumps({"wall_time": now, "step": step, "tag": tag, "value": v}) + "\n"
            )
        self._csv.flush()
        self._jsonl.flush()

    def close(self) -> None:
        for f in (self._csv, self._jsonl):
            if f is not None:
                f.close()
        self._csv = self._jsonl = None


def read_scalars(directory: str | Path) -> list[dict[str, Any]]:
    """The records of ``directory/scalars.jsonl``, in order."""
    path = Path(directory) / JSONL_NAME
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]


class Reporter:
    """Text lines on the standard output and a progress bar on the standard
    error. ``total`` is the number of updates to reach (None: the bar follows
    the time budget of ``seconds``)."""

    def __init__(self, enabled: bool, total: int | None, seconds: float, start: float) -> None:
        self.start = start
        self.total = total
        self.seconds = seconds
        self._progress: Any = None
        self._task: Any = None
        if enabled and sys.stderr.isatty():
            from rich.console import Console
            from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn

            self._progress = Progress(
                TextColumn("[bold]{task.description}"),
                BarColumn(),
                TextColumn("{task.percentage:>3.0f}%"),
                TimeElapsedColumn(),
                TextColumn("{task.fields[info]}"),
                console=Console(stderr=True),
                transient=True,
            )
            self._task = self._progress.add_task(
                "warm", total=float(total if total is not None else seconds), info=""
            )

    def __enter__(self) -> Reporter:
        if self._progress is not None:
            self._progress.start()
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        if self._progress is not None:
            self._progress.stop()

    def line(self, text: str) -> None:
        """A text line with the minutes since the start."""
        stamp = f"[{(time.perf_counter() - self.start) / 60:6.2f} min] {text}"
        if self._progress is not None:
            self._progress.console.print(stamp, markup=False, highlight=False)
        else:
            print(stamp, flush=True)

    def advance(self, phase: str, updates: int, info: str) -> None:
        """Move the bar: the phase, the updates done, a short status text."""
        if self._progress is None:
            return
        done = updates if self.total is not None else time.perf_counter() - self.start
        self._progress.update(self._task, description=phase, completed=float(done), info=info)
