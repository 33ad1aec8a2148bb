"""The pre-play phases of a Big Two deal (``bigtwo.md`` §3.3–§5, §12).

The phases come in the order of §3.4, each only when its option is on:
``choose_hands`` (tribute method 1) → ``leftover`` (§3.3) → the instant-win
check (§5, automatic) → ``redeal`` requests (§4) → ``pre_exchange`` (§12.4) →
``class_exchange`` (§12.2) or ``tribute`` (§12.3 methods 2–4) → ``play``.

Every pre-play phase is a decision of one kind, as in every game
(:mod:`chupai.phases`): :data:`PHASES` maps a phase to its
:class:`~chupai.phases.PhaseRules` — the choices the seat to act has, why another
action is refused, and how a choice is applied. The exchange phases (class struggle and
tribute) work through a queue of :class:`~chupai.bigtwo.values.Task`: name a card,
give cards, keep cards.

>>> from chupai.bigtwo.rules import resolve
>>> from chupai.cards import parse_mask
>>> r = resolve("standard", {"series": "class_struggle", "class_protect_cards": "true"})
>>> protected_cards(r) == parse_mask("3D 2D 2C 2H 2S")
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from chupai.bigtwo import packs
from chupai.bigtwo.preplay import (
    INSTANT_STRENGTH,
    instant_win_kind,
    next_titles,
    protected_cards,
    redeal_reasons,
)
from chupai.bigtwo.rules import (
    ClassExchange,
    FirstLead,
    InstantWin,
    LeftoverRule,
    Series,
    StartingCopy,
    TributeMethod,
    exchange_places,
)
from chupai.bigtwo.state import DealState
from chupai.bigtwo.values import EVERYONE, FULL_DECK, Action, Choice, Event, Phase, Task
from chupai.cards import CardMask
from chupai.i18n import CardTokens, Msg, plural
from chupai.messages import not_held
from chupai.phases import DecisionPhases, PhaseRules

__all__ = [
    "PHASES",
    "PhaseRules",
    "PrePlay",
    "instant_win_kind",
    "next_titles",
    "protected_cards",
    "redeal_reasons",
]


class PrePlay(DecisionPhases, DealState):
    """The pre-play phases of a deal: the steps that lead into play and the
    decisions of each phase (dispatched through :data:`PHASES`)."""

    __slots__ = ()

    # ----- the steps into play ------------------------------------------------------
    def _lowest_holder(self) -> tuple[int, int]:
        """The lowest card in any hand and its holder; with two packs, of the
        seats holding it, the one dealt it first (``starting_copy=first_dealt``)
        or the first in turn order from the seat after the dealer."""
        held = 0
        for h in self.hands:
            held |= h
        for c in self._t.strength_order:
            if held >> c & 1:
                bit = 1 << c
                if not self._two:
                    return c, next(seat for seat, h in enumerate(self.hands) if h & bit)
                n = self.players
                order = [(self.dealer + 1 + i) % n for i in range(n)]
                holders = [s for s in order if self.hands[s] & bit]
                first = self._dealt_first
                by_deal = self.rules.starting_copy is StartingCopy.FIRST_DEALT
                if by_deal and first is not None and first[c] in holders:
                    return c, first[c]
                return c, holders[0]
        return -1, -1

    def _leftover_step(self) -> None:
        s0, p0 = self._lowest_holder()
        self.starting_card, self.starting_player = s0, p0
        left = self.leftover
        rule = self.rules.leftover_rule
        if left and rule is LeftoverRule.TO_STARTING_CARD_HOLDER:
            self.hands[p0] = packs.add(self.hands[p0], left)
            self.leftover = 0
        elif left and rule is LeftoverRule.SET_ASIDE:
            self.set_aside = packs.add(self.set_aside, left)
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
            self._tasks = self._class_tasks(ranking)
            self._next_task()
            return
        if r.tribute_method is TributeMethod.CHOOSE_HANDS:
            self._start_play()
            return
        self.phase = Phase.TRIBUTE
        self._tasks = self._tribute_tasks(ranking)
        self._next_task()

    def _class_tasks(self, ranking: tuple[int, ...]) -> list[Task]:
        """§12.2: each higher title names a card from each lower title, highest
        first (under ``demand``, then gives its returns); with more than four
        players only the first two and the last two places exchange
        (:func:`exchange_places`)."""
        places = exchange_places(self.players)
        demand = self.rules.class_exchange is ClassExchange.DEMAND
        tasks = []
        for i, hi in enumerate(places[:-1]):
            lows = [ranking[lo] for lo in reversed(places[i + 1 :])]
            h = ranking[hi]
            tasks += [Task("name", h, low, 1) for low in lows]
            if demand:
                tasks.append(Task("returns", h, -1, 0))
        return tasks

    def _tribute_seats(self) -> tuple[int, ...]:
        """The seats of the four tribute places (§12.3): 1st, 2nd, second to last
        and last (with four players, 1st to 4th)."""
        assert self.ranking is not None
        return tuple(self.ranking[p] for p in exchange_places(self.players))

    def _tribute_tasks(self, ranking: tuple[int, ...]) -> list[Task]:
        """§12.3 methods 2–4: the automatic tributes, and the decisions they ask for."""
        method = self.rules.tribute_method
        first, second, third, fourth = self._tribute_seats()
        if method is TributeMethod.ONE_CARD:
            self._tribute(fourth, first, 1)
            return [Task("give", first, fourth, 1)]
        if method is TributeMethod.TWO_CARDS:
            self._tribute(fourth, first, 2)
            self._tribute(third, second, 1)
            return [Task("give", first, fourth, 2), Task("give", second, third, 1)]
        self._tribute(fourth, first, 3)
        return [Task("keep", first, -1, 3)]

    def _tribute(self, giver: int, to: int, count: int) -> None:
        """The giver's ``count`` highest cards go to ``to`` (automatic, §12.3)."""
        strength = self._t.card_strength
        mask = packs.fold(sorted(packs.ids(self.hands[giver]), key=strength.__getitem__)[-count:])
        self._move(giver, to, mask)
        self._log(
            Event(giver, Choice("tribute", mask), to, EVERYONE, (1 << giver) | (1 << to), True)
        )

    def _start_play(self) -> None:
        self.phase = Phase.PLAY
        r = self.rules
        n = self.players
        if self._exchanged:
            self._combos = [None] * n
            if not self.swapped:
                self.starting_player = self._lowest_holder()[1]
        every = r.first_lead is FirstLead.STARTING_CARD_EVERY_DEAL
        method = r.tribute_method
        if (
            self.ranking is not None
            and r.series is Series.TRIBUTE
            and method in (TributeMethod.ONE_CARD, TributeMethod.TWO_CARDS)
        ):
            self.leader = self.ranking[-1]
            self.must_contain = 0
        elif (
            self.ranking is not None
            and r.series is Series.TRIBUTE
            and method is TributeMethod.DRAW_THREE
        ):
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
        self._open_play(self.leader)

    def _check_instant_win(self) -> bool:
        wins = self.rules.instant_wins
        if not wins:
            return False
        strength = INSTANT_STRENGTH
        best: tuple[int, int, InstantWin] | None = None
        n = self.players
        for i in range(n):
            seat = (self.starting_player + i) % n
            kind = instant_win_kind(self.hands[seat], wins)
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

    # ----- decisions: the table PHASES, read by chupai.phases.DecisionPhases ------------
    def _subsets(self, mask: CardMask, k: int) -> list[CardMask]:
        """The distinct ``k``-card subsets of ``mask`` (two packs: sub-multisets),
        in the display order of their cards."""
        return packs.subsets(mask, k, self._t.card_strength)

    def _public_choice(self, seat: int, action: Choice) -> Event:
        ev = Event(seat, action)
        self.history.append(ev)
        return ev

    def _next_in_queue(self) -> bool:
        """Drop the seat that decided; whether another seat of the phase is next."""
        self._queue.pop(0)
        if self._queue:
            self.to_act = self._queue[0]
            return True
        return False

    # ----- leftover card (§3.3) -------------------------------------------------------
    def _leftover_choices(self, seat: int) -> list[Choice]:
        if self.rules.leftover_rule is LeftoverRule.MALAYSIAN:
            return [Choice("swap"), Choice("decline")]
        return [Choice("take"), Choice("leave")]

    def _leftover_refusal(self, seat: int, action: Action, legal: list[Choice]) -> str:
        names = ", ".join(c.name for c in legal)
        return Msg(
            "seat {seat} must decide on the leftover card first ({names})", seat=seat, names=names
        )

    def _leftover_apply(self, seat: int, action: Choice) -> Event:
        ev = self._public_choice(seat, action)
        name = action.name
        left = self.leftover
        self.leftover = 0
        if name in ("take", "swap"):
            if name == "swap":
                s0 = self.starting_card
                self.hands[seat] = packs.take(self.hands[seat], 1 << s0)
                self.exposed = packs.add(self.exposed, 1 << s0)
            self.hands[seat] = packs.add(self.hands[seat], left)
        elif self.rules.leftover_rule is LeftoverRule.TAIWAN_EXPOSED:
            self.exposed = packs.add(self.exposed, left)
        else:
            self.set_aside = packs.add(self.set_aside, left)
        self._combos[seat] = None
        self._after_leftover(swapped=(name == "swap"))
        return ev

    # ----- redeal requests (§4) -------------------------------------------------------
    def _redeal_choices(self, seat: int) -> list[Choice]:
        return [Choice("keep"), Choice("redeal")]

    def _redeal_refusal(self, seat: int, action: Action, legal: list[Choice]) -> str:
        return Msg(
            "seat {seat} must first say whether it asks for a redeal (keep, redeal)", seat=seat
        )

    def _redeal_apply(self, seat: int, action: Choice) -> Event:
        ev = self._public_choice(seat, action)
        if action.name == "redeal":
            self._finish_redeal(seat)
        elif not self._next_in_queue():
            self._exchange_steps()
        return ev

    # ----- tribute method 1: choosing the face-down hands (§12.3) ---------------------
    def _hands_choices(self, seat: int) -> list[Choice]:
        return [Choice("hand", 0, k) for k, p in enumerate(self.piles) if p]

    def _hands_refusal(self, seat: int, action: Action, legal: list[Choice]) -> str:
        left = ", ".join(str(c.number) for c in legal)
        return Msg(
            "seat {seat} must first choose one of the face-down hands (hand {left})",
            seat=seat,
            left=left,
        )

    def _hands_apply(self, seat: int, action: Choice) -> Event:
        ev = self._public_choice(seat, action)
        self.hands[seat] = self.piles[action.number]
        self.piles[action.number] = 0
        if self._next_in_queue():
            return ev
        assert self.ranking is not None
        last = self.ranking[-1]
        k = next(i for i, p in enumerate(self.piles) if p)
        self.hands[last] = self.piles[k]
        self.piles[k] = 0
        self.history.append(Event(last, Choice("hand", 0, k), auto=True))
        if self._dealt_first is not None:  # starting_copy=first_dealt: the piles moved
            n, first = self.players, self.dealer + 1
            took = {
                (first + e.action.number) % n: e.seat
                for e in self.history
                if isinstance(e.action, Choice) and e.action.name == "hand"
            }
            self._dealt_first = tuple(took.get(s, s) for s in self._dealt_first)
        self._leftover_step()
        return ev

    # ----- the face-down exchange (§12.4) ---------------------------------------------
    def _pool_choices(self, seat: int) -> list[Choice]:
        hand = self.hands[seat]
        return [Choice("give", m) for k in (1, 2, 3) for m in self._subsets(hand, k)]

    def _pool_apply(self, seat: int, action: Choice) -> Event:
        ev = Event(seat, action, -1, EVERYONE, 1 << seat)
        self._log(ev)
        self.hands[seat] = packs.take(self.hands[seat], action.cards)
        self.pool = packs.add(self.pool, action.cards)
        self._given[seat] = action.cards.bit_count()
        if not self._next_in_queue():
            self._hand_out_pool()
            self._series_step()
        return ev

    def _hand_out_pool(self) -> None:
        """§12.4: shuffle the given cards and hand them out from the dealer's next."""
        cards = packs.ids(self.pool)  # two packs: a card given twice is in the pile twice
        self._rng("pre_exchange").shuffle(cards)
        n = self.players
        at = 0
        for i in range(n):
            seat = (self.dealer + 1 + i) % n
            k = self._given[seat]
            got = packs.fold(cards[at : at + k])
            at += k
            self.hands[seat] = packs.add(self.hands[seat], got)
            self._log(Event(seat, Choice("receive", got), -1, 1 << seat, 1 << seat, True))
        self.pool = 0

    # ----- class struggle and tribute: the task queue (§12.2, §12.3) ------------------
    def _task_choices(self, seat: int) -> list[Choice]:
        task = self._tasks[0]
        r = self.rules
        if task.kind == "name":
            known = packs.every_copy(packs.add(self.hands[seat], self.exposed), r.packs)
            namable = FULL_DECK & ~(known | self._named.get((seat, task.other), 0))
            if r.class_protect_cards:
                namable &= ~protected_cards(r)
            return [Choice("name", m) for m in self._subsets(namable, 1)] + [Choice("skip")]
        if task.kind == "give":
            hand = self.hands[seat]
            if self.phase is Phase.CLASS_EXCHANGE and r.class_protect_cards:
                hand &= ~packs.both(protected_cards(r))
            return [Choice("give", m) for m in self._subsets(hand, task.size)]
        # keep (tribute draw_three)
        return [Choice("keep", m) for m in self._subsets(self.hands[seat], task.size)]

    def _task_refusal(self, seat: int, action: Action, legal: list[Choice]) -> str:
        r = self.rules
        what = self._task_text()
        kinds = {c.name for c in legal if c.cards}
        if (
            isinstance(action, Choice)
            and action.name in kinds
            and action.cards & ~packs.FULL[r.packs] == 0
            and action.cards
        ):
            bad = self._choice_detail(seat, action)
            if bad:
                return Msg("{bad}; seat {seat} must {what}", bad=bad, seat=seat, what=what)
        return Msg("seat {seat} must {what}", seat=seat, what=what)

    def _choice_detail(self, seat: int, action: Choice) -> str:
        hand = self.hands[seat]
        strength = self._t.card_strength
        names = CardTokens(packs.names(action.cards, strength))
        protected = self.rules.class_protect_cards and action.cards & packs.both(
            protected_cards(self.rules)
        )
        if action.name == "name":
            if action.cards & packs.every_copy(hand, self.rules.packs):
                held = "seat {seat} holds both copies of {cards} already" if self._two else None
                return Msg(held or "seat {seat} holds {cards} already", seat=seat, cards=names)
            if self._tasks and action.cards & self._named.get((seat, self._tasks[0].other), 0):
                return Msg("{cards} was named already", cards=names)
            if protected:
                return Msg("{cards} may not be exchanged (class_protect_cards)", cards=names)
            if action.cards & packs.every_copy(packs.add(hand, self.exposed), self.rules.packs):
                return Msg("{cards} is out of play", cards=names)
            return ""
        if action.cards & ~hand:
            missing = packs.norm(action.cards & ~hand)
            if missing & hand:  # two packs: named twice, held once
                once = CardTokens(packs.names(missing & hand, strength))
                return Msg("seat {seat} holds only one {cards}", seat=seat, cards=once)
            return not_held(seat, packs.names(missing, strength))
        if self.phase is Phase.CLASS_EXCHANGE and protected:
            return Msg("{cards} may not be exchanged (class_protect_cards)", cards=names)
        return ""

    def _task_text(self) -> str:
        """What the seat to act must decide, in words."""
        if self.phase is Phase.PRE_EXCHANGE:
            return Msg("give 1 to 3 cards face down (give CARDS)")
        if not self._tasks:
            return Msg("act")
        task = self._tasks[0]
        if task.kind == "name":
            return Msg(
                "name a card wanted from seat {other} (name CARD) or give up that exchange (skip)",
                other=task.other,
            )
        if task.kind == "give":
            return plural(
                task.size,
                "give a card to seat {other} (give CARDS)",
                "give {n} cards to seat {other} (give CARDS)",
                other=task.other,
            )
        return Msg("choose {n} cards to keep (keep CARDS)", n=task.size)

    def _task_apply(self, seat: int, action: Choice) -> Event:
        task = self._tasks[0]
        pair = 1 << seat
        both = pair | (1 << task.other) if task.other >= 0 else pair
        if task.kind == "name":
            ev = self._apply_name(seat, action, task.other, both)
        elif task.kind == "give":
            ev = Event(seat, action, task.other, EVERYONE, both)
            self._log(ev)
            self._move(seat, task.other, action.cards)
            self._tasks.pop(0)
        else:
            ev = self._apply_keep(seat, action)
        self._next_task()
        return ev

    def _apply_name(self, seat: int, action: Choice, other: int, both: int) -> Event:
        """§12.2: a named card (or ``skip``); the named seat gives it if it holds it."""
        if action.name == "skip":
            ev = Event(seat, action, other)
            self.history.append(ev)
            self._tasks.pop(0)
            return ev
        ev = Event(seat, action, other, both, both)
        self._log(ev)
        key = (seat, other)
        self._named[key] = self._named.get(key, 0) | action.cards
        if self.hands[other] & action.cards:
            self._move(other, seat, action.cards)
            self._log(Event(other, Choice("give", action.cards), seat, both, both, True))
            if self.rules.class_exchange is ClassExchange.SWAP:
                self._tasks[0] = Task("give", seat, other, 1)
            else:
                self._received.append((seat, other))
                self._tasks.pop(0)
        else:
            self._log(Event(other, Choice("not_held", action.cards), seat, both, both, True))
        return ev

    def _apply_keep(self, seat: int, action: Choice) -> Event:
        """Tribute ``draw_three``: the seat keeps its choice, the next rank draws 3
        of the other cards at random."""
        pair = 1 << seat
        ev = Event(seat, action, -1, EVERYONE, pair)
        self._log(ev)
        self._tasks.pop(0)
        chain = self._tribute_seats()
        rank = chain.index(seat)
        drawer = chain[rank + 1]
        pool = packs.ids(packs.take(self.hands[seat], action.cards))
        rng = self._rng(f"draw{rank}")
        drawn = packs.fold(rng.sample(pool, 3))
        self._move(seat, drawer, drawn)
        both = pair | (1 << drawer)
        self._log(Event(drawer, Choice("draw", drawn), seat, EVERYONE, both, True))
        if rank + 2 < len(chain):
            self._tasks.insert(0, Task("keep", drawer, -1, 3 - (rank + 1)))
        return ev

    def _next_task(self) -> None:
        """Start the next pending exchange decision, or play when none is left."""
        tasks = self._tasks
        while tasks and tasks[0].kind == "returns":
            h = tasks.pop(0).actor
            gives = [Task("give", h, low, 1) for hh, low in self._received if hh == h]
            self._received = [x for x in self._received if x[0] != h]
            tasks[0:0] = gives
        if tasks:
            self.to_act = tasks[0].actor
        else:
            self._start_play()


