"""Bots: players that choose an action from a seat's observation.

A bot sees exactly what a human in its seat sees: the seat's
:class:`~chupai.bigtwo.game.Observation` and the list of legal actions. Bots are
seeded and reproducible. ``make_bot("random", seed=1)`` builds one by name.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from chupai.errors import ChupaiError

__all__ = ["Bot", "RandomBot", "GreedyBot", "BOTS", "make_bot"]


class Bot(Protocol):
    """The bot interface: one decision from an observation and the legal actions."""

    name: str

    def act(self, observation: Any, legal: Sequence[Any]) -> Any:
        """Return one element of ``legal``."""
        ...


class RandomBot:
    """Picks uniformly among the legal actions."""

    name = "random"

    def __init__(self, seed: int | None = None):
        self.rng = random.Random(seed)

    def act(self, observation: Any, legal: Sequence[Any]) -> Any:
        return legal[self.rng.randrange(len(legal))]


class GreedyBot:
    """A simple greedy player for Big Two.

    Leading: the play that sheds the most cards among those containing the
    weakest card in hand (so low cards leave first, in groups when possible).
    Following: the weakest play that beats the top play; pass when there is none.
    Phase decisions: takes the first offered choice (take / swap).
    """

    name = "greedy"

    def __init__(self, seed: int | None = None):
        self.rng = random.Random(seed)

    def act(self, observation: Any, legal: Sequence[Any]) -> Any:
        from chupai.bigtwo.combos import Combo

        plays = [a for a in legal if isinstance(a, Combo)]
        if not plays:
            return legal[0]
        if observation.top is None:
            low = _weakest_card(plays)
            with_low = [c for c in plays if c.mask & low] or plays
            return max(with_low, key=lambda c: (c.mask.bit_count(), -c.key))
        return min(plays, key=lambda c: (c.group != observation.top.group, c.key))


def _weakest_card(plays: Sequence[Any]) -> int:
    singles = [c for c in plays if c.mask.bit_count() == 1]
    if singles:
        return int(min(singles, key=lambda c: c.key).mask)
    first = int(plays[0].mask)
    return first & -first


BOTS: dict[str, Callable[[int | None], Bot]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
}


def make_bot(name: str, seed: int | None = None) -> Bot:
    """Build the bot called ``name`` (see :data:`BOTS`)."""
    key = name.strip().lower()
    if key not in BOTS:
        raise ChupaiError(f"unknown bot {name!r}; bots: {', '.join(BOTS)}")
    return BOTS[key](seed)
