"""The training examples of docs/training.md, each for a few hundred steps (slow):
``examples/ppo.py`` (MaskablePPO on ``gymnasium.make``, its ``Agent`` in ``chupai
simulate``, rollouts on environment instances shipped to an ``AsyncVectorEnv``
and a Ray pool), ``examples/ppo_clean.py`` (a single-file masked PPO) and
``examples/rllib_ppo.py`` (RLlib's PPO with masking). Skipped without
sb3-contrib or RLlib."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.slow


@pytest.fixture
def examples(monkeypatch: pytest.MonkeyPatch) -> None:
    """The repository root on ``sys.path``: ``examples.ppo`` imports as a module."""
    pytest.importorskip("torch")
    monkeypatch.syspath_prepend(str(ROOT))


@pytest.fixture(scope="module")
def ppo_model(tmp_path_factory: pytest.TempPathFactory) -> tuple[Any, str]:
    pytest.importorskip("sb3_contrib")
    import sys

    sys.path.insert(0, str(ROOT))
    try:
        from examples.ppo import train
    finally:
        sys.path.remove(str(ROOT))
    out = str(tmp_path_factory.mktemp("ppo") / "ppo.zip")
    model = train(256, out, seed=0, net=(32,), n_steps=128)
    return model, out


def test_maskable_ppo_agent_plays_in_simulate(
    examples: None, ppo_model: tuple[Any, str], capsys: Any
) -> None:
    from chupai.cli.main import main

    _, path = ppo_model
    bots = f"examples.ppo:Agent:path={path},heuristic"
    assert main(["simulate", "doudizhu", "--bots", bots, "--deals", "1", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["counted_deals"] > 0 and data["results"][0]["decisions"] > 0


def test_maskable_ppo_in_async_vector_env_and_ray(
    examples: None, ppo_model: tuple[Any, str]
) -> None:
    from examples.ppo import make_env, rollout_ray, rollout_vector

    model, path = ppo_model
    envs = [make_env(seed) for seed in range(2)]
    for e in envs:
        e.reset()  # mid-episode instances are shipped as they are
    returns = rollout_vector(model, envs, 60)
    assert returns and all(math.isfinite(r) for r in returns)
    pytest.importorskip("ray")
    got = rollout_ray(path, envs, 1)
    assert len(got) == 2 and all(math.isfinite(r) for r in got)


def test_single_file_ppo(examples: None) -> None:
    from examples.ppo_clean import train

    stats = train("chupai/DouDizhu-v0", 256, envs=2, rollout=64, minibatch=64, hidden=32)
    assert stats["steps"] == 256 and stats["episodes"] > 0
    assert all(math.isfinite(stats[k]) for k in ("policy_loss", "value_loss", "entropy"))


def test_rllib_ppo(examples: None, capsys: Any) -> None:
    pytest.importorskip("ray.rllib")
    from examples.rllib_ppo import main

    assert main(["--iterations", "1", "--batch", "128"]) == 0
    out = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert out["steps"] >= 128 and out["episodes"] > 0
