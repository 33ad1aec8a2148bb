"""``chupai replay`` of Big A records: re-validate a record move by move and print it.

:func:`replay_deal` prints the header (rules, seed, first drawer and each seat's
cards after the draw, last card apart), then one numbered line per action with
notes, and the result (declarer, partner, finishing order, the scoring-table row
and the scores). The draw's many ``decline`` answers (a seat with an Ace is asked
at every checkpoint) are counted, not listed; every other action is: the
declarations with the card they followed, the §3.5 answers, plays, captures and
passes. Unnumbered lines mark what the engine did by itself: the forced ♥A
declaration, the final round, a redeal. The verdict (``valid record: N actions``
on standard output, exit 0, or ``invalid record: action K by seat S: reason`` on
standard error, exit 1) is printed by :func:`chupai.cli.replay.run_replay`, which
finds this module through ``get_game("biga").plugin("cli.replay")``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from rich.console import Console, JustifyMethod
from rich.table import Table
from rich.text import Text

import chupai.cli.games.biga.messages  # noqa: F401  (the game's translations)
from chupai.biga.cards import FACE_NAMES, SUITED_ACE, UNIT, big_aces, cards_text, size_of
from chupai.biga.combos import Combo
from chupai.biga.game import (
    DECLINE,
    KEEP_HIDDEN,
    LAST_CHECKPOINT,
    PASS,
    REVEAL,
    SHOW_SECOND,
    STAY_HIDDEN,
    STOCK_SIZE,
    BigADeal,
    Capture,
    Declare,
    Event,
    Phase,
    parse_stock,
)
from chupai.biga.match import replay_match as replay_biga_match
from chupai.biga.record import replay, replay_steps
from chupai.biga.rules import BigARules
from chupai.cli import replay_common as rc
from chupai.cli.play_biga import SUIT_NAMES, table_row
from chupai.cli.session import ordinal
from chupai.errors import ChupaiError
from chupai.i18n import Msg, plural, tr, translate

__all__ = ["replay_deal", "replay_match", "dealt_hands"]

PLAYERS: Final = 5

_RESULT_COLUMNS: Final[tuple[tuple[str, JustifyMethod], ...]] = (
    ("seat", "right"),
    ("role", "left"),
    ("place", "right"),
    ("cards left", "left"),
    ("score", "right"),
)
"""The columns of the result table."""

_ANSWERS: Final = {
    SHOW_SECOND: ("show second", "bold magenta", "plays alone, scores doubled"),
    KEEP_HIDDEN: ("keep hidden", "dim", "plays alone (private)"),
    STAY_HIDDEN: ("stay hidden", "dim", "the partner stays hidden (private)"),
}
"""The §3.5 answers other than ``reveal``: type, style and note."""


def dealt_hands(stock: tuple[int, ...], first_drawer: int) -> tuple[list[int], list[int]]:
    """Each seat's cards from the draw (cards 0..102) and its last card (103..107)."""
    hands = [0] * PLAYERS
    last = [0] * PLAYERS
    for k, face in enumerate(stock):
        seat = (first_drawer + k) % PLAYERS
        if k > LAST_CHECKPOINT:
            last[seat] += UNIT[face]
        else:
            hands[seat] += UNIT[face]
    return hands, last


def _header(rec: Mapping[str, Any], out: Console) -> None:
    rc.print_title(out, "Big A", rec)
    try:
        BigARules.from_dict(rec["rules"])
        stock = parse_stock(rec["stock"])
        first = rec["first_drawer"]
        hands, last = dealt_hands(stock, int(first))
    except (ChupaiError, KeyError, TypeError, AttributeError, ValueError):
        return  # the replay reports the broken header
    seed = translate(rc.seed_text(rec, "stock"), rc.lang_of(out))
    out.print(f"{seed}   " + rc.rt(out, "first drawer seat {n}", n=first))
    rc.print_hands(
        out,
        [
            (
                f"({size_of(hands[seat] + last[seat])})",
                cards_text(hands[seat]),
                Text(rc.rt(out, "last card {cards}", cards=cards_text(last[seat])), style="dim"),
            )
            for seat in range(PLAYERS)
        ],
    )


def replay_deal(rec: Mapping[str, Any], out: Console | None) -> int:
    """Validate Big A record ``rec`` (printing it to ``out`` if given) and return its
    number of actions; raises :class:`~chupai.errors.RecordError` at the first
    problem."""
    rows = _Rows()
    return rc.replay_printed(
        rec, out, (replay_steps, replay), _header, rows.row, _result, rows.note
    )


