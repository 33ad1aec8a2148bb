"""``chupai train dmc``: a tiny run per game writes a checkpoint that plays as
``dmc:path=FILE``; ``--resume`` continues the counters, the weights and the
optimizer; scalars go to CSV and JSON lines; every option has its help; bad
options and a missing torch fail with a clear message.

Each run is a few updates of a tiny network in this process (``--workers 0``);
about 10 s in all. Needs PyTorch (skipped without it, except the message test).
"""

from __future__ import annotations

import csv
import json
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from chupai.cli.main import build_parser, main
from chupai.errors import ChupaiError
from chupai.protocol import get_game

torch = pytest.importorskip("torch")

TINY = [
    "--workers", "0", "--games", "4", "--hidden", "16", "--batch", "16",
    "--buffer", "500", "--alternatives", "3", "--log-seconds", "0", "--no-progress",
    "--reuse", "0.25",
]  # fmt: skip


def _train(game: str, out: Path, *more: str, capsys: Any) -> dict[str, Any]:
    code = main(["train", "dmc", game, *TINY, "--out", str(out), *more])
    text = capsys.readouterr().out
    assert code == 0, text[-2000:]
    summary: dict[str, Any] = json.loads(text.strip().splitlines()[-1])
    return summary


def _play_one_deal(bot_name: str, game: str, seed: int) -> int:
    """Every seat played by ``bot_name``; returns the number of decisions."""
    from chupai.bots import make_bot

    spec = get_game(game)
    bot = make_bot(bot_name, seed, game=game)
    deal = spec.new_deal(spec.resolve(), seed)
    steps = 0
    while not deal.is_terminal():
        legal = deal.legal_actions()
        action = bot.act(deal.observe(deal.current_player), legal)
        assert action in legal
        deal.apply_action(action)
        steps += 1
    return steps


@pytest.mark.parametrize("game", ["bigtwo", "doudizhu", "biga", "daguailuzi"])
def test_tiny_run_every_game(game: str, tmp_path: Path, capsys: Any) -> None:
    from chupai.train.checkpoint import FORMAT, VERSION, load_checkpoint
    from chupai.train.features import FEATURES

    out = tmp_path / "net.pt"
    summary = _train(
        game, out, "--updates", "4", "--warm-updates", "2", "--eval-deals", "0", capsys=capsys
    )
    assert summary["updates"] == 4 and summary["samples"] > 0 and summary["game"] == game
    ck = load_checkpoint(out)
    h = ck.header
    assert (h["format"], h["version"], h["game"], h["features"]) == (
        FORMAT,
        VERSION,
        game,
        FEATURES,
    )
    assert h["hidden"] == [16] and h["spec"] == get_game(game).resolve().spec()
    learned = " ".join(h["training"]["learned_from"])
    assert "demonstrations" in learned and "DMC self-play" in learned
    assert ck.resume is not None and ck.resume["updates"] == 4
    assert _play_one_deal(f"dmc:path={out}", game, 5) > 0


def test_evaluation_and_scalars(tmp_path: Path, capsys: Any) -> None:
    out, logs = tmp_path / "ddz.pt", tmp_path / "logs"
    summary = _train(
        "doudizhu", out, "--updates", "3", "--warm-updates", "1", "--eval-deals", "1",
        "--eval-opponents", "random", "--log-dir", str(logs), capsys=capsys,
    )  # fmt: skip
    final = summary["evaluations"][-1]
    assert final["final"] and final["results"][0]["opponent"] == "random"
    assert final["results"][0]["seat_deals"] > 0
    records = [json.loads(line) for line in (logs / "scalars.jsonl").read_text().splitlines()]
    with open(logs / "scalars.csv", newline="") as f:
        rows = list(csv.DictReader(f))
    assert len(rows) == len(records) > 0
    assert [(r["tag"], int(r["step"])) for r in rows] == [(r["tag"], r["step"]) for r in records]
    tags = {r["tag"] for r in records}
    assert {"train/loss", "train/return", "perf/steps_per_s", "eval/random/win_rate"} <= tags
    assert max(r["step"] for r in records) == 3
    assert all(np.isfinite(r["value"]) for r in records)


