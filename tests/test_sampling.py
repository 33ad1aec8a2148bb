"""Determinization samplers (``chupai.bigtwo.sampling``, ``chupai.doudizhu.sampling``):
a sampled deal is indistinguishable for the observing seat (same observation, same
legal actions), its hidden hands are a valid split of the unseen cards, every card
the seat can place is placed, and the other cards go everywhere they can be."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

from chupai.bigtwo import sampling as b2s
from chupai.bigtwo.game import BigTwoDeal, Choice, new_deal
from chupai.bigtwo.game import Phase as B2Phase
from chupai.bigtwo.match import Match
from chupai.bigtwo.rules import PRESETS as B2_PRESETS
from chupai.bigtwo.rules import BigTwoRules, resolve
from chupai.bots import GreedyBot, RandomBot
from chupai.bots.doudizhu import DouDizhuGreedyBot
from chupai.cards import cards_of, parse_mask
from chupai.doudizhu import sampling as dds
from chupai.doudizhu.combos import NRANKS, SHIFTS, UNIT, contains, deck_cards, size_of
from chupai.doudizhu.game import SHOW, DouDizhuDeal
from chupai.doudizhu.game import Phase as DDPhase
from chupai.doudizhu.game import new_deal as dd_new_deal
from chupai.doudizhu.rules import PRESETS as DD_PRESETS
from chupai.doudizhu.rules import DouDizhuRules
from chupai.doudizhu.rules import resolve as dd_resolve
from chupai.errors import ChupaiError

FULL = (1 << 52) - 1


# ----- positions ------------------------------------------------------------------------


def bigtwo_positions(
    rules: BigTwoRules, deals: int, seed: int, per_deal: int = 2, match: bool = False
) -> Iterator[BigTwoDeal]:
    """Play-phase positions of deals played by a mix of random and greedy bots
    (a match when ``match``, so that later deals carry the §12 exchanges)."""
    rng = random.Random(seed)
    n = rules.players
    m = Match(rules, seed, deals=deals) if match else None
    for i in range(deals):
        deal = m.next_deal() if m is not None else new_deal(rules, seed * 1000 + i)
        bots: list[Any] = [
            RandomBot(seed + s) if (i + s) % 3 == 0 else GreedyBot(s) for s in range(n)
        ]
        snaps = []
        while not deal.is_terminal():
            if deal.phase is B2Phase.PLAY:
                snaps.append(deal.clone())
            seat = deal.current_player
            assert seat is not None
            deal.apply_action(bots[seat].act(deal.observe(seat), deal.legal_actions()))
        yield from rng.sample(snaps, min(per_deal, len(snaps)))


def doudizhu_positions(
    rules: DouDizhuRules, deals: int, seed: int, per_deal: int = 2
) -> Iterator[DouDizhuDeal]:
    rng = random.Random(seed)
    n = rules.players
    for i in range(deals):
        deal = dd_new_deal(rules, seed * 1000 + i)
        bots: list[Any] = [
            RandomBot(seed + s) if (i + s) % 3 == 0 else DouDizhuGreedyBot(s) for s in range(n)
        ]
        snaps = []
        while not deal.is_terminal():
            if deal.phase is DDPhase.PLAY:
                snaps.append(deal.clone())
            seat = deal.current_player
            assert seat is not None
            legal = deal.legal_actions()
            action = (
                SHOW if SHOW in legal and i % 4 == 1 else bots[seat].act(deal.observe(seat), legal)
            )
            deal.apply_action(action)
        yield from rng.sample(snaps, min(per_deal, len(snaps)))


# ----- checks -----------------------------------------------------------------------------


def check_bigtwo_sample(real: BigTwoDeal, seat: int, sample: BigTwoDeal) -> None:
    obs = real.observe(seat)
    # (a) the seat cannot tell the sample from the real deal
    assert sample.observe(seat) == obs
    assert sample.phase is B2Phase.PLAY
    # (b) the hidden hands are a valid split of the unseen cards
    n = real.players
    seen = 0
    for s in range(n):
        assert sample.hands[s].bit_count() == obs.hand_counts[s]
        assert not seen & sample.hands[s], "a card is in two hands"
        seen |= sample.hands[s]
    played = 0
    for p in obs.played:
        played |= p
    assert not seen & (played | obs.exposed | sample.set_aside)
    assert seen | played | obs.exposed | sample.set_aside == FULL
    assert sample.set_aside.bit_count() == real.set_aside.bit_count()
    assert sample.hands[seat] == real.hands[seat]
    # (d) the same choice of actions
    if real.current_player == seat:
        assert sample.legal_actions() == real.legal_actions()


def check_doudizhu_sample(real: DouDizhuDeal, seat: int, sample: DouDizhuDeal) -> None:
    obs = real.observe(seat)
    assert sample.observe(seat) == obs
    assert sample.phase is DDPhase.PLAY
    total = 0
    for s in range(real.players):
        assert size_of(sample.hands[s]) == obs.hand_counts[s]
        total += sample.hands[s] + sample.played[s]
    assert total == deck_cards(real.rules), "the hands and the plays are not the decks"
    assert sample.hands[seat] == real.hands[seat]
    if real.current_player == seat:
        assert sample.legal_actions() == real.legal_actions()


# ----- (a), (b), (d): every preset, many positions, every seat -------------------------


@pytest.mark.parametrize("preset", list(B2_PRESETS))
def test_bigtwo_samples_match_the_observation_in_every_preset(preset: str) -> None:
    rules = B2_PRESETS[preset]
    rng = random.Random(preset)
    positions = 0
    for real in bigtwo_positions(rules, deals=25, seed=len(preset)):
        positions += 1
        for seat in range(rules.players):
            sampler = b2s.DealSampler(real.observe(seat))
            for _ in range(3):
                check_bigtwo_sample(real, seat, sampler.sample(rng))
    assert positions >= 40


B2_VARIANTS: dict[str, tuple[dict[str, str], bool]] = {
    "3 players, leftover to the starting card holder": ({"players": "3"}, False),
    "3 players, malaysian": ({"players": "3", "leftover_rule": "malaysian"}, False),
    "3 players, taiwan_exposed": ({"players": "3", "leftover_rule": "taiwan_exposed"}, False),
    "3 players, set_aside": ({"players": "3", "leftover_rule": "set_aside"}, False),
    "2 players": ({"players": "2"}, False),
    "hand_size 7": ({"hand_size": "7"}, False),
    "pass_lockout, repeat_lead_lock, last_card_call": (
        {"pass_lockout": "true", "repeat_lead_lock": "true", "last_card_call": "true"},
        False,
    ),
    "ding_da enforce": ({"ding_da": "enforce"}, False),
    "ding_da penalty, last_remaining": (
        {"ding_da": "penalty", "play_until": "last_remaining"},
        False,
    ),
    "instant wins, redeal": ({"instant_wins": "dragon,four_twos", "redeal_max_points": "6"}, False),
    "match: class struggle swap": ({"series": "class_struggle"}, True),
    "match: class struggle demand": (
        {"series": "class_struggle", "class_exchange": "demand", "class_protect_cards": "true"},
        True,
    ),
    "match: tribute one_card": ({"series": "tribute", "tribute_method": "one_card"}, True),
    "match: tribute draw_three": ({"series": "tribute", "tribute_method": "draw_three"}, True),
    "match: tribute choose_hands": ({"series": "tribute", "tribute_method": "choose_hands"}, True),
    "match: pre_exchange, 3 players": ({"pre_exchange": "true", "players": "3"}, True),
}


@pytest.mark.parametrize("name", list(B2_VARIANTS))
def test_bigtwo_samples_match_the_observation_under_options(name: str) -> None:
    over, match = B2_VARIANTS[name]
    rules = resolve("standard", over)
    rng = random.Random(name)
    positions = 0
    for real in bigtwo_positions(rules, deals=8, seed=len(name), match=match):
        positions += 1
        for seat in range(rules.players):
            sampler = b2s.DealSampler(real.observe(seat))
            for _ in range(2):
                sample = sampler.sample(rng)
                check_bigtwo_sample(real, seat, sample)
                # the sample plays on under the engine's rules
                while not sample.is_terminal():
                    sample.apply_action(sample.legal_actions()[-1])
    assert positions >= 5


@pytest.mark.parametrize("preset", list(DD_PRESETS))
def test_doudizhu_samples_match_the_observation_in_every_preset(preset: str) -> None:
    rules = DD_PRESETS[preset]
    rng = random.Random(preset)
    positions = 0
    for real in doudizhu_positions(rules, deals=25, seed=len(preset)):
        positions += 1
        for seat in range(rules.players):
            sampler = dds.DealSampler(real.observe(seat))
            for _ in range(3):
                check_doudizhu_sample(real, seat, sampler.sample(rng))
    assert positions >= 40


def test_doudizhu_samples_under_options() -> None:
    rules = dd_resolve(
        "classic", {"ming_pai": "always", "bidding": "until_all_pass", "robbing": "false"}
    )
    rng = random.Random(2)
    for real in doudizhu_positions(rules, deals=8, seed=9):
        for seat in range(rules.players):
            check_doudizhu_sample(real, seat, dds.sample_deal(real.observe(seat), rng))


# ----- (c) uniformity --------------------------------------------------------------------


def test_bigtwo_unseen_cards_go_to_every_possible_seat() -> None:
    """A mid-deal position of the standard game: over 600 samples every unseen card
    lands in every other hand, about in proportion to the hands' sizes; the
    starting card stays with its holder."""
    deal = new_deal(B2_PRESETS["standard"], seed=21)
    bots = [GreedyBot(s) for s in range(4)]
    while sum(p.bit_count() for p in deal.played) < 12:
        seat = deal.current_player
        assert seat is not None
        deal.apply_action(bots[seat].act(deal.observe(seat), deal.legal_actions()))
    seat = deal.current_player
    assert seat is not None
    obs = deal.observe(seat)
    know = b2s.knowledge(obs)
    others = [s for s in range(4) if s != seat]
    sizes = {s: obs.hand_counts[s] for s in others}
    assert know.unseen.bit_count() == sum(sizes.values())
    sampler = b2s.DealSampler(obs)
    rng = random.Random(5)
    seen: Counter[tuple[int, int]] = Counter()
    runs = 600
    for _ in range(runs):
        sample = sampler.sample(rng)
        for s in others:
            for c in cards_of(sample.hands[s]):
                seen[c, s] += 1
    total = sum(sizes.values())
    for c in cards_of(know.unseen):
        for s in others:
            if c in know.allowed:
                assert (seen[c, s] > 0) == bool(know.allowed[c] >> s & 1)
                continue
            expected = runs * sizes[s] / total
            assert seen[c, s] > 0, f"card {c} never drawn into seat {s}"
            assert abs(seen[c, s] - expected) < 0.25 * runs * max(0.2, sizes[s] / total)


def test_doudizhu_unseen_cards_go_to_every_possible_seat() -> None:
    deal = dd_new_deal(DD_PRESETS["classic"], seed=8)
    bots = [DouDizhuGreedyBot(s) for s in range(3)]
    while deal.phase is not DDPhase.PLAY or sum(size_of(p) for p in deal.played) < 10:
        seat = deal.current_player
        assert seat is not None
        deal.apply_action(bots[seat].act(deal.observe(seat), deal.legal_actions()))
    assert not deal.is_terminal()
    lord = deal.landlord
    assert lord is not None
    seat = (lord + 1) % 3  # a peasant: the landlord's kitty cards are known
    obs = deal.observe(seat)
    know = dds.knowledge(obs)
    kitty_left = sum(
        max(0, ((deal.kitty >> SHIFTS[r]) & 31) - ((deal.played[lord] >> SHIFTS[r]) & 31)) * UNIT[r]
        for r in range(NRANKS)
    )
    assert contains(know.known[lord], kitty_left)
    other = 3 - seat - lord
    rng = random.Random(3)
    seen: Counter[tuple[int, int]] = Counter()
    sampler = dds.DealSampler(obs)
    for _ in range(400):
        sample = sampler.sample(rng)
        assert contains(sample.hands[lord], kitty_left)
        for s in (lord, other):
            for r in range(NRANKS):
                if (sample.hands[s] >> SHIFTS[r]) & 31:
                    seen[r, s] += 1
    free = know.unseen - sum(know.known)
    for r in range(NRANKS):
        if (free >> SHIFTS[r]) & 31:
            for s in (lord, other):
                if obs.hand_counts[s] > size_of(know.known[s]):
                    assert seen[r, s] > 0, f"rank {r} never drawn into seat {s}"


def test_doudizhu_copies_are_dealt_as_physical_cards() -> None:
    """Two unseen 3s and two unseen 4s dealt into two hands of two: a hand gets
    both 3s with the odds of a real deal (1 in 6), not one multiset in three."""
    know = dds.Knowledge(unseen=2 * UNIT[0] + 2 * UNIT[1], capacity=(0, 2, 2), known=(0, 0, 0))
    rng = random.Random(1)
    both = sum(dds.sample_hands(know, rng)[1] == 2 * UNIT[0] for _ in range(6000))
    assert 800 < both < 1200


# ----- what the seat knows ------------------------------------------------------------------


def test_bigtwo_starting_card_is_placed_with_the_starting_player() -> None:
    deal = new_deal(B2_PRESETS["standard"], seed=4)
    sp = deal.starting_player
    seat = (sp + 1) % 4
    three = parse_mask("3D").bit_length() - 1
    assert deal.hands[sp] >> three & 1
    know = b2s.knowledge(deal.observe(seat))
    assert know.allowed[three] == 1 << sp
    rng = random.Random(0)
    for _ in range(50):
        assert b2s.sample_deal(deal.observe(seat), rng).hands[sp] >> three & 1


def test_bigtwo_taiwan_exposed_leftover_taken_stays_with_the_taker() -> None:
    rules = resolve("taiwan", {"players": "3"})
    for seed in range(40):
        deal = new_deal(rules, seed)
        if deal.phase is B2Phase.LEFTOVER:
            break
    else:  # pragma: no cover
        pytest.fail("no deal with a leftover decision")
    taker = deal.current_player
    assert taker is not None
    left = deal.leftover_shown
    deal.apply_action(Choice("take"))
    seat = (taker + 1) % 3
    know = b2s.knowledge(deal.observe(seat))
    for c in cards_of(left):
        assert know.allowed[c] == 1 << taker
    rng = random.Random(1)
    for _ in range(30):
        assert b2s.sample_deal(deal.observe(seat), rng).hands[taker] & left == left


def test_bigtwo_ding_da_single_was_the_highest_card() -> None:
    """Seat 1 holds one card, so seat 0's single had to be its highest card: no
    sample gives seat 0 a stronger card (learned from rejected draws)."""
    rules = resolve("standard", {"ding_da": "enforce"})
    hands = [parse_mask(t) for t in ("3D 8H KS", "4C 5C", "6D 7D 9C", "TD JD QD")]
    deal = BigTwoDeal.from_hands(rules, hands)
    for move in ("3D", "4C", "9C", "pass", "KS"):
        deal.apply_action(deal.parse_action(move))
    obs = deal.observe(2)
    sampler = b2s.DealSampler(obs)
    rng = random.Random(3)
    king = parse_mask("KS").bit_length() - 1
    strength = sampler._strength
    for _ in range(300):
        sample = sampler.sample(rng)
        assert sample.observe(2) == obs
        (card,) = cards_of(sample.hands[0])
        assert strength[card] < strength[king]


def test_bigtwo_cards_given_in_class_struggle_go_to_the_receiver() -> None:
    """In the second deal of a class-struggle match (2 players), the King's view
    after the exchange: the card it gave is in the Slave's hand unless played."""
    rules = resolve("standard", {"players": "2", "series": "class_struggle"})
    m = Match(rules, 5, deals=3)
    first = m.next_deal()
    bots = [GreedyBot(0), GreedyBot(1)]
    while not first.is_terminal():
        s = first.current_player
        assert s is not None
        first.apply_action(bots[s].act(first.observe(s), first.legal_actions()))
    deal = m.next_deal()
    while deal.phase is not B2Phase.PLAY:
        s = deal.current_player
        assert s is not None
        deal.apply_action(bots[s].act(deal.observe(s), deal.legal_actions()))
    assert deal.ranking is not None
    king, slave = deal.ranking
    gave = [
        ev
        for ev in deal.history
        if ev.seat == king and isinstance(ev.action, Choice) and ev.action.name == "give"
    ]
    assert gave
    obs = deal.observe(king)
    know = b2s.knowledge(obs)
    rng = random.Random(2)
    for ev in gave:
        for c in cards_of(ev.action.cards):  # type: ignore[union-attr]
            if know.unseen >> c & 1:
                assert know.locations(c) == 1 << slave
                assert b2s.sample_deal(obs, rng).hands[slave] >> c & 1


