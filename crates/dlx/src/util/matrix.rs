//! 0/1 matrices in compressed sparse rows (SciPy's CSR layout), read into a
//! [`Problem`]: the rows are the options, the columns the items (named by
//! their numbers from 0), the first `n_primary` columns primary.
//!
//! The matrix's shape costs nothing to state, so it is checked before
//! anything is sized by it: the nodes it makes against the engine's limit,
//! then the memory the problem will take (reserved and given back before
//! the build, so that a matrix this process cannot hold is refused with
//! [`MatrixError::OutOfMemory`] rather than aborting it).
//!
//! ```
//! use quadrille_dlx::{Solver, matrix};
//!
//! // Rows {0, 3}, {0, 1, 2}, {1, 2}, {4} of five columns: one exact cover.
//! let problem = matrix::from_csr(5, 5, &[0, 2, 5, 7, 8], &[0, 3, 0, 1, 2, 1, 2, 4])?;
//! assert_eq!((problem.n_items(), problem.n_options()), (5, 4));
//! assert_eq!(Solver::new(&problem).count(), 1);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use super::problem::{BuildError, MAX_NODES, Problem};

/// Bytes the build takes for each column: the item's name twice (the builder's
/// list and its index), its header and its place in every per-item array.
/// Measured near 150; rounded up, as the reservation is only a probe.
const BYTES_PER_COLUMN: u64 = 256;

/// Bytes the build takes for each entry: the builder's item and colour, the
/// node in the links' arrays.
const BYTES_PER_ENTRY: u64 = 64;

/// Bytes the build takes for each row: the builder's start, the spacer, the
/// cost.
const BYTES_PER_ROW: u64 = 64;

/// Why a matrix is not a problem.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum MatrixError {
    /// More primary columns than columns.
    #[error("{n_primary} primary columns, but the matrix has {n_columns}")]
    TooManyPrimary {
        /// The primary columns asked for.
        n_primary: usize,
        /// The matrix's columns.
        n_columns: usize,
    },
    /// `indptr` does not start at 0, end at the number of entries and
    /// never decrease.
    #[error("indptr {what}")]
    BadIndptr {
        /// What is wrong with it.
        what: String,
    },
    /// A column number past the matrix's columns.
    #[error("row {row}: column {column} out of range (the matrix has {n_columns} columns)")]
    ColumnOutOfRange {
        /// The row.
        row: usize,
        /// The column number.
        column: u32,
        /// The matrix's columns.
        n_columns: usize,
    },
    /// The matrix makes more nodes than the engine's indices address.
    #[error(
        "the matrix is too large: {n_columns} columns, {n_rows} rows and {n_entries} entries \
         make {nodes} nodes, more than the limit of {limit}"
    )]
    TooLarge {
        /// The matrix's columns.
        n_columns: usize,
        /// The matrix's rows.
        n_rows: usize,
        /// The matrix's entries (its 1s).
        n_entries: usize,
        /// The nodes they make.
        nodes: u64,
        /// The most nodes a problem may have.
        limit: u64,
    },
    /// The memory the problem would take could not be had.
    #[error(
        "the matrix needs about {bytes} bytes for its {n_columns} columns and {n_entries} entries, more than can be had"
    )]
    OutOfMemory {
        /// The bytes reserved for it, in vain.
        bytes: u64,
        /// The matrix's columns.
        n_columns: usize,
        /// The matrix's entries.
        n_entries: usize,
    },
    /// The builder refused a row (a row with no primary column, a column
    /// twice).
    #[error("row {row}: {source}")]
    Row {
        /// The row.
        row: usize,
        /// What the builder said.
        source: BuildError,
    },
    /// The builder refused the problem (no primary column).
    #[error(transparent)]
    Build(BuildError),
}

