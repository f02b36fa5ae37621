//! The search on frames: the engine [`Bits`], its levels, its commitments
//! and descents, and Algorithm X's loop (Algorithm M's is in `bounded`).

use std::ops::ControlFlow;
use std::sync::Arc;

use super::bounded::NONE;
use super::frame::{Frame, Slab, choose_in, copy_words, is_live, recount};
use super::shape::{Count, Shape};
use crate::run::{Child, Draw, Levels, Phase, Probe, Resumable, Run, as_moves, resumable_common};
use crate::util::monitor::Monitor;
use crate::util::problem::{OptionId, Problem};
use crate::util::search::{CommitError, Config, DescendError};
use crate::util::stats::Stats;

/// What a search hands its solutions (or a split its leaves) to.
type Visitor<'a, C> = &'a mut dyn FnMut(&mut Bits<C>) -> ControlFlow<()>;

/// The dense-bitset engine behind a [`Solver`](crate::Solver) configured with
/// [`Engine::Bits`](crate::Engine::Bits).
#[derive(Clone, Debug)]
pub(crate) struct Bits<C> {
    pub(super) shape: Arc<Shape<C>>,
    pub(super) colors: bool,
    /// The frames, each in its own arrays: a frame is reached by one index,
    /// and its arrays have their lengths at hand. Made as the search first
    /// reaches a depth.
    pub(super) slabs: Vec<Slab<C>>,
    /// The frame of the commitments and descents. When `stale`, its counts
    /// are those of the options in `counted`, not yet of those in its `live`
    /// (see [`settle`](Bits::settle)).
    pub(super) root: Slab<C>,
    /// The options in play when the root's counts were last right.
    pub(super) counted: Box<[u64]>,
    /// Whether commitments or descents have hidden options since.
    pub(super) stale: bool,
    /// What the search keeps of each level, in one place.
    pub(super) levels: Vec<Level>,
    /// `choice[l]`: the option tried at level `l`.
    pub(super) choice: Vec<u32>,
    /// The options of the levels, one after another (see [`Level`]).
    pub(super) cand: Vec<u32>,
    pub(super) level: usize,
    /// Levels below the floor were entered by descents.
    pub(super) floor: usize,
    /// Where the search stands, its statistics and their reporting.
    pub(super) run: Run,
    pub(super) committed: Vec<OptionId>,
    pub(super) solution: Vec<OptionId>,
    /// Room for the words of any item's sparse bitset.
    pub(super) hits: Vec<(u32, u64)>,
    /// Whether the problem has bounds: then the search is Algorithm M
    /// (see [`super::bounded`]), and `moves[l]` is the number of moves of level `l`
    /// (shifted left by 2) with how it moves.
    pub(super) bounds: bool,
    pub(super) moves: Vec<u32>,
    /// Whether a probe of an estimate goes on, in frame 0 (see
    /// [`Bits::probe`]).
    pub(super) probing: bool,
}

/// Where a level of the search stands.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Level {
    /// The frame the level works in. Levels share a frame after a level with
    /// only one option.
    pub(super) frame: u32,
    /// The item branched on.
    pub(super) best: u32,
    /// The level's options are `cand[start..end]`; the one tried is at `cur`.
    pub(super) start: u32,
    pub(super) end: u32,
    pub(super) cur: u32,
}

impl<C: Count> Bits<C> {
    pub(crate) fn new(problem: &Problem) -> Bits<C> {
        let shape = Arc::new(Shape::new(problem));
        // Every level covers a primary item; with bounds, every level takes
        // an option or retires an item.
        let bounds = shape.bounded.on;
        let depth = problem.n_primary() + 1 + if bounds { problem.n_options() } else { 0 };
        Bits {
            hits: vec![(0, 0); shape.widest],
            bounds,
            moves: vec![0; if bounds { depth + 1 } else { 0 }],
            root: Slab {
                live: shape.live.clone().into(),
                count: shape.count.clone().into(),
                pure: vec![0; shape.pure_words].into(),
                bound: shape.bounded.upper.clone().into(),
            },
            counted: shape.live.clone().into(),
            stale: false,
            slabs: Vec::new(),
            shape,
            colors: problem.has_colors(),
            levels: vec![Level::default(); depth + 1],
            choice: vec![0; depth],
            cand: Vec::new(),
            level: 0,
            floor: 0,
            run: Run::default(),
            committed: Vec::new(),
            solution: Vec::with_capacity(depth),
            probing: false,
        }
    }

