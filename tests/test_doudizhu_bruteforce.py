"""Differential tests: Dou Dizhu ``judge`` and ``moves`` against brute force.

The reference here is written from ``doudizhu.md`` alone and shares no code with
``chupai.doudizhu``: a play is a multiset of ranks (suits never matter, §1), and
:func:`readings` lists every way the combination tables of §8.1 (``classic``) and
§9.1 (``four_player``) read it, with the wing and kicker rules and
``airplane_max_trios``. :func:`ref_beats` is §8.2/§9.2 as written and
:func:`ref_judge` applies the reading order of §7.

Checked: ``api.judge`` on many random and crafted multisets (leading and over a
random previous play), and ``api.moves`` against the classification of every
sub-multiset of random hands (5-10 cards, plus full 17- and 20-card hands), leading
and following, under both presets and every combination option.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from functools import lru_cache
from itertools import product
from typing import Any, NamedTuple

import pytest

from chupai.doudizhu import api
from chupai.doudizhu.rules import resolve

# ---------------------------------------------------------------------------
# The reference, written from the rules text
# ---------------------------------------------------------------------------

RANKS = ("3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A", "2", "BJ", "RJ")
"""§1: the rank order, low to high; index = comparison key."""
TWO, BJ, RJ = 12, 13, 14
LAST_SEQUENCE = 11
"""§1: sequence ranks are 3..A (indices 0..11)."""
PRIORITY = (
    "rocket",
    "heaven_lord",
    "heaven_bomb",
    "missile",
    "bomb",
    "airplane",
    "airplane_pairs",
    "airplane_singles",
    "four_with_two_pairs",
    "four_with_two",
    "four_with_pair",
    "straight",
    "pair_chain",
    "trio_pair",
    "trio_single",
    "trio",
    "pair",
    "single",
)
"""§7: the order in which readings are taken."""
PRIORITY_INDEX = {k: i for i, k in enumerate(PRIORITY)}
FAMILY_POWER = {"rocket": 2, "missile": 3, "heaven_bomb": 4, "heaven_lord": 5}
"""§9.2: the bomb family; a bomb's power is 0 (four cards) or 1 (five cards)."""

Counts = tuple[int, ...]


class Opts(NamedTuple):
    """The options that change classification or comparison (§11)."""

    four: bool = False
    max_trios: int = 6
    no_pair: bool = False
    match: bool = False
    four_with_pair: bool = False


class Reading(NamedTuple):
    kind: str
    key: int
    size: int
    paired: bool = False
    """four_with_two: the two kickers have one rank."""


def opts_of(spec: str) -> Opts:
    """``"classic:four_with_two_match=true"`` -> :class:`Opts` (read independently of
    the engine's rules object)."""
    preset, _, rest = spec.partition(":")
    kv = dict(item.split("=", 1) for item in filter(None, rest.split(",")))
    return Opts(
        four=preset == "four_player",
        max_trios=int(kv.get("airplane_max_trios", "6")),
        no_pair=kv.get("four_with_two_kickers") == "no_pair",
        match=kv.get("four_with_two_match") == "true",
        four_with_pair=kv.get("allow_four_with_pair") == "true",
    )


def consecutive_sequence(ranks: list[int]) -> bool:
    """Distinct ranks forming an unbroken run of sequence ranks (no 2, no joker)."""
    return (
        bool(ranks)
        and ranks[-1] <= LAST_SEQUENCE
        and ranks == list(range(ranks[0], ranks[0] + len(ranks)))
    )


def is_pair_rank(r: int, o: Opts) -> bool:
    """§8.1: pairs are of ranks 3..2; §9.1: joker pairs too (BJ BJ, RJ RJ)."""
    return r <= TWO or o.four


