"""The Gymnasium conventions of :class:`chupai.env.gym.ChupaiGymEnv`:
``check_env`` on the default settings for every game, the ids of
``gymnasium.make``, the illegal-action policy, ``action_masks()`` and the vector
observation mode, the learner's seat (fixed, random, rotating) and a short
sb3-contrib ``MaskablePPO`` run with no glue (slow)."""

from __future__ import annotations

import subprocess
import sys
import warnings
from typing import Any

import numpy as np
import pytest

pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

import gymnasium  # noqa: E402
from gymnasium.utils.env_checker import check_env  # noqa: E402

import chupai.env  # noqa: E402
from chupai.env.gym import DEFAULT_ILLEGAL_REWARD, ChupaiGymEnv  # noqa: E402
from chupai.env.registration import ENTRY_POINT, env_ids  # noqa: E402
from chupai.errors import IllegalActionError, RulesError  # noqa: E402
from chupai.protocol import all_games  # noqa: E402

IDS = {
    "doudizhu": "chupai/DouDizhu-v0",
    "bigtwo": "chupai/BigTwo-v0",
    "biga": "chupai/BigA-v0",
    "daguailuzi": "chupai/DaGuaiLuZi-v0",
}


class FirstBot:
    """A bot that plays the first legal action."""

    def act(self, observation: Any, legal: list[Any]) -> Any:
        return legal[0]


def _play(e: Any, rng: np.random.Generator, obs_info: tuple[Any, Any]) -> dict[str, Any]:
    """Play one episode of ``e`` from ``reset``'s result with random legal ids;
    returns the last info."""
    _, info = obs_info
    done = False
    while not done:
        ids = np.flatnonzero(e.unwrapped.action_masks())
        assert np.array_equal(ids, np.flatnonzero(info["action_mask"]))
        _, _, term, trunc, info = e.step(int(ids[rng.integers(len(ids))]))
        done = term or trunc
    return dict(info)


# ----- registration --------------------------------------------------------------------


def test_every_game_names_its_id() -> None:
    assert env_ids() == IDS
    assert set(IDS) <= {g.key for g in all_games()}
    for key, env_id in IDS.items():
        spec = gymnasium.spec(env_id)
        assert spec.entry_point == ENTRY_POINT and spec.kwargs == {"game": key}
    assert set(chupai.env.register_envs()) == set(IDS.values())  # again: a no-op


@pytest.mark.parametrize("game", sorted(IDS))
def test_check_env_passes_on_defaults(game: str) -> None:
    e = gymnasium.make(IDS[game], opponents="random", seed=5)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # not even a warning
        check_env(e.unwrapped, skip_render_check=True)
    assert e.unwrapped.aec.game == game


def test_make_passes_keyword_arguments() -> None:
    e = gymnasium.make(
        "chupai/DouDizhu-v0", rules="four_player", opponents="random", seat=3, reward="win"
    )
    obs, info = e.reset(seed=1)
    g = e.unwrapped
    assert isinstance(g, ChupaiGymEnv)
    assert (g.aec.players, g.seat, info["seat"], g.aec.reward_mode) == (4, 3, 3, "win")
    assert e.observation_space.contains(obs)


def test_make_without_importing_chupai_first() -> None:
    probe = (
        "import gymnasium\n"
        "e = gymnasium.make('chupai.env:chupai/BigTwo-v0', opponents='random')\n"
        "print(type(e.unwrapped).__name__, e.reset(seed=0)[1]['seat'])\n"
        "e = gymnasium.make('chupai/BigA-v0', opponents='random')\n"
        "print(e.unwrapped.aec.game)\n"
    )
    proc = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, timeout=120
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.split() == ["ChupaiGymEnv", "0", "biga"]


# ----- illegal actions -----------------------------------------------------------------


def test_illegal_action_terminates_by_default() -> None:
    e = ChupaiGymEnv("doudizhu", "classic", opponents="random", seed=0)
    e.reset()
    obs, r, term, trunc, info = e.step(27_863)
    assert (r, term, trunc, info["illegal"], info["seat"]) == (-1.0, True, False, True, 0)
    assert r == DEFAULT_ILLEGAL_REWARD and not obs["action_mask"].any()
    assert not e.action_masks().any()
    e.reset()
    _, r, term, _, info = e.step(-1)  # out of range
    assert (r, term, info["illegal"]) == (-1.0, True, True)


