"""Helpers shared by the 大怪路子 engine tests: chosen-hand deals, scripted and
random play, and rule variants."""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

from chupai.daguailuzi.game import DaguailuziDeal
from chupai.daguailuzi.rules import PRESETS, DaguailuziRules, resolve

SEED = PRESETS["seed"]
SHANGHAI = PRESETS["shanghai"]


def variant(preset: str = "seed", **overrides: object) -> DaguailuziRules:
    """``resolve(preset, overrides)`` with Python values written as option text."""
    text = {
        k: ("true" if v is True else "false" if v is False else str(v))
        for k, v in overrides.items()
    }
    return resolve(preset, text)


VARIANTS: dict[str, DaguailuziRules] = {
    "seed": SEED,
    "shanghai": SHANGHAI,
    "teammate+top_tribute+joker_candidates": variant(
        "shanghai",
        lead_after_out="teammate",
        next_leader="top_tribute",
        return_rule="joker_candidates",
        level_advance="trapped",
    ),
}
"""The option sets the random-deal tests play."""


def deal_of(
    rules: DaguailuziRules, hands: Sequence[str], offense: int, **kw: object
) -> DaguailuziDeal:
    """A deal from chosen hands (card text)."""
    return DaguailuziDeal.from_hands(rules, list(hands), offense, **kw)  # type: ignore[arg-type]


def script(deal: DaguailuziDeal, actions: Iterable[str]) -> DaguailuziDeal:
    """Apply text actions in turn (checked)."""
    for text in actions:
        deal.apply_action(deal.parse_action(text))
    return deal


def play_random(deal: DaguailuziDeal, rng: random.Random) -> DaguailuziDeal:
    """Play ``deal`` to the end with uniformly random legal actions."""
    while not deal.is_terminal():
        deal.apply_unchecked(rng.choice(deal.legal_actions()))
    return deal
