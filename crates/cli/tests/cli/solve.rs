//! `quadrille solve`.

use crate::{data, json_transcript, quadrille};

const TOY: &str = "| Knuth's toy problem\nA B C D E | F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n";

#[test]
fn prints_every_solution_as_option_lines() {
    insta::assert_snapshot!(quadrille(&["solve"], TOY).transcript());
}

#[test]
fn reads_a_file_and_keeps_colours_as_written() {
    let path = data("dlx/knuth_toy_colors.dlx");
    let run = quadrille(&["solve", path.to_str().unwrap()], "");
    assert_eq!(run.code, 0);
    assert_eq!(run.stdout, "A C X:1 Y:1\nB X:1\n\n");
    assert!(run.stderr.ends_with("line 5: option ignored (no primary items)\n"), "{}", run.stderr);
}

#[test]
fn counts_limits_and_first() {
    let problem = "a b c\na\nb\nc\na b\nb c\na b c\n";
    assert_eq!(quadrille(&["solve", "--count"], problem).stdout, "4\n");
    assert_eq!(quadrille(&["solve", "--count", "--limit", "2"], problem).stdout, "2\n");
    let first = quadrille(&["solve", "--first", "-"], problem);
    assert_eq!((first.code, first.stdout.as_str()), (0, "a\nb\nc\n\n"));
    let none = quadrille(&["solve", "--count"], "a b\na\n");
    assert_eq!((none.code, none.stdout.as_str()), (1, "0\n"));
}

#[test]
fn statistics_on_stderr_and_json_on_stdout() {
    let run = quadrille(&["solve", "--count", "--stats", "--engine", "links"], TOY);
    assert_eq!(run.stdout, "1\n");
    assert!(run.stderr.contains("nodes: 6\n") && run.stderr.contains("updates: 30\n"), "{}", run.stderr);

    let run = quadrille(&["solve", "--json", "--engine", "links"], TOY);
    let lines: Vec<serde_json::Value> = run.stdout.lines().map(|line| serde_json::from_str(line).unwrap()).collect();
    assert_eq!(lines.len(), 2, "one solution, then the summary");
    assert_eq!(lines[0], serde_json::json!({ "solution": ["A D", "C E F", "B G"] }));
    let summary = &lines[1];
    assert_eq!(summary["solutions"], 1);
    assert_eq!(summary["nodes"], 6);
    assert_eq!(summary["updates"], 30);
    assert_eq!(summary["cleansings"], 0);
    assert!(summary["seconds"].as_f64().unwrap() >= 0.0);
    let counted = quadrille(&["solve", "--json", "--count"], TOY).stdout;
    assert_eq!(counted.lines().count(), 1);
    let counted: serde_json::Value = serde_json::from_str(&counted).unwrap();
    assert_eq!(counted["solutions"], 1);
    assert!(counted.get("solution").is_none());
}

/// `--json` prints JSON Lines: one object per solution as it is found, then the
/// summary; with `--count` the summary alone.
#[test]
fn json_lines() {
    let four = "a b c\na\nb\nc\na b\nb c\na b c\n";
    let colours = std::fs::read_to_string(data("dlx/knuth_toy_colors.dlx")).unwrap();
    insta::assert_snapshot!(
        [
            json_transcript(&["solve", "--json"], TOY),
            json_transcript(&["solve", "--json", "--threads", "1"], four),
            json_transcript(&["solve", "--json", "--limit", "2"], four),
            json_transcript(&["solve", "--json", "--count"], four),
            json_transcript(&["solve", "--json", "--quiet"], &colours),
            json_transcript(&["solve", "--json"], "a b\na\n"),
        ]
        .join("\n")
    );
}

