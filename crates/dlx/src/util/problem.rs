//! Problems: items, options and colours, and the builder that checks them.

use std::collections::HashSet;
use std::fmt;
use std::sync::{Arc, OnceLock};

use crate::util::nodes::Links;

/// A handle to an item of a [`Problem`] (or of the [`ProblemBuilder`] making it).
///
/// Items are numbered in the order they were declared, from 0; in Knuth's node
/// layout item `k` has header `k + 1`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Item(pub u32);

/// A handle to an option of a [`Problem`], numbered from 0 in the order the options
/// were added.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct OptionId(pub u32);

/// A colour that an option may give to a secondary item, made by
/// [`ProblemBuilder::color`]. Options that give one secondary item the same colour
/// may be chosen together; an option that uses the item without a colour excludes
/// every other option that uses it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Color(pub u32);

impl Item {
    /// The item's number, as a `usize` for indexing.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

impl OptionId {
    /// The option's number, as a `usize` for indexing.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// Why a [`ProblemBuilder`] refused an item, a colour or an option.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum BuildError {
    /// Two items were given the same name.
    #[error("duplicate item name `{name}`")]
    DuplicateItem {
        /// The name given twice.
        name: String,
    },
    /// A name that cannot be written in Knuth's format: empty, or containing
    /// white space, `:` or `|`.
    #[error("bad {what} name `{name}`: names must be non-empty, without blanks, `:` or `|`")]
    BadName {
        /// "item" or "colour".
        what: &'static str,
        /// The name as given.
        name: String,
    },
    /// An option named an item that this builder did not make.
    #[error("option {option}: unknown item number {item}")]
    UnknownItem {
        /// The number the option would get.
        option: usize,
        /// The item number that does not exist.
        item: u32,
    },
    /// An option named a colour that this builder did not make.
    #[error("option {option}: unknown colour number {color}")]
    UnknownColor {
        /// The number the option would get.
        option: usize,
        /// The colour number that does not exist.
        color: u32,
    },
    /// An option listed one item twice.
    #[error("option {option}: item `{name}` appears twice")]
    RepeatedItem {
        /// The number the option would get.
        option: usize,
        /// The repeated item.
        name: String,
    },
    /// An option gave a colour to a primary item; only secondary items take colours.
    #[error("option {option}: primary item `{name}` cannot have a colour")]
    ColorOnPrimary {
        /// The number the option would get.
        option: usize,
        /// The primary item.
        name: String,
    },
    /// An option had no item at all. (An option with secondary items only is
    /// kept, with its number, and ignored by the search: see
    /// [`Problem::ignored_options`].)
    #[error("option {option} has no items")]
    EmptyOption {
        /// The number the option would get.
        option: usize,
    },
    /// A primary item's upper bound is zero: no option could ever cover it.
    #[error("item `{name}`: the upper bound is zero")]
    ZeroUpperBound {
        /// The item.
        name: String,
    },
    /// A primary item's lower bound exceeds its upper bound.
    #[error("item `{name}`: the lower bound {lower} exceeds the upper bound {upper}")]
    LowerAboveUpper {
        /// The item.
        name: String,
        /// The lower bound given.
        lower: u32,
        /// The upper bound given.
        upper: u32,
    },
    /// A bound larger than the engine's counters hold.
    #[error("item `{name}`: the bound {bound} exceeds the limit of {limit}")]
    BoundTooLarge {
        /// The item.
        name: String,
        /// The bound given.
        bound: u32,
        /// The largest bound supported.
        limit: u32,
    },
    /// The problem has no primary item at all.
    #[error("the problem has no primary item")]
    NoPrimaryItems,
    /// A cost was set on an option this builder did not make.
    #[error("option {option} does not exist, so it cannot have a cost")]
    UnknownOption {
        /// The option number given.
        option: u32,
    },
    /// The options' costs add up to more than a `u64` holds (less one, kept
    /// for "no cost yet" in the search), so some solution's cost could not be
    /// written down.
    #[error("option {option}: the costs of all options add up to more than {limit}")]
    CostOverflow {
        /// The option whose cost made the sum overflow.
        option: u32,
        /// The largest total supported.
        limit: u64,
    },
    /// The problem needs more nodes than 32-bit indices can address.
    #[error("the problem is too large: {nodes} nodes exceed the limit of {limit}")]
    TooLarge {
        /// How many nodes the problem would need.
        nodes: u64,
        /// The largest number of nodes supported.
        limit: u64,
    },
}

/// Checks that a name can be written in Knuth's format and read back.
pub(crate) fn valid_name(name: &str) -> bool {
    !name.is_empty() && !name.chars().any(|c| c.is_whitespace() || c == ':' || c == '|')
}

/// The largest number of nodes a problem may have: indices are `u32`, and spacers
/// store an option number as a negative `i32`.
pub(crate) const MAX_NODES: u64 = i32::MAX as u64;

/// From this length on, an option's items are checked for repeats in a set
/// rather than by a scan of those before them, which would be quadratic.
pub(crate) const LONG_OPTION: usize = 32;

/// The largest bound a primary item may have (the links count in `i32`).
pub const MAX_BOUND: u32 = i32::MAX as u32;

/// The items of a problem found by their names: an open-addressing table of
/// item numbers, hashed by a multiply-and-rotate over the name's bytes (the
/// hash of `rustc`'s `FxHasher`), each name kept once, in its item. Finding
/// or adding a name costs a few multiplications and, most often, one
/// comparison of names: no SipHash, and no second copy of each name.
#[derive(Clone, Debug, Default)]
struct NameTable {
    /// Each slot: the name's hash (its low 32 bits) and its item's number
    /// plus one, or 0 for an empty slot.
    slots: Vec<(u32, u32)>,
    /// The names held.
    len: usize,
}

impl NameTable {
    fn hash(name: &str) -> u64 {
        const K: u64 = 0xf135_7aea_2e62_a9c5;
        let bytes = name.as_bytes();
        let mut h = (bytes.len() as u64).wrapping_mul(K);
        let mut chunks = bytes.chunks_exact(8);
        for chunk in &mut chunks {
            let mut word = [0u8; 8];
            word.copy_from_slice(chunk);
            h = (h.rotate_left(26) ^ u64::from_le_bytes(word)).wrapping_mul(K);
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            // The last bytes as a little-endian word padded with zeros, put
            // together byte by byte: a copy of a slice of unknown length
            // would call `memcpy` for the few bytes of a short name.
            let word = rest.iter().rev().fold(0u64, |word, &b| word << 8 | u64::from(b));
            h = (h.rotate_left(26) ^ word).wrapping_mul(K);
        }
        // The high bits are the best mixed: they choose the slot.
        h.rotate_left(32)
    }

