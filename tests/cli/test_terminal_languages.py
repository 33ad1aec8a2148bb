"""``chupai play --lang zh|ja``: the whole terminal speaks the player's language.

The main guard reads the terminal's code (``chupai/cli``) with :mod:`ast` and
collects every English template it writes through :mod:`chupai.i18n`
(``tr(lang, "...")``, ``self.t("...")``, ``Msg("...")``, ``plural(n, "...",
"...")``, the verbs of ``self.verb(seat, "...")`` in both persons, and the
literals of a local variable handed to one of them); each must have a 中文 and a
日本語 translation. The help screens and the notes kept in class attributes are
checked the same way. Then whole scripted deals of every game are played in
both languages and their transcripts searched for the English sentences the
table used to show.
"""

from __future__ import annotations

import ast
import importlib
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from scripted_play import play_args, run_scripted

import chupai.cli
from chupai.cli.main import main
from chupai.cli.play import run_play
from chupai.cli.seat_words import INPUT_NOTE
from chupai.cli.terminal import HINT_TEXTS, third_person
from chupai.i18n import tr, translation

CLI = Path(chupai.cli.__file__).parent
GAMES = ("bigtwo", "doudizhu", "biga")
"""The games whose terminal speaks through :mod:`chupai.i18n` (大怪路子's has its
own table of words in every language, checked by its own tests)."""


def _literals(node: ast.AST) -> Iterator[str]:
    """The strings a template argument can be: a literal, either branch of a
    conditional, the parts of an implicit concatenation."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        yield node.value
    elif isinstance(node, ast.IfExp):
        yield from _literals(node.body)
        yield from _literals(node.orelse)


def _assigned(func: ast.AST, name: str) -> Iterator[str]:
    """The literals assigned to the local variable ``name`` in ``func``."""
    for node in ast.walk(func):
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == name for t in node.targets
        ):
            yield from _literals(node.value)


def _call_name(call: ast.Call) -> str:
    f = call.func
    return f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else ""


_HEADERS = ("outcome_table", "score_columns", "seats_frame")
"""The calls whose string arguments are column headers (translated by the table)."""
_TEMPLATE_ARG = {
    "sentence": (1, 2),
    "rt": (1,),
    "t": (0,),
    "tr": (1,),
    "Msg": (0,),
    "plural": (1, 2),
    "joined": (1,),
}


def templates(tree: ast.AST) -> Iterator[str]:
    """Every English template the code of ``tree`` hands to the translations."""
    funcs = [n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]
    for func in funcs:
        for call in ast.walk(func):
            if not isinstance(call, ast.Call):
                continue
            name = _call_name(call)
            if name == "verb" and len(call.args) > 1:
                for verb in _literals(call.args[1]):
                    yield from (verb, third_person(verb))
                continue
            if name in _HEADERS:
                for arg in call.args:
                    first = arg.elts[0] if isinstance(arg, ast.Tuple) and arg.elts else arg
                    yield from _literals(first)
                continue
            for i in _TEMPLATE_ARG.get(name, ()):
                if i >= len(call.args):
                    continue
                arg = call.args[i]
                yield from _literals(arg)
                if isinstance(arg, ast.Name):
                    yield from _assigned(func, arg.id)


def _needs_words(text: str) -> bool:
    return bool(re.search(r"[A-Za-z]{2}", re.sub(r"\{[^}]*\}", "", text)))


_COMMAND_LINE = ("main.py", "simulate.py", "rules.py")
"""The command line's own modules (arguments, ``chupai simulate``'s report, ``chupai
rules``): English, as ``--help`` is."""


def _terminal_files() -> list[Path]:
    """The modules of the game screen, ``chupai play`` and ``chupai replay`` (大怪路子's
    table has its own words, checked by its tests; its replay is checked here)."""
    return [
        p
        for p in sorted(CLI.rglob("*.py"))
        if p.name not in _COMMAND_LINE and ("daguailuzi" not in p.parts or p.name == "replay.py")
    ]


def _constants() -> Iterator[str]:
    """The texts kept in constants and class attributes: help screens, hint texts,
    the notes of a match's intro and end."""
    yield INPUT_NOTE
    yield from HINT_TEXTS.values()
    for game in GAMES:
        module = importlib.import_module(f"chupai.cli.games.{game}.play")
        for obj in vars(module).values():
            for title, rows in getattr(obj, "HELP", ()) or ():
                yield title
                yield from (meaning for _, meaning in rows)
            for attr in ("INTRO_NOTE", "END_TITLE"):
                text = getattr(obj, attr, "")
                if isinstance(text, str) and text:
                    yield text
    for path in _terminal_files():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            # module-level tables of templates named *_EVENTS / *_TEXTS
            if isinstance(node, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id.endswith(("_EVENTS", "_TEMPLATES"))
                for t in node.targets
            ):
                for c in ast.walk(node.value):
                    if isinstance(c, ast.Constant) and isinstance(c.value, str):
                        yield c.value


