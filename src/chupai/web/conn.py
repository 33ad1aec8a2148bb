"""Connections of ``chupai serve``: their limits, their timeouts and their
outgoing queues (``docs/protocol.md``, "Limits").

No client can stall a table and no connection can stall the server:

* **Outgoing queues.** Every message to a WebSocket goes through its
  :class:`Outbox`: a bounded queue emptied by the connection's own sender task,
  with a time limit per message. A broadcast only puts text in queues, so it never
  waits on a socket (and never while holding a table's lock). A receiver that
  does not keep up (its queue is over :attr:`Limits.send_queue` messages, or one
  message takes over :attr:`Limits.send_timeout` seconds to go out) is dropped:
  closed with code :data:`CLOSE_SLOW`, never waited on.
* **Timeouts.** A connection must send a complete HTTP request head within
  :attr:`Limits.request_timeout` seconds of connecting (and of its previous
  answer), and one that does not take its answer for three such periods in a
  row is cut; a WebSocket must join a table within :attr:`Limits.join_timeout`
  seconds; a WebSocket that does not answer the server's pings within
  :attr:`Limits.ping_timeout` seconds (a half-open connection, a peer that stopped
  reading) is cut.
* **Limits.** At most :attr:`Limits.max_connections` connections at once (HTTP
  and WebSocket; one more is answered ``503`` and closed at once), at most
  :attr:`Limits.max_table_connections` WebSockets joined to one table and at most
  :attr:`Limits.max_spectators` spectators of one table (error ``full``).

The timeouts and the connection limit live in the HTTP and WebSocket protocol
classes given to uvicorn (:func:`protocol_classes`); the outgoing queues and the
table limits in the application, so they hold under any ASGI server.
"""

from __future__ import annotations

import asyncio
import contextlib
import resource
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final

__all__ = [
    "Limits",
    "Outbox",
    "CLOSE_BAD_TOKEN",
    "CLOSE_SLOW",
    "CLOSE_FULL",
    "CLOSE_IDLE",
    "protocol_classes",
    "raise_fd_limit",
]

CLOSE_BAD_TOKEN: Final = 4003
"""Close code: the join's token is no seat's token at that table."""
CLOSE_SLOW: Final = 4008
"""Close code: the receiver did not read its messages in time (dropped)."""
CLOSE_FULL: Final = 4013
"""Close code: a connection limit is reached (after an error ``full``)."""
CLOSE_IDLE: Final = 4408
"""Close code: no ``join`` within the join timeout (after an error ``idle``)."""


@dataclass(frozen=True, slots=True)
class Limits:
    """The limits of a server (``chupai serve`` options of the same names)."""

    max_connections: int = 1000
    """Connections open at once, HTTP and WebSocket together (the process's
    descriptor limit is raised to fit, or this is lowered to fit it)."""
    max_table_connections: int = 32
    """WebSockets joined to one table: players' devices and spectators."""
    max_spectators: int = 16
    """Spectators of one table."""
    request_timeout: float = 10.0
    """Seconds a connection has to send a complete request head."""
    join_timeout: float = 10.0
    """Seconds a WebSocket has to join a table."""
    send_queue: int = 256
    """Messages that may wait to go out on one WebSocket."""
    send_timeout: float = 10.0
    """Seconds one message may take to go out on a WebSocket."""
    ping_interval: float = 20.0
    """Seconds between the server's WebSocket pings."""
    ping_timeout: float = 20.0
    """Seconds a WebSocket has to answer a ping."""
    frames_cache_mib: float = 64.0
    """Memory for the cached replay frames of finished tables (compressed)."""
    frames_queue: int = 4
    """Replay-frame computations that may wait at once (more: ``503``)."""

    def check(self) -> None:
        """Raise ``ValueError`` naming the first limit out of range."""
        for name in ("max_connections", "max_table_connections", "send_queue", "frames_queue"):
            if getattr(self, name) < 1:
                raise ValueError(f"{name} must be at least 1")
        if self.max_spectators < 0:
            raise ValueError("max_spectators must be at least 0")
        for name in (
            "request_timeout",
            "join_timeout",
            "send_timeout",
            "ping_interval",
            "ping_timeout",
            "frames_cache_mib",
        ):
            value = getattr(self, name)
            if not 0 < value <= 86_400:
                raise ValueError(f"{name} must be more than 0 and at most 86400, not {value}")


_Item = str | tuple[int, str]
"""A message to send, or a close (code, reason)."""


