"""Analyses of finished tables for the browser (issue 23), mixed into
:class:`chupai.web.app.ChupaiServer`: ``POST /api/records/TABLE/analysis``
starts one (or reuses it), ``GET`` the same path tells how it goes and gives its
result, the ``chupai-analysis`` JSON of :func:`chupai.analysis.analyse_record`
(``docs/analysis.md``, "In the browser").

- **Finished games only, seen by whoever may see the record.** A record is
  public once its match is over (``GET /api/records/TABLE``), so anybody may have
  it analysed; the analysis shows nothing the record does not. A table still
  playing (or voided) is refused with ``409``, an unknown one with ``404``.
- **A bounded pool, never the event loop.** Jobs run in ``workers`` workers
  (processes under ``chupai serve``, below the server's priority, so that a search
  never holds the server's interpreter; threads in-process), apart from the bots,
  the replays and storage. At most ``queue`` jobs wait beyond those running; one
  more is refused with ``429``.
- **Stored and reused.** A job is keyed by table, seats, budget and seed; its
  status and result are kept in the database (the ``analyses`` table of
  :mod:`chupai.web.store`), so a finished analysis is answered at once to later
  requests, after a restart too. A job queued or running when the server stopped
  is marked ``failed`` at the next start (its error says so) and asking again
  starts it anew: none is lost silently.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import functools
import gzip
import itertools
import json
import logging
import multiprocessing
import os
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Annotated, Any, Final

from pydantic import BaseModel, ConfigDict, Field, ValidationError
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from chupai.errors import ChupaiError
from chupai.web import httpcheck
from chupai.web.conn import Limits
from chupai.web.store import Store, StoredAnalysis

__all__ = [
    "ANALYSIS_WORKERS",
    "ANALYSIS_QUEUE",
    "ANALYSIS_SEED",
    "EVALUATE_BUDGET",
    "EVALUATE_TOP",
    "evaluate_choices",
    "INTERRUPTED",
    "AnalysisHandlers",
    "AnalysisJobs",
    "AnalysisRequest",
    "seats_key",
]

log = logging.getLogger("chupai.serve")

ANALYSIS_WORKERS: Final = 1
"""Workers the analyses run in at once (``chupai serve --analysis-workers``)."""

ANALYSIS_QUEUE: Final = 8
"""Analyses that may wait beyond those running (``--analysis-queue``); one more is
refused with ``429``."""

ANALYSIS_SEED: Final = 0
"""The seed of the server's analyses (part of a job's key: one analysis per
table, seats and budget)."""

INTERRUPTED: Final = (
    "the server stopped while this analysis was queued or running; ask again to restart it"
)
"""The error of a job the server's stop interrupted (marked at the next start)."""

EVALUATE_BUDGET: Final = "quick"
"""The budget of a practice table's win chances (``evaluate``): a quick answer."""

EVALUATE_TOP: Final = 3
"""How many of the best actions an ``evaluate`` is answered with."""

MAX_ANALYSIS_BODY: Final = 1024
"""The largest body of ``POST /api/records/TABLE/analysis`` (a real one is < 40 bytes)."""


class AnalysisRequest(BaseModel):
    """The body of ``POST /api/records/TABLE/analysis`` (both fields optional)."""

    model_config = ConfigDict(extra="forbid", strict=True)
    seat: Annotated[int, Field(ge=0)] | None = None
    """The seat whose decisions are analysed (None: every seat)."""
    budget: Annotated[str, Field(min_length=1, max_length=40)] | None = None
    """A named budget of :data:`chupai.analysis.BUDGETS` (None: ``default``)."""


def seats_key(seats: Sequence[int] | None) -> str:
    """The text of the seats analysed in a job's key: ``all`` or ``0,2``."""
    return "all" if seats is None else ",".join(str(s) for s in sorted(set(seats)))


def _seats_of(key: str) -> list[int] | None:
    return None if key == "all" else [int(s) for s in key.split(",")]


