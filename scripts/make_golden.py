#!/usr/bin/env python3
"""Golden files: the byte-exact contract of the rules engines.

Like OpenSpiel's playthrough files and python-chess's perft files, these files
pin down what the engines do, so that a refactor (or a compiled engine) can be
checked against them byte for byte.

    python scripts/make_golden.py            # rewrite tests/data/golden/
    python scripts/make_golden.py --check    # compare; exit 1 naming the first difference
    python scripts/make_golden.py --list     # the file names it writes

Two kinds of file (formats in :data:`FORMAT_NOTE`, repeated at the top of each):

``playthrough_<game>_<variant>.txt``
    Seeded deals (seeds 0, 1, 2) played to the end by a seeded random choice
    among ``legal_actions()``. Every step writes the seat to act, the phase, the
    number of legal actions, the chosen index and its text, and the acting seat's
    observation serialized field by field; the end writes the outcome and the
    JSON record.

``movecounts_<game>.txt``
    Perft-style positions: seeded random hands, leading or following a previous
    play, with the number of moves of ``api.moves`` and a hash of its JSON.

Only stable public entry points are used: ``chupai.games.find_game`` /
``resolve_rules``, ``game.new_deal``, the deal's ``legal_actions``,
``apply_action``, ``observe``, ``action_text``, ``current_player``,
``is_terminal`` and ``outcome``, ``record.to_record`` and the games' ``moves``.
"""

from __future__ import annotations

import argparse
import dataclasses
import enum
import hashlib
import json
import random
import sys
from collections.abc import Callable, Iterator, Mapping
from functools import partial
from pathlib import Path
from typing import Any, NamedTuple

import chupai.biga.game
import chupai.biga.record
import chupai.bigtwo.game
import chupai.bigtwo.record
import chupai.daguailuzi.game
import chupai.daguailuzi.record
import chupai.doudizhu.game
import chupai.doudizhu.record
from chupai.games import find_game, resolve_rules
from chupai.options import written_fields

GOLDEN_DIR = Path(__file__).resolve().parent.parent / "tests" / "data" / "golden"

SEEDS: tuple[int, ...] = (0, 1, 2)
"""The deal seeds of a playthrough file (unless its variant names others)."""

POSITIONS_PER_PRESET = 40
"""Move-count positions per game variant."""


class Variant(NamedTuple):
    """One rules set written to a playthrough file."""

    game: str
    label: str
    """The file name part: the preset, or the preset and its overrides."""
    preset: str
    overrides: tuple[tuple[str, str], ...] = ()
    seeds: tuple[int, ...] = SEEDS
    """The deal seeds (Big A: two deals, its random deals are long)."""
    movecounts: bool = True
    """Whether its positions are in ``movecounts_<game>.txt`` (the table-size
    variants are not: that file stays as it was)."""


# Explicit lists (no computed module names): a new preset must be added here, and
# tests/contracts/test_golden.py checks that every preset of every game is listed.
VARIANTS: tuple[Variant, ...] = (
    Variant("bigtwo", "standard", "standard"),
    Variant("bigtwo", "hongkong", "hongkong"),
    Variant("bigtwo", "taiwan", "taiwan"),
    Variant("bigtwo", "mainland", "mainland"),
    Variant("bigtwo", "taiwan_players3", "taiwan", (("players", "3"),)),
    Variant(
        "bigtwo",
        "standard_players3_malaysian",
        "standard",
        (("players", "3"), ("leftover_rule", "malaysian")),
    ),
    Variant("bigtwo", "standard_pre_exchange", "standard", (("pre_exchange", "true"),)),
    Variant(
        "bigtwo", "standard_players13", "standard", (("players", "13"),), (0, 1), movecounts=False
    ),
    Variant(
        "bigtwo",
        "standard_players6_packs2",
        "standard",
        (("players", "6"), ("packs", "2")),
        (0, 1),
        movecounts=False,
    ),
    Variant("doudizhu", "classic", "classic"),
    Variant("doudizhu", "four_player", "four_player"),
    Variant("biga", "standard", "standard", seeds=(0, 2)),
    Variant("daguailuzi", "seed", "seed", seeds=(0,)),
    Variant("daguailuzi", "shanghai", "shanghai", seeds=(1,)),
)

