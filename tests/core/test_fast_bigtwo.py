"""Differential tests of Big Two's compiled core (``chupai.bigtwo._fast``) against
the pure-Python reference: move generation (``hand_combos``, ``legal_plays``, the
deal's follow filter), the compiled play phase (``FastDeal``) stepped side by side
with the Python deal, playouts and whole random deals (``random_games``), and the
fallback to the reference for the options the compiled play phase does not play."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest
from conftest import COMBO_VARIANTS
from hypothesis import given, strategies as st

from chupai import compiled
from chupai.bigtwo import movegen, playout as po
from chupai.bigtwo.game import BigTwoDeal, new_deal
from chupai.bigtwo.rules import PRESETS, BigTwoRules, resolve
from chupai.bigtwo.values import Phase
from chupai.playrng import SplitMix64

fast: Any = compiled.built("chupai.bigtwo._fast")
needs_core = pytest.mark.skipif(fast is None, reason="the compiled core is not built")

FULL = (1 << 52) - 1
VARIANTS = list(COMBO_VARIANTS.values())
VARIANT_IDS = list(COMBO_VARIANTS)

PLAY_VARIANTS: dict[str, BigTwoRules] = {
    **{f"preset={name}": PRESETS[name] for name in PRESETS},
    "pass_lockout": resolve("standard", {"pass_lockout": "true"}),
    "repeat_lead_lock": resolve("standard", {"repeat_lead_lock": "true"}),
    "last_remaining": resolve("standard", {"play_until": "last_remaining"}),
    "taiwan+last_remaining+repeat_lock": resolve(
        "taiwan", {"play_until": "last_remaining", "repeat_lead_lock": "true"}
    ),
    "players=3": resolve("standard", {"players": "3"}),
    "players=3+set_aside": resolve("standard", {"players": "3", "leftover_rule": "set_aside"}),
    "players=3+taiwan_exposed": resolve("taiwan", {"players": "3"}),
    "players=2+hand_size=10": resolve("standard", {"players": "2", "hand_size": "10"}),
    "seed001+pairwise+bonus": resolve(
        "standard", {"scoring": "cards_seed001", "winner_bonus": "3"}
    ),
    "card_points": resolve("standard", {"scoring": "card_points"}),
    "deduction+spade_ace_40": resolve(
        "standard", {"scoring": "taiwan_deduction", "deduction_spade_ace_40": "true"}
    ),
    "plus_minus": resolve(
        "standard", {"scoring": "taiwan_plus_minus", "settlement": "negated_penalty"}
    ),
    "negated_penalty+bonus": resolve(
        "standard", {"settlement": "negated_penalty", "winner_bonus": "2"}
    ),
    "instant_wins": resolve("standard", {"instant_wins": "dragon,suited_dragon,four_twos"}),
    "redeal": resolve("standard", {"redeal_max_points": "6"}),
    "ding_da=enforce": resolve("standard", {"ding_da": "enforce"}),
    "ding_da=penalty+taiwan": resolve("taiwan", {"ding_da": "penalty"}),
    "ding_da=penalty+last_card_call": resolve(
        "standard", {"ding_da": "penalty", "last_card_call": "true", "players": "3"}
    ),
    "last_card_call+last_remaining": resolve(
        "standard", {"last_card_call": "true", "play_until": "last_remaining"}
    ),
    "ding_da=enforce+last_card_call+lockout": resolve(
        "standard", {"ding_da": "enforce", "last_card_call": "true", "pass_lockout": "true"}
    ),
    "kicker+quad+monsters": resolve(
        "standard",
        {
            "allow_two_pair_kicker": "true",
            "four_card_play": "quad",
            "five_card_rule": "same_type_or_monster",
            "monster_over_small": "true",
        },
    ),
}
"""Rules that change the play phase, the deal or the scores."""

hands = (
    st.integers(0, 26)
    .flatmap(lambda k: st.lists(st.integers(0, 51), min_size=k, max_size=k, unique=True))
    .map(lambda cards: sum(1 << c for c in cards))
)


# ----- move generation -----------------------------------------------------------------


@needs_core
@pytest.mark.parametrize("rules", VARIANTS, ids=VARIANT_IDS)
@given(hand=hands, pick=st.integers(0, 10**9), mc_card=st.integers(-1, 51))
def test_move_generation_matches_the_reference(
    rules: BigTwoRules, hand: int, pick: int, mc_card: int
) -> None:
    ref = movegen._hand_combos_py(hand, rules)
    got = fast.hand_combos(hand, rules)
    assert got == ref
    assert [type(c) for c in got] == [type(c) for c in ref]
    mc = 0 if mc_card < 0 else 1 << mc_card
    assert fast.legal_plays(hand, rules, None, mc) == movegen._legal_plays_py(hand, rules, None, mc)
    rest = [c for c in range(52) if not hand >> c & 1]
    others = random.Random(pick).sample(rest, min(13, len(rest)))
    tops = movegen._hand_combos_py(sum(1 << c for c in others), rules)
    if tops:
        top = tops[pick % len(tops)]
        want = movegen._legal_plays_py(hand, rules, top)
        assert fast.legal_plays(hand, rules, top) == want
        assert fast.legal_plays(hand, rules, top, combos=got) == want
        for monsters in (False, True):
            over = rules.monster_over_small
            ff = movegen._follow_filter_py(ref, top, monsters, over)
            assert fast.follow_filter(got, top, monsters, over) == ff


@needs_core
def test_the_public_names_are_bound_to_the_engine_in_use() -> None:
    want = compiled.load("chupai.bigtwo._fast")
    if want is None:
        assert movegen._hand_combos_one is movegen._hand_combos_py
    else:  # one pack (two packs always go to the pure generator)
        assert movegen._hand_combos_one is want.hand_combos
        assert movegen._legal_plays_one is want.legal_plays
        assert movegen.follow_filter is want.follow_filter


@needs_core
def test_masks_out_of_the_pack_go_to_the_reference() -> None:
    rules = PRESETS["standard"]
    joker_hand = (1 << 52) | 0b1111
    assert fast.hand_combos(joker_hand, rules) == movegen._hand_combos_py(joker_hand, rules)
    assert fast.legal_plays(joker_hand, rules) == movegen._legal_plays_py(joker_hand, rules)


# ----- the play phase -------------------------------------------------------------------


def _play_deals(rules: BigTwoRules, seeds: range) -> list[BigTwoDeal]:
    """Deals of ``seeds`` walked through their pre-play decisions by seeded random
    choices, at their first lead (deals that end before play left out)."""
    out = []
    for s in seeds:
        deal = new_deal(rules, s)
        rng = SplitMix64(s)
        while deal.phase not in (Phase.PLAY, Phase.OVER):
            legal = deal.legal_actions()
            deal.apply_unchecked(legal[rng.below(len(legal))])
        if deal.phase is Phase.PLAY:
            out.append(deal)
    return out


def _side_by_side(deal: BigTwoDeal, seed: int) -> int:
    """Step a FastDeal and the Python deal with the same random choices, comparing
    the legal lists at every step, a clone halfway; returns the steps played."""
    fd = fast.FastDeal(deal)
    d = deal.clone()
    rng = SplitMix64(seed)
    steps = 0
    while not d.is_terminal():
        legal = d.legal_actions()
        assert fd.legal_count() == len(legal)
        assert fd.legal_actions() == legal
        assert fd.current_player == d.current_player
        assert not fd.is_terminal()
        i = rng.below(len(legal))
        if steps == 7:  # a clone goes on alike, and leaves its original as it was
            twin = fd.clone()
            assert twin.playout(seed, "greedy") == po.reference_playout(d, seed, "greedy")
        d.apply_unchecked(legal[i])
        fd.apply_index(i)
        steps += 1
    assert fd.is_terminal() and fd.legal_count() == 0 and fd.current_player is None
    assert fd.returns() == d.returns()
    assert fd.winner == d.outcome.winner  # type: ignore[union-attr]
    return steps


@needs_core
@pytest.mark.parametrize("rules", PLAY_VARIANTS.values(), ids=list(PLAY_VARIANTS))
def test_fast_deal_steps_with_the_python_deal(rules: BigTwoRules) -> None:
    deals = _play_deals(rules, range(12))
    assert deals
    for k, deal in enumerate(deals):
        assert _side_by_side(deal, 1000 + k) > 0


@needs_core
@pytest.mark.parametrize("rules", PLAY_VARIANTS.values(), ids=list(PLAY_VARIANTS))
def test_playout_matches_the_reference(rules: BigTwoRules) -> None:
    for k, deal in enumerate(_play_deals(rules, range(20, 40))):
        # from the first lead and from a state deep in play
        mid = deal.clone()
        rng = SplitMix64(k)
        for _ in range(9):
            if mid.is_terminal():
                break
            legal = mid.legal_actions()
            mid.apply_unchecked(legal[rng.below(len(legal))])
        for start in (deal, mid):
            for policy in ("random", "greedy"):
                assert po.compiled_plays(start) == (
                    compiled.load("chupai.bigtwo._fast") is not None
                )
                want = po.reference_playout(start, k, policy)
                assert fast.FastDeal(start).playout(k, policy) == want
                assert po.playout(start, k, policy) == want
        assert deal.history == deal.clone().history  # the deal given is not played


@needs_core
@pytest.mark.parametrize("rules", PLAY_VARIANTS.values(), ids=list(PLAY_VARIANTS))
def test_random_games_match_the_reference(rules: BigTwoRules) -> None:
    want = po.random_games_reference(rules, 40, seed=100)
    for deal_in_c in (True, False):
        got = fast.random_games(rules, 40, 100, deal_in_c, po._fallback)
        assert {k: got[k] for k in ("deals", "actions", "wins", "returns")} == {
            k: want[k] for k in ("deals", "actions", "wins", "returns")
        }
        assert 0 <= got["dealt_in_c"] <= (40 if deal_in_c else 0)
    assert sum(want["wins"]) <= 40


@needs_core
def test_the_deal_in_c_is_the_deal_of_new_deal() -> None:
    """Every standard deal is dealt in C (the MT19937 shuffle), with the answers of
    deals dealt by Python, seeds across the 32-bit boundary included."""
    rules = PRESETS["standard"]
    for seed in (0, 2**32 - 3, 2**40 + 5):
        a = fast.random_games(rules, 6, seed, True, po._fallback)
        b = fast.random_games(rules, 6, seed, False, po._fallback)
        assert a["dealt_in_c"] == 6 and b["dealt_in_c"] == 0
        assert {**a, "dealt_in_c": 0} == {**b, "dealt_in_c": 0}


@needs_core
def test_options_the_core_does_not_play_fall_back_to_the_reference(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The compiled core plays every option today; an option it reports as not
    played (``unsupported``) sends playouts and random_games to the reference."""
    rules = resolve("standard", {"ding_da": "penalty"})
    assert fast.unsupported(rules) == []
    monkeypatch.setattr(po, "_fast", fast)
    deal = new_deal(rules, 5)
    assert po.compiled_plays(deal)

    class Partial:
        def __getattr__(self, name: str) -> Any:
            return getattr(fast, name)

        def unsupported(self, rules: BigTwoRules) -> list[str]:
            return ["ding_da"]

    monkeypatch.setattr(po, "_fast", Partial())
    calls: list[int] = []
    real = po._reference_run

    def spy(deal: BigTwoDeal, seed: int, policy: str) -> tuple[list[int], int, int | None]:
        calls.append(seed)
        return real(deal, seed, policy)

    monkeypatch.setattr(po, "_reference_run", spy)
    assert not po.compiled_plays(deal)
    assert po.playout(deal, 9) == real(deal, 9, "random")[0] == fast.FastDeal(deal).playout(9)
    assert calls == [9]
    got = po.random_games(rules, 3, 4)
    assert calls[1:] == [4, 5, 6]
    assert got == po.random_games_reference(rules, 3, 4)


