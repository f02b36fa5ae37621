//! Knuth's DLX5 on links of its own: [`Engine::Links`](crate::Engine::Links)
//! for [`MinCost`](super::MinCost), whose nodes, updates and cleansings equal
//! DLX5's with [`MinCost::knuth_cutoff`](super::MinCost::knuth_cutoff).

use std::ops::ControlFlow;
use std::sync::Arc;

use super::{Floor, Offer, Shared, net_costs};
use crate::run::Run;
use crate::util::monitor::Monitor;
use crate::util::problem::{OptionId, Problem};
use crate::util::stats::Stats;

/// At most this many affordable options of an item are counted when choosing
/// the item to branch on (Knuth's `lenthresh`); beyond it, the item's length
/// stands in for the count.
const LENGTH_THRESHOLD: u32 = 10;

/// One node of the links: Knuth's DLX5 node (his `itm` is `top` here).
#[derive(Clone, Copy, Debug, Default)]
struct Node {
    up: u32,
    down: u32,
    /// The item (header index, > 0) of an option's node; 0 for a header;
    /// minus one more than the option's number for the spacer after it.
    top: i32,
    /// The colour (0: none; -1: purified, so covers leave the node alone).
    color: i32,
    /// The net cost of the node's option.
    cost: u64,
}

/// The links of DLX5: Knuth's node layout (headers `1..=N`, a spacer, then each
/// option's nodes and a spacer), item lists sorted by net cost, and the lists
/// of active items. Plain indexing throughout: this search is not the hot path
/// of the crate's unchecked layer.
#[derive(Clone, Debug)]
pub(super) struct Links {
    nodes: Vec<Node>,
    /// The active items' circular lists: primary around 0, secondary around N + 1.
    prev: Vec<u32>,
    next: Vec<u32>,
    /// The length of each item's list.
    len: Vec<u32>,
    n_primary: u32,
    /// The sum of the taxes: a solution's cost is its net cost plus this.
    pub(super) total_tax: u64,
}

impl Links {
    pub(super) fn new(problem: &Problem) -> Links {
        let n_items = problem.n_items();
        let n_primary = problem.n_primary();
        // Taxes: item by item, the least net cost of its options comes off them all.
        let (net, total_tax) = net_costs(problem);
        // The nodes, option by option, with the lists of each item in option order.
        let mut nodes: Vec<Node> = (0..=n_items as u32).map(|i| Node { up: i, down: i, ..Node::default() }).collect();
        let mut lists: Vec<Vec<u32>> = vec![Vec::new(); n_items + 1];
        let mut spacer = nodes.len();
        nodes.push(Node::default());
        for o in problem.options() {
            let first = nodes.len() as u32;
            for (item, color) in problem.searched(o) {
                lists[item.index() + 1].push(nodes.len() as u32);
                let color = color.map_or(0, |c| c.0 as i32 + 1);
                nodes.push(Node { top: item.0 as i32 + 1, color, cost: net[o.index()], ..Node::default() });
            }
            nodes[spacer].down = nodes.len() as u32 - 1;
            spacer = nodes.len();
            nodes.push(Node { up: first, top: -(o.0 as i32) - 1, ..Node::default() });
        }
        // Each list sorted by net cost, options of equal cost in input order.
        let mut len = vec![0; n_items + 2];
        for (header, list) in lists.iter_mut().enumerate().skip(1) {
            list.sort_by_key(|&p| nodes[p as usize].cost);
            let mut last = header as u32;
            for &p in list.iter() {
                nodes[last as usize].down = p;
                nodes[p as usize].up = last;
                last = p;
            }
            nodes[last as usize].down = header as u32;
            nodes[header].up = last;
            len[header] = list.len() as u32;
        }
        let mut prev = vec![0; n_items + 2];
        let mut next = vec![0; n_items + 2];
        let mut ring = |root: usize, members: std::ops::RangeInclusive<usize>| {
            let mut last = root;
            for i in members {
                next[last] = i as u32;
                prev[i] = last as u32;
                last = i;
            }
            next[last] = root as u32;
            prev[root] = last as u32;
        };
        ring(0, 1..=n_primary);
        ring(n_items + 1, n_primary + 1..=n_items);
        Links { nodes, prev, next, len, n_primary: n_primary as u32, total_tax }
    }

