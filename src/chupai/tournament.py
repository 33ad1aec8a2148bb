"""Tournaments between bots: fair seatings on duplicate deals, statistics with 95%
confidence intervals, Elo ratings, and the same results in one process, in K
processes or on Ray.

This is a layer (like ``chupai.cli`` and ``chupai.bots``): it imports the core and
the bots; the core never imports it.

**Boards.** A tournament of ``deals`` deals plays board ``k`` (0-based) from seed
``seed + k``: one deal of that seed, or with ``match_deals`` a match of that seed
(``chupai.<game>.match``: dealers, redeals, and in Big Two leaders and the
exchanges of ``series`` carry over) of ``match_deals`` counted deals. Any board
can be replayed alone with ``seed + k`` and one board.

**Duplicate deals and seatings.** Every board is played once under every seating
of :func:`seatings`; a seating says which bot sits in each seat. The cards of a
deal depend only on its seed, so every bot holds every seat's cards of the same
deals equally often and the luck of the cards cancels out of the comparison (as
in duplicate bridge). For the listed bots ``e_0 .. e_{L-1}`` (a name may repeat:
``heuristic,greedy,random,random`` seats ``random`` twice) and ``n`` seats:

* ``L <= n``: every distinct seating obtained from ``[e_0, e_1, ..]`` repeated to
  fill the ``n`` seats by rotating the seats and shifting the list. ``L = n``
  gives the ``n`` cyclic rotations; 2 bots and 4 seats give ``ABAB`` and
  ``BABA``; 2 bots and 3 seats (Dou Dizhu) give the rotations of ``ABA`` and
  of ``BAB``, so each bot is once alone against two copies of the other, in
  every seat; 2 bots and 5 seats (Big A) give the 5 rotations of ``ABABA`` and
  of ``BABAB``: 10 seatings, each bot three times against two copies of the
  other and twice against three, in every seat.
* ``L > n``: every choice of ``n`` of the listed bots (in list order) under each
  of its ``n`` rotations, so that every pair also meets equally often.

Either way every listed bot sits in every seat equally often, and in proportion
to how often it is listed: a seating that arises several times is kept as often
as it arises, every count divided by the counts' greatest common divisor (2 bots
on 4 seats: ``ABAB`` and ``BABA`` once each; ``A,A,B`` on 5 seats: the rotations
of ``AABAA`` once and those of ``ABAAB`` twice).

**Redeals.** A deal that ends in a redeal (everybody passes the Dou Dizhu bidding;
a Big Two redeal request; nobody holds a ♥A for Big A's forced declaration) is
followed, with the same bot objects, by a deal of seed :func:`redeal_seed` dealt
by the seat the rules name (Dou Dizhu: the next seat, doubled as
``next_doubled`` says; Big Two: the same dealer; Big A: the same first drawer).
Only the deal played out counts. A match handles its redeals itself.

**Seeds.** The bot in seat ``s`` of seating ``r`` on the board of seed ``b`` is
seeded with :func:`bot_seed` ``(b, s, r)`` (which bot that is follows from the
seating). Every random choice therefore
depends on the board alone, never on which process plays it: the results are the
same for any number of workers and on Ray (bots with a time budget are the
exception: what they find in the time they have depends on the machine).

**Statistics** (:func:`summarize`): per bot, its seat-deals (one bot in one seat of
one counted deal), wins with a Wilson 95% interval (a win is going out first in
Big Two, being on the winning side in Dou Dizhu, and in Big A being on the team
whose finishing positions score for it: the declarer's team when the declarer
scores more than 0, the defenders when it scores less, nobody on a 0 score; see
:func:`biga_winners`), the mean score per deal with
a Student-t 95% interval over boards (the board, not the deal, is the
independent unit: the rotations of one board share its cards), Elo ratings
(:func:`fit_elo`, a Bradley-Terry fit of every pair of seats compared by score
in every counted deal, draws counting half, mean rating 1500) and a head-to-head
matrix (pairwise wins, draws, losses and the mean score difference per deal with
its 95% interval over boards).
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.util
import json
import math
import time
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import reduce
from itertools import combinations
from math import gcd
from pathlib import Path
from statistics import NormalDist
from typing import Any, Final, NamedTuple

from chupai.errors import ChupaiError, RecordError

__all__ = [
    "Tournament", "DealResult", "GameResult", "BoardResult", "RunResult",
    "seatings", "bot_seed", "redeal_seed", "new_bot", "play_out", "play_board", "play_chunk",
    "chunks", "biga_winners", "GAMES",
    "run_tournament", "summarize", "timing", "wilson", "mean_ci", "t_quantile", "fit_elo",
    "MAX_REDEALS", "BACKENDS",
]

MAX_REDEALS: Final = 100
"""A game whose deals end in a redeal this many times in a row is void."""

BACKENDS: Final = ("local", "ray")

GAMES: Final = ("bigtwo", "doudizhu", "biga")
"""The games tournaments play (by key)."""

Z95: Final = NormalDist().inv_cdf(0.975)
"""The two-sided 95% normal quantile (1.95996...)."""


# ---------------------------------------------------------------------------
# Seatings and seeds
# ---------------------------------------------------------------------------

def seatings(bots: Sequence[str], players: int) -> list[tuple[str, ...]]:
    """The seatings of a board: tuples of bot names, one per seat (see the module
    documentation). Every listed bot plays every seat equally often.

    >>> seatings(["a", "b", "c", "d"], 4)
    [('a', 'b', 'c', 'd'), ('b', 'c', 'd', 'a'), ('c', 'd', 'a', 'b'), ('d', 'a', 'b', 'c')]
    >>> seatings(["a", "b"], 4)
    [('a', 'b', 'a', 'b'), ('b', 'a', 'b', 'a')]
    >>> " ".join("".join(seating) for seating in seatings(["a", "b"], 3))
    'aba baa aab bab abb bba'
    >>> len(seatings(["a", "b"], 5))
    10
    >>> [s.count("a") for s in seatings(["a", "a", "b"], 5)[::5]]
    [4, 3, 3]
    >>> seatings(["x"], 3)
    [('x', 'x', 'x')]
    >>> len(seatings(["a", "b", "c", "d"], 3))
    12
    """
    entries = list(bots)
    n, count = players, len(entries)
    if count == 0 or n < 1:
        raise ChupaiError("a tournament needs at least one bot and one seat")
    out: list[tuple[str, ...]] = []
    if count <= n:
        every: list[tuple[str, ...]] = []
        for shift in range(count):
            base = [entries[(shift + i) % count] for i in range(n)]
            every.extend(tuple(base[(rot + s) % n] for s in range(n)) for rot in range(n))
        # each distinct seating as often as it arises, all counts divided by their
        # greatest common divisor: repeats that every seating shares are dropped,
        # and a bot listed twice still sits twice as often (``aab`` on 5 seats)
        times = Counter(every)
        unit = reduce(gcd, times.values())
        left = {seating: k // unit for seating, k in times.items()}
        for seating in every:
            if left[seating]:
                left[seating] -= 1
                out.append(seating)
    else:
        for chosen in combinations(entries, n):
            out.extend(tuple(chosen[(rot + s) % n] for s in range(n)) for rot in range(n))
    return out


def _digest(text: str) -> int:
    return int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "big")


def bot_seed(deal_seed: int, seat: int, seating: int = 0) -> int:
    """The seed of the bot in ``seat`` of seating ``seating`` on the board of
    ``deal_seed``: stable across runs, processes and platforms, distinct for every
    argument tuple. Seating 0 gives the seeds ``chupai play`` gives its bots, so a
    bot plays alike in a game and in a simulation of one seating."""
    if seating == 0:
        return _digest(f"chupai-bot:{deal_seed}:{seat}")
    return _digest(f"chupai-bot:{deal_seed}:{seat}:{seating}")


def redeal_seed(game: str, deal_seed: int, attempt: int) -> int:
    """The seed of redeal ``attempt`` (1, 2, ...) after the deal of ``deal_seed``:
    for Dou Dizhu the seeds ``chupai play doudizhu`` deals after a redeal."""
    return _digest(f"chupai-{game}-redeal:{deal_seed}:{attempt}") % 1_000_000_000


def new_bot(name: str, seed: int, game: str) -> Any:
    """``chupai.bots.make_bot(name, seed, game)``."""
    from chupai.bots import make_bot

    return make_bot(name, seed, game=game)


# ---------------------------------------------------------------------------
# The tournament and its results
# ---------------------------------------------------------------------------

@dataclass(frozen=True)
class Tournament:
    """What to play. Picklable: workers and Ray tasks receive it whole."""

    game: str
    """The game key (``bigtwo``, ``doudizhu``, ``biga``)."""
    rules: Any
    bots: tuple[str, ...]
    """The bots as listed (a name may repeat, and may carry parameters)."""
    deals: int
    """Counted deals per seating (one per board, or ``match_deals`` per board)."""
    seed: int = 0
    match_deals: int | None = None
    records: str | None = None
    """Directory to write every record to (None: none)."""
    verify: bool = False
    """Replay every record and report the first invalid one."""

    def __post_init__(self) -> None:
        if self.game not in GAMES:
            raise ChupaiError(f"tournaments do not support {self.game!r}")
        if self.deals < 0:
            raise ChupaiError(f"--deals must be at least 0, got {self.deals}")
        if self.match_deals is not None:
            if self.match_deals < 1:
                raise ChupaiError(f"--match-deals must be at least 1, got {self.match_deals}")
            if importlib.util.find_spec(f"chupai.{self.game}.match") is None:
                raise ChupaiError(f"--match-deals: {self.game} has no matches; every deal "
                                  "is played alone")
        if not self.bots or not all(b.strip() for b in self.bots):
            raise ChupaiError(f"empty bot name in {','.join(self.bots)!r}")

    @property
    def players(self) -> int:
        return int(self.rules.players)

    @property
    def seatings(self) -> list[tuple[str, ...]]:
        return seatings(self.bots, self.players)

    @property
    def names(self) -> list[str]:
        """The distinct bots, in order of first listing."""
        return list(dict.fromkeys(self.bots))

    @property
    def boards(self) -> int:
        if self.match_deals is None:
            return self.deals
        return -(-self.deals // self.match_deals)

    def board_seed(self, k: int) -> int:
        return self.seed + k

    def board_deals(self, k: int) -> int:
        """Counted deals of board ``k`` (the last match may be shorter)."""
        if self.match_deals is None:
            return 1
        return min(self.match_deals, self.deals - k * self.match_deals)


class DealResult(NamedTuple):
    """One counted deal: every seat's score and the winning seats."""

    scores: tuple[int, ...]
    winners: tuple[int, ...]


