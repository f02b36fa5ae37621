//! The replay of the backtracking search for N-Queens: the board, the three
//! boolean arrays and the path of the search, step by step.
//!
//! ```
//! use quadrille_queens::backtrack::Step;
//! use quadrille_replay::queens::Trace;
//!
//! // Stop at the first solution: the last step puts its last queen.
//! let trace = Trace::record(4, 1_000, Some(1))?;
//! assert_eq!(trace.solutions()[0].cols, [1, 3, 0, 2]);
//! assert_eq!(trace.steps().last(), Some(&Step::Place { row: 3, col: 2 }));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::ops::ControlFlow;

use quadrille_queens::backtrack::{self, Step};
use serde::Serialize;

use crate::{Error, page};

/// The largest board a page draws.
pub const MAX_N: usize = 12;

/// The steps a page holds unless told otherwise: all of them up to 9 queens
/// (8 queens take 6,077 steps, 9 queens 24,828), the first part of the search
/// beyond.
pub const DEFAULT_STEP_LIMIT: usize = 30_000;

const SCRIPT: &str = include_str!("../assets/queens.js");
const BODY: &str = include_str!("../assets/queens.html");

/// A solution met during the replay.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Found {
    /// The number of steps taken when it was found: its last queen is put at
    /// step `step` (counting from 1).
    pub step: usize,
    /// The column of the queen in each row, from 0.
    pub cols: Vec<usize>,
}

/// The recorded search of one board.
#[derive(Clone, Debug)]
pub struct Trace {
    n: usize,
    steps: Vec<Step>,
    solutions: Vec<Found>,
    /// Steps of the whole search, kept or not.
    total_steps: u64,
    /// Solutions of the whole search, kept or not.
    total_solutions: u64,
    limit: usize,
    /// Whether the search was stopped after `solution_limit` solutions.
    stopped: bool,
}

impl Trace {
    /// Runs the backtracking search on an `n`×`n` board (`n ≤` [`MAX_N`]) and keeps
    /// its first `limit` steps and the solutions found in them. With
    /// `solution_limit`, the search stops at that solution, as `--limit` stops it;
    /// otherwise it runs to its end to count the steps it would take.
    pub fn record(n: usize, limit: usize, solution_limit: Option<u64>) -> Result<Trace, Error> {
        if n > MAX_N {
            return Err(Error::BoardTooLarge { n, max: MAX_N });
        }
        let mut steps = Vec::new();
        let mut solutions = Vec::new();
        let mut total_steps = 0u64;
        let mut total_solutions = 0u64;
        let mut stopped = false;
        // Both closures count steps; the visitor reads the count through a cell.
        let taken = std::cell::Cell::new(0u64);
        backtrack::visit_traced(
            n,
            |cols| {
                total_solutions += 1;
                let step = taken.get() as usize;
                if step <= limit {
                    solutions.push(Found { step, cols: cols.to_vec() });
                }
                if solution_limit.is_some_and(|k| total_solutions >= k) {
                    stopped = true;
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            },
            |step| {
                taken.set(taken.get() + 1);
                if steps.len() < limit {
                    steps.push(step);
                }
            },
        )?;
        total_steps += taken.get();
        Ok(Trace { n, steps, solutions, total_steps, total_solutions, limit, stopped })
    }

    /// The board size.
    pub fn n(&self) -> usize {
        self.n
    }

    /// The steps kept, in order.
    pub fn steps(&self) -> &[Step] {
        &self.steps
    }

    /// The solutions found within the steps kept.
    pub fn solutions(&self) -> &[Found] {
        &self.solutions
    }

    /// The number of steps the search took, kept or not.
    pub fn total_steps(&self) -> u64 {
        self.total_steps
    }

    /// The number of solutions the search found, kept or not.
    pub fn total_solutions(&self) -> u64 {
        self.total_solutions
    }

    /// Whether steps were left out at the limit.
    pub fn is_cut(&self) -> bool {
        (self.steps.len() as u64) < self.total_steps
    }

    /// The page: one self-contained HTML file.
    pub fn to_html(&self) -> String {
        let data = Data {
            kind: "queens",
            n: self.n,
            steps: self.steps.iter().map(|&step| encode(step)).collect(),
            solutions: &self.solutions,
            total_steps: self.total_steps,
            total_solutions: self.total_solutions,
            limit: self.limit,
            cut: self.is_cut(),
            stopped: self.stopped,
        };
        let title = format!("{} queens: the backtracking search, step by step", self.n);
        page::html(&title, BODY, SCRIPT, &data)
    }
}

/// A step as JSON: `[0, row, col]` puts a queen, `[1, row, col]` takes it back,
/// `[2, row]` leaves a row whose every column was tried.
fn encode(step: Step) -> Vec<usize> {
    match step {
        Step::Place { row, col } => vec![0, row, col],
        Step::Remove { row, col } => vec![1, row, col],
        Step::DeadEnd { row } => vec![2, row],
    }
}

#[derive(Serialize)]
struct Data<'a> {
    kind: &'static str,
    n: usize,
    steps: Vec<Vec<usize>>,
    solutions: &'a [Found],
    total_steps: u64,
    total_solutions: u64,
    limit: usize,
    cut: bool,
    stopped: bool,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cut_trace_counts_the_whole_search() {
        let whole = Trace::record(6, usize::MAX, None).unwrap();
        let cut = Trace::record(6, 100, None).unwrap();
        assert!(!whole.is_cut() && cut.is_cut());
        assert_eq!(cut.steps(), &whole.steps()[..100]);
        assert_eq!((cut.total_steps(), cut.total_solutions()), (whole.total_steps(), 4));
        assert!(cut.solutions().iter().all(|found| found.step <= 100));
        assert!(matches!(Trace::record(13, 10, None), Err(Error::BoardTooLarge { n: 13, .. })));
    }

    #[test]
    fn eight_queens_fit_in_a_small_page() {
        let page = Trace::record(8, DEFAULT_STEP_LIMIT, None).unwrap().to_html();
        assert!(page.len() < 1_000_000, "{} bytes", page.len());
        assert!(!page.contains("{{") && !page.contains("http"));
    }
}