    // ---- Frames -----------------------------------------------------------

    /// Makes sure the frames up to number `l` exist.
    #[inline(always)]
    pub(super) fn ensure(&mut self, l: usize) {
        if l >= self.slabs.len() {
            self.grow(l);
        }
    }

    #[cold]
    pub(super) fn grow(&mut self, l: usize) {
        let frames = (l + 1).max(2 * self.slabs.len()).min(self.choice.len() + 1);
        self.slabs.resize(frames, self.root.clone());
    }

    /// Frame number `l`.
    #[inline(always)]
    pub(super) fn frame(&mut self, l: usize) -> Frame<'_, C> {
        Frame::of(&self.shape, &mut self.slabs[l], &mut self.hits)
    }

    /// The counts of frame number `l`.
    #[inline(always)]
    pub(super) fn counts(&self, l: usize) -> &[C] {
        &self.slabs[l].count[..self.shape.width]
    }

    /// The root frame.
    pub(super) fn root(&mut self) -> Frame<'_, C> {
        Frame::of(&self.shape, &mut self.root, &mut self.hits)
    }

    /// Copies frame `l` to frame `l + 1`.
    #[inline(always)]
    pub(super) fn copy_up(&mut self, l: usize) {
        let width = self.shape.width;
        let (below, above) = self.slabs.split_at_mut(l + 1);
        let (from, to) = (&below[l], &mut above[0]);
        // Frames are small: copied inline, block by block, rather than by a
        // call to `memmove`; the counts past `width` are never read.
        copy_words(&from.live, &mut to.live);
        for (to, from) in to.count[..width].chunks_exact_mut(C::LANES).zip(from.count.chunks_exact(C::LANES)) {
            to.copy_from_slice(from);
        }
        if !from.pure.is_empty() {
            copy_words(&from.pure, &mut to.pure);
        }
    }

    /// Copies the root frame to frame `l`.
    pub(super) fn copy_root(&mut self, l: usize) {
        self.settle();
        self.ensure(l);
        let (root, slab) = (&self.root, &mut self.slabs[l]);
        slab.live.copy_from_slice(&root.live);
        slab.count.copy_from_slice(&root.count);
        slab.pure.copy_from_slice(&root.pure);
        slab.bound.copy_from_slice(&root.bound);
    }

    // ---- Commitments and descents -------------------------------------------

    /// Whether `option` is still in play at the root. An option in conflict
    /// with the commitments was hidden; so was every option of an item covered.
    pub(super) fn in_play(&self, option: OptionId) -> bool {
        option.index() < self.shape.opt_start.len() - 1 && is_live(&self.root.live, option.0)
    }

    pub(crate) fn commit(&mut self, option: OptionId) -> Result<(), CommitError> {
        self.stop();
        if self.floor > 0 {
            return Err(CommitError::AfterDescent(option.0));
        }
        if option.index() >= self.shape.opt_start.len() - 1 {
            return Err(CommitError::UnknownOption(option.0));
        }
        if !self.in_play(option) {
            return Err(CommitError::Conflict(option.0));
        }
        self.commit_at_root(option.0);
        self.committed.push(option);
        Ok(())
    }

    /// Commits option `p` in the root frame: in one sweep of its conflicts
    /// over `live`, its primary items covered and its coloured items marked
    /// purified, the counts of the options hidden left for [`settle`](Bits::settle);
    /// or item by item, counts and all, when the problem keeps no conflicts.
    /// The order of the items changes nothing in the state, and statistics
    /// are not kept here.
    pub(super) fn commit_at_root(&mut self, p: u32) {
        if self.bounds {
            // Counts and bounds kept up to date at once.
            return self.commit_at_root_bounded(p, NONE);
        }
        let colors = self.colors;
        let mut root = self.root();
        let shape = root.shape;
        if !shape.conf_start.is_empty() {
            root.take_out(p, colors);
            self.stale = true;
            return;
        }
        let (mut updates, mut cleansings) = (0, 0);
        for t in shape.opt_start[p as usize] as usize..shape.opt_start[p as usize + 1] as usize {
            if colors {
                root.commit::<true>(shape.opt_items[t], shape.opt_clr[t], &mut updates, &mut cleansings);
            } else {
                root.commit::<false>(shape.opt_items[t], 0, &mut updates, &mut cleansings);
            }
        }
    }

    /// Brings the root's counts up to date with its `live` after commitments
    /// and descents, in one pass however many there were: by counting down
    /// the items of the options hidden since the counts were last right, or
    /// by counting the options in play afresh, whichever has fewer options to
    /// visit (the givens of a sudoku hide more options than they leave).
    pub(super) fn settle(&mut self) {
        if !self.stale {
            return;
        }
        self.stale = false;
        let (_, fresh) = self.unsettled();
        let sh = &*self.shape;
        let (live, count) = (&self.root.live, &mut self.root.count);
        if fresh {
            // A covered item has no option in play: it keeps its count.
            for c in &mut count[..sh.n_primary] {
                if !c.is_covered() {
                    *c = C::of(0);
                }
            }
        }
        match (sh.fixed, fresh) {
            (4, true) => recount::<C, 4, true>(sh, &self.counted, live, count),
            (4, false) => recount::<C, 4, false>(sh, &self.counted, live, count),
            (6, true) => recount::<C, 6, true>(sh, &self.counted, live, count),
            (6, false) => recount::<C, 6, false>(sh, &self.counted, live, count),
            (8, true) => recount::<C, 8, true>(sh, &self.counted, live, count),
            (8, false) => recount::<C, 8, false>(sh, &self.counted, live, count),
            (_, true) => recount::<C, 0, true>(sh, &self.counted, live, count),
            (_, false) => recount::<C, 0, false>(sh, &self.counted, live, count),
        }
        self.counted.copy_from_slice(live);
    }

    /// The number of options hidden at the root since its counts were last
    /// right, and whether [`settle`](Bits::settle) counts afresh: when fewer
    /// options are left in play than that.
    pub(super) fn unsettled(&self) -> (u32, bool) {
        let live = &self.root.live;
        let hidden: u32 = self.counted.iter().zip(live.iter()).map(|(c, l)| (c & !l).count_ones()).sum();
        let in_play: u32 = live.iter().map(|l| l.count_ones()).sum();
        (hidden, in_play < hidden)
    }

    pub(crate) fn can_commit(&mut self, option: OptionId) -> bool {
        self.stop();
        self.in_play(option)
    }

    pub(crate) fn reset(&mut self) {
        self.stop();
        self.floor = 0;
        self.level = 0;
        self.committed.clear();
        let sh = &*self.shape;
        self.root.live.copy_from_slice(&sh.live);
        self.root.count.copy_from_slice(&sh.count);
        self.root.pure.fill(0);
        self.root.bound.copy_from_slice(&sh.bounded.upper);
        self.counted.copy_from_slice(&sh.live);
        self.stale = false;
    }

    /// Enters the next level by `option` on the item the search would branch on.
    pub(crate) fn descend(&mut self, option: OptionId) -> Result<(), DescendError> {
        self.stop();
        if option.index() >= self.shape.opt_start.len() - 1 {
            return Err(DescendError::UnknownOption(option.0));
        }
        self.settle();
        let Some(h) = self.root().choose() else { return Err(DescendError::Solved) };
        let shape = Arc::clone(&self.shape);
        let p = option.index();
        let items = &shape.opt_items[shape.opt_start[p] as usize..shape.opt_start[p + 1] as usize];
        if !items.contains(&h) || !self.in_play(option) {
            return Err(DescendError::NotInPlay(option.0));
        }
        // Covering `h` and committing the option's other items is committing
        // the option; the descent's statistics are left out.
        self.commit_at_root(option.0);
        let l = self.floor;
        self.choice[l] = option.0;
        self.levels[l].best = h;
        self.floor += 1;
        self.level = self.floor;
        Ok(())
    }

    /// Ends a search stopped at a solution. Nothing needs undoing: the next
    /// search starts from the root frame.
    pub(crate) fn stop(&mut self) {
        self.level = self.floor;
        self.run.phase = Phase::Idle;
        self.probing = false;
    }

    /// One step of a probe ([`Resumable::probe`]), in frame 0 (the root's
    /// copy when the probe begins): the node as the search enters it, then
    /// the option drawn committed in the same frame, as the search commits
    /// a level's options in copies of the frame its item was covered in.
    pub(crate) fn probe(&mut self, draw: Draw<'_>) -> Probe {
        if !self.probing {
            self.stop();
            self.copy_root(0);
            self.probing = true;
        }
        if self.cand.len() < self.shape.longest {
            self.cand.resize(self.shape.longest, 0);
        }
        match (self.colors, self.bounds) {
            (false, false) => self.probe_plain::<false>(draw),
            (true, false) => self.probe_plain::<true>(draw),
            (false, true) => self.probe_bounded::<false>(draw),
            (true, true) => self.probe_bounded::<true>(draw),
        }
    }

    /// [`Bits::probe`] by Algorithm X or C (X2 to X5).
    fn probe_plain<const COLORS: bool>(&mut self, draw: Draw<'_>) -> Probe {
        let Some(i) = choose_in(&self.shape, self.counts(0)) else { return Probe::Solved };
        let (mut fixed, mut drawn, mut cleansings) = (0, 0, 0);
        let mut frame = Frame::of(&self.shape, &mut self.slabs[0], &mut self.hits);
        let moves = frame.cover::<COLORS>(i, &mut fixed, &mut self.cand);
        if moves == 0 {
            return Probe::Node { moves, fixed, drawn, child: Child::Nothing };
        }
        let p = self.cand[draw(moves)];
        let alive = if !self.shape.conf_start.is_empty() {
            frame.commit_whole::<COLORS, false>(p, &mut drawn, &mut cleansings);
            true
        } else {
            frame.commit_others::<COLORS>(p, i, &mut drawn, &mut cleansings, None)
        };
        // Committing item by item, the search counts the level below, where
        // an item ran out, as a node, and goes no further.
        Probe::Node { moves, fixed, drawn, child: if alive { Child::Entered } else { Child::DeadEnd } }
    }

    /// Ends a probe: the next begins from the root's frame again.
    pub(crate) fn end_probe(&mut self) {
        self.stop();
    }

    pub(crate) fn restart(&mut self) {
        self.stop();
        self.run.restart();
        self.copy_root(0);
        self.levels[self.floor].frame = 0;
    }

    pub(crate) fn solution(&mut self) -> &[OptionId] {
        self.solution.clear();
        self.solution.extend_from_slice(&self.committed);
        // A null move (with bounds) takes no option.
        self.solution.extend(self.choice[..self.level].iter().filter(|&&p| p != NONE).map(|&p| OptionId(p)));
        &self.solution
    }

    // ---- Searches -------------------------------------------------------------

    /// The search tree down to `depth` levels below the floor, as the links
    /// engine splits it: `leaf` gets the options of each leaf as a solution
    /// would, commitments first.
    pub(crate) fn split<F>(&mut self, depth: usize, monitor: Option<&Arc<Monitor>>, mut leaf: F) -> Stats
    where
        F: FnMut(&[OptionId]) -> ControlFlow<()>,
    {
        self.restart();
        let depth = self.floor + depth;
        let config = Config::new().monitor(monitor.cloned());
        self.search::<true, _>(&config, depth, |s| leaf(s.solution()));
        self.stop();
        self.run.stats
    }

    /// Adds what the monitor has not yet seen, and Knuth's estimate of the
    /// fraction done. Returns whether to stop.
    #[cold]
    #[inline(never)]
    pub(super) fn report(&mut self, monitor: &Monitor, level: usize) -> bool {
        if self.floor > 0 {
            return self.run.report(monitor, None);
        }
        let mut levels = self.levels[..level].iter().map(|v| (v.cur - v.start, v.end - v.start));
        self.run.report(monitor, Some(&mut levels))
    }

    pub(crate) fn search<const SPLIT: bool, F>(&mut self, config: &Config, split_depth: usize, mut on_solution: F)
    where
        F: FnMut(&mut Bits<C>) -> ControlFlow<()>,
    {
        self.search_with::<SPLIT>(config, split_depth, &mut on_solution);
    }

    /// [`search`](Bits::search) with the visitor behind a pointer: it is
    /// called at solutions and leaves only, so the loops are compiled once
    /// per count type and `SPLIT`, not once more for every visitor.
    #[inline(never)]
    fn search_with<const SPLIT: bool>(&mut self, config: &Config, split_depth: usize, on_solution: Visitor<'_, C>) {
        match (self.colors, self.bounds) {
            (true, false) => self.search_in::<true, SPLIT, _>(config, split_depth, on_solution),
            (false, false) => self.search_in::<false, SPLIT, _>(config, split_depth, on_solution),
            (true, true) => self.search_bounded::<true, SPLIT, _>(config, split_depth, on_solution),
            (false, true) => self.search_bounded::<false, SPLIT, _>(config, split_depth, on_solution),
        }
    }

    /// Algorithm X, with Algorithm C's commit when `COLORS`, as a loop over
    /// levels that can stop at a solution and resume. When `SPLIT`, entering
    /// level `split_depth` or finding a solution above it is a leaf, handed to
    /// `on_solution` and counted neither as a node nor as a solution.
    #[inline(always)]
    pub(super) fn search_in<const COLORS: bool, const SPLIT: bool, F>(
        &mut self,
        config: &Config,
        split_depth: usize,
        mut on_solution: F,
    ) where
        F: FnMut(&mut Bits<C>) -> ControlFlow<()>,
    {
        let Some((mut resume, mut l, (mut nodes, mut updates, mut cleansings))) = self.enter() else { return };
        // Borrowed, like everything else this loop holds: with nothing of
        // its own to drop, a panic needs no cleanup here, and the loop is
        // compiled without landing pads.
        let monitor = config.get_monitor().map(Arc::as_ref);
        'enter: loop {
            // Whether level l branches, on its `best` with its options in cand.
            let mut branching = false;
            if !resume {
                // X2: enter level l.
                let chosen = choose_in(&self.shape, self.counts(self.levels[l].frame as usize));
                if SPLIT && (chosen.is_none() || l == split_depth) {
                    if self.split_leaf(monitor, (nodes, updates, cleansings), l, &mut on_solution) {
                        // Stopped, or enough leaves: the split stops here.
                        return;
                    }
                } else {
                    nodes += 1;
                    if self.node_stopped::<SPLIT>(monitor, (nodes, updates, cleansings), l) {
                        return;
                    }
                    match chosen {
                        None => {
                            // Every primary item is covered: a solution.
                            if self.visit_solution::<SPLIT, _>(
                                monitor,
                                (nodes, updates, cleansings),
                                l,
                                &mut on_solution,
                            ) {
                                return;
                            }
                        }
                        Some(i) => {
                            // X3: the item i chosen; X4: cover it, keeping its
                            // options to try.
                            let start = if l == self.floor { 0 } else { self.levels[l - 1].end };
                            let room = start as usize + self.shape.longest;
                            if self.cand.len() < room {
                                // Only grows: the entries past the level's are
                                // never read.
                                self.cand.resize(room, 0);
                            }
                            let level = &mut self.levels[l];
                            let slab = &mut self.slabs[level.frame as usize];
                            let mut frame = Frame::of(&self.shape, slab, &mut self.hits);
                            let n = frame.cover::<COLORS>(i, &mut updates, &mut self.cand[start as usize..]);
                            level.start = start;
                            level.end = start + n as u32;
                            level.cur = start;
                            level.best = i;
                            branching = true;
                        }
                    }
                }
            }
            resume = false;
            loop {
                if branching {
                    // X5: try the next option of level l, if any is left.
                    let Level { frame, best: i, start, end, cur: k } = self.levels[l];
                    if k < end {
                        let p = self.cand[k as usize];
                        self.choice[l] = p;
                        // A level with one option never needs its frame again:
                        // the option is committed there, without a copy.
                        let f = frame as usize;
                        let g = if end - start == 1 {
                            f
                        } else {
                            self.ensure(f + 1);
                            self.copy_up(f);
                            f + 1
                        };
                        self.levels[l + 1].frame = g as u32;
                        let alive = if !self.shape.conf_start.is_empty() {
                            self.frame(g).commit_whole::<COLORS, false>(p, &mut updates, &mut cleansings);
                            true
                        } else {
                            self.frame(g).commit_others::<COLORS>(p, i, &mut updates, &mut cleansings, monitor)
                        };
                        if alive {
                            l += 1;
                            continue 'enter;
                        }
                        if monitor.is_some_and(|monitor| monitor.is_stopped()) {
                            // Stopped within the commitment: resumed, the
                            // search backs up from level l.
                            self.stop_within::<SPLIT>(monitor, (nodes, updates, cleansings), l);
                            return;
                        }
                        // A dead end seen while committing item by item: the
                        // links engine would enter the level, find an item
                        // without options and come back. Its node, then the
                        // next option.
                        nodes += 1;
                        if self.node_stopped::<SPLIT>(monitor, (nodes, updates, cleansings), l + 1) {
                            // Stopped as if at that level's entrance.
                            return;
                        }
                        self.levels[l].cur += 1;
                        continue;
                    }
                    // X7: nothing to uncover: the frame below is untouched.
                }
                // X8: leave level l.
                if l == self.floor {
                    self.finish::<SPLIT>(monitor, (nodes, updates, cleansings), l);
                    return;
                }
                l -= 1;
                // X6: the next option of level l.
                self.levels[l].cur += 1;
                branching = true;
            }
        }
    }
}

