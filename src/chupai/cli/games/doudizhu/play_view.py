"""How the Dou Dizhu terminal game (:mod:`.play`) draws cards, actions, roles, the
stakes, the seats and the hand."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from rich.table import Table
from rich.text import Text

import chupai.cli.games.doudizhu.messages  # noqa: F401  (the game's translations)
from chupai.cli.games.doudizhu.play_input import hand_ranks, kind_of, rank_text
from chupai.cli.games.doudizhu.stakes import bid_factor, bomb_factor, rob_factor, stake_words
from chupai.cli.session import DealSession
from chupai.doudizhu.combos import BJ, NRANKS, RJ, SHIFTS, Kind
from chupai.doudizhu.game import SHOW, Bid, Choice, DouDizhuDeal, Observation, Pass, Phase
from chupai.doudizhu.rules import MingPai
from chupai.i18n import Msg
from chupai.protocol import GameSpec

__all__ = ["DouDizhuView", "WORDS"]

_ROW_CARDS: Final = 26
"""Most cards per row of the hand display."""

WORDS: Final[Mapping[str, Mapping[str, str]]] = {
    "en": {
        "landlord": "landlord",
        "peasant": "peasant",
        "pass": "pass",
        "no_bid": "pass",
        "rob": "rob",
        "no": "no",
        "show": "show",
        "BJ": "BJ",
        "RJ": "RJ",
    },
    "zh": {
        "landlord": "地主",
        "peasant": "农民",
        "pass": "不要",
        "no_bid": "不叫",
        "rob": "抢地主",
        "no": "不抢",
        "show": "明牌",
        "BJ": "小王",
        "RJ": "大王",
    },
    "ja": {
        "landlord": "地主",
        "peasant": "農民",
        "pass": "パス",
        "no_bid": "パス",
        "rob": "搶地主",
        "no": "搶わない",
        "show": "明牌",
        "BJ": "小王",
        "RJ": "大王",
    },
}
"""Display words of roles, actions and jokers by language (input stays English)."""


class DouDizhuView(DealSession):
    """The cells and lines of :class:`~chupai.cli.games.doudizhu.play.DouDizhuSession`."""

    deal: DouDizhuDeal
    spec: GameSpec

    # ----- text helpers -------------------------------------------------------------
    def w(self, key: str) -> str:
        return WORDS[self.lang][key]

    def times(self) -> str:
        return "×" if self.symbols else "x"

    def rank_label(self, r: int) -> str:
        if r == BJ:
            return self.w("BJ") if self.symbols else "BJ"
        if r == RJ:
            return self.w("RJ") if self.symbols else "RJ"
        return rank_text(r)

    def card(self, r: int) -> Text:
        style = "bold red" if r == RJ else "bold"
        return Text(self.rank_label(r), style=style)

    def cards(self, cards: int) -> Text:
        return Text(" ").join(self.card(r) for r in hand_ranks(cards))

    def action(self, action: Any, bidding: bool = False) -> Text:
        """An action as colored text: ``pair 8 8``, ``pass``, ``bid 2``, ``rob``
        (``bidding``: a pass in the bidding, 不叫 rather than 不要)."""
        if isinstance(action, Pass):
            return Text(self.w("no_bid" if bidding else "pass"), style="dim")
        if isinstance(action, Bid):
            return Text(self.t("bid {n}", n=action.value), style="yellow")
        if isinstance(action, Choice):
            return Text(
                self.w({"rob": "rob", "no": "no", "show": "show"}[action.name]), style="magenta"
            )
        style = "bold red" if action.power else "cyan"
        out = Text(self.kind(action.kind) + " ", style=style)
        out.append_text(self.cards(action.cards))
        return out

    def indexes(self, cards: int) -> str:
        """``#i`` hand indexes of ``cards`` in the human's hand (lowest copies first)."""
        order = hand_ranks(self.deal.hands[self.human])
        need = [(cards >> SHIFTS[r]) & 31 for r in range(NRANKS)]
        out = []
        for i, r in enumerate(order):
            if need[r]:
                need[r] -= 1
                out.append(f"#{i}")
        return " ".join(out)

    def role(self, seat: int) -> str:
        lord = self.deal.landlord
        if lord is None:
            return ""
        return self.w("landlord") if seat == lord else self.w("peasant")

    # ----- stakes -------------------------------------------------------------------
    def stakes(self, obs: Observation) -> Text:
        """The multipliers so far: bid, robs, bombs, doubling, 明牌."""
        x = self.times()
        deal = self.deal
        rules = deal.rules
        t = Text(self.t("Stakes: "), style="bold")
        if obs.phase is Phase.BID:
            if obs.bid:
                by = self.name(deal.bidder or 0)
                t.append(self.t("highest bid {bid} by {who}", bid=obs.bid, who=by))
            else:
                t.append(self.t("no bid yet"), style="dim")
            if obs.doubled:
                t.append(self.t(" · redeal doubling {x}2", x=x), style="magenta")
            return t
        unit, factors = self.stake_so_far(obs)
        t = Text(stake_words(self.lang, unit, factors, x))
        t.stylize("bold", 0, len(self.t("Stake {unit} = {factors}", unit=unit, factors="")))
        if obs.shown and rules.ming_pai is not MingPai.ALWAYS:
            t.append(self.t("; {x}2 (明牌) if the landlord wins", x=x), style="magenta")
        return t

    def stake_so_far(self, obs: Observation) -> tuple[int, list[tuple[Msg, int]]]:
        """The unit of the deal in play and its factors (:func:`.stakes.stake_words`):
        bid, robs, bombs, redeal doubling and 明牌 when it counts whoever wins."""
        rules = self.deal.rules
        ming = 2 if obs.shown and rules.ming_pai is MingPai.ALWAYS else 1
        factors = [
            (bid_factor(obs.bid), obs.bid),
            (rob_factor(obs.robs), rules.rob_multiplier(obs.robs) if obs.robs else 1),
            (bomb_factor(obs.bombs), 1 << obs.bombs),
            (Msg("doubled after a redeal"), 2 if obs.doubled else 1),
            (Msg("明牌"), ming),
        ]
        unit = 1
        for _, f in factors:
            unit *= f
        return unit, factors

    def stake_question(self, action: Any) -> str | None:
        """明牌 doubles the stake: the question that confirms it (None for any other
        action)."""
        if action != SHOW:
            return None
        unit, _ = self.stake_so_far(self.deal.observe(self.human))
        if self.deal.rules.ming_pai is MingPai.ALWAYS:
            return self.t("This doubles the stake to {unit}. Show your hand (明牌)?", unit=unit * 2)
        return self.t(
            "This doubles the stake to {unit} if you win. Show your hand (明牌)?", unit=unit * 2
        )

    def seats_table(self, obs: Observation) -> Table:
        playing = obs.phase is Phase.PLAY
        roles = ("Role",) if obs.landlord is not None else ()
        table = self.seats_frame(*roles, "Cards", "This trick" if playing else "Bidding")
        said: dict[int, list[Text]] = {}
        if not playing:
            for ev in obs.history:
                said.setdefault(ev.seat, []).append(self.action(ev.action, bidding=True))
        trick = self.trick if obs.top is not None else {}
        for seat in range(obs.players):
            label = self.seat_label(seat)
            if seat == obs.dealer:
                label.append(self.t(" (dealer)"), style="dim")
            role = Text(
                self.role(seat) if playing or seat == obs.landlord else "",
                style="bold magenta" if seat == obs.landlord else "",
            )
            count = obs.hand_counts[seat]
            cards = Text(str(count), style="bold red" if count <= 2 else "")
            if playing:
                what = self.trick_cell(trick, seat, obs.top, obs.top_player)
            else:
                what = Text(self.t(", ")).join(said.get(seat, []))
            mark = self.marker(seat, obs.current_player)
            if obs.landlord is not None:
                table.add_row(mark, label, role, cards, what)
            else:
                table.add_row(mark, label, cards, what)
        return table

    def draw_hand(self, hand: int) -> None:
        order = hand_ranks(hand)
        self.say(Text(self.t("Your hand ({n}):", n=len(order)), style="bold"))
        if not order:
            return
        self.draw_indexed([self.card(r) for r in order], most=_ROW_CARDS)

    def find_kind(self, text: str) -> Kind | None:
        """The combination type named ``text`` (judge name, display name, plural)."""
        kind = kind_of(text.replace(" ", "_")) or kind_of(text.removesuffix("s"))
        if kind is None:
            for k in Kind:
                if text in (self.kind(k).lower(), k.value.replace("_", " ")):
                    kind = k
        return kind

    def plain(self, cards: int) -> str:
        """Cards as the plain rank tokens one would type."""
        return " ".join(rank_text(r) for r in hand_ranks(cards))
