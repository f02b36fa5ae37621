"""Speed of the Python layer, and against xcover and exact-cover.

Not a test: run it by hand with an optimised build, in an environment that
also has ``xcover`` and ``exact-cover`` (either may be missing; its rows are
then skipped)::

    pip install ./crates/python xcover exact-cover
    python crates/python/bench/bench.py [--quick] [--old PATH]

Every timing asserts its answer, so a fast wrong answer cannot pass. The
peers are measured warm: ``xcover``'s JIT compiles on a small problem first.

``--old PATH`` times the listing of the pentomino packings by
``Problem.solutions()`` on another build of the package too (an earlier
commit's, say), alternated with this one's: ``PATH`` is the directory that
holds its ``quadrille`` package (its Python files and its built extension),
imported by a Python process of its own, which reports its processor time
for each run and the solutions as a set. To make one from a commit::

    git archive COMMIT | tar -x -C /tmp/old
    (cd /tmp/old/crates/python && maturin build --release -o /tmp/old/wheels)
    python -m zipfile -e /tmp/old/wheels/*.whl /tmp/old/site
    python crates/python/bench/bench.py --old /tmp/old/site
"""

from __future__ import annotations

import argparse
import hashlib
import os
import subprocess
import sys
import time
from collections.abc import Callable
from typing import Any, TypeVar

import numpy as np
import quadrille

T = TypeVar("T")
ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", ".."))


def timed(label: str, run: Callable[[], T], repeat: int = 1) -> tuple[float, T]:
    """The least processor time of ``repeat`` runs (all the process's threads:
    a search runs on a thread of its own), and the answer. Processor time, not
    wall-clock time, so that other work on a shared machine does not count;
    both are printed."""
    best = wall = float("inf")
    result: Any = None
    for _ in range(repeat):
        start, start_wall = time.process_time(), time.perf_counter()
        result = run()
        best = min(best, time.process_time() - start)
        wall = min(wall, time.perf_counter() - start_wall)
    print(f"  {label:<55} {best:8.3f} s processor ({wall:.3f} s wall)")
    return best, result


def queens(n: int) -> quadrille.Problem:
    options = [
        [("r", i), ("c", j), ("a", i + j), ("b", n - 1 - i + j)] for i in range(n) for j in range(n)
    ]
    return quadrille.Problem(
        [("r", i) for i in range(n)] + [("c", j) for j in range(n)],
        options,
        secondary=[("a", d) for d in range(2 * n - 1)] + [("b", d) for d in range(2 * n - 1)],
        payloads=[(i, j) for i in range(n) for j in range(n)],
    )


def langford(n: int) -> quadrille.Problem:
    options, payloads = [], []
    for k in range(1, n + 1):
        for i in range(2 * n - k - 1):
            options.append([k, f"s{i}", f"s{i + k + 1}"])
            payloads.append((k, i))
    return quadrille.Problem(
        list(range(1, n + 1)) + [f"s{i}" for i in range(2 * n)], options, payloads=payloads
    )


def iterate(problem: quadrille.Problem, expected: int, label: str) -> None:
    def run() -> int:
        return sum(1 for _ in problem.solutions())

    seconds, found = timed(label, run, repeat=3)
    assert found == expected, found
    print(f"  {'':<55} {found / seconds / 1e6:8.2f} M solutions/s with payloads")


def pentomino_matrix() -> np.ndarray[Any, Any]:
    box = quadrille.pack("pentominoes", "6x10").problem
    columns = {item: j for j, item in enumerate(box.items)}
    matrix = np.zeros((box.n_options, len(columns)), dtype=bool)
    for k in range(box.n_options):
        for item in box.option(k):
            matrix[k, columns[item]] = True
    return matrix


