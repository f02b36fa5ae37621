//! What every engine can do, in one table: the questions it answers, what
//! it takes of a problem, how it splits, and whose statistics it counts.
//!
//! Every door reads this table and nothing else: the front refuses a
//! question, a problem or a knob with the table's words
//! ([`Capabilities::refusal`]), the command line lists its `--engine`
//! values and their help from it, the shard records accept the engines it
//! says split a count, and Python exports it as `quadrille.ENGINES` and
//! `quadrille.engines()`.
//!
//! ```
//! use quadrille_dlx::{Engine, Question};
//!
//! let sweep = Engine::Sweep.capabilities();
//! assert!(sweep.answers(Question::Count) && !sweep.answers(Question::Best));
//! assert!(!sweep.colours);
//! // The refusal, in the same words at every door.
//! let refusal = sweep.refusal(Question::Best).unwrap();
//! assert_eq!(
//!     refusal.to_string(),
//!     "the sweep engine cannot find the cheapest solutions: links, bits, costs and memo do"
//! );
//! // The engines that split a count into shards.
//! let shards: Vec<&str> = Engine::ALL.iter().filter(|e| e.capabilities().shards(Question::Count)).map(|e| e.name()).collect();
//! assert_eq!(shards, ["links", "cells", "bits", "auto"]);
//! ```

use crate::util::search::Engine;

/// A question asked of a problem.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Question {
    /// How many solutions.
    Count,
    /// The first solution.
    First,
    /// Every solution (up to a limit), one at a time.
    List,
    /// The `k` cheapest solutions, when options cost something.
    Best,
    /// Solutions drawn uniformly at random.
    Sample,
    /// The diagram (ZDD) of every solution.
    Diagram,
    /// Knuth's estimate of the search tree, by random probes.
    Estimate,
}

impl Question {
    /// Every question, in the order the documentation gives them.
    pub const ALL: [Question; 7] = [
        Question::Count,
        Question::First,
        Question::List,
        Question::Best,
        Question::Sample,
        Question::Diagram,
        Question::Estimate,
    ];

    /// The question's name: `count`, `first`, `list`, `best`, `sample`,
    /// `diagram` or `estimate`.
    pub fn name(self) -> &'static str {
        match self {
            Question::Count => "count",
            Question::First => "first",
            Question::List => "list",
            Question::Best => "best",
            Question::Sample => "sample",
            Question::Diagram => "diagram",
            Question::Estimate => "estimate",
        }
    }

    /// The question in words, as a refusal says it ("the memo engine cannot
    /// *estimate the search tree*").
    pub fn words(self) -> &'static str {
        match self {
            Question::Count => "count solutions",
            Question::First => "find a first solution",
            Question::List => "list solutions",
            Question::Best => "find the cheapest solutions",
            Question::Sample => "draw solutions at random",
            Question::Diagram => "build a diagram of the solutions",
            Question::Estimate => "estimate the search tree",
        }
    }

    const fn bit(self) -> u8 {
        1 << self as u8
    }
}

impl std::fmt::Display for Question {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// A set of questions.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Questions(u8);

impl Questions {
    /// No question.
    pub const NONE: Questions = Questions(0);

    /// Every question.
    pub const ALL: Questions = Questions::of(&Question::ALL);

    /// The set of `questions`.
    pub const fn of(questions: &[Question]) -> Questions {
        let mut bits = 0;
        let mut i = 0;
        while i < questions.len() {
            bits |= questions[i].bit();
            i += 1;
        }
        Questions(bits)
    }

    /// Whether `question` is in the set.
    pub const fn contains(self, question: Question) -> bool {
        self.0 & question.bit() != 0
    }

    /// The questions of the set, in [`Question::ALL`]'s order.
    pub fn iter(self) -> impl Iterator<Item = Question> {
        Question::ALL.into_iter().filter(move |&q| self.contains(q))
    }
}

/// Whether an engine takes bounds on items (Knuth's multiplicities,
/// `a:b|name`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum BoundsSupport {
    /// Any bounds (Algorithm M).
    Any,
    /// Any bounds when it branches two ways (the cells engine: Knuth's
    /// SSMCC); none otherwise.
    WithBinaryBranching,
    /// Only bounds that can never bind, which the front rewrites away
    /// before the engine sees the problem ([`crate::rewrite`]).
    WhenTheyCannotBind,
}

