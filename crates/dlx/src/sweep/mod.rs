//! The sweep: counting by the first uncovered item, on a bitboard.
//!
//! The links and bitset engines branch, at every node, on the primary item
//! with the fewest options left (Knuth's rule): the smallest trees, at the
//! price of keeping every item's count up to date. The sweep instead fixes
//! an order of the primary items once, and branches on the **first item not
//! yet covered**. Every item before it is covered, so the options that can
//! cover it are exactly those whose first item (in the order) it is, its
//! *anchored* options, known in advance. A node's whole state is the set of
//! items covered, one word of bits (128 of them, or more for a larger
//! problem); trying an option is an `or`, and
//! backtracking returns to the word below. Nothing is updated, so a node
//! costs a few dozen instructions where the bitset engine's cost hundreds.
//!
//! The tree is larger, and how much larger depends on the order. On a board
//! swept across its short side (a 6×10 box column by column, each of 6
//! cells) the first empty cell sits in a corner of the region left, where
//! few pieces fit: all 9,356 pentomino packings take 26 million nodes,
//! against 3.6 million for Knuth's rule, at about a fifteenth of the cost
//! each (20 ns against 300). Swept along its long side, 349 million. So
//! [`Sweep::new`] chooses the order (see the `order` module): labels (a
//! packing's pieces, when at most a quarter of the primary items) last, the
//! others in the order declared or in an order grown from it, from either
//! end of the items' Fiedler order, or (without labels) from the
//! breadth-first order from a far corner, whichever Knuth's estimate of the
//! tree, bounded by the states each item's frontier allows, finds
//! smallest, each also led by the label of fewest options. A piece with
//! few placements (one restricted to one placement of each class under the
//! box's symmetries: the X of 6×10 in 8 places) is then placed first, and
//! every later node knows it: the 2,339 packings of 6×10 with the X in a
//! quarter take 1.2 million nodes, against 7.3 million with the X swept last.
//! the front ([`Search::count`](crate::front::Search::count)) picks the sweep for a count
//! when its estimate, weighed by the cost of a node, beats that of Knuth's
//! rule. On a packing (few labels) the front first lets the sweep count
//! within about a quarter of a million nodes in the order of a cheaper first
//! choice (the declared order and the one grown from it, each led or not,
//! from 64 random paths each): small packings end there, before the whole
//! choice would cost more than their search. When the whole choice lands
//! on the same order, the count goes on from what that turn finished (its
//! cache of subproblems) instead of starting over.
//!
//! **Filters.** An item's anchored options are kept in blocks of at most
//! 64. A block has seven *filters*, each a table of 16 masks over 4 bits of
//! the state: entry `v` has a bit for each option of the block that avoids
//! the covered items `v` there. Four filters look at the 16 bits right after
//! the anchor, where the state is most often covered; three at nibbles
//! farther on (labels first, since every state covers some). The `and` of
//! one entry per filter is the options that fit, exactly when the filters
//! see all their items, else checked one by one against the state: a node
//! looks up seven words instead of testing some 35 options.
//!
//! **Cache.** The state alone says what is left, so a state met again has
//! the same solutions below it. A direct-mapped table (4 MiB a thread when
//! a count starts, [`Sweep::cache_bytes`]) remembers the solutions below
//! the states finished; a state found there is not searched again. Dead
//! ends (most nodes of a packing) are never looked up. On pentominoes of
//! 6×10 it takes the nodes from 26 million to 11 million and the time from
//! 0.32 to 0.20 s. A table that has remembered twice as many states as it
//! has entries since it last grew doubles, in place, up to 1 GiB for all
//! threads ([`CACHE_GROWTH_BYTES`], or the front's memory limit): the
//! pentominoes never fill theirs, where the 28,200,960 grids of 6×6 sudoku
//! took 38.5 million nodes in a table of 4 MiB and take 8.1 million in one
//! grown to 64 MiB (3.0 s of processor time to 0.85), and tilings of large
//! boards need all the states of a frontier: the dominoes of 18×18 grow it
//! to 256 MiB. An entry is 32 bytes up to 192 items, aligned
//! so that a look-up reads one line of the processor's cache. Counts are
//! exact whatever it remembers and whatever their size (the `tally`
//! module): a search counts in 64 bits, and past them counts again from
//! its root on 192 bits, finding in the cache every subproblem it had
//! finished; an entry keeps 64 bits (128 beside states of 256 bits or
//! more), and a count that does not fit it is not remembered. The tromino
//! tilings of 12×12 (17,735,061,025,562,799,941,630) pass 2^64 during the
//! 64-bit count, and take 35 million nodes in all (3.5 s, 134 MB).
//!
//! **Counting by frontiers.** Depth first, the cache must hold the states
//! of every frontier at once, for the search comes back to each many times:
//! on a tiling of a wide board they outnumber any memory (the dominoes of
//! 20×20 had not been counted after four minutes in a cache of 1 GiB).
//! [`Sweep::count_by_frontiers`] takes the states forwards instead, those
//! whose first open item is the first, then the second, and so on, each
//! state once with the number of ways to reach it (the `frontiers` module):
//! it holds the states of about one frontier. The front's rule for `auto`
//! counts so when the frontiers bound the sweep's estimate
//! ([`Sweep::bounded_by_frontiers`]): one thread, within the front's memory
//! limit (past it, depth first if the tree is small enough to walk). The dominoes of 18×18
//! take 9.0 million nodes, 1.7 s and 29 MB there (13.3 million, 2.2 s and
//! 268 MB depth first); those of 20×20 (1.3 × 10⁴⁸ tilings) 43 million
//! nodes, 15 s and 108 MB; the trominoes of 12×12 16 million, 2.9 s and 42
//! MB (35 million, 3.6 s and 136 MB); the Aztec diamond of order 20 (2^210
//! tilings) 62 million, 37 s and 301 MB.
//!
//! **Width.** The state is as wide as the problem: a `u128` up to 128 items
//! (primary and secondary), else 192, 256, 512 or 1,024 bits (the `state`
//! module); the search is compiled once for each width, so the 128-bit
//! sweep pays nothing for the others. A wider state costs more a node (its
//! test, its `or` and its hash touch every word): the pentominoes of 6×10
//! with 131 idle secondary items (256 bits) take 1.35× as long.
//!
//! **Boxes in three dimensions.** A slice of a box across its longest side
//! has more cells (12 in 3×4×5 against 6 in 6×10), and a polycube more
//! orientations, so the first empty cell leaves many more placements than
//! on a board: the sweep's tree outgrows its cheaper nodes. On the solid
//! pentominoes, Knuth's estimates put the sweep at 1.2 × 10⁷ nodes in
//! 2×3×10, 1.1 × 10⁸ in 2×5×6 and 3.0 × 10⁹ in 3×4×5 (in the order it
//! chooses, the longest side swept last), against 3.3 × 10⁵, 2.8 × 10⁶ and
//! 5.0 × 10⁷ for the search by fewest options; weighed by their costs the
//! search is 1.8×, 1.75× and 4× cheaper, and the front keeps it (3×4×5:
//! 97 s on the sweep, 16 s on bits). Where the pieces are fewer and
//! smaller, the sweep wins: the Soma cube (7 pieces in 3×3×3) in 0.12 s,
//! against 0.49 s on bits. The rule is the front's usual one (see
//! [`Search`](crate::front::Search)); nothing in it is particular to three
//! dimensions.
//!
//! **Limits.** At most [`MAX_ITEMS`] items in all, no bounds on items and
//! no colours: [`Sweep::new`] says why it refuses a problem. Colours would
//! need two sets an option: the bits it sets (its items, and its colour of
//! each secondary item) and the bits it must find clear (its items, and the
//! other colours of its secondary items), so that options agreeing on a
//! colour meet without clashing; a state would then be the covered items
//! and the colours given, and the filters, the blocks' exactness and the
//! cache would all read the second set. The sweep keeps one set an option,
//! and refuses colours ([`SweepError::Colors`]).
//! Options without a primary item are never chosen (as in every engine).
//! The sweep counts no updates. Its nodes are the root and one for each
//! option tried below a state not found in the cache.
//!
//! **Listing.** [`Sweep::lister`] lists the solutions with the same blocks,
//! filters and order (the `list` module): a visitor or an owned iterator,
//! threads, a limit, shards, a monitor. Each solution is a set of options of
//! the original problem, given in the order the sweep chose them (by the
//! first of their items in [`Sweep::order`]). Its cache remembers only the
//! states with no solution below: the others are walked each time.

mod frontiers;
mod list;
mod order;
mod state;
mod tally;

pub(crate) use list::estimate_fewest;
pub use list::{ListConfig, Lister, SweepSolutions};
use num_bigint::BigUint;
use order::{Anchored, Lists};
use rayon::prelude::*;
use state::{State, Wide};
use tally::{Tally, U192};

use crate::run::threads::effective_threads;
use crate::util::monitor::{Monitor, REPORT_EVERY};
use crate::util::problem::{Item, Problem};
use crate::util::stats::Stats;

/// The most items (primary and secondary) a problem may have for the sweep:
/// the widest state has 1,024 bits.
pub const MAX_ITEMS: usize = 1024;

