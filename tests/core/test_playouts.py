"""Playouts of every candidate from one position (chupai.playouts.playout_each):
the compiled engine, built once and cloned per candidate, gives the returns of
the Python path (the candidate applied to a clone of the deal, then the game's
reference playout), for every game, both policies, leading and following."""

from __future__ import annotations

import importlib
from typing import Any

import pytest

from chupai.playouts import playout_each
from chupai.playrng import SplitMix64
from chupai.protocol import get_game

GAMES = ("doudizhu", "bigtwo", "biga")


def in_play(game: str, seed: int, moves: int) -> Any:
    """A deal of ``game`` after random decisions until ``moves`` play-phase
    actions were made (or the last position before its end)."""
    spec = get_game(game)
    deal = spec.new_deal(spec.resolve(spec.default_preset), seed)
    rng = SplitMix64(seed)
    played = 0
    while not deal.is_terminal():
        legal = deal.legal_actions()
        if deal.phase.value == "play":
            if played >= moves:
                break
            played += 1
        child = deal.clone()
        child.apply_action(legal[rng.below(len(legal))])
        if child.is_terminal():
            break
        deal = child
    return deal


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("policy", ["random", "greedy"])
def test_each_candidate_played_out_alike(game: str, policy: str) -> None:
    module = importlib.import_module(f"chupai.{game}.playout")
    checked = 0
    for seed in range(8):
        for moves in (0, 3, 9):
            deal = in_play(game, seed, moves)
            if deal.is_terminal():
                continue
            legal = deal.legal_actions()
            indices = list(range(min(len(legal), 8)))[::-1]
            got = module.playout_each(deal, indices, seed * 977 + moves, policy)
            want = playout_each(deal, indices, seed * 977 + moves, policy, module.reference_playout)
            assert got == want, (seed, moves)
            assert deal.legal_actions() == legal  # the deal itself is left alone
            checked += len(indices)
    assert checked > 40


@pytest.mark.parametrize("game", GAMES)
def test_candidates_share_the_seed(game: str) -> None:
    """Common random numbers: the same candidate twice gets the same returns."""
    module = importlib.import_module(f"chupai.{game}.playout")
    deal = in_play(game, 3, 2)
    first, again = module.playout_each(deal, [0, 0], 99, "random")
    assert first == again
