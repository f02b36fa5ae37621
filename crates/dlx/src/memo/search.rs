//! The memoizing search: Knuth's DLX6 on links of its own.
//!
//! The layout is Knuth's: item headers `1..=n` in one array of nodes (primary
//! items first, then the secondary items), a spacer before every option, each
//! option's nodes in a row. A header's `itm` field holds the length of its
//! list, its `color` field the colour the item was purified to. Primary items
//! are linked in the list headed by `cl[0]`, the active secondary items in the
//! list headed by `cl[n + 1]`.
//!
//! DLX6 differs from DLX2 in three ways, which this search follows step for
//! step: before a level chooses an item it looks up the **signature** of the
//! remaining problem (the active primary items, and each active secondary item
//! with the colour it holds) in the memo cache; covering and purifying count
//! down the length of a purified secondary item without unlinking its nodes, and
//! take a secondary item out of the active list as soon as no active option uses
//! it (such an item cannot matter to what is left); and each option that leads
//! to a solution makes a ZDD node whose HI branch is the diagram of the level
//! below and whose LO branch is the diagram of the options tried before it.
//!
//! The signature is kept up to date as items leave and re-enter their lists (a
//! bit per primary item, a small field per secondary item), rather than
//! gathered afresh at every level as DLX6 does; the look-up then hashes a few
//! words.

use std::collections::HashMap;
use std::sync::Arc;

use crate::util::monitor::{Monitor, REPORT_EVERY, REPORT_UPDATES};
use crate::util::problem::{OptionId, Problem};
use crate::util::stats::Stats;

use super::budget::{self, Budget};
use super::cache::{Cache, Lookup};
use super::zdd::ZddNode;
use super::{MemoError, MemoStats};

/// A node of Knuth's array: an item header, a spacer, or an option's entry.
#[derive(Clone, Copy, Debug, Default)]
struct Node {
    up: u32,
    down: u32,
    /// The item (from 1), or, in a header, the length of its list (−1 after a
    /// purification left no option), or, in a spacer, −1 − the number of the
    /// option that follows.
    itm: i32,
    /// The node's colour as a number of its item's own (from 1), 0 for none,
    /// −1 once cleansed; in a header, the colour the item was purified to.
    color: i32,
}

/// An item's place in its list of active items.
#[derive(Clone, Copy, Debug, Default)]
struct ItemLinks {
    prev: u32,
    next: u32,
}

/// Where an item's part of the signature lies.
#[derive(Clone, Copy, Debug, Default)]
struct SigField {
    word: u32,
    shift: u32,
    /// The field's mask before shifting (all ones for its width).
    mask: u64,
}

/// The state of one search: Knuth's arrays and the signature.
pub(super) struct Dancer {
    nd: Vec<Node>,
    cl: Vec<ItemLinks>,
    field: Vec<SigField>,
    /// The first secondary item (`n + 1` if there is none).
    second: u32,
    /// `n + 1`: the head of the active secondary items and the first spacer.
    last_itm: u32,
    sig: Vec<u64>,
    /// The bytes taken from the budget for these arrays.
    bytes: usize,
    pub(super) stats: MemoStats,
}

const ROOT: u32 = 0;

