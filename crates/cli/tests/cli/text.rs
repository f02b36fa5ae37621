//! What every command reads is text: comments as Knuth's readers take them
//! (a line whose first character after any blanks is `|`), a byte-order mark
//! at the start skipped, and a byte that is not UTF-8 an error naming the
//! file, line and column, on every command that reads a file.

use crate::{data, quadrille};

/// A row of a figures table: the file, the program, then the numbers.
fn rows(table: &str) -> Vec<Vec<String>> {
    std::fs::read_to_string(data(table))
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| l.split('\t').map(str::to_owned).collect())
        .collect()
}

#[test]
fn a_bar_after_blanks_starts_a_comment() {
    // After the item line, before it, at the very start, with tabs.
    for text in ["A B\n | c\nA\nB\n", " | c\nA B\nA\nB\n", "\t| c\n\t\nA B\n  \t| c\nA\n \nB\n"] {
        let run = quadrille(&["solve", "--count"], text);
        assert_eq!((run.code, run.stdout.as_str(), run.stderr.as_str()), (0, "1\n", ""), "{text:?}");
        for engine in ["links", "cells", "dc"] {
            let run = quadrille(&["solve", "--count", "--engine", engine], text);
            assert_eq!((run.code, run.stdout.as_str()), (0, "1\n"), "{engine} on {text:?}: {}", run.stderr);
        }
        let run = quadrille(&["pre"], text);
        assert_eq!(run.code, 0, "{text:?}: {}", run.stderr);
        assert_eq!(quadrille(&["solve", "--count"], &run.stdout).stdout, "1\n");
    }
    // A `|` after a word is still refused, with its place.
    let run = quadrille(&["solve", "--count"], "A B\nA | c\nB\n");
    assert_eq!(
        (run.code, run.stderr.as_str()),
        (2, "quadrille: error: <stdin>:2:3: `|` is not allowed in an option\n")
    );
}

/// Knuth's generators' files with every comment indented count what his
/// programs count (`data/knuth/comments/figures.tsv`).
#[test]
fn knuths_files_with_indented_comments_count_as_his_programs() {
    let mut files = 0;
    for row in rows("knuth/comments/figures.tsv").iter().filter(|row| row[1].starts_with("dlx")) {
        let path = data(&format!("knuth/comments/{}.dlx", row[0]));
        let run = quadrille(&["solve", path.to_str().unwrap(), "--count"], "");
        assert_eq!(run.stdout.trim(), row[2], "{}: {}", row[0], run.stderr);
        files += 1;
    }
    assert_eq!(files, 5);
}

/// `quadrille pre` on the indented files: DLX-PRE's reduced problem and
/// figures (`data/knuth/comments/pre.tsv`).
#[test]
fn pre_reads_indented_comments_as_dlx_pre_does() {
    let words = |text: &str| -> Vec<String> {
        text.lines()
            .filter(|l| !l.trim_start().starts_with('|') && !l.trim().is_empty())
            .map(|l| l.split_whitespace().collect::<Vec<_>>().join(" "))
            .collect()
    };
    for row in rows("knuth/comments/pre.tsv") {
        let input = data(&format!("knuth/comments/{}.dlx", row[0]));
        let run = quadrille(&["pre", input.to_str().unwrap()], "");
        assert_eq!(run.code, 0, "{}", run.stderr);
        let knuth = std::fs::read_to_string(data(&format!("knuth/comments/{}.pre", row[0]))).unwrap();
        assert_eq!(words(&run.stdout), words(&knuth), "{}", row[0]);
        let rounds = if row[3] == "1" { "1 round" } else { &format!("{} rounds", row[3]) };
        let summary = format!("removed {} options and {} items, {rounds}", row[1], row[2]);
        assert!(run.stderr.starts_with(&summary), "{}: {}", row[0], run.stderr);
    }
}

const MARK: &str = "\u{feff}";

/// `text` with each time in seconds (`0.002 s`) written `T s`, and each
/// rate (`171 puzzles/s`) `T puzzles/s`.
fn timeless(text: &str) -> String {
    let words: Vec<&str> = text.split(' ').collect();
    let mut out = Vec::with_capacity(words.len());
    for (k, word) in words.iter().enumerate() {
        let next = words.get(k + 1).copied().unwrap_or_default();
        let seconds = next.starts_with('s') && word.contains('.') && word.parse::<f64>().is_ok();
        // A rate: `171 puzzles/s`.
        let rate = next.trim_end_matches([',', '\n']).ends_with("/s") && word.parse::<f64>().is_ok();
        out.push(if seconds || rate { "T" } else { word });
    }
    out.join(" ")
}

