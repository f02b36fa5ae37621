//! `quadrille solve --engine memo` and `quadrille pack` on tilings.

use crate::quadrille;

const TOY: &str = "| Knuth's toy problem\nA B C D E | F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n";

/// Dominoes on an m×n board in Knuth's format, written here (cells `r_c`).
pub(crate) fn dominoes(m: usize, n: usize) -> String {
    let cell = |r: usize, c: usize| format!("{r}_{c}");
    let mut text: String = (0..m * n).map(|i| cell(i / n, i % n) + " ").collect();
    text.push('\n');
    for r in 0..m {
        for c in 0..n {
            if c + 1 < n {
                text += &format!("{} {}\n", cell(r, c), cell(r, c + 1));
            }
            if r + 1 < m {
                text += &format!("{} {}\n", cell(r, c), cell(r + 1, c));
            }
        }
    }
    text
}

/// Domino tilings of m×n by a transfer matrix over the columns: a state is
/// the set of cells of the next column already covered by horizontal
/// dominoes.
fn transfer_count(m: usize, n: usize) -> u128 {
    let mut ways = vec![0u128; 1 << m];
    ways[0] = 1;
    for _ in 0..n {
        let mut next = vec![0u128; 1 << m];
        for (state, &w) in ways.iter().enumerate() {
            if w == 0 {
                continue;
            }
            // Fill the column row by row: a free cell takes a vertical domino
            // with the one below, or a horizontal one into the next column.
            let mut stack = vec![(0usize, state, 0usize)];
            while let Some((row, filled, out)) = stack.pop() {
                if row == m {
                    next[out] += w;
                } else if filled >> row & 1 == 1 {
                    stack.push((row + 1, filled, out));
                } else {
                    stack.push((row + 1, filled, out | 1 << row));
                    if row + 1 < m && filled >> (row + 1) & 1 == 0 {
                        stack.push((row + 2, filled, out));
                    }
                }
            }
        }
        ways = next;
    }
    ways[0]
}

#[test]
fn counts_and_figures_as_dlx6() {
    let run = quadrille(&["solve", "--engine", "memo", "--count", "--stats"], TOY);
    assert_eq!((run.code, run.stdout.as_str()), (0, "1\n"));
    // DLX6's figures on the toy problem: 6 nodes, 28 updates, 5 ZDD nodes.
    for line in ["nodes: 6\n", "updates: 28\n", "zdd nodes: 5\n", "memos: 5\n", "hits: 1\n"] {
        assert!(run.stderr.contains(line), "{line}: {}", run.stderr);
    }
}

#[test]
fn writes_the_zdd_and_lists() {
    insta::assert_snapshot!(quadrille(&["solve", "--zdd"], TOY).transcript());
    insta::assert_snapshot!(quadrille(&["solve", "--zdd-dot"], TOY).transcript());
    insta::assert_snapshot!(quadrille(&["solve", "--option-counts"], TOY).transcript());
    let listed = quadrille(&["solve", "--engine", "memo"], TOY);
    assert_eq!(listed.stdout, "A D\nC E F\nB G\n\n");
}

#[test]
fn samples_are_reproducible_and_solutions() {
    let board = dominoes(4, 4);
    let a = quadrille(&["solve", "--sample", "5", "--seed", "9"], &board);
    let b = quadrille(&["solve", "--sample", "5", "--seed", "9"], &board);
    let c = quadrille(&["solve", "--sample", "5", "--seed", "10"], &board);
    assert_eq!(a.code, 0);
    assert_eq!(a.stdout, b.stdout);
    assert_ne!(a.stdout, c.stdout);
    assert_eq!(a.stdout.split("\n\n").filter(|s| !s.is_empty()).count(), 5);
}

#[test]
fn big_counts_are_exact_and_json_strings() {
    // OEIS A004003: domino tilings of the 16×16 board.
    let run = quadrille(&["solve", "--engine", "memo", "--count", "--json"], dominoes(16, 16));
    let record: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(record["solutions"], "2444888770250892795802079170816");
    // Below 2^53 a number.
    let run = quadrille(&["solve", "--engine", "memo", "--count", "--json"], dominoes(8, 8));
    let record: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(record["solutions"], 12_988_816);
}

