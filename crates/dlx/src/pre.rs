//! Preprocessing: Knuth's DLX-PRE, which removes the options no solution can
//! hold and the items whose covering another item implies, leaving a smaller
//! problem with the same solutions.
//!
//! Two rules, applied item by item in rounds until a round changes nothing:
//!
//! - **An item forced by another.** When every option of a primary item `p`
//!   also holds an item `c` (without a colour), covering `p` covers `c`: the
//!   options that hold `c` but not `p` are removed, and `c` is removed from
//!   the options that keep it. The pass finds such a `p` by hiding `c` (every
//!   option holding it, from the other items' lists) and watching for a
//!   primary item left without options.
//! - **An option that blocks an item.** An option `r` that, once chosen,
//!   leaves some primary item `p` not in `r` without a compatible option can
//!   never be chosen: it is removed. The pass tries each option once per round,
//!   from the list of its first item still present.
//!
//! A secondary item left in no option is removed; a primary item left in no
//! option makes the problem infeasible, and the pass stops there with a
//! problem of that one item and no options (none solutions, as the input).
//!
//! The items are visited in Knuth's order (the primary items, then the
//! secondary ones, each as declared), options in the order they were given,
//! and the reduced problem lists its options as DLX-PRE writes them (grouped
//! by their first remaining item), so that on the same input both remove the
//! same options and items and write the same problem. Each option of the
//! reduced problem remembers the option it came from ([`Reduced::origin`]):
//! the solutions of the two problems are the same sets of options.
//!
//! Problems with bounds on items (Knuth's multiplicities) are refused: the
//! rules assume each primary item is covered exactly once. Costs are kept,
//! each on the option it belongs to.
//!
//! ```
//! use quadrille_dlx::Problem;
//! use quadrille_dlx::Search;
//!
//! // Knuth's example: every option of `A` holds `D`, so `D` goes, and with it
//! // the option `D E G`; then `F`, `C` and `G` go the same way.
//! let problem = Problem::from_knuth("A B C D E | F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n")?;
//! let reduced = problem.preprocess()?;
//! assert_eq!(reduced.problem.to_knuth(), "A B E\nA\nB\nE\n");
//! assert_eq!((reduced.options_removed(), reduced.items_removed()), (3, 4));
//! // The same solutions, and each reduced option knows where it came from.
//! let before = Search::new(&problem).count()?;
//! let after = Search::new(&reduced.problem).count()?;
//! assert_eq!(before.solutions, after.solutions);
//! assert_eq!(reduced.original(&[quadrille_dlx::OptionId(0)]), vec![quadrille_dlx::OptionId(3)]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::sync::Arc;

use crate::util::monitor::Monitor;
use crate::util::problem::{BuildError, Color, Item, OptionId, Problem};

/// Why preprocessing could not be done.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum PreError {
    /// The problem has bounds on items, which the rules do not take.
    #[error("cannot preprocess a problem with bounds on items (item `{item}` has bounds {lower}:{upper})")]
    Bounds {
        /// The first item with bounds other than exactly once.
        item: String,
        /// Its least number of covers.
        lower: u32,
        /// Its most.
        upper: u32,
    },
    /// The reduced problem could not be built (more than the problems take).
    #[error(transparent)]
    Build(#[from] BuildError),
}

/// Why an option was removed, or changed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum OptionChange {
    /// Choosing the option leaves the primary item `blocked` (not in it)
    /// without a compatible option.
    Blocks {
        /// The item left uncoverable.
        blocked: Item,
    },
    /// The option holds `item` but not `forced_by`, every option of which
    /// holds `item`: it could only be chosen beside one of those, which
    /// clash with it.
    Excluded {
        /// The item removed.
        item: Item,
        /// The primary item whose options all hold it.
        forced_by: Item,
    },
    /// The option keeps its place but loses `item`, which `forced_by`
    /// (in the option) implies.
    Shortened {
        /// The item removed from the option.
        item: Item,
        /// The primary item that implies it.
        forced_by: Item,
    },
    /// The problem is infeasible (see [`Reduced::infeasible`]): every option
    /// goes.
    Infeasible,
}

/// Why an item was removed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ItemChange {
    /// Every option of the primary item `forced_by` holds it.
    Forced {
        /// The primary item that implies it.
        forced_by: Item,
    },
    /// A secondary item left in no option.
    Unused,
    /// The problem is infeasible (see [`Reduced::infeasible`]): every item
    /// but that one goes.
    Infeasible,
}