impl Dancer {
    /// Lays out Knuth's arrays for the problem within `budget`, or refuses it.
    pub(super) fn new(problem: &Problem, budget: &mut Budget) -> Result<Dancer, MemoError> {
        if let Some(item) = problem.items().find(|&i| problem.is_primary(i) && problem.bounds(i) != (1, 1)) {
            let (lower, upper) = problem.bounds(item);
            return Err(MemoError::Bounds { item: problem.item_name(item).to_string(), lower, upper });
        }
        let n_entries: usize = problem.options().map(|o| problem.searched_items(o).len()).sum();
        let n_nodes = problem.n_items() + 2 + n_entries + problem.n_options();
        if n_nodes >= i32::MAX as usize {
            return Err(MemoError::TooLarge { nodes: n_nodes });
        }
        // The arrays kept for the search (nodes, item links, signature fields,
        // at most a word of signature per item), then those needed only here
        // (the numbering, the colours and their codes), from the budget first.
        let items = problem.n_items() + 2;
        let kept =
            n_nodes * size_of::<Node>() + items * (size_of::<ItemLinks>() + size_of::<SigField>() + size_of::<u64>());
        let colored = if problem.has_colors() { n_entries } else { 0 };
        let passing = items * 3 * size_of::<u32>() + colored * 4 * size_of::<(u32, u32, i32)>();
        budget.take(kept + passing)?;
        let mut nd: Vec<Node> = Vec::new();
        if nd.try_reserve_exact(n_nodes).is_err() {
            budget.give(kept + passing);
            return Err(budget.over(n_nodes * size_of::<Node>()));
        }
        // Knuth's numbering: primary items first, then the secondary ones, each
        // in the order of declaration.
        let mut knuth_of = vec![0u32; problem.n_items()];
        let mut next = 1u32;
        for pass_primary in [true, false] {
            for item in problem.items().filter(|&i| problem.is_primary(i) == pass_primary) {
                knuth_of[item.index()] = next;
                next += 1;
            }
        }
        let n = problem.n_items() as u32;
        let second = problem.n_primary() as u32 + 1;
        let last_itm = n + 1;
        nd.resize(last_itm as usize + 1, Node::default());
        for k in 1..=n {
            nd[k as usize].up = k;
            nd[k as usize].down = k;
        }
        // Colours renumbered per item from 1, in the order of first appearance.
        let mut n_colors = vec![0i32; last_itm as usize];
        let mut color_code: HashMap<(u32, u32), i32> = HashMap::new();
        nd[last_itm as usize].itm = -1;
        for option in problem.options() {
            let spacer = nd.len() - 1;
            for (item, color) in problem.searched(option) {
                let k = knuth_of[item.index()];
                let x = nd.len() as u32;
                let code = match color {
                    None => 0,
                    Some(c) => *color_code.entry((k, c.0)).or_insert_with(|| {
                        n_colors[k as usize] += 1;
                        n_colors[k as usize]
                    }),
                };
                let bottom = nd[k as usize].up;
                nd.push(Node { up: bottom, down: k, itm: k as i32, color: code });
                nd[bottom as usize].down = x;
                nd[k as usize].up = x;
                nd[k as usize].itm += 1;
            }
            let last = nd.len() as u32 - 1;
            nd[spacer].down = last;
            // The spacer before option `o` says `-1 - o`.
            nd.push(Node { up: spacer as u32 + 1, down: 0, itm: -(option.0 as i32) - 2, color: 0 });
        }
        // The active lists: primary items under the root, secondary ones under
        // `cl[last_itm]`.
        let mut cl = vec![ItemLinks::default(); last_itm as usize + 1];
        let link = |cl: &mut Vec<ItemLinks>, head: u32, members: &mut dyn Iterator<Item = u32>| {
            let mut prev = head;
            for k in members {
                cl[prev as usize].next = k;
                cl[k as usize].prev = prev;
                prev = k;
            }
            cl[prev as usize].next = head;
            cl[head as usize].prev = prev;
        };
        link(&mut cl, ROOT, &mut (1..second));
        // Secondary items that no option uses are left out, as DLX6 does.
        let used: Vec<u32> = (second..last_itm).filter(|&k| nd[k as usize].itm > 0).collect();
        link(&mut cl, last_itm, &mut used.iter().copied());
        // The signature: the highest-numbered items in the first word, as
        // Knuth lays them out; a field never straddles two words.
        let mut field = vec![SigField::default(); last_itm as usize];
        let (mut word, mut shift) = (0u32, 0u32);
        for k in (1..last_itm).rev() {
            let width = if k < second {
                1
            } else {
                let colors = n_colors[k as usize] as u32 + 1;
                32 - colors.leading_zeros()
            };
            if shift + width > 64 {
                word += 1;
                shift = 0;
            }
            field[k as usize] = SigField { word, shift, mask: (1u64 << width) - 1 };
            shift += width;
        }
        let mut dancer = Dancer {
            nd,
            cl,
            field,
            second,
            last_itm,
            sig: vec![0; word as usize + 1],
            bytes: kept,
            stats: MemoStats::default(),
        };
        budget.give(passing);
        for k in 1..second {
            dancer.set_field(k, 1);
        }
        for k in used {
            dancer.set_field(k, 1);
        }
        Ok(dancer)
    }

