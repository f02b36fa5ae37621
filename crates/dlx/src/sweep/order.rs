//! The sweep's order of the primary items, and Knuth's estimates of the size
//! of a search tree, by which [`Sweep::new`](super::Sweep::new) chooses the
//! order and the front ([`Search::count`](crate::front::Search::count)) the engine.
//!
//! **Labels.** In a packing every option names its piece: the pieces are
//! primary items of which every option has exactly one, and no two share an
//! option. Branching on a label first would place the pieces one by one
//! wherever they fit, the slowest way to pack; so a set of labels, when the
//! problem has one besides other primary items, goes after them.
//!
//! **Candidates.** The order the items were declared in, and orders
//! *grown* ([`grown`]): from a first item, each next item the one whose
//! options most often hold an item already ordered, so that the swept
//! region grows with a short boundary. Ties, and the first item, go by the
//! declared order, by the *breadth-first order* from a far corner
//! ([`breadth_first`], on problems without labels), or by either direction of the *Fiedler order*: the items
//! sorted by the second eigenvector of the Laplacian of the graph in which
//! two items are joined by as many edges as options hold both. On a board
//! that vector runs along the longest axis, so its ends are the board's far
//! corners. On the pentominoes of 6×10 declared row by row (rows of 10), the
//! declared order makes 349 million nodes and the grown ones 26 million, as
//! many as sweeping the columns by hand.
//!
//! **Estimates.** Knuth's estimate of a tree's size (TAOCP, Vol. 4B,
//! 7.2.2): follow random paths from the root; where the path meets a node
//! of `d` children, the tree has about `d` times as many nodes one level
//! down as the path has seen so far. The mean of these sums over many paths
//! is an unbiased estimate of the number of nodes. The random numbers come
//! from a fixed seed, so the estimates, and so the choices, are the same on
//! every run and every machine. The sweep's estimate is bounded, item by
//! item, by the states its cache can tell apart ([`estimate_sweep`]).
//!
//! **Why labels go last only when few.** The black cells of a tiling by
//! dominoes are labels too (each domino holds one), half the primary items.
//! Swept last, they would all be in the frontier of every state; and the
//! white cells, each in options holding no other white cell, would have no
//! graph at all, so that the Fiedler vector and the grown orders fell back
//! to the declared order (a whole row of a 4×43 board declared row by row:
//! more than a minute, and the memo more than 1 GiB). Labels count as such
//! when at most a quarter of the primary items; the tiling is then ordered
//! as a whole, breadth first from a corner, and swept column by column in
//! a few hundred nodes.

use super::state::State;
use crate::util::monitor::Monitor;

/// Whether `monitor` was stopped: the order and the estimates poll it at
/// each step of their work (an iteration of the Fiedler vector, an item
/// ordered, a node of a random path), each step bounded by the problem's
/// size.
fn stopped(monitor: Option<&Monitor>) -> bool {
    monitor.is_some_and(Monitor::is_stopped)
}

/// A small, fast generator of random numbers (xorshift64*), seeded with a
/// constant so that estimates repeat exactly.
pub(crate) struct Random(u64);

impl Random {
    /// The generator, from its fixed seed.
    pub(crate) fn new() -> Random {
        Random(0x9E37_79B9_7F4A_7C15)
    }

    /// A number in `0..n` (`n > 0`).
    pub(crate) fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        let x = self.0.wrapping_mul(0x2545_F491_4F6C_DD1D);
        ((u128::from(x) * n as u128) >> 64) as usize
    }
}

/// Lists of numbers held in one vector (list `k` is
/// `items[start[k]..start[k + 1]]`): the items of each option, or the
/// options of each item, without a vector of their own each (on a small
/// problem the choice of the order otherwise spends more in the allocator
/// than in its work).
#[derive(Clone, Debug)]
pub(crate) struct Lists {
    start: Vec<usize>,
    items: Vec<u32>,
}

impl Lists {
    /// The number of lists.
    pub(crate) fn len(&self) -> usize {
        self.start.len() - 1
    }

