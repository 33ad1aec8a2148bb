"""The Big Two deal: dealing, the leftover step, instant wins, play and scoring.

:class:`BigTwoDeal` is the state machine of one deal (``bigtwo.md`` §3–§11). It
follows the OpenSpiel method names (``current_player``, ``legal_actions``,
``apply_action``, ``is_terminal``, ``returns``, ``observe``, ``clone``) and the
checked/unchecked split: :meth:`BigTwoDeal.apply_action` validates and raises
:class:`IllegalActionError`; :meth:`BigTwoDeal.apply_unchecked` trusts its caller
(simulators that only pick from :meth:`legal_actions`).

Actions are values: a play is a :class:`~chupai.bigtwo.combos.Combo`, a pass is
:data:`PASS`, and a phase decision is a :class:`Choice` (``take``/``leave`` for the
``taiwan_exposed`` leftover, ``swap``/``decline`` for the ``malaysian`` one).

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
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Final, NamedTuple, TypeAlias, cast

from chupai.bigtwo.combos import GROUP_MONSTER, Combo, Tables, beats_fn, classify_or_none, explain, tables
from chupai.bigtwo.movegen import hand_combos
from chupai.bigtwo.rules import (
    BigTwoRules,
    DingDa,
    FirstLead,
    FiveCardRule,
    InstantWin,
    LeftoverRule,
    PlayUntil,
    Series,
)
from chupai.bigtwo.scoring import penalty, settle, winner_multiplier
from chupai.cards import CardMask, card_name, cards_of, parse_mask
from chupai.errors import IllegalActionError, UnsupportedOptionError

__all__ = [
    "Phase", "Pass", "PASS", "Choice", "Action", "Event", "Outcome", "Observation",
    "BigTwoDeal", "new_deal", "deal_cards", "check_supported",
]


class Phase(StrEnum):
    """Phases of a deal."""

    LEFTOVER = "leftover"
    """The starting-card holder decides on the leftover card (3 players)."""
    PLAY = "play"
    OVER = "over"


class Pass:
    """The pass action (use the singleton :data:`PASS`)."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "PASS"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Pass)

    def __hash__(self) -> int:
        return hash("PASS")


PASS: Final = Pass()


class Choice(NamedTuple):
    """A phase decision by name, e.g. ``Choice("take")``."""

    name: str


Action: TypeAlias = Combo | Pass | Choice


class Event(NamedTuple):
    """One applied action: who did what. The list of events is the deal's history."""

    seat: int
    action: Action


class Outcome(NamedTuple):
    """The result of a finished deal."""

    winner: int
    """The first player out (or the instant winner)."""
    finishing_order: tuple[int, ...]
    """Seats in finishing order: the full order with ``play_until=last_remaining``,
    else the winner only."""
    penalties: tuple[int, ...]
    """Each seat's penalty (0 for the winner)."""
    scores: tuple[int, ...]
    """Each seat's deal score after settlement."""
    instant_win: str | None
    """The instant-win hand type, if the deal ended that way."""
    hands: tuple[CardMask, ...]
    """Every seat's cards when the winner went out (revealed at the end)."""

    def to_dict(self) -> dict[str, Any]:
        return {
            "winner": self.winner,
            "finishing_order": list(self.finishing_order),
            "penalties": list(self.penalties),
            "scores": list(self.scores),
            "instant_win": self.instant_win,
            "hands": [" ".join(card_name(c) for c in cards_of(h)) for h in self.hands],
        }


@dataclass(frozen=True, slots=True)
class Observation:
    """What one seat may know (``bigtwo.md`` §13): its own hand, public play and
    counts, exposed cards. Built only from public facts and the seat's cards."""

    seat: int
    players: int
    phase: Phase
    current_player: int | None
    dealer: int
    hand: CardMask
    hand_counts: tuple[int, ...]
    played: tuple[CardMask, ...]
    """Cards each seat has played so far."""
    history: tuple[Event, ...]
    """Every action so far, in order (plays, passes, public decisions)."""
    top: Combo | None
    """The current top play of the trick (None when leading)."""
    top_player: int | None
    passed: tuple[int, ...]
    """Seats that passed since the top play (lock-out: since the trick began)."""
    leader: int
    """Who led the current trick."""
    starting_player: int | None
    """The holder of the starting card when that is public (it must lead it, or it
    decides on the leftover card); None in a deal led freely by the previous winner."""
    must_contain: CardMask
    """Cards the seat's lead must contain (only in the leading seat's own view)."""
    exposed: CardMask
    """Cards removed from play face up (public)."""
    leftover_shown: CardMask
    """A leftover card turned face up (``taiwan_exposed``), else 0."""
    finished: tuple[int, ...]
    outcome: Outcome | None
    forced_trick: bool = False
    """Under ``repeat_lead_lock``: everyone but the top player must pass."""


