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

import chupai.cli.games.daguailuzi.messages  # noqa: F401  (the replay's translations)
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
from chupai.i18n import Msg, plural, translate

__all__ = ["replay_deal", "replay_match"]

TEAMS: Final = "AB"
NAME: Final = "Da Guai Lu Zi (Wild Escape)"
"""The game's English name (its spec's), which the replay's title shows in its language."""


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
    if rules.trumps:
        trumps = rc.rt(out, "trumps {rank}", rank=RANKS[levels[team]])
    else:
        trumps = rc.rt(out, "no trumps")
    seed = translate(rc.seed_text(rec), rc.lang_of(out))
    leader = rc.rt(out, "offense leader seat {n} (team {team})", n=offense, team=TEAMS[team])
    levels_text = rc.rt(out, "levels A {a}, B {b}", a=RANKS[levels[0]], b=RANKS[levels[1]])
    out.print(f"{seed}   {leader}   {levels_text}   {trumps}")
    if givers:
        comma = rc.rt(out, ", ")
        pairs = comma.join(rc.rt(out, "seat {n}", n=g) for g in givers)
        to = comma.join(rc.rt(out, "seat {n}", n=r) for r in recipients)
        out.print(
            rc.rt(out, "tribute from {givers} to {to} (in finishing order)", givers=pairs, to=to)
        )
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
        kind: str
        if isinstance(act, Gift):
            kind, style = rc.kind_name("daguailuzi", act.kind.value), "bold yellow"
            notes += _gift_notes(deal, ev.seat, act, phase)
        elif isinstance(act, Combo):
            kind, style = rc.kind_name("daguailuzi", act.kind.value), "bold"
            if leading or i == 0 or phase is not Phase.PLAY:
                notes.append(Msg("lead"))
            if ev.seat in deal.finishing:
                place = deal.finishing.index(ev.seat) + 1
                notes.append(_out(place, rc.lang_of(table)))
        else:
            kind, style = "", "dim"
        if act == PASS and deal.phase is Phase.PLAY and deal.top is None:
            if deal.leader != top_player:
                notes.append(Msg("trick to seat {n}, seat {m} leads", n=top_player, m=deal.leader))
            else:
                notes.append(Msg("trick to seat {n}", n=top_player))
        if deal.phase is Phase.OVER:
            notes.append(Msg("deal over"))
        rc.add_action(table, i, ev.seat, deal.action_text(act), style, kind, notes)


def _gift_notes(deal: Any, seat: int, act: Gift, before: Phase | None) -> list[str]:
    """Where a tribute went (once every giver chose), whom a return was for."""
    notes: list[str] = []
    if act.kind is GiftKind.TRIBUTE and deal.phase is not Phase.TRIBUTE:
        notes += [
            Msg("{cards}: seat {n} → seat {m}", cards=deal.cards_text(card), n=g, m=r)
            for g, r, card in deal.tributes
        ]
    elif act.kind in (GiftKind.RETURN, GiftKind.TAKE):
        other = tribute_partner(deal.tributes, seat)
        giver, recipient = (seat, other) if act.kind is GiftKind.TAKE else (other, seat)
        notes.append(Msg("seat {n} → seat {m} (private)", n=recipient, m=giver))
    elif act.kind is GiftKind.OFFER:
        notes.append(Msg("offered (private)"))
    if before is not Phase.PLAY and deal.phase is Phase.PLAY:
        notes.append(Msg("play: seat {n} leads", n=deal.to_act))
    return notes


def _result(deal: Any, out: Console) -> None:
    outcome = rc.outcome_or_note(deal, out)
    if outcome is None:
        return
    first = outcome.finishing_order[0]
    comma = rc.rt(out, ", ")
    order = comma.join(rc.rt(out, "seat {n}", n=s) for s in outcome.finishing_order)
    if outcome.winner is None:
        draw = rc.rt(
            out,
            "draw: seat {n} (team {team}) went out first, but team {other} went out first "
            "as a team",
            n=first,
            team=TEAMS[team_of(first)],
            other=TEAMS[1 - team_of(first)],
        )
        out.print(Text(draw, style="bold yellow"))
    else:
        trapped = comma.join(rc.rt(out, "seat {n}", n=s) for s in outcome.trapped)
        wins = rc.rt(
            out,
            "team {team} wins; trapped: {trapped} (k = {k})",
            team=TEAMS[outcome.winner],
            trapped=trapped,
            k=outcome.k,
        )
        out.print(Text(wins, style="bold green"))
    out.print(rc.rt(out, "finishing order: {order}", order=order))
    out.print(translate(_scoring(deal, outcome), rc.lang_of(out)))
    table = Table(box=None, pad_edge=False, header_style="bold")
    for name in ("seat", "team", "cards left", "score"):
        table.add_column(rc.rt(out, name), justify="left" if name == "cards left" else "right")
    for seat, score in enumerate(outcome.scores):
        left = deal.hands[seat]
        table.add_row(
            str(seat), TEAMS[team_of(seat)], deal.cards_text(left) if left else "—", f"{score:+d}"
        )
    out.print(table)


def _scoring(deal: Any, outcome: Any) -> Msg:
    """What the deal scored, in one line (a message: it translates)."""
    if outcome.winner is None:
        return Msg("nothing scored")
    if outcome.scoring_team is None:
        return Msg("team {team} won as the defense: nothing scored", team=TEAMS[outcome.winner])
    team = TEAMS[outcome.scoring_team]
    if str(getattr(deal.rules.scoring, "value", deal.rules.scoring)) != "levels":
        return plural(
            outcome.k, "team {team} scores {n} point", "team {team} scores {n} points", team=team
        )
    old, new = deal.levels[outcome.scoring_team], outcome.levels[outcome.scoring_team]
    if outcome.match_won:
        return Msg(
            "team {team}: level {old} → {new}; it wins the match",
            team=team,
            old=RANKS[old],
            new=RANKS[new],
        )
    return Msg("team {team}: level {old} → {new}", team=team, old=RANKS[old], new=RANKS[new])


def _out(place: int, lang: str) -> str:
    """``out 2nd`` (English) or ``出完（第 2 名）``."""
    return f"out {ordinal(place)}" if lang == "en" else Msg("goes out (No. {n})", n=place)


def _match_cells(deal: Any, row: Any) -> list[str]:
    out = deal.outcome
    level = getattr(deal, "level", None)
    trumps = "—" if level is None else RANKS[level]
    offense = f"{deal.offense} ({TEAMS[team_of(deal.offense)]})"
    if out is None:
        return ["unfinished", offense, trumps, "", ""]
    number = row.to_dict().get("deal") if row is not None else None
    result = (
        Msg("draw")
        if out.winner is None
        else Msg("{team} won k={k}", team=TEAMS[out.winner], k=out.k)
    )
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
