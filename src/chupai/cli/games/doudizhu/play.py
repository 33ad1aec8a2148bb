"""Dou Dizhu's ``cli.play`` plugin: ``chupai play doudizhu``, a Dou Dizhu deal or
match in the terminal, one human seat against bots.

The setup and the session loop are every game's (:mod:`chupai.cli.play`,
:mod:`chupai.cli.session`); this module draws the table and reads the lines
(:mod:`.play_view`, :mod:`.play_input`).

The human's turn shows the marker card and the first bidder, each seat's role,
bids and robs, cards left and last action in the trick, the kitty once taken, the
landlord's hand once shown (明牌), the stakes so far (bid, robs, bombs), the top
play and the hand sorted by rank with an index above each card. Suits never
matter in Dou Dizhu, so cards are shown as bare ranks (jokers ``BJ``/``RJ``, or
小王/大王 with ``--lang zh``/``ja``).

Input: ``bid 2`` (or ``2``) and ``pass`` while bidding; ``rob`` or ``no`` while
robbing; in play card ranks (``3 3 4``, ``10``, ``334455``; suited tokens such as
``3s`` are accepted and their suits ignored), hand indexes written ``#0 #1`` (or a
line starting with ``#``: ``# 0 1``), an optional type name after the cards for a
set with several readings (``3 3 3 4 4 4 5 5 5 6 6 6 airplane_singles``), ``pass``,
``show`` (明牌, the landlord before its first play); ``hint``, ``help``, ``quit``
any time. Bad input is explained and asked again, never played.

When every player passes in the bidding the deal is redealt (the redeal loop of
:class:`~chupai.cli.session.DealSession`): the next player deals, the next seed is
derived from the last one, and the next deal is doubled when the rules say so
(``all_pass=redeal_doubled_once``).

With ``--deals N`` or ``--to SCORE`` a :class:`~chupai.doudizhu.match.Match` is
played deal after deal (:class:`DouDizhuMatchSession`): the dealer moves to the
next player after every deal, redeals do not count, and the score table with the
running totals is shown after each deal; ``--record`` then writes the match
record.

The plugin's hooks (see :mod:`chupai.cli.play`): :data:`PROBE`, :func:`play_rules`,
:func:`deal_session` and :func:`match_session`.
"""

from __future__ import annotations

import argparse
from functools import partial
from typing import Any, Final

from rich.table import Table
from rich.text import Text

from chupai.bots import make_bot
from chupai.cli.games.doudizhu.play_input import HELP, bid_help, read_input
from chupai.cli.games.doudizhu.play_view import WORDS, DouDizhuView
from chupai.cli.match_session import BaseMatchSession
from chupai.cli.terminal import outcome_table, score_text, seat_bots, told_to, total_row
from chupai.doudizhu.combos import Combo, Kind, readings, size_of, tables
from chupai.doudizhu.game import (
    PASS,
    ROB,
    SHOW,
    Action,
    Bid,
    DouDizhuDeal,
    Observation,
    Pass,
    Phase,
)
from chupai.doudizhu.match import Match
from chupai.doudizhu.rules import AllPass, DouDizhuRules, MingPai
from chupai.errors import ChupaiError
from chupai.i18n import plural
from chupai.options import parse_overrides
from chupai.protocol import GameSpec

__all__ = [
    "PROBE",
    "play_rules",
    "deal_session",
    "match_session",
    "DouDizhuSession",
    "DouDizhuMatchSession",
]

PROBE: Final = "─▶✗·—×→±小王"
"""The characters the game draws."""


