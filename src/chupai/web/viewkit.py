"""What a game's web view is made of (the parts shared by the per-game views of
:mod:`chupai.web.games` and the generic view of :mod:`chupai.web.views`).

A game's web plugin (``spec.plugin("web")``, a module of :mod:`chupai.web.games`)
provides ``view(obs)``: a :class:`GameView` of one seat's observation, whose
:class:`Notation` writes the game's cards and actions. :mod:`chupai.web.views`
turns a :class:`GameView` into the VIEW messages; everything a view shows of a
seat's own knowledge or of the roles comes from the observation.

>>> token("TD"), token("3D"), display("TD TH 9S")
('10D', '3D', '10D 10H 9S')
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any, Final, NamedTuple, TypeAlias

from chupai.actions import Pass

__all__ = [
    "JSON",
    "PLAY",
    "HISTORY_LIMIT",
    "Ev",
    "Notation",
    "Formatted",
    "GameView",
    "formatted",
    "token",
    "display",
    "outcome_json",
]

JSON: TypeAlias = dict[str, Any]

PLAY: Final = "play"
"""The phase label of the events of the play phase."""

HISTORY_LIMIT: Final = 60
"""How many of the latest public events a view lists (and private notes)."""


# ----- card tokens --------------------------------------------------------------------


def token(name: str) -> str:
    """A core card token with the ten written ``10`` (no other token starts with T)."""
    return "10" + name[1:] if name[:1] == "T" else name


def _is_ten(word: str) -> bool:
    return word == "T" or (len(word) == 2 and word[0] == "T" and word[1] in "DCHS")


def display(text: str) -> str:
    """A core action text with every ten written ``10``."""
    return " ".join("10" + w[1:] if _is_ten(w) else w for w in text.split(" "))


class Ev(NamedTuple):
    """One event as a view shows it: who, to whom (Big Two exchanges), the action
    (a Big Two ``Hidden`` where the cards are not shown), and the phase it
    belongs to (``play`` for the play phase)."""

    seat: int
    to: int | None
    action: Any
    phase: str


# ----- notation ------------------------------------------------------------------------


class Notation:
    """How one game writes cards and actions under given rules (and Big Ace suit):
    hashable on ``key``, so that formatted actions can be cached."""

    __slots__ = ("key", "_hash")

    def __init__(self, key: tuple[Any, ...]) -> None:
        self.key = key
        self._hash = hash(key)

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and isinstance(other, Notation) and other.key == self.key

    def __hash__(self) -> int:
        return self._hash

    def cards(self, cards: int) -> list[str]:
        raise NotImplementedError

    def text(self, action: Any) -> str:
        """The core text of an action (tens written T)."""
        raise NotImplementedError

    def kind(self, action: Any) -> str:
        raise NotImplementedError

    def action_cards(self, action: Any) -> list[str]:
        raise NotImplementedError

    def combo_type(self, action: Any) -> str | None:
        raise NotImplementedError


class Formatted(NamedTuple):
    text: str
    cards: tuple[str, ...]
    kind: str
    type: str | None


@lru_cache(maxsize=8192)
def formatted(nt: Notation, action: Any) -> Formatted:
    """An action as the views write it (cached: a view lists up to
    ``HISTORY_LIMIT`` events, and the next view mostly the same ones)."""
    return Formatted(
        display(nt.text(action)),
        tuple(nt.action_cards(action)),
        nt.kind(action),
        nt.combo_type(action),
    )


def outcome_json(
    out: Any,
    winner: int | None,
    order: Sequence[int],
    hands: list[list[str]],
    winners: Sequence[int] | None = None,
) -> JSON:
    """The ``outcome`` of a view from a game's outcome object (its ``scores``,
    ``redeal`` and ``to_dict()``; the hands are given in the view's notation)."""
    detail = out.to_dict()
    del detail["hands"]
    result: JSON = {"scores": list(out.scores), "redeal": out.redeal, "winner": winner}
    if winners is not None:
        result["winners"] = list(winners)
    result.update({"order": list(order), "hands": hands, "detail": detail})
    return result


# ----- the view of one observation ---------------------------------------------------------