    /// The slot of `name`: the one holding it, or the empty one where it
    /// would go. The table is never full.
    fn slot(&self, items: &[ItemInfo], name: &str, hash: u64) -> usize {
        let mask = self.slots.len() - 1;
        let mut slot = hash as usize & mask;
        loop {
            match self.slots[slot] {
                (_, 0) => return slot,
                (h, k) if h == hash as u32 && items[k as usize - 1].name == name => return slot,
                _ => slot = (slot + 1) & mask,
            }
        }
    }

    /// The item named `name`, if any.
    fn get(&self, items: &[ItemInfo], name: &str) -> Option<Item> {
        if self.len == 0 {
            return None;
        }
        let (_, k) = self.slots[self.slot(items, name, NameTable::hash(name))];
        k.checked_sub(1).map(Item)
    }

    /// Adds `item`, named `items[item].name`, which the table does not hold.
    fn insert(&mut self, items: &[ItemInfo], item: Item) {
        if 2 * (self.len + 1) > self.slots.len() {
            let n_slots = (2 * self.slots.len()).max(16);
            let old = std::mem::replace(&mut self.slots, vec![(0, 0); n_slots]);
            let mask = n_slots - 1;
            for (h, k) in old.into_iter().filter(|&(_, k)| k != 0) {
                // The slot from the stored hash's low bits needs the full
                // hash: recomputed from the name, which is cheap and rare.
                let mut slot = NameTable::hash(&items[k as usize - 1].name) as usize & mask;
                while self.slots[slot].1 != 0 {
                    slot = (slot + 1) & mask;
                }
                self.slots[slot] = (h, k);
            }
        }
        let name = &items[item.index()].name;
        let hash = NameTable::hash(name);
        let slot = self.slot(items, name, hash);
        self.slots[slot] = (hash as u32, item.0 + 1);
        self.len += 1;
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
struct ItemInfo {
    name: String,
    primary: bool,
    /// How many times a solution must cover the item, at least and at most:
    /// `[1, 1]` for a plain primary item, `[0, 1]` for a secondary one.
    lower: u32,
    upper: u32,
    /// Whether the item was declared with its bounds
    /// ([`ProblemBuilder::primary_with_bounds`]), `[1, 1]` included.
    declared: bool,
}

/// Builds a [`Problem`] item by item and option by option, checking each as it comes.
///
/// ```
/// use quadrille_dlx::{Problem, Solver};
///
/// let mut b = Problem::builder();
/// let a = b.primary("A")?;
/// let b_ = b.primary("B")?;
/// let x = b.secondary("X")?;
/// b.option([a, x])?;
/// b.option([b_, x])?;
/// b.option([a, b_])?;
/// let problem = b.build()?;
/// assert_eq!(Solver::new(&problem).count(), 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct ProblemBuilder {
    items: Vec<ItemInfo>,
    n_primary: usize,
    names: NameTable,
    colors: Vec<String>,
    color_ids: std::collections::HashMap<String, Color>,
    option_starts: Vec<u32>,
    option_items: Vec<Item>,
    /// The colour of each item of `option_items`: empty until some item is
    /// given a colour (then as long as `option_items`), so that problems
    /// without colours never store one.
    option_colors: Vec<Option<Color>>,
    /// Each option's cost (DLX5), and their sum.
    costs: Costs,
    /// The options without a primary item, in order.
    ignored: Vec<OptionId>,
    /// The most nodes allowed: [`MAX_NODES`], lowered by tests.
    max_nodes: u64,
}

impl ProblemBuilder {
    /// An empty builder.
    pub fn new() -> Self {
        ProblemBuilder { option_starts: vec![0], max_nodes: MAX_NODES, ..Default::default() }
    }

    fn item(
        &mut self,
        name: &str,
        primary: bool,
        (lower, upper): (u32, u32),
        declared: bool,
    ) -> Result<Item, BuildError> {
        if !valid_name(name) {
            return Err(BuildError::BadName { what: "item", name: name.to_string() });
        }
        if self.names.get(&self.items, name).is_some() {
            return Err(BuildError::DuplicateItem { name: name.to_string() });
        }
        // Every item takes a header node: the limit on nodes bounds the items
        // too, so that item numbers fit in the links' `i32` fields.
        let nodes = self.node_count() + 1;
        if nodes > self.max_nodes {
            return Err(BuildError::TooLarge { nodes, limit: self.max_nodes });
        }
        self.n_primary += primary as usize;
        let item = Item(self.items.len() as u32);
        self.items.push(ItemInfo { name: name.to_string(), primary, lower, upper, declared });
        self.names.insert(&self.items, item);
        Ok(item)
    }

    /// Declares a primary item: every solution covers it exactly once. Items
    /// may be declared in any order, primary and secondary mixed.
    pub fn primary(&mut self, name: &str) -> Result<Item, BuildError> {
        self.item(name, true, (1, 1), false)
    }

