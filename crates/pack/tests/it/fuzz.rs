//! The description reader against hostile input: mutations of valid
//! descriptions in two and three dimensions. Every input gives a problem or a
//! typed error, never a panic; every problem made can be solved and drawn, and
//! every packing found passes the independent check.
//!
//! `QUADRILLE_FUZZ_CASES=100000 cargo test --release -p quadrille-pack --test it fuzz::`
//! runs a longer campaign.

use std::ops::ControlFlow;

use proptest::prelude::*;
use quadrille_dlx::{Config, Solver};
use quadrille_pack::{Packing, Spec, render, validate};
use quadrille_testing::mutate;

fn cases() -> u32 {
    std::env::var("QUADRILLE_FUZZ_CASES").ok().and_then(|n| n.parse().ok()).unwrap_or(1000)
}

const SEEDS: &[&str] = &[
    "| a comment\n[0-3][0-3]\nI 00 01 02 03\nO 00 01 10 11\nL 00 01 02 12\nJ 00 01 02 12\n",
    "[0-2][02] [02][0-2]\nA 00 01\nB 00 01\nC 00 01\nD 00 01\n",
    "[0-2][0-3] [0-2][0-3]!\nD 00 01 00! 01!\nM 00 00!\nM 00\n2*E 00 01 11\n",
    "[0-1][0-1][0-2]\nV 000 010 100\nL 000 010 020 100\n2|c 000 001\n",
    "[7-z32-4A5-5]0 [a-c][0-2]s\nX 01 10 11 12 21\n",
];

const ALPHABET: &[u8] = b"0123456789azAZ[]-|*!: \n\rxq";

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(), ..ProptestConfig::default() })]

    #[test]
    fn descriptions_never_panic(bytes in mutate::mutated(SEEDS, ALPHABET)) {
        let text = String::from_utf8_lossy(&bytes);
        let Ok(spec) = Spec::parse(&text) else { return Ok(()) };
        let _ = spec.to_knuth();
        for unique in [false, true] {
            let Ok(packing) = (if unique { Packing::up_to_symmetry(&spec) } else { Packing::new(&spec) }) else {
                continue;
            };
            let mut solver = Solver::with_config(packing.problem(), Config::new().limit(Some(20)));
            solver.visit(|solution| {
                let _ = packing.keeps(solution);
                let _ = render::grid(&packing, solution);
                let _ = render::svg(&packing, &[solution.to_vec()]);
                if let Err(e) = validate::check(&spec, &packing.pieces_of(solution)) {
                    panic!("{e}\n{text}");
                }
                ControlFlow::Continue(())
            });
        }
    }
}
