//! One solution for any board, by formula, and a linear-time checker.
//!
//! For `n ≥ 4` the classical construction lists the even numbers `2, 4, …` and
//! then the odd numbers `1, 3, …` (counting rows and columns from 1), with two
//! repairs: when `n mod 6 = 2`, swap 1 and 3 and move 5 to the end; when
//! `n mod 6 = 3`, move 2 to the end of the even numbers and 1 and 3 to the end of
//! the odd numbers. Row `i` gets the `i`-th number of the list as its column.
//!
//! ```
//! use quadrille_queens::construct;
//!
//! let cols = construct::solution(14).expect("n ≥ 4");
//! let one_based: Vec<usize> = cols.iter().map(|c| c + 1).collect();
//! assert_eq!(one_based, [2, 4, 6, 8, 10, 12, 14, 3, 1, 7, 9, 11, 13, 5]);
//! assert!(construct::is_solution(&cols));
//! assert_eq!(construct::solution(3), None);
//!
//! let attacks = construct::attacks(&[0, 2, 1], usize::MAX)?;
//! assert_eq!(attacks.len(), 1);
//! assert_eq!(attacks[0].to_string(), "row 2 column 3 and row 3 column 2 share a diagonal");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt;

use crate::{Error, MAX_CONSTRUCT_N, check_size};

/// A solution for an `n`×`n` board, or `None` when there is none (`n` = 2 or 3).
/// Boards larger than [`MAX_CONSTRUCT_N`] also give `None`; use [`try_solution`]
/// to tell the two apart.
pub fn solution(n: usize) -> Option<Vec<usize>> {
    try_solution(n).ok().flatten()
}

/// A solution for an `n`×`n` board, `None` when there is none, or an error when
/// `n` is larger than [`MAX_CONSTRUCT_N`].
pub fn try_solution(n: usize) -> Result<Option<Vec<usize>>, Error> {
    check_size(n, MAX_CONSTRUCT_N, "the construction")?;
    match n {
        0 => return Ok(Some(Vec::new())),
        1 => return Ok(Some(vec![0])),
        2 | 3 => return Ok(None),
        _ => {}
    }
    // Numbers from 1, as the construction is usually stated.
    let mut evens: Vec<usize> = (2..=n).step_by(2).collect();
    let mut odds: Vec<usize> = (1..=n).step_by(2).collect();
    match n % 6 {
        2 => {
            // 1 3 5 7 … becomes 3 1 7 … 5.
            odds.swap(0, 1);
            let five = odds.remove(2);
            odds.push(five);
        }
        3 => {
            // 2 4 6 … becomes 4 6 … 2, and 1 3 5 … becomes 5 … 1 3.
            evens.rotate_left(1);
            odds.rotate_left(2);
        }
        _ => {}
    }
    Ok(Some(evens.into_iter().chain(odds).map(|x| x - 1).collect()))
}

/// The line two attacking queens share.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Line {
    /// The same column.
    Column,
    /// The same diagonal (row − column constant).
    Diagonal,
    /// The same anti-diagonal (row + column constant).
    AntiDiagonal,
}

/// Two queens that attack each other: rows and columns from 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Attack {
    /// The earlier queen (row, column).
    pub first: (usize, usize),
    /// The later queen (row, column).
    pub second: (usize, usize),
    /// What they share.
    pub line: Line,
}

impl fmt::Display for Attack {
    /// Rows and columns counted from 1, as people count them.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let what = match self.line {
            Line::Column => "a column",
            Line::Diagonal | Line::AntiDiagonal => "a diagonal",
        };
        write!(
            f,
            "row {} column {} and row {} column {} share {what}",
            self.first.0 + 1,
            self.first.1 + 1,
            self.second.0 + 1,
            self.second.1 + 1,
        )
    }
}

