"""Where a tournament's boards are played (a part of :mod:`chupai.tournament`):
in this process, in worker processes, or on Ray.

The unit of work is a chunk of boards (:func:`chunks`); a worker plays it with
:func:`chupai.tournament.play_chunk` after importing the games named in
``CHUPAI_GAMES`` and registering the own bots the tournament names (a worker has a
registry of its own). Agent objects and registered factories travel pickled:
:func:`shipped` checks first that they do, and names the one that does not.

Ray: ``address`` (``chupai simulate --address``) or the ``RAY_ADDRESS`` variable
joins a running cluster; without either a local one is started for the run. A
cluster with token authentication (``RAY_AUTH_MODE=token``) is joined with the
token in ``RAY_AUTH_TOKEN``, in the file ``RAY_AUTH_TOKEN_PATH`` names, or in
``~/.ray/auth_token`` (see ``docs/agents.md``, "Tournaments on Ray").
"""

from __future__ import annotations

import importlib
import os
import pickle
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any

from chupai.errors import ChupaiError
from chupai.protocol import GAMES_VARIABLE

if TYPE_CHECKING:
    from chupai.tournament import BoardResult, Tournament

__all__ = ["chunks", "game_modules", "local_chunks", "ray_chunks", "shipped", "worker_chunk"]


def game_modules() -> tuple[str, ...]:
    """The spec modules named in ``CHUPAI_GAMES`` (games that are not installed
    packages): a worker process imports them to know those games."""
    return tuple(n.strip() for n in os.environ.get(GAMES_VARIABLE, "").split(",") if n.strip())


def worker_chunk(
    t: Tournament,
    start: int,
    stop: int,
    modules: tuple[str, ...],
    registry: Sequence[tuple[str | None, str, Any]] = (),
) -> list[BoardResult]:
    """:func:`play_chunk` in a worker, after importing the games' ``modules`` and
    registering the own bots of ``registry`` that the tournament names."""
    for module in modules:
        importlib.import_module(module)
    if registry:
        from chupai.bots.agents import restore_registry

        restore_registry(registry)
    from chupai.tournament import play_chunk

    return play_chunk(t, start, stop)


def shipped(t: Tournament, dumps: Callable[[Any], Any], where: str) -> list[Any]:
    """The registrations of the own bots that ``t`` names (for the workers),
    after checking that they and ``t``'s agent objects pickle with ``dumps``."""
    from chupai.bots import parse_bot_spec
    from chupai.bots.agents import registry_items

    names = [parse_bot_spec(n)[0] for n in t.names if isinstance(t.__dict__["_entries"][n], str)]
    registry = registry_items(names, t.spec.key)
    objects = [*t.agents.items(), *((name, factory) for _g, name, factory in registry)]
    for label, agent in objects:
        try:
            dumps(agent)
        except Exception as exc:
            raise ChupaiError(
                f"bot {label!r} cannot be sent to {where}: it does not pickle ({exc}); "
                "define it at the top level of an importable module, or play on one "
                "process (workers=1)"
            ) from None
    return registry


def chunks(boards: int, workers: int) -> list[tuple[int, int]]:
    """Split ``range(boards)`` into ranges for ``workers`` workers: about eight per
    worker (load balance, progress), at most 64 boards each. The split changes
    nothing but the order work is done in."""
    if boards <= 0:
        return []
    size = max(1, min(64, boards // (8 * max(1, workers))))
    return [(a, min(a + size, boards)) for a in range(0, boards, size)]


def local_chunks(
    t: Tournament, parts: list[tuple[int, int]], workers: int
) -> Iterator[tuple[int, list[BoardResult]]]:
    if workers <= 1:
        from chupai.tournament import play_chunk

        for i, (a, b) in enumerate(parts):
            yield i, play_chunk(t, a, b)
        return
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor, as_completed

    registry = shipped(t, pickle.dumps, "worker processes")
    # spawn: a clean interpreter per worker (no inherited threads, same on every OS)
    ctx = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=workers, mp_context=ctx) as pool:
        modules = game_modules()
        futures = {
            pool.submit(worker_chunk, t, a, b, modules, registry): i
            for i, (a, b) in enumerate(parts)
        }
        try:
            for fut in as_completed(futures):
                yield futures[fut], fut.result()
        except BaseException:
            for fut in futures:
                fut.cancel()
            raise


def ray_chunks(
    t: Tournament, parts: list[tuple[int, int]], workers: int | None, address: str | None = None
) -> Iterator[tuple[int, list[BoardResult]]]:
    """Play ``parts`` as Ray tasks: on the cluster at ``address`` (or
    ``RAY_ADDRESS``), else on a local one of ``workers`` CPUs started for the run
    (a Ray session already started in this process is used as it is)."""
    try:
        ray: Any = importlib.import_module("ray")
    except ImportError:
        raise ChupaiError("--backend ray needs Ray: pip install 'chupai[ray]'") from None
    import logging

    started = False
    if not ray.is_initialized():
        if address or os.environ.get("RAY_ADDRESS"):
            try:
                ray.init(address=address or None, logging_level=logging.ERROR, log_to_driver=False)
            except Exception as exc:  # no cluster there, a refused token (Ray's errors)
                where = address or os.environ.get("RAY_ADDRESS")
                raise ChupaiError(f"cannot join the Ray cluster at {where!r}: {exc}") from None
        else:
            ray.init(
                num_cpus=workers or 2,
                include_dashboard=False,
                logging_level=logging.ERROR,
                log_to_driver=False,
            )
        started = True
    try:
        registry = shipped(t, ray.cloudpickle.dumps, "Ray workers")
        task = ray.remote(worker_chunk)
        modules = game_modules()
        pending = {task.remote(t, a, b, modules, registry): i for i, (a, b) in enumerate(parts)}
        waiting = list(pending)
        while waiting:
            done, waiting = ray.wait(waiting, num_returns=1)
            for ref in done:
                yield pending[ref], ray.get(ref)
    finally:
        if started:
            ray.shutdown()
