"""Sudoku of every size from 4×4 to 25×25, and its variants.

Puzzles are strings: one line of digits, ``.`` or ``0`` for a blank (or the
grid layout, one row per line). Solutions come back the same way.

>>> from quadrille import sudoku
>>> sudoku.solve("..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9")
'987654321246173985351928746128537694634892157795461832519286473472319568863745219'
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import overload

from . import _quadrille
from ._problem import Engine, _check_engine, _check_limit, _check_threads
from ._svg import Svg

__all__ = ["count", "solve", "svg"]


def _puzzles(puzzles: str | Iterable[str]) -> tuple[list[str], bool]:
    if isinstance(puzzles, str):
        return [puzzles], True
    listed = list(puzzles)
    for k, p in enumerate(listed):
        if not isinstance(p, str):
            raise TypeError(f"puzzle {k}: a str expected, not {type(p).__name__}")
    return listed, False


@overload
def solve(  # type: ignore[overload-overlap]
    puzzles: str,
    *,
    x: bool = ...,
    hyper: bool = ...,
    jigsaw: str | None = ...,
    zero_based: bool = ...,
    threads: int = ...,
    engine: Engine = ...,
) -> str | None: ...
@overload
def solve(
    puzzles: Iterable[str],
    *,
    x: bool = ...,
    hyper: bool = ...,
    jigsaw: str | None = ...,
    zero_based: bool = ...,
    threads: int = ...,
    engine: Engine = ...,
) -> list[str | None]: ...
def solve(
    puzzles: str | Iterable[str],
    *,
    x: bool = False,
    hyper: bool = False,
    jigsaw: str | None = None,
    zero_based: bool = False,
    threads: int = 1,
    engine: Engine = "auto",
) -> str | None | list[str | None]:
    """Solves one puzzle (a string) or many (any iterable of strings): each
    solution as a line of digits, or ``None`` when there is none.

    Variants: ``x`` (both long diagonals hold every digit), ``hyper`` (four
    extra windows), ``jigsaw`` (a layout of regions: one label per cell).
    ``zero_based`` reads and writes digits from 0 (``0``–``F`` for 16×16).
    An invalid puzzle raises ``ValueError`` naming it (from 0) and the culprit.

    >>> from quadrille import sudoku
    >>> sudoku.solve(["1...", "12.."])
    Traceback (most recent call last):
    ...
    ValueError: puzzle 0: line 1: the grid ends after 1 of 4 rows
    """
    listed, single = _puzzles(puzzles)
    answers = _quadrille.sudoku_solve(
        listed,
        bool(x),
        bool(hyper),
        jigsaw,
        bool(zero_based),
        False,
        None,
        _check_threads(threads),
        _check_engine(engine),
    )
    solutions = [solution for _, solution in answers]
    return solutions[0] if single else solutions


@overload
def count(  # type: ignore[overload-overlap]
    puzzles: str,
    *,
    limit: int | None = ...,
    x: bool = ...,
    hyper: bool = ...,
    jigsaw: str | None = ...,
    zero_based: bool = ...,
    threads: int = ...,
) -> int: ...
@overload
def count(
    puzzles: Iterable[str],
    *,
    limit: int | None = ...,
    x: bool = ...,
    hyper: bool = ...,
    jigsaw: str | None = ...,
    zero_based: bool = ...,
    threads: int = ...,
) -> list[int]: ...
def count(
    puzzles: str | Iterable[str],
    *,
    limit: int | None = None,
    x: bool = False,
    hyper: bool = False,
    jigsaw: str | None = None,
    zero_based: bool = False,
    threads: int = 1,
) -> int | list[int]:
    """The number of solutions of one puzzle or of each (up to ``limit``).

    >>> from quadrille import sudoku
    >>> sudoku.count("1...............")
    72
    """
    listed, single = _puzzles(puzzles)
    answers = _quadrille.sudoku_solve(
        listed,
        bool(x),
        bool(hyper),
        jigsaw,
        bool(zero_based),
        True,
        _check_limit(limit),
        _check_threads(threads),
        "auto",
    )
    counts = [n for n, _ in answers]
    return counts[0] if single else counts


def svg(
    puzzle: str,
    solution: str | None = None,
    *,
    x: bool = False,
    hyper: bool = False,
    jigsaw: str | None = None,
    zero_based: bool = False,
    caption: str = "",
) -> Svg:
    """A picture of a puzzle and, if given, its solution (the givens in bold),
    as the command-line tool draws it; a notebook shows it."""
    return Svg(
        _quadrille.sudoku_svg(
            puzzle, solution, bool(x), bool(hyper), jigsaw, bool(zero_based), caption
        )
    )
