//! Langford pairs: arrange two 1s, two 2s, …, two ns in a row so that the two
//! copies of k have exactly k numbers between them. For n = 3: `3 1 2 1 3 2`.
//!
//! As exact cover: the primary items are the numbers `1..=n` and the slots
//! `0..2n`; placing the pair of k with its first copy in slot i is the option
//! `{k, slot i, slot i+k+1}`, and carries `(k, i)` as its payload. Every
//! arrangement read backwards is another one, so we keep one of each mirror
//! pair by letting the 1s start only in the left half: the mirror of a start
//! `i` for k = 1 is `2n - 3 - i`, never `i`.
//!
//! ```sh
//! cargo run --release --example langford -- 8
//! ```

use std::io::Write;
use std::ops::ControlFlow;

use quadrille::dlx::{Model, ModelBuilder, ModelError};

/// The items: a number to place, or a slot of the row.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Place {
    /// The pair of this number.
    Number(usize),
    /// A position in the row, from 0.
    Slot(usize),
}

/// The model for `n` pairs: each option's payload is the (number, first slot)
/// it places.
pub fn langford(n: usize) -> Result<Model<Place, (usize, usize)>, ModelError> {
    let mut b = ModelBuilder::new();
    for k in 1..=n {
        b.primary(Place::Number(k))?;
    }
    for i in 0..2 * n {
        b.primary(Place::Slot(i))?;
    }
    for k in 1..=n {
        for i in 0..2 * n - k - 1 {
            // Mirror images: keep the arrangements whose 1s start in the left half.
            if k == 1 && i > 2 * n - 3 - i {
                continue;
            }
            b.option_with([Place::Number(k), Place::Slot(i), Place::Slot(i + k + 1)], (k, i))?;
        }
    }
    b.build()
}

/// The arrangement that these placements make.
pub fn arrangement<'a>(n: usize, placements: impl Iterator<Item = &'a (usize, usize)>) -> Vec<usize> {
    let mut row = vec![0; 2 * n];
    for &(k, i) in placements {
        row[i] = k;
        row[i + k + 1] = k;
    }
    row
}

/// Prints the number of arrangements for `n` (one of each mirror pair) and the
/// first few of them.
pub fn run(n: usize, shown: usize, out: &mut impl Write) -> Result<u64, Box<dyn std::error::Error>> {
    let model = langford(n)?;
    let mut solver = model.solver();
    let mut printed = 0;
    let mut failure = None;
    solver.visit(|solution| {
        if printed < shown {
            printed += 1;
            let row: Vec<String> = arrangement(n, model.payloads(solution)).iter().map(usize::to_string).collect();
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
