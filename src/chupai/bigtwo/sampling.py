"""Determinization: a full Big Two deal drawn from what one seat knows.

:func:`sample_deal` turns a seat's :class:`~chupai.bigtwo.game.Observation` of the
play phase into a complete :class:`~chupai.bigtwo.game.BigTwoDeal` whose other
hands are drawn at random, for search bots that play deals out (determinized Monte
Carlo). The sample is **consistent**: ``sample.observe(seat) == observation`` (the
history included), and the seat's legal actions are the same. The hidden cards
are drawn **uniformly** among the assignments that agree with

* the number of cards each seat holds, and the cards out of play face down (the
  unseen cards no hand holds: ``hand_size`` below a full deal, a ``set_aside`` or
  declined leftover);
* every card location the seat knows (:func:`knowledge`): its own hand, the cards
  played and exposed, a ``taiwan_exposed`` leftover taken by the starting player,
  the starting card in the starting player's hand (and no held card below it),
  the cards the seat gave in an exchange or tribute (still in the receiver's hand
  unless a later private exchange may have moved them on), the cards it gave to
  the §12.4 pile (in some hand), the cards a named seat did not hold;
* the rules of play: the public play history must be legal with the sampled
  hands (for example a single played under the 頂大 obligation was its player's
  highest card). Draws that break this are rejected and drawn again, so the
  result is uniform among the consistent ones.

How the deal is built: the hands at the start of play are the sampled hands plus
the cards each seat has played since. A deal is made from them with
:meth:`BigTwoDeal.from_hands` (with the pre-play steps switched off), set to the
start of play as the observation shows it (the pre-play history as the seat saw
it, the ranking, exposed cards, the first leader and its obligation), and the
public play history is then replayed through the engine's own rules. The trick
state, lock-outs, "last card" blocks, the 頂大 watch and the finishing order
therefore come out exactly as the engine makes them. Where that replay does not
depend on the hidden hands (one pack, every card dealt, no §10 obligation, no
swap), a sampler replays once and gives later draws a copy of that deal with the
new hands (the same deal a replay would build, and still compared with the
observation).

Inference from the players' strategy is off by default (nothing is assumed about
why a seat passed); ``DealSampler(observation, infer=p)`` weighs the draws by the
passes (:mod:`chupai.bigtwo.inference`: a seat that passed over a single or a pair
seldom held a cheap card that beat it), one pack only. Not used: the rare
rule-based hints of the pre-play phases (that no hand was an instant win or,
without a redeal request, could ask for one; that a tribute was its giver's
highest cards).

Any table size (2 to 52 seats, every leftover rule) is sampled the same way. With
two packs the unseen cards are the bits of a unary mask (:mod:`chupai.bigtwo.packs`),
each bit one physical copy; the copies are dealt like distinct cards (so every
physical deal is equally likely, which is the right weight for a hand holding one
or two copies) and each hand is folded back into the unary form. A place known for
one physical card (a card given, a leftover taken) holds one copy; which seat holds
the starting card is checked on the rebuilt deal (a draw that disagrees is drawn
again) rather than placed, since with two copies either may start.

The module is pure: randomness comes only from the ``rng`` argument.

>>> import random
>>> from chupai.bigtwo.game import new_deal
>>> from chupai.bigtwo.rules import PRESETS
>>> deal = new_deal(PRESETS["standard"], seed=11)
>>> for _ in range(6):
...     _ = deal.apply_action(deal.legal_actions()[0])
>>> obs = deal.observe(deal.current_player)
>>> sampler = DealSampler(obs)   # many samples of one observation
>>> [sampler.sample(random.Random(k)).observe(obs.seat) == obs for k in range(3)]
[True, True, True]
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence
from typing import Final, NamedTuple, cast

from chupai.bigtwo.combos import Combo, tables
from chupai.bigtwo.game import (
    Action,
    BigTwoDeal,
    Choice,
    Event,
    Hidden,
    LastCard,
    Observation,
    Pass,
    Phase,
)
from chupai.bigtwo.inference import PassEvidence, violations
from chupai.bigtwo.packs import FULL, add, norm, take
from chupai.bigtwo.placing import Knowledge, sample_hands
from chupai.bigtwo.rules import (
    BigTwoRules,
    ClassExchange,
    DingDa,
    Series,
    StartingCopy,
    TributeMethod,
)
from chupai.cards import CardMask, cards_of
from chupai.errors import ChupaiError
from chupai.sampling import NO_DEAL, Sampler, play_observation

__all__ = ["Knowledge", "knowledge", "sample_hands", "DealSampler", "sample_deal", "TRIES"]

FULL_DECK: Final = (1 << 52) - 1

TRIES: Final = 300
"""Default number of draws :func:`sample_deal` makes before giving up."""


def _is_play(action: object) -> bool:
    return isinstance(action, (Combo, Pass, LastCard))


def _split(history: Sequence[Event]) -> tuple[tuple[Event, ...], tuple[Event, ...]]:
    """The history before play (choices, hidden actions) and the plays and passes."""
    for i, ev in enumerate(history):
        if _is_play(ev.action):
            return tuple(history[:i]), tuple(history[i:])
    return tuple(history), ()


def _seen(obs: Observation) -> CardMask:
    """The cards the seat has seen: its hand, the cards played, the exposed cards
    (two packs: their multiset sum)."""
    if obs.rules.packs == 1:
        seen = obs.hand | obs.exposed
        for p in obs.played:
            seen |= p
        return seen
    seen = add(obs.hand, obs.exposed)
    for p in obs.played:
        seen = add(seen, p)
    return seen


def knowledge(observation: Observation) -> Knowledge:
    """Where the seat of ``observation`` (play phase) knows its unseen cards to be.

    With two packs the unseen cards are the bits of a unary mask (:mod:`chupai.bigtwo.packs`):
    bit ``c`` one unseen copy of card ``c``, bit ``52 + c`` a second; each bit is
    a card to place, and a place known for one physical card is a place for one
    copy.

    Raises :class:`ChupaiError` outside the play phase or for an observation whose
    counts do not add up."""
    obs = play_observation(observation, Phase.PLAY)
    n = obs.players
    me = obs.seat
    if obs.rules.packs == 1:
        unseen = FULL_DECK & ~_seen(obs)
    else:
        unseen = take(FULL[obs.rules.packs], _seen(obs))
    caps = [0 if s == me else obs.hand_counts[s] for s in range(n)]
    out = unseen.bit_count() - sum(caps)
    if out < 0 or obs.hand.bit_count() != obs.hand_counts[me]:
        raise ChupaiError("the observation's card counts do not add up")
    caps.append(out)
    prefix, _ = _split(obs.history)
    reader = _Reader(obs)
    for ev in prefix:
        reader.read(ev)
    reader.starting_card(prefix, unseen, out)
    hidden = reader.everywhere & ~(1 << me)
    allowed: dict[int, int] = {}
    for c, m in reader.where.items():
        if unseen >> c & 1:
            m &= hidden
            if m and m != hidden:
                allowed[c] = m
    return Knowledge(unseen, tuple(caps), allowed)


class _Reader:
    """What the pre-play history tells one seat of where cards are: ``where`` maps
    a card to the location mask it may be in (see :class:`Knowledge`)."""

    __slots__ = ("obs", "seats", "everywhere", "where", "named", "demand_seen")

    def __init__(self, obs: Observation):
        n = obs.players
        self.obs = obs
        self.seats = (1 << n) - 1
        self.everywhere = self.seats | (1 << n)
        self.where: dict[int, int] = {}
        self.named = obs.rules.series is Series.CLASS_STRUGGLE and obs.ranking is not None
        self.demand_seen: set[int] = set()

    def widen(self, src: int, dst: int) -> None:
        """Cards possibly at ``src`` may now be at the locations ``dst`` too."""
        where = self.where
        for c, m in where.items():
            if m >> src & 1:
                where[c] = m | dst

    def place(self, cards: CardMask, locs: int) -> None:
        for c in cards_of(cards):
            self.where[c] = locs

    def limit(self, cards: CardMask, locs: int) -> None:
        """The ``cards`` are at most in ``locs``."""
        for c in cards_of(cards):
            self.where[c] = self.where.get(c, self.everywhere) & locs

    def read(self, ev: Event) -> None:
        act = ev.action
        if isinstance(act, Hidden):
            self._hidden(ev, act)
        elif isinstance(act, Choice):
            self._seen(ev, act)

    def _hidden(self, ev: Event, act: Hidden) -> None:
        """Another seat's private move: its cards may have moved with it."""
        if act.name == "draw" and ev.to >= 0:
            self.widen(ev.to, 1 << ev.seat)
        if act.name not in ("give", "tribute"):
            return
        if ev.to < 0:
            self.widen(ev.seat, self.seats)  # the §12.4 pile, handed out at random
            return
        if self.named:
            self._named_give(ev.seat, ev.to)
        self.widen(ev.seat, 1 << ev.to)

    def _named_give(self, h: int, to: int) -> None:
        """A hidden class-struggle give h -> low follows the named card low -> h,
        which this seat did not see (§12.2)."""
        obs = self.obs
        ranking = obs.ranking
        assert ranking is not None
        if obs.rules.class_exchange is ClassExchange.SWAP:
            self.widen(to, 1 << h)
        elif h not in self.demand_seen:
            self.demand_seen.add(h)
            for low in ranking[ranking.index(h) + 1 :]:
                if low != obs.seat:
                    self.widen(low, 1 << h)

    def _seen(self, ev: Event, act: Choice) -> None:
        """A decision this seat saw: where the cards it names went."""
        me = self.obs.seat
        name = act.name
        if name == "take" and self.obs.leftover_shown:
            self.place(self.obs.leftover_shown, 1 << ev.seat)
        elif name in ("give", "tribute") and ev.seat == me:
            self.place(act.cards, self.seats if ev.to < 0 else 1 << ev.to)
        elif name == "not_held" and ev.to == me:  # two packs: neither copy
            self.limit(act.cards | act.cards << 52, ~(1 << ev.seat))
        elif name == "draw" and ev.to == me:
            self.place(act.cards, 1 << ev.seat)

    def starting_card(self, prefix: Sequence[Event], unseen: CardMask, out: int) -> None:
        """The starting card (§7.1): the lowest card held at the start of play, in
        the starting player's hand then (unless the malaysian swap exposed it)."""
        obs = self.obs
        sp = obs.starting_player
        if sp is None or any(
            isinstance(ev.action, Choice) and ev.action.name == "swap" for ev in prefix
        ):
            return
        t = tables(obs.rules)
        if out == 0 and obs.rules.packs == 1:  # two packs: the rebuilt deal checks it
            s0 = next(c for c in t.strength_order if not obs.exposed >> c & 1)
            if unseen >> s0 & 1:
                self.where[s0] = 1 << sp
        own = obs.hand | obs.played[obs.seat]
        if sp == obs.seat and own:
            cs = t.card_strength
            floor = min(cs[c % 52] for c in cards_of(own))
            below = sum(1 << c for c in cards_of(unseen) if cs[c % 52] < floor)
            self.limit(below, 1 << obs.players)


