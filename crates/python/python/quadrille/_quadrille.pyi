"""The native module: the engine's problems, searches and models.

Not for direct use: :mod:`quadrille` wraps it.
"""

from collections.abc import Iterator
from typing import Any, final

from ._problem import Stats

__version__: str

_StatsTuple = tuple[int, int, int, int]

@final
class _Problem:
    """An exact-cover problem, built and checked by the engine."""

    def __new__(
        cls,
        names: list[str],
        n_primary: int,
        bounds: list[tuple[int, int]],
        offsets: list[int],
        items: list[int],
        colors: list[int],
        color_names: list[str],
        costs: list[int] | None,
    ) -> _Problem: ...
    @staticmethod
    def from_knuth(text: str) -> _Problem: ...
    @staticmethod
    def from_csr(n_columns: int, n_primary: int, indptr: bytes, indices: bytes) -> _Problem: ...
    def to_knuth(self) -> str: ...
    def item_names(self) -> list[str]: ...
    def bounds(self) -> list[tuple[int, int]]: ...
    @property
    def n_primary(self) -> int: ...
    @property
    def n_items(self) -> int: ...
    @property
    def n_options(self) -> int: ...
    def option(self, k: int) -> list[tuple[int, str | None]]: ...
    def costs(self) -> list[int]: ...
    def format_option(self, k: int) -> str: ...
    def resolve_engine(self, engine_name: str) -> str: ...
    def count(self, engine: str, limit: int | None, threads: int) -> _StatsTuple: ...
    def first(self, engine: str) -> tuple[list[int] | None, _StatsTuple]: ...
    def best(self, k: int, threads: int) -> tuple[list[tuple[int, list[int]]], _StatsTuple]: ...
    def solutions(
        self, engine: str, limit: int | None, payloads: list[Any] | None
    ) -> Solutions: ...

@final
class Solutions(Iterator[list[Any]]):
    """The solutions of a problem, one at a time, searched on a thread of
    their own a few solutions ahead of the reader. Closing the iterator, or
    dropping it, stops and frees the search."""

    def __iter__(self) -> Solutions: ...
    def __next__(self) -> list[Any]: ...
    def close(self) -> None:
        """Stops the search and frees it; the iterator then ends."""
    @property
    def stats(self) -> Stats:
        """The statistics: final once the iterator has ended, else those
        reported so far (every 4,096 nodes)."""
    @property
    def finished(self) -> bool:
        """Whether the search has ended."""

@final
class _Packing:
    def __new__(cls, description: str, up_to_symmetry: bool) -> _Packing: ...
    @staticmethod
    def builtin(pieces: str, box_text: str | None) -> str: ...
    def problem(self) -> _Problem: ...
    def keeps(self, solution: list[int]) -> bool: ...
    @property
    def n_symmetries(self) -> int: ...
    def grid(self, solution: list[int]) -> str: ...
    def svg(self, solutions: list[list[int]]) -> str: ...
    def count(self, threads: int, engine_name: str) -> int: ...

def queens_list(
    n: int, limit: int | None, unique: bool, algorithm_name: str | None, engine_name: str
) -> list[list[int]]: ...
def queens_count(
    n: int, unique: bool, threads: int, algorithm_name: str | None
) -> tuple[int, int | None]: ...
def queens_svg(n: int, boards: list[list[int]]) -> str: ...
def sudoku_solve(
    puzzles: list[str],
    x: bool,
    hyper: bool,
    jigsaw: str | None,
    zero_based: bool,
    count: bool,
    limit: int | None,
    threads: int,
    engine_name: str,
) -> list[tuple[int, str | None]]: ...
def sudoku_svg(
    puzzle: str,
    solution: str | None,
    x: bool,
    hyper: bool,
    jigsaw: str | None,
    zero_based: bool,
    caption: str,
) -> str: ...