class Outbox:
    """The outgoing queue of one WebSocket and the task that empties it.

    :meth:`put` never waits: it queues the text, or drops the connection when
    the queue is full. The sender task sends one message at a time, each within
    ``timeout`` seconds, or drops the connection. ``on_drop`` is called once when
    the connection is dropped (the server takes it off its table)."""

    def __init__(
        self, ws: Any, *, limit: int, timeout: float, on_drop: Callable[[], None] | None = None
    ):
        self.ws = ws
        self.limit = limit
        self.timeout = timeout
        self.on_drop = on_drop
        self.closed = False
        """No more messages go out (closed, dropped or disconnected)."""
        self.dropped: int | None = None
        """The close code, if the server dropped the connection."""
        self._queue: deque[_Item] = deque()
        self._wake = asyncio.Event()
        self._task = asyncio.get_running_loop().create_task(self._run())

    def __len__(self) -> int:
        return len(self._queue)

    def put(self, text: str) -> bool:
        """Queue ``text``; False if the connection is closed or now dropped."""
        if self.closed:
            return False
        if len(self._queue) >= self.limit:
            self.drop(CLOSE_SLOW, "too slow: the messages were not read")
            return False
        self._queue.append(text)
        self._wake.set()
        return True

    def close(self, code: int, reason: str = "") -> None:
        """Close the socket with ``code`` once the queued messages are sent."""
        if not self.closed:
            self._queue.append((code, reason))
            self._wake.set()
            self.closed = True

    def drop(self, code: int, reason: str) -> None:
        """Close the socket now with ``code``, whatever is queued (not waited on)."""
        if self.dropped is not None:
            return
        self.closed = True
        self.dropped = code
        self._queue.clear()
        self._task.cancel()
        asyncio.get_running_loop().create_task(self._close(code, reason))
        if self.on_drop is not None:
            self.on_drop()

    async def _close(self, code: int, reason: str) -> None:
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self.ws.close(code=code, reason=reason), self.timeout)

    async def _run(self) -> None:
        try:
            while True:
                while not self._queue:
                    self._wake.clear()
                    await self._wake.wait()
                item = self._queue.popleft()
                if isinstance(item, tuple):
                    await self._close(*item)
                    return
                async with asyncio.timeout(self.timeout):
                    await self.ws.send_text(item)
        except TimeoutError:
            self.drop(CLOSE_SLOW, "too slow: a message was not read in time")
        except asyncio.CancelledError:
            raise
        except Exception:  # the socket closed under us: its handler cleans up
            self.closed = True

    async def wait_sent(self, timeout: float) -> None:
        """Wait (at most ``timeout`` seconds) until the queue is sent and closed."""
        with contextlib.suppress(BaseException):
            await asyncio.wait_for(asyncio.shield(self._task), timeout)

    async def aclose(self) -> None:
        """Stop the sender task (the connection has ended)."""
        self.closed = True
        self._task.cancel()
        with contextlib.suppress(BaseException):
            await self._task


def raise_fd_limit(wanted: int) -> int:
    """Raise the soft limit on open descriptors towards ``wanted`` (within the
    hard limit); the limit now in force."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
    if soft != resource.RLIM_INFINITY and soft < target:
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
            soft = target
    return int(soft) if soft != resource.RLIM_INFINITY else wanted


FD_RESERVE: Final = 64
"""Descriptors kept for the database, the log and the server's own files."""


def fitted(limits: Limits) -> Limits:
    """``limits`` with ``max_connections`` lowered to what the descriptor limit
    allows (after raising it where possible)."""
    have = raise_fd_limit(limits.max_connections + FD_RESERVE)
    if limits.max_connections + FD_RESERVE <= have:
        return limits
    import dataclasses

    return dataclasses.replace(limits, max_connections=max(1, have - FD_RESERVE))


_BUSY: Final = (
    b"HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json\r\n"
    b"content-length: 57\r\nconnection: close\r\n\r\n"
    b'{"error": "too many connections; try again", "field": null}'
)


def protocol_classes(limits: Limits) -> tuple[type[Any], type[Any]]:
    """uvicorn's HTTP (h11) and WebSocket protocol classes with the connection
    limit and the timeouts of ``limits``."""
    from uvicorn.protocols.http.h11_impl import H11Protocol
    from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

    class LimitedHTTP(H11Protocol):
        """Refuses a connection over the limit; closes one that does not send a
        complete request head in time."""

        _head_timer: asyncio.TimerHandle | None = None
        _stalled = 0

        def connection_made(self, transport: Any) -> None:
            super().connection_made(transport)
            if len(self.connections) > limits.max_connections:
                transport.write(_BUSY)
                transport.close()
                return
            self._arm()

        def _arm(self) -> None:
            if self._head_timer is not None:
                self._head_timer.cancel()
            self._head_timer = self.loop.call_later(limits.request_timeout, self._head_timeout)

        def _head_timeout(self) -> None:
            self._head_timer = None
            if self.transport.get_protocol() is not self or self.transport.is_closing():
                return  # upgraded to a WebSocket, or closing
            if self.cycle is None or self.cycle.response_complete:
                self.transport.abort()  # no request head in time
                return
            # a request is being answered: look again later, but cut a client that
            # has not taken the answer for three looks in a row
            self._stalled = self._stalled + 1 if self.flow.write_paused else 0
            if self._stalled >= 3:
                self.transport.abort()
            else:
                self._arm()

        def on_response_complete(self) -> None:
            super().on_response_complete()
            if not self.transport.is_closing():
                self._arm()

        def connection_lost(self, exc: Exception | None) -> None:
            if self._head_timer is not None:
                self._head_timer.cancel()
                self._head_timer = None
            super().connection_lost(exc)

    class LimitedWebSocket(WebSocketsSansIOProtocol):
        """Never waits on a peer that does not read: a close while the send
        buffer is full, a ping unanswered, or the application's end with data
        still unsent cuts the connection instead of waiting for it."""

        _lost = False

        async def send(self, message: Any) -> None:
            if (
                message["type"] == "websocket.close"
                and self.handshake_complete
                and not self.writable.is_set()
            ):
                self.queue.put_nowait(
                    {"type": "websocket.disconnect", "code": message.get("code", 1000)}
                )
                self.close_sent = True
                self.transport.abort()
                return
            await super().send(message)

        def keepalive_timeout(self) -> None:
            super().keepalive_timeout()
            if not self._lost:
                self.transport.abort()

        async def run_asgi(self) -> None:
            await super().run_asgi()
            self.loop.call_later(limits.send_timeout, self._cut)

        def _cut(self) -> None:
            if not self._lost:
                self.transport.abort()

        def connection_lost(self, exc: Exception | None) -> None:
            self._lost = True
            super().connection_lost(exc)

    return LimitedHTTP, LimitedWebSocket
