"""A heuristic Dou Dizhu bot: hand decomposition, control counting, partner play.

:class:`DouDizhuHeuristicBot` plays every phase of both presets (``classic`` and
``four_player``) from the seat's :class:`~chupai.doudizhu.game.Observation` and the
legal actions only. It is also the rollout policy of the search bot, so every
decision is cheap (a few milliseconds at most, far less with a warm cache).

**Decomposition** (:func:`decompose`). A hand (packed rank counts) is split into
the plays it will be shed as: chains (straights, pair chains, airplanes) are
chosen by a depth-first search from the lowest rank up, memoised on the counts;
the rest falls into bombs (and the rocket / the four jokers), trios, pairs and
singles; airplanes then take wings and trios take kickers from the lowest singles
and pairs below the 2. Every plan is scored ``sum(value) - TURN * turns``: a
play's value grows with its key rank (a low single is a liability, a 2 or a
joker a control), chains and airplanes earn a bonus, bombs a large one, and every
play the hand needs costs ``TURN``. The plan with the best score wins. Four or
more of a rank never feed a chain: bombs stay whole, and so do the rocket and
the four jokers.

**Control.** A play is *safe* when the cards the seat cannot see (the deck less
its own hand and every play, or the landlord's hand once shown) hold no play of
the same kind that beats it nor a bomb above it, within the size of the
opponents' hands. A hand is *won* when its plan has at most one unsafe play
more than it has safe bombs (each bomb wins the lead back): it leads its safe
plays, then the unsafe ones, and goes out. The same test looks one play ahead
when following ("beat now with a control, then go out").

**Bidding and robbing** (:func:`hand_strength`). The strength of a hand is an
estimate of the logit of its chance to win as the landlord, from its control
cards (jokers, 2s, aces, bombs, the rocket) and its plan score, fitted on
self-play. The bot bids 3 with a strong hand, 1 or 2 with a fair one (when that
bid is still open) and passes with a weak one; it robs only with a strong hand.
明牌 (``show``) only with an overwhelming hand (won, at most four plays) and, under
``ming_pai=always`` (where showing doubles a loss too), only when every play is
safe.

**Leading.** Multi-card plays first (chains, airplanes, trios with their
kickers), then the weakest pair or single; controls and bombs last. Against an
opponent with one card the bot leads no single it can avoid (else its highest);
against two cards it avoids pairs. A peasant whose partner is close to going
out feeds it a low single or pair.

**Following.** Go out when possible; beat with a safe play when the rest is then
won. A peasant lets its partner's play stand unless that wins the hand, or the
partner's play is weak while the landlord, next to act, holds two cards or
fewer. Against an opponent the bot plays its highest beating play when the
opponent is about to go out, else the beating play that damages its plan least
(a peasant right behind the landlord prefers one of a ``J`` or higher on a
single or pair, in ``classic`` only once the landlord holds five cards or
fewer), and passes when every such play costs more than the trick is worth.
The peasant right before the landlord, the last to answer a landlord's play
its partner let through, accepts a much higher cost (passing hands the
landlord the lead again). Bombs stay home until an opponent is close to going
out (3 cards in ``classic``, 15 in ``four_player``, whose two packs hold many
bombs) or until they win the hand; a bomb, the rocket or the four jokers are
never split.

Tuned against the greedy bot and itself (``tests/bots/test_bots_doudizhu.py`` measures
the margins); a decision takes well under a millisecond on average.

>>> from chupai.doudizhu.rules import PRESETS
>>> from chupai.doudizhu.combos import parse_cards, cards_text
>>> plan = decompose(parse_cards("3 4 5 6 7 9 9 9 J Q Q K K A 2 BJ RJ", PRESETS["classic"]),
...                  PRESETS["classic"])
>>> [cards_text(g.cards) for g in plan.groups]
['3 4 5 6 7', '9 9 9 J', 'Q Q', 'K K', 'A', '2', 'BJ RJ']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from chupai.bots.base import spare_short_hands
from chupai.bots.games.doudizhu.greedy import DouDizhuBot
from chupai.bots.games.doudizhu.plan import (
    BOMB_KINDS,
    Group,
    K,
    Plan,
    beatable,
    bid_for,
    decompose,
    robs_with,
)
from chupai.doudizhu.combos import BJ, NRANKS, RJ, SHIFTS, TWO, Cards, Combo, Kind, deck_cards
from chupai.doudizhu.game import PASS, SHOW, Bid
from chupai.doudizhu.rules import DouDizhuRules, MingPai

# ----- the bot ------------------------------------------------------------------------------


def _breaks_bomb(cards: Cards, hand: Cards, four: bool) -> bool:
    """Whether playing ``cards`` from ``hand`` splits a bomb, the rocket or the four
    jokers without playing all of it."""
    for r in range(NRANKS):
        used = (cards >> SHIFTS[r]) & 31
        if used:
            held = (hand >> SHIFTS[r]) & 31
            if held >= 4 and used < held and r <= TWO:
                return True
    if four:
        return bool(
            (hand >> SHIFTS[BJ]) & 31 == 2
            and (hand >> SHIFTS[RJ]) & 31 == 2
            and ((cards >> SHIFTS[BJ]) & 31) + ((cards >> SHIFTS[RJ]) & 31) > 0
        )
    return bool(
        (hand >> SHIFTS[BJ]) & 1
        and (hand >> SHIFTS[RJ]) & 1
        and ((cards >> SHIFTS[BJ]) & 1) != ((cards >> SHIFTS[RJ]) & 1)
    )


class _View:
    """What one play decision needs, derived from the observation only."""

    __slots__ = (
        "counts",
        "four",
        "hand",
        "is_lord",
        "lord",
        "me",
        "next_seat",
        "obs",
        "opponents",
        "partners",
        "pool",
        "regain",
        "room",
        "rules",
    )

    def __init__(self, obs: Any, regain: bool = True):
        self.regain = regain
        self.obs = obs
        rules: DouDizhuRules = obs.rules
        self.rules = rules
        self.four = rules.four_player
        n = obs.players
        me = obs.seat
        lord: int = obs.landlord
        self.me: int = me
        self.lord = lord
        self.is_lord = me == lord
        others = [(me + i) % n for i in range(1, n)]
        self.opponents: list[int]
        if self.is_lord:
            self.opponents = others
            self.partners: list[int] = []
        else:
            self.opponents = [lord]
            self.partners = [s for s in others if s != lord]
        self.hand: Cards = obs.hand
        self.counts: tuple[int, ...] = obs.hand_counts
        self.next_seat = (me + 1) % n
        if not self.is_lord and obs.landlord_hand is not None:
            pool = obs.landlord_hand
        else:
            pool = deck_cards(rules) - obs.hand - sum(obs.played)
        self.pool = [(pool >> s) & 31 for s in SHIFTS]
        self.room = max(obs.hand_counts[s] for s in self.opponents)

    def safe(self, kind: Kind, key: int, size: int) -> bool:
        return not beatable(kind, key, size, self.pool, self.room, self.four)

    def safe_group(self, g: Group) -> bool:
        return self.safe(g.kind, g.key, g.size)

    def unsafe_count(self, plan: Plan) -> int:
        return sum(1 for g in plan.groups if not self.safe_group(g))

    def won(self, cards: Cards) -> bool:
        """Whether ``cards`` can go out by force: its plan has at most one unsafe
        play more than it has safe bombs (a safe bomb wins the lead back after
        any unsafe play is beaten)."""
        if not cards:
            return True
        return self.winning(decompose(cards, self.rules))

    def winning(self, plan: Plan) -> bool:
        unsafe = bombs = 0
        for g in plan.groups:
            if self.safe_group(g):
                bombs += g.kind in BOMB_KINDS
            else:
                unsafe += 1
        return unsafe <= 1 + (bombs if self.regain else 0)

    @property
    def danger(self) -> int:
        """The fewest cards an opponent holds."""
        return min(self.counts[s] for s in self.opponents)


class DouDizhuHeuristicBot(DouDizhuBot):
    """A heuristic player for Dou Dizhu (see the module docstring)."""

    name = "heuristic"

    lead_size: float = 3.0
    """Leading prefers a play by this much per card beyond the first."""
    lord_threshold: float = -2.0
    """Following: the landlord beats a play when that changes its plan score by at
    least this much."""
    peasant_threshold: float = -4.0
    """The same for a peasant beating the landlord."""
    bomb_danger: int = 3
    """Bomb when an opponent holds this many cards or fewer (``classic``)."""
    bomb_danger_four: int = 15
    """The same in ``four_player``: the two-pack game has bombs to spare."""
    bomb_regain: bool = True
    """Count a safe bomb as a way back to the lead when judging a hand won."""
    block_rank: int = 8
    """A peasant right after the landlord beats the landlord's single or pair with
    a card of at least this rank (a ``J``) when that costs its plan little,
    forcing the landlord's high cards out."""
    block_when: int = 5
    """The block applies only when the landlord holds this many cards or fewer
    (blocking earlier spends the peasants' high cards too soon)."""
    block_when_four: int = 40
    """The same in ``four_player`` (always: there the early block pays)."""
    last_threshold: float = -10.0
    """The threshold of the peasant right before the landlord when it follows the
    landlord's play that its partner let through: passing would hand the landlord
    the lead again, so it beats at a higher cost to its plan."""

    # the seed is for the bot interface: the decisions are deterministic
    # ----- robbing and playing -------------------------------------------------------------
    def robs(self, obs: Any) -> bool:
        return robs_with(obs.hand, obs.rules)

    def play(self, obs: Any, plays: list[Combo], legal: Sequence[Any]) -> Any:
        view = _View(obs, self.bomb_regain)
        hand = obs.hand
        for p in plays:
            if p.cards == hand:
                return p
        if obs.top is None:
            if SHOW in legal and self._show(view):
                return SHOW
            return self._lead(view, plays)
        return self._follow(view, plays, legal)

    # ----- bidding -------------------------------------------------------------------------
    def bid(self, obs: Any, legal: Sequence[Any]) -> Any:
        want = bid_for(obs.hand, obs.rules)
        bids = sorted((a for a in legal if isinstance(a, Bid)), key=lambda b: b.value)
        for b in reversed(bids):
            if b.value <= want:
                return b
        return PASS if PASS in legal else legal[-1]

    @staticmethod
    def _show(view: _View) -> bool:
        mode = view.rules.ming_pai
        if mode is MingPai.OFF:
            return False
        plan = decompose(view.hand, view.rules)
        unsafe = view.unsafe_count(plan)
        return unsafe == 0 if mode is MingPai.ALWAYS else unsafe <= 1 and plan.turns <= 4

    # ----- leading -------------------------------------------------------------------------
    @staticmethod
    def _index(plays: list[Combo]) -> dict[int, list[Combo]]:
        by_cards: dict[int, list[Combo]] = {}
        for p in plays:
            by_cards.setdefault(p.cards, []).append(p)
        return by_cards

    @staticmethod
    def _combo_for(g: Group, by_cards: dict[int, list[Combo]]) -> Combo | None:
        found = by_cards.get(g.cards)
        if not found:
            return None
        for p in found:
            if p.kind is g.kind:
                return p
        return found[0]

    def _lead(self, view: _View, plays: list[Combo]) -> Combo:
        plan = decompose(view.hand, view.rules)
        by_cards = self._index(plays)
        groups = [g for g in plan.groups if self._combo_for(g, by_cards) is not None]
        if not groups:  # defensive: the plan always maps onto legal plays
            return min(plays, key=lambda p: (p.power, p.key, -p.size))
        safe = [g for g in groups if view.safe_group(g)]
        if safe and view.winning(plan):
            cash = self._cash(view, groups, safe)
            return self._combo_for(cash, by_cards)  # type: ignore[return-value]
        normal = [g for g in groups if g.kind not in BOMB_KINDS] or groups
        danger = view.danger
        fed = self._feed(view, normal)
        if fed is not None:
            return self._combo_for(fed, by_cards)  # type: ignore[return-value]
        pick = spare_short_hands(normal, danger, K.SINGLE, K.PAIR, lambda g: g.key)
        g = min(pick, key=lambda g: self._lead_rank(g, view))
        return self._combo_for(g, by_cards)  # type: ignore[return-value]

    @staticmethod
    def _cash(view: _View, groups: list[Group], safe: list[Group]) -> Group:
        """The lead of a won hand: the safe plays, then the unsafe ones (a bomb
        wins the lead back after each), the bombs before the last play."""
        unsafe = [g for g in groups if not view.safe_group(g)]
        calm = [g for g in safe if g.kind not in BOMB_KINDS]
        if calm:
            return max(calm, key=lambda g: (g.size, -g.key))
        if len(unsafe) >= 2:
            return max(unsafe, key=lambda g: (g.size, g.key))
        return min(safe, key=lambda g: g.key)

    def _feed(self, view: _View, normal: list[Group]) -> Group | None:
        """The lead that feeds a partner about to go out (None: no such lead)."""
        for mate in view.partners:
            left = view.counts[mate]
            lord_before = self._acts_before(view, view.lord, mate)
            if left <= 2 and (not lord_before or view.counts[view.lord] > left):
                want = K.SINGLE if left == 1 else K.PAIR
                fit = [g for g in normal if g.kind is want]
                if left == 2 and not fit:
                    fit = [g for g in normal if g.kind is K.SINGLE]
                if fit:
                    return min(fit, key=lambda g: g.key)
        return None

    def _lead_rank(self, g: Group, view: _View) -> float:
        """Lower leads first: weak plays first, chains and multi-card plays early."""
        return g.value - self.lead_size * (g.size - 1)

    @staticmethod
    def _acts_before(view: _View, a: int | None, b: int) -> bool:
        """Whether seat ``a`` acts before seat ``b`` after the observing seat."""
        if a is None:
            return False
        n: int = view.obs.players
        me: int = view.me
        return (a - me) % n < (b - me) % n

    # ----- following -----------------------------------------------------------------------
    def _follow(self, view: _View, plays: list[Combo], legal: Sequence[Any]) -> Any:
        obs = view.obs
        hand = view.hand
        top_player = obs.top_player
        # a winning line: beat with a control and go out with what remains
        best_line = None
        for p in plays:
            if view.safe(p.kind, p.key, p.size) and view.won(hand - p.cards):
                if best_line is None or (p.power, -p.size, p.key) < (
                    best_line.power,
                    -best_line.size,
                    best_line.key,
                ):
                    best_line = p
        if top_player in view.partners:
            return self._over_partner(view, plays, best_line)
        if best_line is not None:
            return best_line
        normal = [p for p in plays if not p.power]
        bombs = [p for p in plays if p.power]
        threat = view.counts[top_player] if top_player is not None else 99
        danger = min(view.danger, threat)
        if normal:
            if danger <= 2 or threat <= obs.top.size:
                return max(normal, key=lambda p: (p.key, -p.size))
        whole = [p for p in normal if not _breaks_bomb(p.cards, hand, view.four)]
        if whole:
            beat = self._beat(view, whole)
            if beat is not None:
                return beat
        if bombs:
            bomb = min(bombs, key=lambda p: p.power)
            if danger <= (self.bomb_danger_four if view.four else self.bomb_danger):
                return bomb
        return PASS

    @staticmethod
    def _over_partner(view: _View, plays: list[Combo], best_line: Combo | None) -> Any:
        """Following a partner's play: a winning line without a bomb; else beat it
        only when the landlord, next and close to going out, would beat it."""
        if best_line is not None and best_line.power == 0:
            return best_line
        top = view.obs.top
        lord = view.lord
        hand = view.hand
        if (
            lord is not None
            and view.next_seat == lord
            and view.counts[lord] <= 2
            and not view.safe(top.kind, top.key, top.size)
        ):
            normal = [
                p for p in plays if not p.power and not _breaks_bomb(p.cards, hand, view.four)
            ]
            safe = [p for p in normal if view.safe(p.kind, p.key, p.size)]
            if safe:
                return min(safe, key=lambda p: p.key)
            if normal:
                return max(normal, key=lambda p: p.key)
        return PASS

    def _beat(self, view: _View, whole: list[Combo]) -> Combo | None:
        """The play of ``whole`` (plays that split no bomb) that the plan gains the
        most from, if the gain clears the threshold (a peasant right after the
        landlord blocks its single or pair with a high card); None: pass."""
        obs = view.obs
        hand, rules = view.hand, view.rules
        base = decompose(hand, rules).score
        scored = [(decompose(hand - p.cards, rules).score - base, -p.key, p) for p in whole]
        gain, _, p = max(scored, key=lambda x: (x[0], x[1]))
        threshold = self._threshold(view)
        if (
            obs.top_player == view.lord
            and view.partners
            and obs.top.size <= 2
            and view.next_seat in view.partners
            and p.key < self.block_rank
            and view.counts[view.lord] <= (self.block_when_four if view.four else self.block_when)
        ):
            high = [x for x in scored if x[2].key >= self.block_rank and x[0] >= threshold]
            if high:
                return max(high, key=lambda x: (x[1], x[0]))[2]
        if gain >= threshold:
            return p
        return None

    def _threshold(self, view: _View) -> float:
        if view.is_lord:
            return self.lord_threshold
        if view.obs.top_player == view.lord and view.next_seat == view.lord:
            return self.last_threshold
        return self.peasant_threshold
