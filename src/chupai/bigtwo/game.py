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
from dataclasses import dataclass
from enum import StrEnum
from itertools import combinations
from typing import Any, Final, NamedTuple, TypeAlias, cast

from chupai.actions import PASS, Pass
from chupai.bigtwo.combos import (
    GROUP_MONSTER,
    Combo,
    ComboKind,
    Tables,
    beats_fn,
    classify_or_none,
    explain,
    tables,
)
from chupai.bigtwo.movegen import hand_combos
from chupai.bigtwo.rules import (
    BigTwoRules,
    ClassExchange,
    DingDa,
    FirstLead,
    FiveCardRule,
    InstantWin,
    LeftoverRule,
    PlayUntil,
    Series,
    TributeMethod,
)
from chupai.bigtwo.scoring import hand_points, penalty, settle, winner_multiplier
from chupai.cards import CardMask, card_name, cards_of, parse_mask
from chupai.deal import Deal
from chupai.errors import IllegalActionError, UnsupportedOptionError

__all__ = [
    "format_action",
    "Phase", "Pass", "PASS", "Choice", "LastCard", "Hidden", "Action", "Event", "Outcome",
    "Observation", "BigTwoDeal", "new_deal", "deal_cards", "check_supported",
    "EVERYONE", "CHOICE_NAMES", "redeal_reasons", "transfer_penalties", "class_titles",
    "next_titles", "protected_cards",
]

EVERYONE: Final = -1
"""The visibility mask of a public event (every bit set)."""

_new: Final = tuple.__new__

FULL_DECK: Final = (1 << 52) - 1


class Phase(StrEnum):
    """Phases of a deal, in the order of §3.4."""

    CHOOSE_HANDS = "choose_hands"
    """Tribute method 1: the ranked players pick the face-down hands (§12.3)."""
    LEFTOVER = "leftover"
    """The starting-card holder decides on the leftover card (3 players)."""
    REDEAL = "redeal"
    """Qualifying players may ask for a redeal (§4)."""
    PRE_EXCHANGE = "pre_exchange"
    """Every player gives 1 to 3 cards face down to a shuffled pile (§12.4)."""
    CLASS_EXCHANGE = "class_exchange"
    """Class struggle: the higher titles name and give cards (§12.2)."""
    TRIBUTE = "tribute"
    """Tribute methods 2 to 4: returns and kept cards (§12.3)."""
    PLAY = "play"
    OVER = "over"




class Choice(NamedTuple):
    """A phase decision (or an automatic step) by name, with the cards or the hand
    index it carries: ``Choice("take")``, ``Choice("give", parse_mask("4D"))``,
    ``Choice("hand", number=2)``. Text forms: ``take``, ``give 4D``, ``hand 2``."""

    name: str
    cards: CardMask = 0
    number: int = -1
    """The hand index of ``hand`` (tribute method 1); -1 for other choices."""


class LastCard(NamedTuple):
    """A play that leaves its player one card, with the "last card" announcement
    (§10.2, option ``last_card_call``). Text form: the cards then ``last``."""

    play: Combo

    @property
    def mask(self) -> CardMask:
        return self.play.mask

    @property
    def kind(self) -> ComboKind:
        return self.play.kind


class Hidden(NamedTuple):
    """Another seat's private action as a seat sees it: its name and how many cards
    it moved, without the cards (§13)."""

    name: str
    size: int
    """How many cards the action moved."""


Action: TypeAlias = Combo | Pass | Choice | LastCard

CHOICE_NAMES: Final = frozenset({
    "take", "leave", "swap", "decline",      # leftover (§3.3)
    "redeal", "keep",                        # redeal request (§4); keep also: draw_three
    "give", "name", "skip", "hand",          # exchanges and tribute (§12)
})
"""The names of the decisions a player can type (the first word of a choice)."""


class Event(NamedTuple):
    """One applied action: who did what. The list of events is the deal's history.

    ``to`` is the other party of an exchange or tribute (-1 if none). ``shown`` is
    the bit mask of the seats that learn the event happened and ``visible`` of those
    that see its cards; a seat in ``shown`` but not in ``visible`` sees the action
    as :class:`Hidden`. ``auto`` marks a step nobody decided (not in records)."""

    seat: int
    action: Action | Hidden
    to: int = -1
    shown: int = EVERYONE
    visible: int = EVERYONE
    auto: bool = False


class Outcome(NamedTuple):
    """The result of a finished deal."""

    winner: int | None
    """The first player out (or the instant winner); None after a redeal request."""
    finishing_order: tuple[int, ...]
    """Seats in finishing order: the full order with ``play_until=last_remaining``,
    else the winner only."""
    penalties: tuple[int, ...]
    """Each seat's penalty (0 for the winner), after the 頂大 transfer (§11.4)."""
    scores: tuple[int, ...]
    """Each seat's deal score after settlement."""
    instant_win: str | None
    """The instant-win hand type, if the deal ended that way."""
    hands: tuple[CardMask, ...]
    """Every seat's cards when the winner went out (revealed at the end); after a
    redeal request only the requesting hand."""
    liable: int | None = None
    """The seat that took over every loser's penalty under ``ding_da=penalty``."""
    redeal: bool = False
    """The deal ended by a redeal request (§4): no winner, all scores 0."""
    ranking: tuple[int, ...] = ()
    """Every seat from 1st to last (§12.1); empty after a redeal request."""

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "winner": self.winner,
            "finishing_order": list(self.finishing_order),
            "penalties": list(self.penalties),
            "scores": list(self.scores),
            "instant_win": self.instant_win,
            "hands": [" ".join(card_name(c) for c in cards_of(h)) for h in self.hands],
        }
        if self.liable is not None:
            out["liable"] = self.liable
        if self.redeal:
            out["redeal"] = True
        out["ranking"] = list(self.ranking)
        return out


