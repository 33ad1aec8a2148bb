"""The result of a 大怪路子 deal and what it scores (``daguailuzi.md`` §8, §9).

A deal ends the moment one team is all out (§7.4). :func:`deal_outcome` reads the
finishing order: when the team of the first player out is the team that finished,
that team **wins** and every opponent still holding cards is **trapped** (``k`` of
them); otherwise the deal is a **draw**. The **scoring team** is the winning team,
except that under ``only_offense_scores`` a defense win scores nothing.

Deal scores (one per seat, for rewards, tournaments and the running totals): each
seat of the scoring team gets ``+k``, each seat of the other team ``-k``; a draw
and a win that does not score give 0 to everyone. The scores are zero-sum, and a
team's own points (§9.1, ``target_score``) are the ``k`` of the deals it scored.

Levels (§9.2, ``scoring = levels``) are natural rank indices ``0..12`` (``2`` …
``A``); a scoring team advances by one level or by ``k`` (``level_advance``),
never past ``target_level``; a team that scores while at ``target_level`` wins
the match (:attr:`Outcome.match_won`). Under ``trapped_points`` levels never move.

>>> from types import SimpleNamespace as R
>>> seed = R(only_offense_scores=False, scoring="trapped_points", level_advance="one",
...          target_level="A")
>>> oc = deal_outcome((2, 5, 0, 4), 0b101010 & ~(1 << 5), 0, (0, 0), seed)
>>> oc.result, oc.trapped, oc.scores
('win', (1, 3), (2, -2, 2, -2, 2, -2))
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from chupai.daguailuzi.events import PLAYERS, TEAM_SEATS, team_of
from chupai.daguailuzi.rules import rank_index

__all__ = [
    "WIN",
    "DRAW",
    "Outcome",
    "deal_outcome",
    "advance_level",
    "level_text",
]

WIN: Final = "win"
DRAW: Final = "draw"
_RANKS: Final = "23456789TJQKA"


def level_text(level: int) -> str:
    """The rank token of a level index (``0`` → ``2``, ``12`` → ``A``)."""
    return _RANKS[level]


@dataclass(frozen=True, slots=True)
class Outcome:
    """The result of a finished deal (§8, §9)."""

    result: str
    """``win`` or ``draw``."""
    finishing_order: tuple[int, ...]
    """The seats that went out, first out first (the trapped are not ranked)."""
    offense: int
    """The offense leader of the deal (§3.1)."""
    winner: int | None
    """The winning team (0 = A, 1 = B), None on a draw."""
    trapped: tuple[int, ...]
    """The losing team's seats still holding cards (empty on a draw)."""
    scoring_team: int | None
    """The team that scores (None: a draw, or a defense win under
    ``only_offense_scores``)."""
    levels: tuple[int, int]
    """Both teams' levels after the deal (§9.2)."""
    match_won: bool
    """The scoring team scored at ``target_level`` (§9.2: it wins the match)."""
    scores: tuple[int, ...]
    """Each seat's deal score (see the module)."""
    redeal: bool = False
    """Always False: 大怪路子 has no redeal (a draw is a finished deal)."""

    @property
    def k(self) -> int:
        """How many players are trapped."""
        return len(self.trapped)

    @property
    def first_out(self) -> int:
        """The first player out: the next deal's offense leader (§3.1)."""
        return self.finishing_order[0]

    @property
    def winners(self) -> tuple[int, ...]:
        """The winning team's seats (empty on a draw)."""
        return () if self.winner is None else TEAM_SEATS[self.winner]

    def points(self, team: int) -> int:
        """The points ``team`` scored in this deal (§9.1: ``k`` when it scored)."""
        return self.k if self.scoring_team == team else 0

    def to_dict(self) -> dict[str, Any]:
        """The JSON-ready form (a record's ``result``)."""
        return {
            "result": self.result,
            "finishing_order": list(self.finishing_order),
            "offense": self.offense,
            "winner": self.winner,
            "trapped": list(self.trapped),
            "scoring_team": self.scoring_team,
            "levels": list(self.levels),
            "match_won": self.match_won,
            "scores": list(self.scores),
            "redeal": False,
        }


def advance_level(level: int, k: int, rules: Any) -> int:
    """A scoring team's level after scoring with ``k`` trapped (§9.2)."""
    target = rank_index(rules.target_level)
    step = k if rules.level_advance == "trapped" else 1
    return min(level + step, max(target, level))


def deal_outcome(
    finishing: tuple[int, ...], active: int, offense: int, levels: tuple[int, int], rules: Any
) -> Outcome:
    """The outcome of a deal that has just ended (one team all out): its
    ``finishing`` order, the ``active`` seats (bit mask: still holding cards), the
    offense leader ``offense``, both teams' ``levels`` at the start (§8, §9)."""
    first = finishing[0]
    team = team_of(first)
    finished = next(t for t in (0, 1) if not any(active >> s & 1 for s in TEAM_SEATS[t]))
    if finished != team:
        return Outcome(DRAW, finishing, offense, None, (), None, levels, False, (0,) * PLAYERS)
    trapped = tuple(s for s in TEAM_SEATS[1 - team] if active >> s & 1)
    k = len(trapped)
    scoring: int | None = team
    if rules.only_offense_scores and team != team_of(offense):
        scoring = None
    new_levels = levels
    won = False
    if scoring is not None and rules.scoring == "levels":
        won = levels[scoring] >= rank_index(rules.target_level)
        lv = list(levels)
        lv[scoring] = advance_level(levels[scoring], k, rules)
        new_levels = (lv[0], lv[1])
    scores = (
        (0,) * PLAYERS
        if scoring is None
        else tuple(k if team_of(s) == scoring else -k for s in range(PLAYERS))
    )
    return Outcome(WIN, finishing, offense, team, trapped, scoring, new_levels, won, scores)
