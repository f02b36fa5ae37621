//! Writes the exact-cover problem of tiling an m×n board with dominoes (and,
//! with `squares`, 1×1 squares too; with `2x2`, 2×2 squares), pieces in
//! unlimited supply, in Knuth's format: one primary item per cell, named by
//! its row and column in the digits `0-9a-zA-Z` as Knuth's polyomino-dlx
//! names them; the options cell by cell (by their top left cell), row by row,
//! the square first, then a horizontal domino, then a vertical one.
//!
//! ```text
//! cargo run --example tiling_dlx -- 8 8 > dominoes_8x8.dlx
//! cargo run --example tiling_dlx -- 8 8 squares > dominoes_squares_8x8.dlx
//! cargo run --example tiling_dlx -- 8 8 2x2 > dominoes_2x2_8x8.dlx
//! ```

use std::fmt::Write as _;

const DIGITS: &[u8] = b"0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";

fn cell(r: usize, c: usize) -> String {
    format!("{}{}", DIGITS[r] as char, DIGITS[c] as char)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(m), Some(n)) = (args.first().and_then(|a| a.parse().ok()), args.get(1).and_then(|a| a.parse().ok()))
    else {
        eprintln!("usage: tiling_dlx M N [squares | 2x2]");
        std::process::exit(2);
    };
    let (m, n): (usize, usize) = (m, n);
    if m == 0 || n == 0 || m > DIGITS.len() || n > DIGITS.len() {
        eprintln!("the board must be between 1x1 and 62x62");
        std::process::exit(2);
    }
    let squares = args.get(2).is_some_and(|a| a == "squares");
    let big_squares = args.get(2).is_some_and(|a| a == "2x2");
    let extra = if squares {
        " and squares"
    } else if big_squares {
        " and 2x2 squares"
    } else {
        ""
    };
    let mut text = format!("| {m}x{n} board, dominoes{extra}\n");
    let names: Vec<String> = (0..m).flat_map(|r| (0..n).map(move |c| cell(r, c))).collect();
    text += &names.join(" ");
    text.push('\n');
    for r in 0..m {
        for c in 0..n {
            if squares {
                writeln!(text, "{}", cell(r, c)).unwrap();
            }
            if big_squares && r + 1 < m && c + 1 < n {
                let block = [cell(r, c), cell(r, c + 1), cell(r + 1, c), cell(r + 1, c + 1)];
                writeln!(text, "{}", block.join(" ")).unwrap();
            }
            if c + 1 < n {
                writeln!(text, "{} {}", cell(r, c), cell(r, c + 1)).unwrap();
            }
            if r + 1 < m {
                writeln!(text, "{} {}", cell(r, c), cell(r + 1, c)).unwrap();
            }
        }
    }
    print!("{text}");
}
