"""The helpers of the terminal sessions of ``chupai play``: the console, reading a
line, commands, error lines, the help screen, ``--bots`` lists, seeds, record files
and the cells of result tables (the sessions themselves: :mod:`chupai.cli.session`).

Every game's session (the generic one of :mod:`chupai.cli.play_generic`, a game's
own in ``chupai.cli.games.<key>.play``) uses them, so the behaviour around the
table is alike in every game:

* the screen is drawn with rich and read with plain :func:`input`, so the same code
  runs on a terminal and with pipes (then typed lines are echoed, and the transcript
  reads like a session): :func:`make_console`, :func:`open_terminal`,
  :func:`read_line`;
* a refused line is one red line starting with ``✗`` (``!`` on a terminal without
  it): :func:`error_line`;
* ``quit`` and the end of standard input end a game through :class:`Quit` and
  :class:`EndOfInput`; :meth:`TerminalSession.run` turns them into the exit status
  (:data:`EXIT_OK`, :data:`EXIT_EOF`);
* ``--bots``, ``--seat``, ``--deals``/``--to``, ``--seed`` and ``--record`` are
  checked alike: :func:`bot_list`, :func:`check_seat`, :func:`match_length`,
  :func:`game_seed`, :func:`check_record_path`.
"""

from __future__ import annotations

import argparse
import functools
import json
import random
import sys
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any, Final, NamedTuple, TypedDict

from rich.console import Console, JustifyMethod
from rich.table import Table
from rich.text import Text

from chupai.cli.main import EXIT_OK
from chupai.cli.wrap import Wrapped
from chupai.errors import ChupaiError
from chupai.i18n import tr
from chupai.seeds import derive_seed  # noqa: F401  (re-exported: the sessions' seeds)

__all__ = [
    "HINT_TEXTS",
    "EXIT_OK",
    "EXIT_EOF",
    "BOT_PAUSE",
    "HINT_CAP",
    "COMMANDS",
    "PASS_WORDS",
    "Quit",
    "EndOfInput",
    "Command",
    "TerminalOptions",
    "LineReader",
    "make_console",
    "open_terminal",
    "supports",
    "read_line",
    "read_command",
    "reads_commands",
    "error_line",
    "commands_help",
    "help_table",
    "bot_list",
    "other_seats",
    "seat_bots",
    "check_seat",
    "match_length",
    "game_seed",
    "derive_seed",
    "check_record_path",
    "write_json",
    "rules_text",
    "ordinal",
    "score_text",
    "total_row",
    "outcome_table",
    "COMPACT_SEATS",
    "seat_blocks",
    "side_by_side",
    "seat_scores_table",
    "second_person",
    "third_person",
    "told_to",
]

HINT_TEXTS: Final = {
    "n_play": "{n} legal play ({counts})",
    "n_plays": "{n} legal plays ({counts})",
    "or_pass": " — or pass",
    "hint_more": "'hint all' lists them; 'hint pair' (or another type) lists one type.",
    "unknown_type": "unknown combination type {arg!r}; types: {types}",
    "no_type_now": "No legal {kind} now.",
    "first_n": "  first {n}; 'hint {kind}' lists all",
}
"""The texts of :meth:`chupai.cli.session.DealSession.list_plays` by key, in English."""

EXIT_EOF: Final = 1
"""Standard input ended before the game did (:data:`EXIT_OK`: the game was played
out or the player quit)."""
BOT_PAUSE: Final = 0.35
"""Seconds between bot moves on a real terminal (none with pipes)."""
HINT_CAP: Final = 8
"""Plays listed per type by 'hint all' ('hint TYPE' lists every one)."""

HelpSections = Sequence[tuple[str, Sequence[tuple[str, str]]]]
"""A help screen: titled sections of (what to type, what it does)."""

COMMANDS: Final[Mapping[str, str]] = {
    "quit": "quit",
    "q": "quit",
    "exit": "quit",
    "help": "help",
    "h": "help",
    "?": "help",
    "hint": "hint",
    "hints": "hint",
    "table": "table",
    "look": "table",
    "退出": "quit",
    "終了": "quit",
    "帮助": "help",
    "ヘルプ": "help",
    "提示": "hint",
    "ヒント": "hint",
}
"""The commands of every game by the words that give them (each game adds its own):
the English words, and the words the help screens of 中文 and 日本語 show."""

PASS_WORDS: Final[frozenset[str]] = frozenset({"过", "不要", "不出", "パス"})
"""Words read as ``pass`` by every game's reader (:func:`reads_commands`): the
words the table shows for a pass in 中文 and 日本語."""


