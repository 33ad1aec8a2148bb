"""The values of a Big Two deal: phases, actions, events and outcomes.

These are immutable values that the deal (:mod:`chupai.bigtwo.game`), records,
observations and every surface share. A play is a
:class:`~chupai.bigtwo.combos.Combo`, a play with the "last card" announcement a
:class:`LastCard`, a pass is :data:`~chupai.actions.PASS`, and a phase decision is
a :class:`Choice`.

>>> Choice("give", 1).cards
1
>>> Event(0, Choice("keep")).shown == EVERYONE
True
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any, Final, NamedTuple, TypeAlias

from chupai.actions import Pass
from chupai.bigtwo import packs
from chupai.bigtwo.combos import Combo, ComboKind
from chupai.cards import CardMask

__all__ = [
    "CHOICE_NAMES",
    "EVERYONE",
    "FULL_DECK",
    "Action",
    "Choice",
    "Event",
    "Hidden",
    "LastCard",
    "Outcome",
    "Phase",
    "Task",
]

EVERYONE: Final = -1
"""The visibility mask of a public event (every bit set)."""

FULL_DECK: Final = (1 << 52) - 1
"""Every card of the pack (no jokers in Big Two)."""


class Phase(StrEnum):
    """Phases of a deal, in the order of §3.4."""

    CHOOSE_HANDS = "choose_hands"
    """Tribute method 1: the ranked players pick the face-down hands (§12.3)."""
    LEFTOVER = "leftover"
    """The starting-card holder decides on the leftover card (3 players)."""
    REDEAL = "redeal"
    """Qualifying players may ask for a redeal (§4)."""
    PRE_EXCHANGE = "pre_exchange"
    """Every player gives 1 to 3 cards face down to a shuffled pile (§12.4)."""
    CLASS_EXCHANGE = "class_exchange"
    """Class struggle: the higher titles name and give cards (§12.2)."""
    TRIBUTE = "tribute"
    """Tribute methods 2 to 4: returns and kept cards (§12.3)."""
    PLAY = "play"
    OVER = "over"


class Choice(NamedTuple):
    """A phase decision (or an automatic step) by name, with the cards or the hand
    index it carries: ``Choice("take")``, ``Choice("give", parse_mask("4D"))``,
    ``Choice("hand", number=2)``. Text forms: ``take``, ``give 4D``, ``hand 2``."""

    name: str
    cards: CardMask = 0
    number: int = -1
    """The hand index of ``hand`` (tribute method 1); -1 for other choices."""


class LastCard(NamedTuple):
    """A play that leaves its player one card, with the "last card" announcement
    (§10.2, option ``last_card_call``). Text form: the cards then ``last``."""

    play: Combo

    @property
    def mask(self) -> CardMask:
        return self.play.mask

    @property
    def kind(self) -> ComboKind:
        return self.play.kind


class Hidden(NamedTuple):
    """Another seat's private action as a seat sees it: its name and how many cards
    it moved, without the cards (§13)."""

    name: str
    size: int
    """How many cards the action moved."""


Action: TypeAlias = Combo | Pass | Choice | LastCard

CHOICE_NAMES: Final = frozenset(
    {
        "take",
        "leave",
        "swap",
        "decline",  # leftover (§3.3)
        "redeal",
        "keep",  # redeal request (§4); keep also: draw_three
        "give",
        "name",
        "skip",
        "hand",  # exchanges and tribute (§12)
    }
)
"""The names of the decisions a player can type (the first word of a choice)."""


class Event(NamedTuple):
    """One applied action: who did what. The list of events is the deal's history.

    ``to`` is the other party of an exchange or tribute (-1 if none). ``shown`` is
    the bit mask of the seats that learn the event happened and ``visible`` of those
    that see its cards; a seat in ``shown`` but not in ``visible`` sees the action
    as :class:`Hidden`. ``auto`` marks a step nobody decided (not in records)."""

    seat: int
    action: Action | Hidden
    to: int = -1
    shown: int = EVERYONE
    visible: int = EVERYONE
    auto: bool = False


class Outcome(NamedTuple):
    """The result of a finished deal."""

    winner: int | None
    """The first player out (or the instant winner); None after a redeal request."""
    finishing_order: tuple[int, ...]
    """Seats in finishing order: the full order with ``play_until=last_remaining``,
    else the winner only."""
    penalties: tuple[int, ...]
    """Each seat's penalty (0 for the winner), after the 頂大 transfer (§11.4)."""
    scores: tuple[int, ...]
    """Each seat's deal score after settlement."""
    instant_win: str | None
    """The instant-win hand type, if the deal ended that way."""
    hands: tuple[CardMask, ...]
    """Every seat's cards when the winner went out (revealed at the end); after a
    redeal request only the requesting hand."""
    liable: int | None = None
    """The seat that took over every loser's penalty under ``ding_da=penalty``."""
    redeal: bool = False
    """The deal ended by a redeal request (§4): no winner, all scores 0."""
    ranking: tuple[int, ...] = ()
    """Every seat from 1st to last (§12.1); empty after a redeal request."""

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "winner": self.winner,
            "finishing_order": list(self.finishing_order),
            "penalties": list(self.penalties),
            "scores": list(self.scores),
            "instant_win": self.instant_win,
            "hands": [packs.names(h) for h in self.hands],
        }
        if self.liable is not None:
            out["liable"] = self.liable
        if self.redeal:
            out["redeal"] = True
        out["ranking"] = list(self.ranking)
        return out


class Task(NamedTuple):
    """One pending decision of an exchange phase."""

    kind: str
    """``name``, ``give``, ``returns`` (demand: the gives after the demands) or ``keep``."""
    actor: int
    other: int
    size: int
