//! `quadrille pre`: Knuth's DLX-PRE, the problem reduced to one with the same
//! solutions, written back in Knuth's format.

use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;

use quadrille_dlx::pre::{ItemChange, OptionChange, Preprocess, Reduced};

use crate::Outcome;
use crate::common::{read_problem, say};
use crate::progress;

/// Arguments of `quadrille pre`.
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:\n  quadrille pre pentomino_6x10.dlx > reduced.dlx\n  \
    quadrille pre pentomino_6x10.dlx --origins | quadrille solve --count\n  \
    quadrille pre knuth_toy.dlx --explain")]
pub struct Args {
    /// The problem in Knuth's DLX format (`-` or nothing: standard input).
    pub file: Option<PathBuf>,
    /// At most this many rounds (each tries every item once); without it,
    /// rounds go on until one removes nothing.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub rounds: Option<u64>,
    /// After each option, a comment line `| (from N)`: it came from the N-th
    /// option line of the input (from 1, counting the lines of options without
    /// a primary item too, which DLX-PRE's `v9` skips).
    #[arg(long)]
    pub origins: bool,
    /// On stderr, each option and item removed, with the reason.
    #[arg(long)]
    pub explain: bool,
}

/// Runs `quadrille pre`.
pub fn run(args: Args) -> anyhow::Result<Outcome> {
    let problem = read_problem(args.file.as_deref())?;
    let start = Instant::now();
    let rounds = args.rounds.map(|n| usize::try_from(n).unwrap_or(usize::MAX));
    let reduced = Preprocess::new().rounds(rounds).monitor(Some(progress::monitor())).run(&problem)?;
    if args.explain && !crate::quiet() {
        let name = |item| problem.item_name(item);
        for item in &reduced.bounds {
            say!("{item}");
        }
        for &(option, change) in &reduced.removed.options {
            let line = problem.format_option(option);
            let number = option.0 + 1;
            match change {
                OptionChange::Blocks { blocked } => {
                    say!("option {number} ({line}) removed: it blocks {}", name(blocked))
                }
                OptionChange::Excluded { item, forced_by } => say!(
                    "option {number} ({line}) removed: it holds {} but not {}, whose options all hold it",
                    name(item),
                    name(forced_by)
                ),
                OptionChange::Shortened { item, forced_by } => {
                    say!("option {number} ({line}) loses {}, which {} implies", name(item), name(forced_by))
                }
                OptionChange::Infeasible => say!("option {number} ({line}) removed: the problem is infeasible"),
                _ => say!("option {number} ({line}) changed"),
            }
        }
        for &(item, change) in &reduced.removed.items {
            match change {
                ItemChange::Forced { forced_by } => {
                    say!("item {} removed: every option of {} holds it", name(item), name(forced_by))
                }
                ItemChange::Unused => say!("item {} removed: it is in no option", name(item)),
                ItemChange::Infeasible => say!("item {} removed: the problem is infeasible", name(item)),
                ItemChange::BoundsNeverBind => say!("item {} removed: its bounds never bind", name(item)),
                _ => say!("item {} removed", name(item)),
            }
        }
    }
    let mut out = crate::stdout();
    let text = reduced.problem.to_knuth();
    let mut lines = text.lines();
    if let Some(items) = lines.next() {
        writeln!(out, "{items}")?;
    }
    for (line, origin) in lines.zip(&reduced.origin) {
        writeln!(out, "{line}")?;
        if args.origins {
            writeln!(out, "| (from {})", origin.0 + 1)?;
        }
    }
    out.flush()?;
    if !crate::quiet() {
        say!("{}", removed(&reduced, start.elapsed().as_secs_f64()));
        if let Some(item) = reduced.infeasible {
            say!("quadrille: the problem has no solution: item {} is in no option", problem.item_name(item));
        }
    }
    if reduced.interrupted {
        return Ok(Outcome::Interrupted);
    }
    Ok(Outcome::Found)
}

/// The line that says what preprocessing removed, in how many rounds and how
/// long (`pre`, and `solve --preprocess --stats`).
pub fn removed(reduced: &Reduced, seconds: f64) -> String {
    let plural = |n: usize, word: &str| format!("{n} {word}{}", if n == 1 { "" } else { "s" });
    format!(
        "removed {} and {}, {}, {seconds:.3} s{}",
        plural(reduced.options_removed(), "option"),
        plural(reduced.items_removed(), "item"),
        plural(reduced.rounds, "round"),
        if reduced.interrupted { " (interrupted: the problem is reduced only so far)" } else { "" }
    )
}
