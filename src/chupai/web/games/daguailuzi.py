"""大怪路子's web view (``get_game("daguailuzi").plugin("web")``).

Six seats in two fixed teams (A: seats 0, 2, 4; B: 1, 3, 5). What the page is
told, all from one seat's :class:`~chupai.daguailuzi.observation.Observation`:

* public: the card counts, each seat's cards played and its last action in the
  trick, the top play, the finishing order, each seat's side (its public role,
  ``offense`` or ``defense``: the two teams), the offense leader, both teams'
  levels and the trump rank (``offense_level``, ``defense_level``, ``trump``: rank
  tokens, the trump None without trumps), the tribute cards with their givers and
  recipients (§10.2, public), and at the end the outcome with the hands still held;
* private: the seat's own hand, the return it made or received, the candidates
  it offered or is offered (``joker_candidates``), and the seat it exchanges
  with in the tribute steps (``exchange_with``, named in the prompts).

A return, an offer and a take are private to the two seats concerned (§11): the
public history shows them without their cards (``return (1 card)``), the seats
concerned see them in their notes.

The legal actions: a play is ``play`` with its cards (selected in the hand), the
pass ``pass``, and the tribute, return, offer and take ``choice`` entries with
their cards (buttons when few, else select in the hand and confirm).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

from chupai.actions import Pass
from chupai.daguailuzi.cards import cards_text, types_of
from chupai.daguailuzi.combos import Combo
from chupai.daguailuzi.events import PRIVATE_GIFTS, TEAM_SEATS, Gift, GiftKind, Phase, team_of
from chupai.daguailuzi.exchange import offer_size
from chupai.daguailuzi.observation import Observation
from chupai.daguailuzi.rules import DaguailuziRules
from chupai.daguailuzi.scoring import level_text
from chupai.web.games import PageData
from chupai.web.viewkit import JSON, PLAY, Ev, GameView, Notation, display, formatted, token

__all__ = ["PAGE", "view"]

PAGE: PageData = {
    "prompts": [
        {"phase": "tribute", "heads": ["tribute"], "prompt": "prompt_tribute_highest"},
        {"heads": ["return"], "prompt": "prompt_return_to", "unnamed": "prompt_return"},
        {"heads": ["offer"], "prompt": "prompt_offer_to", "unnamed": "prompt_offer"},
        {"heads": ["take"], "prompt": "prompt_take_from", "unnamed": "prompt_take"},
    ],
    "words": {},
    "big_aces": False,
}
"""What the page knows of 大怪路子 (:class:`chupai.web.games.PageData`)."""


class Hidden(NamedTuple):
    """A private move as the seats not concerned see it: its kind and how many
    cards it moved (``return (1 card)``, ``offer (3 cards)``), not which. (Three
    fields, so that it never equals a :class:`Gift`, a key of the formatting cache.)"""

    kind: GiftKind
    size: int
    hidden: bool = True


class DaguailuziNotation(Notation):
    __slots__ = ("rules", "level")

    def __init__(self, rules: DaguailuziRules, level: int | None) -> None:
        super().__init__(("daguailuzi", rules, level))
        self.rules = rules
        self.level = level

    def cards(self, cards: int) -> list[str]:
        text = cards_text(cards, self.rules, self.level)
        return [token(t) for t in text.split()] if text else []

    def text(self, action: Any) -> str:
        # the text of DaguailuziDeal.action_text, which parse_action reads back
        if isinstance(action, Pass):
            return "pass"
        if isinstance(action, Hidden):
            n = action.size
            return f"{action.kind.value} ({n} card{'' if n == 1 else 's'})"
        if isinstance(action, Gift):
            return f"{action.kind.value} {cards_text(action.cards, self.rules, self.level)}"
        return cards_text(action.cards, self.rules, self.level)

    def kind(self, action: Any) -> str:
        if isinstance(action, Pass):
            return "pass"
        return "play" if isinstance(action, Combo) else "choice"

    def action_cards(self, action: Any) -> list[str]:
        if isinstance(action, (Combo, Gift)):
            return self.cards(action.cards)
        return []

    def combo_type(self, action: Any) -> str | None:
        return str(action.kind.value) if isinstance(action, Combo) else None


def _phase_of(action: Any) -> str:
    """The phase an event belongs to."""
    if isinstance(action, Gift):
        return Phase.TRIBUTE.value if action.kind is GiftKind.TRIBUTE else Phase.RETURN.value
    return PLAY


class DaguailuziView(GameView):
    obs: Observation

    def __init__(self, obs: Observation) -> None:
        super().__init__(obs, DaguailuziNotation(obs.rules, obs.level))

    # ----- events -----------------------------------------------------------
    def _pairs(self) -> dict[int, int]:
        """Giver ↔ recipient of each tribute handed (public)."""
        out: dict[int, int] = {}
        for giver, recipient, _ in self.obs.tributes:
            if recipient >= 0:
                out[giver] = recipient
                out[recipient] = giver
        return out

    def _offered(self, recipient: int) -> int:
        """How many candidates ``recipient`` offers: public, from the tribute
        card it received (§10.4)."""
        for _, to, card in self.obs.tributes:
            if to == recipient:
                return offer_size(types_of(card)[0])
        return 0

    def _hide(self, seat: int, gift: Gift) -> Hidden:
        """``gift`` of ``seat`` as the seats not concerned see it."""
        size = self._offered(seat) if gift.kind is GiftKind.OFFER else 1
        return Hidden(gift.kind, size)

    def events(self) -> tuple[list[Ev], list[Ev]]:
        public: list[Ev] = []
        notes: list[Ev] = []
        pairs = self._pairs()
        for ev in self.obs.history:
            act = ev.action
            if isinstance(act, Gift) and act.kind in PRIVATE_GIFTS:
                to = pairs.get(ev.seat)
                public.append(Ev(ev.seat, to, self._hide(ev.seat, act), _phase_of(act)))
                if act.cards:  # this seat is one of the two concerned
                    notes.append(Ev(ev.seat, to, act, ""))
                continue
            to = pairs.get(ev.seat) if isinstance(act, Gift) else None
            public.append(Ev(ev.seat, to, act, _phase_of(act)))
        return public, notes

    def trick_rule(self, events: Sequence[Ev]) -> Callable[[int, Ev], bool]:
        # DaguailuziDeal (chupai.trick, no lock-out): a trick ends when every active
        # seat but the top player passed since the top play; a seat that played its
        # last card is no longer active
        finishing = set(self.obs.finishing)
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
                if top is not None and not active - passed - {top}:
                    top, passed = None, set()
                    return True
                return False
            top, passed = ev.seat, set()
            if ev.seat in finishing and last_play[ev.seat] == i:
                active.discard(ev.seat)
            return False

        return ends

    # ----- public facts -----------------------------------------------------------
    def base(self) -> JSON:
        # No dealer: it only deals (§3.2), and the seat players call the 庄家 is
        # the offense leader (``info.offense_leader``), not the dealer the page
        # would badge as 庄 / 親.
        return {**super().base(), "dealer": None}

    def _rank(self, level: int | None) -> str | None:
        return None if level is None else token(level_text(level))

    def info(self) -> JSON:
        o = self.obs
        return {
            "offense_leader": o.offense,
            "offense_level": self._rank(o.levels[team_of(o.offense)]),
            "defense_level": self._rank(o.levels[1 - team_of(o.offense)]),
            "trump": self._rank(o.level),
            "leader": o.leader if o.phase is Phase.PLAY else None,
            "finishing": list(o.finishing),
            "tributes": [
                {
                    "seat": giver,
                    "to": recipient if recipient >= 0 else None,
                    "text": formatted(self.nt, Gift(GiftKind.TRIBUTE, card)).text,
                    "cards": self.cards(card),
                }
                for giver, recipient, card in o.tributes
            ],
        }

    def outcome(self) -> JSON | None:
        out = self.obs.outcome
        if out is None:
            return None
        scorers = [] if out.scoring_team is None else list(TEAM_SEATS[out.scoring_team])
        return {
            "scores": list(out.scores),
            "redeal": False,
            "winner": out.finishing_order[0] if out.finishing_order else None,
            "winners": list(out.winners),
            "order": list(out.finishing_order),
            "hands": [self.cards(h) for h in self.obs.shown],
            "detail": {
                "result": out.result,
                "offense_leader": out.offense,
                "trapped": list(out.trapped),
                "scorers": scorers,
                "offense_level": self._rank(out.levels[team_of(out.offense)]),
                "defense_level": self._rank(out.levels[1 - team_of(out.offense)]),
                "match_won": out.match_won,
            },
        }

    # ----- own knowledge --------------------------------------------------------------
    def private_info(self) -> JSON:
        o = self.obs
        return {
            "exchange_with": self._exchange_with(),
            "returned": [
                {
                    "seat": r,
                    "to": g,
                    "text": display(f"return {cards_text(c, o.rules, o.level)}"),
                    "cards": self.cards(c),
                }
                for r, g, c in o.returned
            ],
            "offer": None if o.offer is None else self.cards(o.offer),
        }

    def _exchange_with(self) -> int | None:
        """The seat this seat hands a card to, or takes one from, at its tribute
        step (None when not known yet: a tribute's recipient is fixed once every
        giver has chosen)."""
        o = self.obs
        if o.phase is not Phase.RETURN or o.current_player != self.seat:
            return None
        return self._pairs().get(self.seat)


def view(obs: Any) -> DaguailuziView:
    """The web view of a 大怪路子 observation."""
    if not isinstance(obs, Observation):
        raise ValueError(f"not an observation of daguailuzi: {type(obs).__name__}")
    return DaguailuziView(obs)
