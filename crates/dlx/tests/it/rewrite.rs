//! The rewriting of bounds that never bind ([`quadrille_dlx::rewrite`])
//! against the brute-force oracle: the rewritten problem has exactly the
//! input's solutions, option for option; each bound said never to bind
//! changes no solution when dropped; and the engines that take no bounds
//! (the memo, the sweep, dc, the preprocessing) take the problems whose
//! bounds all go, BurrTools' six-piece burrs among them.

use std::collections::BTreeSet;

use proptest::prelude::*;
use quadrille_dlx::front::Search;
use quadrille_dlx::pre::ItemChange;
use quadrille_dlx::rewrite::{Became, Bound, Kept, Rewrite, Rewritten};
use quadrille_dlx::{Engine, Problem};
use quadrille_testing::oracle::{self, Spec, SplitMix64};

/// The problem of `data/dlx/`.
fn data(name: &str) -> Problem {
    Problem::from_knuth(&quadrille_testing::data::read(&format!("dlx/{name}"))).unwrap()
}

/// Checks the rewriting of `spec`'s problem against the oracle, and
/// returns it: the same solutions; the same options, each without the
/// items removed and nothing else, the same colours and costs; the items
/// kept by their names, the secondary ones after the primary ones; each
/// bound said never to bind dropped alone changes no solution; each item
/// made plain or secondary is covered as such by every solution.
fn check(spec: &Spec, rewrite: &Rewrite) -> Result<Rewritten, TestCaseError> {
    let problem = spec.build();
    let rewritten = rewrite.run(&problem);
    let after = &rewritten.problem;
    let expected = oracle::solutions(spec);
    prop_assert_eq!(&oracle::solutions(&Spec::from_problem(after)), &expected);
    prop_assert_eq!(after.n_options(), problem.n_options());
    prop_assert_eq!(after.ignored_options(), problem.ignored_options());
    for o in problem.options() {
        let kept: Vec<(String, Option<String>)> = problem
            .option(o)
            .filter(|&(item, _)| rewritten.item(item).is_some())
            .map(|(item, color)| {
                (problem.item_name(item).to_string(), color.map(|c| problem.color_name(c).to_string()))
            })
            .collect();
        let written: Vec<(String, Option<String>)> = after
            .option(o)
            .map(|(item, color)| (after.item_name(item).to_string(), color.map(|c| after.color_name(c).to_string())))
            .collect();
        prop_assert_eq!(kept, written);
        prop_assert_eq!(after.cost(o), problem.cost(o));
    }
    for item in after.items() {
        prop_assert_eq!(after.item_name(item), problem.item_name(rewritten.input_item(item)));
        prop_assert_eq!(rewritten.item(rewritten.input_item(item)), Some(item));
    }
    prop_assert_eq!(rewritten.items.len(), (0..spec.n_primary).filter(|&k| spec.bounds[k] != (1, 1)).count());
    let n_options = spec.options.len() as u32;
    for found in &rewritten.items {
        let k = found.item.index();
        let (lower, upper) = spec.bounds[k];
        prop_assert_eq!(found.bounds, (lower, upper));
        let with = |bounds: (u32, u32)| {
            let mut relaxed = spec.clone();
            relaxed.bounds[k] = bounds;
            oracle::solutions(&relaxed)
        };
        if found.upper.never_binds() {
            prop_assert_eq!(&with((lower, upper.max(n_options).max(1))), &expected, "{}", found);
        }
        if found.lower.never_binds() {
            prop_assert_eq!(&with((0, upper)), &expected, "{}", found);
        }
        let item = rewritten.item(found.item);
        match found.became {
            Became::Removed => prop_assert!(item.is_none()),
            Became::Plain => {
                prop_assert!(after.is_primary(item.unwrap()) && after.bounds(item.unwrap()) == (1, 1));
                prop_assert_eq!(&with((1, 1)), &expected, "{}", found);
            }
            Became::Secondary => {
                prop_assert!(!after.is_primary(item.unwrap()));
                prop_assert_eq!(&with((0, 1)), &expected, "{}", found);
            }
            Became::Kept(_) => prop_assert_eq!(after.bounds(item.unwrap()), (lower, upper)),
            _ => prop_assert!(false, "unknown fate {:?}", found.became),
        }
    }
    prop_assert_eq!(after.has_bounds(), rewritten.kept().is_some());
    Ok(rewritten)
}

