//! Binary branching on the dancing cells: Knuth's SSXCC-BINARY, and the
//! learned weights of his SSXCC-FRB and SSXCC-WTD.
//!
//! SSXCC branches on an item `i` in `d` ways, one per option left in its set.
//! Here a node branches two ways on an item `i` and the first option `o` of its
//! set: the left child takes `o`, the right child hides `o` and leaves `i` to be
//! covered (by another item's choice, perhaps: the item is chosen afresh at
//! every node). When `i` has one option, the node is a forced move and has no
//! right child. The options taken are **stages**, the branches taken in all
//! **levels**: a solution is a node at which no primary item is left, and its
//! options are the ones taken at the last level of each stage.
//!
//! Taking an option goes through its items in order: each active one hides
//! the options in its set that conflict (all but the option for a primary
//! item, those of another colour for a secondary one), from the last of the
//! set to the first, from the sets of their other items, then becomes
//! inactive. An item left with one option is forced next; one left with none
//! (a **wipe-out**) ends the option at once. Backtracking restores the sizes
//! saved at the node; hiding `o` for the right child then swaps it out of the
//! sets of its active items. Statistics are counted as SSXCC-BINARY counts
//! them: a node per level entered, an update per option hidden from a set.
//!
//! The item to branch on, unless one is forced, is the active primary item
//! with the smallest set ([`Weights::Off`]), ties going to the item given
//! first; with weights, the smallest set divided by a weight learned from the
//! search so far:
//!
//! - [`Weights::Wdeg`] (dom/wdeg, Boussemart, Hemery, Lecoutre and Sais, 2004):
//!   an item's weight starts at 1 and grows by 1 at each wipe-out of its set.
//! - [`Weights::Frb`] (the failure rate, Li, Yin and Li, 2021): each item
//!   branched on keeps the share of the options tried on it that caused a
//!   wipe-out, starting from one half after one try.
//!
//! The weights are single-precision numbers computed exactly as Knuth's
//! programs compute them, so the statistics are theirs on the same input.

use std::ops::ControlFlow;
use std::sync::Arc;

use super::{Cells, Node};
use crate::run::Phase;
use crate::util::search::{Config, Weights};
use crate::util::stats::Stats;

/// The state of a binary search, kept between a solution and the search's
/// resumption.
#[derive(Clone, Debug, Default)]
pub(super) struct Binary {
    /// Options taken.
    stage: usize,
    /// Branches taken.
    level: usize,
    /// Per level, the node of the option branched on, and the size of its
    /// item's set then (1: a forced move).
    choice: Vec<u32>,
    deg: Vec<u32>,
    /// Per stage, its latest level, and where the sizes it saved start on
    /// the save stack.
    levelstage: Vec<usize>,
    saved: Vec<u32>,
    /// Per set start of a primary item: its weight (dom/wdeg) or its failure
    /// rate (FRB).
    weight: Vec<f32>,
    /// Per set start of a primary item: the options tried on it, plus one (FRB).
    assigns: Vec<f32>,
}

/// What a node of a binary search branches on.
enum Pick {
    /// No primary item is left.
    Solved,
    /// A primary item has no option (only after commitments).
    Dead,
    /// A primary item with one option.
    Forced(u32),
    /// The item to branch on and the size of its set.
    Item(u32, u32),
}

/// Where the loop of [`Cells::search_binary`] stands.
#[derive(Clone, Copy)]
enum At {
    Forward,
    Advance,
    /// Drops the sizes saved by the stage, then backs up.
    Prebackup,
    Backup,
    /// Restores the stage's sizes and takes the right branch of its node.
    Purge,
}

/// Grows `v` so that index `k` exists.
#[inline(always)]
fn reach<T: Default + Clone>(v: &mut Vec<T>, k: usize) {
    if v.len() <= k {
        v.resize(k + 1, T::default());
    }
}