#[test]
fn a_memory_limit_gives_the_count_or_an_error_naming_it() {
    // Too little for the memo's own arrays: a clear error, exit 2.
    let run = quadrille(&["solve", "--engine", "memo", "--count", "--memo-bytes", "1K"], dominoes(6, 6));
    assert_eq!((run.code, run.stdout.as_str()), (2, ""));
    assert!(run.stderr.contains("more memory than its limit of 1024 bytes"), "{}", run.stderr);
    assert!(run.stderr.contains("raise --memo-bytes (now 1K)"), "{}", run.stderr);
    // Enough for everything, then enough for the diagram with a cache held
    // short: the count either way, and the figures say what was held.
    let run = quadrille(&["solve", "--engine", "memo", "--count", "--memo-bytes", "64K", "--stats"], dominoes(6, 6));
    assert_eq!((run.code, run.stdout.clone()), (0, format!("{}\n", transfer_count(6, 6))));
    let run = quadrille(&["solve", "--engine", "memo", "--count", "--memo-bytes", "1M", "--stats"], dominoes(10, 10));
    assert_eq!((run.code, run.stdout.clone()), (0, format!("{}\n", transfer_count(10, 10))));
    assert!(run.stderr.contains("memos dropped (cache full): "), "{}", run.stderr);
    let held: u64 = run
        .stderr
        .lines()
        .find_map(|l| l.strip_prefix("memory held at most: "))
        .unwrap()
        .trim_end_matches(" bytes")
        .parse()
        .unwrap();
    assert!(held <= 1 << 20, "{held}");
}

/// `--memo-bytes` was `--memo-limit` (a limit is a number of solutions):
/// the old name is still taken by every command that has the flag, and no
/// longer shown.
#[test]
fn the_memo_limit_flag_is_still_taken_as_memo_bytes() {
    for command in
        [&["solve", "--engine", "memo", "--count"][..], &["pack", "--pieces", "dominoes", "--box", "20x20", "--count"]]
    {
        let input = if command[0] == "solve" { dominoes(6, 6) } else { String::new() };
        let old = quadrille(&[command, &["--memo-limit", "1K"]].concat(), &input);
        let new = quadrille(&[command, &["--memo-bytes", "1K"]].concat(), &input);
        assert_eq!((old.code, &old.stdout, &old.stderr), (2, &new.stdout, &new.stderr), "{command:?}");
        assert!(new.stderr.contains("limit of 1024 bytes"), "{}", new.stderr);
        let help = quadrille(&[command[0], "--help"], "");
        assert!(help.stdout.contains("--memo-bytes <BYTES>"), "{}", help.stdout);
        assert!(!help.stdout.contains("memo-limit"), "{}", help.stdout);
    }
}

#[test]
fn a_tiling_past_the_limit_ends_with_an_error_not_an_abort() {
    // Dominoes 20×20: the diagram grew to 6 GiB and the process aborted
    // (exit 134). Under a limit it stops within it, with exit 2.
    let run = quadrille(&["pack", "--pieces", "dominoes", "--box", "20x20", "--count", "--memo-bytes", "16M"], "");
    assert_eq!((run.code, run.stdout.as_str()), (2, ""), "{}", run.stderr);
    assert!(run.stderr.contains("limit of 16777216 bytes"), "{}", run.stderr);
    assert!(run.stderr.contains("--memo-bytes (now 16M)"), "{}", run.stderr);
    let run = quadrille(&["pack", "--pieces", "dominoes", "--box", "20x20", "--sample", "3", "--memo-bytes", "4M"], "");
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(run.stderr.contains("limit of 4194304 bytes"), "{}", run.stderr);
}

#[test]
fn samples_stream_however_many_are_asked_for() {
    // A hundred million samples asked for, the output closed after a few:
    // they come one at a time, none drawn ahead.
    use std::io::{BufRead, BufReader};
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_quadrille"))
        .args(["pack", "--pieces", "dominoes", "--box", "8x8", "--sample", "100000000", "--seed", "4"])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let lines: Vec<String> =
        BufReader::new(child.stdout.take().unwrap()).lines().take(20).map(Result::unwrap).collect();
    child.kill().unwrap();
    child.wait().unwrap();
    let few = quadrille(&["pack", "--pieces", "dominoes", "--box", "8x8", "--sample", "3", "--seed", "4"], "");
    assert_eq!(lines[..], few.stdout.lines().take(20).map(str::to_string).collect::<Vec<_>>()[..]);
}

