//! Exact cover by Knuth's Dancing Links.
//!
//! An exact-cover problem has **items** and **options**, each option a set of
//! items. A **solution** is a set of options that covers every *primary* item
//! exactly once and every *secondary* item at most once. Secondary items may also
//! take **colours**: options that give a secondary item the same colour may be
//! chosen together (exact cover with colours, XCC). This crate solves such
//! problems with Knuth's Algorithm X (DLX1), Algorithm C (DLX2) and, when primary
//! items carry bounds, Algorithm M (DLX3) from *The Art of Computer
//! Programming*, Volume 4B, section 7.2.2.1.
//!
//! # A tour
//!
//! Knuth's toy problem: seven primary items `A`–`G` and six options.
//!
//! ```
//! use std::ops::ControlFlow;
//! use quadrille_dlx::{Problem, Solver};
//!
//! let mut b = Problem::builder();
//! let [a, bb, c, d, e, f, g] = ["A", "B", "C", "D", "E", "F", "G"].map(|n| b.primary(n).unwrap());
//! b.option([c, e, f])?;
//! b.option([a, d, g])?;
//! b.option([bb, c, f])?;
//! b.option([a, d])?;
//! b.option([bb, g])?;
//! b.option([d, e, g])?;
//! let problem = b.build()?;
//!
//! let mut solver = Solver::new(&problem);
//! assert_eq!(solver.count(), 1);
//! // Search tree nodes as Knuth's DLX1 counts them. (Its updates too, on the
//! // dancing-links engine: see `Engine`.)
//! assert_eq!(solver.stats().nodes, 6);
//!
//! // Every solution, without allocating: the options chosen, level by level.
//! solver.visit(|solution| {
//!     let lines: Vec<String> = solution.iter().map(|&o| problem.format_option(o)).collect();
//!     assert_eq!(lines, ["A D", "C E F", "B G"]);
//!     ControlFlow::Continue(())
//! });
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Colours: the same toy problem as Knuth gives it for DLX2, read from his text
//! format. `X` and `Y` are secondary; two options may share one only if they give
//! it the same colour.
//!
//! ```
//! use quadrille_dlx::{Problem, Solver};
//!
//! let problem = Problem::from_knuth(
//!     "A B C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nX:0 Y:1\nB X:1\nC Y:1\n",
//! )?;
//! let mut solver = Solver::new(&problem);
//! let solution = solver.first().expect("a solution");
//! let lines: Vec<String> = solution.iter().map(|&o| problem.format_option(o)).collect();
//! assert_eq!(lines, ["A C X:1 Y:1", "B X:1"]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Known choices can be **committed** before the search (sudoku givens, say), and
//! undone with [`Solver::reset`] without rebuilding anything:
//!
//! ```
//! use quadrille_dlx::{OptionId, Problem, Solver};
//!
//! let problem = Problem::from_knuth("A B\nA\nB\nA B\n")?;
//! let mut solver = Solver::new(&problem);
//! assert_eq!(solver.count(), 2); // {A, B} and {A B}
//! solver.commit(OptionId(0))?; // option `A`
//! assert_eq!(solver.count(), 1);
//! assert!(solver.commit(OptionId(2)).is_err()); // `A B` conflicts with `A`
//! solver.reset();
//! assert_eq!(solver.count(), 2);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Bounds: items covered several times
//!
//! A primary item may ask to be covered between `a` and `b` times instead of
//! exactly once (Knuth's multiplicities, Algorithm M of TAOCP and his DLX3). In
//! his format the item line says `a:b|name`, or `b|name` when `a = b`. Here a
//! shift needs two or three of four volunteers, and `Bo` can come only with `Al`:
//!
//! ```
//! use quadrille_dlx::{Problem, Solver};
//!
//! let problem = Problem::from_knuth("2:3|shift Al Bo Cy Di\nshift Al\nshift Bo\nshift Cy\nshift Di\nAl\nBo\nCy\nDi\n")?;
//! let shift = problem.item_named("shift").unwrap();
//! assert_eq!(problem.bounds(shift), (2, 3));
//! // Each volunteer either takes the shift or stays home: C(4,2) + C(4,3) ways.
//! assert_eq!(Solver::new(&problem).count(), 6 + 4);
//! // The same with the builder, and written back in Knuth's format.
//! let mut b = Problem::builder();
//! let shift = b.primary_with_bounds("shift", 2, 3)?;
//! let people: Vec<_> = ["Al", "Bo", "Cy", "Di"].iter().map(|n| b.primary(n)).collect::<Result<_, _>>()?;
//! for &p in &people {
//!     b.option([shift, p])?;
//! }
//! for &p in &people {
//!     b.option([p])?;
//! }
//! let built = b.build()?;
//! assert_eq!(built, problem);
//! assert!(built.to_knuth().starts_with("2:3|shift Al Bo Cy Di\n"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Statistics then count as DLX3 counts them (nodes, updates, cleansings), and
//! everything else works as without bounds: limits, commitments, the iterator,
//! threads and shards. Problems without bounds run the search of DLX1 and DLX2,
//! compiled separately, and pay nothing for them. An item written with
//! bounds, even `1|a` or `1:1|a`, makes the problem one of bounds, since
//! Knuth's DLX3 runs Algorithm M on whatever it reads
//! ([`Problem::declares_bounds`]); the engines without bounds take such a
//! problem, whose only bounds are `[1, 1]`, as a plain one.
//!
//! # Modelling with your own types
//!
//! [`ModelBuilder`] labels items with values of your own type (anything
//! `Hash + Eq + Clone + Debug`), declared in any order, and attaches a payload to
//! each option; a solution then reads back as the payloads of its options. Three
//! people, three jobs, each person one job:
//!
//! ```
//! use quadrille_dlx::ModelBuilder;
//!
//! #[derive(Clone, Debug, PartialEq, Eq, Hash)]
//! enum Slot {
//!     Person(&'static str),
//!     Job(u8),
//! }
//!
//! let mut b = ModelBuilder::new();
//! for job in 1..=3 {
//!     b.primary(Slot::Job(job))?;
//! }
//! for person in ["ada", "bob", "cyd"] {
//!     b.primary(Slot::Person(person))?;
//!     for job in 1..=3 {
//!         // The payload: who does what.
//!         b.option_with([Slot::Person(person), Slot::Job(job)], (person, job))?;
//!     }
//! }
//! let model = b.build()?;
//! let mut solver = model.solver();
//! assert_eq!(solver.count(), 6);
//! let first = solver.first().unwrap();
//! let mut jobs: Vec<&(&str, u8)> = model.payloads(&first).collect();
//! jobs.sort();
//! assert_eq!(jobs, [&("ada", 1), &("bob", 2), &("cyd", 3)]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Costs: the cheapest solutions
//!
//! Options may cost something (Knuth's DLX5), and [`MinCost`] finds
//! the cheapest solutions, the `k` best in increasing order of cost. Here `A` may
//! be covered alone or together with `B`; the cheapest way costs 3.
//!
//! ```
//! use quadrille_dlx::{MinCost, Problem};
//!
//! let problem = Problem::from_knuth("A B\nA |2\nB |1\nA B |5\nB |4\n")?;
//! let best = MinCost::new(&problem).best(3)?;
//! assert_eq!(best.costs(), [3, 5, 6]);
//! let cheapest: Vec<String> = best.solutions[0].options.iter().map(|&o| problem.format_option(o)).collect();
//! assert_eq!(cheapest, ["A", "B"]);
//! // Its own costs are kept apart from the options' text.
//! assert_eq!(problem.cost(best.solutions[1].options[0]), 5);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Counting by memo: every solution as a diagram
//!
//! Where a problem repeats itself, [`Memo`] (Knuth's DLX6) remembers every
//! subproblem it has solved and hands out a [`Zdd`] of all solutions, from
//! which come exact counts of any size, the solutions one by one, uniform
//! random solutions, per-option counts and the cheapest solutions. Knuth's toy
//! problem, with DLX6's figures:
//!
//! ```
//! use quadrille_dlx::{Memo, Problem};
//!
//! let problem = Problem::from_knuth("A B C D E | F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n")?;
//! let zdd = Memo::new(&problem).build()?;
//! assert_eq!(zdd.count_u64(), Some(1));
//! assert_eq!((zdd.stats().nodes, zdd.stats().hits), (6, 1));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The domino tilings of a 12×12 board, 53,060,477,521,960,000 of them (OEIS
//! A004003), counted in a fraction of a second where a search that visits
//! each solution would take years; and how many of them lay a domino across
//! the corner horizontally:
//!
//! ```
//! use quadrille_dlx::{Memo, Problem};
//!
//! let n = 12;
//! let mut b = Problem::builder();
//! let cells: Vec<_> = (0..n * n).map(|k| b.primary(&format!("c{k}"))).collect::<Result<_, _>>()?;
//! let corner = b.option([cells[0], cells[1]])?;
//! b.option([cells[0], cells[n]])?;
//! for r in 0..n {
//!     for c in 0..n {
//!         if c + 1 < n && r * n + c > 0 {
//!             b.option([cells[r * n + c], cells[r * n + c + 1]])?;
//!         }
//!         if r + 1 < n && r * n + c > 0 {
//!             b.option([cells[r * n + c], cells[(r + 1) * n + c]])?;
//!         }
//!     }
//! }
//! let problem = b.build()?;
//! let zdd = Memo::new(&problem).build()?;
//! assert_eq!(zdd.count().to_string(), "53060477521960000");
//! // By symmetry, half of the tilings lay the corner domino each way.
//! assert_eq!(zdd.option_counts()?[corner.index()].to_string(), "26530238760980000");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Which engine, when
//!
//! [`Config::engine`] picks the engine; the default, [`Engine::Auto`], picks
//! for you from the problem alone (so every thread and shard of one count
//! agrees), and is right for almost everyone:
//!
//! - **Bits** ([`Engine::Bits`]) for small problems: Auto takes it when a
//!   frame of its bitsets fits in 4 KiB (pentominoes, queens, 9×9 sudoku),
//!   where it runs two to three times faster than the links, with the links'
//!   nodes and order of solutions. With bounds on items (Algorithm M) too:
//!   Knuth's tetrominoes in 8×6 and his motley dissections of 7×7 count in
//!   0.44 s and 1.9 s, against 1.43 s and 5.1 s for his DLX3 (the table in
//!   [`Engine::resolve`]).
//! - **Links** ([`Engine::Links`]) for everything else, and whenever you need
//!   Knuth's DLX1/DLX2/DLX3 statistics exactly (the bitset engine's updates
//!   are its own), or a trace of the search ([`Solver::visit_traced`]). An
//!   engine asked for that does not take a problem falls back to the links.
//! - **Cells** ([`Engine::Cells`]) when you want SSXCC's statistics: it is
//!   never the fastest on the shapes measured, so Auto never picks it.
//!   With [`Branching::Binary`] ([`Config::branching`]) it branches two
//!   ways, take the first option of the item chosen or hide it, with
//!   Knuth's SSXCC-BINARY statistics; [`Weights`] then choose the item by
//!   what the search learned (FRB: SSXCC-FRB; dom/wdeg: SSXCC-WTD). It
//!   runs in under two thirds of SSXCC-BINARY's time (pentominoes of 6×10:
//!   0.63, Langford pairs of 11: 0.62, one thread). So
//!   branching, it also takes bounds on items, with the statistics of
//!   Knuth's SSMCC (SSMCC-FRB, SSMCC-WTD with weights), in about two
//!   thirds of SSMCC's time (reduced rectangle dissections `redrect-dlx`
//!   3 6 and 4 5, queen domination `queendom-dlx 8 5`). Binary branching
//!   is one subproblem, which runs whole on one thread (see
//!   [`Branching::Binary`]). There it is the fastest engine on bounded
//!   problems where many items may stay uncovered (reduced rectangle
//!   dissections: 1.8× the links, 3× bits), and the front's count picks
//!   it for them when at most three threads are asked ([`Search::count`]);
//!   where every item needs an option (queen domination, tetrominoes) bits
//!   stays 1.4–2.5 times as fast. Learned
//!   weights pay on hard problems whose difficulty the sizes of the sets do
//!   not show; on the classes measured (pentominoes, Langford pairs, queens)
//!   the smallest set with `d`-way branching makes fewer nodes.
//! - **Costs** ([`MinCost`]) is not a [`Solver`] engine but a search of its
//!   own: the `k` cheapest solutions when options cost something (DLX5), on
//!   the links ([`Engine::Links`], DLX5's statistics) or on bitset frames
//!   ([`Engine::Bits`], about twice DLX5's speed; the default through
//!   [`Engine::Auto`] unless a frame would exceed 8 KiB).
//! - **Memo** ([`Memo`]) is not a [`Solver`] engine either: it counts by
//!   remembering subproblems (DLX6) and answers with a [`Zdd`], so it wins
//!   where a problem repeats itself (tilings: the 12×12 dominoes in a hundredth
//!   of a second) and loses where nothing does (pentominoes, queens), where
//!   its cache only costs. Ask for it by name; see "Counting by memo" above.
//!   To count all solutions, ask the front ([`Search::count`]), which tries
//!   it when its probe says it may pay.
//! - **Sweep** ([`sweep::Sweep`]) counts, nothing else, and fastest on
//!   packings: it branches on the first item not yet covered in an order it
//!   chooses, on a bitboard as wide as the problem, with nothing to update
//!   (up to 1,024 items, no bounds or colours). Its tree is larger than the search by fewest
//!   options, its nodes some fifteen times cheaper: every pentomino packing
//!   of 6×10 in 0.2 s against 1.15 s on bits. Past 128 items its state is
//!   wider (192 bits and up) and `auto` weighs it as on any problem: every
//!   6×6 sudoku grid (144 items) in 1.3 s, against 12.8 on bits. In boxes of
//!   three dimensions the search by fewest options keeps the solid
//!   pentominoes (2×3×10: 0.26 s on bits, 0.67 on the sweep), the sweep the
//!   Soma cube.
//! - **Dc** ([`dc::Dc`], [`Engine::Dc`]): Knuth's XCCDC, which keeps every
//!   primary item with an option after each choice (domain consistency),
//!   through the front, on one thread, without bounds. Its trees are smaller
//!   (Langford pairs of 11: 272,577 nodes against 439,747 for DLX2), its
//!   nodes much dearer (0.32 s there, against 0.61 s for XCCDC and 0.04 s
//!   for the links engine); on the classes measured the other engines count
//!   faster, so Auto never picks it. Ask for it when you want XCCDC's statistics, or where wipe-outs
//!   seen one choice ahead prune much.
//! - **Sharp preference** ([`Problem::with_sharp_preference`]) is not an
//!   engine but a rule the links, cells and bits engines follow when they
//!   choose the item to branch on: primary items named `#…` first (an item
//!   with one option left still comes before them), as Knuth's DLX2-SHARP and
//!   DLX3-SHARP do, whose statistics the links engine then has. Name the items
//!   a model should branch on first, and turn it on (`quadrille solve
//!   --sharp`). The costs, memo and sweep engines keep their own rules.
//! - **The front** ([`Search`]) takes every question (count, first, every
//!   solution, the cheapest, samples, the diagram) with one set of knobs and
//!   any engine by name ([`Engine`] names all eight, `auto` included). To
//!   count, it runs the memo's probe, compares Knuth's estimates of the
//!   sweep's and the search's trees weighed by the cost of their nodes, gives
//!   the memo a turn bounded by the cheaper one's cost, runs the engine
//!   chosen and falls back by itself (the sweep past 64 bits to the memo,
//!   and that memo over its memory back to the sweep, which counts on past
//!   them; the memo over its memory to the search). Every answer carries a
//!   [`Report`](front::Report): the engine that answered and only the
//!   statistics it counts.
//!
//! **Before a long search**, ask how long: [`Search::estimate`] makes
//! Knuth's estimate of the tree of links, cells or bits by random probes
//! (its nodes, updates and solutions, each with its standard error, at any
//! size), each probe costing one path of the search, and
//! [`Search::estimate_within`] bounds their work. Comparing the estimates of
//! two engines, weighed by what a node costs each, says which to run.
//!
//! ```
//! use quadrille_dlx::{Engine, Problem, Search};
//!
//! let problem = Problem::from_knuth("a b c d\na b\nc d\na c\nb d\na d\nb c\n")?;
//! let counted = Search::new(&problem).count()?;
//! assert_eq!((counted.solutions_u64(), counted.report.engine), (Some(3), Engine::Bits));
//! // The same question of another engine: the same answer.
//! let by_memo = Search::new(&problem).engine("memo".parse()?).threads(1).count()?;
//! assert_eq!((by_memo.solutions_u64(), by_memo.report.engine), (Some(3), Engine::Memo));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! ```
//! use quadrille_dlx::{Config, Engine, Problem, Solver};
//!
//! let small = Problem::from_knuth("a b c\na b\nc\na\nb c\n")?;
//! assert_eq!(Solver::new(&small).engine(), Engine::Bits);
//! // The cells engine knows no bounds: asking for it gets the links.
//! let bounded = Problem::from_knuth("2|a b\na\na b\nb\n")?;
//! let solver = Solver::with_config(&bounded, Config::new().engine(Engine::Cells));
//! assert_eq!(solver.engine(), Engine::Links);
//! assert_eq!(Solver::new(&bounded).engine(), Engine::Bits);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # How the crate is built
//!
//! In floors, each importing only from those below it: the vocabulary
//! (problems, Knuth's format, [`Stats`], [`Config`], the [`Engine`] names, the
//! errors, [`Monitor`]); the machinery every search shares (one driver for
//! counting, visiting and iterating; the run state and its reports); the
//! engines, one folder each, never importing each other; and the fronts on
//! top ([`Solver`], the `Auto` rule, [`Parallel`], the [`model`] API).
//! `ARCHITECTURE.md` draws them.
//!
//! # The pieces
//!
//! - [`ProblemBuilder`] and [`Problem`]: items, bounds, options, colours; checked as they come.
//! - [`model`]: items labelled by your own types, a payload per option.
//! - [`Solver`]: count, first, all (an [`Iterator`] or a zero-allocation visitor),
//!   a limit in [`Config`], [`Stats`].
//! - [`Engine`]: dancing links (DLX1's, DLX2's and DLX3's statistics),
//!   dancing cells (Knuth's SSXCC, its statistics) or dense bitsets (the
//!   links' search on small problems, bounds included, faster), chosen in
//!   [`Config`], by default automatically.
//! - [`Solver::visit_traced`]: the search's every step as an [`Event`], to watch it work.
//! - [`knuth`]: Knuth's text format, read and written.
//! - [`parallel`]: counting on many threads, and in shards across machines.
//! - [`shard`]: the records of shards, read back and merged with every check.
//! - [`costs`]: the `k` cheapest solutions when options have costs (DLX5), on one
//!   thread or many.
//! - [`memo`]: counting by memo (DLX6): every solution as a [`Zdd`], exact big
//!   counts, uniform random solutions.
//! - [`sweep`]: counting by the first uncovered item on a bitboard as wide
//!   as the problem, the fastest count of packings; the front
//!   ([`Search::count`]) picks it.
//! - [`front`]: [`Search`], every question asked of a problem, answered by
//!   the engine it chooses.
#![deny(missing_docs)]
// The one exception, `util::nodes`, says so where it is declared.
#![deny(unsafe_code)]

