//! Comments as Knuth's readers take them: a line whose first character after
//! any blanks is `|`, before the item line as after it. His generators'
//! files with their comments indented (`data/knuth/comments/`) count as his
//! programs count them, statistic for statistic, on the engines that follow
//! his (links: DLX1, DLX2, DLX3; cells: SSXCC; dc: XCCDC).

use quadrille_dlx::dc::Dc;
use quadrille_dlx::knuth::{self, ParseErrorKind};
use quadrille_dlx::{Config, Engine, Problem, Solver, Stats};
use quadrille_testing::data;

fn solver_stats(problem: &Problem, engine: Engine) -> Stats {
    let mut solver = Solver::with_config(problem, Config::new().engine(engine));
    solver.count();
    solver.stats()
}

#[test]
fn generators_files_with_indented_comments_count_as_knuths_programs_count() {
    let figures = data::read("knuth/comments/figures.tsv");
    let mut rows = 0;
    for line in figures.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()) {
        let row: Vec<&str> = line.split('\t').collect();
        let (file, program) = (row[0], row[1]);
        let number = |k: usize| (row[k] != "-").then(|| row[k].parse::<u64>().unwrap());
        let text = data::read(&format!("knuth/comments/{file}.dlx"));
        // The files do have comments that start with blanks.
        assert!(text.lines().any(|l| l.starts_with([' ', '\t']) && l.trim_start().starts_with('|')), "{file}");
        let problem = Problem::from_knuth(&text).unwrap_or_else(|e| panic!("{file}: {e}"));
        let stats = match program {
            "dlx1" | "dlx2" | "dlx3" => solver_stats(&problem, Engine::Links),
            "ssxcc" => solver_stats(&problem, Engine::Cells),
            "xccdc" => {
                let mut dc = Dc::new(&problem).unwrap();
                dc.count();
                dc.stats()
            }
            other => panic!("no engine for {other}"),
        };
        assert_eq!(Some(stats.solutions), number(2), "{file} {program}: solutions");
        assert_eq!(Some(stats.nodes), number(3), "{file} {program}: nodes");
        assert_eq!(Some(stats.updates), number(4), "{file} {program}: updates");
        if let Some(cleansings) = number(5) {
            assert_eq!(stats.cleansings, cleansings, "{file} {program}: cleansings");
        }
        rows += 1;
    }
    assert_eq!(rows, 13);
}

/// Comments after blanks (spaces, tabs, other white space), before and
/// after the item line; lines of blanks only; a byte-order mark at the start.
#[test]
fn comments_start_after_blanks() {
    let plain = Problem::from_knuth("A B | X\nA X:1\nB X:1\nA B\n").unwrap();
    for text in [
        " | c\nA B | X\n\t| c\nA X:1\n   \n\t\nB X:1\n \t | c\nA B\n",
        "\u{3000}| an ideographic space\nA B | X\n\u{a0}|c\nA X:1\nB X:1\nA B\n",
        "\r\n\t|c\r\nA B | X\r\n |c\r\nA X:1\r\nB X:1\r\nA B\r\n",
        "\u{feff}A B | X\nA X:1\nB X:1\nA B\n",
        "\u{feff}| c\nA B | X\nA X:1\nB X:1\nA B\n",
        "\u{feff} | c\nA B | X\nA X:1\nB X:1\nA B\n",
    ] {
        let parsed = knuth::read(text).unwrap_or_else(|e| panic!("{text:?}: {e}"));
        assert_eq!(parsed.problem, plain, "{text:?}");
        assert!(parsed.warnings.is_empty());
    }
    // The options keep the lines they are on.
    let parsed = knuth::read(" | c\nA B\n\t| c\nA\n  |\nB\n").unwrap();
    assert_eq!(parsed.option_lines, [4, 6]);
    // Only the first character after the blanks makes a comment: `|` later in
    // a line is still refused, and a byte-order mark is skipped at the start
    // only, the columns counted after it.
    let error = knuth::read("\u{feff}A B\nA\nB | c\n").unwrap_err();
    assert_eq!((error.line, error.column, error.kind), (3, 3, ParseErrorKind::BarInOption));
    let error = knuth::read("\u{feff}A B Q:c\nA\n").unwrap_err();
    assert_eq!((error.line, error.column), (1, 5));
    assert!(knuth::read("A B\nA\n\u{feff}B\n").is_err());
    // Input that is only comments, indented or not, has no item line.
    for text in ["", " | a\n\t|b\n\n", "\u{feff}", "\u{feff}\t| c\n"] {
        assert_eq!(knuth::read(text).unwrap_err().kind, ParseErrorKind::NoItems, "{text:?}");
    }
}

/// A name that starts with a byte-order mark is a name, past the start of
/// the text; written first, it reads back as itself (the writer puts one
/// more mark before it, which the reader skips).
#[test]
fn a_first_name_starting_with_a_byte_order_mark_reads_back() {
    // The case the fuzzer found: the mark after a tab on the item line.
    let text = " | c\n\t\u{feff}| a b\n\u{feff} a\nb\n";
    let problem = Problem::from_knuth(text).unwrap();
    assert_eq!(problem.item_name(problem.items().next().unwrap()), "\u{feff}");
    let written = problem.to_knuth();
    assert!(written.starts_with("\u{feff}\u{feff} |"), "{written:?}");
    assert_eq!(Problem::from_knuth(&written).unwrap(), problem);
    // Only then: other problems are written as before.
    assert!(!Problem::from_knuth("A B\nA\nB\n").unwrap().to_knuth().starts_with('\u{feff}'));
}

/// [`knuth::utf8`] names the first byte that is not UTF-8: its line, and
/// its column in characters, as the reader counts them.
#[test]
fn the_first_byte_that_is_not_utf8_has_a_place() {
    let place = |bytes: &[u8]| {
        let e = knuth::utf8(bytes).unwrap_err();
        (e.line, e.column, e.kind)
    };
    assert_eq!(knuth::utf8(b"A B\nA\n").unwrap(), "A B\nA\n");
    assert_eq!(place(b"\xff"), (1, 1, ParseErrorKind::NotUtf8(0xff)));
    assert_eq!(place(b"A B\nA\nB \xe9t\xe9\n"), (3, 3, ParseErrorKind::NotUtf8(0xe9)));
    // Columns in characters: `é` and `日` are one each.
    assert_eq!(
        place("A é日 ".as_bytes().iter().chain(b"\x80").copied().collect::<Vec<_>>().as_slice()),
        (1, 6, ParseErrorKind::NotUtf8(0x80))
    );
    // A sequence cut short, at the end or before a newline.
    assert_eq!(place(b"A\r\nB \xe6\x97"), (2, 3, ParseErrorKind::NotUtf8(0xe6)));
    assert_eq!(place(b"A\nB \xe6\x97\n"), (2, 3, ParseErrorKind::NotUtf8(0xe6)));
    // A byte-order mark at the start is not counted, as the reader skips it.
    assert_eq!(place(b"\xef\xbb\xbfA \xc0"), (1, 3, ParseErrorKind::NotUtf8(0xc0)));
    assert_eq!(
        knuth::utf8(b"A\n\xc0").unwrap_err().to_string(),
        "line 2, column 1: byte 0xc0 is not UTF-8: the text must be UTF-8"
    );
}
