//! `quadrille solve --estimate`: Knuth's estimate of the search tree by
//! random probes, instead of the search or before it.

use std::io::Write;

use quadrille_dlx::front::{Estimate, Search, Spread};

use crate::Outcome;
use crate::common::say;
use crate::count::error;

/// What `--estimate` was asked with.
pub struct Request {
    /// The probes asked for: exactly these; none, the library's default
    /// ([`Estimate::DEFAULT_PROBES`] within [`Estimate::DEFAULT_WORK`]).
    pub probes: Option<u32>,
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
    let estimate = match request.probes {
        Some(probes) => search.estimate(probes, request.seed),
        None => search.estimate_within(Estimate::DEFAULT_PROBES, Estimate::DEFAULT_WORK, request.seed),
    }
    .map_err(error)?;
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
    let stopped = if estimate.interrupted {
        ", interrupted"
    } else if estimate.bounded {
        ", as many as the bound on their work allowed"
    } else {
        ""
    };
    let mut text = format!(
        "{} probes of the {} engine's tree (seed {}){stopped}\n",
        estimate.probes, estimate.engine, estimate.seed
    );
    for (name, spread) in [("nodes", estimate.nodes), ("updates", estimate.updates), ("solutions", estimate.solutions)]
    {
        text += &format!("{name}: {}\n", spread_text(spread));
    }
    if profile {
        for (depth, (&nodes, &log10)) in estimate.profile.iter().zip(&estimate.profile_log10).enumerate() {
            text += &format!("depth {depth}: {}\n", number(nodes, log10));
        }
    }
    text
}

/// `mean ± error` (or the mean alone from one probe).
fn spread_text(spread: Spread) -> String {
    let mean = number(spread.mean, spread.log10_mean);
    match spread.error.zip(spread.log10_error) {
        Some((error, log10)) => format!("{mean} ± {}", number(error, log10)),
        None => mean,
    }
}

/// A figure as people read it, given as an `f64` and as its logarithm:
/// whole numbers with thousands separated up to 10^15, three significant
/// digits in scientific notation past it, at any size (past `f64` too, from
/// the logarithm).
fn number(x: f64, log10: f64) -> String {
    if x.is_nan() {
        return "nan".into();
    }
    if x.abs() >= 1e15 {
        // From the logarithm: 10^log10 = m × 10^e, m rounded to two decimals.
        let mut e = log10.floor();
        let mut m = (10f64.powf(log10 - e) * 100.0).round() / 100.0;
        if m >= 10.0 {
            m /= 10.0;
            e += 1.0;
        }
        return format!("{m:.2}e{e}");
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

/// The estimate as one JSON line. Each spread has its mean and standard
/// error as numbers (`null` past `f64`'s range, and for the error of one
/// probe) and their base-10 logarithms, right at any size (`null` for 0).
fn json(estimate: &Estimate) -> String {
    let finite = |x: f64| x.is_finite().then_some(x);
    let spread = |s: Spread| {
        serde_json::json!({
            "mean": finite(s.mean),
            "error": s.error.and_then(finite),
            "log10_mean": finite(s.log10_mean),
            "log10_error": s.log10_error.and_then(finite),
        })
    };
    let mut line = serde_json::json!({
        "estimate": {
            "engine": estimate.engine.to_string(),
            "probes": estimate.probes,
            "seed": estimate.seed,
            "nodes": spread(estimate.nodes),
            "updates": spread(estimate.updates),
            "solutions": spread(estimate.solutions),
            "profile": estimate.profile.iter().map(|&x| finite(x)).collect::<Vec<_>>(),
            "profile_log10": estimate.profile_log10.iter().map(|&x| finite(x)).collect::<Vec<_>>(),
            "work": estimate.work,
            "bounded": estimate.bounded,
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

    fn of(x: f64) -> String {
        number(x, x.log10())
    }

    #[test]
    fn numbers_are_grouped_by_thousands() {
        assert_eq!(of(0.0), "0");
        assert_eq!(of(999.4), "999");
        assert_eq!(of(1234.0), "1,234");
        assert_eq!(of(909_153.0), "909,153");
        assert_eq!(number(-1_000_000.0, 6.0), "-1,000,000");
        assert_eq!(of(2.5e20), "2.50e20");
        assert_eq!(of(9.996e20), "1.00e21");
    }

    /// Past f64, the logarithm gives the figure.
    #[test]
    fn figures_past_f64_come_from_their_logarithms() {
        assert_eq!(number(f64::INFINITY, 412.3), "2.00e412");
        assert_eq!(number(f64::INFINITY, 743.0 + 2f64.log10()), "2.00e743");
        assert_eq!(of(1.2382912248790254e168), "1.24e168");
    }
}
