"""Fast picks from one legality mask, for the one-environment loops
(:class:`~chupai.env.aec.ChupaiAECEnv`, :class:`~chupai.env.gym.ChupaiGymEnv`).

A mask is ``int8`` (0/1) and wide: 27,864 ids for classic Dou Dizhu.
``np.flatnonzero(mask)`` on it costs about as much as a whole environment step
(it converts the bytes before it scans them), and ``rng.choice(ids)`` adds
more. :func:`mask_ids` scans the bytes as booleans, in place, and
:func:`random_legal` draws one legal id with a single ``rng.random()``: together
about twenty times faster than ``rng.choice(np.flatnonzero(mask))``
(``benchmarks/bench_env.py`` measures both loops). For a batch of masks use
:func:`chupai.env.vector.random_actions` or ``VectorGames.sample_actions``, which
pick the same ids: ``random_legal(mask, rng)`` draws what
``random_actions(mask[None], rng)[0]`` draws from the same generator state.

>>> import numpy as np
>>> mask = np.zeros(10, np.int8)
>>> mask[[2, 5, 7]] = 1
>>> mask_ids(mask).tolist()
[2, 5, 7]
>>> random_legal(mask, np.random.default_rng(0)) in (2, 5, 7)
True
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

__all__ = ["mask_ids", "random_legal"]


def mask_ids(mask: npt.ArrayLike) -> npt.NDArray[np.int64]:
    """The legal ids of a 1-D ``mask`` (``int8``/``uint8`` 0/1, ``bool``, or any
    numbers: nonzero is legal), ascending: what ``np.flatnonzero(mask)`` gives,
    without converting a byte mask first. Raises ``ValueError`` for a mask that
    is not 1-D."""
    m = np.asarray(mask)
    if m.ndim != 1:
        raise ValueError(f"mask must be 1-D (one id per action), not shape {m.shape}")
    if m.dtype.itemsize == 1 and m.dtype.kind in "biu":
        flat = m.view(np.bool_)
    else:
        flat = m != 0
    ids: npt.NDArray[np.int64] = flat.nonzero()[0].astype(np.int64, copy=False)
    return ids


def random_legal(mask: npt.ArrayLike, rng: np.random.Generator) -> int:
    """One id drawn uniformly among the legal ids of the 1-D ``mask`` (one
    ``rng.random()`` draw: the ``int(u * count)``-th legal id, as
    :func:`chupai.env.vector.random_actions` picks). Raises ``ValueError`` for a
    mask with no legal id or that is not 1-D."""
    ids = mask_ids(mask)
    if not len(ids):
        raise ValueError("the mask has no legal action")
    return int(ids[int(rng.random() * len(ids))])
