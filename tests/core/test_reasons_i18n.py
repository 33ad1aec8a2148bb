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


WORDS = ("pass", "bid 3", "bid 1", "rob", "no", "show", "decline", "keep", "redeal", "take")
HEADS = ("", "give ", "name ", "keep ", "show ", "tribute ", "return ", "offer ", "take ")
SETUPS: dict[str, list[tuple[dict[str, str], dict[str, Any]]]] = {
    # rules overrides and deal arguments that open each decision phase
    "bigtwo": [
        ({"series": "class_struggle"}, {"first_deal": False, "ranking": [2, 0, 3, 1]}),
        ({"series": "class_struggle", "pre_exchange": "true"}, {}),
        *(
            (
                {"series": "tribute", "tribute_method": m},
                {"first_deal": False, "ranking": [1, 3, 0, 2]},
            )
            for m in ("choose_hands", "one_card", "two_cards", "draw_three")
        ),
        ({"players": "3", "leftover_rule": "malaysian"}, {}),
        ({"players": "3", "leftover_rule": "to_starting_card_holder"}, {}),
        ({"redeal_four_twos": "true", "redeal_max_points": "15"}, {}),
    ],
    "doudizhu": [({}, {})],
    "biga": [({}, {})],
    "daguailuzi": [
        ({}, {"givers": [1], "recipients": [0]}),
        ({}, {"givers": [1, 3], "recipients": [0, 2]}),
    ],
}


def _setup(game: str, k: int) -> tuple[Any, dict[str, Any]]:
    spec = get_game(game)
    overrides, extra = SETUPS[game][k % len(SETUPS[game])]
    preset = "shanghai" if game == "daguailuzi" else None
    return spec.resolve(preset, overrides), extra


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    game=st.sampled_from(GAMES),
    setup=st.integers(0, 20),
    seed=st.integers(0, 2**20),
    steps=st.integers(0, 12),
    pick=st.lists(st.integers(0, 60), min_size=1, max_size=3),
)
def test_reasons_before_play_are_translated(
    game: str, setup: int, seed: int, steps: int, pick: list[int]
) -> None:
    """The decision phases (bids, exchanges, tribute, the draw, the leftover card):
    every reason ``why_illegal`` gives is translated (a text that is no action at
    all is the parser's error, not a reason)."""
    spec = get_game(game)
    rules, extra = _setup(game, setup)
    try:
        deal = spec.new_deal(rules, seed, **extra)
    except ChupaiError:
        return  # a setup these rules refuse (a ranking for another table size)
    rng = random.Random(seed)
    for _ in range(steps):
        if deal.is_terminal() or str(deal.phase.value) == "play":
            break
        deal.apply_action(rng.choice(deal.legal_actions()))
    if deal.is_terminal() or str(deal.phase.value) == "play":
        return
    seat = deal.current_player
    pool = list(spec.facts(deal.observe(seat)).hand) or ["3"]
    tokens = " ".join(pool[i % len(pool)] for i in pick)
    for text in (*WORDS, *(head + tokens for head in HEADS)):
        try:
            reason = deal.why_illegal(deal.parse_action(text))
        except ChupaiError:
            continue
        if reason is None:
            continue
        assert isinstance(reason, Msg), (game, deal.phase, text, reason)
        assert _untranslated(reason) == [], (game, text, reason)
