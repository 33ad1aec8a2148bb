"""The lines of the Big Two terminal game (:mod:`.play`) that report the events
before play (redeals, exchanges, tribute, the leftover card)."""

from __future__ import annotations

from typing import Final

from rich.text import Text

from chupai.bigtwo import packs
from chupai.bigtwo.game import BigTwoDeal, Choice, Event, Hidden
from chupai.cli.session import DealSession

__all__ = ["EventLines"]

_CARD_EVENTS: Final = {
    # event name: (verb, words before the cards, cards when unseen, words after)
    "name": ("name", " ", "a card", " from {to}"),
    "tribute": ("pay", " tribute to {to}: ", "", ""),
    "receive": ("get", " from the pile: ", "", ""),
    "keep": ("keep", " ", "", " out of the draw"),
    "pile": ("put", " ", "", " face down into the pile"),
    "give": ("give", " ", "", " to {to}"),
}
"""The pre-play events that show cards (or how many, unseen)."""


class EventLines(DealSession):
    """The event lines of :class:`~chupai.cli.games.bigtwo.play.PlaySession`."""

    deal: BigTwoDeal

    def event_line(self, ev: Event) -> Text | None:
        """One line telling the human about a pre-play event they may know of."""
        act = ev.action
        if not isinstance(act, (Choice, Hidden)):
            return None
        name = act.name
        if name == "give" and ev.to < 0:
            name = "pile"
        elif name == "keep" and isinstance(act, Choice) and not act.cards:
            name = "keep_hand"
        cards = self.cards(act.cards) if isinstance(act, Choice) and act.cards else None
        n = act.size if isinstance(act, Hidden) else (act.cards.bit_count() if cards else 0)
        some = "a card" if n == 1 else f"{n} cards"
        who = self.name(ev.seat)
        to_me = "you" if ev.to == self.human else self.name(ev.to) if ev.to >= 0 else ""
        t = Text("  ")
        if name in _CARD_EVENTS:
            verb, before, unseen, after = _CARD_EVENTS[name]
            t.append(f"{who} {self.verb(ev.seat, verb)}{before.format(to=to_me)}")
            t.append_text(cards or Text(unseen or some))
            return t.append(after.format(to=to_me))
        if name == "draw":
            t.append(f"{who} {self.verb(ev.seat, 'draw')} {some} at random from {to_me}")
            if cards is not None:
                t.append(": ")
                t.append_text(cards)
        elif name == "not_held":
            t.append(f"{who} {'do' if ev.seat == self.human else 'does'} not hold ")
            t.append_text(cards or Text("it"))
        else:
            t.append(
                self.choice_words(ev.seat, act, name, to_me),
                style="bold" if name == "redeal" else "",
            )
        return t

    def choice_words(self, seat: int, act: Choice | Hidden, name: str, to_me: str) -> str:
        """The words of a pre-play event that shows no cards."""
        who = self.name(seat)
        if name == "redeal":
            return f"{who} {self.verb(seat, 'ask')} for a redeal"
        if name == "keep_hand":
            return f"{who} {self.verb(seat, 'keep')} the hand (no redeal)"
        if name == "hand":
            return (
                f"{who} {self.verb(seat, 'take')} face-down hand {act.number}"
                if isinstance(act, Choice)
                else f"{who} takes a hand"
            )
        if name == "skip":
            return f"{who} {self.verb(seat, 'give')} up the exchange with {to_me}"
        return f"{who}: {act.name}"

    def report_leftover(self, seat: int, action: Choice, hand_before: int) -> None:
        deal = self.deal
        line = Text(f"  {self.name(seat)} {self.verb(seat, action.name)}")
        if action.name == "take":
            line.append(" the leftover card ")
            line.append_text(self.cards(packs.norm(deal.hands[seat] & ~hand_before)))
        elif action.name == "leave":
            line.append(" the leftover card out of play")
        elif action.name == "swap":
            line.append(": ")
            line.append_text(self.cards(deal.observe(seat).exposed))
            line.append(" goes face up out of play")
            if seat == self.human:
                line.append(", you take ")
                line.append_text(self.cards(packs.norm(deal.hands[seat] & ~hand_before)))
        else:
            line.append(" the swap; the leftover card leaves play unseen")
        self.say(line)
