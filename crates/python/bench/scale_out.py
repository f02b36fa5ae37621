"""Speed of ``quadrille.distributed`` on a local Dask cluster.

Not a test: run it by hand with an optimised build, on a quiet machine::

    QUADRILLE_PYTHON_PROFILE=release crates/python/run-tests -k nothing
    target/python-venv/bin/python crates/python/bench/scale_out.py \
        --knuth data/dlx/sudoku_6x6_all.dlx

It starts a cluster of two single-threaded worker processes (on 127.0.0.1,
no dashboard) and shuts it down at the end. In each round, alternately:

* ``pair``: two independent processes each count the whole problem on one
  thread, at the same time: the throughput to match, two counts per wall time;
* ``dask K``: the cluster counts it once in ``K`` slices (by default 1,000
  and 100,000).

The problem is N-Queens on Knuth's cover (``--n``, 14 by default), or a
file in Knuth's format (``--knuth``). It prints each run, the machine's load
before and after, and then the medians: the cluster's throughput as a
fraction of the pair's (one count per wall time against two), and each
number of slices against the first, of the medians and round by round (the
median of each round's ratio, steadier when the load drifts). Every run
asserts its answer.

``--pickle`` measures instead what a ``concurrent.futures`` executor pays
to send the problem with every task: pickling and unpickling it once per
slice.
"""

from __future__ import annotations

import argparse
import functools
import importlib
import os
import pickle
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from typing import Any

import quadrille
from quadrille import distributed

SERIAL = """
import sys, quadrille
if sys.argv[1] == "queens":
    print(quadrille.queens_count(int(sys.argv[2]), algorithm="dlx", threads=1).total)
else:
    with open(sys.argv[2]) as f:
        print(quadrille.Problem.from_knuth(f.read()).count(threads=1))
"""


def pair(what: list[str], expected: int) -> float:
    """Wall time of two one-thread counts run side by side."""
    start = time.perf_counter()
    children = [
        subprocess.Popen([sys.executable, "-c", SERIAL, *what], stdout=subprocess.PIPE, text=True)
        for _ in range(2)
    ]
    for child in children:
        out, _ = child.communicate()
        assert int(out) == expected, out
    return time.perf_counter() - start


def on_cluster(client: Any, target: Any, shards: int, expected: int) -> float:
    """Wall time of one count in ``shards`` slices on the cluster."""
    start = time.perf_counter()
    total = distributed.count(target, client, shards=shards)
    assert total.solutions == expected, total
    return time.perf_counter() - start


def load() -> str:
    """The machine's load averages over 1, 5 and 15 minutes."""
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def pickling(slices: int) -> None:
    """What sending pentomino 6x10 with each of ``slices`` tasks costs."""
    problem = quadrille.pack("pentominoes", "6x10").problem
    start = time.perf_counter()
    for _ in range(slices):
        data = pickle.dumps(problem)
    dumps = time.perf_counter() - start
    start = time.perf_counter()
    for _ in range(slices):
        pickle.loads(data)
    loads = time.perf_counter() - start
    start = time.perf_counter()
    whole = problem.count(threads=1)
    count = time.perf_counter() - start
    print(
        f"pentomino 6x10: {len(data):,} bytes pickled; {slices} slices:"
        f" pickling {dumps:.3f} s, unpickling {loads:.3f} s;"
        f" the count itself on one thread {count:.2f} s ({whole} solutions)"
    )


def main() -> None:
    """Runs the rounds and prints the medians."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--n", type=int, default=14, help="queens to count (DLX)")
    parser.add_argument("--knuth", help="count this file in Knuth's format instead")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--shards", type=int, nargs="+", default=[1000, 100_000])
    parser.add_argument("--pickle", action="store_true", help="measure pickling instead")
    args = parser.parse_args()
    if args.pickle:
        pickling(1000)
        return
    # Typed as Any: dask's own annotations are partial.
    dask_distributed: Any = importlib.import_module("dask.distributed")

    target: Any
    if args.knuth:
        with open(args.knuth) as f:
            target = quadrille.Problem.from_knuth(f.read())
        what = ["knuth", args.knuth]
        expected = target.count()
    else:
        target = distributed.Queens(args.n, "dlx")
        what = ["queens", str(args.n)]
        expected = quadrille.queens_count(args.n, algorithm="dlx").total
    print(f"load before: {load()}", flush=True)
    times: dict[str, list[float]] = {"pair": []}
    with dask_distributed.LocalCluster(
        n_workers=2,
        threads_per_worker=1,
        processes=True,
        host="127.0.0.1",
        dashboard_address=None,
    ) as cluster:
        with dask_distributed.Client(cluster) as client:
            on_cluster(client, target, 16, expected)  # the workers warm
            for round_ in range(args.rounds):
                runs: list[tuple[str, Callable[[], float]]] = [
                    ("pair", functools.partial(pair, what, expected))
                ]
                for k in args.shards:
                    runs.append(
                        (f"dask {k}", functools.partial(on_cluster, client, target, k, expected))
                    )
                if round_ % 2:
                    runs.reverse()
                for label, run in runs:
                    seconds = run()
                    times.setdefault(label, []).append(seconds)
                    print(f"round {round_ + 1}: {label}: {seconds:.2f} s", flush=True)
    print(f"load after: {load()}")
    medians = {label: statistics.median(t) for label, t in times.items()}
    first = f"dask {args.shards[0]}"
    for k in args.shards:
        label = f"dask {k}"
        # Two counts in the pair's time against one in the cluster's.
        ratio = (medians["pair"] / 2) / medians[label]
        # The same, round by round (runs side by side see the same load).
        paired = statistics.median(p / 2 / d for p, d in zip(times["pair"], times[label]))
        against = statistics.median(d / f - 1 for d, f in zip(times[label], times[first]))
        print(
            f"{label}: median {medians[label]:.2f} s; pair median {medians['pair']:.2f} s;"
            f" throughput {ratio:.3f} of two one-thread processes"
            f" (median of the rounds' {paired:.3f});"
            f" {medians[label] / medians[first] - 1:+.1%} against {first}"
            f" (median of the rounds' {against:+.1%})"
        )


if __name__ == "__main__":
    main()
