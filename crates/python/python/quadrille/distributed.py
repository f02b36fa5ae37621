"""Counts cut into slices, run on a cluster engine: Dask, or any
:class:`concurrent.futures.Executor`.

The engine splits the search tree into subproblems and slice ``i`` of ``k``
takes every ``k``-th of them, as the command line's ``--shard i/k`` does;
the slices add up to exactly the serial count and statistics. This module
only schedules them: it submits the slices, resubmits a failed one up to
``retries`` times, writes each finished slice's record to a journal as it
arrives, and sums them. A rerun with the same journal skips the slices
already there, so a coordinator killed at any moment loses at most the
slices in flight. The records are those of ``quadrille count --shard`` and
``quadrille merge`` sums them too.

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
import importlib
import json
import os
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from ._problem import Problem, _check_engine

__all__ = ["Count", "count"]


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
    records: list[dict[str, Any]] = field(repr=False)
    """One record per slice, by slice number, as the journal holds them."""


def _slice(problem: Problem, index: int, of: int, engine: str) -> dict[str, Any]:
    """Counts one slice: its record (the fields of ``quadrille merge``'s)."""
    start = time.perf_counter()
    stats = problem.count_shard(index, of, engine=engine)
    return {
        "cleansings": stats.cleansings,
        "engine": stats.engine,
        "nodes": stats.nodes,
        "of": of,
        "problem": problem.shard_id(),
        "seconds": time.perf_counter() - start,
        "shard": index,
        "solutions": stats.solutions,
        "updates": stats.updates,
    }


def _read_journal(path: str, problem_id: str, of: int, engine: str) -> dict[int, dict[str, Any]]:
    """The records already in a journal; refuses one of another count."""
    done: dict[int, dict[str, Any]] = {}
    if not os.path.exists(path):
        return done
    with open(path, encoding="utf-8") as journal:
        for line_number, line in enumerate(journal, 1):
            if not line.strip():
                continue
            try:
                record = json.loads(line)
                shard, their_of, their_problem = record["shard"], record["of"], record["problem"]
                for key in ("solutions", "nodes", "updates", "cleansings"):
                    if not isinstance(record[key], int) or record[key] < 0:
                        raise ValueError(key)
            except (ValueError, KeyError, TypeError):
                raise ValueError(f"{path}, line {line_number}: not a shard record") from None
            if their_problem != problem_id:
                raise ValueError(
                    f"{path}, line {line_number}: a slice of another problem"
                    f" ({their_problem}, not {problem_id})"
                )
            if their_of != of or not 0 <= shard < of:
                raise ValueError(
                    f"{path}, line {line_number}: slice {shard} of {their_of}, not of {of}"
                )
            if record.get("engine", engine) != engine:
                raise ValueError(
                    f"{path}, line {line_number}: counted by the {record.get('engine')} engine,"
                    f" not {engine}"
                )
            if shard in done and done[shard] != record:
                raise ValueError(f"{path}, line {line_number}: slice {shard} twice, differently")
            done[shard] = record
    return done


def _is_dask(cluster: Any) -> bool:
    return hasattr(cluster, "scatter") and hasattr(cluster, "gather") and hasattr(cluster, "submit")


def count(
    problem: Problem,
    cluster: Any = None,
    *,
    shards: int = 1024,
    engine: str = "auto",
    journal: str | os.PathLike[str] | None = None,
    retries: int = 3,
) -> Count:
    """Counts ``problem`` in ``shards`` slices on ``cluster``.

    :param cluster: a ``dask.distributed.Client``, any
        :class:`concurrent.futures.Executor`, or ``None`` for threads here.
    :param shards: the number of slices (at most 1,024: the engine's split).
    :param engine: ``auto``, ``links``, ``cells`` or ``bits``; every slice runs
        on the one it resolves to, so the statistics add up.
    :param journal: a file of JSON lines: each finished slice's record is
        appended (and flushed) as it arrives; slices already there are not
        counted again. A journal of another problem, of another number of
        slices, or with a line that is no record, is refused (``ValueError``).
    :param retries: how many times a failed slice is submitted again before
        the call raises ``RuntimeError`` naming it.
    """
    if not 1 <= shards <= 1024:
        raise ValueError(f"shards must be between 1 and 1024, not {shards}")
    engine = problem.engine(_check_engine(engine))
    problem_id = problem.shard_id()
    done: dict[int, dict[str, Any]] = {}
    path = os.fspath(journal) if journal is not None else None
    if path is not None:
        done = _read_journal(path, problem_id, shards, engine)
    todo = [i for i in range(shards) if i not in done]
    out = open(path, "a", encoding="utf-8") if path is not None else None
    try:
        for record in _run(problem, cluster, todo, shards, engine, retries):
            done[record["shard"]] = record
            if out is not None:
                out.write(json.dumps(record, sort_keys=True) + "\n")
                out.flush()
                os.fsync(out.fileno())
    finally:
        if out is not None:
            out.close()
    records = [done[i] for i in range(shards)]
    return Count(
        solutions=sum(r["solutions"] for r in records),
        nodes=sum(r["nodes"] for r in records),
        updates=sum(r["updates"] for r in records),
        cleansings=sum(r["cleansings"] for r in records),
        records=records,
    )


def _run(
    problem: Problem, cluster: Any, todo: list[int], of: int, engine: str, retries: int
) -> Iterator[dict[str, Any]]:
    """Each slice's record as it finishes, resubmitting failed slices."""
    if not todo:
        return
    owned = None
    if cluster is None:
        owned = cluster = concurrent.futures.ThreadPoolExecutor(os.cpu_count() or 1)
    try:
        if _is_dask(cluster):
            # Typed as Any: dask's own annotations are partial.
            dask_distributed: Any = importlib.import_module("dask.distributed")

            # The problem travels to every worker once.
            [shared] = cluster.scatter([problem], broadcast=True)

            def submit(i: int) -> Any:
                return cluster.submit(_slice, shared, i, of, engine, pure=False)

            pending = dask_distributed.as_completed([])
            futures = {}
            for i in todo:
                future = submit(i)
                futures[future] = i
                pending.add(future)
            failures: dict[int, int] = {}
            for future in pending:
                i = futures.pop(future)
                if future.status == "finished":
                    yield future.result()
                    continue
                failures[i] = failures.get(i, 0) + 1
                if failures[i] > retries:
                    raise RuntimeError(
                        f"slice {i} of {of} failed {failures[i]} times: {future.exception()!r}"
                    )
                again = submit(i)
                futures[again] = i
                pending.add(again)
            return
        failures = {}
        running = {cluster.submit(_slice, problem, i, of, engine): i for i in todo}
        while running:
            finished, _ = concurrent.futures.wait(
                running, return_when=concurrent.futures.FIRST_COMPLETED
            )
            for future in finished:
                i = running.pop(future)
                error = future.exception()
                if error is None:
                    yield future.result()
                    continue
                failures[i] = failures.get(i, 0) + 1
                if failures[i] > retries:
                    for other in running:
                        other.cancel()
                    raise RuntimeError(
                        f"slice {i} of {of} failed {failures[i]} times: {error!r}"
                    ) from error
                running[cluster.submit(_slice, problem, i, of, engine)] = i
    finally:
        if owned is not None:
            owned.shutdown(cancel_futures=True)