def untranslated() -> list[str]:
    """The templates of the terminal without a 中文 or a 日本語 text."""
    for game in GAMES:
        importlib.import_module(f"chupai.cli.games.{game}.play")
    importlib.import_module("chupai.cli.games.daguailuzi.replay")
    found: list[str] = []
    texts = list(_constants())
    for path in _terminal_files():
        texts += templates(ast.parse(path.read_text(encoding="utf-8")))
    for text in texts:
        if not _needs_words(text) or text in found or text.startswith("--"):
            # (a bad command-line option is refused before the game, in English)
            continue
        if translation(text, "zh") is None or translation(text, "ja") is None:
            found.append(text)
    return found


def test_every_terminal_text_has_chinese_and_japanese() -> None:
    missing = untranslated()
    assert not missing, "\n".join(repr(m) for m in missing)


def test_the_collector_sees_the_ways_a_text_is_written() -> None:
    code = (
        "def f(self, me):\n"
        "    a = 'A1' if me else 'A2'\n"
        "    self.t(a)\n"
        "    self.t('B', x=1)\n"
        "    tr(lang, 'C')\n"
        "    Msg('D')\n"
        "    plural(n, 'E1', 'E2')\n"
        "    self.verb(seat, 'pass')\n"
    )
    got = set(templates(ast.parse(code)))
    assert got == {"A1", "A2", "B", "C", "D", "E1", "E2", "pass", "passes"}


# ----- whole deals in 中文 and 日本語 -------------------------------------------------

ENGLISH: tuple[str, ...] = (
    "Your turn",
    "Your hand",
    "Your bid",
    "Your decision",
    "Your score",
    "Your total",
    "Seat ",
    "You ",
    "Bots:",
    "Rules:",
    "Seed ",
    "Hint:",
    "Deal over",
    "Winner",
    "Score table",
    "Total",
    "Match over",
    "Series over",
    "On the table",
    "passes",
    " plays ",
    " leads ",
    "won the trick",
    "Type 'help'",
    "written to",
    "Finishing order",
    "Dealer",
    "landlord",
    "peasant",
    "declarer",
    "partner",
    "Cards left",
    "legal play",
    "left!",
    "out!",
    "beat ",
    "Stakes",
    "Kitty",
    "first;",
    "(dealer)",
    "does not beat",
    "to follow",
    "Commands",
    "this text",
    "draw the table",
)
"""English the table used to show; none of it may remain in 中文 or 日本語."""

SCRIPTS: dict[str, tuple[str, dict[str, object]]] = {
    # game: (the script, the options); every prompt of the script ends in a move
    "bigtwo": ("help\nhint\nhint all\n" + "0 1\n0\npass\n" * 120, {"deals": 2}),
    "doudizhu": ("help\nhint\nbid 3\n" + "hint\n#0\npass\n" * 60, {"deals": 2}),
    "biga": ("help\n" + "n\nhint\nm1\n" * 120, {}),
    "daguailuzi": ("help\n" + "0\npass\n26\n" * 300, {}),
}


