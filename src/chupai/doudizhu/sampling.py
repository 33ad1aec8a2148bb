"""Determinization: a full Dou Dizhu deal drawn from what one seat knows.

:func:`sample_deal` turns a seat's :class:`~chupai.doudizhu.game.Observation` of
the play phase into a complete :class:`~chupai.doudizhu.game.DouDizhuDeal` whose
other hands are drawn at random, for search bots that play deals out
(determinized Monte Carlo). The sample is **consistent**:
``sample.observe(seat) == observation`` (the whole history included), and the
seat's legal actions are the same.

The hidden cards are the physical cards the seat cannot see (the decks less its
own hand and every card played), dealt **uniformly** at random into the other
hands, with each hand's size, after placing the cards whose place the seat
knows (:func:`knowledge`):

* the kitty is face up once taken, so the landlord still holds every kitty card
  it cannot have played (of each rank, the kitty's count less the landlord's
  plays of that rank);
* the face-up marker card (§3) was dealt to the first bidder, so the first bidder
  still holds a card of that rank unless it has played one (beyond the kitty's,
  when it is the landlord);
* a hand shown by 明牌 is known exactly.

Several copies of a rank are distinct physical cards: the unseen cards are dealt
as a shuffled pile of physical cards, so a hand gets ``k`` of a rank's ``m``
unseen copies with the hypergeometric odds of a real deal. Nothing is inferred
from a player's strategy (why it bid, passed or split a hand).

How the deal is built: each seat's dealt hand is its sampled hand plus the cards
it played (less the kitty for the landlord); a deal is made from these hands with
:meth:`DouDizhuDeal.from_hands` and the public history (bids, robs, 明牌, plays)
is replayed through the engine's own rules, so the trick state, roles,
multipliers and counters come out exactly as the engine makes them.

The module is pure: randomness comes only from the ``rng`` argument.

>>> import random
>>> from chupai.doudizhu.game import new_deal, Phase
>>> from chupai.doudizhu.rules import PRESETS
>>> deal = new_deal(PRESETS["classic"], seed=4)
>>> while deal.phase is not Phase.PLAY or len(deal.history) < 12:
...     _ = deal.apply_action(deal.legal_actions()[0])
>>> obs = deal.observe(deal.current_player)
>>> know = knowledge(obs)   # the unseen cards, each hand's share of them, the known ones
>>> know.capacity[obs.seat], sum(know.capacity) == size_of(know.unseen)
(0, True)
>>> sample = sample_deal(obs, random.Random(1))
>>> sample.observe(obs.seat) == obs
True
"""

from __future__ import annotations

import random
from typing import Final, NamedTuple

from chupai.doudizhu.combos import NRANKS, SHIFTS, UNIT, Cards, contains, deck_cards, size_of
from chupai.doudizhu.game import DouDizhuDeal, Observation, Phase
from chupai.errors import ChupaiError
from chupai.sampling import Sampler, check_known, deal_unseen, hidden_capacity, play_observation

__all__ = ["Knowledge", "knowledge", "sample_hands", "DealSampler", "sample_deal", "TRIES"]

TRIES: Final = 50
"""Default number of draws :func:`sample_deal` makes before giving up."""


class Knowledge(NamedTuple):
    """What one seat knows of the other hands."""

    unseen: Cards
    """The cards the seat cannot see (packed rank counts), the known ones included."""
    capacity: tuple[int, ...]
    """How many unseen cards each seat holds (0 for the seat itself)."""
    known: tuple[Cards, ...]
    """Cards each seat is known to hold (part of ``unseen``; 0 for the seat itself)."""


def _count(cards: Cards, rank: int) -> int:
    return (cards >> SHIFTS[rank]) & 31