impl BoundsSupport {
    /// In words, for a table: `any`, `with binary branching`, `when they
    /// cannot bind`.
    pub fn words(self) -> &'static str {
        match self {
            BoundsSupport::Any => "any",
            BoundsSupport::WithBinaryBranching => "with binary branching",
            BoundsSupport::WhenTheyCannotBind => "when they cannot bind",
        }
    }
}

/// What one engine can do: the row of the table for [`Engine::capabilities`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Capabilities {
    /// The engine.
    pub engine: Engine,
    /// What it is, in one line (the help of a command line).
    pub summary: &'static str,
    /// The questions it answers.
    pub questions: Questions,
    /// Which bounds on items it takes.
    pub bounds: BoundsSupport,
    /// Whether it takes colours on secondary items.
    pub colours: bool,
    /// Whether it follows the sharp preference
    /// ([`Problem::with_sharp_preference`](crate::Problem::with_sharp_preference)).
    pub sharp: bool,
    /// Whether it takes binary branching and its weights
    /// ([`Branching`](crate::Branching), [`Weights`](crate::Weights)).
    pub branching: bool,
    /// Whether options may be committed before its search (a sudoku's
    /// givens: [`Solver::commit`](crate::Solver::commit)).
    pub commits: bool,
    /// The most options it takes, if it has a limit.
    pub most_options: Option<usize>,
    /// The most items (primary and secondary) it takes, if it has a limit.
    pub most_items: Option<usize>,
    /// Whether it follows an order of the items given with the problem
    /// ([`Search::memo_problem`](crate::Search::memo_problem)): the memo
    /// breaks ties by it, the sweep tries it among its orders.
    pub item_order: bool,
    /// The questions it answers on several threads (the others run on one,
    /// whatever is asked).
    pub threads: Questions,
    /// The questions it answers in shards, each on any machine
    /// ([`Search::shard`](crate::Search::shard)), whose records merge.
    pub shards: Questions,
    /// The questions it answers in slices of a split made once
    /// ([`Search::slice`](crate::Search::slice)).
    pub slices: Questions,
    /// The statistics it counts, and whose program's they equal.
    pub statistics: &'static str,
}

use Question::{Best, Count, Diagram, Estimate, First, List, Sample};

/// The questions a search answers (links, cells, bits).
const SEARCH_QUESTIONS: Questions = Questions::of(&[Count, First, List, Estimate]);

