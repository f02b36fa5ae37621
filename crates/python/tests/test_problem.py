"""`Problem` against the brute force, and what Python users expect of it."""

from __future__ import annotations

import os
import re
import typing
from typing import Any

import pytest
import quadrille
from brute import Spec, is_solution, solutions, specs
from hypothesis import given, settings
from hypothesis import strategies as st
from quadrille import Problem

ENGINES: list[quadrille.Engine] = ["auto", "links", "cells", "bits"]


def build(spec: Spec, **kwargs: Any) -> Problem:
    return Problem(
        spec.primary, spec.options, secondary=spec.secondary, bounds=spec.bounds, **kwargs
    )


def binding(spec: Spec) -> bool:
    """Whether some primary item has bounds other than ``(1, 1)``."""
    return any(bound != (1, 1) for bound in spec.bounds.values())


@settings(max_examples=150, deadline=None)
@given(specs(), st.sampled_from(ENGINES))
def test_solutions_match_brute_force(spec: Spec, engine: quadrille.Engine) -> None:
    expected = solutions(spec)
    problem = build(spec)
    if engine == "cells" and binding(spec):
        # The cells engine takes bounds with binary branching (SSMCC) only.
        with pytest.raises(ValueError, match="the cells engine does not take bounds"):
            problem.count(engine=engine)
        assert problem.count(engine=engine, branching="binary", threads=1) == len(expected)
        return
    found = sorted(tuple(sorted(s)) for s in problem.solutions(engine=engine))
    assert found == expected
    assert problem.count(engine=engine, threads=1) == len(expected)
    assert problem.count(engine=engine, threads=2) == len(expected)
    first = problem.first(engine=engine)
    if expected:
        assert first is not None and is_solution(spec, first)
    else:
        assert first is None


@settings(max_examples=100, deadline=None)
@given(specs(), st.integers(0, 5))
def test_limit(spec: Spec, limit: int) -> None:
    expected = len(solutions(spec))
    problem = build(spec)
    assert problem.count(limit=limit, threads=1) == min(limit, expected)
    assert len(list(problem.solutions(limit=limit))) == min(limit, expected)


@settings(max_examples=100, deadline=None)
@given(specs())
def test_payloads(spec: Spec) -> None:
    payloads = [f"option {k}" for k in range(len(spec.options))]
    problem = build(spec, payloads=payloads)
    expected = sorted(tuple(sorted(payloads[k] for k in s)) for s in solutions(spec))
    assert sorted(tuple(sorted(s)) for s in problem.solutions()) == expected


@settings(max_examples=150, deadline=None)
@given(specs(bounds=False), st.integers(1, 6), st.sampled_from([1, 2]))
def test_best_is_the_cheapest(spec: Spec, k: int, threads: int) -> None:
    def cost(s: tuple[int, ...]) -> int:
        return sum(spec.costs[o] for o in s)

    expected = sorted(solutions(spec), key=lambda s: (cost(s), s))[:k]
    problem = build(spec, costs=spec.costs)
    best = problem.best(k, threads=threads)
    assert [c.cost for c in best] == [cost(s) for s in expected]
    assert [tuple(c.solution) for c in best] == expected


@settings(max_examples=100, deadline=None)
@given(specs())
def test_knuth_format_gives_identical_statistics(spec: Spec) -> None:
    problem = build(spec, costs=spec.costs)
    text = problem.to_knuth()
    again = Problem.from_knuth(text)
    assert again.to_knuth() == text
    assert again.costs == problem.costs
    for engine in ENGINES:
        if engine == "cells" and binding(spec):
            for p in (again, problem):
                with pytest.raises(ValueError, match="the cells engine does not take bounds"):
                    p.stats(engine=engine, threads=1)
            continue
        assert again.stats(engine=engine, threads=1) == problem.stats(engine=engine, threads=1)


