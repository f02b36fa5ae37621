//! A race of engines: several answer the same question, taking turns on
//! the threads asked, and the first to finish answers.
//!
//! Each entrant runs on a thread of its own, but only the one whose turn it
//! is goes on: the others wait at their monitor's gate
//! ([`Gate`](crate::util::monitor::Gate)), which every engine passes at its
//! reports (every 4,096 nodes or 2^20 updates). So the race costs, in
//! processor time, the sum of the turns given, as if the entrants were
//! interleaved on one thread, and no entrant's work is lost when its turn
//! ends: it goes on where it stood at its next turn.
//!
//! **The turns.** Each entrant's work is counted in nanoseconds by its own
//! cost of a node and of an update ([`Cost`]), from the statistics its
//! monitor sees. The first entrant (the one the estimates favour) runs
//! alone until it has spent its *patience* (a multiple of its estimated
//! cost): when the estimates were right, it finishes within it and the
//! others never run. Past it, the entrants take turns, each round's twice
//! as long as the round before (from [`FIRST_TURN`]), so the switches stay
//! few however long the race, and an entrant that finishes stops the others
//! at their next report. The favourite's turns are [`FAVOURITE_SHARE`]
//! times the others': where it was right, the others cost it at most half
//! its time again past its patience; where another was, that one still
//! gets a third of the time. An entrant that fails (its memory
//! limit, a count past 64 bits) leaves the race to the others.
//!
//! **Invariant:** at most one entrant runs its search at any time, apart
//! from the set-up before its first report; a stop of the parent monitor
//! (Ctrl-C) stops every entrant at its next report, whichever is waiting.

use std::sync::{Arc, Condvar, Mutex, MutexGuard};

use crate::util::monitor::{Gate, Monitor};
use crate::util::stats::Stats;

/// The first turn of the rounds after the favourite's patience, in
/// nanoseconds of estimated work: 20 ms.
pub(super) const FIRST_TURN: f64 = 2e7;

/// How many times longer the favourite's turns are than the others'.
pub(super) const FAVOURITE_SHARE: f64 = 2.0;

/// How long an entrant waiting for its turn may miss a stop of its parent
/// monitor.
const HEAR_STOP: std::time::Duration = std::time::Duration::from_millis(10);

/// What a node and an update of an engine cost, in nanoseconds: the unit
/// in which the race measures its turns (counts, never a clock, so that
/// the race runs alike on every machine).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Cost {
    /// A node.
    pub node: f64,
    /// An update.
    pub update: f64,
}

impl Cost {
    /// The work of `stats`, in nanoseconds.
    pub fn of(&self, stats: &Stats) -> f64 {
        self.node * stats.nodes as f64 + self.update * stats.updates as f64
    }
}

/// One entrant's place in the race.
#[derive(Debug)]
struct Entrant {
    /// The monitor it reports to, which the gate knows it by.
    monitor: Arc<Monitor>,
    /// The cost of its work.
    cost: Cost,
    /// The work at which its current turn ends.
    turn_ends: f64,
    /// Whether it has left the race (finished, failed or stopped).
    out: bool,
}

#[derive(Debug)]
struct Turns {
    entrants: Vec<Entrant>,
    /// The entrant whose turn it is.
    current: usize,
    /// The length of the next round's turns.
    turn: f64,
    /// Whether some entrant answered: the others stop.
    over: bool,
}

/// The race: its turns, and the gate every entrant's monitor passes.
#[derive(Debug)]
pub(crate) struct Race {
    turns: Mutex<Turns>,
    changed: Condvar,
}

impl Race {
    /// A race of entrants with these costs, the first running alone until it
    /// has spent `patience` nanoseconds of work; each reports to a monitor
    /// of its own under `parent` ([`Race::monitor`]).
    pub fn new(costs: &[Cost], patience: f64, parent: Option<Arc<Monitor>>) -> Arc<Race> {
        Arc::new_cyclic(|race: &std::sync::Weak<Race>| {
            let entrants = costs
                .iter()
                .enumerate()
                .map(|(i, &cost)| {
                    let gate: Arc<dyn Gate> = Arc::new(RaceGate(race.clone()));
                    Entrant {
                        monitor: Arc::new(Monitor::child(parent.clone(), Some(gate))),
                        cost,
                        turn_ends: if i == 0 { patience } else { 0.0 },
                        out: false,
                    }
                })
                .collect();
            Race {
                turns: Mutex::new(Turns { entrants, current: 0, turn: FIRST_TURN, over: false }),
                changed: Condvar::new(),
            }
        })
    }

    fn lock(&self) -> MutexGuard<'_, Turns> {
        self.turns.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// The monitor of entrant `i`.
    pub fn monitor(&self, i: usize) -> Arc<Monitor> {
        self.lock().entrants[i].monitor.clone()
    }

