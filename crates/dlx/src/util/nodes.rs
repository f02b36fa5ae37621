//! The dancing links themselves: Knuth's flat node array and the operations on it
//! (cover, uncover, hide, unhide, purify, unpurify), as in TAOCP 7.2.2.1.
//!
//! Layout, as in Knuth's DLX1 and DLX2: node 0 is unused; nodes `1..=N` are the item
//! headers (primary items first); then a spacer, and each option's nodes followed
//! by a spacer. A spacer's `top` is zero or negative (minus the number of options
//! before it), its `up` points to the first node of the option before it and its
//! `down` to the last node of the option after it. The items' `prev`/`next` links
//! form two circular lists: the active primary items around node 0, the active
//! secondary items around node `N + 1`. The lengths of the items' lists are kept
//! apart from the nodes, in one array indexed by item (Knuth keeps them in the
//! headers' `top` fields), so that the search can read all of them in one sweep.
//!
//! # The unsafe boundary
//!
//! This module is the only place in the project with `unsafe` code: the node,
//! colour, length and item arrays are read without bounds checks. Everything
//! outside it names nodes and items by [`NodeIx`] and [`ItemIx`], which only this
//! module can make, so no other code can hand the link operations an index of
//! its own invention. The unchecked accesses rest on these invariants, set up by
//! [`Links::new`] and kept by every operation below:
//!
//! 1. `nodes.len() == colors.len() >= N + 2`, and `items.len() == lens.len() == N + 2`
//!    where `N` is the number of items; `bounds` is empty or also has `N + 2` entries.
//! 2. Every option's nodes are followed by a spacer, and the last node is a spacer:
//!    so stepping from an option node to the next one (`p + 1`) or the previous one
//!    (`p - 1`) stays inside the array, and a walk along an option meets a spacer
//!    (`top <= 0`) before it could leave the option.
//! 3. Every `up`, `down` and `end` field holds the index of an existing node; every
//!    option node's `top` is its item, in `1..=N`; every `prev`/`next` holds an item
//!    index in `0..=N + 1`. The link operations only copy values already in these
//!    fields, so the invariant survives them.
//! 4. An item's list holds its header and nodes of options, never a spacer; the
//!    operations that step along an option (`p + 1`, `p - 1`) check that they were
//!    given an option node (an index above `N`) before they start.
//! 5. A [`NodeIx`] is below `nodes.len()` and an [`ItemIx`] below `items.len()`
//!    for the links that made it, and for every copy of them: a solver's links are
//!    a copy of its problem's, and a solver uses only its own.
//!
//! 6. The dancing cells (`cells/`) index their own arrays with [`cell`] and
//!    [`set_cell`] only where the index is in bounds by their layout: a node's
//!    `itm` is a set start, at least 2 and at most the length of `set`, and its
//!    `loc` a place in `set`; a set start plus a size below the set's length
//!    is a place of that set; a place's entry is a node; an item on the save
//!    stack of binary branching is a set start; its bounds and keys are as
//!    long as `set`; binary branching's `first` has an entry per node, the
//!    first node of the node's option, which follows a spacer (when every
//!    option has `L` nodes, the option's nodes are the `L` from its first);
//!    binary branching's vectors per level and per stage hold two more
//!    entries than there are options, and a level or a stage is at most the
//!    number of options (each level takes or hides an option of its own); a
//!    place in `item` below `active` is in `item`. Every write keeps these: a
//!    size only shrinks or is restored, a node moves to a place of its own set.
//! 7. The domain-consistent search (`dc/`) indexes its arrays with [`cell`]
//!    and [`set_cell`] in its hot loops: a list's cells are cells of its pool
//!    (the pool only grows, its entries' items and hints' stamps beside it,
//!    as long); an entry's option is an option and its item a primary item;
//!    an age of the search is at least -1 and below twice the most stages
//!    plus two, and an option out of play keeps the place of its age's list,
//!    so that the list of an age is a place of `opts` and the stage of a
//!    hint's age one of `stage_stamp`; the queue's ring has a power of two places, indexed
//!    modulo its size. A node's item is an item and its place is below the
//!    size its item's set had at the start, so that the set's start plus the
//!    place is a place of `set`, as are the three places after it (`set` has
//!    three more past its last set, each node 0); an option in play is in the sets of its
//!    items, which therefore hold at least one option; a place of a set holds
//!    a node, and a node's option is an option, whose row of the matrix of
//!    conflicts by node has a bit for every node. Every write keeps these:
//!    a size only shrinks or is restored, a node moves within its own set.
//!
//! The layout also bounds the numbers: a problem has at most
//! [`MAX_NODES`](crate::util::problem::MAX_NODES) nodes, so every index fits in a `u32`
//! and every item number and option number in an `i32` (`top`).

/// One node: four 32-bit words, so a node is one aligned 16-byte load.
#[derive(Clone, Copy, Debug, Default)]
#[repr(C, align(16))]
struct Node {
    up: u32,
    down: u32,
    /// For an option node, its item (> 0); for a header, 0; for a spacer, minus the
    /// number of options before it.
    top: i32,
    /// For an option node, the spacer that ends its option; unused elsewhere.
    end: u32,
}

/// Set in an item's length while the item is covered. The length of a covered
/// item is then larger than any active item's, so the search can find the first
/// active primary item with the fewest options by a sweep over the primary items'
/// lengths, in order (a vectorised minimum over a contiguous array), instead of
/// walking the list of active items (a chain of dependent loads); both see the
/// active items in the same order, so the choice is DLX1's. The length of a
/// covered item does not change while it is covered: every option in its list
/// was hidden from the other lists when it was covered. Lengths stay below
/// `COVERED`: an item has at most one node per option, and every option takes a
/// spacer besides, so [`MAX_NODES`](crate::util::problem::MAX_NODES) `< 2 * COVERED`
/// nodes hold fewer than `COVERED` options.
pub(crate) const COVERED: i32 = 1 << 30;

/// An item's place in its circular list of active items.
#[derive(Clone, Copy, Debug, Default)]
struct ItemLink {
    prev: u32,
    next: u32,
}

/// The whole linked structure. A `Problem` keeps the initial state; each solver
/// works on a copy.
#[derive(Clone, Debug)]
pub(crate) struct Links {
    nodes: Vec<Node>,
    /// Each node's colour: 0 for none, a positive colour number, or -1 once
    /// purified; on a header, the colour its item was purified with. Only the
    /// search for problems with colours reads it.
    colors: Vec<i32>,
    items: Vec<ItemLink>,
    /// The length of each item's list (index 0 and `N + 1` unused), with
    /// [`COVERED`] set while the item is covered.
    lens: Vec<i32>,
    n_primary: u32,
    n_items: u32,
    /// [`block_min`] or a faster equivalent for this processor.
    block_min: fn(&[i32; BLOCK]) -> i32,
    /// The node index of each option's first node (its spacer is the one before).
    option_first: Vec<u32>,
    /// With bounds only (empty otherwise), for each primary item: how many more
    /// times it may be covered (Knuth's `bound`), and its upper bound minus its
    /// lower bound (`slack`, which never changes). Indexed like `lens`.
    bound: Vec<i32>,
    slack: Vec<i32>,
    /// With the sharp preference only (empty otherwise), for each primary
    /// item: whether it is sharp. Indexed like `lens`.
    sharp: Vec<bool>,
}

