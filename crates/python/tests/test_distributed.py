"""Counts in slices on executors: exact, journalled, retried."""

from __future__ import annotations

import concurrent.futures
import json
import os
import pickle
import signal
import subprocess
import sys
import textwrap
import threading
import time
from collections.abc import Callable
from typing import Any

import pytest
import quadrille
from quadrille import Problem, distributed


def coloured() -> Problem:
    # Word squares in miniature: cells are secondary items coloured by letter.
    words = ["ab", "ba", "aa", "bb"]
    options = []
    for row in range(2):
        for w in words:
            options.append([f"row{row}", *[(f"c{row}{k}", ch) for k, ch in enumerate(w)]])
    for col in range(2):
        for w in words:
            options.append([f"col{col}", *[(f"c{k}{col}", ch) for k, ch in enumerate(w)]])
    cells = [f"c{r}{c}" for r in range(2) for c in range(2)]
    return Problem(["row0", "row1", "col0", "col1"], options, secondary=cells)


class Counting(concurrent.futures.ThreadPoolExecutor):
    """A thread pool that counts what it is given, and can make slices fail."""

    def __init__(self, fail: set[int] | None = None) -> None:
        super().__init__(2)
        self.submitted: list[int] = []
        self.fail = fail or set()

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Any:
        index = args[1]
        self.submitted.append(index)
        if index in self.fail:

            def broken(*_: Any) -> Any:
                raise OSError(f"slice {index} lost")

            return super().submit(broken)
        return super().submit(fn, *args, **kwargs)


def serial(problem: Problem, engine: str) -> quadrille.Stats:
    return problem.stats(threads=1, engine=engine)


@pytest.mark.parametrize("engine", ["links", "bits"])
def test_slices_add_up_to_the_serial_count(engine: str) -> None:
    for problem in (coloured(), quadrille.pack("pentominoes", "3x20").problem):
        whole = serial(problem, engine)
        with concurrent.futures.ThreadPoolExecutor(2) as pool:
            total = distributed.count(problem, pool, shards=16, engine=engine)
        assert (total.solutions, total.nodes, total.updates, total.cleansings) == (
            whole.solutions,
            whole.nodes,
            whole.updates,
            whole.cleansings,
        )
        assert [r["shard"] for r in total.records] == list(range(16))


def test_process_pool() -> None:
    problem = quadrille.pack("pentominoes", "3x20").problem
    whole = serial(problem, "links")
    with concurrent.futures.ProcessPoolExecutor(2) as pool:
        total = distributed.count(problem, pool, shards=8, engine="links")
    assert (total.solutions, total.nodes, total.updates) == (
        whole.solutions,
        whole.nodes,
        whole.updates,
    )


def test_problems_pickle() -> None:
    problem = Problem(
        [("cell", 0), 1],
        [[("cell", 0), ("x", frozenset({2}))], [1, ("x", frozenset({2}))]],
        secondary=["x"],
        costs=[3, 4],
        payloads=["first", {"second": 2}],
    )
    again = pickle.loads(pickle.dumps(problem))
    assert again.items == problem.items
    assert again.option(0) == problem.option(0)
    assert list(again.solutions()) == list(problem.solutions())
    assert again.best(1) == problem.best(1)
    assert again.shard_id() == problem.shard_id()


def test_journal_skips_what_is_done(tmp_path: Any) -> None:
    problem = coloured()
    journal = tmp_path / "count.jsonl"
    first = distributed.count(problem, Counting(), shards=8, journal=journal)
    lines = journal.read_text().splitlines()
    assert len(lines) == 8
    journal.write_text("\n".join(lines[:5]) + "\n")
    pool = Counting()
    again = distributed.count(problem, pool, shards=8, journal=journal)
    assert sorted(pool.submitted) == sorted(json.loads(line)["shard"] for line in lines[5:])

    def totals(c: distributed.Count) -> tuple[int, ...]:
        return (c.solutions, c.nodes, c.updates, c.cleansings)

    assert totals(again) == totals(first)
    assert [r["shard"] for r in again.records] == list(range(8))
    pool = Counting()
    assert totals(distributed.count(problem, pool, shards=8, journal=journal)) == totals(first)
    assert pool.submitted == []


def test_a_failing_slice_is_retried_then_named() -> None:
    pool = Counting(fail={3})
    with pytest.raises(RuntimeError, match=r"slice 3 of 8 failed 3 times"):
        distributed.count(coloured(), pool, shards=8, retries=2)
    assert pool.submitted.count(3) == 3