def readings(c: Counts, o: Opts) -> list[Reading]:
    """Every reading of the multiset ``c`` (counts per rank index) as a combination."""
    n = sum(c)
    present = [r for r in range(15) if c[r]]
    shape = sorted((c[r] for r in present), reverse=True)
    out: list[Reading] = []
    add = out.append
    if n == 0:
        return out
    # single, pair, trio
    if n == 1:
        add(Reading("single", present[0], 1))
    if len(present) == 1:
        r = present[0]
        if n == 2 and is_pair_rank(r, o):
            add(Reading("pair", r, 2))
        if n == 3 and r <= TWO:
            add(Reading("trio", r, 3))
    if not o.four and n == 2 and c[BJ] == 1 and c[RJ] == 1:
        add(Reading("rocket", RJ, 2))
    # bomb family
    if len(present) == 1 and present[0] <= TWO:
        r = present[0]
        if n == 4 or (o.four and n == 5):
            add(Reading("bomb", r, n))
        if o.four and n == 6:
            add(Reading("rocket", r, 6))
        if o.four and n == 7:
            add(Reading("missile", r, 7))
        if o.four and n == 8:
            add(Reading("heaven_bomb", r, 8))
    if o.four and n == 4 and c[BJ] == 2 and c[RJ] == 2:
        add(Reading("heaven_lord", RJ, 4))
    # trio + one (classic), trio + pair (both)
    if len(present) == 2:
        a, b = present
        for t, k in ((a, b), (b, a)):
            if c[t] != 3 or t > TWO:
                continue
            if not o.four and c[k] == 1:
                add(Reading("trio_single", t, 4))
            if c[k] == 2 and is_pair_rank(k, o):
                add(Reading("trio_pair", t, 5))
    # four with kickers
    for q in present:
        if q > TWO or c[q] != 4:
            continue
        rest = [r for r in present if r != q]
        if not o.four and n == 6:
            both_jokers = c[BJ] == 1 and c[RJ] == 1
            paired = len(rest) == 1
            if not both_jokers and not (paired and o.no_pair):
                add(Reading("four_with_two", q, 6, paired))
        if not o.four and n == 8:
            if len(rest) == 2 and all(c[r] == 2 and r <= TWO for r in rest):
                add(Reading("four_with_two_pairs", q, 8))
        if o.four and o.four_with_pair and n == 6:
            if len(rest) == 1 and c[rest[0]] == 2:
                add(Reading("four_with_pair", q, 6))
    # chains
    if 5 <= n <= 12 and shape[0] == 1 and consecutive_sequence(present):
        add(Reading("straight", present[-1], n))
    if (
        n >= 6
        and all(c[r] == 2 for r in present)
        and len(present) >= 3
        and consecutive_sequence(present)
    ):
        add(Reading("pair_chain", present[-1], n))
    if (
        all(c[r] == 3 for r in present)
        and 2 <= len(present) <= o.max_trios
        and consecutive_sequence(present)
    ):
        add(Reading("airplane", present[-1], n))
    # airplanes with wings
    single_k = min(5, o.max_trios)
    pair_k = min(6 if o.four else 4, o.max_trios)
    for k in range(2, max(single_k, pair_k) + 1):
        if n not in (4 * k, 5 * k):
            continue
        for start in range(0, LAST_SEQUENCE - k + 2):
            body = range(start, start + k)
            if any(c[b] < 3 for b in body):
                continue
            rest = list(c)
            for b in body:
                rest[b] -= 3
            if any(rest[b] for b in body):
                continue  # a wing of a body rank
            wing_ranks = [r for r in range(15) if rest[r]]
            top = start + k - 1
            if not o.four and n == 4 * k and k <= single_k:
                if not (rest[BJ] and rest[RJ]) and all(rest[r] < 4 for r in wing_ranks):
                    add(Reading("airplane_singles", top, n))
            if n == 5 * k and k <= pair_k:
                if (
                    len(wing_ranks) == k
                    and all(rest[r] == 2 for r in wing_ranks)
                    and all(is_pair_rank(r, o) for r in wing_ranks)
                    and not (rest[BJ] == 2 and rest[RJ] == 2)
                ):
                    add(Reading("airplane_pairs", top, n))
    return out


