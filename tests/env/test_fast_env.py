"""The compiled environment core (``chupai.env._fast_encode``) against the
pure-Python reference: card planes, state blocks, whole observation vectors and
the batch runner's arrays must be byte-identical, step by step."""

from __future__ import annotations

import os
import random
from collections.abc import Iterator
from typing import Any

import pytest

np = pytest.importorskip("numpy")

from hypothesis import given, settings, strategies as st  # noqa: E402

from chupai import compiled  # noqa: E402
from chupai.env import codec as cd  # noqa: E402
from chupai.env.encode import Encoder  # noqa: E402
from chupai.env.vector import VectorGames, random_actions  # noqa: E402
from chupai.games import resolve_rules  # noqa: E402
from chupai.protocol import get_game  # noqa: E402

FAST = compiled.built(cd.FAST_MODULE)
pytestmark = pytest.mark.skipif(
    FAST is None,
    reason="chupai.env._fast_encode is not built (python setup.py build_ext --inplace)",
)

PRESETS = [
    ("bigtwo", "standard"),
    ("bigtwo", "hongkong"),
    ("bigtwo", "taiwan"),
    ("bigtwo", "mainland"),
    ("doudizhu", "classic"),
    ("doudizhu", "four_player"),
    ("biga", "standard"),
]
"""The presets of the env tests (the batch runner serves each of them)."""

EXCHANGES = [
    {"series": "class_struggle"},
    {"series": "tribute", "tribute_method": "one_card"},
    {"series": "tribute", "tribute_method": "draw_three"},
    {"series": "tribute", "tribute_method": "choose_hands"},
    {"pre_exchange": "true"},
    {"players": "3"},
]
"""Big Two options with exchanges and leftover cards (the ``known`` and
``exposed`` planes), for the encoder only: the action space refuses some."""

COUNT_MAXES = {
    "doudizhu classic": (4,) * 13 + (1, 1),
    "doudizhu four_player": (8,) * 13 + (2, 2),
    "biga": (8,) * 15 + (2,) * 4,
}


def _id(case: tuple[str, str]) -> str:
    return f"{case[0]}-{case[1]}"


def _encoder(game: str, rules: Any) -> Encoder:
    return Encoder.for_rules(game, rules)


def observations(game: str, rules: Any, seed: int, **kw: Any) -> Iterator[Any]:
    """Every seat's observation at every state of one random deal, the end included."""
    spec = get_game(game)
    deal = spec.new_deal(rules, seed, **kw)
    rng = random.Random(seed)
    while True:
        for seat in range(deal.players):
            yield deal.observe(seat)
        if deal.is_terminal():
            return
        legal = deal.legal_actions()
        deal.apply_unchecked(legal[rng.randrange(len(legal))])


def assert_same_rows(enc: Encoder, obs: Any) -> None:
    """The pure concatenation and the compiled writer give the same bytes."""
    pure = np.concatenate(enc._codec.parts(obs))
    assert pure.dtype == np.float32 and pure.shape == enc.shape
    fast = np.full(enc.size, np.nan, np.float32)  # every value must be written
    assert FAST is not None
    enc._codec.write_compiled(obs, fast, FAST)
    if pure.tobytes() != fast.tobytes():
        bad = np.flatnonzero(pure != fast)
        names = sorted({s.name for s in enc.layout for b in bad[:20] if s.start <= b < s.stop})
        pytest.fail(f"compiled row differs from the pure one in {names}")


# ----- the building blocks ------------------------------------------------------------


@given(st.integers(0, (1 << 52) - 1))
def test_mask_planes_match(cards: int) -> None:
    assert FAST is not None
    pure = cd.MaskPlanes()._make(cards)
    assert FAST.Planes(()).plane(cards).tobytes() == pure.tobytes()


@pytest.mark.parametrize("name", list(COUNT_MAXES))
@given(data=st.data())
def test_count_planes_match_including_counts_beyond_the_copies(name: str, data: Any) -> None:
    """Each 5-bit field up to 31 (the pure planes cap a count at the field's
    copies), fields straddling the 64-bit boundary included."""
    assert FAST is not None
    maxes = COUNT_MAXES[name]
    counts = data.draw(st.lists(st.integers(0, 31), min_size=len(maxes), max_size=len(maxes)))
    cards = sum(c << (5 * f) for f, c in enumerate(counts))
    pure = cd.CountPlanes(maxes)._make(cards)
    fast = FAST.Planes(maxes).plane(cards)
    assert fast.tobytes() == pure.tobytes()
    assert int(fast.sum()) == sum(min(c, m) for c, m in zip(counts, maxes))


def test_mask_planes_refuse_what_the_pure_ones_refuse() -> None:
    assert FAST is not None
    with pytest.raises(OverflowError):
        FAST.Planes(()).plane(-1)
    with pytest.raises(OverflowError):
        FAST.Planes(()).plane(1 << 60)


