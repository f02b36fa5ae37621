"""Counts cut into slices, run on a cluster engine: Dask, or any
:class:`concurrent.futures.Executor`.

The engine splits the search tree into subproblems and slice ``i`` of ``k``
takes every ``k``-th of them, as the command line's ``--shard i/k`` does;
the slices add up to exactly the serial count and statistics. This module
only schedules them: it groups the slices into a few tasks per worker,
submits them, resubmits a failed one up to ``retries`` times (a failed task
of several slices comes back as one task per slice), writes each finished
slice's record to a journal as its task returns, and sums them. A rerun
with the same journal skips the slices already there, so a coordinator
killed at any moment loses at most the tasks in flight. The records are
those of ``quadrille count --shard`` and ``quadrille merge`` sums them too.

Each worker process makes the split once for a count and keeps it, with
its solver, for the count's other tasks: a task only replays its slices'
subproblems and searches them.

>>> import concurrent.futures, quadrille
>>> from quadrille import distributed
>>> problem = quadrille.pack("pentominoes", "3x20").problem
>>> with concurrent.futures.ThreadPoolExecutor(2) as pool:
...     total = distributed.count(problem, pool, shards=8)
>>> total.solutions == problem.count()
True
"""

from __future__ import annotations

import concurrent.futures
import hashlib
import importlib
import json
import os
import pickle
import threading
import time
import warnings
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any, Union

from . import _quadrille
from ._models import Packing
from ._problem import Engine, Problem, _check_engine, engines

__all__ = ["ENGINES", "Count", "Queens", "count"]


@dataclass(frozen=True)
class Queens:
    """N-Queens to count in slices: by the bitboard counter (with the
    symmetries, and the unique solutions) or Knuth's cover model
    (``algorithm="dlx"``, with the engine's statistics)."""

    n: int
    """The size of the board."""
    algorithm: str | None = None
    """``bitboard`` (the default) or ``dlx``."""

    def __post_init__(self) -> None:
        """Refuses a size that is no board: ``TypeError`` for what is not an
        int, ``ValueError`` for a negative one."""
        if isinstance(self.n, bool) or not isinstance(self.n, int):
            raise TypeError(f"n must be an int, not {type(self.n).__name__}")
        if self.n < 0:
            raise ValueError(f"n must be at least 0, not {self.n}")


@dataclass(frozen=True)
class Count:
    """A count's totals, and the record of each slice."""

    solutions: int
    """Solutions, over all slices."""
    nodes: int
    """Search nodes, over all slices."""
    updates: int
    """Link updates, over all slices."""
    cleansings: int
    """Cleansings, over all slices."""
    unique: int | None
    """Queens: solutions up to symmetry (bitboard counter); packings: those kept."""
    records: list[dict[str, Any]] = field(repr=False)
    """One record per slice, by slice number, as the journal holds them."""


Target = Union[Problem, Packing, Queens]


ENGINES: tuple[str, ...] = tuple(e["name"] for e in engines() if "count" in e["slices"])
"""The engines a count in slices runs on: those the library's capability
table says split a count into slices (the searches, whose split makes
them, and ``auto``)."""


def _check_slice_engine(engine: str) -> str:
    """Refuses, before anything is sent, an engine that cannot count in
    slices, in the capability table's words."""
    _check_engine(engine)
    refusal = _quadrille.refusal(engine, "count", "slices")
    if refusal is not None:
        raise ValueError(refusal)
    return engine


WORKER_WAIT = 120.0
"""How long a Dask count waits, in seconds, for a worker to scatter its
problem to again, when the workers that held it died."""

TASKS_PER_WORKER = 8
"""How many tasks the slices are grouped into by default, for each worker
thread of the cluster: few enough that scheduling costs nothing beside the
search, enough to balance the workers (each task takes every so many
slices, so every task holds a sample of the whole tree)."""