/// A node of the links: made only by [`Links`], and below `nodes.len()` (invariant 5).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct NodeIx(u32);

/// An item's header index, `0..=N + 1` (0 and `N + 1` are the roots of the lists
/// of active items): made only by [`Links`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct ItemIx(u32);

impl NodeIx {
    /// Node 0, which every layout has (unused by the links).
    pub(crate) const ROOT: NodeIx = NodeIx(0);
}

impl ItemIx {
    /// No item: the root of the active primary items.
    pub(crate) const NONE: ItemIx = ItemIx(0);

    /// Whether this is [`ItemIx::NONE`].
    pub(crate) fn is_none(self) -> bool {
        self.0 == 0
    }

    /// The item's header node (header `i` is node `i`).
    pub(crate) fn header(self) -> NodeIx {
        NodeIx(self.0)
    }
}

/// Reads `v[i]` without a bounds check: for the hiding loops of the dancing
/// cells' binary branching (`cells/binary.rs`), whose every index is a node's
/// item or place, a set start less one or two, a place within a set below
/// its size, read from the cells' own arrays, or a level or a stage
/// (invariant 6); and for the hot
/// loops of the domain-consistent search (`dc/`, invariant 7).
#[inline(always)]
pub(crate) fn cell<T: Copy>(v: &[T], i: usize) -> T {
    debug_assert!(i < v.len());
    // SAFETY: `i` is in bounds by invariant 6 or 7, which the cells and the
    // domain-consistent search keep and the `debug_assert!` checks in every
    // test.
    unsafe { *v.get_unchecked(i) }
}

/// Writes `v[i] = x` without a bounds check, as [`cell`] reads.
#[inline(always)]
pub(crate) fn set_cell<T>(v: &mut [T], i: usize, x: T) {
    debug_assert!(i < v.len());
    // SAFETY: as for `cell`.
    unsafe { *v.get_unchecked_mut(i) = x }
}

/// Reads or writes a node without a bounds check.
macro_rules! nd {
    ($links:expr, $i:expr) => {{
        let i = $i as usize;
        debug_assert!(i < $links.nodes.len());
        // SAFETY: `i` is a node index (invariants 3 and 5): read from a link
        // field, a `NodeIx`, a header, or an option node plus or minus one
        // within its option (invariant 2).
        unsafe { $links.nodes.get_unchecked_mut(i) }
    }};
}

/// Reads or writes a node's colour without a bounds check.
macro_rules! col {
    ($links:expr, $i:expr) => {{
        let i = $i as usize;
        debug_assert!(i < $links.colors.len());
        // SAFETY: `colors` has one entry per node (invariant 1), and `i` is a node
        // index, as for `nd!`.
        unsafe { $links.colors.get_unchecked_mut(i) }
    }};
}

/// Reads or writes an item's length without a bounds check.
macro_rules! ln {
    ($links:expr, $i:expr) => {{
        let i = $i as usize;
        debug_assert!(i < $links.lens.len());
        // SAFETY: item indices are in `0..=N + 1` (invariant 3: an option node's
        // `top`, a `prev`/`next` field, or an `ItemIx`), and `lens` has `N + 2`
        // entries (invariant 1).
        unsafe { $links.lens.get_unchecked_mut(i) }
    }};
}

/// Reads or writes an item's place in its list of active items without a
/// bounds check.
macro_rules! it {
    ($links:expr, $i:expr) => {{
        let i = $i as usize;
        debug_assert!(i < $links.items.len());
        // SAFETY: as for `ln!`: an item index, and `items` has `N + 2` entries.
        unsafe { $links.items.get_unchecked_mut(i) }
    }};
}

/// Added by the sharp preference to the length (or the branching degree) of
/// an item that is not sharp and has two options or more (a degree of 2 or
/// more): more than any length, so that it ranks after every sharp item, as
/// Knuth's `last_node` does in DLX2-SHARP and DLX3-SHARP.
const SHARP_BIAS: i64 = 1 << 32;

/// The score by which the sharp preference ranks an item of length (or
/// branching degree) `len`.
#[inline(always)]
fn sharp_score(len: i32, sharp: bool) -> i64 {
    if len > 1 && !sharp { i64::from(len) + SHARP_BIAS } else { i64::from(len) }
}

/// Lengths swept at a time by [`Links::best_primary`]: enough for the minimum to
/// be vectorised, few enough that a sweep can stop soon after an item with no
/// option.
const BLOCK: usize = 32;

/// The number of primary items from which [`Links::best_primary`] sweeps the
/// lengths rather than walking the list of active items. Measured: with 26
/// primary items (13 queens) the walk is about 10% faster, with 72 (pentominoes
/// in a 6×10 box) the two are even, with 324 (9×9 sudoku) the sweep takes a third
/// of the walk's time.
const SWEEP_FROM: usize = 64;

/// The smallest of a block of lengths. Kept out of line: inlined, the compiler
/// shares its loads with the search for the minimum's position and gives up on
/// vector instructions, which make the sweep several times faster.
#[inline(never)]
fn block_min(block: &[i32; BLOCK]) -> i32 {
    block.iter().fold(i32::MAX, |min, &len| min.min(len))
}

/// [`block_min`] compiled for AVX2, whose vector minimum takes one instruction
/// for eight lengths where SSE2 takes four for four.
///
/// Only [`block_min_for_this_cpu`] may hand this function out, and only after
/// checking that the processor has AVX2.
#[cfg(target_arch = "x86_64")]
#[inline(never)]
fn block_min_avx2(block: &[i32; BLOCK]) -> i32 {
    #[target_feature(enable = "avx2")]
    unsafe fn min(block: &[i32; BLOCK]) -> i32 {
        block.iter().fold(i32::MAX, |min, &len| min.min(len))
    }
    // SAFETY: this function is only reached through `block_min_for_this_cpu`,
    // which returns it only when the processor has AVX2.
    unsafe { min(block) }
}

/// The fastest way to take the minimum of a block on this processor.
fn block_min_for_this_cpu() -> fn(&[i32; BLOCK]) -> i32 {
    #[cfg(target_arch = "x86_64")]
    if std::is_x86_feature_detected!("avx2") {
        return block_min_avx2;
    }
    block_min
}

/// Read-only views of the links for a traced search (see `crate::links::trace`): safe,
/// bounds-checked indexing, and called only while tracing.
impl Links {
    /// The number of options.
    pub(crate) fn n_options(&self) -> usize {
        self.option_first.len()
    }

    /// Whether option `k` is hidden: one of its nodes is out of its item's list.
    pub(crate) fn is_option_hidden(&self, k: usize) -> bool {
        let first = self.option_first[k];
        let end = self.nodes[first as usize].end;
        (first..end).any(|p| self.nodes[self.nodes[p as usize].up as usize].down != p)
    }

