"""The flow of a table between its deals and matches (issue 21), mixed into
:class:`chupai.web.app.ChupaiServer`; no game is named here.

- **Continue.** When a deal ends and the match goes on, the next deal is dealt
  but does not start: no bot plays, no turn timer runs and no action is accepted
  (code ``waiting``) until every seated human still connected has sent
  ``continue`` (they have read the result), or the table's ``continue_seconds``
  have passed (a countdown every client is shown, ``between.deadline_ms``). A
  human who leaves meanwhile is not waited for; bots never are. A table without
  ``continue_seconds`` (or 0) starts the next deal at once.
- **Rematch.** Once the match is over, a seated human may offer a rematch
  (``rematch``), and the others accept it with the same message. When every
  seated human still connected has, a new table starts with the same game,
  options, deals, timers, seats and bots and a seed derived from the old one;
  every seat keeps its token, so each player's link opens their seat there. The
  old table's state names the new one (``rematch.table``).
- **Names.** A human may name their seat (``name``): a friend who joined by a
  link is asked for one. The name is stored and shown to everybody.
"""

from __future__ import annotations

import asyncio
import secrets
import time
from typing import Any

from chupai.seeds import digest_seed
from chupai.web.live import Client, LiveTable, queue_error
from chupai.web.protocol import SetName
from chupai.web.store import Store
from chupai.web.tableconfig import TableError, check_name
from chupai.web.tables import Seat, Table

__all__ = ["TableFlow"]


def connected_humans(table: Table) -> set[int]:
    """The human seats with at least one connection."""
    return {s.seat for s in table.seats if s.kind == "human" and s.connections > 0}


class TableFlow:
    """Continue between deals, rematch and seat names (a mixin: the server
    provides its tables, store and game loop, declared below)."""

    store: Store
    tables: dict[str, LiveTable]

    def _spawn(self, coro: Any) -> asyncio.Task[None]:
        raise NotImplementedError

    def _after_change(self, live: LiveTable) -> None:
        raise NotImplementedError

    async def _broadcast(self, live: LiveTable) -> None:
        raise NotImplementedError

    async def _stored(self, live: Any, write: Any) -> None:
        raise NotImplementedError

    def _add_table(self, table: Table) -> LiveTable:
        raise NotImplementedError

    # ----- continue -----------------------------------------------------------------------
    def _open_gate(self, live: LiveTable) -> None:
        """A deal ended and the next one is dealt: hold it until the players
        continue (see the module docs); nothing to hold without ``continue_seconds``
        or without a connected human."""
        table = live.table
        seconds = float(table.config.get("continue_seconds") or 0)
        waiting = connected_humans(table)
        if seconds <= 0 or not waiting or table.over:
            return
        table.waiting = waiting
        table.wait_deadline_ms = int((time.time() + seconds) * 1000)
        live.gate = self._spawn(self._gate_countdown(live, table.wait_deadline_ms, seconds))

    async def _gate_countdown(self, live: LiveTable, deadline_ms: int, seconds: float) -> None:
        await asyncio.sleep(seconds)
        async with live.lock:
            if live.table.wait_deadline_ms == deadline_ms:
                await self._end_gate(live)

    async def _end_gate(self, live: LiveTable) -> None:
        """Start the held deal: its bots and turn timer start now (the lock is held)."""
        table = live.table
        table.waiting, table.wait_deadline_ms = None, None
        gate, live.gate = live.gate, None
        if gate is not None and gate is not asyncio.current_task():
            gate.cancel()
        self._after_change(live)
        if table.auto_action() is None:  # else the answer given for the human comes first
            await self._broadcast(live)

    async def _not_waited(self, live: LiveTable, seat: int) -> None:
        """``seat`` continued or left: the deal starts once nobody is waited for."""
        async with live.lock:
            waiting = live.table.waiting
            if waiting is None or seat not in waiting:
                return
            waiting.discard(seat)
            if waiting:
                await self._broadcast(live)
            else:
                await self._end_gate(live)

    async def _on_continue(self, live: LiveTable, client: Client) -> None:
        assert client.seat is not None
        await self._not_waited(live, client.seat)

    def _seat_left(self, live: LiveTable, seat: int) -> None:
        """The last connection of ``seat`` closed: it is not waited for."""
        waiting = live.table.waiting
        if waiting is not None and seat in waiting:
            self._spawn(self._not_waited(live, seat))

    # ----- rematch ------------------------------------------------------------------------
    async def _on_rematch(self, live: LiveTable, client: Client) -> None:
        assert client.seat is not None
        async with live.lock:
            table = live.table
            seq = table.seat_seq(client.seat)
            if not table.over:
                queue_error(client, "not_over", "a rematch is offered once the match is over", seq)
                return
            offer = table.rematch
            if offer is None:
                offer = table.rematch = {"by": client.seat, "accepted": set(), "table": None}
            if offer["table"] is not None:  # already started: the state names it
                await self._broadcast(live)
                return
            offer["accepted"].add(client.seat)
            if connected_humans(table) <= offer["accepted"]:
                new = await self._rematch_table(live)
                offer["table"] = new.table.id
            await self._broadcast(live)

    async def _rematch_table(self, live: LiveTable) -> LiveTable:
        """The new table of a rematch of ``live`` (stored, its bots started)."""
        old = live.table
        config = dict(old.config)
        config["seed"] = digest_seed("chupai-rematch", old.config["seed"], old.id) % 2**62
        seats = [Seat(s.seat, s.kind, s.name, s.level, s.token_hash) for s in old.seats]
        table = Table(secrets.token_urlsafe(9), config, seats, time.time())
        record = table.match.to_record() if table.over else None
        await self._stored(
            live,
            lambda: self.store.create_table(table.id, config, table.stored_seats(), record),
        )
        return self._add_table(table)

    # ----- names --------------------------------------------------------------------------
    async def _on_name(self, live: LiveTable, client: Client, msg: SetName) -> None:
        assert client.seat is not None
        table = live.table
        try:
            name = check_name(msg.name)
        except TableError as exc:
            queue_error(client, "bad_message", f"name: {exc}", table.seat_seq(client.seat))
            return
        async with live.lock:
            seat = table.seats[client.seat]
            if seat.kind != "human" or seat.name == name:
                return
            try:
                await self.store.rename_seat(table.id, seat.seat, name)
            except Exception as exc:  # a full disk: the name is not kept
                queue_error(client, "storage", f"the name was not stored ({exc})", None)
                return
            seat.name = name
            await self._broadcast(live)
