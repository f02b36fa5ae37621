//! The placement reader of `--verify` against hostile input. Every line gives a
//! placement or a typed error, never a panic; a placement read writes back to a
//! line that reads as the same placement, and checking it for attacks goes
//! without trouble.

use proptest::prelude::*;
use quadrille_queens::construct::{attacks, count_attacks, is_solution, parse_columns};

fn check(text: &str, expected: Option<usize>) -> Result<(), TestCaseError> {
    match parse_columns(text, expected) {
        Err(e) => prop_assert!(!e.to_string().is_empty()),
        Ok(cols) => {
            if let Some(n) = expected {
                prop_assert_eq!(cols.len(), n);
            }
            let line: Vec<String> = cols.iter().map(|c| (c + 1).to_string()).collect();
            prop_assert_eq!(parse_columns(&line.join(" "), None).unwrap(), cols.clone());
            let found = attacks(&cols, usize::MAX).unwrap();
            prop_assert_eq!(found.is_empty(), is_solution(&cols));
            prop_assert_eq!(found.len() as u64, count_attacks(&cols).unwrap());
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn arbitrary_text(text in "\\PC{0,80}", expected in proptest::option::of(0usize..12)) {
        check(&text, expected)?;
    }

    #[test]
    fn numbers_and_separators(text in "[0-9 ,\\t-]{0,60}", expected in proptest::option::of(0usize..12)) {
        check(&text, expected)?;
    }

    #[test]
    fn permutations_with_a_slip(n in 1usize..40, seed in any::<u64>(), slip in any::<prop::sample::Index>()) {
        // A permutation, perhaps with one column changed.
        let mut cols: Vec<usize> = (1..=n).collect();
        let mut state = seed | 1;
        for i in (1..n).rev() {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            cols.swap(i, (state % (i as u64 + 1)) as usize);
        }
        if seed % 3 == 0 {
            cols[slip.index(n)] = (seed % 50) as usize;
        }
        let line: Vec<String> = cols.iter().map(usize::to_string).collect();
        check(&line.join(" "), Some(n))?;
    }
}
