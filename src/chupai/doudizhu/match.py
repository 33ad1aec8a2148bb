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

The caller plays each deal (humans, bots, a search): :meth:`Match.next_deal`
returns it, the caller applies actions until it is terminal, then asks for the
next one. :meth:`Match.to_record` writes one JSON-ready record holding every
deal's record; :func:`replay_match` checks it deal by deal and move by move, and
:func:`table_from_record` recomputes the score table from the record alone.

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

import hashlib
from collections.abc import Callable, Mapping
from typing import Any, Final, NamedTuple

from chupai.doudizhu.game import Action, DouDizhuDeal, deal_cards, new_deal
from chupai.doudizhu.record import replay, to_record
from chupai.doudizhu.rules import DouDizhuRules
from chupai.records import check_match_plan
from chupai.errors import ChupaiError, RecordError

__all__ = [
    "MATCH_FORMAT", "MATCH_VERSION", "MAX_DEALS", "GAME", "DealSetup", "MatchRow", "Match",
    "deal_seed", "replay_match", "table_from_record",
]

MATCH_FORMAT: Final = "chupai-match"
MATCH_VERSION: Final = 1
GAME: Final = "doudizhu"
MAX_DEALS: Final = 10_000
"""A match stops after this many deals (redeals included) whatever its plan, so
that a table whose players always pass in the bidding still ends."""


def deal_seed(match_seed: int, index: int) -> int:
    """The seed of deal ``index`` (0-based, redeals included) of the Dou Dizhu
    match of ``match_seed``: stable across runs and platforms, and different from
    the Big Two match's seeds.

    >>> deal_seed(7, 0) == deal_seed(7, 0) != deal_seed(7, 1)
    True
    """
    text = f"chupai-doudizhu-match:{match_seed}:{index}".encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "big")


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
        return {
            "deal": self.number, "dealer": self.dealer, "doubled": self.doubled,
            "redeal": self.redeal, "landlord": self.landlord, "winner": self.winner,
            "side": self.side, "unit": self.unit, "scores": list(self.scores),
            "totals": list(self.totals),
        }


class Match:
    """A series of Dou Dizhu deals (see the module documentation)."""

    def __init__(self, rules: DouDizhuRules, seed: int, *, deals: int | None = None,
                 target: int | None = None, dealer: int | None = None,
                 max_deals: int = MAX_DEALS):
        check_match_plan(rules.players, deals, target, dealer, max_deals)
        self.rules = rules
        self.seed = seed
        self.planned = deals
        self.target = target
        self.first_dealer = dealer
        self.max_deals = max_deals
        self.deals: list[DouDizhuDeal] = []
        """Every deal started, redeals included, in order (the last may be running)."""
        self.setups: list[DealSetup] = []

    # ----- state ---------------------------------------------------------------
    @property
    def players(self) -> int:
        return self.rules.players

    @property
    def current(self) -> DouDizhuDeal | None:
        """The deal being played, or None between deals."""
        if self.deals and not self.deals[-1].is_terminal():
            return self.deals[-1]
        return None

    def finished(self) -> list[DouDizhuDeal]:
        return [d for d in self.deals if d.is_terminal()]

    @property
    def counted(self) -> int:
        """Finished deals that count (redeals do not)."""
        return sum(1 for d in self.deals if d.outcome is not None and not d.outcome.redeal)

    @property
    def redeals(self) -> int:
        """Finished deals that were redealt (everybody passed)."""
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

    def table(self) -> list[MatchRow]:
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
            rows.append(MatchRow(
                None if oc.redeal else number, i, d.dealer, d.doubled, oc.redeal,
                oc.landlord, oc.winner, oc.side, oc.unit, oc.scores, tuple(totals)))
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
    def setup(self) -> DealSetup:
        """How the next deal is set up (§3, §4.2)."""
        index = len(self.deals)
        seed = deal_seed(self.seed, index)
        if not self.deals:
            return DealSetup(seed, self.first_dealer, False)
        last = self.deals[-1]
        oc = last.outcome
        if oc is None:
            raise ChupaiError("the current deal is not over")
        # every later deal, a redeal included, is dealt by the next player (§3)
        return DealSetup(seed, (last.dealer + 1) % self.players, oc.next_doubled)

    def next_deal(self) -> DouDizhuDeal:
        """Deal and return the next deal (the current one must be over)."""
        if self.current is not None:
            raise ChupaiError("the current deal is not over")
        if self.is_over():
            raise ChupaiError("the match is over")
        setup = self.setup()
        deal = new_deal(self.rules, setup.seed, dealer=setup.dealer, doubled=setup.doubled)
        self.setups.append(setup)
        self.deals.append(deal)
        return deal

    def add_deal(self, deal: DouDizhuDeal) -> None:
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
            dealer = deal_cards(self.rules, setup.seed)[0]
        if deal.dealer != dealer:
            problems.append(f"the dealer is seat {deal.dealer}, not seat {dealer}")
        if deal.doubled != setup.doubled:
            problems.append(f"doubled is {deal.doubled}, not {setup.doubled}")
        if problems:
            raise ChupaiError("the deal is not the match's next deal: " + "; ".join(problems))
        self.setups.append(setup)
        self.deals.append(deal)

    def play_out(self, choose: Callable[[DouDizhuDeal], Action], *,
                 checked: bool = True) -> None:
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
        return {
            "format": MATCH_FORMAT,
            "version": MATCH_VERSION,
            "game": GAME,
            "spec": self.rules.spec(),
            "rules": self.rules.to_dict(),
            "seed": self.seed,
            "deal_count": self.planned,
            "target": self.target,
            "first_dealer": self.first_dealer,
            "max_deals": self.max_deals,
            "deals": [to_record(d) for d in self.deals],
            "table": [row.to_dict() for row in self.table()],
            "totals": self.totals,
        }


