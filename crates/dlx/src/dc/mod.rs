//! Domain consistency: Knuth's XCCDC, exact cover with colours that keeps
//! every primary item with an option after each choice.
//!
//! The problem is read as a constraint problem whose variables are the
//! primary items, the domain of each the options that contain it. An option
//! stays in play only while, for every primary item it does not contain, some
//! option in play is **compatible** with it (equal, or sharing only secondary
//! items to which both give the same colour): choosing it would wipe out no
//! domain. Options without such a **support** are taken out, which may take
//! away the support of others, until every domain is consistent or one is
//! empty. The search then branches on the primary item with the fewest
//! options (the first given among equals, a forced one as soon as met): it
//! chooses the item's first option, and after exploring that choice takes
//! the option out, restores consistency and chooses again, until some domain
//! empties. Each choice begins a **stage**; each node of the tree is a
//! **level**.
//!
//! Supports are kept as Knuth keeps them (after Bessière's AC-6 and
//! Lecoutre and Hemery's AC3rm): each option has a **trigger** list of the
//! pairs (option, item) it supports; taking it out turns those entries into
//! **fixits** of the options that lost a support, and queues those options,
//! whose holes are then filled with a new support or the option taken out.
//! Supports are never undone on backtracking (a support stays a support).
//! Each option taken out records its **age** (twice the stage, plus one when
//! it was blocked by a choice; a log of the options taken out puts them back
//! in play on a backtrack, so that an option is out of play exactly when its
//! age is at most the current one), and trigger lists are sorted by age behind
//! hints stamped with the stage, so that entries known to be out of play are
//! skipped. The sets of options are sparse sets as in the cells engine, and
//! each stage saves and restores the sizes of the items active when it
//! branches. Conflicts between options are a matrix of bits: a bit per
//! option and node when that takes at most 2^26 bits (a candidate's node is
//! tested without looking up its option), else a bit per pair of options for
//! problems of at most 16,384 options, else looked up item by item as Knuth
//! does.
//!
//! Statistics are counted as XCCDC counts them: one node per level entered
//! (a solution included), one update per option taken out of an item's set
//! and per item deactivated; no cleansings. Since the sets are not put back
//! in their first order, the order in which options are tried depends on the
//! search so far: the same problem gives the same statistics, and they equal
//! XCCDC's on the same input. Bounds on items (multiplicities) are not
//! taken.

use std::ops::ControlFlow;
use std::sync::Arc;

mod search;
mod state;

use crate::util::monitor::{Monitor, REPORT_EVERY};
use crate::util::problem::{OptionId, Problem};
use crate::util::stats::Stats;

use search::{Found, Walks};

/// Why the domain-consistent search does not take a problem.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum DcError {
    /// Some primary item carries bounds (Knuth's multiplicities).
    #[error("the dc engine takes no bounds on items (item `{0}`): ask for links, bits or auto")]
    Bounds(String),
    /// The supports could need more cells than the engine holds.
    #[error("the dc engine would keep up to {cells} supports (options times primary items), over its limit of {limit}")]
    TooLarge {
        /// Options times primary items.
        cells: u64,
        /// The most the engine holds.
        limit: u64,
    },
}

/// A domain-consistent search of one problem (Knuth's XCCDC): counts, or
/// visits every solution, one thread.
///
/// ```
/// use quadrille_dlx::Problem;
/// use quadrille_dlx::dc::Dc;
///
/// let problem = Problem::from_knuth("A B C D E | F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n")?;
/// let mut dc = Dc::new(&problem)?;
/// assert_eq!(dc.count(), 1);
/// // XCCDC's figures: the solution is found without a wrong turn.
/// assert_eq!((dc.stats().nodes, dc.stats().updates), (4, 16));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct Dc {
    walk: Walks,
    limit: Option<u64>,
    monitor: Option<Arc<Monitor>>,
    reported: Stats,
    interrupted: bool,
    finished: bool,
}

