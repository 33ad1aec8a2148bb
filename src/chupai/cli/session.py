"""What the terminal games of ``chupai play`` share: the console, reading a line,
commands, error lines, the help screen, ``--bots`` lists, seeds, record files and
the sessions' common frame.

Each game's session (:mod:`chupai.cli.play` for Big Two,
:mod:`chupai.cli.play_doudizhu`, :mod:`chupai.cli.play_biga`) draws its own table;
these helpers keep the behaviour around it alike in every game:

* the screen is drawn with rich and read with plain :func:`input`, so the same code
  runs on a terminal and with pipes (then typed lines are echoed, and the transcript
  reads like a session): :func:`make_console`, :func:`open_terminal`,
  :func:`read_line`;
* a refused line is one red line starting with ``✗`` (``!`` on a terminal without
  it): :func:`error_line`;
* ``quit`` and the end of standard input end a game through :class:`Quit` and
  :class:`EndOfInput`; :meth:`TerminalSession.run` turns them into the exit status
  (:data:`EXIT_OK`, :data:`EXIT_EOF`);
* :class:`DealSession` is the turn loop of a deal (the human's lines, commands and
  refusals, the bots' moves) and the table's common cells; :class:`BaseMatchSession`
  plays a match deal after deal with the score table after each one.
"""

from __future__ import annotations

import argparse
import functools
import hashlib
import json
import random
import sys
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any, ClassVar, Final, NamedTuple, TypedDict

from rich.columns import Columns
from rich.console import Console, JustifyMethod
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from chupai.cli.main import EXIT_OK
from chupai.errors import ChupaiError

__all__ = [
    "EXIT_OK", "EXIT_EOF", "BOT_PAUSE", "HINT_CAP", "COMMANDS",
    "Quit", "EndOfInput", "Command", "TerminalOptions", "LineReader",
    "make_console", "open_terminal", "supports", "read_line", "read_command",
    "reads_commands", "error_line", "commands_help", "help_table",
    "bot_list", "other_seats", "seat_bots", "check_seat", "match_length", "game_seed",
    "derive_seed", "check_record_path", "write_json",
    "ordinal", "score_text", "total_row", "outcome_table",
    "TerminalSession", "DealSession", "BaseMatchSession",
]

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
    "quit": "quit", "q": "quit", "exit": "quit",
    "help": "help", "h": "help", "?": "help",
    "hint": "hint", "hints": "hint",
}
"""The commands of every game by the words that give them (each game adds its own)."""


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
    return TerminalOptions(console=console, echo_input=not sys.stdin.isatty(),
                           pause=BOT_PAUSE if interactive else 0.0)


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


def reads_commands(commands: Mapping[str, str], empty: str
                   ) -> Callable[[LineReader], LineReader]:
    """Decorate a game's :data:`LineReader` so that it reads the commands first
    (:func:`read_command`): the game's reader gets only the other lines, stripped
    (never blank)."""
    def decorate(read: LineReader) -> LineReader:
        @functools.wraps(read)
        def read_input(deal: Any, seat: int, text: str) -> Any:
            command = read_command(text, commands, empty)
            return command if command is not None else read(deal, seat, text.strip())
        return read_input
    return decorate


def error_line(message: str | Text, symbols: bool = True) -> Text:
    """A refused input's explanation: ``✗ message`` in red."""
    line = Text(f"{'✗' if symbols else '!'} ", style="bold red")
    line.append_text(message if isinstance(message, Text) else Text(message, style="red"))
    return line


def commands_help(*rows: tuple[str, str], redraw: str = "table"
                  ) -> tuple[str, tuple[tuple[str, str], ...]]:
    """The help screen's section of commands: the game's ``rows``, then ``redraw``
    (the word that draws the table again), ``help`` and ``quit``."""
    return ("Commands", (*rows, (redraw, "draw the table again (an empty line does too)"),
                         ("help", "this text"), ("quit", "stop playing (Ctrl-D too)")))


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


# ----- setup ------------------------------------------------------------------------

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


def other_seats(human: int, players: int) -> list[int]:
    """The seats of the bots: every seat but ``human``, in order."""
    return [s for s in range(players) if s != human]


