"""Counts in slices on executors: exact, journalled, retried."""

from __future__ import annotations

import concurrent.futures
import json
import operator
import os
import pickle
import signal
import subprocess
import sys
import textwrap
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import brute
import pytest
import quadrille
from quadrille import Problem, distributed


def coloured_spec() -> brute.Spec:
    # Word squares in miniature: cells are secondary items coloured by letter.
    words = ["ab", "ba", "aa", "bb"]
    options: list[list[Any]] = []
    for row in range(2):
        for w in words:
            options.append([f"row{row}", *[(f"c{row}{k}", ch) for k, ch in enumerate(w)]])
    for col in range(2):
        for w in words:
            options.append([f"col{col}", *[(f"c{k}{col}", ch) for k, ch in enumerate(w)]])
    cells = [f"c{r}{c}" for r in range(2) for c in range(2)]
    return brute.Spec(["row0", "row1", "col0", "col1"], cells, options)


def coloured() -> Problem:
    spec = coloured_spec()
    return Problem(spec.primary, spec.options, secondary=spec.secondary)


def test_the_coloured_problem_is_counted_right() -> None:
    # Every subset of its 16 options tried: 16 squares of two letters.
    assert len(brute.solutions(coloured_spec())) == coloured().count() == 16


class Counting(concurrent.futures.ThreadPoolExecutor):
    """A thread pool that counts what it is given, and can make slices fail."""

    def __init__(self, fail: set[int] | None = None) -> None:
        super().__init__(2)
        self.submitted: list[int] = []
        self.tasks: list[list[int]] = []
        self.fail = fail or set()

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Any:
        self.tasks.append(list(args[-3]))
        # A task's arguments end with its slices, the number of slices and the engine.
        indices = args[-3]
        self.submitted.extend(indices)
        lost = self.fail.intersection(indices)
        if lost:

            def broken(*_: Any) -> Any:
                raise OSError(f"slices {sorted(lost)} lost")

            return super().submit(broken)
        return super().submit(fn, *args, **kwargs)


def serial(problem: Problem, engine: quadrille.Engine) -> quadrille.Stats:
    return problem.stats(threads=1, engine=engine)


@pytest.mark.parametrize("engine", ["links", "bits"])
def test_slices_add_up_to_the_serial_count(engine: quadrille.Engine) -> None:
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
        distributed.count(coloured(), pool, shards=8, retries=2, tasks=2)
    assert pool.submitted.count(3) == 3
    # The failed task came back as one task per slice.
    assert pool.tasks[:2] == [[0, 2, 4, 6], [1, 3, 5, 7]]
    assert [[1], [5], [7]] == [t for t in pool.tasks if t in ([1], [5], [7])]


def test_tasks_group_slices_and_each_slice_keeps_its_record() -> None:
    problem = quadrille.pack("pentominoes", "3x20").problem
    whole = serial(problem, "links")
    for tasks in (1, 3, 40):
        pool = Counting()
        total = distributed.count(problem, pool, shards=40, engine="links", tasks=tasks)
        assert len(pool.tasks) == tasks
        assert sorted(pool.submitted) == list(range(40))
        assert [r["shard"] for r in total.records] == list(range(40))
        assert (total.solutions, total.nodes, total.updates) == (
            whole.solutions,
            whole.nodes,
            whole.updates,
        )
    with pytest.raises(ValueError, match="tasks must be at least 1, not 0"):
        distributed.count(problem, Counting(), shards=4, tasks=0)


