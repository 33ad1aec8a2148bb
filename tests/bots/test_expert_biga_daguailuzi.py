"""The ``expert`` level of Big A and 大怪路子: a fixed playout budget (EXPERT), so
that its play is deterministic given its seed, and a search that runs where it
should (every Big A play, 大怪路子's endgame only)."""

from __future__ import annotations

from typing import Any

import pytest

from chupai.bots import make_bot
from chupai.bots.expert import expert_settings
from chupai.protocol import get_game
from chupai.tournament import play_out


def positions(game: str, seed: int, keep: Any, every: int = 3) -> list[tuple[Any, Any]]:
    """Play-phase positions with a choice (observation, legal) of a deal of
    heuristic bots, every ``every``-th of those ``keep`` accepts."""
    spec = get_game(game)
    rules = next(iter(spec.presets().values()))
    found: list[tuple[Any, Any]] = []

    class Keep:
        def __init__(self, bot: Any):
            self.bot = bot

        def act(self, obs: Any, legal: Any) -> Any:
            if obs.phase.value == "play" and len(legal) > 1 and keep(obs):
                found.append((obs, list(legal)))
            return self.bot.act(obs, legal)

    players = [Keep(make_bot("heuristic", s, game=game)) for s in range(rules.players)]
    play_out(spec.new_deal(rules, seed), players)
    return found[::every]


@pytest.mark.parametrize("game", ["biga", "daguailuzi"])
def test_expert_is_a_fixed_budget_search(game: str) -> None:
    settings = expert_settings(game)
    assert settings["playouts"] >= 1  # deterministic: no clock in the choice
    assert make_bot("expert", 1, game=game).name == "expert"


@pytest.mark.parametrize(
    ("game", "keep"),
    [
        ("biga", lambda obs: True),
        (
            "daguailuzi",
            lambda obs: sum(obs.hand_counts) <= expert_settings("daguailuzi")["endgame"],
        ),
    ],
)
def test_expert_is_deterministic_given_its_seed(game: str, keep: Any) -> None:
    spots = positions(game, 11, keep, every=4)[:2]
    assert spots
    searched = 0
    # the expert's settings on a smaller budget (test time), without the time cap
    # (on a loaded machine it would stop the search at a time that varies)
    name = "expert:playouts=12,limit_ms=100000"
    for obs, legal in spots:
        a: Any = make_bot(name, 5, game=game)
        b: Any = make_bot(name, 5, game=game)
        assert a.act(obs, legal) == b.act(obs, legal)
        if a.last_stats:
            searched += 1
            assert a.last_stats["rollouts"] == b.last_stats["rollouts"]
            assert a.last_stats["rollouts"] <= 12
    assert searched >= 1
