"""The browser's view of the exchanges with two packs (docs/bigtwo.md, "Exchanges
with two packs"): every decision of class struggle, tribute and the §12.4 pile is
listed with its cards, a card given twice listed twice, and reads back as the same
action; the public part is the same from every seat."""

from __future__ import annotations

import random

import pytest

from chupai.bigtwo.game import Choice, Phase
from chupai.bigtwo.match import Match
from chupai.bigtwo.rules import resolve
from chupai.web.views import legal_entries, public_view

MIXES = [
    {"series": "class_struggle", "class_exchange": "demand"},
    {"series": "tribute", "tribute_method": "two_cards"},
    {"series": "tribute", "tribute_method": "draw_three", "pre_exchange": "true"},
]


@pytest.mark.parametrize("mix", MIXES, ids=["demand", "two_cards", "draw_three"])
def test_exchange_decisions_read_back_with_their_copies(mix: dict[str, str]) -> None:
    r = resolve("standard", {"players": "6", "packs": "2", **mix})
    doubled = 0
    for seed in (1, 2):
        rng = random.Random(seed)
        m = Match(r, seed, deals=2)
        for _ in range(2):
            deal = m.next_deal()
            while not deal.is_terminal():
                legal = deal.legal_actions()
                if deal.phase is not Phase.PLAY:
                    obs = deal.observe(deal.current_player)  # type: ignore[arg-type]
                    for e, a in zip(legal_entries("bigtwo", obs, legal), legal, strict=True):
                        assert e["kind"] == "choice" and deal.parse_action(e["text"]) == a
                        assert isinstance(a, Choice) and len(e["cards"]) == a.cards.bit_count()
                        doubled += len(set(e["cards"])) < len(e["cards"])
                    pubs = [public_view("bigtwo", deal.observe(s))["public"] for s in range(6)]
                    assert all(p == pubs[0] for p in pubs)
                deal.apply_action(rng.choice(legal))
    assert doubled or mix["series"] == "class_struggle"  # a card given twice (not named)
