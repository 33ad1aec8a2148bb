"""The perfect-information state for centralised critics (:mod:`chupai.env.state`,
``ChupaiAECEnv.state()`` and ``state_space``, ``ChupaiGymEnv(include_state=True)``):
its shape and bounds, what it holds (every hand, the cards no seat has seen, the
seat to act), and that it carries what a seat's observation hides.

A card that *no* seat sees (Dou Dizhu's kitty, Big A's stock) is still fixed by
every seat's cards together (the deck minus the hands), so no change of the deal
leaves every observation alike while it changes which cards are hidden; the test
of hidden information is therefore made seat by seat: for each seat, a change of
cards that seat does not see leaves its observation as it was and changes the
state."""

from __future__ import annotations

import importlib
import warnings
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

from pettingzoo.test.state_test import (
    test_state as pz_state_test,  # noqa: E402
    test_state_space as pz_state_space_test,  # noqa: E402
)

from chupai.biga.cards import UNIT as BA_UNIT  # noqa: E402
from chupai.doudizhu.combos import UNIT as DD_UNIT  # noqa: E402
from chupai.env import ChupaiGymEnv, env, raw_env  # noqa: E402
from chupai.env.state import StateEncoder  # noqa: E402
from chupai.errors import ChupaiError  # noqa: E402
from chupai.protocol import game_keys, register, unregister  # noqa: E402

CASES: list[tuple[str, str | None]] = [
    ("doudizhu", "classic"),
    ("doudizhu", "four_player"),
    ("bigtwo", "standard"),
    ("bigtwo", "standard,players=3,leftover_rule=set_aside"),
    ("biga", "standard"),
    ("daguailuzi", "seed"),
]
IDS = [f"{g}-{p}" for g, p in CASES]


def _walk(e: Any, seed: int, steps: int) -> Iterator[Any]:
    """Random legal play of the raw env ``e`` for up to ``steps`` decisions from
    ``reset(seed)``; yields the env before each decision and once at the end."""
    e.reset(seed=seed)
    rng = np.random.default_rng(seed)
    for _ in range(steps):
        yield e
        if e._over:
            return
        ids = e.legal_ids()
        e._play(int(ids[rng.integers(len(ids))]))
    yield e


def _all_obs(e: Any) -> list[bytes]:
    return [e.encoder.encode(e.deal.observe(s)).tobytes() for s in range(e.players)]


@pytest.mark.parametrize("game,rules", CASES, ids=IDS)
def test_state_shape_bounds_and_contents(game: str, rules: str) -> None:
    e = raw_env(game, rules)
    st = StateEncoder.for_rules(e.game, e.rules)
    space = e.state_space
    assert space is e.state_space and space.shape == (st.size,) and space.dtype == np.float32
    assert (space.low == 0).all() and (space.high >= 1).all() and np.isfinite(space.high).all()
    assert np.array_equal(space.high[: e.encoder.size], e.encoder.high)
    assert st.layout[-1].stop == st.size == sum(s.length for s in st.layout)
    enc = e.encoder
    for u in _walk(e, 5, 400):
        x = u.state()
        assert x.shape == space.shape and x.dtype == np.float32
        assert space.contains(x), "a state outside state_space"
        # seat 0's observation, every other hand, the true seat to act
        obs = [enc.encode(u.deal.observe(s)) for s in range(u.players)]
        assert np.array_equal(x[: enc.size], obs[0])
        for s in range(1, u.players):
            assert np.array_equal(st.view(x, f"hand.{s}"), enc.view(obs[s], "hand"))
        to_act = st.view(x, "to_act")
        if u._over:
            assert not to_act.any()
        else:
            assert to_act.nonzero()[0].tolist() == [u.deal.to_act]
        # the hidden parts are in [0, 1] whatever the observation bounds
        assert x[enc.size :].max() <= 1.0


def _swap_hands(e: Any, me: int) -> Any | None:
    """A clone of ``e``'s deal in which two seats other than ``me`` with as many
    cards swapped their hands (None when no such pair differs)."""
    deal = e.deal
    n = e.players
    for a in range(n):
        for b in range(a + 1, n):
            ha, hb = deal.hands[a], deal.hands[b]
            if (
                me not in (a, b)
                and ha != hb
                and e.deal.observe(me).hand_counts[a] == (e.deal.observe(me).hand_counts[b])
            ):
                other = deal.clone()
                other.hands[a], other.hands[b] = hb, ha
                return other
    return None


@pytest.mark.parametrize("game,rules", CASES, ids=IDS)
def test_state_carries_what_each_seat_does_not_see(game: str, rules: str) -> None:
    e = raw_env(game, rules)
    st = StateEncoder.for_rules(e.game, e.rules)
    seen = set()
    for seed in range(6):
        for u in _walk(e, seed, 3 + seed):
            if u._over:
                continue
            for me in range(u.players):
                other = _swap_hands(u, me)
                if other is None:
                    continue
                mine = u.encoder.encode(u.deal.observe(me))
                assert np.array_equal(mine, u.encoder.encode(other.observe(me)))
                assert not np.array_equal(st.encode(u.deal), st.encode(other))
                seen.add(me)
    assert seen == set(range(e.players)), "no swap for some seat"


