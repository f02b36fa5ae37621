//! The plan of a question: which engines run, in what order, within what
//! budgets, on how many threads, and why ([`Search::plan`]). Made once,
//! run by the question, printed by `quadrille solve --explain` and
//! Python's `explain()`.

use std::fmt;

use crate::util::engine::Question;
use crate::util::search::{Branching, Engine};

use super::search::{Search, SearchError};

/// What the front does for one question, and why.
///
/// ```
/// use quadrille_dlx::{Engine, Problem, Question, Search};
///
/// let problem = Problem::from_knuth("a b c\na b\nc\na\nb c\n")?;
/// let plan = Search::new(&problem).threads(1).plan(Question::Count)?;
/// assert_eq!(plan.engines(), [Engine::Bits]);
/// assert_eq!(plan.threads, 1);
/// assert!(plan.to_string().contains("bits"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq)]
#[non_exhaustive]
pub struct Plan {
    /// The question.
    pub question: Option<Question>,
    /// The engine asked for (`auto`: the front chooses).
    pub asked: Engine,
    /// The threads the plan uses (at most those asked).
    pub threads: usize,
    /// Notes on the choice: threads fewer than asked, bounds rewritten,
    /// engines passed over and why.
    pub notes: Vec<String>,
    /// The estimates the choice weighed.
    pub weighed: Vec<Weighed>,
    /// The steps, in order: each runs only if those before it did not
    /// answer.
    pub steps: Vec<Step>,
}

/// An estimate the choice weighed.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct Weighed {
    /// The engine whose work was estimated (or probed).
    pub engine: Engine,
    /// What was estimated, in words ("Knuth's estimate of its tree").
    pub what: String,
    /// The estimated work in nanoseconds of this engine, by its cost of a
    /// node and an update, when there is one.
    pub nanos: Option<f64>,
}

/// A step of a plan.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct Step {
    /// The engines of the step: one, or several that race (the first runs
    /// alone until its patience is spent, then they take turns).
    pub engines: Vec<Engine>,
    /// How much it may spend.
    pub budget: Budget,
    /// Why this step, in words.
    pub why: String,
    /// What it gave, when the plan was made by running it (a turn or a
    /// probe taken while choosing): `Some(true)` when it answered.
    pub answered: Option<bool>,
}

/// How much a step may spend.
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
pub enum Budget {
    /// To the end.
    Whole,
    /// At most this many nodes (of the step's engine).
    Nodes(u64),
    /// At most this many nodes and updates.
    Work {
        /// Nodes.
        nodes: u64,
        /// Updates.
        updates: u64,
    },
    /// A race: the first engine alone for this many nanoseconds of its
    /// estimated work, then turns.
    Patience(f64),
}

impl Plan {
    /// A plan of `question` for `asked`, on `threads`, with no step yet.
    pub(crate) fn new(question: Question, asked: Engine, threads: usize) -> Plan {
        Plan { question: Some(question), asked, threads, ..Plan::default() }
    }

    /// Adds a step.
    pub(crate) fn step(&mut self, engines: Vec<Engine>, budget: Budget, why: impl Into<String>) {
        self.steps.push(Step { engines, budget, why: why.into(), answered: None });
    }

    /// Adds a step already taken, and whether it answered.
    pub(crate) fn taken(&mut self, engine: Engine, budget: Budget, why: impl Into<String>, answered: bool) {
        self.steps.push(Step { engines: vec![engine], budget, why: why.into(), answered: Some(answered) });
    }

    /// Adds an estimate weighed.
    pub(crate) fn weigh(&mut self, engine: Engine, what: impl Into<String>, nanos: Option<f64>) {
        self.weighed.push(Weighed { engine, what: what.into(), nanos });
    }

    /// Adds a note.
    pub(crate) fn note(&mut self, note: impl Into<String>) {
        self.notes.push(note.into());
    }