impl Cells {
    /// The first node of the option of node `x`.
    #[inline(always)]
    fn first_node(&self, mut x: u32) -> u32 {
        while self.state.nodes[x as usize - 1].itm > 0 {
            x -= 1;
        }
        x
    }

    /// Hides the option of node `optp` from the sets of its items but the one
    /// `optp` is in, and from none of the secondary items already inactive.
    /// Pushes the primary items left with one option on `force`; returns the
    /// item that would be left with none, at once.
    #[inline(always)]
    fn hide_option(&mut self, optp: u32, updates: &mut u64) -> Result<(), u32> {
        let second = self.frame.second;
        let mut nn = self.first_node(optp);
        let s = &mut self.state;
        loop {
            let Node { itm, loc: p } = s.nodes[nn as usize];
            if itm <= 0 {
                return Ok(());
            }
            let ii = itm as usize;
            if nn != optp && !(p >= second && s.set[ii - 2] >= s.active) {
                let ss = s.set[ii - 1] - 1;
                if ss <= 1 && p < second {
                    if ss == 0 {
                        return Err(ii as u32);
                    }
                    s.force.push(ii as u32);
                }
                let last = ii + ss as usize;
                let nnp = s.set[last];
                s.set[ii - 1] = ss;
                s.set[last] = nn;
                s.set[p as usize] = nnp;
                s.nodes[nn as usize].loc = last as u32;
                s.nodes[nnp as usize].loc = p;
                *updates += 1;
            }
            nn += 1;
        }
    }

    /// Takes the option of node `opt`: each of its active items, in order,
    /// hides the options it conflicts with and becomes inactive. Returns the
    /// primary item that would be wiped out, if any.
    #[inline(always)]
    fn include<const COLORS: bool>(&mut self, opt: u32, updates: &mut u64) -> Result<(), u32> {
        let second = self.frame.second;
        let mut o = self.first_node(opt);
        loop {
            let Node { itm, loc: pp } = self.state.nodes[o as usize];
            if itm <= 0 {
                return Ok(());
            }
            let ii = itm as u32;
            let p = self.pos(ii);
            if p < self.state.active {
                let c = if COLORS && ii >= second { self.frame.clr[o as usize] } else { 0 };
                let ss = self.size(ii);
                for s in (ii..ii + ss).rev() {
                    if s == pp {
                        continue;
                    }
                    let optp = self.state.set[s as usize];
                    if c == 0 || self.frame.clr[optp as usize] != c {
                        if let Err(tough) = self.hide_option(optp, updates) {
                            self.state.force.clear();
                            return Err(tough);
                        }
                    }
                }
                let last = self.state.active - 1;
                self.state.active = last;
                self.swap_out(ii, last);
            }
            o += 1;
        }
    }

    /// Hides the option of node `opt` from the sets of its active items (the
    /// right branch of a node).
    #[inline(always)]
    fn reject(&mut self, opt: u32, updates: &mut u64) {
        let second = self.frame.second;
        let mut o = self.first_node(opt);
        let s = &mut self.state;
        loop {
            let Node { itm, loc: p } = s.nodes[o as usize];
            if itm <= 0 {
                return;
            }
            let ii = itm as usize;
            if !(p >= second && s.set[ii - 2] >= s.active) {
                let ss = s.set[ii - 1] - 1;
                let last = ii + ss as usize;
                let nnp = s.set[last];
                s.set[ii - 1] = ss;
                s.set[last] = o;
                s.set[p as usize] = nnp;
                s.nodes[o as usize].loc = last as u32;
                s.nodes[nnp as usize].loc = p;
                *updates += 1;
            }
            o += 1;
        }
    }