class DouDizhuSession(DouDizhuView):
    """One Dou Dizhu game (a deal, and its redeals when everybody passes) between a
    human seat and bots, drawn on a rich console (``options``: the keywords of
    :class:`~chupai.cli.session.TerminalSession`)."""

    SYMBOLS = "▶—·×✗→小王"
    HELP = HELP
    REDEALS = True
    READER = staticmethod(read_input)
    ACTION_WORDS = ("pass", "bid", "rob", "no", "mingpai")
    PLAY = Combo

    GAME = "doudizhu"

    def __init__(
        self,
        rules: DouDizhuRules,
        seed: int,
        human: int,
        bot_names: list[str],
        *,
        deal: DouDizhuDeal | None = None,
        **options: Any,
    ):
        super().__init__(human, seed, **options)
        self.rules = rules
        self.bot_names = bot_names
        self.lang = self.lang if self.lang in WORDS else "en"
        self.deal = self.spec.new_deal(rules, seed) if deal is None else deal
        self._make_bots()

    def _make_bots(self) -> None:
        self.bots = seat_bots(
            self.bot_names,
            self.human,
            self.rules.players,
            self.deal.seed or 0,
            partial(make_bot, game=self.spec.key),
        )

    # ----- drawing ------------------------------------------------------------------
    def intro(self) -> None:
        self.say_intro(
            self.spec.name(self.lang),
            self.rules.spec(),
            self.t("Seed {seed}", seed=self.seed) + self.random_note(self.seed),
            self.bot_seats(),
        )

    def deal_intro(self) -> None:
        deal = self.deal
        title = self.match_label
        if title is None and self.redeals:
            title = self.t("Redeal {n}", n=self.redeals)
        if title is not None:
            label = Text(title, style="bold")
            label.append(self.t(" · seed {seed}", seed=deal.seed))
            if deal.doubled:
                label.append(
                    self.t(" · this deal counts double (D {x}2)", x=self.times()),
                    style="bold magenta",
                )
            self.rule(label)
        self.say(self.start_line())
        bidding = (
            "  — bidding: bid 1, 2 or 3 or pass, each player once; 3 ends it —"
            if deal.rules.bidding.value == "once"
            else "  — bidding: bid 1, 2 or 3 or pass, until all but the highest bidder "
            "have passed; 3 ends it —"
        )
        self.say(Text(self.t(bidding), style="dim"))

    def start_line(self) -> Text:
        deal = self.deal
        arrow = "→" if self.symbols else "->"
        t = Text(self.t("Dealer: {who}", who=self.name(deal.dealer)))
        first = deal.first_bidder
        if deal.marker is not None:
            t.append(self.t(" · Marker card "))
            t.append_text(self.card(deal.marker))
            bids = "{who} bid first" if first == self.human else "{who} bids first"
            t.append(f" {arrow} " + self.t(bids, who=self.name(first)))
        else:
            t.append(self.t(" · First bidder: {who}", who=self.name(first)))
        return t

    def status_line(self, obs: Observation) -> Text:
        deal = self.deal
        if obs.phase is Phase.BID:
            return Text(self.t("Bidding · first bidder {who}", who=self.name(deal.first_bidder)))
        if obs.phase is Phase.ROB:
            return Text(self.t("Robbing · landlord now {who}", who=self.name(obs.landlord or 0)))
        assert obs.landlord is not None
        return Text(
            self.t(
                "Landlord: {lord} · Dealer: {dealer}",
                lord=self.name(obs.landlord),
                dealer=self.name(deal.dealer),
            )
        )

    def draw(self) -> None:
        """The human's view: seats, kitty, stakes, table, hand and what is asked."""
        deal = self.deal
        obs = deal.observe(self.human)
        self.rule(self.status_line(obs))
        self.say(self.seats_table(obs))
        if obs.kitty is not None:
            line = Text(self.t("Kitty: "))
            line.append_text(self.cards(obs.kitty))
            line.append(self.t("  (taken by {who})", who=self.name(obs.landlord or 0)), style="dim")
            self.say(line)
        if obs.landlord_hand is not None and obs.landlord != self.human:
            line = Text(self.t("Landlord's hand (明牌): "), style="magenta")
            line.append_text(self.cards(obs.landlord_hand))
            self.say(line)
        self.say(self.stakes(obs))
        self.draw_turn(obs, obs.phase is Phase.PLAY)

    def turn_line(self, obs: Observation) -> Text:
        deal = self.deal
        x = self.times()
        t = Text()
        if obs.phase is Phase.BID:
            t.append(self.t("Your bid: "), style="bold yellow")
            t.append(self.say_text(bid_help(deal)))
        elif obs.phase is Phase.ROB:
            t.append(self.t("Rob the landlord? "), style="bold yellow")
            r = self.t("rob multiplier {m}", m=f"{x}{deal.rules.rob_multiplier(obs.robs + 1)}")
            if obs.landlord == deal.first_landlord and obs.robs == 0:
                t.append(self.t("'rob' to become the landlord ({r}) or 'no'", r=r))
            elif self.human == deal.first_landlord:
                t.append(self.t("'rob' to rob it back ({r}) or 'no'", r=r))
            else:
                who = self.name(obs.landlord or 0)
                t.append(self.t("'rob' to take it from {who} ({r}) or 'no'", who=who, r=r))
        else:
            t.append(self.t("Your turn: "), style="bold yellow")
            if obs.top is None:
                t.append(self.t("lead any combination"))
                if SHOW in deal.legal_actions():
                    t.append(
                        self.t(", or 'mingpai' (明牌: hand face up, {x}2)", x=x), style="magenta"
                    )
            else:
                t.append(self.t("beat "))
                t.append_text(self.action(obs.top))
                t.append(self.t(" or pass"))
        return self.with_tail(t)

    # ----- input --------------------------------------------------------------------

    def follow_note(self, play: Combo, top: Combo) -> str:
        return self.group_note(
            play, top, self.t(" (play {n} cards of the same kind, or a bomb)", n=top.size)
        )

    def explain_reason(self, action: Any, reason: str) -> Text:
        if action == SHOW:
            if self.deal.rules.ming_pai is MingPai.OFF:
                return Text(self.t("明牌 is off in these rules (ming_pai=off)"))
            return Text(
                self.t(
                    "only the landlord may show the hand, and only before its first "
                    "play (an empty line or 'table' draws the table again)"
                )
            )
        if self.lang != "en":
            return Text(self.say_text(reason))
        return Text(told_to(reason, self.human, ("does not hold", "must")))

    def hint(self, arg: str = "") -> None:
        """Suggest a move; with ``arg`` ``all`` or a combination type, list plays."""
        deal = self.deal
        legal, best = self.hint_move()
        t = Text(self.t("Hint: "), style="bold magenta")
        t.append_text(self.action(best, bidding=deal.phase is Phase.BID))
        if isinstance(best, Combo):
            typed = self.t(
                "   (type: {index}  or  {tokens})",
                index=self.plain(best.cards),
                tokens=self.indexes(best.cards),
            )
            t.append(typed, style="dim")
        elif isinstance(best, Pass) and deal.phase is Phase.PLAY:
            t.append(self.t("  (the greedy bot would pass)"), style="dim")
        self.say(t)
        if deal.phase is not Phase.PLAY:
            possible = ", ".join(deal.action_text(a) for a in legal)
            self.say(self.t("Possible: {actions}", actions=possible))
            return
        plays = [a for a in legal if isinstance(a, Combo)]
        if not plays:
            self.say(self.t("Nothing in your hand beats the table: pass."))
            return
        by_kind: dict[Kind, list[Combo]] = {k: [] for k in Kind}
        for c in plays:
            by_kind[c.kind].append(c)
        self.list_plays(
            {k: sorted(v, key=lambda c: (c.key, c.cards)) for k, v in by_kind.items() if v},
            arg,
            passing=PASS in legal,
            types=[k.value for k in tables(deal.rules).kinds],
        )

    # ----- moves --------------------------------------------------------------------
    def apply(self, action: Action) -> None:
        deal = self.deal
        seat = self.mover()
        phase = deal.phase
        leading = phase is Phase.PLAY and deal.top is None
        deal.apply_action(action)
        if phase is Phase.BID:
            self.report_bid(seat, action)
        elif phase is Phase.ROB:
            self.report_rob(seat, action)
        else:
            self.report_play(seat, action, leading)
        if phase is Phase.BID and deal.phase is Phase.ROB:
            x = self.times()
            ms = ", ".join(f"{x}{m}" for m in deal.rules.rob_multipliers)
            robbing = self.t(
                "  — robbing: who did not pass may rob the landlord (rob multiplier {ms}) —", ms=ms
            )
            self.say(Text(robbing, style="dim"))
        if phase is not Phase.PLAY and deal.phase is Phase.PLAY:
            self.report_landlord()

    def report_bid(self, seat: int, action: Action) -> None:
        line = self.actor(seat)
        if isinstance(action, Bid):
            line.append(f"{self.verb(seat, 'bid')} {action.value}", style="yellow")
        else:
            self.append_pass(line, seat, self.w("no_bid"))
        self.say(line)

    def report_rob(self, seat: int, action: Action) -> None:
        deal = self.deal
        line = self.actor(seat)
        if action == ROB:
            x = self.times()
            line.append(self.t("{robs} the landlord", robs=self.verb(seat, "rob")), style="magenta")
            line.append(f" — R {x}{deal.rules.rob_multiplier(deal.robs)}")
        else:
            line.append(f"{self.verb(seat, 'do not rob')}", style="dim")
        self.say(line)

    def report_landlord(self) -> None:
        deal = self.deal
        lord = deal.landlord
        assert lord is not None
        x = self.times()
        line = Text(f"{self.name(lord)} ", style="bold")
        line.append(self.t("{are} the landlord", are=self.verb(lord, "are")), style="bold magenta")
        robs = f", R {x}{deal.rules.rob_multiplier(deal.robs)}" if deal.robs else ""
        took = (
            "{robs}) and take the kitty: "
            if lord == self.human
            else "{robs}) and takes the kitty: "
        )
        line.append(self.t(" (bid {bid}", bid=deal.bid) + self.t(took, robs=robs))
        line.append_text(self.cards(deal.kitty))
        self.say(line)

    def report_play(self, seat: int, action: Action, leading: bool) -> None:
        deal = self.deal
        if action == SHOW:
            shows = (
                "  {who} show the hand (明牌): "
                if seat == self.human
                else ("  {who} shows the hand (明牌): ")
            )
            line = Text(self.t(shows, who=self.name(seat)), style="magenta")
            line.append_text(self.cards(deal.hands[seat]))
            self.say(line)
            return
        self.note_trick(seat, action, leading)
        line = self.actor(seat)
        if isinstance(action, Pass):
            self.append_pass(line, seat, self.w("pass"))
        else:
            assert isinstance(action, Combo)
            line.append(self.verb(seat, "lead" if leading else "play") + " ")
            line.append_text(self.action(action))
            if action.kind in tables(deal.rules).doubling:
                line.append(f"  {self.times()}2!", style="bold red")
            self.note_left(line, size_of(deal.hands[seat]))
            if leading and seat == self.human:
                others = sorted(
                    {r.kind.value for r in readings(action.cards, deal.rules)} - {action.kind.value}
                )
                if others:
                    read = self.t(
                        "  (read as {kind}; add {others} for another reading)",
                        kind=action.kind.value,
                        others=self.t(" or ").join(others),
                    )
                    line.append(read, style="dim")
        self.say(line)
        if deal.phase is Phase.PLAY and deal.top is None:
            leader = deal.current_player
            assert leader is not None
            lead = self.verb(leader, "lead")
            won = self.t("  {who} won the trick and {lead}.", who=self.name(leader), lead=lead)
            self.say(Text(won, style="dim"))

    # ----- the game -----------------------------------------------------------------
    def say_redeal(self, seed: int, dealer: int | None) -> None:
        """Everybody passed: the next player deals a new deal from ``seed``."""
        self.say(
            self.redeal_line(
                Text(self.t("Everybody passed: no landlord. "), style="bold"),
                self.t(" (seed {seed})", seed=seed),
            )
        )

    def start_deal(self, deal: DouDizhuDeal, seed: int | None = None) -> None:
        super().start_deal(deal, seed)
        self._make_bots()

    def redeal_line(self, line: Text, seed_note: str = "") -> Text:
        """``line`` followed by who deals the redeal (``seed_note`` after it) and
        whether the next deal counts double."""
        deal = self.deal
        out = deal.outcome
        assert out is not None and out.redeal
        dealer = (deal.dealer + 1) % deal.players
        deals = "Redeal: {who} deal" if dealer == self.human else "Redeal: {who} deals"
        line.append(self.t(deals, who=self.name(dealer)) + seed_note)
        if out.next_doubled:
            doubled = self.t("; the next deal counts double (D {x}2)", x=self.times())
            line.append(doubled, style="magenta")
        elif deal.rules.all_pass is AllPass.REDEAL_DOUBLED_ONCE and deal.doubled:
            line.append(self.t("; it is not doubled again"), style="dim")
        return line

    def record_data(self) -> dict[str, Any]:
        return self.spec.to_record(self.deal)

    def show_outcome(self) -> None:
        deal = self.deal
        out = deal.outcome
        assert out is not None and out.landlord is not None and out.winner is not None
        x = self.times()
        self.rule(self.t("Deal over"))
        mine = out.scores[self.human]
        line = Text()
        lord = self.name(out.landlord)
        me = out.landlord == self.human
        if out.landlord_won:
            wins = "The landlord ({who}) win" if me else "The landlord ({who}) wins"
            line.append(self.t(wins, who=lord), style="bold green" if mine > 0 else "bold")
        else:
            line.append(self.t("The peasants win"), style="bold green" if mine > 0 else "bold")
            loses = (
                ": {first} went out first; the landlord ({who}) lose"
                if me
                else ": {first} went out first; the landlord ({who}) loses"
            )
            line.append(self.t(loses, first=self.name(out.winner), who=lord))
        line.append(self.t("."))
        self.say(line)
        factor = f"S {x}{out.spring_factor}"
        if out.spring:
            spring = self.t("Spring (春天): no peasant played a card — {s}", s=factor)
            self.say(Text(spring, style="bold magenta"))
        if out.anti_spring:
            anti = self.t("Anti-spring (反春): the landlord made one play only — {s}", s=factor)
            self.say(Text(anti, style="bold magenta"))
        table = outcome_table("Seat", "Role", "Cards left", ("Score", "right"), lang=self.lang)
        for seat in range(deal.players):
            table.add_row(
                self.seat_cell(seat),
                Text(self.role(seat), style="magenta" if seat == out.landlord else ""),
                self.hand_cell(out.hands[seat]),
                score_text(out.scores[seat]),
            )
        self.say(table)
        self.say_score(mine)
        if self.match_label is None:
            self.say_again(self.seed, self.t("this game"))

    def show_match_redeal(self) -> None:
        """Everybody passed in a match deal: say so, and who deals next."""
        self.rule(self.t("Deal over"))
        nobody = self.t("Everybody passed: no landlord, no score; the deal does not count. ")
        self.say(self.redeal_line(Text(nobody, style="bold")))


