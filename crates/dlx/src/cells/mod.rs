//! Dancing cells: Knuth's SSXCC, exact cover with colours on sparse sets.
//!
//! Each item keeps the options that still contain it in a **sparse set**: a
//! segment of one array, `set`, whose first `size` entries are the nodes of the
//! options in play; the entries after them are the options hidden, in the order
//! they left. Hiding an option swaps its node with the last one in play and
//! shrinks `size`, and each node knows where it sits in its item's set (`loc`),
//! so a swap updates both nodes. The items still active (primary items to
//! cover, secondary items not yet given a colour) are the first `active`
//! entries of another sparse set, `item`.
//!
//! This is the method of Knuth's SSXCC as it stands since 2023, with Christine
//! Solnon's ideas: nothing is undone step by step. Each level saves the sizes of
//! the items active when it branches, and trying its next option restores them
//! (the nodes hidden since then wait just past each set's end). Choosing an
//! option deactivates all its items, then hides the options that conflict with
//! it, only from the sets of items still active; a secondary item is
//! deactivated with the colour the option gives it, which hides only the
//! options of other colours. An active primary item left with one option is a
//! **forced move**, taken next without saving sizes; one left with none ends the
//! option at once. Otherwise the search branches on the primary item with the
//! smallest set, ties going to the item given first. Statistics are counted as
//! SSXCC counts them: one node per level entered (a solution is a level with no
//! primary item left), one update per item deactivated and per node hidden; no
//! cleansings.
//!
//! Since sets are not put back in their first order, the order in which
//! options are tried, and with it the statistics, depends on the search so far.
//! So every search starts from the problem's initial arrays with the
//! commitments and descents replayed on them: the same calls give the same
//! statistics. A split's subproblems are the leaves of a tree in which each node
//! is in the state that replay gives (reached from a copy of its parent's state
//! by one descent, so a split costs no more than the nodes it visits), so the
//! statistics of a parallel count add up
//! exactly whatever the threads or shards; they differ a little from one
//! serial search's, whose subtrees inherit the order its earlier subtrees left.

use std::ops::ControlFlow;
use std::sync::Arc;

mod binary;

use crate::run::{Child, Draw, Phase, Probe, Resumable, Run, as_moves, resumable_common};
use crate::util::monitor::Monitor;
use crate::util::problem::{OptionId, Problem};
use crate::util::search::{Branching, CommitError, Config, DescendError};
use crate::util::stats::Stats;

/// A node: one item of one option, or a spacer between options.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Node {
    /// For an item's node, the start of the item's set in `set` (at least 2);
    /// for the spacer after an option of length `t`, `-t`; 0 for the first spacer.
    itm: i32,
    /// For an item's node, its place in `set`; for the spacer before an option of
    /// length `t`, `t`.
    loc: u32,
}

/// The arrays the search changes.
#[derive(Clone, Debug, PartialEq, Eq)]
struct State {
    nodes: Vec<Node>,
    /// For an item whose set starts at `x`: `set[x - 2]` is its place in
    /// `item`, `set[x - 1]` the size of its set, and `set[x..x + size]` its nodes
    /// in play.
    set: Vec<u32>,
    /// The items by set start, the first `active` of them active.
    item: Vec<u32>,
    active: u32,
    /// Primary items found with one option left, to be forced (some may have
    /// been deactivated since).
    force: Vec<u32>,
}

/// What never changes: the initial arrays and the maps back to options.
#[derive(Debug)]
struct Frame {
    initial: State,
    /// Per node, its colour (1 and up) or 0; empty when the problem has none.
    clr: Vec<u32>,
    /// Per node, its option (spacers: `u32::MAX`).
    option_of: Vec<u32>,
    /// Per option, its first node.
    option_first: Vec<u32>,
    /// Sets starting below this belong to primary items.
    second: u32,
    /// Some primary item has no option at all: SSXCC does not search.
    hopeless: bool,
    /// With the sharp preference only (empty otherwise): whether the item
    /// whose set starts at `x` is sharp, at `sharp[x]`.
    sharp: Vec<bool>,
    /// With bounds declared only (empty otherwise, see
    /// [`Problem::declares_bounds`]): each item's bounds `(u, v)` by its
    /// index, used for primary items (binary branching only, as SSMCC, which
    /// runs with bounds on every problem it reads, `[1, 1]` or not).
    bounds: Vec<(u32, u32)>,
}

