"""The contenders of ``benchmarks/bench_env.py`` (see its docstring for what each
one measures): the chupai AEC env loop (with the pick of the peers, or the docs'
former and present picks), the batch runner, the Gymnasium ``VectorEnv`` over it,
and RLCard's and OpenSpiel's Dou Dizhu. Each ``run()`` applies ``steps`` decisions
(carrying on across episodes) and returns how many episodes ended meanwhile;
:class:`Contender` counts them as its "deals"."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import numpy as np

# the timing helpers' contender (this folder is on the path)
from bench_doudizhu import Contender

from chupai.env.aec import env as aec_env
from chupai.env.sample import random_legal
from chupai.env.vector import VectorGames, random_actions
from chupai.env.vector_env import ChupaiVectorEnv

CHUNK = 32
"""Steps per timed unit of the one-game contenders."""


class Stepper(Contender):
    """A :class:`Contender` whose unit is ``steps`` decisions; ``game`` names what it
    plays, ``mean_length()`` the mean length (in steps) of the episodes it finished
    (None before the first)."""

    def __init__(
        self,
        name: str,
        label: str,
        game: str,
        run: Callable[[], int],
        steps: int,
        mean_length: Callable[[], float | None],
    ) -> None:
        super().__init__(name, label, run)
        self.game = game
        self.steps = steps
        self.mean_length = mean_length


class Lengths:
    """Episode lengths of a one-game contender: steps of the episode under way and
    totals of the finished ones."""

    def __init__(self) -> None:
        self.current = self.total = self.episodes = 0

    def end(self) -> None:
        self.total += self.current
        self.episodes += 1
        self.current = 0

    def mean(self) -> float | None:
        return self.total / self.episodes if self.episodes else None


def aec_contender(name: str, game: str, preset: str, seed: int, picker: str = "") -> Stepper:
    """chupai's PettingZoo AEC env of ``game`` under ``preset``, the standard loop.
    ``picker``: ``""`` (a ``random.Random`` pick among the mask's ids, the same
    cost as the peers' picks), ``"flatnonzero"`` (the docs' former
    ``rng.choice(np.flatnonzero(mask))``) or ``"random_legal"``
    (``random_legal(mask, rng)``)."""
    env = aec_env(game=game, rules=preset)
    pick = random.Random(seed).randrange
    gen = np.random.default_rng(seed)
    seeds = iter(range(seed * 10**6, 10**18))
    env.reset(seed=next(seeds))
    agents = iter(env.agent_iter())
    lengths = Lengths()

    def run() -> int:
        nonlocal agents
        episodes = steps = 0
        while steps < CHUNK:
            if next(agents, None) is None:  # every agent is done: a new episode
                episodes += 1
                lengths.end()
                env.reset(seed=next(seeds))
                agents = iter(env.agent_iter())
                continue
            obs, reward, term, trunc, info = env.last()
            if term or trunc:
                env.step(None)
                continue
            mask = obs["action_mask"]
            if picker == "flatnonzero":
                env.step(int(gen.choice(np.flatnonzero(mask))))
            elif picker == "random_legal":
                env.step(random_legal(mask, gen))
            else:
                ids = mask.view(bool).nonzero()[0]
                env.step(int(ids[pick(len(ids))]))
            steps += 1
            lengths.current += 1
        return episodes

    label = "chupai AEC" + (f" {picker}" if picker else "")
    return Stepper(name, label, f"{game} {preset}", run, CHUNK, lengths.mean)


def vector_contender(
    name: str,
    game: str,
    preset: str,
    num_games: int,
    seed: int,
    python_deals: bool = False,
    sample: bool = False,
) -> Stepper:
    """chupai's batch runner: one batch step = ``num_games`` steps. ``python_deals``:
    the runner's Python path (Python deals, the compiled encoder and masks) even
    where the compiled runner covers the game; ``sample``: the actions drawn with
    ``venv.sample_actions(rng)`` (the same picks as ``random_actions``) instead
    of ``random_actions(batch.mask, rng)``."""
    venv = VectorGames(game, preset, num_games=num_games, seed=seed)
    if python_deals:
        venv._runner = None  # the reference path of VectorGames, in this same run
    rng = np.random.default_rng(seed)
    batch = venv.reset()

    def run() -> int:
        nonlocal batch
        acts = venv.sample_actions(rng) if sample else random_actions(batch.mask, rng)
        batch = venv.step(acts)
        return int(batch.done.sum())

    def mean_length() -> float | None:
        st = venv.stats()
        return st.mean_length if st.episodes else None

    label = f"chupai vector {num_games}" + (" py deals" if python_deals else "")
    if venv.compiled_runner:
        label += " sampled (C)" if sample else " (C runner)"
    return Stepper(name, label, f"{game} {preset}", run, num_games, mean_length)


def vector_env_contender(
    name: str, game: str, preset: str, num_games: int, seed: int, copy: bool
) -> Stepper:
    """The Gymnasium ``VectorEnv`` over the batch runner: one step = ``num_games``
    steps, actions from ``venv.sample_actions(rng)``; ``copy``: fresh arrays (the
    default) or the runner's buffers."""
    venv = ChupaiVectorEnv(game, preset, num_envs=num_games, seed=seed, copy=copy)
    rng = np.random.default_rng(seed)
    venv.reset(seed=seed)

    def run() -> int:
        _, _, terms, _, _ = venv.step(venv.sample_actions(rng))
        return int(terms.sum())

    def mean_length() -> float | None:
        st = venv.games.stats()
        return st.mean_length if st.episodes else None

    label = f"chupai VectorEnv {num_games}" + ("" if copy else " copy=False")
    return Stepper(name, label, f"{game} {preset}", run, num_games, mean_length)


