//! Knuth's description language for packing problems, as his `polyomino-dlx` and
//! `polycube-dlx` read it.
//!
//! ```text
//! | A comment: a line that starts with `|`.
//! [0-5][0-9]              <- the box: cells with two (or three) coordinates
//! F 01 02 10 11 21        <- a piece: its name, then its typical cells
//! 2|I 00 01 02 03         <- a piece used twice
//! ```
//!
//! Each coordinate is one extended digit (`0`–`9`, `a`–`z`, `A`–`Z`: 0 to 61) or
//! a set of them in brackets, with ranges: `[0-2][b-b]` is the three cells `0b`,
//! `1b`, `2b`; `[123]2 2[123]` is a cross of five. Cells may be followed by a
//! suffix (at most 7 characters): `[12]7!` is the cells `17!` and `27!`, which
//! become **secondary** items. A piece's typical cells give up to 8 base
//! placements in two dimensions (rotations and reflections) or 24 in three
//! (rotations; 48 with reflections, see [`Settings::reflections`]); each base may
//! then be shifted anywhere it fits. Several lines may name one piece: their base
//! placements are combined. A multiplicity is written `k|name` (as Knuth's DLX3
//! reads items) or `k*name` with one extended digit (as his generators first
//! read it).
//!
//! A piece of **unlimited supply** is written `*|name`: it may be used any
//! number of times (none included), so it is not an item at all, and its
//! options cover only cells. That is how tilings are written: `*|D 00 01` on a
//! box line tiles the box with dominoes. A problem whose pieces are all
//! unlimited or used once has no bounds, and the memoizing engine
//! ([`Packing::search`](crate::Packing::search)) counts it exactly, however many
//! tilings there are.

use std::collections::HashSet;
use std::io;

/// The extended digits, in order: `0`–`9`, `a`–`z`, `A`–`Z`.
pub const DIGITS: &[u8; 62] = b"0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";

/// The value of an extended digit, if `c` is one.
pub fn decode(c: char) -> Option<u8> {
    match c {
        '0'..='9' => Some(c as u8 - b'0'),
        'a'..='z' => Some(c as u8 - b'a' + 10),
        'A'..='Z' => Some(c as u8 - b'A' + 36),
        _ => None,
    }
}

/// The extended digit of `x` (below 62).
pub fn encode(x: u8) -> char {
    DIGITS[x as usize] as char
}

/// The longest suffix Knuth's programs accept.
pub const MAX_SUFFIX: usize = 7;

/// The longest piece name (Knuth's limit for item names).
pub const MAX_NAME: usize = 8;

/// Two dimensions (polyominoes) or three (polycubes).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Dims {
    /// Cells `xy`: polyomino-dlx.
    Two,
    /// Cells `xyz`: polycube-dlx.
    Three,
}

impl Dims {
    /// 2 or 3.
    pub fn count(self) -> usize {
        match self {
            Dims::Two => 2,
            Dims::Three => 3,
        }
    }
}

/// A cell: its coordinates (the third is 0 in two dimensions) and its suffix
/// (empty for a primary cell). Cells sort as Knuth sorts them: by coordinates,
/// then by suffix.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Cell {
    /// x, y and z.
    pub coords: [u8; 3],
    /// The suffix; a cell with one is a secondary item.
    pub suffix: String,
}

impl Cell {
    /// Whether the cell is a secondary item (it has a suffix).
    pub fn is_secondary(&self) -> bool {
        !self.suffix.is_empty()
    }

    /// The cell's item name: its digits and its suffix (`3a`, `012`, `17!`).
    pub fn name(&self, dims: Dims) -> String {
        let mut name = String::new();
        self.write_name(dims, &mut name);
        name
    }

    /// Writes [`Cell::name`] into `name`, replacing what it held.
    pub(crate) fn write_name(&self, dims: Dims, name: &mut String) {
        name.clear();
        name.extend(self.coords[..dims.count()].iter().map(|&x| encode(x)));
        name.push_str(&self.suffix);
    }
}

/// A set of cells, sorted, with its largest coordinates; a base placement is
/// normalised (its smallest coordinates are 0).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Shape {
    cells: Vec<Cell>,
    max: [u8; 3],
}

impl Shape {
    /// The shape of these cells, sorted and without repeats.
    pub fn new(mut cells: Vec<Cell>) -> Shape {
        cells.sort();
        cells.dedup();
        let mut max = [0; 3];
        for cell in &cells {
            for (m, &c) in max.iter_mut().zip(&cell.coords) {
                *m = (*m).max(c);
            }
        }
        Shape { cells, max }
    }

    /// The same cells shifted so that their smallest coordinates are 0.
    pub fn normalized(&self) -> Shape {
        let mut min = [u8::MAX; 3];
        for cell in &self.cells {
            for (m, &c) in min.iter_mut().zip(&cell.coords) {
                *m = (*m).min(c);
            }
        }
        let cells = self
            .cells
            .iter()
            .map(|cell| Cell { coords: [0, 1, 2].map(|i| cell.coords[i] - min[i]), suffix: cell.suffix.clone() })
            .collect();
        Shape::new(cells)
    }

    /// The cells, in Knuth's order.
    pub fn cells(&self) -> &[Cell] {
        &self.cells
    }

    /// The largest x, y and z.
    pub fn max(&self) -> [u8; 3] {
        self.max
    }

