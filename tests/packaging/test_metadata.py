"""The package's metadata and its source manifest, checked without building anything.

``pyproject.toml`` declares the licence as a PEP 639 expression with the LICENSE file,
valid classifiers, the project URLs (the README links the same repository) and extras
that never cap a researcher's torch; ``MANIFEST.in`` puts every tracked file of the
project in the sdist (docs, examples, benchmarks, tests, the Cython sources, the web
page) and no build junk. The manifest is computed by setuptools itself
(``setup.py egg_info`` into a temporary folder, under a second), so these tests read
what a build would ship. The slow ``test_dist.py`` builds and installs the real thing.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

import pytest
from packaging.requirements import Requirement
from packaging.version import Version

ROOT = Path(__file__).resolve().parents[2]
PYPROJECT: dict[str, Any] = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
PROJECT: dict[str, Any] = PYPROJECT["project"]

# Tracked files that stay out of the sdist on purpose: CI and git configuration.
NOT_SHIPPED = re.compile(r"^(\.ci/|\.github/|\.gitignore$|\.gitattributes$)")
# What never belongs in an sdist, whatever lies in the working tree.
JUNK = re.compile(
    r"(\.so|\.c|\.py[cod]|\.sqlite3(-\w+)?|\.chupai\.json)$|/_fast\w*\.html$|__pycache__/"
)


def test_license_file_is_mit_and_declared_the_pep639_way() -> None:
    text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert text.startswith("MIT License")
    assert "Copyright (c) 2026 the chupai authors" in text
    assert PROJECT["license"] == "MIT"  # an SPDX expression, not the deprecated table
    assert PROJECT["license-files"] == ["LICENSE"]
    # PEP 639: no licence classifier beside an expression (setuptools refuses both)
    assert not [c for c in PROJECT["classifiers"] if c.startswith("License ::")]


def test_build_requirement_reads_license_expressions() -> None:
    requires = [Requirement(r) for r in PYPROJECT["build-system"]["requires"]]
    setuptools = next(r for r in requires if r.name == "setuptools")
    # setuptools 77 is the first release that takes project.license as a string
    assert not setuptools.specifier.contains("76.1.0")
    assert setuptools.specifier.contains("77.0.3")


def test_classifiers_are_known_and_cover_the_supported_pythons() -> None:
    classifiers = PROJECT["classifiers"]
    assert len(set(classifiers)) == len(classifiers)
    trove = pytest.importorskip("trove_classifiers")
    unknown = [c for c in classifiers if c not in trove.classifiers]
    assert not unknown, f"not a trove classifier: {unknown}"
    oldest = Version(PROJECT["requires-python"].removeprefix(">="))
    versions = [
        Version(c.rsplit(" ", 1)[1])
        for c in classifiers
        if re.fullmatch(r"Programming Language :: Python :: 3\.\d+", c)
    ]
    assert min(versions) == oldest
    assert "Typing :: Typed" in classifiers and (ROOT / "src/chupai/py.typed").is_file()


def test_urls_name_one_repository_and_the_readme_links_it() -> None:
    urls = PROJECT["urls"]
    assert {"Homepage", "Documentation", "Source", "Issues"} <= set(urls)
    source = urls["Source"]
    assert urls["Issues"] == f"{source}/issues"
    assert urls["Homepage"] == source
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert source in readme and urls["Documentation"] in readme
    for link in re.findall(r"https://github\.com/[\w./-]+", readme):
        assert link.startswith(source), f"README links another repository: {link}"


@pytest.mark.parametrize("extra", sorted(PROJECT["optional-dependencies"]))
def test_no_extra_caps_a_version_from_above(extra: str) -> None:
    """An upper bound (``torch<=2.13``) makes pip downgrade what a researcher has."""
    for line in PROJECT["optional-dependencies"][extra]:
        requirement = Requirement(line)
        capped = [s for s in requirement.specifier if s.operator in ("<", "<=", "==", "~=")]
        assert not capped, f"{extra}: {line} caps {requirement.name}"


def test_rl_extra_takes_any_recent_torch() -> None:
    rl = [Requirement(r) for r in PROJECT["optional-dependencies"]["rl"]]
    torch = next(r for r in rl if r.name == "torch")
    assert torch.specifier.contains("2.1.0") and torch.specifier.contains("9.0.0")
    assert not torch.specifier.contains("2.0.1")


def test_test_extra_can_build_and_check_the_dists() -> None:
    names = {Requirement(r).name for r in PROJECT["optional-dependencies"]["test"]}
    assert {"build", "twine"} <= names


@pytest.fixture(scope="module")
def manifest(tmp_path_factory: pytest.TempPathFactory) -> set[str]:
    """The sdist's file list as setuptools computes it (SOURCES.txt of ``egg_info``)."""
    base = tmp_path_factory.mktemp("egg")
    env = {**os.environ, "CHUPAI_PURE_BUILD": "1"}  # no cythonize: the list is the same
    subprocess.run(
        [sys.executable, "setup.py", "-q", "egg_info", "--egg-base", str(base)],
        cwd=ROOT,
        env=env,
        check=True,
        capture_output=True,
        timeout=120,
    )
    lines = (base / "chupai.egg-info" / "SOURCES.txt").read_text(encoding="utf-8").splitlines()
    return {line for line in lines if not Path(line).is_absolute()}


def test_manifest_ships_docs_examples_benchmarks_tests_and_cython_sources(
    manifest: set[str],
) -> None:
    for path in (
        "LICENSE",
        "README.md",
        "pyproject.toml",
        "setup.py",
        "docs/env.md",
        "docs/architecture.md",
        "examples/train_dmc.py",
        "benchmarks/bench_env.py",
        "tests/conftest.py",
        "scripts/make_golden.py",
        "src/chupai/py.typed",
        "src/chupai/web/static/index.html",  # package data: a *.html junk rule once ate it
        "src/chupai/web/static/fonts/chupai-cjk-jp.woff2",  # package data in a subfolder
        "src/chupai/web/static/fonts/OFL.txt",  # the font's licence travels with it
    ):
        assert path in manifest, f"the sdist lacks {path}"
    assert any(p.startswith("tests/data/golden/") for p in manifest)
    cython = sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "src").rglob("_*.p[yx][xid]"))
    assert cython and set(cython) <= manifest
    junk = sorted(p for p in manifest if JUNK.search(p))
    assert not junk, f"build junk in the sdist: {junk}"


def test_manifest_ships_every_tracked_file(manifest: set[str]) -> None:
    """A file added to the repository reaches the sdist, or is named as left out."""
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.skip("not a git checkout (an unpacked sdist)")
    listed = subprocess.run(
        ["git", "ls-files"], cwd=ROOT, check=True, capture_output=True, text=True, timeout=60
    ).stdout.splitlines()
    tracked = {p for p in listed if not NOT_SHIPPED.match(p) and (ROOT / p).is_file()}
    missing = sorted(tracked - manifest)
    assert not missing, f"tracked but not in the sdist (MANIFEST.in): {missing}"
