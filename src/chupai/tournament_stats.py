"""The statistics of a tournament (:mod:`chupai.tournament`): Wilson intervals of
win rates, Student-t intervals of mean scores, Elo ratings by a Bradley-Terry fit,
and :func:`summarize`, the JSON-ready results of a run (see the documentation of
:mod:`chupai.tournament` for what each figure means), and :func:`timing`.

Pure: the same boards give the same results, whatever played them.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from statistics import NormalDist
from typing import TYPE_CHECKING, Any, Final

if TYPE_CHECKING:
    from chupai.tournament import BoardResult, DealResult, GameResult, RunResult, Tournament

__all__ = [
    "Z95",
    "wilson",
    "t_quantile",
    "mean_ci",
    "t_pvalue",
    "fit_elo",
    "summarize",
    "timing",
]

Z95: Final = NormalDist().inv_cdf(0.975)
"""The two-sided 95% normal quantile (1.95996...)."""


def wilson(wins: int, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (default 95%).

    >>> [round(x, 4) for x in wilson(8, 10)]
    [0.4902, 0.9433]
    >>> wilson(0, 0)
    (0.0, 1.0)
    """
    if games <= 0:
        return 0.0, 1.0
    p = wins / games
    z2 = z * z
    denom = 1 + z2 / games
    centre = (p + z2 / (2 * games)) / denom
    half = z * math.sqrt(p * (1 - p) / games + z2 / (4 * games * games)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def _betacf(a: float, b: float, x: float) -> float:
    """The continued fraction of the incomplete beta function (modified Lentz)."""
    tiny = 1e-300
    qab, qap, qam = a + b, a + 1.0, a - 1.0
    c = 1.0
    d = 1.0 - qab * x / qap
    d = 1.0 / (d if abs(d) > tiny else tiny)
    h = d
    for m in range(1, 500):
        m2 = 2 * m
        for aa in (
            m * (b - m) * x / ((qam + m2) * (a + m2)),
            -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2)),
        ):
            d = 1.0 + aa * d
            d = 1.0 / (d if abs(d) > tiny else tiny)
            c = 1.0 + aa / c
            c = c if abs(c) > tiny else tiny
            delta = d * c
            h *= delta
        if abs(delta - 1.0) < 1e-15:
            break
    return h


def _betainc(a: float, b: float, x: float) -> float:
    """The regularized incomplete beta function I_x(a, b)."""
    if x <= 0.0:
        return 0.0
    if x >= 1.0:
        return 1.0
    front = math.exp(
        math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log1p(-x)
    )
    if x < (a + 1.0) / (a + b + 2.0):
        return front * _betacf(a, b, x) / a
    return 1.0 - front * _betacf(b, a, 1.0 - x) / b


def _t_cdf(t: float, df: float) -> float:
    tail = 0.5 * _betainc(df / 2.0, 0.5, df / (df + t * t))
    return 1.0 - tail if t > 0 else tail


def t_quantile(p: float, df: float) -> float:
    """The ``p`` quantile of Student's t with ``df`` degrees of freedom.

    >>> round(t_quantile(0.975, 1), 3), round(t_quantile(0.975, 10), 3)
    (12.706, 2.228)
    """
    if not 0.0 < p < 1.0 or df <= 0:
        raise ValueError("t_quantile needs 0 < p < 1 and df > 0")
    if p < 0.5:
        return -t_quantile(1.0 - p, df)
    if df > 1e7:
        return NormalDist().inv_cdf(p)
    lo, hi = 0.0, 1.0
    while _t_cdf(hi, df) < p:
        hi *= 2.0
    for _ in range(200):
        mid = (lo + hi) / 2.0
        if _t_cdf(mid, df) < p:
            lo = mid
        else:
            hi = mid
        if hi - lo < 1e-12:
            break
    return (lo + hi) / 2.0


