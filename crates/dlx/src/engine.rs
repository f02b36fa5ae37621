//! The choice of engine: dancing links, dancing cells, dense bitsets, or a rule
//! that picks one.

use std::ops::ControlFlow;

use crate::bits::{self, Bits, Count};
use crate::cells::Cells;
use crate::util::problem::{OptionId, Problem};
use crate::util::search::{CommitError, Config, DescendError, Engine};
use crate::util::stats::{Stats, go_on};

/// The largest frame (in bytes) of a problem for which [`Engine::Auto`] picks
/// [`Engine::Bits`].
const AUTO_BITS_FRAME: usize = 4096;

impl Engine {
    /// The engine that runs `problem`: `Links`, `Cells` or `Bits` as asked, or
    /// for `Auto` the one measured faster on problems of its shape.
    ///
    /// The rule looks only at the problem, so it picks the same engine for every
    /// solver of one problem (a parallel count's threads, a sharded count's
    /// machines): `Bits` when the problem has no bounds and a frame of the
    /// bitset engine (a bit per option; a count per primary item, of 8 bits
    /// when no item has more than 127 options, else 16, rounded up to 32
    /// bytes; a bit per secondary item with colours) takes at most 4 KiB;
    /// `Links` otherwise. Measured one thread, counting all solutions, user
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
    /// Neither the cells nor the bitset engine knows bounds on items
    /// (Algorithm M): a problem with bounds ([`Problem::has_bounds`]) resolves
    /// to `Links` whatever was asked. Nor does the bitset engine take a
    /// problem of more than 16,383 options: asked for, it resolves to `Links`.
    pub fn resolve(self, problem: &Problem) -> Engine {
        match self {
            _ if problem.has_bounds() => Engine::Links,
            Engine::Bits if !bits::takes(problem) => Engine::Links,
            Engine::Links | Engine::Cells | Engine::Bits => self,
            Engine::Auto if bits::takes(problem) && bits::frame_bytes(problem) <= AUTO_BITS_FRAME => Engine::Bits,
            Engine::Auto => Engine::Links,
        }
    }

}

/// A search that stops at a solution and resumes: what the cells and bitset
/// engines share, and on which their counts, visits and iterators are built.
pub(crate) trait Resumable: Sized {
    /// Ends any search, and readies a new one from the commitments and descents.
    fn restart(&mut self);
    /// Ends a search stopped at a solution.
    fn stop(&mut self);
    fn stats(&self) -> Stats;
    /// The solution the search stands at: committed options, then one per level.
    fn solution(&mut self) -> &[OptionId];
    /// Runs (or resumes) the search, calling `on_solution` at every solution;
    /// `Break` suspends it there.
    fn run<F: FnMut(&mut Self) -> ControlFlow<()>>(&mut self, config: &Config, on_solution: F);

    fn count(&mut self, config: &Config) -> u64 {
        self.restart();
        match config.get_limit() {
            None => self.run(config, |_| ControlFlow::Continue(())),
            Some(0) => {}
            Some(limit) => self.run(config, |s| {
                if s.stats().solutions < limit { ControlFlow::Continue(()) } else { ControlFlow::Break(()) }
            }),
        }
        self.stop();
        self.stats().solutions
    }

    fn visit<F>(&mut self, config: &Config, mut visitor: F) -> u64
    where
        F: FnMut(&[OptionId]) -> ControlFlow<()>,
    {
        self.restart();
        let limit = config.get_limit().unwrap_or(u64::MAX);
        if limit > 0 {
            self.run(config, |s| {
                let flow = visitor(s.solution());
                go_on(flow, s.stats().solutions, limit)
            });
        }
        self.stop();
        self.stats().solutions
    }

    /// Starts a search for [`next`](Resumable::next).
    fn start(&mut self) {
        self.restart();
    }

    /// The next solution of the search begun by [`start`](Resumable::start).
    fn next(&mut self, config: &Config) -> Option<Vec<OptionId>> {
        let limit = config.get_limit().unwrap_or(u64::MAX);
        if self.stats().solutions >= limit {
            return None;
        }
        let mut found = None;
        self.run(config, |s| {
            found = Some(s.solution().to_vec());
            ControlFlow::Break(())
        });
        found
    }
}

impl Resumable for Cells {
    fn restart(&mut self) {
        Cells::restart(self);
    }

