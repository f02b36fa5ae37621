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
//! The rules assume each primary item is covered exactly once: a problem
//! with bounds on items (Knuth's multiplicities) is first rewritten without
//! those that can never bind ([`crate::rewrite`]: the same options, items
//! removed or made plain or secondary), and refused if some may bind. Costs
//! are kept, each on the option it belongs to.
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
use crate::util::problem::{BuildError, Color, Item, OptionId, Problem, ProblemBuilder};

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
    /// Its bounds can never bind, and it left every option before the pass
    /// ([`crate::rewrite`]).
    BoundsNeverBind,
}

/// What the pass removed, in the order it did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Removals {
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
    pub removed: Removals,
    /// The rounds made, the last one counted even when it changed nothing
    /// (DLX-PRE's count).
    pub rounds: usize,
    /// A primary item of the input left in no option: then the problem has
    /// no solution, and the reduced problem is that item alone.
    pub infeasible: Option<Item>,
    /// Whether the monitor stopped the pass before its end; the reduced
    /// problem is still equivalent to the input, only less reduced.
    pub interrupted: bool,
    /// For a problem with bounds, what became of each item with bounds
    /// before the pass ([`crate::rewrite`]): removed, or made a plain or a
    /// secondary item. Empty without bounds.
    pub bounds: Vec<crate::rewrite::ItemRewrite>,
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

    /// Preprocesses `problem`. A problem with bounds is first rewritten
    /// without those that can never bind ([`crate::rewrite`]); if some may
    /// bind, it is refused.
    pub fn run(&self, problem: &Problem) -> Result<Reduced, PreError> {
        if problem.has_bounds() {
            return self.run_rewritten(problem);
        }
        let mut pass = Pass::new(problem);
        let (rounds, interrupted) = pass.reduce(self.rounds, self.monitor.as_deref());
        pass.finish(rounds, interrupted)
    }

    /// [`Preprocess::run`] on a problem with bounds: on its rewriting
    /// without them, the report in the input's items (those the rewriting
    /// removed first, as [`ItemChange::BoundsNeverBind`]).
    fn run_rewritten(&self, problem: &Problem) -> Result<Reduced, PreError> {
        let rewritten = problem.rewrite_bounds();
        if let Some(kept) = rewritten.kept() {
            let (lower, upper) = kept.bounds;
            return Err(PreError::Bounds { item: kept.name.clone(), lower, upper });
        }
        let mut reduced = self.run(&rewritten.problem)?;
        let input = |item: Item| rewritten.input_item(item);
        for (_, change) in &mut reduced.removed.options {
            match change {
                OptionChange::Blocks { blocked } => *blocked = input(*blocked),
                OptionChange::Excluded { item, forced_by } | OptionChange::Shortened { item, forced_by } => {
                    (*item, *forced_by) = (input(*item), input(*forced_by));
                }
                OptionChange::Infeasible => {}
            }
        }
        let removed = rewritten.items.iter().filter(|i| i.became == crate::rewrite::Became::Removed);
        let mut items: Vec<(Item, ItemChange)> = removed.map(|i| (i.item, ItemChange::BoundsNeverBind)).collect();
        for &(item, change) in &reduced.removed.items {
            let change = match change {
                ItemChange::Forced { forced_by } => ItemChange::Forced { forced_by: input(forced_by) },
                change => change,
            };
            items.push((input(item), change));
        }
        reduced.removed.items = items;
        reduced.infeasible = reduced.infeasible.map(input);
        reduced.items = problem.n_items();
        reduced.bounds = rewritten.items;
        Ok(reduced)
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

/// An entry of an item's list: its slot, its option, and the option's width
/// (its number of entries), so that a trial reaches the entries after it in
/// Knuth's cyclic order, `slot + 1..slot + width`, without looking the option
/// up.
#[derive(Clone, Copy, Debug)]
struct Entry {
    slot: u32,
    option: u32,
    width: u32,
}

/// An item's count of options during a trial: `left` options show while
/// `generation` is the trial's; before the trial first touches the item, its
/// count is the item's `len`. So a trial never counts back what it hid.
#[derive(Clone, Copy, Debug, Default)]
struct Count {
    generation: u32,
    left: u32,
}

/// The state of the pass: the input's options as rows of entries (an item
/// and its colour), each item's list of entries in input order, and the
/// number of options each item's list shows.
///
/// The entries of option `o` are the slots `start[o]..end[o]`, kept packed in
/// input order and written twice in a row (the copy at `end[o]..`, which no
/// list names), so that the entries after slot `e` in Knuth's cyclic order
/// are the slots `e + 1..e + width`, one slice. An entry removed from an
/// option shifts the later ones down (and their slots in the lists), and a
/// removed option leaves every list and keeps no slot. So the lists hold only
/// the entries of options still there, an option's first entry is the slot
/// `start[o]`, and the trials, which run over rows and lists millions of
/// times, never test whether an entry is still there.
///
/// What is hidden is marked with generations, not flags: the trials of a step
/// take increasing numbers, and the options hidden for the whole step a
/// number past them all; an option is hidden in a trial while its mark is at
/// least the trial's number, and an item's [`Count`] holds only for its
/// trial's number. Nothing a trial hid is shown or counted back: the next
/// trial's number forgets it.
struct Pass<'p> {
    problem: &'p Problem,
    /// The items in Knuth's order: primary, then secondary.
    order: Vec<u32>,
    primary: Vec<bool>,
    /// Per slot (the copies too): its item, its colour (0 for none, else the
    /// colour + 1), its option.
    item: Vec<u32>,
    color: Vec<u32>,
    option: Vec<u32>,
    /// Per option: the slots of its entries, `start[o]..end[o]`.
    start: Vec<u32>,
    end: Vec<u32>,
    /// Per option: the generation that hid it last (0: never).
    mark: Vec<u32>,
    /// The last generation given out.
    generation: u32,
    /// Per item: its entries, in input order; how many of them show (outside
    /// trials).
    list: Vec<Vec<Entry>>,
    len: Vec<u32>,
    /// Per item: its count in the current trial.
    count: Vec<Count>,
    /// Per item: the option being tried, when it holds the item.
    stamp: Vec<u32>,
    removed: Removals,
    infeasible: Option<Item>,
}

