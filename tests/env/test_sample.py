"""Fast picks from one legality mask (:mod:`chupai.env.sample`): the ids of
``np.flatnonzero``, the pick of ``random_actions`` on the same generator state,
and clear errors."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from chupai.env import mask_ids, random_legal
from chupai.env.vector import random_actions

DTYPES = (np.int8, np.uint8, np.bool_, np.int64, np.float32)


@settings(max_examples=60, deadline=None)
@given(
    bits=st.lists(st.booleans(), min_size=1, max_size=300),
    dtype=st.sampled_from(DTYPES),
    seed=st.integers(0, 2**32 - 1),
)
def test_random_legal_picks_as_random_actions(bits: list[bool], dtype: type, seed: int) -> None:
    mask = np.array(bits, dtype=dtype)
    assert np.array_equal(mask_ids(mask), np.flatnonzero(mask))
    if not any(bits):
        with pytest.raises(ValueError, match="no legal action"):
            random_legal(mask, np.random.default_rng(seed))
        return
    a, b = np.random.default_rng(seed), np.random.default_rng(seed)
    k = random_legal(mask, a)
    assert isinstance(k, int) and mask[k]
    assert k == int(random_actions(mask[None], b)[0])
    assert a.random() == b.random()  # one draw each


def test_random_legal_is_uniform_and_rejects_other_shapes() -> None:
    mask = np.zeros(27_864, np.int8)
    mask[[0, 9, 27_000]] = 1
    rng = np.random.default_rng(0)
    counts = np.bincount([random_legal(mask, rng) for _ in range(3000)], minlength=27_864)
    assert set(np.flatnonzero(counts)) == {0, 9, 27_000}
    assert counts[[0, 9, 27_000]].min() > 900
    with pytest.raises(ValueError, match="1-D"):
        random_legal(np.ones((2, 3), np.int8), rng)
    with pytest.raises(ValueError, match="1-D"):
        mask_ids(np.int8(1))