class _Plan(NamedTuple):
    """What the rebuilding needs from the observation, computed once."""

    neutral: BigTwoRules
    """The rules with the pre-play steps off (to build a deal straight into play)."""
    prefix: tuple[Event, ...]
    plays: tuple[Event, ...]
    leader: int
    own_must: CardMask | None
    """The seat's own first-lead obligation when it is to lead first, else None."""
    swapped: bool
    swap_card: int
    free_first_lead: bool
    """The first lead is free whatever the starting card (tribute methods 2 and 3)."""


def _plan(obs: Observation) -> _Plan:
    rules = obs.rules
    prefix, plays = _split(obs.history)
    leader = plays[0].seat if plays else obs.current_player
    if leader is None:
        raise ChupaiError("the observation has no player to act")
    swapped = any(isinstance(ev.action, Choice) and ev.action.name == "swap" for ev in prefix)
    neutral = dataclasses.replace(
        rules,
        instant_wins=frozenset(),
        redeal_max_points=None,
        redeal_two_faces=False,
        redeal_four_twos=False,
        pre_exchange=False,
        series=Series.NONE,
    )
    own_must = obs.must_contain if not plays and obs.current_player == obs.seat else None
    free = (
        obs.ranking is not None
        and rules.series is Series.TRIBUTE
        and rules.tribute_method in (TributeMethod.ONE_CARD, TributeMethod.TWO_CARDS)
    )
    return _Plan(
        neutral,
        prefix,
        plays,
        leader,
        own_must,
        swapped,
        (obs.exposed & -obs.exposed).bit_length() - 1 if swapped else -1,
        free,
    )


