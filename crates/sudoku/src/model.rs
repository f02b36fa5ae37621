//! The exact-cover model of a sudoku, built once per size.

use std::sync::OnceLock;

use quadrille_dlx::{OptionId, Problem};

use crate::{Cell, Size};

/// The cover problem of an empty grid of one size (DESIGN.md): primary items for
/// every cell, every (row, digit), (column, digit) and (box, digit); one option per
/// (cell, digit) covering the four. A puzzle is this problem with its givens
/// committed, so the problem is built once per size and shared by every solver.
///
/// ```
/// use quadrille_sudoku::{Cell, Model, Size};
/// let model = Model::get(Size::NINE);
/// assert_eq!(model.problem().n_primary(), 4 * 81);
/// assert_eq!(model.problem().n_options(), 729);
/// let option = model.option(Cell { row: 0, col: 2 }, 5);
/// assert_eq!(model.problem().format_option(option), "r1c3 r1#5 c3#5 b1#5");
/// assert_eq!(model.decode(option), (Cell { row: 0, col: 2 }, 5));
/// ```
#[derive(Clone, Debug)]
pub struct Model {
    size: Size,
    problem: Problem,
}

impl Model {
    /// Builds the model of one size. [`Model::get`] keeps one of each.
    pub fn new(size: Size) -> Model {
        let side = size.side();
        let mut b = Problem::builder();
        // Items, in the order the search's tie-break sees them: cells, then
        // (row, digit), (column, digit), (box, digit). Names count from 1.
        let mut declare = |name: String| b.primary(&name).expect("item names are distinct and valid");
        let cells: Vec<_> = (0..side * side).map(|k| declare(format!("r{}c{}", k / side + 1, k % side + 1))).collect();
        let unit = |prefix: char, declare: &mut dyn FnMut(String) -> quadrille_dlx::Item| {
            (0..side * side).map(|k| declare(format!("{prefix}{}#{}", k / side + 1, k % side + 1))).collect::<Vec<_>>()
        };
        let rows = unit('r', &mut declare);
        let cols = unit('c', &mut declare);
        let boxes = unit('b', &mut declare);
        for r in 0..side {
            for c in 0..side {
                let bx = size.box_of(r, c);
                for d in 0..side {
                    b.option([cells[r * side + c], rows[r * side + d], cols[c * side + d], boxes[bx * side + d]])
                        .expect("the four items are distinct");
                }
            }
        }
        Model { size, problem: b.build().expect("the model has primary items") }
    }

    /// The model of one size, built on first use and shared after.
    pub fn get(size: Size) -> &'static Model {
        static MODELS: [OnceLock<Model>; Size::ALL.len()] = [const { OnceLock::new() }; Size::ALL.len()];
        MODELS[size.index()].get_or_init(|| Model::new(size))
    }

    /// The size.
    pub fn size(&self) -> Size {
        self.size
    }

    /// The cover problem.
    pub fn problem(&self) -> &Problem {
        &self.problem
    }

    /// The option that puts `digit` (`1..=n²`) into `cell`.
    pub fn option(&self, cell: Cell, digit: u8) -> OptionId {
        let side = self.size.side();
        OptionId(((cell.row * side + cell.col) * side + digit as usize - 1) as u32)
    }

    /// The cell and digit of an option.
    pub fn decode(&self, option: OptionId) -> (Cell, u8) {
        let side = self.size.side();
        let k = option.index();
        let cell = k / side;
        (Cell { row: cell / side, col: cell % side }, (k % side + 1) as u8)
    }
}
