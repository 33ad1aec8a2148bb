"""Dou Dizhu's entry in the game registry (:mod:`chupai.protocol`)."""

from __future__ import annotations

from typing import Any

from chupai.doudizhu import api, names, record, rules, scoring_words
from chupai.doudizhu.combos import RANK_NAMES
from chupai.doudizhu.game import Observation, format_action, new_deal
from chupai.doudizhu.match import Match
from chupai.protocol import NextDeal, Result, SeatFacts, package_spec, register

__all__ = ["SPEC"]


def _cards(cards: int) -> tuple[str, ...]:
    out: list[str] = []
    for r, name in enumerate(RANK_NAMES):
        out.extend([name] * ((cards >> (5 * r)) & 31))
    return tuple(out)


def _result(outcome: Any, players: int) -> Result:
    if outcome.redeal:
        return Result(True, (), tuple(outcome.scores), ())
    lord = outcome.landlord
    winners = (lord,) if outcome.landlord_won else tuple(s for s in range(players) if s != lord)
    return Result(False, winners, tuple(outcome.scores), ())


def facts(obs: Observation) -> SeatFacts:
    """The shared facts of a Dou Dizhu observation."""
    shown: dict[str, tuple[str, ...]] = {}
    if obs.kitty is not None:
        shown["kitty"] = _cards(obs.kitty)
    if obs.landlord_hand is not None and obs.landlord is not None:
        shown[f"hand {obs.landlord}"] = _cards(obs.landlord_hand)
    return SeatFacts(
        seat=obs.seat,
        players=obs.players,
        phase=str(obs.phase.value),
        to_act=obs.current_player,
        hand=_cards(obs.hand),
        counts=tuple(obs.hand_counts),
        roles=obs.roles,
        public_roles=obs.public_roles,
        shown=shown,
        top=None if obs.top is None else format_action(obs.rules, obs.top),
        top_player=obs.top_player if obs.top is not None else None,
        finished=(),
        result=None if obs.outcome is None else _result(obs.outcome, obs.players),
    )


def _after_redeal(deal: Any) -> NextDeal:
    # the next seat deals; an all-pass redeal may double the next deal (§4.2)
    return NextDeal((deal.dealer + 1) % deal.players, {"doubled": bool(deal.outcome.next_doubled)})


SPEC = register(
    package_spec(
        "doudizhu",
        rules=rules,
        api=api,
        record=record,
        match=Match,
        rules_type=rules.DouDizhuRules,
        names={"en": "Dou Dizhu", "zh": "斗地主", "ja": "闘地主"},
        aliases=(
            "doudizhu",
            "dou dizhu",
            "ddz",
            "fight the landlord",
            "斗地主",
            "鬥地主",
            "闘地主",
        ),
        seats=(3, 4),
        default_preset="classic",
        combo_names=names.COMBO_NAMES,
        deal=new_deal,
        facts=facts,
        result=lambda deal: _result(deal.outcome, deal.players),
        after_redeal=_after_redeal,
        explain_score=scoring_words.explain,
    )
)
