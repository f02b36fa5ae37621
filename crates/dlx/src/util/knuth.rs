//! Knuth's text format for exact-cover problems, as read by his programs DLX1,
//! DLX2 and DLX3, so that any instance made for them runs here, and any problem
//! made here runs there.
//!
//! ```text
//! | A comment: a line whose first character, after any blanks, is `|`.
//! A B 2:3|C 2|D | X Y  <- the items: primary, then `|` and the secondary items;
//!                         C is covered 2 to 3 times, D twice, A and B once
//! A X:red              <- one option per line; `X:red` gives X the colour `red`
//! B C Y
//! ```
//!
//! Blank lines are skipped too, and a comment may come anywhere, before the
//! item line as well, as in Knuth's readers (they skip the blanks at the start
//! of a line before they look for `|`). A byte-order mark at the start of the
//! text is skipped. The text is UTF-8: [`utf8`] names the line and column of
//! the first byte of a file that is not.
//!
//! Knuth limits names to 8 characters and colours to one; this reader accepts
//! longer ones as an extension. An option without a primary item is ignored by
//! the search, with a [`Warning`], as DLX1 ignores it; it keeps its number, so
//! that the options after it keep theirs (see
//! [`Problem::ignored_options`]).
//!
//! Knuth's DLX5 gives options costs: a word `|n` anywhere in an option line adds
//! the decimal number `n` to the option's cost (`A B |7`); the writer appends an
//! option's cost the same way when it is not 0.

use std::collections::{HashMap, HashSet};
use std::fmt::{self, Write as _};

use crate::util::monitor::Monitor;
use crate::util::problem::{BuildError, Color, Item, LONG_OPTION, Problem, ProblemBuilder};

/// How many option lines the reader reads between two looks at its monitor
/// (a power of two): a few hundred microseconds of reading.
const LOOK_EVERY: usize = 1 << 10;

/// What is wrong with a line of Knuth-format input.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseErrorKind {
    /// The input has no item line.
    #[error("no item line: the input is empty or only comments")]
    NoItems,
    /// The item line names no primary item (which text cannot give: a line
    /// that starts with `|` is a comment).
    #[error("the item line has no primary item")]
    NoPrimaryItems,
    /// A second `|` on the item line.
    #[error("a second `|` on the item line")]
    SecondBar,
    /// An item name with `:` on the item line.
    #[error("item name `{0}` contains `:`")]
    ColonInName(String),
    /// An item declared twice.
    #[error("duplicate item name `{0}`")]
    DuplicateItem(String),
    /// An option names an item not on the item line.
    #[error("unknown item `{0}`")]
    UnknownItem(String),
    /// An option names an item twice.
    #[error("item `{0}` appears twice in this option")]
    RepeatedItem(String),
    /// A colour given to a primary item.
    #[error("primary item `{0}` cannot have a colour")]
    ColorOnPrimary(String),
    /// A `:` with nothing after it, or a second `:`.
    #[error("bad colour in `{0}`: write `item:colour`")]
    BadColor(String),
    /// A `|` in an option line.
    #[error("`|` is not allowed in an option")]
    BarInOption,
    /// Bounds that are not whole numbers written `a:b|name` or `b|name`.
    #[error("bad bounds in `{0}`: write `a:b|name` or `b|name` with whole numbers")]
    BadBound(String),
    /// A bound too large for the engine.
    #[error("a bound in `{0}` is too large: at most {max}", max = crate::util::problem::MAX_BOUND)]
    BoundOverflow(String),
    /// An upper bound of zero.
    #[error("item `{0}`: the upper bound is zero")]
    ZeroUpperBound(String),
    /// A lower bound above the upper bound.
    #[error("item `{name}`: the lower bound {lower} exceeds the upper bound {upper}")]
    LowerAboveUpper {
        /// The item.
        name: String,
        /// The lower bound.
        lower: u32,
        /// The upper bound.
        upper: u32,
    },
    /// Bounds on a secondary item (only primary items take them).
    #[error("secondary item `{0}` cannot have bounds")]
    BoundOnSecondary(String),
    /// Bounds with no item name after them.
    #[error("no item name after the bounds in `{0}`")]
    NoNameAfterBound(String),
    /// A cost (`|n`, Knuth's DLX5) that is not a decimal number.
    #[error("bad cost `{0}`: write `|` and a decimal number, as in `|12`")]
    BadCost(String),
    /// A cost too large for 64 bits, or costs that add up to more.
    #[error("cost `{0}` is too large: the costs of all options must add up to less than 2^64 - 1")]
    CostOverflow(String),
    /// The problem is too large to build.
    #[error("{0}")]
    Build(BuildError),
    /// A byte that is not UTF-8 (see [`utf8`]).
    #[error("byte 0x{0:02x} is not UTF-8: the text must be UTF-8")]
    NotUtf8(u8),
    /// Reading was stopped by its monitor ([`Monitor::stop`], what Ctrl-C
    /// calls) before the end of the text: the line is the one it stopped at.
    #[error("reading interrupted")]
    Interrupted,
}

