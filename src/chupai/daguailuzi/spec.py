"""大怪路子's entry in the game registry (:mod:`chupai.protocol`).

The spec's ``layers`` name only the layers that have code for this game: each
layer engineer adds its layer's name to :data:`_LAYERS`; a layer not listed uses
its generic path (:meth:`chupai.protocol.GameSpec.plugin` returns None).
"""

from __future__ import annotations

import dataclasses
from typing import Any, Final

from chupai.daguailuzi import api, cards as dcards, names, record, rules, scoring_words
from chupai.daguailuzi.game import Observation, Phase, new_deal
from chupai.daguailuzi.match import Match
from chupai.daguailuzi.scoring import Outcome
from chupai.protocol import NextDeal, Result, SeatFacts, builtin_layers, package_spec, register

__all__ = ["SPEC", "facts", "result"]

KEY: Final = "daguailuzi"
_LAYERS: Final[tuple[str, ...]] = ("cli.play", "cli.replay", "env", "web", "bots")
"""The layers with code of their own for this game (see the module)."""


def _tokens(obs: Observation, cards: int) -> tuple[str, ...]:
    return tuple(dcards.cards_text(cards, obs.rules, obs.level).split())


def _result(outcome: Outcome) -> Result:
    return Result(False, outcome.winners, tuple(outcome.scores), tuple(outcome.finishing_order))


def result(deal: Any) -> Result:
    """The :class:`~chupai.protocol.Result` of a finished deal."""
    return _result(deal.outcome)


def facts(obs: Observation) -> SeatFacts:
    """The shared facts of a 大怪路子 observation: the public tribute cards while
    they are handed, and at the end the hands still held."""
    shown: dict[str, tuple[str, ...]] = {}
    if obs.phase is Phase.TRIBUTE or obs.phase is Phase.RETURN:
        for giver, to, card in obs.tributes:
            name = f"tribute {giver}" if to < 0 else f"tribute {giver}→{to}"
            shown[name] = _tokens(obs, card)
    for seat, cards in enumerate(obs.shown):
        if cards:
            shown[f"hand {seat}"] = _tokens(obs, cards)
    top = obs.top
    return SeatFacts(
        seat=obs.seat,
        players=obs.players,
        phase=obs.phase.value,
        to_act=obs.current_player,
        hand=_tokens(obs, obs.hand),
        counts=obs.hand_counts,
        roles=obs.roles,
        public_roles=obs.public_roles,
        shown=shown,
        top=None if top is None else dcards.cards_text(top.cards, obs.rules, obs.level),
        top_player=obs.top_player,
        finished=obs.finishing,
        result=None if obs.outcome is None else _result(obs.outcome),
    )


def _deal(r: rules.DaguailuziRules, seed: int, *, dealer: int | None = None, **extra: Any) -> Any:
    return new_deal(r, seed, dealer=dealer, **extra)


SPEC = register(
    dataclasses.replace(
        package_spec(
            KEY,
            rules=rules,
            api=api,
            record=record,
            match=Match,
            rules_type=rules.DaguailuziRules,
            names={
                "en": "Da Guai Lu Zi (Wild Escape)",
                "zh": "大怪路子",
                "ja": "大怪路子 (ダーグァイルーズ)",
            },
            aliases=(
                "daguailuzi",
                "da guai lu zi",
                "da-guai-lu-zi",
                "daguai luzi",
                "大怪路子",
                "wild escape",
                "wild_escape",
                "wild-escape",
                "wildescape",
                "the joker's way",
                "jokers way",
                "dgl",
            ),
            seats=(6,),
            default_preset="seed",
            combo_names=names.COMBO_NAMES,
            deal=_deal,
            facts=facts,
            result=result,
            # there is no redeal: a draw is a finished deal; the same dealer again
            after_redeal=lambda deal: NextDeal(deal.dealer),
            explain_score=scoring_words.explain,
        ),
        layers={k: v for k, v in builtin_layers(KEY).items() if k in _LAYERS},
    )
)
