"""The exception hierarchy of chupai.

Every error raised on bad input is a :class:`ChupaiError`, itself a
:class:`ValueError`, so callers may catch broadly or finely. Messages quote the
offending token, key or action.
"""

from __future__ import annotations

from typing import Any

__all__ = [
    "ChupaiError",
    "CardParseError",
    "RulesError",
    "IllegalActionError",
    "RecordError",
    "UnsupportedOptionError",
]


class ChupaiError(ValueError):
    """Base class of every error chupai raises on bad input."""


class CardParseError(ChupaiError):
    """A card token or card list could not be read.

    ``token`` is the offending token (or ``None`` when the problem is the list as a
    whole) and ``index`` its 0-based position in the list.
    """

    def __init__(self, message: str, token: str | None = None, index: int | None = None):
        super().__init__(message)
        self.token = token
        self.index = index

    def __reduce__(self) -> tuple[Any, ...]:  # pickles with its token and index
        return (type(self), (self.args[0], self.token, self.index))

    @classmethod
    def not_a_combination(cls, over: str, reason: str) -> CardParseError:
        """The error of a judge's PREVIOUS play ``over`` that is no combination
        (``reason``: why, the game's explanation)."""
        return cls(f"the previous play {over.strip()!r} is not a combination: {reason}")


class RulesError(ChupaiError):
    """An unknown game, preset or option key, or a bad option value.

    ``key`` names the option (or ``"game"``/``"preset"``) and ``allowed`` lists the
    accepted keys or values when there is a closed list.
    """

    def __init__(self, message: str, key: str | None = None, allowed: tuple[str, ...] = ()):
        super().__init__(message)
        self.key = key
        self.allowed = allowed

    def __reduce__(self) -> tuple[Any, ...]:  # pickles with its key and allowed values
        return (type(self), (self.args[0], self.key, self.allowed))


class UnsupportedOptionError(RulesError):
    """A valid option value whose behaviour the engine does not implement yet."""


class IllegalActionError(ChupaiError):
    """An action that is not legal in the current state; ``reason`` says why."""

    def __init__(self, action: str, reason: str):
        super().__init__(f"illegal action {action!r}: {reason}")
        self.action = action
        self.reason = reason

    def __reduce__(self) -> tuple[Any, ...]:
        # rebuilt from its two arguments (the default would pass the message alone),
        # so that it crosses process boundaries (tournament workers, Ray)
        return (type(self), (self.action, self.reason))


class RecordError(ChupaiError):
    """A game record that is malformed or does not replay.

    ``action_index`` is the 0-based index of the first bad action, or ``None``
    when the record is bad as a whole.
    """

    def __init__(self, message: str, action_index: int | None = None):
        super().__init__(message)
        self.action_index = action_index

    def __reduce__(self) -> tuple[Any, ...]:  # pickles with its action index
        return (type(self), (self.args[0], self.action_index))
