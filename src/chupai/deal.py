"""What every game's deal engine shares: the OpenSpiel-style methods built on each
game's own rules.

:class:`Deal` is the base class of :class:`~chupai.bigtwo.game.BigTwoDeal`,
:class:`~chupai.doudizhu.game.DouDizhuDeal` and :class:`~chupai.biga.game.BigADeal`.
It holds only the methods that read the same in every game: ``current_player``,
``returns``, the checked path (``is_legal``, ``check``, ``apply_action``) and
``child``. Each game implements the rest: ``why_illegal`` and ``action_text``
(which the checked path calls), the fast path (``legal_actions``,
``apply_unchecked``), ``observe`` and ``clone``. The fast path is never wrapped
here, so a simulator calls each game's own methods directly.
"""

from __future__ import annotations

from typing import Generic, Protocol, Self, TypeVar

from chupai.errors import IllegalActionError

__all__ = ["Deal"]


class _Scored(Protocol):
    @property
    def scores(self) -> tuple[int, ...]: ...


ActionT = TypeVar("ActionT")
EventT = TypeVar("EventT")
OutcomeT = TypeVar("OutcomeT", bound=_Scored)


class Deal(Generic[ActionT, EventT, OutcomeT]):
    """The shared methods of a deal with actions ``ActionT``, events ``EventT`` and
    an outcome ``OutcomeT`` (whose ``scores`` are the returns). Subclasses keep
    their state in ``__slots__``, including ``to_act``, ``players`` and
    ``outcome``."""

    __slots__ = ()

    players: int
    to_act: int | None
    outcome: OutcomeT | None

    # ----- queries -------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        """The seat to act, or None when the deal is over."""
        return self.to_act

    def returns(self) -> list[int]:
        """Each seat's deal score (zeros until the deal is over, and on a redeal)."""
        if self.outcome is None:
            return [0] * self.players
        return list(self.outcome.scores)

    # ----- implemented by each game --------------------------------------------
    def why_illegal(self, action: ActionT) -> str | None:
        """Why ``action`` is illegal now, or None if it is legal."""
        raise NotImplementedError

    def action_text(self, action: ActionT) -> str:
        """The text of an action."""
        raise NotImplementedError

    def apply_unchecked(self, action: ActionT) -> EventT:
        """Apply ``action`` without checking legality."""
        raise NotImplementedError

    def clone(self) -> Self:
        """An independent copy."""
        raise NotImplementedError

    # ----- the checked path ------------------------------------------------------
    def is_legal(self, action: ActionT) -> bool:
        return self.why_illegal(action) is None

    def check(self, action: ActionT) -> None:
        """Raise :class:`IllegalActionError` if ``action`` is illegal now."""
        reason = self.why_illegal(action)
        if reason is not None:
            raise IllegalActionError(self.action_text(action), reason)

    def apply_action(self, action: ActionT) -> EventT:
        """Check and apply ``action`` for the player to act; returns its event."""
        self.check(action)
        return self.apply_unchecked(action)

    def child(self, action: ActionT) -> Self:
        """A clone with ``action`` applied (checked)."""
        c = self.clone()
        c.apply_action(action)
        return c
