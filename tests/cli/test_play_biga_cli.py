"""The Big A terminal game (``chupai play biga``), driven by scripted input.

Whole deals run through :func:`run_play_biga` with standard input replaced by a
script (``m1``: the first move of the ``moves`` list, always legal) and the
transcript read from the captured standard output, as for the other games. The
draw, the declarations, captures and the partner's reveal are tested on crafted
stocks (:meth:`BigADeal.from_stock`): a :class:`BigASession` reads the human's
lines from a list while the test makes the bots' moves itself, so every situation
is reached exactly.
"""

from __future__ import annotations

import argparse
import io
import json
import re
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from scripted_play import play_args, run_scripted

from chupai.biga.cards import DECK, FACE_NAMES, NFACES, SUITED_ACE, parse_cards, unpack
from chupai.biga.combos import Combo, classify
from chupai.biga.game import DECLINE, PASS, STAY_HIDDEN, BigADeal, Capture, Declare, Phase
from chupai.biga.record import replay
from chupai.biga.rules import STANDARD
from chupai.bots import make_bot
from chupai.cli.main import main
from chupai.cli.play_biga import (
    DEFAULT_BOTS,
    HELP,
    BigASession,
    Command,
    move_list,
    read_input,
    run_play_biga,
    series_seed,
    table_row,
)
from chupai.cli.terminal import EndOfInput, Quit
from chupai.errors import ChupaiError

AUTOPLAY = "m1\n" * 600
"""Every prompt answered with the first legal move (a declaration when there is
one, a lead or the weakest play when following, else pass)."""


def args(**kw: Any) -> argparse.Namespace:
    """The namespace ``chupai play`` builds, for biga."""
    return play_args("biga", **({"seed": 5, "bots": "random"} | kw))


def play(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], script: str, **kw: Any
) -> tuple[int, str]:
    """Run the game with ``script`` on standard input: (exit status, transcript)."""
    return run_scripted(monkeypatch, capsys, run_play_biga, args(**kw), script, columns=200)


# ----- crafted deals -------------------------------------------------------------------


def crafted(draws: dict[int, list[str]], last: dict[int, str]) -> BigADeal:
    """A deal drawn first by seat 0 in which seat ``s`` draws the cards ``draws[s]``
    first, then ordinary cards, and ``last[s]`` as its last card (cards 103-107).
    Every Ace must be placed by the caller."""
    named = [parse_cards(c) for cs in draws.values() for c in cs] + [
        parse_cards(c) for c in last.values()
    ]
    left = list(unpack(DECK - sum(named)))
    assert sum(left[SUITED_ACE:]) == 0, "place every Ace"
    pool = [f for copy in range(8) for f in range(NFACES) if left[f] > copy]
    stock: list[int] = [-1] * 108
    for seat in range(5):
        ks = [k for k in range(103) if k % 5 == seat]
        for k, c in zip(ks, draws.get(seat, []), strict=False):
            stock[k] = FACE_NAMES.index(c)
    for k in range(108):
        if stock[k] < 0:
            c = last.get(k % 5) if k > 102 else None
            stock[k] = FACE_NAMES.index(c) if c is not None else pool.pop(0)
    return BigADeal.from_stock(STANDARD, stock, 0)


def session(lines: Iterable[str], human: int = 0) -> tuple[BigASession, io.StringIO]:
    """A session whose human types ``lines`` (then the input ends)."""
    todo = list(lines)

    def read(_prompt: str) -> str:
        if not todo:
            raise EOFError
        return todo.pop(0)

    buf = io.StringIO()
    console = Console(file=buf, width=200, highlight=False)
    s = BigASession(
        STANDARD, 1, human, ["random"] * 4, console=console, read_line=read, echo_input=True
    )
    return s, buf


def bots_until(
    s: BigASession,
    stop: Callable[[BigADeal], bool],
    choose: Callable[[BigADeal], Any] = lambda d: d.legal_actions()[-1],
) -> None:
    """Play the bots' turns with ``choose`` (default: decline, keep hidden, stay
    hidden or pass) and the human's from the script, until ``stop``."""
    deal = s.deal
    while not stop(deal):
        if deal.current_player == s.human:
            s.human_turn()
        else:
            s.apply(choose(deal))