impl Frame {
    fn new(problem: &Problem) -> Frame {
        let n_items = problem.n_items();
        let mut sizes = vec![0u32; n_items];
        let mut n_nodes = 1;
        for o in problem.options() {
            for &item in problem.searched_items(o) {
                sizes[item.index()] += 1;
            }
            n_nodes += problem.searched_items(o).len() + 1;
        }
        // Each item's set: two header entries, then its nodes; the primary
        // items' sets first, since the builder takes items in any order and
        // a set's place says whether its item is primary.
        let mut start = vec![0u32; n_items];
        let mut len = 0u32;
        let mut second = 0;
        for primary in [true, false] {
            if !primary {
                second = len + 2;
            }
            for item in problem.items().filter(|&item| problem.is_primary(item) == primary) {
                start[item.index()] = len + 2;
                len += 2 + sizes[item.index()];
            }
        }
        let mut set = vec![0u32; len as usize];
        for k in 0..n_items {
            set[start[k] as usize - 2] = k as u32;
        }
        let has_colors = problem.has_colors();
        let mut nodes = Vec::with_capacity(n_nodes);
        let mut clr = Vec::with_capacity(if has_colors { n_nodes } else { 0 });
        let mut option_of = Vec::with_capacity(n_nodes);
        let mut option_first = Vec::with_capacity(problem.n_options());
        nodes.push(Node { itm: 0, loc: 0 });
        clr.extend(has_colors.then_some(0));
        option_of.push(u32::MAX);
        for o in problem.options() {
            let t = problem.searched_items(o).len();
            let spacer = nodes.len() - 1;
            nodes[spacer].loc = t as u32;
            option_first.push(nodes.len() as u32);
            for (item, color) in problem.searched(o) {
                let x = start[item.index()];
                let size = &mut set[x as usize - 1];
                let loc = x + *size;
                *size += 1;
                set[loc as usize] = nodes.len() as u32;
                nodes.push(Node { itm: x as i32, loc });
                clr.extend(has_colors.then(|| color.map_or(0, |c| c.0 + 1)));
                option_of.push(o.0);
            }
            nodes.push(Node { itm: -(t as i32), loc: 0 });
            clr.extend(has_colors.then_some(0));
            option_of.push(u32::MAX);
        }
        // SSMCC does not search when an item has fewer options than its
        // lower bound.
        let bounds: Vec<(u32, u32)> = if problem.declares_bounds() {
            problem.items().map(|item| problem.bounds(item)).collect()
        } else {
            Vec::new()
        };
        let hopeless = problem.items().filter(|&item| problem.is_primary(item)).any(|item| {
            let lower = if bounds.is_empty() { 1 } else { bounds[item.index()].0 };
            sizes[item.index()] < lower
        });
        let mut sharp = Vec::new();
        if problem.has_sharp() {
            // An item without options at the end starts past the array.
            sharp = vec![false; set.len() + 2];
            for item in problem.items() {
                sharp[start[item.index()] as usize] = problem.is_sharp(item);
            }
        }
        let initial = State { nodes, set, item: start, active: n_items as u32, force: Vec::with_capacity(2 * n_items) };
        Frame { initial, clr, option_of, option_first, second, hopeless, sharp, bounds }
    }
}

/// What a level branches on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Branch {
    /// No primary item is left: a solution.
    Solved,
    /// A primary item has no option left (after commitments, or with the
    /// sharp preference, when the item branched on was not the smallest).
    Dead,
    /// The item to branch on, and whether it is forced.
    Item(u32, bool),
}

/// The dancing-cells engine behind a [`Solver`](crate::Solver) configured with
/// [`Engine::Cells`](crate::Engine::Cells).
#[derive(Clone, Debug)]
pub(crate) struct Cells {
    frame: Arc<Frame>,
    state: State,
    colors: bool,
    /// `choice[l]`: the node of the option tried at level `l`.
    choice: Vec<u32>,
    /// `saved[l]..saved[l + 1]`: the sizes saved by level `l`, in `savestack`.
    saved: Vec<u32>,
    savestack: Vec<(u32, u32)>,
    level: usize,
    /// Levels below the floor were entered by descents.
    floor: usize,
    /// Where the search stands, its statistics and their reporting.
    run: Run,
    /// Options committed, in order, and the node each was committed by.
    committed: Vec<OptionId>,
    committed_nodes: Vec<u32>,
    /// Whether a search has run since the last commitment or descent: then the
    /// next one starts from fresh arrays.
    dirty: bool,
    solution: Vec<OptionId>,
    /// Descents replayed on the arrays since the engine was made (read by
    /// the tests, which bound what a split costs).
    replayed: u64,
    /// Whether the last option tried was given up because the monitor was
    /// stopped within it (step C6 then reports at once).
    stopped_within: bool,
    /// The state of a search by binary branching.
    binary: binary::Binary,
    /// While the probes of an estimate go on: the sizes of the sets of the
    /// items active where they began, and the items to force there, which
    /// end each probe (see [`Cells::end_probe`]).
    probe_root: Option<ProbeRoot>,
}

/// Where the probes of an estimate began: the sizes of the sets of the
/// active items (each item with its size), and the items to force there.
type ProbeRoot = (Vec<(u32, u32)>, Vec<u32>);

/// The updates an option may make before it looks at the monitor after each
/// of its items: most options cost far fewer, and look never.
const LOOK_WITHIN: u64 = 1 << 14;

/// Whether the cells engine takes `problem` when it branches as `branching`
/// says: any without bounds on items (or whose only bounds are `[1, 1]`,
/// which the `d`-way search takes as a plain problem); with bounds, only by
/// binary branching (Knuth's SSMCC).
pub(crate) fn takes(problem: &Problem, branching: Branching) -> bool {
    !problem.has_bounds() || branching == Branching::Binary
}

/// A node of a split's tree on the stack: its options that lead to inner
/// nodes, not yet visited, and the state to start each of them from (none
/// for a forced node, whose one option is descended in place).
struct SplitNode {
    inner: std::vec::IntoIter<u32>,
    snapshot: Option<State>,
}

impl Cells {
    pub(crate) fn new(problem: &Problem) -> Cells {
        let frame = Arc::new(Frame::new(problem));
        let depth = problem.n_primary() + 1;
        Cells {
            state: frame.initial.clone(),
            frame,
            colors: problem.has_colors(),
            choice: vec![0; depth],
            saved: vec![0; depth + 1],
            savestack: Vec::new(),
            level: 0,
            floor: 0,
            run: Run::default(),
            committed: Vec::with_capacity(depth),
            committed_nodes: Vec::with_capacity(depth),
            dirty: false,
            solution: Vec::with_capacity(depth),
            replayed: 0,
            stopped_within: false,
            binary: binary::Binary::default(),
            probe_root: None,
        }
    }

    // ---- The sparse sets --------------------------------------------------

    #[inline(always)]
    fn size(&self, x: u32) -> u32 {
        self.state.set[x as usize - 1]
    }

    #[inline(always)]
    fn pos(&self, x: u32) -> u32 {
        self.state.set[x as usize - 2]
    }

    /// Moves active item `c` to place `p` of `item`, the item there to `c`'s.
    #[inline(always)]
    fn swap_out(&mut self, c: u32, p: u32) {
        let s = &mut self.state;
        let k = s.set[c as usize - 2];
        let cc = s.item[p as usize];
        s.item[p as usize] = c;
        s.item[k as usize] = cc;
        s.set[cc as usize - 2] = k;
        s.set[c as usize - 2] = p;
    }

