"""The WebSocket side of the server (:class:`~chupai.web.app.ChupaiServer`): a
connection's life (limits, the join deadline, messages in), and the answers to
``join``, ``act`` and ``hint``. Every message out goes through the connection's
queue (:class:`~chupai.web.conn.Outbox`)."""

from __future__ import annotations

import asyncio
import concurrent.futures
import json
import logging
from collections.abc import Coroutine
from typing import Any

from pydantic import ValidationError
from starlette.websockets import WebSocket, WebSocketDisconnect

from chupai.errors import ChupaiError
from chupai.seeds import digest_seed
from chupai.web.analyses import EVALUATE_TOP, evaluate_choices
from chupai.web.checks import CHECK_RATE, check
from chupai.web.conn import CLOSE_BAD_TOKEN, CLOSE_FULL, CLOSE_IDLE, Limits, Outbox
from chupai.web.live import (
    Client,
    LiveTable,
    queue_error as _queue_error,
    validation_text as _validation_text,
)
from chupai.web.protocol import (
    CLIENT_MESSAGE,
    MAX_MESSAGE,
    PROTOCOL_VERSION,
    Act,
    CheckRequest,
    Continue,
    EvaluateRequest,
    HintRequest,
    Join,
    Ping,
    Rematch,
    SetName,
)
from chupai.web.tables import ActionRefused

log = logging.getLogger("chupai.serve")


def _not_on_turn(client: Any, table: Any, asked: int, seq: int, not_yours: str) -> bool:
    """Queue the error that answers a request for a hint or win chances made at
    the wrong moment (``asked``: the request's seq; ``seq``: the seat's current
    one; ``not_yours``: the text when it is not the seat's turn); whether one was."""
    if asked != seq:
        _queue_error(client, "stale", f"seq {asked} is not the current state ({seq})", seq)
    elif table.waiting is not None:
        _queue_error(client, "waiting", "the next deal has not started yet", seq)
    elif table.to_act != client.seat:
        _queue_error(client, "over" if table.over else "not_your_turn", not_yours, seq)
    else:
        return False
    return True


