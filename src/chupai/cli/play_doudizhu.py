"""``chupai play doudizhu``: a Dou Dizhu deal in the terminal, one human seat
against bots.

The screen follows the Big Two game (:mod:`chupai.cli.play`): drawn with rich,
read with plain :func:`input`, so the same code runs on a terminal and with pipes
(typed lines are then echoed and the transcript reads like a session).

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

When every player passes in the bidding the deal is redealt: the next player
deals, the next seed is derived from the last one, and the next deal is doubled
when the rules say so (``all_pass=redeal_doubled_once``).

With ``--deals N`` or ``--to SCORE`` a :class:`~chupai.doudizhu.match.Match` is
played deal after deal (:class:`DouDizhuMatchSession`): the dealer moves to the
next player after every deal, redeals do not count, and the score table with the
running totals is shown after each deal; ``--record`` then writes the match
record.

Exit status: 0 when the deal or match is played out or the player quits, 1 when standard
input ends first; setup errors are :class:`~chupai.errors.ChupaiError` (exit 2
through :func:`chupai.cli.main.main`).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Mapping
from typing import Any, Final

from rich.table import Table
from rich.text import Text

from chupai.bots import RandomBot
from chupai.bots.doudizhu import DouDizhuGreedyBot
from chupai.cli.session import (
    EXIT_EOF,
    EXIT_OK,
    COMMANDS,
    BaseMatchSession,
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
    outcome_table,
    reads_commands,
    score_text,
    seat_bots,
    total_row,
)
from chupai.doudizhu.combos import (
    BJ,
    NRANKS,
    RJ,
    SHIFTS,
    UNIT,
    Combo,
    Kind,
    beats,
    contains,
    explain,
    parse_cards,
    readings,
    size_of,
    tables,
)
from chupai.doudizhu.game import (
    NO_ROB,
    PASS,
    ROB,
    SHOW,
    Action,
    Bid,
    Choice,
    DouDizhuDeal,
    Observation,
    Pass,
    Phase,
    new_deal,
)
from chupai.doudizhu.match import Match
from chupai.doudizhu.record import to_record
from chupai.doudizhu.rules import AllPass, DouDizhuRules, MingPai
from chupai.errors import CardParseError, ChupaiError
from chupai.games import find_game
from chupai.options import parse_overrides
from chupai.tournament import bot_seed

__all__ = [
    "run_play_doudizhu", "read_input", "hand_ranks", "redeal_seed", "bot_seed", "make_bot",
    "Command",
    "DouDizhuSession", "DouDizhuMatchSession", "KIND_NAMES", "BOTS", "EXIT_OK", "EXIT_EOF",
]

_ROW_CARDS: Final = 26
"""Most cards per row of the hand display."""
_RANK_LABELS: Final = ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2")
_RANK_CHARS: Final = frozenset("3456789TJQKA2")
_JOKER_WORDS: Final = {"小王": "BJ", "大王": "RJ", "bj": "BJ", "rj": "RJ"}

BOTS: Final[Mapping[str, Callable[[int | None], Any]]] = {
    "random": RandomBot,
    "greedy": DouDizhuGreedyBot,
}
"""The bots of ``--bots`` for Dou Dizhu."""

KIND_NAMES: Final[Mapping[str, Mapping[str, str]]] = {
    "en": {k.value: k.value.replace("_", " ") for k in Kind},
    "zh": {
        "single": "单张", "pair": "对子", "trio": "三张", "trio_single": "三带一",
        "trio_pair": "三带一对", "straight": "顺子", "pair_chain": "连对",
        "airplane": "飞机", "airplane_singles": "飞机带单", "airplane_pairs": "飞机带对",
        "four_with_two": "四带二", "four_with_two_pairs": "四带两对",
        "four_with_pair": "四带一对", "bomb": "炸弹", "rocket": "火箭", "missile": "导弹",
        "heaven_bomb": "天炸", "heaven_lord": "天尊",
    },
    "ja": {
        "single": "単張", "pair": "対子", "trio": "三張", "trio_single": "三帯一",
        "trio_pair": "三帯一対", "straight": "順子", "pair_chain": "連対",
        "airplane": "飛機", "airplane_singles": "飛機(小翼)", "airplane_pairs": "飛機(大翼)",
        "four_with_two": "四帯二", "four_with_two_pairs": "四帯二対",
        "four_with_pair": "四帯一対", "bomb": "炸弾", "rocket": "火箭", "missile": "導弾",
        "heaven_bomb": "天炸", "heaven_lord": "天尊",
    },
}
"""Display names of the Dou Dizhu combination types by language."""

_WORDS: Final[Mapping[str, Mapping[str, str]]] = {
    "en": {"landlord": "landlord", "peasant": "peasant", "pass": "pass", "no_bid": "pass",
           "rob": "rob", "no": "no", "show": "show", "BJ": "BJ", "RJ": "RJ"},
    "zh": {"landlord": "地主", "peasant": "农民", "pass": "不要", "no_bid": "不叫",
           "rob": "抢地主", "no": "不抢", "show": "明牌", "BJ": "小王", "RJ": "大王"},
    "ja": {"landlord": "地主", "peasant": "農民", "pass": "パス", "no_bid": "パス",
           "rob": "搶地主", "no": "搶わない", "show": "明牌", "BJ": "小王", "RJ": "大王"},
}
"""Display words of roles, actions and jokers by language (input stays English)."""

HELP: Final = (
    ("Bidding", (
        ("bid 2, 2", "bid 1, 2 or 3 (higher than the highest bid so far); 3 ends the bidding"),
        ("pass, p", "do not bid"),
        ("rob, no", "while robbing: take the landlord's place (raises the stakes) or not"),
    )),
    ("Your move", (
        ("3 3 4 4 5 5, 334455", "play cards by rank (10 or T; BJ RJ for the jokers; suits are "
                                "accepted and ignored)"),
        ("#0 #1, # 0 1", "play cards by their index in your hand (shown above each card)"),
        ("... airplane_singles", "a type name after the cards picks one reading of a set "
                                 "with several"),
        ("pass, p", "pass (not when you lead the trick)"),
        ("show", "明牌: the landlord plays with the hand face up (before its first play)"),
    )),
    commands_help(
        ("hint", "suggest a move (the greedy bot's) and count the legal plays"),
        ("hint all", "list the legal plays of each type with their cards"),
        ("hint pair", "list every legal play of one type (pair, straight, ...)"),
    ),
)
"""The help screen: sections of (input, meaning)."""


_COMMANDS: Final = {**COMMANDS, "table": "table", "redraw": "table"}


def make_bot(name: str, seed: int | None = None) -> Any:
    """The Dou Dizhu bot called ``name`` (``random`` or ``greedy``)."""
    key = name.strip().lower()
    if key not in BOTS:
        raise ChupaiError(f"unknown bot {name!r}; bots: {', '.join(BOTS)}")
    return BOTS[key](seed)


def redeal_seed(seed: int, number: int) -> int:
    """The seed of redeal ``number`` (1, 2, ...) after the deal of ``seed``: stable
    across runs and platforms, below 10**9."""
    return derive_seed("chupai-doudizhu-redeal", seed, number)


def hand_ranks(hand: int) -> list[int]:
    """The rank indexes of a hand's cards, ascending (the display order; index
    ``i`` of the screen is ``hand_ranks(hand)[i]``)."""
    out: list[int] = []
    for r in range(NRANKS):
        out.extend([r] * ((hand >> SHIFTS[r]) & 31))
    return out


# ----- reading input ---------------------------------------------------------------

def _kind_of(word: str) -> Kind | None:
    w = word.lower().replace("-", "_")
    for k in Kind:
        if w == k.value:
            return k
    return None


def _expand(words: list[str]) -> list[str]:
    """Card words with compact rank runs split (``334455`` -> ``3 3 4 4 5 5``) and
    joker names normalized."""
    out: list[str] = []
    for w in words:
        if w.lower() in _JOKER_WORDS or w in _JOKER_WORDS:
            out.append(_JOKER_WORDS.get(w, _JOKER_WORDS.get(w.lower(), w)))
        elif len(w) > 1 and all(ch in _RANK_CHARS for ch in w.upper()):
            out.extend(w.upper())
        else:
            out.append(w)
    return out


def _read_cards(deal: DouDizhuDeal, seat: int, words: list[str], index_mode: bool) -> int:
    """The cards named by rank tokens and ``#N`` hand indexes (all held by ``seat``)."""
    order = hand_ranks(deal.hands[seat])
    by_index = 0
    seen: set[int] = set()
    tokens: list[str] = []
    for w in words:
        is_index = w.startswith("#") or (index_mode and w.isascii() and w.isdigit())
        if is_index:
            digits = w.lstrip("#")
            if not digits:
                continue
            if not (digits.isascii() and digits.isdigit()):
                raise ChupaiError(f"{w!r} is not a hand index: write # then a number, e.g. #0")
            i = int(digits)
            if i >= len(order):
                raise ChupaiError(f"index {i} is out of range: your hand has {len(order)} "
                                  f"cards, numbered 0 to {len(order) - 1}")
            if i in seen:
                raise ChupaiError(f"index {i} is given twice")
            seen.add(i)
            by_index += UNIT[order[i]]
        else:
            tokens.append(w)
    named = 0
    if tokens:
        for w in tokens:
            if w.isascii() and w.isdigit() and w != "10" and ("0" in w or "1" in w):
                raise ChupaiError(f"{w!r} is not a rank; to pick cards by their index "
                                  f"write #{w}")
        try:
            named = parse_cards(_expand(tokens), deal.rules)
        except CardParseError as exc:
            message = str(exc)
            if message.startswith("unknown card token"):
                message += " (ranks: 3-10 J Q K A 2 BJ RJ; #N is index N)"
            raise ChupaiError(message) from None
    cards = named + by_index
    if not contains(deal.hands[seat], cards):
        raise ChupaiError(_not_held(deal.hands[seat], cards))
    if not cards:
        raise ChupaiError("no cards given")
    return cards


