//! The sharp preference (`Problem::with_sharp_preference`): the links engine
//! against the figures of Knuth's DLX2-SHARP and DLX3-SHARP on instances of
//! `data/knuth/sharp/`, and every search against the brute-force oracle on
//! small random problems with some primary items renamed `#…`.

use std::collections::BTreeSet;
use std::ops::ControlFlow;

use proptest::prelude::*;
use quadrille_dlx::{Config, Engine, Problem, Solver};
use quadrille_testing::data;
use quadrille_testing::oracle::{Spec, solutions as oracle, sorted, spec};

/// The engines that choose the item to branch on, and so take the preference.
const ENGINES: [Engine; 3] = [Engine::Links, Engine::Cells, Engine::Bits];

fn count_with(problem: &Problem, engine: Engine) -> quadrille_dlx::Stats {
    let mut solver = Solver::with_config(problem, Config::new().engine(engine));
    solver.count();
    solver.stats()
}

#[test]
fn the_links_engine_counts_as_dlx2_sharp_and_dlx3_sharp() {
    let rows: Vec<Vec<String>> = data::read("knuth/sharp/figures.tsv")
        .lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .map(|line| line.split('\t').map(str::to_owned).collect())
        .collect();
    assert_eq!(rows.len(), 7);
    for row in rows {
        let (file, program) = (&row[0], &row[1]);
        let figures: Vec<u64> = row[2..5].iter().map(|cell| cell.parse().unwrap()).collect();
        let plain = Problem::from_knuth(&data::read(&format!("knuth/sharp/{file}"))).unwrap();
        assert_eq!(program == "dlx3-sharp", plain.has_bounds(), "{file}");
        let sharp = plain.with_sharp_preference(true);
        let links = count_with(&sharp, Engine::Links);
        assert_eq!(vec![links.solutions, links.nodes, links.updates], figures, "{file} under {program}");
        // Without the preference the names mean nothing: DLX2's and DLX3's
        // tree, another one on every instance here.
        let unsharp = count_with(&plain, Engine::Links);
        assert_eq!(unsharp.solutions, links.solutions, "{file}");
        assert_ne!(unsharp.nodes, links.nodes, "{file}: the preference changed nothing");
        // The bits engine runs the links engine's search: the same nodes.
        let bits = count_with(&sharp, Engine::Bits);
        assert_eq!((bits.solutions, bits.nodes), (links.solutions, links.nodes), "{file} on bits");
        // The cells engine (links with bounds) finds the same solutions.
        assert_eq!(count_with(&sharp, Engine::Cells).solutions, links.solutions, "{file} on cells");
    }
}

/// The preference is part of a problem, as its search trees are: equal
/// problems search the same tree (a split made for one runs on the other),
/// so a problem with a sharp item and the preference on equals only another
/// with it on; without a sharp item, the preference changes nothing.
#[test]
fn problems_differ_by_the_sharp_preference_when_they_have_a_sharp_item() {
    let text = "#a b c\n#a b\n#a\nb c\n";
    let plain = Problem::from_knuth(text).unwrap();
    let sharp = plain.with_sharp_preference(true);
    assert_ne!(plain, sharp);
    assert_ne!(sharp, plain);
    assert_ne!(Problem::from_knuth(text).unwrap(), sharp, "not a clone");
    assert_eq!(sharp, Problem::from_knuth(text).unwrap().with_sharp_preference(true));
    assert_eq!(plain, sharp.with_sharp_preference(false));
    let dull = Problem::from_knuth("a b c\na b\na\nb c\n").unwrap();
    assert_eq!(dull, dull.with_sharp_preference(true));
}

/// The rule itself, on problems small enough to follow by hand.
#[test]
fn a_forced_item_comes_before_a_sharp_one_and_a_sharp_one_before_the_rest() {
    // `c` has one option, `#a` two: the root takes `c`'s option, forced,
    // before it branches on `#a` (which would try `#a b` first).
    let text = "#a b c\n#a b\n#a\nb c\n";
    let sharp = Problem::from_knuth(text).unwrap().with_sharp_preference(true);
    for engine in ENGINES {
        let mut solver = Solver::with_config(&sharp, Config::new().engine(engine));
        let first = solver.first().unwrap();
        let names: Vec<String> = first.iter().map(|&o| sharp.format_option(o)).collect();
        assert_eq!(names, ["b c", "#a"], "{engine}");
    }
    // `b` has the fewest options, `#a` is sharp: the order of the solutions tells the
    // two rules apart: branching on `#a` tries `#a`, then `#a b`; branching
    // on `b` tries `#a b`, then `b`.
    let text = "#a b\n#a\n#a\n#a b\nb\n";
    let plain = Problem::from_knuth(text).unwrap();
    let sharp = plain.with_sharp_preference(true);
    for engine in ENGINES {
        let firsts = |problem: &Problem| -> Vec<String> {
            let mut solver = Solver::with_config(problem, Config::new().engine(engine));
            solver.solutions().map(|s| problem.format_option(*s.last().unwrap())).collect()
        };
        assert_eq!(firsts(&sharp), ["b", "b", "#a b"], "{engine} with the preference");
        assert_eq!(firsts(&plain), ["#a b", "#a", "#a"], "{engine} without it");
    }
}

/// `spec`'s problem in Knuth's format with the primary items of odd number
/// renamed `#p1`, `#p3`, …: the same options in the same order.
fn with_sharp_names(spec: &Spec) -> Problem {
    let text = spec.build().to_knuth();
    let rename = |token: &str| -> String {
        let (head, name) = token.rsplit_once('|').map_or(("", token), |(h, n)| (h, n));
        let sharp = name
            .strip_prefix('p')
            .and_then(|k| k.parse::<usize>().ok())
            .is_some_and(|k| k % 2 == 1 && k < spec.n_primary);
        let sep = if head.is_empty() && !token.contains('|') { "" } else { "|" };
        format!("{head}{sep}{}{name}", if sharp { "#" } else { "" })
    };
    let renamed: Vec<String> =
        text.lines().map(|line| line.split_whitespace().map(rename).collect::<Vec<_>>().join(" ")).collect();
    Problem::from_knuth(&renamed.join("\n")).unwrap().with_sharp_preference(true)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 500, ..ProptestConfig::default() })]

    #[test]
    fn every_engine_with_the_preference_agrees_with_the_oracle(spec in spec()) {
        let problem = with_sharp_names(&spec);
        prop_assert_eq!(problem.n_options(), spec.options.len());
        let expected = oracle(&spec);
        for engine in ENGINES {
            let mut solver = Solver::with_config(&problem, Config::new().engine(engine));
            prop_assert_eq!(solver.count(), expected.len() as u64, "{}", engine);
            let mut seen = BTreeSet::new();
            solver.visit(|solution| {
                seen.insert(sorted(solution));
                ControlFlow::Continue(())
            });
            prop_assert_eq!(&seen, &expected, "{}", engine);
        }
        // The links and bits engines search the same tree.
        let links = count_with(&problem, Engine::Links);
        let bits = count_with(&problem, Engine::Bits);
        prop_assert_eq!(links.nodes, bits.nodes);
    }
}
