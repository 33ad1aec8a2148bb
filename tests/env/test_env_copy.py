"""Copies, pickles and state strings of the environments, for every game: an AEC
environment (bare, in PettingZoo's wrappers), a Gymnasium environment with its
bots and a :class:`~chupai.env.vector.VectorGames` pickled, deep-copied or read
back from its state string play on exactly as the original (the same
observations, masks, rewards and results, the next episode included), playing
the copy leaves the original alone, and a copy shares the immutable tables."""

from __future__ import annotations

import copy
import pickle
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

from chupai.env import ChupaiGymEnv, env, raw_env  # noqa: E402
from chupai.env.aec import ChupaiAECEnv  # noqa: E402
from chupai.env.snapshot import ENV_PREFIX  # noqa: E402
from chupai.env.vector import VectorGames  # noqa: E402
from chupai.errors import RecordError  # noqa: E402

GAMES = ("bigtwo", "doudizhu", "biga", "daguailuzi")
MAKERS: dict[str, Callable[[str], Any]] = {
    "raw": lambda game: raw_env(game),
    "wrapped": lambda game: env(game),
    "illegal": lambda game: env(game, illegal_reward=-1.0),
}


def _state_copy(e: Any) -> Any:
    return ChupaiAECEnv.deserialize_state(e.unwrapped.serialize_state())


def _restored(e: Any) -> Any:
    twin = raw_env(e.unwrapped.game)
    twin.restore_state(e.unwrapped.serialize_state())
    return twin


COPIES: dict[str, Callable[[Any], Any]] = {
    "pickle": lambda e: pickle.loads(pickle.dumps(e)),
    "deepcopy": copy.deepcopy,
    "state": _state_copy,
    "restored": _restored,
}


def _turn(e: Any) -> tuple[Any, ...]:
    """What the agent to act sees, and the episode's bookkeeping."""
    obs, reward, term, trunc, info = e.last()
    u = e.unwrapped
    return (
        e.agent_selection,
        obs["observation"].tobytes(),
        obs["action_mask"].tobytes(),
        reward,
        term,
        trunc,
        info,
        list(e.agents),
        dict(u.rewards),
        u.redeals,
    )


def _step(e: Any, k: int) -> None:
    """Step the agent to act with its ``k``-th legal id (None once it is done)."""
    obs, _, term, trunc, _ = e.last()
    if term or trunc:
        e.step(None)
    else:
        ids = np.flatnonzero(obs["action_mask"])
        e.step(int(ids[k % len(ids)]))


def _advance(e: Any, rng: np.random.Generator, steps: int) -> None:
    for _ in range(steps):
        if not e.agents:
            return
        _step(e, int(rng.integers(1 << 30)))


def _play_on_together(original: Any, twins: list[Any], seed: int, limit: int = 10_000) -> None:
    """Play ``original`` on with random ids (to the end of its episode, or
    ``limit`` turns) and every twin with the same, then ``reset()`` them all
    without a seed (the generators must be copies too) and play 6 turns of the
    next episode, checking each turn."""
    rng = np.random.default_rng(seed)
    for episode, turns in enumerate((limit, 6)):
        if episode:
            for e in [original, *twins]:
                e.reset()
        for _ in range(turns):
            if not original.agents:
                break
            want = _turn(original)
            for twin in twins:
                assert _turn(twin) == want
            k = int(rng.integers(1 << 30))
            for e in [original, *twins]:
                _step(e, k)
        for twin in twins:
            assert twin.agents == original.agents
            assert twin.unwrapped._cumulative_rewards == original.unwrapped._cumulative_rewards


def _check(game: str, maker: str, how: str, seed: int, prefix: int) -> None:
    e = MAKERS[maker](game)
    e.reset(seed=seed)
    _advance(e, np.random.default_rng(seed), prefix)
    twin = COPIES[how](e)
    if e.agents:
        before = _turn(e)
        scratch = copy.deepcopy(e)
        _advance(scratch, np.random.default_rng(seed + 1), 10_000)
        assert _turn(e) == before
    _play_on_together(e, [twin], seed + 2)


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=2)
@given(
    maker=st.sampled_from(sorted(MAKERS)),
    how=st.sampled_from(sorted(COPIES)),
    seed=st.integers(0, 2**32),
    prefix=st.integers(0, 40),
)
def test_a_copy_plays_on_as_the_original(
    game: str, maker: str, how: str, seed: int, prefix: int
) -> None:
    _check(game, maker, how, seed, prefix)


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=15)
@given(
    maker=st.sampled_from(sorted(MAKERS)),
    how=st.sampled_from(sorted(COPIES)),
    seed=st.integers(0, 2**32),
    prefix=st.integers(0, 250),
)
def test_a_copy_plays_on_as_the_original_more(
    game: str, maker: str, how: str, seed: int, prefix: int
) -> None:
    _check(game, maker, how, seed, prefix)


@pytest.mark.parametrize("game", GAMES)
def test_every_kind_of_copy_plays_on_alike(game: str) -> None:
    e = env(game)
    e.reset(seed=21)
    _advance(e, np.random.default_rng(21), 7)
    twins = [make(e) for make in COPIES.values()]
    _play_on_together(e, twins, 22, limit=10)


@pytest.mark.parametrize("game", GAMES)
def test_copies_of_a_new_and_of_a_finished_env(game: str) -> None:
    fresh = raw_env(game)
    for make in (COPIES["pickle"], COPIES["deepcopy"], _state_copy):
        twin = make(fresh)
        twin.reset(seed=3)
        fresh_twin = raw_env(game)
        fresh_twin.reset(seed=3)
        assert _turn(twin) == _turn(fresh_twin)
    e = env(game)
    e.reset(seed=4)
    _advance(e, np.random.default_rng(4), 10_000)
    assert not e.agents
    for make in COPIES.values():
        twin = make(e)
        assert twin.agents == [] and twin.unwrapped.rewards == e.unwrapped.rewards


