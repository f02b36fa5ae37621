//! The packings counted by the library's front: tilings by trominoes, whose
//! subproblems repeat (the memo's cache answers) but whose sweep is faster,
//! and the boxes around them.

use quadrille_dlx::front::{Count, CountEngine};
use quadrille_pack::{Packing, Spec, builtin};

fn trominoes(box_text: &str) -> Packing {
    Packing::new(&Spec::parse(&builtin::description("trominoes", Some(box_text)).unwrap()).unwrap()).unwrap()
}

/// Small boxes: the front's count equals the links' search.
#[test]
fn tromino_tilings_agree_with_the_search() {
    for box_text in ["3x3", "3x6", "2x9", "6x6", "4x6", "5x6"] {
        let packing = trominoes(box_text);
        let counted = packing.count().unwrap().run().unwrap();
        let by_links = Count::new(packing.problem()).engine(CountEngine::Links).run().unwrap();
        assert_eq!(counted.solutions, by_links.solutions, "{box_text}");
    }
}

/// Trominoes in 9×10 (about 2.5 × 10¹³ tilings) and 8×10 (none: 80 cells):
/// the memo's cache answers its probe, but its turn, bounded by the sweep's
/// estimated work, ends before the memo does; the sweep counts.
#[test]
fn tromino_tilings_of_large_boxes_go_to_the_sweep() {
    for box_text in ["8x10", "9x10"] {
        let packing = trominoes(box_text);
        let counted = packing.count().unwrap().run().unwrap();
        assert_eq!(counted.engine, CountEngine::Sweep, "{box_text}");
        assert_eq!(counted.choice.gave_way, Some(CountEngine::Memo), "{box_text}");
        let (nodes, updates) = counted.choice.memo_budget.unwrap();
        assert!(nodes < 1 << 24 && updates < 1 << 32, "{box_text}: {nodes} nodes, {updates} updates");
        if box_text == "8x10" {
            assert_eq!(counted.solutions_u64(), Some(0));
        } else {
            // The sweep in the declared order, with a small cache, on one
            // thread: another tree, the same count.
            let order: Vec<_> = packing.problem().items().take(packing.problem().n_primary()).collect();
            let sweep =
                quadrille_dlx::sweep::Sweep::with_order(packing.problem(), &order).unwrap().cache_bytes(1 << 16);
            assert_eq!(counted.solutions_u64(), Some(sweep.count(1, None).unwrap().solutions), "{box_text}");
        }
    }
}
