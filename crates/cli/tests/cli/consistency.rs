//! One behaviour at every door: the exit code of a shard, counts in JSON,
//! options without a primary item, and the messages and pictures that must
//! say what they mean.

use std::collections::{BTreeMap, HashMap};

use crate::quadrille;

/// `k` independent pairs of items, each covered at once or item by item:
/// 2^k solutions.
fn pairs(k: usize) -> String {
    let mut text: String = (0..k).map(|i| format!("x{i} y{i} ")).collect();
    text.push('\n');
    for i in 0..k {
        text += &format!("x{i} y{i}\nx{i}\ny{i}\n");
    }
    text
}

fn json(line: &str) -> serde_json::Value {
    serde_json::from_str(line).unwrap_or_else(|e| panic!("{e}: {line}"))
}

/// A shard that ran exits 0, whatever it found, so that GNU parallel and
/// Slurm arrays see success; its record says what it found, and the records
/// add up to the count.
#[test]
fn a_shard_that_ran_exits_0_whatever_it_found() {
    // 4 queens: 2 solutions (OEIS A000170); most slices of 8 find none.
    let four = quadrille(&["queens", "4", "--emit-dlx"], "").stdout;
    for of in [1u32, 2, 3, 8] {
        let mut total = 0;
        let mut empty = 0;
        for index in 0..of {
            let shard = format!("{index}/{of}");
            let run = quadrille(&["solve", "--count", "--shard", &shard], &four);
            assert_eq!(run.code, 0, "{shard}: {}", run.stderr);
            let found = json(&run.stdout)["solutions"].as_u64().unwrap();
            empty += u32::from(found == 0);
            total += found;
        }
        assert_eq!(total, 2, "{of} shards");
        if of == 8 {
            assert!(empty > 0, "some slice of 8 finds nothing");
        }
    }
    // No solution at all: every shard still ran.
    for of in [1, 2] {
        let run = quadrille(&["solve", "--count", "--shard", &format!("0/{of}")], "a b\na\n");
        assert_eq!((run.code, json(&run.stdout)["solutions"].as_u64()), (0, Some(0)), "{}", run.stderr);
    }
    // The whole count without shards keeps its exit code 1 for none.
    assert_eq!(quadrille(&["solve", "--count"], "a b\na\n").code, 1);
    // Queens and pack shards alike.
    for index in 0..6 {
        let shard = format!("{index}/6");
        let run = quadrille(&["queens", "4", "--count", "--shard", &shard], "");
        assert_eq!(run.code, 0, "queens {shard}: {}", run.stderr);
        let run = quadrille(&["pack", "--pieces", "tetrominoes", "--box", "4x5", "--count", "--shard", &shard], "");
        assert_eq!(run.code, 0, "pack {shard}: {}", run.stderr);
    }
}

/// Counts past 2^53 - 1 are strings of digits in every JSON line, counts up
/// to it numbers: the memo's summary and the sweep's, `merge`'s sum, shard
/// records; `merge` reads both forms.
#[test]
fn counts_past_2_to_the_53_are_strings_everywhere() {
    for (k, engine) in [(52, "memo"), (53, "memo"), (54, "memo"), (52, "sweep"), (53, "sweep"), (54, "sweep")] {
        let run = quadrille(&["solve", "--count", "--json", "--engine", engine], pairs(k));
        assert_eq!(run.code, 0, "{k} {engine}: {}", run.stderr);
        let solutions = &json(&run.stdout)["solutions"];
        let count = 1u64 << k;
        if count < 1 << 53 {
            assert_eq!(solutions, &serde_json::json!(count), "{k} {engine}");
        } else {
            assert_eq!(solutions, &serde_json::json!(count.to_string()), "{k} {engine}");
        }
    }
    let record = |shard: u64, solutions: &str, nodes: &str| {
        format!(
            "{{\"cleansings\":0,\"nodes\":{nodes},\"of\":2,\"problem\":\"p\",\"seconds\":0.5,\"shard\":{shard},\"solutions\":{solutions},\"updates\":1}}\n"
        )
    };
    let cases = [
        // An old record (a bare number past 2^53) and a new one (a string).
        (record(0, "9007199254740993", "1"), record(1, "\"5\"", "\"2\""), serde_json::json!("9007199254740998")),
        (record(0, "\"9007199254740990\"", "1"), record(1, "1", "2"), serde_json::json!(9_007_199_254_740_991u64)),
        (record(0, "\"9007199254740990\"", "1"), record(1, "2", "2"), serde_json::json!("9007199254740992")),
    ];
    for (first, second, sum) in cases {
        let run = quadrille(&["merge"], [first.clone(), second].concat());
        assert_eq!(run.code, 0, "{}", run.stderr);
        let merged = json(&run.stdout);
        assert_eq!(merged["solutions"], sum);
        assert_eq!(merged["nodes"], 3);
    }
    let run = quadrille(&["merge"], [record(0, "\"12x\"", "1"), record(1, "1", "1")].concat());
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("<stdin>:1:") && run.stderr.contains("not a count"), "{}", run.stderr);
}

