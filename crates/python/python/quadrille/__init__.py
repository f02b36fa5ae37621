"""Exact cover by Knuth's Dancing Links, from Python.

An exact-cover problem has **items** and **options**, each option a set of
items; a solution is a set of options that covers every primary item exactly
once and every secondary item at most once (or several times with one
colour). :class:`Problem` builds one from any hashable Python objects;
:func:`queens`, :mod:`quadrille.sudoku` and :func:`pack` are ready-made
models; :mod:`quadrille.compat` has drop-in replacements for ``xcover`` and
``exact-cover``.

>>> import quadrille
>>> p = quadrille.Problem("ABC", [["A", "B"], ["C"], ["A"], ["B", "C"]])
>>> p.count()
2
>>> sorted(map(sorted, p.solutions()))
[[0, 1], [2, 3]]
"""

from . import sudoku
from ._models import Boards, Packing, QueensCount, pack, queens, queens_count
from ._problem import (
    ENGINES,
    Costed,
    Engine,
    Estimate,
    Plan,
    Preprocessed,
    Problem,
    Question,
    Spread,
    Stats,
    Zdd,
    ZddStats,
    engines,
)
from ._quadrille import Solutions, __version__
from ._svg import Svg

__all__ = [
    "ENGINES",
    "Boards",
    "Costed",
    "Engine",
    "Estimate",
    "Packing",
    "Plan",
    "Preprocessed",
    "Problem",
    "Question",
    "QueensCount",
    "Solutions",
    "Spread",
    "Stats",
    "Svg",
    "Zdd",
    "ZddStats",
    "__version__",
    "engines",
    "pack",
    "queens",
    "queens_count",
    "sudoku",
]
