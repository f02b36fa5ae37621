//! N-Queens the way a user asks for it: the method chosen for the job, then
//! solutions listed (all, the unique ones, the first few, the search traced step
//! by step) or counted (total and unique, on several threads, or one shard of a
//! count spread over many machines).
//!
//! [`Config`] says what is wanted; [`list`] hands each solution (and, when
//! tracing, each step of the search) to the caller as an [`Event`], and [`count`]
//! returns a [`Count`]. Printing is the caller's business: [`crate::render`]
//! turns solutions and events into text.
//!
//! ```
//! use std::ops::ControlFlow;
//! use quadrille_queens::solve::{self, Algorithm, Config, Event};
//!
//! // The method is chosen for the job: the bitboard counter here.
//! let config = Config::new().unique(true);
//! assert_eq!(config.choose(8, true)?, Algorithm::Bitboard);
//! let count = solve::count(8, &config)?;
//! assert_eq!((count.total, count.unique), (92, Some(12)));
//!
//! // Listing: the unique solutions of 6 queens, and the first steps of a traced
//! // search for 4.
//! let mut unique = Vec::new();
//! solve::list(6, &Config::new().unique(true), |event| {
//!     if let Event::Solution { cols, .. } = event {
//!         unique.push(cols.to_vec());
//!     }
//!     ControlFlow::Continue(())
//! })?;
//! assert_eq!(unique, [[1, 3, 5, 0, 2, 4]]);
//!
//! let mut lines = Vec::new();
//! solve::list(4, &Config::new().trace(true).first(true), |event| {
//!     lines.push(event.to_string());
//!     ControlFlow::Continue(())
//! })?;
//! assert_eq!(lines[..3], ["[0][0] = true", "[1][2] = true", "row 2: no more columns, back to row 1"]);
//! assert_eq!(lines.last().unwrap(), "solution 1: 2 4 1 3");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::cell::{Cell, RefCell};
use std::fmt;
use std::ops::ControlFlow;
use std::sync::Arc;

use quadrille_dlx::front::{EngineStats, Report};
use quadrille_dlx::{Engine, Monitor, ParallelError, Search, SearchError, Stats};

use crate::backtrack::{self, Step};
use crate::model::{CoverModel, Order};
use crate::symmetry::{self, CanonicalCheck};
use crate::{Error, bitboard, construct, render};

/// Above this size the first solution comes from the construction unless an
/// algorithm is named: the lexicographically first solution takes the search
/// very long for some boards beyond it.
pub const FIRST_BY_SEARCH_MAX: usize = 30;

/// A method of solving.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Algorithm {
    /// Dancing Links on Knuth's cover model ([`crate::model`]).
    Dlx,
    /// The reference row-by-row search ([`crate::backtrack`]).
    Backtrack,
    /// The search on bit masks; counting uses the symmetries and all cores
    /// ([`crate::bitboard`]).
    Bitboard,
    /// One solution by formula, for any `n` ([`crate::construct`]).
    Construct,
}

impl fmt::Display for Algorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Algorithm::Dlx => "dlx",
            Algorithm::Backtrack => "backtrack",
            Algorithm::Bitboard => "bitboard",
            Algorithm::Construct => "construct",
        })
    }
}

/// What is wanted: the method (or none, for the fastest for the job), which
/// solutions, how many, on how many threads.
#[derive(Clone, Debug, Default)]
pub struct Config {
    algorithm: Option<Algorithm>,
    order: Option<Order>,
    unique: bool,
    first: bool,
    limit: Option<u64>,
    trace: bool,
    threads: Option<usize>,
    shard: Option<(u32, u32)>,
    monitor: Option<Arc<Monitor>>,
    engine: Engine,
}

impl Config {
    /// Every solution, by the fastest method for the job.
    pub fn new() -> Config {
        Config::default()
    }

    /// The method; `None` (the default) chooses the fastest for the job.
    pub fn algorithm(mut self, algorithm: Option<Algorithm>) -> Config {
        self.algorithm = algorithm;
        self
    }

    /// The order of Knuth's cover model ([`Algorithm::Dlx`] only; choosing an
    /// order chooses that method). `None`: organ-pipe.
    pub fn order(mut self, order: Option<Order>) -> Config {
        self.order = order;
        self
    }

    /// Only unique solutions (the lexicographically smallest of each class
    /// under the eight symmetries); a count also counts them.
    pub fn unique(mut self, unique: bool) -> Config {
        self.unique = unique;
        self
    }

