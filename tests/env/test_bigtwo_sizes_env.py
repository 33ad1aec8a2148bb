"""Big Two's environment at every table size (issue #22): PettingZoo's
``api_test`` at 2, 5 and 8 seats with one pack and at 6 seats with two packs
(``seed_test`` too), random episodes at 13 seats and beyond, the spaces sized for
n seats, the encoding of a seat's cards (one plane of 52, or a 104-value
thermometer with two packs) read back against the deal, every card in one place
under every leftover rule, the compiled writer against the pure one, the
two-pack action space's kind counts, the Gymnasium wrapper, the render and the
batch runner."""

from __future__ import annotations

import importlib.util
import warnings
from typing import Any

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

from hypothesis import given, settings, strategies as st  # noqa: E402
from pettingzoo.test import api_test, seed_test  # noqa: E402

from chupai import compiled  # noqa: E402
from chupai.env import codec as cd  # noqa: E402
from chupai.env.aec import env, raw_env  # noqa: E402
from chupai.env.encode import Encoder  # noqa: E402
from chupai.env.spaces import ActionSpace  # noqa: E402
from chupai.env.vector import VectorGames, random_actions  # noqa: E402
from chupai.games import resolve_rules  # noqa: E402
from chupai.protocol import get_game  # noqa: E402

TWO_PACKS = importlib.util.find_spec("chupai.bigtwo.packs") is not None
"""Whether the two-pack card model (``chupai.bigtwo.packs``) is in this tree."""
needs_packs = pytest.mark.skipif(not TWO_PACKS, reason="chupai.bigtwo.packs is not here yet")

FAST = compiled.built(cd.FAST_MODULE)


def _rules(players: int, packs: int = 1) -> Any:
    overrides = {"players": str(players)}
    if packs != 1:
        overrides["packs"] = str(packs)
    return resolve_rules("bigtwo", "standard", overrides)


def _api_test(rules: Any) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(env(game="bigtwo", rules=rules), num_cycles=300)


@pytest.mark.parametrize("players", [2, 5, 8])
def test_api_test_one_pack(players: int) -> None:
    _api_test(_rules(players))


@needs_packs
def test_api_test_two_packs_six_seats() -> None:
    _api_test(_rules(6, 2))


@pytest.mark.parametrize("players,packs", [(8, 1), pytest.param(6, 2, marks=needs_packs)])
def test_seed_test(players: int, packs: int) -> None:
    rules = _rules(players, packs)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        seed_test(lambda: env(game="bigtwo", rules=rules), num_cycles=60)


def _episode(rules: Any, seed: int) -> tuple[Any, int, dict[str, float]]:
    """A random-policy episode of the AEC env, checking each seat's hand plane,
    cards-left figures and card total as it goes; the raw env, its steps and
    each agent's final reward."""
    e = raw_env(game="bigtwo", rules=rules)
    e.reset(seed=seed)
    enc = e.encoder
    planes = enc.planes
    rng = np.random.default_rng(seed)
    steps = 0
    final: dict[str, float] = {}
    for agent in e.agent_iter():
        obs, reward, term, trunc, _ = e.last()
        if term or trunc:
            final[agent] = float(reward)
            e.step(None)
            continue
        seat = e.possible_agents.index(agent)
        o = e.deal.observe(seat)
        x = obs["observation"]
        assert planes.decode(enc.view(x, "hand")) == o.hand
        left = np.array([enc.view(x, f"cards_left.{k}")[0] for k in range(rules.players)])
        assert left.max() <= 1.0
        # the default leftover rule hands the leftover to a seat, unseen by others:
        # every card is in the hand, played or unseen
        total = sum(enc.view(x, f"played.{k}").sum() for k in range(rules.players))
        total += enc.view(x, "hand").sum() + enc.view(x, "unseen").sum()
        assert total == rules.deck_size
        ids = obs["action_mask"].view(np.bool_).nonzero()[0]
        e.step(int(ids[rng.integers(len(ids))]))
        steps += 1
        assert steps < 4000
    return e, steps, final


def test_thirteen_seats_random_episode_ends() -> None:
    rules = _rules(13)
    e, steps, final = _episode(rules, 7)
    assert not e.agents and steps > 0
    assert sorted(final) == sorted(e.possible_agents)
    assert any(r > 0 for r in final.values())  # someone won the deal


@settings(max_examples=8, deadline=None)
@given(players=st.sampled_from([3, 5, 6, 7, 9, 17, 26, 51, 52]), seed=st.integers(0, 10**6))
def test_random_episodes_at_many_sizes(players: int, seed: int) -> None:
    e, steps, final = _episode(_rules(players), seed)
    assert not e.agents and steps > 0 and len(final) == players


