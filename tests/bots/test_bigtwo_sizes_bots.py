"""Big Two bots at every table size: the random, greedy, heuristic and search bots
play 5 to 52 seats (one pack) to the end, the deal sampler stays consistent with a
seat's observation at any size, a decision depends on the seat's observation only,
the heuristic's holding probabilities are exact for many opponents, and (slow) the
6-seat ladder random < greedy < heuristic < search holds on a small run."""

from __future__ import annotations

import json
import random
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from chupai.bigtwo.game import BigTwoDeal
from chupai.bigtwo.sampling import DealSampler
from chupai.bots import make_bot
from chupai.bots.games.bigtwo.plan import _PARTITIONS, _holds_prob, partitions, take_rank
from chupai.bots.search import SearchBot
from chupai.protocol import get_game

SPEC = get_game("bigtwo")
ROOT = Path(__file__).resolve().parents[2]
LEFTOVERS = ("to_starting_card_holder", "set_aside", "round_robin", "taiwan_exposed", "malaysian")


def rules_of(players: int, **options: str) -> Any:
    return SPEC.resolve("standard", {"players": str(players), **options})


def play_out(deal: BigTwoDeal, bots: list[Any], steps: int | None = None) -> BigTwoDeal:
    """Play ``deal`` with checked actions (at most ``steps`` of them)."""
    done = 0
    while not deal.is_terminal() and (steps is None or done < steps):
        seat = deal.current_player
        legal = deal.legal_actions()
        action = bots[seat].act(deal.observe(seat), legal)
        assert action in legal
        deal.apply_action(action)
        done += 1
    return deal


@pytest.mark.parametrize("players", [6, 13])
@pytest.mark.parametrize("bot", ["random", "greedy", "heuristic", "search:playouts=6"])
def test_each_bot_finishes_a_deal(players: int, bot: str) -> None:
    rules = rules_of(players)
    deal = play_out(SPEC.new_deal(rules, 3), [make_bot(bot, s) for s in range(players)])
    assert deal.outcome is not None and deal.outcome.winner is not None
    assert sum(deal.outcome.scores) == 0 or rules.settlement.value != "pairwise"


@pytest.mark.parametrize("players", [5, 8, 20, 52])
def test_the_four_levels_share_a_table(players: int) -> None:
    """One bot of each level at the same table, the levels repeated round the seats."""
    names = ["random", "greedy", "heuristic", "search:playouts=4"]
    bots = [make_bot(names[s % 4], s) for s in range(players)]
    deal = play_out(SPEC.new_deal(rules_of(players), 11), bots)
    assert deal.outcome is not None and deal.outcome.winner is not None


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    players=st.integers(2, 52),
    leftover=st.sampled_from(LEFTOVERS),
    seed=st.integers(0, 10_000),
    steps=st.integers(0, 40),
)
def test_the_sampler_agrees_with_the_observation(
    players: int, leftover: str, seed: int, steps: int
) -> None:
    """A sampled deal shows the seat to act exactly its observation (history,
    counts, exposed cards) and the same legal actions, at any size."""
    deal = SPEC.new_deal(rules_of(players, leftover_rule=leftover), seed)
    play_out(deal, [make_bot("heuristic", s) for s in range(players)], steps)
    if deal.is_terminal() or deal.phase.value != "play":
        return
    seat = deal.current_player
    obs = deal.observe(seat)
    sampler = DealSampler(obs)
    rng = random.Random(seed)
    for _ in range(3):
        other = sampler.sample(rng)
        assert other.observe(seat) == obs
        assert other.legal_actions() == deal.legal_actions()
        assert [h.bit_count() for h in other.hands] == [h.bit_count() for h in deal.hands]


def situations(players: int, count: int) -> list[tuple[BigTwoDeal, BigTwoDeal, int]]:
    """Positions of heuristic play and, for each, a deal that differs in the other
    seats' hands only (drawn from the seat's observation)."""
    rng = random.Random(players)
    out = []
    for seed in range(40):
        deal = SPEC.new_deal(rules_of(players), seed)
        play_out(deal, [make_bot("heuristic", s) for s in range(players)], 2 + 3 * seed)
        if deal.is_terminal() or len(deal.legal_actions()) < 2:
            continue
        seat = deal.current_player
        other = DealSampler(deal.observe(seat)).sample(rng)
        if other.hands == deal.hands:
            continue
        out.append((deal, other, seat))
        if len(out) == count:
            break
    assert len(out) == count
    return out


