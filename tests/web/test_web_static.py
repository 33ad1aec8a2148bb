"""The page's static files: each of a readable size, each module a script imports
is there and served as JavaScript, each file the page links is served with its
content type, and the package data (``pyproject.toml``) ships them all."""

from __future__ import annotations

import fnmatch
import re
import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
STATIC = ROOT / "src" / "chupai" / "web" / "static"
MAX_LINES = 600

IMPORT = re.compile(r"""(?:\bimport\s*\(\s*|\bfrom\s*|^\s*import\s*)(["'])([^"']+)\1""", re.M)
"""The module specifier of ``import ... from "x"``, ``export ... from "x"``,
``import "x"`` and ``import("x")``."""

LINKED = re.compile(r"""<(?:link[^>]*\bhref|script[^>]*\bsrc)=["'](/static/[^"']+)["']""")

JS_TYPES = {"text/javascript", "application/javascript"}


def static_files() -> list[Path]:
    return sorted(p for p in STATIC.rglob("*") if p.is_file())


def imports(source: str) -> list[str]:
    """The module specifiers ``source`` (JavaScript) imports, comments left out."""
    code = re.sub(r"/\*.*?\*/", "", source, flags=re.S)
    code = "\n".join(line for line in code.splitlines() if not line.lstrip().startswith("//"))
    return [m.group(2) for m in IMPORT.finditer(code)]


def test_the_import_scan_finds_what_it_looks_for() -> None:
    source = """import { a, b } from "./one.js";
import {
  c,
} from './two.js';
export { h } from "./three.js";
import "./four.js";
// import { x } from "./commented.js";
const later = () => import("./five.js").then((m) => m);
const text = "imported from somewhere";
"""
    assert imports(source) == ["./one.js", "./two.js", "./three.js", "./four.js", "./five.js"]


def test_every_static_file_is_at_most_600_lines() -> None:
    texts = [p for p in static_files() if p.suffix in {".js", ".css", ".html", ".txt", ".json"}]
    sizes = {p.name: len(p.read_text(encoding="utf-8").splitlines()) for p in texts}
    assert {"app.js", "index.html", "style.css"} <= set(sizes)
    assert {name: n for name, n in sizes.items() if n > MAX_LINES} == {}


def test_the_package_data_ships_every_static_file() -> None:
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    globs = pyproject["tool"]["setuptools"]["package-data"]["chupai"]
    package = ROOT / "src" / "chupai"
    for p in static_files():
        rel = p.relative_to(package).as_posix()
        # setuptools' globs do not cross a folder ("web/static/*" holds no subfolder)
        assert any(fnmatch.fnmatch(rel, g) and rel.count("/") == g.count("/") for g in globs), rel


def test_every_imported_module_is_a_static_file() -> None:
    scripts = [p for p in static_files() if p.suffix == ".js"]
    assert len(scripts) > 3
    for script in scripts:
        for spec in imports(script.read_text(encoding="utf-8")):
            # served as they are, no build step: relative paths to files of the folder
            assert spec.startswith("./") and spec.endswith(".js"), (script.name, spec)
            assert (script.parent / spec).resolve().is_file(), (script.name, spec)


# ---- served by the server ----------------------------------------------------------------------

pytest.importorskip("starlette")
pytest.importorskip("httpx2")

from starlette.testclient import TestClient  # noqa: E402

from chupai.web.app import ChupaiServer  # noqa: E402


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(ChupaiServer(str(tmp_path / "t.sqlite3"), bot_delay=0).app) as c:
        yield c


def content_type(client: TestClient, url: str) -> str:
    r = client.get(url)
    assert r.status_code == 200, url
    return r.headers["content-type"].split(";")[0].strip()


def test_every_module_a_script_imports_is_served_as_javascript(client: TestClient) -> None:
    index = client.get("/").text
    entry = [url for url in LINKED.findall(index) if url.endswith(".js")]
    assert entry == ["/static/app.js"]
    # every module reachable from the page's entry, and the ones it loads later
    seen: set[str] = set()
    todo = list(entry)
    while todo:
        url = todo.pop()
        if url in seen:
            continue
        seen.add(url)
        assert content_type(client, url) in JS_TYPES, url
        base = url.rsplit("/", 1)[0]
        todo += [f"{base}/{spec[2:]}" for spec in imports(client.get(url).text)]
    scripts = {f"/static/{p.name}" for p in static_files() if p.suffix == ".js"}
    # no script of the folder is left out (nor loaded from elsewhere)
    assert seen == scripts


def test_every_file_the_page_links_is_served(client: TestClient) -> None:
    index = client.get("/")
    assert index.headers["content-type"].startswith("text/html")
    linked = LINKED.findall(index.text)
    sheets = [url for url in linked if url.endswith(".css")]
    assert sheets[0] == "/static/style.css"
    # every stylesheet of the folder, each served as CSS
    names = {url.rsplit("/", 1)[1] for url in sheets}
    assert names == {p.name for p in static_files() if p.suffix == ".css"}
    for url in sheets:
        assert content_type(client, url) == "text/css", url
