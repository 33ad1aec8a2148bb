"""The 大怪路子 search bot (see :mod:`chupai.bots.games.daguailuzi`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from chupai.bots.search import SearchBot

__all__ = ["DaguailuziSearchBot"]


class DaguailuziSearchBot(SearchBot):
    """:class:`~chupai.bots.search.SearchBot` on 大怪路子 that searches only the
    end of a deal: while the hands together hold more than ``endgame`` cards it
    plays as the heuristic bot (the rollouts of a long deal are long, and the
    plan of a long hand is what the heuristic does well). The other parameters
    are the search bot's (every keyword it takes is passed on)."""

    def __init__(
        self,
        seed: int | None = None,
        game: str = "daguailuzi",
        *,
        endgame: int = 40,
        ms: float = 1000,
        playouts: int | None = None,
        determinizations: int | None = None,
        candidates: int | None = None,
        rollout: str = "heuristic",
        objective: str | None = None,
        margin: float = 1.0,
        **search: Any,
    ):
        super().__init__(
            seed,
            game,
            ms=ms,
            playouts=playouts,
            determinizations=determinizations,
            candidates=candidates,
            rollout=rollout,
            objective=objective,
            margin=margin,
            **search,
        )
        self.endgame = int(endgame)

    def act(self, observation: Any, legal: Sequence[Any]) -> Any:
        """One element of ``legal`` for the seat of ``observation``."""
        if len(legal) > 1 and sum(observation.hand_counts) > self.endgame:
            return self.helper.act(observation, legal)
        return super().act(observation, legal)
