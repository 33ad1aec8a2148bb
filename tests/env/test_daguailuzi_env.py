"""The 大怪路子 environment (:mod:`chupai.env.games.daguailuzi`): its space of play
classes (every legal play has its class in the space, ids round-trip, the env plays
the first legal play of a class), the masks and rewards of whole episodes through
PettingZoo and Gymnasium, and the encoding (card accounts that add up, known cards
that are really held, nothing of another seat's hand)."""

from __future__ import annotations

import dataclasses
import random
import warnings
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given, settings, strategies as st

np = pytest.importorskip("numpy")
pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import api_test, seed_test  # noqa: E402

from chupai.actions import PASS  # noqa: E402
from chupai.daguailuzi import cards as dc  # noqa: E402
from chupai.daguailuzi.combos import Kind, classify  # noqa: E402
from chupai.daguailuzi.game import DaguailuziDeal, deal_hands, new_deal  # noqa: E402
from chupai.daguailuzi.movegen import legal_plays  # noqa: E402
from chupai.daguailuzi.rules import PRESETS, resolve  # noqa: E402
from chupai.daguailuzi.spec import result  # noqa: E402
from chupai.env import ChupaiGymEnv, env, raw_env  # noqa: E402
from chupai.env.encode import Encoder  # noqa: E402
from chupai.env.games import daguailuzi as plugin  # noqa: E402
from chupai.env.spaces import ActionSpace  # noqa: E402
from chupai.env.vector import VectorGames, random_actions  # noqa: E402

GAME = "daguailuzi"
CASES = ["seed", "shanghai"]


def _space(rules: Any) -> ActionSpace:
    return ActionSpace.for_rules(GAME, rules)


def _random_episode(e: Any, rng: np.random.Generator) -> Iterator[tuple[str, Any]]:
    """Play one episode of AEC env ``e`` with random legal ids; yields ``(agent,
    last())`` for every turn, the final ones included."""
    for agent in e.agent_iter():
        last = e.last()
        yield agent, last
        obs, _, term, trunc, _ = last
        if term or trunc:
            e.step(None)
        else:
            ids = obs["action_mask"].view(np.bool_).nonzero()[0]
            e.step(int(ids[rng.integers(len(ids))]))


# ----- the space -----------------------------------------------------------------------


def test_layout_and_texts() -> None:
    seed, shanghai = _space("seed"), _space("shanghai")
    assert [label for label, _, _ in seed.layout()] == ["pass"] + [k.value for k in Kind]
    assert [label for label, _, _ in shanghai.layout()][:3] == ["pass", "tribute", "return"]
    assert seed.action(0) is PASS and seed.describe(0) == "pass"
    for space in (seed, shanghai):
        texts = [space.describe(i) for i in range(space.n)]
        assert len(set(texts)) == space.n  # every id has its own text
        assert all(space.index(space.action(i)) == i for i in range(space.n))
    # flushes compared card by card need their five ranks; by the top card, one
    assert seed.kinds()["flush"] > 100 * shanghai.kinds()["flush"]
    assert {seed.kinds()[k] for k in ("single", "pair", "triple")} == {15, 42, 82}
    # both presets agree on what does not depend on the flush comparison
    for kind in ("straight", "full_house", "four_of_a_kind", "straight_flush"):
        assert seed.kinds()[kind] == shanghai.kinds()[kind]
    sf = shanghai.describe(
        shanghai.index(classify(dc.parse_cards("QH KH BJ BJ RJ"), PRESETS["shanghai"], 0))
    )
    assert sf == "straight_flush H T-A [BJ BJ RJ]"


def test_the_space_depends_on_the_combination_options_only() -> None:
    base = _space("seed")
    assert (
        _space(resolve("seed", {"natural_beats_wild": "true", "lead_after_out": "teammate"}))
        is base
    )
    assert _space(resolve("shanghai", {"level": "9", "target_level": "5"})) is _space("shanghai")
    candidates = _space(resolve("shanghai", {"return_rule": "joker_candidates"}))
    assert candidates.kinds()["offer"] == 105 + 455 and candidates.kinds()["take"] == 54
    # trumps: the flushes of every level, more than at any one level
    trumps = _space(resolve("seed", {"trumps": "true"}))
    assert trumps.kinds()["flush"] == base.kinds()["flush"] + 4 * 182
    assert trumps.n - trumps.kinds()["flush"] == base.n - base.kinds()["flush"]


