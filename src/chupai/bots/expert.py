"""The ``expert`` level: each game's strongest bot at a think time a person is
glad to wait for (the target: at most 100 ms per decision, median, on one core).

A game's bots plugin may name its own ``expert`` in ``LEVELS`` (a factory, as for
every level); otherwise :func:`make_expert` builds the search bot
(:class:`~chupai.bots.search.SearchBot`) with the game's expert settings, the
``EXPERT`` mapping of its plugin (keyword arguments of the search bot), over the
default of a 100 ms budget. A game the search bot does not play gets its heuristic
bot. Parameters given with the name (``expert:playouts=60``) replace the settings.

>>> from chupai.bots import make_bot
>>> make_bot("expert", seed=1, game="bigtwo").name
'expert'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from chupai.protocol import get_game

__all__ = ["DEFAULT_EXPERT", "expert_settings", "make_expert"]

DEFAULT_EXPERT: Final[Mapping[str, Any]] = {"ms": 100.0}
"""The search bot's settings for a game whose plugin names none."""


def expert_settings(game: str) -> dict[str, Any]:
    """The search bot's keyword arguments that make ``game``'s expert."""
    plugin = get_game(game).plugin("bots")
    own = getattr(plugin, "EXPERT", None) if plugin is not None else None
    return {**DEFAULT_EXPERT, **(dict(own) if isinstance(own, Mapping) else {})}


def make_expert(seed: int | None = None, game: str = "bigtwo", **params: Any) -> Any:
    """``game``'s expert bot, seeded with ``seed`` (see the module documentation)."""
    from chupai.bots.plugin import levels, search_game
    from chupai.bots.search import SearchBot

    spec = get_game(game)
    if search_game(spec) is None:
        from chupai.bots import make_bot

        bot = make_bot("heuristic", seed, spec.key)
    else:
        factory = levels(spec).get("search")
        cls = factory if isinstance(factory, type) else SearchBot
        bot = cls(seed, spec.key, **{**expert_settings(spec.key), **params})
    bot.name = "expert"
    return bot
