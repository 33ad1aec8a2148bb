"""Big Two hand plans for the heuristic bot: static tables, the view of one decision (what the unseen cards can do), the decomposition of a hand and the control of a play (see :mod:`chupai.bots.games.bigtwo.heuristic`)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction
from functools import lru_cache
from typing import Any, Final, NamedTuple

from chupai.bigtwo.combos import Combo, ComboKind, tables
from chupai.bigtwo.movegen import hand_combos
from chupai.bigtwo.packs import add, take
from chupai.bigtwo.rules import BigTwoRules, FiveCardRule, FourCardPlay, Settlement
from chupai.bigtwo.scoring import penalty
from chupai.cards import CardMask, cards_of

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
_PASS_AT: Final = 0.1
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
_MAX_COPIES: Final = 8
"""The most cards of one rank (two packs)."""


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
            out.append(part[:i] + [part[i] | 1 << first] + part[i + 1 :])
    return out


_PARTITIONS: Final = tuple(
    tuple(tuple(p) for p in _set_partitions([s for s in range(4) if nib >> s & 1]))
    for nib in range(16)
)
"""``_PARTITIONS[nib]``: the ways to split the cards of one rank into blocks."""


def rank_bits(mask: CardMask, r: int) -> int:
    """The cards of rank ``r`` in ``mask`` as eight bits: the suits of the first
    copies (bits 0-3), then of the second copies (bits 4-7, two packs only; the
    unary form of :mod:`chupai.bigtwo.packs`). With one pack, the rank's nibble."""
    return ((mask >> (4 * r)) & 15) | (((mask >> (52 + 4 * r)) & 15) << 4)


def rank_mask(bits: int, r: int) -> CardMask:
    """The inverse of :func:`rank_bits`: the eight bits of rank ``r`` as a card mask."""
    return ((bits & 15) << (4 * r)) | ((bits >> 4) << (52 + 4 * r))


def _suit_counts(bits: int) -> list[int]:
    return [(bits >> s & 1) + (bits >> (s + 4) & 1) for s in range(4)]


def _of_counts(counts: Sequence[int]) -> int:
    return sum((1 << s) | ((1 << (s + 4)) if k > 1 else 0) for s, k in enumerate(counts) if k)


@lru_cache(maxsize=None)
def take_rank(bits: int, sub: int) -> int:
    """The rank's cards ``bits`` less the cards ``sub`` (as multisets; with one
    pack ``bits & ~sub``)."""
    if bits < 16:
        return bits & ~sub
    a = _suit_counts(bits)
    b = _suit_counts(sub)
    return _of_counts([max(0, x - y) for x, y in zip(a, b, strict=True)])


@lru_cache(maxsize=None)
def partitions(bits: int) -> tuple[tuple[int, ...], ...]:
    """The ways to split the cards ``bits`` of one rank (:func:`rank_bits`) into
    blocks (each block in the same eight-bit form); with one pack
    ``_PARTITIONS[bits]``. Identical cards make some splits the same: each is
    listed once."""
    if bits < 16:
        return _PARTITIONS[bits]
    items = [s for s, k in enumerate(_suit_counts(bits)) for _ in range(k)]
    seen: dict[tuple[int, ...], None] = {}
    for part in _set_partitions(list(range(len(items)))):
        blocks = []
        for block in part:
            counts = [0] * 4
            for i in range(len(items)):
                if block >> i & 1:
                    counts[items[i]] += 1
            blocks.append(_of_counts(counts))
        seen.setdefault(tuple(sorted(blocks)), None)
    return tuple(seen)


