"""The draw of a Big A deal with its declarations, and the steps before play
(``biga.md`` §3.1–§3.5).

:class:`DrawPhase` is the part of :class:`~chupai.biga.game.BigADeal` that runs the
draw: the engine deals card after card and stops at each seat that has a
declaration to decide (:meth:`DrawPhase._run_draw`), applies the forced ♥A
declaration or the redeal at the end of the draw, then asks the declarer whether
to show its second Big Ace and the partner whether to reveal itself, and starts
play. Its three phases are decision phases of the shape every game's pre-play
steps have (:mod:`chupai.phases`: the table :data:`PHASES`).
"""

from __future__ import annotations

from functools import cache

from chupai.biga.cards import FACE_NAMES, SUITED_ACE, UNIT, big_aces, normalize, strength_order
from chupai.biga.events import (
    ACES_SHIFT,
    DECLINE,
    HEARTS,
    KEEP_HIDDEN,
    LAST_CHECKPOINT,
    PAIR_BITS,
    REVEAL,
    SHOW_SECOND,
    STAY_HIDDEN,
    STOCK_SIZE,
    Action,
    Choice,
    Declare,
    Event,
    Outcome,
    Phase,
)
from chupai.biga.rules import RankOrder
from chupai.biga.state import DealState
from chupai.i18n import CardTokens, Msg
from chupai.phases import DecisionPhases, PhaseRules

__all__ = ["DrawPhase", "declarations"]


@cache
def declarations(aces: int, single: bool) -> tuple[Declare, ...]:
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


class DrawPhase(DecisionPhases, DealState):
    """The draw, the declarations and the two questions before play."""

    __slots__ = ()

    # ----- queries ----------------------------------------------------------
    def can_declare(self, seat: int) -> bool:
        """Whether ``seat`` has a legal declaration now (draw phase, §3.2)."""
        if self.phase is not Phase.DRAW or self.two_shown or self.forced:
            return False
        aces = self.hands[seat] >> ACES_SHIFT
        if self.declarer is None:
            return aces != 0
        return aces & PAIR_BITS != 0

    def declarations_of(self, seat: int) -> tuple[Declare, ...]:
        """The legal declarations of ``seat`` now (without :data:`DECLINE`)."""
        if not self.can_declare(seat):
            return ()
        return declarations(self.hands[seat] >> ACES_SHIFT, self.declarer is None)

    def _draw_choices(self, seat: int) -> list[Action]:
        return [*self.declarations_of(seat), DECLINE]

    def _show_choices(self, seat: int) -> list[Action]:
        return [SHOW_SECOND, KEEP_HIDDEN]

    def _reveal_choices(self, seat: int) -> list[Action]:
        return [REVEAL, STAY_HIDDEN]

    def _why_illegal_show(self, seat: int, action: Action) -> str | None:
        if action == SHOW_SECOND or action == KEEP_HIDDEN:
            return None
        return Msg("seat {seat} must show the second Big Ace or keep it hidden", seat=seat)

    def _why_illegal_reveal(self, seat: int, action: Action) -> str | None:
        if action == REVEAL or action == STAY_HIDDEN:
            return None
        return Msg("seat {seat} must reveal itself as the partner or stay hidden", seat=seat)

    def _why_illegal_draw(self, seat: int, action: Action) -> str | None:
        if type(action) is Choice:
            if action == DECLINE:
                return None
            return Msg(
                "{name!r} is not an action of the draw (declare or decline)", name=action.name
            )
        if type(action) is Declare:
            return self._why_bad_declaration(seat, action)
        return Msg("seat {seat} must declare (show AX / show AX AX) or decline", seat=seat)

    def _why_bad_declaration(self, seat: int, d: Declare) -> str | None:
        suit, two = d.suit, d.two
        if (
            isinstance(suit, bool)
            or not isinstance(suit, int)
            or not 0 <= suit < 4
            or not isinstance(two, bool)
        ):
            return Msg("not a declaration: {d!r}", d=d)
        name = FACE_NAMES[SUITED_ACE + suit]
        if self.two_shown:
            return Msg("two Aces have been shown: no further declaration")
        held = (self.hands[seat] >> (5 * (SUITED_ACE + suit))) & 31
        if two:
            if held < 2:
                return Msg(
                    "seat {seat} does not hold both {card}", seat=seat, card=CardTokens(name)
                )
            return None
        if self.declarer is not None:
            return Msg(
                "seat {declarer} has already declared (only two Aces may be shown now)",
                declarer=self.declarer,
            )
        if held < 1:
            return Msg("seat {seat} does not hold an {card}", seat=seat, card=CardTokens(name))
        return None

    # ----- transitions ------------------------------------------------------
    def _apply_choice(self, seat: int, action: Action) -> None:
        """Apply a declaration or a named choice (the draw and §3.5; its event is
        the last of the history)."""
        if type(action) is Declare:
            self._declare(seat, action, self.history[-1])
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
                aces = hands[s] >> ACES_SHIFT
                if aces and (self.declarer is None or aces & PAIR_BITS):
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
            self.partner = next(s for s in range(n) if s != d and big_aces(self.hands[s], suit))
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
        self._open_play(self.declarer)

    def _finish_redeal(self) -> None:
        self.phase = Phase.OVER
        self.to_act = None
        self.outcome = Outcome(
            redeal=True,
            first_drawer=self.first_drawer,
            next_first_drawer=self.first_drawer,
            declarer=None,
            big_suit=None,
            forced=False,
            partner=None,
            alone=False,
            partner_revealed=False,
            two_shown=False,
            finishing_order=(),
            went_out=0,
            scores=(0,) * self.players,
            hands=tuple(self.hands),
        )


PHASES: dict[Phase, PhaseRules[DrawPhase, Action]] = {
    Phase.DRAW: PhaseRules(
        DrawPhase._draw_choices, DrawPhase._why_illegal_draw, DrawPhase._apply_choice
    ),
    Phase.SHOW_SECOND: PhaseRules(
        DrawPhase._show_choices, DrawPhase._why_illegal_show, DrawPhase._apply_choice
    ),
    Phase.REVEAL: PhaseRules(
        DrawPhase._reveal_choices, DrawPhase._why_illegal_reveal, DrawPhase._apply_choice
    ),
}
"""The decision phases before play (:mod:`chupai.phases`)."""
DrawPhase._PHASES = PHASES
