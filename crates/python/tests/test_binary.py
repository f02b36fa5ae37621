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
    with pytest.raises(ValueError, match="weights without binary branching: they choose the item"):
        problem.count(engine="cells", weights="frb")
    with pytest.raises(ValueError, match="unknown branching"):
        problem.count(engine="cells", branching="ternary")


def test_binary_branching_counts_alike_on_threads() -> None:
    # SSXCC-FRB's figures on Langford pairs of 8 (data/knuth/binary), on one
    # thread and on two: binary branching searches as one subproblem.
    lines = ["v1 v2 v3 v4 v5 v6 v7 v8 " + " ".join(f"s{i}" for i in range(1, 17))]
    for k in range(1, 9):
        lines += [f"v{k} s{i} s{i + k + 1}" for i in range(1, 16 - k)]
    problem = Problem.from_knuth("\n".join(lines) + "\n")
    for threads in [1, 2]:
        stats = problem.stats(engine="cells", branching="binary", weights="frb", threads=threads)
        assert (stats.solutions, stats.nodes, stats.updates) == (300, 3546, 30533)
    sharp = problem.with_sharp_preference()
    with pytest.raises(
        ValueError, match="does not take the sharp preference with binary branching"
    ):
        sharp.count(engine="cells", branching="binary")


def test_bounds_of_one_make_a_problem_of_bounds() -> None:
    # DLX3 on `1|a b` and the option `b`: no solution, 1 node, 0 updates
    # (DLX1 covers `a` first: 1 update); SSMCC makes no node.
    declared = Problem(["a", "b"], [["b"]], bounds={"a": (1, 1)})
    plain = Problem(["a", "b"], [["b"]])
    assert declared.bounds == {"a": (1, 1)} and plain.bounds == {}
    assert declared.to_knuth() == "1|a b\nb\n"
    assert Problem.from_knuth("1:1|a b\nb\n").bounds == {"a": (1, 1)}
    links = declared.stats(engine="links", threads=1)
    assert (links.solutions, links.nodes, links.updates) == (0, 1, 0)
    plain_links = plain.stats(engine="links", threads=1)
    assert (plain_links.nodes, plain_links.updates) == (1, 1)
    ssmcc = declared.stats(engine="cells", branching="binary", threads=1)
    assert (ssmcc.solutions, ssmcc.nodes, ssmcc.updates) == (0, 0, 0)
