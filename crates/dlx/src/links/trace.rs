//! Watching the search: the events of Algorithm X (and C) as they happen, for
//! pages and texts that show dancing links at work.
//!
//! The search loop calls an [`Observer`] at each of Knuth's steps. The solving
//! methods pass `()`, whose calls are empty and inlined away, so a search that
//! nobody watches compiles to the same code as before. [`Solver::visit_traced`](crate::Solver::visit_traced)
//! passes a [`Tracer`], which reads the links at each step and reports what
//! changed as an [`Event`].
//!
//! ```
//! use std::ops::ControlFlow;
//! use quadrille_dlx::{Event, Item, OptionId, Problem, Solver};
//!
//! // Knuth's toy problem (TAOCP 7.2.2.1, (6)).
//! let problem = Problem::from_knuth("A B C D E F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n")?;
//! let mut events = Vec::new();
//! let found = Solver::new(&problem).visit_traced(
//!     |_| ControlFlow::Continue(()),
//!     |event| {
//!         events.push(event);
//!         ControlFlow::Continue(())
//!     },
//! );
//! assert_eq!(found, 1);
//! // X3: item A has the fewest options (two); X4: covering it hides both.
//! assert!(matches!(&events[0], Event::Choose { level: 0, item: Item(0), .. }));
//! assert_eq!(events[1], Event::Cover { level: 0, item: Item(0), hidden: vec![OptionId(1), OptionId(3)] });
//! assert!(events.iter().any(|e| matches!(e, Event::Solution { .. })));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::ops::ControlFlow;

use crate::links::DancingLinks;
use crate::run::Resumable;
use crate::util::nodes::{ItemIx, Links, NodeIx};
use crate::util::problem::{Item, OptionId};
use crate::util::search::Config;
use crate::util::stats::go_on;

/// A place in the search loop where an observer is called, with what the loop
/// knows there. Nodes are indices into the links.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Point<'a> {
    /// X3: item `item` was chosen at `level`, not yet covered.
    Choose { level: usize, item: ItemIx },
    /// X4: the chosen item was covered.
    Cover { level: usize, item: ItemIx },
    /// X5: the option of node `node` was tried at `level`: its other items are
    /// committed.
    Try { level: usize, node: NodeIx },
    /// X6: the option of node `node` was taken back at `level`.
    Undo { level: usize, node: NodeIx },
    /// X7: the item chosen at `level` was uncovered.
    Uncover { level: usize, item: ItemIx },
    /// X2: every primary item is covered: a solution, the nodes of `choice`
    /// tried at each level.
    Solution { choice: &'a [NodeIx] },
}

/// What the search loop calls at each [`Point`]. `()` does nothing, and a search
/// with it compiles to the search without it.
pub(crate) trait Observer {
    /// Called with the links as they are at `point`.
    fn at(&mut self, links: &Links, point: Point<'_>);
    /// Whether the search should stop now; asked when it enters a level.
    fn stop(&self) -> bool;
}

impl Observer for () {
    #[inline(always)]
    fn at(&mut self, _: &Links, _: Point<'_>) {}

    #[inline(always)]
    fn stop(&self) -> bool {
        false
    }
}

/// One step of a traced search (see [`Solver::visit_traced`](crate::Solver::visit_traced)).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Event {
    /// X3: `item` has the fewest options among the active primary items (the
    /// first such), and the search branches on it at `level`.
    Choose {
        /// The level, from 0.
        level: usize,
        /// The item chosen.
        item: Item,
        /// Every active primary item with the number of options in its list,
        /// in the order of the list of active items.
        lengths: Vec<(Item, u32)>,
    },
    /// X4: `item` is covered: the options in its list are hidden from the
    /// other items' lists.
    Cover {
        /// The level, from 0.
        level: usize,
        /// The item covered.
        item: Item,
        /// The options this hid.
        hidden: Vec<OptionId>,
    },
    /// X5: `option` is tried at `level`: its other items are covered, or
    /// purified when it gives them a colour.
    Try {
        /// The level, from 0.
        level: usize,
        /// The option tried.
        option: OptionId,
        /// Its items committed, in the order they were (after the item chosen,
        /// wrapping round).
        committed: Vec<Item>,
        /// The options this hid.
        hidden: Vec<OptionId>,
    },
    /// X2: every primary item is covered; the options tried at each level form
    /// a solution.
    Solution {
        /// The level, from 0: the number of options chosen.
        level: usize,
        /// The options, level by level (after any committed before the search).
        options: Vec<OptionId>,
    },
    /// X6: `option` is taken back, its other items uncommitted in reverse order.
    Undo {
        /// The level, from 0.
        level: usize,
        /// The option taken back.
        option: OptionId,
        /// The options this brought back.
        restored: Vec<OptionId>,
    },
    /// X7: every option of the item chosen at `level` was tried: the item is
    /// uncovered and the search backtracks.
    Uncover {
        /// The level, from 0.
        level: usize,
        /// The item uncovered.
        item: Item,
        /// The options this brought back.
        restored: Vec<OptionId>,
    },
}

/// The observer behind [`Solver::visit_traced`](crate::Solver::visit_traced): turns points into events by
/// reading the links.
struct Tracer<T> {
    trace: T,
    /// The options committed before the search, which start every solution.
    committed: Vec<OptionId>,
    /// Whether each option was hidden at the previous point.
    hidden: Vec<bool>,
    /// Whether `trace` asked to stop.
    stopped: bool,
}

impl<T: FnMut(Event) -> ControlFlow<()>> Tracer<T> {
    /// The options whose hidden state changed since the last call, in order.
    fn changes(&mut self, links: &Links) -> Vec<OptionId> {
        let mut changed = Vec::new();
        for k in 0..links.n_options() {
            let hidden = links.is_option_hidden(k);
            if hidden != self.hidden[k] {
                self.hidden[k] = hidden;
                changed.push(OptionId(k as u32));
            }
        }
        changed
    }
}

/// The option of an option node.
fn option_of(links: &Links, node: NodeIx) -> OptionId {
    OptionId(links.option_of_node(node))
}

impl<T: FnMut(Event) -> ControlFlow<()>> Observer for Tracer<T> {
    fn at(&mut self, links: &Links, point: Point<'_>) {
        if self.stopped {
            return;
        }
        if self.hidden.is_empty() {
            // The first point of a search: the options hidden so far (by
            // commitments) are where it starts from, not changes.
            self.hidden = vec![false; links.n_options()];
            self.changes(links);
        }
        let event = match point {
            Point::Choose { level, item: i } => Event::Choose {
                level,
                item: Item(links.item_number(i)),
                lengths: links.active_primary_lengths().into_iter().map(|(k, len)| (Item(k), len)).collect(),
            },
            Point::Cover { level, item: i } => {
                Event::Cover { level, item: Item(links.item_number(i)), hidden: self.changes(links) }
            }
            Point::Try { level, node } => Event::Try {
                level,
                option: option_of(links, node),
                committed: links.other_items_of(node).into_iter().map(Item).collect(),
                hidden: self.changes(links),
            },
            Point::Undo { level, node } => {
                Event::Undo { level, option: option_of(links, node), restored: self.changes(links) }
            }
            Point::Uncover { level, item: i } => {
                Event::Uncover { level, item: Item(links.item_number(i)), restored: self.changes(links) }
            }
            Point::Solution { choice } => {
                let mut options = self.committed.clone();
                options.extend(choice.iter().map(|&node| option_of(links, node)));
                Event::Solution { level: choice.len(), options }
            }
        };
        self.stopped = (self.trace)(event).is_break();
    }