class GameResult(NamedTuple):
    """One board under one seating."""

    seating: int
    deals: tuple[DealResult, ...]
    """The counted deals (redeals left out); empty for a void game."""
    redeals: int
    actions: int
    """Actions decided by a player (automatic steps left out)."""
    decisions: tuple[int, ...]
    """Per seat: the times its bot was asked (a forced action is not asked)."""
    think: tuple[float, ...]
    """Per seat: seconds its bot spent deciding (timing, not a result)."""


class BoardResult(NamedTuple):
    """One board under every seating."""

    board: int
    seed: int
    games: tuple[GameResult, ...]
    error: str | None = None
    """The first invalid record of the board, with ``verify``."""


class RunResult(NamedTuple):
    """The boards of a run, in board order, and how long they took."""

    boards: list[BoardResult]
    seconds: float
    workers: int
    backend: str


# ---------------------------------------------------------------------------
# Playing
# ---------------------------------------------------------------------------

class _Table:
    """The bots of one game and the counters of their decisions."""

    def __init__(self, bots: list[Any]):
        self.bots = bots
        self.decisions = [0] * len(bots)
        self.think = [0.0] * len(bots)
        self.actions = 0

    def play_out(self, deal: Any) -> None:
        """Play ``deal`` to its end; a forced action is applied without asking."""
        bots, decisions, think = self.bots, self.decisions, self.think
        while (seat := deal.current_player) is not None:
            legal = deal.legal_actions()
            if len(legal) == 1:
                action = legal[0]
            else:
                start = time.perf_counter()
                action = bots[seat].act(deal.observe(seat), legal)
                think[seat] += time.perf_counter() - start
                decisions[seat] += 1
                if action not in legal:
                    raise ChupaiError(f"bot {getattr(bots[seat], 'name', '?')!r} in seat {seat} "
                                      f"chose an illegal action {action!r}")
            deal.apply_unchecked(action)
        self.actions += sum(1 for ev in deal.history if not getattr(ev, "auto", False))


