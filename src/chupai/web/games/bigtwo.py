"""Big Two's web view (``get_game("bigtwo").plugin("web")``)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from chupai.actions import Pass
from chupai.bigtwo.combos import Combo, tables as b2_tables
from chupai.bigtwo.game import Choice, Hidden, LastCard, Observation, format_action
from chupai.bigtwo.notation import cards_text
from chupai.bigtwo.rules import BigTwoRules, Series
from chupai.web.games import PageData
from chupai.web.tableconfig import MAX_SEATS
from chupai.web.viewkit import JSON, PLAY, Ev, GameView, Notation, outcome_json, token

__all__ = ["PAGE", "TABLE_OPTIONS", "view"]

PAGE: PageData = {
    "prompts": [
        {"heads": ["name"], "prompt": "prompt_name"},
        {"phase": "tribute", "prompt": "prompt_tribute"},
        {"heads": ["give"], "prompt": "prompt_give_to", "unnamed": "prompt_give"},
        {"heads": ["redeal", "keep"], "prompt": "prompt_redeal"},
        {"heads": ["hand"], "prompt": "prompt_hand"},
        {"phase": "leftover", "prompt": "prompt_leftover"},
    ],
    "words": {},
    "big_aces": False,
}
"""What the page knows of Big Two (:class:`chupai.web.games.PageData`)."""

TABLE_OPTIONS: dict[str, tuple[str, ...] | None] = {
    "players": tuple(str(n) for n in range(2, MAX_SEATS + 1)),
    "packs": ("1", "2"),
    "leftover_rule": None,
    "starting_copy": None,
    "identical_beats": None,
}
"""The options the lobby offers as menus (:func:`chupai.web.games.table_options`):
the table size (2 to 8 seats in the browser, :data:`MAX_SEATS`), one pack or two
(two for 5 to 8 players), what becomes of the cards that do not divide evenly,
and with two packs which holder of the starting card leads and whether an
identical play beats."""


class BigTwoNotation(Notation):
    __slots__ = ("rules", "strength")

    def __init__(self, rules: BigTwoRules) -> None:
        super().__init__(("bigtwo", rules))
        self.rules = rules
        self.strength = b2_tables(rules).card_strength

    def cards(self, cards: int) -> list[str]:
        # the game's own notation: with two packs a second copy (bit 52 + c) is
        # written again (``3D 3D``), the text ``parse_action`` reads back
        text = cards_text(self.strength, cards)
        return [token(t) for t in text.split()]

    def text(self, action: Any) -> str:
        return format_action(self.rules, action)

    def kind(self, action: Any) -> str:
        if isinstance(action, Pass):
            return "pass"
        if isinstance(action, Choice):
            return "choice"
        if isinstance(action, Hidden):
            return "hidden"
        return "play"

    def action_cards(self, action: Any) -> list[str]:
        if isinstance(action, (Combo, LastCard)):
            return self.cards(action.mask)
        if isinstance(action, Choice):
            return self.cards(action.cards)
        return []

    def combo_type(self, action: Any) -> str | None:
        if isinstance(action, (Combo, LastCard)):
            return str(action.kind.value)
        return None


def _size(action: Choice | Hidden) -> int:
    return action.size if isinstance(action, Hidden) else action.cards.bit_count()


class BigTwoView(GameView):
    obs: Observation

    def __init__(self, obs: Observation) -> None:
        super().__init__(obs, BigTwoNotation(obs.rules))

    def _label(self, action: Any, to: int | None) -> str:
        """The phase of an event, from its name (``bigtwo.md`` §3.4)."""
        if not isinstance(action, (Choice, Hidden)):
            return PLAY
        name = action.name
        if name == "hand":
            return "choose_hands"
        if name in ("take", "leave", "swap", "decline"):
            return "leftover"
        if name == "redeal" or (name == "keep" and _size(action) == 0):
            return "redeal"
        if name == "receive" or (name == "give" and to is None):
            return "pre_exchange"
        if name in ("name", "skip", "not_held") or (
            name == "give" and self.obs.rules.series is Series.CLASS_STRUGGLE
        ):
            return "class_exchange"
        return "tribute"

    def events(self) -> tuple[list[Ev], list[Ev]]:
        full = (1 << self.players) - 1
        bit = 1 << self.seat
        public: list[Ev] = []
        notes: list[Ev] = []
        for ev in self.obs.history:
            act = ev.action
            to = ev.to if ev.to >= 0 else None
            shown_all = ev.shown & full == full
            visible_all = ev.visible & full == full
            if shown_all:
                if not visible_all:
                    # every seat sees it happen, not its cards: as the others see it
                    assert isinstance(act, (Choice, Hidden))
                    act = Hidden(act.name, _size(act))
                public.append(Ev(ev.seat, to, act, self._label(act, to)))
            if not shown_all or (not visible_all and ev.visible & bit):
                notes.append(Ev(ev.seat, to, ev.action, ""))
        return public, notes

    def trick_rule(self, events: Sequence[Ev]) -> Callable[[int, Ev], bool]:
        # BigTwoDeal._advance: a trick ends when every other seat still in the deal
        # passed since the top play (since the trick began under pass_lockout)
        lockout = self.obs.rules.pass_lockout
        finished = set(self.obs.finished)
        last_play = {
            ev.seat: i
            for i, ev in enumerate(events)
            if ev.phase == PLAY and not isinstance(ev.action, Pass)
        }
        active = set(range(self.players))
        top: int | None = None
        passed: set[int] = set()

        def ends(i: int, ev: Ev) -> bool:
            nonlocal top, passed
            if isinstance(ev.action, Pass):
                passed.add(ev.seat)
            else:
                top = ev.seat
                if not lockout:
                    passed = set()
                if ev.seat in finished and last_play[ev.seat] == i:
                    active.discard(ev.seat)
            if top is not None and not (active - {top}) - passed:
                top, passed = None, set()
                return True
            return False

        return ends

    def info(self) -> JSON:
        o = self.obs
        return {
            "starting_player": o.starting_player,
            "leader": o.leader if o.phase.value == PLAY else None,
            "passed": list(o.passed),
            "finished": list(o.finished),
            "exposed": self.cards(o.exposed),
            "leftover_shown": self.cards(o.leftover_shown),
            "blocked": list(o.blocked),
            "forced_trick": o.forced_trick,
            "ranking": None if o.ranking is None else list(o.ranking),
            "piles": list(o.piles),
        }

    def outcome(self) -> JSON | None:
        out = self.obs.outcome
        if out is None:
            return None
        return outcome_json(
            out, out.winner, out.ranking or out.finishing_order, [self.cards(h) for h in out.hands]
        )

    def private_info(self) -> JSON:
        o = self.obs
        return {"must_contain": self.cards(o.must_contain), "exchange_with": o.partner}


def view(obs: Any) -> BigTwoView:
    """The web view of a Big Two observation."""
    if not isinstance(obs, Observation):
        raise ValueError(f"not an observation of bigtwo: {type(obs).__name__}")
    return BigTwoView(obs)
