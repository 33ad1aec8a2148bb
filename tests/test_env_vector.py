"""The batch runner of :mod:`chupai.env.vector`: every row of a batch is the
encoding and mask of its game's seat to act, finished games report their deal
scores and are dealt again, redeals stay within the episode, the same seed and
actions give the same batches, and illegal actions fail naming the game."""

from __future__ import annotations

import re
from typing import Any

import pytest

np = pytest.importorskip("numpy")

from chupai.env.encode import Encoder  # noqa: E402
from chupai.env.spaces import ActionSpace  # noqa: E402
from chupai.env.vector import Batch, VectorGames, random_actions  # noqa: E402
from chupai.errors import ChupaiError, IllegalActionError  # noqa: E402
from chupai.games import resolve_rules  # noqa: E402

PRESETS = [
    ("bigtwo", "standard"),
    ("doudizhu", "classic"),
    ("doudizhu", "four_player"),
    ("biga", "standard"),
]

ZERO_SUM = {"bigtwo", "doudizhu"}
"""Games whose presets above score every deal zero-sum (Big A's table has a row
that is not)."""


def _last_legal(mask: Any) -> Any:
    """A deterministic policy that looks at each row alone: the highest legal id
    (a play whenever there is one, never a Dou Dizhu pass when it may bid)."""
    return (mask.shape[1] - 1 - np.argmax(mask[:, ::-1], axis=1)).astype(np.int64)


def _check_rows(venv: VectorGames, batch: Batch, games: range) -> None:
    """Rows ``games`` of ``batch`` are the live deals' seat, encoding and mask."""
    space = ActionSpace.for_rules(venv.game, venv.rules)
    enc = Encoder.for_rules(venv.game, venv.rules)
    raw = venv.raw_observations()
    for i in games:
        deal = venv.deal(i)
        assert not deal.is_terminal()
        seat = deal.current_player
        assert batch.seat[i] == seat
        obs = deal.observe(seat)
        assert raw[i] == obs
        np.testing.assert_array_equal(batch.obs[i], enc.encode(obs))
        legal = deal.legal_actions()
        assert venv.legal_actions(i) == legal
        np.testing.assert_array_equal(batch.mask[i], space.mask(legal))
        assert venv.legal_ids(i).tolist() == [space.index(a) for a in legal]


@pytest.mark.parametrize(("game", "preset"), PRESETS)
def test_rows_match_the_deals_and_finished_games_report_scores(game: str, preset: str) -> None:
    games, steps = 8, 300
    venv = VectorGames(game, preset, num_games=games, seed=11)
    assert venv.players == Encoder.for_rules(game, preset).players
    batch = venv.reset()
    assert batch.obs.shape == (games, venv.obs_size) and batch.obs.dtype == np.float32
    assert batch.mask.shape == (games, venv.n_actions) and batch.mask.dtype == np.int8
    assert batch.seat.dtype == np.int64 and batch.done.dtype == np.bool_
    assert batch.rewards.shape == (games, venv.players)
    assert not batch.done.any() and not batch.rewards.any()
    _check_rows(venv, batch, range(games))
    rng = np.random.default_rng(5)
    obs_buffer, mask_buffer = batch.obs, batch.mask
    lengths = np.zeros(games, np.int64)
    finished: list[int] = []
    for t in range(steps):
        before = [venv.deal(i) for i in range(games)]
        actions = random_actions(batch.mask, rng)
        assert batch.mask[np.arange(games), actions].all()
        batch = venv.step(actions)
        # written in place: no new big arrays per step
        assert batch.obs is obs_buffer and batch.mask is mask_buffer
        lengths += 1
        for i in range(games):
            if batch.done[i]:
                old = before[i]
                assert old.is_terminal() and not old.outcome.redeal
                scores = np.asarray(old.outcome.scores, np.float32)
                np.testing.assert_array_equal(batch.rewards[i], scores)
                assert batch.rewards[i].sum() == sum(old.outcome.scores)
                if game in ZERO_SUM:
                    assert batch.rewards[i].sum() == 0
                assert batch.episode_length[i] == lengths[i]
                finished.append(int(lengths[i]))
                lengths[i] = 0
                assert venv.deal(i) is not old
            else:
                assert not batch.rewards[i].any() and batch.episode_length[i] == 0
        if t % 37 == 0 or batch.done.any():
            _check_rows(venv, batch, range(games))
    stats = venv.stats()
    assert finished, "no episode finished: lengthen the run"
    assert stats.episodes == len(finished) == int(stats.per_game_episodes.sum())
    assert stats.mean_length == pytest.approx(np.mean(finished))
    assert stats.steps == games * steps


