//! Where every digit must appear: rows, columns, boxes or jigsaw regions, and
//! extra regions (the diagonals of sudoku X, the windows of hyper sudoku, or any
//! set of cells a user names).

use std::fmt;

use crate::{Cell, Error, Grid, Size};

/// What an extra region is, which says how its items are named and how it is
/// drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ExtraKind {
    /// A long diagonal (sudoku X).
    Diagonal,
    /// A window of hyper sudoku (windoku).
    Window,
    /// Any other set of cells, named by the user.
    Custom,
}

impl ExtraKind {
    /// The letter that starts the names of the region's items (`x1#5`).
    pub(crate) fn prefix(self) -> char {
        match self {
            ExtraKind::Diagonal => 'x',
            ExtraKind::Window => 'w',
            ExtraKind::Custom => 'e',
        }
    }
}

/// A region beyond the rows, columns and boxes: at most one of each digit in its
/// cells, and (when it has as many cells as a row) every digit once.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Extra {
    kind: ExtraKind,
    cells: Vec<Cell>,
}

impl Extra {
    /// What the region is.
    pub fn kind(&self) -> ExtraKind {
        self.kind
    }

    /// Its cells, in reading order.
    pub fn cells(&self) -> &[Cell] {
        &self.cells
    }
}

/// The regions of a sudoku: its rows and columns, its **boxes** (the `n × n`
/// squares) or the irregular regions of a **jigsaw** layout, each of `n²` cells,
/// and any **extra** regions. Every digit appears once in every row, column and
/// box, and at most once in every extra region (once exactly when the region has
/// `n²` cells).
///
/// ```
/// use quadrille_sudoku::{Cell, ExtraKind, Regions, Size};
///
/// let x = Regions::boxes(Size::NINE).with_x();
/// assert_eq!(x.extras().len(), 2);
/// assert_eq!(x.extras()[1].cells()[0], Cell { row: 0, col: 8 });
/// let hyper = Regions::boxes(Size::NINE).with_hyper();
/// assert!(hyper.extras().iter().all(|e| e.kind() == ExtraKind::Window && e.cells().len() == 9));
///
/// // A 4×4 jigsaw layout, one letter per cell; letters name the regions.
/// let jigsaw = Regions::parse("AABB\nACBB\nACDD\nCCDD\n")?;
/// assert!(jigsaw.is_jigsaw());
/// assert_eq!(jigsaw.region_of(Cell { row: 1, col: 1 }), 2);
/// // Any extra region: here the four corners.
/// let corners = [(0, 0), (0, 3), (3, 0), (3, 3)].map(|(row, col)| Cell { row, col });
/// let custom = jigsaw.with_extra(corners)?;
/// assert_eq!(custom.extras()[0].kind(), ExtraKind::Custom);
///
/// // A bad layout names the line and column of the culprit.
/// let error = Regions::parse("AABB\nAABB\nCCDD\nCCDA\n").unwrap_err();
/// assert_eq!(error.to_string(), "line 4, column 4: region 'A' has more than 4 cells");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Regions {
    size: Size,
    /// The box or jigsaw region of every cell, row by row, regions numbered from
    /// 0 in the order of their first cell.
    region: Vec<u8>,
    jigsaw: bool,
    extras: Vec<Extra>,
}

/// A region label read from text, where it was read.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Label {
    pub(crate) label: char,
    pub(crate) line: usize,
    pub(crate) column: usize,
}

/// The labels of one line of a layout: every character but whitespace.
pub(crate) fn labels_of(text: &str, line: usize, out: &mut Vec<Label>) {
    out.extend(text.chars().enumerate().filter(|(_, c)| !c.is_whitespace()).map(|(k, label)| Label {
        label,
        line,
        column: k + 1,
    }));
}

/// The number of labels on a line.
pub(crate) fn count_labels(text: &str) -> usize {
    text.chars().filter(|c| !c.is_whitespace()).count()
}

/// A layout read a line at a time: one line of `n⁴` labels, or `n²` lines of `n²`.
#[derive(Debug)]
pub(crate) struct LayoutLines {
    size: Option<Size>,
    labels: Vec<Label>,
    rows: usize,
    first_line: usize,
}

