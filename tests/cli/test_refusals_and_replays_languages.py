"""What a new player met in English on a 中文 or 日本語 screen (found by playing
every game in the terminal): a bad card token (``unknown card token 'zz'``, the
core's card parser), ``paas`` in 大怪路子 (suggested twice), and in ``chupai
replay`` a one-deal match's ``1 deals`` and no word on where the points came from."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from scripted_play import play_args, run_scripted

from chupai.cli.main import main
from chupai.cli.play import run_play
from chupai.i18n import tr, translate
from chupai.protocol import get_game

SCRIPTS = {
    "bigtwo": (3, "zz\npaas\nquit\n"),
    "doudizhu": (3, "pass\nzz\npaas\nquit\n"),  # a bid first, then the play
    "biga": (4, "zz\npaas\nquit\n"),
    "daguailuzi": (2, "zz\npaas\nquit\n"),
}
SUGGESTION = {"zh": "你是想输入 'pass' 吗？", "ja": "'pass' のことですか？"}


@pytest.mark.parametrize("lang", ["zh", "ja"])
@pytest.mark.parametrize("game", sorted(SCRIPTS))
def test_a_bad_card_token_is_refused_in_the_language(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], game: str, lang: str
) -> None:
    seed, script = SCRIPTS[game]
    bots = "heuristic" if game in ("biga", "daguailuzi") else "greedy"
    namespace = play_args(game, seed=seed, bots=bots, lang=lang)
    code, out = run_scripted(monkeypatch, capsys, run_play, namespace, script, columns=200)
    assert code == 0
    refusals = [line for line in out.splitlines() if line.startswith("✗")]
    assert len(refusals) == 2, out
    assert all("unknown card token" not in line for line in refusals), refusals
    assert "'zz'" in refusals[0] and "'paas'" in refusals[1]
    assert refusals[1].count(SUGGESTION[lang]) == 1  # once, not the game's and the session's


def _played(game: str, seed: int, **options: str) -> dict[str, object]:
    """A finished deal's record of ``game`` (with ``options``), random legal play."""
    spec = get_game(game)
    deal = spec.deal(spec.resolve(None, options), seed)
    rng = random.Random(seed)
    while not deal.is_terminal():
        legal = deal.legal_actions()
        deal.apply_action(legal[rng.randrange(len(legal))])
    return spec.to_record(deal)


@pytest.mark.parametrize(
    ("game", "lang"), [("bigtwo", "zh"), ("doudizhu", "ja"), ("biga", "en"), ("daguailuzi", "zh")]
)
def test_replay_says_where_the_points_came_from(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, game: str, lang: str
) -> None:
    rec = _played(game, 7)
    path = tmp_path / "deal.json"
    path.write_text(json.dumps(rec), encoding="utf-8")
    assert main(["replay", str(path), "--lang", lang]) == 0
    out = capsys.readouterr().out
    spec = get_game(game)
    lines = [translate(line, lang) for line in spec.explain(spec.replay(rec))]
    assert lines, "every built-in game explains its scores"
    shown = out.splitlines()
    at = [shown.index("  " + line) for line in lines]
    assert at == sorted(at) and at[-1] == len(shown) - 2  # in order, just above the verdict
    assert shown[-1].startswith("valid record:")


@pytest.mark.parametrize(("lang", "said"), [("en", "1 deal   1 deal played"), ("zh", "1 局")])
def test_a_one_deal_match_is_one_deal(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, lang: str, said: str
) -> None:
    spec = get_game("bigtwo")
    match = spec.new_match(spec.resolve(), 5, deals=1)
    rng = random.Random(5)
    match.play_out(lambda deal: rng.choice(deal.legal_actions()))
    path = tmp_path / "match.json"
    path.write_text(json.dumps(match.to_record()), encoding="utf-8")
    assert main(["replay", str(path), "--lang", lang]) == 0
    out = capsys.readouterr().out
    assert said in out and "1 deals" not in out
    deal = match.deals[0]
    lines = [translate(line, lang) for line in spec.explain(deal)]
    tail = out.splitlines()[-len(lines) - 2 :]  # "Deal 1", its explanation, the verdict
    assert tail == [tr(lang, "Deal {n}", n=1), *("  " + x for x in lines), tail[-1]]


@pytest.mark.parametrize("lang", ["zh", "ja"])
def test_the_help_screen_folds_long_meanings_rather_than_cutting_them(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], lang: str
) -> None:
    namespace = play_args("doudizhu", seed=3, bots="greedy", lang=lang)
    code, out = run_scripted(monkeypatch, capsys, run_play, namespace, "help\nquit\n", columns=80)
    assert code == 0
    mingpai = tr(
        lang,
        "明牌: the landlord plays with the hand face up (before its first play); "
        "it doubles the stake, so you are asked to confirm",
    )
    flat = "".join(line.strip() for line in out.splitlines())
    assert mingpai in flat  # the whole meaning, over two lines, not "…確認を求 …"


def test_a_two_pack_replay_shows_the_dealt_hands(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    rec = _played("bigtwo", 6, players="6", packs="2")
    path = tmp_path / "deal.json"
    path.write_text(json.dumps(rec), encoding="utf-8")
    assert main(["replay", str(path), "--lang", "zh"]) == 0
    out = capsys.readouterr().out.splitlines()
    hands = rec["hands"]
    assert isinstance(hands, list)
    for seat, hand in enumerate(hands):  # each seat's 17 cards, a card held twice twice
        row = next(line for line in out if line.startswith(f"座位 {seat}  (17)"))
        assert sorted(row.split()[3:]) == sorted(hand.split())
    assert any(line.startswith("剩余牌：") for line in out)


@pytest.mark.parametrize(
    ("lang", "said"), [("en", "rob multiplier ×3, ×6, ×12"), ("zh", "抢地主倍数 ×3")]
)
def test_robbing_names_its_multiplier_in_words(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], lang: str, said: str
) -> None:
    namespace = play_args("doudizhu", seed=8, bots="greedy", lang=lang)
    code, out = run_scripted(monkeypatch, capsys, run_play, namespace, "bid 3\nquit\n", columns=120)
    assert code == 0
    assert said in out and "(R " not in out and "（R " not in out


def test_the_docs_replay_example_is_what_replay_prints(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    page = (Path(__file__).parents[2] / "docs" / "terminal.md").read_text(encoding="utf-8")
    block = page.split("every seat playing at random) ends:\n\n```text\n", 1)[1].split("```")[0]
    path = tmp_path / "deal.json"
    path.write_text(json.dumps(_played("bigtwo", 5)), encoding="utf-8")
    assert main(["replay", str(path), "--lang", "zh"]) == 0
    shown = [line.rstrip() for line in capsys.readouterr().out.splitlines()]
    assert shown[-len(block.splitlines()) :] == block.splitlines()


def test_daguailuzi_prompt_and_help_say_the_words_like_every_game(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from chupai.cli.seat_words import INPUT_NOTE

    namespace = play_args("daguailuzi", seed=2, bots="heuristic", lang="zh")
    code, out = run_scripted(monkeypatch, capsys, run_play, namespace, "帮助\nquit\n", columns=200)
    assert code == 0
    assert tr("zh", "  (hint, help, quit)") in out
    assert tr("zh", INPUT_NOTE) in out