/// The table: one row an engine, in [`Engine::ALL`]'s order.
const TABLE: [Capabilities; 8] = [
    Capabilities {
        engine: Engine::Links,
        summary: "dancing links: Knuth's Algorithms X, C and M (DLX1, DLX2, DLX3), and DLX5 for the cheapest solutions",
        questions: Questions::of(&[Count, First, List, Best, Estimate]),
        bounds: BoundsSupport::Any,
        colours: true,
        sharp: true,
        branching: false,
        commits: true,
        most_options: None,
        most_items: None,
        item_order: false,
        threads: Questions::of(&[Count, First, List, Best]),
        shards: Questions::of(&[Count, First, List]),
        slices: Questions::of(&[Count, First, List]),
        statistics: "DLX1's, DLX2's and DLX3's nodes, updates and cleansings (DLX2-SHARP's and DLX3-SHARP's with the sharp preference; DLX5's for the cheapest)",
    },
    Capabilities {
        engine: Engine::Cells,
        summary: "dancing cells: Knuth's SSXCC; with binary branching SSXCC-BINARY, -FRB and -WTD, and SSMCC with bounds",
        questions: SEARCH_QUESTIONS,
        bounds: BoundsSupport::WithBinaryBranching,
        colours: true,
        sharp: true,
        branching: true,
        commits: true,
        most_options: None,
        most_items: None,
        item_order: false,
        threads: Questions::of(&[Count, First, List]),
        shards: Questions::of(&[Count, First, List]),
        slices: Questions::of(&[Count, First, List]),
        statistics: "SSXCC's nodes, updates and cleansings; with binary branching SSXCC-BINARY's, SSXCC-FRB's and SSXCC-WTD's, with bounds SSMCC's",
    },
    Capabilities {
        engine: Engine::Bits,
        summary: "dense bitsets: the links' search, step for step, on bitsets copied from level to level; small problems",
        questions: Questions::of(&[Count, First, List, Best, Estimate]),
        bounds: BoundsSupport::Any,
        colours: true,
        sharp: true,
        branching: false,
        commits: true,
        most_options: Some(16_383),
        most_items: None,
        item_order: false,
        threads: Questions::of(&[Count, First, List, Best]),
        shards: Questions::of(&[Count, First, List]),
        slices: Questions::of(&[Count, First, List]),
        statistics: "the links' nodes and order of solutions (DLX1's, DLX3's); updates of its own with colours or bounds",
    },
    Capabilities {
        engine: Engine::Costs,
        summary: "the cheapest solutions by Knuth's DLX5, on links or bitset frames as its own rule picks",
        questions: Questions::of(&[Best]),
        bounds: BoundsSupport::WhenTheyCannotBind,
        colours: true,
        sharp: false,
        branching: false,
        commits: false,
        most_options: None,
        most_items: None,
        item_order: false,
        threads: Questions::of(&[Best]),
        shards: Questions::NONE,
        slices: Questions::NONE,
        statistics: "DLX5's nodes, updates and cleansings on links; nodes on frames",
    },
    Capabilities {
        engine: Engine::Memo,
        summary: "Knuth's DLX6: remembers each subproblem and builds a ZDD of every solution (exact counts of any size, samples)",
        questions: Questions::of(&[Count, First, List, Best, Sample, Diagram]),
        bounds: BoundsSupport::WhenTheyCannotBind,
        colours: true,
        sharp: false,
        branching: false,
        commits: false,
        most_options: None,
        most_items: None,
        item_order: true,
        threads: Questions::NONE,
        shards: Questions::NONE,
        slices: Questions::NONE,
        statistics: "DLX6's nodes, updates, cleansings, memos, hits and ZDD nodes",
    },
    Capabilities {
        engine: Engine::Sweep,
        summary: "branches on the first item not yet covered, in an order it chooses, on a bitboard as wide as the problem; packings",
        questions: Questions::of(&[Count, First, List]),
        bounds: BoundsSupport::WhenTheyCannotBind,
        colours: false,
        sharp: false,
        branching: false,
        commits: false,
        most_options: None,
        most_items: Some(1024),
        item_order: true,
        threads: Questions::of(&[Count, List]),
        shards: Questions::of(&[First, List]),
        slices: Questions::NONE,
        statistics: "nodes of its own (one a state), no updates",
    },
    Capabilities {
        engine: Engine::Dc,
        summary: "Knuth's XCCDC: keeps every primary item with an option after each choice (domain consistency)",
        questions: Questions::of(&[Count, First, List]),
        bounds: BoundsSupport::WhenTheyCannotBind,
        colours: true,
        sharp: false,
        branching: false,
        commits: false,
        most_options: None,
        most_items: None,
        item_order: false,
        threads: Questions::NONE,
        shards: Questions::NONE,
        slices: Questions::NONE,
        statistics: "XCCDC's nodes and updates",
    },
    Capabilities {
        engine: Engine::Auto,
        summary: "the front's choice for the question, made from the problem and these capabilities (the default)",
        questions: Questions::ALL,
        bounds: BoundsSupport::Any,
        colours: true,
        sharp: true,
        branching: false,
        commits: true,
        most_options: None,
        most_items: None,
        item_order: true,
        threads: Questions::of(&[Count, First, List, Best]),
        shards: Questions::of(&[Count, First, List]),
        slices: Questions::of(&[Count, First, List]),
        statistics: "those of the engine that answered, which the report names",
    },
];

impl Engine {
    /// What this engine can do: its row of the table.
    pub fn capabilities(self) -> &'static Capabilities {
        let row = &TABLE[Engine::ALL.iter().position(|&e| e == self).unwrap_or(TABLE.len() - 1)];
        debug_assert_eq!(row.engine, self);
        row
    }
}

