"""The decision phases of one shape (:mod:`chupai.phases`): every game's pre-play
phases are in its table, and the table answers what the deal answers."""

from __future__ import annotations

import random
from typing import Any

import pytest

from chupai.biga.draw import PHASES as BIGA_PHASES
from chupai.bigtwo.phases import PHASES as BIGTWO_PHASES
from chupai.doudizhu.auction import PHASES as DOUDIZHU_PHASES
from chupai.phases import DecisionPhases, PhaseRules
from chupai.protocol import get_game

TABLES: dict[str, Any] = {"bigtwo": BIGTWO_PHASES, "doudizhu": DOUDIZHU_PHASES, "biga": BIGA_PHASES}


@pytest.mark.parametrize("game", sorted(TABLES))
def test_every_phase_but_play_and_over_is_a_decision_phase(game: str) -> None:
    spec = get_game(game)
    deal = spec.new_deal(spec.resolve(), 1)
    phases = {p for p in type(deal.phase) if p.value not in ("play", "over")}
    assert set(TABLES[game]) == phases
    assert isinstance(deal, DecisionPhases)
    assert all(isinstance(rules, PhaseRules) for rules in TABLES[game].values())


SERIES: dict[str, Any] = {"first_deal": False, "leader": 0, "ranking": (2, 0, 3, 1)}
PRESETS = [
    ("bigtwo", "standard", {"series": "tribute", "tribute_method": "choose_hands"}),
    ("bigtwo", "standard", {"series": "tribute", "tribute_method": "one_card"}),
    ("bigtwo", "standard", {"series": "class_struggle", "redeal_max_points": "12"}),
    ("bigtwo", "taiwan", {"players": "3"}),
    ("doudizhu", "classic", {}),
    ("biga", "standard", {}),
]


def _decisions(game: str, preset: str, overrides: dict[str, str]) -> list[Any]:
    spec = get_game(game)
    rules = spec.resolve(preset, overrides)
    extra = SERIES if overrides.get("series") else {}
    out: list[Any] = []
    for seed in range(40):
        deal = spec.new_deal(rules, seed, **extra)
        rng = random.Random(seed)
        while not deal.is_terminal() and len(out) < 2000:
            legal = deal.legal_actions()
            if deal.phase.value != "play":
                out.append((deal.clone(), legal))
            deal.apply_action(legal[rng.randrange(len(legal))])
    return out


@pytest.mark.parametrize(("game", "preset", "overrides"), PRESETS)
def test_the_table_answers_like_the_deal(game: str, preset: str, overrides: dict[str, str]) -> None:
    seen = _decisions(game, preset, overrides)
    assert seen
    for deal, legal in seen:
        rules = TABLES[game][deal.phase]
        seat = deal.to_act
        assert list(rules.choices(deal, seat)) == legal
        for action in legal:
            assert rules.refusal(deal, seat, action) is None
            assert deal.why_illegal(action) is None