def rlcard_contender(rl: dict[str, Any], seed: int) -> Stepper:
    """RLCard's Dou Dizhu env, its standard API (encoded states included)."""
    env = rl["rlcard"].make("doudizhu", config={"seed": seed})
    pick = random.Random(seed).randrange
    state, _ = env.reset()
    lengths = Lengths()

    def run() -> int:
        nonlocal state
        episodes = 0
        for _ in range(CHUNK):
            legal = list(state["legal_actions"])
            state, _ = env.step(legal[pick(len(legal))])
            lengths.current += 1
            if env.is_over():
                env.get_payoffs()
                episodes += 1
                lengths.end()
                state, _ = env.reset()
        return episodes

    return Stepper("rlcard_doudizhu", "RLCard env", "doudizhu (no bids)", run, CHUNK, lengths.mean)


def rlcard_run_contender(rl: dict[str, Any], seed: int) -> Stepper:
    """RLCard's own game loop: ``env.run()`` with its ``RandomAgent`` in every seat
    (the loop its examples use; the agent's ``eval_step`` spreads a probability
    over all 27,472 actions at every step, which is part of what this measures)."""
    rlcard = rl["rlcard"]
    from rlcard.agents import RandomAgent

    env = rlcard.make("doudizhu", config={"seed": seed})
    env.set_agents([RandomAgent(num_actions=env.num_actions) for _ in range(env.num_players)])
    lengths = Lengths()
    owed = 0
    """Steps played beyond the ``CHUNK`` steps every call is counted as."""

    def run() -> int:
        nonlocal owed
        episodes = 0
        while owed < CHUNK:
            before = env.timestep
            env.run(is_training=False)
            lengths.current = env.timestep - before
            owed += lengths.current
            lengths.end()
            episodes += 1
        owed -= CHUNK
        return episodes

    return Stepper(
        "rlcard_doudizhu_run",
        "RLCard env.run + RandomAgent",
        "doudizhu (no bids)",
        run,
        CHUNK,
        lengths.mean,
    )


def openspiel_contender(ops: tuple[Any, Any], seed: int) -> Stepper:
    """OpenSpiel's dou_dizhu from Python, with the acting player's observation tensor."""
    pyspiel, game = ops
    rng = random.Random(seed)
    rnd, pick, sample = rng.random, rng.randrange, pyspiel.sample_action
    state = game.new_initial_state()
    lengths = Lengths()

    def run() -> int:
        nonlocal state
        episodes = steps = 0
        while steps < CHUNK:
            if state.is_terminal():
                state.returns()
                episodes += 1
                lengths.end()
                state = game.new_initial_state()
            elif state.is_chance_node():
                state.apply_action(sample(state.chance_outcomes(), rnd())[0])
            else:
                state.observation_tensor(state.current_player())
                legal = state.legal_actions()
                state.apply_action(legal[pick(len(legal))])
                steps += 1
                lengths.current += 1
        return episodes

    return Stepper("openspiel_dou_dizhu", "OpenSpiel py+obs", "dou_dizhu", run, CHUNK, lengths.mean)