/// What the pass removed, in the order it did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Report {
    /// Options removed or shortened, each with the reason.
    pub options: Vec<(OptionId, OptionChange)>,
    /// Items removed, each with the reason.
    pub items: Vec<(Item, ItemChange)>,
}

/// The preprocessed problem.
#[derive(Clone, Debug)]
pub struct Reduced {
    /// The reduced problem: the items kept, in their order, and the options
    /// kept (perhaps shortened), in DLX-PRE's order. Item numbers and option
    /// numbers are its own: see [`Reduced::origin`].
    pub problem: Problem,
    /// For each option of the reduced problem, the option of the input it
    /// came from.
    pub origin: Vec<OptionId>,
    /// What was removed and why (item and option numbers of the input).
    pub report: Report,
    /// The rounds made, the last one counted even when it changed nothing
    /// (DLX-PRE's count).
    pub rounds: usize,
    /// A primary item of the input left in no option: then the problem has
    /// no solution, and the reduced problem is that item alone.
    pub infeasible: Option<Item>,
    /// Whether the monitor stopped the pass before its end; the reduced
    /// problem is still equivalent to the input, only less reduced.
    pub interrupted: bool,
    /// The options of the input the engines search (those with a primary
    /// item), for [`Reduced::options_removed`].
    searched: usize,
    /// The items of the input.
    items: usize,
}

impl Reduced {
    /// The options removed, as DLX-PRE counts them (options without a
    /// primary item, which it ignores on input, are not counted).
    pub fn options_removed(&self) -> usize {
        self.searched - self.problem.n_options()
    }

    /// The items removed.
    pub fn items_removed(&self) -> usize {
        match self.infeasible {
            // DLX-PRE counts every item out, the one it prints included.
            Some(_) => self.items,
            None => self.items - self.problem.n_items(),
        }
    }

    /// The options of the input that make up a solution of the reduced
    /// problem, in the same order.
    pub fn original(&self, solution: &[OptionId]) -> Vec<OptionId> {
        solution.iter().map(|o| self.origin[o.index()]).collect()
    }
}

/// The preprocessing pass, configured with builder-style setters.
#[derive(Clone, Debug, Default)]
pub struct Preprocess {
    rounds: Option<usize>,
    monitor: Option<Arc<Monitor>>,
}

impl Preprocess {
    /// A pass that runs rounds until one changes nothing.
    pub fn new() -> Preprocess {
        Preprocess::default()
    }

    /// At most `rounds` rounds (`None`, the default: no limit). The problem
    /// after any number of rounds is equivalent to the input.
    pub fn rounds(mut self, rounds: Option<usize>) -> Preprocess {
        self.rounds = rounds;
        self
    }

    /// Stops, with the problem reduced so far, once `monitor` is stopped
    /// (looked at before each item of each round).
    pub fn monitor(mut self, monitor: Option<Arc<Monitor>>) -> Preprocess {
        self.monitor = monitor;
        self
    }

    /// Preprocesses `problem`.
    pub fn run(&self, problem: &Problem) -> Result<Reduced, PreError> {
        if let Some(item) = problem.items().find(|&i| problem.is_primary(i) && problem.bounds(i) != (1, 1)) {
            let (lower, upper) = problem.bounds(item);
            return Err(PreError::Bounds { item: problem.item_name(item).to_owned(), lower, upper });
        }
        let mut pass = Pass::new(problem);
        let (rounds, interrupted) = pass.reduce(self.rounds, self.monitor.as_deref());
        pass.finish(rounds, interrupted)
    }
}

impl Problem {
    /// Preprocesses the problem with [`Preprocess`]'s defaults: rounds until
    /// nothing changes.
    pub fn preprocess(&self) -> Result<Reduced, PreError> {
        Preprocess::new().run(self)
    }
}

/// No item: the stamp of an item no option has stamped, and no forcing item.
const NONE: u32 = u32::MAX;

