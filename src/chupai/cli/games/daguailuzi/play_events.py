"""The lines of the 大怪路子 terminal game (:mod:`.play`) that report the card
moves before play: the tributes (told once every giver has chosen, with where
each card went), the returns, offers and takes (their cards shown only to the two
seats concerned), and the questions the human is asked about them."""

from __future__ import annotations

from typing import Any

from rich.text import Text

from chupai.cli.games.daguailuzi.play_result import ResultLines
from chupai.daguailuzi.game import Gift, GiftKind, Phase

__all__ = ["EventLines", "tribute_partner"]


def tribute_partner(tributes: Any, seat: int) -> int:
    """The other seat of ``seat``'s tribute (its recipient for a giver, its giver
    for a recipient), from the public ``(giver, recipient, card)`` list."""
    for giver, to, _ in tributes:
        if seat == giver:
            return int(to)
        if seat == to:
            return int(giver)
    raise ValueError(f"seat {seat} gave or received no tribute")


class EventLines(ResultLines):
    """The card moves before play of
    :class:`~chupai.cli.games.daguailuzi.play.DaguailuziSession`."""

    seen: int
    """Events of the deal's history already reported."""
    moved_said = False
    """Whether the tributes' recipients were told."""

    def pending_tribute(self) -> tuple[int, int]:
        """The giver and the card of the tribute the human received (and returns a
        card for)."""
        for giver, to, card in self.deal.observe(self.human).tributes:
            if to == self.human:
                return giver, card
        raise AssertionError("the human received no tribute")  # pragma: no cover

    def pending_partner(self) -> int:
        """The recipient of the human's tribute (whose offer the human takes from)."""
        return tribute_partner(self.deal.observe(self.human).tributes, self.human)

    def report_gifts(self) -> None:
        """The card moves before play the human may know of, since the last report."""
        obs = self.deal.observe(self.human)
        history = obs.history
        for ev in history[self.seen :]:
            line = self.gift_line(ev.seat, ev.action)
            if line is not None:
                self.say(line)
        self.seen = len(history)
        if obs.phase is not Phase.TRIBUTE and obs.tributes and not self.moved_said:
            self.moved_said = True
            for giver, to, card in obs.tributes:
                self.say(
                    Text(
                        self.words(
                            "gives_tribute",
                            who=self.name(giver),
                            gives=self.verb(giver, "give"),
                            card=self.cards(card).plain,
                            to=self.low(to),
                        ),
                        style="yellow",
                    )
                )

    def gift_line(self, seat: int, action: Any) -> Text | None:
        """One line of a return, an offer or a take (a tribute is told once every
        giver chose, with its recipient)."""
        if not isinstance(action, Gift) or action.kind is GiftKind.TRIBUTE:
            return None
        w = self.words
        to = self.low(self.return_target(seat, action))
        fields: dict[str, Any] = dict(
            who=self.name(seat),
            to=to,
            returns=self.verb(seat, "return"),
            offers=self.verb(seat, "offer"),
            takes=self.verb(seat, "take"),
        )
        if action.kind is GiftKind.OFFER:
            key = "offers" if action.cards else "offers_hidden"
            return Text(w(key, cards=self.cards(action.cards).plain, **fields), style="dim")
        if action.kind is GiftKind.TAKE:
            key = "takes" if action.cards else "takes_hidden"
        else:
            key = "gives_return" if action.cards else "gives_return_hidden"
        return Text(w(key, card=self.cards(action.cards).plain, **fields), style="dim")

    def return_target(self, seat: int, action: Gift) -> int:
        """Who ``seat``'s return, offer or take goes to (its tribute partner)."""
        return tribute_partner(self.deal.observe(self.human).tributes, seat)