    /// What to branch on: the active primary items with one option are pushed
    /// on `force` and the last of them taken; else the item with the smallest
    /// score (its set's size, divided by its weight when there are weights),
    /// ties going to the item given first.
    #[inline(always)]
    fn pick(&mut self, weights: Weights) -> Pick {
        let second = self.frame.second;
        let s = &mut self.state;
        let b = &self.binary;
        let (mut best, mut t) = (0u32, u32::MAX);
        let mut score = 2e32f32;
        for &x in &s.item[..s.active as usize] {
            if x >= second {
                continue;
            }
            let size = s.set[x as usize - 1];
            if size <= 1 {
                if size == 0 {
                    return Pick::Dead;
                }
                s.force.push(x);
            } else if weights == Weights::Off {
                if size < t || (size == t && x < best) {
                    best = x;
                    t = size;
                }
            } else {
                let w = b.weight[x as usize];
                let tscore = size as f32 / w;
                if tscore < score {
                    (best, score, t) = (x, tscore, size);
                } else if tscore == score && x < best {
                    // Knuth keeps the size of the item the score was first met on.
                    best = x;
                }
            }
        }
        if let Some(x) = s.force.pop() {
            Pick::Forced(x)
        } else if t == u32::MAX {
            Pick::Solved
        } else {
            Pick::Item(best, t)
        }
    }

    /// Saves the sizes of the active items for `stage`.
    #[inline(always)]
    fn save_stage(&mut self, stage: usize, save: bool) {
        reach(&mut self.binary.saved, stage);
        self.binary.saved[stage] = self.savestack.len() as u32;
        if save {
            let s = &self.state;
            let set = &s.set;
            self.savestack.extend(s.item[..s.active as usize].iter().map(|&x| (x, set[x as usize - 1])));
        }
    }

    /// Restores the sizes saved by `stage`, and the active items then, and
    /// drops them from the save stack.
    #[inline(always)]
    fn restore_stage(&mut self, stage: usize) {
        let from = self.binary.saved[stage] as usize;
        self.state.active = (self.savestack.len() - from) as u32;
        for &(x, size) in &self.savestack[from..] {
            self.state.set[x as usize - 1] = size;
        }
        self.savestack.truncate(from);
    }

    /// Learns from the option tried on `best`: whether it wiped out `tough`.
    #[inline(always)]
    fn learn(&mut self, weights: Weights, best: u32, tough: Option<u32>) {
        let b = &mut self.binary;
        match weights {
            Weights::Off => {}
            Weights::Wdeg => {
                if let Some(tough) = tough {
                    b.weight[tough as usize] += 1.0;
                }
            }
            Weights::Frb => {
                let x = best as usize;
                b.assigns[x] += 1.0;
                let (rate, assigns) = (b.weight[x], b.assigns[x]);
                // As Knuth's C computes them: a failure in double precision
                // (`1.0` is a double), a success in single.
                b.weight[x] = match tough {
                    Some(_) => (rate as f64 + (1.0 - rate as f64) / assigns as f64) as f32,
                    None => rate - rate / assigns,
                };
            }
        }
    }