def test_doudizhu_shown_hand_is_known_exactly() -> None:
    rules = DD_PRESETS["classic"]
    deal = dd_new_deal(rules, 3)
    while deal.phase is not DDPhase.PLAY:
        deal.apply_action(deal.legal_actions()[0])
    assert SHOW in deal.legal_actions()
    deal.apply_action(SHOW)
    lord = deal.landlord
    assert lord is not None
    seat = (lord + 1) % 3
    rng = random.Random(0)
    for _ in range(20):
        assert dds.sample_deal(deal.observe(seat), rng).hands[lord] == deal.hands[lord]


def test_doudizhu_marker_card_stays_with_the_first_bidder() -> None:
    rules = DD_PRESETS["classic"]
    for seed in range(200):
        deal = dd_new_deal(rules, seed)
        assert deal.marker is not None
        if ((deal.hands[deal.first_bidder] >> SHIFTS[deal.marker]) & 31) == 1:
            break
    fb, marker = deal.first_bidder, deal.marker
    while deal.phase is not DDPhase.PLAY:
        deal.apply_action(
            deal.legal_actions()[-1] if deal.current_player != fb else deal.legal_actions()[0]
        )
    seat = next(s for s in range(3) if s != fb)
    know = dds.knowledge(deal.observe(seat))
    assert (know.known[fb] >> SHIFTS[marker]) & 31 >= 1
    rng = random.Random(4)
    for _ in range(30):
        sample = dds.sample_deal(deal.observe(seat), rng)
        assert (sample.dealt_hands[fb] >> SHIFTS[marker]) & 31 >= 1


