//! Answering many puzzles on several threads, in order.

use std::sync::atomic::{AtomicUsize, Ordering};

use crate::{Alphabet, Answer, Entry, Error, SudokuSolver, Task};

/// Puzzles handed to a thread at a time: small enough to balance hard and easy
/// puzzles between threads, large enough that taking one costs nothing.
const BLOCK: usize = 16;

/// Answers batches of puzzles on a fixed number of threads, keeping one
/// [`SudokuSolver`] per thread from batch to batch. Answers come back in the
/// order of the puzzles, whatever the number of threads.
///
/// ```
/// use quadrille_sudoku::{Batch, Reader, Status, Task};
///
/// let mut reader = Reader::default();
/// let mut entries = Vec::new();
/// for line in ["..3..4.221......", "1.1.............", "................"] {
///     reader.push_line(line, &mut entries);
/// }
/// let mut batch = Batch::new(2);
/// let answers = batch.solve(&entries, Task::Check, Default::default());
/// assert_eq!(answers[0].as_ref().unwrap().status(), Status::Solved);
/// assert_eq!(answers[1].as_ref().unwrap_err().to_string(), "line 2: r1c1 and r1c3 both hold 1");
/// assert_eq!(answers[2].as_ref().unwrap().status(), Status::Multiple);
/// ```
#[derive(Debug)]
pub struct Batch {
    solvers: Vec<SudokuSolver>,
}

impl Batch {
    /// A batch runner on `threads` threads (at least one).
    pub fn new(threads: usize) -> Batch {
        Batch::with_engine(threads, quadrille_dlx::Engine::Auto)
    }

    /// A batch runner on `threads` threads whose searches run on `engine`.
    pub fn with_engine(threads: usize, engine: quadrille_dlx::Engine) -> Batch {
        Batch { solvers: (0..threads.max(1)).map(|_| SudokuSolver::with_engine(engine)).collect() }
    }

    /// Every search watched by `monitor` ([`SudokuSolver::set_monitor`]): once it
    /// is stopped, the puzzles not yet answered are [`Error::Interrupted`].
    pub fn monitor(mut self, monitor: Option<std::sync::Arc<quadrille_dlx::Monitor>>) -> Batch {
        for solver in &mut self.solvers {
            solver.set_monitor(monitor.clone());
        }
        self
    }

    /// The number of threads.
    pub fn threads(&self) -> usize {
        self.solvers.len()
    }

    /// Answers `task` for every entry, in order. An entry that could not be read
    /// keeps its error; a conflict found while solving is placed at its entry's
    /// line, with its digit written in `alphabet`.
    pub fn solve(&mut self, entries: &[Entry], task: Task, alphabet: Alphabet) -> Vec<Result<Answer, Error>> {
        let answer = |solver: &mut SudokuSolver, entry: &Entry| match &entry.puzzle {
            Ok(grid) => match &entry.model {
                Some(model) => solver.solve_in(model, grid, task),
                None => solver.solve(grid, task),
            }
            .map_err(|e| e.place(entry.line, alphabet)),
            Err(e) => Err(e.clone()),
        };
        if self.solvers.len() == 1 || entries.len() <= BLOCK {
            return entries.iter().map(|entry| answer(&mut self.solvers[0], entry)).collect();
        }
        let blocks: Vec<&[Entry]> = entries.chunks(BLOCK).collect();
        let next = AtomicUsize::new(0);
        let mut done: Vec<(usize, Vec<Result<Answer, Error>>)> = std::thread::scope(|scope| {
            let workers: Vec<_> = self
                .solvers
                .iter_mut()
                .map(|solver| {
                    let (blocks, next) = (&blocks, &next);
                    scope.spawn(move || {
                        let mut done = Vec::new();
                        loop {
                            let b = next.fetch_add(1, Ordering::Relaxed);
                            let Some(block) = blocks.get(b) else { break };
                            done.push((b, block.iter().map(|entry| answer(solver, entry)).collect()));
                        }
                        done
                    })
                })
                .collect();
            workers.into_iter().flat_map(|w| w.join().expect("a sudoku thread panicked")).collect()
        });
        done.sort_unstable_by_key(|&(b, _)| b);
        done.into_iter().flat_map(|(_, answers)| answers).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Reader, Status};

    #[test]
    fn answers_keep_the_input_order_on_any_number_of_threads() {
        // Puzzles of three kinds interleaved, more than a block of them.
        let lines =
            ["..3..4.221......", "1.1.............", "................", "1234............", "12..34.........."];
        let mut reader = Reader::default();
        let mut entries = Vec::new();
        for k in 0..200 {
            reader.push_line(lines[k % lines.len()], &mut entries);
        }
        let serial = Batch::new(1).solve(&entries, Task::Check, Alphabet::OneBased);
        for threads in [2, 3, 8] {
            assert_eq!(Batch::new(threads).solve(&entries, Task::Check, Alphabet::OneBased), serial);
        }
        let statuses: Vec<_> = serial[..5].iter().map(|a| a.as_ref().map(Answer::status).ok()).collect();
        assert_eq!(
            statuses,
            [Some(Status::Solved), None, Some(Status::Multiple), Some(Status::Multiple), Some(Status::Multiple)]
        );
        assert_eq!(
            serial[1].as_ref().unwrap_err(),
            &Error::Conflict {
                line: Some(2),
                first: crate::Cell { row: 0, col: 0 },
                second: crate::Cell { row: 0, col: 2 },
                digit: '1'
            }
        );
    }

    /// A stopped monitor: every puzzle's answer says so, none says "none".
    #[test]
    fn a_stopped_monitor_answers_interrupted() {
        let mut reader = Reader::default();
        let mut entries = Vec::new();
        for _ in 0..40 {
            reader.push_line(&".".repeat(81), &mut entries);
        }
        let monitor = std::sync::Arc::new(quadrille_dlx::Monitor::new());
        monitor.stop();
        for threads in [1, 2] {
            let answers =
                Batch::new(threads).monitor(Some(monitor.clone())).solve(&entries, Task::First, Alphabet::OneBased);
            assert_eq!(answers.len(), 40);
            assert!(answers.iter().all(|a| matches!(a, Err(Error::Interrupted { line: Some(_) }))), "{answers:?}");
        }
    }
}