impl<C: Count> Levels for Bits<C> {
    #[inline(always)]
    fn state(&mut self) -> (&mut Run, &mut usize) {
        (&mut self.run, &mut self.level)
    }

    #[cold]
    #[inline(never)]
    fn report_at(&mut self, monitor: &Monitor, level: usize) -> bool {
        if self.bounds { self.report_bounded(monitor, level) } else { self.report(monitor, level) }
    }
}

impl<C: Count> Resumable for Bits<C> {
    resumable_common!(Bits<C>);

    fn run<F: FnMut(&mut Self) -> ControlFlow<()>>(&mut self, config: &Config, on_solution: F) {
        self.search::<false, F>(config, usize::MAX, on_solution);
    }

    fn descend(&mut self, step: Option<OptionId>) -> Result<(), DescendError> {
        if self.bounds {
            self.stop();
            return self.descend_bounded(step);
        }
        // No bounds, hence no move that takes no option.
        Bits::descend(self, step.ok_or(DescendError::NoNullMove)?)
    }

    fn probe(&mut self, draw: Draw<'_>) -> Probe {
        Bits::probe(self, draw)
    }

    fn end_probe(&mut self) {
        Bits::end_probe(self);
    }

    fn split<F: FnMut(&[Option<OptionId>]) -> ControlFlow<()>>(
        &mut self,
        depth: usize,
        monitor: Option<&Arc<Monitor>>,
        mut leaf: F,
    ) -> Stats {
        if self.bounds {
            // Null moves among the leaves' moves.
            self.restart();
            let depth = self.floor + depth;
            let config = Config::new().monitor(monitor.cloned());
            self.search::<true, _>(&config, depth, |s| leaf(&s.moves_to(s.level)));
            self.stop();
            return self.run.stats;
        }
        let committed = self.committed().len();
        Bits::split(self, depth, monitor, as_moves(committed, leaf))
    }
}