/// A Knuth-format parse error, with the line and column (both from 1) of the
/// culprit.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}, column {column}: {kind}")]
pub struct ParseError {
    /// The line, from 1.
    pub line: usize,
    /// The column (in characters), from 1.
    pub column: usize,
    /// What is wrong.
    pub kind: ParseErrorKind,
}

/// Something the reader noticed and went on past.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Warning {
    /// An option with no primary item: kept with its number, ignored by the
    /// search, as DLX1 ignores it (and with DLX1's words).
    NoPrimaryItem {
        /// The option's line, from 1.
        line: usize,
    },
}

impl fmt::Display for Warning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Warning::NoPrimaryItem { line } => write!(f, "line {line}: option ignored (no primary items)"),
        }
    }
}

/// A problem read from Knuth's format, with what the reader skipped.
#[derive(Clone, Debug)]
pub struct Parsed {
    /// The problem.
    pub problem: Problem,
    /// Options without a primary item, which the search ignores.
    pub warnings: Vec<Warning>,
    /// The line of each option of the problem, from 1.
    pub option_lines: Vec<usize>,
}

/// A blank-separated word of a line: its text, its column (in characters,
/// from 1), and where (in bytes) its first `|` and its first `:` are, found
/// in the one scan that finds its end.
#[derive(Clone, Copy, Debug)]
struct Word<'t> {
    column: usize,
    text: &'t str,
    bar: Option<usize>,
    colon: Option<usize>,
}

/// The blank-separated words of a line, in one pass over its bytes: white
/// space as `char::is_whitespace` has it, the columns counted in characters.
struct Words<'t> {
    line: &'t str,
    /// Whether the line is all ASCII: then a byte is a character, and a
    /// column the byte's place plus one.
    ascii: bool,
    /// The byte reached.
    at: usize,
    /// The characters before it.
    column: usize,
}

/// Whether an ASCII byte is white space (`char::is_whitespace`: the space,
/// and the tab to the carriage return, the vertical tab among them).
#[inline]
fn ascii_blank(b: u8) -> bool {
    b <= b' ' && (b == b' ' || (b'\t'..=b'\r').contains(&b))
}

/// Whether the character that starts at byte `at` of `line` (the byte
/// `b`) is white space, and its length in bytes.
#[inline]
fn blank_at(line: &str, at: usize, b: u8) -> (bool, usize) {
    if b < 0x80 {
        (ascii_blank(b), 1)
    } else {
        let c = line[at..].chars().next().unwrap_or_default();
        (c.is_whitespace(), c.len_utf8())
    }
}

impl<'t> Iterator for Words<'t> {
    type Item = Word<'t>;

