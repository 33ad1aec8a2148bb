"""Every bot plays the exchanges with two packs (docs/bigtwo.md, "Exchanges with
two packs"): random, greedy, heuristic and search seated together at six seats
play a match of class struggle (``demand``) after the §12.4 pile, and one of
tribute ``two_cards``, each of two deals, to the end; every decision they make is
legal, and the search bot's samples are drawn after the exchanges."""

from __future__ import annotations

import pytest

from chupai.bigtwo.match import Match
from chupai.bigtwo.rules import resolve
from chupai.bots import make_bot

SEATS = ("random", "greedy", "heuristic", "search:playouts=3", "greedy", "heuristic")


@pytest.mark.parametrize(
    "mix",
    [
        {"series": "class_struggle", "class_exchange": "demand", "pre_exchange": "true"},
        pytest.param({"series": "tribute", "tribute_method": "two_cards"}, marks=pytest.mark.slow),
    ],
    ids=["demand", "two_cards"],
)
def test_every_bot_plays_a_two_pack_exchange_match(mix: dict[str, str]) -> None:
    rules = resolve("standard", {"players": "6", "packs": "2", **mix})
    bots = [make_bot(name, 10 + s, game="bigtwo") for s, name in enumerate(SEATS)]
    m = Match(rules, 3, deals=2)
    while not m.is_over():
        deal = m.next_deal()
        while not deal.is_terminal():
            seat = deal.current_player
            assert seat is not None
            legal = deal.legal_actions()
            action = bots[seat].act(deal.observe(seat), legal)
            assert action in legal
            deal.apply_action(action)
    assert len(m.deals) == 2 and m.deals[1].history[0].action.name in ("give", "tribute")