    /// Hides the options in `c`'s set (those whose colour differs from `color`,
    /// when it is not 0) from the sets of the items at places below `oactive`.
    /// When `CHECK`, stops and returns `false` as soon as an active primary item
    /// would lose its last option, and pushes those left with one on `force`.
    #[inline(always)]
    fn hide<const CHECK: bool>(&mut self, c: u32, color: u32, oactive: u32, updates: &mut u64) -> bool {
        let second = self.frame.second;
        let clr = &self.frame.clr;
        let s = &mut self.state;
        let end = c + s.set[c as usize - 1];
        for rr in c..end {
            let tt = s.set[rr as usize];
            if color != 0 && clr[tt as usize] == color {
                continue;
            }
            // Remove option tt from the other sets it is in.
            let mut nn = tt + 1;
            while nn != tt {
                let Node { itm, loc } = s.nodes[nn as usize];
                if itm < 0 {
                    nn = (nn as i32 + itm) as u32;
                    continue;
                }
                let uu = itm as usize;
                let pos = s.set[uu - 2];
                if pos < oactive {
                    let ss = s.set[uu - 1] - 1;
                    if CHECK && ss <= 1 && (uu as u32) < second && pos < s.active {
                        if ss == 0 {
                            return false;
                        }
                        s.force.push(uu as u32);
                    }
                    s.set[uu - 1] = ss;
                    let last = uu + ss as usize;
                    let nnp = s.set[last];
                    s.set[last] = nn;
                    s.set[loc as usize] = nnp;
                    s.nodes[nn as usize].loc = last as u32;
                    s.nodes[nnp as usize].loc = loc;
                    *updates += 1;
                }
                nn += 1;
            }
        }
        true
    }

    /// Step C3: what to branch on. Takes a forced item first, if one is still
    /// active; otherwise scans the active primary items, pushing those with one
    /// option on `force` and taking the last of them, or else the one with the
    /// smallest set, ties going to the item given first.
    #[inline(always)]
    fn branch(&mut self) -> Branch {
        while let Some(x) = self.state.force.pop() {
            if self.pos(x) < self.state.active {
                return Branch::Item(x, true);
            }
        }
        if !self.frame.sharp.is_empty() {
            return self.branch_sharp();
        }
        let second = self.frame.second;
        let s = &mut self.state;
        let (mut best, mut t) = (0, u32::MAX);
        for &x in &s.item[..s.active as usize] {
            if x < second {
                let size = s.set[x as usize - 1];
                if size <= 1 {
                    if size == 0 {
                        // The items pushed so far are forced no longer: the
                        // search backs up from here.
                        s.force.clear();
                        return Branch::Dead;
                    }
                    s.force.push(x);
                } else if size < t || (size == t && x < best) {
                    best = x;
                    t = size;
                }
            }
        }
        if let Some(x) = s.force.pop() {
            Branch::Item(x, true)
        } else if t == u32::MAX {
            Branch::Solved
        } else {
            Branch::Item(best, false)
        }
    }

    /// Step C3 with the sharp preference: [`Cells::branch`], but an item
    /// with two options or more that is not sharp ranks after every sharp
    /// item, whatever their sizes.
    #[cold]
    #[inline(never)]
    fn branch_sharp(&mut self) -> Branch {
        let second = self.frame.second;
        let sharp = &self.frame.sharp;
        let s = &mut self.state;
        let (mut best, mut t) = (0, u64::MAX);
        for &x in &s.item[..s.active as usize] {
            if x < second {
                let size = s.set[x as usize - 1];
                if size <= 1 {
                    if size == 0 {
                        // The items pushed so far are forced no longer: the
                        // search backs up from here.
                        s.force.clear();
                        return Branch::Dead;
                    }
                    s.force.push(x);
                } else {
                    let score = u64::from(size) + if sharp[x as usize] { 0 } else { 1 << 32 };
                    if score < t || (score == t && x < best) {
                        best = x;
                        t = score;
                    }
                }
            }
        }
        if let Some(x) = s.force.pop() {
            Branch::Item(x, true)
        } else if t == u64::MAX {
            Branch::Solved
        } else {
            Branch::Item(best, false)
        }
    }

    /// Step C4: deactivates item `best` and hides its options from the other
    /// sets; returns the new `oactive`.
    #[inline(always)]
    fn enter(&mut self, best: u32, updates: &mut u64) -> u32 {
        let p = self.state.active - 1;
        self.state.active = p;
        self.swap_out(best, p);
        *updates += 1;
        self.hide::<false>(best, 0, p, updates);
        p
    }

    /// Saves the sizes of the active items, for level `l`.
    #[inline(always)]
    fn save(&mut self, l: usize) {
        let s = &self.state;
        let set = &s.set;
        self.savestack.extend(s.item[..s.active as usize].iter().map(|&x| (x, set[x as usize - 1])));
        self.saved[l + 1] = self.savestack.len() as u32;
    }

    /// Restores the sizes saved by level `l`, and the active items then.
    #[inline(always)]
    fn restore_sizes(&mut self, l: usize) {
        let (from, to) = (self.saved[l] as usize, self.saved[l + 1] as usize);
        self.savestack.truncate(to);
        self.state.active = (to - from) as u32;
        for &(x, size) in &self.savestack[from..to] {
            self.state.set[x as usize - 1] = size;
        }
    }

