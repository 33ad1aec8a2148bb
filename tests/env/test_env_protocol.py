"""The environment through the game protocol alone: the generic path serves a game
without an environment plugin (the test-only toy game, tests/toygame), and the
generic env modules name no game."""

from __future__ import annotations

import ast
import importlib
import random
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import api_test, seed_test  # noqa: E402

from chupai.env import ChupaiGymEnv, env, raw_env  # noqa: E402
from chupai.env.encode import Encoder  # noqa: E402
from chupai.env.generic import PHASE_SLOTS  # noqa: E402
from chupai.env.spaces import ActionSpace  # noqa: E402
from chupai.env.vector import VectorGames, random_actions  # noqa: E402
from chupai.errors import IllegalActionError  # noqa: E402
from chupai.protocol import game_keys, get_game, register, unregister  # noqa: E402

ENV = Path(__file__).resolve().parents[2] / "src" / "chupai" / "env"
PACK: tuple[str, ...] = ()


@pytest.fixture(autouse=True, scope="module")
def _toy() -> Iterator[None]:
    """The toy game registered while this module's tests run (and only then, unless
    another module registered it: collection-time snapshots of the games, as
    test_golden's, must not see it)."""
    global PACK
    was = "toy" in game_keys()
    spec = register(importlib.import_module("toygame.spec").SPEC)
    assert spec.card_universe is not None
    PACK = tuple(spec.card_universe(spec.resolve()))
    yield
    if not was:
        unregister("toy")


class _LowestBot:
    """An opponent for the Gymnasium view (no bot of chupai knows the toy game): the
    first legal action, so that a seeded reset replays the episode."""

    def act(self, obs: Any, legal: list[Any]) -> Any:
        return legal[0]


# ----- the generic space and encoding --------------------------------------------------


def test_the_toy_game_has_no_plugin() -> None:
    assert get_game("toy").plugin("env") is None


def test_generic_action_space() -> None:
    space = ActionSpace.for_rules("toy")
    assert space.by_text and space.n == len(PACK) + 1
    assert [space.describe(i) for i in range(space.n)] == [*PACK, "pass"]
    assert space is ActionSpace.for_rules("toy", "flat")  # same universe, same space
    spec = get_game("toy")
    deal = spec.new_deal(spec.resolve(), 3)
    legal = deal.legal_actions()
    ids = space.legal_ids(deal, legal)
    assert [space.describe(i) for i in ids] == [deal.action_text(a) for a in legal]
    assert space.engine_action(int(ids[0]), legal, ids) == legal[0]
    assert space.id_of(deal, legal[0]) == ids[0]


def test_generic_encoding_follows_the_facts() -> None:
    spec = get_game("toy")
    rules = spec.resolve()
    enc = Encoder.for_rules("toy", rules)
    n_actions = len(PACK) + 1
    assert enc.size == len(PACK) + 2 + n_actions + 2 + 2 + PHASE_SLOTS
    deal = spec.new_deal(rules, 5)
    rng = random.Random(5)
    for _ in range(4):
        deal.apply_action(rng.choice(deal.legal_actions()))
    for seat in (0, 1):
        facts = spec.facts(deal.observe(seat))
        x = enc.encode(deal.observe(seat))
        assert x.dtype == np.float32 and x.shape == enc.shape
        hand = enc.view(x, "hand")
        assert [PACK[i] for i in np.flatnonzero(hand)] == sorted(facts.hand, key=PACK.index)
        counts = enc.view(x, "counts")
        assert counts.tolist() == [facts.counts[seat], facts.counts[1 - seat]]
        top = enc.view(x, "top")
        if facts.top is None:
            assert not top.any()
        else:
            assert [i for i in np.flatnonzero(top)] == [PACK.index(facts.top)]
        assert enc.view(x, "phase").sum() == 1.0


# ----- PettingZoo, Gymnasium and the batch runner on the toy game -----------------------


def test_toy_pettingzoo_api_test() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(env(game="toy", render_mode="ansi"), num_cycles=200, verbose_progress=False)


def test_toy_pettingzoo_seed_test() -> None:
    seed_test(lambda: env(game="toy"), num_cycles=200)


def test_toy_gymnasium_check_env() -> None:
    e = ChupaiGymEnv("toy", seat=1, opponents=[_LowestBot()], seed=5, illegal_reward=-1.0)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(e.unwrapped, skip_render_check=True)


def test_toy_episodes_reward_and_render() -> None:
    e = raw_env("toy", render_mode="ansi", reward="win")
    rng = np.random.default_rng(0)
    for seed in range(5):
        e.reset(seed=seed)
        while not any(e.terminations.values()):
            ids = e.legal_ids()
            e.step(int(ids[rng.integers(len(ids))]))
        result = get_game("toy").result(e.deal)
        assert [e.rewards[a] for a in e.possible_agents] == [
            1.0 if s in result.winners else -1.0 for s in range(2)
        ]
        assert [e.infos[a]["score"] for a in e.possible_agents] == list(result.scores)
        text = e.render()
        assert text is not None and "scores:" in text and "chupai_toy_v0" in text
    with pytest.raises(IllegalActionError):
        e.reset(seed=0)
        bad = int(np.flatnonzero(e.action_mask() == 0)[0])
        e.step(bad)


def test_toy_vector_games() -> None:
    def run(seed: int) -> list[bytes]:
        venv = VectorGames("toy", num_games=4, seed=seed)
        batch = venv.reset()
        rng = np.random.default_rng(seed)
        out = []
        for _ in range(60):
            batch = venv.step(random_actions(batch.mask, rng))
            out += [batch.obs.tobytes(), batch.mask.tobytes(), batch.rewards.tobytes()]
            for i in np.flatnonzero(batch.done):
                assert batch.rewards[i].sum() == 0.0 and batch.episode_length[i] > 0
            for i in range(4):
                legal = [venv.deal(i).action_text(a) for a in venv.legal_actions(i)]
                assert [venv.space.describe(k) for k in venv.legal_ids(i)] == legal
        assert venv.stats().episodes > 0
        return out

    assert run(3) == run(3)
    assert run(3) != run(4)


# ----- the generic modules name no game ---------------------------------------------------

GAME_NAMES = {"bigtwo", "doudizhu", "biga", "daguailuzi"}


@pytest.mark.parametrize("path", sorted(ENV.glob("*.py")), ids=lambda p: p.name)
def test_generic_env_modules_name_no_game(path: Path) -> None:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    # docstrings and default arguments (``env(game="doudizhu")``) may name a game
    allowed = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef))
        and node.body
        and isinstance(node.body[0], ast.Expr)
    }
    allowed |= {
        id(d)
        for node in ast.walk(tree)
        if isinstance(node, ast.arguments)
        for d in [*node.defaults, *node.kw_defaults]
        if d is not None
    }
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            assert not node.module.startswith("chupai.env.games"), node.module
            assert not set(node.module.split(".")) & GAME_NAMES, node.module
        if isinstance(node, ast.Import):
            for alias in node.names:
                assert not set(alias.name.split(".")) & GAME_NAMES, alias.name
        if (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and id(node) not in allowed
        ):
            assert node.value not in GAME_NAMES, (path.name, node.lineno, node.value)
