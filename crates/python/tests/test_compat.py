"""The compat modules against the documented examples of xcover and
exact-cover, and against the brute force."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
import quadrille.compat.exact_cover as ec
from brute import Spec, solutions
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays
from quadrille.compat.xcover import covers, covers_bool


def sorted_solutions(found: object) -> list[tuple[int, ...]]:
    return sorted(tuple(sorted(s)) for s in found)  # type: ignore[attr-defined]


def test_xcover_readme_examples() -> None:
    options = [[1, 4, 7], [1, 4], [4, 5, 7], [3, 5, 6], [2, 3, 6, 7], [2, 7]]
    found = list(covers(options))
    assert sorted_solutions(found) == [(1, 3, 5)]
    assert all(type(o) is int for o in found[0])

    primary = ["p", "q", "r"]
    secondary = ["x", "y"]
    options2 = [
        ["p", "q", "x", "y:A"],
        ["p", "r", "x:A", "y"],
        ["p", "x:B"],
        ["q", "x:A"],
        ["r", "y:B"],
    ]
    found = list(covers(options2, primary=primary, secondary=secondary, colored=True))
    assert sorted_solutions(found) == [(1, 3)]

    matrix = np.array(
        [
            [1, 0, 0, 1, 0, 0, 1],
            [1, 0, 0, 1, 0, 0, 0],
            [0, 0, 0, 1, 1, 0, 1],
            [0, 0, 1, 0, 1, 1, 0],
            [0, 1, 1, 0, 0, 1, 1],
            [0, 1, 0, 0, 0, 0, 1],
        ],
        dtype=bool,
    )
    assert sorted(next(covers_bool(matrix))) == [1, 3, 5]


def test_xcover_inference_and_errors() -> None:
    # Items not named primary are secondary, and the other way round.
    assert sorted_solutions(covers([["a", "b"], ["c"], ["a", "c"]], primary=["a", "b"])) == [(0,)]
    assert sorted_solutions(covers([["a", "b"], ["c"], ["a", "c"]], secondary=["c"])) == [(0,)]
    # A primary item that no option has: no solution.
    assert list(covers([[1, 2]], primary=[1, 2, 3])) == []
    with pytest.raises(KeyError):
        list(covers([["a"], ["zz"]], primary=["a"], secondary=[]))
    with pytest.raises(ValueError):
        list(covers([]))
    with pytest.raises(AttributeError):
        list(covers_bool([[1, 0], [0, 1]]))


@settings(max_examples=100, deadline=None)
@given(st.tuples(st.integers(1, 8), st.integers(1, 6)).flatmap(lambda s: arrays(np.bool_, s)))
def test_compat_against_brute_force(matrix: np.ndarray[Any, Any]) -> None:
    columns = list(range(matrix.shape[1]))
    options = [[j for j in np.flatnonzero(row)] for row in matrix]
    # Rows without items never help an exact cover; the brute force leaves them out.
    rows = [r for r, o in enumerate(options) if o]
    expected = sorted(
        tuple(rows[k] for k in s) for s in solutions(Spec(columns, [], [options[r] for r in rows]))
    )
    assert sorted_solutions(covers_bool(matrix)) == expected
    assert ec.get_solution_count(matrix) == len(expected)
    if any(options):
        assert sorted_solutions(
            covers([[int(j) for j in o] for o in options], primary=columns)
        ) == (expected)
    if expected:
        assert tuple(sorted(ec.get_exact_cover(matrix))) in expected
        assert {tuple(sorted(s)) for s in ec.get_all_solutions(matrix)} == set(expected)
        assert len(ec.get_all_solutions(matrix, max_count=1)) == 1
    else:
        with pytest.raises(ec.NoSolution):
            ec.get_exact_cover(matrix)
        with pytest.raises(ec.NoSolution):
            ec.get_all_solutions(matrix)


def test_exact_cover_readme_example() -> None:
    s = np.array([[1, 0, 0, 1, 0], [1, 1, 1, 0, 0], [0, 1, 1, 0, 0], [0, 0, 0, 0, 1]], dtype=bool)
    cover = ec.get_exact_cover(s)
    assert cover.dtype == np.int32
    assert sorted(cover.tolist()) == [0, 2, 3]
    assert ec.get_solution_count(s) == 1
    assert ec.get_all_solutions(s) == {(0, 2, 3)}
    t = np.array([[1, 0], [0, 1], [1, 1]], dtype=bool)
    assert ec.get_all_solutions(t) == {(0, 1), (2,)}
    # Each cover lists its rows in the order the search chose them, as
    # exact-cover's do: column 0 (one row) first, then column 2.
    u = np.array([[0, 1, 1], [1, 0, 0], [0, 1, 0], [0, 0, 1]], dtype=bool)
    assert ec.get_all_solutions(u) == {(1, 0), (1, 2, 3)}


def test_exact_cover_errors() -> None:
    with pytest.raises(ec.NoSolution):
        ec.get_exact_cover(np.array([[1, 0], [1, 0]], dtype=bool))
    assert issubclass(ec.NoSolution, ec.ExactCoverError)
    assert ec.get_solution_count(np.array([[1, 0], [1, 0]], dtype=bool)) == 0
    with pytest.raises(ValueError, match="needs a 2-dimensional"):
        ec.get_exact_cover(np.array([1, 0, 1]))
    # Like exact-cover, anything numpy makes booleans of is taken.
    assert sorted(ec.get_exact_cover([[2, 0], [0, 1]]).tolist()) == [0, 1]


@pytest.mark.parametrize("rows", [0, 1, 3])
def test_exact_cover_of_a_matrix_without_columns(rows: int) -> None:
    # Nothing to cover: the empty set of rows is the one exact cover, and
    # exact-cover 1.5.0 counts it (1), though its get_exact_cover and
    # get_all_solutions raise NoSolution; so do these.
    for matrix in (np.zeros((rows, 0), dtype=bool), np.zeros((rows, 0), dtype=np.int64)):
        assert ec.get_solution_count(matrix) == 1
        with pytest.raises(ec.NoSolution):
            ec.get_exact_cover(matrix)
        with pytest.raises(ec.NoSolution):
            ec.get_all_solutions(matrix)
    assert ec.get_solution_count([[] for _ in range(rows)] or np.zeros((0, 0))) == 1


@pytest.mark.parametrize("columns", [1, 2, 5])
def test_exact_cover_of_a_matrix_without_rows_or_without_ones(columns: int) -> None:
    # Columns to cover and nothing to cover them: no exact cover.
    for rows in (0, 1, 4):
        assert ec.get_solution_count(np.zeros((rows, columns), dtype=bool)) == 0
