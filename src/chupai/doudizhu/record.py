"""JSON game records of Dou Dizhu deals, and their replay.

A record holds the fully resolved rules (so it replays after presets change), the
seed, the dealer, the marker card's stock index and rank, the first bidder, the
dealt hands and kitty (bare ranks), whether the deal was doubled, every action
in order and the result. :func:`replay` rebuilds the deal action by action,
checking each, and raises :class:`RecordError` naming the first bad one. Header
fields of the wrong JSON type are a :class:`RecordError` too, never another
exception.

>>> from chupai.doudizhu.rules import PRESETS
>>> from chupai.doudizhu.game import new_deal
>>> deal = new_deal(PRESETS["classic"], seed=1)
>>> while not deal.is_terminal():
...     _ = deal.apply_action(deal.legal_actions()[0])
>>> rec = to_record(deal)
>>> replay(rec).outcome == deal.outcome
True
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from chupai import records
from chupai.doudizhu.combos import RANK_NAMES, parse_cards
from chupai.doudizhu.game import DouDizhuDeal, deal_cards
from chupai.doudizhu.rules import DouDizhuRules
from chupai.errors import ChupaiError, RecordError
from chupai.records import FORMAT, VERSION, field as _field

__all__ = ["FORMAT", "VERSION", "GAME", "to_record", "replay", "replay_steps"]

GAME: Final = "doudizhu"


def _header(deal: DouDizhuDeal) -> dict[str, Any]:
    """Dou Dizhu's own header: the dealer, the marker card, the first bidder,
    whether the deal is doubled, the dealt hands and the kitty."""
    return {
        "dealer": deal.dealer,
        "marker_index": deal.marker_index,
        "marker": RANK_NAMES[deal.marker] if deal.marker is not None else None,
        "first_bidder": deal.first_bidder,
        "doubled": deal.doubled,
        "hands": [deal.cards_text(h) for h in deal.dealt_hands],
        "kitty": deal.cards_text(deal.kitty),
    }


to_record = records.recorder(GAME, _header)
"""``to_record(deal)``: the JSON-ready record of ``deal`` (finished or in progress)."""


def _start(rec: Mapping[str, Any]) -> DouDizhuDeal:
    records.check_header(rec, GAME)
    raw_rules = _field(rec, "rules", dict)
    raw_hands = records.card_strings(rec, "hands")
    raw_kitty = _field(rec, "kitty", str)
    dealer = _field(rec, "dealer", int)
    seed = _field(rec, "seed", int, optional=True)
    marker_index = _field(rec, "marker_index", int, optional=True)
    raw_marker = _field(rec, "marker", str, optional=True)
    first_bidder = _field(rec, "first_bidder", int, optional=True)
    doubled = _field(rec, "doubled", bool, optional=True, default=False)
    _field(rec, "actions", list)
    records.check_result(rec)
    marker: int | None = None
    if raw_marker is not None:
        name = raw_marker.strip().upper().replace("10", "T")
        if name not in RANK_NAMES:
            raise RecordError(f"record field 'marker' is not a rank: {raw_marker!r}")
        marker = RANK_NAMES.index(name)
    with records.header_errors():
        rules = DouDizhuRules.from_dict(raw_rules)
        hands = [parse_cards(h, rules) for h in raw_hands]
        kitty = parse_cards(raw_kitty, rules)
    if seed is not None:
        with records.header_errors(ChupaiError, ValueError):
            d2, h2, k2, m2, r2 = deal_cards(rules, seed, dealer)
        if h2 != hands or k2 != kitty:
            raise RecordError("the hands do not match the deal of the recorded seed")
        if marker_index is not None and (
            m2 != marker_index or (marker is not None and marker != r2)
        ):
            raise RecordError("the marker card does not match the deal of the recorded seed")
    with records.header_errors(ChupaiError, ValueError):
        return DouDizhuDeal.from_hands(
            rules,
            hands,
            kitty,
            dealer=dealer,
            first_bidder=first_bidder,
            marker_index=marker_index,
            marker=marker,
            doubled=doubled,
            seed=seed,
        )


replay_steps, replay = records.replayers(_start)
"""``replay_steps(rec)`` yields ``(index, deal, event)`` after each action and
``replay(rec)`` returns the final deal, checking every action and the result
(:func:`chupai.records.replayers`)."""
