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
    # The brute force sees the rows with a primary item; its option k is row
    # rows[k] of the matrix, whose number the problem keeps.
    expected = sorted(
        tuple(sorted(rows[k] for k in s)) for s in solutions(spec_of(matrix[rows], primary))
    )
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


WIDE = """
import resource, sys
import scipy.sparse
from quadrille import Problem

# 4 GB of address space, as `prlimit --as=4000000000`: an allocation that
# does not fit fails at once instead of swapping.
resource.setrlimit(resource.RLIMIT_AS, (4_000_000_000, 4_000_000_000))
rows, columns, primary = map(int, sys.argv[1:])
matrix = scipy.sparse.csr_matrix(([1] * rows, (range(rows), [columns - 2] * rows)),
                                 shape=(rows, columns))
try:
    problem = Problem.from_matrix(matrix, primary=primary)
except (ValueError, MemoryError) as error:
    print(type(error).__name__, error)
else:
    print("count", problem.count(threads=1))
"""


@pytest.mark.parametrize(
    ("rows", "columns", "said"),
    [
        # The matrix, and the shapes around the limit of 2**31 - 1 nodes
        # (a node per column, per entry and per row, and three more).
        (
            1,
            2**31 - 1,
            "ValueError the matrix is too large: 2147483647 columns, 1 rows and 1"
            " entries make 2147483652 nodes, more than the limit of 2147483647",
        ),
        (1, 2**31 - 4, "ValueError the matrix is too large: 2147483644 columns"),
        (2, 2**31 - 5, "ValueError the matrix is too large: 2147483643 columns"),
        (1, 2**32 + 3, "ValueError the matrix is too large: 4294967299 columns"),
        # Below the limit, more than 4 GB: refused before the build.
        (1, 2**31 - 6, "MemoryError the matrix needs about"),
        (1, 2**27, "MemoryError the matrix needs about"),
    ],
)
def test_a_matrix_too_wide_is_refused_not_aborted(rows: int, columns: int, said: str) -> None:
    import subprocess
    import sys

    run = subprocess.run(
        [sys.executable, "-c", WIDE, str(rows), str(columns), "1"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert run.returncode == 0, run.stderr[-2000:]
    assert run.stdout.startswith(said), run.stdout


def test_a_wide_matrix_that_fits_is_read() -> None:
    # 2**20 columns, the first primary and covered by the one row: 1 cover;
    # with all primary, the columns no row holds are never covered: 0.
    matrix = scipy.sparse.csr_matrix(([1], ([0], [0])), shape=(1, 2**20))
    assert Problem.from_matrix(matrix, primary=1).count(threads=1) == 1
    assert Problem.from_matrix(matrix).count(threads=1) == 0
