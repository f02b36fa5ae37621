"""`Problem.estimate`: Knuth's random probes of the search tree, checked
against the search's own figures and the brute force."""

from __future__ import annotations

from typing import Any, cast

import pytest
import quadrille
from brute import Spec, solutions, specs
from hypothesis import given, settings
from hypothesis import strategies as st
from quadrille import Problem

SEARCHES: list[quadrille.Engine] = ["links", "cells", "bits"]


def uniform(n: int, k: int) -> Problem:
    """``n`` items with ``k`` options each, every option with a secondary
    item of its own: each node at depth ``j`` has ``k`` children."""
    options = [[f"p{i}", f"t{i}_{c}"] for i in range(n) for c in range(k)]
    secondary = [f"t{i}_{c}" for i in range(n) for c in range(k)]
    return Problem([f"p{i}" for i in range(n)], options, secondary=secondary)


@pytest.mark.parametrize("engine", SEARCHES)
def test_a_uniform_tree_is_estimated_exactly(engine: quadrille.Engine) -> None:
    problem = uniform(3, 4)
    stats = problem.stats(engine=engine, threads=1)
    estimate = problem.estimate(probes=7, seed=3, engine=engine)
    assert estimate.engine == engine
    assert estimate.probes == 7 and estimate.seed == 3
    assert estimate.profile == (1.0, 4.0, 16.0, 64.0)
    assert (estimate.nodes.mean, estimate.nodes.error) == (float(stats.nodes), 0.0)
    assert stats.updates is not None
    assert (estimate.updates.mean, estimate.updates.error) == (float(stats.updates), 0.0)
    assert (estimate.solutions.mean, estimate.solutions.error) == (64.0, 0.0)


@settings(max_examples=30, deadline=None)
@given(specs(), st.sampled_from(SEARCHES), st.integers(0, 2**64 - 1))
def test_estimates_are_unbiased(spec: Spec, engine: quadrille.Engine, seed: int) -> None:
    # With many probes the mean lands within a few standard errors of the
    # truth: the search's nodes, the brute force's solutions.
    problem = Problem(spec.primary, spec.options, secondary=spec.secondary, bounds=spec.bounds)
    if engine == "cells" and any(b != (1, 1) for b in spec.bounds.values()):
        # The cells engine takes bounds with binary branching only, whose
        # tree no probe estimates.
        with pytest.raises(ValueError, match="the cells engine does not take bounds"):
            problem.estimate(probes=10, seed=seed, engine=engine)
        return
    estimate = problem.estimate(probes=2000, seed=seed, engine=engine)
    stats = problem.stats(engine=cast(quadrille.Engine, estimate.engine), threads=1)
    for spread, truth in (
        (estimate.nodes, stats.nodes),
        (estimate.solutions, len(solutions(spec))),
    ):
        assert spread.error is not None
        assert abs(spread.mean - truth) <= 6 * spread.error + 1e-9 * truth, (spread, truth)


def test_one_probe_has_no_spread_and_a_seed_repeats() -> None:
    problem = uniform(2, 3)
    assert problem.estimate(probes=1).nodes.error is None
    assert problem.estimate(seed=5) == problem.estimate(seed=5)


@pytest.mark.parametrize(
    ("kwargs", "error"),
    [
        ({"probes": 0}, ValueError),
        ({"probes": 2**32}, ValueError),
        ({"seed": -1}, ValueError),
        ({"seed": 2**64}, ValueError),
        ({"probes": 1.5}, TypeError),
        ({"probes": True}, TypeError),
        ({"engine": "memo"}, ValueError),
        ({"engine": "sweep"}, ValueError),
        ({"engine": "nonsense"}, ValueError),
    ],
)
def test_bad_arguments_are_refused(kwargs: dict[str, Any], error: type[Exception]) -> None:
    with pytest.raises(error):
        uniform(2, 2).estimate(**kwargs)