    fn next(&mut self) -> Option<Word<'t>> {
        let bytes = self.line.as_bytes();
        if self.ascii {
            let mut at = self.at;
            while at < bytes.len() && ascii_blank(bytes[at]) {
                at += 1;
            }
            if at == bytes.len() {
                self.at = at;
                return None;
            }
            let start = at;
            let (mut bar, mut colon) = (None, None);
            while at < bytes.len() {
                match bytes[at] {
                    b'|' => bar = bar.or(Some(at - start)),
                    b':' => colon = colon.or(Some(at - start)),
                    b if ascii_blank(b) => break,
                    _ => {}
                }
                at += 1;
            }
            self.at = at;
            return Some(Word { column: start + 1, text: &self.line[start..at], bar, colon });
        }
        loop {
            let &b = bytes.get(self.at)?;
            let (blank, len) = blank_at(self.line, self.at, b);
            if !blank {
                break;
            }
            self.at += len;
            self.column += 1;
        }
        let (start, column) = (self.at, self.column + 1);
        let (mut bar, mut colon) = (None, None);
        while let Some(&b) = bytes.get(self.at) {
            let len = match b {
                b'|' => {
                    bar = bar.or(Some(self.at - start));
                    1
                }
                b':' => {
                    colon = colon.or(Some(self.at - start));
                    1
                }
                _ => match blank_at(self.line, self.at, b) {
                    (true, _) => break,
                    (false, len) => len,
                },
            };
            self.at += len;
            self.column += 1;
        }
        Some(Word { column, text: &self.line[start..self.at], bar, colon })
    }
}

/// The blank-separated words of a line (see [`Words`]).
fn words(line: &str) -> Words<'_> {
    Words { line, ascii: line.is_ascii(), at: 0, column: 0 }
}

/// Whether a line holds the items or an option: neither blank nor a comment,
/// whose first character after any blanks (white space, as [`Words`] has it)
/// is `|`, as Knuth's readers skip blanks before they look for it.
#[inline]
fn is_significant(line: &str) -> bool {
    match line.bytes().find(|&b| !ascii_blank(b)) {
        None | Some(b'|') => false,
        Some(b) if b < 0x80 => true,
        Some(_) => line.trim_start().bytes().next().is_some_and(|b| b != b'|'),
    }
}

/// The byte-order mark, which a text may start with.
const BYTE_ORDER_MARK: char = '\u{feff}';

/// The text of `bytes`, which must be UTF-8, or a
/// [`ParseErrorKind::NotUtf8`] at the line and column (in characters, from 1,
/// a byte-order mark at the start not counted, as [`read`] skips it) of the
/// first byte that is not. Knuth's programs take any bytes in names; this
/// library's names are text.
///
/// ```
/// use quadrille_dlx::knuth::{self, ParseErrorKind};
///
/// assert_eq!(knuth::utf8(b"A B\nA\nB\n").unwrap(), "A B\nA\nB\n");
/// let error = knuth::utf8(b"A B\nA\nB \xe9t\xe9\n").unwrap_err();
/// assert_eq!((error.line, error.column, error.kind), (3, 3, ParseErrorKind::NotUtf8(0xe9)));
/// ```
pub fn utf8(bytes: &[u8]) -> Result<&str, ParseError> {
    std::str::from_utf8(bytes).map_err(|e| {
        let before = &bytes[..e.valid_up_to()];
        let start = before.iter().rposition(|&b| b == b'\n').map_or(0, |k| k + 1);
        let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
        // Valid up to there, so the line's start is text.
        let start_text = std::str::from_utf8(&before[start..]).unwrap_or_default();
        let start_text =
            if start == 0 { start_text.strip_prefix(BYTE_ORDER_MARK).unwrap_or(start_text) } else { start_text };
        ParseError {
            line,
            column: start_text.chars().count() + 1,
            kind: ParseErrorKind::NotUtf8(bytes[e.valid_up_to()]),
        }
    })
}

/// Reads a problem in Knuth's format.
pub fn read(text: &str) -> Result<Parsed, ParseError> {
    read_monitored(text, None)
}