impl Dc {
    /// The search of `problem`, not yet begun.
    pub fn new(problem: &Problem) -> Result<Dc, DcError> {
        if let Some(item) = problem.items().find(|&i| problem.is_primary(i) && problem.bounds(i) != (1, 1)) {
            return Err(DcError::Bounds(problem.item_name(item).to_owned()));
        }
        let walk = Walks::new(problem).map_err(|cells| DcError::TooLarge { cells, limit: state::MAX_CELLS })?;
        Ok(Dc { walk, limit: None, monitor: None, reported: Stats::default(), interrupted: false, finished: false })
    }

    /// Stops after this many solutions (`None`: all of them).
    pub fn limit(mut self, limit: Option<u64>) -> Dc {
        self.limit = limit;
        self
    }

    /// Reports to `monitor` every [`REPORT_EVERY`] nodes (or
    /// [`REPORT_UPDATES`](crate::REPORT_UPDATES) updates) and at the end, and
    /// stops when it is stopped.
    pub fn monitor(mut self, monitor: Option<Arc<Monitor>>) -> Dc {
        self.monitor = monitor;
        self
    }

    /// The statistics so far: nodes, updates and solutions as XCCDC counts
    /// them (no cleansings).
    pub fn stats(&self) -> Stats {
        Stats {
            nodes: self.walk.nodes(),
            updates: self.walk.updates(),
            cleansings: 0,
            solutions: self.walk.solutions(),
        }
    }

    /// Whether the monitor stopped the search.
    pub fn interrupted(&self) -> bool {
        self.interrupted
    }

    /// Whether the search stopped at its limit.
    pub fn limit_reached(&self) -> bool {
        self.limit.is_some_and(|limit| self.walk.solutions() >= limit)
    }

    /// The next solution, its options stage by stage; `None` at the end, the
    /// limit, or a stop.
    pub fn next_solution(&mut self) -> Option<&[OptionId]> {
        loop {
            if self.finished || self.limit_reached() {
                self.finish();
                return None;
            }
            match self.walk.next(REPORT_EVERY) {
                Found::Solution => return Some(self.walk.solution()),
                Found::Report => {
                    if let Some(monitor) = &self.monitor {
                        let stats = self.stats();
                        monitor.catch_up(&stats, &mut self.reported);
                        if monitor.is_stopped() {
                            self.interrupted = true;
                            self.finished = true;
                        }
                    }
                }
                Found::Done => self.finished = true,
            }
        }
    }

    /// Marks the end, and reports what the monitor has not seen.
    fn finish(&mut self) {
        self.finished = true;
        if let Some(monitor) = &self.monitor {
            let stats = self.stats();
            monitor.catch_up(&stats, &mut self.reported);
        }
    }

    /// The solutions from where the search stands, as an iterator that owns
    /// the search.
    pub fn into_solutions(self) -> DcSolutions {
        DcSolutions { dc: self }
    }

    /// Counts the solutions (at most the limit) from where the search stands.
    pub fn count(&mut self) -> u64 {
        let before = self.walk.solutions();
        while self.next_solution().is_some() {}
        self.walk.solutions() - before
    }

    /// Calls `visitor` with each solution (at most the limit) until it
    /// returns `Break`.
    pub fn visit<F>(&mut self, mut visitor: F)
    where
        F: FnMut(&[OptionId]) -> ControlFlow<()>,
    {
        while let Some(solution) = self.next_solution() {
            if visitor(solution).is_break() {
                self.finish();
                break;
            }
        }
    }
}

/// The solutions of a [`Dc`] search, one at a time, each as a vector of its
/// options: made by [`Dc::into_solutions`].
#[derive(Debug, Clone)]
pub struct DcSolutions {
    dc: Dc,
}

impl DcSolutions {
    /// The search, its statistics and whether it stopped.
    pub fn search(&self) -> &Dc {
        &self.dc
    }
}

impl Iterator for DcSolutions {
    type Item = Vec<OptionId>;

    fn next(&mut self) -> Option<Vec<OptionId>> {
        self.dc.next_solution().map(<[OptionId]>::to_vec)
    }
}