def _hand_and_top(data: st.DataObject, rules: Any, level: int | None) -> tuple[int, Any]:
    pack = [t for t in range(dc.NTYPES) for _ in range(dc.COPIES)]
    picks = data.draw(
        st.lists(st.sampled_from(range(len(pack))), min_size=1, max_size=27, unique=True)
    )
    hand = dc.from_types(pack[k] for k in picks)
    top = None
    if data.draw(st.booleans()):
        other = dc.from_types(pack[k] for k in data.draw(st.permutations(range(len(pack))))[:12])
        plays = legal_plays(other, None, rules, level)
        top = data.draw(st.sampled_from(plays)) if plays else None
    return hand, top


VARIANTS = {
    "seed": PRESETS["seed"],
    "shanghai": PRESETS["shanghai"],
    "lowest,two_high": resolve("seed", {"wild_rank": "lowest", "two_rank": "high"}),
    "trumps,card_by_card": resolve("seed", {"trumps": "true"}),
}
"""Rules whose spaces differ: a flush's key depends on the comparison and, with
trumps, on the level."""


@settings(max_examples=80, deadline=None)
@given(data=st.data(), variant=st.sampled_from(sorted(VARIANTS)))
def test_every_legal_play_has_its_class_in_the_space(data: st.DataObject, variant: str) -> None:
    rules = VARIANTS[variant]
    space = _space(rules)
    level = data.draw(st.integers(0, 12)) if rules.trumps else None
    hand, top = _hand_and_top(data, rules, level)
    legal = legal_plays(hand, top, rules, level)
    ids = space.legal_ids(None, legal)
    for play, i in zip(legal, ids):
        cls = space.action(int(i))
        assert (cls.kind, cls.key, cls.size) == (play.kind, play.key, play.size)
        assert (cls.bj, cls.rj) == (dc.count_of(play.cards, dc.BJ), dc.count_of(play.cards, dc.RJ))
        assert space.index(play) == i == space.id_of(None, play)
        # the env plays the first legal play of the class, in the engine's order
        first = space.engine_action(int(i), legal, ids)
        assert first == next(p for p in legal if space.index(p) == i)
        assert space.engine_action(space.index(first), legal, ids) is first
    # a flush-family class keeps its suit
    for play in legal:
        if play.kind in (Kind.FLUSH, Kind.STRAIGHT_FLUSH):
            suits = {t & 3 for t, _ in dc.counts(play.cards) if t < dc.BJ}
            assert suits == {space.action(space.index(play)).suit}


def test_tribute_return_and_offer_classes() -> None:
    rules = resolve("shanghai", {"return_rule": "joker_candidates"})
    space = _space(rules)
    rng = random.Random(3)
    seen = set()
    for seed in range(40):
        deal = new_deal(rules, seed, offense=2, givers=(1, 3), recipients=(2, 0))
        while deal.phase.value in ("tribute", "return"):
            legal = deal.legal_actions()
            ids = space.legal_ids(deal, legal)
            assert sorted(set(ids.tolist())) == np.flatnonzero(space.mask(legal)).tolist()
            i = int(ids[rng.randrange(len(ids))])
            action = space.engine_action(i, legal, ids)
            assert action in legal and space.index(action) == i
            seen.add(space.describe(i).split()[0])
            deal.apply_action(action)
    assert seen == {"tribute", "return", "offer", "take"}
    # offers are reached after a joker tribute: their class is the set of ranks
    offers = [space.action(i) for i in range(space.n) if space.describe(i).startswith("offer")]
    assert all(c.ranks.bit_count() == c.size for c in offers)


# ----- the PettingZoo and Gymnasium conformance tests ---------------------------------


