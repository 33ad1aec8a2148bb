"""A search bot: determinized Monte Carlo over samples of the unseen cards.

:class:`SearchBot` plays the play phase of Big Two, Dou Dizhu and Big A by flat
information-set Monte Carlo search (determinized Monte Carlo):

1. **Candidates.** When the seat has one legal action it plays it. Otherwise the
   legal actions are pruned to at most ``candidates`` (default 12, Big A 5): the heuristic
   bot's choice, the pass, and then plays picked in turn from each kind of play,
   weakest and strongest first (a cheap ordering that keeps every kind of move in
   view); Big A's fours captures come right after the pass. A play that leaves
   one card is only considered with its "last card" call (Big Two,
   ``last_card_call``); 明牌 is only considered when the heuristic chooses it.
2. **Determinizations.** A full deal consistent with the seat's observation is
   drawn with the game's sampler (:mod:`chupai.bigtwo.sampling`,
   :mod:`chupai.doudizhu.sampling`, :mod:`chupai.biga.sampling`, named by the
   ``SEARCH`` hooks of the game's bots plugin, :mod:`chupai.bots.plugin`, with the
   other per-game parts below: the value of a deal, its scale, the defaults and
   the actions ranked with the pass or replacing a play): the other hands
   are dealt at random from the unseen cards, respecting every card location the
   seat knows. With ``infer=p`` (0 to 1; Dou Dizhu's sampler reads it) the draws
   lean on what the players' passes reveal: a draw in which a seat passed over
   an opponent's play it could have beaten cheaply is rejected with probability
   ``p`` (see :class:`chupai.doudizhu.sampling.DealSampler`); a game whose
   sampler draws no inference refuses ``infer``.
3. **Rollouts.** On each determinization every candidate is applied and the deal
   is played to the end by the rollout policy (the heuristic bot, for every
   seat, from each seat's own observation). Every candidate is evaluated on the
   same determinizations, which makes the comparison fair.
4. **Choice.** The value of a finished deal is, for the searching seat,
   ``win + score / scale``: 1 for a win (Big Two: going out first; Dou Dizhu: the
   seat's side wins; Big A: the seat's team scores more than 0, as
   :func:`chupai.tournament.biga_winners` counts wins) plus the seat's deal score
   scaled down (``scale`` per game), so that winning comes first and the size of
   the win or loss breaks ties (``objective="win"`` or ``"score"`` for either
   alone; Big A defaults to ``"score"``). The heuristic's choice
   is played unless another candidate has a better mean value **and** beats it
   by more than ``margin`` (default 1) standard errors of their paired
   differences over the shared determinizations: a few lucky rollouts do not
   overturn a sound default (``margin=0``: plain best mean). With a fixed
   budget, ``halving=R`` spends it by successive halving
   (:mod:`chupai.bots.search_choice`): the budget is split into ``R + 1``
   equal rounds, and after each of the first ``R`` the worse half of the
   candidates (by mean value; never the heuristic's choice, at least two kept)
   is dropped, so the rollouts go to the candidates still in contention; the
   choice is made among those left (a timed search does not halve).

Outside the play phase (bidding, robbing, exchanges, the leftover card, Big A's
declarations, showing the second Big Ace, revealing the partner) the bot
delegates to the heuristic bot (or the greedy, then the random bot when the
heuristic is not available).

**Budget.** By default each decision may take ``ms=1000`` milliseconds of wall
clock, measured with :func:`time.perf_counter` from the moment :meth:`act` is
called; the search stops starting rollouts at 85% of it and abandons a running
rollout at 92%, so a decision returns within the budget on one core. With
``playouts=N`` the bot runs exactly ``N`` rollouts per decision (about ``N`` over
the number of candidates determinizations) regardless of time, which makes its
play **deterministic** for a given seed; ``determinizations=D`` caps the number
of determinizations in either mode. ``limit_ms=L`` adds a safety cap to a fixed
budget: the search stops early (at the same 85% and 92% marks of ``L``) if the
``N`` rollouts would take longer, so a reproducible search never runs far past
``L`` on a loaded machine (it stays deterministic whenever the cap is not
reached; ``last_stats["capped"]`` says when it was). With a time budget too,
the smaller of ``ms`` and ``limit_ms`` applies. The garbage collector is paused during a
play-phase decision (a full collection over the rollout bots' caches can take a
large part of a second) and resumes when the decision is made.

The bot never sees more than its observation: the sampler is given only the
observation, and the deals it draws are the bot's own guesses.

>>> from chupai.bigtwo.game import new_deal
>>> from chupai.bigtwo.rules import PRESETS
>>> deal = new_deal(PRESETS["standard"], seed=5)
>>> bot = SearchBot(seed=1, playouts=24)
>>> seat = deal.current_player
>>> deal.apply_action(bot.act(deal.observe(seat), deal.legal_actions())).seat == seat
True
"""