/// The outcome of hiding the options that clash with a tried option.
enum Trial {
    Fits,
    Blocks(u32),
}

/// The items after slot `e` in Knuth's cyclic order, of an option of
/// `width` entries: one slice, the row being written twice in a row.
fn after(item: &[u32], e: usize, width: usize) -> &[u32] {
    &item[e + 1..e + width]
}

/// Counts back the options of `items`.
fn give(len: &mut [u32], items: &[u32]) {
    for &i in items {
        len[i as usize] += 1;
    }
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
            start: Vec::with_capacity(problem.n_options()),
            end: Vec::with_capacity(problem.n_options()),
            mark: vec![0; problem.n_options()],
            generation: 0,
            list: vec![Vec::new(); n_items],
            len: vec![0; n_items],
            count: vec![Count::default(); n_items],
            stamp: vec![NONE; n_items],
            removed: Removals::default(),
            infeasible: None,
        };
        for o in problem.options() {
            let start = pass.item.len();
            pass.start.push(start as u32);
            // Options without a primary item hold no entries: DLX-PRE drops them on input.
            if !problem.is_ignored(o) {
                let width = problem.option(o).len() as u32;
                for (item, color) in problem.option(o) {
                    let slot = pass.item.len() as u32;
                    pass.item.push(item.0);
                    pass.color.push(color.map_or(0, |c| c.0 + 1));
                    pass.option.push(o.0);
                    pass.list[item.index()].push(Entry { slot, option: o.0, width });
                    pass.len[item.index()] += 1;
                }
            }
            let end = pass.item.len();
            pass.end.push(end as u32);
            pass.item.extend_from_within(start..end);
            pass.color.extend_from_within(start..end);
            pass.option.extend_from_within(start..end);
        }
        pass
    }

    /// The slots of the option of entry `e`.
    fn span(&self, e: u32) -> (usize, usize) {
        let o = self.option[e as usize] as usize;
        (self.start[o] as usize, self.end[o] as usize)
    }

    /// The items of the entries of the option of `e` after `e`, then those
    /// before it: Knuth's cyclic order from `e`.
    fn cyclic(&self, e: u32) -> &[u32] {
        let (start, end) = self.span(e);
        after(&self.item, e as usize, end - start)
    }

    /// Takes the next `n` generations and returns the first, once they fit
    /// below `u32::MAX`; else every mark and count is forgotten first.
    fn generations(&mut self, n: usize) -> u32 {
        let n = u32::try_from(n).expect("fewer options than generations");
        if u32::MAX - self.generation <= n {
            self.mark.fill(0);
            self.count.fill(Count::default());
            self.generation = 0;
        }
        self.generation += n;
        self.generation - n + 1
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
    /// list, marking them with generation `top`; returns the last primary
    /// item left with no option showing.
    fn hide(&mut self, c: u32, top: u32) -> u32 {
        let mut forcing = NONE;
        let Pass { item, color, mark, list, len, primary, .. } = self;
        for e in &list[c as usize] {
            if color[e.slot as usize] != 0 {
                continue;
            }
            mark[e.option as usize] = top;
            for &i in after(item, e.slot as usize, e.width as usize) {
                let i = i as usize;
                len[i] -= 1;
                if len[i] == 0 && primary[i] {
                    forcing = i as u32;
                }
            }
        }
        forcing
    }

    /// Counts back what [`Pass::hide`] hid (the marks are left: the next
    /// step's generation is past them).
    fn unhide(&mut self, c: u32) {
        let Pass { item, color, list, len, .. } = self;
        for e in &list[c as usize] {
            if color[e.slot as usize] == 0 {
                give(len, after(item, e.slot as usize, e.width as usize));
            }
        }
    }

    /// One step of a round, for item `c`: removes it if another item forces
    /// it, else the options of its list that block an item. `None` when the
    /// problem turned out infeasible.
    fn try_item(&mut self, c: u32) -> Option<bool> {
        // The trials of the step take the generations `first..top`, in
        // order, and the options hidden for the whole step are marked `top`:
        // so an option is hidden in a trial when its mark is at least the
        // trial's generation.
        let n = self.list[c as usize].len();
        let first = self.generations(n + 1);
        let top = first + n as u32;
        let forcing = self.hide(c, top);
        if forcing != NONE {
            self.unhide(c);
            return self.remove_forced(c, forcing).then_some(true);
        }
        let mut blocking = Vec::new();
        for k in 0..self.list[c as usize].len() {
            let Entry { slot: r, option: o, .. } = self.list[c as usize][k];
            if self.color[r as usize] != 0 || self.start[o as usize] != r {
                continue;
            }
            if let Trial::Blocks(blocked) = self.trial(r, first + k as u32) {
                self.removed.options.push((OptionId(o), OptionChange::Blocks { blocked: Item(blocked) }));
                blocking.push(r);
            }
        }
        self.unhide(c);
        let change = !blocking.is_empty();
        // Removed last marked first, as DLX-PRE does.
        for &r in blocking.iter().rev() {
            let (o, (start, end)) = (self.option[r as usize] as usize, self.span(r));
            let slots = (r as usize + 1..end).chain(start..r as usize + 1);
            if !self.delete(o, slots, true) {
                return None;
            }
        }
        Some(change)
    }

    /// Removes option `o`: the entries in `slots`, in that order, leave
    /// their lists, and an item left with no option is removed. `false` when
    /// that item is primary: the problem is infeasible. With `check_after`,
    /// an item is looked at once its count is down (DLX-PRE deleting a
    /// blocking option), else before (deleting an excluded one); the two
    /// differ only in the report of an infeasible problem.
    fn delete(&mut self, o: usize, slots: impl Iterator<Item = usize>, check_after: bool) -> bool {
        for f in slots {
            let i = self.item[f] as usize;
            if !check_after && self.len[i] == 1 && !self.empty(i as u32) {
                return false;
            }
            self.len[i] -= 1;
            let list = &mut self.list[i];
            if let Some(k) = list.iter().position(|e| e.slot as usize == f) {
                list.remove(k);
            }
            if check_after && self.len[i] == 0 && !self.empty(i as u32) {
                return false;
            }
        }
        self.end[o] = self.start[o];
        true
    }

    /// Chooses option `r` (its first item's options hidden already, marked
    /// past `g`): hides every option that clashes with it, marking it `g`,
    /// and says whether a primary item not in `r` is left without options.
    /// Nothing is undone: the next trial's generation, past `g`, forgets it.
    #[inline(never)]
    fn trial(&mut self, r: u32, g: u32) -> Trial {
        let tried = self.option[r as usize];
        let (start, end) = self.span(r);
        let r = r as usize;
        for &i in &self.item[start..end] {
            self.stamp[i as usize] = tried;
        }
        let Pass { item, color, mark, list, len, count, primary, stamp, .. } = self;
        let (item, color, len, primary, stamp) = (&item[..], &color[..], &len[..], &primary[..], &stamp[..]);
        for q in (r + 1..end).chain(start..r) {
            let (cc, x) = (item[q] as usize, color[q]);
            for e in &list[cc] {
                let o = e.option as usize;
                if mark[o] >= g || (x > 0 && color[e.slot as usize] == x) {
                    continue;
                }
                for &i in after(item, e.slot as usize, e.width as usize) {
                    let i = i as usize;
                    let n = &mut count[i];
                    if n.generation != g {
                        *n = Count { generation: g, left: len[i] };
                    }
                    if n.left == 1 && stamp[i] != tried && primary[i] {
                        return Trial::Blocks(i as u32);
                    }
                    n.left -= 1;
                }
                mark[o] = g;
            }
        }
        Trial::Fits
    }

    /// Removes item `c`, which every option of `forcing` holds: the options
    /// of `c` that hold `forcing` lose `c`, the others go. `false` when the
    /// problem turned out infeasible.
    fn remove_forced(&mut self, c: u32, forcing: u32) -> bool {
        let entries = std::mem::take(&mut self.list[c as usize]);
        for &Entry { slot: r, option: o, .. } in &entries {
            let holds = self.cyclic(r).contains(&forcing);
            if holds {
                let change = OptionChange::Shortened { item: Item(c), forced_by: Item(forcing) };
                self.removed.options.push((OptionId(o), change));
                self.shorten(r);
            } else {
                let change = OptionChange::Excluded { item: Item(c), forced_by: Item(forcing) };
                self.removed.options.push((OptionId(o), change));
                // The entry of `c` is not counted: its list goes as a whole.
                let (start, end) = self.span(r);
                let r = r as usize;
                if !self.delete(o as usize, (r + 1..end).chain(start..r), false) {
                    return false;
                }
            }
        }
        self.len[c as usize] = 0;
        self.removed.items.push((Item(c), ItemChange::Forced { forced_by: Item(forcing) }));
        true
    }

    /// Removes entry `r` from its option (its item's list is left to the
    /// caller): the later entries of the option move down a slot, and the
    /// copy follows; the option's entries in the lists learn its new width.
    fn shorten(&mut self, r: u32) {
        let o = self.option[r as usize] as usize;
        let (start, end) = (self.start[o] as usize, self.end[o] as usize);
        let width = (end - start - 1) as u32;
        for f in (start..end).filter(|&f| f != r as usize) {
            let i = self.item[f] as usize;
            if let Some(e) = self.list[i].iter_mut().find(|e| e.slot as usize == f) {
                e.width = width;
                if f > r as usize {
                    e.slot -= 1;
                }
            }
        }
        self.item.copy_within(r as usize + 1..end, r as usize);
        self.color.copy_within(r as usize + 1..end, r as usize);
        self.item.copy_within(start..end - 1, end - 1);
        self.color.copy_within(start..end - 1, end - 1);
        self.end[o] -= 1;
    }

    /// Item `i` has no option left: a secondary item is removed (`true`); a
    /// primary one makes the problem infeasible (`false`).
    fn empty(&mut self, i: u32) -> bool {
        if self.primary[i as usize] {
            self.infeasible = Some(Item(i));
            false
        } else {
            self.removed.items.push((Item(i), ItemChange::Unused));
            true
        }
    }

    /// The reduced problem.
    fn finish(mut self, rounds: usize, interrupted: bool) -> Result<Reduced, PreError> {
        let problem = self.problem;
        let searched = problem.options().filter(|&o| !problem.is_ignored(o)).count();
        let mut b = Problem::builder();
        let mut origin = Vec::new();
        // Items declared with bounds (`[1, 1]`: no others are taken) keep
        // their declaration, so that the reduced problem is searched as one
        // of bounds too (see `Problem::declares_bounds`).
        let primary = |b: &mut ProblemBuilder, item: Item| match problem.declared_bounds(item) {
            Some((lower, upper)) => b.primary_with_bounds(problem.item_name(item), lower, upper),
            None => b.primary(problem.item_name(item)),
        };
        if let Some(item) = self.infeasible {
            primary(&mut b, item)?;
            for o in problem.options().filter(|&o| !problem.is_ignored(o)) {
                if !self.removed.options.iter().any(|&(r, _)| r == o) {
                    self.removed.options.push((o, OptionChange::Infeasible));
                }
            }
            for i in self.order.clone() {
                let gone = self.removed.items.iter().any(|&(j, _)| j.0 == i);
                if i != item.0 && !gone {
                    self.removed.items.push((Item(i), ItemChange::Infeasible));
                }
            }
        } else {
            let mut new_item = vec![NONE; problem.n_items()];
            for &i in &self.order {
                if self.len[i as usize] > 0 {
                    let name = problem.item_name(Item(i));
                    let item = if self.primary[i as usize] { primary(&mut b, Item(i))? } else { b.secondary(name)? };
                    new_item[i as usize] = item.0;
                }
            }
            for k in 0..self.order.len() {
                let c = self.order[k] as usize;
                if self.len[c] == 0 {
                    continue;
                }
                for &Entry { slot: r, option: o, .. } in &self.list[c] {
                    let o = o as usize;
                    if self.start[o] != r {
                        continue;
                    }
                    let mut entries: Vec<(Item, Option<Color>)> = Vec::new();
                    for f in self.start[o] as usize..self.end[o] as usize {
                        let item = Item(new_item[self.item[f] as usize]);
                        let color = match self.color[f] {
                            0 => None,
                            x => Some(b.color(problem.color_name(Color(x - 1)))?),
                        };
                        entries.push((item, color));
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
            removed: self.removed,
            rounds,
            infeasible,
            interrupted,
            bounds: Vec::new(),
            searched,
            items,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Generations given out past `u32::MAX` start again from nothing, and
    /// the pass removes what DLX-PRE removes: the figures of its run on the
    /// pentominoes (`data/pre/pentomino_6x10.txt`: 235 options and no item,
    /// 3 rounds) and on Scott's 8×8 (152 options, 2 rounds), with numbers
    /// running out at many points of the pass.
    #[test]
    fn generations_start_again_when_they_run_out() {
        let cases = [("dlx/pentomino_6x10.dlx", (235, 0, 3)), ("dlx/knuth_pack_scott_8x8.dlx", (152, 0, 2))];
        for (file, expected) in cases {
            let problem = Problem::from_knuth(&quadrille_testing::data::read(file)).unwrap();
            let whole = problem.preprocess().unwrap();
            for left in [0, 1, 7, 100, 1_000] {
                let mut pass = Pass::new(&problem);
                pass.generation = u32::MAX - left;
                let (rounds, interrupted) = pass.reduce(None, None);
                assert!(pass.generation < u32::MAX - left, "{file}: the numbers did not run out");
                let reduced = pass.finish(rounds, interrupted).unwrap();
                let found = (reduced.options_removed(), reduced.items_removed(), reduced.rounds);
                assert_eq!(found, expected, "{file}, {left} generations left");
                assert_eq!(reduced.problem.to_knuth(), whole.problem.to_knuth(), "{file}, {left} generations left");
            }
        }
    }
}
