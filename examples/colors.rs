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

use quadrille::dlx::{Model, ModelBuilder, ModelError};

/// The words of the example: three letters each.
pub const WORDS: &[&str] = &[
    "ace", "act", "age", "ago", "aid", "aim", "air", "ale", "ant", "ape", "arc", "are", "art", "ash", "ate", "awe",
    "bat", "bee", "cab", "can", "cap", "car", "cat", "dew", "ear", "eat", "ego", "era", "eve", "gap", "gas", "hat",
    "ice", "ire", "net", "nor", "oak", "oar", "ode", "one", "ore", "owe", "pat", "pea", "rat", "sea", "tan", "tar",
    "tea", "ten", "toe", "war",
];

/// The items: the slots for words (primary) and the cells (secondary).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Place {
    /// The word of a row.
    Row(usize),
    /// The word of a column.
    Column(usize),
    /// The cell in a row and a column.
    Cell(usize, usize),
}

/// The model: one option per slot and word, carrying that slot and word.
pub fn word_square<'w>(words: &[&'w str]) -> Result<Model<Place, (Place, &'w str)>, ModelError> {
    let mut b = ModelBuilder::new();
    for r in 0..3 {
        for c in 0..3 {
            b.secondary(Place::Cell(r, c))?;
        }
    }
    // Slot s < 3 is row s, slot s >= 3 is column s - 3.
    let slot = |s: usize| if s < 3 { Place::Row(s) } else { Place::Column(s - 3) };
    let cell = |s: usize, k: usize| if s < 3 { Place::Cell(s, k) } else { Place::Cell(k, s - 3) };
    for s in 0..6 {
        b.primary(slot(s))?;
    }
    for s in 0..6 {
        for &word in words {
            let mut option = vec![(slot(s), None)];
            for (k, letter) in word.chars().enumerate() {
                option.push((cell(s, k), Some(b.color(&letter.to_string())?)));
            }
            b.option_with_colors(option, (slot(s), word))?;
        }
    }
    b.build()
}

/// Prints the squares and returns how many there are.
pub fn run(words: &[&str], out: &mut impl Write) -> Result<u64, Box<dyn std::error::Error>> {
    let model = word_square(words)?;
    let mut solver = model.solver();
    let mut failure = None;
    solver.visit(|solution| {
        let mut rows = [""; 3];
        for (slot, word) in model.payloads(solution) {
            if let Place::Row(r) = *slot {
                rows[r] = word;
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
