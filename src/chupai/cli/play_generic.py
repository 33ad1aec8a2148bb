"""``chupai play`` for a game without a ``cli.play`` plugin: the generic renderer
and input, built on the game protocol alone.

The human's turn shows the seat's :class:`~chupai.protocol.SeatFacts` (each seat's
cards left and role, the cards face up, the play to beat, the hand) and the legal
actions numbered by their text (``deal.action_text``). The human types the number
(``#2`` or ``2``), the action's text (``1x``), ``pass``, ``hint`` (the legal
actions again), ``help`` or ``quit``; a line that is no legal action is explained
and asked again, never played. A deal that ends in a redeal is dealt again as the
game's :meth:`~chupai.protocol.GameSpec.after_redeal` says; a match is the game's
match class with the score table after each deal.

The plugin hooks of :mod:`chupai.cli.play` are here too: :data:`PROBE`,
:func:`deal_session`, :func:`match_session`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from rich.columns import Columns
from rich.table import Table
from rich.text import Text

from chupai.cli.match_session import BaseMatchSession
from chupai.cli.session import DealSession
from chupai.cli.terminal import (
    COMMANDS,
    commands_help,
    outcome_table,
    read_command,
    rules_text,
    score_text,
    seat_bots,
    total_row,
)
from chupai.errors import ChupaiError
from chupai.i18n import translate
from chupai.protocol import GameSpec, Result, SeatFacts

__all__ = [
    "PROBE",
    "HELP",
    "deal_session",
    "match_session",
    "read_action",
    "GenericSession",
    "GenericMatchSession",
]

PROBE: Final = "─▶✗·—±"
"""The characters the generic screen draws."""

HELP: Final = (
    (
        "Your move",
        (
            ("#2, 2", "make action 2 of the numbered list of legal actions"),
            ("1x", "make the action written so in the list (a card, a play)"),
            ("pass, p", "pass (when the list has it)"),
        ),
    ),
    commands_help(("hint", "list the legal actions again, numbered")),
)
"""The help screen: sections of (input, meaning)."""

_COMMANDS: Final = {**COMMANDS, "table": "table", "show": "table", "moves": "hint"}


def read_action(deal: Any, line: str) -> Any:
    """The legal action or :class:`Command` that ``line`` names: a command word,
    the text of a legal action (any case), ``#N`` or ``N`` (1-based in
    ``deal.legal_actions()``), ``pass`` or ``p``. Raises :class:`ChupaiError` with
    a message for the player otherwise.

    >>> from chupai.protocol import get_game
    >>> spec = get_game("bigtwo")
    >>> deal = spec.new_deal(spec.resolve(), 1)
    >>> read_action(deal, "help")
    Command(name='help', arg='')
    >>> read_action(deal, "#1") == deal.legal_actions()[0]
    True
    """
    command = read_command(line, _COMMANDS, "table")
    if command is not None:
        return command
    legal = list(deal.legal_actions())
    texts = [" ".join(deal.action_text(a).lower().split()) for a in legal]
    said = " ".join(line.lower().split())
    if said in texts:
        return legal[texts.index(said)]
    if said == "p" and "pass" in texts:
        return legal[texts.index("pass")]
    number = said.removeprefix("#").strip()
    if number.isascii() and number.isdigit():
        if 1 <= int(number) <= len(legal):
            return legal[int(number) - 1]
        raise ChupaiError(
            f"there {'is' if len(legal) == 1 else 'are'} {len(legal)} legal "
            f"action{'s' if len(legal) != 1 else ''} now: #1"
            + (f" to #{len(legal)}" if len(legal) > 1 else "")
        )
    if said in ("pass", "p"):
        raise ChupaiError("you may not pass now: " + _choices(texts))
    raise ChupaiError(f"{line.strip()!r} is not a legal action now: " + _choices(texts))


def _choices(texts: list[str]) -> str:
    shown = ", ".join(f"'{t}'" for t in texts[:12]) + (", ..." if len(texts) > 12 else "")
    return (
        f"type #1 to #{len(texts)} or one of {shown}" if len(texts) > 1 else f"type #1 or {shown}"
    )


class GenericSession(DealSession):
    """One deal (and its redeals) of any game, drawn from the human seat's facts
    (``options``: the keywords of :class:`~chupai.cli.session.TerminalSession`)."""

    SYMBOLS = "▶—·"
    HELP = HELP
    REDEALS = True
    READER = staticmethod(lambda deal, seat, line: read_action(deal, line))

    def __init__(
        self,
        spec: GameSpec,
        deal: Any,
        human: int,
        bots: dict[int, Any],
        *,
        seed: int,
        make: Callable[[int], dict[int, Any]] | None = None,
        match_label: str | None = None,
        **options: Any,
    ):
        super().__init__(human, seed, spec=spec, match_label=match_label, **options)
        self.deal = deal
        self.bots = bots
        self.make = make
        """The bots of a redeal, by its seed."""

    # ----- text ----------------------------------------------------------------------
    def facts(self) -> SeatFacts:
        return self.spec.facts(self.deal.observe(self.human))

    def text(self, action: Any) -> str:
        return str(self.deal.action_text(action))

    def action(self, action: Any) -> Text:
        text = self.text(action)
        return Text(text, style="dim" if text == "pass" else "cyan")

    def cards(self, cards: Any) -> Text:
        return Text(" ".join(cards), style="bold")

    # ----- drawing ---------------------------------------------------------------------
    def intro(self) -> None:
        self.rule(self.spec.name(self.lang))
        if self.match_label is None:
            self.say_setup(
                rules_text(getattr(self.deal, "rules", None)),
                f"Seed {self.seed}{self.random_note(self.seed)}",
                self.bot_seats(),
            )
            self.say_help_note()
        else:
            self.say(Text(self.match_label, style="bold"))

    def draw(self) -> None:
        """The human's view: the seats, the cards face up, the top play, the hand
        and the legal actions."""
        facts = self.facts()
        self.rule(Text(f"{self.spec.name(self.lang)} · {facts.phase}"))
        self.say(self.seats_table(facts))
        for name, cards in facts.shown.items():
            self.say(Text(f"Face up ({name}): ").append_text(self.cards(cards)))
        if facts.top is not None and facts.top_player is not None:
            line = Text("On the table: ")
            line.append(facts.top, style="cyan")
            self.say(line.append(f"  by {self.name(facts.top_player)}"))
        else:
            self.say(Text("On the table: nothing", style="dim"))
        self.say(
            Text(f"Your hand ({len(facts.hand)}): ", style="bold").append_text(
                self.cards(facts.hand)
            )
        )
        self.list_actions()
        self.say(
            self.with_tail(
                Text("Your turn: ", style="bold yellow").append("type #N or the action's text")
            )
        )

    def seats_table(self, facts: SeatFacts) -> Table:
        roles = ("Role",) if any(facts.roles) else ()
        table = self.seats_frame(*roles, "Cards")
        for seat in range(facts.players):
            cells = [self.marker(seat, facts.to_act), self.seat_label(seat)]
            if roles:
                cells.append(Text(facts.roles[seat], style="magenta"))
            count = facts.counts[seat] if seat < len(facts.counts) else 0
            cells.append(Text(str(count), style="bold red" if count == 1 else ""))
            table.add_row(*cells)
        return table

    def list_actions(self) -> None:
        legal = self.deal.legal_actions()
        items = [
            Text(f"#{i} ", style="dim").append_text(self.action(a)) for i, a in enumerate(legal, 1)
        ]
        self.say(Text(f"{len(legal)} legal action{'s' if len(legal) != 1 else ''}:", style="bold"))
        self.say(Columns(items, padding=(0, 3)))

    # ----- input and moves ------------------------------------------------------------
    def hint(self, arg: str = "") -> None:
        self.list_actions()

    def explain_illegal(self, action: Any, reason: str) -> Text:
        return Text(translate(reason, self.lang))

    def seen_events(self) -> tuple[Any, ...] | None:
        """The events of the human's observation (None: it has no ``history``)."""
        history = getattr(self.deal.observe(self.human), "history", None)
        return None if history is None else tuple(history)

    def apply(self, action: Any) -> None:
        """Apply the action and report it as the human's observation shows it (a
        private move of another seat is shown as the observation writes it, or
        not at all when the observation leaves it out)."""
        deal = self.deal
        seat = self.mover()
        before = None if seat == self.human else self.seen_events()
        deal.apply_action(action)
        if before is not None:
            after = self.seen_events() or ()
            if len(after) <= len(before):
                return
            action = after[-1].action
        text = self.text(action)
        line = self.actor(seat)
        if text == "pass":
            line.append(self.verb(seat, "pass"), style="dim")
        else:
            line.append(self.verb(seat, "play") + " ")
            line.append_text(self.action(action))
            counts = self.spec.facts(deal.observe(seat)).counts
            if seat < len(counts):
                self.note_left(line, counts[seat])
        self.say(line)

    # ----- the deal --------------------------------------------------------------------
    def say_redeal(self, seed: int, dealer: int | None) -> None:
        self.show_outcome()
        who = "" if dealer is None else f": {self.name(dealer)} {self.verb(dealer, 'deal')}"
        self.say(Text(f"Redeal {self.redeals}{who} (seed {seed}).", style="bold"))

    def start_deal(self, deal: Any, seed: int | None = None) -> None:
        super().start_deal(deal, seed)
        if self.make is not None and seed is not None:
            self.bots = self.make(seed)

    def record_data(self) -> Any:
        return self.spec.to_record(self.deal)

    def show_outcome(self) -> None:
        result: Result = self.spec.result(self.deal)
        self.rule("Deal over")
        if result.redeal:
            self.say(Text("Redeal: the deal does not count.", style="bold"))
            return
        names = " and ".join(self.name(s) for s in result.winners) or "nobody"
        self.say(
            Text(f"Winner: {names}", style="bold green" if self.human in result.winners else "bold")
        )
        if result.order:
            self.say("Finishing order: " + ", ".join(self.name(s) for s in result.order))
        table = outcome_table("Seat", ("Score", "right"))
        for seat, score in enumerate(result.scores):
            table.add_row(self.seat_cell(seat), score_text(score))
        self.say(table)
        if self.human < len(result.scores):
            self.say_score(result.scores[self.human])
        if self.match_label is None:
            self.say_again(self.seed, "this deal")