def play_out(deal: Any, bots: Sequence[Any]) -> Any:
    """Play ``deal`` to its end with one bot per seat (a forced action is applied
    without asking); returns the deal."""
    _Table(list(bots)).play_out(deal)
    return deal


def _winners(game: str, outcome: Any, players: int) -> tuple[int, ...]:
    """The winning seats of a finished deal (see the module documentation)."""
    if game == "doudizhu":
        lord = outcome.landlord
        if outcome.landlord_won:
            return (lord,)
        return tuple(s for s in range(players) if s != lord)
    if game == "biga":
        return biga_winners(outcome, players)
    return (outcome.winner,)


def biga_winners(outcome: Any, players: int = 5) -> tuple[int, ...]:
    """The winning team of a finished Big A deal
    (:func:`chupai.biga.scoring.winning_team`): the declarer's team when the
    declarer scored more than 0, the defenders when it scored less, nobody on 0."""
    from chupai.biga.scoring import winning_team

    return winning_team(outcome.declarer, outcome.partner, tuple(outcome.scores)[:players])


def _new_deal(game: str, rules: Any, seed: int, dealer: int | None, doubled: bool) -> Any:
    if game == "doudizhu":
        from chupai.doudizhu.game import new_deal as ddz_deal

        return ddz_deal(rules, seed, dealer=dealer, doubled=doubled)
    if game == "biga":
        from chupai.biga.game import new_deal as biga_deal

        return biga_deal(rules, seed, first_drawer=dealer)
    from chupai.bigtwo.game import new_deal as b2_deal

    return b2_deal(rules, seed, dealer=dealer)


