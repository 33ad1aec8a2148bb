"""Deals consistent with one seat's observation, for search bots
(determinized Monte Carlo; :mod:`chupai.sampling`).

:class:`DealSampler` works out once what the seat knows of the other hands — the
unseen cards (the pack less its hand and every played card), how many each seat
holds, and cards known to be in a hand: a public tribute card in its recipient's
hand, a card the seat itself returned in its giver's hand, the offered cards the
seat did not take in the offering hand (each less the copies that hand has played
since, and dropped when they do not fit) — and deals the rest of the unseen cards
at random (as physical cards). What a pass reveals is not used. A sample is a
deal in the play phase with the observation's history, so that
``sample.observe(seat) == observation``.

>>> import random
>>> from chupai.daguailuzi.rules import PRESETS
>>> from chupai.daguailuzi.game import new_deal
>>> deal = new_deal(PRESETS["seed"], seed=4)
>>> obs = deal.observe(deal.to_act)
>>> sample_deal(obs, random.Random(0)).observe(obs.seat) == obs
True
"""

from __future__ import annotations

import random
from typing import Any, NamedTuple

from chupai.actions import Pass
from chupai.daguailuzi.cards import GUARD, PACK, contains, rule_strengths, size_of
from chupai.daguailuzi.combos import Combo
from chupai.daguailuzi.events import PLAYERS, Phase
from chupai.daguailuzi.game import DaguailuziDeal
from chupai.daguailuzi.observation import Observation
from chupai.errors import ChupaiError
from chupai.sampling import Sampler, check_known, deal_unseen, hidden_capacity, play_observation

__all__ = ["Knowledge", "DealSampler", "sample_deal", "TRIES"]

TRIES = 20


class Knowledge(NamedTuple):
    """What a seat knows of the other hands."""

    unseen: int
    capacity: tuple[int, ...]
    known: tuple[int, ...]


def _minus(cards: int, played: int) -> int:
    """``cards`` less the copies of each of their types in ``played`` (floored at 0)."""
    out = 0
    t = 0
    c = cards
    while c:
        n = c & 7
        if n:
            left = n - ((played >> (3 * t)) & 7)
            if left > 0:
                out += left << (3 * t)
        c >>= 3
        t += 1
    return out


def _known(obs: Observation, unseen: int, capacity: tuple[int, ...]) -> tuple[int, ...]:
    known = [0] * PLAYERS
    seat = obs.seat
    back = {(r, g): c for r, g, c in obs.returned}
    for giver, to, card in obs.tributes:
        # the recipient holds the tribute card, unless it gave it back to this seat
        if to >= 0 and to != seat and back.get((to, giver)) != card:
            known[to] += card
    for recipient, giver, card in obs.returned:
        if recipient == seat:
            known[giver] += card
    for recipient, giver, cards in obs.offers:
        if giver == seat:
            taken = back.get((recipient, giver), 0)
            if contains(cards, taken):
                known[recipient] += cards - taken
    known[seat] = 0
    out = tuple(_minus(k, obs.played[s]) if contains(PACK, k) else 0 for s, k in enumerate(known))
    try:
        check_known(unseen, out, capacity, contains, size_of)
    except ChupaiError:
        return (0,) * PLAYERS
    return out


def _passed(obs: Observation) -> int:
    """The seats that passed since the top play (from the history's tail)."""
    if obs.top is None:
        return 0
    passed = 0
    for ev in reversed(obs.history):
        if isinstance(ev.action, Combo):
            break
        if isinstance(ev.action, Pass):
            passed |= 1 << ev.seat
    return passed


class DealSampler(Sampler[Observation, Knowledge, DaguailuziDeal]):
    """Draws deals consistent with one observation of the play phase."""

    __slots__ = ()
    TRIES = TRIES

    def _know(self, observation: Observation) -> Knowledge:
        obs = play_observation(observation, Phase.PLAY)
        unseen = PACK - obs.hand - sum(obs.played)
        if unseen & GUARD or unseen < 0:
            raise ChupaiError("the observation's cards do not add up")
        capacity = hidden_capacity(unseen, obs.hand, obs.hand_counts, obs.seat, size_of)
        return Knowledge(unseen, capacity, _known(obs, unseen, capacity))

    def _draw(self, rng: Any) -> DaguailuziDeal:
        obs = self.observation
        know = self.knowledge
        hands = deal_unseen(know.unseen, know.known, know.capacity, 54, size_of, rng, 3)
        hands[obs.seat] = obs.hand
        return _build(obs, hands)


def _build(obs: Observation, hands: list[int]) -> DaguailuziDeal:
    """A deal in the play phase with ``hands`` and everything else from ``obs``."""
    deal = DaguailuziDeal.__new__(DaguailuziDeal)
    deal.rules = obs.rules
    deal.players = PLAYERS
    deal.seed = None
    deal.offense = obs.offense
    deal.dealer = obs.dealer
    deal.levels = obs.levels
    deal.level = obs.level
    deal.strength = rule_strengths(obs.rules, obs.level)
    deal.initial = tuple(h + p for h, p in zip(hands, obs.played, strict=True))
    deal.givers = obs.givers
    deal.recipients = obs.recipients
    deal.phase = Phase.PLAY
    deal.to_act = obs.current_player
    deal.history = list(obs.history)
    deal.outcome = None
    deal.hands = hands
    deal.played = list(obs.played)
    deal.finishing = list(obs.finishing)
    deal.tributes = list(obs.tributes)
    deal.returned = list(obs.returned)
    deal.offers = list(obs.offers)
    deal.offer = None
    deal.top = obs.top
    deal.top_player = obs.top_player
    deal.leader = obs.leader
    deal.passed = _passed(obs)
    deal._active = sum(1 << s for s in range(PLAYERS) if hands[s])
    deal._lockout = False
    deal._combos = [None] * PLAYERS
    deal._seen = [(0, ())] * PLAYERS
    deal._seen[obs.seat] = (len(obs.history), obs.history)
    return deal


def sample_deal(
    observation: Observation, rng: random.Random, *, tries: int = TRIES
) -> DaguailuziDeal:
    """A full deal in the play phase that the seat of ``observation`` cannot tell
    from the real one (see the module). Raises :class:`ChupaiError` outside the
    play phase."""
    return DealSampler.sample_deal(observation, rng, tries=tries)
