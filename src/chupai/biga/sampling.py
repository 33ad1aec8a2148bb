"""Determinization: a full Big A deal drawn from what one seat knows.

:func:`sample_deal` turns a seat's :class:`~chupai.biga.game.Observation` of the
play phase into a complete :class:`~chupai.biga.game.BigADeal` whose other hands
are drawn at random, for search bots that play deals out (determinized Monte
Carlo). The sample is **consistent**: ``sample.observe(seat) == observation`` (the
whole history included, the draw and its declarations too), and the seat's legal
actions are the same.

**What the seat knows** (:func:`knowledge`). The hidden cards are the deck less
the seat's hand and the cards lying on the table (every play, less the sets that
captures took back into a hand). They are dealt **uniformly** at random, as
physical cards (copies of a rank dealt with the odds of a real deal), into the
other hands with each hand's size, after placing the cards whose place is known:

* a capture moved a known set into the capturer's hand: the capturer still holds
  whatever of it (and of its other cards) it must have held to make its later
  plays, as the play history proves (for every seat, the cards it must hold now
  so that it held every card it played when it played it);
* the declarer holds the Big Ace it showed (both after two were shown) until it
  plays it; a partner who revealed itself holds the other one until played;
* a declarer that has gone out while the deal goes on is not alone, so it held
  only one Big Ace; after the forced ♥A declaration (§3.3) every seat before the
  declarer in turn order from the first drawer held no ``AH`` but its last card.

**How the deal is built.** Every seat's cards at the start of play are its
sampled hand plus what it played less what it captured. The ordinary Aces get
suits (respecting the suits shown in declarations that were later cancelled or
changed), and each seat's cards are put into its slots of the stock (card ``k``
goes to seat ``(F + k) % 5``): shown Aces are drawn before the checkpoint they
were shown at, and the forced declaration's constraints hold. The observing
seat's own cards are ordered so that it is asked to declare at exactly the
checkpoints its history shows (its own ``decline`` answers are part of its
observation), once per observation. The draw is then run by the engine itself
with every public declaration made where it was made and every other question
declined (kept hidden, stayed hidden), and the public play history is replayed;
a draw that does not reproduce the observation is rejected and drawn again.

**Later samples** of one :class:`DealSampler` are cheaper (about 1 ms instead of
7: the draw alone is some 250 engine steps). The first consistent deal is kept as
a template; each later sample draws the hands as above (with the same checks of
the Big Aces and the forced declaration) and puts them into a copy of the
template, the partner being the other holder of a Big Ace at the start of play
(none when the declarer held both), and is kept only if the seat's observation of
it is the observation sampled from (it always has been: over thousands of
positions no hand draw that passed those checks failed to rebuild). Such a deal
plays on exactly like a rebuilt one, but its stock and the other seats' private
draw answers are the template's: it is a deal for playouts, not for a record.
``DealSampler(observation, rebuild=True)`` rebuilds every sample through the draw.

The module is pure: randomness comes only from the ``rng`` argument. The knowledge
is worked out in :mod:`chupai.biga.knowledge` and the stock in
:mod:`chupai.biga.redraw`; this module exports their public names of old.

>>> import random
>>> from chupai.biga.game import new_deal, Phase
>>> from chupai.biga.rules import STANDARD
>>> deal = new_deal(STANDARD, seed=4)
>>> while deal.phase is not Phase.PLAY or len(deal.history) < 30:
...     _ = deal.apply_action(deal.legal_actions()[0])
>>> obs = deal.observe(deal.current_player)
>>> sample = sample_deal(obs, random.Random(1))
>>> sample.observe(obs.seat) == obs
True
"""

from __future__ import annotations

import random
from typing import Final

from chupai.actions import Pass
from chupai.biga.cards import SHIFTS, SUITED_ACE
from chupai.biga.combos import Combo
from chupai.biga.game import (
    DECLINE,
    KEEP_HIDDEN,
    REVEAL,
    SHOW_SECOND,
    STAY_HIDDEN,
    BigADeal,
    Capture,
    Choice,
    Declare,
    Event,
    Observation,
    Phase,
)
from chupai.biga.knowledge import Knowledge, before_forced, knowledge, play_moves, sample_hands
from chupai.biga.redraw import arrange_own, build_stock, draw_facts
from chupai.errors import ChupaiError
from chupai.sampling import Sampler

__all__ = ["TRIES", "DealSampler", "Knowledge", "knowledge", "sample_deal", "sample_hands"]

TRIES: Final = 60
"""Default number of draws :func:`sample_deal` makes before giving up."""

_F: Final = 31


