//! The diagram the memoizing search hands out, and what it gives: exact counts,
//! every solution, uniform random solutions, per-option counts and the cheapest
//! solutions.
//!
//! A [`Zdd`] has two sinks, 0 (no solution) and 1 (the empty solution), and
//! branch nodes numbered from 2 in the order the search made them, so that
//! both branches of a node have smaller numbers than the node itself. A node
//! `(o, lo, hi)` stands for the solutions of `lo` together with `o` added to
//! each solution of `hi`. As in Knuth's DLX6 the options along a path are not
//! ordered by number (the diagram is not a reduced, ordered ZDD), which none of
//! what follows needs.

use std::cmp::Ordering;

use num_bigint::BigUint;

use crate::util::problem::OptionId;
use crate::util::random::SplitMix64;

use super::budget::{self, Budget};
use super::{MemoError, MemoStats};

/// A branch node of a [`Zdd`]: `option` taken (go `hi`) or not (go `lo`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ZddNode {
    /// The option this node decides.
    pub option: OptionId,
    /// The node for the solutions without it (the other options tried at the
    /// same level before it); 0 if none.
    pub lo: u32,
    /// The node for the rest of each solution with it; never 0.
    pub hi: u32,
}

/// The solutions of an exact-cover problem as a zero-suppressed decision
/// diagram, made by [`Memo::build`](super::Memo::build), with the count of
/// solutions below each node.
///
/// **Memory.** The diagram holds [`Zdd::bytes`], at most the limit it was
/// made under. What reads it holds little beyond: [`Zdd::solutions`] and
/// [`Zdd::samples`] one solution at a time (however many are drawn),
/// [`Zdd::option_counts`] and [`Zdd::best`] a few arrays as long as the
/// diagram, within the same limit, or they answer [`MemoError::Memory`].
#[derive(Clone, Debug)]
pub struct Zdd {
    nodes: Vec<ZddNode>,
    root: u32,
    costs: Vec<u64>,
    n_options: usize,
    stats: MemoStats,
    counts: Counts,
    limit: usize,
}

/// One of the `k` cheapest solutions found by [`Zdd::best`].
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Cheapest {
    /// The sum of its options' costs.
    pub cost: u64,
    /// Its options, in increasing order of their numbers.
    pub options: Vec<OptionId>,
}

impl Zdd {
    /// The diagram of `nodes` (whose bytes, and the costs', `budget` holds),
    /// its counts made within `budget`.
    pub(super) fn new(
        nodes: Vec<ZddNode>,
        root: u32,
        costs: Vec<u64>,
        n_options: usize,
        mut stats: MemoStats,
        mut budget: Budget,
    ) -> Result<Zdd, MemoError> {
        let counts = Counts::new(&nodes, &mut budget)?;
        stats.peak_bytes = budget.peak() as u64;
        Ok(Zdd { nodes, root, costs, n_options, stats, counts, limit: budget.limit() })
    }

    /// The bytes the diagram holds: its nodes, the counts below them and the
    /// options' costs.
    pub fn bytes(&self) -> usize {
        budget::held(&self.nodes) + budget::held(&self.counts.limbs) + budget::held(&self.costs)
    }

    /// The limit on the bytes the diagram, and what reads it, may hold: the
    /// one it was made under ([`Memo::with_limit_bytes`](super::Memo::with_limit_bytes)).
    pub fn limit_bytes(&self) -> usize {
        self.limit
    }

    /// A budget of the diagram's limit, the diagram's own bytes taken.
    fn budget(&self) -> Budget {
        let mut budget = Budget::new(self.limit);
        budget.hold(self.bytes());
        budget
    }

    /// The statistics of the search that made the diagram.
    pub fn stats(&self) -> &MemoStats {
        &self.stats
    }

    /// The root: 0 when the problem has no solution, else a branch node.
    pub fn root(&self) -> u32 {
        self.root
    }

    /// The number of branch nodes (the sinks 0 and 1 not included).
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Whether the diagram has no branch node (then the problem has no solution).
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// Branch node `id` (from 2), or `None` for a sink or a number out of range.
    pub fn node(&self, id: u32) -> Option<ZddNode> {
        (id as usize).checked_sub(2).and_then(|i| self.nodes.get(i)).copied()
    }