@dataclass(frozen=True, slots=True)
class Observation:
    """What one seat may know (``bigtwo.md`` §13): its own hand, public play and
    counts, exposed cards, and the private events it took part in. Built only from
    public facts and the seat's own cards and events."""

    rules: BigTwoRules
    """The rules of the game (public)."""
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
    """Every action this seat may know of, in order; another seat's private action
    appears as :class:`Hidden` (or not at all when even its occurrence is private)."""
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
    ranking: tuple[int, ...] | None = None
    """The previous deal's ranking that gives this deal's titles (class struggle) or
    ranks (tribute), 1st first; None when the deal has no exchange (§12)."""
    blocked: tuple[int, ...] = ()
    """Seats blocked for a missed "last card" call (§10.2)."""
    partner: int | None = None
    """In the acting seat's own view during an exchange: the other party of the
    decision asked for."""
    piles: tuple[int, ...] = ()
    """Under tribute method 1: the indexes of the hands not chosen yet."""

    @property
    def public_roles(self) -> tuple[str, ...]:
        """Each seat's title as every seat knows it: the class-struggle title
        (``king``, ``noble``, ``commoner``, ``slave``) or tribute rank (``1st``...)
        from the previous deal's ranking, else ``""``."""
        out = [""] * self.players
        if self.ranking is not None:
            if self.rules.series is Series.CLASS_STRUGGLE:
                names = tuple(t.lower() for t in class_titles(self.players))
            else:
                names = TRIBUTE_RANKS
            for i, s in enumerate(self.ranking):
                out[s] = names[i]
        return tuple(out)

    @property
    def roles(self) -> tuple[str, ...]:
        """Each seat's title as this seat knows it (every title is public)."""
        return self.public_roles


class _Task(NamedTuple):
    """One pending decision of an exchange phase."""

    kind: str
    """``name``, ``give``, ``returns`` (demand: the gives after the demands) or ``keep``."""
    actor: int
    other: int
    size: int