#[cfg(test)]
mod tests {
    use super::super::shape::MAX_OPTIONS;
    use super::*;
    use crate::{Engine, Solver};

    /// The statistics of the bitset engine and of the links on `text`; the
    /// bitset engine's with 8-bit and 16-bit counts must be the same.
    fn both(text: &str) -> (Stats, Stats) {
        let problem = Problem::from_knuth(text).unwrap();
        let mut narrow = Bits::<u8>::new(&problem);
        narrow.count(&Config::new());
        let mut wide = Bits::<i16>::new(&problem);
        wide.count(&Config::new());
        assert_eq!(narrow.stats(), wide.stats());
        let mut links = Solver::with_config(&problem, Config::new().engine(Engine::Links));
        links.count();
        (wide.stats(), links.stats())
    }

    #[test]
    fn the_toy_problems_count_as_the_links_count() {
        // Knuth's toy problem: committing the option `B C F` leaves `E` without
        // options. Both engines commit the whole option, then enter the level
        // below, choose `E` and cover it: the same updates.
        let (bits, links) = both("A B C D E | F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n");
        assert_eq!(links, Stats { nodes: 6, updates: 30, cleansings: 0, solutions: 1 });
        assert_eq!(bits, links);
        let (bits, links) = both("A B C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nX:0 Y:1\nB X:1\nC Y:1\n");
        assert_eq!((bits.nodes, bits.solutions), (links.nodes, links.solutions));
    }

