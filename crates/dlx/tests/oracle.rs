//! The engine against a brute-force oracle on small random problems, with bounds
//! on primary items, secondary items and colours.
//!
//! The oracle knows nothing of dancing links: it tries every subset of the options
//! and keeps those that cover each primary item within its bounds (exactly once
//! when it has none) and each secondary item at most once, or several times with
//! one colour throughout.

use std::collections::BTreeSet;
use std::ops::ControlFlow;

use proptest::prelude::*;
use quadrille_dlx::{Color, Config, Item, OptionId, Problem, Solver};

/// A random problem: item kinds, bounds of the primary items, and options as
/// (item, colour) lists.
#[derive(Clone, Debug)]
pub struct Spec {
    pub n_primary: usize,
    pub n_secondary: usize,
    pub bounds: Vec<(u32, u32)>,
    pub options: Vec<Vec<(usize, Option<u32>)>>,
}

/// Bounds for `n` primary items: mostly `[1, 1]`, else anything from `[0, 1]`
/// to `[3, 3]`.
fn bounds(n: usize) -> impl Strategy<Value = Vec<(u32, u32)>> {
    let one = prop_oneof![
        2 => Just((1, 1)),
        1 => (0u32..=3, 0u32..=2).prop_map(|(lower, extra)| (lower, (lower + extra).max(1))),
    ];
    proptest::collection::vec(one, n)
}

