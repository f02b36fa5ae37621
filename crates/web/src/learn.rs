//! The learner's page: the steps of the real searches, as JSON for the page
//! to play. N-Queens by the boolean arrays ([`quadrille_queens::backtrack`]),
//! by bit masks ([`quadrille_queens::bitboard`], each step with the row's
//! masks) and by dancing links on Knuth's cover model; any small problem in
//! Knuth's format by dancing links ([`Solver::visit_traced`]). Each comes
//! with the nodes of its search, as `quadrille queens --algorithm … --stats`
//! and `quadrille solve --stats` count them.

use std::ops::ControlFlow;

use quadrille_dlx::{Config, Event, Problem, Solver};
use quadrille_queens::backtrack::{self, Step};
use quadrille_queens::bitboard;
use quadrille_queens::model::{CoverModel, Order};
use serde_json::{Value, json};

/// The largest board the page steps through (a row of 16 masks' bits fits
/// a JavaScript number; the trees beyond are too large to watch).
pub const MAX_N: usize = 16;

/// The most steps a trace keeps unless told otherwise.
pub const DEFAULT_STEPS: usize = 50_000;

/// The most steps a trace keeps at all.
pub const MAX_STEPS: usize = 500_000;

/// The most options and items of a problem the Dancing Links view draws.
pub const MAX_OPTIONS: usize = 1_000;

/// See [`MAX_OPTIONS`].
pub const MAX_ITEMS: usize = 300;

