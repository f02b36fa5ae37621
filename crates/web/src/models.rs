//! The problems a page offers ready made, and the pictures of their
//! solutions: each built-in is Knuth's text (what the page shows and the
//! engine reads, as `quadrille solve` would) and, for boards, the model that
//! draws a solution with the SVG renderer of its crate.

use quadrille_dlx::{OptionId, Problem};
use quadrille_pack::{Packing, Spec, builtin};
use quadrille_queens::model::{CoverModel, Order};
use quadrille_sudoku::{Alphabet, Grid, Model as SudokuModel, Regions};
use serde_json::{Value, json};

/// Knuth's toy problem (TAOCP 7.2.2.1, (6)).
pub const TOY: &str =
    "| Knuth's toy problem (TAOCP 7.2.2.1): one solution\nA B C D E F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n";

/// The sudoku offered: Arto Inkala's "world's hardest" of 2012 (one
/// solution).
pub const SUDOKU: &str = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";

/// The largest N-Queens board the page models (the cover model's text grows
/// as n²; 32 queens is 1,024 options).
pub const MAX_QUEENS: usize = 32;

/// What draws a problem's solutions: the model it was made from.
pub enum Board {
    /// N-Queens in Knuth's cover model (organ-pipe order, as `quadrille
    /// queens --emit-dlx` writes it).
    Queens(CoverModel),
    /// A sudoku: the puzzle, and for each option of the text the model's
    /// option (the text leaves out the digits a given rules out).
    Sudoku {
        /// The givens (0: empty).
        puzzle: Grid,
        /// The model of its size.
        model: &'static SudokuModel,
        /// The model's option of each option of the text.
        options: Vec<OptionId>,
    },
    /// A packing of pieces in a box (`quadrille pack`).
    Pack(Box<Packing>),
}

/// Why a model cannot be made: its message, for the page.
pub type ModelError = String;

impl Board {
    /// The model a page's JSON names: `{"kind": "queens", "n": 8}`,
    /// `{"kind": "sudoku", "grid": "81 characters"}` or `{"kind": "pack",
    /// "spec": "a description"}`.
    pub fn from_json(model: &Value) -> Result<Board, ModelError> {
        match model["kind"].as_str() {
            Some("queens") => {
                let n = model["n"].as_u64().ok_or("a queens model needs n")? as usize;
                if !(1..=MAX_QUEENS).contains(&n) {
                    return Err(format!("the page models boards of 1 to {MAX_QUEENS} queens, not {n}"));
                }
                Ok(Board::Queens(CoverModel::new(n, Order::OrganPipe).map_err(|e| e.to_string())?))
            }
            Some("sudoku") => {
                let puzzle = Grid::parse(model["grid"].as_str().unwrap_or_default()).map_err(|e| e.to_string())?;
                let sudoku = SudokuModel::get(puzzle.size());
                if let Some((a, b, digit)) = Regions::boxes(puzzle.size()).conflict(&puzzle) {
                    return Err(format!("the givens clash: {a} and {b} both hold {digit}"));
                }
                let options = sudoku
                    .problem()
                    .options()
                    .filter(|&o| {
                        let (cell, digit) = sudoku.decode(o);
                        let given = puzzle.get(cell.row, cell.col);
                        given == 0 || given == digit
                    })
                    .collect();
                Ok(Board::Sudoku { puzzle, model: sudoku, options })
            }
            Some("pack") => {
                let spec = Spec::parse(model["spec"].as_str().unwrap_or_default()).map_err(|e| e.to_string())?;
                Ok(Board::Pack(Box::new(Packing::new(&spec).map_err(|e| e.to_string())?)))
            }
            _ => Err("unknown model: the models are queens, sudoku and pack".to_string()),
        }
    }

    /// The problem in Knuth's format.
    pub fn text(&self) -> String {
        match self {
            Board::Queens(model) => {
                let n = model.n();
                let mut text = format!("| {n} queens, Knuth's cover model (organ-pipe order)\n");
                text.push_str(&CoverModel::knuth_text(n, Order::OrganPipe).unwrap_or_default());
                text
            }
            Board::Sudoku { puzzle, model, options } => {
                let problem = model.problem();
                let mut text = format!("| the sudoku {}\n", puzzle.to_line(Alphabet::OneBased));
                text.push_str("| p: a digit in each cell, r/c/b: each digit once in each row, column, box\n");
                let names: Vec<&str> = problem.items().map(|i| problem.item_name(i)).collect();
                text.push_str(&names.join(" "));
                text.push('\n');
                for &o in options {
                    text.push_str(&problem.format_option(o));
                    text.push('\n');
                }
                text
            }
            Board::Pack(packing) => packing.to_knuth(),
        }
    }

    /// The solution numbered `number` (options of the problem the text
    /// makes) drawn and captioned with its number, or `None` when it is not
    /// one of the model's solutions (the text was changed).
    pub fn draw(&self, problem: &Problem, solution: &[OptionId], number: usize) -> Option<String> {
        match self {
            Board::Queens(model) => {
                if problem.n_options() != model.problem().n_options() || !model.problem().is_solution(solution) {
                    return None;
                }
                let cols = model.placement(solution);
                Some(quadrille_queens::render::svg_numbered(model.n(), &[cols], number))
            }
            Board::Sudoku { puzzle, model, options } => {
                if problem.n_options() != options.len() {
                    return None;
                }
                let mut grid = puzzle.clone();
                for &o in solution {
                    let (cell, digit) = model.decode(*options.get(o.0 as usize)?);
                    grid.set(cell.row, cell.col, digit);
                }
                let regions = Regions::boxes(puzzle.size());
                grid.solves(puzzle)
                    .then(|| quadrille_sudoku::svg(puzzle, Some(&grid), &regions, Alphabet::OneBased, ""))
            }
            Board::Pack(packing) => {
                if problem.n_options() != packing.problem().n_options() {
                    return None;
                }
                Some(quadrille_pack::render::svg_numbered(packing, &[solution.to_vec()], number))
            }
        }
    }

