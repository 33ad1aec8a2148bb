"""Actions shared by every game.

A play is a game's own combination value; a pass is the singleton :data:`PASS`
(falsy-free, equal only to itself, hashable), used for passing in play and in
bidding alike.
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
        # unpickled as the singleton itself (the engines test ``action is PASS``)
        return "PASS"


PASS: Final = Pass()