/// A packing with bounds on its pieces: `cells` items covered exactly
/// once, pieces of one size each placed on random cells, each piece with
/// bounds from `[0, 1]` to generous ones (up to twice what could fit), some
/// options of single cells, and now and then a secondary item (coloured or
/// not) on some options. At most 12 options, for the oracle.
fn packing(random: &mut SplitMix64) -> Spec {
    let cells = 2 + random.below(8) as usize;
    let pieces = 1 + random.below(3) as usize;
    let n_primary = cells + pieces;
    let n_secondary = random.below(2) as usize;
    let mut bounds = vec![(1, 1); cells];
    let mut options = Vec::new();
    for p in 0..pieces {
        let size = 1 + random.below(cells.min(4) as u64) as usize;
        let fit = (cells / size) as u32;
        let lower = if random.below(4) == 0 { random.below(2) as u32 } else { 0 };
        let upper = (lower + random.below(u64::from(2 * fit + 2)) as u32).max(1);
        bounds.push((lower, upper));
        for _ in 0..1 + random.below(4) {
            let mut option = vec![(cells + p, None)];
            while option.len() < size + 1 {
                let cell = random.below(cells as u64) as usize;
                if !option.iter().any(|&(i, _)| i == cell) {
                    option.push((cell, None));
                }
            }
            if n_secondary > 0 && random.below(3) == 0 {
                option.push((n_primary, random.below(3).checked_sub(1).map(|c| c as u32)));
            }
            let turn = random.below(option.len() as u64) as usize;
            option.rotate_left(turn);
            options.push(option);
        }
    }
    for _ in 0..random.below(4) {
        options.push(vec![(random.below(cells as u64) as usize, None)]);
    }
    options.truncate(12);
    Spec { n_primary, n_secondary, bounds, options, costs: Vec::new(), declared: false }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    /// Random problems with bounds from `[0, 1]` to `[3, 3]`, colours and
    /// secondary items: the rewriting keeps every solution, option for
    /// option.
    #[test]
    fn rewriting_keeps_the_solutions(spec in oracle::spec()) {
        check(&spec, &Rewrite::new())?;
    }

    /// The same with no work allowed: nothing is examined but the bounds
    /// that bind nothing, and the solutions stay.
    #[test]
    fn no_work_examines_nothing(spec in oracle::spec()) {
        let rewritten = check(&spec, &Rewrite::new().work_limit(0))?;
        for found in &rewritten.items {
            prop_assert!(found.lower != Bound::NeverBinds && found.upper != Bound::NeverBinds, "{}", found);
        }
    }
}

/// Packings with generous bounds, where the rewriting fires: the same
/// solutions on each, and most lose some bound. Drawn from a fixed seed,
/// so that the share of those rewritten is the same on every run.
#[test]
fn generous_packings_lose_their_bounds_and_keep_their_solutions() {
    let mut random = SplitMix64(2026);
    let (mut changed, mut unbounded, mut kept) = (0, 0, 0);
    let mut fates = BTreeSet::new();
    let total = 1200;
    for case in 0..total {
        let spec = packing(&mut random);
        let rewritten = check(&spec, &Rewrite::new()).unwrap_or_else(|e| panic!("case {case}: {e}\n{spec:?}"));
        changed += rewritten.changed() as usize;
        unbounded += (!rewritten.problem.has_bounds()) as usize;
        kept += rewritten.items.iter().filter(|i| matches!(i.became, Became::Kept(_))).count();
        fates.extend(rewritten.items.iter().map(|i| format!("{:?}", i.became)));
    }
    eprintln!("MUTANT-STATS {changed} {unbounded} {kept} of {total}");
    assert!(changed * 2 > total, "{changed} of {total} rewritten");
    assert!(unbounded * 3 > total, "{unbounded} of {total} left without bounds");
    assert!(kept > 0);
    for fate in ["Removed", "Plain", "Secondary"] {
        assert!(fates.contains(fate), "no item {fate}: {fates:?}");
    }
}

