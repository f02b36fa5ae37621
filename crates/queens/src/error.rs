//! The crate's error type.

/// What went wrong.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// The board is larger than the chosen method handles.
    #[error("n = {n} is too large for {what} (at most {max})")]
    TooLarge {
        /// The board size asked for.
        n: usize,
        /// The largest size the method accepts.
        max: usize,
        /// The method, in words (`"the bitboard search"`).
        what: &'static str,
    },
    /// Knuth's format cannot express the empty board (its item line would be empty).
    #[error("the cover model needs n ≥ 1")]
    EmptyModel,
    /// A queen's column is outside the board.
    #[error("row {row}: column {column} is off the board (columns 0..{n})")]
    ColumnOffBoard {
        /// The row, from 0.
        row: usize,
        /// The column, from 0.
        column: usize,
        /// The board size.
        n: usize,
    },
    /// Two queens share a column, so the placement is not a permutation.
    #[error("rows {first} and {second} both have their queen in column {column}")]
    SharedColumn {
        /// The first row, from 0.
        first: usize,
        /// The second row, from 0.
        second: usize,
        /// The shared column, from 0.
        column: usize,
    },
    /// A shard number must be below the number of shards.
    #[error("shard {index} of {of} does not exist: shards are numbered 0 to {last}", last = of.saturating_sub(1))]
    NoSuchShard {
        /// The shard asked for.
        index: u32,
        /// The number of shards.
        of: u32,
    },
    /// A placement has another number of columns than expected.
    #[error("expected {expected} columns, found {found}")]
    WrongLength {
        /// The board size expected.
        expected: usize,
        /// The number of columns found.
        found: usize,
    },
    /// A placement lists a column that is not a number from 1 to n.
    #[error("row {row}: bad column `{word}`: expected a number from 1 to {n}")]
    BadColumn {
        /// The row, from 1.
        row: usize,
        /// The word as written.
        word: String,
        /// The board size.
        n: usize,
    },
    /// The method cannot do what was asked (count with the construction, trace
    /// anything but the reference search, …).
    #[error("the {algorithm} algorithm cannot {job}")]
    Unsupported {
        /// The method.
        algorithm: crate::solve::Algorithm,
        /// What it was asked to do, in words.
        job: &'static str,
    },
    /// The board is too large to draw square by square.
    #[error("n = {n} is too large to draw (at most {max}); the columns format has no limit")]
    TooLargeToDraw {
        /// The board size asked for.
        n: usize,
        /// The largest board drawn.
        max: usize,
    },
    /// One SVG picture holds this many boards at most.
    #[error("an SVG picture holds at most {max} boards")]
    TooManyBoards {
        /// The most boards in one picture.
        max: usize,
    },
    /// The worker threads could not be started.
    #[error("cannot start the worker threads: {0}")]
    Threads(String),
    /// The library's front could not answer (an engine that cannot do what
    /// was asked, in the capability table's words).
    #[error("{0}")]
    Front(String),
    /// The engine refused the cover model (a bug: the model is always well formed).
    #[error("the engine refused the cover model: {0}")]
    Build(#[from] quadrille_dlx::BuildError),
}