    /// Hides (`RESTORE` false) or unhides the other nodes of `r`'s option: each
    /// node leaves (or rejoins) its item's list, but nodes of purified items stay.
    /// Returns the number of nodes moved. Every item's length is kept (DLX5 keeps
    /// only the primary items'; one array for all saves a branch).
    #[inline(always)]
    fn relink<const COLORS: bool, const RESTORE: bool>(&mut self, r: u32) -> u64 {
        let mut moved = 0;
        let mut q = r + 1;
        while q != r {
            let Node { up, down, top, color, .. } = self.nodes[q as usize];
            if top <= 0 {
                // A spacer: back to the option's first node.
                q = up;
                continue;
            }
            if !COLORS || color >= 0 {
                if RESTORE {
                    self.nodes[up as usize].down = q;
                    self.nodes[down as usize].up = q;
                    self.len[top as usize] += 1;
                } else {
                    self.nodes[up as usize].down = down;
                    self.nodes[down as usize].up = up;
                    self.len[top as usize] -= 1;
                }
                moved += 1;
            }
            q += 1;
        }
        moved
    }

    /// Covers item `c`: takes it out of the active list and hides the options of
    /// its list that cost less than `threshold` (the list is sorted, so the rest
    /// could never be afforded). One update for the item, one per hidden node.
    #[inline(always)]
    fn cover<const COLORS: bool>(&mut self, c: u32, threshold: u64, updates: &mut u64) {
        let (l, r) = (self.prev[c as usize], self.next[c as usize]);
        self.next[l as usize] = r;
        self.prev[r as usize] = l;
        *updates += 1;
        let mut p = self.nodes[c as usize].down;
        let mut hidden = 0;
        while p != c && self.nodes[p as usize].cost < threshold {
            hidden += self.relink::<COLORS, false>(p);
            p = self.nodes[p as usize].down;
        }
        *updates += hidden;
    }

    /// Undoes [`Links::cover`] with the same threshold. The options are unhidden
    /// in the order they were hidden, which, as Knuth remarks, restores the links
    /// all the same.
    #[inline(always)]
    fn uncover<const COLORS: bool>(&mut self, c: u32, threshold: u64) {
        let mut p = self.nodes[c as usize].down;
        while p != c && self.nodes[p as usize].cost < threshold {
            self.relink::<COLORS, true>(p);
            p = self.nodes[p as usize].down;
        }
        let (l, r) = (self.prev[c as usize], self.next[c as usize]);
        self.next[l as usize] = c;
        self.prev[r as usize] = c;
    }

    /// Purifies the item of node `p` for `p`'s colour: hides the affordable
    /// options that give it another colour, and marks those that agree.
    fn purify(&mut self, p: u32, threshold: u64, updates: &mut u64, cleansings: &mut u64) {
        let Node { top: c, color: x, .. } = self.nodes[p as usize];
        *cleansings += 1;
        let mut r = self.nodes[c as usize].down;
        while r != c as u32 && self.nodes[r as usize].cost < threshold {
            if self.nodes[r as usize].color != x {
                *updates += self.relink::<true, false>(r);
            } else if r != p {
                *cleansings += 1;
                self.nodes[r as usize].color = -1;
            }
            r = self.nodes[r as usize].down;
        }
    }

    /// Undoes [`Links::purify`] with the same threshold.
    fn unpurify(&mut self, p: u32, threshold: u64) {
        let Node { top: c, color: x, .. } = self.nodes[p as usize];
        let mut r = self.nodes[c as usize].down;
        while r != c as u32 && self.nodes[r as usize].cost < threshold {
            if self.nodes[r as usize].color < 0 {
                self.nodes[r as usize].color = x;
            } else if r != p {
                self.relink::<true, true>(r);
            }
            r = self.nodes[r as usize].down;
        }
    }

