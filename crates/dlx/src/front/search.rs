//! The builder every question goes through ([`Search`]), its answers and
//! their report ([`Report`], [`EngineStats`]), and the questions other than
//! the count (which has a module of its own, for its rule).

use std::ops::ControlFlow;
use std::sync::{Arc, Mutex};

use crate::costs::{CostError, CostedSolution, MinCost};
use crate::dc::{Dc, DcError, DcSolutions};
use crate::memo::{BigUint, DEFAULT_LIMIT_BYTES, Memo, MemoError, MemoStats, Zdd};
use crate::parallel::{Parallel, ParallelError, Slices};
use crate::solver::{IntoSolutions, Solver};
use crate::sweep::{self, DEFAULT_CACHE_BYTES, Lister, SweepError};
use crate::util::engine::{Question, Refusal, Refused, Shape};
use crate::util::monitor::Monitor;
use crate::util::problem::{Item, OptionId, Problem};
use crate::util::search::{Branching, Config, Engine, Weights};
use crate::util::stats::Stats;

/// What the choice of engine did, for the record (and for tests: every
/// figure is a count, the same on every run).
#[derive(Clone, Debug, Default, PartialEq)]
#[non_exhaustive]
pub struct Choice {
    /// The memo's probe: its figures, when it ran.
    pub probe: Option<MemoStats>,
    /// Knuth's estimate of the sweep's nodes, when made.
    pub sweep_estimate: Option<f64>,
    /// Knuth's estimates of the nodes and updates of the search by fewest
    /// options, when made.
    pub fewest_estimate: Option<(f64, f64)>,
    /// The nodes and updates the memo was allowed in its turn, when it had
    /// one.
    pub memo_budget: Option<(u64, u64)>,
    /// The engine that gave way to the one that answered (the memo after its
    /// turn or over its memory limit, the sweep past 64 bits).
    pub gave_way: Option<Engine>,
    /// The sweep's order of the primary items, when the sweep counted.
    pub sweep_order: Option<Vec<Item>>,
    /// Whether the engine (and the sweep's order) came from the report of
    /// another count ([`Search::reuse`]) instead of the rule.
    pub reused: bool,
    /// The threads the engine searched on, when fewer than the question
    /// would use: an engine the capability table runs on one thread (memo,
    /// dc), binary branching (its search is one subproblem that no split
    /// shares out, see [`Branching::Binary`]).
    pub fewer_threads: Option<usize>,
    /// Why, and anything else the plan noted that a user should hear
    /// (threads asked for cut down to the machine's).
    pub notes: Vec<String>,
    /// The engines that raced the one that answered and lost (none when it
    /// ran alone).
    pub raced: Vec<Engine>,
}

