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

``roles`` are public roles only: Dou Dizhu ``landlord``/``peasant`` once the
bidding and robbing are over; Big A ``declarer``, and ``partner``/``defender``
once the teams are public (the partner revealed itself or played a Big Ace of
its own, the declarer is known to be alone, or the deal is over); Big Two the
titles of class struggle (``king``, ``noble``, ``commoner``, ``slave``) or the
ranks of tribute (``1st`` .. ``4th``) in a deal of a series.

Card tokens are single cards: Big Two ``"3D"``, ``"10H"``; Dou Dizhu ranks
``"3"`` .. ``"10"``, ``"J"``, ``"Q"``, ``"K"``, ``"A"``, ``"2"``, ``"BJ"``,
``"RJ"``; Big A ranks, with the suit on a Big Ace (``"AH"``) and on every Ace
during the draw. The ten is written ``10`` (the core writes ``T``; every parser
of the core reads both), and every text here, including the ``text`` of a legal
action, uses that spelling and reads back with ``deal.parse_action``.

Everything returned is JSON-ready (str, int, bool, None, lists and dicts).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any, Final, NamedTuple, TypeAlias

from chupai.actions import Pass
from chupai.biga.cards import FACE_NAMES, SUITED_ACE, big_aces, strength_order
from chupai.biga.combos import Combo as BaCombo
from chupai.biga.combos import combo_text
from chupai.biga.scoring import winning_team
from chupai.biga.game import SUIT_LETTERS, Capture, Declare
from chupai.biga.game import Choice as BaChoice
from chupai.biga.game import Observation as BaObservation
from chupai.biga.game import format_action as ba_format_action
from chupai.biga.game import Phase as BaPhase
from chupai.biga.rules import BigARules, RankOrder
from chupai.bigtwo.combos import Combo as B2Combo
from chupai.bigtwo.combos import tables as b2_tables
from chupai.bigtwo.game import Choice as B2Choice
from chupai.bigtwo.game import Hidden, LastCard, class_titles
from chupai.bigtwo.game import Observation as B2Observation
from chupai.bigtwo.game import format_action as b2_format_action
from chupai.bigtwo.rules import BigTwoRules, Series
from chupai.cards import FULL_PACK_MASK, card_name, cards_of
from chupai.doudizhu.combos import RANK_NAMES, readings
from chupai.doudizhu.combos import Combo as DdzCombo
from chupai.doudizhu.game import Bid
from chupai.doudizhu.game import Observation as DdzObservation
from chupai.doudizhu.game import format_action as ddz_format_action
from chupai.doudizhu.game import Phase as DdzPhase
from chupai.doudizhu.rules import DouDizhuRules
from chupai.doudizhu.scoring import multipliers

__all__ = [
    "HISTORY_LIMIT", "Observation", "seat_view", "public_view", "legal_entries",
    "action_text", "card_tokens",
]

HISTORY_LIMIT: Final = 60
"""How many of the latest public events a view lists (and private notes)."""

Observation: TypeAlias = B2Observation | DdzObservation | BaObservation
"""The observation of any game."""

JSON: TypeAlias = dict[str, Any]

_PLAY: Final = "play"
_BIGA_PRIVATE: Final = frozenset({"decline", "keep_hidden", "stay_hidden"})
"""Big A answers that only their own seat sees (``chupai.biga.game``)."""
_TRIBUTE_RANKS: Final = ("1st", "2nd", "3rd", "4th")


# ----- card tokens --------------------------------------------------------------------

def _token(name: str) -> str:
    """A core card token with the ten written ``10`` (no other token starts with T)."""
    return "10" + name[1:] if name[:1] == "T" else name


def _is_ten(word: str) -> bool:
    return word == "T" or (len(word) == 2 and word[0] == "T" and word[1] in "DCHS")


def _display(text: str) -> str:
    """A core action text with every ten written ``10``."""
    return " ".join("10" + w[1:] if _is_ten(w) else w for w in text.split(" "))


