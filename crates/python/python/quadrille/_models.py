"""N-Queens and packing, from the library's models."""

from __future__ import annotations

from collections.abc import Iterator
from typing import NamedTuple

from . import _quadrille
from ._problem import Engine, Problem, _check_engine, _check_limit, _check_threads
from ._svg import Svg


class Boards(list[tuple[int, ...]]):
    """N-Queens solutions: each a tuple of the queens' columns, row by row,
    from 0. A notebook draws them (``_repr_svg_``)."""

    n: int
    """The size of the board."""

    def __init__(self, n: int, boards: list[tuple[int, ...]]) -> None:
        super().__init__(boards)
        self.n = n

    def svg(self) -> Svg:
        """The boards as one SVG picture."""
        return Svg(_quadrille.queens_svg(self.n, [list(b) for b in self]))

    def _repr_svg_(self) -> str:
        return str(Boards(self.n, self[:100]).svg())


class QueensCount(NamedTuple):
    """How many ways to place the queens."""

    total: int
    """All solutions."""
    unique: int | None
    """Solutions up to the board's eight symmetries, when counted."""


def queens(
    n: int,
    *,
    limit: int | None = None,
    unique: bool = False,
    algorithm: str | None = None,
    engine: Engine = "auto",
) -> Boards:
    """The solutions of N-Queens on an ``n`` × ``n`` board (up to ``limit``).

    ``unique`` keeps one solution of each class under the eight symmetries
    (the least). ``algorithm`` is ``dlx`` (Knuth's cover model on the engine),
    ``backtrack``, ``bitboard`` or ``construct`` (one solution by formula, any
    ``n``); by default the fastest for the job.

    >>> import quadrille
    >>> quadrille.queens(4)
    [(1, 3, 0, 2), (2, 0, 3, 1)]
    >>> len(quadrille.queens(8, unique=True))
    12
    """
    boards = _quadrille.queens_list(
        n, _check_limit(limit), bool(unique), algorithm, _check_engine(engine)
    )
    return Boards(n, [tuple(b) for b in boards])


def queens_count(
    n: int, *, unique: bool = False, threads: int = 0, algorithm: str | None = None
) -> QueensCount:
    """Counts the solutions of N-Queens (by default with the board's symmetries,
    on all cores), and the unique ones.

    >>> import quadrille
    >>> quadrille.queens_count(8)
    QueensCount(total=92, unique=12)
    """
    total, distinct = _quadrille.queens_count(n, bool(unique), _check_threads(threads), algorithm)
    return QueensCount(total, distinct)


class Packing:
    """A packing problem: pieces into a box, from Knuth's description language
    or the built-in sets. Solutions are grids of letters; ``svg`` draws them.

    >>> import quadrille
    >>> p = quadrille.pack("pentominoes", "3x20")
    >>> p.count()
    8
    >>> print(p.first(), end="")
    UUXIIIIINNNFTWYYYYZV
    UXXXPPLNNFFFTWWYZZZV
    UUXPPPLLLLFTTTWWZVVV
    """

    __slots__ = ("_description", "_native", "_up_to_symmetry", "problem")

    problem: Problem
    """The exact-cover problem: one option per placement of a piece."""

    def __init__(self, description: str, *, up_to_symmetry: bool = False) -> None:
        """Reads a description: a line of box cells, then a line per piece.

        With ``up_to_symmetry``, one packing of each class under the box's
        symmetries is kept (and counted)."""
        self._native = _quadrille._Packing(description, bool(up_to_symmetry))
        self._description = description
        self._up_to_symmetry = bool(up_to_symmetry)
        self.problem = Problem._wrap(self._native.problem())

    def __reduce__(self) -> tuple[object, ...]:
        """Pickles as its description."""
        return (_packing, (self._description, self._up_to_symmetry))

    def count(self, *, threads: int = 0, engine: Engine = "auto") -> int:
        """The number of packings (one per class with ``up_to_symmetry``).
        All packings are counted by the library's front, as the command line
        counts them: ``auto`` chooses among the memo (tilings), the sweep and
        a search; any engine that lists may be named (with
        ``up_to_symmetry`` the packings are listed for the filter that keeps
        one of each class, unless the reduction is exact).

        >>> import quadrille
        >>> quadrille.pack("dominoes", "8x8").count()
        12988816
        """
        n: int = self._native.count(_check_threads(threads), _check_engine(engine))
        return n

    def solutions(self, *, limit: int | None = None, engine: Engine = "auto") -> Iterator[str]:
        """The packings, as grids of letters, lazily."""
        limit = _check_limit(limit)
        found = 0
        if limit == 0:
            return
        for options in self.problem.solutions(engine=engine):
            if self._native.keeps(options):
                yield self._native.grid(options)
                found += 1
                if limit is not None and found >= limit:
                    return

    def first(self, *, engine: Engine = "auto") -> str | None:
        """The first packing, or ``None``."""
        return next(self.solutions(limit=1, engine=engine), None)

    def svg(self, limit: int = 1) -> Svg:
        """The first ``limit`` packings as one SVG picture."""
        chosen: list[list[int]] = []
        for options in self.problem.solutions():
            if self._native.keeps(options):
                chosen.append(options)
                if len(chosen) >= limit:
                    break
        return Svg(self._native.svg(chosen))

    def _repr_svg_(self) -> str:
        return str(self.svg())

    def __repr__(self) -> str:
        return f"<quadrille.Packing: {self.problem.n_options} placements>"


def _packing(description: str, up_to_symmetry: bool) -> Packing:
    return Packing(description, up_to_symmetry=up_to_symmetry)


def pack(
    pieces: str = "pentominoes",
    box: str | None = None,
    *,
    description: str | None = None,
    up_to_symmetry: bool = False,
) -> Packing:
    """A packing of a built-in set of ``pieces`` (``pentominoes``,
    ``tetrominoes``, ``soma``, ...) into ``box`` (such as ``"6x10"``; by default
    the set's usual box), or of the pieces of a ``description`` in Knuth's
    language (the input of his ``polyomino-dlx`` and ``polycube-dlx``).
    """
    if description is None:
        description = _quadrille._Packing.builtin(pieces, box)
    return Packing(description, up_to_symmetry=up_to_symmetry)