    /// Step C5: tries the option of node `x`: deactivates its other items, then
    /// hides what conflicts with them. Returns `false` when that would leave an
    /// active primary item without options, or when `stop` was stopped (it is
    /// looked at after each item: an item with tens of thousands of options
    /// costs millions of updates); the state is then for
    /// [`Cells::restore_sizes`] to restore.
    #[inline(always)]
    fn try_option<const COLORS: bool, const CHECK: bool>(
        &mut self,
        x: u32,
        updates: &mut u64,
        stop: Option<&Monitor>,
    ) -> bool {
        let oactive = self.state.active;
        let look = *updates + LOOK_WITHIN;
        let mut p = oactive;
        let mut q = x + 1;
        while q != x {
            let itm = self.state.nodes[q as usize].itm;
            if itm < 0 {
                q = (q as i32 + itm) as u32;
                continue;
            }
            let c = itm as u32;
            if self.pos(c) < p {
                p -= 1;
                self.swap_out(c, p);
                *updates += 1;
            }
            q += 1;
        }
        self.state.active = p;
        let second = self.frame.second;
        let mut q = x + 1;
        while q != x {
            let itm = self.state.nodes[q as usize].itm;
            if itm < 0 {
                q = (q as i32 + itm) as u32;
                continue;
            }
            let c = itm as u32;
            let ok = if c < second {
                self.hide::<CHECK>(c, 0, oactive, updates)
            } else if self.pos(c) < oactive {
                // A secondary item deactivated earlier already has this colour.
                let color = if COLORS { self.frame.clr[q as usize] } else { 0 };
                self.hide::<CHECK>(c, color, oactive, updates)
            } else {
                true
            };
            if !ok {
                self.state.force.clear();
                return false;
            }
            if *updates >= look && stop.is_some_and(Monitor::is_stopped) {
                self.state.force.clear();
                self.stopped_within = true;
                return false;
            }
            q += 1;
        }
        true
    }

    // ---- Commitments, descents, fresh starts -------------------------------

    /// Whether the item whose set starts at `x` is primary.
    #[inline]
    fn is_primary(&self, x: u32) -> bool {
        x < self.frame.second
    }

    /// The first node of `option` on a primary item.
    fn primary_node(&self, option: OptionId) -> Result<u32, CommitError> {
        let first = *self.frame.option_first.get(option.index()).ok_or(CommitError::UnknownOption(option.0))?;
        let mut p = first;
        while self.state.nodes[p as usize].itm > 0 {
            if self.is_primary(self.state.nodes[p as usize].itm as u32) {
                return Ok(p);
            }
            p += 1;
        }
        // The builder gives every option a primary item.
        Err(CommitError::UnknownOption(option.0))
    }

    /// Whether every primary item of `option` is active with the option in its
    /// set: an option in conflict with the commitments was hidden from the sets
    /// of its active items, or has an item that is no longer active.
    fn is_available(&self, option: OptionId) -> bool {
        let Some(&first) = self.frame.option_first.get(option.index()) else { return false };
        let mut p = first;
        loop {
            let Node { itm, loc } = self.state.nodes[p as usize];
            if itm <= 0 {
                return true;
            }
            let x = itm as u32;
            if self.is_primary(x) && (self.pos(x) >= self.state.active || loc >= x + self.size(x)) {
                return false;
            }
            p += 1;
        }
    }

    /// Commits the option of node `p` (on a primary item): as if chosen, without
    /// counting, and hiding every conflicting option even when that leaves a
    /// primary item without options (the search then finds none).
    fn apply_commit(&mut self, p: u32) {
        let mut updates = 0;
        let item = self.state.nodes[p as usize].itm as u32;
        self.enter(item, &mut updates);
        if self.colors {
            self.try_option::<true, false>(p, &mut updates, None);
        } else {
            self.try_option::<false, false>(p, &mut updates, None);
        }
    }

    /// Enters the next level by the option of node `x`, as the search would.
    /// Returns `false` (the state then spoilt) when the search would not.
    fn apply_descent(&mut self, x: u32) -> bool {
        self.replayed += 1;
        let Branch::Item(item, _) = self.branch() else { return false };
        let Node { itm, loc } = self.state.nodes[x as usize];
        if itm as u32 != item || loc >= item + self.size(item) {
            return false;
        }
        let mut updates = 0;
        self.enter(item, &mut updates);
        if self.colors {
            self.try_option::<true, true>(x, &mut updates, None)
        } else {
            self.try_option::<false, true>(x, &mut updates, None)
        }
    }

    /// Starts again from the initial arrays, with the commitments and the
    /// descents replayed on them.
    fn refresh(&mut self) {
        self.probe_root = None;
        self.state.clone_from(&self.frame.initial);
        for k in 0..self.committed_nodes.len() {
            self.apply_commit(self.committed_nodes[k]);
        }
        for l in 0..self.floor {
            let replayed = self.apply_descent(self.choice[l]);
            debug_assert!(replayed, "a descent replays");
        }
        self.savestack.clear();
        self.level = self.floor;
        self.run.phase = Phase::Idle;
        self.dirty = false;
    }

    fn fresh(&mut self) {
        self.stop();
        if self.dirty {
            self.refresh();
        }
    }

    pub(crate) fn commit(&mut self, option: OptionId) -> Result<(), CommitError> {
        self.fresh();
        if self.floor > 0 {
            return Err(CommitError::AfterDescent(option.0));
        }
        let p = self.primary_node(option)?;
        if !self.is_available(option) {
            return Err(CommitError::Conflict(option.0));
        }
        self.apply_commit(p);
        self.committed.push(option);
        self.committed_nodes.push(p);
        Ok(())
    }

    pub(crate) fn can_commit(&mut self, option: OptionId) -> bool {
        self.fresh();
        self.is_available(option)
    }

    pub(crate) fn reset(&mut self) {
        self.stop();
        self.probe_root = None;
        let touched = self.dirty || self.floor > 0 || !self.committed.is_empty();
        self.floor = 0;
        self.level = 0;
        self.committed.clear();
        self.committed_nodes.clear();
        if touched {
            self.state.clone_from(&self.frame.initial);
        }
        self.dirty = false;
    }

