"""Shared pytest configuration and helpers for the chupai test-suite.

Hypothesis profiles (choose one with ``HYPOTHESIS_PROFILE=<name>``):

* ``ci`` (default): no deadline (timings vary on shared CI machines), a moderate
  number of examples so that the default suite stays fast.
* ``dev``: fewer examples, for a quick local run.
* ``thorough``: many more examples, for an occasional deep run.
"""

from __future__ import annotations

import os
import random
import time
from collections.abc import Callable, Iterator

import pytest
from hypothesis import HealthCheck, settings

from chupai.bigtwo.game import BigTwoDeal
from chupai.bigtwo.rules import PRESETS, BigTwoRules, resolve

for _name, _examples in (("ci", 60), ("dev", 20), ("thorough", 1000)):
    settings.register_profile(
        _name, max_examples=_examples, deadline=None, suppress_health_check=[HealthCheck.too_slow]
    )
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


DEADLINE_VARIABLE = "CHUPAI_TEST_DEADLINE"
"""Environment variable: a Unix time after which no further test starts (each is
skipped, saying so). ``.ci/run`` sets it for the slow tests, which run "if time
allows": the CI's own limit is never reached, and the skips name what did not run."""


def pytest_runtest_setup(item: pytest.Item) -> None:
    deadline = os.environ.get(DEADLINE_VARIABLE)
    if deadline and time.time() > float(deadline):
        pytest.skip(f"not run: the time budget of this run ({DEADLINE_VARIABLE}) is spent")


@pytest.fixture
def clean_registry() -> Iterator[None]:
    """Forget whatever a test registers with :func:`chupai.bots.register_bot`."""
    from chupai.bots import agents

    before = dict(agents._REGISTERED)
    yield
    agents._REGISTERED.clear()
    agents._REGISTERED.update(before)


PRESET_NAMES: tuple[str, ...] = tuple(PRESETS)
"""The Big Two preset names, in table order."""


def rules_variant(preset: str = "standard", **overrides: object) -> BigTwoRules:
    """``resolve(preset, overrides)`` with Python values written as option text."""
    text = {
        k: ("true" if v is True else "false" if v is False else str(v))
        for k, v in overrides.items()
    }
    return resolve(preset, text)


COMBO_VARIANTS: dict[str, BigTwoRules] = {
    **{f"preset={name}": PRESETS[name] for name in PRESETS},
    "allow_flush=false": rules_variant(allow_flush=False),
    "allow_two_pair_kicker=true": rules_variant(allow_two_pair_kicker=True),
    "four_card_play=two_pair": rules_variant(four_card_play="two_pair"),
    "four_card_play=quad": rules_variant(four_card_play="quad"),
    "straight_order=poker_a2345_second": rules_variant(straight_order="poker_a2345_second"),
    "straight_order=taiwan": rules_variant(straight_order="taiwan"),
    "straight_order=jqka2_high": rules_variant(straight_order="jqka2_high"),
    "flush_compare=top_card": rules_variant(flush_compare="top_card"),
    "flush_compare=suit_first": rules_variant(flush_compare="suit_first"),
    "suit_order=SHDC": rules_variant(suit_order="SHDC"),
    "same_type_or_monster": rules_variant(five_card_rule="same_type_or_monster"),
    "same_type_or_monster+monster_over_small": rules_variant(
        five_card_rule="same_type_or_monster", monster_over_small=True
    ),
    "taiwan+triples+two_pair_kicker+quad": rules_variant(
        "taiwan", allow_triples=True, allow_two_pair_kicker=True, four_card_play="quad"
    ),
    "taiwan+two_pair+jqka2_high+suit_first": rules_variant(
        "taiwan", four_card_play="two_pair", straight_order="jqka2_high", flush_compare="suit_first"
    ),
    "jqka2_high+no_flush+SHDC": rules_variant(
        straight_order="jqka2_high", allow_flush=False, suit_order="SHDC"
    ),
}
"""Rules that change which card sets are combinations or how they compare: every
preset, and each combination option away from its default (alone or mixed)."""


# ---------------------------------------------------------------------------
# Deal helpers shared by the engine tests
# ---------------------------------------------------------------------------

FULL_DECK = (1 << 52) - 1


def initial_leftover(deal: BigTwoDeal) -> int:
    """The undealt leftover card(s) of a deal, as the deal began."""
    if deal.rules.leftover_count == 0:
        return 0
    dealt = 0
    for h in deal.dealt_hands:
        dealt |= h
    return FULL_DECK & ~dealt


def card_accounts(deal: BigTwoDeal) -> list[int]:
    """Every place a card can be: each hand, each seat's played cards, the cards
    set aside, exposed and still-undecided leftover."""
    return [*deal.hands, *deal.played, deal.set_aside, deal.exposed, deal.leftover]


def assert_cards_conserved(deal: BigTwoDeal) -> None:
    """The 52 cards are all somewhere, each exactly once."""
    seen = 0
    for part in card_accounts(deal):
        assert part & seen == 0, "a card is in two places"
        seen |= part
    assert seen == FULL_DECK, "cards are missing"


def random_playout(
    deal: BigTwoDeal,
    rng: random.Random,
    *,
    max_steps: int = 2000,
    each_step: Callable[[BigTwoDeal], None] | None = None,
) -> BigTwoDeal:
    """Play ``deal`` to its end with uniformly random legal actions (checked)."""
    for _ in range(max_steps):
        if each_step is not None:
            each_step(deal)
        if deal.is_terminal():
            return deal
        deal.apply_action(rng.choice(deal.legal_actions()))
    raise AssertionError(f"deal did not end within {max_steps} actions")


def bot_playout(deal: BigTwoDeal, seed: int) -> BigTwoDeal:
    """Play ``deal`` to its end with one seeded :class:`RandomBot` per seat, each
    seeing only its observation."""
    from chupai.bots import RandomBot

    bots = [RandomBot(seed * 31 + seat) for seat in range(deal.players)]
    for _ in range(2000):
        if deal.is_terminal():
            return deal
        seat = deal.current_player
        assert seat is not None
        deal.apply_action(bots[seat].act(deal.observe(seat), deal.legal_actions()))
    raise AssertionError("deal did not end within 2000 actions")
