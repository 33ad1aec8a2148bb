"""The pieces the terminal commands share: :mod:`chupai.cli.session` (the frame of
every ``chupai play`` session) and :mod:`chupai.cli.replay_common` (the frame of
every replayer of ``chupai replay``).

The games' own tests drive whole sessions and replays; these check the shared
helpers one by one, on small fakes of a deal or a match.
"""

from __future__ import annotations

import argparse
import hashlib
import io
from collections.abc import Iterable
from enum import Enum
from typing import Any

import pytest
from rich.console import Console
from rich.text import Text

from chupai.cli.match_session import BaseMatchSession
from chupai.cli.replay_common import (
    action_table,
    add_action,
    describe_error,
    print_match,
    seed_text,
    verdict,
)
from chupai.cli.session import DealSession
from chupai.cli.terminal import (
    COMMANDS,
    EXIT_EOF,
    EXIT_OK,
    Command,
    EndOfInput,
    Quit,
    check_seat,
    commands_help,
    derive_seed,
    game_seed,
    match_length,
    ordinal,
    read_command,
    reads_commands,
    score_text,
    seat_bots,
    total_row,
)
from chupai.errors import ChupaiError, RecordError
from chupai.tournament import bot_seed


def console(width: int = 100) -> tuple[Console, io.StringIO]:
    buf = io.StringIO()
    return Console(file=buf, width=width, highlight=False), buf


def script(lines: Iterable[str]) -> Any:
    """A ``read_line`` that types ``lines``, then ends the input."""
    todo = list(lines)

    def read(_prompt: str) -> str:
        if not todo:
            raise EOFError
        return todo.pop(0)

    return read


# ----- input lines --------------------------------------------------------------------------


def test_read_command_finds_the_first_word_and_its_argument() -> None:
    commands = {**COMMANDS, "table": "table"}
    assert read_command("  Hint ALL ", commands, "table") == Command("hint", "all")
    assert read_command("q", commands, "table") == Command("quit")
    assert read_command("   ", commands, "table") == Command("table")
    assert read_command("3d 3s", commands, "table") is None


def test_reads_commands_passes_other_lines_stripped() -> None:
    seen: list[tuple[Any, int, str]] = []

    @reads_commands(COMMANDS, "show")
    def read(deal: Any, seat: int, line: str) -> str:
        """The game's reader."""
        seen.append((deal, seat, line))
        return "action"

    assert read("deal", 2, "") == Command("show")
    assert read("deal", 2, "help") == Command("help")
    assert seen == []
    assert read("deal", 2, "  3d 3s \n") == "action"
    assert seen == [("deal", 2, "3d 3s")]
    assert read.__doc__ == "The game's reader."


def test_commands_help_ends_with_redraw_help_and_quit() -> None:
    title, rows = commands_help(("hint", "suggest a move"), redraw="show")
    assert title == "Commands"
    assert [what for what, _ in rows] == ["hint", "show", "help", "quit"]


# ----- setup ------------------------------------------------------------------------------


def test_setup_checks() -> None:
    check_seat(3, 4, "a 4-player deal")
    with pytest.raises(ChupaiError, match=r"--seat 4 is not a seat of Big A \(0 to 3\)"):
        check_seat(4, 4, "Big A")
    args = argparse.Namespace(deals=3, target=None)
    assert match_length(args) == (3, None)
    assert match_length(argparse.Namespace()) == (None, None)
    with pytest.raises(ChupaiError, match="--deals must be at least 1, got 0"):
        match_length(argparse.Namespace(deals=0, target=None))
    with pytest.raises(ChupaiError, match="--to must be at least 1, got -5"):
        match_length(argparse.Namespace(deals=None, target=-5))
    assert game_seed(17) == (17, False)
    seed, random = game_seed(None)
    assert random and 1 <= seed < 1_000_000


def test_seeds_and_bots() -> None:
    digest = hashlib.blake2b(b"tag:5:2", digest_size=8).digest()
    assert derive_seed("tag", 5, 2) == int.from_bytes(digest, "big") % 1_000_000_000
    made: list[tuple[str, int]] = []

    def make(name: str, seed: int) -> str:
        made.append((name, seed))
        return name.upper()

    assert seat_bots(["a", "b", "c"], 1, 4, 9, make) == {0: "A", 2: "B", 3: "C"}
    assert made == [("a", bot_seed(9, 0)), ("b", bot_seed(9, 2)), ("c", bot_seed(9, 3))]


def test_words_and_cells() -> None:
    assert [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 102)] == [
        "1st",
        "2nd",
        "3rd",
        "4th",
        "11th",
        "12th",
        "13th",
        "21st",
        "102nd",
    ]
    assert score_text(3).plain == "+3" and str(score_text(3).style) == "green"
    assert str(score_text(-1).style) == "red" and str(score_text(0).style) == ""
    row = total_row([2, -4, 2], 1)
    assert [c.plain if isinstance(c, Text) else c for c in row] == ["Total", "", "+2", "-4", "+2"]
    assert [str(c.style) for c in row[2:] if isinstance(c, Text)] == [
        "bold green",
        "bold",
        "bold green",
    ]