def cards(text: str, big: int | None = 2) -> Combo:
    combo = classify(parse_cards(text, big), STANDARD, big)
    assert combo is not None
    return combo


def errors(text: str) -> list[str]:
    return [line[2:] for line in text.splitlines() if line.startswith("✗ ")]


# The human (seat 0) draws AH first, and a 4 4 5 6 7 7 7 8; seat 1's last card is
# the other AH (the partner); single Aces of the other suits elsewhere, no pairs.
DECLARER_DRAWS = {
    0: ["AH", "4", "4", "5", "6", "7", "7", "7", "8", "9", "9"],
    2: ["AD", "AC"],
    3: ["AD", "AS"],
    4: ["AC", "AS", "8", "8", "8"],
}
DECLARER_LAST = {1: "AH"}


def declared(lines: list[str]) -> tuple[BigASession, io.StringIO]:
    """The human shows AH at the first checkpoint; the partner stays hidden."""
    s, buf = session(["y", *lines])
    s.start_deal(crafted(DECLARER_DRAWS, DECLARER_LAST))
    s.sync()
    bots_until(s, lambda d: d.phase is Phase.PLAY)
    return s, buf


# ----- the draw and the questions before play ----------------------------------------------


def test_declaring_and_the_partner_playing_the_twin_ace() -> None:
    s, buf = session(["maybe", "show AD", "show AH AH", "y", "m 1", "pass"])
    s.start_deal(crafted(DECLARER_DRAWS, DECLARER_LAST))
    s.sync()
    deal = s.deal
    assert deal.current_player == 0 and deal.legal_actions() == [Declare(2, False), DECLINE]
    s.human_turn()
    out = buf.getvalue()
    assert "You draw AH  (1 card; 1 of 108 drawn)" in out
    assert "Declare? 'show AH', or 'decline' (n) — 'y' shows" in out
    errs = errors(out)
    assert errs[0] == "'maybe' is not a declaration: type 'show AH' or 'decline'"
    assert errs[1].startswith("you cannot show AD now (you do not hold an AD)")
    assert errs[2].startswith("you cannot show AH AH now (you do not hold both AH)")
    assert (
        "You show AH: you are the declarer, hearts are the Big Ace suit; the holder of "
        "the other AH is the secret partner" in out
    )
    assert deal.declarer == 0 and deal.phase is Phase.REVEAL and deal.current_player == 1
    s.apply(STAY_HIDDEN)  # private: nothing is printed
    out = buf.getvalue()
    assert "stay" not in out.split("secret partner", 1)[1]
    assert "You are the declarer; the holder of the other AH is your secret partner." in out
    assert "Final round: your last card is" in out
    assert "The play · Declarer: You · Big Aces: AH · Partner: hidden" in out
    s.human_turn()  # "m 1": the weakest lead, a single 3 or 4
    assert "You lead single " in buf.getvalue()
    s.apply(cards("AH"))  # seat 1 plays the twin Big Ace
    out = buf.getvalue()
    assert "Seat 1 plays single AH★" in out
    assert "Seat 1 played AH: Seat 1 is the declarer's partner" in out
    for _ in range(3):
        s.apply(PASS)
    s.human_turn()  # nothing beats a Big Ace: "pass"
    out = buf.getvalue()
    assert "Declarer: You · Big Aces: AH · Partner: Seat 1" in out  # the status from now on
    assert re.search(r"Seat 1 random\s+partner", out)
    assert "Seat 1 won the trick and leads." in out


