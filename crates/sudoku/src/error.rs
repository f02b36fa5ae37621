//! The crate's error type.

use std::fmt;

use crate::{Alphabet, Cell, Size};

/// Why a puzzle is invalid, or why a grid or a size was refused.
///
/// Every variant names its culprit: the line (counted from 1 in the text read),
/// the column (in characters, from 1), the cells.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// A line holds a number of cells that is no puzzle's (and starts no grid).
    #[error("line {line}: {found} cells, expected {expected}")]
    WrongLength {
        /// The line.
        line: usize,
        /// How many cells it holds (separators and blanks between cells not counted).
        found: usize,
        /// How many a puzzle of the expected (or the nearest) size has.
        expected: usize,
    },
    /// A character that is neither a digit of the puzzle's alphabet and size, nor a
    /// blank, nor a separator.
    #[error("line {line}, column {column}: bad character {character:?}")]
    BadCharacter {
        /// The line.
        line: usize,
        /// The column, in characters from 1.
        column: usize,
        /// The character.
        character: char,
    },
    /// A puzzle in the grid layout stops before its last row.
    #[error("line {line}: the grid ends after {rows} of {expected} rows")]
    ShortGrid {
        /// The grid's first line.
        line: usize,
        /// How many rows it has.
        rows: usize,
        /// How many it should have.
        expected: usize,
    },
    /// The search was stopped (its [`Monitor`](quadrille_dlx::Monitor) was) before
    /// it could answer: the puzzle has no answer, not a wrong one.
    #[error("{}stopped before the search ended", LinePrefix(*line))]
    Interrupted {
        /// The puzzle's first line, when it was read from text.
        line: Option<usize>,
    },
    /// Two givens hold the same digit in one row, column or box.
    #[error("{}{first} and {second} both hold {digit}", LinePrefix(*line))]
    Conflict {
        /// The puzzle's first line, when it was read from text.
        line: Option<usize>,
        /// The earlier of the two cells, in reading order.
        first: Cell,
        /// The later one.
        second: Cell,
        /// The digit, as the puzzle writes it.
        digit: char,
    },
    /// A cell given to [`Grid::from_cells`](crate::Grid::from_cells) holds a digit
    /// larger than the grid's side.
    #[error("{cell}: digit {digit} is larger than {side}")]
    DigitOutOfRange {
        /// The cell.
        cell: Cell,
        /// The digit.
        digit: usize,
        /// The largest digit allowed.
        side: usize,
    },
    /// A box size outside `2..=5`.
    #[error("box size {box_size} is not supported (2 to 5: grids of 4×4 to 25×25)")]
    UnsupportedSize {
        /// The box size asked for.
        box_size: usize,
    },
    /// A jigsaw layout names more regions than a row has cells.
    #[error("line {line}, column {column}: region {label:?} is one too many (a layout has {regions} regions)")]
    TooManyRegions {
        /// The line.
        line: usize,
        /// The column, in characters from 1.
        column: usize,
        /// The label of the region too many.
        label: char,
        /// How many regions a layout of its size has.
        regions: usize,
    },
    /// A region of a jigsaw layout has more cells than a row.
    #[error("line {line}, column {column}: region {label:?} has more than {side} cells")]
    RegionTooLarge {
        /// The line of the first cell too many.
        line: usize,
        /// Its column, in characters from 1.
        column: usize,
        /// The region's label.
        label: char,
        /// How many cells a region has.
        side: usize,
    },
    /// A puzzle and its regions are not of one size.
    #[error("{}a {puzzle} puzzle, but the regions are {regions}", LinePrefix(*line))]
    RegionsSize {
        /// The puzzle's first line, when it was read from text.
        line: Option<usize>,
        /// The puzzle's size.
        puzzle: Size,
        /// The regions' size.
        regions: Size,
    },
    /// The text ends where a puzzle's region layout should follow.
    #[error("line {line}: no region layout after the puzzle")]
    MissingRegions {
        /// The puzzle's first line.
        line: usize,
    },
    /// A cell of an extra region is outside the grid, or named twice.
    #[error("extra region: {cell} is outside the grid or named twice")]
    ExtraCell {
        /// The cell.
        cell: Cell,
    },
    /// An extra region with no cell, or with more cells than a row.
    #[error("an extra region of {cells} cells: it must have 1 to {side}")]
    ExtraSize {
        /// Its number of cells.
        cells: usize,
        /// The largest number allowed (a row's).
        side: usize,
    },
    /// [`Grid::parse`](crate::Grid::parse) found no puzzle in its text.
    #[error("no puzzle found")]
    NoPuzzle,
    /// [`Grid::parse`](crate::Grid::parse) found more than one puzzle in its text.
    #[error("line {line}: text after the puzzle")]
    TrailingText {
        /// The line where the second puzzle starts.
        line: usize,
    },
}

impl Error {
    /// The same error placed in the text it came from, when it does not know its
    /// place yet (a conflict found while solving names no line, and writes its
    /// digit in [`Alphabet::OneBased`]): the puzzle's first line, and the digit in
    /// the puzzle's alphabet.
    pub fn place(self, puzzle_line: usize, alphabet: Alphabet) -> Error {
        match self {
            Error::Conflict { line: None, first, second, digit } => {
                let digit = Alphabet::OneBased.value(digit).map_or(digit, |d| alphabet.symbol(d));
                Error::Conflict { line: Some(puzzle_line), first, second, digit }
            }
            Error::Interrupted { line: None } => Error::Interrupted { line: Some(puzzle_line) },
            Error::RegionsSize { line: None, puzzle, regions } => {
                Error::RegionsSize { line: Some(puzzle_line), puzzle, regions }
            }
            other => other,
        }
    }
}

/// `line N: ` when the line is known, else nothing.
struct LinePrefix(Option<usize>);

impl fmt::Display for LinePrefix {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Some(line) => write!(f, "line {line}: "),
            None => Ok(()),
        }
    }
}
