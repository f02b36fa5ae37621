//! Knuth's estimate of a search tree by random probes
//! ([`Search::estimate`]).
//!
//! A probe walks one path from the root, as the search would, but at each
//! node tries only one of the item's options, drawn at random. If the node
//! at depth `k` has `d₀ d₁ … d₍ₖ₋₁₎` as the numbers of options of the items
//! above it, the probe stands for that many nodes like it, so it adds that
//! product, its *weight*, to the estimate of the nodes (and the weight times
//! the node's updates to that of the updates; a solution reached, to that of
//! the solutions). Each quantity's estimate is *unbiased*: its mean over all
//! the probes the generator could draw is exactly the search's figure
//! (Knuth, *The Art of Computer Programming* 7.2.2, and his `dance-random`).
//! Its spread can be wide where the tree is lopsided, so the answer gives
//! the standard error of the mean alongside it, and more probes narrow it.
//!
//! Every figure is the engine's own, as its search counts it: a node here
//! is each level entered (the root and solutions included), and its updates
//! are those of covering its item and trying each of its options, measured
//! by exploring that one node in full (a split of depth one) rather than
//! guessed from the option drawn.

use crate::solver::Solver;
use crate::util::engine::{Question, Refusal, Refused};
use crate::util::problem::OptionId;
use crate::util::random::SplitMix64;
use crate::util::search::Engine;

use super::search::{Search, SearchError};

/// An estimate and its spread: the mean of the probes' estimates and the
/// standard error of that mean.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
#[non_exhaustive]
pub struct Spread {
    /// The mean of the probes' estimates: the estimate.
    pub mean: f64,
    /// The standard error of the mean (the probes' standard deviation over
    /// the square root of their number); `None` with fewer than two probes.
    pub error: Option<f64>,
}

impl Spread {
    /// The spread of `sum` and `squares` (of the probes' estimates) over
    /// `probes`.
    fn of(sum: f64, squares: f64, probes: u32) -> Spread {
        if probes == 0 {
            return Spread::default();
        }
        let n = f64::from(probes);
        let mean = sum / n;
        let error = (probes > 1).then(|| {
            let variance = ((squares - n * mean * mean) / (n - 1.0)).max(0.0);
            (variance / n).sqrt()
        });
        Spread { mean, error }
    }
}

/// Knuth's estimate of a search tree, made by [`Search::estimate`].
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct Estimate {
    /// The engine whose tree was estimated (links, cells or bits).
    pub engine: Engine,
    /// The probes made (fewer than asked when stopped).
    pub probes: u32,
    /// The seed the probes were drawn from.
    pub seed: u64,
    /// The nodes, as the engine counts them.
    pub nodes: Spread,
    /// The updates, as the engine counts them.
    pub updates: Spread,
    /// The solutions.
    pub solutions: Spread,
    /// The estimated nodes at each depth (the root's level first).
    pub profile: Vec<f64>,
    /// Whether the monitor stopped the probes.
    pub interrupted: bool,
}

/// Sums of the probes' estimates and of their squares.
#[derive(Default)]
struct Sums {
    sum: f64,
    squares: f64,
}

impl Sums {
    fn add(&mut self, x: f64) {
        self.sum += x;
        self.squares += x * x;
    }
}

