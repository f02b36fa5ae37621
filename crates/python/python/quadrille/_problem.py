"""The `Problem` class: an exact-cover problem in the user's own terms."""

from __future__ import annotations

import dataclasses
import operator
import re
import warnings
from collections.abc import Hashable, Iterable, Iterator, Mapping, Sequence
from typing import Any, Literal, NamedTuple

from . import _quadrille
from ._quadrille import Solutions

_BAD_NAME = re.compile(r"[\s:|]")

Engine = Literal["links", "cells", "bits", "costs", "memo", "sweep", "dc", "auto"]
"""The names of the engines: exactly :data:`ENGINES`, the library's
capability table (a test holds the two together). ``auto`` lets the front
plan; a question, a knob or a problem an engine cannot take raises
``ValueError`` naming why and which engines can (:func:`engines` says what
each can do)."""

ENGINES: tuple[str, ...] = tuple(_quadrille.ENGINES)
"""Every engine's name, from the library's capability table (``auto``
last)."""

Question = Literal["count", "first", "list", "best", "sample", "diagram", "estimate"]
"""The questions :meth:`Problem.explain` plans."""


def engines() -> list[dict[str, Any]]:
    """What every engine can do, one dictionary an engine, from the
    library's capability table: ``name``, ``summary``, the ``questions`` it
    answers, the ``bounds`` it takes (``any``, ``with binary branching``,
    ``when they cannot bind``), whether it takes ``colours``, the ``sharp``
    preference, binary ``branching``, options committed first
    (``commits``), its ``most_options`` and ``most_items`` (``None``: no
    limit), whether it follows an ``item_order``, the questions it answers
    on several ``threads``, in ``shards`` and in ``slices``, and the
    ``statistics`` it counts.

    >>> import quadrille
    >>> [e["name"] for e in quadrille.engines() if "count" in e["slices"]]
    ['links', 'cells', 'bits', 'auto']
    """
    return list(_quadrille.engines())


@dataclasses.dataclass(frozen=True)
class Plan:
    """What the front would do for a question (:meth:`Problem.explain`):
    the engines it may run, in order, the threads it uses, its notes, and
    the whole plan as text (``str(plan)``), as ``quadrille solve
    --explain`` prints it."""

    engines: list[str]
    """The engines the plan may run to answer, in order."""
    threads: int
    """The threads it uses."""
    notes: list[str]
    """Notes on the choice: threads fewer than asked, engines passed over."""
    text: str = dataclasses.field(repr=False)
    """The whole plan, with the estimates it weighed and its steps."""

    def __str__(self) -> str:
        return self.text


@dataclasses.dataclass(frozen=True)
class Stats:
    """A search's statistics, counted as Knuth's programs count them.

    On the ``links`` engine, ``nodes`` and ``updates`` equal those of Knuth's
    DLX1 (DLX2 with colours, DLX3 with bounds); ``cells`` counts as his SSXCC;
    ``bits`` makes DLX1's nodes (DLX3's with bounds); the ``memo`` counts as
    his DLX6; the ``sweep`` counts its own nodes (fewer when its cache
    remembers a subproblem) and no updates or cleansings: they are then
    ``None``. Every figure is the engine's that answered, named in
    ``engine``.

    >>> import quadrille
    >>> quadrille.Problem.from_knuth("A B\\nA\\nB\\nA B\\n").stats(threads=1)
    Stats(nodes=4, updates=4, cleansings=0, solutions=2, engine='bits')
    """

    nodes: int
    """Search tree nodes: one each time the search enters a level."""
    updates: int | None
    """Link updates (or, for the cells engine, SSXCC's updates); ``None``
    where the engine counts none (the sweep)."""
    cleansings: int | None
    """Purifications and the nodes they mark (colours only); ``None`` where
    the engine counts none."""
    solutions: int
    """Solutions found."""
    engine: str = "auto"
    """The engine that answered: ``links``, ``cells``, ``bits``, ``costs``,
    ``memo`` or ``sweep``: every name of ``quadrille._quadrille.ENGINES``
    but ``auto``."""


@dataclasses.dataclass(frozen=True)
class ZddStats:
    """The figures of the memoizing search that made a :class:`Zdd`, as
    Knuth's DLX6 counts them."""

    nodes: int
    """Search tree nodes, the levels answered from the cache included."""
    updates: int
    """Link updates."""
    cleansings: int
    """Purifications and the nodes they mark (colours only)."""
    zdd_nodes: int
    """Nodes of the diagram: its branch nodes and the two sinks (1 when it has
    no branch node)."""
    memos: int
    """Signatures entered in the cache."""
    hits: int
    """Levels answered from the cache (and solutions)."""


@dataclasses.dataclass(frozen=True)
class Spread:
    """An estimate and its spread: the mean of the probes' estimates, and
    the standard error of that mean (``None`` from a single probe), each as
    a float and as its base-10 logarithm. Trees pass a float's range (about
    1.8e308: the queens of order 200 have about 10^293 nodes, 1,000 items
    of 1,000 options each 10^3000); past it the floats are ``inf`` and the
    logarithms still right."""

    mean: float
    """The estimate (``inf`` past a float's range)."""
    error: float | None
    """The standard error of the mean (``inf`` past a float's range)."""
    log10_mean: float
    """The base-10 logarithm of the estimate, at any size (``-inf`` for 0)."""
    log10_error: float | None
    """The base-10 logarithm of the standard error, at any size (``-inf``
    for 0)."""