#[test]
fn bad_input_names_file_line_and_column() {
    insta::assert_snapshot!("unknown_item", quadrille(&["solve"], "A B\nA\nB C\n").transcript());
    insta::assert_snapshot!("missing_file", quadrille(&["solve", "no/such/file.dlx"], "").transcript());
    insta::assert_snapshot!("bad_flag", quadrille(&["solve", "--frobnicate"], "").transcript());
    insta::assert_snapshot!("first_and_limit", quadrille(&["solve", "--first", "--limit", "3"], TOY).transcript());
}

#[test]
fn shards_merge_into_the_whole_count() {
    let path = data("dlx/pentomino_6x10.dlx");
    let path = path.to_str().unwrap();
    // Shards run a search (here the bitset engine's), whose statistics add up.
    let serial = quadrille(&["solve", path, "--json", "--count", "--threads", "1", "--engine", "bits"], "");
    let serial: serde_json::Value = serde_json::from_str(&serial.stdout).unwrap();
    let shards: Vec<String> = (0..4)
        .map(|i| {
            let run = quadrille(&["solve", path, "--count", "--shard", &format!("{i}/4"), "--threads", "1"], "");
            let record: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
            assert_eq!((record["shard"].as_u64(), record["of"].as_u64()), (Some(i), Some(4)));
            run.stdout
        })
        .collect();
    let merged = quadrille(&["merge"], shards.concat());
    assert_eq!(merged.code, 0, "{}", merged.stderr);
    let merged: serde_json::Value = serde_json::from_str(&merged.stdout).unwrap();
    for key in ["solutions", "nodes", "updates", "cleansings"] {
        assert_eq!(merged[key], serial[key], "{key}");
    }
    assert_eq!(merged["shards"], 4);

    // A missing, a repeated and a foreign shard are refused.
    let missing = quadrille(&["merge"], shards[..3].concat());
    let repeated = quadrille(&["merge"], [shards.concat(), shards[2].clone()].concat());
    let toy = quadrille(&["solve", "--count", "--shard", "1/4"], TOY).stdout;
    let foreign = quadrille(&["merge"], [&shards[0], &shards[2], &shards[3], &toy[..]].concat());
    let report = |run: crate::Run| format!("exit code: {}\n{}", run.code, run.stderr);
    insta::assert_snapshot!("merge_refusals", [report(missing), report(repeated), report(foreign)].join("\n"));
}

#[test]
fn a_journal_cut_short_on_its_last_line_is_merged_without_that_line() {
    let shards: Vec<String> =
        (0..4).map(|i| quadrille(&["solve", "--count", "--shard", &format!("{i}/4")], TOY).stdout).collect();
    let whole = quadrille(&["merge"], shards.concat());
    assert_eq!(whole.code, 0, "{}", whole.stderr);
    // A coordinator killed while writing slice 3 again leaves half a line, without its end.
    let torn = &shards[3][..shards[3].len() / 2];
    assert!(!torn.ends_with('\n'));
    let journal = quadrille(&["merge"], [shards.concat(), torn.to_string()].concat());
    assert_eq!((journal.code, &journal.stdout), (0, &whole.stdout), "{}", journal.stderr);
    assert!(journal.stderr.contains("warning: <stdin>:5: skipped, a last line cut short"), "{}", journal.stderr);
    // The slice only that line held is missing, not summed wrongly.
    let lost = quadrille(&["merge"], [shards[..3].concat(), torn.to_string()].concat());
    assert_eq!(lost.code, 2);
    assert!(lost.stderr.contains("missing 1 shard of 4: 3"), "{}", lost.stderr);
    // A line cut short before others is corruption: refused, named.
    let middle = quadrille(&["merge"], [&shards[0], torn, "\n", &shards[1], &shards[2], &shards[3]].concat());
    assert_eq!(middle.code, 2);
    assert!(middle.stderr.contains("<stdin>:2: not a shard record"), "{}", middle.stderr);
}

