"""Big A's ``cli.play`` plugin: ``chupai play biga``, a Big A (打大A) deal or
match in the terminal, one human seat against four bots.

The setup and the session loop are every game's (:mod:`chupai.cli.play`,
:mod:`chupai.cli.session`); this module draws the table and reads the lines
(:mod:`.play_view`, :mod:`.play_report`, :mod:`.play_input`).

**The draw.** The 108 cards are drawn one at a time; the human's hand is shown
growing ("You draw 7"), and public declarations appear as they happen: who showed
which Ace and became the declarer, a 反大A (two Aces shown: the declarer plays
alone and the earlier declaration is cancelled), the forced ♥A declaration when
nobody declared, the redeal when nobody holds an ``AH``. The engine offers a
declaration to a seat at every checkpoint where it has one (up to a hundred
times); the human is asked only when the set of their possible declarations
changed since their last answer (they drew an Ace, somebody declared) and
declines silently otherwise. Then come the questions before play (§3.5): show the
second Big Ace, reveal yourself as the partner.

**Play.** The human's turn shows each seat's cards left and last action in the
trick, the declarer, the Big Ace suit and the partner as publicly known (the
human also sees what only they know: that they hold the other Big Ace), the top
play and the hand sorted by strength with the Big Aces marked. Captures are
reported as such ("Seat 3 captures 7 7 7 with 4 4"), and when the partner plays a
Big Ace the table is told ("Seat 2 played AH: Seat 2 is the declarer's partner").
At the end: the finishing order, the scoring-table row used and the scores. A
deal that nobody can declare (both ``AH`` in the final round) is redealt, drawn
first by the same seat.

With ``--deals N`` the deals are a :class:`~chupai.biga.match.Match`
(:class:`BigAMatchSession`): the first player out draws first in the next deal
(§9), redeals do not count, the running totals and the score table follow each
deal, and ``--record FILE`` writes the match record to ``FILE`` and each deal's
record to ``FILE-dealK.json``.

Input: card tokens (``7 7 7``, ``AH``, ``10 J Q``; suits count only on Aces), ``4 4``
(or ``capture 4 4``) to capture an egg, ``pass``, ``m N`` for move ``N`` of the
``moves`` list; during the draw ``show AH``, ``show AH AH``, ``decline`` (``y``/``n``
when there is one option); before play ``y``/``n`` (``show_second``/``keep_hidden``,
``reveal``/``stay_hidden``); ``hint``, ``moves``, ``help``, ``quit`` any time. Bad
input is explained and asked again, never played.

The plugin's hooks (see :mod:`chupai.cli.play`): :data:`PROBE`,
:data:`DEFAULT_BOTS`, :data:`SEATS_OF`, :func:`play_rules`, :func:`deal_session`
and :func:`match_session`.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any, Final

from rich.columns import Columns
from rich.table import Table
from rich.text import Text

from chupai.biga.cards import Cards
from chupai.biga.combos import Combo
from chupai.biga.game import DECLINE, Capture, Phase
from chupai.biga.match import Match
from chupai.biga.rules import BigARules
from chupai.cli.games.biga.play_input import HELP, PLAYERS, move_list, read_input, table_row, you
from chupai.cli.games.biga.play_report import BigAReports
from chupai.cli.match_session import BaseMatchSession
from chupai.cli.terminal import Command, ordinal, outcome_table, score_text, total_row
from chupai.errors import ChupaiError
from chupai.i18n import plural
from chupai.names import game_name
from chupai.options import parse_overrides
from chupai.protocol import GameSpec

__all__ = [
    "PROBE",
    "DEFAULT_BOTS",
    "SEATS_OF",
    "play_rules",
    "deal_session",
    "match_session",
    "BigASession",
    "BigAMatchSession",
]

PROBE: Final = "─▶✗·—×→★♥反大"
"""The characters the game draws."""
DEFAULT_BOTS: Final = ("heuristic", "greedy", "random")
"""The bot used when ``--bots`` is not given: the first of these Big A knows."""
SEATS_OF: Final = "Big A"
"""What ``--seat`` is a seat of."""


class BigASession(BigAReports):
    """Big A between a human seat and four bots, drawn on a rich console: one deal
    and its redeals, or a deal of a match (``match_label``: its place in the match;
    ``totals``: the running totals after it). ``options``: the keywords of
    :class:`~chupai.cli.session.TerminalSession`."""

    SYMBOLS = "▶—·×✗★"
    HELP = HELP
    REDEALS = True
    READER = staticmethod(read_input)
    ACTION_WORDS = ("pass", "capture", "show", "decline", "reveal", "keep_hidden", "stay_hidden")
    PLAY = Combo

    GAME = "biga"

    def __init__(
        self, rules: BigARules, seed: int, human: int, bot_names: list[str], **options: Any
    ):
        super().__init__(human, seed, **options)
        self.rules = rules
        self.bot_names = bot_names
        self.totals: list[int] | None = None
        """The running totals after the deal (a deal of a match)."""
        self.deal: Any = None
        self.deal_seed = seed
        self._hint_bot: Any = None
        self.known_hand: Cards = 0
        self.last_options: frozenset[Any] | None = None
        """The human's declarations at their last answer in the draw."""
        self.seen = 0
        """Events of the deal's history already reported."""

    # ----- drawing -------------------------------------------------------------------
    def intro(self) -> None:
        self.say_intro(
            game_name(self.spec.key, self.lang),
            self.rules.spec(),
            self.t("Seed {seed}", seed=self.seed) + self.random_note(self.seed),
            self.seated(self.bot_names, PLAYERS),
        )

    def deal_intro(self) -> None:
        deal = self.deal
        label = Text()
        if self.match_label is not None:
            label.append(self.match_label, style="bold")
        if self.redeals:
            label.append(
                (" · " if label else "") + self.t("Redeal {n}", n=self.redeals), style="bold"
            )
        if label:
            label.append(self.t(" · seed {seed}", seed=self.deal_seed))
            self.rule(label)
        draws = self.sentence(
            deal.first_drawer,
            "The draw: {who} draw first; 108 cards, one at a time, counterclockwise. "
            "You are asked to declare when your options change.",
            "The draw: {who} draws first; 108 cards, one at a time, counterclockwise. "
            "You are asked to declare when your options change.",
        )
        self.say(Text(draws, style="dim"))

    def draw(self) -> None:
        """The human's view: status, seats, table, hand and what is asked."""
        deal = self.deal
        self.rule(self.status_line())
        if deal.phase is Phase.PLAY:
            self.say(self.seats_table())
            self.say_top(
                deal.top, deal.top_player, self.t("On the table: nothing — you lead a new trick")
            )
        self.draw_hand(deal.hands[self.human])
        self.say(self.turn_line(None))

    def turn_line(self, obs: Any) -> Text:
        deal = self.deal
        t = Text()
        phase = deal.phase
        if phase is Phase.DRAW:
            shows = [a for a in move_list(deal) if a != DECLINE]
            t.append(self.t("Declare? "), style="bold yellow")
            t.append(self.t(" or ").join(f"'{deal.action_text(a)}'" for a in shows))
            t.append(self.t(", or 'decline' (n)"))
            if len(shows) == 1:
                t.append(self.t(" — 'y' shows"), style="dim")
        elif phase is Phase.SHOW_SECOND:
            t.append(self.t("You hold both Big Aces. "), style="bold yellow")
            t.append(
                self.t(
                    "Show the second {ace} (you play alone; every score doubled)? y/n",
                    ace=self.big_name(),
                )
            )
        elif phase is Phase.REVEAL:
            t.append(
                self.t(
                    "You hold the other {ace}: you are {whose} partner. ",
                    ace=self.big_name(),
                    whose=self.possessive(deal.declarer),
                ),
                style="bold yellow",
            )
            t.append(self.t("Reveal yourself (revealed-partner table)? y/n"))
        else:
            t.append(self.t("Your turn: "), style="bold yellow")
            if deal.top is None:
                t.append(self.t("lead any combination"))
            else:
                t.append(self.t("beat "))
                t.append_text(self.action(deal.top))
                caps = [a for a in deal.legal_actions() if isinstance(a, Capture)]
                if caps:
                    t.append(self.t(", capture it with "))
                    t.append_text(self.cards(caps[0].fours.cards))
                    t.append(",")
                t.append(self.t(" or pass"))
        return self.with_tail(t, "  (hint, moves, help, quit)")

    # ----- input --------------------------------------------------------------------
    def human_turn(self) -> None:
        """In the draw, decline silently when the human's declarations are those
        of their last answer; else draw the table and apply the human's action."""
        deal = self.deal
        options = frozenset(deal.legal_actions())
        if deal.phase is Phase.DRAW and options == self.last_options:
            self.apply(DECLINE)  # answered already with the same options: decline again
            return
        self.show_draws()
        self.draw()
        got = self.read_action()
        if deal.phase is Phase.DRAW:
            self.last_options = options
        self.apply(got)

    def run_command(self, command: Command) -> None:
        if command.name == "moves":
            self.show_moves()
        else:
            super().run_command(command)

    def follow_note(self, play: Combo, top: Combo) -> str:
        if top.bomb and not play.bomb:
            return self.t(" (only a higher bomb beats a bomb)")
        if not play.bomb and (play.kind != top.kind or play.size != top.size):
            return self.t(
                " (follow with a {kind} of {n} cards, or a bomb)",
                kind=self.kind(top.kind),
                n=top.size,
            )
        return ""

    def explain_reason(self, action: Any, reason: str) -> Text:
        if self.lang != "en":
            return Text(self.say_text(reason))
        return Text(you(reason, self.deal))

    def hint_bot(self) -> Any:
        if self._hint_bot is None:
            self._hint_bot = _first_bot(seed=0)
        return self._hint_bot

    def hint(self, arg: str = "") -> None:
        """Suggest a move (a bot's choice) and count the legal plays (``arg`` is
        not used: 'moves' lists them)."""
        deal = self.deal
        legal = deal.legal_actions()
        moves = move_list(deal)
        best = self.hint_bot().act(deal.observe(self.human), legal)
        t = Text(self.t("Hint: "), style="bold magenta")
        t.append_text(self.action(best))
        number = moves.index(best) + 1 if best in moves else None
        if number:
            typed = self.t(
                "   (type: {index}  or  {tokens})", index=self.typed(best), tokens=f"m {number}"
            )
        else:
            typed = self.t("   (type: {what})", what=self.typed(best))
        t.append(typed, style="dim")
        self.say(t)
        if deal.phase is Phase.PLAY:
            plays = [a for a in legal if isinstance(a, (Combo, Capture))]
            if not plays:
                self.say(self.t("Nothing in your hand beats the table: pass."))
            else:
                count = plural(
                    len(plays),
                    "{n} legal play; 'moves' lists them.",
                    "{n} legal plays; 'moves' lists them.",
                )
                self.say(Text(self.say_text(count), style="dim"))

    def typed(self, action: Any) -> str:
        """What to type for ``action``."""
        if isinstance(action, Combo):
            return self.plain(action.cards)
        if isinstance(action, Capture):
            return self.plain(action.fours.cards)
        return str(self.deal.action_text(action))

    def show_moves(self) -> None:
        moves = move_list(self.deal)
        count = plural(
            len(moves),
            "{n} legal move (type 'm N' to make one):",
            "{n} legal moves (type 'm N' to make one):",
        )
        self.say(Text(self.say_text(count), style="bold"))
        items = []
        for i, a in enumerate(moves, 1):
            t = Text(f"m{i} ", style="dim")
            t.append_text(self.action(a))
            items.append(t)
        self.say(Columns(items, padding=(0, 3)))

    # ----- deals ----------------------------------------------------------------------
    def play_deal(self) -> None:
        """Report the deal's start, then play it to its end (raises Quit or
        EndOfInput)."""
        self.sync()
        super().play_deal()

    def show_outcome(self) -> None:
        deal = self.deal
        out = deal.outcome
        order = list(out.finishing_order)
        self.rule(self.t("Deal over"))
        places = [f"{self.place(i + 1)} {self.name(s)}" for i, s in enumerate(order)]
        comma = self.t(", ")
        line = Text(self.t("Finishing order: {order}", order=comma.join(places[: out.went_out])))
        if out.went_out < PLAYERS:
            still = comma.join(places[out.went_out :])
            line.append(self.t("; still holding cards: {seats}", seats=still), style="dim")
        self.say(line)
        self.say(Text(self.t("Scoring: {row}", row=table_row(out)), style="bold"))
        team = {out.declarer, out.partner}
        totals = (("Total", "right"),) if self.totals is not None else ()
        table = outcome_table(
            "Seat",
            "Role",
            ("Place", "right"),
            "Cards left",
            ("Score", "right"),
            *totals,
            lang=self.lang,
        )
        for seat in range(PLAYERS):
            role = (
                "declarer"
                if seat == out.declarer
                else "partner"
                if seat == out.partner
                else "defender"
            )
            row: list[Any] = [
                self.seat_cell(seat),
                Text(self.t(role), style="magenta" if seat in team else ""),
                str(order.index(seat) + 1),
                self.hand_cell(out.hands[seat]),
                score_text(out.scores[seat]),
            ]
            if self.totals is not None:
                row.append(Text(f"{self.totals[seat]:+d}", style="bold"))
            table.add_row(*row)
        self.say(table)
        self.say_score(out.scores[self.human])

    def record_data(self) -> dict[str, Any]:
        return self.spec.to_record(self.deal)

    def redealt(self, first: int, seed_note: str = "") -> None:
        """Say that the deal is redealt, drawn first by ``first`` again."""
        redealt = self.sentence(
            first,
            "  Nobody holds an AH outside the final round: the deal is cancelled and "
            "redealt{seed}; {who} draw first again.",
            "  Nobody holds an AH outside the final round: the deal is cancelled and "
            "redealt{seed}; {who} draws first again.",
            seed=seed_note,
        )
        self.say(Text(redealt, style="bold yellow"))

    def place(self, n: int) -> str:
        """``2nd`` (a place in the finishing order), in the session's language."""
        return ordinal(n) if self.lang == "en" else self.t("No. {n}", n=n)

    def finish(self) -> None:
        super().finish()
        self.say_again(self.seed, self.t("this"))

    def say_redeal(self, seed: int, dealer: int | None) -> None:
        assert dealer is not None
        self.redealt(dealer, self.t(" (seed {seed})", seed=seed))