@dataclasses.dataclass(frozen=True)
class Estimate:
    """Knuth's estimate of a search tree by random probes, as
    :meth:`Problem.estimate` makes it. Each figure's mean over every probe
    the generator could draw is exactly the search's figure."""

    engine: str
    """The engine whose tree was estimated: ``links``, ``cells`` or ``bits``."""
    probes: int
    """The probes made."""
    seed: int
    """The seed they were drawn from."""
    nodes: Spread
    """Search tree nodes, as the engine counts them."""
    updates: Spread
    """Updates, as the engine counts them."""
    solutions: Spread
    """Solutions."""
    profile: tuple[float, ...]
    """The estimated nodes at each depth, the root's first (``inf`` past a
    float's range)."""
    profile_log10: tuple[float, ...]
    """The base-10 logarithms of :attr:`profile`, at any size."""
    work: int
    """The probes' own work: for each node they entered, one, its moves and
    the updates made there (a probe costs about one path of the search)."""
    bounded: bool
    """Whether the bound on that work stopped the probes (by default, when
    ``probes`` is not given) before 1,000."""


class Costed(NamedTuple):
    """A solution and its cost, as :meth:`Problem.best` gives them."""

    cost: int
    """The sum of its options' costs."""
    solution: list[Any]
    """Its options' payloads (or numbers), in increasing order of the options' numbers."""


def _name(thing: object, taken: set[str]) -> str:
    """A name for an item or colour in Knuth's format: the string itself when
    it is one, else its ``repr`` with blanks, ``:`` and ``|`` replaced; a
    number is added when the name is taken."""
    base = thing if isinstance(thing, str) else repr(thing)
    base = _BAD_NAME.sub("_", base) or "_"
    name, k = base, 1
    while name in taken:
        k += 1
        name = f"{base}#{k}"
    taken.add(name)
    return name


def _place(text: str, at: int) -> str:
    """``line L, column C`` of ``text[at]``, both from 1, the column in
    characters, a byte-order mark at the start not counted (as the reader
    skips it)."""
    start = text.rfind("\n", 0, at) + 1
    line = text.count("\n", 0, at) + 1
    column = at - start + 1 - (start == 0 and text.startswith("\ufeff"))
    return f"line {line}, column {column}"


def _integer(value: object, what: str) -> int:
    """``value`` as an ``int``, if it is an integer (a Python or numpy one);
    a ``float`` is not rounded, nor a ``str`` read: ``TypeError`` naming
    ``what``."""
    if isinstance(value, bool) or not hasattr(type(value), "__index__"):
        raise TypeError(f"{what} must be an int, not {type(value).__name__} ({value!r})")
    return operator.index(value)  # type: ignore[arg-type]


def _check_engine(engine: str) -> Engine:
    """``engine``, a string (its name is checked where it is used)."""
    if not isinstance(engine, str):
        raise TypeError(f"engine must be a string, not {type(engine).__name__}")
    return engine  # type: ignore[return-value]


def _check_limit(limit: int | None) -> int | None:
    if limit is None:
        return None
    if isinstance(limit, bool) or not isinstance(limit, int):
        raise TypeError(f"limit must be an int or None, not {type(limit).__name__}")
    if limit < 0:
        raise ValueError(f"limit must be at least 0, not {limit}")
    return limit


def _check_threads(threads: int) -> int:
    if isinstance(threads, bool) or not isinstance(threads, int):
        raise TypeError(f"threads must be an int, not {type(threads).__name__}")
    if threads < 0:
        raise ValueError(f"threads must be at least 0, not {threads}")
    return threads


@dataclasses.dataclass(frozen=True)
class Preprocessed:
    """What :meth:`Problem.preprocess` removed (Knuth's DLX-PRE counts).

    ``origin[k]`` is the number of the input option that option ``k`` of the
    reduced problem came from; ``infeasible`` is a primary item left in no
    option (the problem has no solution then), or ``None``.
    """

    options_removed: int
    items_removed: int
    rounds: int
    origin: list[int]
    infeasible: Hashable | None


