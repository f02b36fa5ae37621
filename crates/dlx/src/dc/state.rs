//! The arrays of the domain-consistent search and the machinery of supports:
//! the pool of list cells, trigger and fixit lists, the queue of options with
//! holes, taking an option out ([`State::opt_out`]) and filling the holes it
//! leaves ([`State::empty_the_queue`]).

use crate::util::nodes::{cell, set_cell};
use crate::util::problem::{OptionId, Problem};

/// The end of a list in the pool (cell 0 is never used).
pub(super) const NIL: u32 = 0;

/// The age of a queued option: above every age of the search (which are
/// below twice the most stages, plus two), a constant so that the walk of a trigger
/// list keeps it in no register.
pub(super) const QUEUED: i32 = i32::MAX - 1;

/// The age of an option in play and not queued.
pub(super) const IN_PLAY: i32 = i32::MAX;

/// A cell of the pool and what is kept beside it: the search is compiled
/// once per width ([`Cell`], and [`PackedCell`] or [`SmallCell`] for
/// problems small enough), the width chosen once for a problem by
/// [`packed_cells`] and [`small_cells`].
///
/// A cell holds an option and the next cell, so that a walk along a list
/// reads only what it changes. In a trigger list of option `o'`, the entry
/// (`opt`, `item`) says that `o'` supports option `opt` on primary item
/// `item`; in a fixit list of option `o`, `opt` is the option whose removal
/// left the hole and `item` the item. The item is kept apart, in
/// `State::aux`: a walk that only moves an entry from one list to another
/// rewrites its option and never reads its item. A **hint** has
/// `opt = -t - 1`: every entry after it in the list was inactive at age
/// below `t`, as long as its stamp (in `State::aux` too) is still the stamp
/// of stage `(t + 1) / 2`.
pub(super) trait PoolCell: Copy + Default + std::fmt::Debug {
    /// An entry's item or a hint's stamp, beside the cell.
    type Aux: AuxWord;
    /// The largest stamp given to a stage ([`AuxWord::STAMP_END`]).
    const STAMP_END: u32 = <Self::Aux as AuxWord>::STAMP_END;
    /// A stamp never given to a stage ([`AuxWord::NEVER_STAMPED`]).
    const NEVER_STAMPED: Option<u32> = <Self::Aux as AuxWord>::NEVER_STAMPED;
    /// How many cells the pool can number.
    const CELLS: u64;
    /// The options (those with a primary item) and the ages a cell can
    /// hold are below this.
    const OPTIONS: u64;
    /// The items an entry can keep beside its cell are below this.
    const ITEMS: u64 = <Self::Aux as AuxWord>::ITEMS;
    /// A hint never valid (its age above every age of the search): it ends
    /// a list, with nothing after it.
    const OBSOLETE: i32;
    /// The cell of option (or hint) `opt` followed by cell `next`.
    fn new(opt: i32, next: u32) -> Self;
    /// The cell's option, or a hint's negative age.
    fn opt(self) -> i32;
    /// The next cell of the list.
    fn next(self) -> u32;
    /// Links the cell to `next`.
    fn set_next(&mut self, next: u32);
    /// An item (or a stamp) as kept beside a cell.
    #[inline(always)]
    fn aux(value: u32) -> Self::Aux {
        Self::Aux::keep(value)
    }
    /// The item (or stamp) kept beside a cell.
    #[inline(always)]
    fn value(aux: Self::Aux) -> u32 {
        aux.read()
    }
}

/// The word an item or stamp is kept in beside a cell ([`PoolCell::Aux`]).
pub(super) trait AuxWord: Copy + Default + std::fmt::Debug {
    /// The largest stamp given to a stage: the stamps then start again
    /// from the stages' numbers. In four bytes, at `u32::MAX`, every hint
    /// is dropped, as XCCDC does when its stamps wrap around; in two, at
    /// `u16::MAX - 1`, every hint still valid takes its stage's new stamp
    /// and every other [`AuxWord::NEVER_STAMPED`], so that which hints are
    /// valid, the order of the trigger lists and the statistics are as
    /// with stamps of four bytes.
    const STAMP_END: u32;
    /// A stamp never given to a stage, which the hints no longer valid take
    /// when the stamps start again ([`State::renumber_hints`]); `None` when
    /// every stamp can be given and the hints are dropped instead
    /// ([`State::drop_hints`]).
    const NEVER_STAMPED: Option<u32>;
    /// The items the word can hold are below this.
    const ITEMS: u64;
    /// `value` in the word: its low bits, which hold every item and stamp
    /// given (the bounds of [`fits`] and [`PoolCell::STAMP_END`]).
    fn keep(value: u32) -> Self;
    /// The value kept.
    fn read(self) -> u32;
}

impl AuxWord for u32 {
    const STAMP_END: u32 = u32::MAX;
    const NEVER_STAMPED: Option<u32> = None;
    const ITEMS: u64 = 1 << 32;

    #[inline(always)]
    fn keep(value: u32) -> u32 {
        value
    }

    #[inline(always)]
    fn read(self) -> u32 {
        self
    }
}

impl AuxWord for u16 {
    const STAMP_END: u32 = u16::MAX as u32 - 1;
    const NEVER_STAMPED: Option<u32> = Some(u16::MAX as u32);
    const ITEMS: u64 = 1 << 16;

    #[inline(always)]
    fn keep(value: u32) -> u16 {
        value as u16
    }

    #[inline(always)]
    fn read(self) -> u32 {
        u32::from(self)
    }
}

/// One cell of the pool: eight bytes, an option and the next cell; the
/// item or stamp beside it in four.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Cell {
    opt: i32,
    next: u32,
}

impl PoolCell for Cell {
    type Aux = u32;
    const CELLS: u64 = 1 << 32;
    const OPTIONS: u64 = 1 << 31;
    const OBSOLETE: i32 = -IN_PLAY;

    #[inline(always)]
    fn new(opt: i32, next: u32) -> Cell {
        Cell { opt, next }
    }

    #[inline(always)]
    fn opt(self) -> i32 {
        self.opt
    }

    #[inline(always)]
    fn next(self) -> u32 {
        self.next
    }

    #[inline(always)]
    fn set_next(&mut self, next: u32) {
        self.next = next;
    }
}

/// One cell of the pool in four bytes, the item or stamp beside it in two:
/// for problems whose options, ages, items and cells all fit in 16 bits
/// ([`small_cells`]), so that the pool and what is beside it take half the
/// room in the caches (windmill dominoes 4 4: about 10 KB and 5 KB, not 21
/// KB and 10 KB).
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct SmallCell {
    opt: i16,
    next: u16,
}

impl PoolCell for SmallCell {
    type Aux = u16;
    const CELLS: u64 = 1 << 16;
    const OPTIONS: u64 = 1 << 15;
    const OBSOLETE: i32 = -(i16::MAX as i32);

    // The casts keep the low 16 bits: every option, hint, cell and item
    // given fits in them by `small_cells`, and every stamp by `STAMP_END`.
    #[inline(always)]
    fn new(opt: i32, next: u32) -> SmallCell {
        SmallCell { opt: opt as i16, next: next as u16 }
    }

    #[inline(always)]
    fn opt(self) -> i32 {
        i32::from(self.opt)
    }