    /// The option (from 0) of an option node, read off the spacer that ends it.
    pub(crate) fn option_of_node(&self, node: NodeIx) -> u32 {
        let end = self.nodes[node.0 as usize].end;
        (-self.nodes[end as usize].top - 1) as u32
    }

    /// The number of nodes in item `i`'s list, covered or not.
    pub(crate) fn len_of(&self, i: ItemIx) -> usize {
        (self.lens[i.0 as usize] & !COVERED) as usize
    }

    /// The active primary items (by number, from 0), in the order of their list,
    /// with the lengths of their lists.
    pub(crate) fn active_primary_lengths(&self) -> Vec<(u32, u32)> {
        let mut lengths = Vec::new();
        let mut k = self.items[0].next;
        while k != 0 {
            lengths.push((k - 1, (self.lens[k as usize] & !COVERED) as u32));
            k = self.items[k as usize].next;
        }
        lengths
    }

    /// The items (by number, from 0) of `node`'s option other than its own, in
    /// the order `commit_others` takes them: after `node`, wrapping round at the
    /// spacer.
    pub(crate) fn other_items_of(&self, node: NodeIx) -> Vec<u32> {
        let node = node.0;
        let end = self.nodes[node as usize].end;
        let start = self.nodes[end as usize].up;
        (node + 1..end).chain(start..node).map(|p| self.nodes[p as usize].top as u32 - 1).collect()
    }

    /// An item's number, from 0.
    pub(crate) fn item_number(&self, item: ItemIx) -> u32 {
        item.0 - 1
    }
}

impl Links {
    /// Lays out the nodes for `options`, each a sequence of (item position,
    /// colour) with positions `1..=n_items` and colour 0 for none, and
    /// `n_option_nodes` nodes in all. The caller (the problem's builder) has
    /// checked the positions and the limits on sizes.
    ///
    /// One pass over the options' nodes, into arrays reserved from the totals:
    /// each node is pushed once, linked below the last node of its item's list
    /// (which the item's header keeps in its `up` field), and told its spacer
    /// once its option is complete. The totals only reserve; a wrong one costs
    /// a reallocation, never a wrong layout.
    pub(crate) fn new<I, O>(
        n_primary: usize,
        n_items: usize,
        n_option_nodes: usize,
        options: I,
        bounds: Option<&[(u32, u32)]>,
    ) -> Links
    where
        I: ExactSizeIterator<Item = O>,
        O: IntoIterator<Item = (u32, i32)>,
    {
        let n_nodes = n_items + 2 + n_option_nodes + options.len();
        let mut nodes: Vec<Node> = Vec::with_capacity(n_nodes);
        nodes.extend((0..=n_items as u32).map(|i| Node { up: i, down: i, top: 0, end: 0 }));
        let mut colors: Vec<i32> = Vec::with_capacity(n_nodes);
        colors.resize(nodes.len(), 0);
        let mut lens = vec![0; n_items + 2];
        let mut option_first = Vec::with_capacity(options.len());
        let mut spacer = nodes.len();
        nodes.push(Node::default());
        colors.push(0);
        for (k, option) in options.enumerate() {
            let first = nodes.len() as u32;
            option_first.push(first);
            for (item, color) in option {
                assert!((1..=n_items as u32).contains(&item), "item positions are checked by the builder");
                let p = nodes.len() as u32;
                let header = &mut nodes[item as usize];
                let up = header.up;
                header.up = p;
                nodes[up as usize].down = p;
                nodes.push(Node { up, down: item, top: item as i32, end: 0 });
                colors.push(color);
                lens[item as usize] += 1;
            }
            let end = nodes.len() as u32;
            for node in &mut nodes[first as usize..] {
                node.end = end;
            }
            nodes[spacer].down = end - 1;
            spacer = end as usize;
            nodes.push(Node { up: first, down: 0, top: -(k as i32 + 1), end: 0 });
            colors.push(0);
        }
        let mut items = vec![ItemLink::default(); n_items + 2];
        let mut ring = |root: usize, members: std::ops::RangeInclusive<usize>| {
            let mut last = root;
            for i in members {
                items[last].next = i as u32;
                items[i].prev = last as u32;
                last = i;
            }
            items[last].next = root as u32;
            items[root].prev = last as u32;
        };
        ring(0, 1..=n_primary);
        ring(n_items + 1, n_primary + 1..=n_items);
        let (mut bound, mut slack) = (Vec::new(), Vec::new());
        if let Some(bounds) = bounds {
            bound = vec![0; n_items + 2];
            slack = vec![0; n_items + 2];
            for (k, &(lower, upper)) in bounds.iter().enumerate().take(n_primary) {
                // The builder keeps bounds below `i32::MAX`.
                bound[k + 1] = upper as i32;
                slack[k + 1] = (upper - lower) as i32;
            }
        }
        Links {
            nodes,
            colors,
            items,
            lens,
            n_primary: n_primary as u32,
            n_items: n_items as u32,
            block_min: block_min_for_this_cpu(),
            option_first,
            bound,
            slack,
            sharp: Vec::new(),
        }
    }

    /// Turns on the sharp preference for the primary items whose `sharp` is
    /// true (given in order of their headers, 1 and up).
    pub(crate) fn set_sharp(&mut self, sharp: impl IntoIterator<Item = bool>) {
        self.sharp = vec![false; self.lens.len()];
        for (k, is_sharp) in sharp.into_iter().take(self.n_primary as usize).enumerate() {
            self.sharp[k + 1] = is_sharp;
        }
    }

    /// Copies the state of `initial` (a links of the same problem) into these
    /// links; the colours too when `colors`.
    pub(crate) fn copy_from(&mut self, initial: &Links, colors: bool) {
        self.nodes.copy_from_slice(&initial.nodes);
        self.items.copy_from_slice(&initial.items);
        self.lens.copy_from_slice(&initial.lens);
        if colors {
            self.colors.copy_from_slice(&initial.colors);
        }
        self.bound.copy_from_slice(&initial.bound);
    }

    /// The number of nodes, spacers and headers included.
    pub(crate) fn n_nodes(&self) -> usize {
        self.nodes.len()
    }

    /// The most options any primary item has in its list, covered or not.
    #[cfg(test)]
    pub(crate) fn longest_primary(&self) -> usize {
        self.lens[1..=self.n_primary as usize].iter().map(|&len| (len & !COVERED) as usize).max().unwrap_or(0)
    }

    /// The first node of option number `option`, if there is such an option.
    pub(crate) fn option_first(&self, option: usize) -> Option<NodeIx> {
        self.option_first.get(option).map(|&p| NodeIx(p))
    }

    /// The node after `p` in its option, or `None` at the option's end (or when
    /// `p` is not an option node).
    pub(crate) fn next_in_option(&mut self, p: NodeIx) -> Option<NodeIx> {
        if !self.is_option_node(p) {
            return None;
        }
        // Invariant 2: an option node is followed by another or by its spacer.
        (nd!(self, p.0 + 1).top > 0).then_some(NodeIx(p.0 + 1))
    }