/// What a refusal is about: a question, a kind of problem, or a knob.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Refused {
    /// The question: the engine does not answer it.
    Question(Question),
    /// The question in shards.
    Shards(Question),
    /// The question in slices.
    Slices(Question),
    /// Bounds on items that can bind.
    Bounds,
    /// Colours on secondary items.
    Colours,
    /// The sharp preference.
    Sharp,
    /// Binary branching, or its weights.
    Branching,
    /// Options committed before the search.
    Commits,
    /// More options than the engine takes.
    Options(usize),
    /// More items than the engine takes.
    Items(usize),
    /// The sharp preference with binary branching, which has no rule for
    /// sharp items (no engine takes both).
    SharpWithBinary,
    /// An estimate of binary branching's tree, which depends on the order
    /// its earlier subtrees left the sets in (no engine estimates it).
    EstimateWithBinary,
}

/// Why an engine cannot do something, from the table: what, and which
/// engines can. Its words are the same at every door.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    /// The engine asked for.
    pub engine: Engine,
    /// What it was asked.
    pub what: Refused,
}

impl Refusal {
    /// The engines (`auto` apart) that can do what this one cannot.
    pub fn others(&self) -> Vec<Engine> {
        let can = |c: &Capabilities| match self.what {
            Refused::Question(q) => c.answers(q),
            Refused::Shards(q) => c.shards(q),
            Refused::Slices(q) => c.slices.contains(q),
            Refused::Bounds => c.bounds != BoundsSupport::WhenTheyCannotBind,
            Refused::Colours => c.colours,
            Refused::Sharp => c.sharp,
            Refused::Branching => c.branching,
            Refused::Commits => c.commits,
            Refused::Options(n) => c.most_options.is_none_or(|most| n <= most),
            Refused::Items(n) => c.most_items.is_none_or(|most| n <= most),
            Refused::SharpWithBinary | Refused::EstimateWithBinary => false,
        };
        TABLE
            .iter()
            .filter(|c| c.engine != Engine::Auto && c.engine != self.engine && can(c))
            .map(|c| c.engine)
            .collect()
    }
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let engine = self.engine;
        match self.what {
            Refused::Question(q) => write!(f, "the {engine} engine cannot {}", q.words())?,
            Refused::Shards(q) => write!(f, "the {engine} engine cannot {} in shards", q.words())?,
            Refused::Slices(q) => write!(f, "the {engine} engine cannot {} in slices", q.words())?,
            Refused::Bounds if engine.capabilities().bounds == BoundsSupport::WithBinaryBranching => {
                write!(f, "the {engine} engine does not take bounds on items that can bind without binary branching")?
            }
            Refused::Bounds => write!(f, "the {engine} engine does not take bounds on items that can bind")?,
            Refused::Colours => write!(f, "the {engine} engine does not take colours")?,
            Refused::Sharp => write!(f, "the {engine} engine does not follow the sharp preference")?,
            Refused::Branching => write!(f, "the {engine} engine does not take binary branching or weights")?,
            Refused::Commits => write!(f, "the {engine} engine does not take options committed before its search")?,
            Refused::Options(n) => write!(
                f,
                "the {engine} engine takes at most {} options, not {n}",
                engine.capabilities().most_options.unwrap_or(usize::MAX)
            )?,
            Refused::Items(n) => write!(
                f,
                "the {engine} engine takes at most {} items, not {n}",
                engine.capabilities().most_items.unwrap_or(usize::MAX)
            )?,
            Refused::SharpWithBinary => write!(
                f,
                "the {engine} engine does not take the sharp preference with binary branching: it chooses its item \
                 by the size of its set or by weights, as Knuth's SSXCC-BINARY does, with no rule for sharp items"
            )?,
            Refused::EstimateWithBinary => write!(
                f,
                "the {engine} engine cannot estimate the search tree with binary branching: the tree depends on the \
                 order its earlier subtrees left the sets in, which a probe cannot know"
            )?,
        }
        let others = self.others();
        match others.split_last() {
            None => Ok(()),
            Some((only, [])) => write!(f, ": {only} does"),
            Some((last, rest)) => {
                let rest: Vec<&str> = rest.iter().map(|e| e.name()).collect();
                write!(f, ": {} and {last} do", rest.join(", "))
            }
        }
    }
}

impl std::error::Error for Refusal {}

impl Capabilities {
    /// Whether the engine answers `question`.
    pub fn answers(&self, question: Question) -> bool {
        self.questions.contains(question)
    }

