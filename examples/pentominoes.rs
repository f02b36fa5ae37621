//! The twelve pentominoes packed into a rectangle of 60 cells, with
//! `quadrille-pack`: the pieces and the box come from its built-in set, written
//! in Knuth's description language, and the reduction by symmetry is the
//! crate's, which here keeps the X piece in one quarter of the box on its own.
//!
//! ```sh
//! cargo run --release --example pentominoes            # the four boxes
//! cargo run --release --example pentominoes -- 6 10 all # every packing, mirror images too
//! ```

use std::io::Write;
use std::ops::ControlFlow;

use quadrille::dlx::Solver;
use quadrille::pack::{Packing, Spec, builtin, render};

/// Counts the packings of a `rows` × `cols` box (one of each class under the
/// box's symmetries, or all) and draws the first; returns the count.
pub fn run(rows: u8, cols: u8, unique: bool, out: &mut impl Write) -> Result<u64, Box<dyn std::error::Error>> {
    let spec = Spec::parse(&builtin::description("pentominoes", Some(&format!("{rows}x{cols}")))?)?;
    let packing = if unique { Packing::up_to_symmetry(&spec)? } else { Packing::new(&spec)? };
    let mut solver = Solver::new(packing.problem());
    let (mut count, mut first) = (0, None);
    solver.visit(|solution| {
        if packing.keeps(solution) {
            count += 1;
            first.get_or_insert_with(|| render::grid(&packing, solution));
        }
        ControlFlow::Continue(())
    });
    let what = if unique { "up to symmetry" } else { "in all" };
    let stats = solver.stats();
    writeln!(out, "{rows}×{cols}: {count} packings {what} ({} nodes, {} updates)", stats.nodes, stats.updates)?;
    if let Some(grid) = first {
        writeln!(out, "{grid}")?;
    }
    Ok(count)
}

#[allow(dead_code)]
fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let out = &mut std::io::stdout().lock();
    match args.as_slice() {
        [] => {
            for (rows, cols) in [(6, 10), (5, 12), (4, 15), (3, 20)] {
                run(rows, cols, true, out)?;
            }
        }
        [rows, cols, rest @ ..] => {
            let number = |s: &str| s.parse::<u8>().map_err(|_| format!("`{s}` is not a number"));
            let (rows, cols) = (number(rows)?, number(cols)?);
            if u32::from(rows) * u32::from(cols) != 60 {
                return Err(format!("a {rows}×{cols} box does not have the 60 cells of the twelve pieces").into());
            }
            run(rows, cols, rest.first().map(String::as_str) != Some("all"), out)?;
        }
        _ => return Err("usage: pentominoes [ROWS COLS [all]]".into()),
    }
    Ok(())
}
