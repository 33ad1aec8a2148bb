"""The 大怪路子 terminal game (``chupai play daguailuzi``) and its replay, driven by
scripted input.

Whole deals and matches run through :func:`chupai.cli.play.run_play` with
standard input replaced by a script, as for the other games, and the transcript
read from the captured standard output. Refusals and the decisions before play
are tested on crafted deals (:meth:`DaguailuziDeal.from_hands`): a
:class:`DaguailuziSession` reads the human's lines from a list while the test
makes the bots' moves itself, so that every situation is reached exactly.
"""

from __future__ import annotations

import argparse
import io
import json
import string
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from scripted_play import play_args, run_scripted

import chupai.daguailuzi.spec  # noqa: F401  (registers the game)
from chupai.cli.games.daguailuzi.play import DaguailuziSession
from chupai.cli.games.daguailuzi.play_help import HELPS
from chupai.cli.games.daguailuzi.play_input import read_input
from chupai.cli.games.daguailuzi.play_view import hand_types
from chupai.cli.games.daguailuzi.words import LANGS, WORDS, Words, missing_keys
from chupai.cli.main import main
from chupai.cli.play import run_play
from chupai.cli.terminal import Command
from chupai.daguailuzi.cards import parse_cards, type_name
from chupai.daguailuzi.combos import classify
from chupai.daguailuzi.game import PASS, DaguailuziDeal, Gift, GiftKind, Phase
from chupai.daguailuzi.record import replay
from chupai.daguailuzi.rules import PRESETS, resolve
from chupai.errors import ChupaiError
from chupai.protocol import get_game

SEED = PRESETS["seed"]
SHANGHAI = PRESETS["shanghai"]

AUTOPLAY = "0\npass\n26\n" * 800
"""Every prompt ends in a move: ``0`` leads the lowest single (and returns a card
before play), ``pass`` follows, ``26`` gives the highest card as tribute (the last
of 27 in display order). Refused lines are explained and the next one is read."""
TRIBUTE_SEED = 4
"""Under ``shanghai`` with ``AUTOPLAY`` at seat 0 and random bots, the first deal
of this match seed is won by team B, so the human pays tribute in the second."""


def args(**kw: Any) -> argparse.Namespace:
    """The namespace ``chupai play`` builds, for daguailuzi."""
    return play_args("daguailuzi", **({"seed": 3, "bots": "random"} | kw))


def play(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], script: str, **kw: Any
) -> tuple[int, str]:
    """Run the game with ``script`` on standard input: (exit status, transcript)."""
    return run_scripted(monkeypatch, capsys, run_play, args(**kw), script, columns=100)


def errors(text: str) -> list[str]:
    return [line[2:] for line in text.splitlines() if line.startswith("✗ ")]


def session(
    deal: DaguailuziDeal, lines: list[str], human: int = 0, lang: str = "en"
) -> tuple[DaguailuziSession, io.StringIO]:
    """A session at ``deal`` whose human types ``lines`` (then the input ends)."""
    todo = list(lines)

    def read(_prompt: str) -> str:
        if not todo:
            raise EOFError
        return todo.pop(0)

    buf = io.StringIO()
    console = Console(file=buf, width=100, highlight=False)
    s = DaguailuziSession(
        deal,
        human,
        {},
        seed=0,
        spec=get_game("daguailuzi"),
        console=console,
        read_line=read,
        echo_input=True,
        lang=lang,
    )
    return s, buf


def combo(text: str, deal: DaguailuziDeal) -> Any:
    c = classify(parse_cards(text), deal.rules, deal.level)
    assert c is not None
    return c


# ----- the texts ------------------------------------------------------------------------------


def test_every_text_exists_in_every_language_with_the_same_fields() -> None:
    assert missing_keys() == []
    fmt = string.Formatter()
    for key, forms in WORDS.items():
        fields = {lang: {f for _, f, _, _ in fmt.parse(forms[lang]) if f} for lang in LANGS}
        english = fields["en"] | {f for _, f, _, _ in fmt.parse(forms.get("you", "")) if f}
        if "nth" in english:  # an ordinal is given as both nth (2nd) and n (2)
            english.add("n")
        for lang in ("zh", "ja"):
            assert fields[lang] <= english, (key, lang)
            assert forms[lang] != forms["en"] or not any(c.isalpha() for c in forms["en"]), key


