//! Bounds on primary items in dense bitsets: Knuth's Algorithm M (DLX3's
//! method) with frames instead of links.
//!
//! A primary item with bounds `[a, b]` other than `[1, 1]` is a **bounded**
//! item. Its count of options in play lives past the blocks the choice scans
//! (its own place there stays covered, so the vector scan of the exact items
//! is untouched), and each frame holds how many more times each bounded item
//! may be covered (Knuth's `bound`, from `b` down). The conflicts an option
//! is committed by leave the bounded items out: options that share one may go
//! together until its bound runs out, and then the item is covered as the
//! links cover it.
//!
//! The search is the links engine's Algorithm M, step for step: the same item
//! at each node (the least branching degree `len + s - bound + 1`, `s` the
//! smaller of slack and bound; ties to the smaller `s`, the longer list, the
//! first item), its moves in the same order. Entering a level (M4) counts the
//! item's bound down, covering the item when it reaches 0; its moves are then
//! known at once, since the list only gets shorter as they are tried: the
//! first `t` of its options in play, `t` the branching degree, the last move
//! being the null move (no option) when `t` exceeds their number. With bound
//! left, each option tried is first **tweaked** out of the level's own frame,
//! for good: the moves after it, null move included, see it gone, as they
//! see it gone from the links. The null move then retires the item, which has
//! no option left in play, by marking it covered. So the nodes and the
//! solutions, in their order, are DLX3's; the updates count the work done
//! (an update for each item of an option hidden or tweaked, and for each item
//! covered), the bitset engine's own measure.

use std::ops::ControlFlow;
use std::sync::Arc;

use super::{Bits, Count, Frame, Level, Shape, Slab};
use crate::run::Levels;
use crate::util::problem::{OptionId, Problem};
use crate::util::search::{Config, DescendError};

/// No bounded item: an exact one, or a level's move that takes no option.
pub(super) const NONE: u32 = u32::MAX;

/// The score of a frame with no primary item left: a solution.
const SOLVED: i32 = i32::MAX;

/// How a level moves (the low two bits of `Bits::moves`).
/// The item was covered on entering the level: its options are tried one by
/// one, nothing tweaked, no null move.
const PLAIN: u32 = 0;
/// The item was covered on entering the level but has slack: its options,
/// then the null move, which does nothing more.
const COVERED_NULL: u32 = 1;
/// The item has bound left: each option tried is tweaked out of the level's
/// frame first; the null move (when allowed) retires the item.
const TWEAK: u32 = 2;

/// What bounds add to a problem's shape: empty without bounds.
#[derive(Debug, Default)]
pub(super) struct Bounded {
    /// Whether the search is Algorithm M: the problem declares bounds
    /// ([`Problem::declares_bounds`]), even if only `[1, 1]` (then no item
    /// is bounded here, and every level is [`PLAIN`]).
    pub(super) on: bool,
    /// `item[b]`: the number of bounded item `b`.
    pub(super) item: Vec<u32>,
    /// `of[h]`: the number `b` of primary item `h`, or [`NONE`] for an item
    /// with bounds `[1, 1]`.
    of: Vec<u32>,
    /// The slack (upper bound less lower bound) and the upper bound of
    /// bounded item `b`.
    slack: Vec<i32>,
    pub(super) upper: Vec<i32>,
    /// Where the counts of the bounded items start in a frame's counts.
    pub(super) base: usize,
    /// Option `p`'s bounded items, `opt[start[p]..start[p + 1]]`.
    pub(super) start: Vec<u32>,
    pub(super) opt: Vec<u32>,
}

impl Bounded {
    /// The bounded items of `problem` (items numbered by `number`), with
    /// their counts from `base` on.
    pub(super) fn new(problem: &Problem, number: &[u32], base: usize) -> Bounded {
        let mut bounded = Bounded { base, on: problem.declares_bounds(), ..Bounded::default() };
        if !bounded.on {
            return bounded;
        }
        bounded.of = vec![NONE; problem.n_primary()];
        let mut items: Vec<(u32, (u32, u32))> = problem
            .items()
            .filter(|&i| problem.is_primary(i) && problem.bounds(i) != (1, 1))
            .map(|i| (number[i.index()], problem.bounds(i)))
            .collect();
        items.sort_unstable();
        for (b, &(h, (lower, upper))) in items.iter().enumerate() {
            bounded.of[h as usize] = b as u32;
            bounded.item.push(h);
            // The builder keeps bounds below `i32::MAX`.
            bounded.upper.push(upper as i32);
            bounded.slack.push((upper - lower) as i32);
        }
        bounded.start.push(0);
        bounded
    }

