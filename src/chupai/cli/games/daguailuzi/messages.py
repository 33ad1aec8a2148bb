"""The texts of 大怪路子's ``chupai replay`` in 中文 and 日本語: ``{english: (zh,
ja)}``, added to :mod:`chupai.i18n` on import (the table of ``chupai play
daguailuzi`` has its own words in every language: :mod:`.words`)."""

from __future__ import annotations

from typing import Final

from chupai.i18n import add_translations

__all__ = ["MESSAGES"]

MESSAGES: Final[dict[str, tuple[str, str]]] = {
    "trumps {rank}": ("主牌 {rank}", "切り札 {rank}"),
    "no trumps": ("无主牌", "切り札なし"),
    "offense leader seat {n} (team {team})": (
        "庄家 座位 {n}（{team}队）",
        "親 席 {n}（チーム{team}）",
    ),
    "levels A {a}, B {b}": ("级 A队 {a}，B队 {b}", "レベル A {a}、B {b}"),
    "tribute from {givers} to {to} (in finishing order)": (
        "进贡：{givers} 给 {to}（按出完顺序）",
        "貢ぎ：{givers} から {to} へ（上がり順）",
    ),
    "lead": ("领出", "リード"),
    "seat {n} → seat {m} (private)": ("座位 {n} → 座位 {m}（未公开）", "席 {n} → 席 {m}（非公開）"),
    "offered (private)": ("已拿出（未公开）", "差し出した（非公開）"),
    "play: seat {n} leads": ("出牌：座位 {n} 领出", "プレイ：席 {n} がリード"),
    "{cards}: seat {n} → seat {m}": ("{cards}：座位 {n} → 座位 {m}", "{cards}：席 {n} → 席 {m}"),
    "draw: seat {n} (team {team}) went out first, but team {other} went out first as a team": (
        "平局：座位 {n}（{team}队）最先出完，但{other}队整队先出完",
        "引き分け：席 {n}（チーム{team}）が最初に上がったが、チームとしてはチーム{other}が先に上がった",
    ),
    "team {team} wins; trapped: {trapped} (k = {k})": (
        "{team}队赢；被关：{trapped}（k = {k}）",
        "チーム{team}の勝ち。取り残し：{trapped}（k = {k}）",
    ),
    "team": ("队", "チーム"),
    "nothing scored": ("不得分", "得点なし"),
    "team {team} won as the defense: nothing scored": (
        "{team}队作为守方赢：不得分",
        "チーム{team}は守備側として勝利：得点なし",
    ),
    "team {team} scores {n} point": ("{team}队得 {n} 分", "チーム{team}が {n} 点"),
    "team {team} scores {n} points": ("{team}队得 {n} 分", "チーム{team}が {n} 点"),
    "team {team}: level {old} → {new}": (
        "{team}队：级 {old} → {new}",
        "チーム{team}：レベル {old} → {new}",
    ),
    "team {team}: level {old} → {new}; it wins the match": (
        "{team}队：级 {old} → {new}；赢得比赛",
        "チーム{team}：レベル {old} → {new}。試合に勝利",
    ),
    "draw": ("平局", "引き分け"),
    "{team} won k={k}": ("{team}队赢 k={k}", "チーム{team}の勝ち k={k}"),
    "offense": ("庄家方", "攻撃側"),
    "trumps": ("主牌", "切り札"),
    "levels": ("级", "レベル"),
}
"""大怪路子's replay texts by English template: (中文, 日本語)."""

add_translations(MESSAGES)