    /// Covers or purifies the items of `x`'s option other than `x`'s own, left
    /// to right from `x`, wrapping round.
    #[inline(always)]
    fn commit_others<const COLORS: bool>(&mut self, x: u32, threshold: u64, updates: &mut u64, cleansings: &mut u64) {
        let mut p = x + 1;
        while p != x {
            let Node { up, top, color, .. } = self.nodes[p as usize];
            if top <= 0 {
                p = up;
                continue;
            }
            if !COLORS || color == 0 {
                self.cover::<COLORS>(top as u32, threshold, updates);
            } else if color > 0 {
                self.purify(p, threshold, updates, cleansings);
            }
            p += 1;
        }
    }

    /// Undoes [`Links::commit_others`], right to left.
    #[inline(always)]
    fn uncommit_others<const COLORS: bool>(&mut self, x: u32, threshold: u64) {
        let mut p = x - 1;
        while p != x {
            let Node { down, top, color, .. } = self.nodes[p as usize];
            if top <= 0 {
                p = down;
                continue;
            }
            if !COLORS || color == 0 {
                self.uncover::<COLORS>(top as u32, threshold);
            } else if color > 0 {
                self.unpurify(p, threshold);
            }
            p -= 1;
        }
    }

    /// The option of node `p`, read off the spacer that ends it.
    fn option_of(&self, mut p: u32) -> OptionId {
        while self.nodes[p as usize].top > 0 {
            p += 1;
        }
        OptionId((-self.nodes[p as usize].top - 1) as u32)
    }

    /// DLX5's choice of item when the partial solution costs `cost` and the
    /// cut-off is `cutoff`: the item with the fewest options under the cut-off
    /// (counting at most [`LENGTH_THRESHOLD`], then taking the list's length),
    /// ties going to the largest cheapest option, then to the first. Returns
    /// `(0, item)` when some item has no affordable option left.
    #[inline(always)]
    fn choose(&self, cost: u64, cutoff: u64) -> (u32, u32) {
        let budget = cutoff.saturating_sub(cost);
        let (mut fewest, mut best, mut best_min) = (u32::MAX, 0, 0);
        let mut k = self.next[0];
        while k != 0 {
            let mut p = self.nodes[k as usize].down;
            let min = self.nodes[p as usize].cost;
            if p == k || min >= budget {
                return (0, k);
            }
            // Count the affordable options: `s` of them so far, `p` the last.
            let mut s = 1;
            p = self.nodes[p as usize].down;
            let counted = loop {
                if p == k || self.nodes[p as usize].cost >= budget {
                    break Some(s);
                }
                if s == fewest {
                    break None;
                }
                if s >= LENGTH_THRESHOLD {
                    break Some(self.len[k as usize]);
                }
                s += 1;
                p = self.nodes[p as usize].down;
            };
            if let Some(s) = counted {
                if s < fewest || (s == fewest && min > best_min) {
                    (fewest, best, best_min) = (s, k, min);
                }
            }
            k = self.next[k as usize];
        }
        (fewest, best)
    }
}

/// The state of one search: its links and its levels.
pub(super) struct Worker {
    links: Links,
    colors: bool,
    /// `choice[l]`: the node of the option tried at level `l`.
    choice: Vec<u32>,
    /// The net cost of the options chosen above level `l`.
    partcost: Vec<u64>,
    /// The threshold with which level `l` covered its item, and with which it
    /// covered the other items of its option (DLX5's `coverthresh0` and
    /// `coverthresh`): uncovering must use the same ones.
    threshold0: Vec<u64>,
    threshold: Vec<u64>,
    /// Levels below `floor` were replayed from a prefix; `cost` is theirs.
    floor: usize,
    cost: u64,
    /// The statistics and their reporting.
    run: Run,
    monitor: Option<Arc<Monitor>>,
    /// The solution being offered, as chosen and sorted.
    offered: Offer,
    /// Whether to search the ties: the options that DLX5's cut-off drops
    /// because they bring a partial solution's cost to the cut-off exactly.
    ties: bool,
    /// Added to the cut-off: 1 while searching below a tie, 0 elsewhere.
    slack: u64,
    /// Whether a search below a tie met in a replay was stopped.
    stopped: bool,
}

