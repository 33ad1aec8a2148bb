"""The Big Two ``expert`` level: the search bot with the settings of
``chupai.bots.games.bigtwo.EXPERT`` (core rollouts, the score objective,
inference from passes): reproducible for a seed, within its time cap, and playing any table
size."""

from __future__ import annotations

from typing import Any

import pytest

from chupai.bigtwo.game import new_deal
from chupai.bigtwo.rules import resolve
from chupai.bots import make_bot
from chupai.bots.expert import expert_settings
from chupai.bots.search import SearchBot


def _choices(bot: Any, seed: int, limit: int = 5) -> list[Any]:
    """The bot's first ``limit`` play decisions with a choice, in seat 0 of deal
    ``seed`` against heuristic bots."""
    deal = new_deal(resolve("standard"), seed)
    others = [make_bot("heuristic", s, "bigtwo") for s in range(4)]
    out = []
    while not deal.is_terminal() and len(out) < limit:
        seat = deal.current_player
        legal = deal.legal_actions()
        obs = deal.observe(seat)
        if seat == 0 and len(legal) > 1:
            bot.last_stats = {}
            action = bot.act(obs, legal)
            out.append((action, bot.last_stats.get("rollouts", 0)))
        else:
            action = others[seat].act(obs, legal)
        deal.apply_action(action)
    return out


def test_the_expert_is_the_tuned_search() -> None:
    bot = make_bot("expert", 1, "bigtwo")
    assert isinstance(bot, SearchBot) and bot.name == "expert"
    settings = expert_settings("bigtwo")
    assert (bot.rollout, bot.objective, bot.infer) == ("core", "score", settings["infer"])
    assert bot.playouts == settings["playouts"] and bot.limit_ms == settings["limit_ms"]


def test_the_expert_is_reproducible_for_a_seed() -> None:
    """Under a cap that is not reached (a loaded machine could reach the real one)."""
    first = _choices(make_bot("expert:limit_ms=60000,playouts=300", 4, "bigtwo"), 21, limit=4)
    again = _choices(make_bot("expert:limit_ms=60000,playouts=300", 4, "bigtwo"), 21, limit=4)
    assert len(first) >= 3 and first == again
    assert any(rollouts == 300 for _, rollouts in first)  # searched, not capped


@pytest.mark.parametrize("over", [{"players": "3"}, {"players": "6"}])
def test_the_expert_plays_other_table_sizes(over: dict[str, str]) -> None:
    rules = resolve("standard", over)
    n = rules.players
    deal = new_deal(rules, 5)
    bots = [make_bot("expert:playouts=60", 1, "bigtwo")] + [
        make_bot("heuristic", s, "bigtwo") for s in range(1, n)
    ]
    while not deal.is_terminal():
        seat = deal.current_player
        deal.apply_action(bots[seat].act(deal.observe(seat), deal.legal_actions()))
    assert deal.outcome is not None and deal.outcome.winner is not None
