"""DMC checkpoints: one ``torch.save`` file per network, read with
``weights_only=True`` (plain tensors and JSON-like values: no pickled code).

A checkpoint is ``{"header": ..., "params": {name: tensor}, "resume": ...}``:

- ``header`` (:func:`make_header`): ``format`` (``"chupai-dmc"``), ``version``
  (:data:`VERSION`), ``game``, ``spec`` (the rules' one-line spec), ``rules``
  (the resolved options, :func:`chupai.options.to_dict`), ``obs_size``,
  ``n_actions``, ``features`` (:data:`chupai.train.features.FEATURES`),
  ``feature_size``, ``hidden`` and ``training`` (free JSON: the arguments,
  counters, what the network learned from, the evaluations);
- ``params``: the network's tensors;
- ``resume`` (written by the trainer, None in a bare network file): what
  ``chupai train dmc --resume`` needs to continue the run: the optimizer's state,
  the counters, the phase, and the random generators' states.

:func:`save_checkpoint` writes atomically (a temporary file, then a rename), so
an interrupted save never leaves a broken file. Version 1 files are Dou Dizhu's
first DMC bot (:mod:`chupai.bots.games.doudizhu.dmc`), which reads them still.
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Final

from chupai.errors import ChupaiError
from chupai.train.features import FEATURES, ActionFeatures
from chupai.train.network import QNetwork, require_torch

__all__ = [
    "FORMAT",
    "VERSION",
    "Checkpoint",
    "load_checkpoint",
    "make_header",
    "read_checkpoint",
    "save_checkpoint",
    "load_state",
    "save_state",
    "state_path",
]

FORMAT: Final = "chupai-dmc"
"""The ``format`` field of every checkpoint header."""
VERSION: Final = 2
"""The layout version of the checkpoints of every game (:mod:`chupai.train`)."""
LEGACY_VERSION: Final = 1
"""Dou Dizhu's first DMC checkpoints (its own bot reads them)."""


