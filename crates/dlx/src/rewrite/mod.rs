//! Bounds that can never bind, proved and rewritten away: a pass that reads
//! a [`Problem`] and builds another with the same solutions, option for
//! option, so that the engines that take no bounds (the memo, the sweep,
//! the domain-consistent search, the preprocessing) take it.
//!
//! A primary item may carry bounds `[a, b]` (Knuth's multiplicities, his
//! DLX3's `a:b|name`): every solution covers it at least `a` and at most
//! `b` times. Often they cannot bind. In BurrTools' six-piece burrs
//! (`data/dlx/burr_solid_six_bounds.dlx`), 25 pieces of 14 to 24 cubes,
//! each used 0 to 6 times, fill 104 cells: seven copies of the smallest
//! piece would leave 6 cells, fewer than any piece has, so no solution
//! could use any piece seven times, and the bounds `0:6` say nothing. This
//! pass proves such facts, item by item, and rewrites the problem.
//!
//! # The argument
//!
//! Call *exact* the primary items covered exactly once (bounds `[1, 1]`,
//! every plain primary item), `N` their number, and the *size* `s(o)` of
//! an option `o` the number of exact items it holds. An option without a
//! primary item is in no solution (every engine ignores it, as DLX1 does),
//! so the options below are the others. For an item `p` with bounds, let
//! its options be those that hold it, `n_p` of them.
//!
//! **Lemma.** Let `S` be any set of options that covers every exact item
//! exactly once, whatever it does to the other items. If `S` holds `k`
//! options of `p`, then `N = t + r`, where `t` is a sum of `k` sizes of
//! options of `p` and `r` a sum of sizes of options not of `p`, each size
//! counted any number of times. If `S` holds at least `k` options of `p`,
//! then `N = t + r` with `t` a sum of `k` sizes of options of `p` and `r` a
//! sum of sizes of any options.
//!
//! *Proof.* The exact items are partitioned by the options of `S`, so
//! their sizes add up to `N`; split them into `k` options of `p` and the
//! others (or, for *at least*, into `k` options of `p` and all the others,
//! those of `p` among them). A set of options is a multiset of options, so
//! sizes that may repeat include those that do not. ∎
//!
//! Say that *`k` options of `p` fit* when such `t` and `r` exist (the first
//! kind), and that *at least `k` fit* when they do for the second. The
//! counts of `p`'s options in sets `S` as in the lemma all lie in
//! `K_p = {k ≤ n_p : k options of p fit}`. Then:
//!
//! - The **upper bound** `b` never binds when `n_p ≤ b` (no solution holds
//!   more than `n_p` options of `p`), or when at least `b + 1` do not fit:
//!   no `S` holds more than `b` options of `p`.
//! - The **lower bound** `a` never binds when `a = 0`, or when no `k < a`
//!   fits: every `S` holds at least `a` options of `p`.
//! - Every `S` holds **at most one** option of `p` when `n_p ≤ 1` or at
//!   least two do not fit, and **at least one** when none do not fit (`N`
//!   is no sum of sizes of options without `p`).
//!
//! **The rewrite.** The solutions are the sets `S` as in the lemma that
//! also cover each secondary item at most once or with one colour, and each
//! item `p` with bounds between `a_p` and `b_p` times. By the lemma, the
//! count of `p` in such `S` lies in `K_p`: bounds `[a', b']` that keep the
//! same counts of `K_p` (`{k ∈ K_p : a' ≤ k ≤ b'} = {k ∈ K_p : a ≤ k ≤
//! b}`) keep the same solutions. The lemma looks at the exact items alone,
//! which the rewrite leaves as they are, so this holds for every item at
//! once: the rewritten problem's solutions cover the exact items once, and
//! their counts lie in the same sets `K_p`. Any `a' ≤ a` will do when the
//! lower bound never binds (then `a' ≤ min K_p` too, up to `1` when at
//! least one option always comes), any `b' ≥ b` when the upper bound never
//! binds (down to `1` when at most one comes), and the bound as given
//! otherwise. So the item:
//!
//! - is **removed** from every option when `a' = 0` and `b' = ∞` will do: it
//!   constrains nothing. An option that would be left without a primary
//!   item would be ignored by every engine, and the solutions holding it
//!   lost: so every option of `p` must keep a primary item (items are
//!   removed in order, each only if its options keep one after those before
//!   it), else the item stays;
//! - becomes a **plain primary item** when `a' = 1` and `b' = 1` will do;
//! - becomes a **secondary item**, without colours, when `a' = 0` and
//!   `b' = 1` will do (a secondary item is covered at most once), with the
//!   proviso of a removal (then it stays, perhaps as a plain item);
//! - **keeps its bounds** otherwise.
//!
//! Removal is tried first (the problem shrinks), then the plain item,
//! then the secondary one. Options keep their numbers and their costs,
//! colours theirs; the items their names, primary items first in the
//! order given, then the secondary ones (those of the input and those
//! made), as Knuth orders them. A solution of the rewritten problem is the
//! same set of options in the input.
//!
//! # The sums, and their cost
//!
//! The totals up to `N` are bitsets of `N + 1` bits. The sums of sizes
//! taken any number of times (a coin problem) are made by doubling: each
//! size `c` adds `c`, `2c`, `4c`, … in turn, `log(N / c)` shifts of the
//! whole set; once for every option, and for an item `p` with a lower
//! bound once more when some size is held only by its options. The sums
//! of `k` sizes of `p`'s options come one `k` after the other, each a shift
//! of the last by each size `p`'s options have, to `k = b + 1` at most, and
//! stop early when no total up to `N` is left, or, when some option of `p`
//! has size 0, when the set stops growing. The rest is linear in the
//! problem's nodes. The pass counts the words its bitsets touch and gives
//! up past [`DEFAULT_WORK`] (or [`Rewrite::work_limit`]): an item whose
//! sums would pass it is not examined, and keeps its bounds. On the burrs
//! (25 items, one size each, `N = 104`) the sums touch 764 words, and
//! the pass takes well under a millisecond.
//!
//! ```
//! use quadrille_dlx::rewrite::{Became, Rewrite};
//! use quadrille_dlx::{Problem, Search};
//!
//! // Dominoes (two cells) and a tromino (three cells) in a strip of six
//! // cells, the tromino used at most twice: three trominoes would need nine.
//! let problem = Problem::from_knuth(
//!     "c0 c1 c2 c3 c4 c5 0:2|T\n\
//!      c0 c1\nc1 c2\nc2 c3\nc3 c4\nc4 c5\nT c0 c1 c2\nT c3 c4 c5\nT c1 c2 c3\n",
//! )?;
//! let rewritten = Rewrite::new().run(&problem);
//! assert_eq!(rewritten.items[0].became, Became::Removed);
//! assert!(!rewritten.problem.has_bounds());
//! assert_eq!(rewritten.problem.format_option(quadrille_dlx::OptionId(5)), "c0 c1 c2");
//! // The same solutions, option for option.
//! let count = |p: &Problem| Search::new(p).count().map(|c| c.solutions_u64());
//! // Three dominoes, or the two trominoes at the ends.
//! assert_eq!(count(&problem)?, Some(2));
//! assert_eq!(count(&rewritten.problem)?, Some(2));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod sums;

