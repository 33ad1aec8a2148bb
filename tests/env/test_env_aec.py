"""The PettingZoo AEC environment and the Gymnasium single-agent wrapper of
:mod:`chupai.env.aec`: PettingZoo's ``api_test`` and ``seed_test`` and
Gymnasium's ``check_env`` for every game, seeding, rewards, redeals within an
episode, illegal actions, observations built only from the seat's own
observation, public rendering, and chupai bots playing through the API."""

from __future__ import annotations

import pickle
import sys
import warnings
from collections.abc import Iterator
from copy import deepcopy
from typing import Any

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import api_test, seed_test  # noqa: E402

from chupai.biga import game as ba_game  # noqa: E402
from chupai.bigtwo import game as b2_game  # noqa: E402
from chupai.bots import RandomBot, make_bot  # noqa: E402
from chupai.doudizhu.combos import cards_text  # noqa: E402
from chupai.env import ChupaiGymEnv, env, raw_env  # noqa: E402
from chupai.env.aec import resolve_env_rules  # noqa: E402
from chupai.errors import ChupaiError, IllegalActionError, RulesError  # noqa: E402
from chupai.games import resolve_rules  # noqa: E402
from chupai.protocol import all_games, get_game  # noqa: E402

CASES: list[tuple[str, str]] = [
    ("bigtwo", "standard"),
    ("bigtwo", "taiwan"),
    ("doudizhu", "classic"),
    ("doudizhu", "four_player"),
    ("biga", "standard"),
]
IDS = [f"{g}-{p}" for g, p in CASES]


def _random_episode(e: Any, rng: np.random.Generator) -> Iterator[tuple[str, Any]]:
    """Play one episode of the (wrapped or raw) AEC env ``e`` with random legal
    ids; yields ``(agent, last())`` for every turn, the final ones included."""
    for agent in e.agent_iter():
        last = e.last()
        yield agent, last
        obs, _, term, trunc, _ = last
        if term or trunc:
            e.step(None)
        else:
            ids = obs["action_mask"].view(np.bool_).nonzero()[0]
            e.step(int(ids[rng.integers(len(ids))]))


def _episode_trace(e: Any, seed: int) -> list[tuple[str, int, int, float]]:
    e.reset(seed=seed)
    rng = np.random.default_rng(seed)
    out = []
    for agent, (obs, reward, _, _, _) in _random_episode(e, rng):
        out.append(
            (
                agent,
                hash(obs["observation"].tobytes()),
                hash(obs["action_mask"].tobytes()),
                float(reward),
            )
        )
    return out


# ----- the PettingZoo and Gymnasium conformance tests ---------------------------------


@pytest.mark.parametrize("game,preset", CASES, ids=IDS)
def test_pettingzoo_api_test(game: str, preset: str) -> None:
    with warnings.catch_warnings():
        # a Dict observation (with its action mask) is what PettingZoo's classic
        # games use, though api_test still suggests a Box
        warnings.simplefilter("ignore")
        api_test(
            env(game=game, rules=preset, render_mode="ansi"), num_cycles=200, verbose_progress=False
        )


@pytest.mark.parametrize("game,preset", CASES, ids=IDS)
def test_pettingzoo_seed_test(game: str, preset: str) -> None:
    seed_test(lambda: env(game=game, rules=preset), num_cycles=200)


@pytest.mark.parametrize("game,preset", CASES, ids=IDS)
def test_gymnasium_check_env(game: str, preset: str) -> None:
    e = ChupaiGymEnv(game, preset, seat=1, opponents="random", seed=5)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # the box is bounded, the defaults pass
        check_env(e.unwrapped, skip_render_check=True)


# ----- spaces and observations --------------------------------------------------------