/// Whether `problem` has labels as the sweep counts them ([`Sweep::labelled`]):
/// primary items of which every option has exactly one, at most a quarter of
/// the primary items (a packing's pieces; not the black cells of a tiling by
/// dominoes). A problem without them is a tiling: its options are alike
/// wherever they are placed. Whatever the problem's width.
pub(crate) fn has_labels(problem: &Problem) -> bool {
    let n_primary = problem.n_primary();
    let options: Vec<&[Item]> = problem.options().map(|o| problem.searched_items(o)).collect();
    let primaries = primaries(&options, n_primary);
    order::labels(&primaries, &primaries.transposed(n_primary), n_primary)
        .is_some_and(|labels| 4 * labels.iter().filter(|&&l| l).count() <= n_primary)
}

/// Whether the sweep takes `problem`: no bounds on items, no colours, at
/// most [`MAX_ITEMS`] items. [`Sweep::new`] says why not.
pub fn takes(problem: &Problem) -> bool {
    Sweep::check(problem).is_ok()
}

/// The memory of each thread's cache of subproblems when a count starts,
/// unless set by [`Sweep::cache_bytes`]: 4 MiB, 131,072 entries of a state
/// of 128 bits.
pub const DEFAULT_CACHE_BYTES: usize = 4 << 20;

/// The memory up to which the caches of a count grow, all threads together
/// (a thread's never below its starting size): 1 GiB, the memo's own limit
/// ([`DEFAULT_LIMIT_BYTES`](crate::memo::DEFAULT_LIMIT_BYTES)). A cache
/// doubles each time it has remembered [`CACHE_GROWTH_STORES`] times its
/// entries since it last grew (it is overwriting what it remembers), so
/// only a count whose states keep coming takes that much. A cache too small
/// for the states of one frontier loses the subproblems it needs again, and
/// the count grows as a tree: the dominoes' tilings of 18×18 take 2.0 s and
/// 265 MB in a cache grown to 256 MiB, and more than five minutes within
/// 64 MiB.
pub const CACHE_GROWTH_BYTES: usize = 1 << 30;

/// The states a cache remembers, in multiples of its entries, before it
/// doubles (see [`CACHE_GROWTH_BYTES`]): each doubling costs less than a
/// node for each of them.
pub const CACHE_GROWTH_STORES: usize = 2;

/// The entries a count within a budget of nodes ([`Sweep::count_within`])
/// starts its cache with: 4,096 (128 KiB of states of 128 bits). It grows
/// as every cache does ([`CACHE_GROWTH_STORES`]), up to the cache's size or
/// the budget's nodes. Grown as soon as it was half full, it kept every
/// state but wrote to every page of a table twice as large as they, and
/// the first write to a page is a fault for the system to serve, which
/// costs about as much as the few dozen nodes a state remembered there may
/// save: grown by the rule, pentominoes in 4×15 and Scott's 8×8 count
/// 10–16 % faster (alternated runs, one thread, whole process) for 2–10 %
/// more nodes (4×15: 1,010 page faults down to 430).
const FIRST_TURN_ENTRIES: usize = 4096;

/// Filters of a block on the 16 bits right after its anchor.
const LOCAL: usize = 4;

/// Filters of a block on aligned nibbles farther on.
const FAR: usize = 4;

/// Random paths for the estimate of each candidate order.
const ORDER_PROBES: u32 = 512;

/// Random paths for each candidate order of the first choice
/// ([`Sweep::new_first`]): with 32, the estimates of the pentominoes'
/// candidates in `quadrille pack`'s 6×10 box erred by a factor of 100 and
/// the first choice took an order 25 times worse than the whole choice
/// (which then could not go on from the front's turn); 64 cost the small
/// counts about 2 % more instructions (3×20).
const FIRST_PROBES: u32 = 64;

/// The estimated nodes up to which the first choice ([`Sweep::new_first`])
/// takes a candidate order without estimating the others: a tree this small
/// costs less to count than the other candidates cost to estimate (each
/// needs its options' masks and [`FIRST_PROBES`] random paths). Pentominoes
/// in 3×20 (some 6,000 nodes with the X in a quarter of the box) take the
/// first candidate; 6×10, 5×12 and Scott's 8×8, whose trees are hundreds of
/// times larger, choose among all of them as before.
const FIRST_SMALL_TREE: f64 = (1 << 14) as f64;

/// The options up to which each candidate order gets [`ORDER_PROBES`]
/// random paths; past them, the paths are fewer in proportion (at least
/// [`MIN_ORDER_PROBES`]), so that the choice of the order costs about as
/// much as reading the options.
const FULL_PROBES_OPTIONS: usize = 1 << 16;

/// The fewest random paths for each candidate order.
const MIN_ORDER_PROBES: u32 = 32;

/// The most pairs of items in options (the sum of the squares of the
/// options' sizes) for which the Fiedler order is computed: past it, the
/// candidates are the declared order and the order grown from it.
const FIEDLER_MAX_PAIRS: usize = 1 << 26;

/// The least factor by which the frontiers must bound the sweep's estimate
/// for [`Sweep::bounded_by_frontiers`]: 2.
const FRONTIER_BOUND: f64 = 2.0;

/// Random paths for the estimate of the search by fewest options.
const FEWEST_PROBES: u32 = 128;

/// Why [`Sweep::new`] refused a problem.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SweepError {
    /// A monitor stopped the choice of the order ([`Sweep::new_monitored`]).
    #[error("the choice of the sweep's order was interrupted")]
    Interrupted,
    /// Some primary item has bounds other than `[1, 1]` (Algorithm M).
    #[error("the sweep does not take bounds on items")]
    Bounds,
    /// Some option gives a secondary item a colour.
    #[error("the sweep does not take colours")]
    Colors,
    /// A primary item declared after a secondary one: the sweep takes the
    /// first items declared as the primary ones.
    #[error("the sweep takes the primary items declared first: `{item}` comes after a secondary item")]
    PrimaryAfterSecondary {
        /// The first primary item declared after a secondary one.
        item: String,
    },
    /// More items than fit the sweep's widest state.
    #[error("the sweep takes at most {MAX_ITEMS} items, not {items}")]
    TooManyItems {
        /// The problem's items, primary and secondary.
        items: usize,
    },
    /// More than 2^192 - 1 solutions below a state of the threads' split
    /// (the sweep counts in 64 bits, and past them in 192: reached only by a
    /// search of more nodes than 64 bits count).
    #[error("more than 2^192 - 1 solutions: the memo engine counts them exactly")]
    Overflow,
    /// The order given to [`Sweep::with_order`] is not one of the primary
    /// items: this item is not primary, comes twice, or is missing.
    #[error("the order must hold each primary item once: item {item} is not primary, comes twice or is missing")]
    Order {
        /// The item's number.
        item: u32,
    },
    /// The count by frontiers ([`Sweep::count_by_frontiers`]) would hold
    /// more bytes than its limit, or the allocator refused what it asked
    /// within it: what it had made is freed.
    #[error(
        "the sweep's count by frontiers needs more memory than its limit of {limit_bytes} bytes ({needed_bytes} bytes asked for)"
    )]
    Memory {
        /// The limit in bytes.
        limit_bytes: usize,
        /// The bytes the count would have held with the request refused.
        needed_bytes: usize,
    },
    /// [`Sweep::lister`] was given another problem than the one the sweep
    /// was made from: some option of the sweep is not one of its options.
    #[error("the sweep was made from another problem")]
    OtherProblem,
}

/// One block of an item's anchored options: at most 64, the options of slots
/// `slot..slot + len`, and the filters that pick those fitting a state.
///
/// Each filter looks at 4 bits of the state: entry `v` of its table has a
/// bit for each option of the block that avoids the covered items `v`
/// there. The [`LOCAL`] filters look at the 16 bits right after the anchor,
/// where the state is most often covered; the [`FAR`] others at aligned
/// nibbles beyond, those the most options touch. A block always has them
/// all, so that the `and` of their entries is straight-line code; a filter
/// not needed lets every option through.
#[derive(Clone, Debug)]
struct Block {
    local: [[u64; 16]; LOCAL],
    far: [[u64; 16]; FAR],
    /// The state is shifted right by this much for the local filters.
    after: u32,
    /// Each far filter's word of 64 bits in the state, and shift within it.
    far_at: [(u8, u8); FAR],
    slot: u32,
    /// Whether the filters see every item of the options: else an option
    /// they let through is checked against the state.
    exact: bool,
}

