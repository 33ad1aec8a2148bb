"""Actions shared by every game.

A play is a game's own combination value; a pass is :data:`PASS` (equal to every
:class:`Pass`, hashable), used for passing in play and in bidding alike. A pass is a
value, never an identity: the engines test ``type(action) is Pass`` (or ``action ==
PASS``), so a pass made by another process, a copy or a user is the same action.
"""

from __future__ import annotations

from typing import Final

__all__ = ["Pass", "PASS"]


class Pass:
    """The pass action (use the singleton :data:`PASS`)."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "PASS"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Pass)

    def __hash__(self) -> int:
        return hash("PASS")

    def __reduce__(self) -> str:
        # unpickled as the module's PASS (one object per process, though nothing
        # relies on it: the engines compare a pass by type)
        return "PASS"

    def __copy__(self) -> Pass:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> Pass:
        return self


PASS: Final = Pass()
