"""The memoizing engine from Python: `problem.zdd()` and `engine="memo"`."""

from __future__ import annotations

import operator
from typing import Any

import pytest
import quadrille
from brute import Spec, solutions, specs
from hypothesis import given, settings
from quadrille import Problem


def build(spec: Spec, **kwargs: Any) -> Problem:
    return Problem(spec.primary, spec.options, secondary=spec.secondary, **kwargs)


def dominoes(rows: int, columns: int) -> Problem:
    cells = [(r, c) for r in range(rows) for c in range(columns)]
    options = [[(r, c), (r, c + 1)] for r, c in cells if c + 1 < columns]
    options += [[(r, c), (r + 1, c)] for r, c in cells if r + 1 < rows]
    return Problem(cells, options)


@settings(max_examples=150, deadline=None)
@given(specs(bounds=False))
def test_matches_brute_force(spec: Spec) -> None:
    expected = solutions(spec)
    problem = build(spec)
    zdd = problem.zdd()
    assert zdd.count() == len(expected)
    assert sorted(tuple(sorted(s)) for s in zdd) == expected
    assert problem.count(engine="memo") == len(expected)
    assert sorted(tuple(sorted(s)) for s in problem.solutions(engine="memo")) == expected
    # Each option is in as many solutions as the brute force finds it in.
    assert zdd.option_counts() == [sum(o in s for s in expected) for o in range(len(spec.options))]
    first = problem.first(engine="memo")
    assert (first is None) == (not expected)
    if first is not None:
        assert tuple(sorted(first)) in expected
    for sample in zdd.sample(5, seed=3):
        assert tuple(sorted(sample)) in expected
    assert len(list(zdd.sample(5, seed=3))) == (5 if expected else 0)


@settings(max_examples=60, deadline=None)
@given(specs(bounds=False))
def test_best_equals_the_search(spec: Spec) -> None:
    problem = build(spec, costs=spec.costs)
    for k in (1, 3, 10):
        assert problem.zdd().best(k) == problem.best(k)


def test_domino_tilings_of_square_boards() -> None:
    # OEIS A004003: tilings of a 2n×2n board by dominoes.
    expected = [1, 2, 36, 6728, 12988816]
    for n in range(1, 5):
        assert dominoes(2 * n, 2 * n).zdd().count() == expected[n]


def test_a_count_beyond_64_bits_is_exact() -> None:
    count = dominoes(14, 14).count(engine="memo")
    assert type(count) is int
    assert count == 112202208776036178000000
    assert count > 1 << 64


def test_iteration_equals_the_search() -> None:
    problem = dominoes(4, 5)
    found = sorted(sorted(s) for s in problem.zdd())
    assert found == sorted(sorted(s) for s in problem.solutions())
    assert len(found) == 95


def test_payloads() -> None:
    p = Problem("AB", [["A"], ["B"], ["A", "B"]], payloads=["a", "b", "ab"])
    zdd = p.zdd()
    assert sorted(sorted(s) for s in zdd) == [["a", "b"], ["ab"]]
    assert all(s in (["ab"], ["a", "b"], ["b", "a"]) for s in zdd.sample(10, seed=1))


def test_samples_are_reproducible_and_spread() -> None:
    zdd = dominoes(4, 4).zdd()
    first = list(zdd.sample(50, seed=11))
    assert first == list(zdd.sample(50, seed=11))
    assert first != list(zdd.sample(50, seed=12))
    assert len({tuple(sorted(s)) for s in first}) > 10
    assert list(zdd.sample(0)) == []
    with pytest.raises(ValueError, match="seed"):
        zdd.sample(1, seed=-1)
    with pytest.raises(ValueError, match="k must be at least 0"):
        zdd.sample(-1)


def test_samples_are_drawn_lazily() -> None:
    # A hundred million asked for, a few taken: each drawn when asked, none
    # held ahead (all at once they were gigabytes, and aborted).
    problem = dominoes(8, 8)
    zdd = problem.zdd()
    draws = zdd.sample(10**8, seed=5)
    first = [next(draws) for _ in range(3)]
    assert first == list(zdd.sample(3, seed=5))
    assert operator.length_hint(draws) == 10**8 - 3
    cells = {(r, c) for r in range(8) for c in range(8)}
    for tiling in first:
        assert len(tiling) == 32
        assert {cell for option in tiling for cell in problem.option(option)} == cells
    # With payloads too.
    named = Problem("AB", [["A"], ["B"], ["A", "B"]], payloads=["a", "b", "ab"]).zdd()
    assert sorted(next(named.sample(10**8, seed=1))) in (["a", "b"], ["ab"])