def test_agents_spaces_and_metadata() -> None:
    e = raw_env("doudizhu", "classic")
    assert e.possible_agents == ["seat_0", "seat_1", "seat_2"]
    assert e.metadata == {
        "render_modes": ["human", "ansi"],
        "name": "chupai_doudizhu_v0",
        "is_parallelizable": False,
    }
    assert e.action_space("seat_1").n == e.space.n == 27_864
    space = e.observation_space("seat_1")
    assert space is e.observation_space("seat_1")
    assert space["observation"].shape == e.encoder.shape
    assert space["observation"].dtype == np.float32
    assert space["action_mask"].shape == (27_864,) and space["action_mask"].dtype == np.int8
    assert raw_env("biga").possible_agents == [f"seat_{s}" for s in range(5)]
    assert raw_env("bigtwo", "taiwan").metadata["name"] == "chupai_bigtwo_v0"
    assert isinstance(env(), object) and env().unwrapped.game == "doudizhu"


@pytest.mark.parametrize("game,preset", CASES, ids=IDS)
def test_observations_come_from_the_seat_observation_only(game: str, preset: str) -> None:
    e = raw_env(game, preset)
    e.reset(seed=11)
    rng = np.random.default_rng(11)
    for turn, (agent, (obs, *_)) in enumerate(_random_episode(e, rng)):
        if turn % 7 or e.deal.to_act is None:
            continue
        for other in e.agents:
            o = e.observe(other)
            seat = int(other.split("_")[1])
            raw = e.raw_observation(other)
            assert raw == e.deal.observe(seat)
            np.testing.assert_array_equal(o["observation"], e.encoder.encode(raw))
            if other == e.agent_selection:
                legal = e.legal_actions()
                assert int(o["action_mask"].sum()) == len(legal)
                assert [e.space.action(i) for i in e.legal_ids()] == legal
            else:
                assert not o["action_mask"].any()
        assert e.observation_space(agent).contains(obs)


def test_observations_are_fresh_arrays() -> None:
    e = env("doudizhu", "classic")
    e.reset(seed=1)
    a, b = e.observe("seat_0"), e.observe("seat_0")
    assert a["observation"] is not b["observation"]
    assert a["action_mask"] is not b["action_mask"]
    a["action_mask"][:] = 0  # the caller's copy: the env's own mask is untouched
    assert e.unwrapped.action_mask().any()


# ----- seeding ------------------------------------------------------------------------


@pytest.mark.parametrize("game,preset", CASES, ids=IDS)
def test_same_seed_same_episode(game: str, preset: str) -> None:
    first = _episode_trace(env(game, preset), 3)
    assert _episode_trace(env(game, preset), 3) == first
    e = raw_env(game, preset)
    e.reset(seed=3)
    dealt = e.deal.observe(0).hand
    e.reset(seed=4)
    assert e.deal.observe(0).hand != dealt
    e.reset(seed=3)
    assert e.deal.observe(0).hand == dealt
    e.reset()  # no seed: the generator goes on, a new deal
    assert e.deal.observe(0).hand != dealt


# ----- rewards and the end of an episode ----------------------------------------------


@pytest.mark.parametrize("game,preset", CASES, ids=IDS)
@pytest.mark.parametrize("reward", ["score", "win"])
def test_rewards_at_the_end(game: str, preset: str, reward: str) -> None:
    e = env(game, preset, reward=reward)
    for seed in range(3):
        e.reset(seed=seed)
        rng = np.random.default_rng(seed)
        seen: dict[str, float] = {}
        for agent, (_, r, term, trunc, info) in _random_episode(e, rng):
            assert not trunc
            if term:
                seen[agent] = r
                assert set(info) == {"score"}
            else:
                assert r == 0 and info == {}
        assert sorted(seen) == e.possible_agents and e.agents == []
        # the rewards outlive the agents (PettingZoo's keys are gone)
        u = e.unwrapped
        assert not u.rewards.keys() and not u._cumulative_rewards.keys()
        assert u.final_rewards == seen
        for a in e.possible_agents:
            assert u.rewards[a] == u._cumulative_rewards[a] == u.rewards.get(a) == seen[a]
        deal = e.unwrapped.deal
        scores = deal.returns()
        assert [seen[a] for a in e.possible_agents] == pytest.approx(
            _expected(game, deal, scores, reward)
        )