# ----- errors and determinism ------------------------------------------------------------


def test_sampling_needs_the_play_phase() -> None:
    rules = resolve("standard", {"players": "3", "leftover_rule": "malaysian"})
    deal = next(d for d in (new_deal(rules, s) for s in range(50)) if d.phase is B2Phase.LEFTOVER)
    with pytest.raises(ChupaiError, match="play phase"):
        b2s.sample_deal(deal.observe(0), random.Random(0))
    bid = dd_new_deal(DD_PRESETS["classic"], 1)
    with pytest.raises(ChupaiError, match="play phase"):
        dds.sample_deal(bid.observe(0), random.Random(0))


def test_samples_are_reproducible_from_the_rng() -> None:
    deal = new_deal(B2_PRESETS["standard"], seed=2)
    deal.apply_action(deal.legal_actions()[0])
    obs = deal.observe(0)
    a = b2s.sample_deal(obs, random.Random(9))
    b = b2s.sample_deal(obs, random.Random(9))
    assert a.hands == b.hands
    assert any(b2s.sample_deal(obs, random.Random(k)).hands != a.hands for k in range(3))
    dd = dd_new_deal(DD_PRESETS["classic"], 2)
    while dd.phase is not DDPhase.PLAY:
        dd.apply_action(dd.legal_actions()[0])
    dobs = dd.observe(1)
    assert (
        dds.sample_deal(dobs, random.Random(9)).hands
        == dds.sample_deal(dobs, random.Random(9)).hands
    )
