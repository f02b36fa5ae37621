//! Modelling with your own types: items labelled by any `Hash + Eq + Clone`
//! value, a payload on each option, and solutions handed back as payloads.
//!
//! A [`ModelBuilder`] is a [`ProblemBuilder`] that speaks the user's language:
//! items are declared by label (primary or secondary, in any order, with bounds
//! if need be), options are lists of labels with a value attached, and the
//! finished [`Model`] maps every solution back to those values in O(1) per
//! option, with no side tables.
//!
//! ```
//! use std::ops::ControlFlow;
//! use quadrille_dlx::model::ModelBuilder;
//!
//! // Cover the cells 0..4 of a strip with dominoes and squares.
//! #[derive(Clone, Debug, PartialEq, Eq, Hash)]
//! struct Cell(u32);
//!
//! let mut b = ModelBuilder::new();
//! for k in 0..4 {
//!     b.primary(Cell(k))?;
//! }
//! for k in 0..4 {
//!     b.option_with([Cell(k)], format!("square at {k}"))?;
//!     if k + 1 < 4 {
//!         b.option_with([Cell(k), Cell(k + 1)], format!("domino at {k}"))?;
//!     }
//! }
//! let model = b.build()?;
//! let mut solver = model.solver();
//! assert_eq!(solver.count(), 5); // the Fibonacci number F(5)
//! let first = solver.first().unwrap();
//! let pieces: Vec<&String> = model.payloads(&first).collect();
//! assert_eq!(pieces, ["square at 0", "square at 1", "square at 2", "square at 3"]);
//! assert_eq!(model.label(model.item(&Cell(2)).unwrap()), &Cell(2));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::borrow::Borrow;
use std::collections::HashMap;
use std::fmt::Debug;
use std::hash::Hash;

use crate::solver::Solver;
use crate::util::problem::{BuildError, Color, Item, OptionId, Problem, ProblemBuilder};

/// Why a [`ModelBuilder`] refused an item or an option. Labels are shown with
/// their `Debug` form.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ModelError {
    /// Two items were given the same label.
    #[error("duplicate item {0}")]
    DuplicateLabel(String),
    /// An option named a label that was never declared.
    #[error("option {option}: unknown item {label}")]
    UnknownLabel {
        /// The number the option would get.
        option: usize,
        /// The label.
        label: String,
    },
    /// The underlying problem refused it (bounds, repeated items, sizes…).
    #[error(transparent)]
    Build(#[from] BuildError),
}

/// Builds a [`Model`]: a problem whose items carry labels of type `L` and whose
/// options carry payloads of type `T`.
#[derive(Clone, Debug)]
pub struct ModelBuilder<L, T> {
    builder: ProblemBuilder,
    items: HashMap<L, Item>,
    labels: Vec<L>,
    payloads: Vec<T>,
}

impl<L: Hash + Eq + Clone + Debug, T> Default for ModelBuilder<L, T> {
    fn default() -> Self {
        ModelBuilder::new()
    }
}

/// A name for the label in Knuth's format: its `Debug` form with blanks, `:` and
/// `|` replaced, and a number added when that name is taken.
fn name_for(label: &impl Debug, builder: &ProblemBuilder) -> String {
    let base: String =
        format!("{label:?}").chars().map(|c| if c.is_whitespace() || c == ':' || c == '|' { '_' } else { c }).collect();
    let base = if base.is_empty() { "_".to_string() } else { base };
    let mut name = base.clone();
    let mut k = 1;
    while builder.item_named(&name).is_some() {
        k += 1;
        name = format!("{base}#{k}");
    }
    name
}

impl<L: Hash + Eq + Clone + Debug, T> ModelBuilder<L, T> {
    /// An empty builder.
    pub fn new() -> Self {
        ModelBuilder { builder: ProblemBuilder::new(), items: HashMap::new(), labels: Vec::new(), payloads: Vec::new() }
    }

    fn declare(
        &mut self,
        label: L,
        make: impl FnOnce(&mut ProblemBuilder, &str) -> Result<Item, BuildError>,
    ) -> Result<Item, ModelError> {
        if self.items.contains_key(&label) {
            return Err(ModelError::DuplicateLabel(format!("{label:?}")));
        }
        let name = name_for(&label, &self.builder);
        let item = make(&mut self.builder, &name).map_err(|e| self.relabel(e, Some(&label)))?;
        self.items.insert(label.clone(), item);
        self.labels.push(label);
        Ok(item)
    }

    /// Declares a primary item: every solution covers it exactly once.
    pub fn primary(&mut self, label: L) -> Result<Item, ModelError> {
        self.declare(label, |b, name| b.primary(name))
    }

    /// Declares a primary item that every solution covers at least `lower` and
    /// at most `upper` times.
    pub fn primary_with_bounds(&mut self, label: L, lower: u32, upper: u32) -> Result<Item, ModelError> {
        self.declare(label, |b, name| b.primary_with_bounds(name, lower, upper))
    }