    /// The bounded number of primary item `h`, if it has bounds.
    #[inline(always)]
    pub(super) fn number(&self, h: u32) -> Option<u32> {
        self.of.get(h as usize).copied().filter(|&b| b != NONE)
    }

    /// The place of primary item `h`'s count in a frame.
    #[inline(always)]
    pub(super) fn slot(&self, h: u32) -> u32 {
        match self.number(h) {
            Some(b) => (self.base + b as usize) as u32,
            None => h,
        }
    }
}

/// The number of counts a frame with bounds keeps: the exact items' blocks,
/// the padding's block, the bounded items' blocks.
#[inline(always)]
fn span<C: Count>(sh: &Shape<C>) -> usize {
    sh.count.len()
}

impl<C: Count> Frame<'_, C> {
    /// Knuth's choice of item with bounds (M3) in this frame: the item and
    /// its branching degree, [`SOLVED`] when no primary item is left.
    #[inline(always)]
    fn choose_bounded(&self, bound: &[i32]) -> (u32, i32) {
        let sh = self.shape;
        if !sh.sharp.is_empty() {
            return self.choose_bounded_sharp(bound);
        }
        // The exact items: the first with the fewest options, whose degree is
        // its count (no slack, a bound of 1).
        let (mut best, mut score, mut best_s, mut best_len) = match super::choose(&self.count[..sh.width]) {
            Some(h) => {
                let len = self.count[h as usize].value();
                (h, len, 0, len)
            }
            None => (NONE, SOLVED, 0, 0),
        };
        let bd = &sh.bounded;
        for (b, (&slack, &h)) in bd.slack.iter().zip(&bd.item).enumerate() {
            let c = self.count[bd.base + b];
            if c.is_covered() {
                continue;
            }
            let (len, bound) = (c.value(), bound[b]);
            let s = slack.min(bound);
            let t = len + 1 - (bound - s);
            let better = t < score
                || (t == score && (s < best_s || (s == best_s && (len > best_len || (len == best_len && h < best)))));
            if better {
                (best, score, best_s, best_len) = (h, t, s, len);
            }
        }
        (best, score)
    }

    /// [`Frame::choose_bounded`] with the sharp preference (DLX3-SHARP): a
    /// degree of 2 or more of an item that is not sharp ranks after every
    /// sharp item's.
    #[cold]
    #[inline(never)]
    fn choose_bounded_sharp(&self, bound: &[i32]) -> (u32, i32) {
        const BIAS: i64 = 1 << 32;
        let sh = self.shape;
        let (mut best, mut score, mut best_s, mut best_len) =
            match super::choose_sharp(&self.count[..sh.width], &sh.sharp) {
                Some((h, t)) => (h, t, 0, self.count[h as usize].value()),
                None => (NONE, i64::MAX, 0, 0),
            };
        let bd = &sh.bounded;
        for (b, (&slack, &h)) in bd.slack.iter().zip(&bd.item).enumerate() {
            let c = self.count[bd.base + b];
            if c.is_covered() {
                continue;
            }
            let (len, bound) = (c.value(), bound[b]);
            let s = slack.min(bound);
            let t = len + 1 - (bound - s);
            let t = i64::from(t) + if t > 1 && !sh.sharp[h as usize] { BIAS } else { 0 };
            let better = t < score
                || (t == score && (s < best_s || (s == best_s && (len > best_len || (len == best_len && h < best)))));
            if better {
                (best, score, best_s, best_len) = (h, t, s, len);
            }
        }
        if best == NONE {
            return (NONE, SOLVED);
        }
        (best, if score >= BIAS { score - BIAS } else { score } as i32)
    }

    /// Tweaks option `p` out of play: its bit and one option for each of its
    /// primary items, an update for each of its items.
    #[inline(always)]
    fn tweak<const COLORS: bool>(&mut self, p: u32, updates: &mut u64) {
        self.live[(p >> 6) as usize] &= !(1u64 << (p & 63));
        self.drop_counts::<COLORS, false, 0>(p, updates);
        *updates += 1;
    }

    /// Covers bounded item `h` (count at `slot`): hides the options in play
    /// that have it.
    #[inline(always)]
    fn cover_bounded<const COLORS: bool>(&mut self, h: u32, slot: usize, updates: &mut u64) {
        let sh = self.shape;
        let (from, to) = (sh.word_start[h as usize] as usize, sh.word_start[h as usize + 1] as usize);
        self.hide_words::<COLORS, false>(sh.item_words[from..to].iter().copied(), updates);
        self.count[slot] = C::COVERED;
        *updates += 1;
    }

    /// M6 in this frame: commits the items of option `p` (already out of
    /// play) but the bounded item `skip` of its level: an exact item is
    /// covered, a coloured one purified, a bounded one has one cover fewer
    /// left and is covered when none is. By the option's conflicts when the
    /// problem keeps them, else item by item.
    #[inline(always)]
    fn commit_bounded<const COLORS: bool>(
        &mut self,
        bound: &mut [i32],
        p: u32,
        skip: u32,
        updates: &mut u64,
        cleansings: &mut u64,
    ) {
        let sh = self.shape;
        let q = p as usize;
        if !sh.conf_start.is_empty() {
            // Exact items and colours by the conflicts, which leave the
            // bounded items out.
            self.commit_whole::<COLORS, true>(p, updates, cleansings);
        } else {
            for t in sh.opt_start[q] as usize..sh.opt_start[q + 1] as usize {
                let h = sh.opt_items[t];
                if sh.bounded.number(h).is_none() {
                    let color = if COLORS { sh.opt_clr[t] } else { 0 };
                    self.commit::<COLORS>(h, color, updates, cleansings);
                }
            }
        }
        let bd = &sh.bounded;
        for &b in &bd.opt[bd.start[q] as usize..bd.start[q + 1] as usize] {
            if b == skip {
                continue;
            }
            bound[b as usize] -= 1;
            if bound[b as usize] == 0 {
                self.cover_bounded::<COLORS>(bd.item[b as usize], bd.base + b as usize, updates);
            }
        }
    }

    /// M4 on item `h` of degree `t` in this frame: one cover fewer left,
    /// the item covered when none is; its options in play written to `out`.
    /// Returns their number and the level's moves and kind.
    #[inline(always)]
    fn enter<const COLORS: bool>(
        &mut self,
        bound: &mut [i32],
        h: u32,
        t: i32,
        updates: &mut u64,
        out: &mut [u32],
    ) -> (u32, u32) {
        let sh = self.shape;
        let n = self.gather(h, out);
        let (kind, slot) = match sh.bounded.number(h) {
            None => (PLAIN, h as usize),
            Some(b) => {
                let b = b as usize;
                bound[b] -= 1;
                if bound[b] > 0 {
                    return (n as u32, (t as u32) << 2 | TWEAK);
                }
                (if sh.bounded.slack[b] == 0 { PLAIN } else { COVERED_NULL }, sh.bounded.base + b)
            }
        };
        match sh.fixed {
            4 => self.hide_list::<COLORS, 4>(&out[..n], updates),
            6 => self.hide_list::<COLORS, 6>(&out[..n], updates),
            8 => self.hide_list::<COLORS, 8>(&out[..n], updates),
            _ => self.hide_list::<COLORS, 0>(&out[..n], updates),
        }
        self.count[slot] = C::COVERED;
        *updates += 1;
        (n as u32, (t as u32) << 2 | kind)
    }
}

