"""The single-agent Gymnasium view of an environment: one learner seat against
chupai bots (:class:`ChupaiGymEnv`, also exported by :mod:`chupai.env.aec`), and
its registration with ``gymnasium.make`` (:func:`register_envs`).

>>> e = ChupaiGymEnv("doudizhu", "classic", opponents="random", seed=1)
>>> obs, info = e.reset()
>>> bool(obs["action_mask"].sum() > 0), info["seat"]
(True, 0)
>>> bool(e.action_masks()[obs["action_mask"].argmax()])
True

Registered ids (one per game, from the ``GYM_ID`` of the game's environment
plugin; keyword arguments of ``gymnasium.make`` go to :class:`ChupaiGymEnv`):

>>> import gymnasium
>>> g = gymnasium.make("chupai/BigTwo-v0", opponents="random", obs_mode="vector")
>>> g.observation_space.shape == g.unwrapped.aec.encoder.shape
True
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any, Final, Literal, SupportsIndex, TypeAlias

import gymnasium
import numpy as np
import numpy.typing as npt

from chupai.env.aec import DEFAULT_MAX_REDEALS, ChupaiAECEnv, Obs, RenderMode, RewardMode
from chupai.env.registration import register_envs
from chupai.env.snapshot import copy_env
from chupai.errors import ChupaiError, IllegalActionError, RulesError

__all__ = [
    "DEFAULT_ILLEGAL_REWARD",
    "BotLike",
    "ChupaiGymEnv",
    "IllegalMode",
    "ObsMode",
    "SeatMode",
    "register_envs",
]

BotLike: TypeAlias = Any
"""A bot: an object with ``act(observation, legal) -> action`` (:mod:`chupai.bots`)."""
IllegalMode: TypeAlias = Literal["terminate", "raise"]
ObsMode: TypeAlias = Literal["dict", "vector"]
SeatMode: TypeAlias = int | Literal["random", "rotate"]

DEFAULT_ILLEGAL_REWARD: Final = -1.0
"""The reward of an illegal action under ``illegal="terminate"`` unless
``illegal_reward`` says otherwise: a loss's reward under ``reward="win"``."""

_ILLEGAL_MODES: Final = ("terminate", "raise")
_OBS_MODES: Final = ("dict", "vector")
_SEAT_MODES: Final = ("random", "rotate")