    /// The lists of `lists`, room made at once for `total` numbers in all
    /// (a bound: the sizes of the options they come from), so that the
    /// numbers are not copied as they grow.
    pub(crate) fn sized<L: IntoIterator<Item = u32>>(lists: impl IntoIterator<Item = L>, total: usize) -> Lists {
        let lists = lists.into_iter();
        let mut start = Vec::with_capacity(lists.size_hint().0 + 1);
        start.push(0);
        let mut items = Vec::with_capacity(total);
        for list in lists {
            items.extend(list);
            start.push(items.len());
        }
        Lists { start, items }
    }

    /// The numbers of all the lists together.
    pub(crate) fn total(&self) -> usize {
        self.items.len()
    }

    /// List `k`.
    pub(crate) fn get(&self, k: usize) -> &[u32] {
        &self.items[self.start[k]..self.start[k + 1]]
    }

    /// The lists in order.
    pub(crate) fn iter(&self) -> impl Iterator<Item = &[u32]> + '_ {
        self.start.windows(2).map(|w| &self.items[w[0]..w[1]])
    }

    /// For each number `0..n` (every number of the lists is below `n`), the
    /// lists that hold it, in order: the options of each item.
    pub(crate) fn transposed(&self, n: usize) -> Lists {
        let mut start = vec![0usize; n + 1];
        for &i in &self.items {
            start[i as usize + 1] += 1;
        }
        for i in 0..n {
            start[i + 1] += start[i];
        }
        let mut next = start.clone();
        let mut items = vec![0u32; self.items.len()];
        for (k, list) in self.iter().enumerate() {
            for &i in list {
                items[next[i as usize]] = k as u32;
                next[i as usize] += 1;
            }
        }
        Lists { start, items }
    }
}

impl<L: IntoIterator<Item = u32>> FromIterator<L> for Lists {
    fn from_iter<T: IntoIterator<Item = L>>(lists: T) -> Lists {
        Lists::sized(lists, 0)
    }
}

/// The options' masks by their anchor, in one vector: those whose first
/// primary bit is `i` (in the order given) are `masks[start[i]..start[i + 1]]`.
/// Options without a primary item are left out: no search chooses them.
#[derive(Clone, Debug)]
pub(crate) struct Anchored<S> {
    start: Vec<usize>,
    masks: Vec<S>,
}

impl<S: State> Anchored<S> {
    /// The options `masks` by anchor, for `n_primary` primary items (bits
    /// `0..n_primary`).
    pub(crate) fn new(masks: &[S], n_primary: usize) -> Anchored<S> {
        let primary = S::range(0, n_primary as u32);
        let anchor = |m: S| {
            let mine = primary.and_not(primary.and_not(m));
            (!mine.is_zero()).then(|| mine.first() as usize)
        };
        let mut start = vec![0usize; n_primary + 1];
        for &m in masks {
            if let Some(i) = anchor(m) {
                start[i + 1] += 1;
            }
        }
        for i in 0..n_primary {
            start[i + 1] += start[i];
        }
        let mut next = start.clone();
        let mut anchored = vec![S::default(); start[n_primary]];
        for &m in masks {
            if let Some(i) = anchor(m) {
                anchored[next[i]] = m;
                next[i] += 1;
            }
        }
        Anchored { start, masks: anchored }
    }

    /// The options anchored at bit `i`.
    pub(crate) fn of(&self, i: usize) -> &[S] {
        &self.masks[self.start[i]..self.start[i + 1]]
    }
}

