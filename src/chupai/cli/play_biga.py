"""``chupai play biga``: a Big A (打大A) deal in the terminal, one human seat
against four bots.

The screen follows the other games (:mod:`chupai.cli.play`,
:mod:`chupai.cli.play_doudizhu`; shared pieces in :mod:`chupai.cli.session`):
drawn with rich, read with plain :func:`input`, so the same code runs on a
terminal and with pipes (typed lines are then echoed).

**The draw.** The 108 cards are drawn one at a time; the human's hand is shown
growing ("You draw 7"), and public declarations appear as they happen: who showed
which Ace and became the declarer, a 反大A (two Aces shown: the declarer plays
alone and the earlier declaration is cancelled), the forced ♥A declaration when
nobody declared, the redeal when nobody holds an ``AH``. The engine offers a
declaration to a seat at every checkpoint where it has one (up to a hundred
times); the human is asked only when the set of their possible declarations
changed since their last answer (they drew an Ace, somebody declared) and
declines silently otherwise. Then come the questions before play (§3.5): show the
second Big Ace, reveal yourself as the partner.

**Play.** The human's turn shows each seat's cards left and last action in the
trick, the declarer, the Big Ace suit and the partner as publicly known (the
human also sees what only they know: that they hold the other Big Ace), the top
play and the hand sorted by strength with the Big Aces marked. Captures are
reported as such ("Seat 3 captures 7 7 7 with 4 4"), and when the partner plays a
Big Ace the table is told ("Seat 2 played AH: Seat 2 is the declarer's partner").
At the end: the finishing order, the scoring-table row used and the scores; with
``--deals N`` the running totals, the next deal being drawn first by the first
player out (§9).

Input: card tokens (``7 7 7``, ``AH``, ``10 J Q``; suits count only on Aces), ``4 4``
(or ``capture 4 4``) to capture an egg, ``pass``, ``#N`` for move ``N`` of the
``moves`` list; during the draw ``show AH``, ``show AH AH``, ``decline`` (``y``/``n``
when there is one option); before play ``y``/``n`` (``show_second``/``keep_hidden``,
``reveal``/``stay_hidden``); ``hint``, ``moves``, ``help``, ``quit`` any time. Bad
input is explained and asked again, never played.

Exit status: 0 when the deal (or every deal of ``--deals``) is played out or the
player quits, 1 when standard input ends first; setup errors are
:class:`~chupai.errors.ChupaiError` (exit 2 through :func:`chupai.cli.main.main`).
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from functools import partial
from pathlib import Path
from typing import Any, Final, NamedTuple

from rich.columns import Columns
from rich.table import Table
from rich.text import Text

from chupai.biga.cards import (
    ACE,
    BJ,
    FACE_NAMES,
    RJ,
    SHIFTS,
    SUITED_ACE,
    UNIT,
    Cards,
    big_aces,
    contains,
    normalize,
    parse_cards,
    size_of,
    strength_order,
)
from chupai.biga.combos import Combo, Kind, classify, combo_text, explain
from chupai.biga.game import (
    DECLINE,
    KEEP_HIDDEN,
    PASS,
    REVEAL,
    SHOW_SECOND,
    STAY_HIDDEN,
    BigADeal,
    Capture,
    Declare,
    Phase,
    new_deal,
)
from chupai.biga.rules import BigARules, RankOrder
from chupai.biga.scoring import HIDDEN_PARTNER, REVEALED_PARTNER
from chupai.cli.session import (
    EXIT_EOF,
    EXIT_OK,
    COMMANDS,
    Command,
    DealSession,
    bot_list,
    check_record_path,
    check_seat,
    commands_help,
    derive_seed,
    game_seed,
    match_length,
    open_terminal,
    ordinal,
    outcome_table,
    reads_commands,
    score_text,
    seat_bots,
    total_row,
)
from chupai.errors import CardParseError, ChupaiError
from chupai.games import find_game
from chupai.names import combo_name, game_name
from chupai.options import parse_overrides
from chupai.tournament import bot_seed

__all__ = [
    "run_play_biga", "read_input", "move_list", "table_row", "series_seed", "redeal_seed",
    "bot_seed", "Command", "BigASession", "HELP", "DEFAULT_BOTS", "EXIT_OK", "EXIT_EOF",
]

PLAYERS: Final = 5
DECK_SIZE: Final = 108
LAST_CHECKPOINT: Final = 102
"""The last card after which a declaration is possible (cards 103-107 are the final
round)."""
DRAW_BATCH: Final = 4
"""The human's new cards are reported in lines of this many (an Ace at once)."""
SUIT_NAMES: Final = ("diamonds", "clubs", "hearts", "spades")
SUIT_LETTERS: Final = "DCHS"
DEFAULT_BOTS: Final = ("heuristic", "greedy", "random")
"""The bot used when ``--bots`` is not given: the first of these Big A knows."""
_TENS: Final = {"T": "10"}
_RANK_NUMBERS: Final = frozenset({"2", "3", "4", "5", "6", "7", "8", "9", "10"})

HELP: Final = (
    ("The draw", (
        ("show AH", "show one Ace: you become the declarer and its suit the Big Ace suit "
                    "(only while nobody has declared)"),
        ("show AH AH", "show both Aces of a suit (反大A): you become the declarer and play "
                       "alone; an earlier declaration is cancelled"),
        ("decline, n", "do not declare now (nobody is told)"),
        ("y", "when you have exactly one declaration: make it"),
        ("", "You are asked only when your possible declarations change (you drew an "
             "Ace, somebody declared); otherwise you decline silently."),
    )),
    ("Before play", (
        ("y / n", "show your second Big Ace (alone, doubles the score) or keep it hidden; "
                  "as the partner: reveal yourself (revealed table) or stay hidden"),
        ("show_second, keep_hidden", "the same, in full"),
        ("reveal, stay_hidden", "the same, in full"),
    )),
    ("Your move", (
        ("7 7 7, 10 J Q, AH", "play cards (10 or T; BJ RJ jokers; a Big Ace with its suit, "
                              "a bare A is an ordinary Ace; other suits are ignored)"),
        ("4 4, capture 4 4", "capture the egg or big egg on top with one four fewer "
                             "(its cards go into your hand)"),
        ("pass, p", "pass (not when you lead)"),
        ("#3", "play move 3 of the 'moves' list"),
    )),
    commands_help(
        ("hint", "suggest a move (a bot's choice)"),
        ("moves", "list every legal move, numbered (then '#N' plays one)"),
    ),
)
"""The help screen: sections of (input, meaning)."""


