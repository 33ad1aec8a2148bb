"""A match of 大怪路子: a series of deals with levels, the offense leader and
the tribute carried from one deal to the next (``daguailuzi.md`` §3.1, §9, §10).

A :class:`Match` sets up each deal from what the previous one decided:

- the first deal's offense leader is drawn by its seed unless the match is given
  a ``dealer`` (the offense leader is then the seat after it, §3.2);
- every later deal's offense leader is the previous deal's first player out,
  after a win or a draw (§3.1);
- both teams' levels are the previous outcome's (§9.2; they never move under
  ``trapped_points``);
- under ``tribute``, after a won deal the trapped players give (in turn order
  from the seat after the new offense leader, §10.3) to the winners in their
  finishing order.

The match ends after ``deals`` deals, or when a seat's running total reaches
``±target`` (:class:`chupai.match.BaseMatch`), or by the rules (then ``deals``
and ``target`` may both be None): under ``trapped_points`` with a
``target_score``, after the deal that brings a team's points (the ``k`` of the
deals it scored) to it; under ``levels``, when a team scores at ``target_level``
or a team has begun ``level_fail_limit`` deals as the offense at
``target_level`` without winning them; in any case after :data:`MAX_DEALS`
deals. :attr:`Match.winner` is the team that won the match by the rules.

>>> from chupai.daguailuzi.rules import PRESETS
>>> m = Match(PRESETS["shanghai"], seed=3, deals=2)
>>> while not m.is_over():
...     deal = m.next_deal()
...     while not deal.is_terminal():
...         _ = deal.apply_action(deal.legal_actions()[0])
>>> m.counted, m.deals[1].offense == m.deals[0].outcome.first_out
(2, True)
>>> replay_match(m.to_record()).totals == m.totals
True
"""

from __future__ import annotations

from collections.abc import Mapping
from types import ModuleType
from typing import Any, ClassVar, Final, NamedTuple

from chupai import match as shared
from chupai.daguailuzi import record
from chupai.daguailuzi.events import PLAYERS, TEAM_NAMES, team_of
from chupai.daguailuzi.game import DaguailuziDeal, draw_leader, new_deal
from chupai.daguailuzi.rules import DaguailuziRules, rank_index
from chupai.daguailuzi.scoring import level_text
from chupai.errors import ChupaiError
from chupai.match import MATCH_FORMAT, MATCH_VERSION, MAX_DEALS  # noqa: F401 (re-exported)
from chupai.records import check_match_plan

__all__ = [
    "GAME",
    "DealSetup",
    "MatchRow",
    "Match",
    "replay_match",
    "table_from_record",
    "next_setup",
]

GAME: Final = "daguailuzi"


class DealSetup(NamedTuple):
    """How a deal of the match is set up (the arguments of ``new_deal``)."""

    seed: int
    dealer: int | None
    """The dealer, None to draw the offense leader from the seed (first deal)."""
    levels: tuple[int, int]
    givers: tuple[int, ...]
    recipients: tuple[int, ...]


class MatchRow(NamedTuple):
    """One finished deal in the score table."""

    number: int | None
    """The deal's number (1-based)."""
    position: int
    """The deal's position in :attr:`Match.deals`."""
    offense: int
    """The offense leader."""
    trump: str | None
    """The trump rank (None without trumps)."""
    result: str
    """``win`` or ``draw``."""
    winner: str | None
    """The winning team (``A`` or ``B``), None on a draw."""
    finishing_order: tuple[int, ...]
    trapped: tuple[int, ...]
    scoring_team: str | None
    levels: tuple[str, str]
    """Both teams' levels after the deal."""
    scores: tuple[int, ...]
    totals: tuple[int, ...]
    """Running totals after this deal."""

    def to_dict(self) -> dict[str, Any]:
        return shared.row_dict(self)


def next_setup(deal: DaguailuziDeal, rules: DaguailuziRules, seed: int) -> DealSetup:
    """The setup of the deal after the finished ``deal`` (see the module)."""
    oc = deal.outcome
    if oc is None:
        raise ChupaiError("the current deal is not over")
    leader = oc.first_out
    givers: tuple[int, ...] = ()
    recipients: tuple[int, ...] = ()
    if rules.tribute and oc.winner is not None:
        givers = oc.trapped
        recipients = tuple(s for s in oc.finishing_order if team_of(s) == oc.winner)
    return DealSetup(seed, (leader - 1) % PLAYERS, oc.levels, givers, recipients)


def _has_end(rules: DaguailuziRules) -> bool:
    """Whether the rules end a match by themselves (§9)."""
    if rules.scoring == "levels":
        return True
    return rules.target_score is not None


