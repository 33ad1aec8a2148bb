"""A Dou Dizhu deal record dealt anew for one seat, before play (bidding, robbing).

:func:`resample_record` is the deal's hook for the evaluator's determinizations
outside the play phase (:mod:`chupai.analysis`; the play phase has
:mod:`chupai.doudizhu.sampling`): from the record of a deal cut at a decision and
the observation of the seat to decide, a record whose hidden cards are dealt anew
at random. Kept where they are: the seat's own hand, one card of the face-up
marker's rank in its receiver's hand, the kitty once it is face up and a hand
shown face up (明牌). Every other card (the other hands and the kitty) is
shuffled (:func:`chupai.sampling.reshuffle`). The seed is left out (the new hands
are not its deal). The caller replays the record and keeps it only when the seat's
observation is the same.

>>> import random
>>> from chupai.doudizhu.game import new_deal
>>> from chupai.doudizhu.record import replay, to_record
>>> from chupai.doudizhu.rules import PRESETS
>>> deal = new_deal(PRESETS["classic"], seed=3)
>>> obs = deal.observe(deal.current_player)
>>> again = replay(resample_record(to_record(deal), obs, random.Random(1)))
>>> again.observe(obs.seat) == obs, again.dealt_hands == deal.dealt_hands
(True, False)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from chupai.doudizhu.combos import RANK_NAMES
from chupai.doudizhu.game import Observation
from chupai.sampling import Shuffler, reshuffle_hands

__all__ = ["resample_record"]


def resample_record(
    record: Mapping[str, Any], observation: Observation, rng: Shuffler
) -> dict[str, Any]:
    """``record`` (cut at the decision of ``observation``'s seat) with the cards that
    seat has not seen dealt anew (see the module). Raises :class:`ChupaiError` for a
    record that does not fit the observation."""
    obs = observation

    def keep_shown(slots: list[list[str]], keep: list[list[str]]) -> None:
        if obs.marker is not None and obs.first_bidder != obs.seat:
            keep[obs.first_bidder] = [RANK_NAMES[obs.marker]]
        if obs.kitty is not None:
            keep[-1] = list(slots[-1])
        if obs.landlord_hand is not None and obs.landlord is not None:
            keep[obs.landlord] = list(slots[obs.landlord])

    return reshuffle_hands(record, obs.seat, rng, extra="kitty", known=keep_shown)
