"""Research-environment speed of Big Two at several table sizes (issue #22):
steps per second of random play through the PettingZoo AEC env and the batch
runner (``VectorGames``) at 4 seats (``standard``), 6 seats with two packs and 13
seats with one pack.

Run ``python benchmarks/bench_env_sizes.py`` (about a minute), ``--quick`` for a
smoke run of a few seconds; ``--rounds N`` and ``--seconds S`` (timed seconds per
contender, split over the rounds) set the effort, ``--num-games`` the width of
the batch runner (64), ``--sizes`` which tables (``4,6x2,13``: seats, ``x2`` for
two packs). Needs the ``env`` extra.

The contenders and the timing are those of ``benchmarks/bench_env.py`` (the
standard AEC loop with uniform legal ids, the batch runner with
``random_actions``; round by round, interleaved, in this one process, so on one
core). Four seats play through the compiled core where it is built; more seats,
two packs and the round-robin deal fall back to the pure-Python engine and
encoder (``chupai.bigtwo._fast.unsupported``), so the figures are not comparable
across sizes as engines, only as what a learner gets. Figures are printed as a
table, then as one final JSON line. This is a script, not a test: it asserts
nothing about speed.
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import sys
from typing import Any

# the same contenders and timing (this folder is on the path)
from bench_doudizhu import time_rounds
from bench_env import Stepper, aec_contender, vector_contender
from bench_pure import engine_note
from rich import box
from rich.console import Console
from rich.table import Table

from chupai.env.common import resolve_env_rules
from chupai.env.encode import Encoder
from chupai.env.spaces import ActionSpace

DEFAULT_SIZES = "4,6x2,13"


def size_rules(size: str) -> tuple[str, str]:
    """``(label, rules spec)`` of a ``--sizes`` entry: ``6x2`` is six seats with
    two packs, ``13`` thirteen seats with one."""
    seats, _, packs = size.partition("x")
    if not seats.isdigit() or packs not in ("", "2"):
        raise SystemExit(f"bad --sizes entry {size!r}: seats, optionally 'x2' for two packs")
    spec = f"standard,players={seats}" + (",packs=2" if packs else "")
    label = f"{seats} seats" + (", two packs" if packs else "")
    return label, spec


def figures(c: Stepper) -> dict[str, Any]:
    """Steps per second of ``c`` (its rates count calls of ``run()``, each
    ``c.steps`` steps), best and median round, and its mean episode length."""
    return {
        "steps_per_s": round(max(c.rates) * c.steps, 1),
        "median_steps_per_s": round(statistics.median(c.rates) * c.steps, 1),
        "mean_episode_length": None if c.mean_length() is None else round(c.mean_length(), 1),
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="a smoke run of a few seconds")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--seconds", type=float, default=6.0, help="timed seconds per contender")
    ap.add_argument("--num-games", type=int, default=64)
    ap.add_argument("--sizes", default=DEFAULT_SIZES)
    args = ap.parse_args(argv)
    rounds, seconds = (2, 0.6) if args.quick else (args.rounds, args.seconds)
    num_games = 8 if args.quick else args.num_games

    contenders: list[Stepper] = []
    info: dict[str, dict[str, Any]] = {}
    for size in args.sizes.split(","):
        label, spec = size_rules(size)
        _, rules = resolve_env_rules("bigtwo", spec)
        info[size] = {
            "rules": spec,
            "actions": ActionSpace.for_rules("bigtwo", rules).n,
            "observation": Encoder("bigtwo", rules).size,
        }
        contenders.append(aec_contender(f"aec_{size}", "bigtwo", spec, 1))
        contenders.append(vector_contender(f"vector_{size}", "bigtwo", spec, num_games, 1))
        contenders[-2].game = contenders[-1].game = label
    time_rounds(contenders, rounds, seconds / rounds)

    table = Table(title="Big Two env steps/s by table size", box=box.SIMPLE)
    for col in ("table", "contender", "actions", "obs", "best", "median", "ep. length"):
        table.add_column(col, justify="left" if col in ("table", "contender") else "right")
    summary: dict[str, Any] = {
        "python": platform.python_version(),
        "engine": engine_note(),
        "rounds": rounds,
        "seconds": seconds,
        "num_games": num_games,
        "sizes": {},
    }
    for c in contenders:
        size = c.name.split("_", 1)[1]
        f = figures(c)
        summary["sizes"].setdefault(size, dict(info[size]))[c.name.split("_")[0]] = f
        table.add_row(
            c.game,
            c.label,
            f"{info[size]['actions']:,}",
            f"{info[size]['observation']:,}",
            f"{f['steps_per_s']:,.0f}",
            f"{f['median_steps_per_s']:,.0f}",
            "-" if f["mean_episode_length"] is None else f"{f['mean_episode_length']}",
        )
    Console().print(table)
    print(json.dumps(summary, sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())