    /// Whether `p` is a node of an option rather than a header or node 0. (The
    /// lists of items hold no spacers, so a node reached along them is one or
    /// the other.)
    #[inline(always)]
    fn is_option_node(&self, p: NodeIx) -> bool {
        p.0 > self.n_items
    }

    /// Whether `item` is a primary item (not a root, not secondary).
    pub(crate) fn is_primary(&self, item: ItemIx) -> bool {
        (1..=self.n_primary).contains(&item.0)
    }

    /// The first active primary item with the fewest options (DLX1's choice), or
    /// [`ItemIx::NONE`] when none is left.
    #[inline(always)]
    pub(crate) fn best_primary(&mut self) -> ItemIx {
        if !self.sharp.is_empty() {
            return self.best_primary_sharp();
        }
        if (self.n_primary as usize) < SWEEP_FROM {
            return self.best_primary_by_list();
        }
        let lens = &self.lens[1..=self.n_primary as usize];
        let mut best = i32::MAX;
        let mut i = 0;
        let mut blocks = lens.chunks_exact(BLOCK);
        for (b, block) in blocks.by_ref().enumerate() {
            // A covered item's length is at least `COVERED`, more than any active
            // item's, so it is never chosen.
            let min = (self.block_min)(block.try_into().expect("blocks are exact"));
            if min < best {
                best = min;
                i = b * BLOCK + block.iter().position(|&len| len == min).unwrap_or(0) + 1;
                if min == 0 {
                    return ItemIx(i as u32);
                }
            }
        }
        let base = lens.len() - blocks.remainder().len();
        for (k, &len) in blocks.remainder().iter().enumerate() {
            if len < best {
                best = len;
                i = base + k + 1;
            }
        }
        if best >= COVERED { ItemIx::NONE } else { ItemIx(i as u32) }
    }

    /// [`Links::best_primary`] by walking the list of active primary items, as
    /// Knuth does: faster than a sweep when there are few primary items.
    #[inline(always)]
    fn best_primary_by_list(&mut self) -> ItemIx {
        let mut i = self.first_primary().0;
        if i == 0 {
            return ItemIx::NONE;
        }
        let mut best = *ln!(self, i);
        let mut k = it!(self, i).next;
        while best > 0 && k != 0 {
            let len = *ln!(self, k);
            if len < best {
                best = len;
                i = k;
            }
            k = it!(self, k).next;
        }
        ItemIx(i)
    }

    /// DLX2-SHARP's choice: [`Links::best_primary_by_list`] with every item
    /// that has two options or more and is not sharp ranked after every
    /// sharp item (its length counted with [`SHARP_BIAS`] added).
    #[cold]
    #[inline(never)]
    fn best_primary_sharp(&mut self) -> ItemIx {
        let mut i = ItemIx::NONE.0;
        let mut best = i64::MAX;
        let mut k = self.first_primary().0;
        while best > 0 && k != 0 {
            let len = *ln!(self, k);
            let score = sharp_score(len, self.sharp[k as usize]);
            if score < best {
                best = score;
                i = k;
            }
            k = it!(self, k).next;
        }
        ItemIx(i)
    }

    /// The first active primary item, or [`ItemIx::NONE`] when none is left.
    #[inline(always)]
    pub(crate) fn first_primary(&mut self) -> ItemIx {
        ItemIx(it!(self, 0).next)
    }

    /// The node below `p` in its item's list.
    #[inline(always)]
    pub(crate) fn down(&mut self, p: NodeIx) -> NodeIx {
        NodeIx(nd!(self, p.0).down)
    }

    /// The item of an option node ([`ItemIx::NONE`] for a header).
    #[inline(always)]
    pub(crate) fn item_of(&mut self, p: NodeIx) -> ItemIx {
        ItemIx(nd!(self, p.0).top.max(0) as u32)
    }

    /// The option an option node belongs to, read off the spacer that ends it.
    pub(crate) fn option_of(&mut self, p: NodeIx) -> u32 {
        debug_assert!(self.is_option_node(p));
        let end = nd!(self, p.0).end;
        (-nd!(self, end).top - 1) as u32
    }

    /// Whether an item is in its list of active items.
    pub(crate) fn is_active(&mut self, item: ItemIx) -> bool {
        let prev = it!(self, item.0).prev;
        it!(self, prev).next == item.0
    }

    /// Whether node `p` is in its item's list.
    pub(crate) fn is_linked(&mut self, p: NodeIx) -> bool {
        let up = nd!(self, p.0).up;
        nd!(self, up).down == p.0
    }

    /// Removes the other nodes of `p`'s option from their items' lists.
    #[inline(always)]
    fn hide<const COLORS: bool>(&mut self, p: u32, updates: &mut u64) {
        self.relink_others::<COLORS, false>(p, updates);
    }

    /// Undoes [`Links::hide`].
    #[inline(always)]
    fn unhide<const COLORS: bool>(&mut self, p: u32) {
        self.relink_others::<COLORS, true>(p, &mut 0);
    }

    /// Takes the other nodes of `p`'s option out of their items' lists (counting
    /// an update for each), or puts them back when `RESTORE`. Nodes marked
    /// purified stay where they are. `p` is an option node: it was reached along
    /// an item's list, below the header (invariant 4).
    ///
    /// The nodes of one option lie in different lists, so the order in which they
    /// are unlinked or relinked does not matter, and unhide may go the same way
    /// round as hide. The loop runs a fixed number of times for the option's
    /// length and wraps round with a conditional move rather than branching at
    /// the spacer, which keeps the branch predictor on track.
    #[inline(always)]
    fn relink_others<const COLORS: bool, const RESTORE: bool>(&mut self, p: u32, updates: &mut u64) {
        debug_assert!(p > self.n_items);
        let end = nd!(self, p).end;
        let start = nd!(self, end).up;
        let mut q = p;
        // The option's nodes are `start..end` (invariant 2), `p` among them.
        for _ in 1..end - start {
            q += 1;
            q = if q == end { start } else { q };
            let Node { up, down, top, .. } = *nd!(self, q);
            if !COLORS || *col!(self, q) >= 0 {
                if RESTORE {
                    nd!(self, up).down = q;
                    nd!(self, down).up = q;
                    *ln!(self, top) += 1;
                } else {
                    nd!(self, up).down = down;
                    nd!(self, down).up = up;
                    *ln!(self, top) -= 1;
                    *updates += 1;
                }
            }
        }
    }

    /// Covers item `i`: hides every option in its list and takes it out of its list
    /// of active items. Counts one update for the item and one per hidden node.
    #[inline(always)]
    pub(crate) fn cover<const COLORS: bool>(&mut self, i: ItemIx, updates: &mut u64) {
        let i = i.0;
        let mut p = nd!(self, i).down;
        while p != i {
            self.hide::<COLORS>(p, updates);
            p = nd!(self, p).down;
        }
        let ItemLink { prev, next } = *it!(self, i);
        it!(self, prev).next = next;
        it!(self, next).prev = prev;
        *ln!(self, i) ^= COVERED;
        *updates += 1;
    }