class BigTwoDeal(Deal[Action, Event, Outcome]):
    """One deal of Big Two. Build with :func:`new_deal` or :meth:`from_hands`."""

    __slots__ = (
        "rules", "_t", "players", "dealer", "first_deal", "hands", "dealt_hands",
        "leftover", "set_aside", "exposed", "leftover_shown", "phase", "to_act",
        "starting_card", "starting_player", "must_contain", "top", "top_player",
        "passed", "leader", "history", "played", "finished", "winner",
        "win_hands", "win_played", "winning_play", "outcome", "seed", "_combos",
        "_beats", "_monsters", "_active", "_given_leader", "instant_win",
        "lock_player", "lock_play", "forced_trick", "_start_public",
        "ranking", "piles", "pool", "swapped", "blocked", "liable", "_extras",
        "_queue", "_tasks", "_named", "_received", "_given", "_private", "_exchanged",
        "_dd_watch", "_draws",
    )

    rules: BigTwoRules
    players: int
    dealer: int
    first_deal: bool
    seed: int | None
    hands: list[CardMask]
    """Each seat's current cards."""
    dealt_hands: tuple[CardMask, ...]
    """The hands as dealt to the seats (before hands are chosen, §12.3 method 1,
    and before the leftover step)."""
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
    ranking: tuple[int, ...] | None
    """The previous deal's ranking (1st first) when this deal has a §12 exchange."""
    piles: list[CardMask]
    """Tribute method 1: the face-down hands not chosen yet (0 once taken)."""
    pool: CardMask
    """Cards given face down in the §12.4 exchange, not yet handed out."""
    swapped: bool
    """The ``malaysian`` swap was made (the first lead is free)."""
    blocked: int
    """Bit mask of seats blocked for a missed "last card" call (§10.2)."""
    liable: int | None
    """The seat liable under ``ding_da=penalty`` (§10.1), once known."""
    _t: Tables
    _beats: Callable[[Combo, Combo], bool]
    _monsters: bool
    _combos: list[list[Combo] | None]
    _active: int
    _given_leader: int | None
    _start_public: bool
    _extras: bool
    _queue: list[int]
    _tasks: list[_Task]
    _named: dict[tuple[int, int], CardMask]
    _received: list[tuple[int, int]]
    _given: list[int]
    _private: bool
    _exchanged: bool
    _dd_watch: tuple[int, Combo, int] | None
    _draws: int

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
        are seeded from the hands.
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
        if ranking is not None:
            ranking = tuple(ranking)
            if sorted(ranking) != list(range(n)):
                raise ValueError(f"ranking {list(ranking)} is not an order of the {n} seats")
        self = cls.__new__(cls)
        self.rules = rules
        self._t = tables(rules)
        self._beats = beats_fn(rules)
        self._monsters = rules.five_card_rule is FiveCardRule.SAME_TYPE_OR_MONSTER
        self._extras = rules.ding_da is not DingDa.OFF or rules.last_card_call
        self.players = n
        self.dealer = dealer
        self.first_deal = first_deal
        self.seed = seed
        self.hands = list(hands)
        self.dealt_hands = tuple(hands)
        self.leftover = leftover
        self.set_aside = FULL_DECK & ~all_cards
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
        self.phase = Phase.PLAY
        self.ranking = ranking if (ranking is not None and not first_deal
                                   and rules.series is not Series.NONE) else None
        self.piles = []
        self.pool = 0
        self.swapped = False
        self.blocked = 0
        self.liable = None
        self._queue = []
        self._tasks = []
        self._named = {}
        self._received = []
        self._given = []
        self._private = False
        self._exchanged = False
        self._dd_watch = None
        self._draws = 0
        if (self.ranking is not None and rules.series is Series.TRIBUTE
                and rules.tribute_method is TributeMethod.CHOOSE_HANDS):
            first = (dealer + 1) % n
            self.piles = [self.hands[(first + k) % n] for k in range(n)]
            self.hands = [0] * n
            self.phase = Phase.CHOOSE_HANDS
            self._queue = list(self.ranking[:n - 1])
            self.to_act = self._queue[0]
            return self
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
        self.swapped = swapped
        if swapped:
            # malaysian swap: the starting player stays P0 and leads freely
            self.must_contain = 0
        else:
            s, holder = self._lowest_holder()
            self.starting_card, self.starting_player = s, holder
        if self._check_instant_win():
            return
        r = self.rules
        if r.redeal_max_points is not None or r.redeal_two_faces or r.redeal_four_twos:
            n = self.players
            order = [(self.starting_player + i) % n for i in range(n)]
            self._queue = [s for s in order if redeal_reasons(r, self.hands[s])]
            if self._queue:
                self.phase = Phase.REDEAL
                self.to_act = self._queue[0]
                return
        self._exchange_steps()

    def _exchange_steps(self) -> None:
        """§3.4 step 4: the §12.4 exchange, then class struggle or tribute."""
        if self.rules.pre_exchange:
            n = self.players
            self.phase = Phase.PRE_EXCHANGE
            self._queue = [(self.dealer + 1 + i) % n for i in range(n)]
            self._given = [0] * n
            self.to_act = self._queue[0]
            self._exchanged = True
            return
        self._series_step()

    def _series_step(self) -> None:
        ranking = self.ranking
        r = self.rules
        if ranking is None or r.series is Series.NONE:
            self._start_play()
            return
        self._exchanged = True
        if r.series is Series.CLASS_STRUGGLE:
            self.phase = Phase.CLASS_EXCHANGE
            n = self.players
            tasks = []
            for hi in range(n - 1):
                lows = [ranking[lo] for lo in range(n - 1, hi, -1)]
                h = ranking[hi]
                tasks += [_Task("name", h, low, 1) for low in lows]
                if r.class_exchange is ClassExchange.DEMAND:
                    tasks.append(_Task("returns", h, -1, 0))
            self._tasks = tasks
            self._next_task()
            return
        method = r.tribute_method
        if method is TributeMethod.CHOOSE_HANDS:
            self._start_play()
            return
        first, second, third, fourth = ranking
        self.phase = Phase.TRIBUTE
        if method is TributeMethod.ONE_CARD:
            self._tribute(fourth, first, 1)
            self._tasks = [_Task("give", first, fourth, 1)]
        elif method is TributeMethod.TWO_CARDS:
            self._tribute(fourth, first, 2)
            self._tribute(third, second, 1)
            self._tasks = [_Task("give", first, fourth, 2), _Task("give", second, third, 1)]
        else:
            self._tribute(fourth, first, 3)
            self._tasks = [_Task("keep", first, -1, 3)]
        self._next_task()

    def _tribute(self, giver: int, to: int, count: int) -> None:
        """The giver's ``count`` highest cards go to ``to`` (automatic, §12.3)."""
        strength = self._t.card_strength
        cards = sorted(cards_of(self.hands[giver]), key=strength.__getitem__)[-count:]
        mask = sum(1 << c for c in cards)
        self._move(giver, to, mask)
        self._log(Event(giver, Choice("tribute", mask), to, EVERYONE,
                        (1 << giver) | (1 << to), True))

    def _start_play(self) -> None:
        self.phase = Phase.PLAY
        r = self.rules
        n = self.players
        if self._exchanged:
            self._combos = [None] * n
            if not self.swapped:
                bit = 1 << self.starting_card
                self.starting_player = next(s for s in range(n) if self.hands[s] & bit)
        every = r.first_lead is FirstLead.STARTING_CARD_EVERY_DEAL
        method = r.tribute_method
        if self.ranking is not None and r.series is Series.TRIBUTE and method in (
                TributeMethod.ONE_CARD, TributeMethod.TWO_CARDS):
            self.leader = self.ranking[3]
            self.must_contain = 0
        elif self.ranking is not None and r.series is Series.TRIBUTE and \
                method is TributeMethod.DRAW_THREE:
            self.leader = self.starting_player
            self.must_contain = 1 << self.starting_card
            self._start_public = True
        elif self.first_deal or every or self._given_leader is None:
            self.leader = self.starting_player
            self.must_contain = 0 if self.swapped else 1 << self.starting_card
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
            return list(self._choices(seat))
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
        g, k = top[3], top[2]
        out: list[Action] = [c for c in combos if c[3] == g and c[2] > k]
        if self._monsters and g != GROUP_MONSTER:
            size = top[1].bit_count()
            if size == 5 or (size <= 3 and self.rules.monster_over_small):
                out += [c for c in combos if c[3] == GROUP_MONSTER]
        if self._extras:
            out = self._obliged(seat, cast(list[Combo], out), False)
        out.append(PASS)
        return out

    # ----- §10 obligations ------------------------------------------------------
    def _next_to_act(self, seat: int) -> int | None:
        """N of §10.1: the next active seat after ``seat`` that may act in this
        trick (players locked out by ``pass_lockout`` are skipped)."""
        n = self.players
        skip = self.passed if (self.rules.pass_lockout and self.top is not None) else 0
        for i in range(1, n):
            cand = (seat + i) % n
            if self._active >> cand & 1 and not skip >> cand & 1:
                return cand
        return None

    def _ding_da_applies(self, seat: int) -> bool:
        nxt = self._next_to_act(seat)
        return nxt is not None and self.hands[nxt].bit_count() == 1

    def ding_da_applies(self) -> bool:
        """Whether the 頂大 obligation binds the seat to act now (§10.1; only with
        ``ding_da`` on and in the play phase)."""
        seat = self.to_act
        return (seat is not None and self.phase is Phase.PLAY
                and self.rules.ding_da is not DingDa.OFF and self._ding_da_applies(seat))

    def _highest(self, hand: CardMask) -> CardMask:
        strength = self._t.card_strength
        return 1 << max(cards_of(hand), key=strength.__getitem__)

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

    # ----- the phase decisions -------------------------------------------------------
    def _choices(self, seat: int) -> list[Choice]:
        phase = self.phase
        r = self.rules
        if phase is Phase.LEFTOVER:
            if r.leftover_rule is LeftoverRule.MALAYSIAN:
                return [Choice("swap"), Choice("decline")]
            return [Choice("take"), Choice("leave")]
        if phase is Phase.REDEAL:
            return [Choice("keep"), Choice("redeal")]
        if phase is Phase.CHOOSE_HANDS:
            return [Choice("hand", 0, k) for k, p in enumerate(self.piles) if p]
        if phase is Phase.PRE_EXCHANGE:
            hand = self.hands[seat]
            return [Choice("give", m) for k in (1, 2, 3) for m in self._subsets(hand, k)]
        task = self._tasks[0]
        if task.kind == "name":
            namable = FULL_DECK & ~(self.hands[seat] | self.exposed
                                    | self._named.get((seat, task.other), 0))
            if r.class_protect_cards:
                namable &= ~protected_cards(r)
            return [Choice("name", m) for m in self._subsets(namable, 1)] + [Choice("skip")]
        if task.kind == "give":
            hand = self.hands[seat]
            if phase is Phase.CLASS_EXCHANGE and r.class_protect_cards:
                hand &= ~protected_cards(r)
            return [Choice("give", m) for m in self._subsets(hand, task.size)]
        # keep (tribute draw_three)
        return [Choice("keep", m) for m in self._subsets(self.hands[seat], task.size)]

    def _subsets(self, mask: CardMask, k: int) -> list[CardMask]:
        """The ``k``-card subsets of ``mask``, in the display order of their cards."""
        cards = sorted(cards_of(mask), key=self._t.card_strength.__getitem__)
        if k == 1:
            return [1 << c for c in cards]
        return [sum(1 << c for c in combo) for combo in combinations(cards, k)]

    def _choice_reason(self, seat: int, action: Action, legal: list[Choice]) -> str:
        phase = self.phase
        if phase is Phase.LEFTOVER:
            names = ", ".join(c.name for c in legal)
            return f"seat {seat} must decide on the leftover card first ({names})"
        if phase is Phase.REDEAL:
            return f"seat {seat} must first say whether it asks for a redeal (keep, redeal)"
        if phase is Phase.CHOOSE_HANDS:
            left = ", ".join(str(c.number) for c in legal)
            return f"seat {seat} must first choose one of the face-down hands (hand {left})"
        what = self._task_text(seat)
        kinds = {c.name for c in legal if c.cards}
        if isinstance(action, Choice) and action.name in kinds and \
                action.cards & ~FULL_DECK == 0 and action.cards:
            bad = self._choice_detail(seat, action)
            if bad:
                return f"{bad}; seat {seat} must {what}"
        return f"seat {seat} must {what}"

    def _choice_detail(self, seat: int, action: Choice) -> str:
        hand = self.hands[seat]
        names = " ".join(card_name(c) for c in cards_of(action.cards))
        if action.name == "name":
            if action.cards & hand:
                return f"seat {seat} holds {names} already"
            if self._tasks and action.cards & self._named.get((seat, self._tasks[0].other), 0):
                return f"{names} was named already"
            if self.rules.class_protect_cards and action.cards & protected_cards(self.rules):
                return f"{names} may not be exchanged (class_protect_cards)"
            if action.cards & self.exposed:
                return f"{names} is out of play"
            return ""
        if action.cards & ~hand:
            return f"seat {seat} does not hold " + " ".join(
                card_name(c) for c in cards_of(action.cards & ~hand))
        if self.phase is Phase.CLASS_EXCHANGE and self.rules.class_protect_cards and \
                action.cards & protected_cards(self.rules):
            return f"{names} may not be exchanged (class_protect_cards)"
        return ""

    def _task_text(self, seat: int) -> str:
        """What the seat to act must decide, in words."""
        if self.phase is Phase.PRE_EXCHANGE:
            return "give 1 to 3 cards face down (give CARDS)"
        if not self._tasks:
            return "act"
        task = self._tasks[0]
        if task.kind == "name":
            return (f"name a card wanted from seat {task.other} (name CARD) or give up "
                    "that exchange (skip)")
        if task.kind == "give":
            cards = "a card" if task.size == 1 else f"{task.size} cards"
            return f"give {cards} to seat {task.other} (give CARDS)"
        return f"choose {task.size} cards to keep (keep CARDS)"

    def partner(self) -> int | None:
        """The other party of the pending exchange decision, if any."""
        if self.phase in (Phase.CLASS_EXCHANGE, Phase.TRIBUTE) and self._tasks:
            other = self._tasks[0].other
            return other if other >= 0 else None
        return None

    def task(self) -> tuple[str, int] | None:
        """The pending exchange decision of the seat to act as ``(kind, cards)``:
        ``("give", 1)``, ``("name", 1)``, ``("keep", 3)``, ``("give", 0)`` for the
        1–3 cards of §12.4; None outside the exchange phases."""
        if self.phase is Phase.PRE_EXCHANGE:
            return ("give", 0)
        if self.phase in (Phase.CLASS_EXCHANGE, Phase.TRIBUTE) and self._tasks:
            t = self._tasks[0]
            return (t.kind, t.size)
        return None

    # ----- legality ------------------------------------------------------------------
    def why_illegal(self, action: Action) -> str | None:
        """Why ``action`` is illegal now, or None if it is legal."""
        seat = self.to_act
        if seat is None:
            return "the deal is over"
        if self.phase is not Phase.PLAY:
            legal = self._choices(seat)
            if isinstance(action, Choice) and action in legal:
                return None
            return self._choice_reason(seat, action, legal)
        if isinstance(action, Choice):
            return f"{action.name!r} is not an action of the play phase"
        if isinstance(action, Pass):
            return "the leader may not pass" if self.top is None else None
        called = isinstance(action, LastCard)
        if called:
            action = cast(LastCard, action).play
            if not isinstance(action, Combo):
                return "not a play"
        action = cast(Combo, action)
        mask = action.mask
        hand = self.hands[seat]
        if not isinstance(mask, int) or mask & ~hand:
            missing = " ".join(card_name(c) for c in cards_of(mask & ~hand & FULL_DECK))
            return f"seat {seat} does not hold {missing}"
        combo = classify_or_none(mask, self.rules)
        if combo is None:
            return "not a combination: " + explain(mask, self.rules)
        if combo != action:
            return "the play does not match its cards' classification"
        if called:
            if not self.rules.last_card_call:
                return ("'last' (the last-card call) is not an option of these rules "
                        "(last_card_call=false)")
            if (hand & ~mask).bit_count() != 1:
                return "'last' may only be called by a play that leaves one card"
        if self.top is None:
            mc = self.must_contain
            if mc and mask & mc != mc:
                return f"the first lead must contain {card_name(self.starting_card)}"
        elif self.forced_trick:
            return (f"seat {seat} must pass: seat {self.top_player} repeats a lead that "
                    "nobody could beat (repeat_lead_lock)")
        elif not self._beats(combo, self.top):
            return (f"{combo.kind.value} {self.action_text(combo)} does not beat "
                    f"{self.top.kind.value} {self.action_text(self.top)}")
        if self._extras:
            if self.blocked >> seat & 1:
                return (f"seat {seat} did not call 'last card' and may not go out with "
                        "its last card (last_card_call)")
            if self.rules.ding_da is DingDa.ENFORCE and self._violates(seat, combo):
                nxt = self._next_to_act(seat)
                top_card = card_name(self._highest(hand).bit_length() - 1)
                if self.top is None and mask.bit_count() == 1 and any(
                        c.mask & (c.mask - 1) for c in self.legal_actions()
                        if isinstance(c, Combo)):
                    return (f"頂大: seat {nxt} holds one card, so seat {seat} must lead "
                            "two or more cards")
                return (f"頂大: seat {nxt} holds one card, so a single must be seat {seat}'s "
                        f"highest card, {top_card}")
        return None

    # ----- notation ---------------------------------------------------------
    def sort_key(self) -> list[int]:
        """Display order of cards under these rules (single-card strength)."""
        return self._t.card_strength

    def cards_text(self, mask: CardMask) -> str:
        """Canonical text of ``mask`` in display order (ascending strength)."""
        cs = self._t.card_strength
        return " ".join(card_name(c) for c in sorted(cards_of(mask), key=cs.__getitem__))

    def action_text(self, action: Action | Hidden) -> str:
        """The text of an action (:func:`format_action`)."""
        return _format_action(self._t.card_strength, action)

    def parse_action(self, text: str) -> Action:
        """Read an action from text: ``pass``, a choice (``keep``, ``give 4D``,
        ``hand 2``), card tokens, or card tokens then ``last`` (§10.2).

        Card tokens are classified under the rules; the result is not checked
        for legality (see :meth:`check`). Raises :class:`CardParseError` or
        :class:`IllegalActionError` when the text is no action at all.
        """
        t = text.strip().lower()
        if t in ("pass", "p"):
            return PASS
        words = text.split()
        head = words[0].lower() if words else ""
        if head in CHOICE_NAMES:
            rest = words[1:]
            if head == "hand":
                if len(rest) != 1 or not rest[0].isdigit() or len(rest[0]) > 2:
                    raise IllegalActionError(text, "'hand' takes one hand index, e.g. 'hand 2'")
                return Choice("hand", 0, int(rest[0]))
            return Choice(head, parse_mask(rest) if rest else 0)
        called = len(words) > 1 and words[-1].lower() == "last"
        mask = parse_mask(words[:-1] if called else text)
        combo = classify_or_none(mask, self.rules)
        if combo is None:
            raise IllegalActionError(text, "not a combination: " + explain(mask, self.rules))
        return LastCard(combo) if called else combo

    # ----- transitions -------------------------------------------------------
    def apply_unchecked(self, action: Action) -> Event:
        """Apply ``action`` WITHOUT checking legality (fast path for simulators
        that choose from :meth:`legal_actions`). An illegal action corrupts the
        state."""
        seat: int = self.to_act  # type: ignore[assignment]
        if self.phase is not Phase.PLAY:
            return self._apply_choice(seat, cast(Choice, action))
        ev = _new(Event, (seat, action, -1, EVERYONE, EVERYONE, False))  # Event(seat, action)
        self.history.append(ev)
        if action is PASS:
            if self._dd_watch is not None and self._dd_watch[0] == seat:
                self._dd_watch = None
            self.passed |= 1 << seat
            self._advance(seat)
            return ev
        called = False
        if self._extras:
            if type(action) is LastCard:
                action = action.play
                called = True
            self._watch_ding_da(seat, cast(Combo, action))
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
        if self._extras and self.rules.last_card_call and not called and \
                hand.bit_count() == 1:
            self.blocked |= 1 << seat
        if not hand:
            self._go_out(seat, action)
            if self.outcome is not None:
                return ev
        self._advance(seat)
        return ev

    def _watch_ding_da(self, seat: int, play: Combo) -> None:
        """§10.1 ``penalty``: remember a violation, and make its player liable when
        the one-card player goes out directly over it as the deal's winner."""
        watch = self._dd_watch
        if watch is not None and watch[0] == seat:
            self._dd_watch = None
            if (self.hands[seat] == play.mask and self.winner is None
                    and self.top == watch[1]):
                self.liable = watch[2]
        if self.rules.ding_da is DingDa.PENALTY and self._violates(seat, play):
            nxt = self._next_to_act(seat)
            assert nxt is not None
            self._dd_watch = (nxt, play, seat)

    def _log(self, ev: Event) -> None:
        self.history.append(ev)
        if ev.shown != EVERYONE or ev.visible != EVERYONE:
            self._private = True

    def _move(self, giver: int, to: int, mask: CardMask) -> None:
        self.hands[giver] &= ~mask
        self.hands[to] |= mask

    def _apply_choice(self, seat: int, action: Choice) -> Event:
        phase = self.phase
        pair = 1 << seat
        if phase is Phase.LEFTOVER:
            ev = Event(seat, action)
            self.history.append(ev)
            self._apply_leftover(seat, action.name)
            return ev
        if phase is Phase.REDEAL:
            ev = Event(seat, action)
            self.history.append(ev)
            if action.name == "redeal":
                self._finish_redeal(seat)
            else:
                self._queue.pop(0)
                if self._queue:
                    self.to_act = self._queue[0]
                else:
                    self._exchange_steps()
            return ev
        if phase is Phase.CHOOSE_HANDS:
            ev = Event(seat, action)
            self.history.append(ev)
            self.hands[seat] = self.piles[action.number]
            self.piles[action.number] = 0
            self._queue.pop(0)
            if self._queue:
                self.to_act = self._queue[0]
                return ev
            assert self.ranking is not None
            last = self.ranking[-1]
            k = next(i for i, p in enumerate(self.piles) if p)
            self.hands[last] = self.piles[k]
            self.piles[k] = 0
            self.history.append(Event(last, Choice("hand", 0, k), auto=True))
            self._leftover_step()
            return ev
        if phase is Phase.PRE_EXCHANGE:
            ev = Event(seat, action, -1, EVERYONE, pair)
            self._log(ev)
            self.hands[seat] &= ~action.cards
            self.pool |= action.cards
            self._given[seat] = action.cards.bit_count()
            self._queue.pop(0)
            if self._queue:
                self.to_act = self._queue[0]
            else:
                self._hand_out_pool()
                self._series_step()
            return ev
        task = self._tasks[0]
        other = task.other
        both = pair | (1 << other) if other >= 0 else pair
        if task.kind == "name":
            if action.name == "skip":
                ev = Event(seat, action, other)
                self.history.append(ev)
                self._tasks.pop(0)
                self._next_task()
                return ev
            ev = Event(seat, action, other, both, both)
            self._log(ev)
            key = (seat, other)
            self._named[key] = self._named.get(key, 0) | action.cards
            if self.hands[other] & action.cards:
                self._move(other, seat, action.cards)
                self._log(Event(other, Choice("give", action.cards), seat, both, both, True))
                if self.rules.class_exchange is ClassExchange.SWAP:
                    self._tasks[0] = _Task("give", seat, other, 1)
                else:
                    self._received.append((seat, other))
                    self._tasks.pop(0)
            else:
                self._log(Event(other, Choice("not_held", action.cards), seat, both, both, True))
            self._next_task()
            return ev
        if task.kind == "give":
            ev = Event(seat, action, other, EVERYONE, both)
            self._log(ev)
            self._move(seat, other, action.cards)
            self._tasks.pop(0)
            self._next_task()
            return ev
        # keep (tribute draw_three): the next rank draws 3 of the other cards
        ev = Event(seat, action, -1, EVERYONE, pair)
        self._log(ev)
        self._tasks.pop(0)
        assert self.ranking is not None
        rank = self.ranking.index(seat)
        drawer = self.ranking[rank + 1]
        pool = sorted(cards_of(self.hands[seat] & ~action.cards))
        rng = self._rng(f"draw{rank}")
        drawn = sum(1 << c for c in rng.sample(pool, 3))
        self._move(seat, drawer, drawn)
        both = pair | (1 << drawer)
        self._log(Event(drawer, Choice("draw", drawn), seat, EVERYONE, both, True))
        if rank + 2 < self.players:
            self._tasks.insert(0, _Task("keep", drawer, -1, 3 - (rank + 1)))
        self._next_task()
        return ev

    def _next_task(self) -> None:
        """Start the next pending exchange decision, or play when none is left."""
        tasks = self._tasks
        while tasks and tasks[0].kind == "returns":
            h = tasks.pop(0).actor
            gives = [_Task("give", h, low, 1) for hh, low in self._received if hh == h]
            self._received = [x for x in self._received if x[0] != h]
            tasks[0:0] = gives
        if tasks:
            self.to_act = tasks[0].actor
        else:
            self._start_play()

    def _rng(self, purpose: str) -> random.Random:
        """A generator for one random step of this deal, seeded from the deal's seed
        (or its hands), so that the step replays from the record."""
        if self.seed is not None:
            base = f"seed {self.seed}"
        else:
            base = "hands " + ",".join(str(h) for h in self.dealt_hands)
        return random.Random(f"chupai-bigtwo {base} {purpose}")

    def _hand_out_pool(self) -> None:
        """§12.4: shuffle the given cards and hand them out from the dealer's next."""
        cards = sorted(cards_of(self.pool))
        self._rng("pre_exchange").shuffle(cards)
        n = self.players
        at = 0
        for i in range(n):
            seat = (self.dealer + 1 + i) % n
            k = self._given[seat]
            got = sum(1 << c for c in cards[at:at + k])
            at += k
            self.hands[seat] |= got
            self._log(Event(seat, Choice("receive", got), -1, 1 << seat, 1 << seat, True))
        self.pool = 0

    def _finish_redeal(self, seat: int) -> None:
        n = self.players
        self.phase = Phase.OVER
        self.to_act = None
        self.outcome = Outcome(
            winner=None, finishing_order=(), penalties=(0,) * n, scores=(0,) * n,
            instant_win=None,
            hands=tuple(h if s == seat else 0 for s, h in enumerate(self.hands)),
            redeal=True,
        )

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
            if self.blocked:
                leader = self._unblocked_leader(leader)
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
            0 if s == winner
            else penalty(rules, self.win_hands[s], untouched=self.win_played[s] == 0) * mult
            for s in range(self.players)
        ]
        if self.liable is not None:
            pens = transfer_penalties(pens, winner, self.liable)
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
            liable=self.liable,
            ranking=self._ranking(winner, pens),
        )

    def _ranking(self, winner: int, pens: Sequence[int]) -> tuple[int, ...]:
        """§12.1: the actual finishing order when it is complete, else the winner
        then the losers by penalty, cards left, and turn order after the winner."""
        n = self.players
        if len(self.finished) == n:
            return tuple(self.finished)
        hands = self.win_hands
        losers = sorted((s for s in range(n) if s != winner),
                        key=lambda s: (pens[s], hands[s].bit_count(), (s - winner) % n))
        return (winner, *losers)

    # ----- observation and copying -------------------------------------------
    def observe(self, seat: int) -> Observation:
        """The observation of ``seat``: only what that seat may know."""
        own_turn = self.to_act == seat
        own_lead = own_turn and self.top is None
        if self._private:
            history = tuple(self._history_for(seat))
        else:
            history = tuple(self.history)
        return Observation(
            rules=self.rules,
            seat=seat,
            players=self.players,
            phase=self.phase,
            current_player=self.to_act,
            dealer=self.dealer,
            hand=self.hands[seat],
            hand_counts=tuple(h.bit_count() for h in self.hands),
            played=tuple(self.played),
            history=history,
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
            ranking=self.ranking,
            blocked=tuple(s for s in range(self.players) if self.blocked >> s & 1)
            if self.blocked else (),
            partner=self.partner() if own_turn and self.phase is not Phase.PLAY else None,
            piles=tuple(k for k, p in enumerate(self.piles) if p) if self.piles else (),
        )

    def _history_for(self, seat: int) -> list[Event]:
        bit = 1 << seat
        out = []
        for ev in self.history:
            if ev.visible & bit:
                out.append(ev)
            elif ev.shown & bit:
                act = ev.action
                count = act.cards.bit_count() if isinstance(act, Choice) else 0
                name = act.name if isinstance(act, (Choice, Hidden)) else "action"
                out.append(ev._replace(action=Hidden(name, count)))
        return out

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
        other.piles = list(self.piles)
        other._queue = list(self._queue)
        other._tasks = list(self._tasks)
        other._named = dict(self._named)
        other._received = list(self._received)
        other._given = list(self._given)
        return other

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


