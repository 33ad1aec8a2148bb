"""What one 大怪路子 decision needs, read from the seat's observation alone: the
single-card strengths of the deal, the teams, the cards the seat cannot see and
whether they can beat a play (see :mod:`chupai.bots.games.daguailuzi`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Final

from chupai.bots.games.daguailuzi.plan import (
    BJ,
    JOKER_RANK,
    RANKS,
    RJ,
    Plan,
    decompose,
    rank_counts,
)
from chupai.daguailuzi.cards import rule_strengths
from chupai.daguailuzi.combos import Combo
from chupai.daguailuzi.game import Gift, GiftKind

__all__ = [
    "View",
    "card_strength",
    "gift_options",
    "gift_step",
    "level_of",
    "one_card",
    "phase_of",
    "strengths",
]

_F: Final = 7
_FULL: Final = sum(3 << (3 * t) for t in range(54))
"""Every card type three times: the 162-card pack."""


def strengths(rules: Any, level: int | None) -> tuple[int, ...]:
    """The single-card strength (0 .. 14) of the 13 natural ranks, ``BJ`` and
    ``RJ`` under ``rules`` at trump ``level``
    (:func:`chupai.daguailuzi.cards.rule_strengths`)."""
    return rule_strengths(rules, level)


def card_strength(t: int, st: Sequence[int]) -> int:
    """The strength of card type ``t`` (0 .. 53)."""
    if t >= BJ:
        return st[JOKER_RANK + (t - BJ)]
    return st[t >> 2]


def level_of(obs: Any) -> int | None:
    """The trump rank of the observed deal (None: no trumps)."""
    level: int | None = obs.level
    return level


def phase_of(obs: Any) -> str:
    """The observed phase's name (``tribute``, ``return``, ``play``, ``over``)."""
    return str(obs.phase.value)


def gift_options(legal: Sequence[Any]) -> list[Gift]:
    """The card moves before play among ``legal`` (tributes, returns, offers,
    takes)."""
    return [a for a in legal if type(a) is Gift]


def one_card(cards: int) -> int:
    """The card type of a one-card set."""
    return (cards.bit_length() - 1) // 3


def types_of(cards: int) -> list[int]:
    """The card types of ``cards``, one per card."""
    out = []
    t = 0
    while cards:
        out.extend([t] * (cards & _F))
        cards >>= 3
        t += 1
    return out


def gift_step(legal: Sequence[Any], keep: Callable[[int, bool], float]) -> Any:
    """A card move before play: ``keep(card, incoming)`` says how much the seat
    wants to hold ``card`` (a card type; ``incoming``: a card it would receive).
    A tribute or a return gives the card it wants least; an offer
    (``joker_candidates``) the candidates whose best card (what the giver takes)
    it wants least; a take the offered card it wants most."""
    gifts = gift_options(legal)
    if not gifts:
        return legal[0]
    kind = gifts[0].kind
    if kind is GiftKind.TAKE:
        return max(gifts, key=lambda g: (keep(one_card(g.cards), True), -g.cards))
    if kind is GiftKind.OFFER:
        return min(
            gifts,
            key=lambda g: (
                sorted((keep(t, False) for t in types_of(g.cards)), reverse=True),
                g.cards,
            ),
        )
    return min(gifts, key=lambda g: (keep(one_card(g.cards), False), g.cards))


class View:
    """One play decision of the seat of ``obs``: its hand and plan, the teams, the
    unseen cards by rank."""

    __slots__ = (
        "active",
        "counts",
        "hand",
        "level",
        "mates",
        "me",
        "obs",
        "opponents",
        "rules",
        "st",
        "_plan",
        "_unseen",
    )

    def __init__(self, obs: Any):
        self.obs = obs
        self.rules = obs.rules
        self.me: int = obs.seat
        self.hand: int = obs.hand
        self.counts: tuple[int, ...] = tuple(obs.hand_counts)
        self.level = level_of(obs)
        self.st = strengths(self.rules, self.level)
        n = len(self.counts)
        self.active = [s for s in range(n) if s != self.me and self.counts[s] > 0]
        self.mates = [s for s in self.active if (s - self.me) % 2 == 0]
        self.opponents = [s for s in self.active if (s - self.me) % 2 == 1]
        self._plan: Plan | None = None
        self._unseen: list[int] | None = None

    @property
    def plan(self) -> Plan:
        """The plan of the hand."""
        if self._plan is None:
            self._plan = decompose(self.hand, self.st)
        return self._plan

    def plan_of(self, cards: int) -> Plan:
        return decompose(cards, self.st)

    def danger(self) -> int:
        """The fewest cards an active opponent holds (99: none)."""
        return min((self.counts[s] for s in self.opponents), default=99)

    def mate_low(self) -> int:
        """The fewest cards an active team-mate holds (99: none)."""
        return min((self.counts[s] for s in self.mates), default=99)

    @property
    def unseen(self) -> list[int]:
        """The cards the seat cannot see, by rank (13 natural ranks, ``BJ``, ``RJ``)."""
        if self._unseen is None:
            played = sum(getattr(self.obs, "played", ()) or ())
            self._unseen = rank_counts(_FULL - self.hand - played)
        return self._unseen

    def beatable(self, p: Combo) -> bool:
        """Whether the unseen cards could form a play that beats ``p`` (1 to 3
        cards; a five-card play counts as beatable unless it is a five of a kind
        of jokers)."""
        u = self.unseen
        st = self.st
        jokers = u[JOKER_RANK] + u[JOKER_RANK + 1]
        s = _play_strength(p, st)
        if p.size == 1:
            return any(u[r] and st[r] > s for r in range(15))
        if p.size in (2, 3):
            n = p.size
            if s < JOKER_RANK and jokers >= n:
                return True
            if u[JOKER_RANK + 1] >= n and s < JOKER_RANK + 1:
                return True
            return any(st[r] > s and u[r] >= 1 and u[r] + jokers >= n for r in range(RANKS))
        return not (p.kind == "five_of_a_kind" and s >= JOKER_RANK)


def _play_strength(p: Combo, st: Sequence[int]) -> int:
    """The strength of the rank a 1-3 card play is read as (jokers mixed in take
    the natural rank's)."""
    cards = p.cards
    best = -1
    for t in range(52):
        if (cards >> (3 * t)) & _F:
            return st[t >> 2]
    for t in (BJ, RJ):  # joker-only: of rank BJ unless every card is RJ (§4.2 (c))
        if (cards >> (3 * t)) & _F:
            s = card_strength(t, st)
            best = s if best < 0 else min(best, s)
    return best
