//! The check of the fuzz target `count`, shared with the corpus replay of
//! the umbrella's tests (`tests/it/fuzz.rs`), which runs every input kept in
//! `fuzz/corpus/count/` through it. The check:
//!
//! The front's count: a small problem made from the bytes (primary items with
//! bounds, secondary items, colours) is counted by the front with `auto`, and
//! with a memo limit of a few bytes; each count must equal the brute-force
//! count over all subsets of the options, whatever engine answered, and a
//! limit must hold.

use quadrille_dlx::Engine;
use quadrille_dlx::front::Search;
use quadrille_dlx::{Item, OptionId, Problem};

/// Builds the problem from the bytes: up to 6 primary items (with bounds when
/// the first byte is high), up to 3 secondary ones, up to 14 options.
fn build(data: &[u8]) -> Option<Problem> {
    let mut bytes = data.iter().copied();
    let head = bytes.next()?;
    let n_primary = 1 + usize::from(head % 6);
    let n_secondary = usize::from(head / 6 % 4);
    let mut b = Problem::builder();
    let mut items: Vec<Item> = Vec::new();
    for k in 0..n_primary {
        let byte = bytes.next().unwrap_or(0);
        let item = if head >= 192 && byte % 4 == 0 {
            b.primary_with_bounds(&format!("p{k}"), u32::from(byte / 4 % 2), 1 + u32::from(byte / 8 % 2)).ok()?
        } else {
            b.primary(&format!("p{k}")).ok()?
        };
        items.push(item);
    }
    for k in 0..n_secondary {
        items.push(b.secondary(&format!("s{k}")).ok()?);
    }
    let color = b.color("c").ok()?;
    let mut n_options = 0;
    while n_options < 14 {
        let Some(mask) = bytes.next() else { break };
        let colored = bytes.next().unwrap_or(0);
        let option: Vec<_> = (0..items.len().min(8))
            .filter(|&i| mask >> i & 1 == 1)
            .map(|i| (items[i], (i >= n_primary && colored >> i & 1 == 1).then_some(color)))
            .collect();
        if option.iter().any(|&(i, _)| i.index() < n_primary) && b.option_with_colors(option).is_ok() {
            n_options += 1;
        }
    }
    b.build().ok()
}

/// The solutions by brute force: every subset of the options that the
/// problem accepts as a solution.
fn brute_force(problem: &Problem) -> u64 {
    let n = problem.n_options();
    (0u32..1 << n)
        .filter(|&set| {
            let options: Vec<OptionId> = problem.options().filter(|o| set >> o.index() & 1 == 1).collect();
            problem.is_solution(&options)
        })
        .count() as u64
}

/// Runs the check on one input; a failure panics.
pub fn check(data: &[u8]) {
    let Some(problem) = build(data) else { return };
    let expected = brute_force(&problem);
    let counted = Search::new(&problem).threads(1).count().expect("auto counts every problem");
    assert_eq!(counted.solutions_u64(), Some(expected), "auto, on {}", counted.report.engine);
    assert_ne!(counted.report.engine, Engine::Auto);
    // A memo limit of a few bytes: the memo degrades or gives way, and the
    // count stays exact.
    let small = Search::new(&problem).threads(1).memo_bytes(64).count().expect("auto counts every problem");
    assert_eq!(small.solutions_u64(), Some(expected), "auto with a small memo, on {}", small.report.engine);
    // A limit holds.
    let limited = Search::new(&problem).limit(Some(1)).count().expect("a search counts every problem");
    assert_eq!(limited.solutions_u64(), Some(expected.min(1)));
}
