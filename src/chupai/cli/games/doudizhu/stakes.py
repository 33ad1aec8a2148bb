"""Dou Dizhu's stake in words, for the table and the deal's result: the unit and
the factors that make it, each named, the factors of 1 left out.

>>> stake_words("en", 12, [(bid_factor(3), 3), (bomb_factor(1), 2), (Msg("spring"), 2), (Msg("明牌"), 1)])
'Stake 12 = bid 3 × 2 (1 bomb) × 2 (spring)'
>>> stake_words("en", 3, [(bid_factor(3), 3), (bomb_factor(0), 1)])
'Stake 3 = bid 3 (no bombs yet)'
>>> stake_words("en", 6, [(bid_factor(3), 3), (bomb_factor(0), 1), (Msg("anti-spring"), 2)], in_play=False)
'Stake 6 = bid 3 × 2 (anti-spring)'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from chupai.i18n import Msg, add_translations, plural, translate

__all__ = ["stake_words", "bid_factor", "bomb_factor", "rob_factor", "MESSAGES"]


def bid_factor(bid: int) -> Msg:
    """The first factor: the winning bid."""
    return Msg("bid {bid}", bid=bid)


def bomb_factor(bombs: int) -> Msg:
    """The bombs' factor's name (``1 bomb``, ``2 bombs``)."""
    return plural(bombs, "{n} bomb", "{n} bombs")


def rob_factor(robs: int) -> Msg:
    """The robs' factor's name (``1 rob``, ``2 robs``)."""
    return plural(robs, "{n} rob", "{n} robs")


def stake_words(
    lang: str,
    unit: int,
    factors: Sequence[tuple[Msg, int]],
    times: str = "×",
    *,
    in_play: bool = True,
) -> str:
    """``Stake 12 = bid 3 × 2 (1 bomb)`` in ``lang``: ``factors`` are (name,
    factor) with the bid first (its factor is the bid itself); the others are shown
    only when not 1. ``in_play``, with no bomb among them, the line says none yet."""
    (first, _), *rest = factors
    parts = [translate(first, lang)]
    parts += [f"{f} ({translate(name, lang)})" for name, f in rest if f != 1]
    text = translate(
        Msg("Stake {unit} = {factors}", unit=unit, factors=f" {times} ".join(parts)), lang
    )
    if in_play and any(name == bomb_factor(0) for name, _ in rest):
        text += translate(Msg(" (no bombs yet)"), lang)
    return text


MESSAGES: Final = {
    "bid {bid}": ("叫分 {bid}", "入札 {bid}"),
    "{n} bomb": ("{n} 个炸弹", "爆弾 {n} 個"),
    "{n} bombs": ("{n} 个炸弹", "爆弾 {n} 個"),
    "Stake {unit} = {factors}": ("倍数 {unit} = {factors}", "倍率 {unit} = {factors}"),
    " (no bombs yet)": ("（还没有炸弹）", "（まだ爆弾なし）"),
    "spring": ("春天", "春天（スプリング）"),
    "anti-spring": ("反春", "反春"),
    "spring thunder": ("春天雷", "春天の雷"),
    "doubled after a redeal": ("重发翻倍", "配り直しで倍"),
    "明牌": ("明牌", "明牌（オープン）"),
    "明牌 if the landlord wins": ("地主赢则明牌", "地主が勝てば明牌"),
    "This doubles the stake to {unit}. Show your hand (明牌)?": (
        "这会把倍数翻到 {unit}。确定明牌吗？",
        "倍率が {unit} に倍増します。明牌しますか？",
    ),
    "This doubles the stake to {unit} if you win. Show your hand (明牌)?": (
        "你赢的话倍数翻到 {unit}。确定明牌吗？",
        "勝てば倍率が {unit} に倍増します。明牌しますか？",
    ),
    ", or 'mingpai' (明牌: hand face up, {x}2)": (
        "，或 mingpai（明牌：亮出手牌，{x}2）",
        "、または mingpai（明牌：手札を公開、{x}2）",
    ),
    "'show' is no command in Dou Dizhu: 'table' or 'look' draws the table "
    "again; 'mingpai' (明牌) plays with your hand face up and doubles the stake": (
        "斗地主没有 show 命令：table 或 look 重画牌桌；mingpai（明牌）亮出手牌并使倍数翻倍",
        "闘地主に show はありません：table か look で卓を再表示、"
        "mingpai（明牌）で手札を公開し倍率が倍になります",
    ),
    "明牌: the landlord plays with the hand face up (before its first play); "
    "it doubles the stake, so you are asked to confirm": (
        "明牌：地主亮出手牌打（在第一次出牌前）；倍数翻倍，所以会先问你确认",
        "明牌：地主が手札を公開して打つ（最初に出す前）。倍率が倍になるので確認を求めます",
    ),
}
"""The stake's words in 中文 and 日本語 (``{n} rob(s)``: in the game's catalog)."""

add_translations(MESSAGES)
