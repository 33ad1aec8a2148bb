"""JSON records of 大怪路子 deals, and their replay.

A record holds the fully resolved rules (so it replays after presets change), the
seed, the offense leader, both teams' levels, the tribute givers and recipients,
the six hands as dealt (card text), every action in order (the private returns,
offers and takes with their cards: a record is the referee's view) and the result.
:func:`replay` rebuilds the deal action by action, checking each, and raises
:class:`RecordError` naming the first bad one. When a seed is recorded, the hands
must be the ones the seed deals.

>>> from chupai.daguailuzi.rules import PRESETS
>>> from chupai.daguailuzi.game import new_deal
>>> deal = new_deal(PRESETS["seed"], seed=1)
>>> while not deal.is_terminal():
...     _ = deal.apply_action(deal.legal_actions()[0])
>>> rec = to_record(deal)
>>> rec["game"], len(rec["hands"])
('daguailuzi', 6)
>>> replay(rec).outcome == deal.outcome
True
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from chupai import records
from chupai.daguailuzi import cards as dcards
from chupai.daguailuzi.game import DaguailuziDeal, deal_hands
from chupai.daguailuzi.rules import DaguailuziRules
from chupai.errors import ChupaiError, RecordError
from chupai.records import FORMAT, VERSION, field as _field

__all__ = ["FORMAT", "VERSION", "GAME", "to_record", "replay", "replay_steps"]

GAME: Final = "daguailuzi"


def _header(deal: DaguailuziDeal) -> dict[str, Any]:
    """The game's own header fields."""
    return {
        "offense": deal.offense,
        "dealer": deal.dealer,
        "levels": list(deal.levels),
        "givers": list(deal.givers),
        "recipients": list(deal.recipients),
        "hands": [dcards.cards_text(h, deal.rules, deal.level) for h in deal.initial],
    }


to_record = records.recorder(GAME, _header)
"""``to_record(deal)``: the JSON-ready record of ``deal`` (finished or in progress)."""


def _ints(rec: Mapping[str, Any], key: str) -> list[int]:
    value: list[int] = _field(rec, key, list)
    if not all(records.is_int(v) for v in value):
        raise RecordError(f"record field {key!r} must be a list of integers")
    return value


def _start(rec: Mapping[str, Any]) -> DaguailuziDeal:
    records.check_header(rec, GAME)
    raw_rules = _field(rec, "rules", dict)
    offense = _field(rec, "offense", int)
    seed = _field(rec, "seed", int, optional=True)
    levels = _ints(rec, "levels")
    givers = _ints(rec, "givers")
    recipients = _ints(rec, "recipients")
    raw_hands = records.card_strings(rec, "hands")
    _field(rec, "actions", list)
    records.check_result(rec)
    if len(levels) != 2:
        raise RecordError("record field 'levels' must hold two levels")
    dealer = _field(rec, "dealer", int, optional=True)
    if dealer is not None and 0 <= offense < 6 and dealer != (offense - 1) % 6:
        raise RecordError(f"bad record header: dealer {dealer} does not sit before seat {offense}")
    with records.header_errors(ChupaiError, ValueError):
        rules = DaguailuziRules.from_dict(raw_rules)
        hands = [dcards.parse_cards(h) for h in raw_hands]
    if seed is not None and 0 <= offense < 6 and deal_hands(seed, offense) != hands:
        raise RecordError("the hands do not match the deal of the recorded seed")
    with records.header_errors(ChupaiError, ValueError):
        return DaguailuziDeal.from_hands(
            rules,
            hands,
            offense,
            seed=seed,
            levels=(levels[0], levels[1]),
            givers=givers,
            recipients=recipients,
        )


replay_steps, replay = records.replayers(_start)
"""``replay_steps(rec)`` yields ``(index, deal, event)`` after each action and
``replay(rec)`` returns the final deal, checking every action and the result
(:func:`chupai.records.replayers`)."""
