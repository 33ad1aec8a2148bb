"""A griffe extension that lets mkdocstrings render chupai's docstrings as Markdown.

chupai's docstrings are written for the terminal and for ``help()``: reST-style
cross-references (``:class:`~chupai.env.spaces.ActionSpace```), doctest examples
straight in the prose and ``::`` before literal blocks. Read as Markdown, a doctest's
output (``[{'cards': '3D', ...}]``) turns into a broken reference link and a role
shows its colons. This extension rewrites each docstring's text, only for the API
reference (the source is not touched):

- a doctest (a ``>>>`` line with its ``...`` continuations and its output, up to a
  blank line) becomes a fenced ``pycon`` block;
- ``:role:`target``` becomes an optional cross-reference to ``target``: a link where
  the object is rendered in the reference, plain code where it is not (a private
  helper, an outside library); ``~`` shows the last name only, and a bare name is
  looked up in the docstring's own module first;
- a paragraph ending in ``::`` ends in ``:`` (the indented block after it is code in
  Markdown too).

mkdocs.yml names this file under the python handler's ``extensions``.
"""

from __future__ import annotations

import re
from typing import Any

import griffe

ROLE = re.compile(r":(?:py:)?(?:class|func|meth|mod|data|attr|exc|obj|const|type):`([^`]+)`")
"""A reST cross-reference role and its text (``~a.b.C``, ``title <a.b.C>``, ``C``)."""

FENCE = re.compile(r"^\s*(```|~~~)")


class ChupaiDocstrings(griffe.Extension):
    """Rewrite every loaded object's docstring from reST habits to Markdown."""

    def on_object(self, *, obj: griffe.Object, loader: griffe.GriffeLoader, **kwargs: Any) -> None:
        if obj.docstring is None:
            return
        text = fence_doctests(obj.docstring.value)
        text = ROLE.sub(lambda m: cross_reference(m.group(1), obj, loader), text)
        obj.docstring.value = literal_colons(text)


def cross_reference(role_text: str, obj: griffe.Object, loader: griffe.GriffeLoader) -> str:
    """The Markdown (an autorefs tag) for one role's text, seen from ``obj``."""
    title, target = role_text, role_text
    if m := re.fullmatch(r"(.*?)\s*<([^>]+)>", role_text):
        title, target = m.group(1), m.group(2)
    target = target.removesuffix("()")
    short = target.startswith("~")
    target = target.lstrip("~.")
    identifier = resolve(target, obj, loader)
    if title == role_text:
        title = target.rsplit(".", 1)[-1] if short else target
    return f'<autoref identifier="{identifier}" optional><code>{title}</code></autoref>'


def resolve(target: str, obj: griffe.Object, loader: griffe.GriffeLoader) -> str:
    """``target`` as written, or qualified by the enclosing class or module if that
    is where it lives (``ChupaiError`` in :mod:`chupai.errors`)."""
    scopes = [obj.path, obj.module.path]
    if obj.parent is not None:
        scopes.insert(1, obj.parent.path)
    for candidate in (target, *(f"{scope}.{target}" for scope in scopes)):
        try:
            loader.modules_collection.get_member(candidate)
        except Exception:  # not found, or found through an import griffe cannot follow
            continue
        return candidate
    return target


def fence_doctests(text: str) -> str:
    """Wrap every doctest example of ``text`` in a fenced ``pycon`` block."""
    out: list[str] = []
    lines = text.splitlines()
    in_fence = False
    i = 0
    while i < len(lines):
        line = lines[i]
        if FENCE.match(line):
            in_fence = not in_fence
        stripped = line.lstrip()
        indent = line[: len(line) - len(stripped)]
        previous_blank = not out or not out[-1].strip()
        # an indented block after a blank line is already code in Markdown
        is_code = len(indent) >= 4 and previous_blank
        if in_fence or not stripped.startswith(">>>") or is_code:
            out.append(line)
            i += 1
            continue
        block = []
        while i < len(lines) and lines[i].strip() and lines[i].startswith(indent):
            block.append(lines[i][len(indent) :])
            i += 1
        out += [f"{indent}```pycon", *(indent + b for b in block), f"{indent}```"]
    return "\n".join(out)


def literal_colons(text: str) -> str:
    """``Example::`` before a literal block reads ``Example:`` in Markdown."""
    return re.sub(r"(?m)(\S) ?::$", r"\1:", text)