    /// The cells moved by `f`, which must keep them non-negative.
    fn map(&self, f: impl Fn([u8; 3]) -> [u8; 3]) -> Shape {
        Shape::new(self.cells.iter().map(|c| Cell { coords: f(c.coords), suffix: c.suffix.clone() }).collect())
    }
}

/// A piece: its name, how many copies the packing uses, and the line that first
/// named it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Piece {
    /// The name, 1 to 8 characters.
    pub name: String,
    /// How many copies (1 unless written `k|name`); [`UNLIMITED`] for a piece
    /// written `*|name`, which may be used any number of times.
    pub multiplicity: u32,
    /// The line (from 1) that first named the piece.
    pub line: usize,
}

/// The multiplicity of a piece of unlimited supply (`*|name`).
pub const UNLIMITED: u32 = 0;

impl Piece {
    /// Whether the piece may be used any number of times (`*|name`): then it
    /// is no item of the problem.
    pub fn is_unlimited(&self) -> bool {
        self.multiplicity == UNLIMITED
    }
}

/// A base placement: a piece in one orientation, normalised.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Base {
    /// The piece's number in [`Spec::pieces`].
    pub piece: usize,
    /// Its cells.
    pub shape: Shape,
}

/// The primary cells of a box against those the pieces cover
/// ([`Spec::cell_count`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CellCount {
    /// The box's primary cells.
    pub box_cells: u64,
    /// The fewest primary cells the pieces can cover between them, each used
    /// as many times as its multiplicity says.
    pub fewest: u64,
    /// The most they can cover.
    pub most: u64,
}

impl CellCount {
    /// Whether the pieces' cells can add up to the box's: when not, no
    /// packing exists.
    pub fn can_fill(&self) -> bool {
        self.fewest <= self.box_cells && self.box_cells <= self.most
    }
}

/// How to read a description.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Settings {
    dims: Option<Dims>,
    reflections: Option<bool>,
}

impl Settings {
    /// The defaults: dimensions from the box line, reflections as Knuth's
    /// programs have them (allowed in two dimensions, not in three).
    pub fn new() -> Settings {
        Settings::default()
    }

    /// Two or three dimensions. By default the box line decides: three when
    /// every cell on it has exactly three coordinates and no suffix.
    pub fn dims(mut self, dims: Option<Dims>) -> Settings {
        self.dims = dims;
        self
    }

    /// Whether pieces may be turned over (mirrored). `None`, the default, is
    /// Knuth's choice: yes for polyominoes, no for polycubes, whose mirror
    /// images can only be made by reflection in a fourth dimension.
    pub fn reflections(mut self, reflections: Option<bool>) -> Settings {
        self.reflections = reflections;
        self
    }
}

/// A name with its white space and control characters escaped, so that a
/// message shows them (`\u{2028}`) instead of breaking a line or hiding.
fn escaped(name: &str) -> String {
    name.chars()
        .map(|c| if c.is_whitespace() || c.is_control() { c.escape_unicode().to_string() } else { c.to_string() })
        .collect()
}

/// What is wrong with a description.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SpecErrorKind {
    /// No line gives the box.
    #[error("no box: the description has no line of cells")]
    NoBox,
    /// A coordinate is not an extended digit.
    #[error("`{0}` is not a coordinate: expected a digit 0-9, a-z, A-Z or `[`")]
    BadDigit(char),
    /// A cell ends before all its coordinates.
    #[error("incomplete cell: expected {0} coordinates")]
    Incomplete(usize),
    /// A bracket holds something other than digits and ranges.
    #[error("`{0}` is not allowed in brackets: expected digits and ranges like `0-5`")]
    BadBracketDigit(char),
    /// A bracket is not closed.
    #[error("no closing `]`")]
    Unclosed,
    /// A `-` without a digit before or after it.
    #[error("bad range: `-` needs a digit before and after it")]
    BadRange,
    /// A range that goes down.
    #[error("decreasing range `{0}-{1}`")]
    DecreasingRange(char, char),
    /// A suffix longer than 7 characters.
    #[error("suffix `{0}` is too long (at most 7 characters)")]
    LongSuffix(String),
    /// A suffix with a character item names cannot hold.
    #[error("suffix `{0}` cannot hold `|` or `:`")]
    BadSuffix(String),
    /// A piece name too long, or empty.
    #[error("bad piece name `{0}`: names have 1 to 8 characters")]
    NameLength(String),
    /// A piece name with `|`, `:`, `*` or white space (other than the ASCII
    /// blanks that end it, such as U+0085 or U+2028); the message writes the
    /// name with its white space and control characters escaped (`\u{85}`).
    #[error("bad piece name `{}`: names cannot hold `|`, `:`, `*` or white space", escaped(.0))]
    NameCharacter(String),
    /// A piece named like a cell of the box.
    #[error("piece name `{0}` is a cell of the box")]
    NameIsCell(String),
    /// A multiplicity that is not a positive number (nor `*`, unlimited).
    #[error("bad multiplicity `{0}`: expected a positive number, as in `2|L`, or `*|L` for unlimited")]
    BadMultiplicity(String),
    /// One piece given two multiplicities.
    #[error("piece `{name}` was given multiplicity {first} on line {line}, now {second}")]
    InconsistentMultiplicity {
        /// The piece.
        name: String,
        /// The multiplicity seen first.
        first: u32,
        /// The line that gave it.
        line: usize,
        /// The multiplicity now.
        second: u32,
    },
    /// A piece line without cells.
    #[error("piece `{0}` has no cells")]
    NoCells(String),
    /// A multiplicity above what the engine's bounds hold.
    #[error("multiplicity {0} is above the limit of {MAX_MULTIPLICITY}")]
    MultiplicityTooLarge(u64),
    /// A piece's cell with a suffix no cell of the box has: no placement
    /// could put it in the box. (In a box of two coordinates, a third digit
    /// reads as a suffix.)
    #[error("cell `{cell}` has the suffix `{suffix}`, which no cell of the box has")]
    SuffixNotInBox {
        /// The cell as written.
        cell: String,
        /// Its suffix.
        suffix: String,
    },
}

