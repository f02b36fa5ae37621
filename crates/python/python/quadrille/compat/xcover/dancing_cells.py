"""``xcover.dancing_cells``: ``algorithm_c``, the solver of the array form
(:func:`~quadrille.compat.xcover.solvers.input_as_arrays`), on Quadrille's
dancing links.

>>> from quadrille.compat.xcover.dancing_cells import algorithm_c
>>> from quadrille.compat.xcover.solvers import input_as_arrays
>>> sorted(map(sorted, algorithm_c(*input_as_arrays([["a", "b"], ["a"], ["b"]]))))
[[0], [1, 2]]
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..._problem import Problem

__all__ = ["algorithm_c"]


def _from_arrays(
    options: Any, options_ptr: Any, colors: Any, n_items: int, n_secondary_items: int
) -> Problem | None:
    """The problem of the array form: items ``0 .. n_items - 1``, the last
    ``n_secondary_items`` secondary; an entry's colour number 0 is none.
    Options without primary item are left out (``None`` if none is left);
    payloads are the options' numbers.

    :raises ValueError: a colour on a primary item, an item number out of
        range, or pointers that do not fit the entries.
    """
    entries = [int(e) for e in options]
    starts = [int(s) for s in options_ptr]
    shades = [int(c) for c in colors]
    n_items, n_secondary_items = int(n_items), int(n_secondary_items)
    n_primary = n_items - n_secondary_items
    if not 0 <= n_primary <= n_items:
        raise ValueError(f"n_secondary_items {n_secondary_items} is not within 0..{n_items}")
    if len(shades) != len(entries):
        raise ValueError(f"{len(colors)} colours for {len(entries)} entries")
    if not starts or starts[0] != 0 or starts[-1] != len(entries) or starts != sorted(starts):
        raise ValueError("options_ptr must rise from 0 to the number of entries")
    kept: list[int] = []
    translated: list[list[Any]] = []
    for j in range(len(starts) - 1):
        option: list[Any] = []
        for e in range(starts[j], starts[j + 1]):
            item, colour = entries[e], shades[e]
            if not 0 <= item < n_items:
                raise ValueError(f"option {j}: item {item} is not within 0..{n_items - 1}")
            if colour and item < n_primary:
                raise ValueError(f"option {j}: a colour on the primary item {item}")
            option.append((item, colour) if colour else item)
        if any(not isinstance(i, tuple) and i < n_primary for i in option):
            kept.append(j)
            translated.append(option)
    if not kept:
        return None
    # Last option first, as in covers.
    return Problem(
        range(n_primary),
        translated[::-1],
        secondary=range(n_primary, n_items),
        payloads=kept[::-1],
    )


def algorithm_c(
    options: Any, options_ptr: Any, colors: Any, n_items: int, n_secondary_items: int
) -> Iterator[list[int]]:
    """Exact cover with colours of the array form: yields each solution as
    the list of its options' numbers, in the order the search chose them.

    :raises ValueError: a colour on a primary item, an item number out of
        range, or pointers that do not fit the entries.
    """
    problem = _from_arrays(options, options_ptr, colors, n_items, n_secondary_items)
    if problem is not None:
        yield from problem.solutions(engine="links")
