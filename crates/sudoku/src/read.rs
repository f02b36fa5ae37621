//! Reading puzzles from text, one line at a time.

use std::sync::Arc;

use crate::regions::LayoutLines;
use crate::{Alphabet, Error, Grid, Model, Regions, Rules, Size};

/// How to read puzzles: their size (or none, to infer it from each puzzle) and
/// the alphabet their digits are written in.
///
/// ```
/// use quadrille_sudoku::{Alphabet, ReadConfig, Size};
/// let config = ReadConfig::new().size(Some(Size::new(4)?)).alphabet(Alphabet::ZeroBased);
/// assert_eq!(config.get_size(), Some(Size::new(4)?));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ReadConfig {
    size: Option<Size>,
    alphabet: Alphabet,
}

impl ReadConfig {
    /// Sizes inferred, the default alphabet ([`Alphabet::OneBased`]).
    pub fn new() -> ReadConfig {
        ReadConfig::default()
    }

    /// Reads every puzzle at this size (`None`: infer each puzzle's size from the
    /// number of cells on its line, or in its first row).
    pub fn size(mut self, size: Option<Size>) -> ReadConfig {
        self.size = size;
        self
    }

    /// Reads digits in this alphabet.
    pub fn alphabet(mut self, alphabet: Alphabet) -> ReadConfig {
        self.alphabet = alphabet;
        self
    }

    /// The size, if fixed.
    pub fn get_size(&self) -> Option<Size> {
        self.size
    }

    /// The alphabet.
    pub fn get_alphabet(&self) -> Alphabet {
        self.alphabet
    }
}

/// How a puzzle was laid out in its text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Layout {
    /// All the cells on one line.
    Line,
    /// One row per line.
    Grid,
}

/// One puzzle read, or the reason it could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// Its line (the first, for the grid layout), counted from 1.
    pub line: usize,
    /// Its layout.
    pub layout: Layout,
    /// The puzzle, or why it is invalid.
    pub puzzle: Result<Grid, Error>,
    /// The model of its variant, when the reader's [`Rules`] are not the classic
    /// ones (`None`: the classic model of its size).
    pub model: Option<Arc<Model>>,
}

/// A grid layout whose rows are still coming in.
#[derive(Debug)]
struct PartialGrid {
    size: Size,
    line: usize,
    cells: Vec<u8>,
    rows: usize,
    error: Option<Error>,
}

