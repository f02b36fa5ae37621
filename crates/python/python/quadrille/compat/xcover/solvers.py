"""``xcover.solvers``: the solvers, on Quadrille's engines.

Solutions are lists of option (row) numbers, Python ints, each listed in
the order the engine chose its options: the engine the library's rule picks
for a listing (the sweep on packings, where it is fastest; else the search
by fewest options, in ``xcover``'s order of the solutions); the solutions
are ``xcover``'s as sets, not always in its order; ``covers_zdd`` and ``covers_bool_zdd`` give the
diagram of every solution as ``xcover``'s node tuples ``(index, option, lo,
hi)`` (``0`` the empty family, ``1`` the family of the empty set, the root
last), made by Quadrille's memoizing engine.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Iterator
from typing import Any

from ..._problem import Problem
from .._matrix import nonzero_rows

__all__ = [
    "color_indices",
    "covers",
    "covers_bool",
    "covers_bool_zdd",
    "covers_zdd",
    "input_as_arrays",
    "items",
]


def items(
    all_opts: Iterable[Hashable],
    primary: Iterable[Hashable] | None = None,
    secondary: Iterable[Hashable] | None = None,
    colored: bool = False,
) -> tuple[Any, Any]:
    """The primary and the secondary items, as ``xcover`` infers them from
    the entries of all options: with neither given, every entry is primary
    and none secondary; with one given, the other is every other entry (with
    ``colored``, the inferred secondary items lose their colours). An
    inferred collection is a ``set``; a given one is returned as given.
    """
    if primary is None and secondary is None:
        return set(all_opts), []
    if primary is None:
        return set(all_opts) - set(secondary or ()), secondary
    if secondary is None:
        others = set(all_opts) - set(primary)
        if colored:
            others = {str(o).split(":")[0] for o in others}
        return primary, others
    return primary, secondary


def color_indices(all_opts: Iterable[str]) -> Any:
    """The colour of each entry as a number (``uint32``): 0 for an entry
    without colour (no ``:``), else 1, 2, ... for the distinct colours."""
    import numpy as np

    entries = list(all_opts)
    numbers: dict[str, int] = {}
    for entry in entries:
        if ":" in entry:
            numbers.setdefault(entry.split(":")[-1], len(numbers) + 1)
    return np.array(
        [numbers[e.split(":")[-1]] if ":" in e else 0 for e in entries], dtype=np.uint32
    )


def input_as_arrays(
    options: Iterable[Iterable[Hashable]],
    primary: Iterable[Hashable] | None = None,
    secondary: Iterable[Hashable] | None = None,
    colored: bool = False,
) -> tuple[Any, Any, Any, int, int]:
    """The problem in the array form of ``algorithm_c``: every option's item
    numbers end to end (``uint32``, primary items numbered first), where each
    option starts (``uint32``, one more than options), each entry's colour
    number (:func:`color_indices`), the number of items and of secondary
    items.

    :raises KeyError: an entry that names no item.
    """
    import numpy as np

    read = [list(o) for o in options]
    all_opts = [o for option in read for o in option]
    inferred = items(all_opts, primary, secondary, colored)
    primary_items, secondary_items = list(inferred[0]), list(inferred[1])
    number = {item: k for k, item in enumerate(primary_items)}
    number.update({item: k + len(primary_items) for k, item in enumerate(secondary_items)})
    colors = (
        color_indices(str(o) for o in all_opts)
        if colored
        else np.zeros(len(all_opts), dtype=np.uint32)
    )
    starts = np.zeros(len(read) + 1, dtype=np.uint32)
    np.cumsum([len(o) for o in read], out=starts[1:])
    names = (str(o).split(":")[0] for o in all_opts) if colored else iter(all_opts)
    entries = np.array([number[n] for n in names], dtype=np.uint32)
    n_items = len(primary_items) + len(secondary_items)
    return entries, starts, colors, n_items, len(secondary_items)


def _problem(
    options: list[list[Hashable]],
    primary: list[Hashable],
    secondary: list[Hashable],
    colored: bool,
) -> Problem | None:
    """The problem of ``options`` (payloads their numbers), or ``None`` when
    it has no solution to search for: no option has a primary item, or an
    item of ``primary`` is in no option ``xcover`` could choose for it. An
    option without primary item is in no solution of ``xcover``'s (it only
    chooses options of primary items), so it is left out. The options are
    in reverse order: ``xcover`` tries the options of an item from the
    last, and so does the search then.

    ``xcover`` numbers each entry of ``primary`` and of ``secondary`` as an
    item of its own, and an option's name stands for the last of them: a
    name given twice in ``primary``, or in both ``primary`` and
    ``secondary``, leaves a primary item that no option covers (no
    solution), and one given twice in ``secondary`` a secondary item in no
    option (as if given once). So here."""
    known = set(primary) | set(secondary)
    # The names that stand for primary items: those not also secondary.
    primary_set = set(primary) - set(secondary)
    uncoverable = len(primary_set) != len(primary)
    kept: list[int] = []
    translated: list[list[Any]] = []
    for k, option in enumerate(options):
        entries: list[Any] = []
        has_primary = False
        for entry in option:
            name, colour = entry, None
            if colored and isinstance(entry, str) and ":" in entry:
                parts = entry.split(":")
                name, colour = parts[0], parts[-1]
            if name not in known:
                raise KeyError(name)
            if name in primary_set:
                if colour is not None:
                    raise ValueError(
                        f"option {k} ({option!r}): {entry!r} gives a colour to the "
                        f"primary item {name!r}; only secondary items have colours"
                    )
                has_primary = True
            entries.append(name if colour is None else (name, colour))
        if has_primary:
            kept.append(k)
            translated.append(entries)
    if not kept or uncoverable:
        return None
    secondary = list(dict.fromkeys(secondary))
    # Last option first: xcover tries an item's options from the last.
    return Problem(primary, translated[::-1], secondary=secondary, payloads=kept[::-1])


def _read(
    options: Iterable[Iterable[Hashable]],
    primary: Iterable[Hashable] | None,
    secondary: Iterable[Hashable] | None,
    colored: bool,
) -> Problem | None:
    """The problem of ``covers``'s arguments, each read once (so a generator
    may be passed, for ``primary`` and ``secondary`` too)."""
    read = [list(option) for option in options]
    primary = None if primary is None else list(primary)
    secondary = None if secondary is None else list(secondary)
    all_opts = [o for option in read for o in option]
    if not all_opts:
        raise ValueError("need at least one array to concatenate")
    if colored and primary is None:
        all_opts = [str(o).split(":")[0] if isinstance(o, str) else o for o in all_opts]
    inferred = items(all_opts, primary, secondary, colored)
    return _problem(read, list(inferred[0]), list(inferred[1]), colored)


def covers(
    options: Iterable[Iterable[Hashable]],
    primary: Iterable[Hashable] | None = None,
    secondary: Iterable[Hashable] | None = None,
    colored: bool = False,
) -> Iterator[list[int]]:
    """Exact cover with colours: yields each solution as the list of its
    options' numbers.

    >>> from quadrille.compat.xcover import covers
    >>> list(covers([[1, 4, 7], [1, 4], [4, 5, 7], [3, 5, 6], [2, 3, 6, 7], [2, 7]]))
    [[1, 3, 5]]

    :param options: lists (or any iterables, a generator too) of items.
    :param primary: the items to cover exactly once; if ``None``, every item of
        the options that is not secondary.
    :param secondary: the items to cover at most once; if ``None``, every item
        of the options that is not primary.
    :param colored: with colours: secondary items in options may be strings
        ``"item:COLOUR"``.
    :raises KeyError: an option names an item that is neither primary nor
        secondary.
    :raises ValueError: no item in any option; a colour on a primary item
        (``xcover`` takes it and ignores it).
    """
    problem = _read(options, primary, secondary, colored)
    if problem is not None:
        yield from problem.solutions()


def covers_bool(matrix: Any) -> Iterator[list[int]]:
    """Exact cover of a matrix whose non-zero entries are the 1s (numpy, or
    a SciPy sparse matrix): yields each solution as the list of its rows'
    numbers. Every column is primary.

    >>> import numpy as np
    >>> from quadrille.compat.xcover import covers_bool
    >>> m = np.array([[1, 0, 0, 1, 0], [1, 1, 1, 0, 0], [0, 1, 1, 0, 0], [0, 0, 0, 0, 1]], dtype=bool)
    >>> sorted(next(covers_bool(m)))
    [0, 2, 3]
    """
    problem = _bool_problem(matrix, "covers_bool")
    if problem is not None:
        yield from problem.solutions()


def _bool_problem(matrix: Any, name: str) -> Problem | None:
    """The problem of a matrix's rows that hold a non-zero entry, in reverse
    order (as in :func:`_problem`), payloads their numbers; ``None`` when
    there is no such row or no column."""
    import numpy as np

    matrix.shape  # noqa: B018 (a list raises AttributeError here, as in xcover)
    kept, rows, n_columns = nonzero_rows(matrix, name)
    if n_columns == 0 or rows.size == 0:
        return None
    last_first = np.arange(rows.size - 1, -1, -1)
    return Problem.from_matrix(kept[last_first], payloads=rows[last_first].tolist())


def _zdd_nodes(problem: Problem | None) -> Iterator[tuple[int, int, int, int]]:
    """The diagram of the solutions of ``problem`` (made by the memoizing
    engine) as ``xcover``'s node tuples ``(index, option, lo, hi)``: indices
    from 2 in the order given, each node after its children, ``lo`` and
    ``hi`` 0 for the empty family and 1 for the family of the empty set.
    Options are numbered by the problem's payloads."""
    if problem is None:
        return
    payloads = problem.payloads
    nodes: dict[int, tuple[int, int, int]] = {}
    root = 0
    for line in problem.zdd().to_knuth().splitlines():
        # ``id: (~v?lo:hi)``, ids in hexadecimal, ``v`` the option's number
        # from 1; the last line, ``v`` 0, points at the root.
        head, _, body = line.partition(": (~")
        variable, _, rest = body.rstrip(")").partition("?")
        lo_id, _, hi_id = rest.partition(":")
        if int(variable) == 0:
            root = int(hi_id, 16)
        else:
            nodes[int(head, 16)] = (int(variable) - 1, int(lo_id, 16), int(hi_id, 16))
    index: dict[int, int] = {0: 0, 1: 1}
    stack = [(root, False)]
    while stack:
        node, expanded = stack.pop()
        if node in index:
            continue
        option, lo, hi = nodes[node]
        if not expanded:
            stack.extend([(node, True), (hi, False), (lo, False)])
            continue
        index[node] = len(index)
        number = payloads[option] if payloads is not None else option
        yield index[node], number, index[lo], index[hi]


