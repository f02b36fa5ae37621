"""Problems from numpy and SciPy matrices."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
import scipy.sparse
from brute import Spec, solutions
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays
from quadrille import Problem


def spec_of(matrix: np.ndarray[Any, Any], primary: int) -> Spec:
    columns = [f"c{j}" for j in range(matrix.shape[1])]
    options = [[columns[j] for j in np.flatnonzero(row)] for row in matrix]
    return Spec(columns[:primary], columns[primary:], options)


matrices = st.tuples(st.integers(1, 8), st.integers(1, 6)).flatmap(
    lambda shape: arrays(np.bool_, shape)
)


@settings(max_examples=100, deadline=None)
@given(matrices, st.data())
def test_dense_and_sparse_match_brute_force(
    matrix: np.ndarray[Any, Any], data: st.DataObject
) -> None:
    primary = data.draw(st.integers(1, matrix.shape[1]))
    # A row without any item is refused; a row without a primary item is
    # kept with its number, in no solution (as DLX1 ignores such options).
    nonempty = [r for r in range(matrix.shape[0]) if matrix[r].any()]
    if len(nonempty) < matrix.shape[0]:
        with pytest.raises(ValueError, match=r"row \d+: option \d+ has no items"):
            Problem.from_matrix(matrix, primary=primary)
        matrix = matrix[nonempty]
    rows = [r for r in range(matrix.shape[0]) if matrix[r, :primary].any()]
    expected = solutions(spec_of(matrix[rows], primary))
    for given_matrix in (
        matrix,
        matrix.astype(np.int8),
        scipy.sparse.csr_matrix(matrix),
        scipy.sparse.coo_matrix(matrix.astype(np.float64)),
        scipy.sparse.csc_array(matrix),
    ):
        if matrix.shape[0] == 0:
            continue
        problem = Problem.from_matrix(given_matrix, primary=primary)
        assert sorted(tuple(sorted(s)) for s in problem.solutions()) == expected
        assert problem.count(threads=1) == len(expected)


class NeverDense(scipy.sparse.csr_matrix):  # type: ignore[misc]
    """A sparse matrix that fails if anything makes it dense."""

    def toarray(self, *args: object, **kwargs: object) -> None:
        raise AssertionError("made dense")

    def todense(self, *args: object, **kwargs: object) -> None:
        raise AssertionError("made dense")

    def __array__(self, *args: object, **kwargs: object) -> None:
        raise AssertionError("made dense")


def test_sparse_is_not_made_dense() -> None:
    n = 3000
    matrix = NeverDense(scipy.sparse.identity(n, dtype=np.bool_, format="csr"))
    with pytest.raises(AssertionError):
        matrix.toarray()
    problem = Problem.from_matrix(matrix)
    assert problem.n_options == n
    assert problem.count(threads=1) == 1


def test_bad_matrices() -> None:
    with pytest.raises(ValueError, match="other than 0 and 1"):
        Problem.from_matrix(np.array([[2, 0], [0, 1]]))
    with pytest.raises(ValueError, match="two dimensions"):
        Problem.from_matrix(np.array([1, 0, 1]))
    with pytest.raises(TypeError, match="booleans or numbers"):
        Problem.from_matrix(np.array([["a"]]))
    with pytest.raises(ValueError, match="other than 0 and 1"):
        Problem.from_matrix(scipy.sparse.csr_matrix(np.array([[3.0, 0.0]])))


def test_payloads_and_items() -> None:
    m = np.array([[1, 0, 0, 1, 0], [1, 1, 1, 0, 0], [0, 1, 1, 0, 0], [0, 0, 0, 0, 1]])
    p = Problem.from_matrix(m, payloads="ABCD")
    assert p.items == (0, 1, 2, 3, 4)
    assert sorted(p.first() or []) == ["A", "C", "D"]
    assert p.option(1) == [0, 1, 2]