#[test]
fn bad_shards_and_threads_are_usage_errors() {
    for args in [
        &["solve", "--count", "--shard", "4/4"][..],
        &["solve", "--count", "--threads", "0"],
        &["solve", "--shard", "0/2"],
    ] {
        let run = quadrille(args, TOY);
        assert_eq!(run.code, 2, "{args:?}");
        assert!(run.stdout.is_empty());
    }
}

#[test]
fn shards_of_the_cells_engine_add_up_and_do_not_mix_with_links() {
    let shard = |engine: &str, i: u32| {
        let run = quadrille(&["solve", "--count", "--shard", &format!("{i}/2"), "--engine", engine], TOY);
        let record: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
        assert_eq!(record["engine"], engine);
        run.stdout
    };
    let merged = quadrille(&["merge"], [shard("cells", 0), shard("cells", 1)].concat());
    assert_eq!(merged.code, 0, "{}", merged.stderr);
    let merged: serde_json::Value = serde_json::from_str(&merged.stdout).unwrap();
    assert_eq!((merged["solutions"].as_u64(), merged["engine"].as_str()), (Some(1), Some("cells")));
    let mixed = quadrille(&["merge"], [shard("cells", 0), shard("links", 1)].concat());
    assert_eq!(mixed.code, 2);
    assert!(mixed.stderr.contains("links engine, not cells"), "{}", mixed.stderr);
}

/// Binary branching with weights counts as Knuth's SSXCC-FRB on Langford
/// pairs of 8 (`data/knuth/binary/figures.tsv`) whatever the threads: on
/// two threads it searches on one and says so; its shards (slice 0 holds
/// the whole search) merge into those figures and name the branching and
/// weights, and a shard of `d`-way branching, or of other weights, does not
/// merge with them.
#[test]
fn binary_branching_counts_alike_on_threads_and_in_shards() {
    let path = data("knuth/binary/langford_8.dlx");
    let path = path.to_str().unwrap();
    let figures = std::fs::read_to_string(data("knuth/binary/figures.tsv")).unwrap();
    let row: Vec<&str> =
        figures.lines().find(|l| l.starts_with("langford_8\tssxcc-frb\t")).unwrap().split('\t').collect();
    let binary = ["--engine", "cells", "--branching", "binary", "--weights", "frb"];
    for threads in ["1", "2"] {
        let run = quadrille(&[&["solve", path, "--count", "--stats", "--threads", threads][..], &binary].concat(), "");
        assert_eq!(run.stdout, format!("{}\n", row[2]), "{threads} threads");
        for (name, k) in [("nodes", 3), ("updates", 4)] {
            assert!(run.stderr.contains(&format!("{name}: {}\n", row[k])), "{threads} threads: {}", run.stderr);
        }
        let said = run.stderr.contains("note: binary branching searches as one subproblem, on one thread");
        assert_eq!(said, threads == "2", "{}", run.stderr);
    }
    let shard = |i: u32, extra: &[&str]| {
        let run = quadrille(&[&["solve", path, "--count", "--shard", &format!("{i}/3")][..], extra].concat(), "");
        assert_eq!(run.code, 0, "{}", run.stderr);
        run.stdout
    };
    let shards: Vec<String> = (0..3).map(|i| shard(i, &binary)).collect();
    let record: serde_json::Value = serde_json::from_str(&shards[1]).unwrap();
    assert_eq!(
        (&record["branching"], &record["weights"], &record["nodes"]),
        (&"binary".into(), &"frb".into(), &0.into())
    );
    let merged = quadrille(&["merge"], shards.concat());
    assert_eq!(merged.code, 0, "{}", merged.stderr);
    let merged: serde_json::Value = serde_json::from_str(&merged.stdout).unwrap();
    for (key, k) in [("solutions", 2), ("nodes", 3), ("updates", 4)] {
        assert_eq!(merged[key].to_string(), row[k], "{key}");
    }
    assert_eq!((&merged["branching"], &merged["weights"]), (&"binary".into(), &"frb".into()));
    let d_way = shard(2, &["--engine", "cells"]);
    let mixed = quadrille(&["merge"], [&shards[0][..], &shards[1], &d_way].concat());
    assert_eq!(mixed.code, 2);
    assert!(
        mixed.stderr.contains(
            "<stdin>:3: shard counted with d-way branching, not binary branching with frb weights as in <stdin>:1"
        ),
        "{}",
        mixed.stderr
    );
    let wdeg = shard(2, &["--engine", "cells", "--branching", "binary", "--weights", "wdeg"]);
    let mixed = quadrille(&["merge"], [&shards[0][..], &shards[1], &wdeg].concat());
    assert!(
        mixed.stderr.contains("binary branching with wdeg weights, not binary branching with frb"),
        "{}",
        mixed.stderr
    );
    // The sharp preference is refused with binary branching, named.
    let sharp = quadrille(&[&["solve", path, "--count", "--sharp"][..], &binary].concat(), "");
    assert_eq!(sharp.code, 2);
    assert!(
        sharp.stderr.contains("the cells engine does not take the sharp preference with binary branching"),
        "{}",
        sharp.stderr
    );
}