/// Up to `limit` pairs of attacking queens in a placement (one queen per row,
/// `cols[row]` its column), each later queen paired with the first queen on its
/// line. Takes time and memory linear in `n`.
pub fn attacks(cols: &[usize], limit: usize) -> Result<Vec<Attack>, Error> {
    let n = cols.len();
    const EMPTY: u32 = u32::MAX;
    let n_diagonals = (2 * n).saturating_sub(1);
    // The first row with a queen on each line.
    let mut by_column = vec![EMPTY; n];
    let mut by_diagonal = vec![EMPTY; n_diagonals];
    let mut by_anti_diagonal = vec![EMPTY; n_diagonals];
    let mut found = Vec::new();
    for (row, &col) in cols.iter().enumerate() {
        if col >= n {
            return Err(Error::ColumnOffBoard { row, column: col, n });
        }
        let lines = [
            (&mut by_column[col], Line::Column),
            (&mut by_diagonal[row + n - 1 - col], Line::Diagonal),
            (&mut by_anti_diagonal[row + col], Line::AntiDiagonal),
        ];
        for (first, line) in lines {
            if *first == EMPTY {
                *first = row as u32;
            } else if found.len() < limit {
                let first_row = *first as usize;
                found.push(Attack { first: (first_row, cols[first_row]), second: (row, col), line });
            }
        }
    }
    Ok(found)
}

/// Whether a placement (one queen per row) is a solution: every column on the
/// board and no two queens attacking. Linear in `n`.
pub fn is_solution(cols: &[usize]) -> bool {
    attacks(cols, 1).is_ok_and(|found| found.is_empty())
}

/// Reads a placement written in the columns format: the column (from 1) of the
/// queen in each row, separated by blanks or commas, as `2 4 1 3`. With
/// `expected_n`, the placement must have that many rows. The columns are
/// returned from 0.
///
/// ```
/// use quadrille_queens::construct::parse_columns;
/// assert_eq!(parse_columns("2 4 1 3", None)?, vec![1, 3, 0, 2]);
/// assert_eq!(parse_columns("2,4,1,3", Some(4))?, vec![1, 3, 0, 2]);
/// assert_eq!(parse_columns("2 5 1 3", None).unwrap_err().to_string(), "row 2: bad column `5`: expected a number from 1 to 4");
/// # Ok::<(), quadrille_queens::Error>(())
/// ```
pub fn parse_columns(text: &str, expected_n: Option<usize>) -> Result<Vec<usize>, Error> {
    let words: Vec<&str> = text.split(|c: char| c.is_whitespace() || c == ',').filter(|w| !w.is_empty()).collect();
    let n = words.len();
    if let Some(expected) = expected_n {
        if n != expected {
            return Err(Error::WrongLength { expected, found: n });
        }
    }
    check_size(n, MAX_CONSTRUCT_N, "the checker")?;
    words
        .iter()
        .enumerate()
        .map(|(row, word)| match word.parse::<usize>() {
            Ok(col) if (1..=n).contains(&col) => Ok(col - 1),
            _ => Err(Error::BadColumn { row: row + 1, word: (*word).to_string(), n }),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn constructs_a_solution_for_every_n_up_to_2000() {
        for n in (0..=2000).filter(|&n| n != 2 && n != 3) {
            let cols = solution(n).unwrap();
            assert_eq!(cols.len(), n);
            assert!(is_solution(&cols), "n = {n}");
        }
    }

    #[test]
    fn fifteen_is_as_in_the_reference() {
        let cols: Vec<usize> = solution(15).unwrap().iter().map(|c| c + 1).collect();
        assert_eq!(cols, [4, 6, 8, 10, 12, 14, 2, 5, 7, 9, 11, 13, 15, 1, 3]);
    }

    #[test]
    fn the_unrepaired_list_fails_where_the_repairs_are_needed() {
        // Evens then odds alone is not a solution for n mod 6 = 2 or 3, which is
        // why the repairs exist: the checker must see that.
        for n in [8, 9, 14, 15] {
            let plain: Vec<usize> = (2..=n).step_by(2).chain((1..=n).step_by(2)).map(|x| x - 1).collect();
            assert!(!is_solution(&plain), "n = {n}");
        }
    }

    #[test]
    fn attacks_name_the_queens() {
        let found = attacks(&[0, 0, 2], 10).unwrap();
        assert_eq!(
            found,
            [
                Attack { first: (0, 0), second: (1, 0), line: Line::Column },
                Attack { first: (0, 0), second: (2, 2), line: Line::Diagonal },
            ]
        );
        assert_eq!(attacks(&[0, 5], 10).unwrap_err(), Error::ColumnOffBoard { row: 1, column: 5, n: 2 });
        assert!(!is_solution(&[1, 0]));
        assert!(is_solution(&[]));
    }

    #[test]
    fn refuses_absurd_sizes() {
        assert!(matches!(try_solution(MAX_CONSTRUCT_N + 1), Err(Error::TooLarge { .. })));
        assert_eq!(solution(2), None);
    }
}