def test_resume_continues_the_run(tmp_path: Path, capsys: Any) -> None:
    from chupai.train.checkpoint import load_checkpoint
    from chupai.train.cli import check_args
    from chupai.train.dmc import Run

    first, logs = tmp_path / "a.pt", tmp_path / "logs"
    common = ["--warm-updates", "1", "--eval-deals", "0", "--log-dir", str(logs)]
    s1 = _train("doudizhu", first, "--updates", "2", *common, capsys=capsys)
    saved = load_checkpoint(first)
    assert s1["updates"] == 2 and saved.resume is not None
    # the resumed run starts from the saved weights, optimizer, counters and stage
    args = build_parser().parse_args(
        ["train", "dmc", "doudizhu", *TINY, "--resume", str(first), "--updates", "4", *common]
    )
    check_args(args)
    run = Run(args, None)
    assert run.learner.updates == 2 and run.policy == "net"
    for k, v in saved.net.params.items():
        assert torch.equal(run.net.params[k].detach(), v)
    steps = [int(s["step"]) for s in run.learner.opt.state_dict()["state"].values()]
    assert steps and set(steps) == {2}
    # and continues to --updates in all
    second = tmp_path / "b.pt"
    s2 = _train(
        "doudizhu", second, "--resume", str(first), "--updates", "4", *common, capsys=capsys
    )
    assert s2["updates"] == 4 and s2["samples"] > s1["samples"]
    back = load_checkpoint(second)
    assert back.resume is not None and back.resume["counters"]["sessions"] == 1
    state = back.resume["optimizer"]["state"]
    assert {int(s["step"]) for s in state.values()} == {4}
    assert any(
        not torch.equal(back.net.params[k], v) for k, v in saved.net.params.items()
    )  # two more updates moved the weights
    assert "resumed from" in back.header["training"]["learned_from"][0]
    steps_logged = [
        json.loads(x)["step"] for x in (logs / "scalars.jsonl").read_text().splitlines()
    ]
    assert max(steps_logged) == 4 and min(steps_logged) == 1  # one log, appended


def test_every_option_has_help() -> None:
    parser = build_parser()
    sub = next(a for a in parser._actions if a.dest == "command")
    train = sub.choices["train"]  # type: ignore[attr-defined]
    dmc = next(a for a in train._actions if a.dest == "algorithm").choices["dmc"]
    options = [a for a in dmc._actions if a.option_strings and a.dest != "help"]
    assert len(options) > 30
    assert all(a.help and a.help.strip() for a in options), [a.dest for a in options if not a.help]


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--batch", "0"], "--batch must be positive"),
        (["--epsilon", "2"], "--epsilon must be between 0 and 1"),
        (["--workers", "-1"], "--workers must be at least 0"),
        (["--rules", "nosuch"], "nosuch"),
    ],
)
def test_bad_options(extra: list[str], message: str, capsys: Any) -> None:
    assert main(["train", "dmc", "doudizhu", *extra]) == 2
    assert message in capsys.readouterr().err


def test_bad_hidden_and_game(capsys: Any) -> None:
    with pytest.raises(SystemExit):
        main(["train", "dmc", "doudizhu", "--hidden", "12,x"])
    assert "--hidden must be comma-separated integers" in capsys.readouterr().err
    assert main(["train", "dmc", "nosuchgame"]) == 2
    assert "unknown game 'nosuchgame'" in capsys.readouterr().err


def test_resume_checks_the_game_and_the_checkpoint(tmp_path: Path, capsys: Any) -> None:
    out = tmp_path / "b2.pt"
    _train("biga", out, "--updates", "1", "--warm-start", "none", "--eval-deals", "0",
           capsys=capsys)  # fmt: skip
    assert main(["train", "dmc", "doudizhu", *TINY, "--resume", str(out)]) == 2
    assert "is a checkpoint for biga, not doudizhu" in capsys.readouterr().err
    with pytest.raises(ChupaiError, match="trained for biga, not bigtwo"):
        from chupai.bots import make_bot

        make_bot(f"dmc:path={out}", 1, game="bigtwo")
    missing = tmp_path / "none.pt"
    assert main(["train", "dmc", "biga", "--resume", str(missing)]) == 2
    assert "dmc checkpoint not found" in capsys.readouterr().err


