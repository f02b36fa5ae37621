//! Dense bitsets: Algorithms X and C for small problems, with copies instead of undo.
//!
//! A level's whole state is one **frame**: a bitset of the options still in
//! play (`live`), the number of options in play of each primary item (`count`:
//! above [`Count::MAX_LEN`] for an item already covered; 8 bits each when no
//! item has more than 127 options, else 16), and with colours a bitset of the
//! secondary items purified so far (`pure`). Trying an option copies the
//! level's frame to the next level and changes the copy; backtracking just
//! returns to the frame below, which nothing touched. On a problem of a few
//! hundred or thousand options a frame is a few hundred bytes, so the copy is
//! cheaper than undoing the updates one by one, and the counts sit side by
//! side in a short array that is quick to scan for the item to branch on.
//!
//! The search is otherwise the one of the links engine, step for step: the same
//! item chosen at each node (the first active primary item with the fewest
//! options), its options tried in the order they were given. So the search
//! tree and the order of the solutions are those of dancing links. An option
//! tried is committed as a whole, its own primary items counting as covered
//! from the start. If that leaves another primary item without options, the
//! level below chooses that item and finds nothing to try, as in the links
//! (committing item by item, below, drops the option at once instead, and still
//! counts that level's node). So the nodes are DLX1's, while the updates and
//! cleansings are those of the work done, counted by DLX1's and DLX2's rules:
//! hiding an option counts one update for each of its other items not
//! purified, covering an item one more, and purifying counts the cleansings
//! DLX2 counts. Without colours that work is the links' own, option for option,
//! so the updates are DLX1's too (but when committing item by item).
//!
//! Which options committing an option puts out of play does not depend on the
//! order of its items: they are the options that conflict with it, known in
//! advance. So an option is committed in one sweep over its *conflicts*:
//! the words of `live` that hold options sharing an item with it (or giving
//! one of its coloured items another colour, or none), each with the mask of
//! those options, made once per problem. Each word is cleared of them at once,
//! and only the options actually in play cost a step each. When `live` is
//! short (at most 16 words, no colours: a 9×9 sudoku has 12), an option's
//! conflicts are also kept as a mask for every word: the sweep then clears
//! all the words without a loop over a list, and visits only the words where
//! it hid options, instead of testing each word of the list, a branch the
//! processor mispredicts when words hold one option or none. With colours the
//! option's coloured items are marked purified before the sweep and their
//! cleansings counted after it, so the updates and cleansings are at most
//! DLX2's. On problems whose conflicts would fill more than [`CONFLICT_ROOM`]
//! words (or, with colours, that have options of more than 64 items) the
//! items are committed one by one in the links' order instead (from the one
//! after the chosen item, wrapping round), and an option is dropped as soon as
//! an item runs out. Commitments and descents commit whole options, as the
//! links engine does, but only in `live`: the counts of the root frame are
//! settled once, when a search starts, however many options were committed
//! (a sudoku's givens are a few dozen).
//!
//! Level `l` works in frame `levels[l].frame`: on entering it, the frame is
//! the state of the search there; once its item is chosen, the item is covered
//! in that frame in place, since only the frames above are made from it. A
//! level with a single option (a forced move, the rule on sudoku) commits it
//! in its own frame, which the next level then shares: nothing is copied. The
//! frame `root` holds the state after the commitments and descents, copied
//! into frame 0 when a search starts. Frames are allocated as the search first
//! reaches a depth, so memory follows the depth of the search, not the number
//! of items.

mod bounded;

use std::ops::ControlFlow;
use std::sync::Arc;

use bounded::{Bounded, NONE};

use crate::run::{Phase, Resumable, Run, as_moves, resumable_common};
use crate::util::monitor::Monitor;
use crate::util::problem::{OptionId, Problem};
use crate::util::search::{CommitError, Config, DescendError};
use crate::util::stats::Stats;

/// The most options a problem may have for this engine: an item's count of
/// options must fit [`Count::MAX_LEN`] of 16-bit counts.
pub(crate) const MAX_OPTIONS: usize = <i16 as Count>::MAX_LEN;

/// The most items an option may have for this engine: an option's numbers of
/// items and of primary items are kept in 16 bits.
pub(crate) const MAX_OPTION_LEN: usize = u16::MAX as usize;

/// The number of options in play of a primary item, as a frame keeps it: 8
/// bits when no item has more than 127 options (half the copying and half the
/// scanning), 16 bits otherwise.
pub(crate) trait Count: Copy + Ord + std::fmt::Debug + Send + Sync + 'static {
    /// The count of a covered item: more than any count of options, and still
    /// more after losing one for each of the item's options (a committed
    /// option's items count as covered from the start, while options that
    /// share them are hidden).
    const COVERED: Self;
    /// The most options an item may have: half of `COVERED`.
    const MAX_LEN: usize;
    /// Counts scanned at a time: 32 bytes.
    const LANES: usize;
    /// A block of `LANES` counts.
    type Block: Copy + AsRef<[Self]> + AsMut<[Self]>;
    /// A block of covered items.
    const FULL: Self::Block;
    /// The count of `n` options, at most `MAX_LEN`.
    fn of(n: usize) -> Self;
    /// Loses one; whether that leaves none.
    fn dec(&mut self) -> bool;
    /// Gains one.
    fn inc(&mut self);
    /// Whether this is the count of a covered item: above `MAX_LEN`.
    fn is_covered(self) -> bool;
    /// The count as a number (of an item not covered).
    fn value(self) -> i32;
}

/// `Count` for a primitive integer type with `LANES` of it in 32 bytes:
/// covered is its largest value, and an item may have up to half of that.
macro_rules! count {
    ($t:ty, $lanes:literal) => {
        impl Count for $t {
            const COVERED: $t = <$t>::MAX;
            const MAX_LEN: usize = <$t>::MAX as usize / 2;
            const LANES: usize = $lanes;
            type Block = [$t; $lanes];
            const FULL: [$t; $lanes] = [<$t>::MAX; $lanes];
            fn of(n: usize) -> $t {
                n as $t
            }
            #[inline(always)]
            fn is_covered(self) -> bool {
                self > <$t>::MAX / 2
            }
            #[inline(always)]
            fn dec(&mut self) -> bool {
                *self = self.wrapping_sub(1);
                *self == 0
            }
            #[inline(always)]
            fn inc(&mut self) {
                *self = self.wrapping_add(1);
            }
            #[inline(always)]
            fn value(self) -> i32 {
                i32::from(self)
            }
        }
    };
}

