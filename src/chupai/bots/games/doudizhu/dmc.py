"""The Deep Monte-Carlo bot: a Dou Dizhu player driven by a trained Q-network.

``make_bot("dmc:path=FILE", game="doudizhu")`` (``chupai simulate doudizhu --bots
dmc:path=FILE,greedy``) hands a checkpoint of the first, Dou Dizhu-only DMC trainer
(version 1, features ``doudizhu-v1``) to this bot, which plays with it
(:mod:`chupai.train.agent`; checkpoints of ``chupai train dmc`` are version 2 and
play through :class:`chupai.train.agent.DMCBot`). It needs PyTorch: ``pip install
'chupai[rl]'``.

How it plays
------------

Deep Monte-Carlo (DMC), as DouZero (Zha et al., 2021) applies it to Dou Dizhu:
a network ``Q(s, a)`` estimates the final reward of the seat when it takes
action ``a`` in state ``s`` and play goes on; the bot scores **every legal
action** and takes the one with the highest value. The action is an input of
the network, described by features, not one of 27,864 outputs, so that
actions that look alike share what the network learned about them.

* ``s`` is :meth:`chupai.env.encode.Encoder.encode` of the seat's observation
  (the seat's hand, the cards it has not seen, the cards each seat played, the
  kitty, the top play, cards left, roles, bids and bombs, and the last 8 plays):
  only what an honest player at that seat knows. The role is part of it (the
  ``landlord`` one-hot in relative seats), so one network plays all three
  roles.
* ``a`` is described by :class:`ActionTables` (:data:`FEATURES`): the action's
  cards as count planes (thermometer code, as the encoder's card planes), the
  cards the hand keeps after it (count planes), the kind one-hot (18 kinds), the
  deciding rank one-hot (15 ranks), a pass flag, the number of cards / 20, and a
  flag for a play that empties the hand.
* The network (:class:`QNetwork`) is an MLP on the concatenation ``[s, a]``:
  ``hidden[0]`` units, ReLU, then ``hidden[1:]`` ReLU layers and one output.
  The first layer is split as ``W_s s + W_a a + b``, so the state part is
  computed once per decision and only the action part per legal action.

Only the **play phase** is decided by the network. Bidding and robbing are
delegated to the heuristic bot (:class:`~chupai.bots.games.doudizhu.heuristic.
DouDizhuHeuristicBot`), whose bids are the hand-strength estimate the network
was trained behind; the bot never shows its hand (明牌 ``show`` only raises the
stake of a deal it would play the same way). A decision with one candidate is
taken without asking the network. Given the same observation and legal actions
the bot always plays the same action (the seed is unused).

Checkpoints
-----------

A checkpoint is one ``torch.save`` file (read with ``weights_only=True``: plain
tensors and JSON-able values, no pickled code) holding ``{"header": ...,
"params": {name: tensor}}``. The header (:func:`make_header`) says what the
network was trained for: ``format`` (``"chupai-dmc"``), ``version``, ``game``,
``rules`` (the resolved options, :func:`chupai.options.to_dict`), ``spec``,
``obs_size`` (the encoder size), ``n_actions`` (the action space size),
``features`` and ``feature_size``, ``hidden`` (the layer widths), and
``training`` (free JSON: steps, time, seed, what the agent learned from,
evaluations). :func:`save_checkpoint` writes atomically (a temporary file,
then a rename), so an interrupted save never leaves a broken file.

The bot plays deals under any rules whose encoding and card planes have the
sizes of the checkpoint's (``classic`` with other scoring or bidding options,
for instance); rules of another size (``four_player``) raise a
:class:`~chupai.errors.ChupaiError`.
"""

from __future__ import annotations

import json
import math
import os
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, Final

import numpy as np

from chupai.errors import ChupaiError

__all__ = [
    "DEFAULT_HIDDEN",
    "FEATURES",
    "FORMAT",
    "VERSION",
    "ActionTables",
    "DMCBot",
    "QNetwork",
    "load_checkpoint",
    "make_header",
    "require_torch",
    "save_checkpoint",
]

FORMAT: Final = "chupai-dmc"
"""The ``format`` field of every checkpoint header."""
VERSION: Final = 1
"""The checkpoint layout version this module reads and writes."""
FEATURES: Final = "doudizhu-v1"
"""The name of the action feature set of :class:`ActionTables`."""
DEFAULT_HIDDEN: Final = (512, 256, 128)
"""Default layer widths of :class:`QNetwork`."""

INSTALL_HINT: Final = "pip install 'chupai[rl]'"


