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
from chupai.biga.scoring import HIDDEN_PARTNER, REVEALED_PARTNER
from chupai.cli.terminal import COMMANDS, commands_help, derive_seed, reads_commands, second_person
from chupai.errors import CardParseError, ChupaiError
from chupai.i18n import Msg

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
            ("#3", "play move 3 of the 'moves' list"),
        ),
    ),
    commands_help(
        ("hint", "suggest a move (a bot's choice)"),
        ("moves", "list every legal move, numbered (then '#N' plays one)"),
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
        raise ChupaiError(
            f"there {'is' if len(moves) == 1 else 'are'} {len(moves)} "
            f"move{'s' if len(moves) != 1 else ''} now: #1"
            + (f" to #{len(moves)}" if len(moves) > 1 else "")
            + " ('moves' lists them)"
        )
    return moves[i - 1]


def _options_text(deal: BigADeal) -> str:
    texts = [f"'{deal.action_text(a)}'" for a in move_list(deal)]
    if len(texts) <= 1:
        return "".join(texts)
    return ", ".join(texts[:-1]) + " or " + texts[-1]


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
        raise ChupaiError("show your second Big Ace? type 'y' (show_second) or 'n' (keep_hidden)")
    if phase is Phase.REVEAL:
        if said in _YES or said in ("reveal", "reveal partner", "reveal_partner"):
            return REVEAL
        if said in _NO or said in ("stay", "hide", "hidden", "stay hidden"):
            return STAY_HIDDEN
        raise ChupaiError(
            "reveal yourself as the declarer's partner? type 'y' (reveal) or 'n' (stay_hidden)"
        )
    raise ChupaiError(f"now type {_options_text(deal)}")  # pragma: no cover


def _read_declaration(deal: BigADeal, line: str, said: str) -> Any:
    """A declaration in the draw (``show AH``, ``y`` for the only one) or ``decline``."""
    legal = move_list(deal)
    shows = [a for a in legal if a != DECLINE]
    if said in _NO or said in ("decline", "d", "no declaration"):
        return DECLINE
    if said in _YES or said == "show":
        if len(shows) == 1:
            return shows[0]
        raise ChupaiError(
            "you can show more than one way: type "
            + " or ".join(f"'{deal.action_text(a)}'" for a in shows)
        )
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
    raise ChupaiError(f"you cannot {said} now ({you(reason, deal)}); type {_options_text(deal)}")


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
        raise ChupaiError(f"'{low[0]}' belongs to the draw, which is over; now play cards or pass")
    for w in words:
        if w.isascii() and w.isdigit() and w not in _RANK_NUMBERS:
            raise ChupaiError(
                f"{w!r} is not a card; to play move {w} of the 'moves' list type #{w}"
            )
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
        raise ChupaiError(
            f"capture {combo_text(top, deal.rules, big_suit)} with {fours.size} "
            f"fours: type 'capture {combo_text(fours, deal.rules, big_suit)}'"
        )
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
