"""What every game's matches share: the running score table, the end of a match,
dealing and appending deals, the match record and its replay.

A game's ``match`` module (:mod:`chupai.bigtwo.match`, :mod:`chupai.doudizhu.match`,
:mod:`chupai.biga.match`) subclasses :class:`BaseMatch` with what its rules decide:
how the next deal is set up (:meth:`BaseMatch.setup`), how it is dealt, what a
replayed deal must agree on, and the columns of its score table. Everything else
reads the same in every game and lives here.

The caller plays each deal (humans, bots, a search): a game's ``Match.next_deal``
returns it, the caller applies actions until it is terminal, then asks for the
next one. ``Match.to_record`` writes one JSON-ready record holding every deal's
record; the game's ``replay_match`` checks it deal by deal and move by move, and
its ``table_from_record`` recomputes the score table from the record alone.

A match record is ``{"format": "chupai-match", "version": 1, "game": GAME, "spec":
..., "rules": {...}, "seed": S, "deal_count": N | null, "target": T | null,
"first_dealer": D | null, ["max_deals": M,] "deals": [deal records], "table":
[rows], "totals": [...]}``; ``max_deals`` is written by the games whose records
carry it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from types import ModuleType
from typing import Any, ClassVar, Final, Generic, NamedTuple, Protocol, Self, TypeVar, cast

from chupai.errors import ChupaiError, RecordError
from chupai.records import JsonValue, RecordableDeal, RecordedRules, check_match_plan, is_int
from chupai.seeds import match_deal_seed

__all__ = [
    "MATCH_FORMAT",
    "MATCH_VERSION",
    "MAX_DEALS",
    "BaseMatch",
    "RecordedDeal",
    "match_deal_seed",
    "recorded_deals",
    "recorded_table",
    "row_dict",
]

MATCH_FORMAT: Final = "chupai-match"
MATCH_VERSION: Final = 1
MAX_DEALS: Final = 10_000
"""A match stops after this many deals (redeals included) whatever its plan, so
that a table whose players always ask for a redeal still ends."""


class _Rules(RecordedRules, Protocol):
    @property
    def players(self) -> int: ...


class _Outcome(JsonValue, Protocol):
    @property
    def redeal(self) -> bool: ...

    @property
    def scores(self) -> tuple[int, ...]: ...


class _Deal(RecordableDeal, Protocol):
    """What a match needs of a deal: a deal it records (rules, seed, outcome,
    action text), with a dealer, that it plays."""

    @property
    def dealer(self) -> int: ...

    @property
    def outcome(self) -> _Outcome | None: ...

    def is_terminal(self) -> bool: ...

    def apply_action(self, action: Any) -> object: ...

    def apply_unchecked(self, action: Any) -> object: ...


class _Setup(Protocol):
    @property
    def seed(self) -> int: ...

    @property
    def dealer(self) -> int | None: ...


RulesT = TypeVar("RulesT", bound=_Rules)
DealT = TypeVar("DealT", bound=_Deal)
SetupT = TypeVar("SetupT", bound=_Setup)
RowT = TypeVar("RowT", bound=JsonValue)


class BaseMatch(Generic[RulesT, DealT, SetupT, RowT]):
    """A series of deals of one game with running totals.

    A match ends after ``deals`` counted deals (redeals do not count), or after
    the first deal that leaves a player's running total at ``+target`` or beyond
    or at ``-target`` or beyond (whichever comes first when both are given), and
    in any case after ``max_deals`` deals, redeals included.

    Subclasses set :attr:`game`, :attr:`rules_type` and :attr:`record_module` and
    implement :meth:`setup`, :meth:`_deal`, :meth:`_drawn_dealer`,
    :meth:`_setup_problems` and :meth:`_row`.
    """

    game: ClassVar[str]
    """The game key written in the match record."""
    rules_type: ClassVar[Any]
    """The game's rules class (its ``from_dict`` reads a record's ``rules``)."""
    record_module: ClassVar[ModuleType]
    """The game's record module (its ``to_record`` and ``replay`` write and
    replay one deal record)."""
    records_max_deals: ClassVar[bool] = False
    """Whether the match record carries ``max_deals``."""
    strict_version: ClassVar[bool] = True
    """Whether a record whose version is JSON ``true`` (``True == 1``) is refused."""

    def __init__(
        self,
        rules: RulesT,
        seed: int,
        *,
        deals: int | None = None,
        target: int | None = None,
        dealer: int | None = None,
        max_deals: int = MAX_DEALS,
    ):
        check_match_plan(rules.players, deals, target, dealer, max_deals)
        self.rules = rules
        self.seed = seed
        self.planned = deals
        self.target = target
        self.first_dealer = dealer
        self.max_deals = max_deals
        self.deals: list[DealT] = []
        """Every deal started, redeals included, in order (the last may be running)."""
        self.setups: list[SetupT] = []

    # ----- implemented by each game ----------------------------------------------
    def setup(self) -> SetupT:
        """How the next deal is set up."""
        raise NotImplementedError

    def _deal(self, setup: SetupT) -> DealT:
        """Deal the deal of ``setup``."""
        raise NotImplementedError

    def _drawn_dealer(self, seed: int) -> int:
        """The dealer the deal of ``seed`` draws when none is given."""
        raise NotImplementedError

    def _setup_problems(self, deal: DealT, setup: SetupT) -> list[str]:
        """How ``deal`` differs from ``setup`` beyond its rules, seed and dealer."""
        raise NotImplementedError

    def _row(self, number: int | None, position: int, deal: DealT, totals: tuple[int, ...]) -> RowT:
        """The score-table row of the finished ``deal``."""
        raise NotImplementedError

    def _deal_record(self, deal: DealT) -> dict[str, Any]:
        """The record of ``deal``."""
        return cast(dict[str, Any], self.record_module.to_record(deal))

    @classmethod
    def _read_rules(cls, raw: dict[str, Any]) -> RulesT:
        """The rules of a match record's ``rules`` object."""
        return cast(RulesT, cls.rules_type.from_dict(raw))

    @classmethod
    def _replay_deal(cls, rec: Any) -> DealT:
        """Replay one deal record of the match."""
        return cast(DealT, cls.record_module.replay(rec))

    def deal_seed(self, index: int) -> int:
        """The seed of deal ``index`` (0-based, redeals included) of this match
        (:func:`chupai.seeds.match_deal_seed`)."""
        return match_deal_seed(self.game, self.seed, index)

    # ----- state ---------------------------------------------------------------
    @property
    def players(self) -> int:
        return self.rules.players

    @property
    def current(self) -> DealT | None:
        """The deal being played, or None between deals."""
        if self.deals and not self.deals[-1].is_terminal():
            return self.deals[-1]
        return None

    def finished(self) -> list[DealT]:
        return [d for d in self.deals if d.is_terminal()]

    @property
    def counted(self) -> int:
        """Finished deals that count (redeals do not)."""
        return sum(1 for d in self.deals if d.outcome is not None and not d.outcome.redeal)

    @property
    def redeals(self) -> int:
        """Finished deals that were redealt."""
        return sum(1 for d in self.deals if d.outcome is not None and d.outcome.redeal)

    @property
    def totals(self) -> list[int]:
        """Each seat's running total."""
        totals = [0] * self.players
        for d in self.deals:
            if d.outcome is not None:
                for s, v in enumerate(d.outcome.scores):
                    totals[s] += v
        return totals

    def table(self) -> list[RowT]:
        """The score table: one row per finished deal (redeals included)."""
        rows = []
        totals = [0] * self.players
        number = 0
        for i, d in enumerate(self.deals):
            oc = d.outcome
            if oc is None:
                continue
            totals = [t + v for t, v in zip(totals, oc.scores, strict=True)]
            if not oc.redeal:
                number += 1
            rows.append(self._row(None if oc.redeal else number, i, d, tuple(totals)))
        return rows

    def is_over(self) -> bool:
        """Whether the match has ended (never while a deal is running)."""
        if self.current is not None:
            return False
        if len(self.deals) >= self.max_deals:
            return True
        counted = self.counted
        if self.planned is not None and counted >= self.planned:
            return True
        if self.target is not None and counted:
            return any(abs(t) >= self.target for t in self.totals)
        return False

    def leaders(self) -> list[int]:
        """The seats with the highest running total."""
        totals = self.totals
        best = max(totals)
        return [s for s, t in enumerate(totals) if t == best]

    # ----- deals ----------------------------------------------------------------
    def next_deal(self) -> DealT:
        """Deal and return the next deal (the current one must be over)."""
        if self.current is not None:
            raise ChupaiError("the current deal is not over")
        if self.is_over():
            raise ChupaiError("the match is over")
        setup = self.setup()
        deal = self._deal(setup)
        self.setups.append(setup)
        self.deals.append(deal)
        return deal

    def add_deal(self, deal: DealT) -> None:
        """Append a deal played elsewhere (a replayed record), checking that it is
        set up as this match's next deal."""
        if self.current is not None:
            raise ChupaiError("the current deal is not over")
        if self.is_over():
            raise ChupaiError("the match was already over")
        setup = self.setup()
        problems = []
        if deal.rules != self.rules:
            problems.append("its rules differ from the match's")
        if deal.seed != setup.seed:
            problems.append(f"its seed is {deal.seed}, the match's next is {setup.seed}")
        dealer = setup.dealer
        if dealer is None:
            dealer = self._drawn_dealer(setup.seed)
        if deal.dealer != dealer:
            problems.append(f"the dealer is seat {deal.dealer}, not seat {dealer}")
        problems += self._setup_problems(deal, setup)
        if problems:
            raise ChupaiError("the deal is not the match's next deal: " + "; ".join(problems))
        self.setups.append(setup)
        self.deals.append(deal)

    def play_out(self, choose: Callable[[DealT], Any], *, checked: bool = True) -> None:
        """Play the rest of the match, asking ``choose(deal)`` for every action."""
        while True:
            deal = self.current
            if deal is None:
                if self.is_over():
                    return
                deal = self.next_deal()
            apply = deal.apply_action if checked else deal.apply_unchecked
            while not deal.is_terminal():
                apply(choose(deal))

    # ----- records -----------------------------------------------------------------
    def to_record(self) -> dict[str, Any]:
        """The JSON-ready record of the match: its plan, every deal's record and
        the score table."""
        rec: dict[str, Any] = {
            "format": MATCH_FORMAT,
            "version": MATCH_VERSION,
            "game": self.game,
            "spec": self.rules.spec(),
            "rules": self.rules.to_dict(),
            "seed": self.seed,
            "deal_count": self.planned,
            "target": self.target,
            "first_dealer": self.first_dealer,
        }
        if self.records_max_deals:
            rec["max_deals"] = self.max_deals
        rec["deals"] = [self._deal_record(d) for d in self.deals]
        rec["table"] = [row.to_dict() for row in self.table()]
        rec["totals"] = self.totals
        return rec

    @classmethod
    def from_record(cls, rec: Mapping[str, Any]) -> Self:
        """Replay a match record: every deal must be the match's next deal and
        replay move by move; the recorded table and totals, when present, must be
        the replayed ones. Raises :class:`RecordError` naming the first bad deal
        (``deal K: ...``, K 1-based, redeals included)."""
        if not isinstance(rec, Mapping):
            raise RecordError("a match record must be a JSON object")
        if rec.get("format") != MATCH_FORMAT:
            raise RecordError(f"not a chupai match record (format {rec.get('format')!r})")
        version = rec.get("version")
        if version != MATCH_VERSION or (cls.strict_version and isinstance(version, bool)):
            raise RecordError(f"unsupported match record version {version!r}")
        if rec.get("game") != cls.game:
            raise RecordError(f"match record game {rec.get('game')!r} is not {cls.game}")
        raw_rules = rec.get("rules")
        if not isinstance(raw_rules, dict):
            raise RecordError("match record has no 'rules' object")
        seed = _int_or_none(rec, "seed")
        if seed is None:
            raise RecordError("match record has no integer 'seed'")
        deals = rec.get("deals")
        if not isinstance(deals, list):
            raise RecordError("match record field 'deals' must be a list of deal records")
        max_deals = _int_or_none(rec, "max_deals") if cls.records_max_deals else None
        try:
            rules = cls._read_rules(raw_rules)
            match = cls(
                rules,
                seed,
                deals=_int_or_none(rec, "deal_count"),
                target=_int_or_none(rec, "target"),
                dealer=_int_or_none(rec, "first_dealer"),
                max_deals=MAX_DEALS if max_deals is None else max_deals,
            )
        except RecordError:
            raise
        except ChupaiError as exc:
            raise RecordError(f"bad match record header: {exc}") from None
        for i, drec in enumerate(deals):
            where = f"deal {i + 1}"
            if match.current is not None:
                raise RecordError(f"{where}: deal {i} is not finished but later deals follow")
            try:
                deal = cls._replay_deal(drec)
            except RecordError as exc:
                raise RecordError(f"{where}: {exc}") from None
            try:
                match.add_deal(deal)
            except ChupaiError as exc:
                raise RecordError(f"{where}: {exc}") from None
        table = rec.get("table")
        if table is not None and table != [row.to_dict() for row in match.table()]:
            raise RecordError("the recorded score table differs from the replayed one")
        totals = rec.get("totals")
        if totals is not None and totals != match.totals:
            raise RecordError(
                f"the recorded totals {totals!r} differ from the replayed {match.totals!r}"
            )
        return match