def _record_check(t: Tournament, name: str, record: dict[str, Any],
                  replay: Callable[[Any], Any], what: str) -> str | None:
    """Write ``record`` as ``name`` (with ``records``) and replay it (with
    ``verify``); the error message of an invalid record, else None."""
    text = json.dumps(record, ensure_ascii=False)
    if t.records is not None:
        Path(t.records, name).write_text(text + "\n", encoding="utf-8")
    if t.verify:
        try:
            replay(json.loads(text))
        except RecordError as exc:
            return f"invalid record of {what}: {exc}"
    return None


def _record_funcs(game: str) -> tuple[Callable[[Any], dict[str, Any]], Callable[[Any], Any]]:
    if game == "doudizhu":
        from chupai.doudizhu import record as ddz_record

        return ddz_record.to_record, ddz_record.replay
    if game == "biga":
        from chupai.biga import record as biga_record

        return biga_record.to_record, biga_record.replay
    from chupai.bigtwo import record as b2_record

    return b2_record.to_record, b2_record.replay


def _play_single(t: Tournament, table: _Table, seed: int, tag: str
                 ) -> tuple[tuple[DealResult, ...], int, str | None]:
    """Play the deal of ``seed`` (and the deals after its redeals)."""
    to_record, replay = _record_funcs(t.game)
    dealer: int | None = None
    doubled = False
    want_records = t.records is not None or t.verify
    for attempt in range(MAX_REDEALS + 1):
        deal_seed = seed if attempt == 0 else redeal_seed(t.game, seed, attempt)
        deal = _new_deal(t.game, t.rules, deal_seed, dealer, doubled)
        table.play_out(deal)
        if want_records:
            suffix = f".{attempt}" if attempt else ""
            error = _record_check(t, f"deal-{seed}{tag}{suffix}.json", to_record(deal), replay,
                                  f"the deal of seed {deal_seed} (board {seed}{tag}{suffix})")
            if error is not None:
                return (), attempt, error
        outcome = deal.outcome
        if not outcome.redeal:
            result = DealResult(tuple(outcome.scores), _winners(t.game, outcome, t.players))
            return (result,), attempt, None
        if t.game == "doudizhu":
            dealer = (deal.dealer + 1) % t.players
            doubled = bool(outcome.next_doubled)
        elif t.game == "biga":
            dealer = deal.first_drawer  # the same first drawer draws again (biga.md §3.1)
        else:
            dealer = deal.dealer  # the same dealer deals again (bigtwo.md §4)
    return (), MAX_REDEALS + 1, None


