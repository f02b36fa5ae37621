//! Small problems for the engines' unit tests, each with its count found by
//! trying every set of options: small enough for Miri, which runs them on
//! the engines whose hot loops read through the node module's unchecked
//! accessors.

use super::problem::Problem;
use super::random::SplitMix64;

/// The options of each problem: 2^8 sets to try, few enough for Miri.
const OPTIONS: usize = 8;

/// The items of the problems, in the order of their bits in an option.
const NAMES: [&str; 8] = ["a", "b", "c", "d", "e", "f", "x", "y"];

/// `count` problems on the items `a` to `f` and `x`, `y` as `header`
/// declares them (Knuth's first line: which are primary, their bounds), each
/// of eight options drawn from `seed`, with the number of sets of options in
/// which the times each item is covered (by its bit, `a` first) satisfy
/// `solves`. Some of them have solutions (checked).
pub(crate) fn small_problems(
    header: &str,
    count: usize,
    seed: u64,
    solves: impl Fn(&[u32; 8]) -> bool,
) -> Vec<(Problem, u64)> {
    let mut random = SplitMix64(seed);
    let problems: Vec<(Problem, u64)> = (0..count)
        .map(|_| {
            let options: Vec<u8> = (0..OPTIONS).map(|_| 1 + random.below(255) as u8).collect();
            let mut text = format!("{header}\n");
            for &bits in &options {
                let items: Vec<&str> = (0..8).filter(|b| bits >> b & 1 == 1).map(|b| NAMES[b]).collect();
                text += &items.join(" ");
                text.push('\n');
            }
            let solutions = (0u32..1 << options.len())
                .filter(|&set| {
                    let mut times = [0u32; 8];
                    for (_, &bits) in options.iter().enumerate().filter(|&(k, _)| set >> k & 1 == 1) {
                        for (b, t) in times.iter_mut().enumerate() {
                            *t += u32::from(bits >> b & 1);
                        }
                    }
                    solves(&times)
                })
                .count() as u64;
            (Problem::from_knuth(&text).unwrap(), solutions)
        })
        .collect();
    assert!(problems.iter().any(|&(_, solutions)| solutions > 0), "no problem has a solution");
    problems
}

/// The solutions of `problem` (no bounds, no colours) by a plain
/// backtracking search written for tests alone: the first primary item not
/// covered, each option holding it that meets no covered item. An oracle
/// for the engines' unit tests, independent of every engine.
pub(crate) fn count_plain(problem: &Problem) -> u64 {
    assert!(!problem.has_bounds() && !problem.has_colors(), "a plain problem");
    let items: Vec<Vec<usize>> =
        problem.options().map(|o| problem.searched_items(o).iter().map(|item| item.index()).collect()).collect();
    let mut holding: Vec<Vec<usize>> = vec![Vec::new(); problem.n_items()];
    for (o, option) in items.iter().enumerate() {
        for &i in option {
            holding[i].push(o);
        }
    }
    let primary: Vec<usize> = problem.items().filter(|&i| problem.is_primary(i)).map(|i| i.index()).collect();
    fn search(covered: &mut [bool], primary: &[usize], holding: &[Vec<usize>], items: &[Vec<usize>]) -> u64 {
        let Some(&first) = primary.iter().find(|&&i| !covered[i]) else { return 1 };
        let mut count = 0;
        for &o in &holding[first] {
            if items[o].iter().any(|&i| covered[i]) {
                continue;
            }
            for &i in &items[o] {
                covered[i] = true;
            }
            count += search(covered, primary, holding, items);
            for &i in &items[o] {
                covered[i] = false;
            }
        }
        count
    }
    search(&mut vec![false; problem.n_items()], &primary, &holding, &items)
}