    /// Enters the next level by `option` on the item the search would branch
    /// on; refused as the bitset engine refuses it.
    pub(crate) fn descend(&mut self, option: OptionId) -> Result<(), DescendError> {
        self.fresh();
        let Some(&first) = self.frame.option_first.get(option.index()) else {
            return Err(DescendError::UnknownOption(option.0));
        };
        if self.state.active == 0 {
            return Err(DescendError::Solved);
        }
        // The node of the option on the item the search would branch on.
        let before = self.state.force.clone();
        let branch = self.branch();
        self.state.force = before;
        let item = match branch {
            Branch::Item(item, _) => item,
            Branch::Solved => return Err(DescendError::Solved),
            Branch::Dead => return Err(DescendError::DeadEnd),
        };
        let mut x = first;
        while self.state.nodes[x as usize].itm > 0 && self.state.nodes[x as usize].itm as u32 != item {
            x += 1;
        }
        if self.state.nodes[x as usize].itm <= 0 {
            return Err(DescendError::NotInPlay(option.0));
        }
        if !self.apply_descent(x) {
            self.dirty = true;
            return Err(DescendError::NotInPlay(option.0));
        }
        self.choice[self.level] = x;
        self.level += 1;
        self.floor = self.level;
        Ok(())
    }

    /// One step of a probe ([`Resumable::probe`]): the node the arrays
    /// stand at, as SSXCC enters it (C2 to C4), then the option drawn tried
    /// (C5) from the state its item's entry leaves, as the replay of a
    /// descent tries it, and kept when it leads to a node. An option that
    /// leaves an item without options enters none: its updates are those
    /// counted until it was given up (when several items run out, which one
    /// SSXCC sees first depends on the order its sets are in).
    fn probe(&mut self, draw: Draw<'_>) -> Probe {
        self.stop();
        if self.probe_root.is_none() {
            self.fresh();
            let s = &self.state;
            let sizes = s.item[..s.active as usize].iter().map(|&x| (x, s.set[x as usize - 1])).collect();
            self.probe_root = Some((sizes, s.force.clone()));
            // The arrays are the probe's until they are refreshed.
            self.dirty = true;
        }
        if self.frame.hopeless {
            // SSXCC does not search when an item has no options.
            return Probe::NoNode;
        }
        let best = match self.branch() {
            Branch::Solved => return Probe::Solved,
            Branch::Dead => return Probe::Node { moves: 0, fixed: 0, drawn: 0, child: Child::Nothing },
            Branch::Item(best, _) => best,
        };
        let (mut fixed, mut drawn) = (0, 0);
        self.enter(best, &mut fixed);
        let moves = self.size(best) as usize;
        if moves == 0 {
            return Probe::Node { moves, fixed, drawn, child: Child::Nothing };
        }
        let x = self.state.set[best as usize + draw(moves)];
        let tried = if self.colors {
            self.try_option::<true, true>(x, &mut drawn, None)
        } else {
            self.try_option::<false, true>(x, &mut drawn, None)
        };
        if !tried {
            return Probe::Node { moves, fixed, drawn, child: Child::Failed };
        }
        self.choice[self.level] = x;
        self.level += 1;
        Probe::Node { moves, fixed, drawn, child: Child::Entered }
    }

    /// Ends a probe: the sizes of the sets where the probes began put back,
    /// which puts back every option and item the probe took out, as the
    /// search backtracks (the order within the sets is another, so the
    /// arrays are refreshed before anything but a probe is done with them).
    fn end_probe(&mut self) {
        let Some((sizes, force)) = &self.probe_root else { return };
        self.state.active = sizes.len() as u32;
        for &(x, size) in sizes {
            self.state.set[x as usize - 1] = size;
        }
        self.state.force.clone_from(force);
        self.level = self.floor;
    }

    /// Ends a search stopped at a solution: the arrays are refreshed before
    /// anything else is done with them.
    pub(crate) fn stop(&mut self) {
        if self.run.phase == Phase::Suspended {
            self.dirty = true;
            self.level = self.floor;
        }
        self.run.phase = Phase::Idle;
    }

    pub(crate) fn restart(&mut self) {
        self.fresh();
        self.run.restart();
        self.savestack.clear();
        self.saved[self.floor] = 0;
        self.dirty = true;
    }

    pub(crate) fn solution(&mut self) -> &[OptionId] {
        if self.binary.unread {
            self.read_binary();
        }
        self.solution.clear();
        self.solution.extend_from_slice(&self.committed);
        for l in 0..self.level {
            self.solution.push(OptionId(self.frame.option_of[self.choice[l] as usize]));
        }
        &self.solution
    }

    /// Whether no active primary item is left.
    fn solved(&self) -> bool {
        let s = &self.state;
        !s.item[..s.active as usize].iter().any(|&x| x < self.frame.second)
    }

    // ---- Searches -------------------------------------------------------------

    /// The split of the search tree at `depth` levels below the floor, each
    /// node of the tree reached from fresh arrays (see the module's docs).
    pub(crate) fn split<F>(&mut self, depth: usize, monitor: Option<&Monitor>, mut leaf: F) -> Stats
    where
        F: FnMut(&[OptionId]) -> ControlFlow<()>,
    {
        self.restart();
        let mut path = Vec::with_capacity(depth);
        let mut stats = Stats::default();
        if !self.frame.hopeless {
            let _ = self.split_at(depth, monitor, &mut path, &mut stats, &mut leaf);
            self.run.interrupted = monitor.is_some_and(Monitor::is_stopped);
        }
        self.run.stats = stats;
        self.dirty = true;
        stats
    }

    fn leaf<F>(&mut self, path: &[u32], leaf: &mut F) -> ControlFlow<()>
    where
        F: FnMut(&[OptionId]) -> ControlFlow<()>,
    {
        self.solution.clear();
        self.solution.extend_from_slice(&self.committed);
        for &x in self.choice[..self.floor].iter().chain(path) {
            self.solution.push(OptionId(self.frame.option_of[x as usize]));
        }
        leaf(&self.solution)
    }

