//! A stop from another thread ([`Monitor::stop`], what Ctrl-C calls) is heard
//! by every engine, on one thread and on two, counting and listing, however
//! costly its nodes: the search ends soon after, with the statistics counted
//! so far, all of them reported to the monitor.
//!
//! The problem, 128 items and 20,000 options of 20 to 40 items each, takes
//! every engine tens of seconds, and one node milliseconds: a look at the
//! monitor every 4,096 nodes let the cells engine run to its end, and the
//! split of a count on threads (which looked at no monitor) do most of the
//! search before the threads heard anything.

use std::ops::ControlFlow;
use std::sync::Arc;
use std::time::{Duration, Instant};

use quadrille_dlx::knuth::ParseErrorKind;
use quadrille_dlx::sweep::Sweep;
use quadrille_dlx::{Config, Engine, Memo, MemoError, MinCost, Monitor, Parallel, Problem, REPORT_UPDATES, Solver};

use crate::langford;
use quadrille_testing::costly;

/// How long after the stop a search may go on: far below the tens of
/// seconds of the whole search (the engines hear a stop within a few
/// milliseconds of work; the rest is a loaded machine's slack).
const BOUND: Duration = Duration::from_secs(3);

/// When the stop comes: the search is well under way.
const AFTER: Duration = Duration::from_millis(300);

fn costly() -> Problem {
    Problem::from_knuth(&costly::costly_nodes(128, 20_000, 8)).unwrap()
}

/// Runs `search` with a monitor that another thread stops [`AFTER`] the
/// start; returns what it returned, the monitor, and how long the search
/// went on after the stop. Fails if the search ended before the stop (then
/// nothing was tested).
fn stopped<T>(search: impl FnOnce(Arc<Monitor>) -> T) -> (T, Arc<Monitor>, Duration) {
    stopped_when(|_| std::thread::sleep(AFTER), search)
}

/// As [`stopped`], the stop sent once the search has reported `nodes`
/// nodes (however slow the machine, the search is then well under way).
fn stopped_after<T>(nodes: u64, search: impl FnOnce(Arc<Monitor>) -> T) -> (T, Arc<Monitor>, Duration) {
    let wait = move |monitor: &Monitor| {
        while monitor.stats().nodes < nodes {
            std::thread::sleep(Duration::from_millis(5));
        }
    };
    stopped_when(wait, search)
}

/// Runs `search`, stopping its monitor from another thread once `wait`
/// returns; what the search answered, its monitor, and how long it went on
/// after the stop. Fails if the search ended before the stop.
pub(crate) fn stopped_when<T>(
    wait: impl FnOnce(&Monitor) + Send + 'static,
    search: impl FnOnce(Arc<Monitor>) -> T,
) -> (T, Arc<Monitor>, Duration) {
    let monitor = Arc::new(Monitor::new());
    let stopper = {
        let monitor = monitor.clone();
        std::thread::spawn(move || {
            wait(&monitor);
            let at = Instant::now();
            monitor.stop();
            at
        })
    };
    let result = search(monitor.clone());
    let ended = Instant::now();
    let stopped_at = stopper.join().unwrap();
    assert!(ended > stopped_at, "the search ended before the stop");
    (result, monitor, ended - stopped_at)
}

#[test]
fn every_engine_hears_a_stop_between_costly_nodes() {
    let problem = costly();
    for engine in [Engine::Links, Engine::Cells, Engine::Bits] {
        for listing in [false, true] {
            let ((stats, interrupted), monitor, waited) = stopped(|monitor| {
                let mut solver = Solver::with_config(&problem, Config::new().engine(engine).monitor(Some(monitor)));
                if listing {
                    solver.visit(|_| ControlFlow::Continue(()));
                } else {
                    solver.count();
                }
                (solver.stats(), solver.interrupted())
            });
            assert!(interrupted, "{engine}");
            assert!(waited < BOUND, "{engine}, listing {listing}: {waited:?} after the stop");
            assert!(stats.updates > 0, "{engine}: {stats:?}");
            assert_eq!(monitor.stats(), stats, "{engine}: the monitor saw all the work");
        }
    }
}

/// The most updates covering one item of `problem` makes: hiding each
/// option of its longest item, one update for each of the option's other
/// items, and one for the item (DLX1's count).
fn longest_cover(problem: &Problem) -> u64 {
    let mut lengths = vec![0u64; problem.n_items()];
    let mut longest_option = 0;
    for option in problem.options() {
        let items = problem.option_items(option);
        longest_option = longest_option.max(items.len() as u64);
        for item in items {
            lengths[item.index()] += 1;
        }
    }
    lengths.into_iter().max().unwrap_or(0) * longest_option.saturating_sub(1) + 1
}

