"""The core's shared messages in 中文 and 日本語 (:mod:`chupai.i18n`), and the
helper every game uses to put a combination type's name in a message.

The reasons every game gives alike ("the deal is over", "the leader may not
pass", "seat 2 does not hold 3♥") are translated here once; a game's own
reasons are in its package's ``messages`` module.

>>> from chupai.i18n import Msg, translate
>>> translate(Msg("the leader may not pass"), "zh")
'首家不能过牌'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from chupai.i18n import CardTokens, Msg, add_translations

__all__ = ["CATALOG", "does_not_beat", "kind_name", "kind_names", "not_held"]


def kind_name(kind: str, names: Mapping[str, Mapping[str, str]]) -> Mapping[str, str]:
    """A combination type as a message field: the type key in English (the
    engine's words, as ``chupai judge`` prints them) and its name from the game's
    table ``names`` in the other languages.

    >>> kind_name("full_house", {"full_house": {"en": "full house", "zh": "葫芦", "ja": "フルハウス"}})
    {'en': 'full_house', 'zh': '葫芦', 'ja': 'フルハウス'}
    """
    known = names.get(kind, {})
    return {"en": kind, "zh": known.get("zh", kind), "ja": known.get("ja", kind)}


def kind_names(kinds: list[str], names: Mapping[str, Mapping[str, str]]) -> Mapping[str, str]:
    """Several combination types as one message field (:func:`kind_name`), listed
    with ``", "`` in English and ``"、"`` in Chinese and Japanese."""
    each = [kind_name(k, names) for k in kinds]
    return {
        "en": ", ".join(k["en"] for k in each),
        "zh": "、".join(k["zh"] for k in each),
        "ja": "、".join(k["ja"] for k in each),
    }


def not_held(seat: int, cards: str) -> Msg:
    """``seat`` does not hold ``cards`` (tokens in the game's display order)."""
    return Msg("seat {seat} does not hold {cards}", seat=seat, cards=CardTokens(cards))


def does_not_beat(
    kind: Mapping[str, str], cards: str, top_kind: Mapping[str, str], top: str, note: str = ""
) -> Msg:
    """A play (its type :func:`kind_name` and card tokens) that does not beat the
    top play, with a ``note`` (a message or ``""``) after."""
    return Msg(
        "{kind} {cards} does not beat {top_kind} {top}{note}",
        kind=kind,
        cards=CardTokens(cards),
        top_kind=top_kind,
        top=CardTokens(top),
        note=note,
    )


CATALOG: Final = {
    "the deal is over": ("本局已结束", "この局は終わっています"),
    "the leader may not pass": ("首家不能过牌", "親（リード）はパスできません"),
    "the bidding is over": ("叫牌已结束", "ビッドは終わっています"),
    "not a play": ("这不是出牌", "出す手ではありません"),
    "no cards": ("没有选牌", "カードがありません"),
    "seat {seat} does not hold {cards}": (
        "{seat} 号座没有 {cards}",
        "{seat} 番席は {cards} を持っていません",
    ),
    "not a combination: {why}": ("不成牌型：{why}", "役になりません：{why}"),
    "{kind} {cards} does not beat {top_kind} {top}{note}": (
        "{kind} {cards} 压不过 {top_kind} {top}{note}",
        "{kind} {cards} では {top_kind} {top} に勝てません{note}",
    ),
    "{name!r} is not an action of the play phase": (
        "{name!r} 不是出牌阶段的操作",
        "{name!r} は出す段階の操作ではありません",
    ),
    "not an action: {action!r}": ("不是操作：{action!r}", "操作ではありません：{action!r}"),
}
"""The shared texts: English template → (中文, 日本語)."""

add_translations(CATALOG)