def require_torch() -> Any:
    """The ``torch`` module, or a :class:`ChupaiError` saying how to install it
    (:func:`chupai.train.network.require_torch`)."""
    from chupai.train.network import require_torch as require

    return require()


# ---------------------------------------------------------------------------
# Action features
# ---------------------------------------------------------------------------


class ActionTables:
    """The action features of Dou Dizhu under one rules object, as tables over
    the ids of :class:`~chupai.env.spaces.ActionSpace`.

    Per id: :attr:`counts` (the action's 15 rank counts), :attr:`static` (the
    features that depend on the action alone: cards as count planes, kind
    one-hot, deciding rank one-hot, pass flag, cards / 20). The features that
    depend on the hand too (the cards kept, as count planes, and "empties the
    hand") are added by :meth:`features`. Build with :meth:`for_rules` (cached).

    Layout of one feature row (``P`` = card-plane size, 54 in ``classic``):
    ``cards`` P, ``kind`` 18, ``rank`` 15, ``pass`` 1, ``size`` 1, ``rest`` P,
    ``out`` 1: :attr:`size` = 2P + 36 (144 in ``classic``)."""

    _cache: dict[Any, ActionTables] = {}

    def __init__(self, rules: Any) -> None:
        from chupai.actions import Pass
        from chupai.doudizhu.combos import KIND_INDEX, NRANKS, Combo, Kind, unpack
        from chupai.env.encode import Encoder
        from chupai.env.spaces import ActionSpace

        self.rules = rules
        self.space = ActionSpace.for_rules("doudizhu", rules)
        self.encoder = Encoder.for_rules("doudizhu", rules)
        planes: Any = self.encoder.planes
        maxes = tuple(planes.maxes)
        if len(maxes) != NRANKS:  # pragma: no cover - the encoder's format
            raise ChupaiError("unexpected Dou Dizhu card planes")
        self.plane_size = p = int(sum(maxes))
        self.slot_rank = np.repeat(np.arange(NRANKS), maxes)
        """For each card-plane slot, its rank."""
        self.slot_threshold = np.concatenate([np.arange(m) for m in maxes])
        """For each slot, the count it needs to be 1 (slot j of a rank: count > j)."""
        self.hand_span = self.encoder.segment("hand").span
        n = self.space.n
        kinds = len(Kind)
        self.static_size = p + kinds + NRANKS + 2
        self.size = self.static_size + p + 1
        counts = np.zeros((n, NRANKS), np.float32)
        static = np.zeros((n, self.static_size), np.float32)
        playable = np.zeros(n, np.bool_)
        for i, a in enumerate(self.space.actions):
            if isinstance(a, Combo):
                c = unpack(a.cards)
                counts[i] = c
                static[i, :p] = np.asarray(c)[self.slot_rank] > self.slot_threshold
                static[i, p + KIND_INDEX[a.kind]] = 1.0
                static[i, p + kinds + a.key] = 1.0
                static[i, p + kinds + NRANKS + 1] = a.size / 20.0
                playable[i] = True
            elif isinstance(a, Pass):
                static[i, p + kinds + NRANKS] = 1.0
                playable[i] = True
        self.counts = counts
        self.static = static
        self.playable = playable
        """True for the ids the network scores (PASS and the plays)."""
        slot_matrix = np.zeros((p, NRANKS), np.float32)
        slot_matrix[np.arange(p), self.slot_rank] = 1.0
        self.slot_matrix = slot_matrix
        """``P x 15``: a card plane times this matrix gives the rank counts."""

    @classmethod
    def for_rules(cls, rules: Any) -> ActionTables:
        """The (cached) tables of ``rules``."""
        t = cls._cache.get(rules)
        if t is None:
            t = cls._cache[rules] = cls(rules)
        return t

    def __reduce__(self) -> tuple[Any, tuple[Any]]:
        """Pickled as their rules (the receiving process builds its own, cached)."""
        return ActionTables.for_rules, (self.rules,)

    def __deepcopy__(self, memo: dict[int, Any]) -> ActionTables:
        """Immutable: a copy (of a network, a bot) shares them."""
        return self

    def features(self, hand_counts: np.ndarray, ids: np.ndarray) -> np.ndarray:
        """``float32[N, size]``: the features of action ``ids[k]`` for a hand of
        rank counts ``hand_counts[k]`` (``N x 15``), in numpy (the network does
        the same in torch, :meth:`QNetwork.features`)."""
        ac = self.counts[ids]
        rest = hand_counts - ac
        rest_plane = rest[:, self.slot_rank] > self.slot_threshold
        out = (rest.sum(axis=1) == 0) & (self.static[ids, self.static_size - 2] == 0)
        return np.concatenate(
            [self.static[ids], rest_plane.astype(np.float32), out[:, None].astype(np.float32)],
            axis=1,
        )


