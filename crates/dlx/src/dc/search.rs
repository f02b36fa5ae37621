//! The search by stages and levels: choosing an option (and with it the
//! options it blocks), or taking it out, and restoring domain consistency
//! after each.

use crate::util::monitor::REPORT_UPDATES;
use crate::util::nodes::{cell, set_cell};
use crate::util::problem::{OptionId, Problem};

use super::state::{Cell, PackedCell, PoolCell, SmallCell, State, packed_cells, small_cells};

/// Where the search resumes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Step {
    /// Domains not yet made consistent.
    Start,
    /// One more option chosen: a new stage.
    NewStage,
    /// A new node of the tree in the current stage.
    NewLevel,
    /// Back to the stage before.
    Backup,
    /// The option chosen at this stage's level fully explored: take it out.
    PurgeIt,
    /// Every node visited.
    Done,
}

/// What [`Walk::next`] found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Found {
    /// A solution: its options are [`Walk::solution`].
    Solution,
    /// The monitor's turn (every `period` nodes, or [`REPORT_UPDATES`]
    /// updates): call again to go on.
    Report,
    /// No more solutions.
    Done,
}

/// A domain-consistent search, resumable after each solution.
#[derive(Debug, Clone)]
pub(super) struct Walk<C: PoolCell> {
    pub(super) state: State<C>,
    step: Step,
    stage: i32,
    level: i32,
    /// Per level: the option chosen (or taken out) and how many its item had.
    choice: Vec<u32>,
    deg: Vec<u32>,
    /// Per stage: where its sizes start on `saved_sizes`, its latest level.
    saved: Vec<u32>,
    level_stage: Vec<u32>,
    /// Items and their sizes, saved at each level that branches.
    saved_sizes: Vec<(u32, u32)>,
    /// Per stage: how many options were out of play at its latest level.
    saved_taken: Vec<u32>,
    /// The latest stamp given to a stage.
    biggest_stamp: u32,
    /// The stamp from which they start again from the stages' numbers
    /// (every hint dropped or renumbered): [`PoolCell::STAMP_END`], less in
    /// tests.
    pub(super) stamp_end: u32,
    /// How many times the stamps started again.
    pub(super) restamped: u64,
    /// Paused for a report before the node about to be entered.
    paused: bool,
    /// The updates at the latest report.
    looked: u64,
    pub(super) nodes: u64,
    pub(super) solutions: u64,
    solution: Vec<OptionId>,
}

/// The width of the pool's cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Width {
    /// Four bytes of two fields of 16 bits ([`SmallCell`]).
    Small,
    /// Four bytes of packed fields ([`PackedCell`]).
    Packed,
    /// Eight bytes ([`Cell`]).
    Wide,
}

impl Width {
    /// Every width, the smallest first.
    #[cfg(test)]
    pub(super) const ALL: [Width; 3] = [Width::Small, Width::Packed, Width::Wide];

    /// The smallest width `problem` fits.
    pub(super) fn of(problem: &Problem) -> Width {
        if small_cells(problem) {
            Width::Small
        } else if packed_cells(problem) {
            Width::Packed
        } else {
            Width::Wide
        }
    }
}

/// A search with the pool's cells of one of the widths, chosen once for the
/// problem: each width's search is compiled on its own.
#[derive(Debug, Clone)]
pub(super) enum Walks {
    /// Cells of four bytes of two fields ([`SmallCell`]).
    Small(Box<Walk<SmallCell>>),
    /// Cells of four bytes of packed fields ([`PackedCell`]).
    Packed(Box<Walk<PackedCell>>),
    /// Cells of eight bytes ([`Cell`]).
    Wide(Box<Walk<Cell>>),
}

/// `$body` on the search inside `$walks`, named `$walk`.
macro_rules! on_walk {
    ($walks:expr, $walk:ident => $body:expr) => {
        match $walks {
            Walks::Small($walk) => $body,
            Walks::Packed($walk) => $body,
            Walks::Wide($walk) => $body,
        }
    };
}

impl Walks {
    /// The search of `problem`, its pool's cells as small as the problem
    /// allows, or the number of cells of supports it could need when that
    /// is over [`MAX_CELLS`](super::state::MAX_CELLS).
    pub(super) fn new(problem: &Problem) -> Result<Walks, u64> {
        Walks::of_width(problem, Width::of(problem))
    }

    /// Nodes entered so far.
    pub(super) fn nodes(&self) -> u64 {
        on_walk!(self, walk => walk.nodes)
    }

    /// Updates so far.
    pub(super) fn updates(&self) -> u64 {
        on_walk!(self, walk => walk.state.updates)
    }

    /// Solutions found so far.
    pub(super) fn solutions(&self) -> u64 {
        on_walk!(self, walk => walk.solutions)
    }

    /// [`Walk::next`] on any width.
    pub(super) fn next(&mut self, period: u64) -> Found {
        on_walk!(self, walk => walk.next(period))
    }

    /// [`Walk::solution`] on any width.
    pub(super) fn solution(&self) -> &[OptionId] {
        on_walk!(self, walk => walk.solution())
    }

