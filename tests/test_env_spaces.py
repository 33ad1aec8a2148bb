"""The fixed action spaces of :mod:`chupai.env.spaces`: every action a deal can
offer has an id that maps back to it, under every preset and the options that add
actions; masks count the legal actions; unsupported options and foreign actions
fail with a :class:`ChupaiError` naming them."""

from __future__ import annotations

import random
import subprocess
import sys
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from chupai.actions import PASS
from chupai.biga import game as biga_game
from chupai.biga.cards import DECK as BIGA_DECK
from chupai.biga.cards import NFACES, UNIT, unpack
from chupai.biga.movegen import hand_combos as biga_hand_combos
from chupai.bigtwo import game as bigtwo_game
from chupai.bigtwo.movegen import hand_combos as bigtwo_hand_combos
from chupai.doudizhu import game as ddz_game
from chupai.doudizhu.combos import UNIT as DDZ_UNIT
from chupai.doudizhu.combos import deck_cards, unpack as ddz_unpack
from chupai.doudizhu.movegen import hand_combos as ddz_hand_combos
from chupai.env.spaces import COMBINATION_OPTIONS, ActionSpace
from chupai.errors import ChupaiError, RulesError, UnsupportedOptionError
from chupai.games import resolve_rules

NEW_DEAL: dict[str, Callable[..., Any]] = {
    "bigtwo": bigtwo_game.new_deal,
    "doudizhu": ddz_game.new_deal,
    "biga": biga_game.new_deal,
}

PRESETS: list[tuple[str, str]] = [
    ("bigtwo", "standard"),
    ("bigtwo", "hongkong"),
    ("bigtwo", "taiwan"),
    ("bigtwo", "mainland"),
    ("doudizhu", "classic"),
    ("doudizhu", "four_player"),
    ("biga", "standard"),
]

SIZES: dict[tuple[str, str], int] = {
    ("bigtwo", "standard"): 19_905,
    ("bigtwo", "hongkong"): 19_905,
    ("bigtwo", "taiwan"): 19_853,
    ("bigtwo", "mainland"): 19_905,
    ("doudizhu", "classic"): 27_864,
    ("doudizhu", "four_player"): 7_938,
    ("biga", "standard"): 647,
}
"""The sizes documented in the module docstring of :mod:`chupai.env.spaces`."""

VARIANTS: list[tuple[str, str, dict[str, str]]] = [
    # Big Two options that add decisions or change the plays
    ("bigtwo", "standard", {"players": "3", "leftover_rule": "malaysian"}),
    ("bigtwo", "taiwan", {"players": "3"}),  # taiwan_exposed: take / leave
    (
        "bigtwo",
        "standard",
        {"redeal_max_points": "12", "redeal_two_faces": "true", "redeal_four_twos": "true"},
    ),
    ("bigtwo", "hongkong", {"last_card_call": "true", "ding_da": "enforce"}),
    (
        "bigtwo",
        "standard",
        {
            "four_card_play": "quad",
            "allow_two_pair_kicker": "true",
            "straight_order": "poker_a2345_second",
        },
    ),
    (
        "bigtwo",
        "standard",
        {
            "four_card_play": "two_pair",
            "flush_compare": "suit_first",
            "straight_order": "jqka2_high",
            "players": "2",
        },
    ),
    ("bigtwo", "taiwan", {"allow_flush": "false", "suit_order": "SHCD"}),
    # Dou Dizhu options that change the plays or the decisions
    (
        "doudizhu",
        "classic",
        {
            "four_with_two_match": "true",
            "four_with_two_kickers": "no_pair",
            "airplane_max_trios": "2",
            "bidding": "until_all_pass",
        },
    ),
    ("doudizhu", "classic", {"robbing": "false", "ming_pai": "always"}),
    ("doudizhu", "four_player", {"allow_four_with_pair": "true", "airplane_max_trios": "12"}),
    # Big A options that change the plays or the captures
    ("biga", "standard", {"big_ace_in_sets": "true", "rank_order": "ace_high"}),
    ("biga", "standard", {"fours_capture": "false", "sequence_order": "chain_four_to_three"}),
]


def _space(
    game: str, preset: str, overrides: dict[str, str] | None = None
) -> tuple[Any, ActionSpace]:
    rules = resolve_rules(game, preset, overrides or {})
    return rules, ActionSpace.for_rules(game, rules)


def _label(space: ActionSpace, i: int) -> str:
    return next(label for label, first, stop in space.layout() if first <= i < stop)


