//! The front's choice of engine: the `Auto` rule, which asks each engine
//! whether it takes a problem and measures which is faster on its shape.

use crate::util::problem::Problem;
use crate::util::search::Engine;
use crate::{bits, cells, links};

/// The largest frame (in bytes) of a problem for which [`Engine::Auto`] picks
/// [`Engine::Bits`].
const AUTO_BITS_FRAME: usize = 4096;

impl Engine {
    /// The engine that runs `problem`: `Links`, `Cells` or `Bits` as asked, or
    /// for `Auto` the one measured faster on problems of its shape.
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
    /// cells engine does not know bounds: asked for, it resolves to `Links`.
    /// Nor does the bitset engine take a problem of more than 16,383 options:
    /// asked for, it resolves to `Links`.
    pub fn resolve(self, problem: &Problem) -> Engine {
        let takes = match self {
            Engine::Links => links::takes(problem),
            Engine::Cells => cells::takes(problem),
            Engine::Bits => bits::takes(problem),
            Engine::Auto => false,
        };
        match self {
            _ if takes => self,
            Engine::Auto if bits::takes(problem) && bits::frame_bytes(problem) <= AUTO_BITS_FRAME => Engine::Bits,
            // The links engine takes every problem.
            _ => Engine::Links,
        }
    }
}
