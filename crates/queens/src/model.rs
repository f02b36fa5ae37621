//! Knuth's exact-cover model of N-Queens.
//!
//! Primary items `r_i` (row `i`) and `c_j` (column `j`) must each be covered once;
//! secondary items `a_{i+j}` and `b_{n-1-i+j}` (the two diagonal directions) at
//! most once. Each cell is one option `{r_i, c_j, a_{i+j}, b_{n-1-i+j}}`, so a
//! solution is a set of `n` cells, one per row and column, no two on a diagonal.
//!
//! The model is the one Knuth's `queens-dlx` writes: the four one-cell corner
//! diagonals are left out (a single cell cannot collide with anything on them), and
//! rows and columns are listed in *organ-pipe* order (middle first) or in natural
//! order. Since the engine breaks ties between items by their order on the item
//! line, the order changes the search, and the engine's node and update counts
//! equal DLX1's on the same text.
//!
//! ```
//! use quadrille_queens::model::{CoverModel, Order};
//!
//! let text = CoverModel::knuth_text(4, Order::OrganPipe)?;
//! assert_eq!(text.lines().next(), Some("r2 c2 r1 c1 r3 c3 r0 c0 | a1 b1 a2 b2 a3 b3 a4 b4 a5 b5"));
//! assert_eq!(text.lines().nth(1), Some("r0 c0 b3"));
//!
//! let model = CoverModel::new(4, Order::OrganPipe)?;
//! let mut solver = quadrille_dlx::Solver::new(model.problem());
//! let solution = solver.first().expect("n = 4 has two solutions");
//! assert_eq!(model.placement(&solution), [1, 3, 0, 2]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt::Write as _;

use quadrille_dlx::{Item, OptionId, Problem};

use crate::{Error, MAX_MODEL_N, check_size};

/// The order in which rows and columns appear on the item line.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Order {
    /// Middle rows and columns first, then alternately outwards (Knuth's default):
    /// the search starts where the constraints are tightest.
    #[default]
    OrganPipe,
    /// Rows and columns from 0 to `n - 1`.
    Natural,
}

impl Order {
    /// The row (and column) at position `j` of the item line.
    pub fn line(self, n: usize, j: usize) -> usize {
        match self {
            Order::OrganPipe if j % 2 == 1 => (n - 1 - j) >> 1,
            Order::OrganPipe => (n + j) >> 1,
            Order::Natural => j,
        }
    }
}

/// Knuth's digits for item names: one character for numbers below 62.
const DIGITS: &[u8; 62] = b"0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";

/// Writes `x` in base 62 with Knuth's digits: his one-character names for
/// `x < 62`, and the same numeral system beyond (which his program does not need).
fn push_encoded(name: &mut String, x: usize) {
    if x >= DIGITS.len() {
        push_encoded(name, x / DIGITS.len());
    }
    name.push(DIGITS[x % DIGITS.len()] as char);
}

/// An item name: a prefix letter and an encoded number.
fn item_name(prefix: char, x: usize) -> String {
    let mut name = String::with_capacity(4);
    name.push(prefix);
    push_encoded(&mut name, x);
    name
}

/// The items of the option for cell (`row`, `col`), in Knuth's order: row,
/// column, then the diagonals that are not corner cells.
fn cell_items(n: usize, row: usize, col: usize) -> ([(char, usize); 4], usize) {
    let mut items = [('r', row), ('c', col), ('a', 0), ('b', 0)];
    let mut len = 2;
    let sum = row + col;
    if 0 < sum && sum < 2 * n - 2 {
        items[len] = ('a', sum);
        len += 1;
    }
    let difference = n - 1 - row + col;
    if 0 < difference && difference < 2 * n - 2 {
        items[len] = ('b', difference);
        len += 1;
    }
    (items, len)
}

/// Knuth's cover model of N-Queens on the engine.
#[derive(Clone)]
pub struct CoverModel {
    n: usize,
    order: Order,
    problem: Problem,
}

impl std::fmt::Debug for CoverModel {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("CoverModel").field("n", &self.n).field("order", &self.order).finish_non_exhaustive()
    }
}

impl CoverModel {
    /// Builds the model for an `n`×`n` board, `1 ≤ n ≤` [`MAX_MODEL_N`].
    pub fn new(n: usize, order: Order) -> Result<CoverModel, Error> {
        if n == 0 {
            return Err(Error::EmptyModel);
        }
        check_size(n, MAX_MODEL_N, "the cover model")?;
        let mut builder = Problem::builder();
        // Item handles by line number: rows, columns, then each diagonal direction.
        let mut rows = vec![Item(0); n];
        let mut cols = vec![Item(0); n];
        for j in 0..n {
            let t = order.line(n, j);
            rows[t] = builder.primary(&item_name('r', t))?;
            cols[t] = builder.primary(&item_name('c', t))?;
        }
        let n_diagonals = 2 * n - 1;
        let mut sums = vec![None; n_diagonals];
        let mut differences = vec![None; n_diagonals];
        for j in 1..n_diagonals.saturating_sub(1) {
            sums[j] = Some(builder.secondary(&item_name('a', j))?);
            differences[j] = Some(builder.secondary(&item_name('b', j))?);
        }
        for row in 0..n {
            for col in 0..n {
                let (items, len) = cell_items(n, row, col);
                let handles = items[..len].iter().map(|&(kind, x)| match kind {
                    'r' => rows[x],
                    'c' => cols[x],
                    'a' => sums[x].expect("a diagonal inside the board"),
                    _ => differences[x].expect("a diagonal inside the board"),
                });
                builder.option(handles)?;
            }
        }
        Ok(CoverModel { n, order, problem: builder.build()? })
    }