    /// Whether the engine answers `question` in shards.
    pub fn shards(&self, question: Question) -> bool {
        self.shards.contains(question)
    }

    /// The refusal of `question`, when the engine does not answer it.
    pub fn refusal(&self, question: Question) -> Option<Refusal> {
        (!self.answers(question)).then_some(Refusal { engine: self.engine, what: Refused::Question(question) })
    }

    /// The refusal of a problem of this shape, when the engine does not take
    /// it: bounds that can bind (`binding_bounds`; binary branching lets the
    /// cells engine take them), colours, the sharp preference, more options
    /// or items than it holds.
    pub fn refusal_of_problem(&self, shape: &Shape) -> Option<Refusal> {
        let what = if shape.binding_bounds
            && match self.bounds {
                BoundsSupport::Any => false,
                BoundsSupport::WithBinaryBranching => !shape.binary,
                BoundsSupport::WhenTheyCannotBind => true,
            } {
            Refused::Bounds
        } else if shape.colours && !self.colours {
            Refused::Colours
        } else if shape.sharp && !self.sharp {
            Refused::Sharp
        } else if self.most_options.is_some_and(|most| shape.options > most) {
            Refused::Options(shape.options)
        } else if self.most_items.is_some_and(|most| shape.items > most) {
            Refused::Items(shape.items)
        } else {
            return None;
        };
        Some(Refusal { engine: self.engine, what })
    }
}

/// What the table asks of a problem, to say whether an engine takes it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Shape {
    /// Whether some item's bounds can bind (bounds that cannot were
    /// rewritten away).
    pub binding_bounds: bool,
    /// Whether some option gives a secondary item a colour.
    pub colours: bool,
    /// Whether the sharp preference is on.
    pub sharp: bool,
    /// Whether the search branches two ways ([`Branching::Binary`](crate::Branching::Binary)).
    pub binary: bool,
    /// The options.
    pub options: usize,
    /// The items, primary and secondary.
    pub items: usize,
}

/// The table in Markdown: one row an engine, the columns the table's. The
/// README's list of engines is this table (a test compares them).
pub fn markdown() -> String {
    let mut out = String::from(
        "| engine | what it is | questions | bounds | colours | sharp | threads | shards | statistics |\n\
         |---|---|---|---|---|---|---|---|---|\n",
    );
    let names = |q: Questions| {
        let names: Vec<&str> = q.iter().map(Question::name).collect();
        if names.is_empty() { "none".to_string() } else { names.join(", ") }
    };
    let yes = |b: bool| if b { "yes" } else { "no" };
    for c in &TABLE {
        out += &format!(
            "| `{}` | {} | {} | {} | {} | {} | {} | {} | {} |\n",
            c.engine,
            c.summary,
            names(c.questions),
            c.bounds.words(),
            yes(c.colours),
            yes(c.sharp),
            names(c.threads),
            names(c.shards),
            c.statistics
        );
    }
    out
}

/// The table as text, one paragraph an engine: what `quadrille engines`
/// prints.
pub fn text() -> String {
    let names = |q: Questions| {
        let names: Vec<&str> = q.iter().map(Question::name).collect();
        if names.is_empty() { "none".to_string() } else { names.join(", ") }
    };
    let mut out = String::new();
    for c in &TABLE {
        out += &format!("{}: {}\n", c.engine, c.summary);
        out += &format!("  answers: {}\n", names(c.questions));
        let mut takes = vec![format!("bounds {}", c.bounds.words())];
        if c.colours {
            takes.push("colours".into());
        }
        if c.sharp {
            takes.push("the sharp preference".into());
        }
        if c.branching {
            takes.push("binary branching and weights".into());
        }
        if c.commits {
            takes.push("options committed first".into());
        }
        if let Some(most) = c.most_options {
            takes.push(format!("at most {most} options"));
        }
        if let Some(most) = c.most_items {
            takes.push(format!("at most {most} items"));
        }
        out += &format!("  takes: {}\n", takes.join(", "));
        out += &format!("  threads: {}; shards: {}; slices: {}\n", names(c.threads), names(c.shards), names(c.slices));
        out += &format!("  statistics: {}\n", c.statistics);
    }
    out
}
