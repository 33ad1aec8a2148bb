"""DouZero's port of RLCard's rule agent seated in chupai
(:mod:`chupai.bots.games.doudizhu.douzero`). Skipped when douzero is not installed
(the ``bench`` extra).

The strongest checks run DouZero's own ``GameEnv`` and a chupai deal with the same
hands side by side: every field of the infoset the adapter builds from chupai's
observation must equal the one DouZero's game hands its agent, and with the agent's
random fallback made deterministic both games must play the same moves. About 2 s.
"""

from __future__ import annotations

import copy
import random
import sys
from types import SimpleNamespace
from typing import Any

import pytest

pytest.importorskip("douzero")

import douzero.evaluation.rlcard_agent as rlcard_agent  # noqa: E402
from douzero.env.game import GameEnv  # noqa: E402

from chupai.bots.games.doudizhu.douzero import (  # noqa: E402
    POSITIONS,
    DouZeroRLCardBot,
    douzero_cards,
    douzero_infoset,
    require_douzero,
)
from chupai.doudizhu.combos import Combo  # noqa: E402
from chupai.doudizhu.game import PASS, SHOW, Bid, DouDizhuDeal, Phase, new_deal  # noqa: E402
from chupai.doudizhu.rules import PRESETS  # noqa: E402
from chupai.errors import ChupaiError  # noqa: E402

CLASSIC = PRESETS["classic"]
FIELDS = (
    "player_position",
    "player_hand_cards",
    "card_play_action_seq",
    "last_move",
    "last_two_moves",
    "last_pid",
    "last_move_dict",
    "played_cards",
    "num_cards_left_dict",
    "bomb_num",
    "three_landlord_cards",
)


def fixed(seed: int) -> DouDizhuDeal:
    deal = new_deal(CLASSIC, seed)
    lord = deal.first_bidder
    while deal.phase is Phase.BID:
        deal.apply_action(Bid(1) if deal.current_player == lord else PASS)
    return deal


class Recorder:
    """DouZero's agent, keeping a copy of every infoset it is handed."""

    def __init__(self, position: str, seen: list[Any]):
        self.agent = rlcard_agent.RLCardAgent(position)
        self.seen = seen

    def act(self, infoset: Any) -> Any:
        self.seen.append(copy.deepcopy(infoset))
        return self.agent.act(infoset)


def douzero_game(deal: DouDizhuDeal) -> tuple[list[list[int]], list[Any]]:
    """Deal ``deal`` (bidding done) played in DouZero's GameEnv: moves, infosets."""
    lord = deal.landlord
    assert lord is not None
    data: dict[str, Any] = {
        pos: douzero_cards(deal.hands[(lord + i) % 3]) for i, pos in enumerate(POSITIONS)
    }
    data["three_landlord_cards"] = douzero_cards(deal.kitty)
    seen: list[Any] = []
    env = GameEnv({pos: Recorder(pos, seen) for pos in POSITIONS})
    env.card_play_init(data)
    while not env.game_over:
        env.step()
    return env.card_play_action_seq, seen


@pytest.fixture
def first_choice(monkeypatch: pytest.MonkeyPatch) -> None:
    """The agent's random fallback takes the first legal action, in both games."""
    monkeypatch.setattr(rlcard_agent, "random", SimpleNamespace(choice=lambda seq: seq[0]))


@pytest.mark.usefixtures("first_choice")
@pytest.mark.parametrize("seed", range(6))
def test_same_infosets_and_moves_as_douzero(seed: int) -> None:
    deal = fixed(seed)
    moves, infosets = douzero_game(deal.clone())
    bots = [DouZeroRLCardBot(seed) for _ in range(3)]
    ours: list[list[int]] = []
    for theirs in infosets:
        seat = deal.current_player
        assert seat is not None
        legal = [a for a in deal.legal_actions() if a != SHOW]
        info = douzero_infoset(deal.observe(seat), legal)
        for field in FIELDS:
            assert getattr(info, field) == getattr(theirs, field), field
        assert sorted(info.other_hand_cards) == sorted(theirs.other_hand_cards)
        # DouZero also lets both jokers be kickers; chupai's classic rules do not
        kept = [m for m in theirs.legal_actions if not (20 in m and 30 in m and len(m) > 2)]
        assert info.legal_actions == kept
        action = bots[seat].act(deal.observe(seat), legal)
        ours.append(douzero_cards(action.cards) if isinstance(action, Combo) else [])
        deal.apply_action(action)
    assert deal.is_terminal() and ours == moves


def test_seeded_and_leaves_random_alone() -> None:
    def game(seed: int) -> list[Any]:
        deal = fixed(3)
        bots = [DouZeroRLCardBot(seed + s) for s in range(3)]
        while not deal.is_terminal():
            seat = deal.current_player
            assert seat is not None
            legal = [a for a in deal.legal_actions() if a != SHOW]
            deal.apply_action(bots[seat].act(deal.observe(seat), legal))
        return list(deal.history)

    random.seed(5)
    state = random.getstate()
    assert game(1) == game(1)
    assert random.getstate() == state


def test_bids_and_errors(monkeypatch: pytest.MonkeyPatch) -> None:
    deal = new_deal(CLASSIC, 4)
    legal = deal.legal_actions()
    assert DouZeroRLCardBot(0).act(deal.observe(deal.current_player), legal) in legal
    with pytest.raises(ChupaiError, match="phase"):
        douzero_infoset(deal.observe(0), legal)
    four = new_deal(PRESETS["four_player"], 1)
    with pytest.raises(ChupaiError, match="classic"):
        DouZeroRLCardBot(0).act(four.observe(four.current_player), four.legal_actions())
    with pytest.raises(ValueError, match="no legal action"):
        DouZeroRLCardBot(0).act(deal.observe(0), [])
    monkeypatch.setitem(sys.modules, "douzero.evaluation.rlcard_agent", None)
    with pytest.raises(ChupaiError, match="pip install douzero"):
        require_douzero()


def test_agent_move_must_be_legal(monkeypatch: pytest.MonkeyPatch) -> None:
    deal = fixed(2)
    legal = [a for a in deal.legal_actions() if a != SHOW]

    class Stubborn:
        def __init__(self, position: str):
            pass

        def act(self, infoset: Any) -> Any:
            return [20, 20]  # two black jokers: never legal

    monkeypatch.setattr(rlcard_agent, "RLCardAgent", Stubborn)
    with pytest.raises(ChupaiError, match="not a legal play"):
        DouZeroRLCardBot(0).act(deal.observe(deal.current_player), legal)