    /// Langford pairs of 1..=n (items `1`..`n` and the slots `s0`.. `s(2n-1)`,
    /// option `k s_i s_(i+k+1)`), mirror images included.
    fn langford(n: usize) -> Problem {
        let mut b = Problem::builder();
        let numbers: Vec<_> = (1..=n).map(|k| b.primary(&k.to_string()).unwrap()).collect();
        let slots: Vec<_> = (0..2 * n).map(|i| b.primary(&format!("s{i}")).unwrap()).collect();
        for k in 1..=n {
            for i in 0..2 * n - k - 1 {
                b.option([numbers[k - 1], slots[i], slots[i + k + 1]]).unwrap();
            }
        }
        b.build().unwrap()
    }

    #[test]
    fn committing_item_by_item_searches_as_committing_in_one_sweep() {
        // The per-item commit serves problems whose conflicts would take too
        // much room; forced here, it must search exactly as the sweep and the
        // links do.
        // Langford pairs for n = 7: 26 up to mirror image (OEIS A014552).
        let problem = langford(7);
        let mut links = Solver::with_config(&problem, Config::new().engine(Engine::Links));
        let expected: Vec<Vec<OptionId>> = links.solutions().collect();
        assert_eq!(expected.len(), 2 * 26);
        searches_as_the_links::<u8>(&problem, &mut links, &expected);
        searches_as_the_links::<i16>(&problem, &mut links, &expected);
    }

