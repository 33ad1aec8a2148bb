#!/usr/bin/env python3
"""The web page's CJK font: Noto Sans SC and Noto Sans JP cut down to the characters
the page can show, so that a machine without a Chinese or Japanese font shows no boxes.

    pip install fonttools brotli                # this script's own needs (not the package's)
    python scripts/build-font.py                # fetch the fonts with npm, rewrite the files
    python scripts/build-font.py --from DIR     # the fonts from DIR (npm pack's .tgz files,
                                                # or their unpacked "package" folders)
    python scripts/build-font.py --check        # exit 1 naming the characters not covered

It writes into ``src/chupai/web/static/fonts/``:

``chupai-cjk-sc.woff2``, ``chupai-cjk-jp.woff2``
    The regular weight of each font with exactly the CJK characters (:data:`CJK_RANGES`)
    that the page's Chinese (SC) or Japanese (JP) text uses; a character of unknown
    language (the language menu's "中文" and "日本語") goes into both. Bold text is
    drawn by the browser from the regular weight.
``coverage.json``
    The characters of each file, so that the tests check the coverage without fontTools.
``OFL.txt``
    The fonts' licence (SIL Open Font License 1.1), which travels with them.

The characters come from every place a text of the page is written: the page's own
strings (``static/i18n.js``), what ``/api/games`` tells it of every game (names,
combination names, the words and prompts of each game's web plugin) and the catalogs
of :mod:`chupai.i18n` (every module of the package that adds one, but the terminal's). A new string with a
character the font lacks fails ``tests/web/test_web_font.py``; the fix is to run this
script again. The source fonts are the ``@fontsource/noto-sans-sc`` and
``@fontsource/noto-sans-jp`` packages of npm (version :data:`VERSION`, OFL).
"""

from __future__ import annotations

import argparse
import ast
import importlib
import json
import re
import subprocess
import sys
import tarfile
import tempfile
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
STATIC = ROOT / "src" / "chupai" / "web" / "static"
FONTS = STATIC / "fonts"
VERSION = "5.3.0"
SOURCES = {
    "jp": ("@fontsource/noto-sans-jp", "noto-sans-jp", "japanese"),
    "sc": ("@fontsource/noto-sans-sc", "noto-sans-sc", "chinese-simplified"),
}
"""For each file: the npm package, its font's file prefix, its CJK subset's name. The
Japanese page falls back to the SC file (the CSS lists it second), so a character of
Japanese text that Noto Sans JP lacks (a simplified one, as "给") goes into the SC file."""
LANG_FONT = {"zh": "sc", "ja": "jp"}

CJK_RANGES = (
    (0x2E80, 0x2FDF),  # CJK radicals
    (0x3000, 0x30FF),  # CJK punctuation, hiragana, katakana
    (0x3100, 0x31FF),  # bopomofo, kanbun, katakana extension
    (0x3400, 0x4DBF),  # CJK extension A
    (0x4E00, 0x9FFF),  # CJK unified ideographs
    (0xF900, 0xFAFF),  # CJK compatibility ideographs
    (0xFF00, 0xFFEF),  # full-width forms
)
"""The characters the shipped font draws (the CSS's ``unicode-range``); everything else
(Latin, digits, the suits) keeps the system's font."""


def unicode_range() -> str:
    """:data:`CJK_RANGES` as CSS writes them (``U+2E80-2FDF, ...``)."""
    return ", ".join(f"U+{a:X}-{b:X}" for a, b in CJK_RANGES)


def is_cjk(ch: str) -> bool:
    return any(a <= ord(ch) <= b for a, b in CJK_RANGES)


# ---- the characters the page shows ------------------------------------------------------------


def _cjk(text: str) -> set[str]:
    return {ch for ch in text if is_cjk(ch)}


def _add(found: dict[str, set[str]], lang: str | None, text: str) -> None:
    """``text``'s CJK characters into the font of ``lang`` (both for None)."""
    for font in [LANG_FONT[lang]] if lang in LANG_FONT else list(SOURCES):
        found[font] |= _cjk(text)


def _from_i18n_js(found: dict[str, set[str]]) -> None:
    """``static/i18n.js``: its tables are written ``en: {...}``, ``zh: {...}``,
    ``ja: {...}`` (a block of lines or one line); a text outside them goes to both."""
    lang: str | None = None
    for line in (STATIC / "i18n.js").read_text(encoding="utf-8").splitlines():
        m = re.match(r"\s*(en|zh|ja)\s*:", line)
        if m:
            lang = m.group(1)
        elif line and not line[0].isspace():
            lang = None  # the table's end, or a line outside every table
        _add(found, lang, line)


