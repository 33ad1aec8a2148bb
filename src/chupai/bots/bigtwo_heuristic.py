"""A heuristic Big Two bot: hand decomposition, control cards and tempo.

:class:`BigTwoHeuristicBot` plays every phase of a Big Two deal from the seat's
:class:`~chupai.bigtwo.game.Observation` and the legal actions, nothing else.

**The plan of a hand.** :func:`decompose` splits a hand into plays (five-card
hands, triples, pairs, singles) so that the hand needs as few turns as possible.
Each play ``p`` costs about one turn, less its control: ``1 - 0.9 * control(p)``,
less a discount for weak singles and groups that can still be played over others'
leads (``0.9 * (1 - control(p)) * below(p)``, ``below`` being the share of unseen
cards weaker than ``p``). ``control(p)`` in [0, 1] estimates how likely ``p`` is to
win its trick. For singles, pairs and triples it comes from the unseen cards (how
many stronger ones the opponents can hold, with the probability that one opponent
holds enough cards of a rank) and from the opponents' card counts (a pair cannot be
beaten by players holding one card). For a five-card hand it is a logistic curve in
the cards held by the opponents who can still answer, centred by category and
height; the curves were fitted on the outcomes of tricks in played deals (a low
straight led into full hands almost never holds, a high full house usually does).
The best plan is a small branch-and-bound over disjoint five-card hands
(deduplicated up to suits), the other cards being split rank by rank, which is exact
for singles, pairs and triples because those never mix ranks.

**Play.**

* Go out when the whole hand is one legal play.
* Leading: when all but at most one play of the plan are sure winners, lead a sure
  winner (then the last play goes out); with two plays left, lead the stronger.
  Otherwise lead the play whose removal leaves the cheapest plan, preferring larger
  plays (five-card hands and pairs leave early) and keeping control plays back.
  A play that an opponent could beat with its whole hand (an opponent holding
  exactly that many cards) is avoided; with an opponent on one card and only singles
  to lead, the highest single goes.
* Following: every legal play is scored by how much it changes the plan's cost
  (a play of the plan lowers it; breaking a pair or a five-card hand raises it),
  plus a premium for spending control cards while the hand is still long. The bot
  passes unless a play clearly pays, except when an opponent is close to going out
  (then it fights for the trick, with its highest single against a one-card
  opponent) or when winning the trick lets it run out its hand. Under
  ``pass_lockout`` (a pass is final for the trick) it passes less.
* Both: the penalty the hand would pay if another player went out now (in the
  rules' scoring scheme, e.g. doubled above ten cards) counts too, weighted by an
  estimate of the chance of losing and by the settlement (a loser pays every other
  player under ``pairwise``, only the winner under ``winner_takes_all``).

**Other phases.** Leftover card: take it (or swap, ``malaysian``) when the plan gets
no worse; redeal: ask for one with a weak hand; pre-exchange and gives: the card(s)
whose loss hurts the plan least (the lowest cards on ties); naming a card: the card
that improves the plan most (the highest on ties); tribute keeps: the highest cards;
face-down hands: the first offered.

The bot is deterministic (the seed is accepted for the common bot interface) and
fast: typically well under 5 ms per decision, since it is also the rollout policy of
the search bot.

>>> from chupai.bigtwo.rules import PRESETS
>>> from chupai.bigtwo.game import new_deal
>>> deal = new_deal(PRESETS["standard"], seed=3)
>>> bots = [BigTwoHeuristicBot(seat) for seat in range(4)]
>>> while not deal.is_terminal():
...     seat = deal.current_player
...     _ = deal.apply_action(bots[seat].act(deal.observe(seat), deal.legal_actions()))
>>> deal.outcome.winner is not None
True
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from functools import lru_cache
from typing import Any, Final, NamedTuple

from chupai.bigtwo.combos import Combo, ComboKind, tables
from chupai.bigtwo.game import PASS, Choice, LastCard, Phase
from chupai.bigtwo.movegen import hand_combos
from chupai.bigtwo.rules import BigTwoRules, FiveCardRule, FourCardPlay, Settlement
from chupai.bigtwo.scoring import penalty
from chupai.cards import CardMask, cards_of

__all__ = ["BigTwoHeuristicBot", "Plan", "decompose", "control"]

K = ComboKind

_FULL: Final = (1 << 52) - 1
_W: Final = 0.9
"""Weight of control in a play's cost: a sure winner still costs 0.1 (fewer plays
are better even among winners)."""
_SURE: Final = 0.97
"""Control at or above which a play counts as a sure winner."""
_SPREAD: Final = 1.0
"""Steepness of control in the expected number of stronger opposing plays."""
_LEAD_SIZE: Final = 0.12
"""Lead preference per card beyond the first (five-card hands and pairs go early)."""
_KEEP: Final = 0.5
"""Follow premium per unit of control spent while the hand is long."""
_PASS_AT: Final = -0.3
"""Follow when the best score is below this; else pass."""
_PEN: Final = 0.5
"""Weight of the penalty (in typical per-card units) the hand would pay if another
player went out now."""
_CAND_CAP: Final = 24
"""Five-card hands considered by the plan search (the most useful ones)."""
_SETTLE_W: Final = {
    Settlement.PAIRWISE: 1.0,
    Settlement.WINNER_TAKES_ALL: 0.1,
    Settlement.NEGATED_PENALTY: 2.0,
}
"""Penalty weight by settlement: pairwise makes a loser pay every other player
(``players`` times its penalty), winner-takes-all only the winner."""
_FOLLOW: Final = 0.9
"""Cost discount of a weak single or group by how often it can be played over
others' leads."""
_SLACK: Final = 1.5
"""A five-card hand that alone makes the plan this much worse is not considered
(two five-card hands may pay off only together, when they split pairs)."""
_NODE_CAP: Final = 400
"""Nodes of the plan search (a bound for long hands with many five-card hands)."""
_NODE_CAP_FAST: Final = 80
"""Nodes of the plan search when only the cost is wanted (scoring candidate plays)."""
_NAME_CAP: Final = 10
"""Cards considered when naming a card (the strongest ones not held)."""
_PLAY_CAP: Final = 30
"""Plays scored per decision (after merging plays equal up to suits)."""


