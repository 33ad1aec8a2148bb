"""``chupai replay`` of 大怪路子 records: re-validate a deal or match record move by
move and print it.

:func:`replay_deal` prints the header (rules, seed, the offense leader and its
team, both teams' levels and the trump rank, the tribute givers and recipients,
each seat's dealt cards), one numbered line per action with its notes (a
tribute and where it went, a return, a player going out and in which place, who
won a trick and who leads next) and the result (win or draw, the trapped
players and their cards, points or levels, the scores). :func:`replay_match`
prints a match record's table: each deal's offense leader, trump rank, result
and the levels (or points) after it. The verdict is printed by
:func:`chupai.cli.replay.run_replay`, which finds this module through
``get_game("daguailuzi").plugin("cli.replay")``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from rich.console import Console
from rich.table import Table
from rich.text import Text

from chupai.cli import replay_common as rc
from chupai.cli.games.daguailuzi.play_events import tribute_partner
from chupai.cli.terminal import ordinal
from chupai.daguailuzi.cards import RANKS, parse_cards, size_of
from chupai.daguailuzi.combos import Combo
from chupai.daguailuzi.game import PASS, Gift, GiftKind, Phase, team_of
from chupai.daguailuzi.match import Match
from chupai.daguailuzi.record import replay, replay_steps
from chupai.daguailuzi.rules import DaguailuziRules
from chupai.errors import ChupaiError

__all__ = ["replay_deal", "replay_match"]

TEAMS: Final = "AB"
NAME: Final = "大怪路子 (Wild Escape)"


def _header(rec: Mapping[str, Any], out: Console) -> None:
    rc.print_title(out, NAME, rec)
    try:
        rules = DaguailuziRules.from_dict(rec["rules"])
        offense = int(rec["offense"])
        levels = [int(v) for v in rec["levels"]]
        hands = [parse_cards(h) for h in rec["hands"]]
        givers, recipients = list(rec["givers"]), list(rec["recipients"])
    except (ChupaiError, KeyError, TypeError, ValueError, IndexError):
        return  # the replay reports the broken header
    team = team_of(offense)
    trumps = f"trumps {RANKS[levels[team]]}" if rules.trumps else "no trumps"
    out.print(
        f"{rc.seed_text(rec)}   offense leader seat {offense} (team {TEAMS[team]})   "
        f"levels A {RANKS[levels[0]]}, B {RANKS[levels[1]]}   {trumps}"
    )
    if givers:
        pairs = ", ".join(f"seat {g}" for g in givers)
        to = ", ".join(f"seat {r}" for r in recipients)
        out.print(f"tribute from {pairs} to {to} (in finishing order)")
    rc.print_hands(
        out,
        [
            (TEAMS[team_of(seat)], f"({size_of(h)})", str(rec["hands"][seat]))
            for seat, h in enumerate(hands)
        ],
    )


def replay_deal(rec: Mapping[str, Any], out: Console | None) -> int:
    """Validate 大怪路子 record ``rec`` (printing it to ``out`` if given) and return
    its number of actions; raises :class:`~chupai.errors.RecordError` at the
    first problem."""
    rows = _Rows()
    return rc.replay_printed(rec, out, (replay_steps, replay), _header, rows.row, _result)


class _Rows:
    """The action lines, with the state just before each action."""

    def __init__(self) -> None:
        self.phase: Phase | None = None
        self.top_player: int | None = None
        self.leading = False

    def row(self, table: Table, i: int, deal: Any, ev: Any) -> None:
        phase, top_player, leading = self.phase, self.top_player, self.leading
        self.phase = deal.phase
        self.top_player = deal.top_player if deal.top is not None else None
        self.leading = deal.phase is Phase.PLAY and deal.top is None
        act = ev.action
        notes: list[str] = []
        if isinstance(act, Gift):
            kind, style = act.kind.value, "bold yellow"
            notes += _gift_notes(deal, ev.seat, act, phase)
        elif isinstance(act, Combo):
            kind, style = act.kind.value, "bold"
            if leading or i == 0 or phase is not Phase.PLAY:
                notes.append("lead")
            if ev.seat in deal.finishing:
                place = deal.finishing.index(ev.seat) + 1
                notes.append(f"out {ordinal(place)}")
        else:
            kind, style = "", "dim"
        if act == PASS and deal.phase is Phase.PLAY and deal.top is None:
            note = f"trick to seat {top_player}"
            if deal.leader != top_player:
                note += f", seat {deal.leader} leads"
            notes.append(note)
        if deal.phase is Phase.OVER:
            notes.append("deal over")
        rc.add_action(table, i, ev.seat, deal.action_text(act), style, kind, notes)


def _gift_notes(deal: Any, seat: int, act: Gift, before: Phase | None) -> list[str]:
    """Where a tribute went (once every giver chose), whom a return was for."""
    notes: list[str] = []
    if act.kind is GiftKind.TRIBUTE and deal.phase is not Phase.TRIBUTE:
        notes += [f"{deal.cards_text(card)}: seat {g} → seat {r}" for g, r, card in deal.tributes]
    elif act.kind in (GiftKind.RETURN, GiftKind.TAKE):
        other = tribute_partner(deal.tributes, seat)
        giver, recipient = (seat, other) if act.kind is GiftKind.TAKE else (other, seat)
        notes.append(f"seat {recipient} → seat {giver} (private)")
    elif act.kind is GiftKind.OFFER:
        notes.append("offered (private)")
    if before is not Phase.PLAY and deal.phase is Phase.PLAY:
        notes.append(f"play: seat {deal.to_act} leads")
    return notes


def _result(deal: Any, out: Console) -> None:
    outcome = rc.outcome_or_note(deal, out)
    if outcome is None:
        return
    first = outcome.finishing_order[0]
    order = ", ".join(f"seat {s}" for s in outcome.finishing_order)
    if outcome.winner is None:
        out.print(
            Text(
                f"draw: seat {first} (team {TEAMS[team_of(first)]}) went out first, but "
                f"team {TEAMS[1 - team_of(first)]} went out first as a team",
                style="bold yellow",
            )
        )
    else:
        trapped = ", ".join(f"seat {s}" for s in outcome.trapped)
        out.print(
            Text(
                f"team {TEAMS[outcome.winner]} wins; trapped: {trapped} (k = {outcome.k})",
                style="bold green",
            )
        )
    out.print(f"finishing order: {order}")
    out.print(_scoring(deal, outcome))
    table = Table(box=None, pad_edge=False, header_style="bold")
    for name in ("seat", "team", "cards left", "score"):
        table.add_column(name, justify="left" if name == "cards left" else "right")
    for seat, score in enumerate(outcome.scores):
        left = deal.hands[seat]
        table.add_row(
            str(seat), TEAMS[team_of(seat)], deal.cards_text(left) if left else "—", f"{score:+d}"
        )
    out.print(table)


def _scoring(deal: Any, outcome: Any) -> str:
    """What the deal scored, in one line."""
    if outcome.winner is None:
        return "nothing scored"
    if outcome.scoring_team is None:
        return f"team {TEAMS[outcome.winner]} won as the defense: nothing scored"
    team = TEAMS[outcome.scoring_team]
    if str(getattr(deal.rules.scoring, "value", deal.rules.scoring)) != "levels":
        return f"team {team} scores {outcome.k} point{'s' if outcome.k != 1 else ''}"
    old, new = deal.levels[outcome.scoring_team], outcome.levels[outcome.scoring_team]
    text = f"team {team}: level {RANKS[old]} → {RANKS[new]}"
    return text + ("; it wins the match" if outcome.match_won else "")


def _match_cells(deal: Any, row: Any) -> list[str]:
    out = deal.outcome
    level = getattr(deal, "level", None)
    trumps = "—" if level is None else RANKS[level]
    offense = f"{deal.offense} ({TEAMS[team_of(deal.offense)]})"
    if out is None:
        return ["unfinished", offense, trumps, "", ""]
    number = row.to_dict().get("deal") if row is not None else None
    result = "draw" if out.winner is None else f"{TEAMS[out.winner]} won k={out.k}"
    levels = f"A{RANKS[out.levels[0]]} B{RANKS[out.levels[1]]}"
    return [str(number if number is not None else ""), offense, trumps, result, levels]


replay_match: Final = rc.match_replayer(
    NAME,
    lambda rec: Match.from_record(rec),
    columns=[
        ("deal", "right"),
        ("offense", "left"),
        ("trumps", "right"),
        ("result", "left"),
        ("levels", "left"),
    ],
    cells=_match_cells,
    redeals=False,
)
"""Validate a 大怪路子 match record (printing its table) and return its number of
actions (:func:`chupai.cli.replay_common.check_match`)."""