impl Worker {
    pub(super) fn new(links: Links, monitor: Option<Arc<Monitor>>, ties: bool) -> Worker {
        // Every level covers a primary item, so there are at most that many.
        let depth = links.n_primary as usize + 1;
        Worker {
            colors: links.nodes.iter().any(|n| n.color != 0),
            links,
            choice: vec![0; depth],
            partcost: vec![0; depth],
            threshold0: vec![0; depth],
            threshold: vec![0; depth],
            floor: 0,
            cost: 0,
            run: Run::default(),
            monitor,
            offered: Offer::with_capacity(depth),
            ties,
            slack: 0,
            stopped: false,
        }
    }

    /// DLX5's cut-off drops option `x` at `level`, and after it the options of
    /// its item's list of the same cost, since each brings the partial
    /// solution's net cost `cost` to the cut-off exactly. A solution through
    /// one of them would tie with the `k`-th best, and might come before it in
    /// the order of option numbers: searches below each of them that could
    /// still be completed (with options of net cost 0), with the cut-off one
    /// higher. `cover`: whether the item of `x` is still to be covered (it is
    /// not when its level is trying its options). Returns whether to stop.
    #[cold]
    #[inline(never)]
    fn tie<F>(&mut self, shared: &Shared<F>, level: usize, mut x: u32, cost: u64, cutoff: u64, cover: bool) -> bool
    where
        F: FnMut(u64, &[OptionId]) -> ControlFlow<()>,
    {
        let item = self.links.nodes[x as usize].top as u32;
        let chosen = self.choice[level];
        while x != item && cost + self.links.nodes[x as usize].cost == cutoff {
            if self.tie_at(shared, level, x, cost, cutoff, cover) {
                return true;
            }
            x = self.links.nodes[x as usize].down;
        }
        self.choice[level] = chosen;
        false
    }

    /// One option `x` of [`Worker::tie`]: unless some item other than its own
    /// has no option of net cost 0 left, or it clashes with the options chosen
    /// above `level` (an option the cut-off kept from being hidden), chooses it
    /// at `level` and searches below with the cut-off `cutoff + 1`. Returns
    /// whether to stop.
    fn tie_at<F>(&mut self, shared: &Shared<F>, level: usize, x: u32, cost: u64, cutoff: u64, cover: bool) -> bool
    where
        F: FnMut(u64, &[OptionId]) -> ControlFlow<()>,
    {
        if !self.completable(x) || !self.agrees(x, level) {
            return false;
        }
        let item = self.links.nodes[x as usize].top as u32;
        // Colours of `x` that agree with a purification above but that it left
        // unmarked (`x` cost too much then) are marked now, as if it had.
        let mut marked = Vec::new();
        self.any_node(x, |q, m| {
            if m.color > 0 && (0..level).any(|l| self.any_node(self.choice[l], |_, t| t.top == m.top && t.color > 0)) {
                marked.push((q, m.color));
            }
            false
        });
        for &(q, _) in &marked {
            self.links.nodes[q as usize].color = -1;
        }
        let (mut updates, mut cleansings) = (0, 0);
        self.choice[level] = x;
        self.partcost[level] = cost;
        if self.colors {
            if cover {
                self.links.cover::<true>(item, 1, &mut updates);
            }
            self.links.commit_others::<true>(x, 1, &mut updates, &mut cleansings);
        } else {
            if cover {
                self.links.cover::<false>(item, 1, &mut updates);
            }
            self.links.commit_others::<false>(x, 1, &mut updates, &mut cleansings);
        }
        self.run.stats.updates += updates;
        self.run.stats.cleansings += cleansings;
        let done = if self.links.next[0] == 0 {
            // `x` completes a solution: a node of its own.
            self.run.stats.nodes += 1;
            self.run.stats.solutions += 1;
            !self.offer(shared, level, cutoff)
        } else {
            let (floor, above) = (self.floor, self.cost);
            (self.floor, self.cost, self.slack) = (level + 1, cutoff, 1);
            let done = self.search(shared, usize::MAX, &mut |_, _| ControlFlow::Continue(()));
            (self.floor, self.cost, self.slack) = (floor, above, 0);
            done
        };
        if !done {
            return true;
        }
        if self.colors {
            self.links.uncommit_others::<true>(x, 1);
            if cover {
                self.links.uncover::<true>(item, 1);
            }
        } else {
            self.links.uncommit_others::<false>(x, 1);
            if cover {
                self.links.uncover::<false>(item, 1);
            }
        }
        for (q, color) in marked {
            self.links.nodes[q as usize].color = color;
        }
        false
    }

