"""mkdocs hook: API pages that list a package's modules by themselves.

An API page lists its main modules by hand, in reading order (``::: chupai.env.spaces``);
a marker line ``<!-- api-modules: PACKAGE -->`` (optionally ``... except NAME NAME``)
stands for every other public module of PACKAGE: each ``.py`` file directly in the
package's folder whose name does not start with an underscore, not named by a
directive on any API page and not excepted, in alphabetical order. So a module added to ``chupai.env`` is in
the reference the day it is written, and a page never names one that is gone.

mkdocs.yml names this file under ``hooks``.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

API = Path(__file__).resolve().parent
SRC = API.parents[1] / "src"
MARKER = re.compile(r"^<!-- api-modules: ([\w.]+)(?: except ([\w ]+))? -->$", re.M)
DIRECTIVE = re.compile(r"^::: ([\w.]+)\s*$", re.M)


def public_modules(package: str, src: Path = SRC) -> list[str]:
    """The public modules directly in ``package`` (``chupai.env`` -> ``chupai.env.aec``, ...)."""
    folder = src.joinpath(*package.split("."))
    return sorted(
        f"{package}.{path.stem}" for path in folder.glob("*.py") if not path.name.startswith("_")
    )


def listed_modules(api: Path = API) -> set[str]:
    """The modules that the API pages name in a directive of their own."""
    return {
        name for page in api.glob("*.md") for name in DIRECTIVE.findall(page.read_text("utf-8"))
    }


def expand(markdown: str, src: Path = SRC, api: Path = API) -> str:
    """``markdown`` with each marker replaced by the directives it stands for."""
    listed = listed_modules(api) | set(DIRECTIVE.findall(markdown))

    def directives(match: re.Match[str]) -> str:
        package, excepted = match.group(1), set((match.group(2) or "").split())
        names = [
            name
            for name in public_modules(package, src)
            if name not in listed and name.rsplit(".", 1)[1] not in excepted
        ]
        return "\n\n".join(f"::: {name}" for name in names)

    return MARKER.sub(directives, markdown)


def on_page_markdown(markdown: str, **kwargs: Any) -> str:
    """The mkdocs event: expand the markers of every page."""
    return expand(markdown)
