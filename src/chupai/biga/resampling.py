"""A Big A deal record dealt anew for one seat, before play (the draw with its
declarations, showing the second Big Ace, revealing the partner).

:func:`resample_record` is the deal's hook for the evaluator's determinizations
outside the play phase (:mod:`chupai.analysis`; the play phase has
:mod:`chupai.biga.sampling`): from the record of a deal cut at a decision and the
observation of the seat to decide, a record whose stock is dealt anew where the
seat has not seen it. Kept where they are: the cards the seat has drawn, and the
Aces other seats have shown (each at one of its holder's drawn places: the
place it was drawn at, which the seat may know only roughly). Every other card of
the stock (the other seats' draws and the cards not drawn yet) is shuffled
(:func:`chupai.sampling.reshuffle`). The seed is left out. The caller replays the
record (answering the other seats' private questions afresh) and keeps it only
when the seat's observation is the same.

>>> import random
>>> from chupai.biga.game import new_deal
>>> from chupai.biga.record import to_record
>>> from chupai.biga.rules import STANDARD
>>> deal = new_deal(STANDARD, seed=1)
>>> obs = deal.observe(deal.current_player)
>>> rec = resample_record(to_record(deal), obs, random.Random(1))
>>> mine = [k for k in range(obs.drawn) if (obs.first_drawer + k) % 5 == obs.seat]
>>> all(rec["stock"].split()[k] == to_record(deal)["stock"].split()[k] for k in mine)
True
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from chupai.biga.game import Declare, Observation
from chupai.errors import ChupaiError
from chupai.sampling import Shuffler, reshuffle

__all__ = ["resample_record"]

_SUITS: Final = "DCHS"


def _shown(obs: Observation) -> dict[tuple[int, str], int]:
    """(seat, Ace token) → how many of that Ace another seat has shown."""
    shown: dict[tuple[int, str], int] = {}
    for _, ev in obs.declarations:
        act = ev.action
        if isinstance(act, Declare) and ev.seat != obs.seat:
            key = (ev.seat, "A" + _SUITS[act.suit])
            shown[key] = max(shown.get(key, 0), 2 if act.two else 1)
    return shown


def resample_record(
    record: Mapping[str, Any], observation: Observation, rng: Shuffler
) -> dict[str, Any]:
    """``record`` (cut at the decision of ``observation``'s seat) with the cards that
    seat has not seen dealt anew (see the module). Raises :class:`ChupaiError` for a
    record that does not fit the observation."""
    stock = record.get("stock")
    if not isinstance(stock, str):
        raise ChupaiError("the record has no stock to deal anew")
    obs = observation
    slots = [[t] for t in stock.split()]
    n, first = obs.players, obs.first_drawer
    drawn = min(obs.drawn, len(slots))
    keep: list[list[str]] = [[] for _ in slots]
    for k in range(drawn):
        if (first + k) % n == obs.seat:
            keep[k] = list(slots[k])
    for (seat, token), count in _shown(obs).items():
        for k in range(drawn):
            if count and (first + k) % n == seat and slots[k] == [token] and not keep[k]:
                keep[k] = [token]
                count -= 1
    dealt = reshuffle(slots, keep, rng)
    return {**record, "seed": None, "stock": " ".join(t for s in dealt for t in s), "result": None}