def _play_match(t: Tournament, table: _Table, seed: int, deals: int, tag: str
                ) -> tuple[tuple[DealResult, ...], int, str | None]:
    """Play the match of ``seed`` (``deals`` counted deals; the game's ``match``
    module handles dealers, redeals and what carries over)."""
    module = importlib.import_module(f"chupai.{t.game}.match")
    match = module.Match(t.rules, seed, deals=deals)
    while not match.is_over():
        table.play_out(match.next_deal())
    results = []
    redeals = 0
    for deal in match.deals:
        outcome = deal.outcome
        if outcome.redeal:
            redeals += 1
        else:
            results.append(DealResult(tuple(outcome.scores),
                                      _winners(t.game, outcome, t.players)))
    error = None
    if t.records is not None or t.verify:
        error = _record_check(t, f"match-{seed}{tag}.json", match.to_record(),
                              module.replay_match, f"the match of seed {seed}{tag}")
    return tuple(results), redeals, error


def play_board(t: Tournament, k: int) -> BoardResult:
    """Play board ``k`` under every seating."""
    seed = t.board_seed(k)
    seats = t.seatings
    games = []
    error = None
    for r, seating in enumerate(seats):
        table = _Table([new_bot(name, bot_seed(seed, s, r), t.game)
                        for s, name in enumerate(seating)])
        tag = f"-r{r}" if len(seats) > 1 else ""
        if t.match_deals is None:
            deals, redeals, error = _play_single(t, table, seed, tag)
        else:
            deals, redeals, error = _play_match(t, table, seed, t.board_deals(k), tag)
        games.append(GameResult(r, deals, redeals, table.actions, tuple(table.decisions),
                                tuple(table.think)))
        if error is not None:
            break
    return BoardResult(k, seed, tuple(games), error)


def play_chunk(t: Tournament, start: int, stop: int) -> list[BoardResult]:
    """Play boards ``start .. stop - 1`` (the unit of work of processes and Ray)."""
    return [play_board(t, k) for k in range(start, stop)]