GAME_MODULES: Mapping[str, tuple[Any, Any]] = {
    "bigtwo": (chupai.bigtwo.game, chupai.bigtwo.record),
    "doudizhu": (chupai.doudizhu.game, chupai.doudizhu.record),
    "biga": (chupai.biga.game, chupai.biga.record),
    "daguailuzi": (chupai.daguailuzi.game, chupai.daguailuzi.record),
}
"""``(game module, record module)`` of each game key."""


# --- card tokens for the move-count positions ------------------------------------

_RANKS = ("3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A", "2")


def _deck(game: str, rules: Any) -> list[str]:
    """The pack of ``game`` as card tokens (the judge's text notation)."""
    if game == "bigtwo":
        return [r + s for r in _RANKS for s in "DCHS"]
    if game == "doudizhu":
        packs = 2 if rules.players == 4 else 1
        return [r for r in _RANKS for _ in range(4 * packs)] + ["BJ", "RJ"] * packs
    if game == "biga":
        plain = [r for r in _RANKS if r != "A"]
        return (
            [r for r in plain for _ in range(8)]
            + [a for a in ("AD", "AC", "AH", "AS") for _ in range(2)]
            + ["BJ", "RJ"] * 2
        )
    if game == "daguailuzi":
        return [r + s for r in _RANKS for s in "SHCD" for _ in range(3)] + ["BJ", "RJ"] * 3
    raise ValueError(game)


# --- the observation serializer -------------------------------------------------


def ser(
    value: Any, *, skip: frozenset[str] = frozenset(), replace: Mapping[str, str] | None = None
) -> str:
    """A deterministic one-line text of ``value``: dataclasses and named tuples as
    ``Name(field=value, ...)`` (fields in declaration order; at the top level the
    fields in ``skip`` are left out and those in ``replace`` written as given),
    other slotted objects the same way (``Pass()``), enums by value, strings
    JSON-quoted, ints in decimal (card masks as they are), tuples ``(a, b)``,
    lists ``[a, b]``, sets ``frozenset({...})`` sorted, mappings by sorted key. An object whose text would depend on the process (an address)
    raises ``TypeError``."""
    if value is None or isinstance(value, bool):
        return repr(value)
    if isinstance(value, enum.Enum):
        return ser(value.value)
    if isinstance(value, int):
        return str(int(value))
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        # a rules object leaves out its later options at their defaults (options.option)
        return _fields_text(value, written_fields(value), skip, replace)
    if isinstance(value, tuple) and hasattr(value, "_fields"):
        return _fields_text(value, list(value._fields), skip, replace)
    if isinstance(value, tuple):
        inner = ", ".join(ser(v) for v in value)
        return f"({inner},)" if len(value) == 1 else f"({inner})"
    if isinstance(value, list):
        return "[" + ", ".join(ser(v) for v in value) + "]"
    if isinstance(value, (set, frozenset)):
        return type(value).__name__ + "({" + ", ".join(sorted(ser(v) for v in value)) + "})"
    if isinstance(value, Mapping):
        items = sorted((ser(k), ser(v)) for k, v in value.items())
        return "{" + ", ".join(f"{k}: {v}" for k, v in items) + "}"
    slots = _slots(value)
    if slots is not None:
        return _fields_text(value, [n for n in slots if not n.startswith("_")], skip, replace)
    text = repr(value)
    if " at 0x" in text:
        raise TypeError(f"cannot serialize {type(value).__name__} deterministically: {text}")
    return text


def _fields_text(
    value: Any, names: list[str], skip: frozenset[str], replace: Mapping[str, str] | None
) -> str:
    parts = []
    for name in names:
        if name in skip:
            continue
        text = replace[name] if replace and name in replace else ser(getattr(value, name))
        parts.append(f"{name}={text}")
    return f"{type(value).__name__}({', '.join(parts)})"


def _slots(value: Any) -> list[str] | None:
    """Every ``__slots__`` name of ``value``'s class and its bases, or None for an
    object with a ``__dict__``."""
    if hasattr(value, "__dict__"):
        return None
    names: list[str] = []
    for klass in reversed(type(value).__mro__):
        slots = vars(klass).get("__slots__", ())
        names.extend([slots] if isinstance(slots, str) else list(slots))
    return names


# --- playthroughs ---------------------------------------------------------------

