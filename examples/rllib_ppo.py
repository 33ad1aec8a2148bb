#!/usr/bin/env python
"""RLlib PPO with action masking on a registered chupai environment.

    pip install 'chupai[rl,ray]'
    python examples/rllib_ppo.py --env chupai/DouDizhu-v0 --iterations 20

The environment observes ``{"observation": vector, "action_mask": mask}``
(``obs_mode="dict"``, the default). RLlib ships an action-masking PPO module
(:class:`ActionMaskingTorchRLModule`) that reads the vector under the key
``"observations"``; :class:`MaskedPPOModule` below only renames the key, so the
policy network sees the vector and the mask turns illegal logits to a very large
negative number before sampling.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

import gymnasium

import chupai.env  # noqa: F401  (registers the chupai/... ids)


def _module_class() -> Any:
    from ray.rllib.core.columns import Columns
    from ray.rllib.examples.rl_modules.classes.action_masking_rlm import ActionMaskingTorchRLModule

    class MaskedPPOModule(ActionMaskingTorchRLModule):  # type: ignore[misc]
        """RLlib's action-masking PPO module on chupai's observation keys."""

        def __init__(self, *, observation_space: Any = None, **kwargs: Any) -> None:
            renamed = gymnasium.spaces.Dict(
                {
                    "observations": observation_space["observation"],
                    "action_mask": observation_space["action_mask"],
                }
            )
            super().__init__(observation_space=renamed, **kwargs)

        def _preprocess_batch(self, batch: Any, **kwargs: Any) -> Any:
            obs = batch[Columns.OBS]
            if "observation" in obs:
                obs["observations"] = obs.pop("observation")
            return super()._preprocess_batch(batch, **kwargs)

    return MaskedPPOModule


def build(env_id: str, seed: int = 0, hidden: int = 64, batch: int = 256) -> Any:
    """The PPO algorithm on ``env_id`` (random opponents, a random learner seat),
    run in this process."""
    from ray.rllib.algorithms.ppo import PPOConfig
    from ray.rllib.core.rl_module.rl_module import RLModuleSpec
    from ray.tune.registry import register_env

    name = "chupai-" + env_id.split("/")[-1]
    register_env(
        name,
        lambda cfg: gymnasium.make(
            env_id, opponents="random", seat="random", reward="win", seed=cfg.get("seed", 0)
        ),
    )
    config = (
        PPOConfig()
        .environment(name, env_config={"seed": seed})
        .env_runners(num_env_runners=0)
        .training(train_batch_size_per_learner=batch, minibatch_size=64, num_epochs=1, lr=3e-4)
        .rl_module(
            rl_module_spec=RLModuleSpec(
                module_class=_module_class(),
                model_config={"fcnet_hiddens": [hidden], "head_fcnet_hiddens": []},
            )
        )
        .debugging(seed=seed)
    )
    return config.build_algo()


def main(argv: list[str] | None = None) -> int:
    import ray

    p = argparse.ArgumentParser(description="RLlib PPO with action masking on chupai.")
    p.add_argument("--env", default="chupai/DouDizhu-v0", help="a registered chupai id")
    p.add_argument("--iterations", type=int, default=20, help="training iterations")
    p.add_argument("--batch", type=int, default=256, help="environment steps per iteration")
    p.add_argument("--seed", type=int, default=0, help="seed of the run")
    args = p.parse_args(argv)
    started = not ray.is_initialized()
    if started:
        ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    algo = build(args.env, args.seed, batch=args.batch)
    result: dict[str, Any] = {}
    for _ in range(args.iterations):
        result = algo.train()
    runners = result.get("env_runners", {})
    print(
        json.dumps(
            {
                "iterations": args.iterations,
                "steps": result.get("num_env_steps_sampled_lifetime"),
                "episodes": runners.get("num_episodes_lifetime"),
                "mean_return": runners.get("episode_return_mean"),
            },
            default=float,
        )
    )
    algo.stop()
    if started:
        ray.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
