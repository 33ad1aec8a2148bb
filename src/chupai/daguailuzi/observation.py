"""What one seat of a 大怪路子 deal may know: :class:`Observation`, built by
:func:`observe` (``DaguailuziDeal.observe``) (README §2.7, ``daguailuzi.md`` §11).

Public: every play and pass with its player, the number of cards in each hand,
the finishing order, the teams, both levels, the offense leader and team, the
trump rank, every tribute card with its giver and recipient, the result. Private:
the seat's own hand, and a returned card or a ``joker_candidates`` offer (and the
card taken from it), seen only by the two seats concerned: in another seat's
:attr:`Observation.history` such a move has no cards (``Gift(kind, 0)``), and
:attr:`Observation.returned` / :attr:`Observation.offers` list only the seat's
own. At the end of the deal the hands still held (the trapped players' on a win)
are shown (:attr:`Observation.shown`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from chupai.daguailuzi.cards import size_of
from chupai.daguailuzi.combos import Combo
from chupai.daguailuzi.events import PRIVATE_GIFTS, Event, Gift, Phase, team_of
from chupai.daguailuzi.rules import DaguailuziRules
from chupai.daguailuzi.scoring import Outcome

if TYPE_CHECKING:
    from chupai.daguailuzi.game import DaguailuziDeal

__all__ = ["Observation", "observe", "seat_roles"]


def seat_roles(offense: int) -> tuple[str, ...]:
    """Each seat's role, public in 大怪路子: ``offense`` for the offense leader's
    team, ``defense`` for the other (the teams themselves are fixed by seat: A is
    0, 2, 4 and B is 1, 3, 5)."""
    side = team_of(offense)
    return tuple("offense" if team_of(s) == side else "defense" for s in range(6))


@dataclass(frozen=True, slots=True)
class Observation:
    """What one seat may know (see the module)."""

    rules: DaguailuziRules
    seat: int
    players: int
    phase: Phase
    current_player: int | None
    offense: int
    """The offense leader (§3.1)."""
    dealer: int
    levels: tuple[int, int]
    """Team A's and team B's levels (natural rank indices 0..12) at the start."""
    level: int | None
    """The trump rank of the deal (None without trumps)."""
    hand: int
    """This seat's cards (packed counts)."""
    hand_counts: tuple[int, ...]
    played: tuple[int, ...]
    """The cards each seat has played."""
    history: tuple[Event, ...]
    """Every event as this seat may see it (private moves of others without cards)."""
    top: Combo | None
    top_player: int | None
    leader: int | None
    finishing: tuple[int, ...]
    givers: tuple[int, ...]
    recipients: tuple[int, ...]
    tributes: tuple[tuple[int, int, int], ...]
    """``(giver, recipient, card)`` of each tribute (recipient -1 until all gave)."""
    returned: tuple[tuple[int, int, int], ...]
    """``(recipient, giver, card)`` of the returns this seat made or received."""
    offers: tuple[tuple[int, int, int], ...]
    """``(recipient, giver, cards)`` of the offers this seat made or received."""
    offer: int | None
    """Candidates waiting for this seat's take, or that this seat offered."""
    shown: tuple[int, ...]
    """At the end, the cards each seat still holds (all zero before)."""
    outcome: Outcome | None

    @property
    def offense_team(self) -> int:
        return team_of(self.offense)

    @property
    def roles(self) -> tuple[str, ...]:
        """Each seat's side (all public)."""
        return seat_roles(self.offense)

    @property
    def public_roles(self) -> tuple[str, ...]:
        """Each seat's side, as every seat knows it."""
        return seat_roles(self.offense)


def _pairs(deal: DaguailuziDeal) -> dict[int, int]:
    """Giver ↔ recipient of each handed tribute."""
    out: dict[int, int] = {}
    for giver, recipient, _ in deal.tributes:
        if recipient >= 0:
            out[giver] = recipient
            out[recipient] = giver
    return out


def _history(deal: DaguailuziDeal, seat: int) -> tuple[Event, ...]:
    """The events ``seat`` may see (grown incrementally: only new ones are read)."""
    seen, history = deal._seen[seat]
    if seen != len(deal.history):
        pairs = _pairs(deal)
        added = []
        for ev in deal.history[seen:]:
            a = ev.action
            if (
                type(a) is Gift
                and a.kind in PRIVATE_GIFTS
                and ev.seat != seat
                and pairs.get(ev.seat) != seat
            ):
                ev = Event(ev.seat, Gift(a.kind, 0))
            added.append(ev)
        history += tuple(added)
        deal._seen[seat] = (len(deal.history), history)
    return history


def observe(deal: DaguailuziDeal, seat: int) -> Observation:
    """The observation of ``seat``: only what that seat may know."""
    over = deal.outcome is not None
    offer = deal.offer
    if offer is not None and deal.tributes:
        giver, recipient, _ = deal.tributes[len(deal.returned)]
        if seat not in (giver, recipient):
            offer = None
    return Observation(
        rules=deal.rules,
        seat=seat,
        players=deal.players,
        phase=deal.phase,
        current_player=deal.to_act,
        offense=deal.offense,
        dealer=deal.dealer,
        levels=deal.levels,
        level=deal.level,
        hand=deal.hands[seat],
        hand_counts=tuple(size_of(h) for h in deal.hands),
        played=tuple(deal.played),
        history=_history(deal, seat),
        top=deal.top,
        top_player=deal.top_player if deal.top is not None else None,
        leader=deal.leader,
        finishing=tuple(deal.finishing),
        givers=deal.givers,
        recipients=deal.recipients,
        tributes=tuple(deal.tributes),
        returned=tuple(r for r in deal.returned if seat in (r[0], r[1])),
        offers=tuple(o for o in deal.offers if seat in (o[0], o[1])),
        offer=offer,
        shown=tuple(deal.hands) if over else (0,) * deal.players,
        outcome=deal.outcome,
    )
