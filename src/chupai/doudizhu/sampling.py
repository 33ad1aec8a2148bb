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
unseen copies with the hypergeometric odds of a real deal.

**Inference** (``infer`` > 0, off by default): a pass over an *opponent's* play
(a peasant over the landlord, the landlord over a peasant) suggests the passer
could not beat it cheaply; a peasant passing over its partner tells nothing,
and the seat's own passes are not read (:func:`passes_over_opponents`). A draw
in which a passer then held a play beating that opponent's play outside the
bomb family with a deciding rank below the 2 (:func:`cheap_beat`) is rejected
with probability ``infer`` for each such pass (:func:`implausible`); after
``tries`` rejected draws the sampler draws uniformly, so a sample is always
found when one exists. Rule-based players almost never pass over a cheap beat
(RLCard's rule agent in none of 178 such passes over 30 deals, chupai's
heuristic in 6%), so values near 1 suit them. Nothing else of a player's
strategy (why it bid, led or split a hand) is read.

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
>>> biased = DealSampler(obs, infer=0.9).sample(random.Random(1))   # reads the passes
>>> biased.observe(obs.seat) == obs
True
"""

from __future__ import annotations

import random
from typing import Final, NamedTuple

from chupai.doudizhu.combos import (
    NRANKS,
    SHIFTS,
    TWO,
    UNIT,
    Cards,
    Combo,
    Kind,
    contains,
    deck_cards,
    size_of,
)
from chupai.doudizhu.game import PASS, DouDizhuDeal, Observation, Phase
from chupai.doudizhu.movegen import legal_plays
from chupai.doudizhu.rules import DouDizhuRules
from chupai.errors import ChupaiError
from chupai.sampling import Sampler, check_known, deal_unseen, hidden_capacity, play_observation

__all__ = [
    "Knowledge",
    "knowledge",
    "sample_hands",
    "PassClue",
    "passes_over_opponents",
    "cheap_beat",
    "implausible",
    "DealSampler",
    "sample_deal",
    "TRIES",
]

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


class PassClue(NamedTuple):
    """A pass over an opponent's play: what it suggests about the passer's hand."""

    seat: int
    """The seat that passed."""
    top: Combo
    """The opponent's play it passed over."""
    later: Cards
    """The cards the seat has played since (it held them when it passed)."""


def passes_over_opponents(observation: Observation) -> tuple[PassClue, ...]:
    """Every pass of another seat (not ``observation.seat``) in the play phase
    over a play of the other side (a peasant over the landlord, the landlord over
    a peasant): a peasant passing over its partner's play tells nothing. The play
    phase starts with the first play in the history; a trick ends when every
    other seat has passed."""
    obs = observation
    lord = obs.landlord
    if lord is None:
        return ()
    out: list[tuple[int, Combo, int]] = []
    top: Combo | None = None
    top_seat = -1
    passes = 0
    for i, ev in enumerate(obs.history):
        a = ev.action
        if isinstance(a, Combo):
            top, top_seat, passes = a, ev.seat, 0
        elif top is not None and a == PASS:
            if ev.seat != obs.seat and (ev.seat == lord) != (top_seat == lord):
                out.append((ev.seat, top, i))
            passes += 1
            if passes == obs.players - 1:
                top = None
    found = []
    for seat, combo, at in out:
        later = sum(
            ev.action.cards
            for ev in obs.history[at + 1 :]
            if ev.seat == seat and isinstance(ev.action, Combo)
        )
        found.append(PassClue(seat, combo, later))
    return tuple(found)


_SAME_RANK: Final = {Kind.SINGLE: 1, Kind.PAIR: 2, Kind.TRIO: 3}
"""The plays made of one rank only, and how many cards of it they take."""


def cheap_beat(hand: Cards, top: Combo, rules: DouDizhuRules) -> bool:
    """Whether ``hand`` beats ``top`` with a cheap play: one outside the bomb
    family whose deciding rank is below the 2."""
    need = _SAME_RANK.get(top.kind)
    if need is not None and top.power == 0:  # a single, pair or trio: count the ranks
        return any((hand >> SHIFTS[r]) & 31 >= need for r in range(top.key + 1, TWO))
    return any(c.power == 0 and c.key < TWO for c in legal_plays(hand, rules, top))


def implausible(hands: list[Cards], evidence: tuple[PassClue, ...], rules: DouDizhuRules) -> int:
    """How many passes of ``evidence`` the drawn ``hands`` would make odd: the
    passer then held a cheap play (:func:`cheap_beat`) that beat the opponent's play."""
    return sum(1 for p in evidence if cheap_beat(hands[p.seat] + p.later, p.top, rules))


class DealSampler(Sampler[Observation, Knowledge, DouDizhuDeal]):
    """Draws deals for one observation (see :func:`sample_deal` and
    :class:`chupai.sampling.Sampler`), working out the knowledge once.

    With ``infer`` > 0 the draws lean on the passes (:func:`passes_over_opponents`):
    a draw in which a seat passed over an opponent's play that it could have
    beaten cheaply (:func:`cheap_beat`) is rejected with probability ``infer``
    for each such pass. After ``tries`` rejected draws it draws uniformly."""

    __slots__ = ("evidence",)

    TRIES = TRIES

    def __init__(self, observation: Observation, *, tries: int | None = None, infer: float = 0.0):
        super().__init__(observation, tries=tries, infer=infer)
        self.evidence = passes_over_opponents(observation) if infer else ()

    def _know(self, observation: Observation) -> Knowledge:
        return knowledge(observation)

    def _hands(self, rng: random.Random) -> list[Cards]:
        hands = sample_hands(self.knowledge, rng)
        hands[self.observation.seat] = self.observation.hand
        return hands

    def _draw(self, rng: random.Random) -> DouDizhuDeal | None:
        return _rebuild(self.observation, self._hands(rng))

    def _biased(self, rng: random.Random) -> DouDizhuDeal | None:
        """A draw that survived the inference's rejections, or None."""
        obs = self.observation
        for _ in range(self.tries):
            hands = self._hands(rng)
            odd = implausible(hands, self.evidence, obs.rules)
            if odd and rng.random() >= (1.0 - self.infer) ** odd:
                continue
            deal = _rebuild(obs, hands)
            if deal is not None:
                return deal
        return None

    def sample(self, rng: random.Random) -> DouDizhuDeal:
        """One consistent deal, biased by the passes when ``infer`` > 0 (uniform
        after ``tries`` rejected draws)."""
        if self.evidence:
            deal = self._biased(rng)
            if deal is not None:
                return deal
        return super().sample(rng)


def sample_deal(
    observation: Observation, rng: random.Random, *, tries: int = TRIES, infer: float = 0.0
) -> DouDizhuDeal:
    """A full deal in the play phase that the seat of ``observation`` cannot tell
    from the real one (see the module and :meth:`chupai.sampling.Sampler.sample_deal`),
    biased by the passes with ``infer`` > 0."""
    return DealSampler(observation, tries=tries, infer=infer).sample(rng)