    #[inline(always)]
    fn next(self) -> u32 {
        u32::from(self.next)
    }

    #[inline(always)]
    fn set_next(&mut self, next: u32) {
        self.next = next as u16;
    }
}

/// One cell of the pool packed in four bytes, the item or stamp beside it
/// in two: the next cell in the low [`PackedCell::NEXT_BITS`] bits, the
/// option or hint's negative age in the high [`PackedCell::OPT_BITS`] as a
/// signed field. For problems whose cells are too many for [`SmallCell`]s
/// but whose options, ages, items and cells fit these fields
/// ([`packed_cells`]): a 17-clue sudoku's pool and what is beside it take
/// about 470 KB, not 940 KB, within the second-level cache.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct PackedCell {
    bits: u32,
}

impl PackedCell {
    /// The bits of the next cell, the low ones.
    pub(super) const NEXT_BITS: u32 = 20;
    /// The bits of the option or hint's negative age, the high ones.
    pub(super) const OPT_BITS: u32 = 32 - PackedCell::NEXT_BITS;
    /// The next cell's bits in place.
    const NEXT_MASK: u32 = (1 << PackedCell::NEXT_BITS) - 1;
}

impl PoolCell for PackedCell {
    type Aux = u16;
    const CELLS: u64 = 1 << PackedCell::NEXT_BITS;
    const OPTIONS: u64 = 1 << (PackedCell::OPT_BITS - 1);
    const OBSOLETE: i32 = -((1 << (PackedCell::OPT_BITS - 1)) - 1);

    // Every option, hint and cell given fits its field by `packed_cells`,
    // every item and stamp the low 16 bits by `packed_cells` and
    // `STAMP_END`: the shift keeps the option's low bits, which an
    // arithmetic shift reads back with their sign.
    #[inline(always)]
    fn new(opt: i32, next: u32) -> PackedCell {
        PackedCell { bits: (opt as u32) << PackedCell::NEXT_BITS | next }
    }

    #[inline(always)]
    fn opt(self) -> i32 {
        self.bits as i32 >> PackedCell::NEXT_BITS
    }

    #[inline(always)]
    fn next(self) -> u32 {
        self.bits & PackedCell::NEXT_MASK
    }

    #[inline(always)]
    fn set_next(&mut self, next: u32) {
        self.bits = self.bits & !PackedCell::NEXT_MASK | next;
    }
}

/// Swaps node `nn`, at place `p` of the set that starts at `start`, with
/// the node at place `ss`, each node's place in `node_loc` with it
/// (unchecked, by invariant 7 of the node module).
#[inline(always)]
fn swap_in_set(set: &mut [u32], node_loc: &mut [u32], start: usize, nn: usize, p: u32, ss: u32) {
    let nnp = cell(set, start + ss as usize);
    set_cell(set, start + ss as usize, nn as u32);
    set_cell(set, start + p as usize, nnp);
    set_cell(node_loc, nn, ss);
    set_cell(node_loc, nnp as usize, p);
}

/// Whether the search of `problem` can keep its pool in [`SmallCell`]s: its
/// options (those with a primary item) below 2^15, as are its ages (the
/// hints' negative ages), its primary items below 2^16, and the most cells
/// its pool can hold below 2^16 ([`fits`]).
pub(super) fn small_cells(problem: &Problem) -> bool {
    fits::<SmallCell>(problem)
}

/// Whether the search of `problem` can keep its pool in [`PackedCell`]s: its
/// options and its ages below 2^11, its primary items below 2^16, and the
/// most cells its pool can hold below 2^20 ([`fits`]).
pub(super) fn packed_cells(problem: &Problem) -> bool {
    fits::<PackedCell>(problem)
}

/// Whether the search of `problem` can keep its pool in cells of width `C`:
/// its options and ages below [`PoolCell::OPTIONS`], its primary items below
/// [`PoolCell::ITEMS`] and the most cells its pool can hold below
/// [`PoolCell::CELLS`].
///
/// A trigger list holds at most a hint per entry, plus the obsolete hint
/// that ends it: each hint is made in front of a nonempty list of an age,
/// and the entries after a hint leave the list only when a walk passes
/// the hint, which then frees it. So the pool holds at most its first
/// cells (one per age and cell 0), an entry per hole (at most the options
/// times the primary items), as many hints and one more per option, and a
/// sentinel per age and one more cell while a walk links its lists. The
/// groups of [`State::establish`] leave cells empty, at most an eighth of
/// the holes and one group more, which go to the free cells before any is
/// added: the pool never grows past the larger of that first length and
/// the cells held at once, both within the bound.
fn fits<C: PoolCell>(problem: &Problem) -> bool {
    let n_options = problem.options().filter(|&o| !problem.searched_items(o).is_empty()).count() as u64;
    let n_primary = problem.n_primary() as u64;
    // As `State::new` counts them.
    let ages = 2 * (n_primary + 1) + 4;
    let holes = n_options * n_primary;
    let cells = 2 * (ages + 1) + 2 * holes + n_options + 2;
    n_options < C::OPTIONS && ages < C::OPTIONS && n_primary < C::ITEMS && cells < C::CELLS
}

/// What the search keeps of an option, side by side for the walk of a
/// trigger list.
#[derive(Clone, Copy, Debug)]
pub(super) struct Opt {
    /// When it was taken out, while it is out of play: the place in `opts`
    /// of the list of that age (`State::lists` plus the age, then at most
    /// the place of the current age); [`QUEUED`] while queued, and
    /// [`IN_PLAY`] while in play otherwise (put back by [`State::restore`]).
    /// So the option is out of play, not in the set of its first item,
    /// exactly when its age is at most the current age, and the walk of a
    /// trigger list finds the list of an entry's age without adding.
    pub(super) age: i32,
    /// Its fixit list (NIL when not queued).
    pub(super) fixit: u32,
}

/// What the search keeps of an item, side by side: where its set starts in
/// `set`, its size (its options in play), and its place in `item` (active
/// while below `active`). Sixteen bytes, so that an item's record is one
/// aligned load.
#[derive(Clone, Copy, Debug, Default)]
#[repr(C, align(16))]
pub(super) struct Item {
    pub(super) start: u32,
    pub(super) size: u32,
    pub(super) pos: u32,
}

/// How two options are tested for compatibility (equal, or sharing only
/// secondary items to which both give the same colour).
#[derive(Debug, Clone)]
pub(super) enum Compat {
    /// A bit per option and node, set when the option conflicts with the
    /// node's option: for problems of at most [`MATRIX_BITS`] such pairs.
    Nodes { words: usize, bits: Vec<u64> },
    /// A bit per pair of options, set when they conflict: for problems of at
    /// most [`MATRIX_OPTIONS`] options.
    Matrix { words: usize, bits: Vec<u64> },
    /// Knuth's way: the items of the option stamped, the candidate's items
    /// looked up.
    Walk { mark: Vec<u32>, colour: Vec<u32>, stamp: u32 },
}

/// The most options for which the conflicts are kept as a matrix of bits
/// (32 MiB at most).
pub(super) const MATRIX_OPTIONS: usize = 16_384;

/// The most bits of the matrix of conflicts between options and nodes
/// (8 MiB).
pub(super) const MATRIX_BITS: usize = 1 << 26;