/// The state of the pass: the input's options as entries (an item, its
/// colour, whether still present), each item's list of entries in input
/// order, and the number of options each item's list shows.
struct Pass<'p> {
    problem: &'p Problem,
    /// The items in Knuth's order: primary, then secondary.
    order: Vec<u32>,
    primary: Vec<bool>,
    /// Per entry: its item, its colour (0 for none, else the colour + 1), its option.
    item: Vec<u32>,
    color: Vec<u32>,
    option: Vec<u32>,
    /// Per entry: not removed (by the removal of its option or its item).
    present: Vec<bool>,
    /// Per option: the range of its entries.
    start: Vec<u32>,
    /// Per option: hidden from the lists (but its own item's, see `hide`).
    hidden: Vec<bool>,
    /// Per item: its entries, in input order; how many of them show.
    list: Vec<Vec<u32>>,
    len: Vec<u32>,
    /// Per item: the entry of the option being tried that holds it.
    stamp: Vec<u32>,
    report: Report,
    infeasible: Option<Item>,
}

/// The present entries of an option (entries `start..end`) after `e`, then
/// those before it: Knuth's cyclic order from `e`.
fn cyclic(present: &[bool], (start, end): (u32, u32), e: u32) -> impl Iterator<Item = u32> + '_ {
    (e + 1..end).chain(start..e).filter(move |&f| present[f as usize])
}

/// The outcome of hiding the options that clash with a tried option.
enum Trial {
    Fits,
    Blocks(u32),
}