_SPLITS: dict[tuple[int, int, str], tuple[Target, _quadrille._Slices]] = {}
"""The split this process made last, by the identity of the problem (kept
alive beside it), the number of slices and the engine: one entry, so a
worker keeps one split at a time."""

_SPLITS_LOCK = threading.Lock()


def _split(target: Target, of: int, engine: str) -> _quadrille._Slices | None:
    """The engine's split of ``target`` into ``of`` slices, made once per
    process; ``None`` for the queens' bitboard counter, which has no split."""
    if isinstance(target, Queens) and (target.algorithm != "dlx" or target.n < 1):
        return None
    key = (id(target), of, engine)
    with _SPLITS_LOCK:
        kept = _SPLITS.get(key)
        if kept is not None and kept[0] is target:
            return kept[1]
        if isinstance(target, Queens):
            split = _quadrille.queens_slices(target.n, of)
        else:
            split = target._native.slices(of, engine)
        _SPLITS.clear()
        _SPLITS[key] = (target, split)
        return split


def _slices(target: Target, indices: list[int], of: int, engine: str) -> str:
    """Counts the slices ``indices``: their records, a line of JSON each,
    as one string (a cluster sends one string much faster than a list of
    thousands: Dask serializes a list item by item)."""
    split = _split(target, of, engine)
    if split is None:
        return "\n".join(json.dumps(_slice(target, i, of, engine)) for i in indices)
    return "\n".join(split.count(indices))


def _slice(target: Target, index: int, of: int, engine: str) -> dict[str, Any]:
    """Counts one slice from scratch: its record (the fields of
    ``quadrille merge``'s)."""
    start = time.perf_counter()
    record: dict[str, Any] = {"of": of, "shard": index}
    if isinstance(target, Queens):
        stats, unique_times_8, used, problem_id = _quadrille.queens_count_shard(
            target.n, index, of, target.algorithm
        )
        if unique_times_8 is not None:
            record["unique_times_8"] = unique_times_8
        if used is not None:
            record["engine"] = used
    elif isinstance(target, Packing):
        stats, kept, used, problem_id = target._native.count_shard(index, of, engine)
        record["packings"] = kept
        record["engine"] = used
    else:
        s = target.count_shard(index, of, engine=_check_engine(engine))
        stats = (s.nodes, s.updates, s.cleansings, s.solutions)
        record["engine"] = s.engine
        problem_id = target.shard_id()
    nodes, updates, cleansings, solutions = stats
    record.update(
        cleansings=cleansings,
        nodes=nodes,
        problem=problem_id,
        seconds=time.perf_counter() - start,
        solutions=solutions,
        updates=updates,
    )
    return record


_UNPICKLED: dict[str, Target] = {}
"""The problem this process last unpickled for an executor's slices, by the
SHA-256 of its pickle: one entry, so a worker keeps one problem at a time."""


def _slices_pickled(digest: str, pickled: bytes, indices: list[int], of: int, engine: str) -> str:
    """Counts the slices ``indices`` of the problem ``pickled``, unpickled
    once per process (so that its split is made once too); the bytes still
    travel with every task."""
    with _SPLITS_LOCK:
        target = _UNPICKLED.get(digest)
        if target is None:
            target = pickle.loads(pickled)
            _UNPICKLED.clear()
            _UNPICKLED[digest] = target
    return _slices(target, indices, of, engine)


def _identity(target: Target, engine: Engine) -> tuple[str, str | None]:
    """The problem's identity in shard records, and the engine its slices
    record (``None`` when they record none)."""
    if isinstance(target, Queens):
        return _queens_id(target), None
    if isinstance(target, Packing):
        kind = "unique" if target._up_to_symmetry else "all"
        return f"pack:{kind}:{target.problem.shard_id()[4:]}", target.problem.engine(engine)
    return target.shard_id(), target.engine(engine)


def _queens_id(target: Queens) -> str:
    # The counter names the problem it counts; one slice of many costs little.
    _, _, _, problem_id = _quadrille.queens_count_shard(target.n, 0, 1024, target.algorithm)
    return problem_id


