//! Bounds as Knuth's programs count them, on one thread, on two and in
//! shards: the random problems of `data/knuth/bounds/` (with bounds written
//! on some items, `[1, 1]` among them, or none) against the figures of DLX3,
//! SSMCC, SSMCC-FRB and SSMCC-WTD (DLX2, SSXCC-BINARY, SSXCC-FRB and
//! SSXCC-WTD on the plain ones); and, on random problems against the oracle,
//! that threads and shards add up to the serial search's figures on every
//! engine and branching that splits (binary branching searching whole).

use std::collections::BTreeSet;
use std::ops::ControlFlow;
use std::sync::Mutex;

use proptest::prelude::*;
use quadrille_dlx::front::{EngineStats, Search};
use quadrille_dlx::{Branching, Config, DescendError, Engine, Parallel, Problem, Solver, Stats, Weights};
use quadrille_testing::data;
use quadrille_testing::oracle::{solutions as oracle, sorted, spec};

/// The problems of `random.dlx`, by number: each starts with its comment
/// line `| random N (KIND)`.
fn random_problems() -> Vec<(String, Problem)> {
    let text = data::read("knuth/bounds/random.dlx");
    let mut problems: Vec<(String, String)> = Vec::new();
    for line in text.lines() {
        if let Some(name) = line.strip_prefix("| random ") {
            problems.push((name.to_string(), String::new()));
        }
        let (_, body) = problems.last_mut().expect("a problem's first line");
        body.push_str(line);
        body.push('\n');
    }
    problems.into_iter().map(|(name, body)| (name, Problem::from_knuth(&body).unwrap())).collect()
}

/// Solutions, nodes, updates and cleansings of one search.
type Figures = (u64, u64, u64, u64);

fn figures(stats: Stats) -> Figures {
    (stats.solutions, stats.nodes, stats.updates, stats.cleansings)
}

/// The configuration of the search that counts as `program`, and the
/// figures it promises to share with it: `(nodes, updates, cleansings)`
/// (the solutions always).
fn searches_of(program: &str) -> Vec<(Config, (bool, bool, bool))> {
    let binary = |weights| Config::new().engine(Engine::Cells).branching(Branching::Binary).weights(weights);
    match program {
        "dlx2" | "dlx3" => vec![
            (Config::new().engine(Engine::Links), (true, true, true)),
            (Config::new().engine(Engine::Bits), (true, false, false)),
        ],
        "ssmcc" | "ssxcc-binary" => vec![(binary(Weights::Off), (true, true, false))],
        "ssmcc-frb" | "ssxcc-frb" => vec![(binary(Weights::Frb), (true, true, false))],
        "ssmcc-wtd" | "ssxcc-wtd" => vec![(binary(Weights::Wdeg), (true, true, false))],
        _ => panic!("unknown program {program}"),
    }
}

/// The front's questions on `config`'s engine, branching and weights.
fn search<'p>(problem: &'p Problem, config: &Config) -> Search<'p> {
    Search::new(problem).engine(config.get_engine()).branching(config.get_branching()).weights(config.get_weights())
}

fn search_stats(counted: quadrille_dlx::front::Counted) -> Stats {
    match counted.report.stats {
        EngineStats::Search(stats) => stats,
        other => panic!("not a search's statistics: {other:?}"),
    }
}

/// The figures of `config`'s search of `problem`: on one thread, on two (by
/// `Parallel` and by the front), and summed over three shards (both ways).
/// All of them, for every search that splits.
fn every_way(problem: &Problem, config: &Config) -> Vec<(&'static str, Figures)> {
    let serial = {
        let mut solver = Solver::with_config(problem, config.clone());
        solver.count();
        solver.stats()
    };
    let parallel = Parallel::new(problem).config(config.clone());
    let of = 3;
    let shards: Stats = (0..of).map(|i| parallel.clone().threads(1).shard(i, of).unwrap().count().unwrap()).sum();
    let front_shards: Stats =
        (0..of).map(|i| search_stats(search(problem, config).threads(2).shard(i, of).count().unwrap())).sum();
    vec![
        ("one thread", figures(serial)),
        ("the front on one thread", figures(search_stats(search(problem, config).threads(1).count().unwrap()))),
        ("two threads", figures(parallel.clone().threads(2).count().unwrap())),
        ("the front on two threads", figures(search_stats(search(problem, config).threads(2).count().unwrap()))),
        ("three shards", figures(shards)),
        ("the front's three shards", figures(front_shards)),
    ]
}

