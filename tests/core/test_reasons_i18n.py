"""Every reason the engines give is a :class:`chupai.i18n.Msg` with its 中文 and
日本語: the templates written in the source all have both, and the reasons of
random illegal plays of every game (hypothesis) hold no untranslated template."""

from __future__ import annotations

import ast
import importlib
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings, strategies as st

from chupai.errors import ChupaiError, IllegalActionError
from chupai.i18n import Msg, translate, translation
from chupai.protocol import get_game

SRC = Path(__file__).resolve().parents[2] / "src" / "chupai"
GAMES = ("bigtwo", "doudizhu", "biga", "daguailuzi")


def _templates(tree: ast.AST) -> Iterator[tuple[int, str]]:
    """The literal templates of ``Msg(...)`` and ``plural(...)`` calls."""
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
        args = node.args[:1] if name == "Msg" else node.args[1:3] if name == "plural" else []
        for arg in args:
            if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                yield node.lineno, arg.value
            elif isinstance(arg, ast.IfExp):  # Msg("a" if x else "b")
                for side in (arg.body, arg.orelse):
                    if isinstance(side, ast.Constant) and isinstance(side.value, str):
                        yield node.lineno, side.value


def _module(path: Path) -> str:
    return ".".join(("chupai", *path.relative_to(SRC).with_suffix("").parts))


def test_every_message_template_in_the_source_is_translated() -> None:
    missing = []
    found = 0
    for path in sorted(SRC.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        if "Msg(" not in text and "plural(" not in text:
            continue
        hits = list(_templates(ast.parse(text)))
        if not hits:
            continue
        importlib.import_module(_module(path))  # its catalog comes with it,
        package = _module(path).rsplit(".", 1)[0]  # or with its package's messages
        if (path.parent / "messages.py").exists():
            importlib.import_module(package + ".messages")
        for line, template in hits:
            found += 1
            for lang in ("zh", "ja"):
                if translation(template, lang) is None:
                    missing.append(f"{path.relative_to(SRC)}:{line} {lang}: {template!r}")
    assert found > 80  # the scan sees the engines' reasons
    assert missing == [], "\n".join(missing)


def test_the_reasons_kept_as_data_are_translated() -> None:
    """The templates the engines keep in tables (Dou Dizhu's diagnoses, Big Two's
    shapes) rather than write in a call."""
    from chupai.bigtwo import combos as b2, messages as _b2  # noqa: F401
    from chupai.doudizhu import messages as _ddz  # noqa: F401
    from chupai.doudizhu.diagnoses import DIAGNOSES

    texts = [text for _, text in DIAGNOSES]
    texts += [shape.refusal for shape in b2.SHAPES if shape.refusal]
    texts += [*b2._NO_SHAPE.values(), b2._NO_RUN, b2._NO_FIVE]
    for text in texts:
        for lang in ("zh", "ja"):
            assert translation(text, lang) is not None, (lang, text)


def _untranslated(value: Any) -> list[str]:
    """The templates of ``value`` and its nested messages without a translation."""
    if not isinstance(value, Msg):
        return []
    out = [
        f"{lang}: {value.template!r}"
        for lang in ("zh", "ja")
        if translation(value.template, lang) is None
    ]
    for field in value.fields.values():
        out += _untranslated(field)
    return out


def _in_play(game: str, seed: int) -> Any:
    """A deal of ``game`` in its play phase, some random plays in."""
    spec = get_game(game)
    deal = spec.new_deal(spec.resolve(), seed)
    rng = random.Random(seed)
    steps = rng.randrange(12)
    while not deal.is_terminal() and (str(deal.phase.value) != "play" or steps > 0):
        if str(deal.phase.value) == "play":
            steps -= 1
        deal.apply_action(rng.choice(deal.legal_actions()))
    return deal


def _reason(deal: Any, text: str) -> Any:
    try:
        action = deal.parse_action(text)
    except IllegalActionError as exc:
        return exc.reason
    except ChupaiError:
        return None
    return deal.why_illegal(action)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    game=st.sampled_from(GAMES),
    seed=st.integers(0, 2**20),
    pick=st.lists(st.integers(0, 30), min_size=1, max_size=6),
)
def test_reasons_of_illegal_plays_are_translated(game: str, seed: int, pick: list[int]) -> None:
    deal = _in_play(game, seed)
    if deal.is_terminal():
        reason = deal.why_illegal(deal.legal_actions()[0] if deal.legal_actions() else None)
        assert isinstance(reason, Msg) and not _untranslated(reason)
        return
    spec = get_game(game)
    me = deal.current_player
    hand = spec.facts(deal.observe(me)).hand
    other = spec.facts(deal.observe((me + 1) % deal.players)).hand
    pool = list(hand) + list(other[:3])  # a card another seat holds, now and then
    text = " ".join(dict.fromkeys(pool[i % len(pool)] for i in pick))
    for asked in (text, "pass"):
        reason = _reason(deal, asked)
        if reason is None:
            continue
        assert isinstance(reason, Msg), (game, asked, reason)
        assert _untranslated(reason) == [], (game, asked, reason)
        for lang in ("zh", "ja"):
            shown = translate(reason, lang)
            assert shown and shown != str(reason) or not reason.template, (lang, shown)


def test_the_architecture_page_example_runs() -> None:
    import doctest

    text = (SRC.parents[1] / "docs" / "architecture.md").read_text(encoding="utf-8")
    test = doctest.DocTestParser().get_doctest(text, {}, "architecture.md", None, 0)
    assert test.examples  # the reasons example
    result = doctest.DocTestRunner(optionflags=doctest.NORMALIZE_WHITESPACE).run(test)
    assert result.failed == 0