    /// The branch nodes with their numbers, in the order they were made
    /// (children before parents).
    pub fn nodes(&self) -> impl ExactSizeIterator<Item = (u32, ZddNode)> + '_ {
        self.nodes.iter().enumerate().map(|(i, &n)| (i as u32 + 2, n))
    }

    /// The number of options of the problem.
    pub fn n_options(&self) -> usize {
        self.n_options
    }

    fn counts(&self) -> &Counts {
        &self.counts
    }

    /// The number of solutions, exactly.
    pub fn count(&self) -> BigUint {
        self.counts().big(self.root)
    }

    /// The number of solutions if it fits in 64 bits.
    pub fn count_u64(&self) -> Option<u64> {
        let counts = self.counts();
        let limbs = counts.limbs(self.root);
        limbs[1..].iter().all(|&l| l == 0).then_some(limbs[0])
    }

    /// Every solution, one after another, as the options chosen from the top
    /// level down; lazily, with memory for one path beyond the diagram.
    pub fn solutions(&self) -> ZddSolutions<&Zdd> {
        ZddSolutions::new(self)
    }

    /// `k` solutions drawn uniformly and independently at random (each
    /// solution equally likely each time), from a generator seeded with `seed`:
    /// the same seed gives the same solutions on every machine. Empty if the
    /// problem has no solution. The first `k` of [`Zdd::samples`], all held
    /// at once: to draw many, iterate [`Zdd::samples`] instead.
    pub fn sample(&self, k: usize, seed: u64) -> Vec<Vec<OptionId>> {
        self.samples(seed).take(k).collect()
    }

    /// Uniform random solutions without end (none if the problem has no
    /// solution), as the options chosen from the top level down, from a
    /// generator seeded with `seed`.
    pub fn samples(&self, seed: u64) -> Samples<'_> {
        let counts = self.counts();
        Samples { zdd: self, counts, rng: SplitMix64(seed), r: vec![0u64; counts.width] }
    }

    /// For each option, the number of solutions that use it; or
    /// [`MemoError::Memory`] when the arrays it needs (the paths from the
    /// root to each node, as wide as the counts) would pass the diagram's
    /// limit.
    pub fn option_counts(&self) -> Result<Vec<BigUint>, MemoError> {
        let counts = self.counts();
        let width = counts.width;
        let mut budget = self.budget();
        // Paths from the root to each node, parents before children; no sum
        // passes the count at the root, since each path and each solution
        // below it make a solution of their own (sink 0's entry may wrap, and
        // is never read).
        let mut paths = Vec::new();
        budget::reserve(&mut paths, (self.nodes.len() + 2) * width, &mut budget)?;
        paths.resize((self.nodes.len() + 2) * width, 0u64);
        let mut per_option = Vec::new();
        budget::reserve(&mut per_option, self.n_options * width, &mut budget)?;
        per_option.resize(self.n_options * width, 0u64);
        // The answer itself: a big integer of up to `width` limbs per option.
        budget.take(self.n_options * (size_of::<BigUint>() + width * 8))?;
        if self.root != 0 {
            paths[self.root as usize * width] = 1;
        }
        let mut here = vec![0u64; width];
        let mut product = vec![0u64; width];
        for id in (2..self.nodes.len() + 2).rev() {
            here.copy_from_slice(&paths[id * width..][..width]);
            if here.iter().all(|&l| l == 0) {
                continue;
            }
            let node = self.nodes[id - 2];
            limbs_mul(&here, counts.limbs(node.hi), &mut product);
            limbs_add(&mut per_option[node.option.index() * width..][..width], &product);
            limbs_add(&mut paths[node.hi as usize * width..][..width], &here);
            limbs_add(&mut paths[node.lo as usize * width..][..width], &here);
        }
        drop(paths);
        Ok(per_option.chunks(width).map(limbs_big).collect())
    }

    /// The `k` cheapest solutions (fewer if there are fewer), in increasing
    /// order of cost and, among equal costs, of their sorted option numbers,
    /// the order of [`MinCost`](crate::MinCost); by dynamic programming over the
    /// diagram, each node keeping the few partial solutions that can still be
    /// among the `k` best.
    ///
    /// The lists kept for each node count against the diagram's limit: when
    /// they would pass it, [`MemoError::Memory`].
    pub fn best(&self, k: usize) -> Result<Vec<Cheapest>, MemoError> {
        if k == 0 || self.root == 0 {
            return Ok(Vec::new());
        }
        let mut budget = self.budget();
        // For each node, candidates sorted by (cost, length, options). A
        // candidate is dropped when `k` kept ones are cheaper, or are as cheap,
        // as long and smaller: adding the same options above keeps either
        // relation, so a dropped candidate never reaches the `k` best.
        let n = self.nodes.len() + 2;
        let mut best: Vec<Vec<Cheapest>> = Vec::new();
        budget::reserve(&mut best, n, &mut budget)?;
        best.push(Vec::new());
        best.push(vec![Cheapest { cost: 0, options: Vec::new() }]);
        // How many nodes (and the root) still need each node's list: a list is
        // dropped once its last parent has read it.
        let mut readers: Vec<u32> = Vec::new();
        budget::reserve(&mut readers, n, &mut budget)?;
        readers.resize(n, 0);
        readers[self.root as usize] += 1;
        for node in &self.nodes {
            readers[node.lo as usize] += 1;
            readers[node.hi as usize] += 1;
        }
        // The bytes of the lists kept in `best`, and of those read at a node:
        // a list read for the last time moves out, one read again is copied.
        let mut stored = 0usize;
        for node in &self.nodes {
            let cost = self.costs.get(node.option.index()).copied().unwrap_or(0);
            let mut read = |id: u32, stored: &mut usize| -> Vec<Cheapest> {
                let id = id as usize;
                readers[id] -= 1;
                if readers[id] == 0 && id > 1 {
                    *stored -= list_bytes(&best[id]);
                    std::mem::take(&mut best[id])
                } else {
                    best[id].clone()
                }
            };
            let mut merged = read(node.lo, &mut stored);
            let high = read(node.hi, &mut stored);
            // While they merge: both lists, `merged` grown to hold them all,
            // and each candidate of `high` one option longer.
            let merging = list_bytes(&merged)
                + list_bytes(&high)
                + (merged.len() + high.len()) * size_of::<Cheapest>()
                + high.len() * size_of::<OptionId>();
            if !budget.fits(stored.saturating_add(merging)) {
                return Err(budget.over(stored.saturating_add(merging)));
            }
            merged.reserve_exact(high.len());
            for mut c in high {
                let at = c.options.partition_point(|&o| o < node.option);
                c.options.reserve_exact(1);
                c.options.insert(at, node.option);
                c.cost = c.cost.saturating_add(cost);
                merged.push(c);
            }
            merged.sort_by(|a, b| (a.cost, a.options.len(), &a.options).cmp(&(b.cost, b.options.len(), &b.options)));
            let kept = prune(merged, k);
            stored += list_bytes(&kept);
            best.push(kept);
        }
        let mut answer = std::mem::take(&mut best[self.root as usize]);
        answer.sort();
        answer.truncate(k);
        Ok(answer)
    }
}

