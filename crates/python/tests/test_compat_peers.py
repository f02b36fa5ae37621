"""The compat modules against the real packages, installed beside them in
the test environment (pinned by run-tests): random problems, the same
answers (as sets of solutions; in exact-cover's search order where it has
one), the same exceptions."""

from __future__ import annotations

from typing import Any

import exact_cover
import numpy as np
import pytest
import quadrille.compat.exact_cover as ours_ec
import quadrille.compat.xcover as ours_xc
import xcover
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

# Real matrices: at least one row and one column (on a matrix without either
# the real packages fail in their own ways; see test_compat_exact_cover).
matrices = st.tuples(st.integers(1, 9), st.integers(1, 6)).flatmap(
    lambda shape: st.one_of(
        arrays(np.bool_, shape),
        arrays(np.int8, shape, elements=st.sampled_from([0, 0, 1, 2, -1])),
    )
)


def outcome(run: Any) -> Any:
    """What ``run()`` returns, or the type of what it raises."""
    try:
        return run()
    except Exception as e:
        return type(e).__name__


def same(ours: Any, theirs: Any) -> bool:
    """Whether the answers agree. Where xcover 0.2.6 fails inside its search
    with IndexError (a problem of one item, a secondary item in no option, a
    matrix without a non-zero entry), or gives the empty list as a solution
    (a problem of one item, too), Quadrille answers (the brute force checks
    it in test_compat_xcover): any answer but an exception agrees."""
    if theirs == "IndexError" or (isinstance(theirs, set) and frozenset() in theirs):
        return not isinstance(ours, str)
    return bool(ours == theirs)


def as_sets(found: Any) -> Any:
    if isinstance(found, str):
        return found
    return {frozenset(int(k) for k in s) for s in found}


@settings(max_examples=150, deadline=None)
@given(matrices)
def test_exact_cover_as_exact_cover(matrix: Any) -> None:
    """The first cover, every cover in its order, the first max_count and
    the count: as the real package gives them."""

    def first(module: Any) -> Any:
        return outcome(lambda: module.get_exact_cover(matrix).tolist())

    assert first(ours_ec) == first(exact_cover)
    assert outcome(lambda: ours_ec.get_solution_count(matrix)) == outcome(
        lambda: exact_cover.get_solution_count(matrix)
    )
    for limit in (None, 1, 2):
        ours = outcome(lambda: ours_ec.get_all_solutions(matrix, limit))  # noqa: B023
        theirs = outcome(lambda: exact_cover.get_all_solutions(matrix, limit))  # noqa: B023
        if not isinstance(ours, str):
            # exact-cover 1.5 returns a cover of every row of the matrix as
            # (): it strips each solution's padding up to the last entry that
            # is not -1, and such a cover has no padding.
            ours = {() if len(s) == matrix.shape[0] else s for s in ours}
        assert ours == theirs


item_names = st.sampled_from(["a", "b", "c", "d", "e", "f"])


@st.composite
def xcover_problems(draw: st.DrawFn) -> tuple[list[list[str]], dict[str, Any]]:
    """Options on up to six items, some secondary; with colours or not; the
    items given or inferred as xcover lets them be."""
    n_primary = draw(st.integers(1, 4))
    names = ["a", "b", "c", "d", "e", "f"]
    primary, secondary = names[:n_primary], names[n_primary:]
    colored = draw(st.booleans())
    options = []
    for _ in range(draw(st.integers(1, 8))):
        chosen = draw(st.sets(item_names, min_size=1, max_size=4))
        option = []
        for item in sorted(chosen):
            if colored and item in secondary and draw(st.booleans()):
                option.append(f"{item}:{draw(st.sampled_from('RG'))}")
            else:
                option.append(item)
        options.append(option)
    # xcover 0.2.6 gives an empty diagram when a secondary item is in no
    # option (and covers raises IndexError): none is declared.
    used = {entry.split(":")[0] for option in options for entry in option}
    secondary = [item for item in secondary if item in used]
    if colored:
        return options, {"primary": primary, "secondary": secondary, "colored": True}
    given = draw(st.sampled_from(["both", "primary", "secondary", "neither"]))
    if given == "neither":
        return options, {}
    if given == "primary":
        return options, {"primary": primary}
    if given == "secondary":
        return options, {"secondary": secondary}
    return options, {"primary": primary, "secondary": secondary}