impl LayoutLines {
    /// A layout to be read, of this size or (with `None`) of the size its first line
    /// says.
    pub(crate) fn new(size: Option<Size>) -> LayoutLines {
        LayoutLines { size, labels: Vec::new(), rows: 0, first_line: 0 }
    }

    /// Reads one line with content; `Some` when the layout is complete (or wrong).
    pub(crate) fn push(&mut self, text: &str, line: usize) -> Option<Result<Regions, Error>> {
        let n = count_labels(text);
        if self.rows == 0 {
            self.first_line = line;
            let size = self.size.or_else(|| Size::from_cells(n).or_else(|| Size::from_side(n)));
            let Some(size) = size else {
                return Some(Err(Error::WrongLength { line, found: n, expected: nearest_cells(n) }));
            };
            self.size = Some(size);
            if n != size.cells() && n != size.side() {
                return Some(Err(Error::WrongLength { line, found: n, expected: size.cells() }));
            }
        } else {
            let side = self.size.expect("the size is known after the first line").side();
            if n != side {
                return Some(Err(Error::WrongLength { line, found: n, expected: side }));
            }
        }
        labels_of(text, line, &mut self.labels);
        self.rows += 1;
        let size = self.size.expect("the size is known");
        (self.labels.len() == size.cells()).then(|| Regions::from_labels(size, &self.labels))
    }

    /// The input ended: a layout still missing rows is an error.
    pub(crate) fn finish(&self) -> Option<Error> {
        let size = self.size?;
        (self.rows > 0).then_some(Error::ShortGrid { line: self.first_line, rows: self.rows, expected: size.side() })
    }
}

/// The number of cells of the supported size nearest to `n`.
pub(crate) fn nearest_cells(n: usize) -> usize {
    Size::ALL.iter().map(|s| s.cells()).min_by_key(|&c| c.abs_diff(n)).expect("sizes")
}

impl Regions {
    /// The classic regions: rows, columns and the `n × n` boxes.
    pub fn boxes(size: Size) -> Regions {
        let side = size.side();
        let region = (0..side * side).map(|k| size.box_of(k / side, k % side) as u8).collect();
        Regions { size, region, jigsaw: false, extras: Vec::new() }
    }