/// Reads puzzles from text fed to it one line at a time, so that a stream of any
/// length can be answered as it comes. It does no I/O itself.
///
/// The rules:
/// - Blank lines and lines starting with `#` are skipped; so are lines made only
///   of separators. Line endings (`\n` or `\r\n`) may be left on the lines. A
///   byte-order mark at the start of the first line is skipped.
/// - Spaces and the separators `|`, `-` and `+` between cells are ignored; every
///   other character is a cell: a digit of the [`Alphabet`] or a blank (`.`, `_`,
///   and `0` in [`Alphabet::OneBased`]).
/// - A line with as many cells as a whole puzzle (16, 81, 256 or 625, or the
///   [`ReadConfig::size`]) is a puzzle in the **line layout**. A line with as many
///   cells as a row (4, 9 or 25, or the side of the configured size) starts a
///   puzzle in the **grid layout**, which takes that many rows. A 16-cell line is a
///   4×4 puzzle unless the size is set to 16×16.
/// - Anything else is reported as an invalid entry, and reading goes on.
///
/// ```
/// use quadrille_sudoku::{Error, Layout, Reader};
///
/// let text = "# two puzzles and a mistake\n\
///     1.3...1..1..4..1\r\n\
///     1 . | . .\n. . | 1 .\n----+----\n. 1 | . .\n. . | . 1\n\
///     12x4............\n";
/// let mut reader = Reader::default();
/// let mut entries = Vec::new();
/// for line in text.lines() {
///     reader.push_line(line, &mut entries);
/// }
/// reader.finish(&mut entries);
/// assert_eq!(entries.len(), 3);
/// assert_eq!((entries[0].line, entries[0].layout), (2, Layout::Line));
/// assert_eq!((entries[1].line, entries[1].layout), (3, Layout::Grid));
/// assert_eq!(entries[1].puzzle.as_ref().unwrap().to_line(Default::default()), "1.....1..1.....1");
/// assert_eq!(entries[2].puzzle, Err(Error::BadCharacter { line: 8, column: 3, character: 'x' }));
/// ```
///
/// With [`Rules`] other than the classic ones ([`Reader::with_rules`]), every
/// entry carries the [`Model`] of its variant, built once per size or per layout;
/// with [`Rules::jigsaw_per_puzzle`], the lines after each puzzle are its layout
/// (see [`Regions::parse`]).
///
/// ```
/// use quadrille_sudoku::{Error, ReadConfig, Reader, Rules};
///
/// let text = "1.......2...3...\nAABB ACBB ACDD CCDD\n..3..4.221......\nAABB AABB CCDD CCDA\n";
/// let entries = Reader::read_all_with(text, ReadConfig::new(), Rules::classic().jigsaw_per_puzzle());
/// let regions = entries[0].model.as_ref().unwrap().regions();
/// assert!(regions.is_jigsaw());
/// assert_eq!(entries[1].puzzle, Err(Error::RegionTooLarge { line: 4, column: 19, label: 'A', side: 4 }));
/// ```
#[derive(Debug, Default)]
pub struct Reader {
    config: ReadConfig,
    line: usize,
    grid: Option<PartialGrid>,
    rules: Rules,
    /// With fixed rules: the model of each size, built on first use.
    models: [Option<Arc<Model>>; Size::ALL.len()],
    /// With a layout per puzzle: the latest model, kept while the layout repeats.
    latest: Option<Arc<Model>>,
    /// With a layout per puzzle: a puzzle read, and its layout being read.
    pending: Option<(Entry, LayoutLines)>,
}

/// Characters that may stand between cells.
fn is_separator(c: char) -> bool {
    c.is_whitespace() || matches!(c, '|' | '-' | '+')
}

/// [`is_separator`] for an ASCII byte.
fn is_separator_byte(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\x0b' | b'\x0c' | b'\r' | b'|' | b'-' | b'+')
}

/// The number of cells on a line: its characters other than separators.
fn count_cells(text: &str) -> usize {
    if text.is_ascii() {
        text.bytes().filter(|&b| !is_separator_byte(b)).count()
    } else {
        text.chars().filter(|&c| !is_separator(c)).count()
    }
}

impl Reader {
    /// A reader with this configuration.
    pub fn new(config: ReadConfig) -> Reader {
        Reader { config, ..Reader::default() }
    }

    /// A reader with this configuration, whose puzzles follow `rules`.
    pub fn with_rules(config: ReadConfig, rules: Rules) -> Reader {
        Reader { config, rules, ..Reader::default() }
    }

    /// [`read_all`](Reader::read_all) with rules.
    pub fn read_all_with(text: &str, config: ReadConfig, rules: Rules) -> Vec<Entry> {
        let mut reader = Reader::with_rules(config, rules);
        let mut entries = Vec::new();
        for line in text.split_inclusive('\n') {
            reader.push_line(line, &mut entries);
        }
        reader.finish(&mut entries);
        entries
    }

    /// Reads a whole text line by line, as a stream of it would be read, and
    /// returns its entries.
    ///
    /// ```
    /// use quadrille_sudoku::{ReadConfig, Reader};
    /// let entries = Reader::read_all("# two puzzles\n..3..4.221......\r\n1.1.............\n", ReadConfig::new());
    /// assert_eq!(entries.iter().map(|e| (e.line, e.puzzle.is_ok())).collect::<Vec<_>>(), [(2, true), (3, true)]);
    /// ```
    pub fn read_all(text: &str, config: ReadConfig) -> Vec<Entry> {
        Reader::read_all_with(text, config, Rules::classic())
    }