def _from_other_js(found: dict[str, set[str]]) -> None:
    """Every other page module (``cards.js``' joker names, ``tableopts.js``' words...):
    its CJK text goes to both fonts."""
    for path in sorted(STATIC.glob("*.js")):
        if path.name != "i18n.js":
            _add(found, None, path.read_text(encoding="utf-8"))


def _walk(found: dict[str, set[str]], value: Any, lang: str | None) -> None:
    """A JSON value whose ``"zh"`` and ``"ja"`` keys mark their language."""
    if isinstance(value, dict):
        for k, v in value.items():
            _walk(found, v, k if k in LANG_FONT else lang)
    elif isinstance(value, list):
        for v in value:
            _walk(found, v, lang)
    elif isinstance(value, str):
        _add(found, lang, value)


def _message_modules() -> Iterator[str]:
    """The modules that add :mod:`chupai.i18n` catalogs (``messages``, a game's
    ``scoring_words``...) whose texts can reach the page: all but the terminal's
    (``chupai.cli``)."""
    package = ROOT / "src" / "chupai"
    for path in sorted(package.rglob("*.py")):
        parts = path.relative_to(package).with_suffix("").parts
        if parts[0] in ("cli", "i18n") or "add_translations(" not in path.read_text("utf-8"):
            continue
        yield ".".join(("chupai", *parts))


def _catalogs(module: Any) -> Iterator[tuple[str, str]]:
    """The ``(zh, ja)`` pairs of the catalogs a module adds: the argument of each
    ``add_translations(...)`` of its source, evaluated in the module (a name or a dict).
    Read from the module itself, not from :func:`chupai.i18n.translations`, which also
    holds every catalog imported so far (the terminal's too)."""
    tree = ast.parse(Path(module.__file__).read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Call)
            and getattr(node.func, "id", getattr(node.func, "attr", None)) == "add_translations"
            and node.args
        ):
            code = compile(ast.Expression(node.args[0]), module.__file__, "eval")
            catalog = eval(code, vars(module))  # the module's own catalog expression
            yield from dict(catalog).values()


def needed() -> dict[str, set[str]]:
    """The CJK characters each font must draw: ``{"sc": {...}, "jp": {...}}``."""
    sys.path.insert(0, str(ROOT / "src"))
    from chupai.protocol import BUILTIN_SPECS, all_games
    from chupai.web.live import game_entry

    shipped = {name.rsplit(".", 2)[-2] for name in BUILTIN_SPECS}  # chupai.KEY.spec

    found: dict[str, set[str]] = {font: set() for font in SOURCES}
    _from_i18n_js(found)
    _from_other_js(found)
    for spec in all_games():  # the games shipped, not a test's or a plug-in's
        if spec.key in shipped:
            _walk(found, game_entry(spec), None)
    for name in _message_modules():
        for zh, ja in _catalogs(importlib.import_module(name)):
            _add(found, "zh", zh)
            _add(found, "ja", ja)
    return found


# ---- the fonts ---------------------------------------------------------------------------------


def _unpacked(source: Path, font: str, work: Path) -> Path:
    """The folder of ``font``'s npm package: in ``source`` (unpacked, or its .tgz)."""
    package, prefix, _ = SOURCES[font]
    for folder in (source / font, source / prefix, source / "package"):
        if (folder / "files").is_dir() and any((folder / "files").glob(f"{prefix}-*")):
            return folder
    tgz = sorted(source.glob(f"fontsource-{prefix}-*.tgz"))
    if not tgz:
        raise SystemExit(f"no {package} in {source} (npm pack {package}@{VERSION})")
    with tarfile.open(tgz[-1]) as tar:
        tar.extractall(work / font, filter="data")
    return work / font / "package"


def _fetch(work: Path) -> Path:
    packages = [f"{SOURCES[f][0]}@{VERSION}" for f in SOURCES]
    subprocess.run(
        ["npm", "pack", "--silent", *packages], cwd=work, check=True, stdout=subprocess.DEVNULL
    )
    return work