/// The labels of the problem given by the primary items of its options
/// (`options.get(k)`: the primary items of option `k`, numbered `0..n_primary`):
/// a set of primary items of which every option has exactly one, and no
/// two share an option; the smallest found from the first option's items,
/// and only when other primary items remain. `None` when there is none.
/// `holding` is `options.transposed(n_primary)`, the options of each item.
pub(crate) fn labels(options: &Lists, holding: &Lists, n_primary: usize) -> Option<Vec<bool>> {
    let first = options.iter().find(|o| !o.is_empty())?;
    let mut best: Option<(usize, Vec<bool>)> = None;
    for &seed in first {
        let mut label = vec![false; n_primary];
        // Items sharing an option with a label: never labels themselves.
        let mut blocked = vec![false; n_primary];
        let add = |i: u32, label: &mut Vec<bool>, blocked: &mut Vec<bool>| {
            label[i as usize] = true;
            for &k in holding.get(i as usize) {
                for &j in options.get(k as usize) {
                    if j != i {
                        blocked[j as usize] = true;
                    }
                }
            }
        };
        add(seed, &mut label, &mut blocked);
        let mut size = 1;
        let mut whole = true;
        for option in options.iter().filter(|o| !o.is_empty()) {
            if option.iter().any(|&i| label[i as usize]) {
                continue;
            }
            // An item added now shares no option with a label, so the options
            // already passed, each with one label, gain no second.
            match option.iter().find(|&&i| !blocked[i as usize]) {
                Some(&i) => {
                    add(i, &mut label, &mut blocked);
                    size += 1;
                }
                None => {
                    whole = false;
                    break;
                }
            }
            // No smaller than the best found: this seed cannot win.
            if best.as_ref().is_some_and(|(s, _)| size >= *s) {
                whole = false;
                break;
            }
        }
        if whole && size < n_primary && best.as_ref().is_none_or(|(s, _)| size < *s) {
            best = Some((size, label));
        }
    }
    best.map(|(_, label)| label)
}

/// The items `0..n` (given by their options, `options.get(k)` the items of
/// option `k` among them) sorted by the Fiedler vector of their graph,
/// ascending; ties keep the order `0..n`. `None` when `monitor` stops.
pub(crate) fn fiedler_order(options: &Lists, n: usize, monitor: Option<&Monitor>) -> Option<Vec<u32>> {
    let mut order: Vec<u32> = (0..n as u32).collect();
    if n < 3 {
        return Some(order);
    }
    // The weights: options holding both items.
    let mut weight = vec![0.0f64; n * n];
    for (k, option) in options.iter().enumerate() {
        if k % 1024 == 0 && stopped(monitor) {
            return None;
        }
        for &a in option {
            for &b in option {
                if a != b {
                    weight[a as usize * n + b as usize] += 1.0;
                }
            }
        }
    }
    let degree: Vec<f64> = (0..n).map(|a| weight[a * n..(a + 1) * n].iter().sum()).collect();
    // The Laplacian's eigenvalues lie in [0, 2 max degree]: power iteration on
    // shift - Laplacian, kept orthogonal to the constant vector (eigenvalue 0),
    // converges to the eigenvector of the second smallest eigenvalue.
    let shift = 2.0 * degree.iter().copied().fold(0.0, f64::max) + 1.0;
    let mut v: Vec<f64> = (0..n).map(|a| a as f64 - (n - 1) as f64 / 2.0).collect();
    let mut next = vec![0.0f64; n];
    for _ in 0..400 {
        if stopped(monitor) {
            return None;
        }
        for a in 0..n {
            let row = &weight[a * n..(a + 1) * n];
            let wv: f64 = row.iter().zip(&v).map(|(w, x)| w * x).sum();
            next[a] = (shift - degree[a]) * v[a] + wv;
        }
        let mean = next.iter().sum::<f64>() / n as f64;
        let norm = next.iter().map(|x| (x - mean) * (x - mean)).sum::<f64>().sqrt();
        if norm == 0.0 {
            return Some(order);
        }
        for (x, y) in v.iter_mut().zip(&next) {
            *x = (y - mean) / norm;
        }
    }
    order.sort_by(|&a, &b| v[a as usize].total_cmp(&v[b as usize]));
    Some(order)
}

