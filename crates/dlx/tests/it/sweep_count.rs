//! Counting through the front in shards, which the searches make, on
//! random problems of every width.

use proptest::prelude::*;
use quadrille_dlx::Engine;
use quadrille_dlx::front::Search;
use quadrille_testing::oracle::{solutions as oracle, spec};

use crate::engines::spread;

proptest! {
    #![proptest_config(ProptestConfig { cases: 40, ..ProptestConfig::default() })]

    /// Shards of a count at every width of state: `auto` counts each shard by
    /// the search (the split is the search's, so a shard is the same
    /// subproblems whichever search counts it: links and bits count each
    /// alike), and the shards add up to the oracle's count.
    #[test]
    fn shards_of_a_count_add_up_at_any_width(
        spec in spec(),
        width in prop_oneof![1usize..=128, 129usize..=192, 193usize..=256, 257usize..=512, 513usize..=1024],
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