    /// Frees Knuth's arrays and gives their bytes back to `budget`.
    pub(super) fn release(self, budget: &mut Budget) {
        budget.give(self.bytes);
    }

    /// The number of 64-bit words in a signature.
    pub(super) fn sig_words(&self) -> usize {
        self.sig.len()
    }

    #[inline]
    fn set_field(&mut self, k: u32, code: u64) {
        let f = self.field[k as usize];
        let word = &mut self.sig[f.word as usize];
        *word = (*word & !(f.mask << f.shift)) | (code << f.shift);
    }

    /// Takes item `k` out of its active list (and out of the signature).
    #[inline]
    fn unlink_item(&mut self, k: u32) {
        let ItemLinks { prev, next } = self.cl[k as usize];
        self.cl[prev as usize].next = next;
        self.cl[next as usize].prev = prev;
        self.set_field(k, 0);
    }

    /// Puts item `k` back into its active list, with the colour it holds.
    #[inline]
    fn relink_item(&mut self, k: u32) {
        let ItemLinks { prev, next } = self.cl[k as usize];
        self.cl[prev as usize].next = k;
        self.cl[next as usize].prev = k;
        let code = 1 + self.nd[k as usize].color.max(0) as u64;
        self.set_field(k, code);
    }

    /// Hides the option of node `rr` from every list but `rr`'s own: each
    /// other node leaves its list (unless it was cleansed) and its item's
    /// length goes down; a secondary item left with no option leaves the
    /// active list.
    #[inline]
    fn hide(&mut self, rr: u32) {
        let mut nn = rr + 1;
        while nn != rr {
            let node = self.nd[nn as usize];
            let cc = node.itm;
            if cc <= 0 {
                nn = node.up;
                continue;
            }
            if node.color >= 0 {
                self.nd[node.up as usize].down = node.down;
                self.nd[node.down as usize].up = node.up;
            }
            self.stats.updates += 1;
            let t = self.nd[cc as usize].itm - 1;
            self.nd[cc as usize].itm = t;
            if t == 0 && cc as u32 >= self.second {
                self.unlink_item(cc as u32);
            }
            nn += 1;
        }
    }

    /// Undoes [`Dancer::hide`], right to left.
    #[inline]
    fn unhide(&mut self, rr: u32) {
        let mut nn = rr - 1;
        while nn != rr {
            let node = self.nd[nn as usize];
            let cc = node.itm;
            if cc <= 0 {
                nn = node.down;
                continue;
            }
            if node.color >= 0 {
                self.nd[node.up as usize].down = nn;
                self.nd[node.down as usize].up = nn;
            }
            let t = self.nd[cc as usize].itm + 1;
            self.nd[cc as usize].itm = t;
            if t == 1 && cc as u32 >= self.second {
                self.relink_item(cc as u32);
            }
            nn -= 1;
        }
    }

    /// Covers item `c`: out of the active list, every option of its list hidden.
    fn cover(&mut self, c: u32) {
        self.unlink_item(c);
        self.stats.updates += 1;
        let mut rr = self.nd[c as usize].down;
        while rr >= self.last_itm {
            self.hide(rr);
            rr = self.nd[rr as usize].down;
        }
    }

