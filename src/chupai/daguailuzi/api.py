"""大怪路子's answers to the stable judge and moves interfaces (pure functions).

:func:`judge` classifies a play and optionally tells whether it may be played on a
previous play; :func:`moves` lists every distinct legal play of a hand. Both return
JSON-ready dicts; the CLI only prints them. The trump level is option ``level``
when ``trumps`` is on (:meth:`~chupai.daguailuzi.rules.DaguailuziRules.oracle_level`).

>>> from chupai.daguailuzi.rules import resolve
>>> judge(resolve("shanghai"), "2C", "AS")
{'valid': True, 'type': 'single', 'beats': True}
>>> judge(resolve("seed"), "7S 8S BJ")["valid"]
False
>>> moves(resolve("seed"), "7S 7H BJ", "6S 6H")["moves"]
[{'cards': '7S 7H', 'type': 'pair'}, {'cards': '7S BJ', 'type': 'pair'}, {'cards': '7H BJ', 'type': 'pair'}]
"""

from __future__ import annotations

from typing import Any

from chupai.daguailuzi.cards import parse_cards
from chupai.daguailuzi.combos import Combo, beats, classify, combo_text, explain
from chupai.daguailuzi.movegen import legal_plays
from chupai.daguailuzi.rules import DaguailuziRules
from chupai.errors import CardParseError

__all__ = ["judge", "moves", "previous_play"]


def previous_play(rules: DaguailuziRules, over: str) -> Combo:
    """The previous play's combination at the oracle level; a PREVIOUS that is no
    combination is malformed input (:class:`CardParseError`)."""
    level = rules.oracle_level()
    cards = parse_cards(over)
    combo = classify(cards, rules, level)
    if combo is None:
        raise CardParseError(
            f"the previous play {over.strip()!r} is not a combination: "
            f"{explain(cards, rules, level)}"
        )
    return combo


def judge(rules: DaguailuziRules, play: str, over: str | None = None) -> dict[str, Any]:
    """``{"valid": true, "type": T[, "beats": B]}`` or ``{"valid": false, "reason":
    R}``. Raises :class:`CardParseError` on malformed cards and when ``over`` is not
    itself a combination. PLAY and PREVIOUS are each checked against the decks on
    their own."""
    level = rules.oracle_level()
    cards = parse_cards(play)
    top = previous_play(rules, over) if over is not None else None
    combo = classify(cards, rules, level)
    if combo is None:
        return {"valid": False, "reason": explain(cards, rules, level)}
    out: dict[str, Any] = {"valid": True, "type": combo.kind.value}
    if top is not None:
        out["beats"] = beats(combo, top, rules)
    return out


def moves(rules: DaguailuziRules, hand: str, over: str | None = None) -> dict[str, Any]:
    """``{"moves": [{"cards": ..., "type": ...}, ...]}``: every distinct legal play
    of ``hand`` (leading, or following ``over``) in the canonical order of
    :func:`~chupai.daguailuzi.movegen.legal_plays` (size, then key, then cards).
    Cards are written in display order. Pass is not listed."""
    level = rules.oracle_level()
    cards = parse_cards(hand)
    top = previous_play(rules, over) if over is not None else None
    return {
        "moves": [
            {"cards": combo_text(c, rules, level), "type": c.kind.value}
            for c in legal_plays(cards, top, rules, level)
        ]
    }
