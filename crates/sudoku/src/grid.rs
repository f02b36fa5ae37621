//! Grids, their sizes and the alphabets their digits are written in.

use std::fmt;

use crate::Error;

/// The size of a sudoku, given by its box size `n`: the grid is `n² × n²`, made of
/// `n²` boxes of `n × n` cells, with digits `1..=n²`.
///
/// ```
/// use quadrille_sudoku::Size;
/// let size = Size::new(3)?;
/// assert_eq!((size.side(), size.cells()), (9, 81));
/// assert_eq!(Size::from_cells(256), Some(Size::new(4)?));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Size {
    box_size: u8,
}

impl Size {
    /// The smallest box size supported (a 4×4 grid).
    pub const MIN_BOX: usize = 2;
    /// The largest box size supported (a 25×25 grid).
    pub const MAX_BOX: usize = 5;
    /// The classic 9×9 sudoku.
    pub const NINE: Size = Size { box_size: 3 };

    /// Every supported size, smallest first.
    pub const ALL: [Size; 4] = [Size { box_size: 2 }, Size { box_size: 3 }, Size { box_size: 4 }, Size { box_size: 5 }];

    /// The size with boxes of `box_size × box_size` cells (2 to 5).
    pub fn new(box_size: usize) -> Result<Size, Error> {
        if (Size::MIN_BOX..=Size::MAX_BOX).contains(&box_size) {
            Ok(Size { box_size: box_size as u8 })
        } else {
            Err(Error::UnsupportedSize { box_size })
        }
    }

    /// The size whose rows have `side` cells (4, 9, 16 or 25).
    pub fn from_side(side: usize) -> Option<Size> {
        Size::ALL.into_iter().find(|s| s.side() == side)
    }

    /// The size whose grid has `cells` cells (16, 81, 256 or 625).
    pub fn from_cells(cells: usize) -> Option<Size> {
        Size::ALL.into_iter().find(|s| s.cells() == cells)
    }

    /// The box size `n`.
    pub fn box_size(self) -> usize {
        self.box_size as usize
    }

    /// The number of cells in a row, a column or a box, and of digits: `n²`.
    pub fn side(self) -> usize {
        self.box_size() * self.box_size()
    }

    /// The number of cells: `n⁴`.
    pub fn cells(self) -> usize {
        self.side() * self.side()
    }

    /// The box of a cell, numbered row by row from 0.
    pub fn box_of(self, row: usize, col: usize) -> usize {
        let n = self.box_size();
        row / n * n + col / n
    }

    pub(crate) fn index(self) -> usize {
        self.box_size() - Size::MIN_BOX
    }
}

impl fmt::Display for Size {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{0}×{0}", self.side())
    }
}

/// A cell, by row and column counted from 0; shown as `r1c1` (counted from 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell {
    /// The row, from 0.
    pub row: usize,
    /// The column, from 0.
    pub col: usize,
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "r{}c{}", self.row + 1, self.col + 1)
    }
}

/// How digits are written.
///
/// Digits are numbered `1..=n²` inside the crate; the alphabet says which
/// character stands for each, and which characters mean a blank cell.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Alphabet {
    /// `1`–`9`, then `A`–`Z` for 10 and up (`A` = 10, …, `P` = 25); blanks are
    /// `.`, `0` or `_`. The usual way of writing 9×9 puzzles.
    #[default]
    OneBased,
    /// `0`–`9`, then `A`–`Z` (`0` = the first digit, `F` = the sixteenth); blanks are
    /// `.` or `_`. The usual way of writing 16×16 puzzles in hexadecimal.
    ZeroBased,
}

/// In a decoding table: a character that is not in the alphabet.
const BAD: u8 = u8::MAX;

impl Alphabet {
    /// The character for `digit` (`1..=35`) when solutions are written.
    pub fn symbol(self, digit: u8) -> char {
        let value = match self {
            Alphabet::OneBased => digit,
            Alphabet::ZeroBased => digit - 1,
        };
        char::from_digit(value as u32, 36).map_or('?', |c| c.to_ascii_uppercase())
    }

    /// The digit a character stands for: `Some(0)` for a blank, `None` for a
    /// character outside the alphabet. Letters may be in either case.
    pub fn value(self, c: char) -> Option<u8> {
        if c.is_ascii() {
            match self.table()[c as usize] {
                BAD => None,
                v => Some(v),
            }
        } else {
            None
        }
    }

    /// The digit an ASCII byte stands for (0 for a blank), or a value larger than
    /// any digit for a byte outside the alphabet.
    pub(crate) fn ascii_value(self, b: u8) -> u8 {
        self.table().get(b as usize).copied().unwrap_or(BAD)
    }

    /// The decoding table for ASCII characters.
    fn table(self) -> &'static [u8; 128] {
        static ONE_BASED: [u8; 128] = table(Alphabet::OneBased);
        static ZERO_BASED: [u8; 128] = table(Alphabet::ZeroBased);
        match self {
            Alphabet::OneBased => &ONE_BASED,
            Alphabet::ZeroBased => &ZERO_BASED,
        }
    }
}

