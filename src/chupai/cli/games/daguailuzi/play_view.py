"""How the 大怪路子 terminal game (:mod:`.play`) draws cards, plays, the six
seats, the teams' levels, the offense and the trump rank, and the hand with its
index row.

Cards are drawn as rank and suit symbol (``10♠``, ``7♥``; ``BJ``/``RJ`` for the
jokers), trumps (the level rank under ``trumps``) in magenta; a hand in the
deal's display order (``daguailuzi.md`` §1: ascending by the single-card order,
ties by suit S, H, C, D).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from rich.table import Table
from rich.text import Text

from chupai.cli.games.daguailuzi.words import Words
from chupai.cli.session import DealSession
from chupai.cli.terminal import ordinal
from chupai.daguailuzi.cards import (
    BJ,
    RANK_NAMES,
    RANKS,
    RJ,
    SUITS,
    Cards,
    display_order,
    strengths,
    type_name,
    types_of,
)
from chupai.daguailuzi.combos import CAT_SHIFT, Combo, Kind
from chupai.daguailuzi.game import PASS, Gift, team_of
from chupai.daguailuzi.rules import TwoRank
from chupai.protocol import GameSpec

__all__ = [
    "DaguailuziView",
    "SUIT_SYMBOLS",
    "hand_types",
    "typed_cards",
    "two_high",
    "run_order",
]

SUIT_SYMBOLS: Final = "♠♥♣♦"
"""The suit symbols by suit index (S H C D)."""
_RED: Final = (1, 3)
_ROW_CARDS: Final = 20
"""Most cards per row of the hand (5 columns each: 20 fit 100 columns)."""
TEAMS: Final = "AB"


def two_high(rules: Any) -> bool:
    """Whether the rules put the 2 above the Ace (``two_rank = high``)."""
    return bool(rules.two_rank is TwoRank.HIGH)


def hand_types(hand: Cards, rules: Any, level: int | None) -> list[int]:
    """The card types of ``hand`` in display order, one per card: the order of
    the hand's index row (``#0`` is the first)."""
    order = display_order(two_high(rules), level)
    held = types_of(hand)
    rank = {t: i for i, t in enumerate(order)}
    return sorted(held, key=rank.__getitem__)


def typed_cards(cards: Cards, rules: Any, level: int | None) -> str:
    """Cards as the tokens one types (``10S`` written ``TS``), in display order."""
    return " ".join(type_name(t) for t in hand_types(cards, rules, level))


def run_order(combo: Combo) -> list[int]:
    """The cards of a straight in run order: naturals by natural rank (the Ace
    first in ``A2345``), wild jokers last."""
    low_ace = combo.key & ((1 << CAT_SHIFT) - 1) == 5
    return sorted(
        types_of(combo.cards),
        key=lambda t: (t >= BJ, -1 if low_ace and t >> 2 == 12 and t < BJ else t >> 2, t),
    )