count!(u8, 32);
count!(i16, 16);

/// What never changes: the problem as lists of numbers.
#[derive(Debug)]
struct Shape<C> {
    n_primary: usize,
    /// Words of a frame's `live`, entries of its `count` that the choice scans
    /// (`n_primary` rounded up to whole blocks) and words of its `pure` (0
    /// without colours).
    words: usize,
    width: usize,
    pure_words: usize,
    /// Item `h`'s options (numbers in increasing order) are
    /// `item_opts[item_start[h]..item_start[h + 1]]`, with their colours of `h`
    /// in `item_clr` (only with colours). Items are numbered as in the links:
    /// primary items first, in order of declaration.
    item_start: Vec<u32>,
    item_opts: Vec<u32>,
    item_clr: Vec<u32>,
    /// Option `p`'s items, in its order, are `opt_items[opt_start[p]..opt_start[p + 1]]`
    /// with their colours (1 and up; 0 for none) in `opt_clr`.
    opt_start: Vec<u32>,
    opt_items: Vec<u32>,
    opt_clr: Vec<u32>,
    /// Option `p` in one word, for hiding it: where its primary items start
    /// in `opt_prim` (bits 0 to 31), how many there are (bits 32 to 47) and
    /// its number of items less one (bits 48 to 63).
    opt_desc: Vec<u64>,
    /// Option `p`'s primary items are `opt_prim[prim_start[p]..prim_start[p + 1]]`,
    /// its secondary items (numbered from 0) `opt_sec[sec_start[p]..sec_start[p + 1]]`.
    prim_start: Vec<u32>,
    opt_prim: Vec<u32>,
    sec_start: Vec<u32>,
    opt_sec: Vec<u32>,
    /// Item `h`'s options as a sparse bitset: `item_words[word_start[h]..word_start[h + 1]]`
    /// are the words of `live` that hold some of them, each with the mask of
    /// those, in increasing order. Far fewer than the options, on most problems.
    word_start: Vec<u32>,
    item_words: Vec<(u32, u64)>,
    /// Option `p`'s conflicts: the words of `live` holding options that share
    /// an item with `p` or give one of its coloured items another colour or
    /// none, with the masks of those options,
    /// `conf[conf_start[p]..conf_start[p + 1]]` in increasing order. Empty
    /// when they would take too much room (see `conflicts`).
    conf_start: Vec<u32>,
    conf: Vec<(u32, u64)>,
    /// Option `p`'s primary items again, in a row of `fixed` (4, 6 or 8) from
    /// `fixed * p` in `prim_fixed`, padded with `width`: the number of a
    /// count past those scanned, which hiding may count down at will. So
    /// hiding an option counts down a fixed number of items, without a loop.
    /// `fixed` is 0 (and `prim_fixed` empty) when some option has more than
    /// 8 primary items or the items do not fit 16 bits.
    fixed: usize,
    prim_fixed: Vec<u16>,
    /// With bounds, `prim_fixed` with the places of the bounded items'
    /// counts padded too: the items an option's commitment marks covered.
    cover_fixed: Vec<u16>,
    /// When a frame's `live` has at most 16 words (and the problem no
    /// colours, and rows of `fixed`): `live` is padded with empty words to
    /// `dense` (4, 8, 12 or 16), and option `p`'s conflicts are also a mask
    /// for each of them, `dense_conf[dense * p..dense * (p + 1)]`, swept
    /// without a loop over a list. Otherwise 0.
    dense: usize,
    dense_conf: Vec<u64>,
    /// The length of the longest item's list, and of its sparse bitset.
    longest: usize,
    widest: usize,
    /// The frame of the problem itself.
    live: Vec<u64>,
    count: Vec<C>,
    /// With bounds (see [`bounded`]): the primary items whose bounds are not
    /// `[1, 1]`, numbered `b` from 0, and their counts' place in a frame.
    bounded: Bounded,
}