    /// Declares a primary item that every solution covers at least `lower` and
    /// at most `upper` times (Knuth's multiplicities, as in his DLX3). Even
    /// with bounds `[1, 1]`, the problem is then one of bounds for the
    /// engines that count as Knuth's programs with bounds count (see
    /// [`Problem::declares_bounds`]); [`ProblemBuilder::primary`] declares a
    /// plain one.
    ///
    /// ```
    /// use quadrille_dlx::{Problem, Solver};
    ///
    /// // Two of the three options, since `pair` must be covered twice.
    /// let mut b = Problem::builder();
    /// let pair = b.primary_with_bounds("pair", 2, 2)?;
    /// for _ in 0..3 {
    ///     b.option([pair])?;
    /// }
    /// let problem = b.build()?;
    /// assert_eq!(problem.bounds(pair), (2, 2));
    /// assert_eq!(Solver::new(&problem).count(), 3);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn primary_with_bounds(&mut self, name: &str, lower: u32, upper: u32) -> Result<Item, BuildError> {
        let name_of = || name.to_string();
        if upper == 0 {
            return Err(BuildError::ZeroUpperBound { name: name_of() });
        }
        if lower > upper {
            return Err(BuildError::LowerAboveUpper { name: name_of(), lower, upper });
        }
        if upper > MAX_BOUND {
            return Err(BuildError::BoundTooLarge { name: name_of(), bound: upper, limit: MAX_BOUND });
        }
        self.item(name, true, (lower, upper), true)
    }

    /// Declares a secondary item: every solution covers it at most once, or by
    /// options that all give it the same colour.
    pub fn secondary(&mut self, name: &str) -> Result<Item, BuildError> {
        self.item(name, false, (0, 1), false)
    }

    /// The item of that name, if one was declared.
    pub fn item_named(&self, name: &str) -> Option<Item> {
        self.names.get(&self.items, name)
    }

    /// Whether `item` was declared primary (`None` for an unknown item).
    pub fn is_primary(&self, item: Item) -> Option<bool> {
        self.items.get(item.index()).map(|info| info.primary)
    }

    /// The colour of that name, made on first use.
    pub fn color(&mut self, name: &str) -> Result<Color, BuildError> {
        if let Some(&c) = self.color_ids.get(name) {
            return Ok(c);
        }
        if !valid_name(name) {
            return Err(BuildError::BadName { what: "colour", name: name.to_string() });
        }
        let c = Color(self.colors.len() as u32);
        self.colors.push(name.to_string());
        self.color_ids.insert(name.to_string(), c);
        Ok(c)
    }

    /// Adds an option made of these items, none of them coloured.
    pub fn option<I: IntoIterator<Item = Item>>(&mut self, items: I) -> Result<OptionId, BuildError> {
        self.option_with_colors(items.into_iter().map(|i| (i, None)))
    }

    /// Adds an option whose secondary items may carry colours.
    ///
    /// An option needs an item. One without a primary item is kept with its
    /// number (so that the options after it keep theirs, as in the file they
    /// came from), but no solution holds it: every engine ignores it, as
    /// Knuth's DLX1 ignores such an option (see [`Problem::ignored_options`]).
    ///
    /// ```
    /// use quadrille_dlx::{OptionId, Problem, Solver};
    ///
    /// let mut b = Problem::builder();
    /// let a = b.primary("A")?;
    /// let x = b.secondary("X")?;
    /// b.option([x])?;
    /// let last = b.option([a, x])?;
    /// assert_eq!(last, OptionId(1));
    /// let problem = b.build()?;
    /// assert_eq!(problem.ignored_options(), [OptionId(0)]);
    /// assert_eq!(Solver::new(&problem).solutions().collect::<Vec<_>>(), [vec![last]]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn option_with_colors<I>(&mut self, items: I) -> Result<OptionId, BuildError>
    where
        I: IntoIterator<Item = (Item, Option<Color>)>,
    {
        let option = self.option_starts.len() - 1;
        let start = self.option_items.len();
        let result = self.push_option(option, items);
        if result.is_err() {
            self.option_items.truncate(start);
            self.option_colors.truncate(start);
        }
        result
    }

    fn push_option<I>(&mut self, option: usize, items: I) -> Result<OptionId, BuildError>
    where
        I: IntoIterator<Item = (Item, Option<Color>)>,
    {
        let start = self.option_items.len();
        let mut has_primary = false;
        // A linear scan for short options, a set once an option is long, so
        // that building stays linear in the number of nodes.
        let mut in_option: Option<HashSet<Item>> = None;
        for (item, color) in items {
            let Some(info) = self.items.get(item.index()) else {
                return Err(BuildError::UnknownItem { option, item: item.0 });
            };
            let so_far = &self.option_items[start..];
            let repeated = if so_far.len() < LONG_OPTION {
                so_far.contains(&item)
            } else {
                !in_option.get_or_insert_with(|| so_far.iter().copied().collect()).insert(item)
            };
            if repeated {
                return Err(BuildError::RepeatedItem { option, name: info.name.clone() });
            }
            if let Some(c) = color {
                if info.primary {
                    return Err(BuildError::ColorOnPrimary { option, name: info.name.clone() });
                }
                if c.0 as usize >= self.colors.len() {
                    return Err(BuildError::UnknownColor { option, color: c.0 });
                }
            }
            has_primary |= info.primary;
            if !self.option_colors.is_empty() {
                self.option_colors.push(color);
            } else if color.is_some() {
                // The first colour: the items before it had none.
                self.option_colors.resize(self.option_items.len(), None);
                self.option_colors.push(color);
            }
            self.option_items.push(item);
        }
        if self.option_items.len() == start {
            return Err(BuildError::EmptyOption { option });
        }
        let nodes = self.node_count();
        if nodes > self.max_nodes {
            return Err(BuildError::TooLarge { nodes, limit: self.max_nodes });
        }
        self.option_starts.push(self.option_items.len() as u32);
        if !self.costs.per_option.is_empty() {
            self.costs.per_option.push(0);
        }
        if !has_primary {
            self.ignored.push(OptionId(option as u32));
        }
        Ok(OptionId(option as u32))
    }

    /// Nodes in Knuth's layout: the unused node 0, a header per item, a first
    /// spacer, and each option's nodes with a spacer after them. Counted while an
    /// option is added, once its items are pushed: `option_starts` has one entry
    /// per option before it, plus the 0 it starts with, which stands for the new
    /// option's spacer (or, between options, for one spacer too many: the count
    /// errs on the safe side by one).
    fn node_count(&self) -> u64 {
        self.items.len() as u64 + 2 + self.option_items.len() as u64 + self.option_starts.len() as u64
    }

    /// The number of primary items declared so far.
    pub fn n_primary(&self) -> usize {
        self.n_primary
    }

