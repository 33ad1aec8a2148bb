"""The heuristic 大怪路子 bot (see :mod:`chupai.bots.games.daguailuzi`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from chupai.actions import PASS
from chupai.bots.base import TunedBot
from chupai.bots.games.daguailuzi.plan import TURN, Group, decompose
from chupai.bots.games.daguailuzi.view import (
    View,
    card_strength,
    gift_step,
    level_of,
    phase_of,
    strengths,
)
from chupai.daguailuzi.combos import Combo

__all__ = ["DaguailuziHeuristicBot"]


class DaguailuziHeuristicBot(TunedBot):
    """A heuristic player for 大怪路子 (see the module documentation of
    :mod:`chupai.bots.games.daguailuzi`)."""

    name = "heuristic"
    RESERVED = ("name", "decide", "act")

    lead_size: float = 1.2
    """Leading prefers a group by this much per card beyond the first."""
    beat_threshold: float = -1.5
    """Following an opponent while nobody is close to going out: beat when the
    plan changes by at least this much (control cards spent counted)."""
    control_penalty: float = 2.0
    """The cost of every control card (a joker, a trump, the top plain rank) spent
    while nobody is close to going out, on a full hand (less on a shorter one)."""
    wild_penalty: float = 2.5
    """The cost of every joker used as a wild card while calm."""
    threat: int = 6
    """An opponent holding this many cards or fewer threatens to go out."""
    feed_at: int = 5
    """Lead for a team-mate holding this many cards or fewer."""
    candidates: int = 6
    """Beating plays of each kind scored when following (the weakest ones)."""

    # ----- dispatch ---------------------------------------------------------------------
    def decide(self, observation: Any, legal: Sequence[Any]) -> Any:
        """One element of ``legal`` for the seat of ``observation``."""
        if len(legal) == 1:
            return legal[0]
        obs = observation
        phase = phase_of(obs)
        if phase != "play":
            return self._card_step(obs, legal)
        plays = [a for a in legal if type(a) is Combo]
        if not plays:
            return PASS if PASS in legal else legal[0]
        hand = obs.hand
        for p in plays:
            if p.cards == hand:
                return p
        view = View(obs)
        if obs.top is None:
            return self._lead(view, plays)
        return self._follow(view, plays, legal)

    # ----- tribute and return -----------------------------------------------------------
    def _card_step(self, obs: Any, legal: Sequence[Any]) -> Any:
        """Tribute, return, offer or take (:func:`gift_step`): a card is worth
        keeping by how much the plan loses without it, and by its strength when
        it would go to an opponent."""
        st = strengths(obs.rules, level_of(obs))
        hand = obs.hand
        base = decompose(hand, st).score
        giving = phase_of(obs) == "return"

        def keep(t: int, incoming: bool) -> float:
            unit = 1 << (3 * t)
            if incoming:
                return decompose(hand + unit, st).score - base
            loss = base - decompose(hand - unit, st).score
            return loss + (0.5 * card_strength(t, st) if giving else 0.0)

        return gift_step(legal, keep)

    # ----- leading ----------------------------------------------------------------------
    def _lead(self, view: View, plays: list[Combo]) -> Combo:
        by_cards = {p.cards: p for p in plays}
        groups = [g for g in view.plan.groups if g.cards in by_cards]
        if not groups:  # defensive: every group is a play of the hand
            return min(plays, key=lambda p: (p.wild, -p.size, p.key))
        fed = self._feed(view, groups, by_cards)
        if fed is not None:
            return fed
        cashed = self._cash(view, groups, by_cards)
        if cashed is not None:
            return cashed
        danger = view.danger()
        pick = groups
        if danger <= 5:
            # no play of the size an opponent could go out with, unless it holds
            short = {view.counts[s] for s in view.opponents if view.counts[s] <= 5}
            others = [g for g in groups if g.size not in short]
            if others:
                pick = others
            else:
                return by_cards[max(groups, key=lambda g: g.strength).cards]
        g = min(pick, key=lambda g: (g.value - self.lead_size * (g.size - 1), g.strength))
        return by_cards[g.cards]

    def _feed(self, view: View, groups: list[Group], by_cards: dict[int, Combo]) -> Combo | None:
        """The lead that helps a team-mate about to go out: the weakest group of a
        size it may go out with (None: no such lead)."""
        low = view.mate_low()
        if low > self.feed_at or len(view.plan.groups) <= 2:
            return None
        for size in (low, 1):
            fit = [g for g in groups if g.size == size and g.value < 2.0]
            if fit:
                return by_cards[min(fit, key=lambda g: g.strength).cards]
        return None

    def _cash(self, view: View, groups: list[Group], by_cards: dict[int, Combo]) -> Combo | None:
        """The lead of a won hand: a group nobody can beat while at most one other
        group is left unsafe (None: the hand is not won)."""
        safe = [g for g in groups if not view.beatable(by_cards[g.cards])]
        unsafe = len(groups) - len(safe)
        if not safe or unsafe > 1:
            return None
        return by_cards[max(safe, key=lambda g: (g.size, -g.strength)).cards]

    # ----- following --------------------------------------------------------------------
    def _follow(self, view: View, plays: list[Combo], legal: Sequence[Any]) -> Any:
        obs = view.obs
        top_player = obs.top_player
        if top_player is not None and (top_player - view.me) % 2 == 0:
            return PASS  # a team-mate holds the trick
        if self._lets_stand(view, top_player):
            return PASS
        hand = view.hand
        base = view.plan.score
        cands = self._candidates(view, plays)
        threat = view.counts[top_player] if top_player is not None else 99
        danger = min(view.danger(), threat)
        urgent = danger <= self.threat
        stage = min(1.0, hand.bit_count() / 27.0)
        best: tuple[float, float, Combo] | None = None
        for p in cands:
            rest = hand - p.cards
            plan = view.plan_of(rest)
            gain = plan.score - base
            if len(plan.groups) <= 1 and not view.beatable(p):
                gain += 2 * TURN  # beat safely and go out next
            if urgent:
                gain += 3.0 * (not view.beatable(p))
            else:
                gain -= self.control_penalty * stage * _controls(p, view)
                gain -= self.wild_penalty * stage * p.wild
            cand = (gain, -float(p.key), p)
            if best is None or cand[:2] > best[:2]:
                best = cand
        if best is None:
            return PASS
        gain, _, p = best
        if urgent:
            return p
        return p if gain >= self.beat_threshold else PASS

    def _candidates(self, view: View, plays: list[Combo]) -> list[Combo]:
        """The beating plays worth scoring: every plan group, and the weakest
        plays of each kind with and without jokers."""
        planned = {g.cards for g in view.plan.groups}
        out = [p for p in plays if p.cards in planned]
        by_kind: dict[tuple[str, bool], list[Combo]] = {}
        for p in plays:
            by_kind.setdefault((p.kind, p.wild > 0), []).append(p)
        for (_, wild), group in by_kind.items():
            group.sort(key=lambda p: p.key)
            k = self.candidates // 2 if wild else self.candidates
            out.extend(group[:k])
        seen: set[int] = set()
        unique = []
        for p in out:
            if p.cards not in seen:
                seen.add(p.cards)
                unique.append(p)
        return unique

    @staticmethod
    def _lets_stand(view: View, top_player: int | None) -> bool:
        """Whether the top player went out and, if all pass, the lead comes to this
        seat or a team-mate (§7.3)."""
        if top_player is None or view.counts[top_player] != 0:
            return False
        n = len(view.counts)
        after_out = str(getattr(view.rules, "lead_after_out", "next_active"))
        step = 2 if after_out.endswith("teammate") else 1
        for i in range(1, n):
            s = (top_player + step * i) % n
            if s == view.me or view.counts[s] > 0:
                return (s - view.me) % 2 == 0
        return False


def _controls(p: Combo, view: View) -> int:
    """Control cards in ``p``: jokers and cards of the two strongest plain ranks
    (the trumps, or the Aces and Kings)."""
    st = view.st
    cards = p.cards
    n = 0
    for t in range(54):
        k = (cards >> (3 * t)) & 7
        if k and card_strength(t, st) >= 11:
            n += k
    return n