impl<C: Count> Shape<C> {
    fn new(problem: &Problem) -> Shape<C> {
        let n_primary = problem.n_primary();
        let n_options = problem.n_options();
        // Item numbers as in the links: primary items first.
        let mut number = vec![0u32; problem.n_items()];
        let (mut primary, mut secondary) = (0u32, n_primary as u32);
        for item in problem.items() {
            let slot = if problem.is_primary(item) { &mut primary } else { &mut secondary };
            number[item.index()] = *slot;
            *slot += 1;
        }
        let width = n_primary.div_ceil(C::LANES) * C::LANES;
        let bounded = Bounded::new(problem, &number, width + C::LANES);
        let colors = problem.has_colors();
        let mut shape = Shape {
            n_primary,
            words: n_options.div_ceil(64),
            width,
            fixed: 0,
            prim_fixed: Vec::new(),
            cover_fixed: Vec::new(),
            dense: 0,
            dense_conf: Vec::new(),
            pure_words: if colors { problem.n_secondary().div_ceil(64) } else { 0 },
            item_start: Vec::new(),
            item_opts: Vec::new(),
            item_clr: Vec::new(),
            opt_start: vec![0],
            opt_items: Vec::new(),
            opt_clr: Vec::new(),
            opt_desc: Vec::new(),
            prim_start: vec![0],
            opt_prim: Vec::new(),
            sec_start: vec![0],
            opt_sec: Vec::new(),
            word_start: vec![0],
            item_words: Vec::new(),
            conf_start: Vec::new(),
            conf: Vec::new(),
            longest: 0,
            widest: 0,
            live: Vec::new(),
            count: Vec::new(),
            bounded,
        };
        let mut sizes = vec![0u32; problem.n_items()];
        for o in problem.options() {
            for (item, color) in problem.searched(o) {
                let h = number[item.index()];
                sizes[h as usize] += 1;
                shape.opt_items.push(h);
                shape.opt_clr.push(color.map_or(0, |c| c.0 + 1));
                if (h as usize) < n_primary {
                    // The place of the item's count in a frame.
                    shape.opt_prim.push(shape.bounded.slot(h));
                    if let Some(b) = shape.bounded.number(h) {
                        shape.bounded.opt.push(b);
                    }
                } else {
                    shape.opt_sec.push(h - n_primary as u32);
                }
            }
            let (first, prim) = (*shape.prim_start.last().unwrap_or(&0), shape.opt_prim.len() as u32);
            let len = shape.opt_items.len() as u32 - shape.opt_start.last().unwrap_or(&0);
            shape
                .opt_desc
                .push(u64::from(first) | u64::from(prim - first) << 32 | u64::from(len.saturating_sub(1)) << 48);
            shape.opt_start.push(shape.opt_items.len() as u32);
            shape.prim_start.push(shape.opt_prim.len() as u32);
            shape.sec_start.push(shape.opt_sec.len() as u32);
            if !shape.bounded.item.is_empty() {
                shape.bounded.start.push(shape.bounded.opt.len() as u32);
            }
        }
        shape.longest = sizes.iter().copied().max().unwrap_or(0) as usize;
        shape.item_start.push(0);
        for &size in &sizes {
            let last = *shape.item_start.last().unwrap_or(&0);
            shape.item_start.push(last + size);
        }
        let mut fill: Vec<u32> = shape.item_start[..sizes.len()].to_vec();
        shape.item_opts = vec![0; shape.opt_items.len()];
        shape.item_clr = vec![0; if colors { shape.opt_items.len() } else { 0 }];
        for p in 0..n_options {
            for t in shape.opt_start[p] as usize..shape.opt_start[p + 1] as usize {
                let h = shape.opt_items[t] as usize;
                let at = fill[h] as usize;
                shape.item_opts[at] = p as u32;
                if colors {
                    shape.item_clr[at] = shape.opt_clr[t];
                }
                fill[h] += 1;
            }
        }
        for h in 0..sizes.len() {
            for &p in &shape.item_opts[shape.item_start[h] as usize..shape.item_start[h + 1] as usize] {
                let (w, bit) = (p >> 6, 1u64 << (p & 63));
                let fresh = shape.item_words.len() == shape.word_start[h] as usize;
                match shape.item_words.last_mut() {
                    Some((last, mask)) if !fresh && *last == w => *mask |= bit,
                    _ => shape.item_words.push((w, bit)),
                }
            }
            shape.word_start.push(shape.item_words.len() as u32);
            shape.widest = shape.widest.max((shape.word_start[h + 1] - shape.word_start[h]) as usize);
        }
        if !colors {
            shape.opt_clr.clear();
        }
        shape.conflicts();
        shape.live = vec![!0u64; shape.words];
        if n_options % 64 != 0
            && let Some(last) = shape.live.last_mut()
        {
            *last = (1u64 << (n_options % 64)) - 1;
        }
        // A block past `width` holds the count that pads the rows of
        // `prim_fixed`; with bounds, the counts of the bounded items follow,
        // in whole blocks (the item's own place before `width` stays covered).
        shape.count = vec![C::COVERED; shape.bounded.base + shape.bounded.item.len().div_ceil(C::LANES) * C::LANES];
        shape.fill_fixed();
        if !colors {
            shape.fill_dense();
        }
        for (h, &size) in sizes[..n_primary].iter().enumerate() {
            shape.count[shape.bounded.slot(h as u32) as usize] = C::of(size as usize);
        }
        shape
    }

    /// Fills in `fixed` and `prim_fixed`, when the options allow.
    fn fill_fixed(&mut self) {
        let most = self.prim_start.windows(2).map(|w| w[1] - w[0]).max().unwrap_or(0);
        let fixed = match most {
            0..=4 => 4,
            5..=6 => 6,
            7..=8 => 8,
            _ => return,
        };
        let Ok(sink) = u16::try_from(self.width) else { return };
        if u16::try_from(self.count.len()).is_err() {
            return;
        }
        self.fixed = fixed;
        for w in self.prim_start.windows(2) {
            let items = &self.opt_prim[w[0] as usize..w[1] as usize];
            self.prim_fixed.extend(items.iter().map(|&k| k as u16));
            self.prim_fixed.extend(std::iter::repeat_n(sink, fixed - items.len()));
        }
        if !self.bounded.item.is_empty() {
            self.cover_fixed = self.prim_fixed.iter().map(|&k| if k < sink { k } else { sink }).collect();
        }
    }

    /// Fills in `dense` and `dense_conf`, and pads `live`, when the options
    /// have rows of `fixed`, their conflicts are kept and `live` has at most
    /// 16 words (the problem has no colours).
    fn fill_dense(&mut self) {
        if self.fixed == 0 || self.conf_start.is_empty() || self.words > 16 {
            return;
        }
        let dense = self.words.div_ceil(4).max(1) * 4;
        self.dense = dense;
        self.dense_conf = vec![0; dense * (self.conf_start.len() - 1)];
        for (p, w) in self.conf_start.windows(2).enumerate() {
            for &(word, mask) in &self.conf[w[0] as usize..w[1] as usize] {
                self.dense_conf[dense * p + word as usize] = mask;
            }
        }
        self.words = dense;
        self.live.resize(dense, 0);
    }

    /// Fills in the options' conflicts, unless they would take more than
    /// [`CONFLICT_ROOM`] words and masks, or the problem has colours and an
    /// option of more than 64 items (`commit_whole` marks an option's
    /// purified items in one word).
    fn conflicts(&mut self) {
        let n_options = self.opt_start.len() - 1;
        let size: usize = (0..n_options)
            .map(|p| {
                let items = &self.opt_items[self.opt_start[p] as usize..self.opt_start[p + 1] as usize];
                items
                    .iter()
                    .map(|&h| (self.word_start[h as usize + 1] - self.word_start[h as usize]) as usize)
                    .sum::<usize>()
            })
            .sum();
        let longest = self.opt_start.windows(2).map(|w| w[1] - w[0]).max().unwrap_or(0);
        if size > CONFLICT_ROOM || (!self.opt_clr.is_empty() && longest > 64) {
            return;
        }
        let mut union: Vec<(u32, u64)> = Vec::new();
        self.conf_start.push(0);
        for p in 0..n_options {
            union.clear();
            for t in self.opt_start[p] as usize..self.opt_start[p + 1] as usize {
                let h = self.opt_items[t] as usize;
                let color = self.opt_clr.get(t).copied().unwrap_or(0);
                if self.bounded.number(h as u32).is_some() {
                    // Options that share an item with bounds may go together.
                    continue;
                }
                if color == 0 {
                    let (from, to) = (self.word_start[h] as usize, self.word_start[h + 1] as usize);
                    union.extend_from_slice(&self.item_words[from..to]);
                } else {
                    // A colour clashes with another colour and with none.
                    let (from, to) = (self.item_start[h] as usize, self.item_start[h + 1] as usize);
                    for (&q, &c) in self.item_opts[from..to].iter().zip(&self.item_clr[from..to]) {
                        if c != color {
                            union.push((q >> 6, 1 << (q & 63)));
                        }
                    }
                }
            }
            union.sort_unstable_by_key(|&(w, _)| w);
            let start = self.conf.len();
            for &(w, mask) in &union {
                match self.conf[start..].last_mut() {
                    Some((last, merged)) if *last == w => *merged |= mask,
                    _ => self.conf.push((w, mask)),
                }
            }
            self.conf_start.push(self.conf.len() as u32);
        }
    }
}