@pytest.mark.parametrize(("game", "preset"), PRESETS)
def test_same_seed_same_batches(game: str, preset: str) -> None:
    def run(venv: VectorGames, seed: int | None) -> list[Batch]:
        rng = np.random.default_rng(3)
        out = [venv.reset(seed).copy()]
        for _ in range(60):
            out.append(venv.step(random_actions(out[-1].mask, rng)).copy())
        return out

    a = run(VectorGames(game, preset, num_games=4, seed=7), None)
    b_venv = VectorGames(game, preset, num_games=4, seed=99)
    run(b_venv, None)
    b = run(b_venv, 7)  # a seeded reset starts over exactly
    for x, y in zip(a, b):
        for name, u, v in zip(Batch._fields, x, y):
            np.testing.assert_array_equal(u, v, err_msg=name)
    c = run(VectorGames(game, preset, num_games=4, seed=8), None)
    assert not np.array_equal(a[0].obs, c[0].obs)


def test_a_game_plays_the_same_deals_whatever_the_batch_size() -> None:
    small = VectorGames("doudizhu", "classic", num_games=2, seed=3)
    large = VectorGames("doudizhu", "classic", num_games=5, seed=3)
    bs, bl = small.reset(), large.reset()
    for _ in range(150):
        np.testing.assert_array_equal(bs.obs, bl.obs[:2])
        np.testing.assert_array_equal(bs.done, bl.done[:2])
        bs, bl = small.step(_last_legal(bs.mask)), large.step(_last_legal(bl.mask))
    assert small.stats().episodes > 0


def test_illegal_actions_raise_naming_the_game_and_change_nothing() -> None:
    venv = VectorGames("doudizhu", "classic", num_games=4, seed=1)
    batch = venv.reset()
    saved = batch.copy()
    actions = _last_legal(batch.mask)
    bad = int(np.flatnonzero(batch.mask[2] == 0)[-1])  # the last id: a play in bidding
    actions[2] = bad
    text = venv.space.describe(bad)
    message = rf"game 2: action {bad} \({re.escape(text)}\) is not legal for seat"
    with pytest.raises(IllegalActionError, match=message):
        venv.step(actions)
    for name, u, v in zip(Batch._fields, batch, saved):
        np.testing.assert_array_equal(u, v, err_msg=name)
    assert venv.stats().steps == 0
    actions[2] = venv.n_actions
    with pytest.raises(ValueError, match=rf"game 2: action id {venv.n_actions} is out of range"):
        venv.step(actions)
    actions[2] = -1
    with pytest.raises(ValueError, match="game 2: action id -1"):
        venv.step(actions)
    with pytest.raises(ValueError, match="shape"):
        venv.step(np.zeros(3, np.int64))
    with pytest.raises(ValueError, match="integer"):
        venv.step(np.zeros(4))
    venv.step(_last_legal(batch.mask))  # still usable
    assert venv.stats().steps == 4


def test_step_before_reset_and_bad_arguments() -> None:
    venv = VectorGames("bigtwo", None, num_games=2)
    with pytest.raises(RuntimeError, match="reset"):
        venv.step(np.zeros(2, np.int64))
    with pytest.raises(ValueError, match="reward"):
        VectorGames("bigtwo", "standard", reward="money")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="num_games"):
        VectorGames("bigtwo", "standard", num_games=0)
    assert "bigtwo" in repr(venv)


@pytest.mark.parametrize("all_pass", ["redeal", "redeal_doubled_once"])
def test_an_all_pass_bidding_is_dealt_again_within_the_episode(all_pass: str) -> None:
    rules = resolve_rules("doudizhu", "classic", {"all_pass": all_pass})
    venv = VectorGames("doudizhu", rules, num_games=3, seed=4)
    batch = venv.reset()
    first = [venv.deal(i) for i in range(3)]
    for _ in range(venv.players):  # everybody passes (id 0) in the bidding
        assert batch.mask[:, 0].all()
        batch = venv.step(np.zeros(3, np.int64))
        assert not batch.done.any() and not batch.rewards.any()
    stats = venv.stats()
    assert stats.redeals == 3 and stats.episodes == 0
    for i, old in enumerate(first):
        assert old.outcome.redeal
        new = venv.deal(i)
        assert new is not old and not new.is_terminal()
        assert new.dealer == (old.dealer + 1) % venv.players
        assert new.doubled == (all_pass == "redeal_doubled_once")
    _check_rows(venv, batch, range(3))
    # the episode goes on: its length counts the redealt deal's actions
    lengths = np.full(3, venv.players)
    ended = np.zeros(3, bool)
    for _ in range(500):
        batch = venv.step(_last_legal(batch.mask))
        lengths += 1
        for i in np.flatnonzero(batch.done & ~ended):
            assert batch.episode_length[i] == lengths[i] > venv.players
        ended |= batch.done
        if ended.all():
            break
    assert ended.all()


