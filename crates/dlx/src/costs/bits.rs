//! The `k` cheapest solutions on bitset frames: the choice
//! [`Engine::Bits`](crate::Engine::Bits) of [`MinCost`](super::MinCost).
//!
//! The options are numbered afresh in increasing order of net cost (options
//! of equal net cost in input order), so that every item's options, taken in
//! that order, are sorted by net cost as DLX5's lists are, and the options a
//! partial solution can still afford are a *prefix* of the numbers: those
//! below a limit read off the cut-off. A level's state is a **frame**, a bit
//! per option still in play, of which only the words below that limit are
//! made; trying an option makes the next level's frame from this one in one
//! sweep over those words, clearing the options that share a primary item or
//! an uncoloured secondary item with it, or give a secondary item another
//! colour. Backtracking undoes nothing, and as the partial solution grows
//! dearer and the cut-off falls, the frames shrink.
//!
//! The item to branch on is the active primary item with the fewest options
//! under the cut-off (counted exactly, each count given up once it passes the
//! best so far), ties going to the largest cheapest option; a level backs
//! down at once when some item has none. Its options are tried in order of
//! net cost while they are affordable.
//!
//! Ties with the `k`-th best are searched by making the cut-off inclusive: a
//! partial solution whose net cost *equals* the cut-off is pursued, and there
//! only options of net cost 0 are left in the frames, so a branch that cannot
//! complete at that cost ends at the next choice of item. With DLX5's cut-off
//! ([`MinCost::knuth_cutoff`](super::MinCost::knuth_cutoff)) the cut-off is
//! strict, as his.
//!
//! The statistics count nodes (levels entered and solutions seen) and
//! solutions as DLX5 counts them; updates and cleansings belong to the links
//! and stay 0 here.

use std::collections::HashMap;
use std::ops::ControlFlow;
use std::sync::Arc;

use super::{Floor, INFINITE, Leaf, Offer, Shared, net_costs};
use crate::run::Run;
use crate::util::monitor::Monitor;
use crate::util::problem::{OptionId, Problem};
use crate::util::stats::Stats;

/// Bits in a word of a frame.
const WORD: usize = 64;

/// Net costs up to this are looked up in a table from budget to limit; dearer
/// ones are found by binary search.
const TABLE_COSTS: u64 = 1 << 16;

/// The bytes of one frame of `problem`: a bit per option.
pub(super) fn frame_bytes(problem: &Problem) -> usize {
    problem.n_options().div_ceil(WORD) * 8
}

/// What every search of one problem shares, made once: the options in order
/// of net cost and, for each, the rows of options it rules out.
#[derive(Debug)]
pub(super) struct Tables {
    n_options: usize,
    /// Words in a full frame.
    words: usize,
    n_primary: usize,
    /// Words in a set of primary items.
    item_words: usize,
    /// The option of each number.
    original: Vec<OptionId>,
    /// The net cost of each number: non-decreasing.
    cost: Vec<u64>,
    /// `below[b]`: how many options cost less than `b`, for `b` up to the
    /// largest net cost plus one (empty when the costs are too large).
    below: Vec<u32>,
    /// Rows of `words` words: first each primary item's options, then the
    /// options each secondary item, or each of its colours, rules out.
    rows: Vec<u64>,
    /// `rules_out[start[x]..start[x + 1]]`: the rows option `x` clears.
    rules_out: Vec<u32>,
    /// `primaries[pstart[x]..pstart[x + 1]]`: the primary items of option `x`.
    primaries: Vec<u32>,
    start: Vec<u32>,
    pstart: Vec<u32>,
    /// The sum of the taxes: a solution's cost is its net cost plus this.
    pub(super) total_tax: u64,
}

