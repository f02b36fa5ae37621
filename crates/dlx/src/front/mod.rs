//! The front: the one place that knows every engine. [`Search`] takes every
//! question asked of a problem (count, first, every solution, the cheapest,
//! samples, the memo's diagram) with the same knobs, chooses the engine,
//! runs it and falls back when it cannot finish. Its answers carry a
//! [`Report`]: the engine that answered (never `auto`) and only the
//! statistics that engine counts ([`EngineStats`]).
//!
//! Callers (the model crates, the command-line tool, Python) say what they
//! want and how, and never name an engine's type: as `meta::Regex` in
//! regex-automata, this module and the rule for `auto` are the only code
//! that knows them all. The lower floors stay public for step-by-step use
//! ([`Solver`](crate::Solver), [`Parallel`](crate::Parallel),
//! [`MinCost`](crate::MinCost), [`Memo`](crate::Memo),
//! [`Sweep`](crate::sweep::Sweep)), each running the engines it knows.
//!
//! | question | engines that answer | `auto` |
//! |---|---|---|
//! | [`count`](Search::count) | links, cells, bits, memo, sweep, dc | the rule of counts: memo, sweep or a search |
//! | [`first`](Search::first), [`visit`](Search::visit), [`solutions`](Search::solutions) | links, cells, bits, memo, sweep, dc | every solution: the rule of listings, the sweep or a search; else links, cells or bits, by [`Engine::resolve`](crate::Engine::resolve) |
//! | [`best`](Search::best) | costs (on links or bits), memo | costs |
//! | [`sample`](Search::sample), [`zdd`](Search::zdd) | memo | memo |
//! | [`estimate`](Search::estimate) | links, cells, bits | by [`Engine::resolve`](crate::Engine::resolve) |
//!
//! Shards and slices split links, cells and bits; the sweep's listings split
//! in shards of their own (its states breadth first), never in slices; other
//! engines refuse them. The memo and dc run on one thread whatever the
//! threads asked.
//!
//! A solution is a set of options of the problem asked about, whichever
//! engine found it; the order of its options is the engine's (the search's
//! levels, the sweep's order of items, the memo's diagram), and so is the
//! order of the solutions.

mod count;
mod estimate;
mod list;
mod plan;
mod race;
mod search;
mod unbounded;

pub use estimate::{Estimate, Spread};
pub use plan::{Budget, Plan, Step, Weighed};

pub use search::{
    Choice, Counted, EngineStats, Found, Listing, Ranked, Report, Sampled, Search, SearchError, SweepStats,
};