    /// Waits for entrant `i`'s first turn: whether it should run at all
    /// (not when the race is already over).
    pub fn start(&self, i: usize) -> bool {
        let mut turns = self.lock();
        while turns.current != i && !turns.over && !turns.entrants[i].monitor.is_stopped() {
            turns = self.wait(turns);
        }
        !turns.over && !turns.entrants[i].monitor.is_stopped()
    }

    /// Entrant `i` has ended: with the answer (`answered`), which stops the
    /// others; or without (failed, or stopped), which hands the turn on.
    pub fn finish(&self, i: usize, answered: bool) {
        let mut turns = self.lock();
        turns.entrants[i].out = true;
        if answered && !turns.over {
            turns.over = true;
            for (j, entrant) in turns.entrants.iter().enumerate() {
                if j != i {
                    entrant.monitor.stop();
                }
            }
        } else if turns.current == i {
            Self::next_turn(&mut turns);
        }
        self.changed.notify_all();
    }

    /// Gives the turn to the next entrant still in the race, after the
    /// current one, with the round's length of work.
    fn next_turn(turns: &mut Turns) {
        let n = turns.entrants.len();
        let start = turns.current;
        for step in 1..=n {
            let j = (start + step) % n;
            if turns.entrants[j].out {
                continue;
            }
            if j <= start {
                // A new round: its turns twice as long as the last's.
                turns.turn *= 2.0;
            }
            let spent = {
                let entrant = &turns.entrants[j];
                entrant.cost.of(&entrant.monitor.stats())
            };
            let share = if j == 0 { FAVOURITE_SHARE } else { 1.0 };
            turns.entrants[j].turn_ends = spent + share * turns.turn;
            turns.current = j;
            return;
        }
    }

    /// The gate's decision for the entrant reporting to `monitor`.
    fn pass(&self, monitor: &Monitor) {
        let mut turns = self.lock();
        let Some(i) = turns.entrants.iter().position(|e| std::ptr::eq(Arc::as_ptr(&e.monitor), monitor)) else {
            return;
        };
        if turns.over || monitor.is_stopped() {
            return;
        }
        let entrant = &turns.entrants[i];
        if turns.current == i && entrant.cost.of(&monitor.stats()) < entrant.turn_ends {
            return;
        }
        if turns.current == i {
            Self::next_turn(&mut turns);
            self.changed.notify_all();
        }
        while turns.current != i && !turns.over && !monitor.is_stopped() {
            turns = self.wait(turns);
        }
    }

    /// Ends the race before it ran: every entrant started stops at once.
    fn abandon(&self) {
        let mut turns = self.lock();
        turns.over = true;
        for entrant in &turns.entrants {
            entrant.monitor.stop();
        }
        self.changed.notify_all();
    }

    /// Waits for a change of turn, or a while: a stop of the parent monitor
    /// (Ctrl-C) is heard within [`HEAR_STOP`] by an entrant that waits.
    fn wait<'a>(&self, turns: MutexGuard<'a, Turns>) -> MutexGuard<'a, Turns> {
        match self.changed.wait_timeout(turns, HEAR_STOP) {
            Ok((turns, _)) => turns,
            Err(poisoned) => poisoned.into_inner().0,
        }
    }
}

/// The gate of a race's entrants: holds the race weakly (the race holds the
/// monitors that hold the gate).
#[derive(Debug)]
struct RaceGate(std::sync::Weak<Race>);

impl Gate for RaceGate {
    fn pass(&self, monitor: &Monitor) {
        if let Some(race) = self.0.upgrade() {
            race.pass(monitor);
        }
    }
}

/// What a race gave: each entrant's result (`None` for one that never
/// started), and the entrant that answered first, if any.
pub(crate) struct Outcome<T> {
    /// Each entrant's result, in the order given.
    pub results: Vec<Option<T>>,
    /// The entrant whose answer stands (it finished first, not stopped).
    pub winner: Option<usize>,
}

/// One entrant of a race: given its monitor, its result and whether it is an
/// answer (not failed, not stopped).
pub(crate) type Runner<'a, T> = Box<dyn FnOnce(Arc<Monitor>) -> (T, bool) + Send + 'a>;