@pytest.mark.parametrize("players", [2, 5, 8, 13, 52])
def test_spaces_sized_for_n_seats(players: int) -> None:
    rules = _rules(players)
    enc = Encoder("bigtwo", rules)
    names = [s.name for s in enc.layout]
    assert [n for n in names if n.startswith("played.")] == [f"played.{k}" for k in range(players)]
    assert sum(n.startswith("known.") for n in names) == players - 1
    assert sum(n.startswith("cards_left.") for n in names) == players
    seg = {s.name: s for s in enc.layout}
    assert seg["to_act"].length == players and seg["finish_order"].length == players**2
    assert seg["history.0.seat"].length == players
    e = env(game="bigtwo", rules=rules)
    space = e.observation_space(e.possible_agents[0])
    assert space["observation"].shape == (enc.size,)
    assert len(e.possible_agents) == players
    # one pack: the plays of 52 cards whatever the table's size
    assert e.action_space(e.possible_agents[0]).n == ActionSpace.for_rules("bigtwo", "standard").n


@pytest.mark.skipif(FAST is None, reason="chupai.env._fast_encode is not built")
@pytest.mark.parametrize("players", [5, 13])
def test_compiled_writer_matches_pure_at_many_seats(players: int) -> None:
    rules = _rules(players)
    spec = get_game("bigtwo")
    codec = Encoder("bigtwo", rules)._codec
    rng = np.random.default_rng(players)
    deal = spec.new_deal(rules, 11)
    while not deal.is_terminal():
        o = deal.observe(deal.current_player)
        out = np.zeros(codec.size, np.float32)
        codec.write_compiled(o, out, FAST)
        assert np.array_equal(out, np.concatenate(codec.parts(o)))
        legal = deal.legal_actions()
        deal.apply_action(legal[int(rng.integers(len(legal)))])


def test_batch_runner_at_six_and_thirteen_seats() -> None:
    for players in (6, 13):
        venv = VectorGames("bigtwo", _rules(players), num_games=4, seed=players)
        rng = np.random.default_rng(0)
        batch = venv.reset()
        assert batch.obs.shape == (4, Encoder("bigtwo", _rules(players)).size)
        assert batch.rewards.shape == (4, players)
        done = 0
        for _ in range(400):
            batch = venv.step(random_actions(batch.mask, rng))
            done += int(batch.done.sum())
            assert np.all(batch.seat < players)
        assert done > 0 and venv.stats().episodes == done


# ----- two packs -------------------------------------------------------------------------


@needs_packs
def test_two_pack_planes_count_copies() -> None:
    rules = _rules(6, 2)
    enc = Encoder("bigtwo", rules)
    planes = enc.planes
    assert planes.size == 104
    assert enc._codec._writer is None  # the compiled writer holds one pack: pure
    deal = get_game("bigtwo").new_deal(rules, 3)
    o = deal.observe(deal.current_player)
    x = enc.encode(o)
    hand = enc.view(x, "hand")
    assert planes.decode(hand) == o.hand
    # a thermometer: "two copies" only where "at least one"
    assert np.all(hand[52:] <= hand[:52])
    assert hand.sum() == o.hand.bit_count()
    unseen = enc.view(x, "unseen")
    assert hand.sum() + unseen.sum() == 104


@needs_packs
def test_two_pack_action_space() -> None:
    space = ActionSpace.for_rules("bigtwo", _rules(6, 2))
    one = ActionSpace.for_rules("bigtwo", "standard")
    kinds = space.kinds()
    assert kinds["single"] == 52
    # per rank, the multisets of k of its 8 cards with each suit at most twice:
    # pairs 6 + 4, triples 16, quads 19
    assert kinds["pair"] == 13 * 10
    assert kinds["triple"] == 13 * 16
    assert kinds["full_house"] == 13 * 12 * 16 * 10
    assert kinds["four_of_a_kind"] == 13 * 19 * 48  # the kicker: any card of another rank
    # five different ranks: as with one pack
    assert kinds["straight"] == one.kinds()["straight"]
    assert kinds["straight_flush"] == one.kinds()["straight_flush"]
    # per suit, 5 of 13 ranks each at most twice (1,287 + 2,860 + 858), less the
    # 10 straights
    assert kinds["flush"] == 4 * (5005 - 10)
    assert space is ActionSpace.for_rules("bigtwo", _rules(8, 2))
    assert space.n > one.n


@pytest.mark.parametrize("players", [5, 7])
def test_round_robin_deal_cards_left(players: int) -> None:
    rules = resolve_rules(
        "bigtwo", "standard", {"players": str(players), "leftover_rule": "round_robin"}
    )
    assert rules.extra_cards
    e, steps, final = _episode(rules, players)
    assert steps > 0 and len(final) == players


