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

The caller plays each deal (humans, bots, a search): :meth:`Match.next_deal`
returns it, the caller applies actions until it is terminal, then asks for the
next one. :meth:`Match.to_record` writes one JSON-ready record holding every deal's
record; :func:`replay_match` checks it deal by deal and move by move.

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

import hashlib
from collections.abc import Callable, Mapping
from typing import Any, Final, NamedTuple

from chupai.bigtwo.game import Action, BigTwoDeal, deal_cards, new_deal, next_titles
from chupai.bigtwo.record import replay, to_record
from chupai.bigtwo.rules import BigTwoRules, Series
from chupai.records import check_match_plan
from chupai.errors import ChupaiError, RecordError

__all__ = [
    "MATCH_FORMAT", "MATCH_VERSION", "MAX_DEALS", "DealSetup", "MatchRow", "Match",
    "deal_seed", "replay_match", "table_from_record",
]

MATCH_FORMAT: Final = "chupai-match"
MATCH_VERSION: Final = 1
MAX_DEALS: Final = 10_000
"""A match stops after this many deals (redeals included) whatever its plan, so
that a table whose players always ask for a redeal still ends."""


def deal_seed(match_seed: int, index: int) -> int:
    """The seed of deal ``index`` (0-based, redeals included) of the match of
    ``match_seed``: stable across runs and platforms."""
    text = f"chupai-bigtwo-match:{match_seed}:{index}".encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "big")


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
        return {
            "deal": self.number, "dealer": self.dealer, "winner": self.winner,
            "redeal": self.redeal, "scores": list(self.scores), "totals": list(self.totals),
        }


class Match:
    """A series of Big Two deals (see the module documentation)."""

    def __init__(self, rules: BigTwoRules, seed: int, *, deals: int | None = None,
                 target: int | None = None, dealer: int | None = None,
                 max_deals: int = MAX_DEALS):
        check_match_plan(rules.players, deals, target, dealer, max_deals)
        self.rules = rules
        self.seed = seed
        self.planned = deals
        self.target = target
        self.first_dealer = dealer
        self.max_deals = max_deals
        self.deals: list[BigTwoDeal] = []
        """Every deal started, redeals included, in order (the last may be running)."""
        self.setups: list[DealSetup] = []

    # ----- state ---------------------------------------------------------------
    @property
    def players(self) -> int:
        return self.rules.players

    @property
    def current(self) -> BigTwoDeal | None:
        """The deal being played, or None between deals."""
        if self.deals and not self.deals[-1].is_terminal():
            return self.deals[-1]
        return None

    def finished(self) -> list[BigTwoDeal]:
        return [d for d in self.deals if d.is_terminal()]

    @property
    def counted(self) -> int:
        """Finished deals that count (redeals do not)."""
        return sum(1 for d in self.deals if d.outcome is not None and not d.outcome.redeal)

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
            rows.append(MatchRow(None if oc.redeal else number, i, d.dealer, oc.winner,
                                 oc.redeal, oc.scores, tuple(totals)))
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
        """How the next deal is set up (§3.1, §7.1, §12)."""
        index = len(self.deals)
        seed = deal_seed(self.seed, index)
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
            ranking = next_titles(self.rules, prev.ranking if not prev.first_deal else None,
                                  oc.ranking)
        return DealSetup(seed, oc.winner, False, oc.winner, ranking)

    def next_deal(self) -> BigTwoDeal:
        """Deal and return the next deal (the current one must be over)."""
        if self.current is not None:
            raise ChupaiError("the current deal is not over")
        if self.is_over():
            raise ChupaiError("the match is over")
        setup = self.setup()
        deal = new_deal(self.rules, setup.seed, dealer=setup.dealer,
                        first_deal=setup.first_deal, leader=setup.leader,
                        ranking=setup.ranking)
        self.setups.append(setup)
        self.deals.append(deal)
        return deal

    def add_deal(self, deal: BigTwoDeal) -> None:
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
        if deal.first_deal != setup.first_deal:
            problems.append(f"first_deal is {deal.first_deal}, not {setup.first_deal}")
        if deal._given_leader != setup.leader:
            problems.append(f"the leader is {deal._given_leader}, not {setup.leader}")
        want = setup.ranking if not setup.first_deal else None
        if deal.ranking != want:
            problems.append(f"the ranking is {deal.ranking}, not {want}")
        if problems:
            raise ChupaiError("the deal is not the match's next deal: " + "; ".join(problems))
        self.setups.append(setup)
        self.deals.append(deal)

    def play_out(self, choose: Callable[[BigTwoDeal], Action], *, checked: bool = True) -> None:
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
            "game": "bigtwo",
            "spec": self.rules.spec(),
            "rules": self.rules.to_dict(),
            "seed": self.seed,
            "deal_count": self.planned,
            "target": self.target,
            "first_dealer": self.first_dealer,
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
    """Replay a match record: every deal must be the match's next deal (seed,
    dealer, leader, ranking) and replay move by move; the recorded table and
    totals must be the replayed ones. Raises :class:`RecordError` naming the
    first bad deal."""
    if not isinstance(rec, Mapping):
        raise RecordError("a match record must be a JSON object")
    if rec.get("format") != MATCH_FORMAT:
        raise RecordError(f"not a chupai match record (format {rec.get('format')!r})")
    if rec.get("version") != MATCH_VERSION:
        raise RecordError(f"unsupported match record version {rec.get('version')!r}")
    if rec.get("game") != "bigtwo":
        raise RecordError(f"match record game {rec.get('game')!r} is not bigtwo")
    raw_rules = rec.get("rules")
    if not isinstance(raw_rules, dict):
        raise RecordError("match record has no 'rules' object")
    seed = _int_or_none(rec, "seed")
    if seed is None:
        raise RecordError("match record has no integer 'seed'")
    deals = rec.get("deals")
    if not isinstance(deals, list):
        raise RecordError("match record field 'deals' must be a list of deal records")
    try:
        rules = BigTwoRules.from_dict(raw_rules)
        match = Match(rules, seed, deals=_int_or_none(rec, "deal_count"),
                      target=_int_or_none(rec, "target"),
                      dealer=_int_or_none(rec, "first_dealer"))
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


def table_from_record(rec: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The score table of a match record computed from the record alone: each
    finished deal's recorded scores, added up (no replay; see :func:`replay_match`
    to check that the scores are right)."""
    deals = rec.get("deals")
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
        if not isinstance(scores, list) or not all(
                isinstance(v, int) and not isinstance(v, bool) for v in scores):
            raise RecordError(f"deal {i + 1}: the result has no list of integer scores")
        totals = [0] * len(scores) if totals is None else totals
        if len(scores) != len(totals):
            raise RecordError(f"deal {i + 1}: {len(scores)} scores for {len(totals)} players")
        totals = [t + v for t, v in zip(totals, scores, strict=True)]
        redeal = bool(result.get("redeal", False))
        if not redeal:
            number += 1
        rows.append({"deal": None if redeal else number, "dealer": drec.get("dealer"),
                     "winner": result.get("winner"), "redeal": redeal,
                     "scores": list(scores), "totals": list(totals)})
    return rows
