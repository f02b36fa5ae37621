//! `quadrille solve --estimate`: Knuth's random probes from the shell,
//! against Knuth's figures of the pentomino search and the search's own.

use crate::{data, langford, quadrille};

/// The estimate of a run as JSON: its mean nodes.
fn nodes(args: &[&str], stdin: &str) -> f64 {
    let run = quadrille(args, stdin);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let line: serde_json::Value = serde_json::from_str(run.stdout.trim()).unwrap();
    line["estimate"]["nodes"]["mean"].as_f64().unwrap()
}

/// With the default probes, averaged over 20 seeds, the estimate of the
/// pentomino search is within a factor of two of Knuth's nodes (DLX1's tree
/// for links and bits, SSXCC's for cells).
#[test]
fn pentominoes_within_a_factor_of_two_over_twenty_seeds() {
    let file = data("dlx/pentomino_6x10.dlx");
    for (engine, program) in [("links", "dlx1"), ("cells", "ssxcc"), ("bits", "dlx1")] {
        let [_, truth, ..] = quadrille_testing::data::figures("pentomino_6x10", program);
        let truth = truth.unwrap() as f64;
        let mean = (0..20)
            .map(|seed| {
                let seed = seed.to_string();
                nodes(
                    &["solve", file.to_str().unwrap(), "--estimate", "--json", "--engine", engine, "--seed", &seed],
                    "",
                )
            })
            .sum::<f64>()
            / 20.0;
        assert!((0.5..=2.0).contains(&(mean / truth)), "{engine}: {mean} against {truth}");
    }
}

/// Alone, the estimate is the answer on stdout, and nothing is searched;
/// before a count, it goes to stderr and the count follows.
#[test]
fn alone_it_answers_and_before_a_count_it_notes() {
    let text = langford(7);
    let alone = quadrille(&["solve", "--estimate", "--probes", "50", "--engine", "links"], &text);
    assert_eq!(alone.code, 0, "{}", alone.stderr);
    let lines: Vec<&str> = alone.stdout.lines().collect();
    assert_eq!(lines[0], "50 probes of the links engine's tree (seed 0)");
    assert!(lines[1].starts_with("nodes: ") && lines[1].contains(" ± "), "{}", alone.stdout);
    assert!(lines[2].starts_with("updates: ") && lines[3].starts_with("solutions: "), "{}", alone.stdout);
    assert_eq!(lines.len(), 4);
    let count = quadrille(&["solve", "--count", "--estimate", "--probes", "50"], &text);
    assert_eq!(count.code, 0, "{}", count.stderr);
    assert_eq!(count.stdout.trim(), quadrille(&["solve", "--count"], &text).stdout.trim());
    assert!(count.stderr.contains("quadrille: estimate: nodes: "), "{}", count.stderr);
    // With --stats, the nodes at each depth: one at the root.
    let profile = quadrille(&["solve", "--estimate", "--stats", "--probes", "10"], &text);
    assert!(profile.stdout.contains("\ndepth 0: 1\n"), "{}", profile.stdout);
}

/// The estimate of a search the command line counts too: within a few
/// standard errors of its nodes.
#[test]
fn the_estimate_lands_near_the_count() {
    let text = langford(9);
    let run = quadrille(&["solve", "--estimate", "--json", "--probes", "4000", "--engine", "cells"], &text);
    let line: serde_json::Value = serde_json::from_str(run.stdout.trim()).unwrap();
    let (mean, error) =
        (line["estimate"]["nodes"]["mean"].as_f64().unwrap(), line["estimate"]["nodes"]["error"].as_f64().unwrap());
    let stats = quadrille(&["solve", "--count", "--stats", "--engine", "cells", "--threads", "1"], &text);
    let truth: f64 = stats.stderr.lines().find_map(|l| l.strip_prefix("nodes: ")).unwrap().parse().unwrap();
    assert!((mean - truth).abs() < 5.0 * error, "{mean} ± {error} against {truth}");
}

