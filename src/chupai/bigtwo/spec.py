"""Big Two's entry in the game registry (:mod:`chupai.protocol`)."""

from __future__ import annotations

from typing import Any

from chupai.bigtwo import api, names, packs, record, rules, scoring_words
from chupai.bigtwo.combos import tables
from chupai.bigtwo.game import Observation, format_action, new_deal
from chupai.bigtwo.match import Match
from chupai.protocol import NextDeal, Result, SeatFacts, package_spec, register

__all__ = ["SPEC"]


def _cards(r: rules.BigTwoRules, mask: int) -> tuple[str, ...]:
    strength = tables(r).card_strength  # two packs: a card held twice is named twice
    return tuple(packs.names(mask, strength).split())


def _result(outcome: Any) -> Result:
    winners = () if outcome.redeal or outcome.winner is None else (outcome.winner,)
    return Result(
        bool(outcome.redeal),
        winners,
        tuple(outcome.scores),
        tuple(outcome.ranking or outcome.finishing_order),
    )


def facts(obs: Observation) -> SeatFacts:
    """The shared facts of a Big Two observation."""
    shown: dict[str, tuple[str, ...]] = {}
    if obs.exposed:
        shown["exposed"] = _cards(obs.rules, obs.exposed)
    if obs.leftover_shown:
        shown["leftover"] = _cards(obs.rules, obs.leftover_shown)
    return SeatFacts(
        seat=obs.seat,
        players=obs.players,
        phase=str(obs.phase.value),
        to_act=obs.current_player,
        hand=_cards(obs.rules, obs.hand),
        counts=tuple(obs.hand_counts),
        roles=obs.roles,
        public_roles=obs.public_roles,
        shown=shown,
        top=None if obs.top is None else format_action(obs.rules, obs.top),
        top_player=obs.top_player if obs.top is not None else None,
        finished=tuple(obs.finished),
        result=None if obs.outcome is None else _result(obs.outcome),
    )


SPEC = register(
    package_spec(
        "bigtwo",
        rules=rules,
        api=api,
        record=record,
        match=Match,
        rules_type=rules.BigTwoRules,
        names={"en": "Big Two", "zh": "锄大地 / 大老二", "ja": "大老二 (ビッグツー)"},
        aliases=(
            "bigtwo",
            "big2",
            "big_two",
            "big-two",
            "daidi",
            "dai di",
            "choh dai di",
            "锄大地",
            "鋤大D",
            "鋤大地",
            "大老二",
            "pusoy dos",
            "pusoydos",
        ),
        seats=tuple(range(2, 53)),
        default_preset="standard",
        combo_names=names.COMBO_NAMES,
        deal=new_deal,
        facts=facts,
        result=lambda deal: _result(deal.outcome),
        after_redeal=lambda deal: NextDeal(deal.dealer),  # the same dealer deals again (§4)
        explain_score=scoring_words.explain,
    )
)
