"""Copies, pickles and state strings of the core objects of every game: a deal
pickled, deep-copied, copied or read back from its state string
(:meth:`chupai.protocol.GameSpec.serialize_state`) plays on exactly as the
original (the same legal actions, observations and returns), and playing the copy
leaves the original alone; matches, rules, observations and every bot level
pickle and copy too; a pass is a value, not an identity; a bad state string is a
:class:`~chupai.errors.RecordError` saying what is wrong."""

from __future__ import annotations

import copy
import importlib
import pickle
import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings, strategies as st

from chupai.actions import PASS, Pass
from chupai.bots import bot_names, make_bot
from chupai.deal import Deal
from chupai.errors import ChupaiError, RecordError
from chupai.protocol import GameSpec, deserialize_state, get_game
from chupai.records import STATE_PREFIX, pack_state, state_record

GAMES = ("bigtwo", "doudizhu", "biga", "daguailuzi")

COPIES: dict[str, Callable[[GameSpec, Any], Any]] = {
    "pickle": lambda spec, d: pickle.loads(pickle.dumps(d)),
    "deepcopy": lambda spec, d: copy.deepcopy(d),
    "copy": lambda spec, d: copy.copy(d),
    "state": lambda spec, d: spec.deserialize_state(spec.serialize_state(d)),
}


def _rules(spec: GameSpec, index: int) -> Any:
    presets = spec.presets()
    return presets[sorted(presets)[index % len(presets)]]


def _advance(deal: Any, rng: random.Random, steps: int) -> None:
    for _ in range(steps):
        if deal.is_terminal():
            return
        deal.apply_action(rng.choice(deal.legal_actions()))


def _view(deal: Any) -> tuple[Any, ...]:
    """Everything a player or a learner can ask a deal."""
    seats = range(deal.players)
    return (
        deal.to_act,
        deal.phase,
        deal.legal_actions(),
        [deal.observe(s) for s in seats],
        deal.returns(),
        deal.is_terminal(),
    )


def _play_on_together(original: Any, twins: list[Any], seed: int) -> None:
    """Play ``original`` to its end with random actions, each twin with the same
    actions, checking that every twin answers as the original at every step."""
    rng = random.Random(seed)
    while True:
        view = _view(original)
        for twin in twins:
            assert _view(twin) == view
        if original.is_terminal():
            return
        k = rng.randrange(len(view[2]))
        original.apply_action(view[2][k])
        for twin in twins:
            twin.apply_action(twin.legal_actions()[k])


def _check_copies(game: str, preset: int, seed: int, prefix: int) -> None:
    spec = get_game(game)
    deal = spec.new_deal(_rules(spec, preset), seed)
    _advance(deal, random.Random(seed), prefix)
    twins = [make(spec, deal) for make in COPIES.values()]
    before = _view(deal)
    # playing a copy to its end (with other actions) leaves the original alone
    scratch = copy.deepcopy(deal)
    _advance(scratch, random.Random(seed + 1), 10_000)
    assert _view(deal) == before
    _play_on_together(deal, twins, seed + 2)


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=4)
@given(
    preset=st.integers(0, 9),
    seed=st.integers(0, 2**32),
    prefix=st.integers(0, 30),
)
def test_copies_play_on_as_the_original(game: str, preset: int, seed: int, prefix: int) -> None:
    _check_copies(game, preset, seed, prefix)


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=40)
@given(
    preset=st.integers(0, 9),
    seed=st.integers(0, 2**32),
    prefix=st.integers(0, 200),
)
def test_copies_play_on_as_the_original_more(
    game: str, preset: int, seed: int, prefix: int
) -> None:
    _check_copies(game, preset, seed, prefix)


@pytest.mark.parametrize("game", GAMES)
def test_a_finished_deal_copies(game: str) -> None:
    spec = get_game(game)
    deal = spec.new_deal(spec.resolve(), 11)
    _advance(deal, random.Random(3), 10_000)
    for make in COPIES.values():
        twin = make(spec, deal)
        assert _view(twin) == _view(deal)
        assert twin.outcome == deal.outcome


@pytest.mark.parametrize("game", GAMES)
def test_a_deep_copy_shares_the_tables_and_copies_the_state(game: str) -> None:
    spec = get_game(game)
    deal = spec.new_deal(spec.resolve(), 5)
    twin = copy.deepcopy(deal)
    assert twin.rules is deal.rules
    assert twin.history is not deal.history and twin.hands is not deal.hands
    assert copy.deepcopy([deal, deal])[0] is not deal  # the memo holds the clone
    pair = copy.deepcopy([deal, deal])
    assert pair[0] is pair[1]