pub fn spec() -> impl Strategy<Value = Spec> {
    (1usize..=5, 0usize..=3, 0u32..=2).prop_flat_map(|(n_primary, n_secondary, n_colors)| {
        let n_items = n_primary + n_secondary;
        let option = proptest::collection::btree_set(0..n_items, 1..=n_items.min(4))
            .prop_flat_map(move |items| {
                let items: Vec<usize> = items.into_iter().collect();
                let colors = proptest::collection::vec(proptest::option::of(0..n_colors.max(1)), items.len());
                (Just(items), colors, any::<u64>())
            })
            .prop_map(move |(items, colors, shuffle)| {
                let mut option: Vec<(usize, Option<u32>)> = items
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
        (bounds(n_primary), proptest::collection::vec(option, 0..=10)).prop_map(move |(bounds, options)| Spec {
            n_primary,
            n_secondary,
            bounds,
            options,
        })
    })
}

pub fn build(spec: &Spec) -> Problem {
    let mut b = Problem::builder();
    let mut items: Vec<Item> = (0..spec.n_primary)
        .map(|k| {
            let (lower, upper) = spec.bounds[k];
            b.primary_with_bounds(&format!("p{k}"), lower, upper).unwrap()
        })
        .collect();
    items.extend((0..spec.n_secondary).map(|k| b.secondary(&format!("s{k}")).unwrap()));
    let colors: Vec<Color> = (0..2).map(|k| b.color(&format!("c{k}")).unwrap()).collect();
    for option in &spec.options {
        b.option_with_colors(option.iter().map(|&(i, c)| (items[i], c.map(|c| colors[c as usize])))).unwrap();
    }
    b.build().unwrap()
}

/// Every subset of options that is a solution, each as a sorted list of option numbers.
pub fn oracle(spec: &Spec) -> BTreeSet<Vec<u32>> {
    let n_items = spec.n_primary + spec.n_secondary;
    let mut found = BTreeSet::new();
    for mask in 0u32..1 << spec.options.len() {
        let mut uses = vec![0; n_items];
        let mut colors: Vec<Vec<Option<u32>>> = vec![Vec::new(); n_items];
        for (k, option) in spec.options.iter().enumerate() {
            if mask >> k & 1 == 1 {
                for &(i, c) in option {
                    uses[i] += 1;
                    colors[i].push(c);
                }
            }
        }
        let primary_ok = (0..spec.n_primary).all(|i| (spec.bounds[i].0..=spec.bounds[i].1).contains(&uses[i]));
        let secondary_ok = (spec.n_primary..n_items)
            .all(|i| uses[i] <= 1 || (colors[i][0].is_some() && colors[i].iter().all(|&c| c == colors[i][0])));
        if primary_ok && secondary_ok {
            found.insert((0..spec.options.len() as u32).filter(|k| mask >> k & 1 == 1).collect());
        }
    }
    found
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1000, ..ProptestConfig::default() })]

    #[test]
    fn engine_agrees_with_the_oracle(spec in spec()) {
        let problem = build(&spec);
        let expected = oracle(&spec);
        let mut solver = Solver::new(&problem);
        prop_assert_eq!(solver.count(), expected.len() as u64);

        let mut seen = BTreeSet::new();
        let mut valid = true;
        solver.visit(|solution| {
            valid &= problem.is_solution(solution);
            let mut options: Vec<u32> = solution.iter().map(|o| o.0).collect();
            options.sort_unstable();
            seen.insert(options);
            ControlFlow::Continue(())
        });
        prop_assert_eq!(solver.stats().solutions, expected.len() as u64, "a solution was reported twice");
        prop_assert_eq!(&seen, &expected);
        prop_assert!(valid, "the checker disagrees with the oracle");

        // The iterator gives the same solutions in the same order as the visitor.
        let mut in_order = Vec::new();
        solver.visit(|s| { in_order.push(s.to_vec()); ControlFlow::Continue(()) });
        let iterated: Vec<Vec<OptionId>> = solver.solutions().collect();
        prop_assert_eq!(&iterated, &in_order);
        prop_assert_eq!(solver.first(), in_order.first().cloned());
    }

    #[test]
    fn limits_and_commitments_agree_with_the_oracle(spec in spec(), limit in 0u64..4, pick in any::<prop::sample::Index>()) {
        let problem = build(&spec);
        let expected = oracle(&spec);
        let mut solver = Solver::with_config(&problem, Config::new().limit(Some(limit)));
        prop_assert_eq!(solver.count(), (expected.len() as u64).min(limit));
        prop_assert_eq!(solver.solutions().count() as u64, (expected.len() as u64).min(limit));

        // Commit one option: the solutions are those of the oracle that contain it.
        if !spec.options.is_empty() {
            let option = pick.index(spec.options.len()) as u32;
            solver.set_config(Config::new());
            solver.commit(OptionId(option)).unwrap();
            let containing = expected.iter().filter(|s| s.contains(&option)).count() as u64;
            prop_assert_eq!(solver.count(), containing);
            let mut all_contain = true;
            solver.visit(|s| { all_contain &= s[0] == OptionId(option); ControlFlow::Continue(()) });
            prop_assert!(all_contain, "committed options come first in every solution");
            solver.reset();
            prop_assert_eq!(solver.count(), expected.len() as u64);
            // The same, undone by copying the initial links back.
            solver.commit(OptionId(option)).unwrap();
            solver.first();
            solver.reset();
            prop_assert!(solver.committed().is_empty());
            prop_assert_eq!(solver.count(), expected.len() as u64);
        }
    }

    #[test]
    fn knuth_format_round_trips(spec in spec()) {
        let problem = build(&spec);
        let text = problem.to_knuth();
        let again = Problem::from_knuth(&text).unwrap();
        prop_assert_eq!(&again, &problem);
        prop_assert_eq!(again.to_knuth(), text);
        let solutions = |p: &Problem| Solver::new(p).solutions().collect::<Vec<_>>();
        prop_assert_eq!(solutions(&again), solutions(&problem));
    }
}

/// The visitor's early stop and a search abandoned half way both leave the solver
/// able to start again with every answer intact.
#[test]
fn a_stopped_search_leaves_the_links_whole() {
    let problem = Problem::from_knuth("a b c d\na\nb\nc\nd\na b\nc d\na b c d\n").unwrap();
    let mut solver = Solver::new(&problem);
    let all = solver.count();
    assert_eq!(all, 5);
    let stats = solver.stats();
    let mut iter = solver.solutions();
    iter.next();
    iter.next();
    drop(iter);
    assert_eq!(solver.count(), all);
    assert_eq!(solver.stats(), stats);
    solver.visit(|_| ControlFlow::Break(()));
    assert_eq!(solver.count(), all);
    assert_eq!(solver.stats(), stats);
}