    /// The number of options added so far.
    pub fn n_options(&self) -> usize {
        self.option_starts.len() - 1
    }

    /// Gives an option a cost (Knuth's DLX5): [`MinCost`](crate::MinCost) looks
    /// for the solutions whose options cost least in total. Options cost 0 until
    /// given one; setting a cost again replaces it. The costs of all options
    /// together must stay below `u64::MAX`.
    ///
    /// ```
    /// use quadrille_dlx::Problem;
    ///
    /// let mut b = Problem::builder();
    /// let a = b.primary("A")?;
    /// let cheap = b.option([a])?;
    /// b.set_cost(cheap, 7)?;
    /// assert!(b.set_cost(cheap, u64::MAX).is_err());
    /// let problem = b.build()?;
    /// assert_eq!(problem.cost(cheap), 7);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_cost(&mut self, option: OptionId, cost: u64) -> Result<(), BuildError> {
        self.costs.set(option, cost, self.n_options())
    }

    /// Makes room for `options` more options of `nodes` items in all, so
    /// that a caller who knows the size of its problem adds the options
    /// without the arrays growing step by step. Only a hint: adding more
    /// or fewer is as right, and room that memory cannot give is left to
    /// the options as they come.
    ///
    /// ```
    /// use quadrille_dlx::{Problem, Solver};
    ///
    /// let mut b = Problem::builder();
    /// let (a, c) = (b.primary("a")?, b.primary("c")?);
    /// b.reserve(2, 3);
    /// b.option([a])?;
    /// b.option([a, c])?;
    /// b.option([c])?;
    /// // {a, c} alone, or {a} with {c}.
    /// assert_eq!(Solver::new(&b.build()?).count(), 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn reserve(&mut self, options: usize, nodes: usize) {
        // A hint: memory refused now is refused, or not, option by option.
        let _ = self.option_starts.try_reserve(options);
        let _ = self.option_items.try_reserve(nodes);
    }

    /// Finishes the problem.
    pub fn build(self) -> Result<Problem, BuildError> {
        let n_primary = self.n_primary;
        if n_primary == 0 {
            return Err(BuildError::NoPrimaryItems);
        }
        let nodes = self.node_count();
        if nodes > self.max_nodes {
            return Err(BuildError::TooLarge { nodes, limit: self.max_nodes });
        }
        let has_colors = self.option_colors.iter().any(Option::is_some);
        let has_bounds = self.items.iter().any(|i| i.primary && (i.lower, i.upper) != (1, 1));
        let declares_bounds = self.items.iter().any(|i| i.primary && i.declared);
        let longest_option = self.option_starts.windows(2).map(|w| (w[1] - w[0]) as usize).max().unwrap_or(0);
        // The most options of a primary item (ignored options have none):
        // counted here, as the links the engines search are made only when
        // first asked for (the sweep and the memo never need them).
        let mut lens = vec![0u32; self.items.len()];
        for &item in &self.option_items {
            lens[item.index()] += 1;
        }
        let longest_primary =
            lens.iter().zip(&self.items).filter(|(_, info)| info.primary).map(|(&n, _)| n as usize).max().unwrap_or(0);
        Ok(Problem {
            inner: Arc::new(Inner {
                items: self.items,
                n_primary,
                colors: self.colors,
                option_starts: self.option_starts,
                option_items: self.option_items,
                option_colors: self.option_colors,
                names: self.names,
                has_colors,
                has_bounds,
                declares_bounds,
                longest_primary,
                longest_option,
                costs: self.costs,
                ignored: self.ignored,
                links: OnceLock::new(),
            }),
            sharp: false,
        })
    }
}

impl Inner {
    /// Lays out the links of Knuth's nodes for the problem (see [`Links::new`]).
    fn make_links(&self) -> Links {
        // The links want the primary items first: item `k` gets header
        // `header[k]`, primary items in order of declaration, then the secondary.
        let mut header = vec![0u32; self.items.len()];
        let mut next = 1;
        for primary in [true, false] {
            for (k, info) in self.items.iter().enumerate() {
                if info.primary == primary {
                    header[k] = next;
                    next += 1;
                }
            }
        }
        let bounds = self.declares_bounds.then(|| {
            let mut bounds = vec![(1, 1); self.items.len()];
            for (k, info) in self.items.iter().enumerate() {
                bounds[header[k] as usize - 1] = (info.lower, info.upper);
            }
            bounds
        });
        // The links hold no node of an ignored option (as DLX1 makes none),
        // only its spacer, so that the options after it keep their numbers.
        let range = |option: &OptionId| {
            let k = option.index();
            self.option_starts[k] as usize..self.option_starts[k + 1] as usize
        };
        let ignored_nodes: usize = self.ignored.iter().map(|o| range(o).len()).sum();
        let mut ignored = self.ignored.iter().peekable();
        let (option_items, option_colors, header) = (&self.option_items, &self.option_colors, &header);
        let options = self.option_starts.windows(2).enumerate().map(move |(k, w)| {
            let searched = ignored.next_if(|o| o.index() == k).is_none();
            let range = if searched { w[0] as usize..w[1] as usize } else { 0..0 };
            range.map(move |p| {
                let color = option_colors.get(p).copied().flatten();
                (header[option_items[p].index()], color.map_or(0, |c| c.0 as i32 + 1))
            })
        });
        Links::new(
            self.n_primary,
            self.items.len(),
            self.option_items.len() - ignored_nodes,
            options,
            bounds.as_deref(),
        )
    }
}

#[derive(Debug)]
struct Inner {
    items: Vec<ItemInfo>,
    n_primary: usize,
    colors: Vec<String>,
    option_starts: Vec<u32>,
    option_items: Vec<Item>,
    /// Empty when no item has a colour (see [`ProblemBuilder`]).
    option_colors: Vec<Option<Color>>,
    names: NameTable,
    has_colors: bool,
    /// Whether some primary item's bounds are not `[1, 1]`.
    has_bounds: bool,
    /// Whether some primary item was declared with bounds, `[1, 1]` included.
    declares_bounds: bool,
    /// The most options of a primary item, and the most items of an option.
    longest_primary: usize,
    longest_option: usize,
    costs: Costs,
    /// The options without a primary item, in order.
    ignored: Vec<OptionId>,
    /// Knuth's nodes for the searches that dance (links, and the solver's
    /// states), made when first asked for.
    links: OnceLock<Links>,
}

