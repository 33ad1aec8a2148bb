"""What the terminal games of ``chupai play`` share: the console, reading a line,
error lines, the help screen, ``--bots`` lists and record files.

Each game's session (:mod:`chupai.cli.play` for Big Two,
:mod:`chupai.cli.play_doudizhu`, :mod:`chupai.cli.play_biga`) draws its own table;
these helpers keep the behaviour around it alike in every game:

* the screen is drawn with rich and read with plain :func:`input`, so the same code
  runs on a terminal and with pipes (then typed lines are echoed, and the transcript
  reads like a session): :func:`make_console`, :func:`read_line`;
* a refused line is one red line starting with ``✗`` (``!`` on a terminal without
  it): :func:`error_line`;
* ``quit`` and the end of standard input end a game through :class:`Quit` and
  :class:`EndOfInput`.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

from chupai.errors import ChupaiError

__all__ = [
    "Quit", "EndOfInput", "make_console", "supports", "read_line", "error_line",
    "help_table", "bot_list", "check_record_path", "write_json",
]

HelpSections = Sequence[tuple[str, Sequence[tuple[str, str]]]]
"""A help screen: titled sections of (what to type, what it does)."""


class Quit(Exception):
    """The player typed quit."""


class EndOfInput(Exception):
    """Standard input ended."""


def make_console(probe: str) -> tuple[Console, bool]:
    """The console of a terminal game and whether the game is interactive (a
    terminal on both ends; then ``readline`` gives line editing and history).

    When standard output cannot encode the characters of ``probe`` (a legacy
    terminal), unencodable characters are written as ``?`` instead of failing.
    """
    encoding = getattr(sys.stdout, "encoding", None) or "utf-8"
    try:
        probe.encode(encoding)
    except (UnicodeEncodeError, LookupError):
        reconfigure = getattr(sys.stdout, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors="replace")
    console = Console(highlight=False)
    interactive = sys.stdin.isatty() and console.is_terminal
    if interactive:
        try:
            import readline  # noqa: F401  (line editing and history for input())
        except ImportError:  # pragma: no cover
            pass
    return console, interactive


def supports(console: Console, chars: str) -> bool:
    """Whether ``console`` can write every character of ``chars``."""
    try:
        chars.encode((console.encoding or "utf-8").lower())
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def read_line(read: Callable[[str], str], console: Console, echo: bool,
              prompt: str = "> ") -> str:
    """One line from ``read`` (e.g. :func:`input`), echoed to the console when
    ``echo`` (input from a pipe); raises :class:`EndOfInput` at the end."""
    try:
        line = read(prompt)
    except EOFError:
        raise EndOfInput() from None
    if echo:
        console.file.write(line + "\n")
        console.file.flush()
    return line


def error_line(message: str | Text, symbols: bool = True) -> Text:
    """A refused input's explanation: ``✗ message`` in red."""
    line = Text(f"{'✗' if symbols else '!'} ", style="bold red")
    line.append_text(message if isinstance(message, Text) else Text(message, style="red"))
    return line


def help_table(sections: HelpSections) -> Table:
    """The help screen: each section's title, then its inputs and meanings."""
    table = Table(box=None, show_header=False, pad_edge=False, padding=(0, 1))
    table.add_column(style="cyan", no_wrap=True)
    table.add_column()
    for title, rows in sections:
        table.add_row(Text(title, style="bold"), "")
        for what, meaning in rows:
            table.add_row("  " + what, meaning)
    return table


def bot_list(text: str, count: int, known: Iterable[str] | None = None, *,
             split: Callable[[str], list[str]] | None = None) -> list[str]:
    """The bot names of ``--bots`` for ``count`` bot seats: one name for every
    seat, or one per seat; with ``known``, every name (before any ``:``
    parameters) must be one of them. ``split`` cuts the text into names (default:
    at every comma; :func:`chupai.bots.split_bot_list` keeps parameters together)."""
    names = [n.strip() for n in (split(text) if split is not None else text.split(","))]
    if any(not n for n in names):
        raise ChupaiError(f"bad --bots value {text!r}: expected NAME or NAME,NAME,...")
    if known is not None:
        allowed = list(known)
        for n in names:
            if n.split(":", 1)[0].strip().lower() not in allowed:
                raise ChupaiError(f"unknown bot {n!r}; bots: {', '.join(allowed)}")
    if len(names) == 1:
        return names * count
    if len(names) != count:
        raise ChupaiError(f"--bots names {len(names)} bots but there are {count} bot seats "
                          "(give one name for all, or one per bot seat)")
    return names


def check_record_path(path: str | None) -> None:
    """Refuse ``--record PATH`` before the game when its directory does not exist."""
    if path is not None and not Path(path).resolve().parent.is_dir():
        raise ChupaiError(f"cannot write the record to {path!r}: no such directory")


def write_json(path: str, obj: Any) -> None:
    """Write ``obj`` as indented JSON to ``path`` (a :class:`ChupaiError` when it
    cannot be written)."""
    text = json.dumps(obj, ensure_ascii=False, indent=2) + "\n"
    try:
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
    except OSError as exc:
        raise ChupaiError(f"cannot write the record to {path!r}: {exc}") from None
