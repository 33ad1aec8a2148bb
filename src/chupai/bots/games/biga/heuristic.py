"""The heuristic Big A bot (see :mod:`chupai.bots.games.biga`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from chupai.actions import PASS
from chupai.biga.cards import DECK, SHIFTS, SUITED_ACE, Cards, normalize, size_of
from chupai.biga.combos import Combo, positions, strengths, tables
from chupai.biga.game import (
    DECLINE,
    KEEP_HIDDEN,
    REVEAL,
    SHOW_SECOND,
    STAY_HIDDEN,
    Capture,
    Declare,
    Phase,
)
from chupai.biga.rules import BigARules
from chupai.bots.base import TunedBot, spare_short_hands
from chupai.bots.games.biga.control import _beatable, _best_bomb, _controls, strength
from chupai.bots.games.biga.plan import (
    _F,
    Group,
    K,
    _counts,
    _is_bomb,
    _lead_after,
    decompose,
    team_of,
)

# ----- the heuristic bot ----------------------------------------------------------------------

_DECKS: Final[dict[int | None, Cards]] = {}
"""The deck normalized for each Big Ace suit."""


class _View:
    """What one play decision needs, from the observation only."""

    __slots__ = (
        "_rival",
        "active",
        "big_suit",
        "counts",
        "hand",
        "me",
        "obs",
        "pool",
        "room",
        "rules",
        "team",
    )

    def __init__(self, obs: Any):
        self.obs = obs
        self.rules: BigARules = obs.rules
        self.me: int = obs.seat
        self.big_suit: int | None = obs.big_suit
        self.hand: Cards = obs.hand
        self.counts: tuple[int, ...] = obs.hand_counts
        self.team = team_of(obs)
        deck = _DECKS.get(obs.big_suit)
        if deck is None:
            deck = _DECKS[obs.big_suit] = normalize(DECK, obs.big_suit)
        table = sum(obs.played) - sum(obs.captured)
        pool = deck - obs.hand - table
        self.pool = _counts(pool)
        self.active = [s for s in range(obs.players) if s != obs.seat and obs.hand_counts[s] > 0]
        rivals = [s for s in self.active if s not in self.team.mates]
        self.room = max((self.counts[s] for s in rivals), default=0)
        self._rival: tuple[int, tuple[int, ...], tuple[int, ...], tuple[int, int]] | None = None

    def safe(self, p: Combo) -> bool:
        """Whether no play of the unseen cards within the largest rival hand beats
        ``p`` (:func:`beatable`; the unseen cards' best bomb found once)."""
        rival = self._rival
        if rival is None:
            rules = self.rules
            big = -1 if self.big_suit is None else SUITED_ACE + self.big_suit
            st = strengths(rules.rank_order)
            chain = positions(rules.sequence_order)
            rival = self._rival = (
                big,
                chain,
                st,
                _best_bomb(self.pool, self.room, rules, big, chain, st),
            )
        big, chain, st, bomb = rival
        return not _beatable(p, self.pool, self.room, self.rules, big, chain, st, bomb)

    def danger(self, include_unknown: bool) -> int:
        """The fewest cards a sure opponent (or an unplaced seat) holds."""
        seats = [
            s
            for s in self.active
            if s in self.team.opponents or (include_unknown and s in self.team.unknown)
        ]
        return min((self.counts[s] for s in seats), default=99)


class BigAHeuristicBot(TunedBot):
    """A heuristic player for Big A (see the module docstring)."""

    name = "heuristic"

    declare_at: float = 0.18
    """Strength (:func:`strength`, every Ace counted as ordinary) needed to show
    one Ace during the draw."""
    declare_min_cards: int = 9
    """Cards drawn before the bot considers declaring."""
    two_at: float = 0.45
    """Strength needed to show two Aces (playing alone, doubled)."""
    second_at: float = 0.36
    """Strength for a declarer alone to show its second Big Ace."""
    reveal_at: float = 0.18
    """Strength for the partner to reveal itself."""
    lead_size: float = 2.0
    """Leading prefers a play by this much per card beyond the first."""
    beat_threshold: float = -3.0
    """Following an opponent: beat when the plan changes by at least this much."""
    unknown_threshold: float = 1.0
    """The same when the top player may be a team-mate."""
    bomb_danger: int = 8
    """Bomb an opponent who holds this many cards or fewer."""
    capture_gain: float = -2.0
    """Capture when the plan changes by at least this much."""
    control_penalty: float = 1.5
    """Following while nobody is close to going out: the cost of every control
    card spent (an Ace counts 1/3, a 2 2/3, a 3 or a joker 1, a Big Ace 2), on a
    full hand (less on a shorter one)."""
    bomb_penalty: float = 1.0
    """The same per bomb class of a bomb."""

    # ----- dispatch -------------------------------------------------------------------------
    def decide(self, observation: Any, legal: Sequence[Any]) -> Any:
        """One element of ``legal`` for the seat of ``observation``."""
        if len(legal) == 1:
            return legal[0]
        obs = observation
        phase = obs.phase
        if phase is Phase.DRAW:
            return self._declare(obs, legal)
        if phase is not Phase.PLAY:
            return self._before_play(obs, legal)
        plays = [a for a in legal if type(a) is Combo]
        hand = obs.hand
        for p in plays:
            if p.cards == hand:
                return p
        view = _View(obs)
        if obs.top is None:
            return self._lead(view, plays)
        return self._follow(view, plays, legal)

    # ----- before play ----------------------------------------------------------------------
    def _declare(self, obs: Any, legal: Sequence[Any]) -> Any:
        decls = [a for a in legal if type(a) is Declare]
        if not decls:
            return DECLINE
        hand = obs.hand
        rules = obs.rules
        drawn = size_of(hand)
        if drawn < self.declare_min_cards:
            return DECLINE
        best: tuple[float, Any] | None = None
        s = strength(hand, rules)
        for d in decls:
            held = (hand >> SHIFTS[SUITED_ACE + d.suit]) & _F
            if d.two:
                if s >= self.two_at:
                    cand = (s + 1.0, d)
                    best = cand if best is None or cand[0] > best[0] else best
            else:
                if held >= 2:
                    continue  # showing one of a pair: alone without the doubling
                if s >= self.declare_at:
                    cand = (s, d)
                    best = cand if best is None or cand[0] > best[0] else best
        if best is not None:
            return best[1]
        return DECLINE

    def _before_play(self, obs: Any, legal: Sequence[Any]) -> Any:
        s = strength(obs.hand, obs.rules)
        if SHOW_SECOND in legal:
            return SHOW_SECOND if s >= self.second_at else KEEP_HIDDEN
        if REVEAL in legal:
            return REVEAL if s >= self.reveal_at else STAY_HIDDEN
        return legal[-1]

    # ----- leading --------------------------------------------------------------------------
    def _lead(self, view: _View, plays: list[Combo]) -> Combo:
        rules, big_suit = view.rules, view.big_suit
        plan = decompose(view.hand, rules, big_suit)
        by_cards = {p.cards: p for p in plays}
        groups = [g for g in plan.groups if g.cards in by_cards]
        if not groups:  # defensive: every group is a combination of the hand
            return min(plays, key=lambda p: (p.bomb, p.key, -p.size))
        fed = self._feed(view, groups, by_cards)
        if fed is not None:
            return fed
        cashed = self._cash(view, groups, by_cards)
        if cashed is not None:
            return cashed
        normal = [g for g in groups if not by_cards[g.cards].bomb] or groups
        danger = view.danger(include_unknown=view.me == view.obs.declarer)
        pick = spare_short_hands(normal, danger, K.SINGLE, K.PAIR, lambda g: by_cards[g.cards].key)
        g = min(pick, key=lambda g: g.value - self.lead_size * (g.size - 1))
        return by_cards[g.cards]

    @staticmethod
    def _feed(view: _View, groups: list[Group], by_cards: dict[Cards, Combo]) -> Combo | None:
        """The lead that feeds a team-mate about to go out (None: no such lead)."""
        counts = view.counts
        for mate in view.team.mates:
            left = counts[mate]
            if 0 < left <= 2:
                want = K.SINGLE if left == 1 else K.PAIR
                fit = [g for g in groups if g.kind is want and not _is_bomb(by_cards[g.cards])]
                if left == 2 and not fit:
                    fit = [g for g in groups if g.kind is K.SINGLE]
                if fit:
                    return by_cards[min(fit, key=lambda g: by_cards[g.cards].key).cards]
        return None

    @staticmethod
    def _cash(view: _View, groups: list[Group], by_cards: dict[Cards, Combo]) -> Combo | None:
        """The lead of a won hand: its safe plays first (None: the hand is not won)."""
        safe = [g for g in groups if view.safe(by_cards[g.cards])]
        unsafe = [g for g in groups if g not in safe]
        safe_bombs = sum(1 for g in safe if by_cards[g.cards].bomb)
        if not (safe and len(unsafe) <= 1 + safe_bombs):
            return None
        calm = [g for g in safe if not by_cards[g.cards].bomb]
        if calm:
            g = max(calm, key=lambda g: (g.size, -by_cards[g.cards].key))
        elif len(unsafe) >= 2:
            g = max(unsafe, key=lambda g: (g.size, by_cards[g.cards].key))
        else:
            g = min(safe, key=lambda g: by_cards[g.cards].key)
        return by_cards[g.cards]

    # ----- following ------------------------------------------------------------------------
    def _follow(self, view: _View, plays: list[Combo], legal: Sequence[Any]) -> Any:
        obs = view.obs
        hand = view.hand
        top = obs.top
        top_player = obs.top_player
        mate_top = top_player in view.team.mates
        maybe_mate = top_player in view.team.unknown and view.me != obs.declarer
        base = decompose(hand, view.rules, view.big_suit).score
        cap = self._capture(view, legal, base, maybe_mate) if not mate_top else None
        if cap is not None:
            return cap
        if mate_top or self._lets_stand(view, top_player):
            return PASS
        # a winning line: beat safely and the rest goes out by force
        for p in sorted(plays, key=lambda p: (p.bomb, p.key)):
            if view.safe(p) and self._won(view, hand - p.cards):
                return p
        threat = view.counts[top_player] if top_player is not None else 99
        danger = min(
            view.danger(include_unknown=view.me == obs.declarer), threat if not maybe_mate else 99
        )
        normal = [p for p in plays if not p.bomb]
        if normal and not maybe_mate and (danger <= 2 or threat <= top.size):
            return max(normal, key=lambda p: (p.key, -p.size))
        calm = danger > self.bomb_danger
        best = self._best_beat(view, plays, base, calm, maybe_mate)
        if best is None:
            return PASS
        threshold = self.unknown_threshold if maybe_mate else self.beat_threshold
        gain, _, p = best
        if p.bomb and not calm:
            return p
        if gain >= threshold:
            return p
        return PASS

    def _capture(
        self, view: _View, legal: Sequence[Any], base: float, maybe_mate: bool
    ) -> Capture | None:
        """A capture of a rival's egg when the plan gains enough from it."""
        caps = [a for a in legal if type(a) is Capture]
        if not caps:
            return None
        cap = caps[0]
        after = view.hand - cap.fours.cards + cap.taken.cards
        gain = decompose(after, view.rules, view.big_suit).score - base
        if gain >= self.capture_gain and not maybe_mate:
            return cap
        if maybe_mate and gain >= self.capture_gain + 6.0:
            return cap
        return None

    @staticmethod
    def _lets_stand(view: _View, top_player: int | None) -> bool:
        """Whether the top player went out and, if all pass, the lead goes to its
        nearest team-mate as the public knows the teams (§7): the seat itself or
        one of its team-mates."""
        if top_player is None or view.counts[top_player] != 0:
            return False
        nxt = _lead_after(view.obs, top_player)
        return nxt == view.me or nxt in view.team.mates

    def _best_beat(
        self, view: _View, plays: list[Combo], base: float, calm: bool, maybe_mate: bool
    ) -> tuple[float, int, Combo] | None:
        """Every beating play scored: the plan's gain, less the control cards spent
        while the hand is long, less a reserve on bombs while nobody is close; the
        best ``(gain, tie-break, play)``."""
        rules, big_suit, hand = view.rules, view.big_suit, view.hand
        stage = min(1.0, size_of(hand) / 16.0)
        st = strengths(rules.rank_order)
        best: tuple[float, int, Combo] | None = None
        for p in plays:
            if p.bomb and maybe_mate:
                continue
            gain = decompose(hand - p.cards, rules, big_suit).score - base
            if calm:
                gain -= self.control_penalty * stage * _controls(p.cards, st)
                if p.bomb:
                    gain -= self.bomb_penalty * stage * p.bomb
            cand = (gain, -p.key - 100 * p.bomb, p)
            if best is None or cand[:2] > best[:2]:
                best = cand
        return best

    @staticmethod
    def _won(view: _View, cards: Cards) -> bool:
        if not cards:
            return True
        plan = decompose(cards, view.rules, view.big_suit)
        tab = tables(view.rules, view.big_suit).by_cards
        unsafe = bombs = 0
        for g in plan.groups:
            p = tab.get(g.cards)
            if p is None:
                return False
            if view.safe(p):
                bombs += p.bomb > 0
            else:
                unsafe += 1
        return unsafe <= 1 + bombs