def _read_journal(
    path: str, merge: _quadrille._Merge, records: dict[int, dict[str, Any]]
) -> tuple[int, bool]:
    """Adds the records already in a journal to ``merge`` (which refuses
    those of another count, and a line that is no record, naming it) and to
    ``records``; returns the number of lines kept, and whether the last
    lacks its line end (a whole record all the same: the line end is
    written before anything is appended, and only then, so that a complete
    journal is only read).

    A last line without its end that is no record was cut short by a
    coordinator killed while writing it: it is cut off the file, with a
    warning, and its slice counted again (``quadrille merge`` skips it too).
    """
    if not os.path.exists(path):
        return 0, False
    with open(path, "rb") as journal:
        data = journal.read()
    start = 0
    line_number = 0
    while start < len(data):
        end = data.find(b"\n", start)
        ended = end >= 0
        if not ended:
            end = len(data)
        line_number += 1
        text = data[start:end].decode("utf-8", errors="replace")
        if text.strip():
            try:
                shard, line, fields = merge.add(text, path, line_number)
            except ValueError as error:
                if ended:
                    raise
                warnings.warn(f"{error}: a last line cut short, counted again", stacklevel=3)
                with open(path, "r+b") as journal:
                    journal.truncate(start)
                return line_number - 1, False
            records[shard] = fields
        start = end + 1
    return line_number, bool(data) and not data.endswith(b"\n")


def _dask_failure(future: Any) -> str:
    """What made a Dask task fail: its exception, or, for a task the
    scheduler cancelled (one whose data was lost), the reason it gives."""
    if future.status == "error":
        return repr(future.exception())
    if future.cancelled():
        try:
            future.result()
        except Exception as cancelled:  # FutureCancelledError, with its reason.
            return f"{type(cancelled).__name__}: {cancelled}"
    return f"the task ended {future.status}"


def _is_dask(cluster: Any) -> bool:
    return hasattr(cluster, "scatter") and hasattr(cluster, "gather") and hasattr(cluster, "submit")


def _worker_threads(cluster: Any) -> int:
    """The threads that run tasks: a Dask cluster's (``nthreads``), an
    executor's workers, else this machine's cores."""
    nthreads = getattr(cluster, "nthreads", None)
    if callable(nthreads):
        try:
            threads: int = sum(nthreads().values())
            return max(1, threads)
        except Exception:  # A client whose cluster cannot say: the cores.
            pass
    workers = getattr(cluster, "_max_workers", None)
    if isinstance(workers, int) and workers > 0:
        return workers
    return os.cpu_count() or 1


