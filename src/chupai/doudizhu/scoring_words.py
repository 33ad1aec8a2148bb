"""Dou Dizhu's deal score in words (``doudizhu.md`` §10): the unit as its factors
(the bid, robs, bombs, spring, spring thunder, 明牌, the doubled redeal: the
terminal's stake line) and who
pays it to whom, every number computed with :mod:`chupai.doudizhu.scoring`.

>>> from chupai.doudizhu.game import new_deal
>>> from chupai.doudizhu.rules import PRESETS
>>> from chupai.bots import make_bot
>>> deal = new_deal(PRESETS["classic"], 1)
>>> bot = make_bot("greedy", seed=0, game="doudizhu")
>>> while not deal.is_terminal():
...     _ = deal.apply_action(bot.act(deal.observe(deal.current_player), deal.legal_actions()))
>>> for line in explain(deal).lines:
...     print(line)
Stake 6 = bid 3 × 2 (1 bomb)
The landlord wins: each peasant pays 6 to Seat 0 → +12
>>> explain(deal).scores == deal.outcome.scores
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from chupai.doudizhu.scoring import multipliers, settle
from chupai.explain import Explanation, Joined, seat_names, signed
from chupai.i18n import Msg, add_translations, plural

__all__ = ["explain", "MESSAGES"]


def _factor(m: int, what: Msg) -> Msg:
    return Msg("{m} ({what})", m=m, what=what)


def _factors(out: Any, ms: Any) -> list[Msg]:
    """The unit's factors other than 1, as words (the bid first)."""
    parts = [Msg("bid {bid}", bid=ms.bid)]
    if ms.rob > 1:
        parts.append(_factor(ms.rob, plural(out.robs, "{n} rob", "{n} robs")))
    if ms.bombs > 1:
        parts.append(_factor(ms.bombs, plural(out.bombs, "{n} bomb", "{n} bombs")))
    if ms.spring > 1:
        parts.append(_factor(ms.spring, Msg("spring" if out.spring else "anti-spring")))
    if ms.thunder > 1:
        parts.append(_factor(ms.thunder, Msg("spring thunder")))
    if ms.ming > 1:
        parts.append(_factor(ms.ming, Msg("明牌")))
    if ms.doubled > 1:
        parts.append(_factor(ms.doubled, Msg("doubled after a redeal")))
    return parts


def explain(deal: Any, names: Sequence[Any] | None = None) -> Explanation:
    """The finished ``deal``'s score in words, with the scores the words arrive at
    (``names``: the seats' names, default ``Seat 0``…)."""
    out = deal.outcome
    n = deal.players
    who = seat_names(n, names)
    if out.redeal:
        lines = [Msg("Everybody passed: the cards are redealt, nobody scores")]
        if out.next_doubled:
            lines.append(Msg("The next deal counts double"))
        return Explanation(tuple(lines), (0,) * n)
    won = bool(out.landlord_won)
    ms = multipliers(
        deal.rules,
        bid=out.bid,
        robs=out.robs,
        doubling_bombs=out.bombs,
        spring=out.spring,
        anti_spring=out.anti_spring,
        shown=bool(deal.shown),
        landlord_won=won,
        doubled=out.doubled > 1,
    )
    unit = ms.unit
    scores = settle(deal.rules, out.landlord, won, unit, n)
    lines = [Msg("Stake {unit} = {factors}", factors=Joined(_factors(out, ms), " × "), unit=unit)]
    lord = who[out.landlord]
    total = signed(scores[out.landlord])
    if won:
        lines.append(
            Msg(
                "The landlord wins: each peasant pays {unit} to {who} → {total}",
                unit=unit,
                who=lord,
                total=total,
            )
        )
    else:
        lines.append(
            Msg(
                "The peasants win: the landlord {who} pays each peasant {unit} → {total}",
                unit=unit,
                who=lord,
                total=total,
            )
        )
    return Explanation(tuple(lines), tuple(scores))


MESSAGES: Final = {
    "{m} ({what})": ("{m}（{what}）", "{m}（{what}）"),
    "bid {bid}": ("叫分 {bid}", "入札 {bid}"),
    "{n} rob": ("抢 {n} 次", "奪い {n} 回"),
    "{n} robs": ("抢 {n} 次", "奪い {n} 回"),
    "{n} bomb": ("{n} 个炸弹", "爆弾 {n} 個"),
    "{n} bombs": ("{n} 个炸弹", "爆弾 {n} 個"),
    "spring": ("春天", "春天（スプリング）"),
    "anti-spring": ("反春", "反春"),
    "spring thunder": ("春天雷", "春天の雷"),
    "doubled after a redeal": ("重发翻倍", "配り直しで倍"),
    "明牌": ("明牌", "明牌（オープン）"),
    "Stake {unit} = {factors}": ("倍数 {unit} = {factors}", "倍率 {unit} = {factors}"),
    "The landlord wins: each peasant pays {unit} to {who} → {total}": (
        "地主赢：每位农民付给 {who} {unit} 分 → {total}",
        "地主の勝ち：農民がそれぞれ {who} に {unit} 点払う → {total}",
    ),
    "The peasants win: the landlord {who} pays each peasant {unit} → {total}": (
        "农民赢：地主 {who} 付给每位农民 {unit} 分 → {total}",
        "農民の勝ち：地主 {who} が農民それぞれに {unit} 点払う → {total}",
    ),
    "Everybody passed: the cards are redealt, nobody scores": (
        "无人叫地主：重新发牌，无人得分",
        "全員パス：配り直し、得点なし",
    ),
    "The next deal counts double": ("下一局加倍", "次の局は倍"),
}
"""The explanation's words in 中文 and 日本語."""

add_translations(MESSAGES)
