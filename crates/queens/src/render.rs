//! Solutions as text, in the formats people and programs expect.
//!
//! [`Listing`] writes a whole list in one [`Format`] piece by piece, so that it
//! can be printed as the solutions come; the functions below write one board.
//!
//! These functions only build text; printing it is the caller's business.
//!
//! ```
//! use quadrille_queens::render::{self, Drawing, Style};
//!
//! let drawing = Drawing::new(Style::Board, 4);
//! let mut text = Vec::new();
//! drawing.draw(&[1, 3, 0, 2], &mut text);
//! assert_eq!(text, b".Q..\n...Q\nQ...\n..Q.\n");
//!
//! let all = [vec![1, 3, 0, 2], vec![2, 0, 3, 1]];
//! assert_eq!(
//!     render::leetcode(4, &all),
//!     r#"[[".Q..","...Q","Q...","..Q."],["..Q.","Q...","...Q",".Q.."]]"#,
//! );
//! assert_eq!(render::columns(&[1, 3, 0, 2]), "2 4 1 3");
//! ```

use crate::Error;

/// How a board is drawn, one line per row.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Style {
    /// `Q` for a queen, `.` for an empty square: `.Q..`.
    Board,
    /// `Q` for a queen, `#` for an empty square: `#Q##`.
    Hash,
    /// `1` for a queen, `0` for an empty square, separated by spaces: `0 1 0 0`.
    Binary,
    /// As [`Style::Board`], without the line ends (the rows of LeetCode 51).
    Rows,
}

/// Draws boards of one size quickly: the text of every possible row is made once.
#[derive(Clone, Debug)]
pub struct Drawing {
    /// The text of the row with its queen in column `c` starts at `c * row_len`.
    rows: Vec<u8>,
    row_len: usize,
}

impl Drawing {
    /// A drawing of `n`×`n` boards in `style`.
    pub fn new(style: Style, n: usize) -> Drawing {
        let (queen, empty, separator, line_end) = match style {
            Style::Board => (b'Q', b'.', None, true),
            Style::Hash => (b'Q', b'#', None, true),
            Style::Binary => (b'1', b'0', Some(b' '), true),
            Style::Rows => (b'Q', b'.', None, false),
        };
        let mut rows = Vec::new();
        for queen_col in 0..n {
            for c in 0..n {
                if let (true, Some(separator)) = (c > 0, separator) {
                    rows.push(separator);
                }
                rows.push(if c == queen_col { queen } else { empty });
            }
            if line_end {
                rows.push(b'\n');
            }
        }
        let row_len = rows.len().checked_div(n).unwrap_or(0);
        Drawing { rows, row_len }
    }

    /// The text of the row whose queen is in column `col`.
    pub fn row(&self, col: usize) -> &[u8] {
        &self.rows[col * self.row_len..(col + 1) * self.row_len]
    }

    /// Appends the board of a placement (columns from 0, each less than `n`).
    pub fn draw(&self, cols: &[usize], text: &mut Vec<u8>) {
        for &col in cols {
            text.extend_from_slice(self.row(col));
        }
    }
}

/// Solutions as LeetCode 51 returns them: a list of boards, each a list of row
/// strings.
pub fn leetcode(n: usize, solutions: &[Vec<usize>]) -> String {
    let drawing = Drawing::new(Style::Rows, n);
    let mut text = vec![b'['];
    for (i, cols) in solutions.iter().enumerate() {
        if i > 0 {
            text.push(b',');
        }
        leetcode_board(&drawing, cols, &mut text);
    }
    text.push(b']');
    String::from_utf8(text).expect("the rows are ASCII")
}

/// Appends one board in LeetCode's form, `[".Q..","...Q","Q...","..Q."]`, drawn
/// with a [`Style::Rows`] drawing.
pub fn leetcode_board(drawing: &Drawing, cols: &[usize], text: &mut Vec<u8>) {
    text.push(b'[');
    for (row, &col) in cols.iter().enumerate() {
        if row > 0 {
            text.push(b',');
        }
        text.push(b'"');
        text.extend_from_slice(drawing.row(col));
        text.push(b'"');
    }
    text.push(b']');
}

