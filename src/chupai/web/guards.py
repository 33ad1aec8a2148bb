"""What keeps a table of ``chupai serve`` going whatever its bots, its players and
its disk do (issue 14), mixed into :class:`chupai.web.app.ChupaiServer`:

- **Bots within limits.** A bot thinks in the bots' own bounded pool
  (:data:`BOT_WORKERS` worker processes under ``chupai serve``, so that a bot's
  search never holds the server's interpreter; threads in-process), apart from
  replays, hints and storage, and has
  :data:`BOT_SECONDS` of wall clock per decision; a bot over it (or failing) has
  the hint bot's choice played for it and is replaced, which is logged. The
  seconds each decision took where it ran (:func:`think`) go with its action
  to the table (:meth:`chupai.web.tables.Table.commit`), which shows them.
- **A private step of fixed length.** A decision nobody else may know is a seat's
  (Big A's reveal step: :meth:`chupai.web.tables.Table.private_step`) lasts
  :data:`REVEAL_SECONDS` whoever is asked: a bot's answer and a human's are both
  applied when it ends, so its length does not tell a bot's quick answer from a
  human's thought (and so who the partner is).
- **Storage errors retried.** A failed write is logged, told to the table's
  connections (an ``error`` of code ``storage``) and retried after a growing wait
  (:data:`STORE_RETRY`); the table waits meanwhile.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import logging
import multiprocessing
import os
import time
from collections.abc import Awaitable, Callable
from typing import Any

from chupai.errors import ChupaiError

__all__ = [
    "TableGuards",
    "BOT_WORKERS",
    "BOT_SECONDS",
    "REVEAL_SECONDS",
    "STORE_RETRY",
    "bot_pool",
    "think",
]

log = logging.getLogger("chupai.serve")

BOT_WORKERS = 2
"""Workers (processes under ``chupai serve``) the bots think in (a pool of their own: replays and storage never wait
for a bot, and bots never wait for them)."""

BOT_SECONDS = 10.0
"""The wall-clock limit of one bot decision; a bot over it has the hint bot's
choice played for it (and is replaced), which is logged."""

REVEAL_SECONDS = 10.0
"""How long a private step lasts (Big A's reveal step): the same whoever is asked,
so that its length does not tell a bot's quick answer from a human's thought."""

STORE_RETRY = (0.5, 5.0)
"""The first and the longest wait before a failed write is tried again."""


def worker_start(server: int, priority: int = 10) -> None:
    """What every worker process of the server (the bots', the frames' and the
    analyses' pools) does first: run ``priority`` steps below the server's priority
    (a search never slows the tables' messages), load the games named in
    ``CHUPAI_GAMES`` as the command line did (a bot of such a game is sent to it),
    and end when the server's process ``server`` (its pid, given by the server:
    a worker started after the server died knows it too) ends, even by SIGKILL
    (:func:`_exit_with_parent`)."""
    from chupai.protocol import GAMES_VARIABLE, load_modules

    if priority:
        with contextlib.suppress(OSError):
            os.nice(priority)
    load_modules(os.environ.get(GAMES_VARIABLE, ""))
    _exit_with_parent(server)


PARENT_CHECK_SECONDS = 1.0
"""How often a worker process checks that the server that started it still runs."""


def _exit_with_parent(parent: int) -> None:
    """A daemon thread that ends this process once its parent ``parent`` has gone
    (it is then adopted by another process), at once if it already has. A pool's worker waits on a pipe whose
    other end it holds itself, so without this a server killed by SIGKILL leaves
    its workers behind, waiting for ever."""
    import threading

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(PARENT_CHECK_SECONDS)
        os._exit(0)

    threading.Thread(target=watch, name="chupai-parent-watch", daemon=True).start()


def _worker_start(server: int) -> None:
    """A bot worker process's start (:func:`worker_start`)."""
    worker_start(server)


def bot_pool(workers: int, processes: bool) -> concurrent.futures.Executor:
    """The bots' pool: ``workers`` processes (a bot's search then never holds the
    server's interpreter) or, in-process, threads."""
    if processes:
        return concurrent.futures.ProcessPoolExecutor(
            workers,
            mp_context=multiprocessing.get_context("spawn"),
            initializer=_worker_start,
            initargs=(os.getpid(),),
        )
    return concurrent.futures.ThreadPoolExecutor(workers, thread_name_prefix="chupai-bot")


def think(bot: Any, obs: Any, legal: list[Any]) -> tuple[int, Any, float]:
    """A bot's decision in the pool: the index of its choice in ``legal``, the bot
    as it is after deciding (its generator moved on), which a worker process sends
    back so that the table keeps deciding as one bot would, and its think time: the
    seconds of wall clock ``bot.act`` took where it ran (the pool's queue and the
    trip to a worker process left out)."""
    start = time.perf_counter()
    action = bot.act(obs, legal)
    seconds = time.perf_counter() - start
    return next(i for i, a in enumerate(legal) if a is action or a == action), bot, seconds


class TableGuards:
    """The bots' pool and limits, private steps and storage retries of a server
    (a mixin: the server provides ``_apply`` and ``_notify``)."""

    bot_pool: concurrent.futures.Executor
    bot_seconds: float
    storage_errors: int

    async def _apply(
        self,
        live: Any,
        seat: int,
        action: Any,
        *,
        auto: bool,
        timed: bool = False,
        thought: float | None = None,
    ) -> None:
        raise NotImplementedError

    async def _notify(self, live: Any, code: str, message: str) -> None:
        """Send an ``error`` of ``code`` to every connection of the table."""
        raise NotImplementedError

    async def _bot_action(self, live: Any) -> tuple[int, Any, float | None]:
        """The bot to act's seat, its choice, thought in the bots' pool within
        :attr:`bot_seconds`, and its think time in seconds (:func:`think`); a bot
        over it (or failing) has the hint bot's choice played for it, which is
        logged, with no think time (the lock is held)."""
        table = live.table
        try:
            seat, bot, obs, legal = table.bot_choice()
        except ChupaiError as exc:  # an own bot the restarted server was not given (--bot)
            seat = table.to_act
            log.error(
                "table %s: the %s bot of seat %d cannot be built (%s); the hint bot's "
                "choice is played for it",
                table.id,
                table.seats[seat].level,
                seat,
                exc,
            )
            _, action = await asyncio.to_thread(table.hint, seat)
            return seat, action, None
        thinking = asyncio.wrap_future(self.bot_pool.submit(think, bot, obs, legal))
        try:
            index, bot, seconds = await asyncio.wait_for(thinking, self.bot_seconds)
            table.keep_bot(seat, bot)
            return seat, legal[index], seconds
        except TimeoutError:
            log.warning(
                "table %s: the %s bot of seat %d took more than %g s; the hint bot's "
                "choice is played for it",
                table.id,
                table.seats[seat].level,
                seat,
                self.bot_seconds,
            )
        except Exception:
            log.exception(
                "table %s: the %s bot of seat %d failed; the hint bot's choice is played for it",
                table.id,
                table.seats[seat].level,
                seat,
            )
        table.drop_bot(seat)
        _, action = await asyncio.to_thread(table.hint, seat)
        return seat, action, None

    async def _private_step(self, live: Any, step: int, seconds: float) -> None:
        """A private step (:meth:`Table.private_step`) lasts ``seconds`` whoever is
        asked: a bot's answer and a human's are both applied when it ends, and a
        human who has not answered by then has the hint bot's choice played."""
        table = live.table
        end = asyncio.get_running_loop().time() + seconds
        answer: tuple[Any, bool] | None = None
        seat = table.to_act
        assert seat is not None
        if table.is_bot(seat):
            async with live.lock:
                if len(table.log) != step:
                    return
                # no think time: how long it took must not tell whose step it is
                seat, action, _ = await self._bot_action(live)
                answer = (action, True)
        await asyncio.sleep(max(0.0, end - asyncio.get_running_loop().time()))
        async with live.lock:
            if len(table.log) != step or live.step != step:
                return
            if answer is None and live.pending is not None:
                answer = (live.pending, False)
            timed = answer is None  # a human who did not answer in time
            if answer is None:
                answer = ((await asyncio.to_thread(table.hint, seat))[1], True)
            live.pending = None
            await self._apply(live, seat, answer[0], auto=answer[1], timed=timed)

    async def _stored(self, live: Any, write: Callable[[], Awaitable[None]]) -> None:
        """Run ``write`` until it succeeds: a failure (a full disk...) is logged,
        told to the table's connections (an ``error`` of code ``storage``) and
        retried after a growing wait; the table waits meanwhile (the lock is held:
        nothing is shown before it is stored)."""
        wait, longest = STORE_RETRY
        failing = False
        while True:
            try:
                await write()
            except Exception as exc:
                self.storage_errors += 1
                log.error(
                    "table %s: an action could not be stored (%s); retrying in %g s",
                    live.table.id,
                    exc,
                    wait,
                )
                if not failing:
                    failing = True
                    await self._notify(
                        live,
                        "storage",
                        "the server cannot store this table's "
                        f"actions ({exc}); it keeps trying and the table waits",
                    )
                await asyncio.sleep(wait)
                wait = min(wait * 2, longest)
                continue
            if failing:
                log.warning("table %s: storing works again", live.table.id)
            return
