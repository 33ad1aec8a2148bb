"""Big A's entry in the game registry (:mod:`chupai.protocol`)."""

from __future__ import annotations

from typing import Any

from chupai.biga import api, names, record, rules, scoring_words
from chupai.biga.cards import FACE_NAMES, strength_order
from chupai.biga.game import Observation, format_action, new_deal
from chupai.biga.match import Match
from chupai.biga.scoring import winning_team
from chupai.protocol import NextDeal, Result, SeatFacts, package_spec, register

__all__ = ["SPEC"]


def _cards(obs: Observation, cards: int) -> tuple[str, ...]:
    order = strength_order(obs.rules.rank_order is rules.RankOrder.THREE_TWO_HIGH, obs.big_suit)
    out: list[str] = []
    for f in order:
        out.extend([FACE_NAMES[f]] * ((cards >> (5 * f)) & 31))
    return tuple(out)


def _result(outcome: Any) -> Result:
    scores = tuple(outcome.scores)
    return Result(
        bool(outcome.redeal),
        winning_team(outcome.declarer, outcome.partner, scores),
        scores,
        tuple(outcome.finishing_order),
    )


def facts(obs: Observation) -> SeatFacts:
    """The shared facts of a Big A observation."""
    shown = {f"aces {s}": _cards(obs, c) for s, c in enumerate(obs.exposed) if c}
    return SeatFacts(
        seat=obs.seat,
        players=obs.players,
        phase=str(obs.phase.value),
        to_act=obs.current_player,
        hand=_cards(obs, obs.hand),
        counts=tuple(obs.hand_counts),
        roles=obs.roles,
        public_roles=obs.public_roles,
        shown=shown,
        top=None if obs.top is None else format_action(obs.rules, obs.big_suit, obs.top),
        top_player=obs.top_player,
        finished=tuple(obs.finishing),
        result=None if obs.outcome is None else _result(obs.outcome),
    )


def _deal(r: rules.BigARules, seed: int, *, dealer: int | None = None, **extra: Any) -> Any:
    return new_deal(r, seed, first_drawer=dealer, **extra)


SPEC = register(
    package_spec(
        "biga",
        rules=rules,
        api=api,
        record=record,
        match=Match,
        rules_type=rules.BigARules,
        names={"en": "Big A", "zh": "打大A", "ja": "打大A (ビッグA)"},
        aliases=("biga", "big a", "big_a", "big-a", "dadaa", "da da a", "打大A"),
        seats=(5,),
        default_preset="standard",
        combo_names=names.COMBO_NAMES,
        deal=_deal,
        facts=facts,
        result=lambda deal: _result(deal.outcome),
        # the same first drawer draws again (biga.md §3.1)
        after_redeal=lambda deal: NextDeal(deal.first_drawer),
        explain_score=scoring_words.explain,
    )
)