/// A byte-order mark at the start of the input changes nothing, on every
/// command that reads text.
#[test]
fn a_byte_order_mark_is_skipped() {
    let same = |args: &[&str], text: &str| {
        let plain = quadrille(args, text);
        let marked = quadrille(args, format!("{MARK}{text}"));
        assert_eq!(timeless(&marked.transcript()), timeless(&plain.transcript()), "{args:?}");
        assert!(plain.code < 2, "{args:?}: {}", plain.stderr);
    };
    let problem = "| comment\nA B | X\nA X:1\nB X:1\n";
    same(&["solve", "--count"], problem);
    same(&["solve", "--count"], "A B | X\nA X:1\nB X:1\n");
    same(&["solve", "--engine", "dc"], problem);
    same(&["pre"], problem);
    same(&["pack", "--count"], "[0-1][0-1]\nD 00 01\n");
    same(&["pack", "--count"], "| dominoes\n[0-1][0-1]\nD 00 01\n");
    same(&["sudoku"], ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...\n");
    same(&["queens", "--verify", "-"], "2 4 1 3\n");
    let record = "{\"cleansings\":0,\"nodes\":1,\"of\":1,\"problem\":\"p\",\"seconds\":0.5,\"shard\":0,\"solutions\":1,\"updates\":1}\n";
    same(&["merge"], record);
    // The description's comments, written back, carry no mark.
    let emitted = quadrille(&["pack", "--emit-dlx"], format!("{MARK}| dominoes\n[0-1][0-1]\nD 00 01\n"));
    assert!(emitted.stdout.starts_with("| | dominoes\n"), "{}", emitted.stdout);
}

/// A byte that is not UTF-8: an error with the file, the line and the column
/// (in characters) of the first one, whatever the command.
#[test]
fn a_byte_that_is_not_utf8_is_named_with_its_place() {
    let error = |args: &[&str], bytes: &[u8]| {
        let run = quadrille(args, bytes);
        assert_eq!(run.code, 2, "{args:?}: {}", run.stdout);
        run.stderr
    };
    let expected = "quadrille: error: <stdin>:3:3: byte 0xe9 is not UTF-8: the text must be UTF-8\n";
    let problem = b"A B\nA\nB \xe9\n";
    for args in [&["solve", "--count"][..], &["solve", "--engine", "dc"], &["pre"]] {
        assert_eq!(error(args, problem), expected, "{args:?}");
    }
    // Columns in characters; the name of a file; a byte-order mark not counted.
    let dir = std::env::temp_dir().join(format!("quadrille-{}-not-utf8", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("nonutf.dlx");
    std::fs::write(&path, b"\xef\xbb\xbfA \xc3\xa9 B\n| \xff\nA\n").unwrap();
    let file = path.to_str().unwrap();
    assert_eq!(
        error(&["solve", file, "--count"], b""),
        format!("quadrille: error: {file}:2:3: byte 0xff is not UTF-8: the text must be UTF-8\n")
    );
    assert_eq!(
        error(&["pre", file], b""),
        format!("quadrille: error: {file}:2:3: byte 0xff is not UTF-8: the text must be UTF-8\n")
    );
    assert_eq!(
        error(&["pack", "--count"], b"[0-1][0-1]\nD 00 \xe90\n"),
        "quadrille: error: <stdin>:2:6: byte 0xe9 is not UTF-8: the text must be UTF-8\n"
    );
    let puzzle = b".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...\n";
    let mut puzzles = puzzle.to_vec();
    puzzles.extend_from_slice(b"# \xe9\n");
    assert!(
        error(&["sudoku"], &puzzles)
            .ends_with("quadrille: error: <stdin>:2:3: byte 0xe9 is not UTF-8: the text must be UTF-8\n")
    );
    assert_eq!(
        error(&["queens", "--verify", "-"], b"2 4 1 3\n\xe9\n"),
        "quadrille: error: <stdin>:2:1: byte 0xe9 is not UTF-8: the text must be UTF-8\n"
    );
    assert_eq!(
        error(&["merge"], b"{\"problem\":\"\xe9\"}\n"),
        "quadrille: error: <stdin>:1:13: byte 0xe9 is not UTF-8: the text must be UTF-8\n"
    );
    let regions = dir.join("regions.txt");
    std::fs::write(&regions, b"AABB\nAABB\nCCDD\nCCD\xe9\n").unwrap();
    let stderr = error(&["sudoku", "--regions", regions.to_str().unwrap()], b"1...............\n");
    assert_eq!(
        stderr,
        format!("quadrille: error: {}:4:4: byte 0xe9 is not UTF-8: the text must be UTF-8\n", regions.display())
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