class DealSampler(Sampler[Observation, Knowledge, BigADeal]):
    """Draws deals for one observation (see :func:`sample_deal` and
    :class:`chupai.sampling.Sampler`), working out the knowledge and the
    seat's own draw order once (the latter with the first sample's generator);
    the samples after the first are the first with other hands (see the module
    documentation) unless ``rebuild``."""

    __slots__ = ("_facts", "_moves", "_own", "_rebuild_all", "_starts", "_template")

    TRIES = TRIES

    def __init__(self, observation: Observation, *, tries: int = TRIES, rebuild: bool = False):
        super().__init__(observation, tries=tries)
        self._rebuild_all = rebuild
        obs = observation
        self._facts = draw_facts(obs)
        n = obs.players
        moves = play_moves(obs)
        self._moves = moves
        # the cards each seat's sampled hand adds up to at the start of play
        delta = [0] * n
        for seat, out, into in moves:
            delta[seat] += out - into
        self._starts = delta
        self._own: tuple[dict[int, int], list[int]] | None = None
        """The seat's own cards in its slots (found with the first sample's rng)."""
        self._template: BigADeal | None = None
        """The first consistent deal, rebuilt through the draw; later samples are
        this deal with other hands (see :meth:`_swap`)."""

    def _know(self, observation: Observation) -> Knowledge:
        return knowledge(observation)

    def _own_draw(self, rng: random.Random) -> tuple[dict[int, int], list[int]]:
        if self._own is None:
            obs = self.observation
            own = arrange_own(obs, obs.hand + self._starts[obs.seat], self._facts, rng)
            if own is None:
                raise ChupaiError("the seat's own draw cannot be reproduced")
            self._own = own
        return self._own

    def _stock(self, hands: list[int], rng: random.Random) -> list[int] | None:
        """A stock dealing ``hands`` (at the start of play, normalized) that
        reproduces the public draw; None when this draw does not fit."""
        own = self._own_draw(rng)
        return build_stock(self.observation, self._facts, own, hands, rng)

    def _rebuild(self, stock: list[int]) -> BigADeal | None:
        """Run the draw and replay the public history; None if it does not match."""
        obs = self.observation
        try:
            deal = BigADeal.from_stock(obs.rules, stock, obs.first_drawer)
        except ValueError:
            return None
        if not self._replay_draw(deal) or not self._replay_play(deal):
            return None
        if deal.observe(obs.seat) != obs:
            return None
        return deal

    def _replay_draw(self, deal: BigADeal) -> bool:
        """Run the draw with every public declaration where it was made and every
        other question declined, then the two questions before play as the
        history shows them; whether play starts."""
        decls = self._facts.decls
        di = 0
        while deal.phase is Phase.DRAW:
            s = deal.to_act
            assert s is not None
            if di < len(decls) and decls[di][0] == deal.drawn - 1 and decls[di][1] == s:
                action: Declare | Choice = decls[di][2]
                di += 1
            else:
                action = DECLINE
            if action not in deal.legal_actions():
                return False
            deal.apply_unchecked(action)
        if di != len(decls):
            return False
        pre = {
            ev.seat: ev.action
            for ev in self.observation.history
            if type(ev.action) is Choice and ev.action != DECLINE
        }
        if deal.phase is Phase.SHOW_SECOND:
            want = pre.get(deal.declarer if deal.declarer is not None else -1, KEEP_HIDDEN)
            deal.apply_unchecked(SHOW_SECOND if want == SHOW_SECOND else KEEP_HIDDEN)
        if deal.phase is Phase.REVEAL:
            p = deal.to_act
            want = pre.get(p if p is not None else -1, STAY_HIDDEN)
            deal.apply_unchecked(REVEAL if want == REVEAL else STAY_HIDDEN)
        return deal.phase is Phase.PLAY

    def _replay_play(self, deal: BigADeal) -> bool:
        """Replay the public play history; whether every play fits."""
        hist = self.observation.history
        hi = 0
        while hi < len(hist) and not _is_play(hist[hi]):
            hi += 1
        for ev in hist[hi:]:
            if not _is_play(ev) or deal.to_act != ev.seat:
                return False
            deal.apply_unchecked(ev.action)
            if deal.phase is not Phase.PLAY:
                return False
        return True

    def _draw(self, rng: random.Random) -> BigADeal | None:
        obs = self.observation
        know = self.knowledge
        big = SUITED_ACE + (obs.big_suit or 0)
        starts = self._starts
        hands = sample_hands(know, rng)
        hands[obs.seat] = obs.hand
        if any(((h >> SHIFTS[big]) & _F) > m for h, m in zip(hands, know.big_max, strict=True)):
            return None
        begin = [h + starts[s] for s, h in enumerate(hands)]
        if obs.forced and any(((begin[s] >> SHIFTS[big]) & _F) > 1 for s in before_forced(obs)):
            return None
        if self._template is not None:
            return self._swap(hands, begin)
        stock = self._stock(begin, rng)
        if stock is None:
            return None
        deal = self._rebuild(stock)
        if deal is not None and not self._rebuild_all:
            self._template = deal.clone()
        return deal

    def _swap(self, hands: list[int], begin: list[int]) -> BigADeal | None:
        """The template deal holding ``hands`` now (``begin`` at the start of play):
        the partner is the other holder of a Big Ace in ``begin``, or none when the
        declarer held both; the other seats' lists of plays are made afresh. None
        when the seat's observation of it differs (it never has in practice)."""
        template = self._template
        assert template is not None
        obs = self.observation
        deal = template.clone()
        deal.hands = list(hands)
        for s in range(obs.players):
            if s != obs.seat:
                deal._combos[s] = None
                deal._stale[s] = False
                deal._born[s] = 0
        d, suit = deal.declarer, deal.big_suit
        if d is not None and suit is not None:
            big = SHIFTS[SUITED_ACE + suit]
            held = [(h >> big) & _F for h in begin]
            deal.alone = held[d] == 2
            deal.partner = (
                None
                if deal.alone
                else next((s for s in range(obs.players) if s != d and held[s]), None)
            )
        if deal.observe(obs.seat) != obs:
            return None
        return deal


def _is_play(ev: Event) -> bool:
    a = ev.action
    return type(a) is Combo or type(a) is Capture or isinstance(a, Pass)


def sample_deal(observation: Observation, rng: random.Random, *, tries: int = TRIES) -> BigADeal:
    """A full deal in the play phase that the seat of ``observation`` cannot tell
    from the real one (see the module and :meth:`chupai.sampling.Sampler.sample_deal`)."""
    return DealSampler.sample_deal(observation, rng, tries=tries)
