//! The replay of dancing links: the matrix of items and options, the item
//! chosen at each level, the options hidden and brought back as each step
//! happens; for N-Queens, the board too.
//!
//! ```
//! use quadrille_dlx::Problem;
//! use quadrille_replay::dlx::{self, Trace};
//!
//! let problem = Problem::from_knuth("A B C D E F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n")?;
//! let trace = Trace::record(&problem, dlx::DEFAULT_STEP_LIMIT, None)?;
//! assert_eq!(trace.solutions(), 1);
//! let lines: Vec<String> = trace.events().iter().map(|e| dlx::describe(&problem, e)).collect();
//! assert_eq!(lines[0], "level 0: choose A (2 options)");
//! assert_eq!(lines[1], "level 0: cover A, hiding 2 options");
//! assert!(trace.to_html().contains("<table"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt::Write as _;
use std::ops::ControlFlow;

use quadrille_dlx::{Config, Event, Item, OptionId, Problem, Solver};
use quadrille_queens::model::{CoverModel, Order};
use serde::Serialize;
use serde_json::{Value, json};

use crate::{Error, page};

/// The most options a page draws.
pub const MAX_OPTIONS: usize = 1_000;

/// The most items a page draws.
pub const MAX_ITEMS: usize = 300;

/// The events a page holds unless told otherwise (8 queens take 5,059).
pub const DEFAULT_STEP_LIMIT: usize = 20_000;

const SCRIPT: &str = include_str!("../assets/dlx.js");
const BODY: &str = include_str!("../assets/dlx.html");

/// The recorded search of one problem.
#[derive(Clone, Debug)]
pub struct Trace {
    problem: Problem,
    title: String,
    events: Vec<Event>,
    /// The search went on past the last event kept.
    cut: bool,
    /// The search was stopped at the solution limit.
    stopped: bool,
    limit: usize,
    solutions: u64,
    /// For N-Queens: the board size and each option's square.
    board: Option<(usize, Vec<(usize, usize)>)>,
}

/// Runs dancing links on `problem` (of any size) and hands each of its
/// steps to `on_event`, as it makes them, until it returns `Break`; the
/// search stops there, or after `solution_limit` solutions. Returns the
/// solutions found: what a text trace streams, with [`describe`] for its
/// lines.
pub fn stream<T>(problem: &Problem, solution_limit: Option<u64>, on_event: T) -> u64
where
    T: FnMut(Event) -> ControlFlow<()>,
{
    let mut solver = Solver::with_config(problem, Config::new().limit(solution_limit));
    solver.visit_traced(|_| ControlFlow::Continue(()), on_event)
}

impl Trace {
    /// Runs dancing links on `problem` (at most [`MAX_OPTIONS`] options and
    /// [`MAX_ITEMS`] items) and keeps its first `limit` events; the search stops
    /// there, or after `solution_limit` solutions.
    pub fn record(problem: &Problem, limit: usize, solution_limit: Option<u64>) -> Result<Trace, Error> {
        if problem.n_options() > MAX_OPTIONS || problem.n_items() > MAX_ITEMS {
            return Err(Error::ProblemTooLarge {
                options: problem.n_options(),
                items: problem.n_items(),
                max_options: MAX_OPTIONS,
                max_items: MAX_ITEMS,
            });
        }
        let mut solver = Solver::with_config(problem, Config::new().limit(solution_limit));
        let mut events = Vec::new();
        let mut cut = false;
        let solutions = solver.visit_traced(
            |_| ControlFlow::Continue(()),
            |event| {
                if events.len() >= limit {
                    cut = true;
                    return ControlFlow::Break(());
                }
                events.push(event);
                ControlFlow::Continue(())
            },
        );
        let stopped = !cut && solution_limit.is_some_and(|k| solutions >= k);
        let title = format!("Dancing links: {} items, {} options", problem.n_items(), problem.n_options());
        Ok(Trace { problem: problem.clone(), title, events, cut, stopped, limit, solutions, board: None })
    }