/// Runs `entrants` as a race (see the module's notes). Each is given its
/// monitor and returns its result and whether it is an answer (not failed,
/// not stopped). `None` when the threads cannot be made (then the caller
/// runs the first entrant alone).
pub(crate) fn run<T: Send>(race: &Arc<Race>, entrants: Vec<Runner<'_, T>>) -> Option<Outcome<T>> {
    let n = entrants.len();
    let results: Vec<Mutex<Option<T>>> = (0..n).map(|_| Mutex::new(None)).collect();
    let winner: Mutex<Option<usize>> = Mutex::new(None);
    let spawned = std::thread::scope(|scope| {
        for (i, entrant) in entrants.into_iter().enumerate() {
            let (mine, results, winner) = (race.clone(), &results, &winner);
            let work = move || {
                let race = mine;
                let mut answered = false;
                if race.start(i) {
                    let monitor = race.monitor(i);
                    let (value, answer) = entrant(monitor.clone());
                    answered = answer && !monitor.is_stopped();
                    if answered {
                        let mut winner = winner.lock().unwrap_or_else(|p| p.into_inner());
                        answered = winner.is_none();
                        if answered {
                            *winner = Some(i);
                        }
                    }
                    *results[i].lock().unwrap_or_else(|p| p.into_inner()) = Some(value);
                }
                race.finish(i, answered);
            };
            if std::thread::Builder::new().name(format!("race-{i}")).spawn_scoped(scope, work).is_err() {
                // No threads here: stop those started, and say so.
                race.abandon();
                return false;
            }
        }
        true
    });
    if !spawned {
        return None;
    }
    Some(Outcome {
        results: results.into_iter().map(|r| r.into_inner().unwrap_or_else(|p| p.into_inner())).collect(),
        winner: winner.into_inner().unwrap_or_else(|p| p.into_inner()),
    })
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicUsize, Ordering};

    use super::*;

    /// Entrants that each need `needs[i]` reports of one node (a millisecond
    /// of work each, by their cost), logging which ran each step.
    fn run_needs(needs: &[u64], patience: f64, parent: Option<Arc<Monitor>>) -> (Option<usize>, Vec<usize>) {
        let costs = vec![Cost { node: 1e6, update: 0.0 }; needs.len()];
        let race = Race::new(&costs, patience, parent);
        let running = AtomicUsize::new(0);
        let log = Mutex::new(Vec::new());
        let entrants: Vec<Runner<'_, u64>> = needs
            .iter()
            .enumerate()
            .map(|(i, &need)| {
                let (running, log) = (&running, &log);
                let entrant: Runner<'_, u64> = Box::new(move |monitor: Arc<Monitor>| {
                    let mut done = 0;
                    while done < need && !monitor.is_stopped() {
                        // Only one entrant between two reports.
                        assert_eq!(running.fetch_add(1, Ordering::SeqCst), 0, "two entrants at once");
                        log.lock().unwrap().push(i);
                        done += 1;
                        running.fetch_sub(1, Ordering::SeqCst);
                        monitor.add(&Stats { nodes: 1, ..Stats::default() });
                    }
                    (done, done == need)
                });
                entrant
            })
            .collect();
        let outcome = run(&race, entrants).expect("threads");
        (outcome.winner, log.into_inner().unwrap())
    }

    #[test]
    fn the_favourite_alone_within_its_patience_then_turns() {
        // The first finishes within its patience: the second never runs.
        let (winner, log) = run_needs(&[4, 3], 10e6, None);
        assert_eq!(winner, Some(0));
        assert_eq!(log, [0, 0, 0, 0]);
        // Past its patience (5 nodes), turns of 20 nodes then 40: the second
        // finishes in its first turn.
        let (winner, log) = run_needs(&[100, 15], 5e6, None);
        assert_eq!(winner, Some(1));
        let first_alone = log.iter().take_while(|&&i| i == 0).count();
        // Its patience, and the step that passed it (a turn ends at a report).
        assert!((5..=6).contains(&first_alone), "{log:?}");
        assert_eq!(log[first_alone..].iter().filter(|&&i| i == 1).count(), 15, "{log:?}");
        // Turns grow: the first's second turn is longer than the second's first.
        let (winner, log) = run_needs(&[60, 60], 1e6, None);
        assert_eq!(winner, Some(0), "{log:?}");
        // The second's one turn of 20; the favourite's next, of twice 40,
        // ends the race.
        assert_eq!(log.iter().filter(|&&i| i == 1).count(), 20, "{log:?}");
        let switches = log.windows(2).filter(|w| w[0] != w[1]).count();
        assert!(switches <= 6, "{switches} switches: {log:?}");
    }

    #[test]
    fn an_entrant_that_fails_hands_the_turn_on() {
        // The first fails (returns not answered) at once; the second answers.
        let costs = vec![Cost { node: 1.0, update: 0.0 }; 2];
        let race = Race::new(&costs, 1e9, None);
        let entrants: Vec<Runner<'static, u64>> = vec![Box::new(|_| (0, false)), Box::new(|_| (7, true))];
        let outcome = run(&race, entrants).expect("threads");
        assert_eq!(outcome.winner, Some(1));
        assert_eq!(outcome.results, [Some(0), Some(7)]);
    }

    #[test]
    fn a_stop_of_the_parent_stops_every_entrant() {
        let parent = Arc::new(Monitor::new());
        parent.stop();
        let (winner, log) = run_needs(&[1_000_000, 1_000_000], 1e6, Some(parent));
        assert_eq!(winner, None);
        assert!(log.len() <= 2, "{} steps after the stop", log.len());
    }
}