class _Failed(NamedTuple):
    """A rejected draw; ``seat``/``card`` name a 頂大 single it contradicts."""

    seat: int = -1
    card: int = -1


def _rebuild(
    obs: Observation,
    plan: _Plan,
    hands: Sequence[CardMask],
    out: CardMask,
    passes: list[tuple[int, int, Combo]] | None = None,
) -> BigTwoDeal | _Failed:
    """The deal with the current ``hands`` and face-down cards ``out``, set to the
    start of play and replayed to the observation's position. ``passes``, when
    given, receives (event index, seat, the top) for every pass of another seat
    that could have played (see :mod:`chupai.bigtwo.inference`).

    A play of the history is checked against the rules only where its legality
    depends on the hidden hands (a first lead's obligation, the §10 obligations,
    two packs); everything else about it is public and was legal in the real deal.
    The final comparison with the observation checks the whole result."""
    n = obs.players
    if obs.rules.packs == 1:
        start = [hands[s] | obs.played[s] for s in range(n)]
    else:
        start = [add(hands[s], obs.played[s]) for s in range(n)]
    deal = BigTwoDeal.from_hands(plan.neutral, start, dealer=obs.dealer)
    deal.rules = obs.rules
    deal.exposed = obs.exposed
    deal.leftover_shown = obs.leftover_shown
    deal.set_aside = out
    deal.ranking = obs.ranking
    deal.swapped = plan.swapped
    deal.history = list(plan.prefix)
    deal._private = False
    sp = obs.starting_player
    if plan.swapped:
        deal.starting_card = plan.swap_card
        if sp is not None:
            deal.starting_player = sp
    elif sp is not None and deal.starting_player != sp and not _other_copy_starts(deal, sp):
        return _Failed()
    deal._start_public = sp is not None
    deal.leader = deal.to_act = plan.leader
    if plan.own_must is not None:
        must = plan.own_must
    elif plan.swapped or sp is None or plan.leader != sp or plan.free_first_lead:
        must = 0
    else:
        must = 1 << deal.starting_card
        first = plan.plays[0].action if plan.plays else None
        if isinstance(first, (Combo, LastCard)) and not first.mask & must:
            must = 0
    deal.must_contain = must
    failed = _replay(deal, obs, plan, passes)
    if failed is not None:
        return failed
    if deal.observe(obs.seat) != obs:
        return _Failed()
    return deal