def _play_deals(
    game: str, rules: Any, space: ActionSpace, seeds: range, texts: bool = True
) -> set[str]:
    """Play random legal actions to the end of each deal, checking the space at
    every step; returns the labels of the legal actions seen."""
    seen: set[str] = set()
    for seed in seeds:
        rng = random.Random(seed)
        deal = NEW_DEAL[game](rules, seed)
        while not deal.is_terminal():
            legal = deal.legal_actions()
            ids = [space.index(a) for a in legal]
            distinct = set(legal)
            assert len(set(ids)) == len(distinct), "two legal actions share an id"
            for a, i in zip(legal, ids):
                assert space.action(i) == a
            mask = space.mask(legal)
            assert mask.dtype == np.int8 and mask.shape == (space.n,)
            assert int(mask.sum()) == len(distinct)
            assert mask[ids].all()
            assert space.indices(legal).tolist() == ids
            if texts:
                for a, i in zip(legal, ids):
                    text = space.describe(i)
                    if isinstance(a, biga_game.Capture):
                        assert text.startswith(deal.action_text(a) + " (takes ")
                    else:
                        assert text == deal.action_text(a)
            seen.update(_label(space, i) for i in set(ids))
            deal.apply_unchecked(legal[rng.randrange(len(legal))])
    return seen


# ----- layout -------------------------------------------------------------------------


@pytest.mark.parametrize("game, preset", PRESETS)
def test_layout_of_each_preset(game: str, preset: str) -> None:
    rules, space = _space(game, preset)
    assert space.n == len(space) == len(space.actions) == SIZES[game, preset]
    assert space.action(0) == PASS and space.index(PASS) == 0
    layout = space.layout()
    assert layout[0] == ("pass", 0, 1)
    assert [first for _, first, _ in layout[1:]] == [stop for _, _, stop in layout[:-1]]
    assert layout[-1][2] == space.n
    assert sum(space.kinds().values()) == space.n
    # every id has its own text
    texts = [space.describe(i) for i in range(space.n)]
    assert len(set(texts)) == space.n
    # the plays come in the canonical order: kind, key, cards
    plays = [a for a in space.actions if type(a).__name__ == "Combo"]
    kinds: list[Any] = list(plays[0].kind.__class__)
    order = [(kinds.index(c[0]), c[2], c[1]) for c in plays]
    assert order == sorted(order)
    first_play = next(i for i, a in enumerate(space.actions) if type(a).__name__ == "Combo")
    assert space.actions[first_play : first_play + len(plays)] == tuple(plays)


def test_non_play_ids() -> None:
    _, b2 = _space("bigtwo", "standard")
    assert [b2.describe(i) for i in range(7)] == [
        "pass",
        "take",
        "leave",
        "swap",
        "decline",
        "keep",
        "redeal",
    ]
    _, dz = _space("doudizhu", "classic")
    assert [dz.describe(i) for i in range(7)] == [
        "pass",
        "bid 1",
        "bid 2",
        "bid 3",
        "rob",
        "no",
        "show",
    ]
    assert dz.index(ddz_game.Bid(2)) == 2 and dz.index(ddz_game.SHOW) == 6
    _, ba = _space("biga", "standard")
    assert [ba.describe(i) for i in range(14)] == [
        "pass",
        "decline",
        "show_second",
        "keep_hidden",
        "reveal_partner",
        "stay_hidden",
        "show AD",
        "show AD AD",
        "show AC",
        "show AC AC",
        "show AH",
        "show AH AH",
        "show AS",
        "show AS AS",
    ]
    assert ba.kinds()["capture"] == 52


def test_full_deck_plays_and_captures() -> None:
    rules, space = _space("biga", "standard")
    for suit in (None, 0, 1, 2, 3):
        for c in biga_hand_combos(BIGA_DECK, rules, suit):
            assert space.index(c) >= 14
    captures = [a for a in space.actions if isinstance(a, biga_game.Capture)]
    assert {c.taken.kind.value for c in captures} == {"egg", "big_egg"}
    assert all(
        c.fours.size == c.taken.size - 1 and c.fours.cards == c.fours.size * UNIT[1]
        for c in captures
    )
    assert space.describe(space.index(captures[0])) == "capture 4 4 (takes 4 4 4)"


# ----- random deals ---------------------------------------------------------------------


@pytest.mark.parametrize("game, preset", PRESETS)
def test_random_deals_of_each_preset(game: str, preset: str) -> None:
    rules, space = _space(game, preset)
    seen = _play_deals(game, rules, space, range(30))
    assert "pass" in seen and "single" in seen
    if game == "doudizhu":
        assert {"bid", "choice"} <= seen
    if game == "biga":
        assert {"declare", "choice"} <= seen


