"""The models against brute force written here."""

from __future__ import annotations

import itertools
import re

import pytest
import quadrille
from quadrille import sudoku


def queens_brute(n: int) -> list[tuple[int, ...]]:
    """Every placement, by trying every permutation of the columns."""
    return [
        cols
        for cols in itertools.permutations(range(n))
        if len({c + r for r, c in enumerate(cols)}) == n
        and len({c - r for r, c in enumerate(cols)}) == n
    ]


def canonical(cols: tuple[int, ...]) -> tuple[int, ...]:
    n = len(cols)
    board = {(r, c) for r, c in enumerate(cols)}
    forms = []
    for _ in range(4):
        board = {(c, n - 1 - r) for r, c in board}
        for b in (board, {(r, n - 1 - c) for r, c in board}):
            forms.append(tuple(c for _, c in sorted(b)))
    return min(forms)


@pytest.mark.parametrize("n", range(1, 9))
def test_queens(n: int) -> None:
    expected = queens_brute(n)
    for algorithm in (None, "dlx", "backtrack", "bitboard"):
        assert sorted(quadrille.queens(n, algorithm=algorithm)) == expected
    unique = sorted({canonical(b) for b in expected})
    assert sorted(quadrille.queens(n, unique=True)) == unique
    assert quadrille.queens_count(n, unique=True, algorithm="dlx") == (len(expected), len(unique))
    assert quadrille.queens_count(n) == (len(expected), len(unique))
    assert quadrille.queens(n, limit=1) == expected[:1]


def test_queens_svg_and_errors() -> None:
    boards = quadrille.queens(5, limit=2)
    picture = boards.svg()
    assert picture.startswith("<svg") and picture == boards._repr_svg_()
    with pytest.raises(ValueError, match="unknown algorithm"):
        quadrille.queens(5, algorithm="magic")
    assert len(quadrille.queens(200, limit=1, algorithm="construct")[0]) == 200


def sudoku_brute_count(puzzle: str) -> int:
    """Solutions of a 4×4 puzzle, by trying every grid."""
    rows = list(itertools.permutations("1234"))
    count = 0
    for grid in itertools.product(rows, repeat=4):
        text = "".join("".join(r) for r in grid)
        if any(p != "." and p != t for p, t in zip(puzzle, text)):
            continue
        if any(len({grid[r][c] for r in range(4)}) != 4 for c in range(4)):
            continue
        boxes = [
            {grid[r][c] for r in rr for c in cc}
            for rr in ((0, 1), (2, 3))
            for cc in ((0, 1), (2, 3))
        ]
        if all(len(b) == 4 for b in boxes):
            count += 1
    return count


def valid_9x9(solution: str, puzzle: str) -> bool:
    grid = [solution[9 * r : 9 * r + 9] for r in range(9)]
    units = [set(row) for row in grid] + [{grid[r][c] for r in range(9)} for c in range(9)]
    units += [
        {grid[r][c] for r in range(br, br + 3) for c in range(bc, bc + 3)}
        for br in (0, 3, 6)
        for bc in (0, 3, 6)
    ]
    givens_kept = all(p in ".0" or p == s for p, s in zip(puzzle, solution))
    return givens_kept and all(u == set("123456789") for u in units)


def test_sudoku_counts_match_brute_force() -> None:
    puzzles = ["1...............", "12..............", "1..2............", "................"]
    assert sudoku.count(puzzles) == [sudoku_brute_count(p) for p in puzzles]
    assert sudoku.count(puzzles[0]) == 72
    assert sudoku.count(puzzles[3], limit=5) == 5


def test_sudoku_solves_hard_puzzles(data_dir: str) -> None:
    with open(f"{data_dir}/sudoku/norvig_top95.txt") as f:
        puzzles = [line.strip() for line in f if len(line.strip()) == 81]
    assert len(puzzles) == 95
    solutions = sudoku.solve(puzzles)
    assert all(s is not None and valid_9x9(s, p) for s, p in zip(solutions, puzzles))
    assert sudoku.solve(puzzles, threads=2) == solutions
    assert sudoku.solve(puzzles[0]) == solutions[0]