/// The most copies of one piece: the engine's limit on an item's bounds.
pub const MAX_MULTIPLICITY: u32 = quadrille_dlx::MAX_BOUND;

/// A description error, with the line and column (both from 1) of the culprit.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}, column {column}: {kind}")]
pub struct SpecError {
    /// The line, from 1.
    pub line: usize,
    /// The column (in characters), from 1.
    pub column: usize,
    /// What is wrong.
    pub kind: SpecErrorKind,
}

/// A packing problem as described: the box, the pieces and their base
/// placements, in the order Knuth's programs make them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spec {
    dims: Dims,
    reflections: bool,
    text: String,
    cells: Vec<Cell>,
    pieces: Vec<Piece>,
    bases: Vec<Base>,
    typical: Vec<Base>,
    suffixes: bool,
}

/// The cells of a box indexed by their coordinates: a dense array over the
/// box's bounds for the primary cells, and the secondary cells sorted by
/// position and suffix, so that finding a cell costs an index or a binary
/// search rather than hashing it. Positions are offsets from the box's
/// smallest coordinates, x outermost, so that the offset of a shifted cell is
/// the shift's offset plus the cell's.
pub(crate) struct CellIndex<'s> {
    /// The box's smallest coordinates.
    min: [u8; 3],
    /// The number of positions along x, y and z.
    size: [usize; 3],
    /// The primary cell at each position, by index into [`Spec::cells`], or
    /// [`CellIndex::NONE`].
    primary: Vec<u32>,
    /// The secondary cells: position, suffix and index into [`Spec::cells`],
    /// sorted.
    secondary: Vec<(usize, &'s str, u32)>,
}

impl<'s> CellIndex<'s> {
    const NONE: u32 = u32::MAX;

    /// The index of a box's cells (at most 62³ positions).
    pub(crate) fn new(spec: &'s Spec) -> CellIndex<'s> {
        let (min, max) = spec.bounds();
        let size = [0, 1, 2].map(|i| usize::from(max[i] - min[i]) + 1);
        let primary = vec![CellIndex::NONE; size[0] * size[1] * size[2]];
        let mut index = CellIndex { min, size, primary, secondary: Vec::new() };
        for (i, cell) in spec.cells().iter().enumerate() {
            let at = index.position(cell.coords);
            if cell.is_secondary() {
                index.secondary.push((at, &cell.suffix, i as u32));
            } else {
                index.primary[at] = i as u32;
            }
        }
        // Cells sort by coordinates then suffix, as positions do: already in
        // order.
        debug_assert!(index.secondary.is_sorted());
        index
    }

    /// The position of coordinates within the box's bounds.
    pub(crate) fn position(&self, coords: [u8; 3]) -> usize {
        self.offset([0, 1, 2].map(|i| coords[i] - self.min[i]))
    }

    /// The offset of coordinates counted from the box's smallest ones (a
    /// base placement's cells, normalised, or a shift).
    fn offset(&self, delta: [u8; 3]) -> usize {
        (usize::from(delta[0]) * self.size[1] + usize::from(delta[1])) * self.size[2] + usize::from(delta[2])
    }

    /// The primary cell at a position, if the box has one.
    pub(crate) fn primary(&self, at: usize) -> Option<u32> {
        self.primary.get(at).copied().filter(|&i| i != CellIndex::NONE)
    }

    /// The secondary cell at a position with that suffix, if the box has one.
    pub(crate) fn secondary(&self, at: usize, suffix: &str) -> Option<u32> {
        self.secondary.binary_search_by(|&(p, s, _)| (p, s).cmp(&(at, suffix))).ok().map(|k| self.secondary[k].2)
    }

    /// The cell with these coordinates and suffix, if the box has one (none
    /// when the coordinates lie outside its bounds).
    pub(crate) fn find(&self, coords: [u8; 3], suffix: &str) -> Option<u32> {
        if (0..3).any(|i| coords[i] < self.min[i]) {
            return None;
        }
        let delta = [0, 1, 2].map(|i| coords[i] - self.min[i]);
        if (0..3).any(|i| usize::from(delta[i]) >= self.size[i]) {
            return None;
        }
        let at = self.offset(delta);
        if suffix.is_empty() { self.primary(at) } else { self.secondary(at, suffix) }
    }
}

/// One line's characters, for error positions.
struct Line<'t> {
    chars: Vec<char>,
    number: usize,
    _text: &'t str,
}

