"""What one seat of a Big A deal knows of the other hands in play, and a uniform
deal of the cards it cannot see (the first half of :mod:`chupai.biga.sampling`,
which exports the public names defined here).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final, NamedTuple

from chupai.biga.cards import (
    DECK,
    NFACES,
    SHIFTS,
    SUITED_ACE,
    UNIT,
    Cards,
    contains,
    normalize,
    size_of,
)
from chupai.biga.combos import Combo
from chupai.biga.events import Capture, Phase
from chupai.biga.observation import Observation
from chupai.errors import ChupaiError
from chupai.sampling import check_known, deal_unseen, hidden_capacity

__all__ = [
    "Knowledge",
    "before_forced",
    "counts",
    "knowledge",
    "pack",
    "play_moves",
    "sample_hands",
]

_F: Final = 31


class Knowledge(NamedTuple):
    """What one seat knows of the other hands (play phase, normalized cards)."""

    unseen: Cards
    """The cards the seat cannot see (the known ones included)."""
    capacity: tuple[int, ...]
    """How many cards each seat holds (0 for the seat itself)."""
    known: tuple[Cards, ...]
    """Cards each seat is known to hold now (part of ``unseen``; 0 for the seat)."""
    big_max: tuple[int, ...]
    """The most Big Aces each seat can hold now."""


def counts(cards: Cards) -> list[int]:
    return [(cards >> s) & _F for s in SHIFTS]


def pack(per_face: Sequence[int]) -> Cards:
    out = 0
    for f, n in enumerate(per_face):
        if n:
            out += n * UNIT[f]
    return out


def play_moves(obs: Observation) -> list[tuple[int, Cards, Cards]]:
    """The play phase's card movements: ``(seat, cards out, cards in)`` per play
    or capture, in order."""
    out = []
    for ev in obs.history:
        a = ev.action
        if type(a) is Combo:
            out.append((ev.seat, a.cards, 0))
        elif type(a) is Capture:
            out.append((ev.seat, a.fours.cards, a.taken.cards))
    return out


def _initial_big(obs: Observation) -> list[int]:
    """The fewest Big Aces each seat held when play started, as public."""
    n = obs.players
    need = [0] * n
    d = obs.declarer
    assert d is not None
    need[d] = 2 if obs.two_shown else 1
    if obs.partner_revealed and obs.partner is not None:
        need[obs.partner] = 1
    return need


def knowledge(observation: Observation) -> Knowledge:
    """What the seat of ``observation`` (play phase) knows of the other hands.

    Raises :class:`ChupaiError` outside the play phase or for an observation whose
    cards do not add up."""
    obs = observation
    if obs.phase is not Phase.PLAY or obs.big_suit is None or obs.declarer is None:
        raise ChupaiError(
            f"sampling needs an observation of the play phase, not {obs.phase.value!r}"
        )
    n = obs.players
    me = obs.seat
    big = SUITED_ACE + obs.big_suit
    deck = normalize(DECK, obs.big_suit)
    table = sum(obs.played) - sum(obs.captured)
    seen = obs.hand + table
    if not contains(deck, seen):
        raise ChupaiError("the observation shows more cards than the decks hold")
    unseen = deck - seen
    caps = hidden_capacity(unseen, obs.hand, obs.hand_counts, me, size_of)
    # the cards each seat must hold now so that it held every card when it played it
    need = [[0] * NFACES for _ in range(n)]
    run = [[0] * NFACES for _ in range(n)]
    for seat, out, into in reversed(play_moves(obs)):
        r = run[seat]
        co, ci = counts(out), counts(into)
        nd = need[seat]
        for f in range(NFACES):
            v = r[f] + ci[f] - co[f]
            r[f] = v
            nd[f] = max(nd[f], v)
    # Big Aces held at the start of play and not played since (net of captures)
    init = _initial_big(obs)
    for s in range(n):
        left = init[s] - counts(obs.played[s])[big] + counts(obs.captured[s])[big]
        need[s][big] = max(need[s][big], left)
    big_max = [2] * n
    d = obs.declarer
    # at most one Big Ace: a declarer that went out while the deal goes on (so not
    # alone), and after the forced ♥A declaration every seat before the declarer
    single = [d] if d in obs.finishing else []
    for s in single + (before_forced(obs) if obs.forced else []):
        big_max[s] = min(big_max[s], 1 - counts(obs.played[s])[big] + counts(obs.captured[s])[big])
    known = tuple(0 if s == me else pack(need[s]) for s in range(n))
    check_known(unseen, known, caps, contains, size_of)
    return Knowledge(unseen, caps, known, tuple(big_max))


def sample_hands(know: Knowledge, rng: random.Random) -> list[Cards]:
    """Deal the unseen cards: every seat's known cards plus a uniform share of the
    rest (physical cards, so copies of a face are dealt with real-deal odds)."""
    return deal_unseen(know.unseen, know.known, know.capacity, NFACES, size_of, rng)


def before_forced(obs: Observation) -> list[int]:
    """The seats before the declarer in turn order from the first drawer: after the
    forced ♥A declaration (§3.3) none of them held an ``AH`` but as its last card."""
    out = []
    for i in range(obs.players):
        s = (obs.first_drawer + i) % obs.players
        if s == obs.declarer:
            break
        out.append(s)
    return out
