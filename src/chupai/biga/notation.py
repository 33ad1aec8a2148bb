"""Big A notation: the stock of a deal as text, and actions as text both ways.

The stock is the 108 faces in draw order (:func:`deal_stock` shuffles it from a
seed; :func:`stock_text` and :func:`parse_stock` write and read it). An action is
written ``show AH``, ``show AH AH``, ``decline``, ``show_second``, ``keep_hidden``,
``reveal_partner``, ``stay_hidden``, ``pass``, ``capture 4 4`` or the cards of a play
(:func:`format_action`), and read back by :func:`parse_action`.
:mod:`chupai.biga.game` exports the public names defined here.

>>> from chupai.biga.rules import STANDARD
>>> a = parse_action("show AH AH", STANDARD, None, None)
>>> a, format_action(STANDARD, None, a)
(Declare(suit=2, two=True), 'show AH AH')
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final

from chupai.actions import PASS, Pass
from chupai.biga.cards import (
    DECK,
    FACE_NAMES,
    NFACES,
    SUITED_ACE,
    UNIT,
    cards_text,
    normalize,
    parse_cards,
    strength_order,
    unpack,
)
from chupai.biga.combos import Combo, classify, combo_text, explain, is_capture
from chupai.biga.events import (
    DECLINE,
    KEEP_HIDDEN,
    REVEAL,
    SHOW_SECOND,
    STAY_HIDDEN,
    STOCK_SIZE,
    Action,
    Capture,
    Choice,
    Declare,
)
from chupai.biga.rules import BigARules, RankOrder
from chupai.biga.state import good_cards
from chupai.errors import IllegalActionError
from chupai.i18n import Msg

__all__ = [
    "CHOICE_TEXT",
    "FACE_OF_TOKEN",
    "action_text",
    "check_stock",
    "deal_stock",
    "format_action",
    "parse_action",
    "parse_stock",
    "stock_text",
]

CHOICE_TEXT: Final = {
    "decline": DECLINE,
    "show_second": SHOW_SECOND,
    "show second": SHOW_SECOND,
    "keep_hidden": KEEP_HIDDEN,
    "keep hidden": KEEP_HIDDEN,
    "reveal_partner": REVEAL,
    "reveal": REVEAL,
    "reveal partner": REVEAL,
    "stay_hidden": STAY_HIDDEN,
    "stay hidden": STAY_HIDDEN,
}
"""The texts of the named choices (lower case, words joined by one space)."""

CANONICAL_STOCK: Final = tuple(f for f in range(NFACES) for _ in range((DECK >> (5 * f)) & 31))


def deal_stock(seed: int, first_drawer: int | None = None) -> tuple[int, tuple[int, ...]]:
    """``(first_drawer, stock)`` of the deal of ``seed`` (§3.1): ``random.Random(seed)``
    draws the first drawer first (always, so that a given first drawer leaves the
    shuffle unchanged), then shuffles the 108 faces (Aces suited).

    >>> f, stock = deal_stock(11)
    >>> len(stock), deal_stock(11, first_drawer=(f + 1) % 5)[1] == stock
    (108, True)
    """
    rng = random.Random(seed)
    drawn = rng.randrange(5)
    stock = list(CANONICAL_STOCK)
    rng.shuffle(stock)
    return (drawn if first_drawer is None else first_drawer), tuple(stock)


def stock_text(stock: Sequence[int]) -> str:
    """The stock as face tokens in draw order (``7 K AH BJ ...``).

    >>> stock_text([0, 11, 17, 14])
    '3 A AH RJ'
    """
    return " ".join(FACE_NAMES[f] for f in stock)


FACE_OF_TOKEN: Final = {name: f for f, name in enumerate(FACE_NAMES)}


def parse_stock(text: str) -> tuple[int, ...]:
    """The faces of a stock text, in order; every token must be a face name of
    :data:`chupai.biga.cards.FACE_NAMES` (``10`` for ``T`` accepted) and the stock
    exactly the 108 cards. Raises ``ValueError`` naming the problem."""
    out = []
    for i, tok in enumerate(text.split()):
        t = tok.upper()
        if t == "10":
            t = "T"
        f = FACE_OF_TOKEN.get(t)
        if f is None:
            raise ValueError(f"stock token {i} {tok!r} is not a face (ranks, BJ, RJ, suited Aces)")
        out.append(f)
    check_stock(out)
    return tuple(out)


def check_stock(stock: Sequence[int]) -> None:
    """Raise ``ValueError`` unless ``stock`` is exactly the 108 faces."""
    if len(stock) != STOCK_SIZE:
        raise ValueError(f"the stock has {len(stock)} cards, not {STOCK_SIZE}")
    total = 0
    for f in stock:
        if not isinstance(f, int) or isinstance(f, bool) or not 0 <= f < NFACES:
            raise ValueError(f"bad face {f!r} in the stock")
        total += UNIT[f]
    if total != DECK:
        want, got = unpack(DECK), unpack(total)
        bad = [FACE_NAMES[f] for f in range(NFACES) if want[f] != got[f]]
        raise ValueError(
            "the stock is not exactly the 108 cards (wrong counts of " + ", ".join(bad) + ")"
        )


def format_action(rules: BigARules, big_suit: int | None, action: Action) -> str:
    """The text of an action under ``rules`` once the Big Ace suit is
    ``big_suit`` (None before): ``show AH``, ``show AH AH``, ``decline``,
    ``show_second``, ``keep_hidden``, ``reveal_partner``, ``stay_hidden``, ``pass``,
    ``capture 4 4`` or the cards of a play (a sequence type in its chain order,
    anything else weakest first); ``repr`` of anything malformed.
    ``BigADeal.action_text`` and the web views both write actions with it."""
    order = strength_order(rules.rank_order is RankOrder.THREE_TWO_HIGH, big_suit)
    return action_text(rules, order, big_suit, action)


def action_text(
    rules: BigARules, order: Sequence[int], big_suit: int | None, action: Action
) -> str:
    """:func:`format_action` with the single-card ``order`` given."""
    if isinstance(action, Pass):
        return "pass"
    t = type(action)
    if t is Choice:
        assert isinstance(action, Choice)
        return action.name
    if t is Declare:
        assert isinstance(action, Declare)
        if isinstance(action.suit, int) and 0 <= action.suit < 4:
            name = FACE_NAMES[SUITED_ACE + action.suit]
            return f"show {name} {name}" if action.two else f"show {name}"
    if t is Capture:
        assert isinstance(action, Capture)
        if isinstance(action.fours, Combo) and good_cards(action.fours.cards):
            return "capture " + cards_text(action.fours.cards, order, big_suit)
    if t is Combo:
        assert isinstance(action, Combo)
        if good_cards(action.cards):
            return combo_text(action, rules, big_suit)
    return repr(action)


def parse_action(text: str, rules: BigARules, big_suit: int | None, top: Combo | None) -> Action:
    """Read an action from text (see :meth:`chupai.biga.game.BigADeal.parse_action`)
    under ``rules`` with Big Ace suit ``big_suit``, ``top`` being the play to beat
    (None when leading or outside play)."""
    t = " ".join(text.strip().lower().split())
    if t in ("pass", "p"):
        return PASS
    choice = CHOICE_TEXT.get(t)
    if choice is not None:
        return choice
    parts = t.split()
    if not parts:
        raise IllegalActionError(text, "empty action")
    if parts[0] == "show":
        return _parse_declaration(text, parts[1:])
    return _parse_play(text, rules, big_suit, top)


def _parse_declaration(text: str, toks: Sequence[str]) -> Declare:
    faces = {tok.upper() for tok in toks}
    if len(toks) not in (1, 2) or len(faces) != 1:
        raise IllegalActionError(
            text, "a declaration is 'show AX' or 'show AX AX' (X = S, H, C or D)"
        )
    name = faces.pop()
    f = FACE_OF_TOKEN.get(name)
    if f is None or f < SUITED_ACE:
        raise IllegalActionError(text, f"{name!r} is not a suited Ace")
    return Declare(f - SUITED_ACE, len(toks) == 2)


def _parse_play(
    text: str, rules: BigARules, big_suit: int | None, top: Combo | None
) -> Combo | Capture:
    capture = text.split()[0].lower() == "capture"
    tokens = text.split()[1:] if capture else text.split()
    if not tokens:
        raise IllegalActionError(text, "no cards")
    cards = normalize(parse_cards(tokens, big_suit), big_suit)
    combo = classify(cards, rules, big_suit)
    if combo is None:
        raise IllegalActionError(
            text, Msg("not a combination: {why}", why=explain(cards, rules, big_suit))
        )
    if capture:
        if top is None:
            raise IllegalActionError(text, "there is no top play to capture")
        return Capture(combo, top)
    if top is not None and rules.fours_capture and is_capture(combo, top, rules):
        return Capture(combo, top)
    return combo