def mean_ci(
    values: Sequence[float], level: float = 0.95
) -> tuple[float, float | None, float | None]:
    """The mean of ``values`` and its Student-t interval (None, None with fewer
    than two values).

    >>> m, lo, hi = mean_ci([1, 2, 3, 4])
    >>> m, round(lo, 4), round(hi, 4)
    (2.5, 0.4457, 4.5543)
    """
    n = len(values)
    if n == 0:
        return 0.0, None, None
    mean = math.fsum(values) / n
    if n < 2:
        return mean, None, None
    var = math.fsum((v - mean) ** 2 for v in values) / (n - 1)
    half = t_quantile(0.5 + level / 2, n - 1) * math.sqrt(var / n)
    return mean, mean - half, mean + half


def t_pvalue(values: Sequence[float]) -> float | None:
    """The two-sided p-value of Student's one-sample t-test that the mean of
    ``values`` is 0 (for paired differences: that neither side is better); None
    with fewer than two values, 0.0 or 1.0 when they do not vary.

    >>> round(t_pvalue([1, 2, 3, 4]), 4)
    0.0305
    >>> t_pvalue([0.0, 0.0]), t_pvalue([1.0])
    (1.0, None)
    """
    n = len(values)
    if n < 2:
        return None
    mean = math.fsum(values) / n
    var = math.fsum((v - mean) ** 2 for v in values) / (n - 1)
    if var == 0.0:
        return 1.0 if mean == 0.0 else 0.0
    t = mean / math.sqrt(var / n)
    return min(1.0, 2.0 * (1.0 - _t_cdf(abs(t), n - 1)))


def fit_elo(
    points: Sequence[Sequence[float]],
    games: Sequence[Sequence[float]],
    *,
    prior: float = 1.0,
    mean: float = 1500.0,
    tol: float = 1e-10,
    max_iter: int = 100_000,
) -> list[float]:
    """Elo ratings from pairwise results by a Bradley-Terry fit.

    ``points[i][j]`` is what ``i`` scored against ``j`` (1 a win, 1/2 a draw) in
    ``games[i][j]`` comparisons. Each pair also gets ``prior`` virtual drawn games,
    which keeps the fit finite when a bot wins every comparison. The fit is the
    minorization-maximization iteration of the likelihood, to convergence; the
    ratings are ``400 log10`` of the strengths, shifted to average ``mean``, so that
    ``1 / (1 + 10 ** ((Rj - Ri) / 400))`` is the fitted chance that i beats j.

    >>> r = fit_elo([[0, 75], [25, 0]], [[0, 100], [100, 0]], prior=0)
    >>> round(r[0] - r[1], 1), round(sum(r) / 2, 6)
    (190.8, 1500.0)
    """
    n = len(points)
    if n == 0:
        return []
    w = [[points[i][j] + prior / 2 if i != j else 0.0 for j in range(n)] for i in range(n)]
    g = [[games[i][j] + prior if i != j else 0.0 for j in range(n)] for i in range(n)]
    wins = [math.fsum(row) for row in w]
    p = [1.0] * n
    for _ in range(max_iter):
        new = []
        for i in range(n):
            denom = math.fsum(g[i][j] / (p[i] + p[j]) for j in range(n) if j != i and g[i][j])
            new.append(wins[i] / denom if denom > 0 and wins[i] > 0 else p[i])
        logs = [math.log(max(x, 1e-300)) for x in new]
        centre = math.fsum(logs) / n
        new = [math.exp(v - centre) for v in logs]
        change = max(abs(math.log(a / b)) for a, b in zip(new, p, strict=True))
        p = new
        if change < tol:
            break
    return [mean + 400.0 * math.log10(x) for x in p]


def _r(x: float | None, digits: int = 4) -> float | None:
    return None if x is None else round(x, digits)


def _square(b: int) -> list[list[int]]:
    return [[0] * b for _ in range(b)]


