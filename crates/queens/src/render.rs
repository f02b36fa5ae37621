//! Solutions as text, in the formats people and programs expect.
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
}
