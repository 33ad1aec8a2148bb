"""大怪路子's ``cli.play`` plugin: ``chupai play daguailuzi``, a deal or a match of
大怪路子 (Wild Escape) in the terminal, one human seat and five bots.

The setup and the session loop are every game's (:mod:`chupai.cli.play`,
:mod:`chupai.cli.session`); this module draws the table and reports the moves
(:mod:`.play_view`, :mod:`.play_input`, texts in :mod:`.words`).

The human's turn shows the offense team and its leader, both teams' levels (or
points under ``scoring = trapped_points``) and the trump rank; the six seats
(team A or B, cards left or the place a seat went out in, its last action in the
trick); the play to beat; and the hand in display order with each card's index
above it. The human types card tokens (``7s bj``), indexes (``0 1``), ``pass``,
``hint``, ``help``, ``quit``; before play a trapped player gives its tribute and a
winner returns a card the same way (the card, its index, or ``tribute rj``).
An illegal line is explained (not a play, does not beat, not in the hand: the
engine's reason) and asked again, never played.

After the deal: win or draw, the trapped players and their cards, the points or
the levels scored, who pays tribute and who leads next. With ``--deals N`` the
deals are a :class:`~chupai.daguailuzi.match.DaguailuziMatch` (levels, the
offense leader and the tribute carry over), with the match table after each deal.

Every text is in English, 中文 or 日本語 (``--lang``); what one types stays English.

The plugin's hooks (see :mod:`chupai.cli.play`): :data:`PROBE`,
:data:`DEFAULT_BOTS`, :data:`SEATS_OF`, :func:`play_rules`, :func:`deal_session`
and :func:`match_session`.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any, Final

from rich.table import Table
from rich.text import Text

from chupai.cli.games.daguailuzi.play_events import EventLines
from chupai.cli.games.daguailuzi.play_help import HELP, help_for
from chupai.cli.games.daguailuzi.play_input import decision_kind, gift_options, reader
from chupai.cli.games.daguailuzi.play_result import match_table, match_verdict
from chupai.cli.games.daguailuzi.play_view import hand_types
from chupai.cli.games.daguailuzi.words import Words
from chupai.cli.match_session import BaseMatchSession
from chupai.cli.seat_groups import bot_name
from chupai.cli.terminal import help_table, seat_bots, write_json
from chupai.daguailuzi.cards import size_of
from chupai.daguailuzi.combos import Combo, Kind
from chupai.daguailuzi.game import PASS, Gift, GiftKind, Phase, team_of
from chupai.errors import ChupaiError
from chupai.options import parse_overrides
from chupai.protocol import GameSpec

__all__ = [
    "PROBE",
    "DEFAULT_BOTS",
    "SEATS_OF",
    "play_rules",
    "deal_session",
    "match_session",
    "DaguailuziSession",
    "DaguailuziMatchSession",
]

PROBE: Final = "─▶✗·—♠♥♣♦"
"""The characters the game draws."""
DEFAULT_BOTS: Final = ("heuristic", "greedy", "random")
"""The bots tried in order when ``--bots`` is not given."""
SEATS_OF: Final = "大怪路子"
"""What ``--seat`` is a seat of."""
PLAYERS: Final = 6


class WordsExits:
    """The exit lines of :meth:`~chupai.cli.session.TerminalSession.run` (quit,
    end of input, no record) in the session's language: mixed in before the
    frame by the deal and the match session."""

    words: Words

    def abandoned(self) -> str:
        raise NotImplementedError

    def quit_text(self) -> str:
        return self.words("quit", what=self.abandoned())

    def eof_text(self) -> str:
        return self.words("eof", what=self.abandoned())

    def no_record_text(self) -> str:
        return self.words("no_record")


class DaguailuziSession(WordsExits, EventLines):
    """One deal of 大怪路子 between a human seat and five bots (``match_label``:
    its place in a match; ``points``: the teams' points before it under
    ``trapped_points``). ``options``: the keywords of
    :class:`~chupai.cli.session.TerminalSession`."""

    SYMBOLS = "▶—·✗♠♥♣♦"
    HELP = HELP
    PLAY = Combo
    GAME = "daguailuzi"

    def __init__(
        self,
        deal: Any,
        human: int,
        bots: dict[int, Any],
        *,
        seed: int,
        points: tuple[int, int] = (0, 0),
        **options: Any,
    ):
        super().__init__(human, seed, **options)
        self.words = Words(self.lang)
        self.deal = deal
        self.bots = bots
        self.points = points
        self._read = reader(self.lang)
        self.seen = len(deal.history)
        """Events of the deal's history already reported."""

    # ----- the frame ----------------------------------------------------------------------
    def parse(self, line: str) -> Any:
        return self._read(self.deal, self.human, line)

    def abandoned(self) -> str:
        return self.words("abandoned_deal", seed=self.seed)

    def show_help(self) -> None:
        self.say(help_table(help_for(self.lang)))
        self.say_input_note()  # 过, 提示 ... may be typed, as in every game

    def save_record(self, data: Any, path: str | None = None, what: str = "") -> None:
        path = self.record if path is None else path
        assert path is not None
        write_json(path, data)
        self.say(self.words("record_written", what=what or self.words("record"), path=path))

    # ----- drawing --------------------------------------------------------------------------
    def intro(self) -> None:
        w = self.words
        self.rule(self.spec.name(self.lang))
        if self.match_label is None:
            self.say(w("rules", spec=self.deal.rules.spec()))
            note = w("random_seed", seed=self.seed) if self.seed_was_random else ""
            self.say(w("seed", seed=self.seed) + note)
            self.say(self.seated_line())
            self.say(Text(w("teams"), style="dim"))
            self.say(Text(w("help_note"), style="dim"))
        else:
            self.say(Text(f"{self.match_label} · {w('seed', seed=self.seed)}", style="bold"))
        self.say(self.status_line(self.deal.observe(self.human)))
        self.say(Text(self.words("order", order=self.order_text()), style="dim"))
        if self.deal.phase is Phase.TRIBUTE:
            self.say(Text(w("tribute_phase"), style="bold yellow"))
        elif self.deal.phase is Phase.PLAY:
            self.say_first_lead()

    def seated_line(self) -> str:
        names = {
            s: bot_name(self.lang, str(getattr(b, "name", "bot")))
            for s, b in sorted(self.bots.items())
        }
        return seated_text(self.words, self.human, names)

    def say_first_lead(self) -> None:
        leader = self.deal.current_player
        if leader is not None:
            lead = self.verb(leader, "lead")
            self.say(
                Text(self.words("play_starts", who=self.name(leader), leads=lead), style="dim")
            )

    def draw(self) -> None:
        """The human's view: the status, the seats, the play to beat, the hand and
        what is asked."""
        deal = self.deal
        obs = deal.observe(self.human)
        self.rule(self.status_line(obs))
        self.say(self.seats_table(obs))
        if deal.phase is Phase.PLAY:
            if obs.top is not None and obs.top_player is not None:
                line = Text(self.words("on_table"))
                line.append_text(self.action(obs.top))
                self.say(line.append(self.words("by", who=self.name(obs.top_player))))
            else:
                self.say(Text(self.words("nothing_lead"), style="dim"))
        self.draw_hand(obs.hand)
        self.say(self.turn_line(obs))

    def turn_line(self, obs: Any) -> Text:
        w = self.words
        deal = self.deal
        kind = decision_kind(deal)
        t = Text()
        if kind is None:
            t.append(w("your_turn"), style="bold yellow")
            if obs.top is None:
                t.append(w("lead_any"))
            else:
                top = self.action(obs.top).plain
                t.append(w("beat_or_pass", top=top))
                if deal.legal_actions() == [PASS]:
                    t.append(w("cannot_beat"), style="dim")
            return self.with_tail(t, w("tail"))
        t.append(w("decide"), style="bold yellow")
        options = gift_options(deal, self.human)
        if kind is GiftKind.TRIBUTE:
            t.append(w("tribute_turn", cards=options))
        elif kind is GiftKind.TAKE:
            giver = self.pending_partner()
            t.append(w("take_turn", who=self.name(giver), cards=options))
        else:
            giver, card = self.pending_tribute()
            key = "return_turn" if kind is GiftKind.RETURN else "offer_turn"
            n = size_of(next(a.cards for a in deal.legal_actions() if isinstance(a, Gift)))
            t.append(w(key, who=self.name(giver), card=self.plain(card), n=n))
        return t

    # ----- input --------------------------------------------------------------------------
    def follow_note(self, play: Any, top: Any) -> str:
        if play.size != top.size:
            return self.words("size_note", n=top.size)
        return ""

    def explain_illegal(self, action: Any, reason: str) -> Text:
        top = self.deal.top
        if (
            isinstance(action, Combo)
            and top is not None
            and ("does not beat" in reason or action.size != top.size)
        ):
            t = Text(
                self.words("no_beat", play=self.action(action).plain, top=self.action(top).plain)
            )
            return t.append(self.follow_note(action, top))
        if action == PASS and self.deal.top is None:
            return Text(self.words("must_lead"))
        return self.explain_reason(action, reason)

    def explain_reason(self, action: Any, reason: str) -> Text:
        return Text(reason.replace(f"seat {self.human} ", "you "))

    def hint(self, arg: str = "") -> None:
        """Suggest a move (a bot's choice); with ``arg`` ``all`` or a combination
        type, list the legal plays."""
        deal = self.deal
        legal = deal.legal_actions()
        best = self.hint_action(legal)
        t = Text(self.words("hint"), style="bold magenta")
        t.append_text(self.action(best))
        if isinstance(best, Gift) and best.kind is GiftKind.TAKE:
            t.append(self.words("hint_type", typed=self.plain(best.cards)), style="dim")
        elif isinstance(best, (Combo, Gift)):
            typed = f"{self.indexes(best.cards)}  {self.words('or')}  {self.plain(best.cards)}"
            t.append(self.words("hint_type", typed=typed), style="dim")
        elif best == PASS and legal == [PASS]:
            t.append(self.words("hint_pass"), style="dim")
        self.say(t)
        plays = [a for a in legal if isinstance(a, Combo)]
        if not plays:
            return
        by_kind: dict[Any, list[Combo]] = {}
        for c in sorted(plays, key=lambda c: (c.key, c.wild)):
            by_kind.setdefault(c.kind, []).append(c)
        by_kind = {k: by_kind[k] for k in Kind if k in by_kind}
        self.list_plays(by_kind, arg, passing=PASS in legal, types=[k.value for k in Kind])

    def hint_action(self, legal: list[Any]) -> Any:
        """The hint bot's choice (a bot of the game; the first legal action when
        the game has none)."""
        from chupai.cli.play import game_bots

        names, make = game_bots(self.spec)
        for name in DEFAULT_BOTS:
            if name in names:
                try:
                    bot = make(name, seed=0)
                except ChupaiError:
                    continue
                return bot.act(self.deal.observe(self.human), legal)
        return legal[0]

    def indexes(self, cards: int) -> str:
        """The hand indexes of ``cards`` (the lowest copies first)."""
        order = hand_types(self.deal.hands[self.human], self.deal.rules, self.level())
        need = hand_types(cards, self.deal.rules, self.level())
        out = []
        for i, t in enumerate(order):
            if t in need:
                need.remove(t)
                out.append(str(i))
        return " ".join(out)

    def play_item(self, play: Combo) -> Text:
        item = self.cards(play.cards)
        return item.append(f" [{self.indexes(play.cards)}]", style="dim")

    def find_kind(self, text: str) -> Any:
        """The combination type ``text`` names: its judge or display name (any
        case, ``_`` or spaces, a plural), or the start of just one of them."""
        want = text.strip().lower().replace("-", " ").replace("_", " ")
        names = {k: {k.value.replace("_", " "), self.kind(k).lower()} for k in Kind}
        for k, known in names.items():
            if want in known or want.removesuffix("s") in known:
                return k
        starts = [k for k, known in names.items() if any(n.startswith(want) for n in known)]
        return starts[0] if len(starts) == 1 and want else None

    # ----- moves ------------------------------------------------------------------------------
    def apply(self, action: Any) -> None:
        deal = self.deal
        seat = self.mover()
        phase = deal.phase
        leading = phase is Phase.PLAY and deal.top is None
        deal.apply_action(action)
        if phase is not Phase.PLAY:
            self.report_gifts()
            if deal.phase is Phase.PLAY:
                self.say_first_lead()
            return
        self.seen = len(deal.history)
        self.note_trick(seat, action, leading)
        line = self.move_line(seat, Text("  ", style="bold" if seat == self.human else ""))
        if action == PASS:
            line.append(self.says("passes", seat), style="dim")
        else:
            head = self.says("leads" if leading else "plays", seat, what="")
            line.append(head)
            line.append_text(self.action(action))
            left = size_of(deal.hands[seat])
            if left == 0:
                place = list(self.finished()).index(seat) + 1
                line.append(self.words("out_now", **self.nth(place)), style="bold yellow")
            elif left <= 3:
                line.append(
                    self.words("left_warn", n=left, s="s" if left > 1 else ""), style="bold red"
                )
        self.say(line)
        if deal.phase is Phase.PLAY and deal.top is None:
            self.say_trick_end()

    def finished(self) -> tuple[int, ...]:
        """The seats out, in order."""
        return tuple(self.deal.observe(self.human).finishing)

    def say_trick_end(self) -> None:
        leader = self.deal.current_player
        assert leader is not None
        lead = self.verb(leader, "lead")
        plays = [s for s, a in self.trick.items() if isinstance(a, Combo)]
        winner = plays[-1] if plays else None
        if winner == leader:
            text = self.words("trick_won", who=self.name(leader), leads=lead)
        elif winner is not None and winner in self.finished():
            text = self.words("lead_passes_on", out=self.name(winner), who=self.low(leader))
        else:
            text = self.words("trick_over", who=self.low(leader), leads=lead)
        self.say(Text(text, style="dim"))

    def record_data(self) -> Any:
        return self.spec.to_record(self.deal)

    def finish(self) -> None:
        self.show_outcome()
        if self.record:
            self.save_record(self.record_data())
        self.say(Text(self.words("again", seed=self.seed), style="dim"))


