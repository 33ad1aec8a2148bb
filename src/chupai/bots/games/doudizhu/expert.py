"""Dou Dizhu's ``expert`` level: the search bot (:class:`~chupai.bots.search.SearchBot`)
with the plugin's ``EXPERT`` settings (heuristic rollouts on a fixed playout budget,
a 100 ms safety cap, inference from the passes), its budget set by the table's size.

The settings follow the number of players, read from the observation at each
decision (:data:`BY_PLAYERS`): at four players a rollout costs about three times
as much, so the expert runs fewer. Parameters given with the name
(``expert:playouts=60``) fix the settings for every table.

>>> from chupai.bots import make_bot
>>> bot = make_bot("expert", seed=1, game="doudizhu")
>>> bot.name, bot.rollout, bot.playouts, bot.limit_ms
('expert', 'heuristic', 100, 100.0)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from chupai.bots.expert import expert_settings
from chupai.bots.search import SearchBot

__all__ = ["BY_PLAYERS", "DouDizhuExpertBot"]

BY_PLAYERS: Final[Mapping[int, Mapping[str, Any]]] = {
    4: {"playouts": 24},
}
"""The settings that replace ``EXPERT``'s at a table of that many players (a
median under 100 ms per decision on one core)."""

_TABLE_KEYS: Final = frozenset({"rollout", "playouts", "halving", "ms"})


class DouDizhuExpertBot(SearchBot):
    """The search bot with Dou Dizhu's expert settings (see the module)."""

    def __init__(self, seed: int | None = None, game: str = "doudizhu", **params: Any):
        settings = {**expert_settings(game), **params}
        super().__init__(seed, game, **settings)
        self.name = "expert"
        keys: tuple[str, ...] = ("rollout", "playouts", "halving")
        self._base: dict[str, Any] = {k: settings[k] for k in keys if k in settings}
        self.by_players: Mapping[int, Mapping[str, Any]] | None = (
            None if _TABLE_KEYS & set(params) else BY_PLAYERS
        )
        """The settings by number of players; None when the parameters fixed them."""

    def act(self, observation: Any, legal: Sequence[Any]) -> Any:
        """:meth:`SearchBot.act` with the settings of the table's size."""
        if self.by_players is not None:
            own: dict[str, Any] = dict(self._base)
            own.update(self.by_players.get(int(observation.players), {}))
            self.rollout = str(own.get("rollout", self.rollout))
            self.playouts = own.get("playouts", self.playouts)
            self.halving = int(own.get("halving", self.halving))
        return super().act(observation, legal)