def seat_bots(names: Sequence[str], human: int, players: int, deal_seed: int,
              make: Callable[..., Any]) -> dict[int, Any]:
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


def derive_seed(tag: str, seed: int, number: int) -> int:
    """A seed derived from ``seed`` for the ``number``-th use ``tag`` names (a
    redeal, a deal of a series): stable across runs and platforms, below 10**9."""
    digest = hashlib.blake2b(f"{tag}:{seed}:{number}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") % 1_000_000_000


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

def ordinal(n: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``4th``, ..., ``11th``, ``21st``."""
    suffix = {1: "st", 2: "nd", 3: "rd"}.get(n % 10 if n % 100 not in (11, 12, 13) else 0, "th")
    return f"{n}{suffix}"


def score_text(score: int) -> Text:
    """A score with its sign, green when won and red when lost."""
    return Text(f"{score:+d}", style="green" if score > 0 else "red" if score < 0 else "")


def total_row(totals: Sequence[int], blanks: int) -> list[Text | str]:
    """The last row of a score table: ``Total``, ``blanks`` empty cells, then the
    running totals in bold (the best in green)."""
    best = max(totals)
    return [Text("Total", style="bold"), *([""] * blanks),
            *(Text(f"{t:+d}", style="bold green" if t == best else "bold") for t in totals)]


def outcome_table(*columns: str | tuple[str, JustifyMethod], **kw: Any) -> Table:
    """A borderless table with bold headers: each column a header, or a header and
    its justification (``("Score", "right")``)."""
    table = Table(box=None, header_style="bold", pad_edge=False, padding=(0, 1), **kw)
    for column in columns:
        if isinstance(column, str):
            table.add_column(column)
        else:
            table.add_column(column[0], justify=column[1])
    return table


# ----- sessions ----------------------------------------------------------------------------

class TerminalSession:
    """What every session of ``chupai play`` has: the human's seat, the console and
    how lines are read, the language and the record file; it names seats, writes
    lines and runs the game to an exit status (:meth:`run`).

    A game fills in :meth:`intro`, :meth:`play_all`, :meth:`finish` and
    :meth:`abandoned`."""

    SYMBOLS: ClassVar[str] = ""
    """The special characters the session draws when the console can write them all
    (:attr:`symbols`; else plain stand-ins)."""

    def __init__(
        self,
        human: int,
        *,
        console: Console,
        seed_was_random: bool = False,
        lang: str = "en",
        record: str | None = None,
        read_line: Callable[[str], str] = input,
        echo_input: bool = False,
        pause: float = 0.0,
    ):
        self.human = human
        self.console = console
        self.seed_was_random = seed_was_random
        self.lang = lang
        self.record = record
        self.read_line = read_line
        self.echo_input = echo_input
        self.pause = pause
        self.symbols = supports(console, self.SYMBOLS)

    # ----- words ---------------------------------------------------------------------
    def name(self, seat: int) -> str:
        return "You" if seat == self.human else f"Seat {seat}"

    def verb(self, seat: int, verb: str) -> str:
        """``verb`` agreeing with the seat's name (``You pass``, ``Seat 1 passes``,
        ``Seat 2 does not rob``, ``Seat 3 is``)."""
        if seat == self.human:
            return verb
        if verb.startswith("do "):
            return "does " + verb[3:]
        irregular = {"are": "is", "have": "has", "were": "was"}
        if verb in irregular:
            return irregular[verb]
        return verb + ("es" if verb.endswith(("s", "sh")) else "s")

    def seats_line(self, bots: Mapping[int, str]) -> str:
        """``You are Seat 0. Bots: Seat 1 greedy, ...`` for the bot names by seat."""
        names = ", ".join(f"Seat {s} {n}" for s, n in bots.items())
        return f"You are Seat {self.human}. Bots: {names}."

    def seated(self, names: Sequence[str], players: int) -> dict[int, str]:
        """The bot ``names`` by seat: one for every seat but the human's, in order."""
        return dict(zip(other_seats(self.human, players), names, strict=True))

    def random_note(self, seed: int) -> str:
        """`` (random: replay it with --seed N)`` when the seed was drawn at random."""
        return f" (random: replay it with --seed {seed})" if self.seed_was_random else ""

    # ----- writing -------------------------------------------------------------------
    def say(self, *parts: Any, **kw: Any) -> None:
        self.console.print(*parts, highlight=False, **kw)

    def rule(self, title: str | Text) -> None:
        """A blue rule across the screen with ``title`` (a string is set in bold)."""
        self.say(Rule(Text(title, style="bold") if isinstance(title, str) else title,
                      style="blue"))

    def error(self, message: str | Text) -> None:
        self.say(error_line(message, self.symbols))

    def say_setup(self, spec: str, seed_line: str, bots: Mapping[int, str]) -> None:
        """The rules, the seed and who sits where."""
        self.say(f"Rules: {spec}")
        self.say(seed_line)
        self.say(self.seats_line(bots))

    def say_help_note(self) -> None:
        self.say(Text("Type 'help' for the commands.", style="dim"))

    def say_intro(self, title: str, spec: str, seed_line: str, bots: Mapping[int, str]
                  ) -> None:
        """The opening screen: the title, :meth:`say_setup` and the help note."""
        self.rule(title)
        self.say_setup(spec, seed_line, bots)
        self.say_help_note()

    def save_record(self, data: Any, path: str | None = None, what: str = "Record") -> None:
        """Write ``data`` to ``path`` (default ``--record``) and say so."""
        path = self.record if path is None else path
        assert path is not None
        write_json(path, data)
        self.say(f"{what} written to {path}")

    def ask(self) -> str:
        return read_line(self.read_line, self.console, self.echo_input)

    # ----- the game --------------------------------------------------------------------
    def run(self) -> int:
        """Play the game; the exit status: :data:`EXIT_OK` when it is played out or
        the player quits, :data:`EXIT_EOF` when standard input ends first."""
        self.intro()
        try:
            self.play_all()
        except Quit:
            self.say(Text(f"You quit; {self.abandoned()}.", style="bold"))
            if self.record and not self.wrote_records():
                self.say("No record written.")
            return EXIT_OK
        except EndOfInput:
            self.say(Text(f"\nEnd of input; {self.abandoned()}.", style="bold"))
            return EXIT_EOF
        self.finish()
        return EXIT_OK

    def intro(self) -> None:
        """The opening screen."""
        raise NotImplementedError

    def play_all(self) -> None:
        """Play every deal (raises :class:`Quit` or :class:`EndOfInput`)."""
        raise NotImplementedError

    def finish(self) -> None:
        """The end of a game played out: results and records."""
        raise NotImplementedError

    def abandoned(self) -> str:
        """What quitting leaves, e.g. ``the deal is abandoned (seed 5)``."""
        raise NotImplementedError

    def wrote_records(self) -> bool:
        """Whether a record was written before the game ended (then quitting does
        not say 'No record written.')."""
        return False


