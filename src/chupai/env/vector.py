"""A batch runner: many independent deals of one game stepped together, for
self-play training loops that want throughput.

:class:`VectorGames` holds ``num_games`` deals. Each game always has a seat to
act; :meth:`VectorGames.step` takes one action id per game (ids of the game's
:class:`~chupai.env.spaces.ActionSpace`), applies them, and returns a
:class:`Batch`: the encoding of each game's next observation (the seat to act,
:class:`~chupai.env.encode.Encoder`), its legality mask, the seat, and for the
games that ended in this step their final rewards. A finished game is dealt
again at once (**auto-reset**): its row already shows the first decision of the
next episode, and ``done`` says the previous one ended.

>>> import numpy as np
>>> venv = VectorGames("doudizhu", "classic", num_games=4, seed=0)
>>> batch = venv.reset()
>>> batch.obs.shape == (4, venv.obs_size), batch.mask.shape == (4, venv.n_actions)
(True, True)
>>> rng = np.random.default_rng(0)
>>> for _ in range(200):
...     batch = venv.step(random_actions(batch.mask, rng))
>>> venv.stats().episodes > 0
True

Episodes and redeals
--------------------

An episode is one deal played to a score. A deal that ends in a redeal (a Dou
Dizhu bidding where everybody passed, a Big A redeal, a Big Two redeal request)
is dealt again **within the episode**, as at a real table and as in
:class:`~chupai.env.aec.ChupaiAECEnv`: Dou Dizhu by the next dealer and with
``D = 2`` when the rules double the deal after an all-pass
(``Outcome.next_doubled``), Big A with the same first drawer
(``Outcome.next_first_drawer``), Big Two by the same dealer. A deal decided
before any decision (a Big Two instant win under ``taiwan``; a Big A deal nobody
could declare in) has nothing to learn from and is replaced by a fresh one.
:meth:`VectorGames.stats` counts both kinds as ``redeals``. The episode's length
counts every action of it, the redealt deals' included. A fresh episode deals
from a new seed with the dealer (first drawer) drawn from the seed.

Seeds
-----

Game ``i`` draws the seed of each of its deals from its own generator, spawned
from ``seed`` (:class:`numpy.random.SeedSequence` child ``i``), so game ``i``
plays the same deals whatever ``num_games`` is and whenever the other games
finish; the same seed and the same actions give identical batches.

Buffers
-------

The arrays of a :class:`Batch` are the runner's own buffers, written in place by
every :meth:`~VectorGames.step` and :meth:`~VectorGames.reset` (no per-step
allocation of the big arrays): consume them before the next step, or keep
:meth:`Batch.copy`.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Final, Literal, NamedTuple, TypeAlias

import numpy as np
import numpy.typing as npt

from chupai import compiled
from chupai.env.codec import FAST_MODULE
from chupai.env.common import EnvGame, resolve_env_rules
from chupai.env.encode import Encoder
from chupai.env.render import rules_text
from chupai.env.snapshot import copy_vector, restore_vector, vector_state
from chupai.env.spaces import ActionSpace
from chupai.errors import ChupaiError, IllegalActionError
from chupai.protocol import get_game

__all__ = ["Batch", "EpisodeStats", "Reward", "VectorGames", "random_actions"]

Reward: TypeAlias = Literal["score", "win"]
"""``score``: the deal scores; ``win``: Dou Dizhu +1 to each seat of the winning
side and -1 to each of the other; Big Two +1 to the winner and ``-1/(n-1)`` to
each other seat; Big A the sign of the seat's score (+1, -1 or 0). These are the
definitions of :class:`~chupai.env.aec.ChupaiAECEnv`."""

_REWARDS: Final = ("score", "win")

_FAST = compiled.load(FAST_MODULE)

MAX_THROWN: Final = 1000
"""Deals one game may deal in a row that end before any action (redeals and deals
decided at once) before :class:`VectorGames` gives up with a ``ChupaiError``."""

Deal: TypeAlias = Any
"""A deal of the runner's game (``BigTwoDeal``, ``DouDizhuDeal`` or ``BigADeal``)."""


