//! The solutions of a search handed to Python one at a time: the search runs
//! on a thread of its own and sends them in chunks a little ahead of the
//! reader, whatever made them (an engine's search, or a diagram's paths).

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::mpsc::{Receiver, RecvTimeoutError, SyncSender, sync_channel};
use std::sync::{Arc, Mutex, TryLockError};
use std::thread::JoinHandle;

use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyList;
use quadrille_dlx::{Monitor, OptionId, Stats};

use crate::run::{POLL, panic_message, stats_tuple};

/// Refuses payloads that are not one per option.
pub(crate) fn check_payloads(payloads: &Option<Vec<PyObject>>, n_options: usize) -> PyResult<()> {
    match payloads {
        Some(payloads) if payloads.len() != n_options => {
            Err(PyValueError::new_err(format!("{} payloads for {} options", payloads.len(), n_options)))
        }
        _ => Ok(()),
    }
}

/// Solutions travel from the search's thread in chunks: the options of each,
/// one after the other, and where each ends.
#[derive(Default)]
pub(crate) struct Chunk {
    options: Vec<u32>,
    ends: Vec<usize>,
}

/// What the search's thread sends.
pub(crate) enum Message {
    Chunk(Chunk),
    Done(Stats),
    Panicked(String),
}

/// The most solutions in one chunk; the first chunks are smaller (1, 2, 4, …),
/// so that asking for a few solutions does not search for many.
const CHUNK: usize = 1024;

/// Gathers solutions into chunks and sends them.
pub(crate) struct ChunkSender<'s> {
    sender: &'s SyncSender<Message>,
    chunk: Chunk,
    size: usize,
    open: bool,
}

impl<'s> ChunkSender<'s> {
    pub(crate) fn new(sender: &'s SyncSender<Message>) -> Self {
        ChunkSender { sender, chunk: Chunk::default(), size: 1, open: true }
    }

    /// Adds a solution; false once the reader has gone.
    pub(crate) fn push(&mut self, solution: &[OptionId]) -> bool {
        self.chunk.options.extend(solution.iter().map(|o| o.0));
        self.chunk.ends.push(self.chunk.options.len());
        if self.chunk.ends.len() >= self.size {
            self.size = (self.size * 2).min(CHUNK);
            if self.sender.send(Message::Chunk(std::mem::take(&mut self.chunk))).is_err() {
                self.open = false;
            }
        }
        self.open
    }

    /// Sends the last solutions.
    pub(crate) fn flush(self) {
        if self.open && !self.chunk.ends.is_empty() {
            let _ = self.sender.send(Message::Chunk(self.chunk));
        }
    }
}

/// Runs `work`, which sends solutions, then sends its statistics, or its
/// panic's message.
pub(crate) fn send_all(sender: SyncSender<Message>, work: impl FnOnce(&SyncSender<Message>) -> Stats) {
    let result = catch_unwind(AssertUnwindSafe(|| work(&sender)));
    let _ = sender.send(match result {
        Ok(stats) => Message::Done(stats),
        Err(payload) => Message::Panicked(panic_message(&*payload)),
    });
}

struct State {
    receiver: Option<Receiver<Message>>,
    chunk: Chunk,
    /// The next solution of the chunk to hand out.
    next: usize,
    done: Option<Stats>,
}

/// The solutions of a problem, searched on a thread of their own a chunk
/// ahead of the reader; closing or dropping it stops and frees the search.
#[pyclass(module = "quadrille", name = "Solutions", frozen)]
pub(crate) struct PySolutions {
    state: Mutex<State>,
    monitor: Arc<Monitor>,
    payloads: Option<Vec<PyObject>>,
    search: Mutex<Option<JoinHandle<()>>>,
    /// The engine that searches.
    engine: &'static str,
}

impl PySolutions {
    /// Solutions sent by `producer` on a thread of its own; `monitor` is
    /// stopped when the reader closes them.
    pub(crate) fn spawn(
        engine: &'static str,
        monitor: Arc<Monitor>,
        payloads: Option<Vec<PyObject>>,
        producer: impl FnOnce(SyncSender<Message>) + Send + 'static,
    ) -> Self {
        let (sender, receiver) = sync_channel(0);
        let search = std::thread::spawn(move || producer(sender));
        PySolutions {
            state: Mutex::new(State { receiver: Some(receiver), chunk: Chunk::default(), next: 0, done: None }),
            monitor,
            payloads,
            search: Mutex::new(Some(search)),
            engine,
        }
    }

