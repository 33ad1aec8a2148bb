"""``chupai replay``: re-validate a JSON game record move by move and print it.

Exit codes: 0 when the record is valid, 1 when it is not (the verdict names the
first bad action), 2 when the input is no readable record at all (unreadable file,
invalid JSON, not a chupai record, unknown game).

The game is taken from the record's ``"game"`` field and looked up in the
registry (:func:`chupai.protocol.get_game`). A game renders its records with the
``replay_deal`` and ``replay_match`` (match records, ``"format":
"chupai-match"``) functions of its ``cli.replay`` plugin
(``chupai.cli.games.<game>.replay``), each validating the record (raising
:class:`~chupai.errors.RecordError`) and printing it when given a console; a game
without one is replayed generically (:func:`replay_deal_generic`,
:func:`replay_match_generic`: each action's text and the result of its spec).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Mapping
from functools import partial
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

from chupai.cli.main import EXIT_USAGE
from chupai.cli.replay_common import (
    ReplayConsole,
    Replayer,
    action_table,
    add_action,
    check_match,
    lang_of,
    outcome_or_note,
    print_explained,
    print_title,
    rt,
    seed_text,
    verdict,
)
from chupai.errors import ChupaiError
from chupai.i18n import translate
from chupai.protocol import GameSpec, all_games, get_game

__all__ = [
    "run_replay",
    "load_record",
    "UnreadableRecord",
    "Replayer",
    "replayer_for",
    "replay_deal_generic",
    "replay_match_generic",
]


class _Unreadable(Exception):
    """The input is not a record we can even start to check (exit 2)."""


UnreadableRecord = _Unreadable
"""What :func:`load_record` raises for input that is no record at all."""


# ----- input ----------------------------------------------------------------------

MAX_RECORD = 64 * 1024 * 1024
"""The largest record read, in bytes (a 100-deal match record is a few MB)."""


def _read(source: str) -> bytes:
    """The bytes of file ``source`` (``-``: standard input), at most
    :data:`MAX_RECORD`; a device, a pipe or a directory named as a file is refused
    (``/dev/zero`` would never end)."""
    if source == "-":
        stdin = getattr(sys.stdin, "buffer", None)  # a text stream stands in for it in tests
        data: bytes = (
            stdin.read(MAX_RECORD + 1)
            if stdin is not None
            else sys.stdin.read(MAX_RECORD + 1).encode("utf-8")
        )
    else:
        path = Path(source)
        if not path.is_file():
            kind = (
                "a directory"
                if path.is_dir()
                else "no regular file"
                if path.exists()
                else "missing"
            )
            raise _Unreadable(f"cannot read {source}: it is {kind}")
        with path.open("rb") as f:
            data = f.read(MAX_RECORD + 1)
    if len(data) > MAX_RECORD:
        raise _Unreadable(
            f"{source} is larger than {MAX_RECORD // (1024 * 1024)} MiB: no record is that long"
        )
    return data


def load_record(source: str) -> dict[str, Any]:
    """Read the JSON object in file ``source`` (``-`` for standard input)."""
    try:
        text = _read(source).decode("utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise _Unreadable(f"cannot read {source}: {exc}") from None
    try:
        rec = json.loads(text)
    except json.JSONDecodeError as exc:
        raise _Unreadable(f"{source} is not valid JSON: {exc}") from None
    except RecursionError:
        raise _Unreadable(f"{source} is not a record: its JSON is nested too deeply") from None
    except ValueError as exc:  # a number of more than 4,300 digits
        raise _Unreadable(f"{source} is not a record: {str(exc).split(';')[0]}") from None
    if not isinstance(rec, dict):
        raise _Unreadable(f"{source} holds JSON {type(rec).__name__}, not a record object")
    form = rec.get("format")
    if not (isinstance(form, str) and form.startswith("chupai-")):
        # chupai-record, chupai-match, or a registered game's own deal format
        raise _Unreadable(f"{source} is not a chupai record (format {form!r})")
    return rec


# ----- the replayer of a game ---------------------------------------------------------


def replayer_for(spec: GameSpec, match: bool = False) -> Replayer:
    """The replayer of ``spec``'s deal records (of its match records with
    ``match``): the game's renderer (``replay_deal`` / ``replay_match`` of its
    ``cli.replay`` plugin), else the generic replay."""
    plugin = spec.plugin("cli.replay")
    found: Replayer | None = getattr(plugin, "replay_match" if match else "replay_deal", None)
    if found is not None:
        return found
    return partial(replay_match_generic if match else replay_deal_generic, spec)


def replay_deal_generic(spec: GameSpec, rec: Mapping[str, Any], out: Console | None) -> int:
    """Validate deal record ``rec`` of ``spec``'s game (:meth:`GameSpec.replay`),
    print it on ``out`` if given (each action's text, then the result of
    :meth:`GameSpec.result`) and return its number of actions."""
    deal = spec.replay(rec)
    events = [ev for ev in deal.history if not getattr(ev, "auto", False)]
    if out is not None:
        rules: Any = getattr(deal, "rules", None)
        print_title(
            out,
            spec.name(),
            {"spec": rec.get("spec") or (rules.spec() if hasattr(rules, "spec") else "?")},
        )
        out.print(translate(seed_text(rec), lang_of(out)))
        with action_table(out) as table:
            for i, ev in enumerate(events):
                add_action(table, i, ev.seat, deal.action_text(ev.action), "bold", "", [])
        _generic_result(spec, deal, out)
        print_explained(out, rec, deal)
    return len(events)


def _generic_result(spec: GameSpec, deal: Any, out: Console) -> None:
    if outcome_or_note(deal, out) is None:
        return
    result = spec.result(deal)
    if result.redeal:
        out.print(Text(rt(out, "redeal: the deal does not count"), style="bold yellow"))
        return
    seats = [rt(out, "seat {n}", n=s) for s in result.winners]
    winners = rt(out, ", ").join(seats) or rt(out, "nobody")
    out.print(Text(rt(out, "winners: {seats}", seats=winners), style="bold green"))
    if result.order:
        order = rt(out, ", ").join(rt(out, "seat {n}", n=s) for s in result.order)
        out.print(rt(out, "finishing order: {order}", order=order))
    table = Table(box=None, pad_edge=False, header_style="bold")
    table.add_column(rt(out, "seat"), justify="right")
    table.add_column(rt(out, "score"), justify="right")
    for seat, score in enumerate(result.scores):
        table.add_row(str(seat), f"{score:+d}")
    out.print(table)


def replay_match_generic(spec: GameSpec, rec: Mapping[str, Any], out: Console | None) -> int:
    """Validate match record ``rec`` of ``spec``'s game
    (:meth:`GameSpec.replay_match`), print its score table on ``out`` if given and
    return its number of actions over all deals."""
    return check_match(
        rec,
        out,
        spec.name(),
        spec.replay_match,
        columns=[("deal", "right"), ("dealer", "right")],
        cells=_generic_row,
    )


def _generic_row(deal: Any, row: Any) -> list[str]:
    if row is None:
        return ["unfinished", str(deal.dealer)]
    number = row.to_dict().get("deal")
    return ["redeal" if number is None else str(number), str(deal.dealer)]


def __getattr__(name: str) -> Any:
    # REPLAYERS and MATCH_REPLAYERS: the replayer of every registered game, by key
    if name in ("REPLAYERS", "MATCH_REPLAYERS"):
        return {spec.key: replayer_for(spec, name == "MATCH_REPLAYERS") for spec in all_games()}
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


# ----- command --------------------------------------------------------------------


def run_replay(args: argparse.Namespace) -> int:
    """Entry point of ``chupai replay FILE [--quiet]``."""
    try:
        rec = load_record(args.file)
        name = rec.get("game")
        if not isinstance(name, str):
            raise _Unreadable(f"record field 'game' is missing or not a string: {name!r}")
        try:
            spec = get_game(name)
        except ChupaiError as exc:
            raise _Unreadable(str(exc)) from None
    except _Unreadable as exc:
        sys.stderr.write(f"chupai: error: {exc}\n")
        return EXIT_USAGE
    replayer = replayer_for(spec, rec.get("format") == "chupai-match")
    lang = getattr(args, "lang", None) or "en"
    return verdict(replayer, rec, None if args.quiet else ReplayConsole(lang=lang, highlight=False))
