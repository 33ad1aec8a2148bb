"""Big Two's ``cli.play`` plugin: the renderer and input of ``chupai play bigtwo``
(the session loop and setup: :mod:`chupai.cli.play`, :mod:`chupai.cli.session`).

The screen is drawn with rich and read with plain :func:`input`, so the same code
runs on a real terminal and with pipes (tests feed a script on standard input; the
typed lines are then echoed so the transcript reads like a session).

The human's turn shows the seats (cards left, each seat's last play or pass in the
current trick, the dealer), the top play, and the hand sorted by the rules'
single-card order with an index above each card. The human answers with card tokens
(``3d 3s``, ``10h``) or indexes (``0 1``), ``pass``, ``hint``, ``help`` or ``quit``;
bad input is explained and asked again, never played. Before play the deal may
ask for decisions (the leftover card, a redeal, an exchange or tribute): they are
prompted the same way (``keep``, ``give 4d`` or ``give 0``, ``name 2s``, ``hand 2``).
Bots get only ``deal.observe(seat)`` and ``deal.legal_actions()``.

With ``--deals N`` or ``--to SCORE`` a :class:`~chupai.bigtwo.match.Match` is
played deal after deal, with the score table after each deal; ``--record`` then
writes the match record.

The plugin's hooks (see :mod:`chupai.cli.play`): :data:`PROBE`,
:func:`play_rules`, :func:`deal_session` and :func:`match_session`.
"""

from __future__ import annotations

import argparse
from typing import Any, Final

from rich.table import Table
from rich.text import Text

from chupai.bigtwo.combos import Combo, ComboKind
from chupai.bigtwo.game import PASS, BigTwoDeal, Choice, Hidden, LastCard, Pass, Phase, class_titles
from chupai.bigtwo.match import Match
from chupai.bigtwo.packs import ids as card_ids
from chupai.bigtwo.rules import PlayUntil, Series
from chupai.bots import Bot, make_bot
from chupai.cards import RANKS
from chupai.cli.games.bigtwo.play_cards import pick_indexes
from chupai.cli.games.bigtwo.play_events import EventLines
from chupai.cli.games.bigtwo.play_input import HELP, decision_help, hand_order, read_input
from chupai.cli.games.bigtwo.play_view import compact_seats, leftover_note, match_scores, seat_extra
from chupai.cli.match_session import BaseMatchSession
from chupai.cli.terminal import (
    COMPACT_SEATS,
    ordinal,
    outcome_table,
    score_text,
    seat_bots,
    told_to,
    total_row,
)
from chupai.names import action_name, game_name
from chupai.options import parse_overrides
from chupai.protocol import GameSpec

__all__ = [
    "PROBE",
    "play_rules",
    "deal_session",
    "match_session",
    "read_input",
    "hand_order",
    "PlaySession",
    "MatchSession",
]

_SUIT_SYMBOLS = "♦♣♥♠"  # suit index order D C H S
_RED_SUITS = (0, 2)
_ROW_CARDS = 18
"""Most cards per row of the hand display (4 columns each: 18 fit 80 columns)."""
PROBE: Final = _SUIT_SYMBOLS + "─▶✗·—±"
"""The characters the game draws (on a legacy terminal suits are drawn as letters,
other marks degrade to '?')."""


