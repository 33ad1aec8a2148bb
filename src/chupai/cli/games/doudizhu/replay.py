"""``chupai replay`` of Dou Dizhu records: re-validate a record move by move and
print it.

:func:`replay_deal` prints the header (rules, seed, dealer, marker card and first
bidder, the dealt hands and the kitty), one numbered line per action (bids, robs,
明牌, plays and passes, with notes: the landlord when the bidding ends, doubling
bombs, trick winners, who went out) and the result (side, the multipliers ``B R b
S T M D``, the unit and the scores). The verdict (``valid record: N actions`` on
standard output, exit 0, or ``invalid record: action K by seat S: reason`` on
standard error, exit 1) is printed by :func:`chupai.cli.replay.run_replay`, which
finds this module through ``get_game("doudizhu").plugin("cli.replay")``.

:func:`replay_match` checks a Dou Dizhu match record (``"format":
"chupai-match"``, :func:`chupai.doudizhu.match.replay_match`: every deal's seed,
dealer and doubling against the match, then every action) and prints its plan
and score table: one row per deal (redeals included) with the dealer, the
landlord, the winning side, the unit, the actions and each seat's score, then
the running totals.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

from chupai.cli import replay_common as rc
from chupai.doudizhu.combos import Combo, cards_text, parse_cards, size_of, tables
from chupai.doudizhu.game import ROB, SHOW, Bid, Choice, DouDizhuDeal, Event, Pass, Phase
from chupai.doudizhu.match import replay_match as replay_doudizhu_match
from chupai.doudizhu.record import replay, replay_steps
from chupai.doudizhu.rules import DouDizhuRules
from chupai.errors import ChupaiError

__all__ = ["replay_deal", "replay_match"]


def replay_deal(rec: Mapping[str, Any], out: Console | None) -> int:
    """Validate ``rec`` (printing it to ``out`` if given) and return its number of
    actions; raises :class:`~chupai.errors.RecordError` at the first problem."""
    return rc.replay_printed(rec, out, (replay_steps, replay), _header, _Rows().row, _result)


class _Rows:
    """The action lines, remembering the phase before each action."""

    def __init__(self) -> None:
        self.before = Phase.BID

    def row(self, table: Table, i: int, deal: DouDizhuDeal, ev: Event) -> None:
        phase, self.before = self.before, deal.phase
        act = ev.action
        kind, style, notes = _describe(deal, ev.seat, act)
        if phase is Phase.PLAY and isinstance(act, Pass) and deal.top is None:
            notes.append(f"trick to seat {deal.leader}")
        if phase is not deal.phase:
            notes += _phase_change(deal)
        rc.add_action(table, i, ev.seat, deal.action_text(act), style, kind, notes)


def _describe(deal: DouDizhuDeal, seat: int, act: Any) -> tuple[str, str, list[str]]:
    """The type, style and first notes of action ``act`` of ``seat``."""
    notes: list[str] = []
    if isinstance(act, Bid):
        return "bid", "yellow", notes
    if isinstance(act, Choice):
        if act == ROB:
            notes.append(
                f"landlord seat {deal.landlord}, R x{deal.rules.rob_multiplier(deal.robs)}"
            )
        elif act == SHOW:
            notes.append("明牌: the landlord's hand is face up")
        return ("show" if act == SHOW else "rob"), "magenta", notes
    if isinstance(act, Combo):
        if act.kind in tables(deal.rules).doubling:
            notes.append(f"doubling bomb (b={deal.bombs})")
        if deal.hands[seat] == 0:
            side = "the landlord wins" if seat == deal.landlord else "the peasants win"
            notes.append(f"goes out, {side}")
        return act.kind.value, "bold", notes
    return "", "dim", notes


def _phase_change(deal: DouDizhuDeal) -> list[str]:
    """The note of the phase the last action led to."""
    if deal.phase is Phase.ROB:
        return [(f"bidding over: seat {deal.landlord} is the landlord (bid {deal.bid}); robbing")]
    if deal.phase is Phase.PLAY:
        robs = f", R x{deal.rules.rob_multiplier(deal.robs)}" if deal.robs else ""
        return [
            (
                f"landlord seat {deal.landlord} (B {deal.bid}{robs}) takes "
                f"the kitty {deal.cards_text(deal.kitty)}"
            )
        ]
    if deal.outcome is not None and deal.outcome.redeal:
        return ["everybody passed: redeal"]
    return []


def _header(rec: Mapping[str, Any], out: Console) -> None:
    rc.print_title(out, "Dou Dizhu", rec)
    try:
        rules = DouDizhuRules.from_dict(rec["rules"])
        hands = [parse_cards(h, rules) for h in rec["hands"]]
        kitty = parse_cards(rec["kitty"], rules)
    except (ChupaiError, KeyError, TypeError, AttributeError, ValueError):
        return  # the replay reports the broken header
    line = f"{rc.seed_text(rec)}   dealer seat {rec.get('dealer')}"
    marker = rec.get("marker")
    if marker is not None:
        line += f"   marker card {marker} (stock index {rec.get('marker_index')})"
    line += f"   first bidder seat {rec.get('first_bidder')}"
    if rec.get("doubled"):
        line += "   doubled (D x2)"
    out.print(line)
    rc.print_hands(out, [(f"({size_of(h)})", _text(h)) for h in hands])
    out.print(f"kitty: {_text(kitty)}")


def _text(cards: int) -> str:
    return cards_text(cards) or "-"


def _result(deal: DouDizhuDeal, out: Console) -> None:
    oc = rc.outcome_or_note(deal, out)
    if oc is None:
        return
    if oc.redeal:
        text = "everybody passed: redeal, no score"
        if oc.next_doubled:
            text += " (the next deal counts double)"
        out.print(Text(text, style="bold yellow"))
        return
    if oc.landlord_won:
        out.print(Text(f"landlord seat {oc.landlord} wins", style="bold green"))
    else:
        out.print(
            Text(
                f"peasants win: seat {oc.winner} went out first (landlord seat {oc.landlord})",
                style="bold green",
            )
        )
    if oc.spring:
        out.print("spring: no peasant played a card")
    if oc.anti_spring:
        out.print("anti-spring: the landlord made one play only")
    out.print(
        f"B {oc.bid} x R {oc.rob_multiplier} x 2^b {1 << oc.bombs} (b={oc.bombs}) "
        f"x S {oc.spring_factor} x T {oc.thunder} x M {oc.ming} x D {oc.doubled} "
        f"= unit {oc.unit}"
    )
    table = Table(box=None, pad_edge=False, header_style="bold")
    table.add_column("seat", justify="right")
    table.add_column("role")
    table.add_column("cards left")
    table.add_column("score", justify="right")
    for seat in range(deal.players):
        role = "landlord" if seat == oc.landlord else "peasant"
        table.add_row(
            str(seat), role, deal.cards_text(oc.hands[seat]) or "-", f"{oc.scores[seat]:+d}"
        )
    out.print(table)


def _match_row(deal: DouDizhuDeal, row: Any) -> list[str]:
    if row is None:
        return ["-", str(deal.dealer), "-", "unfinished", "-"]
    if row.redeal:
        label, lord, result, unit = "redeal", "-", "all passed", "-"
    else:
        label, lord = str(row.number), str(row.landlord)
        result = "landlord wins" if row.side == "landlord" else "peasants win"
        unit = str(row.unit)
    if row.doubled:
        unit += " (doubled)"
    return [label, str(row.dealer), lord, result, unit]


replay_match = rc.match_replayer(
    "Dou Dizhu",
    replay_doudizhu_match,
    cells=_match_row,
    columns=[
        ("deal", "right"),
        ("dealer", "right"),
        ("landlord", "right"),
        ("result", "left"),
        ("unit", "right"),
    ],
)
"""Validate a Dou Dizhu match record (printing its plan and score table when
given a console) and return its number of actions over all deals; raises
:class:`~chupai.errors.RecordError` naming the first bad deal."""
