"""The Big A deal: the draw with its declarations, the steps before play, play with
the fours capture, lead passing, the end of the deal and scoring (``biga.md`` §3–§10).

:class:`BigADeal` is the state machine of one deal. It follows the OpenSpiel method
names (``current_player``, ``legal_actions``, ``apply_action``, ``is_terminal``,
``returns``, ``observe``, ``clone``) and the checked/unchecked split:
:meth:`BigADeal.apply_action` validates and raises :class:`IllegalActionError`;
:meth:`BigADeal.apply_unchecked` trusts its caller.
The methods that read alike in every game (``current_player``, ``returns``,
``is_legal``, ``check``, ``apply_action``, ``child``) come from
:class:`chupai.deal.Deal`.

**The draw** (§3.1–§3.4) is advanced by the engine itself. Card ``k`` of the stock
goes to seat ``(F + k) % 5``. After each of cards 0..102 comes a declaration
checkpoint: every seat in turn order from the one that just drew is asked, but only
if it has a legal declaration then, and answers with a :class:`Declare` (text
``show AH``, ``show AH AH``) or :data:`DECLINE`. Showing one Ace needs that nobody
has declared; showing both Aces of a suit (反大A, or the single-Ace declarer showing
its second one; also a single-Ace declarer showing both Aces of *another* suit,
which the wording of §3.2 allows) needs that no two have been shown; after two were
shown nothing more is asked. Cards 103..107 (every player's last card) are never
usable: no checkpoint follows them. If nobody declared, the engine applies the
forced ♥A declaration (§3.3); if no seat holds an ``AH`` then, the final round is
drawn (to check) and the deal ends as a **redeal** (zero scores, the same first
drawer next).

**Before play** (§3.5) a declarer holding both Big Aces who has not shown two is
asked :data:`SHOW_SECOND` or :data:`KEEP_HIDDEN`; then the partner, if any, is asked
:data:`REVEAL` (text ``reveal_partner``) or :data:`STAY_HIDDEN`. The three private
answers :data:`DECLINE`, :data:`KEEP_HIDDEN` and :data:`STAY_HIDDEN` never appear in
another seat's :class:`Observation`, and neither does whose private turn it is.

**Play** (§6–§8): every hand is normalized with the Big Ace suit and the declarer
leads. A play is a :class:`~chupai.biga.combos.Combo`; a capture by fours is a
:class:`Capture` (text ``capture 4 4``): the fours become the top play and the
captured set goes into the capturer's hand. :data:`PASS` passes; a player who passed
may play again in the trick. When the top player has gone out and every active
player passed, the lead passes to the top player's nearest active team-mate as the
public knows the teams (§7). When the deal ends (§8) the players still holding
cards take the remaining positions in turn order from the seat after the last
player out.

>>> from chupai.biga.rules import STANDARD
>>> deal = new_deal(STANDARD, seed=3)
>>> deal.phase.value, deal.drawn < 103
('draw', True)
>>> while not deal.is_terminal():
...     _ = deal.apply_action(deal.legal_actions()[-1])   # decline, keep hidden, pass...
>>> deal.outcome is not None and sum(deal.returns()) in (0, -3)
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache
from typing import Any, Final, NamedTuple, TypeAlias

from chupai.actions import PASS, Pass
from chupai.biga.cards import (
    DECK,
    FACE_NAMES,
    GUARD,
    NFACES,
    SUITED_ACE,
    UNIT,
    Cards,
    big_aces,
    cards_text,
    contains,
    normalize,
    parse_cards,
    size_of,
    strength_order,
    unpack,
)
from chupai.biga.combos import Combo, beats, capture_size, classify, combo_text, explain, is_capture
from chupai.biga.movegen import captures, follow_filter, hand_combos
from chupai.biga.rules import BigARules, RankOrder
from chupai.biga.scoring import score
from chupai.deal import Deal
from chupai.errors import IllegalActionError

__all__ = [
    "format_action",
    "Phase", "Pass", "PASS", "Declare", "Choice", "DECLINE", "SHOW_SECOND", "KEEP_HIDDEN",
    "REVEAL", "STAY_HIDDEN", "Capture", "Action", "Event", "Outcome", "Observation",
    "BigADeal", "new_deal", "deal_stock", "stock_text", "parse_stock", "SUIT_LETTERS",
    "LAST_CHECKPOINT", "STOCK_SIZE",
]

STOCK_SIZE: Final = 108
LAST_CHECKPOINT: Final = 102
"""The last card followed by a declaration checkpoint (cards 103..107 are the
final round, §3.1)."""
SUIT_LETTERS: Final = "DCHS"
"""Suit index -> letter (the order of :mod:`chupai.cards`)."""
HEARTS: Final = 2

_ACES_SHIFT: Final = 5 * SUITED_ACE
_PAIR_BITS: Final = sum(2 << (5 * i) for i in range(4))
"""Bit 1 of each suited-Ace field, shifted down: set where a seat holds both."""


class Phase(StrEnum):
    """Phases of a deal."""

    DRAW = "draw"
    """The draw with its declaration checkpoints (§3.1–§3.4)."""
    SHOW_SECOND = "show_second"
    """§3.5 step 1: the declarer holding both Big Aces may show the second."""
    REVEAL = "reveal"
    """§3.5 step 2: the partner may reveal themselves."""
    PLAY = "play"
    OVER = "over"


class Declare(NamedTuple):
    """A declaration during the draw (§3.2): show one Ace of ``suit`` (0..3 = D C H
    S), or both Aces of it when ``two`` (text ``show AH`` / ``show AH AH``)."""

    suit: int
    two: bool


class Choice(NamedTuple):
    """A named decision: ``decline``, ``show_second``, ``keep_hidden``,
    ``reveal_partner`` or ``stay_hidden``."""

    name: str


DECLINE: Final = Choice("decline")
SHOW_SECOND: Final = Choice("show_second")
KEEP_HIDDEN: Final = Choice("keep_hidden")
REVEAL: Final = Choice("reveal_partner")
STAY_HIDDEN: Final = Choice("stay_hidden")
_PRIVATE: Final = frozenset({DECLINE.name, KEEP_HIDDEN.name, STAY_HIDDEN.name})
"""Choices that are not shown to the other players."""
_CHOICE_TEXT: Final = {
    "decline": DECLINE, "show_second": SHOW_SECOND, "show second": SHOW_SECOND,
    "keep_hidden": KEEP_HIDDEN, "keep hidden": KEEP_HIDDEN, "reveal_partner": REVEAL,
    "reveal": REVEAL, "reveal partner": REVEAL, "stay_hidden": STAY_HIDDEN,
    "stay hidden": STAY_HIDDEN,
}


class Capture(NamedTuple):
    """A capture by fours (§6): ``fours`` (``s - 1`` ordinary 4s, classified as what
    they are) take ``taken``, the ``s``-card egg or big egg on top."""

    fours: Combo
    taken: Combo


Action: TypeAlias = Combo | Capture | Declare | Choice | Pass


class Event(NamedTuple):
    """One applied action: who did what. The list of events is the deal's history."""

    seat: int
    action: Action