/// Steps through N-Queens by `algorithm` (`backtrack`, `bitboard` or `dlx`),
/// to the first solution (`first`) or to the end, keeping at most `steps`
/// steps; the nodes and solutions are the whole search's even when the
/// steps kept are cut short.
pub fn queens(n: usize, algorithm: &str, first: bool, steps: usize) -> Result<Value, String> {
    if !(1..=MAX_N).contains(&n) {
        return Err(format!("the page steps through boards of 1 to {MAX_N} queens, not {n}"));
    }
    let steps = steps.clamp(1, MAX_STEPS);
    let most = if first { 1 } else { u64::MAX };
    let mut found = 0u64;
    let mut visitor = |_: &[usize]| {
        found += 1;
        if found >= most { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
    };
    let mut kept: Vec<Value> = Vec::new();
    let mut total = 0usize;
    let code = |step: Step| match step {
        Step::Place { row, col } => (0, row, col),
        Step::Remove { row, col } => (1, row, col),
        Step::DeadEnd { row } => (2, row, 0),
    };
    let tally = match algorithm {
        "backtrack" => backtrack::walk(n, None, &mut visitor, |step| {
            total += 1;
            if kept.len() < steps {
                let (kind, row, col) = code(step);
                kept.push(json!([kind, row, col]));
            }
        }),
        "bitboard" => bitboard::walk(n, None, &mut visitor, |step, masks| {
            total += 1;
            if kept.len() < steps {
                let (kind, row, col) = code(step);
                kept.push(json!([kind, row, col, masks.cols, masks.left & full(n), masks.right]));
            }
        }),
        "dlx" => {
            let model = CoverModel::new(n, Order::OrganPipe).map_err(|e| e.to_string())?;
            let mut trace = dlx(model.problem(), first, steps)?;
            trace["cells"] = json!(model.problem().options().map(|o| model.cell(o)).collect::<Vec<_>>());
            trace["n"] = json!(n);
            return Ok(trace);
        }
        other => return Err(format!("unknown algorithm `{other}`: backtrack, bitboard or dlx")),
    }
    .map_err(|e| e.to_string())?;
    Ok(json!({
        "n": n,
        "algorithm": algorithm,
        "steps": kept,
        "cut": total > kept.len(),
        "nodes": tally.nodes,
        "solutions": tally.solutions,
    }))
}

/// The mask of `n` columns.
fn full(n: usize) -> u64 {
    (1u64 << n) - 1
}

/// Steps through `problem` (at most [`MAX_OPTIONS`] options and
/// [`MAX_ITEMS`] items) by dancing links, to its first solution or to the
/// end, keeping at most `steps` events; with the problem's items and
/// options, and the nodes and updates of the whole search (DLX1's).
pub fn dlx(problem: &Problem, first: bool, steps: usize) -> Result<Value, String> {
    if problem.n_options() > MAX_OPTIONS || problem.n_items() > MAX_ITEMS {
        return Err(format!(
            "the page draws problems of at most {MAX_OPTIONS} options and {MAX_ITEMS} items; this one has {} options and {} items",
            problem.n_options(),
            problem.n_items()
        ));
    }
    let steps = steps.clamp(1, MAX_STEPS);
    let config = || Config::new().limit(first.then_some(1));
    let mut solver = Solver::with_config(problem, config());
    let mut events = Vec::new();
    let mut cut = false;
    solver.visit_traced(
        |_| ControlFlow::Continue(()),
        |event| {
            if events.len() >= steps {
                cut = true;
                return ControlFlow::Break(());
            }
            events.push(event_json(&event));
            ControlFlow::Continue(())
        },
    );
    // The whole search's figures, when the steps were cut short.
    let stats = if cut {
        let mut whole = Solver::with_config(problem, config());
        whole.count();
        whole.stats()
    } else {
        solver.stats()
    };
    let items: Vec<&str> = problem.items().map(|i| problem.item_name(i)).collect();
    let options: Vec<Vec<u32>> =
        problem.options().map(|o| problem.option_items(o).iter().map(|i| i.0).collect()).collect();
    let lines: Vec<String> = problem.options().map(|o| problem.format_option(o)).collect();
    Ok(json!({
        "algorithm": "dlx",
        "items": items,
        "primary": problem.n_primary(),
        "options": options,
        "lines": lines,
        "steps": events,
        "cut": cut,
        "nodes": stats.nodes,
        "updates": stats.updates,
        "solutions": stats.solutions,
    }))
}

/// One event of the links, as the page reads it.
fn event_json(event: &Event) -> Value {
    let ids = |options: &[quadrille_dlx::OptionId]| options.iter().map(|o| o.0).collect::<Vec<_>>();
    match event {
        Event::Choose { level, item, lengths } => json!({
            "e": "choose", "level": level, "item": item.0,
            "lengths": lengths.iter().map(|(i, len)| [i.0, *len]).collect::<Vec<_>>(),
        }),
        Event::Cover { level, item, hidden } => {
            json!({ "e": "cover", "level": level, "item": item.0, "hidden": ids(hidden) })
        }
        Event::Try { level, option, committed, hidden } => json!({
            "e": "try", "level": level, "option": option.0,
            "committed": committed.iter().map(|i| i.0).collect::<Vec<_>>(), "hidden": ids(hidden),
        }),
        Event::Solution { level, options } => json!({ "e": "solution", "level": level, "options": ids(options) }),
        Event::Undo { level, option, restored } => {
            json!({ "e": "undo", "level": level, "option": option.0, "restored": ids(restored) })
        }
        Event::Uncover { level, item, restored } => {
            json!({ "e": "uncover", "level": level, "item": item.0, "restored": ids(restored) })
        }
        other => json!({ "e": format!("{other:?}") }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The three searches' nodes: the row-by-row ones walk the same tree,
    /// whose nodes are the root and the queens placed (each step placing
    /// one); the links count as the engine does.
    #[test]
    fn node_counts_agree_with_the_steps() {
        for n in 1..=8 {
            let back = queens(n, "backtrack", false, MAX_STEPS).unwrap();
            let bits = queens(n, "bitboard", false, MAX_STEPS).unwrap();
            assert_eq!(back["nodes"], bits["nodes"], "n = {n}");
            let placed = back["steps"].as_array().unwrap().iter().filter(|s| s[0] == 0).count() as u64;
            assert_eq!(back["nodes"].as_u64(), Some(placed + 1), "n = {n}");
            let links = queens(n, "dlx", false, MAX_STEPS).unwrap();
            let tries = links["steps"].as_array().unwrap().iter().filter(|s| s["e"] == "try").count() as u64;
            assert_eq!(links["nodes"].as_u64(), Some(tries + 1), "n = {n}");
            assert_eq!(links["solutions"], back["solutions"], "n = {n}");
        }
    }

    #[test]
    fn a_cut_trace_still_counts_the_whole_search() {
        let whole = queens(8, "dlx", false, MAX_STEPS).unwrap();
        let cut = queens(8, "dlx", false, 100).unwrap();
        assert_eq!((cut["cut"].as_bool(), cut["steps"].as_array().unwrap().len()), (Some(true), 100));
        assert_eq!(cut["nodes"], whole["nodes"]);
        assert!(queens(17, "backtrack", false, 10).is_err());
        assert!(queens(4, "random", false, 10).is_err());
    }
}
