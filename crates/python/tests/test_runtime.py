"""What Python users expect of a search: other threads run, Ctrl-C stops it,
an abandoned iterator frees it."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import threading
import time

import pytest
from quadrille import Problem


def queens(n: int) -> Problem:
    """N-Queens as exact cover: rows and columns primary, diagonals secondary."""
    rows = [f"r{i}" for i in range(n)]
    cols = [f"c{j}" for j in range(n)]
    diagonals = [f"a{d}" for d in range(2 * n - 1)] + [f"b{d}" for d in range(2 * n - 1)]
    options = [
        [f"r{i}", f"c{j}", f"a{i + j}", f"b{n - 1 - i + j}"] for i in range(n) for j in range(n)
    ]
    return Problem(rows + cols, options, secondary=diagonals)


def threads_now() -> int:
    return len(os.listdir("/proc/self/task"))


class Ticker:
    """A thread that counts its ticks, one a millisecond, while the block
    runs: with the GIL held by a search it would count none."""

    def __init__(self) -> None:
        self.ticks = 0
        self._done = threading.Event()
        self._thread = threading.Thread(target=self._tick)

    def _tick(self) -> None:
        while not self._done.is_set():
            self.ticks += 1
            time.sleep(0.001)

    def __enter__(self) -> Ticker:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._done.set()
        self._thread.join()


def test_gil_is_released_during_a_count() -> None:
    problem = queens(13)
    start = time.monotonic()
    with Ticker() as ticker:
        assert problem.count(threads=1) == 73_712
    elapsed = time.monotonic() - start
    # The ticker ran through the count (a held GIL would have kept it at 0 or 1).
    assert ticker.ticks >= min(50, int(elapsed * 200))


def test_gil_is_released_while_iterating() -> None:
    problem = queens(11)
    with Ticker() as ticker:
        assert sum(1 for _ in problem.solutions()) == 2680
    assert ticker.ticks > 0


def test_an_abandoned_iterator_frees_its_search() -> None:
    problem = queens(16)  # 14,772,512 solutions: hours in Python, seconds here
    before = threads_now()
    solutions = problem.solutions()
    first = next(solutions)
    assert len(first) == 16
    # Paused between two calls, the search holds no thread (other tests'
    # threads, a cluster's, may still be ending: at most as many as before).
    assert threads_now() <= before
    del solutions
    assert threads_now() <= before
    solutions = problem.solutions()
    for _ in zip(range(5), solutions):
        pass
    solutions.close()
    assert threads_now() <= before
    assert list(solutions) == []
    assert solutions.finished


def test_two_iterators_at_once() -> None:
    problem = queens(6)
    a, b = problem.solutions(), problem.solutions()
    assert [next(a), next(b)] == [next(problem.solutions())] * 2
    assert len(list(a)) == len(list(b)) == 3


CHILD = textwrap.dedent(
    """
    import signal, sys, time
    # Ctrl-C raises KeyboardInterrupt even where the child was started with
    # SIGINT ignored (as a shell's background jobs are).
    signal.signal(signal.SIGINT, signal.default_int_handler)
    sys.path.insert(0, {tests!r})
    from test_runtime import queens
    from quadrille import Problem
    problem = queens(17)
    how = sys.argv[1]
    extra = -1
    if how == "knuth":
        import os
        def handler(signum, frame):
            # The threads besides the process's own when Ctrl-C is handled:
            # one more while the text is read off the calling thread.
            global extra
            extra = len(os.listdir("/proc/self/task")) - baseline
            raise KeyboardInterrupt
        signal.signal(signal.SIGINT, handler)
        baseline = len(os.listdir("/proc/self/task"))
        # 128 items and 600,000 options of 32: seconds of reading.
        names = [f"i{{k}}" for k in range(128)]
        lines = [" ".join(names)]
        lines += [" ".join(names[k % 96 : k % 96 + 32]) for k in range(600_000)]
        text = "\\n".join(lines) + "\\n"
    print("ready", flush=True)
    try:
        if how == "knuth":
            Problem.from_knuth(text)
        elif how == "count":
            problem.count(threads=1)
        elif how == "threads":
            problem.count(threads=2)
        elif how == "zdd":
            problem.zdd()
        elif how == "estimate":
            problem.estimate(probes=2**32 - 1)
        else:
            for _ in problem.solutions():
                pass
    except KeyboardInterrupt:
        print(f"interrupted {{time.monotonic()}} {{extra}}", flush=True)
    else:
        print("finished", flush=True)
    """
)


def interrupt(how: str) -> float:
    """Seconds from a SIGINT sent during a long search to the
    KeyboardInterrupt in the searching process."""
    line = interrupted(how, 0.5)
    return float(line[1]) - float(line[3])


def interrupted(how: str, after: float) -> list[str]:
    """What the child says when a SIGINT sent `after` seconds into `how`
    interrupts it: "interrupted", when, the threads besides its own then (for
    `knuth`), and when the SIGINT was sent."""
    code = CHILD.format(tests=os.path.dirname(__file__))
    child = subprocess.Popen([sys.executable, "-c", code, how], stdout=subprocess.PIPE, text=True)
    assert child.stdout is not None
    assert child.stdout.readline().strip() == "ready"
    time.sleep(after)
    sent = time.monotonic()
    child.send_signal(signal.SIGINT)
    # A child that does not stop is killed, so that the test fails rather
    # than waits forever on its output.
    watchdog = threading.Timer(60, child.kill)
    watchdog.start()
    try:
        line = child.stdout.readline().split()
    finally:
        watchdog.cancel()
    child.wait(timeout=10)
    assert line and line[0] == "interrupted", f"{how}: the child did not stop after Ctrl-C: {line}"
    return [*line, str(sent)]


def test_ctrl_c_stops_a_long_count() -> None:
    assert interrupt("count") < 0.1


def test_ctrl_c_stops_a_count_on_threads() -> None:
    assert interrupt("threads") < 0.1


def test_ctrl_c_stops_building_a_zdd() -> None:
    assert interrupt("zdd") < 0.1


def test_ctrl_c_stops_an_estimate() -> None:
    assert interrupt("estimate") < 0.1


def test_ctrl_c_stops_an_iteration() -> None:
    assert interrupt("iterate") < 0.1


def test_ctrl_c_stops_reading_knuth_text() -> None:
    # Heard while the text is read, on a thread of its own: read on the
    # calling thread, Ctrl-C waited for the end of the text.
    line = interrupted("knuth", 0.2)
    assert int(line[2]) >= 1, line


@pytest.mark.parametrize("live", [10, 1_500, 3_000])
def test_many_live_iterators_need_no_thread_each(live: int) -> None:
    # About 1,400 live iterators, each with a thread, ran out of threads.
    problem = queens(8)
    before = threads_now()
    iterators = [problem.solutions() for _ in range(live)]
    firsts = [next(it) for it in iterators]
    # A thread each would be `live` more; others' may be ending: at most as before.
    assert threads_now() <= before
    assert all(f == firsts[0] for f in firsts)
    # Each iterator goes on to its end: 92 solutions (OEIS A000170), one read.
    assert all(len(list(it)) == 91 for it in iterators)
    assert threads_now() <= before


REFUSED = textwrap.dedent(
    """
    import resource, sys
    sys.path.insert(0, {tests!r})
    from test_runtime import queens
    problem = queens(6)
    # No room left for a thread's stack: the system refuses the search's thread.
    with open("/proc/self/status") as status:
        size = next(int(l.split()[1]) for l in status if l.startswith("VmSize"))
    resource.setrlimit(resource.RLIMIT_AS, ((size + 512) * 1024, resource.RLIM_INFINITY))
    try:
        problem.count(threads=1)
    except Exception as error:
        print(type(error).__name__, error)
    """
)


def test_a_thread_refused_is_an_exception() -> None:
    tests = os.path.dirname(os.path.abspath(__file__))
    run = subprocess.run(
        [sys.executable, "-c", REFUSED.format(tests=tests)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode == 0, run.stderr[-2000:]
    assert run.stdout.startswith("RuntimeError cannot start a thread for the search"), run.stdout
