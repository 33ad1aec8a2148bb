"""The Dou Dizhu deal: dealing with a marker card, bidding, robbing, the kitty,
明牌, play and scoring (``doudizhu.md`` §3–§10).

:class:`DouDizhuDeal` is the state machine of one deal. It follows the OpenSpiel
method names (``current_player``, ``legal_actions``, ``apply_action``,
``is_terminal``, ``returns``, ``observe``, ``clone``) and the checked/unchecked
split: :meth:`DouDizhuDeal.apply_action` validates and raises
:class:`IllegalActionError`; :meth:`DouDizhuDeal.apply_unchecked` trusts its caller
(simulators that only pick from :meth:`DouDizhuDeal.legal_actions`).
The methods that read alike in every game (``current_player``, ``returns``,
``is_legal``, ``check``, ``apply_action``, ``child``) come from
:class:`chupai.deal.Deal`.

Actions are values: a bid is :class:`Bid` (``bid 1`` .. ``bid 3``), a pass in the
bidding or in play is :data:`PASS`, a robbing decision is :data:`ROB` or
:data:`NO_ROB`, the landlord's 明牌 is :data:`SHOW`, and a play is a
:class:`~chupai.doudizhu.combos.Combo` (one reading of its cards).

A deal in which everybody passes in the bidding ends at once as a **redeal**:
its outcome has ``redeal=True``, zero scores, and ``next_doubled`` telling whether
the next deal (dealt by the next player, ``(dealer + 1) % players``) carries
``D = 2`` under ``all_pass=redeal_doubled_once``.

>>> from chupai.doudizhu.rules import PRESETS
>>> deal = new_deal(PRESETS["classic"], seed=7)
>>> deal.phase.value, deal.current_player == deal.first_bidder
('bid', True)
>>> [deal.action_text(a) for a in deal.legal_actions()]
['bid 1', 'bid 2', 'bid 3', 'pass']
>>> _ = deal.apply_action(deal.parse_action("bid 3"))
>>> deal.phase.value, deal.landlord == deal.first_bidder
('rob', True)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, Self

from chupai.actions import PASS, Pass
from chupai.deal import Deal, clone_slots
from chupai.doudizhu.auction import AuctionMixin
from chupai.doudizhu.combos import (
    GUARD,
    Cards,
    Combo,
    Kind,
    Tables,
    beats,
    cards_text,
    contains,
    deck_cards,
    explain,
    parse_cards,
    readings,
    size_of,
    tables,
)
from chupai.doudizhu.dealing import _canonical_stock, _stock, deal_cards
from chupai.doudizhu.messages import kind_name, kind_names
from chupai.doudizhu.movegen import _fast, _hand_combos
from chupai.doudizhu.notation import _KIND_NAMES, format_action, parse_action
from chupai.doudizhu.rules import DouDizhuRules, MingPai
from chupai.doudizhu.scoring import multipliers, settle
from chupai.doudizhu.state import (
    NO_ROB,
    ROB,
    SHOW,
    Action,
    Bid,
    Choice,
    Event,
    Observation,
    Outcome,
    Phase,
)
from chupai.i18n import CardTokens, Msg
from chupai.messages import does_not_beat
from chupai.trick import Trick

__all__ = [
    "format_action",
    "Phase",
    "Pass",
    "PASS",
    "Bid",
    "Choice",
    "ROB",
    "NO_ROB",
    "SHOW",
    "Action",
    "Event",
    "Outcome",
    "Observation",
    "DouDizhuDeal",
    "new_deal",
    "deal_cards",
]

_new: Final = tuple.__new__

_REEXPORTED = (_canonical_stock, _stock, _KIND_NAMES)
"""Names that lived in this module before it was split (kept importable)."""


class DouDizhuDeal(AuctionMixin, Trick, Deal[Action, Event, Outcome]):
    """One deal of Dou Dizhu. Build with :func:`new_deal` or :meth:`from_hands`.
    The bid and rob phases come from :class:`~chupai.doudizhu.auction.AuctionMixin`,
    the trick from :class:`chupai.trick.Trick` (every seat stays in play to the end,
    and a pass locks nobody out)."""

    __slots__ = (
        "rules",
        "_t",
        "players",
        "dealer",
        "seed",
        "marker_index",
        "marker",
        "first_bidder",
        "doubled",
        "dealt_hands",
        "kitty",
        "hands",
        "history",
        "top",
        "top_player",
        "passed",
        "played",
        "play_counts",
        "bombs",
        "shown",
        "_combos",
        "_stale",
        "_doubling",
        "_active",
        "_lockout",
    )

    _COPIED = (
        "hands",
        "history",
        "bids",
        "played",
        "play_counts",
        "_combos",
        "_stale",
        "_rob_queue",
    )
    _CACHES = ("_combos",)

    phase: Phase
    dealer: int
    seed: int | None
    marker_index: int | None
    """Stock position of the face-up marker card (§3), if known."""
    marker: int | None
    """Rank index of the marker card, if known."""
    first_bidder: int
    dealt_hands: tuple[Cards, ...]
    history: list[Event]
    top: Combo | None
    top_player: int | None
    passed: int
    """Bit mask of the seats that passed since the top play (:attr:`passes` counts them)."""
    played: list[Cards]
    play_counts: list[int]
    """Plays (not passes) made by each seat."""
    bombs: int
    """Doubling bombs played so far (``b``)."""
    shown: bool
    _t: Tables
    _stale: list[bool]
    _doubling: frozenset[Kind]

    # ----- construction ---------------------------------------------------
    @classmethod
    def from_hands(
        cls,
        rules: DouDizhuRules,
        hands: Sequence[Cards | str],
        kitty: Cards | str,
        *,
        dealer: int = 0,
        first_bidder: int | None = None,
        marker_index: int | None = None,
        marker: int | None = None,
        doubled: bool = False,
        seed: int | None = None,
    ) -> DouDizhuDeal:
        """A deal from given hands and kitty (packed counts or card text). The
        hands and kitty together must be exactly the game's decks.

        The first bidder is ``(dealer + marker_index) % players`` when
        ``marker_index`` is given, else ``first_bidder``, else the dealer.
        ``marker`` (a rank index) must then be in the first bidder's hand.
        Raises ``ValueError`` for an inconsistent deal."""
        n = rules.players
        hs, kit = _checked_cards(rules, hands, kitty)
        first_bidder = _first_bidder(rules, hs, dealer, first_bidder, marker_index, marker)
        self = cls.__new__(cls)
        self.rules = rules
        self._t = tables(rules)
        self._doubling = self._t.doubling
        self.players = n
        self.dealer = dealer
        self.seed = seed
        self.marker_index = marker_index
        self.marker = marker
        self.first_bidder = first_bidder
        self.doubled = bool(doubled)
        self.dealt_hands = tuple(hs)
        self.kitty = kit
        self.hands = list(hs)
        self.phase = Phase.BID
        self.to_act = first_bidder
        self.history = []
        self.bids = []
        self.bid = 0
        self.bidder = None
        self._passed = 0
        self._spoken = 0
        self.landlord = None
        self.first_landlord = None
        self.robs = 0
        self._rob_queue = []
        self._rob_pos = 0
        self.kitty_taken = False
        self._no_trick()
        self.played = [0] * n
        self.play_counts = [0] * n
        self.bombs = 0
        self.shown = False
        self.can_show = False
        self.outcome = None
        self._combos = [None] * n
        self._stale = [False] * n
        return self

    # ----- queries ----------------------------------------------------------
    def is_terminal(self) -> bool:
        return self.phase is Phase.OVER

    def combos_of(self, seat: int) -> list[Combo]:
        """Every distinct play of ``seat``'s current hand (cached per deal and
        filtered as cards leave the hand)."""
        cached = self._combos[seat]
        if cached is None:
            cached = _hand_combos(self.hands[seat], self._t)
            self._combos[seat] = cached
            self._stale[seat] = False
        elif self._stale[seat]:
            if _fast is not None:  # the same filter, compiled
                cached = _fast.held(cached, self.hands[seat])
            else:
                hg = self.hands[seat] + GUARD
                cached = [c for c in cached if (hg - c[1]) & GUARD == GUARD]
            self._combos[seat] = cached
            self._stale[seat] = False
        return cached

    def legal_actions(self) -> list[Action]:
        """Every legal action of the player to act: bids then pass; rob/no; plays
        (then 明牌 ``show`` at the landlord's first lead, or pass when following)."""
        seat = self.to_act
        if seat is None:
            return []
        phase = self.phase
        if phase is Phase.PLAY:
            combos = self.combos_of(seat)
            top = self.top
            if top is None:
                out: list[Action] = list(combos)
                if self.can_show:
                    out.append(SHOW)
                return out
            if _fast is not None:  # the compiled movegen.follow_filter
                out = _fast.follow(combos, top)
            else:
                p = top[5]
                if p:
                    out = [c for c in combos if c[5] > p]
                else:
                    g, k = top[4], top[2]
                    out = [c for c in combos if c[5] or (c[4] == g and c[2] > k)]
            out.append(PASS)
            return out
        return self._phase_choices(seat)

    def why_illegal(self, action: Action) -> str | None:
        """Why ``action`` is illegal now, or None if it is legal."""
        seat = self.to_act
        if seat is None or self.phase is not Phase.PLAY:
            return self._refusal_outside_play(seat, action)
        return self._why_illegal_play(seat, action)

    def _why_illegal_play(self, seat: int, action: Action) -> str | None:
        if isinstance(action, Pass):
            return Msg("the leader may not pass") if self.top is None else None
        if isinstance(action, Bid):
            return Msg("the bidding is over")
        if isinstance(action, Choice):
            if action == SHOW:
                if self.can_show and self.top is None and seat == self.landlord:
                    return None
                if self.rules.ming_pai is MingPai.OFF:
                    return Msg("明牌 is not allowed (ming_pai=off)")
                return Msg("only the landlord may show the hand, and only before its first play")
            return Msg("{name!r} is not an action of the play phase", name=action.name)
        if not isinstance(action, Combo):
            return Msg("not an action: {action!r}", action=action)
        return self._why_illegal_combo(seat, action)

    def _why_illegal_combo(self, seat: int, action: Combo) -> str | None:
        cards = action.cards
        hand = self.hands[seat]
        if not isinstance(cards, int) or cards <= 0 or cards & GUARD or not contains(hand, cards):
            held = CardTokens(cards_text(cards)) if isinstance(cards, int) else repr(cards)
            return Msg("seat {seat} does not hold {cards}", seat=seat, cards=held)
        found = readings(cards, self.rules)
        if not found:
            return Msg("not a combination: {why}", why=explain(cards, self.rules))
        first_of_kind = next((r for r in found if r.kind == action.kind), None)
        if first_of_kind is None:
            return Msg(
                "{cards} cannot be read as {kind}; it reads as {kinds}",
                cards=CardTokens(cards_text(cards)),
                kind=kind_name(action.kind.value),
                kinds=kind_names(sorted({r.kind.value for r in found})),
            )
        if action != first_of_kind:
            return Msg(
                "the play does not match its cards' reading "
                "(a kind is always read with its highest key)"
            )
        if self.top is None:
            return None
        if not beats(action, self.top, self.rules):
            return does_not_beat(
                kind_name(action.kind.value),
                cards_text(cards),
                kind_name(self.top.kind.value),
                cards_text(self.top.cards),
            )
        return None

    # ----- notation ---------------------------------------------------------
    def cards_text(self, cards: Cards) -> str:
        """Canonical text of ``cards``: bare ranks ascending."""
        return cards_text(cards)

    def action_text(self, action: Action) -> str:
        """The text of an action (:func:`format_action`)."""
        return format_action(self.rules, action)

    def parse_action(self, text: str) -> Action:
        """Read an action from text in the current phase (not checked for
        legality): see :func:`chupai.doudizhu.notation.parse_action`."""
        return parse_action(self.rules, self.phase, self.top, text)

    # ----- transitions -------------------------------------------------------
    def apply_unchecked(self, action: Action) -> Event:
        """Apply ``action`` WITHOUT checking legality (fast path for simulators
        that choose from :meth:`legal_actions`). An illegal action corrupts the
        state."""
        seat = self.to_act
        assert seat is not None
        ev = _new(Event, (seat, action))  # Event(seat, action), without its Python __new__
        self.history.append(ev)
        if type(action) is Combo:
            self._play(seat, action)
        elif self.phase is not Phase.PLAY:
            self._phase_apply(seat, action)
        elif isinstance(action, Pass):
            self._trick_pass(seat)
        else:  # 明牌 (SHOW)
            self.shown = True
            self.can_show = False
        return ev

    def _play(self, seat: int, combo: Combo) -> None:
        cards = combo[1]
        hand = self.hands[seat] - cards
        self.hands[seat] = hand
        self.played[seat] += cards
        self.play_counts[seat] += 1
        self._stale[seat] = True
        self.can_show = False
        if combo[0] in self._doubling:
            self.bombs += 1
        if hand:
            self._trick_play(seat, combo)
        else:
            self._trick_top(seat, combo)
            self._finish_play(seat)

    # ----- the end -------------------------------------------------------------
    def _finish_play(self, seat: int) -> None:
        lord = self.landlord
        assert lord is not None
        won = seat == lord
        counts = self.play_counts
        peasant_plays = sum(counts) - counts[lord]
        rules = self.rules
        spring = won and peasant_plays == 0 and rules.spring_multiplier > 1
        anti = (not won) and counts[lord] == 1 and rules.anti_spring_multiplier > 1
        ms = multipliers(
            self.rules,
            bid=self.bid,
            robs=self.robs,
            doubling_bombs=self.bombs,
            spring=spring,
            anti_spring=anti,
            shown=self.shown,
            landlord_won=won,
            doubled=self.doubled,
        )
        u = ms.unit
        self.phase = Phase.OVER
        self.to_act = None
        self.outcome = Outcome(
            redeal=False,
            next_doubled=False,
            landlord=lord,
            winner=seat,
            landlord_won=won,
            bid=self.bid,
            robs=self.robs,
            rob_multiplier=ms.rob,
            bombs=self.bombs,
            spring=spring,
            anti_spring=anti,
            spring_factor=ms.spring,
            thunder=ms.thunder,
            ming=ms.ming,
            doubled=ms.doubled,
            unit=u,
            scores=tuple(settle(self.rules, lord, won, u)),
            hands=tuple(self.hands),
        )

    # ----- observation and copying -------------------------------------------
    def observe(self, seat: int) -> Observation:
        """The observation of ``seat``: only what that seat may know."""
        lord = self.landlord
        return Observation(
            rules=self.rules,
            seat=seat,
            players=self.players,
            phase=self.phase,
            current_player=self.to_act,
            dealer=self.dealer,
            first_bidder=self.first_bidder,
            marker=self.marker,
            hand=self.hands[seat],
            hand_counts=tuple(size_of(h) for h in self.hands),
            history=tuple(self.history),
            bid=self.bid,
            landlord=lord,
            robs=self.robs,
            kitty=self.kitty if self.kitty_taken else None,
            landlord_hand=self.hands[lord] if self.shown and lord is not None else None,
            shown=self.shown,
            played=tuple(self.played),
            top=self.top,
            top_player=self.top_player if self.top is not None else None,
            leader=self.leader,
            bombs=self.bombs,
            doubled=self.doubled,
            outcome=self.outcome,
        )

    def clone(self) -> Self:
        """An independent copy (lists copied; immutable values shared)."""
        return clone_slots(self, self._COPIED)


def _checked_cards(
    rules: DouDizhuRules, hands: Sequence[Cards | str], kitty: Cards | str
) -> tuple[list[Cards], Cards]:
    """The hands and kitty as packed counts, checked to be exactly the game's decks
    (``ValueError`` otherwise)."""
    n = rules.players
    hs = [parse_cards(h, rules) if isinstance(h, str) else h for h in hands]
    kit = parse_cards(kitty, rules) if isinstance(kitty, str) else kitty
    if len(hs) != n:
        raise ValueError(f"{len(hs)} hands given for {n} players")
    total = 0
    for i, h in enumerate(hs):
        if not isinstance(h, int) or h < 0 or h & GUARD:
            raise ValueError(f"hand {i} is not a packed card multiset")
        if size_of(h) != rules.hand_size:
            raise ValueError(f"hand {i} has {size_of(h)} cards, not {rules.hand_size}")
        total += h
    if not isinstance(kit, int) or kit < 0 or kit & GUARD:
        raise ValueError("the kitty is not a packed card multiset")
    if size_of(kit) != rules.kitty_size:
        raise ValueError(f"the kitty has {size_of(kit)} cards, not {rules.kitty_size}")
    total += kit
    if total != deck_cards(rules):
        raise ValueError("the hands and the kitty are not exactly the decks of the game")
    return hs, kit


def _first_bidder(
    rules: DouDizhuRules,
    hs: list[Cards],
    dealer: int,
    first_bidder: int | None,
    marker_index: int | None,
    marker: int | None,
) -> int:
    """The first bidder of a deal (see :meth:`DouDizhuDeal.from_hands`), checked."""
    n = rules.players
    if not 0 <= dealer < n:
        raise ValueError(f"dealer {dealer} is not a seat of {n} players")
    if marker_index is not None:
        if not 0 <= marker_index < n * rules.hand_size:
            raise ValueError(
                f"marker index {marker_index} is not a hand position (0..{n * rules.hand_size - 1})"
            )
        fb = (dealer + marker_index) % n
        if first_bidder is not None and first_bidder != fb:
            raise ValueError(
                f"first bidder {first_bidder} is not the receiver of marker "
                f"index {marker_index} (seat {fb})"
            )
        first_bidder = fb
    if first_bidder is None:
        first_bidder = dealer
    if not 0 <= first_bidder < n:
        raise ValueError(f"first bidder {first_bidder} is not a seat of {n} players")
    if marker is not None:
        if not 0 <= marker < 15 or not (hs[first_bidder] >> (5 * marker)) & 31:
            raise ValueError(
                f"the marker card is not in the first bidder's hand (seat {first_bidder})"
            )
    return first_bidder


def new_deal(
    rules: DouDizhuRules, seed: int, *, dealer: int | None = None, doubled: bool = False
) -> DouDizhuDeal:
    """Deal a new Dou Dizhu deal from ``seed`` (deterministic; see
    :func:`deal_cards`). ``doubled`` marks the deal after an all-pass redeal under
    ``all_pass=redeal_doubled_once`` (``D = 2``)."""
    dealer, hands, kitty, m, marker = deal_cards(rules, seed, dealer)
    return DouDizhuDeal.from_hands(
        rules,
        hands,
        kitty,
        dealer=dealer,
        marker_index=m,
        marker=marker,
        doubled=doubled,
        seed=seed,
    )