from __future__ import annotations

import gc
import inspect
import math
import random
import time
from collections.abc import Sequence
from typing import Any, Final

from chupai.actions import Pass
from chupai.bots.plugin import SearchGame, search_action_types, search_game, value_scale
from chupai.bots.search_choice import (
    choose as _choose,
    halve as _halve,
    halving_schedule as _halving_schedule,
)
from chupai.errors import ChupaiError
from chupai.protocol import GameSpec, get_game

__all__ = ["SearchBot", "prune_candidates"]

_STOP_STARTING: Final = 0.85
"""Fraction of the time budget after which no new rollout starts."""
_HARD_STOP: Final = 0.92
"""Fraction of the time budget at which a running rollout is abandoned."""
_OBJECTIVES: Final = ("mixed", "win", "score")
_ROLLOUTS: Final = ("heuristic", "greedy", "random", "core", "core-random")
_CORE_POLICIES: Final = {"core": "greedy", "core-random": "random"}
"""The rollouts played inside the engine's core (compiled where it is built): the
policy each one names."""


def _lead_order(plays: Sequence[Any]) -> list[Any]:
    """Plays interleaved across kinds: each kind's weakest, then its strongest,
    then its second weakest, and so on (the kinds in order of their weakest)."""
    by_kind: dict[Any, list[Any]] = {}
    for p in plays:
        by_kind.setdefault(p.kind, []).append(p)
    columns = []
    for group in by_kind.values():
        group.sort(key=lambda p: p.key)
        order = []
        lo, hi = 0, len(group) - 1
        while lo <= hi:
            order.append(group[lo])
            if hi != lo:
                order.append(group[hi])
            lo += 1
            hi -= 1
        columns.append(order)
    columns.sort(key=lambda col: col[0].key)
    out = []
    depth = max((len(c) for c in columns), default=0)
    for i in range(depth):
        for col in columns:
            if i < len(col):
                out.append(col[i])
    return out


def _play_of(call: Any) -> Any:
    """The play a call action (Big Two's "last card") wraps."""
    return call.play


def prune_candidates(
    legal: Sequence[Any], limit: int, first: Sequence[Any] = (), game: str | None = None
) -> list[Any]:
    """At most ``limit`` candidate actions from ``legal``: the actions of ``first``
    (that are legal), the pass and the actions ranked with it (Big A's captures),
    then plays across kinds (see :func:`_lead_order`). A play with its call (Big
    Two's "last card") replaces the same play without it; other actions that are
    not plays or the pass (明牌) come only through ``first``. The pass-like and
    call actions are those of ``game``'s search hooks (:class:`SearchGame`; every
    game's when ``game`` is None)."""
    if game is None:
        pass_like, call_types = search_action_types()
    else:
        hooks = search_game(get_game(game))
        pass_like, call_types = ((), ()) if hooks is None else (hooks.pass_like, hooks.calls)
    return _prune(legal, limit, first, pass_like, call_types)