def _expected(game: str, deal: Any, scores: list[int], reward: str) -> list[float]:
    n = len(scores)
    if reward == "score":
        return [float(x) for x in scores]
    oc = deal.outcome
    if game == "doudizhu":
        return [1.0 if (s == oc.landlord) == oc.landlord_won else -1.0 for s in range(n)]
    if game == "bigtwo":
        return [1.0 if s == oc.winner else -1.0 / (n - 1) for s in range(n)]
    return [float(np.sign(x)) for x in scores]


def _final_rewards(e: Any, seed: int) -> dict[str, float]:
    """The ``rewards`` of the step that ends a random episode of raw env ``e``."""
    e.reset(seed=seed)
    rng = np.random.default_rng(seed)
    while not any(e.terminations.values()):
        ids = e.legal_ids()
        e.step(int(ids[rng.integers(len(ids))]))
    return dict(e.rewards)


def test_win_rewards() -> None:
    e = raw_env("bigtwo", "standard", reward="win")
    for seed in range(3):
        r = _final_rewards(e, seed)
        assert r[f"seat_{e.deal.outcome.winner}"] == 1.0
        assert sorted(r.values()) == pytest.approx([-1 / 3] * 3 + [1.0])
        assert sum(r.values()) == pytest.approx(0.0)
    for preset in ("classic", "four_player"):
        e = raw_env("doudizhu", preset, reward="win")
        for seed in range(3):
            r = _final_rewards(e, seed)
            oc = e.deal.outcome
            lord = 1.0 if oc.landlord_won else -1.0
            assert r == {
                a: lord if s == oc.landlord else -lord for s, a in enumerate(e.possible_agents)
            }
    e = raw_env("biga", "standard", reward="win")
    for seed in range(3):
        r = _final_rewards(e, seed)
        assert list(r.values()) == [float(np.sign(x)) for x in e.deal.returns()]
        assert set(r.values()) <= {-1.0, 0.0, 1.0}


# ----- redeals within an episode ------------------------------------------------------


def _all_pass(e: Any) -> None:
    """Pass every bid of the current Dou Dizhu deal."""
    while e.unwrapped.deal.phase.value == "bid" and e.unwrapped.redeals == 0:
        e.step(0)


def test_doudizhu_all_pass_deals_again_within_the_episode() -> None:
    e = env("doudizhu", "classic")
    e.reset(seed=9)
    first = e.unwrapped.deal
    _all_pass(e)
    second = e.unwrapped.deal
    assert second is not first and e.unwrapped.redeals == 1
    assert first.outcome.redeal
    assert second.dealer == (first.dealer + 1) % 3
    assert not any(e.terminations.values()) and not any(e.truncations.values())
    assert e.agents == e.possible_agents
    assert e.agent_selection == f"seat_{second.to_act}"
    obs, r, *_ = e.last()
    assert r == 0 and obs["action_mask"][:4].tolist() == [1, 1, 1, 1]


def test_doudizhu_redeal_doubled_and_next_dealer() -> None:
    e = raw_env("doudizhu", "classic,all_pass=redeal_doubled_once")
    e.reset(seed=9)
    _all_pass(e)
    assert e.deal.doubled


def test_too_many_redeals_truncate_the_episode() -> None:
    e = env("doudizhu", "classic", max_redeals=0)
    e.reset(seed=9)
    _all_pass(e)
    assert all(e.truncations.values()) and not any(e.terminations.values())
    assert all(r == 0 for r in e.rewards.values())
    for _agent in e.agent_iter():
        obs, r, term, trunc, _ = e.last()
        assert trunc and not term and r == 0 and not obs["action_mask"].any()
        e.step(None)
    assert e.agents == []
    assert e.unwrapped.final_rewards == dict.fromkeys(e.possible_agents, 0.0)
    assert e.unwrapped.rewards["seat_2"] == 0.0