impl Search<'_> {
    /// Knuth's estimate of the search's tree from `probes` random paths
    /// drawn from `seed` (see the module's notes): its nodes, updates and
    /// solutions, each with its spread, and the nodes at each depth. The same
    /// seed gives the same estimate on every machine. On links, cells or bits
    /// (`auto`: the one [`Engine::resolve`] picks); the memo, the sweep and
    /// the costs search do not walk that tree, and refuse. The monitor stops
    /// it between two nodes, with the probes made so far.
    ///
    /// ```
    /// use quadrille_dlx::front::Search;
    /// use quadrille_dlx::{Engine, Problem, Solver};
    ///
    /// // Langford pairs of 1..6 (no solution) and 1..7 (52 solutions, 26 up to
    /// // reversal): pair k sits in slots i and i + k + 1.
    /// let langford = |n: usize| {
    ///     let mut text = String::new();
    ///     (1..=n).for_each(|k| text += &format!("v{k} "));
    ///     (1..=2 * n).for_each(|i| text += &format!("s{i} "));
    ///     text.push('\n');
    ///     for k in 1..=n {
    ///         for i in 1..2 * n - k {
    ///             text += &format!("v{k} s{i} s{}\n", i + k + 1);
    ///         }
    ///     }
    ///     Problem::from_knuth(&text)
    /// };
    /// let problem = langford(7)?;
    /// let estimate = Search::new(&problem).engine(Engine::Links).estimate(2000, 1)?;
    /// let mut solver = Solver::new(&problem);
    /// solver.count();
    /// let nodes = solver.stats().nodes as f64;
    /// // Within a few standard errors of the truth.
    /// let error = estimate.nodes.error.unwrap();
    /// assert!((estimate.nodes.mean - nodes).abs() < 4.0 * error, "{estimate:?} {nodes}");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn estimate(&self, probes: u32, seed: u64) -> Result<Estimate, SearchError> {
        self.admit(Question::Estimate)?;
        if self.searches_whole(self.search_engine()) {
            // Never the `d`-way tree in its place.
            return Err(SearchError::Refused(Refusal { engine: self.engine, what: Refused::EstimateWithBinary }));
        }
        if probes == 0 {
            return Err(SearchError::NoProbes);
        }
        let engine = self.search_engine();
        let mut solver = Solver::with_config(self.problem, self.config(engine).limit(None));
        let mut random = SplitMix64(seed);
        let (mut nodes, mut updates, mut solutions) = (Sums::default(), Sums::default(), Sums::default());
        let mut profile = Vec::new();
        let mut children: Vec<Option<OptionId>> = Vec::new();
        let mut made = 0;
        let mut interrupted = false;
        'probes: while made < probes {
            solver.reset();
            let (mut weight, mut depth) = (1.0f64, 0usize);
            let (mut probe_nodes, mut probe_updates, mut probe_solutions) = (0.0, 0.0, 0.0);
            loop {
                if self.stopped() {
                    interrupted = true;
                    break 'probes;
                }
                // The node's own work, and its children: a split one level deep.
                children.clear();
                let mut solved = false;
                let stats = solver.split(1, |moves| match moves.len() {
                    n if n == depth => solved = true,
                    _ => children.push(moves[depth]),
                });
                if self.stopped() {
                    interrupted = true;
                    break 'probes;
                }
                if profile.len() <= depth {
                    profile.push(0.0);
                }
                // A solution is a node of the search, with no work below;
                // another node is what the split counted (none where the
                // engine sees at once that nothing fits, as cells may).
                let here = if solved { weight } else { weight * stats.nodes as f64 };
                profile[depth] += here;
                probe_nodes += here;
                if solved {
                    probe_solutions += weight;
                    break;
                }
                probe_updates += weight * stats.updates as f64;
                if children.is_empty() {
                    break;
                }
                let step = children[random.below(children.len())];
                if solver.descend(step).is_err() {
                    // The split's own moves are in play: never here.
                    debug_assert!(false, "a move of the split was refused");
                    break;
                }
                weight *= children.len() as f64;
                depth += 1;
            }
            nodes.add(probe_nodes);
            updates.add(probe_updates);
            solutions.add(probe_solutions);
            made += 1;
        }
        solver.reset();
        let per_probe = |x: f64| if made == 0 { 0.0 } else { x / f64::from(made) };
        Ok(Estimate {
            engine,
            probes: made,
            seed,
            nodes: Spread::of(nodes.sum, nodes.squares, made),
            updates: Spread::of(updates.sum, updates.squares, made),
            solutions: Spread::of(solutions.sum, solutions.squares, made),
            profile: profile.into_iter().map(per_probe).collect(),
            interrupted,
        })
    }
}