    /// Declares a secondary item: covered at most once, or by options that agree
    /// on its colour.
    pub fn secondary(&mut self, label: L) -> Result<Item, ModelError> {
        self.declare(label, |b, name| b.secondary(name))
    }

    /// The item with this label, if declared (O(1)).
    pub fn item(&self, label: &L) -> Option<Item> {
        self.items.get(label).copied()
    }

    /// The colour of that name, made on first use.
    pub fn color(&mut self, name: &str) -> Result<Color, ModelError> {
        Ok(self.builder.color(name)?)
    }

    fn lookup(&self, label: &L) -> Result<Item, ModelError> {
        self.item(label)
            .ok_or_else(|| ModelError::UnknownLabel { option: self.payloads.len(), label: format!("{label:?}") })
    }

    /// Adds an option made of the items with these labels, carrying `value`.
    pub fn option_with<I>(&mut self, labels: I, value: T) -> Result<OptionId, ModelError>
    where
        I: IntoIterator,
        I::Item: Borrow<L>,
    {
        let items = labels.into_iter().map(|l| self.lookup(l.borrow())).collect::<Result<Vec<_>, _>>()?;
        let option = self.builder.option(items).map_err(|e| self.relabel(e, None))?;
        self.payloads.push(value);
        Ok(option)
    }

    /// The builder's error with each item name replaced by its label's `Debug`
    /// form (`label` for an item being declared).
    fn relabel(&self, error: BuildError, label: Option<&L>) -> ModelError {
        let shown = |name: &str| match label {
            Some(label) => format!("{label:?}"),
            None => match self.builder.item_named(name) {
                Some(item) => format!("{:?}", self.labels[item.index()]),
                None => name.to_string(),
            },
        };
        ModelError::Build(match error {
            BuildError::ZeroUpperBound { name } => BuildError::ZeroUpperBound { name: shown(&name) },
            BuildError::LowerAboveUpper { name, lower, upper } => {
                BuildError::LowerAboveUpper { name: shown(&name), lower, upper }
            }
            BuildError::BoundTooLarge { name, bound, limit } => {
                BuildError::BoundTooLarge { name: shown(&name), bound, limit }
            }
            BuildError::RepeatedItem { option, name } => BuildError::RepeatedItem { option, name: shown(&name) },
            BuildError::ColorOnPrimary { option, name } => BuildError::ColorOnPrimary { option, name: shown(&name) },
            other => other,
        })
    }

    /// Adds an option whose secondary items may carry colours, carrying `value`.
    pub fn option_with_colors<I, B>(&mut self, labels: I, value: T) -> Result<OptionId, ModelError>
    where
        I: IntoIterator<Item = (B, Option<Color>)>,
        B: Borrow<L>,
    {
        let items =
            labels.into_iter().map(|(l, c)| self.lookup(l.borrow()).map(|i| (i, c))).collect::<Result<Vec<_>, _>>()?;
        let option = self.builder.option_with_colors(items).map_err(|e| self.relabel(e, None))?;
        self.payloads.push(value);
        Ok(option)
    }

    /// Finishes the model.
    pub fn build(self) -> Result<Model<L, T>, ModelError> {
        let problem = self.builder.build()?;
        Ok(Model { problem, items: self.items, labels: self.labels, payloads: self.payloads })
    }
}

/// A problem with labelled items and a payload per option, made by a
/// [`ModelBuilder`]. Solve it with [`Model::solver`]; read solutions back with
/// [`Model::payloads`].
#[derive(Clone, Debug)]
pub struct Model<L, T> {
    problem: Problem,
    items: HashMap<L, Item>,
    labels: Vec<L>,
    payloads: Vec<T>,
}

impl<L: Hash + Eq, T> Model<L, T> {
    /// The underlying problem (items named after the labels' `Debug` form).
    pub fn problem(&self) -> &Problem {
        &self.problem
    }

    /// A solver for the model's problem.
    pub fn solver(&self) -> Solver {
        Solver::new(&self.problem)
    }

    /// The item with this label, if any (O(1)).
    pub fn item(&self, label: &L) -> Option<Item> {
        self.items.get(label).copied()
    }

    /// An item's label. Panics if the item is not of this model.
    pub fn label(&self, item: Item) -> &L {
        &self.labels[item.index()]
    }

    /// An option's payload. Panics if the option is not of this model.
    pub fn payload(&self, option: OptionId) -> &T {
        &self.payloads[option.index()]
    }

    /// The payloads of a solution's options, in the solution's order.
    pub fn payloads<'m>(&'m self, solution: &'m [OptionId]) -> impl ExactSizeIterator<Item = &'m T> + 'm {
        solution.iter().map(|&o| self.payload(o))
    }
}