_REPLAY_ENGLISH = re.compile(
    r"\b(seat|action|type|score|winners?|finishing|dealer|landlord|peasants?|declarer|"
    r"partner|redeal|deal|trick|goes out|first|kitty|leftover|penalty|role|cards)\b"
)
"""English words of a replay, none of which may remain in 中文 or 日本語."""


def english_lines(out: str) -> list[str]:
    """The lines of a transcript showing English the table used to say (the lines
    typed, echoed after ``> ``, are the player's own)."""
    return [
        line
        for line in out.splitlines()
        if not line.startswith(">") and any(word in line for word in ENGLISH)
    ]


GAMES_AND_LANGUAGES = [
    *((game, lang) for game in ("bigtwo", "doudizhu", "biga") for lang in ("zh", "ja")),
    ("daguailuzi", "ja"),  # its table's words are tested by its own tests; here its replay
]


@pytest.mark.parametrize(("game", "lang"), GAMES_AND_LANGUAGES)
def test_a_whole_game_speaks_the_language(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    game: str,
    lang: str,
) -> None:
    script, options = SCRIPTS[game]
    record = str(tmp_path / "record.json")
    bots = "heuristic" if game in ("biga", "daguailuzi") else "greedy"
    namespace = play_args(game, seed=3, bots=bots)
    namespace.lang = lang
    namespace.record = record
    for key, value in options.items():
        setattr(namespace, key, value)
    code, out = run_scripted(monkeypatch, capsys, run_play, namespace, script, columns=200)
    assert code == 0
    assert Path(record).is_file()
    assert not english_lines(out), "\n".join(english_lines(out))
    you = translation("You", lang)
    assert you is not None and you in out
    # the record replays in the same language
    assert main(["replay", record, "--lang", lang]) == 0
    shown = capsys.readouterr().out.replace("valid record:", "")
    assert not [line for line in shown.splitlines() if _REPLAY_ENGLISH.search(line)], shown


@pytest.mark.parametrize("lang", ["zh", "ja"])
def test_quitting_and_the_help_screen_speak_the_language(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], lang: str
) -> None:
    namespace = play_args("bigtwo", seed=3, bots="greedy", lang=lang)
    code, out = run_scripted(
        monkeypatch, capsys, run_play, namespace, "help\n帮助\n过\nquit\n", columns=100
    )
    assert code == 0
    assert not english_lines(out), "\n".join(english_lines(out))
    assert out.count(tr(lang, "this text")) == 2  # 帮助 is help too
    assert (
        tr(lang, "You quit; {what}.", what=tr(lang, "the deal is abandoned (seed {seed})", seed=3))
        in out
    )


def test_the_translated_words_are_read_as_the_commands() -> None:
    from chupai.bigtwo.game import PASS, new_deal
    from chupai.bigtwo.rules import STANDARD
    from chupai.cli.games.bigtwo.play_input import read_input
    from chupai.cli.terminal import Command

    deal = new_deal(STANDARD, 1)
    assert read_input(deal, 0, "提示") == Command("hint")
    assert read_input(deal, 0, "ヘルプ") == Command("help")
    assert read_input(deal, 0, "終了") == Command("quit")
    if deal.top is not None:  # pragma: no cover - the first lead has no top
        assert read_input(deal, 0, "パス") is PASS
    assert read_input(deal, 0, " 过 ") is PASS


def test_the_docs_example_is_what_the_table_shows(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    page = (Path(__file__).parents[2] / "docs" / "terminal.md").read_text(encoding="utf-8")
    block = page.split("```text\n", 1)[1].split("```", 1)[0]
    namespace = play_args("bigtwo", seed=5, bots="greedy", lang="zh")
    _, out = run_scripted(monkeypatch, capsys, run_play, namespace, "过\nquit\n", columns=100)
    shown = [line.rstrip() for line in out.splitlines()]
    for line in block.splitlines():
        assert line in shown, line