/// Why the front could not answer.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum SearchError {
    /// The engine asked for cannot do what was asked: answer the question
    /// (the sweep has no search by cost; only the memo samples), in shards
    /// or slices, with a knob (binary branching off the cells engine, the
    /// sharp preference off links, cells and bits), or on a problem of this
    /// kind (bounds that can bind, colours, too many items). The words are
    /// the capability table's ([`crate::engine`]), the same at every door.
    #[error(transparent)]
    Refused(#[from] Refusal),
    /// The engine asked for does not take bounds that can bind
    /// ([`crate::engine::Refused::Bounds`]), and this item's may (the first
    /// that [`crate::rewrite`] could not prove never binds).
    #[error("{refusal} (item `{item}` has bounds {lower}:{upper})")]
    BoundsThatBind {
        /// The table's refusal.
        refusal: Refusal,
        /// The item's name.
        item: String,
        /// Its lower bound.
        lower: u32,
        /// Its upper bound.
        upper: u32,
    },
    /// The memo cannot answer (bounds on items, its memory limit).
    #[error(transparent)]
    Memo(#[from] MemoError),
    /// The sweep, asked for by name, does not take the problem.
    #[error(transparent)]
    Sweep(#[from] SweepError),
    /// The parallel search failed, or the shard asked for does not exist.
    #[error(transparent)]
    Parallel(#[from] ParallelError),
    /// The cheapest solutions cannot be searched (bounds on items, threads).
    #[error(transparent)]
    Costs(#[from] CostError),
    /// The domain-consistent search does not take the problem (bounds).
    #[error(transparent)]
    Dc(#[from] DcError),
    /// An estimate asked for no probes ([`Search::estimate`]).
    #[error("an estimate needs at least one probe")]
    NoProbes,
    /// An owned listing ([`Search::solutions`]) in shards or slices: a
    /// listing of a shard is visited ([`Search::visit`]).
    #[error("solutions are listed one at a time from the whole problem: visit a shard's instead")]
    OwnedShards,
    /// Weights asked for without binary branching, which they serve
    /// ([`Search::check`]).
    #[error(
        "weights without binary branching: they choose the item binary branching branches on; ask for binary branching on the cells engine too"
    )]
    WeightsWithoutBinary,
}

/// The sweep's figures: it counts nodes and solutions, no updates (a
/// listing's solutions are those listed).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct SweepStats {
    /// Nodes: one for each option tried on the first uncovered item, and the
    /// root.
    pub nodes: u64,
    /// The solutions counted, at most `u64::MAX` (the count's solutions
    /// are exact past it).
    pub solutions: u64,
}

/// The statistics of the engine that answered, and only those it counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum EngineStats {
    /// Links, cells, bits or dc: nodes, updates, cleansings and solutions,
    /// as [`Engine`] says each counts them (dc: no cleansings).
    Search(Stats),
    /// The cheapest-solutions search ([`MinCost`]): nodes and solutions met,
    /// and on the links DLX5's updates and cleansings (`updates` is `None`
    /// on bitset frames, which do not count them).
    Costs {
        /// Nodes and solutions met (updates and cleansings zero on frames).
        stats: Stats,
        /// The search it ran on: [`Engine::Links`] or [`Engine::Bits`].
        on: Engine,
    },
    /// The memo's figures (DLX6's).
    Memo(MemoStats),
    /// The sweep's.
    Sweep(SweepStats),
}

impl EngineStats {
    /// The nodes, as the engine counts them.
    pub fn nodes(&self) -> u64 {
        match self {
            EngineStats::Search(stats) | EngineStats::Costs { stats, .. } => stats.nodes,
            EngineStats::Memo(memo) => memo.nodes,
            EngineStats::Sweep(sweep) => sweep.nodes,
        }
    }

    /// The updates, when the engine counts them.
    pub fn updates(&self) -> Option<u64> {
        match self {
            EngineStats::Search(stats) => Some(stats.updates),
            EngineStats::Costs { stats, on: Engine::Links } => Some(stats.updates),
            EngineStats::Memo(memo) => Some(memo.updates),
            EngineStats::Costs { .. } | EngineStats::Sweep(_) => None,
        }
    }

    /// Every figure the engine counts, by name (`nodes`, `updates`,
    /// `cleansings`; the memo's `memos`, `hits` and `zdd_nodes`), in the
    /// order a report prints them: what a command line or a binding shows.
    /// The solutions are the answer's, not here.
    pub fn figures(&self) -> Vec<(&'static str, u64)> {
        match *self {
            EngineStats::Search(s) | EngineStats::Costs { stats: s, on: Engine::Links } => {
                vec![("nodes", s.nodes), ("updates", s.updates), ("cleansings", s.cleansings)]
            }
            EngineStats::Costs { stats, .. } => vec![("nodes", stats.nodes)],
            EngineStats::Memo(m) => vec![
                ("nodes", m.nodes),
                ("updates", m.updates),
                ("cleansings", m.cleansings),
                ("zdd_nodes", m.zdd_nodes()),
                ("memos", m.memos),
                ("hits", m.hits),
            ],
            EngineStats::Sweep(s) => vec![("nodes", s.nodes)],
        }
    }
}

/// What every answer of the front carries: the engine that answered (never
/// `Auto`), its statistics, and how the question ended.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct Report {
    /// The engine that answered.
    pub engine: Engine,
    /// Its statistics, and only those it counts.
    pub stats: EngineStats,
    /// Whether the monitor stopped it: the answer is then what it had so far.
    pub interrupted: bool,
    /// Whether it stopped at the limit on the solutions.
    pub limit_reached: bool,
    /// What the choice of engine did (for a count by `auto`; empty else).
    pub choice: Choice,
    /// How the engine branched: [`Branching::Binary`] when the cells engine
    /// branched two ways (asked for, or chosen by `auto` for bounds),
    /// [`Branching::Dlx`] for every other answer.
    pub branching: Branching,
    /// The weights of binary branching ([`Weights::Off`] without it).
    pub weights: Weights,
}

impl Report {
    /// The report of `engine`'s answer with these statistics, finished (not
    /// interrupted, no limit reached): for a door that asks a diagram
    /// ([`Search::zdd`]) more questions and reports them as the front does.
    pub fn new(engine: Engine, stats: EngineStats) -> Report {
        Report {
            engine,
            stats,
            interrupted: false,
            limit_reached: false,
            choice: Choice::default(),
            branching: Branching::Dlx,
            weights: Weights::Off,
        }
    }
}

/// The number of solutions, from [`Search::count`].
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct Counted {
    /// The number of solutions (at most the limit, when one was set); when
    /// interrupted, those counted so far.
    pub solutions: BigUint,
    /// The engine that counted and how.
    pub report: Report,
}

impl Counted {
    /// The solutions, when they fit 64 bits.
    pub fn solutions_u64(&self) -> Option<u64> {
        u64::try_from(&self.solutions).ok()
    }
}

/// The first solution, from [`Search::first`].
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct Found {
    /// The solution's options, if there is one.
    pub solution: Option<Vec<OptionId>>,
    /// The engine that searched and how.
    pub report: Report,
}

/// The cheapest solutions, from [`Search::best`].
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct Ranked {
    /// At most `k` solutions in increasing order of cost (and of their
    /// options' numbers among equal costs).
    pub solutions: Vec<CostedSolution>,
    /// How many solutions there are, when the engine knows (the memo).
    pub count: Option<BigUint>,
    /// The engine that searched and how.
    pub report: Report,
}

impl Ranked {
    /// The costs of the solutions, in increasing order.
    pub fn costs(&self) -> Vec<u64> {
        self.solutions.iter().map(|s| s.cost).collect()
    }
}

/// Solutions drawn at random, from [`Search::sample`].
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct Sampled {
    /// The solutions drawn (none when there is none to draw).
    pub solutions: Vec<Vec<OptionId>>,
    /// How many solutions there are to draw from.
    pub count: BigUint,
    /// The engine that drew them (the memo) and how.
    pub report: Report,
}