class Match(shared.BaseMatch[DaguailuziRules, DaguailuziDeal, DealSetup, MatchRow]):
    """A series of 大怪路子 deals (see the module and :class:`chupai.match.BaseMatch`)."""

    game = GAME
    rules_type = DaguailuziRules
    record_module: ClassVar[ModuleType] = record
    records_max_deals = True

    def __init__(
        self,
        rules: DaguailuziRules,
        seed: int,
        *,
        deals: int | None = None,
        target: int | None = None,
        dealer: int | None = None,
        max_deals: int = MAX_DEALS,
    ):
        planned = deals is not None or target is not None
        if not planned and not _has_end(rules):
            check_match_plan(PLAYERS, deals, target, dealer, max_deals)
        super().__init__(
            rules,
            seed,
            deals=deals,
            target=target if planned else 1,
            dealer=dealer,
            max_deals=max_deals,
        )
        self.target = target

    # ----- the rules' end --------------------------------------------------------
    def team_points(self) -> tuple[int, int]:
        """Each team's points (§9.1: the ``k`` of the deals it scored)."""
        pts = [0, 0]
        for d in self.deals:
            if d.outcome is not None:
                for t in (0, 1):
                    pts[t] += d.outcome.points(t)
        return pts[0], pts[1]

    @property
    def levels(self) -> tuple[int, int]:
        """Both teams' levels now (after the last finished deal)."""
        for d in reversed(self.deals):
            if d.outcome is not None:
                return d.outcome.levels
        return (0, 0)

    def failures(self) -> tuple[int, int]:
        """How many deals each team began as the offense at ``target_level``
        without winning them (§9.2)."""
        target = rank_index(self.rules.target_level)
        fails = [0, 0]
        for d in self.deals:
            oc = d.outcome
            team = d.offense_team
            if oc is not None and d.levels[team] >= target and oc.winner != team:
                fails[team] += 1
        return fails[0], fails[1]

    @property
    def winner(self) -> int | None:
        """The team that won the match by the rules (§9), else None."""
        r = self.rules
        if r.scoring == "levels":
            for d in self.deals:
                oc = d.outcome
                if oc is not None and oc.match_won and oc.scoring_team is not None:
                    return oc.scoring_team
            limit = r.level_fail_limit
            if limit is not None:
                fails = self.failures()
                for t in (0, 1):
                    if fails[t] >= limit:
                        return 1 - t
            return None
        if r.target_score is not None:
            pts = self.team_points()
            for t in (0, 1):
                if pts[t] >= r.target_score:
                    return t
        return None

    def is_over(self) -> bool:
        """Whether the match has ended (never while a deal is running)."""
        if self.current is not None:
            return False
        if self.winner is not None:
            return True
        if self.target is None and self.planned is None:
            return len(self.deals) >= self.max_deals
        return super().is_over()

    # ----- the shared match's hooks ----------------------------------------------
    def setup(self) -> DealSetup:
        """How the next deal is set up (§3.1, §9.2, §10)."""
        seed = self.deal_seed(len(self.deals))
        if not self.deals:
            return DealSetup(seed, self.first_dealer, (0, 0), (), ())
        return next_setup(self.deals[-1], self.rules, seed)

    def _deal(self, setup: DealSetup) -> DaguailuziDeal:
        return new_deal(
            self.rules,
            setup.seed,
            dealer=setup.dealer,
            levels=setup.levels,
            givers=setup.givers,
            recipients=setup.recipients,
        )

    def _drawn_dealer(self, seed: int) -> int:
        return (draw_leader(seed) - 1) % PLAYERS

    def _setup_problems(self, deal: DaguailuziDeal, setup: DealSetup) -> list[str]:
        problems = []
        if deal.levels != setup.levels:
            problems.append(f"its levels are {deal.levels}, the match's {setup.levels}")
        if set(deal.givers) != set(setup.givers):
            problems.append(f"its tribute givers are {deal.givers}, not {setup.givers}")
        if deal.recipients != setup.recipients[: len(deal.givers)]:
            problems.append(f"its tribute recipients are {deal.recipients}")
        return problems

    def _row(
        self, number: int | None, position: int, deal: DaguailuziDeal, totals: tuple[int, ...]
    ) -> MatchRow:
        oc = deal.outcome
        assert oc is not None
        return MatchRow(
            number,
            position,
            deal.offense,
            None if deal.level is None else level_text(deal.level),
            oc.result,
            None if oc.winner is None else TEAM_NAMES[oc.winner],
            oc.finishing_order,
            oc.trapped,
            None if oc.scoring_team is None else TEAM_NAMES[oc.scoring_team],
            (level_text(oc.levels[0]), level_text(oc.levels[1])),
            oc.scores,
            totals,
        )


replay_match = Match.from_record
"""Replay a 大怪路子 match record: every deal must be the match's next deal and
replay move by move; the recorded table and totals, when present, must be the
replayed ones. Raises :class:`RecordError` naming the first bad deal."""


def _recorded_row(d: shared.RecordedDeal) -> dict[str, Any]:
    rec, res = d.record, d.result
    levels = rec.get("levels") or [0, 0]
    offense = rec.get("offense")
    trumps = bool((rec.get("rules") or {}).get("trumps"))
    team = (offense or 0) & 1
    winner, scoring = res.get("winner"), res.get("scoring_team")
    after = res.get("levels") or levels
    return {
        "offense": offense,
        "trump": level_text(levels[team]) if trumps else None,
        "result": res.get("result"),
        "winner": None if winner is None else TEAM_NAMES[winner],
        "finishing_order": list(res.get("finishing_order") or []),
        "trapped": list(res.get("trapped") or []),
        "scoring_team": None if scoring is None else TEAM_NAMES[scoring],
        "levels": [level_text(after[0]), level_text(after[1])],
    }


def table_from_record(rec: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The score table of a 大怪路子 match record from the record alone
    (:func:`chupai.match.recorded_table`: the rows of :meth:`MatchRow.to_dict`)."""
    return shared.recorded_table(rec, _recorded_row)
