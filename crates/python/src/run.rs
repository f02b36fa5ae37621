//! Running a search off the calling thread, so that the GIL is released while
//! it runs and Ctrl-C reaches it.
//!
//! Python runs its signal handlers on the main thread only, between bytecodes:
//! a search that held the main thread would not see Ctrl-C until its end. So
//! every search runs on a thread of its own, with a [`Monitor`] it reports to,
//! while the calling thread waits without the GIL and wakes every
//! [`POLL`] to let Python look at its signals. When a handler raises (Ctrl-C
//! raises `KeyboardInterrupt`), the monitor is stopped; the search stops at its
//! next report, every 4,096 nodes, and the exception goes up.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Arc;
use std::time::Duration;

use pyo3::exceptions::{PyMemoryError, PyOverflowError, PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use quadrille_dlx::front::{Report, SearchError};
use quadrille_dlx::memo::MemoError;
use quadrille_dlx::sweep::SweepError;
use quadrille_dlx::{Monitor, Stats};

/// How long the calling thread waits between two looks at Python's signals.
pub(crate) const POLL: Duration = Duration::from_millis(10);

/// How long the calling thread yields to a new search before it sleeps.
const YIELD_FOR: Duration = Duration::from_millis(1);

/// What a panic says, for the `RuntimeError` that replaces it.
pub(crate) fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    if let Some(s) = payload.downcast_ref::<&str>() {
        (*s).to_string()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        "a panic".to_string()
    }
}

/// Runs `work` on a thread of its own with the GIL released, looking at
/// Python's signals every [`POLL`]; `monitor` is the one `work` searches with,
/// stopped when a signal handler raises. A panic in `work` comes back as a
/// `RuntimeError`, never as a panic crossing into Python.
pub(crate) fn interruptible<T, F>(py: Python<'_>, monitor: &Arc<Monitor>, work: F) -> PyResult<T>
where
    T: Send,
    F: FnOnce() -> T + Send,
{
    std::thread::scope(|scope| {
        let waiter = std::thread::current();
        // A thread the system refuses (too many, too little memory) is a
        // `RuntimeError`, not a panic: Python's `PanicException` would
        // escape `except Exception`.
        let handle = std::thread::Builder::new()
            .spawn_scoped(scope, move || {
                let result = catch_unwind(AssertUnwindSafe(work));
                waiter.unpark();
                result
            })
            .map_err(|error| PyRuntimeError::new_err(format!("cannot start a thread for the search: {error}")))?;
        // A short search is over in well under a millisecond: yielding the
        // processor to it first, rather than sleeping at once, saves the
        // scheduler's wake-up latency (milliseconds on a busy machine).
        py.allow_threads(|| {
            let start = std::time::Instant::now();
            while !handle.is_finished() && start.elapsed() < YIELD_FOR {
                std::thread::yield_now();
            }
        });
        loop {
            py.allow_threads(|| {
                if !handle.is_finished() {
                    std::thread::park_timeout(POLL);
                }
            });
            if handle.is_finished() {
                break;
            }
            if let Err(error) = py.check_signals() {
                monitor.stop();
                // The search stops at its next report; the scope waits for it.
                return Err(error);
            }
        }
        match handle.join() {
            Ok(Ok(value)) => Ok(value),
            Ok(Err(payload)) | Err(payload) => {
                Err(PyRuntimeError::new_err(format!("internal error in the search: {}", panic_message(&*payload))))
            }
        }
    })
}

/// An engine's statistics as a tuple: nodes, updates, cleansings, solutions;
/// the updates and cleansings `None` where the engine does not count them
/// (the sweep; the cheapest solutions on bitset frames).
pub(crate) type StatsTuple = (u64, Option<u64>, Option<u64>, u64);

/// A search's statistics as a [`StatsTuple`].
pub(crate) fn stats_tuple(stats: &Stats) -> StatsTuple {
    (stats.nodes, Some(stats.updates), Some(stats.cleansings), stats.solutions)
}

/// The statistics of the engine that answered, as a [`StatsTuple`] (only
/// those it counts), with `solutions` for its solutions, and its name.
pub(crate) fn report_tuple(report: &Report, solutions: u64) -> (StatsTuple, &'static str) {
    let figure = |name: &str| report.stats.figures().into_iter().find(|&(n, _)| n == name).map(|(_, f)| f);
    ((report.stats.nodes(), figure("updates"), figure("cleansings"), solutions), report.engine.name())
}

/// A library error as Python's `ValueError`.
pub(crate) fn value_error(error: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(error.to_string())
}

/// The front's error as a Python exception: `OverflowError` past the sweep's
/// wide count (2^192), `MemoryError` past the memory limit of the memo or
/// of the sweep's count by frontiers, `RuntimeError` for threads, else
/// `ValueError`.
pub(crate) fn search_error(error: SearchError) -> PyErr {
    match error {
        SearchError::Parallel(e) => PyRuntimeError::new_err(e.to_string()),
        SearchError::Sweep(e @ SweepError::Overflow) => PyOverflowError::new_err(e.to_string()),
        SearchError::Sweep(e @ SweepError::Memory { .. }) => {
            PyMemoryError::new_err(format!("{e}; raise it with memo_bytes=, or count with another engine"))
        }
        SearchError::Memo(e) => memo_error(e),
        e => value_error(e),
    }
}

/// The memo's error as a Python exception: `MemoryError` past the memory
/// limit (naming it), `RuntimeError` when interrupted, else `ValueError`.
pub(crate) fn memo_error(error: MemoError) -> PyErr {
    match error {
        MemoError::Interrupted => PyRuntimeError::new_err(error.to_string()),
        MemoError::Memory { .. } => {
            PyMemoryError::new_err(format!("{error}; raise it with memo_bytes=, or count with another engine"))
        }
        _ => PyValueError::new_err(error.to_string()),
    }
}