@pytest.mark.parametrize(
    "game, preset, overrides", VARIANTS, ids=[f"{g}-{p}-{','.join(o)}" for g, p, o in VARIANTS]
)
def test_random_deals_of_option_variants(game: str, preset: str, overrides: dict[str, str]) -> None:
    rules, space = _space(game, preset, overrides)
    seen = _play_deals(game, rules, space, range(10), texts=False)
    if (
        "leftover_rule" in overrides
        or overrides.get("players") == "3"
        or "redeal_max_points" in overrides
    ):
        assert "choice" in seen


@pytest.mark.slow
@pytest.mark.parametrize(
    "game, preset, overrides", VARIANTS, ids=[f"{g}-{p}-{','.join(o)}" for g, p, o in VARIANTS]
)
def test_many_random_deals_of_option_variants(
    game: str, preset: str, overrides: dict[str, str]
) -> None:
    rules, space = _space(game, preset, overrides)
    _play_deals(game, rules, space, range(100, 160))


@pytest.mark.slow
@pytest.mark.parametrize("game, preset", PRESETS)
def test_many_random_deals_of_each_preset(game: str, preset: str) -> None:
    rules, space = _space(game, preset)
    _play_deals(game, rules, space, range(1000, 1300), texts=False)


def test_last_card_block() -> None:
    rules, space = _space("bigtwo", "standard", {"last_card_call": "true"})
    _, plain = _space("bigtwo", "standard")
    plays = plain.n - 7
    assert space.n == 7 + 2 * plays
    assert space.layout()[-1] == ("last_card", 7 + plays, space.n)
    combo = plain.action(100)
    assert space.index(bigtwo_game.LastCard(combo)) == 7 + plays + 93
    assert space.describe(space.index(bigtwo_game.LastCard(combo))) == plain.describe(100) + " last"
    # a deal that reaches a 'last card' decision
    found = False
    for seed in range(40):
        deal = bigtwo_game.new_deal(rules, seed)
        rng = random.Random(seed)
        while not deal.is_terminal() and not found:
            legal = deal.legal_actions()
            found = any(isinstance(a, bigtwo_game.LastCard) for a in legal)
            assert int(space.mask(legal).sum()) == len(set(legal))
            deal.apply_unchecked(rng.choice(legal))
        if found:
            break
    assert found


# ----- hands ---------------------------------------------------------------------------------


@given(
    cards=st.sets(st.integers(0, 51), max_size=18),
    preset=st.sampled_from(["standard", "hongkong", "taiwan", "mainland"]),
)
def test_bigtwo_hand_combos_are_in_the_space(cards: set[int], preset: str) -> None:
    rules, space = _space("bigtwo", preset)
    hand = sum(1 << c for c in cards)
    for c in bigtwo_hand_combos(hand, rules):
        assert space.action(space.index(c)) == c


@given(data=st.data(), preset=st.sampled_from(["classic", "four_player"]))
def test_doudizhu_hand_combos_are_in_the_space(data: st.DataObject, preset: str) -> None:
    rules, space = _space("doudizhu", preset)
    deck = ddz_unpack(deck_cards(rules))
    stock = [r for r, n in enumerate(deck) for _ in range(n)]
    picks = data.draw(
        st.lists(st.sampled_from(range(len(stock))), max_size=rules.hand_size + 8, unique=True)
    )
    hand = sum(DDZ_UNIT[stock[k]] for k in picks)
    for c in ddz_hand_combos(hand, rules):
        assert space.action(space.index(c)) == c


@given(
    data=st.data(),
    suit=st.sampled_from([None, 0, 1, 2, 3]),
    overrides=st.sampled_from([{}, {"big_ace_in_sets": "true"}]),
)
def test_biga_hand_combos_are_in_the_space(
    data: st.DataObject, suit: int | None, overrides: dict[str, str]
) -> None:
    rules, space = _space("biga", "standard", overrides)
    deck = unpack(BIGA_DECK)
    stock = [f for f in range(NFACES) for _ in range(deck[f])]
    picks = data.draw(st.lists(st.sampled_from(range(len(stock))), max_size=30, unique=True))
    hand = sum(UNIT[stock[k]] for k in picks)
    for c in biga_hand_combos(hand, rules, suit):
        assert space.action(space.index(c)) == c


# ----- errors ---------------------------------------------------------------------------------


