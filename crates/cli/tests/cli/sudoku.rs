//! `quadrille sudoku`.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

use quadrille_sudoku::{Alphabet, Grid};

use crate::{Run, data, quadrille};

/// The whole of a run, for a snapshot: the summary's time and rate vary, so they
/// are masked.
fn transcript(args: &[&str], stdin: &str) -> String {
    let Run { code, stdout, stderr } = quadrille(args, stdin);
    let stderr = match stderr.find("; ") {
        Some(at) if stderr.starts_with("quadrille: ") && stderr[at..].contains("puzzles/s") => {
            format!("{}; [time]\n", &stderr[..at])
        }
        _ => stderr,
    };
    format!("exit code: {code}\n--- stdout\n{stdout}--- stderr\n{stderr}")
}

const EASY: &str = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

#[test]
fn cli_invalid_puzzles_among_good_ones() {
    let input = format!(
        "# a comment, then a good puzzle\n{EASY}\n\
         {short}\n\
         {bad}\n\
         {conflict}\n\
         {EASY}\r\n\
         1 2 3 | 4 5 6 | 7 8 9\n\
         4 5 6 | 7 8 9 | 1 2 3\n\
         \n\
         ..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9\n\
         .................................................................................\n\
         1..1............\n\
         1...5.2.9..7.......6.......2...........5.1..2....2.39.3.4.9...15...1...3...8...4.\n\
         {EASY}",
        short = &EASY[..80],
        bad = EASY.replacen('.', "x", 1),
        conflict = EASY.replacen("4..", "4.4", 1),
    );
    insta::assert_snapshot!("sudoku_invalid_among_good", transcript(&["sudoku"], &input));
}

#[test]
fn cli_grid_layout_and_formats() {
    let mut grid = String::new();
    Grid::parse(EASY).unwrap().write_grid(Alphabet::OneBased, &mut grid);
    let input = format!("{grid}\n{EASY}\n");
    insta::assert_snapshot!("sudoku_grid_layout", transcript(&["sudoku"], &input));
    insta::assert_snapshot!("sudoku_json", transcript(&["sudoku", "--format", "json", "-"], &input));
    let counts = format!("{EASY}\n.....{}\n{}\n", &EASY[5..], ".".repeat(16));
    insta::assert_snapshot!("sudoku_count", transcript(&["sudoku", "--count", "--limit", "50"], &counts));
    insta::assert_snapshot!("sudoku_first", transcript(&["sudoku", "--first", "--format", "line"], &counts));
}

#[test]
fn cli_usage_errors() {
    insta::assert_snapshot!("sudoku_missing_file", transcript(&["sudoku", "no/such/file.txt"], ""));
    let Run { code, stderr, .. } = quadrille(&["sudoku", "--size", "7"], "");
    assert_eq!(code, 2);
    assert!(stderr.contains("`7` is not 4, 9, 16 or 25"), "{stderr}");
}

#[test]
fn cli_threads_keep_input_order() {
    let text = std::fs::read_to_string(data("sudoku/top1465.txt")).unwrap();
    let input: String = text.lines().take(400).flat_map(|l| [l, "\n"]).collect();
    let one = quadrille(&["sudoku", "--threads", "1", "-q"], &input);
    assert_eq!(one.code, 0);
    let two = quadrille(&["sudoku", "--threads", "2", "-q"], &input);
    assert_eq!(two.code, 0);
    let puzzles = input.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()).count();
    assert_eq!(one.stdout.lines().count(), puzzles);
    assert_eq!(one.stdout, two.stdout);
}