/// `--count` alone picks the sweep for a packing (Knuth's 2,339 pentomino
/// packings); `--engine sweep` names what it does not take.
#[test]
fn the_sweep_counts() {
    let path = data("dlx/pentomino_6x10.dlx");
    let path = path.to_str().unwrap();
    let counted = quadrille(&["solve", path, "--count", "--stats", "--threads", "1"], "");
    assert_eq!((counted.code, counted.stdout.trim()), (0, "2339"), "{}", counted.stderr);
    assert!(counted.stderr.contains("engine: sweep"), "{}", counted.stderr);
    let two = quadrille(&["solve", path, "--count", "--engine", "sweep", "--threads", "2"], "");
    assert_eq!(two.stdout.trim(), "2339");
    let colours = data("dlx/knuth_toy_colors.dlx");
    let colours = quadrille(&["solve", colours.to_str().unwrap(), "--count", "--engine", "sweep"], "");
    assert_eq!(colours.code, 2);
    assert!(colours.stderr.contains("the sweep engine does not take colours"), "{}", colours.stderr);
    // 64 independent pairs, each covered at once or item by item: 2^64
    // solutions, exact by default and on the sweep, past its 64 bits.
    let mut pairs: String = (0..64).map(|k| format!("x{k} y{k} ")).collect();
    pairs.push('\n');
    for k in 0..64 {
        pairs += &format!("x{k} y{k}\nx{k}\ny{k}\n");
    }
    assert_eq!(quadrille(&["solve", "--count"], &pairs).stdout.trim(), "18446744073709551616");
    let over = quadrille(&["solve", "--count", "--engine", "sweep"], &pairs);
    assert_eq!((over.code, over.stdout.trim()), (0, "18446744073709551616"), "{}", over.stderr);
    // Knuth's 2 packings of 3×20, each in 4 orientations.
    let packed = quadrille(&["pack", "--pieces", "pentominoes", "--box", "3x20", "--count", "--stats"], "");
    assert_eq!(packed.stdout.trim(), "8", "{}", packed.stderr);
    assert!(packed.stderr.contains("engine: sweep"), "{}", packed.stderr);
}

/// `--count --limit K` holds on every engine, the memo and the sweep included
/// (dominoes on 8×8: 12,988,816 tilings, so 5 is the limit), in text and in
/// JSON.
#[test]
fn a_count_stops_at_its_limit_on_every_engine() {
    let dominoes = data("dlx/dominoes_8x8.dlx");
    for engine in ["memo", "sweep", "links", "bits", "auto"] {
        let all = if matches!(engine, "memo" | "sweep") { "12988816" } else { "5" };
        for limit in ["1", "5", all] {
            let args = ["solve", dominoes.to_str().unwrap(), "--count", "--limit", limit, "--engine", engine];
            let run = crate::quadrille(&args, "");
            assert_eq!((run.code, run.stdout.trim()), (0, limit), "{engine} {limit}: {}", run.stderr);
            let json = crate::quadrille(&[&args[..], &["--json"]].concat(), "");
            let value: serde_json::Value = serde_json::from_str(json.stdout.trim()).unwrap();
            assert_eq!(value["solutions"].to_string(), limit, "{engine} {limit}");
        }
    }
}

