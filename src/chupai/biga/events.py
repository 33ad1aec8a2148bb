"""The values a Big A deal is made of: its phases, its actions (declarations,
named choices, captures; plays are :class:`~chupai.biga.combos.Combo` values and a
pass is :data:`~chupai.actions.PASS`), the events of its history and its outcome
(``biga.md`` §3–§10). :mod:`chupai.biga.game` exports every name defined here.

>>> Declare(2, True), DECLINE, Event(1, DECLINE)
(Declare(suit=2, two=True), Choice(name='decline'), Event(seat=1, action=Choice(name='decline')))
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any, Final, NamedTuple, TypeAlias

from chupai.actions import PASS, Pass
from chupai.biga.cards import SUITED_ACE, Cards, cards_text, strength_order
from chupai.biga.combos import Combo

__all__ = [
    "Phase",
    "Pass",
    "PASS",
    "Declare",
    "Choice",
    "DECLINE",
    "SHOW_SECOND",
    "KEEP_HIDDEN",
    "REVEAL",
    "STAY_HIDDEN",
    "PRIVATE",
    "Capture",
    "Action",
    "Event",
    "Outcome",
    "SUIT_LETTERS",
    "HEARTS",
    "STOCK_SIZE",
    "LAST_CHECKPOINT",
    "ACES_SHIFT",
    "PAIR_BITS",
]

STOCK_SIZE: Final = 108
LAST_CHECKPOINT: Final = 102
"""The last card followed by a declaration checkpoint (cards 103..107 are the
final round, §3.1)."""
SUIT_LETTERS: Final = "DCHS"
"""Suit index -> letter (the order of :mod:`chupai.cards`)."""
HEARTS: Final = 2

ACES_SHIFT: Final = 5 * SUITED_ACE
PAIR_BITS: Final = sum(2 << (5 * i) for i in range(4))
"""Bit 1 of each suited-Ace field, shifted down: set where a seat holds both."""


class Phase(StrEnum):
    """Phases of a deal."""

    DRAW = "draw"
    """The draw with its declaration checkpoints (§3.1–§3.4)."""
    SHOW_SECOND = "show_second"
    """§3.5 step 1: the declarer holding both Big Aces may show the second."""
    REVEAL = "reveal"
    """§3.5 step 2: the partner may reveal themselves."""
    PLAY = "play"
    OVER = "over"


class Declare(NamedTuple):
    """A declaration during the draw (§3.2): show one Ace of ``suit`` (0..3 = D C H
    S), or both Aces of it when ``two`` (text ``show AH`` / ``show AH AH``)."""

    suit: int
    two: bool


class Choice(NamedTuple):
    """A named decision: ``decline``, ``show_second``, ``keep_hidden``,
    ``reveal_partner`` or ``stay_hidden``."""

    name: str


DECLINE: Final = Choice("decline")
SHOW_SECOND: Final = Choice("show_second")
KEEP_HIDDEN: Final = Choice("keep_hidden")
REVEAL: Final = Choice("reveal_partner")
STAY_HIDDEN: Final = Choice("stay_hidden")
PRIVATE: Final = frozenset({DECLINE.name, KEEP_HIDDEN.name, STAY_HIDDEN.name})
"""Choices that are not shown to the other players."""


class Capture(NamedTuple):
    """A capture by fours (§6): ``fours`` (``s - 1`` ordinary 4s, classified as what
    they are) take ``taken``, the ``s``-card egg or big egg on top."""

    fours: Combo
    taken: Combo


Action: TypeAlias = Combo | Capture | Declare | Choice | Pass


class Event(NamedTuple):
    """One applied action: who did what. The list of events is the deal's history."""

    seat: int
    action: Action


class Outcome(NamedTuple):
    """The result of a finished deal."""

    redeal: bool
    """Nobody declared and no seat held an ``AH`` after card 102 (§3.3)."""
    first_drawer: int
    next_first_drawer: int
    """The same first drawer after a redeal, else the first player out (§3.1)."""
    declarer: int | None
    big_suit: int | None
    forced: bool
    """The declaration was the forced ♥A one (§3.3)."""
    partner: int | None
    """The holder of the other Big Ace (None when alone or on a redeal)."""
    alone: bool
    partner_revealed: bool
    two_shown: bool
    finishing_order: tuple[int, ...]
    """All five seats, first out first (empty on a redeal)."""
    went_out: int
    """How many seats of ``finishing_order`` actually went out; the others still
    held cards at the end and took the remaining positions (§8)."""
    scores: tuple[int, ...]
    hands: tuple[Cards, ...]
    """Every seat's cards at the end (revealed)."""

    def to_dict(self) -> dict[str, Any]:
        order = strength_order(True, self.big_suit)
        return {
            "redeal": self.redeal,
            "first_drawer": self.first_drawer,
            "next_first_drawer": self.next_first_drawer,
            "declarer": self.declarer,
            "big_suit": None if self.big_suit is None else SUIT_LETTERS[self.big_suit],
            "forced": self.forced,
            "partner": self.partner,
            "alone": self.alone,
            "partner_revealed": self.partner_revealed,
            "two_shown": self.two_shown,
            "finishing_order": list(self.finishing_order),
            "went_out": self.went_out,
            "scores": list(self.scores),
            "hands": [cards_text(h, order, self.big_suit) for h in self.hands],
        }
