"""Dou Dizhu's answers to the stable judge and moves interfaces (pure functions).

:func:`judge` classifies a play and optionally tells whether it beats a previous
play; :func:`moves` lists every distinct legal play of a hand. Both return
JSON-ready dicts; the CLI only prints them. Cards may be suited (``5S``) or bare
ranks (``5``); suits never matter.

>>> from chupai.doudizhu.rules import PRESETS
>>> classic = PRESETS["classic"]
>>> judge(classic, "BJ", "2")
{'valid': True, 'type': 'single', 'beats': True}
>>> judge(classic, "3 3 3 4 4 4 5 5 5 6 6 6", "3 3 3 4 4 4 5 5 5 7 8 9")
{'valid': True, 'type': 'airplane_singles', 'beats': True}
>>> moves(classic, "3 3 bj")["moves"]
[{'cards': '3', 'type': 'single'}, {'cards': 'BJ', 'type': 'single'}, {'cards': '3 3', 'type': 'pair'}]
"""

from __future__ import annotations

from typing import Any

from chupai.doudizhu.combos import (
    KIND_INDEX,
    Combo,
    beats,
    cards_text,
    explain,
    parse_cards,
    readings,
    unpack,
)
from chupai.doudizhu.movegen import legal_plays
from chupai.doudizhu.rules import DouDizhuRules
from chupai.errors import CardParseError

__all__ = ["judge", "moves", "previous_play", "play_sort_key"]


def previous_play(rules: DouDizhuRules, over: str) -> Combo:
    """The previous play's first reading; a PREVIOUS that is no combination is
    malformed input (:class:`CardParseError`)."""
    cards = parse_cards(over, rules)
    found = readings(cards, rules)
    if not found:
        raise CardParseError.not_a_combination(over, explain(cards, rules))
    return found[0]


def judge(rules: DouDizhuRules, play: str, over: str | None = None) -> dict[str, Any]:
    """``{"valid": true, "type": T[, "beats": B]}`` or ``{"valid": false,
    "reason": R}``. With ``over`` the type is the first reading (§7 order) that
    beats the previous play, or the first reading when none does. Raises
    :class:`CardParseError` on malformed cards and when ``over`` is not itself a
    combination. PLAY and PREVIOUS are each checked against the decks on their own."""
    cards = parse_cards(play, rules)
    top = previous_play(rules, over) if over is not None else None
    found = readings(cards, rules)
    if not found:
        return {"valid": False, "reason": explain(cards, rules)}
    if top is None:
        return {"valid": True, "type": found[0].kind.value}
    for combo in found:
        if beats(combo, top, rules):
            return {"valid": True, "type": combo.kind.value, "beats": True}
    return {"valid": True, "type": found[0].kind.value, "beats": False}


def play_sort_key(combo: Combo) -> tuple[int, int, int, tuple[int, ...]]:
    """Listing order of plays: size, kind (``Kind`` order), key, then the cards
    (lower ranks first)."""
    counts = unpack(combo.cards)
    return (combo.size, KIND_INDEX[combo.kind], combo.key, tuple(-n for n in counts))


def moves(rules: DouDizhuRules, hand: str, over: str | None = None) -> dict[str, Any]:
    """``{"moves": [{"cards": ..., "type": ...}, ...]}``: every distinct legal play
    of ``hand`` (leading, or following ``over``), each reading of a multiset as its
    own move, cards as bare ranks ascending, sorted by size, type and key. Pass is
    not listed."""
    cards = parse_cards(hand, rules)
    top = previous_play(rules, over) if over is not None else None
    plays = legal_plays(cards, rules, top)
    plays.sort(key=play_sort_key)
    return {"moves": [{"cards": cards_text(c.cards), "type": c.kind.value} for c in plays]}