    /// Whether `f` holds for some node of the option of node `x` (`x` first).
    fn any_node(&self, x: u32, mut f: impl FnMut(u32, Node) -> bool) -> bool {
        let mut q = x;
        loop {
            let node = self.links.nodes[q as usize];
            if node.top > 0 && f(q, node) {
                return true;
            }
            q = if node.top <= 0 { node.up } else { q + 1 };
            if q == x {
                return false;
            }
        }
    }

    /// Whether every active primary item other than those of `x`'s option
    /// still has an option of net cost 0 (the options the cut-off kept from
    /// being hidden all cost more).
    fn completable(&self, x: u32) -> bool {
        let mut k = self.links.next[0];
        while k != 0 {
            let p = self.links.nodes[k as usize].down;
            if (p == k || self.links.nodes[p as usize].cost > 0) && !self.any_node(x, |_, m| m.top == k as i32) {
                return false;
            }
            k = self.links.next[k as usize];
        }
        true
    }

    /// Whether the option of `x` agrees with those chosen above `level`: its
    /// items other than its own are all active, and those of them that the
    /// options above purified have the same colour in it.
    fn agrees(&self, x: u32, level: usize) -> bool {
        let own = self.links.nodes[x as usize].top;
        let clashes = |_, m: Node| {
            if m.top == own {
                return false;
            }
            let i = m.top as usize;
            if self.links.next[self.links.prev[i] as usize] as usize != i {
                return true;
            }
            // A colour of -1 marks a node that agrees with a purification.
            i > self.links.n_primary as usize
                && (0..level).any(|l| {
                    self.any_node(self.choice[l], |_, t| {
                        t.top == m.top
                            && (m.color == 0 || t.color == 0 || (m.color > 0 && t.color > 0 && m.color != t.color))
                    })
                })
        };
        !self.any_node(x, clashes)
    }

    /// Searches from the floor with the shared board; returns whether the search
    /// ran to its end. With a `split_depth`, entering that level is a leaf instead
    /// (handed to `leaf` with its cost and its prefix of choices, not counted).
    fn search<F>(
        &mut self,
        shared: &Shared<F>,
        split_depth: usize,
        leaf: &mut dyn FnMut(u64, &[u32]) -> ControlFlow<()>,
    ) -> bool
    where
        F: FnMut(u64, &[OptionId]) -> ControlFlow<()>,
    {
        if self.colors {
            self.search_in::<true, F>(shared, split_depth, leaf)
        } else {
            self.search_in::<false, F>(shared, split_depth, leaf)
        }
    }