    /// The search of `problem` with the pool's cells of `width`, which
    /// the problem must fit ([`small_cells`], [`packed_cells`]; the tests
    /// take every width on small problems).
    pub(super) fn of_width(problem: &Problem, width: Width) -> Result<Walks, u64> {
        Ok(match width {
            Width::Small => Walks::Small(Box::new(Walk::new(State::new(problem)?))),
            Width::Packed => Walks::Packed(Box::new(Walk::new(State::new(problem)?))),
            Width::Wide => Walks::Wide(Box::new(Walk::new(State::new(problem)?))),
        })
    }

    /// Whether the search for a support reads sets four places at a time.
    #[cfg(test)]
    pub(super) fn wide_scan(&self) -> bool {
        on_walk!(self, walk => walk.state.wide_scan)
    }

    /// Sets how the search for a support reads sets, and the stamp from
    /// which the stamps start again.
    #[cfg(test)]
    pub(super) fn tune(&mut self, wide_scan: bool, stamp_end: u32) {
        on_walk!(self, walk => {
            walk.state.wide_scan = wide_scan;
            walk.stamp_end = stamp_end;
        })
    }

    /// How many times the stamps started again.
    #[cfg(test)]
    pub(super) fn restamped(&self) -> u64 {
        on_walk!(self, walk => walk.restamped)
    }
}

impl<C: PoolCell> Walk<C> {
    pub(super) fn new(state: State<C>) -> Walk<C> {
        let stages = state.n_primary as usize + 2;
        let levels = state.n_options() + stages + 1;
        Walk {
            state,
            step: Step::Start,
            stage: -1,
            level: -1,
            choice: vec![0; levels],
            deg: vec![0; levels],
            saved: vec![0; stages],
            level_stage: vec![0; stages],
            saved_sizes: Vec::new(),
            saved_taken: vec![0; stages],
            biggest_stamp: 0,
            stamp_end: C::STAMP_END,
            restamped: 0,
            paused: false,
            looked: 0,
            nodes: 0,
            solutions: 0,
            solution: Vec::new(),
        }
    }

    /// The options of the solution just found, stage by stage.
    pub(super) fn solution(&self) -> &[OptionId] {
        &self.solution
    }

    /// Runs to the next solution, or the end; stops for a report every
    /// `period` nodes (a power of two).
    pub(super) fn next(&mut self, period: u64) -> Found {
        loop {
            match self.step {
                Step::Start => {
                    if self.state.hopeless || !self.state.establish() {
                        self.step = Step::Done;
                    } else {
                        self.step = Step::NewStage;
                    }
                }
                Step::NewStage => {
                    self.stage += 1;
                    if self.biggest_stamp >= self.stamp_end {
                        self.restamp();
                    } else {
                        self.biggest_stamp += 1;
                    }
                    self.state.stage_stamp[self.stage as usize] = self.biggest_stamp;
                    self.step = Step::NewLevel;
                }
                Step::NewLevel => {
                    let due = self.nodes & (period - 1) == 0
                        || self.state.updates.wrapping_sub(self.looked) >= REPORT_UPDATES;
                    if due && !self.paused && self.nodes > 0 {
                        self.paused = true;
                        self.looked = self.state.updates;
                        return Found::Report;
                    }
                    self.paused = false;
                    self.nodes += 1;
                    if self.new_level() {
                        return Found::Solution;
                    }
                }
                Step::Backup => {
                    self.stage -= 1;
                    if self.stage < 0 {
                        self.step = Step::Done;
                        continue;
                    }
                    self.level = self.level_stage[self.stage as usize] as i32;
                    if self.deg[self.level as usize] != 1 {
                        self.step = Step::PurgeIt;
                    }
                }
                Step::PurgeIt => self.purge_it(),
                Step::Done => return Found::Done,
            }
        }
    }

    /// Starts the stamps again, as XCCDC does when its stamps wrap around:
    /// drops every hint, whose stamp could be given again (with small
    /// cells, renumbers the hints instead: [`State::renumber_hints`]), and stamps each
    /// stage before the current one with its number (all below the current
    /// stage's stamp, which is then its number too).
    #[cold]
    fn restamp(&mut self) {
        if C::NEVER_STAMPED.is_none() {
            self.state.drop_hints();
        } else {
            self.state.renumber_hints(self.stage as usize);
        }
        for (k, stamp) in self.state.stage_stamp[..self.stage as usize].iter_mut().enumerate() {
            *stamp = k as u32;
        }
        self.biggest_stamp = self.stage as u32;
        self.restamped += 1;
    }

