"""The Gymnasium ``VectorEnv`` over the batch runner (:mod:`chupai.env.vector_env`):
the Gymnasium 1.x vector API checked the way ``gymnasium.utils.env_checker``
checks a single env (spaces, reset and step signatures and types, seeding),
the batches equal to :class:`~chupai.env.vector.VectorGames`' own, same-step
autoreset, rewards of the acting seat, masks, buffers, errors, a random-policy
run and Gymnasium's vector wrappers, for every game."""

from __future__ import annotations

import numpy as np
import pytest

gymnasium = pytest.importorskip("gymnasium")

from gymnasium import spaces as gym_spaces  # noqa: E402
from gymnasium.vector import AutoresetMode  # noqa: E402
from gymnasium.wrappers.vector import RecordEpisodeStatistics  # noqa: E402

from chupai.env.aec import raw_env  # noqa: E402
from chupai.env.vector import VectorGames  # noqa: E402
from chupai.env.vector_env import ChupaiVectorEnv  # noqa: E402
from chupai.errors import IllegalActionError, RulesError  # noqa: E402

CASES: list[tuple[str, str]] = [
    ("doudizhu", "classic"),
    ("bigtwo", "standard"),
    ("biga", "standard"),
    ("daguailuzi", "shanghai"),
]
IDS = [g for g, _ in CASES]
STEPS = {"doudizhu": 120, "bigtwo": 120, "biga": 150, "daguailuzi": 320}
"""Random-policy steps per game: an episode or more in each deal (6 x 27 cards
make 大怪路子's episodes about 250 actions long)."""


def _check_step(venv: ChupaiVectorEnv, out: tuple[object, ...], full: bool) -> None:
    """The types and shapes of one ``step`` result (env_checker's checks, batched;
    ``full``: the observation's bounds too)."""
    obs, rewards, terms, truncs, infos = out
    n = venv.num_envs
    assert not full or venv.observation_space.contains(obs)
    for a, dtype in ((rewards, np.float64), (terms, np.bool_), (truncs, np.bool_)):
        assert isinstance(a, np.ndarray) and a.shape == (n,) and a.dtype == dtype
    assert isinstance(infos, dict)
    for key, value in infos.items():
        if not key.startswith("_"):
            assert infos[f"_{key}"].shape == (n,) and len(value) == n


@pytest.mark.parametrize("game,rules", CASES, ids=IDS)
def test_vector_env_api_and_random_policy(game: str, rules: str) -> None:
    n = 2 if game == "daguailuzi" else 4
    venv = ChupaiVectorEnv(game, rules, num_envs=n, seed=1)
    aec = raw_env(game, rules)
    assert isinstance(venv, gymnasium.vector.VectorEnv)
    assert venv.metadata["autoreset_mode"] is AutoresetMode.SAME_STEP
    assert venv.single_observation_space == aec.observation_space("seat_0")
    assert venv.single_action_space == gym_spaces.Discrete(aec.space.n)
    assert venv.action_space == gym_spaces.MultiDiscrete([aec.space.n] * n)
    obs, infos = venv.reset(seed=7)
    assert venv.observation_space.contains(obs) and infos["_seat"].all()
    rng = np.random.default_rng(0)
    episodes = 0
    for t in range(STEPS[game]):
        actions = venv.sample_actions(rng)
        assert venv.action_space.contains(actions)
        before = venv.action_masks()
        assert before[np.arange(n), actions].all()
        out = venv.step(actions)
        _check_step(venv, out, t % 10 == 0)
        obs, rewards, terms, truncs, infos = out
        assert not truncs.any()
        assert np.array_equal(venv.action_masks(), obs["action_mask"].astype(bool))
        if terms.any():
            fr = infos["final_rewards"]
            assert np.array_equal(infos["_final_rewards"], terms)
            assert np.array_equal(rewards[terms], fr[terms, infos["acted"][terms]])
            assert (infos["episode_length"][terms] > 0).all()
        assert not rewards[~terms].any()
        episodes += int(terms.sum())
    assert episodes == venv.games.stats().episodes > 0


@pytest.mark.parametrize("game,rules", CASES, ids=IDS)
def test_vector_env_returns_the_runners_batches(game: str, rules: str) -> None:
    venv = ChupaiVectorEnv(game, rules, num_envs=3)
    games = VectorGames(game, rules, num_games=3, seed=5)
    obs, _ = venv.reset(seed=5)
    batch = games.reset()
    rng = np.random.default_rng(5)
    for _ in range(120):
        assert np.array_equal(obs["observation"], batch.obs)
        assert np.array_equal(obs["action_mask"], batch.mask)
        actions = games.sample_actions(rng)
        obs, rewards, terms, _, infos = venv.step(actions)
        seats = batch.seat.copy()
        batch = games.step(actions)
        # same-step autoreset: a finished row already shows the next episode
        assert np.array_equal(terms, batch.done)
        assert np.array_equal(infos["seat"], batch.seat)
        assert np.array_equal(rewards, batch.rewards[np.arange(3), seats])


