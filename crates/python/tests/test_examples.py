"""The examples run, and say what they should."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

EXAMPLES = os.path.join(os.path.dirname(__file__), "..", "examples")

EXPECTED = {
    # Known counts: 8 packings of 3×20, 2 up to symmetry (Knuth, TAOCP 7.2.2.1).
    "pentominoes.py": [
        "3x20 packings: 8",
        "3x20 up to symmetry: 2",
        "a packing uses 12 placements",
    ],
    "sudoku.py": ["9 8 7 6 5 4 3 2 1", "solutions of that puzzle: 1", "a batch: [True, True]"],
    # Four people into three shifts of one or two: 3 × C(4,2) × 2 = 36.
    "scheduling.py": ["rotas: 36", "solutions=36"],
    "assignment.py": ["13 [('w0', 'j1'), ('w1', 'j0'), ('w2', 'j2'), ('w3', 'j3')]", "checked"],
}


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_example(name: str) -> None:
    run = subprocess.run(
        [sys.executable, os.path.join(EXAMPLES, name)], capture_output=True, text=True, timeout=300
    )
    assert run.returncode == 0, run.stderr
    for line in EXPECTED[name]:
        assert line in run.stdout, (line, run.stdout)


def test_every_example_is_tested() -> None:
    assert sorted(f for f in os.listdir(EXAMPLES) if f.endswith(".py")) == sorted(EXPECTED)
