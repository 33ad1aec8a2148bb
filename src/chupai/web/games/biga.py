"""Big A's web view (``get_game("biga").plugin("web")``), and the table's quiet
answer at the declaration checkpoints of the draw (:func:`quiet_answer`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from chupai.actions import Pass
from chupai.biga.cards import FACE_NAMES, SUITED_ACE, big_aces, strength_order
from chupai.biga.combos import Combo, combo_text
from chupai.biga.game import (
    DECLINE,
    SUIT_LETTERS,
    Capture,
    Choice,
    Declare,
    Observation,
    Phase,
    format_action,
)
from chupai.biga.rules import BigARules, RankOrder
from chupai.biga.scoring import winning_team
from chupai.web.games import PageData
from chupai.web.viewkit import (
    JSON,
    PLAY,
    Ev,
    GameView,
    Notation,
    display,
    formatted,
    outcome_json,
    token,
)

__all__ = ["PAGE", "view", "quiet_answer", "private_step"]

PAGE: PageData = {
    "prompts": [
        {"heads": ["reveal_partner", "stay_hidden"], "prompt": "prompt_reveal"},
        {"heads": ["show_second", "keep_hidden"], "prompt": "prompt_show_second"},
        {"phase": "draw", "heads": ["show"], "prompt": "prompt_draw"},
    ],
    "words": {"decline": "decline_biga"},  # 不亮
    "big_aces": True,
}
"""What the page knows of Big A (:class:`chupai.web.games.PageData`)."""


_PRIVATE = frozenset({"decline", "keep_hidden", "stay_hidden"})
"""Big A answers that only their own seat sees (``chupai.biga.game``)."""


def _faces(cards: int, order: Sequence[int]) -> list[str]:
    """Big A tokens of packed ``cards`` in ``order``."""
    out: list[str] = []
    for f in order:
        n = (cards >> (5 * f)) & 31
        if n:
            out.extend([token(FACE_NAMES[f])] * n)
    return out


class BigANotation(Notation):
    __slots__ = ("rules", "big_suit", "order")

    def __init__(self, rules: BigARules, big_suit: int | None) -> None:
        super().__init__(("biga", rules, big_suit))
        self.rules = rules
        self.big_suit = big_suit
        self.order = strength_order(rules.rank_order is RankOrder.THREE_TWO_HIGH, big_suit)

    def cards(self, cards: int) -> list[str]:
        return _faces(cards, self.order)

    def text(self, action: Any) -> str:
        return format_action(self.rules, self.big_suit, action)

    def kind(self, action: Any) -> str:
        if isinstance(action, Pass):
            return "pass"
        return "play" if isinstance(action, (Combo, Capture)) else "choice"

    def action_cards(self, action: Any) -> list[str]:
        if isinstance(action, Combo):
            # a sequence in its chain order, as in its text
            return display(combo_text(action, self.rules, self.big_suit)).split()
        if isinstance(action, Capture):
            return self.cards(action.fours.cards)
        if isinstance(action, Declare):
            return [FACE_NAMES[SUITED_ACE + action.suit]] * (2 if action.two else 1)
        return []

    def combo_type(self, action: Any) -> str | None:
        if isinstance(action, Combo):
            return str(action.kind.value)
        if isinstance(action, Capture):
            return str(action.fours.kind.value)
        return None


class BigAView(GameView):
    obs: Observation

    def __init__(self, obs: Observation) -> None:
        super().__init__(obs, BigANotation(obs.rules, obs.big_suit))

    def _private_phase(self) -> bool:
        return self.obs.phase in (Phase.DRAW, Phase.SHOW_SECOND, Phase.REVEAL)

    def phase(self) -> str:
        # the other seats never learn that the declarer is asked show_second
        p = self.obs.phase
        return Phase.REVEAL.value if p is Phase.SHOW_SECOND else str(p.value)

    def to_act(self) -> int | None:
        # nor whose private decision is pending
        return None if self._private_phase() else self.obs.current_player

    def events(self) -> tuple[list[Ev], list[Ev]]:
        public: list[Ev] = []
        notes: list[Ev] = []
        for ev in self.obs.history:
            act = ev.action
            if isinstance(act, Choice) and act.name in _PRIVATE:
                if ev.seat == self.seat:
                    notes.append(Ev(ev.seat, None, act, ""))
                continue
            if isinstance(act, (Combo, Capture, Pass)):
                label = PLAY
            elif isinstance(act, Declare):
                label = Phase.DRAW.value
            else:
                label = Phase.REVEAL.value
            public.append(Ev(ev.seat, None, act, label))
        return public, notes

    def trick_rule(self, events: Sequence[Ev]) -> Callable[[int, Ev], bool]:
        # BigADeal._pass: a trick ends when every active seat but the top player
        # passed (every active seat when the top player has gone out)
        finishing = set(self.obs.finishing)
        last_play = {ev.seat: i for i, ev in enumerate(events) if isinstance(ev.action, Combo)}
        active = set(range(self.players))
        top: int | None = None
        passes = 0

        def ends(i: int, ev: Ev) -> bool:
            nonlocal top, passes
            act = ev.action
            if isinstance(act, Pass):
                passes += 1
                if passes >= (len(active) - 1 if top in active else len(active)):
                    top, passes = None, 0
                    return True
            else:
                top, passes = ev.seat, 0
                if isinstance(act, Combo) and ev.seat in finishing and last_play[ev.seat] == i:
                    active.discard(ev.seat)
            return False

        return ends

    def dealer(self) -> int:
        return int(self.obs.first_drawer)

    def info(self) -> JSON:
        o = self.obs
        return {
            "first_drawer": o.first_drawer,
            "drawn": o.drawn,
            "declarer": o.declarer,
            "big_suit": None if o.big_suit is None else SUIT_LETTERS[o.big_suit],
            "forced": o.forced,
            "declarations": [
                {
                    "seat": ev.seat,
                    "drawn": k,
                    "text": formatted(self.nt, ev.action).text,
                    "cards": list(formatted(self.nt, ev.action).cards),
                }
                for k, ev in o.declarations
            ],
            "exposed": [self.cards(c) for c in o.exposed],
            "two_shown": o.two_shown,
            "partner_revealed": o.partner_revealed,
            "partner": o.public_partner,
            # two Aces shown are the declarer's two Big Aces
            "alone_known": o.alone_known or o.two_shown,
            "captured": [self.cards(c) for c in o.captured],
            "finishing": list(o.finishing),
            "leader": o.leader,
        }

    def outcome(self) -> JSON | None:
        out = self.obs.outcome
        if out is None:
            return None
        order = strength_order(self.obs.rules.rank_order is RankOrder.THREE_TWO_HIGH, out.big_suit)
        return outcome_json(
            out,
            out.finishing_order[0] if out.finishing_order else None,
            out.finishing_order,
            [_faces(h, order) for h in out.hands],
            winning_team(out.declarer, out.partner, out.scores),
        )

    def private_info(self) -> JSON:
        o = self.obs
        return {"big_aces": None if o.big_suit is None else big_aces(o.hand, o.big_suit)}


def view(obs: Any) -> BigAView:
    """The web view of a Big A observation."""
    if not isinstance(obs, Observation):
        raise ValueError(f"not an observation of biga: {type(obs).__name__}")
    return BigAView(obs)


def quiet_answer(deal: Any) -> Any:
    """The answer a table may give for a human at this decision without asking
    (:meth:`chupai.web.tables.Table.auto_action`), or None.

    Big A offers a declaration at every checkpoint of the draw where a seat has
    one, up to a hundred times a deal. Like ``chupai play``, the table asks a
    human only when their possible declarations changed since their last answer
    (they drew an Ace, somebody declared), and declines for them otherwise."""
    return DECLINE if deal.phase is Phase.DRAW else None


def private_step(deal: Any) -> bool:
    """Whether the seat to act answers a private step whose length must not tell
    who it is (:meth:`chupai.web.tables.Table.private_step`): the steps before play,
    where the declarer holding both Big Aces decides whether to show the second and
    the partner whether to reveal itself. Every other seat sees the ``reveal`` phase
    and nobody to act; how long it lasted would tell a bot's quick answer from a
    human's thought, and so who the partner is."""
    return deal.phase is Phase.SHOW_SECOND or deal.phase is Phase.REVEAL