@pytest.mark.parametrize("engine", ["links", "cells", "bits"])
def test_a_split_made_once_counts_each_slice_as_from_scratch(
    engine: quadrille.Engine,
) -> None:
    problem = quadrille.pack("pentominoes", "3x20").problem
    split = problem._native.slices(16, engine)
    assert (split.of, split.problem, split.engine) == (16, problem.shard_id(), engine)
    # Backwards, on the solver the split keeps from one call to the next.
    order = list(range(15, -1, -1))
    kept = {r["shard"]: r for r in map(json.loads, split.count(order))}
    again = {r["shard"]: r for r in map(json.loads, split.count(list(range(16))))}
    fields = ("nodes", "updates", "cleansings", "solutions")
    for i in range(16):
        from_scratch, used = problem._native.count_shard(i, 16, engine, 1)
        assert used == engine, i
        assert tuple(kept[i][f] for f in fields) == from_scratch, i
        assert tuple(again[i][f] for f in fields) == from_scratch, i
        assert (kept[i]["of"], kept[i]["engine"], kept[i]["problem"]) == (16, engine, split.problem)
        assert kept[i]["seconds"] >= 0 and "packings" not in kept[i]
    with pytest.raises(ValueError, match="no slice 16 of 16"):
        split.count([3, 16])
    with pytest.raises(ValueError, match="shard 0 of 0 does not exist"):
        problem._native.slices(0, engine)
    with pytest.raises(ValueError, match="at most 100000"):
        problem._native.slices(100_001, engine)


def test_bad_journals_are_refused(tmp_path: Any) -> None:
    journal = tmp_path / "count.jsonl"
    distributed.count(coloured(), Counting(), shards=4, journal=journal)
    good = journal.read_text()
    other = quadrille.pack("pentominoes", "3x20").problem
    with pytest.raises(ValueError, match=r"count.jsonl:1: shard of another problem"):
        distributed.count(other, Counting(), shards=4, journal=journal)
    with pytest.raises(ValueError, match=r"count\.jsonl:1: shard [0-3]/4, not of 8"):
        distributed.count(coloured(), Counting(), shards=8, journal=journal)
    with pytest.raises(
        ValueError, match=r"count.jsonl:1: shard counted with the bits engine, not links"
    ):
        distributed.count(coloured(), Counting(), shards=4, engine="links", journal=journal)
    lines = good.splitlines(keepends=True)
    for bad, where in [
        ('{"shard": 1, "of": 4, "problem\n', 5),
        ("not json\n", 5),
        (lines[0].replace('"seconds":', '"seconds":-'), 5),
        (lines[2].replace('"nodes":', '"nodes":-'), 5),
        (lines[1], 5),
    ]:
        journal.write_text(good + bad)
        with pytest.raises(ValueError, match=rf"count\.jsonl:{where}\b") as refused:
            distributed.count(coloured(), Counting(), shards=4, journal=journal)
        if bad == lines[1]:
            assert "appears twice" in str(refused.value)
    # A corrupt line before others is refused wherever it is.
    journal.write_text(lines[0] + "{\n" + "".join(lines[1:]))
    with pytest.raises(ValueError, match=r"count.jsonl:2: not a shard record"):
        distributed.count(coloured(), Counting(), shards=4, journal=journal)


def test_a_last_line_cut_short_is_dropped_and_counted_again(tmp_path: Any) -> None:
    journal = tmp_path / "count.jsonl"
    whole = distributed.count(coloured(), Counting(), shards=4, journal=journal)
    lines = journal.read_text().splitlines(keepends=True)
    torn_shard = json.loads(lines[3])["shard"]
    journal.write_text("".join(lines[:3]) + lines[3][:20])
    pool = Counting()
    with pytest.warns(UserWarning, match=r"count.jsonl:4: .*a last line cut short"):
        again = distributed.count(coloured(), pool, shards=4, journal=journal)
    assert pool.submitted == [torn_shard]
    assert again.solutions == whole.solutions
    assert journal.read_text().splitlines(keepends=True)[:3] == lines[:3]
    assert len(journal.read_text().splitlines()) == 4
    # A whole record lacking only its line end is kept, and the next appended after it.
    journal.write_text("".join(lines[:3]) + lines[3].rstrip("\n"))
    pool = Counting()
    assert (
        distributed.count(coloured(), pool, shards=4, journal=journal).solutions == whole.solutions
    )
    assert pool.submitted == []