# ----- sessions ----------------------------------------------------------------------------


class _Kind(Enum):
    PAIR = "pair"
    SINGLE = "single"


class _Deal:
    """One seat to act (the human, seat 0), whose only legal action is ``"ok"``."""

    top = None
    current_player = 0

    def __init__(self) -> None:
        self.done: list[Any] = []

    def is_terminal(self) -> bool:
        return bool(self.done)

    def why_illegal(self, action: Any) -> str | None:
        return None if action == "ok" else "not ok"


class _Session(DealSession):
    HELP = (("Play", (("ok", "the move"),)),)

    def __init__(self, lines: Iterable[str], **options: Any):
        super().__init__(0, 7, read_line=script(lines), **options)
        self.deal = _Deal()
        self.drawn = 0

    def parse(self, line: str) -> Any:
        if line == "bad":
            raise ChupaiError("bad line")
        return read_command(line, COMMANDS, "show") or line

    def draw(self) -> None:
        self.drawn += 1

    def apply(self, action: Any) -> None:
        self.deal.done.append(action)

    def hint(self, arg: str = "") -> None:
        self.say(f"hint {arg}")

    def explain_reason(self, action: Any, reason: str) -> Text:
        return Text(reason)

    def kind(self, kind: Any) -> str:
        return str(kind.value)

    def find_kind(self, text: str) -> Any:
        return next((k for k in _Kind if k.value == text), None)

    def cards(self, cards: int) -> Text:
        return Text(str(cards))

    def play_item(self, play: Any) -> Text:
        return Text(str(play))

    def intro(self) -> None:
        self.say("intro")

    def show_outcome(self) -> None:
        self.say("outcome")

    def record_data(self) -> Any:
        return {"done": self.deal.done}


def test_a_human_turn_answers_commands_and_refusals_then_applies() -> None:
    out, buf = console()
    s = _Session(["bad", "hint all", "", "nope", "help", "ok"], console=out)
    assert s.run() == EXIT_OK
    text = buf.getvalue()
    assert text.splitlines()[:4] == ["intro", "✗ bad line", "hint all", "✗ not ok"]
    assert "ok  the move" in text and text.rstrip().endswith("outcome")
    assert s.drawn == 2  # the turn's table, then the empty line
    assert s.deal.done == ["ok"]


def test_quit_and_end_of_input(tmp_path: Any) -> None:
    out, buf = console()
    assert _Session(["quit"], console=out, record=str(tmp_path / "r.json")).run() == EXIT_OK
    assert buf.getvalue().splitlines()[-2:] == [
        "You quit; the deal is abandoned (seed 7).",
        "No record written.",
    ]
    out, buf = console()
    assert _Session([], console=out).run() == EXIT_EOF
    assert buf.getvalue().splitlines()[-1] == "End of input; the deal is abandoned (seed 7)."


def test_a_record_is_written_at_the_end(tmp_path: Any) -> None:
    out, buf = console()
    path = tmp_path / "r.json"
    assert _Session(["ok"], console=out, record=str(path)).run() == EXIT_OK
    assert path.read_text(encoding="utf-8") == '{\n  "done": [\n    "ok"\n  ]\n}\n'
    assert buf.getvalue().splitlines()[-1] == f"Record written to {path}"


def test_verbs_agree_with_the_seat() -> None:
    s = _Session([], console=console()[0])
    assert [s.verb(0, v) for v in ("pass", "do not rob", "are")] == ["pass", "do not rob", "are"]
    assert [s.verb(1, v) for v in ("pass", "do not rob", "are", "have", "push", "lead")] == [
        "passes",
        "does not rob",
        "is",
        "has",
        "pushes",
        "leads",
    ]


def test_list_plays() -> None:
    out, buf = console()
    s = _Session([], console=out)
    by_kind = {_Kind.PAIR: list(range(10)), _Kind.SINGLE: [1]}
    s.list_plays(by_kind, "", passing=True, types=["pair", "single"])
    assert buf.getvalue().splitlines() == [
        "11 legal plays (pair 10, single 1) — or pass",
        "'hint all' lists them; 'hint pair' (or another type) lists one type.",
    ]
    buf.truncate(0), buf.seek(0)
    s.list_plays(by_kind, "all", passing=False, types=["pair", "single"])
    lines = buf.getvalue().splitlines()
    assert lines[1] == "pair (10)  first 8; 'hint pair' lists all"
    assert lines[2].split() == ["0", "1", "2", "3", "4", "5", "6", "7"]
    assert lines[3:] == ["single (1)", "1"]
    buf.truncate(0), buf.seek(0)
    s.list_plays({_Kind.SINGLE: [1]}, "pair", passing=False, types=["pair", "single"])
    assert buf.getvalue().splitlines()[-1] == "No legal pair now."
    s.list_plays(by_kind, "trio", passing=False, types=["pair", "single"])
    assert (
        buf.getvalue().splitlines()[-1] == "✗ unknown combination type 'trio'; types: pair, single"
    )