impl Block {
    /// The block of options `chunk` (at most 64), anchored at bit `anchor`,
    /// from slot `slot` on.
    fn new<S: State>(chunk: &[S], anchor: u32, slot: u32, labels: S) -> Block {
        let all = if chunk.len() == 64 { u64::MAX } else { (1u64 << chunk.len()) - 1 };
        let touched = chunk.iter().fold(S::default(), |a, &m| a.or(m)).and_not(S::bit(anchor));
        let after = anchor + 1;
        // Entry `v`: the options avoiding every bit of `v`, the `and` of
        // those avoiding each bit (an option holds few of a nibble's bits:
        // only those are visited).
        let table = |shift: u32| {
            let mut holding = [0u64; 4];
            for (k, &m) in chunk.iter().enumerate() {
                let mut nibble = m.nibble(shift);
                while nibble != 0 {
                    holding[nibble.trailing_zeros() as usize] |= 1 << k;
                    nibble &= nibble - 1;
                }
            }
            let mut fits = [all; 16];
            for v in 1..16 {
                fits[v] = fits[v & (v - 1)] & !holding[v.trailing_zeros() as usize];
            }
            fits
        };
        let mut block = Block {
            local: [[all; 16]; LOCAL],
            far: [[all; 16]; FAR],
            after,
            far_at: [(0, 0); FAR],
            slot,
            exact: false,
        };
        let mut seen = S::default();
        for (w, local) in block.local.iter_mut().enumerate() {
            let shift = after + 4 * w as u32;
            if shift < S::BITS {
                *local = table(shift);
                seen = seen.or(S::range(shift, (shift + 4).min(S::BITS)));
            }
        }
        // The bits of the options in each nibble not yet seen.
        let mut bits = [0u32; MAX_ITEMS / 4];
        for &m in chunk {
            let mut left = m.and_not(seen);
            while !left.is_zero() {
                let b = left.first();
                bits[b as usize / 4] += 1;
                left = left.and_not(S::bit(b));
            }
        }
        let mut far: Vec<(u32, u32)> = (0..S::BITS / 4)
            .map(|n| 4 * n)
            .filter(|&shift| touched.and_not(seen).nibble(shift) != 0)
            .map(|shift| (bits[shift as usize / 4], shift))
            .collect();
        // Labels first (every state covers some, whatever the region swept),
        // then the most touched; ties to the nearest.
        far.sort_by_key(|&(n, shift)| (labels.nibble(shift) == 0, std::cmp::Reverse(n), shift));
        for (f, &(_, shift)) in far.iter().take(FAR).enumerate() {
            block.far[f] = table(shift);
            block.far_at[f] = ((shift / 64) as u8, (shift % 64) as u8);
            seen = seen.or(S::range(shift, shift + 4));
        }
        block.exact = touched.and_not(seen).is_zero();
        block
    }

    /// The options of the block that fit the state `covered`.
    #[inline(always)]
    fn fits<S: State>(&self, covered: S) -> u64 {
        let local = covered.window(self.after);
        let words = covered.words();
        let mut fits = u64::MAX;
        for (w, table) in self.local.iter().enumerate() {
            fits &= table[(local >> (4 * w)) as usize & 15];
        }
        for (&(word, shift), table) in self.far_at.iter().zip(&self.far) {
            fits &= table[(S::word(&words, word as usize) >> shift) as usize & 15];
        }
        fits
    }
}

/// The sweep, ready to count the solutions of a problem.
///
/// ```
/// use quadrille_dlx::Problem;
/// use quadrille_dlx::sweep::Sweep;
///
/// // Dominoes on a 2×3 board: three tilings.
/// let problem = Problem::from_knuth(
///     "a1 a2 a3 b1 b2 b3\na1 a2\na2 a3\nb1 b2\nb2 b3\na1 b1\na2 b2\na3 b3\n",
/// )?;
/// let sweep = Sweep::new(&problem)?;
/// assert_eq!(sweep.count(1, None)?.solutions_u64(), Some(3));
/// assert_eq!(sweep.count(2, None)?.solutions_u64(), Some(3));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Sweep {
    /// The primary items in the order swept; then the secondary items.
    order: Vec<Item>,
    /// Knuth's estimate of the sweep's nodes, bounded by its frontiers.
    estimate: f64,
    /// The random paths' estimate of the sweep's nodes, without the bound
    /// of the frontiers: the search's when its cache remembers little.
    paths: f64,
    /// Whether the frontiers bound the estimate to a fraction of the random
    /// paths' (see [`Sweep::bounded_by_frontiers`]).
    bounded: bool,
    /// The memory of each thread's cache of subproblems.
    cache_bytes: usize,
    /// The memory up to which a count's caches grow, all threads together.
    growth_bytes: usize,
    /// Whether the problem has labels (see [`Sweep::labelled`]).
    labelled: bool,
    /// The search, on a state as wide as the problem needs.
    width: Width,
}

/// Which candidate orders [`Sweep::chosen`] looks at.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Choose {
    /// All of them ([`Sweep::new`]).
    Whole,
    /// Those of the first choice ([`Sweep::new_first`]).
    First,
}

/// The search on each width of state.
#[derive(Clone, Debug)]
enum Width {
    W128(Core<u128>),
    W192(Core<Wide<3>>),
    W256(Core<Wide<4>>),
    W512(Core<Wide<8>>),
    W1024(Core<Wide<16>>),
}

/// Runs `$body` on the search `$core` of the sweep `$sweep`, whatever its
/// width.
macro_rules! on_width {
    ($sweep:expr, $core:ident => $body:expr) => {
        match &$sweep.width {
            Width::W128($core) => $body,
            Width::W192($core) => $body,
            Width::W256($core) => $body,
            Width::W512($core) => $body,
            Width::W1024($core) => $body,
        }
    };
}

/// Runs `$body` with `$state` the type of state for `$items` items
/// (at most [`MAX_ITEMS`]), and `$wrap` the variant of [`Width`] holding it.
macro_rules! for_items {
    ($items:expr, $state:ident, $wrap:ident => $body:expr) => {
        match $items {
            0..=128 => {
                type $state = u128;
                let $wrap = Width::W128;
                $body
            }
            129..=192 => {
                type $state = Wide<3>;
                let $wrap = Width::W192;
                $body
            }
            193..=256 => {
                type $state = Wide<4>;
                let $wrap = Width::W256;
                $body
            }
            257..=512 => {
                type $state = Wide<8>;
                let $wrap = Width::W512;
                $body
            }
            _ => {
                type $state = Wide<16>;
                let $wrap = Width::W1024;
                $body
            }
        }
    };
}

/// The search of the sweep on states `S`: the options in blocks by anchor.
#[derive(Clone, Debug)]
struct Core<S> {
    /// The bits of the primary items.
    primary: S,
    /// For each primary item (by its place in the order), its blocks.
    anchors: Vec<(u32, u32)>,
    blocks: Vec<Block>,
    /// The options' items as bits, block by block.
    slots: Vec<S>,
    /// The options' items as bits, in the problem's order, for the estimate
    /// of the search by fewest options (made from them when asked).
    masks: Vec<S>,
    /// The problem's items, primary and secondary.
    n_items: usize,
}

impl Sweep {
    /// The sweep of `problem`, its order chosen by Knuth's estimate (see the
    /// module's notes); an error for bounds, colours, or more than
    /// [`MAX_ITEMS`] items.
    pub fn new(problem: &Problem) -> Result<Sweep, SweepError> {
        Sweep::new_monitored(problem, None)
    }

    /// As [`Sweep::new`], polling `monitor` at each bounded step of the
    /// choice of the order (an iteration of the Fiedler vector, an item
    /// ordered, a node of a random path): [`SweepError::Interrupted`] soon
    /// after it is stopped.
    pub fn new_monitored(problem: &Problem, monitor: Option<&Monitor>) -> Result<Sweep, SweepError> {
        Sweep::chosen(problem, monitor, Choose::Whole).map(|sweep| sweep.unwrap_or_else(|| unreachable!()))
    }

    /// The sweep of a packing, its order from a first, cheap choice: the
    /// candidates that need no Fiedler vector (the declared order and the
    /// one grown from it, each also led by the label of fewest options),
    /// each estimated from [`FIRST_PROBES`] random paths, the led and grown
    /// ones first, the first estimated at most [`FIRST_SMALL_TREE`] nodes
    /// taken at once. `None` when the
    /// problem has no labels, or labels more than a quarter of its primary
    /// items (the black cells of a tiling by dominoes). For the front's turn
    /// of the sweep on a search that may be small, where the whole choice
    /// would cost more than the search.
    pub(crate) fn new_first(problem: &Problem, monitor: Option<&Monitor>) -> Result<Option<Sweep>, SweepError> {
        Sweep::chosen(problem, monitor, Choose::First)
    }