/// The places of `State::set` past its last set, so that the search for a
/// support reads four places from any place of a set.
pub(super) const SET_PAD: usize = 3;

/// The average size of the primary items' sets from which the search for a
/// support reads four places at a time (windmill dominoes, about 29, and
/// Langford pairs, 20, gain; a 17-clue sudoku, about 6, loses).
pub(super) const WIDE_SCAN: usize = 12;

/// The most cells of supports the engine holds (one per option and primary
/// item it is not in, at most): 2^27 cells, 2 GiB.
pub(super) const MAX_CELLS: u64 = 1 << 27;

/// The search's arrays. Items are numbered as in the problem, primary items
/// first; options are the problem's options that have a primary item, in
/// order; nodes are the items of the options, each option's first node a
/// primary item (as Knuth's XCCDC moves it there).
#[derive(Debug, Clone)]
pub(super) struct State<C: PoolCell = Cell> {
    pub(super) n_primary: u32,
    /// Per item, its set, its size and its place in `item`.
    pub(super) items: Vec<Item>,
    /// The items, the first `active` of them active.
    pub(super) item: Vec<u32>,
    pub(super) active: u32,
    /// Per item, whether the choice being made deactivated it (set only
    /// while it takes out the options it blocks).
    pub(super) dead: Vec<bool>,
    /// The sets: for each item, the nodes of its options in play first.
    pub(super) set: Vec<u32>,
    /// Per node: its item, its place in its item's set (from the set's
    /// start), its colour (0: none), its option.
    pub(super) node_item: Vec<u32>,
    pub(super) node_loc: Vec<u32>,
    pub(super) node_clr: Vec<u32>,
    pub(super) node_opt: Vec<u32>,
    /// Per option, its first node (and one past the last option's last).
    pub(super) first: Vec<u32>,
    /// Per option, the problem's number.
    pub(super) option_id: Vec<OptionId>,
    /// Per option, its trigger list.
    pub(super) trigger: Vec<u32>,
    /// Per option, what the walk of a trigger list reads of it; then, from
    /// place `n_options` on, one per age from -1 to twice the most stages
    /// plus two, the list of the entries of a trigger list found inactive at
    /// that age while [`State::opt_out`] sorts them (its first entry as
    /// `fixit`; `age` not read), so that the walk puts an entry in one list
    /// or the other by its place alone.
    pub(super) opts: Vec<Opt>,
    /// The place in `opts` of the list of age 0 (one past the options').
    pub(super) lists: i32,
    /// Per age from -1 on, the cell that ends its list in `opts` (the list
    /// is empty when it starts there): after the sort, the sentinel becomes
    /// the hint or the cell that follows the list, so that no walk keeps
    /// the last entry of each list.
    pub(super) sentinel: Vec<u32>,
    pub(super) pool: Vec<C>,
    /// Per cell of the pool, the item of an entry, or the stamp of a hint
    /// (half as wide as the pool's cell, so that both fit the caches
    /// better).
    pub(super) aux: Vec<C::Aux>,
    pub(super) avail: u32,
    /// The options with holes, from place `head` to `tail`: an option is
    /// queued at most once at a time (only while its fixit list is not
    /// empty), and the queue has twice as many places as options, plus
    /// two. Both ends go back to the start when the queue empties, and the
    /// queue is moved there before a walk that could run past its end
    /// ([`State::opt_out`]), so that no place is taken modulo its size.
    pub(super) queue: Vec<u32>,
    pub(super) head: usize,
    pub(super) tail: usize,
    pub(super) cur_age: i32,
    /// Per stage, its stamp (hints in trigger lists hold one); when the
    /// stamps start again, every hint is dropped ([`State::drop_hints`]) or
    /// renumbered ([`State::renumber_hints`]).
    pub(super) stage_stamp: Vec<u32>,
    /// The options out of play, in the order taken out (each at most once):
    /// a backtrack puts back those taken out after its point.
    pub(super) taken: Vec<u32>,
    pub(super) compat: Compat,
    /// Whether the search for a support reads a set four places at a time:
    /// when the sets of the primary items hold [`WIDE_SCAN`] options or
    /// more on average at the start.
    pub(super) wide_scan: bool,
    /// Whether some node has a colour: only then can an option in play
    /// have an inactive (purified) item.
    pub(super) coloured: bool,
    pub(super) updates: u64,
    /// Some primary item has no option: no search.
    pub(super) hopeless: bool,
}

impl<C: PoolCell> State<C> {
    /// The arrays of `problem` (without bounds), or the number of cells of
    /// supports it could need when that is over [`MAX_CELLS`].
    pub(super) fn new(problem: &Problem) -> Result<State<C>, u64> {
        let n_items = problem.n_items();
        let n_primary = problem.n_primary();
        let options: Vec<OptionId> = problem.options().filter(|&o| !problem.searched_items(o).is_empty()).collect();
        let cells = options.len() as u64 * n_primary as u64;
        if cells > MAX_CELLS {
            return Err(cells);
        }
        // The engine's number of each item: the primary items first, each
        // kind in the order declared (the builder takes them in any order,
        // and a number below `n_primary` says an item is primary).
        let mut number = vec![0u32; n_items];
        let kinds = [true, false]
            .into_iter()
            .flat_map(|primary| problem.items().filter(move |&item| problem.is_primary(item) == primary));
        for (k, item) in kinds.enumerate() {
            number[item.index()] = k as u32;
        }
        let mut size = vec![0u32; n_items];
        let mut n_nodes = 0usize;
        for &o in &options {
            for &item in problem.searched_items(o) {
                size[number[item.index()] as usize] += 1;
            }
            n_nodes += problem.searched_items(o).len();
        }
        let mut start = vec![0u32; n_items];
        let mut len = 0u32;
        for k in 0..n_items {
            start[k] = len;
            len += size[k];
        }
        // Node 0 (or none) in the places past the last set.
        let mut set = vec![0u32; len as usize + SET_PAD];
        let mut node_item = Vec::with_capacity(n_nodes);
        let mut node_loc = Vec::with_capacity(n_nodes);
        let mut node_clr = Vec::with_capacity(n_nodes);
        let mut node_opt = Vec::with_capacity(n_nodes);
        let mut first = Vec::with_capacity(options.len() + 1);
        let mut filled = vec![0u32; n_items];
        for (k, &o) in options.iter().enumerate() {
            first.push(node_item.len() as u32);
            let items: Vec<_> = problem.searched(o).collect();
            // The first primary item first, then the others in order.
            let lead = items.iter().position(|(item, _)| problem.is_primary(*item)).unwrap_or(0);
            let order = std::iter::once(lead).chain((0..items.len()).filter(|&j| j != lead));
            for j in order {
                let (item, colour) = items[j];
                let i = number[item.index()] as usize;
                let loc = start[i] + filled[i];
                filled[i] += 1;
                set[loc as usize] = node_item.len() as u32;
                node_item.push(i as u32);
                node_loc.push(filled[i] - 1);
                node_clr.push(colour.map_or(0, |c| c.0 + 1));
                node_opt.push(k as u32);
            }
        }
        first.push(node_item.len() as u32);
        let n_options = options.len();
        // The age larger than any: twice the most stages, plus two.
        let infinite_age = 2 * (n_primary as i32 + 1) + 2;
        // Past the options, the lists of [`State::opt_out`], by age from -1
        // on.
        let ages = infinite_age as usize + 2;
        let sentinel: Vec<u32> = (1..=ages as u32).collect();
        let mut opts = vec![Opt { age: IN_PLAY, fixit: NIL }; n_options + ages];
        for (list, &end) in opts[n_options..].iter_mut().zip(&sentinel) {
            list.fixit = end;
        }
        let hopeless = size[..n_primary].contains(&0);
        let wide_scan = size[..n_primary].iter().map(|&s| s as usize).sum::<usize>() >= WIDE_SCAN * n_primary;
        let node_words = n_nodes.div_ceil(64).max(1);
        let by_node = n_options.saturating_mul(node_words).saturating_mul(64) <= MATRIX_BITS;
        let compat = if by_node || n_options <= MATRIX_OPTIONS {
            let tables = Tables { first: &first, node_item: &node_item, node_clr: &node_clr, node_opt: &node_opt };
            conflicts(n_options, &tables, &start, &size, &set, n_primary as u32, by_node)
        } else {
            Compat::Walk { mark: vec![0; n_items], colour: vec![0; n_items], stamp: 0 }
        };
        let items = (0..n_items).map(|k| Item { start: start[k], size: size[k], pos: k as u32 }).collect();
        let coloured = node_clr.iter().any(|&c| c != 0);
        Ok(State {
            n_primary: n_primary as u32,
            items,
            item: (0..n_items as u32).collect(),
            active: n_items as u32,
            dead: vec![false; n_items],
            set,
            node_item,
            node_loc,
            node_clr,
            node_opt,
            first,
            option_id: options,
            trigger: vec![NIL; n_options],
            opts,
            lists: n_options as i32 + 1,
            sentinel,
            pool: vec![C::default(); ages + 1],
            aux: vec![C::Aux::default(); ages + 1],
            avail: NIL,
            queue: vec![0; 2 * n_options + 2],
            head: 0,
            tail: 0,
            cur_age: -1,
            stage_stamp: vec![0; n_primary + 2],
            taken: Vec::with_capacity(n_options),
            compat,
            wide_scan,
            coloured,
            updates: 0,
            hopeless,
        })
    }

