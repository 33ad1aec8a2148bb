"""PettingZoo and Gymnasium environments over the deal engines.

:class:`ChupaiAECEnv` is a PettingZoo AEC ("agent environment cycle") environment
of one game under one rules object: the seats take turns as the engine says, each
sees a fixed-size encoding of its own :class:`Observation` and a legality mask
over the game's fixed :class:`~chupai.env.spaces.ActionSpace`.
:class:`ChupaiGymEnv` is a single-agent Gymnasium view of the same game: one
learner seat, the other seats played by chupai bots that see only their own
observations.

>>> from chupai.env.aec import env
>>> e = env(game="doudizhu", rules="classic")
>>> e.reset(seed=7)
>>> e.agent_selection in e.possible_agents
True
>>> obs, reward, terminated, truncated, info = e.last()
>>> obs["observation"].shape == e.observation_space(e.agent_selection)["observation"].shape
True
>>> [e.unwrapped.space.describe(i) for i in obs["action_mask"].nonzero()[0]]
['pass', 'bid 1', 'bid 2', 'bid 3']

Agents and spaces
-----------------

The agents are ``seat_0`` .. ``seat_{n-1}`` (the engine's seats). Every agent
has the same spaces:

- ``observation_space(agent)``: ``Dict({"observation": Box(0, high, (size,),
  float32), "action_mask": Box(0, 1, (n_actions,), int8)})``. The vector is
  :class:`~chupai.env.encode.Encoder` ``.encode(deal.observe(seat))``, built only
  from what the seat may know; ``high`` is each value's bound worked out from the
  rules (:attr:`~chupai.env.encode.Encoder.high`). The mask has a 1 at the id of
  each legal action of the agent to act; it is all zeros for every other agent
  and once the episode is over.
- ``action_space(agent)``: ``Discrete(n_actions)``: the ids of the game's
  :class:`~chupai.env.spaces.ActionSpace` (``env.unwrapped.space``; its
  ``describe(i)`` gives an id's text, ``action(i)`` the engine action).

The spaces are built once (the same object on every call, as PettingZoo requires).

Episodes
--------

An episode is one deal. ``reset(seed)`` seeds the environment's own random
generator (``np_random``, a ``numpy.random.Generator``); every deal of the
episode is dealt from a seed drawn from it, so the same ``seed`` gives the same
episode for the same actions, and ``reset()`` without a seed continues the
stream (a new deal each time). ``options`` is accepted and ignored.

A deal that ends without a result (every Dou Dizhu seat passed the bidding, a
Big A redeal, a Big Two redeal request) starts a new deal **within the same
episode**, as at a real table, dealt as the game's spec says and rewarded
nothing; ``env.unwrapped.redeals`` counts them, and past ``max_redeals`` the
episode ends **truncated**. An episode never *starts* with a deal decided before
any seat acts (a Big Two instant win, a Big A deal nobody could declare):
``reset`` deals again, the one departure from table play (docs/env.md, "Episodes,
seeds and rewards").

Rewards are 0 until the deal ends; then every agent gets its reward at once
(``rewards``, ``_cumulative_rewards``, ``last()``): ``reward="score"`` (default)
the deal's scores, ``reward="win"`` +1 for a win and -1 for a loss as each game
defines them (its plugin's ``win_rewards``; Big Two's is zero-sum, -1/(n-1) for
each loser). Every termination is then True and the agents leave one by one
(``step(None)`` each); ``infos[agent]`` holds ``{"score": the seat's deal
score}``. The rewards outlive the agents: after ``agent_iter`` ends,
``rewards[agent]`` and ``_cumulative_rewards[agent]`` still give each agent's
final reward until the next ``reset``, as does :attr:`ChupaiAECEnv.final_rewards`.

Illegal actions
---------------

``step(i)`` with an id not legal now raises
:class:`~chupai.errors.IllegalActionError` naming it, and changes nothing: a
learner that picks from the mask never sees it, and a bug is never hidden as a
lost game. ``env(illegal_reward=-1)`` adds PettingZoo's
``TerminateIllegalWrapper`` (the offender loses, the episode ends).

Rendering
---------

``render_mode="ansi"`` makes :meth:`ChupaiAECEnv.render` return a text table of
the **public** state, rendered from the shared facts of an observation
(:meth:`chupai.protocol.GameSpec.facts`): phase, each seat's card count, public
role and last public action, the play on the table, the seat to act when that is
public, the scores once over; ``"human"`` prints it. No hand is ever shown.

Rule-based agents
-----------------

A :mod:`chupai.bots` bot plays through :meth:`ChupaiAECEnv.raw_observation` (the
engine's observation of a seat) and :meth:`ChupaiAECEnv.legal_actions`::

    action = bot.act(env.raw_observation(agent), env.legal_actions())
    env.step(env.space.index(action))
"""

