//! Small problems as plain numbers, and every solution of one by brute force.
//!
//! The oracle knows nothing of dancing links: it tries every subset of the
//! options and keeps those that cover each primary item within its bounds
//! (exactly once when it has none) and each secondary item at most once, or
//! several times with one colour throughout. With costs, the cheapest come
//! first, ties broken by the sorted option numbers.

use std::collections::BTreeSet;
use std::ops::RangeInclusive;

use proptest::prelude::*;
use quadrille_dlx::{Color, Item, OptionId, Problem};

/// An option of a [`Spec`]: its items (numbers, primary ones first), each with
/// its colour (a number) or none.
pub type Entries = Vec<(usize, Option<u32>)>;

/// A small problem as plain numbers: `n_primary` primary items `p0`, `p1`, …
/// with their bounds, `n_secondary` secondary items `s0`, `s1`, …, the
/// options (colour `k` named `ck`), and a cost for each option (or no costs at all).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spec {
    /// The number of primary items, `p0` to `p{n_primary - 1}`: items
    /// `0..n_primary`.
    pub n_primary: usize,
    /// The number of secondary items, `s0`, `s1`, …: the items after the
    /// primary ones.
    pub n_secondary: usize,
    /// The bounds of each primary item, `(1, 1)` for exactly once.
    pub bounds: Vec<(u32, u32)>,
    /// Whether every primary item is declared with its bounds, `(1, 1)`
    /// included (`1|p0` in Knuth's format), so that the problem is one of
    /// bounds even when all are `(1, 1)` (see
    /// [`Problem::declares_bounds`]); when not, only the items with other
    /// bounds are.
    pub declared: bool,
    /// The options, option `k` becoming `OptionId(k)`.
    pub options: Vec<Entries>,
    /// The cost of each option, or empty for a problem without costs.
    pub costs: Vec<u64>,
}

impl Spec {
    /// The same problem, each primary item exactly once.
    pub fn exact(self) -> Spec {
        Spec { bounds: vec![(1, 1); self.n_primary], ..self }
    }

    /// The same problem without colours.
    pub fn uncolored(self) -> Spec {
        let options = self.options.iter().map(|o| o.iter().map(|&(i, _)| (i, None)).collect()).collect();
        Spec { options, ..self }
    }

    /// The same problem without costs.
    pub fn without_costs(self) -> Spec {
        Spec { costs: Vec::new(), ..self }
    }

    /// Whether some primary item has bounds other than exactly once.
    pub fn has_bounds(&self) -> bool {
        self.bounds.iter().any(|&b| b != (1, 1))
    }

    /// Whether the problem declares bounds ([`Problem::declares_bounds`]):
    /// some item's are not `(1, 1)`, or every item is declared with its own.
    pub fn declares_bounds(&self) -> bool {
        self.declared || self.has_bounds()
    }

    /// The same problem, every primary item declared with its bounds or
    /// (`false`) only those other than `(1, 1)`.
    pub fn declaring(self, declared: bool) -> Spec {
        Spec { declared, ..self }
    }

    /// The problem: items, bounds, colours and options in the spec's order, so
    /// that option `k` of the spec is `OptionId(k)`, each with its cost when
    /// the spec has costs.
    pub fn build(&self) -> Problem {
        let mut b = Problem::builder();
        let mut items: Vec<Item> = (0..self.n_primary)
            .map(|k| {
                let (lower, upper) = self.bounds[k];
                if self.declared || (lower, upper) != (1, 1) {
                    b.primary_with_bounds(&format!("p{k}"), lower, upper).unwrap()
                } else {
                    b.primary(&format!("p{k}")).unwrap()
                }
            })
            .collect();
        items.extend((0..self.n_secondary).map(|k| b.secondary(&format!("s{k}")).unwrap()));
        for (k, option) in self.options.iter().enumerate() {
            let entries: Vec<(Item, Option<Color>)> =
                option.iter().map(|&(i, c)| (items[i], c.map(|c| b.color(&format!("c{c}")).unwrap()))).collect();
            let id = b.option_with_colors(entries).unwrap();
            if let Some(&cost) = self.costs.get(k) {
                b.set_cost(id, cost).unwrap();
            }
        }
        b.build().unwrap()
    }

