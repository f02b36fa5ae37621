//! The `quadrille` command: exact cover, N-Queens and sudoku from the shell.
//!
//! Results go to stdout, everything else (statistics, warnings, errors) to stderr.
//! Exit codes: 0 when solutions were found (and for a `--shard` run that
//! counted its slice, whatever it found), 1 when none, 2 for bad input or
//! usage, 130 after Ctrl-C.

use std::io::{self, BufWriter, Write};
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};

use clap::{CommandFactory, Parser, Subcommand};

mod common;
mod count;
mod estimate;
mod input;
mod memo;
mod pack;
mod packings;
mod pre;
mod progress;
mod queens;
mod replay;
mod shard;
mod solve;
mod sudoku;
mod tally;
mod terminal;

/// Exact cover with Knuth's Dancing Links: solve Knuth-format problems, N-Queens
/// and sudoku.
#[derive(Debug, Parser)]
#[command(
    name = "quadrille",
    version,
    about,
    propagate_version = true,
    after_help = "Exit codes: 0 when solutions were found (and for a --shard run that counted its slice, \
        whatever it found), 1 when none, 2 for bad input or usage, 130 after Ctrl-C (with the partial count)."
)]
struct Cli {
    /// No progress bar, statistics or warnings on stderr; only errors.
    #[arg(long, short, global = true)]
    quiet: bool,
    #[command(subcommand)]
    command: Command,
}

static QUIET: AtomicBool = AtomicBool::new(false);

/// Whether the user asked for `--quiet`.
pub fn quiet() -> bool {
    QUIET.load(Ordering::Relaxed)
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Solve an exact-cover problem written in Knuth's DLX format.
    Solve(Deferred<solve::Args>),
    /// Place N queens on an N×N board so that none attacks another.
    Queens(Deferred<queens::Args>),
    /// Solve sudoku puzzles, one per line or as grids.
    Sudoku(Deferred<sudoku::Args>),
    /// Pack polyominoes or polycubes into a box (Knuth's description language,
    /// or a built-in set such as the pentominoes).
    Pack(Deferred<pack::Args>),
    /// Reduce a problem in Knuth's DLX format as his DLX-PRE does: fewer
    /// options and items, the same solutions.
    ///
    /// The options no solution can hold and the items other items imply are
    /// removed, in rounds; the reduced problem goes to stdout.
    Pre(Deferred<pre::Args>),
    /// Sum the records of a count run in shards (`--shard I/K`), checking that
    /// every shard is there once.
    Merge(Deferred<shard::Args>),
    /// Print what every engine can do: the questions it answers, the
    /// problems it takes, how it splits and whose statistics it counts.
    Engines {
        /// As a Markdown table (the README's).
        #[arg(long)]
        markdown: bool,
    },
    /// Print a shell completion script for bash, zsh, fish, elvish or powershell.
    #[command(after_help = "Examples:\n  quadrille completions bash > /etc/bash_completion.d/quadrille\n  \
        quadrille completions zsh > ~/.zfunc/_quadrille\n  \
        quadrille completions fish > ~/.config/fish/completions/quadrille.fish")]
    Completions {
        /// The shell.
        shell: clap_complete::Shell,
    },
}

/// A subcommand's arguments, declared to the parser only when that
/// subcommand is the one given (clap's `Command::defer`): a run builds the
/// arguments of its own subcommand, not those of all six. The help and the
/// completions, which list every subcommand's arguments, build them all.
#[derive(Debug)]
struct Deferred<T>(T);

impl<T: clap::Args> clap::Args for Deferred<T> {
    fn group_id() -> Option<clap::Id> {
        T::group_id()
    }

    fn augment_args(cmd: clap::Command) -> clap::Command {
        cmd.defer(|cmd| keep_about(cmd, T::augment_args))
    }

    fn augment_args_for_update(cmd: clap::Command) -> clap::Command {
        cmd.defer(|cmd| keep_about(cmd, T::augment_args_for_update))
    }
}