class BigTwoDeal:
    """One deal of Big Two. Build with :func:`new_deal` or :meth:`from_hands`."""

    __slots__ = (
        "rules", "_t", "players", "dealer", "first_deal", "hands", "dealt_hands",
        "leftover", "set_aside", "exposed", "leftover_shown", "phase", "to_act",
        "starting_card", "starting_player", "must_contain", "top", "top_player",
        "passed", "leader", "history", "played", "finished", "winner",
        "win_hands", "win_played", "winning_play", "outcome", "seed", "_combos",
        "_beats", "_monsters", "_active", "_given_leader", "instant_win",
        "lock_player", "lock_play", "forced_trick", "_start_public",
    )

    rules: BigTwoRules
    players: int
    dealer: int
    first_deal: bool
    seed: int | None
    hands: list[CardMask]
    """Each seat's current cards."""
    dealt_hands: tuple[CardMask, ...]
    """The hands as dealt, before the leftover step."""
    leftover: CardMask
    set_aside: CardMask
    """Cards out of play face down (unseen)."""
    exposed: CardMask
    """Cards out of play face up (public)."""
    leftover_shown: CardMask
    phase: Phase
    to_act: int | None
    starting_card: int
    starting_player: int
    must_contain: CardMask
    top: Combo | None
    top_player: int | None
    passed: int
    """Bit mask of seats that passed since the top play (lock-out: in this trick)."""
    leader: int
    history: list[Event]
    played: list[CardMask]
    finished: list[int]
    winner: int | None
    win_hands: tuple[CardMask, ...]
    win_played: tuple[CardMask, ...]
    winning_play: Combo | None
    outcome: Outcome | None
    instant_win: str | None
    lock_player: int | None
    lock_play: Combo | None
    forced_trick: bool
    _t: Tables
    _beats: Callable[[Combo, Combo], bool]
    _monsters: bool
    _combos: list[list[Combo] | None]
    _active: int
    _given_leader: int | None
    _start_public: bool

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
    ) -> BigTwoDeal:
        """A deal from explicit dealt hands (and undealt ``leftover`` cards).

        ``first_deal`` and ``leader`` choose the first lead (§7.1): in the first
        deal of a session, or in every deal under ``starting_card_every_deal``, the
        holder of the starting card leads with it; otherwise ``leader`` (the
        previous deal's winner) leads freely.
        """
        check_supported(rules)
        n = rules.players
        if len(hands) != n:
            raise ValueError(f"expected {n} hands, got {len(hands)}")
        all_cards = 0
        for h in list(hands) + [leftover]:
            if all_cards & h:
                raise ValueError("a card appears in two hands")
            all_cards |= h
        if not 0 <= dealer < n:
            raise ValueError(f"dealer {dealer} is not a seat of {n} players")
        if leader is not None and not 0 <= leader < n:
            raise ValueError(f"leader {leader} is not a seat of {n} players")
        self = cls.__new__(cls)
        self.rules = rules
        self._t = tables(rules)
        self._beats = beats_fn(rules)
        self._monsters = rules.five_card_rule is FiveCardRule.SAME_TYPE_OR_MONSTER
        self.players = n
        self.dealer = dealer
        self.first_deal = first_deal
        self.seed = seed
        self.hands = list(hands)
        self.dealt_hands = tuple(hands)
        self.leftover = leftover
        self.set_aside = ((1 << 52) - 1) & ~all_cards
        self.exposed = 0
        self.leftover_shown = 0
        self.history = []
        self.played = [0] * n
        self.finished = []
        self.winner = None
        self.win_hands = ()
        self.win_played = ()
        self.winning_play = None
        self.outcome = None
        self.instant_win = None
        self.top = None
        self.top_player = None
        self.passed = 0
        self._combos = [None] * n
        self._active = (1 << n) - 1
        self._given_leader = leader
        self._start_public = False
        self.lock_player = None
        self.lock_play = None
        self.forced_trick = False
        self.must_contain = 0
        self.starting_card = -1
        self.starting_player = 0
        self.leader = 0
        self.to_act = None
        self._leftover_step()
        return self

    def _lowest_holder(self) -> tuple[int, int]:
        held = 0
        for h in self.hands:
            held |= h
        for c in self._t.strength_order:
            if held >> c & 1:
                bit = 1 << c
                return c, next(seat for seat, h in enumerate(self.hands) if h & bit)
        return -1, -1

    def _leftover_step(self) -> None:
        s0, p0 = self._lowest_holder()
        self.starting_card, self.starting_player = s0, p0
        left = self.leftover
        rule = self.rules.leftover_rule
        if left and rule is LeftoverRule.TO_STARTING_CARD_HOLDER:
            self.hands[p0] |= left
            self.leftover = 0
        elif left and rule is LeftoverRule.SET_ASIDE:
            self.set_aside |= left
            self.leftover = 0
        elif left:
            if rule is LeftoverRule.TAIWAN_EXPOSED:
                self.leftover_shown = left
            self.phase = Phase.LEFTOVER
            self.to_act = p0
            self._start_public = True
            return
        self._after_leftover(swapped=False)

    def _after_leftover(self, *, swapped: bool) -> None:
        if swapped:
            # malaysian swap: the starting player stays P0 and leads freely
            self.must_contain = 0
        else:
            s, holder = self._lowest_holder()
            self.starting_card, self.starting_player = s, holder
        if self._check_instant_win():
            return
        self.phase = Phase.PLAY
        every = self.rules.first_lead is FirstLead.STARTING_CARD_EVERY_DEAL
        if self.first_deal or every or self._given_leader is None:
            self.leader = self.starting_player
            self.must_contain = 0 if swapped else 1 << self.starting_card
            self._start_public = True
        else:
            self.leader = self._given_leader
            self.must_contain = 0
        self.to_act = self.leader

    def _check_instant_win(self) -> bool:
        wins = self.rules.instant_wins
        if not wins:
            return False
        strength = {InstantWin.SUITED_DRAGON: 3, InstantWin.DRAGON: 2, InstantWin.FOUR_TWOS: 1}
        best: tuple[int, int, InstantWin] | None = None
        n = self.players
        for i in range(n):
            seat = (self.starting_player + i) % n
            kind = _instant_win_kind(self.hands[seat], wins)
            if kind is not None and (best is None or strength[kind] > best[0]):
                best = (strength[kind], seat, kind)
        if best is None:
            return False
        _, seat, kind = best
        mult = 4 if kind is InstantWin.SUITED_DRAGON else 3
        pens = [0 if s == seat else self.hands[s].bit_count() * mult for s in range(n)]
        self.instant_win = kind.value
        self.winner = seat
        self.finished = [seat]
        self.win_hands = tuple(self.hands)
        self.win_played = tuple(self.played)
        self._finish(pens)
        return True

    # ----- queries ----------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        """The seat to act, or None when the deal is over."""
        return self.to_act

    def is_terminal(self) -> bool:
        return self.phase is Phase.OVER

    def returns(self) -> list[int]:
        """Each seat's deal score (zeros until the deal is over)."""
        if self.outcome is None:
            return [0] * self.players
        return list(self.outcome.scores)

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
        if self.phase is Phase.LEFTOVER:
            if self.rules.leftover_rule is LeftoverRule.MALAYSIAN:
                return [Choice("swap"), Choice("decline")]
            return [Choice("take"), Choice("leave")]
        combos = self.combos_of(seat)
        top = self.top
        if top is None:
            mc = self.must_contain
            if mc:
                return [c for c in combos if c.mask & mc == mc]
            return list(combos)
        if self.forced_trick:
            return [PASS]
        g, k = top[3], top[2]
        out: list[Action] = [c for c in combos if c[3] == g and c[2] > k]
        if self._monsters and g != GROUP_MONSTER:
            size = top[1].bit_count()
            if size == 5 or (size <= 3 and self.rules.monster_over_small):
                out += [c for c in combos if c[3] == GROUP_MONSTER]
        out.append(PASS)
        return out

    def why_illegal(self, action: Action) -> str | None:
        """Why ``action`` is illegal now, or None if it is legal."""
        seat = self.to_act
        if seat is None:
            return "the deal is over"
        if self.phase is Phase.LEFTOVER:
            if isinstance(action, Choice) and action in self.legal_actions():
                return None
            names = ", ".join(c.name for c in self.legal_actions() if isinstance(c, Choice))
            return f"seat {seat} must decide on the leftover card first ({names})"
        if isinstance(action, Choice):
            return f"{action.name!r} is not an action of the play phase"
        if isinstance(action, Pass):
            return "the leader may not pass" if self.top is None else None
        mask = action.mask
        hand = self.hands[seat]
        if mask & ~hand:
            missing = " ".join(card_name(c) for c in cards_of(mask & ~hand))
            return f"seat {seat} does not hold {missing}"
        combo = classify_or_none(mask, self.rules)
        if combo is None:
            return "not a combination: " + explain(mask, self.rules)
        if combo != action:
            return "the play does not match its cards' classification"
        if self.top is None:
            mc = self.must_contain
            if mc and mask & mc != mc:
                return f"the first lead must contain {card_name(self.starting_card)}"
            return None
        if self.forced_trick:
            return (f"seat {seat} must pass: seat {self.top_player} repeats a lead that "
                    "nobody could beat (repeat_lead_lock)")
        if not self._beats(combo, self.top):
            return (f"{combo.kind.value} {self.action_text(combo)} does not beat "
                    f"{self.top.kind.value} {self.action_text(self.top)}")
        return None

    def is_legal(self, action: Action) -> bool:
        return self.why_illegal(action) is None

    def check(self, action: Action) -> None:
        """Raise :class:`IllegalActionError` if ``action`` is illegal now."""
        reason = self.why_illegal(action)
        if reason is not None:
            raise IllegalActionError(self.action_text(action), reason)

    # ----- notation ---------------------------------------------------------
    def sort_key(self) -> list[int]:
        """Display order of cards under these rules (single-card strength)."""
        return self._t.card_strength

    def cards_text(self, mask: CardMask) -> str:
        """Canonical text of ``mask`` in display order (ascending strength)."""
        cs = self._t.card_strength
        return " ".join(card_name(c) for c in sorted(cards_of(mask), key=cs.__getitem__))

    def action_text(self, action: Action) -> str:
        """The text of an action: card tokens, ``pass``, or a choice name."""
        if isinstance(action, Pass):
            return "pass"
        if isinstance(action, Choice):
            return action.name
        return self.cards_text(action.mask)

    def parse_action(self, text: str) -> Action:
        """Read an action from text (``pass``, a choice name, or card tokens).

        Card tokens are classified under the rules; the result is not checked
        for legality (see :meth:`check`). Raises :class:`CardParseError` or
        :class:`IllegalActionError` when the text is no action at all.
        """
        t = text.strip().lower()
        if t in ("pass", "p"):
            return PASS
        if t in ("take", "leave", "swap", "decline"):
            return Choice(t)
        mask = parse_mask(text)
        combo = classify_or_none(mask, self.rules)
        if combo is None:
            raise IllegalActionError(text, "not a combination: " + explain(mask, self.rules))
        return combo

    # ----- transitions -------------------------------------------------------
    def apply_action(self, action: Action) -> Event:
        """Check and apply ``action`` for the player to act; returns its event."""
        self.check(action)
        return self.apply_unchecked(action)

    def apply_unchecked(self, action: Action) -> Event:
        """Apply ``action`` WITHOUT checking legality (fast path for simulators
        that choose from :meth:`legal_actions`). An illegal action corrupts the
        state."""
        seat: int = self.to_act  # type: ignore[assignment]
        ev = Event(seat, action)
        self.history.append(ev)
        if self.phase is Phase.LEFTOVER:
            assert isinstance(action, Choice)
            self._apply_leftover(seat, action.name)
            return ev
        if action is PASS:
            self.passed |= 1 << seat
            self._advance(seat)
            return ev
        action = cast(Combo, action)
        mask = action[1]
        hand = self.hands[seat] & ~mask
        self.hands[seat] = hand
        self.played[seat] |= mask
        combos = self._combos[seat]
        if combos is not None:
            self._combos[seat] = [c for c in combos if not c[1] & mask]
        if self.top is None and self.lock_play is not None:
            self._lead_under_lock(seat, action)
        self.top = action
        self.top_player = seat
        self.must_contain = 0
        if not self.rules.pass_lockout:
            self.passed = 0
        if not hand:
            self._go_out(seat, action)
            if self.phase is Phase.OVER:
                return ev
        self._advance(seat)
        return ev

    def _apply_leftover(self, seat: int, name: str) -> None:
        left = self.leftover
        self.leftover = 0
        if name in ("take", "swap"):
            if name == "swap":
                s0 = self.starting_card
                self.hands[seat] &= ~(1 << s0)
                self.exposed |= 1 << s0
            self.hands[seat] |= left
        else:
            if self.rules.leftover_rule is LeftoverRule.TAIWAN_EXPOSED:
                self.exposed |= left
            else:
                self.set_aside |= left
        self._combos[seat] = None
        self._after_leftover(swapped=(name == "swap"))

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
        self._active &= ~(1 << seat)
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

    def _advance(self, seat: int) -> None:
        """Move the turn on after ``seat`` acted; end the trick when all others passed."""
        n = self.players
        active = self._active
        top_player = self.top_player
        assert top_player is not None
        others = active & ~(1 << top_player)
        if others & ~self.passed == 0:
            # trick over
            if self.rules.repeat_lead_lock and not self.forced_trick:
                if active >> top_player & 1:
                    self.lock_player, self.lock_play = top_player, self.top
                else:
                    self.lock_player = self.lock_play = None
            self.forced_trick = False
            self.top = None
            self.passed = 0
            if active >> top_player & 1:
                leader = top_player
            else:
                leader = top_player
                for i in range(1, n + 1):
                    cand = (top_player + i) % n
                    if active >> cand & 1:
                        leader = cand
                        break
            self.leader = leader
            self.to_act = leader
            return
        skip = self.passed if self.rules.pass_lockout else 0
        for i in range(1, n + 1):
            cand = (seat + i) % n
            if active >> cand & 1 and not skip >> cand & 1:
                self.to_act = cand
                return
        raise AssertionError("no player to act")  # pragma: no cover

    def _score_play(self) -> None:
        winner = self.winner
        assert winner is not None and self.winning_play is not None
        rules = self.rules
        mult = winner_multiplier(rules, self.winning_play.mask, self.winning_play.kind)
        pens = [
            0 if s == winner
            else penalty(rules, self.win_hands[s], untouched=self.win_played[s] == 0) * mult
            for s in range(self.players)
        ]
        self._finish(pens)

    def _finish(self, pens: list[int]) -> None:
        winner = self.winner
        assert winner is not None
        scores = settle(self.rules, winner, pens)
        self.phase = Phase.OVER
        self.to_act = None
        self.top = None
        self.outcome = Outcome(
            winner=winner,
            finishing_order=tuple(self.finished),
            penalties=tuple(pens),
            scores=tuple(scores),
            instant_win=self.instant_win,
            hands=tuple(self.win_hands),
        )

    # ----- observation and copying -------------------------------------------
    def observe(self, seat: int) -> Observation:
        """The observation of ``seat``: only what that seat may know."""
        own_lead = self.to_act == seat and self.top is None
        return Observation(
            seat=seat,
            players=self.players,
            phase=self.phase,
            current_player=self.to_act,
            dealer=self.dealer,
            hand=self.hands[seat],
            hand_counts=tuple(h.bit_count() for h in self.hands),
            played=tuple(self.played),
            history=tuple(self.history),
            top=self.top,
            top_player=self.top_player if self.top is not None else None,
            passed=tuple(s for s in range(self.players) if self.passed >> s & 1),
            leader=self.leader,
            starting_player=self.starting_player if self._start_public else None,
            must_contain=self.must_contain if own_lead else 0,
            exposed=self.exposed,
            leftover_shown=self.leftover_shown,
            finished=tuple(self.finished),
            outcome=self.outcome,
            forced_trick=self.forced_trick,
        )

    def clone(self) -> BigTwoDeal:
        """An independent copy (lists copied; immutable values shared)."""
        other = BigTwoDeal.__new__(BigTwoDeal)
        for name in BigTwoDeal.__slots__:
            setattr(other, name, getattr(self, name))
        other.hands = list(self.hands)
        other.history = list(self.history)
        other.played = list(self.played)
        other.finished = list(self.finished)
        other._combos = list(self._combos)
        return other

    def child(self, action: Action) -> BigTwoDeal:
        """A clone with ``action`` applied (checked)."""
        c = self.clone()
        c.apply_action(action)
        return c

    def __repr__(self) -> str:
        hands = " | ".join(self.cards_text(h) for h in self.hands)
        return f"<BigTwoDeal {self.rules.spec()} phase={self.phase.value} to_act={self.to_act} hands=[{hands}]>"