    /// The number of lines read so far.
    pub fn lines(&self) -> usize {
        self.line
    }

    /// Whether a puzzle in the grid layout, or a puzzle's layout, is partly read.
    pub fn in_grid(&self) -> bool {
        self.grid.is_some() || self.pending.is_some()
    }

    /// Reads the next line, appending the entries it completes to `entries`: none,
    /// one, or two (when the line cuts a grid short and is itself a puzzle).
    pub fn push_line(&mut self, text: &str, entries: &mut Vec<Entry>) {
        self.line += 1;
        let line = self.line;
        let text = if line == 1 { text.strip_prefix('\u{feff}').unwrap_or(text) } else { text };
        let content = text.trim_start();
        if content.is_empty() || content.starts_with('#') {
            return;
        }
        if self.take_layout_line(text, line, entries) {
            return;
        }
        let n_cells = count_cells(text);
        if n_cells == 0 {
            return;
        }
        if let Some(grid) = &mut self.grid {
            if n_cells == grid.size.side() {
                let result = decode(text, line, grid.size, self.config.alphabet, &mut grid.cells);
                if let (Err(e), None) = (result, &grid.error) {
                    grid.error = Some(e);
                }
                grid.rows += 1;
                if grid.rows == grid.size.side() {
                    let grid = self.grid.take().expect("a grid in progress");
                    let puzzle = match grid.error {
                        Some(e) => Err(e),
                        None => Ok(Grid::from_cells(grid.size, grid.cells).expect("digits were checked")),
                    };
                    self.emit(Entry { line: grid.line, layout: Layout::Grid, puzzle, model: None }, entries);
                }
                return;
            }
            self.cut_grid_short(entries);
            // The line after a puzzle is its layout, when layouts come with puzzles.
            if self.take_layout_line(text, line, entries) {
                return;
            }
        }
        let whole = match self.config.size {
            Some(size) => (size.cells() == n_cells).then_some(size),
            None => Size::from_cells(n_cells),
        };
        if let Some(size) = whole {
            let mut cells = Vec::with_capacity(size.cells());
            let puzzle = decode(text, line, size, self.config.alphabet, &mut cells)
                .map(|()| Grid::from_cells(size, cells).expect("digits were checked"));
            self.emit(Entry { line, layout: Layout::Line, puzzle, model: None }, entries);
            return;
        }
        let row = match self.config.size {
            Some(size) => (size.side() == n_cells).then_some(size),
            None => Size::from_side(n_cells),
        };
        if let Some(size) = row {
            let mut cells = Vec::with_capacity(size.cells());
            let error = decode(text, line, size, self.config.alphabet, &mut cells).err();
            self.grid = Some(PartialGrid { size, line, cells, rows: 1, error });
            return;
        }
        let expected = match self.config.size {
            Some(size) => size.cells(),
            None => crate::regions::nearest_cells(n_cells),
        };
        let puzzle = Err(Error::WrongLength { line, found: n_cells, expected });
        self.emit(Entry { line, layout: Layout::Line, puzzle, model: None }, entries);
    }

    /// Ends the text: a grid still missing rows, or a puzzle without its layout,
    /// is reported as invalid.
    pub fn finish(&mut self, entries: &mut Vec<Entry>) {
        self.cut_grid_short(entries);
        if let Some((mut entry, layout)) = self.pending.take() {
            if entry.puzzle.is_ok() {
                entry.puzzle = Err(layout.finish().unwrap_or(Error::MissingRegions { line: entry.line }));
            }
            entries.push(entry);
        }
    }

