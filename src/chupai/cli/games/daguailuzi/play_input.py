"""Reading the human's lines in the 大怪路子 terminal game (:mod:`.play`): card
tokens or hand indexes (``7s bj``, ``0 1``, ``#3``; a line may mix both),
``pass``, the tribute and return decisions before play (the cards alone, or
after their word: ``tribute RJ``, ``return 4d``, ``offer 4d 6s 9c``, ``take 6s``)
and the commands (the help screen: :mod:`.play_help`).

A line that is no action raises :class:`~chupai.errors.ChupaiError` with a
message for the player (in the session's language for the plugin's own texts;
the engine's reasons stay in English); a play is returned unchecked against the
table (the session asks ``deal.why_illegal``), so that "does not beat" is told
alike for every game.
"""

from __future__ import annotations

from typing import Any, Final

from chupai.cli.games.daguailuzi.play_view import hand_types, typed_cards
from chupai.cli.games.daguailuzi.words import Words
from chupai.cli.grammar import split_indexes
from chupai.cli.terminal import COMMANDS, reads_commands
from chupai.daguailuzi.cards import Cards, count_of, from_types, parse_cards, type_name
from chupai.daguailuzi.combos import Combo, classify, explain
from chupai.daguailuzi.game import PASS, Gift, GiftKind, Phase
from chupai.errors import CardParseError, ChupaiError
from chupai.i18n import CardTokens, translate

__all__ = ["read_input", "reader", "decision_kind", "gift_options"]

_COMMANDS: Final = {**COMMANDS, "table": "table", "show": "table"}
_GIFT_WORDS: Final = frozenset(k.value for k in GiftKind)


def decision_kind(deal: Any) -> GiftKind | None:
    """The kind of card move the seat to act makes before play (None in play)."""
    for action in deal.legal_actions():
        if isinstance(action, Gift):
            return action.kind
    return None


def gift_options(deal: Any, seat: int) -> str:
    """The legal card moves of ``seat``, as the tokens one types (``RJ or RJ``
    collapsed: ``RJ``; ``7S or 7H``)."""
    level = deal.level
    texts = dict.fromkeys(
        typed_cards(a.cards, deal.rules, level) for a in deal.legal_actions() if isinstance(a, Gift)
    )
    return " or ".join(texts)


def reader(lang: str) -> Any:
    """The line reader of :attr:`DaguailuziSession.READER` for ``lang`` (the
    messages of refused lines in that language)."""
    words = Words(lang)

    @reads_commands(_COMMANDS, "table")
    def read(deal: Any, seat: int, line: str) -> Any:
        return _read(deal, seat, line, words)

    return read


read_input: Final = reader("en")
"""The English line reader: ``read_input(deal, seat, line)``."""


def _read(deal: Any, seat: int, line: str, w: Words) -> Any:
    items = line.split()
    low = [x.lower() for x in items]
    if deal.phase is Phase.OVER:
        raise ChupaiError(w("phase_over"))
    kind = decision_kind(deal)
    if low in (["pass"], ["p"]):
        if kind is not None:
            raise ChupaiError(w("no_pass_now", what=f"{kind.value} {gift_options(deal, seat)}"))
        return PASS
    if low[0] in _GIFT_WORDS:
        if kind is None:
            raise ChupaiError(w("no_gift_now", word=low[0]))
        items = items[1:]
    if not items:
        raise ChupaiError(w("one_card", options=gift_options(deal, seat)))
    if kind is GiftKind.TAKE:
        return _gift(deal, seat, kind, _read_offered(deal, items, w), w)
    cards = _read_cards(deal, seat, items, w)
    if kind is not None:
        return _gift(deal, seat, kind, cards, w)
    for action in deal.legal_actions():
        if isinstance(action, Combo) and action.cards == cards:
            return action
    combo = classify(cards, deal.rules, deal.level)
    if combo is None:
        raise ChupaiError(w("not_a_play", why=explain(cards, deal.rules, deal.level)))
    return combo


def _gift(deal: Any, seat: int, kind: GiftKind, cards: Cards, w: Words) -> Gift:
    """The card move of ``cards``: a legal one, or a refusal that lists them."""
    legal = [a for a in deal.legal_actions() if isinstance(a, Gift)]
    for action in legal:
        if action.cards == cards:
            return action
    options = gift_options(deal, seat)
    if kind is GiftKind.TRIBUTE:
        raise ChupaiError(w("tribute_must", options=options))
    if kind is GiftKind.TAKE:
        raise ChupaiError(w("take_one", options=options))
    if kind is GiftKind.RETURN:
        raise ChupaiError(w("one_card", options=options))
    return Gift(kind, cards)  # an offer: the engine says what is wrong with it


def _read_cards(deal: Any, seat: int, items: list[str], w: Words) -> Cards:
    """The cards named by tokens or hand indexes (all held by ``seat``)."""
    hand = deal.hands[seat]
    order = hand_types(hand, deal.rules, deal.level)
    indexes, tokens = split_indexes(items, len(order), bare=True)
    picked = [order[i] for i in indexes]
    cards = from_types(picked)
    if tokens:
        cards += _parse(tokens, w)
    for t in sorted({*picked, *_types(cards)}):
        want, have = count_of(cards, t), count_of(hand, t)
        if want > have:  # the card as the hand shows it (7♠, not 7S)
            shown = CardTokens(type_name(t)).display()
            if have == 0:
                raise ChupaiError(w("not_held", cards=shown))
            raise ChupaiError(w("held_fewer", have=have, card=shown, want=want))
    return cards


def _read_offered(deal: Any, items: list[str], w: Words) -> Cards:
    """The cards named among those offered to the seat to act (tokens, or
    indexes into the offer in display order)."""
    offered = hand_types(deal.offer or 0, deal.rules, deal.level)
    cards = 0
    tokens = []
    for item in items:
        digits = item.removeprefix("#")
        if digits.isascii() and digits.isdigit() and int(digits) < len(offered):
            cards += from_types([offered[int(digits)]])
        else:
            tokens.append(item)
    return cards + (_parse(tokens, w) if tokens else 0)


def _types(cards: Cards) -> list[int]:
    return [t for t in range(54) if count_of(cards, t)]


def _parse(tokens: list[str], w: Words) -> Cards:
    try:
        return parse_cards(tokens)
    except CardParseError as exc:  # a near miss of a word gets its suggestion from the session
        said = exc.args[0] if exc.args else str(exc)
        raise ChupaiError(w("bad_token", error=translate(said, w.lang))) from None