/// Every question asked of one problem, configured with builder-style
/// setters; each question chooses the engine, runs it and falls back by
/// itself, and answers with a [`Report`].
///
/// The knobs are the same for every question, and each question uses those
/// that concern it:
///
/// - [`engine`](Search::engine): `Auto` (the default) lets the front
///   choose; an engine that cannot answer a question is refused
///   ([`SearchError::Refused`]), never replaced by another.
/// - [`threads`](Search::threads): counts run on every core unless told
///   otherwise, the other questions on one (solutions are then in the
///   search's order); listing on several threads gives them in no particular
///   order. The memo runs on one thread whatever is asked (one thread
///   asked is fine), the owned iterator ([`solutions`](Search::solutions))
///   too.
/// - [`limit`](Search::limit): the most solutions counted or listed.
/// - [`shard`](Search::shard) or [`slice`](Search::slice): one part of a
///   count or a listing split across machines (on links, cells or bits; a
///   listing by the sweep in shards too, never slices).
/// - [`monitor`](Search::monitor): progress, and a stop.
/// - [`memo_bytes`](Search::memo_bytes),
///   [`sweep_cache_bytes`](Search::sweep_cache_bytes),
///   [`memo_problem`](Search::memo_problem): the memo's and the sweep's
///   memory, and their order of items.
///
/// ```
/// use std::ops::ControlFlow;
/// use quadrille_dlx::front::{EngineStats, Search};
/// use quadrille_dlx::{Engine, Problem};
///
/// let problem = Problem::from_knuth("A B C D E | F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n")?;
/// // The first solution (level by level, as the search chose its options),
/// // and the engine that found it.
/// let found = Search::new(&problem).first()?;
/// let lines: Vec<String> = found.solution.unwrap().iter().map(|&o| problem.format_option(o)).collect();
/// assert_eq!(lines, ["A D", "C E F", "B G"]);
/// assert_eq!(found.report.engine, Engine::Bits);
/// // Every solution, without allocating, and the links' statistics (DLX1's).
/// let mut seen = 0;
/// let report = Search::new(&problem).engine(Engine::Links).visit(|_| {
///     seen += 1;
///     ControlFlow::Continue(())
/// })?;
/// assert_eq!(seen, 1);
/// let EngineStats::Search(stats) = report.stats else { unreachable!() };
/// assert_eq!((stats.nodes, stats.updates), (6, 30));
/// // The sweep lists too, each solution's options in the order it chose them.
/// let swept = Search::new(&problem).engine(Engine::Sweep).first()?;
/// assert_eq!(swept.solution.map(|s| s.len()), Some(3));
/// assert_eq!(swept.report.engine, Engine::Sweep);
/// // Only the memo samples.
/// let refused = Search::new(&problem).engine(Engine::Sweep).sample(1, 0).unwrap_err();
/// assert_eq!(refused.to_string(), "the sweep engine cannot draw solutions at random: memo does");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Search<'p> {
    pub(super) problem: &'p Problem,
    pub(super) memo_problem: Option<&'p Problem>,
    pub(super) engine: Engine,
    pub(super) threads: Option<usize>,
    pub(super) limit: Option<u64>,
    pub(super) shard: Option<(u32, u32)>,
    pub(super) slices: Option<(&'p Slices, u32)>,
    pub(super) monitor: Option<Arc<Monitor>>,
    pub(super) memo_bytes: usize,
    pub(super) sweep_cache_bytes: usize,
    pub(super) branching: Branching,
    pub(super) weights: Weights,
    pub(super) reuse: Option<Report>,
}

impl<'p> Search<'p> {
    /// Questions about `problem`: engine `auto`, threads as the question
    /// suits, no limit, the whole problem, no monitor, the default memory.
    pub fn new(problem: &'p Problem) -> Search<'p> {
        Search {
            problem,
            memo_problem: None,
            engine: Engine::Auto,
            threads: None,
            limit: None,
            shard: None,
            slices: None,
            monitor: None,
            memo_bytes: DEFAULT_LIMIT_BYTES,
            sweep_cache_bytes: DEFAULT_CACHE_BYTES,
            branching: Branching::Dlx,
            weights: Weights::Off,
            reuse: None,
        }
    }

    /// A count by `auto` that takes the engine of `report`'s count, and the
    /// sweep's order when the sweep counted, instead of choosing again: for
    /// problems of the same items that differ in some options (the classes
    /// of a packing, each with its own placements of one piece), whose
    /// choice would come out alike. The answer is exact whatever the order;
    /// an order that does not fit the problem, or a count the memo
    /// answered, leaves the choice to the rule. Other questions, and counts
    /// with a limit, in shards or slices, ignore it.
    ///
    /// ```
    /// use quadrille_dlx::front::Search;
    /// use quadrille_dlx::{Engine, Problem};
    ///
    /// let first = Problem::from_knuth("a b c\na b\nc\na\nb c\n")?;
    /// let counted = Search::new(&first).count()?;
    /// assert_eq!(counted.solutions_u64(), Some(2)); // a b, c; and a, b c
    /// // The same items, one option fewer (b c): counted as the first was.
    /// let second = Problem::from_knuth("a b c\na b\nc\na\n")?;
    /// let again = Search::new(&second).reuse(&counted.report).count()?;
    /// assert_eq!((again.solutions_u64(), again.report.engine), (Some(1), counted.report.engine));
    /// assert!(again.report.choice.reused);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn reuse(mut self, report: &Report) -> Search<'p> {
        self.reuse = Some(report.clone());
        self
    }

