"""What one seat of a Big A deal may know: :class:`Observation`, built by
:func:`observe` (``BigADeal.observe``), with each seat's role as that seat and as
everyone knows it decided once, here (README §2.7, ``biga.md`` §3.2, §3.5, §7).
:mod:`chupai.biga.game` exports :class:`Observation`.
"""

from __future__ import annotations

from dataclasses import dataclass

from chupai.biga.cards import Cards, big_aces, size_of
from chupai.biga.combos import Combo
from chupai.biga.events import PRIVATE, Choice, Event, Outcome, Phase
from chupai.biga.rules import BigARules
from chupai.biga.state import DealState

__all__ = ["Observation", "observe"]


@dataclass(frozen=True, slots=True)
class Observation:
    """What one seat may know (README §2.7, ``biga.md`` §3.2, §3.5, §7).

    Another seat's private answers (``decline``, ``keep_hidden``, ``stay_hidden``)
    are left out of :attr:`history`, and while another seat is making a private
    decision (a declaration checkpoint, §3.5) :attr:`current_player` is None and
    :attr:`phase` shows ``draw`` during the draw and ``reveal`` for both steps of
    §3.5 (being asked ``show_second`` would show that the declarer holds both Big
    Aces)."""

    rules: BigARules
    seat: int
    players: int
    phase: Phase
    current_player: int | None
    first_drawer: int
    drawn: int
    """How many cards have been drawn (0..108)."""
    hand: Cards
    """This seat's cards (Aces suited during the draw, normalized in play)."""
    hand_counts: tuple[int, ...]
    history: tuple[Event, ...]
    """Every event this seat may see, in order."""
    declarations: tuple[tuple[int, Event], ...]
    """Each public declaration with the number of cards drawn when it was made."""
    declarer: int | None
    big_suit: int | None
    forced: bool
    """The declarer was found by the forced ♥A declaration (so every seat before it
    in turn order from the first drawer holds no ``AH`` among its first cards)."""
    exposed: tuple[Cards, ...]
    """Per seat, the Aces currently shown face up (empty once play starts)."""
    two_shown: bool
    partner_revealed: bool
    partner: int | None
    """The partner if publicly known, or this seat itself if it holds the other Big
    Ace and is not the declarer; else None."""
    alone_known: bool
    """It is public that the declarer plays alone (two shown, or it played both)."""
    played: tuple[Cards, ...]
    """Cards each seat has played (including sets captured from it later)."""
    captured: tuple[Cards, ...]
    """Cards each seat has gained by captures."""
    top: Combo | None
    top_player: int | None
    leader: int | None
    finishing: tuple[int, ...]
    """The seats that have gone out, in order."""
    outcome: Outcome | None
    public_partner: int | None = None
    """The partner once every seat knows it (it revealed itself, or played a Big
    Ace it had not captured); else None."""

    @property
    def public_roles(self) -> tuple[str, ...]:
        """Each seat's role as every seat knows it (``declarer``, ``partner``,
        ``defender``; ``""`` while unknown): decided here once for every surface."""
        return _roles(self, None)

    @property
    def roles(self) -> tuple[str, ...]:
        """Each seat's role as this seat knows it: the public roles, the teams when
        this seat is the partner (it holds the other Big Ace) or a declarer that
        holds both Big Aces, and its own role of defender once the draw is over and
        it holds no Big Ace."""
        roles = _roles(self, self.partner if self.partner == self.seat else None)
        if self.declarer is None or self.outcome is not None or self.phase is Phase.DRAW:
            return roles
        if self.seat == self.declarer and self.big_suit is not None:
            # the declarer knows it plays alone when both Big Aces were its own
            own = (
                big_aces(self.hand, self.big_suit)
                + big_aces(self.played[self.seat], self.big_suit)
                - big_aces(self.captured[self.seat], self.big_suit)
            )
            if own == 2:
                return tuple(
                    "declarer" if s == self.seat else "defender" for s in range(self.players)
                )
        elif not roles[self.seat]:
            roles = (*roles[: self.seat], "defender", *roles[self.seat + 1 :])
        return roles


def _roles(obs: Observation, own_partner: int | None) -> tuple[str, ...]:
    n = obs.players
    result = obs.outcome
    if result is not None:
        if result.redeal or result.declarer is None:
            return ("",) * n
        d, p = result.declarer, result.partner
    else:
        if obs.declarer is None:
            return ("",) * n
        d = obs.declarer
        p = obs.public_partner if obs.public_partner is not None else own_partner
        if p is None and not (obs.alone_known or obs.two_shown):
            return tuple("declarer" if s == d else "" for s in range(n))
    return tuple("declarer" if s == d else "partner" if s == p else "defender" for s in range(n))


def observe(deal: DealState, seat: int) -> Observation:
    """The observation of ``seat``: only what that seat may know."""
    phase = deal.phase
    to_act = deal.to_act
    private = phase is Phase.DRAW or phase is Phase.SHOW_SECOND or phase is Phase.REVEAL
    if private and to_act != seat:
        to_act = None
        if phase is Phase.SHOW_SECOND:
            phase = Phase.REVEAL
    return Observation(
        rules=deal.rules,
        seat=seat,
        players=deal.players,
        phase=phase,
        current_player=to_act,
        first_drawer=deal.first_drawer,
        drawn=deal.drawn,
        hand=deal.hands[seat],
        hand_counts=tuple(size_of(h) for h in deal.hands),
        history=_history(deal, seat),
        declarations=tuple(deal.declarations),
        declarer=deal.declarer,
        big_suit=deal.big_suit,
        forced=deal.forced,
        exposed=tuple(deal.exposed),
        two_shown=deal.two_shown,
        partner_revealed=deal.partner_revealed,
        partner=_partner_known(deal, seat),
        alone_known=deal.alone_known,
        played=tuple(deal.played),
        captured=tuple(deal.captured),
        top=deal.top,
        top_player=deal.top_player if deal.top is not None else None,
        leader=deal.leader,
        finishing=tuple(deal.finishing),
        outcome=deal.outcome,
        public_partner=deal.public_partner,
    )


def _history(deal: DealState, seat: int) -> tuple[Event, ...]:
    """The events ``seat`` may see. The seat's view of the history grows with it:
    only new events are filtered."""
    seen, history = deal._seen[seat]
    if seen != len(deal.history):
        history += tuple(
            ev
            for ev in deal.history[seen:]
            if ev.seat == seat or not isinstance(ev.action, Choice) or ev.action.name not in PRIVATE
        )
        deal._seen[seat] = (len(deal.history), history)
    return history


def _partner_known(deal: DealState, seat: int) -> int | None:
    """The partner as ``seat`` knows it (see :attr:`Observation.partner`)."""
    partner = deal.public_partner
    if partner is None and deal.declarer is not None and seat != deal.declarer:
        if deal.phase is Phase.DRAW:
            if big_aces(deal.hands[seat], deal.big_suit):
                partner = seat
        elif deal.partner == seat:
            partner = seat
    return partner