class SocketHandlers:
    """The WebSocket handlers of a server (a mixin: the server provides the tables,
    its limits and the game loop's methods declared below)."""

    limits: Limits
    sockets: int
    tables: dict[str, LiveTable]
    bot_pool: concurrent.futures.Executor
    bot_seconds: float
    evaluate_budget: str | int

    async def _apply(
        self, live: LiveTable, seat: int, action: Any, *, auto: bool, timed: bool = False
    ) -> None:
        raise NotImplementedError

    async def _on_continue(self, live: LiveTable, client: Client) -> None:
        raise NotImplementedError

    async def _on_rematch(self, live: LiveTable, client: Client) -> None:
        raise NotImplementedError

    async def _on_name(self, live: LiveTable, client: Client, msg: SetName) -> None:
        raise NotImplementedError

    async def _broadcast(self, live: LiveTable) -> None:
        raise NotImplementedError

    def _leave(self, client: Client) -> None:
        raise NotImplementedError

    def _spawn(self, coro: Coroutine[Any, Any, None]) -> asyncio.Task[None]:
        raise NotImplementedError

    def _no_room(self, live: LiveTable, seat: int | None) -> str | None:
        raise NotImplementedError

    def _state_text(self, live: LiveTable, seat: int | None, *args: Any, **kw: Any) -> str:
        raise NotImplementedError

    def _send_state(self, live: LiveTable, client: Client, text: str) -> None:
        raise NotImplementedError

    # ----- the WebSocket --------------------------------------------------------------------
    async def websocket(self, ws: WebSocket) -> None:
        await ws.accept()
        lim = self.limits
        client = Client(ws, Outbox(ws, limit=lim.send_queue, timeout=lim.send_timeout))
        client.out.on_drop = lambda: self._leave(client)
        self.sockets += 1
        try:
            if self.sockets > lim.max_connections:
                _queue_error(client, "full", "the server has too many connections; try again")
                client.out.close(CLOSE_FULL)
                return
            await self._serve_socket(client)
        except WebSocketDisconnect:
            return
        finally:
            self.sockets -= 1
            self._leave(client)
            if client.out.dropped is None and client.out.closed:
                await client.out.wait_sent(lim.send_timeout)
            await client.out.aclose()

    async def _receive(self, client: Client, deadline: float) -> dict[str, Any] | None:
        """The next ASGI message; None if the socket has not joined by ``deadline``."""
        if client.live is not None:
            return dict(await client.ws.receive())
        try:
            left = max(0.0, deadline - asyncio.get_running_loop().time())
            return dict(await asyncio.wait_for(client.ws.receive(), left))
        except TimeoutError:
            return None

    async def _serve_socket(self, client: Client) -> None:
        """Read the client's messages until it leaves or is closed."""
        deadline = asyncio.get_running_loop().time() + self.limits.join_timeout
        while not client.out.closed:
            message = await self._receive(client, deadline)
            if message is None:
                _queue_error(client, "idle", f"no join within {self.limits.join_timeout:g} s")
                client.out.close(CLOSE_IDLE)
                return
            if message["type"] == "websocket.disconnect":
                return
            text = message.get("text")
            if text is None:
                _queue_error(client, "bad_message", "send JSON text frames, not binary ones")
                continue
            if len(text) > MAX_MESSAGE:
                _queue_error(
                    client, "too_large", f"a message may hold at most {MAX_MESSAGE} characters"
                )
                client.out.close(1009)
                return
            try:
                msg = CLIENT_MESSAGE.validate_json(text)
            except ValidationError as exc:
                _queue_error(client, "bad_message", _validation_text(exc))
                continue
            if isinstance(msg, Ping):
                client.out.put('{"type":"pong"}')
            elif isinstance(msg, Join):
                await self._on_join(client, msg)
            elif client.live is None:
                _queue_error(client, "not_joined", "send a join message first")
            elif client.seat is None:
                _queue_error(client, "spectator", "spectators cannot act")
            elif isinstance(msg, Act):
                await self._on_act(client.live, client, msg)
            elif isinstance(msg, HintRequest):
                await self._on_hint(client.live, client, msg)
            elif isinstance(msg, EvaluateRequest):
                await self._on_evaluate(client.live, client, msg)
            elif isinstance(msg, CheckRequest):
                await self._on_check(client.live, client, msg)
            elif isinstance(msg, Continue):
                await self._on_continue(client.live, client)
            elif isinstance(msg, Rematch):
                await self._on_rematch(client.live, client)
            elif isinstance(msg, SetName):
                await self._on_name(client.live, client, msg)

    async def _on_join(self, client: Client, msg: Join) -> None:
        if client.live is not None:
            _queue_error(client, "not_joined", "this socket has already joined a table")
            return
        live = self.tables.get(msg.table)
        if live is None:
            _queue_error(client, "unknown_table", f"no table {msg.table!r}")
            return
        seat = None
        if msg.token is not None:
            seat = live.table.seat_of_token(msg.token)
            if seat is None:
                _queue_error(client, "bad_token", "that token is no seat's token at this table")
                client.out.close(CLOSE_BAD_TOKEN)
                return
        async with live.lock:
            why = self._no_room(live, seat)
            if why is not None:
                _queue_error(client, "full", why)
                client.out.close(CLOSE_FULL)
                return
            client.seat, client.live = seat, live
            client.out.put(
                json.dumps(
                    {
                        "type": "welcome",
                        "table": msg.table,
                        "seat": seat,
                        "protocol": PROTOCOL_VERSION,
                    }
                )
            )
            live.clients.append(client)
            if seat is not None:
                live.table.seats[seat].connections += 1
                if live.table.seats[seat].connections == 1:  # everybody sees it connected
                    await self._broadcast(live)
                    return
            self._send_state(live, client, self._state_text(live, seat))  # only to the joiner

    async def _on_act(self, live: LiveTable, client: Client, msg: Act) -> None:
        assert client.seat is not None
        async with live.lock:
            table = live.table
            try:
                action = table.resolve(client.seat, msg.seq, msg.action, msg.text)
            except ActionRefused as exc:
                seq = table.seat_seq(client.seat)
                _queue_error(client, exc.code, str(exc), seq)
                return
            if live.step == len(table.log):  # a private step: the answer waits for its end
                if live.pending is not None:
                    _queue_error(
                        client,
                        "stale",
                        "your answer is already given; it is applied when this step ends",
                        table.seat_seq(client.seat),
                    )
                else:
                    live.pending = action
                return
            await self._apply(live, client.seat, action, auto=False)

    async def _on_hint(self, live: LiveTable, client: Client, msg: HintRequest) -> None:
        assert client.seat is not None
        async with live.lock:
            table = live.table
            seq = table.seat_seq(client.seat)
            if _not_on_turn(client, table, msg.seq, seq, "a hint is given only on your turn"):
                return
            index, action = await asyncio.to_thread(table.hint, client.seat)
            text = table.deal.action_text(action)
        client.out.put(json.dumps({"type": "hint", "seq": seq, "action": index, "text": text}))

    async def _on_evaluate(self, live: LiveTable, client: Client, msg: EvaluateRequest) -> None:
        """Answer an ``evaluate``: at a practice table only, on the seat's own turn,
        one at a time per connection. The evaluator works from the seat's own
        observation in the bots' pool (off the event loop, the table's lock not
        held), within the bots' time limit (``--bot-seconds``)."""
        assert client.seat is not None
        async with live.lock:
            table = live.table
            seq = table.seat_seq(client.seat)
            if not table.practice:
                _queue_error(
                    client,
                    "not_practice",
                    "win chances are given only at a practice table (one human, the other "
                    "seats bots)",
                    seq,
                )
                return
            if _not_on_turn(client, table, msg.seq, seq, "win chances are given only on your turn"):
                return
            if client.evaluating:
                _queue_error(client, "too_many", "the last evaluation is still being computed", seq)
                return
            deal = table.deal
            state = table.spec.state_of(deal)
            texts = [deal.action_text(a) for a in table.legal()]
            seed = digest_seed("chupai-evaluate", table.config["seed"], len(table.log))
        client.evaluating = True  # the socket reads on meanwhile (an act may come first)
        self._spawn(self._evaluate(client, table.id, table.game, state, texts, seed, seq))

    async def _evaluate(
        self,
        client: Client,
        table_id: str,
        game: str,
        state: dict[str, Any],
        texts: list[str],
        seed: int,
        seq: int,
    ) -> None:
        """Compute an evaluation in the bots' pool and send it (or the error)."""
        try:
            job = self.bot_pool.submit(
                evaluate_choices, game, state, self.evaluate_budget, seed, EVALUATE_TOP
            )
            rollouts, found = await asyncio.wait_for(asyncio.wrap_future(job), self.bot_seconds)
        except TimeoutError:
            _queue_error(
                client,
                "unavailable",
                f"the evaluation took more than {self.bot_seconds:g} s; try the hint",
                seq,
            )
            return
        except ChupaiError as exc:  # nothing to say from the seat's own information
            _queue_error(client, "unavailable", f"no evaluation: {exc}", seq)
            return
        except Exception as exc:
            log.exception("table %s: an evaluation failed", table_id)
            _queue_error(client, "unavailable", f"the evaluation failed: {exc}", seq)
            return
        finally:
            client.evaluating = False
        actions = [{"action": texts.index(a["text"]), **a} for a in found if a["text"] in texts]
        reply = {"type": "evaluation", "seq": seq, "actions": actions, "rollouts": rollouts}
        client.out.put(json.dumps(reply, ensure_ascii=False))

    async def _on_check(self, live: LiveTable, client: Client, msg: CheckRequest) -> None:
        """Answer a ``check`` (:mod:`chupai.web.checks`): at most
        :data:`~chupai.web.checks.CHECK_RATE` a second, on the seat's own turn."""
        assert client.seat is not None
        if not client.checks.allow(asyncio.get_running_loop().time()):
            _queue_error(
                client, "too_many", f"at most {CHECK_RATE:g} checks a second; ask again", msg.seq
            )
            return
        async with live.lock:
            try:
                answer = check(live.table, client.seat, msg.seq, msg.text, msg.lang)
            except ActionRefused as exc:
                _queue_error(client, exc.code, str(exc), live.table.seat_seq(client.seat))
                return
        client.out.put(json.dumps(answer, ensure_ascii=False))
