"""Every table of the page's own strings (``static/i18n.js``: ``UI``, the phases, the
roles, the action words, the facts, the suits, the sides, the bot levels) has each of
its keys in English, 中文 and 日本語, and no value is empty."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

I18N = Path(__file__).resolve().parents[2] / "src" / "chupai" / "web" / "static" / "i18n.js"
LANGS = ("en", "zh", "ja")
STRING = re.compile(r'"(?:\\.|[^"\\])*"|\'(?:\\.|[^\'\\])*\'|`(?:\\.|[^`\\])*`')


def _blank_strings(code: str) -> str:
    """``code`` with every string literal emptied (a brace or a colon in a text is
    not code) and its comments left out."""
    code = re.sub(r"/\*.*?\*/", "", code, flags=re.S)
    code = re.sub(r"^\s*//.*$", "", code, flags=re.M)
    return STRING.sub('""', code)


def _object(code: str, start: int) -> tuple[str, int]:
    """The text of the object literal whose ``{`` is at ``start``, and its end."""
    depth = 0
    for i in range(start, len(code)):
        depth += {"{": 1, "}": -1}.get(code[i], 0)
        if depth == 0:
            return code[start + 1 : i], i
    raise AssertionError("an object of i18n.js does not close")


def _keys(body: str) -> set[str]:
    """The keys of an object literal's body (nested objects and calls left out)."""
    flat, depth = [], 0
    for ch in body:
        if ch in "{([":
            depth += 1
        elif ch in "})]":
            depth -= 1
        elif depth == 0:
            flat.append(ch)
    return set(re.findall(r"(?:^|,)\s*([A-Za-z_$][\w$]*)\s*:", "".join(flat)))


def language_tables(source: str) -> dict[str, dict[str, set[str]]]:
    """Every object literal of ``source`` whose keys are exactly en, zh and ja: its
    languages' keys, named by the table's name (or its line)."""
    code = _blank_strings(source)
    tables: dict[str, dict[str, set[str]]] = {}
    for m in re.finditer(r"(?:(?:const|let|var)\s+(\w+)\s*=\s*)?\{", code):
        body, _ = _object(code, m.end() - 1)
        if _keys(body) != set(LANGS):
            continue
        parts: dict[str, set[str]] = {}
        for lang in LANGS:
            at = re.search(rf"(?:^|[{{,\s]){lang}\s*:\s*\{{", body)
            assert at, lang
            inner, _ = _object(body, at.end() - 1)
            parts[lang] = _keys(inner)
        name = m.group(1) or f"line {code.count(chr(10), 0, m.start()) + 1}"
        tables[name] = parts
    return tables


def test_the_scan_reads_keys_of_each_language() -> None:
    source = """const T = {
  en: { a: "x: y", b: (n) => `B ${n}`, "c": 1 },
  zh: { a: "甲", b: (n) => `${n}`, },
  ja: { a: 'あ', nested: { z: 1 } },
};
function f() { const names = { en: { k: "1" }, zh: { k: "2" }, ja: { k: "3" } }; }"""
    tables = language_tables(source)
    assert tables["T"] == {"en": {"a", "b"}, "zh": {"a", "b"}, "ja": {"a", "nested"}}
    assert list(tables.values())[1] == {"en": {"k"}, "zh": {"k"}, "ja": {"k"}}


SOURCE = I18N.read_text(encoding="utf-8")
TABLES = language_tables(SOURCE)


def test_the_page_has_its_tables() -> None:
    assert {"UI", "PHASES", "ROLES", "WORDS", "INFO", "SUIT_NAMES", "SIDES"} <= set(TABLES)
    assert len(TABLES["UI"]["en"]) > 100


@pytest.mark.parametrize("table", sorted(TABLES))
def test_every_key_is_in_the_three_languages(table: str) -> None:
    parts = TABLES[table]
    every = set().union(*parts.values())
    missing = {lang: sorted(every - keys) for lang, keys in parts.items() if every - keys}
    assert not missing, f"i18n.js {table}: keys missing in {missing}"


def test_no_string_of_the_page_is_empty() -> None:
    empty = re.findall(r"^\s+(\w+):\s*(?:\"\"|'')\s*,", SOURCE, flags=re.M)
    assert not empty, f"i18n.js: empty strings for {empty}"