# ---------------------------------------------------------------------------
# The network
# ---------------------------------------------------------------------------


def _torch_tables(torch: Any, tables: ActionTables) -> dict[str, Any]:
    """The tensors of ``tables`` the network reads (sharing their memory)."""
    return {
        "counts": torch.from_numpy(tables.counts),
        "static": torch.from_numpy(tables.static),
        "slot_rank": torch.from_numpy(tables.slot_rank.astype(np.int64)),
        "slot_threshold": torch.from_numpy(tables.slot_threshold.astype(np.float32)),
        "slot_matrix": torch.from_numpy(tables.slot_matrix),
    }


class QNetwork:
    """``Q(s, a)``: an MLP on the observation encoding and the action features
    (see the module documentation), with its parameters as a dict of tensors.

    :meth:`q` scores many (state, action) pairs at once: ``obs[B, obs_size]``,
    action ``ids[N]`` and ``seg[N]`` (the row of ``obs`` each action belongs to),
    so one call scores every legal action of a batch of decisions."""

    def __init__(
        self,
        tables: ActionTables,
        obs_size: int,
        hidden: Sequence[int] = DEFAULT_HIDDEN,
        seed: int | None = None,
    ) -> None:
        torch = require_torch()
        self.torch = torch
        self.tables = tables
        self.obs_size = int(obs_size)
        self.feature_size = tables.size
        self.hidden = tuple(int(h) for h in hidden)
        if not self.hidden or min(self.hidden) < 1:
            raise ChupaiError(f"bad hidden layer widths {hidden!r}")
        gen = torch.Generator().manual_seed(0 if seed is None else int(seed))
        shapes: dict[str, tuple[int, ...]] = {
            "in_obs.weight": (self.hidden[0], self.obs_size),
            "in_act.weight": (self.hidden[0], self.feature_size),
            "in.bias": (self.hidden[0],),
        }
        fans = {
            "in_obs.weight": self.obs_size + self.feature_size,
            "in_act.weight": self.obs_size + self.feature_size,
            "in.bias": self.obs_size + self.feature_size,
        }
        widths = list(self.hidden) + [1]
        for i in range(len(self.hidden)):
            shapes[f"layer{i}.weight"] = (widths[i + 1], widths[i])
            shapes[f"layer{i}.bias"] = (widths[i + 1],)
            fans[f"layer{i}.weight"] = fans[f"layer{i}.bias"] = widths[i]
        self.params: dict[str, Any] = {}
        for name, shape in shapes.items():  # torch.nn.Linear's default initialisation
            bound = 1.0 / math.sqrt(fans[name])
            t = (torch.rand(shape, generator=gen) * 2 - 1) * bound
            self.params[name] = t.requires_grad_(True)
        self._tables_t = _torch_tables(torch, tables)
        self._hand = tables.hand_span

    def __getstate__(self) -> dict[str, Any]:
        """The parameters and sizes (the tables pickle as their rules; torch and
        the tables' tensors are found again on unpickling)."""
        return {k: v for k, v in self.__dict__.items() if k not in ("torch", "_tables_t")}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self.torch = require_torch()
        self._tables_t = _torch_tables(self.torch, self.tables)

    # ----- parameters --------------------------------------------------------------
    def parameters(self) -> list[Any]:
        return list(self.params.values())

    def state_dict(self) -> dict[str, Any]:
        """The parameters (detached tensors sharing their storage)."""
        return {k: v.detach() for k, v in self.params.items()}

    def load_state_dict(self, state: Mapping[str, Any]) -> None:
        """Copy ``state`` (tensors or arrays of the same names and shapes) in."""
        torch = self.torch
        missing = set(self.params) - set(state)
        extra = set(state) - set(self.params)
        if missing or extra:
            raise ChupaiError(
                "the parameters do not match the network: "
                f"missing {sorted(missing)}, unexpected {sorted(extra)}"
            )
        with torch.no_grad():
            for k, p in self.params.items():
                v = torch.as_tensor(state[k], dtype=torch.float32)
                if tuple(v.shape) != tuple(p.shape):
                    raise ChupaiError(
                        f"parameter {k!r} has shape {tuple(v.shape)}, "
                        f"the network needs {tuple(p.shape)}"
                    )
                p.copy_(v)

    # ----- evaluation ----------------------------------------------------------------
    def features(self, obs: Any, ids: Any, seg: Any) -> Any:
        """``[N, feature_size]``: the features of ``ids`` in the states ``obs[seg]``
        (the hand is read from each observation's ``hand`` segment)."""
        torch = self.torch
        t = self._tables_t
        hand = obs[:, self._hand] @ t["slot_matrix"]  # [B, 15] rank counts
        rest = hand[seg] - t["counts"][ids]
        rest_plane = (rest[:, t["slot_rank"]] > t["slot_threshold"]).to(obs.dtype)
        static = t["static"][ids]
        not_pass = static[:, self.tables.static_size - 2] == 0
        out = ((rest.sum(dim=1) == 0) & not_pass).to(obs.dtype)
        return torch.cat([static, rest_plane, out[:, None]], dim=1)

    def q(self, obs: Any, ids: Any, seg: Any) -> Any:
        """``[N]``: ``Q(obs[seg[k]], ids[k])`` for every k (torch tensors: float
        ``obs``, long ``ids`` and ``seg``)."""
        torch = self.torch
        F = torch.nn.functional
        p = self.params
        state = F.linear(obs, p["in_obs.weight"], p["in.bias"])
        h = torch.relu(state[seg] + F.linear(self.features(obs, ids, seg), p["in_act.weight"]))
        last = len(self.hidden) - 1
        for i in range(len(self.hidden)):
            h = F.linear(h, p[f"layer{i}.weight"], p[f"layer{i}.bias"])
            if i < last:
                h = torch.relu(h)
        return h[:, 0]

    def values(self, obs: np.ndarray, ids: np.ndarray) -> np.ndarray:
        """``float32[len(ids)]``: the values of actions ``ids`` for one observation
        vector ``obs``, on one torch thread (:func:`chupai.train.network.one_decision`)."""
        from chupai.train.network import one_decision

        out: np.ndarray = one_decision(self, obs, ids)
        return out

    def best(self, obs: np.ndarray, ids: np.ndarray) -> int:
        """The index in ``ids`` of the highest-valued action for one observation
        vector ``obs`` (ties: the first)."""
        return int(np.argmax(self.values(obs, ids)))