def test_kept_rewards_are_a_dict() -> None:
    e = raw_env("bigtwo")
    e.reset(seed=1)
    assert e.final_rewards == {} and e.rewards == dict.fromkeys(e.possible_agents, 0.0)
    with pytest.raises(KeyError, match="seat_9"):
        e.rewards["seat_9"]
    assert e.rewards.get("seat_9", 5) == 5
    _final_rewards(e, 1)
    final = dict(e.final_rewards)
    for a in e.possible_agents:
        del e.rewards[a]  # what PettingZoo does as each agent leaves
    for copy in (pickle.loads(pickle.dumps(e.rewards)), deepcopy(e.rewards)):
        assert type(copy) is type(e.rewards) and not copy
        assert [copy[a] for a in e.possible_agents] == list(final.values())
    e.reset(seed=2)
    assert e.final_rewards == {} and e.rewards["seat_0"] == 0.0


def test_big_two_redeal_request_within_the_episode() -> None:
    e = raw_env("bigtwo", "standard,redeal_max_points=20")
    e.reset(seed=0)
    first = e.deal
    assert first.phase.value == "redeal"
    redeal = e.space.index(b2_game.Choice("redeal"))
    while e.deal is first:
        ids = e.legal_ids()
        e.step(redeal if redeal in ids else int(ids[0]))
    assert e.redeals == 1 and first.outcome is not None and first.outcome.redeal
    assert e.deal.dealer == first.dealer and not any(e.terminations.values())


def test_big_a_redeal_within_the_episode(monkeypatch: Any) -> None:
    rules = resolve_rules("biga", "standard")
    no_ah = ba_game.new_deal(rules, 170)  # no AH among the first 103 cards
    assert 17 not in no_ah.stock[:103]
    e = raw_env("biga", "standard")
    real = e._new_deal
    calls: list[Any] = []

    def fake(r: Any, seed: int, prev: Any) -> Any:
        calls.append(prev)
        return no_ah if len(calls) == 1 else real(r, seed, prev)

    monkeypatch.setattr(e, "_new_deal", fake)
    e.reset(seed=0)
    decline = e.space.index(ba_game.DECLINE)
    while e.redeals == 0:
        e.step(decline)  # nobody declares: the forced AH finds nobody, a redeal
    assert calls == [None, no_ah]
    assert no_ah.outcome is not None and no_ah.outcome.redeal
    assert e.deal.first_drawer == no_ah.first_drawer
    assert not any(e.terminations.values()) and e.agents == e.possible_agents


def test_deals_decided_before_any_decision_are_thrown_away(monkeypatch: Any) -> None:
    rules = resolve_rules("bigtwo", "taiwan")
    instant = b2_game.new_deal(rules, 41)  # a dragon: won at once
    assert instant.outcome is not None and instant.outcome.instant_win == "dragon"
    e = raw_env("bigtwo", "taiwan")
    real = e._new_deal
    calls: list[Any] = []

    def fake(r: Any, seed: int, prev: Any) -> Any:
        calls.append(prev)
        return instant if len(calls) == 1 else real(r, seed, prev)

    monkeypatch.setattr(e, "_new_deal", fake)
    e.reset(seed=0)
    assert e.redeals == 0 and calls == [None, None]  # a fresh deal, not a redeal
    assert e.deal is not instant and e.deal.to_act is not None
    assert not any(e.terminations.values())


# ----- illegal actions ----------------------------------------------------------------


