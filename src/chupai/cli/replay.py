"""``chupai replay``: re-validate a JSON game record move by move and print it.

Exit codes: 0 when the record is valid, 1 when it is not (the verdict names the
first bad action), 2 when the input is no readable record at all (unreadable file,
invalid JSON, not a chupai record, unknown game).

The game is taken from the record's ``"game"`` field; each game registers a
replayer in :data:`REPLAYERS` (deal records) and in :data:`MATCH_REPLAYERS`
(match records, ``"format": "chupai-match"``) that validates the record (raising
:class:`~chupai.errors.RecordError`) and optionally renders it.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

from chupai.cli.main import EXIT_USAGE
from chupai.cli.replay_common import (
    Replayer,
    action_table,
    add_action,
    outcome_or_note,
    print_match,
    print_title,
    seed_text,
    verdict,
)
from chupai.cli.session import ordinal
from chupai.errors import ChupaiError
from chupai.games import find_game

__all__ = ["run_replay", "REPLAYERS", "MATCH_REPLAYERS", "load_record", "Replayer"]


class _Unreadable(Exception):
    """The input is not a record we can even start to check (exit 2)."""


# ----- input ----------------------------------------------------------------------

def load_record(source: str) -> dict[str, Any]:
    """Read the JSON object in file ``source`` (``-`` for standard input)."""
    try:
        if source == "-":
            text = sys.stdin.read()
        else:
            text = Path(source).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise _Unreadable(f"cannot read {source}: {exc}") from None
    try:
        rec = json.loads(text)
    except json.JSONDecodeError as exc:
        raise _Unreadable(f"{source} is not valid JSON: {exc}") from None
    if not isinstance(rec, dict):
        raise _Unreadable(f"{source} holds JSON {type(rec).__name__}, not a record object")
    if rec.get("format") not in ("chupai-record", "chupai-match"):
        raise _Unreadable(f"{source} is not a chupai record (format {rec.get('format')!r})")
    return rec


# ----- Big Two ----------------------------------------------------------------------

def _replay_bigtwo(rec: Mapping[str, Any], out: Console | None) -> int:
    from chupai.bigtwo.combos import Combo
    from chupai.bigtwo.game import Choice, LastCard, Phase
    from chupai.bigtwo.record import replay, replay_steps

    if rec.get("format") == "chupai-match":
        return _replay_bigtwo_match(rec, out)
    if out is not None:
        _bigtwo_header(rec, out)
    deal = None
    count = 0
    with action_table(out) as table:
        for i, deal, ev in replay_steps(rec):
            count = i + 1
            if out is None:
                continue
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
            add_action(table, i, ev.seat, deal.action_text(act), style, kind, notes)
    if out is not None:
        _bigtwo_result(deal if deal is not None else replay(rec), out)
    return count


def _bigtwo_header(rec: Mapping[str, Any], out: Console) -> None:
    from chupai.bigtwo.combos import tables
    from chupai.bigtwo.rules import BigTwoRules
    from chupai.cards import card_name, cards_of, parse_mask

    print_title(out, "Big Two", rec)
    try:
        rules = BigTwoRules.from_dict(rec["rules"])
        strength = tables(rules).card_strength
        hands = [parse_mask(h) for h in rec["hands"]]
        leftover = parse_mask(rec.get("leftover") or "")
    except (ChupaiError, KeyError, TypeError, AttributeError):
        return  # the replay reports the broken header

    def text(mask: int) -> str:
        return " ".join(card_name(c) for c in sorted(cards_of(mask), key=strength.__getitem__))

    lead = "first deal" if rec.get("first_deal", True) else f"leader seat {rec.get('leader')}"
    ranking = rec.get("ranking")
    if isinstance(ranking, list) and ranking:
        lead += "   ranking " + ", ".join(f"seat {s}" for s in ranking)
    out.print(f"{seed_text(rec)}   dealer seat {rec.get('dealer')}   {lead}")
    grid = Table.grid(padding=(0, 2))
    for seat, h in enumerate(hands):
        grid.add_row(f"seat {seat}", f"({h.bit_count()})", text(h))
    out.print(grid)
    left = text(leftover) if leftover else "none"
    out.print(f"leftover: {left}   ({rules.leftover_rule.value})")


def _bigtwo_result(deal: Any, out: Console) -> None:
    oc = outcome_or_note(deal, out)
    if oc is None:
        return
    if oc.redeal:
        asker = next((s for s, h in enumerate(oc.hands) if h), None)
        out.print(Text(f"redeal requested by seat {asker}: the deal does not count",
                       style="bold yellow"))
        return
    how = f"instant win ({oc.instant_win})" if oc.instant_win else "first out"
    out.print(Text(f"winner: seat {oc.winner}   {how}", style="bold green"))
    if oc.liable is not None:
        out.print(Text(f"頂大: seat {oc.liable} is liable and pays every loser's penalty",
                       style="bold red"))
    out.print("finishing order: " + ", ".join(f"seat {s}" for s in oc.finishing_order))
    table = Table(box=None, pad_edge=False, header_style="bold")
    table.add_column("seat", justify="right")
    table.add_column("cards scored")
    table.add_column("penalty", justify="right")
    table.add_column("score", justify="right")
    for seat in range(deal.players):
        table.add_row(str(seat), deal.cards_text(oc.hands[seat]) or "-",
                      str(oc.penalties[seat]), f"{oc.scores[seat]:+d}")
    out.print(table)


def _replay_bigtwo_match(rec: Mapping[str, Any], out: Console | None) -> int:
    from chupai.bigtwo.match import replay_match

    match = replay_match(rec)  # raises RecordError naming the first bad deal
    count = sum(_bigtwo_actions(d) for d in match.deals)
    if out is not None:
        print_match(out, "Big Two", rec, match, played=f"{match.counted} counted",
                    columns=[("deal", "right"), ("dealer", "right"), ("winner", "right")],
                    count=count, actions=_bigtwo_actions, cells=_bigtwo_match_row)
    return count


def _bigtwo_actions(deal: Any) -> int:
    """The actions of a deal of a match (not the automatic steps)."""
    return sum(1 for ev in deal.history if not ev.auto)


def _bigtwo_match_row(deal: Any, row: Any) -> list[str]:
    if row is None:
        return ["-", str(deal.dealer), "unfinished"]
    label = "redeal" if row.redeal else str(row.number)
    winner = "-" if row.winner is None else str(row.winner)
    return [label, str(deal.dealer), winner]


def _replay_doudizhu(rec: Mapping[str, Any], out: Console | None) -> int:
    from chupai.cli.replay_doudizhu import replay_doudizhu

    return replay_doudizhu(rec, out)


def _replay_doudizhu_match(rec: Mapping[str, Any], out: Console | None) -> int:
    from chupai.cli.replay_doudizhu import replay_doudizhu_match

    return replay_doudizhu_match(rec, out)


def _replay_biga(rec: Mapping[str, Any], out: Console | None) -> int:
    from chupai.cli.replay_biga import replay_biga

    return replay_biga(rec, out)


REPLAYERS: dict[str, Replayer] = {"bigtwo": _replay_bigtwo, "doudizhu": _replay_doudizhu,
                                  "biga": _replay_biga}
"""Replayer of each game key (deal records)."""

def _replay_biga_match(rec: Mapping[str, Any], out: Console | None) -> int:
    from chupai.cli.replay_biga import replay_biga_match

    return replay_biga_match(rec, out)


MATCH_REPLAYERS: dict[str, Replayer] = {"bigtwo": _replay_bigtwo_match,
                                        "doudizhu": _replay_doudizhu_match,
                                        "biga": _replay_biga_match}
"""Replayer of each game key for match records (``"format": "chupai-match"``)."""


# ----- command --------------------------------------------------------------------

def run_replay(args: argparse.Namespace) -> int:
    """Entry point of ``chupai replay FILE [--quiet]``."""
    try:
        rec = load_record(args.file)
        name = rec.get("game")
        if not isinstance(name, str):
            raise _Unreadable(f"record field 'game' is missing or not a string: {name!r}")
        try:
            key = find_game(name).key
        except ChupaiError as exc:
            raise _Unreadable(str(exc)) from None
        is_match = rec.get("format") == "chupai-match"
        replayers = MATCH_REPLAYERS if is_match else REPLAYERS
        if key not in replayers:
            kind = "match records" if is_match else "records"
            raise _Unreadable(f"replay of {key!r} {kind} is not implemented yet")
    except _Unreadable as exc:
        sys.stderr.write(f"chupai: error: {exc}\n")
        return EXIT_USAGE
    return verdict(replayers[key], rec, None if args.quiet else Console(highlight=False))