def test_gym_wrapper_at_six_seats() -> None:
    from gymnasium.utils.env_checker import check_env

    from chupai.env import ChupaiGymEnv

    g = ChupaiGymEnv("bigtwo", _rules(6), opponents="random", seed=3, illegal_reward=-1)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(g, skip_render_check=True)
    obs, _ = g.reset(seed=5)
    assert obs["observation"].shape == (Encoder("bigtwo", _rules(6)).size,)
    done, rng = False, np.random.default_rng(5)
    while not done:
        ids = obs["action_mask"].view(np.bool_).nonzero()[0]
        obs, reward, term, trunc, _ = g.step(int(ids[rng.integers(len(ids))]))
        done = term or trunc
    assert reward != 0


def test_render_lists_every_seat_at_thirteen() -> None:
    e = raw_env(game="bigtwo", rules=_rules(13), render_mode="ansi")
    e.reset(seed=2)
    text = e.render()
    rows = [line for line in text.splitlines() if line.startswith("seat_")]
    assert [r.split()[0] for r in rows] == [f"seat_{k}" for k in range(13)]
    assert all(" 4 " in f" {r} " for r in rows)  # four cards each, no hand shown


@needs_packs
@pytest.mark.parametrize("players", [5, 8])
def test_two_pack_random_episode(players: int) -> None:
    rules = _rules(players, 2)
    e, steps, final = _episode(rules, players)
    assert not e.agents and steps > 0 and len(final) == players
    assert e.encoder.planes.size == 104


@needs_packs
def test_two_pack_batch_runner() -> None:
    rules = _rules(6, 2)
    venv = VectorGames("bigtwo", rules, num_games=3, seed=1)
    space = ActionSpace.for_rules("bigtwo", rules)
    rng = np.random.default_rng(1)
    batch = venv.reset()
    done = 0
    for _ in range(300):
        # every legal id of every game is a play the deal itself lists
        for i in range(3):
            assert sorted(venv.legal_ids(i)) == sorted(
                space.index(a) for a in venv.deal(i).legal_actions()
            )
        batch = venv.step(random_actions(batch.mask, rng))
        done += int(batch.done.sum())
    assert done > 0


LEFTOVER_RULES = ["taiwan_exposed", "set_aside", "malaysian", "round_robin"]


@pytest.mark.parametrize("packs,players", [(1, 5), pytest.param(2, 6, marks=needs_packs)])
@pytest.mark.parametrize("leftover_rule", LEFTOVER_RULES)
def test_every_card_has_one_place(packs: int, players: int, leftover_rule: str) -> None:
    """Whatever the leftover rule, each of the deck's cards (copies counted) is in
    exactly one of: the seat's hand, a seat's played cards, a seat it is known to
    have gone to, face up out of play (or a face-up leftover being decided on),
    unseen."""
    overrides = {"players": str(players), "leftover_rule": leftover_rule}
    if packs == 2:
        overrides["packs"] = "2"
    rules = resolve_rules("bigtwo", "standard", overrides)
    e = raw_env(game="bigtwo", rules=rules)
    enc = e.encoder
    for seed in range(2):
        e.reset(seed=seed)
        rng = np.random.default_rng(seed)
        for agent in e.agent_iter():
            obs, _, term, trunc, _ = e.last()
            if term or trunc:
                e.step(None)
                continue
            x = obs["observation"]
            o = e.deal.observe(e.possible_agents.index(agent))
            total = enc.view(x, "hand").sum() + enc.view(x, "unseen").sum()
            total += sum(enc.view(x, f"played.{k}").sum() for k in range(players))
            total += sum(enc.view(x, f"known.{k}").sum() for k in range(1, players))
            total += o.exposed.bit_count()
            if o.phase.value == "leftover":
                total += o.leftover_shown.bit_count()
            assert total == rules.deck_size, (seed, o.phase)
            ids = obs["action_mask"].view(np.bool_).nonzero()[0]
            e.step(int(ids[rng.integers(len(ids))]))


@pytest.mark.parametrize("option", ["series=class_struggle", "series=tribute", "pre_exchange=true"])
def test_the_exchanges_stay_refused_with_two_packs(option: str) -> None:
    """The engine plays the exchanges with two packs (docs/bigtwo.md), but the
    action space holds plays only: the environment refuses them as with one pack,
    naming the option."""
    from chupai.errors import UnsupportedOptionError

    with pytest.raises(UnsupportedOptionError, match=option.split("=")[0]):
        raw_env("bigtwo", f"standard,players=6,packs=2,{option}")