class _Ev(NamedTuple):
    """One event as a view shows it: who, to whom (Big Two exchanges), the action
    (a Big Two :class:`Hidden` where the cards are not shown), and the phase it
    belongs to (``play`` for the play phase)."""

    seat: int
    to: int | None
    action: Any
    phase: str


# ----- the games --------------------------------------------------------------------------

class _Notation:
    """How one game writes cards and actions under given rules (and Big Ace suit):
    hashable on ``key``, so that formatted actions can be cached."""

    __slots__ = ("key", "_hash")

    def __init__(self, key: tuple[Any, ...]) -> None:
        self.key = key
        self._hash = hash(key)

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and isinstance(other, _Notation) \
            and other.key == self.key

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


class _Formatted(NamedTuple):
    text: str
    cards: tuple[str, ...]
    kind: str
    type: str | None


@lru_cache(maxsize=8192)
def _formatted(nt: _Notation, action: Any) -> _Formatted:
    """An action as the views write it (cached: a view lists up to
    :data:`HISTORY_LIMIT` events, and the next view mostly the same ones)."""
    return _Formatted(_display(nt.text(action)), tuple(nt.action_cards(action)),
                      nt.kind(action), nt.combo_type(action))


class _View:
    """What a view needs of one game's observation; the subclasses are the games."""

    players: int
    seat: int
    nt: _Notation

    def cards(self, cards: int) -> list[str]:
        return self.nt.cards(cards)

    def _setup(self, obs: Any, nt: _Notation) -> None:
        self.obs = obs
        self.players = obs.players
        self.seat = obs.seat
        self.nt = nt

    # public facts
    def phase(self) -> str:
        return str(self.obs.phase.value)

    def to_act(self) -> int | None:
        seat: int | None = self.obs.current_player
        return seat

    def events(self) -> tuple[list[_Ev], list[_Ev]]:
        """The public events, and the seat's private notes."""
        raise NotImplementedError

    def trick_start(self, events: Sequence[_Ev]) -> int:
        """Where the current trick starts in ``events`` (``len(events)`` when no
        card has been led in it yet)."""
        raise NotImplementedError

    obs: Any

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

    def roles(self, events: Sequence[_Ev]) -> list[str | None]:
        raise NotImplementedError

    def info(self, events: Sequence[_Ev]) -> JSON:
        raise NotImplementedError

    def outcome(self) -> JSON | None:
        raise NotImplementedError

    # own knowledge
    def hand(self) -> list[str]:
        return self.cards(self.obs.hand)

    def private_role(self, public_roles: Sequence[str | None]) -> str | None:
        return public_roles[self.seat]

    def private_info(self) -> JSON:
        return {}

    # shared helpers
    def entry(self, ev: _Ev) -> JSON:
        f = _formatted(self.nt, ev.action)
        return {"seat": ev.seat, "to": ev.to, "text": f.text, "cards": list(f.cards),
                "kind": f.kind, "type": f.type}

    def top_json(self, seat: int | None, top: Any) -> JSON | None:
        if top is None or seat is None:
            return None
        f = _formatted(self.nt, top)
        return {"seat": seat, "cards": list(f.cards), "type": f.type, "text": f.text}

    def segment_start(self, events: Sequence[_Ev]) -> int:
        """Where the events of the current trick (in play) or phase start."""
        if any(ev.phase == _PLAY for ev in events):
            return self.trick_start(events)
        phase = self.phase()
        if phase == "over" and events:
            phase = events[-1].phase
        i = len(events)
        while i > 0 and events[i - 1].phase == phase:
            i -= 1
        return i


