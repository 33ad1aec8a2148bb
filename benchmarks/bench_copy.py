"""What copies, pickles and state strings cost, per game: a deal and an
environment in the middle of a deal, compared with the deal's own ``clone()``.

Run ``python benchmarks/bench_copy.py`` (about half a minute), ``--quick`` for a
smoke run of a few seconds; ``--games`` picks the games (default: all four),
``--steps`` how many random actions are played before measuring (12).

For each game it builds the deal and the PettingZoo AEC environment
(``chupai.env.aec.raw_env``, and ``env`` with PettingZoo's order-enforcing
wrapper), resets with seed 1 and plays ``--steps`` random legal actions, then
times (the best of 5 rounds, each the mean of many calls, in microseconds):

* ``clone``: ``deal.clone()``, the engine's own copy (the reference);
* ``deal_deepcopy``: ``copy.deepcopy(deal)``;
* ``deal_pickle`` / ``deal_unpickle``: ``pickle.dumps(deal)`` and its
  ``pickle.loads`` (``deal_pickle_bytes``: the size);
* ``deal_state`` / ``deal_unstate``: ``spec.serialize_state(deal)`` and
  ``spec.deserialize_state(text)`` (``deal_state_chars``: the string's length);
* ``env_deepcopy``, ``wrapped_deepcopy``: ``copy.deepcopy`` of the bare and of
  the wrapped environment; ``env_deepcopy_vs_clone``: the first over ``clone``;
* ``env_pickle`` / ``env_unpickle`` (``env_pickle_bytes``);
* ``env_state`` / ``env_unstate``: ``env.serialize_state()`` and
  ``ChupaiAECEnv.deserialize_state(text)`` (``env_state_chars``);
* ``gym_deepcopy``: ``copy.deepcopy`` of a ``ChupaiGymEnv`` with heuristic bots;
* ``vector_deepcopy``, ``vector_pickle_bytes``: a ``VectorGames`` of 16 games
  after 20 batch steps.

The last line printed is one JSON object with every figure.
"""

from __future__ import annotations

import argparse
import copy
import json
import pickle
import platform
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

import numpy as np

from chupai import compiled
from chupai.env.aec import ChupaiAECEnv, env, raw_env
from chupai.env.gym import ChupaiGymEnv
from chupai.env.vector import VectorGames
from chupai.protocol import get_game

GAMES = ("bigtwo", "doudizhu", "biga", "daguailuzi")


def time_us(fn: Callable[[], object], budget: float, rounds: int = 5) -> float:
    """The best of ``rounds`` mean times of ``fn`` in microseconds, each round
    lasting about ``budget / rounds`` seconds."""
    start = time.perf_counter()
    fn()
    once = max(time.perf_counter() - start, 1e-7)
    calls = max(1, int(budget / rounds / once))
    best = float("inf")
    for _ in range(rounds):
        start = time.perf_counter()
        for _ in range(calls):
            fn()
        best = min(best, (time.perf_counter() - start) / calls)
    return round(best * 1e6, 2)


def mid_game_env(game: str, steps: int, wrapped: bool = False) -> Any:
    """The environment of ``game`` after ``steps`` random legal actions."""
    e = env(game) if wrapped else raw_env(game)
    e.reset(seed=1)
    rng = random.Random(1)
    for _ in range(steps):
        mask = e.unwrapped.action_mask()
        if not mask.any():
            break
        e.step(rng.choice(np.flatnonzero(mask).tolist()))
    return e


def measure(game: str, steps: int, budget: float) -> dict[str, Any]:
    """Every figure of ``game`` (see the module docstring)."""
    spec = get_game(game)
    e = mid_game_env(game, steps)
    wrapped = mid_game_env(game, steps, wrapped=True)
    deal = e.deal
    out: dict[str, Any] = {"deal_actions": len(deal.history)}
    out["clone"] = time_us(deal.clone, budget)
    out["deal_deepcopy"] = time_us(lambda: copy.deepcopy(deal), budget)
    blob = pickle.dumps(deal)
    out["deal_pickle_bytes"] = len(blob)
    out["deal_pickle"] = time_us(lambda: pickle.dumps(deal), budget)
    out["deal_unpickle"] = time_us(lambda: pickle.loads(blob), budget)
    text = spec.serialize_state(deal)
    out["deal_state_chars"] = len(text)
    out["deal_state"] = time_us(lambda: spec.serialize_state(deal), budget)
    out["deal_unstate"] = time_us(lambda: spec.deserialize_state(text), budget)
    out["env_deepcopy"] = time_us(lambda: copy.deepcopy(e), budget)
    out["wrapped_deepcopy"] = time_us(lambda: copy.deepcopy(wrapped), budget)
    out["env_deepcopy_vs_clone"] = round(out["env_deepcopy"] / out["clone"], 1)
    blob = pickle.dumps(e)
    out["env_pickle_bytes"] = len(blob)
    out["env_pickle"] = time_us(lambda: pickle.dumps(e), budget)
    out["env_unpickle"] = time_us(lambda: pickle.loads(blob), budget)
    text = e.serialize_state()
    out["env_state_chars"] = len(text)
    out["env_state"] = time_us(e.serialize_state, budget)
    out["env_unstate"] = time_us(lambda: ChupaiAECEnv.deserialize_state(text), budget)
    gym = ChupaiGymEnv(game, opponents="heuristic", seed=1)
    gym.reset()
    out["gym_deepcopy"] = time_us(lambda: copy.deepcopy(gym), budget)
    venv = VectorGames(game, num_games=16, seed=1)
    venv.reset()
    vrng = np.random.default_rng(1)
    for _ in range(20):
        venv.step(venv.sample_actions(vrng))
    out["vector_deepcopy"] = time_us(lambda: copy.deepcopy(venv), budget)
    out["vector_pickle_bytes"] = len(pickle.dumps(venv))
    return out


COLUMNS = (
    ("clone", "clone us"),
    ("deal_deepcopy", "deal deepcopy"),
    ("env_deepcopy", "env deepcopy"),
    ("env_deepcopy_vs_clone", "x clone"),
    ("env_pickle_bytes", "env pickle B"),
    ("env_unpickle", "env unpickle us"),
    ("env_state_chars", "state chars"),
    ("env_unstate", "env unstate us"),
)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a smoke run of a few seconds")
    parser.add_argument("--games", default=",".join(GAMES), help="comma-separated game keys")
    parser.add_argument("--steps", type=int, default=12, help="random actions before measuring")
    args = parser.parse_args(argv)
    games = [get_game(g).key for g in args.games.split(",") if g.strip()]
    budget = 0.02 if args.quick else 0.5
    figures = {g: measure(g, args.steps, budget) for g in games}
    print(f"copies and pickles (engine {compiled.engine()}, Python {platform.python_version()})")
    print("game        " + "".join(f"{title:>16}" for _, title in COLUMNS))
    for g, f in figures.items():
        print(f"{g:<12}" + "".join(f"{f[key]:>16}" for key, _ in COLUMNS))
    ratios = [f["env_deepcopy_vs_clone"] for f in figures.values()]
    summary = {
        "benchmark": "copy",
        "python": platform.python_version(),
        "engine": compiled.engine(),
        "steps": args.steps,
        "quick": args.quick,
        "games": figures,
        "median_env_deepcopy_vs_clone": statistics.median(ratios) if ratios else None,
    }
    print()
    print(json.dumps(summary, separators=(",", ":"), ensure_ascii=False))


if __name__ == "__main__":
    main()