impl Line<'_> {
    fn error(&self, index: usize, kind: SpecErrorKind) -> SpecError {
        SpecError { line: self.number, column: index + 1, kind }
    }

    fn at(&self, index: usize) -> Option<char> {
        self.chars.get(index).copied()
    }

    /// One coordinate at `p`: a digit or a bracket. Returns the set of values as
    /// bits, and the position after it.
    fn coordinate(&self, mut p: usize, dims: usize) -> Result<(u64, usize), SpecError> {
        match self.at(p) {
            None => Err(self.error(p, SpecErrorKind::Incomplete(dims))),
            Some(c) if c.is_whitespace() => Err(self.error(p, SpecErrorKind::Incomplete(dims))),
            Some('[') => {
                let (mut bits, mut from, mut last) = (0u64, None::<u8>, None::<u8>);
                p += 1;
                loop {
                    match self.at(p) {
                        None => return Err(self.error(p, SpecErrorKind::Unclosed)),
                        Some(']') => return Ok((bits, p + 1)),
                        Some('-') => {
                            if last.is_none() || self.at(p + 1) == Some(']') {
                                return Err(self.error(p, SpecErrorKind::BadRange));
                            }
                            from = last.take();
                        }
                        Some(c) => {
                            let x = decode(c).ok_or_else(|| self.error(p, SpecErrorKind::BadBracketDigit(c)))?;
                            match from.take() {
                                None => {
                                    bits |= 1 << x;
                                    last = Some(x);
                                }
                                Some(t) if x < t => {
                                    return Err(self.error(p, SpecErrorKind::DecreasingRange(encode(t), c)));
                                }
                                Some(t) => {
                                    bits |= (u64::MAX >> (63 - x)) & !((1u64 << t) - 1);
                                    last = None;
                                }
                            }
                        }
                    }
                    p += 1;
                }
            }
            Some(c) => {
                let x = decode(c).ok_or_else(|| self.error(p, SpecErrorKind::BadDigit(c)))?;
                Ok((1 << x, p + 1))
            }
        }
    }

    /// The cells written from position `p` to the end of the line.
    fn cells(&self, mut p: usize, dims: Dims, out: &mut Vec<Cell>) -> Result<bool, SpecError> {
        let mut suffixes = false;
        loop {
            while self.at(p).is_some_and(char::is_whitespace) {
                p += 1;
            }
            if p >= self.chars.len() {
                return Ok(suffixes);
            }
            let mut sets = [1u64; 3];
            for set in sets.iter_mut().take(dims.count()) {
                (*set, p) = self.coordinate(p, dims.count())?;
            }
            let start = p;
            while self.at(p).is_some_and(|c| !c.is_whitespace()) {
                p += 1;
            }
            let suffix: String = self.chars[start..p].iter().collect();
            if suffix.chars().count() > MAX_SUFFIX {
                return Err(self.error(start, SpecErrorKind::LongSuffix(suffix)));
            }
            if suffix.contains(['|', ':']) {
                return Err(self.error(start, SpecErrorKind::BadSuffix(suffix)));
            }
            suffixes |= !suffix.is_empty();
            for x in bits(sets[0]) {
                for y in bits(sets[1]) {
                    for z in bits(sets[2]) {
                        out.push(Cell { coords: [x, y, z], suffix: suffix.clone() });
                    }
                }
            }
        }
    }
}

impl Line<'_> {
    /// The first cell written from position `p` on whose suffix is `suffix`:
    /// its position and its text.
    fn word_with_suffix(&self, mut p: usize, dims: Dims, suffix: &str) -> (usize, String) {
        loop {
            while self.at(p).is_some_and(char::is_whitespace) {
                p += 1;
            }
            let start = p;
            while self.at(p).is_some_and(|c| !c.is_whitespace()) {
                p += 1;
            }
            if start == p {
                return (start, String::new());
            }
            let mut end = start;
            for _ in 0..dims.count() {
                end = self.coordinate(end, dims.count()).map_or(p, |(_, next)| next);
            }
            let written: String = self.chars[start..p].iter().collect();
            if self.chars[end.min(p)..p].iter().collect::<String>() == suffix {
                return (start, written);
            }
        }
    }
}

/// The values whose bits are set.
fn bits(mut set: u64) -> impl Iterator<Item = u8> {
    // Lowest first, one step per value (not per bit of the word).
    std::iter::from_fn(move || {
        let x = set.trailing_zeros() as u8;
        set &= set.wrapping_sub(1);
        (x < 64).then_some(x)
    })
}

/// Whether every cell on the box line has exactly three coordinates and no
/// suffix.
fn looks_three_dimensional(line: &Line<'_>) -> bool {
    let mut words = 0;
    let mut p = 0;
    loop {
        while line.at(p).is_some_and(char::is_whitespace) {
            p += 1;
        }
        if p >= line.chars.len() {
            return words > 0;
        }
        for _ in 0..3 {
            match line.coordinate(p, 3) {
                Ok((_, next)) => p = next,
                Err(_) => return false,
            }
        }
        if line.at(p).is_some_and(|c| !c.is_whitespace()) {
            return false;
        }
        words += 1;
    }
}

impl Spec {
    /// Reads a description with the default [`Settings`].
    pub fn parse(text: &str) -> Result<Spec, SpecError> {
        Spec::parse_with(text, Settings::new())
    }