class Problem:
    """An exact-cover problem: items, and options that are sets of items.

    A **solution** is a set of options that covers every *primary* item
    exactly once (or, with bounds ``(a, b)``, between ``a`` and ``b`` times)
    and every *secondary* item at most once, or several times when all its
    options give it the same **colour**. Options may carry a **cost** and a
    **payload**: solutions come back as the payloads of their options (by
    default the options' numbers, from 0).

    Items are any hashable Python objects. An option is a list of items; a
    secondary item with a colour is written as the pair ``(item, colour)``
    (a tuple that is itself an item stays an item).

    Knuth's toy problem, seven items and six options, one solution:

    >>> import quadrille
    >>> p = quadrille.Problem(
    ...     "ABCDEFG",
    ...     ["CEF", "ADG", "BCF", "AD", "BG", "DEG"],
    ...     payloads=["CEF", "ADG", "BCF", "AD", "BG", "DEG"],
    ... )
    >>> p.count()
    1
    >>> sorted(p.first())
    ['AD', 'BG', 'CEF']

    Colours: ``X`` may be shared by options that agree on its colour.

    >>> p = quadrille.Problem(["A", "B"], [["A", ("X", 0)], ["B", ("X", 0)], ["B", ("X", 1)]],
    ...                       secondary=["X"])
    >>> list(p.solutions())
    [[0, 1]]

    Searches release the GIL and stop on Ctrl-C (``KeyboardInterrupt``).
    """

    __slots__ = ("_colors", "_index", "_items", "_native", "_payloads")

    _native: _quadrille._Problem
    _items: tuple[Hashable, ...]
    _index: dict[Hashable, int]
    _colors: dict[str, Hashable]
    _payloads: list[Any] | None

    def __init__(
        self,
        primary: Iterable[Hashable],
        options: Iterable[Iterable[Any]] = (),
        *,
        secondary: Iterable[Hashable] = (),
        bounds: Mapping[Hashable, tuple[int, int]] | None = None,
        costs: Sequence[int] | None = None,
        payloads: Sequence[Any] | None = None,
    ) -> None:
        """Builds a problem.

        :param primary: the primary items, in order.
        :param options: the options, each a list of items or ``(item, colour)`` pairs.
        :param secondary: the secondary items.
        :param bounds: ``{item: (a, b)}``: cover that primary item at least ``a``
            and at most ``b`` times. An item given bounds, even ``(1, 1)``,
            makes the problem one of bounds (see :attr:`bounds`).
        :param costs: a cost (a non-negative int) per option, for :meth:`best`.
        :param payloads: what each option stands for in the solutions.
        :raises ValueError: an unknown or repeated item, a colour on a primary item,
            an option without primary item, bad bounds; the message names them.
        :raises TypeError: an item or colour that is not hashable; a cost or
            a bound that is not an ``int`` (a ``float`` is not rounded, a
            ``str`` not read).
        """
        primary = list(primary)
        secondary = list(secondary)
        items: list[Hashable] = primary + secondary
        index: dict[Hashable, int] = {}
        for k, item in enumerate(items):
            try:
                if item in index:
                    raise ValueError(f"duplicate item {item!r}")
            except TypeError:
                raise TypeError(f"item {item!r} is not hashable") from None
            index[item] = k
        n_primary = len(primary)
        taken: set[str] = set()
        names = [_name(item, taken) for item in items]
        bound_list: list[tuple[int, int] | None] = []
        if bounds:
            bound_list = [None] * n_primary
            for item, bound in bounds.items():
                k = index.get(item, -1)
                if k < 0 or k >= n_primary:
                    raise ValueError(f"bounds for {item!r}, which is not a primary item")
                try:
                    lower, upper = bound
                except (TypeError, ValueError):
                    raise TypeError(
                        f"bounds for {item!r} must be a pair (a, b), not {bound!r}"
                    ) from None
                bound_list[k] = (
                    _integer(lower, f"the bound of {item!r}"),
                    _integer(upper, f"the bound of {item!r}"),
                )
        offsets = [0]
        flat: list[int] = []
        flat_colors: list[int] = []
        colors: dict[Hashable, int] = {}
        color_names: list[str] = []
        color_taken: set[str] = set()
        for o, option in enumerate(options):
            seen: set[int] = set()
            for entry in option:
                try:
                    k = index.get(entry, -1)
                except TypeError:
                    raise TypeError(f"option {o}: item {entry!r} is not hashable") from None
                color = -1
                if k < 0:
                    if isinstance(entry, tuple) and len(entry) == 2:
                        item, colour = entry
                        try:
                            k = index.get(item, -1)
                        except TypeError:
                            raise TypeError(f"option {o}: item {item!r} is not hashable") from None
                        if k < 0:
                            raise ValueError(f"option {o}: unknown item {item!r}")
                        if k < n_primary:
                            raise ValueError(
                                f"option {o}: primary item {item!r} cannot have a colour"
                            )
                        try:
                            color = colors.get(colour, -1)
                        except TypeError:
                            raise TypeError(
                                f"option {o}: colour {colour!r} is not hashable"
                            ) from None
                        if color < 0:
                            color = colors[colour] = len(color_names)
                            color_names.append(_name(colour, color_taken))
                    else:
                        raise ValueError(f"option {o}: unknown item {entry!r}")
                if k in seen:
                    raise ValueError(f"option {o}: item {items[k]!r} appears twice")
                seen.add(k)
                flat.append(k)
                flat_colors.append(color)
            offsets.append(len(flat))
        n_options = len(offsets) - 1
        cost_list: list[int] | None = None
        if costs is not None:
            cost_list = [_integer(c, f"option {o}: the cost") for o, c in enumerate(costs)]
            if len(cost_list) != n_options:
                raise ValueError(f"{len(cost_list)} costs for {n_options} options")
            for o, c in enumerate(cost_list):
                if c < 0:
                    raise ValueError(f"option {o}: negative cost {c}")
        if payloads is not None:
            payloads = list(payloads)
            if len(payloads) != n_options:
                raise ValueError(f"{len(payloads)} payloads for {n_options} options")
        try:
            native = _quadrille._Problem(
                names,
                n_primary,
                bound_list,
                offsets,
                flat,
                flat_colors,
                color_names,
                cost_list,
            )
        except OverflowError as error:
            raise ValueError(f"a bound or cost is out of range: {error}") from None
        self._init(native, tuple(items), index, dict(zip(color_names, colors)), payloads)

    def _init(
        self,
        native: _quadrille._Problem,
        items: tuple[Hashable, ...],
        index: dict[Hashable, int],
        colors: dict[str, Hashable],
        payloads: list[Any] | None,
    ) -> None:
        self._native = native
        self._items = items
        self._index = index
        self._colors = colors
        self._payloads = payloads

    @classmethod
    def _wrap(cls, native: _quadrille._Problem, payloads: Sequence[Any] | None = None) -> Problem:
        """A problem around a native one, its items named as the engine names them."""
        self = cls.__new__(cls)
        names: list[str] = native.item_names()
        items: list[Hashable] = list(names)
        self._init(native, tuple(items), {n: k for k, n in enumerate(items)}, {}, None)
        self._set_payloads(payloads)
        return self

    def _set_payloads(self, payloads: Sequence[Any] | None) -> None:
        if payloads is not None:
            payloads = list(payloads)
            if len(payloads) != self.n_options:
                raise ValueError(f"{len(payloads)} payloads for {self.n_options} options")
        self._payloads = payloads

    @classmethod
    def from_knuth(cls, text: str | bytes, *, payloads: Sequence[Any] | None = None) -> Problem:
        """Reads Knuth's text format (the input of DLX1, DLX2, DLX3 and DLX5):
        a ``str``, or ``bytes`` in UTF-8 (a file read in binary). A line whose
        first character after any blanks is ``|`` is a comment; a byte-order
        mark at the start is skipped.

        Items are the names, as strings. A long text is read so that Ctrl-C
        stops it (``KeyboardInterrupt``). A mistake raises ``ValueError`` with
        its line and column, a byte that is not UTF-8 (or, in a ``str``, a
        lone surrogate) among them:

        >>> import quadrille
        >>> quadrille.Problem.from_knuth("A B | X\\nA X:red\\nB C\\n")
        Traceback (most recent call last):
        ...
        ValueError: line 3, column 3: unknown item `C`
        >>> quadrille.Problem.from_knuth(b"A B\\nA\\nB \\xe9\\n")
        Traceback (most recent call last):
        ...
        ValueError: line 3, column 3: byte 0xe9 is not UTF-8: the text must be UTF-8
        """
        if isinstance(text, (bytes, bytearray, memoryview)):
            return cls._wrap(_quadrille._Problem.from_knuth_bytes(bytes(text)), payloads)
        if not isinstance(text, str):
            raise TypeError(f"text must be a str or bytes, not {type(text).__name__}")
        try:
            inner = _quadrille._Problem.from_knuth(text)
        except UnicodeEncodeError as e:
            raise ValueError(
                f"{_place(text, e.start)}: {text[e.start]!r} is a lone surrogate, which UTF-8 cannot encode"
            ) from None
        return cls._wrap(inner, payloads)

    @classmethod
    def from_matrix(
        cls,
        matrix: Any,
        *,
        primary: int | None = None,
        payloads: Sequence[Any] | None = None,
    ) -> Problem:
        """A problem from a 0/1 matrix: a numpy array of booleans or of 0 and 1,
        or a SciPy sparse matrix (read without making it dense).

        Rows are the options, columns the items (numbered from 0); the first
        ``primary`` columns are primary (by default all), the others secondary.

        >>> import numpy as np, quadrille
        >>> m = np.array([[1, 0, 0, 1, 0], [1, 1, 1, 0, 0], [0, 1, 1, 0, 0], [0, 0, 0, 0, 1]])
        >>> quadrille.Problem.from_matrix(m).first()
        [0, 2, 3]

        :raises ValueError: a matrix past the engine's 2**31 - 1 nodes (a
            node per column, per 1 and per row), checked before anything is
            sized by its shape; values other than 0 and 1.
        :raises MemoryError: a matrix whose problem would take more memory
            than this process can have (reserved before it is built).
        """
        indptr, indices, n_columns = _csr(matrix)
        if primary is None:
            primary = n_columns
        if not 0 <= primary <= n_columns:
            raise ValueError(f"primary must be between 0 and {n_columns}, not {primary}")
        native = _quadrille._Problem.from_csr(n_columns, primary, indptr, indices)
        self = cls.__new__(cls)
        items = tuple(range(n_columns))
        self._init(native, items, {k: k for k in items}, {}, None)
        self._set_payloads(payloads)
        return self

    def to_knuth(self) -> str:
        """The problem in Knuth's text format (items named by their strings, or
        their ``repr``)."""
        text: str = self._native.to_knuth()
        return text

    def with_sharp_preference(self, on: bool = True) -> Problem:
        """The same problem (items, options, payloads) with the **sharp
        preference** on or off: when it is on, the searches that choose the
        item to branch on (the engines ``links``, ``cells`` and ``bits``)
        prefer the primary items whose names begin with ``#``, as Knuth's
        DLX2-SHARP and DLX3-SHARP do. An item with one option left (or none)
        still comes first. The same solutions; another search tree, so
        other statistics and another order. ``branching="binary"`` has no
        rule for sharp items: it is refused with the preference on.

        >>> import quadrille
        >>> p = quadrille.Problem.from_knuth("#a b\\n#a\\n#a\\n#a b\\nb\\n")
        >>> list(p.solutions(engine="links"))  # branches on b, the fewest options
        [[2], [3, 0], [3, 1]]
        >>> sharp = p.with_sharp_preference()
        >>> sharp.sharp_preference
        True
        >>> list(sharp.solutions(engine="links"))  # branches on #a
        [[0, 3], [1, 3], [2]]
        """
        other = type(self).__new__(type(self))
        native = self._native.with_sharp_preference(bool(on))
        other._init(native, self._items, self._index, self._colors, self._payloads)
        return other

    @property
    def sharp_preference(self) -> bool:
        """Whether the sharp preference is on (see :meth:`with_sharp_preference`)."""
        on: bool = self._native.sharp_preference
        return on

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickles as Knuth's text with the items, colours and payloads (and
        the sharp preference), so a problem travels to other processes (and
        machines)."""
        state = (self.to_knuth(), self._items, self._colors, self._payloads)
        if self.sharp_preference:
            return (_restore, (*state, True))
        return (_restore, state)

    def preprocess(self, rounds: int | None = None) -> tuple[Problem, Preprocessed]:
        """The problem reduced by Knuth's DLX-PRE (as ``quadrille pre``), and
        what was removed.

        Options no solution can hold are removed, and items whose covering
        another item implies; ``rounds`` bounds the rounds (each tries every
        item once; ``None``: until one removes nothing). The reduced problem
        has the same solutions: its options carry the input's payloads, or
        by default the input's option numbers, so its solutions name the
        input's options. Bounds on items that can never bind are rewritten
        away first (the items removed, or made plain or secondary); a problem
        with bounds that may bind, or ``rounds`` below 1, raises
        ``ValueError``.

        Knuth's example: every option of ``A`` holds ``D``, so ``D`` goes, and
        with it the option ``D E G``; then ``F``, ``C`` and ``G`` the same way.

        >>> import quadrille
        >>> text = "A B C D E | F G\\nC E F\\nA D G\\nB C F\\nA D\\nB G\\nD E G\\n"
        >>> p = quadrille.Problem.from_knuth(text)
        >>> reduced, report = p.preprocess()
        >>> report.options_removed, report.items_removed, reduced.items
        (3, 4, ('A', 'B', 'E'))
        >>> [sorted(s) for s in reduced.solutions()], [sorted(s) for s in p.solutions()]
        ([[0, 3, 4]], [[0, 3, 4]])
        """
        if rounds is not None:
            rounds = _integer(rounds, "rounds")
            if rounds < 1:
                raise ValueError(f"rounds must be at least 1 (or None), not {rounds}")
        native, origin, options, items, made, infeasible = self._native.preprocess(rounds)
        index = {name: k for k, name in enumerate(self._native.item_names())}
        names: list[str] = native.item_names()
        reduced = Problem.__new__(Problem)
        kept = tuple(self._items[index[name]] for name in names)
        reduced._init(
            native, kept, {item: k for k, item in enumerate(kept)}, dict(self._colors), None
        )
        payloads = self._payloads
        reduced._set_payloads(list(origin) if payloads is None else [payloads[o] for o in origin])
        report = Preprocessed(
            options,
            items,
            made,
            list(origin),
            None if infeasible is None else self._items[index[infeasible]],
        )
        return reduced, report

    def shard_id(self) -> str:
        """The problem's identity in shard records (``dlx:`` and its
        fingerprint): shards of different problems never merge."""
        return self._native.shard_id()

    def count_shard(
        self, index: int, of: int, *, engine: Engine = "auto", threads: int = 1
    ) -> Stats:
        """Counts slice ``index`` of ``of`` (from 0): the slices of one count
        add up to the whole count's statistics, and are those of the command
        line's ``--shard index/of``."""
        engine = _check_engine(engine)
        t, used = self._native.count_shard(index, of, engine, _check_threads(threads))
        return Stats(*t, engine=used)

    @property
    def items(self) -> tuple[Hashable, ...]:
        """The items, primary first."""
        return self._items

    @property
    def primary(self) -> tuple[Hashable, ...]:
        """The primary items."""
        return self._items[: self._native.n_primary]

    @property
    def secondary(self) -> tuple[Hashable, ...]:
        """The secondary items."""
        return self._items[self._native.n_primary :]

    @property
    def bounds(self) -> dict[Hashable, tuple[int, int]]:
        """The bounds ``(a, b)`` of the primary items declared with bounds,
        ``(1, 1)`` included (``1|a`` in Knuth's format): such an item makes
        the problem one of bounds for the engines that count as Knuth's
        programs with bounds (``links``: DLX3; ``bits``: DLX3's nodes;
        ``cells`` with ``branching="binary"``: SSMCC), as his programs run
        Algorithm M on every problem they read."""
        bounds: list[tuple[int, int] | None] = self._native.bounds()
        return {self._items[k]: b for k, b in enumerate(bounds) if b is not None}

    @property
    def n_options(self) -> int:
        """The number of options."""
        n: int = self._native.n_options
        return n

    @property
    def costs(self) -> list[int]:
        """The options' costs."""
        costs: list[int] = self._native.costs()
        return costs

    @property
    def payloads(self) -> list[Any] | None:
        """The options' payloads, if given."""
        return None if self._payloads is None else list(self._payloads)

    def option(self, k: int) -> list[Any]:
        """Option ``k``: its items, and ``(item, colour)`` for those it colours."""
        entries: list[tuple[int, str | None]] = self._native.option(k)
        colors = self._colors
        return [
            self._items[i] if c is None else (self._items[i], colors.get(c, c)) for i, c in entries
        ]

    def __len__(self) -> int:
        """The number of options."""
        return self.n_options

    def __repr__(self) -> str:
        return (
            f"<quadrille.Problem: {len(self.primary)} primary and {len(self.secondary)}"
            f" secondary items, {self.n_options} options>"
        )

    def explain(
        self,
        question: Question = "count",
        *,
        engine: Engine = "auto",
        limit: int | None = None,
        threads: int | None = None,
        branching: str = "dlx",
        weights: str = "off",
    ) -> Plan:
        """The plan of ``question`` with these knobs, without running it:
        the engines that would answer, in order, within what budgets, on how
        many threads, and why. For a count by ``auto``, the front runs what
        its rule runs to choose (the memo's probe, Knuth's estimates, a short
        turn of the sweep) and says what those gave.

        >>> import quadrille
        >>> p = quadrille.Problem.from_knuth("A B\\nA\\nB\\nA B\\n")
        >>> p.explain("count", threads=1).engines
        ['bits']
        >>> p.explain("sample").engines
        ['memo']

        :raises ValueError: an engine that cannot do what is asked, in the
            capability table's words.
        """
        if not isinstance(question, str):
            raise TypeError(f"question must be a string, not {type(question).__name__}")
        limit = _check_limit(limit)
        if threads is not None:
            threads = _check_threads(threads)
        text, engine_names, used, notes = self._native.explain(
            question, _check_engine(engine), limit, threads, branching, weights
        )
        return Plan(list(engine_names), used, list(notes), text)

    def engine(self, engine: Engine = "auto") -> Engine:
        """The engine that a search for a first solution with ``engine`` runs
        on for this problem, by the front's plan (:meth:`explain`): the one
        named, or for ``auto`` the one the plan picks.

        :raises ValueError: an engine that cannot search this problem (the
            capability table's words: ``cells`` takes bounds only with
            binary branching)."""
        name: Engine = self._native.resolve_engine(_check_engine(engine))  # type: ignore[assignment]
        return name

    def zdd(self, *, memo_bytes: int | None = None, memo_limit: int | None = None) -> Zdd:
        """The diagram of all solutions, made by the memoizing engine (Knuth's
        DLX6), holding at most ``memo_bytes`` bytes (by default 1 GiB): its
        cache of partial problems (at most half; when full, the search goes
        on exact, only slower), the diagram with its counts and the search's
        state. The search releases the GIL and stops on Ctrl-C.
        ``memo_limit``, the former name of ``memo_bytes``, is deprecated (a
        limit is a number of solutions).

        >>> import quadrille
        >>> quadrille.Problem.from_knuth("A B\\nA\\nB\\nA B\\n").zdd().count()
        2

        :raises ValueError: bounds on an item, which the memo does not take.
        :raises MemoryError: the diagram would pass ``memo_bytes`` (named in
            the message); what was made is freed.
        """
        if memo_limit is not None:
            if memo_bytes is not None:
                raise TypeError("memo_limit is the former name of memo_bytes: pass only memo_bytes")
            warnings.warn(
                "memo_limit= is deprecated: pass memo_bytes=",
                DeprecationWarning,
                stacklevel=2,
            )
            memo_bytes = memo_limit
        if memo_bytes is not None:
            if isinstance(memo_bytes, bool) or not isinstance(memo_bytes, int):
                raise TypeError(
                    f"memo_bytes must be an int or None, not {type(memo_bytes).__name__}"
                )
            if memo_bytes < 0:
                raise ValueError(f"memo_bytes must be at least 0, not {memo_bytes}")
        return Zdd(self._native.zdd(memo_bytes), self._payloads)

    def count(
        self,
        *,
        threads: int = 0,
        engine: Engine = "auto",
        limit: int | None = None,
        branching: str = "dlx",
        weights: str = "off",
    ) -> int:
        """The number of solutions (up to ``limit``), on ``threads`` threads
        (0: one per core). ``engine="memo"`` counts with :meth:`zdd`, on one
        thread, exactly however large the count. ``engine="sweep"`` counts
        every solution (no limit) by branching on the first item not yet
        covered, on a bitboard: problems of up to 1,024 items without
        colours, and without bounds but those that can never bind (rewritten
        away), such as packings. ``engine="dc"`` keeps every primary item
        with an option after each choice (Knuth's XCCDC and its statistics;
        one thread, the same bounds): fewer nodes, each dearer. The memo
        takes the same bounds.
        With ``engine="auto"`` and no limit, the engine picks the counter: the memo where subproblems
        repeat (tilings), the sweep where Knuth's estimates of the two search
        trees say it is faster (packings), else a search.

        With ``engine="cells"``, ``branching="binary"`` branches two ways
        at each node, the first option of the item chosen taken or hidden
        (Knuth's SSXCC-BINARY and its statistics; with bounds on items,
        ``(1, 1)`` included, his SSMCC's), and ``weights`` chooses that item
        by weights learned from the search: ``"frb"`` (SSXCC-FRB, SSMCC-FRB)
        or ``"wdeg"`` (SSXCC-WTD, SSMCC-WTD); ``"off"``: the smallest set.
        Binary branching searches as one subproblem, on one thread whatever
        ``threads`` says.

        >>> import quadrille
        >>> quadrille.Problem.from_knuth("A B\\nA\\nB\\nA B\\n").count()
        2
        >>> quadrille.Problem.from_knuth("A B\\nA\\nB\\nA B\\n").count(
        ...     engine="cells", branching="binary", weights="wdeg"
        ... )
        2
        """
        return self.stats(
            threads=threads, engine=engine, limit=limit, branching=branching, weights=weights
        ).solutions

    def stats(
        self,
        *,
        threads: int = 0,
        engine: Engine = "auto",
        limit: int | None = None,
        branching: str = "dlx",
        weights: str = "off",
    ) -> Stats:
        """Counts the solutions and returns the search's statistics, and in
        ``engine`` the engine that counted (see :meth:`count`, which also
        describes ``branching`` and ``weights``). On several
        threads they add up to the single search's (but for the cells
        engine, whose figures depend on the split, and the sweep, whose nodes
        depend on what its cache of subproblems remembered).

        :raises ValueError: an unknown branching or weights, binary branching
            off the cells engine, or weights without binary branching.
        """
        engine = _check_engine(engine)
        limit = _check_limit(limit)
        threads = _check_threads(threads)
        if not isinstance(branching, str) or not isinstance(weights, str):
            raise TypeError("branching and weights must be strings")
        # The library's front chooses and counts; past 64 bits, the memo's
        # count is read from its diagram below, exactly.
        t, used = self._native.count(engine, limit, threads, branching, weights)
        if t is not None:
            return Stats(*t, engine=used)
        zdd = self.zdd()
        n, s = zdd.count(), zdd.stats
        n = n if limit is None else min(n, limit)
        return Stats(s.nodes, s.updates, s.cleansings, n, engine="memo")

    def first(self, *, engine: Engine = "auto") -> list[Any] | None:
        """The first solution (payloads, or option numbers, in the order the
        search chose them), or ``None``."""
        options, _, _ = self._native.first(_check_engine(engine))
        if options is None:
            return None
        return self._translate(options)

    def estimate(
        self, *, probes: int | None = None, seed: int = 0, engine: Engine = "auto"
    ) -> Estimate:
        """Knuth's estimate of the search tree, before (or instead of) a long
        search: random paths from the root, drawn from ``seed`` (the same
        estimate for the same seed on every machine), each trying one option
        a level and standing for as many nodes as the product of the options
        it could have tried; each costs about what that path of the search
        costs. ``probes`` paths exactly; by default 1,000, or fewer once
        their work (:attr:`Estimate.work`) reaches 10^8, about a second
        (:attr:`Estimate.probes` says how many were made). The nodes,
        updates and solutions come with the standard error of their mean,
        and with the logarithms of both, right past a float's range; more
        probes narrow it. On ``links``, ``cells`` or ``bits`` (``auto``: the
        one that would list); other engines raise ``ValueError``. Ctrl-C
        raises ``KeyboardInterrupt``.

        >>> import quadrille
        >>> p = quadrille.Problem("AB", [["A"], ["B"], ["A", "B"]])
        >>> e = p.estimate(probes=100, engine="links")
        >>> (e.engine, e.profile[0], 0 < e.solutions.mean)
        ('links', 1.0, True)
        >>> wide = quadrille.Problem(range(200), [[i] for i in range(200) for _ in range(50)])
        >>> e = wide.estimate()  # 50^200 solutions, past a float
        >>> e.solutions.mean, round(e.solutions.log10_mean, 6), e.solutions.error
        (inf, 339.794001, 0.0)
        """
        engine = _check_engine(engine)
        for name, value, top in (("probes", probes, 2**32 - 1), ("seed", seed, 2**64 - 1)):
            if name == "probes" and value is None:
                continue
            if isinstance(value, bool) or not isinstance(value, int):
                raise TypeError(f"{name} must be an int, not {type(value).__name__}")
            low = 1 if name == "probes" else 0
            if not low <= value <= top:
                raise ValueError(f"{name} must be from {low} to {top}, not {value}")
        (used, made, nodes, updates, solutions, profile, profile_log10, work, bounded) = (
            self._native.estimate(engine, probes, seed)
        )
        return Estimate(
            engine=used,
            probes=made,
            seed=seed,
            nodes=Spread(*nodes),
            updates=Spread(*updates),
            solutions=Spread(*solutions),
            profile=tuple(profile),
            profile_log10=tuple(profile_log10),
            work=work,
            bounded=bounded,
        )

    def solutions(self, *, engine: Engine = "auto", limit: int | None = None) -> Solutions:
        """The solutions, one at a time, lazily: each a list of payloads (or
        option numbers), in the order the engine chose its options. With
        ``engine="auto"`` the library's rule for listings picks the sweep
        where its estimates say it is faster (packings), else the search by
        fewest options.

        The iterator holds the search paused between two solutions, and no
        thread: each call that needs more searches for a chunk (1, 2, 4, …
        up to 1,024 solutions) on a thread that ends with the call, the GIL
        released. Breaking out of the loop, or deleting the iterator, frees
        the search. The iterator's
        ``stats`` are the search's statistics so far. With ``engine="memo"``,
        they are those of :meth:`zdd`, in the diagram's order.

        >>> import quadrille
        >>> p = quadrille.Problem("AB", [["A"], ["B"], ["A", "B"]], payloads=["a", "b", "ab"])
        >>> [sorted(s) for s in p.solutions()]
        [['a', 'b'], ['ab']]
        """
        if _check_engine(engine) == "memo":
            return self.zdd().solutions(limit=limit)
        return self._native.solutions(engine, _check_limit(limit), self._payloads)

    def __iter__(self) -> Solutions:
        """The solutions, as :meth:`solutions` gives them."""
        return self.solutions()

    def best(self, k: int = 1, *, threads: int = 1) -> list[Costed]:
        """The ``k`` cheapest solutions (Knuth's DLX5), in increasing order of
        cost and, among equal costs, of their options' numbers.

        >>> import quadrille
        >>> p = quadrille.Problem("AB", [["A"], ["B"], ["A", "B"], ["B"]], costs=[2, 1, 5, 4])
        >>> p.best(3)
        [Costed(cost=3, solution=[0, 1]), Costed(cost=5, solution=[2]), Costed(cost=6, solution=[0, 3])]
        """
        found, _, _ = self._native.best(_check_count(k, "k"), _check_threads(threads))
        return [Costed(cost, self._translate(options)) for cost, options in found]

    def _translate(self, options: list[int]) -> list[Any]:
        if self._payloads is None:
            return list(options)
        payloads = self._payloads
        return [payloads[o] for o in options]


