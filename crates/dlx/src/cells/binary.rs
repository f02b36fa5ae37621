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
//!
//! With bounds `[u, v]` on primary items, the search is Knuth's SSMCC (and
//! SSMCC-FRB, SSMCC-WTD): each primary item keeps a residual bound (`v`
//! less the options taken on it) and its slack `v - u`. Taking an option
//! lowers the bound of each of its primary items; an item whose bound
//! reaches 0 hides its other options and becomes inactive, as above, and
//! another only loses the option from its set. An item left with fewer
//! options than its bound less its slack wipes out; one left with none that
//! needs none becomes inactive. The item branched on has the smallest
//! branching degree, `size + min(slack, bound) - bound + 1`; an item of
//! degree 1 is forced once for each option it still needs. The statistics are
//! SSMCC's: items without options are made inactive before the search, and
//! no item is forced while options are hidden.

use std::ops::ControlFlow;
use std::sync::Arc;

use super::{Cells, Node};
use crate::run::Phase;
use crate::util::nodes::{cell, set_cell};
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
    /// the save stack. These four vectors hold two more entries than there
    /// are options, more than any level or stage reaches (each level takes
    /// or hides an option of its own).
    levelstage: Vec<usize>,
    saved: Vec<u32>,
    /// The save stack: per active item of a stage that branches, the item,
    /// its size and (with bounds) the fewest options it may still be left
    /// with. Its entries below `top` are in use; it grows at most once per
    /// stage, by a stage's worth at least, so that saving writes a slice.
    stack: Vec<[u32; 3]>,
    top: usize,
    /// Per set start of a primary item: its weight (dom/wdeg) or its failure
    /// rate (FRB).
    weight: Vec<f32>,
    /// Per set start of a primary item: the options tried on it, plus one (FRB).
    assigns: Vec<f32>,
    /// Per node, the first node of its option.
    first: Vec<u32>,
    /// Per node, its distance from the first node of its option, when that
    /// is below 256 (read only when every option has the same length, 8 or
    /// less): a byte, so that the option walks of [`hide_places`] find an
    /// option's start in a quarter of the cache `first` takes.
    back: Vec<u8>,
    /// The length every option has, when all have the same (0 when not, or
    /// when there are none).
    uniform: u32,
    /// With bounds, at the place of each primary item's size (its set start
    /// less one): the fewest options it may still be left with (its residual
    /// bound less its slack) and its slack, side by side.
    bound: Vec<[i32; 2]>,
    /// With bounds, at the place of each primary item's size: the part of
    /// its key in [`Cells::pick_bounded`] that its size does not change
    /// ([`key_base`]), kept with its bound; and per entry of the save stack,
    /// the one saved with it.
    key: Vec<u64>,
    saved_key: Vec<u64>,
    /// With bounds and weights, room for the active items: those of degree 1
    /// or less met by [`Cells::pick_bounded`].
    low: Vec<u32>,
    /// With bounds and dom/wdeg on a narrow problem, when [`Binary::scores`]
    /// is not used (else empty): at place `x + 2^15 + t`, for each primary
    /// item's set start `x` and each degree `t` from 2 to its set's first
    /// size plus one, the bits of Knuth's score `t / weight` in single
    /// precision, made again when the weight grows (at a wipe-out), so that
    /// the choice reads a quotient rather than dividing (with FRB, whose
    /// weights change at every option tried, remaking a row cost more than
    /// the divisions it saved: 1.26 times the time on redrect 4 5); 0 for
    /// the degrees 0 and 1, so that the least score tells whether an item is
    /// forced. Empty when some item's degree could be negative (a set
    /// smaller than its lower bound less one at the root). Its places from
    /// `x + 2^15` on are as many as the set's, its size's and its place's,
    /// so the items' rows do not meet; the padding of `2^16` places past
    /// `set` makes any biased degree of 16 bits ([`key_base`]) a place in it.
    quotient: Vec<u32>,
    /// With bounds and dom/wdeg on a narrow problem whose slacks are all
    /// below `2^3` (else empty): at place `x + t` for each primary item's set
    /// start `x` and degree `t` from 0 to its set's first size plus one, the
    /// score `t / weight` as [`Binary::quotient`] holds it, less
    /// [`SCORE_FLOOR`] (a number of 29 bits), shifted left by `shift`, less
    /// `x + t` shifted left by 48: added to an item's key, whose top field is
    /// then `x + t` ([`key_base`]), it replaces that field by the score, so
    /// that (score, min(slack, bound), !size, item) is one word and the
    /// choice's compare one instruction.
    scores: Vec<u64>,
    /// The shift of the scores in [`Binary::scores`]: 32 plus the bits of
    /// the largest slack, so that min(slack, bound) fits below it.
    shift: u32,
    /// Whether the options of the solution just found are still to be copied
    /// from the levels to `choice`: only [`Cells::solution`] asks for them,
    /// so that a count does not copy them.
    pub(super) unread: bool,
    /// With bounds: the sets fill fewer than 2^15 places and every upper
    /// bound is below 2^15, so that the keys of [`Cells::pick_bounded`] fit
    /// in 64 bits.
    narrow: bool,
}

/// Knuth's guard on the scores of the weighted choice of an item, with or
/// without bounds: a score of twice this or more counts as this.
const DANGEROUS: f32 = 1e32;

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

/// Where the loop of [`Cells::search_binary`] stands, or starts a backtrack.
#[derive(Clone, Copy, PartialEq, Eq)]
enum At {
    Forward,
    /// Drops the sizes saved by the stage, then backs up.
    Prebackup,
    Backup,
    /// Restores the stage's sizes and takes the right branch of its node.
    Purge,
}

/// Sets the place of node `x` to `p`, without a bounds check (`x` is read
/// from a set: a node, `util::nodes`, invariant 6).
#[inline(always)]
fn cell_loc(nodes: &mut [Node], x: u32, p: u32) {
    let Node { itm, .. } = cell(nodes, x as usize);
    set_cell(nodes, x as usize, Node { itm, loc: p });
}

/// The key of a primary item in [`Cells::pick_bounded`] on narrow problems
/// is (degree, min(slack, bound), !size, item), 16 bits each, the degree
/// biased by `top` (2^15, or the item `x` when [`Binary::scores`] is used:
/// the degree is then never below 0, and the top field is the place of the
/// item's score); min(slack, bound) is never below 0 in an active item's
/// key. With `need` its residual bound less its slack, the degree is `size +
/// 1 - max(need, 0)` and min(slack, bound) is `slack + min(need, 0)`: so the
/// key is this base, which only a change of bound changes, plus the size
/// times [`KEY_SIZE`] (the top field of the base may wrap: the size's
/// multiple brings it back). Truncated to 16 bits a field, so that a problem
/// that is not narrow makes a wrong base, never read, rather than an
/// overflow.
#[inline(always)]
fn key_base(need: i32, slack: i32, x: u32, top: u32) -> u64 {
    let field = |v: i32| u64::from(v as u16);
    field((1 - need.max(0)).wrapping_add(top as i32)) << 48
        | field(slack.wrapping_add(need.min(0))) << 32
        | 0xFFFF << 16
        | u64::from(x as u16)
}

/// The bias of the degree in a key of [`key_base`], unless
/// [`Binary::scores`] is used.
const KEY_BIAS: u32 = 0x8000;

/// What a size of one adds to a key of [`key_base`]: one to the degree, and
/// minus one to !size.
const KEY_SIZE: u64 = (1 << 48) - (1 << 16);

/// The key of item `x` (a set start) on a narrow problem: the base kept for
/// it in `keys` plus its set's size times [`KEY_SIZE`].
#[inline(always)]
fn item_key(keys: &[u64], set: &[u32], x: u32) -> u64 {
    // Unchecked: `x` is a set start (`util::nodes`, invariant 6).
    let xi = x as usize - 1;
    cell(keys, xi) + u64::from(cell(set, xi)) * KEY_SIZE
}

/// The branching degree in a key of [`key_base`] (its top field, unbiased).
#[inline(always)]
fn key_degree(key: u64) -> i32 {
    (key >> 48) as i32 - 0x8000
}

