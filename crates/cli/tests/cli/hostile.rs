//! Hostile input: absurd sizes, markup and control characters in names.
//! Each answer comes quickly, in little memory, with a clear message.

use crate::quadrille;

/// A shard record with these fields changed.
fn record(shard: u64, of: u64, seconds: &str) -> String {
    format!(
        "{{\"cleansings\":0,\"nodes\":1,\"of\":{of},\"problem\":\"p\",\"seconds\":{seconds},\"shard\":{shard},\"solutions\":1,\"updates\":1}}\n"
    )
}

#[test]
fn merge_counts_missing_slices_without_listing_them() {
    let run = quadrille(&["merge"], record(7, 100_000, "0.5"));
    assert_eq!(run.code, 2);
    assert_eq!(
        run.stderr,
        "quadrille: error: missing 99,999 shards of 100000: 0, 1, 2, 3, 4, 5, 6, 8, 9, 10 and 99,989 more\n"
    );
    // One cap for shards and slices (`MAX_SHARDS`), in records as on the
    // command line.
    for of in [100_001, 1 << 40] {
        let run = quadrille(&["merge"], record(7, of, "0.5"));
        assert_eq!(
            run.stderr,
            format!("quadrille: error: <stdin>:1: `of` is {of}: a count is cut into 1 to 100000 slices\n")
        );
    }
    assert_eq!(quadrille(&["solve", "--count", "--shard", "0/100001"], "a\na\n").code, 2);
    let run = quadrille(&["merge"], [record(0, 2, "1"), record(1, 2, "-0.5")].concat());
    assert_eq!(run.code, 2);
    assert_eq!(run.stderr, "quadrille: error: <stdin>:2: `seconds` is -0.5: a time is a number of at least 0\n");
}

/// Knuth's example of a piece with a secondary cell: no placement of `B` has
/// all its cells in the box, so the matrix has no option for it, and it reads
/// back with no packing.
#[test]
fn pack_keeps_only_placements_whose_secondary_cells_are_in_the_box() {
    let description = "[1-3][1-4] 00 [5-6]5suf\nB 0[0-2] 00suf\n";
    let emitted = quadrille(&["pack", "--emit-dlx"], description);
    assert_eq!(emitted.code, 0, "{}", emitted.stderr);
    let matrix: Vec<&str> = emitted.stdout.lines().filter(|line| !line.starts_with('|')).collect();
    assert_eq!(matrix, [" 00 11 12 13 14 21 22 23 24 31 32 33 34 B | 55suf 65suf"]);
    let solved = quadrille(&["solve", "--count"], &emitted.stdout);
    assert_eq!((solved.code, solved.stdout.as_str()), (1, "0\n"), "{}", solved.stderr);
    let counted = quadrille(&["pack", "--count"], description);
    assert_eq!((counted.code, counted.stdout.as_str()), (1, "0\n"), "{}", counted.stderr);
    // A secondary cell in the box, with its suffix, is kept.
    let fits = quadrille(&["pack", "--emit-dlx"], "[0-1]0 [0-1]0! \nD 00 10 00!\n");
    assert!(fits.stdout.ends_with("D 00 00! 10\nD 00 10 10!\n"), "{}", fits.stdout);
}

/// A box of 238,328 cells and a plate of 100: the counts of cells settle it
/// before a single placement is made (it took 4 GB).
#[test]
fn pack_refuses_what_cells_cannot_fill_before_placing_anything() {
    let start = std::time::Instant::now();
    let run = quadrille(&["pack", "--count"], "[0-Z][0-Z][0-Z]\nP [0-9][0-9]0\n");
    assert_eq!((run.code, run.stdout.as_str()), (1, "0\n"));
    assert_eq!(
        run.stderr,
        "quadrille: warning: the pieces have 100 cells and the box 238328: no packing can fill it\n"
    );
    assert!(start.elapsed().as_secs() < 20, "took {:?}", start.elapsed());
}

/// Errors of a description name their line and column: a multiplicity above
/// the engine's limit, a third digit in a box of two (read as a suffix no
/// cell of the box has), a control character in a cell.
#[test]
fn pack_errors_have_positions() {
    let error = |text: &str| quadrille(&["pack", "--count"], text).stderr;
    assert_eq!(
        error("[0-1][0-1]\n4294967295|X 00\n"),
        "quadrille: error: <stdin>:2:1: multiplicity 4294967295 is above the limit of 2147483647\n"
    );
    assert_eq!(
        error("[0-1][0-1]\nX 01 000\n"),
        "quadrille: error: <stdin>:2:6: cell `000` has the suffix `0`, which no cell of the box has\n"
    );
    assert_eq!(
        error("[0-1][0-1]\nX 00\0\n"),
        "quadrille: error: <stdin>:2:3: cell `00\\u{0}` has the suffix `\\u{0}`, which no cell of the box has\n"
    );
}