@needs_core
def test_a_deal_before_play_falls_back_and_fast_deal_refuses_it() -> None:
    rules = resolve("taiwan", {"players": "3"})  # the leftover decision comes first
    deal = new_deal(rules, 2)
    assert deal.phase is Phase.LEFTOVER
    assert not po.compiled_plays(deal)
    assert po.playout(deal, 3) == po.reference_playout(deal, 3)
    with pytest.raises(ValueError, match="play phase"):
        fast.FastDeal(deal)


@needs_core
def test_fast_deal_checks_its_indices_and_policy() -> None:
    fd = fast.FastDeal(new_deal(PRESETS["standard"], 4))
    with pytest.raises(IndexError):
        fd.apply_index(fd.legal_count())
    with pytest.raises(ValueError, match="policy"):
        fd.playout(1, "clever")
    with pytest.raises(ValueError, match="policy"):
        po.playout(new_deal(PRESETS["standard"], 4), 1, "clever")  # type: ignore[arg-type]
    done = fd.clone()
    done.playout(3)
    assert done.is_terminal() and not fd.is_terminal()
    assert (
        fast.FastDeal(_over(PRESETS["standard"])).returns() == _over(PRESETS["standard"]).returns()
    )


def _over(rules: BigTwoRules) -> BigTwoDeal:
    deal = new_deal(rules, 8)
    while not deal.is_terminal():
        deal.apply_unchecked(deal.legal_actions()[0])
    return deal