@pytest.mark.parametrize("lang", LANGS)
def test_help_names_every_input_word_in_every_language(lang: str) -> None:
    shown = " ".join(what for _, rows in HELPS[lang] for what, _ in rows)
    for word in ("pass", "hint", "help", "quit", "tribute", "return", "offer", "take", "#0"):
        assert word in shown
    assert [len(rows) for _, rows in HELPS[lang]] == [len(rows) for _, rows in HELPS["en"]]


def test_straights_are_shown_in_run_order() -> None:
    deal = DaguailuziDeal.from_hands(SHANGHAI, ["5S 6S", "4S", "4H", "4C", "4D", "6D"], offense=0)
    s, _ = session(deal, [])
    assert s.action(combo("2S 3H 4H 5S AH", deal)).plain == "straight A♥ 2♠ 3♥ 4♥ 5♠"
    assert s.action(combo("5S 6S 7H BJ 9D", deal)).plain == "straight 5♠ 6♠ 7♥ 9♦ BJ"
    assert s.action(combo("2S 2H", deal)).plain == "pair 2♠ 2♥"
    assert s.card(4 * 0).style == "bold magenta"  # a trump 2 (level 2 under shanghai)


# ----- reading lines --------------------------------------------------------------------------


def test_read_input_takes_tokens_indexes_and_commands() -> None:
    deal = DaguailuziDeal.from_hands(
        SEED, ["3S 3H 5D 9C BJ", "4S", "4H", "4C", "4D", "6S"], offense=0
    )
    order = hand_types(deal.hands[0], deal.rules, deal.level)
    assert [type_name(t) for t in order] == ["3S", "3H", "5D", "9C", "BJ"]
    assert read_input(deal, 0, "0 1").cards == parse_cards("3S 3H")
    assert read_input(deal, 0, "#0 3h").cards == parse_cards("3S 3H")
    assert read_input(deal, 0, "9c bj").kind.value == "pair"
    assert read_input(deal, 0, "hint all") == Command("hint", "all")
    assert read_input(deal, 0, "") == Command("table")
    assert read_input(deal, 0, "p") is PASS
    with pytest.raises(ChupaiError, match="out of range"):
        read_input(deal, 0, "5")
    with pytest.raises(ChupaiError, match="given twice"):
        read_input(deal, 0, "1 #1")
    with pytest.raises(ChupaiError, match="you do not hold 7♠"):
        read_input(deal, 0, "7s")
    with pytest.raises(ChupaiError, match="you hold 1 × 3♠, not 2"):
        read_input(deal, 0, "3s 3s")
    with pytest.raises(ChupaiError, match="not a play"):
        read_input(deal, 0, "3s 5d")
    with pytest.raises(ChupaiError, match="'1s'.*a card is a rank"):
        read_input(deal, 0, "1s")
    with pytest.raises(ChupaiError, match="there is no tribute now: play cards or pass"):
        read_input(deal, 0, "tribute bj")
    # a near miss of a word: the session adds "did you mean 'pass'?" (once, for every game)
    with pytest.raises(ChupaiError, match="unknown card token 'paas' \\(a card is a rank"):
        read_input(deal, 0, "paas")


# ----- refusals and decisions on crafted deals --------------------------------------------------


def test_illegal_inputs_are_explained_and_never_played() -> None:
    deal = DaguailuziDeal.from_hands(
        SEED, ["3S 3H 5D 9C BJ", "4S", "4H", "4C", "4D", "KS KH 6S"], offense=5
    )
    deal.apply_action(combo("KS KH", deal))
    s, buf = session(deal, ["3s 3h", "5d", "3s 5d", "7s", "paas", "9", "pass"])
    s.human_turn()
    out = buf.getvalue()
    assert errors(out) == [
        "pair 3♠ 3♥ does not beat pair K♠ K♥",
        "single 5♦ does not beat pair K♠ K♥ (play 2 cards to follow)",
        "not a play: " + errors(out)[2].removeprefix("not a play: "),
        "you do not hold 7♠",
        errors(out)[4],
        "index 9 is out of range: your hand has 5 cards, numbered 0 to 4",
    ]
    assert "did you mean 'pass'?" in out.replace("\n", " ")  # the session's suggestion
    assert "Your turn: beat pair K♠ K♥ or pass" in out
    assert "or pass — nothing in your hand beats it" in out  # 9C BJ is a pair of 9s
    assert [ev.action for ev in deal.history] == [combo("KS KH", deal), PASS]
    assert "  You pass" in out


