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
use std::ops::ControlFlow;

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
/// `cols[row]` its column): every pair of queens on a common line, ordered by the
/// later queen's row, then by the earlier queen's row from the nearest up.
/// Takes time and memory linear in `n` and `limit`; [`count_attacks`] counts
/// them all without listing them.
pub fn attacks(cols: &[usize], limit: usize) -> Result<Vec<Attack>, Error> {
    let mut found = Vec::new();
    walk_lines(cols, |row, earlier_rows, _, line| {
        for first_row in earlier_rows {
            if found.len() >= limit {
                return ControlFlow::Break(());
            }
            found.push(Attack { first: (first_row, cols[first_row]), second: (row, cols[row]), line });
        }
        ControlFlow::Continue(())
    })?;
    Ok(found)
}

/// The number of pairs of attacking queens in a placement: for each line holding
/// `k` queens, `k (k - 1) / 2`. Linear in `n`.
pub fn count_attacks(cols: &[usize]) -> Result<u64, Error> {
    let mut total = 0u64;
    walk_lines(cols, |_, _, n_earlier, _| {
        total += n_earlier as u64;
        ControlFlow::Continue(())
    })?;
    Ok(total)
}

/// Calls `on_line` for each queen and each of its three lines that holds an
/// earlier queen, with the rows of the earlier queens on that line (the nearest
/// first) and their number, until it returns `Break`. Each line keeps its latest
/// queen and its number of queens, and each queen the queen before it on each of
/// its lines, so the memory is linear in `n`. Every column is checked to be on
/// the board first.
fn walk_lines<F>(cols: &[usize], mut on_line: F) -> Result<(), Error>
where
    F: FnMut(usize, EarlierRows<'_>, usize, Line) -> ControlFlow<()>,
{
    let n = cols.len();
    if let Some((row, &column)) = cols.iter().enumerate().find(|&(_, &col)| col >= n) {
        return Err(Error::ColumnOffBoard { row, column, n });
    }
    let n_diagonals = (2 * n).saturating_sub(1);
    // The latest row with a queen on each line and the number of queens on it,
    // and for each row the row before it on each of its three lines.
    let mut latest = [vec![EMPTY; n], vec![EMPTY; n_diagonals], vec![EMPTY; n_diagonals]];
    let mut counts = [vec![0u32; n], vec![0u32; n_diagonals], vec![0u32; n_diagonals]];
    let mut before = [vec![EMPTY; n], vec![EMPTY; n], vec![EMPTY; n]];
    for (row, &col) in cols.iter().enumerate() {
        let lines = [(col, Line::Column), (row + n - 1 - col, Line::Diagonal), (row + col, Line::AntiDiagonal)];
        for (kind, (index, line)) in lines.into_iter().enumerate() {
            let previous = latest[kind][index];
            let n_earlier = counts[kind][index] as usize;
            latest[kind][index] = row as u32;
            counts[kind][index] += 1;
            before[kind][row] = previous;
            if previous != EMPTY {
                let earlier = EarlierRows { next: previous, before: &before[kind] };
                if on_line(row, earlier, n_earlier, line).is_break() {
                    return Ok(());
                }
            }
        }
    }
    Ok(())
}

/// No row: the end of a line's chain of queens.
const EMPTY: u32 = u32::MAX;

/// The rows of the earlier queens on one line, the nearest first.
struct EarlierRows<'a> {
    next: u32,
    before: &'a [u32],
}

impl Iterator for EarlierRows<'_> {
    type Item = usize;

    fn next(&mut self) -> Option<usize> {
        if self.next == EMPTY {
            return None;
        }
        let row = self.next as usize;
        self.next = self.before[row];
        Some(row)
    }
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
        assert_eq!(attacks(&[0, 0, 5], 1).unwrap_err(), Error::ColumnOffBoard { row: 2, column: 5, n: 3 });
        assert_eq!(count_attacks(&[0, 0, 2]).unwrap(), 2);
    }

    /// Four queens on one diagonal are six attacking pairs, each named once.
    #[test]
    fn every_attacking_pair_is_named() {
        let found = attacks(&[0, 1, 2, 3], usize::MAX).unwrap();
        let pairs: Vec<(usize, usize)> = found.iter().map(|a| (a.first.0, a.second.0)).collect();
        assert_eq!(pairs, [(0, 1), (1, 2), (0, 2), (2, 3), (1, 3), (0, 3)]);
        assert!(found.iter().all(|a| a.line == Line::Diagonal));
        assert_eq!(count_attacks(&[0, 1, 2, 3]).unwrap(), 6);
        assert_eq!(attacks(&[0, 1, 2, 3], 4).unwrap().len(), 4);
        // A whole column of queens: n (n - 1) / 2 pairs, counted in linear time.
        assert_eq!(count_attacks(&vec![0; 100_000]).unwrap(), 100_000 * 99_999 / 2);
        assert!(!is_solution(&[1, 0]));
        assert!(is_solution(&[]));
    }

    #[test]
    fn refuses_absurd_sizes() {
        assert!(matches!(try_solution(MAX_CONSTRUCT_N + 1), Err(Error::TooLarge { .. })));
        assert_eq!(solution(2), None);
    }
}