/// The options' costs, and their sum, checked so that no sum of costs overflows.
#[derive(Clone, Debug, Default)]
struct Costs {
    /// Each option's cost: empty until a cost is set (every option costs 0
    /// then), so that problems without costs never store one.
    per_option: Vec<u64>,
    total: u64,
}

impl Costs {
    /// The largest sum of all costs: `u64::MAX` itself stands for "no bound yet"
    /// in the search.
    const LIMIT: u64 = u64::MAX - 1;

    fn set(&mut self, option: OptionId, cost: u64, n_options: usize) -> Result<(), BuildError> {
        if option.index() >= n_options {
            return Err(BuildError::UnknownOption { option: option.0 });
        }
        if self.per_option.is_empty() {
            self.per_option = vec![0; n_options];
        }
        let old = self.per_option[option.index()];
        let total = (self.total - old)
            .checked_add(cost)
            .filter(|&t| t <= Costs::LIMIT)
            .ok_or(BuildError::CostOverflow { option: option.0, limit: Costs::LIMIT })?;
        self.per_option[option.index()] = cost;
        self.total = total;
        Ok(())
    }
}

/// An exact-cover problem, possibly with colours: immutable, cheap to clone
/// (the data is shared), and `Send + Sync`, so many solvers may work on one problem.
#[derive(Clone)]
pub struct Problem {
    inner: Arc<Inner>,
    /// Whether the searches prefer primary items named `#…` when they choose
    /// the item to branch on ([`Problem::with_sharp_preference`]).
    sharp: bool,
}

impl Problem {
    /// A new [`ProblemBuilder`].
    pub fn builder() -> ProblemBuilder {
        ProblemBuilder::new()
    }

    /// The number of items, primary and secondary.
    pub fn n_items(&self) -> usize {
        self.inner.items.len()
    }

    /// The number of primary items.
    pub fn n_primary(&self) -> usize {
        self.inner.n_primary
    }

    /// The number of secondary items.
    pub fn n_secondary(&self) -> usize {
        self.n_items() - self.n_primary()
    }

    /// The number of options.
    pub fn n_options(&self) -> usize {
        self.inner.option_starts.len() - 1
    }

    /// The number of colours.
    pub fn n_colors(&self) -> usize {
        self.inner.colors.len()
    }

    /// Whether any option gives a colour to an item.
    pub fn has_colors(&self) -> bool {
        self.inner.has_colors
    }

    /// Whether any primary item has bounds other than `[1, 1]`: then some
    /// item may be covered more than once or not at all, and the solutions
    /// are not those of an exact cover. The engines and questions that take
    /// no bounds (the memo, the sweep, dc, the cheapest solutions, the cells
    /// engine's `d`-way branching, preprocessing) refuse such a problem, and
    /// take one whose only bounds are `[1, 1]` as a plain one (see
    /// [`Problem::declares_bounds`]).
    pub fn has_bounds(&self) -> bool {
        self.inner.has_bounds
    }