    /// A jigsaw layout from text: one label (any character but whitespace) per
    /// cell, row by row, either all on one line or one row per line; cells with the
    /// same label form a region. Blank lines and lines starting with `#` are
    /// skipped, and a byte-order mark at the start. The size is inferred from
    /// the number of labels. Every region must have `n²` cells (they need not
    /// be connected); errors name the line and column of the first label too
    /// many.
    pub fn parse(text: &str) -> Result<Regions, Error> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let mut layout = LayoutLines::new(None);
        let mut done = None;
        for (k, line) in text.lines().enumerate() {
            let content = line.trim_start();
            if content.is_empty() || content.starts_with('#') {
                continue;
            }
            if done.is_some() {
                return Err(Error::TrailingText { line: k + 1 });
            }
            done = layout.push(line, k + 1);
            if let Some(Err(e)) = done {
                return Err(e);
            }
        }
        match done {
            Some(result) => result,
            None => Err(layout.finish().unwrap_or(Error::NoPuzzle)),
        }
    }

    /// The layout of `size.cells()` labels, with their places in the text.
    pub(crate) fn from_labels(size: Size, labels: &[Label]) -> Result<Regions, Error> {
        let side = size.side();
        debug_assert_eq!(labels.len(), size.cells());
        let mut names: Vec<char> = Vec::with_capacity(side);
        let mut counts = vec![0usize; side];
        let mut region = Vec::with_capacity(size.cells());
        for &Label { label, line, column } in labels {
            let index = match names.iter().position(|&l| l == label) {
                Some(index) => index,
                None if names.len() < side => {
                    names.push(label);
                    names.len() - 1
                }
                None => return Err(Error::TooManyRegions { line, column, label, regions: side }),
            };
            counts[index] += 1;
            if counts[index] > side {
                return Err(Error::RegionTooLarge { line, column, label, side });
            }
            region.push(index as u8);
        }
        // `side` regions of at most `side` cells each hold the `side²` cells: each has
        // exactly `side`.
        let jigsaw = region != Regions::boxes(size).region;
        Ok(Regions { size, region, jigsaw, extras: Vec::new() })
    }

    /// These regions and the two long diagonals (sudoku X).
    pub fn with_x(mut self) -> Regions {
        let side = self.size.side();
        for anti in [false, true] {
            let cells = (0..side).map(|r| Cell { row: r, col: if anti { side - 1 - r } else { r } }).collect();
            self.extras.push(Extra { kind: ExtraKind::Diagonal, cells });
        }
        self
    }

    /// These regions and the windows of hyper sudoku: `n × n` squares set one cell
    /// apart from each other and from the edges (the four windows of a 9×9 grid,
    /// starting at r2c2, r2c6, r6c2 and r6c6; one in the middle of a 4×4 grid).
    pub fn with_hyper(mut self) -> Regions {
        let n = self.size.box_size();
        let side = self.size.side();
        let starts: Vec<usize> = (0..n).map(|k| 1 + k * (n + 1)).filter(|&s| s + n < side + 1).collect();
        for &top in &starts {
            for &left in &starts {
                let cells = (0..n * n).map(|k| Cell { row: top + k / n, col: left + k % n }).collect();
                self.extras.push(Extra { kind: ExtraKind::Window, cells });
            }
        }
        self
    }

    /// These regions and one more: no digit twice among `cells`, and every digit
    /// once if there are `n²` of them. The cells must lie in the grid, be distinct,
    /// and be at most `n²`.
    pub fn with_extra(mut self, cells: impl IntoIterator<Item = Cell>) -> Result<Regions, Error> {
        let side = self.size.side();
        let mut cells: Vec<Cell> = cells.into_iter().collect();
        if let Some(&cell) = cells.iter().find(|c| c.row >= side || c.col >= side) {
            return Err(Error::ExtraCell { cell });
        }
        cells.sort_unstable();
        if let Some(pair) = cells.windows(2).find(|pair| pair[0] == pair[1]) {
            return Err(Error::ExtraCell { cell: pair[0] });
        }
        if cells.len() > side || cells.is_empty() {
            return Err(Error::ExtraSize { cells: cells.len(), side });
        }
        self.extras.push(Extra { kind: ExtraKind::Custom, cells });
        Ok(self)
    }

    /// The size.
    pub fn size(&self) -> Size {
        self.size
    }

    /// Whether the regions are a jigsaw layout rather than the `n × n` boxes.
    pub fn is_jigsaw(&self) -> bool {
        self.jigsaw
    }

    /// Whether these are the classic regions: boxes, no extra region.
    pub fn is_classic(&self) -> bool {
        !self.jigsaw && self.extras.is_empty()
    }

    /// The box or jigsaw region of a cell, from 0 (regions numbered in the order of
    /// their first cell).
    pub fn region_of(&self, cell: Cell) -> usize {
        self.region[cell.row * self.size.side() + cell.col] as usize
    }

    /// The extra regions, in the order they were added.
    pub fn extras(&self) -> &[Extra] {
        &self.extras
    }

    /// The first two cells that hold the same digit in one row, column, region or
    /// extra region, in reading order of the second: givens that can never be
    /// completed. The earlier cell is the first in reading order that shares a
    /// region with the second and holds its digit.
    pub fn conflict(&self, grid: &Grid) -> Option<(Cell, Cell, u8)> {
        let side = self.size.side();
        if grid.size() != self.size {
            return None;
        }
        let extras_of = self.extras_of_cells();
        // One bit per digit for every unit: rows, then columns, regions, extras.
        let mut seen = vec![0u64; 3 * side + self.extras.len()];
        for (k, &d) in grid.cells().iter().enumerate() {
            if d == 0 {
                continue;
            }
            let bit = 1u64 << d;
            let mut units_of = vec![k / side, side + k % side, 2 * side + self.region[k] as usize];
            units_of.extend(extras_of[k].iter().map(|&e| 3 * side + e));
            if units_of.iter().any(|&u| seen[u] & bit != 0) {
                let second = Cell { row: k / side, col: k % side };
                let first = (0..k)
                    .find(|&j| grid.cells()[j] == d && self.share_a_region(j, k, &extras_of))
                    .map(|j| Cell { row: j / side, col: j % side })
                    .expect("a cell sharing a region holds the digit");
                return Some((first, second, d));
            }
            for u in units_of {
                seen[u] |= bit;
            }
        }
        None
    }

    /// Whether `solution` is complete, breaks no region, and keeps the givens of
    /// `puzzle`.
    pub fn solves(&self, solution: &Grid, puzzle: &Grid) -> bool {
        solution.size() == self.size
            && puzzle.size() == self.size
            && solution.is_complete()
            && self.conflict(solution).is_none()
            && puzzle.cells().iter().zip(solution.cells()).all(|(&p, &s)| p == 0 || p == s)
    }

    /// For every cell, the extra regions that hold it.
    pub(crate) fn extras_of_cells(&self) -> Vec<Vec<usize>> {
        let side = self.size.side();
        let mut of = vec![Vec::new(); side * side];
        for (e, extra) in self.extras.iter().enumerate() {
            for cell in &extra.cells {
                of[cell.row * side + cell.col].push(e);
            }
        }
        of
    }

    fn share_a_region(&self, j: usize, k: usize, extras_of: &[Vec<usize>]) -> bool {
        let side = self.size.side();
        j / side == k / side
            || j % side == k % side
            || self.region[j] == self.region[k]
            || extras_of[j].iter().any(|e| extras_of[k].contains(e))
    }
}