    /// The search by binary branching, as a loop that stops at a solution
    /// and resumes later (from `self.binary`). Never inlined, so that the
    /// `d`-way search's code is compiled as it was without it.
    #[inline(never)]
    pub(super) fn search_binary<const COLORS: bool, F>(&mut self, config: &Config, mut on_solution: F)
    where
        F: FnMut(&mut Cells) -> ControlFlow<()>,
    {
        if self.run.phase == Phase::Done {
            return;
        }
        if self.frame.hopeless {
            self.run.phase = Phase::Done;
            return;
        }
        let weights = config.get_weights();
        let monitor = config.get_monitor().map(Arc::clone);
        let mut at = if self.run.phase == Phase::Suspended { At::Backup } else { At::Forward };
        if self.run.phase != Phase::Suspended {
            let b = &mut self.binary;
            (b.stage, b.level) = (0, 0);
            b.levelstage.clear();
            b.levelstage.push(0);
            let n = self.state.set.len();
            let (w, a) = match weights {
                Weights::Frb => (0.5, 1.0),
                _ => (1.0, 1.0),
            };
            b.weight.clear();
            b.assigns.clear();
            if weights != Weights::Off {
                b.weight.resize(n, w);
                b.assigns.resize(n, a);
            }
        }
        self.run.phase = Phase::Idle;
        let (mut stage, mut level) = (self.binary.stage, self.binary.level);
        let mut nodes = self.run.stats.nodes;
        let mut updates = self.run.stats.updates;
        let (mut best, mut t) = (0u32, 0u32);
        loop {
            match at {
                At::Forward => {
                    nodes += 1;
                    if let Some(monitor) = &monitor
                        && self.run.due(nodes, updates)
                    {
                        self.run.stats.nodes = nodes;
                        self.run.stats.updates = updates;
                        if self.run.report(monitor, None) {
                            // Resumed, the search backs up from this node.
                            self.run.interrupt();
                            (self.binary.stage, self.binary.level) = (stage, level);
                            self.level = self.floor;
                            return;
                        }
                    }
                    // A forced move left by the option just taken?
                    let mut forced = None;
                    while let Some(x) = self.state.force.pop() {
                        if self.pos(x) < self.state.active {
                            forced = Some(x);
                            break;
                        }
                    }
                    let forced = match forced {
                        Some(x) => Some(x),
                        None => match self.pick(weights) {
                            Pick::Solved => {
                                self.run.stats =
                                    Stats { nodes, updates, cleansings: 0, solutions: self.run.stats.solutions + 1 };
                                // The options taken, one per stage, where
                                // `solution` reads them.
                                for k in 0..stage {
                                    self.choice[self.floor + k] = self.binary.choice[self.binary.levelstage[k]];
                                }
                                self.level = self.floor + stage;
                                (self.binary.stage, self.binary.level) = (stage, level);
                                if on_solution(self).is_break() {
                                    self.run.phase = Phase::Suspended;
                                    if let Some(monitor) = &monitor {
                                        self.run.report(monitor, None);
                                    }
                                    return;
                                }
                                at = At::Backup;
                                continue;
                            }
                            Pick::Dead => {
                                at = At::Backup;
                                continue;
                            }
                            Pick::Forced(x) => Some(x),
                            Pick::Item(x, size) => {
                                (best, t) = (x, size);
                                None
                            }
                        },
                    };
                    if let Some(x) = forced {
                        (best, t) = (x, 1);
                    }
                    self.save_stage(stage, forced.is_none());
                    at = At::Advance;
                }
                At::Advance => {
                    let x = self.state.set[best as usize];
                    reach(&mut self.binary.choice, level);
                    reach(&mut self.binary.deg, level);
                    self.binary.choice[level] = x;
                    self.binary.deg[level] = t;
                    match self.include::<COLORS>(x, &mut updates) {
                        Ok(()) => {
                            self.learn(weights, best, None);
                            stage += 1;
                            level += 1;
                            reach(&mut self.binary.levelstage, stage);
                            self.binary.levelstage[stage] = level;
                            at = At::Forward;
                        }
                        Err(tough) => {
                            self.learn(weights, best, Some(tough));
                            at = if t == 1 { At::Prebackup } else { At::Purge };
                        }
                    }
                }
                At::Prebackup => {
                    self.savestack.truncate(self.binary.saved[stage] as usize);
                    at = At::Backup;
                }
                At::Backup => {
                    if stage == 0 {
                        self.run.stats.nodes = nodes;
                        self.run.stats.updates = updates;
                        self.level = self.floor;
                        self.run.phase = Phase::Done;
                        if let Some(monitor) = &monitor {
                            self.run.report(monitor, None);
                        }
                        return;
                    }
                    stage -= 1;
                    level = self.binary.levelstage[stage];
                    at = At::Purge;
                }
                At::Purge => {
                    if self.binary.deg[level] == 1 {
                        at = At::Prebackup;
                        continue;
                    }
                    self.restore_stage(stage);
                    let x = self.binary.choice[level];
                    self.reject(x, &mut updates);
                    level += 1;
                    self.binary.levelstage[stage] = level;
                    at = At::Forward;
                }
            }
        }
    }
}
