"""Own agents (:mod:`chupai.bots.agents`): ``module:attribute`` references, the
public registry (:func:`chupai.bots.register_bot`), agent objects in tournaments
(one process, worker processes, Ray), ``chupai simulate --bots
tests.agents_fixture:Agent,...`` end to end, its report through a pipe, and the
Ray address option."""

from __future__ import annotations

import functools
import importlib.util
import io
import json
import os
import sys
from typing import Any

import pytest
from hypothesis import given, settings, strategies as st

from chupai.bots import (
    PolicyBot,
    bot_names,
    is_module_ref,
    make_bot,
    parse_bot_spec,
    register_bot,
    registered_bots,
    unregister_bot,
)
from chupai.bots.agents import agent_label, build_agent, split_module_ref
from chupai.cli.main import main
from chupai.cli.simulate import local_modules
from chupai.errors import ChupaiError
from chupai.protocol import get_game
from chupai.tournament import Tournament, run_tournament, summarize
from tests import agents_fixture as fx

REF = "tests.agents_fixture"


# ----- module:attribute ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("spec", "ref"),
    [
        ("mypkg.agents:Agent", ("mypkg.agents", "Agent", "")),
        ("agents:make", ("agents", "make", "")),
        ("mypkg.agents:Agent:path=m.pt,depth=3", ("mypkg.agents", "Agent", "path=m.pt,depth=3")),
        ("search:ms=200", None),
        ("search:", None),
        ("heuristic", None),
        ("dmc:path=a:b.pt", None),
    ],
)
def test_module_references_are_told_from_bot_names(
    spec: str, ref: tuple[str, str, str] | None
) -> None:
    assert split_module_ref(spec) == ref
    assert is_module_ref(spec) == (ref is not None)


@settings(max_examples=30)
@given(
    name=st.sampled_from(["random", "greedy", "heuristic", "search", "dmc"]),
    params=st.dictionaries(
        st.text("abcdefghijklmnopqrstuvwxyz_", min_size=1, max_size=6).map(lambda k: "k" + k),
        st.integers(-5, 5000),
        max_size=3,
    ),
)
def test_a_name_with_parameters_is_never_a_module_reference(
    name: str, params: dict[str, int]
) -> None:
    spec = name + (":" + ",".join(f"{k}={v}" for k, v in params.items()) if params else "")
    assert not is_module_ref(spec)
    assert parse_bot_spec(spec) == (name, params)


def test_module_attribute_builds_classes_factories_policies_and_objects() -> None:
    bot = make_bot(f"{REF}:Agent", 5, game="doudizhu")
    assert isinstance(bot, fx.Agent) and (bot.seed, bot.game, bot.pick) == (5, "doudizhu", "first")
    assert make_bot(f"{REF}:Agent:pick=random", 5, game="ddz").pick == "random"
    made = make_bot(f"{REF}:make", 9)
    assert isinstance(made, fx.Agent) and made.seed == 9 and made.pick == "random"
    policy = make_bot(f"{REF}:first", 1)
    assert isinstance(policy, PolicyBot) and policy.act(None, ["a", "b"]) == "a"
    assert make_bot(f"{REF}:INSTANCE", 3) is fx.INSTANCE  # an object is used as it is


@pytest.mark.parametrize(
    ("spec", "needle"),
    [
        (f"{REF}:NOT_AN_AGENT", "42 is not an agent"),
        (f"{REF}:Nobody", "tests.agents_fixture has no Nobody"),
        ("no_such_module_zz.x:Agent", "cannot load bot 'no_such_module_zz.x:Agent'"),
        (f"{REF}:Agent:colour=red", "unknown parameter 'colour' for bot"),
        (f"{REF}:INSTANCE:pick=random", "is an object, which takes no parameters"),
        (f"{REF}:makes_nothing", "made 7, which is no agent"),
        ("search:ms", "bad bot parameter 'ms'"),
    ],
)
def test_bad_module_references_raise_chupai_errors(spec: str, needle: str) -> None:
    with pytest.raises(ChupaiError, match=needle):
        make_bot(spec, 1, game="bigtwo")


# ----- the registry ---------------------------------------------------------------------------


