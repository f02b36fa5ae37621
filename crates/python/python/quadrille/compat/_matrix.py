"""The matrices the compat modules take, read as both peers read them."""

from __future__ import annotations

from typing import Any


def is_sparse(matrix: Any) -> bool:
    """Whether ``matrix`` is a SciPy sparse matrix or array."""
    return hasattr(matrix, "tocsr") and hasattr(matrix, "nnz")


def nonzero_rows(matrix: Any, name: str) -> tuple[Any, Any, int]:
    """The rows of ``matrix`` that hold a non-zero entry, as a boolean matrix
    (numpy, or SciPy CSR for a sparse one), their numbers (``int64``) and the
    number of columns. Any non-zero entry is a 1 and a row of zeros is left
    out, as ``xcover`` and ``exact-cover`` read a matrix: such a row is in no
    exact cover (it covers nothing), so the answers keep their numbers.

    :raises ValueError: a matrix that is not 2-dimensional, naming ``name``.
    """
    import numpy as np

    if is_sparse(matrix):
        csr = matrix.tocsr()
        if len(csr.shape) != 2:
            raise ValueError(f"{name}(...) needs a 2-dimensional (m x n) matrix.")
        boolean = (csr != 0).tocsr()
        boolean.eliminate_zeros()
        rows = np.flatnonzero(np.diff(boolean.indptr) > 0)
        return boolean[rows], rows, int(csr.shape[1])
    array = np.require(matrix, dtype=np.bool_, requirements=["C_CONTIGUOUS"])
    if array.ndim != 2:
        raise ValueError(f"{name}(...) needs a 2-dimensional (m x n) matrix.")
    rows = np.flatnonzero(array.any(axis=1))
    return array[rows], rows, int(array.shape[1])