FORMAT_NOTE = """\
# Format: a header ('game', 'variant', 'preset', 'overrides', 'rules' serialized), then
# per deal a block 'deal seed=S' ... 'end deal seed=S'. Each step of the deal is a line
#   step=N seat=P phase=PH legal=L i=I action=TEXT
# (the chosen index I = random.Random(CHOICE_SEED + S).randrange(L), taken in step
# order, and the action's text from deal.action_text) followed by the indented line
#   obs: <the acting seat's observation before the action, every field but 'rules'>
# At the end: 'outcome: <outcome serialized>' and 'record: <json.dumps(to_record(deal),
# sort_keys=True, ensure_ascii=False)>'. Serialization: Name(field=value, ...),
# enums by value, strings JSON-quoted, card masks and packed counts as decimal ints.
# In obs, 'history=+K: (...)' lists only the K events added since the same seat's
# previous obs line in the deal; its first obs line (or one whose earlier history
# changed) writes 'history=(...)' in full.
"""

CHOICE_SEED = 7_700_000
"""``random.Random(CHOICE_SEED + seed)`` picks the actions of the deal of ``seed``."""

MAX_STEPS = 5000
"""A deal longer than this is a bug (every game ends far sooner)."""


def _variant_rules(v: Variant) -> Any:
    return resolve_rules(v.game, v.preset, dict(v.overrides))


def observation_text(obs: Any, before: tuple[Any, ...] | None) -> str:
    """``obs`` serialized (see :func:`ser`) without its ``rules`` (written once in
    the header), and with its ``history`` written ``+K: (new events)`` when the
    history ``before`` (of the same seat's previous observation in the deal) is a
    prefix of it, else in full."""
    history = tuple(obs.history)
    if before is not None and history[: len(before)] == before:
        new = history[len(before) :]
        hist = f"+{len(new)}:" + (" " + ser(new) if new else "")
    else:
        hist = ser(history)
    return ser(obs, skip=frozenset({"rules"}), replace={"history": hist})


def playthrough_lines(v: Variant, seeds: tuple[int, ...] | None = None) -> Iterator[str]:
    """The lines (without newlines) of the playthrough file of ``v`` (of its deals
    of ``seeds``, by default ``v.seeds``)."""
    if seeds is None:
        seeds = v.seeds
    game_mod, record_mod = GAME_MODULES[v.game]
    rules = _variant_rules(v)
    yield "# Golden playthrough of chupai, written by scripts/make_golden.py; do not edit."
    yield from FORMAT_NOTE.rstrip("\n").split("\n")
    yield f"game: {v.game}"
    yield f"variant: {v.label}"
    yield f"preset: {v.preset}"
    yield "overrides: " + (" ".join(f"{k}={val}" for k, val in v.overrides) or "-")
    yield f"rules: {ser(rules)}"
    yield f"seeds: {' '.join(str(s) for s in seeds)}"
    for seed in seeds:
        yield ""
        yield f"deal seed={seed}"
        deal = game_mod.new_deal(rules, seed)
        rng = random.Random(CHOICE_SEED + seed)
        step = 0
        seen: dict[int, tuple[Any, ...]] = {}
        while not deal.is_terminal():
            if step >= MAX_STEPS:
                raise RuntimeError(f"{v.label} seed {seed}: no end after {MAX_STEPS} steps")
            seat = deal.current_player
            legal = deal.legal_actions()
            if not legal:
                raise RuntimeError(f"{v.label} seed {seed} step {step}: no legal action")
            obs = deal.observe(seat)
            i = rng.randrange(len(legal))
            action = legal[i]
            yield (
                f"step={step} seat={seat} phase={ser(obs.phase)} legal={len(legal)} "
                f"i={i} action={json.dumps(deal.action_text(action), ensure_ascii=False)}"
            )
            yield "  obs: " + observation_text(obs, seen.get(seat))
            seen[seat] = tuple(obs.history)
            deal.apply_action(action)
            step += 1
        yield f"steps: {step}"
        yield f"outcome: {ser(deal.outcome)}"
        rec = record_mod.to_record(deal)
        yield "record: " + json.dumps(rec, sort_keys=True, ensure_ascii=False)
        yield f"end deal seed={seed}"


# --- move counts ----------------------------------------------------------------

MOVES_NOTE = """\
# Format: one position a line, fields separated by ' | ':
#   VARIANT | HAND | PREVIOUS or - | N | HASH
# N is the number of moves that the game's api.moves(rules, HAND, PREVIOUS) lists and
# HASH the first 12 hex digits of the sha256 of json.dumps(moves, sort_keys=True,
# ensure_ascii=False, separators=(',', ':')) encoded in UTF-8. Positions: seeded random
# hands of every size; half lead, half follow a previous play drawn from the moves of
# another random hand.
"""