/// An option without a primary item keeps its number: the ones after it
/// keep theirs, as `--option-counts` shows (one line per option of the
/// file); it is in no solution, and the reader says so as DLX1 does.
#[test]
fn options_without_a_primary_item_keep_their_numbers() {
    // Solutions: {A, B}, {A B} and {X:red A, B}; `X` (line 2) in none.
    let problem = "A B | X\nX\nA\nB\nA B\nX:red A\n";
    let run = quadrille(&["solve", "--option-counts"], problem);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(run.stdout, "0 X\n1 A\n2 B\n1 A B\n1 X:red A\n");
    assert!(run.stderr.contains("line 2: option ignored (no primary items)"), "{}", run.stderr);
    for engine in ["links", "cells", "bits", "memo", "sweep", "auto"] {
        let run = quadrille(&["solve", "--count", "--engine", engine], "A B | X\nX\nA\nB\nA B\n");
        assert_eq!((run.code, run.stdout.as_str()), (0, "2\n"), "{engine}: {}", run.stderr);
    }
    for engine in ["links", "cells", "bits", "memo"] {
        let run = quadrille(&["solve", "--json", "--engine", engine], problem);
        let mut solutions: Vec<Vec<String>> = run
            .stdout
            .lines()
            .filter_map(|line| json(line).get("solution").cloned())
            .map(|s| {
                let mut options: Vec<String> = serde_json::from_value(s).unwrap();
                options.sort();
                options
            })
            .collect();
        solutions.sort();
        assert_eq!(solutions, [vec!["A", "B"], vec!["A B"], vec!["B", "X:red A"]], "{engine}");
    }
}

/// The cells of a grid, grouped by letter into pieces of cells that touch.
fn pieces_of(grid: &str) -> Vec<usize> {
    let cells: HashMap<(usize, usize), char> = grid
        .lines()
        .enumerate()
        .flat_map(|(r, row)| row.chars().enumerate().filter(|&(_, c)| c != ' ').map(move |(c, l)| ((r, c), l)))
        .collect();
    let mut seen = BTreeMap::new();
    let mut sizes = Vec::new();
    for (&start, &letter) in &cells {
        if seen.contains_key(&start) {
            continue;
        }
        let mut stack = vec![start];
        seen.insert(start, ());
        let mut size = 0;
        while let Some((r, c)) = stack.pop() {
            size += 1;
            for next in [(r + 1, c), (r, c + 1), (r.wrapping_sub(1), c), (r, c.wrapping_sub(1))] {
                if cells.get(&next) == Some(&letter) && seen.insert(next, ()).is_none() {
                    stack.push(next);
                }
            }
        }
        sizes.push(size);
    }
    sizes
}

/// In a tiling's letter grid every domino can be seen: neighbours differ,
/// so each group of touching equal letters is one domino (two cells), and
/// there are as many as the board holds.
#[test]
fn each_domino_of_a_tiling_can_be_seen() {
    for (sides, cells) in [("2x2", 4), ("3x4", 12), ("4x4", 16), ("6x7", 42), ("aztec:1", 4), ("aztec:3", 24)] {
        for extra in [&["--first"][..], &["--sample", "3", "--seed", "5"]] {
            let mut args = vec!["pack", "--pieces", "dominoes", "--box", sides];
            args.extend_from_slice(extra);
            let run = quadrille(&args, "");
            assert_eq!(run.code, 0, "{sides}: {}", run.stderr);
            for grid in run.stdout.split("\n\n") {
                let sizes = pieces_of(grid);
                assert_eq!(sizes.len(), cells / 2, "{sides}:\n{grid}");
                assert!(sizes.iter().all(|&s| s == 2), "{sides}:\n{grid}");
            }
        }
    }
    // Pieces placed once keep their names.
    let run = quadrille(&["pack", "--pieces", "pentominoes", "--box", "3x20", "--first"], "");
    let letters: std::collections::BTreeSet<char> = run.stdout.chars().filter(|c| !c.is_whitespace()).collect();
    assert_eq!(letters.into_iter().collect::<String>(), "FILNPTUVWXYZ");
}