/// The bytes a list of candidates holds.
fn list_bytes(list: &[Cheapest]) -> usize {
    size_of_val(list) + list.iter().map(|c| budget::held(&c.options)).sum::<usize>()
}

/// Keeps the candidates (sorted by cost, length, options) that can still be
/// among the `k` best.
fn prune(mut sorted: Vec<Cheapest>, k: usize) -> Vec<Cheapest> {
    let mut kept = Vec::with_capacity(sorted.len().min(k.saturating_mul(4)));
    let mut cheaper = 0usize;
    let mut i = 0;
    while i < sorted.len() && cheaper < k {
        let cost = sorted[i].cost;
        let start = i;
        while i < sorted.len() && sorted[i].cost == cost {
            i += 1;
        }
        // Within one cost, at most `k` of each length.
        let mut run = 0;
        let mut len = usize::MAX;
        for c in &mut sorted[start..i] {
            if c.options.len() != len {
                len = c.options.len();
                run = 0;
            }
            if run < k {
                kept.push(Cheapest { cost: c.cost, options: std::mem::take(&mut c.options) });
                run += 1;
            }
        }
        cheaper += i - start;
    }
    kept
}

/// Uniform random solutions of a [`Zdd`], from [`Zdd::samples`].
#[derive(Debug)]
pub struct Samples<'z> {
    zdd: &'z Zdd,
    counts: &'z Counts,
    rng: SplitMix64,
    r: Vec<u64>,
}

