"""The top bot against the heuristic: one seat against the heuristic in every other
seat, for every game.

Run ``python benchmarks/strength_expert.py`` (every preset that matters, 300 deals
each; hours on one core), ``--quick`` for a smoke run (one deal per preset, a tiny
search budget), ``--games bigtwo:standard,biga:standard`` (``game:preset``, a
game alone meaning its first preset), ``--deals N``, ``--seed S``, ``--bot NAME``
(default ``expert``; any bot name ``chupai simulate`` takes, with parameters:
``expert:playouts=200``), ``--against NAME`` (default ``heuristic``),
``--workers K`` (local processes; the figures do not depend on K, the timings do
a little: each process times its own decisions).

Each game is a :class:`chupai.tournament.Tournament` of the listed bots ``[bot,
against, against, ...]`` (one per seat), so deal ``k`` of seed ``S + k`` is played
under every rotation: the bot sits once in every seat of every deal, the other
seats played by the ``against`` bot (Big Two and four-player Dou Dizhu: three of
them; Big A: four; 大怪路子, a team game of six: the bot plays one seat of a team,
its two team-mates and the three opponents are all ``against`` bots, so the bot
carries a third of its team). Figures per game, with 95% intervals:

* the bot's mean points per game (a deal's score in its seat), its interval over
  the deals (the mean over a deal's rotations is one value: paired by deal);
* the mean points of the ``against`` seats in the same games;
* the **advantage**: per deal, the bot's mean less the ``against`` seats' mean in
  the same games, its mean, interval and two-sided p-value (Student's t over the
  deals): the bot beats the other significantly when the p-value is below 0.05
  and the advantage is positive;
* the bot's win rate (a win as the game's result counts it: Big Two going out
  first, Dou Dizhu and Big A the winning side, 大怪路子 the winning team) with its
  Wilson interval, and the ``against`` seats' win rate;
* the bot's think time per decision of the play phase (it is timed only when it
  has a choice; the draw's and the bidding's many quick questions would hide the
  plays): median, 90th percentile and mean, wall-clock (``ms_*``) and CPU time
  of its process (``cpu_ms_*``: on a machine busy with other work, the time one
  free core would take), in milliseconds; the same over the decisions the bot
  searched (``searched_*``: a search bot searches only when a choice is open,
  大怪路子's only in the end of a deal).

Progress goes to stderr; a readable table, then one final JSON line to stdout.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from chupai.errors import ChupaiError
from chupai.protocol import get_game
from chupai.tournament import BoardResult, Tournament, chunks, play_chunk
from chupai.tournament_stats import mean_ci, t_pvalue, wilson

GAMES = "bigtwo:standard,doudizhu:classic,doudizhu:four_player,biga:standard,daguailuzi:seed"
QUICK_GAMES = GAMES
QUICK_BOT = "expert:playouts=4"

_TIMES: list[tuple[float, float, bool, bool]] = []
"""The timed bot's decisions in this process (drained per chunk): wall-clock and
CPU milliseconds, whether it was a decision of the play phase, and whether the
bot searched (a search bot leaves new ``last_stats`` when it searched)."""


class Timed:
    """A bot that times every decision of the bot it wraps into ``_TIMES``."""

    def __init__(self, bot: Any, name: str):
        self.bot = bot
        self.name = name

    def act(self, observation: Any, legal: Sequence[Any]) -> Any:
        stats = getattr(self.bot, "last_stats", None)
        start, cpu = time.perf_counter(), time.process_time()
        action = self.bot.act(observation, legal)
        wall, cpu = 1000.0 * (time.perf_counter() - start), 1000.0 * (time.process_time() - cpu)
        play = getattr(getattr(observation, "phase", None), "value", None) == "play"
        searched = getattr(self.bot, "last_stats", None) is not stats
        _TIMES.append((wall, cpu, play, searched))
        return action


@dataclass(frozen=True)
class TimedFactory:
    """The factory of the timed bot ``name`` (a bot name with its parameters):
    the tournament builds it for every seat with that seat's seed."""

    name: str

    def __call__(self, seed: int | None, game: str = "bigtwo") -> Timed:
        from chupai.bots import make_bot

        return Timed(make_bot(self.name, seed, game=game), self.name)


def parse_games(text: str) -> list[tuple[str, str]]:
    """``game:preset`` items of a comma-separated list (a game alone: its first
    preset); a ChupaiError names an unknown game or preset.

    >>> parse_games("biga, doudizhu:four_player")
    [('biga', 'standard'), ('doudizhu', 'four_player')]
    """
    out = []
    for item in text.split(","):
        game, _, preset = item.strip().partition(":")
        if not game:
            raise ChupaiError(f"empty game in --games {text!r}")
        spec = get_game(game)
        presets = spec.presets()
        preset = preset or next(iter(presets))
        if preset not in presets:
            raise ChupaiError(
                f"unknown preset {preset!r} of {spec.key}; presets: {', '.join(presets)}"
            )
        out.append((spec.key, preset))
    return out