@pytest.mark.parametrize("game", GAMES)
def test_a_copy_shares_the_tables_and_copies_the_state(game: str) -> None:
    e = raw_env(game)
    e.reset(seed=1)
    twin = copy.deepcopy(e)
    for name in ("rules", "space", "encoder"):
        assert getattr(twin, name) is getattr(e, name)
    assert twin.deal is not e.deal and twin.np_random is not e.np_random
    assert twin.rewards is not e.rewards and twin.infos is not e.infos
    back = pickle.loads(pickle.dumps(e))
    assert back.space is e.space and back.encoder is e.encoder  # the cached ones
    for agent in e.possible_agents:
        assert back.observation_space(agent) == e.observation_space(agent)
        assert back.observation_space(agent) is back.observation_space(agent)
        assert back.action_space(agent) == e.action_space(agent)


def test_a_deep_copied_big_two_env_plays_its_first_pass() -> None:
    e = raw_env("bigtwo")
    e.reset(seed=2)
    twin = copy.deepcopy(e)
    for _ in range(20):
        mask = twin.action_mask()
        if mask[0]:
            twin.step(0)
            assert twin.deal.history[-1].action == e.space.action(0)
            return
        twin.step(int(np.flatnonzero(mask)[-1]))
    pytest.fail("no pass within 20 steps")


# ----- state strings ---------------------------------------------------------------------


def test_a_state_string_is_one_printable_line() -> None:
    e = raw_env("doudizhu", "classic,bidding=until_all_pass", reward="win", max_redeals=7)
    e.reset(seed=5)
    _advance(e, np.random.default_rng(5), 9)
    text = e.serialize_state()
    assert text.startswith(ENV_PREFIX) and text.isascii() and text.isprintable()
    assert len(text) < 2000
    twin = ChupaiAECEnv.deserialize_state(text, render_mode="ansi")
    assert (twin.rules, twin.reward_mode, twin.max_redeals) == (e.rules, "win", 7)
    assert twin.render_mode == "ansi" and twin.serialize_state() == text


def test_bad_state_strings_say_what_is_wrong() -> None:
    e = raw_env("doudizhu")
    e.reset(seed=1)
    _advance(e, np.random.default_rng(1), 3)
    text = e.serialize_state()
    before = _turn(e)
    with pytest.raises(RecordError, match="expected 'chupai-env/1:' at the start"):
        e.restore_state("chupai-state/1:" + text[len(ENV_PREFIX) :])
    with pytest.raises(RecordError, match="damaged state string"):
        e.restore_state(text[:-8])
    other = raw_env("bigtwo")
    other.reset(seed=1)
    with pytest.raises(RecordError, match="the state is of bigtwo, the environment of doudizhu"):
        e.restore_state(other.serialize_state())
    four = raw_env("doudizhu", "four_player")
    four.reset(seed=1)
    with pytest.raises(RecordError, match="rules .* are not the environment's"):
        e.restore_state(four.serialize_state())
    assert _turn(e) == before  # unchanged by the refused strings


# ----- the Gymnasium environment ----------------------------------------------------------


def _gym_step(e: Any, obs: Any, k: int) -> tuple[Any, ...]:
    ids = np.flatnonzero(obs["action_mask"])
    out = e.step(int(ids[k % len(ids)]))
    return out


def _gym_key(out: tuple[Any, ...]) -> tuple[Any, ...]:
    obs, reward, term, trunc, info = out
    info = {k: v.tobytes() if isinstance(v, np.ndarray) else v for k, v in info.items()}
    return obs["observation"].tobytes(), obs["action_mask"].tobytes(), reward, term, trunc, info


@pytest.mark.parametrize("game", GAMES)
def test_a_gym_env_with_its_bots_copies(game: str) -> None:
    e = ChupaiGymEnv(game, opponents="heuristic", seed=7)
    obs, _ = e.reset()
    rng = np.random.default_rng(7)
    for _ in range(3):
        out = _gym_step(e, obs, int(rng.integers(1 << 30)))
        obs = out[0]
        if out[2] or out[3]:
            obs, _ = e.reset()
    twins = [pickle.loads(pickle.dumps(e)), copy.deepcopy(e)]
    assert twins[1].bots[e.seat + 1 if e.seat + 1 < e.aec.players else 0] is not None
    assert twins[0].observation_space == e.observation_space
    for episode in range(2):
        done = False
        while not done:
            k = int(rng.integers(1 << 30))
            want = _gym_step(e, obs, k)
            for twin in twins:
                assert _gym_key(_gym_step(twin, obs, k)) == _gym_key(want)
            obs, done = want[0], want[2] or want[3]
        if not episode:
            obs, _ = e.reset()
            for twin in twins:
                assert _gym_key((twin.reset()[0], 0, 0, 0, {})) == _gym_key((obs, 0, 0, 0, {}))


# ----- the vector runner ------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_a_vector_runner_copies(game: str) -> None:
    venv = VectorGames(game, num_games=3, seed=2)
    venv.reset()
    rng = np.random.default_rng(2)
    for _ in range(20):
        venv.step(venv.sample_actions(rng))
    twins = [pickle.loads(pickle.dumps(venv)), copy.deepcopy(venv)]
    for _ in range(50):
        actions = venv.sample_actions(rng)
        want = venv.step(actions).copy()
        for twin in twins:
            got = twin.step(actions)
            for a, b in zip(got, want, strict=True):
                np.testing.assert_array_equal(a, b)
    for twin in twins:
        assert twin.stats().episodes == venv.stats().episodes