    /// Reads a description (a byte-order mark at its start is skipped).
    pub fn parse_with(text: &str, settings: Settings) -> Result<Spec, SpecError> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let mut lines = text.lines().enumerate().map(|(i, text)| Line {
            chars: text.trim_end_matches('\r').chars().collect(),
            number: i + 1,
            _text: text,
        });
        let significant = |line: &Line<'_>| !line.chars.iter().all(|c| c.is_whitespace()) && line.chars[0] != '|';
        let box_line = lines.by_ref().find(significant).ok_or(SpecError {
            line: text.lines().count() + 1,
            column: 1,
            kind: SpecErrorKind::NoBox,
        })?;
        let dims = settings.dims.unwrap_or(if looks_three_dimensional(&box_line) { Dims::Three } else { Dims::Two });
        let reflections = settings.reflections.unwrap_or(dims == Dims::Two);
        let mut cells = Vec::new();
        let mut suffixes = box_line.cells(0, dims, &mut cells)?;
        cells.sort();
        cells.dedup();
        let box_suffixes: HashSet<String> = cells.iter().map(|c| c.suffix.clone()).filter(|s| !s.is_empty()).collect();
        let mut spec = Spec {
            dims,
            reflections,
            text: text.to_string(),
            cells,
            pieces: Vec::new(),
            bases: Vec::new(),
            typical: Vec::new(),
            suffixes,
        };
        for line in lines.filter(significant) {
            // The name ends at a blank as Knuth's programs know blanks (ASCII
            // ones): other white space is part of the name, and refused below
            // with the name shown, not taken for its end.
            let mut p = 0;
            while line.at(p).is_some_and(|c| !c.is_ascii_whitespace()) {
                p += 1;
            }
            let word: String = line.chars[..p].iter().collect();
            let (multiplicity, name, name_at) = split_multiplicity(&line, &word)?;
            if name.chars().count() > MAX_NAME || name.is_empty() {
                return Err(line.error(name_at, SpecErrorKind::NameLength(name.to_string())));
            }
            if let Some(bad) = name.chars().position(|c| matches!(c, '|' | ':' | '*') || c.is_whitespace()) {
                return Err(line.error(name_at + bad, SpecErrorKind::NameCharacter(name.to_string())));
            }
            // A piece may not share its name with a cell of the box, primary
            // or secondary (its digits, then its suffix).
            let chars: Vec<char> = name.chars().collect();
            if chars.len() >= dims.count() {
                let mut coords = [0u8; 3];
                let suffix: String = chars[dims.count()..].iter().collect();
                if chars[..dims.count()].iter().zip(&mut coords).all(|(&c, x)| decode(c).map(|d| *x = d).is_some())
                    && spec.cells.binary_search(&Cell { coords, suffix }).is_ok()
                {
                    return Err(line.error(name_at, SpecErrorKind::NameIsCell(name.to_string())));
                }
            }
            let piece = match spec.pieces.iter().position(|piece| piece.name == name) {
                Some(k) => {
                    let known = &spec.pieces[k];
                    if known.multiplicity != multiplicity {
                        return Err(line.error(
                            0,
                            SpecErrorKind::InconsistentMultiplicity {
                                name: name.to_string(),
                                first: known.multiplicity,
                                line: known.line,
                                second: multiplicity,
                            },
                        ));
                    }
                    k
                }
                None => {
                    spec.pieces.push(Piece { name: name.to_string(), multiplicity, line: line.number });
                    spec.pieces.len() - 1
                }
            };
            let mut typical = Vec::new();
            suffixes |= line.cells(p, dims, &mut typical)?;
            if let Some(cell) = typical.iter().find(|c| c.is_secondary() && !box_suffixes.contains(c.suffix.as_str())) {
                let (column, written) = line.word_with_suffix(p, dims, &cell.suffix);
                return Err(
                    line.error(column, SpecErrorKind::SuffixNotInBox { cell: written, suffix: cell.suffix.clone() })
                );
            }
            if typical.is_empty() {
                return Err(line.error(p, SpecErrorKind::NoCells(name.to_string())));
            }
            let shape = Shape::new(typical).normalized();
            spec.typical.push(Base { piece, shape: shape.clone() });
            spec.add_bases(piece, shape);
        }
        spec.suffixes = suffixes;
        Ok(spec)
    }

    /// Adds the base placements of one line: the breadth-first closure of its
    /// shape under Knuth's elementary transformations, in his order.
    fn add_bases(&mut self, piece: usize, shape: Shape) {
        let first = self.bases.len();
        self.bases.push(Base { piece, shape });
        let mut j = first;
        while j < self.bases.len() {
            let base = self.bases[j].shape.clone();
            let m = base.max();
            let mut images = Vec::with_capacity(3);
            match self.dims {
                Dims::Two => {
                    // A quarter turn, (x, y) -> (y, -x), and the reflection in the
                    // diagonal, (x, y) -> (y, x).
                    images.push(base.map(|[x, y, z]| [y, m[0] - x, z]));
                    if self.reflections {
                        images.push(base.map(|[x, y, z]| [y, x, z]));
                    }
                }
                Dims::Three => {
                    // A quarter turn about the z axis, (x, y, z) -> (y, -x, z), and
                    // a third of a turn about the main diagonal, (x, y, z) -> (y, z, x).
                    images.push(base.map(|[x, y, z]| [y, m[0] - x, z]));
                    images.push(base.map(|[x, y, z]| [y, z, x]));
                    if self.reflections {
                        images.push(base.map(|[x, y, z]| [y, x, z]));
                    }
                }
            }
            for image in images {
                if !self.bases[first..].iter().any(|b| b.shape == image) {
                    self.bases.push(Base { piece, shape: image });
                }
            }
            j += 1;
        }
    }

    /// Two or three dimensions.
    pub fn dims(&self) -> Dims {
        self.dims
    }

    /// Whether pieces may be mirrored.
    pub fn reflections(&self) -> bool {
        self.reflections
    }

    /// The text read.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The cells of the box, sorted, primary and secondary.
    pub fn cells(&self) -> &[Cell] {
        &self.cells
    }

    /// The pieces, in the order they were first named.
    pub fn pieces(&self) -> &[Piece] {
        &self.pieces
    }

    /// The base placements, in the order Knuth's programs make them.
    pub fn bases(&self) -> &[Base] {
        &self.bases
    }

    /// The typical cells of each piece line, as written (normalised), before
    /// any rotation or reflection.
    pub fn typical(&self) -> &[Base] {
        &self.typical
    }

    /// Whether any line used a suffix (then Knuth's item line has a `|`).
    pub fn has_suffixes(&self) -> bool {
        self.suffixes
    }

    /// The smallest and largest coordinates of the box's cells (all 0 in an
    /// empty box).
    pub fn bounds(&self) -> ([u8; 3], [u8; 3]) {
        let mut min = [u8::MAX; 3];
        let mut max = [0; 3];
        for cell in &self.cells {
            for i in 0..3 {
                min[i] = min[i].min(cell.coords[i]);
                max[i] = max[i].max(cell.coords[i]);
            }
        }
        if self.cells.is_empty() { ([0; 3], [0; 3]) } else { (min, max) }
    }

    /// Every placement, in Knuth's order: for each base placement, every shift
    /// that keeps its cells inside the box's bounds, its primary cells on
    /// primary cells of the box and its secondary cells on secondary cells of
    /// the box (with the same suffix), x outermost. Each comes with its piece
    /// and its cells.
    ///
    /// Knuth's programs check only the primary cells, and so write options
    /// naming secondary cells that the item line lacks, which his solvers then
    /// refuse; his description promises placements whose cells all fit in the
    /// box, which is what this keeps.
    pub fn placements(&self) -> Vec<(usize, Vec<Cell>)> {
        let mut out = Vec::new();
        self.visit_placements(|piece, cells| out.push((piece, cells.to_vec())));
        out
    }

    /// Calls `visit` with each placement of [`Spec::placements`], in the same
    /// order, without collecting them: the piece and the cells.
    pub fn visit_placements(&self, mut visit: impl FnMut(usize, &[Cell])) {
        let mut cells: Vec<Cell> = Vec::new();
        self.visit_placement_indices(|piece, indices| {
            cells.clear();
            cells.extend(indices.iter().map(|&i| self.cells[i as usize].clone()));
            visit(piece, &cells);
        });
    }

    /// Calls `visit` with each placement of [`Spec::placements`], in the same
    /// order: the piece and its cells as indices into [`Spec::cells`],
    /// ascending. The cells are found in a [`CellIndex`] by their
    /// coordinates, each base placement's cells as offsets from its shift.
    pub(crate) fn visit_placement_indices(&self, mut visit: impl FnMut(usize, &[u32])) {
        if self.cells.is_empty() {
            return;
        }
        let index = CellIndex::new(self);
        let (min, max) = self.bounds();
        let mut offsets: Vec<usize> = Vec::new();
        let mut indices: Vec<u32> = Vec::new();
        for base in &self.bases {
            // A piece of unlimited supply is no item, so a placement of one
            // made only of suffixed cells would be an option with no primary
            // item: no search ever needs it, and the engine refuses it.
            if self.pieces[base.piece].is_unlimited() && base.shape.cells().iter().all(|c| c.is_secondary()) {
                continue;
            }
            offsets.clear();
            offsets.extend(base.shape.cells().iter().map(|c| index.offset(c.coords)));
            let m = base.shape.max();
            // A base wider than the box has no shift: the range is empty.
            let range = |i: usize| 0..=(i32::from(max[i]) - i32::from(min[i]) - i32::from(m[i]));
            for dx in range(0) {
                for dy in range(1) {
                    for dz in range(2) {
                        let shift = index.offset([dx, dy, dz].map(|v| v as u8));
                        indices.clear();
                        let fits = base.shape.cells().iter().zip(&offsets).all(|(c, &offset)| {
                            let found = if c.is_secondary() {
                                index.secondary(shift + offset, &c.suffix)
                            } else {
                                index.primary(shift + offset)
                            };
                            found.map(|i| indices.push(i)).is_some()
                        });
                        if fits {
                            visit(base.piece, &indices);
                        }
                    }
                }
            }
        }
    }

    /// At least as many placements as [`Spec::visit_placement_indices`]
    /// visits, and as many in a box that fills its bounds: each base
    /// placement's shifts within the box's bounds.
    pub(crate) fn placement_bound(&self) -> usize {
        self.bounded_by_shifts(|_| 1)
    }

    /// At least as many cells, all placements together, as
    /// [`Spec::visit_placement_indices`] visits: [`Spec::placement_bound`]'s
    /// shifts, each of its base's cells.
    pub(crate) fn placement_cells_bound(&self) -> usize {
        self.bounded_by_shifts(|base| base.shape.cells().len())
    }

    /// The sum over the base placements of their shifts within the box's
    /// bounds, each times `weight` of its base.
    fn bounded_by_shifts(&self, weight: impl Fn(&Base) -> usize) -> usize {
        let (min, max) = self.bounds();
        let shifts = |m: [u8; 3]| {
            (0..3)
                .map(|i| (i64::from(max[i]) - i64::from(min[i]) - i64::from(m[i]) + 1).max(0) as usize)
                .product::<usize>()
        };
        self.bases
            .iter()
            .map(|base| shifts(base.shape.max()).saturating_mul(weight(base)))
            .fold(0, usize::saturating_add)
    }

    /// How many primary cells the box has, and how many the pieces cover
    /// between them (a range when the lines naming one piece give it
    /// different sizes, and no upper end with a piece of unlimited supply):
    /// found without making a placement, so that a packing
    /// that cannot exist costs nothing to refuse.
    pub fn cell_count(&self) -> CellCount {
        let box_cells = self.cells.iter().filter(|c| !c.is_secondary()).count() as u64;
        let mut sizes: Vec<Option<(u64, u64)>> = vec![None; self.pieces.len()];
        for t in &self.typical {
            let n = t.shape.cells().iter().filter(|c| !c.is_secondary()).count() as u64;
            let size = sizes[t.piece].get_or_insert((n, n));
            *size = (size.0.min(n), size.1.max(n));
        }
        let (mut fewest, mut most) = (0u64, 0u64);
        for (size, piece) in sizes.iter().zip(&self.pieces) {
            let (low, high) = size.unwrap_or((0, 0));
            if piece.is_unlimited() {
                // Any number of copies, none at all included.
                if high > 0 {
                    most = u64::MAX;
                }
                continue;
            }
            let k = u64::from(piece.multiplicity);
            fewest = fewest.saturating_add(low.saturating_mul(k));
            most = most.saturating_add(high.saturating_mul(k));
        }
        CellCount { box_cells, fewest, most }
    }

    /// The item line of Knuth's format, as his programs write it: the primary
    /// cells, the pieces (`k|name` for several copies), then `|` and the
    /// secondary cells when any line had a suffix.
    pub fn item_line(&self) -> String {
        let mut line = String::new();
        for cell in self.cells.iter().filter(|c| !c.is_secondary()) {
            line.push(' ');
            line.push_str(&cell.name(self.dims));
        }
        for piece in self.pieces.iter().filter(|p| !p.is_unlimited()) {
            line.push(' ');
            if piece.multiplicity != 1 {
                line.push_str(&format!("{}|", piece.multiplicity));
            }
            line.push_str(&piece.name);
        }
        if self.suffixes {
            line.push_str(" |");
            for cell in self.cells.iter().filter(|c| c.is_secondary()) {
                line.push(' ');
                line.push_str(&cell.name(self.dims));
            }
        }
        line
    }

    /// The whole matrix in Knuth's format: the description echoed as `|`
    /// comments, the item line, one option per placement. Apart from the
    /// comments, this is what `polyomino-dlx` (or `polycube-dlx`) prints.
    pub fn to_knuth(&self) -> String {
        let mut text = Vec::new();
        self.write_knuth(&mut text).expect("writing to memory cannot fail");
        String::from_utf8(text).expect("a description and its cells' names are UTF-8")
    }

    /// Writes [`Spec::to_knuth`]'s text to `out` one line at a time, as the
    /// placements are made, so that a matrix of any size costs no more memory
    /// than its longest line (and the placements' shapes). Stops at the first
    /// error `out` returns.
    pub fn write_knuth(&self, out: &mut impl io::Write) -> io::Result<()> {
        for line in self.text.lines() {
            writeln!(out, "| {}", line.trim_end_matches('\r'))?;
        }
        writeln!(out, "| this file was made by quadrille-pack from that description")?;
        writeln!(out, "{}", self.item_line())?;
        let mut result = Ok(());
        let mut line = String::new();
        self.visit_placements(|piece, cells| {
            if result.is_err() {
                return;
            }
            line.clear();
            let piece = &self.pieces[piece];
            // A piece of unlimited supply is no item: its options name cells only.
            if !piece.is_unlimited() {
                line.push_str(&piece.name);
            }
            for (k, cell) in cells.iter().enumerate() {
                if k > 0 || !piece.is_unlimited() {
                    line.push(' ');
                }
                line.push_str(&cell.name(self.dims));
            }
            line.push('\n');
            result = out.write_all(line.as_bytes());
        });
        result
    }
}

