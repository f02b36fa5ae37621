//! Piece sets and boxes built in, written in Knuth's description language, so
//! the classics need no file.
//!
//! ```
//! use quadrille_pack::builtin;
//!
//! let text = builtin::description("pentominoes", Some("6x10"))?;
//! assert!(text.contains("\n[0-5][0-9]\n"));
//! assert!(text.contains("\nX 01 10 11 12 21\n"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The tiling sets (`dominoes`, `trominoes`) have pieces of unlimited supply
//! (`*|name`), and besides rectangles they tile the **Aztec diamond** of
//! order n, `--box aztec:N`: the rows of lengths 2, 4, …, 2n, 2n, …, 4, 2,
//! centred. Its domino tilings number 2^(n(n+1)/2) (Elkies, Kuperberg, Larsen
//! and Propp), and a uniformly random one shows the arctic circle: frozen
//! brick patterns in the four corners, chaos inside the inscribed circle.
//!
//! The memo counts them by sweeping the diamond along its diagonal sides
//! ([`Packing::search`](crate::Packing::search)); even so its diagram grows about
//! fivefold every two orders (order 12: 228,918 nodes, 0.35 s; 14: 1.1
//! million, 1.8 s; 16: 5.1 million, 10 s, 440 MB), since every diagonal
//! of `n` or `n + 1` cells is a frontier whose subsets the subproblems
//! remember. Random tilings need no diagram: they come from domino
//! shuffling ([`Packing::aztec_samples`](crate::Packing::aztec_samples)),
//! order 31 in a few milliseconds.
//!
//! ```
//! use quadrille_pack::builtin;
//!
//! let text = builtin::description("dominoes", Some("aztec:2"))?;
//! assert!(text.contains("\n0[1-2] 1[0-3] 2[0-3] 3[1-2]\n"));
//! assert!(text.ends_with("\n*|D 00 01\n"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::spec::{Dims, encode};

/// A set of pieces: a name, the dimensions, each piece's name and typical
/// cells, and the box it fills when there is a classic one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PieceSet {
    /// The set's name (`pentominoes`).
    pub name: &'static str,
    /// What it is, in a few words.
    pub about: &'static str,
    /// Two or three dimensions.
    pub dims: Dims,
    /// Each piece: name (`*|name` for unlimited supply) and typical cells in
    /// Knuth's notation.
    pub pieces: &'static [(&'static str, &'static str)],
    /// The box used when none is given (`6x10`).
    pub default_box: Option<&'static str>,
}

/// The built-in piece sets.
pub const SETS: &[PieceSet] = &[
    PieceSet {
        name: "pentominoes",
        about: "the 12 pentominoes, named by Conway's letters",
        dims: Dims::Two,
        pieces: &[
            ("F", "01 02 10 11 21"),
            ("I", "00 01 02 03 04"),
            ("L", "00 10 20 30 31"),
            ("N", "01 11 20 21 30"),
            ("P", "00 01 10 11 20"),
            ("T", "00 01 02 11 21"),
            ("U", "00 02 10 11 12"),
            ("V", "00 10 20 21 22"),
            ("W", "00 10 11 21 22"),
            ("X", "01 10 11 12 21"),
            ("Y", "01 10 11 21 31"),
            ("Z", "00 01 11 21 22"),
        ],
        default_box: Some("6x10"),
    },
    PieceSet {
        name: "tetrominoes",
        about: "the 5 tetrominoes",
        dims: Dims::Two,
        pieces: &[
            ("I", "00 01 02 03"),
            ("O", "00 01 10 11"),
            ("T", "00 10 11 20"),
            ("L", "00 01 02 12"),
            ("S", "00 10 11 21"),
        ],
        default_box: Some("4x5"),
    },
    PieceSet {
        name: "soma",
        about: "Piet Hein's Soma cube: the 7 irregular pieces of at most 4 cubes",
        dims: Dims::Three,
        pieces: &[
            ("V", "000 010 100"),
            ("L", "000 010 020 100"),
            ("T", "000 010 020 110"),
            ("Z", "000 010 110 120"),
            ("A", "000 010 100 101"),
            ("B", "000 010 100 011"),
            ("P", "000 010 100 001"),
        ],
        default_box: Some("3x3x3"),
    },
    PieceSet {
        name: "solid-pentominoes",
        about: "the 12 pentominoes as flat pentacubes",
        dims: Dims::Three,
        pieces: &[
            ("F", "010 020 100 110 210"),
            ("I", "000 010 020 030 040"),
            ("L", "000 100 200 300 310"),
            ("N", "010 110 200 210 300"),
            ("P", "000 010 100 110 200"),
            ("T", "000 010 020 110 210"),
            ("U", "000 020 100 110 120"),
            ("V", "000 100 200 210 220"),
            ("W", "000 100 110 210 220"),
            ("X", "010 100 110 120 210"),
            ("Y", "010 100 110 210 310"),
            ("Z", "000 010 110 210 220"),
        ],
        default_box: Some("3x4x5"),
    },
    PieceSet {
        name: "pentacubes",
        about: "the 29 pentacubes (mirror images counted apart), 145 cubes",
        dims: Dims::Three,
        pieces: &[
            ("A", "000 001 010 011 100"),
            ("B", "000 001 010 101 110"),
            ("C", "000 001 002 010 011"),
            ("D", "000 001 002 010 012"),
            ("E", "000 001 002 010 020"),
            ("F", "000 001 002 010 100"),
            ("G", "000 001 002 010 101"),
            ("H", "000 001 002 010 102"),
            ("I", "000 001 002 010 110"),
            ("J", "000 001 002 011 021"),
            ("K", "000 001 002 011 100"),
            ("L", "000 001 002 011 101"),
            ("M", "000 001 002 011 111"),
            ("N", "000 001 002 012 100"),
            ("O", "000 001 002 012 112"),
            ("P", "000 001 010 101 102"),
            ("Q", "000 001 010 110 120"),
            ("R", "000 001 011 012 021"),
            ("S", "000 001 011 012 022"),
            ("T", "000 001 011 012 101"),
            ("U", "000 001 011 021 022"),
            ("V", "000 001 011 101 102"),
            ("W", "000 001 011 111 112"),
            ("X", "000 001 101 111 112"),
            ("Y", "001 010 011 012 021"),
            ("Z", "000 001 002 003 010"),
            ("a", "000 001 002 003 011"),
            ("b", "000 001 002 012 013"),
            ("c", "000 001 002 003 004"),
        ],
        default_box: None,
    },
    PieceSet {
        name: "dominoes",
        about: "dominoes, as many as needed",
        dims: Dims::Two,
        pieces: &[("*|D", "00 01")],
        default_box: Some("8x8"),
    },
    PieceSet {
        name: "trominoes",
        about: "the straight and the bent tromino, as many as needed",
        dims: Dims::Two,
        pieces: &[("*|I", "00 01 02"), ("*|L", "00 01 10")],
        default_box: Some("6x6"),
    },
];