# ----- static tables -----------------------------------------------------------------

def _set_partitions(items: list[int]) -> list[list[int]]:
    """Every partition of the suit bits ``items`` into blocks (as nibbles)."""
    if not items:
        return [[]]
    first, rest = items[0], items[1:]
    out: list[list[int]] = []
    for part in _set_partitions(rest):
        out.append([1 << first] + part)
        for i in range(len(part)):
            out.append(part[:i] + [part[i] | 1 << first] + part[i + 1:])
    return out


_PARTITIONS: Final = tuple(
    tuple(tuple(p) for p in _set_partitions([s for s in range(4) if nib >> s & 1]))
    for nib in range(16)
)
"""``_PARTITIONS[nib]``: the ways to split the cards of one rank into blocks."""


def _holds_prob(opponents: int, need: int, cards: int) -> float:
    """Probability that one of ``opponents`` holds ``need`` or more of ``cards``
    cards dealt uniformly and independently among them."""
    if opponents <= 0 or cards < need:
        return 0.0
    hits = 0
    total: int = opponents ** cards
    for code in range(total):
        counts = [0] * opponents
        x = code
        for _ in range(cards):
            counts[x % opponents] += 1
            x //= opponents
        hits += int(max(counts) >= need)
    return hits / float(total)


_HOLDS: Final = tuple(tuple(tuple(_holds_prob(m, k, u) for u in range(5)) for k in range(5))
                      for m in range(4))
"""``_HOLDS[m][k][u]``: see :func:`_holds_prob`."""