def test_doudizhu_kitty_before_it_is_taken() -> None:
    e = raw_env("doudizhu", "classic")
    e.reset(seed=3)
    deal = e.deal
    st = StateEncoder.for_rules("doudizhu", e.rules)
    x = e.state()
    assert st.planes.decode(st.view(x, "kitty")) == deal.kitty
    # a kitty card swapped with a card of seat a: no other seat sees a change
    a = 1
    kitty_rank = next(r for r in range(15) if deal.kitty >> (5 * r) & 31)
    hand_rank = next(r for r in range(15) if deal.hands[a] >> (5 * r) & 31 and r != kitty_rank)
    other = deal.clone()
    other.kitty += DD_UNIT[hand_rank] - DD_UNIT[kitty_rank]
    other.hands[a] += DD_UNIT[kitty_rank] - DD_UNIT[hand_rank]
    for s in (0, 2):
        assert np.array_equal(e.encoder.encode(deal.observe(s)), e.encoder.encode(other.observe(s)))
    y = st.encode(other)
    assert not np.array_equal(st.view(x, "kitty"), st.view(y, "kitty"))


def test_biga_stock_and_partner() -> None:
    e = raw_env("biga", "standard")
    partners = set()
    for u in _walk(e, 11, 300):
        x = u.state()
        st = StateEncoder.for_rules("biga", u.rules)
        stock = sum(BA_UNIT[f] for f in u.deal.stock[u.deal.drawn :])
        assert st.planes.decode(st.view(x, "stock")) == stock
        p = u.deal.partner
        assert st.view(x, "partner").nonzero()[0].tolist() == ([] if p is None else [p])
        partners.add(p)
    assert len(partners) > 1, "the partner never became known"


def test_state_through_the_wrapper_and_pettingzoo_state_tests() -> None:
    e = env(game="bigtwo", rules="standard", illegal_reward=-1)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        pz_state_space_test(e)
        pz_state_test(e, 3)
    e.reset(seed=1)
    assert e.state_space.contains(e.state())
    with pytest.raises(ChupaiError, match="reset"):
        raw_env("biga").state()


def test_gym_env_state_is_opt_in() -> None:
    g = ChupaiGymEnv("doudizhu", "classic", opponents="random", seed=2)
    _, info = g.reset()
    assert "state" not in info
    g = ChupaiGymEnv("doudizhu", "classic", opponents="random", seed=2, include_state=True)
    obs, info = g.reset()
    space = g.aec.state_space
    rng = np.random.default_rng(2)
    done = False
    while not done:
        assert space.contains(info["state"])
        assert np.array_equal(info["state"], g.aec.state())
        ids = info["action_mask"].view(bool).nonzero()[0]
        obs, _, term, trunc, info = g.step(int(ids[rng.integers(len(ids))]))
        done = term or trunc
    assert space.contains(info["state"])


def test_state_of_a_game_without_a_plugin() -> None:
    was = "toy" in game_keys()
    register(importlib.import_module("toygame.spec").SPEC)
    try:
        e = raw_env("toy")
        for u in _walk(e, 1, 50):
            x = u.state()
            assert u.state_space.contains(x)
            st = StateEncoder.for_rules("toy", u.rules)
            assert st.parts == () and x.shape == (st.size,)
    finally:
        if not was:
            unregister("toy")


def test_high_checks_its_argument() -> None:
    st = StateEncoder.for_rules("doudizhu", None)
    with pytest.raises(ValueError, match="observation_high"):
        st.high(np.ones(3))
    assert st.high(1.0).shape == (st.size,)
    assert "kitty" in st.describe() and "seat0" in repr(st.describe())
    with pytest.raises(KeyError, match="no segment"):
        st.segment("nope")


def test_bigtwo_cards_set_aside_are_in_the_state() -> None:
    e = raw_env("bigtwo", "standard,players=3,leftover_rule=set_aside")
    e.reset(seed=1)
    st = StateEncoder.for_rules("bigtwo", e.rules)
    x = e.state()
    assert e.deal.set_aside and st.planes.decode(st.view(x, "set_aside")) == e.deal.set_aside
    assert not st.view(x, "leftover").any()


def test_state_sizes_quoted_in_the_docs() -> None:
    # docs/env.md, "Centralised critics: state()"
    sizes = {"doudizhu": 1187, "bigtwo": 1402, "biga": 3075, "daguailuzi": 4925}
    for game, size in sizes.items():
        assert StateEncoder.for_rules(game, None).size == size, game