    /// The sweep on the best of the candidate orders: all of them
    /// ([`Choose::Whole`]), or those of the first choice ([`Sweep::new_first`]:
    /// `None` without labels).
    fn chosen(problem: &Problem, monitor: Option<&Monitor>, choose: Choose) -> Result<Option<Sweep>, SweepError> {
        let full = choose == Choose::Whole;
        Sweep::check(problem)?;
        let n_primary = problem.n_primary();
        let options: Vec<&[Item]> = problem.options().map(|o| problem.searched_items(o)).collect();
        let primaries = primaries(&options, n_primary);
        // The options of each primary item, made once for the labels, the
        // grown orders and the scarcest label.
        let holding = primaries.transposed(n_primary);
        // Labels last; the other primary items in each candidate order.
        let labels = match order::labels(&primaries, &holding, n_primary) {
            // Few labels (pieces) beside the other primary items, not half
            // of them (the colour of a checkerboard's cells in a tiling by
            // dominoes): swept last, those would be the frontier of every
            // state, and the others, each in options with no other, would
            // have no graph to order them by. The first choice is for
            // packings only.
            Some(labels) if 4 * labels.iter().filter(|&&l| l).count() <= n_primary => labels,
            _ if full => vec![false; n_primary],
            _ => return Ok(None),
        };
        let others: Vec<u32> = (0..n_primary as u32).filter(|&i| !labels[i as usize]).collect();
        let last: Vec<u32> = (0..n_primary as u32).filter(|&i| labels[i as usize]).collect();
        // The candidates: the declared order, and orders grown from it and
        // from either end of the Fiedler order.
        let probes = (ORDER_PROBES as usize * FULL_PROBES_OPTIONS / options.len().max(1))
            .clamp(MIN_ORDER_PROBES as usize, ORDER_PROBES as usize) as u32;
        let probes = if full { probes } else { probes.min(FIRST_PROBES) };
        let pairs: usize = primaries.iter().map(|o| o.len() * o.len()).sum();
        let mut candidates = vec![others.clone()];
        if others.len() >= 3 {
            let mut place = vec![u32::MAX; n_primary];
            for (p, &i) in others.iter().enumerate() {
                place[i as usize] = p as u32;
            }
            let total = primaries.total();
            let local = Lists::sized(
                primaries.iter().map(|o| o.iter().map(|&i| place[i as usize]).filter(|&p| p != u32::MAX)),
                total,
            );
            // The options of the other items are theirs in the whole
            // problem: `local` keeps one list for each option.
            let local_holding = Lists::sized(others.iter().map(|&i| holding.get(i as usize).iter().copied()), total);
            let n = others.len();
            let declared: Vec<u32> = (0..n as u32).collect();
            let mut ties = vec![declared];
            if full && pairs <= FIEDLER_MAX_PAIRS {
                let fiedler = order::fiedler_order(&local, n, monitor).ok_or(SweepError::Interrupted)?;
                let backward: Vec<u32> = fiedler.iter().rev().copied().collect();
                ties.extend([fiedler, backward]);
            }
            // Without labels (tilings, whose states meet again), from a far
            // corner breadth first: the frontier as short as the board is
            // narrow, so that the cache answers most of the tree. (On a
            // packing the pieces are in every frontier, and the Fiedler
            // order's ends do as well.)
            if full && last.is_empty() {
                ties.push(order::breadth_first(&local, n, monitor).ok_or(SweepError::Interrupted)?);
            }
            let mut rank = vec![0u32; n];
            for ties in &ties {
                for (r, &i) in ties.iter().enumerate() {
                    rank[i as usize] = r as u32;
                }
                let grown = order::grown(&local, &local_holding, n, &rank, monitor).ok_or(SweepError::Interrupted)?;
                candidates.push(grown.into_iter().map(|p| others[p as usize]).collect());
            }
        }
        for candidate in &mut candidates {
            candidate.extend(&last);
        }
        // Each candidate also led by the label of fewest options (a piece
        // with few placements, or restricted to one of each class), placed
        // before the sweep starts: the estimate of the best candidate's lead
        // alone is not always the smallest (pentominoes of 6×10 with the X in
        // a quarter).
        if let Some(&scarcest) = last.iter().min_by_key(|&&i| holding.get(i as usize).len()) {
            let led: Vec<Vec<u32>> = candidates
                .iter()
                .map(|c| std::iter::once(scarcest).chain(c.iter().copied().filter(|&i| i != scarcest)).collect())
                .collect();
            candidates.extend(led);
        }
        // The lists are not needed past here: freed, their memory holds the
        // candidates' masks and the sweep's blocks, where a small count's
        // process would otherwise touch more pages.
        drop((primaries, holding));
        // The first choice tries the last candidates first (led by the
        // scarcest label, grown), and a tree small enough is taken at once.
        let small = match choose {
            Choose::Whole => None,
            Choose::First => {
                candidates.reverse();
                Some(FIRST_SMALL_TREE)
            }
        };
        Sweep::best(problem, &options, candidates, probes, &labels, small, monitor).map(Some)
    }

    /// The sweep of `problem` in the order given: `order` holds each primary
    /// item once, the first to be covered first. An error for bounds,
    /// colours, more than [`MAX_ITEMS`] items, or an order that is not one of
    /// the primary items.
    pub fn with_order(problem: &Problem, order: &[Item]) -> Result<Sweep, SweepError> {
        Sweep::ordered(problem, order, ORDER_PROBES)
    }

    /// As [`Sweep::with_order`], its estimate from `probes` random paths;
    /// none (an estimate of 0) for 0 probes, when the order was chosen on
    /// another problem of the same items ([`Search::count`](crate::front::Search::count)
    /// reusing a choice).
    pub(crate) fn ordered(problem: &Problem, order: &[Item], probes: u32) -> Result<Sweep, SweepError> {
        Sweep::check(problem)?;
        let n_primary = problem.n_primary();
        let mut seen = vec![false; n_primary];
        for &item in order {
            if item.index() >= n_primary || std::mem::replace(&mut seen[item.index()], true) {
                return Err(SweepError::Order { item: item.0 });
            }
        }
        if order.len() != n_primary {
            return Err(SweepError::Order { item: seen.iter().position(|&s| !s).unwrap_or(0) as u32 });
        }
        let order: Vec<u32> = order.iter().map(|i| i.0).collect();
        let options: Vec<&[Item]> = problem.options().map(|o| problem.searched_items(o)).collect();
        let primaries = primaries(&options, n_primary);
        let labels = order::labels(&primaries, &primaries.transposed(n_primary), n_primary)
            .unwrap_or_else(|| vec![false; n_primary]);
        Sweep::best(problem, &options, vec![order], probes, &labels, None, None)
    }

    /// The sweep on the candidate order (of the primary items) that Knuth's
    /// estimate, from `probes` random paths, finds smallest; the first on a
    /// tie. With `small`, the first candidate whose estimate is at most that
    /// is taken without estimating the others.
    fn best(
        problem: &Problem,
        options: &[&[Item]],
        candidates: Vec<Vec<u32>>,
        probes: u32,
        labels: &[bool],
        small: Option<f64>,
        monitor: Option<&Monitor>,
    ) -> Result<Sweep, SweepError> {
        let n_primary = problem.n_primary();
        for_items!(problem.n_items(), S, wrap => {
            // The best candidate's estimates (bounded, the paths' own), its
            // masks and its options by anchor (kept for its search).
            let mut best: Option<Estimated<S>> = None;
            let mut paths = 0.0;
            for candidate in candidates {
                let masks: Vec<S> = masks(options, &candidate, n_primary);
                let anchored = Anchored::new(&masks, n_primary);
                let estimate = if probes == 0 {
                    (0.0, 0.0)
                } else {
                    order::estimate_sweep(&anchored, S::range(0, n_primary as u32), probes, monitor)
                        .ok_or(SweepError::Interrupted)?
                };
                if best.as_ref().is_none_or(|(e, _, _, _)| estimate.0 < *e) {
                    best = Some((estimate.0, candidate, masks, anchored));
                    paths = estimate.1;
                }
                if small.is_some_and(|small| estimate.0 <= small) {
                    break;
                }
            }
            let (estimate, primary_order, masks, anchored) =
                best.unwrap_or_else(|| (0.0, Vec::new(), Vec::new(), Anchored::new(&[], n_primary)));
            let core = Core::build(problem, &primary_order, masks, &anchored, labels);
            Ok(Sweep {
                order: primary_order
                    .iter()
                    .map(|&i| Item(i))
                    .chain((n_primary..problem.n_items()).map(|i| Item(i as u32)))
                    .collect(),
                estimate,
                paths,
                bounded: estimate * FRONTIER_BOUND < paths,
                cache_bytes: DEFAULT_CACHE_BYTES,
                growth_bytes: CACHE_GROWTH_BYTES,
                labelled: labels.contains(&true),
                width: wrap(core),
            })
        })
    }

    /// Refuses what the sweep does not take.
    fn check(problem: &Problem) -> Result<(), SweepError> {
        if problem.n_items() > MAX_ITEMS {
            return Err(SweepError::TooManyItems { items: problem.n_items() });
        }
        if problem.has_bounds() {
            return Err(SweepError::Bounds);
        }
        if problem.has_colors() {
            return Err(SweepError::Colors);
        }
        if let Some(item) = problem.primary_after_secondary() {
            return Err(SweepError::PrimaryAfterSecondary { item: problem.item_name(item).to_string() });
        }
        Ok(())
    }

    /// The primary items in the order swept, then the secondary items.
    pub fn order(&self) -> &[Item] {
        &self.order
    }

    /// The bits of the sweep's state: 128, or 192, 256, 512 or 1,024 for a
    /// problem of more items.
    pub fn state_bits(&self) -> u32 {
        on_width!(self, core => core.bits())
    }

    /// Knuth's estimate of the nodes of the sweep's search, below its root,
    /// bounded by what its cache of subproblems can save: the states whose
    /// first item open is `i` are at most `2^f` for a frontier of `f`
    /// items (those after `i` that the options anchored before `i` hold),
    /// each searched once when the cache remembers it.
    pub fn estimate(&self) -> f64 {
        self.estimate
    }