    /// Whether some primary item was declared with bounds
    /// ([`ProblemBuilder::primary_with_bounds`]; `a:b|name` or `b|name` in
    /// Knuth's format), even `[1, 1]` (`1|a`, `1:1|a`): a problem of bounds
    /// as Knuth's programs with bounds (DLX3, SSMCC) count it, since they run
    /// Algorithm M on every problem they read. The engines that promise
    /// their statistics run their search with bounds then: the links
    /// (DLX3's), the bitset engine (DLX3's nodes) and the cells engine's
    /// binary branching (SSMCC's). A problem with bounds other than `[1, 1]`
    /// ([`Problem::has_bounds`]) declares them.
    ///
    /// ```
    /// use quadrille_dlx::{Config, Engine, Problem, Solver};
    ///
    /// let plain = Problem::from_knuth("a b\nb\n")?;
    /// let declared = Problem::from_knuth("1|a b\nb\n")?;
    /// assert!(!plain.declares_bounds() && declared.declares_bounds() && !declared.has_bounds());
    /// // DLX1 covers `a`, left without options (one update); DLX3 sees at
    /// // once that it cannot be covered, and makes none.
    /// let updates = |problem: &Problem| {
    ///     let mut links = Solver::with_config(problem, Config::new().engine(Engine::Links));
    ///     links.count();
    ///     links.stats().updates
    /// };
    /// assert_eq!((updates(&plain), updates(&declared)), (1, 0));
    /// // Written back with its bounds.
    /// assert_eq!(declared.to_knuth(), "1|a b\nb\n");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn declares_bounds(&self) -> bool {
        self.inner.declares_bounds
    }

    /// The bounds `item` was declared with
    /// ([`ProblemBuilder::primary_with_bounds`]), `[1, 1]` included; `None`
    /// for a plain primary item and a secondary one. Panics if the item is
    /// not of this problem.
    pub fn declared_bounds(&self, item: Item) -> Option<(u32, u32)> {
        let info = &self.inner.items[item.index()];
        info.declared.then_some((info.lower, info.upper))
    }

    /// The most options any primary item has.
    pub(crate) fn longest_primary(&self) -> usize {
        self.inner.longest_primary
    }

    /// The most items any option has.
    pub(crate) fn longest_option(&self) -> usize {
        self.inner.longest_option
    }

    /// How many times a solution covers `item`, at least and at most: `(1, 1)`
    /// for a plain primary item, as declared by
    /// [`ProblemBuilder::primary_with_bounds`] otherwise; `(0, 1)` for a
    /// secondary item (which options that agree on its colour may share).
    /// Panics if the item is not of this problem.
    pub fn bounds(&self, item: Item) -> (u32, u32) {
        let info = &self.inner.items[item.index()];
        (info.lower, info.upper)
    }

    /// All items in declaration order.
    pub fn items(&self) -> impl ExactSizeIterator<Item = Item> + '_ {
        (0..self.n_items() as u32).map(Item)
    }

    /// All options in the order they were added.
    pub fn options(&self) -> impl ExactSizeIterator<Item = OptionId> + '_ {
        (0..self.n_options() as u32).map(OptionId)
    }

    /// The item's name. Panics if the item is not of this problem.
    pub fn item_name(&self, item: Item) -> &str {
        &self.inner.items[item.index()].name
    }

    /// Whether the item is primary. Panics if the item is not of this problem.
    pub fn is_primary(&self, item: Item) -> bool {
        self.inner.items[item.index()].primary
    }

    /// The item of that name, if any.
    pub fn item_named(&self, name: &str) -> Option<Item> {
        self.inner.names.get(&self.inner.items, name)
    }

    /// The colour's name. Panics if the colour is not of this problem.
    pub fn color_name(&self, color: Color) -> &str {
        &self.inner.colors[color.0 as usize]
    }

    /// The items of an option, each with its colour, in the order they were given.
    /// Panics if the option is not of this problem.
    pub fn option(&self, option: OptionId) -> impl ExactSizeIterator<Item = (Item, Option<Color>)> + '_ {
        self.colored(self.option_range(option))
    }

    /// The items of `range` of the options' items, each with its colour.
    fn colored(&self, range: std::ops::Range<usize>) -> impl ExactSizeIterator<Item = (Item, Option<Color>)> + '_ {
        let (items, colors) = (&self.inner.option_items, &self.inner.option_colors);
        range.map(move |p| (items[p], colors.get(p).copied().flatten()))
    }

    /// The items of an option, in the order they were given.
    pub fn option_items(&self, option: OptionId) -> &[Item] {
        &self.inner.option_items[self.option_range(option)]
    }

    /// The options without a primary item, in order. They keep their numbers
    /// (the options after them keep theirs), [`format_option`](Problem::format_option)
    /// and [`to_knuth`](Problem::to_knuth) write them, but no solution holds
    /// one: every engine ignores them, as Knuth's DLX1 ignores such options
    /// (with a warning, which [`knuth::read`](crate::knuth::read) gives too),
    /// and they cannot be committed.
    pub fn ignored_options(&self) -> &[OptionId] {
        &self.inner.ignored
    }

    /// Whether `option` is one of the [ignored options](Problem::ignored_options).
    pub fn is_ignored(&self, option: OptionId) -> bool {
        !self.inner.ignored.is_empty() && self.inner.ignored.binary_search(&option).is_ok()
    }

    /// The items of an option as the engines see them, each with its colour:
    /// none for an [ignored option](Problem::ignored_options). Every engine
    /// builds its tables from this, never from [`option`](Problem::option).
    pub(crate) fn searched(&self, option: OptionId) -> impl ExactSizeIterator<Item = (Item, Option<Color>)> + '_ {
        let range = if self.is_ignored(option) { 0..0 } else { self.option_range(option) };
        self.colored(range)
    }

    /// The items of an option as the engines see them: none for an
    /// [ignored option](Problem::ignored_options).
    pub(crate) fn searched_items(&self, option: OptionId) -> &[Item] {
        if self.is_ignored(option) { &[] } else { self.option_items(option) }
    }

    fn option_range(&self, option: OptionId) -> std::ops::Range<usize> {
        let starts = &self.inner.option_starts;
        starts[option.index()] as usize..starts[option.index() + 1] as usize
    }

    /// The option written as Knuth writes it: item names separated by blanks, a
    /// coloured item as `name:colour`.
    pub fn format_option(&self, option: OptionId) -> String {
        let mut line = String::new();
        for (k, (item, color)) in self.option(option).enumerate() {
            if k > 0 {
                line.push(' ');
            }
            line.push_str(self.item_name(item));
            if let Some(c) = color {
                line.push(':');
                line.push_str(self.color_name(c));
            }
        }
        line
    }

    /// Checks that `options` is a solution: every primary item covered within its
    /// bounds (exactly once unless bounds say otherwise), every secondary item at
    /// most once or always with one colour, no option twice, no
    /// [ignored option](Problem::ignored_options).
    pub fn is_solution(&self, options: &[OptionId]) -> bool {
        let mut uses: Vec<(u32, Option<Option<Color>>)> = vec![(0, None); self.n_items()];
        for &o in options {
            if o.index() >= self.n_options() || self.is_ignored(o) {
                return false;
            }
            for (item, color) in self.option(o) {
                let (count, seen) = &mut uses[item.index()];
                *count += 1;
                if self.is_primary(item) {
                    continue;
                }
                match (color, *seen) {
                    (_, None) => *seen = Some(color),
                    (Some(c), Some(Some(d))) if c == d => {}
                    _ => return false,
                }
            }
        }
        let mut seen = vec![false; self.n_options()];
        options.iter().all(|o| !std::mem::replace(&mut seen[o.index()], true))
            && self.items().all(|i| {
                let (lower, upper) = self.bounds(i);
                !self.is_primary(i) || (lower..=upper).contains(&uses[i.index()].0)
            })
    }

    /// The identity of this problem in the records of shards
    /// ([`shard::Record::problem`](crate::shard::Record)): `dlx:` and its
    /// [`fingerprint`](Problem::fingerprint) in 16 hexadecimal digits, so that
    /// the shards of one problem merge and those of another are refused.
    ///
    /// ```
    /// use quadrille_dlx::Problem;
    ///
    /// let problem = Problem::from_knuth("a b\na b\n")?;
    /// assert_eq!(problem.shard_id(), format!("dlx:{:016x}", problem.fingerprint()));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn shard_id(&self) -> String {
        format!("dlx:{:016x}", self.fingerprint())
    }

    /// A fingerprint of the problem: the 64-bit FNV-1a hash of its text in
    /// Knuth's format. Equal problems have equal fingerprints on every machine,
    /// so the results of shards can be checked to belong together.
    /// With the sharp preference on and a sharp item, the tree differs, and
    /// so does the fingerprint.
    pub fn fingerprint(&self) -> u64 {
        let sharp: &[u8] = if self.has_sharp() { b"\n#sharp\n" } else { b"" };
        self.to_knuth()
            .bytes()
            .chain(sharp.iter().copied())
            .fold(0xcbf2_9ce4_8422_2325, |hash, byte| (hash ^ u64::from(byte)).wrapping_mul(0x0000_0100_0000_01b3))
    }

    /// The option's cost (0 unless one was set). Panics if the option is not of
    /// this problem.
    pub fn cost(&self, option: OptionId) -> u64 {
        let k = option.index();
        assert!(k < self.n_options(), "option {k} is not of this problem");
        self.inner.costs.per_option.get(k).copied().unwrap_or(0)
    }

    /// Whether some option has a cost other than 0.
    pub fn has_costs(&self) -> bool {
        self.inner.costs.total > 0
    }

    pub(crate) fn links(&self) -> &Links {
        self.inner.links.get_or_init(|| self.inner.make_links())
    }

    /// The same problem, with the **sharp preference** on or off: when it is
    /// on, the searches that choose the item to branch on by its number of
    /// options (links, bits, the cells engine's `d`-way branching) prefer the
    /// primary items whose names begin with `#`, as Knuth's DLX2-SHARP and
    /// DLX3-SHARP do (binary branching has no rule for them: the front
    /// refuses it, see [`Search::check`](crate::front::Search::check)). An item left with one
    /// option (or none) is still taken first, sharp or not; otherwise a sharp
    /// item with the fewest options among the sharp ones comes before every
    /// other item, and only when no sharp item is left does the usual rule
    /// apply. With bounds the number compared is DLX3's branching degree, and
    /// the degrees 1 and below play the part of one option and none.
    ///
    /// Off by default: the names of items mean nothing unless asked. The
    /// solutions are the same either way; the tree, and with it the order of
    /// the solutions and the statistics, change. The memo, the cheapest
    /// solutions and the sweep keep their own rules.
    ///
    /// ```
    /// use quadrille_dlx::{Config, Engine, Problem, Solver};
    ///
    /// // `b` has the fewest options (two), but `#a` (three) is sharp.
    /// let text = "#a b\n#a\n#a\n#a b\nb\n";
    /// let plain = Problem::from_knuth(text)?;
    /// let sharp = plain.with_sharp_preference(true);
    /// assert!(sharp.sharp_preference() && !plain.sharp_preference());
    /// let mut links = Solver::with_config(&sharp, Config::new().engine(Engine::Links));
    /// assert_eq!(links.count(), 3);
    /// // DLX2-SHARP's figures: the root branches on `#a`, then `b` twice.
    /// assert_eq!((links.stats().nodes, links.stats().updates), (6, 5));
    /// // DLX2's: the root branches on `b`, then `#a` once.
    /// let mut plain = Solver::with_config(&plain, Config::new().engine(Engine::Links));
    /// assert_eq!(plain.count(), 3);
    /// assert_eq!((plain.stats().nodes, plain.stats().updates), (5, 4));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_sharp_preference(&self, on: bool) -> Problem {
        Problem { inner: Arc::clone(&self.inner), sharp: on }
    }

    /// Whether the sharp preference is on ([`Problem::with_sharp_preference`]).
    pub fn sharp_preference(&self) -> bool {
        self.sharp
    }

    /// Whether the search prefers `item` when it chooses where to branch: the
    /// sharp preference is on, and `item` is a primary item named `#…`.
    pub(crate) fn is_sharp(&self, item: Item) -> bool {
        self.sharp && self.is_primary(item) && self.item_name(item).starts_with('#')
    }

    /// The first primary item declared after a secondary one, if any: the
    /// engines that number the primary items first by their declaration
    /// (the sweep, the search by cost) refuse such a problem.
    pub(crate) fn primary_after_secondary(&self) -> Option<Item> {
        self.items().skip(self.n_primary()).find(|&item| self.is_primary(item))
    }

    /// Whether the sharp preference is on and some primary item is sharp.
    pub(crate) fn has_sharp(&self) -> bool {
        self.sharp && self.items().any(|item| self.is_sharp(item))
    }
}