@pytest.mark.parametrize("game", GAMES)
def test_a_pickle_leaves_out_the_play_caches(game: str) -> None:
    spec = get_game(game)
    deal = spec.new_deal(spec.resolve(), 8)
    _advance(deal, random.Random(8), 12)
    for s in range(deal.players):
        deal.observe(s)
    deal.legal_actions()
    twin = pickle.loads(pickle.dumps(deal))
    if "_combos" in type(deal)._CACHES:
        assert twin._combos == [None] * deal.players
    else:  # Big A: its kept plays are not in a fresh listing's order, so they travel
        assert twin._combos == deal._combos
    assert twin.legal_actions() == deal.legal_actions()


@pytest.mark.parametrize("game", GAMES)
def test_a_copy_lists_its_actions_in_the_same_order(game: str) -> None:
    """At every step of a few deals, a pickle and a state string: Big A's order of
    plays depends on when a seat's plays were first listed (its cache notes travel
    in the state string)."""
    spec = get_game(game)
    for seed in (0, 7):
        deal = spec.new_deal(spec.resolve(), seed)
        rng = random.Random(seed)
        while not deal.is_terminal():
            legal = deal.legal_actions()
            assert pickle.loads(pickle.dumps(deal)).legal_actions() == legal
            if len(deal.history) % 3 == 0:
                assert spec.deserialize_state(spec.serialize_state(deal)).legal_actions() == legal
            deal.apply_action(rng.choice(legal))


def test_bad_cache_notes_are_a_record_error() -> None:
    spec = get_game("biga")
    deal = spec.new_deal(spec.resolve(), 0)
    _advance(deal, random.Random(0), 30)
    state = spec.state_of(deal)
    assert len(state["cache_notes"]) == deal.players
    for bad in ("x", [0] * deal.players, [None]):
        with pytest.raises(RecordError, match="bad state: cache note"):
            spec.deserialize_state(pack_state({**state, "cache_notes": bad}))


@pytest.mark.parametrize("game", ("bigtwo", "doudizhu", "biga"))
def test_a_compiled_fast_deal_copies_and_refuses_a_pickle(game: str) -> None:
    """The compiled engine's deal (a playout's scratch state) copies as its clone;
    a pickle is refused with a message saying what to pickle instead."""
    playout = importlib.import_module(f"chupai.{game}.playout")
    spec = get_game(game)
    deal = spec.new_deal(spec.resolve(), 3)
    rng = random.Random(1)
    while deal.phase != "play":
        deal.apply_action(rng.choice(deal.legal_actions()))
    fast = playout._root(deal)
    if fast is None:
        pytest.skip("the compiled core is not in use")
    twin = copy.deepcopy(fast)
    assert twin is not fast and twin.legal_actions() == fast.legal_actions()
    assert copy.copy(fast).legal_actions() == fast.legal_actions()
    with pytest.raises(TypeError, match="pickle the Python deal instead"):
        pickle.dumps(fast)


class _PlainDeal(Deal[int, Any, Any]):
    """A deal class of another game: no slots, no clone of its own."""

    def __init__(self) -> None:
        self.players = 2
        self.history = [1, 2]


def test_a_deal_class_without_slots_or_clone_copies() -> None:
    deal = _PlainDeal()
    for twin in (copy.deepcopy(deal), copy.copy(deal), pickle.loads(pickle.dumps(deal))):
        assert twin.history == [1, 2] and twin.players == 2
        twin.history.append(3)
        assert deal.history == [1, 2]


# ----- a pass is a value -------------------------------------------------------------


def test_pass_copies_and_pickles_as_itself() -> None:
    assert copy.copy(PASS) is PASS and copy.deepcopy(PASS) is PASS
    assert pickle.loads(pickle.dumps(PASS)) is PASS
    assert Pass() == PASS and hash(Pass()) == hash(PASS)


@pytest.mark.parametrize("game", GAMES)
def test_any_pass_instance_passes(game: str) -> None:
    """The engines compare a pass by value: a pass made elsewhere (another
    process, a copy, a user) is the same action."""
    spec = get_game(game)
    for seed in range(40):
        deal = spec.new_deal(spec.resolve(), seed)
        rng = random.Random(seed)
        for _ in range(200):
            if deal.is_terminal():
                break
            legal = deal.legal_actions()
            if any(a == PASS for a in legal) and deal.phase == "play":
                twin = deal.clone()
                deal.apply_action(PASS)
                twin.apply_action(Pass())  # another instance
                assert _view(twin) == _view(deal)
                return
            deal.apply_action(rng.choice(legal))
    pytest.fail(f"no pass in play found in {game}")


