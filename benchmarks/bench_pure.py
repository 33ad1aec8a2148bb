"""The pure-Python twin of a benchmark run: the same script again in a child
process under ``CHUPAI_PURE=1`` (:mod:`chupai.compiled`), its final JSON line
read back, and per contender the compiled figure over the pure one."""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from typing import Any

from bench_doudizhu import ratio
from rich import box
from rich.console import Console
from rich.table import Table

from chupai import compiled
from chupai.env.codec import FAST_MODULE


def engine_note() -> str:
    """Which engine this process runs: ``compiled``, ``partial`` or ``pure`` (the
    games' cores, :func:`chupai.compiled.engine`), and whether the environment's
    compiled writer is in use."""
    env = "compiled" if compiled.load(FAST_MODULE) is not None else "pure"
    return f"engine {compiled.engine()}, env encoding {env}"


def pure_figures(
    script: str, args: argparse.Namespace, options: list[str]
) -> tuple[dict[str, Any] | None, str]:
    """The figures of ``script`` run again with ``--pure-child`` and the same
    ``options`` (read from ``args``; ``--rounds``/``--seconds`` from
    ``rounds_used``/``seconds_used``) in a child process under ``CHUPAI_PURE=1``:
    ``(its JSON summary, note)``; None when skipped (``args.no_pure``, or this
    run is already pure)."""
    if args.no_pure:
        return None, "skipped (--no-pure)"
    if compiled.pure_forced() or (
        compiled.engine() == "pure" and compiled.load(FAST_MODULE) is None
    ):
        return None, "skipped: this run is already pure"
    cmd = [sys.executable, os.path.abspath(script), "--pure-child"]
    for opt in options:
        name = opt.lstrip("-").replace("-", "_")
        value = getattr(args, name + "_used", None) or getattr(args, name)
        cmd.append(f"{opt}={value}")
    env = dict(os.environ, CHUPAI_PURE="1")
    try:
        done = subprocess.run(cmd, env=env, capture_output=True, text=True, check=True)
        return json.loads(done.stdout.strip().splitlines()[-1]), "CHUPAI_PURE=1 child process"
    except (subprocess.CalledProcessError, ValueError, IndexError) as exc:
        return None, f"failed: {type(exc).__name__}: {str(exc)[:200]}"


def compare_with_pure(
    figs: dict[str, dict[str, Any]], pure: dict[str, Any] | None
) -> tuple[dict[str, float | None], dict[str, float | None]]:
    """Per chupai contender, compiled steps/s over pure (best and median round)."""
    best: dict[str, float | None] = {}
    median: dict[str, float | None] = {}
    if pure is None:
        return best, median
    for name, f in figs.items():
        if name in pure["steps_per_s"]:
            best[name] = ratio(f["steps_per_s"], pure["steps_per_s"][name])
            median[name] = ratio(f["median_steps_per_s"], pure["median_steps_per_s"][name])
    return best, median


def print_pure_table(
    figs: dict[str, dict[str, Any]],
    pure: dict[str, Any] | None,
    vs: dict[str, float | None],
    note: str,
) -> None:
    console = Console(highlight=False, width=None if sys.stdout.isatty() else 100)
    if pure is None:
        console.print(f"pure run: {note}")
        return
    table = Table(title="compiled vs pure, best round", title_justify="left", box=box.SIMPLE_HEAD)
    table.add_column("contender")
    for col in ("compiled", "pure", "ratio"):
        table.add_column(col, justify="right")
    for name, r in vs.items():
        table.add_row(
            name,
            f"{figs[name]['steps_per_s']:,.0f}",
            f"{pure['steps_per_s'][name]:,.0f}",
            "-" if r is None else f"{r:.2f}",
        )
    console.print(table)
