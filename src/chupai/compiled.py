"""Which engine runs: the compiled core where it is built, else pure Python.

Each game's hot paths (legal-move generation, random play to the end of a deal)
have a compiled twin in the game's ``_fast`` extension module, built from Cython
by the package's own build (``setup.py``). The pure-Python code stays the
reference: the compiled twin must give the same answers, in the same order, and
the differential tests check that it does. Setting ``CHUPAI_PURE=1`` in the
environment (before chupai is imported) forces the pure-Python engine.

>>> engine() in ("compiled", "pure", "partial")
True
"""

from __future__ import annotations

import importlib
import os
from types import ModuleType
from typing import Final

__all__ = ["MODULES", "ENV_MODULES", "pure_forced", "load", "built", "engine", "missing_note"]

MODULES: Final = ("chupai.doudizhu._fast", "chupai.bigtwo._fast", "chupai.biga._fast")
"""The compiled modules of the rules engine, one per game."""

ENV_MODULES: Final = ("chupai.env._fast_encode", "chupai.doudizhu._fast_vec")
"""The compiled modules of the environment (the ``env`` extra: they need numpy):
the encoder and the batched Dou Dizhu runner."""


def pure_forced() -> bool:
    """Whether ``CHUPAI_PURE`` asks for the pure-Python engine."""
    return os.environ.get("CHUPAI_PURE", "").strip() not in ("", "0")


def built(name: str) -> ModuleType | None:
    """The compiled module ``name`` if it is built, whatever ``CHUPAI_PURE`` says
    (the differential tests compare it with the pure code)."""
    try:
        return importlib.import_module(name)
    except ImportError:
        return None


def load(name: str) -> ModuleType | None:
    """The compiled module ``name`` the engine should use: None when it is not
    built or when ``CHUPAI_PURE`` forces the pure-Python engine."""
    if pure_forced():
        return None
    return built(name)


def engine() -> str:
    """``compiled`` when every game's compiled module is in use, ``pure`` when none
    is, ``partial`` otherwise (the environment's modules are not counted: they
    come with the ``env`` extra)."""
    used = [load(name) is not None for name in MODULES]
    if all(used):
        return "compiled"
    return "partial" if any(used) else "pure"


def missing_note() -> str | None:
    """One line for long-running commands when the compiled core was not built at
    all (an install without a C compiler); None when it was, or when
    ``CHUPAI_PURE`` asks for pure Python on purpose."""
    if pure_forced() or built("chupai._fast_rng") is not None:
        return None
    return (
        "the compiled core is not built (no C compiler at install time): running the "
        "pure-Python engine, which gives the same answers, slower (docs/compiled.md)"
    )
