"""The 大怪路子 bots (``chupai.bots.games.daguailuzi``): hand plans, legality in
every phase (tribute, return, ``joker_candidates`` offers and takes, play) under
both presets, decisions from the observation alone, determinism by seed, team
play in set positions, the search bot's budget, and strength on duplicate deals
(random < greedy < heuristic)."""

from __future__ import annotations

import random
import time
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given, settings, strategies as st

from chupai.actions import PASS
from chupai.bots import bot_names, make_bot
from chupai.bots.games.daguailuzi import (
    DaguailuziGreedyBot,
    DaguailuziHeuristicBot,
    DaguailuziSearchBot,
)
from chupai.bots.games.daguailuzi.plan import decompose
from chupai.bots.games.daguailuzi.view import strengths
from chupai.daguailuzi.cards import parse_cards, rule_strengths, size_of
from chupai.daguailuzi.combos import Combo, classify
from chupai.daguailuzi.game import DaguailuziDeal, Gift, GiftKind, Phase, new_deal
from chupai.daguailuzi.rules import PRESETS
from chupai.daguailuzi.sampling import DealSampler

SEED = PRESETS["seed"]
SHANGHAI = PRESETS["shanghai"]
CANDIDATES = replace(SHANGHAI, return_rule="joker_candidates")  # type: ignore[arg-type]


def _deal(rules: Any, seed: int) -> DaguailuziDeal:
    """A seeded deal; odd seeds of a tribute preset start with a tribute from
    seats 1 and 3 to seats 0 and 2."""
    if rules.tribute and seed % 2:
        return new_deal(rules, seed, offense=0, givers=(1, 3), recipients=(0, 2, 4))
    return new_deal(rules, seed)


def _play(deal: DaguailuziDeal, bots: list[Any], check: bool = False) -> DaguailuziDeal:
    while not deal.is_terminal():
        seat = deal.to_act
        assert seat is not None
        legal = deal.legal_actions()
        action = bots[seat].act(deal.observe(seat), legal)
        if check:
            assert action in legal, (seat, action)
            assert deal.why_illegal(action) is None
        deal.apply_unchecked(action)
    return deal


# ----- plans -------------------------------------------------------------------------


def test_plan_groups_full_houses_fours_and_straights() -> None:
    st_ = rule_strengths(SEED, None)
    kinds = sorted(g.kind for g in decompose(parse_cards("3S 3H 3D 7S 7H"), st_).groups)
    assert kinds == ["full_house"]
    kinds = sorted(g.kind for g in decompose(parse_cards("9S 9H 9C 9D 3S"), st_).groups)
    assert kinds == ["four_of_a_kind"]
    kinds = sorted(g.kind for g in decompose(parse_cards("3S 4H 5D 6C 7S KH"), st_).groups)
    assert kinds == ["single", "straight"]
    # jokers stay singles (controls), not wild cards of a plan
    plan = decompose(parse_cards("BJ RJ 5S"), st_)
    assert sorted(g.kind for g in plan.groups) == ["single"] * 3
    assert max(plan.groups, key=lambda g: g.value).cards == parse_cards("RJ")


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32 - 1), st.sampled_from(["seed", "shanghai"]), st.integers(1, 27))
def test_every_plan_partitions_the_hand_into_real_plays(seed: int, preset: str, n: int) -> None:
    rules = PRESETS[preset]
    level = 7 if rules.trumps else None
    pack = [t for t in range(54) for _ in range(3)]
    random.Random(seed).shuffle(pack)
    hand = sum(1 << (3 * t) for t in pack[:n])
    plan = decompose(hand, strengths(rules, level))
    assert sum(g.cards for g in plan.groups) == hand
    for g in plan.groups:
        combo = classify(g.cards, rules, level)
        assert combo is not None, g
        assert combo.size == g.size == size_of(g.cards)
        # a plan may read a five-card group lower than it is (a flush that is
        # also a straight flush), never as another size
        assert combo.kind == g.kind or g.size == 5


# ----- legality, observation, determinism --------------------------------------------


@pytest.mark.parametrize("name", ["random", "greedy", "heuristic"])
@pytest.mark.parametrize("rules", [SEED, SHANGHAI, CANDIDATES], ids=["seed", "shanghai", "cand"])
def test_every_level_plays_whole_deals_legally(name: str, rules: Any) -> None:
    phases: set[Phase] = set()
    kinds: set[Any] = set()
    for seed in range(4):
        deal = _deal(rules, seed)
        bots = [make_bot(name, 10 * seed + s, game="daguailuzi") for s in range(6)]
        while not deal.is_terminal():
            seat = deal.to_act
            assert seat is not None
            legal = deal.legal_actions()
            action = bots[seat].act(deal.observe(seat), legal)
            assert action in legal
            assert deal.why_illegal(action) is None
            phases.add(deal.phase)
            if isinstance(action, Gift):
                kinds.add(action.kind)
            deal.apply_action(action)
        assert deal.outcome is not None
    assert Phase.PLAY in phases
    if rules.tribute:
        assert Phase.TRIBUTE in phases and Phase.RETURN in phases
    if rules.return_rule == "joker_candidates":
        assert GiftKind.TRIBUTE in kinds and (GiftKind.RETURN in kinds or GiftKind.OFFER in kinds)