    /// Undoes [`Dancer::cover`], bottom to top.
    fn uncover(&mut self, c: u32) {
        let mut rr = self.nd[c as usize].up;
        while rr >= self.last_itm {
            self.unhide(rr);
            rr = self.nd[rr as usize].up;
        }
        self.relink_item(c);
    }

    /// Purifies the item of node `p` to `p`'s colour: options of other colours
    /// hidden, those of the same colour cleansed; the item's length counts only
    /// the options left active.
    fn purify(&mut self, p: u32) {
        let Node { itm: cc, color: x, .. } = self.nd[p as usize];
        let cc = cc as u32;
        self.nd[cc as usize].color = x;
        let mut tt = self.nd[cc as usize].itm;
        self.stats.cleansings += 1;
        let mut rr = self.nd[cc as usize].down;
        while rr >= self.last_itm {
            if self.nd[rr as usize].color != x {
                tt -= 1;
                self.hide(rr);
            } else {
                self.stats.cleansings += 1;
                self.nd[rr as usize].color = -1;
            }
            rr = self.nd[rr as usize].down;
        }
        if tt > 0 {
            self.nd[cc as usize].itm = tt;
            self.set_field(cc, 1 + x as u64);
        } else {
            // −1 tells unpurify that the item left the active list.
            self.nd[cc as usize].itm = -1;
            self.unlink_item(cc);
        }
    }

    /// Undoes [`Dancer::purify`].
    fn unpurify(&mut self, p: u32) {
        let Node { itm: cc, color: x, .. } = self.nd[p as usize];
        let cc = cc as u32;
        self.nd[cc as usize].color = 0;
        let mut tt = self.nd[cc as usize].itm;
        if tt < 0 {
            tt = 0;
            self.relink_item(cc);
        } else {
            self.set_field(cc, 1);
        }
        let mut rr = self.nd[cc as usize].up;
        while rr >= self.last_itm {
            if self.nd[rr as usize].color < 0 {
                self.nd[rr as usize].color = x;
            } else {
                tt += 1;
                self.unhide(rr);
            }
            rr = self.nd[rr as usize].up;
        }
        self.nd[cc as usize].itm = tt;
    }

    /// Covers or purifies the other items of `cur_node`'s option, left to right
    /// from the node after it. A secondary item that no active option uses any
    /// more has already left the active list and is passed over.
    fn commit_others(&mut self, cur_node: u32) {
        let mut pp = cur_node + 1;
        while pp != cur_node {
            let node = self.nd[pp as usize];
            let cc = node.itm;
            if cc <= 0 {
                pp = node.up;
                continue;
            }
            if (cc as u32) < self.second || self.nd[cc as usize].itm != 0 {
                if node.color == 0 {
                    self.cover(cc as u32);
                } else if node.color > 0 {
                    self.purify(pp);
                }
            }
            pp += 1;
        }
    }

    /// Undoes [`Dancer::commit_others`], right to left; returns the option.
    fn uncommit_others(&mut self, cur_node: u32) -> u32 {
        let mut option = 0;
        let mut pp = cur_node - 1;
        while pp != cur_node {
            let node = self.nd[pp as usize];
            let cc = node.itm;
            if cc <= 0 {
                option = (-1 - cc) as u32;
                pp = node.down;
                continue;
            }
            if (cc as u32) < self.second || self.nd[cc as usize].itm != 0 {
                if node.color == 0 {
                    self.uncover(cc as u32);
                } else if node.color > 0 {
                    self.unpurify(pp);
                }
            }
            pp -= 1;
        }
        option
    }

    /// The item to branch on: the first active primary item of fewest options.
    fn choose(&self) -> u32 {
        let mut best = ROOT;
        let mut t = i32::MAX;
        let mut k = self.cl[ROOT as usize].next;
        while t != 0 && k != ROOT {
            let len = self.nd[k as usize].itm;
            if len < t {
                best = k;
                t = len;
            }
            k = self.cl[k as usize].next;
        }
        best
    }

