"""Play in a Big A deal: plays, the fours capture, passing, lead passing and the
end of the deal (``biga.md`` §5–§8, scoring §9–§10).

:class:`PlayPhase` is the part of :class:`~chupai.biga.game.BigADeal` that checks
and applies the actions of the play phase. A play is a
:class:`~chupai.biga.combos.Combo`; a capture by fours is a
:class:`~chupai.biga.events.Capture`: the fours become the top play and the
captured set goes into the capturer's hand. When the top player has gone out and
every active player passed, the lead passes to the top player's nearest active
team-mate as the public knows the teams (§7). When the deal ends (§8) the players
still holding cards take the remaining positions in turn order from the seat after
the last player out.
"""

from __future__ import annotations

from chupai.actions import Pass
from chupai.biga.cards import GUARD, Cards, big_aces, contains
from chupai.biga.combos import Combo, beats, capture_size, classify, explain, is_capture
from chupai.biga.events import Action, Capture, Choice, Declare, Outcome, Phase
from chupai.biga.messages import kind_name
from chupai.biga.movegen import hand_combos
from chupai.biga.scoring import score
from chupai.biga.state import DealState, good_cards
from chupai.deal import still_held
from chupai.i18n import CardTokens, Msg
from chupai.messages import does_not_beat, not_held
from chupai.trick import next_seat

__all__ = ["PlayPhase"]