@pytest.mark.parametrize("players", [6, 13])
@pytest.mark.parametrize("bot", ["random", "greedy", "heuristic", "search:playouts=12"])
def test_a_decision_depends_on_the_observation_only(players: int, bot: str) -> None:
    """Two deals that differ only in other seats' hands give the seat the same
    observation, and a bot built with the same seed the same decision."""
    for deal, other, seat in situations(players, 3):
        obs = deal.observe(seat)
        assert other.observe(seat) == obs
        first = make_bot(bot, 7).act(obs, deal.legal_actions())
        second = make_bot(bot, 7).act(other.observe(seat), other.legal_actions())
        assert first == second


def brute_holds(opponents: int, need: int, cards: int) -> float:
    """:func:`_holds_prob` by enumerating every assignment of the cards."""
    if opponents <= 0 or cards < need:
        return 0.0
    hits = 0
    total = opponents**cards
    for code in range(total):
        counts = [0] * opponents
        for _ in range(cards):
            counts[code % opponents] += 1
            code //= opponents
        hits += max(counts) >= need
    return hits / total


def test_holding_probabilities_are_exact_for_many_opponents() -> None:
    for m in range(7):
        for k in range(1, 5):
            for u in range(6):
                assert _holds_prob(m, k, u) == brute_holds(m, k, u), (m, k, u)
    # more opponents spread the same cards thinner
    row = [_holds_prob(m, 2, 4) for m in range(4, 52)]
    assert all(a > b for a, b in zip(row, row[1:]))
    assert _holds_prob(51, 1, 3) == 1.0


@pytest.mark.parametrize("players", [6, 13])
def test_search_keeps_its_time_budget_at_large_tables(players: int) -> None:
    """The default (timed) search returns within its budget at 6 and 13 seats
    (every seat searches; the first eight searched decisions are timed)."""
    budget = 80
    bot = SearchBot(seed=1, ms=budget)
    deal = SPEC.new_deal(rules_of(players), 5)
    times = []
    while not deal.is_terminal() and len(times) < 8:
        seat = deal.current_player
        legal = deal.legal_actions()
        bot.last_stats = {}
        t0 = time.perf_counter()
        action = bot.act(deal.observe(seat), legal)
        if bot.last_stats.get("rollouts", 0) > 0:
            times.append(time.perf_counter() - t0)
        deal.apply_action(action)
    assert times
    assert max(times) < budget / 1000 * 1.5  # the budget, with room for a loaded machine


@pytest.mark.slow
def test_a_small_ladder_holds_at_six_seats() -> None:
    """benchmarks/ladder_bigtwo_sizes.py on few deals (a fixed playout budget, so
    the figures are reproducible): every adjacent pair is significant."""
    runs = [
        ("random-greedy,greedy-heuristic", "1000", "search:playouts=60"),
        ("heuristic-search", "120", "search:playouts=60"),
    ]
    for pairs, deals, search in runs:
        proc = subprocess.run(
            [
                sys.executable,
                str(ROOT / "benchmarks" / "ladder_bigtwo_sizes.py"),
                "--pairs",
                pairs,
                "--deals",
                deals,
                "--search",
                search,
            ],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=1800,
        )
        assert proc.returncode == 0, proc.stderr[-2000:]
        data = json.loads(proc.stdout.strip().splitlines()[-1])
        assert data["players"] == 6 and data["packs"] == 1
        for fig in data["pairs"].values():
            assert fig["significant"], fig


# ----- two packs --------------------------------------------------------------------------


def suit_counts(bits: int) -> list[int]:
    return [(bits >> s & 1) + (bits >> (s + 4) & 1) for s in range(4)]


