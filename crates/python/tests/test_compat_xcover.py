"""quadrille.compat.xcover, module by module: every public function, the
examples of xcover's README and the cases of its test suite (rewritten here,
answers from the problems' known counts or a brute force), and the errors."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest
import quadrille.compat.xcover as xc
import scipy.sparse as sp
from brute import Spec, solutions
from quadrille.compat.xcover import covers, covers_bool, covers_bool_zdd, covers_zdd
from quadrille.compat.xcover.dancing_cells import algorithm_c
from quadrille.compat.xcover.dancing_cells_zdd import algorithm_z
from quadrille.compat.xcover.io import read_xcover_from_file, write_xcover_to_file
from quadrille.compat.xcover.solvers import color_indices, input_as_arrays, items
from quadrille.compat.xcover.utils import bool_array_to_options, verify_exact_cover
from quadrille.compat.xcover.zdd_utils import (
    count_setset_nodes,
    to_setset_file,
    to_zdd_algorithms,
)

KNUTH = [{"c", "e"}, {"a", "d", "g"}, {"b", "c", "f"}, {"a", "d", "f"}, {"b", "g"}, {"d", "e", "g"}]
WIKIPEDIA = [[1, 4, 7], [1, 4], [4, 5, 7], [3, 5, 6], [2, 3, 6, 7], [2, 7]]
# Two solutions, {5, 13} and {6, 12}: rows 0-6 hold column 0, rows 7-13 column 1.
BOOL = np.array(
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
    ]
)
COLORED = (
    [["p", "q", "x", "y:A"], ["p", "r", "x:A", "y"], ["p", "x:B"], ["q", "x:A"], ["r", "y:B"]],
    ["p", "q", "r"],
    ["x", "y"],
)


def as_sets(found: Any) -> set[frozenset[int]]:
    return {frozenset(s) for s in found}


def queens_options(n: int) -> tuple[list[list[str]], set[str]]:
    options = [
        [f"r{r}", f"c{c}", f"d{r + c}", f"a{r + n - 1 - c}"] for r in range(n) for c in range(n)
    ]
    secondary = {f"d{k}" for k in range(2 * n - 1)} | {f"a{k}" for k in range(2 * n - 1)}
    return options, secondary


def langford(n: int) -> list[list[str]]:
    """Langford pairs: number i at positions j and j + i + 1."""
    return [
        [str(i), f"s{j}", f"s{j + i + 1}"] for i in range(1, n + 1) for j in range(1, 2 * n - i)
    ]


def zdd_family(nodes: list[tuple[int, int, int, int]]) -> set[frozenset[int]]:
    """The family of sets of a diagram of node tuples, read directly."""
    by_index = {i: (v, lo, hi) for i, v, lo, hi in nodes}

    def family(k: int) -> set[frozenset[int]]:
        if k == 0:
            return set()
        if k == 1:
            return {frozenset()}
        v, lo, hi = by_index[k]
        return family(lo) | {s | {v} for s in family(hi)}

    return family(nodes[-1][0]) if nodes else set()


def test_the_readme_examples() -> None:
    assert list(covers(WIKIPEDIA)) == [[1, 3, 5]]
    options, primary, secondary = COLORED
    assert list(covers(options, primary=primary, secondary=secondary, colored=True)) == [[3, 1]]
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
    from zdd_algorithms import count, to_set_of_sets

    algo = to_zdd_algorithms(covers_zdd(WIKIPEDIA))
    assert count(algo) == 1
    assert to_set_of_sets(algo) == {frozenset({1, 3, 5})}


def test_the_suites_cases() -> None:
    found = list(covers(KNUTH))
    for s in found:
        verify_exact_cover(s, KNUTH)
    assert as_sets(found) == {frozenset({0, 3, 4})}
    assert as_sets(covers(WIKIPEDIA)) == {frozenset({1, 3, 5})}
    assert as_sets(covers_bool(BOOL)) == {frozenset({5, 13}), frozenset({6, 12})}
    primary, secondary = list("abcdefg"), list("hijk")
    options = [
        ["c", "e", "k"],
        ["a", "d", "g", "h"],
        ["b", "c", "f"],
        ["a", "d", "f", "h", "i"],
        ["b", "g", "j"],
        ["d", "e", "g", "i"],
        ["a", "j"],
    ]
    found = list(covers(options, primary=primary, secondary=secondary))
    for s in found:
        verify_exact_cover(s, options, primary=primary, secondary=secondary)
    assert as_sets(found) == {frozenset({0, 3, 4}), frozenset({2, 5, 6})}
    options, primary, secondary = COLORED
    found = list(covers(options, primary=primary, secondary=secondary, colored=True))
    for s in found:
        verify_exact_cover(s, options, primary=primary, secondary=secondary, colored=True)
    assert as_sets(found) == {frozenset({1, 3})}
    options2 = [
        ["a", "b", "d"],
        ["c", "d"],
        ["c", "e"],
        ["a", "b", "d:BLUE"],
        ["c", "d:BLUE"],
        ["a", "b", "d:RED"],
        ["c", "d:RED"],
    ]
    # {0,2}, {3,2}, {3,4}, {5,2}, {5,6}.
    found = list(covers(options2, primary=list("abc"), secondary=list("def"), colored=True))
    assert len(found) == 5
    # 92 ways to place 8 queens (OEIS A000170), diagonals secondary.
    queens, diagonals = queens_options(8)
    assert len(list(covers(queens, secondary=diagonals))) == 92
    unsolvable = [[0, 1], [0, 2], [1, 4], [1, 5], [1, 6], [2, 4], [2, 5], [2, 6]]
    unsolvable += [[3, 4], [3, 5], [3, 6], [4, 5], [4, 6]]
    assert list(covers(unsolvable)) == []


def test_the_zdd_solvers() -> None:
    from zdd_algorithms import count, to_set_of_sets

    # Langford pairs for n = 8: 150 up to reversal (OEIS A014552), 300 in all.
    options = langford(8)
    for memo in (False, True):
        for heuristic in ("MRV", "leftmost"):
            algo = to_zdd_algorithms(
                covers_zdd(options, use_memo_cache=memo, choose_heuristic=heuristic)
            )
            assert count(algo) == 300
            family = to_set_of_sets(to_zdd_algorithms(covers_bool_zdd(BOOL, memo, heuristic)))
            assert family == {frozenset({5, 13}), frozenset({6, 12})}
    nodes = list(covers_zdd(*COLORED, colored=True))
    assert zdd_family(nodes) == {frozenset({1, 3})}
    assert [n[0] for n in nodes] == list(range(2, 2 + len(nodes)))
    assert all(lo < i and hi < i for i, _, lo, hi in nodes)
    # No solution: no node, the empty family.
    assert list(covers_zdd([[1, 2], [2]], primary=[1, 2, 3])) == []
    assert count(to_zdd_algorithms(iter(()))) == 0
    with pytest.raises(ValueError, match="choose_heuristic"):
        covers_zdd(WIKIPEDIA, choose_heuristic="random")


def test_files_in_knuths_format(tmp_path: Path) -> None:
    path = tmp_path / "langford8.txt"
    path.write_text(
        "| Langford pairs, n = 8\n\n"
        + " ".join([str(i) for i in range(1, 9)] + [f"s{j}" for j in range(1, 17)])
        + "\n"
        + "".join(" ".join(o) + "\n" for o in langford(8))
    )
    options, primary, secondary, colored = read_xcover_from_file(path)
    assert (primary[:2], secondary, colored, len(options)) == (["1", "2"], None, False, 84)
    assert len(list(covers(options, primary=primary, secondary=secondary, colored=colored))) == 300
    options, primary, secondary = COLORED
    write_xcover_to_file(tmp_path / "c.txt", options, primary, secondary, colored=True)
    assert (tmp_path / "c.txt").read_text().splitlines()[0] == "p q r | x y "
    again = read_xcover_from_file(tmp_path / "c.txt")
    assert again == (options, primary, secondary, True)
    assert as_sets(covers(*again[:3], colored=again[3])) == {frozenset({1, 3})}
    write_xcover_to_file(
        tmp_path / "n.txt", [[(0, 1), (2, 3)]], item_to_string=lambda t: f"{t[0]}-{t[1]}"
    )
    assert (tmp_path / "n.txt").read_text().splitlines()[1] == "0-1 2-3 "


def test_the_array_form() -> None:
    entries, starts, colours, n_items, n_secondary = input_as_arrays(*COLORED, colored=True)
    assert (n_items, n_secondary) == (5, 2)
    assert starts.tolist() == [0, 4, 8, 10, 12, 14]
    assert entries.tolist()[:4] == [0, 1, 3, 4]
    assert colours.dtype == np.uint32 and sorted(set(colours.tolist())) == [0, 1, 2]
    assert as_sets(algorithm_c(entries, starts, colours, n_items, n_secondary)) == {
        frozenset({1, 3})
    }
    nodes = list(algorithm_z(entries, starts, colours, n_items, n_secondary, True, "MRV"))
    assert zdd_family(nodes) == {frozenset({1, 3})}
    with pytest.raises(ValueError, match="colour on the primary item 0"):
        list(algorithm_c(entries, starts, np.ones_like(colours), n_items, n_secondary))
    with pytest.raises(ValueError, match="options_ptr"):
        list(algorithm_c(entries, starts[:-1], colours, n_items, n_secondary))
    assert color_indices(["a", "b:X", "c:Y", "d:X"]).tolist()[0] == 0
    indices = color_indices(["a", "b:X", "c:Y", "d:X"]).tolist()
    assert indices[1] == indices[3] != indices[2] and indices[2] > 0


def test_items_inferred() -> None:
    assert items([1, 2, 3]) == ({1, 2, 3}, [])
    assert items([1, 2, 3], secondary=[3]) == ({1, 2}, [3])
    assert items([1, 2, 3], primary=[1]) == ([1], {2, 3})
    assert items(["p", "x:A"], primary=["p"], colored=True) == (["p"], {"x"})
    assert items([1], [1], [2]) == ([1], [2])
    # Items not named primary are secondary, and the other way round.
    assert as_sets(covers([["a", "b"], ["c"], ["a", "c"]], primary=["a", "b"])) == {frozenset({0})}
    assert as_sets(covers([["a", "b"], ["c"], ["a", "c"]], secondary=["c"])) == {frozenset({0})}


def test_verify_and_bool_array_to_options() -> None:
    verify_exact_cover([1, 3, 5], WIKIPEDIA)
    with pytest.raises(AssertionError):
        verify_exact_cover([1, 3], WIKIPEDIA)
    with pytest.raises(AssertionError):
        verify_exact_cover([0, 1, 3, 5], WIKIPEDIA)
    options, primary, secondary = COLORED
    verify_exact_cover([1, 3], options, primary, secondary, colored=True)
    with pytest.raises(AssertionError, match="colours"):
        verify_exact_cover(
            [0, 4],
            [["p", "y:A"], ["q"], ["r"], ["s"], ["q", "r", "s", "y:B"]],
            list("pqrs"),
            ["y"],
            colored=True,
        )
    with pytest.raises(AssertionError, match="secondary item 'x'"):
        verify_exact_cover([0, 1], [["p", "x"], ["q", "x"]], ["p", "q"], ["x"])
    options = bool_array_to_options(BOOL)
    assert [[int(j) for j in o] for o in options[:2]] == [[0, 3, 4, 6], [0, 4, 5, 7]]
    assert as_sets(covers(options)) == as_sets(covers_bool(BOOL))


def test_what_xcover_gets_wrong_is_right_here() -> None:
    # A generator of options is read once (xcover reads it twice and finds nothing).
    assert as_sets(covers(iter(WIKIPEDIA))) == {frozenset({1, 3, 5})}
    assert as_sets(covers(o for o in WIKIPEDIA)) == {frozenset({1, 3, 5})}
    # A colour on a primary item is refused, naming the option and the entry.
    with pytest.raises(
        ValueError, match=r"option 0 .*'p:A' gives a colour to the primary item 'p'"
    ):
        list(covers([["p:A", "x"], ["p"]], primary=["p"], secondary=["x"], colored=True))
    # SciPy sparse matrices, without making them dense.
    for kind in (sp.csr_matrix, sp.csc_matrix, sp.coo_matrix):
        assert as_sets(covers_bool(kind(BOOL))) == {frozenset({5, 13}), frozenset({6, 12})}
        assert zdd_family(list(covers_bool_zdd(kind(BOOL)))) == as_sets(covers_bool(BOOL))
    # Any non-zero entry is a 1; a row of zeros keeps the numbers of the others.
    assert as_sets(covers_bool(np.array([[0, 0], [2, 0], [0, -1]]))) == {frozenset({1, 2})}


def test_errors_as_xcover_raises_them() -> None:
    with pytest.raises(KeyError):
        list(covers([["a"], ["zz"]], primary=["a"], secondary=[]))
    with pytest.raises(ValueError):
        list(covers([]))
    with pytest.raises(ValueError):
        list(covers([[], []]))
    with pytest.raises(AttributeError):
        list(covers_bool([[1, 0], [0, 1]]))
    # A primary item no option has: no solution.
    assert list(covers([[1, 2]], primary=[1, 2, 3])) == []


def test_against_a_brute_force() -> None:
    rng = np.random.default_rng(5)
    for _ in range(200):
        matrix = rng.random((int(rng.integers(1, 9)), int(rng.integers(1, 6)))) < 0.4
        columns = list(range(matrix.shape[1]))
        options = [[int(j) for j in np.flatnonzero(row)] for row in matrix]
        rows = [r for r, o in enumerate(options) if o]
        expected = {
            frozenset(rows[k] for k in s)
            for s in solutions(Spec(columns, [], [options[r] for r in rows]))
        }
        assert as_sets(covers_bool(matrix)) == expected
        if rows:
            assert as_sets(covers(options, primary=columns)) == expected
        assert zdd_family(list(covers_bool_zdd(matrix))) == expected


def test_count_setset_nodes_and_the_setset_file(tmp_path: Path) -> None:
    class Dumped:
        def __init__(self, text: str) -> None:
            self.text = text

        def dumps(self) -> str:
            return self.text

    assert count_setset_nodes(Dumped("B\n.\n")) == 1
    assert count_setset_nodes(Dumped("2 1 B T\n3 2 B 2\n.\n")) == 4
    to_setset_file(covers_zdd([["a"], ["b"], ["a", "b"]], primary=["a", "b"]), tmp_path / "z")
    lines = (tmp_path / "z").read_text().splitlines()
    assert lines[-1] == "." and len(lines) == 4


def test_the_package_has_xcovers_names() -> None:
    for name in ("covers", "covers_bool", "covers_zdd", "covers_bool_zdd", "algorithm_c"):
        assert callable(getattr(xc, name))
    for module in ("io", "utils", "zdd_utils", "solvers", "dancing_cells", "dancing_cells_zdd"):
        assert getattr(xc, module).__name__ == f"quadrille.compat.xcover.{module}"
    assert xc.__version__ == "0.2.6"


def test_install_makes_xcover_ours() -> None:
    # In a process of its own: the alias would hide the real xcover from the
    # tests that compare with it.
    code = (
        "import quadrille.compat; quadrille.compat.install('xcover')\n"
        "import xcover, xcover.io, xcover.zdd_utils\n"
        "from xcover.utils import verify_exact_cover\n"
        "from xcover import covers\n"
        "assert xcover.__name__ == 'quadrille.compat.xcover', xcover.__name__\n"
        "assert xcover.io.__name__ == 'quadrille.compat.xcover.io'\n"
        "assert verify_exact_cover.__module__ == 'quadrille.compat.xcover.utils'\n"
        "print(list(covers([[1, 4, 7], [1, 4], [4, 5, 7], [3, 5, 6], [2, 3, 6, 7], [2, 7]])))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=dict(os.environ)
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout == "[[1, 3, 5]]\n"
