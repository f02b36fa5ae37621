//! The listings' choice of engine, and the sweep's listings: what
//! [`Search::visit`], [`Search::solutions`] and [`Search::first`] run.
//!
//! **The rule for `auto`.** A listing without a limit, of the whole problem
//! (no shard or slice), weighs the sweep against the search by fewest
//! options as a count does (the module `count`'s step 2): first Knuth's
//! estimate of the search by fewest options, on the items as declared
//! (a few hundred random paths: well under a millisecond on a small
//! problem); below [`SWEEP_MIN_COST`] (a millisecond) the search lists and
//! the sweep's order is never chosen. Else the sweep chooses its order, and
//! lists when its estimated cost ([`SWEEP_NODE_COST`] a node) is below the
//! search's. The memo is not tried: a listing walks every solution, where
//! the memo's gain is to count them without walking. With a limit, and for
//! [`Search::first`], the search [`Engine::resolve`] picks lists: the
//! estimates are of the whole tree, not of the way to a first solution.
//! A shard of `auto` lists on that search too, so that its shards are those
//! of a count.

use std::ops::ControlFlow;

use crate::auto::{FEWEST_NODE_COST, FEWEST_UPDATE_COST, SWEEP_MAX_OPTIONS, SWEEP_MIN_COST, SWEEP_NODE_COST};
use crate::sweep::{self, ListConfig, Lister, Sweep, SweepError};
use crate::util::engine::Question;
use crate::util::problem::OptionId;
use crate::util::search::Engine;

use super::search::{Choice, EngineStats, Lists, Report, Search, SearchError, SweepStats};

impl Search<'_> {
    /// The engine that lists (every solution when `whole`, else the first):
    /// the sweep when asked or when the rule of the module's notes picks it,
    /// else the search. The memo and costs are the caller's.
    pub(super) fn lister(&self, whole: bool, choice: &mut Choice) -> Result<Lists, SearchError> {
        let monitor = self.monitor.as_deref();
        match self.engine {
            Engine::Sweep => match Sweep::new_monitored(self.swept_problem(), monitor) {
                Ok(sweep) => Ok(Lists::Sweep(self.sweep_memory(sweep).lister(self.swept_problem())?)),
                Err(SweepError::Interrupted) => Ok(Lists::Interrupted(Engine::Sweep)),
                Err(e) => Err(e.into()),
            },
            Engine::Auto if whole && self.limit.is_none() && !self.sharded() => {
                let search = self.search_engine();
                if self.problem.n_options() > SWEEP_MAX_OPTIONS {
                    return Ok(Lists::Search(search));
                }
                let Some((nodes, updates)) = sweep::estimate_fewest(self.problem, monitor) else {
                    return Ok(if self.stopped() { Lists::Interrupted(search) } else { Lists::Search(search) });
                };
                choice.fewest_estimate = Some((nodes, updates));
                let fewest = FEWEST_NODE_COST * nodes + FEWEST_UPDATE_COST * updates;
                if fewest < SWEEP_MIN_COST {
                    return Ok(Lists::Search(search));
                }
                let sweep = match Sweep::new_monitored(self.swept_problem(), monitor) {
                    Ok(sweep) => self.sweep_memory(sweep),
                    Err(SweepError::Interrupted) => return Ok(Lists::Interrupted(search)),
                    Err(_) => return Ok(Lists::Search(search)),
                };
                choice.sweep_estimate = Some(sweep.estimate());
                if SWEEP_NODE_COST * sweep.estimate() < fewest {
                    Ok(Lists::Sweep(sweep.lister(self.swept_problem())?))
                } else {
                    Ok(Lists::Search(search))
                }
            }
            _ => Ok(Lists::Search(self.search_engine())),
        }
    }

    /// The sweep's listing, with `visitor`: on the threads, limit, shard and
    /// monitor asked.
    pub(super) fn sweep_visit<F>(&self, lister: &Lister, choice: Choice, visitor: F) -> Result<Report, SearchError>
    where
        F: FnMut(&[OptionId]) -> ControlFlow<()> + Send,
    {
        let mut config = ListConfig::new()
            .threads(self.threads_for(Question::List, Engine::Sweep).0)
            .limit(self.limit)
            .monitor(self.monitor.clone());
        if let Some((index, of)) = self.shard {
            config = config.shard(index, of);
        }
        let stats = lister.visit(&config, visitor)?;
        let limit_reached = self.limit.is_some_and(|limit| stats.solutions >= limit);
        let stats = EngineStats::Sweep(SweepStats { nodes: stats.nodes, solutions: stats.solutions });
        let mut report = self.report(Engine::Sweep, stats, limit_reached);
        report.choice = choice;
        Ok(report)
    }

    /// The report of a listing stopped before `engine` listed anything.
    pub(super) fn stopped_listing(&self, engine: Engine, choice: Choice) -> Report {
        let stats = match engine {
            Engine::Sweep => EngineStats::Sweep(SweepStats::default()),
            _ => EngineStats::Search(Default::default()),
        };
        Report { interrupted: true, choice, ..Report::new(engine, stats) }
    }
}