mod auto;
mod bits;
mod cells;
mod links;
mod run;
mod solver;
mod util;

pub mod costs;
pub mod dc;
pub mod front;
pub mod memo;
pub mod model;
pub mod parallel;
pub mod pre;
pub mod rewrite;
pub mod shard;
pub mod sweep;
pub use util::engine;
pub use util::knuth;
pub use util::matrix;

// The problem: built item by item, read in Knuth's format
// (`Problem::from_knuth`, `knuth`), or modelled in the user's own labels.
pub use model::{Model, ModelBuilder};
pub use util::problem::{Color, Item, MAX_BOUND, OptionId, Problem, ProblemBuilder};

// The front: every question asked of a problem (count, first, list, best,
// sample, the ZDD), the engine chosen and run for it.
pub use front::Search;

// The engines, their knobs and their statistics, for those who pick one.
pub use costs::{Best, CostedSolution, MinCost};
pub use links::trace::Event;
pub use memo::{Memo, MemoStats, Zdd};
pub use solver::{IntoSolutions, Solutions, Solver};
pub use util::engine::{Capabilities, Question};
pub use util::monitor::{Gate, Monitor, REPORT_EVERY, REPORT_UPDATES};
pub use util::search::{Branching, Config, Engine, Weights};
pub use util::stats::Stats;

// Threads, shards and slices: one count spread over cores or machines.
pub use parallel::{Parallel, Slices, Subtrees};

// Errors, each naming what went wrong and where.
pub use costs::CostError;
pub use front::SearchError;
pub use knuth::ParseError;
pub use memo::MemoError;
pub use model::ModelError;
pub use parallel::ParallelError;
pub use util::problem::BuildError;
pub use util::search::{CommitError, DescendError, UnknownEngine};
