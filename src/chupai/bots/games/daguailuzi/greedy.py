"""The greedy 大怪路子 bot (see :mod:`chupai.bots.games.daguailuzi`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from chupai.actions import PASS
from chupai.bots.base import SeededBot
from chupai.bots.games.daguailuzi.view import (
    card_strength,
    gift_step,
    level_of,
    phase_of,
    strengths,
)
from chupai.daguailuzi.combos import Combo

__all__ = ["DaguailuziGreedyBot"]


class DaguailuziGreedyBot(SeededBot):
    """A simple greedy player for 大怪路子: it goes out when it can; leading, it
    plays the weakest of the plays that shed the most cards (no wild joker if it
    can help it); following, the weakest play that beats the top play (again
    without jokers if it can), never over a team-mate's play; it gives the lowest
    tribute card allowed and returns its lowest card. Deterministic (the seed is
    for the bot interface)."""

    name = "greedy"

    def decide(self, observation: Any, legal: Sequence[Any]) -> Any:
        """One element of ``legal`` for the seat of ``observation``."""
        obs = observation
        if phase_of(obs) != "play":
            st = strengths(obs.rules, level_of(obs))
            return gift_step(legal, lambda t, _: card_strength(t, st))
        plays = [a for a in legal if type(a) is Combo]
        if not plays:
            return PASS if PASS in legal else legal[0]
        for p in plays:
            if p.cards == obs.hand:
                return p
        if obs.top is None:
            return min(plays, key=lambda p: (-p.size, p.wild > 0, p.key))
        top_player = obs.top_player
        if top_player is not None and (top_player - obs.seat) % 2 == 0 and PASS in legal:
            return PASS
        return min(plays, key=lambda p: (p.wild > 0, p.key))