    /// Runs the search to its end: the ZDD's branch nodes (ids from 2, in the
    /// order made) and its root; or `None` if it would enter more than
    /// `node_limit` nodes, or enter a node after more than `update_limit`
    /// updates. The stacks and the diagram take their bytes from
    /// `budget` (and keep them: the caller gives back the diagram's with
    /// it); when the diagram would pass the limit, the search stops with
    /// [`MemoError::Memory`] and what it made is freed.
    pub(super) fn search(
        &mut self,
        cache: &mut Cache,
        budget: &mut Budget,
        monitor: Option<&Arc<Monitor>>,
        node_limit: u64,
        update_limit: u64,
    ) -> Result<Option<(Vec<ZddNode>, u32)>, MemoError> {
        let mut zdd: Vec<ZddNode> = Vec::new();
        // The levels' stacks (see `Levels`). Each level covers a primary
        // item, so there are at most as many levels as primary items, and one
        // more; the stacks are made that long at once and never grow.
        let depth = self.second as usize;
        let stacks = depth * (2 * size_of::<u32>() + size_of::<Option<usize>>());
        budget.take(stacks)?;
        let mut levels = Levels {
            choice: Vec::with_capacity(depth),
            savez: Vec::with_capacity(depth),
            memo_at: Vec::with_capacity(depth),
        };
        // On every way out, the stacks' bytes go back; the diagram's too when
        // it is not handed out.
        let result = self.run(cache, budget, monitor, (node_limit, update_limit), &mut zdd, &mut levels);
        budget.give(stacks);
        if !matches!(result, Ok(Some(_))) {
            budget.give(budget::held(&zdd));
        }
        result.map(|root| root.map(|root| (zdd, root)))
    }