/// The most words and masks of conflicts kept for a problem (12 bytes each).
const CONFLICT_ROOM: usize = 1 << 20;

/// Whether this engine takes `problem`: exact cover with colours and
/// bounds, at most [`MAX_OPTIONS`] options, each of at most
/// [`MAX_OPTION_LEN`] items.
pub(crate) fn takes(problem: &Problem) -> bool {
    problem.n_options() <= MAX_OPTIONS && problem.longest_option() <= MAX_OPTION_LEN
}

/// Whether `problem`'s counts fit 8 bits: no primary item has more than
/// `u8`'s [`Count::MAX_LEN`] options.
pub(crate) fn narrow(problem: &Problem) -> bool {
    problem.longest_primary() <= <u8 as Count>::MAX_LEN
}

/// The size in bytes of one frame for `problem`: what trying an option
/// copies (give or take the padding of a short `live`, at most three words).
pub(crate) fn frame_bytes(problem: &Problem) -> usize {
    let pure = if problem.has_colors() { problem.n_secondary().div_ceil(64) } else { 0 };
    let counts = if narrow(problem) {
        problem.n_primary().div_ceil(<u8 as Count>::LANES) * <u8 as Count>::LANES
    } else {
        2 * problem.n_primary().div_ceil(<i16 as Count>::LANES) * <i16 as Count>::LANES
    };
    let bounded = bounded::n_bounded(problem);
    let bounded = if bounded == 0 {
        0
    } else {
        let lanes = if narrow(problem) { <u8 as Count>::LANES } else { <i16 as Count>::LANES };
        // The padding's block and the bounded items' counts, 32 bytes a
        // block; their bounds.
        32 * (1 + bounded.div_ceil(lanes)) + 4 * bounded
    };
    8 * problem.n_options().div_ceil(64) + counts + 8 * pure + bounded
}

/// The first active primary item with the fewest options in `count` (DLX1's
/// choice), or `None` when every primary item is covered.
#[inline(always)]
fn choose<C: Count>(count: &[C]) -> Option<u32> {
    // The least count first, lane by lane over all blocks and then across
    // the lanes (vector instructions, no branch), then the first block
    // that holds it.
    let mut least = C::FULL;
    for block in count.chunks_exact(C::LANES) {
        for (m, &c) in least.as_mut().iter_mut().zip(block) {
            *m = (*m).min(c);
        }
    }
    let min = least.as_ref().iter().fold(C::COVERED, |m, &c| m.min(c));
    if min.is_covered() {
        return None;
    }
    let b = count.chunks_exact(C::LANES).position(|block| block.iter().fold(false, |any, &c| any | (c == min)))?;
    let block = &count[b * C::LANES..(b + 1) * C::LANES];
    block.iter().position(|&c| c == min).map(|k| (b * C::LANES + k) as u32)
}

/// Counts the primary items of the options in play in `live` up (`UP`), or
/// those of the options in `counted` but no longer in `live` down, by their
/// rows of `F` in `prim_fixed` (none: by `opt_prim`).
fn recount<C: Count, const F: usize, const UP: bool>(sh: &Shape<C>, counted: &[u64], live: &[u64], count: &mut [C]) {
    for (w, (&c, &l)) in counted.iter().zip(live).enumerate() {
        let mut bits = if UP { l } else { c & !l };
        while bits != 0 {
            let q = (w << 6) | bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let mut step = |k: usize| {
                if UP {
                    count[k].inc();
                } else {
                    count[k].dec();
                }
            };
            if F > 0 {
                let row: &[u16; F] = sh.prim_fixed[F * q..F * (q + 1)].try_into().expect("rows of F");
                row.iter().for_each(|&k| step(k as usize));
            } else {
                let prim = &sh.opt_prim[sh.prim_start[q] as usize..sh.prim_start[q + 1] as usize];
                prim.iter().for_each(|&k| step(k as usize));
            }
        }
    }
}

/// The dense-bitset engine behind a [`Solver`](crate::Solver) configured with
/// [`Engine::Bits`](crate::Engine::Bits).
#[derive(Clone, Debug)]
pub(crate) struct Bits<C> {
    shape: Arc<Shape<C>>,
    colors: bool,
    /// The frames, each in its own arrays: a frame is reached by one index,
    /// and its arrays have their lengths at hand. Made as the search first
    /// reaches a depth.
    slabs: Vec<Slab<C>>,
    /// The frame of the commitments and descents. When `stale`, its counts
    /// are those of the options in `counted`, not yet of those in its `live`
    /// (see [`settle`](Bits::settle)).
    root: Slab<C>,
    /// The options in play when the root's counts were last right.
    counted: Box<[u64]>,
    /// Whether commitments or descents have hidden options since.
    stale: bool,
    /// What the search keeps of each level, in one place.
    levels: Vec<Level>,
    /// `choice[l]`: the option tried at level `l`.
    choice: Vec<u32>,
    /// The options of the levels, one after another (see [`Level`]).
    cand: Vec<u32>,
    level: usize,
    /// Levels below the floor were entered by descents.
    floor: usize,
    /// Where the search stands, its statistics and their reporting.
    run: Run,
    committed: Vec<OptionId>,
    solution: Vec<OptionId>,
    /// Room for the words of any item's sparse bitset.
    hits: Vec<(u32, u64)>,
    /// Whether the problem has bounds: then the search is Algorithm M
    /// (see [`bounded`]), and `moves[l]` is the number of moves of level `l`
    /// (shifted left by 2) with how it moves.
    bounds: bool,
    moves: Vec<u32>,
}

/// A frame's arrays: `words` words of `live`, `width` counts and one block more
/// (the padding's count, see `prim_fixed`) and `pure_words` words of `pure`.
#[derive(Clone, Debug)]
struct Slab<C> {
    live: Box<[u64]>,
    count: Box<[C]>,
    pure: Box<[u64]>,
    /// With bounds, how many more times each bounded item may be covered.
    bound: Box<[i32]>,
}

/// Where a level of the search stands.
#[derive(Clone, Copy, Debug, Default)]
struct Level {
    /// The frame the level works in. Levels share a frame after a level with
    /// only one option.
    frame: u32,
    /// The item branched on.
    best: u32,
    /// The level's options are `cand[start..end]`; the one tried is at `cur`.
    start: u32,
    end: u32,
    cur: u32,
}