def test_illegal_action_policies() -> None:
    e = ChupaiGymEnv("bigtwo", opponents="random", seed=0, illegal_reward=-5)
    e.reset()
    assert e.step(e.action_space.n - 1)[1:3] == (-5.0, True)
    e = ChupaiGymEnv("bigtwo", opponents="random", seed=0, illegal="raise")
    obs, _ = e.reset()
    with pytest.raises(IllegalActionError):
        e.step(e.action_space.n)
    # nothing changed: a legal id still plays
    legal = int(np.flatnonzero(obs["action_mask"])[0])
    assert not e.step(legal)[4].get("illegal")
    with pytest.raises(RulesError, match="illegal") as err:
        ChupaiGymEnv("bigtwo", illegal="ignore")
    assert err.value.key == "illegal"
    for bad in (float("nan"), "1", True):
        with pytest.raises(RulesError, match="illegal_reward"):
            ChupaiGymEnv("bigtwo", illegal_reward=bad)


# ----- masks and observation modes -----------------------------------------------------


@pytest.mark.parametrize("game", sorted(IDS))
def test_action_masks_follow_the_episode(game: str) -> None:
    e = gymnasium.make(IDS[game], opponents="random", obs_mode="vector", seed=2)
    obs, info = e.reset()
    g = e.unwrapped
    assert e.observation_space == g.aec.observation_space(g.agent)["observation"]
    assert isinstance(obs, np.ndarray) and e.observation_space.contains(obs)
    masks = e.get_wrapper_attr("action_masks")()
    assert masks.dtype == np.bool_ and masks.shape == (e.action_space.n,)
    assert np.array_equal(masks, info["action_mask"].astype(bool)) and masks.any()
    info = _play(e, np.random.default_rng(0), (obs, info))
    assert not g.action_masks().any() and "score" in info


def test_bad_obs_mode() -> None:
    with pytest.raises(RulesError, match="obs_mode"):
        ChupaiGymEnv("doudizhu", obs_mode="image")  # type: ignore[arg-type]


# ----- the learner's seat --------------------------------------------------------------


def test_random_seat_is_drawn_and_replayed() -> None:
    e = ChupaiGymEnv("biga", seat="random", opponents="random", seed=4)
    rng = np.random.default_rng(0)
    seats = []
    for _ in range(12):
        obs, info = e.reset()
        seats.append(info["seat"])
        assert e.seat == info["seat"] and e.aec.agent_selection == f"seat_{e.seat}"
        assert set(e.bots) == set(range(5)) - {e.seat}
        assert _play(e, rng, (obs, info))["seat"] == e.seat
    assert len(set(seats)) > 2
    again = ChupaiGymEnv("biga", seat="random", opponents="random", seed=4)
    assert [again.reset()[1]["seat"] for _ in range(12)] == seats


def test_rotating_seat() -> None:
    bots = [FirstBot(), FirstBot()]
    e = ChupaiGymEnv("doudizhu", seat="rotate", opponents=bots)
    assert [e.reset(seed=s)[1]["seat"] for s in (1, 2)] == [0, 0]
    assert [e.reset()[1]["seat"] for _ in range(4)] == [1, 2, 0, 1]
    assert e.bots == {2: bots[0], 0: bots[1]}  # in seat order after the learner
    for bad in (3, -1, "left", 1.0, True):
        with pytest.raises(RulesError, match="seat"):
            ChupaiGymEnv("doudizhu", seat=bad)


# ----- sb3-contrib (slow) --------------------------------------------------------------


@pytest.mark.slow
def test_maskable_ppo_trains_on_the_registered_env() -> None:
    sb3 = pytest.importorskip("sb3_contrib")
    env = gymnasium.make("chupai/DouDizhu-v0", opponents="random", obs_mode="vector", seed=0)
    model = sb3.MaskablePPO(
        "MlpPolicy",
        env,
        n_steps=64,
        batch_size=32,
        n_epochs=1,
        policy_kwargs={"net_arch": [32]},
        seed=0,
        device="cpu",
    )
    model.learn(128)
    obs, info = env.reset(seed=3)
    action, _ = model.predict(obs, action_masks=env.unwrapped.action_masks(), deterministic=True)
    assert info["action_mask"][int(action)] == 1
