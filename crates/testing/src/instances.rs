//! Instances made by generators, in Knuth's format.

/// Langford pairs of `n`: `n` primary items `n1`, `n2`, … for the numbers and
/// `2n` primary items `s0`, `s1`, … for the slots, an option for each number
/// `k` at each pair of slots `k + 1` apart (OEIS A014552 counts half the
/// solutions: each arrangement and its mirror image).
pub fn langford(n: usize) -> String {
    let mut text: String = (1..=n).map(|k| format!("n{k} ")).chain((0..2 * n).map(|i| format!("s{i} "))).collect();
    text.push('\n');
    for k in 1..=n {
        for i in 0..2 * n - k - 1 {
            text += &format!("n{k} s{i} s{}\n", i + k + 1);
        }
    }
    text
}