def test_the_leader_may_not_pass_and_a_bad_lead_is_refused() -> None:
    deal = DaguailuziDeal.from_hands(SEED, ["3S 4H", "4S", "5H", "4C", "4D", "6S"], offense=0)
    s, buf = session(deal, ["pass", "3s 4h", "1"])
    s.human_turn()
    out = buf.getvalue()
    assert errors(out)[0] == "you lead this trick, so you may not pass: play a combination"
    assert errors(out)[1].startswith("not a play: ")
    assert "On the table: nothing — you lead a new trick" in out
    assert deal.history[0].action.cards == parse_cards("4H")
    assert "  You lead single 4♥  — 1 card left!" in out
    # seat 1 holds only 4S, which does not beat 4H (equal ranks never beat)
    s, buf = session(deal, ["pass"], human=1)
    s.human_turn()
    assert "Your turn: beat single 4♥ or pass — nothing in your hand beats it" in buf.getvalue()


def test_return_prompt_after_a_tribute() -> None:
    """Seat 1 (trapped) pays its highest card to the human, who returns one."""
    hands = ["3S 3H 5D 9C", "4S 6C RJ", "4H 7C", "4C 7D", "4D 8S", "6S 8C"]
    deal = DaguailuziDeal.from_hands(SHANGHAI, hands, offense=0, givers=(1,), recipients=(0,))
    assert deal.phase is Phase.TRIBUTE and deal.current_player == 1
    s, buf = session(deal, ["pass", "0 1", "7s", "0"])
    s.apply(Gift(GiftKind.TRIBUTE, parse_cards("RJ")))
    s.human_turn()
    out = buf.getvalue()
    assert "  Seat 1 gives tribute RJ to you" in out
    assert "Return: Seat 1 gave you RJ; give one card of your choice back to Seat 1." in out
    assert errors(out)[0].startswith("you cannot pass now: return ")
    assert errors(out)[1].startswith("give exactly one card")
    assert errors(out)[2] == "you do not hold 7♠"
    assert deal.history[-1] == (0, Gift(GiftKind.RETURN, parse_cards("3S")))
    assert "  You return 3♠ to Seat 1" in out
    assert deal.phase is Phase.PLAY


def test_tribute_must_be_a_highest_card() -> None:
    hands = ["3S 9C 9H", "4S 6C", "4H 7C", "4C 7D", "4D 8S", "6S 8C"]
    deal = DaguailuziDeal.from_hands(SHANGHAI, hands, offense=1, givers=(0,), recipients=(1,))
    assert deal.current_player == 0
    s, buf = session(deal, ["3s", "tribute 9h"])
    s.human_turn()
    out = buf.getvalue()
    assert "Tribute: you were trapped, so give one of your highest cards (9H or 9C)" in out
    assert errors(out) == ["the tribute must be one of your highest cards: 9H or 9C"]
    assert deal.history[-1] == (0, Gift(GiftKind.TRIBUTE, parse_cards("9H")))


def test_offer_and_take_under_joker_candidates() -> None:
    rules = resolve("shanghai", {"return_rule": "joker_candidates"})
    hands = ["3S 5H 9C", "4S 6C BJ", "4H 7C", "4C 7D", "4D 8S", "6S 8C"]
    deal = DaguailuziDeal.from_hands(rules, hands, offense=0, givers=(1,), recipients=(0,))
    s, buf = session(deal, ["3s 5h"])
    s.apply(Gift(GiftKind.TRIBUTE, parse_cards("BJ")))
    s.human_turn()
    assert "offer 2 cards of different ranks to Seat 1, who takes one" in " ".join(
        buf.getvalue().split()
    )
    assert deal.current_player == 1 and deal.offer == parse_cards("3S 5H")
    # the other way round: the human is the giver and takes an offered card
    deal = DaguailuziDeal.from_hands(rules, hands, offense=1, givers=(1,), recipients=(0,))
    s, buf = session(deal, ["6c", "bj"], human=1)
    s.human_turn()  # tribute: BJ is the human's highest card, not 6C
    assert errors(buf.getvalue()) == ["the tribute must be one of your highest cards: BJ"]
    deal.apply_action(Gift(GiftKind.OFFER, parse_cards("3S 5H")))
    s, buf = session(deal, ["hint", "9c", "3s 5h", "1"], human=1)
    s.human_turn()
    out = buf.getvalue()
    assert "Return: Seat 0 offers you 3S or 5H; take one." in out
    hint = next(line for line in out.splitlines() if line.startswith("Hint: "))
    assert hint.startswith("Hint: take ") and hint.endswith(("(type: 3S)", "(type: 5H)"))
    assert errors(out) == ["take one of 3S or 5H", "take one of 3S or 5H"]
    assert deal.phase is Phase.PLAY
    assert deal.hands[1] == parse_cards("4S 6C 5H")
    assert "  You take 5♥ from the cards Seat 0 offered" in out


