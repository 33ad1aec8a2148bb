"""JSON game records of Big A deals, and their replay.

A record holds the fully resolved rules (so it replays after presets change), the
seed, the first drawer, the stock in draw order as face tokens (``7 K AH BJ ...``,
Aces with their suit), every action in order (declarations and the private
``decline``/``keep_hidden``/``stay_hidden`` answers included: a record is the
referee's view) and the result. :func:`replay` rebuilds the deal action by action,
checking each, and raises :class:`RecordError` naming the first bad one. When a
seed is recorded, the stock must be the one the seed deals.

>>> from chupai.biga.rules import STANDARD
>>> from chupai.biga.game import new_deal
>>> deal = new_deal(STANDARD, seed=1)
>>> while not deal.is_terminal():
...     _ = deal.apply_action(deal.legal_actions()[0])
>>> rec = to_record(deal)
>>> rec["game"], len(rec["stock"].split())
('biga', 108)
>>> replay(rec).outcome == deal.outcome
True
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from chupai import records
from chupai.biga.game import BigADeal, deal_stock, parse_stock, stock_text
from chupai.biga.rules import BigARules
from chupai.errors import ChupaiError, RecordError
from chupai.records import FORMAT, VERSION, field as _field

__all__ = ["FORMAT", "VERSION", "GAME", "to_record", "replay", "replay_steps"]

GAME: Final = "biga"


def _header(deal: BigADeal) -> dict[str, Any]:
    """Big A's own header: the first drawer and the stock in draw order."""
    return {"first_drawer": deal.first_drawer, "stock": stock_text(deal.stock)}


to_record = records.recorder(GAME, _header)
"""``to_record(deal)``: the JSON-ready record of ``deal`` (finished or in progress)."""


def _start(rec: Mapping[str, Any]) -> BigADeal:
    records.check_header(rec, GAME)
    raw_rules = _field(rec, "rules", dict)
    raw_stock = _field(rec, "stock", str)
    first_drawer = _field(rec, "first_drawer", int)
    seed = _field(rec, "seed", int, optional=True)
    _field(rec, "actions", list)
    records.check_result(rec)
    with records.header_errors(ChupaiError, ValueError):
        rules = BigARules.from_dict(raw_rules)
        stock = parse_stock(raw_stock)
    if not 0 <= first_drawer < rules.players:
        raise RecordError(f"bad record header: first drawer {first_drawer} is not a seat")
    if seed is not None and deal_stock(seed, first_drawer)[1] != stock:
        raise RecordError("the stock does not match the deal of the recorded seed")
    with records.header_errors(ChupaiError, ValueError):  # (checked above)
        return BigADeal.from_stock(rules, stock, first_drawer, seed=seed)


replay_steps, replay = records.replayers(_start)
"""``replay_steps(rec)`` yields ``(index, deal, event)`` after each action and
``replay(rec)`` returns the final deal, checking every action and the result
(:func:`chupai.records.replayers`)."""