def _not_held(hand: int, cards: int) -> str:
    for r in range(NRANKS):
        want = (cards >> SHIFTS[r]) & 31
        have = (hand >> SHIFTS[r]) & 31
        if want > have:
            name = _RANK_LABELS[r] if r < BJ else ("BJ", "RJ")[r - BJ]
            if have == 0:
                return f"you hold no {name}"
            return f"you hold {have} × {name}, not {want}"
    return "you do not hold these cards"  # pragma: no cover - some rank must differ


@reads_commands(_COMMANDS, "table")
def read_input(deal: DouDizhuDeal, seat: int, line: str) -> Action | Command:
    """Read one input line of ``seat`` (the seat to act) into an action or command.

    The result is a well-formed action (a play is a reading of cards the seat
    holds) not yet checked against the table (see ``deal.why_illegal``). Raises
    :class:`ChupaiError` with a message for the player when the line is no action.
    """
    words = line.lower().split()
    head = words[0]
    phase = deal.phase
    joined = " ".join(words)
    if phase is Phase.BID:
        if joined in ("pass", "p", "no", "n"):
            return PASS
        if head == "bid" or (len(words) == 1 and head.isdigit()):
            num = words[-1] if len(words) <= 2 else ""
            if num not in ("1", "2", "3"):
                raise ChupaiError("a bid is 1, 2 or 3: type 'bid 2' (or just 2), or 'pass'")
            return Bid(int(num))
        if head == "rob":
            raise ChupaiError("the bidding is not over: bid 1, 2 or 3 or pass; robbing "
                              "comes after it")
        raise ChupaiError(f"now bid: type {_bid_help(deal)}")
    if phase is Phase.ROB:
        if joined in ("rob", "r", "yes", "y"):
            return ROB
        if joined in ("no", "n", "pass", "p", "no rob"):
            return NO_ROB
        raise ChupaiError("decide whether to rob the landlord: type 'rob' or 'no'")
    if phase is not Phase.PLAY:
        raise ChupaiError("the deal is over")
    if joined in ("pass", "p"):
        return PASS
    if joined in ("show", "show hand", "show_hand", "明牌"):
        return SHOW
    if head in ("bid", "rob", "no"):
        raise ChupaiError(f"'{head}' belongs to the bidding, which is over; now play cards "
                          "or pass")
    raw = line.split()
    kind: Kind | None = None
    if len(raw) > 1 and _kind_of(raw[-1]) is not None:
        kind = _kind_of(raw[-1])
        raw = raw[:-1]
    elif len(raw) > 2 and _kind_of(raw[-2] + "_" + raw[-1]) is not None:
        kind = _kind_of(raw[-2] + "_" + raw[-1])
        raw = raw[:-2]
    index_mode = raw[0].startswith("#")
    cards = _read_cards(deal, seat, raw, index_mode)
    found = readings(cards, deal.rules)
    if not found:
        raise ChupaiError("not a combination: " + explain(cards, deal.rules))
    if kind is not None:
        for r in found:
            if r.kind is kind:
                return r
        raise ChupaiError(f"these cards cannot be read as {kind.value}; they read as "
                          + ", ".join(sorted({r.kind.value for r in found})))
    top = deal.top
    if top is not None:
        for r in found:
            if beats(r, top, deal.rules):
                return r
    return found[0]


