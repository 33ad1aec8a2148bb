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


def _finished(
    rules: DaguailuziRules, offense: int, levels: tuple[int, int], finishing: tuple[int, ...]
):  # type: ignore[no-untyped-def]
    """A deal of ``offense`` at ``levels`` that ended with ``finishing`` (its outcome
    computed by the engine's scoring)."""
    from chupai.daguailuzi.game import Phase, new_deal
    from chupai.daguailuzi.scoring import deal_outcome

    deal = new_deal(rules, offense, offense=offense, levels=levels)
    active = 0b111111
    for s in finishing:
        active &= ~(1 << s)
    deal.phase, deal.to_act = Phase.OVER, None
    deal.outcome = deal_outcome(finishing, active, offense, levels, rules)
    return deal


def test_example_4_the_fail_limit() -> None:
    """§9.3 example 4: target 5, limit 3; B, at level 5, is the offense in three
    deals (not in a row) and wins none: a draw, later two deals won by A."""
    rules = variant("shanghai", target_level="5", level_fail_limit=3)
    m = Match(rules, 0)
    plan = [
        (1, (1, 0, 2, 4)),  # B offense: draw (B's first fail); seat 1 leads next
        (1, (0, 2, 4)),  # B offense: A wins as defense (fail 2); seat 0 leads next
        (0, (3, 0, 2, 4)),  # A offense: draw; seat 3 leads next
        (3, (2, 0, 4)),  # B offense: A wins (fail 3): B loses the match
    ]
    levels = (1, 3)  # A at 3, B at 5
    for i, (offense, finishing) in enumerate(plan):
        assert m.winner is None
        deal = _finished(rules, offense, levels, finishing)
        m.deals.append(deal)
        levels = deal.outcome.levels
        assert m.failures()[1] == [1, 2, 2, 3][i]
    assert m.winner == 0 and m.is_over()


def test_scoring_at_the_target_level_wins_the_match() -> None:
    m = Match(SHANGHAI, 0)
    m.deals.append(_finished(SHANGHAI, 2, (11, 4), (2, 1, 0, 4)))  # A at K scores: A to A
    assert m.levels == (12, 4) and m.winner is None
    m.deals.append(_finished(SHANGHAI, 2, (12, 4), (2, 0, 4)))  # A scores at the Ace
    assert m.winner == 0 and m.is_over()