    /// The split tree below the node `path` leads to, the arrays fresh with
    /// `path` descended: each node's options tried from that state, and the
    /// nodes below visited in order, each reached in the state a fresh replay
    /// of its prefix would give. A node that branches saves a copy of its
    /// state (a snapshot) for its inner children, each of which starts from
    /// it with one descent; a forced node's one option is descended in place,
    /// so a long stretch of forced moves costs no more than the search itself.
    /// A loop with a stack of the options left at each level rather than a
    /// recursion, so that a deep split cannot overflow the stack. `Break` when
    /// a leaf stopped the split.
    fn split_at<F>(
        &mut self,
        depth: usize,
        monitor: Option<&Monitor>,
        path: &mut Vec<u32>,
        stats: &mut Stats,
        leaf: &mut F,
    ) -> ControlFlow<()>
    where
        F: FnMut(&[OptionId]) -> ControlFlow<()>,
    {
        if path.len() == depth || self.solved() {
            return self.leaf(path, leaf);
        }
        let mut stack = vec![self.split_node(depth, monitor, path, stats, leaf)?];
        while let Some(node) = stack.last_mut() {
            match node.inner.next() {
                // Each node of the split tries every option of its item: a
                // stop is heard between two nodes.
                Some(_) if monitor.is_some_and(Monitor::is_stopped) => return ControlFlow::Break(()),
                Some(x) => {
                    path.push(x);
                    match &mut node.snapshot {
                        // The last child takes the snapshot; the others copy it.
                        Some(_) if node.inner.len() == 0 => {
                            self.state = node.snapshot.take().expect("a snapshot");
                            let replayed = self.apply_descent(x);
                            debug_assert!(replayed, "a prefix of the split replays");
                        }
                        Some(snapshot) => {
                            self.state.clone_from(snapshot);
                            let replayed = self.apply_descent(x);
                            debug_assert!(replayed, "a prefix of the split replays");
                        }
                        // A forced node left the state with its option descended.
                        None => {}
                    }
                    let inner = self.split_node(depth, monitor, path, stats, leaf)?;
                    stack.push(inner);
                }
                None => {
                    stack.pop();
                    // The root's options have no move of their own above them.
                    if !stack.is_empty() {
                        path.pop();
                    }
                }
            }
        }
        ControlFlow::Continue(())
    }

    /// One inner node of the split tree, the arrays as a fresh replay of
    /// `path` leaves them: its leaves handed to `leaf`, and its options that
    /// lead to inner nodes returned. A node that branches returns a snapshot
    /// of the state it started from; a forced node whose one option leads to
    /// an inner node returns none, and leaves that option descended.
    fn split_node<F>(
        &mut self,
        depth: usize,
        monitor: Option<&Monitor>,
        path: &mut Vec<u32>,
        stats: &mut Stats,
        leaf: &mut F,
    ) -> ControlFlow<(), SplitNode>
    where
        F: FnMut(&[OptionId]) -> ControlFlow<()>,
    {
        stats.nodes += 1;
        // Whether the item to branch on is forced, without changing what the
        // search will find (`branch` pops and pushes forced items).
        let force = self.state.force.clone();
        let branch = self.branch();
        self.state.force = force;
        let Branch::Item(item, forced) = branch else {
            return ControlFlow::Continue(SplitNode { inner: Vec::new().into_iter(), snapshot: None });
        };
        let forced = forced && self.size(item) == 1;
        let snapshot = (!forced).then(|| self.state.clone());
        let Branch::Item(best, _) = self.branch() else { unreachable!("the same branch") };
        let mut updates = 0;
        self.enter(best, &mut updates);
        let l = self.floor + path.len();
        self.savestack.clear();
        self.saved[l] = 0;
        if !forced {
            self.save(l);
        }
        let options: Vec<u32> = self.state.set[best as usize..(best + self.size(best)) as usize].to_vec();
        let mut inner = Vec::new();
        for &x in &options {
            // Each option tried may cost millions of updates: a stop is
            // heard between two.
            if monitor.is_some_and(Monitor::is_stopped) {
                stats.updates += updates;
                return ControlFlow::Break(());
            }
            let tried = if self.colors {
                self.try_option::<true, true>(x, &mut updates, monitor)
            } else {
                self.try_option::<false, true>(x, &mut updates, monitor)
            };
            let mut flow = ControlFlow::Continue(());
            if tried {
                path.push(x);
                if path.len() == depth || self.solved() {
                    flow = self.leaf(path, leaf);
                } else {
                    inner.push(x);
                }
                path.pop();
            }
            if forced {
                // One option: the state is the descent's when it leads on.
                stats.updates += updates;
                flow?;
                break;
            }
            self.state.force.clear();
            self.restore_sizes(l);
            if flow.is_break() {
                stats.updates += updates;
                return ControlFlow::Break(());
            }
        }
        if !forced {
            stats.updates += updates;
        }
        ControlFlow::Continue(SplitNode { inner: inner.into_iter(), snapshot })
    }

    /// Adds what the monitor has not yet seen, and Knuth's estimate of the
    /// fraction done. Returns whether to stop.
    #[cold]
    #[inline(never)]
    fn report(&mut self, monitor: &Monitor, level: usize) -> bool {
        if self.floor > 0 {
            return self.run.report(monitor, None);
        }
        let (choice, state, run) = (&self.choice, &self.state, &mut self.run);
        let mut levels = choice[..level].iter().map(|&x| {
            let Node { itm, loc } = state.nodes[x as usize];
            (loc - itm as u32, state.set[itm as usize - 1])
        });
        run.report(monitor, Some(&mut levels))
    }

    pub(crate) fn search<F>(&mut self, config: &Config, mut on_solution: F)
    where
        F: FnMut(&mut Cells) -> ControlFlow<()>,
    {
        self.search_with(config, &mut on_solution);
    }