class BigAMatchSession(BaseMatchSession):
    """A match of Big A (:class:`~chupai.biga.match.Match`, ``--deals N`` or ``--to
    SCORE``): deal after deal, the first player out drawing first in the next deal
    and a redeal drawn first by the same seat, with the score table after each
    deal. With ``--record FILE`` each counted deal's record is written to
    ``FILE-dealK.json`` as well as the match record to ``FILE``."""

    INTRO_NOTE = (
        " Redeals (nobody holds an AH outside the final round) do not count; the "
        "first player out draws first in the next deal."
    )
    END_TITLE = "Series over"

    GAME = "biga"

    def __init__(self, match: Match, human: int, bot_names: list[str], **options: Any):
        super().__init__(match, human, bot_names, **options)
        self.deal_records = 0

    def label(self) -> str:
        return self.deal_label()

    def score_table(self) -> Table:
        m = self.match
        table = self.score_columns("First drawer", "Declarer", "Scoring")
        for row in m.table():
            if row.redeal or row.declarer is None:
                table.add_row(
                    self.t("redeal"),
                    self.name(row.first_drawer),
                    "—",
                    self.t("redeal"),
                    *(score_text(v) for v in row.scores),
                )
                continue
            table.add_row(
                str(row.number),
                self.name(row.first_drawer),
                self.name(row.declarer),
                self.say_text(table_row(row)),
                *(score_text(v) for v in row.scores),
            )
        table.add_row(*total_row(m.totals, 3, self.lang))
        return table

    def play_match_deal(self, deal: Any, label: str) -> None:
        m = self.match
        session = BigASession(
            m.rules,
            deal.seed or 0,
            self.human,
            self.bot_names,
            match_label=label,
            spec=self.spec,
            **self.deal_options(),
        )
        session.redeals = _redeals_before(m)
        session.start_deal(deal)
        session.deal_intro()
        session.play_deal()
        out = deal.outcome
        if out.redeal:
            session.redealt(out.next_first_drawer)
            return
        session.totals = m.totals
        session.show_outcome()
        if self.record is not None:
            self.deal_records += 1
            p = Path(self.record)
            path = str(p.with_name(f"{p.stem}-deal{m.counted}{p.suffix or '.json'}"))
            session.save_record(session.record_data(), path)
        if not m.is_over():
            nxt = self.sentence(
                out.next_first_drawer,
                "Next deal: {who} draw first (the first player out).",
                "Next deal: {who} draws first (the first player out).",
            )
            self.say(Text(nxt, style="dim"))

    def redeals_note(self) -> str:
        m = self.match
        if not m.redeals:
            return ""
        return self.say_text(plural(m.redeals, " (and {n} redeal)", " (and {n} redeals)"))

    def wrote_records(self) -> bool:
        return self.deal_records > 0