/// The largest order of an Aztec diamond (its 2n rows and columns must be
/// extended digits).
pub const MAX_AZTEC: u8 = 31;

/// Why a built-in description cannot be made.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum BuiltinError {
    /// No set has this name.
    #[error(
        "no piece set `{0}`: the sets are pentominoes, tetrominoes, soma, solid-pentominoes, pentacubes, dominoes, trominoes"
    )]
    UnknownSet(String),
    /// The set has no classic box and none was given.
    #[error("set `{0}` has no usual box: give one, as in --box 5x29x1")]
    NoBox(&'static str),
    /// A box that is not `AxB` (or `AxBxC`) with sides 1 to 62, nor
    /// `aztec:N`.
    #[error("bad box `{0}`: write the sides as AxB or AxBxC, each 1 to 62, or aztec:N")]
    BadBox(String),
    /// An Aztec diamond of order 0 or above [`MAX_AZTEC`].
    #[error("bad Aztec diamond `{0}`: its order must be 1 to 31")]
    BadAztec(String),
    /// A box with the wrong number of sides for the set.
    #[error("set `{set}` is {dims}-dimensional, so the box needs {dims} sides, not `{given}`")]
    WrongDims {
        /// The set.
        set: &'static str,
        /// Its dimensions.
        dims: usize,
        /// The box given.
        given: String,
    },
}

/// The set of this name.
pub fn set(name: &str) -> Option<&'static PieceSet> {
    SETS.iter().find(|s| s.name == name)
}

/// The sides of a box written `AxB` or `AxBxC`.
pub fn parse_box(text: &str) -> Result<Vec<u8>, BuiltinError> {
    let bad = || BuiltinError::BadBox(text.to_string());
    let sides: Vec<u8> = text
        .split(['x', 'X', '×'])
        .map(|side| side.trim().parse::<u8>().ok().filter(|&s| (1..=62).contains(&s)))
        .collect::<Option<_>>()
        .ok_or_else(bad)?;
    if !(2..=3).contains(&sides.len()) {
        return Err(bad());
    }
    Ok(sides)
}

/// The description of a built-in set in a box (its usual box when `None`), in
/// Knuth's language: a comment, the box as ranges, one line per piece.
pub fn description(set_name: &str, box_text: Option<&str>) -> Result<String, BuiltinError> {
    let set = set(set_name).ok_or_else(|| BuiltinError::UnknownSet(set_name.to_string()))?;
    let box_text = box_text.or(set.default_box).ok_or(BuiltinError::NoBox(set.name))?;
    if let Some(order) = box_text.strip_prefix("aztec:") {
        if set.dims != Dims::Two {
            return Err(BuiltinError::WrongDims { set: set.name, dims: set.dims.count(), given: box_text.to_string() });
        }
        let n = order
            .trim()
            .parse::<u8>()
            .ok()
            .filter(|n| (1..=MAX_AZTEC).contains(n))
            .ok_or_else(|| BuiltinError::BadAztec(box_text.to_string()))?;
        let mut text = format!("| {}: {} in the Aztec diamond of order {n}\n", set.name, set.about);
        text.push_str(&aztec_box(n));
        text.push('\n');
        for (name, cells) in set.pieces {
            text.push_str(&format!("{name} {cells}\n"));
        }
        return Ok(text);
    }
    let sides = parse_box(box_text)?;
    if sides.len() != set.dims.count() {
        return Err(BuiltinError::WrongDims { set: set.name, dims: set.dims.count(), given: box_text.to_string() });
    }
    let mut text = format!("| {}: {} in a {} box\n", set.name, set.about, box_text);
    for &side in &sides {
        text.push_str(&format!("[0-{}]", encode(side - 1)));
    }
    text.push('\n');
    for (name, cells) in set.pieces {
        text.push_str(&format!("{name} {cells}\n"));
    }
    Ok(text)
}

/// The box line of the Aztec diamond of order `n` (1 to [`MAX_AZTEC`]): row
/// `x` of `2n` holds the cells whose centres lie within distance `n` of the
/// centre, in the taxicab metric.
pub fn aztec_box(n: u8) -> String {
    let rows: Vec<String> = (0..2 * n)
        .map(|x| {
            let half = if x < n { x + 1 } else { 2 * n - x };
            format!("{}[{}-{}]", encode(x), encode(n - half), encode(n + half - 1))
        })
        .collect();
    rows.join(" ")
}
