"""What the bots of several games share: the seeded bot base class and the
lead filter against short hands.

>>> class First(SeededBot):
...     def decide(self, observation, legal):
...         return legal[0]
>>> First(1).act(None, ["a", "b"])
'a'
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from copy import deepcopy
from typing import Any, ClassVar, Protocol, Self, TypeVar

__all__ = ["SeededBot", "TunedBot", "copy_random", "spare_short_hands"]


class _Kinded(Protocol):
    @property
    def kind(self) -> Any: ...


G = TypeVar("G", bound=_Kinded)


class SeededBot:
    """A bot with a name and a random generator seeded with ``seed`` (for the bot
    interface: a deterministic bot need not use it); :meth:`act` refuses an empty
    list of legal actions and asks :meth:`decide`."""

    name = "bot"

    def __init__(self, seed: int | None = None):
        self.rng = random.Random(seed)

    def act(self, observation: Any, legal: Sequence[Any]) -> Any:
        """One element of ``legal`` for the seat of ``observation``."""
        if not legal:
            raise ValueError("no legal action to choose from")
        return self.decide(observation, legal)

    def decide(self, observation: Any, legal: Sequence[Any]) -> Any:
        """One element of ``legal`` (not empty)."""
        raise NotImplementedError

    def __deepcopy__(self, memo: dict[int, Any]) -> Self:
        """An independent copy (an environment's copy copies its bots): the
        generator's state copied directly, a twentieth of a generic deep copy."""
        cls = type(self)
        twin = cls.__new__(cls)
        memo[id(self)] = twin
        for k, v in self.__dict__.items():
            twin.__dict__[k] = copy_random(v) if type(v) is random.Random else deepcopy(v, memo)
        return twin


def copy_random(rng: random.Random) -> random.Random:
    """An independent ``random.Random`` in the state of ``rng``."""
    twin = random.Random(0)
    twin.setstate(rng.getstate())
    return twin


class TunedBot(SeededBot):
    """A deterministic :class:`SeededBot` whose tuning parameters are its class
    attributes: each keyword of ``params`` replaces one, converted to the type of
    its default (``heuristic:threat=4``); a name that is no class attribute, or
    one of :attr:`RESERVED`, is a :class:`TypeError`."""

    RESERVED: ClassVar[tuple[str, ...]] = ()
    """Class attributes that are no parameters."""

    def __init__(self, seed: int | None = None, **params: Any):
        super().__init__(seed)  # for the bot interface: the decisions are deterministic
        cls = type(self)
        for k, v in params.items():
            if not hasattr(cls, k) or k == "RESERVED" or k in self.RESERVED:
                raise TypeError(f"unknown parameter {k!r}")
            setattr(self, k, type(getattr(cls, k))(v))


def spare_short_hands(
    groups: list[G], danger: int, single: Any, pair: Any, strength: Callable[[G], Any]
) -> list[G]:
    """The leads among ``groups`` (each with a ``kind``) when an opponent holds
    ``danger`` cards: no ``single`` into one card (only the strongest single when
    nothing else is left), no ``pair`` into two (unless nothing else is left)."""
    if danger == 1:
        others = [g for g in groups if g.kind is not single]
        return others or [max(groups, key=strength)]
    if danger == 2:
        return [g for g in groups if g.kind is not pair] or groups
    return groups
