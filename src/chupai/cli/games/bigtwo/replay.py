"""``chupai replay`` of Big Two records: the header (rules, seed, dealer, leader or
first deal, the dealt hands and the leftover), one numbered line per action with
notes (choices, last card, who went out, trick winners) and the result (winner,
liability, finishing order, penalties and scores); of a match record, its plan and
score table. Found through ``get_game("bigtwo").plugin("cli.replay")``; the
verdict is printed by :func:`chupai.cli.replay.run_replay`."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

from chupai.bigtwo import packs
from chupai.bigtwo.combos import Combo, tables
from chupai.bigtwo.game import BigTwoDeal, Choice, Event, LastCard, Phase
from chupai.bigtwo.match import replay_match as replay_bigtwo_match
from chupai.bigtwo.record import replay, replay_steps
from chupai.bigtwo.rules import BigTwoRules
from chupai.cli import replay_common as rc
from chupai.cli.session import ordinal
from chupai.errors import ChupaiError

__all__ = ["replay_deal", "replay_match"]


def replay_deal(rec: Mapping[str, Any], out: Console | None) -> int:
    """Validate Big Two record ``rec`` (printing it to ``out`` if given) and return
    its number of actions; raises :class:`~chupai.errors.RecordError` at the first
    problem."""
    return rc.replay_printed(rec, out, (replay_steps, replay), _header, _row, _result)


def _row(table: Table, i: int, deal: BigTwoDeal, ev: Event) -> None:
    act = ev.action
    notes: list[str] = []
    if isinstance(act, Choice):
        kind, style = "choice", "magenta"
        if act.name == "redeal":
            notes.append("asks for a redeal")
    elif isinstance(act, (Combo, LastCard)):
        kind, style = act.kind.value, "bold"
        if isinstance(act, LastCard):
            notes.append("calls 'last card'")
        if deal.hands[ev.seat] == 0:
            place = deal.finished.index(ev.seat) + 1
            notes.append("goes out, wins" if place == 1 else f"goes out ({ordinal(place)})")
    else:
        kind, style = "", "dim"
    if not isinstance(act, Choice) and deal.top is None and deal.phase is Phase.PLAY:
        note = f"trick to seat {deal.top_player}"
        if deal.leader != deal.top_player:
            note += f", seat {deal.leader} leads"
        notes.append(note)
    if deal.phase is Phase.OVER and not (notes and notes[-1].endswith("wins")):
        notes.append("deal over")
    rc.add_action(table, i, ev.seat, deal.action_text(act), style, kind, notes)


def _header(rec: Mapping[str, Any], out: Console) -> None:
    rc.print_title(out, "Big Two", rec)
    try:
        rules = BigTwoRules.from_dict(rec["rules"])
        strength = tables(rules).card_strength
        hands = [packs.parse(h, rules.packs) for h in rec["hands"]]
        leftover = packs.parse(rec.get("leftover") or "", rules.packs)
    except (ChupaiError, KeyError, TypeError, AttributeError):
        return  # the replay reports the broken header

    def text(mask: int) -> str:
        return packs.names(mask, strength)

    lead = "first deal" if rec.get("first_deal", True) else f"leader seat {rec.get('leader')}"
    ranking = rec.get("ranking")
    if isinstance(ranking, list) and ranking:
        lead += "   ranking " + ", ".join(f"seat {s}" for s in ranking)
    out.print(f"{rc.seed_text(rec)}   dealer seat {rec.get('dealer')}   {lead}")
    rc.print_hands(out, [(f"({h.bit_count()})", text(h)) for h in hands])
    left = text(leftover) if leftover else "none"
    out.print(f"leftover: {left}   ({rules.leftover_rule.value})")


def _result(deal: BigTwoDeal, out: Console) -> None:
    oc = rc.outcome_or_note(deal, out)
    if oc is None:
        return
    if oc.redeal:
        asker = next((s for s, h in enumerate(oc.hands) if h), None)
        out.print(
            Text(f"redeal requested by seat {asker}: the deal does not count", style="bold yellow")
        )
        return
    how = f"instant win ({oc.instant_win})" if oc.instant_win else "first out"
    out.print(Text(f"winner: seat {oc.winner}   {how}", style="bold green"))
    if oc.liable is not None:
        out.print(
            Text(
                f"頂大: seat {oc.liable} is liable and pays every loser's penalty", style="bold red"
            )
        )
    out.print("finishing order: " + ", ".join(f"seat {s}" for s in oc.finishing_order))
    table = Table(box=None, pad_edge=False, header_style="bold")
    table.add_column("seat", justify="right")
    table.add_column("cards scored")
    table.add_column("penalty", justify="right")
    table.add_column("score", justify="right")
    for seat in range(deal.players):
        table.add_row(
            str(seat),
            deal.cards_text(oc.hands[seat]) or "-",
            str(oc.penalties[seat]),
            f"{oc.scores[seat]:+d}",
        )
    out.print(table)


def _match_row(deal: Any, row: Any) -> list[str]:
    if row is None:
        return ["-", str(deal.dealer), "unfinished"]
    label = "redeal" if row.redeal else str(row.number)
    winner = "-" if row.winner is None else str(row.winner)
    return [label, str(deal.dealer), winner]


replay_match = rc.match_replayer(
    "Big Two",
    replay_bigtwo_match,
    redeals=False,
    cells=_match_row,
    columns=[("deal", "right"), ("dealer", "right"), ("winner", "right")],
)
"""Validate a Big Two match record (printing its score table when given a console)
and return its number of actions over all deals (automatic steps left out);
raises :class:`~chupai.errors.RecordError` naming the first bad deal."""
