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
