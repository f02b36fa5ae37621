"""``exact_cover.io``: the matrix's dtype, and matrices in text files.

>>> import os, tempfile
>>> import numpy as np
>>> from quadrille.compat.exact_cover.io import load_problem, save_problem
>>> path = os.path.join(tempfile.mkdtemp(), "problem.txt")
>>> save_problem(path, [[1, 0, 1], [0, 1, 0]])
>>> load_problem(path)
array([[ True, False,  True],
       [False,  True, False]])
"""

from __future__ import annotations

from typing import Any

import numpy as np

__all__ = ["DTYPE_FOR_ARRAY", "load_problem", "save_problem"]

DTYPE_FOR_ARRAY = np.bool_
"""The dtype the functions convert a matrix to before solving it."""


def load_problem(filename: Any) -> Any:
    """The matrix of a text file of numbers separated by white space, a row
    per line (as :func:`save_problem` writes it), as booleans: any non-zero
    number is ``True``."""
    return np.array(np.genfromtxt(filename), dtype=DTYPE_FOR_ARRAY)


def save_problem(filename: Any, array: Any) -> None:
    """Writes the matrix ``array`` to the text file ``filename``, a row per
    line (``numpy.savetxt`` of its values as 8-bit integers), as
    ``exact-cover`` writes it."""
    np.savetxt(filename, np.array(array, dtype=np.int8))