def _block_values(block: cd.Block, rng: random.Random) -> tuple[Any, ...]:
    out: list[Any] = []
    for f in block.fields:
        if f.kind == "onehot":
            out.append(rng.randrange(-1, f.size))
        elif f.kind == "bits":
            out.append(rng.getrandbits(f.size))
        elif f.kind == "scalar":
            out.append(rng.choice([0, 1, rng.random() * 3, 1 / 3]))
        else:
            n = round(f.size**0.5)
            out.append(tuple(rng.randrange(-1, n) for _ in range(n)))
    return tuple(out)


@pytest.mark.parametrize("case", PRESETS, ids=_id)
def test_state_blocks_match(case: tuple[str, str]) -> None:
    assert FAST is not None
    codec = _encoder(*case)._codec
    block = codec._block
    assert block is not None
    spec = FAST.BlockSpec(block.fields)
    assert spec.size == block.size
    rng = random.Random(5)
    for _ in range(300):
        values = _block_values(block, rng)
        assert spec.block(values).tobytes() == block._make(values).tobytes(), values
    with pytest.raises(ValueError):
        spec.block(values[:-1])


# ----- whole vectors -------------------------------------------------------------------


@pytest.mark.parametrize("case", PRESETS, ids=_id)
@settings(max_examples=8)
@given(seed=st.integers(0, 2**63 - 1))
def test_rows_match_at_every_step(case: tuple[str, str], seed: int) -> None:
    """Every seat's vector at every state of a random deal, as it ends included."""
    game, preset = case
    rules = resolve_rules(game, preset)
    enc = _encoder(game, rules)
    for obs in observations(game, rules, seed):
        assert_same_rows(enc, obs)


@pytest.mark.parametrize(
    "options", EXCHANGES, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items())
)
def test_rows_match_through_exchanges(options: dict[str, str]) -> None:
    rules = get_game("bigtwo").resolve("standard", options)
    enc = _encoder("bigtwo", rules)
    for seed in range(3):
        for obs in observations("bigtwo", rules, seed):
            assert_same_rows(enc, obs)


def test_doudizhu_redeal_after_all_pass_matches() -> None:
    """A doubled redeal (``D = 2``) has a stake the first deal lacks."""
    rules = resolve_rules("doudizhu", "classic")
    enc = _encoder("doudizhu", rules)
    for seed in range(4):
        for obs in observations("doudizhu", rules, seed, doubled=True):
            assert_same_rows(enc, obs)


def test_the_encoder_uses_the_compiled_writer_unless_pure_is_forced() -> None:
    enc = _encoder("doudizhu", "classic")
    assert (enc._codec._writer is not None) == (compiled.load(cd.FAST_MODULE) is not None)
    rules = resolve_rules("doudizhu", "classic")
    obs = next(iter(observations("doudizhu", rules, 3)))
    assert enc.encode(obs).tobytes() == enc.encode_pure(obs).tobytes()


def test_rows_that_are_not_contiguous_float32_take_the_pure_path() -> None:
    rules = resolve_rules("biga", "standard")
    enc = _encoder("biga", rules)
    obs = list(observations("biga", rules, 2))[-40]
    want = enc.encode_pure(obs)
    strided = np.zeros((enc.size, 2), np.float32)[:, 0]
    enc.encode_into(obs, strided)
    wide = np.zeros(enc.size, np.float64)
    enc.encode_into(obs, wide)
    assert strided.tobytes() == want.tobytes()
    assert np.array_equal(wide, want)
    batch = np.zeros((3, enc.size), np.float32)
    enc.encode_rows([obs] * 3, batch)
    assert all(row.tobytes() == want.tobytes() for row in batch)
    with pytest.raises(ValueError):
        enc.encode_into(obs, np.zeros(enc.size - 1, np.float32))
    with pytest.raises(ValueError):
        enc.encode_rows([obs], batch)


# ----- the batch runner ----------------------------------------------------------------


def pure_runner(game: str, preset: str, num_games: int, seed: int) -> VectorGames:
    """A runner on the pure-Python path: its own (uncached) encoder without the
    compiled writer, and the per-row mask update."""
    venv = VectorGames(game, preset, num_games=num_games, seed=seed)
    enc = Encoder(game, venv.rules)
    enc._codec._writer = None
    venv.encoder = enc
    venv._show_masks = None
    return venv


def assert_same_batches(a: Any, b: Any) -> None:
    for name, x, y in zip(a._fields, a, b):
        assert x.dtype == y.dtype and x.shape == y.shape, name
        assert x.tobytes() == y.tobytes(), name


def play_both(game: str, preset: str, num_games: int, seed: int, episodes: int) -> int:
    """Step a compiled and a pure runner with the same actions until ``episodes``
    episodes ended, comparing every batch, the legal ids and the statistics;
    returns the steps."""
    fast = VectorGames(game, preset, num_games=num_games, seed=seed)
    pure = pure_runner(game, preset, num_games, seed)
    rng = np.random.default_rng(seed)
    a, b = fast.reset(), pure.reset()
    assert_same_batches(a, b)
    steps = 0
    while fast.stats().episodes < episodes:
        acts = random_actions(a.mask, rng)
        a, b = fast.step(acts), pure.step(acts)
        assert_same_batches(a, b)
        steps += 1
        i = steps % num_games
        assert fast.legal_ids(i).tolist() == pure.legal_ids(i).tolist()
        assert fast.legal_actions(i) == pure.legal_actions(i)
    sa, sb = fast.stats(), pure.stats()
    assert (sa.episodes, sa.steps, sa.redeals) == (sb.episodes, sb.steps, sb.redeals)
    assert sa.per_game_episodes.tolist() == sb.per_game_episodes.tolist()
    return steps