def test_the_human_is_asked_only_when_its_declarations_change() -> None:
    # the human draws AD at card 0 and AC at card 50; seat 1 holds an AH, seats 3
    # and 4 single Aces: the bots decline at every checkpoint, nobody declares, and
    # the forced ♥A declaration makes seat 1 the declarer; the human's last card is
    # the other AH: it is the partner and is asked whether to reveal itself.
    draws = {0: ["AD"] + ["5"] * 7 + ["9", "9", "AC"], 1: ["AH"], 3: ["AD"], 4: ["AC"]}
    last = {0: "AH", 3: "AS", 4: "AS", 1: "6", 2: "6"}
    s, buf = session(["n", "decline", "y"])
    s.start_deal(crafted(draws, last))
    s.sync()
    bots_until(s, lambda d: d.phase is Phase.PLAY, lambda d: d.legal_actions()[-1])
    out = buf.getvalue()
    deal = s.deal
    mine = [ev for ev in deal.history if ev.seat == 0 and ev.action == DECLINE]
    assert len(mine) > 40  # the engine asked the human at every checkpoint
    assert out.count("Declare? ") == 2  # the human was asked twice: AD, then AD and AC
    assert "Declare? 'show AD' or 'show AC', or 'decline' (n)" in out
    assert (
        "Nobody declared: each player in turn says whether they hold an AH; Seat 1 is "
        "the first who does and becomes the declarer, hearts are the Big Ace suit "
        "(forced declaration)" in out
    )
    assert "Final round: your last card is AH★" in out
    assert "You hold the other AH: you are Seat 1's partner." in out
    assert "Reveal yourself (revealed-partner table)? y/n" in out
    assert (
        "You reveal yourself: you hold the other AH and are Seat 1's partner "
        "(the revealed-partner table applies)" in out
    )
    assert deal.partner_revealed and deal.public_partner == 0
    assert "Partner: You (revealed)" in out


def test_showing_the_second_big_ace_before_play() -> None:
    s, buf = session(["show AH", "maybe", "y"])
    s.start_deal(crafted({0: ["AH"], 2: ["AD", "AC"], 3: ["AD", "AS"], 4: ["AC", "AS"]}, {0: "AH"}))
    s.sync()
    bots_until(s, lambda d: d.phase is Phase.PLAY)
    out = buf.getvalue()
    assert (
        "You hold both Big Aces. Show the second AH (you play alone; every score "
        "doubled)? y/n" in out
    )
    assert errors(out) == ["show your second Big Ace? type 'y' (show_second) or 'n' (keep_hidden)"]
    assert "You show the second AH: you play alone; every score is doubled" in out
    assert s.deal.two_shown and s.deal.alone_known
    assert "Partner: none — the declarer plays alone" in out


def test_a_double_show_is_announced_as_fan_da_a() -> None:
    s, buf = session(["n"])
    s.start_deal(
        crafted({0: ["AD"], 1: ["AS", "AS"], 2: ["AH", "AC"], 3: ["AD", "AH"], 4: ["AC"]}, {})
    )
    s.sync()

    def choose(deal: BigADeal) -> Any:
        legal = deal.legal_actions()
        if deal.current_player == 2 and Declare(2, False) in legal:
            return Declare(2, False)
        if deal.current_player == 1 and Declare(3, True) in legal:
            return Declare(3, True)
        return legal[-1]

    bots_until(s, lambda d: d.phase is Phase.PLAY, choose)
    out = buf.getvalue()
    assert "Seat 2 shows AH: Seat 2 is the declarer" in out
    assert (
        "Seat 1 shows AS AS (反大A): Seat 1 is the declarer and plays alone, spades are "
        "the Big Ace suit; every score is doubled. Seat 2's declaration is cancelled "
        "(AH is an ordinary Ace again)" in out
    )
    assert "You hold no AS: you are a defender." in out


# ----- play -------------------------------------------------------------------------------


def test_bad_play_inputs_are_explained_and_asked_again() -> None:
    s, buf = declared(
        [
            "pass",
            "zz",
            "5 6 8",
            "12",
            "m 999",
            "show AH",
            "K K K K K K K K K",
            "capture 4 4",
            "A",
            "5",
        ]
    )
    s.human_turn()
    out = buf.getvalue()
    errs = errors(out)
    assert errs[0] == "you lead this trick, so you may not pass: play a combination"
    assert errs[1].startswith("unknown card token 'zz'")
    assert errs[2].startswith("not a combination: ")
    assert errs[3] == (
        "'12' is not a card; to pick card 12 of your hand type #12, "
        "to make move 12 of the 'moves' list m 12"
    )
    assert re.fullmatch(r"there are \d+ moves now: m 1 to m \d+ \('moves' lists them\)", errs[4])
    assert errs[5] == "'show' belongs to the draw, which is over; now play cards or pass"
    assert "appears 9 times" in errs[6]
    assert errs[7] == "there is nothing to capture: you lead this trick"
    assert errs[8].startswith("you hold no ordinary A (a Big Ace is written AH)")
    assert len(errs) == 9
    assert "You lead single 5" in out
    assert s.deal.history[-1].action == cards("5")


