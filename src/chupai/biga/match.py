"""A match of Big A: a series of deals with running totals.

A :class:`Match` creates each deal with what the previous one decided
(``biga.md`` §3.1, §3.3, §9). Big A has no dealer: a deal starts from its
**first drawer** ``F`` (card ``k`` of the stock goes to seat ``(F + k) % 5``).

- The first deal's first drawer is drawn by that deal's seed (as
  :func:`~chupai.biga.game.new_deal` draws it) unless the match is given one.
- A redeal (nobody declared and both ``AH`` were in the final round, §3.3) keeps
  the same first drawer; it is a finished deal with zero scores that does not
  count towards the number of deals.
- Every other deal is followed by a deal drawn first by the first player out of
  it (§3.1, §9).

All three are what :attr:`chupai.biga.game.Outcome.next_first_drawer` says, so the
match reads the next first drawer from the finished deal and never computes it
itself. Each deal's seed is :func:`deal_seed` of the match seed and the deal's
position (redeals included), so a redeal is a new shuffle, as it is at the table.

The rules specification gives a session no fixed end (§9); a match ends after
``deals`` counted deals, or after the first counted deal that leaves a player's
running total at ``+target`` or beyond or at ``-target`` or beyond (whichever
comes first when both are given), and in any case after :data:`MAX_DEALS` deals,
redeals included. The deal scores (§10) add up into running totals; they are not
always zero-sum (``p2d5_defender_points=1``, the seed's table).

**The dealer of the shared match code.** :class:`chupai.match.BaseMatch` and the
match record speak of a *dealer* (``first_dealer``, the seat a deal is set up
from); for Big A that is the first drawer. :class:`~chupai.biga.game.BigADeal`
has no ``dealer`` attribute, so the deals of a match are :class:`MatchDeal`: the
same deal with a read-only :attr:`MatchDeal.dealer` that is its first drawer.
Everything else about them is a :class:`~chupai.biga.game.BigADeal`, and their
deal records are the plain Big A records (:mod:`chupai.biga.record`).

:meth:`Match.next_deal`, :meth:`Match.to_record`, :func:`replay_match` and
:func:`table_from_record` work as :mod:`chupai.match` describes.

>>> from chupai.biga.rules import STANDARD
>>> m = Match(STANDARD, seed=3, deals=2)
>>> while not m.is_over():
...     deal = m.next_deal()
...     while not deal.is_terminal():
...         _ = deal.apply_action(deal.legal_actions()[0])
>>> m.counted, m.deals[1].first_drawer == m.deals[0].outcome.next_first_drawer
(2, True)
>>> m.totals == [sum(r.scores[s] for r in m.table()) for s in range(5)]
True
>>> replay_match(m.to_record()).totals == m.totals
True
"""

from __future__ import annotations

from collections.abc import Mapping
from types import ModuleType
from typing import Any, ClassVar, Final, NamedTuple

from chupai import match as shared
from chupai.biga import record
from chupai.biga.game import SUIT_LETTERS, BigADeal, deal_stock
from chupai.biga.rules import BigARules
from chupai.deal import all_slots, copy_slots
from chupai.errors import ChupaiError
from chupai.match import MATCH_FORMAT, MATCH_VERSION, MAX_DEALS  # noqa: F401 (re-exported)
from chupai.seeds import match_deal_seed

__all__ = [
    "GAME",
    "DealSetup",
    "MatchDeal",
    "MatchRow",
    "Match",
    "deal_seed",
    "replay_match",
    "table_from_record",
]

GAME: Final = "biga"


def deal_seed(match_seed: int, index: int) -> int:
    """The seed of deal ``index`` (0-based, redeals included) of the Big A match
    of ``match_seed``: stable across runs and platforms, and different from the
    other games' match seeds.

    >>> deal_seed(7, 0) == deal_seed(7, 0) != deal_seed(7, 1)
    True
    """
    return match_deal_seed(GAME, match_seed, index)


class MatchDeal(BigADeal):
    """A Big A deal of a match: a :class:`~chupai.biga.game.BigADeal` that also
    answers to :attr:`dealer`, the name the shared match code gives the seat a
    deal is set up from (see the module documentation). It adds no state."""

    __slots__ = ()

    @property
    def dealer(self) -> int:
        """The first drawer (Big A has no dealer)."""
        return self.first_drawer

    @classmethod
    def adopt(cls, deal: BigADeal) -> MatchDeal:
        """``deal`` as a :class:`MatchDeal`, taking over its state (the lists are
        shared, not copied: ``deal`` itself must not be used afterwards)."""
        if isinstance(deal, MatchDeal):
            return deal
        return copy_slots(deal, cls.__new__(cls), all_slots(cls))


class DealSetup(NamedTuple):
    """How a deal of the match is set up (the arguments of ``new_deal``)."""

    seed: int
    first_drawer: int | None
    """The first drawer, or None to draw one from the seed (the first deal only)."""

    @property
    def dealer(self) -> int | None:
        """:attr:`first_drawer`, under the shared match code's name."""
        return self.first_drawer


