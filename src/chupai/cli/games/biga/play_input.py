"""Reading the human's lines in the Big A terminal game (:mod:`.play`): the draw's
declarations, the questions before play, plays, captures and ``#N`` of the
``moves`` list; and the words of the scoring table row a deal used.

>>> from chupai.biga.game import new_deal
>>> from chupai.biga.rules import STANDARD
>>> read_input(new_deal(STANDARD, 1), 0, "m")
Command(name='moves', arg='')
"""

from __future__ import annotations

from typing import Any, Final

from chupai.biga.cards import (
    ACE,
    FACE_NAMES,
    SHIFTS,
    SUITED_ACE,
    Cards,
    big_aces,
    contains,
    normalize,
    parse_cards,
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
    Phase,
)
from chupai.biga.match import deal_seed
from chupai.biga.rules import RankOrder
from chupai.biga.scoring import HIDDEN_PARTNER, REVEALED_PARTNER
from chupai.cli.grammar import INDEX_HELP, split_indexes
from chupai.cli.terminal import COMMANDS, commands_help, derive_seed, reads_commands, second_person
from chupai.errors import CardParseError, ChupaiError
from chupai.i18n import Msg, joined, plural

__all__ = [
    "HELP",
    "PLAYERS",
    "DECK_SIZE",
    "LAST_CHECKPOINT",
    "SUIT_NAMES",
    "read_input",
    "move_list",
    "table_row",
    "series_seed",
    "redeal_seed",
    "face_label",
    "you",
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
_TENS: Final = {"T": "10"}
_RANK_NUMBERS: Final = frozenset({"2", "3", "4", "5", "6", "7", "8", "9", "10"})

HELP: Final = (
    (
        "The draw",
        (
            (
                "show AH",
                "show one Ace: you become the declarer and its suit the Big Ace suit "
                "(only while nobody has declared)",
            ),
            (
                "show AH AH",
                "show both Aces of a suit (反大A): you become the declarer and play "
                "alone; an earlier declaration is cancelled",
            ),
            ("decline, n", "do not declare now (nobody is told)"),
            ("y", "when you have exactly one declaration: make it"),
            (
                "",
                "You are asked only when your possible declarations change (you drew an "
                "Ace, somebody declared); otherwise you decline silently.",
            ),
        ),
    ),
    (
        "Before play",
        (
            (
                "y / n",
                "show your second Big Ace (alone, doubles the score) or keep it hidden; "
                "as the partner: reveal yourself (revealed table) or stay hidden",
            ),
            ("show_second, keep_hidden", "the same, in full"),
            ("reveal, stay_hidden", "the same, in full"),
        ),
    ),
    (
        "Your move",
        (
            (
                "7 7 7, 10 J Q, AH",
                "play cards (10 or T; BJ RJ jokers; a Big Ace with its suit, "
                "a bare A is an ordinary Ace; other suits are ignored)",
            ),
            (
                "4 4, capture 4 4",
                "capture the egg or big egg on top with one four fewer "
                "(its cards go into your hand)",
            ),
            ("pass, p", "pass (not when you lead)"),
            ("#0 #1, #0-4, # 0 1", INDEX_HELP),
            ("m 3, m3", "make move 3 of the 'moves' list"),
        ),
    ),
    commands_help(
        ("hint", "suggest a move (a bot's choice)"),
        ("moves", "list every legal move, numbered (then 'm N' makes one)"),
    ),
)
"""The help screen: sections of (input, meaning)."""


_COMMANDS: Final = {
    **COMMANDS,
    "moves": "moves",
    "move": "moves",
    "list": "moves",
    "m": "moves",
    "table": "table",
    "redraw": "table",
}
_YES: Final = frozenset({"y", "yes", "ok"})
_NO: Final = frozenset({"n", "no", "pass", "p"})

# ----- seeds -------------------------------------------------------------------------------


def series_seed(seed: int, number: int) -> int:
    """The seed of deal ``number`` (1, 2, ...) of a ``--deals`` match of ``seed``
    when no deal before it was redealt (:func:`chupai.biga.match.deal_seed`)."""
    return deal_seed(seed, number - 1)


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
    plays = sorted(
        (a for a in legal if isinstance(a, Combo)),
        key=lambda c: (c.bomb, c.size, list(Kind).index(c.kind), c.key),
    )
    caps = [a for a in legal if isinstance(a, Capture)]
    rest = [a for a in legal if not isinstance(a, (Combo, Capture))]
    return plays + caps + rest


def _norm(text: str) -> str:
    return " ".join(text.lower().replace("-", "_").split())


def read_input(deal: BigADeal, seat: int, line: str) -> Any:
    """Read one input line of ``seat`` (the seat to act) into an action or a
    :class:`Command`.

    The result is a well-formed action not yet checked against the table (see
    ``deal.why_illegal``), or a legal one when named by its number in the
    ``moves`` list (``m 3``, ``m3``, ``move 3``). Raises :class:`ChupaiError` with
    a message for the player when the line is no action.
    """
    words = line.lower().split()
    if len(words) == 2 and words[0] in ("m", "move"):
        return _pick(deal, words[1])
    if len(words) == 1 and words[0][:1] == "m" and words[0][1:].isdigit():
        return _pick(deal, words[0][1:])
    return _read_line(deal, seat, line)


@reads_commands(_COMMANDS, "table")
def _read_line(deal: BigADeal, seat: int, line: str) -> Any:
    if deal.phase is Phase.PLAY:
        return _read_play(deal, seat, line)
    if deal.phase is Phase.OVER:
        raise ChupaiError(Msg("the deal is over"))
    return _read_decision(deal, line)


read_input.words = _read_line.words  # type: ignore[attr-defined]  # the suggestions


def hand_faces(deal: BigADeal, hand: Cards) -> list[int]:
    """The faces of ``hand`` in display order, one a card (weakest first): card
    ``i`` of the index row is ``hand_faces(deal, hand)[i]``."""
    three_two = deal.rules.rank_order is RankOrder.THREE_TWO_HIGH
    order = strength_order(three_two, deal.big_suit)
    return [f for f in order for _ in range((hand >> SHIFTS[f]) & 31)]


def _pick(deal: BigADeal, digits: str) -> Any:
    moves = move_list(deal)
    if not (digits.isascii() and digits.isdigit()):
        raise ChupaiError(
            Msg("{word} is not a move number: write m then a number, e.g. m 1", word=repr(digits))
        )
    i = int(digits)
    if not 1 <= i <= len(moves):
        raise ChupaiError(
            plural(
                len(moves),
                "there is {n} move now: m 1 ('moves' lists them)",
                "there are {n} moves now: m 1 to m {n} ('moves' lists them)",
            )
        )
    return moves[i - 1]


def _options_text(deal: BigADeal) -> Msg:
    texts = [f"'{deal.action_text(a)}'" for a in move_list(deal)]
    if len(texts) <= 1:
        return Msg("{options}", options="".join(texts))
    return joined([", ".join(texts[:-1]), texts[-1]], " or ")


def _read_decision(deal: BigADeal, line: str) -> Any:
    """A declaration or a §3.5 answer."""
    said = _norm(line)
    for a in move_list(deal):
        if said == _norm(deal.action_text(a)):
            return a
    phase = deal.phase
    if phase is Phase.DRAW:
        return _read_declaration(deal, line, said)
    if phase is Phase.SHOW_SECOND:
        if said in _YES or said in ("show", "show second", "show_second"):
            return SHOW_SECOND
        if said in _NO or said in ("keep", "hide", "keep hidden"):
            return KEEP_HIDDEN
        raise ChupaiError(
            Msg("show your second Big Ace? type 'y' (show_second) or 'n' (keep_hidden)")
        )
    if phase is Phase.REVEAL:
        if said in _YES or said in ("reveal", "reveal partner", "reveal_partner"):
            return REVEAL
        if said in _NO or said in ("stay", "hide", "hidden", "stay hidden"):
            return STAY_HIDDEN
        raise ChupaiError(
            Msg("reveal yourself as the declarer's partner? type 'y' (reveal) or 'n' (stay_hidden)")
        )
    raise ChupaiError(Msg("now type {what}", what=_options_text(deal)))  # pragma: no cover


def _read_declaration(deal: BigADeal, line: str, said: str) -> Any:
    """A declaration in the draw (``show AH``, ``y`` for the only one) or ``decline``."""
    legal = move_list(deal)
    shows = [a for a in legal if a != DECLINE]
    if said in _NO or said in ("decline", "d", "no declaration"):
        return DECLINE
    if said in _YES or said == "show":
        if len(shows) == 1:
            return shows[0]
        ways = joined([f"'{deal.action_text(a)}'" for a in shows], " or ")
        raise ChupaiError(Msg("you can show more than one way: type {ways}", ways=ways))
    words = said.split()
    if words and words[0] == "show":
        words = words[1:]
    aces = {"ad", "ac", "ah", "as"}
    if not words or len(words) > 2 or not set(words) <= aces or len(set(words)) != 1:
        what = (
            Msg("{line} is not a declaration", line=repr(line.strip()))
            if words
            else Msg("show which Ace?")
        )
        raise ChupaiError(Msg("{what}: type {options}", what=what, options=_options_text(deal)))
    said = "show " + " ".join(w.upper() for w in words)
    action = deal.parse_action(said)
    if action in legal:
        return action
    reason = deal.why_illegal(action) or "not now"
    raise ChupaiError(
        Msg(
            "you cannot {said} now ({why}); type {options}",
            said=said,
            why=you(reason, deal),
            options=_options_text(deal),
        )
    )


def you(reason: str, deal: BigADeal) -> str:
    """The engine's ``reason`` in the words of the seat to act (``you hold``)."""
    seat = deal.current_player
    if seat is None:
        return reason
    for verb in ("does not hold", "holds", "has", "must", "may", "is"):
        old, new = f"seat {seat} {verb}", f"you {second_person(verb)}"
        reason = reason.replace(old, new).replace(old.capitalize(), new.capitalize())
    return reason


def face_label(f: int) -> str:
    """The token of face ``f`` (``10`` for T)."""
    return _TENS.get(FACE_NAMES[f], FACE_NAMES[f])


def _not_held(hand: Cards, cards: Cards, big_suit: int | None) -> str:
    for f in range(len(SHIFTS)):
        want = (cards >> SHIFTS[f]) & 31
        have = (hand >> SHIFTS[f]) & 31
        if want > have:
            name = face_label(f)
            if f == ACE and big_suit is not None:
                name = Msg("ordinary A")
                if big_aces(hand, big_suit):
                    big = FACE_NAMES[SUITED_ACE + big_suit]
                    name = Msg("ordinary A (a Big Ace is written {ace})", ace=big)
            elif big_suit is not None and f == SUITED_ACE + big_suit:
                name = Msg("Big Ace {ace}", ace=FACE_NAMES[f])
            if have == 0:
                return Msg("you hold no {rank}", rank=name)
            return Msg("you hold {have} × {rank}, not {want}", have=have, rank=name, want=want)
    return Msg("you do not hold these cards")  # pragma: no cover - some face must differ


def _read_cards(deal: BigADeal, seat: int, words: list[str]) -> Cards:
    """The cards of card tokens and hand indexes (``#N``: :mod:`chupai.cli.grammar`)."""
    faces = hand_faces(deal, deal.hands[seat])
    indexes, words = split_indexes(words, len(faces))
    for w in words:
        if w.isascii() and w.isdigit() and w not in _RANK_NUMBERS:
            raise ChupaiError(
                Msg(
                    "{word} is not a card; to pick card {n} of your hand type #{n}, "
                    "to make move {n} of the 'moves' list m {n}",
                    word=repr(w),
                    n=w,
                )
            )
    big_suit = deal.big_suit
    try:
        cards: Cards = normalize(parse_cards(words, big_suit), big_suit) if words else 0
        cards += sum(1 << SHIFTS[faces[i]] for i in indexes)
    except CardParseError as exc:
        message: str = exc.args[0] if exc.args else str(exc)
        if message.startswith("unknown card token"):
            message = Msg(
                "{error} (ranks: 3-10 J Q K A 2, jokers BJ RJ, a Big Ace with its suit)",
                error=message,
            )
        raise ChupaiError(message) from None
    return cards


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
            raise ChupaiError(Msg("capture with which fours? e.g. 'capture 4 4'"))
    if low[0] in ("show", "decline", "reveal", "keep_hidden", "stay_hidden", "show_second"):
        raise ChupaiError(
            Msg(
                "{word} belongs to the draw, which is over; now play cards or pass",
                word=f"'{low[0]}'",
            )
        )
    cards = _read_cards(deal, seat, words)
    big_suit = deal.big_suit
    legal = deal.legal_actions()
    caps = [a for a in legal if isinstance(a, Capture)]
    for a in caps:
        if a.fours.cards == cards:
            return a
    if capture:
        raise _capture_error(deal, caps)
    hand = deal.hands[seat]
    if not contains(hand, cards):
        raise ChupaiError(_not_held(hand, cards, big_suit))
    for play in legal:
        if isinstance(play, Combo) and play.cards == cards:
            return play
    combo = classify(cards, deal.rules, big_suit)
    if combo is None:
        raise ChupaiError(Msg("not a combination: {why}", why=explain(cards, deal.rules, big_suit)))
    return combo


def _capture_error(deal: BigADeal, caps: list[Capture]) -> ChupaiError:
    """Why ``capture`` with other cards is refused: nothing to capture, no capture
    possible, or which fours capture the top."""
    top = deal.top
    if top is None:
        return ChupaiError(Msg("there is nothing to capture: you lead this trick"))
    if not caps:
        return ChupaiError(_no_capture_reason(deal))
    fours = caps[0].fours
    big_suit = deal.big_suit
    return ChupaiError(
        Msg(
            "capture {top} with {n} fours: type {typed}",
            top=combo_text(top, deal.rules, big_suit),
            n=fours.size,
            typed=f"'capture {combo_text(fours, deal.rules, big_suit)}'",
        )
    )


def _no_capture_reason(deal: BigADeal) -> Msg:
    top = deal.top
    if not deal.rules.fours_capture:
        return Msg("captures are off in these rules (fours_capture=false)")
    if top is None or top.kind not in (Kind.EGG, Kind.BIG_EGG):
        return Msg("only an egg or a big egg on top can be captured")
    return Msg("you need {n} ordinary fours to capture it", n=top.size - 1)


# ----- scoring words ------------------------------------------------------------------------


def table_row(outcome: Any) -> Msg:
    """The scoring-table row a finished deal used, in the words of ``biga.md`` §10
    (the row labels of :mod:`chupai.biga.scoring`): ``partner hidden, positions 1
    and 3``, ``partner revealed, partner 2, declarer 5``, ``declarer alone, position
    1, two Big Aces shown (doubled)`` (a message: it translates)."""
    order = list(outcome.finishing_order)
    pos = {s: i + 1 for i, s in enumerate(order)}
    d = pos[outcome.declarer]
    if outcome.alone or outcome.partner is None:
        if outcome.two_shown:
            return Msg("declarer alone, position {d}, two Big Aces shown (doubled)", d=d)
        return Msg("declarer alone, position {d}", d=d)
    p = pos[outcome.partner]
    rows = REVEALED_PARTNER if outcome.partner_revealed else HIDDEN_PARTNER
    label = next(row.label for row in rows if (d, p) in row.positions)
    words = label.replace(",", "").split()
    if words[0].isdigit():
        row = Msg("positions {a} and {b}", a=words[0], b=words[2])
    elif words[0] == "declarer":
        row = Msg("declarer {d}, partner {p}", d=words[1], p=words[3])
    else:
        row = Msg("partner {p}, declarer {d}", p=words[1], d=words[3])
    if outcome.partner_revealed:
        return Msg("partner revealed, {row}", row=row)
    return Msg("partner hidden, {row}", row=row)