@pytest.mark.parametrize(("game", "preset"), PRESETS)
def test_win_rewards(game: str, preset: str) -> None:
    score = VectorGames(game, preset, num_games=4, seed=2)
    win = VectorGames(game, preset, num_games=4, seed=2, reward="win")
    bs, bw = score.reset(), win.reset()
    n = score.players
    seen = 0
    for _ in range(400):
        before = [score.deal(i) for i in range(4)]
        a = _last_legal(bs.mask)
        bs, bw = score.step(a), win.step(a)
        np.testing.assert_array_equal(bs.done, bw.done)
        for i in np.flatnonzero(bs.done):
            seen += 1
            out = before[i].outcome
            if game == "doudizhu":  # the winning side +1, the other -1
                assert (bw.rewards[i] == np.sign(bs.rewards[i])).all()
            elif game == "bigtwo":  # the winner +1, the others share -1
                expected = [1.0 if s == out.winner else -1 / (n - 1) for s in range(n)]
                np.testing.assert_allclose(bw.rewards[i], expected, rtol=1e-6)
            else:  # Big A: the sign of the score
                np.testing.assert_array_equal(bw.rewards[i], np.sign(bs.rewards[i]))
        assert not bw.rewards[~bw.done].any()
    assert seen > 0


def test_deals_over_before_any_action_are_replaced(monkeypatch: pytest.MonkeyPatch) -> None:
    venv = VectorGames("bigtwo", "standard", num_games=2, seed=0)
    real = venv._new_deal
    calls: list[int] = []

    def finished_first(rules: Any, seed: int, **kwargs: Any) -> Any:
        deal = real(rules, seed, **kwargs)
        calls.append(seed)
        if len(calls) == 1:  # the first deal is played out before the runner sees it
            while not deal.is_terminal():
                deal.apply_unchecked(deal.legal_actions()[-1])
        return deal

    monkeypatch.setattr(venv, "_new_deal", finished_first)
    batch = venv.reset()
    assert len(calls) == 3 and venv.stats().redeals == 1 and venv.stats().episodes == 0
    _check_rows(venv, batch, range(2))


def test_random_actions_are_legal_and_uniform() -> None:
    rng = np.random.default_rng(0)
    mask = np.zeros((3, 10), np.int8)
    mask[0, [1, 4, 9]] = 1
    mask[1, 0] = 1
    mask[2, :] = 1
    draws = np.stack([random_actions(mask, rng) for _ in range(3000)])
    assert mask[np.arange(3), draws].all()
    assert (draws[:, 1] == 0).all()
    counts = np.bincount(draws[:, 0], minlength=10)[[1, 4, 9]]
    assert counts.min() > 850 and counts.max() < 1150
    assert len(np.unique(draws[:, 2])) == 10
    np.testing.assert_array_equal(
        random_actions(mask.astype(bool), np.random.default_rng(1)),
        random_actions(mask, np.random.default_rng(1)),
    )
    mask[1, 0] = 0
    with pytest.raises(ValueError, match="row 1"):
        random_actions(mask, rng)
    with pytest.raises(ValueError, match="2-D"):
        random_actions(mask[0], rng)


def test_lazy_export() -> None:
    import chupai.env

    assert chupai.env.VectorGames is VectorGames


def test_rules_may_be_a_spec_string() -> None:
    venv = VectorGames("doudizhu", "classic,bidding=until_all_pass", num_games=2, seed=3)
    assert venv.rules.spec() == "doudizhu(preset=classic,bidding=until_all_pass)"
    with pytest.raises(ChupaiError):
        VectorGames("doudizhu", "classic,no_such_option=1", num_games=2)