# ----- matches, rules, observations and bots ------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_a_match_copies_and_plays_on_alike(game: str) -> None:
    spec = get_game(game)
    match = spec.new_match(spec.resolve(), 4, deals=3)
    rng = random.Random(4)
    deal = match.next_deal()
    _advance(deal, rng, 15)
    twins = [pickle.loads(pickle.dumps(match)), copy.deepcopy(match)]
    for m in [match, *twins]:
        rng = random.Random(9)
        m.play_out(lambda d, rng=rng: rng.choice(d.legal_actions()))
    assert match.is_over()
    for twin in twins:
        assert twin.to_record() == match.to_record()


@pytest.mark.parametrize("game", GAMES)
def test_rules_observations_and_specs_copy(game: str) -> None:
    spec = get_game(game)
    rules = spec.resolve()
    deal = spec.new_deal(rules, 2)
    obs = deal.observe(0)
    for value in (rules, obs, spec, deal.legal_actions()):
        assert pickle.loads(pickle.dumps(value)) == value
        assert copy.deepcopy(value) == value
    assert pickle.loads(pickle.dumps(spec)) is spec


def _bot_cases() -> list[tuple[str, str]]:
    cases = []
    for game in GAMES:
        for name in bot_names(game):
            if name != "dmc":  # needs a checkpoint: tests/bots/test_dmc.py
                small = name in ("search", "expert")  # the searches on a small budget
                cases.append((game, f"{name}:playouts=8,determinizations=2" if small else name))
    return cases


@pytest.mark.parametrize(("game", "name"), _bot_cases())
def test_every_bot_copies_and_plays_as_the_original(game: str, name: str) -> None:
    spec = get_game(game)
    deal = spec.new_deal(spec.resolve(), 6)
    # RLCard's agent loads its tables at its first play (seconds): kept to the bidding
    _advance(deal, random.Random(6), 0 if name == "rlcard" else 6)
    bot = make_bot(name, 3, game=game)
    seat = deal.to_act
    bot.act(deal.observe(seat), deal.legal_actions())  # some state used
    twins = [pickle.loads(pickle.dumps(bot)), copy.deepcopy(bot)]
    for _ in range(2):
        want = bot.act(deal.observe(seat), deal.legal_actions())
        for twin in twins:
            assert twin.act(deal.observe(seat), deal.legal_actions()) == want


# ----- state strings -------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_a_state_string_is_one_printable_line_naming_its_game(game: str) -> None:
    spec = get_game(game)
    deal = spec.new_deal(spec.resolve(), 12)
    _advance(deal, random.Random(1), 20)
    text = spec.serialize_state(deal)
    assert text.startswith(STATE_PREFIX) and text.isprintable() and text.isascii()
    assert len(text) < 2000
    assert state_record(text)["game"] == game
    assert _view(deserialize_state(text)) == _view(deal)


def test_bad_state_strings_say_what_is_wrong() -> None:
    spec = get_game("doudizhu")
    deal = spec.new_deal(spec.resolve(), 1)
    _advance(deal, random.Random(1), 5)
    text = spec.serialize_state(deal)
    with pytest.raises(RecordError, match="must be a string"):
        spec.deserialize_state(None)  # type: ignore[arg-type]
    with pytest.raises(RecordError, match="expected 'chupai-state/1:' at the start"):
        spec.deserialize_state("doudizhu " + text)
    with pytest.raises(RecordError, match="damaged state string"):
        spec.deserialize_state(text[:-10])
    with pytest.raises(RecordError, match="damaged state string"):
        spec.deserialize_state(STATE_PREFIX + "!!!")
    with pytest.raises(RecordError, match="is not bigtwo"):
        get_game("bigtwo").deserialize_state(text)
    with pytest.raises(ChupaiError, match="unknown game 'chess'"):
        deserialize_state(pack_state({"game": "chess"}))
    rec = state_record(text)
    rec["actions"][-1]["action"] = "bid 9"
    with pytest.raises(RecordError, match=r"action 5 .*bid 9"):
        spec.deserialize_state(pack_state(rec))
    rec = state_record(text)
    del rec["hands"]
    with pytest.raises(RecordError, match="'hands'"):
        spec.deserialize_state(pack_state(rec))
