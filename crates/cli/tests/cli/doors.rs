//! One question, every door: the count, a first solution, every solution and
//! the cheapest, asked of 50 random problems and of a few built-in packings
//! through the command line (`solve`, `pack`) and the library's front, each
//! answer equal to the brute-force oracle's (`quadrille_testing::oracle`),
//! and each question's engine the same at both doors. The Python package asks the same
//! questions of the same problems in `crates/python/tests/test_doors.py`.
//!
//! A first solution may differ by engine order: each door's must be one of the
//! oracle's. Solutions are compared as their option lines (each line's words
//! sorted), so that the command line's text and the library's numbers meet.

use std::path::{Path, PathBuf};

use std::ops::ControlFlow;

use quadrille_dlx::Search;
use quadrille_dlx::{OptionId, Problem};
use quadrille_pack::{Packing, builtin};
use quadrille_testing::oracle::{self, Spec};

use crate::quadrille;

/// The seed of [`oracle::seeded`]'s problems, and how many: the Python test
/// draws the same.
pub const SEED: u64 = 2026;
pub const PROBLEMS: usize = 50;

/// The `k` of the best-`k` question.
const BEST: usize = 3;

/// A solution as its option lines, each with its words sorted, the lines
/// sorted: the same at every door.
type Lines = Vec<String>;

/// An option's line with its words sorted.
fn line(text: &str) -> String {
    let mut words: Vec<&str> = text.split_whitespace().collect();
    words.sort_unstable();
    words.join(" ")
}

/// The option lines of a spec's options, written from the spec alone.
fn spec_lines(spec: &Spec) -> Vec<String> {
    spec.options
        .iter()
        .map(|option| {
            let words: Vec<String> = option
                .iter()
                .map(|&(i, c)| match (i < spec.n_primary, c) {
                    (true, _) => format!("p{i}"),
                    (false, None) => format!("s{}", i - spec.n_primary),
                    (false, Some(c)) => format!("s{}:c{c}", i - spec.n_primary),
                })
                .collect();
            line(&words.join(" "))
        })
        .collect()
}

/// A solution of option numbers as [`Lines`].
fn as_lines(names: &[String], options: impl IntoIterator<Item = u32>) -> Lines {
    let mut lines: Lines = options.into_iter().map(|o| names[o as usize].clone()).collect();
    lines.sort_unstable();
    lines
}

/// What a door answers.
#[derive(Debug, Default)]
struct Answers {
    count: u64,
    first: Option<Lines>,
    /// Every solution, sorted (two equal options make two equal solutions).
    all: Vec<Lines>,
    /// The cheapest `BEST`, cheapest first, for a problem with costs.
    best: Option<Vec<(u64, Lines)>>,
    /// The engine that answered each question, where the door says.
    engines: Engines,
}

/// The engine that answered the count, the first solution, the listing and
/// the cheapest (when asked), as a door names them.
#[derive(Debug, Default)]
struct Engines {
    count: Option<String>,
    first: Option<String>,
    all: Option<String>,
    best: Option<String>,
}

/// The oracle's answers: every solution, the cheapest by brute force.
struct Expected {
    all: Vec<Lines>,
    best: Option<Vec<(u64, Lines)>>,
}

impl Expected {
    /// The answers for `spec`, its `solutions` found by an oracle, the
    /// cheapest asked when the problem has costs (some option costs more than
    /// nothing).
    fn of(spec: &Spec, solutions: impl IntoIterator<Item = Vec<u32>>, names: &[String]) -> Expected {
        let mut all: Vec<Lines> = solutions.into_iter().map(|s| as_lines(names, s)).collect();
        all.sort();
        let best = spec.costs.iter().any(|&c| c > 0).then(|| {
            oracle::by_cost(spec).into_iter().take(BEST).map(|(cost, s)| (cost, as_lines(names, s))).collect()
        });
        Expected { all, best }
    }

    /// Every answer of `door` is the oracle's.
    fn check(&self, door: &str, what: &str, answers: &Answers) {
        assert_eq!(answers.count, self.all.len() as u64, "{door}, {what}: the count");
        match &answers.first {
            Some(first) => assert!(self.all.contains(first), "{door}, {what}: {first:?} is no solution"),
            None => assert!(self.all.is_empty(), "{door}, {what}: no first solution"),
        }
        assert_eq!(answers.all, self.all, "{door}, {what}: every solution");
        // The cheapest by cost, then by the sorted option numbers, as the
        // oracle orders them: the costs engines break ties alike.
        assert_eq!(answers.best, self.best, "{door}, {what}: the {BEST} cheapest");
    }
}

/// The engines two doors name for one question must be the same: every
/// answer of the library's front and every `--json` summary of the command
/// line names the engine that answered, so a door that names none fails.
/// Returns that both were compared.
fn same_engine(question: &str, what: &str, library: Option<&str>, command_line: Option<&str>) -> bool {
    let library = library.unwrap_or_else(|| panic!("{what}: the library names no engine for its {question}"));
    let command_line =
        command_line.unwrap_or_else(|| panic!("{what}: the command line names no engine for its {question}"));
    assert_eq!(library, command_line, "{what}: the engine of the {question}");
    true
}

