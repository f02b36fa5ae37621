//! The examples, built and run here so that they cannot rot: each example's
//! `run` is called as `main` would call it, and its answers are checked against
//! an independent count.

use std::collections::HashSet;

#[path = "../../examples/colors.rs"]
mod colors;
#[path = "../../examples/langford.rs"]
mod langford;
#[path = "../../examples/nurses.rs"]
mod nurses;
#[path = "../../examples/pentominoes.rs"]
mod pentominoes;
#[path = "../../examples/queens.rs"]
mod queens;

fn output(run: impl FnOnce(&mut Vec<u8>) -> Result<u64, Box<dyn std::error::Error>>) -> (u64, String) {
    let mut out = Vec::new();
    let count = run(&mut out).unwrap();
    (count, String::from_utf8(out).unwrap())
}

#[test]
fn pentominoes_pack_the_four_boxes() {
    for (rows, cols) in [(6, 10), (5, 12), (4, 15), (3, 20)] {
        let expected = published(&format!("pentominoes_{rows}x{cols}_unique"));
        let (count, text) = output(|out| pentominoes::run(rows, cols, true, out));
        assert_eq!(count, expected, "{rows}×{cols}");
        // The drawing of the first packing uses every piece five times.
        let drawing: String = text.lines().skip(1).take(rows as usize).collect();
        assert_eq!(drawing.len(), 60, "{text}");
        for piece in "FILNPTUVWXYZ".chars() {
            assert_eq!(drawing.chars().filter(|&c| c == piece).count(), 5, "{piece} in\n{text}");
        }
    }
    // Without the symmetry breaking, each packing appears with its 3 images.
    let (all, _) = output(|out| pentominoes::run(3, 20, false, out));
    assert_eq!(all, published("pentominoes_3x20"));
}

/// A published count from `data/reference/counts.tsv`.
fn published(problem: &str) -> u64 {
    let row = crate::data::table("counts").into_iter().find(|row| row[0] == problem);
    row.unwrap_or_else(|| panic!("no published count for {problem}"))[1].parse().unwrap()
}

/// Langford arrangements found by plain backtracking, slot by slot.
fn langford_by_hand(n: usize) -> u64 {
    fn place(row: &mut Vec<usize>, used: &mut Vec<bool>, n: usize) -> u64 {
        let Some(i) = row.iter().position(|&k| k == 0) else { return 1 };
        let mut found = 0;
        for k in 1..=n {
            if !used[k] && i + k + 1 < 2 * n && row[i + k + 1] == 0 {
                used[k] = true;
                row[i] = k;
                row[i + k + 1] = k;
                found += place(row, used, n);
                row[i] = 0;
                row[i + k + 1] = 0;
                used[k] = false;
            }
        }
        found
    }
    place(&mut vec![0; 2 * n], &mut vec![false; n + 1], n)
}

#[test]
fn langford_pairs_count_each_mirror_pair_once() {
    for n in [3, 4, 7, 8] {
        let (count, text) = output(|out| langford::run(n, usize::MAX, out));
        assert_eq!(2 * count, langford_by_hand(n), "n = {n}");
        // Every printed arrangement is a Langford arrangement, and none is the
        // mirror image of another.
        let mut seen = HashSet::new();
        for line in text.lines().filter(|l| !l.starts_with('n')) {
            let row: Vec<usize> = line.split(' ').map(|k| k.parse().unwrap()).collect();
            for k in 1..=n {
                let at: Vec<usize> = (0..2 * n).filter(|&i| row[i] == k).collect();
                assert_eq!(at.len(), 2);
                assert_eq!(at[1] - at[0], k + 1, "{line}");
            }
            let mirror: Vec<usize> = row.iter().rev().copied().collect();
            assert!(!seen.contains(&mirror), "{line} and its mirror image");
            seen.insert(row);
        }
        assert_eq!(seen.len() as u64, count);
    }
    assert_eq!(output(|out| langford::run(7, 0, out)).0, 26);
    assert_eq!(output(|out| langford::run(8, 0, out)).0, 150);
}

