"""Own agents as the opponents of :class:`chupai.env.gym.ChupaiGymEnv`: agent
objects, ``module:attribute`` names, registered names and wrapped policy
functions each play their seat, and the opponents' choices are theirs."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

from chupai.bots import PolicyBot, register_bot  # noqa: E402
from chupai.env.gym import ChupaiGymEnv  # noqa: E402
from tests import agents_fixture as fx  # noqa: E402


class Recorder(fx.Agent):
    """The fixture agent, counting its decisions."""

    def __init__(self, seed: int | None = None):
        super().__init__(seed)
        self.asked = 0

    def act(self, observation: Any, legal: Any) -> Any:
        self.asked += 1
        return super().act(observation, legal)


@pytest.mark.usefixtures("clean_registry")
def test_every_kind_of_own_agent_plays_an_opponent_seat() -> None:
    register_bot("fixture-first", fx.first, game="doudizhu")
    for second in ("tests.agents_fixture:make", "fixture-first", PolicyBot(fx.first)):
        me = Recorder(1)
        env = ChupaiGymEnv("doudizhu", "classic", opponents=[me, second], seed=3)
        obs, info = env.reset()
        done = False
        while not done:
            legal = info["action_mask"].nonzero()[0]
            obs, _reward, done, truncated, info = env.step(int(legal[0]))
            done = done or truncated
        assert me.asked > 0 and env.bots[1] is me
        assert isinstance(env.bots[2], fx.Agent | PolicyBot)


def test_a_policy_function_and_an_agent_class_are_built_per_seat() -> None:
    """A plain ``f(observation, legal)`` and an agent class go straight in: the
    function is wrapped, the class is built with a seed drawn from the env."""
    env = ChupaiGymEnv("doudizhu", "classic", opponents=[fx.first, fx.Agent], seed=5)
    _obs, info = env.reset()
    assert isinstance(env.bots[1], PolicyBot) and type(env.bots[2]) is fx.Agent
    done = False
    while not done:
        _obs, _reward, term, trunc, info = env.step(int(info["action_mask"].nonzero()[0][0]))
        done = term or trunc


def test_a_non_agent_opponent_is_refused_by_name() -> None:
    from chupai.errors import RulesError

    with pytest.raises(RulesError, match="neither a bot name nor an agent"):
        ChupaiGymEnv("doudizhu", "classic", opponents=[42, "random"])
