"""Per-seat JSON views of a deal, built only from an Observation.

The browser is never shown a deal, only what these functions make of one seat's
:class:`Observation` (``deal.observe(seat)``). The engine's observations are where
secrecy is decided (``bigtwo.md`` §13, ``biga.md`` §3.5): building a view from the
deal itself, or from a record, would make every view a place where a hidden card
could slip out. Here a view can only ever repeat what its observation holds.

A view is ``{"public": PUBLIC, "private": PRIVATE or None}`` (the VIEW format of
``docs/protocol.md``):

* ``public`` is **common knowledge**: built from any seat's observation at the
  same moment it is the same value, so a spectator may be sent the public part of
  any seat's view. Everything that is one seat's own knowledge is therefore left
  out of it, even when the observation of that seat holds it: its hand, its private
  events (Big Two exchanges, tribute and class struggle, Big A's ``decline``,
  ``keep_hidden`` and ``stay_hidden`` answers), its knowledge of its own role (the
  hidden Big A partner), and whose private decision is pending (Big A hides the
  seat to act and the ``show_second`` step from the other seats).
* ``private`` is that own knowledge: ``hand``, ``role``, ``notes`` (the private
  events the seat took part in or saw) and ``info`` (with the ``phase`` and the
  seat ``to_act`` as this seat sees them: its own private turn included).

``history`` holds the last :data:`HISTORY_LIMIT` public events (each with its
position ``n`` in the whole public history), so that a state message stays small
however long the deal; ``notes`` are limited the same way. ``last`` is each seat's
last public action in the current trick (in play; a trick not led yet shows
none) or in the current phase before play (bidding, robbing, the Big A draw, a
Big Two exchange). The tricks are followed from the public events with each
game's rule for the end of a trick, never from the deal.

``roles`` are public roles only, as the observation decides them
(``obs.public_roles``; the private ``role`` is the seat's own, ``obs.roles``):
Dou Dizhu ``landlord``/``peasant`` once the bidding and robbing are over; Big A
``declarer``, and ``partner``/``defender`` once the teams are public (the
partner revealed itself or played a Big Ace of its own, the declarer is known to
be alone, or the deal is over); Big Two the titles of class struggle (``king``,
``noble``, ``commoner``, ``slave``) or the ranks of tribute (``1st`` ..
``4th``) in a deal of a series.

Card tokens are single cards: Big Two ``"3D"``, ``"10H"``; Dou Dizhu ranks
``"3"`` .. ``"10"``, ``"J"``, ``"Q"``, ``"K"``, ``"A"``, ``"2"``, ``"BJ"``,
``"RJ"``; Big A ranks, with the suit on a Big Ace (``"AH"``) and on every Ace
during the draw. The ten is written ``10`` (the core writes ``T``; every parser
of the core reads both), and every text here, including the ``text`` of a legal
action, uses that spelling and reads back with ``deal.parse_action``.

Everything returned is JSON-ready (str, int, bool, None, lists and dicts).

The views of each game are its web plugin (``get_game(key).plugin("web")``, the
modules of :mod:`chupai.web.games`); a game without one is shown by a generic
view built from its :class:`~chupai.protocol.SeatFacts` (``spec.facts(obs)``):
the hand, the counts, the roles, the cards shown and the play to beat, with the
legal actions written by the deal (``deal.action_text``, given as ``text``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeAlias

from chupai.actions import Pass
from chupai.protocol import GameSpec, get_game
from chupai.web.viewkit import HISTORY_LIMIT, JSON, Ev, Formatted, GameView

__all__ = [
    "HISTORY_LIMIT",
    "Game",
    "Observation",
    "TextOf",
    "seat_view",
    "public_view",
    "legal_entries",
    "listed_entries",
    "PLAY_LIST_LIMIT",
    "action_text",
    "card_tokens",
    "hand_tokens",
]

Observation: TypeAlias = Any
"""The observation of any game (``deal.observe(seat)``)."""

TextOf: TypeAlias = Callable[[Any], str]
"""An action → its text (``deal.action_text``): how the generic view writes the
actions of a game without a web view of its own."""


class _Generic:
    """The view of a game without a web plugin: only what its
    :class:`~chupai.protocol.SeatFacts` say, and the actions as ``text`` writes
    them. It lists no events (the game alone knows which of a seat's events are
    public), so ``history``, ``last`` and ``notes`` are empty."""

    def __init__(self, spec: GameSpec, obs: Observation, text: TextOf | None) -> None:
        self.spec = spec
        self.facts = spec.facts(obs)
        self.text = text

    def format(self, action: Any) -> Formatted:
        if self.text is None:
            raise ValueError(
                f"{self.spec.key} has no web view: its actions are written "
                "by the deal's action_text (pass text=deal.action_text)"
            )
        kind = "pass" if isinstance(action, Pass) else "choice"
        return Formatted(self.text(action), (), kind, None)

    def kind(self, action: Any) -> str:
        return "pass" if isinstance(action, Pass) else "choice"

    def hand(self) -> list[str]:
        return list(self.facts.hand)

    def _outcome(self) -> JSON | None:
        r = self.facts.result
        if r is None:
            return None
        return {
            "scores": list(r.scores),
            "redeal": r.redeal,
            "winner": r.winners[0] if r.winners else None,
            "winners": list(r.winners),
            "order": list(r.order),
            "hands": None,
            "detail": {},
        }

    def public_part(self) -> tuple[JSON, list[Ev]]:
        f = self.facts
        top = (
            None
            if f.top is None or f.top_player is None
            else {"seat": f.top_player, "cards": [], "type": None, "text": f.top}
        )
        public: JSON = {
            "phase": f.phase,
            "to_act": f.to_act,
            "dealer": None,
            "counts": list(f.counts),
            "played": [[] for _ in range(f.players)],
            "top": top,
            "last": [None] * f.players,
            "history": [],
            "roles": [r or None for r in f.public_roles],
            "info": {
                "shown": {k: list(v) for k, v in f.shown.items()},
                "finished": list(f.finished),
            },
            "outcome": self._outcome(),
        }
        return public, []

    def private_part(self, notes: list[Ev] | None = None) -> JSON:
        f = self.facts
        return {
            "seat": f.seat,
            "hand": self.hand(),
            "role": f.roles[f.seat] or None,
            "notes": [],
            "info": {"phase": f.phase, "to_act": f.to_act},
        }


_View: TypeAlias = GameView | _Generic


Game: TypeAlias = str | GameSpec
"""A game: its key or alias, or its spec (a server that knows it saves the look-up)."""


def _view(game: Game, obs: Observation, text: TextOf | None = None) -> _View:
    # an unknown game raises RulesError, a ValueError
    spec = game if isinstance(game, GameSpec) else get_game(game)
    plugin = spec.plugin("web")
    if plugin is None:
        return _Generic(spec, obs, text)
    v: GameView = plugin.view(obs)
    return v


def public_view(game: Game, obs: Observation) -> JSON:
    """``{"public": PUBLIC, "private": None}``: the common knowledge of the moment
    of ``obs``, the same whichever seat's observation it is (a spectator's view)."""
    public, _ = _view(game, obs).public_part()
    return {"public": public, "private": None}


def seat_view(game: Game, obs: Observation, public: JSON | None = None) -> JSON:
    """``{"public": PUBLIC, "private": PRIVATE}``: what the seat of ``obs`` sees.

    ``public``, if given, is the public part of the same moment already built
    (``public_view(game, any seat's observation)["public"]``): it is common
    knowledge, the same for every seat (tested), so a server builds it once per
    change rather than once per seat."""
    v = _view(game, obs)
    notes = None
    if public is None:
        public, notes = v.public_part()
    return {"public": public, "private": v.private_part(notes)}


def legal_entries(
    game: Game, obs: Observation, legal: Sequence[Any], text: TextOf | None = None
) -> list[JSON]:
    """The LEGAL entries of ``legal`` (``deal.legal_actions()``), with ``obs`` the
    observation of the seat to act: ``{"i", "text", "kind", "cards", "type"}``.
    ``i`` is the index in ``legal``; ``text`` reads back as the same action with
    ``deal.parse_action``; ``kind`` is ``play``, ``pass`` or ``choice``. ``text``
    (``deal.action_text``) writes the actions of a game without a web view."""
    v = _view(game, obs, text)
    out: list[JSON] = []
    for i, a in enumerate(legal):
        f = v.format(a)
        out.append({"i": i, "text": f.text, "kind": f.kind, "cards": list(f.cards), "type": f.type})
    return out


PLAY_LIST_LIMIT = 500
"""The most ``play`` entries a state message lists (:func:`listed_entries`)."""


def listed_entries(
    game: Game,
    obs: Observation,
    legal: Sequence[Any],
    text: TextOf | None = None,
    limit: int = PLAY_LIST_LIMIT,
) -> tuple[list[JSON], int]:
    """The LEGAL entries a state message lists, and how many it leaves out.

    Every entry is listed, in the order of ``legal`` and with its index ``i`` in
    it, but the plays past the first ``limit`` and, of the choices that name cards
    and share their first word, those past the first ``limit``. A pass and a
    choice without cards are always listed. A hand of many cards may have
    thousands of plays (a 大怪路子 lead: often over a thousand, 100 KB and more of
    JSON, built in tens of milliseconds) or of card choices (a 大怪路子 offer of
    three cards of different ranks: up to two thousand). One left out is acted
    by its ``text``, judged by the server: a play by its cards, a choice by its
    word and its cards. The other games stay under the limit."""
    v = _view(game, obs, text)
    out: list[JSON] = []
    shown: dict[str, int] = {}
    unlisted = 0
    for i, a in enumerate(legal):
        play = v.kind(a) == "play"
        if play and shown.get("", 0) >= limit:
            unlisted += 1  # (not written: the common case, a lead)
            continue
        f = v.format(a)
        group = "" if play else f.text.split(" ", 1)[0] if f.cards and f.kind == "choice" else None
        if group is not None:
            if shown.get(group, 0) >= limit:
                unlisted += 1
                continue
            shown[group] = shown.get(group, 0) + 1
        out.append({"i": i, "text": f.text, "kind": f.kind, "cards": list(f.cards), "type": f.type})
    return out, unlisted


def action_text(game: Game, obs: Observation, action: Any, text: TextOf | None = None) -> str:
    """The text of ``action`` as the views write it (``deal.action_text`` with the
    ten written ``10``); ``obs`` is any seat's observation of the moment."""
    return _view(game, obs, text).format(action).text


def hand_tokens(game: Game, obs: Observation) -> list[str]:
    """The card tokens of the hand of ``obs``'s seat, in the game's display order."""
    return _view(game, obs).hand()


def card_tokens(game: Game, obs: Observation, cards: int) -> list[str]:
    """Card tokens of ``cards`` (a Big Two mask, Dou Dizhu or Big A packed counts)
    in the game's display order at the moment of ``obs`` (a game without a web
    view: only its hand, :func:`hand_tokens`)."""
    v = _view(game, obs)
    if isinstance(v, GameView):
        return v.cards(cards)
    if cards == obs.hand:
        return v.hand()
    raise ValueError(f"{v.spec.key} has no web view: only a seat's hand can be written")
