//! Counting by the sweep through the front: its order on a box in three
//! dimensions, the rule's choice there, and counts in shards, which the
//! searches make, on random problems of every width.

use proptest::prelude::*;
use quadrille_dlx::front::Search;
use quadrille_dlx::sweep::Sweep;
use quadrille_dlx::{Engine, Item, Problem};
use quadrille_testing::oracle::{solutions as oracle, spec};

use crate::engines::spread;

fn data(file: &str) -> Problem {
    Problem::from_knuth(&quadrille_testing::data::read(&format!("dlx/{file}"))).unwrap()
}

/// The cells of the solid pentominoes' 2×3×10 box are named `xyz`; the
/// sweep covers the box slice by slice across its longest side: each run of
/// six cells of its order is one slice (one `z`), the slices in turn.
#[test]
fn the_sweep_covers_a_thin_box_slice_by_slice() {
    let problem = data("solid_pentominoes_2x3x10.dlx");
    let sweep = Sweep::new(&problem).unwrap();
    let z = |item: &Item| problem.item_name(*item).as_bytes()[2] - b'0';
    let cells: Vec<u8> = sweep.order().iter().filter(|i| problem.item_name(**i).len() == 3).map(z).collect();
    assert_eq!(cells.len(), 60);
    let slices: Vec<u8> = cells.chunks(6).map(|slice| slice[0]).collect();
    for (slice, &first) in cells.chunks(6).zip(&slices) {
        assert!(slice.iter().all(|&c| c == first), "{cells:?}");
    }
    let forward = slices.windows(2).all(|w| w[0] + 1 == w[1]);
    let backward = slices.windows(2).all(|w| w[0] == w[1] + 1);
    assert!(forward || backward, "{slices:?}");
}

/// Swept slice by slice, the solid pentominoes of 2×3×10 cost the sweep
/// less than the search by fewest options (Knuth's estimates: 8.9 × 10⁵
/// nodes at 20 ns against 3.0 × 10⁵ nodes and 1.2 × 10⁸ updates), so the
/// rule counts them by the sweep; the count is the links engine's.
#[test]
fn a_thin_box_of_solid_pentominoes_is_counted_by_the_sweep() {
    let problem = data("solid_pentominoes_2x3x10.dlx");
    let counted = Search::new(&problem).threads(1).count().unwrap();
    assert_eq!(counted.report.engine, Engine::Sweep);
    let by_links = Search::new(&problem).engine(Engine::Links).threads(1).count().unwrap();
    assert_eq!(counted.solutions, by_links.solutions);
    assert!(by_links.solutions_u64().unwrap() > 0);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 40, ..ProptestConfig::default() })]

    /// Shards of a count at every width of state: `auto` counts each shard by
    /// the search (the split is the search's, so a shard is the same
    /// subproblems whichever search counts it: links and bits count each
    /// alike), and the shards add up to the oracle's count.
    #[test]
    fn shards_of_a_count_add_up_at_any_width(
        spec in spec(),
        width in prop_oneof![1usize..=128, 129usize..=256, 257usize..=512, 513usize..=1024],
        pairs in 0usize..=3,
        of in 1u32..6,
    ) {
        let spec = spec.exact().uncolored();
        let problem = spread(&spec, width, pairs);
        let mut total = 0u64;
        for index in 0..of {
            let shard = |engine| {
                let search = Search::new(&problem).engine(engine).threads(1 + index as usize % 2).shard(index, of);
                search.count().unwrap()
            };
            let by_auto = shard(Engine::Auto);
            prop_assert!(by_auto.report.engine.is_search(), "{}", by_auto.report.engine);
            let solutions = by_auto.solutions_u64().unwrap();
            prop_assert_eq!(shard(Engine::Links).solutions_u64(), Some(solutions));
            prop_assert_eq!(shard(Engine::Bits).solutions_u64(), Some(solutions));
            total += solutions;
        }
        prop_assert_eq!(total, (oracle(&spec).len() as u64) << pairs);
        // The whole count, by the rule, agrees.
        let whole = Search::new(&problem).threads(1).count().unwrap();
        prop_assert_eq!(whole.solutions_u64(), Some(total));
    }
}
