"""``Problem.preprocess`` against the brute force: the reduced problem has the
input's solutions, named by the input's options, whatever the rounds."""

from __future__ import annotations

import os

import pytest
import quadrille
from brute import Spec, solutions, specs
from hypothesis import given, settings
from hypothesis import strategies as st
from quadrille import Problem


def build(spec: Spec) -> Problem:
    return Problem(spec.primary, spec.options, secondary=spec.secondary)


@settings(max_examples=200, deadline=None)
@given(specs(bounds=False), st.sampled_from([None, 1, 2]))
def test_reduced_problems_keep_every_solution(spec: Spec, rounds: int | None) -> None:
    """Counted and listed, with and without preprocessing, the same as the
    brute force; the report's origin maps the reduced options back."""
    expected = solutions(spec)
    problem = build(spec)
    reduced, report = problem.preprocess(rounds=rounds)
    assert reduced.count() == problem.count() == len(expected)
    assert sorted(tuple(sorted(s)) for s in reduced.solutions()) == expected
    assert report.origin == reduced.payloads
    assert report.options_removed == problem.n_options - reduced.n_options
    if report.infeasible is None:
        assert report.items_removed == len(problem.items) - len(reduced.items)
    else:
        assert expected == [] and reduced.count() == 0
        assert report.infeasible in problem.primary


def test_payloads_follow_their_options() -> None:
    """Payloads travel with the options kept; items stay the user's objects."""
    p = Problem([1, 2, 3], [[1, 3], [2, 3], [1], [2], [1, 2]], payloads=list("abcde"))
    reduced, report = p.preprocess()
    # `[1, 2]` blocks 3; the others are kept, grouped by their first item.
    assert sorted(report.origin) == [0, 1, 2, 3]
    assert reduced.payloads == ["abcde"[o] for o in report.origin]
    assert set(reduced.items) <= {1, 2, 3}
    assert sorted(sorted(s) for s in reduced.solutions()) == [["a", "d"], ["b", "c"]]


def test_an_infeasible_problem_counts_zero() -> None:
    """Every option of ``a`` blocks ``b``: no solution, before or after."""
    p = Problem("abc", [["a", "c"], ["b", "c"]])
    reduced, report = p.preprocess()
    assert (p.count(), reduced.count()) == (0, 0)
    assert report.infeasible in ("a", "b")
    assert report.options_removed == 2


@pytest.mark.parametrize("rounds", [0, -1])
def test_bad_rounds_raise_value_error(rounds: int) -> None:
    with pytest.raises(ValueError, match="rounds"):
        Problem("ab", [["a"], ["b"]]).preprocess(rounds=rounds)


def test_bounds_raise_value_error() -> None:
    with pytest.raises(ValueError, match="bounds"):
        Problem("ab", [["a"], ["b"]], bounds={"a": (0, 2)}).preprocess()
    with pytest.raises(TypeError, match="rounds"):
        Problem("ab", [["a"], ["b"]]).preprocess(rounds=1.5)  # type: ignore[arg-type]


def test_bounds_that_never_bind_are_rewritten_away(data_dir: str) -> None:
    """BurrTools' six-piece burrs, each piece ``0:6``, which no assembly
    could reach: the preprocessing and the engines that take no bounds take
    them, 12,597 assemblies (BurrTools' figure for its example)."""
    with open(os.path.join(data_dir, "dlx", "burr_solid_six_bounds.dlx")) as f:
        p = Problem.from_knuth(f.read())
    reduced, report = p.preprocess()
    assert report.items_removed >= 25
    assert not any(str(name).startswith("S") for name in reduced.items)
    assert reduced.count(engine="sweep") == 12597
    assert p.count(engine="sweep", threads=1) == 12597
    assert p.count(engine="dc") == 12597


def test_bounds_that_may_bind_are_refused_by_the_sweep() -> None:
    """``[b]`` alone would leave ``a`` uncovered: its lower bound binds, so
    the sweep refuses, and the search counts ``[a b]``, ``[a] [b]`` and
    ``[a] [a b]``."""
    p = Problem("ab", [["a"], ["a", "b"], ["b"]], bounds={"a": (1, 2)})
    assert p.count() == 3
    with pytest.raises(ValueError, match="bounds"):
        p.count(engine="sweep")


def test_the_report_is_exported() -> None:
    assert quadrille.Preprocessed.__doc__
