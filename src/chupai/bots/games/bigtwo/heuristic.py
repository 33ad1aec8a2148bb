"""A heuristic Big Two bot: hand decomposition, control cards and tempo.

:class:`BigTwoHeuristicBot` plays every phase of a Big Two deal from the seat's
:class:`~chupai.bigtwo.game.Observation` and the legal actions, nothing else.

**The plan of a hand.** :func:`decompose` splits a hand into plays (five-card
hands, triples, pairs, singles) so that the hand needs as few turns as possible.
Each play ``p`` costs about one turn, less its control: ``1 - 0.9 * control(p)``,
less a discount for weak singles and groups that can still be played over others'
leads (``0.9 * (1 - control(p)) * below(p)``, ``below`` being the share of unseen
cards weaker than ``p``). ``control(p)`` in [0, 1] estimates how likely ``p`` is to
win its trick. For singles, pairs and triples it comes from the unseen cards (how
many stronger ones the opponents can hold, with the probability that one opponent
holds enough cards of a rank) and from the opponents' card counts (a pair cannot be
beaten by players holding one card). For a five-card hand it is a logistic curve in
the cards held by the opponents who can still answer, centred by category and
height; the curves were fitted on the outcomes of tricks in played deals (a low
straight led into full hands almost never holds, a high full house usually does).
The best plan is a small branch-and-bound over disjoint five-card hands
(deduplicated up to suits), the other cards being split rank by rank, which is exact
for singles, pairs and triples because those never mix ranks.

**Any table size, two packs.** The counts are those of the table: every other
seat is an opponent, the unseen cards are the pack(s) less the seat's hand, the
cards played and the exposed cards (the cards set aside among them, unseen), and
the chance that one opponent holds enough cards of a rank is exact for any number
of opponents. With two packs (5 to 8 seats) masks are in the unary form of
:mod:`chupai.bigtwo.packs`: a rank's cards are eight bits (first copies, then
second copies), a rank splits into every multiset partition (a pair may be two
identical cards), and both copies of a stronger card count against a single (an
identical card does not beat it).

**Play.**

* Go out when the whole hand is one legal play.
* Leading: when all but at most one play of the plan are sure winners, lead a sure
  winner (then the last play goes out); with two plays left, lead the stronger.
  Otherwise lead the play whose removal leaves the cheapest plan, preferring larger
  plays (five-card hands and pairs leave early) and keeping control plays back.
  A play that an opponent could beat with its whole hand (an opponent holding
  exactly that many cards) is avoided, the more so the less control it has; with an
  opponent on one card a group (pair, triple, five-card hand) of the plan or a
  single sure to hold leads, rather than a single it could answer.
* Following: every legal play is scored by how much it changes the plan's cost
  (a play of the plan lowers it; breaking a pair or a five-card hand raises it),
  plus a premium for spending control cards while the hand is still long. The bot
  follows unless the best play makes the plan clearly worse (a score of
  :attr:`~BigTwoHeuristicBot.pass_at` or more), fights for the trick when an
  opponent is close to going out (with its highest single against a one-card
  opponent) and when winning the trick lets it run out its hand. Under
  ``pass_lockout`` a pass is final for the trick: passing to keep a card gives up
  the whole trick, so the threshold rises by :attr:`~BigTwoHeuristicBot.lockout`.
* Both (scoring-aware): the penalty the hand would pay if another player went out
  now, in the rules' scoring scheme (doubled from eleven cards, per 2 held, ...),
  counts too, weighted by an estimate of the chance of losing and by the settlement
  (a loser pays every other player under ``pairwise``, only the winner under
  ``winner_takes_all``), and :attr:`~BigTwoHeuristicBot.low_boost` times more while
  an opponent is close to going out: then two cards leave rather than one.

**Other phases.** Leftover card: take it (or swap, ``malaysian``) when the plan gets
no worse; redeal: ask for one with a weak hand; pre-exchange and gives: the card(s)
whose loss hurts the plan least (the lowest cards on ties); naming a card: the card
that improves the plan most (the highest on ties); tribute keeps: the highest cards;
face-down hands: the first offered.

The bot is deterministic (the seed is accepted for the common bot interface) and
fast: typically well under 5 ms per decision, since it is also the rollout policy of
the search bot.

>>> from chupai.bigtwo.rules import PRESETS
>>> from chupai.bigtwo.game import new_deal
>>> bots = [BigTwoHeuristicBot(seat) for seat in range(4)]
>>> from chupai.tournament import play_out
>>> deal = play_out(new_deal(PRESETS["standard"], seed=3), bots)
>>> deal.outcome.winner is not None
True
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any

from chupai.bigtwo.combos import Combo, ComboKind
from chupai.bigtwo.game import PASS, Choice, LastCard, Phase
from chupai.bigtwo.packs import add, take
from chupai.bigtwo.rules import BigTwoRules
from chupai.bots.base import SeededBot
from chupai.bots.games.bigtwo.plan import (
    _KEEP,
    _LEAD_SIZE,
    _NAME_CAP,
    _PASS_AT,
    _PEN,
    _PLAY_CAP,
    _SETTLE_W,
    _SURE,
    Plan,
    _View,
    _view_of,
    decompose,
)
from chupai.cards import CardMask, cards_of

# ----- the bot -------------------------------------------------------------------------


class BigTwoHeuristicBot(SeededBot):
    """A heuristic Big Two player (see the module docstring)."""

    name = "heuristic"

    def decide(self, observation: Any, legal: Sequence[Any]) -> Any:
        """One element of ``legal`` for the seat of ``observation``."""
        if len(legal) == 1:
            return legal[0]
        if observation.phase is not Phase.PLAY:
            return self._choose(observation, legal)
        return self._play(observation, legal)

    # ----- play --------------------------------------------------------------------
    # Tuning knobs (class attributes, so that experiments can subclass the bot).
    lead_size: float = _LEAD_SIZE
    """Lead bonus per card beyond the first."""
    keep: float = _KEEP
    """Follow premium per unit of control spent while the hand is long."""
    pass_at: float = _PASS_AT
    """Follow only with a score below this (else pass)."""
    pen_weight: float = _PEN
    """Weight of the penalty the hand would pay now, in per-card units."""
    lose_k: float = 0.45
    """The chance of losing is a logistic in ``plan cost - lose_k * fewest opponent cards``."""
    lockout: float = 1.0
    """Raise of the pass threshold under ``pass_lockout`` (a pass gives up the trick)."""
    low_boost: float = 4.0
    """Factor on the penalty weight while an opponent is close to going out."""
    danger_at: int = 3
    """An opponent with this many cards or fewer is close to going out."""
    threat_w: float = 2.0
    """Lead penalty (times the lack of control) of a play the size of an opponent's hand."""
    runout: float = 1.0
    """Follow bonus of a strong play after which the hand runs out."""
    limit2: float = 0.8
    """Pass threshold when an opponent holds two cards or fewer."""
    limit4: float = 0.2
    """Pass threshold when an opponent holds four cards or fewer."""

    def _play(self, obs: Any, legal: Sequence[Any]) -> Any:
        hand = obs.hand
        called = {a.play.mask: a for a in legal if isinstance(a, LastCard)}
        plays = [a for a in legal if isinstance(a, Combo)]
        if not plays:
            return PASS if PASS in legal else legal[0]
        for p in plays:
            if p.mask == hand:
                return called.get(p.mask, p)
        view = _view_of(obs)
        fives = view.fives(hand)
        plan = view.plan(hand, fives)
        pen0 = view.penalty(hand, untouched=obs.played[obs.seat] == 0)
        opp = view.opp
        lose = 1.0 / (1.0 + math.exp(-(plan.cost - self.lose_k * min(opp or [13]))))
        view.pen_w = self.pen_weight * _SETTLE_W[obs.rules.settlement] * lose
        if min(opp or [99]) <= self.danger_at:
            view.pen_w *= self.low_boost
        best: Combo | None
        if obs.top is None:
            best = self._lead(obs, view, fives, plan, plays, pen0)
        else:
            best = self._follow(obs, view, fives, plan, plays, pen0)
            if best is None:
                return PASS
        return called.get(best.mask, best)

    def _lead(
        self, obs: Any, view: _View, fives: Any, plan: Plan, plays: list[Combo], pen0: float
    ) -> Combo:
        hand = obs.hand
        by_mask = {p.mask: p for p in plays}
        members = [(m, c) for m, c in plan.plays if m in by_mask]
        opp = view.opp
        threat = {c for c in opp if c <= 5}
        if len(members) == len(plan.plays):
            m = _cash(members, threat)
            if m is not None:
                return by_mask[m]
        cands = [by_mask[m] for m, _ in members]
        if not cands or obs.must_contain:
            cands = _distinct(plays, [m for m, _ in plan.plays])
        if 1 in opp:
            # an opponent on its last card: a group of the plan, which it cannot
            # answer, or a single sure to hold (forcing the highest single instead
            # measured worse: the other opponents block a low single too)
            safe = [p for p in cands if p.mask.bit_count() > 1 or view.control(p) >= _SURE]
            if safe:
                cands = safe
        best: Combo | None = None
        best_score = 0.0
        for p in cands:
            size = p.mask.bit_count()
            rest = _less(obs, hand, p.mask)
            after = view.plan(rest, fives, with_plays=False).cost
            ctrl = view.control(p)
            score = after - self.lead_size * (size - 1)
            score += view.pen_w * (view.penalty(rest, untouched=False) - pen0)
            if size in threat:
                score += self.threat_w * (1.0 - ctrl)
            if _better(p, score, best, best_score):
                best, best_score = p, score
        assert best is not None
        return best

    def _follow(
        self, obs: Any, view: _View, fives: Any, plan: Plan, plays: list[Combo], pen0: float
    ) -> Combo | None:
        hand = obs.hand
        opp = view.opp
        danger = min(opp) if opp else 99
        top = obs.top
        top_size = top.mask.bit_count()
        if danger == 1 and top_size == 1:
            singles = [p for p in plays if p.mask.bit_count() == 1]
            if singles:
                return max(singles, key=lambda p: p.key)
        long_hand = len(plan.plays) > 3 and danger > self.danger_at
        base = plan.cost
        best: Combo | None = None
        best_score = 0.0
        for p in _distinct(plays, [m for m, _ in plan.plays]):
            rest = _less(obs, hand, p.mask)
            after = view.plan(rest, fives, with_plays=False).cost
            ctrl = view.control(p)
            score = after - base
            score += view.pen_w * (view.penalty(rest, untouched=False) - pen0)
            if long_hand:
                score += self.keep * ctrl
            if not long_hand and danger <= self.danger_at:
                score -= 0.3 * ctrl
            if ctrl >= 0.8 and _runs_out(view, rest, fives):
                # winning this trick may run the hand out: the rest is sure winners
                score -= self.runout
            if _better(p, score, best, best_score):
                best, best_score = p, score
        if best is None:
            return None
        return best if best_score < self._limit(obs, danger) else None

    def _limit(self, obs: Any, danger: int) -> float:
        """The score a following play must stay under (else the bot passes)."""
        limit = self.pass_at
        if danger <= 2:
            limit = self.limit2
        elif danger <= 4:
            limit = max(limit, self.limit4)
        if obs.rules.pass_lockout:
            limit += self.lockout
        return limit

    # ----- other phases --------------------------------------------------------------
    def _choose(self, obs: Any, legal: Sequence[Any]) -> Any:
        choices = [a for a in legal if isinstance(a, Choice)]
        if not choices:
            return legal[0]
        names = {c.name for c in choices}
        view = _view_of(obs)
        hand = obs.hand

        own = view.fives(hand)

        def cost(h: CardMask) -> float:
            # a part of the hand reuses the hand's five-card hands
            fives = own if h & ~hand == 0 else view.fives(h)
            return view.plan(h, fives, with_plays=False).cost

        if "take" in names or "swap" in names or "redeal" in names:
            return self._deal_choice(obs, choices, names, cost, view.st.cs)
        if "hand" in names:
            return next(c for c in choices if c.name == "hand")
        if "name" in names:
            cs = view.st.cs
            named = sorted(
                (c for c in choices if c.name == "name"),
                key=lambda c: -cs[c.cards.bit_length() - 1],
            )[:_NAME_CAP]
            return min(
                named,
                key=lambda c: (cost(_more(obs, hand, c.cards)), -cs[c.cards.bit_length() - 1]),
            )
        if "give" in names:
            gives = [c for c in choices if c.name == "give"]
            return self._give(obs, gives, cost, view.st.cs)
        if "keep" in names:
            keeps = [c for c in choices if c.name == "keep"]
            cs = view.st.cs
            return max(keeps, key=lambda c: _strengths(c.cards, cs))
        return choices[0]

    @staticmethod
    def _deal_choice(
        obs: Any,
        choices: list[Choice],
        names: set[str],
        cost: Callable[[CardMask], float],
        cs: list[int],
    ) -> Choice:
        """Take the leftover card, swap the weakest card, or keep the hand (rather
        than ask for a redeal), when the plan's cost says so."""
        hand = obs.hand
        if "take" in names:
            left = obs.leftover_shown
            if left:
                taking = cost(_more(obs, hand, left)) <= cost(hand) + 0.05
            else:
                taking = False
            return _named(choices, "take" if taking else "leave")
        if "swap" in names:
            low = _weakest(hand, cs)
            swap = cost(_less(obs, hand, low)) + 0.75 < cost(hand)
            return _named(choices, "swap" if swap else "decline")
        keep = (hand >> 48) & 15 == 15 or cost(hand) <= _typical_cost(obs.rules)
        return _named(choices, "keep" if keep else "redeal")

    @staticmethod
    def _give(obs: Any, gives: list[Choice], cost: Any, cs: list[int]) -> Choice:
        """The give choice that hurts the plan least: the fewest cards (1 in the
        pre-exchange), the lowest cards on ties."""
        hand = obs.hand
        size = min(c.cards.bit_count() for c in gives)
        offered = {c.cards: c for c in gives if c.cards.bit_count() == size}
        allowed = 0
        for m in offered:
            allowed |= m
        chosen = 0
        for _ in range(size):
            pool = [c for c in cards_of(allowed) if c < 52]
            pool = [c for c in pool if _less(obs, allowed, chosen) >> c & 1]
            card = min(
                pool,
                key=lambda c: (cost(_less(obs, hand, _more(obs, chosen, 1 << c))), cs[c]),
            )
            chosen = _more(obs, chosen, 1 << card)
        if chosen in offered:
            return offered[chosen]
        return min(offered.values(), key=lambda c: _strengths(c.cards, cs))


