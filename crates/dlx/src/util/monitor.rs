//! A window on a running search from other threads: progress, and a way to stop it.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use crate::util::stats::Stats;

/// How often (in search nodes, a power of two) a search reports to its monitor
/// and looks whether it was asked to stop.
pub const REPORT_EVERY: u64 = 1 << 12;

/// How much work (in updates, a power of two) a search does at most between
/// two looks at its monitor, however few nodes that work makes: where items
/// have thousands of options one node may cost millions of updates, and
/// 4,096 of them minutes. About a millisecond of work.
pub const REPORT_UPDATES: u64 = 1 << 20;

/// Shared by a search (or the threads of a parallel search) and whoever watches
/// it: the search adds its statistics every [`REPORT_EVERY`] nodes (or
/// [`REPORT_UPDATES`] updates, whichever comes first) and at its end, and
/// stops at its next report once [`Monitor::stop`] was called, with the
/// statistics and the solutions counted so far.
///
/// ```
/// use std::sync::Arc;
/// use quadrille_dlx::{Config, Monitor, Problem, Solver};
///
/// let problem = Problem::from_knuth("a b\na\nb\na b\n")?;
/// let monitor = Arc::new(Monitor::new());
/// let mut solver = Solver::with_config(&problem, Config::new().monitor(Some(monitor.clone())));
/// assert_eq!(solver.count(), 2);
/// assert_eq!(monitor.stats(), solver.stats());
/// assert!(!monitor.is_stopped());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// A door with no thread of its own to watch the search (a browser's worker
/// runs the search on its only thread) gives the monitor a hook
/// ([`Monitor::with_hook`]): the search calls it after each report, on the
/// searching thread, and the hook may show progress or call [`Monitor::stop`].
#[derive(Debug, Default)]
pub struct Monitor {
    stop: AtomicBool,
    nodes: AtomicU64,
    updates: AtomicU64,
    cleansings: AtomicU64,
    solutions: AtomicU64,
    /// An `f64`'s bits: the estimated fraction of the search tree done.
    fraction: AtomicU64,
    /// The monitor this one reports to as well, and whose stop it hears.
    parent: Option<Arc<Monitor>>,
    /// Who decides, at each report, whether the search goes on now.
    gate: Option<Arc<dyn Gate>>,
}

/// Decides, at each report of a search, whether it goes on at once or waits
/// for its turn: the front's race of engines, interleaved on the threads
/// asked, hands the processor from one search to another this way, with no
/// search's work lost and nothing in the engines but their usual reports.
pub trait Gate: Send + Sync + std::fmt::Debug {
    /// Called by the search that reports to `monitor`, after its statistics
    /// were added; returns when the search may go on (or should look at
    /// its monitor's stop).
    fn pass(&self, monitor: &Monitor);
}

/// A gate that calls a function and lets the search go on: a hook
/// ([`Monitor::with_hook`]).
struct Hook<F>(F);

impl<F: Fn(&Monitor) + Send + Sync> Gate for Hook<F> {
    fn pass(&self, monitor: &Monitor) {
        (self.0)(monitor);
    }
}

impl<F> std::fmt::Debug for Hook<F> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Hook")
    }
}

impl Monitor {
    /// A monitor with nothing reported yet.
    pub fn new() -> Monitor {
        Monitor::default()
    }

    /// A monitor of a part of the work `parent` watches: what it is told,
    /// it tells `parent` too, and it is stopped when `parent` is, with
    /// `gate`, if any, deciding at each report whether the search goes on.
    pub fn child(parent: Option<Arc<Monitor>>, gate: Option<Arc<dyn Gate>>) -> Monitor {
        Monitor { parent, gate, ..Monitor::default() }
    }

