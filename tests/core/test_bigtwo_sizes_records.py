"""Deal records at every table size (docs/bigtwo.md, "Table sizes and two packs"):
a deal played to the end writes a record that replays to the same outcome, from its
seed and, without the seed, from the recorded hands and leftover cards alone, under
every leftover rule, a smaller ``hand_size`` and round robin."""

from __future__ import annotations

import json
import random

import pytest

from chupai.bigtwo.game import new_deal
from chupai.bigtwo.record import replay, to_record
from chupai.bigtwo.rules import resolve

CASES = [
    {"players": "13", "hand_size": "2"},
    {"players": "3", "hand_size": "10"},
    {"players": "7", "leftover_rule": "set_aside"},
    {"players": "6", "leftover_rule": "taiwan_exposed"},
    {"players": "5", "leftover_rule": "malaysian"},
    {"players": "52"},
    {"players": "11", "leftover_rule": "round_robin"},
    {"players": "3", "hand_size": "17", "leftover_rule": "malaysian"},
]


@pytest.mark.parametrize("over", CASES, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()))
@pytest.mark.parametrize("preset", ["standard", "taiwan"])
def test_deal_records_replay_with_and_without_the_seed(preset: str, over: dict[str, str]) -> None:
    r = resolve(preset, over)
    for seed in range(4):
        deal = new_deal(r, seed)
        rng = random.Random(seed)
        while not deal.is_terminal():
            deal.apply_action(rng.choice(deal.legal_actions()))
        rec = json.loads(json.dumps(to_record(deal)))
        assert len(rec["hands"]) == r.players
        assert replay(rec).outcome == deal.outcome
        seedless = {k: v for k, v in rec.items() if k != "seed"}
        again = replay(seedless)
        assert again.outcome == deal.outcome and again.hands == deal.hands