def covers_zdd(
    options: Iterable[Iterable[Hashable]],
    primary: Iterable[Hashable] | None = None,
    secondary: Iterable[Hashable] | None = None,
    colored: bool = False,
    use_memo_cache: bool = False,
    choose_heuristic: str = "MRV",
) -> Iterator[tuple[int, int, int, int]]:
    """The diagram (ZDD) of the solutions of :func:`covers`'s problem, as
    ``xcover``'s node tuples ``(index, option, lo, hi)``, the root last.
    ``use_memo_cache`` and ``choose_heuristic`` are taken for compatibility:
    the memoizing engine always memoizes and chooses its own items.

    :raises ValueError: ``choose_heuristic`` is not ``"MRV"`` or
        ``"leftmost"``; and as :func:`covers`.
    """
    if choose_heuristic not in ("MRV", "leftmost"):
        raise ValueError(f"choose_heuristic must be 'MRV' or 'leftmost', not {choose_heuristic!r}")
    return _zdd_nodes(_read(options, primary, secondary, colored))


def covers_bool_zdd(
    matrix: Any, use_memo_cache: bool = False, choose_heuristic: str = "MRV"
) -> Iterator[tuple[int, int, int, int]]:
    """The diagram (ZDD) of the solutions of :func:`covers_bool`'s problem,
    as :func:`covers_zdd` gives it."""
    if choose_heuristic not in ("MRV", "leftmost"):
        raise ValueError(f"choose_heuristic must be 'MRV' or 'leftmost', not {choose_heuristic!r}")
    return _zdd_nodes(_bool_problem(matrix, "covers_bool_zdd"))