_LOW_BITS: Final = sum(1 << (4 * r) for r in range(13))


def _instant_win_kind(hand: CardMask, wins: frozenset[InstantWin]) -> InstantWin | None:
    if InstantWin.SUITED_DRAGON in wins and any(
            hand & (_LOW_BITS << s) == _LOW_BITS << s for s in range(4)):
        return InstantWin.SUITED_DRAGON
    if InstantWin.DRAGON in wins and (hand | hand >> 1 | hand >> 2 | hand >> 3) & _LOW_BITS == _LOW_BITS:
        return InstantWin.DRAGON
    if InstantWin.FOUR_TWOS in wins and (hand >> 48) & 15 == 15:
        return InstantWin.FOUR_TWOS
    return None


_UNSUPPORTED: Final = (
    ("ding_da", lambda r: r.ding_da is not DingDa.OFF),
    ("last_card_call", lambda r: r.last_card_call),
    ("redeal_max_points", lambda r: r.redeal_max_points is not None),
    ("redeal_two_faces", lambda r: r.redeal_two_faces),
    ("redeal_four_twos", lambda r: r.redeal_four_twos),
    ("series", lambda r: r.series is not Series.NONE),
    ("pre_exchange", lambda r: r.pre_exchange),
)


def check_supported(rules: BigTwoRules) -> None:
    """Raise :class:`UnsupportedOptionError` for options the deal engine does not
    play yet (they are valid rules and the judge honours the combination ones)."""
    bad = [key for key, test in _UNSUPPORTED if test(rules)]
    if bad:
        raise UnsupportedOptionError(
            "the deal engine does not implement these options yet: "
            + ", ".join(f"{k}={getattr(rules, k)!s}" for k in bad),
            bad[0],
        )