    /// Stops the search and waits for its thread (at most until its next
    /// report to the monitor).
    fn finish(&self, state: &mut State) {
        self.monitor.stop();
        state.receiver = None;
        let search = self.search.lock().map(|mut s| s.take()).unwrap_or(None);
        if let Some(search) = search {
            let _ = search.join();
        }
    }
}

impl Drop for PySolutions {
    fn drop(&mut self) {
        if let Ok(mut state) = self.state.lock() {
            let state = &mut *state;
            self.monitor.stop();
            state.receiver = None;
        }
        if let Some(search) = self.search.get_mut().ok().and_then(Option::take) {
            let _ = search.join();
        }
    }
}

#[pymethods]
impl PySolutions {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&self, py: Python<'_>) -> PyResult<Option<PyObject>> {
        let mut guard = match self.state.try_lock() {
            Ok(guard) => guard,
            Err(TryLockError::WouldBlock) => {
                return Err(PyValueError::new_err("the solutions are already being read by another thread"));
            }
            Err(TryLockError::Poisoned(_)) => return Err(PyRuntimeError::new_err("the solutions were abandoned")),
        };
        let state = &mut *guard;
        loop {
            if state.next < state.chunk.ends.len() {
                let start = if state.next == 0 { 0 } else { state.chunk.ends[state.next - 1] };
                let options = &state.chunk.options[start..state.chunk.ends[state.next]];
                state.next += 1;
                let list = match &self.payloads {
                    Some(payloads) => PyList::new(py, options.iter().map(|&o| payloads[o as usize].clone_ref(py)))?,
                    None => PyList::new(py, options)?,
                };
                return Ok(Some(list.into_any().unbind()));
            }
            let Some(receiver) = state.receiver.take() else {
                return Ok(None);
            };
            let (receiver, message) = py.allow_threads(move || {
                let message = receiver.recv_timeout(POLL);
                (receiver, message)
            });
            state.receiver = Some(receiver);
            match message {
                Ok(Message::Chunk(chunk)) => {
                    state.chunk = chunk;
                    state.next = 0;
                }
                Ok(Message::Done(stats)) => {
                    state.done = Some(stats);
                    self.finish(state);
                    return Ok(None);
                }
                Ok(Message::Panicked(message)) => {
                    self.finish(state);
                    return Err(PyRuntimeError::new_err(format!("internal error in the search: {message}")));
                }
                Err(RecvTimeoutError::Timeout) => {
                    if let Err(error) = py.check_signals() {
                        self.finish(state);
                        return Err(error);
                    }
                }
                Err(RecvTimeoutError::Disconnected) => {
                    self.finish(state);
                    return Ok(None);
                }
            }
        }
    }

    /// Stops the search and frees it; the iterator then ends.
    fn close(&self) {
        if let Ok(mut state) = self.state.lock() {
            state.chunk = Chunk::default();
            state.next = 0;
            self.finish(&mut state);
        }
    }

    /// The statistics: final once the iterator has ended, else those the
    /// search has reported so far.
    #[getter]
    fn stats(&self, py: Python<'_>) -> PyResult<PyObject> {
        let stats = match self.state.try_lock() {
            Ok(state) if state.done.is_some() => stats_tuple(state.done.as_ref().expect("checked")),
            _ => stats_tuple(&self.monitor.stats()),
        };
        let class = py.import("quadrille._problem")?.getattr("Stats")?;
        let kwargs = pyo3::types::PyDict::new(py);
        kwargs.set_item("engine", self.engine)?;
        Ok(class.call(stats, Some(&kwargs))?.unbind())
    }

    /// Whether the search has ended.
    #[getter]
    fn finished(&self) -> bool {
        self.state.try_lock().map(|s| s.receiver.is_none()).unwrap_or(false)
    }
}
