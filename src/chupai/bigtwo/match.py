"""A match of Big Two: a series of deals with a running score table.

A :class:`Match` creates each deal with what the previous ones decided (``bigtwo.md``
§3.1, §7.1, §12): the winner of the previous deal deals and, in a later deal led
freely, leads; a redeal (§4) keeps the dealer, does not count as a deal and leaves
"first deal", titles and ranks unchanged; the previous deal's ranking (§12.1) gives
the titles of class struggle (with ``class_king_demotion``) or the ranks of
tribute. Deal scores add up into running totals; with ``settlement=pairwise`` that
is the pairwise settlement of penalty points of seed 001.

A match ends after ``deals`` counted deals, or after the first deal that leaves a
player's running total at ``+target`` or beyond or at ``-target`` or beyond
(whichever comes first when both are given).

:meth:`Match.next_deal`, :meth:`Match.to_record` and :func:`replay_match` work as
:mod:`chupai.match` describes.

>>> from chupai.bigtwo.rules import PRESETS
>>> m = Match(PRESETS["standard"], seed=3, deals=2)
>>> while not m.is_over():
...     deal = m.next_deal()
...     while not deal.is_terminal():
...         _ = deal.apply_action(deal.legal_actions()[0])
>>> len(m.table()), sum(m.totals)
(2, 0)
>>> replay_match(m.to_record()).totals == m.totals
True
"""

from __future__ import annotations

from collections.abc import Mapping
from types import ModuleType
from typing import Any, ClassVar, NamedTuple

from chupai import match as shared
from chupai.bigtwo import record
from chupai.bigtwo.game import BigTwoDeal, deal_cards, new_deal, next_titles
from chupai.bigtwo.rules import BigTwoRules, Series
from chupai.errors import ChupaiError
from chupai.match import MATCH_FORMAT, MATCH_VERSION, MAX_DEALS  # noqa: F401 (re-exported)
from chupai.seeds import match_deal_seed

__all__ = ["DealSetup", "MatchRow", "Match", "deal_seed", "replay_match", "table_from_record"]


def deal_seed(match_seed: int, index: int) -> int:
    """The seed of deal ``index`` (0-based, redeals included) of the match of
    ``match_seed``: stable across runs and platforms."""
    return match_deal_seed("bigtwo", match_seed, index)


class DealSetup(NamedTuple):
    """How a deal of the match is set up (the arguments of ``new_deal``)."""

    seed: int
    dealer: int | None
    """The dealer, or None to draw one from the seed (the first deal only)."""
    first_deal: bool
    leader: int | None
    """The previous deal's winner (leads a later deal freely, §7.1)."""
    ranking: tuple[int, ...] | None
    """The ranking giving titles or ranks (§12), None before the second deal."""


class MatchRow(NamedTuple):
    """One finished deal in the score table."""

    number: int | None
    """The deal's number among counted deals (1-based); None for a redeal."""
    position: int
    """The deal's position in :attr:`Match.deals` (redeals included)."""
    dealer: int
    winner: int | None
    redeal: bool
    scores: tuple[int, ...]
    totals: tuple[int, ...]
    """Running totals after this deal."""

    def to_dict(self) -> dict[str, Any]:
        return shared.row_dict(self)


class Match(shared.BaseMatch[BigTwoRules, BigTwoDeal, DealSetup, MatchRow]):
    """A series of Big Two deals (see the module documentation and
    :class:`chupai.match.BaseMatch`)."""

    game = "bigtwo"
    rules_type = BigTwoRules
    record_module: ClassVar[ModuleType] = record
    strict_version = False  # Big Two match records have always taken a version of true

    def setup(self) -> DealSetup:
        """How the next deal is set up (§3.1, §7.1, §12)."""
        index = len(self.deals)
        seed = self.deal_seed(index)
        if not self.deals:
            return DealSetup(seed, self.first_dealer, True, None, None)
        last, prev = self.deals[-1], self.setups[-1]
        oc = last.outcome
        if oc is None:
            raise ChupaiError("the current deal is not over")
        if oc.redeal:
            # the same dealer deals again; nothing else changes (§3.1, §4)
            return prev._replace(seed=seed, dealer=last.dealer)
        ranking = None
        if self.rules.series is not Series.NONE:
            ranking = next_titles(
                self.rules, prev.ranking if not prev.first_deal else None, oc.ranking
            )
        return DealSetup(seed, oc.winner, False, oc.winner, ranking)

    def _deal(self, setup: DealSetup) -> BigTwoDeal:
        return new_deal(
            self.rules,
            setup.seed,
            dealer=setup.dealer,
            first_deal=setup.first_deal,
            leader=setup.leader,
            ranking=setup.ranking,
        )

    def _drawn_dealer(self, seed: int) -> int:
        return deal_cards(self.rules, seed)[0]

    def _setup_problems(self, deal: BigTwoDeal, setup: DealSetup) -> list[str]:
        problems = []
        if deal.first_deal != setup.first_deal:
            problems.append(f"first_deal is {deal.first_deal}, not {setup.first_deal}")
        if deal._given_leader != setup.leader:
            problems.append(f"the leader is {deal._given_leader}, not {setup.leader}")
        want = setup.ranking if not setup.first_deal else None
        if deal.ranking != want:
            problems.append(f"the ranking is {deal.ranking}, not {want}")
        return problems

    def _row(
        self, number: int | None, position: int, deal: BigTwoDeal, totals: tuple[int, ...]
    ) -> MatchRow:
        oc = deal.outcome
        assert oc is not None
        return MatchRow(number, position, deal.dealer, oc.winner, oc.redeal, oc.scores, totals)


replay_match = Match.from_record
"""Replay a match record: every deal must be the match's next deal (seed,
dealer, leader, ranking) and replay move by move; the recorded table and
totals must be the replayed ones. Raises :class:`RecordError` naming the
first bad deal."""


def _recorded_row(d: shared.RecordedDeal) -> dict[str, Any]:
    return {
        "dealer": d.record.get("dealer"),
        "winner": d.result.get("winner"),
        "redeal": d.redeal,
    }


def table_from_record(rec: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The score table of a Big Two match record from the record alone
    (:func:`chupai.match.recorded_table`: the rows of :meth:`MatchRow.to_dict`)."""
    return shared.recorded_table(rec, _recorded_row)