@dataclass(eq=False)
class Job:
    """An analysis queued or running (in memory: its progress is not stored)."""

    id: int
    table_id: str
    seats: str
    budget: str
    seed: int
    created: float = field(default_factory=time.time)
    status: str = "queued"
    done: int = 0
    total: int = 0
    error: str | None = None

    @property
    def key(self) -> tuple[str, str, str, int]:
        return (self.table_id, self.seats, self.budget, self.seed)

    def note(self, done: int, total: int) -> None:
        """Progress from the worker: ``done`` of ``total`` decisions."""
        if self.status == "queued":
            self.status = "running"
        self.done, self.total = done, total


def _body(
    status: str,
    *,
    done: int = 0,
    total: int = 0,
    analysis: Any = None,
    error: str | None = None,
    budget: str,
    seats: str,
) -> dict[str, Any]:
    return {
        "status": status,
        "done": done,
        "total": total,
        "analysis": analysis,
        "error": error,
        "budget": budget,
        "seat": None if seats == "all" else int(seats.split(",")[0]),
    }


# ----- the workers ------------------------------------------------------------------------

_progress_queue: Any = None
"""A worker process's queue of ``(job id, done, total)`` to the server."""


def _process_start(progress: Any, server: int) -> None:
    """A worker process runs below the server's priority, loads the games named in
    ``CHUPAI_GAMES`` as the server did, ends with the server
    (:func:`chupai.web.guards.worker_start`), and reports progress to ``progress``."""
    global _progress_queue
    from chupai.web.guards import worker_start

    worker_start(server)
    _progress_queue = progress


def analyse_text(
    record: Mapping[str, Any],
    seats: Sequence[int] | None,
    budget: str | int,
    seed: int,
    progress: Callable[[int, int], None],
) -> str:
    """The analysis of ``record`` as JSON text (what the database keeps)."""
    from chupai.analysis import analyse_record

    progress(0, 0)  # started
    result = analyse_record(record, seats=seats, budget=budget, seed=seed, progress=progress)
    return json.dumps(result, ensure_ascii=False, allow_nan=False, separators=(",", ":"))


def _in_thread(
    job: Job, record: Mapping[str, Any], seats: Sequence[int] | None, budget: str | int, seed: int
) -> str:
    return analyse_text(record, seats, budget, seed, job.note)


def _in_process(
    job_id: int,
    record: Mapping[str, Any],
    seats: Sequence[int] | None,
    budget: str | int,
    seed: int,
) -> str:
    queue = _progress_queue

    def progress(done: int, total: int) -> None:
        if queue is not None:
            queue.put((job_id, done, total))

    return analyse_text(record, seats, budget, seed, progress)


def evaluate_choices(
    game: str, state: Mapping[str, Any], budget: str | int, seed: int, top: int
) -> tuple[int, list[dict[str, Any]]]:
    """The win chances of the best actions of the seat to act in the deal of
    ``state`` (:meth:`chupai.protocol.GameSpec.state_of`), from that seat's
    observation only (:class:`chupai.analysis.Evaluator`): the rollouts used and
    at most ``top`` actions, best first, each ``{"text", "win", "score"}``. Runs
    in the bots' pool. Raises :class:`ChupaiError` where the evaluator would fall
    back on the real deal (its hidden cards must not reach the player)."""
    from chupai.analysis import Evaluator, budget_rollouts
    from chupai.protocol import get_game

    spec = get_game(game)
    deal = spec.deal_of_state(state)
    rollouts = budget_rollouts(spec, budget)
    found = Evaluator(game, rollouts=rollouts, seed=seed).evaluate(deal, key="hint")
    if found.source in ("true deal", "open hand"):  # values that know the hidden cards
        raise ChupaiError(
            "no deal consistent with what this seat has seen could be drawn here, and win "
            "chances from the real hands would tell hidden cards"
        )
    best = [
        {"text": a.text, "win": round(a.win, 4), "score": round(a.score, 3)}
        for a in found.actions[:top]
    ]
    return rollouts, best