    /// The search's loop, for [`Dancer::search`]: the root of the diagram
    /// made in `zdd`.
    fn run(
        &mut self,
        cache: &mut Cache,
        budget: &mut Budget,
        monitor: Option<&Arc<Monitor>>,
        (node_limit, update_limit): (u64, u64),
        zdd: &mut Vec<ZddNode>,
        levels: &mut Levels,
    ) -> Result<Option<u32>, MemoError> {
        #[derive(Clone, Copy)]
        enum Step {
            Forward,
            Advance,
            Backup,
            Backdown,
            Recover,
        }
        let Levels { choice, savez, memo_at } = levels;
        let mut level = 0usize;
        let mut best_itm = ROOT;
        let mut cur_node = 0u32;
        let mut znode = 0u32;
        let mut zsol = 0u32;
        let mut step = Step::Forward;
        let mut reported = Stats::default();
        let report = |stats: &MemoStats, reported: &mut Stats| {
            if let Some(monitor) = monitor {
                let now =
                    Stats { nodes: stats.nodes, updates: stats.updates, cleansings: stats.cleansings, solutions: 0 };
                monitor.add(&Stats {
                    nodes: now.nodes - reported.nodes,
                    updates: now.updates - reported.updates,
                    cleansings: now.cleansings - reported.cleansings,
                    solutions: 0,
                });
                *reported = now;
            }
        };
        loop {
            match step {
                Step::Forward => {
                    self.stats.nodes += 1;
                    if self.stats.nodes > node_limit || self.stats.updates > update_limit {
                        self.stats.nodes -= 1;
                        report(&self.stats, &mut reported);
                        return Ok(None);
                    }
                    // Every 4,096 nodes, or sooner when nodes are costly (a
                    // cover among 200,000 options may take milliseconds).
                    if monitor.is_some()
                        && (self.stats.nodes % REPORT_EVERY == 0
                            || self.stats.updates.wrapping_sub(reported.updates) >= REPORT_UPDATES)
                    {
                        report(&self.stats, &mut reported);
                        if monitor.is_some_and(|m| m.is_stopped()) {
                            return Err(MemoError::Interrupted);
                        }
                    }
                    if choice.len() <= level {
                        choice.push(0);
                        savez.push(0);
                        memo_at.push(None);
                    }
                    // Look for the current status in the memo cache.
                    match cache.lookup(&self.sig, budget) {
                        Lookup::Hit(z) => {
                            // Use the earlier ZDD in place of this level's work.
                            self.stats.hits += 1;
                            znode = z;
                            step = Step::Backdown;
                            continue;
                        }
                        Lookup::Miss(entry) => {
                            if entry.is_some() {
                                self.stats.memos += 1;
                            } else {
                                self.stats.memos_dropped += 1;
                            }
                            memo_at[level] = entry;
                        }
                    }
                    znode = 0;
                    // X3: choose an item; X4: cover it.
                    best_itm = self.choose();
                    self.cover(best_itm);
                    cur_node = self.nd[best_itm as usize].down;
                    choice[level] = cur_node;
                    step = Step::Advance;
                }
                Step::Advance => {
                    // X5: try the option of `cur_node`, or back up when none is left.
                    if cur_node == best_itm {
                        step = Step::Backup;
                        continue;
                    }
                    self.commit_others(cur_node);
                    if self.cl[ROOT as usize].next == ROOT {
                        // A solution: a node of its own and, as Knuth's
                        // Algorithm Z has it, a hit one level down.
                        self.stats.nodes += 1;
                        self.stats.hits += 1;
                        zsol = 1;
                        step = Step::Recover;
                        continue;
                    }
                    savez[level] = znode;
                    level += 1;
                    step = Step::Forward;
                }
                Step::Backup => {
                    // X7: uncover the item; remember what this level found.
                    self.uncover(best_itm);
                    if znode != 0 {
                        self.stats.good_memos += 1;
                        if let Some(entry) = memo_at[level] {
                            cache.set_zdd(entry, znode);
                        }
                    }
                    step = Step::Backdown;
                }
                Step::Backdown => {
                    // X8: leave the level.
                    if level == 0 {
                        report(&self.stats, &mut reported);
                        return Ok(Some(znode));
                    }
                    level -= 1;
                    cur_node = choice[level];
                    best_itm = self.nd[cur_node as usize].itm as u32;
                    zsol = znode;
                    znode = savez[level];
                    step = Step::Recover;
                }
                Step::Recover => {
                    // X6: try again, after a new ZDD node if the option led to
                    // solutions.
                    let option = self.uncommit_others(cur_node);
                    if zsol != 0 {
                        let id = zdd.len() as u64 + 2;
                        if id > u32::MAX as u64 {
                            return Err(MemoError::TooLarge { nodes: zdd.len() });
                        }
                        if zdd.len() == zdd.capacity() {
                            grow(zdd, budget)?;
                        }
                        zdd.push(ZddNode { option: OptionId(option), lo: znode, hi: zsol });
                        znode = id as u32;
                    }
                    cur_node = self.nd[cur_node as usize].down;
                    choice[level] = cur_node;
                    step = Step::Advance;
                }
            }
        }
    }
}

/// Per level of the search: the node chosen, the ZDD of the options tried
/// before it, and the cache entry the level will fill.
struct Levels {
    choice: Vec<u32>,
    savez: Vec<u32>,
    memo_at: Vec<Option<usize>>,
}

/// Makes room for more nodes in the diagram: twice as many, or as many as
/// the budget has left; [`MemoError::Memory`] when it has no room for one.
fn grow(zdd: &mut Vec<ZddNode>, budget: &mut Budget) -> Result<(), MemoError> {
    let room = (budget.limit() - budget.used().min(budget.limit())) / size_of::<ZddNode>();
    let more = zdd.capacity().max(1024).min(room).max(1);
    budget::reserve(zdd, more, budget)
}