class Outcome(NamedTuple):
    """The result of a finished deal."""

    redeal: bool
    """Nobody declared and no seat held an ``AH`` after card 102 (§3.3)."""
    first_drawer: int
    next_first_drawer: int
    """The same first drawer after a redeal, else the first player out (§3.1)."""
    declarer: int | None
    big_suit: int | None
    forced: bool
    """The declaration was the forced ♥A one (§3.3)."""
    partner: int | None
    """The holder of the other Big Ace (None when alone or on a redeal)."""
    alone: bool
    partner_revealed: bool
    two_shown: bool
    finishing_order: tuple[int, ...]
    """All five seats, first out first (empty on a redeal)."""
    went_out: int
    """How many seats of ``finishing_order`` actually went out; the others still
    held cards at the end and took the remaining positions (§8)."""
    scores: tuple[int, ...]
    hands: tuple[Cards, ...]
    """Every seat's cards at the end (revealed)."""

    def to_dict(self) -> dict[str, Any]:
        order = strength_order(True, self.big_suit)
        return {
            "redeal": self.redeal,
            "first_drawer": self.first_drawer,
            "next_first_drawer": self.next_first_drawer,
            "declarer": self.declarer,
            "big_suit": None if self.big_suit is None else SUIT_LETTERS[self.big_suit],
            "forced": self.forced,
            "partner": self.partner,
            "alone": self.alone,
            "partner_revealed": self.partner_revealed,
            "two_shown": self.two_shown,
            "finishing_order": list(self.finishing_order),
            "went_out": self.went_out,
            "scores": list(self.scores),
            "hands": [cards_text(h, order, self.big_suit) for h in self.hands],
        }


@dataclass(frozen=True, slots=True)
class Observation:
    """What one seat may know (README §2.7, ``biga.md`` §3.2, §3.5, §7).

    Another seat's private answers (``decline``, ``keep_hidden``, ``stay_hidden``)
    are left out of :attr:`history`, and while another seat is making a private
    decision (a declaration checkpoint, §3.5) :attr:`current_player` is None and
    :attr:`phase` shows ``draw`` during the draw and ``reveal`` for both steps of
    §3.5 (being asked ``show_second`` would show that the declarer holds both Big
    Aces)."""

    rules: BigARules
    seat: int
    players: int
    phase: Phase
    current_player: int | None
    first_drawer: int
    drawn: int
    """How many cards have been drawn (0..108)."""
    hand: Cards
    """This seat's cards (Aces suited during the draw, normalized in play)."""
    hand_counts: tuple[int, ...]
    history: tuple[Event, ...]
    """Every event this seat may see, in order."""
    declarations: tuple[tuple[int, Event], ...]
    """Each public declaration with the number of cards drawn when it was made."""
    declarer: int | None
    big_suit: int | None
    forced: bool
    """The declarer was found by the forced ♥A declaration (so every seat before it
    in turn order from the first drawer holds no ``AH`` among its first cards)."""
    exposed: tuple[Cards, ...]
    """Per seat, the Aces currently shown face up (empty once play starts)."""
    two_shown: bool
    partner_revealed: bool
    partner: int | None
    """The partner if publicly known, or this seat itself if it holds the other Big
    Ace and is not the declarer; else None."""
    alone_known: bool
    """It is public that the declarer plays alone (two shown, or it played both)."""
    played: tuple[Cards, ...]
    """Cards each seat has played (including sets captured from it later)."""
    captured: tuple[Cards, ...]
    """Cards each seat has gained by captures."""
    top: Combo | None
    top_player: int | None
    leader: int | None
    finishing: tuple[int, ...]
    """The seats that have gone out, in order."""
    outcome: Outcome | None
    public_partner: int | None = None
    """The partner once every seat knows it (it revealed itself, or played a Big
    Ace it had not captured); else None."""

    @property
    def public_roles(self) -> tuple[str, ...]:
        """Each seat's role as every seat knows it (``declarer``, ``partner``,
        ``defender``; ``""`` while unknown): decided here once for every surface."""
        return _roles(self, None)

    @property
    def roles(self) -> tuple[str, ...]:
        """Each seat's role as this seat knows it: the public roles, and the teams
        when this seat is the partner (it holds the other Big Ace)."""
        return _roles(self, self.partner if self.partner == self.seat else None)