/// The estimate of the queens of order 130 passes 10^154, where the
/// squares of the probes' estimates pass `f64`: its standard error is no
/// longer 0 (it was, "1.24e168 ± 0"), in the text and in JSON, and JSON
/// carries the logarithms of both.
#[test]
fn estimates_past_10_to_the_154_keep_their_spread() {
    let queens = quadrille(&["queens", "130", "--emit-dlx"], "");
    assert_eq!(queens.code, 0, "{}", queens.stderr);
    let run = quadrille(&["solve", "-", "--estimate", "--probes", "50", "--json"], &queens.stdout);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let line: serde_json::Value = serde_json::from_str(run.stdout.trim()).unwrap();
    let nodes = &line["estimate"]["nodes"];
    let (mean, error) = (nodes["mean"].as_f64().unwrap(), nodes["error"].as_f64().unwrap());
    assert!(mean > 1e154 && error > 0.0 && error.is_finite(), "{nodes}");
    assert!((nodes["log10_mean"].as_f64().unwrap() - mean.log10()).abs() < 1e-9, "{nodes}");
    assert!((nodes["log10_error"].as_f64().unwrap() - error.log10()).abs() < 1e-9, "{nodes}");
    let text = quadrille(&["solve", "-", "--estimate", "--probes", "50"], &queens.stdout);
    let nodes = text.stdout.lines().find_map(|l| l.strip_prefix("nodes: ")).unwrap();
    assert!(!nodes.ends_with("± 0") && nodes.contains("e16"), "{}", text.stdout);
}

/// 400 items of 400 options each, each option one item (about 10^1043
/// nodes, past `f64`): by default the probes stop once their work reaches
/// 10^8 (each probe's is its 401 nodes, their 400 moves and their one update
/// each, since a probe costs one path of the search), and the first line
/// says so. Every probe is exact: the estimate is the tree's, with no
/// spread, printed from its logarithm, and in JSON as logarithms (its
/// figures past `f64`, `null`).
#[test]
fn a_wide_problem_is_estimated_by_default_within_bounded_work() {
    let (n, k) = (400usize, 400usize);
    let mut text: String = (0..n).map(|i| format!("i{i} ")).collect();
    for i in 0..n {
        text += &format!("\ni{i}").repeat(k);
    }
    let run = quadrille(&["solve", "-", "--estimate", "--json"], &text);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let line: serde_json::Value = serde_json::from_str(run.stdout.trim()).unwrap();
    let estimate = &line["estimate"];
    let per_probe = (n * (1 + k + 1) + 1) as u64;
    let probes = estimate["probes"].as_u64().unwrap();
    assert_eq!(probes, 100_000_000u64.div_ceil(per_probe), "{estimate}");
    assert_eq!(estimate["work"].as_u64().unwrap(), probes * per_probe);
    assert_eq!(estimate["bounded"], true);
    // log10 of the nodes, Σ k^j for j from 0 to n.
    let log_nodes = (n + 1) as f64 * (k as f64).log10() - (k as f64 - 1.0).log10();
    let nodes = &estimate["nodes"];
    assert!((nodes["log10_mean"].as_f64().unwrap() - log_nodes).abs() < 1e-9, "{nodes}");
    assert_eq!(
        (&nodes["mean"], &nodes["error"], &nodes["log10_error"]),
        (&serde_json::Value::Null, &serde_json::json!(0.0), &serde_json::Value::Null)
    );
    let text = quadrille(&["solve", "-", "--estimate"], &text);
    let lines: Vec<&str> = text.stdout.lines().collect();
    assert_eq!(
        lines[0],
        format!("{probes} probes of the links engine's tree (seed 0), as many as the bound on their work allowed")
    );
    let exponent = log_nodes.floor();
    assert_eq!(lines[1], format!("nodes: {:.2}e{exponent} ± 0", 10f64.powf(log_nodes - exponent)));
}

/// Bad requests are refused with the reason: no probes, an engine that does
/// not search Knuth's tree, --probes without --estimate.
#[test]
fn bad_requests_are_refused() {
    let text = langford(4);
    for (args, says) in [
        (&["solve", "--estimate", "--probes", "0"][..], "--probes"),
        (&["solve", "--estimate", "--engine", "memo"], "the memo engine cannot estimate the search tree"),
        (&["solve", "--estimate", "--engine", "sweep"], "the sweep engine cannot estimate the search tree"),
        (&["solve", "--probes", "5"], "--estimate"),
        (&["solve", "--estimate", "--best"], "--best"),
    ] {
        let run = quadrille(args, &text);
        assert_eq!(run.code, 2, "{args:?}: {}", run.stderr);
        assert!(run.stderr.contains(says), "{args:?}: {}", run.stderr);
    }
}
