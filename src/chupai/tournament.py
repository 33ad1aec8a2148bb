"""Tournaments between bots: fair seatings on duplicate deals, statistics with 95%
confidence intervals, Elo ratings, and the same results in one process, in K
processes or on Ray.

This is a layer (like ``chupai.cli`` and ``chupai.bots``): it imports the core and
the bots; the core never imports it.

**Boards.** A tournament of ``deals`` deals plays board ``k`` (0-based) from seed
``seed + k``: one deal of that seed, or with ``match_deals`` a match of that seed
(the game's :meth:`~chupai.protocol.GameSpec.new_match`: dealers, redeals, and in
Big Two leaders and the exchanges of ``series`` carry over) of ``match_deals``
counted deals. Any board
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
as the game's :meth:`~chupai.protocol.GameSpec.after_redeal` says (Dou Dizhu: the
next seat, doubled as ``next_doubled`` says; Big Two: the same dealer; Big A: the
same first drawer).
Only the deal played out counts. A match handles its redeals itself.

**Own agents.** A listed bot is a bot name (``heuristic``, ``search:playouts=50``,
a name registered with :func:`chupai.bots.register_bot`, or
``module:attribute`` naming an agent) or an agent object (an object with
``act(observation, legal)``, a policy function, or a class or factory of one:
:mod:`chupai.bots.agents`). A class or factory is called for every seat with that
seat's seed, as a name is built; an agent object plays its seats as it is (one
object in every seat it is given, not reseeded). The report names an object by
its ``name`` attribute, its class's or its function's name (``#2`` added when two
objects share one). With several worker processes or on Ray every object is sent
to the workers, so it must pickle (Ray's cloudpickle also sends lambdas and local
classes; processes need objects defined at the top level of an importable
module): one that does not raises a :class:`~chupai.errors.ChupaiError` naming it.

**Seeds** (all derived in :mod:`chupai.seeds`). The bot in seat ``s`` of seating
``r`` on the board of seed ``b`` is seeded with :func:`bot_seed` ``(b, s, r)``
(which bot that is follows from the seating). Every random choice therefore
depends on the board alone, never on which process plays it: the results are the
same for any number of workers and on Ray (bots with a time budget are the
exception: what they find in the time they have depends on the machine).

**Statistics** (:func:`summarize`): per bot, its seat-deals (one bot in one seat of
one counted deal), wins with a Wilson 95% interval (the winners are the game's
:meth:`~chupai.protocol.GameSpec.result`: a win is going out first in
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

import json
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import reduce
from itertools import combinations
from math import gcd
from pathlib import Path
from typing import Any, Final, NamedTuple

from chupai.errors import ChupaiError, RecordError
from chupai.protocol import GameSpec, game_keys, get_game
from chupai.seeds import board_seed, bot_seed, redeal_seed
from chupai.tournament_backends import (  # the worker helpers under their old names too
    chunks,
    game_modules as _game_modules,  # noqa: F401
    local_chunks as _local_chunks,
    ray_chunks as _ray_chunks,
    worker_chunk as _worker_chunk,  # noqa: F401
)
from chupai.tournament_stats import Z95, fit_elo, mean_ci, summarize, t_quantile, timing, wilson

__all__ = [
    "Tournament",
    "DealResult",
    "GameResult",
    "BoardResult",
    "RunResult",
    "seatings",
    "bot_seed",
    "redeal_seed",
    "new_bot",
    "play_out",
    "play_board",
    "play_chunk",
    "chunks",
    "biga_winners",
    "run_tournament",
    "summarize",
    "timing",
    "wilson",
    "mean_ci",
    "t_quantile",
    "fit_elo",
    "MAX_REDEALS",
    "BACKENDS",
    "Z95",
]

MAX_REDEALS: Final = 100
"""A game whose deals end in a redeal this many times in a row is void."""

BACKENDS: Final = ("local", "ray")


def __getattr__(name: str) -> Any:
    if name == "GAMES":  # the games tournaments play: every registered game, by key
        return game_keys()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


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


def new_bot(name: str, seed: int, game: str) -> Any:
    """``chupai.bots.make_bot(name, seed, game)``."""
    from chupai.bots import make_bot

    return make_bot(name, seed, game=game)


def _labels(bots: Sequence[Any]) -> tuple[tuple[str, ...], dict[str, Any]]:
    """The report name of each listed bot, and each name's bot (a text or an agent
    object): a text is its own name, an object is called by
    :func:`chupai.bots.agents.agent_label`, with ``#2``, ``#3``... when another
    entry has that name already (one object listed twice keeps one name)."""
    from chupai.bots.agents import agent_label, check_agent

    entries: dict[str, Any] = {b: b for b in bots if isinstance(b, str)}
    by_id: dict[int, str] = {}
    out = []
    for b in bots:
        if isinstance(b, str):
            out.append(b)
            continue
        if id(b) not in by_id:
            check_agent(b)
            base = agent_label(b)
            label, k = base, 1
            while label in entries:
                k += 1
                label = f"{base}#{k}"
            entries[label] = b
            by_id[id(b)] = label
        out.append(by_id[id(b)])
    return tuple(out), entries


# ---------------------------------------------------------------------------
# The tournament and its results
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Tournament:
    """What to play. Picklable: workers and Ray tasks receive it whole."""

    game: str
    """The game key (``bigtwo``, ``doudizhu``, ``biga``)."""
    rules: Any
    bots: tuple[Any, ...]
    """The bots as listed: names (a name may repeat, and may carry parameters) or
    agent objects (see the module documentation)."""
    deals: int
    """Counted deals per seating (one per board, or ``match_deals`` per board)."""
    seed: int = 0
    match_deals: int | None = None
    records: str | None = None
    """Directory to write every record to (None: none)."""
    verify: bool = False
    """Replay every record and report the first invalid one."""

    def __post_init__(self) -> None:
        if self.game not in game_keys():
            raise ChupaiError(f"tournaments do not support {self.game!r}")
        if self.deals < 0:
            raise ChupaiError(f"--deals must be at least 0, got {self.deals}")
        if self.match_deals is not None:
            if self.match_deals < 1:
                raise ChupaiError(f"--match-deals must be at least 1, got {self.match_deals}")
            if getattr(self.spec, "match", None) is None:
                raise ChupaiError(
                    f"--match-deals: {self.game} has no matches; every deal is played alone"
                )
        object.__setattr__(self, "bots", tuple(self.bots))
        if not self.bots or not all(not isinstance(b, str) or b.strip() for b in self.bots):
            raise ChupaiError(f"empty bot name in {','.join(map(str, self.bots))!r}")
        labels, entries = _labels(self.bots)
        object.__setattr__(self, "_labels", labels)
        object.__setattr__(self, "_entries", entries)

    @property
    def spec(self) -> GameSpec:
        """The game's spec (:func:`chupai.protocol.get_game`)."""
        return get_game(self.game)

    @property
    def players(self) -> int:
        return int(self.rules.players)

    @property
    def labels(self) -> tuple[str, ...]:
        """The name of each listed bot in the report (a bot name as given; an
        agent object's label, see the module documentation)."""
        labels: tuple[str, ...] = self.__dict__["_labels"]
        return labels

    @property
    def seatings(self) -> list[tuple[str, ...]]:
        return seatings(self.labels, self.players)

    @property
    def names(self) -> list[str]:
        """The distinct bots (their labels), in order of first listing."""
        return list(dict.fromkeys(self.labels))

    @property
    def agents(self) -> dict[str, Any]:
        """Each label's agent object (the listed bots that are not names)."""
        entries: dict[str, Any] = self.__dict__["_entries"]
        return {k: v for k, v in entries.items() if not isinstance(v, str)}

    def make_bot(self, label: str, seed: int) -> Any:
        """The bot of label ``label`` (one of :attr:`names`) for a seat of seed
        ``seed``: a name built by :func:`chupai.bots.make_bot`, an agent object
        by :func:`chupai.bots.agents.build_agent`."""
        entry = self.__dict__["_entries"][label]
        if isinstance(entry, str):
            return new_bot(entry, seed, self.game)
        from chupai.bots.agents import build_agent

        return build_agent(entry, seed, self.spec.key, name=label)

    @property
    def boards(self) -> int:
        if self.match_deals is None:
            return self.deals
        return -(-self.deals // self.match_deals)

    def board_seed(self, k: int) -> int:
        return board_seed(self.seed, k)

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
                    raise ChupaiError(
                        f"bot {getattr(bots[seat], 'name', '?')!r} in seat {seat} "
                        f"chose an illegal action {action!r}"
                    )
            deal.apply_unchecked(action)
        self.actions += sum(1 for ev in deal.history if not getattr(ev, "auto", False))


def play_out(deal: Any, bots: Sequence[Any]) -> Any:
    """Play ``deal`` to its end with one bot per seat (a forced action is applied
    without asking); returns the deal."""
    _Table(list(bots)).play_out(deal)
    return deal


def biga_winners(outcome: Any, players: int = 5) -> tuple[int, ...]:
    """The winning team of a finished Big A deal
    (:func:`chupai.biga.scoring.winning_team`): the declarer's team when the
    declarer scored more than 0, the defenders when it scored less, nobody on 0.
    (Kept for compatibility: tournaments take every game's winners from
    :meth:`GameSpec.result <chupai.protocol.GameSpec.result>`.)"""
    from chupai.biga.scoring import winning_team

    return winning_team(outcome.declarer, outcome.partner, tuple(outcome.scores)[:players])


def _deal_result(spec: GameSpec, deal: Any) -> DealResult | None:
    """The counted result of a finished deal (None for a redeal)."""
    result = spec.result(deal)
    if result.redeal:
        return None
    return DealResult(tuple(result.scores), tuple(result.winners))


def _record_check(
    t: Tournament, name: str, record: dict[str, Any], replay: Callable[[Any], Any], what: str
) -> str | None:
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


def _play_single(
    t: Tournament, table: _Table, seed: int, tag: str
) -> tuple[tuple[DealResult, ...], int, str | None]:
    """Play the deal of ``seed`` (and the deals after its redeals, dealt as
    :meth:`GameSpec.after_redeal <chupai.protocol.GameSpec.after_redeal>` says)."""
    spec = t.spec
    dealer: int | None = None
    extra: dict[str, Any] = {}
    want_records = t.records is not None or t.verify
    for attempt in range(MAX_REDEALS + 1):
        deal_seed = seed if attempt == 0 else redeal_seed(t.game, seed, attempt)
        deal = spec.new_deal(t.rules, deal_seed, dealer=dealer, **extra)
        table.play_out(deal)
        if want_records:
            suffix = f".{attempt}" if attempt else ""
            error = _record_check(
                t,
                f"deal-{seed}{tag}{suffix}.json",
                spec.to_record(deal),
                spec.replay,
                f"the deal of seed {deal_seed} (board {seed}{tag}{suffix})",
            )
            if error is not None:
                return (), attempt, error
        result = _deal_result(spec, deal)
        if result is not None:
            return (result,), attempt, None
        after = spec.after_redeal(deal)
        dealer, extra = after.dealer, dict(after.extra)
    return (), MAX_REDEALS + 1, None


def _play_match(
    t: Tournament, table: _Table, seed: int, deals: int, tag: str
) -> tuple[tuple[DealResult, ...], int, str | None]:
    """Play the match of ``seed`` (``deals`` counted deals; the game's match
    handles dealers, redeals and what carries over)."""
    spec = t.spec
    match = spec.new_match(t.rules, seed, deals=deals)
    while not match.is_over():
        table.play_out(match.next_deal())
    results = [_deal_result(spec, deal) for deal in match.deals]
    counted = tuple(r for r in results if r is not None)
    error = None
    if t.records is not None or t.verify:
        error = _record_check(
            t,
            f"match-{seed}{tag}.json",
            match.to_record(),
            spec.replay_match,
            f"the match of seed {seed}{tag}",
        )
    return counted, len(results) - len(counted), error


def play_board(t: Tournament, k: int) -> BoardResult:
    """Play board ``k`` under every seating."""
    seed = t.board_seed(k)
    seats = t.seatings
    games = []
    error = None
    for r, seating in enumerate(seats):
        table = _Table([t.make_bot(name, bot_seed(seed, s, r)) for s, name in enumerate(seating)])
        tag = f"-r{r}" if len(seats) > 1 else ""
        if t.match_deals is None:
            deals, redeals, error = _play_single(t, table, seed, tag)
        else:
            deals, redeals, error = _play_match(t, table, seed, t.board_deals(k), tag)
        games.append(
            GameResult(r, deals, redeals, table.actions, tuple(table.decisions), tuple(table.think))
        )
        if error is not None:
            break
    return BoardResult(k, seed, tuple(games), error)


def play_chunk(t: Tournament, start: int, stop: int) -> list[BoardResult]:
    """Play boards ``start .. stop - 1`` (the unit of work of processes and Ray)."""
    return [play_board(t, k) for k in range(start, stop)]


def run_tournament(
    t: Tournament,
    *,
    workers: int | None = None,
    backend: str = "local",
    progress: Callable[[int], None] | None = None,
    address: str | None = None,
) -> RunResult:
    """Play every board of ``t`` and return the board results in board order
    (whatever the backend and the number of workers). ``progress(games)`` is
    called as games finish (a game: one board under one seating). ``address``
    is the Ray cluster to join (``backend="ray"`` only; default ``RAY_ADDRESS``,
    else a local cluster started for the run)."""
    if backend not in BACKENDS:
        raise ChupaiError(f"unknown backend {backend!r}; backends: {', '.join(BACKENDS)}")
    if workers is not None and workers < 1:
        raise ChupaiError(f"--workers must be at least 1, got {workers}")
    if address is not None and backend != "ray":
        raise ChupaiError("--address is the address of a Ray cluster: give --backend ray")
    for name in t.names:  # fail early on an unknown bot
        t.make_bot(name, 0)
    if t.records is not None:
        try:
            Path(t.records).mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise ChupaiError(f"cannot create {t.records}: {exc}") from None
    k = workers if workers is not None else (1 if backend == "local" else 2)
    parts = (
        chunks(t.boards, k)
        if (k > 1 or backend == "ray")
        else [(b, b + 1) for b in range(t.boards)]
    )
    start = time.perf_counter()
    results: dict[int, list[BoardResult]] = {}
    per_board = len(t.seatings)
    stream = (
        _local_chunks(t, parts, k)
        if backend == "local"
        else _ray_chunks(t, parts, workers, address)
    )
    for i, boards in stream:
        results[i] = boards
        if progress is not None:
            progress(per_board * len(boards))
    seconds = time.perf_counter() - start
    merged = [b for i in range(len(parts)) for b in results[i]]
    return RunResult(merged, seconds, k, backend)