def knowledge(observation: Observation) -> Knowledge:
    """What the seat of ``observation`` (play phase) knows of the other hands.

    Raises :class:`ChupaiError` outside the play phase and for an observation that
    shows more cards than the decks hold, whose counts do not add up or whose
    known cards do not fit in the hands."""
    obs = play_observation(observation, Phase.PLAY)
    n = obs.players
    me = obs.seat
    seen = obs.hand + sum(obs.played)
    deck = deck_cards(obs.rules)
    if not contains(deck, seen):
        raise ChupaiError("the observation shows more cards than the decks hold")
    unseen = deck - seen
    caps = hidden_capacity(unseen, obs.hand, obs.hand_counts, me, size_of)
    known = [0] * n
    lord = obs.landlord
    if lord is not None and lord != me:
        if obs.landlord_hand is not None:
            known[lord] = obs.landlord_hand
        elif obs.kitty is not None:
            kitty, done = obs.kitty, obs.played[lord]
            known[lord] = sum(
                max(0, _count(kitty, r) - _count(done, r)) * UNIT[r] for r in range(NRANKS)
            )
    fb, m = obs.first_bidder, obs.marker
    if m is not None and fb != me and not (fb == lord and obs.landlord_hand is not None):
        from_kitty = _count(obs.kitty, m) if fb == lord and obs.kitty is not None else 0
        need = from_kitty + 1 - _count(obs.played[fb], m)
        have = _count(known[fb], m)
        if need > have:
            known[fb] += (need - have) * UNIT[m]
    check_known(unseen, known, caps, contains, size_of)
    return Knowledge(unseen, caps, tuple(known))


def sample_hands(know: Knowledge, rng: random.Random) -> list[Cards]:
    """Deal the unseen cards: every seat's known cards plus a uniform share of the
    rest (physical cards, so copies of a rank are dealt with real-deal odds)."""
    return deal_unseen(know.unseen, know.known, know.capacity, NRANKS, size_of, rng)


def _rebuild(obs: Observation, hands: list[Cards]) -> DouDizhuDeal | None:
    """The deal dealt with the hands that lead to ``hands`` now, replayed to the
    observation's position; None if the replay does not match."""
    n = obs.players
    kitty = obs.kitty if obs.kitty is not None else 0
    dealt = []
    for s in range(n):
        h = hands[s] + obs.played[s]
        if s == obs.landlord:
            if not contains(h, kitty):
                return None
            h -= kitty
        dealt.append(h)
    try:
        deal = DouDizhuDeal.from_hands(
            obs.rules,
            dealt,
            kitty,
            dealer=obs.dealer,
            first_bidder=obs.first_bidder,
            marker=obs.marker,
            doubled=obs.doubled,
        )
    except ValueError:
        return None
    # every public action stays legal with these hands (each seat holds what it
    # played; nothing in Dou Dizhu forces a play), so the replay needs no checks
    # beyond the turn order and the final comparison
    for ev in obs.history:
        if deal.to_act != ev.seat:
            return None
        deal.apply_unchecked(ev.action)
    if deal.observe(obs.seat) != obs:
        return None
    return deal


class DealSampler(Sampler[Observation, Knowledge, DouDizhuDeal]):
    """Draws deals for one observation (see :func:`sample_deal` and
    :class:`chupai.sampling.Sampler`), working out the knowledge once."""

    __slots__ = ()

    TRIES = TRIES

    def _know(self, observation: Observation) -> Knowledge:
        return knowledge(observation)

    def _draw(self, rng: random.Random) -> DouDizhuDeal | None:
        obs = self.observation
        hands = sample_hands(self.knowledge, rng)
        hands[obs.seat] = obs.hand
        return _rebuild(obs, hands)


def sample_deal(
    observation: Observation, rng: random.Random, *, tries: int = TRIES
) -> DouDizhuDeal:
    """A full deal in the play phase that the seat of ``observation`` cannot tell
    from the real one (see the module and :meth:`chupai.sampling.Sampler.sample_deal`)."""
    return DealSampler.sample_deal(observation, rng, tries=tries)