    pub(super) fn n_options(&self) -> usize {
        self.option_id.len()
    }

    fn get_cell(&mut self) -> u32 {
        if self.avail != NIL {
            let p = self.avail;
            self.avail = self.pool[p as usize].next();
            p
        } else {
            debug_assert!((self.pool.len() as u64) < C::CELLS, "more cells than the width numbers");
            self.pool.push(C::default());
            self.aux.push(C::Aux::default());
            (self.pool.len() - 1) as u32
        }
    }

    /// The item of the entry in cell `p`, or the stamp of the hint.
    #[cfg(test)]
    pub(super) fn aux_value(&self, p: u32) -> u32 {
        C::value(self.aux[p as usize])
    }

    fn free_cell(&mut self, p: u32) {
        self.pool[p as usize].set_next(self.avail);
        self.avail = p;
    }

    /// Stamps the items of `opt`, for [`State::supporter`] on the walk.
    fn prepare(&mut self, opt: u32) {
        let (lo, hi) = (self.first[opt as usize] as usize, self.first[opt as usize + 1] as usize);
        if let Compat::Walk { mark, colour, stamp } = &mut self.compat {
            *stamp = stamp.wrapping_add(1);
            if *stamp == 0 {
                mark.fill(0);
                *stamp = 1;
            }
            for nn in lo..hi {
                let ii = self.node_item[nn] as usize;
                mark[ii] = *stamp;
                if ii >= self.n_primary as usize {
                    colour[ii] = if self.node_clr[nn] != 0 { self.node_clr[nn] } else { u32::MAX };
                }
            }
        }
    }

    /// The first option in play of item `ii` compatible with `opt` (whose
    /// items [`State::prepare`] stamped), if any.
    fn supporter(&self, opt: u32, ii: u32) -> Option<u32> {
        let Item { start, size, .. } = self.items[ii as usize];
        let set = &self.set[start as usize..(start + size) as usize];
        match &self.compat {
            Compat::Nodes { words, bits } => {
                let row = &bits[opt as usize * words..(opt as usize + 1) * words];
                set.iter()
                    .find(|&&node| row[node as usize >> 6] & (1 << (node & 63)) == 0)
                    .map(|&node| self.node_opt[node as usize])
            }
            Compat::Matrix { words, bits } => {
                let row = &bits[opt as usize * words..(opt as usize + 1) * words];
                set.iter()
                    .map(|&node| self.node_opt[node as usize])
                    .find(|&optp| row[optp as usize >> 6] & (1 << (optp & 63)) == 0)
            }
            Compat::Walk { mark, colour, stamp } => {
                set.iter().map(|&node| self.node_opt[node as usize]).find(|&optp| {
                    let (lo, hi) = (self.first[optp as usize] as usize, self.first[optp as usize + 1] as usize);
                    (lo..hi).all(|nn| {
                        let jj = self.node_item[nn] as usize;
                        mark[jj] != *stamp
                            || (jj >= self.n_primary as usize
                                && self.node_clr[nn] != 0
                                && self.node_clr[nn] == colour[jj])
                    })
                })
            }
        }
    }

    /// Records `optp` as the support of the entry in cell `p` (option `opt`).
    fn record(&mut self, p: u32, opt: u32, optp: u32) {
        self.pool[p as usize] = C::new(opt as i32, self.trigger[optp as usize]);
        self.trigger[optp as usize] = p;
    }

    /// Makes every entry of `opt`'s fixit list a trigger again, of the option
    /// that triggered it.
    fn revert_fixits(&mut self, opt: u32) {
        let mut p = self.opts[opt as usize].fixit;
        let (pool, trigger) = (&mut self.pool[..], &mut self.trigger[..]);
        // Unchecked by invariant 7 of the node module.
        while p != NIL {
            let c = cell(pool, p as usize);
            let (optp, next) = (c.opt(), c.next());
            let optp = optp as usize;
            set_cell(pool, p as usize, C::new(opt as i32, cell(trigger, optp)));
            set_cell(trigger, optp, p);
            p = next;
        }
        self.opts[opt as usize].fixit = NIL;
    }

    /// Puts back in play the options taken out after the first `from` of
    /// [`State::taken`] (their sets are restored by their sizes).
    pub(super) fn restore(&mut self, from: usize) {
        for &opt in &self.taken[from..] {
            self.opts[opt as usize].age = IN_PLAY;
        }
        self.taken.truncate(from);
    }

    /// Takes every hint out of every trigger list, the entries left in
    /// their order (between stages: the queue is empty, and so are the
    /// fixit lists and the lists of ages).
    pub(super) fn drop_hints(&mut self) {
        debug_assert_eq!(self.head, self.tail);
        for opt in 0..self.n_options() {
            self.drop_cells(opt, |_, optp| optp < 0);
        }
    }

