//! `quadrille solve`.

use crate::{data, quadrille};

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
    let run = quadrille(&["solve", "--count", "--stats"], TOY);
    assert_eq!(run.stdout, "1\n");
    assert!(run.stderr.contains("nodes: 6\n") && run.stderr.contains("updates: 30\n"), "{}", run.stderr);

    let run = quadrille(&["solve", "--json"], TOY);
    let record: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(record["solutions"], 1);
    assert_eq!(record["nodes"], 6);
    assert_eq!(record["updates"], 30);
    assert_eq!(record["cleansings"], 0);
    assert!(record["seconds"].as_f64().unwrap() >= 0.0);
    assert_eq!(record["list"], serde_json::json!([["A D", "C E F", "B G"]]));
    let counted: serde_json::Value =
        serde_json::from_str(&quadrille(&["solve", "--json", "--count"], TOY).stdout).unwrap();
    assert!(counted.get("list").is_none());
}

#[test]
fn bad_input_names_file_line_and_column() {
    insta::assert_snapshot!("unknown_item", quadrille(&["solve"], "A B\nA\nB C\n").transcript());
    insta::assert_snapshot!("missing_file", quadrille(&["solve", "no/such/file.dlx"], "").transcript());
    insta::assert_snapshot!("bad_flag", quadrille(&["solve", "--frobnicate"], "").transcript());
    insta::assert_snapshot!("first_and_limit", quadrille(&["solve", "--first", "--limit", "3"], TOY).transcript());
}