def test_illegal_ids_raise_naming_them() -> None:
    e = env("doudizhu", "classic")
    e.reset(seed=1)
    before = e.unwrapped.deal.history[:]
    with pytest.raises(IllegalActionError, match=r"id 27863 \(BJ RJ\)") as info:
        e.step(27863)
    assert isinstance(info.value, ValueError)
    with pytest.raises(IllegalActionError, match="out of range"):
        e.step(10**6)
    with pytest.raises(IllegalActionError, match="out of range"):
        e.step(-1)
    with pytest.raises(IllegalActionError, match="integer id"):
        e.step("bid 1")
    assert e.unwrapped.deal.history == before  # nothing applied
    e.step(np.int32(3))  # numpy integers are fine
    assert e.unwrapped.deal.bid == 3


def test_pettingzoo_illegal_move_convention() -> None:
    e = env("doudizhu", "classic", illegal_reward=-1)
    e.reset(seed=1)
    offender = e.agent_selection
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        e.step(27863)
    assert all(e.terminations.values())
    assert e.rewards[offender] == -1


# ----- bots through the environment ---------------------------------------------------


@pytest.mark.parametrize("game,preset", CASES, ids=IDS)
def test_heuristic_bots_play_whole_games_through_the_env(game: str, preset: str) -> None:
    e = env(game, preset)
    bots = {a: make_bot("heuristic", seed=i, game=game) for i, a in enumerate(e.possible_agents)}
    for seed in range(2):
        e.reset(seed=seed)
        steps = 0
        for agent in e.agent_iter():
            _, _, term, trunc, _ = e.last()
            if term or trunc:
                e.step(None)
                continue
            action = bots[agent].act(e.raw_observation(agent), e.legal_actions())
            e.step(e.space.index(action))
            steps += 1
        assert steps > 0 and e.agents == []
        assert e.unwrapped.deal.outcome is not None


# ----- rendering ----------------------------------------------------------------------


@pytest.mark.parametrize("game,preset", CASES, ids=IDS)
def test_render_shows_public_information_only(game: str, preset: str) -> None:
    e = raw_env(game, preset, render_mode="ansi")
    e.reset(seed=4)
    rng = np.random.default_rng(4)
    for turn, _ in enumerate(_random_episode(e, rng)):
        if turn == 30 or not e.agents:
            break
    text = e.render()
    assert isinstance(text, str) and "seat_0" in text and "cards" in text
    deal = e.deal
    for seat in range(e.players):
        hand = deal.observe(seat).hand
        if game == "doudizhu" and hand:
            assert cards_text(hand) not in text
        if game == "bigtwo" and hand:
            assert deal.cards_text(hand) not in text
    rows = {line.split()[0]: line.split() for line in text.splitlines() if line.startswith("seat_")}
    for seat, count in enumerate(deal.observe(0).hand_counts):
        assert str(count) in rows[f"seat_{seat}"]


def _role_cells(text: str) -> list[str]:
    """The role column of each seat row: the words between the agent and its count."""
    out = []
    for line in text.splitlines():
        if line.startswith("seat_"):
            words = line.split()
            count = next(i for i in range(1, len(words)) if words[i].isdigit())
            out.append(" ".join(words[1:count]))
    return out


@pytest.mark.parametrize("game,preset", CASES, ids=IDS)
@pytest.mark.parametrize("seed", [6, 2])
def test_render_shows_the_roles_of_the_observation(game: str, preset: str, seed: int) -> None:
    # Big A, seed 6: the render computed roles on its own and showed
    # ['', '', 'declarer', '', ''] where the observation's public roles show every role
    spec = get_game(game)
    e = raw_env(game, preset, render_mode="ansi")
    e.reset(seed=seed)
    rng = np.random.default_rng(seed)
    for _ in _random_episode(e, rng):
        text = e.render()
        assert text is not None
        public = spec.facts(e.deal.observe(0)).public_roles
        for s, cell in enumerate(_role_cells(text)):
            words = [w for w in cell.split() if not w.startswith("out#") and w != "bidder"]
            assert words == ([public[s]] if public[s] else []), (s, text)