/// Splits `k|name`, `k*name` or `*|name` (unlimited) into the multiplicity
/// and the name, with the name's column.
fn split_multiplicity<'w>(line: &Line<'_>, word: &'w str) -> Result<(u32, &'w str, usize), SpecError> {
    if let Some(name) = word.strip_prefix("*|") {
        return Ok((UNLIMITED, name, 2));
    }
    let chars: Vec<char> = word.chars().collect();
    if chars.len() > 1 && chars[1] == '*' {
        let k = decode(chars[0]).filter(|&k| k > 0);
        let k = k.ok_or_else(|| line.error(0, SpecErrorKind::BadMultiplicity(chars[0].to_string())))?;
        return Ok((u32::from(k), &word[chars[0].len_utf8() + 1..], 2));
    }
    if let Some((count, name)) = word.split_once('|') {
        let all_digits = !count.is_empty() && count.bytes().all(|b| b.is_ascii_digit());
        let k = count.parse::<u64>().ok().filter(|&k| k > 0 && all_digits);
        let k = k.ok_or_else(|| line.error(0, SpecErrorKind::BadMultiplicity(count.to_string())))?;
        let k = u32::try_from(k)
            .ok()
            .filter(|&k| k <= MAX_MULTIPLICITY)
            .ok_or_else(|| line.error(0, SpecErrorKind::MultiplicityTooLarge(k)))?;
        return Ok((k, name, count.chars().count() + 1));
    }
    Ok((1, word, 0))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn brackets_sets_and_ranges() {
        let spec = Spec::parse("[7-z32-4A5-5]0\n").unwrap();
        let xs: Vec<u8> = spec.cells().iter().map(|c| c.coords[0]).collect();
        // Knuth's example: the same as [2-57-A].
        let expected: Vec<u8> = (2..=5).chain(7..=36).collect();
        assert_eq!(xs, expected);
        let cross = Spec::parse("[123]2 2[123]\n").unwrap();
        assert_eq!(cross.cells().len(), 5);
    }

    #[test]
    fn knuth_bad_brackets_are_errors() {
        for bad in ["[-5]0", "[1-]0", "[3-2]0", "[1-2-3]0", "[3--5]0", "[120", "0"] {
            assert!(Spec::parse(bad).is_err(), "{bad}");
        }
        assert!(Spec::parse("[]0").is_ok(), "the empty set is legal, if useless");
    }

    /// Found by fuzzing: a piece named like a secondary cell of the box (the
    /// cell `an` with the suffix `d`) made the engine refuse a duplicate item,
    /// with no line or column.
    #[test]
    fn a_piece_named_like_a_secondary_cell_is_refused_where_it_is() {
        let err = Spec::parse("and 00 0d!\nand 00\n").unwrap_err();
        assert_eq!(err.to_string(), "line 2, column 1: piece name `and` is a cell of the box");
        let err = Spec::parse("an 00 0d!\n0d! 00\n").unwrap_err();
        assert_eq!(err.to_string(), "line 2, column 1: piece name `0d!` is a cell of the box");
        // A name that is a cell only with a suffix the box lacks is fine.
        assert!(Spec::parse("an 00\nand 00\n").is_ok());
    }

    /// Found by fuzzing: a piece of unlimited supply made only of suffixed
    /// cells had placements with no primary cell, options the engine refused
    /// ("option 0 has no primary item"). They are not made.
    #[test]
    fn unlimited_pieces_of_suffixed_cells_place_nothing() {
        let spec = Spec::parse("00 10 00x\n*|S 00x\nD 00 10\n").unwrap();
        let placed: Vec<&str> =
            spec.placements().iter().map(|(piece, _)| spec.pieces()[*piece].name.as_str()).collect();
        assert_eq!(placed, ["D"]);
        let packing = crate::Packing::new(&spec).unwrap();
        assert_eq!(quadrille_dlx::Solver::new(packing.problem()).count(), 1);
        assert!(spec.to_knuth().lines().all(|line| !line.starts_with("00x")));
    }

    /// A multiplicity above the engine's limit, and a suffix no cell of the
    /// box has, are refused where they are written.
    #[test]
    fn limits_and_stray_suffixes_have_positions() {
        let err = Spec::parse("[0-1][0-1]\n2147483648|X 00\n").unwrap_err();
        assert_eq!((err.line, err.column), (2, 1));
        assert!(Spec::parse("[0-1][0-1]\n2147483647|X 00\n").is_ok());
        let err = Spec::parse("[0-1][0-1]\nX 01 000\n").unwrap_err();
        assert_eq!(
            (err.line, err.column, err.kind.to_string()),
            (2, 6, "cell `000` has the suffix `0`, which no cell of the box has".into())
        );
    }

    /// The bound on placements that sizes the list before they are made:
    /// exact in a box that fills its bounds, never below the count in one
    /// that does not (a diamond, a box with holes and secondary cells).
    #[test]
    fn the_bound_on_placements_holds() {
        let count = |spec: &Spec| {
            let mut n = 0;
            spec.visit_placement_indices(|_, _| n += 1);
            n
        };
        for (set, sides) in [("pentominoes", "3x20"), ("pentominoes", "8x8"), ("soma", "3x3x3"), ("tetrominoes", "4x5")]
        {
            let spec = Spec::parse(&crate::builtin::description(set, Some(sides)).unwrap()).unwrap();
            assert_eq!(spec.placement_bound(), count(&spec), "{set} {sides}");
        }
        for text in [
            crate::builtin::description("pentominoes", Some("aztec:6")).unwrap(),
            "00 01 02 10 12 20 21 22 11x\nL 00 01 10\nS 00 01 01x\n".to_string(),
        ] {
            let spec = Spec::parse(&text).unwrap();
            assert!(spec.placement_bound() > count(&spec), "{text}");
        }
    }

    #[test]
    fn bases_of_pentominoes() {
        // The X has one orientation, the I two, the F and others eight.
        let spec = Spec::parse("[0-5][0-9]\nX 01 10 11 12 21\nI 00 01 02 03 04\nF 01 02 10 11 21\n").unwrap();
        let count = |k| spec.bases().iter().filter(|b| b.piece == k).count();
        assert_eq!([count(0), count(1), count(2)], [1, 2, 8]);
        // In space, rotations only: the flat L has 24 orientations, the twisted
        // A a half-turn symmetry and so 12; allowing reflections adds A's 12
        // mirror images.
        let cube = Spec::parse("[0-2][0-2][0-2]\nA 000 100 010 101\nL 000 010 020 100\n").unwrap();
        assert_eq!(cube.dims(), Dims::Three);
        let count = |spec: &Spec, k| spec.bases().iter().filter(|b| b.piece == k).count();
        assert_eq!([count(&cube, 0), count(&cube, 1)], [12, 24]);
        let mirrored =
            Spec::parse_with("[0-2][0-2][0-2]\nA 000 100 010 101\n", Settings::new().reflections(Some(true)));
        assert_eq!(mirrored.unwrap().bases().len(), 24);
    }
}