class DealSession(TerminalSession):
    """A deal at the table: the human's turns (lines read until one is a legal
    action; commands answered on the way), the bots' turns, and the cells of the
    seats table.

    A game fills in :meth:`parse`, :meth:`draw`, :meth:`apply`, :meth:`hint`,
    :meth:`explain_reason` (and :meth:`follow_note`), :meth:`action`,
    :meth:`cards`, :meth:`show_outcome` and :meth:`record_data`; for
    :meth:`list_plays` also :meth:`kind` and :meth:`find_kind`."""

    HELP: ClassVar[HelpSections] = ()
    """The help screen's sections."""
    PLAY: ClassVar[type] = object
    """The class of the game's plays (combinations), refused as not beating the top."""

    deal: Any

    def __init__(self, human: int, seed: int, **options: Any):
        super().__init__(human, **options)
        self.seed = seed
        self.bots: dict[int, Any] = {}
        self.trick: dict[int, Any] = {}
        """Each seat's last action in the current trick."""

    # ----- the game ------------------------------------------------------------------
    def play_all(self) -> None:
        self.play_deal()

    def abandoned(self) -> str:
        return f"the deal is abandoned (seed {self.seed})"

    def finish(self) -> None:
        self.show_outcome()
        if self.record:
            self.save_record(self.record_data())

    def show_outcome(self) -> None:
        """The result of the deal played out."""
        raise NotImplementedError

    def record_data(self) -> Any:
        """The record of the deal (JSON data)."""
        raise NotImplementedError

    # ----- the turns -----------------------------------------------------------------
    def play_deal(self) -> None:
        """Play the current deal to its end (raises Quit or EndOfInput)."""
        deal = self.deal
        while not deal.is_terminal():
            seat = deal.current_player
            assert seat is not None
            if seat == self.human:
                self.human_turn()
            else:
                self.bot_turn(seat)

    def human_turn(self) -> None:
        """Draw the table and apply the human's next legal action."""
        self.draw()
        self.apply(self.read_action())

    def read_action(self) -> Any:
        """Read lines until one is a legal action of the human: a command is
        answered and a refused line explained, and the next line is read."""
        deal = self.deal
        while True:
            line = self.ask()
            try:
                got = self.parse(line)
            except ChupaiError as exc:
                self.error(str(exc))
                continue
            if isinstance(got, Command):
                self.run_command(got)
                continue
            reason = deal.why_illegal(got)
            if reason is not None:
                self.error(self.explain_illegal(got, reason))
                continue
            return got

    def run_command(self, command: Command) -> None:
        """Answer ``quit`` (raises :class:`Quit`), ``help``, ``hint``; any other
        command draws the table again."""
        if command.name == "quit":
            raise Quit()
        if command.name == "help":
            self.show_help()
        elif command.name == "hint":
            self.hint(command.arg)
        else:
            self.draw()

    def show_help(self) -> None:
        self.say(help_table(self.HELP))

    def bot_turn(self, seat: int) -> None:
        """The bot of ``seat`` acts on what it may see (after :meth:`bot_pause`)."""
        deal = self.deal
        action = self.bots[seat].act(deal.observe(seat), deal.legal_actions())
        pause = self.bot_pause()
        if pause:
            time.sleep(pause)
        self.apply(action)

    def bot_pause(self) -> float:
        """Seconds to wait before a bot's move is shown."""
        return self.pause

    def parse(self, line: str) -> Any:
        """The action or :class:`Command` of an input line of the human (raises
        :class:`ChupaiError` with a message for the player)."""
        raise NotImplementedError

    def draw(self) -> None:
        """The human's view of the table."""
        raise NotImplementedError

    def apply(self, action: Any) -> None:
        """Apply a legal action of the seat to act and report it."""
        raise NotImplementedError

    def hint(self, arg: str = "") -> None:
        """Suggest a move."""
        raise NotImplementedError

    def explain_illegal(self, action: Any, reason: str) -> Text:
        """The engine's reason, in the player's words and with the cards drawn: a
        play that does not beat the top (:meth:`follow_note` says how to follow),
        a lead passed, or :meth:`explain_reason`."""
        top = self.deal.top
        if isinstance(action, self.PLAY) and top is not None and "does not beat" in reason:
            t = self.action(action)
            t.append(" does not beat ")
            t.append_text(self.action(top))
            return t.append(self.follow_note(action, top))
        if reason == "the leader may not pass":
            return Text("you lead this trick, so you may not pass: play a combination")
        return self.explain_reason(action, reason)

    def follow_note(self, play: Any, top: Any) -> str:
        """Why ``play`` cannot follow ``top`` when it is not the kind of play that
        could (`` (play 5 cards to follow)``), else ''."""
        return ""

    def explain_reason(self, action: Any, reason: str) -> Text:
        """Any other reason, in the player's words."""
        raise NotImplementedError

    def action(self, action: Any) -> Text:
        """An action as colored text."""
        raise NotImplementedError

    def cards(self, cards: int) -> Text:
        """Cards as colored text."""
        raise NotImplementedError

    # ----- the table -------------------------------------------------------------------
    def seats_frame(self, *columns: str) -> Table:
        """The seats table's frame: the turn marker and ``Seat`` columns, then
        ``columns`` (``Cards`` right-aligned)."""
        table = Table(box=None, show_header=True, header_style="bold", pad_edge=False,
                      padding=(0, 1))
        table.add_column("", width=1)
        table.add_column("Seat")
        for column in columns:
            table.add_column(column, justify="right" if column == "Cards" else "left")
        return table

    def marker(self, seat: int, current: int | None) -> Text:
        """The turn marker ``▶`` of the seat to act (empty for the others)."""
        if seat != current:
            return Text("")
        return Text("▶" if self.symbols else ">", style="bold yellow")

    def bot_seats(self) -> dict[int, str]:
        """The name of each seat's bot, by seat."""
        return {s: getattr(b, "name", "bot") for s, b in sorted(self.bots.items())}

    def seat_label(self, seat: int) -> Text:
        """The seat's name (the human's in green) and its bot's name."""
        label = Text(self.name(seat), style="bold green" if seat == self.human else "")
        if seat in self.bots:
            label.append(f" {getattr(self.bots[seat], 'name', 'bot')}", style="dim")
        return label

    def trick_cell(self, trick: Mapping[int, Any], seat: int, top: Any,
                   top_player: int | None) -> Text:
        """The seat's last action in the trick, bold when it is the top play."""
        last = trick.get(seat)
        what = Text() if last is None else self.action(last)
        if top is not None and seat == top_player:
            what.stylize("bold")
        return what

    def say_top(self, top: Any, top_player: int | None, empty: str) -> None:
        """``On the table: ...  by Seat N``, or ``empty`` when the trick is new."""
        if top is not None and top_player is not None:
            line = Text("On the table: ")
            line.append_text(self.action(top))
            line.append(f"  by {self.name(top_player)}")
            self.say(line)
        else:
            self.say(Text(empty, style="dim"))

    def with_tail(self, line: Text, tail: str = "  (hint, help, quit)") -> Text:
        """``line`` with the reminder of the commands when it fits the width."""
        if line.cell_len + len(tail) <= self.console.width:
            line.append(tail, style="dim")
        return line

    def note_trick(self, seat: int, action: Any, leading: bool) -> None:
        """Keep the seat's action as its last in the trick (a lead starts a new one)."""
        if leading:
            self.trick = {}
        self.trick[seat] = action

    def actor(self, seat: int) -> Text:
        """The start of a line reporting the seat's move (``  You ``, bold)."""
        return Text(f"  {self.name(seat)} ", style="bold" if seat == self.human else "")

    def append_pass(self, line: Text, seat: int, word: str) -> None:
        """``pass`` agreeing with the seat, dimmed; in another language than English
        followed by the game's ``word`` for it."""
        line.append(self.verb(seat, "pass"), style="dim")
        if self.lang != "en":
            line.append(f" ({word})", style="dim")

    def note_left(self, line: Text, left: int, *, warn: int = 2, out: str = "  — out!"
                  ) -> None:
        """Mark a play that leaves ``left`` cards: ``— 2 cards left!`` at ``warn``
        cards or fewer, ``out`` at none."""
        if left == 0:
            line.append(out, style="bold yellow")
        elif left <= warn:
            line.append(f"  — {left} card{'s' if left > 1 else ''} left!", style="bold red")

    def seat_cell(self, seat: int) -> Text:
        """The seat's name in a results table (the human's in bold)."""
        return Text(self.name(seat), style="bold" if seat == self.human else "")

    def hand_cell(self, hand: int) -> Text:
        """Cards left in a results table (``—`` for none)."""
        return self.cards(hand) if hand else Text("—", style="dim")

    def say_score(self, score: int) -> None:
        self.say(Text(f"Your score: {score:+d}", style="bold"))

    def say_again(self, seed: int, what: str) -> None:
        """How to play ``what`` (``this deal``) again: ``Seed 5: ... --seed 5.``"""
        self.say(Text(f"Seed {seed}: play {what} again with --seed {seed}.", style="dim"))

    # ----- hints -----------------------------------------------------------------------
    def list_plays(self, by_kind: Mapping[Any, Sequence[Any]], arg: str, *, passing: bool,
                   types: Iterable[str]) -> None:
        """Count the legal plays (``by_kind``: each type's, in the order to list) and,
        with ``arg`` ``all`` or a type (:meth:`find_kind`), list them: at most
        :data:`HINT_CAP` a type for ``all``. ``types`` are the type names an
        unknown ``arg`` is told."""
        plays = sum(len(v) for v in by_kind.values())
        counts = ", ".join(f"{self.kind(k)} {len(v)}" for k, v in by_kind.items())
        self.say(f"{plays} legal plays ({counts}){' — or pass' if passing else ''}")
        if not arg:
            self.say(Text("'hint all' lists them; 'hint pair' (or another type) lists "
                          "one type.", style="dim"))
            return
        cap: int | None = HINT_CAP
        if arg == "all":
            kinds = list(by_kind)
        else:
            kind = self.find_kind(arg)
            if kind is None:
                self.error(f"unknown combination type {arg!r}; types: " + ", ".join(types))
                return
            if kind not in by_kind:
                self.say(f"No legal {self.kind(kind)} now.")
                return
            kinds, cap = [kind], None
        for k in kinds:
            combos = by_kind[k]
            shown = combos if cap is None else combos[:cap]
            title = Text(f"{self.kind(k)} ({len(combos)})", style="cyan")
            if len(combos) > len(shown):
                title.append(f"  first {len(shown)}; 'hint {k.value}' lists all", style="dim")
            self.say(title)
            self.say(Columns([self.play_item(c) for c in shown], padding=(0, 3)))

    def kind(self, kind: Any) -> str:
        """The display name of a combination type."""
        raise NotImplementedError

    def find_kind(self, text: str) -> Any:
        """The combination type ``text`` names, or None."""
        raise NotImplementedError

    def play_item(self, play: Any) -> Text:
        """A play in the lists of 'hint all' and 'hint TYPE'."""
        return self.cards(play.cards)


