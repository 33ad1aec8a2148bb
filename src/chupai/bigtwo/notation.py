"""Big Two action notation: the text of an action, and an action read from text.

Card tokens are written in display order (ascending single-card strength under
the rules), a play with the "last card" announcement ends in ``last``, a pass is
``pass``, a choice is its name then its cards or hand index, and another seat's
hidden action shows only how many cards it moved.

>>> from chupai.bigtwo.rules import PRESETS
>>> std = PRESETS["standard"]
>>> format_action(std, parse_action(std, "2S 2D last"))
'2D 2S last'
>>> format_action(std, parse_action(std, "give 4D"))
'give 4D'
>>> format_action(std, Hidden("give", 2))
'give (2 cards)'
"""

from __future__ import annotations

from collections.abc import Sequence

from chupai.actions import PASS, Pass
from chupai.bigtwo import packs
from chupai.bigtwo.combos import classify_or_none, explain, tables
from chupai.bigtwo.rules import BigTwoRules
from chupai.bigtwo.values import CHOICE_NAMES, Action, Choice, Hidden, LastCard
from chupai.cards import CardMask, parse_mask
from chupai.errors import IllegalActionError
from chupai.i18n import Msg

__all__ = ["cards_text", "format_action", "format_with", "parse_action"]


def cards_text(strength: Sequence[int], mask: CardMask) -> str:
    """The card tokens of ``mask`` ordered by ``strength`` (a card id → rank)."""
    return packs.names(mask, strength)


def format_action(rules: BigTwoRules, action: Action | Hidden) -> str:
    """The text of an action under ``rules``: card tokens in display order (then
    ``last`` for a call), ``pass``, a choice name with its cards or hand index, or
    a hidden action's count. ``BigTwoDeal.action_text`` and the web views both
    write actions with it, and ``BigTwoDeal.parse_action`` reads it back."""
    return format_with(tables(rules).card_strength, action)


def format_with(strength: Sequence[int], action: Action | Hidden) -> str:
    """:func:`format_action` with the rules' single-card ``strength`` table."""
    if isinstance(action, Pass):
        return "pass"
    if isinstance(action, LastCard):
        return cards_text(strength, action.play.mask) + " last"
    if isinstance(action, Choice):
        if action.number >= 0:
            return f"{action.name} {action.number}"
        if action.cards:
            return f"{action.name} {cards_text(strength, action.cards)}"
        return action.name
    if isinstance(action, Hidden):
        return f"{action.name} ({action.size} card{'s' if action.size != 1 else ''})"
    return cards_text(strength, action.mask)


def parse_action(rules: BigTwoRules, text: str) -> Action:
    """Read an action from text: ``pass``, a choice (``keep``, ``give 4D``,
    ``hand 2``), card tokens, or card tokens then ``last`` (§10.2).

    Card tokens are classified under ``rules``; the result is not checked for
    legality. Raises :class:`CardParseError` or :class:`IllegalActionError` when
    the text is no action at all.
    """
    t = text.strip().lower()
    if t in ("pass", "p"):
        return PASS
    words = text.split()
    head = words[0].lower() if words else ""
    if head in CHOICE_NAMES:
        return _parse_choice(rules, text, head, words[1:])
    called = len(words) > 1 and words[-1].lower() == "last"
    tokens = words[:-1] if called else text
    mask = parse_mask(tokens) if rules.packs == 1 else packs.parse(tokens, rules.packs)
    combo = classify_or_none(mask, rules)
    if combo is None:
        raise IllegalActionError(text, Msg("not a combination: {why}", why=explain(mask, rules)))
    return LastCard(combo) if called else combo


def _parse_choice(rules: BigTwoRules, text: str, head: str, rest: list[str]) -> Choice:
    if head == "hand":
        if len(rest) != 1 or not rest[0].isdigit() or len(rest[0]) > 2:
            raise IllegalActionError(text, "'hand' takes one hand index, e.g. 'hand 2'")
        return Choice("hand", 0, int(rest[0]))
    if not rest:
        return Choice(head)
    return Choice(head, parse_mask(rest) if rules.packs == 1 else packs.parse(rest, rules.packs))