def test_reference_playout_leaves_the_deal_and_greedy_is_deterministic() -> None:
    deal = new_deal(PRESETS["taiwan"], 11)
    before = deal.legal_actions()
    a = po.reference_playout(deal, 1, "greedy")
    assert a == po.reference_playout(deal, 2, "greedy")
    assert sum(a) == 0 and any(a)
    assert deal.legal_actions() == before and not deal.history
    games = po.random_games(PRESETS["standard"], 5, seed=3)
    assert games["deals"] == 5 and sum(games["wins"]) == 5 and sum(games["returns"]) == 0


# ----- many deals (slow) -------------------------------------------------------------------


@needs_core
@pytest.mark.slow
@pytest.mark.parametrize("name", list(PRESETS))
def test_ten_thousand_random_deals_per_preset(name: str) -> None:
    """10,000 seeded random deals per preset through both paths: the Python deal and
    a FastDeal stepped side by side (legal lists, returns), and random_games against
    the reference summary."""
    rules = PRESETS[name]
    n = 10_000
    for deal in _play_deals(rules, range(n)):
        _side_by_side(deal, deal.seed or 0)
    want = po.random_games_reference(rules, n)
    got = po.random_games(rules, n)
    assert {**got, "dealt_in_c": 0} == want


@needs_core
@pytest.mark.slow
@pytest.mark.parametrize("name", list(PLAY_VARIANTS)[len(PRESETS) :])
def test_thousands_of_random_deals_per_option(name: str) -> None:
    """2,000 seeded random deals of every play-phase option set side by side (the
    §10 obligations, the lock-out and repeat-lead lock, scores, player counts)."""
    rules = PLAY_VARIANTS[name]
    for deal in _play_deals(rules, range(2_000)):
        _side_by_side(deal, deal.seed or 0)
    assert po.random_games(rules, 500, 7) == {
        **po.random_games_reference(rules, 500, 7),
        "dealt_in_c": po.random_games(rules, 500, 7)["dealt_in_c"],
    }


def test_dataclass_rules_are_hashable_keys() -> None:
    # the compiled tables are cached per rules object; equal rules give equal answers
    a = PRESETS["hongkong"]
    b = dataclasses.replace(a)
    assert movegen.hand_combos(FULL, a) == movegen.hand_combos(FULL, b)


@needs_core
def test_fast_deal_of_an_instant_win_has_its_returns() -> None:
    rules = PRESETS["taiwan"]
    dragon = sum(1 << (4 * r + (r % 4)) for r in range(13))  # one card of every rank
    rest = [c for c in range(52) if not dragon >> c & 1]
    hands = [dragon] + [sum(1 << c for c in rest[13 * k : 13 * k + 13]) for k in range(3)]
    deal = BigTwoDeal.from_hands(rules, hands)
    assert deal.is_terminal() and deal.instant_win == "dragon"
    fd = fast.FastDeal(deal)
    assert fd.is_terminal() and fd.returns() == deal.returns() and fd.winner == 0
    assert po.playout(deal, 1) == deal.returns()
