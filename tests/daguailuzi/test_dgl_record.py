"""Deal records (README §2.7): every seeded random deal replays to the same deal,
and a tampered record is refused at its first bad action or field."""

from __future__ import annotations

import copy
import json
import random

import pytest
from dgl_helpers import SEED, SHANGHAI, VARIANTS, play_random
from hypothesis import given, settings, strategies as st

from chupai.daguailuzi.game import new_deal
from chupai.daguailuzi.match import Match
from chupai.daguailuzi.record import replay, replay_steps, to_record
from chupai.daguailuzi.rules import DaguailuziRules
from chupai.errors import RecordError

EXTRA = "teammate+top_tribute+joker_candidates"


def _check_replays(deal) -> None:  # type: ignore[no-untyped-def]
    rec = json.loads(json.dumps(to_record(deal)))
    again = replay(rec)
    assert again.history == deal.history and again.hands == deal.hands
    assert again.outcome == deal.outcome and again.tributes == deal.tributes


def _random_match_deals(rules: DaguailuziRules, seed: int, deals: int):  # type: ignore[no-untyped-def]
    rng = random.Random(seed)
    m = Match(rules, seed, deals=deals)
    m.play_out(lambda d: rng.choice(d.legal_actions()), checked=False)
    return m.deals


@pytest.mark.parametrize(("name", "matches"), [("seed", 6), ("shanghai", 6), (EXTRA, 5)])
def test_seeded_random_deals_replay(name: str, matches: int) -> None:
    """60 deals per preset, 50 of the other option set (matches of 10 deals:
    tributes included); the slow run below plays 10,000 per preset."""
    rules = VARIANTS[name]
    count = 0
    for seed in range(matches):
        for deal in _random_match_deals(rules, seed, 10):
            assert deal.is_terminal()
            _check_replays(deal)
            count += 1
    assert count == 10 * matches


@pytest.mark.slow
@pytest.mark.parametrize("name", list(VARIANTS))
def test_ten_thousand_seeded_random_deals_finish_and_replay(name: str) -> None:
    rules = VARIANTS[name]
    for seed in range(1000):
        for deal in _random_match_deals(rules, seed, 10):
            assert deal.is_terminal() and sum(deal.outcome.scores) == 0
            _check_replays(deal)


@settings(max_examples=15)
@given(st.integers(0, 2**40), st.sampled_from([SEED, SHANGHAI]))
def test_a_deal_in_progress_replays_step_by_step(seed: int, rules: DaguailuziRules) -> None:
    deal = new_deal(rules, seed)
    rng = random.Random(seed)
    for _ in range(rng.randrange(1, 150)):
        if deal.is_terminal():
            break
        deal.apply_action(rng.choice(deal.legal_actions()))
    rec = to_record(deal)
    steps = list(replay_steps(rec))
    assert len(steps) == len(deal.history)
    assert steps[-1][1].hands == deal.hands if steps else True
    assert rec["result"] is None or deal.is_terminal()


def test_tampered_records_are_refused() -> None:
    deal = play_random(new_deal(SEED, 3), random.Random(3))
    rec = to_record(deal)
    bad = copy.deepcopy(rec)
    bad["actions"][0]["action"] = "pass"
    with pytest.raises(RecordError, match="action 1 by seat"):
        replay(bad)
    bad = copy.deepcopy(rec)
    bad["hands"][0], bad["hands"][1] = bad["hands"][1], bad["hands"][0]
    with pytest.raises(RecordError, match="do not match the deal of the recorded seed"):
        replay(bad)
    bad = copy.deepcopy(rec)
    bad["result"]["scores"] = [9] * 6
    with pytest.raises(RecordError, match="differs from the replayed"):
        replay(bad)
    bad = copy.deepcopy(rec)
    bad["levels"] = "2"
    with pytest.raises(RecordError, match="levels"):
        replay(bad)
    bad = copy.deepcopy(rec)
    bad["dealer"] = (rec["offense"] + 1) % 6
    with pytest.raises(RecordError, match="does not sit before"):
        replay(bad)
    bad = copy.deepcopy(rec)
    bad["offense"] = 9
    bad["seed"] = None
    with pytest.raises(RecordError, match="offense leader 9"):
        replay(bad)