    /// How the cells engine branches ([`Config::branching`]): binary
    /// branching is asked for with [`Engine::Cells`], and refused on every
    /// other engine ([`Search::check`]).
    pub fn branching(mut self, branching: Branching) -> Search<'p> {
        self.branching = branching;
        self
    }

    /// The weights of binary branching ([`Config::weights`]): refused
    /// without it ([`Search::check`]).
    pub fn weights(mut self, weights: Weights) -> Search<'p> {
        self.weights = weights;
        self
    }

    /// The engine (`Auto` by default).
    pub fn engine(mut self, engine: Engine) -> Search<'p> {
        self.engine = engine;
        self
    }

    /// The engine asked for (`Auto` unless [`Search::engine`] set another).
    pub fn asked_engine(&self) -> Engine {
        self.engine
    }

    /// The threads (0: one per core). Without this call, counts and the
    /// cheapest solutions use every core and the other questions one.
    pub fn threads(mut self, threads: usize) -> Search<'p> {
        self.threads = Some(threads);
        self
    }

    /// Counts or lists at most `limit` solutions.
    pub fn limit(mut self, limit: Option<u64>) -> Search<'p> {
        self.limit = limit;
        self
    }

    /// Only shard `index` of `of` (from 0, `of` at most
    /// [`MAX_SHARDS`](crate::parallel::MAX_SHARDS)): the shards of one
    /// problem, on any machines, count and list the whole between them
    /// ([`Parallel::shard`]). Checked when a question is asked.
    pub fn shard(mut self, index: u32, of: u32) -> Search<'p> {
        self.shard = Some((index, of));
        self
    }

    /// Only slice `index` of `slices`, a split made before
    /// ([`Parallel::slice`]): a shard without splitting again. The search
    /// runs on the engine the slices were made for.
    pub fn slice(mut self, slices: &'p Slices, index: u32) -> Search<'p> {
        self.slices = Some((slices, index));
        self
    }

    /// The split into `of` slices that [`Search::shard`] counts, on the
    /// search this one runs (links, cells or bits), made once to run many of
    /// its slices ([`Search::slice`], [`Slices::visit_each`]). Engines that
    /// do not split (memo, sweep, costs, dc) are refused, in the capability
    /// table's words.
    pub fn slices(&self, of: u32) -> Result<Slices, SearchError> {
        self.check()?;
        if !self.engine.capabilities().slices.contains(Question::Count) {
            return Err(Refusal { engine: self.engine, what: Refused::Slices(Question::Count) }.into());
        }
        Ok(Parallel::new(self.problem).threads(1).config(self.config(self.search_engine())).slices(of)?)
    }

    /// Reports to `monitor`; when it is stopped, the question ends with what
    /// it had so far, marked interrupted.
    pub fn monitor(mut self, monitor: Option<Arc<Monitor>>) -> Search<'p> {
        self.monitor = monitor;
        self
    }

    /// The most bytes the memo may hold ([`Memo::with_limit_bytes`]; 1 GiB by
    /// default). The sweep's caches grow within it too, all threads
    /// together, as far as their states keep coming
    /// ([`CACHE_GROWTH_BYTES`](crate::sweep::CACHE_GROWTH_BYTES)), and its
    /// count by frontiers holds its states within it
    /// ([`Sweep::count_by_frontiers`](crate::sweep::Sweep::count_by_frontiers)).
    pub fn memo_bytes(mut self, bytes: usize) -> Search<'p> {
        self.memo_bytes = bytes;
        self
    }

    /// The bytes of each thread's cache of the sweep when it starts
    /// ([`Sweep::cache_bytes`](crate::sweep::Sweep::cache_bytes)).
    pub fn sweep_cache_bytes(mut self, bytes: usize) -> Search<'p> {
        self.sweep_cache_bytes = bytes;
        self
    }

    /// `sweep` with this search's memory: its caches start at
    /// [`Search::sweep_cache_bytes`] and grow, all threads together, within
    /// [`Search::memo_bytes`].
    pub(super) fn sweep_memory(&self, sweep: sweep::Sweep) -> sweep::Sweep {
        let most = self.memo_bytes;
        sweep.cache_bytes(self.sweep_cache_bytes.min(most)).growth_bytes(most)
    }

    /// The problem the memo and the sweep run on: the same options in the
    /// same order, its items perhaps declared in another order (a
    /// packing's, ordered to keep the subproblems they meet few). The
    /// memo's choice of item breaks ties by that order, and the sweep
    /// tries it as a candidate: the Aztec diamond of order 14, declared
    /// along a diagonal, is counted by the sweep in 1.2 million nodes
    /// (0.23 s); declared in rows, whose frontiers are twice as wide, it
    /// takes the memo past 1 GiB, and the sweep more than a minute.
    pub fn memo_problem(mut self, problem: &'p Problem) -> Search<'p> {
        self.memo_problem = Some(problem);
        self
    }

    /// The problem the sweep runs on: [`Search::memo_problem`]'s when one
    /// was given, its solutions the same options.
    pub(super) fn swept_problem(&self) -> &'p Problem {
        self.memo_problem.unwrap_or(self.problem)
    }

    /// Refuses the knobs the engine asked for does not take, rather than
    /// ignore them, in the capability table's words ([`crate::engine`]):
    /// binary branching ([`Search::branching`]) and its weights on any
    /// engine but [`Engine::Cells`] (named: `auto` may choose another), the
    /// sharp preference ([`Problem::with_sharp_preference`]) off links,
    /// cells and bits; weights without binary branching; binary branching
    /// on a problem with the sharp preference (its choice of item has no
    /// rule for sharp items). Every question checks first
    /// ([`Search::admit`]); a door may check before it reads the rest of
    /// its input.
    ///
    /// ```
    /// use quadrille_dlx::front::Search;
    /// use quadrille_dlx::{Branching, Engine, Problem, Weights};
    ///
    /// let problem = Problem::from_knuth("a b\na\nb\n")?;
    /// let binary = Search::new(&problem).branching(Branching::Binary);
    /// assert_eq!(
    ///     binary.clone().engine(Engine::Links).count().unwrap_err().to_string(),
    ///     "the links engine does not take binary branching or weights: cells does"
    /// );
    /// assert_eq!(binary.engine(Engine::Cells).weights(Weights::Frb).count()?.solutions_u64(), Some(1));
    /// assert!(Search::new(&problem).engine(Engine::Cells).weights(Weights::Frb).check().is_err());
    /// let sharp = problem.with_sharp_preference(true);
    /// assert_eq!(
    ///     Search::new(&sharp).engine(Engine::Dc).check().unwrap_err().to_string(),
    ///     "the dc engine does not follow the sharp preference: links, cells and bits do"
    /// );
    /// let refused = Search::new(&sharp).engine(Engine::Cells).branching(Branching::Binary).check().unwrap_err();
    /// assert!(refused.to_string().starts_with("the cells engine does not take the sharp preference with binary branching"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn check(&self) -> Result<(), SearchError> {
        let caps = self.engine.capabilities();
        let binary = self.branching == Branching::Binary;
        let refuse = |what| Err(SearchError::Refused(Refusal { engine: self.engine, what }));
        if (binary || self.weights != Weights::Off) && !caps.branching {
            return refuse(Refused::Branching);
        }
        if self.weights != Weights::Off && !binary {
            return Err(SearchError::WeightsWithoutBinary);
        }
        if self.problem.sharp_preference() && !caps.sharp {
            return refuse(Refused::Sharp);
        }
        if binary && self.problem.sharp_preference() {
            return refuse(Refused::SharpWithBinary);
        }
        Ok(())
    }

    /// Refuses what the engine asked for cannot do for `question`, in the
    /// capability table's words ([`crate::engine`]): the knobs
    /// ([`Search::check`]), the question itself, in shards or slices, and
    /// the problem (bounds that can bind, colours, more options or items
    /// than it holds). `auto` takes everything the table lets it; the plan
    /// then picks among the engines that do.
    ///
    /// ```
    /// use quadrille_dlx::front::Search;
    /// use quadrille_dlx::{Engine, Problem, Question};
    ///
    /// let problem = Problem::from_knuth("a | x\na x:1\na x:2\n")?;
    /// assert_eq!(
    ///     Search::new(&problem).engine(Engine::Sweep).admit(Question::Count).unwrap_err().to_string(),
    ///     "the sweep engine does not take colours: links, cells, bits, costs, memo and dc do"
    /// );
    /// assert_eq!(
    ///     Search::new(&problem).engine(Engine::Memo).shard(0, 2).admit(Question::Count).unwrap_err().to_string(),
    ///     "the memo engine cannot count solutions in shards: links, cells and bits do"
    /// );
    /// assert!(Search::new(&problem).admit(Question::Sample).is_ok());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn admit(&self, question: Question) -> Result<(), SearchError> {
        self.check()?;
        let caps = self.engine.capabilities();
        let refuse = |what| Err(SearchError::Refused(Refusal { engine: self.engine, what }));
        if !caps.answers(question) {
            return refuse(Refused::Question(question));
        }
        if self.shard.is_some() && !caps.shards(question) {
            return refuse(Refused::Shards(question));
        }
        if self.slices.is_some() && !caps.slices.contains(question) {
            return refuse(Refused::Slices(question));
        }
        if let Some(refusal) = caps.refusal_of_problem(&self.shape()) {
            if refusal.what == Refused::Bounds {
                // Name the item: the first whose bounds may bind.
                let p = self.problem;
                let rewritten = p.rewrite_bounds();
                if let Some(kept) = rewritten.kept() {
                    let (lower, upper) = kept.bounds;
                    return Err(SearchError::BoundsThatBind { refusal, item: kept.name.clone(), lower, upper });
                }
            }
            return Err(refusal.into());
        }
        Ok(())
    }

    /// What the capability table asks of the problem.
    pub(super) fn shape(&self) -> Shape {
        let p = self.problem;
        Shape {
            binding_bounds: p.has_bounds(),
            colours: p.has_colors(),
            sharp: p.sharp_preference(),
            binary: self.branching == Branching::Binary,
            options: p.n_options(),
            items: p.n_items(),
        }
    }

    /// The first solution (in the search's order on one thread). `auto`
    /// looks for it on the search [`Engine::resolve`] picks (see
    /// [`visit`](Search::visit)); the sweep looks when asked.
    pub fn first(&self) -> Result<Found, SearchError> {
        let mut solution = None;
        let report = self.visit_some(false, |found| {
            solution = Some(found.to_vec());
            ControlFlow::Break(())
        })?;
        Ok(Found { solution, report })
    }

    /// Calls `visitor` with every solution (up to the limit) until it returns
    /// `Break`. On links, cells or bits, the sweep, or the memo (its
    /// diagram's order) when asked; by `auto`, without a limit or a shard, on
    /// the sweep or the search as the rule of listings weighs them (Knuth's
    /// estimates of the two trees, as for a count), else on the search
    /// [`Engine::resolve`] picks. The sweep gives each solution's options in
    /// the order it chose them (by the first of their items in
    /// [`Sweep::order`](crate::sweep::Sweep::order)), the search in the order
    /// of its levels. On several threads when asked, one call at a time, in
    /// no particular order.
    ///
    /// ```
    /// use std::ops::ControlFlow;
    /// use quadrille_dlx::front::Search;
    /// use quadrille_dlx::{Engine, Problem};
    ///
    /// // Four people in two pairs: three ways.
    /// let problem = Problem::from_knuth("a b c d\na b\nc d\na c\nb d\na d\nb c\n")?;
    /// for engine in [Engine::Auto, Engine::Links, Engine::Cells, Engine::Memo, Engine::Sweep] {
    ///     let mut pairs = Vec::new();
    ///     let report = Search::new(&problem).engine(engine).threads(1).visit(|solution| {
    ///         let mut solution = solution.to_vec();
    ///         solution.sort();
    ///         pairs.push(solution);
    ///         ControlFlow::Continue(())
    ///     })?;
    ///     pairs.sort();
    ///     assert_eq!(pairs.len(), 3);
    ///     assert_ne!(report.engine, Engine::Auto);
    /// }
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn visit<F>(&self, visitor: F) -> Result<Report, SearchError>
    where
        F: FnMut(&[OptionId]) -> ControlFlow<()> + Send,
    {
        self.visit_some(true, visitor)
    }

    /// [`Search::visit`], for every solution (`whole`) or the first: the
    /// rule for `auto` weighs the sweep only for every solution.
    fn visit_some<F>(&self, whole: bool, visitor: F) -> Result<Report, SearchError>
    where
        F: FnMut(&[OptionId]) -> ControlFlow<()> + Send,
    {
        let mut report = self.visit_asked(whole, visitor)?;
        self.note_threads(Question::List, &mut report);
        Ok(report)
    }

    /// [`Search::visit_some`], before the threads are noted in its report.
    fn visit_asked<F>(&self, whole: bool, mut visitor: F) -> Result<Report, SearchError>
    where
        F: FnMut(&[OptionId]) -> ControlFlow<()> + Send,
    {
        self.check()?;
        if let Some(unbounded) = self.unbounded(self.engine) {
            return Ok(unbounded.restore(unbounded.search(self).visit_asked(whole, visitor)?));
        }
        self.admit(if whole { Question::List } else { Question::First })?;
        match self.engine {
            Engine::Memo => {
                let zdd = self.memo().build()?;
                let mut seen = 0;
                for solution in zdd.solutions() {
                    if self.limit.is_some_and(|limit| seen >= limit) {
                        break;
                    }
                    seen += 1;
                    if visitor(&solution).is_break() {
                        break;
                    }
                }
                let limit_reached = self.limit.is_some_and(|limit| seen >= limit);
                return Ok(self.report(Engine::Memo, EngineStats::Memo(*zdd.stats()), limit_reached));
            }
            Engine::Dc => {
                let mut dc = self.dc()?;
                dc.visit(visitor);
                return Ok(self.dc_report(&dc));
            }
            _ => {}
        }
        let mut choice = Choice::default();
        let engine = match self.lister(whole, &mut choice)? {
            Lists::Sweep(lister) => return self.sweep_visit(&lister, choice, visitor),
            Lists::Interrupted(engine) => return Ok(self.stopped_listing(engine, choice)),
            Lists::Search(engine) => engine,
        };
        let threads = self.threads_for(Question::List, engine).0;
        let stats = if self.sharded() || threads > 1 {
            let visitor = Mutex::new(visitor);
            self.parallel(engine, threads)?.visit(|solution| {
                let mut visitor = visitor.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
                (*visitor)(solution)
            })?
        } else {
            let mut solver = Solver::with_config(self.problem, self.config(engine));
            solver.visit(visitor);
            solver.stats()
        };
        let mut report = self.search_report(engine, stats);
        report.choice = choice;
        Ok(report)
    }

    /// The solutions (up to the limit), one at a time, from an iterator that
    /// owns its search: it runs on one thread, on links, cells, bits or the
    /// sweep (as [`visit`](Search::visit) chooses for `auto`), or on the
    /// memo's diagram when asked. Its [`report`](Listing::report) is the
    /// search's so far.
    ///
    /// ```
    /// use quadrille_dlx::front::Search;
    /// use quadrille_dlx::{Engine, Problem};
    ///
    /// let problem = Problem::from_knuth("a b\na\nb\na b\n")?;
    /// let mut listing = Search::new(&problem).limit(Some(1)).solutions()?;
    /// assert_eq!(listing.next().map(|s| s.len()), Some(2));
    /// assert_eq!(listing.next(), None);
    /// assert!(listing.report().limit_reached);
    /// assert_eq!(Search::new(&problem).engine(Engine::Memo).solutions()?.count(), 2);
    /// assert_eq!(Search::new(&problem).engine(Engine::Sweep).solutions()?.count(), 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn solutions(&self) -> Result<Listing, SearchError> {
        self.check()?;
        if let Some(unbounded) = self.unbounded(self.engine) {
            return unbounded.search(self).solutions();
        }
        self.admit(Question::List)?;
        if self.sharded() {
            return Err(SearchError::OwnedShards);
        }
        let mut choice = Choice::default();
        let inner = if self.engine == Engine::Dc {
            Inner::Dc { solutions: Box::new(self.dc()?.into_solutions()) }
        } else if self.engine == Engine::Memo {
            let zdd = self.memo().build()?;
            let stats = *zdd.stats();
            Inner::Memo { solutions: Box::new(crate::memo::ZddSolutions::new(zdd)), stats, seen: 0 }
        } else {
            match self.lister(true, &mut choice)? {
                Lists::Sweep(lister) => {
                    Inner::Sweep { solutions: Box::new(lister.solutions(self.limit, self.monitor.clone())), choice }
                }
                Lists::Interrupted(engine) => Inner::Stopped { report: Box::new(self.stopped_listing(engine, choice)) },
                Lists::Search(engine) => {
                    let report = self.search_report(engine, Stats::default());
                    Inner::Search {
                        solutions: Solver::with_config(self.problem, self.config(engine)).into_solutions(),
                        engine,
                        branching: (report.branching, report.weights),
                    }
                }
            }
        };
        Ok(Listing { inner, limit: self.limit, monitor: self.monitor.clone() })
    }

    /// The `k` cheapest solutions, when options cost something (Knuth's
    /// DLX5): on the cheapest-solutions search ([`MinCost`]; `links` and
    /// `bits` choose its floor, `auto` and `costs` let it choose), or on the
    /// memo's diagram when asked. The answer does not depend on the engine
    /// or the threads (equal costs go by the options' numbers).
    ///
    /// ```
    /// use quadrille_dlx::front::Search;
    /// use quadrille_dlx::{Engine, Problem};
    ///
    /// let problem = Problem::from_knuth("A B\nA |2\nB |1\nA B |5\nB |4\n")?;
    /// let best = Search::new(&problem).best(3)?;
    /// assert_eq!((best.costs(), best.report.engine), (vec![3, 5, 6], Engine::Bits));
    /// assert_eq!(Search::new(&problem).engine(Engine::Memo).best(3)?.costs(), [3, 5, 6]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn best(&self, k: usize) -> Result<Ranked, SearchError> {
        self.check()?;
        if matches!(self.engine, Engine::Memo | Engine::Costs) {
            if let Some(unbounded) = self.unbounded(self.engine) {
                let mut ranked = unbounded.search(self).best(k)?;
                ranked.report = unbounded.restore(ranked.report);
                return Ok(ranked);
            }
        }
        self.admit(Question::Best)?;
        match self.engine {
            Engine::Memo => {
                let zdd = self.memo().build()?;
                let solutions = zdd
                    .best(k)?
                    .into_iter()
                    .map(|cheapest| CostedSolution { cost: cheapest.cost, options: cheapest.options })
                    .collect();
                let report = self.report(Engine::Memo, EngineStats::Memo(*zdd.stats()), false);
                Ok(Ranked { solutions, count: Some(zdd.count()), report })
            }
            engine => {
                let min_cost = MinCost::new(self.problem)
                    .engine(engine)
                    .threads(self.threads_for(Question::Best, engine).0)
                    .monitor(self.monitor.clone());
                let best = min_cost.best(k)?;
                let stats = EngineStats::Costs { stats: best.stats, on: min_cost.resolve() };
                let mut report = self.report(min_cost.resolve(), stats, false);
                report.interrupted = best.interrupted;
                self.note_threads(Question::Best, &mut report);
                Ok(Ranked { solutions: best.solutions, count: None, report })
            }
        }
    }

    /// `k` solutions drawn uniformly at random (independently, each solution
    /// equally likely), the same for the same seed on every machine: from the
    /// memo's diagram, the one engine that samples.
    ///
    /// ```
    /// use quadrille_dlx::front::Search;
    /// use quadrille_dlx::{Engine, Problem};
    ///
    /// let problem = Problem::from_knuth("a b c d\na b\nc d\na c\nb d\na d\nb c\n")?;
    /// let sampled = Search::new(&problem).sample(5, 7)?;
    /// assert_eq!((sampled.solutions.len(), sampled.count.to_string()), (5, "3".to_string()));
    /// assert_eq!(sampled.report.engine, Engine::Memo);
    /// assert!(Search::new(&problem).engine(Engine::Bits).sample(5, 7).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn sample(&self, k: usize, seed: u64) -> Result<Sampled, SearchError> {
        let zdd = self.zdd_for(Question::Sample)?;
        Ok(Sampled {
            solutions: zdd.sample(k, seed),
            count: zdd.count(),
            report: self.report(Engine::Memo, EngineStats::Memo(*zdd.stats()), false),
        })
    }

    /// The memo's diagram of every solution (a [`Zdd`], its statistics
    /// within): exact counts of any size, the solutions, samples, counts per
    /// option. Only the memo builds one.
    ///
    /// ```
    /// use quadrille_dlx::front::Search;
    /// use quadrille_dlx::Problem;
    ///
    /// let problem = Problem::from_knuth("A B C D E | F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n")?;
    /// let zdd = Search::new(&problem).zdd()?;
    /// assert_eq!((zdd.count_u64(), zdd.stats().nodes), (Some(1), 6));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn zdd(&self) -> Result<Zdd, SearchError> {
        self.zdd_for(Question::Diagram)
    }

    /// The diagram, for a question only the memo answers.
    fn zdd_for(&self, question: Question) -> Result<Zdd, SearchError> {
        self.check()?;
        if let Some(unbounded) = self.unbounded(Engine::Memo) {
            return unbounded.search(self).zdd_for(question);
        }
        self.admit(question)?;
        Ok(self.memo().build()?)
    }

    /// The domain-consistent search, with the limit and the monitor asked:
    /// one thread whatever the threads asked, never in shards (refused by
    /// [`Search::admit`]).
    pub(super) fn dc(&self) -> Result<Dc, SearchError> {
        Ok(Dc::new(self.problem)?.limit(self.limit).monitor(self.monitor.clone()))
    }

    /// The report of the domain-consistent search.
    pub(super) fn dc_report(&self, dc: &Dc) -> Report {
        let mut report = self.report(Engine::Dc, EngineStats::Search(dc.stats()), dc.limit_reached());
        report.interrupted |= dc.interrupted();
        report
    }

    /// Whether a shard or slice was asked for.
    pub(super) fn sharded(&self) -> bool {
        self.shard.is_some() || self.slices.is_some()
    }

    /// The search (links, cells or bits) that runs: the slices' when given,
    /// else [`Engine::resolve`]'s.
    pub(super) fn search_engine(&self) -> Engine {
        match self.slices {
            Some((slices, _)) => slices.engine(),
            None => self.engine.resolve_branching(self.problem, self.branching),
        }
    }

    /// A solver's configuration on `engine`.
    pub(super) fn config(&self, engine: Engine) -> Config {
        Config::new()
            .limit(self.limit)
            .monitor(self.monitor.clone())
            .engine(engine)
            .branching(self.branching)
            .weights(self.weights)
    }

    /// The parallel search on `engine`, on `threads` (as
    /// [`Search::threads_for`] resolved them), on the shard or slice asked
    /// for.
    pub(super) fn parallel(&self, engine: Engine, threads: usize) -> Result<Parallel<'p>, SearchError> {
        let mut parallel = Parallel::new(self.problem).threads(threads).config(self.config(engine));
        if let Some((slices, index)) = self.slices {
            parallel = parallel.slice(slices, index)?;
        } else if let Some((index, of)) = self.shard {
            parallel = parallel.shard(index, of)?;
        }
        Ok(parallel)
    }

    /// The memo, on the problem given for it.
    pub(super) fn memo(&self) -> Memo<'p> {
        Memo::new(self.memo_problem.unwrap_or(self.problem))
            .with_limit_bytes(self.memo_bytes)
            .monitor(self.monitor.clone())
    }

    pub(super) fn stopped(&self) -> bool {
        self.monitor.as_ref().is_some_and(|m| m.is_stopped())
    }

    /// A report of `engine`'s answer.
    pub(super) fn report(&self, engine: Engine, stats: EngineStats, limit_reached: bool) -> Report {
        Report { interrupted: self.stopped(), limit_reached, ..Report::new(engine, stats) }
    }

    /// The report of a search on links, cells or bits: with the branching
    /// and weights of the cells engine.
    pub(super) fn search_report(&self, engine: Engine, stats: Stats) -> Report {
        let limit_reached = self.limit.is_some_and(|limit| stats.solutions >= limit);
        let mut report = self.report(engine, EngineStats::Search(stats), limit_reached);
        if engine == Engine::Cells {
            (report.branching, report.weights) = (self.branching, self.weights);
        }
        report
    }

    /// Whether the search on `engine` (resolved) is one subproblem, run whole
    /// on one thread whatever the threads, and in slice 0 of shards: binary
    /// branching on the cells engine, whose tree depends on its history
    /// (see [`Branching::Binary`]).
    pub(super) fn searches_whole(&self, engine: Engine) -> bool {
        engine == Engine::Cells && self.branching == Branching::Binary
    }
}