    /// Gives each hint of every trigger list still valid the stamp of its
    /// stage's number, and every other hint [`PoolCell::NEVER_STAMPED`], a
    /// stamp never given (between stages, before the stages below `stage`
    /// are stamped with their numbers): the hints valid stay valid and no
    /// other becomes so, with every list as it was. Only for widths with
    /// such a stamp.
    pub(super) fn renumber_hints(&mut self, stage: usize) {
        let Some(never) = C::NEVER_STAMPED else {
            unreachable!("every stamp of this width can be given");
        };
        for opt in 0..self.n_options() {
            let mut p = self.trigger[opt];
            while p != NIL {
                let c = self.pool[p as usize];
                if c.opt() < 0 {
                    // The stage of the hint's age (an obsolete hint's lies
                    // past every stage).
                    let s = ((-c.opt() - 1 + 1) >> 1) as usize;
                    let valid = s < stage && C::value(self.aux[p as usize]) == self.stage_stamp[s];
                    self.aux[p as usize] = C::aux(if valid { s as u32 } else { never });
                }
                p = c.next();
            }
        }
    }

    /// Takes the cells of option `opt`'s trigger list for which `drop`
    /// holds (given the state and the cell's option, or a hint's negative
    /// age) out of the list, back to the pool; the others stay in order.
    fn drop_cells(&mut self, opt: usize, drop: impl Fn(&State<C>, i32) -> bool) {
        let (mut p, mut prev) = (self.trigger[opt], NIL);
        while p != NIL {
            let c = self.pool[p as usize];
            let (optp, next) = (c.opt(), c.next());
            if drop(self, optp) {
                self.free_cell(p);
                if prev == NIL {
                    self.trigger[opt] = next;
                } else {
                    self.pool[prev as usize].set_next(next);
                }
            } else {
                prev = p;
            }
            p = next;
        }
    }

    /// The next option of the queue, if any.
    fn pop_queue(&mut self) -> Option<u32> {
        if self.head == self.tail {
            (self.head, self.tail) = (0, 0);
            return None;
        }
        let opt = self.queue[self.head];
        self.head += 1;
        Some(opt)
    }

    /// Moves the queue to the start of its places: a walk of a trigger list
    /// then queues at most every option and stays within them.
    #[cold]
    fn compact_queue(&mut self) {
        self.queue.copy_within(self.head..self.tail, 0);
        (self.head, self.tail) = (0, self.tail - self.head);
    }

    /// Empties the queue after a wipe-out, each fixit back a trigger.
    fn clear_queue(&mut self) {
        while let Some(opt) = self.pop_queue() {
            self.revert_fixits(opt);
        }
    }

    /// Takes option `opt` out of the sets of its items not yet purified
    /// (secondary items from place `act` of `item` on are), at the current
    /// age; its trigger list then queues the options it supported. Returns
    /// false, with the queue emptied, when `opt` was the last option of a
    /// primary item.
    ///
    /// `BLOCKING`: called while an option is chosen, whose items have just
    /// been deactivated. Only then can an entry of a trigger list name an
    /// inactive item (an option in play has only active primary items, and
    /// the items of a trigger list's entries are primary items of the option
    /// taken out), so only then is the item of each entry looked up.
    pub(super) fn opt_out<const BLOCKING: bool>(&mut self, opt: u32, act: u32) -> bool {
        if !self.hide_nodes(opt, act) {
            return false;
        }
        let (tmin, rest, cutoff) = self.walk_triggers::<BLOCKING>(opt);
        let rest = self.link_unused::<BLOCKING>(tmin, rest, cutoff);
        self.trigger[opt as usize] = rest;
        true
    }

    /// The first part of [`State::opt_out`]: takes option `opt`'s nodes out
    /// of the sets of its items not yet purified, counting the updates.
    /// False, with the queue emptied, when `opt` was the last option of a
    /// primary item.
    #[inline(always)]
    fn hide_nodes(&mut self, opt: u32, act: u32) -> bool {
        let (lo, hi) = (self.first[opt as usize] as usize, self.first[opt as usize + 1] as usize);
        {
            let State { n_primary, items, set, node_item, node_loc, updates, coloured, .. } = self;
            let n_primary = *n_primary as usize;
            // Slices, not vectors: their bounds stay in registers.
            let (items, set, node_item, node_loc) = (&mut items[..], &mut set[..], &node_item[..], &mut node_loc[..]);
            if !*coloured {
                // Without colours no option in play has an inactive item
                // (a choice takes out every other option of its items), so
                // every set loses the node: one branch per node, taken only
                // when a primary item loses its last option.
                for (nn, &ii) in (lo..).zip(&node_item[lo..hi]) {
                    let ii = ii as usize;
                    let mut item = cell(items, ii);
                    debug_assert!(ii < n_primary || item.pos < act, "an inactive item in play");
                    let p = cell(node_loc, nn);
                    let ss = item.size.wrapping_sub(1);
                    if ss == 0 && ii < n_primary {
                        *updates += (nn - lo) as u64;
                        self.clear_queue();
                        return false;
                    }
                    item.size = ss;
                    set_cell(items, ii, item);
                    swap_in_set(set, node_loc, item.start as usize, nn, p, ss);
                }
                *updates += (hi - lo) as u64;
            } else {
                let mut taken = 0;
                for (nn, &ii) in (lo..).zip(&node_item[lo..hi]) {
                    let ii = ii as usize;
                    let primary = ii < n_primary;
                    let mut item = cell(items, ii);
                    let p = cell(node_loc, nn);
                    // A purified secondary item keeps its set: its node swapped
                    // with itself, by a mask rather than a branch (whether an
                    // item is purified follows no pattern).
                    let keep = !primary && item.pos >= act;
                    let m = std::hint::black_box(u32::from(keep).wrapping_neg());
                    let ss = (item.size.wrapping_sub(1) & !m) | (p & m);
                    if ss == 0 && primary {
                        *updates += taken;
                        self.clear_queue();
                        return false;
                    }
                    item.size -= u32::from(!keep);
                    set_cell(items, ii, item);
                    swap_in_set(set, node_loc, item.start as usize, nn, p, ss);
                    taken += u64::from(!keep);
                }
                *updates += taken;
            }
        }
        true
    }