# ----- whole games --------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def finished(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, Path]:
    """A whole ``seed`` deal (seed 3) played by the human at seat 0 with the
    autoplay script, its record written."""
    path = tmp_path_factory.mktemp("dgl") / "deal.json"
    mp = pytest.MonkeyPatch()
    out = io.StringIO()
    try:
        mp.setenv("COLUMNS", "100")
        mp.setattr("sys.stdin", io.StringIO(AUTOPLAY))
        mp.setattr("sys.stdout", out)
        code = run_play(args(record=str(path)))
    finally:
        mp.undo()
    assert code == 0
    return out.getvalue(), path


def test_a_scripted_human_plays_a_whole_deal(finished: tuple[str, Path]) -> None:
    out, path = finished
    rec = json.loads(path.read_text(encoding="utf-8"))
    deal = replay(rec)
    assert deal.is_terminal()
    assert "Rules: daguailuzi(preset=seed)" in out and "Seed 3" in out
    assert "Teams: A = seats 0, 2, 4; B = seats 1, 3, 5" in out
    assert "Offense: Team B (leader Seat 1) · Points: A 0, B 0 · No trumps" in out
    assert out.count("Your hand (27):") >= 1
    # every move the human made is a line of the transcript, and nothing else was played
    mine = [ev for ev in rec["actions"] if ev["seat"] == 0]
    said = [line for line in out.splitlines() if line.startswith(("  You play", "  You lead"))]
    passes = [line for line in out.splitlines() if line == "  You pass"]
    assert len(said) + len(passes) == len(mine)
    outcome = deal.outcome
    assert "Deal over" in out
    first = outcome.finishing_order[0]
    if outcome.winner is None:
        assert "Draw: " in out and "Nothing is scored." in out
    else:
        assert f"Team {'AB'[outcome.winner]} wins" in out and "Trapped: " in out
    assert "Finishing order: 1. " + ("You" if first == 0 else f"Seat {first}") in out
    assert f"Record written to {path}" in out
    assert "Seed 3: play this deal again with --seed 3." in out