    /// As [`record`](Trace::record), on Knuth's cover model of N-Queens
    /// (`n ≤` [`queens::MAX_N`](crate::queens::MAX_N)); the page also draws the
    /// board.
    pub fn record_queens(n: usize, order: Order, limit: usize, solution_limit: Option<u64>) -> Result<Trace, Error> {
        if n > crate::queens::MAX_N {
            return Err(Error::BoardTooLarge { n, max: crate::queens::MAX_N });
        }
        let model = CoverModel::new(n, order)?;
        let mut trace = Trace::record(model.problem(), limit, solution_limit)?;
        trace.title = format!("{n} queens by dancing links, step by step");
        trace.board = Some((n, model.problem().options().map(|o| model.cell(o)).collect()));
        Ok(trace)
    }

    /// Sets the page's title.
    pub fn with_title(mut self, title: &str) -> Trace {
        self.title = title.to_string();
        self
    }

    /// The events kept, in order.
    pub fn events(&self) -> &[Event] {
        &self.events
    }

    /// The solutions found within the events kept.
    pub fn solutions(&self) -> u64 {
        self.solutions
    }

    /// Whether the search went on past the events kept.
    pub fn is_cut(&self) -> bool {
        self.cut
    }

    /// The page: one self-contained HTML file.
    pub fn to_html(&self) -> String {
        let p = &self.problem;
        let mut colors = Vec::new();
        let options: Vec<Value> = p
            .options()
            .map(|o| {
                let items: Vec<Value> = p
                    .option(o)
                    .map(|(item, color)| match color {
                        Some(c) => {
                            let name = p.color_name(c).to_string();
                            let k = colors.iter().position(|x| *x == name).unwrap_or_else(|| {
                                colors.push(name);
                                colors.len() - 1
                            });
                            json!([item.0, k])
                        }
                        None => json!([item.0]),
                    })
                    .collect();
                json!({ "items": items, "text": p.format_option(o) })
            })
            .collect();
        let data = Data {
            kind: "dlx",
            items: p.items().map(|i| json!({ "name": p.item_name(i), "primary": p.is_primary(i) })).collect(),
            options,
            colors,
            events: self.events.iter().map(encode).collect(),
            cut: self.cut,
            stopped: self.stopped,
            limit: self.limit,
            board: self.board.as_ref().map(|(n, cells)| json!({ "n": n, "cells": cells })),
        };
        page::html(&self.title, BODY, SCRIPT, &data)
    }
}

#[derive(Serialize)]
struct Data {
    kind: &'static str,
    items: Vec<Value>,
    options: Vec<Value>,
    colors: Vec<String>,
    events: Vec<Value>,
    cut: bool,
    stopped: bool,
    limit: usize,
    board: Option<Value>,
}

fn ids(options: &[OptionId]) -> Vec<u32> {
    options.iter().map(|o| o.0).collect()
}

/// An event as JSON, with short keys to keep pages small: `t` the kind, `l` the
/// level, `i` an item, `x` an option (or the options of a solution), `o` the
/// options hidden or restored, `c` the items committed, `len` the lengths.
fn encode(event: &Event) -> Value {
    match event {
        Event::Choose { level, item, lengths } => {
            let lengths: Vec<[u32; 2]> = lengths.iter().map(|(i, n)| [i.0, *n]).collect();
            json!({ "t": "choose", "l": level, "i": item.0, "len": lengths })
        }
        Event::Cover { level, item, hidden } => json!({ "t": "cover", "l": level, "i": item.0, "o": ids(hidden) }),
        Event::Try { level, option, committed, hidden } => {
            let committed: Vec<u32> = committed.iter().map(|i| i.0).collect();
            json!({ "t": "try", "l": level, "x": option.0, "c": committed, "o": ids(hidden) })
        }
        Event::Solution { level, options } => json!({ "t": "solution", "l": level, "x": ids(options) }),
        Event::Undo { level, option, restored } => {
            json!({ "t": "undo", "l": level, "x": option.0, "o": ids(restored) })
        }
        Event::Uncover { level, item, restored } => {
            json!({ "t": "uncover", "l": level, "i": item.0, "o": ids(restored) })
        }
        _ => json!({ "t": "other" }),
    }
}