def _roles(obs: Observation, own_partner: int | None) -> tuple[str, ...]:
    n = obs.players
    result = obs.outcome
    if result is not None:
        if result.redeal or result.declarer is None:
            return ("",) * n
        d, p = result.declarer, result.partner
    else:
        if obs.declarer is None:
            return ("",) * n
        d = obs.declarer
        p = obs.public_partner if obs.public_partner is not None else own_partner
        if p is None and not (obs.alone_known or obs.two_shown):
            return tuple("declarer" if s == d else "" for s in range(n))
    return tuple("declarer" if s == d else "partner" if s == p else "defender"
                 for s in range(n))


@lru_cache(maxsize=None)
def _declarations(aces: int, single: bool) -> tuple[Declare, ...]:
    """The declarations a hand whose suited-Ace fields are ``aces`` may make (show
    one only when ``single``, i.e. nobody has declared)."""
    out = []
    for s in range(4):
        c = (aces >> (5 * s)) & 31
        if c and single:
            out.append(Declare(s, False))
        if c >= 2:
            out.append(Declare(s, True))
    return tuple(out)


_CANONICAL_STOCK: Final = tuple(f for f in range(NFACES) for _ in range((DECK >> (5 * f)) & 31))


def deal_stock(seed: int, first_drawer: int | None = None) -> tuple[int, tuple[int, ...]]:
    """``(first_drawer, stock)`` of the deal of ``seed`` (§3.1): ``random.Random(seed)``
    draws the first drawer first (always, so that a given first drawer leaves the
    shuffle unchanged), then shuffles the 108 faces (Aces suited).

    >>> f, stock = deal_stock(11)
    >>> len(stock), deal_stock(11, first_drawer=(f + 1) % 5)[1] == stock
    (108, True)
    """
    rng = random.Random(seed)
    drawn = rng.randrange(5)
    stock = list(_CANONICAL_STOCK)
    rng.shuffle(stock)
    return (drawn if first_drawer is None else first_drawer), tuple(stock)


def stock_text(stock: Sequence[int]) -> str:
    """The stock as face tokens in draw order (``7 K AH BJ ...``).

    >>> stock_text([0, 11, 17, 14])
    '3 A AH RJ'
    """
    return " ".join(FACE_NAMES[f] for f in stock)


_FACE_OF_TOKEN: Final = {name: f for f, name in enumerate(FACE_NAMES)}


def parse_stock(text: str) -> tuple[int, ...]:
    """The faces of a stock text, in order; every token must be a face name of
    :data:`chupai.biga.cards.FACE_NAMES` (``10`` for ``T`` accepted) and the stock
    exactly the 108 cards. Raises ``ValueError`` naming the problem."""
    out = []
    for i, tok in enumerate(text.split()):
        t = tok.upper()
        if t == "10":
            t = "T"
        f = _FACE_OF_TOKEN.get(t)
        if f is None:
            raise ValueError(f"stock token {i} {tok!r} is not a face (ranks, BJ, RJ, "
                             "suited Aces)")
        out.append(f)
    _check_stock(out)
    return tuple(out)


def _check_stock(stock: Sequence[int]) -> None:
    if len(stock) != STOCK_SIZE:
        raise ValueError(f"the stock has {len(stock)} cards, not {STOCK_SIZE}")
    total = 0
    for f in stock:
        if not isinstance(f, int) or isinstance(f, bool) or not 0 <= f < NFACES:
            raise ValueError(f"bad face {f!r} in the stock")
        total += UNIT[f]
    if total != DECK:
        want, got = unpack(DECK), unpack(total)
        bad = [FACE_NAMES[f] for f in range(NFACES) if want[f] != got[f]]
        raise ValueError("the stock is not exactly the 108 cards (wrong counts of "
                         + ", ".join(bad) + ")")