/// The items `0..n` (given by their options, `options.get(k)` the items of
/// option `k` among them) in the order *grown* from the first by `rank`
/// (`rank[i]`: the place of item `i` in a tie): at each step, the item
/// not yet ordered whose options most often (as a share of its options)
/// hold an item already ordered; ties, and the first item, by `rank`.
///
/// On a board the item most bound to the cells already swept is a cell in
/// a corner of the region left: the sweep then covers the board as a
/// growing region with a short boundary, each next cell wedged between
/// cells covered, where few pieces fit. `holding` is
/// `options.transposed(n)`, the options of each item. `None` when `monitor`
/// stops.
pub(crate) fn grown(
    options: &Lists,
    holding: &Lists,
    n: usize,
    rank: &[u32],
    monitor: Option<&Monitor>,
) -> Option<Vec<u32>> {
    // touching[i]: the options of item i that hold an item already ordered.
    let mut touching = vec![0u64; n];
    let mut touched = vec![false; options.len()];
    let mut ordered = vec![false; n];
    let mut order = Vec::with_capacity(n);
    for _ in 0..n {
        if stopped(monitor) {
            return None;
        }
        let better = |a: usize, b: usize| {
            // touching[a] / len(a) > touching[b] / len(b), in integers.
            let (ta, la) = (touching[a], holding.get(a).len().max(1) as u64);
            let (tb, lb) = (touching[b], holding.get(b).len().max(1) as u64);
            (ta * lb).cmp(&(tb * la)).then(rank[b].cmp(&rank[a])).is_gt()
        };
        let mut next = None;
        for i in (0..n).filter(|&i| !ordered[i]) {
            if next.is_none_or(|j| better(i, j)) {
                next = Some(i);
            }
        }
        let Some(next) = next else { break };
        ordered[next] = true;
        order.push(next as u32);
        for &k in holding.get(next) {
            if !std::mem::replace(&mut touched[k as usize], true) {
                for &i in options.get(k as usize) {
                    touching[i as usize] += 1;
                }
            }
        }
    }
    Some(order)
}

/// The items `0..n` (given by their options, `options.get(k)` the items of
/// option `k` among them) in breadth-first order from an item at the far
/// end of their graph (two items joined when an option holds both), as in
/// the Cuthill–McKee order that narrows a sparse matrix's band. The start
/// is *pseudo-peripheral* (George and Liu): the item reached last from
/// item 0, then the item reached last from that one, while it lies farther;
/// on a board, a corner at one end of its long side. Each part of the
/// graph out of reach of the others follows in turn. On a board the levels
/// are diagonals across the short side, whatever the order the cells were
/// declared in, so the frontier stays as short as the board is narrow.
/// `None` when `monitor` stops.
pub(crate) fn breadth_first(options: &Lists, n: usize, monitor: Option<&Monitor>) -> Option<Vec<u32>> {
    let holding = options.transposed(n);
    let mut level = vec![u32::MAX; n];
    // The items reached from `start` not yet placed, in order, and the level
    // of the last (the farthest).
    let mut search = |start: u32, done: &[bool]| -> Option<(Vec<u32>, u32)> {
        let mut order = vec![start];
        level[start as usize] = 0;
        let mut next = 0;
        while next < order.len() {
            if stopped(monitor) {
                return None;
            }
            let a = order[next];
            next += 1;
            for &k in holding.get(a as usize) {
                for &b in options.get(k as usize) {
                    if level[b as usize] == u32::MAX && !done[b as usize] {
                        level[b as usize] = level[a as usize] + 1;
                        order.push(b);
                    }
                }
            }
        }
        let depth = level[order[order.len() - 1] as usize];
        for &a in &order {
            level[a as usize] = u32::MAX;
        }
        Some((order, depth))
    };
    let mut done = vec![false; n];
    let mut order = Vec::with_capacity(n);
    for first in 0..n as u32 {
        if done[first as usize] {
            continue;
        }
        // From the farthest item, while it lies farther (George and Liu).
        let (mut part, mut depth) = search(first, &done)?;
        for _ in 0..8 {
            let (further, deeper) = search(part[part.len() - 1], &done)?;
            let grew = deeper > depth;
            (part, depth) = (further, deeper);
            if !grew {
                break;
            }
        }
        for &a in &part {
            done[a as usize] = true;
        }
        order.extend(part);
    }
    Some(order)
}