#[test]
fn flags_that_do_not_combine() {
    insta::assert_snapshot!(quadrille(&["solve", "--sample", "2", "--engine", "bits"], TOY).transcript());
    insta::assert_snapshot!(quadrille(&["solve", "--zdd", "--count"], TOY).transcript());
    insta::assert_snapshot!(quadrille(&["solve", "--memo-bytes", "12Q", "--engine", "memo"], TOY).transcript());
    insta::assert_snapshot!(quadrille(&["solve", "--memo-bytes", "1M"], TOY).transcript());
    insta::assert_snapshot!(quadrille(&["solve", "--engine", "memo", "--threads", "2"], TOY).transcript());
    insta::assert_snapshot!(quadrille(&["solve", "--engine", "memo"], "1:2|a b\na\nb\na b\n").transcript());
    insta::assert_snapshot!(quadrille(&["solve", "--engine", "memo", "--shard", "0/2", "--count"], TOY).transcript());
}

#[test]
fn pack_counts_tilings_by_memo() {
    for (m, n) in [(2, 3), (3, 4), (4, 7), (5, 6), (6, 8)] {
        let run = quadrille(&["pack", "--pieces", "dominoes", "--box", &format!("{m}x{n}"), "--count"], "");
        assert_eq!(run.stdout, format!("{}\n", transfer_count(m, n)), "{m}x{n}");
    }
}

#[test]
fn aztec_diamonds() {
    // 2^(n(n+1)/2) tilings (Elkies, Kuperberg, Larsen and Propp); order 14
    // within seconds, since the memo or the sweep crosses the diamond along
    // its sides.
    for n in (1..=12u32).chain([14]) {
        let run = quadrille(&["pack", "--pieces", "dominoes", "--box", &format!("aztec:{n}"), "--count"], "");
        assert_eq!(run.stdout, format!("{}\n", 1u128 << (n * (n + 1) / 2)), "order {n}");
    }
    let args = ["pack", "--pieces", "dominoes", "--box", "aztec:6", "--sample", "2", "--seed", "3", "--format", "svg"];
    let a = quadrille(&args, "");
    assert_eq!(a.code, 0);
    assert_eq!(a.stdout, quadrille(&args, "").stdout);
    assert_eq!(a.stdout.matches("<path").count(), 2 * 2 * 6 * 7 / 2);
    // Beyond the memo's reach, domino shuffling: order 31, 992 dominoes each.
    let args = ["pack", "--pieces", "dominoes", "--box", "aztec:31", "--sample", "2", "--seed", "5", "--format", "svg"];
    let big = quadrille(&args, "");
    assert_eq!(big.code, 0, "{}", big.stderr);
    assert_eq!(big.stdout.matches("<path").count(), 2 * 31 * 32);
    assert_eq!(big.stdout, quadrille(&args, "").stdout);
    insta::assert_snapshot!(
        quadrille(&["pack", "--pieces", "dominoes", "--box", "aztec:40", "--count"], "").transcript()
    );
    insta::assert_snapshot!(quadrille(&["pack", "--pieces", "pentominoes", "--sample", "1"], "").transcript());
}

#[test]
fn unlimited_pieces_in_descriptions() {
    let run = quadrille(&["pack", "--count", "--json"], "[0-1][0-2]\n*|D 00 01\n");
    let record: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(record["packings"], 3);
    let emitted = quadrille(&["pack", "--emit-dlx"], "[0-1][0-1]\n*|D 00 01\n");
    insta::assert_snapshot!(emitted.transcript());
}

/// Ctrl-C stops the memo search promptly, with exit code 130.
#[test]
fn ctrl_c_stops_the_memo() {
    use std::ffi::OsStr;
    use std::time::Duration;

    use crate::{Timed, timed};
    let pentominoes = crate::data("dlx/pentomino_6x10.dlx");
    let runs: [&[&OsStr]; 2] = [
        &["pack", "--pieces", "dominoes", "--box", "aztec:20", "--count"].map(OsStr::new),
        &["solve".as_ref(), "--engine".as_ref(), "memo".as_ref(), "--count".as_ref(), pentominoes.as_os_str()],
    ];
    for args in runs {
        let (run, waited) = timed(Timed {
            args,
            stdin: "",
            stderr: None,
            sigint_after: Some(Duration::from_millis(700)),
            bound: Duration::from_secs(60),
        });
        assert_eq!(run.code, 130, "{args:?}: {}", run.stderr);
        assert!(waited < Duration::from_secs(3), "{args:?}: {waited:?} after Ctrl-C");
        assert!(run.stderr.contains("interrupted after "), "{args:?}: {}", run.stderr);
    }
}