#[cfg(test)]
mod tests {
    use super::Dc;
    use super::search::{Found, Walk, Walks, Width};
    use super::state::{Cell, NIL, PackedCell, PoolCell, SmallCell, State};
    use crate::util::problem::Problem;

    /// Small problems (six primary items, two secondary) counted by the
    /// search and by trying every set of options: the same solutions. Small
    /// enough for Miri, which checks the unchecked reads of the search's hot
    /// loops (the node module's invariant 7). Each is searched three times,
    /// the sets scanned for supports place by place and four places at a
    /// time (which such small sets would not choose), and with stamps that
    /// start again from the stamp 1 on (as XCCDC's start again when they
    /// wrap around). Such small problems leave no hint in the trigger lists:
    /// the 8 queens (92 solutions, OEIS A000170), searched with stamps that
    /// start again at every stage but the first, drop hints on the way. Each
    /// search is made with the pool's cells of every width.
    #[test]
    fn small_problems_count_as_every_set_of_options_says() {
        let solves = |times: &[u32; 8]| times[..6] == [1; 6] && times[6] <= 1 && times[7] <= 1;
        let mut restamped = 0;
        // Miri checks the unchecked reads on two of them, in a minute.
        let count = if cfg!(miri) { 2 } else { 6 };
        for (problem, solutions) in crate::util::small::small_problems("a b c d e f | x y", count, 0x2545_F491, solves)
        {
            for width in Width::ALL {
                for (wide, stamp_end) in [(false, u32::MAX), (true, u32::MAX), (false, 1)] {
                    let mut dc = Dc::new(&problem).unwrap();
                    dc.walk = Walks::of_width(&problem, width).unwrap();
                    dc.walk.tune(wide, stamp_end);
                    assert_eq!(
                        dc.count(),
                        solutions,
                        "{problem:?}, cells {width:?}, wide scan {wide}, stamps to {stamp_end}"
                    );
                    restamped += dc.walk.restamped();
                }
            }
        }
        assert!(restamped > 0, "the stamps never started again");
        // Under Miri, which checks the unchecked reads on the small problems
        // and on the hints' test below, the 8 queens' search takes minutes.
        if cfg!(miri) {
            return;
        }
        let queens = Problem::from_knuth(include_str!("../../../../data/dlx/queens_dlx_8.dlx")).unwrap();
        for width in Width::ALL {
            let mut dc = Dc::new(&queens).unwrap();
            dc.walk = Walks::of_width(&queens, width).unwrap();
            dc.walk.tune(dc.walk.wide_scan(), 1);
            assert_eq!(dc.count(), 92, "8 queens, cells {width:?}, stamps to 1");
            assert!(dc.walk.restamped() > 0, "the stamps never started again on the 8 queens");
        }
        // Cells with stamps of two bytes renumber their hints rather than
        // drop them: the same statistics as stamps that never start again.
        for width in [Width::Small, Width::Packed] {
            let mut once = Dc::new(&queens).unwrap();
            once.walk = Walks::of_width(&queens, width).unwrap();
            once.count();
            let mut often = Dc::new(&queens).unwrap();
            often.walk = Walks::of_width(&queens, width).unwrap();
            often.walk.tune(often.walk.wide_scan(), 1);
            often.count();
            assert_eq!(often.stats(), once.stats(), "8 queens, cells {width:?}, stamps to 1");
        }
    }

