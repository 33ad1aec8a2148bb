"""``chupai rules GAME [--rules PRESET] [--set KEY=VALUE ...] [--values] [--json]``.

Prints every option of the game's options object with its value under the chosen
preset and overrides and its one-line explanation (the ``doc`` metadata of the
option's dataclass field); ``--values`` adds the values each option allows. Options changed from the
preset are marked with ``*``.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

from chupai.cli.main import EXIT_OK
from chupai.cli.wrap import Wrapped
from chupai.options import allowed_text, format_value, option_fields, parse_overrides
from chupai.protocol import get_game

__all__ = ["run_rules", "option_rows"]


def option_rows(rules: Any, base: Any | None = None) -> list[dict[str, Any]]:
    """One dict per option: key, value (text), allowed values, doc, and whether it
    differs from ``base`` (the preset)."""
    types = option_fields(type(rules))
    rows = []
    for f in dataclasses.fields(rules):
        value = getattr(rules, f.name)
        rows.append(
            {
                "key": f.name,
                "value": format_value(value),
                "allowed": list(allowed_text(types[f.name])),
                "doc": f.metadata.get("doc", ""),
                "changed": base is not None and value != getattr(base, f.name),
            }
        )
    return rows


def run_rules(args: argparse.Namespace) -> int:
    """Entry point of ``chupai rules``."""
    info = get_game(args.game)
    preset = args.rules or info.default_preset
    rules = info.resolve(preset, parse_overrides(args.overrides))
    base = info.resolve(preset, {})
    rows = option_rows(rules, base)
    if args.json:
        sys.stdout.write(
            json.dumps(
                {"game": info.key, "spec": rules.spec(), "options": rows}, ensure_ascii=False
            )
            + "\n"
        )
        return EXIT_OK
    out = Console(highlight=False)
    out.print(Text(f"{info.name()}: {rules.spec()}", style="bold"), soft_wrap=True)
    table = Table(box=None, header_style="bold", pad_edge=False, padding=(0, 1))
    show_values = getattr(args, "values", False)
    table.add_column("option", no_wrap=True)
    table.add_column("value", no_wrap=True)
    if show_values:
        table.add_column("allowed")
    table.add_column("meaning")
    for row in rows:
        key = Text(row["key"], style="cyan")
        value = Text(row["value"], style="bold yellow" if row["changed"] else "bold")
        if row["changed"]:
            value.append(" *", style="yellow")
        cells = [key, value]
        if show_values:
            cells.append(Text(", ".join(row["allowed"]), style="dim"))
        table.add_row(*cells, Wrapped(row["doc"]))
    out.print(table)
    out.print(
        Text(
            f"Change an option with --set KEY=VALUE; * marks a change from the preset {preset}.",
            style="dim",
        )
    )
    return EXIT_OK