class MatchRow(NamedTuple):
    """One finished deal in the score table: who drew first, the teams and what
    the scores depend on (§10: finishing order, partner, alone, revealed, two
    shown)."""

    number: int | None
    """The deal's number among counted deals (1-based); None for a redeal."""
    position: int
    """The deal's position in :attr:`Match.deals` (redeals included)."""
    first_drawer: int
    redeal: bool
    declarer: int | None
    """None on a redeal."""
    big_suit: str | None
    """The Big Ace suit letter (``D C H S``), None on a redeal."""
    partner: int | None
    """The holder of the other Big Ace; None when the declarer was alone or on a
    redeal."""
    alone: bool
    partner_revealed: bool
    two_shown: bool
    finishing_order: tuple[int, ...]
    """All five seats, first out first (empty on a redeal)."""
    scores: tuple[int, ...]
    totals: tuple[int, ...]
    """Running totals after this deal."""

    def to_dict(self) -> dict[str, Any]:
        return shared.row_dict(self)


class Match(shared.BaseMatch[BigARules, MatchDeal, DealSetup, MatchRow]):
    """A series of Big A deals (see the module documentation and
    :class:`chupai.match.BaseMatch`). The first drawer of the first deal may be
    given as ``first_drawer`` or, as in every game's match, ``dealer``."""

    game = GAME
    rules_type = BigARules
    record_module: ClassVar[ModuleType] = record
    records_max_deals = True

    def __init__(
        self,
        rules: BigARules,
        seed: int,
        *,
        deals: int | None = None,
        target: int | None = None,
        dealer: int | None = None,
        first_drawer: int | None = None,
        max_deals: int = MAX_DEALS,
    ):
        if first_drawer is not None and dealer is not None and first_drawer != dealer:
            raise ChupaiError(
                f"first drawer {first_drawer} and dealer {dealer} differ "
                "(in Big A they are the same seat: give one)"
            )
        super().__init__(
            rules,
            seed,
            deals=deals,
            target=target,
            dealer=dealer if first_drawer is None else first_drawer,
            max_deals=max_deals,
        )

    @property
    def first_drawer(self) -> int | None:
        """The given first drawer of the first deal (None: drawn by its seed)."""
        return self.first_dealer

    def setup(self) -> DealSetup:
        """How the next deal is set up (§3.1, §3.3, §9)."""
        seed = self.deal_seed(len(self.deals))
        if not self.deals:
            return DealSetup(seed, self.first_dealer)
        oc = self.deals[-1].outcome
        if oc is None:
            raise ChupaiError("the current deal is not over")
        # the same first drawer after a redeal, else the first player out
        return DealSetup(seed, oc.next_first_drawer)

    def _deal(self, setup: DealSetup) -> MatchDeal:
        first, stock = deal_stock(setup.seed, setup.first_drawer)
        return MatchDeal.adopt(MatchDeal.from_stock(self.rules, stock, first, seed=setup.seed))

    def _drawn_dealer(self, seed: int) -> int:
        return deal_stock(seed)[0]

    def _setup_problems(self, deal: MatchDeal, setup: DealSetup) -> list[str]:
        # the seed and the first drawer fix the whole deal (the record's stock is
        # checked against its seed when it is replayed)
        return []

    def _row(
        self, number: int | None, position: int, deal: MatchDeal, totals: tuple[int, ...]
    ) -> MatchRow:
        oc = deal.outcome
        assert oc is not None
        suit = None if oc.big_suit is None else SUIT_LETTERS[oc.big_suit]
        return MatchRow(
            number,
            position,
            oc.first_drawer,
            oc.redeal,
            oc.declarer,
            suit,
            oc.partner,
            oc.alone,
            oc.partner_revealed,
            oc.two_shown,
            oc.finishing_order,
            oc.scores,
            totals,
        )

    @classmethod
    def _replay_deal(cls, rec: Any) -> MatchDeal:
        return MatchDeal.adopt(record.replay(rec))


replay_match = Match.from_record
"""Replay a Big A match record: every deal must be the match's next deal
(seed, first drawer) and replay move by move; the recorded table and totals,
when present, must be the replayed ones. Raises :class:`RecordError` naming
the first bad deal (``deal K: ...``, K 1-based, redeals included)."""


def _recorded_row(d: shared.RecordedDeal) -> dict[str, Any]:
    return {
        "first_drawer": d.record.get("first_drawer"),
        "redeal": d.redeal,
        "declarer": d.result.get("declarer"),
        "big_suit": d.result.get("big_suit"),
        "partner": d.result.get("partner"),
        "alone": bool(d.result.get("alone", False)),
        "partner_revealed": bool(d.result.get("partner_revealed", False)),
        "two_shown": bool(d.result.get("two_shown", False)),
        "finishing_order": list(d.result.get("finishing_order") or []),
    }


def table_from_record(rec: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The score table of a Big A match record from the record alone
    (:func:`chupai.match.recorded_table`: the rows of :meth:`MatchRow.to_dict`)."""
    return shared.recorded_table(rec, _recorded_row)