def test_captures_are_reported() -> None:
    s, buf = declared(["5", "capture 5 5", "9 9", "4 4"])
    s.human_turn()  # the human leads a single 5
    deal = s.deal
    for _ in range(3):
        s.apply(PASS)
    s.apply(cards("8 8 8"))  # seat 4: an egg over the single
    s.human_turn()
    out = buf.getvalue()
    assert "Your turn: beat egg 8 8 8, capture it with 4 4, or pass" in out
    errs = errors(out)
    assert errs[0] == "capture 8 8 8 with 2 fours: type 'capture 4 4'"
    assert errs[1] == "pair 9 9 does not beat egg 8 8 8 (only a higher bomb beats a bomb)"
    assert (
        "You capture 8 8 8 with 4 4: the 8 8 8 go into your hand, and pair 4 4 is the "
        "new top" in out
    )
    assert isinstance(deal.history[-1].action, Capture)
    s.apply(cards("K K"))  # seat 1 beats the pair of 4s
    assert "Seat 1 plays pair K K" in buf.getvalue()


def test_hint_moves_and_numbers(monkeypatch: pytest.MonkeyPatch) -> None:
    s, buf = declared(["hint", "moves", "help", "", "m2"])
    s.human_turn()
    out = buf.getvalue()
    assert re.search(r"Hint: .+\(type: .+ {2}or {2}m \d+\)", out)
    listing = re.search(r"(\d+) legal moves \(type 'm N' to make one\):", out)
    assert listing and int(listing.group(1)) > 10
    assert "m1 single " in out and "m2 " in out
    assert "asked only when your possible declarations change" in out  # the help text
    assert out.count("Your hand (") >= 2  # the empty line
    second = next(ev.action for ev in reversed(s.deal.history) if ev.seat == 0)
    assert isinstance(second, Combo)


# ----- whole deals through run_play_biga ------------------------------------------------


@pytest.fixture(scope="module")
def finished(tmp_path_factory: pytest.TempPathFactory) -> tuple[int, str, dict[str, Any]]:
    """A whole deal through the CLI: (exit status, transcript, record)."""
    path = tmp_path_factory.mktemp("biga") / "deal.json"
    mp = pytest.MonkeyPatch()
    buf = io.StringIO()
    try:
        mp.setenv("COLUMNS", "200")
        mp.setattr("sys.stdin", io.StringIO(AUTOPLAY))
        mp.setattr("sys.stdout", buf)
        code = run_play_biga(args(seed=5, record=str(path)))
    finally:
        mp.undo()
    return code, buf.getvalue(), json.loads(path.read_text(encoding="utf-8"))


def test_whole_deal_finishes_with_scores_and_record(
    finished: tuple[int, str, dict[str, Any]],
) -> None:
    code, out, rec = finished
    assert code == 0
    assert "Seed 5" in out and "You are Seat 0. Bots: Seat 1 random" in out
    assert "Deal over" in out and "Finishing order: 1st " in out
    deal = replay(rec)
    oc = deal.outcome
    assert oc is not None and not oc.redeal
    assert oc.to_dict() == rec["result"]
    assert f"Scoring: {table_row(oc)}" in out
    assert f"Your score: {oc.scores[0]:+d}" in out
    assert "Record written to " in out
    # the human played: at least one of its plays is in the record
    assert any(a["seat"] == 0 and a["action"] not in ("pass", "decline") for a in rec["actions"])
    # the human's hand grew during the draw, and the declarer was announced
    assert "You draw " in out and "Final round: your last card is " in out
    declarer = oc.declarer
    assert f"Declarer: {'You' if declarer == 0 else f'Seat {declarer}'}" in out