const fn table(alphabet: Alphabet) -> [u8; 128] {
    let mut t = [BAD; 128];
    let shift = match alphabet {
        Alphabet::OneBased => 0,
        Alphabet::ZeroBased => 1,
    };
    let mut c = 0u8;
    while c < 128 {
        let value = if c.is_ascii_digit() {
            c - b'0'
        } else if c.is_ascii_uppercase() {
            c - b'A' + 10
        } else if c.is_ascii_lowercase() {
            c - b'a' + 10
        } else {
            BAD
        };
        if value != BAD {
            t[c as usize] = value + shift;
        }
        c += 1;
    }
    t[b'.' as usize] = 0;
    t[b'_' as usize] = 0;
    t
}

/// A sudoku grid: a digit `1..=n²` or a blank (0) in every cell, row by row.
///
/// ```
/// use quadrille_sudoku::{Alphabet, Grid, Size};
/// let grid = Grid::parse("1.3.\n..1.\n.1..\n4..1")?;
/// assert_eq!(grid.size(), Size::new(2)?);
/// assert_eq!(grid.get(0, 2), 3);
/// assert_eq!(grid.to_line(Alphabet::OneBased), "1.3...1..1..4..1");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Grid {
    size: Size,
    cells: Vec<u8>,
}

impl Grid {
    /// An empty grid.
    pub fn empty(size: Size) -> Grid {
        Grid { size, cells: vec![0; size.cells()] }
    }

    /// A grid from its cells, row by row: 0 for a blank, else a digit `1..=n²`.
    pub fn from_cells(size: Size, cells: Vec<u8>) -> Result<Grid, Error> {
        if cells.len() != size.cells() {
            return Err(Error::WrongLength { line: 1, found: cells.len(), expected: size.cells() });
        }
        if let Some(k) = cells.iter().position(|&d| d as usize > size.side()) {
            let cell = Cell { row: k / size.side(), col: k % size.side() };
            return Err(Error::DigitOutOfRange { cell, digit: cells[k] as usize, side: size.side() });
        }
        Ok(Grid { size, cells })
    }

    /// Reads one puzzle, in the line or the grid layout, with the size inferred and
    /// the default alphabet; see [`Reader`](crate::Reader) for the rules and for
    /// streams of puzzles.
    pub fn parse(text: &str) -> Result<Grid, Error> {
        Grid::parse_with(text, &crate::ReadConfig::new())
    }

    /// Reads one puzzle with a configuration (size, alphabet).
    pub fn parse_with(text: &str, config: &crate::ReadConfig) -> Result<Grid, Error> {
        let mut entries = crate::Reader::read_all(text, *config).into_iter();
        match (entries.next(), entries.next()) {
            (Some(entry), None) => entry.puzzle,
            (None, _) => Err(Error::NoPuzzle),
            (Some(_), Some(second)) => Err(Error::TrailingText { line: second.line }),
        }
    }

    /// The size.
    pub fn size(&self) -> Size {
        self.size
    }

    /// The cells, row by row: 0 for a blank, else the digit.
    pub fn cells(&self) -> &[u8] {
        &self.cells
    }

    /// The digit in a cell (0 for a blank).
    pub fn get(&self, row: usize, col: usize) -> u8 {
        self.cells[row * self.size.side() + col]
    }

    /// Puts a digit (or 0 for a blank) into a cell.
    ///
    /// # Panics
    /// If the cell is outside the grid or the digit is larger than `n²`.
    pub fn set(&mut self, row: usize, col: usize, digit: u8) {
        let side = self.size.side();
        assert!(row < side && col < side && digit as usize <= side, "cell or digit out of range");
        self.cells[row * side + col] = digit;
    }

    /// The number of cells holding a digit.
    pub fn givens(&self) -> usize {
        self.cells.iter().filter(|&&d| d != 0).count()
    }

    /// Whether every cell holds a digit.
    pub fn is_complete(&self) -> bool {
        self.cells.iter().all(|&d| d != 0)
    }

    /// The first two cells that hold the same digit in one row, column or box, in
    /// reading order of the second: givens that can never be completed.
    pub fn conflict(&self) -> Option<(Cell, Cell, u8)> {
        let size = self.size;
        let side = size.side();
        // One bit per digit for each row, column and box: the fast path finds the
        // first repeated digit, then a scan names the earlier cell.
        let mut rows = [0u64; 25];
        let mut cols = [0u64; 25];
        let mut boxes = [0u64; 25];
        for (k, &d) in self.cells.iter().enumerate() {
            if d == 0 {
                continue;
            }
            let (r, c) = (k / side, k % side);
            let b = size.box_of(r, c);
            let bit = 1u64 << d;
            if (rows[r] | cols[c] | boxes[b]) & bit != 0 {
                let second = Cell { row: r, col: c };
                let first = self.earlier_peer(second, d).expect("a peer holds the digit");
                return Some((first, second, d));
            }
            rows[r] |= bit;
            cols[c] |= bit;
            boxes[b] |= bit;
        }
        None
    }

