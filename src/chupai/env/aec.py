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

- ``observation_space(agent)``: ``Dict({"observation": Box(0, inf, (size,),
  float32), "action_mask": Box(0, 1, (n_actions,), int8)})``. The vector is
  :class:`~chupai.env.encode.Encoder` ``.encode(deal.observe(seat))``: built only
  from what the seat may know. Every value is ``>= 0``; most are in ``[0, 1]``,
  but a few scalars (a Big A seat's card count after captures, the Dou Dizhu
  stake) may exceed 1, so the box is open above. The mask has a 1 at the id of
  each legal action of the agent to act, and is all zeros for every other agent
  and once the episode is over.
- ``action_space(agent)``: ``Discrete(n_actions)``: the ids of the game's
  :class:`~chupai.env.spaces.ActionSpace` (``env.unwrapped.space``; its
  ``describe(i)`` gives an id's text, ``action(i)`` the engine action).

The spaces are built once per environment (the same object on every call, as
PettingZoo requires).

Episodes
--------

An episode is one deal. ``reset(seed)`` seeds the environment's own random
generator (``np_random``, a ``numpy.random.Generator``); every deal of the
episode is dealt from a seed drawn from it, so the same ``seed`` gives the same
episode for the same actions, and ``reset()`` without a seed continues the
stream (a new deal each time). ``options`` is accepted and ignored.

A deal that ends without a result starts a new deal **within the same episode**
(the agents see the new deal's observations; nothing is rewarded), as at a real
table: a Dou Dizhu deal in which every seat passed the bidding (dealt next by the
next seat, ``(dealer + 1) % n``, doubled when ``all_pass=redeal_doubled_once``
says so), a Big A redeal (the same first drawer) and a Big Two redeal request
(the same dealer). ``env.unwrapped.redeals`` counts them; past ``max_redeals``
redeals the episode ends **truncated** (every truncation True, no reward).

An episode never *starts* with a deal decided before any seat acts (a Big Two
instant win under ``taiwan``, about one deal in a thousand; a Big A deal in which
nobody could declare): PettingZoo wants live agents after ``reset``, and such a
deal has no decision to learn from, so ``reset`` deals again (not counted as a
redeal). This is the one departure from table play. Later in an episode (after a
redeal) such a deal simply ends the episode with its result.

Rewards are 0 until the deal ends; then every agent gets its reward at once
(PettingZoo's ``rewards`` and ``_cumulative_rewards``, which ``last()`` returns):

- ``reward="score"`` (default): the deal's scores (``deal.returns()``).
- ``reward="win"``: Dou Dizhu: +1 to each seat of the winning side (landlord or
  peasants), -1 to each seat of the losing side. Big Two: +1 to the winner,
  ``-1/(n-1)`` to each other seat (zero-sum). Big A: the sign of the seat's score
  (+1, -1, or 0), i.e. whether its team won.

Then every termination is True and the agents leave one by one as PettingZoo
expects (``step(None)`` for each); ``infos[agent]`` then holds ``{"score":
the seat's deal score}`` (before, ``{}``).

Illegal actions
---------------

``step(i)`` with an id that is not legal for the agent to act (out of range, or
0 in the mask) raises :class:`~chupai.errors.IllegalActionError` (a
``ValueError``) naming the id and its text, and leaves the environment
unchanged. This is deliberate: a learner that picks from the mask never sees
it, and a bug is never hidden as a lost game. For PettingZoo's convention (the
offender loses and the episode ends) build with ``env(illegal_reward=-1)``,
which adds PettingZoo's ``TerminateIllegalWrapper``.

Rendering
---------

``render_mode="ansi"`` makes :meth:`ChupaiAECEnv.render` return a text table of
the **public** state (phase, each seat's card count, role and last public action,
the play on the table, the seat to act when that is public, and the scores once
over); ``"human"`` prints the same. No hand is ever shown, not even the seat to
act's.

Rule-based agents
-----------------

:meth:`ChupaiAECEnv.raw_observation` returns the engine's observation of a seat
and :meth:`ChupaiAECEnv.legal_actions` the engine actions of the seat to act,
so a :mod:`chupai.bots` bot plays through the environment::

    action = bot.act(env.raw_observation(agent), env.legal_actions())
    env.step(env.space.index(action))
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from importlib import import_module
from operator import index as _as_index
from typing import Any, Final, Literal, SupportsIndex, TypeAlias

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces as gym_spaces
from gymnasium.utils import seeding

from chupai.actions import Pass
from chupai.biga import combos as ba_combos
from chupai.biga import game as ba_game
from chupai.bigtwo import combos as b2_combos
from chupai.bigtwo import game as b2_game
from chupai.doudizhu import combos as dd_combos
from chupai.doudizhu import game as dd_game
from chupai.env.encode import Encoder
from chupai.env.spaces import ActionSpace
from chupai.env.common import redeal_kwargs, resolve_env_rules, win_rewards
from chupai.errors import ChupaiError, IllegalActionError, RulesError

# pettingzoo ships no type information
from pettingzoo import AECEnv  # type: ignore[import-untyped]
from pettingzoo.utils import wrappers as pz_wrappers  # type: ignore[import-untyped]

__all__ = ["ChupaiAECEnv", "ChupaiGymEnv", "env", "raw_env", "resolve_env_rules",
           "DEFAULT_MAX_REDEALS"]

Obs: TypeAlias = dict[str, npt.NDArray[Any]]
"""An observation: ``{"observation": float32 vector, "action_mask": int8 mask}``."""
RewardMode: TypeAlias = Literal["score", "win"]
RenderMode: TypeAlias = Literal["human", "ansi"]

DEFAULT_MAX_REDEALS: Final = 100
"""Redeals per episode after which an episode ends truncated."""

_INT8: Final = np.int8
_NO_IDS: Final[npt.NDArray[np.int64]] = np.zeros(0, np.int64)
_MAX_VOID: Final = 1000
"""Fresh deals tried by a reset before giving up on finding one with a decision."""


# ----- rules --------------------------------------------------------------------------



# ----- per-game dealing and win rewards -----------------------------------------------

_NewDeal: TypeAlias = Callable[[Any, int, Any], Any]
"""``(rules, seed, previous deal or None) -> deal``: the first deal of an episode
(``previous`` None) or the deal after a redeal ``previous``."""


def _dealer(key: str) -> _NewDeal:
    """The :data:`_NewDeal` of game ``key`` (redeals as :func:`redeal_kwargs` says)."""
    new_deal = import_module(f"chupai.{key}.game").new_deal
    after = redeal_kwargs(key)

    def deal(rules: Any, seed: int, prev: Any) -> Any:
        return new_deal(rules, seed) if prev is None else new_deal(rules, seed, **after(prev))

    return deal


_GAMES: Final[dict[str, tuple[_NewDeal, Callable[[Any, int], list[float]]]]] = {
    key: (_dealer(key), win_rewards(key)) for key in ("doudizhu", "bigtwo", "biga")
}

_PUBLIC_ACTIONS: Final[dict[str, tuple[type, ...]]] = {
    "doudizhu": (dd_combos.Combo, Pass, dd_game.Bid, dd_game.Choice),
    "bigtwo": (b2_combos.Combo, Pass, b2_game.LastCard),
    "biga": (ba_combos.Combo, Pass, ba_game.Capture, ba_game.Declare),
}
"""The actions :meth:`ChupaiAECEnv.render` shows as a seat's last action: those
every seat sees (Big Two choices and Big A declines, keep_hidden, stay_hidden
are private or carry hidden cards)."""


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

    metadata: dict[str, Any] = {"render_modes": ["human", "ansi"],
                                "name": "chupai_v0", "is_parallelizable": False}

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

    def __init__(self, game: str = "doudizhu", rules: Any = None, *,
                 render_mode: RenderMode | None = None, reward: RewardMode = "score",
                 max_redeals: int = DEFAULT_MAX_REDEALS) -> None:
        super().__init__()
        key, rules_obj = resolve_env_rules(game, rules)
        if render_mode is not None and render_mode not in ("human", "ansi"):
            raise RulesError(f"bad render_mode {render_mode!r}; allowed: human, ansi",
                             "render_mode", ("human", "ansi"))
        if reward not in ("score", "win"):
            raise RulesError(f"bad reward {reward!r}; allowed: score, win", "reward",
                             ("score", "win"))
        if isinstance(max_redeals, bool) or not isinstance(max_redeals, int) \
                or max_redeals < 0:
            raise RulesError(f"bad max_redeals {max_redeals!r}: expected an integer >= 0",
                             "max_redeals")
        self.game = key
        self.rules = rules_obj
        self.space = ActionSpace.for_rules(key, rules_obj)
        self.encoder = Encoder.for_rules(key, rules_obj)
        self.reward_mode = reward
        self.max_redeals = max_redeals
        self.render_mode = render_mode
        self.metadata = {"render_modes": ["human", "ansi"], "name": f"chupai_{key}_v0",
                         "is_parallelizable": False}
        self._new_deal, self._win = _GAMES[key]
        n = int(rules_obj.players)
        self.players = n
        names = tuple(f"seat_{s}" for s in range(n))
        self._names = names
        self._seat_of = {a: s for s, a in enumerate(names)}
        self.possible_agents = list(names)
        self._n_actions = self.space.n
        self._obs_spaces = {a: self._make_obs_space() for a in names}
        self._act_spaces = {a: gym_spaces.Discrete(self.space.n) for a in names}
        self.np_random = None
        self.deal = None
        self.redeals = 0
        self._legal: list[Any] | None = None
        self._ids: npt.NDArray[np.int64] = _NO_IDS
        self._mask: npt.NDArray[np.int8] | None = None
        self._over = True
        # the PettingZoo bookkeeping, filled by reset()
        self.agents: list[str] = []
        self.rewards: dict[str, float] = {}
        self._cumulative_rewards: dict[str, float] = {}
        self.terminations: dict[str, bool] = {}
        self.truncations: dict[str, bool] = {}
        self.infos: dict[str, dict[str, Any]] = {}
        self.agent_selection: str = names[0]

    def _make_obs_space(self) -> gym_spaces.Dict:
        size = self.encoder.shape[0]
        return gym_spaces.Dict({
            "observation": gym_spaces.Box(0.0, np.inf, (size,), np.float32),
            "action_mask": gym_spaces.Box(0, 1, (self.space.n,), _INT8),
        })

    # ----- spaces ---------------------------------------------------------------------
    def observation_space(self, agent: str) -> gym_spaces.Dict:
        """The observation space of ``agent`` (the same object on every call)."""
        return self._obs_spaces[agent]

    def action_space(self, agent: str) -> gym_spaces.Discrete:
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
        self.rewards = dict.fromkeys(agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(agents, 0.0)
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
        outcome = deal.outcome
        while getattr(outcome, "redeal", False):
            self.redeals += 1
            if self.redeals > self.max_redeals:
                self._over = True
                for a in self.agents:
                    self.truncations[a] = True
                return
            deal = self._new_deal(self.rules, int(rng.integers(1 << 63)), deal)
            self.deal = deal
            if deal.to_act is not None:
                self._set_deal(deal)
                return
            outcome = deal.outcome
        self._over = True
        scores = outcome.scores
        values = ([float(x) for x in scores] if self.reward_mode == "score"
                  else self._win(outcome, self.players))
        for s, a in enumerate(self._names):
            self.rewards[a] = values[s]
            self._cumulative_rewards[a] += values[s]
            self.terminations[a] = True
            self.infos[a] = {"score": int(scores[s])}

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

    def _play(self, action: SupportsIndex | None) -> None:
        """Apply action id ``action`` for the seat to act, then end or redeal as
        needed (the transition without PettingZoo's dead-agent bookkeeping)."""
        mask = self._mask if self._mask is not None else self._current_mask()
        try:
            if action is None:
                raise TypeError
            i = _as_index(action)
        except TypeError:
            raise IllegalActionError(repr(action), "an action is an integer id "
                                     f"0..{self._n_actions - 1}") from None
        if not 0 <= i < self._n_actions:
            raise IllegalActionError(f"id {i}", f"out of range 0..{self._n_actions - 1} "
                                     f"of the {self.game} action space")
        if not mask[i]:
            raise IllegalActionError(
                f"id {i} ({self.space.describe(i)})",
                f"not legal for {self.agent_selection} now; legal: "
                + ", ".join(f"{j} ({self.space.describe(j)})" for j in mask.nonzero()[0][:20]))
        deal = self.deal
        deal.apply_unchecked(self.space.actions[i])
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
                ids = self.space.indices(legal)
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
        if agent == self.agent_selection and not self._over \
                and not self.terminations.get(agent, True):
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
            gymnasium.logger.warn("You are calling render without a render_mode "
                                  "(ChupaiAECEnv(render_mode='ansi' or 'human')).")
            return None
        text = self.public_text()
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def public_text(self) -> str:
        """The text table :meth:`render` shows: only what every seat knows."""
        deal = self.deal
        if deal is None:
            return f"{self.metadata['name']}: not reset"
        n = self.players
        # the view of a seat that is not deciding: private turns stay hidden
        watcher = ((deal.to_act if deal.to_act is not None else -1) + 1) % n
        o = deal.observe(watcher)
        public = _PUBLIC_ACTIONS[self.game]
        last: list[str] = ["-"] * n
        for ev in o.history:
            if isinstance(ev.action, public) and (
                    self.game != "bigtwo" or ev.visible == b2_game.EVERYONE):
                last[ev.seat] = deal.action_text(ev.action)
        roles = self._roles(o)
        lines = [f"{self.metadata['name']} {self.rules.spec()}  phase {o.phase.value}"
                 + (f"  (redeals {self.redeals})" if self.redeals else "")]
        lines.append(f"{'agent':8} {'role':10} {'cards':>5}  last")
        for s in range(n):
            lines.append(f"{self._names[s]:8} {roles[s]:10} {o.hand_counts[s]:5d}  {last[s]}")
        top = ("-" if o.top is None
               else f"{deal.action_text(o.top)} by {self._names[o.top_player]}")
        to_act = "-" if o.current_player is None else self._names[o.current_player]
        lines.append(f"table: {top}   to act: {to_act}")
        if o.outcome is not None:
            lines.append("scores: " + "  ".join(
                f"{self._names[s]} {x:+d}" for s, x in enumerate(o.outcome.scores)))
        return "\n".join(lines)

    def _roles(self, o: Any) -> list[str]:
        n = self.players
        roles = [""] * n
        if self.game == "doudizhu":
            if o.landlord is not None:
                peasant = "peasant" if o.kitty is not None else ""
                roles = [peasant] * n
                roles[o.landlord] = "landlord" if o.kitty is not None else "bidder"
        elif self.game == "biga":
            if o.declarer is not None:
                roles[o.declarer] = "declarer"
            if o.partner_revealed and o.partner is not None:
                roles[o.partner] = "partner"
            for k, s in enumerate(o.finishing):
                roles[s] = (roles[s] + f" out#{k + 1}").strip()
        else:
            for k, s in enumerate(o.finished):
                roles[s] = f"out#{k + 1}"
        return roles

    def close(self) -> None:
        """Nothing to release."""

    def __repr__(self) -> str:
        return f"<ChupaiAECEnv {self.rules.spec()} reward={self.reward_mode}>"


def raw_env(game: str = "doudizhu", rules: Any = None, *,
            render_mode: RenderMode | None = None, reward: RewardMode = "score",
            max_redeals: int = DEFAULT_MAX_REDEALS) -> ChupaiAECEnv:
    """The bare :class:`ChupaiAECEnv` (no wrappers)."""
    return ChupaiAECEnv(game, rules, render_mode=render_mode, reward=reward,
                        max_redeals=max_redeals)


def env(game: str = "doudizhu", rules: Any = None, *,
        render_mode: RenderMode | None = None, reward: RewardMode = "score",
        max_redeals: int = DEFAULT_MAX_REDEALS, illegal_reward: float | None = None) -> Any:
    """:class:`ChupaiAECEnv` in PettingZoo's ``OrderEnforcingWrapper`` (calls in
    a wrong order fail clearly). With ``illegal_reward`` set, an illegal action id
    ends the episode and gives its agent that reward (PettingZoo's
    ``TerminateIllegalWrapper``) instead of raising.

    No ``AssertOutOfBoundsWrapper``: the environment checks every id itself (out of
    range or not legal) and raises an error naming it."""
    e: Any = raw_env(game, rules, render_mode=render_mode, reward=reward,
                     max_redeals=max_redeals)
    if illegal_reward is not None:
        e = pz_wrappers.TerminateIllegalWrapper(e, illegal_reward=illegal_reward)
    return pz_wrappers.OrderEnforcingWrapper(e)


# ----- the single-agent Gymnasium environment -----------------------------------------

BotLike: TypeAlias = Any
"""A bot: an object with ``act(observation, legal) -> action`` (:mod:`chupai.bots`)."""


class ChupaiGymEnv(gymnasium.Env[dict[str, Any], np.int64]):
    """One learner seat against chupai bots, as a Gymnasium environment.

    ``seat`` is the learner's seat; ``opponents`` the other seats' players, in
    seat order from the learner's next seat: a bot name for all of them
    (``"heuristic"``, ``"random"``, ``"greedy"``, ``"search:ms=50"``...), a list of
    names or bot objects (one per other seat). Named bots are built with
    :func:`chupai.bots.make_bot` and rebuilt, seeded from the environment's
    generator, on every seeded ``reset``, so that ``reset(seed=s)`` always
    replays the same episode; bot objects given are used as they are (seed them
    yourself). Each bot sees only its own seat's observation.

    Spaces, rewards and ``rules`` are those of :class:`ChupaiAECEnv` for the
    learner's seat. ``reset(seed)`` deals and lets the bots play until the
    learner is to act; ``step(i)`` applies the learner's action id, then the bots'
    actions until the learner is to act again or the deal ends. Both return
    ``info["action_mask"]`` (the same array as ``obs["action_mask"]``); at the end
    ``info["score"]`` is the learner's deal score and the observation's mask is
    all zeros. An episode whose redeals exceed ``max_redeals`` ends truncated. A
    deal that ends before the learner's first decision is never returned:
    ``reset`` deals again.

    An illegal id raises :class:`~chupai.errors.IllegalActionError`, unless
    ``illegal_reward`` is a number: then the episode ends (terminated) with that
    reward and ``info["illegal"] = True`` (Gymnasium's ``check_env`` steps with
    unmasked random ids, so it needs this).

    ``seed`` seeds the first ``reset()`` that is given no seed."""

    metadata: dict[str, Any] = {"render_modes": ["human", "ansi"]}

    def __init__(self, game: str = "doudizhu", rules: Any = None, *, seat: int = 0,
                 opponents: str | Sequence[str | BotLike] = "heuristic",
                 reward: RewardMode = "score", seed: int | None = None,
                 render_mode: RenderMode | None = None,
                 max_redeals: int = DEFAULT_MAX_REDEALS,
                 illegal_reward: float | None = None) -> None:
        self.aec = ChupaiAECEnv(game, rules, render_mode=render_mode, reward=reward,
                                max_redeals=max_redeals)
        n = self.aec.players
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
            raise RulesError(f"bad seat {seat!r}: expected 0..{n - 1}", "seat")
        others = [(seat + k) % n for k in range(1, n)]
        specs: list[Any]
        if isinstance(opponents, str):
            specs = [opponents] * (n - 1)
        else:
            specs = list(opponents)
            if len(specs) != n - 1:
                raise RulesError(f"{len(specs)} opponents given for the {n - 1} other "
                                 f"seats of {self.aec.game}", "opponents")
        for spec in specs:
            if not isinstance(spec, str) and not callable(getattr(spec, "act", None)):
                raise RulesError(f"opponent {spec!r} is neither a bot name nor a bot",
                                 "opponents")
        self.seat = seat
        self.agent = self.aec.possible_agents[seat]
        self._specs = dict(zip(others, specs))
        self.bots: dict[int, BotLike] = {}
        self._build_bots(seed)
        self.illegal_reward = illegal_reward
        self.render_mode = render_mode
        self.metadata = {"render_modes": ["human", "ansi"],
                         "name": self.aec.metadata["name"]}
        self.observation_space = self.aec.observation_space(self.agent)
        self.action_space = self.aec.action_space(self.agent)
        self._init_seed = seed
        self._done = True

    def _build_bots(self, seed: int | None) -> None:
        from chupai.bots import make_bot

        rng = np.random.default_rng(seed)
        for s, spec in self._specs.items():
            bot_seed = int(rng.integers(1 << 63))
            if isinstance(spec, str):
                self.bots[s] = make_bot(spec, seed=bot_seed, game=self.aec.game)
            else:
                self.bots[s] = spec

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[Obs, dict[str, Any]]:
        """Deal a new episode and play the bots until the learner is to act;
        returns ``(observation, {"action_mask": mask})``. ``options`` is ignored."""
        if seed is None and self._init_seed is not None:
            seed, self._init_seed = self._init_seed, None
        super().reset(seed=seed)
        rng = self.np_random
        if seed is not None:
            self._build_bots(int(rng.integers(1 << 63)))
        aec = self.aec
        while True:
            aec.reset(seed=int(rng.integers(1 << 63)))
            self._done = False
            self._run_bots()
            if not aec._over:
                break
            # the deal ended before the learner had a decision: deal again
        obs = aec.observe(self.agent)
        return obs, {"action_mask": obs["action_mask"]}

    def _run_bots(self) -> None:
        """Let the bots act until the learner is to act or the deal is over."""
        aec = self.aec
        me = self.agent
        bots = self.bots
        space = aec.space
        while not aec._over and aec.agent_selection != me:
            seat = aec._seat_of[aec.agent_selection]
            action = bots[seat].act(aec.deal.observe(seat), aec.legal_actions())
            aec._play(space.index(action))

    def step(self, action: SupportsIndex) -> tuple[Obs, float, bool, bool, dict[str, Any]]:
        """Apply the learner's action id, then the bots' actions; returns
        ``(observation, reward, terminated, truncated, info)``."""
        if self._done:
            raise ChupaiError("the episode is over: call reset()")
        aec = self.aec
        me = self.agent
        try:
            aec._play(action)
        except IllegalActionError:
            if self.illegal_reward is None:
                raise
            self._done = True
            aec._over = True
            aec._mask = aec._legal = None
            obs = aec.observe(me)
            return obs, float(self.illegal_reward), True, False, {
                "action_mask": obs["action_mask"], "illegal": True}
        self._run_bots()
        obs = aec.observe(me)
        info: dict[str, Any] = {"action_mask": obs["action_mask"]}
        if not aec._over:
            return obs, 0.0, False, False, info
        self._done = True
        if aec.truncations[me]:
            return obs, 0.0, False, True, info
        info["score"] = aec.infos[me]["score"]
        return obs, float(aec.rewards[me]), True, False, info

    def render(self) -> str | None:
        """The public state as text (see :meth:`ChupaiAECEnv.render`)."""
        return self.aec.render()

    def close(self) -> None:
        self.aec.close()