class AnalysisJobs:
    """The analysis jobs of a server: the pool, the jobs queued or running, and
    their statuses and results in ``store``."""

    def __init__(
        self,
        store: Store,
        *,
        workers: int = ANALYSIS_WORKERS,
        queue: int = ANALYSIS_QUEUE,
        processes: bool = False,
        budgets: Mapping[str, str | int] | None = None,
    ):
        if isinstance(workers, bool) or not isinstance(workers, int) or not 1 <= workers <= 64:
            raise ValueError(
                f"analysis_workers must be a whole number from 1 to 64, not {workers!r}"
            )
        if isinstance(queue, bool) or not isinstance(queue, int) or not 1 <= queue <= 10_000:
            raise ValueError(
                f"analysis_queue must be a whole number from 1 to 10000, not {queue!r}"
            )
        self.store = store
        self.workers = workers
        self.queue = queue
        self.processes = processes
        self._budgets = None if budgets is None else dict(budgets)
        self.jobs: dict[tuple[str, str, str, int], Job] = {}
        """The jobs queued or running (and one whose result could not be stored)."""
        self._ids = itertools.count(1)
        self._by_id: dict[int, Job] = {}
        self._pool: concurrent.futures.Executor | None = None
        self._progress: Any = None
        self._drainer: threading.Thread | None = None
        self._tasks: set[asyncio.Task[None]] = set()

    @property
    def budgets(self) -> dict[str, str | int]:
        """The budgets a request may name, and what each gives the library: the
        library's named budgets (read when first needed), or those given (a
        test's tiny ones)."""
        if self._budgets is None:
            from chupai.analysis import BUDGETS

            self._budgets = {name: name for name in BUDGETS}
        return self._budgets

    @property
    def default_budget(self) -> str:
        return "default" if "default" in self.budgets else next(iter(self.budgets))

    def _executor(self) -> concurrent.futures.Executor:
        if self._pool is None:
            if self.processes:
                ctx = multiprocessing.get_context("spawn")
                self._progress = ctx.Queue()
                self._drainer = threading.Thread(
                    target=self._drain, name="chupai-analysis-progress", daemon=True
                )
                self._drainer.start()
                self._pool = concurrent.futures.ProcessPoolExecutor(
                    self.workers,
                    mp_context=ctx,
                    initializer=_process_start,
                    initargs=(self._progress, os.getpid()),
                )
            else:
                self._pool = concurrent.futures.ThreadPoolExecutor(
                    self.workers, thread_name_prefix="chupai-analysis"
                )
        return self._pool

    def _drain(self) -> None:
        """Move the worker processes' progress onto their jobs."""
        while True:
            item = self._progress.get()
            if item is None:
                return
            job = self._by_id.get(item[0])
            if job is not None:
                job.note(item[1], item[2])

    async def restore(self) -> None:
        """At start: mark the jobs the last stop interrupted failed."""
        await self.store.interrupt_analyses(INTERRUPTED)

    async def start(
        self, table_id: str, seats: Sequence[int] | None, budget: str, seed: int = ANALYSIS_SEED
    ) -> tuple[int, dict[str, Any] | bytes]:
        """Start (or reuse) the analysis of a finished table: the HTTP status
        (``200`` done already, ``202`` queued or running, ``429`` too many
        waiting, ``503`` not storable now) and the answer's body."""
        key = (table_id, seats_key(seats), budget, seed)
        job = self.jobs.get(key)
        if job is not None and job.status != "failed":
            return 202, self._job_body(job)
        stored = await asyncio.to_thread(self.store.analysis, *key)
        if stored is not None and stored.status == "done":
            return 200, await asyncio.to_thread(_stored_text, stored)
        if sum(1 for j in self.jobs.values() if j.status != "failed") >= self.workers + self.queue:
            return 429, {
                "error": f"{self.queue} analyses are waiting already (and {self.workers} "
                "running); try again in a few minutes",
                "field": None,
            }
        record = await asyncio.to_thread(self.store.record, table_id)
        if record is None:
            return 404, {"error": "no finished game with that id", "field": "table"}
        job = Job(next(self._ids), *key)
        self.jobs[key] = job  # before the write: a request meanwhile reuses it
        try:
            await self.store.save_analysis(*key, "queued")
        except Exception as exc:  # a full disk...
            self.jobs.pop(key, None)
            log.error("table %s: an analysis could not be stored: %s", table_id, exc)
            return 503, {
                "error": f"the server cannot store an analysis now ({exc}); try again later",
                "field": None,
            }
        self._by_id[job.id] = job
        task = asyncio.get_running_loop().create_task(self._run(job, record, seats))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return 202, self._job_body(job)

    async def _run(self, job: Job, record: dict[str, Any], seats: Sequence[int] | None) -> None:
        value = self.budgets[job.budget]
        loop = asyncio.get_running_loop()
        pool = self._executor()
        text: str | None = None
        try:
            if self.processes:
                text = await loop.run_in_executor(
                    pool, _in_process, job.id, record, seats, value, job.seed
                )
            else:
                text = await loop.run_in_executor(
                    pool, _in_thread, job, record, seats, value, job.seed
                )
        except ChupaiError as exc:
            job.error = str(exc)
        except asyncio.CancelledError:  # the server stops: the next start marks it failed
            raise
        except Exception as exc:
            log.exception("table %s: an analysis failed", job.table_id)
            job.error = f"the analysis failed: {exc}"
        try:
            if text is not None:
                await self.store.save_analysis(*job.key, "done", result=text, decisions=job.total)
            else:
                await self.store.save_analysis(*job.key, "failed", error=job.error)
        except Exception as exc:
            log.error("table %s: an analysis could not be stored: %s", job.table_id, exc)
            job.status = "failed"
            job.error = f"the analysis could not be stored ({exc}); ask again"
            return
        finally:
            self._by_id.pop(job.id, None)
        self.jobs.pop(job.key, None)

    def _job_body(self, job: Job) -> dict[str, Any]:
        return _body(
            job.status,
            done=job.done,
            total=job.total,
            error=job.error,
            budget=job.budget,
            seats=job.seats,
        )

    async def status(
        self, table_id: str, seats: Sequence[int] | None, budget: str | None, *, any_seats: bool
    ) -> dict[str, Any] | bytes | None:
        """The newest job of the table matching ``seats`` (unless ``any_seats``)
        and ``budget`` (None: any), or None."""
        skey = None if any_seats else seats_key(seats)
        mine = [
            j
            for j in self.jobs.values()
            if j.table_id == table_id
            and (skey is None or j.seats == skey)
            and (budget is None or j.budget == budget)
            and j.seed == ANALYSIS_SEED
        ]
        job = max(mine, key=lambda j: j.created, default=None)
        stored = await asyncio.to_thread(self.store.analysis, table_id, skey, budget, ANALYSIS_SEED)
        if stored is not None:
            same = self.jobs.get((stored.table_id, stored.seats, stored.budget, stored.seed))
            if same is not None:  # stored as queued: its progress is in memory
                stored, job = None, same
        if job is not None and (stored is None or job.created >= stored.created):
            return self._job_body(job)
        if stored is None:
            return None
        return await asyncio.to_thread(_stored_text, stored)

    def close(self) -> None:
        for task in list(self._tasks):
            task.cancel()
        pool, self._pool = self._pool, None
        if pool is not None:
            # a worker process in a long analysis is stopped now, not left running
            # on its own (the next start marks its job failed); the pool's
            # processes are private, hence looked up with care, and before the
            # shutdown, which forgets them
            procs = list(dict(getattr(pool, "_processes", None) or {}).values())
            pool.shutdown(wait=False, cancel_futures=True)
            for proc in procs:
                with contextlib.suppress(Exception):
                    proc.terminate()
        if self._progress is not None:
            with contextlib.suppress(Exception):
                self._progress.put(None)
            self._progress = None