/// Reads a problem in Knuth's format, as [`read`], looking at `monitor`
/// every thousand lines or so: once it is stopped, reading ends with
/// [`ParseErrorKind::Interrupted`] at the line it reached. A text of
/// millions of options takes seconds to read.
pub fn read_monitored(text: &str, monitor: Option<&Monitor>) -> Result<Parsed, ParseError> {
    let stopped = || monitor.is_some_and(Monitor::is_stopped);
    let text = text.strip_prefix(BYTE_ORDER_MARK).unwrap_or(text);
    let mut lines = text.split('\n').enumerate().map(|(k, line)| (k + 1, line.strip_suffix('\r').unwrap_or(line)));
    let mut significant = lines.by_ref().filter(|(_, line)| is_significant(line));
    let Some((item_line, items_text)) = significant.next() else {
        return Err(ParseError { line: 1, column: 1, kind: ParseErrorKind::NoItems });
    };
    let err = |line, column, kind| ParseError { line, column, kind };
    let mut builder = ProblemBuilder::new();
    let mut secondary = false;
    let declare = |builder: &mut ProblemBuilder, secondary: bool, column: usize, word: &str| {
        let made = if secondary { builder.secondary(word) } else { builder.primary(word) };
        made.map(drop).map_err(|e| match e {
            BuildError::DuplicateItem { name } => err(item_line, column, ParseErrorKind::DuplicateItem(name)),
            other => err(item_line, column, ParseErrorKind::Build(other)),
        })
    };
    for Word { column, text: word, bar, colon } in words(items_text) {
        let Some(bar) = bar else {
            // A plain name, the common case.
            if colon.is_some() {
                return Err(err(item_line, column, ParseErrorKind::ColonInName(word.to_string())));
            }
            declare(&mut builder, secondary, column, word)?;
            continue;
        };
        let (spec, name) = (&word[..bar], &word[bar + 1..]);
        if spec.starts_with(|c: char| c.is_ascii_digit()) {
            let name_column = column + spec.chars().count() + 1;
            bounded_item(&mut builder, secondary, spec, name, word)
                .map_err(|(at_name, kind)| err(item_line, if at_name { name_column } else { column }, kind))?;
            continue;
        }
        for (column, word) in item_words(column, word) {
            if word == "|" {
                if secondary {
                    return Err(err(item_line, column, ParseErrorKind::SecondBar));
                }
                secondary = true;
                continue;
            }
            if word.contains(':') {
                return Err(err(item_line, column, ParseErrorKind::ColonInName(word.to_string())));
            }
            declare(&mut builder, secondary, column, word)?;
        }
    }
    if builder.n_primary() == 0 {
        return Err(err(item_line, 1, ParseErrorKind::NoPrimaryItems));
    }

    let mut warnings = Vec::new();
    let mut option_lines = Vec::new();
    let mut option: Vec<(Item, Option<Color>)> = Vec::new();
    let mut colors: HashMap<&str, Color> = HashMap::new();
    let mut in_option: HashSet<Item> = HashSet::new();
    for (k, (line, text)) in significant.enumerate() {
        if k % LOOK_EVERY == 0 && stopped() {
            return Err(err(line, 1, ParseErrorKind::Interrupted));
        }
        option.clear();
        in_option.clear();
        let mut has_primary = false;
        let mut cost: Option<(u64, usize, &str)> = None;
        for Word { column, text: word, bar, colon } in words(text) {
            match bar {
                None => {}
                // A cost: `|` and something after it.
                Some(0) if word.len() > 1 => {
                    cost = Some(add_cost(cost, column, word).map_err(|kind| err(line, column, kind))?);
                    continue;
                }
                Some(_) => return Err(err(line, column, ParseErrorKind::BarInOption)),
            }
            let (name, color) = match colon {
                None => (word, None),
                Some(colon) => {
                    let (name, color) = (&word[..colon], &word[colon + 1..]);
                    if color.is_empty() || color.contains(':') {
                        return Err(err(line, column, ParseErrorKind::BadColor(word.to_string())));
                    }
                    (name, Some(color))
                }
            };
            let Some(item) = builder.item_named(name) else {
                return Err(err(line, column, ParseErrorKind::UnknownItem(name.to_string())));
            };
            // A linear scan for short options, a set once an option is long,
            // so that reading stays linear in the input's size.
            let repeated = if option.len() < LONG_OPTION {
                option.iter().any(|&(i, _)| i == item)
            } else {
                if in_option.is_empty() {
                    in_option.extend(option.iter().map(|&(i, _)| i));
                }
                !in_option.insert(item)
            };
            if repeated {
                return Err(err(line, column, ParseErrorKind::RepeatedItem(name.to_string())));
            }
            let primary = builder.is_primary(item) == Some(true);
            let color = match color {
                None => None,
                Some(_) if primary => {
                    return Err(err(line, column, ParseErrorKind::ColorOnPrimary(name.to_string())));
                }
                Some(c) => Some(match colors.get(c) {
                    Some(&id) => id,
                    None => {
                        let id = builder.color(c).map_err(|e| err(line, column, ParseErrorKind::Build(e)))?;
                        colors.insert(c, id);
                        id
                    }
                }),
            };
            has_primary |= primary;
            option.push((item, color));
        }
        if !has_primary {
            warnings.push(Warning::NoPrimaryItem { line });
        }
        let id =
            builder.option_with_colors(option.iter().copied()).map_err(|e| err(line, 1, ParseErrorKind::Build(e)))?;
        if let Some((cost, column, word)) = cost {
            builder
                .set_cost(id, cost)
                .map_err(|_| err(line, column, ParseErrorKind::CostOverflow(word.to_string())))?;
        }
        option_lines.push(line);
    }
    if stopped() {
        return Err(err(item_line, 1, ParseErrorKind::Interrupted));
    }
    let problem = builder.build().map_err(|e| err(item_line, 1, ParseErrorKind::Build(e)))?;
    Ok(Parsed { problem, warnings, option_lines })
}

