//! Counting by memo (Knuth's DLX6 method) on the domino tilings in `data/dlx/`:
//! 8×8, 12×12, and 8×8 with dominoes and 1×1 or 2×2 squares. Each measured closure checks
//! the exact count, so a fast wrong answer cannot pass. Knuth's own `dlx6` is
//! not run here; the comparison with it is in the memo module's docs, with
//! the commands that made it.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use quadrille::dlx::Problem;
use quadrille::dlx::memo::Memo;
use quadrille_testing::data;

fn tilings(c: &mut Criterion) {
    let mut group = c.benchmark_group("memo");
    group.sample_size(10);
    for (file, count) in [
        ("dominoes_8x8", "12988816"),
        ("dominoes_squares_8x8", "179788343101980135"),
        ("dominoes_2x2_8x8", "5811552169"),
        ("dominoes_12x12", "53060477521960000"),
    ] {
        let problem = Problem::from_knuth(&data::read(&format!("dlx/{file}.dlx"))).unwrap();
        group.bench_function(file, |b| {
            b.iter(|| assert_eq!(Memo::new(black_box(&problem)).build().unwrap().count().to_string(), count));
        });
    }
    group.finish();
}

criterion_group!(benches, tilings);
criterion_main!(benches);
