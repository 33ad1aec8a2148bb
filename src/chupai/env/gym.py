"""The single-agent Gymnasium view of an environment: one learner seat against
chupai bots (:class:`ChupaiGymEnv`, also exported by :mod:`chupai.env.aec`).

>>> e = ChupaiGymEnv("doudizhu", "classic", opponents="random", seed=1)
>>> obs, info = e.reset()
>>> bool(obs["action_mask"].sum() > 0)
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, SupportsIndex, TypeAlias

import gymnasium
import numpy as np

from chupai.env.aec import DEFAULT_MAX_REDEALS, ChupaiAECEnv, Obs, RenderMode, RewardMode
from chupai.errors import ChupaiError, IllegalActionError, RulesError

__all__ = ["BotLike", "ChupaiGymEnv"]

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

    ``seed`` seeds the first ``reset()`` that is given no seed.

    ``include_state=True`` adds ``info["state"]`` to every ``reset`` and ``step``:
    the perfect-information state (:meth:`ChupaiAECEnv.state`, every hand and the
    hidden cards; its space is ``env.aec.state_space``). It is **privileged**: for
    a centralised critic only, never the policy's input. Off by default."""

    metadata: dict[str, Any] = {"render_modes": ["human", "ansi"]}

    def __init__(
        self,
        game: str = "doudizhu",
        rules: Any = None,
        *,
        seat: int = 0,
        opponents: str | Sequence[str | BotLike] = "heuristic",
        reward: RewardMode = "score",
        seed: int | None = None,
        render_mode: RenderMode | None = None,
        max_redeals: int = DEFAULT_MAX_REDEALS,
        illegal_reward: float | None = None,
        include_state: bool = False,
    ) -> None:
        self.aec = ChupaiAECEnv(
            game, rules, render_mode=render_mode, reward=reward, max_redeals=max_redeals
        )
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
                raise RulesError(
                    f"{len(specs)} opponents given for the {n - 1} other seats of {self.aec.game}",
                    "opponents",
                )
        for spec in specs:
            if not isinstance(spec, str) and not callable(getattr(spec, "act", None)):
                raise RulesError(f"opponent {spec!r} is neither a bot name nor a bot", "opponents")
        self.seat = seat
        self.agent = self.aec.possible_agents[seat]
        self._specs = dict(zip(others, specs))
        self.bots: dict[int, BotLike] = {}
        self._build_bots(seed)
        self.illegal_reward = illegal_reward
        self.include_state = bool(include_state)
        self.render_mode = render_mode
        self.metadata = {"render_modes": ["human", "ansi"], "name": self.aec.metadata["name"]}
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

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Obs, dict[str, Any]]:
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
        return obs, self._with_state({"action_mask": obs["action_mask"]})

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
            return (
                obs,
                float(self.illegal_reward),
                True,
                False,
                self._with_state({"action_mask": obs["action_mask"], "illegal": True}),
            )
        self._run_bots()
        obs = aec.observe(me)
        info: dict[str, Any] = self._with_state({"action_mask": obs["action_mask"]})
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

    def _with_state(self, info: dict[str, Any]) -> dict[str, Any]:
        """``info`` with ``info["state"]`` when :attr:`include_state` is set."""
        if self.include_state:
            info["state"] = self.aec.state()
        return info
