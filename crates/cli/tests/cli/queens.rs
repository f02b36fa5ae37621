//! `quadrille queens`.

use std::collections::BTreeSet;

use quadrille_queens::model::{CoverModel, Order};

use crate::quadrille;

/// OEIS A000170 and A002562 for an `n`×`n` board, from `data/reference/queens_oeis.tsv`:
/// the number of solutions and of unique solutions.
fn oeis(n: usize) -> (u64, u64) {
    let row = quadrille_testing::data::table("queens_oeis").into_iter().find(|row| row[0] == n.to_string()).unwrap();
    (row[1].parse().unwrap(), row[2].parse().unwrap())
}

/// Knuth's DLX1 on his queens-dlx input for `n`, from `data/reference/queens_dlx1.tsv`:
/// solutions, nodes and updates in organ-pipe order, nodes and updates in natural order.
fn dlx1(n: usize) -> [u64; 5] {
    let row = quadrille_testing::data::table("queens_dlx1").into_iter().find(|row| row[0] == n.to_string()).unwrap();
    std::array::from_fn(|k| row[k + 1].parse().unwrap())
}

/// Several runs in one snapshot, each headed by its command line.
fn transcripts(runs: &[&[&str]]) -> String {
    runs.iter()
        .map(|args| format!("$ quadrille {}\n{}", args.join(" "), quadrille(args, "").transcript()))
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn formats() {
    insta::assert_snapshot!(transcripts(&[
        &["queens", "4"],
        &["queens", "4", "--format", "hash"],
        &["queens", "4", "--format", "binary"],
        &["queens", "6", "--format", "columns"],
        &["queens", "4", "--format", "json"],
        &["queens", "5", "--unique", "--format", "columns"],
        &["queens", "0"],
        &["queens", "0", "--format", "leetcode"],
        &["queens", "3"],
        &["queens", "3", "--format", "json"],
    ]));
}

#[test]
fn leetcode_51() {
    let run = quadrille(&["queens", "4", "--format", "leetcode"], "");
    assert_eq!(run.code, 0);
    assert_eq!(run.stdout, "[[\".Q..\",\"...Q\",\"Q...\",\"..Q.\"],[\"..Q.\",\"Q...\",\"...Q\",\".Q..\"]]\n");
    assert_eq!(quadrille(&["queens", "1", "--format", "leetcode"], "").stdout, "[[\"Q\"]]\n");
}

#[test]
fn bad_input() {
    insta::assert_snapshot!(transcripts(&[
        &["queens", "abc"],
        &["queens", "-3"],
        &["queens", "99999999999999999999999"],
        &["queens", "65"],
        &["queens", "29", "--count"],
        &["queens", "100", "--algorithm", "dlx", "--count", "--order", "natural", "--limit", "0"],
        &["queens", "5000", "--first"],
        &["queens", "8", "--trace", "--algorithm", "construct"],
        &["queens", "8", "--order", "natural", "--algorithm", "bitboard"],
        &["queens", "8", "--count", "--algorithm", "construct"],
        &["queens", "8", "--count", "--threads", "0"],
        &["queens", "0", "--emit-dlx"],
        &["queens", "8", "--first", "--limit", "3"],
    ]));
}

#[test]
fn counts_as_text_and_json() {
    let (total, unique) = oeis(8);
    for algorithm in ["bitboard", "backtrack", "dlx"] {
        let run = quadrille(&["queens", "8", "--count", "--algorithm", algorithm], "");
        assert_eq!((run.code, run.stdout.as_str()), (0, format!("{total}\n").as_str()), "{algorithm}");
        let run = quadrille(&["queens", "8", "--count", "--unique", "--algorithm", algorithm], "");
        assert_eq!(run.stdout, format!("{unique}\n"), "{algorithm}");
        let (total, unique) = oeis(10);
        let run = quadrille(&["queens", "10", "--json", "--algorithm", algorithm], "");
        let expected = format!(r#"{{"n":10,"solutions":{total},"unique":{unique},"seconds":"#);
        assert!(run.stdout.starts_with(&expected), "{}", run.stdout);
        let record: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
        assert!(record["seconds"].as_f64().unwrap() >= 0.0);
    }
    let (total, unique) = oeis(12);
    let run = quadrille(&["queens", "12", "--count", "--threads", "1", "--json"], "");
    assert!(run.stdout.starts_with(&format!(r#"{{"n":12,"solutions":{total},"unique":{unique},"#)), "{}", run.stdout);
    let none = quadrille(&["queens", "2", "--count"], "");
    assert_eq!((none.code, none.stdout.as_str()), (1, "0\n"));
    let limited = quadrille(&["queens", "8", "--count", "--limit", "5"], "");
    assert_eq!(limited.stdout, "5\n");
}

#[test]
fn dlx_statistics_on_stderr() {
    let [solutions, nodes, updates, natural_nodes, natural_updates] = dlx1(8);
    let run = quadrille(&["queens", "8", "--count", "--algorithm", "dlx", "--engine", "links", "--stats"], "");
    assert_eq!(run.stdout, format!("{solutions}\n"));
    assert!(run.stderr.contains(&format!("nodes: {nodes}\nupdates: {updates}\n")), "{}", run.stderr);
    let run = quadrille(&["queens", "8", "--count", "--order", "natural", "--engine", "links", "--stats"], "");
    assert!(run.stderr.contains(&format!("nodes: {natural_nodes}\nupdates: {natural_updates}\n")), "{}", run.stderr);
    // The bitset engine (the default's choice here): DLX1's nodes.
    let run = quadrille(&["queens", "8", "--count", "--algorithm", "dlx", "--engine", "bits", "--stats"], "");
    assert_eq!(run.stdout, format!("{solutions}\n"));
    assert!(run.stderr.contains(&format!("nodes: {nodes}\n")), "{}", run.stderr);
}

/// Every algorithm lists the same solutions (each in its own order), and the same
/// unique ones.
#[test]
fn the_algorithms_agree() {
    let set = |args: &[&str]| -> BTreeSet<String> {
        let run = quadrille(args, "");
        assert_eq!(run.code, 0, "{}", run.stderr);
        run.stdout.lines().map(str::to_string).collect()
    };
    for unique in [false, true] {
        let mut sets = Vec::new();
        for algorithm in ["bitboard", "backtrack", "dlx"] {
            let mut args = vec!["queens", "8", "--format", "columns", "--algorithm", algorithm];
            if unique {
                args.push("--unique");
            }
            sets.push(set(&args));
        }
        let (total, unique_total) = oeis(8);
        assert_eq!(sets[0].len() as u64, if unique { unique_total } else { total });
        assert_eq!(sets[0], sets[1]);
        assert_eq!(sets[0], sets[2]);
    }
}

#[test]
fn trace_shows_the_search() {
    insta::assert_snapshot!(quadrille(&["queens", "4", "--trace", "--first"], "").transcript());
}

#[test]
fn first_and_limit() {
    assert_eq!(quadrille(&["queens", "8", "--first", "--format", "columns"], "").stdout, "1 5 8 6 3 7 2 4\n");
    let run = quadrille(&["queens", "8", "--limit", "3", "--format", "columns"], "");
    assert_eq!(run.stdout, "1 5 8 6 3 7 2 4\n1 6 8 3 7 4 2 5\n1 7 4 6 8 2 5 3\n");
    // Beyond 30 the first solution comes from the formula.
    let run = quadrille(&["queens", "14", "--first", "--algorithm", "construct", "--format", "columns"], "");
    assert_eq!(run.stdout, "2 4 6 8 10 12 14 3 1 7 9 11 13 5\n");
}

#[test]
fn a_large_constructed_solution_verifies() {
    let built = quadrille(&["queens", "100000", "--first", "--format", "columns"], "");
    assert_eq!(built.code, 0, "{}", built.stderr);
    let checked = quadrille(&["queens", "--verify", "-"], &built.stdout);
    assert_eq!((checked.code, checked.stdout.as_str()), (0, "line 1: ok, 100000 queens in peace\n"));
}

#[test]
fn verify_names_the_attacking_queens() {
    let input = "# a comment\n2 4 1 3\n1 2 3 4\n\n1 x 3\n3,1,4,2\n1 1 1 1 1 1 1 1 1 1 1 1 1\n5 1 2\n";
    insta::assert_snapshot!(quadrille(&["queens", "--verify", "-"], input).transcript());
    let wrong = quadrille(&["queens", "--verify", "-"], "1 2\n");
    assert_eq!(wrong.code, 1);
    let sized = quadrille(&["queens", "5", "--verify", "-"], "2 4 1 3\n");
    assert_eq!(sized.code, 2);
    assert_eq!(sized.stderr, "quadrille: error: <stdin>:1: expected 5 columns, found 4\n");
    let empty = quadrille(&["queens", "--verify", "-"], "\n");
    assert_eq!((empty.code, empty.stderr.as_str()), (2, "quadrille: error: <stdin>: no placement to check\n"));
    let missing = quadrille(&["queens", "--verify", "/no/such/file"], "");
    assert_eq!(missing.code, 2);
    assert!(missing.stderr.starts_with("quadrille: error: cannot read /no/such/file"), "{}", missing.stderr);
}

#[test]
fn emit_dlx_is_knuths_input_and_solves() {
    for order in [Order::OrganPipe, Order::Natural] {
        let name = if order == Order::OrganPipe { "organ-pipe" } else { "natural" };
        let run = quadrille(&["queens", "6", "--emit-dlx", "--order", name], "");
        assert_eq!(run.stdout, CoverModel::knuth_text(6, order).unwrap());
    }
    let [solutions, nodes, updates, ..] = dlx1(8);
    let text = quadrille(&["queens", "8", "--emit-dlx"], "").stdout;
    let solved = quadrille(&["solve", "--count", "--stats", "--engine", "links"], &text);
    assert_eq!(solved.stdout, format!("{solutions}\n"));
    assert!(solved.stderr.contains(&format!("nodes: {nodes}\nupdates: {updates}\n")), "{}", solved.stderr);
}

#[test]
fn svg_draws_boards() {
    let run = quadrille(&["queens", "8", "--first", "--format", "svg"], "");
    assert_eq!(run.code, 0);
    assert!(run.stdout.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
    assert!(run.stdout.trim_end().ends_with("</svg>"));
    assert_eq!(run.stdout.matches("<use ").count(), 8, "one queen a row");
    assert_eq!(run.stdout.matches("<rect ").count(), 64 + 1 + 1, "squares, frame, and the queen's base");
    assert!(run.stdout.contains("<title>8 queens: 1 solution</title>"));
    let run = quadrille(&["queens", "6", "--format", "svg"], "");
    assert_eq!(run.stdout.matches("<g id=\"solution-").count(), 4);
    let run = quadrille(&["queens", "10", "--format", "svg"], "");
    assert_eq!(run.code, 0);
    let run = quadrille(&["queens", "12", "--format", "svg"], "");
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("at most 1000 boards"), "{}", run.stderr);
}

#[test]
fn shards_merge_into_the_whole_count() {
    for algorithm in ["bitboard", "dlx"] {
        let records: String = (0..3)
            .map(|i| {
                let shard = format!("{i}/3");
                quadrille(
                    &["queens", "11", "--count", "--algorithm", algorithm, "--engine", "links", "--shard", &shard],
                    "",
                )
                .stdout
            })
            .collect();
        let merged = quadrille(&["merge"], &records);
        assert_eq!(merged.code, 0, "{}", merged.stderr);
        let merged: serde_json::Value = serde_json::from_str(&merged.stdout).unwrap();
        let (total, unique) = oeis(11);
        assert_eq!(merged["solutions"], total, "{algorithm}");
        if algorithm == "bitboard" {
            assert_eq!(merged["unique"], unique);
        } else {
            let [_, nodes, updates, ..] = dlx1(11);
            assert_eq!((merged["nodes"].as_u64(), merged["updates"].as_u64()), (Some(nodes), Some(updates)));
        }
    }
    // The whole of a merge, its time masked.
    let records: String =
        (0..4).map(|i| quadrille(&["queens", "9", "--count", "--shard", &format!("{i}/4")], "").stdout).collect();
    let merged = quadrille(&["merge", "-"], &records);
    let seconds = mask_number_after(&merged.stdout, "\"seconds\":");
    insta::assert_snapshot!("merge_of_four_shards", format!("exit code: {}\n{seconds}{}", merged.code, merged.stderr));
    // Shards of different boards do not mix.
    let mixed = [
        quadrille(&["queens", "11", "--count", "--shard", "0/2"], "").stdout,
        quadrille(&["queens", "12", "--count", "--shard", "1/2"], "").stdout,
    ]
    .concat();
    let refused = quadrille(&["merge"], &mixed);
    assert_eq!(refused.code, 2);
    assert!(refused.stderr.contains("shard of another problem"), "{}", refused.stderr);
    let backtrack = quadrille(&["queens", "8", "--count", "--algorithm", "backtrack", "--shard", "0/2"], "");
    assert_eq!(backtrack.code, 2);
}

/// Ctrl-C during a long count or listing: what was done so far, exit code 130.
#[test]
fn ctrl_c_stops_counting_and_listing() {
    for args in [&["queens", "19", "--count", "--threads", "1"][..], &["queens", "20", "--format", "columns"]] {
        let args: Vec<&std::ffi::OsStr> = args.iter().map(|a| a.as_ref()).collect();
        let run = crate::interrupted(&args);
        assert_eq!(run.code, 130, "{args:?}: {}", run.stderr);
        assert!(run.stderr.contains("interrupted"), "{}", run.stderr);
    }
}

/// The text with the number after `key` replaced by `[time]`.
fn mask_number_after(text: &str, key: &str) -> String {
    match text.find(key) {
        Some(at) => {
            let start = at + key.len();
            let end = start
                + text[start..].find(|c: char| c != '.' && !c.is_ascii_digit() && c != 'e' && c != '-').unwrap_or(0);
            format!("{}[time]{}", &text[..start], &text[end..])
        }
        None => text.to_string(),
    }
}