use std::fmt;

use crate::util::problem::{Color, Item, OptionId, Problem};

use sums::Totals;

/// The most words of bitsets the pass touches by default (16 million, some
/// milliseconds): past it, items are left as they are.
pub const DEFAULT_WORK: u64 = 1 << 24;

/// What the pass found of one bound of an item.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Bound {
    /// Nothing to prove: a lower bound of 0, or an upper bound at least the
    /// item's number of options.
    Idle,
    /// Proved never to bind, by the sums of the module's notes.
    NeverBinds,
    /// Not proved: the bound may bind.
    MayBind,
    /// Not examined: the sums would have passed the work limit.
    Unexamined,
}

impl Bound {
    /// Whether the bound is proved never to bind (or binds nothing).
    pub fn never_binds(self) -> bool {
        matches!(self, Bound::Idle | Bound::NeverBinds)
    }
}

/// What became of an item with bounds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Became {
    /// Removed from every option: its bounds never bind.
    Removed,
    /// A plain primary item: every solution covers it exactly once.
    Plain,
    /// A secondary item: every solution covers it at most once.
    Secondary,
    /// Its bounds as given.
    Kept(Kept),
}

/// Why an item kept its bounds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Kept {
    /// A bound may bind.
    MayBind,
    /// Its bounds never bind, but this option would be left without a
    /// primary item.
    LastPrimary(OptionId),
    /// Its bounds never bind, but it is the problem's last primary item
    /// (it has no option, nor has any other primary item).
    OnlyPrimary,
    /// The sums would have passed the work limit.
    WorkLimit,
}