    /// Whether the options numbered `chosen` (each once) make a solution.
    pub fn is_solution(&self, chosen: &[u32]) -> bool {
        let n_items = self.n_primary + self.n_secondary;
        let mut uses: Vec<Vec<Option<u32>>> = vec![Vec::new(); n_items];
        for &k in chosen {
            for &(i, c) in &self.options[k as usize] {
                uses[i].push(c);
            }
        }
        let primary =
            (0..self.n_primary).all(|i| (self.bounds[i].0..=self.bounds[i].1).contains(&(uses[i].len() as u32)));
        let secondary = (self.n_primary..n_items)
            .all(|i| uses[i].len() <= 1 || (uses[i][0].is_some() && uses[i].iter().all(|&c| c == uses[i][0])));
        primary && secondary
    }

    /// The cost of the options numbered `chosen`: 0 without costs.
    pub fn cost(&self, chosen: &[u32]) -> u64 {
        chosen.iter().map(|&k| self.costs.get(k as usize).copied().unwrap_or(0)).sum()
    }
}

/// Every subset of the options that is a solution, each as its sorted option
/// numbers.
pub fn solutions(spec: &Spec) -> BTreeSet<Vec<u32>> {
    assert!(spec.options.len() < 32, "brute force over 2^{} subsets", spec.options.len());
    (0u32..1 << spec.options.len())
        .map(|mask| (0..spec.options.len() as u32).filter(|k| mask >> k & 1 == 1).collect::<Vec<u32>>())
        .filter(|chosen| spec.is_solution(chosen))
        .collect()
}

/// Every solution with its cost, cheapest first, ties by the sorted option
/// numbers: the order in which the costs engines give their best.
pub fn by_cost(spec: &Spec) -> Vec<(u64, Vec<u32>)> {
    let mut costed: Vec<(u64, Vec<u32>)> = solutions(spec).into_iter().map(|s| (spec.cost(&s), s)).collect();
    costed.sort();
    costed
}

/// Every solution of a problem without bounds, each as its sorted option
/// numbers, by a plain backtracking search for problems too large for
/// [`solutions`]' every subset (packings): each step takes the uncovered
/// primary item with the fewest options that fit, and tries them in turn. No
/// links, no shared code with the engines; options without a primary item are
/// in no solution.
pub fn covers(spec: &Spec) -> BTreeSet<Vec<u32>> {
    assert!(!spec.has_bounds(), "the backtracking oracle takes no bounds");
    let n_items = spec.n_primary + spec.n_secondary;
    let mut containing: Vec<Vec<u32>> = vec![Vec::new(); spec.n_primary];
    for (k, option) in spec.options.iter().enumerate() {
        for &(i, _) in option {
            if i < spec.n_primary {
                containing[i].push(k as u32);
            }
        }
    }
    let mut state = Cover { spec, containing, uses: vec![0; n_items], colors: vec![None; n_items], chosen: Vec::new() };
    let mut found = BTreeSet::new();
    state.search(&mut found);
    found
}

/// The backtracking oracle's state: how often each item is covered, with
/// which colour, and the options chosen.
struct Cover<'s> {
    spec: &'s Spec,
    containing: Vec<Vec<u32>>,
    uses: Vec<u32>,
    colors: Vec<Option<u32>>,
    chosen: Vec<u32>,
}