    /// [`search`](Cells::search) with the visitor behind a pointer: it is
    /// called at solutions only, so the loops are compiled once, not once
    /// more for every visitor.
    #[inline(never)]
    fn search_with(&mut self, config: &Config, on_solution: &mut dyn FnMut(&mut Cells) -> ControlFlow<()>) {
        if config.get_branching() == Branching::Binary {
            match (self.colors, !self.frame.bounds.is_empty()) {
                (true, false) => self.search_binary::<true, false, _>(config, on_solution),
                (false, false) => self.search_binary::<false, false, _>(config, on_solution),
                (true, true) => self.search_binary::<true, true, _>(config, on_solution),
                (false, true) => self.search_binary::<false, true, _>(config, on_solution),
            }
        } else if self.colors {
            self.search_in::<true, _>(config, on_solution)
        } else {
            self.search_in::<false, _>(config, on_solution)
        }
    }

    /// SSXCC's search as a loop over levels with the `choice` stack, so that it
    /// can stop at a solution and resume later.
    #[inline(always)]
    fn search_in<const COLORS: bool, F>(&mut self, config: &Config, mut on_solution: F)
    where
        F: FnMut(&mut Cells) -> ControlFlow<()>,
    {
        #[derive(Clone, Copy)]
        enum At {
            Forward,
            Advance,
            Abort,
            Backup,
        }
        if self.run.phase == Phase::Done {
            return;
        }
        if self.frame.hopeless {
            // SSXCC does not search when an item has no options.
            self.run.phase = Phase::Done;
            return;
        }
        let monitor = config.get_monitor().map(Arc::clone);
        let mut at = if self.run.phase == Phase::Suspended { At::Backup } else { At::Forward };
        self.run.phase = Phase::Idle;
        let mut l = self.level;
        let mut nodes = self.run.stats.nodes;
        let mut updates = self.run.stats.updates;
        // The item branched on at level l, and the place in its set of the
        // option tried there.
        let (mut best, mut cur) = (0u32, 0u32);
        loop {
            match at {
                At::Forward => {
                    // C2: enter level l.
                    nodes += 1;
                    if let Some(monitor) = &monitor
                        && self.run.due(nodes, updates)
                    {
                        self.run.stats.nodes = nodes;
                        self.run.stats.updates = updates;
                        if self.report(monitor, l) {
                            self.run.interrupt();
                            self.level = l;
                            return;
                        }
                    }
                    // C3: choose the item to branch on.
                    match self.branch() {
                        Branch::Solved => {
                            self.run.stats =
                                Stats { nodes, updates, cleansings: 0, solutions: self.run.stats.solutions + 1 };
                            self.level = l;
                            if on_solution(self).is_break() {
                                self.run.phase = Phase::Suspended;
                                if let Some(monitor) = &monitor {
                                    self.report(monitor, l);
                                }
                                return;
                            }
                            at = At::Backup;
                        }
                        Branch::Dead => at = At::Backup,
                        Branch::Item(item, forced) => {
                            // C4: deactivate the item and hide its options.
                            best = item;
                            self.enter(best, &mut updates);
                            if forced {
                                self.saved[l + 1] = self.savestack.len() as u32;
                            } else {
                                self.save(l);
                            }
                            cur = best;
                            at = At::Advance;
                        }
                    }
                }
                At::Advance => {
                    // C5: try the option at place cur of best's set.
                    let x = self.state.set[cur as usize];
                    self.choice[l] = x;
                    if self.try_option::<COLORS, true>(x, &mut updates, monitor.as_deref()) {
                        l += 1;
                        at = At::Forward;
                    } else {
                        at = At::Abort;
                    }
                }
                At::Abort => {
                    // C6: the next option, if any, from the sizes saved.
                    // Options that fail enter no node, yet a level may try
                    // thousands of them: the monitor hears of their updates.
                    // So may one option, when its items have thousands of
                    // options each: a stop heard within it aborts it.
                    if let Some(monitor) = &monitor
                        && (self.run.worked(updates) || std::mem::take(&mut self.stopped_within))
                    {
                        self.run.stats.nodes = nodes;
                        self.run.stats.updates = updates;
                        if self.report(monitor, l) {
                            // Resumed, the search backs up from level l, as
                            // from a stop at its entrance.
                            self.run.interrupt();
                            self.level = l;
                            return;
                        }
                    }
                    if cur + 1 >= best + self.size(best) {
                        at = At::Backup;
                    } else {
                        self.restore_sizes(l);
                        cur += 1;
                        at = At::Advance;
                    }
                }
                At::Backup => {
                    // C8: leave level l.
                    if l == self.floor {
                        self.run.stats.nodes = nodes;
                        self.run.stats.updates = updates;
                        self.level = l;
                        self.run.phase = Phase::Done;
                        if let Some(monitor) = &monitor {
                            self.report(monitor, l);
                        }
                        return;
                    }
                    l -= 1;
                    let Node { itm, loc } = self.state.nodes[self.choice[l] as usize];
                    (best, cur) = (itm as u32, loc);
                    at = At::Abort;
                }
            }
        }
    }
}

impl Resumable for Cells {
    resumable_common!(Cells);

    fn run<F: FnMut(&mut Self) -> ControlFlow<()>>(&mut self, config: &Config, on_solution: F) {
        self.search(config, on_solution);
    }

    fn descend(&mut self, step: Option<OptionId>) -> Result<(), DescendError> {
        // No bounds, hence no move that takes no option.
        Cells::descend(self, step.ok_or(DescendError::NoNullMove)?)
    }

    fn probe(&mut self, draw: Draw<'_>) -> Probe {
        Cells::probe(self, draw)
    }

    fn end_probe(&mut self) {
        Cells::end_probe(self);
    }