class PlayPhase(DealState):
    """Plays, captures and passes; the public teams; the end of the deal."""

    __slots__ = ()

    # ----- queries ----------------------------------------------------------
    def combos_of(self, seat: int) -> list[Combo]:
        """Every distinct combination in ``seat``'s hand during play (cached per deal
        and filtered as cards leave the hand)."""
        cached = self._combos[seat]
        if cached is None:
            self._born[seat] = self.hands[seat]
            cached = hand_combos(self.hands[seat], self.rules, self.big_suit)
        elif self._stale[seat]:
            cached = still_held(cached, self.hands[seat], GUARD)
        else:
            return cached
        self._combos[seat] = cached
        self._stale[seat] = False
        return cached

    def cache_notes(self) -> list[int | None]:
        """What a record leaves out but the order of the legal plays depends on:
        each seat's hand when its plays were listed (None: not listed yet). The
        list is kept and filtered as cards leave, in an order a fresh listing of
        a smaller hand need not have (a state string carries these notes)."""
        return [b if c is not None else None for b, c in zip(self._born, self._combos)]

    def restore_cache_notes(self, notes: object) -> None:
        """List the plays again as :meth:`cache_notes` says they were listed;
        raises ``ValueError`` for notes that are no hand holding each seat's
        cards."""
        n = len(self.hands)
        if not isinstance(notes, list) or len(notes) != n:
            raise ValueError(f"cache notes must be a list of {n} hands or nulls")
        for seat, born in enumerate(notes):
            if born is None:
                self._combos[seat] = None
                continue
            if type(born) is not int or born < 0 or not contains(born, self.hands[seat]):
                raise ValueError(f"cache note {born!r} does not hold the cards of seat {seat}")
            self._born[seat] = born
            self._combos[seat] = hand_combos(born, self.rules, self.big_suit)
            self._stale[seat] = True

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

    # ----- legality ---------------------------------------------------------
    def _why_illegal_play(self, seat: int, action: Action) -> str | None:
        if isinstance(action, Pass):
            return Msg("the leader may not pass") if self.top is None else None
        if type(action) is Declare or type(action) is Choice:
            return Msg("the draw and the declarations are over")
        if type(action) is Capture:
            return self._why_bad_capture(seat, action)
        if type(action) is not Combo:
            return Msg("not an action: {action!r}", action=action)
        return self._why_bad_combo(seat, action)

    def _why_bad_capture(self, seat: int, action: Capture) -> str | None:
        top = self.top
        if top is None:
            return Msg("a capture is never a lead")
        fours, taken = action.fours, action.taken
        if taken != top:
            return Msg("a capture takes the current top play")
        rules = self.rules
        if not rules.fours_capture:
            return Msg("captures by fours are off (fours_capture=false)")
        if type(fours) is not Combo or not good_cards(fours.cards):
            return Msg("not a play of fours")
        if not contains(self.hands[seat], fours.cards):
            return not_held(seat, self.cards_text(fours.cards))
        if classify(fours.cards, rules, self.big_suit) != fours or not is_capture(
            fours, top, rules
        ):
            need = capture_size(top, rules)
            top_cards = CardTokens(self.cards_text(top.cards))
            if not need:
                return Msg(
                    "{kind} {cards} cannot be captured",
                    kind=kind_name(top.kind.value),
                    cards=top_cards,
                )
            return Msg("capturing {cards} takes exactly {n} ordinary 4s", cards=top_cards, n=need)
        return None

    def _why_bad_combo(self, seat: int, action: Combo) -> str | None:
        cards = action.cards
        if not good_cards(cards) or not contains(self.hands[seat], cards):
            shown = CardTokens(self.cards_text(cards)) if good_cards(cards) else repr(cards)
            return Msg("seat {seat} does not hold {cards}", seat=seat, cards=shown)
        rules = self.rules
        found = classify(cards, rules, self.big_suit)
        if found is None:
            return Msg("not a combination: {why}", why=explain(cards, rules, self.big_suit))
        if found != action:
            return Msg("the play does not match its cards' reading")
        top = self.top
        if top is None or beats(action, top, rules):
            return None
        extra = ""
        if rules.fours_capture and is_capture(action, top, rules):
            extra = Msg(" (write a capture as 'capture ...')")
        return does_not_beat(
            kind_name(action.kind.value),
            self.cards_text(cards),
            kind_name(top.kind.value),
            self.cards_text(top.cards),
            extra,
        )

    # ----- transitions ------------------------------------------------------
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
        if hand:
            self._trick_play(seat, combo)
            return
        self._went_out(seat)
        self.finishing.append(seat)
        if self._deal_ends():
            self._trick_top(seat, combo)
            self._finish_play()
        else:
            self._trick_play(seat, combo)

    def _capture(self, seat: int, cap: Capture) -> None:
        fours, taken = cap
        self.hands[seat] += taken[1] - fours[1]
        self.played[seat] += fours[1]
        self.captured[seat] += taken[1]
        self._combos[seat] = None
        b = big_aces(taken[1], self.big_suit)
        if b:
            self._big_gained[seat] += b
        self._trick_play(seat, fours)

    def _lead_after(self, gone: int) -> int:
        """The leader after ``gone`` went out as the top player and all passed (§7):
        its nearest active team-mate as the public knows the teams (the next active
        seat while the declarer's partner is unknown)."""
        active = self._active
        if gone == self.declarer and self.public_partner is None:
            return next_seat(active, gone)
        team = 0
        for s in self.public_team(gone):
            team |= 1 << s
        mates = active & team & ~(1 << gone)
        if mates:
            return next_seat(mates, gone)
        # cannot happen: the deal would be over (§7); fall back on the next player
        return next_seat(active, gone)  # pragma: no cover

    def _deal_ends(self) -> bool:
        active = self._active
        d = self.declarer
        assert d is not None
        if self.alone:
            return not active >> d & 1 or active.bit_count() == 1
        p = self.partner
        assert p is not None
        return not active & (1 << d | 1 << p) or not active & ~(1 << d | 1 << p)

    def _finish_play(self) -> None:
        n = self.players
        out = list(self.finishing)
        last = out[-1]
        out += [s for s in ((last + i) % n for i in range(1, n)) if self._active >> s & 1]
        d = self.declarer
        assert d is not None
        scores = score(
            self.rules, out, d, self.partner, self.alone, self.partner_revealed, self.two_shown
        )
        self.phase = Phase.OVER
        self.to_act = None
        self.outcome = Outcome(
            redeal=False,
            first_drawer=self.first_drawer,
            next_first_drawer=out[0],
            declarer=d,
            big_suit=self.big_suit,
            forced=self.forced,
            partner=self.partner,
            alone=self.alone,
            partner_revealed=self.partner_revealed,
            two_shown=self.two_shown,
            finishing_order=tuple(out),
            went_out=len(self.finishing),
            scores=scores,
            hands=tuple(self.hands),
        )