class _Static:
    """Per-rules tables of the bot."""

    def __init__(self, rules: BigTwoRules):
        t = tables(rules)
        self.rules = rules
        self.cs = t.card_strength
        self.ss = t.suit_strength
        order = t.strength_order
        higher = [0] * 52
        acc = 0
        for c in reversed(order):
            higher[c] = acc
            acc |= 1 << c
        self.higher = higher
        """``higher[c]``: the cards stronger than ``c`` as singles."""
        self.straight_pos = {s.rank_bits: s.position for s in t.straights}
        self.n_straights = max(1, len(t.straights) - 1)
        self.triples = rules.allow_triples
        self.quads = rules.four_card_play is FourCardPlay.QUAD
        self.same_type = rules.five_card_rule is FiveCardRule.SAME_TYPE_OR_MONSTER
        sample = sum(1 << (4 * r + r % 4) for r in range(8))  # 3D 4C 5H 6S 7D 8C 9H TS
        self.pen_unit = max(1.0, penalty(rules, sample, untouched=False) / 8)
        """A typical penalty per card, to put penalties of every scheme on one scale."""


@lru_cache(maxsize=64)
def _static(rules: BigTwoRules) -> _Static:
    return _Static(rules)


@lru_cache(maxsize=1024)
def _fives_of(hand: CardMask, rules: BigTwoRules) -> tuple[Combo, ...]:
    """The five-card combinations of ``hand``, one per kind and rank profile (the
    one using the weakest cards)."""
    cs = _static(rules).cs
    best: dict[tuple[ComboKind, int], tuple[int, Combo]] = {}
    for c in hand_combos(hand, rules):
        m = c.mask
        if m.bit_count() != 5:
            continue
        profile = 0
        weight = 0
        for card in cards_of(m):
            profile += 1 << (3 * (card >> 2))
            weight += cs[card]
        key = (c.kind, profile)
        old = best.get(key)
        if old is None or weight < old[0]:
            best[key] = (weight, c)
    return tuple(c for _, c in best.values())


# ----- the view of one decision ------------------------------------------------------

class Plan(NamedTuple):
    """A decomposition of a hand: its cost (about the turns the hand needs) and its
    plays as ``(mask, control)`` pairs."""

    cost: float
    plays: tuple[tuple[CardMask, float], ...]


