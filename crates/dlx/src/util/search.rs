//! The words every floor of the crate speaks: a search's statistics, its
//! configuration, the names of the engines, and why a commitment or a descent
//! was refused. Engines and fronts import these; they import nothing above.

use std::sync::Arc;

use crate::util::monitor::Monitor;

/// Tuning for a [`Solver`](crate::Solver), set with builder-style methods.
///
/// ```
/// use quadrille_dlx::Config;
/// let config = Config::new().limit(Some(10));
/// assert_eq!(config.get_limit(), Some(10));
/// ```
#[derive(Clone, Debug, Default)]
pub struct Config {
    pub(crate) limit: Option<u64>,
    pub(crate) monitor: Option<Arc<Monitor>>,
    pub(crate) engine: Engine,
    pub(crate) branching: Branching,
    pub(crate) weights: Weights,
}

impl Config {
    /// The default configuration: no limit.
    pub fn new() -> Config {
        Config::default()
    }

    /// Stop after this many solutions (`None`: find them all).
    pub fn limit(mut self, limit: Option<u64>) -> Config {
        self.limit = limit;
        self
    }

    /// The limit on the number of solutions, if any.
    pub fn get_limit(&self) -> Option<u64> {
        self.limit
    }

    /// Report to this monitor while searching, and stop when it says so.
    pub fn monitor(mut self, monitor: Option<Arc<Monitor>>) -> Config {
        self.monitor = monitor;
        self
    }

    /// The monitor, if any.
    pub fn get_monitor(&self) -> Option<&Arc<Monitor>> {
        self.monitor.as_ref()
    }

    /// The engine to search with (the default is [`Engine::Auto`]; an engine
    /// that does not take the problem, such as the cells engine with bounds,
    /// gives way to the links engine, see [`Engine::resolve`]).
    pub fn engine(mut self, engine: Engine) -> Config {
        self.engine = engine;
        self
    }

    /// The engine asked for.
    pub fn get_engine(&self) -> Engine {
        self.engine
    }

    /// How the cells engine branches ([`Branching::Dlx`] by default; the
    /// other engines branch as [`Branching::Dlx`] does whatever this says).
    pub fn branching(mut self, branching: Branching) -> Config {
        self.branching = branching;
        self
    }

    /// The branching asked for.
    pub fn get_branching(&self) -> Branching {
        self.branching
    }

    /// The weights by which [`Branching::Binary`] chooses its item
    /// ([`Weights::Off`] by default: the smallest set).
    pub fn weights(mut self, weights: Weights) -> Config {
        self.weights = weights;
        self
    }

    /// The weights asked for.
    pub fn get_weights(&self) -> Weights {
        self.weights
    }

    /// The engine that runs `problem` under this configuration: the
    /// engine's [`Engine::resolve`], the cells engine taking bounds when it
    /// branches two ways.
    pub(crate) fn resolve(&self, problem: &crate::Problem) -> Engine {
        self.get_engine().resolve_branching(problem, self.get_branching())
    }
}