class Batch(NamedTuple):
    """What :meth:`VectorGames.reset` and :meth:`VectorGames.step` return, one
    row per game. The arrays are the runner's buffers (see :meth:`copy`)."""

    obs: npt.NDArray[np.float32]
    """``float32[num_games, obs_size]``: the encoding of the observation of the
    seat to act in each game."""
    mask: npt.NDArray[np.int8]
    """``int8[num_games, n_actions]``: 1 at the ids of the legal actions."""
    seat: npt.NDArray[np.int64]
    """``int64[num_games]``: the seat to act in each game."""
    rewards: npt.NDArray[np.float32]
    """``float32[num_games, players]``: per seat, the final reward of the
    episode that ended in this step (absolute seats); zeros for other games."""
    done: npt.NDArray[np.bool_]
    """``bool[num_games]``: the game's episode ended in this step (its row
    already shows the next episode)."""
    episode_length: npt.NDArray[np.int64]
    """``int64[num_games]``: the number of actions of the episode that ended in
    this step (redeals included); 0 for other games."""

    def copy(self) -> Batch:
        """A batch of copies, which later steps leave alone."""
        return Batch(
            self.obs.copy(),
            self.mask.copy(),
            self.seat.copy(),
            self.rewards.copy(),
            self.done.copy(),
            self.episode_length.copy(),
        )


class EpisodeStats(NamedTuple):
    """Counts of :meth:`VectorGames.stats` since the last seeded reset."""

    episodes: int
    """Finished episodes, over all games."""
    mean_length: float
    """Their mean number of actions (NaN before the first)."""
    steps: int
    """Actions applied, over all games."""
    redeals: int
    """Deals that ended without a score and were dealt again (redeals and deals
    decided before any action)."""
    per_game_episodes: npt.NDArray[np.int64]
    """Finished episodes of each game."""
    per_game_mean_length: npt.NDArray[np.float64]
    """Mean episode length of each game (NaN for a game with none)."""


def random_actions(mask: npt.ArrayLike, rng: np.random.Generator) -> npt.NDArray[np.int64]:
    """One action id per row of ``mask``, uniform among the row's legal ids.

    ``mask`` is a 2-D array (``int8`` 0/1 or ``bool``, as in :attr:`Batch.mask`);
    ``rng`` a numpy generator (one ``rng.random`` draw per row). Vectorised: one
    scan of the mask for its nonzero entries, then one pick per row (in the
    compiled core when it is built: the same picks). Raises ``ValueError`` for a
    row with no legal id."""
    m = np.asarray(mask)
    if m.ndim != 2:
        raise ValueError(f"mask must be 2-D (games x actions), not shape {m.shape}")
    flat = m.view(np.bool_) if m.dtype.itemsize == 1 and m.dtype.kind in "biu" else m != 0
    if _FAST is not None and flat.size:
        return _random_actions_compiled(_FAST, np.ascontiguousarray(flat).view(np.uint8), rng)
    return _random_actions_pure(flat, rng)


def _random_actions_pure(
    flat: npt.NDArray[np.bool_], rng: np.random.Generator
) -> npt.NDArray[np.int64]:
    """:func:`random_actions` in numpy on a 2-D bool mask (the reference)."""
    rows, width = flat.shape
    hits = np.flatnonzero(flat)  # row-major: grouped by row, ascending
    row_of = hits // width
    counts = np.bincount(row_of, minlength=rows)
    if rows and not counts.all():
        empty = int(np.flatnonzero(counts == 0)[0])
        raise ValueError(f"row {empty} of the mask has no legal action")
    starts = np.cumsum(counts) - counts
    pick = starts + (rng.random(rows) * counts).astype(np.int64)
    out: npt.NDArray[np.int64] = hits[pick] - np.arange(rows, dtype=np.int64) * width
    return out