impl Cover<'_> {
    fn fits(&self, option: u32) -> bool {
        self.spec.options[option as usize].iter().all(|&(i, c)| {
            if i < self.spec.n_primary {
                self.uses[i] == 0
            } else {
                self.uses[i] == 0 || (c.is_some() && self.colors[i] == c)
            }
        })
    }

    fn search(&mut self, found: &mut BTreeSet<Vec<u32>>) {
        let fewest = (0..self.spec.n_primary)
            .filter(|&i| self.uses[i] == 0)
            .map(|i| self.containing[i].iter().copied().filter(|&o| self.fits(o)).collect::<Vec<u32>>())
            .min_by_key(Vec::len);
        let Some(fitting) = fewest else {
            let mut solution = self.chosen.clone();
            solution.sort_unstable();
            found.insert(solution);
            return;
        };
        for option in fitting {
            let spec = self.spec;
            for &(i, c) in &spec.options[option as usize] {
                self.uses[i] += 1;
                self.colors[i] = c;
            }
            self.chosen.push(option);
            self.search(found);
            self.chosen.pop();
            for &(i, _) in &spec.options[option as usize] {
                self.uses[i] -= 1;
                if self.uses[i] == 0 {
                    self.colors[i] = None;
                }
            }
        }
    }
}

impl Spec {
    /// A problem as plain numbers: its items in order (the primary ones come
    /// first in every problem), bounds, colours by number, options and costs.
    pub fn from_problem(problem: &Problem) -> Spec {
        let n_primary = problem.n_primary();
        assert!(problem.items().all(|i| problem.is_primary(i) == (i.index() < n_primary)), "primary items first");
        let options =
            problem.options().map(|o| problem.option(o).map(|(i, c)| (i.index(), c.map(|c| c.0))).collect()).collect();
        Spec {
            n_primary,
            n_secondary: problem.n_secondary(),
            bounds: problem.items().filter(|&i| problem.is_primary(i)).map(|i| problem.bounds(i)).collect(),
            declared: problem.declares_bounds(),
            options,
            costs: if problem.has_costs() { problem.options().map(|o| problem.cost(o)).collect() } else { Vec::new() },
        }
    }
}

/// A solution as its sorted option numbers.
pub fn sorted(solution: &[OptionId]) -> Vec<u32> {
    let mut options: Vec<u32> = solution.iter().map(|o| o.0).collect();
    options.sort_unstable();
    options
}

/// The shape of random problems: how many items of each kind, how many
/// colours and options, and whether there are bounds and costs.
#[derive(Clone, Debug)]
pub struct Shape {
    /// How many primary items.
    pub primary: RangeInclusive<usize>,
    /// How many secondary items.
    pub secondary: RangeInclusive<usize>,
    /// Colours used on secondary items: none when the range is `0..=0`.
    pub colors: RangeInclusive<u32>,
    /// At most this many options (at least none).
    pub max_options: usize,
    /// Primary items with bounds from `[0, 1]` to `[3, 3]`, a third of them;
    /// half the problems declare the bounds of every primary item,
    /// `[1, 1]` included ([`Spec::declared`]).
    pub bounds: bool,
    /// Costs of the options, drawn from `0..=max` for a `max` drawn from this
    /// range; `None` for no costs.
    pub costs: Option<RangeInclusive<u64>>,
}

impl Shape {
    /// Up to 5 primary and 3 secondary items, 2 colours, 10 options, with
    /// bounds and without costs: every engine's and the listing's tests.
    pub fn bounded() -> Shape {
        Shape { primary: 1..=5, secondary: 0..=3, colors: 0..=2, max_options: 10, bounds: true, costs: None }
    }

    /// Up to 6 primary items and 12 options costing 0 to 3, without bounds:
    /// the memo's tests.
    pub fn unbounded() -> Shape {
        Shape { primary: 1..=6, secondary: 0..=3, colors: 0..=2, max_options: 12, bounds: false, costs: Some(3..=3) }
    }

    /// Up to 5 primary items and 12 options costing up to 1 to 12, without
    /// bounds: the best-k tests.
    pub fn costed() -> Shape {
        Shape { primary: 1..=5, secondary: 0..=3, colors: 0..=2, max_options: 12, bounds: false, costs: Some(1..=12) }
    }
}

/// Bounds for `n` primary items: mostly `[1, 1]`, else anything from `[0, 1]`
/// to `[3, 3]`.
fn bounds(n: usize, bounded: bool) -> BoxedStrategy<Vec<(u32, u32)>> {
    if !bounded {
        return Just(vec![(1, 1); n]).boxed();
    }
    let one = prop_oneof![
        2 => Just((1, 1)),
        1 => (0u32..=3, 0u32..=2).prop_map(|(lower, extra)| (lower, (lower + extra).max(1))),
    ];
    proptest::collection::vec(one, n).boxed()
}

