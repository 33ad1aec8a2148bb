"""Scripted Big Two baselines: four simple styles that a strong bot must beat.

Each baseline is a one-rule player of the play phase, written to stand for a style
that human beginners and other projects' scripted bots show; the benchmark
``benchmarks/strength_bigtwo.py`` seats one of our bots alone against three copies
of each. They choose among the engine's legal actions only (no rule is
re-implemented), so they play every preset, table size and pack count; every other
phase (leftover card, redeal, exchanges, tribute, face-down hands) is decided by
the heuristic bot (:class:`~chupai.bots.games.bigtwo.heuristic.BigTwoHeuristicBot`).

========== ========================================================================
``shed``   shed fastest: the play with the most cards, leading or following
``control`` hold control cards (aces, 2s, bombs) for the end
``passer`` pass-heavy: pass unless the play is cheap or an opponent is low
``breaker`` pair-breaking: follow a single with the weakest single that beats it
========== ========================================================================

Rules they share: a play whose cards are the whole hand is always made (going
out); a play that leaves one card carries the "last card" call when the rules
offer it; "weakest" orders plays by their comparison group, then key (then cards),
so every choice is deterministic (the seed is accepted for the bot interface); an
opponent is *low* with :attr:`~Baseline.low` cards or fewer (default 2).

>>> from chupai.bigtwo.game import new_deal
>>> from chupai.bigtwo.rules import PRESETS
>>> from chupai.tournament import play_out
>>> deal = play_out(new_deal(PRESETS["taiwan"], seed=5), [ShedBot(s) for s in range(4)])
>>> deal.outcome.winner is not None
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from chupai.actions import PASS
from chupai.bigtwo.combos import Combo, ComboKind
from chupai.bigtwo.game import LastCard, Phase
from chupai.bots.base import TunedBot
from chupai.bots.games.bigtwo.heuristic import BigTwoHeuristicBot

__all__ = ["BASELINES", "Baseline", "BreakerBot", "ControlBot", "PasserBot", "ShedBot"]

_ACE, _TWO = 11, 12
"""Rank indexes of aces and 2s (:data:`chupai.cards.RANKS`)."""

_BOMBS = frozenset({ComboKind.FOUR_OF_A_KIND, ComboKind.STRAIGHT_FLUSH, ComboKind.QUAD})


def _weak(c: Combo) -> tuple[int, int, int]:
    """Sort key: weakest first (group, key, then the cards for determinism)."""
    return (c.group, c.key, c.mask)


def _ranks(mask: int) -> list[int]:
    """The rank index of each card of ``mask`` (two packs: copies repeated)."""
    return [(c % 52) >> 2 for c in range(mask.bit_length()) if mask >> c & 1]


class Baseline(TunedBot):
    """The common part of the baselines: non-play phases go to the heuristic bot, a
    play that empties the hand is made, the "last card" call is added where offered;
    :meth:`choose` picks a play (or None to pass) in the play phase."""

    name = "baseline"
    RESERVED: ClassVar[tuple[str, ...]] = ("name",)
    low: int = 2
    """An opponent holding this many cards or fewer is close to going out."""

    def __init__(self, seed: int | None = None, **params: Any):
        super().__init__(seed, **params)
        self.phases = BigTwoHeuristicBot(seed)

    def decide(self, observation: Any, legal: Sequence[Any]) -> Any:
        """One element of ``legal`` for the seat of ``observation``."""
        if observation.phase is not Phase.PLAY:
            return self.phases.act(observation, legal)
        plays = [a for a in legal if isinstance(a, Combo)]
        calls = [a.play for a in legal if isinstance(a, LastCard)]
        plays += [c for c in calls if c not in plays]
        out = [c for c in plays if c.mask == observation.hand]
        choice = out[0] if out else (self.choose(observation, plays) if plays else None)
        if choice is None:
            return PASS if PASS in legal else legal[0]
        call = LastCard(choice)
        return call if call in legal else choice

    def choose(self, observation: Any, plays: list[Combo]) -> Combo | None:
        """The play to make among ``plays`` (not empty), or None to pass."""
        raise NotImplementedError

    def opponent_low(self, observation: Any) -> bool:
        """Whether another seat still in the deal holds :attr:`low` cards or fewer."""
        counts = observation.hand_counts
        return any(0 < n <= self.low for s, n in enumerate(counts) if s != observation.seat)


class ShedBot(Baseline):
    """Shed fastest: the legal play with the most cards (ties: the weakest), when
    leading and when following; it never passes when it can play."""

    name = "shed"

    def choose(self, observation: Any, plays: list[Combo]) -> Combo | None:
        """The largest play, the weakest among the largest."""
        return min(plays, key=lambda c: (-c.size, *_weak(c)))


class ControlBot(Baseline):
    """Hold control cards: aces, 2s and the cards of a four-of-a-kind held (bombs)
    are kept for the end. Leading: the largest play of non-control cards containing
    the weakest non-control card. Following: the weakest play that beats the top
    play without control cards, else pass; but when an opponent is low (≤ ``low``
    cards), or when only control cards are left, the weakest play that beats."""

    name = "control"

    def choose(self, observation: Any, plays: list[Combo]) -> Combo | None:
        """A play of non-control cards (see the class docstring), or None."""
        held = _ranks(observation.hand)
        bombs = {r for r in held if held.count(r) >= 4}

        def control(c: Combo) -> bool:
            return c.kind in _BOMBS or any(r in (_ACE, _TWO) or r in bombs for r in _ranks(c.mask))

        free = [c for c in plays if not control(c)]
        if observation.top is None:
            if not free:
                return min(plays, key=_weak)
            weakest = min((c for c in free if c.size == 1), key=_weak, default=None)
            pool = [c for c in free if weakest is None or c.mask & weakest.mask] or free
            return min(pool, key=lambda c: (-c.size, *_weak(c)))
        if free:
            return min(free, key=_weak)
        only_control = all(r in (_ACE, _TWO) or r in bombs for r in held)
        if self.opponent_low(observation) or only_control:
            return min(plays, key=_weak)
        return None


class PasserBot(Baseline):
    """Pass-heavy: passes whenever it may, unless its weakest beating play is cheap
    (a single or pair below rank ``cheap``, default 10: 3 to 9) or an opponent is
    low (≤ ``low`` cards); then it plays that weakest play. Leading, it plays its
    weakest card in the largest play that contains it."""

    name = "passer"
    cheap: int = 7
    """Rank index (:data:`chupai.cards.RANKS`) from which a card is no longer cheap
    (7: tens)."""

    def choose(self, observation: Any, plays: list[Combo]) -> Combo | None:
        """The weakest play when cheap or pressed, the largest lead, else None."""
        if observation.top is None:
            singles = [c for c in plays if c.size == 1]
            weakest = min(singles, key=_weak) if singles else None
            pool = [c for c in plays if weakest is None or c.mask & weakest.mask] or plays
            return min(pool, key=lambda c: (-c.size, *_weak(c)))
        best = min(plays, key=_weak)
        cheap = best.size <= 2 and max(_ranks(best.mask)) < self.cheap
        return best if cheap or self.opponent_low(observation) else None


class BreakerBot(Baseline):
    """Pair-breaking: follows a single with the weakest single that beats it,
    whatever pair, triple or five-card hand that breaks; follows anything else with
    its weakest beating play; leads its weakest single. It never passes when it can
    play."""

    name = "breaker"

    def choose(self, observation: Any, plays: list[Combo]) -> Combo | None:
        """The weakest single when leading, else the weakest beating play."""
        if observation.top is None:
            singles = [c for c in plays if c.size == 1]
            return min(singles or plays, key=_weak)
        same = [c for c in plays if c.group == observation.top.group]
        return min(same or plays, key=_weak)


BASELINES: dict[str, type[Baseline]] = {
    b.name: b for b in (ShedBot, ControlBot, PasserBot, BreakerBot)
}
"""The baselines by bot level name."""
