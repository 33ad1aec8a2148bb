"""The result of a deal and its scores (§8, §9): the worked examples of §9.3, the
levels, the target level and the fail limit."""

from __future__ import annotations

import pytest
from dgl_helpers import SEED, SHANGHAI, variant

from chupai.daguailuzi.events import TEAM_MASKS
from chupai.daguailuzi.rules import DaguailuziRules
from chupai.daguailuzi.scoring import advance_level, deal_outcome


def outcome(rules: DaguailuziRules, finishing: tuple[int, ...], offense: int, levels=(0, 0)):  # type: ignore[no-untyped-def]
    active = 0b111111
    for s in finishing:
        active &= ~(1 << s)
    assert any(not active & m for m in TEAM_MASKS), "a deal ends when a team is out"
    return deal_outcome(finishing, active, offense, levels, rules)


def test_example_1_offense_wins_two_trapped() -> None:
    oc = outcome(SHANGHAI, (2, 5, 0, 4), 2)
    assert (oc.result, oc.winner, oc.trapped, oc.k, oc.scoring_team) == ("win", 0, (1, 3), 2, 0)
    assert oc.levels == (1, 0)  # A: 2 -> 3
    assert oc.first_out == 2 and oc.scores == (2, -2, 2, -2, 2, -2)
    trapped = variant("shanghai", level_advance="trapped")
    assert outcome(trapped, (2, 5, 0, 4), 2).levels == (2, 0)  # 2 -> 4
    seed = outcome(SEED, (2, 5, 0, 4), 2)
    assert seed.points(0) == 2 and seed.points(1) == 0 and seed.levels == (0, 0)


def test_example_2_draw() -> None:
    oc = outcome(SHANGHAI, (1, 2, 0, 4), 2, (1, 0))
    assert oc.result == "draw" and oc.winner is None and oc.trapped == ()
    assert oc.levels == (1, 0) and oc.scores == (0,) * 6 and oc.first_out == 1
    assert outcome(SEED, (1, 2, 0, 4), 2).points(0) == 0


def test_example_3_defense_wins_without_scoring() -> None:
    oc = outcome(SHANGHAI, (0, 2, 4), 3, (2, 3))  # A at 4, B at 5
    assert oc.winner == 0 and oc.k == 3 and oc.scoring_team is None
    assert oc.levels == (2, 3) and oc.scores == (0,) * 6
    free = variant("shanghai", only_offense_scores=False)
    assert outcome(free, (0, 2, 4), 3, (2, 3)).levels == (3, 3)
    assert outcome(SEED, (0, 2, 4), 3).points(0) == 3


def test_example_4_match_point_and_the_target_level() -> None:
    oc = outcome(SHANGHAI, (0, 1, 2, 4), 0, (12, 5))
    assert oc.match_won and oc.levels == (12, 5)
    assert not outcome(SHANGHAI, (0, 1, 2, 4), 0, (11, 5)).match_won
    five = variant("shanghai", target_level="5", level_advance="trapped")
    assert advance_level(2, 3, five) == 3  # capped at 5 (index 3)
    assert outcome(five, (0, 2, 4), 0, (2, 0)).levels == (3, 0)
    assert not outcome(five, (0, 2, 4), 0, (2, 0)).match_won
    assert outcome(five, (0, 2, 4), 0, (3, 0)).match_won


@pytest.mark.parametrize("finishing", [(0, 2, 4), (1, 3, 5), (0, 1, 3, 5), (5, 0, 2, 1, 4)])
def test_scores_are_zero_sum(finishing: tuple[int, ...]) -> None:
    for rules in (SEED, SHANGHAI):
        for offense in range(6):
            oc = outcome(rules, finishing, offense)
            assert sum(oc.scores) == 0
            assert oc.to_dict()["scores"] == list(oc.scores)