Reason = Callable[[PrePlay, int, Action, list[Choice]], str]
"""Why an action that is not among the ``legal`` choices is refused."""


def _refusal(
    choices: Callable[[PrePlay, int], list[Choice]], reason: Reason
) -> Callable[[PrePlay, int, Action], str | None]:
    """The refusal of a phase (:class:`~chupai.phases.PhaseRules`): None for one of
    the seat's ``choices``, else the phase's ``reason``."""

    def refusal(deal: PrePlay, seat: int, action: Action) -> str | None:
        legal = choices(deal, seat)
        if isinstance(action, Choice) and action in legal:
            return None
        return reason(deal, seat, action, legal)

    return refusal


def _phase(
    choices: Callable[[PrePlay, int], list[Choice]],
    reason: Reason,
    apply: Callable[[PrePlay, int, Choice], Event],
) -> PhaseRules[PrePlay, Choice]:
    return PhaseRules(choices, _refusal(choices, reason), apply)


_EXCHANGE: Final = _phase(PrePlay._task_choices, PrePlay._task_refusal, PrePlay._task_apply)

PHASES: Final[dict[Phase, PhaseRules[PrePlay, Choice]]] = {
    Phase.CHOOSE_HANDS: _phase(
        PrePlay._hands_choices, PrePlay._hands_refusal, PrePlay._hands_apply
    ),
    Phase.LEFTOVER: _phase(
        PrePlay._leftover_choices, PrePlay._leftover_refusal, PrePlay._leftover_apply
    ),
    Phase.REDEAL: _phase(PrePlay._redeal_choices, PrePlay._redeal_refusal, PrePlay._redeal_apply),
    Phase.PRE_EXCHANGE: _phase(PrePlay._pool_choices, PrePlay._task_refusal, PrePlay._pool_apply),
    Phase.CLASS_EXCHANGE: _EXCHANGE,
    Phase.TRIBUTE: _EXCHANGE,
}
"""The rules of each pre-play phase (the play phase is the deal's own)."""
PrePlay._PHASES = PHASES
