"""Inference in Dou Dizhu's sampler (``chupai.doudizhu.sampling``): the passes over
an opponent's play that it reads, the draws it rejects, and that a biased sample
stays consistent with the observation."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings, strategies as st

from chupai.bots import RandomBot
from chupai.doudizhu import sampling as dds
from chupai.doudizhu.combos import Combo, Kind
from chupai.doudizhu.game import PASS, SHOW, Bid, DouDizhuDeal, Phase, new_deal
from chupai.doudizhu.rules import PRESETS
from chupai.errors import ChupaiError

CLASSIC = PRESETS["classic"]


def landlord_deal(seed: int, rules: Any = CLASSIC) -> DouDizhuDeal:
    """Deal ``seed`` with the first bidder made landlord (it bids 1, others pass)."""
    deal = new_deal(rules, seed)
    lord = deal.first_bidder
    while deal.phase is Phase.BID:
        deal.apply_action(Bid(1) if deal.current_player == lord else PASS)
    assert deal.phase is Phase.PLAY
    return deal


def lowest(deal: DouDizhuDeal, kind: Kind) -> Combo:
    plays = [a for a in deal.legal_actions() if isinstance(a, Combo) and a.kind is kind]
    return min(plays, key=lambda c: c.key)


def pair_then_pass(seed: int) -> DouDizhuDeal:
    """The landlord leads a pair of queens or kings and the next seat (a
    peasant) passes."""
    for s in range(seed, seed + 200):
        deal = landlord_deal(s)
        pairs = [
            a
            for a in deal.legal_actions()
            if isinstance(a, Combo) and a.kind is Kind.PAIR and a.key in (9, 10)
        ]
        if pairs:
            deal.apply_action(pairs[0])
            deal.apply_action(PASS)
            return deal
    raise AssertionError("no landlord with a pair of queens or kings")  # pragma: no cover


def test_a_pass_over_the_landlord_is_a_clue_and_one_over_the_partner_is_not() -> None:
    deal = pair_then_pass(3)
    lord = deal.landlord
    assert lord is not None
    passer = (lord + 1) % 3
    third = (lord + 2) % 3
    clues = dds.passes_over_opponents(deal.observe(third))
    assert [(c.seat, c.top.kind, c.later) for c in clues] == [(passer, Kind.PAIR, 0)]
    # the passer's own observation reads nothing of itself
    assert dds.passes_over_opponents(deal.observe(passer)) == ()
    # the third seat passes too: the landlord leads again and plays on; then a
    # peasant leads and its partner passes over it: no clue about the partner
    deal.apply_action(PASS)
    deal.apply_action(lowest(deal, Kind.SINGLE))  # the landlord leads a single
    deal.apply_action(lowest(deal, Kind.SINGLE))  # the passer beats it
    deal.apply_action(PASS)  # the third seat passes over its partner
    clues = dds.passes_over_opponents(deal.observe(lord))
    assert all(c.seat != third or c.top.kind is Kind.PAIR for c in clues)
    seen_by_lord = [(c.seat, c.top.kind) for c in clues]
    assert seen_by_lord == [(passer, Kind.PAIR), (third, Kind.PAIR)]
    # a clue remembers the cards the passer played since
    later = [c.later for c in clues if c.seat == passer]
    assert later and later[0] == deal.played[passer]


def test_inference_rejects_draws_where_the_passer_could_beat_cheaply() -> None:
    deal = pair_then_pass(3)
    lord = deal.landlord
    assert lord is not None
    passer, third = (lord + 1) % 3, (lord + 2) % 3
    obs = deal.observe(third)
    clues = dds.passes_over_opponents(obs)
    uniform = dds.DealSampler(obs)
    biased = dds.DealSampler(obs, infer=1.0, tries=400)
    rng = random.Random(5)
    odd_uniform = odd_biased = 0
    for _ in range(30):
        for sampler in (uniform, biased):
            sample = sampler.sample(rng)
            assert sample.observe(third) == obs
            odd = dds.implausible(list(sample.hands), clues, CLASSIC)
            if sampler is uniform:
                odd_uniform += odd
            else:
                odd_biased += odd
                assert not dds.cheap_beat(sample.hands[passer], clues[0].top, CLASSIC)
    assert odd_biased == 0
    assert odd_uniform > 3  # many uniform hands hold a higher pair below the 2


def test_cheap_beat_leaves_out_bombs_and_twos() -> None:
    from chupai.doudizhu.combos import classify, parse_cards

    top = classify(parse_cards("K K", CLASSIC), CLASSIC)
    assert dds.cheap_beat(parse_cards("A A 3", CLASSIC), top, CLASSIC)
    assert not dds.cheap_beat(parse_cards("2 2 3", CLASSIC), top, CLASSIC)
    assert not dds.cheap_beat(parse_cards("5 5 5 5 BJ RJ", CLASSIC), top, CLASSIC)


def test_impossible_clues_fall_back_to_uniform_draws() -> None:
    """A peasant that passed over a 3 could hardly hold no cheap single: the biased
    draws all fail and the sampler still returns consistent deals."""
    for s in range(40):
        deal = landlord_deal(s)
        deal.apply_action(lowest(deal, Kind.SINGLE))
        if deal.legal_actions()[0] == PASS:
            deal.apply_action(PASS)
            break
    lord = deal.landlord
    assert lord is not None
    obs = deal.observe((lord + 2) % 3)
    sampler = dds.DealSampler(obs, infer=1.0, tries=3)
    rng = random.Random(2)
    for _ in range(3):
        assert sampler.sample(rng).observe(obs.seat) == obs


def test_infer_outside_zero_to_one_is_refused() -> None:
    obs = pair_then_pass(3).observe(0)
    with pytest.raises(ChupaiError, match="infer"):
        dds.DealSampler(obs, infer=1.5)


def random_position(seed: int, rules: Any, stop: float) -> DouDizhuDeal | None:
    """A random deal played by random bots (明牌 now and then) until a fraction
    ``stop`` of its plays; None if it ended in a redeal."""
    deal = new_deal(rules, seed)
    bots = [RandomBot(seed + s) for s in range(rules.players)]
    snaps = []
    while not deal.is_terminal():
        if deal.phase is Phase.PLAY:
            snaps.append(deal.clone())
        seat = deal.current_player
        assert seat is not None
        legal = deal.legal_actions()
        action = bots[seat].act(deal.observe(seat), legal)
        if SHOW in legal and seed % 5 == 0:
            action = SHOW
        deal.apply_action(action)
    return snaps[int(stop * (len(snaps) - 1))] if snaps else None


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    preset=st.sampled_from(["classic", "four_player"]),
    stop=st.floats(0, 1),
    infer=st.sampled_from([0.5, 0.9, 1.0]),
)
def test_biased_samples_stay_consistent(seed: int, preset: str, stop: float, infer: float) -> None:
    real = random_position(seed, PRESETS[preset], stop)
    if real is None:
        return
    rng = random.Random(seed)
    for seat in range(real.players):
        obs = real.observe(seat)
        sample = dds.DealSampler(obs, infer=infer).sample(rng)
        assert sample.observe(seat) == obs
        assert sample.hands[seat] == real.hands[seat]