def test_knuth_toy_statistics() -> None:
    # DLX1's figures for Knuth's toy problem (TAOCP 7.2.2.1, his program's output).
    toy = Problem("ABCDEFG", ["CEF", "ADG", "BCF", "AD", "BG", "DEG"])
    stats = toy.stats(engine="links", threads=1)
    assert (stats.nodes, stats.updates, stats.solutions) == (6, 30, 1)
    assert toy.count() == 1


def test_any_hashable_items() -> None:
    cells = [(r, c) for r in range(2) for c in range(2)]
    dominoes = [[(0, 0), (0, 1)], [(1, 0), (1, 1)], [(0, 0), (1, 0)], [(0, 1), (1, 1)]]
    p = Problem(cells, dominoes, payloads=["top", "bottom", "left", "right"])
    assert sorted(map(sorted, p.solutions())) == [["bottom", "top"], ["left", "right"]]
    assert p.option(0) == [(0, 0), (0, 1)]
    # A frozenset, an int and None as items; a colour that is a tuple.
    q = Problem(
        [frozenset({1}), 7], [[frozenset({1}), ("x", (1, 2))], [7, ("x", (1, 2))]], secondary=["x"]
    )
    assert q.count() == 1
    assert q.option(1) == [7, ("x", (1, 2))]


def test_colours_whose_names_collide() -> None:
    p = Problem(
        ["A", "B"],
        [["A", ("x", "a b")], ["B", ("x", "a_b")], ["B", ("x", "a b")]],
        secondary=["x"],
    )
    assert p.option(0) == ["A", ("x", "a b")]
    assert p.option(1) == ["B", ("x", "a_b")]
    assert sorted(map(sorted, p.solutions())) == [[0, 2]]


@settings(max_examples=50, deadline=None)
@given(specs())
def test_items_of_any_hashable_type(spec: Spec) -> None:
    # The same problem with its items renamed to ints, tuples and frozensets.
    kinds: list[Any] = [lambda k: k, lambda k: ("cell", k), lambda k: frozenset({k, -1})]
    names = spec.primary + spec.secondary
    rename = {name: kinds[k % 3](k) for k, name in enumerate(names)}
    options = [
        [(rename[e[0]], e[1]) if isinstance(e, tuple) else rename[e] for e in option]
        for option in spec.options
    ]
    renamed = Problem(
        [rename[i] for i in spec.primary],
        options,
        secondary=[rename[i] for i in spec.secondary],
        bounds={rename[i]: b for i, b in spec.bounds.items()},
    )
    assert sorted(tuple(sorted(s)) for s in renamed.solutions()) == solutions(spec)
    for k, option in enumerate(options):
        assert renamed.option(k) == option


def test_bounds_scheduling() -> None:
    # Two or three of four volunteers take a shift: C(4,2) + C(4,3).
    people = ["Al", "Bo", "Cy", "Di"]
    p = Problem(
        ["shift", *people],
        [["shift", x] for x in people] + [[x] for x in people],
        bounds={"shift": (2, 3)},
    )
    assert p.count() == 10
    assert p.bounds == {"shift": (2, 3)}
    assert p.to_knuth().startswith("2:3|shift Al Bo Cy Di\n")