    /// Undoes [`Links::cover`].
    #[inline(always)]
    pub(crate) fn uncover<const COLORS: bool>(&mut self, i: ItemIx) {
        let i = i.0;
        let ItemLink { prev, next } = *it!(self, i);
        it!(self, prev).next = i;
        it!(self, next).prev = i;
        *ln!(self, i) ^= COVERED;
        let mut p = nd!(self, i).up;
        while p != i {
            self.unhide::<COLORS>(p);
            p = nd!(self, p).up;
        }
    }

    /// Purifies the item of node `p` for `p`'s colour: hides every option that gives
    /// the item another colour, and marks the nodes that give it the same colour so
    /// that later covers leave them alone.
    fn purify(&mut self, p: u32, updates: &mut u64, cleansings: &mut u64) {
        let i = nd!(self, p).top as u32;
        let c = *col!(self, p);
        *col!(self, i) = c;
        *cleansings += 1;
        let mut q = nd!(self, i).down;
        while q != i {
            let color = *col!(self, q);
            if color == c {
                if q != p {
                    *col!(self, q) = -1;
                    *cleansings += 1;
                }
            } else {
                self.hide::<true>(q, updates);
            }
            q = nd!(self, q).down;
        }
    }

    /// Undoes [`Links::purify`].
    fn unpurify(&mut self, p: u32) {
        let i = nd!(self, p).top as u32;
        let c = *col!(self, i);
        let mut q = nd!(self, i).up;
        while q != i {
            let color = *col!(self, q);
            if color < 0 {
                *col!(self, q) = c;
            } else if q != p {
                self.unhide::<true>(q);
            }
            q = nd!(self, q).up;
        }
    }

    /// Knuth's commit(p, j): cover the item of node `p`, or purify it when `p`
    /// carries a colour that is not yet purified.
    #[inline(always)]
    fn commit<const COLORS: bool>(&mut self, p: u32, item: u32, updates: &mut u64, cleansings: &mut u64) {
        if !COLORS {
            self.cover::<false>(ItemIx(item), updates);
        } else {
            let color = *col!(self, p);
            if color == 0 {
                self.cover::<true>(ItemIx(item), updates);
            } else if color > 0 {
                self.purify(p, updates, cleansings);
            }
        }
    }

    /// Undoes [`Links::commit`].
    #[inline(always)]
    fn uncommit<const COLORS: bool>(&mut self, p: u32, item: u32) {
        if !COLORS {
            self.uncover::<false>(ItemIx(item));
        } else {
            let color = *col!(self, p);
            if color == 0 {
                self.uncover::<true>(ItemIx(item));
            } else if color > 0 {
                self.unpurify(p);
            }
        }
    }

    /// Commits the items of `x`'s option other than `x`'s own, in the order the
    /// option lists them, starting after `x` and wrapping round (Knuth's step X5).
    /// Does nothing unless `x` is an option node.
    #[inline(always)]
    pub(crate) fn commit_others<const COLORS: bool>(&mut self, x: NodeIx, updates: &mut u64, cleansings: &mut u64) {
        let done = self.commit_others_until::<COLORS>(x, updates, cleansings, || false);
        debug_assert!(done.is_none());
    }

    /// [`Links::commit_others`], looking at `stopped` after each item: once it
    /// says so, returns the node of the first item left uncommitted (the
    /// commitment is then partial, to be undone by
    /// [`Links::uncommit_others_before`]); `None` when every item was
    /// committed. One item with tens of thousands of options costs millions
    /// of updates, and an option commits dozens of them: a stop is heard
    /// within one item's work.
    #[inline(always)]
    pub(crate) fn commit_others_until<const COLORS: bool>(
        &mut self,
        x: NodeIx,
        updates: &mut u64,
        cleansings: &mut u64,
        stopped: impl Fn() -> bool,
    ) -> Option<NodeIx> {
        if !self.is_option_node(x) {
            debug_assert!(false, "commit_others on a header");
            return None;
        }
        let x = x.0;
        let mut p = x + 1;
        while p != x {
            let Node { up, top, .. } = *nd!(self, p);
            if top <= 0 {
                p = up;
            } else {
                self.commit::<COLORS>(p, top as u32, updates, cleansings);
                p += 1;
                if stopped() {
                    return Some(NodeIx(p));
                }
            }
        }
        None
    }

    /// Undoes [`Links::commit_others`] in reverse order (Knuth's step X6).
    #[inline(always)]
    pub(crate) fn uncommit_others<const COLORS: bool>(&mut self, x: NodeIx) {
        self.uncommit_others_before::<COLORS>(x, x);
    }

    /// Undoes a commitment of `x`'s other items stopped at node `end` (see
    /// [`Links::commit_others_until`]): the items from `x`'s next up to the
    /// one before `end`, in reverse order; all of them when `end` is `x`.
    #[inline(always)]
    pub(crate) fn uncommit_others_before<const COLORS: bool>(&mut self, x: NodeIx, end: NodeIx) {
        if !self.is_option_node(x) {
            debug_assert!(false, "uncommit_others on a header");
            return;
        }
        let x = x.0;
        let mut p = end.0 - 1;
        while p != x {
            let Node { down, top, .. } = *nd!(self, p);
            if top <= 0 {
                p = down;
            } else {
                self.uncommit::<COLORS>(p, top as u32);
                p -= 1;
            }
        }
    }

    /// Commits every item of an option whose first node is `first`.
    pub(crate) fn commit_option<const COLORS: bool>(&mut self, first: NodeIx, updates: &mut u64, cleansings: &mut u64) {
        if !self.is_option_node(first) {
            return;
        }
        let top = nd!(self, first.0).top as u32;
        self.commit::<COLORS>(first.0, top, updates, cleansings);
        self.commit_others::<COLORS>(first, updates, cleansings);
    }

    /// Undoes [`Links::commit_option`].
    pub(crate) fn uncommit_option<const COLORS: bool>(&mut self, first: NodeIx) {
        if !self.is_option_node(first) {
            return;
        }
        self.uncommit_others::<COLORS>(first);
        let top = nd!(self, first.0).top as u32;
        self.uncommit::<COLORS>(first.0, top);
    }
}

/// The score when no primary item is active: a solution.
pub(crate) const SOLVED: i32 = i32::MAX;

/// Bounds on primary items: Algorithm M of TAOCP 7.2.2.1, which Knuth's DLX3
/// implements. These operations are only used when the links were made with
/// bounds.
///
/// The statistics are those of the newer DLX3 and of Algorithm M as the book
/// gives it, which `data/reference/instances.tsv` records: a solution is
/// visited when no primary item is left active. (The older DLX3 stops as soon
/// as every active item could take or leave its remaining options, and reports
/// such "core" solutions with a count of the options left free; on problems
/// whose bounds are all exact, such as the tetromino packings, the two agree.)
impl Links {
    /// Whether an item is the header `p` (the null move of a level) rather than an
    /// option node.
    pub(crate) fn header_item(&self, p: NodeIx) -> Option<ItemIx> {
        (!self.is_option_node(p)).then_some(ItemIx(p.0))
    }

