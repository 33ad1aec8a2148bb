"""Inference from passes in the Big Two sampler (``chupai.bigtwo.inference``,
``DealSampler(infer=p)``): biased draws stay consistent with the
observation, a pass over a single rules out a cheap lone beater, and a sampler
whose passes cannot be honoured falls back to uniform draws."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings, strategies as st

from chupai.bigtwo.combos import tables
from chupai.bigtwo.game import BigTwoDeal, Phase, new_deal
from chupai.bigtwo.inference import PassEvidence, violations
from chupai.bigtwo.playout import playout
from chupai.bigtwo.rules import resolve
from chupai.bigtwo.sampling import DealSampler, _rebuild
from chupai.bots import GreedyBot, RandomBot
from chupai.cards import cards_of, parse_mask
from chupai.errors import ChupaiError

RULES = {
    "standard": resolve("standard"),
    "taiwan": resolve("taiwan"),
    "lockout": resolve("standard", {"pass_lockout": "true", "repeat_lead_lock": "true"}),
    "3 players": resolve("standard", {"players": "3"}),
}


def _position(rules: Any, seed: int, stop: int) -> BigTwoDeal:
    """A play-phase position: a deal played by greedy and random bots for up to
    ``stop`` actions."""
    deal = new_deal(rules, seed)
    bots: list[Any] = [GreedyBot(s) if (seed + s) % 2 else RandomBot(s) for s in range(4)]
    moves = 0
    while not deal.is_terminal() and (deal.phase is not Phase.PLAY or moves < stop):
        seat = deal.current_player
        assert seat is not None
        if deal.phase is Phase.PLAY:
            moves += 1
        deal.apply_action(bots[seat % 4].act(deal.observe(seat), deal.legal_actions()))
    return deal


@settings(max_examples=12, deadline=None)
@given(
    preset=st.sampled_from(sorted(RULES)),
    seed=st.integers(0, 10_000),
    stop=st.integers(0, 30),
    reject=st.sampled_from([0.3, 0.7, 1.0]),
)
def test_biased_samples_match_the_observation(
    preset: str, seed: int, stop: int, reject: float
) -> None:
    real = _position(RULES[preset], seed, stop)
    if real.is_terminal():
        return
    seat = real.current_player
    assert seat is not None
    obs = real.observe(seat)
    sampler = DealSampler(obs, infer=reject)
    rng = random.Random(seed)
    for _ in range(4):
        sample = sampler.sample(rng)
        assert sample.observe(seat) == obs
        assert sample.legal_actions() == real.legal_actions()


def _passed_over_three(second: str) -> Any:
    """Seat 0 leads 3D, seat 1 (holding ``second``) passes; seat 2's view."""
    hands = [parse_mask(t) for t in ("3D 8H KS", second, "6D 7D 9C", "TD JD QD")]
    deal = BigTwoDeal.from_hands(resolve("standard"), hands)
    for move in ("3D", "pass"):
        deal.apply_action(deal.parse_action(move))
    return deal.observe(2)


def test_a_pass_over_a_single_rules_out_a_cheap_lone_beater() -> None:
    obs = _passed_over_three("2C")
    strength = tables(obs.rules).card_strength
    control = sum(1 << c for c in range(52) if strength[c] >= 44)  # aces and twos
    biased = DealSampler(obs, infer=1.0)
    plain = DealSampler(obs)
    rng = random.Random(5)
    held = [biased.sample(rng).hands[1] for _ in range(60)]
    assert biased.infer == 1.0  # never gave up
    assert all(h & ~control == 0 for h in held)
    assert any(plain.sample(rng).hands[1] & ~control for _ in range(60))


def test_the_evidence_reads_singles_and_pairs() -> None:
    rules = resolve("standard")
    hands = [parse_mask(t) for t in ("3D 3C 9H", "5C 5D KS", "6D 7D 9C", "TD JD QD")]
    deal = BigTwoDeal.from_hands(rules, hands)
    deal.apply_action(deal.parse_action("3D 3C"))
    assert deal.top is not None
    ev = PassEvidence.read(deal, 1, deal.top, later=0)
    assert ev.singles == 0 and parse_mask("5C 5D") in ev.pairs
    assert violations([ev], [0, parse_mask("5C 5D KS"), 0, 0]) == 1
    assert violations([ev], [0, parse_mask("5C 5D 5H"), 0, 0]) == 0  # out of a triple
    assert violations([ev], [0, parse_mask("AC AD"), 0, 0]) == 0  # control cards
    assert violations([ev], [0, parse_mask("5C"), 0, 0]) == 0
    later = PassEvidence.read(deal, 1, deal.top, later=parse_mask("5D"))
    assert violations([later], [0, parse_mask("5C KS"), 0, 0]) == 1  # played since


def test_unsatisfiable_passes_fall_back_to_uniform_draws() -> None:
    """Seat 1 passed over 3D with 13 cards: nearly every hand had a cheap lone
    beater, so the sampler stops weighing the passes and still draws."""
    deal = new_deal(resolve("standard"), 3)
    starter = deal.current_player
    assert starter is not None
    lead = next(a for a in deal.legal_actions() if cards_of(getattr(a, "mask", 0)) == [0])
    deal.apply_action(lead)
    deal.apply_action(deal.parse_action("pass"))
    seat = deal.current_player
    assert seat is not None
    obs = deal.observe(seat)
    sampler = DealSampler(obs, infer=1.0)
    rng = random.Random(1)
    for _ in range(5):
        assert sampler.sample(rng).observe(seat) == obs
    assert sampler.infer == 0.0


def test_infer_is_a_probability() -> None:
    with pytest.raises(ChupaiError, match="infer"):
        DealSampler(_passed_over_three("2C"), infer=1.5)


@settings(max_examples=10, deadline=None)
@given(
    preset=st.sampled_from(sorted(RULES)),
    seed=st.integers(0, 10_000),
    stop=st.integers(0, 40),
)
def test_a_reused_replay_is_the_full_replay(preset: str, seed: int, stop: int) -> None:
    """After its first deal the sampler reuses that replay with the new hands
    (one pack, every card dealt, no §10 obligation): every seat's view, the legal
    actions and a played-out end are those of a full replay of the same hands."""
    real = _position(RULES[preset], seed, stop)
    if real.is_terminal():
        return
    seat = real.current_player
    assert seat is not None
    sampler = DealSampler(real.observe(seat), infer=0.5)
    rng = random.Random(seed)
    for _ in range(3):
        sample = sampler.sample(rng)
        full = _rebuild(sampler.observation, sampler._plan, sample.hands, sample.set_aside)
        assert isinstance(full, BigTwoDeal)
        for s in range(real.players):
            assert sample.observe(s) == full.observe(s)
        assert sample.legal_actions() == full.legal_actions()
        assert playout(sample, seed) == playout(full, seed)
        assert playout(sample, seed, "greedy") == playout(full, seed, "greedy")