def _move_variants(game: str) -> list[Variant]:
    return [v for v in VARIANTS if v.game == game and v.movecounts]


def moves_hash(moves: Mapping[str, Any]) -> str:
    text = json.dumps(moves, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:12]


def movecount_lines(game: str, count: int = POSITIONS_PER_PRESET) -> Iterator[str]:
    """The lines of ``movecounts_<game>.txt``: ``count`` positions per variant."""
    info = find_game(game)
    yield f"# Golden move counts of chupai ({game}), written by scripts/make_golden.py; do not edit."
    yield from MOVES_NOTE.rstrip("\n").split("\n")
    for v in _move_variants(game):
        rules = _variant_rules(v)
        deck = _deck(game, rules)
        rng = random.Random(f"golden-moves:{game}:{v.label}")
        max_size = {"bigtwo": 13, "doudizhu": 20, "biga": 24, "daguailuzi": 27}[game]
        for k in range(count):
            size = 1 + k % max_size if k < max_size else rng.randint(1, max_size)
            cards = rng.sample(deck, len(deck))
            hand = sorted(cards[:size], key=deck.index)
            previous = None
            if k % 2 == 1:
                other = sorted(cards[size : size + rng.randint(1, max_size)], key=deck.index)
                led = info.moves(rules, " ".join(other), None)["moves"]
                if led:
                    previous = rng.choice(led)["cards"]
            moves = info.moves(rules, " ".join(hand), previous)
            yield (
                f"{v.label} | {' '.join(hand)} | {previous or '-'} | "
                f"{len(moves['moves'])} | {moves_hash(moves)}"
            )


# --- files ----------------------------------------------------------------------


def golden_files() -> dict[str, Callable[[], Iterator[str]]]:
    """File name -> a function of its lines, in a fixed order."""
    out: dict[str, Callable[[], Iterator[str]]] = {}
    for v in VARIANTS:
        out[f"playthrough_{v.game}_{v.label}.txt"] = partial(playthrough_lines, v)
    for game in dict.fromkeys(v.game for v in VARIANTS):
        out[f"movecounts_{game}.txt"] = partial(movecount_lines, game)
    return out


def render(lines: Iterator[str]) -> str:
    """The text of a file: every line ended by a newline (LF)."""
    return "".join(line + "\n" for line in lines)


def first_difference(name: str, expected: str, actual: str) -> str | None:
    """None if equal, else a message naming ``name``, the first differing line
    and both versions of it."""
    if expected == actual:
        return None
    exp, act = expected.split("\n"), actual.split("\n")
    for n, (a, b) in enumerate(zip(exp, act), 1):
        if a != b:
            col = next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))
            lo = max(0, col - 60)
            return (
                f"{name}:{n}: first difference at column {col + 1}\n"
                f"  golden:    ...{a[lo : col + 100]!r}\n"
                f"  generated: ...{b[lo : col + 100]!r}"
            )
    n = min(len(exp), len(act)) + 1
    return f"{name}:{n}: the golden file has {len(exp)} lines, the generated text {len(act)}"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    ap.add_argument(
        "--check",
        action="store_true",
        help="compare with the files instead of writing them; exit 1 on a difference",
    )
    ap.add_argument("--list", action="store_true", help="print the file names and exit")
    ap.add_argument("--dir", type=Path, default=GOLDEN_DIR, help="golden directory")
    args = ap.parse_args(argv)
    files = golden_files()
    if args.list:
        print("\n".join(files))
        return 0
    if not args.check:
        args.dir.mkdir(parents=True, exist_ok=True)
    for name, make in files.items():
        text = render(make())
        path = args.dir / name
        if args.check:
            old = path.read_text(encoding="utf-8") if path.exists() else None
            msg = (
                f"{name}: missing from {args.dir}"
                if old is None
                else first_difference(name, old, text)
            )
            if msg:
                print(msg, file=sys.stderr)
                return 1
        else:
            path.write_bytes(text.encode("utf-8"))
            print(f"{path}  {len(text.encode('utf-8'))} bytes")
    if args.check:
        print(f"{len(files)} golden files match")
    return 0


if __name__ == "__main__":
    sys.exit(main())
