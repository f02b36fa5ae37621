//! The check of the fuzz target `pack`, shared with the corpus replay of
//! the umbrella's tests (`tests/it/fuzz.rs`), which runs every input kept in
//! `fuzz/corpus/pack/` through it. The check:
//!
//! Packing descriptions: any text is read without a panic; a small box is
//! made into a problem whose matrix, written in Knuth's format, reads back
//! with the same count of packings.

use quadrille_dlx::{BuildError, Config, Problem, Solver};
use quadrille_pack::{ModelError, Packing, Spec};

/// Runs the check on one input; a failure panics.
pub fn check(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let Ok(spec) = Spec::parse(text) else { return };
    let _ = spec.cell_count();
    // Only small problems are built: a box line of a few bytes may hold
    // 238,328 cells, and the fuzzer looks for faults, not for large inputs.
    if spec.cells().len() > 24 || spec.bases().len() > 48 {
        return;
    }
    let packing = match Packing::new(&spec) {
        Ok(packing) => packing,
        // A box of secondary cells only, and no piece: nothing to cover.
        Err(ModelError::Build(BuildError::NoPrimaryItems)) => return,
        Err(e) => panic!("a small description makes a problem: {e}"),
    };
    let matrix = Problem::from_knuth(&spec.to_knuth()).expect("the emitted matrix reads back");
    let limit = Config::new().limit(Some(1_000));
    let packings = Solver::with_config(packing.problem(), limit.clone()).count();
    assert_eq!(Solver::with_config(&matrix, limit).count(), packings, "the matrix and the packing agree");
    if let Ok(unique) = Packing::up_to_symmetry(&spec) {
        let _ = unique.n_symmetries();
    }
}
