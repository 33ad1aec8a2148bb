"""Helpers of the tests that run a real ``chupai serve`` process: start it on a
free loopback port, wait until it answers, talk to it over HTTP and WebSocket."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class ServerProcess:
    """``chupai serve`` in a subprocess (``python -m chupai serve``)."""

    def __init__(
        self,
        db: Path,
        *,
        port: int | None = None,
        bot_delay: float = 0.0,
        env: dict[str, str] | None = None,
    ):
        self.db = db
        self.port = port or free_port()
        self.bot_delay = bot_delay
        self.env = env or {}
        """More environment variables for the server (``CHUPAI_GAMES``...)."""
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self, timeout: float = 30) -> ServerProcess:
        self.proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "chupai",
                "serve",
                "--port",
                str(self.port),
                "--db",
                str(self.db),
                "--bot-delay",
                str(self.bot_delay),
                "--log-level",
                "warning",
                "--reveal-seconds",
                "1",
            ],  # Big A's reveal step: 1 s, not 10, in tests
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            env={**os.environ, "PYTHONUNBUFFERED": "1", **self.env},
        )
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                err = self.proc.stderr.read().decode() if self.proc.stderr else ""
                raise RuntimeError(f"chupai serve exited with {self.proc.returncode}: {err}")
            try:
                with urllib.request.urlopen(self.url + "/api/health", timeout=1) as r:
                    if r.status == 200:
                        return self
            except OSError:
                time.sleep(0.1)
        raise RuntimeError("chupai serve did not answer in time")

    def kill(self) -> None:
        """SIGKILL: no shutdown code runs."""
        if self.proc is not None and self.proc.poll() is None:
            os.kill(self.proc.pid, signal.SIGKILL)
            self.proc.wait(timeout=10)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.kill()

    def post(self, path: str, body: dict[str, Any]) -> dict[str, Any]:
        req = urllib.request.Request(
            self.url + path,
            data=json.dumps(body).encode(),
            headers={"Content-Type": "application/json"},
            method="POST",
        )
        with urllib.request.urlopen(req, timeout=10) as r:
            return dict(json.loads(r.read()))

    def get(self, path: str) -> dict[str, Any]:
        with urllib.request.urlopen(self.url + path, timeout=10) as r:
            return dict(json.loads(r.read()))

    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/ws"