@given(st.lists(st.integers(0, 2), min_size=4, max_size=4))
def test_a_rank_with_identical_cards_splits_into_every_multiset_partition(
    counts: list[int],
) -> None:
    """The splits of one rank's cards (two packs: up to two of each suit) cover the
    cards exactly, each split once, and removing a block leaves the rest."""
    bits = sum((1 << s) | ((1 << (s + 4)) if k > 1 else 0) for s, k in enumerate(counts) if k)
    parts = partitions(bits)
    assert len(set(parts)) == len(parts)
    for part in parts:
        total = [0] * 4
        for block in part:
            assert block and (block >> 4) & ~block == 0  # unary: a second copy only over a first
            total = [a + b for a, b in zip(total, suit_counts(block), strict=True)]
            left = suit_counts(take_rank(bits, block))
            assert left == [a - b for a, b in zip(counts, suit_counts(block), strict=True)]
        assert total == counts
    if bits < 16:
        assert parts == _PARTITIONS[bits]


def test_identical_cards_make_fewer_splits() -> None:
    # {3D, 3D, 3S}: all together, 3D 3D | 3S, 3D 3S | 3D, each alone
    assert len(partitions(0b0001_1001)) == 4
    # two of every suit: the multiset partitions of {a, a, b, b, c, c, d, d}
    # (OEIS A020555: 1, 2, 9, 66, 712)
    assert len(partitions(0xFF)) == 712
    assert len(partitions(0x33)) == 9


TWO_PACKS = {"packs": "2"}


_SLOW = pytest.mark.slow


@pytest.mark.parametrize(
    ("players", "bot"),
    [(n, b) for n in (5, 6, 8) for b in ("random", "greedy", "heuristic")]
    + [(6, "search:playouts=6")]
    + [pytest.param(n, "search:playouts=6", marks=_SLOW) for n in (5, 8)],
)
def test_each_bot_finishes_a_two_pack_deal(players: int, bot: str) -> None:
    pytest.importorskip("chupai.bigtwo.packs")
    deal = SPEC.new_deal(rules_of(players, **TWO_PACKS), 4)
    play_out(deal, [make_bot(bot, s) for s in range(players)])
    assert deal.outcome is not None and deal.outcome.winner is not None


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(5, 8), seed=st.integers(0, 10_000), steps=st.integers(0, 60))
def test_the_two_pack_sampler_agrees_with_the_observation(
    players: int, seed: int, steps: int
) -> None:
    """With two packs too, a sampled deal shows the seat its observation, and every
    hand is a unary mask (a second copy only over a first)."""
    pytest.importorskip("chupai.bigtwo.packs")
    deal = SPEC.new_deal(rules_of(players, **TWO_PACKS), seed)
    play_out(deal, [make_bot("heuristic", s) for s in range(players)], steps)
    if deal.is_terminal() or deal.phase.value != "play":
        return
    seat = deal.current_player
    obs = deal.observe(seat)
    rng = random.Random(seed)
    sampler = DealSampler(obs)
    for _ in range(3):
        other = sampler.sample(rng)
        assert other.observe(seat) == obs
        assert other.legal_actions() == deal.legal_actions()
        for hand in other.hands:
            assert (hand >> 52) & ~hand == 0


@pytest.mark.parametrize("bot", ["greedy", "heuristic", "search:playouts=12"])
def test_a_two_pack_decision_depends_on_the_observation_only(bot: str) -> None:
    pytest.importorskip("chupai.bigtwo.packs")
    rng = random.Random(2)
    checked = 0
    for seed in range(30):
        deal = SPEC.new_deal(rules_of(6, **TWO_PACKS), seed)
        play_out(deal, [make_bot("heuristic", s) for s in range(6)], 3 + 4 * seed)
        if deal.is_terminal() or len(deal.legal_actions()) < 2:
            continue
        seat = deal.current_player
        obs = deal.observe(seat)
        other = DealSampler(obs).sample(rng)
        if other.hands == deal.hands:
            continue
        first = make_bot(bot, 7).act(obs, deal.legal_actions())
        assert make_bot(bot, 7).act(other.observe(seat), other.legal_actions()) == first
        checked += 1
        if checked == 3:
            break
    assert checked == 3
