"""A greedy Dou Dizhu bot.

:class:`DouDizhuGreedyBot` plays every phase of a Dou Dizhu deal from the seat's
:class:`~chupai.doudizhu.game.Observation` and the legal actions, nothing else
(its own hand, the public history, the roles and the card counts):

* **Bidding** (叫地主): a hand-strength score counts jokers, 2s, aces and bombs; the
  bot bids the highest value its score allows (1, 2 or 3) when that beats the
  highest bid so far, else passes.
* **Robbing** (搶地主): rob only with a strong hand. **明牌**: never.
* **Leading**: go out if the whole hand is one play; otherwise the play that sheds
  the most low cards without breaking a bomb or the rocket (long straights, pair
  chains, airplanes and trios with the smallest kickers first, then pairs and
  singles from the lowest rank). When an opponent holds one card, singles are
  avoided (or the highest one led); a peasant whose partner holds one card leads
  its lowest single.
* **Following**: go out if possible; a peasant lets a partner's play stand; else
  the weakest play of the same kind that beats the top play (the strongest one
  when an opponent is about to go out); bombs and the rocket only when an
  opponent is close to going out or the bomb nearly empties the hand; pass when
  nothing fits.

Both presets work: in ``four_player`` every bomb-family holding (four or more of
a rank, all four jokers) is kept back the same way.

>>> from chupai.doudizhu.rules import PRESETS
>>> from chupai.doudizhu.game import new_deal
>>> bots = [DouDizhuGreedyBot(seed) for seed in range(3)]
>>> from chupai.tournament import play_out
>>> deal = play_out(new_deal(PRESETS["classic"], seed=3), bots)
>>> deal.outcome.redeal or sum(deal.outcome.scores) == 0
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from chupai.bots.base import SeededBot
from chupai.doudizhu.combos import ACE, BJ, NRANKS, RJ, SHIFTS, TWO, Combo, unpack
from chupai.doudizhu.game import NO_ROB, PASS, ROB, Bid, Phase

__all__ = ["DouDizhuBot", "DouDizhuGreedyBot", "bid_for", "hand_strength", "robs_with"]

_BREAK: Final = 5
"""Penalty of a lead that splits a pair or trio."""
_CONTROL: Final = 8
"""Penalty per 2 or joker spent on a lead (they win tricks later)."""
_CLOSE: Final = 4
"""An opponent with this many cards or fewer is close to going out: bombs come out."""

# bid thresholds on hand_strength (classic, four_player): score -> highest bid
_BID_STEPS: Final = {3: ((5, 1), (8, 2), (11, 3)), 4: ((7, 1), (10, 2), (13, 3))}
_ROB_AT: Final = {3: 13, 4: 15}
_BOMB_AT: Final = {3: 4, 4: 5}
"""Fewest cards of a rank kept back as a bomb: in four_player a 4-card bomb is the
weakest of the family and may be split like any other cards."""


def hand_strength(hand: int, players: int = 3) -> int:
    """A rough score of a hand's strength before bidding: jokers, 2s, aces and
    bombs count (the rocket and big bombs the most); a pile of unconnected low
    singles counts against it."""
    c = unpack(hand)
    if players == 3:
        score = 4 * c[RJ] + 3 * c[BJ] + 2 * c[TWO] + c[ACE]
        if c[BJ] and c[RJ]:
            score += 3
        score += sum(5 for r in range(TWO + 1) if c[r] == 4)
    else:
        score = 4 * c[RJ] + 2 * c[BJ] + 2 * c[TWO] + c[ACE] // 2
        if c[BJ] == 2 and c[RJ] == 2:
            score += 8
        score += sum(c[r] - 3 for r in range(TWO + 1) if c[r] >= _BOMB_AT.get(players, 5))
    lone = sum(1 for r in range(9) if c[r] == 1 and not (r > 0 and c[r - 1]) and not c[r + 1])
    return score - lone // 2


def bid_for(hand: int, players: int = 3) -> int:
    """The highest bid (0 = none) the greedy bot is willing to make with ``hand``."""
    score = hand_strength(hand, players)
    best = 0
    for at, bid in _BID_STEPS.get(players, _BID_STEPS[3]):
        if score >= at:
            best = bid
    return best


def robs_with(hand: int, players: int = 3) -> bool:
    """Whether the greedy bot robs the landlord (or robs it back) with ``hand``."""
    return hand_strength(hand, players) >= _ROB_AT.get(players, 14)


def _ranks(cards: int) -> list[tuple[int, int]]:
    """``(rank, count)`` of every rank present in packed ``cards``."""
    out = []
    for r in range(NRANKS):
        n = (cards >> SHIFTS[r]) & 31
        if n:
            out.append((r, n))
    return out


class DouDizhuBot(SeededBot):
    """The phases of a Dou Dizhu bot: :meth:`bid`, rob when :meth:`robs`, and
    :meth:`play` when the seat has a combination to play (else it passes)."""

    def decide(self, observation: Any, legal: Sequence[Any]) -> Any:
        """One element of ``legal`` for the seat of ``observation``."""
        obs = observation
        if obs.phase is Phase.BID:
            return self.bid(obs, legal)
        if obs.phase is Phase.ROB:
            want = ROB if self.robs(obs) else NO_ROB
            return want if want in legal else legal[-1]
        plays = [a for a in legal if type(a) is Combo]
        if not plays:
            return PASS if PASS in legal else legal[0]
        return self.play(obs, plays, legal)

    def bid(self, obs: Any, legal: Sequence[Any]) -> Any:
        """The bid (or pass) in the bidding."""
        raise NotImplementedError

    def robs(self, obs: Any) -> bool:
        """Whether to rob the landlord."""
        raise NotImplementedError

    def play(self, obs: Any, plays: list[Combo], legal: Sequence[Any]) -> Any:
        """The action in the play, ``plays`` the legal combinations (not empty)."""
        raise NotImplementedError


class DouDizhuGreedyBot(DouDizhuBot):
    """A simple greedy player for Dou Dizhu (see the module docstring)."""

    name = "greedy"

    def robs(self, obs: Any) -> bool:
        return robs_with(obs.hand, obs.players)

    def play(self, obs: Any, plays: list[Combo], legal: Sequence[Any]) -> Any:
        if obs.top is None:
            return self._lead(obs, plays)
        return self._follow(obs, plays, legal)

    def bid(self, obs: Any, legal: Sequence[Any]) -> Any:
        want = bid_for(obs.hand, obs.players)
        bids = [a for a in legal if isinstance(a, Bid)]
        if want and any(b.value == want for b in bids):
            return Bid(want)
        return PASS if PASS in legal else legal[-1]

    # ----- play ----------------------------------------------------------------------
    @staticmethod
    def _protected(counts: Sequence[int], players: int) -> set[int]:
        """Ranks kept back for bombs: four (classic) or five (four_player) or more of
        a rank; the jokers while they
        make the rocket (classic) or the heaven_lord (four_player)."""
        keep = {r for r in range(TWO + 1) if counts[r] >= _BOMB_AT.get(players, 4)}
        if players == 3 and counts[BJ] and counts[RJ]:
            keep |= {BJ, RJ}
        if players != 3 and counts[BJ] == 2 and counts[RJ] == 2:
            keep |= {BJ, RJ}
        return keep

    @staticmethod
    def _breaks(play: Combo, counts: Sequence[int], keep: set[int]) -> bool:
        """Whether a non-bomb play uses cards of a rank kept back for a bomb."""
        return any(r in keep for r, _ in _ranks(play.cards))

    @staticmethod
    def _sides(obs: Any) -> tuple[list[int], list[int]]:
        """(opponents, partners) of the observing seat."""
        me, lord = obs.seat, obs.landlord
        others = [s for s in range(obs.players) if s != me]
        if me == lord:
            return others, []
        return [lord], [s for s in others if s != lord]

    def _lead(self, obs: Any, plays: list[Combo]) -> Combo:
        hand = obs.hand
        for p in plays:
            if p.cards == hand:
                return p
        counts = unpack(hand)
        keep = self._protected(counts, obs.players)
        normal = [p for p in plays if not p.power and not self._breaks(p, counts, keep)]
        if not normal:
            normal = [p for p in plays if not p.power]
        if not normal:
            return min(plays, key=lambda p: p.power)
        opponents, partners = self._sides(obs)
        danger = min(obs.hand_counts[s] for s in opponents)
        singles = [p for p in normal if p.size == 1]
        if partners and any(obs.hand_counts[s] == 1 for s in partners) and singles and danger > 1:
            return min(singles, key=lambda p: p.key)
        endgame = sum(counts) <= 4
        if danger == 1:
            others = [p for p in normal if p.size > 1]
            if others:
                normal = others
            else:
                return max(singles, key=lambda p: p.key)
        return max(normal, key=lambda p: (self._lead_value(p, counts, endgame), -p.key))

    @staticmethod
    def _lead_value(p: Combo, counts: Sequence[int], endgame: bool) -> int:
        value = 0
        for r, n in _ranks(p.cards):
            value += n * max(0, 13 - r)
            if n < counts[r]:
                value -= _BREAK
            if r >= TWO and not endgame:
                value -= _CONTROL * n
            elif r == ACE and not endgame:
                value -= 2 * n
        return value

    def _follow(self, obs: Any, plays: list[Combo], legal: Sequence[Any]) -> Any:
        hand = obs.hand
        for p in plays:
            if p.cards == hand:
                return p
        opponents, partners = self._sides(obs)
        if obs.top_player in partners:
            return PASS if PASS in legal else plays[0]
        counts = unpack(hand)
        keep = self._protected(counts, obs.players)
        normal = [p for p in plays if not p.power and not self._breaks(p, counts, keep)]
        danger = min(obs.hand_counts[s] for s in opponents)
        if normal:
            if danger <= 2:
                return max(normal, key=lambda p: (p.key, -p.size))
            return min(normal, key=lambda p: self._follow_cost(p, counts))
        bombs = [p for p in plays if p.power]
        if bombs:
            bomb = min(bombs, key=lambda p: p.power)
            left = _ranks(hand - bomb.cards)
            nearly_out = not left or (len(left) == 1 and left[0][0] <= TWO and left[0][1] <= 3)
            if danger <= _CLOSE or nearly_out:
                return bomb
        return PASS if PASS in legal else plays[0]

    @staticmethod
    def _follow_cost(p: Combo, counts: Sequence[int]) -> float:
        cost = float(p.key)
        for r, n in _ranks(p.cards):
            if n < counts[r]:
                cost += 4
            cost += r / 20
        return cost