class BigADeal(Deal[Action, Event, Outcome]):
    """One deal of Big A. Build with :func:`new_deal` or :meth:`from_stock`."""

    __slots__ = (
        "rules", "players", "seed", "first_drawer", "stock", "phase", "to_act", "history",
        "drawn", "hands", "big_suit", "declarer", "forced", "two_shown", "exposed",
        "declarations", "_ck_start", "_ck_pos", "partner", "alone", "partner_revealed",
        "top", "top_player", "passes", "leader", "played", "captured", "finishing",
        "_active", "_n_active", "_big_played", "_big_gained", "public_partner",
        "alone_known", "outcome", "_combos", "_stale", "_order", "_seen",
    )

    rules: BigARules
    players: int
    seed: int | None
    first_drawer: int
    stock: tuple[int, ...]
    """The 108 faces in draw order."""
    phase: Phase
    to_act: int | None
    history: list[Event]
    drawn: int
    """How many cards have been drawn."""
    hands: list[Cards]
    """Each seat's current cards (Aces suited during the draw, normalized in play)."""
    big_suit: int | None
    declarer: int | None
    forced: bool
    two_shown: bool
    exposed: list[Cards]
    """Aces shown face up, per seat (cleared when play starts)."""
    declarations: list[tuple[int, Event]]
    partner: int | None
    """The holder of the other Big Ace, known to the engine once the draw is over."""
    alone: bool
    partner_revealed: bool
    top: Combo | None
    top_player: int | None
    passes: int
    """Passes in a row since the top play."""
    leader: int | None
    played: list[Cards]
    captured: list[Cards]
    finishing: list[int]
    public_partner: int | None
    """The partner once publicly known (§7)."""
    alone_known: bool
    outcome: Outcome | None
    _ck_start: int
    _ck_pos: int
    _active: list[bool]
    _n_active: int
    _big_played: list[int]
    _big_gained: list[int]
    _combos: list[list[Combo] | None]
    _stale: list[bool]
    _order: tuple[int, ...]
    _seen: list[tuple[int, tuple[Event, ...]]]
    """Per seat: how many events of :attr:`history` its observation has filtered, and
    the result (observations only ever extend it)."""

    # ----- construction -----------------------------------------------------
    @classmethod
    def from_stock(cls, rules: BigARules, stock: Sequence[int] | str, first_drawer: int,
                   *, seed: int | None = None) -> BigADeal:
        """A deal from a given stock: the 108 faces in draw order (field indices of
        :mod:`chupai.biga.cards`, Aces suited) or their text (:func:`stock_text`).
        Raises ``ValueError`` for a stock that is not exactly the 108 cards."""
        faces = parse_stock(stock) if isinstance(stock, str) else tuple(stock)
        _check_stock(faces)
        n = rules.players
        if isinstance(first_drawer, bool) or not isinstance(first_drawer, int) \
                or not 0 <= first_drawer < n:
            raise ValueError(f"first drawer {first_drawer!r} is not a seat of {n} players")
        self = cls.__new__(cls)
        self.rules = rules
        self.players = n
        self.seed = seed
        self.first_drawer = first_drawer
        self.stock = faces
        self.phase = Phase.DRAW
        self.to_act = None
        self.history = []
        self._seen = [(0, ())] * n
        self.drawn = 0
        self.hands = [0] * n
        self.big_suit = None
        self.declarer = None
        self.forced = False
        self.two_shown = False
        self.exposed = [0] * n
        self.declarations = []
        self._ck_start = 0
        self._ck_pos = n
        self.partner = None
        self.alone = False
        self.partner_revealed = False
        self.top = None
        self.top_player = None
        self.passes = 0
        self.leader = None
        self.played = [0] * n
        self.captured = [0] * n
        self.finishing = []
        self._active = [True] * n
        self._n_active = n
        self._big_played = [0] * n
        self._big_gained = [0] * n
        self.public_partner = None
        self.alone_known = False
        self.outcome = None
        self._combos = [None] * n
        self._stale = [False] * n
        self._order = strength_order(rules.rank_order is RankOrder.THREE_TWO_HIGH, None)
        self._run_draw()
        return self

    # ----- queries ----------------------------------------------------------
    def is_terminal(self) -> bool:
        return self.phase is Phase.OVER

    def seat_of_card(self, k: int) -> int:
        """The seat that draws card ``k`` of the stock."""
        return (self.first_drawer + k) % self.players

    def can_declare(self, seat: int) -> bool:
        """Whether ``seat`` has a legal declaration now (draw phase, §3.2)."""
        if self.phase is not Phase.DRAW or self.two_shown or self.forced:
            return False
        aces = self.hands[seat] >> _ACES_SHIFT
        if self.declarer is None:
            return aces != 0
        return aces & _PAIR_BITS != 0

    def declarations_of(self, seat: int) -> tuple[Declare, ...]:
        """The legal declarations of ``seat`` now (without :data:`DECLINE`)."""
        if not self.can_declare(seat):
            return ()
        return _declarations(self.hands[seat] >> _ACES_SHIFT, self.declarer is None)

    def combos_of(self, seat: int) -> list[Combo]:
        """Every distinct combination in ``seat``'s hand during play (cached per deal
        and filtered as cards leave the hand)."""
        cached = self._combos[seat]
        if cached is None:
            cached = hand_combos(self.hands[seat], self.rules, self.big_suit)
            self._combos[seat] = cached
            self._stale[seat] = False
        elif self._stale[seat]:
            hg = self.hands[seat] + GUARD
            cached = [c for c in cached if (hg - c[1]) & GUARD == GUARD]
            self._combos[seat] = cached
            self._stale[seat] = False
        return cached

    def legal_actions(self) -> list[Action]:
        """Every legal action of the player to act: declarations then ``decline``;
        ``show_second``/``keep_hidden``; ``reveal_partner``/``stay_hidden``; in play
        the plays, then a capture if any, then ``pass`` when following."""
        seat = self.to_act
        if seat is None:
            return []
        phase = self.phase
        if phase is Phase.PLAY:
            combos = self.combos_of(seat)
            top = self.top
            if top is None:
                return list(combos)
            rules = self.rules
            out: list[Action] = list(follow_filter(combos, top, rules))
            if rules.fours_capture and capture_size(top, rules):
                out.extend(Capture(c, top) for c in captures(self.hands[seat], rules, top))
            out.append(PASS)
            return out
        if phase is Phase.DRAW:
            return [*self.declarations_of(seat), DECLINE]
        if phase is Phase.SHOW_SECOND:
            return [SHOW_SECOND, KEEP_HIDDEN]
        return [REVEAL, STAY_HIDDEN]

    def why_illegal(self, action: Action) -> str | None:
        """Why ``action`` is illegal now, or None if it is legal."""
        seat = self.to_act
        if seat is None:
            return "the deal is over"
        phase = self.phase
        if phase is Phase.DRAW:
            if type(action) is Choice:
                if action == DECLINE:
                    return None
                return f"{action.name!r} is not an action of the draw (declare or decline)"
            if type(action) is Declare:
                return self._why_bad_declaration(seat, action)
            return f"seat {seat} must declare (show AX / show AX AX) or decline"
        if phase is Phase.SHOW_SECOND:
            if action == SHOW_SECOND or action == KEEP_HIDDEN:
                return None
            return f"seat {seat} must show the second Big Ace or keep it hidden"
        if phase is Phase.REVEAL:
            if action == REVEAL or action == STAY_HIDDEN:
                return None
            return f"seat {seat} must reveal itself as the partner or stay hidden"
        # play
        top = self.top
        if isinstance(action, Pass):
            return "the leader may not pass" if top is None else None
        if type(action) is Declare or type(action) is Choice:
            return "the draw and the declarations are over"
        hand = self.hands[seat]
        if type(action) is Capture:
            if top is None:
                return "a capture is never a lead"
            fours, taken = action.fours, action.taken
            if taken != top:
                return "a capture takes the current top play"
            if not self.rules.fours_capture:
                return "captures by fours are off (fours_capture=false)"
            if type(fours) is not Combo or not self._good_cards(fours.cards):
                return "not a play of fours"
            if not contains(hand, fours.cards):
                return f"seat {seat} does not hold {self.cards_text(fours.cards)}"
            if classify(fours.cards, self.rules, self.big_suit) != fours \
                    or not is_capture(fours, top, self.rules):
                need = capture_size(top, self.rules)
                if not need:
                    return f"{top.kind.value} {self.cards_text(top.cards)} cannot be captured"
                return (f"capturing {self.cards_text(top.cards)} takes exactly {need} "
                        "ordinary 4s")
            return None
        if type(action) is not Combo:
            return f"not an action: {action!r}"
        cards = action.cards
        if not self._good_cards(cards) or not contains(hand, cards):
            shown = self.cards_text(cards) if self._good_cards(cards) else repr(cards)
            return f"seat {seat} does not hold {shown}"
        found = classify(cards, self.rules, self.big_suit)
        if found is None:
            return "not a combination: " + explain(cards, self.rules, self.big_suit)
        if found != action:
            return "the play does not match its cards' reading"
        if top is None:
            return None
        if not beats(action, top, self.rules):
            extra = ""
            if self.rules.fours_capture and is_capture(action, top, self.rules):
                extra = " (write a capture as 'capture ...')"
            return (f"{action.kind.value} {self.cards_text(cards)} does not beat "
                    f"{top.kind.value} {self.cards_text(top.cards)}{extra}")
        return None

    @staticmethod
    def _good_cards(cards: object) -> bool:
        return isinstance(cards, int) and not isinstance(cards, bool) and cards > 0 \
            and not cards & GUARD

    def _why_bad_declaration(self, seat: int, d: Declare) -> str | None:
        suit, two = d.suit, d.two
        if isinstance(suit, bool) or not isinstance(suit, int) or not 0 <= suit < 4 \
                or not isinstance(two, bool):
            return f"not a declaration: {d!r}"
        name = FACE_NAMES[SUITED_ACE + suit]
        if self.two_shown:
            return "two Aces have been shown: no further declaration"
        held = (self.hands[seat] >> (5 * (SUITED_ACE + suit))) & 31
        if two:
            if held < 2:
                return f"seat {seat} does not hold both {name}"
            return None
        if self.declarer is not None:
            return f"seat {self.declarer} has already declared (only two Aces may be shown now)"
        if held < 1:
            return f"seat {seat} does not hold an {name}"
        return None

    # ----- notation ---------------------------------------------------------
    def cards_text(self, cards: Cards) -> str:
        """Canonical text of ``cards`` in the single-card order, weakest first."""
        return cards_text(cards, self._order, self.big_suit)

    def action_text(self, action: Action) -> str:
        """The text of an action (:func:`format_action`)."""
        return _format_action(self.rules, self._order, self.big_suit, action)

    def parse_action(self, text: str) -> Action:
        """Read an action from text: ``decline``, ``show AH``, ``show AH AH``,
        ``show_second``, ``keep_hidden``, ``reveal_partner`` (or ``reveal``),
        ``stay_hidden``, ``pass``/``p``, ``capture 4 4``, or card tokens. Fours that
        would capture the top play read as a capture without the word. The result
        is not checked for legality (see :meth:`check`). Raises
        :class:`CardParseError` for bad tokens and :class:`IllegalActionError` when
        the text is no action at all."""
        t = " ".join(text.strip().lower().split())
        if t in ("pass", "p"):
            return PASS
        choice = _CHOICE_TEXT.get(t)
        if choice is not None:
            return choice
        parts = t.split()
        if not parts:
            raise IllegalActionError(text, "empty action")
        if parts[0] == "show":
            toks = parts[1:]
            faces = {tok.upper() for tok in toks}
            if len(toks) not in (1, 2) or len(faces) != 1:
                raise IllegalActionError(text, "a declaration is 'show AX' or 'show AX AX' "
                                         "(X = S, H, C or D)")
            name = faces.pop()
            f = _FACE_OF_TOKEN.get(name)
            if f is None or f < SUITED_ACE:
                raise IllegalActionError(text, f"{name!r} is not a suited Ace")
            return Declare(f - SUITED_ACE, len(toks) == 2)
        capture = parts[0] == "capture"
        tokens = text.split()[1:] if capture else text.split()
        if not tokens:
            raise IllegalActionError(text, "no cards")
        cards = normalize(parse_cards(tokens, self.big_suit), self.big_suit)
        combo = classify(cards, self.rules, self.big_suit)
        if combo is None:
            raise IllegalActionError(text, "not a combination: "
                                     + explain(cards, self.rules, self.big_suit))
        top = self.top if self.phase is Phase.PLAY else None
        if capture:
            if top is None:
                raise IllegalActionError(text, "there is no top play to capture")
            return Capture(combo, top)
        if top is not None and self.rules.fours_capture and is_capture(combo, top, self.rules):
            return Capture(combo, top)
        return combo

    # ----- transitions ------------------------------------------------------
    def apply_unchecked(self, action: Action) -> Event:
        """Apply ``action`` WITHOUT checking legality (fast path for simulators that
        choose from :meth:`legal_actions`). An illegal action corrupts the state."""
        seat = self.to_act
        assert seat is not None
        ev = Event(seat, action)
        self.history.append(ev)
        t = type(action)
        if t is Combo:
            assert isinstance(action, Combo)
            self._play(seat, action)
        elif isinstance(action, Pass):
            self._pass(seat)
        elif t is Capture:
            assert isinstance(action, Capture)
            self._capture(seat, action)
        elif t is Declare:
            assert isinstance(action, Declare)
            self._declare(seat, action, ev)
            self._run_draw()
        elif action == DECLINE:
            self._run_draw()
        elif action == SHOW_SECOND:
            assert self.big_suit is not None
            self.two_shown = True
            self.exposed[seat] = 2 * UNIT[SUITED_ACE + self.big_suit]
            self._after_show_second()
        elif action == KEEP_HIDDEN:
            self._after_show_second()
        elif action == REVEAL:
            self.partner_revealed = True
            self.public_partner = seat
            self._start_play()
        elif action == STAY_HIDDEN:
            self._start_play()
        else:  # pragma: no cover - only reachable with an illegal action
            raise AssertionError(f"not an action: {action!r}")
        return ev

    # ----- the draw ---------------------------------------------------------
    def _declare(self, seat: int, d: Declare, ev: Event) -> None:
        unit = UNIT[SUITED_ACE + d.suit]
        old = self.declarer
        if old is not None:
            self.exposed[old] = 0  # a 反大A cancels the single declaration
        self.declarer = seat
        self.big_suit = d.suit
        if d.two:
            self.two_shown = True
            self.exposed[seat] = 2 * unit
        else:
            self.exposed[seat] = unit
        self.declarations.append((self.drawn, ev))

    def _run_draw(self) -> None:
        """Advance the draw to the next seat that has a declaration to decide, or
        past the end of the draw."""
        n = self.players
        hands = self.hands
        while True:
            while self._ck_pos < n:
                if self.two_shown:  # after two were shown nothing more is asked
                    self._ck_pos = n
                    break
                s = self._ck_start + self._ck_pos
                if s >= n:
                    s -= n
                self._ck_pos += 1
                aces = hands[s] >> _ACES_SHIFT
                if aces and (self.declarer is None or aces & _PAIR_BITS):
                    self.to_act = s
                    return
            k = self.drawn
            if k > LAST_CHECKPOINT:
                self._end_draw()
                return
            s = (self.first_drawer + k) % n
            hands[s] += UNIT[self.stock[k]]
            self.drawn = k + 1
            if not self.two_shown:
                self._ck_start = s
                self._ck_pos = 0

    def _end_draw(self) -> None:
        n = self.players
        if self.declarer is None:  # §3.3 forced declaration
            hearts = 5 * (SUITED_ACE + HEARTS)
            for i in range(n):
                s = (self.first_drawer + i) % n
                if (self.hands[s] >> hearts) & 31:
                    self.declarer = s
                    self.big_suit = HEARTS
                    self.forced = True
                    break
        for k in range(self.drawn, STOCK_SIZE):  # §3.4 the final round
            self.hands[(self.first_drawer + k) % n] += UNIT[self.stock[k]]
        self.drawn = STOCK_SIZE
        if self.declarer is None:
            self._finish_redeal()
            return
        d, suit = self.declarer, self.big_suit
        assert suit is not None
        self._order = strength_order(self.rules.rank_order is RankOrder.THREE_TWO_HIGH, suit)
        if big_aces(self.hands[d], suit) == 2:
            self.alone = True
            self.partner = None
        else:
            self.alone = False
            self.partner = next(s for s in range(n)
                                if s != d and big_aces(self.hands[s], suit))
        if self.alone and not self.two_shown:
            self.phase = Phase.SHOW_SECOND
            self.to_act = d
            return
        self._after_show_second()

    def _after_show_second(self) -> None:
        if self.partner is not None:
            self.phase = Phase.REVEAL
            self.to_act = self.partner
            return
        self._start_play()

    def _start_play(self) -> None:
        suit = self.big_suit
        assert suit is not None and self.declarer is not None
        self.hands = [normalize(h, suit) for h in self.hands]
        self.exposed = [0] * self.players
        self.alone_known = self.two_shown
        self.phase = Phase.PLAY
        self.leader = self.to_act = self.declarer

    # ----- play -------------------------------------------------------------
    def _next_active(self, seat: int) -> int:
        n = self.players
        active = self._active
        for i in range(1, n + 1):
            s = (seat + i) % n
            if active[s]:
                return s
        raise AssertionError("no active player")  # pragma: no cover

    def _note_big(self, seat: int, cards: Cards) -> None:
        """Public knowledge from a play holding Big Aces (§7)."""
        suit = self.big_suit
        b = big_aces(cards, suit)
        if not b:
            return
        self._big_played[seat] += b
        own = self._big_played[seat] - self._big_gained[seat]  # at least this many were its own
        if seat == self.declarer:
            if own >= 2:
                self.alone_known = True
        elif own >= 1 and self.public_partner is None:
            self.public_partner = seat

    def _play(self, seat: int, combo: Combo) -> None:
        cards = combo[1]
        hand = self.hands[seat] - cards
        self.hands[seat] = hand
        self.played[seat] += cards
        self._stale[seat] = True
        self._note_big(seat, cards)
        self.top = combo
        self.top_player = seat
        self.passes = 0
        if not hand:
            self._active[seat] = False
            self._n_active -= 1
            self.finishing.append(seat)
            if self._deal_ends():
                self._finish_play()
                return
        self.to_act = self._next_active(seat)

    def _capture(self, seat: int, cap: Capture) -> None:
        fours, taken = cap
        self.hands[seat] += taken[1] - fours[1]
        self.played[seat] += fours[1]
        self.captured[seat] += taken[1]
        self._combos[seat] = None
        b = big_aces(taken[1], self.big_suit)
        if b:
            self._big_gained[seat] += b
        self.top = fours
        self.top_player = seat
        self.passes = 0
        self.to_act = self._next_active(seat)

    def _pass(self, seat: int) -> None:
        passes = self.passes + 1
        top_player = self.top_player
        assert top_player is not None
        needed = self._n_active - 1 if self._active[top_player] else self._n_active
        if passes >= needed:
            self.top = None
            self.passes = 0
            lead = top_player if self._active[top_player] else self._lead_after(top_player)
            self.leader = self.to_act = lead
        else:
            self.passes = passes
            self.to_act = self._next_active(seat)

    def public_team(self, seat: int) -> frozenset[int]:
        """``seat``'s team as the public knows it (§7): while the partner is not
        publicly known, the declarer is on its own and everybody else a defender."""
        n = self.players
        d = self.declarer
        assert d is not None
        p = self.public_partner
        if seat == d:
            return frozenset({d} if p is None else {d, p})
        if seat == p:
            return frozenset({d, p})
        return frozenset(s for s in range(n) if s != d and s != p)

    def _lead_after(self, gone: int) -> int:
        """The leader after ``gone`` went out as the top player and all passed (§7)."""
        n = self.players
        if gone == self.declarer and self.public_partner is None:
            return self._next_active(gone)
        team = self.public_team(gone)
        for i in range(1, n):
            s = (gone + i) % n
            if self._active[s] and s in team:
                return s
        # cannot happen: the deal would be over (§7); fall back on the next player
        return self._next_active(gone)  # pragma: no cover

    def _deal_ends(self) -> bool:
        active = self._active
        d = self.declarer
        assert d is not None
        if self.alone:
            return not active[d] or self._n_active == 1
        p = self.partner
        assert p is not None
        if not active[d] and not active[p]:
            return True
        return all(not active[s] for s in range(self.players) if s != d and s != p)

    # ----- the end ----------------------------------------------------------
    def _finish_redeal(self) -> None:
        self.phase = Phase.OVER
        self.to_act = None
        self.outcome = Outcome(
            redeal=True, first_drawer=self.first_drawer, next_first_drawer=self.first_drawer,
            declarer=None, big_suit=None, forced=False, partner=None, alone=False,
            partner_revealed=False, two_shown=False, finishing_order=(), went_out=0,
            scores=(0,) * self.players, hands=tuple(self.hands),
        )

    def _finish_play(self) -> None:
        n = self.players
        out = list(self.finishing)
        last = out[-1]
        out += [s for s in ((last + i) % n for i in range(1, n)) if self._active[s]]
        d = self.declarer
        assert d is not None
        scores = score(self.rules, out, d, self.partner, self.alone, self.partner_revealed,
                       self.two_shown)
        self.phase = Phase.OVER
        self.to_act = None
        self.outcome = Outcome(
            redeal=False, first_drawer=self.first_drawer, next_first_drawer=out[0],
            declarer=d, big_suit=self.big_suit, forced=self.forced, partner=self.partner,
            alone=self.alone, partner_revealed=self.partner_revealed,
            two_shown=self.two_shown, finishing_order=tuple(out),
            went_out=len(self.finishing), scores=scores, hands=tuple(self.hands),
        )

    # ----- observation and copying ------------------------------------------
    def observe(self, seat: int) -> Observation:
        """The observation of ``seat``: only what that seat may know."""
        phase = self.phase
        to_act = self.to_act
        private = phase is Phase.DRAW or phase is Phase.SHOW_SECOND or phase is Phase.REVEAL
        if private and to_act != seat:
            to_act = None
            if phase is Phase.SHOW_SECOND:
                phase = Phase.REVEAL
        # the seat's view of the history grows with it: only new events are filtered
        seen, history = self._seen[seat]
        if seen != len(self.history):
            history += tuple(ev for ev in self.history[seen:]
                             if ev.seat == seat or not isinstance(ev.action, Choice)
                             or ev.action.name not in _PRIVATE)
            self._seen[seat] = (len(self.history), history)
        partner = self.public_partner
        if partner is None and self.declarer is not None and seat != self.declarer:
            if self.phase is Phase.DRAW:
                if big_aces(self.hands[seat], self.big_suit):
                    partner = seat
            elif self.partner == seat:
                partner = seat
        return Observation(
            rules=self.rules,
            seat=seat,
            players=self.players,
            phase=phase,
            current_player=to_act,
            first_drawer=self.first_drawer,
            drawn=self.drawn,
            hand=self.hands[seat],
            hand_counts=tuple(size_of(h) for h in self.hands),
            history=history,
            declarations=tuple(self.declarations),
            declarer=self.declarer,
            big_suit=self.big_suit,
            forced=self.forced,
            exposed=tuple(self.exposed),
            two_shown=self.two_shown,
            partner_revealed=self.partner_revealed,
            partner=partner,
            alone_known=self.alone_known,
            played=tuple(self.played),
            captured=tuple(self.captured),
            top=self.top,
            top_player=self.top_player if self.top is not None else None,
            leader=self.leader,
            finishing=tuple(self.finishing),
            outcome=self.outcome,
            public_partner=self.public_partner,
        )

    def clone(self) -> BigADeal:
        """An independent copy (lists copied; immutable values shared)."""
        other = BigADeal.__new__(BigADeal)
        for name in BigADeal.__slots__:
            setattr(other, name, getattr(self, name))
        for name in ("hands", "history", "exposed", "declarations", "played", "captured",
                     "finishing", "_active", "_big_played", "_big_gained", "_combos",
                     "_stale", "_seen"):
            setattr(other, name, list(getattr(self, name)))
        return other

    def __repr__(self) -> str:
        hands = " | ".join(self.cards_text(h) for h in self.hands)
        return (f"<BigADeal {self.rules.spec()} phase={self.phase.value} drawn={self.drawn} "
                f"to_act={self.to_act} hands=[{hands}]>")