def _title(lang: str) -> str:
    """The name of Dou Dizhu in ``lang``."""
    return find_game("doudizhu").names.get(lang, "Dou Dizhu")


def _bid_help(deal: DouDizhuDeal) -> str:
    bids = [f"'bid {a.value}'" for a in deal.legal_actions() if isinstance(a, Bid)]
    return ", ".join(bids) + (" or 'pass'" if bids else "'pass'")


# ----- the session -------------------------------------------------------------------

class DouDizhuSession(DealSession):
    """One Dou Dizhu game (a deal, and its redeals when everybody passes) between a
    human seat and bots, drawn on a rich console (``options``: the keywords of
    :class:`~chupai.cli.session.TerminalSession`)."""

    SYMBOLS = "▶—·×✗→小王"
    HELP = HELP
    PLAY = Combo

    def __init__(
        self,
        rules: DouDizhuRules,
        seed: int,
        human: int,
        bot_names: list[str],
        *,
        deal: DouDizhuDeal | None = None,
        match_label: str | None = None,
        **options: Any,
    ):
        super().__init__(human, seed, **options)
        self.rules = rules
        self.bot_names = bot_names
        self.lang = self.lang if self.lang in _WORDS else "en"
        self.deal = new_deal(rules, seed) if deal is None else deal
        self.match_label = match_label
        """The deal's label in a match (``Deal 2 of 5``), None outside a match."""
        self.redeals = 0
        self._make_bots()

    def _make_bots(self) -> None:
        self.bots = seat_bots(self.bot_names, self.human, self.rules.players,
                              self.deal.seed or 0, make_bot)

    # ----- text helpers -------------------------------------------------------------
    def w(self, key: str) -> str:
        return _WORDS[self.lang][key]

    def times(self) -> str:
        return "×" if self.symbols else "x"

    def rank_label(self, r: int) -> str:
        if r == BJ:
            return self.w("BJ") if self.symbols else "BJ"
        if r == RJ:
            return self.w("RJ") if self.symbols else "RJ"
        return _RANK_LABELS[r]

    def card(self, r: int) -> Text:
        style = "bold red" if r == RJ else "bold"
        return Text(self.rank_label(r), style=style)

    def cards(self, cards: int) -> Text:
        out = Text()
        for i, r in enumerate(hand_ranks(cards)):
            if i:
                out.append(" ")
            out.append_text(self.card(r))
        return out

    def kind(self, kind: Kind) -> str:
        return KIND_NAMES[self.lang].get(kind.value, kind.value)

    def action(self, action: Any, bidding: bool = False) -> Text:
        """An action as colored text: ``pair 8 8``, ``pass``, ``bid 2``, ``rob``
        (``bidding``: a pass in the bidding, 不叫 rather than 不要)."""
        if isinstance(action, Pass):
            return Text(self.w("no_bid" if bidding else "pass"), style="dim")
        if isinstance(action, Bid):
            return Text(f"bid {action.value}", style="yellow")
        if isinstance(action, Choice):
            return Text(self.w({"rob": "rob", "no": "no", "show": "show"}[action.name]),
                        style="magenta")
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
        t = Text("Stakes: ", style="bold")
        if obs.phase is Phase.BID:
            if obs.bid:
                t.append(f"highest bid {obs.bid} by {self.name(deal.bidder or 0)}")
            else:
                t.append("no bid yet", style="dim")
            if obs.doubled:
                t.append(f" · redeal doubling {x}2", style="magenta")
            return t
        parts = [f"B {obs.bid}"]
        unit = obs.bid
        r = rules.rob_multiplier(obs.robs)
        if obs.robs:
            parts.append(f"R {x}{r} ({obs.robs} rob{'s' if obs.robs != 1 else ''})")
            unit *= r
        if obs.bombs:
            parts.append(f"bombs {x}{1 << obs.bombs} ({obs.bombs})")
            unit <<= obs.bombs
        if obs.doubled:
            parts.append(f"D {x}2")
            unit *= 2
        t.append(" · ".join(parts))
        t.append(f" {'→' if self.symbols else '->'} unit {unit}", style="bold")
        if obs.shown:
            if rules.ming_pai is MingPai.ALWAYS:
                t.append(f" {x}2 (明牌) = {unit * 2}", style="bold magenta")
            else:
                t.append(f"; {x}2 (明牌) if the landlord wins", style="magenta")
        return t

    # ----- drawing ------------------------------------------------------------------
    def intro(self) -> None:
        self.say_intro(_title(self.lang), self.rules.spec(),
                       f"Seed {self.seed}{self.random_note(self.seed)}", self.bot_seats())

    def deal_intro(self) -> None:
        deal = self.deal
        title = self.match_label
        if title is None and self.redeals:
            title = f"Redeal {self.redeals}"
        if title is not None:
            label = Text(title, style="bold")
            label.append(f" · seed {deal.seed}")
            if deal.doubled:
                label.append(f" · this deal counts double (D {self.times()}2)",
                             style="bold magenta")
            self.rule(label)
        self.say(self.start_line())
        self.say(Text("  — bidding: bid 1, 2 or 3 or pass"
                      + (", each player once" if deal.rules.bidding.value == "once"
                         else ", until all but the highest bidder have passed")
                      + "; 3 ends it —", style="dim"))

    def start_line(self) -> Text:
        deal = self.deal
        arrow = "→" if self.symbols else "->"
        t = Text(f"Dealer: {self.name(deal.dealer)}")
        if deal.marker is not None:
            t.append(" · Marker card ")
            t.append_text(self.card(deal.marker))
            t.append(f" {arrow} {self.name(deal.first_bidder)} "
                     f"{'bid' if deal.first_bidder == self.human else 'bids'} first")
        else:
            t.append(f" · First bidder: {self.name(deal.first_bidder)}")
        return t

    def status_line(self, obs: Observation) -> Text:
        deal = self.deal
        if obs.phase is Phase.BID:
            return Text(f"Bidding · first bidder {self.name(deal.first_bidder)}")
        if obs.phase is Phase.ROB:
            return Text(f"Robbing · landlord now {self.name(obs.landlord or 0)}")
        assert obs.landlord is not None
        return Text(f"Landlord: {self.name(obs.landlord)} · Dealer: {self.name(deal.dealer)}")

    def draw(self) -> None:
        """The human's view: seats, kitty, stakes, table, hand and what is asked."""
        deal = self.deal
        obs = deal.observe(self.human)
        self.rule(self.status_line(obs))
        self.say(self.seats_table(obs))
        if obs.kitty is not None:
            line = Text("Kitty: ")
            line.append_text(self.cards(obs.kitty))
            line.append(f"  (taken by {self.name(obs.landlord or 0)})", style="dim")
            self.say(line)
        if obs.landlord_hand is not None and obs.landlord != self.human:
            line = Text("Landlord's hand (明牌): ", style="magenta")
            line.append_text(self.cards(obs.landlord_hand))
            self.say(line)
        self.say(self.stakes(obs))
        if obs.phase is Phase.PLAY:
            self.say_top(obs.top, obs.top_player, "On the table: nothing — a new trick")
        self.draw_hand(obs.hand)
        self.say(self.turn_line(obs))

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
                label.append(" (dealer)", style="dim")
            role = Text(self.role(seat) if playing or seat == obs.landlord else "",
                        style="bold magenta" if seat == obs.landlord else "")
            count = obs.hand_counts[seat]
            cards = Text(str(count), style="bold red" if count <= 2 else "")
            if playing:
                what = self.trick_cell(trick, seat, obs.top, obs.top_player)
            else:
                what = Text(", ").join(said.get(seat, []))
            mark = self.marker(seat, obs.current_player)
            if obs.landlord is not None:
                table.add_row(mark, label, role, cards, what)
            else:
                table.add_row(mark, label, cards, what)
        return table

    def draw_hand(self, hand: int) -> None:
        order = hand_ranks(hand)
        self.say(Text(f"Your hand ({len(order)}):", style="bold"))
        if not order:
            return
        labels = [self.card(r) for r in order]
        widths = [max(3, t.cell_len + 1) for t in labels]
        room = max(3, self.console.width - 1)
        rows = 1
        while True:  # the fewest balanced rows that fit the width
            per_row = (len(order) + rows - 1) // rows
            chunks = [range(i, min(len(order), i + per_row))
                      for i in range(0, len(order), per_row)]
            if per_row <= _ROW_CARDS and all(sum(widths[i] for i in c) <= room for c in chunks):
                break
            rows += 1
        for chunk in chunks:
            idx = Text()
            faces = Text()
            for i in chunk:
                idx.append(f"{i:>{widths[i]}}", style="dim")
                faces.append(" " * (widths[i] - labels[i].cell_len))
                faces.append_text(labels[i])
            self.say(idx)
            self.say(faces)

    def turn_line(self, obs: Observation) -> Text:
        deal = self.deal
        x = self.times()
        t = Text()
        if obs.phase is Phase.BID:
            t.append("Your bid: ", style="bold yellow")
            t.append(_bid_help(deal))
        elif obs.phase is Phase.ROB:
            t.append("Rob the landlord? ", style="bold yellow")
            r = deal.rules.rob_multiplier(obs.robs + 1)
            if obs.landlord == deal.first_landlord and obs.robs == 0:
                t.append(f"'rob' to become the landlord (R {x}{r}) or 'no'")
            elif self.human == deal.first_landlord:
                t.append(f"'rob' to rob it back (R {x}{r}) or 'no'")
            else:
                t.append(f"'rob' to take it from {self.name(obs.landlord or 0)} (R {x}{r}) "
                         "or 'no'")
        else:
            t.append("Your turn: ", style="bold yellow")
            if obs.top is None:
                t.append("lead any combination")
                if SHOW in deal.legal_actions():
                    t.append(f", or 'show' (明牌: hand face up, {x}2)", style="magenta")
            else:
                t.append("beat ")
                t.append_text(self.action(obs.top))
                t.append(" or pass")
        return self.with_tail(t)

    # ----- input --------------------------------------------------------------------
    def parse(self, line: str) -> Action | Command:
        return read_input(self.deal, self.human, line)

    def follow_note(self, play: Combo, top: Combo) -> str:
        if play.group == top.group:
            return ""
        return " (a different kind of play)" if play.size == top.size \
            else f" (play {top.size} cards of the same kind, or a bomb)"

    def explain_reason(self, action: Any, reason: str) -> Text:
        if action == SHOW:
            if self.deal.rules.ming_pai is MingPai.OFF:
                return Text("明牌 is off in these rules (ming_pai=off)")
            return Text("only the landlord may show the hand, and only before its first "
                        "play (an empty line or 'table' draws the table again)")
        seat = self.human
        for old, new in ((f"seat {seat} does not hold", "you do not hold"),
                         (f"seat {seat} must", "you must")):
            if reason.startswith(old):
                reason = new + reason[len(old):]
        return Text(reason)

    def hint(self, arg: str = "") -> None:
        """Suggest a move; with ``arg`` ``all`` or a combination type, list plays."""
        deal = self.deal
        legal = deal.legal_actions()
        obs = deal.observe(self.human)
        best = DouDizhuGreedyBot(seed=0).act(obs, legal)
        t = Text("Hint: ", style="bold magenta")
        t.append_text(self.action(best, bidding=deal.phase is Phase.BID))
        if isinstance(best, Combo):
            t.append(f"   (type: {self.plain(best.cards)}  or  {self.indexes(best.cards)})",
                     style="dim")
        elif isinstance(best, Pass) and deal.phase is Phase.PLAY:
            t.append("  (the greedy bot would pass)", style="dim")
        self.say(t)
        if deal.phase is not Phase.PLAY:
            self.say("Possible: " + ", ".join(deal.action_text(a) for a in legal))
            return
        plays = [a for a in legal if isinstance(a, Combo)]
        if not plays:
            self.say("Nothing in your hand beats the table: pass.")
            return
        by_kind: dict[Kind, list[Combo]] = {k: [] for k in Kind}
        for c in plays:
            by_kind[c.kind].append(c)
        self.list_plays({k: sorted(v, key=lambda c: (c.key, c.cards))
                         for k, v in by_kind.items() if v}, arg,
                        passing=PASS in legal,
                        types=[k.value for k in tables(deal.rules).kinds])

    def find_kind(self, text: str) -> Kind | None:
        """The combination type named ``text`` (judge name, display name, plural)."""
        kind = _kind_of(text.replace(" ", "_")) or _kind_of(text.removesuffix("s"))
        if kind is None:
            for k in Kind:
                if text in (self.kind(k).lower(), k.value.replace("_", " ")):
                    kind = k
        return kind

    def plain(self, cards: int) -> str:
        """Cards as the plain rank tokens one would type."""
        return " ".join(_RANK_LABELS[r] if r < BJ else ("BJ", "RJ")[r - BJ]
                        for r in hand_ranks(cards))

    # ----- moves --------------------------------------------------------------------
    def apply(self, action: Action) -> None:
        """Apply a legal action of the seat to act and report it."""
        deal = self.deal
        seat = deal.current_player
        assert seat is not None
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
            self.say(Text(f"  — robbing: who did not pass may rob the landlord (R {ms}) —",
                          style="dim"))
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
            line.append(f"{self.verb(seat, 'rob')} the landlord", style="magenta")
            line.append(f" — R {x}{deal.rules.rob_multiplier(deal.robs)}")
        else:
            line.append(f"{self.verb(seat, 'do not rob')}", style="dim")
        if self.lang != "en":
            line.append(f" ({self.w('rob' if action == ROB else 'no')})", style="dim")
        self.say(line)

    def report_landlord(self) -> None:
        deal = self.deal
        lord = deal.landlord
        assert lord is not None
        x = self.times()
        line = Text(f"{self.name(lord)} ", style="bold")
        line.append(f"{'are' if lord == self.human else 'is'} the landlord", style="bold magenta")
        line.append(f" (bid {deal.bid}")
        if deal.robs:
            line.append(f", R {x}{deal.rules.rob_multiplier(deal.robs)}")
        line.append(f") and {'take' if lord == self.human else 'takes'} the kitty: ")
        line.append_text(self.cards(deal.kitty))
        self.say(line)

    def report_play(self, seat: int, action: Action, leading: bool) -> None:
        deal = self.deal
        if action == SHOW:
            line = Text(f"  {self.name(seat)} {self.verb(seat, 'show')} the hand (明牌): ",
                        style="magenta")
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
                others = sorted({r.kind.value for r in readings(action.cards, deal.rules)}
                                - {action.kind.value})
                if others:
                    line.append(f"  (read as {action.kind.value}; add "
                                f"{' or '.join(others)} for another reading)", style="dim")
        self.say(line)
        if deal.phase is Phase.PLAY and deal.top is None:
            leader = deal.current_player
            assert leader is not None
            lead = self.verb(leader, "lead")
            self.say(Text(f"  {self.name(leader)} won the trick and {lead}.", style="dim"))

    # ----- the game -----------------------------------------------------------------
    def redeal(self) -> None:
        """Everybody passed: the next player deals a new deal from a derived seed."""
        deal = self.deal
        out = deal.outcome
        assert out is not None and out.redeal
        self.redeals += 1
        seed = redeal_seed(self.seed, self.redeals)
        self.say(self.redeal_line(Text("Everybody passed: no landlord. ", style="bold"),
                                  f" (seed {seed})"))
        self.deal = new_deal(deal.rules, seed, dealer=(deal.dealer + 1) % deal.players,
                             doubled=out.next_doubled)
        self.trick = {}
        self._make_bots()

    def redeal_line(self, line: Text, seed_note: str = "") -> Text:
        """``line`` followed by who deals the redeal (``seed_note`` after it) and
        whether the next deal counts double."""
        deal = self.deal
        out = deal.outcome
        assert out is not None and out.redeal
        dealer = (deal.dealer + 1) % deal.players
        line.append(f"Redeal: {self.name(dealer)} {'deal' if dealer == self.human else 'deals'}"
                    + seed_note)
        if out.next_doubled:
            line.append(f"; the next deal counts double (D {self.times()}2)", style="magenta")
        elif deal.rules.all_pass is AllPass.REDEAL_DOUBLED_ONCE and deal.doubled:
            line.append("; it is not doubled again", style="dim")
        return line

    def play_all(self) -> None:
        while True:
            self.deal_intro()
            self.play_deal()
            out = self.deal.outcome
            assert out is not None
            if not out.redeal:
                break
            self.redeal()

    def record_data(self) -> dict[str, Any]:
        return to_record(self.deal)

    def show_outcome(self) -> None:
        deal = self.deal
        out = deal.outcome
        assert out is not None and out.landlord is not None and out.winner is not None
        x = self.times()
        self.rule("Deal over")
        mine = out.scores[self.human]
        line = Text()
        if out.landlord_won:
            line.append(f"The landlord ({self.name(out.landlord)}) "
                        f"{'win' if out.landlord == self.human else 'wins'}",
                        style="bold green" if mine > 0 else "bold")
        else:
            line.append("The peasants win", style="bold green" if mine > 0 else "bold")
            line.append(f": {self.name(out.winner)} went out first; the landlord "
                        f"({self.name(out.landlord)}) "
                        f"{'lose' if out.landlord == self.human else 'loses'}")
        line.append(".")
        self.say(line)
        if out.spring:
            self.say(Text(f"Spring (春天): no peasant played a card — S {x}{out.spring_factor}",
                          style="bold magenta"))
        if out.anti_spring:
            self.say(Text(f"Anti-spring (反春): the landlord made one play only — "
                          f"S {x}{out.spring_factor}", style="bold magenta"))
        bombs = 1 << out.bombs
        self.say(f"Unit: B {out.bid} {x} R {out.rob_multiplier} {x} 2^b {bombs} (b={out.bombs}) "
                 f"{x} S {out.spring_factor} {x} T {out.thunder} {x} M {out.ming} {x} "
                 f"D {out.doubled} = {out.unit}")
        table = outcome_table("Seat", "Role", "Cards left", ("Score", "right"))
        for seat in range(deal.players):
            table.add_row(self.seat_cell(seat),
                          Text(self.role(seat), style="magenta" if seat == out.landlord else ""),
                          self.hand_cell(out.hands[seat]), score_text(out.scores[seat]))
        self.say(table)
        self.say_score(mine)
        if self.match_label is None:
            self.say_again(self.seed, "this game")

    def show_match_redeal(self) -> None:
        """Everybody passed in a match deal: say so, and who deals next."""
        self.rule("Deal over")
        self.say(self.redeal_line(Text("Everybody passed: no landlord, no score; the deal "
                                       "does not count. ", style="bold")))


