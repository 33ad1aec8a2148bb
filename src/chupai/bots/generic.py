"""The generic greedy bot: plays any game from the protocol alone.

A game without a bots plugin (:mod:`chupai.bots.plugin`) gets this bot for its
``greedy`` and ``heuristic`` levels. It knows nothing of the game's rules, only
what every game's actions share: the pass is :class:`chupai.actions.Pass`, and a
play may say how many cards it sheds (``size``, else ``cards`` as a bit mask or
a collection) and how strong it is (``key``).

* It prefers any other action to the pass.
* Leading (the observation has no ``top`` play): the action that sheds the most
  cards, the weakest of those.
* Following: the weakest action, the one shedding the most cards among equals.
* Ties go to the first in the legal order, so the bot is deterministic.

>>> from chupai.actions import PASS
>>> from typing import NamedTuple
>>> class Play(NamedTuple):
...     cards: int
...     key: int
>>> class Obs(NamedTuple):
...     top: object
>>> legal = [PASS, Play(0b1, 3), Play(0b110, 5), Play(0b1000, 1)]
>>> GenericGreedyBot(1).act(Obs(top=None), legal)
Play(cards=6, key=5)
>>> GenericGreedyBot(1).act(Obs(top=Play(0b1, 0)), legal)
Play(cards=8, key=1)
>>> GenericGreedyBot(1).act(Obs(top=Play(0b1, 9)), [PASS])
PASS
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any

from chupai.actions import Pass
from chupai.bots.base import SeededBot

__all__ = ["GenericGreedyBot", "GenericHeuristicBot", "action_key", "action_size"]


def action_size(action: Any) -> int:
    """How many cards ``action`` sheds, as far as it says: its ``size``, else the
    cards of its ``cards`` (a bit mask or a collection), else 0."""
    size = getattr(action, "size", None)
    if isinstance(size, int) and not isinstance(size, bool):
        return size
    cards = getattr(action, "cards", None)
    if isinstance(cards, int) and not isinstance(cards, bool):
        return cards.bit_count()
    if isinstance(cards, Collection) and not isinstance(cards, str):
        return len(cards)
    return 0


def action_key(action: Any) -> float:
    """How strong ``action`` is, as far as it says (its ``key``; 0 otherwise)."""
    key = getattr(action, "key", None)
    return float(key) if isinstance(key, (int, float)) and not isinstance(key, bool) else 0.0


class GenericGreedyBot(SeededBot):
    """A greedy player for any game (see the module documentation; the seed is
    for the bot interface: the decisions are deterministic)."""

    name = "greedy"

    def decide(self, observation: Any, legal: Sequence[Any]) -> Any:
        """One element of ``legal``."""
        plays = [a for a in legal if not isinstance(a, Pass)]
        if not plays:
            return legal[0]
        if getattr(observation, "top", None) is None:
            return min(plays, key=lambda a: (-action_size(a), action_key(a)))
        return min(plays, key=lambda a: (action_key(a), -action_size(a)))


class GenericHeuristicBot(GenericGreedyBot):
    """The ``heuristic`` level of a game without bots of its own: the generic
    greedy bot under that name."""

    name = "heuristic"
