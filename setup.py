"""Build of chupai's optional compiled core.

The metadata lives in ``pyproject.toml``; this file only adds the Cython
extensions (``src/chupai/**/_fast*.pyx``). They are optional: where no C compiler
(or no Cython) is at hand, the build prints one line and installs the pure-Python
engine, which gives the same answers, slower. ``CHUPAI_PURE_BUILD=1`` skips the
compiled core on purpose.

The extensions compile in parallel, one job per CPU (``build_ext -j N`` or
``CHUPAI_BUILD_JOBS=N`` sets another count). The generated C files are not shipped
in the sdist: Cython is a build requirement, so every build writes them afresh
(``MANIFEST.in`` says why).
"""

from __future__ import annotations

import os
import sys
from glob import glob

from setuptools import setup
from setuptools.command.build_ext import build_ext

NOTICE = "chupai: {why}; installing the pure-Python engine (same answers, slower)"


def _notice(why: str) -> None:
    print(NOTICE.format(why=why), file=sys.stderr)


class OptionalBuildExt(build_ext):
    """Build the extensions, or fall back to pure Python with one line of notice."""

    def finalize_options(self) -> None:
        super().finalize_options()
        if not self.parallel:  # neither -j nor a setup.cfg value: one job per CPU
            self.parallel = _jobs()

    def run(self) -> None:
        self._failed: list[str] = []
        try:
            super().run()
        except Exception as exc:  # no compiler, no Python headers, ...
            _notice(f"the compiled core could not be built ({_first_line(exc)})")
            return
        if self._failed:
            _notice(f"{', '.join(self._failed)} could not be compiled")

    def build_extension(self, ext):  # type: ignore[no-untyped-def]
        try:
            super().build_extension(ext)
        except Exception:
            self._failed.append(ext.name)


def _jobs() -> int:
    """The number of compile jobs: ``CHUPAI_BUILD_JOBS``, else the CPU count."""
    wanted = os.environ.get("CHUPAI_BUILD_JOBS", "")
    if wanted.isdigit() and int(wanted) > 0:
        return int(wanted)
    return os.cpu_count() or 1


def _first_line(exc: BaseException) -> str:
    return f"{type(exc).__name__}: {str(exc).splitlines()[0] if str(exc) else ''}"


def extensions() -> list:  # type: ignore[type-arg]
    if os.environ.get("CHUPAI_PURE_BUILD", "") not in ("", "0"):
        _notice("CHUPAI_PURE_BUILD is set")
        return []
    sources = sorted(glob("src/chupai/**/_fast*.pyx", recursive=True))
    try:
        from Cython.Build import cythonize
    except ImportError:
        _notice("Cython is not installed")
        return []
    return cythonize(
        sources,
        compiler_directives={
            "language_level": 3,
            "boundscheck": False,
            "wraparound": False,
            "cdivision": True,
            "initializedcheck": False,
            "infer_types": True,
        },
        quiet=True,
    )


setup(ext_modules=extensions(), cmdclass={"build_ext": OptionalBuildExt})
