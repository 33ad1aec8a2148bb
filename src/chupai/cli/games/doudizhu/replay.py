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

import chupai.cli.games.doudizhu.messages  # noqa: F401  (the game's translations)
from chupai.cli import replay_common as rc
from chupai.doudizhu.combos import Combo, cards_text, parse_cards, size_of, tables
from chupai.doudizhu.game import ROB, SHOW, Bid, Choice, DouDizhuDeal, Event, Pass, Phase
from chupai.doudizhu.match import replay_match as replay_doudizhu_match
from chupai.doudizhu.record import replay, replay_steps
from chupai.doudizhu.rules import DouDizhuRules
from chupai.errors import ChupaiError
from chupai.i18n import Msg, translate

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
            notes.append(Msg("trick to seat {n}", n=deal.leader))
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
                Msg(
                    "landlord seat {n}, R x{r}",
                    n=deal.landlord,
                    r=deal.rules.rob_multiplier(deal.robs),
                )
            )
        elif act == SHOW:
            notes.append(Msg("明牌: the landlord's hand is face up"))
        return ("show" if act == SHOW else "rob"), "magenta", notes
    if isinstance(act, Combo):
        if act.kind in tables(deal.rules).doubling:
            notes.append(Msg("doubling bomb (b={b})", b=deal.bombs))
        if deal.hands[seat] == 0:
            if seat == deal.landlord:
                notes.append(Msg("goes out, the landlord wins"))
            else:
                notes.append(Msg("goes out, the peasants win"))
        return rc.kind_name("doudizhu", act.kind.value), "bold", notes
    return "", "dim", notes


def _phase_change(deal: DouDizhuDeal) -> list[str]:
    """The note of the phase the last action led to."""
    if deal.phase is Phase.ROB:
        return [
            Msg(
                "bidding over: seat {n} is the landlord (bid {bid}); robbing",
                n=deal.landlord,
                bid=deal.bid,
            )
        ]
    if deal.phase is Phase.PLAY:
        robs = f", R x{deal.rules.rob_multiplier(deal.robs)}" if deal.robs else ""
        return [
            Msg(
                "landlord seat {n} (B {bid}{robs}) takes the kitty {kitty}",
                n=deal.landlord,
                bid=deal.bid,
                robs=robs,
                kitty=deal.cards_text(deal.kitty),
            )
        ]
    if deal.outcome is not None and deal.outcome.redeal:
        return [Msg("everybody passed: redeal")]
    return []


def _header(rec: Mapping[str, Any], out: Console) -> None:
    rc.print_title(out, "Dou Dizhu", rec)
    try:
        rules = DouDizhuRules.from_dict(rec["rules"])
        hands = [parse_cards(h, rules) for h in rec["hands"]]
        kitty = parse_cards(rec["kitty"], rules)
    except (ChupaiError, KeyError, TypeError, AttributeError, ValueError):
        return  # the replay reports the broken header
    line = translate(rc.seed_text(rec), rc.lang_of(out))
    line += "   " + rc.rt(out, "dealer seat {n}", n=rec.get("dealer"))
    marker = rec.get("marker")
    if marker is not None:
        at = rec.get("marker_index")
        line += "   " + rc.rt(out, "marker card {card} (stock index {at})", card=marker, at=at)
    line += "   " + rc.rt(out, "first bidder seat {n}", n=rec.get("first_bidder"))
    if rec.get("doubled"):
        line += "   " + rc.rt(out, "doubled (D x2)")
    out.print(line)
    rc.print_hands(out, [(f"({size_of(h)})", _text(h)) for h in hands])
    out.print(rc.rt(out, "kitty: {cards}", cards=_text(kitty)))


def _text(cards: int) -> str:
    return cards_text(cards) or "-"


def _result(deal: DouDizhuDeal, out: Console) -> None:
    oc = rc.outcome_or_note(deal, out)
    if oc is None:
        return
    if oc.redeal:
        text = rc.rt(out, "everybody passed: redeal, no score")
        if oc.next_doubled:
            text += rc.rt(out, " (the next deal counts double)")
        out.print(Text(text, style="bold yellow"))
        return
    if oc.landlord_won:
        out.print(Text(rc.rt(out, "landlord seat {n} wins", n=oc.landlord), style="bold green"))
    else:
        won = rc.rt(
            out,
            "peasants win: seat {n} went out first (landlord seat {lord})",
            n=oc.winner,
            lord=oc.landlord,
        )
        out.print(Text(won, style="bold green"))
    if oc.spring:
        out.print(rc.rt(out, "spring: no peasant played a card"))
    if oc.anti_spring:
        out.print(rc.rt(out, "anti-spring: the landlord made one play only"))
    out.print(
        f"B {oc.bid} x R {oc.rob_multiplier} x 2^b {1 << oc.bombs} (b={oc.bombs}) "
        f"x S {oc.spring_factor} x T {oc.thunder} x M {oc.ming} x D {oc.doubled} "
        f"= " + rc.rt(out, "unit {unit}", unit=oc.unit)
    )
    table = Table(box=None, pad_edge=False, header_style="bold")
    table.add_column(rc.rt(out, "seat"), justify="right")
    table.add_column(rc.rt(out, "role"))
    table.add_column(rc.rt(out, "cards left"))
    table.add_column(rc.rt(out, "score"), justify="right")
    for seat in range(deal.players):
        role = rc.rt(out, "landlord" if seat == oc.landlord else "peasant")
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
        unit = Msg("{unit} (doubled)", unit=unit)
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