def _less(obs: Any, hand: CardMask, cards: CardMask) -> CardMask:
    """``hand`` without ``cards`` (two packs: the multiset difference)."""
    return take(hand, cards) if obs.rules.packs == 2 else hand & ~cards


def _more(obs: Any, hand: CardMask, cards: CardMask) -> CardMask:
    """``hand`` with ``cards`` (two packs: the multiset sum)."""
    return add(hand, cards) if obs.rules.packs == 2 else hand | cards


def _strengths(cards: CardMask, cs: list[int]) -> list[int]:
    """The strengths of ``cards`` from the highest down (a second copy, two
    packs, as its card)."""
    return sorted((cs[x % 52] for x in cards_of(cards)), reverse=True)


def _better(p: Combo, score: float, best: Combo | None, best_score: float) -> bool:
    """Whether play ``p`` with ``score`` beats the best so far (lower scores win;
    the lower key on a tie)."""
    return (
        best is None
        or score < best_score - 1e-9
        or (abs(score - best_score) <= 1e-9 and p.key < best.key)
    )


def _cash(members: list[tuple[CardMask, float]], threat: set[int]) -> CardMask | None:
    """The lead of a hand whose plan is all legal plays (``(mask, control)``), when
    it is won (sure winners, at most one loose play) or down to two plays; None
    otherwise."""
    sure = [(m, c) for m, c in members if c >= _SURE]
    loose = [(m, c) for m, c in members if c < _SURE]
    if sure and len(loose) <= 1:
        return max(sure, key=lambda x: (x[0].bit_count(), -x[1]))[0]
    if len(members) == 2:
        safe = [x for x in members if x[0].bit_count() not in threat]
        return max(safe or members, key=lambda x: x[1])[0]
    return None


