"""The search bot's core rollouts (``rollout=core`` / ``core-random``): legal,
reproducible, and the same decisions whether the playouts run compiled or in the
pure-Python reference."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from chupai.bots import plugin
from chupai.bots.search import SearchBot
from chupai.errors import ChupaiError
from chupai.playouts import playout_each
from chupai.protocol import all_games, get_game

CORE_GAMES = [
    spec.key
    for spec in all_games()
    if (hooks := plugin.search_game(spec)) is not None and hooks.playouts is not None
]


def play(game: str, seed: int, rollout: str, playouts: int = 12, limit: int = 12) -> list[Any]:
    """The actions of a deal with the search bot in every seat (checked actions),
    until ``limit`` decisions were searched (rollouts run) or the deal ends."""
    spec = get_game(game)
    deal = spec.new_deal(spec.resolve(spec.default_preset), seed)
    bots = [
        SearchBot(seat + 7, game, playouts=playouts, rollout=rollout)
        for seat in range(deal.players)
    ]
    moves: list[Any] = []
    searched = 0
    while not deal.is_terminal() and searched < limit:
        seat = deal.current_player
        legal = deal.legal_actions()
        bots[seat].last_stats = {}
        action = bots[seat].act(deal.observe(seat), legal)
        assert action in legal
        searched += bool(bots[seat].last_stats.get("rollouts"))
        moves.append(action)
        deal.apply_action(action)
    assert searched, "no decision was searched"
    return moves


def test_every_game_offers_core_rollouts() -> None:
    assert {"bigtwo", "doudizhu", "biga"} <= set(CORE_GAMES)


@pytest.mark.parametrize("game", CORE_GAMES)
@pytest.mark.parametrize("rollout", ["core", "core-random"])
def test_core_rollouts_are_legal_and_reproducible(game: str, rollout: str) -> None:
    first = play(game, 3, rollout)
    assert first and first == play(game, 3, rollout)


@pytest.mark.parametrize("game", CORE_GAMES)
def test_core_rollouts_decide_alike_compiled_and_pure(
    game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The same decisions when the hook's playouts are replaced by the game's
    pure-Python reference playouts."""
    compiled = play(game, 5, "core-random", limit=8)
    spec = get_game(game)
    hooks = plugin.search_game(spec)
    assert hooks is not None and hooks.playouts is not None
    module = __import__(hooks.playouts.__module__, fromlist=["reference_playout"])

    def python_path(deal: Any, indices: Any, seed: int, policy: str) -> list[list[int]]:
        return playout_each(deal, indices, seed & (2**64 - 1), policy, module.reference_playout)

    pure = dataclasses.replace(hooks, playouts=python_path)
    monkeypatch.setattr(
        "chupai.bots.search.search_game", lambda s: pure if s.key == game else plugin.search_game(s)
    )
    assert play(game, 5, "core-random", limit=8) == compiled


def test_core_rollouts_need_the_games_playouts(monkeypatch: pytest.MonkeyPatch) -> None:
    game = CORE_GAMES[0]
    hooks = plugin.search_game(get_game(game))
    assert hooks is not None
    bare = dataclasses.replace(hooks, playouts=None)
    monkeypatch.setattr("chupai.bots.search.search_game", lambda s: bare)
    with pytest.raises(ChupaiError, match="no core playouts"):
        SearchBot(1, game, rollout="core")
    SearchBot(1, game, rollout="heuristic")  # the other policies stay