/// A frame's arrays with its bounds, borrowed apart.
#[inline(always)]
fn parts<'a, C: Count>(
    shape: &'a Shape<C>,
    slab: &'a mut Slab<C>,
    hits: &'a mut [(u32, u64)],
) -> (Frame<'a, C>, &'a mut [i32]) {
    let Slab { live, count, pure, bound } = slab;
    (Frame { shape, live, count, pure, hits, dead: false }, bound)
}

impl<C: Count> Bits<C> {
    /// Copies frame `l` to frame `l + 1`, bounds included.
    #[inline(always)]
    fn copy_up_bounded(&mut self, l: usize) {
        let span = span(&self.shape);
        let (below, above) = self.slabs.split_at_mut(l + 1);
        let (from, to) = (&below[l], &mut above[0]);
        super::copy_words(&from.live, &mut to.live);
        for (to, from) in to.count[..span].chunks_exact_mut(C::LANES).zip(from.count.chunks_exact(C::LANES)) {
            to.copy_from_slice(from);
        }
        to.bound.copy_from_slice(&from.bound);
        if !from.pure.is_empty() {
            super::copy_words(&from.pure, &mut to.pure);
        }
    }

    /// Commits option `p` at the root with bounds: tweaked out of play, then
    /// its items committed (M6), counts and all. Statistics are not kept.
    pub(super) fn commit_at_root_bounded(&mut self, p: u32, skip: u32) {
        let (mut updates, mut cleansings) = (0, 0);
        let shape = &*self.shape;
        let (mut root, bound) = parts(shape, &mut self.root, &mut self.hits);
        if root.live[(p >> 6) as usize] & (1 << (p & 63)) != 0 {
            if self.colors {
                root.tweak::<true>(p, &mut updates);
            } else {
                root.tweak::<false>(p, &mut updates);
            }
        }
        if self.colors {
            root.commit_bounded::<true>(bound, p, skip, &mut updates, &mut cleansings);
        } else {
            root.commit_bounded::<false>(bound, p, skip, &mut updates, &mut cleansings);
        }
    }