def test_actions_not_in_the_space_raise_naming_them() -> None:
    _, dz = _space("doudizhu", "classic")
    with pytest.raises(ChupaiError, match=r"Bid\(value=4\).*doudizhu action space"):
        dz.index(ddz_game.Bid(4))
    _, b2 = _space("bigtwo", "standard")
    last = bigtwo_game.LastCard(b2.action(7))
    with pytest.raises(ChupaiError, match="LastCard"):
        b2.index(last)
    assert last not in b2 and b2.action(7) in b2
    with pytest.raises(ChupaiError, match="not in the bigtwo action space"):
        b2.mask([PASS, last])
    with pytest.raises(ChupaiError, match="LastCard"):
        b2.indices([b2.action(8), last])
    with pytest.raises(ChupaiError, match=r"\[1, 2\]"):
        b2.index([1, 2])  # unhashable
    _, ba = _space("biga", "standard")
    with pytest.raises(ChupaiError, match="Choice"):
        ba.index(ddz_game.ROB)
    # a Big Two combo keyed under other rules (top_card flush keys) is another action
    _, hk = _space("bigtwo", "hongkong")
    flush = next(a for a in hk.actions if getattr(a, "kind", None) == "flush")
    with pytest.raises(ChupaiError):
        b2.index(flush)


def test_bad_ids_raise() -> None:
    _, space = _space("biga", "standard")
    for bad in (-1, space.n):
        with pytest.raises(ChupaiError, match="out of range"):
            space.action(bad)
    assert space.action(np.int64(3)) == biga_game.KEEP_HIDDEN


@pytest.mark.parametrize(
    "overrides, key",
    [
        ({"pre_exchange": "true"}, "pre_exchange"),
        ({"series": "class_struggle"}, "series"),
        ({"series": "tribute", "tribute_method": "choose_hands"}, "series"),
    ],
)
def test_unrepresentable_bigtwo_options(overrides: dict[str, str], key: str) -> None:
    rules = resolve_rules("bigtwo", "standard", overrides)
    with pytest.raises(UnsupportedOptionError, match=f"option '{key}'") as info:
        ActionSpace.for_rules("bigtwo", rules)
    assert info.value.key == key


def test_wrong_game_or_rules() -> None:
    with pytest.raises(RulesError):
        ActionSpace.for_rules("chess")
    with pytest.raises(RulesError):
        ActionSpace.for_rules("bigtwo", "classic")
    with pytest.raises(ChupaiError, match="not bigtwo rules"):
        ActionSpace.for_rules("bigtwo", resolve_rules("doudizhu", "classic"))


# ----- caching --------------------------------------------------------------------------------


def test_spaces_are_shared_by_rules_with_the_same_combination_options() -> None:
    std = ActionSpace.for_rules("bigtwo", "standard")
    assert ActionSpace.for_rules("big2") is std
    assert ActionSpace.for_rules("bigtwo", None) is std
    assert (
        ActionSpace.for_rules(
            "bigtwo",
            resolve_rules(
                "bigtwo",
                "standard",
                {
                    "pass_lockout": "true",
                    "scoring": "card_points",
                    "players": "3",
                    "ding_da": "penalty",
                },
            ),
        )
        is std
    )
    assert ActionSpace.for_rules("bigtwo", "mainland") is ActionSpace.for_rules(
        "bigtwo", "hongkong"
    )
    assert ActionSpace.for_rules("bigtwo", "hongkong") is not std
    ddz = ActionSpace.for_rules("doudizhu", "classic")
    assert (
        ActionSpace.for_rules(
            "ddz",
            resolve_rules(
                "doudizhu", "classic", {"bidding": "until_all_pass", "bomb_doubling": "false"}
            ),
        )
        is ddz
    )
    assert dict(ddz.options).keys() == set(COMBINATION_OPTIONS["doudizhu"])
    biga = ActionSpace.for_rules("biga", "standard")
    assert (
        ActionSpace.for_rules(
            "biga",
            resolve_rules(
                "biga", "standard", {"big_ace_suit": "H", "egg_over_joker_single": "true"}
            ),
        )
        is biga
    )


def test_importing_needs_neither_gymnasium_nor_pettingzoo() -> None:
    probe = (
        "import sys; sys.modules['gymnasium'] = None; sys.modules['pettingzoo'] = None\n"
        "import chupai.env\n"
        "from chupai.env import ActionSpace\n"
        "print(ActionSpace.for_rules('biga').n)"
    )
    proc = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "647"
