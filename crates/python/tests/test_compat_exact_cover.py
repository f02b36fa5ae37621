"""quadrille.compat.exact_cover, module by module: every public function,
the examples of exact-cover's documentation and the cases of its test suite
(rewritten here, answers from a brute force, a hand count or a published
count), and the errors."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest
import quadrille
import quadrille.compat.exact_cover as ec
import scipy.sparse as sp
from quadrille.compat.exact_cover.error import CannotSplitFurther, ExactCoverError, NoSolution
from quadrille.compat.exact_cover.helpers import (
    create_numpy_array,
    cut,
    is_solution,
    reduce,
    split_problem,
)
from quadrille.compat.exact_cover.io import DTYPE_FOR_ARRAY, load_problem, save_problem
from quadrille.compat.exact_cover.wrapper import solutions_array_to_set

FOUR = np.array([[1, 0, 0], [0, 1, 0], [0, 1, 1], [0, 0, 1]], dtype=DTYPE_FOR_ARRAY)
# Two triominoes on a 3x3 board with three cells taken: (5, 13) and (6, 12).
TRIOMINO = np.array(
    [
        [1, 0, 0, 1, 1, 0, 1, 0],
        [1, 0, 0, 0, 1, 1, 0, 1],
        [1, 0, 0, 0, 1, 1, 1, 0],
        [1, 0, 1, 0, 1, 1, 0, 0],
        [1, 0, 0, 0, 1, 0, 1, 1],
        [1, 0, 1, 1, 1, 0, 0, 0],
        [1, 0, 0, 0, 0, 1, 1, 1],
        [0, 1, 0, 1, 1, 0, 1, 0],
        [0, 1, 0, 0, 1, 1, 0, 1],
        [0, 1, 0, 0, 1, 1, 1, 0],
        [0, 1, 1, 0, 1, 1, 0, 0],
        [0, 1, 0, 0, 1, 0, 1, 1],
        [0, 1, 1, 1, 1, 0, 0, 0],
        [0, 1, 0, 0, 0, 1, 1, 1],
    ],
    dtype=DTYPE_FOR_ARRAY,
)


def pentomino_matrix(width: int, height: int) -> Any:
    """The matrix of the 12 pentominoes in a box (columns: the 12 pieces, then
    the cells), from the package's packing model."""
    packing = quadrille.pack("pentominoes", f"{width}x{height}")
    problem = packing.problem
    matrix = np.zeros((problem.n_options, len(problem.items)), dtype=bool)
    for k in range(problem.n_options):
        for item in problem.option(k):
            matrix[k, problem.items.index(item)] = True
    return matrix


def test_the_examples() -> None:
    s = np.array(
        [[1, 0, 0, 1, 0], [1, 1, 1, 0, 0], [0, 1, 1, 0, 0], [0, 0, 0, 0, 1]], dtype=np.int32
    )
    assert str(ec.get_exact_cover(s)) == "[0 2 3]"
    t = s.astype(DTYPE_FOR_ARRAY)
    assert str(ec.get_exact_cover(t)) == "[0 2 3]"
    assert ec.get_solution_count(t) == 1
    assert ec.get_all_solutions(t) == {(0, 2, 3)}


def test_the_first_cover_is_exact_covers() -> None:
    # Column 0 has the fewest 1s, then columns 1 and 2 tie: 1 is first.
    for order in ("C", "F"):
        dtypes: list[Any] = [np.int32, np.int8, np.bool_, None]
        for dtype in dtypes:
            data: Any = np.array(FOUR, dtype=dtype, order=order)  # type: ignore[call-overload]
            cover = ec.get_exact_cover(data)
            assert cover.dtype == np.int32 and cover.tolist() == [0, 1, 3]
            assert ec.get_solution_count(data) == 2
    with_zero_rows = np.array([[1, 0, 0], [0, 0, 0], [0, 1, 0], [0, 1, 1], [0, 0, 0], [0, 0, 1]])
    assert ec.get_exact_cover(with_zero_rows).tolist() == [0, 2, 5]
    assert ec.get_exact_cover(np.array([[1, 0, 0], [0, 1, 1]])).tolist() == [0, 1]
    assert ec.get_exact_cover(np.array([[1, 1, 1]])).tolist() == [0]
    assert ec.get_exact_cover(TRIOMINO).tolist() == [5, 13]