def _replay(
    deal: BigTwoDeal,
    obs: Observation,
    plan: _Plan,
    passes: list[tuple[int, int, Combo]] | None,
) -> _Failed | None:
    """Replay the public plays and passes on ``deal`` (see :func:`_rebuild`); a
    :class:`_Failed` when the hands cannot have made them, else None."""
    dd = obs.rules.ding_da is DingDa.ENFORCE
    always = deal._extras or obs.rules.packs != 1
    for i, ev in enumerate(plan.plays):
        if deal.to_act != ev.seat:
            return _Failed()
        act = cast(Action, ev.action)
        if type(act) is Pass:
            if passes is not None and ev.seat != obs.seat:
                _note_pass(deal, i, ev.seat, passes)
        elif (always or (deal.top is None and deal.must_contain)) and deal.why_illegal(
            act
        ) is not None:
            if (
                dd
                and isinstance(act, (Combo, LastCard))
                and act.mask.bit_count() == 1
                and deal.ding_da_applies()
            ):
                return _Failed(ev.seat, act.mask.bit_length() - 1)
            return _Failed()
        deal.apply_unchecked(act)
    return None


def _note_pass(deal: BigTwoDeal, i: int, seat: int, passes: list[tuple[int, int, Combo]]) -> None:
    """Record the pass of ``seat`` (event ``i``) when the seat could have played."""
    top = deal.top
    if top is not None and not deal.forced_trick and not deal.blocked >> seat & 1:
        passes.append((i, seat, top))


def _other_copy_starts(deal: BigTwoDeal, sp: int) -> bool:
    """Two packs: the starting player ``sp`` holds a copy of the starting card too,
    so it may have started (which copy leads under ``starting_copy=first_dealt``
    depends on the order of the deal, which no hand shows); it is made the starting
    player. One pack, or two under ``turn_order`` (the hands decide): never."""
    rules = deal.rules
    if rules.packs == 1 or rules.starting_copy is not StartingCopy.FIRST_DEALT:
        return False
    if not deal.hands[sp] >> deal.starting_card & 1:
        return False
    deal.starting_player = sp
    return True


