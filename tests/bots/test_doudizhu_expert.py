"""Dou Dizhu's ``expert`` level (``chupai.bots.games.doudizhu.expert``): the search
bot with the plugin's settings, its playout budget read from the table's size."""

from __future__ import annotations

from typing import Any

from chupai.bots import make_bot
from chupai.bots.games.doudizhu import EXPERT
from chupai.bots.games.doudizhu.expert import BY_PLAYERS, DouDizhuExpertBot
from chupai.doudizhu.game import Phase, new_deal
from chupai.doudizhu.rules import PRESETS


def first_searched(bot: Any, preset: str, seed: int) -> Any:
    """Play deal ``seed`` by the heuristic until the bot's first play decision
    with a choice, and let the bot make it."""
    deal = new_deal(PRESETS[preset], seed)
    helper = make_bot("heuristic", 0, "doudizhu")
    while True:
        seat = deal.current_player
        legal = deal.legal_actions()
        obs = deal.observe(seat)
        if deal.phase is Phase.PLAY and len(legal) > 1:
            action = bot.act(obs, legal)
            assert action in legal
            return bot.last_stats
        deal.apply_action(helper.act(obs, legal))


def test_the_expert_is_the_search_bot_with_the_plugins_settings() -> None:
    bot = make_bot("expert", 3, game="doudizhu")
    assert isinstance(bot, DouDizhuExpertBot) and bot.name == "expert"
    assert bot.infer == EXPERT["infer"] and bot.limit_ms == EXPERT["limit_ms"]
    # as docs/doudizhu.md ("The expert bot") shows
    got = (bot.rollout, bot.playouts, bot.halving, bot.infer, bot.limit_ms)
    assert got == ("heuristic", 100, 0, 0.9, 100.0)


def test_the_settings_follow_the_number_of_players() -> None:
    bot = make_bot("expert", 3, game="doudizhu")
    for preset, players in (("classic", 3), ("four_player", 4), ("classic", 3)):
        stats = first_searched(bot, preset, 7)
        want = {"rollout": "heuristic", "halving": 0, **EXPERT, **BY_PLAYERS.get(players, {})}
        got = {"rollout": bot.rollout, "playouts": bot.playouts, "halving": bot.halving}
        assert got == {k: want[k] for k in got}
        assert stats["capped"] or stats["rollouts"] == want["playouts"]


def test_a_budget_given_with_the_name_holds_at_every_table() -> None:
    bot = make_bot("expert:playouts=12", 3, game="doudizhu")
    first_searched(bot, "four_player", 7)
    assert bot.playouts == 12 and bot.name == "expert"