/// The columns of a placement counted from 1, separated by `separator`.
pub fn push_columns(cols: &[usize], separator: u8, text: &mut Vec<u8>) {
    let mut digits = [0u8; 20];
    for (row, &col) in cols.iter().enumerate() {
        if row > 0 {
            text.push(separator);
        }
        let mut x = col + 1;
        let mut at = digits.len();
        loop {
            at -= 1;
            digits[at] = b'0' + (x % 10) as u8;
            x /= 10;
            if x == 0 {
                break;
            }
        }
        text.extend_from_slice(&digits[at..]);
    }
}

/// The columns of a placement counted from 1, separated by spaces: `2 4 1 3`.
pub fn columns(cols: &[usize]) -> String {
    let mut text = Vec::new();
    push_columns(cols, b' ', &mut text);
    String::from_utf8(text).expect("digits are ASCII")
}

/// The largest board drawn square by square ([`Format::draws_squares`]): larger
/// ones would take millions of characters per board.
pub const MAX_DRAWN_N: usize = 1_000;

/// The most boards one SVG picture holds.
pub const MAX_SVG_BOARDS: usize = 1_000;

/// How a list of solutions is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Format {
    /// `Q` and `.`, a blank line between boards.
    Board,
    /// `Q` and `#`, a blank line between boards.
    Hash,
    /// `1` and `0` separated by spaces, a blank line between boards.
    Binary,
    /// LeetCode 51's answer: `[[".Q..","...Q","Q...","..Q."],…]`.
    Leetcode,
    /// One line per solution: the column (from 1) of the queen in each row.
    Columns,
    /// A JSON array with one array of columns (from 1) per solution, one a line.
    Json,
    /// One SVG picture with every board (at most [`MAX_SVG_BOARDS`]).
    Svg,
}

impl Format {
    /// Whether the format draws every square, and so refuses boards larger than
    /// [`MAX_DRAWN_N`].
    pub fn draws_squares(self) -> bool {
        !matches!(self, Format::Columns | Format::Json)
    }
}

/// Writes a list of solutions in one [`Format`], one piece at a time, so that
/// the caller can print each piece as it comes: [`Listing::begin`], then
/// [`Listing::solution`] for each, then [`Listing::end`]. Only the SVG picture
/// keeps its boards until the end.
///
/// ```
/// use quadrille_queens::render::{Format, Listing};
///
/// let mut listing = Listing::new(Format::Json, 4)?;
/// let mut text = Vec::new();
/// listing.begin(&mut text);
/// listing.solution(&[1, 3, 0, 2], &mut text)?;
/// listing.solution(&[2, 0, 3, 1], &mut text)?;
/// listing.end(&mut text);
/// assert_eq!(text, b"[\n[2,4,1,3],\n[3,1,4,2]\n]\n");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Listing {
    format: Format,
    n: usize,
    written: u64,
    drawing: Drawing,
    /// For SVG: the boards, drawn at the end.
    kept: Vec<Vec<usize>>,
}

impl Listing {
    /// A listing of `n`×`n` boards; refuses boards too large to draw in a format
    /// that draws squares.
    pub fn new(format: Format, n: usize) -> Result<Listing, Error> {
        if format.draws_squares() && n > MAX_DRAWN_N {
            return Err(Error::TooLargeToDraw { n, max: MAX_DRAWN_N });
        }
        let style = match format {
            Format::Hash => Style::Hash,
            Format::Binary => Style::Binary,
            Format::Leetcode => Style::Rows,
            _ => Style::Board,
        };
        let drawing = Drawing::new(style, if format.draws_squares() { n } else { 0 });
        Ok(Listing { format, n, written: 0, drawing, kept: Vec::new() })
    }

    /// Appends what comes before the first solution.
    pub fn begin(&mut self, text: &mut Vec<u8>) {
        if matches!(self.format, Format::Leetcode | Format::Json) {
            text.push(b'[');
        }
    }

