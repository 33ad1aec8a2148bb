"""The Big Two deal: dealing, the pre-play phases, play and scoring.

:class:`BigTwoDeal` is the state machine of one deal (``bigtwo.md`` §3–§12). It
follows the OpenSpiel method names (``current_player``, ``legal_actions``,
``apply_action``, ``is_terminal``, ``returns``, ``observe``, ``clone``) and the
checked/unchecked split: :meth:`BigTwoDeal.apply_action` validates and raises
:class:`IllegalActionError`; :meth:`BigTwoDeal.apply_unchecked` trusts its caller
(simulators that only pick from :meth:`legal_actions`).
The methods that read alike in every game (``current_player``, ``returns``,
``is_legal``, ``check``, ``apply_action``, ``child``) come from
:class:`chupai.deal.Deal`.

The phases come in the order of §3.4, each only when its option is on:
``choose_hands`` (tribute method 1) → ``leftover`` (§3.3) → the instant-win
check (§5, automatic) → ``redeal`` requests (§4) → ``pre_exchange`` (§12.4) →
``class_exchange`` (§12.2) or ``tribute`` (§12.3 methods 2–4) → ``play``.
The modules of the deal: :mod:`~chupai.bigtwo.values` (phases, actions, events,
outcomes), :mod:`~chupai.bigtwo.state` (the fields and shared steps),
:mod:`~chupai.bigtwo.phases` (the pre-play phases), this module (play and
legality), :mod:`~chupai.bigtwo.observation` (what a seat knows) and
:mod:`~chupai.bigtwo.notation` (action text). Every name is re-exported here.

Actions are values: a play is a :class:`~chupai.bigtwo.combos.Combo`, a play with
the "last card" announcement a :class:`LastCard`, a pass is :data:`PASS`, and a
phase decision is a :class:`Choice` (a name, and the cards or hand index it
carries). Steps no player decides (a tribute, the answer to a named card, a random
draw) are recorded in :attr:`BigTwoDeal.history` as automatic events.

>>> from chupai.bigtwo.rules import PRESETS
>>> deal = new_deal(PRESETS["standard"], seed=7)
>>> deal.current_player == deal.starting_player
True
>>> first = deal.legal_actions()[0]
>>> deal.action_text(first)
'3D'
>>> _ = deal.apply_action(first)
>>> deal.current_player == (deal.starting_player + 1) % 4
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Final, Self, cast

from chupai.actions import PASS, Pass
from chupai.bigtwo import packs
from chupai.bigtwo.combos import TIE_BITS, Combo, classify_or_none, explain, ties_beat
from chupai.bigtwo.dealing import deal_cards as deal_cards, first_copies as first_copies
from chupai.bigtwo.messages import ding_da, first_lead, forced_pass, kind_name, no_last_call
from chupai.bigtwo.movegen import follow_filter, follow_filter_pure as follow_py, hand_combos
from chupai.bigtwo.notation import cards_text, format_action, format_with, parse_action
from chupai.bigtwo.observation import (
    TITLES as TITLES,
    TRIBUTE_RANKS as TRIBUTE_RANKS,
    Observation,
    class_titles,
    observe,
)
from chupai.bigtwo.phases import PrePlay, next_titles, protected_cards, redeal_reasons
from chupai.bigtwo.rules import BigTwoRules, DingDa, PlayUntil, Series, StartingCopy, TributeMethod
from chupai.bigtwo.scoring import penalty, transfer_penalties, winner_multiplier
from chupai.bigtwo.values import (
    CHOICE_NAMES,
    EVERYONE,
    FULL_DECK as FULL_DECK,
    Action,
    Choice,
    Event,
    Hidden,
    LastCard,
    Outcome,
    Phase,
)
from chupai.cards import CardMask, card_name, cards_of
from chupai.deal import clone_slots
from chupai.errors import UnsupportedOptionError
from chupai.i18n import Msg
from chupai.messages import does_not_beat, not_held

__all__ = [
    "format_action",
    "Phase",
    "Pass",
    "PASS",
    "Choice",
    "LastCard",
    "Hidden",
    "Action",
    "Event",
    "Outcome",
    "Observation",
    "BigTwoDeal",
    "new_deal",
    "deal_cards",
    "check_supported",
    "EVERYONE",
    "CHOICE_NAMES",
    "redeal_reasons",
    "transfer_penalties",
    "class_titles",
    "next_titles",
    "protected_cards",
]

_new: Final = tuple.__new__


class BigTwoDeal(PrePlay):
    """One deal of Big Two. Build with :func:`new_deal` or :meth:`from_hands`."""

    __slots__ = ()

    _COPIED = (
        "hands",
        "history",
        "played",
        "finished",
        "_combos",
        "piles",
        "_queue",
        "_tasks",
        "_named",
        "_received",
        "_given",
    )
    _CACHES = ("_combos",)

    # ----- construction ---------------------------------------------------
    @classmethod
    def from_hands(
        cls,
        rules: BigTwoRules,
        hands: Sequence[CardMask],
        *,
        leftover: CardMask = 0,
        dealer: int = 0,
        first_deal: bool = True,
        leader: int | None = None,
        seed: int | None = None,
        ranking: Sequence[int] | None = None,
        dealt_first: Sequence[int] | None = None,
    ) -> BigTwoDeal:
        """A deal from explicit dealt hands (and undealt ``leftover`` cards).

        ``first_deal`` and ``leader`` choose the first lead (§7.1): in the first
        deal of a session, or in every deal under ``starting_card_every_deal``, the
        holder of the starting card leads with it; otherwise ``leader`` (the
        previous deal's winner) leads freely. ``ranking`` is the previous deal's
        ranking, 1st first (§12.1): with ``series`` on and ``first_deal`` false it
        gives the titles of class struggle (after any demotion, see
        :func:`next_titles`) or the ranks of tribute. ``seed`` also seeds the
        in-deal random steps (the §12.4 shuffle, tribute draws); without it they
        are seeded from the hands. ``dealt_first`` (two packs, ``starting_copy=
        first_dealt``: :func:`first_copies`) names the seat dealt each card's first
        copy; without it the holder of a starting card held twice is the first in
        turn order.
        """
        check_supported(rules)
        self = cls.__new__(cls)
        self._init_fields(rules, hands, leftover, dealer, first_deal, leader, seed, ranking)
        self._dealt_first = None if dealt_first is None else tuple(dealt_first)
        n = self.players
        if (
            self.ranking is not None
            and rules.series is Series.TRIBUTE
            and rules.tribute_method is TributeMethod.CHOOSE_HANDS
        ):
            first = (dealer + 1) % n
            self.piles = [self.hands[(first + k) % n] for k in range(n)]
            self.hands = [0] * n
            self.phase = Phase.CHOOSE_HANDS
            self._queue = list(self.ranking[: n - 1])
            self.to_act = self._queue[0]
            return self
        self._leftover_step()
        return self

    # ----- queries ----------------------------------------------------------
    def is_terminal(self) -> bool:
        return self.phase is Phase.OVER

    def active_seats(self) -> list[int]:
        """Seats still holding cards and taking turns."""
        return [s for s in range(self.players) if self._active >> s & 1]

    def combos_of(self, seat: int) -> list[Combo]:
        """Every combination in ``seat``'s current hand (cached)."""
        cached = self._combos[seat]
        if cached is None:
            cached = hand_combos(self.hands[seat], self.rules)
            self._combos[seat] = cached
        return cached

    def legal_actions(self) -> list[Action]:
        """Every legal action of the player to act (plays first, then pass)."""
        seat = self.to_act
        if seat is None:
            return []
        if self.phase is not Phase.PLAY:
            return self._phase_choices(seat)
        combos = self.combos_of(seat)
        top = self.top
        if top is None:
            mc = self.must_contain
            if self._extras:
                return self._obliged(seat, [c for c in combos if c.mask & mc == mc], True)
            if mc:
                return [c for c in combos if c.mask & mc == mc]
            return list(combos)
        if self.forced_trick:
            return [PASS]
        over_small = self._t.monster_over_small
        if self._two:  # the pure filter (the compiled one holds 52-bit masks)
            if ties_beat(self.rules):  # a play of the same cards beats: key >= top's
                top = top._replace(key=top.key - 1)
            out = cast(list[Action], follow_py(combos, top, self._monsters, over_small))
        else:
            out = cast(list[Action], follow_filter(combos, top, self._monsters, over_small))
        if self._extras:
            out = self._obliged(seat, cast(list[Combo], out), False)
        out.append(PASS)
        return out

    # ----- §10 obligations ------------------------------------------------------
    def _next_to_act(self, seat: int) -> int | None:
        """N of §10.1: the next active seat after ``seat`` that may act in this
        trick (players locked out by ``pass_lockout`` are skipped)."""
        return self._next_in_trick(seat)

    def _ding_da_applies(self, seat: int) -> bool:
        nxt = self._next_to_act(seat)
        return nxt is not None and self.hands[nxt].bit_count() == 1

    def ding_da_applies(self) -> bool:
        """Whether the 頂大 obligation binds the seat to act now (§10.1; only with
        ``ding_da`` on and in the play phase)."""
        seat = self.to_act
        return (
            seat is not None
            and self.phase is Phase.PLAY
            and self.rules.ding_da is not DingDa.OFF
            and self._ding_da_applies(seat)
        )

    def _highest(self, hand: CardMask) -> CardMask:
        strength = self._t.card_strength
        return 1 << max(cards_of(hand & FULL_DECK), key=strength.__getitem__)

    def _ding_da_filter(self, seat: int, plays: list[Combo], leading: bool) -> list[Combo]:
        """The plays that keep the 頂大 obligation (§10.1), from the legal ``plays``."""
        top_card = self._highest(self.hands[seat])
        if leading:
            multi = [c for c in plays if c.mask & (c.mask - 1)]
            if multi:
                return multi
            return [c for c in plays if c.mask == top_card] or plays
        return [c for c in plays if c.mask & (c.mask - 1) or c.mask == top_card]

    def _obliged(self, seat: int, plays: list[Combo], leading: bool) -> list[Action]:
        """Apply 頂大 (``enforce``) and the "last card" rules to the legal plays."""
        r = self.rules
        if self.blocked >> seat & 1 and not leading:
            return []
        if r.ding_da is DingDa.ENFORCE and self._ding_da_applies(seat):
            plays = self._ding_da_filter(seat, plays, leading)
        out: list[Action] = list(plays)
        if r.last_card_call:
            left = self.hands[seat].bit_count() - 1
            out += [LastCard(c) for c in plays if c.mask.bit_count() == left]
        return out

    def _violates(self, seat: int, play: Combo) -> bool:
        """Whether ``play`` breaks the 頂大 obligation (for ``ding_da=penalty``)."""
        if not self._ding_da_applies(seat):
            return False
        leading = self.top is None
        if leading:
            mc = self.must_contain
            leads = [c for c in self.combos_of(seat) if c.mask & mc == mc]
        else:
            leads = [play]
        return play not in self._ding_da_filter(seat, leads, leading)

    # ----- legality ------------------------------------------------------------------
    def why_illegal(self, action: Action) -> str | None:
        """Why ``action`` is illegal now, or None if it is legal."""
        seat = self.to_act
        if seat is None or self.phase is not Phase.PLAY:
            return self._refusal_outside_play(seat, action)
        if isinstance(action, Choice):
            return Msg("{name!r} is not an action of the play phase", name=action.name)
        if isinstance(action, Pass):
            return Msg("the leader may not pass") if self.top is None else None
        if isinstance(action, LastCard):
            if not isinstance(action.play, Combo):
                return Msg("not a play")
            return self._play_refusal(seat, action.play, True)
        return self._play_refusal(seat, action, False)

    def _play_refusal(self, seat: int, action: Combo, called: bool) -> str | None:
        """Why the play ``action`` (with the "last card" call if ``called``) is
        illegal for ``seat``, or None."""
        mask = action.mask
        hand = self.hands[seat]
        if not isinstance(mask, int) or mask & ~hand:
            if self._two:  # name each card as often as it is missing
                return not_held(seat, packs.names(packs.norm(mask & ~hand)))
            return not_held(
                seat, " ".join(card_name(c) for c in cards_of(mask & ~hand & FULL_DECK))
            )
        combo = classify_or_none(mask, self.rules)
        if combo is None:
            return Msg("not a combination: {why}", why=explain(mask, self.rules))
        if combo != action:
            return Msg("the play does not match its cards' classification")
        if called:
            if not self.rules.last_card_call:
                return Msg(
                    "'last' (the last-card call) is not an option of these rules "
                    "(last_card_call=false)"
                )
            if (hand & ~mask).bit_count() != 1:
                return Msg("'last' may only be called by a play that leaves one card")
        reason = self._trick_refusal(seat, combo)
        if reason is None and self._extras:
            return self._obligation_refusal(seat, combo)
        return reason

    def _trick_refusal(self, seat: int, combo: Combo) -> str | None:
        """Why ``combo`` may not be played on the trick as it stands, or None."""
        if self.top is None:
            mc = self.must_contain
            if mc and combo.mask & mc != mc:
                return first_lead(card_name(self.starting_card))
        elif self.forced_trick:
            return forced_pass(seat, self.top_player)
        elif not self._beats(combo, self.top):
            note: str = ""
            if self._two and combo.group == self.top.group:
                if combo.key == self.top.key:
                    note = Msg(" (the same cards do not beat: identical_beats=false)")
                elif combo.key >> TIE_BITS == self.top.key >> TIE_BITS:
                    note = Msg(" (equal ranks: the cards compare one by one from the highest)")
            return does_not_beat(
                kind_name(combo.kind.value),
                self.action_text(combo),
                kind_name(self.top.kind.value),
                self.action_text(self.top),
                note,
            )
        return None

    def _obligation_refusal(self, seat: int, combo: Combo) -> str | None:
        """Why ``combo`` breaks a §10 obligation ("last card" block, 頂大), or None."""
        if self.blocked >> seat & 1:
            return no_last_call(seat)
        if self.rules.ding_da is DingDa.ENFORCE and self._violates(seat, combo):
            nxt = self._next_to_act(seat)
            top_card = card_name(self._highest(self.hands[seat]).bit_length() - 1)
            if (
                self.top is None
                and combo.mask.bit_count() == 1
                and any(c.mask & (c.mask - 1) for c in self.legal_actions() if isinstance(c, Combo))
            ):
                return ding_da(nxt, seat, None)
            return ding_da(nxt, seat, top_card)
        return None

    # ----- notation ---------------------------------------------------------
    def sort_key(self) -> list[int]:
        """Display order of cards under these rules (single-card strength)."""
        return self._t.card_strength

    def cards_text(self, mask: CardMask) -> str:
        """Canonical text of ``mask`` in display order (ascending strength)."""
        return cards_text(self._t.card_strength, mask)

    def action_text(self, action: Action | Hidden) -> str:
        """The text of an action (:func:`format_action`)."""
        return format_with(self._t.card_strength, action)

    def parse_action(self, text: str) -> Action:
        """Read an action from text: ``pass``, a choice (``keep``, ``give 4D``,
        ``hand 2``), card tokens, or card tokens then ``last`` (§10.2).

        Card tokens are classified under the rules; the result is not checked
        for legality (see :meth:`check`). Raises :class:`CardParseError` or
        :class:`IllegalActionError` when the text is no action at all.
        """
        return parse_action(self.rules, text)

    # ----- transitions -------------------------------------------------------
    def apply_unchecked(self, action: Action) -> Event:
        """Apply ``action`` WITHOUT checking legality (fast path for simulators
        that choose from :meth:`legal_actions`). An illegal action corrupts the
        state."""
        seat: int = self.to_act  # type: ignore[assignment]
        if self.phase is not Phase.PLAY:
            return self._phase_apply(seat, action)  # type: ignore[no-any-return]
        ev = _new(Event, (seat, action, -1, EVERYONE, EVERYONE, False))  # Event(seat, action)
        self.history.append(ev)
        if type(action) is Pass:
            if self._dd_watch is not None and self._dd_watch[0] == seat:
                self._dd_watch = None
            self._trick_pass(seat)
            return ev
        called = False
        if self._extras:
            if type(action) is LastCard:
                action = action.play
                called = True
            self._watch_ding_da(seat, cast(Combo, action))
        action = cast(Combo, action)
        mask = action[1]
        if self._two:
            hand = packs.take(self.hands[seat], mask)
            self.played[seat] = packs.add(self.played[seat], mask)
        else:
            hand = self.hands[seat] & ~mask
            self.played[seat] |= mask
        self.hands[seat] = hand
        combos = self._combos[seat]
        if combos is not None:  # those still held
            self._combos[seat] = [c for c in combos if not c[1] & ~hand]
        if self.top is None and self.lock_play is not None:
            self._lead_under_lock(seat, action)
        self._trick_top(seat, action)
        self.must_contain = 0
        if self._extras and self.rules.last_card_call and not called and hand.bit_count() == 1:
            self.blocked |= 1 << seat
        if not hand:
            self._go_out(seat, action)
            if self.outcome is not None:
                return ev
        self._trick_turn(seat)
        return ev

    def _watch_ding_da(self, seat: int, play: Combo) -> None:
        """§10.1 ``penalty``: remember a violation, and make its player liable when
        the one-card player goes out directly over it as the deal's winner."""
        watch = self._dd_watch
        if watch is not None and watch[0] == seat:
            self._dd_watch = None
            if self.hands[seat] == play.mask and self.winner is None and self.top == watch[1]:
                self.liable = watch[2]
        if self.rules.ding_da is DingDa.PENALTY and self._violates(seat, play):
            nxt = self._next_to_act(seat)
            assert nxt is not None
            self._dd_watch = (nxt, play, seat)

    def _lead_under_lock(self, seat: int, lead: Combo) -> None:
        """§7.3: a lock holder's lead of P's type that beats P forces the others
        to pass; any other lead ends the lock."""
        p = self.lock_play
        assert p is not None
        if seat == self.lock_player and lead.kind == p.kind and self._beats(lead, p):
            self.forced_trick = True
        else:
            self.lock_player = self.lock_play = None

    def _go_out(self, seat: int, play: Combo) -> None:
        self._went_out(seat)
        self.finished.append(seat)
        if self.winner is None:
            self.winner = seat
            self.winning_play = play
            self.win_hands = tuple(self.hands)
            self.win_played = tuple(self.played)
            if self.rules.play_until is PlayUntil.FIRST_OUT:
                self._score_play()
                return
        if self._active.bit_count() <= 1:
            last = self._active.bit_length() - 1
            if last >= 0:
                self.finished.append(last)
            self._score_play()

    def _end_trick(self) -> None:
        """All others passed (:class:`chupai.trick.Trick`): the repeat-lead lock
        (§7.3) and the "last card" blocks (§10.2) decide with the shared rule."""
        top_player = self.top_player
        assert top_player is not None
        if self.rules.repeat_lead_lock and not self.forced_trick:
            if self._active >> top_player & 1:
                self.lock_player, self.lock_play = top_player, self.top
            else:
                self.lock_player = self.lock_play = None
        self.forced_trick = False
        super()._end_trick()
        if self.blocked:
            self.leader = self.to_act = self._unblocked_leader(self.leader)

    def _unblocked_leader(self, leader: int) -> int:
        """§10.2: a blocked player hands the lead on to the next active player who
        is not blocked; when every active player is blocked, the blocks are lifted."""
        n = self.players
        for i in range(n):
            cand = (leader + i) % n
            if self._active >> cand & 1 and not self.blocked >> cand & 1:
                return cand
        self.blocked = 0
        return leader

    def _score_play(self) -> None:
        winner = self.winner
        assert winner is not None and self.winning_play is not None
        rules = self.rules
        mult = winner_multiplier(rules, self.winning_play.mask, self.winning_play.kind)
        pens = [
            0
            if s == winner
            else penalty(rules, self.win_hands[s], untouched=self.win_played[s] == 0) * mult
            for s in range(self.players)
        ]
        if self.liable is not None:
            pens = transfer_penalties(pens, winner, self.liable)
        self._finish(pens)

    def _rng(self, purpose: str) -> random.Random:
        """A generator for one random step of this deal, seeded from the deal's seed
        (or its hands), so that the step replays from the record (the §12.4 shuffle,
        the tribute draws)."""
        if self.seed is not None:
            base = f"seed {self.seed}"
        else:
            base = "hands " + ",".join(str(h) for h in self.dealt_hands)
        return random.Random(f"chupai-bigtwo {base} {purpose}")

    # ----- observation and copying --------------------------------------------
    def observe(self, seat: int) -> Observation:
        """The observation of ``seat``: only what that seat may know."""
        return observe(self, seat)

    def clone(self) -> Self:
        """An independent copy (lists copied; immutable values shared)."""
        return clone_slots(self, self._COPIED)


_UNSUPPORTED: Final[tuple[tuple[str, Callable[[BigTwoRules], bool]], ...]] = ()
"""Options the deal engine does not play yet: none today (the exchanges with two
packs are played since #22's follow-up)."""


def check_supported(rules: BigTwoRules) -> None:
    """Raise :class:`UnsupportedOptionError` for options the deal engine does not
    play yet (kept for API stability: today the engine plays every option)."""
    bad = [key for key, test in _UNSUPPORTED if test(rules)]
    if bad:
        raise UnsupportedOptionError(
            "the deal engine does not implement these options yet: "
            + ", ".join(f"{k}={getattr(rules, k)!s}" for k in bad),
            bad[0],
        )


def new_deal(
    rules: BigTwoRules,
    seed: int,
    *,
    dealer: int | None = None,
    first_deal: bool = True,
    leader: int | None = None,
    ranking: Sequence[int] | None = None,
) -> BigTwoDeal:
    """Deal a new Big Two deal from ``seed`` (deterministic). See
    :meth:`BigTwoDeal.from_hands` for ``first_deal``, ``leader`` and ``ranking``."""
    check_supported(rules)
    dealer, hands, leftover = deal_cards(rules, seed, dealer)
    return BigTwoDeal.from_hands(
        rules,
        hands,
        leftover=leftover,
        dealer=dealer,
        first_deal=first_deal,
        leader=leader,
        seed=seed,
        ranking=ranking,
        dealt_first=dealt_first(rules, seed, dealer),
    )


def dealt_first(rules: BigTwoRules, seed: int, dealer: int) -> tuple[int, ...] | None:
    """The :func:`first_copies` of a seeded deal where ``starting_copy=first_dealt``
    needs them (two packs), else None."""
    if rules.packs == 2 and rules.starting_copy is StartingCopy.FIRST_DEALT:
        return first_copies(rules, seed, dealer)
    return None