    /// The pool's cells are the smallest the problem fits: windmill
    /// dominoes 4 4 (288 options, 10 primary items: 6,104 cells at most) in
    /// 16-bit fields; a 17-clue sudoku (312 options, 256 primary items:
    /// 161,096 cells at most) packed; 16 primary items with 2,047 options,
    /// one item each (67,631 cells at most: 78 first cells, 65,504 for
    /// entries and hints, 2,049 more), packed, and with 2,048 options,
    /// which a packed cell cannot number, of eight bytes.
    #[test]
    #[cfg_attr(miri, ignore = "reads thousands of options and searches nothing: no unsafe code, minutes under Miri")]
    fn the_cells_are_as_small_as_the_problem_allows() {
        let windmill = include_str!("../../../../data/knuth/dc/windmill_dominoes_4_4.dlx");
        let sudoku = include_str!("../../../../data/knuth/dc/sudoku_17_1.dlx");
        assert_eq!(Width::of(&Problem::from_knuth(windmill).unwrap()), Width::Small);
        assert_eq!(Width::of(&Problem::from_knuth(sudoku).unwrap()), Width::Packed);
        let options = |n: usize| {
            let items: Vec<String> = (0..16).map(|i| format!("a{i}")).collect();
            let lines: Vec<String> = (0..n).map(|k| format!("a{}", k % 16)).collect();
            Problem::from_knuth(&format!("{}\n{}\n", items.join(" "), lines.join("\n"))).unwrap()
        };
        assert_eq!(Width::of(&options(2047)), Width::Packed);
        assert_eq!(Width::of(&options(2048)), Width::Wide);
    }

    /// Dropping the hints, at the first node of a search that finds some in
    /// the trigger lists (where the queue is empty, as
    /// when the stamps start again): no hint is left in any trigger list,
    /// the entries stay in their order with their items, and each hint's
    /// cell goes back to the pool's free cells; with the pool's cells of
    /// every width.
    #[test]
    fn dropping_the_hints_keeps_the_entries_in_order() {
        /// The hints dropped at the first node with some, on `problem`.
        fn dropped<C: PoolCell>(problem: &Problem) -> usize {
            // Per option, its list's cells (option or hint, item or stamp).
            let lists = |state: &State<C>| -> Vec<Vec<(i32, u32)>> {
                (0..state.n_options())
                    .map(|opt| {
                        let (mut p, mut cells) = (state.trigger[opt], Vec::new());
                        while p != NIL {
                            cells.push((state.pool[p as usize].opt(), state.aux_value(p)));
                            p = state.pool[p as usize].next();
                        }
                        cells
                    })
                    .collect()
            };
            let free = |state: &State<C>| {
                let (mut p, mut n) = (state.avail, 0);
                while p != NIL {
                    (n, p) = (n + 1, state.pool[p as usize].next());
                }
                n
            };
            let mut walk = Walk::new(State::<C>::new(problem).unwrap());
            loop {
                // A report at every node: the walk stops before each.
                if let Found::Done = walk.next(1) {
                    return 0;
                }
                let state = &mut walk.state;
                let before = lists(state);
                let hints: usize = before.iter().map(|cells| cells.iter().filter(|c| c.0 < 0).count()).sum();
                let free_before = free(state);
                if hints == 0 {
                    continue;
                }
                state.drop_hints();
                let entries: Vec<Vec<(i32, u32)>> =
                    before.iter().map(|cells| cells.iter().copied().filter(|c| c.0 >= 0).collect()).collect();
                assert_eq!(lists(state), entries, "{problem:?}");
                assert_eq!(free(state), free_before + hints, "{problem:?}");
                // The walk goes on from here only after new stamps (`restamp`).
                return hints;
            }
        }
        let solves = |times: &[u32; 8]| times[..6] == [1; 6] && times[6] <= 1 && times[7] <= 1;
        // The small problems leave no hint at any node; the 8 queens do.
        let queens = Problem::from_knuth(include_str!("../../../../data/dlx/queens_dlx_8.dlx"));
        let small = crate::util::small::small_problems("a b c d e f | x y", 6, 0x2545_F491, solves);
        let (mut wide_dropped, mut small_dropped, mut packed_dropped) = (0, 0, 0);
        for problem in small.into_iter().map(|(problem, _)| problem).chain([queens.unwrap()]) {
            wide_dropped += dropped::<Cell>(&problem);
            small_dropped += dropped::<SmallCell>(&problem);
            packed_dropped += dropped::<PackedCell>(&problem);
        }
        assert!(wide_dropped > 0, "no hint was ever in a list");
        assert_eq!(small_dropped, wide_dropped, "the small and wide cells dropped different hints");
        assert_eq!(packed_dropped, wide_dropped, "the packed and wide cells dropped different hints");
    }
}