/// One item with bounds: what the pass proved, and what became of it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ItemRewrite {
    /// The item, in the input.
    pub item: Item,
    /// Its name.
    pub name: String,
    /// Its bounds, as given.
    pub bounds: (u32, u32),
    /// Its number of options (those with a primary item).
    pub options: usize,
    /// What the pass found of its lower bound.
    pub lower: Bound,
    /// What the pass found of its upper bound.
    pub upper: Bound,
    /// What became of it.
    pub became: Became,
}

impl fmt::Display for ItemRewrite {
    /// One line in words: `item `S1` 0:6: removed (may be left uncovered;
    /// the upper bound 6 never binds)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (a, b) = self.bounds;
        let became = match self.became {
            Became::Removed => "removed".to_string(),
            Became::Plain => "a plain primary item".to_string(),
            Became::Secondary => "a secondary item".to_string(),
            Became::Kept(Kept::MayBind) => "kept".to_string(),
            Became::Kept(Kept::LastPrimary(o)) => {
                format!("kept, as option {} would be left without a primary item", o.0 + 1)
            }
            Became::Kept(Kept::WorkLimit) => "kept, not examined (the work limit)".to_string(),
            Became::Kept(Kept::OnlyPrimary) => "kept, as the last primary item".to_string(),
        };
        let lower = match self.lower {
            Bound::Idle => "may be left uncovered".to_string(),
            Bound::NeverBinds => format!("the lower bound {a} never binds"),
            Bound::MayBind => format!("the lower bound {a} may bind"),
            Bound::Unexamined => format!("the lower bound {a} not examined"),
        };
        let upper = match self.upper {
            Bound::Idle => format!("the upper bound {b} is at least its {} options", self.options),
            Bound::NeverBinds => format!("the upper bound {b} never binds"),
            Bound::MayBind => format!("the upper bound {b} may bind"),
            Bound::Unexamined => format!("the upper bound {b} not examined"),
        };
        write!(f, "item `{}` {a}:{b}: {became} ({lower}; {upper})", self.name)
    }
}

/// The rewritten problem, what became of each item with bounds, and where
/// the items went.
#[derive(Clone, Debug)]
pub struct Rewritten {
    /// The rewritten problem: the same options, in the same order, each
    /// without the items removed; the items kept, by their names. The
    /// input itself (a clone) when nothing changed.
    pub problem: Problem,
    /// Every primary item of the input with bounds other than `[1, 1]`, in
    /// order.
    pub items: Vec<ItemRewrite>,
    /// The number of items covered exactly once, `N` of the module's notes.
    pub exact: usize,
    /// The words of bitsets the sums touched.
    pub work: u64,
    /// For each item of the input, its item in the rewritten problem.
    new_item: Vec<Option<Item>>,
    /// For each item of the rewritten problem, its item in the input.
    old_item: Vec<Item>,
}

impl Rewritten {
    /// Whether the problem changed (some item removed or made plain or
    /// secondary).
    pub fn changed(&self) -> bool {
        self.items.iter().any(|i| !matches!(i.became, Became::Kept(_)))
    }

    /// The first item that keeps its bounds, if any: why an engine that
    /// takes no bounds still cannot take the problem.
    pub fn kept(&self) -> Option<&ItemRewrite> {
        self.items.iter().find(|i| matches!(i.became, Became::Kept(_)))
    }

    /// The item of the rewritten problem that `item` of the input became
    /// (none when removed).
    pub fn item(&self, item: Item) -> Option<Item> {
        self.new_item[item.index()]
    }

    /// The item of the input that `item` of the rewritten problem was.
    pub fn input_item(&self, item: Item) -> Item {
        self.old_item[item.index()]
    }
}

/// The pass, configured with builder-style setters.
#[derive(Clone, Debug)]
pub struct Rewrite {
    work_limit: u64,
}

impl Default for Rewrite {
    fn default() -> Rewrite {
        Rewrite { work_limit: DEFAULT_WORK }
    }
}