    fn stop(&mut self) {
        Cells::stop(self);
    }

    fn stats(&self) -> Stats {
        Cells::stats(self)
    }

    fn solution(&mut self) -> &[OptionId] {
        Cells::solution(self)
    }

    fn run<F: FnMut(&mut Self) -> ControlFlow<()>>(&mut self, config: &Config, on_solution: F) {
        self.search(config, on_solution);
    }
}

impl<C: Count> Resumable for Bits<C> {
    fn restart(&mut self) {
        Bits::restart(self);
    }

    fn stop(&mut self) {
        Bits::stop(self);
    }

    fn stats(&self) -> Stats {
        Bits::stats(self)
    }

    fn solution(&mut self) -> &[OptionId] {
        Bits::solution(self)
    }

    fn run<F: FnMut(&mut Self) -> ControlFlow<()>>(&mut self, config: &Config, on_solution: F) {
        self.search::<false, F>(config, usize::MAX, on_solution);
    }
}

/// The engine a [`Solver`](crate::Solver) runs instead of its links.
#[derive(Clone, Debug)]
pub(crate) enum Other {
    Cells(Box<Cells>),
    /// The bitset engine with 8-bit counts, when they fit.
    Bits8(Box<Bits<u8>>),
    Bits(Box<Bits<i16>>),
}

/// Calls the same method of whichever engine `other` holds.
macro_rules! either {
    ($other:expr, $e:ident => $call:expr) => {
        match $other {
            Other::Cells($e) => $call,
            Other::Bits8($e) => $call,
            Other::Bits($e) => $call,
        }
    };
}

impl Other {
    /// The engine for a resolved choice, `None` for the links.
    pub(crate) fn new(engine: Engine, problem: &Problem) -> Option<Other> {
        match engine {
            Engine::Cells => Some(Other::Cells(Box::new(Cells::new(problem)))),
            Engine::Bits if bits::narrow(problem) => Some(Other::Bits8(Box::new(Bits::new(problem)))),
            Engine::Bits => Some(Other::Bits(Box::new(Bits::new(problem)))),
            Engine::Links | Engine::Auto => None,
        }
    }

    pub(crate) fn engine(&self) -> Engine {
        match self {
            Other::Cells(_) => Engine::Cells,
            Other::Bits8(_) | Other::Bits(_) => Engine::Bits,
        }
    }

    pub(crate) fn stats(&self) -> Stats {
        either!(self, e => e.stats())
    }

    pub(crate) fn interrupted(&self) -> bool {
        either!(self, e => e.interrupted())
    }

    pub(crate) fn committed(&self) -> &[OptionId] {
        either!(self, e => e.committed())
    }

    pub(crate) fn commit(&mut self, option: OptionId) -> Result<(), CommitError> {
        either!(self, e => e.commit(option))
    }

    pub(crate) fn can_commit(&mut self, option: OptionId) -> bool {
        either!(self, e => e.can_commit(option))
    }

    pub(crate) fn reset(&mut self) {
        either!(self, e => e.reset())
    }

    pub(crate) fn stop(&mut self) {
        either!(self, e => e.stop())
    }

    pub(crate) fn descend(&mut self, option: OptionId) -> Result<(), DescendError> {
        match self {
            Other::Cells(e) => e.descend(option).then_some(()).ok_or(DescendError::NotInPlay(option.0)),
            Other::Bits8(e) => e.descend(option),
            Other::Bits(e) => e.descend(option),
        }
    }

    pub(crate) fn count(&mut self, config: &Config) -> u64 {
        either!(self, e => e.count(config))
    }

    pub(crate) fn visit<F>(&mut self, config: &Config, visitor: F) -> u64
    where
        F: FnMut(&[OptionId]) -> ControlFlow<()>,
    {
        either!(self, e => e.visit(config, visitor))
    }

    pub(crate) fn start(&mut self) {
        either!(self, e => e.start())
    }

    pub(crate) fn next(&mut self, config: &Config) -> Option<Vec<OptionId>> {
        either!(self, e => e.next(config))
    }

    pub(crate) fn split<F>(&mut self, depth: usize, leaf: F) -> Stats
    where
        F: FnMut(&[OptionId]) -> ControlFlow<()>,
    {
        either!(self, e => e.split(depth, leaf))
    }
}