class _Tally:
    """What :func:`summarize` adds up over the boards: per bot (by index), per bot
    and seat, per seat, and per pair of bots."""

    def __init__(self, b: int, n: int):
        self.b, self.n = b, n
        self.games = [0] * b
        self.wins = [0] * b
        self.decisions = [0] * b
        self.board_means: list[list[float]] = [[] for _ in range(b)]
        self.seat_games = [[0] * n for _ in range(b)]
        self.seat_wins = [[0] * n for _ in range(b)]
        self.seat_score = [[0] * n for _ in range(b)]
        self.all_seat = [[0, 0, 0] for _ in range(n)]  # games, wins, score per seat
        self.pw = _square(b)  # pairwise wins of row over column
        self.pd = _square(b)  # draws
        self.diffs: list[list[list[float]]] = [[[] for _ in range(b)] for _ in range(b)]
        self.counted = self.redeals = self.void = self.actions = self.played = 0
        # the current board's sums (the board is the unit of the intervals)
        self.bsum = [0] * b
        self.bcnt = [0] * b
        self.dsum = _square(b)
        self.dcnt = _square(b)

    def board(self, board: BoardResult, ids_of: Sequence[list[int]]) -> None:
        """Add a board; ``ids_of[r]`` are the bots (indexes) of seating ``r``."""
        b = self.b
        self.bsum, self.bcnt = [0] * b, [0] * b
        self.dsum, self.dcnt = _square(b), _square(b)
        for game in board.games:
            self.game(game, ids_of[game.seating])
        for i in range(b):
            if self.bcnt[i]:
                self.board_means[i].append(self.bsum[i] / self.bcnt[i])
            for j in range(b):
                if self.dcnt[i][j]:
                    self.diffs[i][j].append(self.dsum[i][j] / self.dcnt[i][j])

    def game(self, game: GameResult, ids: list[int]) -> None:
        self.played += 1
        self.redeals += game.redeals
        self.actions += game.actions
        self.void += not game.deals
        for s, d in enumerate(game.decisions):
            self.decisions[ids[s]] += d
        for deal in game.deals:
            self.counted += 1
            for s in range(self.n):
                self.seat(s, ids[s], s in deal.winners, deal.scores[s])
            self.pairs(deal, ids)

    def seat(self, s: int, i: int, won: bool, score: int) -> None:
        self.games[i] += 1
        self.wins[i] += won
        self.bsum[i] += score
        self.bcnt[i] += 1
        self.seat_games[i][s] += 1
        self.seat_wins[i][s] += won
        self.seat_score[i][s] += score
        self.all_seat[s][0] += 1
        self.all_seat[s][1] += won
        self.all_seat[s][2] += score

    def pairs(self, deal: DealResult, ids: list[int]) -> None:
        sc = deal.scores
        for s1 in range(self.n):
            for s2 in range(s1 + 1, self.n):
                i, j = ids[s1], ids[s2]
                if i == j:
                    continue
                if sc[s1] > sc[s2]:
                    self.pw[i][j] += 1
                elif sc[s1] < sc[s2]:
                    self.pw[j][i] += 1
                else:
                    self.pd[i][j] += 1
                    self.pd[j][i] += 1
                self.dsum[i][j] += sc[s1] - sc[s2]
                self.dsum[j][i] += sc[s2] - sc[s1]
                self.dcnt[i][j] += 1
                self.dcnt[j][i] += 1


def _bot_row(
    t: Tournament, tally: _Tally, i: int, name: str, rank: int, elo: float
) -> dict[str, Any]:
    games, wins = tally.games[i], tally.wins[i]
    lo, hi = wilson(wins, games)
    mean, mlo, mhi = mean_ci(tally.board_means[i])
    seat_games, seat_wins, seat_score = (
        tally.seat_games[i],
        tally.seat_wins[i],
        tally.seat_score[i],
    )
    return {
        "bot": name,
        "rank": rank,
        "seats": t.labels.count(name),
        "games": games,
        "wins": wins,
        "win_rate": _r(wins / games if games else 0.0),
        "win_ci": [_r(lo), _r(hi)],
        "mean_score": _r(mean),
        "score_ci": [_r(mlo), _r(mhi)],
        "elo": _r(elo, 1),
        "decisions": tally.decisions[i],
        "by_seat": [
            {
                "seat": s,
                "games": seat_games[s],
                "wins": seat_wins[s],
                "mean_score": _r(seat_score[s] / seat_games[s] if seat_games[s] else 0.0),
            }
            for s in range(tally.n)
        ],
    }