    #[inline(always)]
    fn bound_of(&self, i: u32) -> i32 {
        debug_assert!((i as usize) < self.bound.len());
        // SAFETY: `i` is an item index (see `ln!`), and `bound` has `N + 2`
        // entries when bounds are in use (invariant 1), the only time this runs.
        unsafe { *self.bound.get_unchecked(i as usize) }
    }

    #[inline(always)]
    fn bound_mut(&mut self, i: u32) -> &mut i32 {
        debug_assert!((i as usize) < self.bound.len());
        // SAFETY: as for `bound_of`.
        unsafe { self.bound.get_unchecked_mut(i as usize) }
    }

    #[inline(always)]
    fn slack_of(&self, i: u32) -> i32 {
        debug_assert!((i as usize) < self.slack.len());
        // SAFETY: as for `bound_of`; `slack` has as many entries as `bound`.
        unsafe { *self.slack.get_unchecked(i as usize) }
    }

    /// The item's remaining bound and its slack.
    pub(crate) fn bound_and_slack(&self, i: ItemIx) -> (i32, i32) {
        (self.bound_of(i.0), self.slack_of(i.0))
    }

    /// Knuth's choice of item in DLX3 (M3): among the active primary items, the
    /// one with the smallest branching degree `len + s - bound + 1`, where `s` is
    /// the smaller of the slack and the bound (the number of moves: each of the
    /// options that may come first, and the null move when the item may be left
    /// as it is); ties go to the smaller `s`, then to the longer list, then to
    /// the first in the list. With no active primary item, the score is
    /// [`SOLVED`]; a score of 0 or less means too few options are left.
    #[inline(always)]
    pub(crate) fn choose_bounded(&mut self) -> (ItemIx, i32) {
        let (mut best, mut score, mut best_s, mut best_len) = (0, i64::MAX, 0, 0);
        let sharp = !self.sharp.is_empty();
        let mut k = it!(self, 0).next;
        while k != 0 {
            let (bound, slack) = (self.bound_of(k), self.slack_of(k));
            let s = slack.min(bound);
            let len = *ln!(self, k);
            let t = len + s - bound + 1;
            // DLX3-SHARP: a degree above 1 of an item that is not sharp ranks
            // after every sharp item's.
            let t = if sharp { sharp_score(t, self.sharp[k as usize]) } else { i64::from(t) };
            if t < score || (t == score && (s < best_s || (s == best_s && len > best_len))) {
                (best, score, best_s, best_len) = (k, t, s, len);
            }
            k = it!(self, k).next;
        }
        if best == 0 {
            return (ItemIx::NONE, SOLVED);
        }
        let score = if score >= SHARP_BIAS { score - SHARP_BIAS } else { score };
        (ItemIx(best), score as i32)
    }

    /// M4: prepare to branch on item `i`: one fewer cover left for it, and when
    /// none is left, cover it. Returns the first node of its list, where the
    /// level's tweaking starts.
    ///
    /// Where DLX3 only deactivates an item with no cover left but some slack,
    /// this covers it, as Algorithm M in TAOCP does: otherwise the options left in
    /// its list could still be chosen through other items, past its upper bound.
    #[inline(always)]
    pub(crate) fn enter_bounded<const COLORS: bool>(&mut self, i: ItemIx, updates: &mut u64) -> NodeIx {
        *self.bound_mut(i.0) -= 1;
        if self.bound_of(i.0) == 0 {
            self.cover::<COLORS>(i, updates);
        }
        self.down(i.header())
    }

    /// M5: whether the level branching on `i` may try `x` (the next node of `i`'s
    /// list, or its header for the move that takes no option). With bound or
    /// slack left, the options of `i` are tried one by one, each tweaked out of
    /// the lists for the rest of the level; the null move retires `i` from the
    /// active list.
    #[inline(always)]
    pub(crate) fn advance_bounded<const COLORS: bool>(&mut self, i: ItemIx, x: NodeIx, updates: &mut u64) -> bool {
        let (bound, slack) = self.bound_and_slack(i);
        if bound == 0 && slack == 0 {
            return x != i.header();
        }
        // A covered item's length has `COVERED` added: never too short.
        if *ln!(self, i.0) <= bound - slack {
            return false;
        }
        if x != i.header() {
            if bound == 0 {
                self.tweak_covered(i, x, updates);
            } else {
                self.tweak::<COLORS>(x, updates);
            }
        } else if bound != 0 {
            self.deactivate(i);
        }
        true
    }

    /// M8: restores item `i` as it was before [`Links::enter_bounded`], the
    /// options tweaked from `first` on put back.
    #[inline(always)]
    pub(crate) fn leave_bounded<const COLORS: bool>(&mut self, i: ItemIx, first: NodeIx) {
        let (bound, slack) = self.bound_and_slack(i);
        if bound == 0 {
            if slack != 0 {
                self.untweak_list(i, first, 0);
            }
            self.uncover::<COLORS>(i);
        } else {
            self.untweak::<COLORS>(i, first);
        }
        *self.bound_mut(i.0) += 1;
    }

    /// Takes `i` out of the list of active items.
    #[inline(always)]
    pub(crate) fn deactivate(&mut self, i: ItemIx) {
        let ItemLink { prev, next } = *it!(self, i.0);
        it!(self, prev).next = next;
        it!(self, next).prev = prev;
    }

    /// Undoes [`Links::deactivate`].
    #[inline(always)]
    pub(crate) fn reactivate(&mut self, i: ItemIx) {
        let ItemLink { prev, next } = *it!(self, i.0);
        it!(self, prev).next = i.0;
        it!(self, next).prev = i.0;
    }

    /// Knuth's tweak: takes the option of `x` (the first node of its item's
    /// list) out of every list, `x`'s own included, counting an update for each
    /// node removed. Purified nodes stay, as in cover.
    #[inline(always)]
    fn tweak<const COLORS: bool>(&mut self, x: NodeIx, updates: &mut u64) {
        if !self.is_option_node(x) {
            return;
        }
        self.hide::<COLORS>(x.0, updates);
        let Node { up, down, top, .. } = *nd!(self, x.0);
        nd!(self, up).down = down;
        nd!(self, down).up = up;
        *ln!(self, top) -= 1;
        *updates += 1;
    }

    /// The tweak of a covered item (Knuth's tweak′ in TAOCP): its options were
    /// already hidden from the other lists by the cover, so `x` only leaves the
    /// item's own list (one update).
    #[inline(always)]
    fn tweak_covered(&mut self, i: ItemIx, x: NodeIx, updates: &mut u64) {
        let down = nd!(self, x.0).down;
        nd!(self, i.0).down = down;
        nd!(self, down).up = i.0;
        *ln!(self, i.0) -= 1;
        *updates += 1;
    }

    /// Undoes the tweaks of item `i`'s level, from node `first` (the top of the
    /// list when the level began) down to the current top: Knuth's untweak.
    /// Each tweaked node still points down to the next, so the list is rebuilt
    /// by resetting the `up` links, and each option is put back in the other
    /// lists.
    #[inline(always)]
    fn untweak<const COLORS: bool>(&mut self, i: ItemIx, first: NodeIx) {
        self.untweak_list(i, first, 1 + COLORS as u8);
    }