/// The places of [`Binary::quotient`] past those of `set`: a set start plus
/// a biased degree of 16 bits (the top field of a key of [`key_base`]) is
/// one of its places.
const QUOTIENT_PAD: usize = 1 << 16;

/// What [`Binary::scores`] takes from the bits of a score: those of 2^-23
/// less one. A score there is a degree from 2 to 2^15 (a narrow problem)
/// divided by a weight from 1 to 2^24 (a weight of single precision grown
/// by ones stops there), so from 2^-23 to 2^15: its bits less these are
/// from 2^23 to 39 * 2^23, 29 bits, and 0 is left for the degrees 0 and 1.
const SCORE_FLOOR: u32 = 103 << 23;

/// The least (score, min(slack, bound), !size, item) over the active
/// primary items `items`, in one word (`u64::MAX` if none): each item's key
/// ([`item_key`]) plus the entry of `scores` at the key's top field, that of
/// its degree ([`Binary::scores`]), by [`two_minima`]. `SECONDARY` as in
/// [`least_scored`].
#[inline(always)]
fn least_packed<const SECONDARY: bool>(keys: &[u64], set: &[u32], items: &[u32], second: u32, scores: &[u64]) -> u64 {
    let packed = |x: u32| {
        if SECONDARY && x >= second {
            return u64::MAX;
        }
        let k = item_key(keys, set, x);
        // Unchecked: the top field is `x` plus a degree from 0 to the
        // set's first size plus one, a place of `scores`.
        k.wrapping_add(cell(scores, (k >> 48) as usize))
    };
    two_minima(items, u64::MAX, packed)
}

/// The least `packed(x)` over the items `x` of `items` (`none` if there are
/// none), as two minima, of the items at even places and at odd ones, each
/// its own chain of comparisons, so that one item's need not wait for the
/// one before it; the least of the two is the same. Always inlined, so that
/// each `packed` is computed in its own loop.
#[inline(always)]
fn two_minima<T: Ord + Copy>(items: &[u32], none: T, packed: impl Fn(u32) -> T) -> T {
    let (mut even, mut odd) = (none, none);
    let pairs = items.chunks_exact(2);
    let rest = pairs.remainder();
    for pair in pairs {
        even = even.min(packed(pair[0]));
        odd = odd.min(packed(pair[1]));
    }
    for &x in rest {
        even = even.min(packed(x));
    }
    even.min(odd)
}

/// The least (score, min(slack, bound), !size, item) over the active primary
/// items `items` of a narrow problem, packed in 128 bits, `score(x, key)`
/// giving the bits of item `x`'s positive single-precision score from its
/// key of [`key_base`] with its size (a positive score orders as its bits
/// do, and the last three fields are the key shifted past its degree: a
/// shift needs no mask held in a register), so that Knuth's comparisons and
/// ties are one unsigned minimum of two words. With `LOW`, writes the items
/// of degree 1 or less at the start of `low`, each at the end of the list
/// kept by moving the end, so that no branch depends on the degree
/// (`is_low(x, key)` tells whether item `x` with that key is of degree 1 or
/// less); returns how many (0 without `LOW`).
/// Without secondary items (`SECONDARY` false), no item is tested against
/// `second`. Always inlined, so that each score is computed in its own loop.
#[inline(always)]
fn least_scored<const SECONDARY: bool, const LOW: bool>(
    keys: &[u64],
    set: &[u32],
    items: &[u32],
    second: u32,
    low: &mut [u32],
    is_low: impl Fn(u32, u64) -> bool,
    score: impl Fn(u32, u64) -> u32,
) -> (usize, u128) {
    let pack = |x: u32, k: u64| u128::from(score(x, k)) << 64 | u128::from(k << 16);
    if !LOW {
        let packed = |x: u32| {
            if SECONDARY && x >= second {
                return u128::MAX;
            }
            pack(x, item_key(keys, set, x))
        };
        return (0, two_minima(items, u128::MAX, packed));
    }
    let low = &mut low[..items.len()];
    let (mut n, mut key) = (0, u128::MAX);
    for &x in items {
        if SECONDARY && x >= second {
            continue;
        }
        let k = item_key(keys, set, x);
        // Unchecked: `n` counts some of the items met before `x`.
        set_cell(low, n, x);
        n += usize::from(is_low(x, k));
        key = key.min(pack(x, k));
    }
    (n, key)
}

/// The least `key(size, item)` over the active primary items `items` with
/// two options or more (`u64::MAX` if none): the scan of the choice without
/// bounds, weighted or not. Pushes the items with one option on `force`;
/// `None` when an item has none. Always inlined, so that each choice's key
/// is computed in its own loop.
#[inline(always)]
fn least_key(
    set: &[u32],
    items: &[u32],
    second: u32,
    force: &mut Vec<u32>,
    key: impl Fn(u32, u32) -> u64,
) -> Option<u64> {
    let mut least = u64::MAX;
    for &x in items {
        if x >= second {
            continue;
        }
        // Unchecked: `x` is a set start (`util::nodes`, invariant 6).
        let size = cell(set, x as usize - 1);
        if size <= 1 {
            if size == 0 {
                return None;
            }
            force.push(x);
            continue;
        }
        least = least.min(key(size, x));
    }
    Some(least)
}

/// Grows `v` so that index `k` exists.
#[inline(always)]
fn reach<T: Default + Clone>(v: &mut Vec<T>, k: usize) {
    if v.len() <= k {
        v.resize(k + 1, T::default());
    }
}

/// The nodes of the option of node `x`, first to last.
#[inline(always)]
fn option(nodes: &[Node], first: &[u32], x: u32) -> std::ops::Range<u32> {
    // Unchecked: `x` is a node, `f` the first node of its option, after a
    // spacer (`util::nodes`, invariant 6).
    let f = cell(first, x as usize);
    f..f + cell(nodes, f as usize - 1).loc
}

/// Hides the option of node `optp` from the sets of its items but the one
/// `optp` is in, and from none of the secondary items already inactive,
/// adding one to `updates` per node hidden. Pushes the primary items left
/// with one option on `force`; returns the item that would be left with
/// none, at once.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn hide_option<const SECONDARY: bool>(
    nodes: &mut [Node],
    set: &mut [u32],
    force: &mut Vec<u32>,
    first: &[u32],
    second: u32,
    active: u32,
    optp: u32,
    updates: &mut u64,
) -> Result<(), u32> {
    let all = option(nodes, first, optp);
    // The nodes before `optp`, then those after it. Each is an update
    // unless skipped or left when a set is wiped out: `updates` counts them
    // all at once and is corrected on those rare paths, so the loop keeps no
    // counter of its own (a count per option, added at its end, held one
    // more register in the loop).
    *updates += u64::from(all.end - all.start - 1);
    let mut result = Ok(());
    'parts: for part in [all.start..optp, optp + 1..all.end] {
        for nn in part {
            let Node { itm, loc: p } = cell(nodes, nn as usize);
            // Zero-extended (an item's node has `itm` > 0): one register
            // holds it as an index and as the item pushed on `force`.
            let ii = itm as u32 as usize;
            if SECONDARY && p >= second && cell(set, ii - 2) >= active {
                *updates -= 1;
                continue;
            }
            if let Err(tough) = hide_node(nodes, set, force, nn, ii, p, !SECONDARY || p < second) {
                // This node and the ones after it, but `optp`, are left.
                *updates -= u64::from(all.end - nn - u32::from(nn < optp));
                result = Err(tough);
                break 'parts;
            }
        }
    }
    result
}

/// The first node of the option of node `x` when every option has `L`
/// nodes: the nodes are a spacer, then each option followed by a spacer, so
/// that option `k`'s are `k (L + 1) + 1` to `k (L + 1) + L`. When `L + 1` is
/// a power of two (Langford pairs' options, of 3 nodes), computed by a mask
/// rather than read from `first`: one load fewer per option hidden (4 %
/// faster on Langford 11 with dom/wdeg). Else `x` less its distance in
/// `back`, a byte: the remainder by 7 of pentominoes' options cost 7 % more
/// instructions and 5 % more time, and the read from `first` was a third of
/// the hides' misses in a first-level cache of 32 KiB.
#[inline(always)]
fn uniform_start<const L: u32>(first: &[u32], back: &[u8], x: u32) -> u32 {
    // Unchecked: `x` is a node (`util::nodes`, invariant 6).
    let start = if (L + 1).is_power_of_two() { x - ((x - 1) & L) } else { x - u32::from(cell(back, x as usize)) };
    debug_assert_eq!(start, first[x as usize]);
    start
}