def test_errors_name_the_option_and_item() -> None:
    with pytest.raises(ValueError, match=r"option 1: unknown item 'Z'"):
        Problem("AB", [["A"], ["Z"]])
    with pytest.raises(ValueError, match=r"option 0: item 'A' appears twice"):
        Problem("AB", [["A", "A"]])
    with pytest.raises(ValueError, match=r"option 0: primary item 'A' cannot have a colour"):
        Problem("AB", [[("A", "red")]])
    with pytest.raises(ValueError, match=r"option 0 has no items"):
        Problem("A", [[]])
    # An option without a primary item is kept, in no solution.
    assert Problem("A", [["X"], ["A"]], secondary=["X"]).count() == 1
    with pytest.raises(ValueError, match=r"duplicate item 'A'"):
        Problem("AA", [])
    with pytest.raises(TypeError, match=r"item \[1\] is not hashable"):
        Problem([[1]], [])  # type: ignore[list-item]
    with pytest.raises(TypeError, match=r"option 0: item \[1\] is not hashable"):
        Problem("A", [["A", [1]]])
    with pytest.raises(ValueError, match=r"lower bound 3 exceeds the upper bound 2"):
        Problem("A", [["A"]], bounds={"A": (3, 2)})
    with pytest.raises(ValueError, match=r"2 payloads for 1 options"):
        Problem("A", [["A"]], payloads=[1, 2])
    with pytest.raises(ValueError, match=re.escape("line 3, column 3: unknown item `C`")):
        Problem.from_knuth("A B | X\nA X:red\nB C\n")
    with pytest.raises(ValueError, match=r"unknown engine `fast`: the engines are links, cells"):
        Problem("A", [["A"]]).count(engine="fast")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"memo"):
        Problem("A", [["A"]]).count_shard(0, 2, engine="memo")
    with pytest.raises(TypeError):
        Problem("A", [["A"]]).count(limit="3")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"costs cannot be combined with bounds"):
        Problem("AB", [["A"], ["B"]], bounds={"A": (0, 1)}).best(1)


def test_engine_resolution() -> None:
    p = Problem("AB", [["A"], ["B"]])
    assert p.engine() == "bits"
    assert p.engine("cells") == "cells"
    assert Problem("A", [["A"]], bounds={"A": (0, 2)}).engine("bits") == "bits"
    with pytest.raises(
        ValueError, match="cells engine does not take bounds on items that can bind"
    ):
        Problem("A", [["A"]], bounds={"A": (0, 2)}).engine("cells")


def test_solutions_stats_and_close() -> None:
    p = Problem("ABCDEFG", ["CEF", "ADG", "BCF", "AD", "BG", "DEG"])
    it = p.solutions(engine="links")
    assert list(it) == [[3, 0, 4]]
    assert it.stats == p.stats(engine="links", threads=1)


def test_version() -> None:
    assert re.fullmatch(r"\d+\.\d+\.\d+", quadrille.__version__)


@settings(max_examples=150, deadline=None)
@given(specs(colours=False, bounds=False), st.sampled_from([0, 1, 2]))
def test_the_sweep_counts_as_the_brute_force(spec: Spec, threads: int) -> None:
    expected = len(solutions(spec))
    problem = build(spec)
    stats = problem.stats(engine="sweep", threads=threads)
    # Only the sweep's figures: it counts no updates or cleansings.
    assert (stats.solutions, stats.engine, stats.updates, stats.cleansings) == (
        expected,
        "sweep",
        None,
        None,
    )
    assert problem.count(engine="sweep") == expected


def test_the_sweep_lists() -> None:
    problem = Problem.from_knuth("A B | X\nA X\nB\nA B\n")
    first = problem.first(engine="sweep")
    assert first is not None and sorted(first) in ([0, 1], [2])
    listing = problem.solutions(engine="sweep")
    assert sorted(sorted(s) for s in listing) == [[0, 1], [2]]
    stats = listing.stats
    assert (stats.engine, stats.solutions, stats.updates) == ("sweep", 2, None)
    assert [sorted(s) for s in problem.solutions(engine="sweep", limit=1)] in ([[0, 1]], [[2]])
    # Every engine by the library's names, one thread accepted by all that count.
    assert quadrille._quadrille.ENGINES == [
        "links",
        "cells",
        "bits",
        "costs",
        "memo",
        "sweep",
        "dc",
        "auto",
    ]
    assert list(typing.get_args(quadrille.Engine)) == quadrille._quadrille.ENGINES
    expected = len(solutions(Spec(["A", "B"], ["X"], [["A", "X"], ["B"], ["A", "B"]])))
    counting: list[quadrille.Engine] = ["links", "cells", "bits", "memo", "sweep", "dc", "auto"]
    for engine in counting:
        stats = problem.stats(engine=engine, threads=1)
        assert stats.solutions == expected and stats.engine != "auto"
        assert (stats.updates is None) == (stats.engine == "sweep")
    assert problem.engine("memo") == "memo"
    assert problem.first(engine="memo") is not None
    # A limit holds on the sweep as on every engine (3 solutions).
    counters: list[quadrille.Engine] = ["sweep", "memo", "links"]
    assert [problem.count(engine=e, limit=2) for e in counters] == [2, 2, 2]
    with pytest.raises(ValueError, match=r"colours"):
        Problem.from_knuth("A | X\nA X:red\n").count(engine="sweep")
    with pytest.raises(ValueError, match=r"bounds"):
        Problem("A", [["A"]], bounds={"A": (0, 1)}).count(engine="sweep")


