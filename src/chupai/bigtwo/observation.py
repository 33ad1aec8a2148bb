"""What one seat of a Big Two deal may know (``bigtwo.md`` §13).

:class:`Observation` is built only from public facts and the seat's own cards and
events (:func:`observe`); another seat's private action appears as
:class:`~chupai.bigtwo.values.Hidden`. The titles of class struggle and the
tribute ranks (:func:`class_titles`, :data:`TRIBUTE_RANKS`) are public roles.

>>> class_titles(3)
('King', 'Commoner', 'Slave')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from chupai.bigtwo.combos import Combo
from chupai.bigtwo.rules import BigTwoRules, Series, exchange_places
from chupai.bigtwo.values import Choice, Event, Hidden, Outcome, Phase
from chupai.cards import CardMask

if TYPE_CHECKING:
    from chupai.bigtwo.state import DealState

__all__ = ["TITLES", "TRIBUTE_RANKS", "Observation", "class_titles", "history_for", "observe"]


@dataclass(frozen=True, slots=True)
class Observation:
    """What one seat may know (``bigtwo.md`` §13): its own hand, public play and
    counts, exposed cards, and the private events it took part in. Built only from
    public facts and the seat's own cards and events."""

    rules: BigTwoRules
    """The rules of the game (public)."""
    seat: int
    players: int
    phase: Phase
    current_player: int | None
    dealer: int
    hand: CardMask
    hand_counts: tuple[int, ...]
    played: tuple[CardMask, ...]
    """Cards each seat has played so far."""
    history: tuple[Event, ...]
    """Every action this seat may know of, in order; another seat's private action
    appears as :class:`Hidden` (or not at all when even its occurrence is private)."""
    top: Combo | None
    """The current top play of the trick (None when leading)."""
    top_player: int | None
    passed: tuple[int, ...]
    """Seats that passed since the top play (lock-out: since the trick began)."""
    leader: int
    """Who led the current trick."""
    starting_player: int | None
    """The holder of the starting card when that is public (it must lead it, or it
    decides on the leftover card); None in a deal led freely by the previous winner."""
    must_contain: CardMask
    """Cards the seat's lead must contain (only in the leading seat's own view)."""
    exposed: CardMask
    """Cards removed from play face up (public)."""
    leftover_shown: CardMask
    """A leftover card turned face up (``taiwan_exposed``), else 0."""
    finished: tuple[int, ...]
    outcome: Outcome | None
    forced_trick: bool = False
    """Under ``repeat_lead_lock``: everyone but the top player must pass."""
    ranking: tuple[int, ...] | None = None
    """The previous deal's ranking that gives this deal's titles (class struggle) or
    ranks (tribute), 1st first; None when the deal has no exchange (§12)."""
    blocked: tuple[int, ...] = ()
    """Seats blocked for a missed "last card" call (§10.2)."""
    partner: int | None = None
    """In the acting seat's own view during an exchange: the other party of the
    decision asked for."""
    piles: tuple[int, ...] = ()
    """Under tribute method 1: the indexes of the hands not chosen yet."""

    @property
    def public_roles(self) -> tuple[str, ...]:
        """Each seat's title as every seat knows it: the class-struggle title
        (``king``, ``noble``, ``commoner``, ``slave``) or tribute rank (``1st``...)
        from the previous deal's ranking, else ``""``."""
        out = [""] * self.players
        if self.ranking is not None:
            if self.rules.series is Series.CLASS_STRUGGLE:
                names = tuple(t.lower() for t in class_titles(self.players))
                for i, s in enumerate(self.ranking):
                    out[s] = names[i]
            else:  # the four tribute places play the parts of the 1st to 4th
                for name, place in zip(TRIBUTE_RANKS, exchange_places(self.players), strict=True):
                    out[self.ranking[place]] = name
        return tuple(out)

    @property
    def roles(self) -> tuple[str, ...]:
        """Each seat's title as this seat knows it (every title is public)."""
        return self.public_roles


TRIBUTE_RANKS: Final = ("1st", "2nd", "3rd", "4th")
"""The names of the tribute ranks, 1st first (§12.3)."""

TITLES: Final = {
    4: ("King", "Noble", "Commoner", "Slave"),
    3: ("King", "Commoner", "Slave"),
    2: ("King", "Slave"),
}


def class_titles(players: int) -> tuple[str, ...]:
    """The titles of class struggle from 1st to last (§12.2); with more than four
    players: King, Noble, Commoners, Slave.

    >>> class_titles(6)
    ('King', 'Noble', 'Commoner', 'Commoner', 'Commoner', 'Slave')
    """
    if players in TITLES:
        return TITLES[players]
    return ("King", "Noble") + ("Commoner",) * (players - 3) + ("Slave",)


def observe(deal: DealState, seat: int) -> Observation:
    """The observation of ``seat``: only what that seat may know."""
    own_turn = deal.to_act == seat
    own_lead = own_turn and deal.top is None
    if deal._private:
        history = tuple(history_for(deal.history, seat))
    else:
        history = tuple(deal.history)
    return Observation(
        rules=deal.rules,
        seat=seat,
        players=deal.players,
        phase=deal.phase,
        current_player=deal.to_act,
        dealer=deal.dealer,
        hand=deal.hands[seat],
        hand_counts=tuple(h.bit_count() for h in deal.hands),
        played=tuple(deal.played),
        history=history,
        top=deal.top,
        top_player=deal.top_player if deal.top is not None else None,
        passed=tuple(s for s in range(deal.players) if deal.passed >> s & 1),
        leader=deal.leader,
        starting_player=deal.starting_player if deal._start_public else None,
        must_contain=deal.must_contain if own_lead else 0,
        exposed=deal.exposed,
        leftover_shown=deal.leftover_shown,
        finished=tuple(deal.finished),
        outcome=deal.outcome,
        forced_trick=deal.forced_trick,
        ranking=deal.ranking,
        blocked=tuple(s for s in range(deal.players) if deal.blocked >> s & 1)
        if deal.blocked
        else (),
        partner=deal.partner() if own_turn and deal.phase is not Phase.PLAY else None,
        piles=tuple(k for k, p in enumerate(deal.piles) if p) if deal.piles else (),
    )


def history_for(history: list[Event], seat: int) -> list[Event]:
    """The events of ``history`` as ``seat`` may know them."""
    bit = 1 << seat
    out = []
    for ev in history:
        if ev.visible & bit:
            out.append(ev)
        elif ev.shown & bit:
            act = ev.action
            count = act.cards.bit_count() if isinstance(act, Choice) else 0
            name = act.name if isinstance(act, (Choice, Hidden)) else "action"
            out.append(ev._replace(action=Hidden(name, count)))
    return out
