//! The ground floor: the vocabulary every other floor speaks, importing
//! nothing above it.
//!
//! - [`problem`]: items, options, colours, bounds and costs, the builder that
//!   checks them, and the problem (which also holds its initial links);
//! - [`knuth`]: Knuth's text format, read and written;
//! - [`matrix`]: 0/1 matrices in compressed sparse rows, read;
//! - [`nodes`]: Knuth's flat node array and the link operations on it (cover,
//!   hide, purify and their inverses), the crate's one module with `unsafe`
//!   code, shared by the links engine and the problem that builds them;
//! - [`stats`]: [`Stats`](stats::Stats), what a search counts;
//! - [`search`]: [`Config`](search::Config), the
//!   [`Engine`](search::Engine) names and the errors of commitments and
//!   descents;
//! - [`engine`]: what every engine can do, the one table every door reads;
//! - [`monitor`]: [`Monitor`](monitor::Monitor), a window on a running search;
//! - `random`: a seeded generator, the same numbers on every machine;
//! - `small` (tests only): small random problems and their counts by trying
//!   every set of options, for the engines' unit tests under Miri.

pub mod engine;
pub mod knuth;
pub mod matrix;
pub(crate) mod monitor;
#[allow(unsafe_code)]
pub(crate) mod nodes;
pub(crate) mod problem;
pub(crate) mod random;
pub(crate) mod search;
#[cfg(test)]
pub(crate) mod small;
pub(crate) mod stats;
