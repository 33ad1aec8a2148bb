"""The compiled batched Dou Dizhu runner (``chupai.doudizhu._fast_vec``) against
the Python deals of :class:`~chupai.env.vector.VectorGames`: for the same seed and
the same actions every batch must be byte-identical (obs, mask, seat, rewards,
done, episode_length), step by step, and so must the legal ids, the statistics
and what the inspection methods return."""

from __future__ import annotations

from typing import Any

import pytest

np = pytest.importorskip("numpy")

from hypothesis import given, settings, strategies as st  # noqa: E402

from chupai import compiled  # noqa: E402
from chupai.env.games.doudizhu import VEC_MODULE  # noqa: E402
from chupai.env.vector import VectorGames, random_actions  # noqa: E402
from chupai.errors import IllegalActionError  # noqa: E402

VEC = compiled.built(VEC_MODULE)
pytestmark = pytest.mark.skipif(
    VEC is None,
    reason="chupai.doudizhu._fast_vec is not built (python setup.py build_ext --inplace)",
)

RULES = [
    "classic",
    "four_player",
    "classic,bidding=until_all_pass,robbing=true,ming_pai=always,all_pass=redeal_doubled_once",
    "classic,ming_pai=win_only,robbing=true,rob_multipliers=2,3,airplane_max_trios=3",
    "four_player,bidding=until_all_pass,all_pass=redeal_doubled_once,ming_pai=always",
]
"""Presets and options: redeals, doubled redeals, robbing and 明牌 included."""


def pair(rules: str, n: int, seed: int, reward: Any = "score") -> tuple[VectorGames, VectorGames]:
    """(the compiled runner, the Python deals) of the same rules and seed, whatever
    CHUPAI_PURE says."""
    fast = VectorGames("doudizhu", rules, num_games=n, seed=seed, reward=reward)
    fast._runner = fast._compiled_runner(VEC)
    ref = VectorGames("doudizhu", rules, num_games=n, seed=seed, reward=reward)
    ref._runner = None
    assert fast.compiled_runner and not ref.compiled_runner
    return fast, ref


def same_batch(a: Any, b: Any, where: str) -> None:
    for name, x, y in zip(a._fields, a, b):
        assert x.dtype == y.dtype and x.shape == y.shape, (where, name)
        assert x.tobytes() == y.tobytes(), f"{where}: {name} differs"


def run_both(fast: VectorGames, ref: VectorGames, steps: int, seed: int) -> int:
    """Step both with the same random actions, comparing every batch (and the
    compiled runner's ``sample_actions`` with ``random_actions``); returns the
    episodes ended."""
    rng, twin = np.random.default_rng(seed), np.random.default_rng(seed)
    a, b = fast.reset(), ref.reset()
    ended = 0
    for t in range(steps):
        same_batch(a, b, f"step {t}")
        acts = random_actions(b.mask, rng)
        assert fast.sample_actions(twin).tobytes() == acts.tobytes()  # the same picks
        a, b = fast.step(acts), ref.step(acts)
        ended += int(b.done.sum())
    same_batch(a, b, "last step")
    for i in range(fast.num_games):
        assert fast.legal_ids(i).tolist() == ref.legal_ids(i).tolist()
    sa, sb = fast.stats(), ref.stats()
    assert (sa.episodes, sa.steps, sa.redeals) == (sb.episodes, sb.steps, sb.redeals)
    assert sa.per_game_episodes.tolist() == sb.per_game_episodes.tolist()
    assert np.array_equal(sa.per_game_mean_length, sb.per_game_mean_length, equal_nan=True)
    return ended


@pytest.mark.parametrize("rules", RULES)
def test_same_batches(rules: str) -> None:
    fast, ref = pair(rules, 6, seed=11)
    assert run_both(fast, ref, 160, seed=2) > 0


def test_win_rewards_and_redeals() -> None:
    fast, ref = pair(RULES[2], 8, seed=5, reward="win")
    run_both(fast, ref, 250, seed=9)
    st_ = fast.stats()
    assert st_.episodes > 0 and st_.redeals > 0  # the doubled redeal path ran