def chunks(boards: int, workers: int) -> list[tuple[int, int]]:
    """Split ``range(boards)`` into ranges for ``workers`` workers: about eight per
    worker (load balance, progress), at most 64 boards each. The split changes
    nothing but the order work is done in."""
    if boards <= 0:
        return []
    size = max(1, min(64, boards // (8 * max(1, workers))))
    return [(a, min(a + size, boards)) for a in range(0, boards, size)]


def _local_chunks(t: Tournament, parts: list[tuple[int, int]], workers: int
                  ) -> Iterator[tuple[int, list[BoardResult]]]:
    if workers <= 1:
        for i, (a, b) in enumerate(parts):
            yield i, play_chunk(t, a, b)
        return
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor, as_completed

    # spawn: a clean interpreter per worker (no inherited threads, same on every OS)
    ctx = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=workers, mp_context=ctx) as pool:
        futures = {pool.submit(play_chunk, t, a, b): i for i, (a, b) in enumerate(parts)}
        try:
            for fut in as_completed(futures):
                yield futures[fut], fut.result()
        except BaseException:
            for fut in futures:
                fut.cancel()
            raise


def _ray_chunks(t: Tournament, parts: list[tuple[int, int]], workers: int | None
                ) -> Iterator[tuple[int, list[BoardResult]]]:
    try:
        ray: Any = importlib.import_module("ray")
    except ImportError:
        raise ChupaiError("--backend ray needs Ray: pip install 'chupai[ray]'") from None
    import logging
    import os

    started = False
    if not ray.is_initialized():
        if os.environ.get("RAY_ADDRESS"):
            ray.init(logging_level=logging.ERROR, log_to_driver=False)
        else:
            ray.init(num_cpus=workers or 2, include_dashboard=False,
                     logging_level=logging.ERROR, log_to_driver=False)
        started = True
    try:
        task = ray.remote(play_chunk)
        pending = {task.remote(t, a, b): i for i, (a, b) in enumerate(parts)}
        waiting = list(pending)
        while waiting:
            done, waiting = ray.wait(waiting, num_returns=1)
            for ref in done:
                yield pending[ref], ray.get(ref)
    finally:
        if started:
            ray.shutdown()


def run_tournament(t: Tournament, *, workers: int | None = None, backend: str = "local",
                   progress: Callable[[int], None] | None = None) -> RunResult:
    """Play every board of ``t`` and return the board results in board order
    (whatever the backend and the number of workers). ``progress(games)`` is
    called as games finish (a game: one board under one seating)."""
    if backend not in BACKENDS:
        raise ChupaiError(f"unknown backend {backend!r}; backends: {', '.join(BACKENDS)}")
    if workers is not None and workers < 1:
        raise ChupaiError(f"--workers must be at least 1, got {workers}")
    for name in t.names:  # fail early on an unknown bot
        new_bot(name, 0, t.game)
    if t.records is not None:
        try:
            Path(t.records).mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise ChupaiError(f"cannot create {t.records}: {exc}") from None
    k = workers if workers is not None else (1 if backend == "local" else 2)
    parts = chunks(t.boards, k) if (k > 1 or backend == "ray") else \
        [(b, b + 1) for b in range(t.boards)]
    start = time.perf_counter()
    results: dict[int, list[BoardResult]] = {}
    per_board = len(t.seatings)
    stream = _local_chunks(t, parts, k) if backend == "local" else _ray_chunks(t, parts, workers)
    for i, boards in stream:
        results[i] = boards
        if progress is not None:
            progress(per_board * len(boards))
    seconds = time.perf_counter() - start
    merged = [b for i in range(len(parts)) for b in results[i]]
    return RunResult(merged, seconds, k, backend)


# ---------------------------------------------------------------------------
# Statistics
# ---------------------------------------------------------------------------

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
        for aa in (m * (b - m) * x / ((qam + m2) * (a + m2)),
                   -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2))):
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
    front = math.exp(math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b)
                     + a * math.log(x) + b * math.log1p(-x))
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