    /// The second part of [`State::opt_out`]: marks `opt` out of play at the
    /// current age and walks its trigger list, each entry becoming a fixit
    /// of the option it supports (queued if not yet) or staying a trigger
    /// in the list of its age. Returns the least place of an age read, and
    /// the rest of the list after a hint that still holds, with that
    /// hint's age (`NIL` and -1 when none).
    #[inline(always)]
    fn walk_triggers<const BLOCKING: bool>(&mut self, opt: u32) -> (u32, u32, i32) {
        let (cur_age, lists) = (self.cur_age, self.lists);
        // The current age, as the place of its list.
        let cur = lists + cur_age;
        self.opts[opt as usize].age = cur;
        self.taken.push(opt);
        if self.head + self.n_options() >= self.queue.len() {
            self.compact_queue();
        }
        let mut tmin = u32::MAX;
        let (mut rest, mut cutoff) = (NIL, -1);
        {
            let State {
                pool,
                avail,
                opts,
                items,
                active,
                queue,
                tail: queue_tail,
                stage_stamp,
                trigger,
                aux,
                dead,
                ..
            } = self;
            let (aux, dead) = (&aux[..], &dead[..]);
            let active = *active;
            let (pool, opts, queue) = (&mut pool[..], &mut opts[..], &mut queue[..]);
            let (items, stage_stamp) = (&items[..], &stage_stamp[..]);
            let mut tail = *queue_tail;
            let opt = opt as i32;
            let mut p = trigger[opt as usize];
            // Every index below is in bounds by the layout (invariant 7 of
            // the node module): read and written without checks. The entries
            // up to a hint are walked by a loop of their own, which keeps
            // what only hints need out of its registers.
            'walk: while p != NIL {
                let mut optp = cell(pool, p as usize).opt();
                while optp >= 0 {
                    let next = cell(pool, p as usize).next();
                    let t = cell(opts, optp as usize).age;
                    // Out of play (not in the set of its first item), or its hole
                    // on an item the choice deactivates: the entry stays a
                    // trigger, in the list of the age `min(t, cur_age)`. Else it
                    // becomes a fixit of `optp`, queued if not yet. One list or
                    // the other, chosen by masks rather than a branch (the
                    // outcome follows no pattern): the lists of ages have their
                    // heads past the options in `opts`, from `base - 1` (the age
                    // -1, at the start, whose entries are given back after the
                    // walk). A list of an age is never empty (it ends with its
                    // sentinel), so only an option's fixit list, when empty, says
                    // that the option is to be queued.
                    debug_assert!(
                        BLOCKING || items[C::value(aux[p as usize]) as usize].pos < active,
                        "an inactive item outside a choice"
                    );
                    let mut inactive = t <= cur;
                    // Out of play, `t` is the place of the list of its age:
                    // the minimum with the current age only for an entry
                    // kept by its item alone.
                    let mut age = t;
                    if BLOCKING {
                        inactive |= cell(dead, C::value(cell(aux, p as usize)) as usize);
                        age = t.min(cur);
                    }
                    let m = i32::from(inactive).wrapping_neg();
                    let slot = ((age & m) | (optp & !m)) as usize;
                    let head = cell(opts, slot).fixit;
                    set_cell(pool, p as usize, C::new((optp & m) | (opt & !m), head));
                    // (The age of a list of an age is not read.)
                    set_cell(opts, slot, Opt { age: QUEUED, fixit: p });
                    let fresh = head == NIL;
                    debug_assert!(!fresh || tail + 1 < queue.len(), "an option queued twice");
                    set_cell(queue, tail, optp as u32);
                    tail += usize::from(fresh);
                    // The least place of an age read: an option in play
                    // reads above the current age, so the least, taken no
                    // higher than the current age plus one, is the age of
                    // the oldest entry out of play. An entry kept by its
                    // item alone goes to the list of the current age, which
                    // the lists are linked from when blocking.
                    tmin = tmin.min(t as u32);
                    p = next;
                    if p == NIL {
                        break 'walk;
                    }
                    optp = cell(pool, p as usize).opt();
                }
                // A hint: the rest is inactive if its stamp still holds.
                let c = -optp - 1;
                if c < cur_age && C::value(cell(aux, p as usize)) == cell(stage_stamp, ((c + 1) >> 1) as usize) {
                    cutoff = c;
                    rest = p;
                    break;
                }
                let next = cell(pool, p as usize).next();
                set_cell(pool, p as usize, C::new(optp, *avail));
                *avail = p;
                p = next;
            }
            *queue_tail = tail;
        }
        (tmin, rest, cutoff)
    }

    /// The third part of [`State::opt_out`]: gives back the entries of
    /// options out of play at the start, and links the unused entries,
    /// youngest first, each age behind a hint, before `rest`; returns the
    /// new trigger list.
    #[inline(always)]
    fn link_unused<const BLOCKING: bool>(&mut self, tmin: u32, mut rest: u32, cutoff: i32) -> u32 {
        let (cur_age, lists) = (self.cur_age, self.lists);
        let cur = lists + cur_age;
        let base = lists as usize;
        // At the start (age -1) the entries of options out of play are given
        // back to the pool.
        let end = self.sentinel[0];
        let mut p = std::mem::replace(&mut self.opts[base - 1].fixit, end);
        while p != end {
            let next = self.pool[p as usize].next();
            self.free_cell(p);
            p = next;
        }
        if cur_age >= 0 {
            // The entries not used, youngest first, each age but the current
            // one behind a hint. A list of an age ends with its sentinel,
            // which becomes what follows the list: the hint of the next
            // older list, or the rest after the cutoff (copied there). Each
            // sentinel used is replaced by a new one.
            // (Any entry of age -1 read as of age 0.)
            let youngest = if BLOCKING { cur as u32 } else { cur as u32 + 1 };
            let tmin = (tmin.min(youngest) as i32 - lists).max(0);
            if tmin <= cutoff {
                let next = self.pool[rest as usize].next();
                self.free_cell(rest);
                rest = next;
            }
            // What follows the list linked next (its cell and its item or
            // stamp): at first a copy of the rest, or a hint always obsolete
            // (the list ends there); then the hint of the latest list linked.
            let (mut follow, mut follow_aux) = match rest {
                NIL => (C::new(C::OBSOLETE, NIL), C::Aux::default()),
                _ => (self.pool[rest as usize], self.aux[rest as usize]),
            };
            let (mut top, mut top_age) = (rest, cur_age);
            for t in tmin..cur_age + 1 {
                let (slot, k) = (base + t as usize, t as usize + 1);
                let (head, end) = (self.opts[slot].fixit, self.sentinel[k]);
                if head != end {
                    self.pool[end as usize] = follow;
                    self.aux[end as usize] = follow_aux;
                    follow = C::new(-t - 1, head);
                    follow_aux = C::aux(self.stage_stamp[(t as usize + 1) >> 1]);
                    let fresh = self.get_cell();
                    self.sentinel[k] = fresh;
                    self.opts[slot].fixit = fresh;
                    (top, top_age) = (head, t);
                }
            }
            if top != rest {
                // The rest was copied into a sentinel.
                if rest != NIL {
                    self.free_cell(rest);
                }
                rest = top;
                if top_age < cur_age {
                    let h = self.get_cell();
                    self.pool[h as usize] = follow;
                    self.aux[h as usize] = follow_aux;
                    rest = h;
                }
            }
        }
        rest
    }

    /// Fills the holes of every queued option with a new support, taking out
    /// the options left without one. Returns false after a wipe-out.
    pub(super) fn empty_the_queue(&mut self) -> bool {
        if matches!(self.compat, Compat::Nodes { .. }) {
            while let Some(opt) = self.fill_by_nodes() {
                self.revert_fixits(opt);
                if !self.opt_out::<false>(opt, self.active) {
                    return false;
                }
            }
            return true;
        }
        while let Some(opt) = self.pop_queue() {
            if self.opts[opt as usize].age != QUEUED {
                self.revert_fixits(opt);
                continue;
            }
            let hole = self.fill(opt);
            if hole != NIL {
                self.opts[opt as usize].fixit = hole;
                self.revert_fixits(opt);
                if !self.opt_out::<false>(opt, self.active) {
                    return false;
                }
            }
            self.opts[opt as usize].fixit = NIL;
        }
        true
    }

    /// Gives each hole of `opt`'s fixit list a new support, in order, and
    /// returns the first without one (NIL: none).
    fn fill(&mut self, opt: u32) -> u32 {
        self.prepare(opt);
        let mut p = self.opts[opt as usize].fixit;
        while p != NIL {
            let next = self.pool[p as usize].next();
            match self.supporter(opt, C::value(self.aux[p as usize])) {
                Some(optp) => self.record(p, opt, optp),
                None => return p,
            }
            p = next;
        }
        NIL
    }

    /// [`State::empty_the_queue`] on the matrix of conflicts by node, up to
    /// the first option with a hole without support: pops the queued options,
    /// reverts the fixit lists of those no longer in play, and gives the holes
    /// of the others a new support (each option's row of the matrix read
    /// once). Returns the option whose hole has no support, its fixit list
    /// from that hole on (`None`: the queue is empty).
    fn fill_by_nodes(&mut self) -> Option<u32> {
        let State { compat, opts, pool, aux, trigger, set, items, node_opt, queue, head, tail, wide_scan, .. } = self;
        let Compat::Nodes { words, bits } = compat else {
            return None;
        };
        let (words, wide) = (*words, *wide_scan);
        let (pool, aux, trigger, set, items, node_opt, opts, queue) =
            (&mut pool[..], &aux[..], &mut trigger[..], &set[..], &items[..], &node_opt[..], &mut opts[..], &queue[..]);
        while *head != *tail {
            let opt = queue[*head];
            *head += 1;
            let mut p = opts[opt as usize].fixit;
            opts[opt as usize].fixit = NIL;
            if opts[opt as usize].age != QUEUED {
                // No longer in play: each fixit back a trigger.
                while p != NIL {
                    let c = cell(pool, p as usize);
                    let (optp, next) = (c.opt(), c.next());
                    let optp = optp as usize;
                    set_cell(pool, p as usize, C::new(opt as i32, cell(trigger, optp)));
                    set_cell(trigger, optp, p);
                    p = next;
                }
                continue;
            }
            // The option's row and the rows after it: a node's word is in
            // the row (read unchecked by invariant 7 of the node module), and
            // the slice's start is checked once.
            let row = &bits[opt as usize * words..];
            while p != NIL {
                let next = cell(pool, p as usize).next();
                let Item { start, size, .. } = cell(items, C::value(cell(aux, p as usize)) as usize);
                let (mut k, end) = (start as usize, (start + size) as usize);
                let node = if wide {
                    // Long sets four places at a time, each place's
                    // conflict a bit of a mask rather than a branch (how far
                    // the first compatible option lies follows no pattern);
                    // `set` has [`SET_PAD`] places past its last set. The
                    // first compatible place is the first zero of the mask
                    // (4 when none of the four is), taken when it lies in the
                    // set; an empty set fails at once.
                    loop {
                        let mut conflicts = 0u32;
                        for j in 0..4 {
                            let node = cell(set, k + j);
                            let bit = (cell(row, node as usize >> 6) >> (node & 63)) & 1;
                            conflicts |= (bit as u32) << j;
                        }
                        let first = (!conflicts).trailing_zeros() as usize;
                        if first < 4 && k + first < end {
                            break cell(set, k + first);
                        }
                        k += 4;
                        if k >= end {
                            opts[opt as usize].fixit = p;
                            return Some(opt);
                        }
                    }
                } else {
                    // Short sets place by place.
                    loop {
                        if k >= end {
                            opts[opt as usize].fixit = p;
                            return Some(opt);
                        }
                        let node = cell(set, k);
                        if cell(row, node as usize >> 6) & (1 << (node & 63)) == 0 {
                            break node;
                        }
                        k += 1;
                    }
                };
                let optp = cell(node_opt, node as usize) as usize;
                set_cell(pool, p as usize, C::new(opt as i32, cell(trigger, optp)));
                set_cell(trigger, optp, p);
                p = next;
            }
        }
        (*head, *tail) = (0, 0);
        None
    }

    /// Takes out the options without support on some primary item until
    /// every domain is consistent, recording a support for each pair left.
    /// Returns false when some primary item loses its last option.
    ///
    /// Each option in turn gets a support on each primary item it lacks,
    /// the first compatible option of the item's set, or is taken out at
    /// once; then the queue is emptied. The entries are written in groups
    /// of cells side by side per supporting option ([`Groups`]), so that
    /// the walks of trigger lists in the search read few lines of memory.
    pub(super) fn establish(&mut self) -> bool {
        self.cur_age = -1;
        let (n_options, n_primary) = (self.n_options(), self.n_primary as usize);
        let mut groups = Groups::new(self);
        // Per primary item, the last option found to hold it.
        let mut own = vec![u32::MAX; n_primary];
        for opt in 0..n_options as u32 {
            self.prepare(opt);
            let (lo, hi) = (self.first[opt as usize] as usize, self.first[opt as usize + 1] as usize);
            for &ii in &self.node_item[lo..hi] {
                if let Some(slot) = own.get_mut(ii as usize) {
                    *slot = opt;
                }
            }
            // The items in their first order (no item is inactive yet).
            let mut supported = true;
            if let Compat::Nodes { words, bits } = &self.compat {
                // `supporter`'s search with the row cut once; every index
                // below is in bounds by invariant 7 of the node module.
                let row = &bits[opt as usize * words..(opt as usize + 1) * words];
                let (items, set, node_opt) = (&self.items[..], &self.set[..], &self.node_opt[..]);
                'items: for (ii, &holder) in own.iter().enumerate() {
                    if holder == opt {
                        continue;
                    }
                    let Item { start, size, .. } = cell(items, ii);
                    for k in start as usize..(start + size) as usize {
                        let node = cell(set, k);
                        if cell(row, node as usize >> 6) & (1 << (node & 63)) == 0 {
                            let optp = cell(node_opt, node as usize);
                            groups.record(&mut self.pool, &mut self.aux, &mut self.trigger, opt, ii as u32, optp);
                            continue 'items;
                        }
                    }
                    supported = false;
                    break;
                }
            } else {
                for (ii, &holder) in (0..).zip(&own) {
                    if holder == opt {
                        continue;
                    }
                    let Some(optp) = self.supporter(opt, ii) else {
                        supported = false;
                        break;
                    };
                    groups.record(&mut self.pool, &mut self.aux, &mut self.trigger, opt, ii, optp);
                }
            }
            if !supported && !self.opt_out::<false>(opt, self.active) {
                return false;
            }
        }
        groups.give_back(self);
        if !self.empty_the_queue() {
            return false;
        }
        // The options taken out at the start are useless in trigger lists
        // (when there are any).
        if !self.taken.is_empty() {
            for opt in 0..self.n_options() {
                if self.opts[opt].age < self.lists {
                    continue;
                }
                self.drop_cells(opt, |state, optp| state.opts[optp as usize].age < state.lists);
            }
        }
        true
    }
}