impl Rewrite {
    /// The pass, with the work limit [`DEFAULT_WORK`].
    pub fn new() -> Rewrite {
        Rewrite::default()
    }

    /// At most `words` words of bitsets touched by the sums: an item whose
    /// sums would pass them keeps its bounds ([`Kept::WorkLimit`]).
    pub fn work_limit(mut self, words: u64) -> Rewrite {
        self.work_limit = words;
        self
    }

    /// Rewrites `problem` (see the module's notes). A problem without bounds
    /// comes back as it is.
    pub fn run(&self, problem: &Problem) -> Rewritten {
        let identity = || (problem.items().map(Some).collect(), problem.items().collect());
        if !problem.has_bounds() {
            let (new_item, old_item) = identity();
            return Rewritten { problem: problem.clone(), items: Vec::new(), exact: 0, work: 0, new_item, old_item };
        }
        let facts = Facts::gather(problem);
        let mut sums = Sums::new(&facts, self.work_limit);
        let found: Vec<Found> = (0..facts.bounded.len()).map(|k| sums.examine(&facts, k)).collect();
        let becomes = facts.decide(&found);
        let items = facts
            .bounded
            .iter()
            .zip(&found)
            .zip(&becomes)
            .map(|((&item, found), &became)| ItemRewrite {
                item,
                name: problem.item_name(item).to_string(),
                bounds: problem.bounds(item),
                options: facts.options_of[facts.slot[item.index()] as usize].len(),
                lower: found.lower,
                upper: found.upper,
                became,
            })
            .collect();
        let mut rewritten = Rewritten {
            problem: problem.clone(),
            items,
            exact: facts.n_exact,
            work: sums.work,
            new_item: Vec::new(),
            old_item: Vec::new(),
        };
        if !rewritten.changed() {
            (rewritten.new_item, rewritten.old_item) = identity();
            return rewritten;
        }
        match build(problem, &facts, &becomes) {
            Some((built, new_item, old_item)) => {
                rewritten.problem = built;
                rewritten.new_item = new_item;
                rewritten.old_item = old_item;
            }
            // Not reached: the rewritten problem is smaller than the input,
            // its names and colours the input's, every option keeps a
            // primary item, and so does the problem. Should the builder
            // refuse it all the same, the input stands, every item kept.
            None => {
                for item in &mut rewritten.items {
                    item.became = Became::Kept(Kept::MayBind);
                }
                (rewritten.new_item, rewritten.old_item) = identity();
            }
        }
        rewritten
    }
}

impl Problem {
    /// The problem rewritten without the bounds that can never bind, by
    /// [`Rewrite`] with its default work limit.
    pub fn rewrite_bounds(&self) -> Rewritten {
        Rewrite::new().run(self)
    }
}

/// What the pass reads of the problem, once: the exact items, the options'
/// sizes and primary items, and each item with bounds with its options.
struct Facts<'p> {
    problem: &'p Problem,
    n_exact: usize,
    /// The items with bounds, in order, and each item's place among them
    /// (`u32::MAX` for the others).
    bounded: Vec<Item>,
    slot: Vec<u32>,
    /// The options of each item with bounds (searched ones: with a primary
    /// item).
    options_of: Vec<Vec<u32>>,
    /// Per option: its size (exact items) and its primary items.
    size: Vec<u32>,
    primaries: Vec<u32>,
    /// How many searched options have each size.
    by_size: Vec<u32>,
}

