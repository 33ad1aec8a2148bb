"""The Big Two environment at every table size: PettingZoo's api_test at 2, 5 and 8
seats, observation spaces sized for n, masks that are the deal's legal actions, and
vectorised deals at large tables (docs/env.md, Big Two)."""

from __future__ import annotations

import random
import warnings

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

from pettingzoo.test import api_test  # noqa: E402

from chupai.bigtwo.rules import BigTwoRules, resolve  # noqa: E402
from chupai.env import env, raw_env  # noqa: E402
from chupai.env.vector import VectorGames, random_actions  # noqa: E402


def rules(n: int, **over: str) -> BigTwoRules:
    return resolve("standard", {"players": str(n), **over})


@pytest.mark.parametrize("n", [2, 5, 8])
def test_pettingzoo_api_test(n: int) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(env(game="bigtwo", rules=rules(n), render_mode="ansi"), num_cycles=300)


def test_spaces_are_sized_for_the_table() -> None:
    sizes = {}
    for n in (3, 4, 6, 13):
        e = raw_env("bigtwo", rules(n))
        assert e.possible_agents == [f"seat_{s}" for s in range(n)]
        space = e.observation_space("seat_0")
        sizes[n] = space["observation"].shape[0]
        assert space["action_mask"].shape == (e.action_space("seat_0").n,)
    assert sizes[3] < sizes[4] < sizes[6] < sizes[13]


@pytest.mark.parametrize("n", [6, 13])
def test_masks_are_the_legal_actions_and_episodes_end(n: int) -> None:
    e = raw_env("bigtwo", rules(n, leftover_rule="round_robin"))
    rng = random.Random(n)
    for episode in range(3):
        e.reset(seed=episode)
        steps = 0
        for agent in e.agent_iter():
            obs, _, term, trunc, _ = e.last()
            if term or trunc:
                e.step(None)
                continue
            deal = e.deal
            legal = deal.legal_actions()
            ids = np.flatnonzero(obs["action_mask"])
            assert len(ids) == len(legal)
            assert agent == f"seat_{deal.current_player}"
            e.step(int(rng.choice(ids)))
            steps += 1
        assert steps > 0
        totals = [e.deal.outcome.scores[s] for s in range(n)]
        assert sum(totals) == 0


def test_vector_games_at_thirteen_seats() -> None:
    vec = VectorGames("bigtwo", rules(13), num_games=4, seed=3)
    assert vec.players == 13
    batch = vec.reset()
    rng = np.random.default_rng(0)
    ended = 0
    for _ in range(300):
        assert (batch.mask.sum(axis=1) > 0).all()
        batch = vec.step(random_actions(batch.mask, rng))
        ended += int(batch.done.sum())
        for i in np.flatnonzero(batch.done):
            assert batch.rewards[i].shape == (13,) and abs(float(batch.rewards[i].sum())) < 1e-3
    assert ended >= 4
