"""The documentation site and its API reference (``mkdocs.yml``, ``docs/api/``).

Fast checks: every guide in ``docs/`` is in the site's navigation, every ``:::``
directive names a module that exists, the public modules of the core and of
``chupai.env`` all have a place in the reference (the hook ``docs/api/hooks.py``
lists the modules no page names by hand), and the griffe extension that reads
the docstrings' reST habits as Markdown (``docs/api/griffe_docstrings.py``) fences
doctests and turns roles into optional cross-references. The slow test builds the
whole site with ``mkdocs build --strict`` (a broken link, a missing anchor or a
docstring Markdown trips on fails it).
"""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
API = DOCS / "api"
PACKAGE = ROOT / "src" / "chupai"

# Public-looking modules that the reference leaves out on purpose.
INTERNAL = {
    "chupai.games": "kept for compatibility: the registry is chupai.protocol",
    "chupai.playrng": "the compiled playouts' generator, an implementation detail",
}


def load(name: str) -> ModuleType:
    """One of docs/api's Python files, imported by path."""
    spec = importlib.util.spec_from_file_location(name, API / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def documented_modules() -> dict[str, str]:
    """Every module a ``::: name`` directive renders (after the hook expands the
    ``api-modules`` markers), with its page."""
    hooks = load("hooks")
    found: dict[str, str] = {}
    for page in sorted(API.glob("*.md")):
        text = hooks.expand(page.read_text(encoding="utf-8"))
        for name in re.findall(r"^::: ([\w.]+)\s*$", text, re.M):
            assert name not in found, f"{name} is on {found.get(name)} and {page.name}"
            found[name] = page.name
    return found


def module_path(name: str) -> Path | None:
    """The source file of module ``name`` under ``src/``, if there is one."""
    base = ROOT / "src" / Path(*name.split("."))
    for path in (base.with_suffix(".py"), base / "__init__.py"):
        if path.is_file():
            return path
    return None


def test_mkdocs_nav_lists_every_page() -> None:
    config = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    nav = set(re.findall(r":\s*([\w/]+\.md)\s*$", config, re.M))
    pages = {p.relative_to(DOCS).as_posix() for p in DOCS.rglob("*.md")}
    assert pages == nav, f"in docs/ only: {pages - nav}; in the nav only: {nav - pages}"


def test_api_directives_name_existing_modules() -> None:
    documented = documented_modules()
    assert documented
    missing = [name for name in documented if module_path(name) is None]
    assert not missing, f"docs/api names modules that do not exist: {missing}"


def test_api_reference_covers_the_public_modules() -> None:
    """A new public module of the core or of chupai.env gets a ``:::`` line in
    docs/api/ (or a reason in INTERNAL)."""
    documented = documented_modules()
    public = ["chupai", "chupai.env", "chupai.bots", "chupai.tournament"]
    public += [f"chupai.{p.stem}" for p in PACKAGE.glob("*.py") if not p.name.startswith("_")]
    public += [
        f"chupai.env.{p.stem}" for p in (PACKAGE / "env").glob("*.py") if not p.name.startswith("_")
    ]
    public += [f"chupai.{game}.api" for game in ("bigtwo", "doudizhu", "biga", "daguailuzi")]
    absent = sorted(set(public) - set(documented) - set(INTERNAL))
    assert not absent, f"public modules without an API page: {absent}"


def test_marker_stands_for_the_modules_no_page_names(tmp_path: Path) -> None:
    package = tmp_path / "src" / "pkg"
    package.mkdir(parents=True)
    for name in ("__init__", "alpha", "beta", "_private", "gamma"):
        (package / f"{name}.py").write_text("")
    (tmp_path / "other.md").write_text("::: pkg.gamma\n")
    page = "::: pkg.beta\n\n<!-- api-modules: pkg -->\n"
    expanded = load("hooks").expand(page, src=tmp_path / "src", api=tmp_path)
    assert expanded == "::: pkg.beta\n\n::: pkg.alpha\n"
    excepted = "<!-- api-modules: pkg except alpha beta -->"
    assert load("hooks").expand(excepted, src=tmp_path / "src", api=tmp_path) == ""


@pytest.fixture(scope="module")
def extension() -> ModuleType:
    pytest.importorskip("griffe")
    return load("griffe_docstrings")


def test_doctests_become_fenced_blocks(extension: ModuleType) -> None:
    text = "Lists moves.\n\n>>> moves('3D 3S')\n[{'cards': '3D'}, {'cards': '3S'}]\n\nAfter."
    fenced = extension.fence_doctests(text)
    assert fenced == (
        "Lists moves.\n\n```pycon\n>>> moves('3D 3S')\n"
        "[{'cards': '3D'}, {'cards': '3S'}]\n```\n\nAfter."
    )
    # indented examples keep their indentation; a fenced or indented block is left alone
    assert (
        extension.fence_doctests("- item\n  >>> 1\n  1")
        == "- item\n  ```pycon\n  >>> 1\n  1\n  ```"
    )
    for code in ("```\n>>> 1\n1\n```", "Text\n\n    >>> 1\n    1"):
        assert extension.fence_doctests(code) == code


def test_roles_become_optional_cross_references(extension: ModuleType, tmp_path: Path) -> None:
    griffe = pytest.importorskip("griffe")
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "__init__.py").write_text('"""A package."""\n')
    (tmp_path / "pkg" / "errors.py").write_text('class GameError(ValueError):\n    """Bad."""\n')
    loader = griffe.GriffeLoader(search_paths=[str(tmp_path)])
    package = loader.load("pkg")
    errors = package["errors"]
    ref = extension.cross_reference
    assert ref("~pkg.errors.GameError", errors, loader) == (
        '<autoref identifier="pkg.errors.GameError" optional><code>GameError</code></autoref>'
    )
    # a bare name is found in the docstring's own module; an unknown one stays as written
    assert 'identifier="pkg.errors.GameError"' in ref("GameError", errors, loader)
    assert 'identifier="numpy.ndarray"' in ref("numpy.ndarray", errors, loader)
    assert ">the errors<" in ref("the errors <pkg.errors>", errors, loader)
    # the whole rewrite, as mkdocstrings gets it
    method = griffe.Object("check", docstring=griffe.Docstring("See :class:`GameError`::"))
    errors.set_member("check", method)
    extension.ChupaiDocstrings().on_object(obj=method, loader=loader)
    assert method.docstring is not None
    assert method.docstring.value == (
        'See <autoref identifier="pkg.errors.GameError" optional><code>GameError</code></autoref>:'
    )
    assert extension.literal_colons("For example::\n\n    x") == "For example:\n\n    x"


@pytest.mark.slow
def test_mkdocs_build_strict(tmp_path: Path) -> None:
    pytest.importorskip("mkdocs")
    pytest.importorskip("mkdocstrings_handlers.python")
    site = tmp_path / "site"
    done = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(site)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-4000:]
    reference = (site / "api" / "env" / "index.html").read_text(encoding="utf-8")
    assert 'id="chupai.env.spaces.ActionSpace"' in reference
    assert "autorefs-internal" in reference  # the roles became links
    assert ":class:`" not in reference and "<autoref" not in reference
    guide = (site / "env" / "index.html").read_text(encoding="utf-8")
    assert "27,864" in guide  # the environment tables