impl Samples<'_> {
    /// The seed from which [`Zdd::samples`] draws the solutions that this
    /// iterator would draw next: a stream of samples can stop, keep only
    /// this number, and go on later.
    pub fn next_seed(&self) -> u64 {
        self.rng.0
    }
}

impl Iterator for Samples<'_> {
    type Item = Vec<OptionId>;

    fn next(&mut self) -> Option<Vec<OptionId>> {
        let zdd = self.zdd;
        if zdd.root == 0 {
            return None;
        }
        // A number below the count, then down the diagram: HI while it is
        // below the count of HI's solutions, else LO with that count taken off.
        self.counts.below(zdd.root, &mut self.rng, &mut self.r);
        let mut solution = Vec::new();
        let mut at = zdd.root;
        while at > 1 {
            let node = zdd.nodes[at as usize - 2];
            let hi = self.counts.limbs(node.hi);
            if limbs_cmp(&self.r, hi) == Ordering::Less {
                solution.push(node.option);
                at = node.hi;
            } else {
                limbs_sub(&mut self.r, hi);
                at = node.lo;
            }
        }
        Some(solution)
    }
}

/// The solutions of a [`Zdd`], from [`Zdd::solutions`].
#[derive(Debug)]
pub struct ZddSolutions<Z> {
    zdd: Z,
    /// The nodes on the path: each entry is a node whose HI branch is being
    /// explored (its option in `chosen`), except the last, which is next.
    stack: Vec<u32>,
    chosen: Vec<OptionId>,
    started: bool,
}

impl<Z: std::borrow::Borrow<Zdd>> ZddSolutions<Z> {
    /// The solutions of `zdd`, as [`Zdd::solutions`] lists them; `zdd` may
    /// be an `Arc<Zdd>`, for an iterator that keeps the diagram alive
    /// without a borrow.
    pub fn new(zdd: Z) -> Self {
        let root = zdd.borrow().root;
        let stack = if root != 0 { vec![root] } else { Vec::new() };
        ZddSolutions { zdd, stack, chosen: Vec::new(), started: false }
    }
}

impl<Z: std::borrow::Borrow<Zdd>> Iterator for ZddSolutions<Z> {
    type Item = Vec<OptionId>;

    fn next(&mut self) -> Option<Vec<OptionId>> {
        let zdd: &Zdd = self.zdd.borrow();
        if self.started {
            // Leave the solution just given: go to the LO branch of the
            // deepest node that has one.
            loop {
                let at = self.stack.pop()?;
                self.chosen.pop();
                let lo = zdd.nodes[at as usize - 2].lo;
                if lo != 0 {
                    self.stack.push(lo);
                    break;
                }
            }
        }
        self.started = true;
        // Follow HI branches down to the sink 1 (every HI branch leads there).
        let mut at = *self.stack.last()?;
        while at > 1 {
            let node = zdd.nodes[at as usize - 2];
            self.chosen.push(node.option);
            at = node.hi;
            if at > 1 {
                self.stack.push(at);
            }
        }
        Some(self.chosen.clone())
    }
}

/// Counts of solutions below every node, as unsigned integers of `width`
/// 64-bit limbs (least significant first), wide enough that no sum wraps.
#[derive(Clone, Debug)]
struct Counts {
    width: usize,
    limbs: Vec<u64>,
}

impl Counts {
    /// The counts below every node of `nodes`, within `budget`: an array of
    /// one limb per node first, made again twice as wide whenever a sum wraps.
    fn new(nodes: &[ZddNode], budget: &mut Budget) -> Result<Counts, MemoError> {
        let mut width = 1;
        'widen: loop {
            let n = (nodes.len() + 2).checked_mul(width).ok_or_else(|| budget.over(usize::MAX))?;
            let mut limbs = Vec::new();
            budget::reserve(&mut limbs, n, budget)?;
            limbs.resize(n, 0u64);
            limbs[width] = 1;
            for (i, node) in nodes.iter().enumerate() {
                let id = i + 2;
                let (done, here) = limbs.split_at_mut(id * width);
                let here = &mut here[..width];
                let lo = &done[node.lo as usize * width..][..width];
                let hi = &done[node.hi as usize * width..][..width];
                let mut carry = false;
                for j in 0..width {
                    let (s, c1) = lo[j].overflowing_add(hi[j]);
                    let (s, c2) = s.overflowing_add(carry as u64);
                    here[j] = s;
                    carry = c1 || c2;
                }
                if carry {
                    budget.give(budget::held(&limbs));
                    width *= 2;
                    continue 'widen;
                }
            }
            return Ok(Counts { width, limbs });
        }
    }

    fn limbs(&self, id: u32) -> &[u64] {
        &self.limbs[id as usize * self.width..][..self.width]
    }

    fn big(&self, id: u32) -> BigUint {
        limbs_big(self.limbs(id))
    }

    /// Sets `r` to a uniform random number below the count of node `id`
    /// (which must not be 0), by rejection.
    fn below(&self, id: u32, rng: &mut SplitMix64, r: &mut [u64]) {
        let n = self.limbs(id);
        let top = n.iter().rposition(|&l| l != 0).expect("a count of at least 1");
        let mask = u64::MAX >> n[top].leading_zeros();
        loop {
            r.fill(0);
            for limb in r.iter_mut().take(top + 1) {
                *limb = rng.next();
            }
            r[top] &= mask;
            if limbs_cmp(r, n) == Ordering::Less {
                return;
            }
        }
    }
}

