//! Problems whose search nodes are costly, for the tests that stop searches
//! from another thread (and press Ctrl-C): the engine's and the command
//! line's tests.

use crate::oracle::SplitMix64;

/// `n_options` random options on `n_items` primary items `i0`, `i1`, …, each
/// option of 20 to 40 distinct items, drawn by SplitMix64 from `seed`, in
/// Knuth's format. Each item lies in thousands of options once there are
/// 20,000 of them, so that one node of a search (a cover, or the options of
/// one level tried one by one) takes milliseconds, and the whole search of
/// 128 items and 20,000 options tens of seconds on every engine: 4,096 nodes
/// are far too many to wait between two looks at a monitor.
pub fn costly_nodes(n_items: usize, n_options: usize, seed: u64) -> String {
    let mut random = SplitMix64(seed);
    let mut next = move |bound: usize| random.below(bound as u64) as usize;
    let names: Vec<String> = (0..n_items).map(|i| format!("i{i}")).collect();
    let mut text = names.join(" ");
    text.push('\n');
    let mut items: Vec<usize> = (0..n_items).collect();
    for _ in 0..n_options {
        let size = (20 + next(21)).min(n_items);
        // The first `size` of a partial Fisher–Yates shuffle.
        for k in 0..size {
            let j = k + next(n_items - k);
            items.swap(k, j);
        }
        let mut chosen = items[..size].to_vec();
        chosen.sort_unstable();
        let line: Vec<&str> = chosen.iter().map(|&i| names[i].as_str()).collect();
        text += &line.join(" ");
        text.push('\n');
    }
    text
}