    fn split<F: FnMut(&[Option<OptionId>]) -> ControlFlow<()>>(
        &mut self,
        depth: usize,
        monitor: Option<&Arc<Monitor>>,
        leaf: F,
    ) -> Stats {
        let committed = self.committed().len();
        Cells::split(self, depth, monitor.map(Arc::as_ref), as_moves(committed, leaf))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stats_of(text: &str) -> Stats {
        let problem = Problem::from_knuth(text).unwrap();
        let mut cells = Cells::new(&problem);
        cells.count(&Config::new());
        cells.stats()
    }

    /// Small problems with bounds (four items exactly once, one once or
    /// twice, one at most once; two secondary items): binary branching
    /// counts what trying every set of options finds. Small enough for
    /// Miri, which checks its unchecked reads and writes (the node module's
    /// invariant 6).
    #[test]
    fn binary_branching_counts_small_problems_as_every_set_of_options_says() {
        let header = "a b c 1:2|d 0:1|e f | x y";
        let solves = |&[a, b, c, d, e, f, x, y]: &[u32; 8]| {
            [a, b, c, f] == [1; 4] && (1..=2).contains(&d) && e <= 1 && x <= 1 && y <= 1
        };
        // Miri checks the unchecked reads and writes on two of them.
        let count = if cfg!(miri) { 2 } else { 6 };
        for (problem, solutions) in crate::util::small::small_problems(header, count, 0x9E37_79B9_7F4A_7C15, solves) {
            let mut cells = Cells::new(&problem);
            cells.count(&Config::new().branching(Branching::Binary));
            assert_eq!(cells.stats().solutions, solutions, "{problem:?}");
        }
    }

    /// Langford pairs for n = 8 (the options `vk si s(i+k+1)` in order of
    /// `k` then `i`, as `data/knuth/binary/langford_8.dlx`): every option
    /// has three items and none is secondary, so that binary branching
    /// takes its options of one length; the figures are Knuth's
    /// SSXCC-BINARY's on that file.
    #[test]
    #[cfg_attr(miri, ignore = "a minute and a half under Miri, through the same reads as the small problems above")]
    fn binary_branching_counts_langford_pairs_as_ssxcc_binary_counts() {
        let n = 8;
        let items: Vec<String> = (1..=n).map(|k| format!("v{k}")).chain((1..=2 * n).map(|i| format!("s{i}"))).collect();
        let mut lines = vec![items.join(" ")];
        for k in 1..=n {
            for i in 1..2 * n - k {
                lines.push(format!("v{k} s{i} s{}", i + k + 1));
            }
        }
        let problem = Problem::from_knuth(&lines.join("\n")).unwrap();
        let mut cells = Cells::new(&problem);
        cells.count(&Config::new().branching(Branching::Binary));
        let stats = cells.stats();
        assert_eq!((stats.solutions, stats.nodes, stats.updates), (300, 3094, 26375));
    }

    #[test]
    fn the_toy_problems_count_as_ssxcc_counts() {
        let toy = stats_of("A B C D E | F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n");
        assert_eq!((toy.solutions, toy.nodes, toy.updates), (1, 5, 27));
        let colors = stats_of("A B C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nX:0 Y:1\nB X:1\nC Y:1\n");
        assert_eq!((colors.solutions, colors.nodes, colors.updates), (1, 3, 16));
    }

    /// A chain of forced moves splits in time linear in its length: each
    /// node of the split starts from its parent's state, not from a replay of
    /// its whole prefix (which made 2,000,000 descents here), and a branching
    /// node's children from a copy of its state.
    #[test]
    #[cfg_attr(miri, ignore = "2,000 levels: minutes under Miri")]
    fn a_split_replays_each_node_once() {
        let n = 2000;
        let mut text = (0..n).map(|i| format!("i{i}")).collect::<Vec<_>>().join(" ");
        text.push('\n');
        for i in 0..n {
            text.push_str(&format!("i{i}\n"));
        }
        let chain = Problem::from_knuth(&text).unwrap();
        let mut cells = Cells::new(&chain);
        let mut leaves = Vec::new();
        let stats = cells.split(n, None, |prefix| {
            leaves.push(prefix.len());
            ControlFlow::Continue(())
        });
        assert_eq!(leaves, [n]);
        assert_eq!(stats.nodes, n as u64);
        assert!(cells.replayed <= n as u64, "{} descents replayed", cells.replayed);

        let mut b = Problem::builder();
        let items: Vec<_> = (0..12).map(|i| b.primary(&format!("{i}")).unwrap()).collect();
        for &item in &items {
            b.option([item]).unwrap();
            b.option([item]).unwrap();
        }
        let binary = b.build().unwrap();
        let mut cells = Cells::new(&binary);
        let mut prefixes = Vec::new();
        cells.split(10, None, |prefix| {
            prefixes.push(prefix.to_vec());
            ControlFlow::Continue(())
        });
        assert_eq!(prefixes.len(), 1024);
        // One descent per inner node below the root: 2 + 4 + … + 512.
        assert_eq!(cells.replayed, 1022);
        // Each prefix replays from fresh arrays as the split found it.
        for prefix in prefixes.iter().step_by(97) {
            cells.reset();
            for &option in prefix {
                cells.descend(option).unwrap();
            }
        }
    }

    #[test]
    fn searches_start_fresh_and_leave_no_trace() {
        let problem = Problem::from_knuth("A B C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nX:0 Y:1 A\nB X:1\nC Y:1\n").unwrap();
        let mut cells = Cells::new(&problem);
        let config = Config::new();
        let count = cells.count(&config);
        let first = cells.stats();
        assert_eq!(cells.count(&config), count);
        assert_eq!(cells.stats(), first);
        cells.start();
        assert!(cells.next(&config).is_some());
        cells.reset();
        assert_eq!(cells.state, cells.frame.initial);
        assert!(cells.commit(OptionId(1)).is_ok());
        cells.count(&config);
        cells.reset();
        assert_eq!(cells.state, cells.frame.initial);
    }
}