/// Adds the cost word `word` (at `column`) to the option's cost so far, which
/// remembers the word that made it overflow if it does.
fn add_cost<'w>(
    sum: Option<(u64, usize, &'w str)>,
    column: usize,
    word: &'w str,
) -> Result<(u64, usize, &'w str), ParseErrorKind> {
    let digits = &word[1..];
    if !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(ParseErrorKind::BadCost(word.to_string()));
    }
    let overflow = || ParseErrorKind::CostOverflow(word.to_string());
    let cost: u64 = digits.parse().map_err(|_| overflow())?;
    let total = sum.map_or(0, |(total, _, _)| total).checked_add(cost).ok_or_else(overflow)?;
    Ok((total, column, word))
}

/// Appends ` |n` for an option's cost, unless it is 0.
fn write_cost(out: &mut String, cost: u64) {
    if cost > 0 {
        let _ = write!(out, " |{cost}");
    }
}

/// A word of the item line, with `|` split off as a word of its own even when
/// written against a name (`A B|C`).
fn item_words(column: usize, word: &str) -> Vec<(usize, &str)> {
    let mut parts = Vec::new();
    let mut offset = 0;
    for (k, piece) in word.split('|').enumerate() {
        if k > 0 {
            parts.push((column + offset - 1, "|"));
        }
        if !piece.is_empty() {
            parts.push((column + offset, piece));
        }
        offset += piece.chars().count() + 1;
    }
    parts
}

