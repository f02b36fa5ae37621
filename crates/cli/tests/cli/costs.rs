//! `quadrille solve --best`: the cheapest solutions of a problem with costs.

use crate::{data, json_transcript, quadrille};

const WORKERS: &str = "| three workers, three jobs\nw0 w1 w2 j0 j1 j2\n\
    w0 j0 |3\nw0 j1 |7\nw0 j2 |5\nw1 j0 |2\nw1 j1 |4\nw1 j2 |6\nw2 j0 |8\nw2 j1 |3\nw2 j2 |4\n";

#[test]
fn best_solutions_with_their_costs() {
    let colours = "A B C | X Y\nA B X:0 Y:0 |3\nA C X:1 Y:1 |1\nB X:1 |5\nC Y:1 |4\nB |7\nC |2\nA |6\n";
    insta::assert_snapshot!(
        [
            json_transcript(&["solve", "--best"], WORKERS),
            json_transcript(&["solve", "--best", "3", "--threads", "1"], WORKERS),
            json_transcript(&["solve", "--best", "2", "--json", "--threads", "1"], WORKERS),
            json_transcript(&["solve", "--best", "9", "--threads", "2"], colours),
            json_transcript(&["solve", "--best", "--json"], "a b\na |1\n"),
            json_transcript(&["solve", "--best"], "a b\na |1\n"),
        ]
        .join("\n")
    );
}

#[test]
fn costs_without_best_are_ignored_and_said_so() {
    insta::assert_snapshot!(
        [
            json_transcript(&["solve", "--count"], WORKERS),
            json_transcript(&["solve", "--count", "--quiet"], WORKERS),
            json_transcript(&["solve", "--best", "0"], WORKERS),
            json_transcript(&["solve", "--best", "2", "--count"], WORKERS),
            json_transcript(&["solve"], "a b\na |x\n"),
        ]
        .join("\n")
    );
}

/// Knuth's instances: the costs of `data/reference/costs.tsv`, the same on one
/// thread and on two; `--stats` as usual.
#[test]
fn reference_costs_on_one_and_two_threads() {
    let table = std::fs::read_to_string(data("reference/costs.tsv")).unwrap();
    for row in table.lines().filter(|line| !line.starts_with('#')) {
        let cells: Vec<&str> = row.split('\t').collect();
        let path = data(&format!("dlx/{}.dlx", cells[0]));
        let expected = format!("costs: {}\n", cells[2].replace(',', " "));
        for threads in ["1", "2"] {
            let run =
                quadrille(&["solve", path.to_str().unwrap(), "--best", cells[1], "--threads", threads, "--stats"], "");
            assert_eq!(run.code, 0, "{}", run.stderr);
            assert!(run.stdout.ends_with(&expected), "{} --best {}: {}", cells[0], cells[1], run.stdout);
            // The cheapest-solutions search, and only its figures: the
            // report names the floor it searched, links or bits.
            let floor = run.stderr.contains("engine: links") || run.stderr.contains("engine: bits");
            assert!(floor && run.stderr.contains("nodes: "), "{}", run.stderr);
        }
    }
}

/// `--best` on each costs engine: the same cheapest solutions (the links'
/// statistics are DLX5's, the frames count no updates); cells is refused.
#[test]
fn best_on_each_engine() {
    let path = data("dlx/pentomino_6x10_costs.dlx");
    let path = path.to_str().unwrap();
    let links = quadrille(&["solve", path, "--best", "3", "--engine", "links", "--stats"], "");
    assert_eq!(links.code, 0, "{}", links.stderr);
    assert!(links.stderr.contains("updates: ") && !links.stderr.contains("updates: 0\n"), "{}", links.stderr);
    for engine in ["bits", "auto"] {
        for threads in ["1", "2"] {
            let run = quadrille(&["solve", path, "--best", "3", "--engine", engine, "--threads", threads], "");
            assert_eq!((run.code, &run.stdout), (0, &links.stdout), "{engine} on {threads} threads: {}", run.stderr);
        }
    }
    let cells = quadrille(&["solve", path, "--best", "3", "--engine", "cells"], "");
    assert_eq!(cells.code, 2);
    insta::assert_snapshot!(cells.stderr);
}
