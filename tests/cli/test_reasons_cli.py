"""The terminal tells a refused move in the player's language: ``chupai play
--lang zh`` and ``--lang ja`` show the engine's reason translated (cards with
suit symbols; ``--lang en`` keeps its English words, ``test_play_cli``; a reason the terminal
words itself, such as "you do not hold 3C", is the terminal's own text)."""

from __future__ import annotations

import pytest
from test_play_cli import SEED, STANDARD, play, starter

from chupai.bigtwo.game import new_deal
from chupai.cards import card_name
from chupai.cli.games.bigtwo.play_input import hand_order


@pytest.mark.parametrize(
    ("lang", "no_pair", "first_lead"),
    [
        ("zh", "两张不同点数的牌不成对子", "首轮出牌必须包含 3♦"),
        ("ja", "ランクの違う2枚はペアになりません", "最初の手には 3♦ を含めてください"),
    ],
)
def test_refused_moves_are_explained_in_the_players_language(
    lang: str, no_pair: str, first_lead: str
) -> None:
    seat = starter()
    deal = new_deal(STANDARD, SEED)
    order = hand_order(deal, seat)
    assert card_name(order[0]) == "3D"
    lines = [f"0 {len(order) - 1}", "1", "quit"]
    p = play(
        "--seed", str(SEED), "--seat", str(seat), "--lang", lang, stdin="\n".join(lines) + "\n"
    )
    assert p.returncode == 0, p.stderr
    errors = [line for line in p.stdout.splitlines() if line.startswith("✗ ")]
    assert len(errors) == 2, errors
    assert no_pair in errors[0]
    assert first_lead in errors[1]
