"""Observations (README §2.7, §11): a seat sees its own hand, the public facts and
its own private moves, never another seat's hand or another pair's return; the
sampler's deals (other hidden hands) give the same observation."""

from __future__ import annotations

import random

import pytest
from dgl_helpers import SHANGHAI, VARIANTS, deal_of, script

from chupai.daguailuzi.cards import contains, size_of
from chupai.daguailuzi.events import PRIVATE_GIFTS, Gift
from chupai.daguailuzi.game import DaguailuziDeal, Phase
from chupai.daguailuzi.match import Match
from chupai.daguailuzi.observation import Observation
from chupai.daguailuzi.sampling import DealSampler, sample_deal
from chupai.daguailuzi.spec import facts


def _check(deal: DaguailuziDeal, obs: Observation, seat: int) -> None:
    over = deal.is_terminal()
    assert obs.hand == deal.hands[seat]
    assert obs.hand_counts == tuple(size_of(h) for h in deal.hands)
    assert obs.played == tuple(deal.played) and obs.tributes == tuple(deal.tributes)
    assert obs.shown == (tuple(deal.hands) if over else (0,) * 6)
    # the private moves: only the pair concerned
    assert all(seat in (a, b) for a, b, _ in obs.returned + obs.offers)
    assert len(obs.returned) == sum(seat in (a, b) for a, b, _ in deal.returned)
    pairs = {g: r for g, r, _ in deal.tributes if r >= 0}
    pairs.update({r: g for g, r in list(pairs.items())})
    for mine, real in zip(obs.history, deal.history, strict=True):
        a = real.action
        if (
            isinstance(a, Gift)
            and a.kind in PRIVATE_GIFTS
            and seat not in (real.seat, pairs[real.seat])
        ):
            assert mine.action == Gift(a.kind, 0)
        else:
            assert mine == real
    if obs.offer is not None:
        assert seat in pairs and deal.offer == obs.offer
    f = facts(obs)
    assert f.hand == tuple(deal.cards_text(deal.hands[seat]).split())
    if not over:
        assert all(not name.startswith("hand") for name in f.shown)


def _deals(name: str, seed: int):  # type: ignore[no-untyped-def]
    """Each state of a random match of 4 deals (tributes included)."""
    rng = random.Random(seed)
    m = Match(VARIANTS[name], seed, deals=4)
    while not m.is_over():
        deal = m.next_deal()
        yield deal
        while not deal.is_terminal():
            deal.apply_action(rng.choice(deal.legal_actions()))
            yield deal


@pytest.mark.parametrize("name", list(VARIANTS))
@pytest.mark.parametrize("seed", [1, 2])
def test_no_observation_leaks_a_hidden_card(name: str, seed: int) -> None:
    phases = set()
    for deal in _deals(name, seed):
        phases.add(deal.phase)
        for seat in range(6):
            _check(deal, deal.observe(seat), seat)
    assert Phase.PLAY in phases and Phase.OVER in phases


@pytest.mark.parametrize("name", list(VARIANTS))
def test_sampled_deals_look_the_same_to_the_seat(name: str) -> None:
    rng = random.Random(7)
    checked = 0
    for step, deal in enumerate(_deals(name, 3)):
        if deal.phase is not Phase.PLAY or step % 17:
            continue
        seat = deal.to_act
        assert seat is not None
        obs = deal.observe(seat)
        sampler = DealSampler(obs)
        for _ in range(2):
            sample = sampler.sample(rng)
            assert sample.observe(seat) == obs
            assert sample.legal_actions() == deal.legal_actions()
            # the other hands are redrawn from the unseen cards, with their counts
            assert sum(sample.hands) == sum(deal.hands)
            for s in range(6):
                assert size_of(sample.hands[s]) == size_of(deal.hands[s])
            # a sample plays on to the end
            copy = sample.clone()
            while not copy.is_terminal():
                copy.apply_action(rng.choice(copy.legal_actions()))
        checked += 1
    assert checked >= 5


@pytest.mark.parametrize("seed", [5, 6])
def test_the_sampler_places_public_tribute_cards(seed: int) -> None:
    rng = random.Random(seed)
    found = 0
    for deal in _deals("shanghai", seed):
        # the first play-phase state of a deal with tributes, seen by a seat that
        # neither gave nor received one
        if deal.phase is not Phase.PLAY or not deal.tributes or sum(deal.played):
            continue
        involved = {s for g, r, _ in deal.tributes for s in (g, r)}
        seat = next((s for s in range(6) if s not in involved), None)
        if seat is None or deal.to_act is None:
            continue
        obs = deal.observe(seat)
        know = DealSampler(obs).knowledge
        sample = sample_deal(obs, rng)
        for _, to, card in deal.tributes:
            assert contains(know.known[to], card)
            assert contains(sample.hands[to], card)
        found += 1
    assert found


def test_a_private_return_changes_nothing_the_other_seats_see() -> None:
    """Two deals that differ only in the card seat 2 returns to seat 1 (and in the
    hidden hands of seats 4 and 5) look the same to every other seat."""
    hands = ["5H 7S", "RJ 8S 4S", "4D 9S", "3C 3H AS KD", "6S", "6H"]
    swapped = hands[:4] + ["6H", "6S"]
    setup = dict(levels=(1, 0), givers=(1, 3), recipients=(2, 0))
    one = script(deal_of(SHANGHAI, hands, 2, **setup), ["tribute 3C", "RJ", "return 4D"])
    two = script(deal_of(SHANGHAI, swapped, 2, **setup), ["tribute 3C", "RJ", "return 9S"])
    for seat in (0, 3):
        assert one.observe(seat) == two.observe(seat)
    for seat in (1, 2, 4, 5):
        assert one.observe(seat) != two.observe(seat)