    /// Knuth's DLX5 search loop, with his labels: `forward` enters a level,
    /// `advance` tries the option `cur` there, `recover` moves on to the next
    /// option, `backup` ends a level and `backdown` returns to the level above.
    #[inline(always)]
    fn search_in<const COLORS: bool, F>(
        &mut self,
        shared: &Shared<F>,
        split_depth: usize,
        leaf: &mut dyn FnMut(u64, &[u32]) -> ControlFlow<()>,
    ) -> bool
    where
        F: FnMut(u64, &[OptionId]) -> ControlFlow<()>,
    {
        #[derive(Clone, Copy)]
        enum Step {
            Advance,
            Recover,
            Backup,
            Backdown,
        }
        let floor = self.floor;
        let mut level = floor;
        let mut curcost = self.cost;
        let mut nextcost = 0;
        let (mut cur, mut best) = (0, 0);
        let Stats { mut nodes, mut updates, mut cleansings, mut solutions } = self.run.stats;
        let mut finished = true;
        // Below a tie the cut-off is one higher; there, ties are not searched.
        let slack = self.slack;
        let ties = self.ties && slack == 0;
        'forward: loop {
            // forward: enter a level.
            let mut step = if level == split_depth {
                // A leaf of a split: its subtree is searched by itself.
                // Leaves are no nodes, yet each costs a commitment.
                if self.monitor.is_some() && self.run.worked(updates) {
                    self.run.stats = Stats { nodes, updates, cleansings, solutions };
                    if self.report(true) {
                        finished = false;
                        break 'forward;
                    }
                }
                if leaf(curcost, &self.choice[..level]).is_break() {
                    finished = false;
                    break 'forward;
                }
                Step::Backdown
            } else {
                nodes += 1;
                if self.monitor.is_some() && self.run.due(nodes, updates) {
                    self.run.stats = Stats { nodes, updates, cleansings, solutions };
                    if self.report(split_depth != usize::MAX) {
                        finished = false;
                        break 'forward;
                    }
                }
                // Choose the item to branch on, or back down if some item cannot
                // be covered under the cut-off.
                let cutoff = shared.cutoff().saturating_add(slack);
                let (t, item) = self.links.choose(curcost, cutoff);
                if t == 0 {
                    let first = self.links.nodes[item as usize].down;
                    if ties && first != item && curcost + self.links.nodes[first as usize].cost == cutoff {
                        self.run.stats = Stats { nodes, updates, cleansings, solutions };
                        let stop = self.tie(shared, level, first, curcost, cutoff, true);
                        Stats { nodes, updates, cleansings, solutions } = self.run.stats;
                        if stop {
                            finished = false;
                            break 'forward;
                        }
                    }
                    Step::Backdown
                } else {
                    best = item;
                    self.partcost[level] = curcost;
                    cur = self.links.nodes[best as usize].down;
                    self.choice[level] = cur;
                    nextcost = curcost + self.links.nodes[cur as usize].cost;
                    let threshold = cutoff.saturating_sub(nextcost);
                    self.threshold0[level] = threshold;
                    self.links.cover::<COLORS>(best, threshold, &mut updates);
                    Step::Advance
                }
            };
            loop {
                match step {
                    Step::Advance => {
                        // advance: cover the other items of `cur`.
                        let threshold = shared.cutoff().saturating_add(slack).saturating_sub(nextcost);
                        self.threshold[level] = threshold;
                        self.links.commit_others::<COLORS>(cur, threshold, &mut updates, &mut cleansings);
                        if self.links.next[0] != 0 {
                            level += 1;
                            curcost = nextcost;
                            continue 'forward;
                        }
                        // Every primary item is covered: a solution, a special node.
                        nodes += 1;
                        solutions += 1;
                        if self.offer(shared, level, nextcost) {
                            finished = false;
                            self.run.stats = Stats { nodes, updates, cleansings, solutions };
                            return finished;
                        }
                        step = Step::Recover;
                    }
                    Step::Recover => {
                        // recover: undo `cur`, and try the next option if affordable.
                        self.links.uncommit_others::<COLORS>(cur, self.threshold[level]);
                        cur = self.links.nodes[cur as usize].down;
                        self.choice[level] = cur;
                        step = if cur == best {
                            Step::Backup
                        } else {
                            nextcost = curcost + self.links.nodes[cur as usize].cost;
                            let cutoff = shared.cutoff().saturating_add(slack);
                            if nextcost < cutoff {
                                Step::Advance
                            } else {
                                if ties && nextcost == cutoff {
                                    self.run.stats = Stats { nodes, updates, cleansings, solutions };
                                    let stop = self.tie(shared, level, cur, curcost, cutoff, false);
                                    Stats { nodes, updates, cleansings, solutions } = self.run.stats;
                                    if stop {
                                        finished = false;
                                        break 'forward;
                                    }
                                }
                                Step::Backup
                            }
                        };
                    }
                    Step::Backup => {
                        // backup: uncover the level's item.
                        self.links.uncover::<COLORS>(best, self.threshold0[level]);
                        step = Step::Backdown;
                    }
                    Step::Backdown => {
                        // backdown: return to the level above, or end.
                        if level == floor {
                            break 'forward;
                        }
                        level -= 1;
                        cur = self.choice[level];
                        best = self.links.nodes[cur as usize].top as u32;
                        curcost = self.partcost[level];
                        step = Step::Recover;
                    }
                }
            }
        }
        self.run.stats = Stats { nodes, updates, cleansings, solutions };
        if finished {
            self.report(split_depth != usize::MAX);
        }
        finished
    }

    /// Offers the solution at `level` to the board; returns whether to stop.
    #[cold]
    fn offer<F>(&mut self, shared: &Shared<F>, level: usize, cost: u64) -> bool
    where
        F: FnMut(u64, &[OptionId]) -> ControlFlow<()>,
    {
        let links = &self.links;
        self.offered.offer(shared, cost, self.choice[..=level].iter().map(|&x| links.option_of(x)))
    }

    /// Adds what the monitor has not yet seen (nothing for a `split`, whose
    /// caller adds up what it explored); returns whether to stop.
    #[cold]
    #[inline(never)]
    fn report(&mut self, split: bool) -> bool {
        let Some(monitor) = &self.monitor else { return false };
        if split { self.run.listen(monitor) } else { self.run.report(monitor, None) }
    }

    /// Chooses the prefix's options (nodes of a split made from the same links)
    /// as the search would, each covering its item with the current cut-off.
    /// Returns `false`, with nothing changed, when the prefix already costs too
    /// much, or when it ends in a solution (the split offered that one). An
    /// option of the prefix that reaches the cut-off exactly is a tie, searched
    /// below first; if that search is stopped, `stopped` says so and the links
    /// are left as they are.
    fn replay<F>(&mut self, shared: &Shared<F>, prefix: &[u32]) -> bool
    where
        F: FnMut(u64, &[OptionId]) -> ControlFlow<()>,
    {
        let (mut updates, mut cleansings) = (0, 0);
        let mut cost = 0;
        for (level, &x) in prefix.iter().enumerate() {
            let next = cost + self.links.nodes[x as usize].cost;
            let cutoff = shared.cutoff();
            if next >= cutoff {
                if self.ties && next == cutoff && self.tie_at(shared, level, x, cost, cutoff, true) {
                    self.stopped = true;
                    return false;
                }
                self.floor = level;
                self.unwind();
                return false;
            }
            let item = self.links.nodes[x as usize].top as u32;
            self.choice[level] = x;
            self.partcost[level] = cost;
            self.threshold0[level] = cutoff - next;
            self.threshold[level] = cutoff - next;
            if self.colors {
                self.links.cover::<true>(item, cutoff - next, &mut updates);
                self.links.commit_others::<true>(x, cutoff - next, &mut updates, &mut cleansings);
            } else {
                self.links.cover::<false>(item, cutoff - next, &mut updates);
                self.links.commit_others::<false>(x, cutoff - next, &mut updates, &mut cleansings);
            }
            cost = next;
        }
        self.floor = prefix.len();
        self.cost = cost;
        true
    }

    /// Undoes the levels below the floor, in reverse.
    fn unwind(&mut self) {
        while self.floor > 0 {
            self.floor -= 1;
            let (x, level) = (self.choice[self.floor], self.floor);
            let item = self.links.nodes[x as usize].top as u32;
            if self.colors {
                self.links.uncommit_others::<true>(x, self.threshold[level]);
                self.links.uncover::<true>(item, self.threshold0[level]);
            } else {
                self.links.uncommit_others::<false>(x, self.threshold[level]);
                self.links.uncover::<false>(item, self.threshold0[level]);
            }
        }
        self.cost = 0;
    }
}