class _View:
    """What one decision knows: the unseen cards and the opponents' counts, with
    memoised controls and per-rank costs."""

    def __init__(self, rules: BigTwoRules, hand: CardMask, known: CardMask,
                 opponents: Sequence[int], players: int):
        st = _static(rules)
        self.st = st
        self.rules = rules
        self.hand = hand
        unseen = _FULL & ~(hand | known)
        self.unseen = unseen
        self.un = [((unseen >> (4 * r)) & 15) for r in range(13)]
        n_unseen = unseen.bit_count()
        opp = [c for c in opponents if c > 0]
        self.opp = opp
        self.q = min(1.0, sum(opp) / n_unseen) if n_unseen else 0.0
        self.able = [sum(1 for c in opp if c >= k) for k in range(6)]
        """``able[k]``: opponents holding at least ``k`` cards."""
        self.oc5 = sum(c for c in opp if c >= 5)
        """Cards held by the opponents who can answer a five-card hand."""
        self.players = players
        self.n_unseen = n_unseen
        self.follow_w = _FOLLOW
        self.pen_w = 0.0
        self._rank: list[tuple[float, tuple[int, ...]] | None] = [None] * (13 * 16)
        self._five: dict[CardMask, float] = {}

    # ----- control estimates --------------------------------------------------
    def single(self, card: int) -> float:
        if not self.able[1]:
            return 1.0
        n = (self.unseen & self.st.higher[card]).bit_count()
        return math.exp(-_SPREAD * n * self.q)

    def below(self, card: int) -> float:
        """Fraction of the unseen cards weaker than ``card`` (how often others lead
        something this card can follow)."""
        if not self.n_unseen:
            return 0.0
        st = self.st
        weaker = self.unseen & ~st.higher[card] & ~(1 << card)
        return weaker.bit_count() / self.n_unseen

    def group(self, r: int, sub: int) -> float:
        """Control of the pair, triple or quad of rank ``r`` with suits ``sub``."""
        k = sub.bit_count()
        m = self.able[k]
        if not m:
            return 1.0
        probs = _HOLDS[min(m, 3)][k]
        un = self.un
        e = 0.0
        for r2 in range(r + 1, 13):
            u = un[r2].bit_count()
            if u >= k:
                e += probs[u]
        if k == 2:
            u0 = un[r]
            if u0.bit_count() >= 2:
                ss = self.st.ss
                mine = max(ss[s] for s in range(4) if sub >> s & 1)
                if max(ss[s] for s in range(4) if u0 >> s & 1) > mine:
                    e += probs[u0.bit_count()]
        return math.exp(-_SPREAD * e * self.q ** k)

    def five(self, combo: Combo) -> float:
        """Control of a five-card hand: a logistic curve in the cards held by the
        opponents able to answer (those with five cards or more), centred on a
        point that grows with the hand's category and height (fitted on played
        deals)."""
        got = self._five.get(combo.mask)
        if got is not None:
            return got
        if not self.able[5]:
            value = 1.0
        else:
            x = (self.oc5 - self._five_centre(combo)) / 5.0
            value = 1.0 / (1.0 + math.exp(x)) if x < 50 else 0.0
        self._five[combo.mask] = value
        return value

    def _five_centre(self, combo: Combo) -> float:
        kind = combo.kind
        if kind is K.STRAIGHT_FLUSH:
            return 200.0
        if kind is K.FOUR_OF_A_KIND:
            return 60.0
        st = self.st
        ranks = [c >> 2 for c in cards_of(combo.mask)]
        same = st.same_type
        if kind is K.STRAIGHT:
            rb = 0
            for r in ranks:
                rb |= 1 << r
            f = st.straight_pos.get(rb, 0) / st.n_straights
            return 24.0 + 20.0 * f if same else 14.0 + 8.0 * f
        if kind is K.FLUSH:
            f = max(ranks) / 12
            return 16.0 + 20.0 * f if same else 18.0 + 10.0 * f
        if kind is K.FULL_HOUSE:
            f = max(ranks, key=ranks.count) / 12
            return 29.0 + 16.0 * f if same else 30.0 + 15.0 * f
        f = max(ranks) / 12  # two pairs and a kicker
        return 20.0 + 16.0 * f if same else 10.0 + 6.0 * f

    def control(self, combo: Combo) -> float:
        """Control of any combination."""
        m = combo.mask
        n = m.bit_count()
        if n == 1:
            return self.single(m.bit_length() - 1)
        if n == 5:
            return self.five(combo)
        low = m & -m
        r = (low.bit_length() - 1) >> 2
        sub = (m >> (4 * r)) & 15
        if sub.bit_count() == n:
            return self.group(r, sub)
        return 0.3  # two pairs (four_card_play=two_pair): a rough guess

    def mask_control(self, mask: CardMask) -> float:
        """Control of a plan's play given by its cards."""
        n = mask.bit_count()
        if n == 1:
            return self.single(mask.bit_length() - 1)
        low = mask & -mask
        r = (low.bit_length() - 1) >> 2
        sub = (mask >> (4 * r)) & 15
        if sub.bit_count() == n:
            return self.group(r, sub)
        return self._five.get(mask, 0.3)

    def penalty(self, hand: CardMask, *, untouched: bool) -> float:
        """The penalty of ``hand`` in typical per-card units."""
        return penalty(self.rules, hand, untouched=untouched) / self.st.pen_unit

    # ----- the plan -----------------------------------------------------------
    def rank_cost(self, r: int, sub: int) -> tuple[float, tuple[int, ...]]:
        """Cheapest split of the cards ``sub`` of rank ``r`` into singles, pairs,
        triples (and quads when they are a play): (cost, blocks)."""
        idx = r * 16 + sub
        got = self._rank[idx]
        if got is not None:
            return got
        st = self.st
        best: tuple[float, tuple[int, ...]] = (0.0, ())
        first = True
        cache: dict[int, float] = {}
        for part in _PARTITIONS[sub]:
            total = 0.0
            ok = True
            for block in part:
                k = block.bit_count()
                if (k == 3 and not st.triples) or (k == 4 and not st.quads):
                    ok = False
                    break
                c = cache.get(block)
                if c is None:
                    if k == 1:
                        card = 4 * r + block.bit_length() - 1
                        ctrl = self.single(card)
                        c = 1.0 - _W * ctrl - self.follow_w * (1.0 - ctrl) * self.below(card)
                    else:
                        ctrl = self.group(r, block)
                        c = 1.0 - _W * ctrl - self.follow_w * (1.0 - ctrl) * self.below(4 * r)
                    cache[block] = c
                total += c
            if ok and (first or total < best[0] - 1e-9):
                best = (total, part)
                first = False
        self._rank[idx] = best
        return best

    def fives(self, hand: CardMask) -> list[tuple[CardMask, float, tuple[tuple[int, int], ...]]]:
        """The five-card hands of ``hand`` for the plan: (mask, cost, rank parts)."""
        out = []
        for c in _fives_of(hand, self.rules):
            m = c.mask
            parts = []
            for r in range(13):
                sub = (m >> (4 * r)) & 15
                if sub:
                    parts.append((r, sub))
            out.append((m, 1.0 - _W * self.five(c), tuple(parts)))
        return out

    def plan(self, hand: CardMask, fives: Sequence[tuple[CardMask, float, tuple[tuple[int, int], ...]]],
             with_plays: bool = True, fast: bool = False) -> Plan:
        """The cheapest decomposition of ``hand`` using the five-card hands
        ``fives`` (those not contained in ``hand`` are skipped)."""
        rank_cost = self.rank_cost
        nib = [(hand >> (4 * r)) & 15 for r in range(13)]
        base = 0.0
        for r in range(13):
            if nib[r]:
                base += rank_cost(r, nib[r])[0]
        cands = []
        for f in fives:
            m, cost, parts = f
            if m & ~hand:
                continue
            d = cost
            for r, sub in parts:
                cur = nib[r]
                d -= rank_cost(r, cur)[0] - rank_cost(r, cur & ~sub)[0]
            if d < _SLACK:
                cands.append((d, m, cost, parts))
        best_d = 0.0
        best_set: tuple[int, ...] = ()
        if cands:
            cands.sort(key=lambda x: x[0])
            del cands[_CAND_CAP:]
            nodes = 0
            cap = _NODE_CAP_FAST if fast or not with_plays else _NODE_CAP
            chosen: list[int] = []

            def dfs(start: int, used: int, total: float) -> None:
                nonlocal best_d, best_set, nodes
                if total < best_d - 1e-9:
                    best_d = total
                    best_set = tuple(chosen)
                for i in range(start, len(cands)):
                    if nodes >= cap:
                        return
                    _, m, cost, parts = cands[i]
                    if m & used:
                        continue
                    nodes += 1
                    d = cost
                    for r, sub in parts:
                        cur = nib[r]
                        d -= rank_cost(r, cur)[0] - rank_cost(r, cur & ~sub)[0]
                    for r, sub in parts:
                        nib[r] &= ~sub
                    chosen.append(i)
                    dfs(i + 1, used | m, total + d)
                    chosen.pop()
                    for r, sub in parts:
                        nib[r] |= sub

            dfs(0, 0, 0.0)
        cost = base + best_d
        if not with_plays:
            return Plan(cost, ())
        plays: list[tuple[CardMask, float]] = []
        used = 0
        for i in best_set:
            m = cands[i][1]
            used |= m
            plays.append((m, (1.0 - cands[i][2]) / _W))
        rest = hand & ~used
        for r in range(13):
            sub = (rest >> (4 * r)) & 15
            if not sub:
                continue
            for block in rank_cost(r, sub)[1]:
                m = block << (4 * r)
                plays.append((m, self.mask_control(m)))
        return Plan(cost, tuple(plays))


