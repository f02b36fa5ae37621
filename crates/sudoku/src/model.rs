//! The exact-cover model of a sudoku, built once per size or per layout.

use std::sync::OnceLock;

use quadrille_dlx::{Item, OptionId, Problem};

use crate::{Cell, Regions, Size};

/// The cover problem of an empty grid (DESIGN.md): primary items for every cell,
/// every (row, digit), (column, digit) and (box, digit); one option per (cell,
/// digit) covering the four. A puzzle is this problem with its givens committed,
/// so the problem is built once per size (or per layout) and shared by every
/// solver.
///
/// The [`Regions`] of a variant add to it: a jigsaw layout's regions take the
/// place of the boxes (items `j1#5`, …), and every extra region gets an item per
/// digit (`x1#5` for a diagonal, `w1#5` for a window, `e1#5` for the user's own),
/// primary when the region has a row's number of cells (every digit once),
/// secondary when it has fewer (every digit at most once). Options keep their
/// numbers: one per (cell, digit) in reading order.
///
/// ```
/// use quadrille_sudoku::{Cell, Model, Regions, Size};
/// let model = Model::get(Size::NINE);
/// assert_eq!(model.problem().n_primary(), 4 * 81);
/// assert_eq!(model.problem().n_options(), 729);
/// let option = model.option(Cell { row: 0, col: 2 }, 5);
/// assert_eq!(model.problem().format_option(option), "r1c3 r1#5 c3#5 b1#5");
/// assert_eq!(model.decode(option), (Cell { row: 0, col: 2 }, 5));
///
/// let x = Model::with_regions(Regions::boxes(Size::NINE).with_x());
/// assert_eq!(x.problem().n_primary(), 4 * 81 + 2 * 9);
/// assert_eq!(x.problem().format_option(x.option(Cell { row: 0, col: 0 }, 5)), "r1c1 r1#5 c1#5 b1#5 x1#5");
/// ```
#[derive(Clone)]
pub struct Model {
    regions: Regions,
    problem: Problem,
}

/// Two models are equal when their regions are: the problem follows from them.
impl PartialEq for Model {
    fn eq(&self, other: &Model) -> bool {
        self.regions == other.regions
    }
}

impl Eq for Model {}

impl std::fmt::Debug for Model {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Model").field("regions", &self.regions).finish_non_exhaustive()
    }
}

impl Model {
    /// Builds the classic model of one size. [`Model::get`] keeps one of each.
    pub fn new(size: Size) -> Model {
        Model::with_regions(Regions::boxes(size))
    }

    /// Builds the model of a variant: its regions.
    pub fn with_regions(regions: Regions) -> Model {
        let size = regions.size();
        let side = size.side();
        let mut b = Problem::builder();
        // Items, in the order the search's tie-break sees them: cells, then
        // (row, digit), (column, digit), (box, digit), then the full extra regions'
        // (region, digit), all primary; the smaller extra regions' last, secondary.
        // Names count from 1.
        let mut declare = |name: String, primary: bool| {
            if primary { b.primary(&name) } else { b.secondary(&name) }.expect("item names are distinct and valid")
        };
        let cells: Vec<Item> =
            (0..side * side).map(|k| declare(format!("r{}c{}", k / side + 1, k % side + 1), true)).collect();
        let mut unit = |prefix: char, count: usize, primary: bool| {
            (0..count * side).map(|k| declare(format!("{prefix}{}#{}", k / side + 1, k % side + 1), primary)).collect()
        };
        let rows: Vec<Item> = unit('r', side, true);
        let cols: Vec<Item> = unit('c', side, true);
        let boxes: Vec<Item> = unit(if regions.is_jigsaw() { 'j' } else { 'b' }, side, true);
        // The items of every extra region, numbered per kind.
        let mut extra_items: Vec<Vec<Item>> = vec![Vec::new(); regions.extras().len()];
        for primary in [true, false] {
            for (e, extra) in regions.extras().iter().enumerate() {
                if (extra.cells().len() == side) == primary {
                    let number = regions.extras()[..=e].iter().filter(|x| x.kind() == extra.kind()).count();
                    extra_items[e] = (0..side)
                        .map(|d| declare(format!("{}{number}#{}", extra.kind().prefix(), d + 1), primary))
                        .collect();
                }
            }
        }
        let extras_of = regions.extras_of_cells();
        let mut items = Vec::with_capacity(4 + regions.extras().len());
        for r in 0..side {
            for c in 0..side {
                let k = r * side + c;
                let region = regions.region_of(Cell { row: r, col: c });
                for d in 0..side {
                    items.clear();
                    items.extend([cells[k], rows[r * side + d], cols[c * side + d], boxes[region * side + d]]);
                    items.extend(extras_of[k].iter().map(|&e| extra_items[e][d]));
                    b.option(items.iter().copied()).expect("the items are distinct");
                }
            }
        }
        Model { regions, problem: b.build().expect("the model has primary items") }
    }

    /// The model of one size, built on first use and shared after.
    pub fn get(size: Size) -> &'static Model {
        static MODELS: [OnceLock<Model>; Size::ALL.len()] = [const { OnceLock::new() }; Size::ALL.len()];
        MODELS[size.index()].get_or_init(|| Model::new(size))
    }

    /// The size.
    pub fn size(&self) -> Size {
        self.regions.size()
    }

    /// The regions.
    pub fn regions(&self) -> &Regions {
        &self.regions
    }

    /// The cover problem.
    pub fn problem(&self) -> &Problem {
        &self.problem
    }

    /// The option that puts `digit` (`1..=n²`) into `cell`.
    pub fn option(&self, cell: Cell, digit: u8) -> OptionId {
        let side = self.size().side();
        OptionId(((cell.row * side + cell.col) * side + digit as usize - 1) as u32)
    }

    /// The cell and digit of an option.
    pub fn decode(&self, option: OptionId) -> (Cell, u8) {
        let side = self.size().side();
        let k = option.index();
        let cell = k / side;
        (Cell { row: cell / side, col: cell % side }, (k % side + 1) as u8)
    }
}