def test_packings_are_listed_by_the_sweep_through_every_door(data_dir: str) -> None:
    """Knuth's 2,339 pentomino packings of 6x10 with the X in one quadrant
    (REFERENCE.md): ``Problem.solutions()`` and the ``xcover`` drop-in list
    them on the sweep (the engine the issue's speed comes from), lazily (the
    first solution before the rest are searched), each a cover, the bitset
    engine's solutions as a set."""
    import numpy as np
    from quadrille.compat.xcover import covers_bool

    with open(os.path.join(data_dir, "dlx", "pentomino_6x10.dlx")) as f:
        problem = Problem.from_knuth(f.read())
    listing = problem.solutions()
    first = next(listing)
    assert listing.stats.engine == "sweep" and not listing.finished
    found = [first, *listing]
    assert listing.finished and listing.stats.solutions == 2339
    columns = {item: j for j, item in enumerate(problem.items)}
    matrix = np.zeros((problem.n_options, len(columns)), dtype=bool)
    for k in range(problem.n_options):
        for item in problem.option(k):
            matrix[k, columns[item]] = True
    for solution in found:
        assert matrix[solution].sum(axis=0).tolist() == [1] * len(columns)
    expected = {frozenset(s) for s in problem.solutions(engine="bits")}
    assert len(expected) == 2339
    assert {frozenset(s) for s in found} == expected
    assert Problem.from_matrix(matrix).solutions().stats.engine == "sweep"
    assert {frozenset(s) for s in covers_bool(matrix)} == expected


def test_counts_beyond_64_bits_stay_exact() -> None:
    # 64 pairs of items, each covered by both at once or by each alone:
    # 2**64 solutions, one more than 64 bits hold, on every engine.
    primary = [f"{c}{k}" for k in range(64) for c in "xy"]
    options = [o for k in range(64) for o in ([f"x{k}", f"y{k}"], [f"x{k}"], [f"y{k}"])]
    problem = Problem(primary, options)
    assert problem.count() == 2**64
    assert problem.count(engine="sweep") == 2**64
    assert Problem(primary[:126], options[:189]).count(engine="sweep") == 2**63


def test_packings_are_counted_by_the_sweep() -> None:
    # Knuth's figure (REFERENCE): 2,339 packings of the 6x10 box, each seen
    # in its 4 orientations when no piece is held in place.
    pentominoes = quadrille.pack("pentominoes", "6x10").problem
    stats = pentominoes.stats(threads=1)
    assert (stats.solutions, stats.engine) == (4 * 2339, "sweep")
    assert pentominoes.stats(threads=2).solutions == 4 * 2339