def _matrix(
    tally: _Tally, points: list[list[float]], pair_games: list[list[int]]
) -> list[list[dict[str, Any] | None]]:
    """The head-to-head matrix: the row bot against the column bot."""
    pw, pd = tally.pw, tally.pd
    matrix: list[list[dict[str, Any] | None]] = []
    for i in range(tally.b):
        row: list[dict[str, Any] | None] = []
        for j in range(tally.b):
            if i == j or not pair_games[i][j]:
                row.append(None)
                continue
            mean, dlo, dhi = mean_ci(tally.diffs[i][j])
            row.append(
                {
                    "wins": pw[i][j],
                    "draws": pd[i][j],
                    "losses": pw[j][i],
                    "games": pair_games[i][j],
                    "score": _r(points[i][j] / pair_games[i][j]),
                    "score_diff": _r(mean),
                    "score_diff_ci": [_r(dlo), _r(dhi)],
                }
            )
        matrix.append(row)
    return matrix


def summarize(t: Tournament, boards: Sequence[BoardResult]) -> dict[str, Any]:
    """The results of a tournament as a JSON-ready dict (no timing): the same
    boards give the same dict, whatever played them."""
    names = t.names
    index = {name: i for i, name in enumerate(names)}
    b = len(names)
    seats = t.seatings
    ids_of = [[index[name] for name in seating] for seating in seats]
    tally = _Tally(b, t.players)
    for board in boards:
        tally.board(board, ids_of)
    pw, pd = tally.pw, tally.pd
    pair_games = [[pw[i][j] + pw[j][i] + pd[i][j] for j in range(b)] for i in range(b)]
    points = [[pw[i][j] + pd[i][j] / 2 for j in range(b)] for i in range(b)]
    elo = fit_elo(points, pair_games)
    order = sorted(range(b), key=lambda i: (-elo[i], i))
    rank = {i: r + 1 for r, i in enumerate(order)}
    return {
        "game": t.game,
        "spec": t.rules.spec(),
        "bots": list(t.labels),
        "seed": t.seed,
        "deals": t.deals,
        "match_deals": t.match_deals,
        "boards": t.boards,
        "seatings": [list(s) for s in seats],
        "games": tally.played,
        "counted_deals": tally.counted,
        "redeals": tally.redeals,
        "void": tally.void,
        "actions": tally.actions,
        "verified": t.verify,
        "results": [_bot_row(t, tally, i, name, rank[i], elo[i]) for i, name in enumerate(names)],
        "elo": [{"bot": names[i], "elo": _r(elo[i], 1)} for i in order],
        "head_to_head": {"bots": names, "matrix": _matrix(tally, points, pair_games)},
        "seats": [
            {
                "seat": s,
                "games": g,
                "wins": w,
                "win_rate": _r(w / g if g else 0.0),
                "avg_score": _r(sc / g if g else 0.0),
            }
            for s, (g, w, sc) in enumerate(tally.all_seat)
        ],
    }


def timing(t: Tournament, run: RunResult) -> dict[str, Any]:
    """The run's timing: kept apart from the results, which do not depend on it."""
    names = t.names
    index = {name: i for i, name in enumerate(names)}
    seats = t.seatings
    think = [0.0] * len(names)
    asked = [0] * len(names)
    for board in run.boards:
        for game in board.games:
            for s, name in enumerate(seats[game.seating]):
                think[index[name]] += game.think[s]
                asked[index[name]] += game.decisions[s]
    secs = run.seconds
    return {
        "seconds": round(secs, 3),
        "deals_per_s": round(t.deals * len(seats) / secs, 1) if secs > 0 else None,
        "workers": run.workers,
        "backend": run.backend,
        "ms_per_decision": {
            name: round(1000 * think[i] / asked[i], 3) if asked[i] else None
            for i, name in enumerate(names)
        },
    }
