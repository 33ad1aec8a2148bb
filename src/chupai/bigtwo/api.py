"""Big Two's answers to the stable judge and moves interfaces (pure functions).

:func:`judge` classifies a play and optionally tells whether it beats a previous
play; :func:`moves` lists every distinct legal play of a hand. Both return
JSON-ready dicts; the CLI only prints them.

>>> from chupai.bigtwo.rules import PRESETS
>>> judge(PRESETS["standard"], "2d", "as")
{'valid': True, 'type': 'single', 'beats': True}
>>> moves(PRESETS["standard"], "3d 3s")["moves"]
[{'cards': '3D', 'type': 'single'}, {'cards': '3S', 'type': 'single'}, {'cards': '3D 3S', 'type': 'pair'}]
"""

from __future__ import annotations

from typing import Any

from chupai.bigtwo import packs
from chupai.bigtwo.combos import Combo, ComboKind, beats, classify_or_none, explain, tables
from chupai.bigtwo.movegen import legal_plays
from chupai.bigtwo.rules import BigTwoRules
from chupai.cards import parse_mask
from chupai.errors import CardParseError

__all__ = ["judge", "moves", "combo_text"]

_KIND_ORDER = {k: i for i, k in enumerate(ComboKind)}


def combo_text(combo: Combo, rules: BigTwoRules) -> str:
    """Canonical text of a combination's cards (ascending single-card order)."""
    return packs.names(combo.mask, tables(rules).card_strength)


def _cards(rules: BigTwoRules, text: str) -> int:
    """The cards of ``text``: one pack, or two (a card named up to twice)."""
    return parse_mask(text) if rules.packs == 1 else packs.parse(text, rules.packs)


def _previous(rules: BigTwoRules, over: str) -> Combo:
    mask = _cards(rules, over)
    combo = classify_or_none(mask, rules)
    if combo is None:
        raise CardParseError.not_a_combination(over, explain(mask, rules))
    return combo


def judge(rules: BigTwoRules, play: str, over: str | None = None) -> dict[str, Any]:
    """``{"valid": true, "type": T[, "beats": B]}`` or ``{"valid": false,
    "reason": R}``. Raises :class:`CardParseError` on malformed cards, and when
    ``over`` is not itself a combination. PLAY and PREVIOUS are checked each
    against the pack on its own."""
    mask = _cards(rules, play)
    top = _previous(rules, over) if over is not None else None
    combo = classify_or_none(mask, rules)
    if combo is None:
        return {"valid": False, "reason": explain(mask, rules)}
    out: dict[str, Any] = {"valid": True, "type": combo.kind.value}
    if top is not None:
        out["beats"] = beats(combo, top, rules)
    return out


def moves(rules: BigTwoRules, hand: str, over: str | None = None) -> dict[str, Any]:
    """``{"moves": [{"cards": ..., "type": ...}, ...]}``: every distinct legal
    play of ``hand`` (leading, or following ``over``), sorted by size, type and
    strength. Pass is not listed."""
    mask = _cards(rules, hand)
    top = _previous(rules, over) if over is not None else None
    plays = legal_plays(mask, rules, top)
    plays.sort(key=lambda c: (c.mask.bit_count(), _KIND_ORDER[c.kind], c.group, c.key))
    return {"moves": [{"cards": combo_text(c, rules), "type": c.kind.value} for c in plays]}