impl Floor for Worker {
    fn search<F>(&mut self, shared: &Shared<F>, split_depth: usize, leaf: &mut super::Leaf<'_>) -> bool
    where
        F: FnMut(u64, &[OptionId]) -> ControlFlow<()>,
    {
        Worker::search(self, shared, split_depth, leaf)
    }

    fn replay<F>(&mut self, shared: &Shared<F>, prefix: &[u32]) -> bool
    where
        F: FnMut(u64, &[OptionId]) -> ControlFlow<()>,
    {
        Worker::replay(self, shared, prefix)
    }

    fn unwind(&mut self) {
        Worker::unwind(self);
    }

    fn stats(&self) -> Stats {
        self.run.stats
    }

    fn stopped(&self) -> bool {
        self.stopped
    }
}

#[cfg(test)]
mod tests {
    use super::super::Board;
    use super::*;

    /// Taxes leave every option's net cost non-negative and give every primary
    /// item an option of net cost 0; the lists are sorted by net cost.
    #[test]
    fn taxes_and_sorted_lists() {
        let problem = Problem::from_knuth("a b c | x\na b |5\nb c |3 |4\na x |2\nc |9\nb x:1 |1\n").unwrap();
        let links = Links::new(&problem);
        for item in 1..=3u32 {
            let mut p = links.nodes[item as usize].down;
            let mut last = 0;
            assert_eq!(links.nodes[p as usize].cost, 0, "item {item} has a net-zero option");
            while p != item {
                assert!(links.nodes[p as usize].cost >= last);
                last = links.nodes[p as usize].cost;
                p = links.nodes[p as usize].down;
            }
        }
        // a: 2, then b: min(5 - 2, 7, 1) = 1, then c: min(7 - 1, 9) = 6.
        assert_eq!(links.total_tax, 9);
    }