/// Where [`State::establish`] writes the entries of each supporting
/// option: in groups of cells side by side at the end of the pool (a power
/// of two, from a place that is a multiple of it), each group filled from
/// its end down, so that a trigger list runs forward through each group.
/// A group of one cell appends each entry.
struct Groups {
    /// Per option, the cell of its latest entry (0: none yet): when that
    /// is the first of its group, the next entry opens a new group.
    fill: Vec<u32>,
    /// The size of a group less one.
    mask: u32,
}

impl Groups {
    /// The groups for `state`'s supports, the pool made ready for them: of
    /// 16 cells when the cells left empty at the end of the groups (fewer
    /// than 16 per option) would add at most an eighth to the supports, of
    /// fewer otherwise.
    fn new<C: PoolCell>(state: &mut State<C>) -> Groups {
        let (n_options, n_primary) = (state.n_options(), state.n_primary as usize);
        // The cells the supports take: one per option and primary item it
        // lacks, at most.
        let primary_nodes: usize = state.items[..n_primary].iter().map(|item| item.size as usize).sum();
        let holes = n_options * n_primary - primary_nodes;
        let size = [16, 8, 4, 2].into_iter().find(|&size| (size - 1) * n_options <= holes / 8).unwrap_or(1);
        let start = state.pool.len().next_multiple_of(size);
        let cells = start + holes + (size - 1) * n_options;
        state.pool.reserve(cells - state.pool.len());
        state.aux.reserve(cells - state.aux.len());
        state.pool.resize(start, C::default());
        state.aux.resize(start, C::Aux::default());
        Groups { fill: vec![0; n_options], mask: size as u32 - 1 }
    }

