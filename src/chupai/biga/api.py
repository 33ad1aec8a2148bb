"""Big A's answers to the stable judge and moves interfaces (pure functions).

:func:`judge` classifies a play and optionally tells whether it may be played on a
previous play (a correct fours capture of §6 counts as yes and is marked
``"capture": true``); :func:`moves` lists every distinct legal play of a hand,
captures included. Both return JSON-ready dicts; the CLI only prints them. The Big
Ace suit is the option ``big_ace_suit`` (default ``none``: every Ace is ordinary).

>>> from chupai.biga.rules import resolve
>>> hearts = resolve("standard", {"big_ace_suit": "H"})
>>> judge(hearts, "AH", "RJ")
{'valid': True, 'type': 'single', 'beats': True}
>>> judge(hearts, "4 4", "7 7 7")
{'valid': True, 'type': 'pair', 'beats': True, 'capture': True}
>>> judge(hearts, "AH AS")["valid"]
False
>>> moves(hearts, "4 4 4 AH", "9 9 9")["moves"]
[{'cards': '4 4', 'type': 'pair', 'capture': True}]
"""

from __future__ import annotations

from typing import Any

from chupai.biga.cards import normalize, parse_cards
from chupai.biga.combos import KIND_INDEX, Combo, beats, classify, combo_text, explain, is_capture
from chupai.biga.movegen import captures, legal_plays
from chupai.biga.rules import BigARules
from chupai.errors import CardParseError

__all__ = ["judge", "moves", "previous_play", "play_sort_key"]


def previous_play(rules: BigARules, over: str) -> Combo:
    """The previous play's combination; a PREVIOUS that is no combination is
    malformed input (:class:`CardParseError`)."""
    big_suit = rules.big_suit
    cards = parse_cards(over, big_suit)
    combo = classify(cards, rules, big_suit)
    if combo is None:
        raise CardParseError.not_a_combination(over, explain(cards, rules, big_suit))
    return combo


def judge(rules: BigARules, play: str, over: str | None = None) -> dict[str, Any]:
    """``{"valid": true, "type": T[, "beats": B[, "capture": true]]}`` or
    ``{"valid": false, "reason": R}``. ``beats`` is true when PLAY beats PREVIOUS
    (§5) or is a correct fours capture of it (§6), which adds ``"capture": true``.
    Raises :class:`CardParseError` on malformed cards and when ``over`` is not
    itself a combination. PLAY and PREVIOUS are each checked against the decks on
    their own."""
    big_suit = rules.big_suit
    cards = parse_cards(play, big_suit)
    top = previous_play(rules, over) if over is not None else None
    combo = classify(cards, rules, big_suit)
    if combo is None:
        return {"valid": False, "reason": explain(cards, rules, big_suit)}
    out: dict[str, Any] = {"valid": True, "type": combo.kind.value}
    if top is not None:
        if is_capture(combo, top, rules):
            out["beats"] = True
            out["capture"] = True
        else:
            out["beats"] = beats(combo, top, rules)
    return out


def play_sort_key(combo: Combo) -> tuple[int, int, int, int]:
    """Listing order of plays: size, type (:class:`~chupai.biga.combos.Kind`
    order), key, then the cards (a play without a Big Ace before one with it)."""
    return (combo.size, KIND_INDEX[combo.kind], combo.key, combo.cards)


def moves(rules: BigARules, hand: str, over: str | None = None) -> dict[str, Any]:
    """``{"moves": [{"cards": ..., "type": ...}, ...]}``: every distinct legal play
    of ``hand`` (leading, or following ``over``), sorted by size, type and key; a
    fours capture of ``over`` is listed among them, marked ``"capture": true``. Cards are
    written from weakest to strongest (sequence types in chain order), ordinary
    ranks bare and a Big Ace with its suit. Pass is not listed."""
    big_suit = rules.big_suit
    cards = normalize(parse_cards(hand, big_suit), big_suit)
    top = previous_play(rules, over) if over is not None else None
    listed = [(c, False) for c in legal_plays(cards, rules, big_suit, top)]
    if top is not None:
        listed += [(c, True) for c in captures(cards, rules, top)]
    listed.sort(key=lambda item: play_sort_key(item[0]))
    out: list[dict[str, Any]] = []
    for c, capture in listed:
        entry: dict[str, Any] = {"cards": combo_text(c, rules, big_suit), "type": c.kind.value}
        if capture:
            entry["capture"] = True
        out.append(entry)
    return {"moves": out}