    /// Appends one solution (columns from 0); refuses more than
    /// [`MAX_SVG_BOARDS`] boards for one picture.
    pub fn solution(&mut self, cols: &[usize], text: &mut Vec<u8>) -> Result<(), Error> {
        let first = self.written == 0;
        match self.format {
            Format::Board | Format::Hash | Format::Binary => {
                if !first {
                    text.push(b'\n');
                }
                self.drawing.draw(cols, text);
            }
            Format::Leetcode => {
                if !first {
                    text.push(b',');
                }
                leetcode_board(&self.drawing, cols, text);
            }
            Format::Columns => {
                push_columns(cols, b' ', text);
                text.push(b'\n');
            }
            Format::Json => {
                text.extend_from_slice(if first { b"\n[" } else { b",\n[" });
                push_columns(cols, b',', text);
                text.push(b']');
            }
            Format::Svg => {
                if self.kept.len() >= MAX_SVG_BOARDS {
                    return Err(Error::TooManyBoards { max: MAX_SVG_BOARDS });
                }
                self.kept.push(cols.to_vec());
            }
        }
        self.written += 1;
        Ok(())
    }

    /// Appends what comes after the last solution (for SVG, the whole picture).
    pub fn end(&mut self, text: &mut Vec<u8>) {
        match self.format {
            Format::Leetcode => text.extend_from_slice(b"]\n"),
            Format::Json => text.extend_from_slice(b"\n]\n"),
            Format::Svg => text.extend_from_slice(svg(self.n, &self.kept).as_bytes()),
            _ => {}
        }
    }
}

/// One SVG picture of the boards (columns from 0), four to a line, each with its
/// number and the rows and columns numbered from 1 as in the columns format.
pub fn svg(n: usize, boards: &[Vec<usize>]) -> String {
    svg_numbered(n, boards, 1)
}

