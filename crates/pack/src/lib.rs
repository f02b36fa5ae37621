//! Packing polyominoes and polycubes into a box, by exact cover.
//!
//! A packing problem is written in Knuth's description language (the input of
//! his `polyomino-dlx` and `polycube-dlx`, see [`spec`]): a line of box cells,
//! then one line per piece with its typical cells. This crate reads it, makes
//! every placement of every piece in every orientation that fits, builds the
//! exact-cover problem (one primary item per cell and per piece, one option per
//! placement, in Knuth's order, so that [`Spec::to_knuth`] prints what his
//! programs print), and turns solutions back into pictures.
//!
//! # A tour
//!
//! The five tetrominoes cannot fill a 4×5 box (colour it like a chessboard: the
//! T covers three squares of one colour, each other piece two of each); an I,
//! an O and two Ls (named `L` and `J`) fill a 4×4 box in 48 ways:
//!
//! ```
//! use quadrille_dlx::Solver;
//! use quadrille_pack::{Packing, Spec, render};
//!
//! let spec = Spec::parse("[0-3][0-3]\nI 00 01 02 03\nO 00 01 10 11\nL 00 01 02 12\nJ 00 01 02 12\n")?;
//! let packing = Packing::new(&spec)?;
//! let mut solver = Solver::new(packing.problem());
//! assert_eq!(solver.count(), 48);
//! let first = solver.first().unwrap();
//! let picture = render::grid(&packing, &first); // four rows of four letters
//! assert_eq!(picture.lines().count(), 4);
//! for piece in ["I", "O", "L", "J"] {
//!     assert_eq!(picture.matches(piece).count(), 4);
//! }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The same matrix in Knuth's format, as his `polyomino-dlx` writes it (here
//! without its comment lines): the cells, the pieces, one option per placement.
//!
//! ```
//! use quadrille_pack::Spec;
//!
//! let spec = Spec::parse("[0-1][0-2]\nV 00 01 10\nI 00 01\n")?;
//! let text = spec.to_knuth();
//! let options: Vec<&str> = text.lines().filter(|l| !l.starts_with('|')).collect();
//! assert_eq!(options[0], " 00 01 02 10 11 12 V I");
//! assert_eq!(options[1], "V 00 01 10");
//! assert_eq!(options.len(), 1 + 8 + 7); // 4 turns of V in 2 places, I in 7 places
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Packings up to symmetry
//!
//! [`Packing::up_to_symmetry`] reports one packing of each class under the
//! symmetries of the box, by a method that needs no knowledge of the puzzle:
//!
//! ```
//! use std::ops::ControlFlow;
//! use quadrille_dlx::Solver;
//! use quadrille_pack::{Packing, Spec, builtin};
//!
//! let spec = Spec::parse(&builtin::description("pentominoes", Some("3x20"))?)?;
//! let reduced = Packing::up_to_symmetry(&spec)?;
//! assert_eq!(reduced.n_symmetries(), 4);
//! assert_eq!(reduced.restricted_piece(), Some("X"));
//! let mut unique = 0;
//! Solver::new(reduced.problem()).visit(|solution| {
//!     unique += u64::from(reduced.keeps(solution));
//!     ControlFlow::Continue(())
//! });
//! assert_eq!(unique, 2);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! **The group.** A symmetry of the box is a rotation or reflection of space
//! (a signed permutation of the axes, then a shift) that maps the box's cells
//! onto themselves, primary to primary and secondary to secondary with the same
//! suffix. It maps a packing to a packing when it maps each piece's set of base
//! placements onto the set of a piece with the same multiplicity: always for a
//! piece allowed in every orientation the symmetry can give; a reflection of a
//! polycube box maps a chiral piece to its mirror twin (the Soma cube's A and
//! B), and is used only when the twin is in the set. The symmetries that qualify
//! form a group `G`, acting on the packings.
//!
//! **The reduction.** Choose a piece `p` used once, that every symmetry in `G`
//! maps to itself (the one whose placements fall into the fewest classes under
//! `G`). Keep, of each class of `p`'s placements, only its first, `r`, and let
//! `Stab(r)` be the symmetries that fix `r`. Solve, and keep a solution `S` with
//! `p` at `r` when no symmetry in `Stab(r)` maps `S` to a packing that is
//! smaller (as a sorted list of placements).
//!
//! **Why exactly one packing of each class is kept.** Let `S` be any packing
//! and `q` the place of `p` in it; `q`'s class has one kept placement `r`, and
//! some `g` in `G` maps `q` to `r`. The packings of `S`'s class with `p` at a
//! kept placement are the `g'(S)` with `g'(q)` kept; since `g'(q)` is in `q`'s
//! class, that means `g'(q) = r`, so `g' = h∘g` with `h` in `Stab(r)`. These
//! packings are therefore exactly the orbit of `g(S)` under `Stab(r)`, and the
//! filter keeps the smallest of that orbit: one packing. When `Stab(r)` is
//! trivial (as for the X pentomino in a 6×10 box, whose centre never lies on a
//! middle line) nothing needs checking; when it is trivial for every kept
//! `r`, every solution is kept, and [`Packing::count`] counts the reduced
//! problem through the library's front, as it counts all packings. When no piece qualifies, no option is
//! cut and the filter runs with all of `G`, which is the same argument with
//! `Stab = G`.
//!
//! # The pieces
//!
//! - [`spec`]: the description language, base placements, Knuth's output.
//! - [`Packing`]: the problem, with or without the reduction by symmetry.
//! - [`symmetry`]: the symmetries of the box and the reduction.
//! - [`render`]: letter grids and SVG pictures.
//! - [`builtin`]: pentominoes, tetrominoes, the Soma cube, pentacubes; dominoes
//!   and trominoes of unlimited supply (`*|name`), with the Aztec diamond.
//! - [`validate`]: an independent check that a packing is one.
#![deny(missing_docs)]

mod aztec;
pub mod builtin;
mod model;
mod placement;
pub mod render;
pub mod spec;
pub mod symmetry;
pub mod validate;

pub use model::{ModelError, Packing};
pub use placement::{Placement, PlacementRef, Placements};
pub use spec::{Cell, CellCount, Dims, Settings, Spec, SpecError, SpecErrorKind};
