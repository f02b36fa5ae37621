//! The front's choice of engine: the `Auto` rule, which asks each engine
//! whether it takes a problem and measures which is faster on its shape.

use crate::util::problem::Problem;
use crate::util::search::{Branching, Engine};
use crate::{bits, cells, links};

/// The largest frame (in bytes) of a problem for which [`Engine::Auto`] picks
/// [`Engine::Bits`].
const AUTO_BITS_FRAME: usize = 4096;

impl Engine {
    /// The search that runs `problem`: `Links`, `Cells` or `Bits` as asked, or
    /// for any other engine the one measured faster on problems of its shape.
    ///
    /// The rule looks only at the problem, so it picks the same engine for every
    /// solver of one problem (a parallel count's threads, a sharded count's
    /// machines): `Bits` when a frame of the bitset engine (a bit per option;
    /// a count per primary item, of 8 bits when no item has more than 127
    /// options, else 16, rounded up to 32 bytes; a bit per secondary item
    /// with colours; with bounds, a block more of counts and a bound per item
    /// with bounds) takes at most 4 KiB, bounds or not; `Links` otherwise. Measured one thread, counting all solutions, user
    /// seconds of runs back to back on a loaded machine (compare within a row;
    /// bits and SSXCC measured in one run), Knuth's SSXCC built with
    /// `gcc -O3 -march=native`:
    ///
    /// | instance | options | primary items | frame | links | cells | bits | SSXCC |
    /// |---|---:|---:|---:|---:|---:|---:|---:|
    /// | `pentomino_6x10.dlx` | 2,032 | 72 | 416 B | 1.26–1.32 | 1.64–1.65 | 0.53–0.58 | 1.09–1.21 |
    /// | 12 pentominoes in 5×12, every orientation | 1,936 | 72 | 408 B | 3.08–3.17 | 3.70–4.08 | 1.29–1.31 | 2.73–3.14 |
    /// | Scott's 8×8 with a hole (Knuth's polyomino-dlx) | 1,568 | 72 | 360 B | 0.39–0.44 | 0.46–0.51 | 0.16–0.19 | 0.34–0.45 |
    /// | Soma cube (Knuth's polycube-dlx) | 688 | 34 | 184 B | 0.13 | 0.19–0.25 | 0.08–0.11 | 0.15–0.20 |
    /// | Langford pairs n = 12 | 187 | 36 | 88 B | 0.19–0.24 | 0.24–0.26 | 0.14–0.16 | 0.26–0.27 |
    /// | queens-dlx n = 13 (Knuth's generator) | 169 | 26 | 56 B | 0.15–0.16 | 0.19–0.24 | 0.09–0.12 | 0.21–0.23 |
    /// | `sudoku_6x6_all.dlx` | 216 | 144 | 192 B | 25.4 | | 11.6–14.0 | 20.2–21.4 |
    /// | binary de Bruijn cycles of order 5 (colours) | 1,024 | 32 | 168 B | 20.4–20.7 | | 9.1–11.4 | 14.3–15.1 |
    /// | 40 minimal 16×16 sudoku (uniqueness checked) | 4,096 | 1,024 | 1,536 B | 0.96–1.00 | | 0.50–0.52 | |
    ///
    /// The bitset engine copies a frame where the links engine undoes its
    /// updates, and commits an option in one sweep over the words of its
    /// conflicts; it wins while frames are small, and the gain fades as they
    /// grow (counting every completion of an empty 16×16 grid, up to 300,000,
    /// the two are level). The cells engine runs more
    /// instructions than the links engine on every shape measured: it saves the
    /// sizes of all active items at every branching node and scans every active
    /// item to branch, where the links engine keeps the primary items' lengths
    /// in one dense array. So `Auto` never picks it.
    ///
    /// With bounds on items (Algorithm M), against Knuth's DLX3 (`gcc -O3
    /// -march=native`), one thread, counting all solutions, user seconds:
    /// medians of whole runs of `quadrille solve FILE --count --threads 1
    /// --engine bits` (or `links`) taken in turn with DLX3's on the same file,
    /// 3 to 5 pairs; the last column is the median of the pairs' ratios (bits
    /// against DLX3). The links were timed in runs of their own against DLX3,
    /// which took 1.44 and 5.18 s there. The motley dissections are made by
    /// Knuth's `motley-dlx`:
    ///
    /// | instance | options | primary items (with bounds) | frame | links | bits | DLX3 | DLX3 / bits |
    /// |---|---:|---:|---:|---:|---:|---:|---:|
    /// | `tetrominoes_12_8x6.dlx` | 553 | 53 (5) | 284 B | 0.95 | 0.44 | 1.43 | 3.2 |
    /// | `motley_6x6.dlx` | 391 | 46 (10) | 224 B | | 0.031 | 0.077 | 2.5 |
    /// | `motley_7x7.dlx` | 717 | 61 (12) | 272 B | 4.03 | 1.93 | 5.13 | 2.7 |
    ///
    /// The bitset engine runs Algorithm M with the links' nodes (its updates
    /// are its own); the links engine gives DLX3's statistics exactly. The
    /// cells engine knows bounds only when it branches two ways
    /// ([`Branching::Binary`], Knuth's SSMCC): asked for otherwise, it
    /// resolves to `Links`.
    /// Nor does the bitset engine take a problem of more than 16,383 options:
    /// asked for, it resolves to `Links`. The engines a solver does not run
    /// (costs, memo, sweep) resolve as `Auto` does.
    pub fn resolve(self, problem: &Problem) -> Engine {
        self.resolve_branching(problem, Branching::Dlx)
    }