def _stored_text(stored: StoredAnalysis) -> bytes:
    """The answer of a stored job as JSON: its result goes in as the text the
    database keeps, neither parsed nor written again (a long match's analysis is
    megabytes)."""
    total = stored.decisions or 0
    head = _body(
        stored.status,
        done=total if stored.status == "done" else 0,
        total=total,
        error=stored.error,
        budget=stored.budget,
        seats=stored.seats,
    )
    del head["analysis"]
    text = json.dumps(head, ensure_ascii=False, separators=(",", ":"))
    return (text[:-1] + ',"analysis":' + (stored.result or "null") + "}").encode()


GZIP_FROM: Final = 16_384
"""Answers at least this long go gzipped to a client that accepts it."""


async def _answer(request: Request, status: int, body: dict[str, Any] | bytes) -> Response:
    """An answer of the analysis routes: a body built here, or a stored job's
    JSON (gzipped off the event loop when long and the client accepts it)."""
    if isinstance(body, dict):
        return JSONResponse(body, status_code=status)
    headers = {}
    if len(body) >= GZIP_FROM and "gzip" in request.headers.get("accept-encoding", "").lower():
        body = await asyncio.to_thread(functools.partial(gzip.compress, body, 6, mtime=0))
        headers = {"Content-Encoding": "gzip", "Vary": "Accept-Encoding"}
    return Response(body, status_code=status, media_type="application/json", headers=headers)