from __future__ import annotations

from operator import index as _as_index
from typing import Any, Final, Literal, SupportsIndex, TypeAlias

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces as gym_spaces
from gymnasium.utils import seeding

# pettingzoo ships no type information
from pettingzoo import AECEnv  # type: ignore[import-untyped]
from pettingzoo.utils import wrappers as pz_wrappers  # type: ignore[import-untyped]

from chupai.env.common import EnvGame, KeptRewards, keep_rewards, resolve_env_rules
from chupai.env.encode import Encoder
from chupai.env.render import public_text, rules_text
from chupai.env.snapshot import copy_env, env_from_state, env_state, read_env_state, restore_env
from chupai.env.spaces import ActionSpace
from chupai.env.state import StateEncoder
from chupai.errors import ChupaiError, IllegalActionError, RulesError
from chupai.protocol import get_game

__all__ = [
    "DEFAULT_MAX_REDEALS",
    "ChupaiAECEnv",
    "env",
    "raw_env",
    "resolve_env_rules",
]

Obs: TypeAlias = dict[str, npt.NDArray[Any]]
"""An observation: ``{"observation": float32 vector, "action_mask": int8 mask}``."""
RewardMode: TypeAlias = Literal["score", "win"]
RenderMode: TypeAlias = Literal["human", "ansi"]

DEFAULT_MAX_REDEALS: Final = 100
"""Redeals per episode after which an episode ends truncated."""

_INT8: Final = np.int8
_NO_IDS: Final[npt.NDArray[np.int64]] = np.zeros(0, np.int64)
_SPACES: Final = frozenset({"_obs_spaces", "_act_spaces", "_state_space"})
"""Attributes a pickle leaves out (rebuilt from the rules; the state space lazily)."""
_SHARED: Final = frozenset(
    {"rules", "space", "encoder", "_game", "_new_deal", "_names", "_seat_of"}
    | {"_legal", "_ids", "_mask"}
    | _SPACES
)
"""Attributes a deep copy shares: immutable, or never changed in place."""
_MAX_VOID: Final = 1000
"""Fresh deals tried by a reset before giving up on finding one with a decision."""


# ----- the AEC environment ------------------------------------------------------------