    /// Whether the frontiers bound the estimate ([`Sweep::estimate`]) to at
    /// most half the random paths' own: the order sweeps
    /// across a narrow side (a tiling swept column by column), the cache
    /// answers most of the tree, and the estimate, seeing it, is an upper
    /// bound of the search (the front then counts by the sweep at once,
    /// without the memo's turn).
    ///
    /// ```
    /// use quadrille_dlx::{knuth, sweep::Sweep};
    ///
    /// // Dominoes tiling a 2×30 strip, cells `r.c`: swept across the strip,
    /// // a frontier holds at most a few cells, where the random paths see
    /// // a tree with a leaf for each of the 1,346,269 tilings (Fibonacci's
    /// // 31st number).
    /// let cells: Vec<String> = (0..30).flat_map(|c| (0..2).map(move |r| format!("{r}.{c}"))).collect();
    /// let mut text = cells.join(" ") + "\n";
    /// for c in 0..30 {
    ///     text += &format!("0.{c} 1.{c}\n");
    ///     if c + 1 < 30 {
    ///         text += &format!("0.{c} 0.{}\n1.{c} 1.{}\n", c + 1, c + 1);
    ///     }
    /// }
    /// let sweep = Sweep::new(&knuth::read(&text)?.problem)?;
    /// assert!(sweep.bounded_by_frontiers());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn bounded_by_frontiers(&self) -> bool {
        self.bounded
    }

    /// Knuth's estimate of the sweep's nodes below its root by the random
    /// paths alone, not bounded by the frontiers: the tree of a search whose
    /// cache remembers little.
    pub(crate) fn estimate_paths(&self) -> f64 {
        self.paths
    }

    /// Whether the problem has labels: primary items of which every option
    /// has exactly one (a packing's pieces, the black cells of a tiling by
    /// dominoes). Without them (a tiling by pieces in unlimited supply),
    /// options that cover the same items are alike wherever they were
    /// chosen, so states meet again often, and the cache answers more than
    /// the estimate, which ignores it, can see.
    pub(crate) fn labelled(&self) -> bool {
        self.labelled
    }

    /// Knuth's estimates of the nodes, below the root, and of the updates of
    /// the search that branches on the first primary item with the fewest
    /// options left (the tree of the links and bitset engines), from 128
    /// random paths.
    pub fn estimate_fewest(&self) -> (f64, f64) {
        self.estimate_fewest_monitored(None).unwrap_or_else(|| unreachable!())
    }

    /// As [`Sweep::estimate_fewest`], polling `monitor` at each node of a
    /// random path: `None` soon after it is stopped.
    pub fn estimate_fewest_monitored(&self, monitor: Option<&Monitor>) -> Option<(f64, f64)> {
        self.estimate_fewest_from(FEWEST_PROBES, monitor)
    }

    /// As [`Sweep::estimate_fewest_monitored`], from `probes` random paths.
    pub(crate) fn estimate_fewest_from(&self, probes: u32, monitor: Option<&Monitor>) -> Option<(f64, f64)> {
        on_width!(self, core => order::estimate_fewest(&core.holding(), core.primary, probes, monitor))
    }

    /// Sets the memory of the cache of subproblems, in bytes, per thread,
    /// when a count starts: [`DEFAULT_CACHE_BYTES`] unless set; 0 turns the
    /// cache off. A count's cache grows as it fills (see
    /// [`CACHE_GROWTH_BYTES`]); a listing's stays this size.
    pub fn cache_bytes(mut self, bytes: usize) -> Sweep {
        self.cache_bytes = bytes;
        self
    }

    /// Sets the memory up to which a count's caches may grow, all threads
    /// together: [`CACHE_GROWTH_BYTES`] unless set. Below the threads'
    /// starting sizes, the caches start smaller (this share each) and never
    /// grow; a cache also stops growing when the system refuses it memory.
    /// The count stays exact whatever the memory.
    pub fn growth_bytes(mut self, bytes: usize) -> Sweep {
        self.growth_bytes = bytes;
        self
    }

    /// Counts the solutions on `threads` threads (0: one per core).
    ///
    /// The count is the search's nodes (the root and one for each option
    /// tried) and its solutions, exact whatever their number, the threads
    /// and the cache: a search counts in 64 bits, and past them again on a
    /// wide count from its cache (see the module's notes). The nodes
    /// depend on what the cache remembered, so they vary with its size, and
    /// from run to run on several threads. With a `monitor`, the count
    /// reports every [`REPORT_EVERY`] nodes and at its end (the solutions at
    /// most `u64::MAX`), and a stop ends it early with what was counted so
    /// far. [`SweepError::Overflow`] only past 2^192 solutions below a
    /// state of the threads' split, which takes more nodes than 64 bits
    /// count.
    pub fn count(&self, threads: usize, monitor: Option<&Monitor>) -> Result<SweepCount, SweepError> {
        on_width!(self, core => core.count(threads, monitor, self.cache_bytes, self.growth_bytes, None, true))
    }

    /// The count by frontiers, on one thread (see the `frontiers`
    /// module): the states of each item taken in the order swept, each
    /// once, before those of the next, so that only the states of about one
    /// frontier are held, never the cache of every state the depth-first
    /// count ([`Sweep::count`]) needs. Its memory stays within
    /// [`Sweep::growth_bytes`]: past it, [`SweepError::Memory`]. Its nodes
    /// are the root and one for each option tried, as the depth-first
    /// count's with a cache that forgets nothing.
    ///
    /// ```
    /// use quadrille_dlx::Problem;
    /// use quadrille_dlx::sweep::Sweep;
    ///
    /// // Dominoes on a 2×3 board: three tilings.
    /// let problem = Problem::from_knuth(
    ///     "a1 a2 a3 b1 b2 b3\na1 a2\na2 a3\nb1 b2\nb2 b3\na1 b1\na2 b2\na3 b3\n",
    /// )?;
    /// let sweep = Sweep::new(&problem)?;
    /// assert_eq!(sweep.count_by_frontiers(None)?.solutions_u64(), Some(3));
    /// // Within a few bytes the layers do not fit.
    /// let err = sweep.growth_bytes(100).count_by_frontiers(None).unwrap_err();
    /// assert!(err.to_string().contains("limit of 100 bytes"), "{err}");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn count_by_frontiers(&self, monitor: Option<&Monitor>) -> Result<SweepCount, SweepError> {
        on_width!(self, core => core.count_by_frontiers(monitor, self.growth_bytes))
    }

    /// The count on one thread when it ends within about `most_nodes` nodes
    /// (it looks at its nodes every [`REPORT_EVERY`]), else what it finished
    /// ([`Within::Unfinished`]): the front's turn for the sweep on a search
    /// that may be small. Stopped by `monitor`, what was counted so far.
    /// Past `u64::MAX` solutions it stops too, unfinished: the whole count
    /// ([`Sweep::resume`]) goes on, on a wide count.
    pub(crate) fn count_within(&self, most_nodes: u64, monitor: Option<&Monitor>) -> Within {
        on_width!(self, core => match core.count_within(most_nodes, monitor, self.cache_bytes) {
            Ok(stats) => Within::Done(stats),
            Err((stats, cache)) => Within::Unfinished(Kept {
                order: self.order.clone(),
                nodes: stats.nodes,
                cache: Box::new(cache),
            }),
        })
    }

    /// As [`Sweep::count`], going on from the work `kept` of a count within
    /// a budget in the same order ([`Sweep::count_within`]): the subproblems
    /// it finished are in the caches from the start, so the search walks
    /// again only the paths it had not finished (on pentominoes of 6×10,
    /// a turn of 2^17 nodes costs the count a few hundred more). Its nodes
    /// include the turn's. Work kept in another order is not used: the
    /// count starts over, as [`Sweep::count`].
    pub(crate) fn resume(
        &self,
        kept: Option<Kept>,
        threads: usize,
        monitor: Option<&Monitor>,
    ) -> Result<SweepCount, SweepError> {
        self.resume_in(kept, threads, monitor, true)
    }

    /// As [`Sweep::resume`], in 64 bits only: [`SweepError::Overflow`] past
    /// `u64::MAX` solutions (the front then tries the memo first).
    pub(crate) fn resume_in_64_bits(
        &self,
        kept: Option<Kept>,
        threads: usize,
        monitor: Option<&Monitor>,
    ) -> Result<SweepCount, SweepError> {
        self.resume_in(kept, threads, monitor, false)
    }

    /// [`Sweep::resume`], past 64 bits when `wide`.
    fn resume_in(
        &self,
        kept: Option<Kept>,
        threads: usize,
        monitor: Option<&Monitor>,
        wide: bool,
    ) -> Result<SweepCount, SweepError> {
        let kept = kept.filter(|kept| kept.order == self.order);
        on_width!(self, core => {
            let seed = kept.and_then(|kept| core.seed(kept));
            core.count(threads, monitor, self.cache_bytes, self.growth_bytes, seed, wide)
        })
    }
}

/// A count of the sweep ([`Sweep::count`]): its nodes and its solutions.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct SweepCount {
    /// The nodes: the root, and one for each option tried below a state not
    /// found in the cache (again, for the search counted again past 64 bits).
    pub nodes: u64,
    /// The solutions, exact whatever their number (when stopped by a
    /// monitor, those counted so far).
    pub solutions: BigUint,
}

impl SweepCount {
    /// The solutions, when they fit 64 bits.
    pub fn solutions_u64(&self) -> Option<u64> {
        u64::try_from(&self.solutions).ok()
    }
}