    /// Enters the next level at the root by `step` (an option, or `None` for
    /// the null move), as the search with bounds would.
    pub(super) fn descend_bounded(&mut self, step: Option<OptionId>) -> Result<(), DescendError> {
        let n_options = self.shape.opt_start.len() - 1;
        if let Some(option) = step
            && option.index() >= n_options
        {
            return Err(DescendError::UnknownOption(option.0));
        }
        let shape = std::sync::Arc::clone(&self.shape);
        let (h, t) = {
            let (root, bound) = parts(&shape, &mut self.root, &mut self.hits);
            root.choose_bounded(bound)
        };
        if t == SOLVED {
            return Err(DescendError::Solved);
        }
        if t <= 0 {
            return Err(DescendError::DeadEnd);
        }
        let mut cand = vec![0u32; shape.longest];
        let n = {
            let (mut root, _) = parts(&shape, &mut self.root, &mut self.hits);
            root.gather(h, &mut cand)
        };
        // The moves: the first `t` options in play of `h`, the last of them
        // the null move when `t` exceeds their number.
        let k = match step {
            Some(option) => cand[..n.min(t as usize)]
                .iter()
                .position(|&p| p == option.0)
                .ok_or(DescendError::NotInPlay(option.0))?,
            None if t as usize == n + 1 => n,
            None => return Err(DescendError::NoNullMove),
        };
        let colors = self.colors;
        let (mut updates, mut cleansings) = (0, 0);
        let (mut root, bound) = parts(&shape, &mut self.root, &mut self.hits);
        let (_, moves) = if colors {
            root.enter::<true>(bound, h, t, &mut updates, &mut cand)
        } else {
            root.enter::<false>(bound, h, t, &mut updates, &mut cand)
        };
        let tweaking = moves & 3 == TWEAK;
        if tweaking {
            for &p in &cand[..k] {
                if colors {
                    root.tweak::<true>(p, &mut updates);
                } else {
                    root.tweak::<false>(p, &mut updates);
                }
            }
        }
        let skip = shape.bounded.number(h).unwrap_or(NONE);
        let choice = match step {
            Some(option) => {
                if tweaking {
                    if colors {
                        root.tweak::<true>(option.0, &mut updates);
                    } else {
                        root.tweak::<false>(option.0, &mut updates);
                    }
                }
                if colors {
                    root.commit_bounded::<true>(bound, option.0, skip, &mut updates, &mut cleansings);
                } else {
                    root.commit_bounded::<false>(bound, option.0, skip, &mut updates, &mut cleansings);
                }
                option.0
            }
            None => {
                if tweaking {
                    // Retired: no option of it is left in play.
                    root.count[shape.bounded.slot(h) as usize] = C::COVERED;
                }
                NONE
            }
        };
        let l = self.floor;
        self.choice[l] = choice;
        self.levels[l].best = h;
        self.floor += 1;
        self.level = self.floor;
        Ok(())
    }

