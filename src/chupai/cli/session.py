"""The sessions of ``chupai play``: one frame for every game.

:class:`TerminalSession` is what every session has (the human's seat, the console,
how lines are read, the language and the record file; it runs the game to an exit
status); :class:`DealSession` is the turn loop of a deal (the human's lines,
commands and refusals, the bots' moves) and the table's common cells;
:class:`~chupai.cli.match_session.BaseMatchSession` plays a match deal after
deal.

A game's renderer and input parser subclass them in its ``cli.play`` plugin
(``chupai.cli.games.<key>.play``); a game without one is played by
:mod:`chupai.cli.play_generic`. The helpers they use live in
:mod:`chupai.cli.terminal` and are exported here too.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar

from rich.console import Console
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

import chupai.cli.messages  # noqa: F401  (the terminal's translations)
from chupai.bots import make_bot
from chupai.cli.grammar import index_rows, near_miss
from chupai.cli.hints import HintLists
from chupai.cli.move_lines import MoveLines
from chupai.cli.seat_groups import bot_name
from chupai.cli.seat_words import INPUT_NOTE, SeatWords
from chupai.cli.terminal import (
    COMMANDS,
    EXIT_EOF,
    EXIT_OK,
    Command,
    EndOfInput,
    HelpSections,
    Quit,
    derive_seed,
    error_line,
    help_table,
    ordinal,
    other_seats,
    read_line,
    supports,
    write_json,
)
from chupai.errors import ChupaiError
from chupai.i18n import translate
from chupai.protocol import GameSpec, get_game

__all__ = ["TerminalSession", "DealSession", "ordinal"]


class TerminalSession(SeatWords):
    """What every session of ``chupai play`` has: the human's seat, the console and
    how lines are read, the language and the record file; it names seats, writes
    lines and runs the game to an exit status (:meth:`run`).

    A game fills in :meth:`intro`, :meth:`play_all`, :meth:`finish` and
    :meth:`abandoned`."""

    SYMBOLS: ClassVar[str] = ""
    """The special characters the session draws when the console can write them all
    (:attr:`symbols`; else plain stand-ins)."""
    GAME: ClassVar[str] = ""
    """The key of the game a session plays when it is given no ``spec`` (a game's
    renderer names its own game)."""

    spec: GameSpec
    """The game."""

    def __init__(
        self,
        human: int,
        *,
        console: Console,
        spec: GameSpec | None = None,
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
        """Whether the seed was drawn at random (then the intro tells how to replay it:
        :meth:`random_note`)."""
        self.lang = lang
        self.record = record
        """The file the game's record is written to, if any."""
        self.read_line = read_line
        self.echo_input = echo_input
        """Whether lines read are written back (input from a pipe)."""
        self.pause = pause
        """Seconds between bot moves."""
        self.symbols = supports(console, self.SYMBOLS)
        if spec is not None or self.GAME:
            self.spec = spec or get_game(self.GAME)

    # ----- words (the rest: SeatWords) ------------------------------------------------
    def seated(self, names: Sequence[str], players: int) -> dict[int, str]:
        """The bot ``names`` by seat: one for every seat but the human's, in order."""
        return dict(zip(other_seats(self.human, players), names, strict=True))

    def random_note(self, seed: int) -> str:
        """`` (random: replay it with --seed N)`` when the seed was drawn at random."""
        if not self.seed_was_random:
            return ""
        return self.t(" (random: replay it with --seed {seed})", seed=seed)

    # ----- writing -------------------------------------------------------------------
    def say(self, *parts: Any, **kw: Any) -> None:
        self.console.print(*map(self.with_note, parts), highlight=False, **kw)

    def with_note(self, part: Any) -> Any:
        """``part`` as it is written (a bot's think time: :class:`MoveLines`)."""
        return part

    def rule(self, title: str | Text) -> None:
        """A blue rule across the screen with ``title`` (a string is set in bold)."""
        self.say(Rule(Text(title, style="bold") if isinstance(title, str) else title, style="blue"))

    def error(self, message: str | Text) -> None:
        self.say(error_line(message, self.symbols))

    def say_setup(self, spec: str, seed_line: str, bots: Mapping[int, str]) -> None:
        """The rules, the seed and who sits where."""
        self.say(self.t("Rules: {spec}", spec=spec))
        self.say(seed_line)
        self.say(self.seats_line(bots))

    def say_help_note(self) -> None:
        self.say(Text(self.t("Type 'help' for the commands."), style="dim"))

    def say_intro(self, title: str, spec: str, seed_line: str, bots: Mapping[int, str]) -> None:
        """The opening screen: the title, :meth:`say_setup` and the help note."""
        self.rule(title)
        self.say_setup(spec, seed_line, bots)
        self.say_help_note()

    def save_record(self, data: Any, path: str | None = None, what: str = "Record") -> None:
        """Write ``data`` to ``path`` (default ``--record``) and say so (``what``:
        ``Record`` or ``Match record``)."""
        path = self.record if path is None else path
        assert path is not None
        write_json(path, data)
        if what == "Match record":
            self.say(self.t("Match record written to {path}", path=path))
        else:
            self.say(self.t("Record written to {path}", path=path))

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
            self.say(Text(self.quit_text(), style="bold"))
            if self.record and not self.wrote_records():
                self.say(self.no_record_text())
            return EXIT_OK
        except EndOfInput:
            self.say(Text("\n" + self.eof_text(), style="bold"))
            return EXIT_EOF
        self.finish()
        return EXIT_OK

    def quit_text(self) -> str:
        """Said when the player quits: ``You quit; <abandoned>.`` (a session in
        another language answers its own words)."""
        return self.t("You quit; {what}.", what=self.abandoned())

    def eof_text(self) -> str:
        """Said when standard input ends first: ``End of input; <abandoned>.``."""
        return self.t("End of input; {what}.", what=self.abandoned())

    def no_record_text(self) -> str:
        """Said after quitting when ``--record`` was given and nothing was written."""
        return self.t("No record written.")

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


