//! Knuth's format reader against hostile input: arbitrary bytes and mutations of
//! valid problems. Every input gives a problem or a typed error, never a panic;
//! every problem that is read writes back to a text that reads as the same problem.
//!
//! `QUADRILLE_FUZZ_CASES=100000 cargo test --release -p quadrille-dlx --test it fuzz::`
//! runs a longer campaign.

use std::ops::ControlFlow;

use proptest::prelude::*;
use quadrille_dlx::{Config, Problem, Solver, knuth};
use quadrille_testing::mutate;

fn cases() -> u32 {
    std::env::var("QUADRILLE_FUZZ_CASES").ok().and_then(|n| n.parse().ok()).unwrap_or(2000)
}

const SEEDS: &[&str] = &[
    "A B C D E | F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n",
    "| colours\nA B C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nX:0 Y:1\nB X:1\nC Y:1\n",
    "r0 c0 r1 c1 | a0 b0 a1 b1\nr0 c0 a0\nr0 c1 b1\nr1 c0 a1\nr1 c1 b0\n",
];

/// A mutation of a seed: bytes replaced, inserted or deleted, lines repeated.
fn mutated() -> impl Strategy<Value = Vec<u8>> {
    mutate::mutated(SEEDS, b" |:\n\rABXY01\t#\xff")
}

/// Reads the text; a problem read must round-trip and solve without trouble.
fn check(bytes: &[u8]) -> Result<(), TestCaseError> {
    let text = String::from_utf8_lossy(bytes);
    match knuth::read(&text) {
        Err(e) => {
            prop_assert!(e.line >= 1 && e.column >= 1);
            prop_assert!(!e.to_string().is_empty());
        }
        Ok(parsed) => {
            let written = parsed.problem.to_knuth();
            let again = Problem::from_knuth(&written).map_err(|e| TestCaseError::fail(format!("{e} in\n{written}")))?;
            prop_assert_eq!(&again, &parsed.problem);
            let mut solver = Solver::with_config(&parsed.problem, Config::new().limit(Some(50)));
            let mut valid = true;
            solver.visit(|s| {
                valid &= parsed.problem.is_solution(s);
                ControlFlow::Continue(())
            });
            prop_assert!(valid);
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(), ..ProptestConfig::default() })]

    #[test]
    fn arbitrary_bytes(bytes in proptest::collection::vec(any::<u8>(), 0..200)) {
        check(&bytes)?;
    }

    #[test]
    fn arbitrary_text_from_the_format_alphabet(text in "[AB XY|:\\n\\r0-9#]{0,120}") {
        check(text.as_bytes())?;
    }

    #[test]
    fn mutations_of_valid_problems(bytes in mutated()) {
        check(&bytes)?;
    }
}

/// Large inputs get a clear answer too: an option with thousands of items.
#[test]
fn an_option_with_thousands_of_items() {
    let names: Vec<String> = (0..5000).map(|k| format!("i{k}")).collect();
    let text = format!("{}\n{}\n{}\n", names.join(" "), names.join(" "), names[..2500].join(" "));
    let problem = Problem::from_knuth(&text).unwrap();
    let mut solver = Solver::new(&problem);
    assert_eq!(solver.count(), 1);
    // Covering i0 hides both options (4,999 + 2,499 nodes) and unlinks i0; then
    // choosing the long option covers its 4,999 other items, whose lists are empty.
    assert_eq!(solver.stats().updates, (1 + 4999 + 2499) + 4999);
}