def _view_of(obs: Any) -> _View:
    known = obs.exposed
    for m in obs.played:
        known |= m
    opp = [c for s, c in enumerate(obs.hand_counts) if s != obs.seat]
    return _View(obs.rules, obs.hand, known, opp, obs.players)


def decompose(hand: CardMask, rules: BigTwoRules, known: CardMask = 0,
              opponents: Sequence[int] | None = None) -> Plan:
    """The plan of ``hand`` (see the module docstring): every card not in ``hand``
    or ``known`` (played, exposed) is unseen; ``opponents`` are the other players'
    card counts (default: the other hands of a full deal).

    >>> from chupai.bigtwo.rules import PRESETS
    >>> from chupai.cards import parse_mask, format_cards
    >>> plan = decompose(parse_mask("3D 4C 5H 6S 7D 9C 9D 2S"), PRESETS["standard"])
    >>> sorted(format_cards(m) for m, _ in plan.plays)
    ['2S', '3D 4C 5H 6S 7D', '9D 9C']
    """
    if opponents is None:
        n = rules.players
        opponents = [rules.cards_per_hand] * (n - 1)
    view = _View(rules, hand, known, opponents, len(opponents) + 1)
    return view.plan(hand, view.fives(hand))


def control(combo: Combo, hand: CardMask, rules: BigTwoRules, known: CardMask = 0,
            opponents: Sequence[int] | None = None) -> float:
    """How likely ``combo`` (from ``hand``) is to win its trick, in [0, 1]."""
    if opponents is None:
        opponents = [rules.cards_per_hand] * (rules.players - 1)
    return _View(rules, hand, known, opponents, len(opponents) + 1).control(combo)


