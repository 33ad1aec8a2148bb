"""大怪路子's environment plugin (``get_game("daguailuzi").plugin("env")``): an
action space of **classes** of plays, the codec over the 54 card types of three
packs, and the public actions of the render.

Why classes
-----------

A hand holds 27 of 162 cards (54 types, three of each, six wild jokers). The pack
holds 4,579,200 distinct five-card multisets; about 4.4 % of them are legal plays
(estimated by sampling: wild jokers make any two natural ranks a four + one or a
full house), about 200,000, and 971 plays have one to three cards. One id per
distinct play, as in the other games, would give some 200,000 ids (ten times Big
Two's space), most of them differing only in suits and in which natural a joker
stands for, and a dealt hand can lead about 1,260 distinct plays on average. So an
id here names a play's **reading**, what decides what it beats, and the env plays
a canonical concrete play of it:

* a play's class is :class:`PlayClass` ``(kind, size, key, bj, rj, suit)``: its
  type, size and comparison key (:class:`~chupai.daguailuzi.combos.Combo`: the
  strength of its rank, run top, or flush ranks), how many ``BJ`` and ``RJ`` it
  uses (they decide the wild count, so ``natural_beats_wild`` needs nothing more),
  and for a flush or a straight flush its suit (so a learner chooses which suit it
  breaks); ``suit`` is -1 for the other types;
* a learner's id is played as the **first legal play of that class in the engine's
  legal order** (:func:`~chupai.daguailuzi.movegen.legal_plays`: by key, then by the
  packed cards, so the member with the lowest cards: the cheapest kicker of a four
  + one, the lowest pair of a full house, the lowest suits);
* the mask marks the classes that have a legal play.

What the class leaves to the env: which physical cards form the play (the kicker,
the pair of a full house, the suits of a pair, which natural a joker replaces). A
bot that plays through :meth:`ChupaiGymEnv` plays its own exact play; one that
plays through the AEC env's ids (``space.index(play)``) plays its play's class.

Keys are **strengths** (the single-card order of the deal, §1.3), so a class names
a rank by its place in the deal's order: under trumps the strongest plain rank is
the trump, whatever the level. Every deal of the env is a first deal of a match
(level 2), so a class always names the same cards there; the space still holds
every class of every level (the union over the 13 levels when ``trumps`` is on),
so it serves later deals too. :meth:`~chupai.env.spaces.ActionSpace.describe`
names the ranks as at level 2 (``shanghai``: ``3 … A`` then the trump ``2``).

Before play (only after a won deal, never in an env episode, which is a first
deal): ``tribute X``, ``return X`` and ``take X`` (a card type each, the
:class:`~chupai.daguailuzi.game.Gift` itself) and, under ``return_rule =
joker_candidates``, ``offer`` as the set of ranks offered (:class:`OfferClass`,
played as the first legal offer of those ranks).
"""

from __future__ import annotations

from functools import cache
from itertools import combinations, combinations_with_replacement
from typing import Any, Final, NamedTuple

from chupai.actions import PASS, Pass
from chupai.daguailuzi import cards as dc
from chupai.daguailuzi.combos import CAT_SHIFT, Combo, Kind, classify
from chupai.daguailuzi.events import HAND_SIZE, PLAYERS, TEAM_NAMES, Gift, GiftKind, Phase, team_of
from chupai.daguailuzi.observation import Observation
from chupai.daguailuzi.rules import SEED, DaguailuziRules, FlushCompare, ReturnRule
from chupai.env import codec as cd
from chupai.env.games import PLUGIN_API
from chupai.env.spaces import Blocks, TextFn
from chupai.protocol import Result

__all__ = [
    "DaguailuziCodec",
    "OfferClass",
    "PlayClass",
    "action_class",
    "known_cards",
    "play_classes",
    "role_notes",
    *PLUGIN_API,
]