    fn cut_grid_short(&mut self, entries: &mut Vec<Entry>) {
        if let Some(grid) = self.grid.take() {
            let error = Error::ShortGrid { line: grid.line, rows: grid.rows, expected: grid.size.side() };
            self.emit(Entry { line: grid.line, layout: Layout::Grid, puzzle: Err(error), model: None }, entries);
        }
    }

    /// Gives a puzzle read its model, or waits for its layout, and appends it to
    /// `entries` when it is complete.
    fn emit(&mut self, mut entry: Entry, entries: &mut Vec<Entry>) {
        if self.rules.is_classic() {
            entries.push(entry);
            return;
        }
        if self.rules.layout_per_puzzle() {
            let size = entry.puzzle.as_ref().ok().map(Grid::size);
            self.pending = Some((entry, LayoutLines::new(size)));
            return;
        }
        if let Ok(grid) = &entry.puzzle {
            let size = grid.size();
            let model = match &self.models[size.index()] {
                Some(model) => Ok(Arc::clone(model)),
                None => self.rules.regions(size).map(|regions| {
                    let model = Arc::new(Model::with_regions(regions));
                    self.models[size.index()] = Some(Arc::clone(&model));
                    model
                }),
            };
            match model {
                Ok(model) => entry.model = Some(model),
                Err(e) => entry.puzzle = Err(e.place(entry.line, self.config.alphabet)),
            }
        }
        entries.push(entry);
    }

    /// Reads `text` as a line of the layout of the puzzle before, if one is
    /// awaited; appends the puzzle when its layout is complete.
    fn take_layout_line(&mut self, text: &str, line: usize, entries: &mut Vec<Entry>) -> bool {
        let Some((_, layout)) = &mut self.pending else { return false };
        let Some(result) = layout.push(text, line) else { return true };
        let (mut entry, _) = self.pending.take().expect("a puzzle awaits its layout");
        if entry.puzzle.is_ok() {
            match result {
                Ok(regions) => entry.model = Some(self.model_of(regions)),
                Err(e) => entry.puzzle = Err(e),
            }
        }
        entries.push(entry);
        true
    }

    /// The model of a puzzle's own layout under the rules: the latest one again if
    /// the layout repeats.
    fn model_of(&mut self, regions: Regions) -> Arc<Model> {
        let regions = self.rules.extend(regions);
        match &self.latest {
            Some(model) if *model.regions() == regions => Arc::clone(model),
            _ => {
                let model = Arc::new(Model::with_regions(regions));
                self.latest = Some(Arc::clone(&model));
                model
            }
        }
    }
}

/// Appends the digits of the cells on a line to `cells`; on a bad character, names
/// the first one (and appends blanks for the rest, so a grid keeps its shape).
fn decode(text: &str, line: usize, size: Size, alphabet: Alphabet, cells: &mut Vec<u8>) -> Result<(), Error> {
    let side = size.side() as u8;
    let mut error = None;
    if text.is_ascii() {
        // The common case, a byte per character: a table lookup per cell.
        for (column, b) in text.bytes().enumerate() {
            if is_separator_byte(b) {
                continue;
            }
            let digit = alphabet.ascii_value(b);
            if digit <= side {
                cells.push(digit);
            } else {
                error.get_or_insert(Error::BadCharacter { line, column: column + 1, character: b as char });
                cells.push(0);
            }
        }
        return error.map_or(Ok(()), Err);
    }
    for (column, c) in text.chars().enumerate() {
        if is_separator(c) {
            continue;
        }
        match alphabet.value(c) {
            Some(digit) if digit <= side => cells.push(digit),
            _ => {
                error.get_or_insert(Error::BadCharacter { line, column: column + 1, character: c });
                cells.push(0);
            }
        }
    }
    error.map_or(Ok(()), Err)
}

#[cfg(test)]
mod tests {
    use super::*;

    const LINE: &str = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

