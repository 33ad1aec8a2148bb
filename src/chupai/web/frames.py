"""The replay frames of finished tables (``GET /api/records/TABLE/frames``):
every step of a match with every hand, for the replay viewer.

A 100-deal table has thousands of frames (tens of MB of JSON, seconds of CPU),
so they are computed once per table, off the event loop, and kept compressed:

* **Computed once.** The gzipped JSON of a table's frames is kept in a cache of
  bounded size (least recently used first out); requests for a table being
  computed wait for that computation instead of starting another.
* **Off the event loop.** The computation runs in one worker: a separate process
  under ``chupai serve`` (so that it does not hold the interpreter lock the
  tables need), a thread otherwise. One table at a time; at most
  ``queue`` tables may wait, and a request beyond is refused (:class:`Busy`,
  answered ``503``) rather than queued without end.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import gzip
import json
import multiprocessing
import os
from collections import OrderedDict
from typing import Any

from chupai.web import views
from chupai.web.store import StoredTable

__all__ = ["FramesCache", "Busy", "replay_frames", "frames_document"]


class Busy(Exception):
    """Too many frame computations are waiting."""


def replay_frames(stored: Any) -> list[dict[str, Any]]:
    """Every step of a finished table, with full information: each seat's hand and
    the public view after each action (for the replay viewer; the game is over, so
    every card may be shown)."""
    from chupai.web.tables import Seat, Table

    seats = [Seat(s.seat, s.kind, s.name, s.level, None) for s in stored.seats]
    table = Table(stored.id, stored.config, seats, stored.created)
    frames: list[dict[str, Any]] = []

    def snap(text: str | None, seat: int | None, position: int) -> None:
        deal = table.match.deals[position]
        frames.append(
            {
                "step": len(frames),
                "deal": position + 1,
                "seat": seat,
                "text": text,
                "hands": [
                    views.hand_tokens(table.spec, obs)
                    for obs in map(deal.observe, range(table.players))
                ],
                "public": views.public_view(table.spec, deal.observe(0))["public"],
                "totals": list(table.match.totals),
            }
        )

    snap(None, None, 0)
    for entry in stored.log:
        table.commit(entry, table.parse(entry.text))
        snap(entry.text, entry.seat, entry.deal)  # the deal as this action left it
        if table.position != entry.deal:  # it ended and the next one was dealt
            snap(None, None, table.position)
    return frames


def frames_document(stored: StoredTable) -> bytes:
    """The gzipped JSON answer of the frames endpoint for ``stored``."""
    doc = {
        "table": stored.id,
        "game": stored.config["game"],
        "spec": stored.config["spec"],
        "names": [s.name for s in stored.seats],
        "frames": replay_frames(stored),
    }
    text = json.dumps(doc, ensure_ascii=False, allow_nan=False, indent=None, separators=(",", ":"))
    return gzip.compress(text.encode("utf-8"), compresslevel=6, mtime=0)


def _worker_init(server: int) -> None:
    """A worker process loads the games named in ``CHUPAI_GAMES``, as the server
    did, and ends with the server (:func:`chupai.web.guards.worker_start`)."""
    from chupai.web.guards import worker_start

    worker_start(server, priority=0)


class FramesCache:
    """The frames of finished tables, computed once by one worker and cached
    (``budget`` bytes of compressed JSON at most)."""

    def __init__(self, budget: int, queue: int, *, processes: bool = False):
        self.budget = budget
        self.queue = queue
        self.processes = processes
        self.computed = 0
        """Tables whose frames were computed (for the tests)."""
        self._cache: OrderedDict[str, bytes] = OrderedDict()
        self._size = 0
        self._running: dict[str, asyncio.Future[bytes]] = {}
        self._pool: concurrent.futures.Executor | None = None

    def _executor(self) -> concurrent.futures.Executor:
        if self._pool is None:
            if self.processes:
                self._pool = concurrent.futures.ProcessPoolExecutor(
                    1,
                    mp_context=multiprocessing.get_context("spawn"),
                    initializer=_worker_init,
                    initargs=(os.getpid(),),
                )
            else:
                self._pool = concurrent.futures.ThreadPoolExecutor(1, "chupai-frames")
        return self._pool

    def cached(self, table_id: str) -> bytes | None:
        found = self._cache.get(table_id)
        if found is not None:
            self._cache.move_to_end(table_id)
        return found

    async def get(self, stored: StoredTable) -> bytes:
        """The gzipped frames of ``stored`` (computed at most once at a time);
        raises :class:`Busy` when ``queue`` other tables are already waiting."""
        found = self.cached(stored.id)
        if found is not None:
            return found
        running = self._running.get(stored.id)
        if running is None:
            if len(self._running) >= self.queue:
                raise Busy(f"{len(self._running)} replays are being prepared; try again soon")
            loop = asyncio.get_running_loop()
            running = asyncio.ensure_future(
                loop.run_in_executor(self._executor(), frames_document, stored)
            )
            self._running[stored.id] = running
            running.add_done_callback(lambda fut: self._done(stored.id, fut))
        return await asyncio.shield(running)

    def _done(self, table_id: str, fut: asyncio.Future[bytes]) -> None:
        self._running.pop(table_id, None)
        if fut.cancelled() or fut.exception() is not None:
            return
        data = fut.result()
        self.computed += 1
        if len(data) > self.budget:
            return
        self._cache[table_id] = data
        self._size += len(data)
        while self._size > self.budget:
            _, old = self._cache.popitem(last=False)
            self._size -= len(old)

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
