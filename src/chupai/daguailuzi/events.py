"""The values a 大怪路子 deal is made of: its phases, the tribute and return
actions (plays are :class:`~chupai.daguailuzi.combos.Combo` values and a pass is
:data:`~chupai.actions.PASS`), the events of its history and the teams
(``daguailuzi.md`` §2, §7, §10). :mod:`chupai.daguailuzi.game` exports every
name defined here.

>>> Gift(GiftKind.TRIBUTE, 1 << (3 * 53)).kind.value
'tribute'
>>> team_of(3), TEAM_SEATS[team_of(3)], TEAM_NAMES[1]
(1, (1, 3, 5), 'B')
"""

from __future__ import annotations

from enum import StrEnum
from typing import Final, NamedTuple, TypeAlias

from chupai.actions import PASS, Pass
from chupai.daguailuzi.combos import Combo

__all__ = [
    "PLAYERS",
    "HAND_SIZE",
    "TEAM_SEATS",
    "TEAM_NAMES",
    "TEAM_MASKS",
    "team_of",
    "Phase",
    "GiftKind",
    "Gift",
    "PRIVATE_GIFTS",
    "Action",
    "Event",
    "Pass",
    "PASS",
]

PLAYERS: Final = 6
HAND_SIZE: Final = 27
TEAM_SEATS: Final = ((0, 2, 4), (1, 3, 5))
"""The seats of team A (index 0) and team B (index 1) (§2)."""
TEAM_NAMES: Final = ("A", "B")
TEAM_MASKS: Final = (0b010101, 0b101010)
"""Each team's seats as a bit mask."""


def team_of(seat: int) -> int:
    """The team (0 = A, 1 = B) of ``seat``: the seats alternate (§2)."""
    return seat & 1


class Phase(StrEnum):
    """The phases of a deal (§3.3)."""

    TRIBUTE = "tribute"
    """Each giver (a player trapped in the previous deal) gives one card (§10.2)."""
    RETURN = "return"
    """Each recipient returns one card to its giver (§10.4), or offers candidates
    that the giver takes one of (``return_rule = joker_candidates``)."""
    PLAY = "play"
    OVER = "over"


class GiftKind(StrEnum):
    """The four kinds of card moves before play (their text's first word)."""

    TRIBUTE = "tribute"
    """A giver gives one card of its highest rank (§10.2)."""
    RETURN = "return"
    """A recipient gives one card back (§10.4)."""
    OFFER = "offer"
    """A recipient offers 2 or 3 cards of different ranks (``joker_candidates``)."""
    TAKE = "take"
    """The giver takes one of the offered cards."""


class Gift(NamedTuple):
    """A card move before play: ``kind`` and the packed ``cards`` (one card, or
    the 2 or 3 offered). Text ``tribute RJ``, ``return 4D``, ``offer 4D 6S 9C``,
    ``take 6S``. In another seat's observation a private move (a return, an offer,
    a take) has ``cards == 0``: it happened, but the cards are not shown."""

    kind: GiftKind
    cards: int


PRIVATE_GIFTS: Final = frozenset({GiftKind.RETURN, GiftKind.OFFER, GiftKind.TAKE})
"""The moves only the two seats concerned see the cards of (§10.4, §11)."""

Action: TypeAlias = Combo | Pass | Gift
"""Anything a seat may do."""


class Event(NamedTuple):
    """One applied action: who did what."""

    seat: int
    action: Action