def _holds_prob(opponents: int, need: int, cards: int) -> float:
    """Probability that one of ``opponents`` holds ``need`` or more of ``cards``
    cards dealt uniformly and independently among them.

    Exact for any number of opponents: the assignments in which every opponent
    holds fewer than ``need`` number ``cards! [x^cards] (sum_{j<need} x^j/j!)^opponents``
    (an exponential generating function), out of ``opponents ** cards``."""
    if opponents <= 0 or cards < need:
        return 0.0
    if need <= 0:
        return 1.0
    part = [Fraction(1, math.factorial(j)) for j in range(min(need, cards + 1))]
    power = [Fraction(1)] + [Fraction(0)] * cards
    for _ in range(opponents):
        nxt = [Fraction(0)] * (cards + 1)
        for i, a in enumerate(power):
            if a:
                for j, b in enumerate(part[: cards + 1 - i]):
                    nxt[i + j] += a * b
        power = nxt
    total = opponents**cards
    good = power[cards] * math.factorial(cards)
    return float(Fraction(total - good.numerator // good.denominator, total))


@lru_cache(maxsize=None)
def _holds(opponents: int, need: int) -> tuple[float, ...]:
    """``_holds(m, k)[u]``: :func:`_holds_prob` ``(m, k, u)`` for ``u`` up to
    :data:`_MAX_COPIES` (the cards of one rank, with two packs eight)."""
    return tuple(_holds_prob(opponents, need, u) for u in range(_MAX_COPIES + 1))


class _Static:
    """Per-rules tables of the bot."""

    def __init__(self, rules: BigTwoRules):
        t = tables(rules)
        self.rules = rules
        self.cs = t.card_strength
        self.ss = t.suit_strength
        order = t.strength_order
        self.two = rules.packs == 2
        """Two packs: masks in the unary form of :mod:`chupai.bigtwo.packs`."""
        higher = [0] * 52
        acc = 0
        for c in reversed(order):
            higher[c] = acc
            acc |= 1 << c
            if self.two:
                acc |= 1 << (52 + c)
        self.higher = higher
        """``higher[c]``: the cards stronger than ``c`` as singles (both copies of
        each with two packs)."""
        self.full: CardMask = _FULL if not self.two else _FULL | _FULL << 52
        """Every card of the packs."""
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
            card %= 52  # a second copy (two packs) counts as its card
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

    def __init__(
        self,
        rules: BigTwoRules,
        hand: CardMask,
        known: CardMask,
        opponents: Sequence[int],
        players: int,
    ):
        st = _static(rules)
        self.st = st
        self.rules = rules
        self.hand = hand
        unseen = st.full & ~(hand | known) if not st.two else take(st.full, add(hand, known))
        self.unseen = unseen
        self.un = [rank_bits(unseen, r) for r in range(13)]
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
        self._rank: dict[int, tuple[float, tuple[int, ...]]] = {}
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
        weaker = self.unseen & ~st.higher[card] & ~(1 << card | 1 << (52 + card))
        return weaker.bit_count() / self.n_unseen

    def group(self, r: int, sub: int) -> float:
        """Control of the pair, triple or quad of rank ``r`` with suits ``sub``."""
        k = sub.bit_count()
        m = self.able[k]
        if not m:
            return 1.0
        probs = _holds(m, k)
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
        return math.exp(-_SPREAD * e * self.q**k)

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
        ranks = [(c % 52) >> 2 for c in cards_of(combo.mask)]
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
        sub = rank_bits(m, r)
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
        sub = rank_bits(mask, r)
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
        idx = r * 256 + sub
        got = self._rank.get(idx)
        if got is not None:
            return got
        st = self.st
        best: tuple[float, tuple[int, ...]] = (0.0, ())
        first = True
        cache: dict[int, float] = {}
        for part in partitions(sub):
            total = 0.0
            ok = True
            for block in part:
                k = block.bit_count()
                if (k == 3 and not st.triples) or (k == 4 and not st.quads) or k > 4:
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
                sub = rank_bits(m, r)
                if sub:
                    parts.append((r, sub))
            out.append((m, 1.0 - _W * self.five(c), tuple(parts)))
        return out

    def plan(
        self,
        hand: CardMask,
        fives: Sequence[tuple[CardMask, float, tuple[tuple[int, int], ...]]],
        with_plays: bool = True,
        fast: bool = False,
    ) -> Plan:
        """The cheapest decomposition of ``hand`` using the five-card hands
        ``fives`` (those not contained in ``hand`` are skipped)."""
        rank_cost = self.rank_cost
        two = self.st.two
        nib = [rank_bits(hand, r) for r in range(13)]
        base = 0.0
        for r in range(13):
            if nib[r]:
                base += rank_cost(r, nib[r])[0]

        def net(cost: float, parts: tuple[tuple[int, int], ...]) -> float:
            """``cost`` less what taking ``parts`` out of the ranks saves."""
            for r, sub in parts:
                cur = nib[r]
                after = take_rank(cur, sub) if two else cur & ~sub
                cost -= rank_cost(r, cur)[0] - rank_cost(r, after)[0]
            return cost

        cands = []
        for f in fives:
            m, cost, parts = f
            if m & ~hand:
                continue
            d = net(cost, parts)
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

            def dfs(start: int, left: int, total: float) -> None:
                nonlocal best_d, best_set, nodes
                if total < best_d - 1e-9:
                    best_d = total
                    best_set = tuple(chosen)
                for i in range(start, len(cands)):
                    if nodes >= cap:
                        return
                    _, m, cost, parts = cands[i]
                    if m & ~left:
                        continue
                    nodes += 1
                    d = net(cost, parts)
                    saved = [nib[r] for r, _ in parts]
                    for r, sub in parts:
                        nib[r] = take_rank(nib[r], sub) if two else nib[r] & ~sub
                    chosen.append(i)
                    dfs(i + 1, take(left, m) if two else left ^ m, total + d)
                    chosen.pop()
                    for (r, _), old in zip(parts, saved, strict=True):
                        nib[r] = old

            dfs(0, hand, 0.0)
        cost = base + best_d
        if not with_plays:
            return Plan(cost, ())
        plays: list[tuple[CardMask, float]] = []
        rest = hand
        for i in best_set:
            m = cands[i][1]
            rest = take(rest, m) if two else rest & ~m
            plays.append((m, (1.0 - cands[i][2]) / _W))
        for r in range(13):
            sub = rank_bits(rest, r)
            if not sub:
                continue
            for block in rank_cost(r, sub)[1]:
                m = rank_mask(block, r)
                plays.append((m, self.mask_control(m)))
        return Plan(cost, tuple(plays))


def _view_of(obs: Any) -> _View:
    known = obs.exposed
    for m in obs.played:
        known = add(known, m) if obs.rules.packs == 2 else known | m
    opp = [c for s, c in enumerate(obs.hand_counts) if s != obs.seat]
    return _View(obs.rules, obs.hand, known, opp, obs.players)


def decompose(
    hand: CardMask, rules: BigTwoRules, known: CardMask = 0, opponents: Sequence[int] | None = None
) -> Plan:
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


def control(
    combo: Combo,
    hand: CardMask,
    rules: BigTwoRules,
    known: CardMask = 0,
    opponents: Sequence[int] | None = None,
) -> float:
    """How likely ``combo`` (from ``hand``) is to win its trick, in [0, 1]."""
    if opponents is None:
        opponents = [rules.cards_per_hand] * (rules.players - 1)
    return _View(rules, hand, known, opponents, len(opponents) + 1).control(combo)
