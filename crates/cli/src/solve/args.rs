//! The arguments of `quadrille solve` and the checks clap cannot make.

use std::path::PathBuf;

use anyhow::bail;
use quadrille_dlx::{Branching, Engine, Weights};

use crate::common::{
    ListingFlags, Threads, TraceFormat, branching_parser, engine_parser, parse_bytes, threads_parser, weights_parser,
};
use crate::shard::Shard;

/// Arguments of `quadrille solve`.
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:\n  quadrille solve pentomino_6x10.dlx --count --stats\n  \
    quadrille solve --first < knuth_toy.dlx\n  \
    quadrille solve knuth_toy.dlx --trace --format html > trace.html\n  quadrille queens 8 --emit-dlx | quadrille solve --json --count\n  \
    quadrille solve dominoes_8x8.dlx --engine memo --count --stats\n  \
    quadrille solve dominoes_8x8.dlx --sample 3 --seed 7\n  \
    quadrille solve knuth_toy.dlx --zdd-dot | dot -Tsvg > zdd.svg")]
pub struct Args {
    /// The problem in Knuth's DLX format (`-` or nothing: standard input).
    pub file: Option<PathBuf>,
    #[command(flatten)]
    pub listing: ListingFlags,
    /// Print nodes, updates, solutions and time on stderr.
    #[arg(long)]
    pub stats: bool,
    /// Prefer the primary items whose names begin with `#` when choosing the
    /// item to branch on, as Knuth's DLX2-SHARP and DLX3-SHARP do (links, bits
    /// and cells with --branching dlx; an item with one option left still
    /// comes first). The same solutions; another tree, other statistics.
    /// Refused with --branching binary, which has no rule for sharp items.
    #[arg(long)]
    pub sharp: bool,
    /// Print JSON Lines on stdout: one object per solution (unless counting),
    /// `{"solution":["A D","C E F"]}`, then one object with the counts and the
    /// time (with --sample, `sampled`: the number drawn; `solutions`: all of
    /// them). A count above 2^53 - 1 is a string of decimal digits, a JSON
    /// number below, in every JSON line the command writes.
    #[arg(long)]
    pub json: bool,
    /// Threads: counting uses all cores unless told otherwise; listing uses
    /// several only when told, and then prints solutions in no particular order.
    #[arg(long, value_name = "N", value_parser = threads_parser())]
    pub threads: Option<Threads>,
    /// Count only slice I of K (from 0) and print a JSON record for
    /// `quadrille merge`; K machines with one slice each count the whole. Exits
    /// 0 once the slice is counted, whatever it found.
    #[arg(long, value_name = "I/K", requires = "count", conflicts_with_all = ["first", "limit"])]
    pub shard: Option<Shard>,
    /// Print the K cheapest solutions (options cost `|n`, as in Knuth's DLX5),
    /// in increasing cost, each with its cost, then the costs; K is 1 when not
    /// given. Uses all cores unless told otherwise; the answer does not depend
    /// on the threads (equal costs go by the options' order in the file).
    #[arg(
        long,
        value_name = "K",
        num_args = 0..=1,
        default_missing_value = "1",
        value_parser = clap::value_parser!(u32).range(1..),
        conflicts_with_all = ["count", "first", "limit", "shard"]
    )]
    pub best: Option<u32>,
    /// Print the plan instead of solving: the engines that would answer the
    /// question the other flags ask (count, first, list, best, estimate), in
    /// what order, within what budgets, on how many threads, and why. For a
    /// count by auto, the rule runs what it runs to choose (the memo's
    /// probe, Knuth's estimates, a short turn of the sweep) and says what
    /// those gave.
    #[arg(long, conflicts_with_all = ["trace", "zdd", "zdd_dot", "option_counts", "sample"])]
    pub explain: bool,
    /// Print every step of the search: each item chosen, covered and uncovered,
    /// each option tried and taken back, with the options hidden and restored.
    #[arg(long, conflicts_with_all = ["count", "json", "threads", "shard", "best"])]
    pub trace: bool,
    /// How to write the trace: text lines, or one HTML page that replays it.
    #[arg(long, value_enum, requires = "trace")]
    pub format: Option<TraceFormat>,
    /// The engine that answers [default: auto, the front's plan: --explain
    /// prints it]. An engine that cannot do what is asked (a question, a
    /// knob, bounds that can bind, colours) is refused, naming why and
    /// which engines can; `quadrille engines` prints what each can do.
    #[arg(long, value_name = "ENGINE", value_parser = engine_parser(), conflicts_with = "trace")]
    pub engine: Option<Engine>,
    /// How the cells engine branches: dlx, one branch per option of the item
    /// chosen (SSXCC's statistics), or binary, two branches: take the first
    /// option of the item chosen, or hide it (Knuth's SSXCC-BINARY: its nodes,
    /// updates and solutions; with bounds on items, even 1|a, his SSMCC's)
    /// [default: dlx]. Needs --engine cells. Binary branching searches as one
    /// subproblem: on one thread, and in shards, slice 0 holds it all.
    #[arg(long, value_name = "HOW", value_parser = branching_parser())]
    pub branching: Option<Branching>,
    /// With --branching binary, the item to branch on is the one whose set's
    /// size divided by a weight learned from the search is smallest: frb, the
    /// share of the options tried on it that left another item without
    /// options (Knuth's SSXCC-FRB), or wdeg, one plus the times its own set
    /// was emptied (SSXCC-WTD); with bounds, SSMCC-FRB and SSMCC-WTD, the
    /// branching degree in place of the size [default: off, the smallest set].
    #[arg(long, value_name = "WEIGHTS", value_parser = weights_parser())]
    pub weights: Option<Weights>,
    /// Write the ZDD of every solution on stdout in Knuth's text format (the
    /// one his ZDDREAD programs read): one line per node, `id: (~option?lo:hi)`
    /// in hexadecimal, then the root. Runs the memo engine.
    #[arg(long, conflicts_with_all = MEMO_OUTPUTS_BUT_ZDD)]
    pub zdd: bool,
    /// Write the ZDD on stdout for Graphviz's dot (refused above 10,000 nodes).
    /// Runs the memo engine.
    #[arg(long, conflicts_with_all = ["zdd", "json", "count", "first", "limit", "sample", "option_counts", "best"])]
    pub zdd_dot: bool,
    /// Print K solutions drawn uniformly at random (each solution equally
    /// likely, independently), the same ones for the same seed on every
    /// machine. Runs the memo engine.
    #[arg(long, value_name = "K", value_parser = clap::value_parser!(u64).range(1..), conflicts_with_all = ["count", "first", "limit", "option_counts", "best"])]
    pub sample: Option<u64>,
    /// The seed of --sample or --estimate [default: 0].
    #[arg(long, value_name = "S")]
    pub seed: Option<u64>,
    /// Estimate the search tree by Knuth's random probes (each follows one
    /// path, drawing one option a level, and costs about what that path of
    /// the search does): its nodes, updates and solutions, each with the
    /// standard error of its mean, as the engine that would search counts
    /// them (links, cells or bits); past 1.8e308, from their logarithms.
    /// Alone, instead of the search (with --stats, the nodes at each depth
    /// too); with --count, --first or --limit, on stderr before it.
    #[arg(long, conflicts_with_all = ["best", "trace", "shard", "zdd", "zdd_dot", "sample", "option_counts", "branching"])]
    pub estimate: bool,
    /// The probes of --estimate, exactly [default: 1000, or fewer once the
    /// probes' work (the nodes they enter, their moves and the updates made
    /// there) reaches 10^8, about a second; the first line says how many].
    #[arg(long, value_name = "N", requires = "estimate", value_parser = clap::value_parser!(u32).range(1..))]
    pub probes: Option<u32>,
    /// For each option, in the file's order, the number of solutions that use
    /// it, then the option. Runs the memo engine.
    #[arg(long, conflicts_with_all = ["count", "first", "limit", "best"])]
    pub option_counts: bool,
    /// The most bytes the memo engine may hold (with --engine memo, or in a
    /// count whose engine the rule for counts chooses): its cache, its
    /// diagram of the solutions and the search's state (suffixes K, M, G, T:
    /// powers of 1024) [default: 1G]. The cache takes at most half, and when that is full the
    /// search goes on without caching more (still exact, only slower); when
    /// the whole would pass the limit, an error naming it (exit 2). The
    /// sweep's caches grow within it too (all threads together), its counts
    /// exact whatever their memory.
    // `--memo-limit`, its former name, is still taken (deprecated).
    #[arg(long, alias = "memo-limit", value_name = "BYTES", value_parser = parse_bytes)]
    pub memo_bytes: Option<usize>,
    /// Reduce the problem first as `quadrille pre` does (Knuth's DLX-PRE),
    /// then solve the reduced one: the same solutions, printed as the input's
    /// options (in the order the search meets them); with --stats, the line
    /// `removed N options and M items` on stderr first. Bounds on items that
    /// can never bind are rewritten away first; others are refused.
    #[arg(long, conflicts_with_all = ["trace", "zdd", "zdd_dot", "sample", "option_counts"])]
    pub preprocess: bool,
    /// With --preprocess: at most this many rounds (each tries every item
    /// once) [default: until one removes nothing].
    #[arg(long, value_name = "N", requires = "preprocess", value_parser = clap::value_parser!(u64).range(1..))]
    pub rounds: Option<u64>,
}

