//! The engine against the brute-force oracle (`quadrille_testing::oracle`) on
//! small random problems, with bounds on primary items, secondary items and
//! colours.

use std::collections::BTreeSet;
use std::ops::ControlFlow;

use proptest::prelude::*;
use quadrille_dlx::{Config, OptionId, Problem, Solver};
use quadrille_testing::oracle::{Spec, solutions as oracle, spec};

proptest! {
    #![proptest_config(ProptestConfig { cases: 1000, ..ProptestConfig::default() })]

    #[test]
    fn engine_agrees_with_the_oracle(spec in spec()) {
        let problem = Spec::build(&spec);
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
        let problem = Spec::build(&spec);
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
        let problem = Spec::build(&spec);
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
