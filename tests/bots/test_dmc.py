"""The Deep Monte-Carlo bot and ``examples/train_dmc.py``.

A tiny training run (a few seconds: a small network, the warm start and DMC
self-play, one actor process) must write a checkpoint that ``make_bot("dmc:...")``
loads and that plays complete legal deals through ``chupai.tournament`` and the
``chupai simulate`` command; checkpoints round-trip; bad paths and files fail
with a clear :class:`ChupaiError`. Needs PyTorch (``pip install 'chupai[rl]'``):
the tests that use it are skipped without it; the "torch is missing" message is
checked either way. About 20 s in all.
"""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from chupai.bots import make_bot
from chupai.errors import ChupaiError

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "examples" / "train_dmc.py"
HAVE_TORCH = importlib.util.find_spec("torch") is not None
needs_torch = pytest.mark.skipif(
    not HAVE_TORCH, reason="PyTorch is not installed (pip install 'chupai[rl]')"
)


@pytest.fixture(scope="module")
def trained(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Any], str]:
    """A checkpoint from a tiny run of the training script: ``(path, final JSON
    line, stdout)``."""
    out = tmp_path_factory.mktemp("dmc") / "tiny.pt"
    proc = subprocess.run(
        [
            sys.executable,
            str(SCRIPT),
            "--minutes",
            "2",
            "--updates",
            "24",
            "--warm-minutes",
            "0.02",
            "--workers",
            "1",
            "--games",
            "8",
            "--hidden",
            "32,16",
            "--batch",
            "32",
            "--buffer",
            "4000",
            "--eval-deals",
            "2",
            "--log-seconds",
            "1",
            "--seed",
            "3",
            "--out",
            str(out),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=180,
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    summary = json.loads(proc.stdout.strip().splitlines()[-1])
    return out, summary, proc.stdout


@needs_torch
def test_tiny_run_writes_a_checkpoint(trained: tuple[Path, dict[str, Any], str]) -> None:
    from chupai.bots.dmc import FORMAT, load_checkpoint

    path, summary, stdout = trained
    assert path.is_file()
    assert summary["checkpoint"] == str(path)
    assert summary["updates"] == 24 and summary["samples"] > 0
    assert "DMC self-play now" in stdout and "final eval" in stdout
    net, header = load_checkpoint(path)
    assert header["format"] == FORMAT and header["game"] == "doudizhu"
    assert header["spec"] == "doudizhu(preset=classic)"
    assert header["hidden"] == [32, 16] and net.hidden == (32, 16)
    assert header["obs_size"] == 1022 and header["n_actions"] == 27864
    info = header["training"]
    assert info["updates"] == 24
    assert any("demonstrations" in s for s in info["learned_from"])
    assert any("DMC self-play" in s for s in info["learned_from"])
    final = info["evaluations"][-1]
    assert final["final"] and [r["opponent"] for r in final["results"]] == ["random", "greedy"]
    for r in final["results"]:
        assert 0.0 <= r["win_rate"] <= 1.0 and r["seat_deals"] > 0


@needs_torch
def test_checkpoint_plays_through_the_tournament(trained: tuple[Path, dict[str, Any], str]) -> None:
    from chupai.games import resolve_rules
    from chupai.tournament import Tournament, run_tournament, summarize

    path = trained[0]
    name = f"dmc:path={path}"
    t = Tournament(
        "doudizhu", resolve_rules("doudizhu", "classic"), (name, "greedy"), 3, seed=11, verify=True
    )  # verify: every deal's record replays as legal
    run = run_tournament(t)
    assert all(b.error is None for b in run.boards)
    s = summarize(t, run.boards)
    assert s["counted_deals"] > 0
    dmc = s["results"][0]
    assert dmc["bot"] == name and dmc["games"] > 0 and dmc["decisions"] > 0


@needs_torch
def test_checkpoint_plays_through_simulate(trained: tuple[Path, dict[str, Any], str]) -> None:
    path = trained[0]
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "chupai",
            "simulate",
            "doudizhu",
            "--bots",
            f"dmc:path={path},random",
            "--deals",
            "2",
            "--seed",
            "4",
            "--json",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    data = json.loads(proc.stdout)
    assert data["results"][0]["bot"] == f"dmc:path={path}"
    assert data["counted_deals"] > 0


@needs_torch
def test_bot_acts_from_the_observation(trained: tuple[Path, dict[str, Any], str]) -> None:
    from chupai.doudizhu.game import SHOW, Phase, new_deal
    from chupai.doudizhu.rules import PRESETS

    bot = make_bot(f"dmc:path={trained[0]}", 1, game="doudizhu")
    assert bot.name == "dmc"
    for seed in range(4):
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
    values = bot.values(obs, legal)  # type: ignore[attr-defined]
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
    with pytest.raises(ChupaiError, match="unknown bot 'dmc' for bigtwo"):
        make_bot("dmc:path=x.pt", 1, game="bigtwo")


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