/// The library's answers, every question asked of its front.
fn library(problem: &Problem, names: &[String]) -> Answers {
    let counted = Search::new(problem).count().unwrap();
    let numbers = |s: &[OptionId]| s.iter().map(|o| o.0).collect::<Vec<u32>>();
    let found = Search::new(problem).first().unwrap();
    let first = found.solution.map(|s| as_lines(names, numbers(&s)));
    let mut all: Vec<Lines> = Vec::new();
    let listed = Search::new(problem)
        .visit(|s| {
            all.push(as_lines(names, numbers(s)));
            ControlFlow::Continue(())
        })
        .unwrap();
    all.sort();
    let ranked = problem.has_costs().then(|| Search::new(problem).best(BEST).unwrap());
    let best = ranked
        .as_ref()
        .map(|ranked| ranked.solutions.iter().map(|s| (s.cost, as_lines(names, numbers(&s.options)))).collect());
    let name = |engine: quadrille_dlx::Engine| Some(engine.name().to_string());
    Answers {
        count: counted.solutions_u64().unwrap(),
        first,
        all,
        best,
        engines: Engines {
            count: name(counted.report.engine),
            first: name(found.report.engine),
            all: name(listed.engine),
            best: ranked.and_then(|ranked| name(ranked.report.engine)),
        },
    }
}

fn json(line: &str) -> serde_json::Value {
    serde_json::from_str(line).unwrap_or_else(|e| panic!("{e}: {line}"))
}

/// The option lines of one JSON `solution`.
fn json_lines(value: &serde_json::Value) -> Lines {
    let mut lines: Lines = value.as_array().unwrap().iter().map(|o| line(o.as_str().unwrap())).collect();
    lines.sort_unstable();
    lines
}

/// The engine a count names: `engine` in its JSON summary, else the
/// `engine:` line of `--stats`.
fn engine_said(summary: &serde_json::Value, stderr: &str) -> Option<String> {
    summary["engine"].as_str().map(str::to_string).or_else(|| {
        stderr
            .lines()
            .find_map(|l| l.trim().strip_prefix("engine:"))
            .map(|e| e.split_whitespace().next().unwrap().to_string())
    })
}

/// The command line's answers, `solve` on the problem's file.
fn command_line(file: &Path, costs: bool) -> Answers {
    let file = file.to_str().unwrap();
    // Exit code 1: no solution.
    let run = |args: &[&str]| {
        let run = quadrille(args, "");
        assert!(run.code == 0 || run.code == 1, "{args:?}: {}", run.stderr);
        run
    };
    let counted = run(&["solve", file, "--count", "--json", "--stats"]);
    let summary = json(counted.stdout.lines().last().unwrap());
    let solutions = |stdout: &str| -> Vec<Lines> {
        stdout.lines().map(json).filter(|v| v.get("solution").is_some()).map(|v| json_lines(&v["solution"])).collect()
    };
    // A listing's last line is its summary, the engine that answered in it.
    let engine_of = |stdout: &str| -> Option<String> {
        let summary = json(stdout.lines().last()?);
        summary.get("solution").is_none().then(|| summary["engine"].as_str().map(str::to_string)).flatten()
    };
    let found = run(&["solve", file, "--first", "--json"]).stdout;
    let first = solutions(&found).into_iter().next();
    let listed = run(&["solve", file, "--json"]).stdout;
    let mut all = solutions(&listed);
    all.sort();
    let ranked = costs.then(|| run(&["solve", file, "--best", &BEST.to_string(), "--json"]).stdout);
    let best = ranked.as_ref().map(|stdout| {
        stdout
            .lines()
            .map(json)
            .filter(|v| v.get("solution").is_some())
            .map(|v| (v["cost"].as_u64().unwrap(), json_lines(&v["solution"])))
            .collect()
    });
    Answers {
        count: summary["solutions"].as_u64().unwrap(),
        first,
        all,
        best,
        engines: Engines {
            count: engine_said(&summary, &counted.stderr),
            first: engine_of(&found),
            all: engine_of(&listed),
            best: ranked.as_deref().and_then(engine_of),
        },
    }
}

/// A folder of this test process, removed when dropped.
struct TempDir(PathBuf);

