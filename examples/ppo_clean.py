#!/usr/bin/env python
"""A single-file PPO with action masking (torch only), in the spirit of CleanRL:
every step of the algorithm is in this file, on a registered chupai environment.

    pip install 'chupai[rl]'
    python examples/ppo_clean.py --env chupai/DouDizhu-v0 --steps 20000

The policy and the value share nothing: two small MLPs on the observation
vector (``obs_mode="vector"``). Illegal ids get a logit of -1e8 before the
softmax, so the policy never samples them and their probability carries no
gradient; the mask comes from the environment's ``action_masks()``. Each
iteration collects ``--rollout`` steps in ``--envs`` environments (a
``SyncVectorEnv`` whose envs reset in the same step as they finish), computes
advantages by GAE, and takes ``--epochs`` passes of clipped-objective updates
over minibatches.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any

import gymnasium
import numpy as np
import torch
from torch import nn

import chupai.env  # noqa: F401  (registers the chupai/... ids)

NEG: float = -1e8


def make_vec(env_id: str, envs: int, seed: int, opponents: str) -> Any:
    """``envs`` copies of ``env_id``, stepped together; a finished env resets in
    the same step (its final observation is in the info)."""
    fns = [
        (
            lambda i=i: gymnasium.make(
                env_id, opponents=opponents, obs_mode="vector", seat="random", reward="win",
                seed=seed + i,
            )
        )
        for i in range(envs)
    ]  # fmt: skip
    return gymnasium.vector.SyncVectorEnv(
        fns, autoreset_mode=gymnasium.vector.AutoresetMode.SAME_STEP
    )


def masks_of(vec: Any) -> np.ndarray:
    """The legal ids of every env's current decision (bool, envs x actions)."""
    return np.stack([e.unwrapped.action_masks() for e in vec.envs])


class Agent(nn.Module):
    """Policy logits and state value from the observation vector."""

    def __init__(self, obs_size: int, n_actions: int, hidden: int) -> None:
        super().__init__()
        self.critic = nn.Sequential(nn.Linear(obs_size, hidden), nn.Tanh(), nn.Linear(hidden, 1))
        self.actor = nn.Sequential(
            nn.Linear(obs_size, hidden), nn.Tanh(), nn.Linear(hidden, n_actions)
        )

    def value(self, x: torch.Tensor) -> torch.Tensor:
        return self.critic(x).squeeze(-1)

    def policy(
        self, x: torch.Tensor, mask: torch.Tensor, action: torch.Tensor | None = None
    ) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
        """A sampled (or the given) action, its log-probability and the entropy."""
        logits = self.actor(x).masked_fill(~mask, NEG)
        dist = torch.distributions.Categorical(logits=logits)
        if action is None:
            action = dist.sample()
        return action, dist.log_prob(action), dist.entropy()