/// Ctrl-C during `--count --json`: the JSON summary of the count so far on
/// stdout, marked interrupted, exit code 130.
#[test]
fn ctrl_c_during_a_json_count_prints_the_partial_summary() {
    let problem = data("dlx/sudoku_6x6_all.dlx");
    for engine in ["links", "bits"] {
        let args = [
            "solve".as_ref(),
            "--count".as_ref(),
            "--json".as_ref(),
            "--threads".as_ref(),
            "1".as_ref(),
            "--engine".as_ref(),
            engine.as_ref(),
            problem.as_os_str(),
        ];
        let run = crate::interrupted(&args);
        assert_eq!(run.code, 130, "{}", run.stderr);
        let value: serde_json::Value = serde_json::from_str(run.stdout.trim()).expect("one JSON line");
        assert_eq!(value["interrupted"], serde_json::json!(true), "{}", run.stdout);
        assert!(value["nodes"].as_u64().unwrap() > 0, "{}", run.stdout);
        // The partial count is below Knuth's 28,200,960 grids of 6×6.
        assert!(value["solutions"].as_u64().unwrap() < 28_200_960, "{}", run.stdout);
    }
}

/// Every door names the engine that answered and only its figures: the
/// sweep's count has no updates, the links' has DLX1's; the memo takes one
/// thread (or two: it runs on one); `solve` and `pack` agree with Knuth's
/// 2,339 packings of 6×10 and their 4 orientations each (9,356).
#[test]
fn the_json_names_the_engine_and_only_its_figures() {
    let path = data("dlx/pentomino_6x10.dlx");
    let path = path.to_str().unwrap();
    let json = |args: &[&str]| -> serde_json::Value {
        let run = quadrille(args, "");
        assert_eq!(run.code, 0, "{args:?}: {}", run.stderr);
        serde_json::from_str(run.stdout.lines().last().unwrap()).unwrap()
    };
    let swept = json(&["solve", path, "--count", "--json", "--threads", "1"]);
    assert_eq!((swept["engine"].as_str(), swept["solutions"].as_u64()), (Some("sweep"), Some(2_339)));
    assert!(swept.get("updates").is_none() && swept.get("cleansings").is_none(), "{swept}");
    let linked = json(&["solve", path, "--count", "--json", "--engine", "links", "--limit", "10"]);
    assert_eq!((linked["engine"].as_str(), linked["solutions"].as_u64()), (Some("links"), Some(10)));
    assert!(linked["updates"].as_u64().is_some(), "{linked}");
    for threads in ["1", "2"] {
        let memo = json(&["solve", path, "--count", "--json", "--engine", "memo", "--threads", threads]);
        assert_eq!((memo["engine"].as_str(), memo["solutions"].as_u64()), (Some("memo"), Some(2_339)));
        assert!(memo["memos"].as_u64().is_some(), "{memo}");
    }
    let listed = json(&["solve", path, "--limit", "3", "--json", "--engine", "cells"]);
    assert_eq!((listed["engine"].as_str(), listed["solutions"].as_u64()), (Some("cells"), Some(3)));
    let packed = json(&["pack", "--pieces", "pentominoes", "--box", "6x10", "--count", "--json", "--threads", "1"]);
    assert_eq!((packed["engine"].as_str(), packed["packings"].as_u64()), (Some("sweep"), Some(4 * 2_339)));
    let refused = quadrille(&["solve", path, "--best", "2", "--engine", "sweep"], "");
    assert_eq!(refused.code, 2);
    assert!(refused.stderr.contains("the sweep engine cannot find the cheapest solutions"), "{}", refused.stderr);
}