def test_partner_revealed_by_playing_the_twin_ace(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A seed where the hidden partner (a bot) plays its Big Ace during the deal."""
    path = tmp_path / "r.json"
    for seed in range(10, 60):
        code, out = play(monkeypatch, capsys, AUTOPLAY, seed=seed, record=str(path))
        assert code == 0
        rec = json.loads(path.read_text(encoding="utf-8"))
        res = rec["result"]
        if res["redeal"] or res["alone"] or res["partner_revealed"] or res["partner"] == 0:
            continue
        big = "A" + res["big_suit"]
        partner = res["partner"]
        if any(a["seat"] == partner and big in a["action"].split() for a in rec["actions"]):
            break
    else:
        pytest.fail("no seed with a hidden partner playing its Big Ace")
    line = f"Seat {partner} played {big}: Seat {partner} is the declarer's partner"
    assert line in out
    after = out.split(line, 1)[1]
    if "Your turn" in after:
        assert f"Partner: Seat {partner}" in after.split("Your turn", 1)[0]


def test_series_of_deals_with_running_totals(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "series.json"
    code, out = play(monkeypatch, capsys, AUTOPLAY, seed=7, deals=2, record=str(path))
    assert code == 0
    first = json.loads((tmp_path / "series-deal1.json").read_text(encoding="utf-8"))
    second = json.loads((tmp_path / "series-deal2.json").read_text(encoding="utf-8"))
    assert "Deal 1 of 2" in out and "Deal 2 of 2" in out and "Series over" in out
    nxt = first["result"]["next_first_drawer"]
    assert nxt == first["result"]["finishing_order"][0]
    assert second["first_drawer"] == nxt
    name = "You" if nxt == 0 else f"Seat {nxt}"
    assert f"Next deal: {name} draw{'' if nxt == 0 else 's'} first (the first player out)." in out
    assert second["seed"] == series_seed(7, 2) or "Redeal" in out
    totals = [
        a + b for a, b in zip(first["result"]["scores"], second["result"]["scores"], strict=True)
    ]
    assert f"Your total: {totals[0]:+d}" in out
    assert re.search(r"Total\s+" + r"\s+".join(re.escape(f"{t:+d}") for t in totals), out)


def test_quit_and_end_of_input(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "r.json"
    code, out = play(monkeypatch, capsys, "quit\n", seed=10, record=str(path))
    assert code == 0
    assert "You quit; the deal is abandoned (seed 10)." in out
    assert "No record written." in out and not path.exists()
    code, out = play(monkeypatch, capsys, "hint\n", seed=10)
    assert code == 1
    assert "Hint: " in out
    assert "End of input; the deal is abandoned (seed 10)." in out


def test_chupai_play_biga_dispatch(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
    assert main(["play", "biga", "--seed", "10", "--bots", "random"]) == 0
    out = capsys.readouterr().out
    assert "Big A" in out and "biga(preset=standard)" in out
    assert "You quit" in out


def test_default_bots_play_a_whole_deal(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Without --bots the strongest Big A bot available plays (helper bots load by
    name; ``random`` always exists)."""
    expected = None
    for name in DEFAULT_BOTS:
        try:
            make_bot(name, seed=0, game="biga")
        except ChupaiError:
            continue
        expected = name
        break
    code, out = play(monkeypatch, capsys, AUTOPLAY, seed=14, bots=None)
    assert code == 0
    assert (
        f"Bots: Seat 1 {expected}, Seat 2 {expected}, Seat 3 {expected}, Seat 4 {expected}." in out
    )
    assert "Deal over" in out and "Your score: " in out


def test_setup_errors() -> None:
    with pytest.raises(ChupaiError, match="--seat 5 is not a seat"):
        run_play_biga(args(seat=5))
    with pytest.raises(ChupaiError, match="exactly 5 players"):
        run_play_biga(args(players=4))
    with pytest.raises(ChupaiError, match="unknown bot 'clever'"):
        run_play_biga(args(bots="clever"))
    with pytest.raises(ChupaiError, match="--bots names 2 bots but there are 4"):
        run_play_biga(args(bots="random,random"))
    with pytest.raises(ChupaiError, match="--deals must be at least 1"):
        run_play_biga(args(deals=0))
    with pytest.raises(ChupaiError, match="--to is not available"):
        run_play_biga(args(target=10))
    with pytest.raises(ChupaiError, match="no such directory"):
        run_play_biga(args(record="/nonexistent/dir/r.json"))


# ----- read_input and the scoring words ------------------------------------------------------


def test_read_input() -> None:
    s, _ = declared([])
    deal = s.deal
    assert read_input(deal, 0, "") == Command("table")
    assert read_input(deal, 0, "moves") == Command("moves")
    assert read_input(deal, 0, "hint") == Command("hint")
    assert read_input(deal, 0, "7 7 7") == cards("7 7 7")
    assert read_input(deal, 0, "9s 9h") == cards("9 9")
    assert read_input(deal, 0, "AH").kind.value == "single"
    assert read_input(deal, 0, "m1") == move_list(deal)[0] == read_input(deal, 0, "move 1")
    for bad, message in (
        ("m x", "not a move number"),
        ("#x", "not a hand index"),
        ("AH AH", "not 2"),
        ("0", "'0' is not a card"),
    ):
        with pytest.raises(ChupaiError, match=re.escape(message)):
            read_input(deal, 0, bad)
    assert read_input(deal, 0, "pass") == PASS  # well formed; refused by the table


def test_help_documents_every_input() -> None:
    text = " ".join(f"{a} {b}" for _, rows in HELP for a, b in rows)
    for word in (
        "show AH",
        "show AH AH",
        "decline",
        "y / n",
        "capture 4 4",
        "pass",
        "m 3",
        "#0 #1",
        "hint",
        "moves",
        "table",
        "help",
        "quit",
        "asked only when",
    ):
        assert word in text


class _Out:
    """The fields of an Outcome that :func:`table_row` reads."""

    def __init__(
        self,
        order: tuple[int, ...],
        declarer: int,
        partner: int | None,
        revealed: bool = False,
        two_shown: bool = False,
    ):
        self.finishing_order = order
        self.declarer = declarer
        self.partner = partner
        self.alone = partner is None
        self.partner_revealed = revealed
        self.two_shown = two_shown


@pytest.mark.parametrize(
    ("outcome", "row"),
    [
        # biga.md §10.4, declarer seat 0 and partner seat 1
        (_Out((0, 2, 1, 3, 4), 0, 1), "partner hidden, positions 1 and 3"),
        (_Out((1, 0, 2, 3, 4), 0, 1, revealed=True), "partner revealed, positions 1 and 2"),
        (_Out((2, 1, 3, 4, 0), 0, 1), "partner hidden, partner 2, declarer 5"),
        (_Out((2, 3, 4, 0, 1), 0, 1), "partner hidden, positions 4 and 5"),
        (_Out((0, 1, 2, 3, 4), 0, None), "declarer alone, position 1"),
        (
            _Out((1, 2, 3, 4, 0), 0, None, two_shown=True),
            "declarer alone, position 5, two Big Aces shown (doubled)",
        ),
        (_Out((1, 2, 0, 3, 4), 0, None), "declarer alone, position 3"),
        (_Out((2, 0, 3, 4, 1), 0, 1), "partner hidden, declarer 2, partner 5"),
        (_Out((2, 0, 3, 4, 1), 1, 0), "partner hidden, partner 2, declarer 5"),
        (_Out((0, 2, 3, 4, 1), 0, 1), "partner hidden, positions 1 and 5"),
    ],
)
def test_table_row(outcome: _Out, row: str) -> None:
    assert table_row(outcome) == row


def test_end_of_input_and_quit_are_exceptions_of_the_session() -> None:
    s, _ = session([])
    s.start_deal(crafted(DECLARER_DRAWS, DECLARER_LAST))
    s.sync()
    with pytest.raises(EndOfInput):
        s.human_turn()
    s, _ = session(["quit"])
    s.start_deal(crafted(DECLARER_DRAWS, DECLARER_LAST))
    s.sync()
    with pytest.raises(Quit):
        s.human_turn()
    assert s.deal.legal_actions()[0] == Declare(2, False)


def test_deals_play_the_big_a_match(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """``--deals N`` plays :class:`chupai.biga.match.Match` (not a loop of its own):
    the match's seeds and first drawers, the score table after each deal, and a
    match record that ``chupai replay`` reads."""
    from chupai.biga.match import deal_seed, replay_match

    path = tmp_path / "m.json"
    code, out = play(monkeypatch, capsys, AUTOPLAY, seed=7, deals=2, record=str(path))
    assert code == 0
    rec = json.loads(path.read_text(encoding="utf-8"))
    assert rec["format"] == "chupai-match" and rec["game"] == "biga" and rec["seed"] == 7
    match = replay_match(rec)
    assert match.counted == 2
    assert match.deals[0].seed == deal_seed(7, 0)
    first = match.deals[0].outcome
    assert match.deals[1].first_drawer == first.next_first_drawer
    assert out.count("Score table") == 2 and "Match record written to " in out
    assert f"Your total: {match.totals[0]:+d}" in out
    assert main(["replay", str(path), "--quiet"]) == 0