def tournament(game: str, preset: str, bot: str, against: str, deals: int, seed: int) -> Tournament:
    """The tournament of ``bot`` (timed) in one seat against ``against`` in the
    others, every rotation of every deal."""
    rules = get_game(game).presets()[preset]
    lineup = (TimedFactory(bot), *([against] * (int(rules.players) - 1)))
    return Tournament(game, rules, lineup, deals, seed=seed)


Times = list[tuple[float, float, bool, bool]]


def _chunk(t: Tournament, start: int, stop: int) -> tuple[list[BoardResult], Times]:
    """Boards ``start .. stop - 1`` and the timed bot's decisions in them."""
    _TIMES.clear()
    boards = play_chunk(t, start, stop)
    times = list(_TIMES)
    _TIMES.clear()
    return boards, times


def _played(t: Tournament, workers: int) -> Iterator[tuple[int, tuple[list[BoardResult], Times]]]:
    """Each chunk of boards as it finishes: (its index, its result)."""
    parts = chunks(t.boards, workers) if workers > 1 else [(b, b + 1) for b in range(t.boards)]
    if workers <= 1:
        for i, (a, b) in enumerate(parts):
            yield i, _chunk(t, a, b)
        return
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor, as_completed

    ctx = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=workers, mp_context=ctx) as pool:
        futures = {pool.submit(_chunk, t, a, b): i for i, (a, b) in enumerate(parts)}
        for fut in as_completed(futures):
            yield futures[fut], fut.result()


def run(t: Tournament, workers: int, label: str) -> tuple[list[BoardResult], Times]:
    """Play every board of ``t`` (progress to stderr); the boards in order and the
    timed bot's decision times."""
    results: dict[int, list[BoardResult]] = {}
    times: Times = []
    start = time.perf_counter()
    for i, (boards, ms) in _played(t, workers):
        results[i] = boards
        times += ms
        done = sum(len(b) for b in results.values())
        print(
            f"\r{label}: {done}/{t.boards} deals, {time.perf_counter() - start:.0f} s",
            end="",
            file=sys.stderr,
            flush=True,
        )
    print(file=sys.stderr)
    return [b for i in sorted(results) for b in results[i]], times


def _r(x: float | None, digits: int = 4) -> float | None:
    return None if x is None else round(x, digits)


def _spread(values: Sequence[float]) -> dict[str, float | None]:
    """Median, 90th percentile and mean of ``values`` (None when empty)."""
    if not values:
        return {"median": None, "p90": None, "mean": None}
    ordered = sorted(values)
    return {
        "median": _r(statistics.median(ordered), 1),
        "p90": _r(ordered[int(0.9 * (len(ordered) - 1))], 1),
        "mean": _r(statistics.fmean(ordered), 1),
    }


def figures(t: Tournament, boards: Sequence[BoardResult], times: Times) -> dict[str, Any]:
    """The figures of one game (see the module documentation)."""
    me = t.labels[0]
    seats = t.seatings
    mine: list[float] = []
    advantage: list[float] = []
    wins = games = other_wins = other_games = draws = 0
    others: list[float] = []
    for board in boards:
        own, rest = [], []
        for game in board.games:
            seating = seats[game.seating]
            for deal in game.deals:
                games += 1
                draws += not deal.winners
                for s, label in enumerate(seating):
                    if label == me:
                        own.append(deal.scores[s])
                        wins += s in deal.winners
                    else:
                        rest.append(deal.scores[s])
                        other_wins += s in deal.winners
                        other_games += 1
        if own and rest:
            m, o = statistics.fmean(own), statistics.fmean(rest)
            mine.append(m)
            others.append(o)
            advantage.append(m - o)
    mean, lo, hi = mean_ci(mine)
    adv, adv_lo, adv_hi = mean_ci(advantage)
    p = t_pvalue(advantage)
    play = [x for x in times if x[2]]
    wall, cpu = _spread([x[0] for x in play]), _spread([x[1] for x in play])
    searched = [x for x in play if x[3]]
    s_wall, s_cpu = _spread([x[0] for x in searched]), _spread([x[1] for x in searched])
    return {
        "deals": len(mine),
        "games": games,
        "draws": draws,
        "points": _r(mean),
        "points_ci": [_r(lo), _r(hi)],
        "against_points": _r(statistics.fmean(others) if others else 0.0),
        "advantage": _r(adv),
        "advantage_ci": [_r(adv_lo), _r(adv_hi)],
        "p_value": _r(p, 6),
        "significant": p is not None and p < 0.05 and adv > 0,
        "win_rate": _r(wins / games if games else 0.0),
        "win_ci": [_r(x) for x in wilson(wins, games)],
        "against_win_rate": _r(other_wins / other_games if other_games else 0.0),
        "decisions": len(times),
        "play_decisions": len(play),
        "ms_median": wall["median"],
        "ms_p90": wall["p90"],
        "ms_mean": wall["mean"],
        "cpu_ms_median": cpu["median"],
        "cpu_ms_p90": cpu["p90"],
        "cpu_ms_mean": cpu["mean"],
        "searched_decisions": len(searched),
        "searched_ms_median": s_wall["median"],
        "searched_ms_p90": s_wall["p90"],
        "searched_cpu_ms_median": s_cpu["median"],
        "searched_cpu_ms_p90": s_cpu["p90"],
    }