/// `--sharp`: the figures of Knuth's DLX2-SHARP on Langford pairs for n = 8
/// with the items `v1..v8` renamed `#v1..#v8` (`data/knuth/sharp/`), and
/// DLX2's without the flag.
#[test]
fn sharp_prefers_the_items_named_with_a_hash() {
    let path = data("knuth/sharp/langford8_v.dlx");
    let figures = std::fs::read_to_string(data("knuth/sharp/figures.tsv")).unwrap();
    let row: Vec<&str> = figures.lines().find(|l| l.starts_with("langford8_v.dlx\t")).unwrap().split('\t').collect();
    let args = ["solve", "--count", "--stats", "--threads", "1", "--engine", "links", path.to_str().unwrap()];
    let run = quadrille(&[&args[..], &["--sharp"]].concat(), "");
    assert_eq!(run.stdout, format!("{}\n", row[2]));
    assert!(run.stderr.contains(&format!("nodes: {}\n", row[3])), "{}", run.stderr);
    assert!(run.stderr.contains(&format!("updates: {}\n", row[4])), "{}", run.stderr);
    let plain = quadrille(&args, "");
    assert_eq!(plain.stdout, run.stdout);
    assert!(!plain.stderr.contains(&format!("nodes: {}\n", row[3])), "{}", plain.stderr);
}

/// `--branching binary` with and without `--weights`: the solutions, nodes and
/// updates Knuth's SSXCC-BINARY, SSXCC-FRB and SSXCC-WTD print for Langford
/// pairs, n = 8 (`data/knuth/binary/figures.tsv`); misuse is refused, exit 2.
#[test]
fn binary_branching_prints_knuths_figures() {
    let path = data("knuth/binary/langford_8.dlx");
    let path = path.to_str().unwrap();
    for (weights, nodes, updates) in [("off", 3094, 26375), ("frb", 3546, 30533), ("wdeg", 3536, 30415)] {
        let args = ["solve", path, "--count", "--json", "--threads", "1", "--engine", "cells", "--branching", "binary"];
        let run = quadrille(&[&args[..], &["--weights", weights]].concat(), "");
        let summary: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
        assert_eq!(
            (&summary["solutions"], &summary["nodes"], &summary["updates"]),
            (&300.into(), &nodes.into(), &updates.into()),
            "{weights}"
        );
    }
    // The library's refusals, whatever the question (the diagram's too,
    // which never branches), naming the engine and the knob.
    for question in [&["--count"][..], &["--first"], &["--zdd"], &[]] {
        let off_cells = quadrille(&[&["solve", path, "--branching", "binary"], question].concat(), "");
        assert_eq!((off_cells.code, off_cells.stdout.as_str()), (2, ""), "{question:?}");
        assert!(
            off_cells.stderr.contains("the auto engine does not take binary branching"),
            "{question:?}: {}",
            off_cells.stderr
        );
    }
    let on_links = quadrille(&["solve", path, "--count", "--engine", "links", "--branching", "binary"], "");
    assert!(on_links.stderr.contains("the links engine does not take binary branching"), "{}", on_links.stderr);
    let no_binary = quadrille(&["solve", path, "--count", "--engine", "cells", "--weights", "frb"], "");
    assert_eq!(no_binary.code, 2);
    assert!(
        no_binary.stderr.contains("weights without binary branching: they choose the item"),
        "{}",
        no_binary.stderr
    );
}