# ---------------------------------------------------------------------------
# Checkpoints
# ---------------------------------------------------------------------------


def make_header(
    net: QNetwork, rules: Any, training: Mapping[str, Any] | None = None
) -> dict[str, Any]:
    """The header of a checkpoint of ``net`` trained under ``rules``."""
    from chupai.options import to_dict

    header = {
        "format": FORMAT,
        "version": VERSION,
        "game": "doudizhu",
        "spec": rules.spec(),
        "rules": to_dict(rules),
        "obs_size": net.obs_size,
        "n_actions": net.tables.space.n,
        "features": FEATURES,
        "feature_size": net.feature_size,
        "hidden": list(net.hidden),
        "training": dict(training or {}),
    }
    out: dict[str, Any] = json.loads(json.dumps(header))  # plain JSON values only
    return out


def save_checkpoint(path: str | os.PathLike[str], net: QNetwork, header: Mapping[str, Any]) -> None:
    """Write ``net`` and ``header`` to ``path`` atomically
    (:func:`chupai.train.checkpoint.save_checkpoint`, with no resume state)."""
    from chupai.train.checkpoint import save_checkpoint as save

    save(path, net, header)  # type: ignore[arg-type]  # the same params and torch


def load_checkpoint(path: str | os.PathLike[str]) -> tuple[QNetwork, dict[str, Any]]:
    """Read a checkpoint: ``(network, header)``. Raises :class:`ChupaiError` for a
    missing file, a file that is not a chupai DMC checkpoint, or one of another
    game, version or shape."""
    from chupai.train.checkpoint import read_checkpoint

    p = Path(path)
    data = read_checkpoint(p)  # a file of chupai's DMC format, of any version
    header = data["header"]
    if header.get("version") != VERSION:
        raise ChupaiError(
            f"{str(p)!r} is a dmc checkpoint of version "
            f"{header.get('version')!r}; this chupai reads version {VERSION}"
        )
    if header.get("game") != "doudizhu" or header.get("features") != FEATURES:
        raise ChupaiError(
            f"{str(p)!r} is a dmc checkpoint for {header.get('game')!r} "
            f"({header.get('features')!r}); this bot plays doudizhu "
            f"with features {FEATURES!r}"
        )
    try:
        from chupai.doudizhu.rules import DouDizhuRules
        from chupai.options import from_dict

        rules = from_dict(DouDizhuRules, header["rules"])
        tables = ActionTables.for_rules(rules)
        if tables.size != header["feature_size"]:
            raise ChupaiError(
                f"feature size {header['feature_size']}, the rules give {tables.size}"
            )
        if tables.encoder.size != header["obs_size"]:
            raise ChupaiError(
                f"observation size {header['obs_size']}, the rules give {tables.encoder.size}"
            )
        net = QNetwork(tables, header["obs_size"], header["hidden"])
        net.load_state_dict(data["params"])
    except ChupaiError as exc:
        raise ChupaiError(f"bad dmc checkpoint {str(p)!r}: {exc}") from None
    except (KeyError, TypeError, ValueError) as exc:
        raise ChupaiError(f"bad dmc checkpoint {str(p)!r}: {type(exc).__name__}: {exc}") from None
    for prm in net.params.values():
        prm.requires_grad_(False)
    return net, header