/// Every row of `figures.tsv`: the links engine counts as DLX3 (DLX2 on the
/// plain problems), nodes, updates and cleansings; the bitset engine's nodes
/// are DLX3's; the cells engine's binary branching counts as SSMCC and its
/// weights (SSXCC-BINARY and its on the plain problems). So whether an item
/// has bounds written `1|p`, `1:1|p` or none decides the search, as in
/// Knuth's programs, which run Algorithm M on every problem DLX3 and SSMCC
/// read; and so on one thread, on two, and in shards alike.
#[test]
#[cfg_attr(miri, ignore = "1,200 rows, each counted six ways")]
fn the_random_problems_count_as_knuths_programs_count() {
    let problems = random_problems();
    assert_eq!(problems.len(), 300);
    let table = data::read("knuth/bounds/figures.tsv");
    let (mut rows, mut exact_only) = (0, 0);
    for line in table.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()) {
        let row: Vec<&str> = line.split('\t').collect();
        let (number, program) = (row[0].parse::<usize>().unwrap(), row[1]);
        let number_of = |k: usize| row[k].parse::<u64>().unwrap();
        let (name, problem) = &problems[number];
        assert!(name.starts_with(&format!("{number} ")), "{name}");
        assert_eq!(problem.declares_bounds(), !name.ends_with("(plain)"), "{name}");
        exact_only += usize::from(program == "dlx3" && !problem.has_bounds());
        let cleansings = if row[5] == "-" { 0 } else { number_of(5) };
        let knuth = (number_of(2), number_of(3), number_of(4), cleansings);
        for (config, (nodes, updates, cleansings)) in searches_of(program) {
            for (way, ours) in every_way(problem, &config) {
                let mask = |f: Figures| {
                    (f.0, if nodes { f.1 } else { 0 }, if updates { f.2 } else { 0 }, if cleansings { f.3 } else { 0 })
                };
                assert_eq!(
                    mask(ours),
                    mask(knuth),
                    "random {name} by {} ({:?}, {:?}) on {way}, against {program}",
                    config.get_engine(),
                    config.get_branching(),
                    config.get_weights()
                );
            }
        }
        rows += 1;
    }
    assert_eq!(rows, 1200);
    // Problems whose only bounds are `[1, 1]`, written.
    assert_eq!(exact_only, 80);
}

/// The example of the fault: an item written `1|a`, left without options.
/// DLX3 sees at once that `a` cannot be covered (0 updates, 1 node);
/// DLX1 covers it first (1 update). SSMCC makes no node (an item with fewer
/// options than its lower bound: no search), SSXCC-BINARY reads no bounds.
#[test]
fn an_item_written_with_bounds_one_makes_a_problem_of_bounds() {
    let declared = Problem::from_knuth("1|a b\nb\n").unwrap();
    let plain = Problem::from_knuth("a b\nb\n").unwrap();
    assert!(declared.declares_bounds() && !declared.has_bounds());
    assert!(!plain.declares_bounds());
    let count = |problem: &Problem, config: Config| {
        let mut solver = Solver::with_config(problem, config);
        solver.count();
        let stats = solver.stats();
        (stats.solutions, stats.nodes, stats.updates)
    };
    let links = Config::new().engine(Engine::Links);
    assert_eq!(count(&declared, links.clone()), (0, 1, 0));
    assert_eq!(count(&plain, links), (0, 1, 1));
    let binary = Config::new().engine(Engine::Cells).branching(Branching::Binary);
    assert_eq!(count(&declared, binary), (0, 0, 0));
    // Written back as read, `1:1|a` as `1|a`; equal problems only when both
    // declare the bounds or neither does.
    assert_eq!(declared.to_knuth(), "1|a b\nb\n");
    assert_eq!(Problem::from_knuth("1:1|a b\nb\n").unwrap(), declared);
    assert_ne!(declared, plain);
    assert_ne!(declared.fingerprint(), plain.fingerprint());
}