/// Whether option `p` is in play in `live`.
#[inline(always)]
fn is_live(live: &[u64], p: u32) -> bool {
    live[(p >> 6) as usize] & (1 << (p & 63)) != 0
}

/// Copies `from` to `to`, of the same length, four words at a time.
#[inline(always)]
fn copy_words(from: &[u64], to: &mut [u64]) {
    let mut to_blocks = to.chunks_exact_mut(4);
    let mut from_blocks = from.chunks_exact(4);
    for (to, from) in to_blocks.by_ref().zip(from_blocks.by_ref()) {
        to.copy_from_slice(from);
    }
    for (to, from) in to_blocks.into_remainder().iter_mut().zip(from_blocks.remainder()) {
        *to = *from;
    }
}

/// One frame, borrowed for changing, with what never changes.
struct Frame<'a, C> {
    shape: &'a Shape<C>,
    live: &'a mut [u64],
    count: &'a mut [C],
    pure: &'a mut [u64],
    /// Room for the words of any item's sparse bitset.
    hits: &'a mut [(u32, u64)],
    /// Whether some primary item not covered was left without options.
    dead: bool,
}

impl<'a, C: Count> Frame<'a, C> {
    /// The frame held in `slab`.
    #[inline(always)]
    fn of(shape: &'a Shape<C>, slab: &'a mut Slab<C>, hits: &'a mut [(u32, u64)]) -> Frame<'a, C> {
        Frame { shape, live: &mut slab.live, count: &mut slab.count, pure: &mut slab.pure, hits, dead: false }
    }

    /// Hides options `ps`, counting down rows of `F` primary items (none: by
    /// `opt_prim`), without looking for an item left without options.
    #[inline(always)]
    fn hide_list<const COLORS: bool, const F: usize>(&mut self, ps: &[u32], updates: &mut u64) {
        for &p in ps {
            self.live[(p >> 6) as usize] &= !(1u64 << (p & 63));
            self.drop_counts::<COLORS, false, F>(p, updates);
        }
    }

    /// What hiding option `p` does besides taking its bit out of `live`: one
    /// option fewer for each of its primary items (see [`drop`](Frame::drop)
    /// for `CHECK` and `F`), one update for each of its other items not
    /// purified.
    #[inline(always)]
    fn drop_counts<const COLORS: bool, const CHECK: bool, const F: usize>(
        &mut self,
        p: u32,
        updates: &mut u64,
    ) -> bool {
        let dead = self.drop::<CHECK, F>(p, updates);
        if COLORS {
            *updates -= self.purified(p);
        }
        dead
    }

    /// The number of option `p`'s secondary items purified: updates its
    /// hiding does not count.
    #[inline(always)]
    fn purified(&self, p: u32) -> u64 {
        let sh = self.shape;
        let (from, to) = (sh.sec_start[p as usize] as usize, sh.sec_start[p as usize + 1] as usize);
        sh.opt_sec[from..to].iter().map(|&s| (self.pure[(s >> 6) as usize] >> (s & 63)) & 1).sum()
    }

    /// Hides the options in play among `words` (words of `live`, each with a
    /// mask), taking them out a word at a time. When `CHECK`, returns whether
    /// a count reached 0; otherwise `false`, and a hidden option's primary
    /// items are counted down by their row of `fixed` when there is one.
    #[inline(always)]
    fn hide_words<const COLORS: bool, const CHECK: bool>(
        &mut self,
        words: impl Iterator<Item = (u32, u64)>,
        updates: &mut u64,
    ) -> bool {
        match (CHECK, self.shape.fixed) {
            (false, 4) => self.hide_words_by::<COLORS, false, 4>(words, updates),
            (false, 6) => self.hide_words_by::<COLORS, false, 6>(words, updates),
            (false, 8) => self.hide_words_by::<COLORS, false, 8>(words, updates),
            _ => self.hide_words_by::<COLORS, CHECK, 0>(words, updates),
        }
    }

    /// [`hide_words`](Frame::hide_words), counting down rows of `F` primary
    /// items (none: by `opt_prim`).
    #[inline(always)]
    fn hide_words_by<const COLORS: bool, const CHECK: bool, const F: usize>(
        &mut self,
        words: impl Iterator<Item = (u32, u64)>,
        updates: &mut u64,
    ) -> bool {
        let mut dead = false;
        for (w, mask) in words {
            let word = &mut self.live[w as usize];
            let mut bits = *word & mask;
            *word &= !mask;
            while bits != 0 {
                let q = (w << 6) | bits.trailing_zeros();
                bits &= bits - 1;
                dead |= self.drop_counts::<COLORS, CHECK, F>(q, updates);
            }
        }
        dead
    }

    /// Hides the options in play that conflict with option `p` by its row of
    /// `W` masks, one for each word of `live`: every word cleared at once,
    /// then the options hidden counted down by their rows of `F`, word by word
    /// among the words that had any.
    #[inline(always)]
    fn hide_dense<const W: usize, const F: usize>(&mut self, p: usize, updates: &mut u64) {
        let sh = self.shape;
        let conf: &[u64; W] = sh.dense_conf[W * p..W * (p + 1)].try_into().expect("rows of W");
        let live: &mut [u64; W] = (&mut self.live[..W]).try_into().expect("W words");
        let mut hit = [0u64; W];
        let mut words = 0u32;
        for w in 0..W {
            hit[w] = live[w] & conf[w];
            live[w] &= !conf[w];
        }
        for (w, &h) in hit.iter().enumerate() {
            words |= u32::from(h != 0) << w;
        }
        while words != 0 {
            let w = words.trailing_zeros();
            words &= words - 1;
            let mut bits = hit[w as usize];
            loop {
                self.drop::<false, F>((w << 6) | bits.trailing_zeros(), updates);
                bits &= bits - 1;
                if bits == 0 {
                    break;
                }
            }
        }
    }

    /// One option fewer for each primary item of option `p`, one update for
    /// each of its other items. With `F` > 0, counts down the option's row
    /// of `F` in `prim_fixed` (the padding too). When `CHECK`, returns
    /// whether a count reached 0 (never with `F` > 0); otherwise `false`.
    #[inline(always)]
    fn drop<const CHECK: bool, const F: usize>(&mut self, p: u32, updates: &mut u64) -> bool {
        let sh = self.shape;
        let desc = sh.opt_desc[p as usize];
        *updates += desc >> 48;
        if F > 0 {
            let row: &[u16; F] = sh.prim_fixed[F * p as usize..F * (p as usize + 1)].try_into().expect("rows of F");
            for &k in row {
                self.count[k as usize].dec();
            }
            return false;
        }
        let (from, len) = ((desc & 0xffff_ffff) as usize, ((desc >> 32) & 0xffff) as usize);
        let mut dead = false;
        for &k in &sh.opt_prim[from..from + len] {
            let zero = self.count[k as usize].dec();
            if CHECK {
                dead |= zero;
            }
        }
        dead
    }

    /// Writes the options in play that have item `h` at the start of `out`, in
    /// order, and returns how many there are. `out` must be at least as long
    /// as the item's list. One word of `live` at a time, by the item's sparse
    /// bitset: the options out of play cost nothing.
    #[inline(always)]
    fn gather(&mut self, h: u32, out: &mut [u32]) -> usize {
        let sh = self.shape;
        let (from, to) = (sh.word_start[h as usize] as usize, sh.word_start[h as usize + 1] as usize);
        // First the words with an option in play, without a branch: whether a
        // word has one is as good as random, and a branch on it often
        // mispredicted. Then their options, mostly one per word.
        let hits = &mut *self.hits;
        let mut k = 0;
        for &(w, mask) in &sh.item_words[from..to] {
            let bits = self.live[w as usize] & mask;
            hits[k] = (w, bits);
            k += usize::from(bits != 0);
        }
        let mut n = 0;
        for &(w, mut bits) in &hits[..k] {
            loop {
                out[n] = (w << 6) | bits.trailing_zeros();
                n += 1;
                bits &= bits - 1;
                if bits == 0 {
                    break;
                }
            }
        }
        n
    }

    /// Covers item `h`: hides every option in play that has it, leaving them
    /// at the start of `out` (at least as long as the item's list), and returns
    /// how many there were. One update for the item.
    ///
    /// Without colours, an item with a single option is a forced move: the
    /// search commits that option next, in this very frame, covering its
    /// primary items; so their counts are not counted down first (the
    /// updates are).
    #[inline(always)]
    fn cover<const COLORS: bool>(&mut self, h: u32, updates: &mut u64, out: &mut [u32]) -> usize {
        let n = self.gather(h, out);
        if !COLORS && n == 1 {
            let p = out[0];
            self.live[(p >> 6) as usize] &= !(1u64 << (p & 63));
            *updates += self.shape.opt_desc[p as usize] >> 48;
        } else {
            // Whether an item runs out is for the next level's choice to see.
            match self.shape.fixed {
                4 => self.hide_list::<COLORS, 4>(&out[..n], updates),
                6 => self.hide_list::<COLORS, 6>(&out[..n], updates),
                8 => self.hide_list::<COLORS, 8>(&out[..n], updates),
                _ => self.hide_list::<COLORS, 0>(&out[..n], updates),
            }
        }
        if (h as usize) < self.shape.n_primary {
            self.count[h as usize] = C::COVERED;
        }
        *updates += 1;
        n
    }

    /// Purifies secondary item `h` for colour `color`: hides the options in
    /// play that give it another colour or none, and marks it purified.
    fn purify(&mut self, h: u32, color: u32, updates: &mut u64, cleansings: &mut u64) {
        let sh = self.shape;
        *cleansings += 1;
        let (from, to) = (sh.item_start[h as usize] as usize, sh.item_start[h as usize + 1] as usize);
        for (&p, &c) in sh.item_opts[from..to].iter().zip(&sh.item_clr[from..to]) {
            if is_live(self.live, p) {
                if c == color {
                    *cleansings += 1;
                } else {
                    self.live[(p >> 6) as usize] &= !(1u64 << (p & 63));
                    self.dead |= self.drop_counts::<true, true, 0>(p, updates);
                }
            }
        }
        let s = h as usize - sh.n_primary;
        self.pure[s >> 6] |= 1 << (s & 63);
    }

    /// Covers item `h` of an option being committed. Unlike [`cover`](Frame::cover)
    /// it keeps no list of the options it hides (the order they are hidden in
    /// changes nothing), so it takes them out of `live` a word at a time.
    #[inline(always)]
    fn cover_all<const COLORS: bool>(&mut self, h: u32, updates: &mut u64) {
        let sh = self.shape;
        let (from, to) = (sh.word_start[h as usize] as usize, sh.word_start[h as usize + 1] as usize);
        self.dead |= self.hide_words::<COLORS, true>(sh.item_words[from..to].iter().copied(), updates);
        if (h as usize) < sh.n_primary {
            self.count[h as usize] = C::COVERED;
        }
        *updates += 1;
    }

    /// Commits option `p` as a whole by its conflicts: every option in play
    /// that shares an item with `p`, or gives one of `p`'s coloured items
    /// another colour or none, is hidden, a word of `live` at a time; `p`'s
    /// primary items are covered and its coloured items purified. The same
    /// work as committing its items one by one, in one sweep; with colours its
    /// updates and cleansings are those of purifying first and counting the
    /// options kept afterwards, so at most DLX2's. A primary item left
    /// without options is not looked for: the next level chooses it.
    #[inline(always)]
    fn commit_whole<const COLORS: bool, const BOUNDED: bool>(
        &mut self,
        p: u32,
        updates: &mut u64,
        cleansings: &mut u64,
    ) {
        let sh = self.shape;
        let p = p as usize;
        // The option's own primary items first count as covered, so that only
        // another item running out makes the option dead.
        self.mark_covered::<BOUNDED>(p);
        // One update for each item covered, the chosen one apart; a coloured
        // item is purified instead, and marked so first: the options hidden
        // count no update for it. `fresh`: the places in the option of the
        // items purified here (options have at most 64 items with colours).
        let mut covered = sh.opt_desc[p] >> 48;
        let mut fresh = 0u64;
        let first = if COLORS { sh.opt_start[p] as usize } else { 0 };
        if COLORS {
            let last = sh.opt_start[p + 1] as usize;
            for t in first..last {
                if sh.opt_clr[t] != 0 {
                    covered = covered.saturating_sub(1);
                    let s = sh.opt_items[t] as usize - sh.n_primary;
                    if (self.pure[s >> 6] >> (s & 63)) & 1 == 0 {
                        self.pure[s >> 6] |= 1 << (s & 63);
                        fresh |= 1 << (t - first);
                    }
                }
            }
        }
        *updates += covered;
        if !COLORS {
            match (sh.dense, sh.fixed) {
                (4, 4) => return self.hide_dense::<4, 4>(p, updates),
                (8, 4) => return self.hide_dense::<8, 4>(p, updates),
                (12, 4) => return self.hide_dense::<12, 4>(p, updates),
                (16, 4) => return self.hide_dense::<16, 4>(p, updates),
                (4, 6) => return self.hide_dense::<4, 6>(p, updates),
                (8, 6) => return self.hide_dense::<8, 6>(p, updates),
                (12, 6) => return self.hide_dense::<12, 6>(p, updates),
                (16, 6) => return self.hide_dense::<16, 6>(p, updates),
                (4, 8) => return self.hide_dense::<4, 8>(p, updates),
                (8, 8) => return self.hide_dense::<8, 8>(p, updates),
                (12, 8) => return self.hide_dense::<12, 8>(p, updates),
                (16, 8) => return self.hide_dense::<16, 8>(p, updates),
                _ => {}
            }
        }
        let (from, to) = (sh.conf_start[p] as usize, sh.conf_start[p + 1] as usize);
        self.hide_words::<COLORS, false>(sh.conf[from..to].iter().copied(), updates);
        // Hiding the options that share them took the covered items' counts
        // below `COVERED`, but not to `MAX_LEN`: still covered (`is_covered`).
        if COLORS {
            // Each item purified: one cleansing, and one for each option
            // still in play that gives it the same colour.
            while fresh != 0 {
                let t = first + fresh.trailing_zeros() as usize;
                fresh &= fresh - 1;
                let (h, color) = (sh.opt_items[t] as usize, sh.opt_clr[t]);
                let (from, to) = (sh.item_start[h] as usize, sh.item_start[h + 1] as usize);
                let kept = sh.item_opts[from..to]
                    .iter()
                    .zip(&sh.item_clr[from..to])
                    .filter(|&(&q, &c)| c == color && is_live(self.live, q))
                    .count();
                *cleansings += 1 + kept as u64;
            }
        }
    }

    /// Marks option `p`'s primary items covered: from its row when it has one
    /// (the padding's count too, which is never read). When `BOUNDED`, only
    /// the items with bounds `[1, 1]`: the others are covered when their
    /// bound runs out.
    #[inline(always)]
    fn mark_covered<const BOUNDED: bool>(&mut self, p: usize) {
        let sh = self.shape;
        match sh.fixed {
            0 => {
                for &k in &sh.opt_prim[sh.prim_start[p] as usize..sh.prim_start[p + 1] as usize] {
                    if !BOUNDED || (k as usize) < sh.width {
                        self.count[k as usize] = C::COVERED;
                    }
                }
            }
            f => {
                let rows = if BOUNDED { &sh.cover_fixed } else { &sh.prim_fixed };
                for &k in &rows[f * p..f * (p + 1)] {
                    self.count[k as usize] = C::COVERED;
                }
            }
        }
    }

    /// Takes option `p` and its conflicts out of play, a word of `live` at a
    /// time, and marks its primary items covered and (when `colors`) its
    /// coloured items purified, leaving the counts of the other items as they
    /// were: what [`commit_whole`](Frame::commit_whole) does to `live` and
    /// `pure`, without its statistics and counting down.
    fn take_out(&mut self, p: u32, colors: bool) {
        let sh = self.shape;
        let p = p as usize;
        self.mark_covered::<false>(p);
        if colors {
            for t in sh.opt_start[p] as usize..sh.opt_start[p + 1] as usize {
                if sh.opt_clr[t] != 0 {
                    let s = sh.opt_items[t] as usize - sh.n_primary;
                    self.pure[s >> 6] |= 1 << (s & 63);
                }
            }
        }
        for &(w, mask) in &sh.conf[sh.conf_start[p] as usize..sh.conf_start[p + 1] as usize] {
            self.live[w as usize] &= !mask;
        }
    }

    /// Knuth's commit: covers item `h`, or purifies it for `color` unless it
    /// already is.
    #[inline(always)]
    fn commit<const COLORS: bool>(&mut self, h: u32, color: u32, updates: &mut u64, cleansings: &mut u64) {
        if !COLORS || color == 0 {
            self.cover_all::<COLORS>(h, updates);
        } else {
            let s = h as usize - self.shape.n_primary;
            if (self.pure[s >> 6] >> (s & 63)) & 1 == 0 {
                self.purify(h, color, updates, cleansings);
            }
        }
    }

    /// Commits the items of option `p` after its item `h`, in the option's
    /// order, wrapping round (Knuth's step X5). Stops as soon as a primary item
    /// the option does not cover is left without options, and returns
    /// `false`: the level above would find that item and go no further. Also
    /// returns `false` once `stop` is stopped, looked at after each item (an
    /// item with thousands of options costs millions of updates).
    #[inline(always)]
    fn commit_others<const COLORS: bool>(
        &mut self,
        p: u32,
        h: u32,
        updates: &mut u64,
        cleansings: &mut u64,
        stop: Option<&Monitor>,
    ) -> bool {
        let sh = self.shape;
        // The option's own primary items first count as covered, so that only
        // another item running out makes the option dead.
        self.mark_covered::<false>(p as usize);
        self.dead = false;
        let (from, to) = (sh.opt_start[p as usize] as usize, sh.opt_start[p as usize + 1] as usize);
        let items = &sh.opt_items[from..to];
        let at = items.iter().position(|&k| k == h).unwrap_or(0);
        for t in (at + 1..items.len()).chain(0..at) {
            let color = if COLORS { sh.opt_clr[from + t] } else { 0 };
            self.commit::<COLORS>(items[t], color, updates, cleansings);
            if self.dead || stop.is_some_and(Monitor::is_stopped) {
                return false;
            }
        }
        true
    }

    /// The first active primary item with the fewest options (DLX1's choice),
    /// or `None` when every primary item is covered.
    #[inline(always)]
    fn choose(&self) -> Option<u32> {
        choose(&self.count[..self.shape.width])
    }
}

impl<C: Count> Bits<C> {
    pub(crate) fn new(problem: &Problem) -> Bits<C> {
        let shape = Arc::new(Shape::new(problem));
        // Every level covers a primary item; with bounds, every level takes
        // an option or retires an item.
        let bounds = !shape.bounded.item.is_empty();
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
        }
    }