/// How the cells engine ([`Engine::Cells`]) branches at a node.
///
/// ```
/// use quadrille_dlx::{Branching, Config, Engine, Problem, Solver, Weights};
///
/// // Langford pairs for n = 3: two solutions (one and its reverse).
/// let problem = Problem::from_knuth(
///     "v1 v2 v3 s1 s2 s3 s4 s5 s6\n\
///      v1 s1 s3\nv1 s2 s4\nv1 s3 s5\nv1 s4 s6\n\
///      v2 s1 s4\nv2 s2 s5\nv2 s3 s6\nv3 s1 s5\nv3 s2 s6\n",
/// )?;
/// for weights in [Weights::Off, Weights::Frb, Weights::Wdeg] {
///     let config = Config::new().engine(Engine::Cells).branching(Branching::Binary).weights(weights);
///     assert_eq!(Solver::with_config(&problem, config).count(), 2);
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Branching {
    /// One branch per option of the item chosen (SSXCC's `d`-way branching).
    #[default]
    Dlx,
    /// Two branches on the item chosen and the first option of its set: take
    /// the option, or hide it (Knuth's SSXCC-BINARY; with [`Weights`], his
    /// SSXCC-FRB and SSXCC-WTD; with bounds declared, even `[1, 1]` only,
    /// his SSMCC and its weights, see
    /// [`Problem::declares_bounds`](crate::Problem::declares_bounds)).
    /// Nodes, updates and solutions equal those programs'.
    ///
    /// Its search is one subproblem: which option a node branches on
    /// depends on the order in which the subtrees searched before it left
    /// the sets (and with weights, its item on what they learned), so no
    /// subtree searched on its own is the one the whole search meets. On
    /// threads it runs on one (the front's report says so,
    /// [`Choice::fewer_threads`](crate::front::Choice::fewer_threads)); in
    /// shards, slice 0 holds the whole search and the others count nothing;
    /// either way the figures are the serial search's. It takes no descents
    /// ([`DescendError::Whole`]), and the front makes no estimate of its
    /// tree. It has no rule for sharp items
    /// ([`Problem::with_sharp_preference`](crate::Problem::with_sharp_preference)):
    /// a solver ignores the preference, and the front refuses it
    /// ([`Search::check`](crate::front::Search::check)).
    Binary,
}

impl Branching {
    /// Every branching, by name: for a command line and a binding.
    pub const ALL: [Branching; 2] = [Branching::Dlx, Branching::Binary];

    /// The branching's name: `dlx` or `binary`.
    pub fn name(self) -> &'static str {
        match self {
            Branching::Dlx => "dlx",
            Branching::Binary => "binary",
        }
    }
}

/// The weights by which [`Branching::Binary`] chooses the item to branch on
/// when none is forced: the item whose set's size divided by its weight is
/// smallest, ties going to the item given first.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Weights {
    /// No weights: the smallest set (SSXCC-BINARY).
    #[default]
    Off,
    /// The failure rate of the options tried on an item, those that left
    /// another primary item without options (Li, Yin and Li's FRB; Knuth's
    /// SSXCC-FRB).
    Frb,
    /// One plus the times an item was left without options (dom/wdeg of
    /// Boussemart, Hemery, Lecoutre and Sais; Knuth's SSXCC-WTD).
    Wdeg,
}

impl Weights {
    /// Every choice of weights, by name: for a command line and a binding.
    pub const ALL: [Weights; 3] = [Weights::Off, Weights::Frb, Weights::Wdeg];

    /// The name: `off`, `frb` or `wdeg`.
    pub fn name(self) -> &'static str {
        match self {
            Weights::Off => "off",
            Weights::Frb => "frb",
            Weights::Wdeg => "wdeg",
        }
    }
}

/// Why [`Solver::commit`](crate::Solver::commit) refused an option.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum CommitError {
    /// The option number is not one of the problem's.
    #[error("option {0} does not exist")]
    UnknownOption(u32),
    /// The option uses an item that an earlier commitment already covers, or gives a
    /// secondary item a colour other than the one it was committed with.
    #[error("option {0} conflicts with the options already committed")]
    Conflict(u32),
    /// Options are committed before any descent
    /// ([`Subtrees::descend`](crate::parallel::Subtrees::descend)); call
    /// [`Solver::reset`](crate::Solver::reset) first.
    #[error("option {0} cannot be committed below a descent")]
    AfterDescent(u32),
    /// The option has no primary item: no solution holds it (see
    /// [`Problem::ignored_options`](crate::Problem::ignored_options)).
    #[error("option {0} has no primary item: no solution holds it")]
    NoPrimaryItem(u32),
}

