//! The check of the fuzz target `oracle`, shared with the corpus replay of
//! the umbrella's tests (`tests/it/fuzz.rs`), which runs every input kept in
//! `fuzz/corpus/oracle/` through it. The check:
//!
//! Build then solve: a small problem made from the bytes (primary items with
//! bounds, secondary items, colours) is solved by every engine (and counted
//! by the sweep when it takes it), and each must
//! find exactly the solutions a brute-force search over all subsets of the
//! options finds. Without bounds, the options also get costs, and the cheapest
//! solutions of every costs engine must be the oracle's first by cost and
//! sorted option numbers.

use std::collections::BTreeSet;
use std::ops::ControlFlow;

use quadrille_dlx::sweep::Sweep;
use quadrille_dlx::{Config, Engine, Item, MinCost, Solver};
use quadrille_testing::oracle::{by_cost, from_bytes, solutions, sorted};

/// Runs the check on one input; a failure panics.
pub fn check(data: &[u8]) {
    let Some(small) = from_bytes(data) else { return };
    let problem = small.build();
    let expected = solutions(&small);
    for engine in [Engine::Links, Engine::Cells, Engine::Bits, Engine::Auto] {
        let mut solver = Solver::with_config(&problem, Config::new().engine(engine));
        let mut seen = BTreeSet::new();
        solver.visit(|solution| {
            assert!(problem.is_solution(solution), "{engine:?}: not a solution");
            assert!(seen.insert(sorted(solution)), "{engine:?}: a solution twice");
            ControlFlow::Continue(())
        });
        assert_eq!(seen, expected, "{engine:?} against the oracle");
        assert_eq!(solver.count(), expected.len() as u64, "{engine:?}: count");
    }
    // The sweep counts what it takes (no bounds, no colours), on any order.
    match Sweep::new(&problem) {
        Ok(sweep) => {
            assert_eq!(sweep.count(1, None).unwrap().solutions_u64(), Some(expected.len() as u64), "sweep: count");
            let mut order: Vec<Item> = problem.items().filter(|&i| problem.is_primary(i)).collect();
            order.reverse();
            let reversed = Sweep::with_order(&problem, &order).unwrap().cache_bytes(0);
            assert_eq!(
                reversed.count(1, None).unwrap().solutions_u64(),
                Some(expected.len() as u64),
                "sweep: reversed"
            );
        }
        Err(_) => assert!(problem.has_bounds() || problem.has_colors(), "the sweep refused a problem it takes"),
    }
    if problem.has_bounds() {
        return;
    }
    // The cheapest: by cost, then by sorted option numbers.
    let costed = by_cost(&small);
    for engine in [Engine::Links, Engine::Bits, Engine::Auto] {
        for k in [1, 3, costed.len() + 1] {
            let best = MinCost::new(&problem).engine(engine).best(k).unwrap();
            let got: Vec<(u64, Vec<u32>)> =
                best.solutions.iter().map(|s| (s.cost, s.options.iter().map(|o| o.0).collect())).collect();
            let want: Vec<(u64, Vec<u32>)> = costed.iter().take(k).cloned().collect();
            assert_eq!(got, want, "{engine:?}: the {k} cheapest");
        }
    }
}