    /// The board's cells for a page that edits it: the sudoku's givens, or
    /// the packing's box and pieces.
    pub fn cells(&self) -> Value {
        match self {
            Board::Queens(model) => json!({ "kind": "queens", "n": model.n() }),
            Board::Sudoku { puzzle, .. } => {
                json!({ "kind": "sudoku", "side": puzzle.size().side(), "grid": puzzle.to_line(Alphabet::OneBased) })
            }
            Board::Pack(packing) => {
                let spec = packing.spec();
                let (low, high) = spec.bounds();
                json!({
                    "kind": "pack",
                    "dims": spec.dims().count(),
                    "low": low,
                    "high": high,
                    "cells": spec.cells().iter().filter(|c| !c.is_secondary()).map(|c| c.name(spec.dims())).collect::<Vec<_>>(),
                })
            }
        }
    }
}

/// The built-in problems, as the page lists them: a name, a title and the
/// model's JSON (none for Knuth's toy, which is text only).
pub fn builtins() -> Value {
    json!([
        { "name": "toy", "title": "Knuth's toy problem (7 items, 6 options)", "model": null },
        { "name": "queens", "title": "N-Queens (n from 1 to 32)", "model": { "kind": "queens", "n": 8 } },
        { "name": "sudoku", "title": "A sudoku (Inkala's \"hardest\")", "model": { "kind": "sudoku", "grid": SUDOKU } },
        { "name": "pentominoes", "title": "The 12 pentominoes in a 6×10 box", "model": { "kind": "pack", "spec": pack_spec("pentominoes", "6x10") } },
        { "name": "scott", "title": "The 12 pentominoes in 8×8: click 4 cells out (Scott's problem)", "model": { "kind": "pack", "spec": pack_spec("pentominoes", "8x8") } },
        { "name": "soma", "title": "Piet Hein's Soma cube (7 pieces in 3×3×3)", "model": { "kind": "pack", "spec": pack_spec("soma", "3x3x3") } },
    ])
}

/// A built-in set of pieces in a box, as `quadrille pack --pieces SET --box
/// BOX` describes it.
pub(crate) fn pack_spec(set: &str, sides: &str) -> String {
    builtin::description(set, Some(sides)).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each built-in's text reads back into the problem its model solves,
    /// option for option, and its first solution is drawn (but for the 8×8
    /// box, which has none until four cells are taken out).
    #[test]
    fn builtins_read_back_and_draw() {
        for builtin in builtins().as_array().unwrap() {
            let Some(model) = builtin.get("model").filter(|m| !m.is_null()) else { continue };
            if builtin["name"] == "scott" {
                continue;
            }
            let board = Board::from_json(model).ok().unwrap();
            let problem = Problem::from_knuth(&board.text()).unwrap();
            let first = quadrille_dlx::front::Search::new(&problem).first().unwrap().solution.unwrap();
            let svg = board.draw(&problem, &first, 1).unwrap_or_else(|| panic!("{builtin}"));
            assert!(svg.starts_with("<svg"), "{builtin}");
        }
    }

    /// A sudoku's text keeps, of each given cell, only the given digit: its
    /// one solution is the puzzle's.
    #[test]
    fn the_sudoku_text_has_the_givens() {
        let board = Board::from_json(&json!({ "kind": "sudoku", "grid": SUDOKU })).ok().unwrap();
        let problem = Problem::from_knuth(&board.text()).unwrap();
        let counted = quadrille_dlx::front::Search::new(&problem).count().unwrap();
        assert_eq!(counted.solutions_u64(), Some(1));
        let puzzle = Grid::parse(SUDOKU).unwrap();
        assert_eq!(problem.n_options(), 729 - 8 * puzzle.givens());
    }

    /// A box written as the list of its cells (what the page's editor
    /// writes when cells are taken out): Scott's problem, the pentominoes in
    /// 8×8 without its four centre cells, has 65 packings, each in 8
    /// orientations (Dana Scott, 1958; TAOCP 7.2.2.1).
    #[test]
    fn a_box_with_cells_taken_out() {
        let spec = pack_spec("pentominoes", "8x8");
        let centre = ["33", "34", "43", "44"];
        let cells: Vec<String> = (0..8)
            .flat_map(|r| (0..8).map(move |c| format!("{r}{c}")))
            .filter(|c| !centre.contains(&c.as_str()))
            .collect();
        let mut lines: Vec<String> = spec.lines().map(String::from).collect();
        let box_line = lines.iter().position(|l| !l.trim().is_empty() && !l.starts_with('|')).unwrap();
        lines[box_line] = cells.join(" ");
        let board = Board::from_json(&json!({ "kind": "pack", "spec": lines.join("\n") })).ok().unwrap();
        let problem = Problem::from_knuth(&board.text()).unwrap();
        let counted = quadrille_dlx::front::Search::new(&problem).count().unwrap();
        assert_eq!(counted.solutions_u64(), Some(65 * 8));
    }

    #[test]
    fn bad_models_are_refused_with_a_reason() {
        let refused = |model: Value| Board::from_json(&model).err().expect("refused");
        assert!(refused(json!({ "kind": "queens", "n": 99 })).contains("1 to 32"));
        let clash = "11".to_string() + &".".repeat(79);
        assert!(refused(json!({ "kind": "sudoku", "grid": clash })).contains("clash"));
        assert!(Board::from_json(&json!({ "kind": "pack", "spec": "[0-1]\nX 0 1 2\n" })).is_err());
    }
}