impl Tables {
    pub(super) fn new(problem: &Problem) -> Tables {
        let n_items = problem.n_items();
        let n_primary = problem.n_primary();
        // Taxes as DLX5 levies them.
        let (net, total_tax) = net_costs(problem);
        // Numbers in order of net cost, then of the options.
        let mut original: Vec<OptionId> = problem.options().collect();
        original.sort_by_key(|&o| (net[o.index()], o.0));
        let cost: Vec<u64> = original.iter().map(|&o| net[o.index()]).collect();
        let n_options = original.len();
        let words = n_options.div_ceil(WORD);
        let below = match cost.last() {
            Some(&max) if max < TABLE_COSTS => (0..=max + 1).map(|b| cost.partition_point(|&c| c < b) as u32).collect(),
            _ => Vec::new(),
        };
        // The rows: a primary item's or an uncoloured secondary item's are the
        // options that have it; a colour's, those that give its item another
        // colour or none.
        let mut row_of: HashMap<(usize, Option<u32>), u32> = HashMap::new();
        let mut n_rows = n_primary;
        for &option in &original {
            for (item, color) in problem.searched(option) {
                if item.index() >= n_primary {
                    row_of.entry((item.index(), color.map(|c| c.0))).or_insert_with(|| {
                        n_rows += 1;
                        n_rows as u32 - 1
                    });
                }
            }
        }
        let mut rows = vec![0u64; n_rows * words];
        let mut colors_of: Vec<Vec<u32>> = vec![Vec::new(); n_items];
        for (&(item, color), _) in row_of.iter() {
            if let Some(color) = color {
                colors_of[item].push(color);
            }
        }
        let mut rules_out = Vec::new();
        let mut primaries = Vec::new();
        let (mut start, mut pstart) = (vec![0u32], vec![0u32]);
        for (x, &option) in original.iter().enumerate() {
            let bit = (x / WORD, 1u64 << (x % WORD));
            for (item, color) in problem.searched(option) {
                let i = item.index();
                let mut set = |row: usize| rows[row * words + bit.0] |= bit.1;
                if i < n_primary {
                    set(i);
                    rules_out.push(i as u32);
                    primaries.push(i as u32);
                    continue;
                }
                let own = color.map(|c| c.0);
                rules_out.push(row_of[&(i, own)]);
                // `x` is ruled out by an uncoloured use of its item, and by
                // every colour of its item but its own.
                if let Some(&row) = row_of.get(&(i, None)) {
                    set(row as usize);
                }
                for &other in &colors_of[i] {
                    if own != Some(other) {
                        set(row_of[&(i, Some(other))] as usize);
                    }
                }
            }
            start.push(rules_out.len() as u32);
            pstart.push(primaries.len() as u32);
        }
        Tables {
            n_options,
            words,
            n_primary,
            item_words: n_primary.div_ceil(WORD),
            original,
            cost,
            below,
            rows,
            rules_out,
            primaries,
            start,
            pstart,
            total_tax,
        }
    }

    /// How many options a partial solution of net cost `cost` can still
    /// afford under `cutoff` (those of net cost below `cutoff - cost`, or up
    /// to it when `inclusive`): a prefix of the numbers.
    #[inline(always)]
    fn limit(&self, cutoff: u64, cost: u64, inclusive: bool) -> usize {
        if cutoff == INFINITE {
            return self.n_options;
        }
        let Some(budget) = cutoff.checked_sub(cost) else { return 0 };
        let bound = if inclusive { budget.saturating_add(1) } else { budget };
        if let Some(&n) = self.below.get(bound as usize) {
            return n as usize;
        }
        if !self.below.is_empty() {
            return self.n_options;
        }
        self.cost.partition_point(|&c| c < bound)
    }

    /// The words of row `r` below `words`.
    #[inline(always)]
    fn row(&self, r: usize, words: usize) -> &[u64] {
        &self.rows[r * self.words..r * self.words + words]
    }
}

/// The words that hold the first `limit` bits, and the mask of the last one.
#[inline(always)]
fn span(limit: usize) -> (usize, u64) {
    let tail = limit % WORD;
    (limit.div_ceil(WORD), if tail == 0 { !0 } else { (1u64 << tail) - 1 })
}

/// The state of one search: a frame and a set of active primary items per
/// level, and what each level tries.
pub(super) struct Worker {
    tables: Arc<Tables>,
    /// Level `l`'s frame: `frames[l * words..][..len[l]]`.
    frames: Vec<u64>,
    /// The words of each level's frame that were made.
    len: Vec<usize>,
    /// The options each level's frame may hold: no bit from this number on
    /// is set.
    limit: Vec<usize>,
    /// Level `l`'s active primary items: `active[l * item_words..]`.
    active: Vec<u64>,
    /// The item each level branches on.
    item: Vec<u32>,
    /// The option (number) each level tries.
    cur: Vec<u32>,
    /// The net cost of the options chosen above each level.
    partcost: Vec<u64>,
    /// Levels below `floor` were replayed from a prefix; `cost` is theirs.
    floor: usize,
    cost: u64,
    run: Run,
    monitor: Option<Arc<Monitor>>,
    /// The solution being offered, as chosen and sorted.
    offered: Offer,
    /// Whether a partial solution that reaches the cut-off exactly is pursued.
    inclusive: bool,
}