    /// A monitor that calls `hook` after each report (every [`REPORT_EVERY`]
    /// nodes or [`REPORT_UPDATES`] updates of a search, and at its end), on
    /// the thread that reported, with the totals so far: for a door that
    /// has no other thread to watch the search from. The hook may call
    /// [`Monitor::stop`]; it should be quick, as the search waits for it.
    ///
    /// ```
    /// use std::sync::Arc;
    /// use std::sync::atomic::{AtomicU64, Ordering};
    /// use quadrille_dlx::{Config, Monitor, Problem, Solver};
    ///
    /// let problem = Problem::from_knuth("a b\na\nb\na b\n")?;
    /// let calls = Arc::new(AtomicU64::new(0));
    /// let seen = calls.clone();
    /// let monitor = Arc::new(Monitor::with_hook(move |m| {
    ///     seen.fetch_add(1, Ordering::Relaxed);
    ///     assert!(m.stats().nodes > 0);
    /// }));
    /// let mut solver = Solver::with_config(&problem, Config::new().monitor(Some(monitor)));
    /// assert_eq!(solver.count(), 2);
    /// assert!(calls.load(Ordering::Relaxed) >= 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_hook(hook: impl Fn(&Monitor) + Send + Sync + 'static) -> Monitor {
        Monitor { gate: Some(Arc::new(Hook(hook))), ..Monitor::default() }
    }

    /// Asks the searches to stop at their next report; they end as if their
    /// limit had been reached, with the statistics counted so far.
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    /// Whether [`Monitor::stop`] was called (on this monitor or on its
    /// parent's).
    pub fn is_stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed) || self.parent.as_ref().is_some_and(|p| p.is_stopped())
    }

    /// The statistics reported so far (all threads together).
    pub fn stats(&self) -> Stats {
        Stats {
            nodes: self.nodes.load(Ordering::Relaxed),
            updates: self.updates.load(Ordering::Relaxed),
            cleansings: self.cleansings.load(Ordering::Relaxed),
            solutions: self.solutions.load(Ordering::Relaxed),
        }
    }

    /// The estimated fraction of the search done, from 0 to 1: for one search,
    /// Knuth's estimate from the position of each level's choice among its
    /// item's options; for a parallel search, the fraction of subproblems done.
    pub fn fraction(&self) -> f64 {
        f64::from_bits(self.fraction.load(Ordering::Relaxed))
    }

    /// Sets the estimated fraction done (on the parent too).
    pub fn set_fraction(&self, fraction: f64) {
        self.fraction.store(fraction.clamp(0.0, 1.0).to_bits(), Ordering::Relaxed);
        if let Some(parent) = &self.parent {
            parent.set_fraction(fraction);
        }
    }

    /// Adds statistics to the totals (and the parent's), then passes the
    /// gate, if any: a search reports here, so this is where it may wait
    /// for its turn.
    pub fn add(&self, delta: &Stats) {
        self.nodes.fetch_add(delta.nodes, Ordering::Relaxed);
        self.updates.fetch_add(delta.updates, Ordering::Relaxed);
        self.cleansings.fetch_add(delta.cleansings, Ordering::Relaxed);
        self.solutions.fetch_add(delta.solutions, Ordering::Relaxed);
        if let Some(parent) = &self.parent {
            parent.add(delta);
        }
        if let Some(gate) = &self.gate {
            gate.pass(self);
        }
    }

    /// Adds what `stats` counted since `reported` (the part of the same search
    /// already added), and brings `reported` up to `stats`.
    pub(crate) fn catch_up(&self, stats: &Stats, reported: &mut Stats) {
        self.add(&stats.since(reported));
        *reported = *stats;
    }

    /// Sets Knuth's estimate of the fraction done from the levels of a search,
    /// each the place of its choice among its options and their number: each
    /// level weighs one over the options of the levels above it.
    pub(crate) fn set_estimate(&self, levels: impl IntoIterator<Item = (u32, u32)>) {
        let (mut done, mut weight) = (0.0, 1.0);
        for (place, total) in levels {
            weight /= f64::from(total.max(1));
            done += weight * f64::from(place);
        }
        self.set_fraction(done);
    }
}