def test_all_solutions_in_the_search_order() -> None:
    assert ec.get_all_solutions(FOUR) == {(0, 1, 3), (0, 2)}
    assert ec.get_all_solutions(FOUR, 1) == {(0, 1, 3)}
    assert ec.get_all_solutions(FOUR, max_count=5) == {(0, 1, 3), (0, 2)}
    assert {frozenset(s) for s in ec.get_all_solutions(TRIOMINO)} == {
        frozenset({5, 13}),
        frozenset({6, 12}),
    }
    found = ec.get_all_solutions(TRIOMINO)
    assert all(type(r) is np.int32 for s in found for r in s)
    with pytest.raises(NoSolution):
        ec.get_all_solutions(FOUR, max_count=0)


def test_counts_of_known_problems() -> None:
    # 2 packings of the 12 pentominoes in a 3x20 box, 2 x 4 with the
    # symmetries of the box (Knuth; OEIS A000105's pieces).
    matrix = pentomino_matrix(20, 3)
    assert ec.get_solution_count(matrix) == 8
    cover = ec.get_exact_cover(matrix)
    assert cover.shape == (12,) and is_solution(cover, matrix)
    assert len(ec.get_all_solutions(matrix)) == 8


def test_no_solution() -> None:
    data = np.array([[1, 0, 0], [0, 1, 0], [0, 1, 0], [0, 0, 0]], dtype=DTYPE_FOR_ARRAY)
    with pytest.raises(NoSolution):
        ec.get_exact_cover(data)
    with pytest.raises(NoSolution):
        ec.get_all_solutions(data)
    assert ec.get_solution_count(data) == 0
    assert issubclass(NoSolution, ExactCoverError) and issubclass(
        CannotSplitFurther, ExactCoverError
    )
    assert ec.NoSolution is NoSolution and ec.error.NoSolution is NoSolution
    with pytest.raises(ValueError, match="needs a 2-dimensional"):
        ec.get_exact_cover(np.array([1, 0, 1]))


def test_what_exact_cover_refuses_is_taken_here() -> None:
    # SciPy sparse matrices (exact-cover raises ValueError on them).
    for kind in (sp.csr_matrix, sp.csc_matrix, sp.coo_matrix):
        assert ec.get_exact_cover(kind(FOUR)).tolist() == [0, 1, 3]
        assert ec.get_solution_count(kind(TRIOMINO)) == 2
        assert ec.get_all_solutions(kind(FOUR)) == {(0, 1, 3), (0, 2)}
    # Any non-zero entry is a 1, as exact-cover reads it.
    assert ec.get_all_solutions(np.array([[2, 0], [0, -1], [0.5, 3]])) == {(0, 1), (2,)}


def test_io_round_trip(tmp_path: Path) -> None:
    array = create_numpy_array([[0, 1, 0], [1, 0, 1]])
    assert array.dtype == np.bool_
    save_problem(tmp_path / "p.txt", array)
    assert (load_problem(tmp_path / "p.txt") == array).all()
    assert load_problem(tmp_path / "p.txt").dtype == np.bool_
    assert DTYPE_FOR_ARRAY is np.bool_


def test_solutions_array_to_set() -> None:
    a = np.full((3, 5), -1)
    a[0, 0] = 7
    a[1, 0] = a[2, 0] = 8
    a[1, 1] = 9
    assert solutions_array_to_set(a) == {(7,), (8, 9), (8,)}
    wide = np.full((3, 1000), -1)
    wide[0, 0] = 7
    wide[1, 0] = wide[2, 0] = 8
    assert solutions_array_to_set(wide) == {(7,), (8,)}