/// Declares an item written with bounds, `a:b|name` or `b|name` (`spec` is
/// what comes before the `|`). An error says whether it is about the name
/// (`true`) or the bounds.
fn bounded_item(
    builder: &mut ProblemBuilder,
    secondary: bool,
    spec: &str,
    name: &str,
    word: &str,
) -> Result<(), (bool, ParseErrorKind)> {
    let number = |text: &str| -> Result<u32, (bool, ParseErrorKind)> {
        if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
            return Err((false, ParseErrorKind::BadBound(word.to_string())));
        }
        match text.parse::<u64>() {
            Ok(n) if n <= u64::from(crate::util::problem::MAX_BOUND) => Ok(n as u32),
            _ => Err((false, ParseErrorKind::BoundOverflow(word.to_string()))),
        }
    };
    let (lower, upper) = match spec.split_once(':') {
        Some((lower, upper)) => (number(lower)?, number(upper)?),
        None => {
            let upper = number(spec)?;
            (upper, upper)
        }
    };
    if name.is_empty() {
        return Err((false, ParseErrorKind::NoNameAfterBound(word.to_string())));
    }
    if name.contains('|') {
        return Err((true, ParseErrorKind::SecondBar));
    }
    if name.contains(':') {
        return Err((true, ParseErrorKind::ColonInName(name.to_string())));
    }
    if secondary {
        return Err((false, ParseErrorKind::BoundOnSecondary(name.to_string())));
    }
    builder.primary_with_bounds(name, lower, upper).map(drop).map_err(|e| match e {
        BuildError::DuplicateItem { name } => (true, ParseErrorKind::DuplicateItem(name)),
        BuildError::ZeroUpperBound { name } => (false, ParseErrorKind::ZeroUpperBound(name)),
        BuildError::LowerAboveUpper { name, lower, upper } => {
            (false, ParseErrorKind::LowerAboveUpper { name, lower, upper })
        }
        other => (true, ParseErrorKind::Build(other)),
    })
}

/// Writes a problem in Knuth's format: the item line, then one line per option.
pub fn write(problem: &Problem) -> String {
    let mut out = String::new();
    let names = |primary: bool| problem.items().filter(move |&i| problem.is_primary(i) == primary);
    let mut first = true;
    for item in names(true) {
        if !first {
            out.push(' ');
        }
        first = false;
        // An item declared with bounds `[1, 1]` is written `1|name`, so that
        // the problem read back is still one of bounds (see
        // `Problem::declares_bounds`).
        match problem.declared_bounds(item) {
            None => {}
            Some((lower, upper)) if lower == upper => {
                let _ = write!(out, "{upper}|");
            }
            Some((lower, upper)) => {
                let _ = write!(out, "{lower}:{upper}|");
            }
        }
        out.push_str(problem.item_name(item));
    }
    // A text starting with a byte-order mark loses it when read, so a first
    // name that starts with one is written after one more.
    if out.starts_with(BYTE_ORDER_MARK) {
        out.insert(0, BYTE_ORDER_MARK);
    }
    if problem.n_secondary() > 0 {
        out.push_str(" |");
        for item in names(false) {
            let _ = write!(out, " {}", problem.item_name(item));
        }
    }
    out.push('\n');
    for option in problem.options() {
        out.push_str(&problem.format_option(option));
        write_cost(&mut out, problem.cost(option));
        out.push('\n');
    }
    out
}

impl Problem {
    /// Reads a problem in Knuth's format (see [`knuth`](crate::knuth)), dropping
    /// the warnings.
    pub fn from_knuth(text: &str) -> Result<Problem, ParseError> {
        read(text).map(|parsed| parsed.problem)
    }

    /// [`Problem::from_knuth`] that `monitor` can stop (see
    /// [`knuth::read_monitored`](crate::knuth::read_monitored)): a stop from
    /// another thread ends the reading with [`ParseErrorKind::Interrupted`].
    ///
    /// ```
    /// use quadrille_dlx::{Monitor, Problem};
    /// use quadrille_dlx::knuth::ParseErrorKind;
    ///
    /// let monitor = Monitor::new();
    /// assert!(Problem::from_knuth_monitored("a b\na\nb\n", &monitor).is_ok());
    /// monitor.stop();
    /// let stopped = Problem::from_knuth_monitored("a b\na\nb\n", &monitor).unwrap_err();
    /// assert_eq!(stopped.kind, ParseErrorKind::Interrupted);
    /// ```
    pub fn from_knuth_monitored(text: &str, monitor: &Monitor) -> Result<Problem, ParseError> {
        read_monitored(text, Some(monitor)).map(|parsed| parsed.problem)
    }

    /// Writes the problem in Knuth's format.
    pub fn to_knuth(&self) -> String {
        write(self)
    }
}
