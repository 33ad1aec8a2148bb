"""Two-pack deals under random mixes of every play and scoring option (not the
exchanges, which two packs refuse): each deal plays to the end with random legal
actions, every hand stays in the unary form, the cards of every step make up the
104 cards, a zero-sum settlement sums to zero and the record replays to the same
outcome. 40 deals by default (5 to 8 seats, every preset), 2,000 with ``-m slow``."""

from __future__ import annotations

import json
import random

import pytest

from chupai.bigtwo import packs
from chupai.bigtwo.game import BigTwoDeal, new_deal
from chupai.bigtwo.record import replay, to_record
from chupai.bigtwo.rules import BigTwoRules, resolve
from chupai.errors import ChupaiError

CHOICES: dict[str, list[str]] = {
    "suit_order": ["SHCD", "SHDC"],
    "leftover_rule": [
        "to_starting_card_holder",
        "malaysian",
        "taiwan_exposed",
        "set_aside",
        "round_robin",
    ],
    "starting_copy": ["turn_order", "first_dealt"],
    "first_lead": ["starting_card_first_deal", "starting_card_every_deal"],
    "four_card_play": ["none", "two_pair", "quad"],
    "straight_order": ["bigtwo", "poker_a2345_second", "taiwan", "jqka2_high"],
    "flush_compare": ["card_by_card", "top_card", "suit_first"],
    "five_card_rule": ["category", "same_type_or_monster"],
    "ding_da": ["off", "penalty", "enforce"],
    "play_until": ["first_out", "last_remaining"],
    "scoring": [
        "cards_wiki",
        "cards_seed001",
        "cards_mainland",
        "card_points",
        "taiwan_deduction",
        "taiwan_basic",
    ],
    "settlement": ["winner_takes_all", "pairwise"],
    "identical_beats": ["true", "false"],
    "last_card_call": ["true", "false"],
    "pass_lockout": ["true", "false"],
    "repeat_lead_lock": ["true", "false"],
    "instant_wins": ["dragon,suited_dragon,four_twos", "none"],
}


def random_rules(rng: random.Random) -> BigTwoRules | None:
    """A preset with a random part of the options changed; None when the mix is
    one the rules refuse (a conflict between two options)."""
    over = {"players": str(rng.randint(5, 8)), "packs": "2"}
    for key, values in CHOICES.items():
        if rng.random() < 0.4:
            over[key] = rng.choice(values)
    try:
        return resolve(rng.choice(["standard", "hongkong", "taiwan", "mainland"]), over)
    except ChupaiError:
        return None


def every_card(deal: BigTwoDeal) -> int:
    total = 0
    for m in [*deal.hands, *deal.played, deal.set_aside, deal.exposed, deal.leftover]:
        total = packs.add(total, m)
    return total


def play_one(r: BigTwoRules, seed: int) -> None:
    deal = new_deal(r, seed)
    rng = random.Random(seed)
    while not deal.is_terminal():
        assert every_card(deal) == packs.FULL[2]
        assert all(packs.norm(h) == h for h in deal.hands)
        deal.apply_action(rng.choice(deal.legal_actions()))
    if r.settlement.value != "negated_penalty":
        assert sum(deal.outcome.scores) == 0
    again = replay(json.loads(json.dumps(to_record(deal))))
    assert again.outcome == deal.outcome


def run_mixes(start: int, count: int) -> None:
    played = 0
    for seed in range(start, start + count):
        r = random_rules(random.Random(seed))
        if r is not None:
            play_one(r, seed)
            played += 1
    assert played >= count // 2


def test_two_pack_deals_under_mixed_options() -> None:
    run_mixes(0, 40)


@pytest.mark.slow
def test_two_pack_deals_under_mixed_options_many() -> None:
    run_mixes(1000, 2000)