class DealSession(MoveLines, TerminalSession, HintLists):
    """A deal at the table: the human's turns (lines read until one is a legal
    action; commands answered on the way), the bots' turns (a searching bot's
    line with its think time: :class:`~chupai.cli.move_lines.MoveLines`), and the
    cells of the seats table.

    A game fills in :meth:`parse`, :meth:`draw`, :meth:`apply`, :meth:`hint`,
    :meth:`explain_reason` (and :meth:`follow_note`), :meth:`action`,
    :meth:`cards`, :meth:`show_outcome` and :meth:`record_data`; for
    :meth:`list_plays` also :meth:`kind` and :meth:`find_kind`."""

    HELP: ClassVar[HelpSections] = ()
    """The help screen's sections."""
    PLAY: ClassVar[type] = object
    """The class of the game's plays (combinations), refused as not beating the top."""

    REDEALS: ClassVar[bool] = False
    """Whether a deal that ends in a redeal is dealt again (:meth:`play_all`) rather
    than ending the game."""

    deal: Any

    def __init__(self, human: int, seed: int, *, match_label: str | None = None, **options: Any):
        super().__init__(human, **options)
        self.seed = seed
        self.match_label = match_label
        """Set in a match: the deal's place in it (``Deal 3 of 10``)."""
        self.bots: dict[int, Any] = {}
        self.trick: dict[int, Any] = {}
        """Each seat's last action in the current trick."""
        self.redeals = 0
        """The redeals played so far (:meth:`play_all`)."""

    # ----- the game ------------------------------------------------------------------
    def play_all(self) -> None:
        """Play the deal; with :attr:`REDEALS`, after a redeal the next deal as the
        game's :meth:`~chupai.protocol.GameSpec.after_redeal` says, from the seed
        :func:`derive_seed` ``("chupai-KEY-redeal", seed, redeals)``."""
        while True:
            self.deal_intro()
            self.play_deal()
            if not self.REDEALS or not self.spec.result(self.deal).redeal:
                return
            self.redeals += 1
            seed = derive_seed(f"chupai-{self.spec.key}-redeal", self.seed, self.redeals)
            nxt = self.spec.after_redeal(self.deal)
            self.say_redeal(seed, nxt.dealer)
            self.start_deal(
                self.spec.new_deal(self.deal.rules, seed, dealer=nxt.dealer, **nxt.extra), seed
            )

    def deal_intro(self) -> None:
        """The start of a deal and of each redeal (after :meth:`intro`)."""

    def say_redeal(self, seed: int, dealer: int | None) -> None:
        """Say that the deal is dealt again from ``seed``, by ``dealer``."""

    def start_deal(self, deal: Any, seed: int | None = None) -> None:
        """Sit at ``deal`` (dealt from ``seed``): a new trick, the bots of its seed."""
        self.deal = deal
        self.trick = {}

    def abandoned(self) -> str:
        return self.t("the deal is abandoned (seed {seed})", seed=self.seed)

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
    def mover(self) -> int:
        """The seat to act in the deal (not over)."""
        seat = self.deal.current_player
        assert seat is not None
        return int(seat)

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
        answered and a refused line explained, and the next line is read; an action
        that changes the stake is made only when confirmed (:meth:`stake_question`)."""
        deal = self.deal
        while True:
            line = self.ask()
            try:
                got = self.parse(line)
            except ChupaiError as exc:
                self.error(self.refusal(line, exc))
                continue
            if isinstance(got, Command):
                self.run_command(got)
                continue
            reason = deal.why_illegal(got)
            if reason is not None:
                self.error(self.explain_illegal(got, reason))
                continue
            question = self.stake_question(got)
            if question is not None and not self.confirm(question):
                continue
            return got

    def stake_question(self, action: Any) -> str | None:
        """The question that confirms a legal ``action`` that changes the stake (明牌,
        doubling), asked with :meth:`confirm` before it is made; None for the others
        (every action of a game without such)."""
        return None

    ACTION_WORDS: ClassVar[tuple[str, ...]] = ("pass",)
    """The game's action words (its commands come from its reader): a refused line
    whose first word is close to one of them or to a command gets a suggestion
    (:meth:`refusal`)."""

    def known_words(self) -> list[str]:
        """The words the game reads: :attr:`ACTION_WORDS` and its reader's commands."""
        commands = getattr(type(self).READER, "words", COMMANDS)
        return [*self.ACTION_WORDS, *commands]

    def refusal(self, line: str, exc: ChupaiError) -> str:
        """A refused line's explanation in the session's language, with ``did you
        mean 'pass'?`` when its first word is a near miss of a word the game reads
        (:func:`~chupai.cli.grammar.near_miss`)."""
        message = self.say_text(exc.args[0] if exc.args else str(exc))
        words = line.split()
        guess = near_miss(words[0], self.known_words()) if words else None
        if guess is None:
            return message
        return self.t("{error} — did you mean {word}?", error=message, word=f"'{guess}'")

    def confirm(self, question: str) -> bool:
        """Ask ``question`` with ``[y/N]`` and read the answer: True only for yes
        (``y``, ``yes``, 是, はい); anything else says ``Not done.``."""
        self.say(Text(self.t("{question} [y/N]", question=question), style="bold yellow"))
        answer = self.ask().strip().lower()
        if answer in ("y", "yes", "是", "はい"):
            return True
        self.say(Text(self.t("Not done."), style="dim"))
        return False

    def draw_indexed(self, labels: Sequence[Text], most: int = 18, cell: int = 3) -> None:
        """A hand's cards (``labels`` in display order) in balanced rows that fit the
        width (at most ``most`` cards a row, ``cell`` cells a card at least), each
        card's index above it: the index row of every game
        (:func:`chupai.cli.grammar.index_rows`)."""
        for idx, faces in index_rows(labels, self.console.width, most, cell):
            self.say(idx)
            self.say(faces)

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
        self.say(help_table(self.HELP, self.lang))
        self.say_input_note()

    def say_input_note(self) -> None:
        """In 中文 and 日本語, which of the table's own words may be typed instead
        of the English ones (commands and card tokens stay English otherwise)."""
        if self.lang != "en":
            self.say(Text(self.t(INPUT_NOTE), style="dim"))

    def bot_turn(self, seat: int) -> None:
        """The bot of ``seat`` acts on what it may see (after :meth:`bot_pause`)."""
        deal = self.deal
        action = self.bot_act(seat, deal.observe(seat), deal.legal_actions())
        pause = self.bot_pause()
        if pause:
            time.sleep(pause)
        self.apply(action)
        self.moved()

    def bot_pause(self) -> float:
        """Seconds to wait before a bot's move is shown."""
        return self.pause

    READER: ClassVar[staticmethod[[Any, int, str], Any] | None] = None
    """The game's reader of an input line (:data:`LineReader`), used by :meth:`parse`."""

    def parse(self, line: str) -> Any:
        """The action or :class:`Command` of an input line of the human (raises
        :class:`ChupaiError` with a message for the player): the game's
        :attr:`READER` of the line."""
        reader = type(self).READER
        if reader is None:
            raise NotImplementedError
        return reader(self.deal, self.human, line)

    def draw(self) -> None:
        """The human's view of the table."""
        raise NotImplementedError

    def apply(self, action: Any) -> None:
        """Apply a legal action of the seat to act and report it."""
        raise NotImplementedError

    def hint(self, arg: str = "") -> None:
        """Suggest a move."""
        raise NotImplementedError

    def hint_move(self) -> tuple[list[Any], Any]:
        """The human's legal actions and the one the greedy bot (seed 0) takes."""
        legal = self.deal.legal_actions()
        bot = make_bot("greedy", seed=0, game=self.spec.key)
        return legal, bot.act(self.deal.observe(self.human), legal)

    def explain_illegal(self, action: Any, reason: str) -> Text:
        """The engine's reason in the player's words, cards drawn (zh, ja: translated)."""
        if self.lang != "en":
            return Text(translate(reason, self.lang))
        top = self.deal.top
        if isinstance(action, self.PLAY) and top is not None and "does not beat" in reason:
            t = self.action(action)
            t.append(self.t(" does not beat "))
            t.append_text(self.action(top))
            return t.append(self.follow_note(action, top))
        if reason == "the leader may not pass":
            return Text(self.t("you lead this trick, so you may not pass: play a combination"))
        return self.explain_reason(action, reason)

    def follow_note(self, play: Any, top: Any) -> str:
        """Why ``play`` cannot follow ``top`` when it is not the kind of play that
        could (`` (play 5 cards to follow)``), else ''."""
        return ""

    def group_note(self, play: Any, top: Any, other_size: str) -> str:
        """'' when ``play`` is of ``top``'s group, `` (a different kind of play)``
        when it has as many cards, else ``other_size``."""
        if play.group == top.group:
            return ""
        return self.t(" (a different kind of play)") if play.size == top.size else other_size

    def explain_reason(self, action: Any, reason: str) -> Text:
        """Any other reason, in the player's words."""
        raise NotImplementedError

    def action(self, action: Any) -> Text:
        """An action as colored text."""
        raise NotImplementedError

    def cards(self, cards: int) -> Text:
        """Cards as colored text."""
        raise NotImplementedError

    def draw_hand(self, hand: int) -> None:
        """The human's hand."""
        raise NotImplementedError

    def turn_line(self, obs: Any) -> Text:
        """Whose turn it is, or what the human is asked."""
        raise NotImplementedError

    def draw_turn(self, obs: Any, playing: bool) -> None:
        """The bottom of the view: the top play of the trick (while ``playing``), the
        human's hand and :meth:`turn_line`."""
        if playing:
            self.say_top(obs.top, obs.top_player, self.t("On the table: nothing — a new trick"))
        self.draw_hand(obs.hand)
        self.say(self.turn_line(obs))

    # ----- the table -------------------------------------------------------------------
    def seats_frame(self, *columns: str) -> Table:
        """The seats table's frame: the turn marker and ``Seat`` columns, then
        ``columns`` (``Cards`` right-aligned)."""
        table = Table(
            box=None, show_header=True, header_style="bold", pad_edge=False, padding=(0, 1)
        )
        table.add_column("", width=1)
        table.add_column(self.t("Seat"))
        for column in columns:
            table.add_column(self.t(column), justify="right" if column == "Cards" else "left")
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
            name = bot_name(self.lang, getattr(self.bots[seat], "name", "bot"))
            label.append(f" {name}", style="dim")
        return label

    def trick_cell(
        self, trick: Mapping[int, Any], seat: int, top: Any, top_player: int | None
    ) -> Text:
        """The seat's last action in the trick, bold when it is the top play."""
        last = trick.get(seat)
        what = Text() if last is None else self.action(last)
        if top is not None and seat == top_player:
            what.stylize("bold")
        return what

    def say_top(self, top: Any, top_player: int | None, empty: str) -> None:
        """``On the table: ...  by Seat N``, or ``empty`` when the trick is new."""
        if top is not None and top_player is not None:
            line = Text(self.t("On the table: "))
            line.append_text(self.action(top))
            line.append(self.t("  by {who}", who=self.name(top_player)))
            self.say(line)
        else:
            self.say(Text(empty, style="dim"))

    def with_tail(self, line: Text, tail: str = "  (hint, help, quit)") -> Text:
        """``line`` with the reminder of the commands when it fits the width."""
        tail = self.t(tail)
        if line.cell_len + len(tail) <= self.console.width:
            line.append(tail, style="dim")
        return line

    def seat_cell(self, seat: int) -> Text:
        """The seat's name in a results table (the human's in bold)."""
        return Text(self.name(seat), style="bold" if seat == self.human else "")

    def hand_cell(self, hand: int) -> Text:
        """Cards left in a results table (``—`` for none)."""
        return self.cards(hand) if hand else Text("—", style="dim")

    def say_score(self, score: int) -> None:
        """Where the deal's points came from (:meth:`GameSpec.explain`, dimmed), then the score."""
        for line in self.spec.explain(self.deal, [self.name(s) for s in range(self.deal.players)]):
            self.say(Text("  " + self.say_text(line), style="dim"))
        self.say(Text(self.t("Your score: {score}", score=f"{score:+d}"), style="bold"))

    def say_again(self, seed: int, what: str) -> None:
        """How to play ``what`` (``this deal``) again: ``Seed 5: ... --seed 5.``"""
        self.say(
            Text(
                self.t("Seed {seed}: play {what} again with --seed {seed}.", seed=seed, what=what),
                style="dim",
            )
        )
