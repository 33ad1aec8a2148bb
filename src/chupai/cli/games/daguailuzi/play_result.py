"""The end of a 大怪路子 deal and of a match in the terminal (:mod:`.play`): win
or draw, the trapped players and their cards, the points or levels scored, the
tribute owed and the next offense leader; the match table and its verdict."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.table import Table
from rich.text import Text

from chupai.cli.games.daguailuzi.play_view import TEAMS, DaguailuziView
from chupai.cli.games.daguailuzi.words import Words
from chupai.cli.terminal import outcome_table, score_text
from chupai.daguailuzi.cards import RANKS
from chupai.daguailuzi.game import team_of

__all__ = ["ResultLines", "match_table", "match_verdict", "levels_scoring"]


def levels_scoring(rules: Any) -> bool:
    """Whether the rules score by levels (``scoring = levels``)."""
    return str(getattr(rules.scoring, "value", rules.scoring)) == "levels"


class ResultLines(DaguailuziView):
    """The result lines of :class:`~chupai.cli.games.daguailuzi.play.DaguailuziSession`."""

    last_deal = False
    """Set on the last deal of a match: no "next deal" lines."""

    def show_outcome(self) -> None:
        deal = self.deal
        out = deal.outcome
        assert out is not None
        w = self.words
        self.rule(w("deal_over"))
        first = out.finishing_order[0]
        team = team_of(first)
        if out.winner is None:
            other = self.team_name(1 - team, capital=False)
            self.say(
                Text(
                    w("draw", first=self.name(first), team=self.team_name(team), other=other),
                    style="bold",
                )
            )
            self.say(w("nothing_scored"))
        else:
            style = "bold green" if out.winner == team_of(self.human) else "bold red"
            name = self.team_name(out.winner)
            self.say(
                Text(
                    w(
                        "won",
                        team=name,
                        first=self.name(first),
                        team_low=self.team_name(out.winner, capital=False),
                    ),
                    style=style,
                )
            )
            self.say(w("trapped", who=self.names(out.trapped)))
            self.say_scoring(out)
        order = ", ".join(f"{i}. {self.name(s)}" for i, s in enumerate(out.finishing_order, 1))
        self.say(w("finishing", order=order))
        self.say(self.result_table(out))
        self.say(w("your_score", score=f"{out.scores[self.human]:+d}"))
        if not self.last_deal:
            self.say_next(out)

    def say_scoring(self, out: Any) -> None:
        """What a won deal scored: points, a level, the match, or nothing."""
        w = self.words
        rules = self.deal.rules
        if out.scoring_team is None:
            self.say(w("no_score_defense", team=self.team_name(out.winner)))
            return
        name = self.team_name(out.scoring_team)
        if not levels_scoring(rules):
            self.say(Text(w("scores_points", team=name, k=out.k, s="s" if out.k != 1 else "")))
            return
        old = self.deal.levels[out.scoring_team]
        new = out.levels[out.scoring_team]
        if new != old:
            self.say(Text(w("level_up", team=name, old=RANKS[old], new=RANKS[new]), style="bold"))
        if out.match_won:
            self.say(Text(w("match_won", team=name), style="bold green"))

    def say_next(self, out: Any) -> None:
        """Who pays tribute in the next deal and who leads it."""
        w = self.words
        if self.deal.rules.tribute and out.winner is not None and out.trapped:
            pay = "pay" if len(out.trapped) > 1 or out.trapped[0] == self.human else "pays"
            self.say(Text(w("tribute_owed", who=self.names(out.trapped), pay=pay), style="yellow"))
        first = out.finishing_order[0]
        self.say(
            Text(
                w(
                    "next_leader",
                    who=self.name(first),
                    team=self.team_name(team_of(first)),
                    be="are" if first == self.human else "is",
                ),
                style="dim",
            )
        )

    def result_table(self, out: Any) -> Table:
        w = self.words
        table = outcome_table(
            w("col_seat"),
            w("col_team"),
            (w("col_place"), "right"),
            (w("col_score"), "right"),
            w("col_left"),
        )
        order = list(out.finishing_order)
        shown = self.deal.observe(self.human).shown  # every hand still held, at the end
        for seat in range(len(out.scores)):
            place = str(order.index(seat) + 1) if seat in order else "—"
            table.add_row(
                self.seat_cell(seat),
                TEAMS[team_of(seat)],
                place,
                score_text(out.scores[seat]),
                self.hand_cell(shown[seat]),
            )
        return table


def match_table(match: Any, words: Words, name: Callable[[int], str]) -> Table:
    """The match table: each finished deal's offense leader, trump rank and
    result, then each team's levels (or points) after it."""
    levels = levels_scoring(match.rules)
    table = outcome_table(
        (words("col_deal"), "right"),
        words("col_offense"),
        words("col_trumps"),
        words("col_result"),
        ("A", "right"),
        ("B", "right"),
        title=words("score_table"),
        title_justify="left",
        title_style="bold",
    )
    points = [0, 0]
    for number, deal in enumerate(match.deals, 1):
        out = deal.outcome
        if out is None:
            continue
        level = getattr(deal, "level", None)
        if out.winner is None:
            result = words("res_draw")
        else:
            team = words("Team", team=TEAMS[out.winner])
            result = words("res_won", team=team, k=out.k)
        for t in (0, 1):
            points[t] += out.points(t)
        cells = [RANKS[v] for v in out.levels] if levels else [str(p) for p in points]
        table.add_row(
            str(number),
            f"{name(out.offense)} ({TEAMS[team_of(out.offense)]})",
            "—" if level is None else RANKS[level],
            result,
            *cells,
        )
    return table


def match_verdict(match: Any, words: Words) -> str:
    """The end of a match: the team that won it by the rules (its ``winner``),
    else the standing (levels, or points)."""
    if match.winner is not None:
        return words("match_won", team=words("Team", team=TEAMS[match.winner]))
    if levels_scoring(match.rules):
        a, b = match.levels
        state = words("levels", a=RANKS[a], b=RANKS[b])
    else:
        a, b = match.team_points()
        state = words("points", a=a, b=b)
    n = sum(1 for d in match.deals if d.outcome is not None)
    return words("match_after", n=n, s="s" if n != 1 else "", state=state)