impl Worker {
    pub(super) fn new(tables: Arc<Tables>, monitor: Option<Arc<Monitor>>, ties: bool) -> Worker {
        // Every level covers a primary item: at most that many, and a level
        // for the solution.
        let depth = tables.n_primary + 2;
        let (words, item_words) = (tables.words, tables.item_words);
        let mut frames = vec![0u64; words];
        let (n, last) = span(tables.n_options);
        frames[..n].fill(!0);
        if n > 0 {
            frames[n - 1] = last;
        }
        let mut active = vec![0u64; depth * item_words];
        let (n, last) = span(tables.n_primary);
        active[..n].fill(!0);
        if n > 0 {
            active[n - 1] = last;
        }
        let mut len = vec![0; depth];
        len[0] = words;
        let mut limit = vec![0; depth];
        limit[0] = tables.n_options;
        Worker {
            frames,
            len,
            limit,
            active,
            item: vec![0; depth],
            cur: vec![0; depth],
            partcost: vec![0; depth],
            floor: 0,
            cost: 0,
            run: Run::default(),
            monitor,
            offered: Offer::with_capacity(depth),
            inclusive: ties,
            tables,
        }
    }

    /// Cuts `level`'s frame to its first `limit` options, when the cut-off
    /// fell since it was made; returns the words that hold them.
    #[inline(always)]
    fn trim(&mut self, level: usize, limit: usize) -> usize {
        let words = self.tables.words;
        let (n, last) = span(limit);
        if self.limit[level] > limit {
            self.limit[level] = limit;
            if n > 0 {
                self.frames[level * words + n - 1] &= last;
            }
            self.len[level] = n;
        }
        n
    }

