"""The Big Two core as data: the shape table, the pre-play phase table, and the
names ``chupai.bigtwo.game`` keeps exporting from the modules it was split into."""

from __future__ import annotations

import pytest

import chupai.bigtwo.game as game
from chupai.bigtwo import notation, observation, phases, scoring, values
from chupai.bigtwo.combos import SHAPES, ComboKind, explain, tables
from chupai.bigtwo.movegen import hand_combos
from chupai.bigtwo.rules import PRESETS, BigTwoRules, resolve
from chupai.cards import parse_mask

VARIANTS = [
    PRESETS["standard"],
    PRESETS["taiwan"],
    PRESETS["mainland"],
    resolve("standard", {"four_card_play": "quad", "allow_triples": "false"}),
    resolve("standard", {"four_card_play": "two_pair", "allow_flush": "false"}),
]


def test_every_kind_has_one_shape() -> None:
    assert sorted(s.kind for s in SHAPES) == sorted(ComboKind)


@pytest.mark.parametrize("rules", VARIANTS, ids=lambda r: r.spec())
def test_move_generation_makes_exactly_the_allowed_shapes(rules: BigTwoRules) -> None:
    allows = tables(rules).allows
    made = {c.kind for c in hand_combos((1 << 52) - 1, rules)}
    assert made == {kind for kind, ok in allows.items() if ok}


@pytest.mark.parametrize(
    "overrides, cards, reason",
    [
        ({"allow_triples": "false"}, "3D 3C 3H", "allow_triples=false"),
        ({"four_card_play": "none"}, "3D 3C 3H 3S", "four_card_play=none"),
        ({"four_card_play": "none"}, "3D 3C 4H 4S", "two pairs are not a play under these rules"),
        ({"allow_flush": "false"}, "3D 5D 7D 9D JD", "allow_flush=false"),
        ({}, "3D 5C 7D 9D JD", "straight_order=bigtwo"),
        ({}, "3D 3C 3H 5S 7D", "five cards form no combination"),
    ],
)
def test_a_shape_that_is_off_says_which_option(
    overrides: dict[str, str], cards: str, reason: str
) -> None:
    assert reason in explain(parse_mask(cards), resolve("standard", overrides))


def test_every_pre_play_phase_has_its_rules() -> None:
    pre_play = set(values.Phase) - {values.Phase.PLAY, values.Phase.OVER}
    assert set(phases.PHASES) == pre_play


def test_game_keeps_exporting_every_name() -> None:
    homes = {
        "Phase": values,
        "Choice": values,
        "LastCard": values,
        "Hidden": values,
        "Event": values,
        "Outcome": values,
        "EVERYONE": values,
        "CHOICE_NAMES": values,
        "FULL_DECK": values,
        "Observation": observation,
        "class_titles": observation,
        "TITLES": observation,
        "TRIBUTE_RANKS": observation,
        "format_action": notation,
        "redeal_reasons": phases,
        "protected_cards": phases,
        "next_titles": phases,
        "transfer_penalties": scoring,
    }
    for name in game.__all__:
        assert hasattr(game, name), name
    for name, module in homes.items():
        assert getattr(game, name) is getattr(module, name), name


def test_a_split_deal_plays_and_clones_as_one_class() -> None:
    deal = game.new_deal(PRESETS["standard"], seed=3)
    copy = deal.clone()
    assert type(copy) is game.BigTwoDeal
    deal.apply_action(deal.legal_actions()[0])
    assert copy.history == [] and len(deal.history) == 1
    assert deal.parse_action(deal.action_text(deal.history[0].action)) == deal.history[0].action