def count(
    problem: Problem | Packing | Queens,
    cluster: Any = None,
    *,
    shards: int = 1024,
    engine: Engine = "auto",
    journal: str | os.PathLike[str] | None = None,
    retries: int = 3,
    progress: bool = False,
    tasks: int | None = None,
) -> Count:
    """Counts ``problem`` (a :class:`~quadrille.Problem`, a
    :class:`~quadrille.Packing` or :class:`Queens`) in ``shards`` slices on
    ``cluster``.

    :param cluster: a ``dask.distributed.Client`` (the problem is scattered
        to every worker once), any :class:`concurrent.futures.Executor`, or
        ``None`` for threads here. An executor has no broadcast: each task
        carries the pickled problem (35 kB for pentomino 6x10), and each
        process unpickles it once, keeping the last problem it was sent.
    :param shards: the number of slices (at most ``MAX_SHARDS``, 100,000: the
        engine's split).
    :param engine: an engine that counts in slices (:data:`ENGINES`: the
        capability table's);
        every slice runs on the one it resolves to, so the statistics add up.
        Any other name, ``memo`` and ``sweep`` included (they count whole
        problems, without a split), raises ``ValueError`` before anything is
        sent.
    :param journal: a file of JSON lines: each finished slice's record is
        appended as its task returns (the task's records flushed together),
        as the library writes records, so that ``quadrille merge`` sums the
        journal too; slices already there are not counted again. A journal
        of another problem, of another number of slices or engine, with a
        slice twice, or with a line that is no record, is refused
        (``ValueError`` naming the file and line); a last line cut short by
        a killed coordinator is dropped with a warning and its slice counted
        again. A complete journal is only read, never opened for writing
        (it may lie on a read-only file system).
    :param retries: how many times a failed slice is submitted again before
        the call raises ``RuntimeError`` naming it and the cause of its last
        failure. On Dask, a problem lost with the workers that held it (all
        killed) is scattered again before the slices are.
    :param progress: show a ``tqdm`` bar (slices done, solutions so far).
    :param tasks: how many tasks the slices left are grouped into, task
        ``t`` of ``T`` taking every ``T``-th of them; by default
        ``TASKS_PER_WORKER`` (8) for each worker thread of the cluster, and
        never more than the slices. Each task counts its slices one after
        the other and returns one record per slice.
    """
    if not 1 <= shards <= _quadrille.MAX_SHARDS:
        raise ValueError(f"shards must be between 1 and {_quadrille.MAX_SHARDS}, not {shards}")
    if tasks is not None and tasks < 1:
        raise ValueError(f"tasks must be at least 1, not {tasks}")
    _check_slice_engine(engine)
    problem_id, recorded_engine = _identity(problem, engine)
    if recorded_engine is not None:
        engine = recorded_engine  # type: ignore[assignment]
    # The library's checked merge, as `quadrille merge` runs it: every
    # record, from the journal or from a worker, goes through it.
    merge = _quadrille._Merge(problem_id, shards, recorded_engine)
    records: dict[int, dict[str, Any]] = {}
    path = os.fspath(journal) if journal is not None else None
    line_number = 0
    unended = False
    if path is not None:
        line_number, unended = _read_journal(path, merge, records)
    todo = [i for i in range(shards) if i not in records]
    bar: Any = None
    if progress:
        from tqdm import tqdm

        bar = tqdm(total=shards, initial=shards - len(todo), unit="slice")
    out = None
    if path is not None and todo:
        # Opened only when there is something to write: a complete journal
        # is only read, so it may lie on a read-only file system.
        out = open(path, "a", encoding="utf-8")
        if unended:
            # A whole record that lacks only its line end: end it first.
            out.write("\n")
    solutions = sum(r["solutions"] for r in records.values())
    try:
        for task in _run(problem, cluster, todo, shards, engine, retries, tasks):
            # One call for the task's records: checked, summed, and written
            # back as the library writes them.
            lines, all_fields = merge.add_lines(task, path or "slice results", line_number + 1)
            line_number += len(all_fields)
            for fields in all_fields:
                records[fields["shard"]] = fields
                solutions += fields["solutions"]
            if out is not None:
                out.write(lines + "\n")
                out.flush()
                os.fsync(out.fileno())
            if bar is not None:
                bar.update(len(all_fields))
                bar.set_postfix(solutions=solutions)
    finally:
        if out is not None:
            out.close()
        if bar is not None:
            bar.close()
    whole = json.loads(merge.finish())
    unique: int | None = whole.get("unique", whole.get("packings"))
    return Count(
        solutions=whole["solutions"],
        nodes=whole["nodes"],
        updates=whole["updates"],
        cleansings=whole["cleansings"],
        unique=unique,
        records=[records[i] for i in range(shards)],
    )