@pytest.mark.parametrize(
    ("costs", "message"),
    [
        ([1.9, 2.2], r"option 0: the cost must be an int, not float \(1\.9\)"),
        ([1, 2.0], r"option 1: the cost must be an int, not float \(2\.0\)"),
        (["1", "2"], r"option 0: the cost must be an int, not str \('1'\)"),
        ([1, True], r"option 1: the cost must be an int, not bool \(True\)"),
        ([1, None], r"option 1: the cost must be an int, not NoneType"),
    ],
)
def test_costs_that_are_not_ints_are_refused(costs: list[Any], message: str) -> None:
    with pytest.raises(TypeError, match=message):
        Problem("AB", [["A"], ["B"]], costs=costs)


@pytest.mark.parametrize(
    ("bound", "message"),
    [
        (("0", "1"), r"the bound of 'A' must be an int, not str \('0'\)"),
        ((0, "1"), r"the bound of 'A' must be an int, not str \('1'\)"),
        ((0.0, 1), r"the bound of 'A' must be an int, not float \(0\.0\)"),
        ((0, 1.5), r"the bound of 'A' must be an int, not float \(1\.5\)"),
        ((False, 1), r"the bound of 'A' must be an int, not bool"),
    ],
)
def test_bounds_that_are_not_ints_are_refused(bound: Any, message: str) -> None:
    with pytest.raises(TypeError, match=message):
        Problem("AB", [["A"], ["B"]], bounds={"A": bound})


def test_numpy_integers_are_ints() -> None:
    import numpy as np

    # Taken at run time, as numpy's integers have ``__index__``; the
    # annotations say ``int``. One or two of A's two options, and B: 2 + 1.
    bounds: Any = {"A": (np.int32(1), np.int64(2))}
    p = Problem("AB", [["A"], ["A"], ["B"]], bounds=bounds)
    assert p.bounds == {"A": (1, 2)}
    assert p.count() == 3
    # A once, by the cheaper option, and B.
    costs: Any = np.array([1, 2, 5])
    p = Problem("AB", [["A"], ["A"], ["B"]], costs=costs)
    assert p.costs == [1, 2, 5]
    assert p.best(1)[0] == (6, [0, 2])


@settings(max_examples=100, deadline=None)
@given(specs(), st.sampled_from(ENGINES))
def test_the_sharp_preference_finds_the_brute_forces_solutions(
    spec: Spec, engine: quadrille.Engine
) -> None:
    # The primary items of odd number renamed `#p1`, `#p3`, ...: sharp.
    names = {item: f"#{item}" if k % 2 else item for k, item in enumerate(spec.primary)}
    options = [
        [names.get(entry, entry) if isinstance(entry, str) else entry for entry in option]
        for option in spec.options
    ]
    bounds = {names[item]: bound for item, bound in spec.bounds.items()}
    renamed = Spec([names[item] for item in spec.primary], spec.secondary, options, bounds)
    problem = build(renamed).with_sharp_preference()
    assert problem.sharp_preference and not build(renamed).sharp_preference
    expected = solutions(spec)
    if engine == "cells" and binding(spec):
        with pytest.raises(ValueError, match="the cells engine does not take bounds"):
            problem.count(engine=engine, threads=1)
        return
    found = sorted(tuple(sorted(s)) for s in problem.solutions(engine=engine))
    assert found == expected
    assert problem.count(engine=engine, threads=1) == len(expected)


def test_the_sharp_preference_changes_the_tree_and_survives_pickling() -> None:
    import pickle

    plain = Problem.from_knuth("#a b\n#a\n#a\n#a b\nb\n")
    sharp = plain.with_sharp_preference()
    # Branching on `#a` (sharp) rather than `b` (the fewest options).
    assert list(plain.solutions(engine="links")) == [[2], [3, 0], [3, 1]]
    assert list(sharp.solutions(engine="links")) == [[0, 3], [1, 3], [2]]
    again = pickle.loads(pickle.dumps(sharp))
    assert again.sharp_preference
    assert list(again.solutions(engine="bits")) == [[0, 3], [1, 3], [2]]
    assert not pickle.loads(pickle.dumps(plain)).sharp_preference
    assert not sharp.with_sharp_preference(False).sharp_preference


