//! `quadrille solve --estimate`: Knuth's estimate of the search tree by
//! random probes, instead of the search or before it.

use std::io::Write;

use quadrille_dlx::front::{Estimate, Search, Spread};

use crate::Outcome;
use crate::common::say;
use crate::count::error;

/// The probes of an estimate when `--probes` is not given.
pub const DEFAULT_PROBES: u32 = 1000;

/// What `--estimate` was asked with.
pub struct Request {
    /// The probes.
    pub probes: u32,
    /// Their seed.
    pub seed: u64,
    /// One JSON line instead of text.
    pub json: bool,
    /// The nodes at each depth too.
    pub profile: bool,
}

/// Makes the estimate. Alone (`before` false), it is the answer, on stdout;
/// before a search, it goes to stderr as notes. `Interrupted` after Ctrl-C,
/// with the probes made so far.
pub fn run(search: Search<'_>, request: &Request, before: bool) -> anyhow::Result<Outcome> {
    let estimate = search.estimate(request.probes, request.seed).map_err(error)?;
    let text = if request.json { json(&estimate) } else { text(&estimate, request.profile) };
    if before {
        for line in text.lines() {
            say!("quadrille: estimate: {line}");
        }
    } else {
        let mut out = crate::stdout();
        out.write_all(text.as_bytes())?;
        out.flush()?;
    }
    Ok(if estimate.interrupted { Outcome::Interrupted } else { Outcome::Found })
}

/// The estimate as lines of text.
fn text(estimate: &Estimate, profile: bool) -> String {
    let mut text = format!(
        "{} probes of the {} engine's tree (seed {}){}\n",
        estimate.probes,
        estimate.engine,
        estimate.seed,
        if estimate.interrupted { ", interrupted" } else { "" }
    );
    for (name, spread) in [("nodes", estimate.nodes), ("updates", estimate.updates), ("solutions", estimate.solutions)]
    {
        text += &format!("{name}: {}\n", spread_text(spread));
    }
    if profile {
        for (depth, nodes) in estimate.profile.iter().enumerate() {
            text += &format!("depth {depth}: {}\n", number(*nodes));
        }
    }
    text
}

/// `mean ± error` (or the mean alone from one probe).
fn spread_text(spread: Spread) -> String {
    match spread.error {
        Some(error) => format!("{} ± {}", number(spread.mean), number(error)),
        None => number(spread.mean),
    }
}

/// A figure as people read it: whole numbers with thousands separated up to
/// 10^15, three significant digits in scientific notation past it.
fn number(x: f64) -> String {
    if !x.is_finite() || x.abs() >= 1e15 {
        return format!("{x:.2e}");
    }
    let whole = format!("{:.0}", x.abs());
    let mut grouped = String::new();
    for (i, digit) in whole.chars().enumerate() {
        if i > 0 && (whole.len() - i) % 3 == 0 {
            grouped.push(',');
        }
        grouped.push(digit);
    }
    if x < 0.0 && whole != "0" { format!("-{grouped}") } else { grouped }
}

/// The estimate as one JSON line.
fn json(estimate: &Estimate) -> String {
    let spread = |s: Spread| serde_json::json!({ "mean": s.mean, "error": s.error });
    let mut line = serde_json::json!({
        "estimate": {
            "engine": estimate.engine.to_string(),
            "probes": estimate.probes,
            "seed": estimate.seed,
            "nodes": spread(estimate.nodes),
            "updates": spread(estimate.updates),
            "solutions": spread(estimate.solutions),
            "profile": estimate.profile,
            "interrupted": estimate.interrupted,
        }
    })
    .to_string();
    line.push('\n');
    line
}

#[cfg(test)]
mod tests {
    use super::number;

    #[test]
    fn numbers_are_grouped_by_thousands() {
        assert_eq!(number(0.0), "0");
        assert_eq!(number(999.4), "999");
        assert_eq!(number(1234.0), "1,234");
        assert_eq!(number(909_153.0), "909,153");
        assert_eq!(number(-1_000_000.0), "-1,000,000");
        assert_eq!(number(2.5e20), "2.50e20");
    }
}