/// A bounded count the rule gives to binary branching on one thread, when
/// two are asked, says so in `--stats` and `--json`, with SSMCC's figures
/// (`data/knuth/binary/figures.tsv`); on one thread asked it says nothing.
#[test]
fn a_count_on_fewer_threads_than_asked_says_so() {
    let path = data("knuth/binary/redrect_3_3.dlx");
    let path = path.to_str().unwrap();
    let figures = std::fs::read_to_string(data("knuth/binary/figures.tsv")).unwrap();
    let row: Vec<&str> = figures.lines().find(|l| l.starts_with("redrect_3_3\tssmcc\t")).unwrap().split('\t').collect();
    let two = quadrille(&["solve", path, "--count", "--stats", "--threads", "2"], "");
    assert_eq!(two.stdout, format!("{}\n", row[2]));
    assert!(two.stderr.contains(&format!("nodes: {}\n", row[3])), "{}", two.stderr);
    assert!(two.stderr.contains("threads: 1\n"), "{}", two.stderr);
    assert!(two.stderr.contains("note: binary branching searches as one subproblem, on one thread"), "{}", two.stderr);
    let json = quadrille(&["solve", path, "--count", "--json", "--threads", "2"], "");
    let summary: serde_json::Value = serde_json::from_str(&json.stdout).unwrap();
    assert_eq!((&summary["engine"], &summary["threads"]), (&"cells".into(), &1.into()), "{}", json.stdout);
    let one = quadrille(&["solve", path, "--count", "--stats", "--threads", "1"], "");
    assert!(!one.stderr.contains("threads:"), "{}", one.stderr);
}

/// The solutions of `quadrille solve` with `args` on the JSON lines it
/// prints: each solution's option lines, sorted; and the summary.
fn json_solutions(path: &str, args: &[&str]) -> (Vec<Vec<String>>, serde_json::Value) {
    let out = quadrille(&[&["solve", path, "--json"], args].concat(), "");
    assert_eq!(out.code, 0, "{}", out.stderr);
    let mut lines: Vec<serde_json::Value> = out.stdout.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    let summary = lines.pop().unwrap();
    let solutions = lines
        .iter()
        .map(|l| {
            let mut options: Vec<String> =
                l["solution"].as_array().unwrap().iter().map(|o| o.as_str().unwrap().to_string()).collect();
            options.sort();
            options
        })
        .collect();
    (solutions, summary)
}

/// Listing Knuth's 2,339 pentomino packings: `auto` lists them on the sweep
/// (named in the JSON summary), the same packings as the links list, each
/// once; `--engine sweep` lists with `--first`, `--limit` and on threads.
#[test]
fn the_sweep_lists_packings() {
    let path = data("dlx/pentomino_6x10.dlx");
    let path = path.to_str().unwrap();
    let (swept, summary) = json_solutions(path, &[]);
    assert_eq!((summary["engine"].as_str(), summary["solutions"].as_u64()), (Some("sweep"), Some(2339)));
    let (linked, summary) = json_solutions(path, &["--engine", "links"]);
    assert_eq!(summary["engine"].as_str(), Some("links"));
    let swept: std::collections::BTreeSet<_> = swept.into_iter().collect();
    let linked: std::collections::BTreeSet<_> = linked.into_iter().collect();
    assert_eq!((swept.len(), &swept), (2339, &linked));
    let (two, _) = json_solutions(path, &["--engine", "sweep", "--threads", "2"]);
    assert_eq!(two.into_iter().collect::<std::collections::BTreeSet<_>>(), linked);
    for args in [&["--engine", "sweep", "--first"][..], &["--engine", "sweep", "--limit", "5"]] {
        let (some, summary) = json_solutions(path, args);
        assert_eq!(summary["engine"].as_str(), Some("sweep"), "{args:?}");
        assert_eq!(some.len(), if args.contains(&"--first") { 1 } else { 5 }, "{args:?}");
        assert!(some.iter().all(|s| linked.contains(s)), "{args:?}");
    }
    // Plain text: each solution's lines, then a blank line.
    let text = quadrille(&["solve", path, "--engine", "sweep", "--limit", "2"], "");
    assert_eq!((text.code, text.stdout.matches("\n\n").count()), (0, 2), "{}", text.stderr);
}