def _prune(
    legal: Sequence[Any],
    limit: int,
    first: Sequence[Any],
    pass_like: tuple[type, ...],
    call_types: tuple[type, ...],
) -> list[Any]:
    """:func:`prune_candidates` with the pass-like and call action types given."""
    pass_types = (Pass, *pass_like)
    calls = {_play_of(a): a for a in legal if call_types and isinstance(a, call_types)}
    plays = []
    passes = []
    for a in legal:
        if isinstance(a, pass_types):
            passes.append(a)
        elif hasattr(a, "kind") and hasattr(a, "key"):
            plays.append(a)
    out: list[Any] = []
    for a in list(first) + passes + _lead_order(plays):
        if len(out) >= max(1, limit):
            break
        a = calls.get(a, a)
        if a not in out and a in legal:
            out.append(a)
    return out


class _Game:
    """What the search needs to know of one game: its :class:`SearchGame` hooks,
    with the generic parts filled in."""

    def __init__(self, spec: GameSpec, hooks: SearchGame):
        self.spec = spec
        self.hooks = hooks
        self.sampler: Any = hooks.sampler
        """An observation → its sampler (with ``infer=`` where the game infers)."""

    def win_and_score(self, deal: Any, seat: int) -> tuple[float, float]:
        if deal.outcome is None:  # pragma: no cover - rollouts end at terminal states
            return 0.0, 0.0
        if self.hooks.win_and_score is not None:
            return self.hooks.win_and_score(deal, seat)
        result = self.spec.result(deal)
        return (1.0 if seat in result.winners else 0.0), float(result.scores[seat])

    def scale(self, obs: Any) -> float:
        """A typical size of a deal score, to bring scores near [-1, 1]."""
        return value_scale(self.spec, self.hooks, obs)


def _make(name: str, seed: int | None, game: str) -> Any:
    from chupai.bots import make_bot

    return make_bot(name, seed, game)


def _fallback_bot(seed: int | None, game: str, prefer: str = "heuristic") -> Any:
    """The heuristic bot of ``game``, else the greedy one, else the random one."""
    names = [prefer] + [n for n in ("heuristic", "greedy", "random") if n != prefer]
    for name in names:
        try:
            return _make(name, seed, game)
        except (ChupaiError, ImportError, TypeError):
            continue
    from chupai.bots import RandomBot

    return RandomBot(seed)


class _OutOfTime(Exception):
    pass