    fn stop(&self) -> bool {
        self.stopped
    }
}

impl DancingLinks {
    /// [`Resumable::visit`], also calling `trace` with every [`Event`] of the
    /// search (see [`Solver::visit_traced`](crate::Solver::visit_traced)).
    pub(crate) fn visit_traced<V, T>(&mut self, config: &Config, mut visitor: V, trace: T) -> u64
    where
        V: FnMut(&[OptionId]) -> ControlFlow<()>,
        T: FnMut(Event) -> ControlFlow<()>,
    {
        self.restart();
        let limit = config.get_limit().unwrap_or(u64::MAX);
        let mut tracer = Tracer { trace, committed: self.committed().to_vec(), hidden: Vec::new(), stopped: false };
        if limit > 0 {
            self.search_observed(config, &mut tracer, |s| {
                let flow = visitor(s.solution());
                go_on(flow, s.stats().solutions, limit)
            });
        }
        self.stop();
        self.stats().solutions
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Solver;
    use crate::util::problem::Problem;

    fn events(text: &str, stop_after: usize) -> (Vec<Event>, u64) {
        let problem = Problem::from_knuth(text).unwrap();
        let mut events = Vec::new();
        let found = Solver::new(&problem).visit_traced(
            |_| ControlFlow::Continue(()),
            |event| {
                events.push(event);
                if events.len() >= stop_after { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
            },
        );
        (events, found)
    }

    /// Knuth's toy problems, with their node counts from DLX1 and DLX2: every
    /// node that is not a solution chooses an item, and every option hidden is
    /// brought back by the end.
    #[test]
    fn events_match_knuths_counts_and_undo_each_other() {
        for (text, nodes) in [
            ("A B C D E | F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n", 6),
            ("A B C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nX:0 Y:1\nB X:1\nC Y:1\n", 4),
        ] {
            let (events, found) = events(text, usize::MAX);
            let solutions = events.iter().filter(|e| matches!(e, Event::Solution { .. })).count();
            let chosen = events.iter().filter(|e| matches!(e, Event::Choose { .. })).count();
            assert_eq!((solutions as u64, found), (1, 1));
            assert_eq!(chosen + solutions, nodes);
            let mut hidden = std::collections::BTreeSet::new();
            for event in &events {
                match event {
                    Event::Cover { hidden: h, .. } | Event::Try { hidden: h, .. } => {
                        assert!(h.iter().all(|&o| hidden.insert(o)), "hidden twice");
                    }
                    Event::Undo { restored, .. } | Event::Uncover { restored, .. } => {
                        assert!(restored.iter().all(|o| hidden.remove(o)), "restored but not hidden");
                    }
                    _ => {}
                }
            }
            assert!(hidden.is_empty());
        }
    }

    #[test]
    fn a_trace_can_stop_the_search() {
        let text = "a b c\na\nb\nc\na b\nb c\na c\na b c\n";
        let (all, found) = events(text, usize::MAX);
        assert_eq!(found, 5);
        let (some, found) = events(text, 3);
        assert_eq!((some.len(), found), (3, 0));
        assert_eq!(some[..], all[..3]);
        // The solver is usable afterwards, with every link back in place.
        let problem = Problem::from_knuth(text).unwrap();
        let mut solver = Solver::new(&problem);
        solver.visit_traced(|_| ControlFlow::Continue(()), |_| ControlFlow::Break(()));
        assert_eq!(solver.count(), 5);
    }
}