/// A search whose monitor is stopped before it starts hears the stop within
/// the work of a few covers (the item of its first node, then the first item
/// of the option tried there), not at its first report, after
/// [`REPORT_UPDATES`]: on 128 items and 20,000 options of 20 to 40 items one
/// cover costs up to about 200,000 updates, and one option tried commits 20
/// to 40 such items (with 200,000 options, millions of updates each, that
/// was most of a second). On every engine, counting and listing on one
/// thread, counting on two.
#[test]
fn every_engine_hears_a_stop_within_a_commitment() {
    let problem = costly();
    let cover = longest_cover(&problem);
    for engine in [Engine::Links, Engine::Cells, Engine::Bits] {
        for (threads, listing) in [(1, false), (1, true), (2, false)] {
            let monitor = Arc::new(Monitor::new());
            monitor.stop();
            let config = Config::new().engine(engine).monitor(Some(monitor.clone()));
            let stats = if threads == 1 {
                let mut solver = Solver::with_config(&problem, config);
                if listing {
                    solver.visit(|_| ControlFlow::Continue(()));
                } else {
                    solver.count();
                }
                assert!(solver.interrupted(), "{engine}");
                solver.stats()
            } else {
                Parallel::new(&problem).threads(threads).config(config).count().unwrap()
            };
            // One node's cover and one item of its option, with room for
            // the option's own items (on two threads, the split looks at the
            // stop before its first probe).
            let bound = 3 * cover;
            assert!(bound < REPORT_UPDATES, "{engine}: the bound {bound} tells a stop heard at a report");
            assert!(
                stats.updates <= bound,
                "{engine}, {threads} threads, listing {listing}: {} updates after the stop, at most {bound}",
                stats.updates
            );
            assert_eq!(monitor.stats(), stats, "{engine}: the monitor saw all the work");
        }
    }
}

#[test]
fn every_engine_hears_a_stop_on_threads() {
    let problem = costly();
    for engine in [Engine::Links, Engine::Cells, Engine::Bits] {
        for listing in [false, true] {
            let (stats, monitor, waited) = stopped(|monitor| {
                let parallel =
                    Parallel::new(&problem).threads(2).config(Config::new().engine(engine).monitor(Some(monitor)));
                if listing { parallel.visit(|_| ControlFlow::Continue(())) } else { parallel.count() }.unwrap()
            });
            assert!(waited < BOUND, "{engine}, listing {listing}: {waited:?} after the stop");
            // The split's work and the threads' are all counted.
            assert!(stats.updates > 0, "{engine}: {stats:?}");
            assert_eq!(monitor.stats(), stats, "{engine}: the monitor saw all the work");
        }
    }
}

/// The costs engine on the links (the bitset engine's bounds end this
/// search within a fraction of a second).
#[test]
fn the_costs_engine_hears_a_stop() {
    // Each option costs 0 to 6 (`|k`, Knuth's DLX5).
    let text: String = costly::costly_nodes(128, 20_000, 8)
        .lines()
        .enumerate()
        .map(|(k, line)| if k == 0 { format!("{line}\n") } else { format!("{line} |{}\n", k % 7) })
        .collect();
    let problem = Problem::from_knuth(&text).unwrap();
    for threads in [1, 2] {
        let (best, _, waited) = stopped(|monitor| {
            MinCost::new(&problem).engine(Engine::Links).threads(threads).monitor(Some(monitor)).best(3).unwrap()
        });
        assert!(best.interrupted, "{threads} threads");
        assert!(waited < BOUND, "{threads} threads: {waited:?} after the stop");
    }
}