/// The engines without a Knuth program with bounds take a problem whose only
/// bounds are `[1, 1]` as a plain one: the memo, the sweep, dc and the
/// cells engine's `d`-way branching count it, with the plain problem's
/// figures; preprocessing keeps the items' bounds.
#[test]
fn engines_without_bounds_take_bounds_of_one_as_plain() {
    let text = "a b c d\na b\nc d\na c\nb d\na d\nb c\n";
    let declared_text = "1|a b 1:1|c d\na b\nc d\na c\nb d\na d\nb c\n";
    let (plain, declared) = (Problem::from_knuth(text).unwrap(), Problem::from_knuth(declared_text).unwrap());
    for engine in [Engine::Memo, Engine::Sweep, Engine::Dc, Engine::Cells] {
        let counted = |problem: &Problem| {
            let counted = Search::new(problem).engine(engine).threads(1).count().unwrap();
            (counted.solutions_u64(), counted.report.stats)
        };
        assert_eq!(counted(&declared), counted(&plain), "{engine}");
    }
    let reduced = declared.preprocess().unwrap().problem;
    let items: Vec<String> = reduced.to_knuth().lines().next().unwrap().split(' ').map(str::to_string).collect();
    assert!(reduced.declares_bounds() && items.contains(&"1|a".into()) && items.contains(&"1|c".into()), "{items:?}");
}

/// Binary branching is one subproblem: its figures on threads and in
/// shards are the serial search's (here SSXCC-FRB's on Langford pairs of 8,
/// 3,546 nodes and 30,533 updates, where two threads counted 2,267 and
/// 34,790, SSXCC's `d`-way figures), the report says it ran on one thread,
/// slice 0 holds the whole search, and no descent enters it.
#[test]
#[cfg_attr(miri, ignore = "a rayon pool")]
fn binary_branching_searches_whole_on_threads_and_in_shards() {
    let problem = Problem::from_knuth(&data::read("knuth/binary/langford_8.dlx")).unwrap();
    let frb = Config::new().engine(Engine::Cells).branching(Branching::Binary).weights(Weights::Frb);
    for (way, (solutions, nodes, updates, _)) in every_way(&problem, &frb) {
        assert_eq!((solutions, nodes, updates), (300, 3546, 30533), "{way}");
    }
    let counted = search(&problem, &frb).threads(2).count().unwrap();
    assert_eq!(counted.report.choice.fewer_threads, Some(1));
    assert_eq!((counted.report.branching, counted.report.weights), (Branching::Binary, Weights::Frb));
    assert_eq!(search(&problem, &frb).threads(1).count().unwrap().report.choice.fewer_threads, None);
    let parallel = Parallel::new(&problem).config(frb.clone());
    assert_eq!(parallel.split().prefixes, [Vec::new()]);
    assert_eq!(parallel.clone().shard(1, 3).unwrap().count().unwrap(), Stats::default());
    let mut solver = Solver::with_config(&problem, frb);
    let option = problem.options().next().unwrap();
    assert_eq!(quadrille_dlx::parallel::Subtrees::descend(&mut solver, Some(option)), Err(DescendError::Whole));
    // Listing on two threads: one, said so, every solution once.
    let found = Mutex::new(0u64);
    let report = search(&problem, &Config::new().engine(Engine::Cells).branching(Branching::Binary))
        .threads(2)
        .visit(|_| {
            *found.lock().unwrap() += 1;
            ControlFlow::Continue(())
        })
        .unwrap();
    assert_eq!((found.into_inner().unwrap(), report.choice.fewer_threads), (300, Some(1)));
    // No estimate of the d-way tree in its place.
    let refused = search(&problem, &Config::new().engine(Engine::Cells).branching(Branching::Binary))
        .estimate(10, 1)
        .unwrap_err()
        .to_string();
    assert!(refused.starts_with("the cells engine cannot estimate the search tree with binary branching"), "{refused}");
}