def test_the_search_bot_plays_a_whole_deal_with_tribute() -> None:
    deal = _deal(SHANGHAI, 1)
    bots: list[Any] = [
        DaguailuziSearchBot(s, playouts=8, endgame=40) if s % 2 == 0 else DaguailuziHeuristicBot(s)
        for s in range(6)
    ]
    _play(deal, bots, check=True)
    assert deal.outcome is not None


def test_search_respects_its_time_budget() -> None:
    deal = _deal(SEED, 3)
    bot = DaguailuziSearchBot(1, ms=150, endgame=200)
    rest = [DaguailuziHeuristicBot(s) for s in range(6)]
    worst = 0.0
    searched = 0
    while not deal.is_terminal() and searched < 4:
        seat = deal.to_act
        assert seat is not None
        legal = deal.legal_actions()
        obs = deal.observe(seat)
        if seat == 0 and len(legal) > 1:
            t0 = time.perf_counter()
            action = bot.act(obs, legal)
            worst = max(worst, time.perf_counter() - t0)
            searched += 1
        else:
            action = rest[seat].act(obs, legal)
        deal.apply_unchecked(action)
    assert searched and worst < 0.15 * 1.5


@pytest.mark.parametrize("name", ["random", "greedy", "heuristic", "search:playouts=6,endgame=60"])
def test_bots_are_deterministic_by_seed(name: str) -> None:
    def history(seed: int) -> list[Any]:
        bots = [make_bot(name, 100 * seed + s, game="daguailuzi") for s in range(6)]
        return list(_play(_deal(SHANGHAI, seed), bots).history)

    assert history(3) == history(3)
    assert history(3) != history(4)


@pytest.mark.parametrize("cls", [DaguailuziGreedyBot, DaguailuziHeuristicBot])
def test_bots_decide_from_the_observation_only(cls: type) -> None:
    """A deal sampled from a seat's observation (other hands redrawn) gives the
    seat the same observation, and the bot the same decision."""
    rng = random.Random(5)
    for seed in range(3):
        deal = _deal(SEED, seed)
        helper = [DaguailuziHeuristicBot(s) for s in range(6)]
        for _ in range(20 + 15 * seed):
            seat = deal.to_act
            assert seat is not None
            deal.apply_unchecked(helper[seat].act(deal.observe(seat), deal.legal_actions()))
        seat = deal.to_act
        assert seat is not None
        obs = deal.observe(seat)
        other = DealSampler(obs).sample(rng)
        assert other.observe(seat) == obs
        assert other.hands != deal.hands
        bot = cls(1)
        assert bot.act(obs, deal.legal_actions()) == bot.act(
            other.observe(seat), other.legal_actions()
        )


def test_registry_names_the_levels() -> None:
    assert bot_names("daguailuzi") == ["random", "greedy", "heuristic", "search", "expert", "dmc"]
    assert isinstance(make_bot("search", 1, game="daguailuzi"), DaguailuziSearchBot)
    assert make_bot("heuristic:threat=4", 1, game="daguailuzi").threat == 4  # type: ignore[attr-defined]


# ----- set positions -----------------------------------------------------------------


def _position(hands: list[str], moves: list[str], rules: Any = SEED) -> DaguailuziDeal:
    """A deal from ``hands`` (offense seat 0 leads) after ``moves`` (action texts)."""
    deal = DaguailuziDeal.from_hands(rules, hands, 0)
    for text in moves:
        deal.apply_action(deal.parse_action(text))
    return deal


_FILL_A = "4S 6H 8D TC QS 3H 5D 7C 9S JH KD"
_FILL_B = "4H 6D 8C TS QH 3D 5C 7S 9H JD KC"


def _hands(extra: dict[int, str], only: dict[int, str] | None = None) -> list[str]:
    """Six hands: odd seats a filler, even seats another, plus ``extra`` cards;
    ``only`` replaces a hand whole."""
    hands = [(_FILL_B if s % 2 == 0 else _FILL_A) + " " + extra.get(s, "") for s in range(6)]
    for s, text in (only or {}).items():
        hands[s] = text
    return hands


def test_never_overtakes_a_team_mate_unless_going_out() -> None:
    # seat 0 leads 5S, seat 1 passes, seat 2 (mate of 0) to act
    deal = _position(_hands({0: "5S", 2: "AS KS 9C 9D"}), ["5S", "pass"])
    for bot in (DaguailuziGreedyBot(1), DaguailuziHeuristicBot(1)):
        assert bot.act(deal.observe(2), deal.legal_actions()) is PASS
    # ... but a single that empties the hand is played
    deal = _position(_hands({0: "5S"}, {2: "AS"}), ["5S", "pass"])
    action = DaguailuziHeuristicBot(1).act(deal.observe(2), deal.legal_actions())
    assert isinstance(action, Combo) and action.cards == parse_cards("AS")