# ----- the bot -------------------------------------------------------------------------

class BigTwoHeuristicBot:
    """A heuristic Big Two player (see the module docstring)."""

    name = "heuristic"

    def __init__(self, seed: int | None = None):
        self.rng = random.Random(seed)

    def act(self, observation: Any, legal: Sequence[Any]) -> Any:
        """One element of ``legal`` for the seat of ``observation``."""
        if not legal:
            raise ValueError("no legal action to choose from")
        if len(legal) == 1:
            return legal[0]
        if observation.phase is not Phase.PLAY:
            return self._choose(observation, legal)
        return self._play(observation, legal)

    # ----- play --------------------------------------------------------------------
    # Tuning knobs (class attributes, so that experiments can subclass the bot).
    lead_size: float = _LEAD_SIZE
    """Lead bonus per card beyond the first."""
    keep: float = _KEEP
    """Follow premium per unit of control spent while the hand is long."""
    pass_at: float = _PASS_AT
    """Follow only with a score below this (else pass)."""
    pen_weight: float = _PEN
    """Weight of the penalty the hand would pay now, in per-card units."""
    lose_k: float = 0.45
    """The chance of losing is a logistic in ``plan cost - lose_k * fewest opponent cards``."""
    lockout: float = 0.15
    """Raise of the pass threshold under ``pass_lockout``."""
    danger_at: int = 3
    """An opponent with this many cards or fewer is close to going out."""
    threat_w: float = 2.0
    """Lead penalty (times the lack of control) of a play the size of an opponent's hand."""
    runout: float = 1.0
    """Follow bonus of a strong play after which the hand runs out."""
    limit2: float = 0.8
    """Pass threshold when an opponent holds two cards or fewer."""
    limit4: float = 0.2
    """Pass threshold when an opponent holds four cards or fewer."""

    def _play(self, obs: Any, legal: Sequence[Any]) -> Any:
        hand = obs.hand
        called = {a.play.mask: a for a in legal if isinstance(a, LastCard)}
        plays = [a for a in legal if isinstance(a, Combo)]
        if not plays:
            return PASS if PASS in legal else legal[0]
        for p in plays:
            if p.mask == hand:
                return called.get(p.mask, p)
        view = _view_of(obs)
        fives = view.fives(hand)
        plan = view.plan(hand, fives)
        pen0 = view.penalty(hand, untouched=obs.played[obs.seat] == 0)
        opp = view.opp
        lose = 1.0 / (1.0 + math.exp(-(plan.cost - self.lose_k * min(opp or [13]))))
        view.pen_w = self.pen_weight * _SETTLE_W[obs.rules.settlement] * lose
        best: Combo | None
        if obs.top is None:
            best = self._lead(obs, view, fives, plan, plays, pen0)
        else:
            best = self._follow(obs, view, fives, plan, plays, pen0)
            if best is None:
                return PASS
        return called.get(best.mask, best)

    def _lead(self, obs: Any, view: _View, fives: Any, plan: Plan, plays: list[Combo],
              pen0: float) -> Combo:
        hand = obs.hand
        by_mask = {p.mask: p for p in plays}
        members = [(m, c) for m, c in plan.plays if m in by_mask]
        opp = view.opp
        threat = {c for c in opp if c <= 5}
        if len(members) == len(plan.plays):
            sure = [(m, c) for m, c in members if c >= _SURE]
            loose = [(m, c) for m, c in members if c < _SURE]
            if sure and len(loose) <= 1:
                m = max(sure, key=lambda x: (x[0].bit_count(), -x[1]))[0]
                return by_mask[m]
            if len(members) == 2:
                safe = [x for x in members if x[0].bit_count() not in threat]
                m = max(safe or members, key=lambda x: x[1])[0]
                return by_mask[m]
        cands = [by_mask[m] for m, _ in members]
        if not cands or obs.must_contain:
            cands = _distinct(plays, [m for m, _ in plan.plays])
        best: Combo | None = None
        best_score = 0.0
        for p in cands:
            size = p.mask.bit_count()
            rest = hand & ~p.mask
            after = view.plan(rest, fives, with_plays=False).cost
            ctrl = view.control(p)
            score = after - self.lead_size * (size - 1)
            score += view.pen_w * (view.penalty(rest, untouched=False) - pen0)
            if size in threat:
                score += self.threat_w * (1.0 - ctrl)
            if best is None or score < best_score - 1e-9 or (
                    abs(score - best_score) <= 1e-9 and p.key < best.key):
                best, best_score = p, score
        assert best is not None
        return best

    def _follow(self, obs: Any, view: _View, fives: Any, plan: Plan,
                plays: list[Combo], pen0: float) -> Combo | None:
        hand = obs.hand
        opp = view.opp
        danger = min(opp) if opp else 99
        top = obs.top
        top_size = top.mask.bit_count()
        if danger == 1 and top_size == 1:
            singles = [p for p in plays if p.mask.bit_count() == 1]
            if singles:
                return max(singles, key=lambda p: p.key)
        long_hand = len(plan.plays) > 3 and danger > self.danger_at
        base = plan.cost
        best: Combo | None = None
        best_score = 0.0
        for p in _distinct(plays, [m for m, _ in plan.plays]):
            rest = hand & ~p.mask
            after = view.plan(rest, fives, with_plays=False).cost
            ctrl = view.control(p)
            score = after - base
            score += view.pen_w * (view.penalty(rest, untouched=False) - pen0)
            if long_hand:
                score += self.keep * ctrl
            if not long_hand and danger <= self.danger_at:
                score -= 0.3 * ctrl
            if ctrl >= 0.8:
                # winning this trick may run the hand out: the rest is sure winners
                rest_plan = view.plan(rest, fives, fast=True)
                loose = sum(1 for _, c in rest_plan.plays if c < _SURE)
                if loose <= 1:
                    score -= self.runout
            if best is None or score < best_score - 1e-9 or (
                    abs(score - best_score) <= 1e-9 and p.key < best.key):
                best, best_score = p, score
        if best is None:
            return None
        limit = self.pass_at
        if danger <= 2:
            limit = self.limit2
        elif danger <= 4:
            limit = max(limit, self.limit4)
        if obs.rules.pass_lockout:
            limit += self.lockout
        return best if best_score < limit else None

    # ----- other phases --------------------------------------------------------------
    def _choose(self, obs: Any, legal: Sequence[Any]) -> Any:
        choices = [a for a in legal if isinstance(a, Choice)]
        if not choices:
            return legal[0]
        names = {c.name for c in choices}
        view = _view_of(obs)
        hand = obs.hand

        own = view.fives(hand)

        def cost(h: CardMask) -> float:
            # a part of the hand reuses the hand's five-card hands
            fives = own if h & ~hand == 0 else view.fives(h)
            return view.plan(h, fives, with_plays=False).cost

        if "take" in names:
            left = obs.leftover_shown
            if left:
                take = cost(hand | left) <= cost(hand) + 0.05
            else:
                take = False
            return _named(choices, "take" if take else "leave")
        if "swap" in names:
            low = _weakest(hand, view.st.cs)
            swap = cost(hand & ~low) + 0.75 < cost(hand)
            return _named(choices, "swap" if swap else "decline")
        if "redeal" in names:
            keep = (hand >> 48) & 15 == 15 or cost(hand) <= _typical_cost(obs.rules)
            return _named(choices, "keep" if keep else "redeal")
        if "hand" in names:
            return next(c for c in choices if c.name == "hand")
        if "name" in names:
            cs = view.st.cs
            named = sorted((c for c in choices if c.name == "name"),
                           key=lambda c: -cs[c.cards.bit_length() - 1])[:_NAME_CAP]
            return min(named, key=lambda c: (cost(hand | c.cards), -cs[c.cards.bit_length() - 1]))
        if "give" in names:
            return self._give(hand, [c for c in choices if c.name == "give"], cost, view.st.cs)
        if "keep" in names:
            keeps = [c for c in choices if c.name == "keep"]
            cs = view.st.cs
            return max(keeps, key=lambda c: sorted((cs[x] for x in cards_of(c.cards)), reverse=True))
        return choices[0]

    @staticmethod
    def _give(hand: CardMask, gives: list[Choice], cost: Any, cs: list[int]) -> Choice:
        """The give choice that hurts the plan least: the fewest cards (1 in the
        pre-exchange), the lowest cards on ties."""
        size = min(c.cards.bit_count() for c in gives)
        offered = {c.cards: c for c in gives if c.cards.bit_count() == size}
        allowed = 0
        for m in offered:
            allowed |= m
        chosen = 0
        for _ in range(size):
            pool = [c for c in cards_of(allowed & ~chosen)]
            card = min(pool, key=lambda c: (cost(hand & ~chosen & ~(1 << c)), cs[c]))
            chosen |= 1 << card
        if chosen in offered:
            return offered[chosen]
        return min(offered.values(), key=lambda c: sorted((cs[x] for x in cards_of(c.cards)),
                                                          reverse=True))