    /// A node: chooses the item with the fewest options and includes its
    /// first option. Returns whether the node is a solution.
    fn new_level(&mut self) -> bool {
        self.level += 1;
        let (level, stage) = (self.level as usize, self.stage as usize);
        self.level_stage[stage] = level as u32;
        // Choose the primary item with the fewest options, the first given
        // among equals (a forced one as soon as met).
        // The least (size, item) so far as one key, kept by a minimum
        // rather than branches (which item is primary, and which is
        // smaller, follow no pattern); a secondary item's key is the
        // largest.
        let st = &self.state;
        let mut key = u64::MAX;
        for &it in &st.item[..st.active as usize] {
            if key >> 32 <= 1 {
                break;
            }
            // Unchecked by invariant 7 of the node module.
            let s = cell(&st.items, it as usize).size;
            let secondary = u64::from(it >= st.n_primary).wrapping_neg();
            key = key.min((u64::from(s) << 32 | u64::from(it)) | secondary);
        }
        let (best, t) = (key as u32, (key >> 32) as u32);
        if t == u32::MAX {
            self.solutions += 1;
            self.solution.clear();
            for k in 0..stage {
                let opt = self.choice[self.level_stage[k] as usize];
                self.solution.push(self.state.option_id[opt as usize]);
            }
            self.step = Step::Backup;
            return true;
        }
        let node = st.set[st.items[best as usize].start as usize];
        let opt = st.node_opt[node as usize];
        self.choice[level] = opt;
        self.deg[level] = t;
        self.saved[stage] = self.saved_sizes.len() as u32;
        self.saved_taken[stage] = self.state.taken.len() as u32;
        if t > 1 {
            let items = &st.items[..];
            self.saved_sizes
                .extend(st.item[..st.active as usize].iter().map(|&it| (it, cell(items, it as usize).size)));
        }
        self.state.cur_age = 2 * self.stage + 1;
        if self.include(opt) && self.state.empty_the_queue() {
            self.step = Step::NewStage;
        } else if t == 1 {
            self.step = Step::Backup;
        } else {
            self.step = Step::PurgeIt;
        }
        false
    }

    /// Restores the sizes of the stage's items and takes out the option its
    /// latest level chose.
    fn purge_it(&mut self) {
        let stage = self.stage as usize;
        let from = self.saved[stage] as usize;
        self.state.active = (self.saved_sizes.len() - from) as u32;
        let items = &mut self.state.items[..];
        for &(it, size) in &self.saved_sizes[from..] {
            let mut item = cell(items, it as usize);
            item.size = size;
            set_cell(items, it as usize, item);
        }
        self.saved_sizes.truncate(from);
        self.state.restore(self.saved_taken[stage] as usize);
        self.state.cur_age = 2 * self.stage;
        let opt = self.choice[self.level as usize];
        let active = self.state.active;
        self.step = if self.state.opt_out::<false>(opt, active) && self.state.empty_the_queue() {
            Step::NewLevel
        } else {
            Step::Backup
        };
    }

    /// Chooses `opt`: deactivates its items, takes out every option that
    /// conflicts with it (purifying its coloured secondary items), and leaves
    /// its primary items with empty sets. Returns false after a wipe-out.
    fn include(&mut self, opt: u32) -> bool {
        let st = &mut self.state;
        let oactive = st.active;
        let mut p = oactive;
        let (lo, hi) = (st.first[opt as usize] as usize, st.first[opt as usize + 1] as usize);
        for q in lo..hi {
            let c = st.node_item[q];
            let pp = st.items[c as usize].pos;
            if pp < p {
                p -= 1;
                let cc = st.item[p as usize];
                st.item[p as usize] = c;
                st.item[pp as usize] = cc;
                st.items[cc as usize].pos = pp;
                st.items[c as usize].pos = p;
                st.updates += 1;
            }
        }
        st.active = p;
        for &s in &st.item[p as usize..oactive as usize] {
            st.dead[s as usize] = true;
        }
        for k in p..oactive {
            let s = st.item[k as usize];
            let begin = st.items[s as usize].start;
            // The colour `opt` gives a secondary item (0: none, or primary).
            let colour = if s >= st.n_primary { st.colour_in(opt, s) } else { 0 };
            let mut ss = begin + st.items[s as usize].size;
            while ss > begin {
                ss -= 1;
                let node = cell(&st.set, ss as usize);
                let optp = cell(&st.node_opt, node as usize);
                let blocked = if colour != 0 { cell(&st.node_clr, node as usize) != colour } else { optp != opt };
                if blocked && !st.opt_out::<true>(optp, oactive) {
                    st.clear_dead(p, oactive);
                    return false;
                }
            }
        }
        st.clear_dead(p, oactive);
        for k in p..oactive {
            let s = st.item[k as usize];
            if s < st.n_primary {
                debug_assert_eq!(st.items[s as usize].size, 1);
                st.items[s as usize].size = 0;
            }
        }
        st.opts[opt as usize].age = st.lists + st.cur_age;
        st.taken.push(opt);
        true
    }
}

impl<C: PoolCell> State<C> {
    /// Marks again as not dead the items from place `from` to `to` of
    /// `item`.
    fn clear_dead(&mut self, from: u32, to: u32) {
        for &s in &self.item[from as usize..to as usize] {
            self.dead[s as usize] = false;
        }
    }

    /// The colour option `opt` gives item `item` (0: none).
    fn colour_in(&self, opt: u32, item: u32) -> u32 {
        let (lo, hi) = (self.first[opt as usize] as usize, self.first[opt as usize + 1] as usize);
        (lo..hi).find(|&nn| self.node_item[nn] == item).map_or(0, |nn| self.node_clr[nn])
    }
}