class BaseMatchSession(TerminalSession):
    """A match between a human seat and bots: deal after deal (:meth:`play_match_deal`),
    with the score table after each one, then who leads.

    A game fills in :meth:`title`, :meth:`label`, :meth:`score_table` and
    :meth:`play_match_deal`."""

    INTRO_NOTE: ClassVar[str] = ""
    """Said after the plan in the intro (the game's rules of a match)."""

    def __init__(self, match: Any, human: int, bot_names: list[str], **options: Any):
        super().__init__(human, **options)
        self.match = match
        self.bot_names = bot_names

    def plan(self) -> str:
        """``10 deals``, ``until a total reaches ±50`` or both, joined by ``or``."""
        m = self.match
        parts = []
        if m.planned is not None:
            parts.append(f"{m.planned} deal{'s' if m.planned != 1 else ''}")
        if m.target is not None:
            parts.append(f"until a total reaches ±{m.target}")
        return " or ".join(parts)

    def deal_options(self) -> dict[str, Any]:
        """The keywords of a deal's session in the match: the same console, input,
        pause and language."""
        return {"console": self.console, "lang": self.lang, "read_line": self.read_line,
                "echo_input": self.echo_input, "pause": self.pause}

    def intro(self) -> None:
        m = self.match
        self.say_intro(f"{self.title()} — match", m.rules.spec(),
                       f"Match seed {m.seed}{self.random_note(m.seed)}; {self.plan()}."
                       + self.INTRO_NOTE, self.seated(self.bot_names, m.players))

    def play_all(self) -> None:
        m = self.match
        while not m.is_over():
            label = self.label()
            self.play_match_deal(m.next_deal(), label)
            self.say(self.score_table())

    def abandoned(self) -> str:
        return f"the match is abandoned (match seed {self.match.seed})"

    def finish(self) -> None:
        m = self.match
        self.rule("Match over")
        leaders = m.leaders()
        totals = m.totals
        names = " and ".join(self.name(s) for s in leaders)
        verb = "lead" if len(leaders) > 1 or leaders[0] == self.human else "leads"
        self.say(Text(f"After {m.counted} deal{'s' if m.counted != 1 else ''}"
                      f"{self.redeals_note()}: {names} {verb} with {totals[leaders[0]]:+d}. "
                      f"Your total: {totals[self.human]:+d}", style="bold"))
        if self.record:
            self.save_record(m.to_record(), what="Match record")

    def redeals_note(self) -> str:
        """Said after the number of deals at the end (redeals that did not count)."""
        return ""

    def title(self) -> str:
        """The game's name."""
        raise NotImplementedError

    def label(self) -> str:
        """The next deal's place in the match (``Deal 3 of 10``)."""
        raise NotImplementedError

    def score_table(self) -> Table:
        """The score table so far."""
        raise NotImplementedError

    def play_match_deal(self, deal: Any, label: str) -> None:
        """Play ``deal`` of the match, labelled ``label``, and show its outcome."""
        raise NotImplementedError