_COMMANDS: Final = {
    **COMMANDS,
    "moves": "moves", "move": "moves", "list": "moves", "m": "moves",
    "table": "table", "redraw": "table",
}
_YES: Final = frozenset({"y", "yes", "ok"})
_NO: Final = frozenset({"n", "no", "pass", "p"})


# ----- seeds -------------------------------------------------------------------------------

def series_seed(seed: int, number: int) -> int:
    """The seed of deal ``number`` (1, 2, ...) of a ``--deals`` series of ``seed``:
    deal 1 is ``seed`` itself."""
    return seed if number == 1 else derive_seed("chupai-biga-deal", seed, number)


def redeal_seed(seed: int, number: int) -> int:
    """The seed of redeal ``number`` (1, 2, ...) of the deal of ``seed`` (nobody
    held an ``AH`` outside the final round): stable across runs, below 10**9."""
    return derive_seed("chupai-biga-redeal", seed, number)


# ----- reading input ----------------------------------------------------------------------

def move_list(deal: BigADeal) -> list[Any]:
    """The legal actions in the order of the ``moves`` list (``#1`` is the first):
    in play the plays from the fewest cards and weakest up, then a capture, then
    pass; before play the declarations (or the 'yes' answer) first."""
    legal = list(deal.legal_actions())
    if deal.phase is not Phase.PLAY:
        no = {DECLINE, KEEP_HIDDEN, STAY_HIDDEN}
        return [a for a in legal if a not in no] + [a for a in legal if a in no]
    plays = sorted((a for a in legal if isinstance(a, Combo)),
                   key=lambda c: (c.bomb, c.size, list(Kind).index(c.kind), c.key))
    caps = [a for a in legal if isinstance(a, Capture)]
    rest = [a for a in legal if not isinstance(a, (Combo, Capture))]
    return plays + caps + rest


def _norm(text: str) -> str:
    return " ".join(text.lower().replace("-", "_").split())


@reads_commands(_COMMANDS, "table")
def read_input(deal: BigADeal, seat: int, line: str) -> Any:
    """Read one input line of ``seat`` (the seat to act) into an action or a
    :class:`Command`.

    The result is a well-formed action not yet checked against the table (see
    ``deal.why_illegal``), or a legal one when named by ``#N``. Raises
    :class:`ChupaiError` with a message for the player when the line is no action.
    """
    words = line.lower().split()
    head = words[0]
    if head.startswith("#"):
        return _pick(deal, "".join(words)[1:])
    if deal.phase is Phase.PLAY:
        return _read_play(deal, seat, line)
    if deal.phase is Phase.OVER:
        raise ChupaiError("the deal is over")
    return _read_decision(deal, line)


def _pick(deal: BigADeal, digits: str) -> Any:
    moves = move_list(deal)
    if not (digits.isascii() and digits.isdigit()):
        raise ChupaiError(f"'#{digits}' is not a move number: write # then a number, e.g. #1")
    i = int(digits)
    if not 1 <= i <= len(moves):
        raise ChupaiError(f"there {'is' if len(moves) == 1 else 'are'} {len(moves)} "
                          f"move{'s' if len(moves) != 1 else ''} now: #1"
                          + (f" to #{len(moves)}" if len(moves) > 1 else "")
                          + " ('moves' lists them)")
    return moves[i - 1]


def _options_text(deal: BigADeal) -> str:
    texts = [f"'{deal.action_text(a)}'" for a in move_list(deal)]
    if len(texts) <= 1:
        return "".join(texts)
    return ", ".join(texts[:-1]) + " or " + texts[-1]


def _read_decision(deal: BigADeal, line: str) -> Any:
    """A declaration or a §3.5 answer."""
    legal = move_list(deal)
    said = _norm(line)
    for a in legal:
        if said == _norm(deal.action_text(a)):
            return a
    phase = deal.phase
    if phase is Phase.DRAW:
        shows = [a for a in legal if a != DECLINE]
        if said in _NO or said in ("decline", "d", "no declaration"):
            return DECLINE
        if said in _YES or said == "show":
            if len(shows) == 1:
                return shows[0]
            raise ChupaiError("you can show more than one way: type "
                              + " or ".join(f"'{deal.action_text(a)}'" for a in shows))
        words = said.split()
        if words and words[0] == "show":
            words = words[1:]
        aces = {"ad", "ac", "ah", "as"}
        if not words or len(words) > 2 or not set(words) <= aces or len(set(words)) != 1:
            what = f"{line.strip()!r} is not a declaration" if words else "show which Ace?"
            raise ChupaiError(f"{what}: type {_options_text(deal)}")
        said = "show " + " ".join(w.upper() for w in words)
        action = deal.parse_action(said)
        if action in legal:
            return action
        reason = deal.why_illegal(action) or "not now"
        raise ChupaiError(f"you cannot {said} now ({_you(reason, deal)}); type "
                          f"{_options_text(deal)}")
    if phase is Phase.SHOW_SECOND:
        if said in _YES or said in ("show", "show second", "show_second"):
            return SHOW_SECOND
        if said in _NO or said in ("keep", "hide", "keep hidden"):
            return KEEP_HIDDEN
        raise ChupaiError("show your second Big Ace? type 'y' (show_second) or 'n' "
                          "(keep_hidden)")
    if phase is Phase.REVEAL:
        if said in _YES or said in ("reveal", "reveal partner", "reveal_partner"):
            return REVEAL
        if said in _NO or said in ("stay", "hide", "hidden", "stay hidden"):
            return STAY_HIDDEN
        raise ChupaiError("reveal yourself as the declarer's partner? type 'y' (reveal) or "
                          "'n' (stay_hidden)")
    raise ChupaiError(f"now type {_options_text(deal)}")  # pragma: no cover