/// Random problems of `shape`: each option holds one to four distinct items,
/// one primary at least, in any order, colours only on secondary items.
pub fn problems(shape: Shape) -> impl Strategy<Value = Spec> {
    let Shape { primary, secondary, colors, max_options, bounds: bounded, costs } = shape;
    let costed = costs.is_some();
    let max_cost = costs.unwrap_or(0..=0);
    (primary, secondary, colors, max_cost).prop_flat_map(move |(n_primary, n_secondary, n_colors, max_cost)| {
        let n_items = n_primary + n_secondary;
        let option = proptest::collection::btree_set(0..n_items, 1..=n_items.min(4))
            .prop_flat_map(move |items| {
                let items: Vec<usize> = items.into_iter().collect();
                let colors = proptest::collection::vec(proptest::option::of(0..n_colors.max(1)), items.len());
                (Just(items), colors, any::<u64>())
            })
            .prop_map(move |(items, colors, shuffle)| {
                let mut option: Entries = items
                    .into_iter()
                    .zip(colors)
                    .map(|(i, c)| (i, if i >= n_primary && n_colors > 0 { c } else { None }))
                    .collect();
                // Items in an option come in any order.
                let k = option.len();
                option.rotate_left((shuffle as usize) % k);
                option
            })
            .prop_filter("an option needs a primary item", move |o| o.iter().any(|&(i, _)| i < n_primary));
        let options = proptest::collection::vec((option, 0..=max_cost), 0..=max_options);
        let declared = if bounded { any::<bool>().boxed() } else { Just(false).boxed() };
        (bounds(n_primary, bounded), declared, options).prop_map(move |(bounds, declared, options)| Spec {
            n_primary,
            n_secondary,
            bounds,
            declared,
            costs: if costed { options.iter().map(|o| o.1).collect() } else { Vec::new() },
            options: options.into_iter().map(|o| o.0).collect(),
        })
    })
}

/// Random problems of [`Shape::bounded`].
pub fn spec() -> impl Strategy<Value = Spec> {
    problems(Shape::bounded())
}

/// A small problem read off a fuzzer's bytes, or none from no bytes: the first
/// byte gives 1 to 5 primary items and 0 to 3 secondary ones (and bounds when
/// it is 128 or more), one byte per primary item its bounds, then two bytes
/// per option, a mask of its items (of the first eight) and their colours;
/// at most 12 options, each costing 0 to 6 (read off its bytes) unless
/// there are bounds, options without a primary item left out.
pub fn from_bytes(data: &[u8]) -> Option<Spec> {
    let mut bytes = data.iter().copied();
    let head = bytes.next()?;
    let n_primary = 1 + usize::from(head % 5);
    let n_secondary = usize::from(head / 5 % 4);
    let n_items = n_primary + n_secondary;
    let bounded = head >= 128;
    let bounds = (0..n_primary)
        .map(|_| {
            let b = bytes.next().unwrap_or(0);
            if bounded && b % 3 == 0 {
                let lower = u32::from(b / 3 % 3);
                (lower, (lower + u32::from(b / 9 % 3)).max(1))
            } else {
                (1, 1)
            }
        })
        .collect();
    let mut options = Vec::new();
    let mut costs = Vec::new();
    while options.len() < 12 {
        let Some(mask) = bytes.next() else { break };
        let colors = bytes.next().unwrap_or(0);
        let mut option = Vec::new();
        for item in 0..n_items.min(8) {
            if mask >> item & 1 == 1 {
                let color = colors >> (item % 4 * 2) & 3;
                let color = if item >= n_primary && color > 0 { Some(u32::from(color - 1)) } else { None };
                option.push((item, color));
            }
        }
        if option.iter().any(|&(i, _)| i < n_primary) {
            options.push(option);
            costs.push(u64::from((mask.wrapping_mul(31) ^ colors) % 7));
        }
    }
    let spec = Spec { n_primary, n_secondary, bounds, declared: bounded, options, costs };
    Some(if spec.has_bounds() { spec.without_costs() } else { spec })
}