class Quit(Exception):
    """The player typed quit."""


class EndOfInput(Exception):
    """Standard input ended."""


class Command(NamedTuple):
    """A non-game input line: ``quit``, ``help``, ``hint`` (with its argument, e.g.
    ``all`` or a combination type), ``show``/``table`` (draw the table again) or a
    game's own command such as ``moves``."""

    name: str
    arg: str = ""


class TerminalOptions(TypedDict):
    """The console of a game and how it reads: the keywords of a session that
    :func:`open_terminal` chooses."""

    console: Console
    echo_input: bool
    pause: float


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


def open_terminal(probe: str) -> TerminalOptions:
    """The console of :func:`make_console`, echoing typed lines when standard input
    is no terminal (a pipe) and pausing between bot moves when interactive."""
    console, interactive = make_console(probe)
    return TerminalOptions(
        console=console, echo_input=not sys.stdin.isatty(), pause=BOT_PAUSE if interactive else 0.0
    )


def supports(console: Console, chars: str) -> bool:
    """Whether ``console`` can write every character of ``chars``."""
    try:
        chars.encode((console.encoding or "utf-8").lower())
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def read_line(read: Callable[[str], str], console: Console, echo: bool, prompt: str = "> ") -> str:
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


def read_command(text: str, commands: Mapping[str, str], empty: str) -> Command | None:
    """The command an input line gives: its first word looked up in ``commands``
    (``hint all`` is ``Command("hint", "all")``), ``Command(empty)`` for a blank
    line, None when the line is no command."""
    words = text.lower().split()
    if not words:
        return Command(empty)
    if words[0] in commands:
        return Command(commands[words[0]], " ".join(words[1:]))
    return None


LineReader = Callable[[Any, int, str], Any]
"""A game's reader of an input line: ``read(deal, seat, line)`` gives an action or a
:class:`Command` (raising :class:`ChupaiError` for the player)."""


def reads_commands(commands: Mapping[str, str], empty: str) -> Callable[[LineReader], LineReader]:
    """Decorate a game's :data:`LineReader` so that it reads the commands first
    (:func:`read_command`): the game's reader gets only the other lines, stripped
    (never blank)."""

    def decorate(read: LineReader) -> LineReader:
        @functools.wraps(read)
        def read_input(deal: Any, seat: int, text: str) -> Any:
            command = read_command(text, commands, empty)
            if command is not None:
                return command
            text = text.strip()
            return read(deal, seat, "pass" if text in PASS_WORDS else text)

        read_input.words = tuple(commands)  # type: ignore[attr-defined]  # the suggestions
        return read_input

    return decorate


def error_line(message: str | Text, symbols: bool = True) -> Text:
    """A refused input's explanation: ``✗ message`` in red."""
    line = Text(f"{'✗' if symbols else '!'} ", style="bold red")
    line.append_text(message if isinstance(message, Text) else Text(message, style="red"))
    return line


def commands_help(
    *rows: tuple[str, str], redraw: str = "table, look"
) -> tuple[str, tuple[tuple[str, str], ...]]:
    """The help screen's section of commands: the game's ``rows``, then ``redraw``
    (the word that draws the table again), ``help`` and ``quit``."""
    return (
        "Commands",
        (
            *rows,
            (redraw, "draw the table again (an empty line does too)"),
            ("help", "this text"),
            ("quit", "stop playing (Ctrl-D too)"),
        ),
    )


def help_table(sections: HelpSections, lang: str = "en") -> Table:
    """The help screen: each section's title, then its inputs and meanings (the
    titles and meanings in ``lang``; what to type stays as it is typed)."""
    table = Table(box=None, show_header=False, pad_edge=False, padding=(0, 1))
    table.add_column(style="cyan", no_wrap=True)
    table.add_column()
    for title, rows in sections:
        table.add_row(Text(tr(lang, title), style="bold"), "")
        for what, meaning in rows:  # CJK meanings have no spaces: Wrapped breaks inside them
            table.add_row("  " + what, Wrapped(tr(lang, meaning)) if meaning else meaning)
    return table


# ----- setup ------------------------------------------------------------------------