class ChupaiAECEnv(AECEnv):  # type: ignore[misc]  # AECEnv is untyped (Any)
    """The PettingZoo AEC environment of one game (see the module docstring).

    ``game`` is a game key or alias (``doudizhu``, ``bigtwo``, ``biga``);
    ``rules`` a preset name, a spec string or a rules object of that game
    (:func:`resolve_env_rules`), or None for the game's default preset
    (``classic``, ``standard``); ``reward`` ``"score"`` or ``"win"``;
    ``max_redeals`` the redeals an episode may have before it ends truncated.
    Raises :class:`~chupai.errors.RulesError` for bad arguments and
    :class:`~chupai.errors.UnsupportedOptionError` for rules whose actions the
    action space cannot represent."""

    metadata: dict[str, Any] = {
        "render_modes": ["human", "ansi"],
        "name": "chupai_v0",
        "is_parallelizable": False,
    }

    game: str
    """The game key."""
    rules: Any
    """The rules object."""
    space: ActionSpace
    """The action space (ids <-> engine actions)."""
    encoder: Encoder
    """The observation encoder."""
    reward_mode: RewardMode
    max_redeals: int
    render_mode: RenderMode | None
    redeals: int
    """Redeals in the current episode."""
    deal: Any
    """The current deal. It holds every hand: privileged, for tests, debugging
    and centralized critics only, never for an agent's input."""
    np_random: np.random.Generator | None
    """The generator the deal seeds are drawn from (set by :meth:`reset`)."""
    final_rewards: dict[str, float]
    """Each agent's reward of the episode once over (``{}`` before; until :meth:`reset`)."""

    def __init__(
        self,
        game: str = "doudizhu",
        rules: Any = None,
        *,
        render_mode: RenderMode | None = None,
        reward: RewardMode = "score",
        max_redeals: int = DEFAULT_MAX_REDEALS,
    ) -> None:
        super().__init__()
        key, rules_obj = resolve_env_rules(game, rules)
        if render_mode is not None and render_mode not in ("human", "ansi"):
            raise RulesError(
                f"bad render_mode {render_mode!r}; allowed: human, ansi",
                "render_mode",
                ("human", "ansi"),
            )
        if reward not in ("score", "win"):
            raise RulesError(
                f"bad reward {reward!r}; allowed: score, win", "reward", ("score", "win")
            )
        if isinstance(max_redeals, bool) or not isinstance(max_redeals, int) or max_redeals < 0:
            raise RulesError(
                f"bad max_redeals {max_redeals!r}: expected an integer >= 0", "max_redeals"
            )
        self.game = key
        self.rules = rules_obj
        self.space = ActionSpace.for_rules(key, rules_obj)
        self.encoder = Encoder.for_rules(key, rules_obj)
        self.reward_mode = reward
        self.max_redeals = max_redeals
        self.render_mode = render_mode
        self.metadata = {
            "render_modes": ["human", "ansi"],
            "name": f"chupai_{key}_v0",
            "is_parallelizable": False,
        }
        self._game = EnvGame(get_game(key))
        self._new_deal = self._game.new_deal
        """``(rules, seed, previous deal or None) -> deal`` (tests replace it)."""
        n = self.encoder.players
        self.players = n
        names = tuple(f"seat_{s}" for s in range(n))
        self._names = names
        self._seat_of = {a: s for s, a in enumerate(names)}
        self.possible_agents = list(names)
        self._n_actions = self.space.n
        self._obs_spaces = {a: self._make_obs_space() for a in names}
        # Any: gymnasium's Discrete is generic in some releases and not in others
        self._act_spaces: dict[str, Any] = {a: gym_spaces.Discrete(self.space.n) for a in names}
        self.np_random = None
        self.deal = None
        self.redeals = 0
        self._legal: list[Any] | None = None
        self._ids: npt.NDArray[np.int64] = _NO_IDS
        self._mask: npt.NDArray[np.int8] | None = None
        self._over = True
        # the PettingZoo bookkeeping, filled by reset()
        self.agents: list[str] = []
        self.final_rewards: dict[str, float] = {}
        self.rewards: dict[str, float] = {}
        self._cumulative_rewards: dict[str, float] = {}
        self.terminations: dict[str, bool] = {}
        self.truncations: dict[str, bool] = {}
        self.infos: dict[str, dict[str, Any]] = {}
        self.agent_selection: str = names[0]

    def _make_obs_space(self) -> gym_spaces.Dict:
        high = self.encoder.high
        vector = gym_spaces.Box(np.zeros_like(high), high, high.shape, np.float32)
        mask = gym_spaces.Box(0, 1, (self.space.n,), _INT8)
        return gym_spaces.Dict({"observation": vector, "action_mask": mask})

    # ----- spaces ---------------------------------------------------------------------
    def observation_space(self, agent: str) -> gym_spaces.Dict:
        """The observation space of ``agent`` (the same object on every call)."""
        return self._obs_spaces[agent]

    def action_space(self, agent: str) -> Any:
        """The action space of ``agent``: ``Discrete(space.n)`` (the same object on
        every call)."""
        return self._act_spaces[agent]

    # ----- episode --------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start an episode: seed the generator when ``seed`` is given (or on the
        first reset), then deal. ``options`` is ignored."""
        if seed is not None or self.np_random is None:
            self.np_random, _ = seeding.np_random(seed)
        agents = list(self._names)
        self.agents = agents
        self.final_rewards = {}
        self.rewards = KeptRewards(dict.fromkeys(agents, 0.0), {})
        self._cumulative_rewards = KeptRewards(dict.fromkeys(agents, 0.0), {})
        self.terminations = dict.fromkeys(agents, False)
        self.truncations = dict.fromkeys(agents, False)
        self.infos = {a: {} for a in agents}
        self.redeals = 0
        self._skip_agent_selection = None
        rng = self.np_random
        assert rng is not None
        for _ in range(_MAX_VOID):
            deal = self._new_deal(self.rules, int(rng.integers(1 << 63)), None)
            if deal.to_act is not None:
                self._set_deal(deal)
                return
        raise ChupaiError(f"no {self.game} deal with a decision in {_MAX_VOID} deals")

    def _set_deal(self, deal: Any) -> None:
        """Make ``deal`` (not over) the current deal."""
        self.deal = deal
        self._legal = self._mask = None
        self._over = False
        self.agent_selection = self._names[deal.to_act]

    def _deal_over(self, deal: Any) -> None:
        """The current ``deal`` is over: deal again after a redeal (or end the
        episode truncated past :attr:`max_redeals`), else end the episode with the
        deal's rewards."""
        rng = self.np_random
        assert rng is not None
        result = self._game.result(deal)
        while result.redeal:
            self.redeals += 1
            if self.redeals > self.max_redeals:
                self._over = True
                for a in self.agents:
                    self.truncations[a] = True
                keep_rewards(self, dict.fromkeys(self._names, 0.0))
                return
            deal = self._new_deal(self.rules, int(rng.integers(1 << 63)), deal)
            self.deal = deal
            if deal.to_act is not None:
                self._set_deal(deal)
                return
            result = self._game.result(deal)
        self._over = True
        values = self._game.rewards(result, self.reward_mode, self.players)
        for s, a in enumerate(self._names):
            self.rewards[a] = values[s]
            self._cumulative_rewards[a] += values[s]
            self.terminations[a] = True
            self.infos[a] = {"score": int(result.scores[s])}
        keep_rewards(self, {a: self._cumulative_rewards[a] for a in self._names})

    def step(self, action: SupportsIndex | None) -> None:
        """Apply the agent to act's action id (``step(None)`` for an agent whose
        episode is over, as PettingZoo requires). Raises
        :class:`~chupai.errors.IllegalActionError` for an id that is not legal now."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self._play(action)

    def _play(self, action: SupportsIndex | None, chosen: Any = None) -> None:
        """Apply action id ``action`` for the seat to act, then end or redeal as
        needed (the transition without PettingZoo's dead-agent bookkeeping).
        ``chosen``: the legal engine action to apply, of id ``action`` (a bot's
        own choice where one id stands for a class of actions); default the
        space's :meth:`~chupai.env.spaces.ActionSpace.engine_action`."""
        mask = self._mask if self._mask is not None else self._current_mask()
        try:
            if action is None:
                raise TypeError
            i = _as_index(action)
        except TypeError:
            raise IllegalActionError(
                repr(action), f"an action is an integer id 0..{self._n_actions - 1}"
            ) from None
        if not 0 <= i < self._n_actions:
            raise IllegalActionError(
                f"id {i}", f"out of range 0..{self._n_actions - 1} of the {self.game} action space"
            )
        if not mask[i]:
            raise IllegalActionError(
                f"id {i} ({self.space.describe(i)})",
                f"not legal for {self.agent_selection} now; legal: "
                + ", ".join(f"{j} ({self.space.describe(j)})" for j in mask.nonzero()[0][:20]),
            )
        deal = self.deal
        assert self._legal is not None
        if chosen is None:
            chosen = self.space.engine_action(i, self._legal, self._ids)
        deal.apply_unchecked(chosen)
        self._legal = self._mask = None
        seat = deal.to_act
        if seat is not None:
            self.agent_selection = self._names[seat]
            return
        self._deal_over(deal)

    # ----- observations ---------------------------------------------------------------
    def _current_mask(self) -> npt.NDArray[np.int8]:
        """The legality mask of the seat to act (computed once per state; do not
        mutate)."""
        mask = self._mask
        if mask is None:
            mask = np.zeros(self._n_actions, _INT8)
            if self._over:
                self._legal = []
                self._ids = _NO_IDS
            else:
                legal = self.deal.legal_actions()
                ids = self.space.legal_ids(self.deal, legal)
                mask[ids] = 1
                self._legal = legal
                self._ids = ids
            self._mask = mask
        return mask

    def observe(self, agent: str) -> Obs:
        """``agent``'s observation: its encoded :meth:`raw_observation` and its
        action mask (zeros unless it is to act). Fresh arrays on every call."""
        seat = self._seat_of[agent]
        x = self.encoder.encode(self.deal.observe(seat))
        if (
            agent == self.agent_selection
            and not self._over
            and not self.terminations.get(agent, True)
        ):
            mask = self._current_mask().copy()
        else:
            mask = np.zeros(self._n_actions, _INT8)
        return {"observation": x, "action_mask": mask}

    def raw_observation(self, agent: str) -> Any:
        """The engine's observation of ``agent``'s seat (``deal.observe(seat)``):
        what a rule-based agent (a :mod:`chupai.bots` bot) plays from."""
        return self.deal.observe(self._seat_of[agent])

    def legal_actions(self) -> list[Any]:
        """The engine actions legal for the agent to act now (empty once the
        episode is over); ``space.index(a)`` gives an action's id."""
        self._current_mask()
        assert self._legal is not None
        return list(self._legal)

    def legal_ids(self) -> npt.NDArray[np.int64]:
        """The ids of :meth:`legal_actions`, in the same order (a new array)."""
        self._current_mask()
        return self._ids.copy()

    def action_mask(self) -> npt.NDArray[np.int8]:
        """A copy of the legality mask of the agent to act."""
        return self._current_mask().copy()

    # ----- rendering ------------------------------------------------------------------
    def render(self) -> str | None:
        """The public state as text: returned under ``render_mode="ansi"``,
        printed under ``"human"``; None (with a warning) without a render mode."""
        if self.render_mode is None:
            gymnasium.logger.warn(
                "You are calling render without a render_mode "
                "(ChupaiAECEnv(render_mode='ansi' or 'human'))."
            )
            return None
        text = self.public_text()
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def public_text(self) -> str:
        """The text table :meth:`render` shows: only what every seat knows."""
        if self.deal is None:
            return f"{self.metadata['name']}: not reset"
        return public_text(
            self._game, self.deal, self.metadata["name"], rules_text(self.rules), self.redeals
        )

    def close(self) -> None:
        """Nothing to release."""

    def __repr__(self) -> str:
        return f"<ChupaiAECEnv {rules_text(self.rules)} reward={self.reward_mode}>"

    # ----- copies, pickles and snapshots ----------------------------------------------
    def __deepcopy__(self, memo: dict[int, Any]) -> ChupaiAECEnv:
        """An independent copy that costs about a deal's ``clone()``: the deal
        cloned, the episode's bookkeeping copied, the generator's state copied, the
        immutable parts (rules, action space, encoder, spaces) shared."""
        twin: ChupaiAECEnv = copy_env(self, memo, _SHARED)
        return twin

    def __getstate__(self) -> dict[str, Any]:
        """The pickled state: everything but the spaces, which the receiving
        process builds again (unseeded) from the rules (:meth:`__setstate__`),
        and the legal actions and mask, computed again when asked for."""
        state = {k: v for k, v in self.__dict__.items() if k not in _SPACES}
        state.update(_legal=None, _mask=None, _ids=_NO_IDS)  # caches, recomputed
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        names = self._names
        self._obs_spaces = {a: self._make_obs_space() for a in names}
        self._act_spaces = {a: gym_spaces.Discrete(self.space.n) for a in names}

    def serialize_state(self) -> str:
        """The environment's position as one printable line
        (``chupai-env/1:...``): the game, the rules, the reward mode, the
        generator's state, the redeal count, the current deal's record and the
        PettingZoo bookkeeping. :meth:`restore_state` (or the class's
        :meth:`deserialize_state`) puts an environment back in this position."""
        return env_state(self)

    def restore_state(self, text: str) -> None:
        """Put this environment (of the same game and rules) in the position of
        ``text`` (:meth:`serialize_state`); raises
        :class:`~chupai.errors.RecordError` naming what is wrong with a bad
        string, or rules that differ, and leaves the environment unchanged."""
        restore_env(self, read_env_state(text))

    @classmethod
    def deserialize_state(cls, text: str, **kwargs: Any) -> ChupaiAECEnv:
        """A new environment (of the string's game, rules, reward mode and
        ``max_redeals``; ``kwargs``: the other constructor arguments, e.g.
        ``render_mode``) in the position of ``text`` (:meth:`serialize_state`)."""
        env: ChupaiAECEnv = env_from_state(cls, text, kwargs)
        return env

    # ----- the perfect-information state (privileged: critics only) -------------------
    @property
    def state_space(self) -> gym_spaces.Box:
        """The space of :meth:`state`: ``Box(0, high, (size,), float32)``, the
        bounds of :meth:`chupai.env.state.StateEncoder.high` (the observation's
        bounds for its part; the same object on every call)."""
        space: gym_spaces.Box | None = getattr(self, "_state_space", None)
        if space is None:
            st = StateEncoder.for_rules(self.game, self.rules)
            high = st.high()
            space = gym_spaces.Box(np.zeros(st.size, np.float32), high, (st.size,), np.float32)
            self._state_space = space
        return space

    def state(self) -> npt.NDArray[np.float32]:
        """The perfect-information state of the current deal (PettingZoo's
        ``state()``): every hand, the cards no seat has seen and the public state,
        as one float32 vector of :attr:`state_space`
        (:class:`~chupai.env.state.StateEncoder`; a new array).

        **Privileged**: for a centralised critic in training only, never an acting
        policy's input. Raises :class:`~chupai.errors.ChupaiError` before the first
        :meth:`reset`."""
        if self.deal is None:
            raise ChupaiError("no deal yet: call reset() before state()")
        return StateEncoder.for_rules(self.game, self.rules).encode(self.deal)


def raw_env(
    game: str = "doudizhu",
    rules: Any = None,
    *,
    render_mode: RenderMode | None = None,
    reward: RewardMode = "score",
    max_redeals: int = DEFAULT_MAX_REDEALS,
) -> ChupaiAECEnv:
    """The bare :class:`ChupaiAECEnv` (no wrappers)."""
    return ChupaiAECEnv(
        game, rules, render_mode=render_mode, reward=reward, max_redeals=max_redeals
    )


def env(
    game: str = "doudizhu",
    rules: Any = None,
    *,
    render_mode: RenderMode | None = None,
    reward: RewardMode = "score",
    max_redeals: int = DEFAULT_MAX_REDEALS,
    illegal_reward: float | None = None,
) -> Any:
    """:class:`ChupaiAECEnv` in PettingZoo's ``OrderEnforcingWrapper`` (calls in
    a wrong order fail clearly). With ``illegal_reward`` set, an illegal action id
    ends the episode and gives its agent that reward (PettingZoo's
    ``TerminateIllegalWrapper``) instead of raising.

    No ``AssertOutOfBoundsWrapper``: the environment checks every id itself (out of
    range or not legal) and raises an error naming it."""
    e: Any = raw_env(game, rules, render_mode=render_mode, reward=reward, max_redeals=max_redeals)
    if illegal_reward is not None:
        e = pz_wrappers.TerminateIllegalWrapper(e, illegal_reward=illegal_reward)
    return pz_wrappers.OrderEnforcingWrapper(e)


def __getattr__(name: str) -> Any:
    # the Gymnasium view lives in chupai.env.gym (it imports this module)
    if name == "ChupaiGymEnv":
        from chupai.env.gym import ChupaiGymEnv

        return ChupaiGymEnv
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