    /// The board size.
    pub fn n(&self) -> usize {
        self.n
    }

    /// The order of rows and columns on the item line.
    pub fn order(&self) -> Order {
        self.order
    }

    /// The exact-cover problem, for a [`quadrille_dlx::Solver`].
    pub fn problem(&self) -> &Problem {
        &self.problem
    }

    /// The cell (row, column) of an option.
    pub fn cell(&self, option: OptionId) -> (usize, usize) {
        (option.index() / self.n, option.index() % self.n)
    }

    /// The placement (the column of the queen in each row) of a solution.
    pub fn placement(&self, solution: &[OptionId]) -> Vec<usize> {
        let mut cols = vec![0; self.n];
        self.placement_into(solution, &mut cols);
        cols
    }

    /// Writes the placement of a solution into `cols` (of length `n`), without
    /// allocating.
    pub fn placement_into(&self, solution: &[OptionId], cols: &mut [usize]) {
        for &option in solution {
            let (row, col) = self.cell(option);
            cols[row] = col;
        }
    }

    /// Exactly the text Knuth's `queens-dlx` writes for an `n`×`n` board,
    /// `1 ≤ n ≤` [`MAX_MODEL_N`], ready for DLX1 or `quadrille solve`.
    pub fn knuth_text(n: usize, order: Order) -> Result<String, Error> {
        if n == 0 {
            return Err(Error::EmptyModel);
        }
        check_size(n, MAX_MODEL_N, "the cover model")?;
        let mut text = String::with_capacity(16 * n * n + 8 * n);
        let mut line = String::new();
        for j in 0..n {
            let t = order.line(n, j);
            if j > 0 {
                line.push(' ');
            }
            line.push_str(&item_name('r', t));
            line.push(' ');
            line.push_str(&item_name('c', t));
        }
        line.push_str(" |");
        for j in 1..(2 * n).saturating_sub(2) {
            let _ = write!(line, " {} {}", item_name('a', j), item_name('b', j));
        }
        text.push_str(&line);
        text.push('\n');
        for row in 0..n {
            for col in 0..n {
                let (items, len) = cell_items(n, row, col);
                for (i, &(kind, x)) in items[..len].iter().enumerate() {
                    if i > 0 {
                        text.push(' ');
                    }
                    text.push(kind);
                    push_encoded(&mut text, x);
                }
                text.push('\n');
            }
        }
        Ok(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn organ_pipe_order_is_a_permutation_middle_first() {
        for n in 1..20 {
            let mut seen: Vec<usize> = (0..n).map(|j| Order::OrganPipe.line(n, j)).collect();
            assert_eq!(seen[0], n / 2);
            seen.sort_unstable();
            assert_eq!(seen, (0..n).collect::<Vec<_>>());
        }
        let eight: Vec<usize> = (0..8).map(|j| Order::OrganPipe.line(8, j)).collect();
        assert_eq!(eight, [4, 3, 5, 2, 6, 1, 7, 0]);
    }

    #[test]
    fn names_use_knuths_digits() {
        assert_eq!(item_name('a', 13), "ad");
        assert_eq!(item_name('b', 61), "bZ");
        assert_eq!(item_name('b', 62), "b10");
    }

    #[test]
    fn knuth_text_for_eight_starts_as_in_the_reference() {
        let text = CoverModel::knuth_text(8, Order::OrganPipe).unwrap();
        let mut lines = text.lines();
        let items = lines.next().unwrap();
        assert!(items.starts_with("r4 c4 r3 c3 r5 c5 r2 c2 r6 c6 r1 c1 r7 c7 r0 c0 | a1 b1 a2 b2"));
        assert!(items.ends_with(" ad bd"));
        assert_eq!(lines.next(), Some("r0 c0 b7"));
        assert_eq!(text.lines().count(), 1 + 64);
    }

    #[test]
    fn the_built_problem_is_the_text() {
        for n in [1, 2, 5, 8, 33] {
            for order in [Order::OrganPipe, Order::Natural] {
                let text = CoverModel::knuth_text(n, order).unwrap();
                let parsed = Problem::from_knuth(&text).unwrap();
                let model = CoverModel::new(n, order).unwrap();
                assert_eq!(model.problem().to_knuth(), parsed.to_knuth(), "n = {n}, {order:?}");
            }
        }
    }

    #[test]
    fn refuses_empty_and_huge_boards() {
        assert_eq!(CoverModel::new(0, Order::Natural).unwrap_err(), Error::EmptyModel);
        assert_eq!(CoverModel::knuth_text(0, Order::Natural).unwrap_err(), Error::EmptyModel);
        assert!(matches!(CoverModel::new(MAX_MODEL_N + 1, Order::Natural), Err(Error::TooLarge { .. })));
    }
}