/// Control characters from the input never reach the terminal as themselves.
#[test]
fn errors_show_control_characters_escaped() {
    let run = quadrille(&["solve"], "A\nA Q\u{1b}[2J\0\n");
    assert_eq!(run.stderr, "quadrille: error: <stdin>:2:3: unknown item `Q\\u{1b}[2J\\u{0}`\n");
    let run = quadrille(&["queens", "--verify"], "1 2\u{7}\n");
    assert!(!run.stderr.contains(|c: char| c.is_control() && c != '\n'), "{:?}", run.stderr);
}

/// A piece named with characters XML does not allow, or that are markup,
/// still makes a well-formed SVG picture.
#[test]
fn svg_pictures_are_well_formed_whatever_the_names() {
    let run = quadrille(&["pack", "--format", "svg"], "[0-1]0\n\u{1}<&'\"\u{fffe} 00 10\n");
    assert_eq!(run.code, 0, "{}", run.stderr);
    let svg = &run.stdout;
    assert!(!svg.contains(|c: char| (c as u32) < 0x20 && !"\t\n\r".contains(c)), "{svg:?}");
    assert!(!svg.contains('\u{fffe}'));
    assert!(svg.contains("\u{fffd}&lt;&amp;&apos;&quot;\u{fffd}"), "{svg}");
    // Every `<` opens a tag: the names added none.
    let tags = svg.matches('<').count();
    assert_eq!(tags, svg.matches("</").count() * 2 + svg.matches("/>").count() + svg.matches("<?").count(), "{svg}");
}

/// Runs `quadrille ARGS` with at most `megabytes` of address space (`ulimit
/// -v`, one thread, glibc held to two arenas), so that growing past the
/// bound aborts the run instead of passing.
#[cfg(target_os = "linux")]
fn within(megabytes: u64, args: &[&str], stdin: &str) -> crate::Run {
    let command = format!("ulimit -v {}; MALLOC_ARENA_MAX=2 exec \"$0\" \"$@\"", megabytes * 1024);
    let mut all = vec!["-c", &command, env!("CARGO_BIN_EXE_quadrille")];
    all.extend_from_slice(args);
    let mut child = std::process::Command::new("sh")
        .args(&all)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    use std::io::Write;
    child.stdin.take().unwrap().write_all(stdin.as_bytes()).unwrap();
    let output = child.wait_with_output().unwrap();
    crate::Run {
        stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
        code: output.status.code().unwrap_or(-1),
    }
}

/// The memory bound the README states: a small multiple of the input plus
/// what was asked for. One line asking for 10^8 slices, one line of box
/// asking for 238,328 cells, and an option of 150,000 items (2 MB) each fit
/// in an address space of 200 MB (the merge took 7.4 GB, the box 4 GB).
#[cfg(target_os = "linux")]
#[test]
fn memory_stays_within_the_bound() {
    let run = within(200, &["merge"], &record(7, 100_000, "0.5"));
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(run.stderr.contains("and 99,989 more"), "{}", run.stderr);
    let run = within(200, &["pack", "--count", "--threads", "1"], "[0-Z][0-Z][0-Z]\nP [0-9][0-9]0\n");
    assert_eq!((run.code, run.stdout.as_str()), (1, "0\n"), "{}", run.stderr);
    let names: Vec<String> = (0..150_000).map(|i| format!("i{i}")).collect();
    let line = names.join(" ");
    let run = within(200, &["solve", "--count", "--threads", "1"], &format!("{line}\n{line}\n"));
    assert_eq!((run.code, run.stdout.as_str()), (0, "1\n"), "{}", run.stderr);
}

/// `pack --emit-dlx` streams the matrix: a 10×10 plate in a 62×62×16 box
/// has 90,948 placements of 100 cells each, 37 MB of text, written in an
/// address space of 30 MB (the whole text built first did not fit: an
/// allocation failure and an abort).
#[cfg(target_os = "linux")]
#[test]
fn emitted_matrices_are_streamed() {
    let run = within(30, &["pack", "--emit-dlx"], "[0-Z][0-Z][0-f]\nP [0-9][0-9]0\n");
    assert_eq!(run.code, 0, "{}", run.stderr);
    let options = run.stdout.lines().filter(|line| line.starts_with("P ")).count();
    // Lying flat, 53 × 53 places on each of 16 levels; standing in either
    // vertical plane, 53 × 62 places, 7 levels high.
    assert_eq!(options, 53 * 53 * 16 + 2 * 53 * 62 * 7);
    assert!(run.stdout.len() > 30 << 20, "{}", run.stdout.len());
}