def _redeals_before(match: Match) -> int:
    """The redeals just before the match's current deal."""
    count = 0
    for d in reversed(match.deals[:-1]):
        if d.outcome is None or not d.outcome.redeal:
            break
        count += 1
    return count


def _first_bot(seed: int) -> Any:
    """The strongest available Big A bot of :data:`DEFAULT_BOTS` (for hints)."""
    from chupai.bots import make_bot

    for name in DEFAULT_BOTS:
        try:
            return make_bot(name, seed=seed, game="biga")
        except ChupaiError:
            continue
    raise ChupaiError("no Big A bot is available")  # pragma: no cover - random always is


def play_rules(spec: GameSpec, args: argparse.Namespace) -> BigARules:
    """The rules of ``chupai play``'s arguments: always 5 players; ``--deals`` only."""
    rules: BigARules = spec.resolve(args.rules, parse_overrides(args.overrides or []))
    if args.players is not None and args.players != PLAYERS:
        raise ChupaiError(f"--players {args.players}: Big A is played by exactly 5 players")
    if getattr(args, "target", None) is not None:
        raise ChupaiError("--to is not available for Big A; use --deals N")
    return rules


def deal_session(
    spec: GameSpec,
    rules: BigARules,
    seed: int,
    human: int,
    names: list[str],
    options: dict[str, Any],
) -> BigASession:
    """The session of one deal (and its redeals) of ``rules`` from ``seed``."""
    session = BigASession(rules, seed, human, names, spec=spec, **options)
    session.start_deal(spec.new_deal(rules, seed))
    return session


def match_session(
    spec: GameSpec, match: Match, human: int, names: list[str], options: dict[str, Any]
) -> BigAMatchSession:
    """The session of a match."""
    return BigAMatchSession(match, human, names, spec=spec, **options)
