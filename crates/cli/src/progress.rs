//! Progress on stderr for long runs, and Ctrl-C.
//!
//! Every long command watches one process-wide [`Monitor`]: the searches report
//! to it, a progress bar reads it (only when stderr is a terminal), and Ctrl-C
//! stops it, so the command can say what it had counted and exit with 130.

use std::io::IsTerminal;
use std::sync::{Arc, Mutex, OnceLock};
use std::thread::JoinHandle;
use std::time::Duration;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use quadrille_dlx::Monitor;

/// Monitors besides the process's that Ctrl-C stops: see [`side_monitor`].
static SIDE_MONITORS: Mutex<Vec<Arc<Monitor>>> = Mutex::new(Vec::new());

/// What Ctrl-C says before it ends the process, while the command reads: see
/// [`reading`].
type Farewell = Box<dyn Fn() -> String + Send>;
static READING: Mutex<Option<Farewell>> = Mutex::new(None);

/// The process's monitor; the first call installs the Ctrl-C handler that stops it.
pub fn monitor() -> Arc<Monitor> {
    static MONITOR: OnceLock<Arc<Monitor>> = OnceLock::new();
    MONITOR
        .get_or_init(|| {
            let monitor = Arc::new(Monitor::new());
            let stopper = monitor.clone();
            // Without a handler Ctrl-C still ends the process, only without the
            // partial report; that is no reason to refuse to run.
            let _ = ctrlc::set_handler(move || {
                stopper.stop();
                for side in SIDE_MONITORS.lock().unwrap_or_else(|poisoned| poisoned.into_inner()).iter() {
                    side.stop();
                }
                if let Some(farewell) = READING.lock().unwrap_or_else(|poisoned| poisoned.into_inner()).as_ref() {
                    crate::common::say!("{}", farewell());
                    std::process::exit(130);
                }
            });
            monitor
        })
        .clone()
}

/// A monitor of its own for searches whose statistics the progress bar should
/// not add up (each puzzle of a batch), which Ctrl-C stops as it stops the
/// process's monitor.
pub fn side_monitor() -> Arc<Monitor> {
    let side = Arc::new(Monitor::new());
    SIDE_MONITORS.lock().unwrap_or_else(|poisoned| poisoned.into_inner()).push(side.clone());
    // Ctrl-C may have come before the monitor was on the list.
    if interrupted() {
        side.stop();
    }
    side
}

/// Runs `read`, which reads or parses input and looks at no monitor (it may
/// wait on a pipe that stays open, or parse a file of gigabytes): Ctrl-C
/// meanwhile ends the process at once, saying `farewell()` on stderr, with
/// exit code 130, as it would have come before anything was written on
/// stdout. A Ctrl-C that came before is heard at once too.
pub fn reading<T>(farewell: impl Fn() -> String + Send + 'static, read: impl FnOnce() -> T) -> T {
    *READING.lock().unwrap_or_else(|poisoned| poisoned.into_inner()) = Some(Box::new(farewell));
    // Ctrl-C before the farewell was set found none.
    if interrupted() {
        if let Some(farewell) = READING.lock().unwrap_or_else(|poisoned| poisoned.into_inner()).as_ref() {
            crate::common::say!("{}", farewell());
        }
        std::process::exit(130);
    }
    let result = read();
    *READING.lock().unwrap_or_else(|poisoned| poisoned.into_inner()) = None;
    result
}

/// Whether Ctrl-C (or anything else) stopped the process's monitor.
pub fn interrupted() -> bool {
    monitor().is_stopped()
}

/// Whether a progress bar is drawn: stderr is a terminal, and the user did
/// not ask for quiet.
pub fn shown(quiet: bool) -> bool {
    !quiet && std::io::stderr().is_terminal()
}

/// A progress bar on stderr that follows the monitor until dropped. Draws
/// nothing unless stderr is a terminal and the user did not ask for quiet.
pub struct Progress {
    bar: Option<(ProgressBar, JoinHandle<()>)>,
}

impl Progress {
    /// Starts watching. `unit` names what the solutions are ("solutions",
    /// "puzzles"); `total`, when known, is the number expected.
    pub fn start(quiet: bool, unit: &'static str, total: Option<u64>) -> Progress {
        Progress::watch(quiet, unit, total, None)
    }

    /// Starts watching a search of about `nodes` nodes (Knuth's estimate,
    /// see [`shown`]): the bar follows the nodes counted, and the time left
    /// comes from their rate.
    pub fn expecting(quiet: bool, unit: &'static str, nodes: f64) -> Progress {
        Progress::watch(quiet, unit, None, Some(nodes.clamp(1.0, u64::MAX as f64) as u64))
    }

    fn watch(quiet: bool, unit: &'static str, total: Option<u64>, nodes: Option<u64>) -> Progress {
        if !shown(quiet) {
            return Progress { bar: None };
        }
        let monitor = monitor();
        let bar = ProgressBar::with_draw_target(Some(1000), ProgressDrawTarget::stderr_with_hz(10));
        let template = match (total, nodes) {
            (Some(_), _) => "{spinner} [{elapsed_precise}] {wide_bar} {pos}/{len} {msg}",
            (None, Some(_)) => {
                "{spinner} [{elapsed_precise}] {wide_bar} {percent:>3}% of the nodes estimated, about {eta} left, {msg}"
            }
            (None, None) => "{spinner} [{elapsed_precise}] {wide_bar} {percent:>3}% (about {eta} left) {msg}",
        };
        bar.set_style(ProgressStyle::with_template(template).unwrap_or_else(|_| ProgressStyle::default_bar()));
        if let Some(length) = total.or(nodes) {
            bar.set_length(length);
        }
        let watched = bar.clone();
        let thread = std::thread::spawn(move || {
            while !watched.is_finished() {
                let stats = monitor.stats();
                match (total, nodes) {
                    (Some(_), _) => watched.set_position(stats.solutions),
                    // Past the estimate, the bar waits at its end.
                    (None, Some(nodes)) => watched.set_position(stats.nodes.min(nodes.saturating_sub(1))),
                    (None, None) => watched.set_position((monitor.fraction() * 1000.0) as u64),
                }
                watched.set_message(format!("{} {unit}, {} nodes", stats.solutions, stats.nodes));
                std::thread::sleep(Duration::from_millis(100));
            }
        });
        Progress { bar: Some((bar, thread)) }
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        if let Some((bar, thread)) = self.bar.take() {
            bar.finish_and_clear();
            let _ = thread.join();
        }
    }
}