COMBINATION_OPTIONS: Final = (
    "two_rank",
    "trumps",
    "wild_rank",
    "flush_compare",
    "tribute",
    "return_rule",
)
"""The options that decide the action space (see :mod:`chupai.env.spaces`):
which readings exist and their keys, and the blocks before play."""

GYM_ID: Final = "chupai/DaGuaiLuZi-v0"
"""The id ``gymnasium.make`` knows this game by (:func:`chupai.env.registration.register_envs`)."""

_FLUSHY: Final = frozenset({Kind.FLUSH, Kind.STRAIGHT_FLUSH})
_KINDS: Final = tuple(Kind)
_KIND_INDEX: Final = {k: i for i, k in enumerate(_KINDS)}
_BJ_SHIFT: Final = 3 * dc.BJ
_RJ_SHIFT: Final = 3 * dc.RJ
_VALUE: Final = (1 << CAT_SHIFT) - 1
_new = tuple.__new__


class PlayClass(NamedTuple):
    """The class of a play (one action id): its reading and its jokers."""

    kind: Kind
    size: int
    key: int
    """The play's comparison key (:class:`~chupai.daguailuzi.combos.Combo`)."""
    bj: int
    """How many ``BJ`` it uses."""
    rj: int
    """How many ``RJ`` it uses."""
    suit: int
    """The suit (0..3, ``S H C D``) of a flush or straight flush; -1 otherwise."""


class OfferClass(NamedTuple):
    """The class of a ``joker_candidates`` offer: the ranks offered (a bit mask
    over the ranks 0..14, ``BJ`` = 13, ``RJ`` = 14) and how many."""

    ranks: int
    size: int
    kind: GiftKind = GiftKind.OFFER


