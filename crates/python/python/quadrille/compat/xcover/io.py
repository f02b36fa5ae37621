"""``xcover.io``: problems in Knuth's text format (as his DLX programs read
them): a first line of items, the primary ones, then ``|`` and the secondary
ones; then an option per line.

>>> import os, tempfile
>>> from quadrille.compat.xcover.io import read_xcover_from_file, write_xcover_to_file
>>> path = os.path.join(tempfile.mkdtemp(), "problem.dlx")
>>> write_xcover_to_file(path, [["a", "x:R"], ["b", "x:R"]], ["a", "b"], ["x"], colored=True)
>>> open(path).read().splitlines()
['a b | x ', 'a x:R ', 'b x:R ']
>>> read_xcover_from_file(path)
([['a', 'x:R'], ['b', 'x:R']], ['a', 'b'], ['x'], True)
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from typing import Any

from .solvers import items

__all__ = ["read_xcover_from_file", "write_xcover_to_file"]


def read_xcover_from_file(
    filename: Any,
) -> tuple[list[list[str]], list[str], list[str] | None, bool]:
    """The problem of a file in Knuth's format, as ``covers``'s arguments:
    ``(options, primary, secondary, colored)``. Lines before the items' line
    that are empty or start with ``|`` or ``/`` are comments; ``secondary`` is
    ``None`` and ``colored`` false when the items' line has no ``|``. Every
    later line is an option (an empty one too, so that options keep the
    numbers of their lines), except the comment lines that start with ``|``.
    """
    options: list[list[str]] = []
    primary: list[str] | None = None
    secondary: list[str] | None = None
    with open(filename, encoding="utf-8") as f:
        for line in f:
            if primary is None:
                if line == "\n" or line[:1] in ("|", "/"):
                    continue
                first, bar, rest = line.strip().partition("|")
                primary = first.split()
                secondary = rest.split() if bar else None
            elif line[:1] != "|":
                options.append(line.split())
    return options, primary if primary is not None else [], secondary, secondary is not None


def write_xcover_to_file(
    filename: Any,
    options: Iterable[Iterable[Hashable]],
    primary: Iterable[Hashable] | None = None,
    secondary: Iterable[Hashable] | None = None,
    colored: bool = False,
    item_to_string: Callable[[Any], str] | None = None,
) -> None:
    """Writes the problem to ``filename`` in Knuth's format, each item as
    ``item_to_string(item)`` (by default its ``str`` without spaces), each
    followed by a space; the items not given are inferred as ``covers``
    infers them."""
    read = [list(option) for option in options]
    inferred = items([o for option in read for o in option], primary, secondary, colored)
    primary_items, secondary_items = list(inferred[0]), list(inferred[1])
    name = item_to_string or (lambda item: str(item).replace(" ", ""))
    with open(filename, "w", encoding="utf-8") as f:
        f.write("".join(name(item) + " " for item in primary_items))
        if secondary_items:
            f.write("| " + "".join(name(item) + " " for item in secondary_items))
        f.write("\n")
        for option in read:
            f.write("".join(name(item) + " " for item in option) + "\n")
