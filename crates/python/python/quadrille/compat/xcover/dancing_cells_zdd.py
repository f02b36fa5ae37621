"""``xcover.dancing_cells_zdd``: ``algorithm_z``, the diagram of the
solutions of the array form, made by Quadrille's memoizing engine.

>>> from quadrille.compat.xcover.dancing_cells_zdd import algorithm_z
>>> from quadrille.compat.xcover.solvers import input_as_arrays
>>> list(algorithm_z(*input_as_arrays([["a", "b"], ["a"], ["b"]], ["a", "b"]), False, "MRV"))
[(2, 2, 0, 1), (3, 1, 0, 2), (4, 0, 3, 1)]
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from .dancing_cells import _from_arrays
from .solvers import _zdd_nodes

__all__ = ["algorithm_z"]


def algorithm_z(
    options: Any,
    options_ptr: Any,
    colors: Any,
    n_items: int,
    n_secondary_items: int,
    use_memo_cache: bool,
    choose_heuristic: str,
) -> Iterator[tuple[int, int, int, int]]:
    """The diagram (ZDD) of the solutions of the array form as node tuples
    ``(index, option, lo, hi)``, the root last (see
    :func:`~quadrille.compat.xcover.solvers.covers_zdd`); ``use_memo_cache``
    and ``choose_heuristic`` are taken for compatibility."""
    if choose_heuristic not in ("MRV", "leftmost"):
        raise ValueError(f"choose_heuristic must be 'MRV' or 'leftmost', not {choose_heuristic!r}")
    return _zdd_nodes(_from_arrays(options, options_ptr, colors, n_items, n_secondary_items))