    /// [`Links::untweak`]: `restore` 0 rebuilds only `i`'s list (after
    /// [`Links::tweak_covered`]), 1 also puts the options back in the other
    /// lists, 2 does that with colours.
    #[inline(always)]
    fn untweak_list(&mut self, i: ItemIx, first: NodeIx, restore: u8) {
        let i = i.0;
        let z = nd!(self, i).down;
        nd!(self, i).down = first.0;
        let (mut above, mut p, mut k) = (i, first.0, 0);
        while p != z {
            nd!(self, p).up = above;
            k += 1;
            match restore {
                0 => {}
                1 => self.unhide::<false>(p),
                _ => self.unhide::<true>(p),
            }
            above = p;
            p = nd!(self, p).down;
        }
        nd!(self, z).up = above;
        *ln!(self, i) += k;
    }

    /// M6 for an option with bounds: for each other item of `x`'s option, a
    /// primary item has one fewer cover left, and is covered when none is left;
    /// a secondary item is committed as in Algorithm C.
    #[inline(always)]
    pub(crate) fn commit_others_bounded<const COLORS: bool>(
        &mut self,
        x: NodeIx,
        updates: &mut u64,
        cleansings: &mut u64,
    ) {
        if !self.is_option_node(x) {
            return;
        }
        let x = x.0;
        let mut p = x + 1;
        while p != x {
            let Node { up, top, .. } = *nd!(self, p);
            if top <= 0 {
                p = up;
            } else {
                self.commit_bounded::<COLORS>(p, top as u32, updates, cleansings);
                p += 1;
            }
        }
    }

    /// Undoes [`Links::commit_others_bounded`], in reverse order.
    #[inline(always)]
    pub(crate) fn uncommit_others_bounded<const COLORS: bool>(&mut self, x: NodeIx) {
        if !self.is_option_node(x) {
            return;
        }
        let x = x.0;
        let mut p = x - 1;
        while p != x {
            let Node { down, top, .. } = *nd!(self, p);
            if top <= 0 {
                p = down;
            } else {
                self.uncommit_bounded::<COLORS>(p, top as u32);
                p -= 1;
            }
        }
    }

    #[inline(always)]
    fn commit_bounded<const COLORS: bool>(&mut self, p: u32, item: u32, updates: &mut u64, cleansings: &mut u64) {
        if item <= self.n_primary {
            *self.bound_mut(item) -= 1;
            if self.bound_of(item) == 0 {
                self.cover::<COLORS>(ItemIx(item), updates);
            }
        } else {
            self.commit::<COLORS>(p, item, updates, cleansings);
        }
    }

    #[inline(always)]
    fn uncommit_bounded<const COLORS: bool>(&mut self, p: u32, item: u32) {
        if item <= self.n_primary {
            if self.bound_of(item) == 0 {
                self.uncover::<COLORS>(ItemIx(item));
            }
            *self.bound_mut(item) += 1;
        } else {
            self.uncommit::<COLORS>(p, item);
        }
    }

    /// Commits an option with bounds before the search: the option leaves every
    /// list (so it cannot be chosen again), then each of its items is committed
    /// as in [`Links::commit_others_bounded`].
    pub(crate) fn commit_option_bounded<const COLORS: bool>(
        &mut self,
        first: NodeIx,
        updates: &mut u64,
        cleansings: &mut u64,
    ) {
        if !self.is_option_node(first) {
            return;
        }
        self.tweak::<COLORS>(first, updates);
        let top = nd!(self, first.0).top as u32;
        self.commit_bounded::<COLORS>(first.0, top, updates, cleansings);
        self.commit_others_bounded::<COLORS>(first, updates, cleansings);
    }

    /// Undoes [`Links::commit_option_bounded`].
    pub(crate) fn uncommit_option_bounded<const COLORS: bool>(&mut self, first: NodeIx) {
        if !self.is_option_node(first) {
            return;
        }
        self.uncommit_others_bounded::<COLORS>(first);
        let top = nd!(self, first.0).top as u32;
        self.uncommit_bounded::<COLORS>(first.0, top);
        let p = first.0;
        let Node { up, down, top, .. } = *nd!(self, p);
        nd!(self, up).down = p;
        nd!(self, down).up = p;
        *ln!(self, top) += 1;
        self.unhide::<COLORS>(p);
    }
}

#[cfg(test)]
pub(crate) mod tests {
    //! The link operations undo each other exactly. These tests are small so that
    //! they also run under Miri, which checks the unchecked indexing above.

    use super::*;
    use crate::util::problem::Problem;

    /// The unchecked accessors of the dancing cells read and write the
    /// entry asked for, and no other (Miri checks that they stay in bounds).
    #[test]
    fn cells_read_and_write_their_entries() {
        let mut v: Vec<[u32; 2]> = (0..5).map(|k| [k, 10 * k]).collect();
        for k in 0..5 {
            assert_eq!(cell(&v, k), [k as u32, 10 * k as u32]);
        }
        set_cell(&mut v, 4, [7, 8]);
        set_cell(&mut v, 0, [1, 2]);
        assert_eq!(v, [[1, 2], [1, 10], [2, 20], [3, 30], [7, 8]]);
        let mut w = vec![0u32; 3];
        for k in 0..3 {
            set_cell(&mut w, k, cell(&v, k + 1)[1] + 1);
        }
        assert_eq!(w, [11, 21, 31]);
    }