/// Small things said plainly: every engine in the unknown-engine message
/// (the library's, seen from Python), `--format` with `--count`, a file given
/// twice to `merge`, seconds whose sum overflows, an unknown engine in a
/// record, a piece name with Unicode blanks, the diagram's size, `--seed`
/// without `--sample`, and what `--sample --json` drew.
#[test]
fn small_things_said_plainly() {
    let run = quadrille(&["pack", "--pieces", "dominoes", "--box", "2x2", "--count", "--format", "svg"], "");
    assert_eq!(run.code, 2);
    assert!(
        run.stdout.is_empty() && run.stderr.contains("--format") && run.stderr.contains("--count"),
        "{}",
        run.stderr
    );

    let dir = std::env::temp_dir().join(format!("quadrille-merge-twice-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("f");
    let record = |shard: u64, of: u64, seconds: &str, engine: &str| {
        format!(
            "{{\"cleansings\":0,{engine}\"nodes\":1,\"of\":{of},\"problem\":\"p\",\"seconds\":{seconds},\"shard\":{shard},\"solutions\":1,\"updates\":1}}\n"
        )
    };
    std::fs::write(&file, record(0, 3, "1", "")).unwrap();
    let path = file.to_str().unwrap();
    let dotted = dir.join(".").join("f");
    for twice in [[path, path], [path, dotted.to_str().unwrap()]] {
        let run = quadrille(&["merge", twice[0], twice[1]], "");
        assert_eq!(run.code, 2);
        assert!(run.stderr.contains("given twice") && !run.stderr.contains("appears twice"), "{}", run.stderr);
    }
    std::fs::remove_dir_all(&dir).unwrap();

    let run = quadrille(&["merge"], [record(0, 2, "1e308", ""), record(1, 2, "1e308", "")].concat());
    assert_eq!(run.code, 2);
    assert!(!run.stdout.contains("null"));
    assert_eq!(run.stderr, "quadrille: error: <stdin>:2: `seconds` overflows\n");
    let run = quadrille(&["merge"], [record(0, 2, "1e307", ""), record(1, 2, "1e307", "")].concat());
    assert_eq!((run.code, json(&run.stdout)["seconds"].as_f64()), (0, Some(2e307)));

    let run = quadrille(&["merge"], record(0, 1, "1", "\"engine\":\"bogus\","));
    assert_eq!(run.code, 2);
    assert!(run.stderr.starts_with("quadrille: error: <stdin>:1: `engine` is \"bogus\""), "{}", run.stderr);
    for engine in ["links", "cells", "bits"] {
        let run = quadrille(&["merge"], record(0, 1, "1", &format!("\"engine\":\"{engine}\",")));
        assert_eq!(run.code, 0, "{engine}: {}", run.stderr);
    }

    for (name, escaped) in [("\u{85}", "\\u{85}"), ("\u{2028}", "\\u{2028}"), ("A\u{85}", "A\\u{85}")] {
        let run = quadrille(&["pack"], format!("00 01\n{name} 00 01\n"));
        assert_eq!(run.code, 2, "{escaped}");
        assert!(run.stderr.contains(&format!("bad piece name `{escaped}`")), "{}", run.stderr);
    }
    // Blanks of any width still separate the cells.
    assert_eq!(quadrille(&["pack", "--count"], "00 01\nA\t00 01\n").stdout, "1\n");

    // 10 × 10 dominoes: a diagram too large to draw; the refusal counts its
    // nodes as --stats does.
    let board = crate::memo::dominoes(10, 10);
    let refused = quadrille(&["solve", "--zdd-dot"], &board);
    assert_eq!(refused.code, 2);
    let stats = quadrille(&["solve", "--engine", "memo", "--count", "--stats"], &board);
    let nodes = stats.stderr.lines().find_map(|l| l.strip_prefix("zdd nodes: ")).unwrap();
    assert!(refused.stderr.contains(&format!("the diagram has {nodes} nodes")), "{}\n{}", refused.stderr, stats.stderr);

    for args in
        [&["solve", "--count", "--seed", "3"][..], &["solve", "--seed", "3"], &["solve", "--first", "--seed", "3"]]
    {
        let run = quadrille(args, "a\na\n");
        assert_eq!(run.code, 2, "{args:?}");
        assert!(run.stderr.contains("--seed") && run.stderr.contains("--sample"), "{args:?}: {}", run.stderr);
    }
    let run = quadrille(&["pack", "--pieces", "dominoes", "--box", "2x2", "--count", "--seed", "3"], "");
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(run.stderr.contains("--seed"), "{}", run.stderr);

    // Dominoes on 2 × 4: 5 tilings (a Fibonacci number); 3 drawn.
    for k in [1u64, 3, 7] {
        let run =
            quadrille(&["solve", "--sample", &k.to_string(), "--seed", "1", "--json"], crate::memo::dominoes(2, 4));
        assert_eq!(run.code, 0, "{}", run.stderr);
        let summary = json(run.stdout.lines().last().unwrap());
        assert_eq!((summary["sampled"].as_u64(), summary["solutions"].as_u64()), (Some(k), Some(5)));
        assert_eq!(run.stdout.lines().count() as u64, k + 1);
    }
}
