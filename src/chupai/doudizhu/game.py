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

import random
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache
from typing import Any, Final, NamedTuple, TypeAlias

from chupai.actions import PASS, Pass
from chupai.deal import Deal
from chupai.doudizhu.combos import (
    GUARD,
    UNIT,
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
from chupai.doudizhu.movegen import _hand_combos
from chupai.doudizhu.rules import AllPass, Bidding, DouDizhuRules, MingPai
from chupai.doudizhu.scoring import multipliers, settle
from chupai.errors import IllegalActionError

__all__ = [
    "format_action",
    "Phase", "Pass", "PASS", "Bid", "Choice", "ROB", "NO_ROB", "SHOW", "Action", "Event",
    "Outcome", "Observation", "DouDizhuDeal", "new_deal", "deal_cards",
]


class Phase(StrEnum):
    """Phases of a deal."""

    BID = "bid"
    """叫地主: players bid 1..3 or pass (§4)."""
    ROB = "rob"
    """搶地主: eligible players rob the landlord or not (§5)."""
    PLAY = "play"
    OVER = "over"




class Bid(NamedTuple):
    """A bid of 1, 2 or 3 (text ``bid N``)."""

    value: int


class Choice(NamedTuple):
    """A named decision: ``rob``, ``no`` (do not rob) or ``show`` (明牌)."""

    name: str


ROB: Final = Choice("rob")
NO_ROB: Final = Choice("no")
SHOW: Final = Choice("show")

Action: TypeAlias = Combo | Pass | Bid | Choice


class Event(NamedTuple):
    """One applied action: who did what. The list of events is the deal's history."""

    seat: int
    action: Action


class Outcome(NamedTuple):
    """The result of a finished deal."""

    redeal: bool
    """Everybody passed in the bidding: no play, no score (§4.2)."""
    next_doubled: bool
    """Whether the next deal carries ``D = 2`` (only after a redeal under
    ``all_pass=redeal_doubled_once`` that was not itself doubled)."""
    landlord: int | None
    winner: int | None
    """The seat that went out first."""
    landlord_won: bool | None
    bid: int
    """``B`` (0 on a redeal)."""
    robs: int
    """``k``: the number of robs."""
    rob_multiplier: int
    """``R``."""
    bombs: int
    """``b``: doubling bombs played (the factor is ``2^b``)."""
    spring: bool
    anti_spring: bool
    spring_factor: int
    """``S``."""
    thunder: int
    """``T``."""
    ming: int
    """``M``."""
    doubled: int
    """``D``."""
    unit: int
    """``U``."""
    scores: tuple[int, ...]
    hands: tuple[Cards, ...]
    """Every seat's cards at the end (revealed)."""

    @property
    def side(self) -> str | None:
        """``"landlord"``, ``"peasants"`` or None (redeal)."""
        if self.landlord_won is None:
            return None
        return "landlord" if self.landlord_won else "peasants"

    def to_dict(self) -> dict[str, Any]:
        return {
            "redeal": self.redeal,
            "next_doubled": self.next_doubled,
            "landlord": self.landlord,
            "winner": self.winner,
            "side": self.side,
            "bid": self.bid,
            "robs": self.robs,
            "rob_multiplier": self.rob_multiplier,
            "bombs": self.bombs,
            "spring": self.spring,
            "anti_spring": self.anti_spring,
            "spring_factor": self.spring_factor,
            "thunder": self.thunder,
            "ming": self.ming,
            "doubled": self.doubled,
            "unit": self.unit,
            "scores": list(self.scores),
            "hands": [cards_text(h) for h in self.hands],
        }


@dataclass(frozen=True, slots=True)
class Observation:
    """What one seat may know: its own hand, the public marker card and its
    receiver, bids and robs, the kitty once taken, the landlord's hand once shown
    (明牌), every play, and the number of cards each seat holds."""

    rules: DouDizhuRules
    """The rules of the game (public)."""
    seat: int
    players: int
    phase: Phase
    current_player: int | None
    dealer: int
    first_bidder: int
    """The receiver of the marker card (public)."""
    marker: int | None
    """Rank index of the face-up marker card (None when the deal was built without one)."""
    hand: Cards
    hand_counts: tuple[int, ...]
    history: tuple[Event, ...]
    """Every action so far (all are public: bids, robs, 明牌, plays, passes)."""
    bid: int
    """The highest bid so far (the base score ``B`` once bidding is over)."""
    landlord: int | None
    """The current landlord (during robbing) or the deal's landlord; None before."""
    robs: int
    kitty: Cards | None
    """The kitty, once the landlord has taken it (face up); else None."""
    landlord_hand: Cards | None
    """The landlord's current hand if exposed by 明牌, else None."""
    shown: bool
    played: tuple[Cards, ...]
    """Cards each seat has played so far."""
    top: Combo | None
    """The current top play of the trick (None when leading)."""
    top_player: int | None
    leader: int | None
    bombs: int
    """Doubling bombs played so far."""
    doubled: bool
    outcome: Outcome | None

    @property
    def public_roles(self) -> tuple[str, ...]:
        """Each seat's role as every seat knows it: ``landlord`` and ``peasant``
        once the landlord is settled (play or over), else ``""``."""
        lord = self.landlord
        if lord is None or self.phase not in (Phase.PLAY, Phase.OVER):
            return ("",) * self.players
        return tuple("landlord" if s == lord else "peasant" for s in range(self.players))

    @property
    def roles(self) -> tuple[str, ...]:
        """Each seat's role as this seat knows it (every role is public)."""
        return self.public_roles


@lru_cache(maxsize=4)
def _canonical_stock(packs: int) -> tuple[int, ...]:
    return tuple([r for r in range(13) for _ in range(4 * packs)] + [13] * packs + [14] * packs)


def _stock(rules: DouDizhuRules) -> list[int]:
    """The canonical (unshuffled) stock as a list of rank indices."""
    return list(_canonical_stock(rules.packs))


def deal_cards(rules: DouDizhuRules, seed: int, dealer: int | None = None
               ) -> tuple[int, list[Cards], Cards, int, int]:
    """Shuffle with ``random.Random(seed)`` and deal (§3): returns ``(dealer, hands,
    kitty, marker_index, marker_rank)``. The dealer is drawn first (always, so a
    given dealer leaves the shuffle unchanged), then the stock is shuffled, then
    the marker position ``m`` is drawn among the hand positions. Card ``k`` of the
    stock goes to seat ``(dealer + k) mod n``; the rest is the kitty."""
    rng = random.Random(seed)
    n = rules.players
    drawn = rng.randrange(n)
    if dealer is None:
        dealer = drawn
    stock = _stock(rules)
    rng.shuffle(stock)
    total = n * rules.hand_size
    m = rng.randrange(total)
    hands = [0] * n
    for i in range(n):
        h = 0
        for r in stock[i:total:n]:
            h += UNIT[r]
        hands[(dealer + i) % n] = h
    kitty = 0
    for r in stock[total:]:
        kitty += UNIT[r]
    return dealer, hands, kitty, m, stock[m]


class DouDizhuDeal(Deal[Action, Event, Outcome]):
    """One deal of Dou Dizhu. Build with :func:`new_deal` or :meth:`from_hands`."""

    __slots__ = (
        "rules", "_t", "players", "dealer", "seed", "marker_index", "marker", "first_bidder",
        "doubled", "dealt_hands", "kitty", "hands", "phase", "to_act", "history",
        "bids", "bid", "bidder", "_passed", "_spoken", "landlord", "first_landlord",
        "robs", "_rob_queue", "_rob_pos", "kitty_taken", "top", "top_player", "passes",
        "leader", "played", "play_counts", "bombs", "shown", "can_show", "outcome",
        "_combos", "_stale", "_doubling",
    )

    rules: DouDizhuRules
    players: int
    dealer: int
    seed: int | None
    marker_index: int | None
    """Stock position of the face-up marker card (§3), if known."""
    marker: int | None
    """Rank index of the marker card, if known."""
    first_bidder: int
    doubled: bool
    """Whether this deal carries ``D = 2`` (§4.2)."""
    dealt_hands: tuple[Cards, ...]
    kitty: Cards
    hands: list[Cards]
    """Each seat's current cards (packed rank counts)."""
    phase: Phase
    to_act: int | None
    history: list[Event]
    bids: list[tuple[int, int]]
    """``(seat, bid)`` in order; bid 0 is a pass."""
    bid: int
    """The highest bid so far (``B`` once the bidding is over)."""
    bidder: int | None
    """The highest bidder so far."""
    landlord: int | None
    """The current landlord (during robbing) or the deal's landlord."""
    first_landlord: int | None
    """``L0``: the landlord the bidding produced."""
    robs: int
    kitty_taken: bool
    top: Combo | None
    top_player: int | None
    passes: int
    """Passes in a row since the top play."""
    leader: int | None
    played: list[Cards]
    play_counts: list[int]
    """Plays (not passes) made by each seat."""
    bombs: int
    """Doubling bombs played so far (``b``)."""
    shown: bool
    can_show: bool
    outcome: Outcome | None
    _t: Tables
    _passed: int
    _spoken: int
    _rob_queue: list[int]
    _rob_pos: int
    _combos: list[list[Combo] | None]
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
        if not 0 <= dealer < n:
            raise ValueError(f"dealer {dealer} is not a seat of {n} players")
        if marker_index is not None:
            if not 0 <= marker_index < n * rules.hand_size:
                raise ValueError(f"marker index {marker_index} is not a hand position "
                                 f"(0..{n * rules.hand_size - 1})")
            fb = (dealer + marker_index) % n
            if first_bidder is not None and first_bidder != fb:
                raise ValueError(f"first bidder {first_bidder} is not the receiver of marker "
                                 f"index {marker_index} (seat {fb})")
            first_bidder = fb
        if first_bidder is None:
            first_bidder = dealer
        if not 0 <= first_bidder < n:
            raise ValueError(f"first bidder {first_bidder} is not a seat of {n} players")
        if marker is not None:
            if not 0 <= marker < 15 or not (hs[first_bidder] >> (5 * marker)) & 31:
                raise ValueError(f"the marker card is not in the first bidder's hand (seat {first_bidder})")
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
        self.top = None
        self.top_player = None
        self.passes = 0
        self.leader = None
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
            p = top[5]
            if p:
                out = [c for c in combos if c[5] > p]
            else:
                g, k = top[4], top[2]
                out = [c for c in combos if c[5] or (c[4] == g and c[2] > k)]
            out.append(PASS)
            return out
        if phase is Phase.BID:
            bids: list[Action] = [Bid(v) for v in range(self.bid + 1, 4)]
            bids.append(PASS)
            return bids
        return [ROB, NO_ROB]

    def why_illegal(self, action: Action) -> str | None:
        """Why ``action`` is illegal now, or None if it is legal."""
        seat = self.to_act
        if seat is None:
            return "the deal is over"
        phase = self.phase
        if phase is Phase.BID:
            if isinstance(action, Pass):
                return None
            if isinstance(action, Bid):
                v = action.value
                if isinstance(v, bool) or not isinstance(v, int) or not 1 <= v <= 3:
                    return f"a bid is 1, 2 or 3, not {v!r}"
                if v <= self.bid:
                    return f"a bid must be higher than the highest bid so far ({self.bid})"
                return None
            return f"seat {seat} must bid (1..3) or pass"
        if phase is Phase.ROB:
            if action == ROB or action == NO_ROB:
                return None
            return f"seat {seat} must decide whether to rob the landlord (rob or no)"
        # play
        if isinstance(action, Pass):
            return "the leader may not pass" if self.top is None else None
        if isinstance(action, Bid):
            return "the bidding is over"
        if isinstance(action, Choice):
            if action == SHOW:
                if self.can_show and self.top is None and seat == self.landlord:
                    return None
                if self.rules.ming_pai is MingPai.OFF:
                    return "明牌 is not allowed (ming_pai=off)"
                return "only the landlord may show the hand, and only before its first play"
            return f"{action.name!r} is not an action of the play phase"
        if not isinstance(action, Combo):
            return f"not an action: {action!r}"
        cards = action.cards
        hand = self.hands[seat]
        if not isinstance(cards, int) or cards <= 0 or cards & GUARD or not contains(hand, cards):
            return f"seat {seat} does not hold {cards_text(cards) if isinstance(cards, int) else cards!r}"
        found = readings(cards, self.rules)
        if not found:
            return "not a combination: " + explain(cards, self.rules)
        first_of_kind = next((r for r in found if r.kind == action.kind), None)
        if first_of_kind is None:
            return (f"{cards_text(cards)} cannot be read as {action.kind.value}; it reads as "
                    + ", ".join(sorted({r.kind.value for r in found})))
        if action != first_of_kind:
            return "the play does not match its cards' reading (a kind is always read with its highest key)"
        if self.top is None:
            return None
        if not beats(action, self.top, self.rules):
            return (f"{action.kind.value} {cards_text(cards)} does not beat "
                    f"{self.top.kind.value} {cards_text(self.top.cards)}")
        return None

    # ----- notation ---------------------------------------------------------
    def cards_text(self, cards: Cards) -> str:
        """Canonical text of ``cards``: bare ranks ascending."""
        return cards_text(cards)

    def action_text(self, action: Action) -> str:
        """The text of an action (:func:`format_action`)."""
        return format_action(self.rules, action)

    def parse_action(self, text: str) -> Action:
        """Read an action from text in the current phase: ``bid N`` (or just ``N``
        while bidding), ``pass``/``p`` (``no`` while robbing), ``rob``, ``no``,
        ``show``, or card tokens optionally followed by a type name.

        Cards without a type name take the first reading (§7) that beats the top
        play when following, else the first reading; with a type name, that type's
        reading. The result is not checked for legality (see :meth:`check`).
        Raises :class:`CardParseError` for bad tokens and
        :class:`IllegalActionError` when the text is no action at all."""
        t = " ".join(text.strip().lower().split())
        if t in ("pass", "p"):
            return NO_ROB if self.phase is Phase.ROB else PASS
        if t in ("rob", "no", "no rob", "show", "show_hand", "show hand"):
            return {"rob": ROB, "show": SHOW, "show_hand": SHOW, "show hand": SHOW}.get(t, NO_ROB)
        parts = t.split()
        if parts and parts[0] == "bid" or (self.phase is Phase.BID and t in ("1", "2", "3")):
            num = parts[-1] if parts else ""
            if len(parts) > 2 or not num.isdigit():
                raise IllegalActionError(text, "a bid is written 'bid N' with N = 1, 2 or 3")
            return Bid(int(num))
        kind: Kind | None = None
        tokens = text.split()
        if tokens and tokens[-1].lower() in _KIND_NAMES:
            kind = Kind(tokens[-1].lower())
            tokens = tokens[:-1]
        if not tokens:
            raise IllegalActionError(text, "no cards")
        cards = parse_cards(tokens, self.rules)
        found = readings(cards, self.rules)
        if not found:
            raise IllegalActionError(text, "not a combination: " + explain(cards, self.rules))
        if kind is not None:
            for r in found:
                if r.kind is kind:
                    return r
            raise IllegalActionError(
                text, f"the cards cannot be read as {kind.value}; they read as "
                + ", ".join(sorted({r.kind.value for r in found})))
        top = self.top if self.phase is Phase.PLAY else None
        if top is not None:
            for r in found:
                if beats(r, top, self.rules):
                    return r
        return found[0]

    # ----- transitions -------------------------------------------------------
    def apply_unchecked(self, action: Action) -> Event:
        """Apply ``action`` WITHOUT checking legality (fast path for simulators
        that choose from :meth:`legal_actions`). An illegal action corrupts the
        state."""
        seat = self.to_act
        assert seat is not None
        ev = Event(seat, action)
        self.history.append(ev)
        if type(action) is Combo:
            self._play(seat, action)
        elif action is PASS or isinstance(action, Pass):
            if self.phase is Phase.BID:
                self._bid(seat, 0)
            else:
                self._pass(seat)
        elif isinstance(action, Bid):
            self._bid(seat, action.value)
        elif isinstance(action, Choice):
            if self.phase is Phase.ROB:
                self._rob(seat, action.name == "rob")
            else:
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
        self.top = combo
        self.top_player = seat
        self.passes = 0
        if not hand:
            self._finish_play(seat)
            return
        self.to_act = (seat + 1) % self.players

    def _pass(self, seat: int) -> None:
        passes = self.passes + 1
        if passes == self.players - 1:
            self.top = None
            self.passes = 0
            self.leader = self.to_act = self.top_player
        else:
            self.passes = passes
            self.to_act = (seat + 1) % self.players

    # ----- bidding and robbing ------------------------------------------------
    def _bid(self, seat: int, value: int) -> None:
        n = self.players
        self.bids.append((seat, value))
        if value:
            self.bid = value
            self.bidder = seat
        else:
            self._passed |= 1 << seat
        self._spoken += 1
        if value == 3:
            self._end_bidding()
            return
        if self.rules.bidding is Bidding.ONCE:
            if self._spoken >= n:
                self._end_bidding()
            else:
                self.to_act = (seat + 1) % n
            return
        passed = self._passed.bit_count()
        if passed == n or (self.bidder is not None and passed == n - 1):
            self._end_bidding()
            return
        for i in range(1, n + 1):
            cand = (seat + i) % n
            if not self._passed >> cand & 1:
                self.to_act = cand
                return
        raise AssertionError("no bidder left")  # pragma: no cover

    def _end_bidding(self) -> None:
        if self.bidder is None:
            self._finish_redeal()
            return
        l0 = self.bidder
        self.landlord = self.first_landlord = l0
        n = self.players
        if self.rules.robbing:
            others = [(l0 + i) % n for i in range(1, n)]
            self._rob_queue = [s for s in others if not self._passed >> s & 1] + [l0]
            self._rob_pos = 0
            self._next_robber()
        else:
            self._take_kitty()

    def _next_robber(self) -> None:
        queue = self._rob_queue
        while self._rob_pos < len(queue):
            s = queue[self._rob_pos]
            if s == self.first_landlord and self.landlord == s:
                self._rob_pos += 1  # L0 is still the landlord: nothing to decide
                continue
            self.phase = Phase.ROB
            self.to_act = s
            return
        self._take_kitty()

    def _rob(self, seat: int, rob: bool) -> None:
        if rob:
            self.robs += 1
            self.landlord = seat
        self._rob_pos += 1
        self._next_robber()

    def _take_kitty(self) -> None:
        lord = self.landlord
        assert lord is not None
        self.hands[lord] += self.kitty
        self._combos[lord] = None
        self.kitty_taken = True
        self.phase = Phase.PLAY
        self.leader = self.to_act = lord
        self.can_show = self.rules.ming_pai is not MingPai.OFF

    # ----- the end -------------------------------------------------------------
    def _finish_redeal(self) -> None:
        next_doubled = (self.rules.all_pass is AllPass.REDEAL_DOUBLED_ONCE and not self.doubled)
        self.phase = Phase.OVER
        self.to_act = None
        self.outcome = Outcome(
            redeal=True, next_doubled=next_doubled, landlord=None, winner=None,
            landlord_won=None, bid=0, robs=0, rob_multiplier=1, bombs=0, spring=False,
            anti_spring=False, spring_factor=1, thunder=1, ming=1,
            doubled=2 if self.doubled else 1, unit=0, scores=(0,) * self.players,
            hands=tuple(self.hands),
        )

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
            self.rules, bid=self.bid, robs=self.robs, doubling_bombs=self.bombs,
            spring=spring, anti_spring=anti, shown=self.shown, landlord_won=won,
            doubled=self.doubled,
        )
        u = ms.unit
        self.phase = Phase.OVER
        self.to_act = None
        self.outcome = Outcome(
            redeal=False, next_doubled=False, landlord=lord, winner=seat, landlord_won=won,
            bid=self.bid, robs=self.robs, rob_multiplier=ms.rob, bombs=self.bombs,
            spring=spring, anti_spring=anti,
            spring_factor=ms.spring, thunder=ms.thunder, ming=ms.ming, doubled=ms.doubled,
            unit=u, scores=tuple(settle(self.rules, lord, won, u)), hands=tuple(self.hands),
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

    def clone(self) -> DouDizhuDeal:
        """An independent copy (lists copied; immutable values shared)."""
        other = DouDizhuDeal.__new__(DouDizhuDeal)
        for name in DouDizhuDeal.__slots__:
            setattr(other, name, getattr(self, name))
        other.hands = list(self.hands)
        other.history = list(self.history)
        other.bids = list(self.bids)
        other.played = list(self.played)
        other.play_counts = list(self.play_counts)
        other._combos = list(self._combos)
        other._stale = list(self._stale)
        other._rob_queue = list(self._rob_queue)
        return other

    def __repr__(self) -> str:
        hands = " | ".join(cards_text(h) for h in self.hands)
        return (f"<DouDizhuDeal {self.rules.spec()} phase={self.phase.value} "
                f"to_act={self.to_act} hands=[{hands}]>")


_KIND_NAMES: Final = frozenset(k.value for k in Kind)


def format_action(rules: DouDizhuRules, action: Action) -> str:
    """The text of an action under ``rules``: ``bid N``, ``pass``, ``rob``, ``no``,
    ``show``, or card ranks, followed by the type name when the cards have
    readings of more than one type (``3 3 3 4 4 4 5 5 5 6 6 6 airplane_singles``).
    ``DouDizhuDeal.action_text`` and the web views both write actions with it."""
    if isinstance(action, Pass):
        return "pass"
    if isinstance(action, Bid):
        return f"bid {action.value}"
    if isinstance(action, Choice):
        return action.name
    if isinstance(action, Combo):
        text = cards_text(action.cards)
        kinds = {r.kind for r in readings(action.cards, rules)}
        if len(kinds) > 1:
            text += " " + action.kind.value
        return text
    return repr(action)


def new_deal(rules: DouDizhuRules, seed: int, *, dealer: int | None = None,
             doubled: bool = False) -> DouDizhuDeal:
    """Deal a new Dou Dizhu deal from ``seed`` (deterministic; see
    :func:`deal_cards`). ``doubled`` marks the deal after an all-pass redeal under
    ``all_pass=redeal_doubled_once`` (``D = 2``)."""
    dealer, hands, kitty, m, marker = deal_cards(rules, seed, dealer)
    return DouDizhuDeal.from_hands(rules, hands, kitty, dealer=dealer, marker_index=m,
                                   marker=marker, doubled=doubled, seed=seed)

