"""Bots of ``chupai serve`` think in worker processes, so that a bot's search never
holds the server's interpreter: a bot sent to a worker decides as the same bot in
the server would, and comes back with its state moved on."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("starlette")
from chupai.bots import make_bot  # noqa: E402
from chupai.protocol import get_game  # noqa: E402
from chupai.web.guards import bot_pool, think  # noqa: E402


@pytest.mark.parametrize("game", ["bigtwo", "doudizhu", "biga"])
def test_a_bot_in_a_worker_process_decides_as_in_the_server(game: str) -> None:
    spec = get_game(game)
    deal = spec.new_deal(spec.resolve(), 11)
    rng = random.Random(11)
    for _ in range(12):  # into the deal, past any opening decision
        deal.apply_action(rng.choice(deal.legal_actions()))
        if deal.is_terminal():  # a redeal: another seed
            deal = spec.new_deal(spec.resolve(), rng.randrange(1000))
    local = make_bot("search:playouts=8", 5, game=game)
    sent = make_bot("search:playouts=8", 5, game=game)
    with bot_pool(1, processes=True) as pool:
        for _ in range(3):
            if deal.is_terminal():
                break
            seat = deal.current_player
            obs, legal = deal.observe(seat), deal.legal_actions()
            index, sent, _ = pool.submit(think, sent, obs, legal).result(timeout=120)
            assert legal[index] == local.act(obs, legal)  # same choice, same state after
            deal.apply_action(legal[index])


def test_think_names_the_choice_by_its_index() -> None:
    spec = get_game("bigtwo")
    deal = spec.new_deal(spec.resolve(), 3)
    legal = deal.legal_actions()
    bot = make_bot("greedy", 1, game="bigtwo")
    index, same, seconds = think(bot, deal.observe(deal.current_player), legal)
    assert same is bot and seconds >= 0
    assert legal[index] == bot.act(deal.observe(deal.current_player), legal)