/// Why a descent ([`Subtrees::descend`](crate::parallel::Subtrees::descend))
/// was refused. A refused descent changes nothing.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum DescendError {
    /// The option number is not one of the problem's.
    #[error("option {0} does not exist")]
    UnknownOption(u32),
    /// Every primary item is covered: the search would visit a solution here,
    /// not branch.
    #[error("no item is left to branch on")]
    Solved,
    /// The option is not one of those the search would try at this level: it
    /// does not have the item the search branches on, or it was ruled out.
    #[error("option {0} is not in play at this level")]
    NotInPlay(u32),
    /// The move that takes no option (with bounds, when an item may be left
    /// as it is) is not one the search would try at this level.
    #[error("the move that takes no option is not in play at this level")]
    NoNullMove,
    /// An item the search would branch on has too few options left: the search
    /// backtracks here.
    #[error("the search backtracks at this level")]
    DeadEnd,
    /// The search is one subproblem, which no descent enters: binary
    /// branching ([`Branching::Binary`]), whose tree depends on the order in
    /// which its earlier subtrees left the sets (and on the weights they
    /// taught), so that a subtree searched on its own is not the one the
    /// whole search meets.
    #[error("binary branching searches as one subproblem: it takes no descents")]
    Whole,
}

/// The engines of the crate, by name: the three searches a
/// [`Solver`](crate::Solver) runs, the cheapest-solutions search, the memo,
/// the sweep, and `auto`, the front's choice. The front
/// ([`front::Search`](crate::front::Search)) takes any of them for any
/// question and refuses, with a [`SearchError`](crate::front::SearchError)
/// naming the engine and the question, one it cannot answer (the sweep only
/// counts).
///
/// The engines find the same solutions of every problem; they differ in speed,
/// in the order they find solutions, and in how they count their statistics.
///
/// - [`Engine::Links`]: Knuth's dancing links (Algorithms X and C, his DLX1 and
///   DLX2): each item's options in a doubly linked list. Nodes, updates and
///   cleansings equal DLX1's and DLX2's.
/// - [`Engine::Cells`]: Knuth's dancing cells (his SSXCC): each item's options in
///   a sparse set, an array whose first `size` entries are the options still in
///   play, so that hiding an option is a swap and unhiding it a mere increment.
///   Nodes, updates and cleansings equal SSXCC's.
/// - [`Engine::Bits`]: the search of the links engine, step for step, on dense
///   bitsets: each level's state (a bit per option still in play, a count per
///   primary item) is copied to try an option, and backtracking just returns
///   to the copy below; a level with one option works in place. An option is
///   committed in one sweep over the words of the options it conflicts with.
///   The same solutions in the same order as the links engine, and the same
///   nodes; without colours the same updates too, while with colours an item
///   is purified before the options that clash with the option are hidden,
///   so the updates and cleansings are at most DLX2's. With bounds on items,
///   Algorithm M as the links run it: the same nodes and solutions in the same
///   order as DLX3, with updates of its own (the work its frames do). For
///   problems of at most 16,383 options.
/// - [`Engine::Costs`]: the `k` cheapest solutions ([`MinCost`](crate::MinCost),
///   Knuth's DLX5), on the links or on bitset frames as its own rule picks.
/// - [`Engine::Memo`]: Knuth's DLX6 ([`Memo`](crate::Memo)), every solution
///   as a diagram ([`Zdd`](crate::Zdd)).
/// - [`Engine::Sweep`]: counting and listing by the first uncovered item on
///   a bitboard ([`sweep`](crate::sweep)), through the front.
/// - [`Engine::Dc`]: Knuth's XCCDC ([`Dc`](crate::dc::Dc)), which keeps every
///   primary item with an option after each choice (domain consistency);
///   counts and lists through the front, on one thread, without bounds.
///   Nodes and updates equal XCCDC's.
/// - [`Engine::Auto`] (the default): the front's choice for the question; for
///   a [`Solver`](crate::Solver), one of the three searches, chosen by
///   [`Engine::resolve`] from the problem.
///
/// A [`Solver`](crate::Solver) (and [`Parallel`](crate::Parallel)) runs the
/// three searches: asked for another engine (costs, memo, sweep, dc), it runs
/// the one [`Engine::resolve`] picks, as for `Auto`. A parallel or sharded
/// count with dancing cells finds the serial search's solutions, and its
/// statistics add up exactly over threads and shards; but since each
/// subproblem is searched from fresh arrays, they differ slightly from one
/// serial search's (see the `cells` module's notes in the source). Binary
/// branching ([`Branching::Binary`]) is not split: its figures on threads
/// and in shards are the serial search's.
///
/// ```
/// use quadrille_dlx::{Config, Engine, Problem, Solver};
///
/// let problem = Problem::from_knuth("A B C D E | F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n")?;
/// let mut links = Solver::with_config(&problem, Config::new().engine(Engine::Links));
/// let mut cells = Solver::with_config(&problem, Config::new().engine(Engine::Cells));
/// let mut bits = Solver::with_config(&problem, Config::new().engine(Engine::Bits));
/// assert_eq!((links.count(), cells.count(), bits.count()), (1, 1, 1));
/// // DLX1's statistics and SSXCC's: SSXCC does not cover an item left without options.
/// assert_eq!((links.stats().nodes, links.stats().updates), (6, 30));
/// assert_eq!((cells.stats().nodes, cells.stats().updates), (5, 27));
/// // DLX1's nodes, and here its updates too: after the option `B C F` the
/// // level below chooses `E`, left without options, and covers it.
/// assert_eq!((bits.stats().nodes, bits.stats().updates), (6, 30));
/// // Every name, printed and read back.
/// assert_eq!(Engine::ALL.map(Engine::name), ["links", "cells", "bits", "costs", "memo", "sweep", "dc", "auto"]);
/// assert_eq!("sweep".parse::<Engine>(), Ok(Engine::Sweep));
/// let wrong = "dlx".parse::<Engine>().unwrap_err().to_string();
/// assert_eq!(wrong, "unknown engine `dlx`: the engines are links, cells, bits, costs, memo, sweep, dc and auto");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Engine {
    /// Dancing links: DLX1's and DLX2's method and statistics.
    Links,
    /// Dancing cells: SSXCC's method and statistics.
    Cells,
    /// Dense bitsets: the links engine's search, nodes and order of solutions,
    /// on bitsets copied from level to level instead of lists undone; for
    /// small problems.
    Bits,
    /// The cheapest solutions (DLX5), on links or bitset frames.
    Costs,
    /// The memo (DLX6): every solution as a diagram.
    Memo,
    /// The sweep: counts, nothing else.
    Sweep,
    /// Domain consistency: XCCDC's method and statistics.
    Dc,
    /// The front's choice (for a [`Solver`](crate::Solver), whichever
    /// [`Engine::resolve`] picks for the problem).
    #[default]
    Auto,
}