    /// [`Bits::probe`] by Algorithm M (M2 to M6), in frame 0: the item
    /// entered, the moves before the one drawn tried as M5 tries them (each
    /// option tweaked out first when the item has bound left, its updates
    /// counted for it), then the move drawn. The null move comes last,
    /// after every option.
    pub(super) fn probe_bounded<const COLORS: bool>(&mut self, draw: crate::run::Draw<'_>) -> crate::run::Probe {
        use crate::run::{Child, Probe};
        let shape = Arc::clone(&self.shape);
        let (mut frame, bound) = parts(&shape, &mut self.slabs[0], &mut self.hits);
        let (i, t) = frame.choose_bounded(bound);
        if t == SOLVED {
            return Probe::Solved;
        }
        if t <= 0 {
            // Too few options left for i: a dead end, with no work.
            return Probe::Node { moves: 0, fixed: 0, drawn: 0, child: Child::Nothing };
        }
        let (mut fixed, mut drawn, mut earlier, mut cleansings) = (0, 0, 0, 0);
        let (n, moves) = frame.enter::<COLORS>(bound, i, t, &mut fixed, &mut self.cand);
        let (moves, kind) = ((moves >> 2) as usize, moves & 3);
        let k = draw(moves);
        let tweaked = if kind == TWEAK { k.min(n as usize) } else { 0 };
        for &q in &self.cand[..tweaked] {
            frame.tweak::<COLORS>(q, &mut earlier);
        }
        if k < n as usize {
            let p = self.cand[k];
            if kind == TWEAK {
                frame.tweak::<COLORS>(p, &mut drawn);
            }
            let skip = shape.bounded.number(i).unwrap_or(NONE);
            frame.commit_bounded::<COLORS>(bound, p, skip, &mut drawn, &mut cleansings);
        } else if kind == TWEAK {
            // The null move retires i, every option of it tweaked out.
            frame.count[shape.bounded.slot(i) as usize] = C::COVERED;
        }
        Probe::Node { moves, fixed, drawn, child: Child::Entered }
    }

    /// The moves of the levels above `level`: each level's option, or `None`
    /// for a null move.
    pub(super) fn moves_to(&self, level: usize) -> Vec<Option<OptionId>> {
        self.choice[..level].iter().map(|&p| (p != NONE).then_some(OptionId(p))).collect()
    }

    /// Adds what the monitor has not yet seen, and Knuth's estimate of the
    /// fraction done from each level's place among its moves. Returns
    /// whether to stop.
    #[cold]
    #[inline(never)]
    pub(super) fn report_bounded(&mut self, monitor: &crate::util::monitor::Monitor, level: usize) -> bool {
        if self.floor > 0 {
            return self.run.report(monitor, None);
        }
        let moves = &self.moves;
        let mut levels = self.levels[..level].iter().zip(moves).map(|(v, &m)| (v.cur - v.start, m >> 2));
        self.run.report(monitor, Some(&mut levels))
    }