impl<'p> Facts<'p> {
    fn gather(problem: &'p Problem) -> Facts<'p> {
        let exact: Vec<bool> = problem.items().map(|i| problem.is_primary(i) && problem.bounds(i) == (1, 1)).collect();
        let mut slot = vec![u32::MAX; problem.n_items()];
        let mut bounded = Vec::new();
        for item in problem.items().filter(|&i| problem.is_primary(i) && !exact[i.index()]) {
            slot[item.index()] = bounded.len() as u32;
            bounded.push(item);
        }
        let mut options_of = vec![Vec::new(); bounded.len()];
        let mut size = vec![0; problem.n_options()];
        let mut primaries = vec![0; problem.n_options()];
        let mut by_size = Vec::new();
        for o in problem.options() {
            if problem.is_ignored(o) {
                continue;
            }
            let (mut s, mut p) = (0u32, 0u32);
            for &item in problem.option_items(o) {
                s += exact[item.index()] as u32;
                p += problem.is_primary(item) as u32;
                if let Some(list) = options_of.get_mut(slot[item.index()] as usize) {
                    list.push(o.0);
                }
            }
            (size[o.index()], primaries[o.index()]) = (s, p);
            if by_size.len() <= s as usize {
                by_size.resize(s as usize + 1, 0);
            }
            by_size[s as usize] += 1;
        }
        let n_exact = exact.iter().filter(|&&e| e).count();
        Facts { problem, n_exact, bounded, slot, options_of, size, primaries, by_size }
    }

    /// What becomes of each item with bounds, from what the sums found:
    /// removal, a plain item or a secondary one, as the module's notes say.
    fn decide(&self, found: &[Found]) -> Vec<Became> {
        // The primary items each option would keep: an item leaves the
        // primary ones only if every option of it keeps another.
        let mut primaries = self.primaries.clone();
        // The primary items left: the last one stays, options or not.
        let mut left = self.problem.n_primary();
        let mut becomes = Vec::with_capacity(found.len());
        for (k, f) in found.iter().enumerate() {
            let (a, b) = self.problem.bounds(self.bounded[k]);
            let zero_lower = a == 0 || f.lower.never_binds();
            let one_lower = a == 1 || (f.lower.never_binds() && (a >= 1 || f.at_least_one));
            let one_upper = b == 1 || f.at_most_one;
            let leaves = if zero_lower && f.upper.never_binds() {
                Some(Became::Removed)
            } else if zero_lower && one_upper {
                Some(Became::Secondary)
            } else {
                None
            };
            let options = &self.options_of[k];
            let mut became = match leaves {
                Some(_) if left == 1 => Became::Kept(Kept::OnlyPrimary),
                Some(leaves) => match options.iter().find(|&&o| primaries[o as usize] < 2) {
                    None => {
                        for &o in options {
                            primaries[o as usize] -= 1;
                        }
                        left -= 1;
                        leaves
                    }
                    Some(&o) => Became::Kept(Kept::LastPrimary(OptionId(o))),
                },
                None => Became::Kept(if f.unexamined() { Kept::WorkLimit } else { Kept::MayBind }),
            };
            if matches!(became, Became::Kept(_)) && one_lower && one_upper {
                became = Became::Plain;
            }
            becomes.push(became);
        }
        becomes
    }
}

/// What the sums found of one item.
#[derive(Clone, Copy, Debug)]
struct Found {
    lower: Bound,
    upper: Bound,
    /// Proved: every set of the lemma holds at most one option of the item.
    at_most_one: bool,
    /// Proved: every set of the lemma holds at least one.
    at_least_one: bool,
}

impl Found {
    fn unexamined(&self) -> bool {
        self.lower == Bound::Unexamined || self.upper == Bound::Unexamined
    }
}

/// The sums of the module's notes, within the work limit.
struct Sums {
    n: usize,
    /// The sizes of the searched options, each once.
    sizes: Vec<usize>,
    /// The totals `t` such that `N - t` is a sum of sizes of any options
    /// (made when first needed).
    rest_all: Option<Totals>,
    work: u64,
    limit: u64,
}

impl Sums {
    fn new(facts: &Facts<'_>, limit: u64) -> Sums {
        let sizes = (0..facts.by_size.len()).filter(|&s| facts.by_size[s] > 0).collect();
        Sums { n: facts.n_exact, sizes, rest_all: None, work: 0, limit }
    }

    /// The words of one set of totals.
    fn words(&self) -> u64 {
        Totals::words_for(self.n) as u64
    }

    /// The totals `t` such that `N - t` is a sum of the sizes, each any
    /// number of times.
    fn rest(&mut self, sizes: &[usize]) -> Totals {
        let (sums, work) = Totals::coins(sizes, self.n);
        let (rest, more) = sums.complements();
        self.work += work + more;
        rest
    }

    /// [`Sums::rest`] of the sizes of every option, made once.
    fn rest_all(&mut self) -> Totals {
        if self.rest_all.is_none() {
            let sizes = self.sizes.clone();
            self.rest_all = Some(self.rest(&sizes));
        }
        self.work += self.words();
        self.rest_all.clone().expect("made above")
    }