def _int_or_none(rec: Mapping[str, Any], key: str) -> int | None:
    value = rec.get(key)
    if value is not None and (not isinstance(value, int) or isinstance(value, bool)):
        raise RecordError(f"match record field {key!r} must be an integer or null, not {value!r}")
    return value


def replay_match(rec: Mapping[str, Any]) -> Match:
    """Replay a Dou Dizhu match record: every deal must be the match's next deal
    (seed, dealer, doubling) and replay move by move; the recorded table and
    totals, when present, must be the replayed ones. Raises :class:`RecordError`
    naming the first bad deal (``deal K: ...``, K 1-based, redeals included)."""
    if not isinstance(rec, Mapping):
        raise RecordError("a match record must be a JSON object")
    if rec.get("format") != MATCH_FORMAT:
        raise RecordError(f"not a chupai match record (format {rec.get('format')!r})")
    version = rec.get("version")
    if version != MATCH_VERSION or isinstance(version, bool):
        raise RecordError(f"unsupported match record version {version!r}")
    if rec.get("game") != GAME:
        raise RecordError(f"match record game {rec.get('game')!r} is not {GAME}")
    raw_rules = rec.get("rules")
    if not isinstance(raw_rules, dict):
        raise RecordError("match record has no 'rules' object")
    seed = _int_or_none(rec, "seed")
    if seed is None:
        raise RecordError("match record has no integer 'seed'")
    deals = rec.get("deals")
    if not isinstance(deals, list):
        raise RecordError("match record field 'deals' must be a list of deal records")
    max_deals = _int_or_none(rec, "max_deals")
    try:
        rules = DouDizhuRules.from_dict(raw_rules)
        match = Match(rules, seed, deals=_int_or_none(rec, "deal_count"),
                      target=_int_or_none(rec, "target"),
                      dealer=_int_or_none(rec, "first_dealer"),
                      max_deals=MAX_DEALS if max_deals is None else max_deals)
    except RecordError:
        raise
    except ChupaiError as exc:
        raise RecordError(f"bad match record header: {exc}") from None
    for i, drec in enumerate(deals):
        where = f"deal {i + 1}"
        if match.current is not None:
            raise RecordError(f"{where}: deal {i} is not finished but later deals follow")
        try:
            deal = replay(drec)
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
        raise RecordError(f"the recorded totals {totals!r} differ from the replayed "
                          f"{match.totals!r}")
    return match


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def table_from_record(rec: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The score table of a match record computed from the record alone: each
    finished deal's recorded scores, added up (no replay; see :func:`replay_match`
    to check that the scores are right). The rows are those of
    :meth:`MatchRow.to_dict`."""
    deals = rec.get("deals") if isinstance(rec, Mapping) else None
    if not isinstance(deals, list):
        raise RecordError("match record field 'deals' must be a list of deal records")
    rows: list[dict[str, Any]] = []
    totals: list[int] | None = None
    number = 0
    for i, drec in enumerate(deals):
        result = drec.get("result") if isinstance(drec, Mapping) else None
        if not isinstance(result, Mapping):
            continue
        scores = result.get("scores")
        if not isinstance(scores, list) or not all(_is_int(v) for v in scores):
            raise RecordError(f"deal {i + 1}: the result has no list of integer scores")
        totals = [0] * len(scores) if totals is None else totals
        if len(scores) != len(totals):
            raise RecordError(f"deal {i + 1}: {len(scores)} scores for {len(totals)} players")
        totals = [t + v for t, v in zip(totals, scores, strict=True)]
        redeal = bool(result.get("redeal", False))
        if not redeal:
            number += 1
        rows.append({
            "deal": None if redeal else number, "dealer": drec.get("dealer"),
            "doubled": bool(drec.get("doubled", False)), "redeal": redeal,
            "landlord": result.get("landlord"), "winner": result.get("winner"),
            "side": result.get("side"), "unit": result.get("unit"),
            "scores": list(scores), "totals": list(totals),
        })
    return rows