def test_beats_an_opponent_about_to_go_out_with_a_control() -> None:
    # seat 1, an opponent of seat 2, holds one card after playing KH
    deal = _position(_hands({0: "2S", 2: "RJ 2H 8S 8H"}, {1: "KH 3S"}), ["2S", "KH"])
    assert deal.to_act == 2
    action = DaguailuziHeuristicBot(1).act(deal.observe(2), deal.legal_actions())
    assert isinstance(action, Combo) and action.size == 1


def test_leads_weak_groups_and_keeps_jokers() -> None:
    hand = "3S 3C 3D 4C 4H BJ RJ KS AS 9C 9C 9D 9H 2C"
    deal = _position(_hands({}, {0: hand}), [])
    action = DaguailuziHeuristicBot(1).act(deal.observe(0), deal.legal_actions())
    assert isinstance(action, Combo)
    assert action.wild == 0 and not action.cards & parse_cards("BJ RJ")
    assert action.size == 5  # the weak full house or four + one go first


def test_tribute_and_return_choices() -> None:
    deal = new_deal(SHANGHAI, 7, offense=0, givers=(1,), recipients=(0,))
    assert deal.phase is Phase.TRIBUTE
    legal = deal.legal_actions()
    for bot in (DaguailuziGreedyBot(1), DaguailuziHeuristicBot(1)):
        assert bot.act(deal.observe(1), legal) in legal
    deal.apply_action(DaguailuziHeuristicBot(1).act(deal.observe(1), legal))
    assert deal.phase is Phase.RETURN
    seat = deal.to_act
    assert seat == 0
    legal = deal.legal_actions()
    st_ = rule_strengths(SHANGHAI, deal.level)
    greedy = DaguailuziGreedyBot(1).act(deal.observe(seat), legal)
    lowest = min(st_[(g.cards.bit_length() - 1) // 12] for g in legal)
    assert st_[(greedy.cards.bit_length() - 1) // 12] == lowest
    heur = DaguailuziHeuristicBot(1).act(deal.observe(seat), legal)
    # the heuristic returns neither a joker nor a trump
    assert st_[(heur.cards.bit_length() - 1) // 12] < 12


# ----- strength ----------------------------------------------------------------------


def _match(a: str, b: str, deals: int, rules: Any = SEED) -> tuple[int, int]:
    """Deals won by ``a``'s team and by ``b``'s team, every deal played twice with
    the teams swapped (draws left out)."""
    won = [0, 0]
    for seed in range(deals):
        for flip in (0, 1):
            bots = [
                make_bot(a if s % 2 == flip else b, 50 * seed + s, game="daguailuzi")
                for s in range(6)
            ]
            oc = _play(_deal(rules, 1000 + seed), bots).outcome
            assert oc is not None
            if oc.winner is not None:
                won[0 if oc.winner == flip else 1] += 1
    return won[0], won[1]


def _sign_p(wins: int, losses: int) -> float:
    """One-sided sign-test p-value of ``wins`` against ``losses``."""
    from math import comb

    n = wins + losses
    return sum(comb(n, k) for k in range(wins, n + 1)) / 2**n


def test_greedy_beats_random() -> None:
    wins, losses = _match("greedy", "random", 8)
    assert _sign_p(wins, losses) < 0.01


def test_heuristic_beats_greedy() -> None:
    wins, losses = _match("heuristic", "greedy", 8, SHANGHAI)
    assert _sign_p(wins, losses) < 0.01


@pytest.mark.slow
@pytest.mark.parametrize("rules", [SEED, SHANGHAI], ids=["seed", "shanghai"])
def test_heuristic_beats_greedy_over_many_deals(rules: Any) -> None:
    wins, losses = _match("heuristic", "greedy", 100, rules)
    assert _sign_p(wins, losses) < 1e-6


def test_beatable_reads_the_unseen_cards() -> None:
    from chupai.bots.games.daguailuzi.view import View

    deal = _position(_hands({}, {0: "RJ RJ 3S 3C 6S 6S 6C BJ"}), [])
    view = View(deal.observe(0))
    rules, level = SEED, None
    single = classify(parse_cards("RJ"), rules, level)
    pair = classify(parse_cards("RJ RJ"), rules, level)
    low = classify(parse_cards("3S 3C"), rules, level)
    triple = classify(parse_cards("6S 6S 6C"), rules, level)
    assert single is not None and pair is not None and low is not None and triple is not None
    assert not view.beatable(single)
    # one RJ is unseen: no pair of big jokers can be made against RJ RJ
    assert not view.beatable(pair)
    assert view.beatable(low) and view.beatable(triple)
