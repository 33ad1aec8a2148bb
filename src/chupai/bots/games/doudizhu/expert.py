"""Dou Dizhu's ``expert`` level: the search bot (:class:`~chupai.bots.search.SearchBot`)
with the plugin's ``EXPERT`` settings (a fixed playout budget, a 100 ms safety cap,
inference from the passes), whose playout budget follows the number of players.

A four-player deal costs a rollout (and a sample) about two and a half times
what a three-player one does (more cards, more seats), so the same budget would run into the cap on
most decisions and the bot would no longer be reproducible: the budget is read
from :data:`PLAYOUTS_BY_PLAYERS` at each decision, from the observation's
number of players. Parameters given with the name (``expert:playouts=600``)
fix the budget for every table.

>>> from chupai.bots import make_bot
>>> bot = make_bot("expert", seed=1, game="doudizhu")
>>> bot.name, bot.playouts, bot.limit_ms
('expert', 1500, 100.0)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from chupai.bots.expert import expert_settings
from chupai.bots.search import SearchBot

__all__ = ["PLAYOUTS_BY_PLAYERS", "DouDizhuExpertBot"]

PLAYOUTS_BY_PLAYERS: Final[Mapping[int, int]] = {3: 1500, 4: 600}
"""The playout budget per decision at a table of that many players (a median
under 100 ms on one core)."""


class DouDizhuExpertBot(SearchBot):
    """The search bot with Dou Dizhu's expert settings (see the module)."""

    def __init__(self, seed: int | None = None, game: str = "doudizhu", **params: Any):
        super().__init__(seed, game, **{**expert_settings(game), **params})
        self.name = "expert"
        self.by_players: Mapping[int, int] | None = (
            None if "playouts" in params or "ms" in params else PLAYOUTS_BY_PLAYERS
        )
        """The budget by number of players; None when the parameters fixed it."""

    def act(self, observation: Any, legal: Sequence[Any]) -> Any:
        """:meth:`SearchBot.act` with the budget of the table's size."""
        if self.by_players is not None:
            self.playouts = self.by_players.get(int(observation.players), self.playouts)
        return super().act(observation, legal)