def _you(reason: str, deal: BigADeal) -> str:
    seat = deal.current_player
    if seat is None:
        return reason
    for old, new in ((f"seat {seat} does not hold", "you do not hold"),
                     (f"seat {seat} holds", "you hold"),
                     (f"seat {seat} has", "you have"),
                     (f"seat {seat} must", "you must"),
                     (f"seat {seat} may", "you may"),
                     (f"seat {seat} is", "you are")):
        reason = reason.replace(old, new).replace(old.capitalize(), new.capitalize())
    return reason


def _face_label(f: int) -> str:
    return _TENS.get(FACE_NAMES[f], FACE_NAMES[f])


def _not_held(hand: Cards, cards: Cards, big_suit: int | None) -> str:
    for f in range(len(SHIFTS)):
        want = (cards >> SHIFTS[f]) & 31
        have = (hand >> SHIFTS[f]) & 31
        if want > have:
            name = _face_label(f)
            if f == ACE and big_suit is not None:
                name = "ordinary A"
                if big_aces(hand, big_suit):
                    name += f" (a Big Ace is written {FACE_NAMES[SUITED_ACE + big_suit]})"
            elif big_suit is not None and f == SUITED_ACE + big_suit:
                name = f"Big Ace {FACE_NAMES[f]}"
            if have == 0:
                return f"you hold no {name}"
            return f"you hold {have} × {name}, not {want}"
    return "you do not hold these cards"  # pragma: no cover - some face must differ


def _read_play(deal: BigADeal, seat: int, line: str) -> Any:
    words = line.split()
    low = [w.lower() for w in words]
    if _norm(line) in ("pass", "p"):
        return PASS
    capture = False
    if low[0] == "capture":
        capture = True
        words = words[1:]
        if not words:
            raise ChupaiError("capture with which fours? e.g. 'capture 4 4'")
    if low[0] in ("show", "decline", "reveal", "keep_hidden", "stay_hidden", "show_second"):
        raise ChupaiError(f"'{low[0]}' belongs to the draw, which is over; now play cards "
                          "or pass")
    for w in words:
        if w.isascii() and w.isdigit() and w not in _RANK_NUMBERS:
            raise ChupaiError(f"{w!r} is not a card; to play move {w} of the 'moves' list "
                              f"type #{w}")
    big_suit = deal.big_suit
    try:
        cards = normalize(parse_cards(words, big_suit), big_suit)
    except CardParseError as exc:
        message = str(exc)
        if message.startswith("unknown card token"):
            message += " (ranks: 3-10 J Q K A 2, jokers BJ RJ, a Big Ace with its suit)"
        raise ChupaiError(message) from None
    legal = deal.legal_actions()
    caps = [a for a in legal if isinstance(a, Capture)]
    for a in caps:
        if a.fours.cards == cards:
            return a
    if capture:
        top = deal.top
        if top is None:
            raise ChupaiError("there is nothing to capture: you lead this trick")
        if not caps:
            raise ChupaiError(_no_capture_reason(deal))
        fours = caps[0].fours
        raise ChupaiError(f"capture {combo_text(top, deal.rules, big_suit)} with {fours.size} "
                          f"fours: type 'capture {combo_text(fours, deal.rules, big_suit)}'")
    hand = deal.hands[seat]
    if not contains(hand, cards):
        raise ChupaiError(_not_held(hand, cards, big_suit))
    for play in legal:
        if isinstance(play, Combo) and play.cards == cards:
            return play
    combo = classify(cards, deal.rules, big_suit)
    if combo is None:
        raise ChupaiError("not a combination: " + explain(cards, deal.rules, big_suit))
    return combo


def _no_capture_reason(deal: BigADeal) -> str:
    top = deal.top
    if not deal.rules.fours_capture:
        return "captures are off in these rules (fours_capture=false)"
    if top is None or top.kind not in (Kind.EGG, Kind.BIG_EGG):
        return "only an egg or a big egg on top can be captured"
    return f"you need {top.size - 1} ordinary fours to capture it"


# ----- scoring words ------------------------------------------------------------------------

def table_row(outcome: Any) -> str:
    """The scoring-table row a finished deal used, in the words of ``biga.md`` §10
    (the row labels of :mod:`chupai.biga.scoring`): ``partner hidden, positions 1
    and 3``, ``partner revealed, partner 2, declarer 5``, ``declarer alone, position
    1, two Big Aces shown (doubled)``."""
    order = list(outcome.finishing_order)
    pos = {s: i + 1 for i, s in enumerate(order)}
    d = pos[outcome.declarer]
    if outcome.alone or outcome.partner is None:
        text = f"declarer alone, position {d}"
        if outcome.two_shown:
            text += ", two Big Aces shown (doubled)"
        return text
    p = pos[outcome.partner]
    rows = REVEALED_PARTNER if outcome.partner_revealed else HIDDEN_PARTNER
    label = next(row.label for row in rows if (d, p) in row.positions)
    if label[0].isdigit():
        label = "positions " + label
    return f"partner {'revealed' if outcome.partner_revealed else 'hidden'}, {label}"


# ----- the session -----------------------------------------------------------------------

class _Before(NamedTuple):
    """What the reports compare with: the deal just before an action."""

    phase: Any
    declarer: int | None
    big_suit: int | None
    leading: bool
    top_player: int | None
    public_partner: int | None
    alone_known: bool


