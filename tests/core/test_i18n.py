"""The message mechanism of :mod:`chupai.i18n`: English text that renders itself in
中文 and 日本語."""

from __future__ import annotations

import pickle

import pytest
from hypothesis import given, strategies as st

from chupai.i18n import Msg, add_translations, plural, template_fields, tr, translate, translation

add_translations(
    {
        "{who} beats {what} (i18n test)": (
            "{who} 压过 {what}（测试）",
            "{who} が {what} に勝つ（テスト）",
        ),
        "a pair (i18n test)": ("一对（测试）", "ペア（テスト）"),
        "{n} card (i18n test)": ("{n} 张（测试）", "{n} 枚（テスト）"),
        "{n} cards (i18n test)": ("{n} 张（测试）", "{n} 枚（テスト）"),
    }
)


def test_a_message_is_its_english_text() -> None:
    m = Msg("{who} beats {what} (i18n test)", who="Bo", what=Msg("a pair (i18n test)"))
    assert m == "Bo beats a pair (i18n test) (i18n test)"
    assert isinstance(m, str)
    assert translate(m, "en") == m


def test_nested_messages_and_language_tables_translate() -> None:
    m = Msg(
        "{who} beats {what} (i18n test)",
        who={"en": "East", "zh": "东", "ja": "東"},
        what=Msg("a pair (i18n test)"),
    )
    assert m == "East beats a pair (i18n test) (i18n test)"
    assert translate(m, "zh") == "东 压过 一对（测试）（测试）"
    assert m.text("ja") == "東 が ペア（テスト） に勝つ（テスト）"


def test_untranslated_text_falls_back_to_english() -> None:
    assert translate(Msg("no such template {x}", x=1), "ja") == "no such template 1"
    assert translate("plain words nobody translated", "zh") == "plain words nobody translated"
    assert translation("plain words nobody translated", "zh") is None
    assert tr("xx", "{n} cards (i18n test)", n=2) == "2 cards (i18n test)"


def test_plural_picks_the_english_form() -> None:
    assert plural(1, "{n} card (i18n test)", "{n} cards (i18n test)") == "1 card (i18n test)"
    assert plural(0, "{n} card (i18n test)", "{n} cards (i18n test)") == "0 cards (i18n test)"
    assert (
        translate(plural(5, "{n} card (i18n test)", "{n} cards (i18n test)"), "ja")
        == "5 枚（テスト）"
    )


def test_catalogs_are_checked() -> None:
    with pytest.raises(ValueError, match="fields"):
        add_translations({"{a} and {b} (i18n test)": ("{a} 和", "{a} と {b}")})
    with pytest.raises(ValueError, match="translated twice"):
        add_translations({"a pair (i18n test)": ("对子", "ペア（テスト）")})
    with pytest.raises(ValueError, match="needs"):
        add_translations({"x (i18n test)": ("x",)})  # type: ignore[dict-item]


def test_a_message_pickles_as_a_message() -> None:
    m = Msg("{who} beats {what} (i18n test)", who="Bo", what=Msg("a pair (i18n test)"))
    back = pickle.loads(pickle.dumps(m))
    assert isinstance(back, Msg) and back == m
    assert translate(back, "zh") == translate(m, "zh")


@given(
    st.dictionaries(st.from_regex(r"[a-z]{1,6}", fullmatch=True), st.text(max_size=8), max_size=4)
)
def test_fields_of_a_template(fields: dict[str, str]) -> None:
    template = " ".join("{" + k + "}" for k in fields)
    assert template_fields(template) == frozenset(fields)
    assert Msg(template, **fields) == " ".join(fields.values())
