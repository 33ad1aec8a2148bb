"""大怪路子's deal score in words (``daguailuzi.md`` §8–§10): who went out first,
which team finished, who is trapped, what the scoring team gains (points, or its
level under ``levels``) and the tribute the trapped owe the next deal, every
number computed with :mod:`chupai.daguailuzi.scoring`.

>>> from chupai.daguailuzi.game import new_deal
>>> from chupai.daguailuzi.rules import PRESETS
>>> from chupai.bots import make_bot
>>> deal = new_deal(PRESETS["shanghai"], 0)
>>> bot = make_bot("greedy", seed=0, game="daguailuzi")
>>> while not deal.is_terminal():
...     _ = deal.apply_action(bot.act(deal.observe(deal.current_player), deal.legal_actions()))
>>> for line in explain(deal).lines:
...     print(line)
Team B wins: Seat 5 went out first and the team all went out; trapped: Seat 2
1 trapped: each player of team B +1, each of the other team −1
Team B: level 2 → 3
Next deal the trapped pay tribute: Seat 2
>>> explain(deal).scores == deal.outcome.scores
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from chupai.daguailuzi.events import PLAYERS, team_of
from chupai.daguailuzi.scoring import DRAW, advance_level, level_text
from chupai.explain import Explanation, Joined, seat_names, signed
from chupai.i18n import Msg, add_translations

__all__ = ["explain", "MESSAGES"]

_TEAMS: Final = ("A", "B")


def _team(team: int) -> str:
    return _TEAMS[team]


def _levels(deal: Any, out: Any, team: int, k: int) -> list[Msg]:
    """What scoring does to the team's level under ``levels`` (§9.2)."""
    rules = deal.rules
    if rules.scoring != "levels":
        return []
    start = deal.levels[team]
    if out.match_won:
        return [
            Msg(
                "Team {team} scored at the target level {level}: it wins the match",
                team=_team(team),
                level=level_text(start),
            )
        ]
    after = advance_level(start, k, rules)
    step = k if rules.level_advance == "trapped" else 1
    if after - start < step:
        return [
            Msg(
                "Team {team}: level {start} → {after} (stops at the target level)",
                team=_team(team),
                start=level_text(start),
                after=level_text(after),
            )
        ]
    return [
        Msg(
            "Team {team}: level {start} → {after}",
            team=_team(team),
            start=level_text(start),
            after=level_text(after),
        )
    ]


def explain(deal: Any, names: Sequence[Any] | None = None) -> Explanation:
    """The finished ``deal``'s score in words, with the scores the words arrive at
    (``names``: the seats' names, default ``Seat 0``…)."""
    out = deal.outcome
    who = seat_names(PLAYERS, names)
    first = out.finishing_order[0]
    if out.result == DRAW:
        line = Msg(
            "Draw: {who} went out first, but team {team} was all out first; nobody scores",
            who=who[first],
            team=_team(1 - team_of(first)),
        )
        return Explanation((line,), (0,) * PLAYERS)
    team = out.winner
    trapped = out.trapped
    k = len(trapped)
    lines = [
        Msg(
            "Team {team} wins: {who} went out first and the team all went out; trapped: {seats}",
            team=_team(team),
            who=who[first],
            seats=Joined([who[s] for s in trapped], ", "),
        )
    ]
    scoring = team
    if deal.rules.only_offense_scores and team != team_of(out.offense):
        scoring = None
        lines.append(Msg("Only the offense scores: the defense's win scores nothing"))
    if scoring is None:
        scores: tuple[int, ...] = (0,) * PLAYERS
    else:
        scores = tuple(k if team_of(s) == scoring else -k for s in range(PLAYERS))
        lines.append(
            Msg(
                "{k} trapped: each player of team {team} {plus}, each of the other team {minus}",
                k=k,
                team=_team(scoring),
                plus=signed(k),
                minus=signed(-k),
            )
        )
        lines += _levels(deal, out, scoring, k)
    if deal.rules.tribute:
        lines.append(
            Msg(
                "Next deal the trapped pay tribute: {seats}",
                seats=Joined([who[s] for s in trapped], ", "),
            )
        )
    return Explanation(tuple(lines), scores)


MESSAGES: Final = {
    "Draw: {who} went out first, but team {team} was all out first; nobody scores": (
        "平局：{who} 头游，但{team}队先全部出完；无人得分",
        "引き分け：{who} が最初に上がったが、チーム{team}が先に全員上がった。得点なし",
    ),
    "Team {team} wins: {who} went out first and the team all went out; trapped: {seats}": (
        "{team}队胜：{who} 头游且全队出完；被关：{seats}",
        "チーム{team}の勝ち：{who} が最初に上がり、チーム全員が上がった。閉じ込め：{seats}",
    ),
    "Only the offense scores: the defense's win scores nothing": (
        "只有庄家方得分：守方获胜不得分",
        "得点は攻撃側のみ：守備側の勝ちは得点なし",
    ),
    "{k} trapped: each player of team {team} {plus}, each of the other team {minus}": (
        "被关 {k} 人：{team}队每人 {plus}，对方每人 {minus}",
        "閉じ込め {k} 人：チーム{team}は各 {plus}、相手チームは各 {minus}",
    ),
    "Team {team} scored at the target level {level}: it wins the match": (
        "{team}队在目标级 {level} 得分：赢得比赛",
        "チーム{team}が目標レベル {level} で得点：試合に勝利",
    ),
    "Team {team}: level {start} → {after}": (
        "{team}队：级别 {start} → {after}",
        "チーム{team}：レベル {start} → {after}",
    ),
    "Team {team}: level {start} → {after} (stops at the target level)": (
        "{team}队：级别 {start} → {after}（到目标级为止）",
        "チーム{team}：レベル {start} → {after}（目標レベルで止まる）",
    ),
    "Next deal the trapped pay tribute: {seats}": (
        "下一局被关者进贡：{seats}",
        "次の局で閉じ込められた人が貢ぎ物：{seats}",
    ),
}
"""The explanation's words in 中文 and 日本語."""

add_translations(MESSAGES)
