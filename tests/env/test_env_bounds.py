"""The observation boxes are bounded: every value's upper bound comes from the
encoder (:attr:`chupai.env.encode.Encoder.high`), no shipped game's box is open
above, and the observations of random play lie inside the box for every game."""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

from chupai.doudizhu.rules import PRESETS as DDZ  # noqa: E402
from chupai.doudizhu.scoring import multipliers  # noqa: E402
from chupai.env import ChupaiGymEnv, raw_env  # noqa: E402
from chupai.env.encode import Encoder  # noqa: E402

CASES: list[tuple[str, str | None]] = [
    ("bigtwo", "standard"),
    ("bigtwo", "taiwan"),
    ("doudizhu", "classic"),
    ("doudizhu", "four_player"),
    ("biga", "standard"),
    ("daguailuzi", None),
]
IDS = [f"{g}-{p}" for g, p in CASES]


@pytest.mark.parametrize("game,preset", CASES, ids=IDS)
def test_the_box_is_the_encoders_bounds(game: str, preset: str | None) -> None:
    e = raw_env(game, preset)
    box = e.observation_space("seat_0")["observation"]
    high = e.encoder.high
    assert np.isfinite(box.high).all() and box.is_bounded("both")
    assert np.array_equal(box.high, high) and not box.low.any()
    assert high.dtype == np.float32 and not high.flags.writeable
    # only scalars exceed 1: the cards_left counts, the Dou Dizhu stake
    over = {s.name.split(".")[0] for s in e.encoder.layout if high[s.span].max() > 1}
    assert over and over <= {"cards_left", "stake"}


def test_dou_dizhu_bounds() -> None:
    enc = Encoder.for_rules("doudizhu", DDZ["classic"])
    # no seat ever holds more than the landlord's 20 cards
    assert enc.high[enc.segment("cards_left.0").start] == 1.0
    unit = multipliers(
        DDZ["classic"],
        bid=3,
        robs=3,
        doubling_bombs=14,  # 13 bombs and the rocket
        spring=False,
        anti_spring=False,
        shown=True,
        landlord_won=True,
        doubled=True,
    ).unit
    assert unit == 3 * 12 * 2**14 * 2 * 2
    assert enc.high[enc.segment("stake").start] == np.float32(math.log2(unit) / 10)


def _random_episode(e: Any, rng: np.random.Generator) -> list[np.ndarray[Any, Any]]:
    """Every seat's observation at every turn of one random episode of ``e``."""
    seen = []
    for _ in e.agent_iter():
        obs, _, term, trunc, _ = e.last()
        seen += [e.observe(a)["observation"] for a in e.possible_agents]
        if term or trunc:
            e.step(None)
        else:
            ids = np.flatnonzero(obs["action_mask"])
            e.step(int(ids[rng.integers(len(ids))]))
    return seen


@settings(max_examples=3, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_random_play_stays_inside_the_box(seed: int) -> None:
    rng = np.random.default_rng(seed)
    for game, preset in CASES:
        e = raw_env(game, preset)
        e.reset(seed=seed)
        box = e.observation_space("seat_0")["observation"]
        for x in _random_episode(e, rng):
            assert box.contains(x), (game, preset, np.flatnonzero(x > box.high))


def test_the_gym_vector_mode_box() -> None:
    g = ChupaiGymEnv("biga", opponents="random", obs_mode="vector", seed=0)
    assert g.observation_space is g.aec.observation_space("seat_0")["observation"]
    obs, _ = g.reset()
    assert g.observation_space.contains(obs)
