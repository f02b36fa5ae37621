//! The domain-consistent engine ([`Dc`], `Engine::Dc`): Knuth's XCCDC
//! statistic for statistic on the instances of `data/knuth/dc/`, and the
//! brute-force oracle's solutions on small random problems, with colours and
//! secondary items, limits and a stop.

use std::collections::BTreeSet;

use proptest::prelude::*;
use quadrille_dlx::Problem;
use quadrille_dlx::dc::Dc;
use quadrille_testing::data;
use quadrille_testing::oracle::{solutions as oracle, sorted, spec};

/// The text of an instance named in `figures.tsv`: in `knuth/dc/`, else
/// `knuth/binary/`, else `dlx/`.
fn instance(file: &str) -> String {
    for folder in ["knuth/dc", "knuth/binary", "dlx"] {
        let path = format!("{folder}/{file}.dlx");
        if data::path(&path).is_file() {
            return data::read(&path);
        }
    }
    panic!("no instance {file}");
}

#[test]
fn dc_counts_as_xccdc_counts() {
    let figures = data::read("knuth/dc/figures.tsv");
    let mut rows = 0;
    for line in figures.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()) {
        let row: Vec<&str> = line.split('\t').collect();
        let file = row[0];
        let expected: Vec<u64> = row[1..4].iter().map(|n| n.parse().unwrap()).collect();
        let problem = Problem::from_knuth(&instance(file)).unwrap();
        let mut dc = Dc::new(&problem).unwrap();
        dc.count();
        let stats = dc.stats();
        assert_eq!(vec![stats.solutions, stats.nodes, stats.updates], expected, "{file}");
        rows += 1;
    }
    assert_eq!(rows, 12);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 500, ..ProptestConfig::default() })]

    #[test]
    fn dc_agrees_with_the_oracle(spec in spec(), exact in any::<bool>(), limit in 0u64..4) {
        if !exact && spec.has_bounds() {
            // Bounds are refused, by name.
            prop_assert!(Dc::new(&spec.build()).unwrap_err().to_string().contains("takes no bounds"));
            return Ok(());
        }
        let spec = spec.exact();
        let problem = spec.build();
        let expected: BTreeSet<Vec<u32>> = oracle(&spec).into_iter().collect();
        let mut seen = BTreeSet::new();
        let mut valid = true;
        let mut listing = Dc::new(&problem).unwrap().into_solutions();
        for solution in listing.by_ref() {
            valid &= problem.is_solution(&solution);
            prop_assert!(seen.insert(sorted(&solution)), "a solution twice");
        }
        prop_assert!(valid);
        prop_assert_eq!(&seen, &expected);
        prop_assert_eq!(listing.search().stats().solutions, expected.len() as u64);
        // A limit stops the count there.
        let mut limited = Dc::new(&problem).unwrap().limit(Some(limit));
        prop_assert_eq!(limited.count(), limit.min(expected.len() as u64));
    }
}