class GameView:
    """What a view needs of one game's observation; a game's web plugin subclasses
    it. The roles come from the observation (``obs.public_roles``, ``obs.roles``):
    what a seat knows of the roles is decided there, once."""

    players: int
    seat: int
    nt: Notation
    obs: Any

    def __init__(self, obs: Any, nt: Notation) -> None:
        self.obs = obs
        self.players = obs.players
        self.seat = obs.seat
        self.nt = nt

    def cards(self, cards: int) -> list[str]:
        return self.nt.cards(cards)

    # public facts
    def phase(self) -> str:
        return str(self.obs.phase.value)

    def to_act(self) -> int | None:
        seat: int | None = self.obs.current_player
        return seat

    def events(self) -> tuple[list[Ev], list[Ev]]:
        """The public events, and the seat's private notes."""
        raise NotImplementedError

    def trick_start(self, events: Sequence[Ev]) -> int:
        """Where the current trick starts in ``events`` (``len(events)`` when no
        card has been led in it yet): the tricks are followed through the play
        events with the game's rule for the end of a trick (:meth:`trick_rule`)."""
        ends = self.trick_rule(events)
        start: int | None = None
        for i, ev in enumerate(events):
            if ev.phase != PLAY:
                continue
            if start is None:
                start = i
            if ends(i, ev):
                start = None
        return len(events) if start is None else start

    def trick_rule(self, events: Sequence[Ev]) -> Callable[[int, Ev], bool]:
        """The game's rule for the end of a trick, replayed from public facts: a
        function called with each play event ``(i, events[i])`` in order that
        says whether the trick ends with it."""
        raise NotImplementedError

    def dealer(self) -> int:
        return int(self.obs.dealer)

    def base(self) -> JSON:
        """``dealer``, ``counts``, ``played`` and ``top``."""
        o = self.obs
        return {
            "dealer": self.dealer(),
            "counts": list(o.hand_counts),
            "played": [self.cards(c) for c in o.played],
            "top": self.top_json(o.top_player, o.top),
        }

    def roles(self) -> list[str | None]:
        """The public roles (``obs.public_roles``; None where unknown)."""
        return [r or None for r in self.obs.public_roles]

    def info(self) -> JSON:
        raise NotImplementedError

    def outcome(self) -> JSON | None:
        raise NotImplementedError

    # own knowledge
    def hand(self) -> list[str]:
        return self.cards(self.obs.hand)

    def private_role(self) -> str | None:
        """The seat's role as it knows it (``obs.roles``; None where unknown)."""
        role: str = self.obs.roles[self.seat]
        return role or None

    def private_info(self) -> JSON:
        return {}

    # shared helpers
    def entry(self, ev: Ev) -> JSON:
        f = formatted(self.nt, ev.action)
        return {
            "seat": ev.seat,
            "to": ev.to,
            "text": f.text,
            "cards": list(f.cards),
            "kind": f.kind,
            "type": f.type,
        }

    def top_json(self, seat: int | None, top: Any) -> JSON | None:
        if top is None or seat is None:
            return None
        f = formatted(self.nt, top)
        return {"seat": seat, "cards": list(f.cards), "type": f.type, "text": f.text}

    def last_json(self, ev: Ev) -> JSON:
        """A seat's last action in the current trick or phase."""
        f = formatted(self.nt, ev.action)
        return {
            "text": f.text,
            "cards": list(f.cards),
            "pass": isinstance(ev.action, Pass),
            "kind": f.kind,
        }

    def segment_start(self, events: Sequence[Ev]) -> int:
        """Where the events of the current trick (in play) or phase start."""
        if any(ev.phase == PLAY for ev in events):
            return self.trick_start(events)
        phase = self.phase()
        if phase == "over" and events:
            phase = events[-1].phase
        i = len(events)
        while i > 0 and events[i - 1].phase == phase:
            i -= 1
        return i

    # the parts of a VIEW
    def format(self, action: Any) -> Formatted:
        """An action as the views write it."""
        return formatted(self.nt, action)

    def kind(self, action: Any) -> str:
        """An action's kind (``play``, ``pass``, ``choice``), without writing it."""
        return self.nt.kind(action)

    def public_part(self) -> tuple[JSON, list[Ev]]:
        """The public part of the view, and the seat's private notes."""
        events, notes = self.events()
        start = self.segment_start(events)
        last: list[JSON | None] = [None] * self.players
        for ev in events[start:]:
            last[ev.seat] = self.last_json(ev)
        first = max(0, len(events) - HISTORY_LIMIT)
        history = [{"n": first + k, **self.entry(ev)} for k, ev in enumerate(events[first:])]
        public: JSON = {"phase": self.phase(), "to_act": self.to_act()}
        public.update(self.base())
        public.update(
            {
                "last": last,
                "history": history,
                "roles": self.roles(),
                "info": self.info(),
                "outcome": self.outcome(),
            }
        )
        return public, notes

    def private_part(self, notes: list[Ev] | None = None) -> JSON:
        """The private part of the view (``notes``: the private notes if known)."""
        if notes is None:
            _, notes = self.events()
        obs = self.obs
        return {
            "seat": self.seat,
            "hand": self.hand(),
            "role": self.private_role(),
            "notes": [self.entry(ev) for ev in notes[-HISTORY_LIMIT:]],
            "info": {"phase": obs.phase.value, "to_act": obs.current_player, **self.private_info()},
        }