class BigASession(DealSession):
    """Big A between a human seat and four bots, drawn on a rich console: one deal
    (and its redeals), or ``deals`` deals with running totals (``options``: the
    keywords of :class:`~chupai.cli.session.TerminalSession`)."""

    SYMBOLS = "▶—·×✗★"
    HELP = HELP
    PLAY = Combo

    def __init__(
        self,
        rules: BigARules,
        seed: int,
        human: int,
        bot_names: list[str],
        *,
        deals: int = 1,
        first_drawer: int | None = None,
        **options: Any,
    ):
        super().__init__(human, seed, **options)
        self.rules = rules
        self.bot_names = bot_names
        self.deals = deals
        self.first_drawer = first_drawer
        self.totals = [0] * PLAYERS
        self.results: list[tuple[int, Any]] = []
        """(deal seed, outcome) of each finished deal."""
        self.deal: Any = None
        self.deal_seed = seed
        self.number = 1
        self.redeals = 0
        self._hint_bot: Any = None
        self.known_hand: Cards = 0
        self.last_options: frozenset[Any] | None = None
        """The human's declarations at their last answer in the draw."""
        self.seen = 0
        """Events of the deal's history already reported."""

    # ----- text helpers -------------------------------------------------------------------
    def low(self, seat: int) -> str:
        """The seat's name inside a sentence (``you``, ``Seat 2``)."""
        return "you" if seat == self.human else f"Seat {seat}"

    def possessive(self, seat: int) -> str:
        return "your" if seat == self.human else f"Seat {seat}'s"

    @property
    def star(self) -> str:
        return "★" if self.symbols else "*"

    def order(self) -> tuple[int, ...]:
        """Faces from weakest to strongest for the deal's Big Ace suit."""
        big = self.deal.big_suit if self.deal is not None else None
        return strength_order(self.rules.rank_order is RankOrder.THREE_TWO_HIGH, big)

    def card(self, f: int) -> Text:
        big = self.deal.big_suit if self.deal is not None else None
        if big is not None and f == SUITED_ACE + big and self.deal.phase is not Phase.DRAW:
            return Text(FACE_NAMES[f] + self.star, style="bold magenta")
        style = "bold red" if f == RJ else "bold" if f == BJ else ""
        return Text(_face_label(f), style=style)

    def cards(self, cards: Cards, order: Sequence[int] | None = None) -> Text:
        out = Text()
        for f in order if order is not None else self.order():
            for _ in range((cards >> SHIFTS[f]) & 31):
                if out:
                    out.append(" ")
                out.append_text(self.card(f))
        return out

    def plain(self, cards: Cards) -> str:
        """Cards as the tokens one would type."""
        return " ".join(_face_label(f) for f in self.order()
                        for _ in range((cards >> SHIFTS[f]) & 31))

    def kind(self, kind: Kind) -> str:
        return combo_name(kind.value, self.lang, game="biga").replace("_", " ")

    def combo(self, combo: Combo) -> Text:
        out = Text(self.kind(combo.kind) + " ", style="bold red" if combo.bomb else "cyan")
        big = self.big_name()
        words = [(t + self.star if t == big else _TENS.get(t, t))
                 for t in combo_text(combo, self.rules, self.deal.big_suit).split()]
        out.append(" ".join(words), style="bold")
        return out

    def action(self, action: Any) -> Text:
        if isinstance(action, Combo):
            return self.combo(action)
        if isinstance(action, Capture):
            out = Text("capture ", style="bold magenta")
            out.append_text(self.cards(action.taken.cards))
            out.append(" with ")
            out.append_text(self.cards(action.fours.cards))
            return out
        if action == PASS:
            return Text("pass", style="dim")
        return Text(self.deal.action_text(action), style="yellow")

    def big_name(self) -> str:
        big = self.deal.big_suit
        return "" if big is None else FACE_NAMES[SUITED_ACE + big]

    # ----- what the human knows -------------------------------------------------------------
    def partner_text(self) -> Text:
        """The partner as the human knows it."""
        deal = self.deal
        obs = deal.observe(self.human)
        if obs.alone_known:
            return Text("none — the declarer plays alone", style="magenta")
        if obs.partner == self.human:
            if obs.partner_revealed:
                return Text("You (revealed)", style="bold magenta")
            return Text(f"You (secret: you hold the other {self.big_name()})", style="magenta")
        if obs.partner is not None:
            return Text(self.name(obs.partner), style="bold magenta")
        if deal.declarer == self.human and big_aces(obs.hand, deal.big_suit) == 2 \
                and deal.phase is not Phase.DRAW:
            return Text("none — you hold both Big Aces (secret)", style="magenta")
        return Text("hidden", style="dim")

    def role(self, seat: int) -> str:
        """``seat``'s role as the human knows it."""
        deal = self.deal
        if deal.declarer is None:
            return ""
        obs = deal.observe(self.human)
        if seat == deal.declarer:
            return "declarer"
        if seat == obs.partner:
            return "partner"
        if obs.alone_known or obs.partner is not None:  # the partner known to the human
            return "defender"
        drawing = deal.phase is Phase.DRAW
        if not drawing and deal.declarer == self.human and big_aces(obs.hand, deal.big_suit) == 2:
            return "defender"
        if seat == self.human and not drawing:
            return "defender"
        return ""

    # ----- drawing -------------------------------------------------------------------
    def intro(self) -> None:
        plan = f"; a series of {self.deals} deals" if self.deals > 1 else ""
        self.say_intro(game_name("biga", self.lang), self.rules.spec(),
                       f"Seed {self.seed}{self.random_note(self.seed)}{plan}",
                       self.seated(self.bot_names, PLAYERS))

    def deal_intro(self) -> None:
        deal = self.deal
        label = Text()
        if self.deals > 1:
            label.append(f"Deal {self.number} of {self.deals}", style="bold")
        if self.redeals:
            label.append((" · " if label else "") + f"Redeal {self.redeals}", style="bold")
        if label:
            label.append(f" · seed {self.deal_seed}")
            self.rule(label)
        f = deal.first_drawer
        self.say(Text(f"The draw: {self.name(f)} {self.verb(f, 'draw')} first; 108 cards, one "
                      "at a time, counterclockwise. You are asked to declare when your "
                      "options change.", style="dim"))

    def seats_table(self) -> Table:
        deal = self.deal
        table = self.seats_frame("Role", "Cards", "This trick")
        finishing = list(deal.finishing)
        for seat in range(PLAYERS):
            label = self.seat_label(seat)
            role = Text(self.role(seat), style="bold magenta" if seat == deal.declarer else "")
            if seat in finishing:
                count = Text(f"out {ordinal(finishing.index(seat) + 1)}", style="yellow")
            else:
                n = size_of(deal.hands[seat])
                count = Text(str(n), style="bold red" if n <= 2 else "")
            table.add_row(self.marker(seat, deal.current_player), label, role, count,
                          self.trick_cell(self.trick, seat, deal.top, deal.top_player))
        return table

    def status_line(self) -> Text:
        deal = self.deal
        if deal.phase is Phase.DRAW:
            t = Text(f"The draw · {deal.drawn} of {DECK_SIZE} cards drawn · ")
            if deal.declarer is None:
                t.append("no declaration yet")
            else:
                t.append(f"declarer {self.name(deal.declarer)} ({self.big_name()}"
                         f"{' ' + self.big_name() if deal.two_shown else ''} shown)")
            return t
        t = Text(f"Declarer: {self.name(deal.declarer)} · Big Aces: {self.big_name()} · "
                 "Partner: ")
        t.append_text(self.partner_text())
        return t

    def draw_hand(self) -> None:
        deal = self.deal
        hand = deal.hands[self.human]
        line = Text(f"Your hand ({size_of(hand)}): ", style="bold")
        line.append_text(self.cards(hand))
        self.say(line)
        if deal.phase is not Phase.DRAW and big_aces(hand, deal.big_suit):
            self.say(Text(f"  {self.big_name()}{self.star} is a Big Ace, the highest single",
                          style="dim"))

    def draw(self) -> None:
        """The human's view: status, seats, table, hand and what is asked."""
        deal = self.deal
        self.rule(self.status_line())
        if deal.phase is Phase.PLAY:
            self.say(self.seats_table())
            self.say_top(deal.top, deal.top_player, "On the table: nothing — you lead a new trick")
        self.draw_hand()
        self.say(self.turn_line())

    def turn_line(self) -> Text:
        deal = self.deal
        t = Text()
        phase = deal.phase
        if phase is Phase.DRAW:
            shows = [a for a in move_list(deal) if a != DECLINE]
            t.append("Declare? ", style="bold yellow")
            t.append(" or ".join(f"'{deal.action_text(a)}'" for a in shows))
            t.append(", or 'decline' (n)")
            if len(shows) == 1:
                t.append(" — 'y' shows", style="dim")
        elif phase is Phase.SHOW_SECOND:
            t.append("You hold both Big Aces. ", style="bold yellow")
            t.append(f"Show the second {self.big_name()} (you play alone; every score "
                     "doubled)? y/n")
        elif phase is Phase.REVEAL:
            t.append(f"You hold the other {self.big_name()}: you are "
                     f"{self.possessive(deal.declarer)} partner. ", style="bold yellow")
            t.append("Reveal yourself (revealed-partner table)? y/n")
        else:
            t.append("Your turn: ", style="bold yellow")
            if deal.top is None:
                t.append("lead any combination")
            else:
                t.append("beat ")
                t.append_text(self.action(deal.top))
                caps = [a for a in deal.legal_actions() if isinstance(a, Capture)]
                if caps:
                    t.append(", capture it with ")
                    t.append_text(self.cards(caps[0].fours.cards))
                    t.append(",")
                t.append(" or pass")
        return self.with_tail(t, "  (hint, moves, help, quit)")

    # ----- input --------------------------------------------------------------------
    def human_turn(self) -> None:
        """In the draw, decline silently when the human's declarations are those
        of their last answer; else draw the table and apply the human's action."""
        deal = self.deal
        options = frozenset(deal.legal_actions())
        if deal.phase is Phase.DRAW and options == self.last_options:
            self.apply(DECLINE)  # answered already with the same options: decline again
            return
        self.show_draws()
        self.draw()
        got = self.read_action()
        if deal.phase is Phase.DRAW:
            self.last_options = options
        self.apply(got)

    def parse(self, line: str) -> Any:
        return read_input(self.deal, self.human, line)

    def run_command(self, command: Command) -> None:
        if command.name == "moves":
            self.show_moves()
        else:
            super().run_command(command)

    def follow_note(self, play: Combo, top: Combo) -> str:
        if top.bomb and not play.bomb:
            return " (only a higher bomb beats a bomb)"
        if not play.bomb and (play.kind != top.kind or play.size != top.size):
            return f" (follow with a {self.kind(top.kind)} of {top.size} cards, or a bomb)"
        return ""

    def explain_reason(self, action: Any, reason: str) -> Text:
        return Text(_you(reason, self.deal))

    def hint_bot(self) -> Any:
        if self._hint_bot is None:
            self._hint_bot = _first_bot(seed=0)
        return self._hint_bot

    def hint(self, arg: str = "") -> None:
        """Suggest a move (a bot's choice) and count the legal plays (``arg`` is
        not used: 'moves' lists them)."""
        deal = self.deal
        legal = deal.legal_actions()
        moves = move_list(deal)
        best = self.hint_bot().act(deal.observe(self.human), legal)
        t = Text("Hint: ", style="bold magenta")
        t.append_text(self.action(best))
        number = moves.index(best) + 1 if best in moves else None
        t.append(f"   (type: {self.typed(best)}" + (f"  or  #{number}" if number else "") + ")",
                 style="dim")
        self.say(t)
        if deal.phase is Phase.PLAY:
            plays = [a for a in legal if isinstance(a, (Combo, Capture))]
            if not plays:
                self.say("Nothing in your hand beats the table: pass.")
            else:
                self.say(Text(f"{len(plays)} legal play{'s' if len(plays) != 1 else ''}; "
                              "'moves' lists them.", style="dim"))

    def typed(self, action: Any) -> str:
        """What to type for ``action``."""
        if isinstance(action, Combo):
            return self.plain(action.cards)
        if isinstance(action, Capture):
            return self.plain(action.fours.cards)
        return str(self.deal.action_text(action))

    def show_moves(self) -> None:
        moves = move_list(self.deal)
        self.say(Text(f"{len(moves)} legal move{'s' if len(moves) != 1 else ''} "
                      "(type '#N' to make one):", style="bold"))
        items = []
        for i, a in enumerate(moves, 1):
            t = Text(f"#{i} ", style="dim")
            t.append_text(self.action(a))
            items.append(t)
        self.say(Columns(items, padding=(0, 3)))

    # ----- reporting -------------------------------------------------------------------
    def start_deal(self, deal: BigADeal) -> None:
        self.deal = deal
        self.seen = 0
        self.known_hand = 0
        self.trick = {}
        self.last_options = None
        from chupai.bots import make_bot

        self.bots = seat_bots(self.bot_names, self.human, PLAYERS, self.deal_seed,
                              partial(make_bot, game="biga"))

    def last_card(self) -> Cards:
        """The human's last card (drawn in the final round, §3.4), once drawn."""
        deal = self.deal
        for k in range(LAST_CHECKPOINT + 1, DECK_SIZE):
            if deal.seat_of_card(k) == self.human:
                return normalize(UNIT[deal.stock[k]], deal.big_suit)
        return 0  # pragma: no cover - every seat draws one of the last five

    def show_draws(self, batch: bool = False) -> None:
        """The cards the human drew since the last report, in one line (the last
        card of the final round in a line of its own). With ``batch``, wait until
        :data:`DRAW_BATCH` cards or an Ace have come."""
        deal = self.deal
        hand = deal.hands[self.human]
        old = self.known_hand
        if deal.phase is not Phase.DRAW:  # Aces of other suits are ordinary now
            hand = normalize(hand, deal.big_suit)
            old = normalize(old, deal.big_suit)
        if hand == old or not contains(hand, old):
            self.known_hand = deal.hands[self.human]
            return
        new = hand - old
        if batch and size_of(new) < DRAW_BATCH and not new >> SHIFTS[SUITED_ACE]:
            return
        self.known_hand = deal.hands[self.human]
        last = 0
        if deal.drawn == DECK_SIZE:
            last = self.last_card()
            if contains(new, last):
                new -= last
            else:  # pragma: no cover - reported already
                last = 0
        if new:
            line = Text("  You draw ")
            line.append_text(self.cards(new))
            drawn = min(deal.drawn, LAST_CHECKPOINT + 1)
            held = size_of(hand) - size_of(last)
            line.append(f"  ({held} card{'s' if held != 1 else ''}; {drawn} of {DECK_SIZE} "
                        "drawn)", style="dim")
            self.say(line)
        if last:
            line = Text("  Final round: your last card is ")
            line.append_text(self.cards(last))
            line.append(f"  ({size_of(hand)} cards)", style="dim")
            self.say(line)

    def before(self) -> _Before:
        deal = self.deal
        return _Before(deal.phase, deal.declarer, deal.big_suit,
                       deal.phase is Phase.PLAY and deal.top is None, deal.top_player,
                       deal.public_partner, deal.alone_known)

    def apply(self, action: Any) -> None:
        """Apply a legal action of the seat to act and report what it made public."""
        if isinstance(action, Declare):
            self.show_draws()  # the cards drawn before the declaration first
        before = self.before()
        self.deal.apply_action(action)
        self.sync(before)

    def sync(self, before: _Before | None = None) -> None:
        """Report what happened since the last report: public actions, the human's
        own decisions and draws, the forced declaration, the end of the draw."""
        deal = self.deal
        history = deal.history
        while self.seen < len(history):
            ev = history[self.seen]
            self.seen += 1
            if before is not None:
                self.report_event(ev, before)
        if before is None:
            self.show_draws()
            return
        if deal.phase is Phase.DRAW:
            self.show_draws(batch=True)
            return
        if before.phase is Phase.DRAW:
            self.end_of_draw()
        if before.phase is not Phase.PLAY and deal.phase is Phase.PLAY:
            self.start_of_play()

    def report_event(self, ev: Any, before: _Before) -> None:
        deal = self.deal
        seat, act = ev.seat, ev.action
        me = seat == self.human
        line = self.actor(seat)
        if isinstance(act, Declare):
            ace = FACE_NAMES[SUITED_ACE + act.suit]
            if act.two and before.declarer == seat and before.big_suit == act.suit:
                line.append(f"{self.verb(seat, 'show')} the second {ace}", style="bold magenta")
                line.append(f": {self.low(seat)} {self.verb(seat, 'play')} alone; every score "
                            "is doubled")
            elif act.two:
                line.append(f"{self.verb(seat, 'show')} {ace} {ace} (反大A)",
                            style="bold magenta")
                line.append(f": {self.low(seat)} {self.verb(seat, 'are')} the declarer and "
                            f"{self.verb(seat, 'play')} alone, {SUIT_NAMES[act.suit]} are the "
                            "Big Ace suit; every score is doubled")
                if before.declarer is not None and before.big_suit is not None:
                    old = FACE_NAMES[SUITED_ACE + before.big_suit]
                    line.append(f". {self.possessive(before.declarer).capitalize()} declaration "
                                f"is cancelled ({old} is an ordinary Ace again)")
            else:
                line.append(f"{self.verb(seat, 'show')} {ace}", style="bold magenta")
                line.append(f": {self.low(seat)} {self.verb(seat, 'are')} the declarer, "
                            f"{SUIT_NAMES[act.suit]} are the Big Ace suit; the holder of the "
                            f"other {ace} is the secret partner")
            self.say(line)
            if not me and deal.declarer != self.human:
                mine = big_aces(deal.hands[self.human], deal.big_suit)
                if mine and not act.two:
                    self.say(Text(f"  You hold the other {ace}: you are "
                                  f"{self.possessive(seat)} partner (secret).",
                                  style="magenta"))
            return
        if act == DECLINE:
            return  # never public
        if act == SHOW_SECOND:
            line.append(f"{self.verb(seat, 'show')} the second {self.big_name()}",
                        style="bold magenta")
            line.append(f": {self.low(seat)} {self.verb(seat, 'play')} alone; every score is "
                        "doubled")
            self.say(line)
            return
        if act == KEEP_HIDDEN:
            if me:
                self.say(Text(f"  You keep your second {self.big_name()} hidden: you play "
                              "alone, and nobody knows it yet.", style="dim"))
            return
        if act == REVEAL:
            line.append(f"{self.verb(seat, 'reveal')} {'yourself' if me else 'itself'}",
                        style="bold magenta")
            line.append(f": {self.low(seat)} {self.verb(seat, 'hold')} the other "
                        f"{self.big_name()} and {self.verb(seat, 'are')} "
                        f"{self.possessive(deal.declarer)} partner (the revealed-partner "
                        "table applies)")
            self.say(line)
            return
        if act == STAY_HIDDEN:
            if me:
                self.say(Text("  You stay hidden: only you know that you are the partner.",
                              style="dim"))
            return
        self.report_play(seat, act, before)

    def end_of_draw(self) -> None:
        deal = self.deal
        out = deal.outcome
        self.show_draws()
        if out is not None and out.redeal:
            return
        if deal.forced:
            seat = deal.declarer
            line = Text("  Nobody declared: ", style="bold magenta")
            line.append(f"each player in turn says whether they hold an AH; {self.low(seat)} "
                        f"{self.verb(seat, 'are')} the first who does and "
                        f"{self.verb(seat, 'become')} the declarer, hearts are the Big Ace suit "
                        "(forced declaration)")
            self.say(line)
        hand = deal.hands[self.human]
        mine = big_aces(hand, deal.big_suit)
        big = self.big_name()
        if deal.declarer == self.human:
            if mine == 2 and not deal.two_shown:
                self.say(Text(f"  You hold both {big}: you play alone (nobody knows it yet).",
                              style="bold magenta"))
            elif mine == 1:
                self.say(Text(f"  You are the declarer; the holder of the other {big} is "
                              "your secret partner.", style="bold magenta"))
        elif mine:
            self.say(Text(f"  You hold the other {big}: you are "
                          f"{self.possessive(deal.declarer)} partner.", style="bold magenta"))
        else:
            self.say(Text(f"  You hold no {big}: you are a defender.", style="bold"))

    def start_of_play(self) -> None:
        deal = self.deal
        lead = deal.current_player
        self.rule(Text("The play · ", style="bold").append_text(self.status_line()))
        if lead is not None:
            self.say(Text(f"  {self.name(lead)} {self.verb(lead, 'lead')} the first trick.",
                          style="dim"))

    def report_play(self, seat: int, act: Any, before: _Before) -> None:
        deal = self.deal
        line = self.actor(seat)
        self.note_trick(seat, act, before.leading)
        if act == PASS:
            line.append(self.verb(seat, "pass"), style="dim")
            self.say(line)
        elif isinstance(act, Capture):
            line.append(f"{self.verb(seat, 'capture')} ", style="bold magenta")
            line.append_text(self.cards(act.taken.cards))
            line.append(" with ")
            line.append_text(self.cards(act.fours.cards))
            line.append(f": the {self.plain(act.taken.cards)} go into {self.possessive(seat)} "
                        "hand, and ")
            line.append_text(self.combo(act.fours))
            line.append(" is the new top")
            self.say(line)
        else:
            line.append(self.verb(seat, "lead" if before.leading else "play") + " ")
            line.append_text(self.combo(act))
            left = size_of(deal.hands[seat])
            place = list(deal.finishing).index(seat) + 1 if left == 0 else 0
            self.note_left(line, left, out=f"  — out, {ordinal(place)}!")
            self.say(line)
            big = self.big_name()
            if deal.public_partner is not None and before.public_partner is None \
                    and not deal.partner_revealed:
                p = deal.public_partner
                self.say(Text(f"  {self.name(p)} played {big}: {self.low(p)} "
                              f"{self.verb(p, 'are')} the declarer's partner",
                              style="bold magenta"))
            if deal.alone_known and not before.alone_known:
                d = deal.declarer
                self.say(Text(f"  {self.name(d)} played the second {big}: {self.low(d)} "
                              f"{self.verb(d, 'play')} alone", style="bold magenta"))
        if deal.phase is Phase.PLAY and deal.top is None and act == PASS:
            winner = before.top_player
            leader = deal.current_player
            self.trick = {}
            if winner is not None and leader is not None:
                if winner == leader:
                    self.say(Text(f"  {self.name(winner)} won the trick and "
                                  f"{self.verb(winner, 'lead')}.", style="dim"))
                else:
                    self.say(Text(f"  {self.name(winner)} won the trick and "
                                  f"{self.verb(winner, 'are')} out; {self.low(leader)} "
                                  f"{self.verb(leader, 'lead')}.", style="dim"))

    def bot_pause(self) -> float:
        """The pause before a bot's play (none in the draw and its questions)."""
        return self.pause if self.deal.phase is Phase.PLAY else 0.0

    # ----- deals ----------------------------------------------------------------------
    def play_deal(self) -> None:
        """Report the deal's start, then play it to its end (raises Quit or
        EndOfInput)."""
        self.sync()
        super().play_deal()

    def show_outcome(self) -> None:
        deal = self.deal
        out = deal.outcome
        order = list(out.finishing_order)
        self.rule("Deal over")
        places = [f"{ordinal(i + 1)} {self.name(s)}" for i, s in enumerate(order)]
        line = Text("Finishing order: " + ", ".join(places[:out.went_out]))
        if out.went_out < PLAYERS:
            line.append(f"; still holding cards: {', '.join(places[out.went_out:])}",
                        style="dim")
        self.say(line)
        self.say(Text(f"Scoring: {table_row(out)}", style="bold"))
        team = {out.declarer, out.partner}
        totals = (("Total", "right"),) if self.deals > 1 else ()
        table = outcome_table("Seat", "Role", ("Place", "right"), "Cards left",
                              ("Score", "right"), *totals)
        for seat in range(PLAYERS):
            role = ("declarer" if seat == out.declarer else
                    "partner" if seat == out.partner else "defender")
            row: list[Any] = [
                self.seat_cell(seat),
                Text(role, style="magenta" if seat in team else ""),
                str(order.index(seat) + 1),
                self.hand_cell(out.hands[seat]),
                score_text(out.scores[seat]),
            ]
            if self.deals > 1:
                row.append(Text(f"{self.totals[seat]:+d}", style="bold"))
            table.add_row(*row)
        self.say(table)
        self.say_score(out.scores[self.human])

    def record_data(self) -> dict[str, Any]:
        from chupai.biga.record import to_record

        return to_record(self.deal)

    def record_path(self) -> str | None:
        """``--record FILE`` for one deal; ``FILE-dealK.json`` for deal K of a series."""
        if self.record is None:
            return None
        if self.deals == 1:
            return self.record
        p = Path(self.record)
        return str(p.with_name(f"{p.stem}-deal{self.number}{p.suffix or '.json'}"))

    def play_all(self) -> None:
        first = self.first_drawer
        while self.number <= self.deals:
            base = series_seed(self.seed, self.number)
            self.deal_seed = base
            self.redeals = 0
            while True:
                self.start_deal(new_deal(self.rules, self.deal_seed, first_drawer=first))
                self.deal_intro()
                self.play_deal()
                out = self.deal.outcome
                if not out.redeal:
                    break
                first = out.next_first_drawer
                self.redeals += 1
                self.deal_seed = redeal_seed(base, self.redeals)
                self.say(Text("  Nobody holds an AH outside the final round: the deal is "
                              f"cancelled and redealt (seed {self.deal_seed}); "
                              f"{self.name(first)} {self.verb(first, 'draw')} first again.",
                              style="bold yellow"))
            self.totals = [t + s for t, s in zip(self.totals, out.scores, strict=True)]
            self.results.append((self.deal_seed, out))
            self.show_outcome()
            path = self.record_path()
            if path is not None:
                self.save_record(self.record_data(), path)
            first = out.next_first_drawer
            if self.number < self.deals:
                self.say(Text(f"Next deal: {self.name(first)} {self.verb(first, 'draw')} "
                              "first (the first player out).", style="dim"))
            self.number += 1

    def abandoned(self) -> str:
        return f"the {'series' if self.deals > 1 else 'deal'} is abandoned (seed {self.seed})"

    def wrote_records(self) -> bool:
        return bool(self.results)

    def finish(self) -> None:
        if self.deals > 1:
            self.show_totals()
        self.say_again(self.seed, "this")

    def show_totals(self) -> None:
        self.rule("Series over")
        table = outcome_table(("Deal", "right"), "Declarer", "Scoring",
                              *((self.name(s), "right") for s in range(PLAYERS)))
        for i, (_, out) in enumerate(self.results, 1):
            table.add_row(str(i), self.name(out.declarer), table_row(out),
                          *(score_text(v) for v in out.scores))
        table.add_row(*total_row(self.totals, 2))
        self.say(table)
        self.say(Text(f"Your total: {self.totals[self.human]:+d}", style="bold"))


