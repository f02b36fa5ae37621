//! The check of the fuzz target `matrix`, shared with the corpus replay of
//! the umbrella's tests (`tests/it/fuzz.rs`), which runs every input kept in
//! `fuzz/corpus/matrix/` through it. The check:
//!
//! 0/1 matrices in compressed sparse rows, as Python's `Problem.from_matrix`
//! hands them to the library (`quadrille_dlx::matrix::from_csr`): any shape
//! and any entries are refused or read without a panic and without sizing
//! anything by a shape the engine cannot hold (the fuzzer's memory limit
//! fails the run otherwise); what is read holds the matrix's rows as its
//! options, and a small one is counted alike by every engine.

use quadrille_dlx::{Config, Engine, OptionId, Solver, matrix};

/// The engine's limit on nodes: every shape past it must be refused at once.
const MAX_NODES: usize = i32::MAX as usize;

/// Runs the check on one input; a failure panics.
pub fn check(data: &[u8]) {
    let Some((&[shape, primary, rows], rest)) = data.split_first_chunk::<3>() else { return };
    // Small widths, or widths at the engine's limit (refused before anything
    // is sized by them, whatever the rows).
    let n_columns = match shape >> 5 {
        0 => usize::MAX,
        1 => u32::MAX as usize,
        2 => MAX_NODES - 1 + (shape & 3) as usize,
        _ => (shape & 31) as usize,
    };
    let n_primary = (primary as usize).min(n_columns.saturating_add(1) & 63);
    // Row lengths, then column numbers, from the rest of the bytes.
    let n_rows = (rows & 15) as usize;
    let (lengths, columns) = rest.split_at(n_rows.min(rest.len()));
    let mut indptr = vec![0u32];
    for &length in lengths {
        indptr.push(indptr.last().unwrap() + (length & 7) as u32);
    }
    let indices: Vec<u32> = columns.iter().map(|&c| c as u32).collect();
    // A sometimes malformed indptr: its end need not match the entries.
    let Ok(problem) = matrix::from_csr(n_columns, n_primary, &indptr, &indices) else { return };
    assert!(n_columns < MAX_NODES, "{n_columns} columns accepted");
    assert_eq!((problem.n_items(), problem.n_primary()), (n_columns, n_primary));
    assert_eq!(problem.n_options(), indptr.len() - 1);
    for (row, w) in indptr.windows(2).enumerate() {
        let items: Vec<u32> = problem.option_items(OptionId(row as u32)).iter().map(|i| i.0).collect();
        assert_eq!(items, indices[w[0] as usize..w[1] as usize], "row {row}");
    }
    let limit = Config::new().limit(Some(10_000));
    let count = |engine| Solver::with_config(&problem, limit.clone().engine(engine)).count();
    let links = count(Engine::Links);
    for engine in [Engine::Cells, Engine::Bits, Engine::Auto] {
        assert_eq!(count(engine), links, "{engine:?} against links");
    }
}
