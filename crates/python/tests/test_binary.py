"""Binary branching on the cells engine: Knuth's figures and the brute force."""

from __future__ import annotations

import os

import pytest
from brute import Spec, solutions, specs
from hypothesis import given, settings
from hypothesis import strategies as st
from quadrille import Problem

WEIGHTS = ["off", "frb", "wdeg"]
PROGRAMS = {"ssxcc-binary": "off", "ssxcc-frb": "frb", "ssxcc-wtd": "wdeg"}


def test_langford_counts_as_knuths_programs(data_dir: str) -> None:
    folder = os.path.join(data_dir, "knuth", "binary")
    with open(os.path.join(folder, "figures.tsv"), encoding="utf-8") as f:
        rows = [line.rstrip("\n").split("\t") for line in f if not line.startswith("#")]
    checked = 0
    for file, program, sols, nodes, updates in rows:
        if not file.startswith("langford"):
            continue
        with open(os.path.join(folder, file + ".dlx"), encoding="utf-8") as f:
            problem = Problem.from_knuth(f.read())
        stats = problem.stats(
            engine="cells", branching="binary", weights=PROGRAMS[program], threads=1
        )
        assert (stats.solutions, stats.nodes, stats.updates) == (
            int(sols),
            int(nodes),
            int(updates),
        )
        checked += 1
    assert checked == 6


@settings(max_examples=100, deadline=None)
@given(specs(), st.sampled_from(WEIGHTS))
def test_binary_branching_matches_brute_force(spec: Spec, weights: str) -> None:
    problem = Problem(spec.primary, spec.options, secondary=spec.secondary, bounds=spec.bounds)
    count = problem.count(engine="cells", branching="binary", weights=weights, threads=1)
    assert count == len(solutions(spec))


def test_binary_branching_is_the_cells_engines() -> None:
    problem = Problem.from_knuth("A B\nA\nB\nA B\n")
    # The library's refusals, naming the engine and the knob.
    with pytest.raises(ValueError, match="the links engine does not take binary branching"):
        problem.count(engine="links", branching="binary")
    with pytest.raises(ValueError, match="the auto engine does not take binary branching"):
        problem.count(branching="binary")
    with pytest.raises(ValueError, match="does not take weights without binary branching"):
        problem.count(engine="cells", weights="frb")
    with pytest.raises(ValueError, match="unknown branching"):
        problem.count(engine="cells", branching="ternary")
