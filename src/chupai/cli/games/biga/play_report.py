"""What the Big A terminal game (:mod:`.play`) reports as a deal goes on: the
human's draws, the public declarations, the questions before play, plays,
captures and the partner found out."""

from __future__ import annotations

from functools import partial
from typing import Any, Final, NamedTuple

from rich.text import Text

from chupai.biga import game as bg
from chupai.biga.cards import (
    FACE_NAMES,
    SHIFTS,
    SUITED_ACE,
    UNIT,
    Cards,
    big_aces,
    contains,
    normalize,
    size_of,
)
from chupai.biga.game import PASS, BigADeal, Capture, Declare, Phase
from chupai.bots import make_bot
from chupai.cli.games.biga.play_input import DECK_SIZE, LAST_CHECKPOINT, PLAYERS
from chupai.cli.games.biga.play_view import BigAView
from chupai.cli.terminal import ordinal, seat_bots
from chupai.i18n import plural

__all__ = ["BigAReports"]

DRAW_BATCH: Final = 4
"""The human's new cards are reported in lines of this many (an Ace at once)."""


class _Before(NamedTuple):
    """What the reports compare with: the deal just before an action."""

    phase: Any
    declarer: int | None
    big_suit: int | None
    leading: bool
    top_player: int | None
    public_partner: int | None
    alone_known: bool