@pytest.mark.usefixtures("clean_registry")
def test_registered_bots_are_bot_names_of_their_games() -> None:
    assert register_bot("Mine", fx.Agent, game="ddz") == "mine"
    register_bot("everywhere", f"{REF}:first")
    assert bot_names("doudizhu")[-2:] == ["mine", "everywhere"]
    assert "mine" not in bot_names("bigtwo") and bot_names("bigtwo")[-1] == "everywhere"
    assert registered_bots() == ["mine", "everywhere"]
    assert isinstance(make_bot("MINE", 2, game="doudizhu"), fx.Agent)
    assert make_bot("everywhere", 2, game="biga").act(None, [3, 4]) == 3
    with pytest.raises(ChupaiError, match="unknown bot 'mine' for bigtwo; bots: .*everywhere"):
        make_bot("mine", 1, game="bigtwo")
    with pytest.raises(ChupaiError, match="already registered for doudizhu"):
        register_bot("mine", fx.first, game="doudizhu")
    register_bot("mine", fx.first, game="doudizhu", replace=True)
    assert isinstance(make_bot("mine", 1, game="doudizhu"), PolicyBot)
    unregister_bot("mine", game="doudizhu")
    assert "mine" not in bot_names("doudizhu")
    with pytest.raises(ChupaiError, match="no bot 'mine' is registered for doudizhu"):
        unregister_bot("mine", game="doudizhu")


@pytest.mark.parametrize(
    ("name", "factory", "game", "needle"),
    [
        ("my bot", fx.Agent, None, "bad bot name 'my bot'"),
        ("a:b", fx.Agent, None, "bad bot name"),
        ("9lives", fx.Agent, None, "bad bot name"),
        ("heuristic", fx.Agent, None, "'heuristic' is a built-in bot"),
        ("rlcard", fx.Agent, "doudizhu", "built-in bot of doudizhu"),
        ("fine", 42, None, "42 is not an agent"),
        ("fine", "not a reference", None, "bad agent reference"),
        ("fine", fx.Agent, "chess", "unknown game 'chess'"),
    ],
)
@pytest.mark.usefixtures("clean_registry")
def test_bad_registrations_are_refused(
    name: str, factory: Any, game: str | None, needle: str
) -> None:
    with pytest.raises(ChupaiError, match=needle):
        register_bot(name, factory, game=game)


# ----- tournaments ------------------------------------------------------------------------------


def _rules(game: str) -> Any:
    return get_game(game).resolve(None)


def test_agent_objects_in_a_tournament_are_labelled_and_seeded_per_seat() -> None:
    first, other = fx.Agent(1), fx.Agent(2)
    t = Tournament("doudizhu", _rules("doudizhu"), (first, "random", other, fx.make, first), 2)
    assert t.labels == ("fixture", "random", "fixture#2", "make", "fixture")
    assert t.names == ["fixture", "random", "fixture#2", "make"]
    assert t.make_bot("fixture", 1) is first
    assert agent_label(functools.partial(fx.Agent, pick="random")) == "fixture"
    assert agent_label(functools.partial(fx.first)) == "first"
    made = t.make_bot("make", 77)
    assert isinstance(made, fx.Agent) and made.seed == 77
    report = summarize(t, run_tournament(t).boards)
    assert [r["bot"] for r in report["results"]] == t.names
    assert json.dumps(report)  # every name is text
    with pytest.raises(ChupaiError, match="42 is not an agent"):
        Tournament("bigtwo", _rules("bigtwo"), (42, "random"), 1)  # type: ignore[arg-type]


@pytest.mark.usefixtures("clean_registry")
def test_objects_and_registered_bots_reach_worker_processes() -> None:
    register_bot("fixture-first", f"{REF}:first", game="bigtwo")
    bots = (fx.Agent, "fixture-first", f"{REF}:make", "random")
    t = Tournament("bigtwo", _rules("bigtwo"), bots, 6, seed=3)
    one = summarize(t, run_tournament(t, workers=1).boards)
    two = summarize(t, run_tournament(t, workers=2).boards)
    assert one == two and one["counted_deals"] == 6 * len(t.seatings)
    unpicklable = Tournament("bigtwo", _rules("bigtwo"), (lambda o, legal: legal[0], "random"), 2)
    assert unpicklable.names == ["<lambda>", "random"]
    with pytest.raises(ChupaiError, match="'<lambda>' cannot be sent to worker processes"):
        run_tournament(unpicklable, workers=2)
    assert run_tournament(unpicklable, workers=1).boards  # one process needs no pickling


def test_an_address_needs_the_ray_backend() -> None:
    t = Tournament("bigtwo", _rules("bigtwo"), ("random",), 1)
    with pytest.raises(ChupaiError, match="--address is the address of a Ray cluster"):
        run_tournament(t, address="127.0.0.1:6379")