/// How a count within a budget of nodes ([`Sweep::count_within`]) ended.
#[derive(Debug)]
pub(crate) enum Within {
    /// It ended (or a monitor stopped it): its statistics.
    Done(Stats),
    /// It ran past its budget or past 64 bits: what it finished, for a
    /// count in the same order to go on from ([`Sweep::resume`]).
    Unfinished(Kept),
}

/// The work of a count stopped past its budget: its nodes, and its cache of
/// the subproblems it finished, each state whose search ended with the
/// solutions below it. A search stopped remembers nothing of the states it
/// had not finished (their counts are partial), so every entry is exact.
pub(crate) struct Kept {
    /// The sweep's order: the cache's states are sets of bits in it.
    order: Vec<Item>,
    /// The nodes of the count, its root included.
    nodes: u64,
    /// The cache, a `Table` of the sweep's width of state.
    cache: Box<dyn std::any::Any + Send>,
}

#[cfg(test)]
impl Kept {
    /// The nodes of the count that stopped, its root included.
    fn nodes(&self) -> u64 {
        self.nodes
    }

    /// The order of the sweep that counted.
    fn order(&self) -> &[Item] {
        &self.order
    }
}

impl std::fmt::Debug for Kept {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Kept").field("order", &self.order).field("nodes", &self.nodes).finish_non_exhaustive()
    }
}

impl<S: State> Core<S> {
    /// The blocks and filters of the options `masks` (items as bits, the
    /// primary items first in the order swept), whose labels (by item
    /// number) are `labels`.
    /// `anchored` holds `masks` by anchor.
    fn build(
        problem: &Problem,
        primary_order: &[u32],
        masks: Vec<S>,
        anchored: &Anchored<S>,
        labels: &[bool],
    ) -> Core<S> {
        let n_primary = problem.n_primary();
        let labels = primary_order
            .iter()
            .enumerate()
            .filter(|&(_, &i)| labels[i as usize])
            .fold(S::default(), |a, (p, _)| a.or(S::bit(p as u32)));
        let mut core = Core {
            primary: S::range(0, n_primary as u32),
            anchors: Vec::with_capacity(n_primary),
            // A block for each item with options, and one more for each 64
            // options past the first of an item.
            blocks: Vec::with_capacity(n_primary + masks.len() / 64),
            slots: Vec::with_capacity(masks.len()),
            masks,
            n_items: problem.n_items(),
        };
        for i in 0..n_primary {
            let options = anchored.of(i);
            let first = core.blocks.len() as u32;
            for chunk in options.chunks(64) {
                let slot = core.slots.len() as u32;
                core.slots.extend_from_slice(chunk);
                let anchor = core.anchors.len() as u32;
                core.blocks.push(Block::new(chunk, anchor, slot, labels));
            }
            core.anchors.push((first, core.blocks.len() as u32));
        }
        core
    }

    /// The options of each item, primary or secondary, as bits in the
    /// problem's order.
    fn holding(&self) -> Vec<Vec<S>> {
        let mut holding = vec![Vec::new(); self.n_items];
        for &m in &self.masks {
            let mut bits = m;
            while !bits.is_zero() {
                let j = bits.first();
                holding[j as usize].push(m);
                bits = bits.and_not(S::bit(j));
            }
        }
        holding
    }

    /// The bits of the state.
    fn bits(&self) -> u32 {
        S::BITS
    }

    /// The nodes and the cache of the work `kept` of a count of this search
    /// ([`Sweep::resume`]).
    fn seed(&self, kept: Kept) -> Option<(u64, Table<S>)> {
        let nodes = kept.nodes;
        kept.cache.downcast::<Table<S>>().ok().map(|cache| (nodes, *cache))
    }

    /// Counts the solutions on `threads` threads, each with a cache of
    /// `cache_bytes` that grows up to a share of `growth_bytes` (see
    /// [`Sweep::count`] and [`Sweep::growth_bytes`]); from the `seed` of an
    /// earlier count stopped (its nodes, and the subproblems it finished),
    /// when given ([`Sweep::resume`]): every thread's cache starts with them.
    fn count(
        &self,
        threads: usize,
        monitor: Option<&Monitor>,
        cache_bytes: usize,
        growth_bytes: usize,
        seed: Option<(u64, Table<S>)>,
        wide: bool,
    ) -> Result<SweepCount, SweepError> {
        let threads = effective_threads(threads).used;
        let share = growth_bytes / threads;
        let entries = cache_bytes.min(share) / std::mem::size_of::<Entry<S>>();
        let most = (share / std::mem::size_of::<Entry<S>>()).max(entries);
        // The earlier count's nodes are counted, and were reported.
        let (before, seed) = match seed {
            Some((nodes, cache)) => (nodes, Some(cache.resized(entries))),
            None => (0, None),
        };
        let mut stats = Stats { nodes: 1 + before, ..Stats::default() };
        let mut reported = Stats { nodes: before, ..Stats::default() };
        let empty = || Table { entries: vec![Entry::<S>::default(); entries], stored: 0 };
        // The search recurses once per option chosen, at most once per
        // primary item: deep wide problems get a thread whose stack holds it.
        let stack = self.stack_bytes();
        let (solutions, overflow) = if threads <= 1 {
            // One thread takes the seed itself; several, a copy each.
            let mut cache = seed.unwrap_or_else(empty);
            let (flow, solutions) = self
                .on_its_stack(|| self.run(S::default(), &mut stats, monitor, &mut reported, &mut cache, (most, wide)));
            (solutions, flow == Flow::Overflow)
        } else {
            let new_cache = || seed.clone().unwrap_or_else(empty);
            let states = self.frontier(threads * 64, &mut stats);
            // The split's own nodes and solutions; each subproblem reports its own.
            if let Some(monitor) = monitor {
                monitor.catch_up(&stats, &mut reported);
            }
            // One cache a thread, each locked only by its own thread.
            let caches: Vec<std::sync::Mutex<Table<S>>> =
                (0..threads).map(|_| std::sync::Mutex::new(Table { entries: Vec::new(), stored: 0 })).collect();
            let below = |state: S| {
                let (mut stats, mut reported) = (Stats::default(), Stats::default());
                let (mut flow, mut solutions) = (Flow::Done, BigUint::ZERO);
                if !monitor.is_some_and(Monitor::is_stopped) {
                    let slot = rayon::current_thread_index().unwrap_or(0) % threads;
                    let mut cache = caches[slot].lock().unwrap_or_else(std::sync::PoisonError::into_inner);
                    // Allocated on first use; it may have grown since.
                    if cache.entries.len() < entries {
                        *cache = new_cache();
                    }
                    (flow, solutions) = self.run(state, &mut stats, monitor, &mut reported, &mut cache, (most, wide));
                }
                if let Some(monitor) = monitor {
                    monitor.catch_up(&stats, &mut reported);
                }
                (stats, solutions, flow == Flow::Overflow)
            };
            // The statistics' solutions stop at `u64::MAX`; the count is exact.
            let sum = |(mut a, m, x): (Stats, BigUint, bool), (b, n, y): (Stats, BigUint, bool)| {
                a.add(&b);
                (a, m + n, x || y)
            };
            let zero = || (Stats::default(), BigUint::ZERO, false);
            let mut pool = rayon::ThreadPoolBuilder::new().num_threads(threads);
            if let Some(bytes) = stack {
                pool = pool.stack_size(bytes);
            }
            let found = match pool.build() {
                Ok(pool) => pool.install(|| states.par_iter().map(|&state| below(state)).reduce(zero, sum)),
                // No threads to be had: the same count, on this one.
                Err(_) => states.iter().map(|&state| below(state)).fold(zero(), sum),
            };
            // The split's own solutions, and those below its states.
            let split = BigUint::from(stats.solutions);
            let (found, solutions, overflow) = sum((stats, split, false), found);
            stats = found;
            (solutions, overflow)
        };
        if threads <= 1 {
            if let Some(monitor) = monitor {
                monitor.catch_up(&stats, &mut reported);
            }
        }
        if overflow { Err(SweepError::Overflow) } else { Ok(SweepCount { nodes: stats.nodes, solutions }) }
    }

    /// The count on one thread within about `most_nodes` nodes (see
    /// [`Sweep::count_within`]), with a cache of at most `cache_bytes`.
    fn count_within(
        &self,
        most_nodes: u64,
        monitor: Option<&Monitor>,
        cache_bytes: usize,
    ) -> Result<Stats, (Stats, Table<S>)> {
        // The cache need not outnumber the nodes allowed. It starts small
        // and grows as it fills, up to that: a small problem touches little
        // memory (the pages of a table of 4 MiB cost pentominoes in 3×20 a
        // third of their time).
        let most = (cache_bytes / std::mem::size_of::<Entry<S>>()).min(most_nodes as usize);
        let entries = most.min(FIRST_TURN_ENTRIES);
        let mut cache = Table { entries: vec![Entry::<S>::default(); entries], stored: 0 };
        let (mut stats, mut reported) = (Stats { nodes: 1, ..Stats::default() }, Stats::default());
        let mut total = 0u64;
        let flow = self.on_its_stack(|| {
            self.run_within(S::default(), most_nodes, &mut stats, &mut total, monitor, &mut reported, &mut cache, most)
        });
        if let Some(monitor) = monitor {
            monitor.catch_up(&stats, &mut reported);
        }
        match flow {
            Flow::Done => Ok(stats),
            Flow::Stopped if monitor.is_some_and(Monitor::is_stopped) => Ok(stats),
            // Past the budget, or past 64 bits: the subproblems finished,
            // for the whole count to go on from (on a wide count if need be).
            Flow::Stopped | Flow::Overflow => Err((stats, cache)),
        }
    }

