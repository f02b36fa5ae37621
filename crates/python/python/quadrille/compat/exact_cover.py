"""``get_exact_cover``, ``get_all_solutions`` and ``get_solution_count`` as the
package ``exact-cover`` has them: numpy in, numpy out.

Replace ``import exact_cover as ec`` by
``import quadrille.compat.exact_cover as ec``. The matrix's rows are the
options and its columns the items; any array that numpy converts to booleans
is taken, as ``exact-cover`` takes it. A problem without solution raises
:class:`NoSolution` (a subclass of :class:`ExactCoverError`), as there.

**Order.** ``get_exact_cover`` returns the rows of the first solution of this
search (``int32``, in the order chosen), which need not be the one
``exact-cover``'s search finds first; ``get_all_solutions`` returns a set of
tuples of rows, so its order does not matter.

>>> import numpy as np
>>> import quadrille.compat.exact_cover as ec
>>> S = np.array([[1, 0, 0, 1, 0], [1, 1, 1, 0, 0], [0, 1, 1, 0, 0], [0, 0, 0, 0, 1]], dtype=bool)
>>> print(ec.get_exact_cover(S))
[0 2 3]
>>> ec.get_solution_count(S)
1
"""

from __future__ import annotations

from typing import Any

from .._problem import Problem

__all__ = [
    "CannotSplitFurther",
    "ExactCoverError",
    "NoSolution",
    "get_all_solutions",
    "get_exact_cover",
    "get_solution_count",
]


class ExactCoverError(Exception):
    """The base of this module's errors."""


class NoSolution(ExactCoverError):  # noqa: N818 (exact-cover's name)
    """The problem has no solution."""


class CannotSplitFurther(ExactCoverError):  # noqa: N818 (exact-cover's name)
    """Kept for compatibility with ``exact-cover``'s helpers."""


def _problem(matrix: Any, name: str) -> tuple[Problem | None, Any]:
    """The problem of the matrix's rows that hold something, and their numbers;
    ``None`` when there is nothing to search: no column (covered by the
    empty set of rows alone), or no row holding anything."""
    import numpy as np

    array = np.require(matrix, dtype=np.bool_, requirements=["C_CONTIGUOUS"])
    if array.ndim != 2:
        raise ValueError(f"{name}(...) needs a 2-dimensional (m x n) matrix.")
    rows = np.flatnonzero(array.any(axis=1))
    if array.shape[1] == 0 or rows.size == 0:
        return None, rows
    return Problem.from_matrix(array[rows], payloads=rows.astype(np.int32).tolist()), rows


def get_exact_cover(matrix: Any) -> Any:
    """The rows of one exact cover, as a numpy ``int32`` array.

    :raises NoSolution: there is none.
    """
    import numpy as np

    problem, _ = _problem(matrix, "get_exact_cover")
    first = None if problem is None else problem.first()
    if first is None:
        raise NoSolution("No solutions found by the C code.")
    return np.array(first, dtype=np.int32)


def get_solution_count(matrix: Any) -> int:
    """The number of exact covers (a Python int). A matrix without columns
    has one, the empty set of rows, as ``exact-cover`` counts it (though
    its ``get_exact_cover`` and ``get_all_solutions`` raise
    :class:`NoSolution` there, and so do these)."""
    problem, _ = _problem(matrix, "get_solution_count")
    if problem is not None:
        return problem.count(threads=1)
    import numpy as np

    return 1 if np.shape(matrix)[1] == 0 else 0


def get_all_solutions(matrix: Any, max_count: int | None = None) -> set[tuple[Any, ...]]:
    """Every exact cover (at most ``max_count``), as a set of tuples of rows
    (numpy ``int32``).

    :raises NoSolution: there is none.
    """
    import numpy as np

    problem, _ = _problem(matrix, "get_all_solutions")
    found: set[tuple[Any, ...]] = set()
    if problem is not None and max_count != 0:
        for solution in problem.solutions(limit=max_count):
            found.add(tuple(np.int32(r) for r in sorted(solution)))
    if not found:
        raise NoSolution("No solutions found by the C code.")
    return found
