"""Every seed chupai derives from another, in one place.

A seed given on a command line (``--seed S``), in a web table's settings or to a
tournament is the root; every other seed is derived from it here, by hashing a
tag naming the use and the numbers that single it out (BLAKE2b, 8 bytes, read
big-endian), so that the derived seeds are stable across runs, processes and
platforms and differ between uses. The derivation tree::

    S  (--seed, a table's seed, a tournament's seed)
    ├── board k of a tournament: S + k ......................... board_seed(S, k)
    │   ├── the bot of seat s under seating r: ........ bot_seed(board, s, r)
    │   │     "chupai-bot:B:s" (seating 0: what ``chupai play`` gives its bots)
    │   │     "chupai-bot:B:s:r" (seating r > 0)
    │   ├── a match of the board's seed: see "match" below
    │   └── redeal n (1, 2, ...) of a deal of seed D: ..... redeal_seed(game, D, n)
    │         "chupai-GAME-redeal:D:n" mod 10**9 (also ``chupai play`` after a redeal)
    ├── match: deal i (0-based, redeals included) ... match_deal_seed(game, S, i)
    │     "chupai-GAME-match:S:i"  (each game's ``match.deal_seed``)
    ├── a ``--deals`` series of ``chupai play biga``: deal n (1-based) of S:
    │     S itself for n = 1, else "chupai-biga-deal:S:n" mod 10**9 ... series_seed
    ├── a web table's bots: the bot of seat s in the table's deal at position p:
    │     "chupai-table-bot:S:p:s" ......................... table_bot_seed(S, p, s)
    └── a web table's hint after m log entries: "chupai-hint:S:m" ... hint_seed(S, m)

:func:`derive_seed` is the generic ``TAG:S:n`` derivation below ``10**9`` that
the redeal and series seeds use.

>>> bot_seed(5, 0) == bot_seed(5, 0, 0) != bot_seed(5, 0, 1)
True
>>> redeal_seed("doudizhu", 5, 1) == derive_seed("chupai-doudizhu-redeal", 5, 1)
True
>>> match_deal_seed("bigtwo", 7, 3)
12233482320362886363
>>> series_seed("biga", 42, 1)
42
"""

from __future__ import annotations

import hashlib
from typing import Final

__all__ = [
    "SMALL_SEEDS",
    "digest_seed",
    "derive_seed",
    "board_seed",
    "bot_seed",
    "redeal_seed",
    "match_deal_seed",
    "series_seed",
    "table_bot_seed",
    "hint_seed",
]

SMALL_SEEDS: Final = 1_000_000_000
"""The derived seeds a player may type again (redeals, series) are below this."""


def digest_seed(*parts: object) -> int:
    """The 64-bit seed of ``parts`` joined by ``:`` (BLAKE2b, 8 bytes, big-endian)."""
    text = ":".join(str(p) for p in parts).encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "big")


def derive_seed(tag: str, seed: int, number: int) -> int:
    """A seed derived from ``seed`` for the ``number``-th use ``tag`` names (a
    redeal, a deal of a series): stable across runs and platforms, below 10**9."""
    return digest_seed(tag, seed, number) % SMALL_SEEDS


def board_seed(seed: int, board: int) -> int:
    """The seed of board ``board`` (0-based) of a tournament of ``seed``: the deal
    (or match) of that seed is the board, so any board replays alone."""
    return seed + board


def bot_seed(deal_seed: int, seat: int, seating: int = 0) -> int:
    """The seed of the bot in ``seat`` of seating ``seating`` on the board of
    ``deal_seed``: stable across runs, processes and platforms, distinct for every
    argument tuple. Seating 0 gives the seeds ``chupai play`` gives its bots, so a
    bot plays alike in a game and in a simulation of one seating."""
    if seating == 0:
        return digest_seed("chupai-bot", deal_seed, seat)
    return digest_seed("chupai-bot", deal_seed, seat, seating)


def redeal_seed(game: str, deal_seed: int, attempt: int) -> int:
    """The seed of redeal ``attempt`` (1, 2, ...) after the ``game`` deal of
    ``deal_seed``: the seeds ``chupai play`` and tournaments deal after a redeal."""
    return derive_seed(f"chupai-{game}-redeal", deal_seed, attempt)


def match_deal_seed(game: str, match_seed: int, index: int) -> int:
    """The seed of deal ``index`` (0-based, redeals included) of the ``game`` match
    of ``match_seed``: stable across runs and platforms, and different per game.

    >>> match_deal_seed("bigtwo", 7, 0) != match_deal_seed("doudizhu", 7, 0)
    True
    """
    return digest_seed(f"chupai-{game}-match", match_seed, index)


def series_seed(game: str, seed: int, number: int) -> int:
    """The seed of deal ``number`` (1, 2, ...) of a ``--deals`` series of ``seed``
    that is not a match (``chupai play biga``): deal 1 is ``seed`` itself."""
    return seed if number == 1 else derive_seed(f"chupai-{game}-deal", seed, number)


def table_bot_seed(table_seed: int, position: int, seat: int) -> int:
    """The seed of the bot in ``seat`` of a web table's deal at ``position`` (the
    bot of a seat is built once per deal)."""
    return digest_seed("chupai-table-bot", table_seed, position, seat)


def hint_seed(table_seed: int, moves: int) -> int:
    """The seed of a web table's hint bot after ``moves`` log entries."""
    return digest_seed("chupai-hint", table_seed, moves)
