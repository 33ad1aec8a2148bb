"""The state of a Big A deal, shared by the parts of its engine.

:class:`DealState` declares every attribute of a :class:`~chupai.biga.game.BigADeal`
(the slots themselves are made by that class) and the few helpers every phase
uses; :class:`~chupai.biga.draw.DrawPhase` (the draw with its declarations and the
steps before play) and :class:`~chupai.biga.play.PlayPhase` (play with the fours
capture) build on it, and :class:`~chupai.biga.game.BigADeal` joins them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from chupai.biga.cards import GUARD, Cards, cards_text
from chupai.biga.combos import Combo
from chupai.biga.events import Action, Event, Outcome, Phase
from chupai.biga.rules import BigARules
from chupai.deal import Deal
from chupai.trick import Trick

__all__ = ["DealState", "good_cards"]


def good_cards(cards: object) -> bool:
    """Whether ``cards`` is a non-empty packed card count (not a bool)."""
    return (
        isinstance(cards, int) and not isinstance(cards, bool) and cards > 0 and not cards & GUARD
    )


class DealState(Trick, Deal[Action, Event, Outcome]):
    """The attributes of a Big A deal (see :class:`~chupai.biga.game.BigADeal`);
    the trick is :class:`chupai.trick.Trick`'s."""

    if not TYPE_CHECKING:
        # The slots themselves are BigADeal's (one place lists them all); mypy,
        # seeing an empty __slots__ here, would refuse every assignment in the parts.
        __slots__ = ()

    rules: BigARules
    players: int
    seed: int | None
    first_drawer: int
    stock: tuple[int, ...]
    """The 108 faces in draw order."""
    phase: Phase
    to_act: int | None
    history: list[Event]
    drawn: int
    """How many cards have been drawn."""
    hands: list[Cards]
    """Each seat's current cards (Aces suited during the draw, normalized in play)."""
    big_suit: int | None
    declarer: int | None
    forced: bool
    two_shown: bool
    exposed: list[Cards]
    """Aces shown face up, per seat (cleared when play starts)."""
    declarations: list[tuple[int, Event]]
    partner: int | None
    """The holder of the other Big Ace, known to the engine once the draw is over."""
    alone: bool
    partner_revealed: bool
    top: Combo | None
    top_player: int | None
    passed: int
    """Bit mask of the seats that passed since the top play (:attr:`passes` counts them)."""
    leader: int | None
    played: list[Cards]
    captured: list[Cards]
    finishing: list[int]
    public_partner: int | None
    """The partner once publicly known (§7)."""
    alone_known: bool
    outcome: Outcome | None
    _ck_start: int
    _ck_pos: int
    _active: int
    """Bit mask of the seats still holding cards."""
    _big_played: list[int]
    _big_gained: list[int]
    _combos: list[list[Combo] | None]
    _stale: list[bool]
    _born: list[Cards]
    """Each seat's hand when its plays were listed (see ``cache_notes``)."""
    _order: tuple[int, ...]
    _seen: list[tuple[int, tuple[Event, ...]]]
    """Per seat: how many events of :attr:`history` its observation has filtered, and
    the result (observations only ever extend it)."""

    def seat_of_card(self, k: int) -> int:
        """The seat that draws card ``k`` of the stock."""
        return (self.first_drawer + k) % self.players

    def cards_text(self, cards: Cards) -> str:
        """Canonical text of ``cards`` in the single-card order, weakest first."""
        return cards_text(cards, self._order, self.big_suit)