def make_header(net: QNetwork, training: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The header of a checkpoint of ``net`` (JSON values only)."""
    from chupai.options import to_dict

    f = net.tables
    header = {
        "format": FORMAT,
        "version": VERSION,
        "game": f.game,
        "spec": f.rules.spec(),
        "rules": to_dict(f.rules),
        "obs_size": net.obs_size,
        "n_actions": f.space.n,
        "features": FEATURES,
        "feature_size": net.feature_size,
        "hidden": list(net.hidden),
        "training": dict(training or {}),
    }
    out: dict[str, Any] = json.loads(json.dumps(header))
    return out


def save_checkpoint(
    path: str | os.PathLike[str],
    net: QNetwork,
    header: Mapping[str, Any],
    resume: Mapping[str, Any] | None = None,
) -> None:
    """Write ``net``, ``header`` and the ``resume`` state to ``path`` atomically."""
    torch = net.torch
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    payload = {
        "header": dict(header),
        "params": {k: v.detach().clone() for k, v in net.params.items()},
        "resume": None if resume is None else dict(resume),
    }
    fd, tmp = tempfile.mkstemp(prefix=target.name + ".", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            torch.save(payload, fh)
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp, 0o666 & ~umask)  # as open() would create it (mkstemp: 0600)
        os.replace(tmp, target)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def read_checkpoint(path: str | os.PathLike[str]) -> dict[str, Any]:
    """The raw contents of a DMC checkpoint of any version (``header``,
    ``params``, maybe ``resume``); raises :class:`ChupaiError` for a missing
    file or one that is not a DMC checkpoint."""
    torch = require_torch()
    p = Path(path)
    if not p.is_file():
        raise ChupaiError(f"dmc checkpoint not found: {str(p)!r}")
    try:
        data = torch.load(p, map_location="cpu", weights_only=True)
    except Exception as exc:
        raise ChupaiError(
            f"{str(p)!r} is not a readable dmc checkpoint: {type(exc).__name__}: {exc}"
        ) from None
    if (
        not isinstance(data, dict)
        or not isinstance(data.get("header"), dict)
        or not isinstance(data.get("params"), dict)
    ):
        raise ChupaiError(f"{str(p)!r} is not a dmc checkpoint (no header and params)")
    if data["header"].get("format") != FORMAT:
        raise ChupaiError(
            f"{str(p)!r} is not a dmc checkpoint "
            f"(format {data['header'].get('format')!r}, expected {FORMAT!r})"
        )
    return data


class Checkpoint:
    """A loaded checkpoint: the network, its header and the resume state (None
    in a file written without one)."""

    __slots__ = ("header", "net", "path", "resume")

    def __init__(
        self, path: str, net: QNetwork, header: dict[str, Any], resume: dict[str, Any] | None
    ) -> None:
        self.path = path
        self.net = net
        self.header = header
        self.resume = resume

    @property
    def rules(self) -> Any:
        """The rules the network was trained under."""
        return self.net.tables.rules


def load_checkpoint(path: str | os.PathLike[str]) -> Checkpoint:
    """Read a checkpoint of :data:`VERSION` (any game). Raises
    :class:`ChupaiError` for a missing file, a file that is not a DMC
    checkpoint, one of another version or feature set, or one whose sizes do
    not match its rules."""
    from chupai.protocol import get_game

    data = read_checkpoint(path)
    name = str(path)
    header = data["header"]
    if header.get("version") != VERSION or header.get("features") != FEATURES:
        raise ChupaiError(
            f"{name!r} is a dmc checkpoint of version {header.get('version')!r} with features "
            f"{header.get('features')!r}; chupai.train reads version {VERSION} ({FEATURES})"
        )
    try:
        spec = get_game(str(header["game"]))
        rules = spec.rules_from_dict(header["rules"])
        features = ActionFeatures.for_rules(spec.key, rules)
        for field, have in (
            ("obs_size", features.encoder.size),
            ("n_actions", features.space.n),
            ("feature_size", features.size),
        ):
            if header[field] != have:
                raise ChupaiError(f"{field} {header[field]}, the rules give {have}")
        net = QNetwork(features, header["hidden"])
        net.load_state_dict(data["params"])
    except ChupaiError as exc:
        raise ChupaiError(f"bad dmc checkpoint {name!r}: {exc}") from None
    except (KeyError, TypeError, ValueError) as exc:
        raise ChupaiError(f"bad dmc checkpoint {name!r}: {type(exc).__name__}: {exc}") from None
    net.requires_grad(False)
    resume = data.get("resume")
    return Checkpoint(name, net, header, resume if isinstance(resume, dict) else None)


STATE_SUFFIX: Final = ".state"
"""The suffix of a checkpoint's state file (``--exact-resume``)."""


def state_path(path: str | os.PathLike[str]) -> Path:
    """Where the state file of the checkpoint at ``path`` lives."""
    return Path(str(path) + STATE_SUFFIX)


def save_state(path: str | os.PathLike[str], state: Mapping[str, Any]) -> bool:
    """Pickle ``state`` (replay buffers, the actor and its deals) next to the
    checkpoint ``path``, atomically; False (and no file) when it does not pickle
    (a compiled batch runner, say). A state file is a pickle: load only your own."""
    import pickle

    target = state_path(path)
    try:
        data = pickle.dumps(dict(state), protocol=pickle.HIGHEST_PROTOCOL)
    except (pickle.PicklingError, TypeError, AttributeError):
        target.unlink(missing_ok=True)
        return False
    fd, tmp = tempfile.mkstemp(prefix=target.name + ".", suffix=".tmp", dir=target.parent)
    with os.fdopen(fd, "wb") as fh:
        fh.write(data)
    os.replace(tmp, target)
    return True


def load_state(path: str | os.PathLike[str]) -> dict[str, Any] | None:
    """The state saved next to the checkpoint ``path`` (None: there is none)."""
    import pickle

    target = state_path(path)
    if not target.is_file():
        return None
    with open(target, "rb") as fh:
        state: dict[str, Any] = pickle.load(fh)
    return state