    /// Numbers below each bound asked, from Marsaglia's xorshift started at
    /// `seed` (not 0).
    fn xorshift(mut seed: u64) -> impl FnMut(u64) -> u32 {
        move |bound: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % bound) as u32
        }
    }

    /// An option of `len` distinct items drawn by `next` among `n_items`
    /// (header numbers from 1), each secondary item (past `n_primary`)
    /// given one of `colors` colours drawn after it (0 and no draw when
    /// `colors` is 0).
    fn random_option(
        next: &mut impl FnMut(u64) -> u32,
        len: usize,
        (n_primary, n_items): (usize, usize),
        colors: u64,
    ) -> Vec<(u32, i32)> {
        let mut option: Vec<(u32, i32)> = Vec::new();
        while option.len() < len {
            let item = next(n_items as u64) + 1;
            let color = if colors > 0 && item as usize > n_primary { next(colors) as i32 } else { 0 };
            if !option.iter().any(|&(i, _)| i == item) {
                option.push((item, color));
            }
        }
        option
    }

    fn links(text: &str) -> super::Links {
        Problem::from_knuth(text).unwrap().links().clone()
    }

    /// Everything the search may change, to compare states. A header's colour
    /// is left out: it only remembers the latest purification for unpurify.
    pub(crate) fn state(links: &super::Links) -> Vec<(u32, u32, i32, i32)> {
        let headers = links.items.len() - 1;
        let nodes = links.nodes.iter().zip(&links.colors).enumerate();
        let nodes = nodes.map(|(k, (n, &c))| (n.up, n.down, n.top, if k < headers { 0 } else { c }));
        let items = links.items.iter().zip(&links.lens).map(|(i, &len)| (i.prev, i.next, len, 0));
        let bounds = links.bound.iter().map(|&b| (0, 0, b, 0));
        nodes.chain(items).chain(bounds).collect()
    }

    #[test]
    fn the_layout_is_knuths() {
        let links = links("A B | C\nA C\nB\nA B C\n");
        // Headers 1..=3, spacer 4, option 0 at 5-6, spacer 7, option 1 at 8,
        // spacer 9, option 2 at 10-12, spacer 13.
        let tops: Vec<i32> = links.nodes.iter().map(|n| n.top).collect();
        assert_eq!(tops, [0, 0, 0, 0, 0, 1, 3, -1, 2, -2, 1, 2, 3, -3]);
        assert_eq!(links.lens, [0, 2, 2, 2, 0]);
        assert_eq!(links.option_first, [5, 8, 10]);
        assert_eq!((links.nodes[4].down, links.nodes[7].up, links.nodes[7].down), (6, 5, 8));
        // Primary items around 0, secondary ones around N + 1 = 4.
        assert_eq!((links.items[0].next, links.items[1].next, links.items[2].next), (1, 2, 0));
        assert_eq!((links.items[4].next, links.items[3].next), (3, 4));
    }

    /// The one-pass layout agrees, field by field, with the layout read off
    /// its definition, on random options (some empty, as the builder hands
    /// over an ignored option, some coloured): each item's list runs down
    /// through the nodes of its options in order, each option's nodes know
    /// their spacer, each spacer points to the options around it.
    #[test]
    fn the_layout_follows_its_definition() {
        let (n_primary, n_items) = (7, 10);
        let mut next = xorshift(0x9e37_79b9_7f4a_7c15);
        let options: Vec<Vec<(u32, i32)>> = (0..40)
            .map(|_| {
                let len = next(6) as usize;
                random_option(&mut next, len, (n_primary, n_items), 3)
            })
            .collect();
        let n_option_nodes = options.iter().map(Vec::len).sum();
        let links = Links::new(n_primary, n_items, n_option_nodes, options.iter().map(|o| o.iter().copied()), None);
        // The positions by definition: headers, a spacer, then each option
        // and its spacer.
        let mut first = Vec::new();
        let mut position = n_items + 2;
        for option in &options {
            first.push(position);
            position += option.len() + 1;
        }
        assert_eq!(links.nodes.len(), position);
        assert_eq!(links.colors.len(), position);
        assert_eq!(links.option_first, first.iter().map(|&p| p as u32).collect::<Vec<_>>());
        for (k, option) in options.iter().enumerate() {
            let spacer = first[k] + option.len();
            for (j, &(item, color)) in option.iter().enumerate() {
                let node = links.nodes[first[k] + j];
                assert_eq!((node.top, node.end, links.colors[first[k] + j]), (item as i32, spacer as u32, color));
            }
            let before = first[k] - 1;
            assert_eq!(links.nodes[spacer].top, -(k as i32 + 1));
            assert_eq!(links.nodes[spacer].up as usize, first[k]);
            assert_eq!(links.nodes[before].down as usize, spacer - 1);
        }
        for item in 1..=n_items {
            let members: Vec<usize> = (0..options.len())
                .flat_map(|k| (0..options[k].len()).map(move |j| (k, j)))
                .filter(|&(k, j)| options[k][j].0 as usize == item)
                .map(|(k, j)| first[k] + j)
                .collect();
            let ring: Vec<usize> = std::iter::once(item).chain(members.iter().copied()).collect();
            for (r, &p) in ring.iter().enumerate() {
                let below = ring[(r + 1) % ring.len()];
                let above = ring[(r + ring.len() - 1) % ring.len()];
                assert_eq!((links.nodes[p].down as usize, links.nodes[p].up as usize), (below, above), "item {item}");
            }
            assert_eq!(links.lens[item] as usize, members.len());
        }
        let longest = (1..=n_primary).map(|i| links.lens[i] as usize).max().unwrap();
        assert_eq!(links.longest_primary(), longest);
    }

    #[test]
    fn cover_and_uncover_restore_every_link() {
        let mut links = links("a b c d | x\na b x\nb c\nc d x\na d\nb d\na c x\n");
        let before = state(&links);
        let mut updates = 0;
        for order in [[1u32, 3, 2], [4, 1, 5], [2, 4, 3]] {
            for &i in &order {
                links.cover::<false>(ItemIx(i), &mut updates);
            }
            assert_ne!(state(&links), before);
            for &i in order.iter().rev() {
                links.uncover::<false>(ItemIx(i));
            }
            assert_eq!(state(&links), before);
        }
        assert!(updates > 0);
    }

    #[test]
    fn commit_and_uncommit_restore_colours() {
        let mut links = links("a b c | x y\na x:r y:g\nb x:r\nc x:g y:g\nb c y:g\na c\n");
        let before = state(&links);
        let (mut updates, mut cleansings) = (0, 0);
        let first = links.option_first.clone();
        for &option in &[0usize, 1, 3] {
            links.commit_option::<true>(NodeIx(first[option]), &mut updates, &mut cleansings);
            links.uncommit_option::<true>(NodeIx(first[option]));
            assert_eq!(state(&links), before);
        }
        links.commit_option::<true>(NodeIx(first[0]), &mut updates, &mut cleansings);
        links.commit_option::<true>(NodeIx(first[1]), &mut updates, &mut cleansings);
        links.uncommit_option::<true>(NodeIx(first[1]));
        links.uncommit_option::<true>(NodeIx(first[0]));
        assert_eq!(state(&links), before);
        assert!(cleansings > 0);
    }

    /// The sweep over the lengths chooses the item the walk over the list of
    /// active items chooses, whatever is covered.
    #[test]
    fn sweep_and_walk_choose_alike() {
        let (n_primary, n_items) = (150, 170);
        let mut next = xorshift(0x2545_f491_4f6c_dd1d);
        let options: Vec<Vec<(u32, i32)>> =
            (0..600).map(|_| random_option(&mut next, 4, (n_primary, n_items), 0)).collect();
        let n_option_nodes = options.iter().map(Vec::len).sum();
        let mut links = Links::new(n_primary, n_items, n_option_nodes, options.into_iter(), None);
        let initial_lens = links.lens.clone();
        let mut updates = 0;
        let mut covered = Vec::new();
        loop {
            let by_list = links.best_primary_by_list();
            assert_eq!(links.best_primary(), by_list, "after covering {covered:?}");
            if by_list.is_none() {
                break;
            }
            // Cover the chosen item or, now and then, another active one.
            let item = if next(3) == 0 {
                let mut k = links.first_primary();
                for _ in 0..next(20) {
                    k = match it!(links, k.0).next {
                        0 => links.first_primary(),
                        other => ItemIx(other),
                    };
                }
                k
            } else {
                by_list
            };
            links.cover::<false>(item, &mut updates);
            covered.push(item);
        }
        while let Some(item) = covered.pop() {
            links.uncover::<false>(item);
        }
        assert_eq!(links.lens, initial_lens, "uncovering restores the lengths");
    }
}