_FACES: Final = sum(15 << (4 * r) for r in (8, 9, 10))  # J, Q, K
_ACES_TWOS: Final = sum(15 << (4 * r) for r in (11, 12))


def format_action(rules: BigTwoRules, action: Action | Hidden) -> str:
    """The text of an action under ``rules``: card tokens in display order (then
    ``last`` for a call), ``pass``, a choice name with its cards or hand index, or
    a hidden action's count. ``BigTwoDeal.action_text`` and the web views both
    write actions with it, and ``BigTwoDeal.parse_action`` reads it back."""
    return _format_action(tables(rules).card_strength, action)


def _format_action(strength: Sequence[int], action: Action | Hidden) -> str:
    def text(mask: CardMask) -> str:
        return " ".join(card_name(c) for c in sorted(cards_of(mask), key=strength.__getitem__))

    if isinstance(action, Pass):
        return "pass"
    if isinstance(action, LastCard):
        return text(action.play.mask) + " last"
    if isinstance(action, Choice):
        if action.number >= 0:
            return f"{action.name} {action.number}"
        if action.cards:
            return f"{action.name} {text(action.cards & FULL_DECK)}"
        return action.name
    if isinstance(action, Hidden):
        return f"{action.name} ({action.size} card{'s' if action.size != 1 else ''})"
    return text(action.mask)