class _Before:
    """The deal just before an action (what the notes compare with)."""

    __slots__ = (
        "phase",
        "declarer",
        "big_suit",
        "top_player",
        "leading",
        "public_partner",
        "alone_known",
    )

    def __init__(self, deal: BigADeal | None = None):
        self.phase = Phase.DRAW if deal is None else deal.phase
        self.declarer = None if deal is None else deal.declarer
        self.big_suit = None if deal is None else deal.big_suit
        self.top_player = None if deal is None else deal.top_player
        self.leading = deal is not None and deal.phase is Phase.PLAY and deal.top is None
        self.public_partner = None if deal is None else deal.public_partner
        self.alone_known = deal is not None and deal.alone_known


class _Rows:
    """The action lines: the state before each action (a record starts in the
    draw, before any declaration) and the count of unlisted declines."""

    def __init__(self) -> None:
        self.before = _Before()
        self.declines = 0

    def row(self, table: Table, i: int, deal: BigADeal, ev: Event) -> None:
        before, self.before = self.before, _Before(deal)
        act = ev.action
        if act == DECLINE:
            self.declines += 1
        else:
            kind, style, notes = _describe(deal, ev.seat, act, before)
            rc.add_action(table, i, ev.seat, deal.action_text(act), style, kind, notes)
        if before.phase is Phase.DRAW and deal.phase is not Phase.DRAW:
            for note in _end_of_draw(deal):
                said = translate(note, rc.lang_of(table))
                table.add_row("", "", Text("—", style="dim"), "", Text(said, style="bold yellow"))

    def note(self, out: Console) -> None:
        """Say how many declines of the draw the table left out (if any)."""
        if self.declines:
            unlisted = plural(
                self.declines,
                "({n} 'decline' answer of the draw not listed)",
                "({n} 'decline' answers of the draw not listed)",
            )
            out.print(Text(translate(unlisted, rc.lang_of(out)), style="dim"))


def _describe(deal: BigADeal, seat: int, act: Any, before: _Before) -> tuple[str, str, list[str]]:
    """The type, style and notes of action ``act`` of ``seat``."""
    if isinstance(act, Declare):
        return "declare", "bold magenta", _declare_notes(deal, seat, act, before)
    if act in _ANSWERS:
        kind, style, note = _ANSWERS[act]
        return kind, style, [Msg(note)]
    if act == REVEAL:
        return "reveal", "bold magenta", [Msg("seat {n} is the partner (revealed table)", n=seat)]
    notes: list[str] = []
    if isinstance(act, Capture):
        taken = deal.cards_text(act.taken.cards)
        notes.append(Msg("captures {cards} (into seat {n}'s hand)", cards=taken, n=seat))
        kind, style = "capture", "bold magenta"
    elif isinstance(act, Combo):
        kind, style = rc.kind_name("biga", act.kind.value), "bold"
        notes += _play_notes(deal, seat, act, before)
    else:
        kind, style = "", "dim"
    if act == PASS and deal.phase is Phase.PLAY and deal.top is None:
        winner = before.top_player
        if deal.leader != winner:
            notes.append(Msg("trick to seat {n}, seat {m} leads", n=winner, m=deal.leader))
        else:
            notes.append(Msg("trick to seat {n}", n=winner))
    if deal.phase is Phase.OVER:
        notes.append(Msg("deal over"))
    return kind, style, notes


def _declare_notes(deal: BigADeal, seat: int, act: Declare, before: _Before) -> list[str]:
    notes: list[str] = []
    ace = FACE_NAMES[SUITED_ACE + act.suit]
    drawn = next(
        (k for k, e in reversed(deal.declarations) if e.action == act and e.seat == seat), None
    )
    if drawn is not None:
        notes.append(Msg("after card {n}", n=drawn - 1))
    suit = Msg(SUIT_NAMES[act.suit])
    if act.two and before.declarer == seat and before.big_suit == act.suit:
        notes.append(Msg("shows the second {ace}: plays alone, scores doubled", ace=ace))
    elif act.two:
        notes.append(Msg("反大A: declarer, {suit}, alone, scores doubled", suit=suit))
        if before.declarer is not None:
            notes.append(Msg("seat {n}'s declaration is cancelled", n=before.declarer))
    else:
        notes.append(Msg("declarer, {suit} are the Big Ace suit", suit=suit))
    return notes


def _play_notes(deal: BigADeal, seat: int, act: Combo, before: _Before) -> list[str]:
    notes: list[str] = []
    if before.leading:
        notes.append(Msg("leads"))
    if deal.hands[seat] == 0:
        place = list(deal.finishing).index(seat) + 1
        notes.append(Msg("goes out ({place})", place=_Place(place)))
    if (
        deal.public_partner is not None
        and before.public_partner is None
        and big_aces(act.cards, deal.big_suit)
    ):
        notes.append(Msg("plays a Big Ace: seat {n} is the declarer's partner", n=seat))
    if deal.alone_known and not before.alone_known:
        notes.append(Msg("the second Big Ace: the declarer plays alone"))
    return notes