def test_bad_journals_are_refused(tmp_path: Any) -> None:
    journal = tmp_path / "count.jsonl"
    distributed.count(coloured(), Counting(), shards=4, journal=journal)
    other = quadrille.pack("pentominoes", "3x20").problem
    with pytest.raises(ValueError, match=r"line 1: a slice of another problem"):
        distributed.count(other, Counting(), shards=4, journal=journal)
    with pytest.raises(ValueError, match=r"line 1: slice 0 of 4, not of 8"):
        distributed.count(coloured(), Counting(), shards=8, journal=journal)
    with open(journal, "a") as f:
        f.write('{"shard": 1, "of": 4, "problem\n')
    with pytest.raises(ValueError, match=r"line 5: not a shard record"):
        distributed.count(coloured(), Counting(), shards=4, journal=journal)


COORDINATOR = textwrap.dedent(
    """
    import concurrent.futures, sys, time
    from quadrille import distributed, pack

    class Slow(concurrent.futures.ThreadPoolExecutor):
        def submit(self, fn, /, *args, **kwargs):
            def slow(*a):
                time.sleep(0.2)
                return fn(*a)
            return super().submit(slow, *args, **kwargs)

    problem = pack("pentominoes", "3x20").problem
    distributed.count(problem, Slow(1), shards=32, journal=sys.argv[1])
    """
)


def test_a_killed_coordinator_resumes_from_its_journal(tmp_path: Any) -> None:
    journal = tmp_path / "count.jsonl"
    child = subprocess.Popen([sys.executable, "-c", COORDINATOR, str(journal)])
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if journal.exists() and len(journal.read_text().splitlines()) >= 3:
            break
        time.sleep(0.05)
    child.send_signal(signal.SIGKILL)
    child.wait()
    kept = [json.loads(line) for line in journal.read_text().splitlines() if line.endswith("}")]
    assert 3 <= len(kept) < 32
    # A line cut short by the kill would be refused; the journal is flushed
    # line by line, so there is none.
    assert len(kept) == len(journal.read_text().splitlines())
    problem = quadrille.pack("pentominoes", "3x20").problem
    pool = Counting()
    total = distributed.count(problem, pool, shards=32, journal=journal)
    assert sorted(pool.submitted) == sorted(set(range(32)) - {r["shard"] for r in kept})
    whole = serial(problem, problem.engine())
    assert (total.solutions, total.nodes, total.updates) == (
        whole.solutions,
        whole.nodes,
        whole.updates,
    )


def test_dask_cluster() -> None:
    dask_distributed = pytest.importorskip("dask.distributed")
    problem = coloured()
    whole = serial(problem, "links")
    with dask_distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True
    ) as cluster:
        with dask_distributed.Client(cluster) as client:
            total = distributed.count(problem, client, shards=16, engine="links")
    assert (total.solutions, total.nodes, total.updates) == (
        whole.solutions,
        whole.nodes,
        whole.updates,
    )


def test_dask_survives_a_killed_worker() -> None:
    dask_distributed = pytest.importorskip("dask.distributed")
    from test_runtime import queens

    problem = queens(12)
    whole = serial(problem, "links")
    with dask_distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True
    ) as cluster:
        with dask_distributed.Client(cluster) as client:
            pids = list(client.run(os.getpid).values())
            killer = threading.Timer(0.5, os.kill, (pids[0], signal.SIGKILL))
            killer.start()
            try:
                total = distributed.count(problem, client, shards=64, engine="links")
            finally:
                killer.cancel()
            # The timer fired during the count: that worker is gone.
            assert pids[0] not in set(client.run(os.getpid).values())
    assert (total.solutions, total.nodes, total.updates) == (
        whole.solutions,
        whole.nodes,
        whole.updates,
    )


def test_no_cluster_runs_here() -> None:
    problem = coloured()
    assert distributed.count(problem, shards=4).solutions == problem.count()
    assert os.cpu_count()


def test_queens_and_packings() -> None:
    with concurrent.futures.ThreadPoolExecutor(2) as pool:
        bitboard = distributed.count(distributed.Queens(9), pool, shards=16)
        dlx = distributed.count(distributed.Queens(8, "dlx"), pool, shards=16)
        packings = distributed.count(
            quadrille.pack("pentominoes", "3x20", up_to_symmetry=True), pool, shards=16
        )
    # OEIS A000170 and A002562: 352 and 46 for n = 9.
    assert (bitboard.solutions, bitboard.unique) == (352, 46)
    assert dlx.solutions == 92
    dlx_serial = quadrille.queens_count(8, algorithm="dlx")
    assert dlx.solutions == dlx_serial.total
    assert packings.unique == 2
    assert bitboard.records[0]["problem"] == "queens:9:bitboard"


def test_packings_pickle() -> None:
    packing = quadrille.pack("pentominoes", "3x20", up_to_symmetry=True)
    again = pickle.loads(pickle.dumps(packing))
    assert again.count() == packing.count() == 2


def test_progress_bar(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("tqdm")
    total = distributed.count(coloured(), shards=4, progress=True)
    assert total.solutions == coloured().count()
    assert "4/4" in capsys.readouterr().err