fn plural(n: usize, what: &str) -> String {
    format!("{n} {what}{}", if n == 1 { "" } else { "s" })
}

/// One line of the text trace for an event, indented by its level:
/// `level 0: choose A (2 options)`, `level 0: cover A, hiding 2 options`,
/// `level 0: try option 3 (A D), hiding 3 options`, `solution: A D; C E F; B G`,
/// `level 0: undo option 3 (A D), restoring 3 options`, `level 0: uncover A,
/// restoring 2 options`.
pub fn describe(problem: &Problem, event: &Event) -> String {
    let name = |item: &Item| problem.item_name(*item);
    let mut line = String::new();
    let level = match event {
        Event::Choose { level, .. }
        | Event::Cover { level, .. }
        | Event::Try { level, .. }
        | Event::Undo { level, .. }
        | Event::Uncover { level, .. }
        | Event::Solution { level, .. } => *level,
        _ => 0,
    };
    for _ in 0..level {
        line.push_str("  ");
    }
    let _ = match event {
        Event::Choose { level, item, lengths } => {
            let len = lengths.iter().find(|(i, _)| i == item).map_or(0, |&(_, n)| n as usize);
            write!(line, "level {level}: choose {} ({})", name(item), plural(len, "option"))
        }
        Event::Cover { level, item, hidden } => {
            write!(line, "level {level}: cover {}, hiding {}", name(item), plural(hidden.len(), "option"))
        }
        Event::Try { level, option, hidden, .. } => write!(
            line,
            "level {level}: try option {} ({}), hiding {}",
            option.0,
            problem.format_option(*option),
            plural(hidden.len(), "option")
        ),
        Event::Solution { options, .. } => {
            let texts: Vec<String> = options.iter().map(|&o| problem.format_option(o)).collect();
            write!(line, "solution: {}", texts.join("; "))
        }
        Event::Undo { level, option, restored } => write!(
            line,
            "level {level}: undo option {} ({}), restoring {}",
            option.0,
            problem.format_option(*option),
            plural(restored.len(), "option")
        ),
        Event::Uncover { level, item, restored } => {
            write!(line, "level {level}: uncover {}, restoring {}", name(item), plural(restored.len(), "option"))
        }
        _ => write!(line, "{event:?}"),
    };
    line
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_search_is_cut_at_the_limit() {
        let whole = Trace::record_queens(6, Order::OrganPipe, usize::MAX, None).unwrap();
        assert!(!whole.is_cut());
        assert_eq!(whole.solutions(), 4);
        let cut = Trace::record_queens(6, Order::OrganPipe, 50, None).unwrap();
        assert!(cut.is_cut() && cut.events().len() == 50);
        assert_eq!(cut.events(), &whole.events()[..50]);
        // Exactly as many events as the search has: not cut.
        let exact = Trace::record_queens(6, Order::OrganPipe, whole.events().len(), None).unwrap();
        assert!(!exact.is_cut());
    }

    #[test]
    fn names_cannot_end_the_script() {
        let problem = Problem::from_knuth("</script> <b>\n</script> <b>\n").unwrap();
        let page = Trace::record(&problem, 100, None).unwrap().with_title("<i>&").to_html();
        assert_eq!(page.matches("</script>").count(), 2, "only the page's own two scripts end");
        assert!(page.contains("<title>&lt;i&gt;&amp;</title>"));
    }

    #[test]
    fn large_problems_are_refused() {
        assert!(matches!(Trace::record_queens(13, Order::Natural, 10, None), Err(Error::BoardTooLarge { .. })));
        let mut text = String::from("a\n");
        for _ in 0..=MAX_OPTIONS {
            text.push_str("a\n");
        }
        let problem = Problem::from_knuth(&text).unwrap();
        assert!(matches!(Trace::record(&problem, 10, None), Err(Error::ProblemTooLarge { .. })));
    }
}