    #[test]
    #[cfg_attr(miri, ignore = "some thirty searches: slow under Miri, and no unsafe code here")]
    fn counts_settled_after_commitments_search_as_the_links() {
        // The commitments of a solution's first k options, for every k: few
        // hide fewer options than they leave (the counts are counted down),
        // most hide more (they are counted afresh). Then a descent.
        let problem = langford(7);
        let mut links = Solver::with_config(&problem, Config::new().engine(Engine::Links));
        let solution = links.solutions().nth(5).expect("Langford pairs for n = 7");
        let mut bits = Bits::<u8>::new(&problem);
        let mut ways = (false, false);
        let commit = |bits: &mut Bits<u8>, links: &mut Solver, options: &[OptionId]| {
            bits.reset();
            links.reset();
            for &option in options {
                bits.commit(option).unwrap();
                links.commit(option).unwrap();
            }
        };
        for k in 0..=solution.len() {
            commit(&mut bits, &mut links, &solution[..k]);
            let (hidden, fresh) = bits.unsettled();
            if hidden > 0 {
                if fresh { ways.1 = true } else { ways.0 = true }
            }
            let count = links.count();
            assert_eq!((bits.count(&Config::new()), bits.stats()), (count, links.stats()), "{k} committed");
            // A descent by the first option the search would try.
            let mut leaves = Vec::new();
            links.split(1, |leaf| leaves.push(leaf.to_vec()));
            if let Some(&step) = leaves.first().and_then(|leaf| leaf.last()) {
                commit(&mut bits, &mut links, &solution[..k]);
                bits.descend(step.expect("a leaf's steps are options")).unwrap();
                links.descend(step).unwrap();
                let count = links.count();
                assert_eq!((bits.count(&Config::new()), bits.stats()), (count, links.stats()), "{k} and a descent");
            }
        }
        assert_eq!(ways, (true, true), "both ways of settling the counts were taken");
    }