    /// A search that is stopped leaves the best seen; unwinding a replayed
    /// prefix restores the links.
    #[test]
    fn replay_and_unwind_restore_the_links() {
        let problem = Problem::from_knuth("a b c | x\na b |5\nb c |3\na x:1 |2\nc |9\nb x:1 |1\nc x:2 |1\n").unwrap();
        let links = Links::new(&problem);
        let snapshot = |l: &Links| {
            (
                l.nodes.iter().map(|n| (n.up, n.down, n.color)).collect::<Vec<_>>(),
                l.prev.clone(),
                l.next.clone(),
                l.len.clone(),
            )
        };
        let before = snapshot(&links);
        let shared = Shared::new(Board::new(2, links.total_tax, |_, _| ControlFlow::Continue(())));
        let mut worker = Worker::new(links.clone(), None, true);
        let mut leaves = Vec::new();
        assert!(worker.search(&shared, 1, &mut |cost, prefix| {
            leaves.push((cost, prefix.to_vec()));
            ControlFlow::Continue(())
        }));
        assert!(!leaves.is_empty());
        assert_eq!(snapshot(&worker.links), before);
        for (_, prefix) in leaves {
            if worker.replay(&shared, &prefix) {
                assert!(worker.search(&shared, usize::MAX, &mut |_, _| ControlFlow::Continue(())));
                worker.unwind();
            }
            assert_eq!(snapshot(&worker.links), before);
        }
    }
}