/// [`svg`], the boards numbered from `first` on: a page that draws each
/// solution alone as it comes names the seventh `solution 7`.
pub fn svg_numbered(n: usize, boards: &[Vec<usize>], first: usize) -> String {
    use std::fmt::Write as _;
    let cell = if n <= 16 { 40.0 } else { (640.0 / n as f64).max(6.0) };
    let margin = 28.0;
    let side = cell * n as f64;
    let (board_w, board_h) = (margin + side + 12.0, margin + side + margin);
    let per_line = boards.len().clamp(1, 4);
    let lines = boards.len().div_ceil(per_line).max(1);
    let (width, height) = (board_w * per_line as f64 + 12.0, board_h * lines as f64 + 8.0);
    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="sans-serif">"#
    );
    let plural = if boards.len() == 1 { "" } else { "s" };
    let _ = writeln!(s, "<title>{n} queens: {} solution{plural}</title>", boards.len());
    // A queen drawn in a 40×40 square, scaled to the cell.
    let _ = writeln!(
        s,
        r##"<defs><g id="queen" transform="scale({})"><path d="M9 15 L15 24 L20 10 L25 24 L31 15 L28 31 L12 31 Z" fill="#1b1b1b" stroke="#fafafa" stroke-width="1.2" stroke-linejoin="round"/><rect x="11" y="31" width="18" height="4" rx="1" fill="#1b1b1b" stroke="#fafafa" stroke-width="1.2"/><circle cx="9" cy="14" r="2.4" fill="#1b1b1b"/><circle cx="20" cy="9" r="2.4" fill="#1b1b1b"/><circle cx="31" cy="14" r="2.4" fill="#1b1b1b"/></g></defs>"##,
        cell / 40.0
    );
    let font = (cell * 0.4).clamp(6.0, 14.0);
    for (index, cols) in boards.iter().enumerate() {
        let x0 = 12.0 + board_w * (index % per_line) as f64 + margin;
        let y0 = 8.0 + board_h * (index / per_line) as f64 + margin;
        let number = first + index;
        let _ = writeln!(s, r#"<g id="solution-{number}">"#);
        let _ = writeln!(s, r#"<text x="{x0}" y="{}" font-size="13">solution {number}</text>"#, y0 - 16.0);
        for r in 0..n {
            for c in 0..n {
                let fill = if (r + c) % 2 == 0 { "#f0d9b5" } else { "#b58863" };
                let (x, y) = (x0 + cell * c as f64, y0 + cell * r as f64);
                let _ = write!(s, r#"<rect x="{x}" y="{y}" width="{cell}" height="{cell}" fill="{fill}"/>"#);
            }
            s.push('\n');
        }
        let _ = writeln!(
            s,
            r##"<rect x="{x0}" y="{y0}" width="{side}" height="{side}" fill="none" stroke="#5a3e26" stroke-width="1.5"/>"##
        );
        for (r, &c) in cols.iter().enumerate() {
            let (x, y) = (x0 + cell * c as f64, y0 + cell * r as f64);
            let _ = writeln!(s, r##"<use xlink:href="#queen" href="#queen" x="{x}" y="{y}"/>"##);
        }
        for i in 0..n {
            let middle = cell * (i as f64 + 0.5);
            let _ = write!(
                s,
                r#"<text x="{}" y="{}" font-size="{font}" text-anchor="middle">{}</text>"#,
                x0 + middle,
                y0 + side + font + 4.0,
                i + 1
            );
            let _ = write!(
                s,
                r#"<text x="{}" y="{}" font-size="{font}" text-anchor="end">{}</text>"#,
                x0 - 5.0,
                y0 + middle + font * 0.35,
                i + 1
            );
        }
        s.push_str("\n</g>\n");
    }
    s.push_str("</svg>\n");
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn styles() {
        let mut text = Vec::new();
        Drawing::new(Style::Hash, 3).draw(&[2, 0], &mut text);
        assert_eq!(text, b"##Q\nQ##\n");
        text.clear();
        Drawing::new(Style::Binary, 3).draw(&[1], &mut text);
        assert_eq!(text, b"0 1 0\n");
        text.clear();
        Drawing::new(Style::Board, 0).draw(&[], &mut text);
        assert!(text.is_empty());
        assert_eq!(leetcode(0, &[vec![]]), "[[]]");
        assert_eq!(leetcode(3, &[]), "[]");
        assert_eq!(columns(&[9, 10, 0]), "10 11 1");
    }

    #[test]
    fn svg_has_a_square_for_every_cell_and_a_queen_for_every_row() {
        let boards = [vec![1, 3, 0, 2], vec![2, 0, 3, 1]];
        let picture = svg(4, &boards);
        assert!(picture.starts_with("<svg ") && picture.ends_with("</svg>\n"));
        assert_eq!(picture.matches("<use ").count(), 8);
        // The squares, one frame a board, and the base of the queen's picture.
        assert_eq!(picture.matches("<rect ").count(), 2 * 16 + 2 + 1);
        assert!(picture.contains("<title>4 queens: 2 solutions</title>"));
        // The queen of row 2 (from 1) of the first board sits in column 4.
        let board = picture.split("<g id=\"solution-1\">").nth(1).unwrap().split("</g>").next().unwrap();
        let queens: Vec<&str> = board.lines().filter(|line| line.starts_with("<use ")).collect();
        assert_eq!(queens.len(), 4);
        assert!(queens[1].contains("x=\"160\"") && queens[1].contains("y=\"76\""), "{}", queens[1]);
    }

    #[test]
    fn listings_refuse_what_they_cannot_write() {
        assert_eq!(
            Listing::new(Format::Board, MAX_DRAWN_N + 1).unwrap_err(),
            Error::TooLargeToDraw { n: MAX_DRAWN_N + 1, max: MAX_DRAWN_N }
        );
        assert!(Listing::new(Format::Columns, MAX_DRAWN_N + 1).is_ok());
        let mut listing = Listing::new(Format::Svg, 1).unwrap();
        let mut text = Vec::new();
        for _ in 0..MAX_SVG_BOARDS {
            listing.solution(&[0], &mut text).unwrap();
        }
        assert_eq!(listing.solution(&[0], &mut text), Err(Error::TooManyBoards { max: MAX_SVG_BOARDS }));
        assert!(text.is_empty(), "the picture is drawn at the end");
    }
}
