"""JSON game records of Big Two deals, and their replay.

A record holds the fully resolved rules (so it replays after presets change), the
seed, the dealer, the dealt hands and leftover, every action in order and the
result. :func:`replay` rebuilds the deal move by move, checking each action, and
raises :class:`RecordError` naming the first bad one.

>>> from chupai.bigtwo.rules import PRESETS
>>> from chupai.bigtwo.game import new_deal
>>> deal = new_deal(PRESETS["standard"], seed=1)
>>> started = to_record(deal)   # a deal in progress has a record too
>>> started["actions"], len(started["hands"]), started["result"]
([], 4, None)
>>> while not deal.is_terminal():
...     _ = deal.apply_action(deal.legal_actions()[0])
>>> rec = to_record(deal)
>>> replay(rec).outcome == deal.outcome
True
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from chupai import records
from chupai.bigtwo import packs
from chupai.bigtwo.game import BigTwoDeal, Event, deal_cards, dealt_first
from chupai.bigtwo.rules import BigTwoRules
from chupai.errors import ChupaiError, RecordError
from chupai.records import FORMAT, VERSION, field as _field

if TYPE_CHECKING:
    from chupai.bigtwo.match import Match

__all__ = ["FORMAT", "VERSION", "to_record", "replay", "replay_steps", "replay_any"]


def _text(mask: int) -> str:
    return packs.names(mask)  # two packs: a card held twice is written twice


def _header(deal: BigTwoDeal) -> dict[str, Any]:
    """Big Two's own header: the dealer, whether it is the first deal, the given
    leader, the ranking of the previous deal, the dealt hands and the leftover."""
    return {
        "dealer": deal.dealer,
        "first_deal": deal.first_deal,
        "leader": deal._given_leader,
        "ranking": list(deal.ranking) if deal.ranking is not None else None,
        "hands": [_text(h) for h in deal.dealt_hands],
        "leftover": _text(_initial_leftover(deal)),
    }


def _played(deal: BigTwoDeal) -> list[Event]:
    """The events a record keeps: the players' own (not the automatic steps)."""
    return [ev for ev in deal.history if not ev.auto]


to_record = records.recorder("bigtwo", _header, _played)
"""``to_record(deal)``: the JSON-ready record of ``deal`` (finished or in progress)."""


def _initial_leftover(deal: BigTwoDeal) -> int:
    dealt = 0
    for h in deal.dealt_hands:
        dealt = packs.add(dealt, h)
    if deal.rules.leftover_count == 0:
        return 0
    # the leftover is every card not dealt into a hand and not set aside by hand_size
    return packs.take(packs.FULL[deal.rules.packs], dealt)


def _start(rec: Mapping[str, Any]) -> BigTwoDeal:
    if isinstance(rec, Mapping) and rec.get("format") == "chupai-match":
        raise RecordError(
            "this is a match record: replay it with replay_any or chupai.bigtwo.match.replay_match"
        )
    records.check_header(rec, "bigtwo")
    raw_hands = records.card_strings(rec, "hands")
    raw_left = rec.get("leftover") or ""
    if not isinstance(raw_left, str):
        raise RecordError(f"record field 'leftover' must be a card string, not {raw_left!r}")
    records.check_result(rec)
    first_deal = rec.get("first_deal", True)
    if not isinstance(first_deal, bool):
        raise RecordError(f"record field 'first_deal' must be true or false, not {first_deal!r}")
    leader = rec.get("leader")
    if leader is not None and (not isinstance(leader, int) or isinstance(leader, bool)):
        raise RecordError(f"record field 'leader' must be a seat or null, not {leader!r}")
    ranking = rec.get("ranking")
    if ranking is not None and (
        not isinstance(ranking, list)
        or not all(isinstance(s, int) and not isinstance(s, bool) for s in ranking)
    ):
        raise RecordError(
            f"record field 'ranking' must be a list of seats or null, not {ranking!r}"
        )
    with records.header_errors():
        rules = BigTwoRules.from_dict(_field(rec, "rules", dict))
        hands = [packs.parse(h, rules.packs) for h in raw_hands]
        leftover = packs.parse(raw_left, rules.packs)
    dealer = _field(rec, "dealer", int)
    seed = _field(rec, "seed", int, optional=True)
    if seed is not None:
        with records.header_errors():
            d2, h2, l2 = deal_cards(rules, seed, dealer)
        if h2 != hands or l2 != leftover:
            raise RecordError("the hands do not match the deal of the recorded seed")
    with records.header_errors(ChupaiError, ValueError):
        return BigTwoDeal.from_hands(
            rules,
            hands,
            leftover=leftover,
            dealer=dealer,
            first_deal=first_deal,
            leader=leader,
            seed=seed,
            ranking=ranking,
            dealt_first=None if seed is None else dealt_first(rules, seed, dealer),
        )


replay_steps, replay = records.replayers(_start)
"""``replay_steps(rec)`` yields ``(index, deal, event)`` after each action and
``replay(rec)`` returns the final deal, checking every action and the result
(:func:`chupai.records.replayers`)."""


def replay_any(rec: Mapping[str, Any]) -> BigTwoDeal | Match:
    """Replay a deal record (:func:`replay`) or a match record
    (:func:`chupai.bigtwo.match.replay_match`), whichever ``rec`` is."""
    if isinstance(rec, Mapping) and rec.get("format") == "chupai-match":
        from chupai.bigtwo.match import replay_match

        return replay_match(rec)
    return replay(rec)
