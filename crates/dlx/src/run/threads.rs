//! The one rule for the number of threads a search runs on, below every
//! front and engine that starts threads ([`Parallel`](crate::parallel::Parallel),
//! [`MinCost`](crate::MinCost)); re-exported from [`parallel`](crate::parallel).

/// The most threads a search runs on, per core of the machine: more only
/// share the cores and cost their start-up and their slice of the split.
pub const MAX_THREADS_PER_CORE: usize = 4;

/// The threads a search runs on, as [`effective_threads`] decides them from
/// the number asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Threads {
    /// The number asked for (0: one per core).
    pub requested: usize,
    /// The number used: one per core for 0, else the number asked for, at
    /// most [`MAX_THREADS_PER_CORE`] a core.
    pub used: usize,
    /// The machine's cores, when they were needed to decide `used`.
    known_cores: Option<usize>,
}

impl Threads {
    /// The machine's cores, as the operating system reports them (1 when it
    /// cannot say): asked of it only here when the number used did not need
    /// them, since on Linux the answer reads the files of the process's
    /// control groups.
    pub fn cores(&self) -> usize {
        self.known_cores.unwrap_or_else(machine_cores)
    }

    /// Whether fewer threads are used than were asked for.
    pub fn capped(&self) -> bool {
        self.requested != 0 && self.used < self.requested
    }

    /// A line to tell the user when the count was capped (lower case, no
    /// trailing period), `None` otherwise.
    pub fn note(&self) -> Option<String> {
        self.capped().then(|| {
            format!(
                "{} threads asked for, {} used: at most {MAX_THREADS_PER_CORE} per core on {} cores",
                self.requested,
                self.used,
                self.cores()
            )
        })
    }
}

/// The one rule for thread counts, used by [`Parallel`](crate::parallel::Parallel) and
/// [`MinCost`](crate::MinCost) and offered to front ends so that every command
/// says the same: 0 means one thread per core; any other number is taken as
/// asked, up to [`MAX_THREADS_PER_CORE`] threads a core, so that absurd
/// numbers (100,000, `usize::MAX`) neither spin nor exhaust the machine.
/// Up to [`MAX_THREADS_PER_CORE`] threads asked for are used whatever the
/// machine: the cores are not asked of the system then (a count on one
/// thread starts without reading the control groups' files).
///
/// ```
/// use quadrille_dlx::parallel::{MAX_THREADS_PER_CORE, effective_threads};
///
/// let cores = effective_threads(0).used;
/// assert!(cores >= 1);
/// assert_eq!(effective_threads(1).used, 1);
/// let absurd = effective_threads(usize::MAX);
/// assert_eq!(absurd.used, MAX_THREADS_PER_CORE * cores);
/// assert!(absurd.capped() && absurd.note().is_some());
/// assert!(effective_threads(1).note().is_none());
/// ```
pub fn effective_threads(requested: usize) -> Threads {
    if (1..=MAX_THREADS_PER_CORE).contains(&requested) {
        // At least one core: never capped.
        return Threads { requested, used: requested, known_cores: None };
    }
    let cores = machine_cores();
    let used = if requested == 0 { cores } else { requested.min(cores.saturating_mul(MAX_THREADS_PER_CORE)) };
    Threads { requested, used, known_cores: Some(cores) }
}

/// The machine's cores, as the operating system reports them (1 when it
/// cannot say).
fn machine_cores() -> usize {
    std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get)
}