class SearchBot:
    """Determinized Monte Carlo search with heuristic rollouts (see the module
    documentation). ``ms`` is the time budget per decision in milliseconds;
    ``playouts`` (rollouts per decision) replaces it with a fixed budget;
    ``determinizations`` caps the deals sampled per decision; ``candidates``
    caps the actions compared; ``rollout`` names the rollout policy: a bot
    (``heuristic``, ``greedy`` or ``random``) or a policy played inside the
    engine's core (``core``: its greedy policy, ``core-random``: uniform random;
    compiled where the core is built); ``objective`` is ``mixed``, ``win`` or
    ``score``; ``margin`` is the number of standard errors by which a candidate
    must beat the heuristic's choice to replace it; ``limit_ms`` caps the time of
    a decision (a safety cap over ``playouts``); ``infer`` (0 to 1) is how
    strongly the sampler leans on what the passes reveal; ``halving`` is the
    number of successive halvings of the candidates over a fixed budget."""

    name = "search"

    def __init__(
        self,
        seed: int | None = None,
        game: str = "bigtwo",
        *,
        ms: float = 1000,
        playouts: int | None = None,
        determinizations: int | None = None,
        candidates: int | None = None,
        rollout: str = "heuristic",
        objective: str | None = None,
        margin: float = 1.0,
        limit_ms: float | None = None,
        infer: float = 0.0,
        halving: int = 0,
    ):
        spec = get_game(game)
        self.game = spec.key
        hooks = search_game(spec)
        if hooks is None:
            raise ChupaiError(
                f"the search bot does not play {game!r}: its bots offer no deal sampler"
            )
        if candidates is None:
            candidates = hooks.candidates
        if objective is None:
            objective = hooks.objective
        ms = float(ms)
        if not 0 < ms < math.inf:
            raise ChupaiError(
                f"the search bot's time budget must be a positive number of ms, not {ms!r}"
            )
        if playouts is not None and int(playouts) < 1:
            raise ChupaiError(f"playouts must be at least 1, not {playouts!r}")
        if determinizations is not None and int(determinizations) < 1:
            raise ChupaiError(f"determinizations must be at least 1, not {determinizations!r}")
        if float(margin) < 0:
            raise ChupaiError(f"margin must be at least 0, not {margin!r}")
        if limit_ms is not None and not 0 < float(limit_ms) < math.inf:
            raise ChupaiError(
                f"limit_ms must be a positive number of milliseconds, not {limit_ms!r}"
            )
        if int(halving) < 0:
            raise ChupaiError(f"halving must be at least 0, not {halving!r}")
        if not 0 <= float(infer) <= 1:
            raise ChupaiError(f"infer must be between 0 and 1, not {infer!r}")
        if float(infer) and "infer" not in inspect.signature(hooks.sampler).parameters:
            raise ChupaiError(f"{spec.key}'s deal sampler draws no inference: infer is not offered")
        if int(candidates) < 1:
            raise ChupaiError(f"candidates must be at least 1, not {candidates!r}")
        if str(rollout) not in _ROLLOUTS:
            raise ChupaiError(
                f"unknown rollout policy {rollout!r}; policies: {', '.join(_ROLLOUTS)}"
            )
        if str(rollout) in _CORE_POLICIES and hooks.playouts is None:
            raise ChupaiError(f"{spec.key} has no core playouts: rollout={rollout} is not offered")
        if objective not in _OBJECTIVES:
            raise ChupaiError(
                f"unknown objective {objective!r}; objectives: {', '.join(_OBJECTIVES)}"
            )
        self.seed = seed
        self.ms = ms
        self.playouts = None if playouts is None else int(playouts)
        self.determinizations = None if determinizations is None else int(determinizations)
        self.candidates = int(candidates)
        self.rollout = str(rollout)
        self.objective = objective
        self.margin = float(margin)
        self.limit_ms = None if limit_ms is None else float(limit_ms)
        self.infer = float(infer)
        self.halving = int(halving)
        self.rng = random.Random(seed)
        self._game = _Game(spec, hooks)
        self._helper: Any = None
        self._rollout_bots: dict[int, Any] = {}
        self.last_stats: dict[str, Any] = {}
        """Figures of the last searched decision: rollouts, determinizations,
        candidates, whether the search overruled the heuristic, seconds."""

    # ----- the bots it relies on -------------------------------------------------------
    @property
    def helper(self) -> Any:
        """The bot for decisions outside the play phase and for the first candidate."""
        if self._helper is None:
            self._helper = _fallback_bot(self.seed, self.game)
        return self._helper

    def _rollout_bot(self, seat: int) -> Any:
        bot = self._rollout_bots.get(seat)
        if bot is None:
            seed = None if self.seed is None else self.seed * 31 + seat + 1
            bot = _fallback_bot(seed, self.game, self.rollout)
            self._rollout_bots[seat] = bot
        return bot

    # ----- deciding --------------------------------------------------------------------
    def act(self, observation: Any, legal: Sequence[Any]) -> Any:
        """One element of ``legal`` for the seat of ``observation``."""
        start = time.perf_counter()
        if not legal:
            raise ValueError("no legal action to choose from")
        if len(legal) == 1:
            return legal[0]
        if getattr(observation.phase, "value", None) != "play":
            return self.helper.act(observation, legal)
        # a full garbage collection over the bots' caches can pause for a large
        # part of the budget: none runs inside the decision (it runs later)
        collecting = gc.isenabled()
        gc.disable()
        try:
            hint = self.helper.act(observation, legal)
            hooks = self._game.hooks
            cands = _prune(legal, self.candidates, [hint], hooks.pass_like, hooks.calls)
            hint = cands[0]  # the heuristic's choice (with its "last card" call)
            if len(cands) == 1:
                return hint
            try:
                sampler = (
                    self._game.sampler(observation, infer=self.infer)
                    if self.infer
                    else self._game.sampler(observation)
                )
            except ChupaiError:
                return hint
            return self._search(observation, cands, sampler, start, hint)
        finally:
            if collecting:
                gc.enable()

    def _search(self, obs: Any, cands: list[Any], sampler: Any, start: float, hint: Any) -> Any:
        """Evaluate ``cands`` (the heuristic's choice ``hint`` first) on sampled
        deals until the budget is spent; the chosen candidate."""
        k = len(cands)
        timed = self.playouts is None
        cap = self._cap()
        stop_starting = math.inf if cap is None else start + cap * _STOP_STARTING
        hard_stop = math.inf if cap is None else start + cap * _HARD_STOP
        dets, halve_at = self._plan(k)
        live = list(range(k))
        """The candidates still compared (successive halving drops the others)."""
        seat = obs.seat
        scale = self._game.scale(obs)
        values: list[dict[int, float]] = [{} for _ in range(k)]
        """Each candidate's value on each determinization it was played out on."""
        done = 0
        rollouts = 0
        budget_left = self.playouts if not timed else None
        longest = 0.0
        stopped = False
        try:
            while dets is None or done < dets:
                if time.perf_counter() + longest > stop_starting:
                    raise _OutOfTime
                try:
                    base = sampler.sample(self.rng)
                except ChupaiError:
                    break
                warm = getattr(base, "combos_of", None)
                if warm is not None:
                    for other in range(obs.players):
                        warm(other)  # shared by the clones below
                roll = self._core_batch if self.rollout in _CORE_POLICIES else self._bot_rollouts
                ran, longest = roll(
                    base,
                    cands,
                    live,
                    (seat, scale),
                    values,
                    done,
                    budget_left,
                    (stop_starting, hard_stop),
                    longest,
                )
                rollouts += ran
                if budget_left is not None:
                    budget_left -= ran
                done += 1
                if budget_left is not None and budget_left <= 0:
                    break
                if halve_at and done >= halve_at[0]:
                    del halve_at[0]
                    live = _halve(values, live)
        except _OutOfTime:
            stopped = True
        kept = set(live)
        choice = cands[
            _choose([v if i in kept else {} for i, v in enumerate(values)], 0, self.margin)
        ]
        self.last_stats = {
            "capped": stopped and not timed,
            "rollouts": rollouts,
            "determinizations": done,
            "candidates": k,
            "overruled": choice != hint,
            "seconds": time.perf_counter() - start,
        }
        return choice

    def _plan(self, k: int) -> tuple[int | None, list[int]]:
        """The number of determinizations to draw for ``k`` candidates (None: until
        the time is up or the budget spent) and the determinization counts after which
        to halve the candidates (a fixed budget with ``halving``)."""
        dets = self.determinizations
        if self.playouts is None:
            return dets, []
        halve_at = _halving_schedule(self.playouts, k, self.halving)
        if halve_at:
            return dets, halve_at
        want = max(1, -(-self.playouts // k))
        return (want if dets is None else min(dets, want)), []

    def _core_batch(
        self,
        base: Any,
        cands: Sequence[Any],
        live: Sequence[int],
        seat_scale: tuple[int, float],
        values: list[dict[int, float]],
        done: int,
        budget_left: int | None,
        stops: tuple[float, float],
        longest: float,
    ) -> tuple[int, float]:
        """:meth:`_bot_rollouts` by the engine's core: the candidates ``live`` on
        one determinization in one call (:meth:`_core_rollouts`)."""
        seat, scale = seat_scale
        n = len(live) if budget_left is None else min(len(live), budget_left)
        t0 = time.perf_counter()
        if t0 + longest > stops[0]:
            raise _OutOfTime
        now = [cands[i] for i in live[:n]]
        for i, (won, score) in zip(live, self.outcomes(base, now, seat)):
            values[i][done] = self._value(won, score, scale)
        return n, max(longest, time.perf_counter() - t0)

    def _bot_rollouts(
        self,
        base: Any,
        cands: Sequence[Any],
        live: Sequence[int],
        seat_scale: tuple[int, float],
        values: list[dict[int, float]],
        done: int,
        budget_left: int | None,
        stops: tuple[float, float],
        longest: float,
    ) -> tuple[int, float]:
        """One determinization's rollouts by the rollout bots, a candidate after the
        other (the indices ``live`` of ``cands``), each candidate's value stored at
        ``values[i][done]``; (rollouts run,
        the longest rollout's seconds). Raises ``_OutOfTime`` (timed search)."""
        stop_starting, hard_stop = stops
        seat, scale = seat_scale
        ran = 0
        for i in live:
            if budget_left is not None and ran >= budget_left:
                break
            t0 = time.perf_counter()
            if t0 + longest > stop_starting:
                raise _OutOfTime
            deal = base.clone()
            deal.apply_unchecked(cands[i])
            won, score = self._rollout(deal, seat, hard_stop)
            values[i][done] = self._value(won, score, scale)
            ran += 1
            longest = max(longest, time.perf_counter() - t0)
        return ran, longest

    def _cap(self) -> float | None:
        """The seconds a decision may take: the time budget of a timed search,
        ``limit_ms`` (the smaller of the two where both apply); None for a
        fixed-budget search without a cap."""
        cap = self.ms / 1000.0 if self.playouts is None else None
        if self.limit_ms is not None:
            limit = self.limit_ms / 1000.0
            cap = limit if cap is None else min(cap, limit)
        return cap

    def _value(self, won: float, score: float, scale: float) -> float:
        if self.objective == "mixed":
            return won + score / scale
        return won if self.objective == "win" else score / scale

    def outcomes(
        self, base: Any, actions: Sequence[Any], seat: int, *, deal_score: bool = False
    ) -> list[tuple[float, float]]:
        """The (win, score) of ``seat`` after each of ``actions`` (legal in the
        determinization ``base``, which is left alone), the deal then played out
        by the rollout policy: the search's rollouts, and the evaluator's
        (:mod:`chupai.analysis`). ``deal_score``: the score is the seat's deal
        score (:meth:`GameSpec.result`) even where the game's search values a deal
        otherwise (大怪路子's trapped players); the core's returns are deal scores."""
        if self.rollout in _CORE_POLICIES:
            return self._core_rollouts(base, actions, seat)
        out = []
        for action in actions:
            deal = base.clone()
            deal.apply_unchecked(action)
            out.append(self._rollout(deal, seat, math.inf, deal_score))
        return out

    def _rollout(
        self, deal: Any, seat: int, hard_stop: float, deal_score: bool = False
    ) -> tuple[float, float]:
        """Play ``deal`` to the end by the rollout bots; (win, score) of ``seat``."""
        self._play_out(deal, hard_stop)
        won, score = self._game.win_and_score(deal, seat)
        if deal_score:
            score = float(self._game.spec.result(deal).scores[seat])
        return won, score

    def _core_rollouts(
        self, base: Any, cands: Sequence[Any], seat: int
    ) -> list[tuple[float, float]]:
        """(win, score) of ``seat`` after each candidate on the determinization
        ``base``, played out inside the engine's core from one seed (common random
        numbers). The core gives the returns only: a win is a positive score (Dou
        Dizhu: the seat's side won; Big Two: the seat went out first; Big A: its
        team scored)."""
        playouts = self._game.hooks.playouts
        assert playouts is not None  # checked in __init__
        legal = base.legal_actions()
        indices = [legal.index(action) for action in cands]
        seed = self.rng.getrandbits(64)
        results = playouts(base, indices, seed, _CORE_POLICIES[self.rollout])
        return [(1.0 if r[seat] > 0 else 0.0, float(r[seat])) for r in results]

    def _play_out(self, deal: Any, hard_stop: float) -> None:
        """Play ``deal`` to the end with the rollout policy for every seat
        (abandoned at ``hard_stop``, a :func:`time.perf_counter` time)."""
        clock = time.perf_counter
        while not deal.is_terminal():
            if hard_stop < math.inf and clock() > hard_stop:
                raise _OutOfTime
            seat = deal.current_player
            legal = deal.legal_actions()
            action = (
                legal[0]
                if len(legal) == 1
                else self._rollout_bot(seat).act(deal.observe(seat), legal)
            )
            deal.apply_unchecked(action)