/// SplitMix64 (Steele, Lea and Flood): the seeded generator of the tests that
/// need the same numbers in every language (a few lines to write again).
#[derive(Clone, Debug)]
pub struct SplitMix64(pub u64);

impl SplitMix64 {
    /// The next number.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// The next number below `bound` (by remainder).
    pub fn below(&mut self, bound: u64) -> u64 {
        self.next_u64() % bound
    }
}

/// `count` problems drawn from `seed`, each of 1 to 5 primary items, 0 to 2
/// secondary ones and 0 to 10 options of 1 to 4 items (a primary one first),
/// secondary items coloured `c0` or `c1` or left without colour, and options
/// costing 0 to 9. No bounds: every door takes them. Problem by problem, the
/// draws are, from a [`SplitMix64`] of `seed`: the numbers of primary items
/// (`1 + below(5)`), of secondary items (`below(3)`) and of options
/// (`below(11)`); then per option its size (`1 + below(4)`, at most the
/// number of items), its first item (`below(n_primary)`), each further item
/// (`below(n_items)`, drawn again while already in the option), the colour of
/// each secondary item (`below(3)`: none, `c0`, `c1`) in the option's order,
/// and its cost (`below(10)`).
pub fn seeded(seed: u64, count: usize) -> Vec<Spec> {
    let mut random = SplitMix64(seed);
    (0..count)
        .map(|_| {
            let n_primary = 1 + random.below(5) as usize;
            let n_secondary = random.below(3) as usize;
            let n_options = random.below(11) as usize;
            let n_items = n_primary + n_secondary;
            let mut options = Vec::new();
            let mut costs = Vec::new();
            for _ in 0..n_options {
                let size = (1 + random.below(4) as usize).min(n_items);
                let mut items = vec![random.below(n_primary as u64) as usize];
                while items.len() < size {
                    let item = random.below(n_items as u64) as usize;
                    if !items.contains(&item) {
                        items.push(item);
                    }
                }
                let option = items
                    .into_iter()
                    .map(|i| {
                        let color = if i >= n_primary { random.below(3).checked_sub(1) } else { None };
                        (i, color.map(|c| c as u32))
                    })
                    .collect();
                options.push(option);
                costs.push(random.below(10));
            }
            Spec { n_primary, n_secondary, bounds: vec![(1, 1); n_primary], declared: false, options, costs }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The first outputs of SplitMix64 from 0, as Vigna's reference
    /// implementation gives them: the Python tests draw the same.
    #[test]
    fn splitmix64_is_the_reference() {
        let mut random = SplitMix64(0);
        let first: Vec<u64> = (0..3).map(|_| random.next_u64()).collect();
        assert_eq!(first, [0xe220_a839_7b1d_cdaf, 0x6e78_9e6a_a1b9_65f4, 0x06c4_5d18_8009_454f]);
    }

    proptest! {
        /// The backtracking oracle finds every subset's solutions, on the
        /// spec and on the spec read back from the problem it builds.
        #[test]
        fn both_oracles_agree(spec in problems(Shape::costed())) {
            let expected = solutions(&spec);
            prop_assert_eq!(&covers(&spec), &expected);
            let again = Spec::from_problem(&spec.build());
            prop_assert_eq!(&covers(&again), &expected);
            let no_costs = spec.costs.iter().all(|&c| c == 0);
            prop_assert!(again.costs == spec.costs || (again.costs.is_empty() && no_costs));
        }
    }

    /// The seeded problems have no bounds and at most 10 options, and some
    /// have solutions.
    #[test]
    fn seeded_problems_are_small() {
        let specs = seeded(2026, 50);
        assert!(specs.iter().all(|s| !s.has_bounds() && s.options.len() <= 10));
        assert!(specs.iter().any(|s| !solutions(s).is_empty()));
        assert_eq!(specs, seeded(2026, 50));
    }
}