def test_replay_of_the_deal_record(
    finished: tuple[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    _, path = finished
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Da Guai Lu Zi (Wild Escape)  daguailuzi(preset=seed)")
    assert "offense leader seat 1 (team B)" in out and "no trumps" in out
    rec = json.loads(path.read_text(encoding="utf-8"))
    assert f"valid record: {len(rec['actions'])} actions" in out
    assert "deal over" in out and "finishing order: seat" in out
    bad = dict(rec, actions=[dict(a) for a in rec["actions"]])
    bad["actions"][0]["action"] = "pass"  # the leader may not pass
    tampered = path.with_name("bad.json")
    tampered.write_text(json.dumps(bad), encoding="utf-8")
    assert main(["replay", str(tampered)]) == 1
    assert "invalid record: action 1 by seat 1" in capsys.readouterr().err


def test_tribute_prompt_in_the_second_deal_of_a_match(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "match.json"
    code, out = play(
        monkeypatch,
        capsys,
        AUTOPLAY,
        rules="shanghai",
        deals=2,
        seed=TRIBUTE_SEED,
        record=str(path),
    )
    assert code == 0
    rec = json.loads(path.read_text(encoding="utf-8"))
    second = rec["deals"][1]
    assert 0 in second["givers"]
    assert "Deal 2 of 2" in out and "Trapped: You" in out
    assert "Next deal: You" in out and "pay tribute." in out
    assert "Tribute: the players trapped last deal each give one of their highest cards." in out
    assert "Your decision: Tribute: you were trapped" in out
    assert "to the winners. Type the card or its index." in " ".join(out.split())
    mine = next(a for a in second["actions"] if a["seat"] == 0)
    assert mine["action"].startswith("tribute ")
    assert "  You give tribute " in out
    assert "Score table" in out and "Match over" in out
    assert "Next deal: " not in out.rsplit("Deal over", 1)[1]  # none after the last deal
    assert "Match record written to" in out
    # the match record replays, with its table
    assert main(["replay", str(path)]) == 0
    shown = capsys.readouterr().out
    assert "Da Guai Lu Zi (Wild Escape) match" in shown and "valid record:" in shown


@pytest.mark.parametrize(
    ("lang", "texts"),
    [
        (
            "zh",
            (
                "大怪路子 — 比赛",
                "轮到你",
                "你的手牌（27张）",
                "分队：A队",
                "本局结束",
                "被关：你",
                "进贡：你上局被关",
                "你进贡 ",
                "记分表",
                "比赛结束",
                "比赛记录已写入",
            ),
        ),
        (
            "ja",
            (
                "大怪路子 (ダーグァイルーズ) — 試合",
                "あなたの番",
                "あなたの手札（27枚）",
                "チーム：A",
                "ディール終了",
                "取り残し：あなた",
                "貢ぎ：前のディールで取り残された",
                "得点表",
                "試合終了",
                "試合記録を",
            ),
        ),
    ],
)
def test_the_game_speaks_chinese_and_japanese(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    lang: str,
    texts: tuple[str, ...],
) -> None:
    """The tribute match of :data:`TRIBUTE_SEED`, played out in another language."""
    record = str(tmp_path / "m.json")
    code, out = play(
        monkeypatch,
        capsys,
        AUTOPLAY,
        rules="shanghai",
        deals=2,
        seed=TRIBUTE_SEED,
        lang=lang,
        record=record,
    )
    assert code == 0
    flat = "".join(out.split())
    for text in texts:
        assert "".join(text.split()) in flat, text
    names = get_game("daguailuzi").combo_names
    assert any(names[k][lang] in out for k in names)
    for english in ("Your turn", "Deal over", "Trapped", "Score table", "Tribute: you"):
        assert english not in out


def test_quitting_in_chinese(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = play(monkeypatch, capsys, "help\nquit\n", lang="zh")
    assert code == 0
    assert "出牌前" in out and "重新显示牌桌" in out  # the help screen
    assert Words("zh")("quit", what=Words("zh")("abandoned_deal", seed=3)) in out


def test_hint_suggests_and_lists_plays(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # seed 2: the human is the offense leader and leads, so the hint is a play (never a pass)
    code, out = play(
        monkeypatch, capsys, "hint\nhint all\nhint pair\nhint nonsense\nquit\n", seed=2
    )
    assert code == 0
    assert "Hint: " in out and "(type: " in out
    assert "legal plays (" in out
    assert "error" not in out.lower() or "unknown combination type 'nonsense'" in out


def test_setup_errors(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(ChupaiError, match="exactly 6 players"):
        run_play(args(players=4))
    with pytest.raises(ChupaiError, match="--to is not available"):
        run_play(args(target=5))
    assert main(["play", "daguailuzi", "--players", "4"]) == 2


# ----- the other commands -------------------------------------------------------------------------


def test_rules_judge_moves_and_simulate_read_daguailuzi(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["rules", "--game", "daguailuzi", "--rules", "shanghai", "--json"]) == 0
    rules = json.loads(capsys.readouterr().out)
    assert rules["spec"] == "daguailuzi(preset=shanghai)"
    assert {row["key"] for row in rules["options"]} >= {"trumps", "tribute", "return_rule"}
    with pytest.raises(SystemExit, match="2"):  # the game given twice, differently
        main(["rules", "daguailuzi", "--game", "bigtwo"])
    assert "the game is given twice" in capsys.readouterr().err
    assert main(["judge", "daguailuzi", "7S BJ", "--over", "6H 6D"]) == 0
    assert json.loads(capsys.readouterr().out) == {"valid": True, "type": "pair", "beats": True}
    assert main(["moves", "daguailuzi", "7S 7H BJ"]) == 0
    moves = json.loads(capsys.readouterr().out)["moves"]
    assert {"cards": "7S 7H BJ", "type": "triple"} in moves
    assert main(["simulate", "--game", "daguailuzi", "--deals", "1", "--no-progress"]) == 0
    assert "1 deal of daguailuzi(preset=seed)" in capsys.readouterr().out


def test_a_points_match_ends_at_its_target_score(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "points.json"
    code, out = play(
        monkeypatch,
        capsys,
        AUTOPLAY,
        overrides=["target_score=1"],
        deals=6,
        seed=2,
        record=str(path),
    )
    assert code == 0
    rec = json.loads(path.read_text(encoding="utf-8"))
    won = [d for d in rec["deals"] if d["result"]["winner"] is not None]
    assert len(won) == 1 and rec["deals"][-1] is won[0]  # the first won deal ends it
    team = "AB"[won[0]["result"]["winner"]]
    assert f"Team {team} wins the match." in out.rsplit("Match over", 1)[1]
    assert "Points: A 0, B 0" in out and "Score table" in out