class DouDizhuMatchSession(BaseMatchSession):
    """A match between a human seat and bots (:class:`~chupai.doudizhu.match.Match`):
    deal after deal, redeals included, with the score table after each one
    (``options``: the keywords of :class:`~chupai.cli.session.TerminalSession`)."""

    INTRO_NOTE = (" Redeals (everybody passed) do not count; the deal passes to the next "
                  "player after every deal.")

    def __init__(self, match: Match, human: int, bot_names: list[str], **options: Any):
        super().__init__(match, human, bot_names, **options)
        self.lang = self.lang if self.lang in _WORDS else "en"

    def title(self) -> str:
        return _title(self.lang)

    def label(self) -> str:
        m = self.match
        of = f" of {m.planned}" if m.planned is not None else ""
        last = m.deals[-1].outcome if m.deals else None
        again = " (redeal)" if last is not None and last.redeal else ""
        return f"Deal {m.counted + 1}{of}{again}"

    def score_table(self) -> Table:
        m = self.match
        table = outcome_table(("Deal", "right"), "Dealer", "Landlord", "Result", ("Unit", "right"),
                              *((self.name(s), "right") for s in range(m.players)),
                              title="Score table", title_justify="left", title_style="bold")
        for row in m.table():
            label = "redeal" if row.redeal else str(row.number)
            lord = "—" if row.landlord is None else self.name(row.landlord)
            if row.redeal:
                result = "all passed"
            else:
                result = "landlord wins" if row.side == "landlord" else "peasants win"
            unit = "—" if row.redeal else str(row.unit)
            if row.doubled:
                unit += " (doubled)"
            table.add_row(label, self.name(row.dealer), lord, result, unit,
                          *(score_text(v) for v in row.scores))
        table.add_row(*total_row(m.totals, 4))
        return table

    def play_match_deal(self, deal: DouDizhuDeal, label: str) -> None:
        session = DouDizhuSession(self.match.rules, deal.seed or 0, self.human, self.bot_names,
                                  deal=deal, match_label=label, **self.deal_options())
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
        return f" (and {m.redeals} redeal{'s' if m.redeals != 1 else ''})" if m.redeals else ""


