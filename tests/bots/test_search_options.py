"""The search bot's options for reproducible yet bounded play (``limit_ms`` over
a fixed ``playouts`` budget) and for inference in the sampler (``infer``)."""

from __future__ import annotations

import time
from typing import Any

import pytest

from chupai.bots import make_bot
from chupai.bots.search import SearchBot
from chupai.doudizhu.game import new_deal
from chupai.doudizhu.rules import PRESETS
from chupai.errors import ChupaiError


def decisions(bot: Any, seed: int, limit: int = 6) -> list[tuple[Any, float, dict[str, Any]]]:
    """The bot's first ``limit`` searched play decisions in seat 0 of deal
    ``seed`` (the heuristic in the other seats): (action, seconds, stats)."""
    deal = new_deal(PRESETS["classic"], seed)
    others = [make_bot("heuristic", s, "doudizhu") for s in range(3)]
    out = []
    while not deal.is_terminal() and len(out) < limit:
        seat = deal.current_player
        legal = deal.legal_actions()
        obs = deal.observe(seat)
        if seat == 0 and deal.phase.value == "play" and len(legal) > 1:
            bot.last_stats = {}
            t0 = time.perf_counter()
            action = bot.act(obs, legal)
            out.append((action, time.perf_counter() - t0, dict(bot.last_stats)))
        else:
            action = others[seat].act(obs, legal)
        deal.apply_action(action)
    return out


@pytest.mark.parametrize(
    "name,word",
    [
        ("search:limit_ms=0", "limit_ms"),
        ("search:limit_ms=-3", "limit_ms"),
        ("search:limit_ms=inf", "limit_ms"),
        ("search:infer=2", "infer"),
        ("search:infer=-0.1", "infer"),
    ],
)
def test_bad_options_are_refused_naming_the_parameter(name: str, word: str) -> None:
    with pytest.raises(ChupaiError, match=word):
        make_bot(name, 1, game="doudizhu")


def test_infer_needs_a_sampler_that_infers() -> None:
    with pytest.raises(ChupaiError, match="infer"):
        SearchBot(1, "biga", infer=0.5)
    SearchBot(1, "biga", infer=0)  # no inference asked: fine


@pytest.mark.parametrize("rollout", ["heuristic", "core"])
def test_a_cap_that_is_not_reached_keeps_the_search_deterministic(rollout: str) -> None:
    def run() -> list[Any]:
        bot = SearchBot(3, "doudizhu", playouts=24, limit_ms=60_000, infer=0.9, rollout=rollout)
        got = decisions(bot, 12)
        assert all(not stats["capped"] and stats["rollouts"] == 24 for _, _, stats in got)
        return [a for a, _, _ in got]

    first = run()
    assert len(first) >= 3
    assert first == run()


def test_the_cap_bounds_a_large_playout_budget() -> None:
    bot = SearchBot(3, "doudizhu", playouts=1_000_000, limit_ms=60)
    got = decisions(bot, 12, limit=3)
    assert got
    for _, secs, stats in got:
        assert stats["capped"]
        assert stats["rollouts"] < 1_000_000
        assert secs < 0.3, secs


def test_halving_spends_the_budget_on_fewer_candidates_and_stays_deterministic() -> None:
    def run(halving: int) -> tuple[list[Any], list[dict[str, Any]]]:
        bot = SearchBot(5, "doudizhu", playouts=120, halving=halving, rollout="core")
        got = decisions(bot, 14)
        return [a for a, _, _ in got], [stats for _, _, stats in got]

    plain_moves, plain = run(0)
    halved_moves, halved = run(2)
    assert halved_moves == run(2)[0]
    assert all(s["rollouts"] == 120 for s in plain + halved)
    wide = [(p, h) for p, h in zip(plain, halved) if p["candidates"] >= 8]
    assert wide, "no decision with many candidates"
    # fewer candidates in the later rounds: more determinizations for the same budget
    assert all(h["determinizations"] > p["determinizations"] for p, h in wide)


def test_halving_schedule_and_halve() -> None:
    from chupai.bots.search_choice import halve, halving_schedule

    assert halving_schedule(120, 12, 0) == []
    assert halving_schedule(120, 2, 3) == []  # two candidates: nothing to drop
    assert halving_schedule(120, 12, 2) == [3, 9]
    values = [{0: 0.0}, {0: 1.0}, {0: -1.0}, {0: 0.5}, {0: 0.2}]
    assert halve(values, [0, 1, 2, 3, 4]) == [0, 1, 3]  # the first always stays
    assert halve(values, [0, 2]) == [0, 2]


def test_halving_below_zero_is_refused() -> None:
    with pytest.raises(ChupaiError, match="halving"):
        make_bot("search:halving=-1", 1, game="doudizhu")
