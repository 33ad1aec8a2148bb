"""How the Big A terminal game (:mod:`.play`) draws cards, plays, roles and the
partner as the human knows them, the seats and the hand."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from rich.table import Table
from rich.text import Text

import chupai.cli.games.biga.messages  # noqa: F401  (the game's translations)
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
from chupai.cli.games.biga.play_input import DECK_SIZE, PLAYERS, SUIT_NAMES, face_label, hand_faces
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
        return self.t("you") if seat == self.human else self.seat_name(seat)

    def possessive(self, seat: int) -> str:
        """``your``, ``Seat 2's`` (in the session's language)."""
        if seat == self.human:
            return self.t("your")
        return self.t("{who}'s", who=self.seat_name(seat))

    def suit_name(self, suit: int) -> str:
        """The suit's name in the plural (``hearts``), in the session's language."""
        return self.t(SUIT_NAMES[suit])

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
            out = Text(self.t("capture "), style="bold magenta")
            out.append_text(self.cards(action.taken.cards))
            out.append(self.t(" with "))
            out.append_text(self.cards(action.fours.cards))
            return out
        if action == PASS:
            return Text(self.t("pass"), style="dim")
        return Text(self.deal.action_text(action), style="yellow")

    def out_place(self, place: int) -> str:
        """``out 2nd``: a seat that went out, and in which place."""
        if self.lang == "en":
            return f"out {ordinal(place)}"
        return self.t("out #{place}", place=place)

    def big_name(self) -> str:
        big = self.deal.big_suit
        return "" if big is None else FACE_NAMES[SUITED_ACE + big]

    # ----- what the human knows -------------------------------------------------------------
    def partner_text(self) -> Text:
        """The partner as the human knows it."""
        deal = self.deal
        obs = deal.observe(self.human)
        if obs.alone_known:
            return Text(self.t("none — the declarer plays alone"), style="magenta")
        if obs.partner == self.human:
            if obs.partner_revealed:
                return Text(self.t("You (revealed)"), style="bold magenta")
            secret = self.t("You (secret: you hold the other {ace})", ace=self.big_name())
            return Text(secret, style="magenta")
        if obs.partner is not None:
            return Text(self.name(obs.partner), style="bold magenta")
        if (
            deal.declarer == self.human
            and big_aces(obs.hand, deal.big_suit) == 2
            and deal.phase is not Phase.DRAW
        ):
            return Text(self.t("none — you hold both Big Aces (secret)"), style="magenta")
        return Text(self.t("hidden"), style="dim")

    def role(self, seat: int) -> str:
        """``seat``'s role as the human knows it (decided by the observation)."""
        role: str = self.deal.observe(self.human).roles[seat]
        return self.t(role) if role else role

    def seats_table(self) -> Table:
        deal = self.deal
        table = self.seats_frame("Role", "Cards", "This trick")
        finishing = list(deal.finishing)
        for seat in range(PLAYERS):
            label = self.seat_label(seat)
            role = Text(self.role(seat), style="bold magenta" if seat == deal.declarer else "")
            if seat in finishing:
                count = Text(self.out_place(finishing.index(seat) + 1), style="yellow")
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
            t = Text(
                self.t("The draw · {n} of {total} cards drawn · ", n=deal.drawn, total=DECK_SIZE)
            )
            if deal.declarer is None:
                t.append(self.t("no declaration yet"))
            else:
                aces = self.big_name() + (" " + self.big_name() if deal.two_shown else "")
                t.append(
                    self.t("declarer {who} ({aces} shown)", who=self.name(deal.declarer), aces=aces)
                )
            return t
        t = Text(
            self.t(
                "Declarer: {who} · Big Aces: {ace} · Partner: ",
                who=self.name(deal.declarer),
                ace=self.big_name(),
            )
        )
        t.append_text(self.partner_text())
        return t

    def draw_hand(self, hand: Cards) -> None:
        deal = self.deal
        self.say(Text(self.t("Your hand ({n}):", n=size_of(hand)), style="bold"))
        self.draw_indexed([self.card(f) for f in hand_faces(deal, hand)])
        if deal.phase is not Phase.DRAW and big_aces(hand, deal.big_suit):
            self.say(
                Text(
                    self.t(
                        "  {ace} is a Big Ace, the highest single", ace=self.big_name() + self.star
                    ),
                    style="dim",
                )
            )