def test_sudoku_variants_and_errors() -> None:
    empty = "." * 81
    x = sudoku.solve(empty, x=True)
    assert x is not None
    assert len({x[10 * k] for k in range(9)}) == 9
    assert len({x[8 * k + 8] for k in range(9)}) == 9
    with pytest.raises(ValueError, match=re.escape("puzzle 1: r1c1 and r1c2 both hold 1")):
        sudoku.solve(["." * 16, "11" + "." * 14])
    jigsaw = "AABB\nAABB\nCCDD\nCCDD\n"
    assert sudoku.count("." * 16, jigsaw=jigsaw) == 288
    picture = sudoku.svg("1" + "." * 15, caption="a 4×4")
    assert picture.startswith("<svg") and "a 4×4" in picture


def test_pack_matches_a_brute_force_search() -> None:
    description = "[0-3][0-3]\nI 00 01 02 03\nO 00 01 10 11\nL 00 01 02 12\nJ 00 01 02 12\n"
    packing = quadrille.pack(description=description)
    problem = packing.problem
    # Algorithm X in a few lines of Python, on the problem's own options.
    options = [set(map(str, problem.option(k))) for k in range(problem.n_options)]
    items = set(map(str, problem.primary))

    def search(left: set[str]) -> int:
        if not left:
            return 1
        item = min(left, key=lambda i: sum(i in o for o in options))
        return sum(search(left - o) for o in options if item in o and o <= left)

    assert packing.count() == search(items) == 48
    first = packing.first()
    assert first is not None and sorted(first.replace("\n", "")) == sorted("IIIIOOOOLLLLJJJJ")
    assert packing.svg().startswith("<svg")


def test_pack_builtin_sets() -> None:
    assert quadrille.pack("pentominoes", "3x20").count() == 8
    assert quadrille.pack("pentominoes", "3x20", up_to_symmetry=True).count() == 2
    with pytest.raises(ValueError):
        quadrille.pack("hexagons")
    with pytest.raises(ValueError, match="line 2"):
        quadrille.pack(description="[0-1][0-1]\nA 00 0\n")


def test_packings_count_alike_on_every_engine() -> None:
    # Knuth's 2 packings of 3x20 (REFERENCE), each in 4 orientations; the
    # default count goes to the sweep, the others search.
    packing = quadrille.pack("pentominoes", "3x20")
    assert packing.count(threads=1) == 8
    engines: list[quadrille.Engine] = ["links", "bits", "memo", "sweep"]
    for engine in engines:
        assert packing.count(threads=1, engine=engine) == 8
    assert quadrille.pack("pentominoes", "3x20", up_to_symmetry=True).count() == 2


def test_tilings_are_counted_as_the_command_line_counts() -> None:
    # The front counts tilings: dominoes on 12x12 by the memo (the search
    # would never end), trominoes on 6x10 alike on the memo and the sweep,
    # and both against the links' search on a smaller box.
    assert quadrille.pack("dominoes", "8x8").count() == 12988816  # OEIS A004003
    assert quadrille.pack("dominoes", "12x12").count() == 53060477521960000  # A004003
    trominoes = quadrille.pack("trominoes", "6x10")
    assert trominoes.count() == trominoes.count(engine="memo") == trominoes.count(engine="sweep")
    small = quadrille.pack("trominoes", "3x6")
    assert small.count() == small.count(engine="links", threads=1)
    # One of each class: every engine lists the packings for the filter.
    unique = quadrille.pack("trominoes", "3x6", up_to_symmetry=True)
    by_links = unique.count(engine="links", threads=1)
    assert 0 < by_links < small.count()
    assert unique.count(engine="memo") == unique.count(engine="sweep") == by_links