class PlaySession(EventLines):
    """One deal between a human seat and bots, drawn on a rich console (the
    keywords ``options`` are those of :class:`~chupai.cli.session.TerminalSession`:
    ``console``, ``seed_was_random``, ``lang``, ``record``, ``read_line``,
    ``echo_input``, ``pause``)."""

    SYMBOLS = _SUIT_SYMBOLS + "▶—·"
    HELP = HELP
    READER = staticmethod(read_input)
    ACTION_WORDS = ("pass", "last", "take", "leave", "swap", "decline", "redeal", "keep", "give")
    PLAY = Combo

    GAME = "bigtwo"

    def __init__(
        self, deal: BigTwoDeal, human: int, bots: dict[int, Bot], *, seed: int, **options: Any
    ):
        super().__init__(human, seed, **options)
        self.deal = deal
        self.bots = bots

    # ----- text helpers -------------------------------------------------------
    def card(self, c: int) -> Text:
        rank = "10" if RANKS[c >> 2] == "T" else RANKS[c >> 2]
        suit = _SUIT_SYMBOLS[c & 3] if self.symbols else "DCHS"[c & 3]
        style = "bold red" if c & 3 in _RED_SUITS else "bold"
        return Text(rank + suit, style=style)

    def cards(self, mask: int) -> Text:
        strength = self.deal.sort_key()
        return Text(" ").join(
            self.card(c) for c in sorted(card_ids(mask), key=strength.__getitem__)
        )

    def action(self, action: Any) -> Text:
        """An action as colored text: ``pair 8♣ 8♠``, ``pass`` or a choice name."""
        if isinstance(action, Pass):
            return Text(action_name("pass", self.lang), style="dim")
        if isinstance(action, Choice):
            return Text(action_name(action.name, self.lang))
        if isinstance(action, Hidden):
            return Text(action.name)
        out = Text(self.kind(action.kind) + " ", style="cyan")
        out.append_text(self.cards(action.mask))
        if isinstance(action, LastCard):
            out.append(self.t(" — last card!"), style="bold magenta")
        return out

    def indexes(self, mask: int) -> str:
        order = hand_order(self.deal, self.human)
        return " ".join(str(i) for i in pick_indexes(order, mask))

    # ----- drawing -------------------------------------------------------------
    def intro(self) -> None:
        deal = self.deal
        self.rule(game_name(self.spec.key, self.lang))
        if self.match_label is None:
            self.say_setup(
                deal.rules.spec(),
                self.t("Seed {seed}", seed=self.seed) + self.random_note(self.seed),
                self.bot_seats(),
            )
        else:
            self.say(Text(self.match_label, style="bold"))
        if deal.ranking is not None:
            self.say(self.titles_line())
        self.say(self.start_line())
        if deal.phase not in (Phase.PLAY, Phase.LEFTOVER, Phase.OVER):
            self.say(Text(self.phase_line(deal.phase), style="dim"))
        for ev in deal.observe(self.human).history:  # automatic steps made at the deal
            line = self.event_line(ev)
            if line is not None:
                self.say(line)
        note = leftover_note(deal, self.name, self.lang)
        if note:
            self.say(note)
        if self.match_label is None:
            self.say_help_note()

    def title(self, seat: int) -> str:
        """The seat's title (class struggle) or rank (tribute) in this deal, or ''."""
        ranking = self.deal.ranking
        if ranking is None:
            return ""
        place = ranking.index(seat)
        if self.deal.rules.series is Series.CLASS_STRUGGLE:
            return self.t(class_titles(self.deal.players)[place])
        return ordinal(place + 1) if self.lang == "en" else self.t("No. {n}", n=place + 1)

    def phase_line(self, phase: Phase) -> str:
        """``  — exchange —``: the phase before play that starts."""
        return f"  — {self.t(phase.value.replace('_', ' '))} —"

    def titles_line(self) -> Text:
        ranking = self.deal.ranking
        assert ranking is not None
        what = (
            "Titles"
            if self.deal.rules.series is Series.CLASS_STRUGGLE
            else "Ranks from the last deal"
        )
        titles = self.t(", ").join(f"{self.name(s)} {self.title(s)}" for s in ranking)
        return Text(self.t(what) + self.t(": ") + titles)

    def start_line(self) -> Text:
        deal = self.deal
        obs = deal.observe(self.human)
        t = Text(self.t("Dealer: {who}", who=self.name(deal.dealer)))
        if obs.starting_player is None:
            if deal.phase is Phase.PLAY:
                t.append(self.t(" · Leader: {who}", who=self.name(deal.leader)))
            return t
        t.append(self.t(" · Starting player: {who}", who=self.name(deal.starting_player)))
        card = deal.starting_card
        gone = obs.exposed  # a malaysian swap puts it face up
        if card >= 0 and deal.phase is not Phase.LEFTOVER and not gone >> card & 1:
            t.append(" (")
            t.append_text(self.card(card))
            t.append(")")
        return t

    def draw(self) -> None:
        """The human's view: seats, table, hand and what is asked."""
        deal = self.deal
        obs = deal.observe(self.human)
        self.rule(self.start_line())
        if obs.exposed:
            self.say(Text(self.t("Face up, out of play: ")).append_text(self.cards(obs.exposed)))
        self.say(self.seats_table(obs))
        self.draw_turn(obs, obs.phase is Phase.PLAY)

    def seats_table(self, obs: Any) -> Any:
        trick = self.trick if obs.top is not None else {}
        if obs.players > COMPACT_SEATS:
            return compact_seats(
                obs,
                self.lang,
                name=lambda s: Text(self.name(s), style="bold green" if s == self.human else ""),
                marker=lambda s: self.marker(s, obs.current_player),
                trick=lambda s: self.trick_cell(trick, s, obs.top, obs.top_player),
                extra=lambda s: seat_extra(obs, s, self.title, self.lang),
            )
        table = self.seats_frame("Cards", "This trick")
        for seat in range(obs.players):
            label = self.seat_label(seat)
            if seat == obs.dealer:
                label.append(self.t(" (dealer)"), style="dim")
            if obs.ranking is not None:
                label.append(f" {self.title(seat)}", style="magenta")
            if seat in obs.blocked:
                label.append(self.t(" blocked"), style="red")
            count = obs.hand_counts[seat]
            if seat in obs.finished and count == 0:
                place = obs.finished.index(seat) + 1
                cards = Text(self.t("out #{place}", place=place), style="yellow")
            else:
                cards = Text(str(count), style="bold red" if count == 1 else "")
            table.add_row(
                self.marker(seat, obs.current_player),
                label,
                cards,
                self.trick_cell(trick, seat, obs.top, obs.top_player),
            )
        return table

    def draw_hand(self, hand: int) -> None:
        order = sorted(card_ids(hand), key=self.deal.sort_key().__getitem__)
        self.say(Text(self.t("Your hand ({n}):", n=len(order)), style="bold"))
        self.draw_indexed([self.card(c) for c in order], most=_ROW_CARDS, cell=4)

    # ----- input -------------------------------------------------------------------

    def follow_note(self, play: Combo, top: Combo) -> str:
        return self.group_note(play, top, self.t(" (play {n} cards to follow)", n=top.size))

    def explain_reason(self, action: Any, reason: str) -> Text:
        if reason.startswith("the first lead must contain"):
            t = Text(self.t("the first lead must include "))
            t.append_text(self.card(self.deal.starting_card))
            return t.append(self.t(" (the starting card)"))
        if self.lang != "en":
            return Text(self.say_text(reason))
        return Text(_player_reason(reason, self.human))

    def hint(self, arg: str = "") -> None:
        """Suggest a play; with ``arg`` ``all`` or a combination type, list plays."""
        deal = self.deal
        legal, best = self.hint_move()
        t = Text(self.t("Hint: "), style="bold magenta")
        if isinstance(best, (Combo, LastCard)):
            t.append_text(self.action(best))
            tokens = deal.action_text(best).lower()
            index = self.indexes(best.mask) + (" last" if isinstance(best, LastCard) else "")
            t.append(
                self.t("   (type: {index}  or  {tokens})", index=index, tokens=tokens), style="dim"
            )
        elif isinstance(best, Choice) and deal.phase not in (Phase.LEFTOVER, Phase.PLAY):
            t.append(deal.action_text(best))
            t.append(self.t("   (type: {what})", what=deal.action_text(best).lower()), style="dim")
            self.say(t)
            self.say(
                self.t(
                    "{n} possible decisions; type {what}", n=len(legal), what=decision_help(deal)
                )
            )
            return
        else:
            t.append_text(self.action(best))
            if isinstance(best, Pass):
                t.append(self.t("  (nothing in your hand beats the table)"), style="dim")
        self.say(t)
        plays = [a for a in legal if isinstance(a, Combo)]
        if deal.phase is Phase.LEFTOVER:
            names = self.t(" or ").join(a.name for a in legal if isinstance(a, Choice))
            self.say(self.t("Choices: {names}", names=names))
            return
        by_kind: dict[ComboKind, list[Combo]] = {}
        for c in plays:
            by_kind.setdefault(c.kind, []).append(c)
        if not plays:
            return
        self.list_plays(
            {k: sorted(v, key=lambda c: c.key) for k, v in by_kind.items()},
            arg,
            passing=PASS in legal,
            types=[k.value for k in ComboKind],
        )

    def play_item(self, play: Combo) -> Text:
        """A play's cards and their hand indexes."""
        item = self.cards(play.mask)
        item.append(f" [{self.indexes(play.mask)}]", style="dim")
        return item

    def find_kind(self, text: str) -> ComboKind | None:
        """The combination type named ``text`` (judge name, display name, plural)."""
        want = text.strip().lower().replace("-", " ").replace("_", " ")
        for k in ComboKind:
            names = {
                k.value.replace("_", " "),
                self.kind(k).lower(),
                self.spec.combo_name(k.value).lower(),
            }
            if want in names or want.removesuffix("s") in names or want.removesuffix("es") in names:
                return k
        return None

    # ----- moves -------------------------------------------------------------------
    def apply(self, action: Any) -> None:
        deal = self.deal
        seat = self.mover()
        phase = deal.phase
        leading = phase is Phase.PLAY and deal.top is None
        hand_before = deal.hands[seat]
        seen = len(deal.observe(self.human).history)
        deal.apply_action(action)
        if phase is not Phase.PLAY:
            if phase is Phase.LEFTOVER:
                self.report_leftover(seat, action, hand_before)
                seen += 1
            for ev in deal.observe(self.human).history[seen:]:
                line = self.event_line(ev)
                if line is not None:
                    self.say(line)
            if deal.phase is Phase.PLAY and deal.current_player != self.human:
                self.say(self.start_line())
            elif deal.phase is not phase and deal.phase is not Phase.OVER:
                self.say(Text(self.phase_line(deal.phase), style="dim"))
            return
        self.note_trick(seat, action, leading)
        line = self.actor(seat)
        if isinstance(action, Pass):
            self.append_pass(line, seat, action_name("pass", self.lang))
        else:
            line.append(self.verb(seat, "lead" if leading else "play") + " ")
            line.append_text(self.action(action))
            self.note_left(line, deal.hands[seat].bit_count(), warn=1)
        self.say(line)
        if deal.phase is Phase.PLAY and deal.top is None:
            leader = deal.current_player
            assert leader is not None
            winner = _trick_winner(self.trick)
            lead = self.verb(leader, "lead")
            if winner is not None and winner == leader:
                msg = self.t("  {who} won the trick and {lead}.", who=self.name(winner), lead=lead)
            else:
                msg = self.t("  Trick over; {who} {lead}.", who=self.name(leader), lead=lead)
            self.say(Text(msg, style="dim"))

    # ----- the deal ------------------------------------------------------------------
    def record_data(self) -> dict[str, Any]:
        return self.spec.to_record(self.deal)

    def show_outcome(self) -> None:
        deal = self.deal
        out = deal.outcome
        assert out is not None
        self.rule(self.t("Deal over"))
        if out.redeal or out.winner is None:
            asker = next((s for s, h in enumerate(out.hands) if h), None)
            line = Text(self.t("Redeal: "))
            who = self.name(asker) if asker is not None else self.t("a player")
            line.append(
                self.t("{who} asked for a redeal; the deal does not count.", who=who), style="bold"
            )
            self.say(line)
            if asker is not None:
                shown = Text(self.t("{who} showed: ", who=who))
                shown.append_text(self.cards(out.hands[asker]))
                self.say(shown)
            return
        line = Text(self.t("Winner: "))
        line.append(
            self.name(out.winner), style="bold green" if out.winner == self.human else "bold"
        )
        if out.instant_win:
            how = self.t(out.instant_win.replace("_", " "))
            line.append(self.t(" — instant win: {how}", how=how))
        elif deal.winning_play is not None:
            line.append(self.t(", out with "))
            line.append_text(self.action(deal.winning_play))
        self.say(line)
        if out.liable is not None:
            liable = self.t(
                "頂大: {liable} let {winner} go out over a play that broke the obligation "
                "and pays every loser's penalty.",
                liable=self.name(out.liable),
                winner=self.name(out.winner),
            )
            self.say(Text(liable, style="bold red"))
        if deal.rules.play_until is PlayUntil.LAST_REMAINING and len(out.finishing_order) > 1:
            order = self.t(", ").join(self.name(s) for s in out.finishing_order)
            self.say(self.t("Finishing order: {order}", order=order))
            counted = self.t(
                "Penalties count the cards held when {who} went out.", who=self.name(out.winner)
            )
            self.say(Text(counted, style="dim"))
        table = outcome_table(
            "Seat",
            "Hand" if out.instant_win else "Cards left",
            ("Penalty", "right"),
            ("Score", "right"),
            lang=self.lang,
        )
        for seat in range(deal.players):
            table.add_row(
                self.seat_cell(seat),
                self.hand_cell(out.hands[seat]),
                str(out.penalties[seat]),
                score_text(out.scores[seat]),
            )
        self.say(table)
        self.say_score(out.scores[self.human])
        if self.match_label is None:
            self.say_again(self.seed, self.t("this deal"))