def test_a_memory_limit_gives_the_count_or_memory_error() -> None:
    # Too little for the memo's own arrays, then for the diagram of 12×12.
    with pytest.raises(MemoryError, match="limit of 1024 bytes"):
        dominoes(6, 6).zdd(memo_bytes=1024)
    with pytest.raises(MemoryError, match="limit of 1048576 bytes.*memo_bytes="):
        dominoes(12, 12).zdd(memo_bytes=1 << 20)


def test_memo_limit_is_still_taken_with_a_deprecation_warning() -> None:
    # `memo_bytes` was `memo_limit` (a limit is a number of solutions).
    with pytest.warns(DeprecationWarning, match="memo_bytes="):
        with pytest.raises(MemoryError, match="limit of 1024 bytes"):
            dominoes(6, 6).zdd(memo_limit=1024)
    with pytest.warns(DeprecationWarning):
        assert dominoes(4, 4).zdd(memo_limit=1 << 20).count() == 36
    with pytest.raises(TypeError, match="only memo_bytes"):
        dominoes(4, 4).zdd(memo_bytes=1 << 20, memo_limit=1 << 20)


def test_option_counts_add_up() -> None:
    zdd = dominoes(6, 6).zdd()
    # Every tiling of 36 cells has 18 dominoes.
    assert sum(zdd.option_counts()) == 6728 * 18


def test_best_on_a_costed_problem() -> None:
    p = Problem("AB", [["A"], ["B"], ["A", "B"], ["B"]], costs=[2, 1, 5, 4])
    assert p.zdd().best(3) == p.best(3)
    assert p.zdd().best(3) == [
        quadrille.Costed(3, [0, 1]),
        quadrille.Costed(5, [2]),
        quadrille.Costed(6, [0, 3]),
    ]


def test_stats_are_dlx6s() -> None:
    zdd = Problem("ABCDEFG", ["CEF", "ADG", "BCF", "AD", "BG", "DEG"]).zdd()
    stats = zdd.stats
    assert isinstance(stats, quadrille.ZddStats)
    assert stats.zdd_nodes == 5
    assert stats.nodes > 0 and stats.updates > 0 and stats.cleansings == 0
    assert zdd.count() == 1
    s = Problem("ABCDEFG", ["CEF", "ADG", "BCF", "AD", "BG", "DEG"]).stats(engine="memo")
    assert s.engine == "memo" and s.solutions == 1 and s.nodes == stats.nodes


def test_export() -> None:
    zdd = Problem("AB", [["A"], ["B"], ["A", "B"]]).zdd()
    lines = zdd.to_knuth().splitlines()
    assert len(lines) == zdd.stats.zdd_nodes - 1
    assert lines[-1].startswith(f"{len(lines) + 1:x}: (~0?0:")
    dot = zdd.to_dot()
    assert dot.startswith("digraph zdd {") and dot.rstrip().endswith("}")
    assert '"A B"' in dot


def test_bounds_are_refused() -> None:
    p = Problem("AB", [["A"], ["B"]], bounds={"B": (0, 2)})
    with pytest.raises(ValueError, match="item `B` has bounds 0:2"):
        p.zdd()
    with pytest.raises(ValueError, match="item `B`"):
        p.count(engine="memo")


def test_a_small_cache_is_still_exact() -> None:
    # Under 1 MiB the cache of 10×10 fills (it takes at most half) and the
    # search goes on, exact.
    zdd = dominoes(10, 10).zdd(memo_bytes=1 << 20)
    assert zdd.count() == 258584046368
    assert zdd.stats.memos < dominoes(10, 10).zdd().stats.memos
    with pytest.raises(ValueError, match="memo_bytes"):
        dominoes(2, 2).zdd(memo_bytes=-1)


def test_limit_and_no_solution() -> None:
    problem = dominoes(4, 4)
    assert problem.count(engine="memo", limit=5) == 5
    assert len(list(problem.solutions(engine="memo", limit=7))) == 7
    empty = dominoes(3, 3).zdd()
    assert empty.count() == 0
    assert list(empty) == [] and list(empty.sample(3)) == [] and empty.best(2) == []
    assert empty.option_counts() == [0] * dominoes(3, 3).n_options
    assert dominoes(3, 3).first(engine="memo") is None
    assert problem.engine("memo") == "memo"