def quadrille_binary() -> str | None:
    """The command-line tool of the same build: ``$QUADRILLE_BIN`` (which
    ``run-tests`` sets, and which must then exist), else a debug build if
    there is one."""
    given = os.environ.get("QUADRILLE_BIN")
    if given:
        assert os.access(given, os.X_OK), f"QUADRILLE_BIN={given} is no program"
        return given
    root = os.path.join(os.path.dirname(__file__), "..", "..", "..")
    target = os.environ.get("CARGO_TARGET_DIR", os.path.join(root, "target"))
    path = os.path.join(target, "debug", "quadrille")
    return path if os.access(path, os.X_OK) else None


def test_quadrille_merge_reads_a_journal(tmp_path: Any) -> None:
    binary = quadrille_binary()
    if binary is None:
        pytest.skip("no quadrille binary built (cargo build -p quadrille-cli)")
    problem = quadrille.pack("pentominoes", "3x20").problem
    journal = tmp_path / "count.jsonl"
    total = distributed.count(problem, Counting(), shards=16, journal=journal)
    run = subprocess.run([binary, "merge", str(journal)], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    merged = json.loads(run.stdout)
    whole = serial(problem, problem.engine())
    assert (merged["solutions"], merged["nodes"], merged["updates"], merged["shards"]) == (
        whole.solutions,
        whole.nodes,
        whole.updates,
        16,
    )
    assert (total.solutions, total.nodes, total.updates) == (
        whole.solutions,
        whole.nodes,
        whole.updates,
    )
    # Cut short on its last line, as a killed coordinator may leave it.
    text = journal.read_text()
    journal.write_text(text + text.splitlines()[0][:30])
    run = subprocess.run([binary, "merge", str(journal)], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout) == merged
    assert "count.jsonl:17: skipped, a last line cut short" in run.stderr
    # The slices of the command line's `--shard` and of the journal are one count's.
    knuth = tmp_path / "p.dlx"
    knuth.write_text(problem.to_knuth())
    mixed = tmp_path / "mixed.jsonl"
    with open(mixed, "w") as out:
        for i in range(8):
            shard = subprocess.run(
                [binary, "solve", str(knuth), "--count", "--threads", "1", "--shard", f"{i}/16"],
                capture_output=True,
                text=True,
            )
            # Exit code 1: a slice without solutions.
            assert shard.returncode in (0, 1), shard.stderr
            out.write(shard.stdout)
        out.writelines(line + "\n" for line in text.splitlines() if json.loads(line)["shard"] >= 8)
    run = subprocess.run([binary, "merge", str(mixed)], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout) == {**merged, "seconds": json.loads(run.stdout)["seconds"]}


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


@pytest.fixture(scope="module")
def dask_client() -> Iterator[Any]:
    """A cluster of two single-threaded worker processes, on 127.0.0.1 only,
    shut down with its workers when the module's tests are done."""
    dask_distributed = pytest.importorskip("dask.distributed")
    with dask_distributed.LocalCluster(
        n_workers=2,
        threads_per_worker=1,
        processes=True,
        host="127.0.0.1",
        dashboard_address=None,
    ) as cluster:
        with dask_distributed.Client(cluster) as client:
            yield client


class Recording:
    """A Dask client that records what it is given, and can make slices fail
    on the workers every time."""

    def __init__(self, client: Any, fail: set[int] | None = None) -> None:
        self.client = client
        self.submitted: list[int] = []
        self.fail = fail or set()

    def scatter(self, *args: Any, **kwargs: Any) -> Any:
        return self.client.scatter(*args, **kwargs)

    def gather(self, *args: Any, **kwargs: Any) -> Any:
        return self.client.gather(*args, **kwargs)

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Any:
        indices = args[1]
        self.submitted.extend(indices)
        if self.fail.intersection(indices):
            # Raises ZeroDivisionError on the worker.
            return self.client.submit(operator.truediv, 1, 0, pure=False)
        return self.client.submit(fn, *args, **kwargs)


def test_dask_counts_as_the_serial_search_does(dask_client: Any) -> None:
    solutions = []
    for problem in (quadrille.pack("pentominoes", "6x10").problem, coloured()):
        engine = problem.engine()
        # On every core: the engine's parallel count adds up to exactly the
        # serial search's (its own tests), and takes half the time on two.
        whole = problem.stats(engine=engine)
        total = distributed.count(problem, dask_client, shards=64)
        assert (total.solutions, total.nodes, total.updates, total.cleansings) == (
            whole.solutions,
            whole.nodes,
            whole.updates,
            whole.cleansings,
        )
        assert {r["engine"] for r in total.records} == {engine}
        solutions.append(total.solutions)
    # 2,339 packings of the 6x10 box (Haselgrove 1960), each in its 4
    # orientations; the coloured squares by brute force.
    assert solutions == [4 * 2339, len(brute.solutions(coloured_spec()))]
    queens = distributed.count(distributed.Queens(12), dask_client, shards=64)
    # OEIS A000170 and A002562.
    assert (queens.solutions, queens.unique) == (14200, 1787)
    dlx = distributed.count(distributed.Queens(9, "dlx"), dask_client, shards=32)
    assert dlx.solutions == 352


def test_dask_counts_one_problem_again_and_again(dask_client: Any) -> None:
    # Each count scatters the problem anew; none waits on the one before's.
    for shards in (64, 64, 16, 64):
        total = distributed.count(distributed.Queens(10, "dlx"), dask_client, shards=shards)
        # OEIS A000170.
        assert total.solutions == 724


def test_dask_a_failing_slice_is_retried_then_named(dask_client: Any) -> None:
    client = Recording(dask_client, fail={5})
    with pytest.raises(RuntimeError, match=r"slice 5 of 16 failed 3 times: ZeroDivisionError"):
        distributed.count(coloured(), client, shards=16, retries=2)
    assert client.submitted.count(5) == 3


DASK_COORDINATOR = textwrap.dedent(
    """
    import sys
    from dask.distributed import Client
    from quadrille import distributed

    with Client(sys.argv[2]) as client:
        distributed.count(distributed.Queens(12, "dlx"), client, shards=256, journal=sys.argv[1])
    """
)


def test_dask_a_killed_coordinator_resumes_from_its_journal(
    dask_client: Any, tmp_path: Any
) -> None:
    journal = tmp_path / "count.jsonl"
    address = dask_client.scheduler.address
    child = subprocess.Popen([sys.executable, "-c", DASK_COORDINATOR, str(journal), address])
    deadline = time.monotonic() + 120
    try:
        while time.monotonic() < deadline and child.poll() is None:
            if journal.exists() and len(journal.read_text().splitlines()) >= 5:
                break
            time.sleep(0.01)
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait()
    kept = {json.loads(line)["shard"] for line in journal.read_text().splitlines()}
    assert 5 <= len(kept) < 256, len(kept)
    client = Recording(dask_client)
    total = distributed.count(distributed.Queens(12, "dlx"), client, shards=256, journal=journal)
    assert sorted(client.submitted) == sorted(set(range(256)) - kept)
    # OEIS A000170.
    assert total.solutions == 14200


def test_dask_survives_a_killed_worker(dask_client: Any, tmp_path: Any) -> None:
    from test_runtime import queens

    problem = queens(12)
    whole = serial(problem, "links")
    pids = list(dask_client.run(os.getpid).values())
    journal = tmp_path / "count.jsonl"
    done_at_kill: list[int] = []

    def kill_once_counting() -> None:
        # As soon as slices have come back, and while most have not.
        while not journal.exists() or len(journal.read_text().splitlines()) < 3:
            time.sleep(0.001)
        os.kill(pids[0], signal.SIGKILL)
        done_at_kill.append(len(journal.read_text().splitlines()))

    killer = threading.Thread(target=kill_once_counting, daemon=True)
    killer.start()
    total = distributed.count(problem, dask_client, shards=512, engine="links", journal=journal)
    killer.join(10)
    assert done_at_kill and done_at_kill[0] < 512, done_at_kill
    # That worker is gone (its nanny starts another).
    assert pids[0] not in set(dask_client.run(os.getpid).values())
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


@pytest.mark.parametrize("engine", list(quadrille.ENGINES))
def test_every_engine_counts_in_slices_or_is_refused_in_the_tables_words(engine: str) -> None:
    refusal = quadrille._quadrille.refusal(engine, "count", "slices")
    splits = [e["name"] for e in quadrille.engines() if "count" in e["slices"]]
    assert (refusal is None) == (engine in splits) == (engine in distributed.ENGINES)
    for target in (
        coloured(),
        quadrille.pack("pentominoes", "3x20"),
        distributed.Queens(8, "dlx"),
    ):
        pool = Counting()
        if refusal is None:
            total = distributed.count(target, pool, shards=8, engine=engine)  # type: ignore[arg-type]
            assert total.solutions == distributed.count(target, shards=1).solutions
        else:
            with pytest.raises(ValueError) as refused:
                distributed.count(target, pool, shards=8, engine=engine)  # type: ignore[arg-type]
            assert str(refused.value) == refusal
            counts = any(
                e["name"] == engine and "count" in e["questions"] for e in quadrille.engines()
            )
            if counts:
                assert f"the {engine} engine cannot count solutions in slices: " in refusal
                assert refusal.endswith("links, cells and bits do")
            else:
                # An engine that does not count at all says so first.
                assert refusal.startswith(f"the {engine} engine cannot count solutions: ")
            assert pool.submitted == []


@pytest.mark.parametrize("engine", ["bogus", "Links"])
def test_an_unknown_engine_is_refused_before_anything_is_sent(engine: str) -> None:
    pool = Counting()
    with pytest.raises(
        ValueError, match=rf"unknown engine `{engine}`: the engines are links, cells"
    ):
        distributed.count(coloured(), pool, shards=8, engine=engine)  # type: ignore[arg-type]
    assert pool.submitted == []
    with pytest.raises(TypeError, match="engine must be a string, not int"):
        distributed.count(coloured(), Counting(), shards=8, engine=3)  # type: ignore[arg-type]


def test_a_complete_journal_is_only_read(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    # As on a read-only file system (where root too is refused): any opening
    # for writing fails.
    import builtins
    import errno

    journal = tmp_path / "count.jsonl"
    whole = distributed.count(coloured(), Counting(), shards=8, journal=journal)
    text = journal.read_text()
    real_open = builtins.open

    def read_only(file: Any, mode: str = "r", *args: Any, **kwargs: Any) -> Any:
        if any(c in mode for c in "wax+"):
            raise OSError(errno.EROFS, "Read-only file system", str(file))
        return real_open(file, mode, *args, **kwargs)

    monkeypatch.setattr(builtins, "open", read_only)
    for content in (text, text.rstrip("\n")):
        journal.write_bytes(content.encode())
        pool = Counting()
        again = distributed.count(coloured(), pool, shards=8, journal=journal)
        assert pool.submitted == []
        assert (again.solutions, again.nodes, again.updates) == (
            whole.solutions,
            whole.nodes,
            whole.updates,
        )
        assert journal.read_bytes() == content.encode()
    # With a slice left to count, the journal must be written: the error says so.
    journal.write_text("".join(text.splitlines(keepends=True)[:7]))
    with pytest.raises(OSError, match="Read-only file system"):
        distributed.count(coloured(), Counting(), shards=8, journal=journal)


def test_a_journal_without_its_last_line_end_is_ended_before_appending(tmp_path: Any) -> None:
    journal = tmp_path / "count.jsonl"
    whole = distributed.count(coloured(), Counting(), shards=8, journal=journal)
    lines = journal.read_text().splitlines()
    journal.write_text("\n".join(lines[:5]))
    again = distributed.count(coloured(), Counting(), shards=8, journal=journal)
    assert again.solutions == whole.solutions
    assert sorted(json.loads(line)["shard"] for line in journal.read_text().splitlines()) == list(
        range(8)
    )


@pytest.mark.parametrize(
    ("n", "error", "message"),
    [
        (-1, ValueError, "n must be at least 0, not -1"),
        (-(2**70), ValueError, "n must be at least 0"),
        (2.5, TypeError, "n must be an int, not float"),
        ("8", TypeError, "n must be an int, not str"),
        (True, TypeError, "n must be an int, not bool"),
    ],
)
def test_queens_refuses_a_size_that_is_no_board(
    n: Any, error: type[Exception], message: str
) -> None:
    with pytest.raises(error, match=message):
        distributed.Queens(n)


def test_queens_of_small_boards() -> None:
    # OEIS A000170: 1, 1, 0, 0, 2 for n = 0 to 4.
    for n, expected in enumerate([1, 1, 0, 0, 2]):
        assert distributed.count(distributed.Queens(n), Counting(), shards=4).solutions == expected


@pytest.fixture
def lone_worker() -> Iterator[Any]:
    """A cluster of one single-threaded worker process under a nanny, which
    starts another when it is killed: killing it loses everything scattered.
    A cluster for each test, each killed once."""
    dask_distributed = pytest.importorskip("dask.distributed")
    with dask_distributed.LocalCluster(
        n_workers=1,
        threads_per_worker=1,
        processes=True,
        host="127.0.0.1",
        dashboard_address=None,
    ) as cluster:
        with dask_distributed.Client(cluster) as client:
            yield client


def kill_the_worker_after(client: Any, journal: Any, records: int) -> threading.Thread:
    """A thread that kills the cluster's worker once ``records`` slices are
    in the journal; its ``killed`` list says after how many it did."""
    # The nanny may still be starting the worker a test before killed.
    client.wait_for_workers(1, timeout=120)
    [pid] = client.run(os.getpid).values()
    killed: list[int] = []

    def kill() -> None:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if journal.exists() and len(journal.read_text().splitlines()) >= records:
                break
            time.sleep(0.001)
        os.kill(pid, signal.SIGKILL)
        killed.append(len(journal.read_text().splitlines()))

    killer = threading.Thread(target=kill, daemon=True)
    killer.killed = killed  # type: ignore[attr-defined]
    killer.start()
    return killer


@pytest.mark.parametrize("records", [1, 8, 40])
def test_dask_a_problem_lost_with_its_worker_is_scattered_again(
    lone_worker: Any, tmp_path: Any, records: int
) -> None:
    from test_runtime import queens

    problem = queens(12)
    whole = serial(problem, "links")
    journal = tmp_path / "count.jsonl"
    killer = kill_the_worker_after(lone_worker, journal, records)
    total = distributed.count(
        problem, lone_worker, shards=64, tasks=64, engine="links", journal=journal, retries=2
    )
    killer.join(60)
    killed: list[int] = killer.killed  # type: ignore[attr-defined]
    assert killed and records <= killed[0] < 64, killed
    # OEIS A000170: 14,200 for n = 12; the statistics are the serial search's.
    assert (total.solutions, total.nodes, total.updates) == (14200, whole.nodes, whole.updates)
    assert sorted(r["shard"] for r in total.records) == list(range(64))


def test_dask_a_slice_that_fails_too_often_names_the_cause(lone_worker: Any, tmp_path: Any) -> None:
    from test_runtime import queens

    journal = tmp_path / "count.jsonl"
    killer = kill_the_worker_after(lone_worker, journal, 4)
    with pytest.raises(
        RuntimeError,
        match=r"slice \d+ of 64 failed 1 times: the problem was lost with the workers that held it"
        # The cause as the scheduler gives it: the error, or the result lost.
        r" \(.*FutureCancelledError.*\)",
    ):
        distributed.count(
            queens(12), lone_worker, shards=64, tasks=64, engine="links", journal=journal, retries=0
        )
    killer.join(60)
    # The journal kept what was done; with retries the count completes from it.
    done = len(journal.read_text().splitlines())
    assert 4 <= done < 64
    total = distributed.count(queens(12), lone_worker, shards=64, engine="links", journal=journal)
    assert total.solutions == 14200
