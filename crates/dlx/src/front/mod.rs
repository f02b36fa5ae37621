//! The fronts: the one place that knows every engine, chooses among them for
//! a question about a problem, runs the one chosen, and falls back when it
//! cannot finish. Callers (the model crates, the command-line tool, Python)
//! say what they want and how, and never name an engine's type.
//!
//! Today the front answers one question, the number of solutions
//! ([`Count`]); the others (first, solutions, best, sample) still go to
//! their engines' own types.

mod count;

pub use count::{
    Choice, Count, CountEngine, CountError, Counted, MEMO_NODE_COST, MEMO_TRY_SHARE, MEMO_TURN_NODES, MEMO_UPDATE_COST,
    PROBE_UPDATES_PER_NODE,
};
