"""``exact_cover.helpers``: checking a solution, and splitting a problem
into subproblems (to search them apart).

>>> import numpy as np
>>> from quadrille.compat.exact_cover.helpers import is_solution, split_problem
>>> a = np.array([[1, 0, 0], [0, 1, 1], [1, 1, 0], [0, 0, 1]], dtype=bool)
>>> is_solution([0, 1], a), is_solution([0, 3], a)
(True, False)
>>> [np.flatnonzero(sub.any(axis=1)).tolist() for sub in split_problem(a, 2)]
[[0, 1, 3], [1, 2, 3]]
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator, Sequence
from typing import Any

import numpy as np

from .error import CannotSplitFurther, NoSolution
from .io import DTYPE_FOR_ARRAY

__all__ = [
    "create_numpy_array",
    "cut",
    "is_solution",
    "reduce",
    "split_problem",
]


def create_numpy_array(a: Any) -> Any:
    """``a`` as a numpy array of ``DTYPE_FOR_ARRAY`` (booleans).

    >>> create_numpy_array([[0, 1], [1, 0]])
    array([[False,  True],
           [ True, False]])
    """
    return np.array(a, dtype=DTYPE_FOR_ARRAY)


def cut(a: Any) -> Any:
    """The problem left once the row forced by the first column with a
    single 1 is taken: that row's columns and every row meeting them are
    removed (the exact covers of the result, with the forced row, are those
    of ``a``).

    :raises IndexError: no column has a single 1.
    """
    a = np.asarray(a)
    single = np.flatnonzero(np.count_nonzero(a, axis=0) == 1)
    if single.size == 0:
        raise IndexError("no column of the matrix has a single 1")
    forced = np.flatnonzero(a[:, single[0]])[0]
    taken = a[forced] != 0
    rows = ~(a[:, taken] != 0).any(axis=1)
    return a[rows][:, ~taken]


def reduce(a: Any) -> Any:
    """:func:`cut` repeated while a column has a single 1."""
    while True:
        try:
            a = cut(a)
        except IndexError:
            return a


def _split_once(a: Any) -> Iterator[Any]:
    """The subproblems of ``a`` by the rows of its fullest column (the first
    of them): in each, that column's other rows are zeroed.

    :raises NoSolution: a column of ``a`` is empty.
    :raises CannotSplitFurther: the fullest column has a single 1.
    """
    sums = np.count_nonzero(a, axis=0)
    if sums.size == 0 or sums.min() < 1:
        raise NoSolution
    column = int(np.argmax(sums))
    if sums[column] < 2:
        raise CannotSplitFurther
    holders = np.flatnonzero(a[:, column])
    subproblems = []
    for keep in holders:
        sub = a.copy()
        sub[holders[holders != keep], :] = 0
        subproblems.append(sub)
    return iter(subproblems)


def split_problem(a: Any, n: int) -> Iterator[Any]:
    """At least ``n`` subproblems of ``a`` (each of ``a``'s shape) whose
    exact covers, together, are those of ``a``: the first problem in line is
    split by the rows of its fullest column until ``n`` are in line;
    subproblems with an empty column are dropped.

    :raises NoSolution: every subproblem was dropped.
    :raises CannotSplitFurther: a problem's fullest column has a single 1.
    """
    line = deque([a])
    while len(line) < n:
        if not line:
            raise NoSolution
        problem = line.popleft()
        try:
            line.extend(_split_once(problem))
        except NoSolution:
            continue
    yield from line


def is_solution(solution: Sequence[int] | Any, problem: Any) -> bool:
    """Whether the rows ``solution`` (numbers) of the matrix ``problem`` are
    an exact cover of it: at least one row, no row twice, every row a row of
    the matrix holding a 1, every column covered exactly once."""
    rows = list(solution)
    if not rows or len(set(rows)) != len(rows):
        return False
    try:
        cover = np.asarray(problem)[rows, :]
    except IndexError:
        return False
    if (np.count_nonzero(cover, axis=1) == 0).any():
        return False
    return bool((np.sum(cover, axis=0) == 1).all())