impl<'p> Pass<'p> {
    fn new(problem: &'p Problem) -> Pass<'p> {
        let n_items = problem.n_items();
        let mut order: Vec<u32> = problem.items().filter(|&i| problem.is_primary(i)).map(|i| i.0).collect();
        order.extend(problem.items().filter(|&i| !problem.is_primary(i)).map(|i| i.0));
        let primary = (0..n_items as u32).map(|i| problem.is_primary(Item(i))).collect();
        let mut pass = Pass {
            problem,
            order,
            primary,
            item: Vec::new(),
            color: Vec::new(),
            option: Vec::new(),
            present: Vec::new(),
            start: vec![0],
            hidden: vec![false; problem.n_options()],
            list: vec![Vec::new(); n_items],
            len: vec![0; n_items],
            stamp: vec![NONE; n_items],
            report: Report::default(),
            infeasible: None,
        };
        for o in problem.options() {
            // Options without a primary item hold no entries: DLX-PRE drops them on input.
            if !problem.is_ignored(o) {
                for (item, color) in problem.option(o) {
                    let e = pass.item.len() as u32;
                    pass.item.push(item.0);
                    pass.color.push(color.map_or(0, |c| c.0 + 1));
                    pass.option.push(o.0);
                    pass.present.push(true);
                    pass.list[item.index()].push(e);
                    pass.len[item.index()] += 1;
                }
            }
            pass.start.push(pass.item.len() as u32);
        }
        pass
    }

    /// The range of entries of the option of entry `e`.
    fn span(&self, e: u32) -> (u32, u32) {
        let o = self.option[e as usize] as usize;
        (self.start[o], self.start[o + 1])
    }

    /// Whether `e` is the first present entry of its option.
    fn is_first(&self, e: u32) -> bool {
        let o = self.option[e as usize] as usize;
        (self.start[o]..e).all(|f| !self.present[f as usize])
    }

    /// Whether entry `e` shows in its item's list.
    fn shows(&self, e: u32) -> bool {
        self.present[e as usize] && !self.hidden[self.option[e as usize] as usize]
    }

    /// Rounds until one changes nothing (or `rounds` rounds, or a stop).
    fn reduce(&mut self, rounds: Option<usize>, monitor: Option<&Monitor>) -> (usize, bool) {
        for k in 0..self.order.len() {
            let c = self.order[k];
            if self.len[c as usize] == 0 && !self.empty(c) {
                return (0, false);
            }
        }
        let mut round = 0;
        loop {
            round += 1;
            if rounds.is_some_and(|most| round > most) {
                return (round - 1, false);
            }
            let mut change = false;
            for k in 0..self.order.len() {
                if monitor.is_some_and(Monitor::is_stopped) {
                    return (round, true);
                }
                let c = self.order[k];
                if self.len[c as usize] == 0 {
                    continue;
                }
                match self.try_item(c) {
                    Some(changed) => change |= changed,
                    None => return (round, false),
                }
            }
            if !change {
                return (round, false);
            }
        }
    }

    /// Hides the options in which item `c` has no colour from every other
    /// list; returns the last primary item left with no option showing.
    fn hide(&mut self, c: u32) -> u32 {
        let mut forcing = NONE;
        for k in 0..self.list[c as usize].len() {
            let r = self.list[c as usize][k];
            if !self.present[r as usize] || self.color[r as usize] != 0 {
                continue;
            }
            self.hidden[self.option[r as usize] as usize] = true;
            for f in cyclic(&self.present, self.span(r), r) {
                let i = self.item[f as usize] as usize;
                self.len[i] -= 1;
                if self.len[i] == 0 && self.primary[i] {
                    forcing = i as u32;
                }
            }
        }
        forcing
    }

    /// Undoes [`Pass::hide`].
    fn unhide(&mut self, c: u32) {
        for k in 0..self.list[c as usize].len() {
            let r = self.list[c as usize][k];
            if !self.present[r as usize] || self.color[r as usize] != 0 {
                continue;
            }
            self.hidden[self.option[r as usize] as usize] = false;
            for f in cyclic(&self.present, self.span(r), r) {
                self.len[self.item[f as usize] as usize] += 1;
            }
        }
    }

    /// One step of a round, for item `c`: removes it if another item forces
    /// it, else the options of its list that block an item. `None` when the
    /// problem turned out infeasible.
    fn try_item(&mut self, c: u32) -> Option<bool> {
        let forcing = self.hide(c);
        if forcing != NONE {
            self.unhide(c);
            return self.remove_forced(c, forcing).then_some(true);
        }
        let mut blocking = Vec::new();
        for k in 0..self.list[c as usize].len() {
            let r = self.list[c as usize][k];
            if !self.present[r as usize] || self.color[r as usize] != 0 || !self.is_first(r) {
                continue;
            }
            if let Trial::Blocks(blocked) = self.trial(r) {
                self.report
                    .options
                    .push((OptionId(self.option[r as usize]), OptionChange::Blocks { blocked: Item(blocked) }));
                blocking.push(r);
            }
        }
        self.unhide(c);
        let change = !blocking.is_empty();
        // Removed last marked first, as DLX-PRE does.
        for &r in blocking.iter().rev() {
            for f in cyclic(&self.present, self.span(r), r).chain([r]).collect::<Vec<_>>() {
                self.present[f as usize] = false;
                let i = self.item[f as usize];
                self.len[i as usize] -= 1;
                if self.len[i as usize] == 0 && !self.empty(i) {
                    return None;
                }
            }
        }
        Some(change)
    }

    /// Chooses option `r` (its first item's options hidden already): hides
    /// every option that clashes with it, and says whether a primary item
    /// not in `r` is left without options; then undoes it all.
    fn trial(&mut self, r: u32) -> Trial {
        let items: Vec<u32> = cyclic(&self.present, self.span(r), r).collect();
        for &q in &items {
            self.stamp[self.item[q as usize] as usize] = r;
        }
        let mut hidden: Vec<u32> = Vec::new();
        let mut outcome = Trial::Fits;
        'items: for &q in &items {
            let (cc, x) = (self.item[q as usize] as usize, self.color[q as usize]);
            for k in 0..self.list[cc].len() {
                let p = self.list[cc][k];
                if !self.shows(p) || (x > 0 && self.color[p as usize] == x) {
                    continue;
                }
                let span = self.span(p);
                let mut blocked = NONE;
                for f in cyclic(&self.present, span, p) {
                    let i = self.item[f as usize] as usize;
                    if self.len[i] == 1 && self.primary[i] && self.stamp[i] != r {
                        blocked = i as u32;
                        break;
                    }
                    self.len[i] -= 1;
                }
                if blocked != NONE {
                    for f in cyclic(&self.present, span, p) {
                        let i = self.item[f as usize];
                        if i == blocked {
                            break;
                        }
                        self.len[i as usize] += 1;
                    }
                    outcome = Trial::Blocks(blocked);
                    break 'items;
                }
                self.hidden[self.option[p as usize] as usize] = true;
                hidden.push(p);
            }
        }
        for p in hidden {
            self.hidden[self.option[p as usize] as usize] = false;
            for f in cyclic(&self.present, self.span(p), p) {
                self.len[self.item[f as usize] as usize] += 1;
            }
        }
        outcome
    }

