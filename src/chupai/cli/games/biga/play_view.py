"""How the Big A terminal game (:mod:`.play`) draws cards, plays, roles and the
partner as the human knows them, the seats and the hand."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from rich.table import Table
from rich.text import Text

from chupai.biga.cards import (
    BJ,
    FACE_NAMES,
    RJ,
    SHIFTS,
    SUITED_ACE,
    Cards,
    big_aces,
    size_of,
    strength_order,
)
from chupai.biga.combos import Combo, Kind, combo_text
from chupai.biga.game import PASS, Capture, Phase
from chupai.biga.rules import BigARules, RankOrder
from chupai.cli.games.biga.play_input import DECK_SIZE, PLAYERS, face_label
from chupai.cli.session import DealSession
from chupai.cli.terminal import ordinal
from chupai.protocol import GameSpec

__all__ = ["BigAView"]

_TENS: Final = {"T": "10"}


class BigAView(DealSession):
    """The cells and lines of :class:`~chupai.cli.games.biga.play.BigASession`."""

    deal: Any
    rules: BigARules
    spec: GameSpec

    # ----- text helpers -------------------------------------------------------------------
    def low(self, seat: int) -> str:
        """The seat's name inside a sentence (``you``, ``Seat 2``)."""
        return "you" if seat == self.human else f"Seat {seat}"

    def possessive(self, seat: int) -> str:
        return "your" if seat == self.human else f"Seat {seat}'s"

    @property
    def star(self) -> str:
        return "★" if self.symbols else "*"

    def order(self) -> tuple[int, ...]:
        """Faces from weakest to strongest for the deal's Big Ace suit."""
        big = self.deal.big_suit if self.deal is not None else None
        return strength_order(self.rules.rank_order is RankOrder.THREE_TWO_HIGH, big)

    def card(self, f: int) -> Text:
        big = self.deal.big_suit if self.deal is not None else None
        if big is not None and f == SUITED_ACE + big and self.deal.phase is not Phase.DRAW:
            return Text(FACE_NAMES[f] + self.star, style="bold magenta")
        style = "bold red" if f == RJ else "bold" if f == BJ else ""
        return Text(face_label(f), style=style)

    def cards(self, cards: Cards, order: Sequence[int] | None = None) -> Text:
        out = Text()
        for f in order if order is not None else self.order():
            for _ in range((cards >> SHIFTS[f]) & 31):
                if out:
                    out.append(" ")
                out.append_text(self.card(f))
        return out

    def plain(self, cards: Cards) -> str:
        """Cards as the tokens one would type."""
        return " ".join(
            face_label(f) for f in self.order() for _ in range((cards >> SHIFTS[f]) & 31)
        )

    def kind(self, kind: Kind) -> str:
        return self.spec.combo_name(kind.value, self.lang).replace("_", " ")

    def combo(self, combo: Combo) -> Text:
        out = Text(self.kind(combo.kind) + " ", style="bold red" if combo.bomb else "cyan")
        big = self.big_name()
        words = [
            (t + self.star if t == big else _TENS.get(t, t))
            for t in combo_text(combo, self.rules, self.deal.big_suit).split()
        ]
        out.append(" ".join(words), style="bold")
        return out

    def action(self, action: Any) -> Text:
        if isinstance(action, Combo):
            return self.combo(action)
        if isinstance(action, Capture):
            out = Text("capture ", style="bold magenta")
            out.append_text(self.cards(action.taken.cards))
            out.append(" with ")
            out.append_text(self.cards(action.fours.cards))
            return out
        if action == PASS:
            return Text("pass", style="dim")
        return Text(self.deal.action_text(action), style="yellow")

    def big_name(self) -> str:
        big = self.deal.big_suit
        return "" if big is None else FACE_NAMES[SUITED_ACE + big]

    # ----- what the human knows -------------------------------------------------------------
    def partner_text(self) -> Text:
        """The partner as the human knows it."""
        deal = self.deal
        obs = deal.observe(self.human)
        if obs.alone_known:
            return Text("none — the declarer plays alone", style="magenta")
        if obs.partner == self.human:
            if obs.partner_revealed:
                return Text("You (revealed)", style="bold magenta")
            return Text(f"You (secret: you hold the other {self.big_name()})", style="magenta")
        if obs.partner is not None:
            return Text(self.name(obs.partner), style="bold magenta")
        if (
            deal.declarer == self.human
            and big_aces(obs.hand, deal.big_suit) == 2
            and deal.phase is not Phase.DRAW
        ):
            return Text("none — you hold both Big Aces (secret)", style="magenta")
        return Text("hidden", style="dim")

    def role(self, seat: int) -> str:
        """``seat``'s role as the human knows it (decided by the observation)."""
        role: str = self.deal.observe(self.human).roles[seat]
        return role

    def seats_table(self) -> Table:
        deal = self.deal
        table = self.seats_frame("Role", "Cards", "This trick")
        finishing = list(deal.finishing)
        for seat in range(PLAYERS):
            label = self.seat_label(seat)
            role = Text(self.role(seat), style="bold magenta" if seat == deal.declarer else "")
            if seat in finishing:
                count = Text(f"out {ordinal(finishing.index(seat) + 1)}", style="yellow")
            else:
                n = size_of(deal.hands[seat])
                count = Text(str(n), style="bold red" if n <= 2 else "")
            table.add_row(
                self.marker(seat, deal.current_player),
                label,
                role,
                count,
                self.trick_cell(self.trick, seat, deal.top, deal.top_player),
            )
        return table

    def status_line(self) -> Text:
        deal = self.deal
        if deal.phase is Phase.DRAW:
            t = Text(f"The draw · {deal.drawn} of {DECK_SIZE} cards drawn · ")
            if deal.declarer is None:
                t.append("no declaration yet")
            else:
                t.append(
                    f"declarer {self.name(deal.declarer)} ({self.big_name()}"
                    f"{' ' + self.big_name() if deal.two_shown else ''} shown)"
                )
            return t
        t = Text(f"Declarer: {self.name(deal.declarer)} · Big Aces: {self.big_name()} · Partner: ")
        t.append_text(self.partner_text())
        return t

    def draw_hand(self, hand: Cards) -> None:
        deal = self.deal
        line = Text(f"Your hand ({size_of(hand)}): ", style="bold")
        line.append_text(self.cards(hand))
        self.say(line)
        if deal.phase is not Phase.DRAW and big_aces(hand, deal.big_suit):
            self.say(
                Text(
                    f"  {self.big_name()}{self.star} is a Big Ace, the highest single", style="dim"
                )
            )
