"""Dou Dizhu action notation: the text of an action and reading one back.

>>> from chupai.doudizhu.rules import PRESETS
>>> from chupai.doudizhu.combos import classify, parse_cards
>>> classic = PRESETS["classic"]
>>> format_action(classic, classify(parse_cards("3 3 3 4 4 4 5 5 5 6 6 6", classic), classic))
'3 3 3 4 4 4 5 5 5 6 6 6 airplane'
>>> format_action(classic, parse_action(classic, Phase.PLAY, None, "3 3 3 4 4 4 5 5 5 6 6 6 airplane_singles"))
'3 3 3 4 4 4 5 5 5 6 6 6 airplane_singles'
>>> parse_action(classic, Phase.BID, None, "2")
Bid(value=2)
"""

from __future__ import annotations

from typing import Final

from chupai.actions import PASS, Pass
from chupai.doudizhu.combos import Combo, Kind, beats, cards_text, explain, parse_cards, readings
from chupai.doudizhu.rules import DouDizhuRules
from chupai.doudizhu.state import NO_ROB, ROB, SHOW, Action, Bid, Choice, Phase
from chupai.errors import IllegalActionError
from chupai.i18n import Msg

__all__ = ["format_action", "parse_action"]

_KIND_NAMES: Final = frozenset(k.value for k in Kind)


def format_action(rules: DouDizhuRules, action: Action) -> str:
    """The text of an action under ``rules``: ``bid N``, ``pass``, ``rob``, ``no``,
    ``show``, or card ranks, followed by the type name when the cards have
    readings of more than one type (``3 3 3 4 4 4 5 5 5 6 6 6 airplane_singles``).
    ``DouDizhuDeal.action_text`` and the web views both write actions with it."""
    if isinstance(action, Pass):
        return "pass"
    if isinstance(action, Bid):
        return f"bid {action.value}"
    if isinstance(action, Choice):
        return action.name
    if isinstance(action, Combo):
        text = cards_text(action.cards)
        kinds = {r.kind for r in readings(action.cards, rules)}
        if len(kinds) > 1:
            text += " " + action.kind.value
        return text
    return repr(action)


def parse_action(rules: DouDizhuRules, phase: Phase, top: Combo | None, text: str) -> Action:
    """Read an action from text in the current phase: ``bid N`` (or just ``N``
    while bidding), ``pass``/``p`` (``no`` while robbing), ``rob``, ``no``,
    ``show``, or card tokens optionally followed by a type name.

    Cards without a type name take the first reading (§7) that beats the top
    play when following, else the first reading; with a type name, that type's
    reading. The result is not checked for legality (see :meth:`check`).
    Raises :class:`CardParseError` for bad tokens and
    :class:`IllegalActionError` when the text is no action at all."""
    word = _parse_word(phase, text)
    if word is not None:
        return word
    return _parse_play(rules, top if phase is Phase.PLAY else None, text)


def _parse_word(phase: Phase, text: str) -> Action | None:
    """A pass, rob, no, show or bid written in ``text``; None for card tokens."""
    t = " ".join(text.strip().lower().split())
    if t in ("pass", "p"):
        return NO_ROB if phase is Phase.ROB else PASS
    if t in ("rob", "no", "no rob", "show", "show_hand", "show hand"):
        return {"rob": ROB, "show": SHOW, "show_hand": SHOW, "show hand": SHOW}.get(t, NO_ROB)
    parts = t.split()
    if parts and parts[0] == "bid" or (phase is Phase.BID and t in ("1", "2", "3")):
        num = parts[-1] if parts else ""
        if len(parts) > 2 or not num.isdigit():
            raise IllegalActionError(text, "a bid is written 'bid N' with N = 1, 2 or 3")
        return Bid(int(num))
    return None


def _parse_play(rules: DouDizhuRules, top: Combo | None, text: str) -> Combo:
    """Card tokens, optionally followed by a type name, as a play (see
    :func:`parse_action`); ``top`` is the play to beat (None when leading)."""
    kind: Kind | None = None
    tokens = text.split()
    if tokens and tokens[-1].lower() in _KIND_NAMES:
        kind = Kind(tokens[-1].lower())
        tokens = tokens[:-1]
    if not tokens:
        raise IllegalActionError(text, "no cards")
    cards = parse_cards(tokens, rules)
    found = readings(cards, rules)
    if not found:
        raise IllegalActionError(text, Msg("not a combination: {why}", why=explain(cards, rules)))
    if kind is not None:
        for r in found:
            if r.kind is kind:
                return r
        raise IllegalActionError(
            text,
            f"the cards cannot be read as {kind.value}; they read as "
            + ", ".join(sorted({r.kind.value for r in found})),
        )
    if top is not None:
        for r in found:
            if beats(r, top, rules):
                return r
    return found[0]