#[test]
fn word_squares_agree_with_a_brute_force_count() {
    let words: HashSet<&str> = colors::WORDS.iter().copied().collect();
    let mut expected = HashSet::new();
    for a in colors::WORDS {
        for b in colors::WORDS {
            for c in colors::WORDS {
                let rows = [a.as_bytes(), b.as_bytes(), c.as_bytes()];
                let column = |k: usize| String::from_utf8(rows.iter().map(|r| r[k]).collect()).unwrap();
                if (0..3).all(|k| words.contains(column(k).as_str())) {
                    expected.insert(format!("{a}\n{b}\n{c}"));
                }
            }
        }
    }
    let (count, text) = output(|out| colors::run(colors::WORDS, out));
    assert_eq!(count, expected.len() as u64);
    let printed: HashSet<String> = text.split("\n\n").filter(|s| s.len() == 11).map(str::to_string).collect();
    assert_eq!(printed, expected);
}

#[test]
fn queens_through_the_engine() {
    // A000170.
    for (n, expected) in [(1, 1), (2, 0), (3, 0), (4, 2), (5, 10), (6, 4), (7, 40), (8, 92), (9, 352), (10, 724)] {
        let (count, text) = output(|out| queens::run(n, out));
        assert_eq!(count, expected, "n = {n}");
        let board: Vec<&str> = text.lines().skip(1).collect();
        if expected > 0 {
            assert_eq!(board.len(), n);
            let cols: Vec<usize> = board.iter().map(|row| row.find('Q').unwrap()).collect();
            for i in 0..n {
                for j in 0..i {
                    assert_ne!(cols[i], cols[j]);
                    assert_ne!(cols[i].abs_diff(cols[j]), i - j, "queens in rows {j} and {i} attack");
                }
            }
        } else {
            assert!(board.is_empty());
        }
    }
}

#[path = "../../examples/sudoku.rs"]
mod sudoku;

#[test]
fn sudoku_from_the_command_line() {
    use quadrille::sudoku::{Grid, Status};
    let puzzle = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
    let mut out = Vec::new();
    assert_eq!(sudoku::run(puzzle, &mut out).unwrap(), Status::Solved);
    let text = String::from_utf8(out).unwrap();
    // The grid printed after "the only solution:" fills in the puzzle and is valid.
    let solution: String = text
        .split("the only solution:\n")
        .nth(1)
        .unwrap()
        .chars()
        .take_while(|&c| c != 's')
        .filter(char::is_ascii_digit)
        .collect();
    assert_eq!(solution.len(), 81, "{text}");
    let solution = Grid::parse(&solution).unwrap();
    assert!(solution.is_complete() && solution.conflict().is_none());
    assert!(solution.solves(&Grid::parse(puzzle).unwrap()));
    let mut out = Vec::new();
    assert_eq!(sudoku::run(&".".repeat(16), &mut out).unwrap(), Status::Multiple);
    assert!(sudoku::run("12", &mut Vec::new()).is_err());
}

/// Rosters counted by trying every pair of nurses on every shift.
fn rosters_by_hand() -> u64 {
    let (n, days) = (nurses::NURSES.len(), nurses::DAYS.len());
    let pairs: Vec<[usize; 2]> = (0..n).flat_map(|a| (a + 1..n).map(move |b| [a, b])).collect();
    let shifts = days * 2;
    let mut count = 0;
    let mut choice = vec![0; shifts];
    'all: loop {
        // works[nurse][day][shift]
        let mut works = vec![[[false; 2]; 3]; n];
        for (k, &c) in choice.iter().enumerate() {
            for nurse in pairs[c] {
                works[nurse][k / 2][k % 2] = true;
            }
        }
        let ok = works.iter().all(|w| {
            let total: usize = w.iter().map(|d| d.iter().filter(|&&x| x).count()).sum();
            (2..=3).contains(&total)
                && w.iter().all(|d| !(d[0] && d[1]))
                && (0..days - 1).all(|d| !(w[d][1] && w[d + 1][0]))
        });
        count += ok as u64;
        for c in choice.iter_mut() {
            *c += 1;
            if *c < pairs.len() {
                continue 'all;
            }
            *c = 0;
        }
        break;
    }
    count
}

#[test]
fn nurses_rosters_agree_with_a_brute_force_count() {
    let (count, text) = output(nurses::run);
    assert_eq!(count, rosters_by_hand());
    assert!(count > 0);
    // The roster printed first: each shift has two nurses.
    for line in text.lines().take(nurses::DAYS.len()) {
        assert_eq!(line.matches(" & ").count(), 2, "{line}");
    }
}
