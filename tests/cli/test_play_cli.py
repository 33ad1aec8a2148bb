"""``chupai play``: the terminal game, driven by a script on standard input.

Most tests run ``python -m chupai play`` as a subprocess with piped stdin (as a
player at a terminal would type) and read the transcript; the engine itself,
run in-process on the same seed, tells the tests which cards the human holds.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from typing import Any

import pytest

from chupai.bigtwo.combos import ComboKind, beats
from chupai.bigtwo.game import PASS, Choice, Phase, new_deal
from chupai.bigtwo.record import replay
from chupai.bigtwo.rules import PRESETS, resolve
from chupai.bots import GreedyBot, make_bot
from chupai.cards import card_name, cards_of, parse_mask
from chupai.cli.games.bigtwo.play_input import hand_order, read_input
from chupai.cli.simulate import bot_seed
from chupai.cli.terminal import Command
from chupai.errors import ChupaiError
from chupai.i18n import CardTokens
from chupai.names import COMBO_NAMES, LANGUAGES, combo_name, game_name

STANDARD = PRESETS["standard"]
SEED = 5


def play(
    *args: str, stdin: str = "", module_args: tuple[str, ...] = ("play",)
) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("FORCE_COLOR", "NO_COLOR")}
    env.update(PYTHONIOENCODING="utf-8", COLUMNS="200")  # wide: no wrapped messages
    return subprocess.run(
        [sys.executable, "-m", "chupai", *module_args, *args],
        input=stdin,
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=120,
        env=env,
    )


def starter(seed: int = SEED) -> int:
    """The seat that leads first in the standard deal of ``seed``."""
    return new_deal(STANDARD, seed).starting_player


# "0 1" (a pair of the lowest cards, when it is one), else "0" (the lowest
# single: always legal when leading, and it holds the starting card), else
# "pass" (always legal when following): every prompt ends in a move.
AUTOPLAY = "0 1\n0\npass\n" * 400


# ----- whole deals ------------------------------------------------------------------


@pytest.fixture(scope="module")
def finished(tmp_path_factory: pytest.TempPathFactory) -> tuple[int, str, dict[str, Any]]:
    """A whole deal played through the CLI by the starting player: (seat, output, record)."""
    seat = starter()
    path = tmp_path_factory.mktemp("play") / "deal.json"
    p = play("--seed", str(SEED), "--seat", str(seat), "--record", str(path), stdin=AUTOPLAY)
    assert p.returncode == 0, p.stderr
    assert p.stderr == ""
    assert f"Record written to {path}" in p.stdout
    return seat, p.stdout, json.loads(path.read_text(encoding="utf-8"))


def test_whole_deal_finishes_with_winner_revealed_hands_and_scores(
    finished: tuple[int, str, dict[str, Any]],
) -> None:
    seat, out, rec = finished
    assert "Seed 5" in out
    # the human (starting player) led the 3♦ before any bot moved
    moves = [
        line.strip()
        for line in out.splitlines()
        if line.startswith("  ") and (" lead" in line or " play" in line or " pass" in line)
    ]
    assert moves[0] == "You lead single 3♦"
    assert sum(1 for m in moves if m.startswith("You lead") or m.startswith("You play")) >= 2
    assert "Deal over" in out
    result = rec["result"]
    assert result is not None
    winner = result["winner"]
    assert f"Winner: {'You' if winner == seat else f'Seat {winner}'}" in out
    assert f"Your score: {result['scores'][seat]:+d}" in out
    # every hand is revealed with its penalty and score on one row of the final table
    summary = out[out.index("Deal over") :].splitlines()
    for s, hand in enumerate(result["hands"]):
        row = next(
            line for line in summary if line.startswith("You " if s == seat else f"Seat {s} ")
        )
        fields = row.split()
        assert fields[-2:] == [str(result["penalties"][s]), f"{result['scores'][s]:+d}"]
        shown = [f for f in fields if f[-1] in "♦♣♥♠"]
        assert len(shown) == len(hand.split())


def test_the_record_of_a_played_deal_replays(finished: tuple[int, str, dict[str, Any]]) -> None:
    seat, _, rec = finished
    assert rec["seed"] == SEED
    deal = replay(rec)
    assert deal.is_terminal() and deal.outcome is not None
    assert deal.outcome.to_dict() == rec["result"]
    assert any(ev.seat == seat and ev.action is not PASS for ev in deal.history)


def test_whole_deal_in_chinese_and_japanese_names() -> None:
    p = play("--seed", str(SEED), "--seat", str(starter()), "--lang", "zh", stdin=AUTOPLAY)
    assert p.returncode == 0, p.stderr
    assert "锄大地" in p.stdout
    assert "你 领出 单张 3♦" in p.stdout  # the whole line in Chinese
    p = play("--seed", str(SEED), "--seat", str(starter()), "--lang", "ja", stdin="0\nquit\n")
    assert "あなた リード シングル 3♦" in p.stdout
    assert "大老二" in p.stdout


def test_three_player_taiwan_deal_with_leftover_decision_finishes() -> None:
    rules = resolve("taiwan", {"players": "3"})
    seed = next(s for s in range(50) if new_deal(rules, s).phase is Phase.LEFTOVER)
    deal = new_deal(rules, seed)
    seat = deal.current_player
    assert seat is not None
    shown = deal.leftover_shown
    p = play(
        "--rules",
        "taiwan",
        "--players",
        "3",
        "--seed",
        str(seed),
        "--seat",
        str(seat),
        stdin="0\nta\n" + AUTOPLAY,
    )
    assert p.returncode == 0, p.stderr
    out = p.stdout
    assert "'take' it into your hand or 'leave' it" in out
    assert "first decide on the leftover card: type take or leave" in out
    face = card_name(cards_of(shown)[0])
    assert f"You take the leftover card {face[0].replace('T', '10')}" in out
    assert "Your hand (18)" in out
    assert "Deal over" in out


def test_bot_decides_the_malaysian_leftover_and_the_human_sees_it() -> None:
    rules = resolve("standard", {"players": "3", "leftover_rule": "malaysian"})
    deal = new_deal(rules, 1)
    p0 = deal.current_player
    assert p0 is not None and deal.phase is Phase.LEFTOVER
    human = (p0 + 1) % 3
    p = play(
        "--players",
        "3",
        "--set",
        "leftover_rule=malaysian",
        "--seed",
        "1",
        "--seat",
        str(human),
        stdin="quit\n",
    )
    assert p.returncode == 0, p.stderr
    assert f"Seat {p0} swaps: 3♦ goes face up out of play" in p.stdout
    assert "Face up, out of play: 3♦" in p.stdout


# ----- bad input --------------------------------------------------------------------


def test_bad_inputs_are_explained_and_the_turn_is_kept() -> None:
    seat = starter()
    deal = new_deal(STANDARD, SEED)
    order = hand_order(deal, seat)
    assert card_name(order[0]) == "3D"
    not_held = next(c for c in range(52) if not deal.hands[seat] >> c & 1)
    i, j = 0, len(order) - 1  # lowest and highest: different ranks
    assert order[i] >> 2 != order[j] >> 2
    lines = [
        "zz",  # unknown token
        "♠A",  # suit first
        card_name(not_held).lower(),  # a card of another seat
        f"{i} {j}",  # not a combination
        "pass",  # the leader may not pass
        "99",  # index out of range
        "0 0",  # index twice
        "1",  # a lead without the 3♦
        "0",  # finally legal: 3♦
        "quit",
    ]
    p = play("--seed", str(SEED), "--seat", str(seat), stdin="\n".join(lines) + "\n")
    assert p.returncode == 0, p.stderr
    assert "Traceback" not in p.stderr
    out = p.stdout
    errors = [line for line in out.splitlines() if line.startswith("✗ ")]
    expected = [
        "unknown card token 'zz'",
        "write the rank first, e.g. A♠",
        f"you do not hold {CardTokens(card_name(not_held)).display()}",
        "not a combination: two cards of different ranks do not form a pair",
        "you may not pass",
        "index 99 is out of range: your hand has 13 cards, numbered 0 to 12",
        "index 0 is given twice",
        "the first lead must include 3♦ (the starting card)",
    ]
    assert len(errors) == len(expected)
    for line, want in zip(errors, expected, strict=True):
        assert want in line
    # each bad line was followed by a new prompt, and the human still led first
    assert out.count("> ") == len(lines)
    assert "You lead single 3♦" in out
    assert out.index("You lead single 3♦") > out.index("the first lead must include")
    assert "You quit" in out


def test_following_a_play_with_a_weaker_one_is_refused_then_pass_works() -> None:
    deal = new_deal(STANDARD, SEED)
    leader = deal.starting_player
    human = (leader + 1) % 4
    # the first move is the lead of the leader's bot, seeded as 'chupai play' seeds it
    bot = make_bot("greedy", seed=bot_seed(SEED, leader))
    deal.apply_action(bot.act(deal.observe(leader), deal.legal_actions()))
    top = deal.top
    assert top is not None
    weak = next(c for c in deal.combos_of(human) if not beats(c, top, STANDARD))
    text = " ".join(card_name(c) for c in cards_of(weak.mask))
    p = play("--seed", str(SEED), "--seat", str(human), stdin=f"{text}\npass\nquit\n")
    assert p.returncode == 0, p.stderr
    errors = [line for line in p.stdout.splitlines() if line.startswith("✗ ")]
    assert len(errors) == 1 and "does not beat" in errors[0]
    assert "  You pass" in p.stdout


def test_hint_help_and_show_do_not_use_the_turn() -> None:
    seat = starter()
    p = play(
        "--seed",
        str(SEED),
        "--seat",
        str(seat),
        stdin="help\nhint\nhint all\nhint singles\nhint nosuch\nshow\n\nquit\n",
    )
    assert p.returncode == 0, p.stderr
    out = p.stdout
    assert "Commands" in out and "hint all" in out
    deal = new_deal(STANDARD, SEED)
    suggestion = GreedyBot().act(deal.observe(seat), deal.legal_actions())
    assert out.count("Hint: ") == 4
    n = len(deal.legal_actions())
    assert f"{n} legal play{'s' if n != 1 else ''} (" in out  # "1 legal play", not "plays"
    assert combo_name(suggestion.kind) in out.split("Hint: ")[1].splitlines()[0]
    singles = [a for a in deal.legal_actions() if a.kind is ComboKind.SINGLE]
    assert out.count(f"single ({len(singles)})") == 2  # 'hint all' and 'hint singles'
    assert "3♦ [0]" in out
    assert "✗ unknown combination type 'nosuch'" in out
    assert out.count("Your hand (13):") == 3  # drawn, then 'show', then empty line
    assert "You lead" not in out


# ----- ending -----------------------------------------------------------------------


def test_quit_exits_0_with_a_message() -> None:
    p = play("--seed", "3", stdin="quit\n")
    assert p.returncode == 0
    assert "You quit; the deal is abandoned (seed 3)." in p.stdout
    assert p.stderr == ""


def test_end_of_input_exits_1_with_a_message_and_no_traceback() -> None:
    p = play("--seed", "3", stdin="")
    assert p.returncode == 1
    assert "End of input; the deal is abandoned (seed 3)." in p.stdout
    assert p.stderr == ""


def test_no_arguments_plays_with_a_random_seed_that_is_shown() -> None:
    p = play(stdin="quit\n", module_args=())
    assert p.returncode == 0, p.stderr
    assert "Rules: bigtwo(preset=standard)" in p.stdout
    line = next(line for line in p.stdout.splitlines() if line.startswith("Seed "))
    seed = int(line.split()[1])
    assert f"replay it with --seed {seed}" in line


# ----- setup errors -----------------------------------------------------------------


@pytest.mark.parametrize(
    "args, message",
    [
        (("--players", "53"), "players"),
        (("--seat", "4"), "--seat 4"),
        (("--bots", "greedy,random"), "--bots"),
        (("--bots", "nosuch"), "unknown bot"),
        (("--rules", "nosuch"), "nosuch"),
        (("--set", "ding_da=sometimes"), "ding_da"),
        (("--record", "/nonexistent-dir/x.json"), "no such directory"),
    ],
)
def test_setup_errors_exit_2(args: tuple[str, ...], message: str) -> None:
    p = play("--seed", "1", *args, stdin="quit\n")
    assert p.returncode == 2
    assert p.stderr.startswith("chupai: error:") and message in p.stderr
    assert p.stdout == ""


def test_players_option_and_per_seat_bots() -> None:
    p = play("--players", "2", "--seed", "4", "--bots", "random", stdin="quit\n")
    assert p.returncode == 0, p.stderr
    assert "players=2" in p.stdout
    assert "Bots: Seat 1 random." in p.stdout
    assert "Your hand (26):" in p.stdout
    p = play("--seed", "4", "--seat", "2", "--bots", "random,greedy,random", stdin="quit\n")
    assert "Bots: Seat 0 random, Seat 1 greedy, Seat 3 random." in p.stdout


# ----- reading input (in-process) -----------------------------------------------------


def test_read_input_tokens_indexes_and_mixtures() -> None:
    deal = new_deal(STANDARD, SEED)
    seat = deal.starting_player
    order = hand_order(deal, seat)
    strength = deal.sort_key()
    assert [strength[c] for c in order] == sorted(strength[c] for c in order)
    c0, c1 = order[0], order[1]
    by_index = read_input(deal, seat, "0")
    assert by_index.mask == 1 << c0 and by_index.kind is ComboKind.SINGLE
    assert read_input(deal, seat, card_name(c0).lower()) == by_index
    pair_cards = next((a, b) for a in order for b in order if a < b and a >> 2 == b >> 2)
    ia, ib = order.index(pair_cards[0]), order.index(pair_cards[1])
    mixed = read_input(deal, seat, f"{ia} {card_name(pair_cards[1])}")
    assert mixed.kind is ComboKind.PAIR and mixed == read_input(deal, seat, f"{ib} {ia}")
    assert read_input(deal, seat, "p") is PASS and read_input(deal, seat, " PASS ") is PASS
    assert read_input(deal, seat, "hint all") == Command("hint", "all")
    assert read_input(deal, seat, "") == Command("table")
    assert read_input(deal, seat, "Q") == Command("quit")
    with pytest.raises(ChupaiError, match="given twice"):
        read_input(deal, seat, f"0 {card_name(c0)}")
    with pytest.raises(ChupaiError, match="no suit"):
        read_input(deal, seat, "K")  # a bare rank; a bare digit is an index
    assert read_input(deal, seat, "1").mask == 1 << c1


def test_read_input_in_the_leftover_phase_takes_choices_only() -> None:
    rules = resolve("taiwan", {"players": "3"})
    deal = next(d for d in (new_deal(rules, s) for s in range(50)) if d.phase is Phase.LEFTOVER)
    seat = deal.current_player
    assert seat is not None
    assert read_input(deal, seat, "take") == Choice("take")
    assert read_input(deal, seat, "l") == Choice("leave")
    for bad in ("0", "pass", "swap", "3d"):
        with pytest.raises(ChupaiError, match="take or leave"):
            read_input(deal, seat, bad)


# ----- names --------------------------------------------------------------------------


def test_every_combination_kind_has_a_distinct_name_in_every_language() -> None:
    for lang in LANGUAGES:
        names = [combo_name(kind.value, lang) for kind in ComboKind]
        assert all(names) and len(set(names)) == len(names), lang
        assert set(COMBO_NAMES[lang]) == {k.value for k in ComboKind}
    assert combo_name("four_of_a_kind", "zh") == "铁支"
    assert combo_name("straight_flush", "ja") == "ストレートフラッシュ"
    assert combo_name("pair", "xx") == "pair"
    assert game_name("bigtwo", "zh").startswith("锄大地")


def test_every_card_input_form_of_the_notation_is_accepted() -> None:
    deal = new_deal(STANDARD, SEED)
    seat = deal.starting_player
    ten = next(c for c in cards_of(deal.hands[seat]) if c >> 2 == 7)  # this hand has a ten
    suit = "DCHS"[ten & 3]
    forms = [f"10{suit}", f"t{suit.lower()}", "10" + "♦♣♥♠"[ten & 3]]
    masks = {read_input(deal, seat, f).mask for f in forms}
    assert masks == {parse_mask(f"T{suit}")}


# ----- one chupai play for every game ------------------------------------------------------


def _run(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], argv: list[str], stdin: str
) -> tuple[int, str, str]:
    """``chupai ARGV`` in this process with ``stdin``: (exit status, stdout, stderr)."""
    import io

    from chupai.cli.main import main

    monkeypatch.setenv("COLUMNS", "200")
    monkeypatch.delenv("FORCE_COLOR", raising=False)
    monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    code = main(argv)
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.mark.parametrize("game", ["bigtwo", "doudizhu", "biga"])
def test_every_bot_level_of_the_game_is_accepted(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], game: str
) -> None:
    """``--bots`` takes every name of :func:`chupai.bots.bot_names` in every game
    (Dou Dizhu kept a list of its own: 'unknown bot heuristic')."""
    from chupai.bots import bot_names

    for name in bot_names(game):
        code, out, err = _run(
            monkeypatch, capsys, ["play", game, "--seed", "3", "--bots", name], "quit\n"
        )
        assert "unknown bot" not in err, (game, name, err)
        if name == "dmc":  # needs a checkpoint: refused for that, not as unknown
            assert code == 2 and "checkpoint" in err
            continue
        assert code == 0, (game, name, err)
        assert f"Seat 1 {name}" in out and "You quit" in out


def test_play_finds_the_game_through_its_plugin() -> None:
    from chupai.cli.play import play_plugin
    from chupai.protocol import get_game

    for key in ("bigtwo", "doudizhu", "biga"):
        plugin = play_plugin(get_game(key))
        assert plugin.__name__ == f"chupai.cli.games.{key}.play"
        assert callable(plugin.deal_session) and callable(plugin.match_session)


@pytest.fixture()
def toy() -> Any:
    import toygame.spec  # noqa: F401  (registers the game "toy": no cli.play plugin)

    from chupai.protocol import get_game

    spec = get_game("toy")
    assert spec.plugin("cli.play") is None
    return spec


def test_a_game_without_a_terminal_plugin_plays_a_whole_deal(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Any, toy: Any
) -> None:
    path = tmp_path / "toy.json"
    script = "help\nfoo\n#99\nhint\n" + "#1\n" * 30
    code, out, err = _run(
        monkeypatch, capsys, ["play", "toy", "--seed", "3", "--record", str(path)], script
    )
    assert code == 0 and err == ""
    assert "Rules: toy(preset=standard, scoring=cards)" in out
    assert "Your hand (" in out and "legal action" in out and "#1 " in out
    assert "make action 2 of the numbered list" in out  # help
    assert "✗ 'foo' is not a legal action now: type #1" in out  # refused, turn kept
    assert "✗ there are " in out and "legal actions now: #1 to #" in out
    assert "Deal over" in out and "Winner: " in out and "Your score: " in out
    rec = json.loads(path.read_text(encoding="utf-8"))
    deal = toy.replay(rec)
    assert deal.is_terminal() and f"Your score: {deal.outcome.scores[0]:+d}" in out
    assert any(a for a in rec["actions"])


def test_a_game_without_a_terminal_plugin_takes_the_action_text(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], toy: Any
) -> None:
    from chupai.cli.play_generic import read_action
    from chupai.cli.terminal import Command

    deal = toy.new_deal(toy.resolve(), 3)
    first = deal.legal_actions()[0]
    assert read_action(deal, deal.action_text(first).upper()) == first
    assert read_action(deal, "1") == first and read_action(deal, "# 1") == first
    assert read_action(deal, "") == Command("table")
    assert read_action(deal, "quit") == Command("quit")
    with pytest.raises(ChupaiError, match="you may not pass now"):
        read_action(deal, "pass")
    code, out, _ = _run(monkeypatch, capsys, ["play", "toy", "--seed", "3"], "quit\n")
    assert code == 0 and "You quit; the deal is abandoned (seed 3)." in out


def test_a_game_without_a_terminal_plugin_plays_a_match(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Any, toy: Any
) -> None:
    path = tmp_path / "match.json"
    code, out, err = _run(
        monkeypatch,
        capsys,
        ["play", "toy", "--seed", "4", "--deals", "2", "--record", str(path)],
        "#1\n" * 60,
    )
    assert code == 0 and err == ""
    assert "Deal 1 of 2" in out and "Deal 2 of 2" in out and "Score table" in out
    assert "Match over" in out and "Match record written to " in out
    match = toy.replay_match(json.loads(path.read_text(encoding="utf-8")))
    assert match.counted == 2
    assert f"Your total: {match.totals[0]:+d}" in out