    #[test]
    fn line_layout_with_comments_crlf_and_zeros() {
        let text = format!("# comment\r\n\r\n{LINE}\r\n{}\n", LINE.replace('.', "0"));
        let entries = Reader::read_all(&text, ReadConfig::new());
        assert_eq!(entries.len(), 2);
        assert_eq!(entries[0].line, 3);
        assert_eq!(entries[0].puzzle.as_ref().unwrap().to_line(Alphabet::OneBased), LINE);
        assert_eq!(entries[1].puzzle, entries[0].puzzle);
    }

    #[test]
    fn grid_layout_with_separators() {
        let mut text = String::new();
        for (r, row) in LINE.as_bytes().chunks(9).enumerate() {
            if r == 3 || r == 6 {
                text.push_str("------+-------+------\n");
            }
            let row: Vec<String> = row.iter().map(|&b| (b as char).to_string()).collect();
            text.push_str(&format!("{} | {} | {}\n", row[..3].join(" "), row[3..6].join(" "), row[6..].join(" ")));
        }
        let entries = Reader::read_all(&text, ReadConfig::new());
        assert_eq!(entries.len(), 1);
        assert_eq!(entries[0].layout, Layout::Grid);
        assert_eq!(entries[0].puzzle.as_ref().unwrap().to_line(Alphabet::OneBased), LINE);
        let mut written = String::new();
        entries[0].puzzle.as_ref().unwrap().write_grid(Alphabet::OneBased, &mut written);
        assert_eq!(written, text);
    }

    #[test]
    fn bad_lines_are_entries() {
        let text = format!("{}\n{LINE}\n12345678x\n{LINE}\n123456789\n", &LINE[..80]);
        let entries = Reader::read_all(&text, ReadConfig::new());
        let errors: Vec<Option<Error>> = entries.iter().map(|e| e.puzzle.clone().err()).collect();
        assert_eq!(
            errors,
            [
                Some(Error::WrongLength { line: 1, found: 80, expected: 81 }),
                None,
                Some(Error::ShortGrid { line: 3, rows: 1, expected: 9 }),
                None,
                Some(Error::ShortGrid { line: 5, rows: 1, expected: 9 }),
            ]
        );
        let entries = Reader::read_all("1234\n12x4\n1234\n1234\n", ReadConfig::new());
        assert_eq!(entries[0].puzzle, Err(Error::BadCharacter { line: 2, column: 3, character: 'x' }));
        assert_eq!(entries.len(), 1);
    }

    #[test]
    fn sixteen_by_sixteen_alphabets() {
        let one_based: String = (1..=16u8).map(|d| Alphabet::OneBased.symbol(d)).collect::<String>().repeat(16);
        let zero_based: String = (1..=16u8).map(|d| Alphabet::ZeroBased.symbol(d)).collect::<String>().repeat(16);
        let a = Reader::read_all(&one_based, ReadConfig::new());
        let b = Reader::read_all(&zero_based, ReadConfig::new().alphabet(Alphabet::ZeroBased));
        assert_eq!(a[0].puzzle.as_ref().unwrap().size(), Size::new(4).unwrap());
        assert_eq!(a[0].puzzle, b[0].puzzle);
        // `H` (17) is no digit of a 16×16 puzzle.
        let bad = format!("H{}", &one_based[1..]);
        assert_eq!(
            Reader::read_all(&bad, ReadConfig::new())[0].puzzle,
            Err(Error::BadCharacter { line: 1, column: 1, character: 'H' })
        );
        // With the size given, a 16-cell line is a row of a 16×16 grid.
        let rows = format!("{}\n", &one_based[..16]).repeat(16);
        let entries = Reader::read_all(&rows, ReadConfig::new().size(Some(Size::new(4).unwrap())));
        assert_eq!(entries.len(), 1);
        assert_eq!(entries[0].layout, Layout::Grid);
        assert_eq!(entries[0].puzzle, a[0].puzzle);
        let entries = Reader::read_all(&rows, ReadConfig::new());
        assert_eq!(entries.len(), 16);
    }
}