class Zdd:
    """The solutions of a problem as a zero-suppressed decision diagram
    (Knuth's DLX6), made by :meth:`Problem.zdd`: counted exactly however many
    they are, listed, drawn at random, or the cheapest found, without a
    search.

    Dominoes on a 4×4 board:

    >>> import quadrille
    >>> cells = [(r, c) for r in range(4) for c in range(4)]
    >>> dominoes = [[(r, c), (r, c + 1)] for r, c in cells if c < 3]
    >>> dominoes += [[(r, c), (r + 1, c)] for r, c in cells if r < 3]
    >>> zdd = quadrille.Problem(cells, dominoes).zdd()
    >>> zdd.count()
    36
    >>> len(list(zdd))
    36
    >>> list(zdd.sample(2, seed=7)) == list(zdd.sample(2, seed=7))
    True
    >>> sum(zdd.option_counts()) == 36 * 8
    True
    """

    __slots__ = ("_native", "_payloads")

    _native: _quadrille._Zdd
    _payloads: list[Any] | None

    def __init__(self, native: _quadrille._Zdd, payloads: list[Any] | None) -> None:
        """Not for direct use: :meth:`Problem.zdd` makes diagrams."""
        self._native = native
        self._payloads = payloads

    def count(self) -> int:
        """The number of solutions, exactly (a Python int of any size)."""
        return int(self._native.count())

    def solutions(self, *, limit: int | None = None) -> Solutions:
        """The solutions (at most ``limit``), one at a time, lazily: each a
        list of payloads (or option numbers), in the order the diagram chose
        its options, from the top level down."""
        return self._native.solutions(_check_limit(limit), self._payloads)

    def __iter__(self) -> Solutions:
        """The solutions, as :meth:`solutions` gives them."""
        return self.solutions()

    def sample(self, k: int, seed: int = 0) -> Iterator[list[Any]]:
        """``k`` solutions drawn uniformly and independently at random (each
        solution equally likely each time), lazily: each is drawn when the
        iterator is asked for it, so ``sample(10**8)`` holds one at a time.
        The same ``seed`` gives the same solutions on every machine. None
        when there is no solution.

        >>> import quadrille
        >>> zdd = quadrille.Problem.from_knuth("A B\\nA\\nB\\nA B\\n").zdd()
        >>> draws = zdd.sample(10**8, seed=1)
        >>> sorted(next(draws)) in ([0, 1], [2])
        True
        """
        k = _check_count(k, "k")
        if k >= 1 << 64:
            raise ValueError(f"k must be below 2**64, not {k}")
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise TypeError(f"seed must be an int, not {type(seed).__name__}")
        if not 0 <= seed < 1 << 64:
            raise ValueError(f"seed must be between 0 and 2**64 - 1, not {seed}")
        native = self._native.sample(k, seed)
        if self._payloads is None:
            return native
        return map(self._translate, native)

    def option_counts(self) -> list[int]:
        """For each option, the number of solutions that use it.

        :raises MemoryError: the arrays it needs (about as large as the
            diagram's counts) would pass the ``memo_bytes`` the diagram was
            made under.
        """
        return [int(n) for n in self._native.option_counts()]

    def best(self, k: int = 1) -> list[Costed]:
        """The ``k`` cheapest solutions, as :meth:`Problem.best` gives them
        (in increasing order of cost and, among equal costs, of their
        options' numbers).

        :raises MemoryError: the partial solutions kept at the diagram's
            nodes would pass the ``memo_bytes`` the diagram was made under.
        """
        found = self._native.best(_check_count(k, "k"))
        return [Costed(cost, self._translate(options)) for cost, options in found]

    @property
    def stats(self) -> ZddStats:
        """The figures of the search that made the diagram."""
        return ZddStats(*self._native.stats())

    def to_knuth(self) -> str:
        """The diagram in Knuth's ZDD text format, as DLX6 writes it: a line
        ``id: (~v?lo:hi)`` per node, ``v`` the option's number from 1."""
        return self._native.to_knuth()

    def to_dot(self) -> str:
        """The diagram for Graphviz's ``dot`` (for small diagrams)."""
        return self._native.to_dot()

    def __repr__(self) -> str:
        return f"<quadrille.Zdd: {self.stats.zdd_nodes} nodes>"

    def _translate(self, options: list[int]) -> list[Any]:
        if self._payloads is None:
            return list(options)
        payloads = self._payloads
        return [payloads[o] for o in options]


