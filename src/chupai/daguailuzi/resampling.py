"""A 大怪路子 deal record dealt anew for one seat, before play (tribute, returns,
offers and takes).

:func:`resample_record` is the deal's hook for the evaluator's determinizations
outside the play phase (:mod:`chupai.analysis`; the play phase has
:mod:`chupai.daguailuzi.sampling`): from the record of a deal cut at a decision
and the observation of the seat to decide, a record whose hidden cards are dealt
anew at random. Kept where they are: the seat's own dealt hand and every card it
has seen move (each tribute card in its giver's hand, the returns and offers it
took part in, in the hand of the seat that gave them). The other seats' other
cards are shuffled (:func:`chupai.sampling.reshuffle`). The seed is left out. The
caller replays the record (deciding the other seats' private moves afresh where
the recorded ones no longer fit) and keeps it only when the seat's observation is
the same.

>>> import random
>>> from chupai.daguailuzi.game import new_deal
>>> from chupai.daguailuzi.record import replay, to_record
>>> from chupai.daguailuzi.rules import PRESETS
>>> deal = new_deal(PRESETS["seed"], seed=2)
>>> obs = deal.observe(deal.current_player)
>>> again = replay(resample_record(to_record(deal), obs, random.Random(1)))
>>> again.observe(obs.seat) == obs, again.initial == deal.initial
(True, False)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from chupai.daguailuzi.cards import cards_text
from chupai.daguailuzi.observation import Observation
from chupai.sampling import Shuffler, reshuffle_hands

__all__ = ["resample_record"]


def _moved(obs: Observation) -> list[tuple[int, int]]:
    """(seat that gave them, cards) of every card move the seat has seen."""
    out = [(giver, card) for giver, _, card in obs.tributes]
    out += [(recipient, card) for recipient, _, card in obs.returned]
    out += [(recipient, cards) for recipient, _, cards in obs.offers]
    return out


def resample_record(
    record: Mapping[str, Any], observation: Observation, rng: Shuffler
) -> dict[str, Any]:
    """``record`` (cut at the decision of ``observation``'s seat) with the cards that
    seat has not seen dealt anew (see the module). Raises :class:`ChupaiError` for a
    record that does not fit the observation."""
    obs = observation

    def keep_given(slots: list[list[str]], keep: list[list[str]]) -> None:
        for giver, cards in _moved(obs):
            if giver == obs.seat or not 0 <= giver < len(slots):
                continue
            for token in cards_text(cards, obs.rules, obs.level).split():
                if slots[giver].count(token) > keep[giver].count(token):
                    keep[giver].append(token)

    return reshuffle_hands(record, obs.seat, rng, known=keep_given)