@pytest.mark.slow
@pytest.mark.skipif(importlib.util.find_spec("ray") is None, reason="ray is not installed")
def test_ray_ships_agent_objects() -> None:
    lam = lambda o, legal: legal[-1]  # noqa: E731  # cloudpickle sends a lambda by value
    t = Tournament("bigtwo", _rules("bigtwo"), (lam, fx.Agent, "random"), 4, seed=2)
    ray_run = run_tournament(t, backend="ray", workers=2)
    assert summarize(t, ray_run.boards) == summarize(t, run_tournament(t).boards)


class _FakeRay:
    """What the Ray backend asks of ``ray`` before its first task: ``init`` is
    recorded and then fails as a missing cluster does."""

    def __init__(self) -> None:
        self.calls: list[dict[str, Any]] = []

    def is_initialized(self) -> bool:
        return False

    def init(self, **kwargs: Any) -> None:
        self.calls.append(kwargs)
        raise ConnectionError("no cluster there")


@pytest.mark.parametrize(("address", "env"), [("10.0.0.1:6379", None), (None, "ray://h:10001")])
def test_the_ray_backend_joins_the_given_address(
    monkeypatch: pytest.MonkeyPatch, address: str | None, env: str | None
) -> None:
    fake = _FakeRay()
    monkeypatch.setitem(sys.modules, "ray", fake)
    if env is None:
        monkeypatch.delenv("RAY_ADDRESS", raising=False)
    else:
        monkeypatch.setenv("RAY_ADDRESS", env)
    t = Tournament("bigtwo", _rules("bigtwo"), ("random",), 1)
    with pytest.raises(ChupaiError, match=f"cannot join the Ray cluster at '{address or env}'"):
        run_tournament(t, backend="ray", address=address)
    assert fake.calls[0]["address"] == address  # None: Ray reads RAY_ADDRESS itself


# ----- chupai simulate ----------------------------------------------------------------------------


def test_simulate_plays_module_attribute_bots_and_keeps_whole_numbers_in_a_pipe(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = ["simulate", "doudizhu", "--bots", f"{REF}:Agent,heuristic", "--deals", "4"]
    assert main([*args, "--json", "--no-progress"]) == 0
    report = json.loads(capsys.readouterr().out)
    row = next(r for r in report["results"] if r["bot"] == f"{REF}:Agent")
    assert row["games"] == 4 * 6 * 3 // 2  # 4 deals x 6 seatings x 3 seats, half of them
    assert main([*args, "--no-progress"]) == 0  # captured: stdout is no terminal
    text = capsys.readouterr().out
    lo, hi = row["win_ci"]
    assert f"{row['win_rate']:.1%} ({100 * lo:.1f}–{100 * hi:.1f})" in text
    assert "…" not in text and f"{REF}:Agent" in text


def test_simulate_refuses_an_address_without_ray(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--deals", "1", "--address", "auto"]) == 2
    assert "--address is the address of a Ray cluster" in capsys.readouterr().err


def test_local_modules_are_searched_after_installed_ones(monkeypatch: pytest.MonkeyPatch) -> None:
    here = os.getcwd()
    monkeypatch.setattr(sys, "path", [p for p in sys.path if p not in ("", here)])
    local_modules()
    assert sys.path[-1] == here
    local_modules()
    assert sys.path.count(here) == 1


def test_play_seats_module_attribute_bots(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(""))  # the human's input ends at once
    code = main(["play", "bigtwo", "--bots", f"{REF}:Agent,random,{REF}:first", "--seed", "2"])
    assert code in (0, 1), capsys.readouterr().err
    assert main(["play", "bigtwo", "--bots", f"{REF}:Nobody", "--seed", "2"]) == 2
    assert "tests.agents_fixture has no Nobody" in capsys.readouterr().err


def test_a_factory_that_fails_is_a_clear_error_naming_the_bot() -> None:
    """``module:attribute`` naming a callable that is no agent factory (``os:system``
    called with a seed) or a factory that raises: a ChupaiError naming the bot, no
    traceback."""
    from chupai.bots import make_bot

    with pytest.raises(ChupaiError, match=r"bot 'os:system' could not be built: .*TypeError"):
        make_bot("os:system", seed=1, game="doudizhu")

    def broken(seed: int | None) -> Any:
        raise ValueError("no model file")

    with pytest.raises(ChupaiError, match=r"could not be built: ValueError: no model file"):
        build_agent(broken, 1, "doudizhu")