def test_render_modes(capsys: Any) -> None:
    e = env("doudizhu", "classic", render_mode="human")
    e.reset(seed=0)
    assert e.render() is None
    assert "chupai_doudizhu_v0" in capsys.readouterr().out
    quiet = raw_env("doudizhu")
    quiet.reset(seed=0)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        assert quiet.render() is None
    with pytest.raises(RulesError):
        raw_env("doudizhu", render_mode="rgb_array")


def test_render_after_the_end_shows_scores() -> None:
    e = raw_env("bigtwo", "standard", render_mode="ansi")
    e.reset(seed=0)
    for _ in _random_episode(e, np.random.default_rng(0)):
        pass
    text = e.render()
    assert text is not None and "scores:" in text


# ----- rules arguments ----------------------------------------------------------------


def test_rules_arguments() -> None:
    classic = resolve_rules("doudizhu", "classic")
    assert resolve_env_rules("Dou Dizhu", None) == ("doudizhu", classic)
    assert resolve_env_rules("ddz", classic)[1] is classic
    assert resolve_env_rules("doudizhu", "preset=classic")[1] == classic
    spec = "doudizhu(preset=classic,rob_multipliers=2,4,8,bidding=until_all_pass)"
    rules = resolve_env_rules("doudizhu", spec)[1]
    assert rules.bidding.value == "until_all_pass" and tuple(rules.rob_multipliers) == (2, 4, 8)
    assert rules.spec() == "doudizhu(preset=classic,bidding=until_all_pass,rob_multipliers=2,4,8)"
    assert resolve_env_rules("doudizhu", rules.spec())[1] == rules
    assert raw_env("doudizhu", rules).rules is rules
    with pytest.raises(RulesError):
        resolve_env_rules("doudizhu", "bigtwo(preset=standard)")
    with pytest.raises(RulesError):
        resolve_env_rules("doudizhu", "nosuchpreset")
    with pytest.raises(RulesError):
        raw_env("doudizhu", reward="money")
    with pytest.raises(RulesError):
        raw_env("doudizhu", max_redeals=-1)
    with pytest.raises(ChupaiError, match="pre_exchange"):
        raw_env("bigtwo", "standard,pre_exchange=true")


# ----- the Gymnasium wrapper ----------------------------------------------------------


@pytest.mark.parametrize("game,preset", CASES, ids=IDS)
def test_gym_episodes_against_heuristic_bots(game: str, preset: str) -> None:
    e = ChupaiGymEnv(game, preset, seat=1, opponents="heuristic", seed=0)
    rng = np.random.default_rng(0)
    obs, info = e.reset(seed=7)
    assert info["action_mask"] is obs["action_mask"] and obs["action_mask"].any()
    assert e.aec.agent_selection == "seat_1"
    assert e.observation_space.contains(obs)
    done = False
    total = 0.0
    while not done:
        ids = obs["action_mask"].view(np.bool_).nonzero()[0]
        obs, reward, term, trunc, info = e.step(int(ids[rng.integers(len(ids))]))
        done = term or trunc
        if not done:
            assert reward == 0 and e.aec.agent_selection == "seat_1"
        total += reward
    assert term and not trunc
    assert info["score"] == e.aec.deal.returns()[1] == total
    assert not obs["action_mask"].any()
    with pytest.raises(ChupaiError, match="reset"):
        e.step(0)


def test_gym_seeding_replays_episodes() -> None:
    def trace(e: ChupaiGymEnv, seed: int | None) -> list[Any]:
        obs, _ = e.reset(seed=seed)
        rng = np.random.default_rng(1)
        out = [obs["observation"].tobytes()]
        done = False
        while not done:
            ids = obs["action_mask"].view(np.bool_).nonzero()[0]
            obs, r, term, trunc, _ = e.step(int(ids[rng.integers(len(ids))]))
            out.append((obs["observation"].tobytes(), r))
            done = term or trunc
        return out

    e = ChupaiGymEnv("doudizhu", "classic", opponents="random")
    a = trace(e, 5)
    b = trace(e, None)
    assert trace(e, 5) == a and trace(e, None) == b and a != b
    assert trace(ChupaiGymEnv("doudizhu", opponents="random", seed=5), None) == a