class DouDizhuMatchSession(BaseMatchSession):
    """A match between a human seat and bots (:class:`~chupai.doudizhu.match.Match`):
    deal after deal, redeals included, with the score table after each one
    (``options``: the keywords of :class:`~chupai.cli.session.TerminalSession`)."""

    INTRO_NOTE = (
        " Redeals (everybody passed) do not count; the deal passes to the next "
        "player after every deal."
    )

    GAME = "doudizhu"

    def __init__(self, match: Match, human: int, bot_names: list[str], **options: Any):
        super().__init__(match, human, bot_names, **options)
        self.lang = self.lang if self.lang in WORDS else "en"

    def label(self) -> str:
        deals = self.match.deals
        last = deals[-1].outcome if deals else None
        return self.deal_label(self.t(" (redeal)") if last is not None and last.redeal else "")

    def score_table(self) -> Table:
        m = self.match
        table = self.score_columns("Dealer", "Landlord", "Result", ("Unit", "right"))
        for row in m.table():
            label = self.t("redeal") if row.redeal else str(row.number)
            lord = "—" if row.landlord is None else self.name(row.landlord)
            if row.redeal:
                result = self.t("all passed")
            else:
                won = "landlord wins" if row.side == "landlord" else "peasants win"
                result = self.t(won)
            unit = "—" if row.redeal else str(row.unit)
            if row.doubled:
                unit += self.t(" (doubled)")
            table.add_row(
                label,
                self.name(row.dealer),
                lord,
                result,
                unit,
                *(score_text(v) for v in row.scores),
            )
        table.add_row(*total_row(m.totals, 4, self.lang))
        return table

    def play_match_deal(self, deal: DouDizhuDeal, label: str) -> None:
        session = DouDizhuSession(
            self.match.rules,
            deal.seed or 0,
            self.human,
            self.bot_names,
            deal=deal,
            match_label=label,
            spec=self.spec,
            **self.deal_options(),
        )
        session.deal_intro()
        session.play_deal()
        out = deal.outcome
        assert out is not None
        if out.redeal:
            session.show_match_redeal()
        else:
            session.show_outcome()

    def redeals_note(self) -> str:
        m = self.match
        if not m.redeals:
            return ""
        return self.say_text(plural(m.redeals, " (and {n} redeal)", " (and {n} redeals)"))


