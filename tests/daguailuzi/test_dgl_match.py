"""Matches (§3.1, §9, §10): the next offense leader, levels and tribute carried
between deals, the rules' ends of a match, and match records."""

from __future__ import annotations

import random

import pytest
from dgl_helpers import SEED, SHANGHAI, variant

from chupai.daguailuzi.events import team_of
from chupai.daguailuzi.match import Match, replay_match, table_from_record
from chupai.daguailuzi.rules import DaguailuziRules
from chupai.errors import ChupaiError, RecordError


def play(match: Match, seed: int) -> Match:
    rng = random.Random(seed)
    match.play_out(lambda deal: rng.choice(deal.legal_actions()))
    return match


@pytest.mark.parametrize("seed", range(4))
def test_each_deal_is_set_up_by_the_previous_one(seed: int) -> None:
    m = play(Match(SHANGHAI, seed, deals=6), seed)
    assert m.counted == 6
    for prev, deal in zip(m.deals, m.deals[1:]):
        oc = prev.outcome
        assert oc is not None
        assert deal.offense == oc.first_out and deal.dealer == (oc.first_out - 1) % 6
        assert deal.levels == oc.levels
        assert deal.level == oc.levels[team_of(oc.first_out)]
        if oc.winner is None:
            assert deal.givers == ()
        else:
            assert set(deal.givers) == set(oc.trapped)
            winners = [s for s in oc.finishing_order if team_of(s) == oc.winner]
            assert deal.recipients == tuple(winners[: oc.k])
            assert [g for g, _, _ in deal.tributes] and len(deal.tributes) == oc.k
    assert m.totals == [sum(r.scores[s] for r in m.table()) for s in range(6)]


def test_no_tribute_under_seed_and_levels_never_move() -> None:
    m = play(Match(SEED, 5, deals=5), 5)
    assert all(d.givers == () and d.levels == (0, 0) and d.level is None for d in m.deals)


def test_a_first_dealer_fixes_the_first_offense_leader() -> None:
    m = Match(SEED, 1, deals=1, dealer=4)
    assert m.next_deal().offense == 5


def _winner_by_rules(m: Match, rules: DaguailuziRules) -> int | None:
    """The match winner recomputed from the deals (§9)."""
    target = "23456789TJQKA".index(rules.target_level.value)
    fails = [0, 0]
    points = [0, 0]
    for d in m.deals:
        oc = d.outcome
        assert oc is not None
        if rules.scoring == "levels":
            t = oc.scoring_team
            if t is not None and d.levels[t] >= target:
                return t
            off = d.offense_team
            if d.levels[off] >= target and oc.winner != off:
                fails[off] += 1
                if rules.level_fail_limit is not None and fails[off] >= rules.level_fail_limit:
                    return 1 - off
        else:
            for t in (0, 1):
                points[t] += oc.k if oc.scoring_team == t else 0
                if rules.target_score is not None and points[t] >= rules.target_score:
                    return t
    return None


@pytest.mark.parametrize("seed", range(6))
def test_a_levels_match_ends_at_the_target_level_or_the_fail_limit(seed: int) -> None:
    rules = variant("shanghai", target_level="3", level_fail_limit=1, only_offense_scores=False)
    m = play(Match(rules, seed), seed)
    assert m.is_over() and m.winner is not None
    assert m.winner == _winner_by_rules(m, rules)
    # it ended at the first deal that decided it
    assert all(_winner_by_rules(_prefix(m, i), rules) is None for i in range(len(m.deals)))


def _prefix(m: Match, n: int) -> Match:
    out = Match(m.rules, m.seed, deals=m.planned, target=m.target)
    out.deals = m.deals[:n]
    return out


@pytest.mark.parametrize("seed", range(4))
def test_a_seed_match_ends_at_the_target_score(seed: int) -> None:
    rules = variant("seed", target_score=4)
    m = play(Match(rules, seed), seed)
    assert m.winner == _winner_by_rules(m, rules) is not None
    assert max(m.team_points()) >= 4 and min(m.team_points()) < 4


def test_a_match_needs_an_end() -> None:
    with pytest.raises(ChupaiError, match="number of deals or a target"):
        Match(SEED, 1)
    Match(SHANGHAI, 1)  # levels end by themselves


@pytest.mark.parametrize("rules", [SEED, SHANGHAI], ids=["seed", "shanghai"])
def test_match_records_replay(rules: DaguailuziRules) -> None:
    m = play(Match(rules, 9, deals=4), 9)
    rec = m.to_record()
    again = replay_match(rec)
    assert again.totals == m.totals and [r.to_dict() for r in again.table()] == rec["table"]
    assert table_from_record(rec) == rec["table"]
    rec["deals"][1]["levels"] = [3, 3]
    with pytest.raises(RecordError, match="deal 2"):
        replay_match(rec)