def format_action(rules: BigARules, big_suit: int | None, action: Action) -> str:
    """The text of an action under ``rules`` once the Big Ace suit is
    ``big_suit`` (None before): ``show AH``, ``show AH AH``, ``decline``,
    ``show_second``, ``keep_hidden``, ``reveal_partner``, ``stay_hidden``, ``pass``,
    ``capture 4 4`` or the cards of a play (a sequence type in its chain order,
    anything else weakest first); ``repr`` of anything malformed.
    ``BigADeal.action_text`` and the web views both write actions with it."""
    order = strength_order(rules.rank_order is RankOrder.THREE_TWO_HIGH, big_suit)
    return _format_action(rules, order, big_suit, action)


def _format_action(rules: BigARules, order: Sequence[int], big_suit: int | None,
                   action: Action) -> str:
    good = BigADeal._good_cards
    if isinstance(action, Pass):
        return "pass"
    t = type(action)
    if t is Choice:
        assert isinstance(action, Choice)
        return action.name
    if t is Declare:
        assert isinstance(action, Declare)
        if isinstance(action.suit, int) and 0 <= action.suit < 4:
            name = FACE_NAMES[SUITED_ACE + action.suit]
            return f"show {name} {name}" if action.two else f"show {name}"
    if t is Capture:
        assert isinstance(action, Capture)
        if isinstance(action.fours, Combo) and good(action.fours.cards):
            return "capture " + cards_text(action.fours.cards, order, big_suit)
    if t is Combo:
        assert isinstance(action, Combo)
        if good(action.cards):
            return combo_text(action, rules, big_suit)
    return repr(action)


def new_deal(rules: BigARules, seed: int, *, first_drawer: int | None = None) -> BigADeal:
    """Shuffle with ``random.Random(seed)`` (see :func:`deal_stock`) and start the
    draw; the engine advances it to the first seat with a declaration to decide."""
    f, stock = deal_stock(seed, first_drawer)
    return BigADeal.from_stock(rules, stock, f, seed=seed)
