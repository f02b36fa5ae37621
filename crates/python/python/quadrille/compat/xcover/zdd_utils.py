"""``xcover.zdd_utils``: the node tuples of ``covers_zdd`` for other ZDD
packages (``zdd_algorithms``, ``graphillion``, ``oxidd``, each imported only
when its function is called), and as ``graphillion``'s text format.

A diagram is a sequence of tuples ``(index, option, lo, hi)``, each node
after its children, indices 0 and 1 the two sinks (the empty family, and
the family of the empty set), the root last.

>>> import os, tempfile
>>> from quadrille.compat.xcover import covers_zdd
>>> from quadrille.compat.xcover.zdd_utils import to_setset_file
>>> path = os.path.join(tempfile.mkdtemp(), "zdd.txt")
>>> to_setset_file(covers_zdd([["a", "b"], ["a"], ["b"]], ["a", "b"]), path)
>>> print(open(path).read(), end="")
2 3 B T
3 2 B 2
4 1 3 T
.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

__all__ = [
    "count_setset_nodes",
    "to_oxidd",
    "to_setset",
    "to_setset_file",
    "to_zdd_algorithms",
]

Node = tuple[int, int, int, int]


def _build(zdd: Iterable[Node], empty: Any, base: Any, node: Any) -> Any:
    """The root of the diagram made by ``node(option, lo, hi)`` from the two
    sinks (``empty()`` and ``base()``, made when first needed); the empty
    family when there is no node."""
    made: dict[int, Any] = {}
    root = None
    for index, option, lo, hi in zdd:
        if not made:
            made = {0: empty(), 1: base()}
        root = made[index] = node(option, made[lo], made[hi])
    return empty() if root is None else root


def to_zdd_algorithms(zdd: Iterable[Node]) -> Any:
    """The diagram as a node of the package ``zdd_algorithms``."""
    from zdd_algorithms import base, empty, get_node

    return _build(zdd, empty, base, get_node)


def _setset_lines(zdd: Iterable[Node]) -> str:
    """The diagram in ``graphillion``'s text format: a line ``index variable
    lo hi`` per node (variables from 1, ``B`` and ``T`` the sinks), then
    ``.``."""

    def sink(k: int) -> str:
        return "B" if k == 0 else "T" if k == 1 else str(k)

    lines = [f"{i} {v + 1} {sink(lo)} {sink(hi)}\n" for i, v, lo, hi in zdd]
    return "".join(lines) + ".\n"


def to_setset(zdd: Iterable[Node], n_options: int) -> Any:
    """The diagram as a ``graphillion`` ``setset`` over the options
    ``0 .. n_options - 1`` (this sets ``setset``'s universe)."""
    from graphillion import setset

    setset.set_universe(list(range(n_options)))
    return setset(setset.loads(_setset_lines(zdd)))


def to_setset_file(zdd: Iterable[Node], filename: Any) -> None:
    """Writes the diagram to ``filename`` in ``graphillion``'s text format."""
    with open(filename, "w", encoding="utf-8") as f:
        f.write(_setset_lines(zdd))


def count_setset_nodes(ss: Any) -> int:
    """The number of nodes of a ``graphillion`` ``setset``, its two sinks
    included (1 for the empty family, which is its sink alone)."""
    text: str = ss.dumps()
    if text.startswith("B"):
        return 1
    lines: list[str] = text.split("\n")
    return lines.index(".") + 2


def to_oxidd(
    zdd: Iterable[Node],
    n_options: int,
    inner_node_capacity: int = 2000000,
    apply_cache_size: int = 2000000,
    threads: int = 1,
) -> Any:
    """The diagram as an ``oxidd`` ZBDD function, in a new manager with
    ``n_options`` variables."""
    from oxidd.zbdd import ZBDDManager

    manager = ZBDDManager(inner_node_capacity, apply_cache_size, threads)
    manager.add_vars(n_options)
    singletons = [manager.singleton(i) for i in range(n_options)]
    return _build(
        zdd,
        manager.empty,
        manager.base,
        lambda option, lo, hi: singletons[option].make_node(hi, lo),
    )
