//! Langford pairs: arrange two 1s, two 2s, …, two ns in a row so that the two
//! copies of k have exactly k numbers between them. For n = 3: `3 1 2 1 3 2`.
//!
//! As exact cover: the primary items are the numbers `1..=n` and the slots
//! `s0..s{2n-1}`; placing the pair of k with its first copy in slot i is the
//! option `{k, s_i, s_{i+k+1}}`. Every arrangement read backwards is another
//! one, so we keep one of each mirror pair by letting the 1s start only in the
//! left half: the mirror of a start `i` for k = 1 is `2n - 3 - i`, never `i`.
//!
//! ```sh
//! cargo run --release --example langford -- 8
//! ```

use std::io::Write;
use std::ops::ControlFlow;

use quadrille::dlx::{OptionId, Problem, Solver};

/// The problem for `n` pairs, and for each option the (number, first slot) it places.
pub fn langford(n: usize) -> Result<(Problem, Vec<(usize, usize)>), quadrille::dlx::BuildError> {
    let mut b = Problem::builder();
    let numbers = (1..=n).map(|k| b.primary(&k.to_string())).collect::<Result<Vec<_>, _>>()?;
    let slots = (0..2 * n).map(|i| b.primary(&format!("s{i}"))).collect::<Result<Vec<_>, _>>()?;
    let mut placements = Vec::new();
    for k in 1..=n {
        for i in 0..2 * n - k - 1 {
            // Mirror images: keep the arrangements whose 1s start in the left half.
            if k == 1 && i > 2 * n - 3 - i {
                continue;
            }
            b.option([numbers[k - 1], slots[i], slots[i + k + 1]])?;
            placements.push((k, i));
        }
    }
    Ok((b.build()?, placements))
}

/// The arrangement a solution describes.
pub fn arrangement(n: usize, placements: &[(usize, usize)], solution: &[OptionId]) -> Vec<usize> {
    let mut row = vec![0; 2 * n];
    for &o in solution {
        let (k, i) = placements[o.index()];
        row[i] = k;
        row[i + k + 1] = k;
    }
    row
}

/// Prints the number of arrangements for `n` (one of each mirror pair) and the
/// first few of them.
pub fn run(n: usize, shown: usize, out: &mut impl Write) -> Result<u64, Box<dyn std::error::Error>> {
    let (problem, placements) = langford(n)?;
    let mut solver = Solver::new(&problem);
    let mut printed = 0;
    let mut failure = None;
    solver.visit(|solution| {
        if printed < shown {
            printed += 1;
            let row: Vec<String> = arrangement(n, &placements, solution).iter().map(usize::to_string).collect();
            if let Err(e) = writeln!(out, "{}", row.join(" ")) {
                failure = Some(e);
                return ControlFlow::Break(());
            }
        }
        ControlFlow::Continue(())
    });
    if let Some(e) = failure {
        return Err(e.into());
    }
    let count = solver.stats().solutions;
    writeln!(out, "n = {n}: {count} arrangements, each with its mirror image counted once")?;
    Ok(count)
}

#[allow(dead_code)]
fn main() -> Result<(), Box<dyn std::error::Error>> {
    let n = match std::env::args().nth(1) {
        Some(arg) => arg.parse().map_err(|_| format!("`{arg}` is not a number of pairs"))?,
        None => 7,
    };
    if n == 0 || n > 24 {
        return Err("choose n from 1 to 24".into());
    }
    run(n, 3, &mut std::io::stdout().lock())?;
    Ok(())
}