def _int_or_none(rec: Mapping[str, Any], key: str) -> int | None:
    value = rec.get(key)
    if value is not None and (not isinstance(value, int) or isinstance(value, bool)):
        raise RecordError(f"match record field {key!r} must be an integer or null, not {value!r}")
    return value


def row_dict(row: tuple[Any, ...]) -> dict[str, Any]:
    """A score-table row (a game's ``MatchRow`` named tuple) as its record: its
    fields in order, ``number`` written as ``deal``, ``position`` left out and
    tuples as lists."""
    fields: tuple[str, ...] = getattr(row, "_fields")  # noqa: B009 (mypy: a tuple has no _fields)
    out: dict[str, Any] = {}
    for name, value in zip(fields, row, strict=True):
        if name != "position":
            out["deal" if name == "number" else name] = (
                list(value) if isinstance(value, tuple) else value
            )
    return out


class RecordedDeal(NamedTuple):
    """A finished deal of a match record, as :func:`recorded_deals` reads it."""

    record: Mapping[str, Any]
    """The deal record."""
    result: Mapping[str, Any]
    """Its ``result`` object."""
    number: int | None
    """The deal's number among counted deals (1-based); None for a redeal."""
    scores: list[int]
    totals: list[int]
    """Running totals after this deal."""

    @property
    def redeal(self) -> bool:
        return self.number is None