    /// Records `optp` as the support of option `opt` on item `ii`, on top
    /// of its trigger list.
    #[inline(always)]
    fn record<C: PoolCell>(
        &mut self,
        pool: &mut Vec<C>,
        aux: &mut Vec<C::Aux>,
        trigger: &mut [u32],
        opt: u32,
        ii: u32,
        optp: u32,
    ) {
        let mut p = self.fill[optp as usize];
        if p & self.mask == 0 {
            // A new group, past the end of the pool.
            p = pool.len() as u32 + self.mask + 1;
            pool.resize(p as usize, C::default());
            aux.resize(p as usize, C::Aux::default());
        }
        p -= 1;
        self.fill[optp as usize] = p;
        // Unchecked by invariant 7 of the node module: `p` is a cell of the
        // pool and `optp` an option.
        set_cell(pool, p as usize, C::new(opt as i32, cell(trigger, optp as usize)));
        set_cell(aux, p as usize, C::aux(ii));
        set_cell(trigger, optp as usize, p);
    }

    /// Gives the cells left empty at the start of each option's latest
    /// group back to the pool.
    fn give_back<C: PoolCell>(self, state: &mut State<C>) {
        for &p in &self.fill {
            for q in p & !self.mask..p {
                state.free_cell(q);
            }
        }
    }
}

/// The arrays of options and nodes [`conflicts`] reads.
struct Tables<'a> {
    first: &'a [u32],
    node_item: &'a [u32],
    node_clr: &'a [u32],
    node_opt: &'a [u32],
}

/// The matrix of conflicts: a bit for each pair of options that share a
/// primary item, or a secondary item without the same colour on both; by
/// node (a bit for each node of the second option), or by option.
fn conflicts(
    n_options: usize,
    t: &Tables<'_>,
    start: &[u32],
    size: &[u32],
    set: &[u32],
    n_primary: u32,
    by_node: bool,
) -> Compat {
    let columns = if by_node { t.node_item.len() } else { n_options };
    let words = columns.div_ceil(64).max(1);
    let mut bits = vec![0u64; words * n_options];
    // The option that last marked each option (by node, each once).
    let mut seen = vec![usize::MAX; n_options];
    for opt in 0..n_options {
        let row = &mut bits[opt * words..(opt + 1) * words];
        for nn in t.first[opt] as usize..t.first[opt + 1] as usize {
            let ii = t.node_item[nn] as usize;
            let c = t.node_clr[nn];
            for &other in &set[start[ii] as usize..(start[ii] + size[ii]) as usize] {
                let agree = ii as u32 >= n_primary && c != 0 && t.node_clr[other as usize] == c;
                if !agree {
                    let optp = t.node_opt[other as usize] as usize;
                    if by_node {
                        if seen[optp] == opt {
                            continue;
                        }
                        seen[optp] = opt;
                        for col in t.first[optp] as usize..t.first[optp + 1] as usize {
                            row[col >> 6] |= 1 << (col & 63);
                        }
                    } else {
                        row[optp >> 6] |= 1 << (optp & 63);
                    }
                }
            }
        }
    }
    if by_node { Compat::Nodes { words, bits } } else { Compat::Matrix { words, bits } }
}

#[cfg(test)]
mod tests {
    use super::{Cell, NIL, PackedCell, PoolCell, SmallCell, State};
    use crate::util::problem::Problem;

    /// Every entry of a trigger list, its option in the pool and its item
    /// beside it, reads back as a hole: a primary item not in the option,
    /// whose set holds the option that supports it; with the pool's cells
    /// of every width.
    #[test]
    fn trigger_entries_read_back_as_holes() {
        read_back::<Cell>();
        read_back::<SmallCell>();
        read_back::<PackedCell>();
    }

    /// A packed cell reads back its option (or a hint's negative age) and
    /// its next cell at the ends of their fields, and relinking it keeps
    /// its option.
    #[test]
    fn packed_cells_keep_their_fields() {
        let (most_next, most_opt) = ((1 << 20) - 1, (1 << 11) - 1);
        for opt in [0, 1, -1, most_opt, -most_opt, -most_opt - 1, PackedCell::OBSOLETE] {
            for next in [0, 1, most_next] {
                let mut c = PackedCell::new(opt, next);
                assert_eq!((c.opt(), c.next()), (opt, next));
                c.set_next(most_next - next);
                assert_eq!((c.opt(), c.next()), (opt, most_next - next));
            }
        }
        assert_eq!(PackedCell::CELLS, 1 << 20);
        assert_eq!(PackedCell::OPTIONS, 1 << 11);
    }

    fn read_back<C: PoolCell>() {
        let problem = Problem::from_knuth("A B C D E | F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n").unwrap();
        let mut state = State::<C>::new(&problem).unwrap();
        assert!(state.establish());
        let items_of = |opt: usize| &state.node_item[state.first[opt] as usize..state.first[opt + 1] as usize];
        let mut entries = 0;
        // The lists of the options in play (those of the options taken out at
        // the start are never walked again).
        for supporter in (0..state.n_options()).filter(|&o| state.opts[o].age >= state.lists) {
            let mut p = state.trigger[supporter];
            while p != NIL {
                let opt = state.pool[p as usize].opt();
                assert!(opt >= 0, "no hints before the search");
                let (opt, item) = (opt as usize, state.aux_value(p));
                assert!(opt < state.n_options() && opt != supporter && state.opts[opt].age >= state.lists);
                assert!(item < state.n_primary);
                assert!(!items_of(opt).contains(&item));
                assert!(items_of(supporter).contains(&item));
                entries += 1;
                p = state.pool[p as usize].next();
            }
        }
        // Each option in play has one entry per primary item it lacks.
        let in_play = (0..state.n_options()).filter(|&o| state.opts[o].age >= state.lists);
        let holes: usize = in_play
            .map(|o| state.n_primary as usize - items_of(o).iter().filter(|&&i| i < state.n_primary).count())
            .sum();
        assert_eq!(entries, holes);
    }
}