    /// Runs `search` (one thread's search from the root) on a thread whose
    /// stack holds it when the problem is deep ([`Core::stack_bytes`]); on
    /// a shallow problem, or with no thread to be had, on this one.
    fn on_its_stack<T: Send>(&self, mut search: impl FnMut() -> T + Send) -> T {
        let spawned = self.stack_bytes().map(|bytes| {
            std::thread::scope(|scope| {
                std::thread::Builder::new()
                    .stack_size(bytes)
                    .spawn_scoped(scope, &mut search)
                    .map(|thread| thread.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic)))
            })
        });
        match spawned {
            Some(Ok(found)) => found,
            _ => search(),
        }
    }

    /// The stack a search of this problem may need, when more than a
    /// thread's default holds for certain: a frame of the recursion per
    /// primary item (its states, and the rest of the frame as a debug build
    /// lays it out), and a mebibyte beside.
    fn stack_bytes(&self) -> Option<usize> {
        const FRAME_BYTES: usize = 4 << 10;
        let frame = FRAME_BYTES + 32 * std::mem::size_of::<S>();
        let bytes = self.anchors.len().saturating_mul(frame).saturating_add(1 << 20);
        (bytes > 2 << 20).then_some(bytes)
    }

    /// The options of block `b` that fit the state `covered`.
    #[inline(always)]
    fn fits(&self, b: u32, covered: S) -> u64 {
        self.blocks[b as usize].fits(covered)
    }

    /// The first primary item not covered in the state `covered` (not all
    /// covered).
    #[inline(always)]
    fn first_open(&self, covered: S) -> usize {
        self.primary.and_not(covered).first() as usize
    }

    /// The states a few levels down, breadth first, until there are at least
    /// `aim` (or none is left): their nodes and the solutions met on the
    /// way are added to `stats`.
    fn frontier(&self, aim: usize, stats: &mut Stats) -> Vec<S> {
        let mut states = vec![S::default()];
        if self.primary.is_zero() {
            stats.solutions += 1;
            return Vec::new();
        }
        while !states.is_empty() && states.len() < aim {
            let mut next = Vec::new();
            for &covered in &states {
                let i = self.first_open(covered);
                let (start, end) = self.anchors[i];
                for b in start..end {
                    let mut fits = self.fits(b, covered);
                    while fits != 0 {
                        let k = fits.trailing_zeros();
                        fits &= fits - 1;
                        let option = self.slots[(self.blocks[b as usize].slot + k) as usize];
                        if option.meets(covered) {
                            continue;
                        }
                        let below = covered.or(option);
                        stats.nodes += 1;
                        if below.covers(self.primary) {
                            stats.solutions += 1;
                        } else {
                            next.push(below);
                        }
                    }
                }
            }
            states = next;
        }
        states
    }

    /// Searches below the state `root` (not itself a solution, unless no
    /// item is primary), adding its nodes to `stats`, and remembering in
    /// `cache` the solutions below the states it finished; the cache grows
    /// up to `most` entries. The solutions below `root` (so far, when
    /// stopped), exact: counted in 64 bits, and past them, when `wide`,
    /// again from `root` on a wide count, with the cache it filled (see the
    /// `tally` module); else [`Flow::Overflow`]. `stats.solutions` ends at
    /// most `u64::MAX`, for the monitor.
    fn run(
        &self,
        root: S,
        stats: &mut Stats,
        monitor: Option<&Monitor>,
        reported: &mut Stats,
        cache: &mut Table<S>,
        (most, wide): (usize, bool),
    ) -> (Flow, BigUint) {
        let mut narrow = 0u64;
        match self.run_within(root, u64::MAX, stats, &mut narrow, monitor, reported, cache, most) {
            Flow::Overflow if wide => {}
            flow => return (flow, narrow.big()),
        }
        stats.solutions = u64::MAX;
        let mut wide = U192::default();
        let flow = self.run_within(root, u64::MAX, stats, &mut wide, monitor, reported, cache, most);
        (flow, wide.big())
    }

    /// Searches below `root` as [`Core::run`], counting in `T` from `total`
    /// (its solutions added there, those before it in `stats.solutions`),
    /// and stopped ([`Flow::Stopped`]) at the first report past
    /// `most_nodes` nodes, or past what `T` holds ([`Flow::Overflow`]); the
    /// cache grows up to `most` entries.
    #[allow(clippy::too_many_arguments)]
    fn run_within<T: Tally>(
        &self,
        root: S,
        most_nodes: u64,
        stats: &mut Stats,
        total: &mut T,
        monitor: Option<&Monitor>,
        reported: &mut Stats,
        cache: &mut Table<S>,
        most: usize,
    ) -> Flow {
        let base = stats.solutions;
        let mut search = Walk { stats: *stats, base, total: *total, most_nodes, monitor, reported, cache, most };
        let flow = self.enter(root, &mut search);
        *total = search.total;
        *stats = search.stats;
        stats.solutions = base.saturating_add(total.saturated());
        flow
    }

    /// Enters the state `covered`: a solution, a dead end, a subproblem the
    /// cache remembers, or one to search.
    fn enter<T: Tally>(&self, covered: S, run: &mut Walk<'_, '_, S, T>) -> Flow {
        if covered.covers(self.primary) {
            return if run.total.add_one() { Flow::Done } else { Flow::Overflow };
        }
        let i = self.first_open(covered);
        let (start, end) = self.anchors[i];
        if start == end {
            return Flow::Done;
        }
        let first = self.fits(start, covered);
        // A dead end (most nodes of a packing) is never remembered.
        if first == 0 && start + 1 == end {
            return Flow::Done;
        }
        let looked = run.cache.entries.len();
        let place = Entry::place(covered, looked);
        if let Some(entry) = run.cache.entries.get(place) {
            // (An empty entry holds the root's state, which is never looked up
            // again.)
            if entry.state == covered && !covered.is_zero() {
                return if run.total.add(entry.solutions) { Flow::Done } else { Flow::Overflow };
            }
        }
        let before = run.total;
        for b in start..end {
            let block = &self.blocks[b as usize];
            let mut left = if b == start { first } else { block.fits(covered) };
            while left != 0 {
                let option = self.slots[(block.slot + left.trailing_zeros()) as usize];
                left &= left - 1;
                if !block.exact && option.meets(covered) {
                    continue;
                }
                run.stats.nodes += 1;
                if run.stats.nodes % REPORT_EVERY == 0 && run.stopped() {
                    return Flow::Stopped;
                }
                let flow = self.enter(covered.or(option), run);
                if flow != Flow::Done {
                    return flow;
                }
            }
        }
        run.remember(covered, place, looked, run.total.since(before));
        Flow::Done
    }
}

/// What a search below a state carries down: its statistics, its monitor
/// and what the monitor has seen, and the cache and the most entries it may
/// grow to.
struct Walk<'a, 'm, S: State, T> {
    /// The nodes; the solutions as the monitor sees them (`base` and the
    /// total, at most `u64::MAX`), brought up to date at each report.
    stats: Stats,
    /// The solutions counted before this search (`u64::MAX` for a search
    /// again on a wide count: the monitor's figure stays there).
    base: u64,
    /// The solutions this search has counted.
    total: T,
    /// The nodes past which the search stops, at its next report.
    most_nodes: u64,
    monitor: Option<&'m Monitor>,
    reported: &'a mut Stats,
    cache: &'a mut Table<S>,
    most: usize,
}

/// A thread's cache of subproblems: its entries, and the states it
/// remembered since it last grew.
#[derive(Clone)]
struct Table<S: State> {
    entries: Vec<Entry<S>>,
    stored: usize,
}

impl<S: State> Table<S> {
    /// The same states in a cache of `len` entries (some lost when fewer,
    /// or where two meet).
    fn resized(self, len: usize) -> Table<S> {
        if self.entries.len() == len {
            return self;
        }
        let mut entries = vec![Entry::<S>::default(); len];
        if len > 0 {
            for entry in self.entries.into_iter().filter(|entry| !entry.state.is_zero()) {
                entries[Entry::place(entry.state, len)] = entry;
            }
        }
        Table { entries, stored: 0 }
    }
}

impl<S: State, T: Tally> Walk<'_, '_, S, T> {
    /// Remembers the `solutions` below `state`, whose place was `place` when
    /// it was looked up in the cache of `looked` entries (it may have grown
    /// since): nothing when they do not fit an entry.
    #[inline(always)]
    fn remember(&mut self, state: S, place: usize, looked: usize, solutions: Option<S::Count>) {
        let cache = &mut *self.cache;
        let len = cache.entries.len();
        let Some(solutions) = solutions.filter(|_| len > 0) else {
            return;
        };
        let place = if len == looked { place } else { Entry::place(state, len) };
        cache.entries[place] = Entry { state, solutions };
        cache.stored += 1;
        if cache.stored >= CACHE_GROWTH_STORES * len && 2 * len <= self.most {
            self.grow();
        }
    }