def train(
    env_id: str = "chupai/DouDizhu-v0",
    steps: int = 20_000,
    *,
    envs: int = 4,
    rollout: int = 128,
    epochs: int = 4,
    minibatch: int = 128,
    hidden: int = 128,
    lr: float = 3e-4,
    gamma: float = 1.0,
    lam: float = 0.95,
    clip: float = 0.2,
    ent_coef: float = 0.01,
    seed: int = 0,
    opponents: str = "random",
) -> dict[str, Any]:
    """Train for ``steps`` environment steps; the statistics of the run."""
    torch.manual_seed(seed)
    vec = make_vec(env_id, envs, seed, opponents)
    obs_size = vec.single_observation_space.shape[0]
    n = int(vec.single_action_space.n)
    agent = Agent(obs_size, n, hidden)
    opt = torch.optim.Adam(agent.parameters(), lr=lr, eps=1e-5)
    buf_obs = torch.zeros((rollout, envs, obs_size))
    buf_mask = torch.zeros((rollout, envs, n), dtype=torch.bool)
    buf_act = torch.zeros((rollout, envs), dtype=torch.long)
    buf_logp, buf_rew, buf_done, buf_val = (torch.zeros((rollout, envs)) for _ in range(4))
    obs, _ = vec.reset(seed=seed)
    x = torch.as_tensor(obs, dtype=torch.float32)
    returns: list[float] = []
    running = np.zeros(envs)
    start, done_steps, stats = time.perf_counter(), 0, {}
    while done_steps < steps:
        for t in range(rollout):  # collect
            mask = torch.as_tensor(masks_of(vec))
            with torch.no_grad():
                action, logp, _ = agent.policy(x, mask)
                buf_val[t] = agent.value(x)
            buf_obs[t], buf_mask[t], buf_act[t], buf_logp[t] = x, mask, action, logp
            obs, reward, term, trunc, _ = vec.step(action.numpy())
            done = term | trunc
            buf_rew[t] = torch.as_tensor(reward, dtype=torch.float32)
            buf_done[t] = torch.as_tensor(done, dtype=torch.float32)
            running += reward
            for i in np.flatnonzero(done):
                returns.append(float(running[i]))
                running[i] = 0.0
            x = torch.as_tensor(obs, dtype=torch.float32)
        done_steps += rollout * envs
        with torch.no_grad():  # GAE: a finished episode's next value is 0
            adv = torch.zeros((rollout, envs))
            last = torch.zeros(envs)
            next_value = agent.value(x)
            for t in reversed(range(rollout)):
                alive = 1.0 - buf_done[t]
                nv = next_value if t == rollout - 1 else buf_val[t + 1]
                delta = buf_rew[t] + gamma * nv * alive - buf_val[t]
                last = delta + gamma * lam * alive * last
                adv[t] = last
            ret = adv + buf_val
        b_obs, b_mask = buf_obs.reshape(-1, obs_size), buf_mask.reshape(-1, n)
        b_act, b_logp = buf_act.reshape(-1), buf_logp.reshape(-1)
        b_adv, b_ret = adv.reshape(-1), ret.reshape(-1)
        for _ in range(epochs):  # learn
            for idx in torch.randperm(len(b_act)).split(minibatch):
                _, logp, ent = agent.policy(b_obs[idx], b_mask[idx], b_act[idx])
                ratio = (logp - b_logp[idx]).exp()
                a = b_adv[idx]
                a = (a - a.mean()) / (a.std() + 1e-8)
                pg = torch.max(-a * ratio, -a * ratio.clamp(1 - clip, 1 + clip)).mean()
                v_loss = 0.5 * ((agent.value(b_obs[idx]) - b_ret[idx]) ** 2).mean()
                loss = pg + 0.5 * v_loss - ent_coef * ent.mean()
                opt.zero_grad()
                loss.backward()
                nn.utils.clip_grad_norm_(agent.parameters(), 0.5)
                opt.step()
        stats = {
            "steps": done_steps,
            "episodes": len(returns),
            "mean_return": float(np.mean(returns[-100:])) if returns else float("nan"),
            "policy_loss": float(pg.item()),
            "value_loss": float(v_loss.item()),
            "entropy": float(ent.mean().item()),
            "seconds": round(time.perf_counter() - start, 1),
        }
    vec.close()
    return stats


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description="Single-file masked PPO on a chupai environment.")
    p.add_argument("--env", default="chupai/DouDizhu-v0", help="a registered chupai id")
    p.add_argument("--steps", type=int, default=20_000, help="environment steps in all")
    p.add_argument("--envs", type=int, default=4, help="environments stepped together")
    p.add_argument("--rollout", type=int, default=128, help="steps per env per iteration")
    p.add_argument("--seed", type=int, default=0, help="seed of the network and the deals")
    p.add_argument("--opponents", default="random", help="the chupai bots of the other seats")
    p.add_argument("--threads", type=int, default=1, help="torch threads")
    args = p.parse_args(argv)
    torch.set_num_threads(args.threads)
    stats = train(
        args.env, args.steps, envs=args.envs, rollout=args.rollout, seed=args.seed,
        opponents=args.opponents,
    )  # fmt: skip
    print(json.dumps(stats))
    return 0


if __name__ == "__main__":
    sys.exit(main())