def _random_actions_compiled(
    fast: Any, mask: npt.NDArray[np.uint8], rng: np.random.Generator
) -> npt.NDArray[np.int64]:
    """:func:`random_actions` in the compiled core: the same counts, the same one
    draw per row, the same picks, without listing every legal id of the batch."""
    counts = fast.row_counts(mask)
    if not counts.all():
        empty = int(np.flatnonzero(counts == 0)[0])
        raise ValueError(f"row {empty} of the mask has no legal action")
    out: npt.NDArray[np.int64] = fast.row_picks(mask, counts, rng.random(len(counts)))
    return out


class VectorGames:
    """``num_games`` independent deals of ``game`` under ``rules``, stepped
        together with auto-reset (see the module docstring).

        ``game`` is a game key or alias; ``rules`` a preset name, a rules object of
        that game, or None for the game's default preset (``classic`` for Dou
        Dizhu); ``seed`` an int (None: fresh
        entropy); ``reward`` ``"score"`` (the deal scores) or ``"win"`` (see
    :data:`Reward`).
        Raises :class:`~chupai.errors.RulesError` for an unknown game or preset and
        :class:`~chupai.errors.UnsupportedOptionError` for options the action space
        cannot represent. Call :meth:`reset` before :meth:`step`."""

    game: str
    """The game key."""
    rules: Any
    """The rules object every deal is played under."""
    num_games: int
    players: int
    """Seats per game (the width of :attr:`Batch.rewards`)."""
    space: ActionSpace
    """The action space (``n_actions`` ids)."""
    encoder: Encoder
    """The observation encoder (``obs_size`` values)."""
    n_actions: int
    obs_size: int
    reward: Reward

    def __init__(
        self,
        game: str = "doudizhu",
        rules: Any = None,
        num_games: int = 64,
        seed: int | None = 0,
        reward: Reward = "score",
    ) -> None:
        key, rules = resolve_env_rules(game, rules)
        if num_games < 1:
            raise ValueError(f"num_games must be at least 1, not {num_games}")
        if reward not in _REWARDS:
            raise ValueError(f"reward must be one of {', '.join(_REWARDS)}, not {reward!r}")
        self.game = key
        self.rules = rules
        self.num_games = int(num_games)
        self.space = ActionSpace.for_rules(key, rules)
        self.encoder = Encoder.for_rules(key, rules)
        self.players = self.encoder.players
        self.n_actions = self.space.n
        self.obs_size = self.encoder.size
        self.reward = reward
        self._game = EnvGame(get_game(key))
        self._new_deal: Callable[..., Deal] = self._game.spec.new_deal
        self._concrete = self.space.concrete
        self._seed = seed

        n = self.num_games
        self._obs = np.zeros((n, self.obs_size), np.float32)
        self._mask = np.zeros((n, self.n_actions), np.int8)
        self._seat = np.zeros(n, np.int64)
        self._rewards = np.zeros((n, self.players), np.float32)
        self._done = np.zeros(n, np.bool_)
        self._length = np.zeros(n, np.int64)
        self._batch = Batch(
            self._obs, self._mask, self._seat, self._rewards, self._done, self._length
        )
        self._rows = np.arange(n)
        self._empty = np.zeros(0, np.int64)
        # the compiled mask writer and the id of each action (not for a space of
        # action texts or classes, whose ids go through deal.action_text or the
        # plugin's action_class)
        fast = _FAST if self.space.concrete else None
        self._show_masks: Callable[..., list[list[int]]] | None = (
            None if fast is None else fast.show_masks
        )
        self._id_of: dict[Any, int] = (
            {} if fast is None else {a: k for k, a in enumerate(self.space.actions)}
        )

        self._rngs: list[random.Random] = []
        self._deals: list[Deal] = []
        self._legal: list[list[Any]] = []
        self._ids: list[Any] = [self._empty] * n
        """Per game, the ids of its legal actions (a list, or an int64 array on the
        pure path)."""
        self._raw: list[Any] = []
        self._steps = np.zeros(n, np.int64)
        self._episodes = np.zeros(n, np.int64)
        self._length_sum = np.zeros(n, np.int64)
        self._redeals = 0
        self._total_steps = 0
        self._ready = False
        self._runner: Any = self._compiled_runner()
        self._live: dict[int, Deal] = {}
        """The Python twins of the compiled runner's deals that :meth:`deal` handed out."""

    # ----- the loop ---------------------------------------------------------------
    def reset(self, seed: int | None = None) -> Batch:
        """Deal a fresh episode in every game and return the first batch (``done``
        all False, ``rewards`` zeros).

        With ``seed`` every game's generator is seeded anew from it (and the
        statistics are cleared); without, the first reset uses the constructor's
        seed and later resets go on drawing from the current generators."""
        if seed is not None or not self._ready:
            if seed is not None:
                self._seed = seed
            children = np.random.SeedSequence(self._seed).spawn(self.num_games)
            keys = [int.from_bytes(c.generate_state(4).tobytes(), "little") for c in children]
            if self._runner is not None:
                self._runner.seed_games(keys)
            self._rngs = [random.Random(k) for k in keys]
            self._episodes[:] = 0
            self._length_sum[:] = 0
            self._redeals = 0
            self._total_steps = 0
        self._mask.fill(0)
        self._ids = [[] for _ in range(self.num_games)]
        self._rewards.fill(0.0)
        self._done.fill(False)
        self._length.fill(0)
        self._steps[:] = 0
        if self._runner is not None:
            self._live = {}
            self._runner.reset(self._obs, self._mask, self._seat)
            self._ready = True
            return self._batch
        self._deals = [self._fresh(i, None) for i in range(self.num_games)]
        self._legal = [[] for _ in range(self.num_games)]
        self._raw = [None] * self.num_games
        self._show()
        self._ready = True
        return self._batch

    def step(self, actions: npt.ArrayLike) -> Batch:
        """Apply ``actions[i]`` (an action id) in game ``i`` for every game, deal
        finished games again, and return the new batch.

        Every action is checked against the current mask before any is applied,
        and nothing changes on an error: an id that is not legal raises
        :class:`~chupai.errors.IllegalActionError` (a ``ValueError``) naming the
        game, the id and its text; an id out of range, actions of the wrong shape
        or a non-integer type raise ``ValueError``."""
        if not self._ready:
            raise RuntimeError("call reset() before step()")
        a = self._check(actions)
        rewards, done, length = self._rewards, self._done, self._length
        rewards.fill(0.0)
        done.fill(False)
        length.fill(0)
        if self._runner is not None:
            live = self._live
            for i, deal in live.items():  # the Python twins of the inspected deals
                deal.apply_unchecked(self.space.actions[int(a[i])])
            self._runner.step(
                np.ascontiguousarray(a),
                self._obs,
                self._mask,
                self._seat,
                rewards,
                done.view(np.uint8),
                length,
            )
            if live:
                self._live = {i: d for i, d in live.items() if not d.is_terminal()}
            return self._batch
        table = self.space.actions
        steps = self._steps
        deals = self._deals
        concrete = self._concrete
        legal, ids = self._legal, self._ids
        ended: list[int] = []
        for i, k in enumerate(a.tolist()):
            deal = deals[i]
            if concrete:
                deal.apply_unchecked(table[k])
            else:
                deal.apply_unchecked(self.space.engine_action(k, legal[i], np.asarray(ids[i])))
            if deal.is_terminal():
                ended.append(i)
        steps += 1
        for i in ended:
            deals[i] = self._after(i, deals[i])
        self._total_steps += len(deals)
        self._show()
        return self._batch

    def sample_actions(self, rng: np.random.Generator) -> npt.NDArray[np.int64]:
        """One uniform legal id per game: the same ids as ``random_actions(mask,
        rng)`` on the last batch's (untouched) mask, with the same one
        ``rng.random`` draw per game; the compiled runner picks them from the
        legal ids it holds, without scanning the ``n_actions``-wide mask rows."""
        self._need_ready()
        if self._runner is not None:
            out: npt.NDArray[np.int64] = self._runner.sample(rng.random(self.num_games))
            return out
        return random_actions(self._mask, rng)

    # ----- for rule-based agents and inspection ----------------------------------------
    def raw_observations(self) -> list[Any]:
        """The engine observation of the seat to act in each game (the values the
        batch's ``obs`` rows encode), for bots: ``bot.act(obs, legal_actions(i))``.
        With the compiled runner, observations of deals rebuilt from their seeds
        and actions, kept in step from then on (:meth:`deal`)."""
        if self._runner is not None and self._ready:
            deals = [self.deal(i) for i in range(self.num_games)]
            return [d.observe(d.to_act) for d in deals]
        return list(self._raw)

    def legal_actions(self, i: int) -> list[Any]:
        """The legal engine actions of game ``i`` (a copy of the deal's list)."""
        self._need_ready()
        if self._runner is not None:
            return list(self._runner.legal_actions(i))
        return list(self._legal[i])

    def legal_ids(self, i: int) -> npt.NDArray[np.int64]:
        """The ids of the legal actions of game ``i``, in the order of
        :meth:`legal_actions` (read-only)."""
        self._need_ready()
        ids = self._runner.legal_ids(i) if self._runner is not None else self._ids[i]
        out = np.array(ids, np.int64)
        out.flags.writeable = False
        return out

    def deal(self, i: int) -> Deal:
        """The live deal of game ``i`` (for inspection: do not apply actions to
        it, step the runner). With the compiled runner, a Python deal rebuilt from
        the game's seed and actions at the first call, then stepped with the
        game's C deal until it ends (the same live object)."""
        self._need_ready()
        if self._runner is not None:
            deal = self._live.get(i)
            if deal is None:
                deal = self._live[i] = self._runner.replay(i)
            return deal
        return self._deals[i]

    def stats(self) -> EpisodeStats:
        """Finished episodes and their mean length, overall and per game."""
        if self._runner is not None:
            r = self._runner
            self._episodes[:] = r.episodes
            self._length_sum[:] = r.length_sum
            self._redeals, self._total_steps = r.redeals, r.total_steps
        episodes = int(self._episodes.sum())
        with np.errstate(invalid="ignore", divide="ignore"):
            per_mean = self._length_sum / self._episodes
        return EpisodeStats(
            episodes=episodes,
            mean_length=float(self._length_sum.sum() / episodes) if episodes else float("nan"),
            steps=self._total_steps,
            redeals=self._redeals,
            per_game_episodes=self._episodes.copy(),
            per_game_mean_length=per_mean,
        )

    def __repr__(self) -> str:
        return (
            f"<VectorGames {rules_text(self.rules)} num_games={self.num_games} obs={self.obs_size} "
            f"actions={self.n_actions} reward={self.reward}>"
        )

    @property
    def compiled_runner(self) -> bool:
        """Whether the deals are stepped inside the compiled core (the batched
        runner of the game's ``_fast_vec`` module; the same batches as the
        Python deals)."""
        return self._runner is not None

    # ----- internals -----------------------------------------------------------------
    def _need_ready(self) -> None:
        if not self._ready:
            raise RuntimeError("call reset() first")

    def _compiled_runner(self, module: Any = None) -> Any:
        """The game plugin's compiled batched runner (``vec_runner``) for these rules,
        or None (the Python deals); ``module``: its compiled module, whatever
        ``CHUPAI_PURE`` says (for the differential tests)."""
        make = getattr(self._game.plugin, "vec_runner", None)
        if make is None:
            return None
        return make(
            self.rules, self.num_games, self.space, self.encoder._codec, self.reward, module
        )

    def _fresh(self, i: int, prev: Deal | None) -> Deal:
        """A new deal for game ``i``: a fresh episode (``prev`` None) or the deal
        after the redeal ``prev``. A redeal decided before any action is followed
        by the next deal (counted in ``redeals``). A first deal decided at once (a
        Big Two instant win) is thrown away for a fresh one (counted too), as the
        AEC env does at ``reset``; after a redeal, such a deal ends the episode with
        its result."""
        rng = self._rngs[i]
        for _ in range(MAX_THROWN):
            kwargs = {} if prev is None else self._game.redeal_kwargs(prev)
            deal = self._new_deal(self.rules, rng.getrandbits(63), **kwargs)
            if not deal.is_terminal():
                return deal
            redeal = self._game.result(deal).redeal
            if prev is not None and not redeal:
                # the deal after a redeal decided at once (a Big Two instant win)
                # ends the episode with its result, as in the AEC env
                return self._after(i, deal)
            self._redeals += 1
            prev = deal if redeal else None
        raise ChupaiError(
            f"game {i}: {MAX_THROWN} {self.game} deals in a row ended before any action"
        )

    def _after(self, i: int, deal: Deal) -> Deal:
        """Game ``i``'s deal just ended: record the episode or redeal."""
        result = self._game.result(deal)
        if result.redeal:
            self._redeals += 1
            return self._fresh(i, deal)
        self._rewards[i] = self._game.rewards(result, self.reward, self.players)
        n = int(self._steps[i])
        self._done[i] = True
        self._length[i] = n
        self._episodes[i] += 1
        self._length_sum[i] += n
        self._steps[i] = 0
        return self._fresh(i, None)

    def _show(self) -> None:
        """Write every game's observation row, mask row and seat: the encodings in
        one call of the encoder, the masks in one call of the compiled core when it
        is built."""
        deals = self._deals
        seats = [deal.to_act for deal in deals]
        legal = [deal.legal_actions() for deal in deals]
        raw = [deal.observe(seat) for deal, seat in zip(deals, seats)]
        self._legal = legal
        self._raw = raw
        self._seat[:] = seats
        self.encoder.encode_rows(raw, self._obs)
        show = self._show_masks
        if show is not None:
            try:
                self._ids = show(self._mask, self._id_of, legal, self._ids)
                return
            except KeyError:  # an action the space lacks: the pure path names it
                self._mask.fill(0)
                self._ids = [[] for _ in range(self.num_games)]
        mask = self._mask
        for i, deal in enumerate(deals):
            ids = self.space.legal_ids(deal, legal[i])
            row = mask[i]  # a fresh view: a pickled or copied runner keeps no stale ones
            row[self._ids[i]] = 0
            row[ids] = 1
            self._ids[i] = ids

    def _check(self, actions: npt.ArrayLike) -> npt.NDArray[np.int64]:
        """``actions`` as int64 ids, each legal in its game: otherwise
        ``ValueError`` (bad shape, type or range) or
        :class:`~chupai.errors.IllegalActionError`."""
        a = np.asarray(actions)
        if a.shape != (self.num_games,):
            raise ValueError(f"actions must have shape ({self.num_games},), not {a.shape}")
        if a.dtype.kind not in "iu":
            raise ValueError(f"actions must be integer action ids, not {a.dtype}")
        ids = a.astype(np.int64, copy=False)
        bad = (ids < 0) | (ids >= self.n_actions)
        if bad.any():
            i = int(np.flatnonzero(bad)[0])
            raise ValueError(
                f"game {i}: action id {int(ids[i])} is out of range 0..{self.n_actions - 1}"
            )
        ok = self._mask[self._rows, ids]
        if not ok.all():
            i = int(np.flatnonzero(ok == 0)[0])
            k = int(ids[i])
            raise IllegalActionError(
                self.space.describe(k),
                f"game {i}: action {k} ({self.space.describe(k)}) is not legal for seat "
                f"{int(self._seat[i])}; legal: {self._legal_text(i)}",
            )
        return ids

    # ----- copies and pickles (chupai.env.snapshot) --------------------------------------
    def __getstate__(self) -> dict[str, Any]:
        """See :func:`chupai.env.snapshot.vector_state` (the compiled runner's games
        go on as Python deals)."""
        return vector_state(self)

    def __setstate__(self, state: dict[str, Any]) -> None:
        restore_vector(self, state)

    def __deepcopy__(self, memo: dict[int, Any]) -> VectorGames:
        twin: VectorGames = copy_vector(self, memo)
        return twin

    def _legal_text(self, i: int, limit: int = 12) -> str:
        ids = [int(k) for k in self.legal_ids(i)]
        shown = ", ".join(f"{k} ({self.space.describe(k)})" for k in ids[:limit])
        return shown + (f", ... ({len(ids)} in all)" if len(ids) > limit else "")