def _ci(bounds: Sequence[float | None], pct: bool = False) -> str:
    lo, hi = bounds
    if lo is None or hi is None:
        return "[-]"
    if pct:
        return f"[{100 * lo:.1f}, {100 * hi:.1f}]"
    return f"[{lo:+.2f}, {hi:+.2f}]"


def table(rows: dict[str, dict[str, Any]], bot: str, against: str) -> str:
    """The readable table of every game's figures."""
    head = (
        f"{bot} in one seat, {against} in every other seat (every rotation of every deal)\n"
        f"{'game':<22} {'deals':>6} {'points [95%]':>22} {against[:9]:>9} "
        f"{'advantage [95%]':>24} {'p':>8} {'win% [95%]':>20} {'other':>6} "
        f"{'ms med':>7} {'p90':>7} {'cpu med':>7} {'p90':>7}"
    )
    lines = [head]
    for key, f in rows.items():
        p = "-" if f["p_value"] is None else f"{f['p_value']:.2g}"
        ms = " ".join(
            f"{'-' if f[k] is None else format(f[k], '.0f'):>7}"
            for k in ("ms_median", "ms_p90", "cpu_ms_median", "cpu_ms_p90")
        )
        lines.append(
            f"{key:<22} {f['deals']:>6} "
            f"{f['points']:>+7.2f} {_ci(f['points_ci']):>14} {f['against_points']:>+8.2f} "
            f"{f['advantage']:>+7.2f} {_ci(f['advantage_ci']):>16} {p:>8} "
            f"{100 * f['win_rate']:>5.1f} {_ci(f['win_ci'], pct=True):>14} "
            f"{100 * f['against_win_rate']:>5.1f}% {ms}"
            + ("  significant" if f["significant"] else "")
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", default=GAMES, help=f"game:preset list (default {GAMES})")
    ap.add_argument("--deals", type=int, default=300, help="deals per game (default 300)")
    ap.add_argument("--bot", default="expert", help="the bot in one seat (default expert)")
    ap.add_argument(
        "--against", default="heuristic", help="the bot of every other seat (default heuristic)"
    )
    ap.add_argument("--seed", type=int, default=1, help="the tournament seed (default 1)")
    ap.add_argument("--workers", type=int, default=1, help="worker processes (default 1)")
    ap.add_argument("--quick", action="store_true", help="a smoke run (a few seconds)")
    args = ap.parse_args(argv)
    deals = 1 if args.quick else args.deals
    bot = QUICK_BOT if args.quick else args.bot
    try:
        if deals < 1 or args.workers < 1:
            raise ChupaiError("--deals and --workers must be at least 1")
        wanted = parse_games(QUICK_GAMES if args.quick else args.games)
        tournaments = {
            f"{g}:{p}": tournament(g, p, bot, args.against, deals, args.seed) for g, p in wanted
        }
    except ChupaiError as exc:
        print(f"strength_expert: {exc}", file=sys.stderr)
        return 2
    rows: dict[str, dict[str, Any]] = {}
    start = time.perf_counter()
    for key, t in tournaments.items():
        t0 = time.perf_counter()
        boards, times = run(t, args.workers, key)
        rows[key] = figures(t, boards, times)
        rows[key]["seconds"] = round(time.perf_counter() - t0, 1)
    print(table(rows, bot, args.against))
    out = {
        "benchmark": "strength_expert",
        "bot": bot,
        "against": args.against,
        "deals": deals,
        "seed": args.seed,
        "workers": args.workers,
        "seconds": round(time.perf_counter() - start, 1),
        "games": rows,
    }
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
