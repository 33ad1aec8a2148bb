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

import chupai.cli.games.bigtwo.messages  # noqa: F401  (the game's translations)
from chupai.bigtwo.combos import Combo, tables
from chupai.bigtwo.game import BigTwoDeal, Choice, Event, LastCard, Phase
from chupai.bigtwo.match import replay_match as replay_bigtwo_match
from chupai.bigtwo.packs import ids as card_ids, parse as parse_packs
from chupai.bigtwo.record import replay, replay_steps
from chupai.bigtwo.rules import BigTwoRules
from chupai.cards import card_name
from chupai.cli import replay_common as rc
from chupai.cli.session import ordinal
from chupai.errors import ChupaiError
from chupai.i18n import Msg, translate

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
            notes.append(Msg("asks for a redeal"))
    elif isinstance(act, (Combo, LastCard)):
        kind, style = rc.kind_name("bigtwo", act.kind.value), "bold"
        if isinstance(act, LastCard):
            notes.append(Msg("calls 'last card'"))
        if deal.hands[ev.seat] == 0:
            place = deal.finished.index(ev.seat) + 1
            notes.append(
                Msg("goes out, wins") if place == 1 else _goes_out(place, rc.lang_of(table))
            )
    else:
        kind, style = "", "dim"
    if not isinstance(act, Choice) and deal.top is None and deal.phase is Phase.PLAY:
        if deal.leader != deal.top_player:
            notes.append(Msg("trick to seat {n}, seat {m} leads", n=deal.top_player, m=deal.leader))
        else:
            notes.append(Msg("trick to seat {n}", n=deal.top_player))
    if deal.phase is Phase.OVER and not (notes and notes[-1].endswith("wins")):
        notes.append(Msg("deal over"))
    rc.add_action(table, i, ev.seat, deal.action_text(act), style, kind, notes)


def _goes_out(place: int, lang: str) -> str:
    """``goes out (2nd)``."""
    if lang == "en":
        return f"goes out ({ordinal(place)})"
    return Msg("goes out (No. {n})", n=place)


def _header(rec: Mapping[str, Any], out: Console) -> None:
    rc.print_title(out, "Big Two", rec)
    try:
        rules = BigTwoRules.from_dict(rec["rules"])
        strength = tables(rules).card_strength
        hands = [parse_packs(h, rules.packs) for h in rec["hands"]]  # two packs: doubles
        leftover = parse_packs(rec.get("leftover") or "", rules.packs)
    except (ChupaiError, KeyError, TypeError, AttributeError):
        return  # the replay reports the broken header

    def text(mask: int) -> str:
        return " ".join(card_name(c) for c in sorted(card_ids(mask), key=strength.__getitem__))

    if rec.get("first_deal", True):
        lead = rc.rt(out, "first deal")
    else:
        lead = rc.rt(out, "leader seat {n}", n=rec.get("leader"))
    ranking = rec.get("ranking")
    if isinstance(ranking, list) and ranking:
        seats = rc.rt(out, ", ").join(rc.rt(out, "seat {n}", n=s) for s in ranking)
        lead += rc.rt(out, "   ranking {seats}", seats=seats)
    seed = translate(rc.seed_text(rec), rc.lang_of(out))
    out.print(f"{seed}   " + rc.rt(out, "dealer seat {n}", n=rec.get("dealer")) + f"   {lead}")
    rc.print_hands(out, [(f"({len(card_ids(h))})", text(h)) for h in hands])
    left = text(leftover) if leftover else rc.rt(out, "none")
    out.print(rc.rt(out, "leftover: {cards}", cards=left) + f"   ({rules.leftover_rule.value})")


def _result(deal: BigTwoDeal, out: Console) -> None:
    oc = rc.outcome_or_note(deal, out)
    if oc is None:
        return
    if oc.redeal:
        asker = next((s for s, h in enumerate(oc.hands) if h), None)
        asked = rc.rt(out, "redeal requested by seat {n}: the deal does not count", n=asker)
        out.print(Text(asked, style="bold yellow"))
        return
    if oc.instant_win:
        how = rc.rt(out, "instant win ({how})", how=rc.rt(out, oc.instant_win.replace("_", " ")))
    else:
        how = rc.rt(out, "first out")
    winner = rc.rt(out, "winner: seat {n}", n=oc.winner)
    out.print(Text(f"{winner}   {how}", style="bold green"))
    if oc.liable is not None:
        liable = rc.rt(out, "頂大: seat {n} is liable and pays every loser's penalty", n=oc.liable)
        out.print(Text(liable, style="bold red"))
    order = rc.rt(out, ", ").join(rc.rt(out, "seat {n}", n=s) for s in oc.finishing_order)
    out.print(rc.rt(out, "finishing order: {order}", order=order))
    table = Table(box=None, pad_edge=False, header_style="bold")
    table.add_column(rc.rt(out, "seat"), justify="right")
    table.add_column(rc.rt(out, "cards scored"))
    table.add_column(rc.rt(out, "penalty"), justify="right")
    table.add_column(rc.rt(out, "score"), justify="right")
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
