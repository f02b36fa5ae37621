"""``covers`` and ``covers_bool`` as the package ``xcover`` has them.

Replace ``from xcover import covers`` by
``from quadrille.compat.xcover import covers``: the arguments, the results and
the exceptions for bad input are those of ``xcover`` 0.2. Both functions are
generators of solutions, each a list of option (row) numbers as Python ints.

**Order.** Each solution lists its options in the order the search chose
them, as ``xcover``'s do, and solutions come in the order of the search; the
searches differ (``xcover`` runs Knuth's dancing cells, this one his dancing
links or their bitset form), so the order of options within a solution, and
of the solutions, may differ from ``xcover``'s. The sets of solutions are the
same.

>>> from quadrille.compat.xcover import covers
>>> list(covers([[1, 4, 7], [1, 4], [4, 5, 7], [3, 5, 6], [2, 3, 6, 7], [2, 7]]))
[[1, 3, 5]]
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Iterator, Sequence
from typing import Any

from .._problem import Problem

__all__ = ["covers", "covers_bool"]


def _items(
    all_options: list[Hashable],
    primary: Iterable[Hashable] | None,
    secondary: Iterable[Hashable] | None,
    colored: bool,
) -> tuple[list[Hashable], list[Hashable]]:
    """The primary and secondary items, inferred from the options as ``xcover``
    infers them when not given."""

    def name(entry: Hashable) -> Hashable:
        return entry.split(":")[0] if colored and isinstance(entry, str) else entry

    if primary is None and secondary is None:
        return list(dict.fromkeys(name(o) for o in all_options)), []
    if primary is None:
        secondary = list(secondary or ())
        taken = set(secondary)
        return [o for o in dict.fromkeys(name(o) for o in all_options) if o not in taken], secondary
    primary = list(primary)
    if secondary is None:
        taken = set(primary)
        return primary, [o for o in dict.fromkeys(name(o) for o in all_options) if o not in taken]
    return primary, list(secondary)


def covers(
    options: Sequence[Sequence[Hashable]],
    primary: Iterable[Hashable] | None = None,
    secondary: Iterable[Hashable] | None = None,
    colored: bool = False,
) -> Iterator[list[int]]:
    """Exact cover with colours: yields each solution as the list of its
    options' numbers.

    :param options: a list of lists of items.
    :param primary: the items to cover exactly once; if ``None``, every item of
        the options that is not secondary.
    :param secondary: the items to cover at most once; if ``None``, every item
        of the options that is not primary.
    :param colored: with colours: secondary items in options are strings
        ``"item:COLOUR"``.
    :raises KeyError: an option names an item that is neither primary nor
        secondary.
    :raises ValueError: no options at all.
    """
    all_options = [o for option in options for o in option]
    if not all_options:
        raise ValueError("need at least one array to concatenate")
    primary_items, secondary_items = _items(all_options, primary, secondary, colored)
    known = set(primary_items) | set(secondary_items)
    primary_set = set(primary_items)
    translated: list[list[Any]] = []
    # xcover never chooses an option without primary items: it is left out.
    kept: list[int] = []
    for k, option in enumerate(options):
        entries: list[Any] = []
        has_primary = False
        for entry in option:
            if colored and isinstance(entry, str) and ":" in entry:
                parts = entry.split(":")
                if parts[0] not in known:
                    raise KeyError(parts[0])
                entries.append((parts[0], parts[-1]))
            else:
                if entry not in known:
                    raise KeyError(entry)
                has_primary = has_primary or entry in primary_set
                entries.append(entry)
        if has_primary:
            kept.append(k)
            translated.append(entries)
    if not primary_items:
        return
    problem = Problem(
        primary_items,
        translated,
        secondary=secondary_items,
        payloads=kept,
    )
    yield from problem.solutions()


def covers_bool(matrix: Any) -> Iterator[list[int]]:
    """Exact cover of a boolean (or 0/1) numpy matrix: yields each solution as
    the list of its rows' numbers. Every column is primary.

    >>> import numpy as np
    >>> from quadrille.compat.xcover import covers_bool
    >>> m = np.array([[1, 0, 0, 1, 0], [1, 1, 1, 0, 0], [0, 1, 1, 0, 0], [0, 0, 0, 0, 1]], dtype=bool)
    >>> next(covers_bool(m))
    [0, 2, 3]
    """
    import numpy as np

    n_items = matrix.shape[1]
    nonzero = np.asarray(matrix) != 0
    rows = np.flatnonzero(nonzero.any(axis=1))
    if n_items == 0 or rows.size == 0:
        return
    problem = Problem.from_matrix(nonzero[rows], payloads=rows.tolist())
    yield from problem.solutions()