impl fmt::Debug for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Problem")
            .field("items", &self.n_items())
            .field("primary", &self.n_primary())
            .field("options", &self.n_options())
            .field("colors", &self.n_colors())
            .finish()
    }
}

/// Two problems are equal when they have the same items (names, kinds, order,
/// bounds, and whether they were declared with bounds) and
/// the same options in the same order, with colours compared by name, the
/// same costs, and the same search trees: the sharp preference
/// ([`Problem::with_sharp_preference`]) on both or on neither, unless
/// neither has a sharp item (then it changes nothing), as
/// [`Problem::fingerprint`] tells them apart.
impl PartialEq for Problem {
    fn eq(&self, other: &Problem) -> bool {
        if self.has_sharp() != other.has_sharp() {
            return false;
        }
        // Clones of one problem share their contents: equal without a look.
        if Arc::ptr_eq(&self.inner, &other.inner) {
            return true;
        }
        let same_items = self.n_items() == other.n_items()
            && self.items().all(|i| {
                self.item_name(i) == other.item_name(i)
                    && self.is_primary(i) == other.is_primary(i)
                    && self.bounds(i) == other.bounds(i)
                    && self.declared_bounds(i) == other.declared_bounds(i)
            });
        same_items
            && self.n_options() == other.n_options()
            && self.options().all(|o| {
                self.cost(o) == other.cost(o)
                    && self.option(o).len() == other.option(o).len()
                    && self.option(o).zip(other.option(o)).all(|((i, c), (j, d))| {
                        i == j && c.map(|c| self.color_name(c)) == d.map(|d| other.color_name(d))
                    })
            })
    }
}