    /// One solution only: for `n` beyond [`FIRST_BY_SEARCH_MAX`] the
    /// construction's, unless a method is named.
    pub fn first(mut self, first: bool) -> Config {
        self.first = first;
        self
    }

    /// Stop after this many solutions.
    pub fn limit(mut self, limit: Option<u64>) -> Config {
        self.limit = limit;
        self
    }

    /// Report every step of the search ([`Algorithm::Backtrack`] only; asking
    /// for a trace chooses that method).
    pub fn trace(mut self, trace: bool) -> Config {
        self.trace = trace;
        self
    }

    /// Threads for counting; `None` (the default): all cores.
    pub fn threads(mut self, threads: Option<usize>) -> Config {
        self.threads = threads;
        self
    }

    /// Count only shard `index` of `of` (from 0): the shards of `of` counts add
    /// up to the whole ([`Algorithm::Bitboard`] and [`Algorithm::Dlx`], without
    /// a limit).
    pub fn shard(mut self, shard: Option<(u32, u32)>) -> Config {
        self.shard = shard;
        self
    }

    /// A monitor that follows the work and stops it when it is stopped.
    pub fn monitor(mut self, monitor: Option<Arc<Monitor>>) -> Config {
        self.monitor = monitor;
        self
    }

    /// The engine of [`Algorithm::Dlx`]: dancing links, dancing cells, or
    /// (the default) whichever [`Engine::resolve`] picks.
    pub fn engine(mut self, engine: Engine) -> Config {
        self.engine = engine;
        self
    }

    /// The most solutions wanted.
    fn most(&self) -> Option<u64> {
        if self.first { Some(1) } else { self.limit }
    }

    fn stopped(&self) -> bool {
        self.monitor.as_ref().is_some_and(|monitor| monitor.is_stopped())
    }

    /// The method for an `n`×`n` board, for counting or for listing: the one
    /// asked for, or the fastest that can do the job. Refuses a method that
    /// cannot do what is asked.
    pub fn choose(&self, n: usize, counting: bool) -> Result<Algorithm, Error> {
        let algorithm = match self.algorithm {
            Some(algorithm) => algorithm,
            None if self.trace => Algorithm::Backtrack,
            None if self.order.is_some() => Algorithm::Dlx,
            None if self.first && n > FIRST_BY_SEARCH_MAX => Algorithm::Construct,
            None => Algorithm::Bitboard,
        };
        let refuse = |job| Err(Error::Unsupported { algorithm, job });
        if self.trace && !matches!(algorithm, Algorithm::Backtrack | Algorithm::Bitboard) {
            return refuse("show its steps (backtrack and bitboard can)");
        }
        if self.order.is_some() && algorithm != Algorithm::Dlx {
            return refuse("take an order of rows and columns (dlx can)");
        }
        if counting && algorithm == Algorithm::Construct {
            return refuse("count: it gives one solution");
        }
        let shards = match algorithm {
            Algorithm::Bitboard => self.most().is_none() && !self.unique,
            Algorithm::Dlx => !self.unique,
            Algorithm::Backtrack | Algorithm::Construct => false,
        };
        if self.shard.is_some() && !shards {
            return refuse("count in shards (bitboard and dlx can, without a limit and not unique)");
        }
        Ok(algorithm)
    }
}

/// What [`list`] reports, in the order it happens.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Event<'a> {
    /// One step of the traced search (only with [`Config::trace`]).
    Step(Step),
    /// A solution: the column of the queen in each row, from 0.
    Solution {
        /// Its number among those listed, from 1.
        number: u64,
        /// The column of each row's queen, from 0.
        cols: &'a [usize],
    },
}

/// The trace's text, one line per event: `[1][2] = true`, … and
/// `solution 1: 2 4 1 3` (columns from 1).
impl fmt::Display for Event<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Event::Step(step) => step.fmt(f),
            Event::Solution { number, cols } => write!(f, "solution {number}: {}", render::columns(cols)),
        }
    }
}

/// What a listing did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Listed {
    /// The solutions listed.
    pub solutions: u64,
    /// The search's statistics: the engine's for [`Algorithm::Dlx`] (DLX1's
    /// nodes and updates), the nodes and solutions visited for
    /// [`Algorithm::Backtrack`] and [`Algorithm::Bitboard`] (both walk the
    /// same tree: see [`crate::Tally`]); none for the construction.
    pub stats: Option<Stats>,
}

