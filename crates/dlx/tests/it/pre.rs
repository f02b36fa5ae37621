//! Preprocessing against Knuth's DLX-PRE (its outputs kept in `data/pre/`)
//! and against the brute-force oracle: the same removals as his program, and
//! the same solutions as the input.

use std::collections::BTreeSet;
use std::path::PathBuf;
use std::sync::Arc;

use proptest::prelude::*;
use quadrille_dlx::pre::{OptionChange, PreError, Preprocess};
use quadrille_dlx::{MinCost, Monitor, OptionId, Problem, Solver};
use quadrille_testing::oracle::{self, Shape};

fn data() -> PathBuf {
    quadrille_testing::data::path("")
}

/// Knuth's summary line: options removed, items removed, rounds.
fn summary(text: &str) -> (usize, usize, usize) {
    let line = text.lines().find(|l| l.starts_with("Removed ")).expect("a summary line");
    let numbers: Vec<usize> =
        line.split(|c: char| !c.is_ascii_digit()).filter(|w| !w.is_empty()).map(|w| w.parse().unwrap()).collect();
    // Removed N options and M items, after A+B mems, R rounds.
    (numbers[0], numbers[1], numbers[4])
}

/// Lines with their words separated by one space (Knuth starts each with one).
fn words(text: &str) -> Vec<String> {
    text.lines().map(|l| l.split_whitespace().collect::<Vec<_>>().join(" ")).collect()
}

/// Every problem of `data/pre/` (and the named ones of `data/dlx/`) reduced
/// as DLX-PRE reduced it: the same counts, the same rounds, the same problem.
#[test]
fn removes_what_dlx_pre_removes() {
    let folder = data().join("pre");
    let mut checked = 0;
    let mut entries: Vec<PathBuf> = std::fs::read_dir(&folder).unwrap().map(|e| e.unwrap().path()).collect();
    entries.sort();
    for out in entries.iter().filter(|p| p.extension().is_some_and(|e| e == "out")) {
        let stem = out.file_stem().unwrap().to_str().unwrap();
        let input = [folder.join(format!("{stem}.dlx")), data().join("dlx").join(format!("{stem}.dlx"))]
            .into_iter()
            .find(|p| p.exists())
            .unwrap_or_else(|| panic!("no input for {stem}"));
        let problem = Problem::from_knuth(&std::fs::read_to_string(&input).unwrap()).unwrap();
        let reduced = problem.preprocess().unwrap();
        let expected = summary(&std::fs::read_to_string(out.with_extension("txt")).unwrap());
        assert_eq!((reduced.options_removed(), reduced.items_removed(), reduced.rounds), expected, "{stem}");
        let knuth = std::fs::read_to_string(out).unwrap();
        assert_eq!(words(&reduced.problem.to_knuth()), words(&knuth), "{stem}");
        checked += 1;
    }
    assert!(checked >= 60, "only {checked} problems checked");
}

/// The figure of `REFERENCE.md`: 235 options of the pentomino problem.
#[test]
fn pentominoes_lose_235_options_and_keep_their_count() {
    let text = std::fs::read_to_string(data().join("dlx/pentomino_6x10.dlx")).unwrap();
    let problem = Problem::from_knuth(&text).unwrap();
    let reduced = problem.preprocess().unwrap();
    assert_eq!((reduced.options_removed(), reduced.items_removed(), reduced.rounds), (235, 0, 3));
    assert_eq!(Solver::new(&reduced.problem).count(), 2339);
    assert!(reduced.removed.options.iter().all(|(_, why)| matches!(why, OptionChange::Blocks { .. })));
}

#[test]
fn bounds_are_refused_by_name() {
    let problem = Problem::from_knuth("a 2|b c\na b\nb c\na\n").unwrap();
    match problem.preprocess() {
        Err(PreError::Bounds { item, lower, upper }) => assert_eq!((item.as_str(), lower, upper), ("b", 2, 2)),
        other => panic!("{other:?}"),
    }
}

/// Costs stay on their options: the cheapest solutions are the same.
#[test]
fn costs_follow_their_options() {
    let text = std::fs::read_to_string(data().join("dlx/pentomino_6x10_costs.dlx")).unwrap();
    let problem = Problem::from_knuth(&text).unwrap();
    let reduced = problem.preprocess().unwrap();
    assert!(reduced.options_removed() > 0);
    let before = MinCost::new(&problem).threads(1).best(3).unwrap();
    let after = MinCost::new(&reduced.problem).threads(1).best(3).unwrap();
    let costs = |best: &quadrille_dlx::Best| best.solutions.iter().map(|s| s.cost).collect::<Vec<_>>();
    assert_eq!(costs(&before), costs(&after));
    for solution in &after.solutions {
        assert!(problem.is_solution(&reduced.original(&solution.options)));
    }
}

/// A stopped pass ends at once, with the input itself (equivalent, not reduced).
#[test]
fn a_stopped_pass_keeps_an_equivalent_problem() {
    let text = std::fs::read_to_string(data().join("dlx/pentomino_6x10.dlx")).unwrap();
    let problem = Problem::from_knuth(&text).unwrap();
    let monitor = Arc::new(Monitor::new());
    monitor.stop();
    let reduced = Preprocess::new().monitor(Some(monitor)).run(&problem).unwrap();
    assert!(reduced.interrupted);
    assert_eq!(reduced.options_removed(), 0);
    let one = Preprocess::new().rounds(Some(1)).run(&problem).unwrap();
    assert_eq!(one.rounds, 1);
    assert!(one.options_removed() > 0 && one.options_removed() < 235);
    assert_eq!(Solver::new(&one.problem).count(), 2339);
}

/// The solutions of the input, each as a sorted list of option numbers.
fn solutions(problem: &Problem, map: impl Fn(OptionId) -> OptionId) -> BTreeSet<Vec<u32>> {
    let mut found = BTreeSet::new();
    for solution in Solver::new(problem).solutions() {
        let mut options: Vec<u32> = solution.iter().map(|&o| map(o).0).collect();
        options.sort_unstable();
        found.insert(options);
    }
    found
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    /// The reduced problem has the oracle's solutions, through `origin`, and
    /// nothing it removed was in one of them.
    #[test]
    fn reduced_problems_keep_every_solution(spec in oracle::problems(Shape { costs: None, ..Shape::unbounded() })) {
        let problem = spec.build();
        let expected = oracle::solutions(&spec);
        let reduced = problem.preprocess().unwrap();
        let got = solutions(&reduced.problem, |o| reduced.origin[o.index()]);
        prop_assert_eq!(&got, &expected);
        for (option, why) in &reduced.removed.options {
            if !matches!(why, OptionChange::Shortened { .. }) {
                prop_assert!(expected.iter().all(|s| !s.contains(&option.0)), "{:?} removed: {:?}", option, why);
            }
        }
        if reduced.infeasible.is_some() {
            prop_assert!(expected.is_empty());
            prop_assert_eq!(reduced.problem.n_options(), 0);
        }
    }
}