    /// Algorithm M with Algorithm C's colours when `COLORS`, as a loop over
    /// levels that stops at a solution and resumes (see
    /// [`search_in`](Bits::search_in) for `SPLIT`).
    #[inline(always)]
    pub(super) fn search_bounded<const COLORS: bool, const SPLIT: bool, F>(
        &mut self,
        config: &Config,
        split_depth: usize,
        mut on_solution: F,
    ) where
        F: FnMut(&mut Bits<C>) -> ControlFlow<()>,
    {
        let Some((mut resume, mut l, (mut nodes, mut updates, mut cleansings))) = self.enter() else { return };
        let monitor = config.get_monitor().map(Arc::as_ref);
        'enter: loop {
            let mut branching = false;
            if !resume {
                // M2: enter level l. M3: choose an item.
                let f = self.levels[l].frame as usize;
                let (i, t) = {
                    let (frame, bound) = parts(&self.shape, &mut self.slabs[f], &mut self.hits);
                    frame.choose_bounded(bound)
                };
                if SPLIT && (t == SOLVED || l == split_depth) {
                    if self.split_leaf(monitor, (nodes, updates, cleansings), l, &mut on_solution) {
                        // Stopped, or enough leaves: the split stops here.
                        return;
                    }
                } else {
                    nodes += 1;
                    if self.node_stopped::<SPLIT>(monitor, (nodes, updates, cleansings), l) {
                        return;
                    }
                    if t == SOLVED {
                        if self.visit_solution::<SPLIT, _>(monitor, (nodes, updates, cleansings), l, &mut on_solution) {
                            return;
                        }
                    } else if t > 0 {
                        // M4: prepare to branch on i.
                        let start = if l == self.floor { 0 } else { self.levels[l - 1].end };
                        let room = start as usize + self.shape.longest;
                        if self.cand.len() < room {
                            self.cand.resize(room, 0);
                        }
                        let (mut frame, bound) = parts(&self.shape, &mut self.slabs[f], &mut self.hits);
                        let (n, moves) =
                            frame.enter::<COLORS>(bound, i, t, &mut updates, &mut self.cand[start as usize..]);
                        self.levels[l] = Level { frame: f as u32, best: i, start, end: start + n, cur: start };
                        self.moves[l] = moves;
                        branching = true;
                    }
                    // A degree of 0 or less: too few options left for i.
                }
            }
            resume = false;
            loop {
                if branching {
                    // M5: the next move of level l, if any is left.
                    let Level { frame, best: i, start, end, cur } = self.levels[l];
                    let (moves, kind) = (self.moves[l] >> 2, self.moves[l] & 3);
                    let k = cur - start;
                    if k < moves {
                        let f = frame as usize;
                        let last = k + 1 == moves;
                        if cur < end {
                            // M6: take the option, tweaked out of the level's
                            // frame first when i has bound left.
                            let p = self.cand[cur as usize];
                            self.choice[l] = p;
                            if kind == TWEAK {
                                self.frame(f).tweak::<COLORS>(p, &mut updates);
                            }
                            // The level's last move works in its own frame.
                            let g = if last {
                                f
                            } else {
                                self.ensure(f + 1);
                                self.copy_up_bounded(f);
                                f + 1
                            };
                            self.levels[l + 1].frame = g as u32;
                            let skip = self.shape.bounded.number(i).unwrap_or(NONE);
                            let (mut frame, bound) = parts(&self.shape, &mut self.slabs[g], &mut self.hits);
                            frame.commit_bounded::<COLORS>(bound, p, skip, &mut updates, &mut cleansings);
                        } else {
                            // The null move, always the last.
                            self.choice[l] = NONE;
                            if kind == TWEAK {
                                let slot = self.shape.bounded.slot(i) as usize;
                                self.slabs[f].count[slot] = C::COVERED;
                            }
                            self.levels[l + 1].frame = f as u32;
                        }
                        l += 1;
                        continue 'enter;
                    }
                    // M8: nothing to restore: the frame below is untouched.
                }
                // M9: leave level l.
                if l == self.floor {
                    self.finish::<SPLIT>(monitor, (nodes, updates, cleansings), l);
                    return;
                }
                l -= 1;
                // M7: the next move of level l.
                self.levels[l].cur += 1;
                branching = true;
            }
        }
    }
}

/// The number of primary items with bounds other than `[1, 1]` in `problem`.
pub(super) fn n_bounded(problem: &Problem) -> usize {
    if !problem.has_bounds() {
        return 0;
    }
    problem.items().filter(|&i| problem.is_primary(i) && problem.bounds(i) != (1, 1)).count()
}

#[cfg(test)]
mod tests {
    use super::super::Shape;
    use super::*;
    use crate::run::Resumable;
    use crate::{Engine, Solver};
    use std::sync::Arc;