def _run(
    problem: Target,
    cluster: Any,
    todo: list[int],
    of: int,
    engine: str,
    retries: int,
    tasks: int | None,
) -> Iterator[str]:
    """Each task's records (lines of JSON, in one string) as it finishes,
    resubmitting failed slices."""
    if not todo:
        return
    owned = None
    if cluster is None:
        owned = cluster = concurrent.futures.ThreadPoolExecutor(os.cpu_count() or 1)
    try:
        n_tasks = min(len(todo), tasks or TASKS_PER_WORKER * _worker_threads(cluster))
        # Task t takes every n_tasks-th slice from the t-th: each a sample of
        # the whole tree, so they cost about the same.
        groups = [todo[t::n_tasks] for t in range(n_tasks)]
        failures: dict[int, int] = {}

        def failed(group: list[int], error: object) -> list[list[int]]:
            """Counts a failure of each slice of ``group``: raises naming the
            first that failed too often and the cause, else the tasks to
            submit again, one per slice (so that a slice that always fails
            is found alone)."""
            for i in group:
                failures[i] = failures.get(i, 0) + 1
            for i in group:
                if failures[i] > retries:
                    cause = error if isinstance(error, str) else repr(error)
                    raise RuntimeError(f"slice {i} of {of} failed {failures[i]} times: {cause}")
            return [[i] for i in group]

        if _is_dask(cluster):
            # Typed as Any: dask's own annotations are partial.
            dask_distributed: Any = importlib.import_module("dask.distributed")

            # The problem travels to every worker once. Under a key of its
            # own (hash=False): a key named by the problem's hash, released
            # by the count before on the same problem while scattered again,
            # leaves this count's slices waiting on data the workers forgot.
            def scatter() -> Any:
                [scattered] = cluster.scatter([problem], broadcast=True, hash=False)
                return scattered

            def scatter_again(cause: str) -> Any:
                """The problem scattered anew, once a worker is there (a nanny
                restarts a killed one), or ``RuntimeError`` naming the cause."""
                try:
                    wait = getattr(cluster, "wait_for_workers", None)
                    if callable(wait):
                        wait(1, timeout=WORKER_WAIT)
                    return scatter()
                except Exception as error:
                    raise RuntimeError(
                        f"{cause}, and it could not be scattered again: {error!r}"
                    ) from error

            shared = scatter()

            def submit(group: list[int]) -> Any:
                return cluster.submit(_slices, shared, group, of, engine, pure=False)

            pending = dask_distributed.as_completed([])
            futures = {}
            for group in groups:
                future = submit(group)
                futures[future] = group
                pending.add(future)
            for future in pending:
                group = futures.pop(future)
                if future.status == "finished":
                    try:
                        task: str | None = future.result()
                    except Exception as lost:  # Its result died with its worker.
                        task, cause = None, f"its result was lost: {lost!r}"
                    if task is not None:
                        yield task
                        continue
                else:
                    cause = _dask_failure(future)
                if shared.status != "finished":
                    # The workers that held the problem died with it: every
                    # task on it would fail at once, so it travels again.
                    cause = f"the problem was lost with the workers that held it ({cause})"
                    shared = scatter_again(cause)
                for again in failed(group, cause):
                    resubmitted = submit(again)
                    futures[resubmitted] = again
                    pending.add(resubmitted)
            return
        # An executor has no broadcast: every task carries the pickled
        # problem, but a process unpickles it once.
        pickled = pickle.dumps(problem)
        digest = hashlib.sha256(pickled).hexdigest()

        def submit_pickled(group: list[int]) -> concurrent.futures.Future[str]:
            future: concurrent.futures.Future[str] = cluster.submit(
                _slices_pickled, digest, pickled, group, of, engine
            )
            return future

        running = {submit_pickled(group): group for group in groups}
        while running:
            finished, _ = concurrent.futures.wait(
                running, return_when=concurrent.futures.FIRST_COMPLETED
            )
            for future in finished:
                group = running.pop(future)
                error = future.exception()
                if error is None:
                    yield future.result()
                    continue
                try:
                    singles = failed(group, error)
                except RuntimeError as too_many:
                    for other in running:
                        other.cancel()
                    raise too_many from error
                for single in singles:
                    running[submit_pickled(single)] = single
    finally:
        if owned is not None:
            owned.shutdown(cancel_futures=True)