/// The layout as letters (`A` for the first region), one row per line, then the
/// extra regions.
impl fmt::Debug for Regions {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let side = self.size.side();
        let letters: String = self.region.iter().map(|&r| char::from(b'A' + r)).collect();
        f.debug_struct("Regions")
            .field("size", &self.size)
            .field(
                "layout",
                &letters.as_bytes().chunks(side).map(|row| std::str::from_utf8(row).unwrap()).collect::<Vec<_>>(),
            )
            .field("extras", &self.extras)
            .finish()
    }
}

/// The rules every puzzle of a stream follows beyond rows and columns: the boxes,
/// one jigsaw layout, or a layout given after each puzzle; and the diagonals
/// (sudoku X) or the windows (hyper sudoku). Given to a
/// [`Reader`](crate::Reader), they give every puzzle its [`Model`](crate::Model).
///
/// ```
/// use quadrille_sudoku::{Regions, Rules, Size};
/// let rules = Rules::classic().x(true);
/// assert_eq!(rules.regions(Size::NINE)?, Regions::boxes(Size::NINE).with_x());
/// assert!(Rules::classic().is_classic());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Rules {
    x: bool,
    hyper: bool,
    regions: RegionRule,
}

/// Where the rules take the regions from.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
enum RegionRule {
    /// The `n × n` boxes.
    #[default]
    Boxes,
    /// One layout (of one size) for every puzzle.
    Layout(Box<Regions>),
    /// A layout after every puzzle.
    PerPuzzle,
}

impl Rules {
    /// Rows, columns and boxes: classic sudoku.
    pub fn classic() -> Rules {
        Rules::default()
    }

    /// With (or without) the two long diagonals: sudoku X.
    pub fn x(mut self, on: bool) -> Rules {
        self.x = on;
        self
    }

    /// With (or without) the windows of hyper sudoku.
    pub fn hyper(mut self, on: bool) -> Rules {
        self.hyper = on;
        self
    }

    /// Every puzzle in these regions (a jigsaw layout, with its extra regions if it
    /// has any); puzzles of another size are invalid.
    pub fn jigsaw(mut self, layout: Regions) -> Rules {
        self.regions = RegionRule::Layout(Box::new(layout));
        self
    }

    /// Every puzzle followed by its own jigsaw layout, read as [`Regions::parse`]
    /// reads one: on the next line, or on the next `n²` lines.
    pub fn jigsaw_per_puzzle(mut self) -> Rules {
        self.regions = RegionRule::PerPuzzle;
        self
    }