/// Bounds that bind stay: the tetrominoes, each used an exact number of
/// times, and Knuth's toy problem with bounds.
#[test]
fn bounds_that_bind_are_kept() {
    for name in ["tetrominoes_12_8x6.dlx", "tetrominoes_twice_8x5.dlx", "knuth_toy_bounds.dlx"] {
        let problem = data(name);
        let rewritten = problem.rewrite_bounds();
        assert!(!rewritten.items.is_empty(), "{name}");
        for found in &rewritten.items {
            assert_eq!(found.became, Became::Kept(Kept::MayBind), "{name}: {found}");
        }
        assert!(!rewritten.changed(), "{name}");
        assert_eq!(rewritten.problem, problem, "{name}");
    }
}

/// An item whose bounds never bind but whose option has no other primary
/// item stays, with the reason; an item `[0, 1]` whose upper bound binds
/// becomes a secondary item; `[1, 3]` on an item that no solution covers
/// twice becomes a plain item.
#[test]
fn each_rewriting_in_words() {
    // `p` 0:3 has two options: one of them alone.
    let problem = Problem::from_knuth("a b 0:3|p\np\np a\nb\n").unwrap();
    let rewritten = problem.rewrite_bounds();
    assert_eq!(rewritten.items[0].became, Became::Kept(Kept::LastPrimary(quadrille_dlx::OptionId(0))));
    assert_eq!(
        rewritten.items[0].to_string(),
        "item `p` 0:3: kept, as option 1 would be left without a primary item \
         (may be left uncovered; the upper bound 3 is at least its 2 options)"
    );
    // `q` 0:1, two options that fit together: the bound binds, `q` is
    // covered at most once, as a secondary item is.
    let problem = Problem::from_knuth("a b 0:1|q\nq a\nq b\na\nb\n").unwrap();
    let rewritten = problem.rewrite_bounds();
    assert_eq!(rewritten.items[0].became, Became::Secondary);
    assert_eq!(rewritten.problem.to_knuth(), "a b | q\nq a\nq b\na\nb\n");
    assert_eq!(
        rewritten.items[0].to_string(),
        "item `q` 0:1: a secondary item (may be left uncovered; the upper bound 1 may bind)"
    );
    // `z` 0:1 has no option, and no other primary item is there: it stays.
    let problem = Problem::from_knuth("0:1|z | x\nx\n").unwrap();
    let rewritten = problem.rewrite_bounds();
    assert_eq!(rewritten.items[0].became, Became::Kept(Kept::OnlyPrimary));
    assert_eq!(rewritten.problem, problem);
    // `r` 1:3 has one option, of both exact items: the lower bound binds
    // (`a b` alone covers them), but no solution holds two options of `r`.
    let problem = Problem::from_knuth("a b 1:3|r\nr a b\na b\n").unwrap();
    let rewritten = problem.rewrite_bounds();
    assert_eq!(rewritten.items[0].became, Became::Plain, "{}", rewritten.items[0]);
    assert_eq!(rewritten.problem.to_knuth(), "a b r\nr a b\na b\n");
}