def test_gym_opponents() -> None:
    bots = [RandomBot(1), make_bot("greedy", 2, game="bigtwo"), "heuristic"]
    e = ChupaiGymEnv("bigtwo", "standard", seat=2, opponents=bots)
    assert e.bots[3] is bots[0] and e.bots[0] is bots[1]
    assert type(e.bots[1]).__name__ == "BigTwoHeuristicBot"
    e.reset(seed=0)
    with pytest.raises(RulesError, match="opponents"):
        ChupaiGymEnv("bigtwo", opponents=["random"])
    with pytest.raises(RulesError, match="seat"):
        ChupaiGymEnv("bigtwo", seat=4)
    with pytest.raises(RulesError, match="neither"):
        ChupaiGymEnv("doudizhu", opponents=["random", 3])
    with pytest.raises(ChupaiError, match="unknown bot"):
        ChupaiGymEnv("doudizhu", opponents="nobody")


def test_gym_illegal_actions() -> None:
    e = ChupaiGymEnv("doudizhu", "classic", opponents="random", seed=0, illegal="raise")
    e.reset()
    with pytest.raises(IllegalActionError):
        e.step(27863)
    e = ChupaiGymEnv("doudizhu", "classic", opponents="random", seed=0, illegal_reward=-2.0)
    e.reset()
    obs, r, term, trunc, info = e.step(27863)
    assert (r, term, trunc, info["illegal"]) == (-2.0, True, False, True)
    assert not obs["action_mask"].any()


def test_gym_render() -> None:
    e = ChupaiGymEnv("biga", render_mode="ansi", opponents="random", seed=0)
    e.reset()
    text = e.render()
    assert text is not None and "chupai_biga_v0" in text


def test_pettingzoo_style_modules() -> None:
    import chupai.env.zoo as zoo
    from chupai.env.zoo import daguailuzi_v0, doudizhu_v0

    names = {f"{g.key}_v0" for g in all_games() if "env" in g.layers}
    assert set(zoo.modules()) == names and {"bigtwo_v0", "biga_v0"} <= names
    assert doudizhu_v0.env(rules="four_player").unwrapped.players == 4
    assert daguailuzi_v0.raw_env().metadata["name"] == "chupai_daguailuzi_v0"
    assert sys.modules["chupai.env.zoo.biga_v0"] is zoo.biga_v0
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(zoo.biga_v0.env(), num_cycles=50)
    with pytest.raises(AttributeError, match="chess_v6"):
        zoo.chess_v6  # noqa: B018


def test_exports() -> None:
    import chupai.env
    import chupai.env.aec

    assert chupai.env.ChupaiAECEnv is chupai.env.aec.ChupaiAECEnv
    assert chupai.env.ChupaiGymEnv is chupai.env.aec.ChupaiGymEnv
    assert chupai.env.env is chupai.env.aec.env and chupai.env.raw_env is chupai.env.aec.raw_env


# ----- long runs (slow) ---------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("game,preset", CASES, ids=IDS)
def test_many_random_episodes(game: str, preset: str) -> None:
    e = env(game, preset)
    rng = np.random.default_rng(0)
    for seed in range(300):
        e.reset(seed=seed)
        final: dict[str, float] = {}
        for agent, (obs, r, term, trunc, _) in _random_episode(e, rng):
            assert e.observation_space(agent).contains(obs)
            if term or trunc:
                final[agent] = r
        assert e.agents == []
        assert [final[a] for a in e.possible_agents] == e.unwrapped.deal.returns()
