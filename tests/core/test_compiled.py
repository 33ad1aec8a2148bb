"""The compiled core's switch (CHUPAI_PURE) and its random number generator."""

from __future__ import annotations

import pytest
from hypothesis import given, strategies as st

from chupai import compiled
from chupai.playrng import SplitMix64

fast_rng = compiled.built("chupai._fast_rng")
needs_core = pytest.mark.skipif(fast_rng is None, reason="the compiled core is not built")


def test_pure_forced_reads_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CHUPAI_PURE", "1")
    assert compiled.pure_forced()
    assert compiled.load("chupai._fast_rng") is None
    assert compiled.engine() == "pure"
    monkeypatch.setenv("CHUPAI_PURE", "0")
    assert not compiled.pure_forced()
    monkeypatch.delenv("CHUPAI_PURE")
    assert not compiled.pure_forced()


def test_a_missing_module_is_none() -> None:
    assert compiled.built("chupai._no_such_fast_module") is None


@needs_core
@given(st.integers(0, 2**64 - 1), st.integers(1, 2**32))
def test_compiled_rng_matches_python(seed: int, bound: int) -> None:
    assert fast_rng is not None
    rng = SplitMix64(seed)
    assert fast_rng.draws(seed, 5) == [rng.next() for _ in range(5)]
    rng = SplitMix64(seed)
    picks = fast_rng.draws(seed, 20, bound if bound < 2**31 else 2**31 - 1)
    assert picks == [rng.below(bound if bound < 2**31 else 2**31 - 1) for _ in range(20)]
    assert all(0 <= p < bound for p in picks)


def test_the_compiled_core_is_built_where_ci_requires_it() -> None:
    """CI sets CHUPAI_REQUIRE_COMPILED=1: there a missing compiled core (a broken
    build that fell back to pure Python) fails the run instead of passing unseen."""
    import os

    if os.environ.get("CHUPAI_REQUIRE_COMPILED", "") in ("", "0"):
        pytest.skip("CHUPAI_REQUIRE_COMPILED is not set")
    missing = [
        name
        for name in ("chupai._fast_rng", *compiled.MODULES, *compiled.ENV_MODULES)
        if compiled.built(name) is None
    ]
    assert not missing, f"not built: {missing}"


def test_missing_note_only_when_nothing_is_built(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CHUPAI_PURE", "1")
    assert compiled.missing_note() is None  # pure on purpose: no note
    monkeypatch.delenv("CHUPAI_PURE")
    note = compiled.missing_note()
    assert (note is None) == (fast_rng is not None)
    monkeypatch.setattr(compiled, "built", lambda name: None)
    note = compiled.missing_note()
    assert note is not None and "pure-Python engine" in note


@pytest.mark.parametrize("name", compiled.MODULES + compiled.ENV_MODULES)
def test_each_compiled_module_imports_first_in_a_fresh_process(name: str) -> None:
    """A compiled module imported before its pure twin (as chupai.compiled.engine
    does) must not trip over a circular import."""
    import subprocess
    import sys

    if compiled.built(name) is None:
        pytest.skip(f"{name} is not built")
    code = f"import {name}; from chupai import compiled; print(compiled.engine())"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr[-1500:]
