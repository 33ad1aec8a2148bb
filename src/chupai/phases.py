"""Decision phases of one kind, for every game's steps before play.

A deal's pre-play steps (Big Two's leftover, redeal, exchange and tribute, Dou
Dizhu's bidding and robbing, Big A's declarations during the draw and its two
questions) are phases of one shape: the seat asked is the deal's ``to_act``, and a
:class:`PhaseRules` gives

``choices(deal, seat)``
    the legal actions of that seat, in the game's canonical order;
``refusal(deal, seat, action)``
    why ``action`` is illegal for it, or None when it is legal;
``apply(deal, seat, action)``
    the effect of a legal action (the game logs the event).

A game keeps a table ``{phase: PhaseRules}`` and :class:`DecisionPhases` reads it
for the phase the deal is in (the play phase is the deal's own, and the trick's:
:mod:`chupai.trick`).

>>> class Coin:
...     phase, to_act, called = "call", 0, None
>>> def call(deal, seat, action):
...     deal.called = action
>>> rules = PhaseRules(lambda d, s: ["heads", "tails"],
...                    lambda d, s, a: None if a in ("heads", "tails") else "call heads or tails",
...                    call)
>>> deal = Coin()
>>> rules.choices(deal, 0), rules.refusal(deal, 0, "edge")
(['heads', 'tails'], 'call heads or tails')
>>> rules.apply(deal, 0, "heads"); deal.called
'heads'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Generic, NamedTuple, TypeVar

from chupai.i18n import Msg

__all__ = ["DecisionPhases", "PhaseRules"]

D = TypeVar("D")
A = TypeVar("A")


class PhaseRules(NamedTuple, Generic[D, A]):
    """How one decision phase decides (see the module)."""

    choices: Callable[[D, int], Sequence[A]]
    """The legal actions of the seat asked."""
    refusal: Callable[[D, int, A], str | None]
    """Why an action is illegal for the seat asked (None: it is legal)."""
    apply: Callable[[D, int, A], Any]
    """Apply a legal action of the seat asked."""


class DecisionPhases:
    """The pre-play phases of a deal, dispatched through the class's table
    ``_PHASES`` (phase → :class:`PhaseRules`)."""

    __slots__ = ()

    _PHASES: Mapping[Any, PhaseRules[Any, Any]] = {}
    phase: Any

    def _phase_choices(self, seat: int) -> list[Any]:
        """The legal actions of ``seat`` in the deal's decision phase."""
        return list(self._PHASES[self.phase].choices(self, seat))

    def _refusal_outside_play(self, seat: int | None, action: Any) -> str | None:
        """Why ``action`` is illegal when the deal is not in play: it is over
        (``seat`` None), or the decision phase refuses it (None: it is legal).
        A deal's ``why_illegal`` starts with it."""
        if seat is None:
            return Msg("the deal is over")
        return self._PHASES[self.phase].refusal(self, seat, action)

    def _phase_apply(self, seat: int, action: Any) -> Any:
        """Apply the legal ``action`` of ``seat`` in the decision phase."""
        return self._PHASES[self.phase].apply(self, seat, action)
