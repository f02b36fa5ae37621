//! What never changes of a problem, as the bitset engine lays it out: the
//! counts' width, each item's options and each option's items as lists of
//! numbers, the options' conflicts, and the size of a frame.

use super::bounded::Bounded;
use crate::util::problem::Problem;

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
pub(super) struct Shape<C> {
    pub(super) n_primary: usize,
    /// Words of a frame's `live`, entries of its `count` that the choice scans
    /// (`n_primary` rounded up to whole blocks) and words of its `pure` (0
    /// without colours).
    pub(super) words: usize,
    pub(super) width: usize,
    pub(super) pure_words: usize,
    /// Item `h`'s options (numbers in increasing order) are
    /// `item_opts[item_start[h]..item_start[h + 1]]`, with their colours of `h`
    /// in `item_clr` (only with colours). Items are numbered as in the links:
    /// primary items first, in order of declaration.
    pub(super) item_start: Vec<u32>,
    pub(super) item_opts: Vec<u32>,
    pub(super) item_clr: Vec<u32>,
    /// Option `p`'s items, in its order, are `opt_items[opt_start[p]..opt_start[p + 1]]`
    /// with their colours (1 and up; 0 for none) in `opt_clr`.
    pub(super) opt_start: Vec<u32>,
    pub(super) opt_items: Vec<u32>,
    pub(super) opt_clr: Vec<u32>,
    /// Option `p` in one word, for hiding it: where its primary items start
    /// in `opt_prim` (bits 0 to 31), how many there are (bits 32 to 47) and
    /// its number of items less one (bits 48 to 63).
    pub(super) opt_desc: Vec<u64>,
    /// Option `p`'s primary items are `opt_prim[prim_start[p]..prim_start[p + 1]]`,
    /// its secondary items (numbered from 0) `opt_sec[sec_start[p]..sec_start[p + 1]]`.
    pub(super) prim_start: Vec<u32>,
    pub(super) opt_prim: Vec<u32>,
    pub(super) sec_start: Vec<u32>,
    pub(super) opt_sec: Vec<u32>,
    /// Item `h`'s options as a sparse bitset: `item_words[word_start[h]..word_start[h + 1]]`
    /// are the words of `live` that hold some of them, each with the mask of
    /// those, in increasing order. Far fewer than the options, on most problems.
    pub(super) word_start: Vec<u32>,
    pub(super) item_words: Vec<(u32, u64)>,
    /// Option `p`'s conflicts: the words of `live` holding options that share
    /// an item with `p` or give one of its coloured items another colour or
    /// none, with the masks of those options,
    /// `conf[conf_start[p]..conf_start[p + 1]]` in increasing order. Empty
    /// when they would take too much room (see `conflicts`).
    pub(super) conf_start: Vec<u32>,
    pub(super) conf: Vec<(u32, u64)>,
    /// Option `p`'s primary items again, in a row of `fixed` (4, 6 or 8) from
    /// `fixed * p` in `prim_fixed`, padded with `width`: the number of a
    /// count past those scanned, which hiding may count down at will. So
    /// hiding an option counts down a fixed number of items, without a loop.
    /// `fixed` is 0 (and `prim_fixed` empty) when some option has more than
    /// 8 primary items or the items do not fit 16 bits.
    pub(super) fixed: usize,
    pub(super) prim_fixed: Vec<u16>,
    /// With bounds, `prim_fixed` with the places of the bounded items'
    /// counts padded too: the items an option's commitment marks covered.
    pub(super) cover_fixed: Vec<u16>,
    /// When a frame's `live` has at most 16 words (and the problem no
    /// colours, and rows of `fixed`): `live` is padded with empty words to
    /// `dense` (4, 8, 12 or 16), and option `p`'s conflicts are also a mask
    /// for each of them, `dense_conf[dense * p..dense * (p + 1)]`, swept
    /// without a loop over a list. Otherwise 0.
    pub(super) dense: usize,
    pub(super) dense_conf: Vec<u64>,
    /// The length of the longest item's list, and of its sparse bitset.
    pub(super) longest: usize,
    pub(super) widest: usize,
    /// The frame of the problem itself.
    pub(super) live: Vec<u64>,
    pub(super) count: Vec<C>,
    /// With bounds (see [`super::bounded`]): the primary items whose bounds are not
    /// `[1, 1]`, numbered `b` from 0, and their counts' place in a frame.
    pub(super) bounded: Bounded,
    /// With the sharp preference only (empty otherwise): whether primary item
    /// `h` is sharp, at `sharp[h]`.
    pub(super) sharp: Vec<bool>,
}

impl<C: Count> Shape<C> {
    pub(super) fn new(problem: &Problem) -> Shape<C> {
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
            sharp: Vec::new(),
        };
        if problem.has_sharp() {
            shape.sharp = vec![false; n_primary];
            for item in problem.items().filter(|&item| problem.is_primary(item)) {
                shape.sharp[number[item.index()] as usize] = problem.is_sharp(item);
            }
        }
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
            if shape.bounded.on {
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
    pub(super) fn fill_fixed(&mut self) {
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
        if self.bounded.on {
            self.cover_fixed = self.prim_fixed.iter().map(|&k| if k < sink { k } else { sink }).collect();
        }
    }

    /// Fills in `dense` and `dense_conf`, and pads `live`, when the options
    /// have rows of `fixed`, their conflicts are kept and `live` has at most
    /// 16 words (the problem has no colours).
    pub(super) fn fill_dense(&mut self) {
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
    pub(super) fn conflicts(&mut self) {
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
pub(super) const CONFLICT_ROOM: usize = 1 << 20;

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
    let bounded = super::bounded::n_bounded(problem);
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
