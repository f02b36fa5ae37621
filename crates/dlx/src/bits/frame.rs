//! The frames: one level's state (the options in play, the primary items'
//! counts, the secondary items purified), and the covers, hides and
//! commitments that change it in place.

use super::shape::{Count, Shape};
use crate::util::monitor::Monitor;

/// A frame's arrays: `words` words of `live`, `width` counts and one block more
/// (the padding's count, see `prim_fixed`) and `pure_words` words of `pure`.
#[derive(Clone, Debug)]
pub(super) struct Slab<C> {
    pub(super) live: Box<[u64]>,
    pub(super) count: Box<[C]>,
    pub(super) pure: Box<[u64]>,
    /// With bounds, how many more times each bounded item may be covered.
    pub(super) bound: Box<[i32]>,
}

/// Whether option `p` is in play in `live`.
#[inline(always)]
pub(super) fn is_live(live: &[u64], p: u32) -> bool {
    live[(p >> 6) as usize] & (1 << (p & 63)) != 0
}

/// Copies `from` to `to`, of the same length, four words at a time.
#[inline(always)]
pub(super) fn copy_words(from: &[u64], to: &mut [u64]) {
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
pub(super) struct Frame<'a, C> {
    pub(super) shape: &'a Shape<C>,
    pub(super) live: &'a mut [u64],
    pub(super) count: &'a mut [C],
    pub(super) pure: &'a mut [u64],
    /// Room for the words of any item's sparse bitset.
    pub(super) hits: &'a mut [(u32, u64)],
    /// Whether some primary item not covered was left without options.
    pub(super) dead: bool,
}

impl<'a, C: Count> Frame<'a, C> {
    /// The frame held in `slab`.
    #[inline(always)]
    pub(super) fn of(shape: &'a Shape<C>, slab: &'a mut Slab<C>, hits: &'a mut [(u32, u64)]) -> Frame<'a, C> {
        Frame { shape, live: &mut slab.live, count: &mut slab.count, pure: &mut slab.pure, hits, dead: false }
    }

    /// Hides options `ps`, counting down rows of `F` primary items (none: by
    /// `opt_prim`), without looking for an item left without options.
    #[inline(always)]
    pub(super) fn hide_list<const COLORS: bool, const F: usize>(&mut self, ps: &[u32], updates: &mut u64) {
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
    pub(super) fn drop_counts<const COLORS: bool, const CHECK: bool, const F: usize>(
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
    pub(super) fn purified(&self, p: u32) -> u64 {
        let sh = self.shape;
        let (from, to) = (sh.sec_start[p as usize] as usize, sh.sec_start[p as usize + 1] as usize);
        sh.opt_sec[from..to].iter().map(|&s| (self.pure[(s >> 6) as usize] >> (s & 63)) & 1).sum()
    }

    /// Hides the options in play among `words` (words of `live`, each with a
    /// mask), taking them out a word at a time. When `CHECK`, returns whether
    /// a count reached 0; otherwise `false`, and a hidden option's primary
    /// items are counted down by their row of `fixed` when there is one.
    #[inline(always)]
    pub(super) fn hide_words<const COLORS: bool, const CHECK: bool>(
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
    pub(super) fn hide_words_by<const COLORS: bool, const CHECK: bool, const F: usize>(
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
    pub(super) fn hide_dense<const W: usize, const F: usize>(&mut self, p: usize, updates: &mut u64) {
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
    pub(super) fn drop<const CHECK: bool, const F: usize>(&mut self, p: u32, updates: &mut u64) -> bool {
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
    pub(super) fn gather(&mut self, h: u32, out: &mut [u32]) -> usize {
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
    pub(super) fn cover<const COLORS: bool>(&mut self, h: u32, updates: &mut u64, out: &mut [u32]) -> usize {
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
    pub(super) fn purify(&mut self, h: u32, color: u32, updates: &mut u64, cleansings: &mut u64) {
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
    pub(super) fn cover_all<const COLORS: bool>(&mut self, h: u32, updates: &mut u64) {
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
    pub(super) fn commit_whole<const COLORS: bool, const BOUNDED: bool>(
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
    pub(super) fn mark_covered<const BOUNDED: bool>(&mut self, p: usize) {
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
    pub(super) fn take_out(&mut self, p: u32, colors: bool) {
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
    pub(super) fn commit<const COLORS: bool>(&mut self, h: u32, color: u32, updates: &mut u64, cleansings: &mut u64) {
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
    pub(super) fn commit_others<const COLORS: bool>(
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
    pub(super) fn choose(&self) -> Option<u32> {
        choose_in(self.shape, &self.count[..self.shape.width])
    }
}

/// The item to branch on in `count`: [`choose`], or [`choose_sharp`] with the
/// sharp preference.
#[inline(always)]
pub(super) fn choose_in<C: Count>(shape: &Shape<C>, count: &[C]) -> Option<u32> {
    if shape.sharp.is_empty() { choose(count) } else { choose_sharp(count, &shape.sharp).map(|(h, _)| h) }
}

/// DLX2-SHARP's choice in `count`: the first active primary item with the
/// fewest options, where an item with two options or more that is not
/// `sharp` ranks after every sharp item; and its score (its count, plus
/// 2^32 when it ranks so).
#[cold]
#[inline(never)]
pub(super) fn choose_sharp<C: Count>(count: &[C], sharp: &[bool]) -> Option<(u32, i64)> {
    let mut best = None;
    let mut score = i64::MAX;
    for (h, (&c, &is_sharp)) in count.iter().zip(sharp).enumerate() {
        if c.is_covered() {
            continue;
        }
        let len = c.value();
        let t = i64::from(len) + if len > 1 && !is_sharp { 1 << 32 } else { 0 };
        if t < score {
            (best, score) = (Some(h as u32), t);
        }
    }
    best.map(|h| (h, score))
}

/// The first active primary item with the fewest options in `count` (DLX1's
/// choice), or `None` when every primary item is covered.
#[inline(always)]
pub(super) fn choose<C: Count>(count: &[C]) -> Option<u32> {
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
pub(super) fn recount<C: Count, const F: usize, const UP: bool>(
    sh: &Shape<C>,
    counted: &[u64],
    live: &[u64],
    count: &mut [C],
) {
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