def recorded_deals(rec: Mapping[str, Any]) -> Iterator[RecordedDeal]:
    """The finished deals of a match record with their recorded scores added up
    (no replay): what a game's ``table_from_record`` makes its rows of. Raises
    :class:`RecordError` for a deal whose scores are not a list of integers of
    the same length as the others'."""
    deals = rec.get("deals") if isinstance(rec, Mapping) else None
    if not isinstance(deals, list):
        raise RecordError("match record field 'deals' must be a list of deal records")
    totals: list[int] | None = None
    number = 0
    for i, drec in enumerate(deals):
        result = drec.get("result") if isinstance(drec, Mapping) else None
        if not isinstance(result, Mapping):
            continue
        scores = result.get("scores")
        if not isinstance(scores, list) or not all(is_int(v) for v in scores):
            raise RecordError(f"deal {i + 1}: the result has no list of integer scores")
        totals = [0] * len(scores) if totals is None else totals
        if len(scores) != len(totals):
            raise RecordError(f"deal {i + 1}: {len(scores)} scores for {len(totals)} players")
        totals = [t + v for t, v in zip(totals, scores, strict=True)]
        redeal = bool(result.get("redeal", False))
        if not redeal:
            number += 1
        yield RecordedDeal(drec, result, None if redeal else number, list(scores), list(totals))


def recorded_table(
    rec: Mapping[str, Any], row: Callable[[RecordedDeal], dict[str, Any]]
) -> list[dict[str, Any]]:
    """The score table of a match record computed from the record alone: a row of
    each finished deal, ``deal`` (its number), the game's fields ``row(d)``, then
    ``scores`` and ``totals``, its recorded scores added up (no replay: a game's
    ``replay_match`` checks that the scores are right). Raises
    :class:`RecordError` as :func:`recorded_deals` does."""
    return [
        {"deal": d.number, **row(d), "scores": d.scores, "totals": d.totals}
        for d in recorded_deals(rec)
    ]