def first_reading(rs: list[Reading]) -> Reading:
    """§7: the first reading in priority order, the highest key within a type."""
    return min(rs, key=lambda r: (PRIORITY_INDEX[r.kind], -r.key))


def family_power(r: Reading, o: Opts) -> int | None:
    """§9.2: the power of a member of the bomb family (``four_player``)."""
    if r.kind == "bomb":
        return r.size - 4
    return FAMILY_POWER.get(r.kind)


def ref_beats(new: Reading, top: Reading, o: Opts) -> bool:
    """§8.2 (classic) and §9.2 (four_player)."""
    if not o.four:
        if new.kind == "rocket":
            return top.kind != "rocket"
        if top.kind == "rocket":
            return False
        if new.kind == "bomb":
            return top.kind != "bomb" or new.key > top.key
        if top.kind == "bomb":
            return False
    else:
        pn, pt = family_power(new, o), family_power(top, o)
        if pn is not None:
            if pt is None:
                return True
            if new.kind == "heaven_lord":
                return top.kind != "heaven_lord"
            return (pn, new.key) > (pt, top.key)
        if pt is not None:
            return False
    if new.kind != top.kind or new.size != top.size or new.key <= top.key:
        return False
    if o.match and new.kind == "four_with_two" and new.paired != top.paired:
        return False
    return True


def ref_judge(play: Counts, over: Counts | None, o: Opts) -> dict[str, Any]:
    """What ``judge`` must answer (the reason of an invalid play is not compared)."""
    rs = readings(play, o)
    if not rs:
        return {"valid": False}
    if over is None:
        return {"valid": True, "type": first_reading(rs).kind}
    top = first_reading(readings(over, o))
    winners = [r for r in rs if ref_beats(r, top, o)]
    chosen = first_reading(winners) if winners else first_reading(rs)
    return {"valid": True, "type": chosen.kind, "beats": bool(winners)}


def sub_multisets(c: Counts) -> Iterator[Counts]:
    for sub in product(*(range(x + 1) for x in c)):
        if any(sub):
            yield sub


def ref_moves(hand: Counts, over: Counts | None, o: Opts) -> set[tuple[Counts, str]]:
    top = first_reading(readings(over, o)) if over is not None else None
    out = set()
    for sub in sub_multisets(hand):
        for r in readings(sub, o):
            if top is None or ref_beats(r, top, o):
                out.add((sub, r.kind))
    return out


# ---------------------------------------------------------------------------
# Text, random multisets and hands
# ---------------------------------------------------------------------------


def copies(o: Opts) -> Counts:
    """§1: copies of each rank in the decks."""
    return (8,) * 13 + (2, 2) if o.four else (4,) * 13 + (1, 1)


def canonical(c: Counts) -> str:
    """The moves output form: bare ranks ascending, jokers BJ/RJ."""
    return " ".join(RANKS[r] for r in range(15) for _ in range(c[r]))


def counts_of_text(text: str) -> Counts:
    """Reads the canonical output form (bare ranks, T, BJ, RJ) back into counts."""
    c = [0] * 15
    for tok in text.split():
        c[RANKS.index(tok)] += 1
    return tuple(c)


def text_of(c: Counts, o: Opts, rng: random.Random) -> str:
    """A shuffled, legal spelling of ``c``: bare or suited tokens (never more of one
    suited face than the decks hold), ``10`` for ``T`` and lower case at random."""
    tokens = []
    for r in range(15):
        if r >= BJ:
            tokens += [RANKS[r]] * c[r]
            continue
        faces = list("SHCD" * (2 if o.four else 1))
        rng.shuffle(faces)
        for i in range(c[r]):
            rank = "10" if r == 7 and rng.random() < 0.5 else RANKS[r]
            tokens.append(rank + faces[i] if rng.random() < 0.4 else rank)
    tokens = [t.lower() if rng.random() < 0.2 else t for t in tokens]
    rng.shuffle(tokens)
    return " ".join(tokens)