    /// [`Sums::rest`] of these sizes, of every option's when they are all.
    fn rest_of(&mut self, sizes: &[usize]) -> Totals {
        if sizes == self.sizes { self.rest_all() } else { self.rest(sizes) }
    }

    /// The work of [`Sums::rest_of`] these sizes.
    fn rest_cost(&self, sizes: &[usize]) -> u64 {
        if sizes == self.sizes && self.rest_all.is_some() {
            return self.words();
        }
        let doublings = u64::from(usize::BITS - self.n.leading_zeros()) + 1;
        (sizes.len() as u64 * doublings + 2) * self.words() + self.n as u64 + 1
    }

    /// What the sums prove of item `k`'s bounds.
    fn examine(&mut self, facts: &Facts<'_>, k: usize) -> Found {
        let (a, b) = facts.problem.bounds(facts.bounded[k]);
        let (a, b) = (a as usize, b as usize);
        let options = &facts.options_of[k];
        let n_p = options.len();
        // The sizes of the item's options, each once with its number.
        let mut own: Vec<u32> = options.iter().map(|&o| facts.size[o as usize]).collect();
        own.sort_unstable();
        let mut mine: Vec<(usize, u32)> = Vec::new();
        for s in own {
            match mine.last_mut() {
                Some((last, count)) if *last == s as usize => *count += 1,
                _ => mine.push((s as usize, 1)),
            }
        }
        let sizes: Vec<usize> = mine.iter().map(|&(s, _)| s).collect();
        // The sizes of the options without the item: those some other
        // option has too.
        let others: Vec<usize> = self
            .sizes
            .iter()
            .copied()
            .filter(|&s| {
                let own = mine.binary_search_by_key(&s, |&(t, _)| t).map_or(0, |i| mine[i].1);
                facts.by_size[s] > own
            })
            .collect();
        // The questions: does some k < a fit (the lower bound), do at
        // least b + 1 (the upper), at least two (at most one comes), none
        // (at least one comes; asked only where it may matter, below)?
        let check_upper = n_p > b;
        let check_lower = a > 0;
        let check_two = n_p >= 2 && b >= 2;
        let mut found = Found {
            lower: if check_lower { Bound::NeverBinds } else { Bound::Idle },
            upper: if check_upper { Bound::NeverBinds } else { Bound::Idle },
            at_most_one: n_p <= 1,
            at_least_one: false,
        };
        // The counts of options to reach, never more than the item has.
        let mut depth = if check_upper { b + 1 } else { 0 };
        if check_lower {
            depth = depth.max(a - 1);
        }
        if check_two {
            depth = depth.max(2);
        }
        depth = depth.min(n_p);
        // Without a size 0 the sums pass N after N / (least size) steps; with
        // one, they stop growing after at most N + 1.
        let steps = match sizes.first() {
            Some(&0) | None => depth.min(self.n + 1),
            Some(&least) => depth.min(self.n / least + 1),
        } as u64;
        let need_all = check_upper || check_two;
        let mut cost = (steps + 1) * (sizes.len() as u64 + 4) * self.words();
        if need_all {
            cost += self.rest_cost(&self.sizes);
        }
        if check_lower {
            cost += self.rest_cost(&others);
        }
        if self.work.saturating_add(cost) > self.limit {
            if check_lower {
                found.lower = Bound::Unexamined;
            }
            if check_upper {
                found.upper = Bound::Unexamined;
            }
            return found;
        }
        let rest_all = if need_all { Some(self.rest_all()) } else { None };
        let rest_without = if check_lower { Some(self.rest_of(&others)) } else { None };
        // At each count, the checks that count answers: `exact` that that
        // many options fit, `at_least` that at least that many do.
        let mut two_fit = false;
        let mut check = |count: usize, sums: &Totals, found: &mut Found, work: &mut u64| {
            if let Some(rest) = &rest_without {
                if count < a && found.lower == Bound::NeverBinds && sums.meets(rest) {
                    found.lower = Bound::MayBind;
                }
            }
            if let Some(rest) = &rest_all {
                if check_two && count == 2 && sums.meets(rest) {
                    two_fit = true;
                }
                if check_upper && count == b + 1 && sums.meets(rest) {
                    found.upper = Bound::MayBind;
                }
            }
            *work += 3 * sums.len() as u64;
        };
        // The sums of `count` sizes of the item's options.
        let mut sums = Totals::zero(self.n);
        let mut count = 0;
        loop {
            check(count, &sums, &mut found, &mut self.work);
            // Past the depth every check is made; with no total left, none
            // of those to come can hold.
            if count >= depth || sums.is_empty() {
                break;
            }
            let (next, work) = sums.plus_one(&sizes);
            self.work += work + self.words();
            count += 1;
            if sizes.first() == Some(&0) && next == sums {
                // With a size 0 the sums only grow: once they stop, every
                // count to come answers as this one, and the checks of
                // those up to the depth are made on it.
                let mut later = vec![count];
                if check_two && count < 2 {
                    later.push(2);
                }
                if check_upper && count < b + 1 {
                    later.push(b + 1);
                }
                for count in later {
                    check(count, &sums, &mut found, &mut self.work);
                }
                break;
            }
            sums = next;
        }
        if check_two {
            found.at_most_one = !two_fit;
        }
        // At least one option of the item, where it may make a plain item
        // of one that may be left uncovered: N is no sum of the others' sizes.
        if a == 0 && (b == 1 || found.at_most_one) && self.work.saturating_add(self.rest_cost(&others)) <= self.limit {
            let rest = self.rest_of(&others);
            found.at_least_one = !rest.meets(&Totals::zero(self.n));
        }
        found
    }
}

/// The rewritten problem, and for each item of the input its new item, for
/// each new item its item of the input; `None` if the builder refuses it.
fn build(problem: &Problem, facts: &Facts<'_>, becomes: &[Became]) -> Option<(Problem, Vec<Option<Item>>, Vec<Item>)> {
    let became = |item: Item| match facts.slot[item.index()] {
        u32::MAX => None,
        k => Some(becomes[k as usize]),
    };
    let mut b = Problem::builder();
    let mut new_item = vec![None; problem.n_items()];
    let mut old_item = Vec::new();
    for item in problem.items().filter(|&i| problem.is_primary(i)) {
        let name = problem.item_name(item);
        let made = match became(item) {
            Some(Became::Removed | Became::Secondary) => continue,
            Some(Became::Kept(_)) => {
                let (lower, upper) = problem.bounds(item);
                b.primary_with_bounds(name, lower, upper).ok()?
            }
            None | Some(Became::Plain) => b.primary(name).ok()?,
        };
        new_item[item.index()] = Some(made);
        old_item.push(item);
    }
    for item in problem.items() {
        if !problem.is_primary(item) || became(item) == Some(Became::Secondary) {
            new_item[item.index()] = Some(b.secondary(problem.item_name(item)).ok()?);
            old_item.push(item);
        }
    }
    for c in 0..problem.n_colors() {
        b.color(problem.color_name(Color(c as u32))).ok()?;
    }
    let nodes: usize = problem.options().map(|o| problem.option_items(o).len()).sum();
    b.reserve(problem.n_options(), nodes);
    for o in problem.options() {
        let entries = problem.option(o).filter_map(|(item, color)| new_item[item.index()].map(|i| (i, color)));
        let id = b.option_with_colors(entries).ok()?;
        if problem.has_costs() {
            b.set_cost(id, problem.cost(o)).ok()?;
        }
    }
    let built = b.build().ok()?.with_sharp_preference(problem.sharp_preference());
    Some((built, new_item, old_item))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The burrs' bounds never bind: every piece leaves every option, and
    /// the sums stay small.
    #[test]
    fn the_burrs_lose_their_bounds() {
        let text = quadrille_testing::data::read("dlx/burr_solid_six_bounds.dlx");
        let problem = Problem::from_knuth(&text).unwrap();
        let rewritten = problem.rewrite_bounds();
        assert_eq!(rewritten.items.len(), 25);
        assert!(rewritten.items.iter().all(|i| i.became == Became::Removed && i.upper == Bound::NeverBinds));
        assert!(!rewritten.problem.has_bounds());
        assert_eq!((rewritten.problem.n_items(), rewritten.problem.n_options()), (104, problem.n_options()));
        assert_eq!(rewritten.exact, 104);
        assert!(rewritten.work < 10_000, "{} words", rewritten.work);
    }
}