class AnalysisHandlers:
    """The HTTP handlers of the analyses (a mixin: the server provides the jobs,
    its origins and limits)."""

    analyses: AnalysisJobs
    origins: frozenset[str]
    limits: Limits

    async def _analysable(self, table_id: str) -> int | Response:
        """The number of seats of a finished table, or the answer refusing it."""
        found = await asyncio.to_thread(self.analyses.store.table_status, table_id)
        if found is None:
            return httpcheck.error(404, "no finished game with that id", "table")
        status, players = found
        if status == "playing":
            return httpcheck.error(
                409,
                "this game is still being played: it can be analysed once it has ended",
                "table",
            )
        if status != "over":
            return httpcheck.error(
                409, "this game was voided before it ended: it has no record to analyse", "table"
            )
        return players

    def _check_choice(self, seat: int | None, budget: str | None, players: int) -> Response | None:
        if seat is not None and not 0 <= seat < players:
            return httpcheck.error(
                400, f"seat {seat} is not a seat of this game (0 to {players - 1})", "seat"
            )
        if budget is not None and budget not in self.analyses.budgets:
            names = ", ".join(self.analyses.budgets)
            return httpcheck.error(
                400, f"budget {budget[:40]!r} is not one of the named budgets ({names})", "budget"
            )
        return None

    async def analysis_start(self, request: Request) -> Response:
        refused = httpcheck.refuse_request(request, self.origins)
        if refused is not None:
            return refused
        raw = await httpcheck.read_body(request, MAX_ANALYSIS_BODY, self.limits.request_timeout)
        if isinstance(raw, Response):
            return raw
        try:
            body = AnalysisRequest.model_validate_json(raw or b"{}")
        except ValidationError as exc:
            err = exc.errors()[0]
            where = ".".join(str(p) for p in err["loc"])
            return httpcheck.error(400, f"{where or 'body'}: {err['msg']}", where or None)
        table_id = request.path_params["table_id"]
        players = await self._analysable(table_id)
        if isinstance(players, Response):
            return players
        bad = self._check_choice(body.seat, body.budget, players)
        if bad is not None:
            return bad
        seats = None if body.seat is None else [body.seat]
        budget = body.budget or self.analyses.default_budget
        status, answer = await self.analyses.start(table_id, seats, budget)
        return await _answer(request, status, answer)

    async def analysis_status(self, request: Request) -> Response:
        table_id = request.path_params["table_id"]
        players = await self._analysable(table_id)
        if isinstance(players, Response):
            return players
        query = request.query_params
        seat_text, budget = query.get("seat"), query.get("budget")
        seat = None
        if seat_text is not None and seat_text != "all":
            if not seat_text.isdigit():
                return httpcheck.error(
                    400, f"seat must be a seat number or 'all', not {seat_text[:40]!r}", "seat"
                )
            seat = int(seat_text)
        bad = self._check_choice(seat, budget, players)
        if bad is not None:
            return bad
        seat_key = seats_key(None if seat is None else [seat])
        answer = await self.analyses.status(
            table_id, None if seat is None else [seat], budget, any_seats=seat_text is None
        )
        if answer is None:  # not asked for yet (not an error: the page asks on opening)
            answer = _body("none", budget=budget or self.analyses.default_budget, seats=seat_key)
        return await _answer(request, 200, answer)