class DaguailuziMatchSession(WordsExits, BaseMatchSession):
    """A match of 大怪路子 (``--deals N``): deal after deal, the first player out
    leading the next as offense leader, the levels (or points) and the tribute
    carried over, with the match table after each deal."""

    GAME = "daguailuzi"

    def __init__(
        self,
        match: Any,
        human: int,
        bot_names: list[str],
        make: Callable[..., Any],
        **options: Any,
    ):
        super().__init__(match, human, bot_names, **options)
        self.make = make
        self.words = Words(self.lang)

    def name(self, seat: int) -> str:
        return self.words("you") if seat == self.human else self.words("seat", n=seat)

    def intro(self) -> None:
        m = self.match
        w = self.words
        self.rule(w("match_title", game=self.spec.name(self.lang)))
        self.say(w("rules", spec=m.rules.spec()))
        note = w("random_seed", seed=m.seed) if self.seed_was_random else ""
        plan = w("plan_deals", n=m.planned) if m.planned is not None else w("plan_until")
        self.say(w("match_seed", seed=m.seed, note=note, plan=plan))
        self.say(seated_text(w, self.human, self.seated(self.bot_names, m.players)))
        self.say(Text(w("teams"), style="dim"))
        self.say(Text(w("help_note"), style="dim"))

    def label(self) -> str:
        m = self.match
        n = m.counted + 1
        if m.planned is not None:
            return self.words("deal_of", n=n, total=m.planned)
        return self.words("deal_label", n=n)

    def score_table(self) -> Table:
        return match_table(self.match, self.words, self.name)

    def play_match_deal(self, deal: Any, label: str) -> None:
        seed = deal.seed or 0
        bots = seat_bots(self.bot_names, self.human, self.match.players, seed, self.make)
        session = DaguailuziSession(
            deal,
            self.human,
            bots,
            seed=seed,
            spec=self.spec,
            match_label=label,
            points=self.match.team_points(),
            **self.deal_options(),
        )
        session.intro()
        session.play_deal()
        session.last_deal = self.match.is_over()
        session.show_outcome()

    def abandoned(self) -> str:
        return self.words("abandoned_match", seed=self.match.seed)

    def finish(self) -> None:
        self.rule(self.words("match_over"))
        self.say(Text(match_verdict(self.match, self.words), style="bold"))
        if self.record:
            write_json(self.record, self.match.to_record())
            self.say(
                self.words("record_written", what=self.words("match_record"), path=self.record)
            )