impl TempDir {
    fn new(name: &str) -> TempDir {
        let path = std::env::temp_dir().join(format!("quadrille-{}-{name}", std::process::id()));
        std::fs::create_dir_all(&path).unwrap();
        TempDir(path)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Asks both doors of one problem and checks them against the oracle, and
/// that each question's engine is the same at both; whether they were
/// compared.
fn ask(what: &str, problem: &Problem, expected: &Expected, names: &[String], file: &Path) -> bool {
    let ours = library(problem, names);
    expected.check("the library", what, &ours);
    let theirs = command_line(file, problem.has_costs());
    expected.check("the command line", what, &theirs);
    let (ours, theirs) = (&ours.engines, &theirs.engines);
    let mut compared = same_engine("count", what, ours.count.as_deref(), theirs.count.as_deref());
    compared &= same_engine("first solution", what, ours.first.as_deref(), theirs.first.as_deref());
    compared &= same_engine("listing", what, ours.all.as_deref(), theirs.all.as_deref());
    if problem.has_costs() {
        compared &= same_engine("cheapest", what, ours.best.as_deref(), theirs.best.as_deref());
    }
    compared
}

/// 50 random problems (colours, secondary items, costs; no bounds), drawn by
/// [`oracle::seeded`] from [`SEED`], against every subset of their options.
#[test]
fn random_problems_get_the_oracles_answers_at_every_door() {
    let dir = TempDir::new("doors");
    let specs = oracle::seeded(SEED, PROBLEMS);
    assert!(specs.iter().any(|s| !oracle::solutions(s).is_empty()), "some problems have solutions");
    for (k, spec) in specs.iter().enumerate() {
        let what = format!("problem {k} of seed {SEED}");
        let problem = spec.build();
        let file = dir.0.join(format!("{k}.dlx"));
        std::fs::write(&file, problem.to_knuth()).unwrap();
        let names = spec_lines(spec);
        let expected = Expected::of(spec, oracle::solutions(spec), &names);
        assert!(ask(&what, &problem, &expected, &names, &file), "{what}: the engines were compared");
    }
}

/// A few built-in packings, as small boxes: dominoes on 4×4 (36 tilings,
/// OEIS A004003), trominoes on 3×4, tetrominoes on 4×5 (none) and
/// pentominoes on 3×20 (Knuth's 2, each in 4 orientations). `pack --count`
/// answers as `solve --count` and the library's packing count do, engine
/// included; the oracle is a backtracking search of the packing's options.
#[test]
fn built_in_packings_get_the_oracles_answers_at_every_door() {
    let dir = TempDir::new("packings");
    let mut compared = 0;
    for (pieces, sides) in [("dominoes", "4x4"), ("trominoes", "3x4"), ("tetrominoes", "4x5"), ("pentominoes", "3x20")]
    {
        let what = format!("{pieces} in {sides}");
        let spec = quadrille_pack::Spec::parse(&builtin::description(pieces, Some(sides)).unwrap()).unwrap();
        let packing = Packing::new(&spec).unwrap();
        let problem = packing.problem();
        let plain = Spec::from_problem(problem);
        let names: Vec<String> = problem.options().map(|o| line(&problem.format_option(o))).collect();
        let expected = Expected::of(&plain, oracle::covers(&plain), &names);
        let file = dir.0.join(format!("{pieces}-{sides}.dlx"));
        std::fs::write(&file, problem.to_knuth()).unwrap();
        compared += usize::from(ask(&what, problem, &expected, &names, &file));

        // The packing's own doors: the library's packing count, `pack --count`.
        let counted = packing.count().unwrap().count().unwrap();
        assert_eq!(counted.solutions_u64(), Some(expected.all.len() as u64), "{what}: the packing's count");
        let run = quadrille(&["pack", "--pieces", pieces, "--box", sides, "--count", "--json", "--stats"], "");
        assert!(run.code == 0 || run.code == 1, "{what}: {}", run.stderr);
        let summary = json(run.stdout.lines().last().unwrap());
        assert_eq!(summary["solutions"].as_u64(), Some(expected.all.len() as u64), "{what}: pack --count");
        let engine = engine_said(&summary, &run.stderr);
        compared += usize::from(same_engine("count", &what, Some(counted.report.engine.name()), engine.as_deref()));
    }
    assert!(compared > 0, "no count's engine was compared");
}

/// `--threads 1` is one thread, which every engine runs on: none refuses it
/// (the memo once did), and each counts the one solution of Knuth's toy
/// problem (TAOCP 7.2.2.1 (6)), naming itself as the engine that answered;
/// the costs engine, which finds the cheapest solutions, finds that one.
#[test]
fn every_engine_takes_one_thread() {
    let path = crate::data("dlx/knuth_toy.dlx");
    let path = path.to_str().unwrap();
    for engine in ["auto", "links", "cells", "bits", "memo", "sweep"] {
        let run = quadrille(&["solve", path, "--count", "--json", "--stats", "--threads", "1", "--engine", engine], "");
        assert_eq!(run.code, 0, "{engine}: {}", run.stderr);
        let summary = json(run.stdout.lines().last().unwrap());
        assert_eq!(summary["solutions"].as_u64(), Some(1), "{engine}");
        let said = engine_said(&summary, &run.stderr).unwrap();
        assert!(engine == "auto" || said == engine, "{engine} asked, {said} answered");
    }
    let run = quadrille(&["solve", path, "--best", "1", "--threads", "1", "--engine", "costs"], "");
    assert_eq!(run.code, 0, "costs: {}", run.stderr);
    assert_eq!(
        run.stdout.lines().filter(|l| !l.trim().is_empty() && !l.starts_with("cost")).count(),
        3,
        "{}",
        run.stdout
    );
}