def redeal_reasons(rules: BigTwoRules, hand: CardMask) -> list[str]:
    """The active §4 rules under which ``hand`` may ask for a redeal (empty: none).

    >>> from chupai.bigtwo.rules import resolve
    >>> redeal_reasons(resolve("standard", {"redeal_max_points": "2"}),
    ...                parse_mask("3D 4C 5H 6S 7D 8C 9H TS 3S 4H 5C 6D JD"))
    ['redeal_max_points']
    """
    out = []
    m = rules.redeal_max_points
    if m is not None and hand_points(hand) <= m:
        out.append("redeal_max_points")
    if rules.redeal_two_faces and not hand & _ACES_TWOS and (hand & _FACES).bit_count() <= 2:
        out.append("redeal_two_faces")
    if rules.redeal_four_twos and (hand >> 48) & 15 == 15:
        out.append("redeal_four_twos")
    return out


def transfer_penalties(penalties: Sequence[int], winner: int, liable: int) -> list[int]:
    """§11.4: the liable player takes over every loser's penalty (its own
    included); every other loser's penalty becomes 0.

    >>> transfer_penalties([0, 3, 1, 4], winner=0, liable=1)
    [0, 8, 0, 0]
    """
    total = sum(p for s, p in enumerate(penalties) if s != winner)
    return [penalties[s] if s == winner else total if s == liable else 0
            for s in range(len(penalties))]