def run_play_doudizhu(args: argparse.Namespace) -> int:
    """Run ``chupai play doudizhu`` with the arguments of ``chupai play``
    (:func:`chupai.cli.main.build_parser`): game, rules, overrides, players,
    seed, bots, seat, record, lang."""
    info = find_game(getattr(args, "game", None) or "doudizhu")
    if info.key != "doudizhu":
        raise ChupaiError(f"run_play_doudizhu plays doudizhu, not {info.key!r}")
    overrides = parse_overrides(getattr(args, "overrides", None) or [])
    preset = getattr(args, "rules", None) or info.default_preset
    rules = info.resolve(preset, overrides)
    n = rules.players
    players = getattr(args, "players", None)
    if players is not None and players != n:
        other = "four_player" if players == 4 else "classic" if players == 3 else None
        hint = f": choose --rules {other}" if other else " (3 with classic, 4 with four_player)"
        raise ChupaiError(f"--players {players} does not fit Dou Dizhu preset {preset!r} "
                          f"({n} players){hint}")
    deals, target = match_length(args)
    human = getattr(args, "seat", 0)
    check_seat(human, n, f"a {n}-player deal")
    names = bot_list(getattr(args, "bots", None) or "greedy", n - 1, BOTS)
    record = getattr(args, "record", None)
    check_record_path(record)
    seed, seed_was_random = game_seed(getattr(args, "seed", None))
    options = dict(open_terminal("─▶✗·—×→±小王"), seed_was_random=seed_was_random,
                   lang=getattr(args, "lang", None) or "en", record=record)
    if deals is not None or target is not None:
        match = Match(rules, seed, deals=deals, target=target)
        return DouDizhuMatchSession(match, human, names, **options).run()
    return DouDizhuSession(rules, seed, human, names, **options).run()


def main(argv: list[str] | None = None) -> int:  # pragma: no cover - manual use
    """Run the game without the ``chupai`` command (``python -m
    chupai.cli.play_doudizhu [--seed N] ...``) until it is wired into it."""
    from chupai.cli.main import build_parser

    parser = build_parser()
    args = parser.parse_args(["play", "doudizhu", *(argv if argv is not None else sys.argv[1:])])
    try:
        return run_play_doudizhu(args)
    except ChupaiError as exc:
        sys.stderr.write(f"chupai: error: {exc}\n")
        return 2


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