class ChupaiGymEnv(gymnasium.Env[Any, np.int64]):
    """One learner seat against chupai bots, as a Gymnasium environment.

    ``seat`` is the learner's seat: a seat number, ``"random"`` (a seat drawn
    from the environment's generator on every reset) or ``"rotate"`` (seat 0 on
    the first reset and after every seeded reset, then the next seat on each
    reset); ``info["seat"]`` and :attr:`seat` give the current one. ``opponents``
    are the other seats' players, in seat order from the learner's next seat: a
    bot name for all of them (``"heuristic"``, ``"random"``, ``"greedy"``,
    ``"search:ms=50"``...), a list of names or bot objects (one per other seat).
    Named bots are built with :func:`chupai.bots.make_bot` and rebuilt, seeded
    from the environment's generator, on every seeded ``reset``, so that
    ``reset(seed=s)`` always replays the same episode; bot objects given are
    used as they are (seed them yourself). Each bot sees only its own seat's
    observation.

    Spaces, rewards and ``rules`` are those of :class:`ChupaiAECEnv` for the
    learner's seat. ``obs_mode="dict"`` (default) observes ``{"observation":
    vector, "action_mask": mask}``; ``obs_mode="vector"`` observes the vector
    alone (a ``Box``), so that a masking learner such as sb3-contrib's
    ``MaskablePPO`` reads the mask from :meth:`action_masks` and never feeds it
    to its network. ``reset(seed)`` deals and lets the bots play until the
    learner is to act; ``step(i)`` applies the learner's action id, then the
    bots' actions until the learner is to act again or the deal ends. Both
    return ``info["action_mask"]`` (int8, the same array as
    ``obs["action_mask"]``) and ``info["seat"]``; at the end ``info["score"]``
    is the learner's deal score and the mask is all zeros. An episode whose
    redeals exceed ``max_redeals`` ends truncated. A deal that ends before the
    learner's first decision is never returned: ``reset`` deals again.

    An illegal id (out of range or not in the mask): under ``illegal="terminate"``
    (default) the episode ends, terminated, with reward ``illegal_reward``
    (default :data:`DEFAULT_ILLEGAL_REWARD`, -1) and ``info["illegal"] = True``;
    no bot acts and the deal is abandoned. Under ``illegal="raise"`` it raises
    :class:`~chupai.errors.IllegalActionError` and changes nothing
    (``illegal_reward`` is then unused). The default
    lets Gymnasium's ``check_env`` (which steps with unmasked random ids) and
    unmasked learners run; a masking learner never sees it.

    ``seed`` seeds the first ``reset()`` that is given no seed.

    ``include_state=True`` adds ``info["state"]`` to every ``reset`` and ``step``:
    the perfect-information state (:meth:`ChupaiAECEnv.state`, every hand and the
    hidden cards; its space is ``env.aec.state_space``). It is **privileged**: for
    a centralised critic only, never the policy's input. Off by default."""

    metadata: dict[str, Any] = {"render_modes": ["human", "ansi"]}

    seat: int
    """The learner's seat in the current episode."""
    seat_mode: SeatMode
    """The ``seat`` argument: a seat, ``"random"`` or ``"rotate"``."""
    obs_mode: ObsMode
    illegal: IllegalMode
    illegal_reward: float
    bots: dict[int, BotLike]
    """The bot of each other seat in the current episode (absolute seats)."""

    def __init__(
        self,
        game: str = "doudizhu",
        rules: Any = None,
        *,
        seat: SeatMode = 0,
        opponents: str | Sequence[str | BotLike] = "heuristic",
        reward: RewardMode = "score",
        seed: int | None = None,
        render_mode: RenderMode | None = None,
        max_redeals: int = DEFAULT_MAX_REDEALS,
        illegal: IllegalMode = "terminate",
        illegal_reward: float | None = None,
        obs_mode: ObsMode = "dict",
        include_state: bool = False,
    ) -> None:
        self.aec = ChupaiAECEnv(
            game, rules, render_mode=render_mode, reward=reward, max_redeals=max_redeals
        )
        n = self.aec.players
        self.seat_mode = _check_seat(seat, n)
        self.illegal, self.illegal_reward = _check_illegal(illegal, illegal_reward)
        if obs_mode not in _OBS_MODES:
            raise RulesError(
                f"bad obs_mode {obs_mode!r}; allowed: dict, vector", "obs_mode", _OBS_MODES
            )
        self.obs_mode = obs_mode
        self.include_state = bool(include_state)
        self._specs = _check_opponents(opponents, n, self.aec.game)
        self._bots: list[BotLike] = []
        self._build_bots(seed)
        self._rotation = 0
        self._place(seat if isinstance(seat, int) else 0)
        self.render_mode = render_mode
        self.metadata = {"render_modes": ["human", "ansi"], "name": self.aec.metadata["name"]}
        space = self.aec.observation_space(self.agent)
        self.observation_space = space if obs_mode == "dict" else space["observation"]
        self.action_space = self.aec.action_space(self.agent)
        self._init_seed = seed
        self._done = True

    def _build_bots(self, seed: int | None) -> None:
        """(Re)build the named bots, seeded from ``seed``; bot objects stay."""
        from chupai.bots import make_bot
        from chupai.bots.agents import build_agent

        rng = np.random.default_rng(seed)
        bots = []
        for spec in self._specs:
            bot_seed = int(rng.integers(1 << 63))
            if isinstance(spec, str):
                bots.append(make_bot(spec, seed=bot_seed, game=self.aec.game))
            else:  # an agent object stays; a class, factory or policy function is built
                bots.append(build_agent(spec, bot_seed, self.aec.game))
        self._bots = bots

    def _place(self, seat: int) -> None:
        """Seat the learner at ``seat`` and the bots after it, in seat order."""
        n = self.aec.players
        self.seat = seat
        self.agent = self.aec.possible_agents[seat]
        self.bots = {(seat + k) % n: bot for k, bot in enumerate(self._bots, 1)}

    def _next_seat(self, seeded: bool) -> int:
        """The learner's seat for the episode a reset starts."""
        mode = self.seat_mode
        n = self.aec.players
        if mode == "random":
            return int(self.np_random.integers(n))
        if mode == "rotate":
            if seeded:
                self._rotation = 0
            seat = self._rotation % n
            self._rotation = seat + 1
            return seat
        return self.seat

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Any, dict[str, Any]]:
        """Deal a new episode and play the bots until the learner is to act;
        returns ``(observation, {"action_mask": mask, "seat": seat})``.
        ``options`` is ignored."""
        if seed is None and self._init_seed is not None:
            seed, self._init_seed = self._init_seed, None
        super().reset(seed=seed)
        rng = self.np_random
        if seed is not None:
            self._build_bots(int(rng.integers(1 << 63)))
        self._place(self._next_seat(seed is not None))
        aec = self.aec
        while True:
            aec.reset(seed=int(rng.integers(1 << 63)))
            self._done = False
            self._run_bots()
            if not aec._over:
                break
            # the deal ended before the learner had a decision: deal again
        obs = aec.observe(self.agent)
        return self._obs(obs), self._with_state(
            {"action_mask": obs["action_mask"], "seat": self.seat}
        )

    def _obs(self, obs: Obs) -> Any:
        return obs if self.obs_mode == "dict" else obs["observation"]

    def _run_bots(self) -> None:
        """Let the bots act until the learner is to act or the deal is over."""
        aec = self.aec
        me = self.agent
        bots = self.bots
        space = aec.space
        while not aec._over and aec.agent_selection != me:
            seat = aec._seat_of[aec.agent_selection]
            action = bots[seat].act(aec.deal.observe(seat), aec.legal_actions())
            aec._play(space.id_of(aec.deal, action), action)

    def step(self, action: SupportsIndex) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """Apply the learner's action id, then the bots' actions; returns
        ``(observation, reward, terminated, truncated, info)``."""
        if self._done:
            raise ChupaiError("the episode is over: call reset()")
        aec = self.aec
        me = self.agent
        try:
            aec._play(action)
        except IllegalActionError:
            if self.illegal == "raise":
                raise
            return self._illegal_end()
        self._run_bots()
        obs = aec.observe(me)
        info = self._with_state({"action_mask": obs["action_mask"], "seat": self.seat})
        if not aec._over:
            return self._obs(obs), 0.0, False, False, info
        self._done = True
        if aec.truncations[me]:
            return self._obs(obs), 0.0, False, True, info
        info["score"] = aec.infos[me]["score"]
        return self._obs(obs), float(aec.rewards[me]), True, False, info

    def _illegal_end(self) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """End the episode after an illegal id (``illegal="terminate"``)."""
        aec = self.aec
        self._done = True
        aec._over = True
        aec._mask = aec._legal = None
        obs = aec.observe(self.agent)
        info = self._with_state(
            {"action_mask": obs["action_mask"], "seat": self.seat, "illegal": True}
        )
        return self._obs(obs), self.illegal_reward, True, False, info

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal ids of the learner now, as a bool array over the action
        space (all False once the episode is over): sb3-contrib's
        ``MaskablePPO`` convention."""
        if self._done:
            return np.zeros(self.aec.space.n, np.bool_)
        return self.aec.action_mask().view(np.bool_)

    def render(self) -> Any:  # str | None (gymnasium's RenderFrame type varies by release)
        """The public state as text (see :meth:`ChupaiAECEnv.render`)."""
        return self.aec.render()

    def close(self) -> None:
        self.aec.close()

    def _with_state(self, info: dict[str, Any]) -> dict[str, Any]:
        """``info`` with ``info["state"]`` when :attr:`include_state` is set."""
        if self.include_state:
            info["state"] = self.aec.state()
        return info

    # ----- copies and pickles ---------------------------------------------------------
    def __deepcopy__(self, memo: dict[int, Any]) -> ChupaiGymEnv:
        """An independent copy: the AEC environment copied as its own deep copy
        does (the deal cloned, the tables and spaces shared), the bots and the
        generator copied."""
        twin: ChupaiGymEnv = copy_env(self, memo, _SHARED)
        return twin

    def __getstate__(self) -> dict[str, Any]:
        """Everything but the spaces, which are the AEC environment's (rebuilt by
        its own unpickling)."""
        return {k: v for k, v in self.__dict__.items() if k not in _SPACES}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        space = self.aec.observation_space(self.agent)
        self.observation_space = space if self.obs_mode == "dict" else space["observation"]
        self.action_space = self.aec.action_space(self.agent)


def _check_seat(seat: Any, n: int) -> SeatMode:
    if seat == "random" or seat == "rotate":
        return "random" if seat == "random" else "rotate"
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
        raise RulesError(
            f"bad seat {seat!r}: expected 0..{n - 1}, 'random' or 'rotate'", "seat", _SEAT_MODES
        )
    return seat


def _check_illegal(illegal: Any, reward: Any) -> tuple[IllegalMode, float]:
    if illegal not in _ILLEGAL_MODES:
        raise RulesError(
            f"bad illegal {illegal!r}; allowed: terminate, raise", "illegal", _ILLEGAL_MODES
        )
    if reward is None:
        return illegal, DEFAULT_ILLEGAL_REWARD
    if (
        isinstance(reward, bool)
        or not isinstance(reward, (int, float))
        or not math.isfinite(reward)
    ):
        raise RulesError(
            f"bad illegal_reward {reward!r}: expected a finite number", "illegal_reward"
        )
    return illegal, float(reward)


def _check_opponents(opponents: Any, n: int, game: str) -> list[Any]:
    """The opponents, one per other seat (relative order), checked."""
    specs: list[Any]
    if isinstance(opponents, str):
        specs = [opponents] * (n - 1)
    else:
        specs = list(opponents)
        if len(specs) != n - 1:
            raise RulesError(
                f"{len(specs)} opponents given for the {n - 1} other seats of {game}",
                "opponents",
            )
    from chupai.bots.agents import check_agent

    for spec in specs:
        if isinstance(spec, str):
            continue
        try:
            check_agent(spec)
        except ChupaiError as exc:
            raise RulesError(
                f"opponent {spec!r} is neither a bot name nor an agent: {exc}", "opponents"
            ) from None
    return specs


_SPACES = frozenset({"observation_space", "action_space"})
_SHARED = _SPACES
"""What a deep copy shares: the spaces (the copied AEC environment shares them
too). A bot object among the opponents is copied once (the copy's seats and its
list of opponents hold the same copy)."""