    /// The three ways of committing (a sweep over all words of `live`, a
    /// sweep over a list of words, item by item), with counts of type `C`,
    /// find the links' solutions in the links' order with their nodes.
    fn searches_as_the_links<C: Count>(problem: &Problem, links: &mut Solver, expected: &[Vec<OptionId>]) {
        let dense = Bits::<C>::new(problem);
        assert!(dense.shape.dense > 0, "the sweep over all words is what Bits::new picks here");
        // The same frames, the sweep by the list of words.
        let mut listed = dense.clone();
        let mut shape = Shape::new(problem);
        shape.dense = 0;
        listed.shape = Arc::new(shape);
        let mut by_item = dense.clone();
        let mut shape = Shape::new(problem);
        shape.conf_start.clear();
        by_item.shape = Arc::new(shape);
        for mut bits in [dense, listed, by_item] {
            let mut found = Vec::new();
            bits.visit(&Config::new(), |s| {
                found.push(s.to_vec());
                ControlFlow::Continue(())
            });
            assert_eq!(found, expected);
            assert_eq!(bits.stats().nodes, links.stats().nodes);
            assert!(bits.stats().updates <= links.stats().updates);
        }
    }

    #[test]
    #[cfg_attr(miri, ignore = "sixteen thousand options: too slow under Miri, and no unsafe code here")]
    fn problems_too_large_for_16_bit_counts_run_on_links() {
        let with = |options: usize| {
            let mut b = Problem::builder();
            let a = b.primary("a").unwrap();
            for _ in 0..options {
                b.option([a]).unwrap();
            }
            b.build().unwrap()
        };
        let largest = with(MAX_OPTIONS);
        assert_eq!(Engine::Bits.resolve(&largest), Engine::Bits);
        let mut solver = Solver::with_config(&largest, Config::new().engine(Engine::Bits));
        assert_eq!(solver.count(), MAX_OPTIONS as u64);
        assert_eq!(Engine::Bits.resolve(&with(MAX_OPTIONS + 1)), Engine::Links);
    }
}