def _class_of_combo(c: Combo) -> PlayClass:
    cards = c.cards
    kind = c.kind
    suit = (((cards & -cards).bit_length() - 1) // 3) & 3 if kind in _FLUSHY else -1
    return _new(
        PlayClass,
        (kind, c.size, c.key, (cards >> _BJ_SHIFT) & 7, (cards >> _RJ_SHIFT) & 7, suit),
    )


def action_class(action: Any) -> Any:
    """The class of an engine action (the space's element for it): a play's
    :class:`PlayClass`, an offer's :class:`OfferClass`; a pass, a tribute, a
    return, a take and a class are their own class."""
    if type(action) is Combo:
        return _class_of_combo(action)
    if type(action) is Gift and action.kind is GiftKind.OFFER:
        ranks = 0
        for t, _ in dc.counts(action.cards):
            ranks |= 1 << dc.rank_of(t)
        return OfferClass(ranks, ranks.bit_count())
    return action


# ----- the action space --------------------------------------------------------------


def base_rules(rules: DaguailuziRules) -> DaguailuziRules:
    """The preset whose other options the space's canonical rules take."""
    return SEED


def check(rules: DaguailuziRules) -> None:
    """Every 大怪路子 option is representable (offers through their ranks)."""
    return


def _levels(rules: DaguailuziRules) -> tuple[int | None, ...]:
    """The trump levels a deal of ``rules`` may have."""
    return tuple(range(13)) if rules.trumps else (None,)


@cache
def _representatives(flush_only: bool) -> tuple[int, ...]:
    """One set of cards per reading a deal may give, whatever the level.

    A reading depends only on the natural cards' ranks, on whether they share one
    suit, and on the jokers (§4.2 (d)): so one set per rank multiset and joker
    count with mixed suits (suits cycling S H C D) and one with a single suit
    (spades; a flush-family class then stands for all four suits).
    ``flush_only``: only the one-suit sets of three ranks or more, the only ones
    that can be flushes."""
    unit = dc.UNIT
    out: list[int] = []
    for size in (1, 2, 3, 5):
        for b in range(min(size, 3) + 1):
            for r in range(min(size - b, 3) + 1):
                jokers = b * unit[dc.BJ] + r * unit[dc.RJ]
                n = size - b - r
                if n == 0:
                    out += [] if flush_only else [jokers]
                    continue
                for ranks in combinations_with_replacement(range(13), n):
                    if n >= 2 and not flush_only:
                        out.append(jokers + sum(unit[4 * x + i % 4] for i, x in enumerate(ranks)))
                    if max(map(ranks.count, ranks)) > dc.COPIES:
                        continue
                    if not flush_only or (size == 5 and len(set(ranks)) >= 3):
                        out.append(jokers + sum(unit[4 * x] for x in ranks))
    return tuple(out)


def play_classes(rules: DaguailuziRules) -> list[PlayClass]:
    """Every play class of ``rules``, at every level its deals may have, in id
    order: kind (:class:`~chupai.daguailuzi.combos.Kind` order), key, ``BJ``,
    ``RJ``, suit. Every level gives the same classes but for flushes (whether
    five suited ranks form a run, a straight flush, is natural; their keys follow
    the level's order), so the other levels classify only the sets that can be
    flushes."""
    found: set[tuple[Kind, int, int, int, int]] = set()
    add = found.add
    for i, level in enumerate(_levels(rules)):
        for cards in _representatives(i > 0):
            c = classify(cards, rules, level)
            if c is not None:
                add((c.kind, c.size, c.key, (cards >> _BJ_SHIFT) & 7, (cards >> _RJ_SHIFT) & 7))
    out = [
        PlayClass(*f, suit) for f in found for suit in ((0, 1, 2, 3) if f[0] in _FLUSHY else (-1,))
    ]
    return sorted(out, key=lambda c: (_KIND_INDEX[c.kind], c.key, c.bj, c.rj, c.suit))


def _gifts(kind: GiftKind) -> list[Any]:
    return [Gift(kind, dc.UNIT[t]) for t in range(dc.NTYPES)]


def _offers() -> list[Any]:
    return [
        OfferClass(sum(1 << x for x in ranks), n)
        for n in (2, 3)
        for ranks in combinations(range(15), n)
    ]


def build_space(rules: DaguailuziRules) -> tuple[Blocks, TextFn]:
    """The blocks of the space of ``rules`` and the text of an action or class."""
    blocks: Blocks = [("pass", [PASS])]
    if rules.tribute:
        blocks += [("tribute", _gifts(GiftKind.TRIBUTE)), ("return", _gifts(GiftKind.RETURN))]
        if rules.return_rule is ReturnRule.JOKER_CANDIDATES:
            blocks += [("offer", _offers()), ("take", _gifts(GiftKind.TAKE))]
    for c in play_classes(rules):
        if blocks[-1][0] != c.kind.value:
            blocks.append((c.kind.value, []))
        blocks[-1][1].append(c)
    return blocks, _texts(rules)


def _texts(rules: DaguailuziRules) -> TextFn:
    """The text of an action or class of ``rules``: ranks named as at level 2."""
    s = dc.rule_strengths(rules, 0)
    name = {s[r]: dc.RANK_NAMES[r] for r in range(15)}
    top_card = rules.flush_compare is FlushCompare.TOP_CARD

    def run(top: int) -> str:
        return ("A" if top == 5 else dc.RANKS[top - 6]) + "-" + dc.RANKS[top - 2]

    def value(c: PlayClass) -> str:
        v = c.key & _VALUE
        if c.kind is Kind.STRAIGHT or c.kind is Kind.STRAIGHT_FLUSH:
            return run(v)
        if c.kind is Kind.FLUSH:
            digits = [v] if top_card else [(v >> (4 * i)) & 15 for i in range(4, -1, -1)]
            return " ".join(name[d] for d in digits)
        return name[v]

    def text(a: Any) -> str:
        if isinstance(a, Pass):
            return "pass"
        if isinstance(a, OfferClass):
            return "offer " + " ".join(dc.RANK_NAMES[x] for x in range(15) if a.ranks >> x & 1)
        if isinstance(a, Gift):
            return f"{a.kind.value} {dc.cards_text(a.cards)}"
        if isinstance(a, Combo):
            a = _class_of_combo(a)
        words = [a.kind.value]
        if a.suit >= 0:
            words.append(dc.SUITS[a.suit])
        words.append(value(a))
        if a.bj or a.rj:
            words.append("[" + " ".join(["BJ"] * a.bj + ["RJ"] * a.rj) + "]")
        return " ".join(words)

    return text


# ----- the observation codec -----------------------------------------------------------

_PLANES: Final = cd.count_planes((dc.COPIES,) * dc.NTYPES, 3)
"""54 types x 3 thermometer slots over the packed 3-bit counts."""
_GUARD: Final = dc.GUARD
_PHASES: Final = tuple(Phase)
_PHASE_INDEX: Final = {ph: i for i, ph in enumerate(_PHASES)}


def _play_cards(a: Any) -> int | None:
    """The history key of an action (:meth:`Codec.recent`); None before play."""
    if type(a) is Combo:
        return int(a.cards)
    return cd.PASS_KEY if isinstance(a, Pass) else None


def _merge(a: int, b: int) -> int:
    """Per type, the larger count of ``a`` and ``b``."""
    out = 0
    for t in range(dc.NTYPES):
        sh = 3 * t
        out |= max((a >> sh) & 7, (b >> sh) & 7) << sh
    return out


def _exchanged(o: Observation) -> int:
    """How many recipients have completed their return (a ``return`` or a
    ``take``, shown without cards to the other seats)."""
    return sum(
        1
        for ev in o.history
        if type(ev.action) is Gift and ev.action.kind in (GiftKind.RETURN, GiftKind.TAKE)
    )


def known_cards(o: Observation) -> list[int]:
    """Per absolute seat, cards it is known (to seat ``o.seat``) to hold now: a
    lower bound from public tributes (the recipient holds its tribute until it
    returns a card, which only the two seats concerned see), from this seat's own
    returns, offers and takes, minus what the seat played since; at the end, the
    hands shown. ``known[o.seat]`` is 0."""
    me = o.seat
    known = [0] * PLAYERS
    if o.phase is Phase.OVER:
        return [0 if s == me else h for s, h in enumerate(o.shown)]
    if not o.tributes:
        return known
    done = len(o.tributes) if o.phase is Phase.PLAY else _exchanged(o)
    back = {(rcp, giver): card for rcp, giver, card in o.returned}
    offered = {(rcp, giver): cards for rcp, giver, cards in o.offers}
    for i, (giver, rcp, card) in enumerate(o.tributes):
        if rcp < 0:
            known[giver] += card
            continue
        if me == rcp:
            known[giver] += back.get((rcp, giver), 0)
            continue
        held = card
        if me == giver:
            held = _merge(card, offered.get((rcp, giver), 0))
        if i < done:
            held = cd.sat_sub(held, back.get((rcp, giver), held), _GUARD, 3) if me == giver else 0
        known[rcp] = _merge(known[rcp], held)
    known[me] = 0
    return [cd.sat_sub(k, o.played[s], _GUARD, 3) if k else 0 for s, k in enumerate(known)]


class DaguailuziCodec(cd.Codec):
    """The 大怪路子 encoding (count planes over the 54 types of three packs, teams,
    levels, trumps, tributes)."""

    def __init__(self, rules: Any) -> None:
        super().__init__(PLAYERS, _PLANES, HAND_SIZE)
        n = PLAYERS
        self.block = cd.Block(
            [
                cd.Field("phase", "onehot", len(_PHASES), "phase one-hot: " + ", ".join(_PHASES)),
                cd.Field("to_act", "onehot", n, "the seat to act"),
                *cd.trick_fields(n, len(_KINDS), "the top play's type (Kind order)"),
                cd.Field("top_wild", "scalar", 1, "the top play's wild count / 5"),
                cd.Field("team", "onehot", 2, "this seat's team: A (seats 0 2 4), B (1 3 5)"),
                cd.Field("offense", "onehot", n, "the offense leader"),
                cd.Field("offense_team", "bits", 1, "this seat's team is the offense team"),
                cd.Field("level.own", "onehot", 13, "this seat's team's level: 2 .. A"),
                cd.Field("level.other", "onehot", 13, "the other team's level: 2 .. A"),
                cd.Field("trump", "onehot", 13, "the trump rank 2 .. A (none without trumps)"),
                cd.finish_order_field(n),
                cd.Field("gave", "bits", n, "the seats that give a tribute in this deal"),
                cd.Field("received", "bits", n, "the seats that received a tribute"),
            ]
        )
        self.lay_out(
            self.block,
            [
                ("tribute", "the tribute cards of this deal (public)"),
                ("offer", "the joker_candidates offer this seat made or is to take from"),
            ],
            "cards relative seat {k} is known to hold now: public tributes, this "
            "seat's own returns and offers, minus plays; every hand at the end",
        )

    def _state_values(self, o: Observation) -> tuple[Any, ...]:
        n = PLAYERS
        me = o.seat
        top = o.top
        mine = team_of(me)
        return (
            _PHASE_INDEX[o.phase],
            cd.rel(o.current_player, me, n),
            *cd.trick_values(o, _KIND_INDEX, n),
            0.0 if top is None else top.wild / 5,
            mine,
            (o.offense - me) % n,
            1 if team_of(o.offense) == mine else 0,
            o.levels[mine],
            o.levels[1 - mine],
            -1 if o.level is None else o.level,
            cd.order(o.finishing, me, n),
            cd.bits(o.givers, me, n),
            cd.bits([rcp for _, rcp, _ in o.tributes if rcp >= 0], me, n),
        )

    def values(self, obs: Any) -> cd.RowValues:
        o: Observation = obs
        known = known_cards(o)
        tribute = sum(card for _, _, card in o.tributes)
        unseen = dc.PACK - o.hand - sum(o.played) - sum(known)
        playing = o.phase is Phase.PLAY or o.phase is Phase.OVER
        return self.row_values(
            o,
            unseen=unseen,
            known=known,
            extra=(tribute, o.offer or 0),
            top=0 if o.top is None else o.top.cards,
            state=self._state_values(o),
            hist=o.history if playing else None,
            cards_of=_play_cards,
        )


def codec(rules: DaguailuziRules) -> cd.Codec:
    """The observation codec of ``rules`` (what :class:`~chupai.env.encode.Encoder` uses)."""
    return DaguailuziCodec(rules)


# ----- rendering and rewards -----------------------------------------------------------


def role_notes(obs: Any) -> tuple[str, ...]:
    """A public note per seat beside its role (offense or defense): its team, the
    team's level when the rules score by levels, ``leader`` for the offense
    leader."""
    o: Observation = obs
    by_levels = o.rules.scoring == "levels"
    notes = []
    for s in range(PLAYERS):
        t = team_of(s)
        words = [TEAM_NAMES[t]]
        if by_levels:
            words.append("lv" + dc.RANKS[o.levels[t]])
        if s == o.offense:
            words.append("leader")
        notes.append(" ".join(words))
    return tuple(notes)


def public_action(event: Any) -> bool:
    """Whether ``event`` is shown as its seat's last action: plays, passes and
    tributes (returns, offers and takes are private)."""
    a = event.action
    if type(a) is Gift:
        return a.kind is GiftKind.TRIBUTE
    return isinstance(a, (Combo, Pass))


def win_rewards(result: Result, players: int) -> list[float]:
    """``reward="win"``: +1 to each seat of the winning team (the team of the
    first player out, when it finished first; a win that scores nothing under
    ``only_offense_scores`` included), -1 to the other team's; 0 to everyone
    after a draw."""
    if not result.winners:
        return [0.0] * players
    return [1.0 if s in result.winners else -1.0 for s in range(players)]