class MatchSession(BaseMatchSession):
    """A match between a human seat and bots: deal after deal, with the score
    table after each one (``options``: the keywords of
    :class:`~chupai.cli.session.TerminalSession`)."""

    GAME = "bigtwo"

    def label(self) -> str:
        m = self.match
        again = (
            self.t(" (redeal)")
            if len(m.deals) > 1 and m.deals[-2].outcome is not None and m.deals[-2].outcome.redeal
            else ""
        )
        return self.deal_label(again)

    def score_table(self) -> Table:
        m = self.match
        if m.players > COMPACT_SEATS:
            return match_scores(m, self.lang, self.name)
        table = self.score_columns("Winner")
        for row in m.table():
            label = self.t("redeal") if row.redeal else str(row.number)
            winner = "—" if row.winner is None else self.name(row.winner)
            table.add_row(label, winner, *(f"{v:+d}" for v in row.scores))
        table.add_row(*total_row(m.totals, 1, self.lang))
        return table

    def play_match_deal(self, deal: BigTwoDeal, label: str) -> None:
        seed = deal.seed or 0
        bots = seat_bots(self.bot_names, self.human, self.match.players, seed, make_bot)
        session = PlaySession(
            deal,
            self.human,
            bots,
            seed=seed,
            spec=self.spec,
            match_label=label,
            **self.deal_options(),
        )
        session.intro()
        session.play_deal()
        session.show_outcome()