def test_vector_env_seeding_masks_and_buffers() -> None:
    def trace(venv: ChupaiVectorEnv, seed: int) -> list[bytes]:
        obs, _ = venv.reset(seed=seed)
        rng = np.random.default_rng(seed)
        out = [obs["observation"].tobytes()]
        for _ in range(30):
            obs, rewards, *_ = venv.step(venv.sample_actions(rng))
            out += [obs["observation"].tobytes(), rewards.tobytes()]
        return out

    venv = ChupaiVectorEnv("bigtwo", "standard", num_envs=2)
    assert trace(venv, 3) == trace(venv, 3) != trace(venv, 4)
    # copies by default; the runner's buffers with copy=False
    obs, _ = venv.reset(seed=1)
    kept = obs["observation"].copy()
    venv.step(venv.sample_actions(np.random.default_rng(1)))
    assert np.array_equal(obs["observation"], kept)
    fast = ChupaiVectorEnv("bigtwo", "standard", num_envs=2, copy=False, mask_in_obs=False)
    x, infos = fast.reset(seed=1)
    assert x is fast.games.reset(seed=1).obs and infos["action_mask"] is fast.games.reset().mask
    assert fast.single_observation_space == venv.single_observation_space["observation"]
    assert fast.observation_space.contains(x)


def test_vector_env_errors_name_the_problem() -> None:
    venv = ChupaiVectorEnv("doudizhu", "classic", num_envs=2, seed=0)
    with pytest.raises(RuntimeError, match="reset"):
        venv.step([0, 0])
    with pytest.raises(RuntimeError, match="reset"):
        venv.action_masks()
    obs, _ = venv.reset()
    before = obs["observation"].copy()
    bad = np.array([5000, 5000])  # a play, not legal in the bidding
    with pytest.raises(IllegalActionError, match="game 0"):
        venv.step(bad)
    with pytest.raises(ValueError, match="shape"):
        venv.step([0])
    assert np.array_equal(venv.reset(seed=0)[0]["observation"], before)
    with pytest.raises(RulesError, match="seed"):
        venv.reset(seed=[1, 2])  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="num_envs"):
        ChupaiVectorEnv("doudizhu", num_envs=0)
    with pytest.raises(RulesError, match="nope"):
        ChupaiVectorEnv("doudizhu", "nope")
    assert "num_envs=2" in repr(venv)
    venv.close()


def test_gymnasium_vector_wrappers_count_episodes() -> None:
    venv = RecordEpisodeStatistics(ChupaiVectorEnv("biga", "standard", num_envs=4, seed=2))
    venv.reset(seed=2)
    rng = np.random.default_rng(2)
    seen = 0
    for _ in range(300):
        *_, terms, _, infos = venv.step(venv.unwrapped.sample_actions(rng))
        if terms.any():
            assert np.array_equal(infos["_episode"], terms)
            assert (infos["episode"]["l"][terms] > 0).all()
            seen += int(terms.sum())
    assert seen > 0


def test_make_vec_builds_the_self_play_vector_env() -> None:
    from chupai.env.registration import VECTOR_ENTRY_POINT, env_ids, vector_env_ids

    ids = vector_env_ids()
    assert ids["doudizhu"] == "chupai/DouDizhuSelfPlay-v0" and set(ids) == set(env_ids())
    for key, env_id in ids.items():
        spec = gymnasium.spec(env_id)
        assert spec.vector_entry_point == VECTOR_ENTRY_POINT and spec.entry_point is None
        assert spec.kwargs == {"game": key}
    venv = gymnasium.make_vec(ids["bigtwo"], num_envs=3, rules="taiwan", reward="win")
    assert isinstance(venv, ChupaiVectorEnv) and venv.num_envs == 3
    assert venv.rules.spec() == "bigtwo(preset=taiwan)" and venv.games.reward == "win"
    obs, _ = venv.reset(seed=0)
    assert obs["observation"].shape == (3, venv.games.obs_size)
    # the single-env id keeps Gymnasium's default: learners against bots
    sync = gymnasium.make_vec(env_ids()["bigtwo"], num_envs=2, opponents="random")
    assert isinstance(sync, gymnasium.vector.SyncVectorEnv)


@pytest.mark.parametrize("game", ["bigtwo", "doudizhu"])
def test_vector_env_pickles_and_copies(game: str) -> None:
    # a copy of Dou Dizhu's compiled runner goes on as Python deals (VectorGames)
    import copy
    import pickle

    venv = ChupaiVectorEnv(game, num_envs=2, seed=4)
    venv.reset(seed=4)
    rng = np.random.default_rng(4)
    for _ in range(10):
        venv.step(venv.sample_actions(rng))
    twins = [pickle.loads(pickle.dumps(venv)), copy.deepcopy(venv)]
    for _ in range(20):
        actions = venv.sample_actions(rng)
        out = venv.step(actions)
        for twin in twins:
            other = twin.step(actions)
            assert np.array_equal(out[0]["action_mask"], other[0]["action_mask"])
            assert np.array_equal(out[1], other[1])


@pytest.mark.parametrize("game,rules", CASES[:3], ids=IDS[:3])
def test_vector_env_states_are_opt_in(game: str, rules: str) -> None:
    from chupai.env.state import StateEncoder

    plain = ChupaiVectorEnv(game, rules, num_envs=2, seed=3)
    assert "state" not in plain.reset(seed=3)[1]
    venv = ChupaiVectorEnv(game, rules, num_envs=2, seed=3, include_state=True)
    _, infos = venv.reset(seed=3)
    st = StateEncoder.for_rules(game, venv.rules)
    rng = np.random.default_rng(3)
    for _ in range(70):
        states = infos["state"]
        assert states.shape == (2, st.size) and infos["_state"].all()
        for i in range(2):
            assert venv.single_state_space.contains(states[i])
            assert np.array_equal(states[i], st.encode(venv.games.deal(i)))
        _, _, _, _, infos = venv.step(venv.sample_actions(rng))
