"""``exact_cover.wrapper``: the solving functions, on Quadrille's dancing
links.

The search is the one ``exact-cover`` runs (Knuth's Algorithm X: the first
column with fewest 1s, its rows from the top), so the first exact cover, the
order of the rows in each, and which covers ``max_count`` keeps are the
same as there.
"""

from __future__ import annotations

import operator
from typing import Any

from ..._problem import Problem
from .._matrix import nonzero_rows
from .error import NoSolution

__all__ = [
    "get_all_solutions",
    "get_exact_cover",
    "get_solution_count",
    "solutions_array_to_set",
]

_NONE_FOUND = "No solutions found by the C code."


def _problem(matrix: Any, name: str) -> tuple[Problem | None, int]:
    """The problem of the matrix's rows that hold a non-zero entry (any
    non-zero entry is a 1), each row's payload its number in ``matrix``;
    ``None`` when there is nothing to search: no column, or no such row.
    Also the number of columns."""
    kept, rows, n_columns = nonzero_rows(matrix, name)
    if n_columns == 0 or rows.size == 0:
        return None, n_columns
    return Problem.from_matrix(kept, payloads=rows.tolist()), n_columns


def get_exact_cover(matrix: Any) -> Any:
    """The rows of the first exact cover of ``matrix`` (rows are options,
    columns items; a numpy array, anything numpy makes one of, or a SciPy
    sparse matrix), as a numpy ``int32`` array in the order the search chose
    them.

    :raises NoSolution: there is none (and on a matrix without columns, as
        ``exact-cover``'s does).
    :raises ValueError: the matrix is not 2-dimensional.
    """
    import numpy as np

    problem, _ = _problem(matrix, "get_exact_cover")
    first = None if problem is None else problem.first(engine="links")
    if first is None:
        raise NoSolution(_NONE_FOUND)
    return np.array(first, dtype=np.int32)


def get_solution_count(matrix: Any) -> int:
    """The number of exact covers of ``matrix`` (a Python int). A matrix
    without columns has one, the empty set of rows, as ``exact-cover``
    counts it.

    :raises ValueError: the matrix is not 2-dimensional.
    """
    problem, n_columns = _problem(matrix, "get_solution_count")
    if problem is not None:
        return problem.count(threads=1)
    return 1 if n_columns == 0 else 0


def _max_count(max_count: Any) -> int | None:
    """``max_count`` as ``exact-cover`` reads it: ``None`` for every cover,
    else an integer (an ``int``, a ``bool``, a numpy integer: anything with
    ``__index__``), 0 or less keeping none.

    :raises TypeError: anything else (a float, even ``2.0``), naming
        ``max_count``.
    """
    if max_count is None:
        return None
    try:
        count = operator.index(max_count)
    except TypeError as e:
        raise TypeError(f"max_count must be an integer or None: {e}") from None
    return max(count, 0)


def get_all_solutions(matrix: Any, max_count: int | None = None) -> set[tuple[Any, ...]]:
    """The first ``max_count`` exact covers of the search (all if ``None``),
    as a set of tuples of numpy ``int32`` row numbers, each tuple in the
    order the search chose its rows (so ``(3, 0, 2)`` and ``(0, 2, 3)`` are
    not equal: compare sets of sorted tuples to ignore it). ``max_count`` is
    an integer (``True`` is 1, a numpy integer is taken) or ``None``; 0 or
    less keeps no cover, as in ``exact-cover``.

    :raises NoSolution: there is none, or ``max_count`` is 0 or less.
    :raises TypeError: ``max_count`` is neither an integer nor ``None``.
    :raises ValueError: the matrix is not 2-dimensional.
    """
    import numpy as np

    problem, _ = _problem(matrix, "get_all_solutions")
    limit = _max_count(max_count)
    found: set[tuple[Any, ...]] = set()
    if problem is not None and limit != 0:
        for solution in problem.solutions(engine="links", limit=limit):
            found.add(tuple(np.int32(r) for r in solution))
    if not found:
        raise NoSolution(_NONE_FOUND)
    return found


def solutions_array_to_set(a: Any) -> set[tuple[Any, ...]]:
    """The solutions of a 2-dimensional array, a solution per row padded at
    its end with ``-1``, as a set of tuples without the padding.

    >>> import numpy as np
    >>> sorted(solutions_array_to_set(np.array([[0, 2, -1], [1, -1, -1]])))
    [(np.int64(0), np.int64(2)), (np.int64(1),)]
    """
    found: set[tuple[Any, ...]] = set()
    for row in a:
        end = len(row)
        while end > 0 and row[end - 1] == -1:
            end -= 1
        found.add(tuple(row[:end]))
    return found