def _load_cached(path: str) -> tuple[QNetwork, dict[str, Any]]:
    """:func:`load_checkpoint`, shared by the bots of one process
    (:func:`chupai.train.agent.load_cached`)."""
    from chupai.train.agent import load_cached

    found: tuple[QNetwork, dict[str, Any]] = load_cached(path, load_checkpoint)
    return found


# ---------------------------------------------------------------------------
# The bot
# ---------------------------------------------------------------------------


class DMCBot:
    """Plays Dou Dizhu with a DMC checkpoint (see the module documentation).

    ``DMCBot(seed, game="doudizhu", path=FILE)``; ``make_bot("dmc:path=FILE",
    game="doudizhu")``. Raises :class:`ChupaiError` when PyTorch is missing, the
    path is not given, or the file is missing or not a checkpoint."""

    name = "dmc"

    def __init__(self, seed: int | None = None, game: str = "doudizhu", path: str | None = None):
        from chupai.bots.games.doudizhu.heuristic import DouDizhuHeuristicBot

        if game != "doudizhu":
            raise ChupaiError(f"the dmc bot plays doudizhu, not {game}")
        if path is None or str(path).strip() == "":
            raise ChupaiError(
                "the dmc bot needs a checkpoint: dmc:path=FILE (written by examples/train_dmc.py)"
            )
        self.path = str(path)
        self.net, self.header = _load_cached(self.path)
        self.fallback = DouDizhuHeuristicBot(seed)
        """The bot of the phases the network does not play (bidding, robbing)."""
        self._checked: set[Any] = set()

    def _check_rules(self, rules: Any) -> None:
        if rules in self._checked:
            return
        from chupai.env.encode import Encoder

        enc = Encoder.for_rules("doudizhu", rules)
        if enc.size != self.net.obs_size or enc.planes.size != self.net.tables.plane_size:
            raise ChupaiError(
                f"the dmc checkpoint {self.path!r} was trained for {self.header.get('spec')} "
                f"(encoding of {self.net.obs_size} values) and cannot play "
                f"{rules.spec()} (encoding of {enc.size} values)"
            )
        self._checked.add(rules)

    def candidates(self, observation: Any, legal: Sequence[Any]) -> list[Any]:
        """The legal actions the network chooses among in the play phase (the
        plays and pass; not ``show``)."""
        from chupai.actions import Pass
        from chupai.doudizhu.combos import Combo

        return [a for a in legal if type(a) is Combo or isinstance(a, Pass)]

    def values(self, observation: Any, legal: Sequence[Any]) -> list[tuple[Any, float]]:
        """``(action, Q)`` for each candidate of a play-phase decision (for
        inspection)."""
        cands = self.candidates(observation, legal)
        x, ids = self._inputs(observation, cands)
        return list(zip(cands, self.net.values(x, ids).tolist()))

    def _inputs(self, observation: Any, cands: Sequence[Any]) -> tuple[np.ndarray, np.ndarray]:
        from chupai.env.encode import Encoder

        rules = observation.rules
        self._check_rules(rules)
        x = Encoder.for_rules("doudizhu", rules).encode(observation)
        ids = self.net.tables.space.indices(cands)  # the ids the network was built on
        return x, ids

    def act(self, observation: Any, legal: Sequence[Any]) -> Any:
        from chupai.doudizhu.game import Phase

        if not legal:
            raise ValueError("no legal action to choose from")
        if observation.phase is not Phase.PLAY:
            return self.fallback.act(observation, legal)
        cands = self.candidates(observation, legal)
        if len(cands) <= 1:
            return cands[0] if cands else self.fallback.act(observation, legal)
        x, ids = self._inputs(observation, cands)
        return cands[self.net.best(x, ids)]
