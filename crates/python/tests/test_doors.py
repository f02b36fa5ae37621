"""One question, every door, from Python: the count, a first solution, every
solution and the cheapest of the 50 random problems that the Rust test
``crates/cli/tests/cli/doors.rs`` asks of the command line and the library
(drawn by :func:`seeded`, the same generator as
``quadrille_testing::oracle::seeded``, from the same seed), and of a few
built-in packings. Every answer of the package equals the brute force of
``brute.py``; the command line (``$QUADRILLE_BIN``) counts the same, and
names the same engine as :class:`quadrille.Stats` where it names one.
"""

from __future__ import annotations

import json
import subprocess
from typing import Any

import pytest
import quadrille
from brute import Spec, solutions
from test_distributed import quadrille_binary

SEED = 2026
"""The seed of the Rust test's problems (``doors.rs``'s ``SEED``)."""
PROBLEMS = 50
BEST = 3
_MASK = (1 << 64) - 1


class SplitMix64:
    """SplitMix64 (Steele, Lea and Flood), as ``quadrille_testing`` draws."""

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK

    def next(self) -> int:
        """The next number."""
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, bound: int) -> int:
        """The next number below ``bound`` (by remainder)."""
        return self.next() % bound


def seeded(seed: int, count: int) -> list[Spec]:
    """``count`` problems drawn from ``seed``, draw for draw as
    ``quadrille_testing::oracle::seeded``: per problem the numbers of primary
    items (``1 + below(5)``), secondary items (``below(3)``) and options
    (``below(11)``); per option its size (``1 + below(4)``, at most the
    number of items), its first item (a primary one), each further item
    (drawn again while already in the option), each secondary item's colour
    (none, ``c0`` or ``c1``) and its cost (``below(10)``)."""
    random = SplitMix64(seed)
    specs = []
    for _ in range(count):
        n_primary = 1 + random.below(5)
        n_secondary = random.below(3)
        n_options = random.below(11)
        n_items = n_primary + n_secondary
        names = [f"p{k}" for k in range(n_primary)] + [f"s{k}" for k in range(n_secondary)]
        options: list[list[Any]] = []
        costs = []
        for _ in range(n_options):
            size = min(1 + random.below(4), n_items)
            items = [random.below(n_primary)]
            while len(items) < size:
                item = random.below(n_items)
                if item not in items:
                    items.append(item)
            option: list[Any] = []
            for i in items:
                colour = random.below(3) if i >= n_primary else 0
                option.append(names[i] if colour == 0 else (names[i], f"c{colour - 1}"))
            options.append(option)
            costs.append(random.below(10))
        specs.append(Spec(names[:n_primary], names[n_primary:], options, {}, costs))
    return specs


def knuth(spec: Spec) -> str:
    """The problem in Knuth's format, costs as ``|n``."""
    head = " ".join(spec.primary) + (" | " + " ".join(spec.secondary) if spec.secondary else "")
    lines = [head]
    for option, cost in zip(spec.options, spec.costs):
        words = [e if isinstance(e, str) else f"{e[0]}:{e[1]}" for e in option]
        lines.append(" ".join(words) + (f" |{cost}" if cost else ""))
    return "\n".join(lines) + "\n"


def cheapest(spec: Spec, k: int) -> list[tuple[int, list[int]]]:
    """The ``k`` cheapest solutions by brute force: by cost, then by the
    sorted option numbers."""
    costed = sorted((sum(spec.costs[o] for o in s), list(s)) for s in solutions(spec))
    return costed[:k]