    /// [`Engine::resolve`] for a search that branches as `branching` says:
    /// the cells engine takes a problem with bounds when it branches two
    /// ways (Knuth's SSMCC).
    pub(crate) fn resolve_branching(self, problem: &Problem, branching: Branching) -> Engine {
        let takes = match self {
            Engine::Links => links::takes(problem),
            Engine::Cells => cells::takes(problem, branching),
            Engine::Bits => bits::takes(problem),
            _ => false,
        };
        match self {
            _ if takes => self,
            _ if !self.is_search() && bits::takes(problem) && bits::frame_bytes(problem) <= AUTO_BITS_FRAME => {
                Engine::Bits
            }
            // The links engine takes every problem.
            _ => Engine::Links,
        }
    }
}

/// The memo's probe, by which the front ([`Search::count`](crate::front::Search::count))
/// judges whether the memo engine ([`Memo`](crate::Memo), Knuth's DLX6) may pay.
///
/// The probe runs the memo's search for its first 4,096 nodes
/// ([`MEMO_PROBE_NODES`]) and counts the levels its cache answered: the
/// memo is chosen when they are at least 20 % of the nodes
/// ([`MEMO_HIT_PERCENT`]). When the whole memo search ends within the
/// probe, the memo is chosen when the solutions are at least 10 times
/// its nodes ([`MEMO_SOLUTIONS_PER_NODE`]): the links' search enters a
/// node for every solution, so it then makes at least ten times the
/// memo's nodes, which cost at most a few times more each (domino
/// tilings of 8×8: 12,988,816 solutions from 2,317 memo nodes); small
/// problems with few solutions keep the links and their figures. A
/// problem the memo does not take (bounds on items) is never chosen. The probe counts nodes, not
/// time, so it decides alike on every machine and every run.
///
/// Measured (hits over the first 4,096 nodes; whole counts in processor
/// seconds on one thread, the memo against `Auto`'s
/// [`Engine::resolve`], on a loaded 2-core machine):
///
/// | instance | hits | memo | links or bits |
/// |---|---:|---:|---:|
/// | `dominoes_8x8.dlx` (whole search: 2,317 nodes) | 29.8 % | < 0.01 s | 4.7 s (DLX2) |
/// | `dominoes_12x12.dlx` | 26.9 % | 0.01 s | out of reach |
/// | `dominoes_squares_8x8.dlx` (1×1 squares) | 53.1 % | < 0.01 s | out of reach |
/// | `dominoes_2x2_8x8.dlx` (whole search: 3,160 nodes) | 43.4 % | < 0.01 s | |
/// | Aztec diamond of order 10, swept along its sides | 20.4 % | 0.04 s | out of reach |
/// | `sudoku_6x6_all.dlx` | 15.7 % | 3.3 s, 390 MB | 11.6–14.0 s |
/// | queens-dlx 13 (18: 15.6 %) | 12.5 % | 0.35 s | 0.06 s |
/// | Langford pairs, n = 12 (20: 1.9 %) | 8.2 % | 0.37 s | 0.11 s |
/// | `pentomino_6x10.dlx` | 1.8 % | 1.25 s | 0.55 s |
///
/// Tilings show hits above the threshold from the first nodes on (every
/// subproblem is a region left to tile, and regions recur), and there
/// the links cannot finish at all; queens, Langford pairs and
/// pentominoes stay below, where the memo is 2–6 times slower. Sudoku
/// grids lie between: the memo wins on the 6×6 grids, but queens of
/// order 18 show the same rate (15.6 %), so the threshold stays above
/// both and sudoku keeps the links. The probe itself costs about a
/// millisecond (14 ms on pentominoes, whose nodes are costly). The
/// counts that stay on the links, whole processes of `quadrille solve
/// FILE --count` (two threads) alternated with the build before the
/// rule, took this much processor time against it (medians of 9 pairs;
/// `sudoku_6x6_all.dlx` of 3): queens-dlx 13, 1.039; Langford pairs
/// n = 12, 1.024; `pentomino_6x10.dlx`, 1.024; `sudoku_6x6_all.dlx`,
/// 0.93 (noise: it runs 9 s).
///
/// The search nodes the memo's probe may run.
pub(crate) const MEMO_PROBE_NODES: u64 = 4_096;