/// The problem of a 0/1 matrix in compressed sparse rows: row `r` holds the
/// columns `indices[indptr[r]..indptr[r + 1]]`; the first `n_primary` of the
/// `n_columns` columns are primary, the others secondary. Checks the shape
/// before sizing anything by it (see the module's docs).
pub fn from_csr(n_columns: usize, n_primary: usize, indptr: &[u32], indices: &[u32]) -> Result<Problem, MatrixError> {
    if n_primary > n_columns {
        return Err(MatrixError::TooManyPrimary { n_primary, n_columns });
    }
    let n_entries = indices.len();
    let Some((&first, _)) = indptr.split_first() else {
        return Err(MatrixError::BadIndptr { what: "is empty: it has one entry more than the rows".to_string() });
    };
    let n_rows = indptr.len() - 1;
    if first != 0 {
        return Err(MatrixError::BadIndptr { what: format!("starts at {first}, not 0") });
    }
    if let Some(row) = indptr.windows(2).position(|w| w[0] > w[1]) {
        return Err(MatrixError::BadIndptr { what: format!("decreases at row {row}") });
    }
    if indptr[n_rows] as usize != n_entries {
        return Err(MatrixError::BadIndptr {
            what: format!("ends at {}, not at the {n_entries} entries", indptr[n_rows]),
        });
    }
    // Nodes as the builder counts them: node 0, a header per item, the first
    // spacer, each entry, a spacer per row (and one to spare).
    let nodes = (n_columns as u64).saturating_add(2).saturating_add(n_entries as u64).saturating_add(n_rows as u64 + 1);
    if nodes > MAX_NODES {
        return Err(MatrixError::TooLarge { n_columns, n_rows, n_entries, nodes, limit: MAX_NODES });
    }
    let bytes =
        n_columns as u64 * BYTES_PER_COLUMN + n_entries as u64 * BYTES_PER_ENTRY + n_rows as u64 * BYTES_PER_ROW;
    if Vec::<u8>::new().try_reserve_exact(usize::try_from(bytes).unwrap_or(usize::MAX)).is_err() {
        return Err(MatrixError::OutOfMemory { bytes, n_columns, n_entries });
    }
    if let Some(row) = (0..n_rows)
        .find(|&r| indices[indptr[r] as usize..indptr[r + 1] as usize].iter().any(|&c| c as usize >= n_columns))
    {
        let column = indices[indptr[row] as usize..indptr[row + 1] as usize]
            .iter()
            .copied()
            .find(|&c| c as usize >= n_columns)
            .expect("found above");
        return Err(MatrixError::ColumnOutOfRange { row, column, n_columns });
    }
    let mut b = Problem::builder();
    let mut handles = Vec::with_capacity(n_columns);
    for column in 0..n_columns {
        let name = column.to_string();
        let item = if column < n_primary { b.primary(&name) } else { b.secondary(&name) };
        handles.push(item.map_err(MatrixError::Build)?);
    }
    for row in 0..n_rows {
        let range = indptr[row] as usize..indptr[row + 1] as usize;
        b.option(indices[range].iter().map(|&c| handles[c as usize]))
            .map_err(|source| MatrixError::Row { row, source })?;
    }
    b.build().map_err(MatrixError::Build)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Solver;

    /// The matrix of N-Queens' cover by rows and columns only (rooks): each
    /// square a row holding its rank and its file. n! covers.
    fn rooks(n: u32) -> (Vec<u32>, Vec<u32>) {
        let mut indptr = vec![0];
        let mut indices = Vec::new();
        for rank in 0..n {
            for file in 0..n {
                indices.extend([rank, n + file]);
                indptr.push(indices.len() as u32);
            }
        }
        (indptr, indices)
    }

    #[test]
    fn a_matrix_reads_as_its_problem() {
        for n in 1..=5u32 {
            let (indptr, indices) = rooks(n);
            let problem = from_csr(2 * n as usize, 2 * n as usize, &indptr, &indices).unwrap();
            let factorial: u64 = (1..=n as u64).product();
            assert_eq!(Solver::new(&problem).count(), factorial);
            assert_eq!(problem.n_options(), (n * n) as usize);
        }
        // The files secondary: each rank takes a file no other rank took, 3!.
        let (indptr, indices) = rooks(3);
        assert_eq!(Solver::new(&from_csr(6, 3, &indptr, &indices).unwrap()).count(), 6);
    }

    #[test]
    fn a_bad_matrix_is_refused_naming_what() {
        let error = |n_columns, n_primary, indptr: &[u32], indices: &[u32]| {
            from_csr(n_columns, n_primary, indptr, indices).unwrap_err().to_string()
        };
        assert_eq!(error(2, 3, &[0], &[]), "3 primary columns, but the matrix has 2");
        assert_eq!(error(2, 2, &[], &[]), "indptr is empty: it has one entry more than the rows");
        assert_eq!(error(2, 2, &[1, 1], &[0]), "indptr starts at 1, not 0");
        assert_eq!(error(2, 2, &[0, 2, 1], &[0, 1]), "indptr decreases at row 1");
        assert_eq!(error(2, 2, &[0, 1], &[0, 1]), "indptr ends at 1, not at the 2 entries");
        assert_eq!(error(2, 2, &[0, 1, 2], &[0, 2]), "row 1: column 2 out of range (the matrix has 2 columns)");
        assert_eq!(error(2, 2, &[0, 2], &[1, 1]), "row 0: option 0: item `1` appears twice");
        // A row of secondary columns alone is an option kept with its number,
        // in no solution.
        let problem = from_csr(2, 1, &[0, 1], &[1]).unwrap();
        assert_eq!((problem.n_options(), Solver::new(&problem).count()), (1, 0));
        assert_eq!(error(2, 0, &[0], &[]), "the problem has no primary item");
    }

    /// Columns past the node limit are refused before anything is sized by
    /// them (the columns of the limit and one less or more, with rows
    /// around it); just below it, the memory is reserved first, and refused.
    #[test]
    fn columns_near_the_limit_are_refused_before_anything_is_sized() {
        let limit = MAX_NODES as usize;
        for (n_columns, n_rows) in [(limit - 3, 1), (limit - 2, 0), (limit - 1, 0), (limit, 0), (limit + 1, 2)] {
            let indptr: Vec<u32> = vec![0; n_rows + 1];
            let error = from_csr(n_columns, 1, &indptr, &[]).unwrap_err();
            let nodes = n_columns as u64 + 2 + n_rows as u64 + 1;
            assert_eq!(
                error,
                MatrixError::TooLarge { n_columns, n_rows, n_entries: 0, nodes, limit: MAX_NODES },
                "{n_columns} columns, {n_rows} rows"
            );
        }
        for n_columns in [usize::MAX, u32::MAX as usize] {
            assert!(matches!(from_csr(n_columns, 0, &[0], &[]), Err(MatrixError::TooLarge { .. })));
        }
    }

    #[test]
    fn the_shape_of_the_issue_is_refused() {
        // A 1 x (2^31 - 1) matrix with its one entry in the last column but one.
        let error = from_csr((1 << 31) - 1, (1 << 31) - 1, &[0, 1], &[(1 << 31) - 2]).unwrap_err();
        assert_eq!(
            error.to_string(),
            "the matrix is too large: 2147483647 columns, 1 rows and 1 entries make 2147483652 nodes, \
             more than the limit of 2147483647"
        );
    }
}
