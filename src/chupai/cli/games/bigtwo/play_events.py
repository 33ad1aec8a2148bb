"""The lines of the Big Two terminal game (:mod:`.play`) that report the events
before play (redeals, exchanges, tribute, the leftover card) and ask the human
to act (:meth:`EventLines.turn_line`), in the session's language."""

from __future__ import annotations

from typing import Any, Final

from rich.text import Text

import chupai.cli.games.bigtwo.messages  # noqa: F401  (the game's translations)
from chupai.bigtwo import packs
from chupai.bigtwo.game import BigTwoDeal, Choice, Event, Hidden, LastCard, Phase, redeal_reasons
from chupai.bigtwo.rules import LeftoverRule
from chupai.cli.games.bigtwo.play_input import decision_help
from chupai.cli.session import DealSession
from chupai.i18n import plural

__all__ = ["EventLines"]

_CARD_EVENTS: Final = {
    # event name: (the words before the cards, for you and for another seat; after)
    "name": ("{who} name ", "{who} names ", " from {to}"),
    "tribute": ("{who} pay tribute to {to}: ", "{who} pays tribute to {to}: ", ""),
    "receive": ("{who} get from the pile: ", "{who} gets from the pile: ", ""),
    "keep": ("{who} keep ", "{who} keeps ", " out of the draw"),
    "pile": ("{who} put ", "{who} puts ", " face down into the pile"),
    "give": ("{who} give ", "{who} gives ", " to {to}"),
}
"""The pre-play events that show cards (or how many, unseen): English templates."""


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
        some = self.say_text(plural(n, "a card", "{n} cards"))
        who = self.name(ev.seat)
        to_me = self.t("you") if ev.to == self.human else self.name(ev.to) if ev.to >= 0 else ""
        me = ev.seat == self.human
        t = Text("  ")
        if name in _CARD_EVENTS:
            mine, theirs, after = _CARD_EVENTS[name]
            t.append(self.t(mine if me else theirs, who=who, to=to_me))
            t.append_text(cards or Text(self.t("a card") if name == "name" else some))
            return t.append(self.t(after, to=to_me) if after else "")
        if name == "draw":
            draws = (
                "{who} draw {some} at random from {to}"
                if me
                else ("{who} draws {some} at random from {to}")
            )
            t.append(self.t(draws, who=who, some=some, to=to_me))
            if cards is not None:
                t.append(": ")
                t.append_text(cards)
        elif name == "not_held":
            t.append(self.t("{who} do not hold " if me else "{who} does not hold ", who=who))
            t.append_text(cards or Text(self.t("it")))
        else:
            t.append(
                self.choice_words(ev.seat, act, name, to_me),
                style="bold" if name == "redeal" else "",
            )
        return t

    def choice_words(self, seat: int, act: Choice | Hidden, name: str, to_me: str) -> str:
        """The words of a pre-play event that shows no cards."""
        who = self.name(seat)
        me = seat == self.human
        if name == "redeal":
            return self.t("{who} ask for a redeal" if me else "{who} asks for a redeal", who=who)
        if name == "keep_hand":
            keeps = "{who} keep the hand (no redeal)" if me else "{who} keeps the hand (no redeal)"
            return self.t(keeps, who=who)
        if name == "hand":
            if not isinstance(act, Choice):
                return self.t("{who} takes a hand", who=who)
            takes = "{who} take face-down hand {n}" if me else "{who} takes face-down hand {n}"
            return self.t(takes, who=who, n=act.number)
        if name == "skip":
            skips = (
                "{who} give up the exchange with {to}"
                if me
                else "{who} gives up the exchange with {to}"
            )
            return self.t(skips, who=who, to=to_me)
        return f"{who}: {act.name}"

    def report_leftover(self, seat: int, action: Choice, hand_before: int) -> None:
        deal = self.deal
        line = Text(f"  {self.name(seat)} {self.verb(seat, action.name)}")
        if action.name == "take":
            line.append(self.t(" the leftover card "))
            line.append_text(self.cards(packs.norm(deal.hands[seat] & ~hand_before)))
        elif action.name == "leave":
            line.append(self.t(" the leftover card out of play"))
        elif action.name == "swap":
            line.append(": ")
            line.append_text(self.cards(deal.observe(seat).exposed))
            line.append(self.t(" goes face up out of play"))
            if seat == self.human:
                line.append(self.t(", you take "))
                line.append_text(self.cards(packs.norm(deal.hands[seat] & ~hand_before)))
        else:
            line.append(self.t(" the swap; the leftover card leaves play unseen"))
        self.say(line)

    # ----- what the human is asked ----------------------------------------------------
    def title(self, seat: int) -> str:
        """The seat's title (class struggle) or rank (tribute) in this deal, or ''."""
        raise NotImplementedError

    def card(self, c: int) -> Text:
        """A card as colored text."""
        raise NotImplementedError

    def turn_line(self, obs: Any) -> Text:
        deal = self.deal
        if obs.phase is Phase.LEFTOVER:
            t = Text()
            t.append(self.t("Your decision: "), style="bold yellow")
            if deal.rules.leftover_rule is LeftoverRule.MALAYSIAN:
                t.append(self.t("a leftover card lies face down. 'swap': your "))
                t.append_text(self.card(deal.starting_card))
                t.append(
                    self.t(
                        " goes face up out of play and you take the unseen card "
                        "(then lead anything); 'decline': it leaves play unseen."
                    )
                )
            else:
                t.append(self.t("the leftover card "))
                t.append_text(self.cards(obs.leftover_shown))
                t.append(self.t(" is face up. 'take' it into your hand or 'leave' it out of play."))
            return t
        if obs.phase is not Phase.PLAY:
            return self.decision_line(obs)
        t = Text()
        t.append(self.t("Your turn: "), style="bold yellow")
        if obs.top is None:
            t.append(self.t("lead any combination"))
            if obs.must_contain:
                t.append(self.t(" that includes "))
                t.append_text(self.cards(obs.must_contain))
        else:
            t.append(self.t("beat "))
            t.append_text(self.action(obs.top))
            t.append(self.t(" or pass"))
        if deal.ding_da_applies():
            t.append(
                self.t(
                    "; 頂大: the next player holds one card, so a single must be your "
                    "highest card (and a lead two or more cards if you can)"
                ),
                style="magenta",
            )
        if deal.rules.last_card_call and any(isinstance(a, LastCard) for a in deal.legal_actions()):
            t.append(self.t("; add 'last' to a play that leaves you one card"), style="magenta")
        return self.with_tail(t)

    def decision_line(self, obs: Any) -> Text:
        """What the human must decide before play, and how to type it."""
        deal = self.deal
        t = Text()
        t.append(self.t("Your decision: "), style="bold yellow")
        phase = obs.phase
        task = deal.task()
        if phase is Phase.REDEAL:
            why = ", ".join(redeal_reasons(deal.rules, obs.hand))
            t.append(self.t("your hand qualifies for a redeal ({why}). ", why=why))
        elif phase is Phase.CHOOSE_HANDS:
            t.append(
                self.t(
                    "as the best-ranked player still to choose, take one of the face-down hands. "
                )
            )
        elif phase is Phase.PRE_EXCHANGE:
            t.append(
                self.t(
                    "put 1 to 3 cards face down into the pile; the pile is shuffled and "
                    "each player gets back as many cards as they gave. "
                )
            )
        elif task is not None and task[0] == "name":
            other = obs.partner
            t.append(
                self.t(
                    "you are {title}; name a card you want from {who} ({other}), "
                    "or skip that exchange. ",
                    title=self.title(self.human),
                    who=self.name(other),
                    other=self.title(other),
                )
            )
        elif task is not None and task[0] == "give":
            cards = plural(task[1], "one card", "{n} cards")
            t.append(
                self.t(
                    "give {cards} of your choice to {who}. ",
                    cards=cards,
                    who=self.name(obs.partner),
                )
            )
        elif task is not None and task[0] == "keep":
            keep = plural(
                task[1],
                "set aside {n} card to keep; the next player draws 3 of your other cards at random. ",
                "set aside {n} cards to keep; the next player draws 3 of your other cards at random. ",
            )
            t.append(self.say_text(keep))
        t.append(self.t("Type {what}.", what=decision_help(deal)), style="dim")
        return t