class DaguailuziView(DealSession):
    """The cells and lines of :class:`~chupai.cli.games.daguailuzi.play.DaguailuziSession`."""

    deal: Any
    spec: GameSpec
    words: Words
    points: tuple[int, int] = (0, 0)
    """Each team's points before the deal (``scoring = trapped_points``)."""

    # ----- words ----------------------------------------------------------------------------
    def name(self, seat: int) -> str:
        return self.words("you") if seat == self.human else self.words("seat", n=seat)

    def low(self, seat: int) -> str:
        """The seat's name inside a sentence."""
        return self.words("you_low") if seat == self.human else self.words("seat", n=seat)

    def team_name(self, team: int, capital: bool = True) -> str:
        return self.words("Team" if capital else "team", team=TEAMS[team])

    def says(self, key: str, seat: int, **fields: Any) -> str:
        """The text ``key`` whose subject is ``seat`` (``who``)."""
        return self.words(key, you=seat == self.human, who=self.name(seat), **fields)

    def nth(self, n: int) -> dict[str, Any]:
        """The fields of an ordinal: ``nth`` (``2nd``) and ``n``."""
        return {"nth": ordinal(n), "n": n}

    # ----- cards -----------------------------------------------------------------------------
    def level(self) -> int | None:
        """The trump level of the deal (a natural rank index; None without trumps)."""
        level: int | None = self.deal.level
        return level

    def card(self, t: int) -> Text:
        if t == BJ:
            return Text("BJ", style="bold")
        if t == RJ:
            return Text("RJ", style="bold red")
        rank = "10" if RANKS[t >> 2] == "T" else RANKS[t >> 2]
        suit = SUIT_SYMBOLS[t & 3] if self.symbols else SUITS[t & 3]
        if self.level() is not None and t >> 2 == self.level():
            style = "bold magenta"
        else:
            style = "bold red" if t & 3 in _RED else "bold"
        return Text(rank + suit, style=style)

    def cards(self, cards: Cards) -> Text:
        return Text(" ").join(
            self.card(t) for t in hand_types(cards, self.deal.rules, self.level())
        )

    def plain(self, cards: Cards) -> str:
        """Cards as the tokens one would type."""
        return typed_cards(cards, self.deal.rules, self.level())

    def combo(self, combo: Combo) -> Text:
        """``pair 7♠ BJ``: the type and the cards (a joker in a play of two or more
        cards is wild: the type says what the play counts as); a straight's cards
        in run order (``A♥ 2♠ 3♥ 4♥ 5♠``, a trump at its natural place)."""
        out = Text(self.kind(combo.kind) + " ", style="cyan")
        if combo.kind not in (Kind.STRAIGHT, Kind.STRAIGHT_FLUSH):
            return out.append_text(self.cards(combo.cards))
        return out.append_text(Text(" ").join(self.card(t) for t in run_order(combo)))

    def action(self, action: Any) -> Text:
        if isinstance(action, Combo):
            return self.combo(action)
        if action == PASS:
            return Text(self.words("pass"), style="dim")
        if isinstance(action, Gift):
            out = Text(self.words(f"gift_{action.kind.value}") + " ", style="yellow")
            return out.append_text(self.cards(action.cards)) if action.cards else out
        return Text(str(self.deal.action_text(action)), style="yellow")

    def order_text(self) -> str:
        """The single-card order of the deal, low to high (``3 4 … A 2 BJ RJ``)."""
        s = strengths(two_high(self.deal.rules), self.level())
        return " ".join(RANK_NAMES[r] for r in sorted(range(15), key=s.__getitem__))

    def kind(self, kind: Any) -> str:
        return self.spec.combo_name(str(getattr(kind, "value", kind)), self.lang)

    # ----- the table --------------------------------------------------------------------------
    def seats_table(self, obs: Any) -> Table:
        """Each seat: name (the offense leader marked), team, cards left or its
        place out, and its last action in the trick."""
        w = self.words
        table = self.seats_frame(w("col_team"), w("col_cards"), w("col_trick"))
        table.columns[1].header = w("col_seat")
        table.columns[3].justify = "right"
        finished = list(obs.finishing)
        trick = self.trick if obs.top is not None else {}
        for seat in range(obs.players):
            label = self.seat_label(seat)
            if seat == obs.offense:
                label.append(w("leader_mark"), style="magenta")
            team = team_of(seat)
            team_cell = Text(TEAMS[team], style="bold" if team == team_of(self.human) else "")
            if seat in finished:
                count = Text(w("out_nth", **self.nth(finished.index(seat) + 1)), style="yellow")
            else:
                n = obs.hand_counts[seat]
                count = Text(str(n), style="bold red" if n <= 3 else "")
            table.add_row(
                self.marker(seat, obs.current_player),
                label,
                team_cell,
                count,
                self.trick_cell(trick, seat, obs.top, obs.top_player),
            )
        return table

    def status_line(self, obs: Any) -> Text:
        """The offense team and its leader, both teams' levels (or points) and the
        trump rank."""
        w = self.words
        rules = self.deal.rules
        leader = obs.offense
        t = Text(w("offense_is", team=self.team_name(team_of(leader)), who=self.name(leader)))
        levels = obs.levels
        if str(rules.scoring.value) == "levels":
            t.append(" · " + w("levels", a=RANKS[levels[0]], b=RANKS[levels[1]]))
        else:
            t.append(" · " + w("points", a=self.points[0], b=self.points[1]))
        level = self.level()
        t.append(" · ")
        if level is None:
            t.append(w("no_trumps"))
        else:
            t.append(w("trumps", rank=RANKS[level]), style="bold magenta")
        return t

    def draw_hand(self, hand: Cards) -> None:
        """The hand in display order, in balanced rows that fit the width, with
        each card's index above it."""
        order = hand_types(hand, self.deal.rules, self.level())
        self.say(Text(self.words("your_hand", n=len(order)), style="bold"))
        if not order:
            return
        cell = 5 if len(order) > 10 else 4
        self.draw_indexed([self.card(c) for c in order], most=_ROW_CARDS, cell=cell)

    # ----- hints ------------------------------------------------------------------------------
    def hint_text(self, key: str, **fields: Any) -> str:
        """The texts of :meth:`DealSession.list_plays` in the session's language."""
        return self.words(key, **fields)

    def names(self, seats: Sequence[int]) -> str:
        """Seat names joined (``You, Seat 2 and Seat 4``)."""
        names = [self.name(s) for s in seats]
        if not names:
            return self.words("nobody")
        if len(names) > 2 and self.words.lang == "en":
            return ", ".join(names[:-1]) + " and " + names[-1]
        return self.words("and").join(names)