class BigAReports(BigAView):
    """The reports of :class:`~chupai.cli.games.biga.play.BigASession`."""

    bot_names: list[str]
    deal_seed: int
    known_hand: Cards
    last_options: frozenset[Any] | None
    seen: int

    # ----- reporting -------------------------------------------------------------------
    def start_deal(self, deal: BigADeal, seed: int | None = None) -> None:
        """Sit at ``deal`` (dealt from ``seed``, default :attr:`deal_seed`): nothing
        reported yet, the bots of its seed."""
        super().start_deal(deal, seed)
        if seed is not None:
            self.deal_seed = seed
        self.seen = 0
        self.known_hand = 0
        self.last_options = None
        self.bots = seat_bots(
            self.bot_names,
            self.human,
            PLAYERS,
            self.deal_seed,
            partial(make_bot, game=self.spec.key),
        )

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
            line = Text(self.t("  You draw "))
            line.append_text(self.cards(new))
            drawn = min(deal.drawn, LAST_CHECKPOINT + 1)
            held = size_of(hand) - size_of(last)
            count = plural(
                held,
                "  ({n} card; {drawn} of {total} drawn)",
                "  ({n} cards; {drawn} of {total} drawn)",
                drawn=drawn,
                total=DECK_SIZE,
            )
            line.append(self.say_text(count), style="dim")
            self.say(line)
        if last:
            line = Text(self.t("  Final round: your last card is "))
            line.append_text(self.cards(last))
            line.append(self.t("  ({n} cards)", n=size_of(hand)), style="dim")
            self.say(line)

    def before(self) -> _Before:
        deal = self.deal
        return _Before(
            deal.phase,
            deal.declarer,
            deal.big_suit,
            deal.phase is Phase.PLAY and deal.top is None,
            deal.top_player,
            deal.public_partner,
            deal.alone_known,
        )

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
            self.report_declare(seat, act, before)
            return
        if act == bg.DECLINE:
            return  # never public
        if act == bg.SHOW_SECOND:
            self.say(self.second_shown(seat))
            return
        if act == bg.KEEP_HIDDEN:
            if me:
                kept = self.t(
                    "  You keep your second {ace} hidden: you play alone, and nobody knows it yet.",
                    ace=self.big_name(),
                )
                self.say(Text(kept, style="dim"))
            return
        if act == bg.REVEAL:
            line = Text(self.sentence(seat, "  {who} reveal yourself", "  {who} reveals itself"))
            line.stylize("bold magenta", 2)
            line.append(
                self.sentence(
                    seat,
                    ": you hold the other {ace} and are {whose} partner "
                    "(the revealed-partner table applies)",
                    ": {who} holds the other {ace} and is {whose} partner "
                    "(the revealed-partner table applies)",
                    ace=self.big_name(),
                    whose=self.possessive(deal.declarer),
                )
            )
            self.say(line)
            return
        if act == bg.STAY_HIDDEN:
            if me:
                stay = self.t("  You stay hidden: only you know that you are the partner.")
                self.say(Text(stay, style="dim"))
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
            line = Text(self.t("  Nobody declared: "), style="bold magenta")
            line.append(
                self.sentence(
                    seat,
                    "each player in turn says whether they hold an AH; you are the first who "
                    "does and become the declarer, hearts are the Big Ace suit (forced "
                    "declaration)",
                    "each player in turn says whether they hold an AH; {who} is the first who "
                    "does and becomes the declarer, hearts are the Big Ace suit (forced "
                    "declaration)",
                )
            )
            self.say(line)
        hand = deal.hands[self.human]
        mine = big_aces(hand, deal.big_suit)
        big = self.big_name()
        if deal.declarer == self.human:
            if mine == 2 and not deal.two_shown:
                both = self.t(
                    "  You hold both {ace}: you play alone (nobody knows it yet).", ace=big
                )
                self.say(Text(both, style="bold magenta"))
            elif mine == 1:
                lone = self.t(
                    "  You are the declarer; the holder of the other {ace} is your secret partner.",
                    ace=big,
                )
                self.say(Text(lone, style="bold magenta"))
        elif mine:
            whose = self.possessive(deal.declarer)
            partner = self.t(
                "  You hold the other {ace}: you are {whose} partner.", ace=big, whose=whose
            )
            self.say(Text(partner, style="bold magenta"))
        else:
            self.say(
                Text(self.t("  You hold no {ace}: you are a defender.", ace=big), style="bold")
            )

    def start_of_play(self) -> None:
        deal = self.deal
        lead = deal.current_player
        self.rule(Text(self.t("The play · "), style="bold").append_text(self.status_line()))
        if lead is not None:
            first = self.sentence(
                lead, "  {who} lead the first trick.", "  {who} leads the first trick."
            )
            self.say(Text(first, style="dim"))

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
            line.append(self.t(" with "))
            line.append_text(self.cards(act.fours.cards))
            line.append(
                self.t(
                    ": the {cards} go into {whose} hand, and ",
                    cards=self.plain(act.taken.cards),
                    whose=self.possessive(seat),
                )
            )
            line.append_text(self.combo(act.fours))
            line.append(self.t(" is the new top"))
            self.say(line)
        else:
            line.append(self.verb(seat, "lead" if before.leading else "play") + " ")
            line.append_text(self.combo(act))
            left = size_of(deal.hands[seat])
            place = list(deal.finishing).index(seat) + 1 if left == 0 else 0
            self.note_left(line, left, out=self.out_note(place))
            self.say(line)
            big = self.big_name()
            if (
                deal.public_partner is not None
                and before.public_partner is None
                and not deal.partner_revealed
            ):
                found = self.sentence(
                    deal.public_partner,
                    "  {who} played {ace}: you are the declarer's partner",
                    "  {who} played {ace}: {who} is the declarer's partner",
                    ace=big,
                )
                self.say(Text(found, style="bold magenta"))
            if deal.alone_known and not before.alone_known:
                alone = self.sentence(
                    deal.declarer,
                    "  {who} played the second {ace}: you play alone",
                    "  {who} played the second {ace}: {who} plays alone",
                    ace=big,
                )
                self.say(Text(alone, style="bold magenta"))
        if deal.phase is Phase.PLAY and deal.top is None and act == PASS:
            winner = before.top_player
            leader = deal.current_player
            self.trick = {}
            if winner is not None and leader is not None:
                if winner == leader:
                    won = self.t(
                        "  {who} won the trick and {lead}.",
                        who=self.name(winner),
                        lead=self.verb(winner, "lead"),
                    )
                else:
                    won = self.sentence(
                        winner,
                        "  {who} won the trick and are out; {next} {lead}.",
                        "  {who} won the trick and is out; {next} {lead}.",
                        next=self.low(leader),
                        lead=self.verb(leader, "lead"),
                    )
                self.say(Text(won, style="dim"))

    def out_note(self, place: int) -> str:
        """``  — out, 2nd!``: a play that leaves no card, and the place."""
        if self.lang == "en":
            return f"  — out, {ordinal(place)}!"
        return self.t("  — out, No. {n}!", n=place)

    def report_declare(self, seat: int, act: Declare, before: _Before) -> None:
        """A declaration: who shows which Aces, and what it makes them."""
        deal = self.deal
        ace = FACE_NAMES[SUITED_ACE + act.suit]
        suit = self.suit_name(act.suit)
        if act.two and before.declarer == seat and before.big_suit == act.suit:
            self.say(self.second_shown(seat, ace))
            return
        if act.two:
            line = Text(
                self.sentence(
                    seat,
                    "  {who} show {ace} {ace} (反大A)",
                    "  {who} shows {ace} {ace} (反大A)",
                    ace=ace,
                )
            )
            line.append(
                self.sentence(
                    seat,
                    ": you are the declarer and play alone, {suit} are the Big Ace suit; "
                    "every score is doubled",
                    ": {who} is the declarer and plays alone, {suit} are the Big Ace suit; "
                    "every score is doubled",
                    suit=suit,
                )
            )
            if before.declarer is not None and before.big_suit is not None:
                old = FACE_NAMES[SUITED_ACE + before.big_suit]
                whose = self.possessive(before.declarer)
                line.append(
                    self.t(
                        ". {whose} declaration is cancelled ({old} is an ordinary Ace again)",
                        whose=whose[:1].upper() + whose[1:],
                        old=old,
                    )
                )
        else:
            line = Text(self.sentence(seat, "  {who} show {ace}", "  {who} shows {ace}", ace=ace))
            line.append(
                self.sentence(
                    seat,
                    ": you are the declarer, {suit} are the Big Ace suit; the holder of the "
                    "other {ace} is the secret partner",
                    ": {who} is the declarer, {suit} are the Big Ace suit; the holder of the "
                    "other {ace} is the secret partner",
                    suit=suit,
                    ace=ace,
                )
            )
        line.stylize("bold magenta", 2, 2 + len(self.name(seat)))
        self.say(line)
        if seat != self.human and deal.declarer != self.human:
            mine = big_aces(deal.hands[self.human], deal.big_suit)
            if mine and not act.two:
                secret = self.t(
                    "  You hold the other {ace}: you are {whose} partner (secret).",
                    ace=ace,
                    whose=self.possessive(seat),
                )
                self.say(Text(secret, style="magenta"))

    def second_shown(self, seat: int, ace: str = "") -> Text:
        """The declarer shows the second Big Ace: it plays alone, scores doubled."""
        return Text(
            self.sentence(
                seat,
                "  {who} show the second {ace}: you play alone; every score is doubled",
                "  {who} shows the second {ace}: {who} plays alone; every score is doubled",
                ace=ace or self.big_name(),
            ),
            style="bold magenta",
        )

    def bot_pause(self) -> float:
        """The pause before a bot's play (none in the draw and its questions)."""
        return self.pause if self.deal.phase is Phase.PLAY else 0.0