    /// The first cell before `cell` in reading order that shares a row, column or
    /// box with it and holds `digit`.
    fn earlier_peer(&self, cell: Cell, digit: u8) -> Option<Cell> {
        let side = self.size.side();
        let b = self.size.box_of(cell.row, cell.col);
        (0..cell.row * side + cell.col).map(|k| Cell { row: k / side, col: k % side }).find(|other| {
            self.get(other.row, other.col) == digit
                && (other.row == cell.row || other.col == cell.col || self.size.box_of(other.row, other.col) == b)
        })
    }

    /// Appends the grid as one line (`.` for blanks) to `out`.
    pub fn write_line(&self, alphabet: Alphabet, out: &mut String) {
        out.extend(self.cells.iter().map(|&d| if d == 0 { '.' } else { alphabet.symbol(d) }));
    }

    /// The grid as one line, `.` for blanks.
    pub fn to_line(&self, alphabet: Alphabet) -> String {
        let mut out = String::with_capacity(self.cells.len());
        self.write_line(alphabet, &mut out);
        out
    }

    /// Appends the grid in the grid layout to `out`: one row per line, digits
    /// separated by spaces, boxes by `|` and by lines of `-` and `+`.
    ///
    /// ```
    /// use quadrille_sudoku::{Alphabet, Grid};
    /// let grid = Grid::parse("1234341221434321")?;
    /// let mut text = String::new();
    /// grid.write_grid(Alphabet::OneBased, &mut text);
    /// assert_eq!(text, "1 2 | 3 4\n3 4 | 1 2\n----+----\n2 1 | 4 3\n4 3 | 2 1\n");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn write_grid(&self, alphabet: Alphabet, out: &mut String) {
        let n = self.size.box_size();
        let side = self.size.side();
        // Each box is 2n - 1 characters wide with a space on each inner side.
        let rule = vec!["-".repeat(2 * n + 1); n].join("+");
        let rule = &rule[1..rule.len() - 1];
        for r in 0..side {
            if r > 0 && r % n == 0 {
                out.push_str(rule);
                out.push('\n');
            }
            for c in 0..side {
                if c > 0 {
                    out.push_str(if c % n == 0 { " | " } else { " " });
                }
                let d = self.get(r, c);
                out.push(if d == 0 { '.' } else { alphabet.symbol(d) });
            }
            out.push('\n');
        }
    }

    /// Whether this complete grid is a valid sudoku solution (every row, column
    /// and box holds every digit once) that agrees with the givens of `puzzle`.
    pub fn solves(&self, puzzle: &Grid) -> bool {
        self.size == puzzle.size
            && self.is_complete()
            && self.conflict().is_none()
            && puzzle.cells.iter().zip(&self.cells).all(|(&p, &s)| p == 0 || p == s)
    }
}

impl fmt::Debug for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Grid({})", self.to_line(Alphabet::OneBased))
    }
}

/// The grid as one line in the default alphabet, `.` for blanks.
impl fmt::Display for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_line(Alphabet::OneBased))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn alphabets_round_trip() {
        for alphabet in [Alphabet::OneBased, Alphabet::ZeroBased] {
            for digit in 1..=25 {
                assert_eq!(alphabet.value(alphabet.symbol(digit)), Some(digit), "{alphabet:?} {digit}");
            }
            assert_eq!(alphabet.value('.'), Some(0));
            assert_eq!(alphabet.value('x').map(|v| v > 25), Some(true));
            assert_eq!(alphabet.value('é'), None);
        }
        assert_eq!(Alphabet::OneBased.value('0'), Some(0));
        assert_eq!(Alphabet::ZeroBased.value('0'), Some(1));
        assert_eq!(Alphabet::ZeroBased.symbol(16), 'F');
        assert_eq!(Alphabet::OneBased.symbol(25), 'P');
        assert_eq!(Alphabet::OneBased.value('p'), Some(25));
    }

    #[test]
    fn conflicts_name_the_earlier_cell() {
        let mut grid = Grid::empty(Size::NINE);
        grid.set(0, 2, 5);
        grid.set(0, 6, 5);
        assert_eq!(grid.conflict(), Some((Cell { row: 0, col: 2 }, Cell { row: 0, col: 6 }, 5)));
        let mut grid = Grid::empty(Size::NINE);
        grid.set(1, 1, 7);
        grid.set(0, 8, 3);
        grid.set(8, 1, 7);
        assert_eq!(grid.conflict(), Some((Cell { row: 1, col: 1 }, Cell { row: 8, col: 1 }, 7)));
        let mut grid = Grid::empty(Size::NINE);
        grid.set(3, 3, 1);
        grid.set(5, 5, 1);
        assert_eq!(grid.conflict(), Some((Cell { row: 3, col: 3 }, Cell { row: 5, col: 5 }, 1)));
        grid.set(5, 5, 2);
        assert_eq!(grid.conflict(), None);
    }

    #[test]
    fn sizes() {
        assert!(Size::new(1).is_err());
        assert!(Size::new(6).is_err());
        assert_eq!(Size::from_side(25), Some(Size::new(5).unwrap()));
        assert_eq!(Size::from_cells(80), None);
        assert_eq!(Size::new(4).unwrap().box_of(5, 13), 7);
    }
}