/// [`hide_option`] without secondary items, when every option has `L`
/// nodes: the nodes but `optp` are the first `L - 1` after the option's
/// start, stepping over `optp`, so that the loop has a fixed trip count
/// (unrolled, with no exit to mispredict) and visits them in the same order.
/// Counts no updates (each hide makes `L - 1`): on a wipe-out, returns the
/// item and the nodes hidden before it.
#[inline(always)]
fn hide_uniform<const L: u32>(
    nodes: &mut [Node],
    set: &mut [u32],
    force: &mut Vec<u32>,
    first: &[u32],
    back: &[u8],
    optp: u32,
) -> Result<(), (u32, u32)> {
    // Unchecked as in `hide_option`: the option of `optp` has `L` nodes
    // from `start` (`util::nodes`, invariant 6).
    let start = uniform_start::<L>(first, back, optp);
    for k in 0..L - 1 {
        let nn = start + k + u32::from(start + k >= optp);
        let Node { itm, loc: p } = cell(nodes, nn as usize);
        let ii = itm as u32 as usize;
        hide_node(nodes, set, force, nn, ii, p, true).map_err(|tough| (tough, k))?;
    }
    Ok(())
}

/// Hides the options at places `lo..hi` of a set but the one at `skip`
/// (the option taken), from the last, with [`hide_uniform`]: the places
/// after `skip`, then those before it, in one sweep that steps over `skip`,
/// so that the loop exits once per set rather than once per part. At least
/// one place is hidden. On a wipe-out, returns the place of the option and
/// the nodes hidden before it in that option, as `place << 32 | (nodes +
/// 1)`; else 0 (a single word, returned in a register). Never inlined: on
/// its own, with few values live, the loop keeps them all in registers
/// (with the two parts as two loops in one function, two more values
/// spilled a store and two loads per node hidden, 1.12 times as slow on
/// pentominoes).
#[inline(never)]
fn hide_places<const L: u32>(arrays: &mut Arrays<'_>, lo: u32, hi: u32, skip: u32) -> u64 {
    let Arrays { nodes, set, force, first, back } = arrays;
    debug_assert!(lo <= skip && skip < hi && hi - lo >= 2);
    // The last place hidden: `lo`, unless that is `skip`.
    let end = lo + u32::from(skip == lo);
    let mut s = hi;
    loop {
        s -= 1;
        s -= u32::from(s == skip);
        // Unchecked: `s` is a place of a set in play (`util::nodes`, invariant 6).
        if let Err((_, k)) = hide_uniform::<L>(nodes, set, force, first, back, cell(set, s as usize)) {
            return u64::from(s) << 32 | u64::from(k + 1);
        }
        if s == end {
            return 0;
        }
    }
}

/// The arrays [`hide_places`] hides in, borrowed once per option taken and
/// passed by one reference: as four slices, they were passed partly on the
/// stack, and the caller kept them across each call (a store and a load
/// each per item).
struct Arrays<'a> {
    nodes: &'a mut [Node],
    set: &'a mut [u32],
    force: &'a mut Vec<u32>,
    /// Per node, the first node of its option (read only in tests), and its
    /// distance from it.
    first: &'a [u32],
    back: &'a [u8],
}

/// Hides node `nn`, at place `p` of the set starting at `ii`, from that set:
/// the step of [`hide_option`] and [`hide_uniform`] for each node. When the
/// item is `primary` and left with one option, pushes it on `force`; when it
/// would be left with none, hides nothing and returns it.
#[inline(always)]
fn hide_node(
    nodes: &mut [Node],
    set: &mut [u32],
    force: &mut Vec<u32>,
    nn: u32,
    ii: usize,
    p: u32,
    primary: bool,
) -> Result<(), u32> {
    // Unchecked: `ii` is a set start (`util::nodes`, invariant 6).
    let ss = cell(set, ii - 1) - 1;
    if ss <= 1 && primary {
        if ss == 0 {
            return Err(ii as u32);
        }
        force.push(ii as u32);
    }
    swap_last(nodes, set, ii, ss, nn, p);
    Ok(())
}

/// Swaps node `nn`, at place `p` of the set starting at `ii`, with the last
/// node in play, and shrinks the set to `ss`: the step of every hide. A
/// function of the borrowed slices, not of [`Sets`], so that the hot loops
/// keep the slices in registers (as a method reading them through `self`,
/// it cost 2–5 % more instructions).
#[inline(always)]
fn swap_last(nodes: &mut [Node], set: &mut [u32], ii: usize, ss: u32, nn: u32, p: u32) {
    // Unchecked: `nn` is a node of an option, `ii` its item's set start, `p`
    // its place, `last` the place of the set's last node in play, and `nnp`
    // that node (`util::nodes`, invariant 6). `cell_loc` rereads the node
    // just before writing it, so that only its `loc` is stored: written
    // whole with the `itm` read at the top of a hide's loop, past the stores
    // to `set`, it cost a sixth store per update.
    let last = ii + ss as usize;
    let nnp = cell(set, last);
    set_cell(set, ii - 1, ss);
    set_cell(set, last, nn);
    set_cell(set, p as usize, nnp);
    cell_loc(nodes, nn, last as u32);
    cell_loc(nodes, nnp, p);
}

/// Deactivates item `ii`, at a place below `active` in `item`: the last
/// active item takes its place.
#[inline(always)]
fn deactivate(set: &mut [u32], item: &mut [u32], active: &mut u32, ii: u32) {
    // Unchecked: `ii` is a set start (`util::nodes`, invariant 6).
    deactivate_at(set, item, active, ii, cell(set, ii as usize - 2));
}

/// [`deactivate`], the item's place `p` already read.
#[inline(always)]
fn deactivate_at(set: &mut [u32], item: &mut [u32], active: &mut u32, ii: u32, p: u32) {
    // Unchecked: `ii` and `cc` are set starts, `p` and `last` places below
    // `active` in `item` (`util::nodes`, invariant 6).
    let last = *active - 1;
    *active = last;
    let cc = cell(item, last as usize);
    set_cell(item, last as usize, ii);
    set_cell(item, p as usize, cc);
    set_cell(set, cc as usize - 2, p);
    set_cell(set, ii as usize - 2, last);
}

/// [`hide_option`] with bounds: the option whose nodes are `all` leaves the
/// sets of all its items still active (the item being covered too); a
/// primary item left with fewer options than it needs (`bound`, at its
/// size's place) wipes out, one left with none (and needing none) becomes
/// inactive. No item is forced here: the choice of the next item finds
/// them. Without secondary items (`SECONDARY` false), no place is tested
/// against `second`.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn hide_option_bounded<const SECONDARY: bool>(
    nodes: &mut [Node],
    set: &mut [u32],
    item: &mut [u32],
    bound: &[[i32; 2]],
    second: u32,
    active: &mut u32,
    updates: &mut u64,
    all: std::ops::Range<u32>,
) -> Result<(), u32> {
    // Each node is an update unless skipped, emptied, or left when a set is
    // wiped out: the count is corrected on those rare paths, so the loop
    // keeps no counter.
    *updates += u64::from(all.end - all.start);
    // Unchecked: `nn` is a node of an option, `ii` its item's set start
    // (`util::nodes`, invariant 6).
    for nn in all.clone() {
        let Node { itm, loc: p } = cell(nodes, nn as usize);
        // Zero-extended (an item's node has `itm` > 0), as in `hide_option`:
        // no instruction widens it to an index.
        let ii = itm as u32 as usize;
        if SECONDARY && p >= second && cell(set, ii - 2) >= *active {
            *updates -= 1;
            continue;
        }
        // The set left with `ss` options wipes out when `ss` is below the
        // need, that is when `size` is at most the need: tested before the
        // decrement, so that the test of `ss` for 0 reads its flags.
        let size = cell(set, ii - 1);
        let ss = size - 1;
        if !SECONDARY || p < second {
            if size as i32 <= cell(bound, ii - 1)[0] {
                *updates -= u64::from(all.end - nn);
                return Err(ii as u32);
            }
            if ss == 0 {
                deactivate(set, item, active, ii as u32);
            }
        }
        if ss == 0 {
            *updates -= 1;
            continue;
        }
        swap_last(nodes, set, ii, ss, nn, p);
    }
    Ok(())
}

