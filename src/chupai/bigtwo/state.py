"""The state of a Big Two deal, and what every phase of it shares.

:class:`DealState` holds the fields of a deal (``__slots__``) and the steps common
to all phases: logging an event, moving cards between seats, the deal's seeded
random steps, the end of a deal and copying. The pre-play phases
(:mod:`chupai.bigtwo.phases`) and the play (:mod:`chupai.bigtwo.game`) build on
it; :class:`~chupai.bigtwo.game.BigTwoDeal` is the class to use.
"""

from __future__ import annotations

from collections.abc import Callable, MutableSequence, Sequence
from typing import Any, Protocol, TypeVar

from chupai.bigtwo import packs
from chupai.bigtwo.combos import Combo, Tables, beats_fn, tables
from chupai.bigtwo.rules import BigTwoRules, DingDa, FiveCardRule, Series
from chupai.bigtwo.scoring import settle
from chupai.bigtwo.values import EVERYONE, Action, Event, Outcome, Phase, Task
from chupai.cards import CardMask
from chupai.deal import Deal
from chupai.trick import Trick

__all__ = ["DealState", "Generator", "finishing_ranking"]

T = TypeVar("T")


class Generator(Protocol):
    """What the deal's random steps use of a seeded ``random.Random``."""

    def shuffle(self, x: MutableSequence[Any]) -> None: ...

    def sample(self, population: Sequence[T], k: int) -> list[T]: ...


class DealState(Trick, Deal[Action, Event, Outcome]):
    """The fields of one deal of Big Two and the steps every phase shares (the
    trick comes from :class:`chupai.trick.Trick`)."""

    __slots__ = (
        "rules",
        "_t",
        "players",
        "dealer",
        "first_deal",
        "hands",
        "dealt_hands",
        "leftover",
        "set_aside",
        "exposed",
        "leftover_shown",
        "phase",
        "to_act",
        "starting_card",
        "starting_player",
        "must_contain",
        "top",
        "top_player",
        "passed",
        "leader",
        "history",
        "played",
        "finished",
        "winner",
        "win_hands",
        "win_played",
        "winning_play",
        "outcome",
        "seed",
        "_combos",
        "_beats",
        "_monsters",
        "_active",
        "_given_leader",
        "instant_win",
        "lock_player",
        "lock_play",
        "forced_trick",
        "_start_public",
        "ranking",
        "piles",
        "pool",
        "swapped",
        "blocked",
        "liable",
        "_extras",
        "_two",
        "_dealt_first",
        "_queue",
        "_tasks",
        "_named",
        "_received",
        "_given",
        "_private",
        "_exchanged",
        "_dd_watch",
        "_draws",
        "_lockout",
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
    _given_leader: int | None
    _start_public: bool
    _extras: bool
    _two: bool
    _dealt_first: tuple[int, ...] | None
    _queue: list[int]
    _tasks: list[Task]
    _named: dict[tuple[int, int], CardMask]
    _received: list[tuple[int, int]]
    _given: list[int]
    _private: bool
    _exchanged: bool
    _dd_watch: tuple[int, Combo, int] | None
    _draws: int

    # ----- construction ------------------------------------------------------------
    def _init_fields(
        self,
        rules: BigTwoRules,
        hands: Sequence[CardMask],
        leftover: CardMask,
        dealer: int,
        first_deal: bool,
        leader: int | None,
        seed: int | None,
        ranking: Sequence[int] | None,
    ) -> None:
        """Check the dealt hands and set every field to the state before the
        pre-play steps (see :meth:`BigTwoDeal.from_hands`)."""
        n = rules.players
        if len(hands) != n:
            raise ValueError(f"expected {n} hands, got {len(hands)}")
        all_cards = 0
        for h in list(hands) + [leftover]:
            if rules.packs == 2:  # counted copies: at most two of a card in all
                if h >> 104 or (h >> 52) & ~h or ((all_cards >> 52) & h) | (all_cards & (h >> 52)):
                    raise ValueError("a card appears more often than the two packs hold")
                all_cards = packs.add(all_cards, h)
                continue
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
        self.rules = rules
        self._t = tables(rules)
        self._beats = beats_fn(rules)
        self._monsters = rules.five_card_rule is FiveCardRule.SAME_TYPE_OR_MONSTER
        self._extras = rules.ding_da is not DingDa.OFF or rules.last_card_call
        self._two = rules.packs == 2
        self._dealt_first = None
        self.players = n
        self.dealer = dealer
        self.first_deal = first_deal
        self.seed = seed
        self.hands = list(hands)
        self.dealt_hands = tuple(hands)
        self.leftover = leftover
        self.set_aside = packs.take(packs.FULL[rules.packs], all_cards)
        self.history, self.finished, self.piles, self._queue = [], [], [], []
        self._tasks, self._received, self._given, self._named = [], [], [], {}
        self.played = [0] * n
        self._combos = [None] * n
        self._active = (1 << n) - 1
        self._lockout = rules.pass_lockout
        self._given_leader = leader
        self.win_hands = self.win_played = ()
        self.exposed = self.leftover_shown = self.passed = self.must_contain = 0
        self.pool = self.blocked = self.leader = self.starting_player = self._draws = 0
        self.winner = self.winning_play = self.outcome = self.instant_win = None
        self.top = self.top_player = self.lock_player = self.lock_play = None
        self.to_act = self.liable = self._dd_watch = None
        self.forced_trick = self.swapped = self._start_public = False
        self._private = self._exchanged = False
        self.starting_card = -1
        self.phase = Phase.PLAY
        self.ranking = (
            ranking
            if (ranking is not None and not first_deal and rules.series is not Series.NONE)
            else None
        )

    # ----- shared steps ------------------------------------------------------------
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

    def _log(self, ev: Event) -> None:
        self.history.append(ev)
        if ev.shown != EVERYONE or ev.visible != EVERYONE:
            self._private = True

    def _move(self, giver: int, to: int, mask: CardMask) -> None:
        self.hands[giver] = packs.take(self.hands[giver], mask)
        self.hands[to] = packs.add(self.hands[to], mask)

    def _rng(self, purpose: str) -> Generator:
        """A generator for one random step of this deal (see
        :meth:`chupai.bigtwo.game.BigTwoDeal._rng`, the one module that builds it)."""
        raise NotImplementedError

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
            ranking=finishing_ranking(self.finished, winner, pens, self.win_hands),
        )

    def _finish_redeal(self, seat: int) -> None:
        n = self.players
        self.phase = Phase.OVER
        self.to_act = None
        self.outcome = Outcome(
            winner=None,
            finishing_order=(),
            penalties=(0,) * n,
            scores=(0,) * n,
            instant_win=None,
            hands=tuple(h if s == seat else 0 for s, h in enumerate(self.hands)),
            redeal=True,
        )


def finishing_ranking(
    finished: Sequence[int], winner: int, pens: Sequence[int], hands: Sequence[CardMask]
) -> tuple[int, ...]:
    """§12.1: the actual finishing order when it is complete, else the winner
    then the losers by penalty, cards left (in ``hands``, as the winner went out),
    and turn order after the winner.

    >>> finishing_ranking([2], 2, [5, 1, 0, 1], [0b111, 0b1, 0, 0b11])
    (2, 1, 3, 0)
    """
    n = len(pens)
    if len(finished) == n:
        return tuple(finished)
    losers = sorted(
        (s for s in range(n) if s != winner),
        key=lambda s: (pens[s], hands[s].bit_count(), (s - winner) % n),
    )
    return (winner, *losers)
