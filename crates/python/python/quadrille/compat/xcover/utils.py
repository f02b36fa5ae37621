"""``xcover.utils``: checking a solution, and a matrix as options.

>>> from quadrille.compat.xcover.utils import verify_exact_cover
>>> verify_exact_cover([0, 2], [["a", "b"], ["a"], ["c"]])
>>> verify_exact_cover([0, 1], [["a", "b"], ["a"], ["c"]])
Traceback (most recent call last):
    ...
AssertionError: primary item 'a' is covered 2 times
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from typing import Any

from .solvers import items

__all__ = ["bool_array_to_options", "verify_exact_cover"]


def verify_exact_cover(
    solution: Iterable[int],
    options: Sequence[Iterable[Hashable]],
    primary: Iterable[Hashable] | None = None,
    secondary: Iterable[Hashable] | None = None,
    colored: bool = False,
) -> None:
    """Returns if the options ``solution`` (numbers) are a solution of the
    problem, the items inferred as ``covers`` infers them: every primary
    item covered once, every secondary item at most once or by options that
    give it one colour.

    :raises AssertionError: they are not, naming the first item at fault.
    """
    chosen = [list(options[k]) for k in solution]
    inferred = items(
        [o for option in map(list, options) for o in option], primary, secondary, colored
    )
    primary_items, secondary_set = list(inferred[0]), set(inferred[1])
    primary_set = set(primary_items)
    covered: dict[Hashable, int] = {}
    colours: dict[Hashable, Any] = {}
    for option in chosen:
        for entry in option:
            if entry in primary_set:
                covered[entry] = covered.get(entry, 0) + 1
                continue
            name, colour = entry, None
            if colored and isinstance(entry, str) and ":" in entry:
                name, colour = entry.split(":")[0], entry.split(":")[1]
            if name not in secondary_set:
                continue
            if colour is None:
                covered[name] = covered.get(name, 0) + 1
            elif name not in colours:
                colours[name] = colour
                covered[name] = covered.get(name, 0) + 1
            elif colours[name] != colour:
                raise AssertionError(
                    f"secondary item {name!r} has colours {colours[name]!r} and {colour!r}"
                )
    for option in chosen:
        for entry in option:
            if entry in primary_set and covered[entry] > 1:
                raise AssertionError(f"primary item {entry!r} is covered {covered[entry]} times")
    for item in primary_items:
        if item not in covered:
            raise AssertionError(f"primary item {item!r} is not covered")
    for item in secondary_set:
        if covered.get(item, 0) > 1:
            raise AssertionError(f"secondary item {item!r} is covered {covered[item]} times")


def bool_array_to_options(bool_array: Any) -> list[list[Any]]:
    """The options of a matrix: for each row, the numbers of its columns
    with a non-zero entry (numpy integers).

    >>> import numpy as np
    >>> [[int(j) for j in o] for o in bool_array_to_options(np.array([[1, 0, 1], [0, 1, 0]]))]
    [[0, 2], [1]]
    """
    import numpy as np

    return [list(np.nonzero(bool_array[i, :])[0]) for i in range(bool_array.shape[0])]