def _distinct(plays: list[Combo], members: list[CardMask]) -> list[Combo]:
    """The plays worth scoring: one per kind and rank profile (the lowest), at most
    :data:`_PLAY_CAP` of them (the plan's own plays, then the lowest, then the
    highest)."""
    if len(plays) <= 12:
        return plays
    best: dict[tuple[ComboKind, int], Combo] = {}
    for p in plays:
        m = p.mask
        profile = 0
        while m:
            low = m & -m
            profile += 1 << (3 * ((low.bit_length() - 1) >> 2))
            m ^= low
        key = (p.kind, profile)
        old = best.get(key)
        if old is None or p.key < old.key:
            best[key] = p
    out = list(best.values())
    if len(out) <= _PLAY_CAP:
        return out
    inside = set(members)
    first = [p for p in out if p.mask in inside]
    rest = sorted((p for p in out if p.mask not in inside), key=lambda p: (p.group, p.key))
    room = max(2, _PLAY_CAP - len(first))
    return first + rest[:room - 1] + rest[-1:]


@lru_cache(maxsize=16)
def _typical_cost(rules: BigTwoRules) -> float:
    """The median plan cost of a freshly dealt hand under ``rules`` (from a fixed
    sample of deals): a hand costing more is weaker than average."""
    rng = random.Random(20240601)
    n = rules.cards_per_hand
    costs = []
    for _ in range(48):
        cards = rng.sample(range(52), n)
        costs.append(decompose(sum(1 << c for c in cards), rules).cost)
    costs.sort()
    return costs[len(costs) // 2]


def _named(choices: Sequence[Choice], name: str) -> Choice:
    for c in choices:
        if c.name == name:
            return c
    return choices[0]


def _weakest(hand: CardMask, cs: list[int]) -> CardMask:
    cards = cards_of(hand)
    return 1 << min(cards, key=cs.__getitem__) if cards else 0
