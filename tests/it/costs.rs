//! Minimum-cost exact cover against Knuth's DLX5 (`data/reference/costs.tsv`) and
//! against brute force on small random problems.

use std::ops::ControlFlow;

use proptest::prelude::*;
use quadrille::dlx::{Color, Item, MinCost, OptionId, Problem, Stats};

use crate::data;

fn problem(name: &str) -> Problem {
    Problem::from_knuth(&data::read(&format!("dlx/{name}.dlx"))).unwrap()
}

/// The rows of `costs.tsv`: file, k, the best costs, and DLX5's nodes, updates
/// and solutions (each `None` where not known).
fn reference() -> Vec<(String, usize, Vec<u64>, [Option<u64>; 3])> {
    data::table("costs")
        .into_iter()
        .map(|row| {
            let costs = row[2].split(',').map(|c| c.parse().unwrap()).collect();
            (row[0].clone(), row[1].parse().unwrap(), costs, [data::number(&row[3]), data::number(&row[4]), data::number(&row[5])])
        })
        .collect()
}

/// With Knuth's cut-off the search is DLX5's: the same costs, nodes, updates and
/// solutions met.
#[test]
fn knuth_cutoff_equals_dlx5() {
    for (file, k, costs, [nodes, updates, solutions]) in reference() {
        let problem = problem(&file);
        let best = MinCost::new(&problem).knuth_cutoff(true).best(k).unwrap();
        assert_eq!(best.costs(), costs, "{file} k={k}");
        let expected = Stats {
            nodes: nodes.unwrap_or(best.stats.nodes),
            updates: updates.unwrap_or(best.stats.updates),
            cleansings: 0,
            solutions: solutions.unwrap_or(best.stats.solutions),
        };
        assert_eq!(best.stats, expected, "{file} k={k}");
        for solution in &best.solutions {
            assert!(problem.is_solution(&solution.options));
            assert_eq!(solution.cost, solution.options.iter().map(|&o| problem.cost(o)).sum::<u64>());
        }
    }
}

/// The default cut-off, on one thread and on two, finds the same costs, and the
/// same solutions on any number of threads.
#[test]
fn ties_resolved_alike_on_any_number_of_threads() {
    for (file, k, costs, _) in reference() {
        let problem = problem(&file);
        let one = MinCost::new(&problem).best(k).unwrap();
        assert_eq!(one.costs(), costs, "{file} k={k}");
        let two = MinCost::new(&problem).threads(2).best(k).unwrap();
        assert_eq!(two.solutions, one.solutions, "{file} k={k}");
        let knuth_two = MinCost::new(&problem).knuth_cutoff(true).threads(2).best(k).unwrap();
        assert_eq!(knuth_two.costs(), costs, "{file} k={k}");
    }
}
