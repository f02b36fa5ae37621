//! Word squares with colours (exact cover with colours, XCC).
//!
//! Fill a 3×3 grid so that every row and every column is a word of a list. Each
//! row and column is a *slot*, a primary item: exactly one word goes in it. Each
//! cell is a *secondary* item, shared by one row slot and one column slot. An
//! option puts a word in a slot and gives each of its cells the word's letter as a
//! **colour**: a row word and a column word may both use a cell only when they
//! give it the same colour, that is, when they agree on the letter there. Without
//! colours a cell could belong to one word only; with them, crossing words must
//! agree, which is exactly the rule of the puzzle.
//!
//! ```sh
//! cargo run --release --example colors
//! ```

use std::io::Write;
use std::ops::ControlFlow;

use quadrille::dlx::{Problem, Solver};

/// The words of the example: three letters each.
pub const WORDS: &[&str] = &[
    "ace", "act", "age", "ago", "aid", "aim", "air", "ale", "ant", "ape", "arc", "are", "art", "ash", "ate", "awe",
    "bat", "bee", "cab", "can", "cap", "car", "cat", "dew", "ear", "eat", "ego", "era", "eve", "gap", "gas", "hat",
    "ice", "ire", "net", "nor", "oak", "oar", "ode", "one", "ore", "owe", "pat", "pea", "rat", "sea", "tan", "tar",
    "tea", "ten", "toe", "war",
];

/// The problem: slots `r0..r2`, `c0..c2`; cells `x00..x22`; one option per slot
/// and word. Returns the problem and, per option, its (slot, word).
pub fn word_square(words: &[&str]) -> Result<(Problem, Vec<(usize, usize)>), quadrille::dlx::BuildError> {
    let mut b = Problem::builder();
    let slots = ["r0", "r1", "r2", "c0", "c1", "c2"].map(|name| b.primary(name));
    let slots = slots.into_iter().collect::<Result<Vec<_>, _>>()?;
    let mut cells = Vec::new();
    for r in 0..3 {
        for c in 0..3 {
            cells.push(b.secondary(&format!("x{r}{c}"))?);
        }
    }
    let mut meaning = Vec::new();
    for (s, &slot) in slots.iter().enumerate() {
        for (w, word) in words.iter().enumerate() {
            let mut option = vec![(slot, None)];
            for (k, letter) in word.chars().enumerate() {
                // Slot s < 3 is row s, slot s >= 3 is column s - 3.
                let (r, c) = if s < 3 { (s, k) } else { (k, s - 3) };
                option.push((cells[3 * r + c], Some(b.color(&letter.to_string())?)));
            }
            b.option_with_colors(option)?;
            meaning.push((s, w));
        }
    }
    Ok((b.build()?, meaning))
}

/// Prints the squares and returns how many there are.
pub fn run(words: &[&str], out: &mut impl Write) -> Result<u64, Box<dyn std::error::Error>> {
    let (problem, meaning) = word_square(words)?;
    let mut solver = Solver::new(&problem);
    let mut failure = None;
    solver.visit(|solution| {
        let mut rows = [""; 3];
        for &o in solution {
            let (slot, word) = meaning[o.index()];
            if slot < 3 {
                rows[slot] = words[word];
            }
        }
        match writeln!(out, "{}\n", rows.join("\n")) {
            Ok(()) => ControlFlow::Continue(()),
            Err(e) => {
                failure = Some(e);
                ControlFlow::Break(())
            }
        }
    });
    if let Some(e) = failure {
        return Err(e.into());
    }
    let stats = solver.stats();
    writeln!(
        out,
        "{} word squares ({} nodes, {} updates, {} cleansings)",
        stats.solutions, stats.nodes, stats.updates, stats.cleansings
    )?;
    Ok(stats.solutions)
}

#[allow(dead_code)]
fn main() -> Result<(), Box<dyn std::error::Error>> {
    run(WORDS, &mut std::io::stdout().lock())?;
    Ok(())
}