def _end_of_draw(deal: BigADeal) -> list[str]:
    out = deal.outcome
    if out is not None and out.redeal:
        return [Msg("draw over: nobody declared and nobody holds an AH among cards 0-102: redeal")]
    notes: list[str] = []
    if deal.forced:
        notes.append(
            Msg(
                "draw over: nobody declared; forced declaration: seat {n} holds an AH and is "
                "the declarer, hearts are the Big Ace suit",
                n=deal.declarer,
            )
        )
    notes.append(Msg("final round (cards {a}-{b}) drawn", a=LAST_CHECKPOINT + 1, b=STOCK_SIZE - 1))
    return notes


def _result(deal: BigADeal, out: Console) -> None:
    oc = rc.outcome_or_note(deal, out)
    if oc is None:
        return
    if oc.redeal:
        again = rc.rt(out, "redeal: no score; seat {n} draws first again", n=oc.next_first_drawer)
        out.print(Text(again, style="bold yellow"))
        return
    assert oc.declarer is not None and oc.big_suit is not None
    big = FACE_NAMES[SUITED_ACE + oc.big_suit] + (rc.rt(out, ", forced") if oc.forced else "")
    team = rc.rt(out, "declarer seat {n} ({ace})", n=oc.declarer, ace=big)
    if oc.alone:
        team += rc.rt(out, ", alone") + (rc.rt(out, ", two Big Aces shown") if oc.two_shown else "")
    elif oc.partner_revealed:
        team += rc.rt(out, ", partner seat {n} (revealed)", n=oc.partner)
    else:
        team += rc.rt(out, ", partner seat {n} (hidden)", n=oc.partner)
    out.print(Text(team, style="bold"))
    comma = rc.rt(out, ", ")
    order = comma.join(rc.rt(out, "seat {n}", n=s) for s in oc.finishing_order[: oc.went_out])
    rest = comma.join(rc.rt(out, "seat {n}", n=s) for s in oc.finishing_order[oc.went_out :])
    line = rc.rt(out, "finishing order: {order}", order=order)
    if rest:
        line += rc.rt(out, "; still holding cards: {seats}", seats=rest)
    out.print(line)
    scoring = rc.rt(out, "scoring: {row}", row=table_row(oc))
    out.print(Text(scoring, style="bold green"))
    table = Table(box=None, pad_edge=False, header_style="bold")
    for header, justify in _RESULT_COLUMNS:
        table.add_column(rc.rt(out, header), justify=justify)
    for seat in range(PLAYERS):
        role = rc.rt(
            out,
            "declarer" if seat == oc.declarer else "partner" if seat == oc.partner else "defender",
        )
        table.add_row(
            str(seat),
            role,
            str(list(oc.finishing_order).index(seat) + 1),
            deal.cards_text(oc.hands[seat]) or "-",
            f"{oc.scores[seat]:+d}",
        )
    out.print(table)
    out.print(rc.rt(out, "next first drawer: seat {n}", n=oc.next_first_drawer))


class _Place(str):
    """A place in the finishing order: ``2nd`` in English, ``No. 2`` translated."""

    place: int

    def __new__(cls, place: int) -> _Place:
        self = super().__new__(cls, ordinal(place))
        self.place = place
        return self

    def text(self, lang: str) -> str:
        """The place in ``lang``."""
        return str(self) if lang == "en" else tr(lang, "No. {n}", n=self.place)


def _match_row(deal: Any, row: Any) -> list[str]:
    if row is None:
        return ["-", str(deal.first_drawer), "-", "-", "unfinished"]
    if row.redeal:
        return ["redeal", str(row.first_drawer), "-", "-", "-"]
    partner = Msg("alone") if row.alone else str(row.partner)
    return [
        str(row.number),
        str(row.first_drawer),
        f"{row.declarer} ({row.big_suit})",
        partner,
        " ".join(str(s) for s in row.finishing_order),
    ]


replay_match = rc.match_replayer(
    "Big A",
    replay_biga_match,
    cells=_match_row,
    columns=[
        ("deal", "right"),
        ("first", "right"),
        ("declarer", "right"),
        ("partner", "left"),
        ("order", "left"),
    ],
)
"""Validate a Big A match record (printing its plan and score table when given a
console) and return its number of actions over all deals; raises
:class:`~chupai.errors.RecordError` naming the first bad deal."""