def deal_cards(rules: BigTwoRules, seed: int, dealer: int | None = None) -> tuple[int, list[CardMask], CardMask]:
    """Shuffle with ``random.Random(seed)`` and deal (§3): returns ``(dealer,
    hands, leftover)``. The dealer is drawn first when not given."""
    rng = random.Random(seed)
    n = rules.players
    drawn = rng.randrange(n)  # always drawn, so a given dealer leaves the shuffle unchanged
    if dealer is None:
        dealer = drawn
    deck = list(range(52))
    rng.shuffle(deck)
    h = rules.cards_per_hand
    first = (dealer + 1) % n
    hands = [0] * n
    for k in range(h * n):
        hands[(first + k) % n] |= 1 << deck[k]
    leftover = 0
    for c in deck[h * n: h * n + rules.leftover_count]:
        leftover |= 1 << c
    return dealer, hands, leftover


def new_deal(
    rules: BigTwoRules,
    seed: int,
    *,
    dealer: int | None = None,
    first_deal: bool = True,
    leader: int | None = None,
) -> BigTwoDeal:
    """Deal a new Big Two deal from ``seed`` (deterministic)."""
    check_supported(rules)
    dealer, hands, leftover = deal_cards(rules, seed, dealer)
    return BigTwoDeal.from_hands(
        rules, hands, leftover=leftover, dealer=dealer, first_deal=first_deal,
        leader=leader, seed=seed,
    )

