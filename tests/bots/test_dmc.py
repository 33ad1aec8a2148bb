"""Dou Dizhu's first Deep Monte-Carlo bot (:mod:`chupai.bots.games.doudizhu.dmc`).

Its checkpoints (version 1, features ``doudizhu-v1``) still load through
``make_bot("dmc:path=FILE", game="doudizhu")`` (the ``dmc`` level of every game,
:mod:`chupai.train.agent`, hands them to this bot) and play complete legal deals
through ``chupai.tournament`` and ``chupai simulate``; checkpoints round-trip;
bad paths and files fail with a clear :class:`ChupaiError`. The trainer is
``chupai train dmc`` now (``tests/train``). Needs PyTorch (``pip install
'chupai[rl]'``): the tests that use it are skipped without it; the "torch is
missing" message is checked either way.
"""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from typing import Any

import pytest

from chupai.bots import make_bot
from chupai.errors import ChupaiError

HAVE_TORCH = importlib.util.find_spec("torch") is not None
needs_torch = pytest.mark.skipif(
    not HAVE_TORCH, reason="PyTorch is not installed (pip install 'chupai[rl]')"
)


@pytest.fixture(scope="module")
def legacy(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A checkpoint of the first Dou Dizhu DMC trainer (version 1, features
    ``doudizhu-v1``): a tiny untrained network (its trainer is now ``chupai
    train dmc``, whose checkpoints are tested in ``tests/train``)."""
    pytest.importorskip("torch")
    from chupai.bots.dmc import ActionTables, QNetwork, make_header, save_checkpoint
    from chupai.doudizhu.rules import PRESETS

    rules = PRESETS["classic"]
    tables = ActionTables.for_rules(rules)
    net = QNetwork(tables, tables.encoder.size, (16, 8), seed=3)
    out = tmp_path_factory.mktemp("dmc") / "legacy.pt"
    save_checkpoint(out, net, make_header(net, rules, {"note": "legacy"}))
    return out


@needs_torch
def test_legacy_checkpoint_plays_through_the_tournament(legacy: Path) -> None:
    from chupai.games import resolve_rules
    from chupai.tournament import Tournament, run_tournament, summarize

    name = f"dmc:path={legacy}"
    t = Tournament(
        "doudizhu", resolve_rules("doudizhu", "classic"), (name, "greedy"), 2, seed=11, verify=True
    )  # verify: every deal's record replays as legal
    run = run_tournament(t)
    assert all(b.error is None for b in run.boards)
    s = summarize(t, run.boards)
    assert s["counted_deals"] > 0
    dmc = s["results"][0]
    assert dmc["bot"] == name and dmc["games"] > 0 and dmc["decisions"] > 0


@needs_torch
def test_legacy_checkpoint_plays_through_simulate(legacy: Path, capsys: Any) -> None:
    from chupai.cli.main import main

    bots = f"dmc:path={legacy},random"
    args = ["simulate", "doudizhu", "--bots", bots, "--deals", "1", "--seed", "4", "--json"]
    assert main(args) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["results"][0]["bot"] == f"dmc:path={legacy}"
    assert data["counted_deals"] > 0


@needs_torch
def test_legacy_bot_acts_from_the_observation(legacy: Path) -> None:
    from chupai.bots.games.doudizhu.dmc import DMCBot
    from chupai.doudizhu.game import SHOW, Phase, new_deal
    from chupai.doudizhu.rules import PRESETS

    bot = make_bot(f"dmc:path={legacy}", 1, game="doudizhu")
    assert isinstance(bot, DMCBot) and bot.name == "dmc"
    for seed in range(2):
        deal = new_deal(PRESETS["classic"], seed)
        phases = set()
        while not deal.is_terminal():
            seat = deal.current_player
            legal = deal.legal_actions()
            a = bot.act(deal.observe(seat), legal)
            assert a in legal and a != SHOW
            phases.add(deal.phase)
            deal.apply_action(a)
        assert Phase.BID in phases  # the bidding is the heuristic bot's
    # the same observation gives the same action
    deal = new_deal(PRESETS["classic"], 0)
    while deal.phase is not Phase.PLAY:
        deal.apply_action(bot.act(deal.observe(deal.current_player), deal.legal_actions()))
    obs, legal = deal.observe(deal.current_player), deal.legal_actions()
    assert bot.act(obs, legal) == bot.act(obs, legal)
    values = bot.values(obs, legal)
    assert len(values) == len([a for a in legal if a != SHOW]) > 1


@needs_torch
def test_checkpoint_round_trip(tmp_path: Path) -> None:
    import torch

    from chupai.bots.dmc import (
        ActionTables,
        QNetwork,
        load_checkpoint,
        make_header,
        save_checkpoint,
    )
    from chupai.doudizhu.rules import PRESETS

    rules = PRESETS["classic"]
    tables = ActionTables.for_rules(rules)
    net = QNetwork(tables, tables.encoder.size, (16, 8), seed=5)
    path = tmp_path / "sub" / "net.pt"
    header = make_header(net, rules, {"note": "round trip", "n": 3})
    save_checkpoint(path, net, header)
    assert [p.name for p in path.parent.iterdir()] == ["net.pt"]  # no temporary left
    back, h2 = load_checkpoint(path)
    assert h2 == header
    for k, v in net.params.items():
        assert torch.equal(v.detach(), back.params[k])
    x = torch.zeros(2, tables.encoder.size)
    ids = torch.tensor([0, 7, 8])
    seg = torch.tensor([0, 1, 1])
    with torch.no_grad():
        assert torch.allclose(net.q(x, ids, seg), back.q(x, ids, seg))
    # the numpy features agree with the network's
    import numpy as np

    from chupai.doudizhu.combos import unpack
    from chupai.doudizhu.game import new_deal

    deal = new_deal(rules, 2)
    obs = deal.observe(0)
    plays = np.array([i for i in range(7, 400) if tables.counts[i].sum() <= 2], np.int64)[:20]
    enc = torch.from_numpy(tables.encoder.encode(obs))[None]
    hand = np.tile(np.array(unpack(obs.hand), np.float32), (len(plays), 1))
    got = net.features(enc, torch.from_numpy(plays), torch.zeros(len(plays), dtype=torch.long))
    assert np.array_equal(got.numpy(), tables.features(hand, plays))


@needs_torch
def test_bad_checkpoints(tmp_path: Path) -> None:
    with pytest.raises(ChupaiError, match="not found"):
        make_bot(f"dmc:path={tmp_path / 'missing.pt'}", 1, game="doudizhu")
    junk = tmp_path / "junk.pt"
    junk.write_bytes(b"this is not a checkpoint")
    with pytest.raises(ChupaiError, match="not a readable dmc checkpoint"):
        make_bot(f"dmc:path={junk}", 1, game="doudizhu")
    import torch

    other = tmp_path / "other.pt"
    torch.save({"header": {"format": "something-else"}, "params": {}}, other)
    with pytest.raises(ChupaiError, match="not a dmc checkpoint"):
        make_bot(f"dmc:path={other}", 1, game="doudizhu")
    torch.save(
        {
            "header": {
                "format": "chupai-dmc",
                "version": 1,
                "game": "doudizhu",
                "features": "doudizhu-v1",
            },
            "params": {},
        },
        other,
    )
    with pytest.raises(ChupaiError, match="bad dmc checkpoint"):
        make_bot(f"dmc:path={other}", 1, game="doudizhu")


def test_bad_bot_specs() -> None:
    with pytest.raises(ChupaiError, match="needs a checkpoint"):
        make_bot("dmc", 1, game="doudizhu")
    with pytest.raises(ChupaiError, match="unknown parameter 'file'"):
        make_bot("dmc:file=x.pt", 1, game="doudizhu")
    with pytest.raises(ChupaiError, match="dmc checkpoint not found"):
        make_bot("dmc:path=x.pt", 1, game="bigtwo")  # dmc is every game's


def test_missing_numpy_names_the_rl_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without numpy the dmc module cannot even be imported: the error names the
    extra that brings numpy and PyTorch, not only the missing module."""
    monkeypatch.setitem(sys.modules, "numpy", None)  # import numpy now fails
    monkeypatch.delitem(sys.modules, "chupai.bots.games.doudizhu.dmc", raising=False)
    with pytest.raises(ChupaiError, match=r"numpy is missing; .*pip install 'chupai\[rl\]'"):
        make_bot("dmc", game="doudizhu")


def test_missing_torch_message(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setitem(sys.modules, "torch", None)  # import torch now fails
    with pytest.raises(ChupaiError, match=r"pip install 'chupai\[rl\]'"):
        make_bot(f"dmc:path={tmp_path / 'x.pt'}", 1, game="doudizhu")


@needs_torch
def test_the_bot_pickles_and_copies(tmp_path: Path) -> None:
    """A DMC bot (a process pool, Ray, an environment's copy) pickles with its
    network's weights and plays as the original; its tables are shared."""
    import copy
    import pickle
    import random

    from chupai.bots import make_bot
    from chupai.bots.dmc import ActionTables, QNetwork, make_header, save_checkpoint
    from chupai.doudizhu.game import new_deal
    from chupai.doudizhu.rules import PRESETS

    rules = PRESETS["classic"]
    tables = ActionTables.for_rules(rules)
    net = QNetwork(tables, tables.encoder.size, (16, 8), seed=6)
    path = tmp_path / "net.pt"
    save_checkpoint(path, net, make_header(net, rules, {}))
    bot = make_bot(f"dmc:path={path}", 1, game="doudizhu")
    deal = new_deal(rules, 4)
    rng = random.Random(4)
    twins = [pickle.loads(pickle.dumps(bot)), copy.deepcopy(bot)]
    assert twins[1].net.tables is bot.net.tables
    assert pickle.loads(pickle.dumps(tables)) is tables
    while not deal.is_terminal():
        obs, legal = deal.observe(deal.to_act), deal.legal_actions()
        want = bot.act(obs, legal)
        assert [t.act(obs, legal) for t in twins] == [want, want]
        deal.apply_action(want if rng.random() < 0.5 else rng.choice(legal))
