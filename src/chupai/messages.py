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
    "card {card} appears {n} times, but the deck has only one": (
        "{card} 出现了 {n} 次，但一副牌里只有一张",
        "{card} が {n} 回指定されていますが、デッキに1枚しかありません",
    ),
    "card {card} appears {n} times, but there are only {limit}": (
        "{card} 出现了 {n} 次，但只有 {limit} 张",
        "{card} が {n} 回指定されていますが、{limit} 枚しかありません",
    ),
    "rank {rank} appears {n} times, but there are only {limit}": (
        "点数 {rank} 出现了 {n} 次，但只有 {limit} 张",
        "ランク {rank} が {n} 回指定されていますが、{limit} 枚しかありません",
    ),
    "{error} (at token {token})": ("{error}（在 {token} 处）", "{error}（{token} の位置）"),
    # card parsing (chupai.cards and the games' own parsers)
    "unknown card token {token}": ("{token} 不是牌", "{token} はカードとして読めません"),
    "unknown card token {token}: write the rank first, e.g. {example}": (
        "{token} 不是牌：先写点数，例如 {example}",
        "{token} はカードとして読めません：ランクを先に書きます（例 {example}）",
    ),
    "card {token} has no suit: a card token is a rank and a suit, e.g. "
    "{example} (bare ranks are not allowed in this game)": (
        "{token} 没有花色：牌要写点数加花色，例如 {example}（这个游戏不能只写点数）",
        "{token} にスートがありません：カードはランクとスートで書きます、例 {example}"
        "（このゲームではランクだけは使えません）",
    ),
    "card {card} is a joker, and this game is played without jokers": (
        "{card} 是王，这个游戏不用王",
        "{card} はジョーカーです。このゲームではジョーカーを使いません",
    ),
    "card {card} appears {n} times but the decks hold {limit}": (
        "{card} 出现了 {n} 次，但牌里只有 {limit} 张",
        "{card} が {n} 回指定されていますが、デッキには {limit} 枚しかありません",
    ),
    "rank {rank} appears {n} times but the decks hold 8 (at token {token})": (
        "点数 {rank} 出现了 {n} 次，但牌里只有 8 张（在 {token} 处）",
        "ランク {rank} が {n} 回指定されていますが、デッキには 8 枚しかありません（{token} の位置）",
    ),
    "ordinary Aces ('A') appear {n} times but the decks hold {limit}": (
        "普通的 A 出现了 {n} 次，但牌里只有 {limit} 张",
        "普通の A が {n} 回指定されていますが、デッキには {limit} 枚しかありません",
    ),
}
"""The shared texts: English template → (中文, 日本語)."""

add_translations(CATALOG)