/// The flags that --zdd does not combine with.
const MEMO_OUTPUTS_BUT_ZDD: [&str; 8] =
    ["json", "count", "first", "limit", "sample", "option_counts", "best", "zdd_dot"];

impl Args {
    /// Whether a flag asks for what only the memo's diagram gives.
    pub(super) fn memo_only(&self) -> Option<&'static str> {
        [
            (self.zdd, "--zdd"),
            (self.zdd_dot, "--zdd-dot"),
            (self.sample.is_some(), "--sample"),
            (self.option_counts, "--option-counts"),
        ]
        .into_iter()
        .find_map(|(given, flag)| given.then_some(flag))
    }

    /// The diagram's request, when a flag asks for it.
    pub(super) fn memo_request(&self) -> anyhow::Result<Option<crate::memo::Request>> {
        use crate::memo::{Output, Request};
        let may_memo = self.engine == Some(Engine::Memo)
            || self.memo_only().is_some()
            || (self.listing.count && self.shard.is_none())
            || (self.best.is_some() && self.engine.is_none_or(|e| e == Engine::Memo));
        if self.memo_bytes.is_some() && !may_memo {
            bail!("--memo-bytes is for the memo engine or a count: add --engine memo or --count");
        }
        if self.memo_only().is_none() {
            return Ok(None);
        }
        let output = if self.zdd {
            Output::Zdd
        } else if self.zdd_dot {
            Output::Dot
        } else if let Some(k) = self.sample {
            Output::Sample { k, seed: self.seed.unwrap_or(crate::memo::DEFAULT_SEED) }
        } else {
            Output::OptionCounts
        };
        Ok(Some(Request {
            output,
            json: self.json,
            stats: self.stats,
            memo_bytes: self.memo_bytes.unwrap_or(quadrille_dlx::memo::DEFAULT_LIMIT_BYTES),
            engine: self.engine.unwrap_or(Engine::Memo),
        }))
    }
}