@pytest.mark.parametrize("preset", CASES)
def test_pettingzoo_api_test(preset: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(
            env(game=GAME, rules=preset, render_mode="ansi"), num_cycles=300, verbose_progress=False
        )


@pytest.mark.parametrize("preset", CASES)
def test_pettingzoo_seed_test(preset: str) -> None:
    seed_test(lambda: env(game=GAME, rules=preset), num_cycles=100)


@pytest.mark.parametrize("preset", CASES)
def test_gymnasium_check_env(preset: str) -> None:
    e = ChupaiGymEnv(GAME, preset, seat=1, opponents="random", seed=5, illegal_reward=-1.0)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(e.unwrapped, skip_render_check=True)


# ----- whole episodes ------------------------------------------------------------------


@pytest.mark.parametrize("preset", CASES)
def test_masks_are_the_legal_classes_at_every_step(preset: str) -> None:
    e = raw_env(GAME, preset)
    enc = e.encoder
    rng = np.random.default_rng(1)
    for seed in range(2):
        e.reset(seed=seed)
        for turn, (agent, (obs, *_)) in enumerate(_random_episode(e, rng)):
            if not e.agents or e.deal.to_act is None:
                continue
            legal = e.legal_actions()
            want = sorted({e.space.index(a) for a in legal})
            assert np.flatnonzero(obs["action_mask"]).tolist() == want
            assert e.legal_ids().tolist() == [e.space.index(a) for a in legal]
            if turn % 5 == 0:
                seat = int(agent.split("_")[1])
                np.testing.assert_array_equal(obs["observation"], enc.encode(e.deal.observe(seat)))
                assert e.observation_space(agent).contains(obs)


@pytest.mark.parametrize("preset", CASES)
@pytest.mark.parametrize("reward", ["score", "win"])
def test_rewards_at_the_end(preset: str, reward: str) -> None:
    e = env(GAME, preset, reward=reward)
    outcomes = set()
    for seed in range(3):
        e.reset(seed=seed)
        final: dict[str, float] = {}
        for agent, (_, r, term, trunc, info) in _random_episode(e, np.random.default_rng(seed)):
            assert not trunc
            if term:
                final[agent] = r
                assert set(info) == {"score"}
            else:
                assert r == 0 and info == {}
        oc = e.unwrapped.deal.outcome
        outcomes.add(oc.result)
        values = [final[a] for a in e.possible_agents]
        if reward == "score":
            assert values == [float(x) for x in oc.scores] and sum(values) == 0
        elif oc.winner is None:
            assert values == [0.0] * 6
        else:
            assert values == [1.0 if s % 2 == oc.winner else -1.0 for s in range(6)]
    assert outcomes


def test_win_rewards_of_a_win_that_scores_nothing() -> None:
    """Under ``only_offense_scores`` a defense win scores 0, yet its team won."""
    hands = ["3S 3H", "AS", "4S 4H", "AH", "5S 5H", "AD"]
    deal = DaguailuziDeal.from_hands(PRESETS["shanghai"], hands, 0)
    while not deal.is_terminal():
        deal.apply_action(deal.legal_actions()[0])  # the first play, else pass
    oc = deal.outcome
    assert (oc.result, oc.winner, oc.scoring_team, oc.scores) == ("win", 1, None, (0,) * 6)
    res = result(deal)
    assert plugin.win_rewards(res, 6) == [-1.0, 1.0] * 3
    assert plugin.win_rewards(dataclasses.replace(res, winners=()), 6) == [0.0] * 6


def test_gym_bots_play_their_own_plays() -> None:
    """Opponents act through the Gymnasium wrapper with their exact play, not the
    first play of its class."""
    e = ChupaiGymEnv(GAME, "seed", seat=0, opponents="random", seed=3)
    obs, info = e.reset()
    rng = np.random.default_rng(3)
    done = False
    played = []
    original = e.aec._play

    def spy(action: Any, chosen: Any = None) -> None:
        if chosen is not None:
            played.append(chosen)
        original(action, chosen)

    e.aec._play = spy  # type: ignore[method-assign]
    while not done:
        ids = np.flatnonzero(info["action_mask"])
        obs, reward, term, trunc, info = e.step(int(rng.choice(ids)))
        done = term or trunc
    assert played and set(played) <= {ev.action for ev in e.aec.deal.history}
    assert info["score"] == e.aec.deal.returns()[0] == reward


def test_vector_games() -> None:
    venv = VectorGames(GAME, "shanghai", num_games=3, seed=2)
    batch = venv.reset()
    rng = np.random.default_rng(2)
    enc, space = venv.encoder, venv.space
    done = 0
    for _ in range(400):
        for i in range(3):
            deal = venv.deal(i)
            np.testing.assert_array_equal(batch.mask[i], space.mask(deal.legal_actions()))
            np.testing.assert_array_equal(batch.obs[i], enc.encode(deal.observe(deal.to_act)))
        batch = venv.step(random_actions(batch.mask, rng))
        done += int(batch.done.sum())
        for i in np.flatnonzero(batch.done):
            assert batch.rewards[i].sum() == 0
    assert done >= 1 and venv.stats().episodes == done


def test_render_shows_no_hand() -> None:
    e = raw_env(GAME, "seed", render_mode="ansi")
    e.reset(seed=4)
    for turn, _ in enumerate(_random_episode(e, np.random.default_rng(4))):
        if turn == 40:
            break
    text = e.render()
    assert isinstance(text, str) and "offense" in text
    for seat in range(6):
        assert e.deal.cards_text(e.deal.observe(seat).hand) not in text
    rows = {line.split()[0]: line for line in text.splitlines() if line.startswith("seat_")}
    leader = f"seat_{e.deal.offense}"
    assert all((" leader " in row) == (agent == leader) for agent, row in rows.items())
    assert all(f" {'AB'[int(a[-1]) % 2]} " in row for a, row in rows.items())
    e = raw_env(GAME, "shanghai", render_mode="ansi")
    e.reset(seed=0)
    assert (e.render() or "").count(" lv2 ") == 6  # both teams start at level 2


# ----- the encoding ----------------------------------------------------------------------


def _check_accounts(deal: DaguailuziDeal, enc: Encoder) -> None:
    """For every seat: hand + unseen + played + known is the pack, known cards
    are held, and the hand, played and top planes read back."""
    for me in range(6):
        o = deal.observe(me)
        x = enc.encode(o)
        hand = enc.decode_cards(x, "hand")
        assert hand == o.hand
        total = hand + enc.decode_cards(x, "unseen")
        for k in range(6):
            seat = (me + k) % 6
            assert enc.decode_cards(x, f"played.{k}") == o.played[seat]
            total += o.played[seat]
            if k:
                known = enc.decode_cards(x, f"known.{k}")
                assert dc.contains(deal.hands[seat], known), (me, seat)
                total += known
        assert total == dc.PACK
        assert enc.decode_cards(x, "top") == (0 if o.top is None else o.top.cards)


@pytest.mark.parametrize("return_rule", ["any", "joker_candidates"])
def test_card_accounts_through_tribute_and_play(return_rule: str) -> None:
    rules = resolve("shanghai", {"return_rule": return_rule})
    enc = Encoder.for_rules(GAME, rules)
    rng = random.Random(7)
    third_party_knows = False
    for seed in range(3):
        deal = new_deal(rules, seed, offense=0, givers=(1, 3, 5), recipients=(0, 4, 2))
        step = 0
        while not deal.is_terminal():
            if deal.phase.value != "play" or step % 9 == 0:
                _check_accounts(deal, enc)
                third_party_knows |= any(plugin.known_cards(deal.observe(3))[::2])
            legal = deal.legal_actions()
            deal.apply_action(legal[rng.randrange(len(legal))])
            step += 1
        _check_accounts(deal, enc)
        x = enc.encode(deal.observe(1))
        assert enc.decode_cards(x, "unseen") == 0  # every hand is shown at the end
    assert third_party_knows  # seat 3 saw tributes go to seats 0, 2, 4


def test_known_cards_of_a_tribute() -> None:
    """A recipient is known to hold its tribute until it returns a card; then only
    the giver knows (what was returned), and the recipient knows what it gave."""
    rules = PRESETS["shanghai"]
    hands = deal_hands(5, 0)
    deal = DaguailuziDeal.from_hands(rules, hands, 0, givers=(1,), recipients=(0,))
    deal.apply_action(deal.legal_actions()[0])  # seat 1's tribute
    ((giver, rcp, card),) = deal.tributes
    assert (giver, rcp) == (1, 0)
    for me in (2, 1):
        assert plugin.known_cards(deal.observe(me))[0] == card
    back = next(a for a in deal.legal_actions() if a.cards != card)
    deal.apply_action(back)  # seat 0 returns another card
    assert plugin.known_cards(deal.observe(2)) == [0] * 6
    assert plugin.known_cards(deal.observe(1))[0] == card  # the giver saw the return
    assert plugin.known_cards(deal.observe(0))[1] == back.cards


def test_returns_stay_secret() -> None:
    """A third seat's vector is the same whichever card a recipient returns."""
    rules = PRESETS["shanghai"]
    enc = Encoder.for_rules(GAME, rules)
    hands = deal_hands(9, 0)
    views = []
    for pick in (0, -1):
        deal = DaguailuziDeal.from_hands(rules, hands, 0, givers=(1,), recipients=(0,))
        deal.apply_action(deal.legal_actions()[0])
        deal.apply_action(deal.legal_actions()[pick])
        views.append((enc.encode(deal.observe(3)), enc.encode(deal.observe(1))))
    np.testing.assert_array_equal(views[0][0], views[1][0])
    assert not np.array_equal(views[0][1], views[1][1])  # the giver sees it


@pytest.mark.parametrize("preset", CASES)
def test_observations_never_hold_another_seats_hand(preset: str) -> None:
    """Two deals that differ only in cards swapped between two other seats give
    the observing seat the same vector."""
    rules = PRESETS[preset]
    enc = Encoder.for_rules(GAME, rules)
    rng = random.Random(11)
    done = 0
    for seed in range(12):
        x = new_deal(rules, seed)
        actions = []
        for _ in range(rng.randrange(5, 60)):
            if x.is_terminal():
                break
            legal = x.legal_actions()
            actions.append(legal[rng.randrange(len(legal))])
            x.apply_action(actions[-1])
        me = rng.randrange(6)
        a, b = rng.sample([s for s in range(6) if s != me], 2)
        ta = rng.choice([t for t, _ in dc.counts(x.hands[a])])
        tb = rng.choice([t for t, _ in dc.counts(x.hands[b]) if t != ta])
        hands = list(x.initial)
        hands[a] += dc.UNIT[tb] - dc.UNIT[ta]
        hands[b] += dc.UNIT[ta] - dc.UNIT[tb]
        y = DaguailuziDeal.from_hands(rules, hands, x.offense, seed=x.seed, levels=x.levels)
        try:
            for act in actions:
                y.apply_action(act)
        except Exception:
            continue
        assert x.observe(me) == y.observe(me)
        np.testing.assert_array_equal(enc.encode(x.observe(me)), enc.encode(y.observe(me)))
        assert not np.array_equal(enc.encode(x.observe(a)), enc.encode(y.observe(a)))
        done += 1
    assert done >= 8


def test_state_fields() -> None:
    rules = PRESETS["shanghai"]
    enc = Encoder.for_rules(GAME, rules)
    deal = new_deal(rules, 1, offense=3, levels=(4, 0))
    x = enc.encode(deal.observe(2))
    assert enc.view(x, "trump").tolist().index(1.0) == 0  # team B's level: the 2s
    assert enc.view(x, "level.own").tolist().index(1.0) == 4
    assert enc.view(x, "offense").tolist().index(1.0) == 1  # seat 3, one after seat 2
    assert enc.view(x, "offense_team").tolist() == [0.0]
    assert enc.view(x, "team").tolist() == [1.0, 0.0]
    assert not enc.view(
        Encoder.for_rules(GAME, "seed").encode(new_deal(PRESETS["seed"], 1).observe(0)), "trump"
    ).any()


# ----- long runs (slow) ---------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_dealt_hands_at_every_level(variant: str) -> None:
    """Every play of many dealt hands, leading and following, at every level the
    rules allow, has its class in the space."""
    rules = VARIANTS[variant]
    space = _space(rules)
    levels = range(13) if rules.trumps else [None]
    for level in levels:
        for seed in range(3 if rules.trumps else 8):
            hands = deal_hands(seed, 0)
            tops = legal_plays(hands[0], None, rules, level)[::50]
            for hand in hands[1:]:
                for top in [None, *tops]:
                    space.indices(legal_plays(hand, top, rules, level))