@settings(max_examples=8)
@given(seed=st.integers(0, 2**64), n=st.integers(1, 5), act_seed=st.integers(0, 2**32))
def test_seeded_runs(seed: int, n: int, act_seed: int) -> None:
    fast, ref = pair("classic", n, seed)
    run_both(fast, ref, 40, act_seed)


def test_reset_seeds_and_inspection() -> None:
    fast, ref = pair("four_player", 3, seed=7)
    run_both(fast, ref, 30, seed=1)
    # a later reset goes on from the generators; a seeded one starts anew
    same_batch(fast.reset(), ref.reset(), "reset()")
    same_batch(fast.reset(seed=4), ref.reset(seed=4), "reset(seed=4)")
    assert fast.stats().steps == 0
    rng = np.random.default_rng(3)
    for _ in range(25):
        acts = random_actions(ref._mask, rng)
        fast.step(acts)
        ref.step(acts)
    for i in range(3):
        assert fast.legal_actions(i) == ref.legal_actions(i)
        assert fast.deal(i).observe(0) == ref.deal(i).observe(0)
    assert fast.raw_observations() == ref.raw_observations()


def test_game_rows_do_not_depend_on_num_games() -> None:
    wide = VectorGames("doudizhu", "classic", num_games=5, seed=3)
    wide._runner = wide._compiled_runner(VEC)
    narrow = VectorGames("doudizhu", "classic", num_games=2, seed=3)
    narrow._runner = narrow._compiled_runner(VEC)
    a, b = wide.reset(), narrow.reset()
    assert a.obs[:2].tobytes() == b.obs.tobytes()
    assert a.mask[:2].tobytes() == b.mask.tobytes()


def test_illegal_action_changes_nothing() -> None:
    fast, ref = pair("classic", 2, seed=0)
    a, b = fast.reset(), ref.reset()
    bad = np.zeros(2, np.int64)
    bad[:] = np.flatnonzero(a.mask[0] == 0)[0]
    with pytest.raises(IllegalActionError) as e1:
        fast.step(bad)
    with pytest.raises(IllegalActionError) as e2:
        ref.step(bad)
    assert str(e1.value) == str(e2.value)
    same_batch(
        fast.step(random_actions(a.mask, np.random.default_rng(0))),
        ref.step(random_actions(b.mask, np.random.default_rng(0))),
        "after the error",
    )


def test_actions_of_any_integer_layout() -> None:
    fast, ref = pair("classic", 3, seed=1)
    a, _ = fast.reset(), ref.reset()
    picks = random_actions(a.mask, np.random.default_rng(2))
    strided = np.repeat(picks, 2).astype(np.int32)[::2]  # int32, not contiguous
    assert not strided.flags.c_contiguous
    same_batch(fast.step(strided), ref.step(strided), "strided int32 actions")


def test_vector_games_uses_the_runner() -> None:
    if compiled.load(VEC_MODULE) is None:
        pytest.skip("CHUPAI_PURE=1: VectorGames takes the Python deals")
    for rules in ("classic", "four_player"):
        assert VectorGames("doudizhu", rules, num_games=2).compiled_runner
    assert not VectorGames("bigtwo", None, num_games=2).compiled_runner


def test_sample_actions_are_random_actions_picks() -> None:
    fast, ref = pair("four_player", 16, seed=8)
    a, _ = fast.reset(), ref.reset()
    r1, r2, r3 = (np.random.default_rng(6) for _ in range(3))
    for _ in range(120):
        picks = fast.sample_actions(r1)
        assert picks.tolist() == random_actions(a.mask, r2).tolist()
        assert picks.tolist() == ref.sample_actions(r3).tolist()
        a = fast.step(picks)
        ref.step(picks)


@pytest.mark.slow
@pytest.mark.parametrize("rules", ["classic", "four_player"])
def test_many_episodes(rules: str) -> None:
    """At least 10,000 seeded episodes per preset, every step compared."""
    fast, ref = pair(rules, 64, seed=2024, reward="win")
    steps = 11_000 if rules == "classic" else 20_000
    assert run_both(fast, ref, steps, seed=5) >= 10_000