@pytest.mark.parametrize("case", PRESETS, ids=_id)
def test_runner_batches_match_the_pure_path(case: tuple[str, str]) -> None:
    play_both(*case, num_games=6, seed=3, episodes=6)


def test_runner_reset_with_a_seed_matches_and_masks_are_cleared() -> None:
    fast = VectorGames("doudizhu", "classic", num_games=4, seed=1)
    pure = pure_runner("doudizhu", "classic", 4, 1)
    rng = np.random.default_rng(0)
    a, b = fast.reset(), pure.reset()
    for _ in range(30):
        acts = random_actions(a.mask, rng)
        a, b = fast.step(acts), pure.step(acts)
    a, b = fast.reset(seed=9), pure.reset(seed=9)
    assert_same_batches(a, b)
    for i in range(4):
        assert int(a.mask[i].sum()) == len(fast.legal_ids(i))
        assert not fast.legal_ids(i).flags.writeable


@pytest.mark.slow
@pytest.mark.parametrize("case", PRESETS, ids=_id)
def test_ten_thousand_deals_per_preset_match(case: tuple[str, str]) -> None:
    """At least 10,000 seeded random episodes per preset (``CHUPAI_SLOW_DEALS``
    sets another count) through both paths, every batch compared."""
    episodes = int(os.environ.get("CHUPAI_SLOW_DEALS", "10000"))
    steps = play_both(*case, num_games=64, seed=2024, episodes=episodes)
    assert steps > 0


# ----- random actions ------------------------------------------------------------------


@given(
    rows=st.integers(1, 9),
    width=st.integers(1, 70),
    density=st.floats(0.0, 1.0),
    seed=st.integers(0, 2**32 - 1),
    dtype=st.sampled_from(["int8", "bool", "uint8", "int64", "float32"]),
)
def test_random_actions_pick_the_same_ids_as_numpy(
    rows: int, width: int, density: float, seed: int, dtype: str
) -> None:
    """The compiled picks equal the numpy reference's, and the generators end in
    the same state (one draw per row); widths that are not multiples of 8 too."""
    from chupai.env import vector

    gen = np.random.default_rng(seed)
    mask = (gen.random((rows, width)) < density).astype(dtype)
    mask[np.arange(rows), gen.integers(0, width, rows)] = 1  # every row has a legal id
    r1, r2 = np.random.default_rng(seed + 1), np.random.default_rng(seed + 1)
    flat = mask != 0
    want = vector._random_actions_pure(flat, r1)
    got = vector._random_actions_compiled(FAST, flat.view(np.uint8), r2)
    assert got.tolist() == want.tolist()
    assert r1.random() == r2.random()
    assert all(mask[i, k] for i, k in enumerate(got.tolist()))


def test_random_actions_refuse_an_empty_row_on_both_paths() -> None:
    from chupai.env import vector

    mask = np.zeros((3, 40), np.int8)
    mask[0, 5] = mask[2, 39] = 1
    flat = mask != 0
    with pytest.raises(ValueError, match="row 1 of the mask has no legal action"):
        vector._random_actions_pure(flat, np.random.default_rng(0))
    with pytest.raises(ValueError, match="row 1 of the mask has no legal action"):
        vector._random_actions_compiled(FAST, flat.view(np.uint8), np.random.default_rng(0))


def test_random_actions_on_a_batch_mask_match() -> None:
    from chupai.env import vector

    venv = VectorGames("doudizhu", "classic", num_games=16, seed=4)
    batch = venv.reset()
    for _ in range(40):
        want = vector._random_actions_pure(batch.mask.view(np.bool_), np.random.default_rng(7))
        got = random_actions(batch.mask, np.random.default_rng(7))
        assert got.tolist() == want.tolist()
        batch = venv.step(got)


@pytest.mark.parametrize("case", PRESETS, ids=_id)
def test_history_keys_answer_as_the_codecs_cards_of(case: tuple[str, str]) -> None:
    """Every engine action of the game's space (and a bid or choice the history
    steps over or stops at) gets the same key from the compiled HistKeys as from
    the plugin's ``_play_cards``."""
    import importlib

    from chupai.env.spaces import ActionSpace

    assert FAST is not None
    game, preset = case
    codec = _encoder(game, preset)._codec
    hk = codec.history_keys
    assert hk is not None
    types, paths = zip(*hk.plays)
    keys = FAST.HistKeys(types, paths, hk.passes, hk.other)
    cards_of = importlib.import_module(f"chupai.env.games.{game}")._play_cards
    actions = ActionSpace.for_rules(game, preset).actions
    assert len(actions) > 100
    for a in actions:
        assert keys(a) == cards_of(a), a
