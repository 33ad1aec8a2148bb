"""The compiled Dou Dizhu core (chupai.doudizhu._fast) against the pure-Python
reference: move generation, the deal engine side by side, playouts, the
ported shuffle, and the fallback for rules the compiled engine leaves out."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from chupai import compiled
from chupai.deal import still_held
from chupai.doudizhu import movegen, playout as po
from chupai.doudizhu.combos import GUARD, Combo, pack
from chupai.doudizhu.dealing import deal_cards
from chupai.doudizhu.game import DouDizhuDeal, new_deal
from chupai.doudizhu.rules import PRESETS, DouDizhuRules, resolve
from chupai.playrng import SplitMix64

fast: Any = compiled.built("chupai.doudizhu._fast")
needs_core = pytest.mark.skipif(
    fast is None, reason="the compiled core is not built (python setup.py build_ext --inplace)"
)

COMMON: dict[str, tuple[str, ...]] = {
    "bidding": ("once", "until_all_pass"),
    "all_pass": ("redeal", "redeal_doubled_once"),
    "robbing": ("true", "false"),
    "rob_multipliers": ("3,6,12", "2", "2,4,8", "5"),
    "ming_pai": ("off", "win_only", "always"),
    "spring_multiplier": ("1", "2", "3"),
    "anti_spring_multiplier": ("1", "2"),
    "spring_thunder_multiplier": ("1", "3"),
    "bomb_doubling": ("true", "false"),
    "airplane_max_trios": ("2", "3", "4", "6", "12"),
}
ONLY: dict[str, dict[str, tuple[str, ...]]] = {
    "classic": {
        "four_with_two_kickers": ("any", "no_pair"),
        "four_with_two_match": ("true", "false"),
    },
    "four_player": {"allow_four_with_pair": ("true", "false")},
}


@st.composite
def any_rules(draw: st.DrawFn) -> DouDizhuRules:
    """A preset with a random subset of its options overridden."""
    preset = draw(st.sampled_from(sorted(PRESETS)))
    menu = {**COMMON, **ONLY[preset]}
    keys = draw(st.lists(st.sampled_from(sorted(menu)), unique=True, max_size=len(menu)))
    return resolve(preset, {k: draw(st.sampled_from(menu[k])) for k in keys})


def random_hand(rules: DouDizhuRules, n: int, rng: random.Random) -> int:
    p = rules.packs
    deck = [r for r in range(13) for _ in range(4 * p)] + [13] * p + [14] * p
    rng.shuffle(deck)
    return pack([deck[:n].count(r) for r in range(15)])


def test_movegen_binds_the_engine_in_use() -> None:
    loaded = compiled.load("chupai.doudizhu._fast")
    if loaded is None:
        assert movegen.hand_combos is movegen.hand_combos_py
        assert movegen.legal_plays is movegen.legal_plays_py
        assert movegen.follow_filter is movegen.follow_filter_py
    else:
        assert movegen.hand_combos is loaded.hand_combos
        assert movegen.legal_plays is loaded.legal_plays
        assert movegen.follow_filter is loaded.follow_filter


# ----- move generation ---------------------------------------------------------------


@needs_core
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(any_rules(), st.integers(0, 2**32), st.data())
def test_hand_combos_match_the_reference(rules: DouDizhuRules, seed: int, data: Any) -> None:
    rng = random.Random(seed)
    most = rules.hand_size + rules.kitty_size
    for n in (data.draw(st.integers(0, most)), most, rules.hand_size):
        hand = random_hand(rules, n, rng)
        want = movegen.hand_combos_py(hand, rules)
        got = fast.hand_combos(hand, rules)
        assert got == want
        assert all(type(c) is Combo for c in got)
        assert fast.legal_plays(hand, rules) == movegen.legal_plays_py(hand, rules)
        others = movegen.hand_combos_py(random_hand(rules, rules.hand_size, rng), rules)
        assert fast.held(others, hand) == still_held(others, hand, GUARD)
        assert fast.held(want, hand) == want
        for top in [others[rng.randrange(len(others))] for _ in range(4)] + want[-2:]:
            assert fast.legal_plays(hand, rules, top) == movegen.legal_plays_py(hand, rules, top)
            assert fast.follow_filter(others, hand, top) == movegen.follow_filter_py(
                others, hand, top
            )
            assert fast.follow_filter(others, None, top) == movegen.follow_filter_py(
                others, None, top
            )


@needs_core
def test_the_combo_cache_returns_equal_fresh_values() -> None:
    rules = PRESETS["classic"]
    hand = random_hand(rules, 20, random.Random(4))
    first = fast.hand_combos(hand, rules)
    again = fast.hand_combos(hand, rules)
    assert first == again == movegen.hand_combos_py(hand, rules)
    assert first is not again  # a new list each time (callers may change it)


# ----- the deal engine ---------------------------------------------------------------


def step_side_by_side(deal: DouDizhuDeal, rng: random.Random) -> None:
    """Step ``deal`` and its FastDeal with the same random choices, comparing the
    legal lists at every step (rebuilding or cloning the FastDeal now and then)."""
    f = fast.FastDeal.from_deal(deal)
    while not deal.is_terminal():
        legal = deal.legal_actions()
        assert f.legal_count() == len(legal)
        assert f.legal_actions() == legal
        assert f.current_player() == deal.current_player
        i = rng.randrange(len(legal))
        assert f.legal_action(i) == legal[i]
        deal.apply_unchecked(legal[i])
        f.apply_index(i)
        r = rng.random()
        if r < 0.05:
            f = fast.FastDeal.from_deal(deal)
        elif r < 0.1:
            f = f.clone()
    assert f.is_terminal() and f.legal_count() == 0
    assert f.returns() == deal.returns()


@needs_core
@settings(max_examples=60, deadline=None)
@given(any_rules(), st.integers(0, 2**40), st.integers(0, 2**32))
def test_fast_deal_steps_like_the_deal(rules: DouDizhuRules, seed: int, pick: int) -> None:
    step_side_by_side(new_deal(rules, seed=seed), random.Random(pick))


@needs_core
def test_a_clone_is_independent() -> None:
    deal = new_deal(PRESETS["classic"], seed=11)
    f = fast.FastDeal.from_deal(deal)
    g = f.clone()
    while not f.is_terminal():
        f.apply_index(0)
    assert not g.is_terminal() and g.legal_actions() == deal.legal_actions()


@needs_core
def test_apply_index_out_of_range_raises() -> None:
    f = fast.FastDeal.from_deal(new_deal(PRESETS["classic"], seed=1))
    with pytest.raises(IndexError):
        f.apply_index(f.legal_count())


@needs_core
@settings(max_examples=40, deadline=None)
@given(any_rules(), st.integers(0, 2**40), st.integers(0, 2**64 - 1), st.integers(0, 30))
def test_playout_matches_the_reference(
    rules: DouDizhuRules, seed: int, play_seed: int, steps: int
) -> None:
    deal = new_deal(rules, seed=seed, dealer=seed % rules.players, doubled=bool(seed & 1))
    rng = SplitMix64(seed)
    for _ in range(steps):  # from any point of the deal, the play phase included
        if deal.is_terminal():
            break
        legal = deal.legal_actions()
        deal.apply_unchecked(legal[rng.below(len(legal))])
    before = deal.legal_actions()
    for policy in po.POLICIES:
        want = po.reference_playout(deal, play_seed, policy)
        assert po.playout(deal, play_seed, policy) == want
        assert fast.FastDeal.from_deal(deal).playout(play_seed, policy) == want
    assert deal.legal_actions() == before  # the deal itself is untouched


def test_greedy_leads_big_and_follows_low() -> None:
    deal = new_deal(PRESETS["classic"], seed=2)
    while deal.phase.value != "play":
        deal.apply_unchecked(deal.legal_actions()[0])
    legal = deal.legal_actions()
    best = legal[po.greedy_index(deal, legal)]
    assert isinstance(best, Combo)
    assert best.size == max(c.size for c in legal if isinstance(c, Combo))
    deal.apply_unchecked(best)
    legal = deal.legal_actions()
    pick = legal[po.greedy_index(deal, legal)]
    plays = [c for c in legal if isinstance(c, Combo)]
    if plays:
        assert isinstance(pick, Combo)
        assert (pick.power, pick.key) == min((c.power, c.key) for c in plays)
    else:
        assert not isinstance(pick, Combo)


def test_an_unknown_policy_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown policy"):
        po.playout(new_deal(PRESETS["classic"], seed=0), 0, "smart")


# ----- dealing and random games -------------------------------------------------------


@needs_core
@given(st.sampled_from(sorted(PRESETS)), st.integers(0, 2**64 - 1))
def test_the_c_shuffle_deals_like_deal_cards(preset: str, seed: int) -> None:
    rules = PRESETS[preset]
    dealer, hands, kitty, m, _ = deal_cards(rules, seed)
    assert fast.dealt(rules, seed) == (dealer, hands, kitty, m)


@needs_core
@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_random_games_match_the_reference(preset: str) -> None:
    rules = PRESETS[preset]
    want = po.reference_random_games(rules, 40, seed=1000)
    assert po.random_games(rules, 40, seed=1000) == want
    assert fast.random_games(rules, 40, 1000, False) == want
    assert want["deals"] == 40 and sum(want["returns"]) == 0


def test_random_games_summary_without_the_core() -> None:
    rules = resolve("classic", {"all_pass": "redeal_doubled_once"})
    out = po.reference_random_games(rules, 5, seed=3)
    assert set(out) == {"deals", "redeals", "landlord_wins", "actions", "returns"}
    assert out["deals"] == 5 and out["actions"] > 5 * 10 and sum(out["returns"]) == 0


@pytest.mark.parametrize(
    "overrides",
    [{"rob_multipliers": "3,6,2000"}, {"spring_multiplier": "4096"}],
)
def test_rules_the_core_leaves_out_fall_back_to_the_reference(
    overrides: dict[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    rules = resolve("classic", overrides)
    assert not po.compiled_supports(rules)
    deal = new_deal(rules, seed=5)
    want = po.reference_playout(deal, 9)
    games = po.reference_random_games(rules, 3, seed=7)
    calls: list[str] = []

    def spy(name: str) -> Any:
        real = getattr(po, name)

        def call(*args: Any) -> Any:
            calls.append(name)
            return real(*args)

        return call

    monkeypatch.setattr(po, "reference_playout", spy("reference_playout"))
    monkeypatch.setattr(po, "reference_random_games", spy("reference_random_games"))
    assert po.playout(deal, 9) == want
    assert po.random_games(rules, 3, seed=7) == games
    assert calls == ["reference_playout", "reference_random_games"]
    if fast is not None:
        assert not fast.supported(rules)
        with pytest.raises(ValueError, match="does not cover"):
            fast.FastDeal.from_deal(deal)


@needs_core
def test_supported_rules_take_the_compiled_path(monkeypatch: pytest.MonkeyPatch) -> None:
    if compiled.load("chupai.doudizhu._fast") is None:
        pytest.skip("CHUPAI_PURE is set: playout uses the reference")
    rules = resolve("classic", {"rob_multipliers": "1000"})
    assert po.compiled_supports(rules)

    def refuse(*args: Any) -> Any:
        raise AssertionError("the reference ran")

    deal = new_deal(rules, seed=5)
    want = po.reference_playout(deal, 9)
    monkeypatch.setattr(po, "reference_playout", refuse)
    assert po.playout(deal, 9) == want


# ----- many deals (slow) ----------------------------------------------------------------


@needs_core
@pytest.mark.slow
@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_ten_thousand_deals_per_preset(preset: str) -> None:
    """10,000 seeded random deals through both engines: every legal list's length
    and chosen action, each deal's returns, and the random_games summaries."""
    rules = PRESETS[preset]
    n = 10_000
    for s in range(n):
        deal = new_deal(rules, seed=s)
        f = fast.FastDeal.from_deal(deal)
        rng = SplitMix64(s)
        while not deal.is_terminal():
            legal = deal.legal_actions()
            assert f.legal_count() == len(legal)
            i = rng.below(len(legal))
            assert f.legal_action(i) == legal[i]
            deal.apply_unchecked(legal[i])
            f.apply_index(i)
        assert f.is_terminal() and f.returns() == deal.returns()
        assert fast.FastDeal.from_deal(new_deal(rules, seed=s)).playout(s) == deal.returns()
    assert fast.random_games(rules, n, 0) == po.reference_random_games(rules, n, 0)