    // ---- Frames -----------------------------------------------------------

    /// Makes sure the frames up to number `l` exist.
    #[inline(always)]
    fn ensure(&mut self, l: usize) {
        if l >= self.slabs.len() {
            self.grow(l);
        }
    }

    #[cold]
    fn grow(&mut self, l: usize) {
        let frames = (l + 1).max(2 * self.slabs.len()).min(self.choice.len() + 1);
        self.slabs.resize(frames, self.root.clone());
    }

    /// Frame number `l`.
    #[inline(always)]
    fn frame(&mut self, l: usize) -> Frame<'_, C> {
        Frame::of(&self.shape, &mut self.slabs[l], &mut self.hits)
    }

    /// The counts of frame number `l`.
    #[inline(always)]
    fn counts(&self, l: usize) -> &[C] {
        &self.slabs[l].count[..self.shape.width]
    }

    /// The root frame.
    fn root(&mut self) -> Frame<'_, C> {
        Frame::of(&self.shape, &mut self.root, &mut self.hits)
    }

    /// Copies frame `l` to frame `l + 1`.
    #[inline(always)]
    fn copy_up(&mut self, l: usize) {
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
    fn copy_root(&mut self, l: usize) {
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
    fn in_play(&self, option: OptionId) -> bool {
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
    fn commit_at_root(&mut self, p: u32) {
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
    fn settle(&mut self) {
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
    fn unsettled(&self) -> (u32, bool) {
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
    fn report(&mut self, monitor: &Monitor, level: usize) -> bool {
        if self.floor > 0 {
            return self.run.report(monitor, None);
        }
        let mut levels = self.levels[..level].iter().map(|v| (v.cur - v.start, v.end - v.start));
        self.run.report(monitor, Some(&mut levels))
    }

    pub(crate) fn search<const SPLIT: bool, F>(&mut self, config: &Config, split_depth: usize, on_solution: F)
    where
        F: FnMut(&mut Bits<C>) -> ControlFlow<()>,
    {
        match (self.colors, self.bounds) {
            (true, false) => self.search_in::<true, SPLIT, F>(config, split_depth, on_solution),
            (false, false) => self.search_in::<false, SPLIT, F>(config, split_depth, on_solution),
            (true, true) => self.search_bounded::<true, SPLIT, F>(config, split_depth, on_solution),
            (false, true) => self.search_bounded::<false, SPLIT, F>(config, split_depth, on_solution),
        }
    }

    /// Algorithm X, with Algorithm C's commit when `COLORS`, as a loop over
    /// levels that can stop at a solution and resume. When `SPLIT`, entering
    /// level `split_depth` or finding a solution above it is a leaf, handed to
    /// `on_solution` and counted neither as a node nor as a solution.
    #[inline(always)]
    fn search_in<const COLORS: bool, const SPLIT: bool, F>(
        &mut self,
        config: &Config,
        split_depth: usize,
        mut on_solution: F,
    ) where
        F: FnMut(&mut Bits<C>) -> ControlFlow<()>,
    {
        let Some(mut resume) = self.run.begin() else { return };
        // Borrowed, like everything else this loop holds: with nothing of
        // its own to drop, a panic needs no cleanup here, and the loop is
        // compiled without landing pads.
        let monitor = config.get_monitor();
        let mut l = self.level;
        let Stats { mut nodes, mut updates, mut cleansings, .. } = self.run.stats;
        'enter: loop {
            // Whether level l branches, on its `best` with its options in cand.
            let mut branching = false;
            if !resume {
                // X2: enter level l.
                let chosen = choose(self.counts(self.levels[l].frame as usize));
                if SPLIT && (chosen.is_none() || l == split_depth) {
                    self.run.stats = Stats { nodes, updates, cleansings, solutions: self.run.stats.solutions };
                    self.level = l;
                    // Leaves are no nodes, yet each costs a commitment.
                    if let Some(monitor) = monitor
                        && self.run.worked(updates)
                        && self.run.listen(monitor)
                    {
                        self.run.interrupt();
                        return;
                    }
                    if on_solution(self).is_break() {
                        // Enough leaves: the split stops here.
                        self.run.phase = Phase::Suspended;
                        return;
                    }
                } else {
                    nodes += 1;
                    if let Some(monitor) = monitor
                        && self.run.due(nodes, updates)
                    {
                        self.run.stats = Stats { nodes, updates, cleansings, solutions: self.run.stats.solutions };
                        if if SPLIT { self.run.listen(monitor) } else { self.report(monitor, l) } {
                            self.run.interrupt();
                            self.level = l;
                            return;
                        }
                    }
                    match chosen {
                        None => {
                            // Every primary item is covered: a solution.
                            self.run.stats =
                                Stats { nodes, updates, cleansings, solutions: self.run.stats.solutions + 1 };
                            self.level = l;
                            if on_solution(self).is_break() {
                                self.run.phase = Phase::Suspended;
                                if !SPLIT && let Some(monitor) = monitor {
                                    self.report(monitor, l);
                                }
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
                            self.frame(g).commit_others::<COLORS>(
                                p,
                                i,
                                &mut updates,
                                &mut cleansings,
                                monitor.map(Arc::as_ref),
                            )
                        };
                        if alive {
                            l += 1;
                            continue 'enter;
                        }
                        if let Some(monitor) = monitor
                            && monitor.is_stopped()
                        {
                            // Stopped within the commitment: resumed, the
                            // search backs up from level l.
                            self.run.stats = Stats { nodes, updates, cleansings, solutions: self.run.stats.solutions };
                            if SPLIT {
                                self.run.listen(monitor);
                            } else {
                                self.report(monitor, l);
                            }
                            self.run.interrupt();
                            self.level = l;
                            return;
                        }
                        // A dead end seen while committing item by item: the
                        // links engine would enter the level, find an item
                        // without options and come back. Its node, then the
                        // next option.
                        nodes += 1;
                        if let Some(monitor) = monitor
                            && self.run.due(nodes, updates)
                        {
                            self.run.stats = Stats { nodes, updates, cleansings, solutions: self.run.stats.solutions };
                            if if SPLIT { self.run.listen(monitor) } else { self.report(monitor, l + 1) } {
                                // Stopped as if at that level's entrance.
                                self.run.interrupt();
                                self.level = l + 1;
                                return;
                            }
                        }
                        self.levels[l].cur += 1;
                        continue;
                    }
                    // X7: nothing to uncover: the frame below is untouched.
                }
                // X8: leave level l.
                if l == self.floor {
                    self.run.stats = Stats { nodes, updates, cleansings, solutions: self.run.stats.solutions };
                    self.level = l;
                    self.run.phase = Phase::Done;
                    if !SPLIT && let Some(monitor) = monitor {
                        self.report(monitor, l);
                    }
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
