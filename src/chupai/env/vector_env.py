"""A Gymnasium ``VectorEnv`` over the batch runner: self-play in ``num_envs``
deals at once (:class:`ChupaiVectorEnv`).

:class:`~chupai.env.vector.VectorGames` steps many deals together (inside C for
Dou Dizhu, whose compiled runner covers the deals; in Python for the other
games). :class:`ChupaiVectorEnv` puts it behind the Gymnasium 1.x vector API:
``reset(seed=)`` returns ``(obs, infos)`` and ``step(actions)`` returns ``(obs,
rewards, terminations, truncations, infos)``, one row per deal.

It is **self-play**: every decision of every seat is a step. Row ``i`` always
shows the seat to act in deal ``i`` (``infos["seat"]``): its observation (the
same encoding as :class:`~chupai.env.aec.ChupaiAECEnv`, built only from what
that seat may know) and its legality mask. One policy plays every seat, the way
the batch runner is used for self-play training. (For one learner against
chupai bots, vectorise the single-agent environment instead:
``gymnasium.make_vec("chupai/DouDizhu-v0", num_envs=8, vectorization_mode="sync")``.)

>>> import numpy as np
>>> venv = ChupaiVectorEnv("doudizhu", "classic", num_envs=4)
>>> obs, infos = venv.reset(seed=0)
>>> obs["observation"].shape, obs["action_mask"].shape
((4, 1022), (4, 27864))
>>> rng = np.random.default_rng(0)
>>> obs, rewards, terminations, truncations, infos = venv.step(venv.sample_actions(rng))
>>> rewards.shape, bool(truncations.any())
((4,), False)

Spaces
------

``single_observation_space`` is the AEC environment's observation space (a
``Dict`` of ``"observation"`` and ``"action_mask"``), or with
``mask_in_obs=False`` its ``"observation"`` ``Box`` alone (the mask is then in
``infos["action_mask"]``; keep a 27,864-wide mask out of a network's input).
``single_action_space`` is ``Discrete(n_actions)``; ``action_space`` is
``MultiDiscrete`` of ``num_envs`` of them. :meth:`ChupaiVectorEnv.action_masks`
gives the masks as a bool array (the sb3-contrib convention), and
:meth:`ChupaiVectorEnv.sample_actions` one uniform legal id per deal (the
runner's own sampler: no scan of the masks).

Rewards and episodes
--------------------

An episode is one deal played to a score (redeals within it, as in the batch
runner). ``rewards[i]`` is the final reward of **the seat that acted** in deal
``i`` in this step: 0 until its episode ends, then that seat's reward under
``reward=`` (``"score"`` or ``"win"``). Every seat's final reward is in
``infos["final_rewards"]`` (``float32[num_envs, players]``, absolute seats, with
the mask ``infos["_final_rewards"]``): give each seat's last transition its own
reward from there. ``terminations[i]`` is True when deal ``i``'s episode ended;
``truncations`` are always False (an episode never stops without a result).

**Autoreset** (``metadata["autoreset_mode"]`` is ``AutoresetMode.SAME_STEP``): a
finished deal is dealt again within the same step, so when ``terminations[i]``
is set, row ``i`` of the returned observation is already the first decision of
the next episode. There is no ``infos["final_obs"]``: an episode only ends by
termination, whose value is 0, so nothing needs the last observation.

Other infos (every row, with their ``_``-prefixed masks): ``seat`` (the seat to
act in the returned row), ``acted`` (the seat whose action was applied),
``episode_length`` (actions of the episode that ended, only where it ended).

With ``include_state=True``, ``infos["state"]`` (``float32[num_envs, size]``,
space ``single_state_space``) is every row's perfect-information state
(:mod:`chupai.env.state`) on ``reset`` and every ``step``. It is **privileged**:
a centralised critic's input, never the policy's. It needs each deal as a Python
deal, so with Dou Dizhu's compiled runner it keeps a Python twin of every deal in
step (:meth:`VectorGames.deal`): the speed of the Python deals.

Buffers
-------

With ``copy=True`` (the default) every array returned is a fresh copy. With
``copy=False`` the observation arrays are the runner's own buffers, overwritten by
the next ``step``: faster, for loops that consume the batch at once.

Seeds
-----

``reset(seed=s)`` seeds deal ``i`` from child ``i`` of
``numpy.random.SeedSequence(s)`` (:class:`~chupai.env.vector.VectorGames`): the
same seed and actions give the same batches, and deal ``i`` plays the same
deals whatever ``num_envs`` is. ``reset()`` without a seed continues the
streams (the first one uses the constructor's ``seed``; None: fresh entropy).
"""

