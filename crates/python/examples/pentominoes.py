"""The twelve pentominoes: packings of a 3×20 box, and of 6×10 from a numpy matrix."""

from __future__ import annotations

import numpy as np
import quadrille

# The built-in set, in a 3×20 box: 8 packings, 2 up to the box's symmetries.
strip = quadrille.pack("pentominoes", "3x20")
print("3x20 packings:", strip.count())
print("3x20 up to symmetry:", quadrille.pack("pentominoes", "3x20", up_to_symmetry=True).count())
print(strip.first(), end="")

# The 6×10 box as a 0/1 matrix, one row per placement, as other packages take it.
box = quadrille.pack("pentominoes", "6x10").problem
columns = {item: j for j, item in enumerate(box.items)}
matrix = np.zeros((box.n_options, len(columns)), dtype=bool)
for k in range(box.n_options):
    for item in box.option(k):
        matrix[k, columns[item]] = True
problem = quadrille.Problem.from_matrix(matrix)
first = problem.first()
assert first is not None
print("6x10: a packing uses", len(first), "placements:", sorted(first))