class DealSampler(Sampler[Observation, Knowledge, BigTwoDeal]):
    """Draws deals for one observation (see :func:`sample_deal` and
    :class:`chupai.sampling.Sampler`): the knowledge and the replay plan are
    worked out once, and what a rejected draw teaches (a 頂大 single was its
    player's highest card) is kept for the next draws.

    ``infer=p`` (0 to 1, default 0: uniform draws) biases the draws by the
    passes of the other seats (:mod:`chupai.bigtwo.inference`): a draw is rejected
    with probability ``p`` for each pass it contradicts (the seat held a cheap
    single or pair that beat the top). After ``INFER_GIVE_UP`` such rejections in a
    row the sampler stops weighing the passes and draws uniformly again, so the
    number of tries stays bounded."""

    __slots__ = ("_plan", "_strength", "_evidence", "_refused", "_template", "_reuse")

    TRIES = TRIES
    INFER_GIVE_UP: Final = 60

    def __init__(self, observation: Observation, *, tries: int = TRIES, infer: float = 0.0):
        super().__init__(observation, tries=tries, infer=infer)
        self._plan = _plan(observation)
        self._strength = tables(observation.rules).card_strength
        if observation.rules.packs != 1:
            self.infer = 0.0
        self._evidence: list[PassEvidence] | None = None
        self._refused = 0
        rules = observation.rules
        self._template: BigTwoDeal | None = None
        self._reuse = (
            rules.packs == 1
            and rules.ding_da is DingDa.OFF
            and not rules.last_card_call
            and self.knowledge.capacity[-1] == 0
            and not self._plan.swapped
        )

    def _know(self, observation: Observation) -> Knowledge:
        return knowledge(observation)

    def _draw(self, rng: random.Random) -> BigTwoDeal | None:
        obs = self.observation
        n = obs.players
        locs = sample_hands(self.knowledge, rng)
        if locs is None:
            raise ChupaiError(NO_DEAL)
        if obs.rules.packs != 1:  # the copies drawn, in the unary form
            locs = [norm(m) for m in locs]
        hands = [obs.hand if s == obs.seat else locs[s] for s in range(n)]
        inferring = self.infer > 0.0
        if inferring and self._evidence is not None and self._refuse(hands, rng):
            return None
        passes: list[tuple[int, int, Combo]] | None = (
            [] if inferring and self._evidence is None else None
        )
        if self._template is not None:
            got = self._from_template(hands)
        else:
            got = _rebuild(obs, self._plan, hands, locs[n], passes)
            if self._reuse and isinstance(got, BigTwoDeal):
                self._template = got.clone()
        if isinstance(got, BigTwoDeal):
            if passes is not None:
                self._evidence = self._read_passes(got, passes)
                if self._refuse(hands, rng):
                    return None
            self._refused = 0
            return got
        if got.seat >= 0 and got.seat != obs.seat:
            self._learn(got.seat, got.card)
        return None

    def _from_template(self, hands: list[CardMask]) -> BigTwoDeal | _Failed:
        """The first consistent deal with the other ``hands``: where nothing in the
        replay depends on the hidden hands (one pack, every card dealt, no §10
        obligation, no swap), the replay of a new draw differs from it only there."""
        obs = self.observation
        assert self._template is not None
        deal = self._template.clone()
        deal.hands = hands
        deal._combos = [None] * obs.players
        deal.dealt_hands = tuple(h | p for h, p in zip(hands, obs.played))
        if deal.observe(obs.seat) != obs:
            return _Failed()
        return deal

    def _refuse(self, hands: Sequence[CardMask], rng: random.Random) -> bool:
        """Whether the passes reject a draw of ``hands`` (each contradicted pass
        rejects it with probability ``infer``)."""
        assert self._evidence is not None
        p = self.infer
        for _ in range(violations(self._evidence, hands)):
            if rng.random() < p:
                self._refused += 1
                if self._refused >= self.INFER_GIVE_UP:
                    self.infer = 0.0
                return True
        return False

    def _read_passes(
        self, deal: BigTwoDeal, passes: Sequence[tuple[int, int, Combo]]
    ) -> list[PassEvidence]:
        """The evidence of the recorded ``passes`` (the same for every consistent
        deal: the trick tops are public)."""
        plays = self._plan.plays
        out = []
        for i, seat, top in passes:
            later = 0
            for ev in plays[i + 1 :]:
                if ev.seat == seat and isinstance(ev.action, (Combo, LastCard)):
                    later |= ev.action.mask
            ev_ = PassEvidence.read(deal, seat, top, later)
            if ev_.singles or ev_.pairs:
                out.append(ev_)
        return out

    def _learn(self, seat: int, card: int) -> None:
        """A 頂大 single was ``seat``'s highest card: no stronger unseen card is in
        its hand (then, nor now)."""
        know = self.knowledge
        strength = self._strength
        floor = strength[card]
        allowed = dict(know.allowed)
        anywhere = sum(1 << loc for loc, k in enumerate(know.capacity) if k)
        for c in cards_of(know.unseen):
            if strength[c % 52] > floor:
                allowed[c] = allowed.get(c, anywhere) & ~(1 << seat)
        self.knowledge = know._replace(allowed=allowed)


def sample_deal(observation: Observation, rng: random.Random, *, tries: int = TRIES) -> BigTwoDeal:
    """A full deal in the play phase that the seat of ``observation`` cannot tell
    from the real one (see the module and :meth:`chupai.sampling.Sampler.sample_deal`)."""
    return DealSampler.sample_deal(observation, rng, tries=tries)
