//! Build then solve: a small problem made from the bytes (primary items with
//! bounds, secondary items, colours) is solved by every engine (and counted
//! by the sweep when it takes it), and each must
//! find exactly the solutions a brute-force search over all subsets of the
//! options finds. Without bounds, the options also get costs, and the cheapest
//! solutions of every costs engine must be the oracle's first by cost and
//! sorted option numbers.
#![no_main]

use std::collections::BTreeSet;
use std::ops::ControlFlow;

use libfuzzer_sys::fuzz_target;
use quadrille_dlx::sweep::Sweep;
use quadrille_dlx::{Config, Engine, Item, MinCost, Problem, Solver};

/// A problem as plain numbers: bounds of the primary items, the number of
/// secondary items, options as (item, colour) lists.
struct Small {
    bounds: Vec<(u32, u32)>,
    n_secondary: usize,
    options: Vec<Vec<(usize, Option<u32>)>>,
    /// A cost for each option, read off its bytes.
    costs: Vec<u64>,
}

fn decode(data: &[u8]) -> Option<Small> {
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
    Some(Small { bounds, n_secondary, options, costs })
}

fn build(small: &Small) -> Problem {
    let mut b = Problem::builder();
    let mut items: Vec<Item> = small
        .bounds
        .iter()
        .enumerate()
        .map(|(k, &(lower, upper))| b.primary_with_bounds(&format!("p{k}"), lower, upper).unwrap())
        .collect();
    items.extend((0..small.n_secondary).map(|k| b.secondary(&format!("s{k}")).unwrap()));
    let colors: Vec<_> = (0..3).map(|k| b.color(&format!("c{k}")).unwrap()).collect();
    for (option, &cost) in small.options.iter().zip(&small.costs) {
        let id = b.option_with_colors(option.iter().map(|&(i, c)| (items[i], c.map(|c| colors[c as usize])))).unwrap();
        b.set_cost(id, cost).unwrap();
    }
    b.build().unwrap()
}

/// Every subset of the options that is a solution, as sorted option numbers.
fn oracle(small: &Small) -> BTreeSet<Vec<u32>> {
    let n_primary = small.bounds.len();
    let n_items = n_primary + small.n_secondary;
    let mut found = BTreeSet::new();
    for mask in 0u32..1 << small.options.len() {
        let mut uses = vec![0; n_items];
        let mut colors: Vec<Vec<Option<u32>>> = vec![Vec::new(); n_items];
        for (k, option) in small.options.iter().enumerate() {
            if mask >> k & 1 == 1 {
                for &(i, c) in option {
                    uses[i] += 1;
                    colors[i].push(c);
                }
            }
        }
        let primary = (0..n_primary).all(|i| (small.bounds[i].0..=small.bounds[i].1).contains(&uses[i]));
        let secondary = (n_primary..n_items)
            .all(|i| uses[i] <= 1 || (colors[i][0].is_some() && colors[i].iter().all(|&c| c == colors[i][0])));
        if primary && secondary {
            found.insert((0..small.options.len() as u32).filter(|k| mask >> k & 1 == 1).collect());
        }
    }
    found
}

fuzz_target!(|data: &[u8]| {
    let Some(small) = decode(data) else { return };
    let problem = build(&small);
    let expected = oracle(&small);
    for engine in [Engine::Links, Engine::Cells, Engine::Bits, Engine::Auto] {
        let mut solver = Solver::with_config(&problem, Config::new().engine(engine));
        let mut seen = BTreeSet::new();
        solver.visit(|solution| {
            assert!(problem.is_solution(solution), "{engine:?}: not a solution");
            let mut options: Vec<u32> = solution.iter().map(|o| o.0).collect();
            options.sort_unstable();
            assert!(seen.insert(options), "{engine:?}: a solution twice");
            ControlFlow::Continue(())
        });
        assert_eq!(seen, expected, "{engine:?} against the oracle");
        assert_eq!(solver.count(), expected.len() as u64, "{engine:?}: count");
    }
    // The sweep counts what it takes (no bounds, no colours), on any order.
    match Sweep::new(&problem) {
        Ok(sweep) => {
            assert_eq!(sweep.count(1, None).unwrap().solutions, expected.len() as u64, "sweep: count");
            let mut order: Vec<Item> = problem.items().filter(|&i| problem.is_primary(i)).collect();
            order.reverse();
            let reversed = Sweep::with_order(&problem, &order).unwrap().cache_bytes(0);
            assert_eq!(reversed.count(1, None).unwrap().solutions, expected.len() as u64, "sweep: reversed");
        }
        Err(_) => assert!(problem.has_bounds() || problem.has_colors(), "the sweep refused a problem it takes"),
    }
    if problem.has_bounds() {
        return;
    }
    // The cheapest: by cost, then by sorted option numbers.
    let mut costed: Vec<(u64, Vec<u32>)> =
        expected.iter().map(|s| (s.iter().map(|&o| small.costs[o as usize]).sum(), s.clone())).collect();
    costed.sort();
    for engine in [Engine::Links, Engine::Bits, Engine::Auto] {
        for k in [1, 3, costed.len() + 1] {
            let best = MinCost::new(&problem).engine(engine).best(k).unwrap();
            let got: Vec<(u64, Vec<u32>)> =
                best.solutions.iter().map(|s| (s.cost, s.options.iter().map(|o| o.0).collect())).collect();
            let want: Vec<(u64, Vec<u32>)> = costed.iter().take(k).cloned().collect();
            assert_eq!(got, want, "{engine:?}: the {k} cheapest");
        }
    }
});