def sudoku_matrix() -> np.ndarray[Any, Any]:
    """The 729 options (row, column, digit) of 9×9 sudoku over its 324 items."""
    matrix = np.zeros((729, 324), dtype=bool)
    for r in range(9):
        for c in range(9):
            for d in range(9):
                k = 81 * r + 9 * c + d
                b = 3 * (r // 3) + c // 3
                for item in (9 * r + c, 81 + 9 * r + d, 162 + 9 * c + d, 243 + 9 * b + d):
                    matrix[k, item] = True
    return matrix


def sudoku_rows(puzzle: str) -> np.ndarray[Any, Any]:
    """The options a puzzle leaves: its givens, and every digit of a blank cell."""
    rows: list[int] = []
    for cell, ch in enumerate(puzzle):
        if ch in ".0":
            rows.extend(9 * cell + d for d in range(9))
        else:
            rows.append(9 * cell + int(ch) - 1)
    return np.array(rows)


def decode(rows: list[int]) -> str:
    grid = [""] * 81
    for k in rows:
        grid[k // 9] = str(k % 9 + 1)
    return "".join(grid)


def knuth_matrix(name: str) -> np.ndarray[Any, Any]:
    """The 0/1 matrix of a file of Knuth's format under data/dlx (every item
    primary)."""
    problem = quadrille.Problem.from_knuth(open(os.path.join(ROOT, "data", "dlx", name)).read())
    columns = {item: j for j, item in enumerate(problem.items)}
    matrix = np.zeros((problem.n_options, len(columns)), dtype=bool)
    for k in range(problem.n_options):
        for item in problem.option(k):
            matrix[k, columns[item]] = True
    return matrix


# The listing of pentomino_6x10.dlx by ``Problem.solutions()`` in a process of
# its own, with another build of the package first on its path: a line on
# standard input runs it once, and it answers with the processor time, the
# solutions found and the digest of their set (``digest``).
OLD_LISTING = """
import hashlib, sys, time
import quadrille
problem = quadrille.Problem.from_knuth(open(sys.argv[1]).read())
print(quadrille.__file__, flush=True)
for _ in sys.stdin:
    start = time.process_time()
    found = {frozenset(s) for s in problem.solutions()}
    seconds = time.process_time() - start
    text = repr(sorted(sorted(s) for s in found)).encode()
    print(seconds, len(found), hashlib.sha256(text).hexdigest(), flush=True)
"""


def digest(found: set[frozenset[int]]) -> str:
    """A digest of a set of solutions, as ``OLD_LISTING`` makes it."""
    return hashlib.sha256(repr(sorted(sorted(s) for s in found)).encode()).hexdigest()


class OldListing:
    """``Problem.solutions()`` on the pentomino packings, run by another
    build of the package (``--old``) in a process of its own."""

    def __init__(self, site: str, path: str) -> None:
        env = dict(os.environ, PYTHONPATH=site)
        self.process = subprocess.Popen(
            [sys.executable, "-c", OLD_LISTING, path],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            env=env,
        )
        assert self.process.stdin is not None and self.process.stdout is not None
        self.stdin, self.stdout = self.process.stdin, self.process.stdout
        print(f"  (the old build: {self.stdout.readline().strip()})")

    def run(self, label: str) -> tuple[float, str]:
        """One listing: its processor time and the digest of its solutions."""
        self.stdin.write("\n")
        self.stdin.flush()
        seconds, n, found = self.stdout.readline().split()
        assert int(n) == 2339, n
        print(f"  {label:<55} {float(seconds):8.3f} s processor (in its own process)")
        return float(seconds), found

    def close(self) -> None:
        """Ends the process."""
        self.stdin.close()
        self.process.wait()


def listing(xcover: Any, old: str | None) -> None:
    """Every packing of pentomino_6x10.dlx listed from Python: by
    ``Problem.solutions()`` (the front's choice, and the search it took
    before: bits), by the ``xcover`` drop-in, by ``xcover`` itself, and by
    ``Problem.solutions()`` of the build at ``old``, in alternated runs; each
    answer checked as a set of solutions."""
    from quadrille.compat.xcover import covers_bool

    path = os.path.join(ROOT, "data", "dlx", "pentomino_6x10.dlx")
    problem = quadrille.Problem.from_knuth(open(path).read())
    matrix = knuth_matrix("pentomino_6x10.dlx")
    runs: dict[str, Callable[[], set[frozenset[int]]]] = {
        "quadrille Problem.solutions() (auto)": lambda: {frozenset(s) for s in problem.solutions()},
        "quadrille Problem.solutions(engine=bits)": lambda: {
            frozenset(s) for s in problem.solutions(engine="bits")
        },
        "quadrille.compat.xcover covers_bool(m)": lambda: {
            frozenset(s) for s in covers_bool(matrix)
        },
    }
    if xcover is not None:
        list(xcover.covers_bool(np.eye(3, dtype=bool)))  # the JIT compiles here
        runs["xcover covers_bool(m)"] = lambda: {frozenset(s) for s in xcover.covers_bool(matrix)}
    before = OldListing(old, path) if old is not None else None
    old_label = "old build's Problem.solutions() (--old)"
    best: dict[str, float] = {}
    expected = None
    for _ in range(3):
        for label, run in runs.items():
            seconds, found = timed(label, run)
            assert len(found) == 2339, len(found)
            expected = expected or found
            assert found == expected
            best[label] = min(best.get(label, float("inf")), seconds)
        if before is not None and expected is not None:
            seconds, their_digest = before.run(old_label)
            assert their_digest == digest(expected)
            best[old_label] = min(best.get(old_label, float("inf")), seconds)
    if before is not None:
        before.close()
    auto = best["quadrille Problem.solutions() (auto)"]
    bits = best["quadrille Problem.solutions(engine=bits)"]
    print(f"  {'':<55} {bits / auto:8.1f}x faster than bits (the choice before)")
    if before is not None:
        print(f"  {'':<55} {best[old_label] / auto:8.1f}x faster than the old build (solutions())")
    if xcover is not None:
        ratio = best["xcover covers_bool(m)"] / best["quadrille.compat.xcover covers_bool(m)"]
        print(f"  {'':<55} {ratio:8.1f}x faster than xcover (covers_bool)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument(
        "--quick", action="store_true", help="fewer sudoku puzzles, no exact-cover count"
    )
    parser.add_argument(
        "--old",
        metavar="PATH",
        help="the directory holding another build's quadrille package, to time its listing too",
    )
    parser.add_argument(
        "--listing", action="store_true", help="only the listing of the pentomino packings"
    )
    args = parser.parse_args()
    try:
        import xcover
    except ImportError:
        xcover = None
    try:
        import exact_cover
    except ImportError:
        exact_cover = None

    if args.listing:
        print("Pentomino 6x10 (Knuth's, X in one quadrant), listing all 2,339 packings:")
        listing(xcover, args.old)
        return

    print("Iterating solutions from Python (one thread, payloads included):")
    iterate(queens(12), 14_200, "queens 12: 14,200 solutions")
    iterate(langford(12), 2 * 108_144, "Langford pairs n = 12: 216,288 solutions")

    print("Pentomino 6x10, counting every packing from a numpy matrix (one thread):")
    matrix = pentomino_matrix()
    ours, n = timed(
        "quadrille Problem.from_matrix(m).count(threads=1)",
        lambda: quadrille.Problem.from_matrix(matrix).count(threads=1),
        repeat=3,
    )
    assert n == 9356, n
    if xcover is not None:
        list(xcover.covers_bool(np.eye(3, dtype=bool)))  # the JIT compiles here
        theirs, n = timed(
            "xcover sum(1 for _ in covers_bool(m))",
            lambda: sum(1 for _ in xcover.covers_bool(matrix)),
        )
        assert n == 9356, n
        print(f"  {'':<55} {theirs / ours:8.1f}x faster than xcover")
    if exact_cover is not None and not args.quick:
        theirs, n = timed(
            "exact_cover get_solution_count(m)", lambda: exact_cover.get_solution_count(matrix)
        )
        assert n == 9356, n
        print(f"  {'':<55} {theirs / ours:8.1f}x faster than exact-cover")

    print("Pentomino 6x10 (Knuth's, X in one quadrant), listing all 2,339 packings:")
    listing(xcover, args.old)

    path = os.path.join(ROOT, "data", "sudoku", "top1465.txt")
    with open(path) as f:
        puzzles = [line.strip() for line in f if not line.startswith("#") and line.strip()]
    if args.quick:
        puzzles = puzzles[:200]
    print(f"Sudoku: the {len(puzzles)} puzzles of data/sudoku/top1465.txt, one thread:")
    ours, solved = timed(
        "quadrille sudoku.solve(puzzles)", lambda: quadrille.sudoku.solve(puzzles, threads=1)
    )
    assert all(s is not None for s in solved)
    full = sudoku_matrix()

    def generic() -> list[str]:
        out = []
        for p in puzzles:
            rows = sudoku_rows(p)
            first = quadrille.Problem.from_matrix(full[rows]).first(engine="auto")
            assert first is not None
            out.append(decode([int(rows[k]) for k in first]))
        return out

    generic_time, generic_solved = timed(
        "quadrille Problem.from_matrix(rows).first() per puzzle", generic
    )
    assert generic_solved == solved
    if xcover is not None:
        next(xcover.covers_bool(full[sudoku_rows(puzzles[0])]))  # warm

        def theirs_run() -> list[str]:
            out = []
            for p in puzzles:
                rows = sudoku_rows(p)
                first = next(xcover.covers_bool(full[rows]))
                out.append(decode([int(rows[k]) for k in first]))
            return out

        theirs, their_solved = timed("xcover next(covers_bool(rows)) per puzzle", theirs_run)
        assert their_solved == solved
        print(f"  {'':<55} {theirs / ours:8.1f}x faster than xcover (sudoku.solve)")
        print(f"  {'':<55} {theirs / generic_time:8.1f}x faster than xcover (the same matrices)")


if __name__ == "__main__":
    main()
