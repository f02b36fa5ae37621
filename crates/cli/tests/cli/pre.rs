//! `quadrille pre`: Knuth's DLX-PRE from the shell, checked against the
//! outputs of his program kept in `data/pre/`.

use crate::{data, quadrille};

fn words(text: &str) -> Vec<String> {
    text.lines().filter(|l| !l.starts_with('|')).map(|l| l.split_whitespace().collect::<Vec<_>>().join(" ")).collect()
}

/// The reduced problem on stdout is DLX-PRE's, and the summary on stderr
/// gives its figures; the reduced problem counts what the input counts.
#[test]
fn pre_writes_what_dlx_pre_writes() {
    let input = data("dlx/pentomino_6x10.dlx");
    let run = quadrille(&["pre", input.to_str().unwrap()], "");
    assert_eq!(run.code, 0, "{}", run.stderr);
    let knuth = std::fs::read_to_string(data("pre/pentomino_6x10.out")).unwrap();
    assert_eq!(words(&run.stdout), words(&knuth));
    assert!(run.stderr.starts_with("removed 235 options and 0 items, 3 rounds"), "{}", run.stderr);
    let before = quadrille(&["solve", input.to_str().unwrap(), "--count", "--quiet"], "");
    let after = quadrille(&["solve", "--count", "--quiet"], &run.stdout);
    assert_eq!(before.stdout, after.stdout);
    assert_eq!(after.stdout.trim(), "2339");
}

/// `--origins` numbers each option as DLX-PRE's `v9` does: the options of
/// the input it came from, from 1, which the input's own lines confirm.
#[test]
fn origins_name_the_input_options() {
    let input = std::fs::read_to_string(data("dlx/knuth_toy_colors.dlx")).unwrap();
    let run = quadrille(&["pre", "--origins", "--explain"], &input);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let options: Vec<&str> =
        input.lines().skip_while(|l| l.starts_with('|')).skip(1).filter(|l| !l.starts_with('|')).collect();
    let lines: Vec<&str> = run.stdout.lines().skip(1).collect();
    assert!(!lines.is_empty());
    for pair in lines.chunks(2) {
        let number: usize = pair[1].trim_start_matches("| (from ").trim_end_matches(')').parse().unwrap();
        // A reduced option keeps the items of its origin that survive, in order.
        let origin: Vec<&str> = options[number - 1].split_whitespace().collect();
        assert!(pair[0].split_whitespace().all(|w| origin.contains(&w)), "{} from {}", pair[0], options[number - 1]);
    }
    assert!(run.stderr.contains("removed: it blocks"), "{}", run.stderr);
}

#[test]
fn pre_names_bad_input() {
    let run = quadrille(&["pre"], "a 2|b\na b\n");
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("bounds") && run.stderr.contains('b'), "{}", run.stderr);
    let run = quadrille(&["pre"], "a b\na c\n");
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("<stdin>:2:"), "{}", run.stderr);
}

/// The solutions a `solve` run prints with `--json`, each as its option lines
/// (words sorted) sorted, and the summary's count.
fn json_solutions(stdout: &str) -> (Vec<Vec<String>>, Option<u64>) {
    let mut solutions = Vec::new();
    let mut count = None;
    for line in stdout.lines() {
        let value: serde_json::Value = serde_json::from_str(line).unwrap_or_else(|e| panic!("{e}: {line}"));
        if let Some(options) = value.get("solution") {
            let mut lines: Vec<String> = options
                .as_array()
                .unwrap()
                .iter()
                .map(|o| {
                    let mut words: Vec<&str> = o.as_str().unwrap().split_whitespace().collect();
                    words.sort_unstable();
                    words.join(" ")
                })
                .collect();
            lines.sort_unstable();
            solutions.push(lines);
        } else {
            count = value["solutions"].as_u64();
        }
    }
    solutions.sort();
    (solutions, count)
}

/// `solve --preprocess` answers what `solve` answers, on 50 random problems
/// (colours, secondary items, costs), each checked against the brute-force
/// oracle's count: the count, every solution and the cheapest, printed as the
/// input's option lines, and a first solution that is one of them.
#[test]
fn solve_preprocess_answers_what_solve_answers() {
    let dir = std::env::temp_dir().join(format!("quadrille-{}-solve-pre", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut reduced_some = 0;
    for (k, spec) in quadrille_testing::oracle::seeded(2026, 50).iter().enumerate() {
        let file = dir.join(format!("{k}.dlx"));
        std::fs::write(&file, spec.build().to_knuth()).unwrap();
        let file = file.to_str().unwrap();
        let expected = quadrille_testing::oracle::solutions(spec).len() as u64;
        let run = |args: &[&str]| {
            let run = quadrille(args, "");
            assert!(run.code == 0 || run.code == 1, "{k}: {args:?}: {}", run.stderr);
            run
        };
        for question in [&["--count", "--json"][..], &["--json"], &["--best", "3", "--json"]] {
            if question[0] == "--best" && !spec.costs.iter().any(|&c| c > 0) {
                continue;
            }
            let plain = run(&[&["solve", file][..], question].concat());
            let pre = run(&[&["solve", file, "--preprocess", "--stats"][..], question].concat());
            assert_eq!(json_solutions(&plain.stdout), json_solutions(&pre.stdout), "{k}: {question:?}");
            assert_eq!(plain.code, pre.code, "{k}: {question:?}");
            if question == ["--count", "--json"] {
                assert_eq!(json_solutions(&pre.stdout).1, Some(expected), "{k}");
            }
            let removed = pre.stderr.lines().find(|l| l.starts_with("removed ")).expect("the line of what was removed");
            reduced_some += usize::from(!removed.starts_with("removed 0 options and 0 items"));
        }
        let (all, _) = json_solutions(&run(&["solve", file, "--json"]).stdout);
        let (first, _) = json_solutions(&run(&["solve", file, "--preprocess", "--first", "--json"]).stdout);
        assert!(first.len() <= 1 && first.iter().all(|s| all.contains(s)), "{k}: {first:?}");
        assert_eq!(first.is_empty(), all.is_empty(), "{k}");
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(reduced_some > 0, "preprocessing removed something somewhere");
}

/// A problem that preprocessing finds infeasible (every option of `a` blocks
/// `b`) counts 0, exit code 1, as it does without the flag; the stderr line
/// with --stats says what went.
#[test]
fn an_infeasible_problem_counts_zero_with_preprocess() {
    let text = "a b c\na c\nb c\n";
    for flags in [&["solve", "--count"][..], &["solve", "--count", "--preprocess", "--stats"]] {
        let run = quadrille(flags, text);
        assert_eq!((run.stdout.as_str(), run.code), ("0\n", 1), "{flags:?}: {}", run.stderr);
    }
    let run = quadrille(&["solve", "--count", "--preprocess", "--stats"], text);
    assert!(run.stderr.starts_with("removed 2 options and 3 items"), "{}", run.stderr);
    let run = quadrille(&["solve", "--rounds", "2", "--count"], text);
    assert_eq!(run.code, 2, "--rounds needs --preprocess: {}", run.stderr);
}
