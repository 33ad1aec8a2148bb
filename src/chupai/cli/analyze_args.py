"""The arguments of ``chupai analyze`` (:mod:`chupai.cli.analyze` runs it)."""

from __future__ import annotations

import argparse

__all__ = ["add_parser"]


def add_parser(p: argparse.ArgumentParser) -> argparse.ArgumentParser:
    """Add the arguments of ``chupai analyze`` to its parser ``p``."""
    p.add_argument("file", metavar="RECORD", help="record file ('-' for standard input)")
    p.add_argument(
        "--seat",
        dest="seats",
        type=int,
        action="append",
        default=None,
        metavar="N",
        help="a seat to analyse; repeat for several (default every seat)",
    )
    p.add_argument(
        "--budget",
        default="default",
        metavar="BUDGET",
        help="quick, default, deep (per game; docs/analysis.md) or a number of rollouts "
        "per decision (default: default)",
    )
    p.add_argument("--seed", type=int, default=0, help="seed of the analysis (default 0)")
    p.add_argument("--json", action="store_true", help="print the analysis as one JSON object")
    p.add_argument(
        "--open-hand",
        action="store_true",
        help="evaluate with every seat's cards known (the perfect-information value, "
        "labelled as such)",
    )
    p.add_argument(
        "--lang",
        choices=("en", "zh", "ja"),
        default="en",
        help="language of the table's headers, labels and lines (en, zh, ja; default en)",
    )
    p.add_argument("--no-progress", action="store_true", help="hide the progress bar")

    return p
