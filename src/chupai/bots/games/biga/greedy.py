"""The greedy Big A bot (see :mod:`chupai.bots.games.biga`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from chupai.actions import PASS
from chupai.biga.cards import ACE, BJ, NFACES, RJ, SHIFTS, Cards
from chupai.biga.combos import BIG_ACE_KEY, Combo, strengths
from chupai.biga.game import DECLINE, KEEP_HIDDEN, STAY_HIDDEN, Capture, Declare, Phase
from chupai.bots.base import SeededBot
from chupai.bots.games.biga.plan import _F, K, _counts

# ----- the greedy bot ------------------------------------------------------------------------


def _breaks(p: Combo, counts: Sequence[int]) -> bool:
    """Whether a play uses some but not all cards of a face held two or more times
    (a pair, egg or bigger set split), or jokers out of a joker bomb."""
    c = p.cards
    for f in range(NFACES):
        used = (c >> SHIFTS[f]) & _F
        if used and used < counts[f] and counts[f] >= 2:
            return True
    jokers = ((c >> SHIFTS[BJ]) | (c >> SHIFTS[RJ])) & _F
    if counts[BJ] + counts[RJ] >= 2 and p.kind is K.SINGLE and jokers:
        return True
    return False


class BigAGreedyBot(SeededBot):
    """A simple greedy player for Big A (see the module docstring)."""

    name = "greedy"

    def decide(self, observation: Any, legal: Sequence[Any]) -> Any:
        """One element of ``legal`` for the seat of ``observation``."""
        obs = observation
        phase = obs.phase
        if phase is Phase.DRAW:
            return self._draw(obs, legal)
        if phase is not Phase.PLAY:
            for a in (KEEP_HIDDEN, STAY_HIDDEN):
                if a in legal:
                    return a
            return legal[-1]
        for a in legal:
            if type(a) is Capture:
                return a
        plays = [a for a in legal if type(a) is Combo]
        if not plays:
            return PASS if PASS in legal else legal[0]
        hand = obs.hand
        for p in plays:
            if p.cards == hand:
                return p
        counts = _counts(hand)
        st = strengths(obs.rules.rank_order)
        if obs.top is None:
            return self._lead(obs, plays, counts, st)
        return self._follow(obs, plays, legal, counts, st)

    @staticmethod
    def _draw(obs: Any, legal: Sequence[Any]) -> Any:
        decls = [a for a in legal if type(a) is Declare and not a.two]
        c = _counts(obs.hand)
        if decls and c[BJ] + c[RJ] >= 2:
            return decls[0]
        return DECLINE if DECLINE in legal else legal[-1]

    @staticmethod
    def _lead(obs: Any, plays: list[Combo], counts: list[int], st: Sequence[int]) -> Combo:
        keep = (
            [p for p in plays if not p.bomb and not _breaks(p, counts)]
            or [p for p in plays if not p.bomb]
            or plays
        )
        weakest = min((_weakest(p.cards, st, obs.big_suit), p.cards) for p in keep)[0]
        with_low = [p for p in keep if _weakest(p.cards, st, obs.big_suit) == weakest]
        return max(with_low, key=lambda p: (p.size, -p.key))

    @staticmethod
    def _follow(
        obs: Any, plays: list[Combo], legal: Sequence[Any], counts: list[int], st: Sequence[int]
    ) -> Any:
        top = obs.top
        same = [p for p in plays if not p.bomb and p.kind is top.kind]
        if same:
            whole = [p for p in same if not _breaks(p, counts)] or same
            return min(whole, key=lambda p: p.key)
        bombs = [p for p in plays if p.bomb]
        if bombs:
            bomb = min(bombs, key=lambda p: (p.bomb, p.key))
            cheap = bomb.kind is K.EGG and bomb.key < st[ACE]
            close = (
                min(
                    obs.hand_counts[s]
                    for s in range(obs.players)
                    if s != obs.seat and obs.hand_counts[s] > 0
                )
                <= 3
            )
            if cheap or close:
                return bomb
        return PASS if PASS in legal else plays[0]


def _weakest(cards: Cards, st: Sequence[int], big_suit: int | None) -> int:
    best = 99
    for f in range(NFACES):
        if (cards >> SHIFTS[f]) & _F:
            t = st[f] if f <= RJ else BIG_ACE_KEY
            best = min(best, t)
    return best
