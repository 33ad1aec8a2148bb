"""The test-only toy game (tests/toygame) through the game protocol alone."""

from __future__ import annotations

import random

import pytest
import toygame.spec

from chupai.errors import IllegalActionError, RecordError
from chupai.protocol import all_games, get_game, register, unregister


@pytest.fixture(autouse=True, scope="module")
def _registered():
    """The toy game is registered while this module's tests run, and only then."""
    register(toygame.spec.SPEC)
    yield
    unregister("toy")


def _random_deal(seed: int):
    spec = get_game("toy")
    deal = spec.new_deal(spec.resolve(), seed)
    rng = random.Random(seed)
    while not deal.is_terminal():
        deal.apply_action(rng.choice(deal.legal_actions()))
    return spec, deal


def test_registered_by_key_and_alias() -> None:
    assert get_game("Toy Game").key == "toy"
    assert "toy" in [spec.key for spec in all_games()]


@pytest.mark.parametrize("seed", range(50))
def test_random_deals_replay_and_score(seed: int) -> None:
    spec, deal = _random_deal(seed)
    result = spec.result(deal)
    assert sum(result.scores) == 0 and result.winners == (deal.outcome.winner,)
    again = spec.replay(spec.to_record(deal))
    assert again.outcome == deal.outcome and again.history == deal.history
    facts = spec.facts(deal.observe(0))
    assert facts.result == result and facts.counts == tuple(len(h) for h in deal.hands)


def test_illegal_action_and_bad_record() -> None:
    spec = get_game("toy")
    deal = spec.new_deal(spec.resolve(), 1)
    with pytest.raises(IllegalActionError):
        deal.apply_action(deal.parse("pass"))
    rec = spec.to_record(_random_deal(2)[1])
    rec["actions"][0] = "6y"
    with pytest.raises(RecordError):
        spec.replay(rec)


def test_match_replays() -> None:
    spec = get_game("toy")
    match = spec.new_match(spec.resolve("flat"), 5, deals=4)
    match.play_out(lambda d: d.legal_actions()[-1])
    assert match.counted == 4
    assert spec.replay_match(match.to_record()).totals == match.totals