def _trick_winner(trick: dict[int, Any]) -> int | None:
    plays = [seat for seat, a in trick.items() if isinstance(a, Combo)]
    return plays[-1] if plays else None


def _player_reason(reason: str, seat: int) -> str:
    """Rephrase an engine reason for the player in ``seat``."""
    reason = told_to(reason, seat, ("does not hold", "must", "holds", "did not call"))
    reason = reason.replace(f"; seat {seat} must", "; you must")
    reason = reason.replace(" wanted from", " you want from")
    reason = reason.replace(f"seat {seat}'s highest card", "your highest card")
    return reason.replace(f"so seat {seat} must", "so you must")


def play_rules(spec: GameSpec, args: argparse.Namespace) -> Any:
    """The rules of ``chupai play``'s arguments (``--players`` is the rules'
    ``players`` option)."""
    overrides = parse_overrides(args.overrides)
    if args.players is not None:
        overrides["players"] = str(args.players)
    return spec.resolve(args.rules, overrides)


def deal_session(
    spec: GameSpec, rules: Any, seed: int, human: int, names: list[str], options: dict[str, Any]
) -> PlaySession:
    """The session of one deal of ``rules`` from ``seed``."""
    bots = seat_bots(names, human, rules.players, seed, make_bot)
    return PlaySession(spec.new_deal(rules, seed), human, bots, seed=seed, spec=spec, **options)


def match_session(
    spec: GameSpec, match: Match, human: int, names: list[str], options: dict[str, Any]
) -> MatchSession:
    """The session of a match."""
    return MatchSession(match, human, names, spec=spec, **options)
