"""A server's worker processes end with the server, even when it is killed by
SIGKILL (``chupai.web.guards.worker_start``): a pool's worker waits on a pipe
whose other end it holds itself, so it would otherwise wait for ever."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import pytest

SERVER = """
import os, sys, concurrent.futures
from chupai.web.guards import bot_pool
pool = bot_pool(1, processes=True)
print(pool.submit(os.getpid).result(), flush=True)
sys.stdin.read()
"""


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    try:  # a zombie (adopted, not yet reaped) counts as gone
        with open(f"/proc/{pid}/stat", encoding="ascii") as f:
            return f.read().split(") ")[-1][0] != "Z"
    except OSError:
        return False


@pytest.mark.slow
@pytest.mark.skipif(sys.platform != "linux", reason="reads /proc")
def test_a_killed_servers_bot_worker_exits() -> None:
    server = subprocess.Popen(
        [sys.executable, "-c", SERVER], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    try:
        assert server.stdout is not None
        worker = int(server.stdout.readline())
        assert worker != server.pid and _alive(worker)
        server.send_signal(signal.SIGKILL)
        server.wait(10)
        deadline = time.monotonic() + 15
        while _alive(worker) and time.monotonic() < deadline:
            time.sleep(0.2)
        assert not _alive(worker), "the worker outlived the killed server"
    finally:
        server.kill()


@pytest.mark.slow
def test_a_worker_started_after_its_server_died_exits_at_once() -> None:
    """A worker that starts up when the server that asked for it is already gone
    (killed while the worker was booting) ends too: the server gives its pid."""
    code = (
        "import time; from chupai.web.guards import worker_start; "
        "worker_start(2**22 + 7, priority=0); time.sleep(30)"
    )
    start = time.monotonic()
    done = subprocess.run([sys.executable, "-c", code], timeout=20, check=False)
    assert done.returncode == 0 and time.monotonic() - start < 15