/// Knuth's estimate of the nodes of the sweep's search (below the root),
/// bounded by its frontiers, and the random paths' estimate alone:
/// `anchored.of(i)` are the masks of the options whose first primary item is
/// `i`, `primary` the mask of the primary items. `None` when `monitor`
/// stops.
///
/// The random paths do not see the cache of subproblems. The states whose
/// first item open is `i` differ only in the items after `i` that the
/// options anchored before it hold (its *frontier*: all its items before
/// `i` are covered), so there are at most `2^f` of them for a frontier of
/// `f` items, each searched once when the cache remembers it: the nodes
/// below the states of item `i` are taken as the least of the paths'
/// estimate and `2^f` times the options anchored at `i`. On a tiling swept
/// across its short side (dominoes in 4×43, column by column: a frontier
/// of at most 5 cells) this bounds a tree of 10^19 nodes by some
/// thousands; on a packing, whose frontier holds the pieces (labels) and
/// the cells a piece reaches ahead, the bound is far above the paths'.
pub(crate) fn estimate_sweep<S: State>(
    anchored: &Anchored<S>,
    primary: S,
    probes: u32,
    monitor: Option<&Monitor>,
) -> Option<(f64, f64)> {
    let n_primary = primary.count_ones() as usize;
    let mut random = Random::new();
    let mut fits = Vec::new();
    let mut by_item = vec![0.0f64; n_primary];
    for _ in 0..probes {
        let (mut covered, mut weight) = (S::default(), 1.0f64);
        while !covered.covers(primary) {
            if stopped(monitor) {
                return None;
            }
            let i = primary.and_not(covered).first() as usize;
            fits.clear();
            fits.extend(anchored.of(i).iter().copied().filter(|&m| !m.meets(covered)));
            if fits.is_empty() {
                break;
            }
            weight *= fits.len() as f64;
            by_item[i] += weight;
            covered = covered.or(fits[random.below(fits.len())]);
        }
    }
    // The frontier of each item: what the options anchored before it reach
    // past it.
    let mut reached = S::default();
    let (mut bounded, mut paths) = (0.0, 0.0);
    for (i, &nodes) in by_item.iter().enumerate() {
        let frontier = reached.and_not(S::range(0, i as u32 + 1)).count_ones();
        let states = 2f64.powi(frontier as i32);
        let nodes = nodes / f64::from(probes);
        bounded += nodes.min(states * anchored.of(i).len() as f64);
        paths += nodes;
        reached = anchored.of(i).iter().fold(reached, |a, &m| a.or(m));
    }
    Some((bounded, paths))
}