def command_line_count(binary: str, path: str) -> tuple[int, str | None]:
    """The command line's count and the engine it names (``engine`` in
    ``--json``, else the ``engine:`` line of ``--stats``), if any."""
    run = subprocess.run(
        [binary, "solve", path, "--count", "--json", "--stats"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode in (0, 1), run.stderr  # 1: no solution
    summary = json.loads(run.stdout.splitlines()[-1])
    engine = summary.get("engine")
    if engine is None:
        for line in run.stderr.splitlines():
            if line.strip().startswith("engine:"):
                engine = line.split(":", 1)[1].split()[0]
    return int(summary["solutions"]), engine


def command_line_engine(binary: str, path: str, *question: str) -> str | None:
    """The engine the command line names in the summary that ends the
    ``--json`` answer of ``solve path`` with ``question`` (``--first``,
    nothing for every solution, ``--best K``)."""
    run = subprocess.run(
        [binary, "solve", path, *question, "--json"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode in (0, 1), run.stderr  # 1: no solution
    summary = json.loads(run.stdout.splitlines()[-1])
    engine = summary.get("engine") if "solution" not in summary else None
    return engine if isinstance(engine, str) else None


def test_the_generator_is_the_rust_tests() -> None:
    """SplitMix64 from 0 gives the published first outputs (Vigna's
    reference implementation), so both languages draw alike."""
    random = SplitMix64(0)
    assert [random.next() for _ in range(3)] == [
        0xE220A8397B1DCDAF,
        0x6E789E6AA1B965F4,
        0x06C45D188009454F,
    ]


def test_random_problems_get_the_brute_forces_answers(tmp_path: Any) -> None:
    """Count, first, every solution and the cheapest of each problem equal
    the brute force's; the command line counts the same, and names the same
    engine for each of the four questions."""
    binary = quadrille_binary()
    specs = seeded(SEED, PROBLEMS)
    assert any(solutions(spec) for spec in specs)
    for k, spec in enumerate(specs):
        what = f"problem {k} of seed {SEED}"
        expected = solutions(spec)
        problem = quadrille.Problem.from_knuth(knuth(spec))
        stats = problem.stats(threads=1)
        assert stats.solutions == len(expected), what
        assert problem.count() == len(expected), what
        first = problem.first()
        assert (first is None) == (not expected), what
        assert first is None or tuple(sorted(first)) in expected, what
        listing = problem.solutions()
        listed = sorted(tuple(sorted(s)) for s in listing)
        assert listed == expected, what
        if any(spec.costs):
            best = [(c.cost, sorted(c.solution)) for c in problem.best(BEST)]
            assert best == cheapest(spec, BEST), what
        if binary is not None:
            path = tmp_path / f"{k}.dlx"
            path.write_text(knuth(spec))
            count, engine = command_line_count(binary, str(path))
            assert count == len(expected), what
            # Each question's engine, as the package names it and as the
            # command line does (every answer of the library's front names
            # the engine that gave it).
            assert engine == problem.stats().engine, what
            assert (
                command_line_engine(binary, str(path), "--first")
                == (problem._native.first("auto")[2])
            ), what
            assert command_line_engine(binary, str(path)) == listing.stats.engine, what
            if any(spec.costs):
                ranked = problem._native.best(BEST, 0)
                assert (
                    command_line_engine(binary, str(path), "--best", str(BEST)) == ranked[2]
                ), what


@pytest.mark.parametrize(
    ("pieces", "box", "count"),
    [
        # OEIS A004003: 36 domino tilings of 4x4.
        ("dominoes", "4x4", 36),
        # No tetromino packing of 4x5 (a parity argument on the T).
        ("tetrominoes", "4x5", 0),
        # Knuth's 2 pentomino packings of 3x20, each in 4 orientations.
        ("pentominoes", "3x20", 8),
    ],
)
def test_built_in_packings_count_alike_at_every_door(pieces: str, box: str, count: int) -> None:
    """A packing counted by the package, by its problem and by ``quadrille
    pack``: the published count, and the same engine."""
    packing = quadrille.pack(pieces, box)
    assert packing.count() == count
    problem = packing.problem
    stats = problem.stats()
    assert stats.solutions == count
    binary = quadrille_binary()
    if binary is not None:
        run = subprocess.run(
            [binary, "pack", "--pieces", pieces, "--box", box, "--count", "--json", "--stats"],
            capture_output=True,
            text=True,
            check=False,
        )
        assert run.returncode in (0, 1), run.stderr  # 1: no solution
        summary = json.loads(run.stdout.splitlines()[-1])
        assert int(summary["solutions"]) == count
        assert summary.get("engine") == stats.engine, (pieces, box)
