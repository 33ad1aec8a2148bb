"""The page's CJK font (``static/fonts``, built by ``scripts/build-font.py``): it draws
every Chinese and Japanese character the page can show (its own strings, the games'
names and words, the message catalogs), its files are what the stylesheet asks for,
small, and shipped with their licence."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]
FONTS = ROOT / "src" / "chupai" / "web" / "static" / "fonts"
STYLE = ROOT / "src" / "chupai" / "web" / "static" / "style.css"


def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("build_font", ROOT / "scripts" / "build-font.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


BUILD = _script()


def test_the_font_draws_every_cjk_character_of_the_page() -> None:
    want = BUILD.needed()
    assert len(want["sc"]) > 200 and len(want["jp"]) > 200
    assert "牌" in want["sc"] and "パ" in want["jp"] and "パ" not in want["sc"]
    missing = BUILD.missing(want, BUILD.coverage())
    assert not missing, (
        f"the web font lacks characters the page shows: {missing}; "
        "run scripts/build-font.py (pip install fonttools brotli)"
    )


def test_the_coverage_list_is_what_the_files_draw() -> None:
    pytest.importorskip("brotli", reason="reading woff2 needs brotli (pip install '.[font]')")
    ttlib = pytest.importorskip("fontTools.ttLib", reason="pip install '.[font]'")
    for font, chars in BUILD.coverage().items():
        cmap = ttlib.TTFont(FONTS / f"chupai-cjk-{font}.woff2").getBestCmap()
        drawn = {chr(c) for c in cmap if BUILD.is_cjk(chr(c))}
        assert drawn == set(chars), font


def test_the_stylesheet_asks_for_the_shipped_files_for_cjk_text_only() -> None:
    css = STYLE.read_text(encoding="utf-8")
    faces = re.findall(r"@font-face\s*\{(.*?)\}", css, flags=re.S)
    assert len(faces) == 2
    for face in faces:
        url = re.search(r'url\("/static/fonts/([^"]+)"\)', face)
        assert url and (FONTS / url.group(1)).is_file(), face
        assert f"unicode-range: {BUILD.unicode_range()};" in face
    files = sorted(p.name for p in FONTS.glob("*.woff2"))
    assert files == ["chupai-cjk-jp.woff2", "chupai-cjk-sc.woff2"]
    assert sum((FONTS / f).stat().st_size for f in files) < 400_000
    licence = (FONTS / "OFL.txt").read_text(encoding="utf-8")
    assert "SIL Open Font License" in licence and "Noto Sans SC" in licence