def test_missing_torch_says_which_extra(monkeypatch: pytest.MonkeyPatch, capsys: Any) -> None:
    monkeypatch.setitem(sys.modules, "torch", None)  # import torch now fails
    assert main(["train", "dmc", "doudizhu"]) == 2
    assert "pip install 'chupai[rl]'" in capsys.readouterr().err


def test_the_python_examples_of_the_docs(
    tmp_path: Path, capsys: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    import re

    text = (Path(__file__).resolve().parents[2] / "docs" / "training.md").read_text()
    blocks = re.findall(r"```python\n(.*?)```", text, re.S)
    assert len(blocks) == 2
    monkeypatch.chdir(tmp_path)
    _train("doudizhu", Path("ddz.pt"), "--updates", "2", "--warm-updates", "1",
           "--eval-deals", "0", "--log-dir", "runs/ddz", capsys=capsys)  # fmt: skip
    for code in blocks:
        exec(compile(code, "docs/training.md", "exec"), {})
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("doudizhu(preset=classic) 2 ") and out[1].startswith("[(1, ")


def test_progress_bar_on_a_terminal(
    tmp_path: Path, capsys: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    code = main(["train", "dmc", "doudizhu", *TINY, "--progress", "--updates", "2",
                 "--warm-updates", "1", "--eval-deals", "0", "--out", str(tmp_path / "p.pt")])  # fmt: skip
    captured = capsys.readouterr()
    assert code == 0
    assert "warm start over" in captured.err  # the lines go above the bar, on stderr
    assert json.loads(captured.out.strip().splitlines()[-1])["updates"] == 2


@pytest.mark.parametrize("game", ["biga"])
def test_exact_resume_2_plus_2_equals_4(game: str, tmp_path: Path, capsys: Any) -> None:
    from chupai.train.checkpoint import load_checkpoint, state_path

    common = ["--warm-updates", "2", "--eval-deals", "0", "--exact-resume"]
    four = tmp_path / "four.pt"
    _train(game, four, "--updates", "4", *common, capsys=capsys)
    two = tmp_path / "two.pt"
    _train(game, two, "--updates", "2", *common, capsys=capsys)
    assert state_path(two).is_file()
    again = tmp_path / "again.pt"
    s = _train(game, again, "--resume", str(two), "--updates", "4", *common, capsys=capsys)
    a, b = load_checkpoint(four), load_checkpoint(again)
    assert s["updates"] == 4
    for k, v in a.net.params.items():
        assert torch.equal(v, b.net.params[k]), k
    assert a.resume is not None and b.resume is not None
    assert a.resume["counters"]["samples"] == b.resume["counters"]["samples"]
    assert a.resume["counters"]["episodes"] == b.resume["counters"]["episodes"]
    # without the state file, the resumed run only continues (new deals, new buffer)
    bare = tmp_path / "bare.pt"
    bare.write_bytes(two.read_bytes())
    other = tmp_path / "other.pt"
    _train(game, other, "--resume", str(bare), "--updates", "4", *common, capsys=capsys)
    c = load_checkpoint(other)
    assert any(not torch.equal(v, c.net.params[k]) for k, v in a.net.params.items())


def test_exact_resume_says_when_the_deals_do_not_pickle(
    tmp_path: Path, capsys: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    import pickle

    from chupai.train.actor import Actor

    def refuse(self: Any) -> Any:
        raise pickle.PicklingError("a compiled runner")

    monkeypatch.setattr(Actor, "__reduce_ex__", refuse, raising=False)
    s = _train("biga", tmp_path / "x.pt", "--updates", "1", "--warm-start", "none",
               "--eval-deals", "0", "--exact-resume", capsys=capsys)  # fmt: skip
    assert s["exact_resume"] is False and not (tmp_path / "x.pt.state").exists()


def test_the_example_script_is_chupai_train_dmc_doudizhu() -> None:
    import subprocess

    root = Path(__file__).resolve().parents[2]
    proc = subprocess.run(
        [sys.executable, str(root / "examples" / "train_dmc.py"), "--help"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 0 and proc.stdout.startswith("usage: chupai train dmc")