def _first_bot(seed: int) -> Any:
    """The strongest available Big A bot of :data:`DEFAULT_BOTS` (for hints)."""
    from chupai.bots import make_bot

    for name in DEFAULT_BOTS:
        try:
            return make_bot(name, seed=seed, game="biga")
        except ChupaiError:
            continue
    raise ChupaiError("no Big A bot is available")  # pragma: no cover - random always is


def _default_bot() -> str:
    """The name of the strongest available bot of :data:`DEFAULT_BOTS`."""
    return str(_first_bot(seed=0).name)


def run_play_biga(args: argparse.Namespace) -> int:
    """Run ``chupai play biga`` with the arguments of ``chupai play``
    (:func:`chupai.cli.main.build_parser`): rules, overrides, seed, deals, bots,
    seat, record, lang."""
    from chupai.bots import bot_names, make_bot, split_bot_list

    info = find_game(getattr(args, "game", None) or "biga")
    if info.key != "biga":
        raise ChupaiError(f"run_play_biga plays biga, not {info.key!r}")
    overrides = parse_overrides(getattr(args, "overrides", None) or [])
    rules = info.resolve(getattr(args, "rules", None) or info.default_preset, overrides)
    players = getattr(args, "players", None)
    if players is not None and players != PLAYERS:
        raise ChupaiError(f"--players {players}: Big A is played by exactly 5 players")
    if getattr(args, "target", None) is not None:
        raise ChupaiError("--to is not available for Big A; use --deals N")
    deals, _ = match_length(args)
    human = getattr(args, "seat", 0)
    check_seat(human, PLAYERS, "Big A")
    names = bot_list(getattr(args, "bots", None) or _default_bot(), PLAYERS - 1,
                     bot_names("biga"), split=split_bot_list)
    for name in dict.fromkeys(names):  # bad parameters fail now, not mid-game
        make_bot(name, seed=0, game="biga")
    record = getattr(args, "record", None)
    check_record_path(record)
    seed, seed_was_random = game_seed(getattr(args, "seed", None))
    return BigASession(rules, seed, human, names, deals=deals or 1,
                       **open_terminal("─▶✗·—×→★♥反大"), seed_was_random=seed_was_random,
                       record=record, lang=getattr(args, "lang", None) or "en").run()

