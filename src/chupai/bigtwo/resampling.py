"""A Big Two deal record dealt anew for one seat, before play (the leftover card,
redeal requests, exchanges and tribute).

:func:`resample_record` is the deal's hook for the evaluator's determinizations
outside the play phase (:mod:`chupai.analysis`; the play phase has
:mod:`chupai.bigtwo.sampling`): from the record of a deal cut at a decision and
the observation of the seat to decide, a record whose hidden cards are dealt anew
at random. Kept where they are: the seat's own dealt hand, every card it has seen
(exposed, a leftover card shown, the cards of the exchanges it took part in or
saw) in the hand it was dealt into, and the starting card in its holder's hand
when that holder is public. The other cards of the hands and the leftover are
shuffled (:func:`chupai.sampling.reshuffle`). The seed is left out (the new hands
are not its deal; under ``starting_copy = first_dealt`` with two packs the
starting copy is then the first in the hand). The caller replays the record and
keeps it only when the seat's observation is the same.

>>> import random
>>> from chupai.bigtwo.game import new_deal
>>> from chupai.bigtwo.record import replay, to_record
>>> from chupai.bigtwo.rules import resolve
>>> deal = new_deal(resolve("standard", {"redeal_max_points": "20"}), seed=3)
>>> obs = deal.observe(deal.current_player)
>>> obs.phase.value
'redeal'
>>> again = replay(resample_record(to_record(deal), obs, random.Random(1)))
>>> again.observe(obs.seat) == obs
True
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from chupai.bigtwo.combos import tables
from chupai.bigtwo.game import Choice, Observation
from chupai.bigtwo.packs import add, names
from chupai.cards import card_name
from chupai.sampling import Shuffler, reshuffle_hands

__all__ = ["resample_record"]


def _seen(obs: Observation) -> list[str]:
    """The tokens of the cards the seat has seen outside its own hand."""
    seen = add(obs.exposed, obs.leftover_shown)
    for ev in obs.history:
        if isinstance(ev.action, Choice) and ev.action.cards:
            seen = add(seen, ev.action.cards)
    for p in obs.played:
        seen = add(seen, p)
    return names(seen).split()


def resample_record(
    record: Mapping[str, Any], observation: Observation, rng: Shuffler
) -> dict[str, Any]:
    """``record`` (cut at the decision of ``observation``'s seat) with the cards that
    seat has not seen dealt anew (see the module). Raises :class:`ChupaiError` for a
    record that does not fit the observation."""
    obs = observation
    known = _seen(obs)
    start = obs.starting_player
    if start is not None and start != obs.seat:
        known.append(card_name(tables(obs.rules).strength_order[0]))

    def keep_seen(slots: list[list[str]], keep: list[list[str]]) -> None:
        for token in known:  # in the first hand that holds more of it than kept
            for i, slot in enumerate(slots):
                if i != obs.seat and slot.count(token) > keep[i].count(token):
                    keep[i].append(token)
                    break

    return reshuffle_hands(record, obs.seat, rng, extra="leftover", known=keep_seen)