def _faces(folder: Path, font: str) -> list[Path]:
    """The regular (400) files of the package: its CJK subset first, then the numbered
    parts (for a character the subset leaves out)."""
    _, prefix, subset = SOURCES[font]
    files = folder / "files"
    numbered = sorted(files.glob(f"{prefix}-[0-9]*-400-normal.woff2"))
    return [files / f"{prefix}-{subset}-400-normal.woff2", *numbered]


def build(font: str, chars: set[str], folder: Path, out: Path) -> set[str]:
    """Write ``out``: the font cut to ``chars``; returns the characters it draws."""
    from fontTools import subset  # type: ignore[import-untyped]
    from fontTools.merge import Merger  # type: ignore[import-untyped]
    from fontTools.ttLib import TTFont  # type: ignore[import-untyped]

    left = set(chars)
    parts: list[Path] = []
    with tempfile.TemporaryDirectory() as tmp:
        for face in _faces(folder, font):
            have = set(map(chr, TTFont(face, lazy=True).getBestCmap())) & left
            if not have:
                continue
            opts = subset.Options()
            opts.layout_features = []  # no ligatures nor vertical forms: UI text only
            opts.name_IDs = [0, 1, 2, 3, 4, 5, 6]
            opts.notdef_outline = True
            opts.flavor = None
            sub = subset.Subsetter(opts)
            ttf = TTFont(face)
            sub.populate(unicodes=[ord(c) for c in have])
            sub.subset(ttf)
            part = Path(tmp) / f"{len(parts)}.ttf"
            ttf.save(part)
            parts.append(part)
            left -= have
        if left and font == "sc":
            raise SystemExit(f"{font}: no source font draws {''.join(sorted(left))}")
        merged = Merger().merge([str(p) for p in parts]) if len(parts) > 1 else TTFont(parts[0])
        merged.flavor = "woff2"
        # the same sources give the same bytes: no build time in the file
        merged.recalcTimestamp = False
        merged["head"].modified = merged["head"].created
        merged.save(out)
    return set(map(chr, TTFont(out).getBestCmap())) & set(chars)


def missing(want: dict[str, set[str]], have: dict[str, str]) -> dict[str, str]:
    """The characters of each font that it does not draw (of Japanese text: that
    neither file draws, as the page falls back to the SC file)."""
    out: dict[str, str] = {}
    for font, chars in want.items():
        drawn = set(have.get(font, "")) | (set(have.get("sc", "")) if font == "jp" else set())
        if chars - drawn:
            out[font] = "".join(sorted(chars - drawn))
    return out


def coverage() -> dict[str, str]:
    """The characters of each shipped file, as ``coverage.json`` lists them."""
    path = FONTS / "coverage.json"
    return dict(json.loads(path.read_text(encoding="utf-8"))) if path.exists() else {}


def main(argv: Iterable[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--from", dest="source", type=Path, help="the npm packages (.tgz or unpacked)")
    ap.add_argument("--check", action="store_true", help="only name the characters not covered")
    args = ap.parse_args(list(argv) if argv is not None else None)
    want = needed()
    if args.check:
        missing_chars = missing(want, coverage())
        for font, chars in missing_chars.items():
            print(f"chupai-cjk-{font}.woff2 lacks {chars}: run scripts/build-font.py")
        return 1 if missing_chars else 0
    FONTS.mkdir(parents=True, exist_ok=True)
    covered: dict[str, str] = {}
    with tempfile.TemporaryDirectory() as tmp:
        source = args.source or _fetch(Path(tmp))
        for font in SOURCES:
            folder = _unpacked(source, font, Path(tmp))
            out = FONTS / f"chupai-cjk-{font}.woff2"
            covered[font] = "".join(sorted(build(font, want[font], folder, out)))
            if font == "jp":
                want["sc"] |= want["jp"] - set(covered["jp"])
            print(
                f"{out.relative_to(ROOT)}: {len(covered[font])} characters, {out.stat().st_size} bytes",
                flush=True,
            )
        licence = (folder / "LICENSE").read_text(encoding="utf-8")
    (FONTS / "OFL.txt").write_text(
        "Noto Sans SC and Noto Sans JP (subsets: chupai-cjk-sc.woff2, chupai-cjk-jp.woff2),\n"
        f"from the npm packages @fontsource/noto-sans-sc and @fontsource/noto-sans-jp {VERSION}.\n\n"
        + licence,
        encoding="utf-8",
    )
    (FONTS / "coverage.json").write_text(
        json.dumps(covered, ensure_ascii=False, indent=1) + "\n", encoding="utf-8"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