impl Engine {
    /// Every engine, in the order the documentation gives them (`auto` last):
    /// for the help of a command line and the names a binding accepts.
    pub const ALL: [Engine; 8] = [
        Engine::Links,
        Engine::Cells,
        Engine::Bits,
        Engine::Costs,
        Engine::Memo,
        Engine::Sweep,
        Engine::Dc,
        Engine::Auto,
    ];

    /// The engine's name: `links`, `cells`, `bits`, `costs`, `memo`, `sweep`,
    /// `dc` or `auto`.
    pub fn name(self) -> &'static str {
        match self {
            Engine::Links => "links",
            Engine::Cells => "cells",
            Engine::Bits => "bits",
            Engine::Costs => "costs",
            Engine::Memo => "memo",
            Engine::Sweep => "sweep",
            Engine::Dc => "dc",
            Engine::Auto => "auto",
        }
    }

    /// Whether a [`Solver`](crate::Solver) runs this engine as asked (links,
    /// cells, bits), rather than resolving it as `Auto`.
    pub fn is_search(self) -> bool {
        matches!(self, Engine::Links | Engine::Cells | Engine::Bits)
    }
}

impl std::fmt::Display for Engine {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for Engine {
    type Err = UnknownEngine;

    fn from_str(name: &str) -> Result<Engine, UnknownEngine> {
        Engine::ALL.into_iter().find(|engine| engine.name() == name).ok_or_else(|| UnknownEngine(name.to_owned()))
    }
}

/// A name that is not one of [`Engine::ALL`]'s; the message lists them all.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownEngine(pub String);

impl std::fmt::Display for UnknownEngine {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let names = Engine::ALL.map(Engine::name);
        let (last, others) = names.split_last().expect("engines");
        write!(f, "unknown engine `{}`: the engines are {} and {last}", self.0, others.join(", "))
    }
}

impl std::error::Error for UnknownEngine {}
