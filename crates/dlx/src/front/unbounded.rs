//! The engines that take no bounds (the memo, the sweep, dc, costs), named, and
//! `auto`, on a problem with bounds: the question goes to the problem
//! rewritten without the bounds that can never bind ([`crate::rewrite`]),
//! when that leaves none. Its solutions are the same options; a report's
//! items are the input's again. Otherwise a named engine refuses the problem
//! as before, and `auto` plans the problem with its bounds. So `auto` weighs
//! every engine on a problem whose bounds say nothing (BurrTools' burrs,
//! where each piece may be used up to six times and no assembly could use
//! one seven times), where the bounds alone would leave it the links, the
//! bits and binary branching.

use crate::rewrite::Rewritten;
use crate::util::search::Engine;

use super::search::{Report, Search};

/// A problem, and the memo's when one was given, rewritten without bounds.
pub(super) struct Unbounded {
    problem: Rewritten,
    memo_problem: Option<Rewritten>,
}

impl<'p> Search<'p> {
    /// The problem rewritten without bounds, when `engine` takes none (or
    /// is `auto`), the problem has some, and none of them can bind (the memo's problem's
    /// neither, when one was given).
    pub(super) fn unbounded(&self, engine: Engine) -> Option<Unbounded> {
        if !matches!(engine, Engine::Memo | Engine::Sweep | Engine::Dc | Engine::Costs | Engine::Auto)
            || !self.problem.has_bounds()
        {
            return None;
        }
        let without = |problem: &crate::Problem| Some(problem.rewrite_bounds()).filter(|r| !r.problem.has_bounds());
        let problem = without(self.problem)?;
        let memo_problem = match self.memo_problem {
            Some(memo_problem) => Some(without(memo_problem)?),
            None => None,
        };
        Some(Unbounded { problem, memo_problem })
    }
}

impl Unbounded {
    /// `search`'s question, with the same knobs, of the rewritten problem.
    pub(super) fn search<'q>(&'q self, search: &Search<'q>) -> Search<'q> {
        let mut search = search.clone();
        search.problem = &self.problem.problem;
        search.memo_problem = self.memo_problem.as_ref().map(|r| &r.problem);
        search
    }

    /// The plan's note of the rewriting.
    pub(super) fn note(&self) -> String {
        let n = self.problem.items.len();
        let items = if n == 1 { "item" } else { "items" };
        format!("the bounds of {n} {items} can never bind: the problem is rewritten without them")
    }

    /// `report`, of the rewritten problem, with the input's items (the
    /// sweep's order, of the problem it swept).
    pub(super) fn restore(&self, mut report: Report) -> Report {
        let swept = self.memo_problem.as_ref().unwrap_or(&self.problem);
        if let Some(order) = &mut report.choice.sweep_order {
            for item in order {
                *item = swept.input_item(*item);
            }
        }
        report
    }
}