def _check_count(k: int, name: str) -> int:
    if isinstance(k, bool) or not isinstance(k, int):
        raise TypeError(f"{name} must be an int, not {type(k).__name__}")
    if k < 0:
        raise ValueError(f"{name} must be at least 0, not {k}")
    return k


def _restore(
    text: str,
    items: tuple[Hashable, ...],
    colors: dict[str, Hashable],
    payloads: list[Any] | None,
    sharp: bool = False,
) -> Problem:
    """A problem from what :meth:`Problem.__reduce__` keeps."""
    problem = Problem.__new__(Problem)
    problem._init(
        _quadrille._Problem.from_knuth(text).with_sharp_preference(sharp),
        items,
        {item: k for k, item in enumerate(items)},
        colors,
        payloads,
    )
    return problem


def _csr(matrix: Any) -> tuple[bytes, bytes, int]:
    """A 0/1 matrix as compressed sparse rows: ``indptr`` and ``indices`` as
    little-endian 32-bit bytes, and the number of columns."""
    import numpy as np

    if hasattr(matrix, "tocsr") and hasattr(matrix, "nnz"):
        csr = matrix.tocsr()
        if csr.ndim != 2:
            raise ValueError("the matrix must have two dimensions")
        data = np.asarray(csr.data)
        if data.size and not np.isin(data, (0, 1)).all():
            raise ValueError("the matrix holds values other than 0 and 1")
        if data.size and not data.all():
            csr = csr.copy()
            csr.eliminate_zeros()
        csr = csr.sorted_indices() if not csr.has_sorted_indices else csr
        if csr.nnz and np.any(np.diff(csr.indices) == 0):
            # Repeated entries of one row (a sparse matrix may hold them).
            csr = csr.copy()
            csr.sum_duplicates()
            if not np.isin(csr.data, (0, 1)).all():
                raise ValueError("the matrix holds values other than 0 and 1")
        n_columns = int(csr.shape[1])
        indptr = np.asarray(csr.indptr, dtype="<u4").tobytes()
        indices = np.asarray(csr.indices, dtype="<u4").tobytes()
        return indptr, indices, n_columns
    array = np.asarray(matrix)
    if array.ndim != 2:
        raise ValueError(f"the matrix must have two dimensions, not {array.ndim}")
    if array.dtype != np.bool_:
        if not np.issubdtype(array.dtype, np.number):
            raise TypeError(f"the matrix must hold booleans or numbers, not {array.dtype}")
        if array.size and not np.isin(array, (0, 1)).all():
            raise ValueError("the matrix holds values other than 0 and 1")
    rows, columns = np.nonzero(array)
    counts = np.bincount(rows, minlength=array.shape[0])
    indptr_array = np.zeros(array.shape[0] + 1, dtype="<u4")
    np.cumsum(counts, out=indptr_array[1:])
    return indptr_array.tobytes(), columns.astype("<u4").tobytes(), int(array.shape[1])