    /// Removes item `c`, which every option of `forcing` holds: the options
    /// of `c` that hold `forcing` lose `c`, the others go. `false` when the
    /// problem turned out infeasible.
    fn remove_forced(&mut self, c: u32, forcing: u32) -> bool {
        for k in 0..self.list[c as usize].len() {
            let r = self.list[c as usize][k];
            if !self.present[r as usize] {
                continue;
            }
            let o = OptionId(self.option[r as usize]);
            let holds = cyclic(&self.present, self.span(r), r).any(|f| self.item[f as usize] == forcing);
            if holds {
                let change = OptionChange::Shortened { item: Item(c), forced_by: Item(forcing) };
                self.report.options.push((o, change));
                self.present[r as usize] = false;
            } else {
                let change = OptionChange::Excluded { item: Item(c), forced_by: Item(forcing) };
                self.report.options.push((o, change));
                for f in cyclic(&self.present, self.span(r), r).collect::<Vec<_>>() {
                    let i = self.item[f as usize];
                    if self.len[i as usize] == 1 && !self.empty(i) {
                        return false;
                    }
                    self.len[i as usize] -= 1;
                    self.present[f as usize] = false;
                }
                self.present[r as usize] = false;
            }
        }
        for k in 0..self.list[c as usize].len() {
            let r = self.list[c as usize][k];
            self.present[r as usize] = false;
        }
        self.len[c as usize] = 0;
        self.report.items.push((Item(c), ItemChange::Forced { forced_by: Item(forcing) }));
        true
    }

    /// Item `i` has no option left: a secondary item is removed (`true`); a
    /// primary one makes the problem infeasible (`false`).
    fn empty(&mut self, i: u32) -> bool {
        if self.primary[i as usize] {
            self.infeasible = Some(Item(i));
            false
        } else {
            self.report.items.push((Item(i), ItemChange::Unused));
            true
        }
    }

    /// The reduced problem.
    fn finish(mut self, rounds: usize, interrupted: bool) -> Result<Reduced, PreError> {
        let problem = self.problem;
        let searched = problem.options().filter(|&o| !problem.is_ignored(o)).count();
        let mut b = Problem::builder();
        let mut origin = Vec::new();
        if let Some(item) = self.infeasible {
            b.primary(problem.item_name(item))?;
            for o in problem.options().filter(|&o| !problem.is_ignored(o)) {
                if !self.report.options.iter().any(|&(r, _)| r == o) {
                    self.report.options.push((o, OptionChange::Infeasible));
                }
            }
            for i in self.order.clone() {
                let gone = self.report.items.iter().any(|&(j, _)| j.0 == i);
                if i != item.0 && !gone {
                    self.report.items.push((Item(i), ItemChange::Infeasible));
                }
            }
        } else {
            let mut new_item = vec![NONE; problem.n_items()];
            for &i in &self.order {
                if self.len[i as usize] > 0 {
                    let name = problem.item_name(Item(i));
                    let item = if self.primary[i as usize] { b.primary(name)? } else { b.secondary(name)? };
                    new_item[i as usize] = item.0;
                }
            }
            for k in 0..self.order.len() {
                let c = self.order[k] as usize;
                if self.len[c] == 0 {
                    continue;
                }
                for &r in &self.list[c] {
                    if !self.present[r as usize] || !self.is_first(r) {
                        continue;
                    }
                    let o = self.option[r as usize] as usize;
                    let mut entries: Vec<(Item, Option<Color>)> = Vec::new();
                    for f in self.start[o]..self.start[o + 1] {
                        if self.present[f as usize] {
                            let item = Item(new_item[self.item[f as usize] as usize]);
                            let color = match self.color[f as usize] {
                                0 => None,
                                x => Some(b.color(problem.color_name(Color(x - 1)))?),
                            };
                            entries.push((item, color));
                        }
                    }
                    let id = b.option_with_colors(entries)?;
                    if problem.has_costs() {
                        b.set_cost(id, problem.cost(OptionId(o as u32)))?;
                    }
                    origin.push(OptionId(o as u32));
                }
            }
        }
        let items = problem.n_items();
        let infeasible = self.infeasible;
        Ok(Reduced {
            problem: b.build()?,
            origin,
            report: self.report,
            rounds,
            infeasible,
            interrupted,
            searched,
            items,
        })
    }
}