/// The engine a listing runs on (chosen in the `list` module).
pub(super) enum Lists {
    /// The sweep, ready to list.
    Sweep(Lister),
    /// Links, cells or bits.
    Search(Engine),
    /// The monitor stopped the choice: nothing listed.
    Interrupted(Engine),
}

/// The solutions of a [`Search`], one at a time, from an iterator that owns
/// its search: made by [`Search::solutions`].
pub struct Listing {
    inner: Inner,
    limit: Option<u64>,
    monitor: Option<Arc<Monitor>>,
}

enum Inner {
    /// A search, and how it branched (for its report).
    Search {
        solutions: IntoSolutions,
        engine: Engine,
        branching: (Branching, Weights),
    },
    Memo {
        solutions: Box<crate::memo::ZddSolutions<Zdd>>,
        stats: MemoStats,
        seen: u64,
    },
    Sweep {
        solutions: Box<sweep::SweepSolutions>,
        choice: Choice,
    },
    Dc {
        solutions: Box<DcSolutions>,
    },
    Stopped {
        report: Box<Report>,
    },
}

impl Listing {
    /// The engine that lists, its statistics so far, and whether it stopped.
    pub fn report(&self) -> Report {
        let interrupted = self.monitor.as_ref().is_some_and(|m| m.is_stopped());
        let (engine, stats, seen) = match &self.inner {
            Inner::Stopped { report } => return (**report).clone(),
            Inner::Dc { solutions } => {
                let dc = solutions.search();
                let stats = EngineStats::Search(dc.stats());
                let (limit_reached, interrupted) = (dc.limit_reached(), interrupted || dc.interrupted());
                return Report { interrupted, limit_reached, ..Report::new(Engine::Dc, stats) };
            }
            Inner::Sweep { solutions, choice } => {
                let stats = solutions.stats();
                let stats = EngineStats::Sweep(SweepStats { nodes: stats.nodes, solutions: stats.solutions });
                let (limit_reached, choice) = (solutions.limit_reached(), choice.clone());
                return Report { interrupted, limit_reached, choice, ..Report::new(Engine::Sweep, stats) };
            }
            Inner::Search { solutions, engine, branching } => {
                let stats = solutions.stats();
                let (branching, weights) = *branching;
                let limit_reached = self.limit.is_some_and(|limit| stats.solutions >= limit);
                let report = Report::new(*engine, EngineStats::Search(stats));
                return Report { interrupted, limit_reached, branching, weights, ..report };
            }
            Inner::Memo { stats, seen, .. } => (Engine::Memo, EngineStats::Memo(*stats), *seen),
        };
        let limit_reached = self.limit.is_some_and(|limit| seen >= limit);
        Report { interrupted, limit_reached, ..Report::new(engine, stats) }
    }
}

impl Iterator for Listing {
    type Item = Vec<OptionId>;

    fn next(&mut self) -> Option<Vec<OptionId>> {
        match &mut self.inner {
            Inner::Search { solutions, .. } => solutions.next(),
            Inner::Sweep { solutions, .. } => solutions.next(),
            Inner::Dc { solutions } => solutions.next(),
            Inner::Stopped { .. } => None,
            Inner::Memo { solutions, seen, .. } => {
                if self.limit.is_some_and(|limit| *seen >= limit) {
                    return None;
                }
                let solution = solutions.next()?;
                *seen += 1;
                Some(solution)
            }
        }
    }
}

impl std::fmt::Debug for Listing {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Listing").field("report", &self.report()).finish()
    }
}
