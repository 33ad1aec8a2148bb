"""The toy game's registration: the only place chupai learns of it."""

from __future__ import annotations

from typing import Any

from chupai.errors import ChupaiError
from chupai.protocol import GameSpec, NextDeal, Result, SeatFacts, register

from toygame import game


def _judge(rules: game.ToyRules, play: str, over: str | None = None) -> dict[str, Any]:
    cards = play.split()
    for c in cards + (over or "").split():
        if c.lower() not in game.PACK:
            raise ChupaiError(f"unknown card token {c!r}")
    if len(cards) != 1:
        return {"valid": False, "reason": "a play is one card"}
    out: dict[str, Any] = {"valid": True, "type": "single"}
    if over:
        out["beats"] = game.rank(cards[0].lower()) > game.rank(over.split()[0].lower())
    return out


def _moves(rules: game.ToyRules, hand: str, over: str | None = None) -> dict[str, Any]:
    cards = sorted({c.lower() for c in hand.split()}, key=game.PACK.index)
    for c in cards:
        if c not in game.PACK:
            raise ChupaiError(f"unknown card token {c!r}")
    if over:
        cards = [c for c in cards if game.rank(c) > game.rank(over.split()[0].lower())]
    return {"moves": [{"cards": c, "type": "single"} for c in cards]}


def _result(outcome: Any) -> Result:
    return Result(False, (outcome.winner,), tuple(outcome.scores), ())


def _facts(obs: game.Observation) -> SeatFacts:
    return SeatFacts(
        seat=obs.seat,
        players=obs.players,
        phase=obs.phase,
        to_act=obs.current_player,
        hand=obs.hand,
        counts=obs.hand_counts,
        roles=obs.roles,
        public_roles=obs.public_roles,
        top=None if obs.top is None else obs.top.card,
        top_player=obs.top_player,
        result=None if obs.outcome is None else _result(obs.outcome),
    )


SPEC = register(
    GameSpec(
        key="toy",
        names={"en": "Toy", "zh": "玩具", "ja": "おもちゃ"},
        aliases=("toy", "toy game"),
        seats=(2,),
        default_preset="standard",
        presets=lambda: game.PRESETS,
        resolve_preset=game.resolve,
        rules_from_dict=game.ToyRules.from_dict,
        judge=_judge,
        moves=_moves,
        combo_names={"single": {"en": "single", "zh": "单张", "ja": "シングル"}},
        deal=game.new_deal,
        match=game.ToyMatch,
        to_record=game.to_record,
        replay=game.replay,
        replay_match=game.ToyMatch.from_record,
        facts=_facts,
        result=lambda deal: _result(deal.outcome),
        after_redeal=lambda deal: NextDeal(deal.dealer),
        card_universe=lambda rules: game.PACK,
        action_universe=lambda rules: (*game.PACK, "pass"),
    )
)
