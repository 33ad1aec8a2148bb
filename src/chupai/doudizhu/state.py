"""The values of a Dou Dizhu deal: phases, actions, events, the outcome and a
seat's observation (``doudizhu.md`` §3–§10). :mod:`chupai.doudizhu.game`
re-exports every name.

Actions are values: a bid is :class:`Bid` (``bid 1`` .. ``bid 3``), a pass in the
bidding or in play is :data:`~chupai.actions.PASS`, a robbing decision is
:data:`ROB` or :data:`NO_ROB`, the landlord's 明牌 is :data:`SHOW`, and a play is
a :class:`~chupai.doudizhu.combos.Combo` (one reading of its cards).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Final, NamedTuple, TypeAlias

from chupai.actions import Pass
from chupai.doudizhu.combos import Cards, Combo, cards_text
from chupai.doudizhu.rules import DouDizhuRules

__all__ = [
    "Phase",
    "Bid",
    "Choice",
    "ROB",
    "NO_ROB",
    "SHOW",
    "Action",
    "Event",
    "Outcome",
    "Observation",
]


class Phase(StrEnum):
    """Phases of a deal."""

    BID = "bid"
    """叫地主: players bid 1..3 or pass (§4)."""
    ROB = "rob"
    """搶地主: eligible players rob the landlord or not (§5)."""
    PLAY = "play"
    OVER = "over"


class Bid(NamedTuple):
    """A bid of 1, 2 or 3 (text ``bid N``)."""

    value: int


class Choice(NamedTuple):
    """A named decision: ``rob``, ``no`` (do not rob) or ``show`` (明牌)."""

    name: str


ROB: Final = Choice("rob")
NO_ROB: Final = Choice("no")
SHOW: Final = Choice("show")

Action: TypeAlias = Combo | Pass | Bid | Choice


class Event(NamedTuple):
    """One applied action: who did what. The list of events is the deal's history."""

    seat: int
    action: Action


class Outcome(NamedTuple):
    """The result of a finished deal."""

    redeal: bool
    """Everybody passed in the bidding: no play, no score (§4.2)."""
    next_doubled: bool
    """Whether the next deal carries ``D = 2`` (only after a redeal under
    ``all_pass=redeal_doubled_once`` that was not itself doubled)."""
    landlord: int | None
    winner: int | None
    """The seat that went out first."""
    landlord_won: bool | None
    bid: int
    """``B`` (0 on a redeal)."""
    robs: int
    """``k``: the number of robs."""
    rob_multiplier: int
    """``R``."""
    bombs: int
    """``b``: doubling bombs played (the factor is ``2^b``)."""
    spring: bool
    anti_spring: bool
    spring_factor: int
    """``S``."""
    thunder: int
    """``T``."""
    ming: int
    """``M``."""
    doubled: int
    """``D``."""
    unit: int
    """``U``."""
    scores: tuple[int, ...]
    hands: tuple[Cards, ...]
    """Every seat's cards at the end (revealed)."""

    @property
    def side(self) -> str | None:
        """``"landlord"``, ``"peasants"`` or None (redeal)."""
        if self.landlord_won is None:
            return None
        return "landlord" if self.landlord_won else "peasants"

    def to_dict(self) -> dict[str, Any]:
        return {
            "redeal": self.redeal,
            "next_doubled": self.next_doubled,
            "landlord": self.landlord,
            "winner": self.winner,
            "side": self.side,
            "bid": self.bid,
            "robs": self.robs,
            "rob_multiplier": self.rob_multiplier,
            "bombs": self.bombs,
            "spring": self.spring,
            "anti_spring": self.anti_spring,
            "spring_factor": self.spring_factor,
            "thunder": self.thunder,
            "ming": self.ming,
            "doubled": self.doubled,
            "unit": self.unit,
            "scores": list(self.scores),
            "hands": [cards_text(h) for h in self.hands],
        }


@dataclass(frozen=True, slots=True)
class Observation:
    """What one seat may know: its own hand, the public marker card and its
    receiver, bids and robs, the kitty once taken, the landlord's hand once shown
    (明牌), every play, and the number of cards each seat holds."""

    rules: DouDizhuRules
    """The rules of the game (public)."""
    seat: int
    players: int
    phase: Phase
    current_player: int | None
    dealer: int
    first_bidder: int
    """The receiver of the marker card (public)."""
    marker: int | None
    """Rank index of the face-up marker card (None when the deal was built without one)."""
    hand: Cards
    hand_counts: tuple[int, ...]
    history: tuple[Event, ...]
    """Every action so far (all are public: bids, robs, 明牌, plays, passes)."""
    bid: int
    """The highest bid so far (the base score ``B`` once bidding is over)."""
    landlord: int | None
    """The current landlord (during robbing) or the deal's landlord; None before."""
    robs: int
    kitty: Cards | None
    """The kitty, once the landlord has taken it (face up); else None."""
    landlord_hand: Cards | None
    """The landlord's current hand if exposed by 明牌, else None."""
    shown: bool
    played: tuple[Cards, ...]
    """Cards each seat has played so far."""
    top: Combo | None
    """The current top play of the trick (None when leading)."""
    top_player: int | None
    leader: int | None
    bombs: int
    """Doubling bombs played so far."""
    doubled: bool
    outcome: Outcome | None

    @property
    def public_roles(self) -> tuple[str, ...]:
        """Each seat's role as every seat knows it: ``landlord`` and ``peasant``
        once the landlord is settled (play or over), else ``""``."""
        lord = self.landlord
        if lord is None or self.phase not in (Phase.PLAY, Phase.OVER):
            return ("",) * self.players
        return tuple("landlord" if s == lord else "peasant" for s in range(self.players))

    @property
    def roles(self) -> tuple[str, ...]:
        """Each seat's role as this seat knows it (every role is public)."""
        return self.public_roles