    /// The item to branch on at `level` when `limit` options are affordable,
    /// or `None` when some active item has none of them.
    #[inline(always)]
    fn choose(&mut self, level: usize, limit: usize) -> Option<u32> {
        let n = self.trim(level, limit);
        if n == 0 {
            return None;
        }
        let t = &*self.tables;
        let frame = &self.frames[level * t.words..level * t.words + n];
        let active = &self.active[level * t.item_words..(level + 1) * t.item_words];
        let (mut fewest, mut best, mut best_min) = (u32::MAX, u32::MAX, 0);
        for (k, &word) in active.iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                let i = k * WORD + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let row = t.row(i, n);
                // The cheapest affordable option, then the count of them,
                // given up once past `fewest`.
                let mut words = frame.iter().zip(row).map(|(&f, &r)| f & r);
                let (w, m) = words.by_ref().enumerate().find(|&(_, m)| m != 0)?;
                let min = t.cost[w * WORD + m.trailing_zeros() as usize];
                let mut count = m.count_ones();
                for m in words {
                    if m != 0 {
                        count += m.count_ones();
                        if count > fewest {
                            break;
                        }
                    }
                }
                if count < fewest || (count == fewest && min > best_min) {
                    (fewest, best, best_min) = (count, i as u32, min);
                }
            }
        }
        Some(best)
    }

    /// The first option of `level`'s item in its frame from number `from`
    /// on, below `limit`.
    #[inline(always)]
    fn next_option(&self, level: usize, from: usize, limit: usize) -> Option<usize> {
        if from >= limit {
            return None;
        }
        let t = &*self.tables;
        let frame = &self.frames[level * t.words..];
        let row = &t.rows[self.item[level] as usize * t.words..];
        let mut w = from / WORD;
        let mut m = frame[w] & row[w] & (!0u64 << (from % WORD));
        loop {
            if m != 0 {
                let x = w * WORD + m.trailing_zeros() as usize;
                return (x < limit).then_some(x);
            }
            w += 1;
            if w * WORD >= limit {
                return None;
            }
            m = frame[w] & row[w];
        }
    }

    /// Makes level `level + 1`'s active items from `level`'s by taking out
    /// those of option `x`; returns whether any is left.
    #[inline(always)]
    fn take_items(&mut self, level: usize, x: usize) -> bool {
        let t = &*self.tables;
        let iw = t.item_words;
        let (above, below) = self.active.split_at_mut((level + 1) * iw);
        let child = &mut below[..iw];
        child.copy_from_slice(&above[level * iw..]);
        for &i in &t.primaries[t.pstart[x] as usize..t.pstart[x + 1] as usize] {
            child[i as usize / WORD] &= !(1 << (i as usize % WORD));
        }
        child.iter().any(|&w| w != 0)
    }

    /// Makes level `level + 1`'s frame, its first `limit` options, from
    /// `level`'s, without the options that option `x` rules out.
    #[inline(always)]
    fn make_frame(&mut self, level: usize, x: usize, limit: usize) {
        let t = &*self.tables;
        let words = t.words;
        let n = limit.div_ceil(WORD);
        if self.frames.len() < (level + 2) * words {
            self.frames.resize((level + 2) * words, 0);
        }
        let (above, below) = self.frames.split_at_mut((level + 1) * words);
        let parent = &above[level * words..level * words + n];
        let child = &mut below[..n];
        let rules = &t.rules_out[t.start[x] as usize..t.start[x + 1] as usize];
        let Some((&first, rest)) = rules.split_first() else {
            child.copy_from_slice(parent);
            if let Some(c) = child.last_mut() {
                *c &= span(limit).1;
            }
            self.len[level + 1] = n;
            self.limit[level + 1] = limit;
            return;
        };
        for ((c, &p), &r) in child.iter_mut().zip(parent).zip(t.row(first as usize, n)) {
            *c = p & !r;
        }
        for &r in rest {
            for (c, &r) in child.iter_mut().zip(t.row(r as usize, n)) {
                *c &= !r;
            }
        }
        if let Some(c) = child.last_mut() {
            *c &= span(limit).1;
        }
        self.len[level + 1] = n;
        self.limit[level + 1] = limit;
    }

    /// Searches from the floor (see [`Floor::search`]): Algorithm X's
    /// levels on frames, with DLX5's cut-off.
    fn search<F>(&mut self, shared: &Shared<F>, split_depth: usize, leaf: &mut Leaf<'_>) -> bool
    where
        F: FnMut(u64, &[OptionId]) -> ControlFlow<()>,
    {
        let tables = Arc::clone(&self.tables);
        let t = &*tables;
        let inclusive = self.inclusive;
        let floor = self.floor;
        let mut level = floor;
        let mut curcost = self.cost;
        let Stats { mut nodes, updates, cleansings, mut solutions } = self.run.stats;
        let mut finished = true;
        'forward: loop {
            // X2, X3: enter a level and choose its item, or back down if some
            // item has no affordable option left.
            let item = if level == split_depth {
                // A leaf of a split: its subtree is searched by itself.
                // Leaves are no nodes, yet each costs a commitment.
                if self.monitor.is_some() && self.run.worked(updates) {
                    self.run.stats = Stats { nodes, updates, cleansings, solutions };
                    if self.report(true) {
                        finished = false;
                        break 'forward;
                    }
                }
                if leaf(curcost, &self.cur[..level]).is_break() {
                    finished = false;
                    break 'forward;
                }
                None
            } else {
                nodes += 1;
                if self.monitor.is_some() && self.run.due(nodes, updates) {
                    self.run.stats = Stats { nodes, updates, cleansings, solutions };
                    if self.report(split_depth != usize::MAX) {
                        finished = false;
                        break 'forward;
                    }
                }
                self.choose(level, t.limit(shared.cutoff(), curcost, inclusive))
            };
            match item {
                Some(item) => {
                    self.item[level] = item;
                    self.cur[level] = u32::MAX;
                }
                None => {
                    // X8: back to the level above.
                    if level == floor {
                        break 'forward;
                    }
                    level -= 1;
                    curcost = self.partcost[level];
                }
            }
            loop {
                // X5: try the level's next affordable option.
                let limit = t.limit(shared.cutoff(), curcost, inclusive);
                let from = self.cur[level].wrapping_add(1) as usize;
                let Some(x) = self.next_option(level, from, limit) else {
                    // X8: back to the level above.
                    if level == floor {
                        break 'forward;
                    }
                    level -= 1;
                    curcost = self.partcost[level];
                    continue;
                };
                self.cur[level] = x as u32;
                let nextcost = curcost + t.cost[x];
                if !self.take_items(level, x) {
                    // Every primary item is covered: a solution, a node of its own.
                    nodes += 1;
                    solutions += 1;
                    if self.offer(shared, level, nextcost) {
                        self.run.stats = Stats { nodes, updates, cleansings, solutions };
                        return false;
                    }
                    continue;
                }
                let child = t.limit(shared.cutoff(), nextcost, inclusive);
                self.make_frame(level, x, child);
                self.partcost[level] = curcost;
                level += 1;
                curcost = nextcost;
                continue 'forward;
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
        let original = &self.tables.original;
        self.offered.offer(shared, cost, self.cur[..=level].iter().map(|&x| original[x as usize]))
    }

    /// Adds what the monitor has not yet seen (nothing for a `split`, whose
    /// caller adds up what it explored); returns whether to stop.
    #[cold]
    #[inline(never)]
    fn report(&mut self, split: bool) -> bool {
        let Some(monitor) = &self.monitor else { return false };
        if split { self.run.listen(monitor) } else { self.run.report(monitor, None) }
    }
}

impl Floor for Worker {
    fn search<F>(&mut self, shared: &Shared<F>, split_depth: usize, leaf: &mut Leaf<'_>) -> bool
    where
        F: FnMut(u64, &[OptionId]) -> ControlFlow<()>,
    {
        Worker::search(self, shared, split_depth, leaf)
    }

    fn replay<F>(&mut self, shared: &Shared<F>, prefix: &[u32]) -> bool
    where
        F: FnMut(u64, &[OptionId]) -> ControlFlow<()>,
    {
        let tables = Arc::clone(&self.tables);
        let mut cost = 0;
        for (level, &x) in prefix.iter().enumerate() {
            let x = x as usize;
            let next = cost + tables.cost[x];
            let cutoff = shared.cutoff();
            if cutoff != INFINITE && (next > cutoff || (next == cutoff && !self.inclusive)) {
                return false;
            }
            self.cur[level] = x as u32;
            self.partcost[level] = cost;
            if !self.take_items(level, x) {
                return false;
            }
            self.make_frame(level, x, tables.limit(cutoff, next, self.inclusive));
            cost = next;
        }
        self.floor = prefix.len();
        self.cost = cost;
        true
    }

    fn unwind(&mut self) {
        self.floor = 0;
        self.cost = 0;
    }

    fn stats(&self) -> Stats {
        self.run.stats
    }

    fn stopped(&self) -> bool {
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The options are numbered by net cost (then input order), and each
    /// option's rows rule out exactly the options it clashes with: those
    /// sharing a primary or uncoloured secondary item, or giving a secondary
    /// item another colour, checked against the problem option by option.
    #[test]
    fn numbers_by_net_cost_and_rows_of_clashes() {
        let text = "a b c | x y\na b |5\nb c |3 |4\na x:1 |2\nc |9\nb x:1 |1\nc x:2 y |1\na y |0\nb x |4\n";
        let problem = Problem::from_knuth(text).unwrap();
        let t = Tables::new(&problem);
        assert!(t.cost.windows(2).all(|w| w[0] <= w[1]));
        for pair in t.original.windows(2).zip(t.cost.windows(2)) {
            if pair.1[0] == pair.1[1] {
                assert!(pair.0[0] < pair.0[1]);
            }
        }
        let clash = |x: OptionId, y: OptionId| {
            problem.option(x).any(|(i, c)| {
                problem.option(y).any(|(j, d)| i == j && (problem.is_primary(i) || c.is_none() || c != d))
            })
        };
        for x in 0..t.n_options {
            let mut ruled_out = vec![false; t.n_options];
            for &r in &t.rules_out[t.start[x] as usize..t.start[x + 1] as usize] {
                for (y, out) in ruled_out.iter_mut().enumerate() {
                    *out |= t.row(r as usize, t.words)[y / WORD] >> (y % WORD) & 1 == 1;
                }
            }
            for (y, &out) in ruled_out.iter().enumerate() {
                assert_eq!(out, clash(t.original[x], t.original[y]), "{x} rules out {y}");
            }
        }
        // a: min(5, 2, 0) = 0, then b: min(5, 7, 1, 4) = 1, then c: min(7 - 1, 9, 1) = 1.
        assert_eq!(t.total_tax, 2);
    }

    /// The affordable options are a prefix: the limit counts those of net
    /// cost below the budget (or up to it, inclusive), by table or by search.
    #[test]
    fn limits_are_prefixes_of_the_numbers() {
        let problem = Problem::from_knuth("a b\na |3\nb |0\na |1\nb |7\na b |4\n").unwrap();
        let t = Tables::new(&problem);
        assert_eq!(t.cost, [0, 0, 2, 3, 7]);
        assert_eq!(t.limit(INFINITE, 0, false), 5);
        assert_eq!((t.limit(5, 3, false), t.limit(5, 3, true)), (2, 3));
        assert_eq!((t.limit(5, 5, false), t.limit(5, 5, true)), (0, 2));
        assert_eq!(t.limit(5, 6, true), 0);
        assert_eq!(t.limit(100, 0, false), 5);
        let mut searched = Tables::new(&problem);
        searched.below.clear();
        for (cutoff, cost) in [(5, 3), (5, 5), (100, 0), (9, 2), (3, 0)] {
            for inclusive in [false, true] {
                assert_eq!(searched.limit(cutoff, cost, inclusive), t.limit(cutoff, cost, inclusive));
            }
        }
    }
}