/// `augment` applied to a subcommand, which keeps the about texts it had (the
/// subcommand's, set before its arguments come: those of the arguments'
/// type would replace them).
fn keep_about(cmd: clap::Command, augment: fn(clap::Command) -> clap::Command) -> clap::Command {
    let (about, long_about) = (cmd.get_about().cloned(), cmd.get_long_about().cloned());
    let cmd = augment(cmd);
    let cmd = match about {
        Some(about) => cmd.about(about),
        None => cmd.about(None::<&'static str>),
    };
    match long_about {
        Some(long_about) => cmd.long_about(long_about),
        None => cmd.long_about(None::<&'static str>),
    }
}

impl<T: clap::FromArgMatches> clap::FromArgMatches for Deferred<T> {
    fn from_arg_matches(matches: &clap::ArgMatches) -> Result<Self, clap::Error> {
        T::from_arg_matches(matches).map(Deferred)
    }

    fn from_arg_matches_mut(matches: &mut clap::ArgMatches) -> Result<Self, clap::Error> {
        T::from_arg_matches_mut(matches).map(Deferred)
    }

    fn update_from_arg_matches(&mut self, matches: &clap::ArgMatches) -> Result<(), clap::Error> {
        self.0.update_from_arg_matches(matches)
    }

    fn update_from_arg_matches_mut(&mut self, matches: &mut clap::ArgMatches) -> Result<(), clap::Error> {
        self.0.update_from_arg_matches_mut(matches)
    }
}

/// How a command ended, as the exit code says it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Solutions were found (exit code 0).
    Found,
    /// No solution (exit code 1).
    NotFound,
    /// Some input was bad, but the rest was answered (exit code 2).
    BadInput,
    /// Stopped by Ctrl-C, after saying what was done (exit code 130).
    Interrupted,
}

impl Outcome {
    /// `Found` when `solutions > 0`, else `NotFound`.
    pub fn of_count(solutions: u64) -> Outcome {
        if solutions > 0 { Outcome::Found } else { Outcome::NotFound }
    }

    fn exit_code(self) -> ExitCode {
        match self {
            Outcome::Found => ExitCode::SUCCESS,
            Outcome::NotFound => ExitCode::from(1),
            Outcome::BadInput => ExitCode::from(2),
            Outcome::Interrupted => ExitCode::from(130),
        }
    }
}

/// Buffered standard output: results are written in large blocks, not line by
/// line. It takes the lock on stdout only while writing a block, so threads may
/// share it (behind a mutex).
pub fn stdout() -> BufWriter<io::Stdout> {
    BufWriter::with_capacity(1 << 16, io::stdout())
}

/// Whether an error is a closed pipe downstream (`quadrille … | head`): then the
/// command stops quietly.
fn is_broken_pipe(error: &anyhow::Error) -> bool {
    error.chain().any(|cause| cause.downcast_ref::<io::Error>().is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe))
}

/// `quadrille engines`: the library's capability table, as text or
/// Markdown.
fn engines(markdown: bool) -> anyhow::Result<Outcome> {
    use std::io::Write;
    let mut out = stdout();
    if markdown {
        write!(out, "{}", quadrille_dlx::engine::markdown())?;
    } else {
        write!(out, "{}", quadrille_dlx::engine::text())?;
    }
    out.flush()?;
    Ok(Outcome::Found)
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            let _ = e.print();
            return if e.use_stderr() { ExitCode::from(2) } else { ExitCode::SUCCESS };
        }
    };
    QUIET.store(cli.quiet, Ordering::Relaxed);
    // Install the Ctrl-C handler before any work starts.
    progress::monitor();
    let result = match cli.command {
        Command::Solve(Deferred(args)) => solve::run(args),
        Command::Queens(Deferred(args)) => queens::run(args),
        Command::Sudoku(Deferred(args)) => sudoku::run(args),
        Command::Pack(Deferred(args)) => pack::run(args),
        Command::Pre(Deferred(args)) => pre::run(args),
        Command::Merge(Deferred(args)) => shard::run(args),
        Command::Engines { markdown } => engines(markdown),
        Command::Completions { shell } => {
            let mut out = stdout();
            clap_complete::generate(shell, &mut Cli::command(), "quadrille", &mut out);
            out.flush().map(|()| Outcome::Found).map_err(Into::into)
        }
    };
    match result {
        Ok(outcome) => outcome.exit_code(),
        Err(e) if is_broken_pipe(&e) => ExitCode::SUCCESS,
        Err(e) => {
            common::say!("quadrille: error: {e:#}");
            ExitCode::from(2)
        }
    }
}