@settings(max_examples=200, deadline=None)
@given(xcover_problems())
def test_xcover_as_xcover(problem: tuple[list[list[str]], dict[str, Any]]) -> None:
    options, kwargs = problem
    ours = as_sets(outcome(lambda: list(ours_xc.covers(options, **kwargs))))
    theirs = as_sets(outcome(lambda: list(xcover.covers(options, **kwargs))))
    assert same(ours, theirs)


@settings(max_examples=150, deadline=None)
@given(matrices)
def test_covers_bool_as_xcover(matrix: Any) -> None:
    ours = as_sets(outcome(lambda: list(ours_xc.covers_bool(matrix))))
    theirs = as_sets(outcome(lambda: list(xcover.covers_bool(matrix))))
    assert same(ours, theirs)


def family(nodes: list[tuple[int, int, int, int]]) -> set[frozenset[int]]:
    by_index = {i: (v, lo, hi) for i, v, lo, hi in nodes}

    def sets(k: int) -> set[frozenset[int]]:
        if k < 2:
            return {frozenset()} if k == 1 else set()
        v, lo, hi = by_index[k]
        return sets(lo) | {s | {v} for s in sets(hi)}

    return sets(nodes[-1][0]) if nodes else set()


@settings(max_examples=100, deadline=None)
@given(xcover_problems())
def test_covers_zdd_as_xcover(problem: tuple[list[list[str]], dict[str, Any]]) -> None:
    options, kwargs = problem
    ours = outcome(lambda: family(list(ours_xc.covers_zdd(options, **kwargs))))
    theirs = outcome(lambda: family(list(xcover.covers_zdd(options, **kwargs))))
    if outcome(lambda: list(xcover.covers(options, **kwargs))) == "IndexError":
        # Where xcover's covers fails, its covers_zdd gives an empty diagram.
        theirs = "IndexError"
    assert same(ours, theirs)


@pytest.mark.parametrize(
    ("options", "kwargs"),
    [
        ([["a"], ["zz"]], {"primary": ["a"], "secondary": []}),
        ([], {}),
        ([[1, 2]], {"primary": [1, 2, 3]}),
    ],
)
def test_xcover_errors_as_xcover(options: list[list[Any]], kwargs: dict[str, Any]) -> None:
    ours = outcome(lambda: list(ours_xc.covers(options, **kwargs)))
    theirs = outcome(lambda: list(xcover.covers(options, **kwargs)))
    assert ours == theirs
    assert outcome(lambda: list(ours_xc.covers_bool([[1]]))) == outcome(
        lambda: list(xcover.covers_bool([[1]]))
    )


@settings(max_examples=150, deadline=None)
@given(matrices)
def test_the_first_choice_is_xcovers(matrix: Any) -> None:
    """Both choose the first item with fewest options and try its options
    from the last: the first option of the first solution is xcover's."""
    theirs = outcome(lambda: next(iter(xcover.covers_bool(matrix)), None))
    if theirs in ("IndexError", None, []):
        return  # no solution, or xcover's failures (see same)
    ours = next(ours_xc.covers_bool(matrix))
    assert ours[0] == theirs[0]
    options = [[int(j) for j in np.flatnonzero(row)] for row in matrix]
    columns = list(range(matrix.shape[1]))
    theirs = outcome(lambda: next(xcover.covers(options, primary=columns)))
    if theirs not in ("IndexError", []):
        assert next(ours_xc.covers(options, primary=columns))[0] == theirs[0]