def deck(o: Opts) -> list[int]:
    return [r for r in range(15) for _ in range(copies(o)[r])]


def counts_of_ranks(ranks: list[int]) -> Counts:
    c = [0] * 15
    for r in ranks:
        c[r] += 1
    return tuple(c)


SUIT_CHARS = "SHCD♠♥♣♦♤♡♧♢"


def parse_tokens(text: str) -> Counts:
    """README §1.1 for Dou Dizhu: bare ranks, RANK+SUIT tokens, ``10``, jokers, any
    case (for well-formed input only)."""
    ranks = []
    for tok in text.upper().split():
        if tok[-1] in SUIT_CHARS and tok not in RANKS:
            tok = tok[:-1]
        ranks.append(RANKS.index("T" if tok == "10" else tok))
    return counts_of_ranks(ranks)


def shaped_multiset(rng: random.Random, o: Opts) -> list[int]:
    """Counts shaped like a combination of §8.1/§9.1 (a run of equal counts of
    random length and height, plus random wings or kickers); often valid, often
    just over a boundary."""
    c = [0] * 15
    height = rng.choice([1, 2, 3, 3, 4] + ([5, 6, 7, 8] if o.four else []))
    length = rng.choice([1, 1, 2, 2, 3, 4, 5, 6, 7] if height <= 3 else [1])
    start = rng.randint(0, 13 - length)
    for r in range(start, start + length):
        c[r] = height
    extras = rng.choice([0, 0, 1, 2, length, length, 2 * length])
    pairs = rng.random() < 0.5
    for _ in range(extras if not pairs else extras // 2 + 1):
        r = rng.randrange(15)
        c[r] += 2 if pairs else 1
    if rng.random() < 0.2:  # joker flavour
        c[BJ] += rng.randint(0, 2)
        c[RJ] += rng.randint(0, 2)
    if rng.random() < 0.25:  # one step off the shape
        r = rng.randrange(15)
        c[r] = max(0, c[r] + rng.choice([-1, 1]))
    return c


def built_multiset(rng: random.Random, o: Opts) -> list[int]:
    """Counts built as one type of §8.1/§9.1 (bodies and chains of any length, even
    past the limits; wings and kickers drawn at random, so that the wing and kicker
    rules decide), sometimes one card off."""
    c = [0] * 15
    shape = rng.choice(
        [
            "single",
            "pair",
            "trio",
            "trio_x",
            "chain1",
            "chain2",
            "plane",
            "plane_single",
            "plane_pair",
            "quad_x",
            "family",
            "jokers",
        ]
    )
    start = rng.randint(0, 11)

    def run(height: int, length: int) -> None:
        first = max(0, min(start, 12 - length))
        for r in range(first, first + length):
            c[r] += height

    if shape in ("single", "pair", "trio"):
        c[rng.randrange(15)] += {"single": 1, "pair": 2, "trio": 3}[shape]
    elif shape == "trio_x":
        run(3, 1)
        c[rng.randrange(15)] += rng.choice([1, 2])
    elif shape == "chain1":
        run(1, rng.randint(4, 13))
    elif shape == "chain2":
        run(2, rng.randint(2, 13))
    elif shape == "plane":
        run(3, rng.randint(2, 8))
    elif shape == "plane_single":
        k = rng.randint(2, 6)
        run(3, k)
        for _ in range(k):
            c[rng.randrange(15)] += 1
    elif shape == "plane_pair":
        k = rng.randint(2, 7)
        run(3, k)
        for r in rng.sample(range(15), k):
            c[r] += 2
    elif shape == "quad_x":
        run(4, 1)
        for _ in range(rng.choice([1, 2, 2])):
            c[rng.randrange(15)] += rng.choice([1, 2, 2])
    elif shape == "family":
        c[rng.randrange(13)] += rng.randint(4, 8 if o.four else 4)
    else:
        c[BJ] += rng.randint(1, 2)
        c[RJ] += rng.randint(1, 2)
    if rng.random() < 0.25:  # one step off the shape
        r = rng.randrange(15)
        c[r] = max(0, c[r] + rng.choice([-1, 1]))
    return c


def random_multiset(rng: random.Random, o: Opts) -> Counts:
    """A random play-sized multiset, biased toward structured ones (runs of equal
    counts, quads, wings), within the decks' copies."""
    cap = copies(o)
    while True:
        mode = rng.random()
        if mode < 0.15:
            c = counts_of_ranks(rng.sample(deck(o), rng.randint(1, 10)))
        elif mode < 0.6:
            c = tuple(min(x, m) for x, m in zip(built_multiset(rng, o), cap))
        elif mode < 0.85:
            c = tuple(min(x, m) for x, m in zip(shaped_multiset(rng, o), cap))
        else:
            c_list = [0] * 15
            start = rng.randint(0, 12)
            width = rng.randint(1, 6)
            base = rng.choice([1, 2, 3, 3, 4] + ([5, 6, 7, 8] if o.four else []))
            for r in range(start, min(start + width, 13)):
                c_list[r] = base if rng.random() < 0.8 else rng.randint(0, cap[r])
            for _ in range(rng.choice([0, 0, 1, 2, 2, 3, 4, 5])):
                r = rng.randrange(15)
                extra = rng.choice([1, 1, 2])
                c_list[r] = min(cap[r], c_list[r] + extra)
            c = tuple(c_list)
        if 0 < sum(c) <= 24:
            return c


def random_valid(rng: random.Random, o: Opts) -> Counts:
    while True:
        c = random_multiset(rng, o)
        if readings(c, o):
            return c


def random_hand(rng: random.Random, o: Opts, size: int) -> Counts:
    return counts_of_ranks(rng.sample(deck(o), size))


@lru_cache(maxsize=None)
def rules_of(spec: str) -> Any:
    preset, _, rest = spec.partition(":")
    return resolve(preset, dict(item.split("=", 1) for item in filter(None, rest.split(","))))


CLASSIC_VARIANTS = [
    "classic",
    "classic:four_with_two_kickers=no_pair",
    "classic:four_with_two_match=true",
    "classic:airplane_max_trios=2",
    "classic:airplane_max_trios=3",
]
FOUR_VARIANTS = [
    "four_player",
    "four_player:allow_four_with_pair=true",
    "four_player:airplane_max_trios=3",
]
VARIANTS = CLASSIC_VARIANTS + FOUR_VARIANTS
ALL_KINDS = {
    False: (
        "single",
        "pair",
        "trio",
        "trio_single",
        "trio_pair",
        "straight",
        "pair_chain",
        "airplane",
        "airplane_singles",
        "airplane_pairs",
        "four_with_two",
        "four_with_two_pairs",
        "bomb",
        "rocket",
    ),
    True: (
        "single",
        "pair",
        "trio",
        "trio_pair",
        "straight",
        "pair_chain",
        "airplane",
        "airplane_pairs",
        "four_with_pair",
        "bomb",
        "rocket",
        "missile",
        "heaven_bomb",
        "heaven_lord",
    ),
}


def engine_judge(spec: str, play: str, over: str | None) -> dict[str, Any]:
    out = api.judge(rules_of(spec), play, over)
    if out.get("valid") is False:
        assert set(out) == {"valid", "reason"} and isinstance(out["reason"], str) and out["reason"]
        return {"valid": False}
    return dict(out)


def engine_moves(spec: str, hand: str, over: str | None) -> set[tuple[Counts, str]]:
    out = api.moves(rules_of(spec), hand, over)
    assert set(out) == {"moves"}
    got = []
    for m in out["moves"]:
        assert set(m) == {"cards", "type"}, m
        c = counts_of_text(m["cards"])
        assert m["cards"] == canonical(c), f"not canonical: {m['cards']!r}"
        got.append((c, m["type"]))
    assert len(got) == len(set(got)), "a move is listed twice"
    return set(got)


def describe(pairs: set[tuple[Counts, str]]) -> list[str]:
    return sorted(f"{canonical(c)} = {k}" for c, k in pairs)


# ---------------------------------------------------------------------------
# The reference agrees with the spec's own examples
# ---------------------------------------------------------------------------


def test_reference_matches_the_spec_example_tables() -> None:
    """Every §7/§8.3/§9.3 row (and the extra rule rows) of the examples file, read by
    the reference: the reference is checked against the spec before it checks the
    engine."""
    import test_doudizhu_examples as ex

    parse = parse_tokens
    for cards, spec, kind in (
        ex.S8_3_CLASSIFICATION + ex.S9_3_CLASSIFICATION + ex.S8_1_RULES + ex.S9_1_RULES
    ):
        got = ref_judge(parse(cards), None, opts_of(spec))
        assert got.get("type") == kind, (cards, spec, got)
    for play, over, spec, beats, kind in ex.S8_3_COMPARISONS + ex.S9_3_COMPARISONS:
        got = ref_judge(parse(play), parse(over), opts_of(spec))
        assert got == {"valid": True, "type": kind, "beats": beats}, (play, over, spec)
    for play, over, beats in ex.S9_2_BEATS:
        got = ref_judge(parse(play), parse(over), opts_of("four_player"))
        assert got["beats"] is beats, (play, over)
    for play, prev, spec, kind7, beats7 in ex.S7_TYPES:
        got = ref_judge(parse(play), parse(prev) if prev else None, opts_of(spec))
        want: dict[str, Any] = {"valid": True, "type": kind7}
        if prev is not None:
            want["beats"] = beats7
        assert got == want, (play, prev, spec)


# ---------------------------------------------------------------------------
# judge against the reference
# ---------------------------------------------------------------------------

CRAFTED = [
    # (cards, presets) -- ambiguous and boundary multisets
    ("3 3 3 4 4 4 5 5 5 6 6 6", "both"),
    ("4 4 4 5 5 5 6 6 6 7 7 7", "both"),
    ("3 3 3 4 4 4 5 5 5 6 6 6 7 7 7 8 8 8 9 9", "classic"),
    ("3 3 3 4 4 4 5 5 5 6 6 6 7 7 7 8 8 8 9 9 9 T T T", "classic"),
    ("3 3 3 4 4 4 5 5 5 6 6 6 7 7 7 8 8 8 9 9 9 T", "classic"),
    ("3 3 3 3 4 4 4 4", "both"),
    ("3 3 3 3 4 4 4 5", "classic"),
    ("3 3 3 4 4 4 5 5 5 5", "both"),
    ("3 3 3 4 4 4 4 4 5 5", "four_player"),
    ("3 3 3 4 4 4 5 5 6 6", "both"),
    ("3 3 3 4 4 4 5 5 5 6 6 6 7 7 7 7", "classic"),
    ("3 3 3 4 4 4 5 5 5 6 6 6 7 7 7 8", "classic"),
    ("3 3 3 4 4 4 5 5 5 6 6 6 7 7 8 8 9 9 T T", "classic"),
    ("3 3 3 4 4 4 5 5 5 6 6 6 7 7 7 8 8 9 9 T T", "four_player"),
    ("3 3 3 3 3 3 4 4 4 4 4 4", "four_player"),
    ("3 3 3 3 3 4 4 4 4 4", "four_player"),
    ("3 3 3 3 4 4 4 4 5 5 5 5 6 6 6 6", "both"),
    ("3 3 3 3 BJ RJ", "classic"),
    ("3 3 3 3 BJ BJ", "four_player"),
    ("3 3 3 3 3 3 BJ BJ", "four_player"),
    ("BJ BJ RJ RJ", "four_player"),
    ("BJ BJ RJ", "four_player"),
    ("BJ RJ", "both"),
    ("2 2 2 BJ RJ", "both"),
    ("2 2 2 2 BJ RJ", "classic"),
    ("K K K A A A 2 2 2 BJ RJ 3", "classic"),
    ("J J Q Q K K A A 2 2", "both"),
    ("9 9 9 T T T J J J Q Q Q K K K A A A", "both"),
    ("T T T J J J Q Q Q K K K A A A 2 2 2", "both"),
    ("3 3 3 4 4 4 5 5 5 6 6 6 7 7 7 8 8 8 9 9 9", "both"),
]


@pytest.mark.parametrize("cards, presets", CRAFTED, ids=[c for c, _ in CRAFTED])
def test_judge_crafted_multisets(cards: str, presets: str) -> None:
    specs = VARIANTS if presets == "both" else [v for v in VARIANTS if v.startswith(presets)]
    c = counts_of_text(cards)
    for spec in specs:
        o = opts_of(spec)
        assert engine_judge(spec, cards, None) == ref_judge(c, None, o), spec
        # over every crafted valid play of the same preset
        for other, _ in CRAFTED:
            oc = counts_of_text(other)
            if any(oc[r] > copies(o)[r] for r in range(15)) or not readings(oc, o):
                continue
            assert engine_judge(spec, cards, other) == ref_judge(c, oc, o), (spec, other)


@pytest.mark.parametrize("spec", VARIANTS)
def test_judge_random_leads(spec: str) -> None:
    rng = random.Random(f"judge-lead-{spec}")
    o = opts_of(spec)
    valid = 0
    kinds = set()
    for _ in range(1000):
        c = random_multiset(rng, o)
        want = ref_judge(c, None, o)
        got = engine_judge(spec, text_of(c, o, rng), None)
        assert got == want, canonical(c)
        valid += want["valid"]
        kinds.add(want.get("type"))
    # the generator produces plenty of combinations, of (almost) every type
    assert valid >= 250
    assert len(kinds - {None}) >= len(ALL_KINDS[o.four]) - (1 if o.four_with_pair else 2)


@pytest.mark.parametrize("spec", VARIANTS)
def test_judge_random_follows(spec: str) -> None:
    rng = random.Random(f"judge-follow-{spec}")
    o = opts_of(spec)
    beaten = 0
    for i in range(400):
        play = random_valid(rng, o) if i % 4 else random_multiset(rng, o)
        # the previous play: of the play's size half of the time, so types meet
        over = random_valid(rng, o)
        if i % 2:
            for _ in range(30):
                cand = random_valid(rng, o)
                if sum(cand) == sum(play):
                    over = cand
                    break
        want = ref_judge(play, over, o)
        got = engine_judge(spec, text_of(play, o, rng), text_of(over, o, rng))
        assert got == want, (canonical(play), canonical(over))
        beaten += bool(want.get("beats"))
    assert beaten >= 40


# ---------------------------------------------------------------------------
# moves against brute force
# ---------------------------------------------------------------------------


def check_moves(spec: str, hand: Counts, over: Counts | None, rng: random.Random) -> int:
    o = opts_of(spec)
    want = ref_moves(hand, over, o)
    over_text = text_of(over, o, rng) if over is not None else None
    got = engine_moves(spec, text_of(hand, o, rng), over_text)
    if got != want:
        raise AssertionError(
            f"hand {canonical(hand)!r} over {canonical(over) if over else None!r} [{spec}]\n"
            f"missing: {describe(want - got)[:20]}\nextra: {describe(got - want)[:20]}"
        )
    return len(want)


@pytest.mark.parametrize("spec", VARIANTS)
def test_moves_random_small_hands(spec: str) -> None:
    rng = random.Random(f"moves-{spec}")
    o = opts_of(spec)
    following = 0
    for i in range(40):
        hand = random_hand(rng, o, rng.randint(5, 10))
        check_moves(spec, hand, None, rng)
        # follow a play taken from another random hand's plays, and a structured one
        other = random_hand(rng, o, rng.randint(5, 12))
        tops = sorted(ref_moves(other, None, o))
        if tops:
            top, _ = rng.choice(tops)
            following += check_moves(spec, hand, top, rng) > 0
        check_moves(spec, hand, random_valid(rng, o), rng)
        # follow one of the hand's own plays: the same types meet at every key
        own = sorted(ref_moves(hand, None, o))
        top, _ = rng.choice(own)
        check_moves(spec, hand, top, rng)
    assert following >= 5


@pytest.mark.parametrize("spec", VARIANTS)
def test_moves_structured_hands(spec: str) -> None:
    """Hands made of runs of trios, pairs and quads, where the wing and kicker rules
    and the airplane limits decide."""
    rng = random.Random(f"moves-structured-{spec}")
    o = opts_of(spec)
    cap = copies(o)
    for _ in range(12):
        c = [0] * 15
        start = rng.randint(0, 9)
        for r in range(start, start + rng.randint(2, 4)):
            c[r] = min(cap[r], rng.choice([2, 3, 3, 4]))
        while sum(c) < rng.randint(10, 13):
            r = rng.randrange(15)
            c[r] = min(cap[r], c[r] + 1)
        hand = tuple(c)
        own = sorted(ref_moves(hand, None, o))
        assert check_moves(spec, hand, None, rng) == len(own)
        check_moves(spec, hand, random_valid(rng, o), rng)
        for _ in range(3):
            top, _ = rng.choice(own)
            check_moves(spec, hand, top, rng)


@pytest.mark.parametrize("spec", CLASSIC_VARIANTS[:3] + FOUR_VARIANTS[:2])
def test_moves_quad_hands(spec: str) -> None:
    """Hands with two or three quads and spare pairs and singles, following every
    kicker structure: four_with_two (paired or not), four_with_two_pairs,
    four_with_pair, bombs."""
    rng = random.Random(f"moves-quads-{spec}")
    o = opts_of(spec)
    for _ in range(8):
        ranks = rng.sample(range(13), 7)
        c = [0] * 15
        for r in ranks[: rng.choice([2, 3])]:
            c[r] = 4
        for r in ranks[3:5]:
            c[r] = 2
        for r in ranks[5:]:
            c[r] = 1
        if rng.random() < 0.5:
            c[rng.choice([BJ, RJ])] = 1
        hand = tuple(c)
        q = rng.randint(0, 12)
        a, b = rng.sample([r for r in range(13) if r != q], 2)
        tops = [
            [(q, 4), (a, 2)],
            [(q, 4), (a, 1), (b, 1)],
            [(q, 4), (a, 2), (b, 2)],
            [(q, 4)],
            [(q, 4 + o.four)],
        ]
        for top in tops:
            t = [0] * 15
            for r, k in top:
                t[r] += k
            if readings(tuple(t), o):
                check_moves(spec, hand, tuple(t), rng)


FULL_HANDS = [("classic", 17, 1), ("classic", 20, 2), ("classic:four_with_two_match=true", 20, 3)]


@pytest.mark.parametrize(
    "spec, size, seed", FULL_HANDS, ids=[f"{s}-{n}-{k}" for s, n, k in FULL_HANDS]
)
def test_moves_full_hands(spec: str, size: int, seed: int) -> None:
    rng = random.Random(f"full-{spec}-{size}-{seed}")
    o = opts_of(spec)
    hand = random_hand(rng, o, size)
    assert check_moves(spec, hand, None, rng) > size
    for _ in range(2):
        check_moves(spec, hand, random_valid(rng, o), rng)


@pytest.mark.parametrize(
    "seed", [0, pytest.param(1, marks=pytest.mark.slow), pytest.param(2, marks=pytest.mark.slow)]
)
def test_moves_full_four_player_hands(seed: int) -> None:
    """25-card four_player hands (the brute force visits 10^5..10^6 sub-multisets)."""
    rng = random.Random(f"full-four-{seed}")
    o = opts_of("four_player")
    hand = random_hand(rng, o, 25)
    check_moves("four_player", hand, None, rng)
    check_moves("four_player", hand, random_valid(rng, o), rng)