def seated_text(words: Words, human: int, bots: dict[int, str]) -> str:
    """``You are Seat 0, team A. Bots: ...``: one bot name for every seat when all
    are alike, else each seat's."""
    names = set(bots.values())
    if len(names) == 1:
        listed = f"{names.pop()} ×{len(bots)}"
    else:
        listed = ", ".join(f"{s}: {n}" for s, n in bots.items())
    return words("seated", seat=human, team="AB"[team_of(human)], bots=listed)


def play_rules(spec: GameSpec, args: argparse.Namespace) -> Any:
    """The rules of ``chupai play``'s arguments: always 6 players; ``--deals``
    only (a match ends at its target by the rules' own options)."""
    rules = spec.resolve(args.rules, parse_overrides(args.overrides or []))
    if getattr(args, "players", None) is not None and args.players != PLAYERS:
        raise ChupaiError(f"--players {args.players}: 大怪路子 is played by exactly 6 players")
    if getattr(args, "target", None) is not None:
        raise ChupaiError(
            "--to is not available for 大怪路子; use --deals N (and the options "
            "target_score or target_level)"
        )
    return rules


def deal_session(
    spec: GameSpec, rules: Any, seed: int, human: int, names: list[str], options: dict[str, Any]
) -> DaguailuziSession:
    """The session of one deal of ``rules`` from ``seed``."""
    from chupai.cli.play import game_bots

    _, make = game_bots(spec)
    bots = seat_bots(names, human, PLAYERS, seed, make)
    return DaguailuziSession(
        spec.new_deal(rules, seed), human, bots, seed=seed, spec=spec, **options
    )


def match_session(
    spec: GameSpec, match: Any, human: int, names: list[str], options: dict[str, Any]
) -> DaguailuziMatchSession:
    """The session of a match."""
    from chupai.cli.play import game_bots

    return DaguailuziMatchSession(match, human, names, game_bots(spec)[1], spec=spec, **options)
