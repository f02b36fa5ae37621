//! What the tests of every Quadrille crate share, written once: a dev-dependency
//! of the engine, the model crates, the command line and the workspace's own
//! tests, benches and fuzz targets; never published.
//!
//! - [`oracle`]: small problems as plain numbers ([`oracle::Spec`]), the
//!   problem each builds, every solution by brute force (and the cheapest by
//!   cost), and the random problems of the property tests: proptest
//!   strategies, a decoder of fuzzer bytes and a seeded generator.
//! - [`costly`]: problems whose search nodes are costly, for the tests that
//!   stop a search from another thread or press Ctrl-C.
//! - [`mutate`]: valid inputs changed by a few edits, for the fuzz tests of
//!   every reader.
//! - [`data`]: the repository's `data/` folder and its reference tables.
//! - [`instances`]: instances made by generators (Langford pairs).
//!
//! The engine's own tests depend on this crate, which depends on the engine:
//! cargo allows the circle for a dev-dependency, and the integration tests see
//! one engine crate. The engine's unit tests (inside the crate) cannot use the
//! types of this one, which come from the engine built as a dependency.

pub mod costly;
pub mod data;
pub mod instances;
pub mod mutate;
pub mod oracle;
