"""``chupai replay`` of Big A records: re-validate a record move by move and print it.

:func:`replay_biga` prints the header (rules, seed, first drawer and each seat's
cards after the draw, last card apart), then one numbered line per action with
notes, and the result (declarer, partner, finishing order, the scoring-table row
and the scores). The draw's many ``decline`` answers (a seat with an Ace is asked
at every checkpoint) are counted, not listed; every other action is: the
declarations with the card they followed, the §3.5 answers, plays, captures and
passes. Unnumbered lines mark what the engine did by itself: the forced ♥A
declaration, the final round, a redeal. The verdict (``valid record: N actions``
on standard output, exit 0, or ``invalid record: action K by seat S: reason`` on
standard error, exit 1) is printed by :func:`chupai.cli.replay.run_replay`, which
calls :func:`replay_biga` through :data:`chupai.cli.replay.REPLAYERS`.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any, Final

from rich.console import Console
from rich.table import Table
from rich.text import Text

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
from chupai.biga.record import replay, replay_steps
from chupai.biga.rules import BigARules
from chupai.cli.play_biga import SUIT_NAMES, table_row
from chupai.cli.replay_common import (
    action_table,
    add_action,
    outcome_or_note,
    print_title,
    seed_text,
)
from chupai.cli.session import ordinal
from chupai.errors import ChupaiError

__all__ = ["replay_biga", "dealt_hands"]

PLAYERS: Final = 5


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
    print_title(out, "Big A", rec)
    try:
        BigARules.from_dict(rec["rules"])
        stock = parse_stock(rec["stock"])
        first = rec["first_drawer"]
        hands, last = dealt_hands(stock, int(first))
    except (ChupaiError, KeyError, TypeError, AttributeError, ValueError):
        return  # the replay reports the broken header
    out.print(f"{seed_text(rec, 'stock')}   first drawer seat {first}")
    grid = Table.grid(padding=(0, 2))
    for seat in range(PLAYERS):
        grid.add_row(f"seat {seat}", f"({size_of(hands[seat] + last[seat])})",
                     cards_text(hands[seat]), Text(f"last card {cards_text(last[seat])}",
                                                   style="dim"))
    out.print(grid)


def replay_biga(rec: Mapping[str, Any], out: Console | None) -> int:
    """Validate Big A record ``rec`` (printing it to ``out`` if given) and return its
    number of actions; raises :class:`~chupai.errors.RecordError` at the first
    problem."""
    if out is not None:
        _header(rec, out)
    deal: BigADeal | None = None
    count = 0
    declines = 0
    with action_table(out) as table:
        for i, deal, ev, before in _steps(rec):
            count = i + 1
            if out is None:
                continue
            act = ev.action
            if act == DECLINE:
                declines += 1
            else:
                kind, style, notes = _describe(deal, ev.seat, act, before)
                add_action(table, i, ev.seat, deal.action_text(act), style, kind, notes)
            if before.phase is Phase.DRAW and deal.phase is not Phase.DRAW:
                for note in _end_of_draw(deal):
                    table.add_row("", "", Text("—", style="dim"), "",
                                  Text(note, style="bold yellow"))
    if out is not None:
        if declines:
            out.print(Text(f"({declines} 'decline' answer{'s' if declines != 1 else ''} of "
                           "the draw not listed)", style="dim"))
        _result(deal if deal is not None else replay(rec), out)
    return count


class _Before:
    """The deal just before an action (what the notes compare with)."""

    __slots__ = ("phase", "declarer", "big_suit", "top_player", "leading",
                 "public_partner", "alone_known")

    def __init__(self, deal: BigADeal | None = None):
        self.phase = Phase.DRAW if deal is None else deal.phase
        self.declarer = None if deal is None else deal.declarer
        self.big_suit = None if deal is None else deal.big_suit
        self.top_player = None if deal is None else deal.top_player
        self.leading = deal is not None and deal.phase is Phase.PLAY and deal.top is None
        self.public_partner = None if deal is None else deal.public_partner
        self.alone_known = deal is not None and deal.alone_known


def _steps(rec: Mapping[str, Any]) -> Iterator[tuple[int, BigADeal, Event, _Before]]:
    """:func:`replay_steps` with the state before each action (a record starts in
    the draw, before any declaration)."""
    before = _Before()
    for i, deal, ev in replay_steps(rec):
        yield i, deal, ev, before
        before = _Before(deal)


def _describe(deal: BigADeal, seat: int, act: Any, before: _Before) -> tuple[str, str, list[str]]:
    notes: list[str] = []
    if isinstance(act, Declare):
        ace = FACE_NAMES[SUITED_ACE + act.suit]
        drawn = next((k for k, e in reversed(deal.declarations) if e.action == act
                      and e.seat == seat), None)
        if drawn is not None:
            notes.append(f"after card {drawn - 1}")
        if act.two and before.declarer == seat and before.big_suit == act.suit:
            notes.append(f"shows the second {ace}: plays alone, scores doubled")
        elif act.two:
            notes.append(f"反大A: declarer, {SUIT_NAMES[act.suit]}, alone, scores doubled")
            if before.declarer is not None:
                notes.append(f"seat {before.declarer}'s declaration is cancelled")
        else:
            notes.append(f"declarer, {SUIT_NAMES[act.suit]} are the Big Ace suit")
        return "declare", "bold magenta", notes
    if act == SHOW_SECOND:
        return "show second", "bold magenta", ["plays alone, scores doubled"]
    if act == KEEP_HIDDEN:
        return "keep hidden", "dim", ["plays alone (private)"]
    if act == REVEAL:
        return "reveal", "bold magenta", [f"seat {seat} is the partner (revealed table)"]
    if act == STAY_HIDDEN:
        return "stay hidden", "dim", ["the partner stays hidden (private)"]
    if isinstance(act, Capture):
        notes.append(f"captures {deal.cards_text(act.taken.cards)} (into seat {seat}'s hand)")
        kind, style = "capture", "bold magenta"
    elif isinstance(act, Combo):
        kind, style = act.kind.value, "bold"
        if before.leading:
            notes.append("leads")
        if deal.hands[seat] == 0:
            place = list(deal.finishing).index(seat) + 1
            notes.append(f"goes out ({ordinal(place)})")
        if deal.public_partner is not None and before.public_partner is None \
                and big_aces(act.cards, deal.big_suit):
            notes.append(f"plays a Big Ace: seat {seat} is the declarer's partner")
        if deal.alone_known and not before.alone_known:
            notes.append("the second Big Ace: the declarer plays alone")
    else:
        kind, style = "", "dim"
    if act == PASS and deal.phase is Phase.PLAY and deal.top is None:
        winner = before.top_player
        note = f"trick to seat {winner}"
        if deal.leader != winner:
            note += f", seat {deal.leader} leads"
        notes.append(note)
    if deal.phase is Phase.OVER:
        notes.append("deal over")
    return kind, style, notes


def _end_of_draw(deal: BigADeal) -> list[str]:
    out = deal.outcome
    if out is not None and out.redeal:
        return ["draw over: nobody declared and nobody holds an AH among cards 0-102: redeal"]
    notes = []
    if deal.forced:
        notes.append(f"draw over: nobody declared; forced declaration: seat {deal.declarer} "
                     "holds an AH and is the declarer, hearts are the Big Ace suit")
    notes.append(f"final round (cards {LAST_CHECKPOINT + 1}-{STOCK_SIZE - 1}) drawn")
    return notes


def _result(deal: BigADeal, out: Console) -> None:
    oc = outcome_or_note(deal, out)
    if oc is None:
        return
    if oc.redeal:
        out.print(Text(f"redeal: no score; seat {oc.next_first_drawer} draws first again",
                       style="bold yellow"))
        return
    assert oc.declarer is not None and oc.big_suit is not None
    big = FACE_NAMES[SUITED_ACE + oc.big_suit]
    team = f"declarer seat {oc.declarer} ({big}{', forced' if oc.forced else ''})"
    if oc.alone:
        team += ", alone" + (", two Big Aces shown" if oc.two_shown else "")
    else:
        team += f", partner seat {oc.partner}" + (" (revealed)" if oc.partner_revealed
                                                  else " (hidden)")
    out.print(Text(team, style="bold"))
    order = ", ".join(f"seat {s}" for s in oc.finishing_order[:oc.went_out])
    rest = ", ".join(f"seat {s}" for s in oc.finishing_order[oc.went_out:])
    out.print(f"finishing order: {order}" + (f"; still holding cards: {rest}" if rest else ""))
    out.print(Text(f"scoring: {table_row(oc)}", style="bold green"))
    table = Table(box=None, pad_edge=False, header_style="bold")
    table.add_column("seat", justify="right")
    table.add_column("role")
    table.add_column("place", justify="right")
    table.add_column("cards left")
    table.add_column("score", justify="right")
    for seat in range(PLAYERS):
        role = ("declarer" if seat == oc.declarer else
                "partner" if seat == oc.partner else "defender")
        table.add_row(str(seat), role, str(list(oc.finishing_order).index(seat) + 1),
                      deal.cards_text(oc.hands[seat]) or "-", f"{oc.scores[seat]:+d}")
    out.print(table)
    out.print(f"next first drawer: seat {oc.next_first_drawer}")


def replay_biga_match(rec: Mapping[str, Any], out: Console | None) -> int:
    """Validate Big A match record ``rec`` (printing its score table to ``out`` if
    given) and return its number of actions over all deals; raises
    :class:`~chupai.errors.RecordError` naming the first bad deal."""
    from chupai.biga.match import replay_match
    from chupai.cli.replay_common import print_match

    m = replay_match(rec)
    count = sum(len(d.history) for d in m.deals)
    if out is not None:
        print_match(out, "Big A", rec, m, played=f"{m.counted} counted, {m.redeals} redealt",
                    columns=[("deal", "right"), ("first", "right"), ("declarer", "right"),
                             ("partner", "left"), ("order", "left")],
                    count=count, actions=lambda d: len(d.history), cells=_match_row)
    return count


def _match_row(deal: Any, row: Any) -> list[str]:
    if row is None:
        return ["-", str(deal.first_drawer), "-", "-", "unfinished"]
    if row.redeal:
        return ["redeal", str(row.first_drawer), "-", "-", "-"]
    partner = "alone" if row.alone else str(row.partner)
    return [str(row.number), str(row.first_drawer), f"{row.declarer} ({row.big_suit})", partner,
            " ".join(str(s) for s in row.finishing_order)]