/// The sparse sets of a binary search, borrowed for one step: the vectors'
/// buffers as slices and the counters as locals, so that the loops keep them
/// in registers rather than reading them back after every store.
struct Sets<'a> {
    nodes: &'a mut [Node],
    set: &'a mut [u32],
    item: &'a mut [u32],
    active: u32,
    /// Per node, the first node of its option.
    first: &'a [u32],
    second: u32,
    updates: u64,
    /// With bounds, at the place of each primary item's size in `set` (its
    /// set start less one): the fewest options it may still be left with (its
    /// residual bound less its slack) and its slack (the upper bound less the
    /// lower); the residual bound is their sum.
    bound: &'a [[i32; 2]],
}

impl Sets<'_> {
    /// Hides the option of node `opt` from the sets of its active items (the
    /// right branch of a node).
    #[inline(always)]
    fn reject(&mut self, opt: u32) {
        let (second, active) = (self.second, self.active);
        let (nodes, set) = (&mut *self.nodes, &mut *self.set);
        let mut updates = 0;
        // Unchecked as in `hide_option`: `o` is a node of an option, `ii`
        // its item's set start (`util::nodes`, invariant 6).
        for o in option(nodes, self.first, opt) {
            let Node { itm, loc: p } = cell(nodes, o as usize);
            let ii = itm as u32 as usize;
            if p >= second && cell(set, ii - 2) >= active {
                continue;
            }
            let ss = cell(set, ii - 1) - 1;
            swap_last(nodes, set, ii, ss, o, p);
            updates += 1;
        }
        self.updates += updates;
    }

    // ---- Bounds on items (SSMCC) -----------------------------------------

    /// Deactivates item `ii`: the last active item takes its place.
    #[inline(always)]
    fn deactivate(&mut self, ii: u32) {
        deactivate(self.set, self.item, &mut self.active, ii);
    }

    /// [`Sets::reject`] with bounds; `false` when a primary item would be
    /// left with fewer options than it needs. `SECONDARY` as in
    /// [`hide_option_bounded`]; the counters and slices kept in locals, as
    /// in [`Cells::include_bounded`].
    #[inline(always)]
    fn reject_bounded<const SECONDARY: bool>(&mut self, opt: u32) -> bool {
        let (second, mut active, mut updates) = (self.second, self.active, self.updates);
        let (nodes, set, item, first) = (&mut *self.nodes, &mut *self.set, &mut *self.item, self.first);
        // As long as `set`, so that reading a size proves the bound's index.
        let bound = &self.bound[..set.len()];
        let mut kept = true;
        // Unchecked: `o` is a node of an option, `ii` its item's set start
        // (`util::nodes`, invariant 6).
        for o in option(nodes, first, opt) {
            let Node { itm, loc: p } = cell(nodes, o as usize);
            let ii = itm as u32 as usize;
            if SECONDARY && p >= second && cell(set, ii - 2) >= active {
                continue;
            }
            // Tested before the decrement, as in `hide_option_bounded`.
            let size = cell(set, ii - 1);
            let ss = size - 1;
            if !SECONDARY || p < second {
                if size as i32 <= cell(bound, ii - 1)[0] {
                    kept = false;
                    break;
                }
                if ss == 0 {
                    deactivate(set, item, &mut active, ii as u32);
                }
            }
            if ss > 0 {
                swap_last(nodes, set, ii, ss, o, p);
                updates += 1;
            }
        }
        (self.active, self.updates) = (active, updates);
        kept
    }
}