/// The costs `quadrille solve --best K --json` prints (its last line).
fn best_costs(args: &[&str], input: &str) -> Vec<u64> {
    let run = quadrille(args, input);
    let summary = run.stdout.lines().last().unwrap_or_default();
    let record: serde_json::Value =
        serde_json::from_str(summary).unwrap_or_else(|e| panic!("{args:?}: {e}: {}", run.stderr));
    record["costs"].as_array().unwrap().iter().map(|c| c.as_u64().unwrap()).collect()
}

/// A small random problem with costs (primary items `p*`, secondary items
/// `s*` with colours), from a linear congruential generator.
fn random_costed(seed: u64) -> String {
    let mut state = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
    let mut next = |n: u64| {
        state = state.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        (state >> 33) % n
    };
    let (primary, secondary) = (4 + next(5), next(3));
    let mut text: String = (0..primary).map(|i| format!("p{i} ")).collect();
    text.push('|');
    text.extend((0..secondary).map(|i| format!(" s{i}")));
    text.push('\n');
    for _ in 0..8 + next(20) {
        let mut items = Vec::new();
        for i in 0..primary {
            if next(3) == 0 {
                items.push(format!("p{i}"));
            }
        }
        for i in 0..secondary {
            if next(3) == 0 {
                items.push(format!("s{i}:{}", next(2)));
            }
        }
        if items.is_empty() {
            items.push(format!("p{}", next(primary)));
        }
        text += &format!("{} |{}\n", items.join(" "), next(20));
    }
    text
}

/// The K cheapest costs by the DP over the memo's diagram equal those of the
/// links' min-cost search (DLX5's method), on Knuth's pentominoes with costs
/// and on random small problems with costs and colours.
#[test]
fn best_by_memo_agrees_with_min_cost() {
    let pentominoes = crate::data("dlx/pentomino_6x10_costs.dlx");
    let file = pentominoes.to_str().unwrap();
    let by_memo = best_costs(&["solve", file, "--best", "10", "--engine", "memo", "--json"], "");
    assert_eq!(by_memo.len(), 10);
    assert_eq!(by_memo, best_costs(&["solve", file, "--best", "10", "--json"], ""));
    let mut compared = 0;
    for seed in 0..40 {
        let problem = random_costed(seed);
        let by_memo = best_costs(&["solve", "--best", "6", "--engine", "memo", "--json"], &problem);
        assert_eq!(by_memo, best_costs(&["solve", "--best", "6", "--threads", "1", "--json"], &problem), "{problem}");
        compared += usize::from(!by_memo.is_empty());
    }
    // Most of the random problems have solutions to compare.
    assert!(compared >= 10, "{compared} of 40 random problems have a solution");
}

/// `--count` on the default engine: the memo for tilings (its figures on
/// stderr name ZDD nodes), or the sweep where it sweeps across the board
/// (its cache tells the states apart); never the memo for the rest. The
/// counts are the published ones either way.
#[test]
fn auto_counts_tilings_by_memo() {
    let tilings: &[&str] = &["memo", "sweep"];
    let cases = [
        ("dlx/dominoes_8x8.dlx", "12988816", tilings),
        ("dlx/dominoes_12x12.dlx", "53060477521960000", tilings),
        ("dlx/dominoes_2x2_8x8.dlx", "5811552169", tilings),
        ("dlx/queens_dlx_10.dlx", "724", &["links", "cells", "bits"][..]),
        ("dlx/pentomino_6x10.dlx", "2339", &["links", "cells", "bits", "sweep"][..]),
    ];
    for (file, count, engines) in cases {
        let path = crate::data(file);
        let run = quadrille(&["solve", path.to_str().unwrap(), "--count", "--stats"], "");
        assert_eq!(run.stdout, format!("{count}\n"), "{file}");
        let engine = run.stderr.lines().find_map(|line| line.strip_prefix("engine: ")).unwrap_or("");
        assert!(engines.contains(&engine), "{file}: {}", run.stderr);
        assert_eq!(run.stderr.contains("zdd nodes: "), engine == "memo", "{file}: {}", run.stderr);
        // Asked for by name, the links count the same.
        if engines == tilings && count.len() <= 8 {
            let links = quadrille(&["solve", path.to_str().unwrap(), "--count", "--engine", "links"], "");
            assert_eq!(links.stdout, run.stdout, "{file}");
        }
    }
}
