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
import re
import sys
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

from chupai.cli.main import EXIT_INVALID, EXIT_OK, EXIT_USAGE
from chupai.errors import ChupaiError, RecordError
from chupai.games import find_game

__all__ = ["run_replay", "REPLAYERS", "MATCH_REPLAYERS", "load_record"]

Replayer = Callable[[Mapping[str, Any], Console | None], int]
"""Validate ``record`` (printing it to the console if one is given) and return its
number of actions; raise :class:`RecordError` at the first problem."""


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


# ----- verdicts -------------------------------------------------------------------

_PREFIX = re.compile(r"^action \d+(?: \(.*?\))?(?: by seat [^:]*)?: ")


def _describe(exc: RecordError, rec: Mapping[str, Any]) -> str:
    """``action K by seat S: reason`` (K 1-based) for a bad action, else the message."""
    i = exc.action_index
    msg = str(exc)
    if i is None:
        return msg
    reason = _PREFIX.sub("", msg, count=1)
    seat: Any = None
    actions = rec.get("actions")
    if isinstance(actions, list) and 0 <= i < len(actions) and isinstance(actions[i], Mapping):
        seat = actions[i].get("seat")
    who = f" by seat {seat}" if seat is not None else ""
    return f"action {i + 1}{who}: {reason}"


# ----- Big Two ----------------------------------------------------------------------

def _replay_bigtwo(rec: Mapping[str, Any], out: Console | None) -> int:
    from chupai.bigtwo.combos import Combo
    from chupai.bigtwo.game import Choice, LastCard, Phase
    from chupai.bigtwo.record import replay, replay_steps

    if rec.get("format") == "chupai-match":
        return _replay_bigtwo_match(rec, out)
    if out is not None:
        _bigtwo_header(rec, out)
    table = Table(box=None, header_style="bold", pad_edge=False)
    table.add_column("#", justify="right")
    table.add_column("seat", justify="right")
    for name in ("action", "type", ""):
        table.add_column(name)
    deal = None
    count = 0
    try:
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
                    notes.append("goes out, wins" if place == 1 else f"goes out ({_ordinal(place)})")
            else:
                kind, style = "", "dim"
            if not isinstance(act, Choice) and deal.top is None and deal.phase is Phase.PLAY:
                note = f"trick to seat {deal.top_player}"
                if deal.leader != deal.top_player:
                    note += f", seat {deal.leader} leads"
                notes.append(note)
            if deal.phase is Phase.OVER and not (notes and notes[-1].endswith("wins")):
                notes.append("deal over")
            table.add_row(str(i + 1), str(ev.seat), Text(deal.action_text(act), style=style),
                          kind, Text("; ".join(notes), style="cyan"))
    finally:
        if out is not None and count:
            out.print(table)
    if out is not None:
        final = deal if deal is not None else replay(rec)
        _bigtwo_result(final, out)
    return count


def _ordinal(n: int) -> str:
    suffix = {1: "st", 2: "nd", 3: "rd"}.get(n % 10 if n % 100 not in (11, 12, 13) else 0, "th")
    return f"{n}{suffix}"


def _bigtwo_header(rec: Mapping[str, Any], out: Console) -> None:
    from chupai.bigtwo.combos import tables
    from chupai.bigtwo.rules import BigTwoRules
    from chupai.cards import card_name, cards_of, parse_mask

    out.print(Text(f"Big Two  {rec.get('spec', '?')}", style="bold"), soft_wrap=True)
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
    seed = rec.get("seed")
    seed_text = f"seed {seed}" if seed is not None else "no seed (hands given)"
    out.print(f"{seed_text}   dealer seat {rec.get('dealer')}   {lead}")
    grid = Table.grid(padding=(0, 2))
    for seat, h in enumerate(hands):
        grid.add_row(f"seat {seat}", f"({h.bit_count()})", text(h))
    out.print(grid)
    left = text(leftover) if leftover else "none"
    out.print(f"leftover: {left}   ({rules.leftover_rule.value})")


def _bigtwo_result(deal: Any, out: Console) -> None:
    oc = deal.outcome
    if oc is None:
        out.print(Text("deal not finished", style="yellow"))
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
    count = sum(sum(1 for ev in d.history if not ev.auto) for d in match.deals)
    if out is None:
        return count
    m = match
    plan = []
    if m.planned is not None:
        plan.append(f"{m.planned} deals")
    if m.target is not None:
        plan.append(f"to ±{m.target}")
    out.print(Text(f"Big Two match  {rec.get('spec', '?')}", style="bold"), soft_wrap=True)
    out.print(f"match seed {m.seed}   {' or '.join(plan)}   {len(m.deals)} deals played "
              f"({m.counted} counted)")
    table = Table(box=None, header_style="bold", pad_edge=False)
    table.add_column("deal", justify="right")
    table.add_column("dealer", justify="right")
    table.add_column("winner", justify="right")
    table.add_column("actions", justify="right")
    for s in range(m.players):
        table.add_column(f"seat {s}", justify="right")
    rows = {row.position: row for row in m.table()}
    for i, d in enumerate(m.deals):
        row = rows.get(i)
        actions = str(sum(1 for ev in d.history if not ev.auto))
        if row is None:
            table.add_row("-", str(d.dealer), "unfinished", actions, *([""] * m.players))
            continue
        label = "redeal" if row.redeal else str(row.number)
        winner = "-" if row.winner is None else str(row.winner)
        table.add_row(label, str(d.dealer), winner, actions,
                      *(f"{v:+d}" for v in row.scores))
    table.add_row(Text("total", style="bold"), "", "", str(count),
                  *(Text(f"{t:+d}", style="bold") for t in m.totals))
    out.print(table)
    return count


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

MATCH_REPLAYERS: dict[str, Replayer] = {"bigtwo": _replay_bigtwo_match,
                                        "doudizhu": _replay_doudizhu_match}
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
    out = None if args.quiet else Console(highlight=False)
    try:
        count = replayers[key](rec, out)
    except RecordError as exc:
        sys.stdout.flush()
        sys.stderr.write(f"invalid record: {_describe(exc, rec)}\n")
        return EXIT_INVALID
    sys.stdout.write(f"valid record: {count} action{'s' if count != 1 else ''}\n")
    return EXIT_OK