#[test]
fn cli_answers_each_puzzle_as_it_arrives() {
    // A puzzle written to the pipe is answered before the input ends: the
    // command does not wait to read the whole input.
    let mut child = Command::new(env!("CARGO_BIN_EXE_quadrille"))
        .args(["sudoku", "-q"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    // Should the command wait for the end of the input, the test would hang: a
    // watchdog ends the command instead, and the test fails on the missing answer.
    let (done, watchdog) = std::sync::mpsc::channel::<()>();
    let pid = child.id();
    let guard = std::thread::spawn(move || {
        if watchdog.recv_timeout(std::time::Duration::from_secs(120)).is_err() && cfg!(unix) {
            let _ = Command::new("kill").arg(pid.to_string()).status();
        }
    });
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut answer = String::new();
    for _ in 0..2 {
        writeln!(stdin, "{EASY}").unwrap();
        stdin.flush().unwrap();
        answer.clear();
        stdout.read_line(&mut answer).unwrap();
        assert_eq!(answer, "417369825632158947958724316825437169791586432346912758289643571573291684164875293\n");
    }
    drop(stdin);
    assert!(child.wait().unwrap().success());
    done.send(()).unwrap();
    guard.join().unwrap();
}

/// A sudoku X puzzle, one solution; made from an X grid by blanking cells while
/// a separate backtracking search found one solution.
const X_PUZZLE: &str = "6......4....3.............5..74...818..1.....3...2.4......8......1.9.83........5.";
/// A hyper sudoku puzzle, made the same way.
const HYPER_PUZZLE: &str = "4..8.....7.3..........3..7.............6..8.5..............3..7..9.58.1.6......2.";
/// A jigsaw layout drawn for the tests, and a puzzle in it.
const LAYOUT: &str = "AABBBBBCCAAABBBCCCAAAABCCCCDDDDEFFFFDDDEEEFFFDDEEEEEFFGGHHHHHIIGGGHHHIIIGGGGHIIII";
const JIGSAW_PUZZLE: &str = ".1..7............9....2..3.....4..1.58....6.....5....2.3.9.1........2...92..8.5..";
/// A 4×4 jigsaw layout and a puzzle in it under the X rule too.
const SMALL_LAYOUT: &str = "AABBACBBACDDCCDD";
const SMALL_PUZZLE: &str = ".....4....1....2";

/// An independent check of a solution line: every row, column, region (cells with
/// one letter of `layout`) and listed extra unit holds every digit once, and the
/// givens of `puzzle` are kept.
fn check_variant_solution(puzzle: &str, solution: &str, layout: &str, extra: &[Vec<usize>]) {
    let side = (solution.len() as f64).sqrt() as usize;
    let cells: Vec<char> = solution.chars().collect();
    let letters: Vec<char> = layout.chars().collect();
    let mut units: Vec<Vec<usize>> = extra.to_vec();
    for i in 0..side {
        units.push((0..side).map(|j| i * side + j).collect());
        units.push((0..side).map(|j| j * side + i).collect());
    }
    let mut names = letters.clone();
    names.sort_unstable();
    names.dedup();
    for name in names {
        units.push((0..side * side).filter(|&k| letters[k] == name).collect());
    }
    for unit in units {
        let mut seen: Vec<char> = unit.iter().map(|&k| cells[k]).collect();
        seen.sort_unstable();
        let digits: Vec<char> = (1..=side as u32).map(|d| char::from_digit(d, 10).unwrap()).collect();
        assert_eq!(seen, digits, "cells {unit:?} of {solution}");
    }
    for (p, s) in puzzle.chars().zip(solution.chars()) {
        assert!(p == '.' || p == s, "{solution} changes a given of {puzzle}");
    }
}

fn diagonals(side: usize) -> Vec<Vec<usize>> {
    vec![(0..side).map(|i| i * (side + 1)).collect(), (0..side).map(|i| (i + 1) * (side - 1)).collect()]
}

fn nine_boxes() -> String {
    (0..81).map(|k| char::from(b'A' + (k / 27 * 3 + k % 9 / 3) as u8)).collect()
}

#[test]
fn cli_variants_x_and_hyper() {
    let run = quadrille(&["sudoku", "--variant", "x", "-q"], format!("{X_PUZZLE}\n"));
    check_variant_solution(X_PUZZLE, run.stdout.trim(), &nine_boxes(), &diagonals(9));
    let windows: Vec<Vec<usize>> = [(1, 1), (1, 5), (5, 1), (5, 5)]
        .iter()
        .map(|&(top, left)| (0..9).map(|i| (top + i / 3) * 9 + left + i % 3).collect())
        .collect();
    let run = quadrille(&["sudoku", "--variant", "hyper", "-q"], format!("{HYPER_PUZZLE}\n"));
    check_variant_solution(HYPER_PUZZLE, run.stdout.trim(), &nine_boxes(), &windows);
    // Without their rule both have many solutions; the classic EASY breaks the X
    // rule (4 at r1c1 and r4c4 of its one solution), so it has none under X.
    let input = format!("{X_PUZZLE}\n{HYPER_PUZZLE}\n{EASY}\n");
    insta::assert_snapshot!("sudoku_variant_classic", transcript(&["sudoku"], &input));
    insta::assert_snapshot!("sudoku_variant_x", transcript(&["sudoku", "--variant", "x"], &input));
    insta::assert_snapshot!("sudoku_variant_hyper", transcript(&["sudoku", "--variant", "hyper"], &input));
    insta::assert_snapshot!(
        "sudoku_variant_x_json",
        transcript(&["sudoku", "--variant", "x,hyper", "--format", "json"], &input)
    );
}

#[test]
fn cli_jigsaw_layouts() {
    // A layout after each puzzle, on one line or one row per line.
    let rows: String =
        LAYOUT.as_bytes().chunks(9).map(|row| format!("{}\n", std::str::from_utf8(row).unwrap())).collect();
    let input = format!("{JIGSAW_PUZZLE}\n{LAYOUT}\n{JIGSAW_PUZZLE}\n{rows}{SMALL_PUZZLE}\n{SMALL_LAYOUT}\n");
    let run = quadrille(&["sudoku", "--variant", "jigsaw", "-q"], &input);
    let lines: Vec<&str> = run.stdout.lines().collect();
    check_variant_solution(JIGSAW_PUZZLE, lines[0], LAYOUT, &[]);
    assert_eq!(lines[1], lines[0]);
    assert_eq!(lines[2], "multiple");
    insta::assert_snapshot!("sudoku_jigsaw_per_puzzle", transcript(&["sudoku", "--variant", "jigsaw"], &input));
    let run = quadrille(&["sudoku", "--variant", "jigsaw,x", "-q"], format!("{SMALL_PUZZLE}\n{SMALL_LAYOUT}\n"));
    check_variant_solution(SMALL_PUZZLE, run.stdout.trim(), SMALL_LAYOUT, &diagonals(4));
    // One layout for every puzzle, from a file.
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("sudoku_jigsaw_layouts");
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("layout.txt");
    std::fs::write(&file, format!("# the layout, one row per line\n{rows}")).unwrap();
    let file = file.to_str().unwrap();
    insta::assert_snapshot!(
        "sudoku_jigsaw_regions_file",
        transcript(&["sudoku", "--regions", file], &format!("{JIGSAW_PUZZLE}\n{X_PUZZLE}\n{SMALL_PUZZLE}\n"))
    );
}

#[test]
fn cli_bad_layouts() {
    let mut too_large = LAYOUT.to_string();
    too_large.replace_range(80..81, "A");
    let mut too_many = LAYOUT.to_string();
    too_many.replace_range(40..41, "Z");
    let input = format!(
        "{JIGSAW_PUZZLE}\n{too_large}\n{JIGSAW_PUZZLE}\n{too_many}\n{JIGSAW_PUZZLE}\n{}\n{JIGSAW_PUZZLE}\nAABB ACBB ACDD CCDD\n\
         {JIGSAW_PUZZLE}\n",
        &LAYOUT[..80]
    );
    insta::assert_snapshot!("sudoku_bad_layouts", transcript(&["sudoku", "--variant", "jigsaw"], &input));
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("sudoku_bad_layouts");
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("layout.txt");
    std::fs::write(&file, format!("{}\n\n{}\n", &LAYOUT[..40], &too_large[40..])).unwrap();
    let run = quadrille(&["sudoku", "--regions", file.to_str().unwrap()], "");
    assert_eq!(run.code, 2);
    assert_eq!(run.stderr, format!("quadrille: error: {}: line 1: 40 cells, expected 16\n", file.display()));
    std::fs::write(&file, format!("{too_large}\n")).unwrap();
    let run = quadrille(&["sudoku", "--regions", file.to_str().unwrap()], "");
    assert_eq!(
        run.stderr,
        format!("quadrille: error: {}: line 1, column 81: region 'A' has more than 9 cells\n", file.display())
    );
    insta::assert_snapshot!(
        "sudoku_regions_missing_file",
        transcript(&["sudoku", "--regions", "no/such/layout.txt"], "")
    );
    insta::assert_snapshot!("sudoku_output_dir_needs_svg", transcript(&["sudoku", "--output-dir", "pictures"], ""));
}

#[test]
fn cli_svg_pictures() {
    let input = format!("{SMALL_PUZZLE}\n{SMALL_LAYOUT}\n....\n");
    insta::assert_snapshot!("sudoku_svg", transcript(&["sudoku", "--variant", "jigsaw,x", "--format", "svg"], &input));
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("sudoku_svg_pictures");
    let _ = std::fs::remove_dir_all(&dir);
    let dir_name = dir.to_str().unwrap();
    let stdout = quadrille(&["sudoku", "--variant", "jigsaw,x", "--format", "svg", "-q"], &input).stdout;
    let run =
        quadrille(&["sudoku", "--variant", "jigsaw,x", "--format", "svg", "--output-dir", dir_name, "-q"], &input);
    assert_eq!(run.code, 2, "the second entry is invalid");
    let first = dir.join("line-1.svg");
    let third = dir.join("line-3.svg");
    assert_eq!(run.stdout, format!("{}\n{}\n", first.display(), third.display()));
    let written = std::fs::read_to_string(first).unwrap() + &std::fs::read_to_string(third).unwrap();
    assert_eq!(written, stdout);
}

/// `--variant hyper` is defined for every size, and the help says how: windows
/// of a box's size, one cell apart (one in a 4×4 grid, nine in 16×16).
#[test]
fn hyper_is_defined_for_every_size() {
    let help = quadrille(&["sudoku", "--help"], "").stdout.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(help.contains("four in a 9×9 grid, one in 4×4, nine in 16×16, sixteen in 25×25"), "{help}");
    // In a 4×4 grid the one window is the middle 2×2 square: with it, this
    // puzzle (two solutions in classic rules) has one.
    let puzzle = "214.3...12......\n";
    let classic = quadrille(&["sudoku", "-q", "--count"], puzzle);
    let hyper = quadrille(&["sudoku", "-q", "--count", "--variant", "hyper"], puzzle);
    assert_eq!((classic.stdout.as_str(), hyper.stdout.as_str()), ("2\n", "1\n"));
}