/// The share of the probe's nodes, in percent, that the memo cache must
/// answer for the front ([`Search::count`](crate::front::Search::count)) to choose the memo.
pub(crate) const MEMO_HIT_PERCENT: u64 = 20;

/// How many solutions per node a memo search that ends within the probe must
/// find for the front ([`Search::count`](crate::front::Search::count)) to choose the memo.
pub(crate) const MEMO_SOLUTIONS_PER_NODE: u64 = 10;

/// The least estimated cost (in nanoseconds) of the search by fewest options
/// for which the front considers the [`Sweep`](crate::sweep::Sweep): below a
/// millisecond, counts keep the engine [`Engine::resolve`] picks, and its
/// statistics (Knuth's, on the links).
pub(crate) const SWEEP_MIN_COST: f64 = 1e6;

/// The most options a problem may have for the front to consider
/// the [`Sweep`](crate::sweep::Sweep): its choice of order and the estimates take time in
/// proportion to the options (past 65,536 options, fewer random paths for
/// each candidate order; past 2^26 pairs of items in options, no Fiedler
/// order), so only the reading of a larger problem bounds them. The sweep
/// itself, asked for by name, takes any number.
pub(crate) const SWEEP_MAX_OPTIONS: usize = 1 << 24;

/// The cost of a node of the [`Sweep`](crate::sweep::Sweep), for the front: measured in
/// nanoseconds, like the two costs of the search by fewest options.
///
/// The costs come from Knuth's estimates of the two trees (random paths
/// from a fixed seed, so the choice is the same on every run and every
/// machine; see the `sweep` module): the sweep's nodes at
/// [`SWEEP_NODE_COST`] each, against the nodes and updates of the search
/// by fewest options at [`FEWEST_NODE_COST`] and [`FEWEST_UPDATE_COST`].
/// Below [`SWEEP_MIN_COST`] (a millisecond) counts keep the search and
/// Knuth's statistics; above [`SWEEP_MAX_OPTIONS`] options the sweep is
/// not considered. The costs were fitted to the bitset engine's
/// nodes (41 ns, plus 0.8 ns an update: from 55 ns on queens to 316 ns on
/// pentominoes, whose options hide hundreds of others) and to the
/// sweep's (about 20 ns). The estimates are rough (within a factor of
/// two or three), so the rule is right where the two differ much, and
/// either choice is near the other's speed where it errs.
///
/// Measured (the estimates; counts in processor seconds on one thread,
/// the sweep with its default cache; `pentomino 6×10` is every packing,
/// `pentomino_6x10.dlx` Knuth's with the X in one quadrant; queens in
/// Knuth's organ-pipe order, and in the natural order):
///
/// | instance | sweep nodes, estimated | fewest-options nodes, estimated | updates a node | chosen | sweep | bits |
/// |---|---:|---:|---:|---|---:|---:|
/// | pentominoes 6×10 | 1.5 × 10⁷ | 1.6 × 10⁶ | 436 | sweep | 0.198 | 1.150 |
/// | `pentomino_6x10.dlx` | 3.5 × 10⁶ | 5.4 × 10⁵ | 464 | sweep | 0.133 | 0.284 |
/// | pentominoes 5×12 | 6.6 × 10⁶ | 1.2 × 10⁶ | 384 | sweep | 0.044 | 0.707 |
/// | pentominoes 4×15 | 5.4 × 10⁵ | 3.7 × 10⁶ | 381 | sweep | 0.009 | 0.247 |
/// | Scott's 8×8 with a hole | 4.2 × 10⁶ | 2.9 × 10⁵ | 399 | sweep | 0.056 | 0.085 |
/// | Soma cube | 9.2 × 10⁵ | 2.6 × 10⁵ | 124 | sweep | 0.009 | 0.039 |
/// | Langford pairs, n = 12 | 1.6 × 10⁷ | 2.9 × 10⁶ | 15 | bits | 0.151 | 0.171 |
/// | queens 13, organ-pipe | 4.5 × 10⁶ | 1.2 × 10⁶ | 18 | bits | 0.115 | 0.061 |
/// | queens 12, natural order | 8.2 × 10⁵ | 3.4 × 10⁵ | 21 | sweep | 0.018 | 0.020 |
pub(crate) const SWEEP_NODE_COST: f64 = 20.0;

/// The cost of a node of the bitset engine, beside its updates.
pub(crate) const FEWEST_NODE_COST: f64 = 41.0;

/// The cost of one update of the bitset engine (counted as the links count
/// them).
pub(crate) const FEWEST_UPDATE_COST: f64 = 0.8;