    /// Dominoes on a 4×4 board, each marked `h` (across) or `v` (down), with
    /// between 2 and 6 across, at most 5 down, and a marker on the dominoes
    /// across at two opposite corners, at most one of which is laid
    /// (`[0, 1]`): bounds of every kind, exact items besides.
    fn dominoes() -> Problem {
        let mut b = Problem::builder();
        let cells: Vec<_> = (0..16).map(|k| b.primary(&format!("c{k}")).unwrap()).collect();
        let h = b.primary_with_bounds("h", 2, 6).unwrap();
        let v = b.primary_with_bounds("v", 0, 5).unwrap();
        let corner = b.primary_with_bounds("corner", 0, 1).unwrap();
        for r in 0..4 {
            for c in 0..4 {
                let k = 4 * r + c;
                if c < 3 {
                    let mut option = vec![cells[k], cells[k + 1], h];
                    if k == 0 || k == 14 {
                        option.push(corner);
                    }
                    b.option(option).unwrap();
                }
                if r < 3 {
                    b.option([v, cells[k], cells[k + 4]]).unwrap();
                }
            }
        }
        b.build().unwrap()
    }

    #[test]
    fn every_way_of_committing_searches_as_the_links() {
        let problem = dominoes();
        let mut links = Solver::with_config(&problem, Config::new().engine(Engine::Links));
        let expected: Vec<Vec<OptionId>> = links.solutions().collect();
        assert!(expected.len() > 10, "a problem worth searching: {} solutions", expected.len());
        let nodes = links.stats().nodes;
        let plain = Bits::<u8>::new(&problem);
        assert!(plain.bounds && plain.shape.dense > 0, "the sweep over all words is what Bits::new picks here");
        // The same frames, committed by a list of words, then item by item.
        let mut listed = plain.clone();
        let mut shape = Shape::new(&problem);
        shape.dense = 0;
        listed.shape = Arc::new(shape);
        let mut by_item = plain.clone();
        let mut shape = Shape::new(&problem);
        shape.conf_start.clear();
        by_item.shape = Arc::new(shape);
        let wide = Bits::<i16>::new(&problem);
        for (name, mut bits) in [("dense", plain), ("listed", listed), ("by item", by_item)] {
            let mut found = Vec::new();
            bits.visit(&Config::new(), |s| {
                found.push(s.to_vec());
                ControlFlow::Continue(())
            });
            assert_eq!(found, expected, "{name}");
            assert_eq!(bits.stats().nodes, nodes, "{name}");
        }
        let mut wide = wide;
        assert_eq!(wide.count(&Config::new()), expected.len() as u64);
        assert_eq!(wide.stats().nodes, nodes);
    }

    #[test]
    fn descents_take_the_null_move_and_refuse_what_the_links_refuse() {
        // `a` may be covered 0 to 2 times: its level, the first (2 options
        // and the null move, against 4 options of `b` and of `c`, which are
        // exact), tries `a b`, `a c`, then the null move.
        let problem = Problem::from_knuth("0:2|a b c | x\na b\na c\nb\nc\nb c\nb c x\n").unwrap();
        let mut links = Solver::with_config(&problem, Config::new().engine(Engine::Links));
        let mut bits = Solver::with_config(&problem, Config::new().engine(Engine::Bits));
        assert_eq!(bits.engine(), Engine::Bits);
        let mut leaves = (Vec::new(), Vec::new());
        bits.split(1, |l| leaves.0.push(l.to_vec()));
        links.split(1, |l| leaves.1.push(l.to_vec()));
        assert_eq!(leaves.0, leaves.1);
        assert!(leaves.0.contains(&vec![None]), "the null move is a leaf: {:?}", leaves.0);
        for solver in [&mut bits, &mut links] {
            solver.reset();
            solver.descend(None).unwrap();
            // Past the null move, `a` is retired: `b c`, `b c x`, or `b` and `c`.
            assert_eq!(solver.count(), 3);
            solver.reset();
            assert_eq!(solver.descend(Some(OptionId(7))), Err(DescendError::UnknownOption(7)));
            assert_eq!(solver.descend(Some(OptionId(2))), Err(DescendError::NotInPlay(2)));
            solver.descend(Some(OptionId(1))).unwrap();
            // `a c` taken, `a b` tweaked out: `a` may still be left as it is.
            assert_eq!(solver.count(), 1);
        }
        // An exact item's level has no null move.
        let exact = Problem::from_knuth("2|a b\na b\na\nb\n").unwrap();
        for engine in [Engine::Links, Engine::Bits] {
            let mut solver = Solver::with_config(&exact, Config::new().engine(engine));
            assert_eq!(solver.descend(None), Err(DescendError::NoNullMove), "{engine}");
        }
    }
}