/// A split made for one branching is refused by a search of another; its
/// slices add up to SSXCC-WTD's figures.
#[test]
fn slices_remember_their_branching() {
    let problem = Problem::from_knuth(&data::read("knuth/binary/langford_8.dlx")).unwrap();
    let cells = Config::new().engine(Engine::Cells);
    let binary = cells.clone().branching(Branching::Binary).weights(Weights::Wdeg);
    let slices = Parallel::new(&problem).config(binary.clone()).slices(4).unwrap();
    assert_eq!((slices.branching(), slices.weights()), (Branching::Binary, Weights::Wdeg));
    let mut solver = Solver::with_config(&problem, binary);
    let whole: Stats = (0..4).map(|i| slices.count(&mut solver, i).unwrap()).sum();
    assert_eq!((whole.solutions, whole.nodes, whole.updates), (300, 3536, 30415));
    let mut d_way = Solver::with_config(&problem, cells.clone());
    let refused = slices.count(&mut d_way, 0).unwrap_err().to_string();
    assert_eq!(
        refused,
        "the slices were split for the cells engine by binary branching with wdeg weights and 1024 subproblems, \
         not the cells engine and 1024 subproblems as this search splits"
    );
    assert!(Parallel::new(&problem).config(cells).slice(&slices, 0).unwrap().count().is_err());
}

/// Binary branching with each of its weights, and every other search.
fn configs() -> Vec<Config> {
    let mut configs: Vec<Config> =
        [Engine::Links, Engine::Cells, Engine::Bits].into_iter().map(|e| Config::new().engine(e)).collect();
    for weights in Weights::ALL {
        configs.push(Config::new().engine(Engine::Cells).branching(Branching::Binary).weights(weights));
    }
    configs
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    /// On random problems, bounds written on every item or not: every
    /// search finds the oracle's solutions on two threads and in shards, and
    /// its figures add up to the serial search's (the cells engine's
    /// `d`-way branching excepted, whose subproblems start from fresh
    /// arrays: there they add up to its parallel count's, whatever the
    /// threads).
    #[test]
    fn threads_and_shards_add_up_to_the_serial_search(spec in spec(), declared in any::<bool>(), of in 1u32..5) {
        let declared = declared || spec.declared;
        let spec = spec.declaring(declared);
        let problem = spec.build();
        prop_assert_eq!(problem.declares_bounds(), spec.declares_bounds());
        let expected = oracle(&spec);
        for config in configs() {
            let engine = config.get_engine();
            let d_way_cells = engine == Engine::Cells && config.get_branching() == Branching::Dlx;
            if d_way_cells && problem.has_bounds() {
                continue;
            }
            let serial = {
                let mut solver = Solver::with_config(&problem, config.clone());
                solver.count();
                solver.stats()
            };
            prop_assert_eq!(serial.solutions, expected.len() as u64);
            let parallel = Parallel::new(&problem).config(config.clone());
            let found = Mutex::new(BTreeSet::new());
            let threads = parallel.clone().threads(2).visit(|s| {
                assert!(found.lock().unwrap().insert(sorted(s)), "a solution was visited twice");
                ControlFlow::Continue(())
            }).unwrap();
            prop_assert_eq!(&found.into_inner().unwrap(), &expected, "{:?}", config);
            let shards: Stats = (0..of).map(|i| parallel.clone().threads(1).shard(i, of).unwrap().count().unwrap()).sum();
            let front: Stats = (0..of)
                .map(|i| search_stats(search(&problem, &config).threads(2).shard(i, of).count().unwrap()))
                .sum();
            let on_two = search_stats(search(&problem, &config).threads(2).count().unwrap());
            let whole = if d_way_cells { threads } else { serial };
            prop_assert_eq!(threads, whole, "{:?}: two threads", config);
            prop_assert_eq!(shards, whole, "{:?}: {} shards", config, of);
            prop_assert_eq!(front, whole, "{:?}: the front's {} shards", config, of);
            prop_assert_eq!(on_two, whole, "{:?}: the front on two threads", config);
        }
    }
}
