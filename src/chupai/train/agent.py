"""The ``dmc`` bot of every game: plays with a checkpoint of ``chupai train dmc``.

``make_bot("dmc:path=FILE", game=KEY)`` (``chupai simulate KEY --bots
dmc:path=FILE,greedy``) loads the checkpoint and, at each decision, scores every
legal action with the network (:class:`~chupai.train.network.QNetwork`) from
the seat's observation encoding and takes the best; a decision with one legal
action is taken without asking. In a space of action classes (大怪路子), the
class with the best value is played by its first legal action, as the
environments do. Given the same observation and legal actions the bot always
plays the same action (the seed is unused).

A Dou Dizhu checkpoint of the first DMC trainer (version 1, features
``doudizhu-v1``) is handed to :class:`chupai.bots.games.doudizhu.dmc.DMCBot`,
which still reads it. Needs PyTorch: ``pip install 'chupai[rl]'``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from chupai.errors import ChupaiError

__all__ = ["DMCBot", "load_cached", "make_dmc_bot"]

_LOADED: dict[tuple[str, Any], tuple[tuple[int, int], Any]] = {}
"""Checkpoints already read, by resolved path and reader, with the file's (mtime,
size): the bots of a tournament share one network, and a rewritten file is read
again."""


def load_cached(path: str, load: Callable[[Path], Any] | None = None) -> Any:
    """``load(path)`` (default :func:`chupai.train.checkpoint.load_checkpoint`),
    shared by the bots of one process."""
    if load is None:
        from chupai.train.checkpoint import load_checkpoint

        load = load_checkpoint
    p = Path(path).expanduser()
    key = (str(p.resolve()), load)
    try:
        st = p.stat()
        stamp = (st.st_mtime_ns, st.st_size)
    except OSError:
        stamp = (-1, -1)
    hit = _LOADED.get(key)
    if hit is not None and hit[0] == stamp:
        return hit[1]
    found = load(p)
    _LOADED[key] = (stamp, found)
    return found


def _version(path: str) -> Any:
    from chupai.train.checkpoint import read_checkpoint

    return read_checkpoint(path)["header"].get("version")


def _check_path(path: str | None) -> None:
    import importlib

    for module in ("numpy", "torch"):  # the rl extra
        try:
            importlib.import_module(module)
        except ImportError:
            raise ChupaiError(
                f"{module} is missing; install it with pip install 'chupai[rl]' "
                "(the dmc bot needs numpy and PyTorch)"
            ) from None
    if path is None or not str(path).strip():
        raise ChupaiError(
            "the dmc bot needs a checkpoint: dmc:path=FILE (written by chupai train dmc)"
        )


def make_dmc_bot(seed: int | None = None, game: str = "bigtwo", path: str | None = None) -> Any:
    """The ``dmc`` level of every game: a :class:`DMCBot`, or Dou Dizhu's first
    DMC bot for a checkpoint of version 1."""
    from chupai.train.checkpoint import LEGACY_VERSION

    _check_path(path)
    if _version(str(path)) == LEGACY_VERSION:
        from chupai.bots.games.doudizhu.dmc import DMCBot as LegacyBot

        return LegacyBot(seed, game=game, path=str(path))
    return DMCBot(seed, game=game, path=path)


class DMCBot:
    """Plays ``game`` with the checkpoint at ``path`` (see the module docstring).
    Raises :class:`ChupaiError` when PyTorch is missing, the path is not given,
    the file is missing or not a checkpoint, or it was trained for another game."""

    name = "dmc"

    def __init__(self, seed: int | None = None, game: str = "bigtwo", path: str | None = None):
        from chupai.protocol import get_game

        _check_path(path)
        self.path = str(path)
        self.checkpoint = load_cached(self.path)
        self.net = self.checkpoint.net
        features = self.net.tables
        key = get_game(game).key
        if features.game != key:
            raise ChupaiError(
                f"the dmc checkpoint {self.path!r} was trained for {features.game}, not {key}"
            )
        if features.space.by_text:
            raise ChupaiError(
                f"the dmc bot cannot play {key}: its action ids number action texts "
                "(the game has no environment plugin)"
            )
        self.features = features
        self._checked: set[Any] = {features.rules}

    def _check_rules(self, observation: Any) -> None:
        rules = getattr(observation, "rules", None)
        if rules is None or rules in self._checked:
            return
        from chupai.env.encode import Encoder
        from chupai.env.spaces import ActionSpace

        f = self.features
        enc = Encoder.for_rules(f.game, rules)
        if ActionSpace.for_rules(f.game, rules) is not f.space or enc.size != f.encoder.size:
            raise ChupaiError(
                f"the dmc checkpoint {self.path!r} was trained for {f.rules.spec()} and "
                f"cannot play {rules.spec()} (other actions or encoding)"
            )
        self._checked.add(rules)

    def values(self, observation: Any, legal: Sequence[Any]) -> list[tuple[Any, float]]:
        """``(action, Q)`` for each legal action (for inspection)."""
        self._check_rules(observation)
        ids = self.features.space.indices(legal)
        x = self.features.encoder.encode(observation)
        return list(zip(legal, self.net.values(x, ids).tolist()))

    def act(self, observation: Any, legal: Sequence[Any]) -> Any:
        if not legal:
            raise ValueError("no legal action to choose from")
        if len(legal) == 1:
            return legal[0]
        self._check_rules(observation)
        import numpy as np

        ids = self.features.space.indices(legal)
        distinct = np.unique(ids)
        if len(distinct) == 1:
            return legal[0]
        x = self.features.encoder.encode(observation)
        best = int(distinct[self.net.best(x, distinct)])
        return legal[int(np.flatnonzero(ids == best)[0])]
