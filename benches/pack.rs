//! Packing: the twelve pentominoes in a 6×10 box, one packing of each class,
//! made from the built-in description and counted on one thread, beside the
//! same count on Knuth's hand-reduced matrix `pentomino_6x10.dlx` (X kept in
//! one quarter). Each measured closure checks its answer, so a fast wrong
//! answer cannot pass.

use std::hint::black_box;
use std::ops::ControlFlow;

use criterion::{Criterion, criterion_group, criterion_main};
use quadrille::dlx::{Problem, Solver};
use quadrille::pack::{Packing, Spec, builtin};
use quadrille_testing::data;

fn pentominoes(c: &mut Criterion) {
    let mut group = c.benchmark_group("pack");
    group.sample_size(10);
    let spec = Spec::parse(&builtin::description("pentominoes", Some("6x10")).unwrap()).unwrap();
    group.bench_function("pentominoes_6x10_unique", |b| {
        b.iter(|| {
            let packing = Packing::up_to_symmetry(black_box(&spec)).unwrap();
            let mut solver = Solver::new(packing.problem());
            let mut kept = 0u64;
            solver.visit(|solution| {
                kept += u64::from(packing.keeps(solution));
                ControlFlow::Continue(())
            });
            assert_eq!(kept, 2339);
        })
    });
    let problem = Problem::from_knuth(&data::read("dlx/pentomino_6x10.dlx")).unwrap();
    group.bench_function("pentomino_6x10_dlx_file", |b| {
        b.iter(|| assert_eq!(Solver::new(black_box(&problem)).count(), 2339));
    });
    group.finish();
}

criterion_group!(benches, pentominoes);
criterion_main!(benches);
