"""Own agents for the tests of :mod:`chupai.bots.agents` (an importable module, named
as ``tests.agents_fixture:ATTRIBUTE``; worker processes import it too).

``Agent`` plays the lowest legal action by its index (or, with ``pick="random"``,
a seeded random one); the others are the same agent as a policy function, a
factory and an instance, and things that are no agent."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any


class Agent:
    """An own agent: the first legal action, or a seeded random one."""

    name = "fixture"

    def __init__(self, seed: int | None = None, game: str = "bigtwo", *, pick: str = "first"):
        if pick not in ("first", "random"):
            raise ValueError(f"pick must be 'first' or 'random', not {pick!r}")
        self.rng = random.Random(seed)
        self.game = game
        self.pick = pick
        self.seed = seed

    def act(self, observation: Any, legal: Sequence[Any]) -> Any:
        if self.pick == "first":
            return legal[0]
        return legal[self.rng.randrange(len(legal))]


def first(observation: Any, legal: Sequence[Any]) -> Any:
    """A policy function: the first legal action."""
    return legal[0]


def make(seed: int | None) -> Agent:
    """A factory of seeded random agents."""
    return Agent(seed, pick="random")


def makes_nothing(seed: int | None) -> int:
    """A factory whose product is no agent."""
    return 7


INSTANCE = Agent(0)
"""An agent object (used as it is)."""

NOT_AN_AGENT = 42