def test_the_engine_names_are_the_capability_tables() -> None:
    # The Literal type and the exported names cannot drift: both are the
    # library's table, which every door reads.
    import typing

    assert typing.get_args(quadrille.Engine) == quadrille.ENGINES
    assert [e["name"] for e in quadrille.engines()] == list(quadrille.ENGINES)
    assert typing.get_args(quadrille.Question) == tuple(
        q for e in quadrille.engines() if e["name"] == "auto" for q in e["questions"]
    )


def test_explain_plans_without_running() -> None:
    p = Problem.from_knuth("A B\nA\nB\nA B\n")
    plan = p.explain("count", threads=1)
    assert plan.engines == ["bits"] and plan.threads == 1
    assert "question: count solutions" in str(plan)
    memo = p.explain("count", engine="memo", threads=4)
    assert (memo.engines, memo.threads) == (["memo"], 1)
    assert memo.notes == ["the memo engine runs on one thread"]
    with pytest.raises(
        ValueError, match="the sweep engine cannot draw solutions at random: memo does"
    ):
        p.explain("sample", engine="sweep")
    with pytest.raises(ValueError, match="unknown question `tally`"):
        p.explain("tally")  # type: ignore[arg-type]


def test_from_knuth_reads_as_knuths_readers(data_dir: str) -> None:
    """A line whose first character after blanks is ``|`` is a comment,
    before the item line too; a byte-order mark at the start is skipped;
    ``bytes`` are read as UTF-8. Knuth's generators' files with indented
    comments count what his programs count (``knuth/comments/figures.tsv``)."""
    for text in ["A B\n | c\nA\nB\n", " | c\n\tA B\n\t| c\nA\n \t\nB\n", "\ufeffA B\nA\nB\n"]:
        assert Problem.from_knuth(text).count() == 1, repr(text)
        assert Problem.from_knuth(text.encode()).count() == 1, repr(text)
    assert Problem.from_knuth(bytearray(b"A B\nA\nB\n")).count() == 1
    folder = os.path.join(data_dir, "knuth", "comments")
    with open(os.path.join(folder, "figures.tsv"), encoding="utf-8") as f:
        rows = [line.split("\t") for line in f if not line.startswith("#") and line.strip()]
    for file, program, count, *_ in rows:
        if program.startswith("dlx"):
            with open(os.path.join(folder, file + ".dlx"), "rb") as b:
                assert Problem.from_knuth(b.read()).count() == int(count), file


def test_from_knuth_names_the_place_of_what_is_not_text() -> None:
    """A byte that is not UTF-8, or a lone surrogate in a ``str`` (what
    ``errors="surrogateescape"`` makes of such a byte): ``ValueError`` with
    the line and the column in characters, a byte-order mark not counted."""
    with pytest.raises(ValueError, match=re.escape("line 3, column 3: byte 0xe9 is not UTF-8")):
        Problem.from_knuth(b"A B\nA\nB \xe9\n")
    with pytest.raises(ValueError, match=re.escape("line 1, column 4: byte 0xff is not UTF-8")):
        Problem.from_knuth(b"\xef\xbb\xbf\xc3\xa9 B\xff\n")
    text = b"A \xc3\xa9\nA\n\xc3\xa9 \xe9\n".decode("utf-8", errors="surrogateescape")
    with pytest.raises(
        ValueError, match=re.escape("line 3, column 3: '\\udce9' is a lone surrogate")
    ) as caught:
        Problem.from_knuth(text)
    assert type(caught.value) is ValueError
    with pytest.raises(
        ValueError, match=re.escape("line 1, column 2: '\\udcff' is a lone surrogate")
    ):
        Problem.from_knuth("\ufeffA\udcff B\nA\n")
    with pytest.raises(TypeError, match=r"text must be a str or bytes, not int"):
        Problem.from_knuth(3)  # type: ignore[arg-type]