def test_is_solution() -> None:
    assert is_solution([0, 1, 3], FOUR) and is_solution(np.array([0, 2]), FOUR)
    assert not is_solution([], FOUR)
    assert not is_solution([0, 0, 2], FOUR)
    assert not is_solution([0, 9], FOUR)
    assert not is_solution([0, 1], FOUR)
    assert not is_solution([0, 1, 2, 3], FOUR)
    zero = np.array([[1, 0], [0, 0], [0, 1]])
    assert not is_solution([0, 1, 2], zero) and is_solution([0, 2], zero)


def test_split_problem() -> None:
    d = np.array([[0, 1, 0], [1, 1, 1], [1, 1, 1]])
    parts = list(split_problem(d, 2))
    assert len(parts) >= 2 and all(p.shape == d.shape for p in parts)
    # The covers of the parts are the covers of the problem.
    for problem in (TRIOMINO, pentomino_matrix(20, 3)):
        every = {frozenset(s) for s in ec.get_all_solutions(problem)}
        for n in (2, 3, 5):
            parts = list(split_problem(problem, n))
            assert n <= len(parts) < n * problem.shape[0]
            found = [
                frozenset(s)
                for p in parts
                if ec.get_solution_count(p)
                for s in ec.get_all_solutions(p)
            ]
            assert len(found) == len(every) and set(found) == every
    with pytest.raises(CannotSplitFurther):
        list(split_problem(np.array([[1, 0], [0, 1]]), 2))
    with pytest.raises(NoSolution):
        list(split_problem(np.array([[1, 0], [1, 0]]), 3))


def test_cut_and_reduce() -> None:
    d = np.array([[0, 1, 0], [1, 1, 1], [1, 1, 1]])
    assert (reduce(d) == d).all()
    with pytest.raises(IndexError):
        cut(d)
    # Column 0 forces row 0; rows 1 (meets it) goes, row 2 and 3 stay.
    m = np.array([[1, 1, 0, 0], [0, 1, 1, 0], [0, 0, 1, 1], [0, 0, 1, 0]])
    assert cut(m).tolist() == [[1, 1], [1, 0]]
    assert reduce(m).shape == (0, 0) or reduce(m).shape[1] <= 2


@pytest.mark.parametrize("rows", [0, 1, 3])
def test_a_matrix_without_columns(rows: int) -> None:
    # The empty set of rows is the one exact cover, and exact-cover 1.5
    # counts it (1), though its get_exact_cover and get_all_solutions raise;
    # these raise NoSolution.
    for matrix in (np.zeros((rows, 0), dtype=bool), np.zeros((rows, 0), dtype=np.int64)):
        assert ec.get_solution_count(matrix) == 1
        with pytest.raises(NoSolution):
            ec.get_exact_cover(matrix)
        with pytest.raises(NoSolution):
            ec.get_all_solutions(matrix)


def test_install_makes_exact_cover_ours() -> None:
    code = (
        "import quadrille.compat; quadrille.compat.install('exact-cover')\n"
        "import numpy as np, exact_cover as ec\n"
        "from exact_cover.io import DTYPE_FOR_ARRAY, load_problem\n"
        "from exact_cover.error import NoSolution\n"
        "from exact_cover.helpers import is_solution, split_problem\n"
        "import exact_cover.wrapper\n"
        "assert ec.__name__ == 'quadrille.compat.exact_cover'\n"
        "assert NoSolution is ec.NoSolution\n"
        "print(ec.get_exact_cover(np.array([[1, 0], [0, 1]], dtype=DTYPE_FOR_ARRAY)))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=dict(os.environ)
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout == "[0 1]\n"
    with pytest.raises(ValueError, match="no drop-in for 'numpy'"):
        quadrille.compat.install("xcover", "numpy")
