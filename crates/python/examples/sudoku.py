"""Sudoku: a hard puzzle, a batch, and sudoku X."""

from __future__ import annotations

from quadrille import sudoku

puzzle = "..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9"
solution = sudoku.solve(puzzle)
assert solution is not None
for r in range(9):
    print(" ".join(solution[9 * r : 9 * r + 9]))
print("solutions of that puzzle:", sudoku.count(puzzle))

batch = [puzzle, "." * 81]
print("a batch:", [s is not None for s in sudoku.solve(batch, threads=2)])

x = sudoku.solve("." * 81, x=True)
assert x is not None
print("an empty sudoku X, filled:", x[:9], "...")