/// Lists the solutions of an `n`×`n` board as [`Config`] says, handing each to
/// `on_event` (and each step of the search too, when tracing) until it returns
/// `Break`, the limit is reached or the monitor is stopped.
pub fn list<E>(n: usize, config: &Config, on_event: E) -> Result<Listed, Error>
where
    E: FnMut(Event<'_>) -> ControlFlow<()>,
{
    let algorithm = config.choose(n, false)?;
    let most = config.most().unwrap_or(u64::MAX);
    let on_event = RefCell::new(on_event);
    let broken = Cell::new(false);
    let mut check = CanonicalCheck::new();
    let mut canonical = Vec::new();
    let mut listed = 0u64;
    let mut visitor = |cols: &[usize]| {
        if listed >= most || broken.get() || config.stopped() {
            return ControlFlow::Break(());
        }
        let cols = if !config.unique {
            cols
        } else if algorithm == Algorithm::Construct {
            // The formula's solution stands for its class by its canonical form.
            canonical = symmetry::canonical(cols).expect("a solution is a permutation");
            &canonical[..]
        } else if check.is_canonical(cols) {
            cols
        } else {
            return ControlFlow::Continue(());
        };
        listed += 1;
        let flow = (on_event.borrow_mut())(Event::Solution { number: listed, cols });
        if flow.is_break() || listed >= most { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
    };
    let mut trace = |step: Step| {
        if !broken.get() && (on_event.borrow_mut())(Event::Step(step)).is_break() {
            broken.set(true);
        }
    };
    let order = config.order.unwrap_or(Order::OrganPipe);
    let trace: Option<&mut dyn FnMut(Step)> = if config.trace { Some(&mut trace) } else { None };
    let stats = enumerate(n, order, algorithm, config.engine, config.monitor.as_ref(), trace, &mut visitor)?;
    Ok(Listed { solutions: listed, stats })
}

/// What a count found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Count {
    /// The solutions (of this shard, for a shard).
    pub total: u64,
    /// The unique solutions: counted by the bitboard counter always (but for a
    /// shard), by the others with [`Config::unique`].
    pub unique: Option<u64>,
    /// Eight times this shard's part of the unique solutions (the bitboard
    /// counter only): Burnside's sum, which only the whole can divide by 8.
    pub unique_times_8: Option<u64>,
    /// The search's statistics, as [`Listed::stats`] has them; none for the
    /// bitboard counter (it counts by symmetry classes, not row by row).
    pub stats: Option<Stats>,
    /// The engine that counted ([`Algorithm::Dlx`] only): `Links` or `Cells`.
    pub engine: Option<Engine>,
    /// The problem counted, as a shard record names it so that shards of
    /// different problems are not summed: `dlx:` and the cover model's
    /// fingerprint, or `queens:N:bitboard`.
    pub problem: String,
}

/// Counts the solutions of an `n`×`n` board as [`Config`] says, on
/// [`Config::threads`] threads. A stopped monitor stops it early, with a
/// partial count.
pub fn count(n: usize, config: &Config) -> Result<Count, Error> {
    let algorithm = config.choose(n, true)?;
    let mut pool = rayon::ThreadPoolBuilder::new();
    if let Some(threads) = config.threads {
        pool = pool.num_threads(threads);
    }
    let pool = pool.build().map_err(|e| Error::Threads(e.to_string()))?;
    pool.install(|| count_with(n, config, algorithm))
}

fn count_with(n: usize, config: &Config, algorithm: Algorithm) -> Result<Count, Error> {
    let most = config.most();
    let mut count = Count {
        total: 0,
        unique: None,
        unique_times_8: None,
        stats: None,
        engine: None,
        problem: format!("queens:{n}:bitboard"),
    };
    match algorithm {
        Algorithm::Bitboard if most.is_none() => {
            let (index, of) = config.shard.unwrap_or((0, 1));
            let counts = bitboard::count_shard(n, index, of, config.monitor.as_deref())?;
            count.total = counts.total;
            count.unique_times_8 = Some(counts.unique_times_8);
            count.unique = config.shard.is_none().then_some(counts.unique_times_8 / 8);
        }
        Algorithm::Dlx if n > 0 && !config.unique => {
            let model = CoverModel::new(n, config.order.unwrap_or(Order::OrganPipe))?;
            count.problem = model.problem().shard_id();
            let mut search =
                Search::new(model.problem()).engine(config.engine).limit(most).monitor(config.monitor.clone());
            if let Some(threads) = config.threads {
                search = search.threads(threads);
            }
            if let Some((index, of)) = config.shard {
                search = search.shard(index, of);
            }
            let counted = search.count().map_err(front_error)?;
            count.engine = Some(counted.report.engine);
            count.total = counted.solutions_u64().unwrap_or(u64::MAX);
            count.stats = Some(stats_of(&counted.report, count.total));
        }
        _ => {
            let most = most.unwrap_or(u64::MAX);
            let mut check = CanonicalCheck::new();
            let (mut total, mut unique) = (0, 0);
            let order = config.order.unwrap_or(Order::OrganPipe);
            count.stats = enumerate(n, order, algorithm, config.engine, config.monitor.as_ref(), None, &mut |cols| {
                total += 1;
                unique += u64::from(check.is_canonical(cols));
                if total >= most || config.stopped() { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
            })?;
            count.total = total;
            count.unique = Some(unique);
        }
    }
    Ok(count)
}

/// The front's error as the crate's.
fn front_error(error: SearchError) -> Error {
    match error {
        SearchError::Parallel(ParallelError::NoSuchShard { index, of }) => Error::NoSuchShard { index, of },
        SearchError::Parallel(other) => Error::Threads(other.to_string()),
        other => Error::Front(other.to_string()),
    }
}

/// The figures of the engine that answered as [`Stats`]: what it counts,
/// zero for what it does not (the sweep's updates).
fn stats_of(report: &Report, solutions: u64) -> Stats {
    let mut stats = match report.stats {
        EngineStats::Search(stats) => stats,
        ref other => Stats { nodes: other.nodes(), updates: other.updates().unwrap_or(0), ..Stats::default() },
    };
    stats.solutions = solutions;
    stats
}

/// Calls `visitor` with each solution the algorithm finds, in its order; returns
/// the statistics of the searches: the engine's for [`Algorithm::Dlx`], the
/// nodes and solutions visited ([`crate::Tally`]) for the row-by-row searches.
fn enumerate(
    n: usize,
    order: Order,
    algorithm: Algorithm,
    engine: Engine,
    monitor: Option<&Arc<Monitor>>,
    trace: Option<&mut dyn FnMut(Step)>,
    visitor: &mut dyn FnMut(&[usize]) -> ControlFlow<()>,
) -> Result<Option<Stats>, Error> {
    match algorithm {
        Algorithm::Backtrack | Algorithm::Bitboard => {
            let monitor = monitor.map(|m| &**m);
            let tally = match (algorithm, trace) {
                (Algorithm::Backtrack, Some(trace)) => backtrack::walk(n, monitor, visitor, trace)?,
                (Algorithm::Backtrack, None) => backtrack::walk(n, monitor, visitor, |_| {})?,
                (_, Some(trace)) => bitboard::walk(n, monitor, visitor, |step, _| trace(step))?,
                (_, None) => bitboard::walk(n, monitor, visitor, |_, _| {})?,
            };
            return Ok(Some(Stats { nodes: tally.nodes, solutions: tally.solutions, ..Stats::default() }));
        }
        Algorithm::Construct => {
            if let Some(cols) = construct::try_solution(n)? {
                let _ = visitor(&cols);
            }
        }
        // Knuth's format has no empty board; its one solution is the empty placement.
        Algorithm::Dlx if n == 0 => {
            let _ = visitor(&[]);
        }
        Algorithm::Dlx => {
            let model = CoverModel::new(n, order)?;
            let search = Search::new(model.problem()).engine(engine).threads(1).monitor(monitor.cloned());
            let mut listing = search.solutions().map_err(front_error)?;
            let mut cols = vec![0; n];
            let mut listed = 0;
            for solution in listing.by_ref() {
                listed += 1;
                model.placement_into(&solution, &mut cols);
                if visitor(&cols).is_break() {
                    break;
                }
            }
            return Ok(Some(stats_of(&listing.report(), listed)));
        }
    }
    Ok(None)
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use super::*;
    use crate::test_support::oeis;

    const ALGORITHMS: [Algorithm; 3] = [Algorithm::Dlx, Algorithm::Backtrack, Algorithm::Bitboard];

    fn listed(n: usize, config: &Config) -> Vec<Vec<usize>> {
        let mut all = Vec::new();
        list(n, config, |event| {
            if let Event::Solution { cols, .. } = event {
                all.push(cols.to_vec());
            }
            ControlFlow::Continue(())
        })
        .unwrap();
        all
    }

    /// Every method counts and lists what OEIS says, and lists the same
    /// solutions as the reference search.
    #[test]
    fn every_method_agrees_with_oeis_and_the_reference() {
        for (n, total, unique) in oeis(8) {
            let reference: BTreeSet<Vec<usize>> = backtrack::solutions(n).unwrap().into_iter().collect();
            for algorithm in ALGORITHMS {
                let config = Config::new().algorithm(Some(algorithm)).threads(Some(1));
                let counted = count(n, &config.clone().unique(true)).unwrap();
                assert_eq!((counted.total, counted.unique), (total, Some(unique)), "{algorithm}, n = {n}");
                assert_eq!(count(n, &config).unwrap().total, total, "{algorithm}, n = {n}");
                let all: BTreeSet<Vec<usize>> = listed(n, &config).into_iter().collect();
                assert_eq!(all, reference, "{algorithm}, n = {n}");
                let classes = listed(n, &config.clone().unique(true));
                assert_eq!(classes.len() as u64, unique, "{algorithm}, n = {n}");
                assert!(classes.iter().all(|cols| symmetry::is_canonical(cols).unwrap()));
            }
        }
    }

    #[test]
    fn limits_and_first() {
        let reference = backtrack::solutions(8).unwrap();
        assert_eq!(listed(8, &Config::new().limit(Some(3))), reference[..3]);
        assert_eq!(listed(8, &Config::new().first(true)), reference[..1]);
        assert_eq!(count(8, &Config::new().limit(Some(5))).unwrap().total, 5);
        // Beyond 30 the first solution comes from the formula, unless a search is named.
        let config = Config::new().first(true);
        assert_eq!(config.choose(31, false), Ok(Algorithm::Construct));
        assert_eq!(listed(40, &config), [construct::solution(40).unwrap()]);
        let unique = listed(40, &config.unique(true));
        assert_eq!(unique, [symmetry::canonical(&construct::solution(40).unwrap()).unwrap()]);
    }

    #[test]
    fn refusals_name_the_method() {
        let refused = |config: Config, counting| config.choose(8, counting).unwrap_err().to_string();
        assert!(refused(Config::new().trace(true).algorithm(Some(Algorithm::Dlx)), false).starts_with("the dlx"));
        assert!(
            refused(Config::new().order(Some(Order::Natural)).algorithm(Some(Algorithm::Bitboard)), true)
                .starts_with("the bitboard")
        );
        assert!(refused(Config::new().algorithm(Some(Algorithm::Construct)), true).contains("count"));
        assert!(
            refused(Config::new().shard(Some((0, 2))).algorithm(Some(Algorithm::Backtrack)), true).contains("shards")
        );
        assert!(matches!(count(8, &Config::new().shard(Some((2, 2)))), Err(Error::NoSuchShard { index: 2, of: 2 })));
    }

    /// Shards of either counter add up to the published count.
    #[test]
    fn shards_add_up() {
        let (n, total, unique) = oeis(9)[9];
        for algorithm in [Algorithm::Bitboard, Algorithm::Dlx] {
            for threads in [Some(1), None] {
                let parts: Vec<Count> = (0..3)
                    .map(|i| {
                        let config = Config::new().algorithm(Some(algorithm)).threads(threads).shard(Some((i, 3)));
                        count(n, &config).unwrap()
                    })
                    .collect();
                assert_eq!(parts.iter().map(|p| p.total).sum::<u64>(), total, "{algorithm}");
                if algorithm == Algorithm::Bitboard {
                    assert_eq!(parts.iter().map(|p| p.unique_times_8.unwrap()).sum::<u64>(), 8 * unique);
                } else {
                    assert!(parts.iter().all(|p| p.problem.starts_with("dlx:") && p.problem == parts[0].problem));
                }
            }
        }
    }

    /// The trace: every queen placed is removed again or part of a solution, and
    /// the solutions come in the reference order.
    #[test]
    fn trace_reports_steps_and_solutions() {
        let (mut depth, mut solutions) = (0i64, Vec::new());
        list(6, &Config::new().trace(true), |event| {
            match event {
                Event::Step(Step::Place { .. }) => depth += 1,
                Event::Step(Step::Remove { .. }) => depth -= 1,
                Event::Step(Step::DeadEnd { .. }) => {}
                Event::Solution { number, cols } => {
                    assert_eq!(depth, 6);
                    solutions.push((number, cols.to_vec()));
                }
            }
            ControlFlow::Continue(())
        })
        .unwrap();
        assert_eq!(depth, 0);
        let reference: Vec<(u64, Vec<usize>)> = (1..).zip(backtrack::solutions(6).unwrap()).collect();
        assert_eq!(solutions, reference);
    }
}