    /// Doubles the cache, in place, each state remembered kept: the state
    /// at place `p` goes to `2p` or `2p + 1` (the places scale the hash to
    /// the length), so moved from the last place down, none lands on one
    /// not yet moved.
    #[cold]
    #[inline(never)]
    fn grow(&mut self) {
        let entries = &mut self.cache.entries;
        let len = entries.len();
        // Memory refused: the cache stays as it is, and grows no more.
        if entries.try_reserve_exact(len).is_err() {
            self.most = len;
            return;
        }
        entries.resize(2 * len, Entry::default());
        for p in (0..len).rev() {
            let entry = std::mem::take(&mut entries[p]);
            if !entry.state.is_zero() {
                entries[Entry::place(entry.state, 2 * len)] = entry;
            }
        }
        self.cache.stored = 0;
    }

    /// Reports to the monitor; whether it says stop.
    #[cold]
    #[inline(never)]
    fn stopped(&mut self) -> bool {
        if self.stats.nodes >= self.most_nodes {
            return true;
        }
        let Some(monitor) = self.monitor else { return false };
        self.stats.solutions = self.base.saturating_add(self.total.saturated());
        monitor.catch_up(&self.stats, self.reported);
        monitor.is_stopped()
    }
}

/// How a search below a state ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Flow {
    /// It ran to its end.
    Done,
    /// The monitor stopped it.
    Stopped,
    /// Its solutions exceed what its count holds (`u64::MAX`, or 2^192 - 1
    /// for the wide count).
    Overflow,
}

/// A subproblem remembered: a state (never 0, the root's, so that 0 marks
/// an empty entry) and the solutions below it, in 64 or 128 bits
/// ([`State::Count`]).
#[derive(Clone, Copy, Debug, Default)]
#[repr(align(32))]
struct Entry<S: State> {
    state: S,
    solutions: S::Count,
}

impl<S: State> Entry<S> {
    /// The place of `state` in a cache of `len` entries: a hash of it,
    /// scaled to the length.
    #[inline(always)]
    fn place(state: S, len: usize) -> usize {
        ((u128::from(state.hash()) * len as u128) >> 64) as usize
    }
}

/// The primary items of each option, by number.
fn primaries(options: &[&[Item]], n_primary: usize) -> Lists {
    let total = options.iter().map(|items| items.len()).sum();
    Lists::sized(options.iter().map(|items| items.iter().filter(|i| i.index() < n_primary).map(|i| i.0)), total)
}

/// A candidate order of the primary items estimated: its estimate, the
/// order, its options' masks and those by anchor.
type Estimated<S> = (f64, Vec<u32>, Vec<S>, Anchored<S>);

/// The options' items as bits: primary item `order[p]` is bit `p`, a
/// secondary item its own number (secondary items follow the primary ones).
fn masks<S: State>(options: &[&[Item]], order: &[u32], n_primary: usize) -> Vec<S> {
    let mut bit = vec![0u32; n_primary];
    for (p, &i) in order.iter().enumerate() {
        bit[i as usize] = p as u32;
    }
    options
        .iter()
        .map(|items| {
            items.iter().fold(S::default(), |m, i| {
                let b = if i.index() < n_primary { bit[i.index()] } else { i.0 };
                m.or(S::bit(b))
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use tally::Stored;

    /// A cache that doubles keeps every state it remembered, each where a
    /// look-up in the doubled cache finds it.
    fn grows_keeping<S: State>(states: &[S]) {
        let mut table = Table { entries: vec![Entry::<S>::default(); 8], stored: 0 };
        let mut reported = Stats::default();
        let mut search = Walk {
            stats: Stats::default(),
            base: 0,
            total: 0u64,
            most_nodes: u64::MAX,
            monitor: None,
            reported: &mut reported,
            cache: &mut table,
            most: 64,
        };
        for (k, &state) in states.iter().enumerate().take(15) {
            search.remember(state, Entry::place(state, 8), 8, Some(S::Count::from_u64(k as u64 + 1)));
        }
        let kept: Vec<(S, S::Count)> =
            search.cache.entries.iter().filter(|e| !e.state.is_zero()).map(|e| (e.state, e.solutions)).collect();
        // Eight entries hold at least two of the 15 states stored (it would
        // double on the 16th); then it doubles twice.
        assert_eq!(search.cache.entries.len(), 8);
        assert!(kept.len() >= 2, "{}", kept.len());
        search.grow();
        search.grow();
        assert_eq!(search.cache.entries.len(), 32);
        assert_eq!(search.cache.stored, 0);
        let found: Vec<(S, S::Count)> =
            search.cache.entries.iter().filter(|e| !e.state.is_zero()).map(|e| (e.state, e.solutions)).collect();
        assert_eq!(found.len(), kept.len());
        for (state, solutions) in kept {
            let entry = search.cache.entries[Entry::place(state, 32)];
            assert_eq!((entry.state, entry.solutions), (state, solutions));
        }
        // The 64th state stored doubles it, to its most entries.
        for (k, &state) in states.iter().enumerate() {
            assert_eq!(search.cache.entries.len(), 32, "{k}");
            search.remember(state, Entry::place(state, 32), 32, Some(S::Count::from_u64(k as u64)));
        }
        assert_eq!(search.cache.entries.len(), 64);
    }

    /// The count of a plain backtracking search written for tests,
    /// independent of the sweep.
    fn by_links(problem: &Problem) -> u64 {
        crate::util::small::count_plain(problem)
    }

    /// A count stopped past a budget and resumed gives the exact count, on
    /// one thread or two, from budgets that stop it at many depths: the
    /// subproblems it kept are exactly those it finished (a partial count
    /// kept for a state the search had not finished would be found again
    /// on the way back and undercount). On one thread the resumed count
    /// walks again less than three quarters of what the turn had walked:
    /// the subproblems its cache still holds (grown only as it overwrote,
    /// it has lost some) are not searched again.
    #[test]
    fn a_resumed_count_is_exact_and_keeps_the_work() {
        let read = |file: &str| Problem::from_knuth(&quadrille_testing::data::read(file)).unwrap();
        let problems = [
            // 35,584 arrangements (OEIS A014552 counts half of them).
            (Problem::from_knuth(&quadrille_testing::instances::langford(11)).unwrap(), Some(35_584)),
            (read("dlx/p_pentomino_10x10.dlx"), None),
            (read("dlx/knuth_pack_soma.dlx"), None),
        ];
        for (problem, known) in problems {
            let expected = by_links(&problem);
            if let Some(known) = known {
                assert_eq!(expected, known);
            }
            let sweep = Sweep::new(&problem).unwrap();
            let whole = sweep.count(1, None).unwrap();
            assert_eq!(whole.solutions_u64(), Some(expected));
            let mut stopped = 0;
            for k in [1, 2, 3, 5, 8, 13] {
                let budget = k * REPORT_EVERY;
                let Within::Unfinished(kept) = sweep.count_within(budget, None) else { continue };
                stopped += 1;
                let turn = kept.nodes();
                let again = sweep.resume(Some(kept), 1, None).unwrap();
                assert_eq!(again.solutions_u64(), Some(expected), "budget {budget}");
                // Nodes: the turn's, then the rest. Started over, the
                // count would walk the turn's nodes again.
                assert!(again.nodes >= turn, "budget {budget}");
                assert!(
                    again.nodes < whole.nodes + turn * 3 / 4,
                    "budget {budget}: {} {turn} {}",
                    again.nodes,
                    whole.nodes
                );
                let Within::Unfinished(kept) = sweep.count_within(budget, None) else { unreachable!() };
                assert_eq!(
                    sweep.resume(Some(kept), 2, None).unwrap().solutions_u64(),
                    Some(expected),
                    "budget {budget}, 2 threads"
                );
            }
            assert!(stopped >= 3, "{stopped}");
        }
    }

    /// Work kept in one order is not used by a sweep in another: the count
    /// starts over, exactly.
    #[test]
    fn work_in_another_order_is_not_used() {
        let problem = Problem::from_knuth(&quadrille_testing::instances::langford(10)).unwrap();
        let expected = by_links(&problem);
        let sweep = Sweep::new(&problem).unwrap();
        let mut reversed: Vec<Item> = sweep.order()[..problem.n_primary()].to_vec();
        reversed.reverse();
        let other = Sweep::with_order(&problem, &reversed).unwrap();
        let Within::Unfinished(kept) = sweep.count_within(REPORT_EVERY, None) else { panic!("finished") };
        assert_ne!(kept.order(), other.order());
        let again = other.resume(Some(kept), 1, None).unwrap();
        assert_eq!(again.solutions_u64(), Some(expected));
        assert_eq!(again.nodes, other.count(1, None).unwrap().nodes);
    }

    #[test]
    fn a_cache_grows_keeping_its_states() {
        grows_keeping::<u128>(&(1..=64u128).map(|k| (k * 0x9E37_79B9_7F4A_7C15) << 3).collect::<Vec<_>>());
        grows_keeping::<Wide<3>>(&(1..=64u32).map(|k| Wide::range(k, k + 100)).collect::<Vec<_>>());
        grows_keeping::<Wide<4>>(&(1..=64u32).map(|k| Wide::bit(3 * k)).collect::<Vec<_>>());
    }
}
