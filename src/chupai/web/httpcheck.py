"""Checks of ``chupai serve``'s HTTP requests (``docs/protocol.md``, "HTTP"):
a state-changing request must come from the server's own origin (or from a
client that is not a browser) and carry JSON; its body must arrive in time and
stay small; a page of records is asked for with whole numbers."""

from __future__ import annotations

import asyncio
from collections.abc import Set

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

__all__ = ["refuse_request", "read_body", "page", "error"]


def error(status: int, message: str, field: str | None) -> JSONResponse:
    """An HTTP error answer: ``{"error": MESSAGE, "field": FIELD-or-null}``."""
    return JSONResponse({"error": message, "field": field}, status_code=status)


def refuse_request(request: Request, origins: Set[str] = frozenset()) -> Response | None:
    """The answer refusing a state-changing request from a browser page of
    another origin than the server's own or ``origins`` (403), or with a body
    not declared JSON (415); None to go on. A request without ``Origin`` (not a
    browser's) is not refused; one without ``Content-Type`` is read as JSON."""
    origin = request.headers.get("origin")
    if origin is not None:
        own = {
            f"{scheme}://{request.headers.get('host', '')}".lower() for scheme in ("http", "https")
        }
        if origin.rstrip("/").lower() not in own | origins:
            return error(
                403,
                f"cross-origin request refused: Origin {origin[:100]!r} is not this server's",
                "Origin",
            )
    kind = request.headers.get("content-type")
    if kind is not None and kind.split(";", 1)[0].strip().lower() != "application/json":
        return error(
            415,
            f"the body must be JSON (Content-Type: application/json), not {kind[:100]!r}",
            "Content-Type",
        )
    return None


async def read_body(request: Request, most: int, timeout: float) -> bytes | Response:
    """The request body, or the answer refusing it: over ``most`` bytes (413,
    never more in memory) or not sent within ``timeout`` seconds (408)."""
    too_big = error(413, f"the request body is larger than {most} bytes", None)
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > most:
        return too_big

    async def read() -> bytes | None:
        body = b""
        async for chunk in request.stream():
            body += chunk
            if len(body) > most:
                return None
        return body

    try:
        got = await asyncio.wait_for(read(), timeout)
    except TimeoutError:
        return error(408, f"the body did not arrive within {timeout:g} s", None)
    return too_big if got is None else got


def page(request: Request, most: int) -> dict[str, int] | Response:
    """``offset`` (default 0) and ``limit`` (1..``most``, default ``most``) of the
    query, or a 400 answer naming the bad one."""
    out: dict[str, int] = {}
    for name, low, default, high in (("offset", 0, 0, 2**62), ("limit", 1, most, most)):
        text = request.query_params.get(name, str(default))
        if not text.isdigit() or not low <= int(text) <= high:
            return error(
                400, f"{name} must be a whole number from {low} to {high}, not {text[:40]!r}", name
            )
        out[name] = int(text)
    return out