    /// Whether these are the classic rules.
    pub fn is_classic(&self) -> bool {
        *self == Rules::classic()
    }

    /// Whether every puzzle is followed by its layout.
    pub fn layout_per_puzzle(&self) -> bool {
        self.regions == RegionRule::PerPuzzle
    }

    /// The regions of a puzzle of `size` under these rules (with the boxes if the
    /// layout comes with each puzzle).
    pub fn regions(&self, size: Size) -> Result<Regions, Error> {
        let base = match &self.regions {
            RegionRule::Layout(layout) if layout.size() != size => {
                return Err(Error::RegionsSize { line: None, puzzle: size, regions: layout.size() });
            }
            RegionRule::Layout(layout) => (**layout).clone(),
            RegionRule::Boxes | RegionRule::PerPuzzle => Regions::boxes(size),
        };
        Ok(self.extend(base))
    }

    /// A puzzle's own layout with the extra regions of the rules.
    pub(crate) fn extend(&self, mut regions: Regions) -> Regions {
        if self.x {
            regions = regions.with_x();
        }
        if self.hyper {
            regions = regions.with_hyper();
        }
        regions
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hyper_windows_for_every_size() {
        for (size, windows) in Size::ALL.into_iter().zip([1, 4, 9, 16]) {
            let regions = Regions::boxes(size).with_hyper();
            assert_eq!(regions.extras().len(), windows, "{size}");
            let side = size.side();
            for extra in regions.extras() {
                assert_eq!(extra.cells().len(), side);
                // No window touches the edge.
                assert!(extra.cells().iter().all(|c| c.row > 0 && c.col > 0 && c.row < side - 1 && c.col < side - 1));
            }
        }
        let nine = Regions::boxes(Size::NINE).with_hyper();
        let corners: Vec<Cell> = nine.extras().iter().map(|e| e.cells()[0]).collect();
        assert_eq!(corners, [(1, 1), (1, 5), (5, 1), (5, 5)].map(|(row, col)| Cell { row, col }));
    }

    #[test]
    fn layout_errors_name_the_culprit() {
        let too_many = Regions::parse("AABB\nAABB\nCCDD\nCCDE\n").unwrap_err();
        assert_eq!(too_many, Error::TooManyRegions { line: 4, column: 4, label: 'E', regions: 4 });
        let short = Regions::parse("# layout\nAABB\nAABB\n").unwrap_err();
        assert_eq!(short, Error::ShortGrid { line: 2, rows: 2, expected: 4 });
        let row = Regions::parse("AABB\nAAB\n").unwrap_err();
        assert_eq!(row, Error::WrongLength { line: 2, found: 3, expected: 4 });
        assert_eq!(Regions::parse("AABBAABBCCDDCCDD\nA").unwrap_err(), Error::TrailingText { line: 2 });
        assert_eq!(Regions::parse("").unwrap_err(), Error::NoPuzzle);
        let boxes = Regions::parse("AABBAABBCCDDCCDD").unwrap();
        assert!(!boxes.is_jigsaw());
        assert_eq!(boxes, Regions::boxes(Size::new(2).unwrap()));
    }

    #[test]
    fn extra_regions_are_checked() {
        let size = Size::new(2).unwrap();
        let cell = |row, col| Cell { row, col };
        assert!(Regions::boxes(size).with_extra([cell(0, 0), cell(4, 0)]).is_err());
        assert!(Regions::boxes(size).with_extra([cell(0, 0), cell(0, 0)]).is_err());
        assert!(Regions::boxes(size).with_extra((0..5).map(|k| cell(k % 4, k / 4))).is_err());
        assert!(Regions::boxes(size).with_extra([]).is_err());
        let two = Regions::boxes(size).with_extra([cell(3, 3), cell(0, 0)]).unwrap();
        let mut grid = Grid::empty(size);
        grid.set(0, 0, 2);
        grid.set(3, 3, 2);
        assert_eq!(two.conflict(&grid), Some((cell(0, 0), cell(3, 3), 2)));
        assert_eq!(Regions::boxes(size).conflict(&grid), None);
    }
}