def protected_cards(rules: BigTwoRules) -> CardMask:
    """Cards ``class_protect_cards`` keeps out of the exchanges: the starting card
    of the suit order (3D, or 3C under SHDC) and every 2."""
    return (1 << tables(rules).strength_order[0]) | (15 << 48)


TRIBUTE_RANKS: Final = ("1st", "2nd", "3rd", "4th")
"""The names of the tribute ranks, 1st first (§12.3)."""

TITLES: Final = {
    4: ("King", "Noble", "Commoner", "Slave"),
    3: ("King", "Commoner", "Slave"),
    2: ("King", "Slave"),
}


def class_titles(players: int) -> tuple[str, ...]:
    """The titles of class struggle from 1st to last (§12.2)."""
    return TITLES[players]


def next_titles(rules: BigTwoRules, titles: Sequence[int] | None,
                ranking: Sequence[int]) -> tuple[int, ...]:
    """The ranking that gives the next deal's titles or ranks (§12.1, §12.2):
    ``ranking`` itself, except that under ``class_king_demotion`` a King
    (``titles[0]``) who did not finish first becomes the Slave and the others move up.

    >>> from chupai.bigtwo.rules import resolve
    >>> r = resolve("standard", {"series": "class_struggle", "class_king_demotion": "true"})
    >>> next_titles(r, (0, 1, 2, 3), (1, 0, 2, 3))
    (1, 2, 3, 0)
    """
    order = tuple(ranking)
    if (rules.series is Series.CLASS_STRUGGLE and rules.class_king_demotion
            and titles is not None and order[0] != titles[0]):
        king = titles[0]
        return tuple(s for s in order if s != king) + (king,)
    return order


_UNSUPPORTED: Final[tuple[tuple[str, Callable[[BigTwoRules], bool]], ...]] = ()
"""Options the deal engine does not play yet: none left."""


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
    ranking: Sequence[int] | None = None,
) -> BigTwoDeal:
    """Deal a new Big Two deal from ``seed`` (deterministic). See
    :meth:`BigTwoDeal.from_hands` for ``first_deal``, ``leader`` and ``ranking``."""
    check_supported(rules)
    dealer, hands, leftover = deal_cards(rules, seed, dealer)
    return BigTwoDeal.from_hands(
        rules, hands, leftover=leftover, dealer=dealer, first_deal=first_deal,
        leader=leader, seed=seed, ranking=ranking,
    )

