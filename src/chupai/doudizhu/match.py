"""A match of Dou Dizhu: a series of deals with running totals.

A :class:`Match` creates each deal with what the previous one decided
(``doudizhu.md`` §3, §4.2): the first dealer is drawn by the first deal's seed
(itself derived from the match seed) unless one is given; every later deal,
including a redeal after everybody passed in the bidding, is dealt by the next
player, ``(dealer + 1) % players``. A redeal is a finished deal with zero scores
that does not count towards the number of deals; under
``all_pass=redeal_doubled_once`` the deal after it carries ``D = 2``
(``Outcome.next_doubled``: a doubled deal that is redealt again is not doubled
again). Each deal's seed is :func:`deal_seed` of the match seed and the deal's
position (redeals included).

The deal scores (landlord against each peasant, §10.2) are zero-sum and add up
into running totals. A match ends after ``deals`` counted deals, or after the
first counted deal that leaves a player's running total at ``+target`` or beyond
or at ``-target`` or beyond (whichever comes first when both are given), and in
any case after :data:`MAX_DEALS` deals, redeals included.

:meth:`Match.next_deal`, :meth:`Match.to_record`, :func:`replay_match` and
:func:`table_from_record` work as :mod:`chupai.match` describes.

>>> from chupai.doudizhu.rules import PRESETS
>>> m = Match(PRESETS["classic"], seed=3, deals=2)
>>> while not m.is_over():
...     deal = m.next_deal()
...     while not deal.is_terminal():
...         _ = deal.apply_action(deal.legal_actions()[0])
>>> m.counted, sum(m.totals)
(2, 0)
>>> replay_match(m.to_record()).totals == m.totals
True
"""

from __future__ import annotations

from collections.abc import Mapping
from types import ModuleType
from typing import Any, ClassVar, Final, NamedTuple

from chupai import match as shared
from chupai.doudizhu import record
from chupai.doudizhu.game import DouDizhuDeal, deal_cards, new_deal
from chupai.doudizhu.rules import DouDizhuRules
from chupai.errors import ChupaiError
from chupai.match import MATCH_FORMAT, MATCH_VERSION, MAX_DEALS  # noqa: F401 (re-exported)
from chupai.seeds import match_deal_seed

__all__ = [
    "GAME",
    "DealSetup",
    "MatchRow",
    "Match",
    "deal_seed",
    "replay_match",
    "table_from_record",
]

GAME: Final = "doudizhu"


def deal_seed(match_seed: int, index: int) -> int:
    """The seed of deal ``index`` (0-based, redeals included) of the Dou Dizhu
    match of ``match_seed``: stable across runs and platforms, and different from
    the Big Two match's seeds.

    >>> deal_seed(7, 0) == deal_seed(7, 0) != deal_seed(7, 1)
    True
    """
    return match_deal_seed(GAME, match_seed, index)


class DealSetup(NamedTuple):
    """How a deal of the match is set up (the arguments of ``new_deal``)."""

    seed: int
    dealer: int | None
    """The dealer, or None to draw one from the seed (the first deal only)."""
    doubled: bool
    """Whether the deal carries ``D = 2`` (after an all-pass redeal, §4.2)."""


class MatchRow(NamedTuple):
    """One finished deal in the score table."""

    number: int | None
    """The deal's number among counted deals (1-based); None for a redeal."""
    position: int
    """The deal's position in :attr:`Match.deals` (redeals included)."""
    dealer: int
    doubled: bool
    redeal: bool
    landlord: int | None
    winner: int | None
    """The seat that went out first (None on a redeal)."""
    side: str | None
    """``"landlord"`` or ``"peasants"`` (the winning side), None on a redeal."""
    unit: int
    """``U`` (0 on a redeal)."""
    scores: tuple[int, ...]
    totals: tuple[int, ...]
    """Running totals after this deal."""

    def to_dict(self) -> dict[str, Any]:
        return shared.row_dict(self)


class Match(shared.BaseMatch[DouDizhuRules, DouDizhuDeal, DealSetup, MatchRow]):
    """A series of Dou Dizhu deals (see the module documentation and
    :class:`chupai.match.BaseMatch`)."""

    game = GAME
    rules_type = DouDizhuRules
    record_module: ClassVar[ModuleType] = record
    records_max_deals = True

    def setup(self) -> DealSetup:
        """How the next deal is set up (§3, §4.2)."""
        index = len(self.deals)
        seed = self.deal_seed(index)
        if not self.deals:
            return DealSetup(seed, self.first_dealer, False)
        last = self.deals[-1]
        oc = last.outcome
        if oc is None:
            raise ChupaiError("the current deal is not over")
        # every later deal, a redeal included, is dealt by the next player (§3)
        return DealSetup(seed, (last.dealer + 1) % self.players, oc.next_doubled)

    def _deal(self, setup: DealSetup) -> DouDizhuDeal:
        return new_deal(self.rules, setup.seed, dealer=setup.dealer, doubled=setup.doubled)

    def _drawn_dealer(self, seed: int) -> int:
        return deal_cards(self.rules, seed)[0]

    def _setup_problems(self, deal: DouDizhuDeal, setup: DealSetup) -> list[str]:
        if deal.doubled != setup.doubled:
            return [f"doubled is {deal.doubled}, not {setup.doubled}"]
        return []

    def _row(
        self, number: int | None, position: int, deal: DouDizhuDeal, totals: tuple[int, ...]
    ) -> MatchRow:
        oc = deal.outcome
        assert oc is not None
        return MatchRow(
            number,
            position,
            deal.dealer,
            deal.doubled,
            oc.redeal,
            oc.landlord,
            oc.winner,
            oc.side,
            oc.unit,
            oc.scores,
            totals,
        )


replay_match = Match.from_record
"""Replay a Dou Dizhu match record: every deal must be the match's next deal
(seed, dealer, doubling) and replay move by move; the recorded table and
totals, when present, must be the replayed ones. Raises :class:`RecordError`
naming the first bad deal (``deal K: ...``, K 1-based, redeals included)."""


def _recorded_row(d: shared.RecordedDeal) -> dict[str, Any]:
    return {
        "dealer": d.record.get("dealer"),
        "doubled": bool(d.record.get("doubled", False)),
        "redeal": d.redeal,
        "landlord": d.result.get("landlord"),
        "winner": d.result.get("winner"),
        "side": d.result.get("side"),
        "unit": d.result.get("unit"),
    }


def table_from_record(rec: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The score table of a Dou Dizhu match record from the record alone
    (:func:`chupai.match.recorded_table`: the rows of :meth:`MatchRow.to_dict`)."""
    return shared.recorded_table(rec, _recorded_row)
