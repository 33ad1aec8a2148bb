"""Dou Dizhu's web view (``get_game("doudizhu").plugin("web")``)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from chupai.actions import Pass
from chupai.doudizhu.combos import RANK_NAMES, Combo
from chupai.doudizhu.game import Bid, Observation, format_action
from chupai.doudizhu.rules import DouDizhuRules
from chupai.doudizhu.scoring import multipliers
from chupai.web.games import PageData
from chupai.web.viewkit import JSON, PLAY, Ev, GameView, Notation, outcome_json, token

__all__ = ["PAGE", "view"]

PAGE: PageData = {
    "prompts": [
        {"heads": ["bid"], "prompt": "prompt_bid"},
        {"heads": ["rob"], "prompt": "prompt_rob"},
        {"heads": ["show"], "prompt": "prompt_show_ddz"},
    ],
    "words": {"show": "show_ddz", "no": "no_rob"},  # 明牌, 不抢
    "big_aces": False,
}
"""What the page knows of Dou Dizhu (:class:`chupai.web.games.PageData`)."""


class DouDizhuNotation(Notation):
    __slots__ = ("rules",)

    def __init__(self, rules: DouDizhuRules) -> None:
        super().__init__(("doudizhu", rules))
        self.rules = rules

    def cards(self, cards: int) -> list[str]:
        out: list[str] = []
        for r, name in enumerate(RANK_NAMES):
            n = (cards >> (5 * r)) & 31
            if n:
                out.extend([token(name)] * n)
        return out

    def text(self, action: Any) -> str:
        return format_action(self.rules, action)

    def kind(self, action: Any) -> str:
        if isinstance(action, Pass):
            return "pass"
        return "play" if isinstance(action, Combo) else "choice"

    def action_cards(self, action: Any) -> list[str]:
        return self.cards(action.cards) if isinstance(action, Combo) else []

    def combo_type(self, action: Any) -> str | None:
        return str(action.kind.value) if isinstance(action, Combo) else None


class DouDizhuView(GameView):
    obs: Observation

    def __init__(self, obs: Observation) -> None:
        super().__init__(obs, DouDizhuNotation(obs.rules))

    def events(self) -> tuple[list[Ev], list[Ev]]:
        # every Dou Dizhu action is public; the play starts with the landlord's
        # first play or 明牌 (a pass before it is a pass in the bidding)
        public: list[Ev] = []
        playing = False
        for ev in self.obs.history:
            act = ev.action
            if isinstance(act, Combo) or (not isinstance(act, (Pass, Bid)) and act.name == "show"):
                playing = True
            if playing:
                label = PLAY
            elif isinstance(act, (Pass, Bid)):
                label = "bid"
            else:
                label = "rob"
            public.append(Ev(ev.seat, None, act, label))
        return public, []

    def trick_rule(self, events: Sequence[Ev]) -> Callable[[int, Ev], bool]:
        # DouDizhuDeal._pass: a trick ends after players - 1 passes in a row
        passes = 0

        def ends(i: int, ev: Ev) -> bool:
            nonlocal passes
            if isinstance(ev.action, Pass):
                passes += 1
                if passes == self.players - 1:
                    passes = 0
                    return True
            elif isinstance(ev.action, Combo):
                passes = 0
            return False

        return ends

    def info(self) -> JSON:
        o = self.obs
        mult = None
        if o.bid >= 1:
            # the unit so far: no spring, and 明牌 counted only where it counts
            # whoever wins (ming_pai=always)
            mult = multipliers(
                o.rules,
                bid=o.bid,
                robs=o.robs,
                doubling_bombs=o.bombs,
                spring=False,
                anti_spring=False,
                shown=o.shown,
                landlord_won=False,
                doubled=o.doubled,
            ).unit
        return {
            "first_bidder": o.first_bidder,
            "marker": None if o.marker is None else token(RANK_NAMES[o.marker]),
            "bid": o.bid,
            "landlord": o.landlord,
            "robs": o.robs,
            "bombs": o.bombs,
            "multiplier": mult,
            "doubled": o.doubled,
            "kitty": None if o.kitty is None else self.cards(o.kitty),
            "shown": o.shown,
            "landlord_hand": None if o.landlord_hand is None else self.cards(o.landlord_hand),
            "leader": o.leader,
        }

    def outcome(self) -> JSON | None:
        out = self.obs.outcome
        if out is None:
            return None
        return outcome_json(
            out,
            out.winner,
            [] if out.winner is None else [out.winner],
            [self.cards(h) for h in out.hands],
        )


def view(obs: Any) -> DouDizhuView:
    """The web view of a Dou Dizhu observation."""
    if not isinstance(obs, Observation):
        raise ValueError(f"not an observation of doudizhu: {type(obs).__name__}")
    return DouDizhuView(obs)