def _runs_out(view: _View, rest: CardMask, fives: Any) -> bool:
    """Whether the plan of ``rest`` is sure winners but for at most one play."""
    rest_plan = view.plan(rest, fives, fast=True)
    loose = sum(1 for _, c in rest_plan.plays if c < _SURE)
    return loose <= 1


def _distinct(plays: list[Combo], members: list[CardMask]) -> list[Combo]:
    """The plays worth scoring: one per kind and rank profile (the lowest), at most
    :data:`_PLAY_CAP` of them (the plan's own plays, then the lowest, then the
    highest)."""
    if len(plays) <= 12:
        return plays
    best: dict[tuple[ComboKind, int], Combo] = {}
    for p in plays:
        m = p.mask
        profile = 0
        while m:
            low = m & -m
            profile += 1 << (3 * (((low.bit_length() - 1) % 52) >> 2))
            m ^= low
        key = (p.kind, profile)
        old = best.get(key)
        if old is None or p.key < old.key:
            best[key] = p
    out = list(best.values())
    if len(out) <= _PLAY_CAP:
        return out
    inside = set(members)
    first = [p for p in out if p.mask in inside]
    rest = sorted((p for p in out if p.mask not in inside), key=lambda p: (p.group, p.key))
    room = max(2, _PLAY_CAP - len(first))
    return first + rest[: room - 1] + rest[-1:]


@lru_cache(maxsize=16)
def _typical_cost(rules: BigTwoRules) -> float:
    """The median plan cost of a freshly dealt hand under ``rules`` (from a fixed
    sample of deals): a hand costing more is weaker than average."""
    rng = random.Random(20240601)
    n = rules.cards_per_hand
    costs = []
    for _ in range(48):
        cards = rng.sample(range(52 * rules.packs), n)
        hand = 0
        for c in cards:  # a second copy (two packs) in the unary form
            hand = add(hand, 1 << (c % 52)) if rules.packs == 2 else hand | 1 << c
        costs.append(decompose(hand, rules).cost)
    costs.sort()
    return costs[len(costs) // 2]


def _named(choices: Sequence[Choice], name: str) -> Choice:
    for c in choices:
        if c.name == name:
            return c
    return choices[0]


def _weakest(hand: CardMask, cs: list[int]) -> CardMask:
    cards = [c for c in cards_of(hand) if c < 52]
    return 1 << min(cards, key=cs.__getitem__) if cards else 0