/// Knuth's estimates of the nodes (below the root) and of the updates of
/// the search that branches on the first primary item with the fewest
/// options left, the choice of the links and bitset engines: `holding[j]`
/// are the masks of the options holding item `j` (primary or secondary),
/// `primary` the mask of the primary items. A node's updates are counted
/// as the links count them: for each item of the option tried, one, and one
/// for each other item of every option still in play that it hides (the
/// first item of the option tried that an option holds hides it). `None`
/// when `monitor` stops.
pub(crate) fn estimate_fewest<S: State>(
    holding: &[Vec<S>],
    primary: S,
    probes: u32,
    monitor: Option<&Monitor>,
) -> Option<(f64, f64)> {
    let mut random = Random::new();
    let mut fits = Vec::new();
    let (mut nodes, mut updates) = (0.0, 0.0);
    for _ in 0..probes {
        let (mut covered, mut weight) = (S::default(), 1.0f64);
        while !covered.covers(primary) {
            if stopped(monitor) {
                return None;
            }
            let (mut best, mut fewest) = (usize::MAX, usize::MAX);
            let mut open = primary.and_not(covered);
            while !open.is_zero() {
                let j = open.first();
                open = open.and_not(S::bit(j));
                let j = j as usize;
                let mut n = 0;
                for &m in &holding[j] {
                    n += usize::from(!m.meets(covered));
                    if n >= fewest {
                        break;
                    }
                }
                if n < fewest {
                    (best, fewest) = (j, n);
                    if n == 0 {
                        break;
                    }
                }
            }
            if fewest == 0 {
                break;
            }
            fits.clear();
            fits.extend(holding[best].iter().copied().filter(|&m| !m.meets(covered)));
            weight *= fits.len() as f64;
            let chosen = fits[random.below(fits.len())];
            // Each option in play is hidden once, by the first item of the
            // chosen option that it holds.
            let (mut work, mut done) = (0u32, S::default());
            let mut items = chosen;
            while !items.is_zero() {
                let j = items.first();
                items = items.and_not(S::bit(j));
                let hidden = holding[j as usize].iter().filter(|&&m| !m.meets(covered.or(done)));
                work += 1 + hidden.map(|&m| m.count_ones() - 1).sum::<u32>();
                done = done.or(S::bit(j));
            }
            nodes += weight;
            updates += weight * f64::from(work);
            covered = covered.or(chosen);
        }
    }
    Some((nodes / f64::from(probes), updates / f64::from(probes)))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The lists holding each number, found by looking at every list for
    /// every number: what `transposed` must give, empty lists included.
    #[test]
    fn transposed_lists_hold_each_number_where_it_is() {
        let cases: [&[&[u32]]; 4] =
            [&[], &[&[]], &[&[], &[2, 0], &[], &[], &[1, 2], &[]], &[&[3], &[0, 1, 2, 3], &[3, 1]]];
        for case in cases {
            let n = 4;
            let transposed = lists(case).transposed(n);
            assert_eq!(transposed.len(), n);
            for i in 0..n as u32 {
                let holding: Vec<u32> = (0..case.len() as u32).filter(|&k| case[k as usize].contains(&i)).collect();
                assert_eq!(transposed.get(i as usize), holding, "{case:?}, number {i}");
            }
        }
    }

    #[test]
    fn the_pieces_of_a_packing_are_its_labels() {
        // Two pieces (items 0 and 1) on three cells (items 2, 3, 4).
        let options = lists(&[&[0, 2, 3], &[0, 3, 4], &[1, 2], &[1, 4], &[1, 3]]);
        assert_eq!(labels(&options, &options.transposed(5), 5), Some(vec![true, true, false, false, false]));
        // {0, 1} are labels (so are {2, 3}, which the greedy search from item 2
        // misses); when every item is a label, none.
        let options = lists(&[&[0, 2], &[1, 3], &[0, 3]]);
        assert_eq!(labels(&options, &options.transposed(4), 4), Some(vec![true, true, false, false]));
        let options = lists(&[&[0], &[1]]);
        assert_eq!(labels(&options, &options.transposed(2), 2), None);
        // Cells alone: no set of them meets every option once.
        let options = lists(&[&[0, 1], &[1, 2], &[0, 2]]);
        assert_eq!(labels(&options, &options.transposed(3), 3), None);
    }

    /// The lists given.
    fn lists(lists: &[&[u32]]) -> Lists {
        lists.iter().map(|list| list.iter().copied()).collect()
    }

    #[test]
    fn lists_transposed_hold_each_number_in_order() {
        let options = lists(&[&[0, 2, 3], &[], &[3, 0], &[2]]);
        assert_eq!(options.len(), 4);
        assert_eq!(options.get(1), &[] as &[u32]);
        assert_eq!(options.get(2), &[3, 0]);
        let holding = options.transposed(5);
        let held: Vec<&[u32]> = holding.iter().collect();
        assert_eq!(held, [&[0, 2][..], &[], &[0, 3], &[0, 2], &[]]);
    }

    /// Dominoes on a 2×6 strip, its cells numbered row by row (`6y + x`).
    fn strip() -> Lists {
        let cell = |x: u32, y: u32| 6 * y + x;
        let mut options = Vec::new();
        for x in 0..6 {
            options.push(vec![cell(x, 0), cell(x, 1)]);
        }
        for y in 0..2 {
            for x in 0..5 {
                options.push(vec![cell(x, y), cell(x + 1, y)]);
            }
        }
        options.into_iter().collect()
    }

    #[test]
    fn the_fiedler_order_runs_along_a_strip() {
        // The order sweeps the strip's columns, from either end.
        let options = strip();
        let order = fiedler_order(&options, 12, None).unwrap();
        let columns: Vec<u32> = order.iter().map(|&c| c % 6).collect();
        let forward = columns.windows(2).all(|w| w[0] <= w[1]);
        let backward = columns.windows(2).all(|w| w[0] >= w[1]);
        assert!(forward || backward, "{order:?}");
    }

    /// The most items after some place of `order` that share an option
    /// with an item at or before it: the frontier of the sweep in that order.
    fn frontier(options: &Lists, order: &[u32]) -> usize {
        let mut place = vec![0usize; order.len()];
        for (p, &i) in order.iter().enumerate() {
            place[i as usize] = p;
        }
        (0..order.len())
            .map(|p| {
                let ahead = |i: &&u32| place[**i as usize] > p;
                let mut reached: Vec<u32> = options
                    .iter()
                    .filter(|o| o.iter().any(|&i| place[i as usize] <= p))
                    .flat_map(|o| o.iter().filter(ahead).copied())
                    .collect();
                reached.sort_unstable();
                reached.dedup();
                reached.len()
            })
            .max()
            .unwrap_or(0)
    }

    #[test]
    fn the_breadth_first_order_crosses_a_long_strip() {
        // Dominoes on a 3×20 strip declared row by row: a frontier of a
        // whole row (20 cells) in that order, at most 4 from a far corner
        // breadth first, whichever item the search starts from.
        let (w, h) = (20u32, 3u32);
        let cell = |x: u32, y: u32| w * y + x;
        let mut options = Vec::new();
        for y in 0..h {
            for x in 0..w {
                if x + 1 < w {
                    options.push(vec![cell(x, y), cell(x + 1, y)]);
                }
                if y + 1 < h {
                    options.push(vec![cell(x, y), cell(x, y + 1)]);
                }
            }
        }
        let options: Lists = options.into_iter().collect();
        let n = (w * h) as usize;
        let declared: Vec<u32> = (0..n as u32).collect();
        assert_eq!(frontier(&options, &declared), 20);
        let order = breadth_first(&options, n, None).unwrap();
        let mut sorted = order.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, declared);
        assert!([0, w - 1, cell(0, h - 1), cell(w - 1, h - 1)].contains(&order[0]), "{order:?}");
        assert!(frontier(&options, &order) <= 4, "{order:?}");
        // Two parts: each in turn, the whole of each.
        let two: Lists = [vec![0, 2], vec![1, 3], vec![2, 4]].into_iter().collect();
        let order = breadth_first(&two, 5, None).unwrap();
        assert_eq!(order, [4, 2, 0, 3, 1]);
    }

    #[test]
    fn a_grown_order_sweeps_a_strip_across() {
        // Grown from the first cell, the order takes the strip column by column.
        let options = strip();
        let rank: Vec<u32> = (0..12).collect();
        let order = grown(&options, &options.transposed(12), 12, &rank, None).unwrap();
        assert_eq!(order, [0, 6, 1, 7, 2, 8, 3, 9, 4, 10, 5, 11]);
    }

    /// A random packing: a box of `w × h` cells (items `c{x}_{y}`) filled by
    /// pieces (items `P{k}`, the labels) of three or four cells, each in
    /// its four turns and every place; one or two cells left over go to a
    /// monomino or a domino. In Knuth's format.
    fn random_packing(seed: u64) -> String {
        const SHAPES: [&[(i32, i32)]; 6] = [
            &[(0, 0), (0, 1), (0, 2)],
            &[(0, 0), (0, 1), (1, 0)],
            &[(0, 0), (0, 1), (0, 2), (0, 3)],
            &[(0, 0), (0, 1), (0, 2), (1, 2)],
            &[(0, 0), (0, 1), (0, 2), (1, 1)],
            &[(0, 0), (0, 1), (1, 1), (1, 2)],
        ];
        let mut random = Random(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
        let (w, h) = (2 + random.below(3) as i32, 3 + random.below(5) as i32);
        let mut left = w * h;
        let mut pieces: Vec<Vec<(i32, i32)>> = Vec::new();
        while left > 0 {
            let shape: Vec<(i32, i32)> = match left {
                1 => vec![(0, 0)],
                2 => vec![(0, 0), (0, 1)],
                _ => loop {
                    let shape = SHAPES[random.below(SHAPES.len())];
                    if shape.len() as i32 <= left {
                        break shape.to_vec();
                    }
                },
            };
            left -= shape.len() as i32;
            pieces.push(shape);
        }
        let mut text: String = (0..pieces.len()).map(|k| format!("P{k} ")).collect();
        text.extend((0..w).flat_map(|x| (0..h).map(move |y| format!("c{x}_{y} "))));
        text.push('\n');
        for (k, shape) in pieces.iter().enumerate() {
            let mut seen = std::collections::BTreeSet::new();
            let mut turned = shape.clone();
            for _ in 0..4 {
                turned = turned.iter().map(|&(x, y)| (y, -x)).collect();
                let (x0, y0) = (turned.iter().map(|c| c.0).min().unwrap(), turned.iter().map(|c| c.1).min().unwrap());
                let mut cells: Vec<(i32, i32)> = turned.iter().map(|&(x, y)| (x - x0, y - y0)).collect();
                cells.sort_unstable();
                if !seen.insert(cells.clone()) {
                    continue;
                }
                for (dx, dy) in (0..w).flat_map(|x| (0..h).map(move |y| (x, y))) {
                    if cells.iter().all(|&(x, y)| x + dx < w && y + dy < h) {
                        text += &format!("P{k}");
                        for &(x, y) in &cells {
                            text += &format!(" c{}_{}", x + dx, y + dy);
                        }
                        text.push('\n');
                    }
                }
            }
        }
        text
    }

    /// The first choice of the sweep's order on random packings, most small
    /// enough that it takes the first candidate whose estimate is small
    /// ([`FIRST_SMALL_TREE`](super::super::FIRST_SMALL_TREE)) without
    /// estimating the others: the sweep counts in the order chosen what the
    /// links count, and so does the sweep in the whole choice's order.
    #[test]
    fn the_first_choice_counts_what_the_links_count() {
        use crate::Problem;
        use crate::sweep::Sweep;
        use crate::util::small::count_plain;
        let mut small = 0;
        for seed in 0..60 {
            let text = random_packing(seed);
            let problem = Problem::from_knuth(&text).unwrap();
            let links = count_plain(&problem);
            let Some(first) = Sweep::new_first(&problem, None).unwrap() else {
                continue;
            };
            small += usize::from(first.estimate() <= super::super::FIRST_SMALL_TREE);
            assert_eq!(first.count(1, None).unwrap().solutions_u64(), Some(links), "{text}");
            assert_eq!(Sweep::new(&problem).unwrap().count(1, None).unwrap().solutions_u64(), Some(links), "{text}");
        }
        assert!(small >= 30, "{small} small packings");
    }

    /// Every node of a tree small enough to count: the estimate with one
    /// probe per path is exact on a tree whose every node has the same
    /// number of children at each depth.
    #[test]
    fn estimates_are_exact_on_uniform_trees() {
        // Four primary items, each option one item: 2 options each → a tree
        // of 2 + 4 + 8 + 16 nodes below the root, whatever the path.
        let mut holding = vec![Vec::new(); 4];
        let mut masks = Vec::new();
        for (i, holding) in holding.iter_mut().enumerate() {
            for _ in 0..2 {
                holding.push(1u128 << i);
                masks.push(1u128 << i);
            }
        }
        let anchored = Anchored::new(&masks, 4);
        assert_eq!(anchored.of(2), &[0b100, 0b100]);
        // The cache, which sees that each item's two options leave the same
        // state, searches 2 below each of the 4 states: the frontiers
        // (empty) bound the estimate so.
        assert_eq!(estimate_sweep(&anchored, 0b1111, 10, None), Some((8.0, 30.0)));
        // Each node covers its item (1 update) and hides the other option of
        // it, which holds no other item (0): 30 updates.
        assert_eq!(estimate_fewest(&holding, 0b1111, 10, None), Some((30.0, 30.0)));
        // A stopped monitor ends each of them at its first step.
        let monitor = Monitor::new();
        monitor.stop();
        assert_eq!(estimate_sweep(&anchored, 0b1111, 10, Some(&monitor)), None);
        assert_eq!(estimate_fewest(&holding, 0b1111, 10, Some(&monitor)), None);
        let options = strip();
        assert_eq!(fiedler_order(&options, 12, Some(&monitor)), None);
        assert_eq!(grown(&options, &options.transposed(12), 12, &(0..12).collect::<Vec<_>>(), Some(&monitor)), None);
        assert_eq!(breadth_first(&options, 12, Some(&monitor)), None);
    }
}