#[test]
fn the_memo_and_the_sweep_hear_a_stop() {
    let problem = costly();
    let (built, _, waited) = stopped(|monitor| Memo::new(&problem).monitor(Some(monitor)).build());
    assert!(matches!(built, Err(MemoError::Interrupted)), "{:?}", built.map(|zdd| zdd.count()));
    assert!(waited < BOUND, "memo: {waited:?} after the stop");
    // The sweep counts the costly options in a tenth of a second: it is
    // stopped on Langford pairs, minutes of its work.
    let problem = langford(16);
    for threads in [1, 2] {
        let (stats, monitor, waited) =
            stopped(|monitor| swept(Sweep::new(&problem).unwrap().count(threads, Some(&monitor)).unwrap()));
        assert!(waited < BOUND, "sweep, {threads} threads: {waited:?} after the stop");
        assert_eq!(monitor.stats(), stats, "sweep, {threads} threads");
    }
    let (stats, monitor, waited) =
        stopped(|monitor| swept(Sweep::new(&problem).unwrap().count_by_frontiers(Some(&monitor)).unwrap()));
    assert!(waited < BOUND, "sweep by frontiers: {waited:?} after the stop");
    assert_eq!(monitor.stats(), stats, "sweep by frontiers");
}

/// The sweep's count as the monitor's statistics (its solutions within 64
/// bits).
fn swept(count: quadrille_dlx::sweep::SweepCount) -> quadrille_dlx::Stats {
    let solutions = count.solutions_u64().unwrap();
    quadrille_dlx::Stats { nodes: count.nodes, solutions, ..quadrille_dlx::Stats::default() }
}

/// Langford pairs of 16 (a sweep of minutes): stopped once it has made 50
/// million nodes, the sweep reports the solutions of the subproblems it
/// finished, on one thread and on two, more than none and fewer than the
/// 2 × 326,721,800 there are (OEIS A014552, each arrangement and its mirror
/// image).
#[test]
fn a_stopped_sweep_counts_what_it_finished() {
    let problem = langford(16);
    for threads in [1, 2] {
        let (stats, monitor, waited) = stopped_after(50_000_000, |monitor| {
            swept(Sweep::new(&problem).unwrap().count(threads, Some(&monitor)).unwrap())
        });
        assert!(waited < BOUND, "{threads} threads: {waited:?} after the stop");
        assert!(0 < stats.solutions && stats.solutions < 2 * 326_721_800, "{threads} threads: {stats:?}");
        assert_eq!(monitor.stats(), stats, "{threads} threads");
    }
}

/// The choice of the sweep's order and Knuth's estimates poll the monitor:
/// stopped, they end at their first step; the front's count stopped during
/// its choice on 128 items and 200,000 costly options ends soon after,
/// marked interrupted.
#[test]
fn the_choice_of_engine_hears_a_stop() {
    let problem = costly();
    let monitor = Monitor::new();
    let sweep = Sweep::new_monitored(&problem, Some(&monitor)).unwrap();
    assert!(sweep.estimate_fewest_monitored(Some(&monitor)).is_some());
    monitor.stop();
    assert_eq!(sweep.estimate_fewest_monitored(Some(&monitor)), None);
    assert_eq!(
        Sweep::new_monitored(&problem, Some(&monitor)).map(|_| ()),
        Err(quadrille_dlx::sweep::SweepError::Interrupted)
    );
    let large = Problem::from_knuth(&costly::costly_nodes(128, 200_000, 8)).unwrap();
    let (counted, _, after) =
        stopped(|monitor| quadrille_dlx::front::Search::new(&large).threads(1).monitor(Some(monitor)).count().unwrap());
    assert!(counted.report.interrupted);
    assert_eq!(counted.report.choice.memo_budget, None);
    assert!(after < BOUND, "the choice went on {after:?} after the stop");
}

/// Reading a long text stops when its monitor is stopped, from another
/// thread or before: an error that says so, at the line reached, never a
/// panic; read unstopped, the same text gives every option.
#[test]
fn reading_hears_a_stop() {
    let text = costly::costly_nodes(128, 20_000, 8);
    let monitor = Arc::new(Monitor::new());
    assert_eq!(Problem::from_knuth_monitored(&text, &monitor).unwrap().n_options(), 20_000);
    let stopper = {
        let monitor = monitor.clone();
        std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(20));
            monitor.stop();
        })
    };
    // Read again and again until the stop comes: it ends one reading.
    let error = loop {
        match Problem::from_knuth_monitored(&text, &monitor) {
            Ok(problem) => assert_eq!(problem.n_options(), 20_000),
            Err(error) => break error,
        }
    };
    stopper.join().unwrap();
    assert_eq!(error.kind, ParseErrorKind::Interrupted, "{error}");
    assert!((1..=20_001).contains(&error.line), "{error}");
    // Stopped before, reading stops at the first option.
    let error = Problem::from_knuth_monitored(&text, &monitor).unwrap_err();
    assert_eq!((error.line, error.kind), (2, ParseErrorKind::Interrupted));
}
