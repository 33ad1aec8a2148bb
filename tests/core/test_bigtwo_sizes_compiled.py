"""The compiled core and table sizes (docs/bigtwo.md, "Table sizes and two packs"):
every caller that would build a compiled deal (``playout``, ``playout_each`` for the
search bot, ``random_games`` for ``simulate`` and the benchmarks) falls back to the
pure engine where ``_fast.unsupported`` names an option (more than four seats, round
robin), and gives exactly what the pure reference gives; where the compiled core does
play (four seats, a starting card that may not be dealt) it agrees with the
reference too."""

from __future__ import annotations

import pytest

from chupai.bigtwo import playout as po
from chupai.bigtwo.game import new_deal
from chupai.bigtwo.rules import BigTwoRules, resolve

fast = pytest.importorskip("chupai.bigtwo._fast")


def rules(**over: object) -> BigTwoRules:
    return resolve("standard", {k: str(v).lower() for k, v in over.items()})


@pytest.mark.parametrize(
    ("over", "named"),
    [
        ({"players": 6}, ["players=6"]),
        ({"players": 13}, ["players=13"]),
        ({"players": 3, "leftover_rule": "round_robin"}, ["leftover_rule=round_robin"]),
        ({"players": 4}, []),
    ],
)
def test_unsupported_names_what_the_compiled_core_does_not_play(
    over: dict[str, object], named: list[str]
) -> None:
    r = rules(**over)
    assert fast.unsupported(r) == named
    assert po.compiled_plays(new_deal(r, 0)) is not named


@pytest.mark.parametrize(
    "over", [{"players": 6}, {"players": 13}, {"players": 5, "leftover_rule": "round_robin"}]
)
def test_playouts_beyond_four_seats_equal_the_pure_reference(over: dict[str, object]) -> None:
    r = rules(**over)
    for seed in range(4):
        deal = new_deal(r, seed)
        for policy in ("random", "greedy"):
            got = po.playout(deal, seed * 7 + 1, policy)
            assert got == po.reference_playout(deal, seed * 7 + 1, policy)
            assert len(got) == r.players
        assert not deal.is_terminal()  # the playout played a clone
        indices = list(range(min(3, len(deal.legal_actions()))))
        each = po.playout_each(deal, indices, 11)
        for i, rets in zip(indices, each, strict=True):
            child = deal.clone()
            child.apply_action(child.legal_actions()[i])
            assert rets == po.reference_playout(child, 11)


@pytest.mark.parametrize("players", [6, 13])
def test_random_games_beyond_four_seats_equal_the_pure_reference(players: int) -> None:
    r = rules(players=players)
    got = po.random_games(r, 6, seed=3)
    assert got == po.random_games_reference(r, 6, seed=3)
    assert got["dealt_in_c"] == 0
    assert sum(got["wins"]) == 6 and len(got["returns"]) == players


def test_compiled_four_seats_agree_when_the_starting_card_may_be_undealt() -> None:
    """``hand_size=5`` with four players deals 20 cards: in most deals 3♦ is not
    dealt and the lowest card dealt starts, in the compiled core as in the pure."""
    r = rules(players=4, hand_size=5)
    assert fast.unsupported(r) == []
    undealt = 0
    for seed in range(30):
        deal = new_deal(r, seed)
        undealt += not any(h & 1 for h in deal.hands)
        assert po.playout(deal, seed) == po.reference_playout(deal, seed)
    assert undealt > 0
    got = po.random_games(r, 20, seed=5)
    want = po.random_games_reference(r, 20, seed=5)
    assert {k: v for k, v in got.items() if k != "dealt_in_c"} == {
        k: v for k, v in want.items() if k != "dealt_in_c"
    }