impl Cells {
    /// Takes the option of node `opt`: each of its active items, in order,
    /// hides the options it conflicts with and becomes inactive. Returns the
    /// updates made, and the primary item that would be wiped out, if any.
    /// Never inlined: on its own, the loops keep their values in registers,
    /// where inlined in the search they were spilled to the stack and read
    /// back at every update. It borrows the arrays itself, rather than
    /// through a [`Sets`] built by the caller (whose fields cost a store and
    /// a load each per option taken), keeps the active items' count in a
    /// local written back once, and reads unchecked where the layout proves
    /// the reads in bounds: fewer values (no slice lengths, no `self`) are
    /// live in the loops.
    ///
    /// Without secondary items (`SECONDARY` false), every node is a primary
    /// item's: the hides test no place against `second`, so that the loop
    /// over an option's nodes is two instructions shorter and keeps one
    /// register free.
    #[inline(never)]
    fn include<const COLORS: bool, const SECONDARY: bool>(&mut self, opt: u32) -> (u64, Result<(), u32>) {
        let frame = &*self.frame;
        let s = &mut self.state;
        let (second, mut active) = (frame.second, s.active);
        let (nodes, set, item, force) = (&mut s.nodes[..], &mut s.set[..], &mut s.item[..], &mut s.force);
        let (first, clr) = (&self.binary.first[..], &frame.clr[..]);
        let mut updates = 0;
        let mut result = Ok(());
        // Unchecked: `opt` and `o` are nodes of an option, `ii` a set
        // start, `s` a place of its set in play, `p` a place in `item` below
        // `active` (`util::nodes`, invariant 6).
        'items: for o in option(nodes, first, opt) {
            let Node { itm, loc: pp } = cell(nodes, o as usize);
            let ii = itm as u32;
            let p = cell(set, ii as usize - 2);
            if p >= active {
                continue;
            }
            let c = if COLORS && ii >= second { clr[o as usize] } else { 0 };
            let ss = cell(set, ii as usize - 1);
            // The places after `pp`, then those before it, each from the last:
            // two loops rather than a test of every place, which mispredicted
            // once per set.
            debug_assert!(ii <= pp && pp < ii + ss);
            for part in [pp + 1..ii + ss, ii..pp] {
                for s in part.rev() {
                    let optp = cell(set, s as usize);
                    if (c == 0 || clr[optp as usize] != c)
                        && let Err(tough) =
                            hide_option::<SECONDARY>(nodes, set, force, first, second, active, optp, &mut updates)
                    {
                        force.clear();
                        result = Err(tough);
                        break 'items;
                    }
                }
            }
            deactivate_at(set, item, &mut active, ii, p);
        }
        s.active = active;
        (updates, result)
    }

    /// [`Cells::include`] without secondary items, when every option has
    /// `L` nodes: the hides walk each option with a fixed trip count and
    /// count no updates, which are added per item (`L - 1` per option
    /// hidden), so that the loops keep fewer values live.
    #[inline(never)]
    fn include_uniform<const L: u32>(&mut self, opt: u32) -> (u64, Result<(), u32>) {
        let s = &mut self.state;
        let mut active = s.active;
        let item = &mut s.item[..];
        let mut arrays = Arrays {
            nodes: &mut s.nodes[..],
            set: &mut s.set[..],
            force: &mut s.force,
            first: &self.binary.first[..],
            back: &self.binary.back[..],
        };
        let mut updates = 0u64;
        // Unchecked as in `include`.
        let start = uniform_start::<L>(arrays.first, arrays.back, opt);
        for o in start..start + L {
            let Node { itm, loc: pp } = cell(arrays.nodes, o as usize);
            let ii = itm as u32;
            let p = cell(arrays.set, ii as usize - 2);
            if p >= active {
                continue;
            }
            let ss = cell(arrays.set, ii as usize - 1);
            debug_assert!(ii <= pp && pp < ii + ss);
            // The places after `pp`, then those before it, each from the
            // last, as in `include`: both parts in one call, and only when
            // the set holds another option.
            if ss > 1 {
                let wiped = hide_places::<L>(&mut arrays, ii, ii + ss, pp);
                if wiped != 0 {
                    let Arrays { nodes, set, force, first, back } = arrays;
                    let (s, k) = ((wiped >> 32) as u32, wiped as u32 - 1);
                    // The item wiped out: that of the `k`th node of the option
                    // at `s` but that option's node in this set, as
                    // `hide_uniform` walks it.
                    let optp = cell(set, s as usize);
                    let start = uniform_start::<L>(first, back, optp);
                    let nn = start + k + u32::from(start + k >= optp);
                    let tough = cell(nodes, nn as usize).itm as u32;
                    // The options at the places after `s` but `pp` were hidden.
                    let done = ii + ss - 1 - s - u32::from(s < pp);
                    force.clear();
                    self.state.active = active;
                    return (updates + u64::from(done) * u64::from(L - 1) + u64::from(k), Err(tough));
                }
            }
            updates += u64::from(ss - 1) * u64::from(L - 1);
            deactivate_at(arrays.set, item, &mut active, ii, p);
        }
        s.active = active;
        (updates, Ok(()))
    }

    /// [`Cells::include`] with bounds: a primary item of the option lowers its
    /// residual bound, and hides its other options only when that reaches 0;
    /// until then it only loses the option from its set. Never inlined, and
    /// borrowing the arrays itself, as [`Cells::include`] (as a method of a
    /// [`Sets`] built by the caller, each call stored and reloaded its fields:
    /// 6 % of the instructions on redrect 4 5); `SECONDARY` as there.
    #[inline(never)]
    fn include_bounded<const COLORS: bool, const SECONDARY: bool>(&mut self, opt: u32) -> (u64, Result<(), u32>) {
        let frame = &*self.frame;
        let s = &mut self.state;
        let b = &mut self.binary;
        let (second, mut active) = (frame.second, s.active);
        let (nodes, set, item) = (&mut s.nodes[..], &mut s.set[..], &mut s.item[..]);
        let (first, clr) = (&b.first[..], &frame.clr[..]);
        // As long as `set`, so that reading a size proves their index.
        let (bound, key) = (&mut b.bound[..set.len()], &mut b.key[..set.len()]);
        let mut updates = 0;
        let mut result = Ok(());
        // Unchecked: `o` is a node of an option, `ii` its item's set start,
        // `s` a place of its set in play (`util::nodes`, invariant 6).
        'items: for o in option(nodes, first, opt) {
            let Node { itm, loc: pp } = cell(nodes, o as usize);
            let ii = itm as u32;
            let p = cell(set, ii as usize - 2);
            if p >= active {
                continue;
            }
            if !SECONDARY || ii < second {
                let [need, slack] = cell(bound, ii as usize - 1);
                set_cell(bound, ii as usize - 1, [need - 1, slack]);
                if need - 1 != -slack {
                    // The item stays active and reads its key: one bound
                    // less adds one to its degree while the bound exceeds the
                    // slack, else takes one from min(slack, bound) (see
                    // [`key_base`]; never below 0 here). One made inactive has
                    // its key restored with its bound.
                    let step = if need > 0 { 1 << 48 } else { (1u64 << 32).wrapping_neg() };
                    set_cell(key, ii as usize - 1, cell(key, ii as usize - 1).wrapping_add(step));
                    // Tested before the decrement, as in `hide_option_bounded`.
                    let size = cell(set, ii as usize - 1);
                    let ss = size - 1;
                    if (size as i32) < need {
                        result = Err(ii);
                        break 'items;
                    }
                    if ss == 0 {
                        deactivate(set, item, &mut active, ii);
                    } else {
                        swap_last(nodes, set, ii as usize, ss, o, pp);
                        updates += 1;
                    }
                    continue;
                }
            }
            let c = if COLORS && ii >= second { clr[o as usize] } else { 0 };
            let ss = cell(set, ii as usize - 1);
            debug_assert!(ii <= pp && pp < ii + ss);
            // The places after `pp`, then those before it, each from the
            // last, as in `include`: the `k`th place but `pp`, stepping over
            // it, so that one loop visits them with no test of the parts.
            //
            // Each option's nodes are found (its place, its first node, its
            // length: three loads, each needing the one before) while the
            // option before it is hidden, so that the loop over its nodes
            // starts at once after the one before exits. Hiding an option
            // leaves the places below its own in this set as they were.
            if ss > 1 {
                let place = |k: u32| (ii + k + u32::from(ii + k >= pp)) as usize;
                let mut optp = cell(set, place(ss - 2));
                let mut all = option(nodes, first, optp);
                for k in (0..ss - 1).rev() {
                    // The last option's "next" is itself, read again.
                    let next_optp = cell(set, place(k.saturating_sub(1)));
                    let next = option(nodes, first, next_optp);
                    if (c == 0 || clr[optp as usize] != c)
                        && let Err(tough) = hide_option_bounded::<SECONDARY>(
                            nodes,
                            set,
                            item,
                            bound,
                            second,
                            &mut active,
                            &mut updates,
                            all,
                        )
                    {
                        result = Err(tough);
                        break 'items;
                    }
                    (optp, all) = (next_optp, next);
                }
            }
            deactivate(set, item, &mut active, ii);
        }
        s.active = active;
        if result.is_err() {
            s.force.clear();
        }
        (updates, result)
    }

    /// The sparse sets, borrowed for one step of the search.
    #[inline(always)]
    fn sets(&mut self) -> Sets<'_> {
        let frame = &*self.frame;
        let s = &mut self.state;
        Sets {
            nodes: &mut s.nodes,
            set: &mut s.set,
            item: &mut s.item,
            active: s.active,
            first: &self.binary.first,
            second: frame.second,
            updates: 0,
            bound: &self.binary.bound,
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
        if weights == Weights::Off {
            // The smallest of (size, item), packed, so that the ties cost no
            // mispredicted branch.
            // The slices are cut once, before the loop: read through the
            // vectors, their buffers were reloaded after every push.
            let (set, items, force) = (&s.set[..], &s.item[..s.active as usize], &mut s.force);
            let Some(key) = least_key(set, items, second, force, |size, x| u64::from(size) << 32 | u64::from(x)) else {
                return Pick::Dead;
            };
            if key != u64::MAX {
                (best, t) = (key as u32, (key >> 32) as u32);
            }
        } else {
            // As long as `set`, so that reading a size proves the weight's index.
            let (set, weight) = (&s.set[..], &b.weight[..s.set.len()]);
            let items = &s.item[..s.active as usize];
            let Some(mut key) = Self::weighted_min(set, weight, items, second, &mut s.force) else {
                return Pick::Dead;
            };
            if key != u64::MAX && (key >> 32) as u32 >= DANGEROUS.to_bits() {
                key = Self::guarded_min(set, weight, items, second);
            }
            if key != u64::MAX {
                // Knuth keeps the size of the item the score was first met
                // on; only whether it is 1 (a forced move) is ever read.
                best = key as u32;
                t = cell(set, best as usize - 1);
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

    /// The smallest of (score, item) over the active primary items `items`
    /// with two options or more, packed: a score is positive (a size of 2 or
    /// more divided by a positive weight), and positive floats order as their
    /// bits do, so that Knuth's comparisons and his ties (to the item given
    /// first) are one unsigned minimum, with no mispredicted branch. The score
    /// is his quotient, in single precision, so that the ties are his too.
    /// Pushes the items with one option on `force`; `None` when an item has
    /// none. Never inlined: inlined in the search, the minimum and the
    /// weights' buffer lived on the stack, a load and a store per item.
    #[inline(never)]
    fn weighted_min(set: &[u32], weight: &[f32], items: &[u32], second: u32, force: &mut Vec<u32>) -> Option<u64> {
        least_key(set, items, second, force, |size, x| {
            let tscore = size as f32 / cell(weight, x as usize);
            u64::from(tscore.to_bits()) << 32 | u64::from(x)
        })
    }

    /// The smallest of (score, item) as [`Cells::pick`] packs it, with
    /// Knuth's guard: a score of `2 * DANGEROUS` or more counts as
    /// `DANGEROUS`. Only called when the smallest score without the guard is
    /// `DANGEROUS` or more, the one case where the guard can change the
    /// choice (a guarded score is never below `DANGEROUS`): never with
    /// dom/wdeg (every weight is 1 or more), and with FRB only after some
    /// 10^9 tries on one item.
    #[cold]
    #[inline(never)]
    fn guarded_min(set: &[u32], weight: &[f32], items: &[u32], second: u32) -> u64 {
        let mut key = u64::MAX;
        for &x in items {
            let size = set[x as usize - 1];
            if x >= second || size <= 1 {
                continue;
            }
            let mut tscore = size as f32 / weight[x as usize];
            if tscore >= 2.0 * DANGEROUS {
                tscore = DANGEROUS;
            }
            key = key.min(u64::from(tscore.to_bits()) << 32 | u64::from(x));
        }
        key
    }

    /// What to branch on with bounds, as SSMCC chooses: an item's branching
    /// degree is `size + min(slack, bound) - bound + 1` (its options, and
    /// the null choice while its slack allows one). An item of degree 1 is
    /// pushed on `force` once per option it still needs, and the last pushed
    /// is taken; else the item of smallest degree (divided by its weight when
    /// there are weights), ties going to the smaller slack, then to the
    /// longer set, then to the item given first. Without secondary items
    /// (`SECONDARY` false; those without options are inactive from the
    /// start), no item is tested against `second`.
    #[inline(always)]
    fn pick_bounded<const SECONDARY: bool>(&mut self, weights: Weights) -> Pick {
        let second = self.frame.second;
        let s = &mut self.state;
        let b = &mut self.binary;
        let (mut best, mut score, mut best_s, mut best_l) = (0u32, i32::MAX, 0i32, 0u32);
        let mut fscore = 2.0 * DANGEROUS;
        // As long as `set`, so that reading a size proves the bound's index.
        let (set, bounds) = (&s.set[..], &b.bound[..s.set.len()]);
        let items = &s.item[..s.active as usize];
        if weights == Weights::Off {
            // The smallest of (degree, min(slack, bound), !size, item) over the
            // items not forced, each packed in order of significance (the two
            // signed numbers with their sign bits flipped), so that Knuth's
            // comparisons and ties are one unsigned minimum.
            if b.narrow {
                // Every number fits in 16 bits (biased by 2^15 when signed).
                // First the smallest key, each a base kept with the bounds
                // plus a multiple of the size: when its degree is 2 or more,
                // no item is forced and it is the choice. Else the items are
                // looked at again, to push the forced ones as SSMCC does.
                let keys = &b.key[..set.len()];
                let mut key = u64::MAX;
                for &x in items {
                    if SECONDARY && x >= second {
                        continue;
                    }
                    key = key.min(item_key(keys, set, x));
                }
                if key == u64::MAX {
                    return Pick::Solved;
                }
                if key_degree(key) >= 2 {
                    return Pick::Item(key as u32 & 0xFFFF, key_degree(key) as u32);
                }
                key = u64::MAX;
                for &x in items {
                    if SECONDARY && x >= second {
                        continue;
                    }
                    let Some((t, sl, size)) = Self::bounded_score(set, bounds, &mut s.force, x) else {
                        continue;
                    };
                    let bias = |v: i32| u64::from((v + 0x8000) as u32);
                    key = key.min(bias(t) << 48 | bias(sl) << 32 | u64::from(0xFFFF - size) << 16 | u64::from(x));
                }
                if key != u64::MAX {
                    (best, score) = (key as u32 & 0xFFFF, key_degree(key));
                }
            } else {
                let mut key = u128::MAX;
                for &x in items {
                    if x >= second {
                        continue;
                    }
                    let Some((t, sl, size)) = Self::bounded_score(set, bounds, &mut s.force, x) else {
                        continue;
                    };
                    let flip = |v: i32| u128::from(v as u32 ^ 0x8000_0000);
                    key = key.min(flip(t) << 96 | flip(sl) << 64 | u128::from(!size) << 32 | u128::from(x));
                }
                if key != u128::MAX {
                    (best, score) = (key as u32, ((key >> 96) as u32 ^ 0x8000_0000) as i32);
                }
            }
        } else {
            if b.narrow {
                // The smallest of (score, min(slack, bound), !size, item), the
                // score Knuth's single-precision quotient of the degree by the
                // weight: a positive score orders as its bits do, and the last
                // three fields are the key kept per item shifted past its
                // degree (a shift needs no mask held in a register), so that
                // his comparisons and ties are one unsigned minimum of two
                // words. The items of degree 1 or less are noted on the
                // way, each written at the end of the list and kept by moving
                // the end, so that no branch depends on the degree: when there
                // are none, no item is forced and no score is negative; when
                // all are of degree 1, they are forced, pushed as SSMCC pushes
                // them. Else, or when the smallest score is `DANGEROUS` or
                // more (where Knuth's guard could change the choice), the
                // items are looked at again as below.
                let keys = &b.key[..set.len()];
                let is_low = |_: u32, k: u64| key_degree(k) <= 1;
                let (n, by_item) = if !b.scores.is_empty() {
                    // The scores made when the weight last grew, each at the
                    // top field of its item's key.
                    let key = least_packed::<SECONDARY>(keys, set, items, second, &b.scores[..set.len() + 2]);
                    if key == u64::MAX {
                        return Pick::Solved;
                    }
                    // A score of 0: some item is of degree 1 or less (never
                    // below 0), and they are found again.
                    if key >> b.shift != 0 {
                        let x = key as u32 & 0xFFFF;
                        return Pick::Item(x, (item_key(keys, set, x) >> 48) as u32 - x);
                    }
                    let is_low = |x: u32, k: u64| (k >> 48) as u32 <= x + 1;
                    (least_scored::<SECONDARY, true>(keys, set, items, second, &mut b.low, is_low, |_, _| 0).0, true)
                } else {
                    let (n, key) = if !b.quotient.is_empty() {
                        // The quotient made when the weight last changed:
                        // the degree, biased, is the top field of the key.
                        let quotient = &b.quotient[..set.len() + QUOTIENT_PAD];
                        // Unchecked: `x` is a set start, below `set.len()`.
                        let (_, key) =
                            least_scored::<SECONDARY, false>(keys, set, items, second, &mut b.low, is_low, |x, k| {
                                cell(quotient, x as usize + (k >> 48) as usize)
                            });
                        // A score of 0: some item is of degree 1 or less
                        // (never below 0), and they are found again.
                        let n = if (key >> 64) as u32 == 0 {
                            least_scored::<SECONDARY, true>(keys, set, items, second, &mut b.low, is_low, |_, _| 0).0
                        } else {
                            0
                        };
                        (n, key)
                    } else {
                        let weight = &b.weight[..set.len()];
                        least_scored::<SECONDARY, true>(keys, set, items, second, &mut b.low, is_low, |x, k| {
                            (key_degree(k) as f32 / cell(weight, x as usize)).to_bits()
                        })
                    };
                    if key == u128::MAX {
                        return Pick::Solved;
                    }
                    if n == 0 && ((key >> 64) as u32) < DANGEROUS.to_bits() {
                        let x = (key >> 16) as u32 & 0xFFFF;
                        return Pick::Item(x, key_degree(item_key(keys, set, x)) as u32);
                    }
                    (n, false)
                };
                // The degree of item `x`, from its key's top field; each
                // form of key its own loop.
                let low = &b.low[..n];
                let forced = if by_item {
                    Self::force_low(low, bounds, &mut s.force, |x| (item_key(keys, set, x) >> 48) as i32 - x as i32)
                } else {
                    Self::force_low(low, bounds, &mut s.force, |x| key_degree(item_key(keys, set, x)))
                };
                if let Some(x) = forced {
                    return Pick::Forced(x);
                }
            }
            for &x in items {
                if x >= second {
                    continue;
                }
                let Some((t, sl, size)) = Self::bounded_score(set, bounds, &mut s.force, x) else {
                    continue;
                };
                // The tie is judged only on an equal score (most items lose at once).
                let tie = || sl < best_s || (sl == best_s && (size > best_l || (size == best_l && x < best)));
                let mut tscore = t as f32 / b.weight[x as usize];
                if tscore >= 2.0 * DANGEROUS {
                    tscore = DANGEROUS;
                }
                if tscore < fscore || (tscore == fscore && tie()) {
                    fscore = tscore;
                    (best, score, best_s, best_l) = (x, t, sl, size);
                }
            }
        }
        if let Some(x) = s.force.pop() {
            Pick::Forced(x)
        } else if score == i32::MAX {
            Pick::Solved
        } else {
            Pick::Item(best, score as u32)
        }
    }

    /// When the items `low` (of degree 1 or less) are all of degree 1, pushes
    /// each on `force` once for each option it still needs (in `bounds`),
    /// as SSMCC does, and returns the last pushed; `degree(x)` gives item
    /// `x`'s degree.
    #[inline(always)]
    fn force_low(low: &[u32], bounds: &[[i32; 2]], force: &mut Vec<u32>, degree: impl Fn(u32) -> i32) -> Option<u32> {
        if low.is_empty() || !low.iter().all(|&x| degree(x) == 1) {
            return None;
        }
        // Unchecked: `x` is a set start (`util::nodes`, invariant 6).
        for &x in low {
            for _ in 0..cell(bounds, x as usize - 1)[0] {
                force.push(x);
            }
        }
        force.pop()
    }

    /// SSMCC's score of the primary item `x` (its set's size plus its
    /// slack, less its bound, plus one), with that slack and size; `None`
    /// when the item is forced (score 1), after pushing it on `force` once
    /// for each option it still needs.
    #[inline(always)]
    fn bounded_score(set: &[u32], bounds: &[[i32; 2]], force: &mut Vec<u32>, x: u32) -> Option<(i32, i32, u32)> {
        let xi = x as usize;
        let size = set[xi - 1];
        let [need, slack] = bounds[xi - 1];
        let bound = need + slack;
        let sl = slack.min(bound);
        let t = size as i32 + sl - bound + 1;
        if t == 1 {
            for _ in 0..need {
                force.push(x);
            }
            return None;
        }
        Some((t, sl, size))
    }

    /// Sets up the bounds for a search from the root, as SSMCC does: each
    /// primary item's residual bound less its slack (at first its lower
    /// bound) and its slack, and every item without options made inactive, in
    /// the order given.
    fn start_bounded(&mut self) {
        let frame = Arc::clone(&self.frame);
        let n = self.state.set.len();
        let b = &mut self.binary;
        b.bound.clear();
        b.bound.resize(n, [0, 0]);
        b.key.clear();
        b.key.resize(n, 0);
        b.low.clear();
        b.low.resize(self.state.item.len(), 0);
        b.narrow = n < 1 << 15 && frame.bounds.iter().all(|&(_, v)| v < 1 << 15);
        for (k, &(u, v)) in frame.bounds.iter().enumerate() {
            let x = frame.initial.item[k] as usize;
            if x < frame.second as usize {
                b.bound[x - 1] = [u as i32, (v - u) as i32];
                b.key[x - 1] = key_base(u as i32, (v - u) as i32, x as u32, KEY_BIAS);
            }
        }
        let mut sets = self.sets();
        for &x in &frame.initial.item {
            // Items are active unless commitments (of an option on each item
            // of one, whose sets keep it) made them inactive.
            if sets.set[x as usize - 1] == 0 && sets.set[x as usize - 2] < sets.active {
                sets.deactivate(x);
            }
        }
        self.state.active = sets.active;
    }

    /// Saves the sizes of the active items for `stage` (and with bounds the
    /// fewest options each may be left with), when it branches.
    #[inline(always)]
    fn save_stage<const BOUNDS: bool>(&mut self, stage: usize, save: bool) {
        let b = &mut self.binary;
        let from = b.top;
        // Unchecked: a stage is at most the number of options (see
        // `Binary::levelstage`).
        set_cell(&mut b.saved, stage, from as u32);
        if save {
            let s = &self.state;
            let items = &s.item[..s.active as usize];
            let to = from + items.len();
            if b.stack.len() < to {
                // Never less than doubled, so this check is all a save pays.
                let len = to.max(2 * b.stack.len());
                b.stack.resize(len, [0; 3]);
                if BOUNDS {
                    b.saved_key.resize(len, 0);
                }
            }
            let set = &s.set[..];
            // Unchecked: `x` is an item's set start (`util::nodes`, invariant 6).
            if BOUNDS {
                // As long as `set`, so that reading a size proves their index.
                let (bound, key) = (&b.bound[..set.len()], &b.key[..set.len()]);
                let saved = b.stack[from..to].iter_mut().zip(&mut b.saved_key[from..to]);
                for ((e, k), &x) in saved.zip(items) {
                    let xi = x as usize - 1;
                    *e = [x, cell(set, xi), cell(bound, xi)[0] as u32];
                    *k = cell(key, xi);
                }
            } else {
                for (e, &x) in b.stack[from..to].iter_mut().zip(items) {
                    // The third word is never read: not written.
                    (e[0], e[1]) = (x, cell(set, x as usize - 1));
                }
            }
            b.top = to;
        }
    }

    /// Restores the sizes saved by `stage`, and the active items then, and
    /// drops them from the save stack.
    #[inline(always)]
    fn restore_stage<const BOUNDS: bool>(&mut self, stage: usize) {
        let b = &mut self.binary;
        let from = cell(&b.saved, stage) as usize;
        let s = &mut self.state;
        s.active = (b.top - from) as u32;
        let (set, bound, key) = (&mut s.set[..], &mut b.bound[..], &mut b.key[..]);
        // Unchecked: `x` is an item's set start (`util::nodes`, invariant 6).
        if BOUNDS {
            for (&[x, size, need], &k) in b.stack[from..b.top].iter().zip(&b.saved_key[from..b.top]) {
                let xi = x as usize - 1;
                set_cell(set, xi, size);
                set_cell(bound, xi, [need as i32, cell(bound, xi)[1]]);
                set_cell(key, xi, k);
            }
        } else {
            for &[x, size, _] in &b.stack[from..b.top] {
                set_cell(set, x as usize - 1, size);
            }
        }
        b.top = from;
    }

    /// Copies the options of the solution just found, one per stage, from
    /// the levels where they were taken to `choice`, where
    /// [`Cells::solution`] reads them.
    pub(super) fn read_binary(&mut self) {
        self.binary.unread = false;
        let b = &self.binary;
        // With bounds, a solution may hold more options than there are
        // primary items.
        reach(&mut self.choice, self.level);
        for k in 0..self.level - self.floor {
            self.choice[self.floor + k] = b.choice[b.levelstage[k]];
        }
    }

    /// Writes the rows of [`Binary::quotient`] or [`Binary::scores`] (the
    /// one in use, if any) of the item whose set starts at `x`, for its
    /// weight now: Knuth's score `t / w` for each degree `t` it may have,
    /// from 2 to its set's first size plus one, and 0 for the degrees 0 and 1.
    #[inline(always)]
    fn make_quotients(&mut self, x: usize) {
        let b = &mut self.binary;
        if b.quotient.is_empty() && b.scores.is_empty() {
            return;
        }
        let (w, size) = (b.weight[x], self.frame.initial.set[x - 1]);
        // Never `2 * DANGEROUS` or more: a weight is 1 or more.
        let score = |t: usize| t as f32 / w;
        if b.scores.is_empty() {
            let row = &mut b.quotient[x + QUOTIENT_PAD / 2..][..size as usize + 2];
            for (t, q) in row.iter_mut().enumerate() {
                *q = if t <= 1 { 0 } else { score(t).to_bits() };
            }
        } else {
            let shift = b.shift;
            let row = &mut b.scores[x..][..size as usize + 2];
            for (t, q) in row.iter_mut().enumerate() {
                let bits = if t <= 1 { 0 } else { score(t).to_bits() - SCORE_FLOOR };
                debug_assert!(t <= 1 || (bits > 0 && bits < 1 << 29));
                *q = (u64::from(bits) << shift).wrapping_sub(((x + t) as u64) << 48);
            }
        }
    }

    /// Sets up [`Binary::quotient`] or [`Binary::scores`] for dom/wdeg with
    /// bounds on a narrow problem, from the weights (all 1 at the root): the
    /// scores when every slack is below 2^3, else the quotients. Empties
    /// both for other weights, on a problem that is not narrow, or when an
    /// item's degree could be below 0 (its set has fewer options than its
    /// lower bound less one: a degree never falls below 1, nor below the
    /// root's, as an item left with fewer options than it needs wipes out).
    /// With the scores, the keys' top fields are biased by their items.
    fn start_quotients(&mut self, weights: Weights) {
        let b = &mut self.binary;
        b.quotient.clear();
        b.scores.clear();
        if weights != Weights::Wdeg || !b.narrow {
            return;
        }
        let initial = &self.frame.initial;
        let second = self.frame.second as usize;
        let mut slack = 0;
        for (k, &(u, v)) in self.frame.bounds.iter().enumerate() {
            let x = initial.item[k] as usize;
            if x < second {
                if initial.set[x - 1] + 1 < u {
                    return;
                }
                slack = slack.max(v - u);
            }
        }
        if slack < 1 << 3 {
            b.shift = 32 + (32 - slack.leading_zeros());
            b.scores.resize(initial.set.len() + 2, 0);
            for &x in &initial.item {
                let xi = x as usize - 1;
                if (x as usize) < second {
                    let [need, slack] = b.bound[xi];
                    b.key[xi] = key_base(need, slack, x, x);
                }
            }
        } else {
            b.quotient.resize(initial.set.len() + QUOTIENT_PAD, 0);
        }
        let frame = Arc::clone(&self.frame);
        for &x in &frame.initial.item {
            if (x as usize) < second {
                self.make_quotients(x as usize);
            }
        }
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
                    self.make_quotients(tough as usize);
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
    pub(super) fn search_binary<const COLORS: bool, const BOUNDS: bool, F>(
        &mut self,
        config: &Config,
        mut on_solution: F,
    ) where
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
        // Whether some node is a secondary item's: its place is `second` or
        // more, inside `set` (without secondary items, or with only ones
        // without options, `second` is the end of `set` or past it). Colours
        // are secondary items' only.
        let secondary = (self.frame.second as usize) < self.state.set.len();
        let monitor = config.get_monitor().map(Arc::clone);
        let at = if self.run.phase == Phase::Suspended { At::Backup } else { At::Forward };
        if self.run.phase != Phase::Suspended {
            let b = &mut self.binary;
            (b.stage, b.level) = (0, 0);
            b.top = 0;
            let n = self.state.set.len() + 2;
            let (w, a) = match weights {
                Weights::Frb => (0.5, 1.0),
                _ => (1.0, 1.0),
            };
            b.weight.clear();
            b.assigns.clear();
            let nodes = &self.state.nodes;
            if b.first.len() != nodes.len() {
                b.first.clear();
                b.back.clear();
                let mut f = 0;
                for (x, node) in nodes.iter().enumerate() {
                    if node.itm <= 0 {
                        f = x as u32 + 1;
                    }
                    b.first.push(f);
                    b.back.push(u8::try_from((x as u32).saturating_sub(f)).unwrap_or(0));
                }
                let mut lengths = nodes.iter().filter(|node| node.itm <= 0).skip(1).map(|node| -node.itm as u32);
                let uniform = lengths.next().unwrap_or(0);
                b.uniform = if lengths.all(|t| t == uniform) { uniform } else { 0 };
            }
            // Each level takes or hides an option left in play, which leaves
            // play for the levels below it: a path has at most as many
            // levels, and stages, as there are options. The vectors per level
            // and per stage are sized for that once, and the search indexes
            // them unchecked, with no growth test per node.
            let most = nodes.iter().filter(|node| node.itm <= 0).count() + 1;
            for v in [&mut b.choice, &mut b.deg, &mut b.saved] {
                v.clear();
                v.resize(most, 0);
            }
            b.levelstage.clear();
            b.levelstage.resize(most, 0);
            if weights != Weights::Off {
                b.weight.resize(n, w);
                b.assigns.resize(n, a);
            }
            if BOUNDS {
                self.start_bounded();
                self.start_quotients(weights);
            } else {
                self.binary.quotient.clear();
                self.binary.scores.clear();
            }
        }
        self.run.phase = Phase::Idle;
        self.binary.unread = false;
        let (mut stage, mut level) = (self.binary.stage, self.binary.level);
        let mut nodes = self.run.stats.nodes;
        let mut updates = self.run.stats.updates;
        let (mut best, mut t) = (0u32, 0u32);
        // Where a backtrack starts: the steps are straight-line code rather
        // than states of one dispatch, whose indirect jump mispredicts.
        let mut back = if at == At::Forward { None } else { Some(At::Backup) };
        loop {
            if let Some(from) = back.take() {
                // `Prebackup` drops the sizes saved by the stage, `Backup`
                // backs up a stage, `Purge` restores the stage's sizes and
                // takes the right branch of its node.
                let (mut drop, mut up) = match from {
                    At::Prebackup => (true, true),
                    At::Backup => (false, true),
                    At::Purge | At::Forward => (false, false),
                };
                loop {
                    if drop {
                        self.binary.top = cell(&self.binary.saved, stage) as usize;
                    }
                    if up {
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
                        level = cell(&self.binary.levelstage, stage);
                    }
                    (drop, up) = (true, true);
                    if cell(&self.binary.deg, level) == 1 {
                        continue;
                    }
                    self.restore_stage::<BOUNDS>(stage);
                    let x = cell(&self.binary.choice, level);
                    let mut sets = self.sets();
                    let rejected = if BOUNDS {
                        if secondary { sets.reject_bounded::<true>(x) } else { sets.reject_bounded::<false>(x) }
                    } else {
                        sets.reject(x);
                        true
                    };
                    (self.state.active, updates) = (sets.active, updates + sets.updates);
                    if !rejected {
                        // An item would be left with too few options.
                        continue;
                    }
                    level += 1;
                    set_cell(&mut self.binary.levelstage, stage, level);
                    break;
                }
            }
            // A node.
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
                None => match if BOUNDS {
                    if secondary { self.pick_bounded::<true>(weights) } else { self.pick_bounded::<false>(weights) }
                } else {
                    self.pick(weights)
                } {
                    Pick::Solved => {
                        self.run.stats =
                            Stats { nodes, updates, cleansings: 0, solutions: self.run.stats.solutions + 1 };
                        // The options taken, one per stage, are copied
                        // where `solution` reads them when it asks.
                        self.level = self.floor + stage;
                        self.binary.unread = true;
                        (self.binary.stage, self.binary.level) = (stage, level);
                        if on_solution(self).is_break() {
                            self.run.phase = Phase::Suspended;
                            if let Some(monitor) = &monitor {
                                self.run.report(monitor, None);
                            }
                            return;
                        }
                        back = Some(At::Backup);
                        continue;
                    }
                    Pick::Dead => {
                        back = Some(At::Backup);
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
            self.save_stage::<BOUNDS>(stage, forced.is_none());
            // Advances: takes the first option of `best`.
            let x = self.state.set[best as usize];
            // Unchecked: a level is at most the number of options (see
            // `Binary::levelstage`).
            set_cell(&mut self.binary.choice, level, x);
            set_cell(&mut self.binary.deg, level, t);
            let included = if BOUNDS {
                let (made, included) = if secondary {
                    self.include_bounded::<COLORS, true>(x)
                } else {
                    self.include_bounded::<false, false>(x)
                };
                updates += made;
                included
            } else {
                let (made, included) = if secondary {
                    self.include::<COLORS, true>(x)
                } else {
                    // The lengths of most packing problems' options (a
                    // piece's cells and its name), Langford pairs' and sudoku's.
                    match self.binary.uniform {
                        2 => self.include_uniform::<2>(x),
                        3 => self.include_uniform::<3>(x),
                        4 => self.include_uniform::<4>(x),
                        5 => self.include_uniform::<5>(x),
                        6 => self.include_uniform::<6>(x),
                        7 => self.include_uniform::<7>(x),
                        8 => self.include_uniform::<8>(x),
                        _ => self.include::<false, false>(x),
                    }
                };
                updates += made;
                included
            };
            match included {
                Ok(()) => {
                    self.learn(weights, best, None);
                    stage += 1;
                    level += 1;
                    set_cell(&mut self.binary.levelstage, stage, level);
                }
                Err(tough) => {
                    self.learn(weights, best, Some(tough));
                    back = Some(if t == 1 { At::Prebackup } else { At::Purge });
                }
            }
        }
    }
}
