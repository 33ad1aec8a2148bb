#!/usr/bin/env python
"""MaskablePPO (sb3-contrib) on the registered Dou Dizhu environment, evaluated
as a chupai bot.

    pip install 'chupai[sb3]'
    python examples/ppo.py --steps 20000 --out ppo_doudizhu.zip
    CHUPAI_PPO_MODEL=ppo_doudizhu.zip \\
        chupai simulate doudizhu --bots examples.ppo:Agent,heuristic --deals 200

Training needs nothing beyond ``gymnasium.make``: ``obs_mode="vector"`` gives the
network the observation vector alone, and MaskablePPO reads the legal ids from
the environment's ``action_masks()``. The learner's seat is drawn on every reset
(``seat="random"``), so one policy learns to play landlord and peasant; the
other seats are played by ``--opponents`` (chupai bots).

:class:`Agent` is a chupai bot (``act(observation, legal)``) that plays with a
saved model, so the evaluation tools take it as they take any bot.
:func:`rollout_vector` and :func:`rollout_ray` play the policy on environment
*instances* shipped to worker processes: a ``gymnasium.vector.AsyncVectorEnv``
and a Ray pool (the environments pickle).
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import sys
from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np

import chupai.env  # noqa: F401  (registers chupai/DouDizhu-v0 and the other ids)

ENV_ID = "chupai/DouDizhu-v0"
MODEL_VARIABLE = "CHUPAI_PPO_MODEL"
"""The environment variable naming the model :class:`Agent` plays with."""
DEFAULT_MODEL = "ppo_doudizhu.zip"


def make_env(seed: int = 0, opponents: str = "random") -> Any:
    """The training environment: registered id, vector observations, a random
    learner seat."""
    return gymnasium.make(
        ENV_ID, opponents=opponents, obs_mode="vector", seat="random", reward="win", seed=seed
    )


def train(
    steps: int,
    out: str,
    seed: int = 0,
    opponents: str = "random",
    *,
    net: Sequence[int] = (256, 128),
    n_steps: int = 256,
    threads: int = 1,
) -> Any:
    """Train MaskablePPO for ``steps`` environment steps and save it to ``out``."""
    import torch
    from sb3_contrib import MaskablePPO

    torch.set_num_threads(threads)  # small networks on a small machine: one thread is fastest
    model = MaskablePPO(
        "MlpPolicy",
        make_env(seed, opponents),
        n_steps=n_steps,
        batch_size=64,
        n_epochs=4,
        policy_kwargs={"net_arch": list(net)},
        seed=seed,
        device="cpu",
    )
    model.learn(steps)
    model.save(out)
    return model


# ----- the policy as a chupai bot ------------------------------------------------------

_MODELS: dict[str, Any] = {}


def load_model(path: str) -> Any:
    """The MaskablePPO model saved at ``path`` (loaded once per process)."""
    if path not in _MODELS:
        from sb3_contrib import MaskablePPO

        _MODELS[path] = MaskablePPO.load(path, device="cpu")
    return _MODELS[path]


class Agent:
    """A chupai bot playing a saved MaskablePPO model: ``path`` (default: the
    ``CHUPAI_PPO_MODEL`` environment variable, else ``ppo_doudizhu.zip``).

    It encodes the seat's observation as the environment does, masks the legal
    ids and plays the policy's most likely action."""

    name = "ppo"

    def __init__(self, seed: int | None = None, game: str = "doudizhu", path: str | None = None):
        self.model = load_model(path or os.environ.get(MODEL_VARIABLE, DEFAULT_MODEL))
        self.game = game

    def act(self, observation: Any, legal: Sequence[Any]) -> Any:
        from chupai.env.encode import Encoder
        from chupai.env.spaces import ActionSpace

        if len(legal) == 1:
            return legal[0]
        space = ActionSpace.for_rules(self.game, observation.rules)
        x = Encoder.for_rules(self.game, observation.rules).encode(observation)
        ids = space.indices(legal)
        mask = np.zeros(space.n, bool)
        mask[ids] = True
        action, _ = self.model.predict(x, action_masks=mask, deterministic=True)
        return space.engine_action(int(action), legal, ids)


# ----- rollouts on shipped environment instances ----------------------------------------


def _same(env: Any) -> Any:
    return env


def rollout_vector(model: Any, envs: Sequence[Any], steps: int) -> list[float]:
    """Play ``model`` for ``steps`` steps on the environment instances ``envs``,
    each shipped to its own process by ``AsyncVectorEnv``; the episode returns."""
    vec = gymnasium.vector.AsyncVectorEnv([functools.partial(_same, e) for e in envs])
    try:
        obs, info = vec.reset(seed=0)
        returns: list[float] = []
        total = np.zeros(len(envs))
        for _ in range(steps):
            mask = info["action_mask"].astype(bool)
            mask[~mask.any(axis=1)] = True  # a finished env: its action is ignored
            action, _ = model.predict(obs, action_masks=mask, deterministic=True)
            obs, reward, terminated, truncated, info = vec.step(action)
            total += reward
            for i in np.flatnonzero(terminated | truncated):
                returns.append(float(total[i]))
                total[i] = 0.0
        return returns
    finally:
        vec.close()


def _play_episodes(env: Any, path: str, episodes: int, seed: int) -> list[float]:
    """Play ``episodes`` episodes of the model at ``path`` on ``env`` (in a Ray
    worker: ``env`` arrives through the object store)."""
    model = load_model(path)
    out = []
    for k in range(episodes):
        obs, info = env.reset(seed=seed + k)
        done, total = False, 0.0
        while not done:
            action, _ = model.predict(
                obs, action_masks=env.unwrapped.action_masks(), deterministic=True
            )
            obs, reward, terminated, truncated, info = env.step(int(action))
            total += float(reward)
            done = terminated or truncated
        out.append(total)
    return out


def rollout_ray(path: str, envs: Sequence[Any], episodes: int) -> list[float]:
    """Play the model saved at ``path`` on each environment instance of ``envs``
    in a Ray pool (the instances are shipped to the workers); the returns."""
    import ray

    if not ray.is_initialized():
        ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    task = ray.remote(_play_episodes)
    refs = [task.remote(env, path, episodes, 100 * i) for i, env in enumerate(envs)]
    return [r for part in ray.get(refs) for r in part]


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description="MaskablePPO on chupai/DouDizhu-v0.")
    p.add_argument("--steps", type=int, default=20_000, help="environment steps to train")
    p.add_argument("--out", default=DEFAULT_MODEL, help="where to save the model")
    p.add_argument("--seed", type=int, default=0, help="seed of the model and environment")
    p.add_argument("--opponents", default="random", help="the chupai bots of the other seats")
    p.add_argument("--threads", type=int, default=1, help="torch threads")
    p.add_argument("--vector", type=int, default=0, help="then roll out on N AsyncVectorEnv envs")
    p.add_argument("--ray", type=int, default=0, help="then roll out on N envs in a Ray pool")
    args = p.parse_args(argv)
    model = train(args.steps, args.out, args.seed, args.opponents, threads=args.threads)
    summary: dict[str, Any] = {"model": args.out, "steps": args.steps}
    if args.vector:
        envs = [make_env(args.seed + i, args.opponents) for i in range(args.vector)]
        summary["vector_returns"] = rollout_vector(model, envs, 200)
    if args.ray:
        envs = [make_env(args.seed + i, args.opponents) for i in range(args.ray)]
        summary["ray_returns"] = rollout_ray(args.out, envs, 2)
    print(json.dumps(summary))
    return 0


if __name__ == "__main__":
    sys.exit(main())