def play_rules(spec: GameSpec, args: argparse.Namespace) -> DouDizhuRules:
    """The rules of ``chupai play``'s arguments; ``--players`` must fit the preset."""
    preset = args.rules or spec.default_preset
    rules: DouDizhuRules = spec.resolve(preset, parse_overrides(args.overrides or []))
    n = rules.players
    players = args.players
    if players is not None and players != n:
        other = "four_player" if players == 4 else "classic" if players == 3 else None
        hint = f": choose --rules {other}" if other else " (3 with classic, 4 with four_player)"
        raise ChupaiError(
            f"--players {players} does not fit Dou Dizhu preset {preset!r} ({n} players){hint}"
        )
    return rules


def deal_session(
    spec: GameSpec,
    rules: DouDizhuRules,
    seed: int,
    human: int,
    names: list[str],
    options: dict[str, Any],
) -> DouDizhuSession:
    """The session of one game (a deal, and its redeals) of ``rules`` from ``seed``."""
    return DouDizhuSession(rules, seed, human, names, spec=spec, **options)


def match_session(
    spec: GameSpec, match: Match, human: int, names: list[str], options: dict[str, Any]
) -> DouDizhuMatchSession:
    """The session of a match."""
    return DouDizhuMatchSession(match, human, names, spec=spec, **options)