    /// The engines the plan may run to answer, in the order of its steps
    /// still to run (each once).
    pub fn engines(&self) -> Vec<Engine> {
        let mut engines = Vec::new();
        for step in &self.steps {
            if step.answered == Some(false) {
                continue;
            }
            for &engine in &step.engines {
                if !engines.contains(&engine) {
                    engines.push(engine);
                }
            }
        }
        engines
    }
}

/// Nanoseconds as a person reads them.
fn seconds(nanos: f64) -> String {
    if !nanos.is_finite() {
        "unknown".to_string()
    } else if nanos >= 1e9 {
        format!("{:.2} s", nanos / 1e9)
    } else if nanos >= 1e6 {
        format!("{:.1} ms", nanos / 1e6)
    } else {
        format!("{:.0} µs", nanos / 1e3)
    }
}

impl fmt::Display for Budget {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Budget::Whole => f.write_str("to the end"),
            Budget::Nodes(n) => write!(f, "within {n} nodes"),
            Budget::Work { nodes, updates } => write!(f, "within {nodes} nodes and {updates} updates"),
            Budget::Patience(nanos) => write!(f, "the first alone for {} of its work, then turns", seconds(nanos)),
        }
    }
}

impl fmt::Display for Plan {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(question) = self.question {
            writeln!(f, "question: {}", question.words())?;
        }
        writeln!(f, "engine asked: {}", self.asked)?;
        writeln!(f, "threads: {}", self.threads)?;
        for note in &self.notes {
            writeln!(f, "note: {note}")?;
        }
        for w in &self.weighed {
            match w.nanos {
                Some(nanos) => writeln!(f, "weighed: {}: {} (about {})", w.engine, w.what, seconds(nanos))?,
                None => writeln!(f, "weighed: {}: {}", w.engine, w.what)?,
            }
        }
        for (i, step) in self.steps.iter().enumerate() {
            let engines: Vec<&str> = step.engines.iter().map(|e| e.name()).collect();
            let engines =
                if engines.len() > 1 { format!("a race of {}", engines.join(", ")) } else { engines.join("") };
            let outcome = match step.answered {
                Some(true) => " [ran while planning: answered]",
                Some(false) => " [ran while planning: it did not answer]",
                None => "",
            };
            writeln!(f, "step {}: {engines}, {}: {}{outcome}", i + 1, step.budget, step.why)?;
        }
        Ok(())
    }
}

impl Search<'_> {
    /// Notes in `report` the threads its engine ran on when fewer than the
    /// question would use, and why (see [`Choice::fewer_threads`]).
    ///
    /// [`Choice::fewer_threads`]: super::search::Choice::fewer_threads
    pub(super) fn note_threads(&self, question: Question, report: &mut super::search::Report) {
        let (would, _) = self.threads_for(question, Engine::Auto);
        // Binary branching chosen by `auto` (with bounds) runs whole too.
        let binary = report.engine == Engine::Cells && report.branching == Branching::Binary;
        let searched = if binary { self.clone().branching(Branching::Binary) } else { self.clone() };
        let (used, why) = searched.threads_for(question, report.engine);
        if used < would && report.choice.fewer_threads.is_none() {
            report.choice.fewer_threads = Some(used);
            report.choice.notes.extend(why);
        }
    }

    /// The threads the front runs on for `question`: those asked (0: one per
    /// core), cut down by the one rule for thread counts, and one for the
    /// engines the capability table runs on one thread; without a number
    /// asked, every core for counts and the cheapest solutions, one for the
    /// other questions. With the note of what was cut, if anything.
    pub(crate) fn threads_for(&self, question: Question, engine: Engine) -> (usize, Option<String>) {
        let default = if matches!(question, Question::Count | Question::Best) { 0 } else { 1 };
        let threads = crate::run::threads::effective_threads(self.threads.unwrap_or(default));
        let mut note = threads.note();
        let mut used = threads.used;
        if used > 1 && engine != Engine::Auto && !engine.capabilities().threads.contains(question) {
            note = Some(format!("the {engine} engine runs on one thread"));
            used = 1;
        }
        if used > 1 && self.searches_whole(engine) {
            note = Some("binary branching searches as one subproblem, on one thread".into());
            used = 1;
        }
        (used, note)
    }
}