def bot_list(
    text: str,
    count: int,
    known: Iterable[str] | None = None,
    *,
    split: Callable[[str], list[str]] | None = None,
) -> list[str]:
    """The bot names of ``--bots`` for ``count`` bot seats: one name for every
    seat, or one per seat; with ``known``, every name (before any ``:``
    parameters) must be one of them, or name an own agent as ``module:attribute``. ``split`` cuts the text into names (default:
    at every comma; :func:`chupai.bots.split_bot_list` keeps parameters together)."""
    names = [n.strip() for n in (split(text) if split is not None else text.split(","))]
    if any(not n for n in names):
        raise ChupaiError(f"bad --bots value {text!r}: expected NAME or NAME,NAME,...")
    if known is not None:
        from chupai.bots import is_module_ref

        allowed = list(known)
        for n in names:  # an own agent's module:attribute is checked by building it
            if not is_module_ref(n) and n.split(":", 1)[0].strip().lower() not in allowed:
                raise ChupaiError(f"unknown bot {n!r}; bots: {', '.join(allowed)}")
    if len(names) == 1:
        return names * count
    if len(names) != count:
        raise ChupaiError(
            f"--bots names {len(names)} bots but there are {count} bot seats "
            "(give one name for all, or one per bot seat)"
        )
    return names


def other_seats(human: int, players: int) -> list[int]:
    """The seats of the bots: every seat but ``human``, in order."""
    return [s for s in range(players) if s != human]


def seat_bots(
    names: Sequence[str], human: int, players: int, deal_seed: int, make: Callable[..., Any]
) -> dict[int, Any]:
    """The bot of every seat but ``human``: ``make(name, seed=...)`` with the bot
    seeds of ``chupai simulate`` for the deal of ``deal_seed``, so a seat's bot
    plays alike in a game and in a simulation."""
    from chupai.tournament import bot_seed

    seats = other_seats(human, players)
    return {s: make(n, seed=bot_seed(deal_seed, s)) for s, n in zip(seats, names, strict=True)}


def check_seat(human: int, players: int, of: str) -> None:
    """Refuse ``--seat`` outside ``0 .. players - 1`` (``of``: what the seats are
    of, e.g. ``a 4-player deal``)."""
    if not 0 <= human < players:
        raise ChupaiError(f"--seat {human} is not a seat of {of} (0 to {players - 1})")


def match_length(args: argparse.Namespace) -> tuple[int | None, int | None]:
    """``--deals`` and ``--to`` of ``args`` (None when not given), each at least 1."""
    deals = getattr(args, "deals", None)
    target = getattr(args, "target", None)
    if deals is not None and deals < 1:
        raise ChupaiError(f"--deals must be at least 1, got {deals}")
    if target is not None and target < 1:
        raise ChupaiError(f"--to must be at least 1, got {target}")
    return deals, target


def game_seed(seed: int | None) -> tuple[int, bool]:
    """The seed of ``--seed``, or a random one when it is None; and whether it was
    random."""
    if seed is None:
        return random.SystemRandom().randrange(1, 1_000_000), True
    return seed, False


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


# ----- words and cells ------------------------------------------------------------------

_SECOND_PERSON: Final = {"does": "do", "holds": "hold", "has": "have", "is": "are"}


def second_person(verb: str) -> str:
    """The second person of a third-person ``verb`` (its first word agrees).

    >>> second_person("does not hold"), second_person("holds"), second_person("must")
    ('do not hold', 'hold', 'must')
    """
    first, space, rest = verb.partition(" ")
    return _SECOND_PERSON.get(first, first) + space + rest


def told_to(reason: str, seat: int, verbs: Iterable[str]) -> str:
    """An engine's ``reason`` told to ``seat``: its opening ``seat N VERB`` (the first
    of ``verbs`` that opens it) becomes ``you`` and the verb's second person.

    >>> told_to("seat 2 holds no 3D", 2, ("does not hold", "holds"))
    'you hold no 3D'
    """
    for verb in verbs:
        old = f"seat {seat} {verb}"
        if reason.startswith(old):
            return f"you {second_person(verb)}{reason[len(old) :]}"
    return reason


_THIRD_PERSON: Final = {"are": "is", "have": "has", "were": "was"}


def third_person(verb: str) -> str:
    """The third person of a second-person ``verb`` (its first word agrees).

    >>> third_person("pass"), third_person("do not rob"), third_person("are")
    ('passes', 'does not rob', 'is')
    """
    if verb.startswith("do "):
        return "does " + verb[3:]
    first, space, rest = verb.partition(" ")
    if first in _THIRD_PERSON:
        return _THIRD_PERSON[first] + space + rest
    return first + ("es" if first.endswith(("s", "sh")) else "s") + space + rest


def rules_text(rules: Any) -> str:
    """The rules as one line: their ``spec()`` (``bigtwo(preset=standard)``), or
    their ``repr`` for rules without one."""
    spec = getattr(rules, "spec", None)
    return str(spec()) if callable(spec) else repr(rules)


