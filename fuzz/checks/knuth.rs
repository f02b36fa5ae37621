//! The check of the fuzz target `knuth`, shared with the corpus replay of
//! the umbrella's tests (`tests/it/fuzz.rs`), which runs every input kept in
//! `fuzz/corpus/knuth/` through it. The check:
//!
//! Knuth's format (bounds, colours, costs): any bytes are read without a
//! panic (those that are not UTF-8 refused with a place); what is read is
//! written back and reads again as the same problem, and a small one is
//! solved by every engine with the same count.

use quadrille_dlx::{Config, Engine, Problem, Solver, knuth};

/// Runs the check on one input; a failure panics.
pub fn check(data: &[u8]) {
    let text = match knuth::utf8(data) {
        Ok(text) => text,
        Err(error) => {
            assert!(error.line >= 1 && error.column >= 1, "{error}");
            return;
        }
    };
    let Ok(problem) = Problem::from_knuth(text) else { return };
    let again = Problem::from_knuth(&problem.to_knuth()).expect("the written problem reads back");
    assert_eq!(again, problem, "the written problem reads back as itself");
    if problem.n_options() <= 24 {
        let limit = Config::new().limit(Some(10_000));
        let count = |engine| Solver::with_config(&problem, limit.clone().engine(engine)).count();
        let links = count(Engine::Links);
        for engine in [Engine::Cells, Engine::Bits, Engine::Auto] {
            assert_eq!(count(engine), links, "{engine:?} against links");
        }
    }
}
