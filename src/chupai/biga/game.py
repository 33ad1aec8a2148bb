"""The Big A deal: the draw with its declarations, the steps before play, play with
the fours capture, lead passing, the end of the deal and scoring (``biga.md`` §3–§10).

:class:`BigADeal` is the state machine of one deal, built from its parts: the
values of :mod:`chupai.biga.events`, the draw of :mod:`chupai.biga.draw`, play of
:mod:`chupai.biga.play`, the observation of :mod:`chupai.biga.observation` and the
notation of :mod:`chupai.biga.notation`; this module exports all their public
names. It follows the OpenSpiel method
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

from collections.abc import Callable, Sequence
from typing import Self

from chupai.actions import PASS, Pass
from chupai.biga.cards import strength_order
from chupai.biga.combos import Combo, capture_size
from chupai.biga.draw import DrawPhase
from chupai.biga.events import (
    DECLINE,
    HEARTS,  # noqa: F401 - a public constant of this module
    KEEP_HIDDEN,
    LAST_CHECKPOINT,
    REVEAL,
    SHOW_SECOND,
    STAY_HIDDEN,
    STOCK_SIZE,
    SUIT_LETTERS,
    Action,
    Capture,
    Choice,
    Declare,
    Event,
    Outcome,
    Phase,
)
from chupai.biga.movegen import captures, follow_filter
from chupai.biga.notation import (
    action_text,
    check_stock,
    deal_stock,
    format_action,
    parse_action,
    parse_stock,
    stock_text,
)
from chupai.biga.observation import Observation, observe
from chupai.biga.play import PlayPhase
from chupai.biga.rules import BigARules, RankOrder
from chupai.compiled import load
from chupai.deal import Deal, clone_slots

__all__ = [
    "format_action",
    "Phase",
    "Pass",
    "PASS",
    "Declare",
    "Choice",
    "DECLINE",
    "SHOW_SECOND",
    "KEEP_HIDDEN",
    "REVEAL",
    "STAY_HIDDEN",
    "Capture",
    "Action",
    "Event",
    "Outcome",
    "Observation",
    "BigADeal",
    "new_deal",
    "deal_stock",
    "stock_text",
    "parse_stock",
    "SUIT_LETTERS",
    "LAST_CHECKPOINT",
    "STOCK_SIZE",
]


_fast = load("chupai.biga._fast")
_follow_actions: Callable[[list[Combo], Combo, BigARules, int], list[Action]] | None = (
    None if _fast is None else _fast.follow_actions
)
"""The compiled twin of the following branch of :meth:`BigADeal.legal_actions`
(the plays, a capture, pass in one call), None on the pure-Python engine."""


class BigADeal(DrawPhase, PlayPhase, Deal[Action, Event, Outcome]):
    """One deal of Big A. Build with :func:`new_deal` or :meth:`from_stock`. Its
    attributes are documented on :class:`~chupai.biga.state.DealState`."""

    __slots__ = (
        "rules",
        "players",
        "seed",
        "first_drawer",
        "stock",
        "phase",
        "to_act",
        "history",
        "drawn",
        "hands",
        "big_suit",
        "declarer",
        "forced",
        "two_shown",
        "exposed",
        "declarations",
        "_ck_start",
        "_ck_pos",
        "partner",
        "alone",
        "partner_revealed",
        "top",
        "top_player",
        "passed",
        "leader",
        "played",
        "captured",
        "finishing",
        "_active",
        "_lockout",
        "_big_played",
        "_big_gained",
        "public_partner",
        "alone_known",
        "outcome",
        "_combos",
        "_stale",
        "_order",
        "_seen",
    )

    _COPIED = (
        "hands",
        "history",
        "exposed",
        "declarations",
        "played",
        "captured",
        "finishing",
        "_big_played",
        "_big_gained",
        "_combos",
        "_stale",
        "_seen",
    )
    _CACHES = ("_combos",)
    _REPR = ("drawn",)

    # ----- construction -----------------------------------------------------
    @classmethod
    def from_stock(
        cls,
        rules: BigARules,
        stock: Sequence[int] | str,
        first_drawer: int,
        *,
        seed: int | None = None,
    ) -> BigADeal:
        """A deal from a given stock: the 108 faces in draw order (field indices of
        :mod:`chupai.biga.cards`, Aces suited) or their text (:func:`stock_text`).
        Raises ``ValueError`` for a stock that is not exactly the 108 cards."""
        faces = parse_stock(stock) if isinstance(stock, str) else tuple(stock)
        check_stock(faces)
        n = rules.players
        if (
            isinstance(first_drawer, bool)
            or not isinstance(first_drawer, int)
            or not 0 <= first_drawer < n
        ):
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
        self._no_trick()
        self.played = [0] * n
        self.captured = [0] * n
        self.finishing = []
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
            if _follow_actions is not None:
                return _follow_actions(combos, top, self.rules, self.hands[seat])
            rules = self.rules
            out: list[Action] = list(follow_filter(combos, top, rules))
            if rules.fours_capture and capture_size(top, rules):
                out.extend(Capture(c, top) for c in captures(self.hands[seat], rules, top))
            out.append(PASS)
            return out
        return self._phase_choices(seat)

    def why_illegal(self, action: Action) -> str | None:
        """Why ``action`` is illegal now, or None if it is legal."""
        seat = self.to_act
        if seat is None or self.phase is not Phase.PLAY:
            return self._refusal_outside_play(seat, action)
        return self._why_illegal_play(seat, action)

    def observe(self, seat: int) -> Observation:
        """The observation of ``seat``: only what that seat may know."""
        return observe(self, seat)

    def clone(self) -> Self:
        """An independent copy (lists copied; immutable values shared)."""
        return clone_slots(self, self._COPIED)

    # ----- notation ---------------------------------------------------------
    def action_text(self, action: Action) -> str:
        """The text of an action (:func:`format_action`)."""
        return action_text(self.rules, self._order, self.big_suit, action)

    def parse_action(self, text: str) -> Action:
        """Read an action from text: ``decline``, ``show AH``, ``show AH AH``,
        ``show_second``, ``keep_hidden``, ``reveal_partner`` (or ``reveal``),
        ``stay_hidden``, ``pass``/``p``, ``capture 4 4``, or card tokens. Fours that
        would capture the top play read as a capture without the word. The result
        is not checked for legality (see :meth:`check`). Raises
        :class:`CardParseError` for bad tokens and :class:`IllegalActionError` when
        the text is no action at all."""
        top = self.top if self.phase is Phase.PLAY else None
        return parse_action(text, self.rules, self.big_suit, top)

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
            self._trick_pass(seat)
        elif t is Capture:
            assert isinstance(action, Capture)
            self._capture(seat, action)
        else:
            self._phase_apply(seat, action)
        return ev


def new_deal(rules: BigARules, seed: int, *, first_drawer: int | None = None) -> BigADeal:
    """Shuffle with ``random.Random(seed)`` (see :func:`deal_stock`) and start the
    draw; the engine advances it to the first seat with a declaration to decide."""
    f, stock = deal_stock(seed, first_drawer)
    return BigADeal.from_stock(rules, stock, f, seed=seed)
