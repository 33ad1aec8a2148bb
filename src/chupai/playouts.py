"""Playouts of several candidate actions from one position: the rollouts of the
search bot, written once for every game.

:func:`playout_each` plays, for each chosen index of ``deal.legal_actions()``, that
action and then the rest of the deal by a playout policy, and gives each ending's
returns. Every candidate's playout starts from the same seed (common random
numbers: the candidates are compared on the same luck). Where the game's compiled
deal engine plays the deal, it is built **once** from the deal and cloned per
candidate (a struct copy), so a rollout costs a few microseconds; elsewhere each
candidate is applied to a clone of the Python deal and played by the game's own
playout function. Both give the same returns: the compiled engine lists legal
actions in the Python deal's order and draws the same numbers
(:mod:`chupai.playrng`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

__all__ = ["playout_each"]

Root = Callable[[Any], Any]
"""A deal → its compiled engine (with ``clone``, ``apply_index`` and ``playout``),
or None where the compiled engine does not play it."""
Playout = Callable[[Any, int, Any], Sequence[int]]
"""The game's playout: (deal, seed, policy) → returns."""


def playout_each(
    deal: Any,
    indices: Sequence[int],
    seed: int,
    policy: str,
    playout: Playout,
    root: Root | None = None,
) -> list[list[int]]:
    """The returns after each ``deal.legal_actions()[i]`` for ``i`` in ``indices``,
    the deal then played to its end by ``policy`` from ``seed``; ``deal`` itself is
    left alone. ``root`` builds the compiled engine (None: the Python path only)."""
    engine = root(deal) if root is not None and indices else None
    if engine is not None:
        out = []
        for i in indices:
            child = engine.clone()
            child.apply_index(i)
            out.append(list(child.playout(seed, policy)))
        return out
    legal = deal.legal_actions()
    results = []
    for i in indices:
        child = deal.clone()
        child.apply_unchecked(legal[i])
        results.append(list(playout(child, seed, policy)))
    return results