from __future__ import annotations

from typing import Any, Final

import numpy as np
import numpy.typing as npt
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from chupai.env.aec import ChupaiAECEnv
from chupai.env.render import rules_text
from chupai.env.state import StateEncoder
from chupai.env.vector import Batch, Reward, VectorGames
from chupai.errors import RulesError

__all__ = ["ChupaiVectorEnv"]

_F64: Final = np.float64


class ChupaiVectorEnv(VectorEnv[Any, Any, Any]):
    """``num_envs`` self-play deals of ``game`` under ``rules`` as a Gymnasium
    ``VectorEnv`` (see the module docstring).

    ``game`` a game key or alias; ``rules`` as for
    :class:`~chupai.env.aec.ChupaiAECEnv` (None: the default preset, a preset
    name, a spec string or a rules object); ``reward`` ``"score"`` or ``"win"``;
    ``seed`` the first reset's seed (None: fresh entropy); ``mask_in_obs``
    whether the observation holds the action mask (else ``infos["action_mask"]``);
    ``copy`` whether the arrays returned are copies; ``include_state`` whether
    ``infos["state"]`` holds the privileged state (for critics only). Raises
    :class:`~chupai.errors.RulesError` for a bad argument."""

    metadata: dict[str, Any] = {"autoreset_mode": AutoresetMode.SAME_STEP, "render_modes": []}

    games: VectorGames
    """The batch runner the deals live in."""

    def __init__(
        self,
        game: str = "doudizhu",
        rules: Any = None,
        num_envs: int = 64,
        *,
        reward: Reward = "score",
        seed: int | None = None,
        mask_in_obs: bool = True,
        copy: bool = True,
        include_state: bool = False,
    ) -> None:
        if isinstance(num_envs, bool) or not isinstance(num_envs, int) or num_envs < 1:
            raise RulesError(f"bad num_envs {num_envs!r}: expected an integer >= 1", "num_envs")
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
            raise RulesError(f"bad seed {seed!r}: expected an integer or None", "seed")
        aec = ChupaiAECEnv(game, rules, reward=reward)
        self.games = VectorGames(aec.game, aec.rules, num_games=num_envs, seed=seed, reward=reward)
        self.num_envs = num_envs
        self.game = aec.game
        self.rules = aec.rules
        self.players = aec.players
        self.mask_in_obs = bool(mask_in_obs)
        self.copy = bool(copy)
        self.render_mode = None
        self.metadata = {
            "autoreset_mode": AutoresetMode.SAME_STEP,
            "render_modes": [],
            "name": aec.metadata["name"],
        }
        obs_space = aec.observation_space(aec.possible_agents[0])
        self.single_observation_space = obs_space if mask_in_obs else obs_space["observation"]
        self.single_action_space = aec.action_space(aec.possible_agents[0])
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self._all = np.ones(num_envs, np.bool_)
        self._no = np.zeros(num_envs, np.bool_)
        self._rows = np.arange(num_envs)
        self._batch: Batch | None = None
        self.include_state = bool(include_state)
        st = StateEncoder.for_rules(aec.game, aec.rules)
        self._state_encoder = st
        self.single_state_space = aec.state_space
        """The space of one row of ``infos["state"]``."""
        self._states = np.zeros((num_envs, st.size), np.float32) if include_state else None

    # ----- the Gymnasium API ---------------------------------------------------------
    def reset(
        self,
        *,
        seed: int | list[int | None] | None = None,
        options: dict[str, Any] | None = None,
    ) -> tuple[Any, dict[str, Any]]:
        """Deal a fresh episode in every deal; returns ``(obs, infos)``. ``seed``:
        one int (deal ``i`` gets child ``i`` of ``SeedSequence(seed)``) or None.
        ``options`` is ignored."""
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
            raise RulesError(
                f"bad seed {seed!r}: expected one integer (deal i is seeded from child i "
                "of numpy.random.SeedSequence(seed)) or None",
                "seed",
            )
        batch = self._batch = self.games.reset(seed)
        infos: dict[str, Any] = {"seat": self._out(batch.seat), "_seat": self._all}
        self._add_states(infos)
        return self._obs(batch, infos), infos

    def step(
        self, actions: npt.ArrayLike
    ) -> tuple[
        Any,
        npt.NDArray[np.float64],
        npt.NDArray[np.bool_],
        npt.NDArray[np.bool_],
        dict[str, Any],
    ]:
        """Apply ``actions[i]`` (an action id) in deal ``i`` for every deal; returns
        ``(obs, rewards, terminations, truncations, infos)``. Raises
        :class:`~chupai.errors.IllegalActionError` for an id that is not legal
        (``ValueError`` for a bad shape, type or range); nothing changes then."""
        if self._batch is None:
            raise RuntimeError("call reset() before step()")
        acted = self._batch.seat.copy()
        batch = self._batch = self.games.step(actions)
        done = batch.done.copy()
        rewards = batch.rewards[self._rows, acted].astype(_F64)
        infos: dict[str, Any] = {
            "seat": self._out(batch.seat),
            "_seat": self._all,
            "acted": acted,
            "_acted": self._all,
        }
        if done.any():
            infos["final_rewards"] = batch.rewards.copy()
            infos["_final_rewards"] = done.copy()
            infos["episode_length"] = batch.episode_length.copy()
            infos["_episode_length"] = done
        self._add_states(infos)
        return self._obs(batch, infos), rewards, done, self._no.copy(), infos

    def close_extras(self, **kwargs: Any) -> None:
        """Nothing to release."""

    # ----- beyond the Gymnasium API ----------------------------------------------------
    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legality masks of the current rows as a bool array ``(num_envs,
        n_actions)`` (a copy; the sb3-contrib ``action_masks`` convention)."""
        return self._need_batch().mask.astype(np.bool_)

    def sample_actions(self, rng: np.random.Generator) -> npt.NDArray[np.int64]:
        """One uniform legal id per deal (:meth:`VectorGames.sample_actions`: the
        runner's legal ids, no scan of the masks)."""
        self._need_batch()
        return self.games.sample_actions(rng)

    def __repr__(self) -> str:
        return (
            f"<ChupaiVectorEnv {rules_text(self.rules)} num_envs={self.num_envs} "
            f"reward={self.games.reward}>"
        )

    # ----- internals -----------------------------------------------------------------
    def _need_batch(self) -> Batch:
        if self._batch is None:
            raise RuntimeError("call reset() first")
        return self._batch

    def _add_states(self, infos: dict[str, Any]) -> None:
        """``infos["state"]`` with ``include_state``: every deal's state."""
        states = self._states
        if states is None:
            return
        encode = self._state_encoder.encode
        for i in range(self.num_envs):
            encode(self.games.deal(i), states[i])
        infos["state"] = self._out(states)
        infos["_state"] = self._all

    def _out(self, a: npt.NDArray[Any]) -> npt.NDArray[Any]:
        return a.copy() if self.copy else a

    def _obs(self, batch: Batch, infos: dict[str, Any]) -> Any:
        """The observation of ``batch`` (and the mask into ``infos`` without
        ``mask_in_obs``)."""
        x = self._out(batch.obs)
        mask = self._out(batch.mask)
        if self.mask_in_obs:
            return {"observation": x, "action_mask": mask}
        infos["action_mask"] = mask
        infos["_action_mask"] = self._all
        return x