def mean_ci(values: Sequence[float], level: float = 0.95
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


def fit_elo(points: Sequence[Sequence[float]], games: Sequence[Sequence[float]], *,
            prior: float = 1.0, mean: float = 1500.0, tol: float = 1e-10,
            max_iter: int = 100_000) -> list[float]:
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


def summarize(t: Tournament, boards: Sequence[BoardResult]) -> dict[str, Any]:
    """The results of a tournament as a JSON-ready dict (no timing): the same
    boards give the same dict, whatever played them."""
    names = t.names
    index = {name: i for i, name in enumerate(names)}
    b = len(names)
    seats = t.seatings
    n = t.players
    games = [0] * b
    wins = [0] * b
    decisions = [0] * b
    board_means: list[list[float]] = [[] for _ in range(b)]
    seat_games = [[0] * n for _ in range(b)]
    seat_wins = [[0] * n for _ in range(b)]
    seat_score = [[0] * n for _ in range(b)]
    all_seat = [[0, 0, 0] for _ in range(n)]  # games, wins, score per seat
    pw = [[0] * b for _ in range(b)]  # pairwise wins of row over column
    pd = [[0] * b for _ in range(b)]  # draws
    diffs: list[list[list[float]]] = [[[] for _ in range(b)] for _ in range(b)]
    counted = redeals = void = actions = played = 0
    for board in boards:
        bsum = [0] * b
        bcnt = [0] * b
        dsum = [[0] * b for _ in range(b)]
        dcnt = [[0] * b for _ in range(b)]
        for game in board.games:
            played += 1
            ids = [index[name] for name in seats[game.seating]]
            redeals += game.redeals
            actions += game.actions
            void += not game.deals
            for s, d in enumerate(game.decisions):
                decisions[ids[s]] += d
            for deal in game.deals:
                counted += 1
                sc = deal.scores
                for s in range(n):
                    i = ids[s]
                    won = s in deal.winners
                    games[i] += 1
                    wins[i] += won
                    bsum[i] += sc[s]
                    bcnt[i] += 1
                    seat_games[i][s] += 1
                    seat_wins[i][s] += won
                    seat_score[i][s] += sc[s]
                    all_seat[s][0] += 1
                    all_seat[s][1] += won
                    all_seat[s][2] += sc[s]
                for s1 in range(n):
                    for s2 in range(s1 + 1, n):
                        i, j = ids[s1], ids[s2]
                        if i == j:
                            continue
                        if sc[s1] > sc[s2]:
                            pw[i][j] += 1
                        elif sc[s1] < sc[s2]:
                            pw[j][i] += 1
                        else:
                            pd[i][j] += 1
                            pd[j][i] += 1
                        dsum[i][j] += sc[s1] - sc[s2]
                        dsum[j][i] += sc[s2] - sc[s1]
                        dcnt[i][j] += 1
                        dcnt[j][i] += 1
        for i in range(b):
            if bcnt[i]:
                board_means[i].append(bsum[i] / bcnt[i])
            for j in range(b):
                if dcnt[i][j]:
                    diffs[i][j].append(dsum[i][j] / dcnt[i][j])

    pair_games = [[pw[i][j] + pw[j][i] + pd[i][j] for j in range(b)] for i in range(b)]
    points = [[pw[i][j] + pd[i][j] / 2 for j in range(b)] for i in range(b)]
    elo = fit_elo(points, pair_games)
    order = sorted(range(b), key=lambda i: (-elo[i], i))
    rank = {i: r + 1 for r, i in enumerate(order)}

    results = []
    for i, name in enumerate(names):
        lo, hi = wilson(wins[i], games[i])
        mean, mlo, mhi = mean_ci(board_means[i])
        results.append({
            "bot": name,
            "rank": rank[i],
            "seats": t.bots.count(name),
            "games": games[i],
            "wins": wins[i],
            "win_rate": _r(wins[i] / games[i] if games[i] else 0.0),
            "win_ci": [_r(lo), _r(hi)],
            "mean_score": _r(mean),
            "score_ci": [_r(mlo), _r(mhi)],
            "elo": _r(elo[i], 1),
            "decisions": decisions[i],
            "by_seat": [
                {"seat": s, "games": seat_games[i][s], "wins": seat_wins[i][s],
                 "mean_score": _r(seat_score[i][s] / seat_games[i][s]
                                  if seat_games[i][s] else 0.0)}
                for s in range(n)
            ],
        })
    matrix: list[list[dict[str, Any] | None]] = []
    for i in range(b):
        row: list[dict[str, Any] | None] = []
        for j in range(b):
            if i == j or not pair_games[i][j]:
                row.append(None)
                continue
            mean, dlo, dhi = mean_ci(diffs[i][j])
            row.append({
                "wins": pw[i][j], "draws": pd[i][j], "losses": pw[j][i],
                "games": pair_games[i][j],
                "score": _r(points[i][j] / pair_games[i][j]),
                "score_diff": _r(mean), "score_diff_ci": [_r(dlo), _r(dhi)],
            })
        matrix.append(row)
    return {
        "game": t.game,
        "spec": t.rules.spec(),
        "bots": list(t.bots),
        "seed": t.seed,
        "deals": t.deals,
        "match_deals": t.match_deals,
        "boards": t.boards,
        "seatings": [list(s) for s in seats],
        "games": played,
        "counted_deals": counted,
        "redeals": redeals,
        "void": void,
        "actions": actions,
        "verified": t.verify,
        "results": results,
        "elo": [{"bot": names[i], "elo": _r(elo[i], 1)} for i in order],
        "head_to_head": {"bots": names, "matrix": matrix},
        "seats": [
            {"seat": s, "games": g, "wins": w,
             "win_rate": _r(w / g if g else 0.0), "avg_score": _r(sc / g if g else 0.0)}
            for s, (g, w, sc) in enumerate(all_seat)
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