class _BigTwoNotation(_Notation):
    __slots__ = ("rules", "strength")

    def __init__(self, rules: BigTwoRules) -> None:
        super().__init__(("bigtwo", rules))
        self.rules = rules
        self.strength = b2_tables(rules).card_strength

    def cards(self, cards: int) -> list[str]:
        s = self.strength
        return [_token(card_name(c)) for c in sorted(cards_of(cards & FULL_PACK_MASK),
                                                       key=s.__getitem__)]

    def text(self, action: Any) -> str:
        return b2_format_action(self.rules, action)

    def kind(self, action: Any) -> str:
        if isinstance(action, Pass):
            return "pass"
        if isinstance(action, B2Choice):
            return "choice"
        if isinstance(action, Hidden):
            return "hidden"
        return "play"

    def action_cards(self, action: Any) -> list[str]:
        if isinstance(action, (B2Combo, LastCard)):
            return self.cards(action.mask)
        if isinstance(action, B2Choice):
            return self.cards(action.cards)
        return []

    def combo_type(self, action: Any) -> str | None:
        if isinstance(action, (B2Combo, LastCard)):
            return str(action.kind.value)
        return None


class _BigTwo(_View):
    obs: B2Observation

    def __init__(self, obs: B2Observation) -> None:
        self._setup(obs, _BigTwoNotation(obs.rules))

    def _label(self, action: Any, to: int | None) -> str:
        """The phase of an event, from its name (``bigtwo.md`` §3.4)."""
        if not isinstance(action, (B2Choice, Hidden)):
            return _PLAY
        name = action.name
        size = action.size if isinstance(action, Hidden) else action.cards.bit_count()
        if name == "hand":
            return "choose_hands"
        if name in ("take", "leave", "swap", "decline"):
            return "leftover"
        if name == "redeal" or (name == "keep" and size == 0):
            return "redeal"
        if name == "receive" or (name == "give" and to is None):
            return "pre_exchange"
        if name in ("name", "skip", "not_held") or (
                name == "give" and self.obs.rules.series is Series.CLASS_STRUGGLE):
            return "class_exchange"
        return "tribute"

    def events(self) -> tuple[list[_Ev], list[_Ev]]:
        full = (1 << self.players) - 1
        bit = 1 << self.seat
        public: list[_Ev] = []
        notes: list[_Ev] = []
        for ev in self.obs.history:
            act = ev.action
            to = ev.to if ev.to >= 0 else None
            shown_all = ev.shown & full == full
            visible_all = ev.visible & full == full
            if shown_all:
                if not visible_all:
                    # every seat sees it happen, not its cards: as the others see it
                    assert isinstance(act, (B2Choice, Hidden))
                    size = act.size if isinstance(act, Hidden) else act.cards.bit_count()
                    act = Hidden(act.name, size)
                public.append(_Ev(ev.seat, to, act, self._label(act, to)))
            if not shown_all or (not visible_all and ev.visible & bit):
                notes.append(_Ev(ev.seat, to, ev.action, ""))
        return public, notes

    def trick_start(self, events: Sequence[_Ev]) -> int:
        # replays the trick ends of BigTwoDeal._advance from public facts: a trick
        # ends when every other seat still in the deal passed since the top play
        # (since the trick began under pass_lockout)
        lockout = self.obs.rules.pass_lockout
        finished = set(self.obs.finished)
        last_play: dict[int, int] = {}
        for i, ev in enumerate(events):
            if ev.phase == _PLAY and not isinstance(ev.action, Pass):
                last_play[ev.seat] = i
        active = set(range(self.players))
        top: int | None = None
        passed: set[int] = set()
        start: int | None = None
        for i, ev in enumerate(events):
            if ev.phase != _PLAY:
                continue
            if start is None:
                start = i
            if isinstance(ev.action, Pass):
                passed.add(ev.seat)
            else:
                top = ev.seat
                if not lockout:
                    passed = set()
                if ev.seat in finished and last_play[ev.seat] == i:
                    active.discard(ev.seat)
            if top is not None and not (active - {top}) - passed:
                top, passed, start = None, set(), None
        return len(events) if start is None else start

    def roles(self, events: Sequence[_Ev]) -> list[str | None]:
        o = self.obs
        out: list[str | None] = [None] * self.players
        if o.ranking is not None:
            if o.rules.series is Series.CLASS_STRUGGLE:
                names = tuple(t.lower() for t in class_titles(self.players))
            else:
                names = _TRIBUTE_RANKS
            for i, s in enumerate(o.ranking):
                out[s] = names[i]
        return out

    def info(self, events: Sequence[_Ev]) -> JSON:
        o = self.obs
        return {
            "starting_player": o.starting_player,
            "leader": o.leader if o.phase.value == _PLAY else None,
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
        detail = out.to_dict()
        del detail["hands"]
        return {
            "scores": list(out.scores),
            "redeal": out.redeal,
            "winner": out.winner,
            "order": list(out.ranking or out.finishing_order),
            "hands": [self.cards(h) for h in out.hands],
            "detail": detail,
        }

    def private_info(self) -> JSON:
        o = self.obs
        return {"must_contain": self.cards(o.must_contain), "exchange_with": o.partner}


class _DouDizhuNotation(_Notation):
    __slots__ = ("rules",)

    def __init__(self, rules: DouDizhuRules) -> None:
        super().__init__(("doudizhu", rules))
        self.rules = rules

    def cards(self, cards: int) -> list[str]:
        out: list[str] = []
        for r, name in enumerate(RANK_NAMES):
            n = (cards >> (5 * r)) & 31
            if n:
                out.extend([_token(name)] * n)
        return out

    def text(self, action: Any) -> str:
        return ddz_format_action(self.rules, action)

    def kind(self, action: Any) -> str:
        if isinstance(action, Pass):
            return "pass"
        return "play" if isinstance(action, DdzCombo) else "choice"

    def action_cards(self, action: Any) -> list[str]:
        return self.cards(action.cards) if isinstance(action, DdzCombo) else []

    def combo_type(self, action: Any) -> str | None:
        return str(action.kind.value) if isinstance(action, DdzCombo) else None


class _DouDizhu(_View):
    obs: DdzObservation

    def __init__(self, obs: DdzObservation) -> None:
        self._setup(obs, _DouDizhuNotation(obs.rules))

    def events(self) -> tuple[list[_Ev], list[_Ev]]:
        # every Dou Dizhu action is public; the play starts with the landlord's
        # first play or 明牌 (a pass before it is a pass in the bidding)
        public: list[_Ev] = []
        playing = False
        for ev in self.obs.history:
            act = ev.action
            if isinstance(act, DdzCombo) or (not isinstance(act, (Pass, Bid))
                                             and act.name == "show"):
                playing = True
            if playing:
                label = _PLAY
            elif isinstance(act, (Pass, Bid)):
                label = "bid"
            else:
                label = "rob"
            public.append(_Ev(ev.seat, None, act, label))
        return public, []

    def trick_start(self, events: Sequence[_Ev]) -> int:
        # DouDizhuDeal._pass: a trick ends after players - 1 passes in a row
        start: int | None = None
        passes = 0
        for i, ev in enumerate(events):
            if ev.phase != _PLAY:
                continue
            if start is None:
                start = i
            if isinstance(ev.action, Pass):
                passes += 1
                if passes == self.players - 1:
                    start, passes = None, 0
            elif isinstance(ev.action, DdzCombo):
                passes = 0
        return len(events) if start is None else start

    def roles(self, events: Sequence[_Ev]) -> list[str | None]:
        o = self.obs
        lord = o.landlord
        if lord is None or o.phase not in (DdzPhase.PLAY, DdzPhase.OVER):
            return [None] * self.players
        return ["landlord" if s == lord else "peasant" for s in range(self.players)]

    def info(self, events: Sequence[_Ev]) -> JSON:
        o = self.obs
        mult = None
        if o.bid >= 1:
            # the unit so far: no spring, and 明牌 counted only where it counts
            # whoever wins (ming_pai=always)
            mult = multipliers(o.rules, bid=o.bid, robs=o.robs, doubling_bombs=o.bombs,
                               spring=False, anti_spring=False, shown=o.shown,
                               landlord_won=False, doubled=o.doubled).unit
        return {
            "first_bidder": o.first_bidder,
            "marker": None if o.marker is None else _token(RANK_NAMES[o.marker]),
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
        detail = out.to_dict()
        del detail["hands"]
        return {
            "scores": list(out.scores),
            "redeal": out.redeal,
            "winner": out.winner,
            "order": [] if out.winner is None else [out.winner],
            "hands": [self.cards(h) for h in out.hands],
            "detail": detail,
        }


def _faces(cards: int, order: Sequence[int]) -> list[str]:
    """Big A tokens of packed ``cards`` in ``order``."""
    out: list[str] = []
    for f in order:
        n = (cards >> (5 * f)) & 31
        if n:
            out.extend([_token(FACE_NAMES[f])] * n)
    return out


class _BigANotation(_Notation):
    __slots__ = ("rules", "big_suit", "order")

    def __init__(self, rules: BigARules, big_suit: int | None) -> None:
        super().__init__(("biga", rules, big_suit))
        self.rules = rules
        self.big_suit = big_suit
        self.order = strength_order(rules.rank_order is RankOrder.THREE_TWO_HIGH, big_suit)

    def cards(self, cards: int) -> list[str]:
        return _faces(cards, self.order)

    def text(self, action: Any) -> str:
        return ba_format_action(self.rules, self.big_suit, action)

    def kind(self, action: Any) -> str:
        if isinstance(action, Pass):
            return "pass"
        return "play" if isinstance(action, (BaCombo, Capture)) else "choice"

    def action_cards(self, action: Any) -> list[str]:
        if isinstance(action, BaCombo):
            # a sequence in its chain order, as in its text
            return _display(combo_text(action, self.rules, self.big_suit)).split()
        if isinstance(action, Capture):
            return self.cards(action.fours.cards)
        if isinstance(action, Declare):
            return [FACE_NAMES[SUITED_ACE + action.suit]] * (2 if action.two else 1)
        return []

    def combo_type(self, action: Any) -> str | None:
        if isinstance(action, BaCombo):
            return str(action.kind.value)
        if isinstance(action, Capture):
            return str(action.fours.kind.value)
        return None


class _BigA(_View):
    obs: BaObservation

    def __init__(self, obs: BaObservation) -> None:
        self._setup(obs, _BigANotation(obs.rules, obs.big_suit))

    def _private_phase(self) -> bool:
        return self.obs.phase in (BaPhase.DRAW, BaPhase.SHOW_SECOND, BaPhase.REVEAL)

    def phase(self) -> str:
        # the other seats never learn that the declarer is asked show_second
        p = self.obs.phase
        return BaPhase.REVEAL.value if p is BaPhase.SHOW_SECOND else str(p.value)

    def to_act(self) -> int | None:
        # nor whose private decision is pending
        return None if self._private_phase() else self.obs.current_player

    def events(self) -> tuple[list[_Ev], list[_Ev]]:
        public: list[_Ev] = []
        notes: list[_Ev] = []
        for ev in self.obs.history:
            act = ev.action
            if isinstance(act, BaChoice) and act.name in _BIGA_PRIVATE:
                if ev.seat == self.seat:
                    notes.append(_Ev(ev.seat, None, act, ""))
                continue
            if isinstance(act, (BaCombo, Capture, Pass)):
                label = _PLAY
            elif isinstance(act, Declare):
                label = BaPhase.DRAW.value
            else:
                label = BaPhase.REVEAL.value
            public.append(_Ev(ev.seat, None, act, label))
        return public, notes

    def trick_start(self, events: Sequence[_Ev]) -> int:
        # BigADeal._pass: a trick ends when every active seat but the top player
        # passed (every active seat when the top player has gone out)
        finishing = set(self.obs.finishing)
        last_play: dict[int, int] = {}
        for i, ev in enumerate(events):
            if isinstance(ev.action, BaCombo):
                last_play[ev.seat] = i
        active = set(range(self.players))
        start: int | None = None
        top: int | None = None
        passes = 0
        for i, ev in enumerate(events):
            if ev.phase != _PLAY:
                continue
            if start is None:
                start = i
            act = ev.action
            if isinstance(act, Pass):
                passes += 1
                needed = len(active) - 1 if top in active else len(active)
                if passes >= needed:
                    start, top, passes = None, None, 0
            else:
                top, passes = ev.seat, 0
                if isinstance(act, BaCombo) and ev.seat in finishing and last_play[ev.seat] == i:
                    active.discard(ev.seat)
        return len(events) if start is None else start

    def public_partner(self, events: Sequence[_Ev]) -> int | None:
        """The partner once publicly known (``biga.md`` §7, ``BigADeal._note_big``):
        it revealed itself, or played a Big Ace it had not captured."""
        o = self.obs
        played = [0] * self.players
        gained = [0] * self.players
        for ev in events:
            act = ev.action
            if isinstance(act, BaChoice) and act.name == "reveal_partner":
                return ev.seat
            if isinstance(act, BaCombo):
                b = big_aces(act.cards, o.big_suit)
                if b:
                    played[ev.seat] += b
                    if ev.seat != o.declarer and played[ev.seat] - gained[ev.seat] >= 1:
                        return ev.seat
            elif isinstance(act, Capture):
                gained[ev.seat] += big_aces(act.taken.cards, o.big_suit)
        return None

    def _alone_public(self) -> bool:
        # two Aces shown are the declarer's two Big Aces
        return self.obs.alone_known or self.obs.two_shown

    def dealer(self) -> int:
        return int(self.obs.first_drawer)

    def roles(self, events: Sequence[_Ev]) -> list[str | None]:
        o = self.obs
        n = self.players
        out: list[str | None] = [None] * n
        result = o.outcome
        if result is not None:
            if result.redeal or result.declarer is None:
                return out
            d, p = result.declarer, result.partner
        else:
            if o.declarer is None:
                return out
            d, p = o.declarer, self.public_partner(events)
            if p is None and not self._alone_public():
                out[d] = "declarer"
                return out
        return ["declarer" if s == d else "partner" if s == p else "defender"
                for s in range(n)]

    def info(self, events: Sequence[_Ev]) -> JSON:
        o = self.obs
        return {
            "first_drawer": o.first_drawer,
            "drawn": o.drawn,
            "declarer": o.declarer,
            "big_suit": None if o.big_suit is None else SUIT_LETTERS[o.big_suit],
            "forced": o.forced,
            "declarations": [
                {"seat": ev.seat, "drawn": k, "text": _formatted(self.nt, ev.action).text,
                 "cards": list(_formatted(self.nt, ev.action).cards)}
                for k, ev in o.declarations],
            "exposed": [self.cards(c) for c in o.exposed],
            "two_shown": o.two_shown,
            "partner_revealed": o.partner_revealed,
            "partner": self.public_partner(events),
            "alone_known": self._alone_public(),
            "captured": [self.cards(c) for c in o.captured],
            "finishing": list(o.finishing),
            "leader": o.leader,
        }

    def outcome(self) -> JSON | None:
        out = self.obs.outcome
        if out is None:
            return None
        detail = out.to_dict()
        del detail["hands"]
        order = strength_order(self.obs.rules.rank_order is RankOrder.THREE_TWO_HIGH,
                               out.big_suit)
        return {
            "scores": list(out.scores),
            "redeal": out.redeal,
            "winner": out.finishing_order[0] if out.finishing_order else None,
            "winners": list(winning_team(out.declarer, out.partner, out.scores)),
            "order": list(out.finishing_order),
            "hands": [_faces(h, order) for h in out.hands],
            "detail": detail,
        }

    def private_role(self, public_roles: Sequence[str | None]) -> str | None:
        o = self.obs
        if o.outcome is not None or o.declarer is None:
            return public_roles[self.seat]
        if o.declarer == self.seat:
            return "declarer"
        if o.partner == self.seat:
            return "partner"
        if o.phase is not BaPhase.DRAW:
            # the draw is over: the seat knows it holds no Big Ace
            return "defender"
        return public_roles[self.seat]

    def private_info(self) -> JSON:
        o = self.obs
        return {"big_aces": None if o.big_suit is None else big_aces(o.hand, o.big_suit)}


_CLASSES: Final[dict[str, tuple[type[Any], Callable[[Any], _View]]]] = {
    "bigtwo": (B2Observation, _BigTwo),
    "doudizhu": (DdzObservation, _DouDizhu),
    "biga": (BaObservation, _BigA),
}


def _view(game: str, obs: Observation) -> _View:
    entry = _CLASSES.get(game)
    if entry is None:
        raise ValueError(f"unknown game {game!r}; games: {', '.join(_CLASSES)}")
    obs_type, make = entry
    if not isinstance(obs, obs_type):
        raise ValueError(f"not an observation of {game}: {type(obs).__name__}")
    return make(obs)


def _parts(v: _View) -> tuple[JSON, list[_Ev]]:
    events, notes = v.events()
    start = v.segment_start(events)
    last: list[JSON | None] = [None] * v.players
    for ev in events[start:]:
        f = _formatted(v.nt, ev.action)
        last[ev.seat] = {"text": f.text, "cards": list(f.cards),
                         "pass": isinstance(ev.action, Pass), "kind": f.kind}
    first = max(0, len(events) - HISTORY_LIMIT)
    history = [{"n": first + k, **v.entry(ev)} for k, ev in enumerate(events[first:])]
    roles = v.roles(events)
    public: JSON = {"phase": v.phase(), "to_act": v.to_act()}
    public.update(v.base())
    public.update({
        "last": last,
        "history": history,
        "roles": roles,
        "info": v.info(events),
        "outcome": v.outcome(),
    })
    return public, notes


def public_view(game: str, obs: Observation) -> JSON:
    """``{"public": PUBLIC, "private": None}``: the common knowledge of the moment
    of ``obs``, the same whichever seat's observation it is (a spectator's view)."""
    public, _ = _parts(_view(game, obs))
    return {"public": public, "private": None}


def seat_view(game: str, obs: Observation, public: JSON | None = None) -> JSON:
    """``{"public": PUBLIC, "private": PRIVATE}``: what the seat of ``obs`` sees.

    ``public``, if given, is the public part of the same moment already built
    (``public_view(game, any seat's observation)["public"]``): it is common
    knowledge, the same for every seat (tested), so a server builds it once per
    change rather than once per seat."""
    v = _view(game, obs)
    if public is None:
        public, notes = _parts(v)
    else:
        _, notes = v.events()
    private: JSON = {
        "seat": v.seat,
        "hand": v.hand(),
        "role": v.private_role(public["roles"]),
        "notes": [v.entry(ev) for ev in notes[-HISTORY_LIMIT:]],
        "info": {"phase": obs.phase.value, "to_act": obs.current_player, **v.private_info()},
    }
    return {"public": public, "private": private}


def legal_entries(game: str, obs: Observation, legal: Sequence[Any]) -> list[JSON]:
    """The LEGAL entries of ``legal`` (``deal.legal_actions()``), with ``obs`` the
    observation of the seat to act: ``{"i", "text", "kind", "cards", "type"}``.
    ``i`` is the index in ``legal``; ``text`` reads back as the same action with
    ``deal.parse_action``; ``kind`` is ``play``, ``pass`` or ``choice``."""
    nt = _view(game, obs).nt
    out: list[JSON] = []
    for i, a in enumerate(legal):
        f = _formatted(nt, a)
        out.append({"i": i, "text": f.text, "kind": f.kind, "cards": list(f.cards),
                    "type": f.type})
    return out


def action_text(game: str, obs: Observation, action: Any) -> str:
    """The text of ``action`` as the views write it (``deal.action_text`` with the
    ten written ``10``); ``obs`` is any seat's observation of the moment."""
    return _formatted(_view(game, obs).nt, action).text


def card_tokens(game: str, obs: Observation, cards: int) -> list[str]:
    """Card tokens of ``cards`` (a Big Two mask, Dou Dizhu or Big A packed counts)
    in the game's display order at the moment of ``obs``."""
    return _view(game, obs).cards(cards)