class GenericMatchSession(BaseMatchSession):
    """A match of any game (its match class), with the score table after each deal
    (``options``: the keywords of :class:`~chupai.cli.session.TerminalSession`)."""

    def __init__(
        self,
        spec: GameSpec,
        match: Any,
        human: int,
        bot_names: list[str],
        make: Callable[..., Any],
        **options: Any,
    ):
        super().__init__(match, human, bot_names, spec=spec, **options)
        self.make = make

    def label(self) -> str:
        deals = self.match.deals
        last = deals[-1] if deals else None
        redeal = last is not None and self.spec.result(last).redeal
        return self.deal_label(" (redeal)" if redeal else "")

    def score_table(self) -> Table:
        m = self.match
        table = self.score_columns("Winner")
        number = 0
        for deal in m.deals:
            if not deal.is_terminal():
                continue
            result = self.spec.result(deal)
            number += 0 if result.redeal else 1
            winners = " and ".join(self.name(s) for s in result.winners) or "—"
            table.add_row(
                "redeal" if result.redeal else str(number),
                winners,
                *(score_text(v) for v in result.scores),
            )
        table.add_row(*total_row(m.totals, 1))
        return table

    def play_match_deal(self, deal: Any, label: str) -> None:
        seed = deal.seed or 0
        bots = seat_bots(self.bot_names, self.human, self.match.players, seed, self.make)
        session = GenericSession(
            self.spec, deal, self.human, bots, seed=seed, match_label=label, **self.deal_options()
        )
        session.intro()
        session.play_deal()
        session.show_outcome()


def deal_session(
    spec: GameSpec, rules: Any, seed: int, human: int, names: list[str], options: dict[str, Any]
) -> GenericSession:
    """The session of one deal of ``rules`` from ``seed``."""
    from chupai.cli.play import game_bots

    _, make = game_bots(spec)

    def bots(deal_seed: int) -> dict[int, Any]:
        return seat_bots(names, human, rules.players, deal_seed, make)

    return GenericSession(
        spec, spec.new_deal(rules, seed), human, bots(seed), seed=seed, make=bots, **options
    )


def match_session(
    spec: GameSpec, match: Any, human: int, names: list[str], options: dict[str, Any]
) -> GenericMatchSession:
    """The session of a match."""
    from chupai.cli.play import game_bots

    return GenericMatchSession(spec, match, human, names, game_bots(spec)[1], **options)