/// The burrs: 12,597 assemblies (BurrTools' figure for its example), by
/// the sweep, the memo and dc asked by name, and by the preprocessing;
/// their bounds go. The default's choice is not the rewriting's business:
/// it still takes the problem with its bounds.
#[test]
fn the_burrs_count_on_the_engines_that_take_no_bounds() {
    let problem = data("burr_solid_six_bounds.dlx");
    for engine in [Engine::Sweep, Engine::Memo, Engine::Dc] {
        let counted = Search::new(&problem).engine(engine).threads(1).count().unwrap();
        assert_eq!((counted.solutions_u64(), counted.report.engine), (Some(12_597), engine));
    }
    let reduced = problem.preprocess().unwrap();
    assert_eq!(reduced.bounds.len(), 25);
    let unbound = reduced.removed.items.iter().filter(|(_, why)| *why == ItemChange::BoundsNeverBind).count();
    assert_eq!((unbound, reduced.items_removed()), (25, reduced.removed.items.len()));
    let counted = Search::new(&reduced.problem).engine(Engine::Sweep).count().unwrap();
    assert_eq!(counted.solutions_u64(), Some(12_597));
    let swept = Search::new(&problem).engine(Engine::Sweep).count().unwrap();
    let order = swept.report.choice.sweep_order.unwrap();
    assert!(order.iter().all(|&item| problem.is_primary(item) && problem.bounds(item) == (1, 1)));
}

/// The listings of the engines that take no bounds, on problems whose
/// bounds all go: the oracle's solutions, as sets of the input's options.
#[test]
fn listings_of_rewritten_problems_are_the_oracles() {
    let mut random = SplitMix64(7);
    let mut listed = 0;
    for _ in 0..300 {
        let spec = packing(&mut random).uncolored();
        let problem = spec.build();
        if problem.rewrite_bounds().problem.has_bounds() || !problem.has_bounds() {
            continue;
        }
        let expected = oracle::solutions(&spec);
        for engine in [Engine::Sweep, Engine::Memo, Engine::Dc] {
            let search = Search::new(&problem).engine(engine).threads(1);
            let solutions: BTreeSet<Vec<u32>> = search.solutions().unwrap().map(|s| oracle::sorted(&s)).collect();
            assert_eq!(solutions, expected, "{engine:?} on {spec:?}");
            let count = search.count().unwrap().solutions_u64();
            assert_eq!(count, Some(expected.len() as u64), "{engine:?} on {spec:?}");
        }
        let zdd = Search::new(&problem).zdd().unwrap();
        assert_eq!(zdd.count_u64(), Some(expected.len() as u64));
        // Preprocessed: the same solutions as the input's options, and the
        // items reported removed are the input's items missing after.
        let reduced = problem.preprocess().unwrap();
        let solutions: BTreeSet<Vec<u32>> =
            Search::new(&reduced.problem).solutions().unwrap().map(|s| oracle::sorted(&reduced.original(&s))).collect();
        assert_eq!(solutions, expected, "preprocessed {spec:?}");
        let gone: BTreeSet<&str> = reduced.removed.items.iter().map(|&(item, _)| problem.item_name(item)).collect();
        let missing: BTreeSet<&str> = problem
            .items()
            .map(|item| problem.item_name(item))
            .filter(|name| reduced.problem.item_named(name).is_none())
            .collect();
        if reduced.infeasible.is_none() {
            assert_eq!(gone, missing, "{spec:?}");
            assert_eq!(reduced.items_removed(), missing.len());
        }
        listed += 1;
    }
    assert!(listed > 50, "only {listed} problems listed");
}

/// Where a bound may bind, the engines that take no bounds refuse the
/// problem as before, naming the item.
#[test]
fn bounds_that_may_bind_are_refused_as_before() {
    let problem = data("tetrominoes_12_8x6.dlx");
    let sweep = Search::new(&problem).engine(Engine::Sweep).count().unwrap_err();
    let sweep = sweep.to_string();
    let refusal = "the sweep engine does not take bounds on items that can bind: links, cells and bits do (item `";
    assert!(sweep.starts_with(refusal), "{sweep}");
    let memo = Search::new(&problem).engine(Engine::Memo).count().unwrap_err();
    assert!(memo.to_string().starts_with("the memo engine does not take bounds on items that can bind"), "{memo}");
    assert!(Search::new(&problem).engine(Engine::Dc).count().is_err());
    assert!(problem.preprocess().is_err());
}