impl Search<'_> {
    /// The plan of `question`: the engines that would run, in what order,
    /// within what budgets, on how many threads, and why, without running
    /// the question. For a count by `auto`, the rule runs what it runs to
    /// choose (the memo's probe, Knuth's estimates, a short turn of the
    /// sweep), and the plan says what those gave; the other questions and
    /// engines need no work to plan. Refused as the question would be
    /// ([`Search::admit`]).
    ///
    /// ```
    /// use quadrille_dlx::{Engine, Problem, Question, Search};
    ///
    /// let problem = Problem::from_knuth("a b\na\nb\na b\n")?;
    /// let plan = Search::new(&problem).engine(Engine::Memo).threads(4).plan(Question::Count)?;
    /// assert_eq!((plan.engines(), plan.threads), (vec![Engine::Memo], 1));
    /// assert_eq!(plan.notes, ["the memo engine runs on one thread"]);
    /// let best = Search::new(&problem).plan(Question::Sample)?;
    /// assert_eq!(best.engines(), [Engine::Memo]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn plan(&self, question: Question) -> Result<Plan, SearchError> {
        self.check()?;
        let rewrites = match question {
            Question::Count | Question::First | Question::List | Question::Diagram | Question::Sample => true,
            Question::Best => matches!(self.engine, Engine::Memo | Engine::Costs),
            Question::Estimate => false,
        };
        if let Some(unbounded) = self.unbounded(self.engine).filter(|_| rewrites) {
            let mut plan = unbounded.search(self).plan(question)?;
            plan.notes.insert(0, unbounded.note());
            return Ok(plan);
        }
        self.admit(question)?;
        if question == Question::Count
            && self.engine == Engine::Auto
            && self.limit.is_none()
            && !self.sharded()
            && self.reuse.is_none()
        {
            return Ok(self.prepare()?.plan);
        }
        let (engine, why) = self.engine_for(question)?;
        let (threads, note) = self.threads_for(question, engine);
        let mut plan = Plan::new(question, self.engine, threads);
        if let Some(note) = note {
            plan.note(note);
        }
        plan.step(vec![engine], Budget::Whole, why);
        Ok(plan)
    }

    /// The engine that answers `question` when no rule of counts weighs the
    /// engines, and why.
    fn engine_for(&self, question: Question) -> Result<(Engine, String), SearchError> {
        use Question::{Best, Count, Diagram, Estimate, First, List, Sample};
        let asked = self.engine;
        let search = self.search_engine();
        let resolved = |why: &str| Ok((search, why.to_string()));
        match (question, asked) {
            (Sample | Diagram, _) => Ok((Engine::Memo, "only the memo builds a diagram of the solutions".into())),
            (Best, Engine::Memo) => Ok((Engine::Memo, "the memo's diagram, by dynamic programming".into())),
            (Best, _) => {
                let on = crate::costs::MinCost::new(self.problem).engine(asked).resolve();
                Ok((on, format!("Knuth's DLX5 on {}", if on == Engine::Bits { "bitset frames" } else { "links" })))
            }
            (Count | First | List, Engine::Memo | Engine::Sweep | Engine::Dc) => Ok((asked, "as asked".into())),
            (List, Engine::Auto) if self.limit.is_none() && !self.sharded() => {
                let mut choice = super::search::Choice::default();
                match self.lister(true, &mut choice)? {
                    super::search::Lists::Sweep(_) => {
                        Ok((Engine::Sweep, "every solution: the sweep's estimated work is below the search's".into()))
                    }
                    _ => resolved("every solution: the search's estimated work is below the sweep's"),
                }
            }
            (_, Engine::Auto) if self.sharded() => resolved("shards and slices split the search by fewest options"),
            (Count, Engine::Auto) => resolved("a limit: the search stops at it"),
            (_, Engine::Auto) => resolved("the search by fewest options, on bitsets where a frame is small"),
            (Estimate | Count | First | List, _) => resolved("as asked"),
        }
    }
}