impl Eq for Problem {}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    /// The table of names answers as a `HashMap` of the names does: on
    /// thousands of random names, short and long (past the 8 bytes the hash
    /// reads at a time), many given twice or more, and some invalid, each
    /// declaration is accepted or refused with the same error, each name
    /// (and names never given) finds the same item in the builder and in the
    /// problem, and colours and costs read back as set.
    #[test]
    #[cfg_attr(miri, ignore = "thousands of names hashed: no unsafe code, and a third of a minute under Miri")]
    fn the_table_of_names_agrees_with_a_map_of_names() {
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        // Under Miri, which runs this module's tests a thousand times slower,
        // the first three rounds: short and long names, few letters and all,
        // and the table grown from 16 slots to hundreds.
        let rounds = if cfg!(miri) { 3 } else { 20 };
        for round in 0..rounds {
            let mut b = ProblemBuilder::new();
            let mut model: HashMap<String, Item> = HashMap::new();
            let alphabet = b"ab#_xyz0123456789:| ";
            let mut names = Vec::new();
            for _ in 0..(50 + round * 100) {
                // Few letters for short names: many repeats.
                let len = 1 + (next() % if round % 2 == 0 { 3 } else { 20 }) as usize;
                let letters = if round % 3 == 0 { 4 } else { alphabet.len() as u64 };
                let name: String = (0..len).map(|_| alphabet[(next() % letters) as usize] as char).collect();
                names.push(name);
            }
            for (k, name) in names.iter().enumerate() {
                let primary = k % 3 != 0;
                let got = if primary { b.primary(name) } else { b.secondary(name) };
                let expected = if !valid_name(name) {
                    Err(BuildError::BadName { what: "item", name: name.clone() })
                } else if model.contains_key(name) {
                    Err(BuildError::DuplicateItem { name: name.clone() })
                } else {
                    let item = Item(model.len() as u32);
                    model.insert(name.clone(), item);
                    Ok(item)
                };
                assert_eq!(got, expected, "round {round}: {name:?}");
            }
            let absent = ["never", "a_name_of_many_letters", "zz#", ""];
            for name in names.iter().map(String::as_str).chain(absent) {
                assert_eq!(b.item_named(name), model.get(name).copied(), "{name:?}");
            }
            let items: Vec<Item> = model.values().copied().collect();
            let red = b.color("red").unwrap();
            let mut options = Vec::new();
            for k in 0..items.len() {
                let pair = [items[k], items[(k * 7 + 1) % items.len()]];
                if pair[0] == pair[1] {
                    continue;
                }
                let colored = pair.map(|i| (i, (!b.is_primary(i).unwrap() && k % 2 == 0).then_some(red)));
                if let Ok(o) = b.option_with_colors(colored) {
                    options.push((o, colored));
                }
            }
            if let Some(&(o, _)) = options.get(3) {
                b.set_cost(o, 9).unwrap();
            }
            let Ok(problem) = b.build() else { continue };
            for name in names.iter().map(String::as_str).chain(absent) {
                assert_eq!(problem.item_named(name), model.get(name).copied(), "{name:?}");
            }
            for (k, (o, colored)) in options.iter().enumerate() {
                assert_eq!(problem.option(*o).collect::<Vec<_>>(), colored, "option {k}");
                assert_eq!(problem.cost(*o), if k == 3 { 9 } else { 0 });
            }
        }
    }

    /// A colour first given by a later item of an option, and costs set
    /// before further options are added, read back where they were given.
    #[test]
    fn colours_and_costs_given_late_read_back() {
        let mut b = ProblemBuilder::new();
        let (a, x, y) = (b.primary("a").unwrap(), b.secondary("x").unwrap(), b.secondary("y").unwrap());
        let plain = b.option([a, x]).unwrap();
        let green = b.color("green").unwrap();
        let late = b.option_with_colors([(a, None), (x, None), (y, Some(green))]).unwrap();
        assert!(b.set_cost(OptionId(2), 1).is_err());
        b.set_cost(late, 5).unwrap();
        let after = b.option([a]).unwrap();
        assert_eq!(
            b.option_with_colors([(a, Some(green))]),
            Err(BuildError::ColorOnPrimary { option: 3, name: "a".into() })
        );
        let problem = b.build().unwrap();
        assert!(problem.has_colors());
        assert_eq!(problem.option(plain).collect::<Vec<_>>(), [(a, None), (x, None)]);
        assert_eq!(problem.option(late).collect::<Vec<_>>(), [(a, None), (x, None), (y, Some(green))]);
        assert_eq!(problem.option(after).collect::<Vec<_>>(), [(a, None)]);
        assert_eq!([plain, late, after].map(|o| problem.cost(o)), [0, 5, 0]);
    }

    /// A problem too large for 32-bit node indices is refused with a message,
    /// option by option, and the builder stays usable (shown with a lower limit,
    /// since the real one needs tens of gigabytes).
    #[test]
    fn too_many_nodes_is_an_error_not_an_overflow() {
        let mut b = ProblemBuilder::new();
        b.max_nodes = 20;
        let items: Vec<Item> = (0..4).map(|k| b.primary(&format!("i{k}")).unwrap()).collect();
        // 5 headers and the first spacer, then 4 nodes and a spacer per option.
        assert!(b.option(items.clone()).is_ok());
        assert!(b.option(items.clone()).is_ok());
        let error = b.option(items.clone()).unwrap_err();
        assert_eq!(error, BuildError::TooLarge { nodes: 21, limit: 20 });
        assert_eq!(error.to_string(), "the problem is too large: 21 nodes exceed the limit of 20");
        assert_eq!(b.n_options(), 2);
        assert!(b.option([items[0]]).is_ok());
        assert_eq!(b.build().unwrap().n_options(), 3);
    }

    /// Items take nodes too: too many items are refused when declared (so that
    /// item numbers always fit the links' signed fields), and `build` checks
    /// the total once more.
    #[test]
    fn too_many_items_is_an_error() {
        let mut b = ProblemBuilder::new();
        b.max_nodes = 6;
        // Node 0, the headers, the first spacer, and one spare for a spacer.
        assert!(b.primary("a").is_ok());
        assert!(b.primary("b").is_ok());
        assert!(b.secondary("x").is_ok());
        assert_eq!(b.secondary("c").unwrap_err(), BuildError::TooLarge { nodes: 7, limit: 6 });
        assert_eq!(b.secondary("y").unwrap_err(), BuildError::TooLarge { nodes: 7, limit: 6 });
        assert_eq!(b.clone().build().unwrap().n_items(), 3);
        b.max_nodes = 5;
        assert_eq!(b.build().unwrap_err(), BuildError::TooLarge { nodes: 6, limit: 5 });
    }
}
