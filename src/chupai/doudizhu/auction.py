"""The auction of a Dou Dizhu deal: bidding (叫地主, ``doudizhu.md`` §4), robbing
(搶地主, §5), the kitty, and the redeal when everybody passes (§4.2).

:class:`AuctionMixin` holds the state transitions and legality checks of the
``bid`` and ``rob`` phases, decision phases of the shape every game's pre-play
steps have (:mod:`chupai.phases`: the table :data:`PHASES`);
:class:`~chupai.doudizhu.game.DouDizhuDeal` inherits them; the mixin's
``__slots__`` are the state the auction writes.
"""

from __future__ import annotations

from chupai.actions import PASS, Pass
from chupai.doudizhu.combos import Cards, Combo
from chupai.doudizhu.rules import AllPass, Bidding, DouDizhuRules, MingPai
from chupai.doudizhu.state import NO_ROB, ROB, Action, Bid, Choice, Outcome, Phase
from chupai.i18n import Msg
from chupai.phases import DecisionPhases, PhaseRules

__all__ = ["PHASES", "AuctionMixin"]


class AuctionMixin(DecisionPhases):
    """Bidding, robbing and the kitty."""

    __slots__ = (
        "phase",
        "to_act",
        "bids",
        "bid",
        "bidder",
        "_passed",
        "_spoken",
        "landlord",
        "first_landlord",
        "robs",
        "_rob_queue",
        "_rob_pos",
        "kitty_taken",
        "leader",
        "can_show",
        "outcome",
    )

    rules: DouDizhuRules
    players: int
    doubled: bool
    """Whether this deal carries ``D = 2`` (§4.2)."""
    kitty: Cards
    hands: list[Cards]
    """Each seat's current cards (packed rank counts)."""
    phase: Phase
    to_act: int | None
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
    leader: int | None
    can_show: bool
    outcome: Outcome | None
    _passed: int
    _spoken: int
    _rob_queue: list[int]
    _rob_pos: int
    _combos: list[list[Combo] | None]

    # ----- legality --------------------------------------------------------------
    def _auction_actions(self, seat: int) -> list[Action]:
        """The legal actions of the bid or rob phase: bids then pass; rob/no."""
        if self.phase is Phase.BID:
            bids: list[Action] = [Bid(v) for v in range(self.bid + 1, 4)]
            bids.append(PASS)
            return bids
        return [ROB, NO_ROB]

    def _why_illegal_auction(self, seat: int, action: Action) -> str | None:
        """Why ``action`` of ``seat`` is illegal in the bid or rob phase."""
        if self.phase is Phase.ROB:
            if action == ROB or action == NO_ROB:
                return None
            return Msg("seat {seat} must decide whether to rob the landlord (rob or no)", seat=seat)
        if isinstance(action, Pass):
            return None
        if isinstance(action, Bid):
            v = action.value
            if isinstance(v, bool) or not isinstance(v, int) or not 1 <= v <= 3:
                return Msg("a bid is 1, 2 or 3, not {bid!r}", bid=v)
            if v <= self.bid:
                return Msg("a bid must be higher than the highest bid so far ({bid})", bid=self.bid)
            return None
        return Msg("seat {seat} must bid (1..3) or pass", seat=seat)

    # ----- transitions -------------------------------------------------------------
    def _auction_apply(self, seat: int, action: Action) -> None:
        """Apply a bid or pass (bid phase), or a robbing decision (rob phase)."""
        if self.phase is Phase.BID:
            self._bid(seat, action.value if isinstance(action, Bid) else 0)
        else:
            self._rob(seat, isinstance(action, Choice) and action.name == "rob")

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
        next_doubled = self.rules.all_pass is AllPass.REDEAL_DOUBLED_ONCE and not self.doubled
        self.phase = Phase.OVER
        self.to_act = None
        self.outcome = Outcome(
            redeal=True,
            next_doubled=next_doubled,
            landlord=None,
            winner=None,
            landlord_won=None,
            bid=0,
            robs=0,
            rob_multiplier=1,
            bombs=0,
            spring=False,
            anti_spring=False,
            spring_factor=1,
            thunder=1,
            ming=1,
            doubled=2 if self.doubled else 1,
            unit=0,
            scores=(0,) * self.players,
            hands=tuple(self.hands),
        )


_AUCTION: PhaseRules[AuctionMixin, Action] = PhaseRules(
    AuctionMixin._auction_actions, AuctionMixin._why_illegal_auction, AuctionMixin._auction_apply
)
PHASES: dict[Phase, PhaseRules[AuctionMixin, Action]] = {Phase.BID: _AUCTION, Phase.ROB: _AUCTION}
"""The decision phases of the auction (:mod:`chupai.phases`)."""
AuctionMixin._PHASES = PHASES