/// A number in limbs as a big integer.
fn limbs_big(limbs: &[u64]) -> BigUint {
    let digits: Vec<u32> = limbs.iter().flat_map(|&l| [l as u32, (l >> 32) as u32]).collect();
    BigUint::new(digits)
}

/// `a += b`, wrapping past the width.
fn limbs_add(a: &mut [u64], b: &[u64]) {
    let mut carry = false;
    for (x, &y) in a.iter_mut().zip(b) {
        let (s, c1) = x.overflowing_add(y);
        let (s, c2) = s.overflowing_add(carry as u64);
        *x = s;
        carry = c1 || c2;
    }
}

/// `out = a × b`, wrapping past the width.
fn limbs_mul(a: &[u64], b: &[u64], out: &mut [u64]) {
    out.fill(0);
    let width = out.len();
    for (i, &x) in a.iter().enumerate() {
        if x == 0 {
            continue;
        }
        let mut carry = 0u128;
        for j in 0..width - i {
            let t = out[i + j] as u128 + x as u128 * b[j] as u128 + carry;
            out[i + j] = t as u64;
            carry = t >> 64;
        }
    }
}

fn limbs_cmp(a: &[u64], b: &[u64]) -> Ordering {
    a.iter().rev().cmp(b.iter().rev())
}

fn limbs_sub(a: &mut [u64], b: &[u64]) {
    let mut borrow = false;
    for (x, &y) in a.iter_mut().zip(b) {
        let (d, b1) = x.overflowing_sub(y);
        let (d, b2) = d.overflowing_sub(borrow as u64);
        *x = d;
        borrow = b1 || b2;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_widen_instead_of_wrapping() {
        // A chain of 70 doublings: node i+1 = (o, node i, node i).
        let mut nodes = vec![ZddNode { option: OptionId(0), lo: 1, hi: 1 }];
        for i in 0..70u32 {
            nodes.push(ZddNode { option: OptionId(i + 1), lo: i + 2, hi: i + 2 });
        }
        let counts = Counts::new(&nodes, &mut Budget::new(1 << 20)).unwrap();
        assert!(counts.width >= 2);
        assert_eq!(counts.big(nodes.len() as u32 + 1), BigUint::from(1u32) << 71u32);
    }
}

#[cfg(test)]
mod limb_tests {
    use super::*;

    #[test]
    fn limbs_multiply_and_add_as_big_integers() {
        let a = [u64::MAX, 3, 0];
        let b = [7, u64::MAX, 0];
        let mut out = [0u64; 3];
        limbs_mul(&a, &b, &mut out);
        let big = |l: &[u64]| limbs_big(l);
        let full = big(&a) * big(&b);
        let wrapped = full % (BigUint::from(1u32) << 192u32);
        assert_eq!(big(&out), wrapped);
        let mut sum = a;
        limbs_add(&mut sum, &b);
        assert_eq!(big(&sum), big(&a) + big(&b));
    }

    #[test]
    fn counts_that_do_not_fit_the_budget_say_so() {
        let nodes = vec![ZddNode { option: OptionId(0), lo: 0, hi: 1 }; 100];
        let err = Counts::new(&nodes, &mut Budget::new(500)).unwrap_err();
        assert!(matches!(err, MemoError::Memory { limit_bytes: 500, needed_bytes: 816 }), "{err:?}");
    }
}