def ordinal(n: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``4th``, ..., ``11th``, ``21st``."""
    suffix = {1: "st", 2: "nd", 3: "rd"}.get(n % 10 if n % 100 not in (11, 12, 13) else 0, "th")
    return f"{n}{suffix}"


def score_text(score: int) -> Text:
    """A score with its sign, green when won and red when lost."""
    return Text(f"{score:+d}", style="green" if score > 0 else "red" if score < 0 else "")


def total_row(totals: Sequence[int], blanks: int, lang: str = "en") -> list[Text | str]:
    """The last row of a score table: ``Total`` (in ``lang``), ``blanks`` empty
    cells, then the running totals in bold (the best in green)."""
    best = max(totals)
    return [
        Text(tr(lang, "Total"), style="bold"),
        *([""] * blanks),
        *(Text(f"{t:+d}", style="bold green" if t == best else "bold") for t in totals),
    ]


def outcome_table(*columns: str | tuple[str, JustifyMethod], lang: str = "en", **kw: Any) -> Table:
    """A borderless table with bold headers: each column a header, or a header and
    its justification (``("Score", "right")``); headers and title in ``lang``."""
    if isinstance(kw.get("title"), str):
        kw["title"] = tr(lang, kw["title"])
    table = Table(box=None, header_style="bold", pad_edge=False, padding=(0, 1), **kw)
    for column in columns:
        if isinstance(column, str):
            table.add_column(tr(lang, column))
        else:
            table.add_column(tr(lang, column[0]), justify=column[1])
    return table


COMPACT_SEATS: Final = 8
"""Up to this many seats the seat list is one table and the score table has a
column per seat; beyond, the seat list is drawn in side-by-side blocks
(:func:`seat_blocks`) and the score table has a row per seat
(:func:`seat_scores_table`), so that 13 or 52 seats stay readable at 100 columns."""


def seat_blocks(players: int) -> list[range]:
    """The seats of each side-by-side block of the seat list: one block up to
    :data:`COMPACT_SEATS`, two up to 26 seats, three beyond (the seats in order,
    the first blocks one longer when they do not divide evenly).

    >>> seat_blocks(4), seat_blocks(13)
    ([range(0, 4)], [range(0, 7), range(7, 13)])
    """
    blocks = 1 if players <= COMPACT_SEATS else 2 if players <= 26 else 3
    size, longer = divmod(players, blocks)
    starts = [b * size + min(b, longer) for b in range(blocks + 1)]
    return [range(starts[b], starts[b + 1]) for b in range(blocks)]


def side_by_side(tables: Sequence[Table]) -> Table | Text:
    """``tables`` next to each other, three columns apart (the one table alone)."""
    if len(tables) == 1:
        return tables[0]
    grid = Table.grid(padding=(0, 3))
    for _ in tables:
        grid.add_column(vertical="top")
    grid.add_row(*tables)
    return grid


def seat_scores_table(
    names: Sequence[Text | str],
    deals: Sequence[tuple[str, Sequence[int]]],
    totals: Sequence[int],
    *,
    title: str,
    headers: tuple[str, str, str],
    winners: tuple[str, Sequence[str]] | None = None,
    last: int = 6,
) -> Table:
    """A score table with a row per seat (many seats): ``names`` the seats' cells,
    ``deals`` each deal's label and scores in order (only the ``last`` are shown,
    the earlier ones count in the total), ``totals`` the running totals (the best
    in green); ``headers`` are the seat, deal and total headers (``Seat``,
    ``Deal``, ``Total``); ``winners``, a last row: its label and each deal's
    winner."""
    shown = list(deals)[-last:]
    earlier = len(deals) - len(shown)
    seat, deal, total = headers
    columns: list[str | tuple[str, JustifyMethod]] = [seat]
    if earlier:
        columns.append((f"{deal} 1–{earlier}", "right"))
    columns += [(f"{deal} {label}", "right") for label, _ in shown]
    table = outcome_table(
        *columns,
        (total, "right"),
        title=title,
        title_justify="left",
        title_style="bold",
    )
    best = max(totals)
    for s, name in enumerate(names):
        cells: list[Text | str] = [name]
        if earlier:
            before = totals[s] - sum(scores[s] for _, scores in shown)
            cells.append(f"{before:+d}")
        cells += [f"{scores[s]:+d}" for _, scores in shown]
        cells.append(Text(f"{totals[s]:+d}", style="bold green" if totals[s] == best else "bold"))
        table.add_row(*cells)
    if winners is not None:
        label, names = winners
        shown_names = list(names)[len(names) - len(shown) :]
        table.add_row(Text(label, style="dim"), *([""] if earlier else []), *shown_names, "")
    return table