class _Match:
    """Two deals of a match won by seat 1 with +4."""

    planned, target, seed, players, counted = 2, None, 3, 3, 0
    totals = [-2, 4, -2]

    class rules:  # noqa: N801 - a stand-in for the rules object
        @staticmethod
        def spec() -> str:
            return "fake"

    def is_over(self) -> bool:
        return self.counted == 2

    def next_deal(self) -> int:
        self.counted += 1
        return self.counted

    def leaders(self) -> list[int]:
        return [1]

    def to_record(self) -> dict[str, Any]:
        return {"deals": self.counted}


class _MatchSession(BaseMatchSession):
    def title(self) -> str:
        return "Fake"

    def label(self) -> str:
        return f"Deal {self.match.counted + 1}"

    def score_table(self) -> Any:
        return "score table"

    def play_match_deal(self, deal: Any, label: str) -> None:
        self.say(f"{label}: deal {deal}")
        if self.lang == "quit":
            raise Quit()
        if self.lang == "eof":
            raise EndOfInput()


def test_a_match_plays_every_deal_then_says_who_leads(tmp_path: Any) -> None:
    out, buf = console(300)  # the record's path is long under pytest-xdist: no wrapping
    path = tmp_path / "m.json"
    s = _MatchSession(_Match(), 0, ["x", "y"], console=out, record=str(path), seed_was_random=True)
    assert s.run() == EXIT_OK
    lines = buf.getvalue().splitlines()
    assert "Fake — match" in lines[0]
    assert lines[1:4] == [
        "Rules: fake",
        "Match seed 3 (random: replay it with --seed 3); 2 deals.",
        "You are Seat 0. Bots: Seat 1 x, Seat 2 y.",
    ]
    assert lines[5:9] == ["Deal 1: deal 1", "score table", "Deal 2: deal 2", "score table"]
    assert lines[-2:] == [
        "After 2 deals: Seat 1 leads with +4. Your total: -2",
        f"Match record written to {path}",
    ]
    out, buf = console()
    assert _MatchSession(_Match(), 0, ["x", "y"], console=out, lang="eof").run() == EXIT_EOF
    assert buf.getvalue().splitlines()[-1] == "End of input; the match is abandoned (match seed 3)."


# ----- replays ------------------------------------------------------------------------------


def test_describe_error_names_the_action_and_its_seat() -> None:
    rec = {"actions": [{"seat": 2}, {"seat": 0}]}
    assert (
        describe_error(RecordError("action 2 (pass) by seat 0: not now", 1), rec)
        == "action 2 by seat 0: not now"
    )
    assert describe_error(RecordError("broken header"), rec) == "broken header"
    assert describe_error(RecordError("action 9: gone", 8), rec) == "action 9: gone"


def test_verdict(capsys: pytest.CaptureFixture[str]) -> None:
    def good(rec: Any, out: Console | None) -> int:
        return 1

    def bad(rec: Any, out: Console | None) -> int:
        raise RecordError("action 1 by seat 0: no", 0)

    assert verdict(good, {}, None) == 0
    assert verdict(bad, {"actions": [{"seat": 1}]}, None) == 1
    got = capsys.readouterr()
    assert got.out == "valid record: 1 action\n"
    assert got.err == "invalid record: action 1 by seat 1: no\n"


def test_the_action_table_is_printed_with_rows_only_also_on_errors() -> None:
    out, buf = console()
    with action_table(out) as table:
        pass
    assert buf.getvalue() == ""
    with pytest.raises(RecordError), action_table(out) as table:
        add_action(table, 0, 2, "3D", "bold", "single", ["leads", "deal over"])
        raise RecordError("next action is bad", 1)
    assert buf.getvalue().splitlines()[-1].split() == [
        "1",
        "2",
        "3D",
        "single",
        "leads;",
        "deal",
        "over",
    ]
    assert seed_text({"seed": 4}) == "seed 4"
    assert seed_text({}, "stock") == "no seed (stock given)"


def test_print_match() -> None:
    class Row:
        position, redeal, number, scores = 0, False, 1, [3, -3]

    class Match:
        planned, target, seed, players, totals = 2, 10, 5, 2, [3, -3]
        deals = ["first", "second"]

        def table(self) -> list[Row]:
            return [Row()]

    out, buf = console()
    print_match(
        out,
        "Game",
        {"spec": "rules"},
        Match(),
        played="1 counted",
        columns=[("deal", "right"), ("who", "left")],
        count=7,
        actions=lambda d: len(d),
        cells=lambda d, row: [str(row.number) if row else "-", d],
    )
    lines = [line.split() for line in buf.getvalue().splitlines()]
    assert lines[0] == ["Game", "match", "rules"]
    assert lines[1] == [
        "match",
        "seed",
        "5",
        "2",
        "deals",
        "or",
        "to",
        "±10",
        "2",
        "deals",
        "played",
        "(1",
        "counted)",
    ]
    assert lines[2] == ["deal", "who", "actions", "seat", "0", "seat", "1"]
    assert lines[3:] == [
        ["1", "first", "5", "+3", "-3"],
        ["-", "second", "6"],
        ["total", "7", "+3", "-3"],
    ]
