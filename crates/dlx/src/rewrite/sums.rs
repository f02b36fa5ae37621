//! Sets of totals `0..=n` as bitsets, and the two sums the rewrite asks
//! of them: every total some sizes make, each size taken any number of
//! times (a coin problem), and every total `k` sizes make, `k = 0, 1, …`.
//! Each operation says how many words it touched, so that the pass keeps
//! within its work limit.

/// A set of totals `0..=n`, one bit each.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Totals {
    words: Vec<u64>,
    /// The largest total held: `n`.
    n: usize,
}

impl Totals {
    /// The words of a set of totals `0..=n`.
    pub(super) fn words_for(n: usize) -> usize {
        n / 64 + 1
    }

    /// The set `{0}`, of totals up to `n`.
    pub(super) fn zero(n: usize) -> Totals {
        let mut words = vec![0; Totals::words_for(n)];
        words[0] = 1;
        Totals { words, n }
    }

    /// The empty set, of totals up to `n`.
    fn empty(n: usize) -> Totals {
        Totals { words: vec![0; Totals::words_for(n)], n }
    }

    /// The number of words.
    pub(super) fn len(&self) -> usize {
        self.words.len()
    }

    /// Whether `total` is in the set.
    #[cfg(test)]
    pub(super) fn contains(&self, total: usize) -> bool {
        total <= self.n && self.words[total / 64] >> (total % 64) & 1 == 1
    }

    /// Whether the set is empty.
    pub(super) fn is_empty(&self) -> bool {
        self.words.iter().all(|&w| w == 0)
    }

    /// Whether the two sets share a total.
    pub(super) fn meets(&self, other: &Totals) -> bool {
        self.words.iter().zip(&other.words).any(|(a, b)| a & b != 0)
    }

    /// Adds `from + shift` for every total of `from` (those past `n` are
    /// dropped). `from` may be `self`: the words are written from the top
    /// down, each after the words below it that it reads.
    fn or_shifted(words: &mut [u64], from: Option<&[u64]>, shift: usize, n: usize) {
        let (word_shift, bit_shift) = (shift / 64, (shift % 64) as u32);
        for i in (word_shift..words.len()).rev() {
            let source = |k: usize| from.map_or(words[k], |f| f[k]);
            let mut w = source(i - word_shift) << bit_shift;
            if bit_shift > 0 && i > word_shift {
                w |= source(i - word_shift - 1) >> (64 - bit_shift);
            }
            words[i] |= w;
        }
        Totals::trim(words, n);
    }

    /// Clears the bits past `n` in the last word.
    fn trim(words: &mut [u64], n: usize) {
        let used = (n % 64) as u32 + 1;
        if used < 64 {
            if let Some(last) = words.last_mut() {
                *last &= (1u64 << used) - 1;
            }
        }
    }

    /// Every total up to `n` that the sizes make, each taken any number of
    /// times (the empty sum 0 included), and the words touched. A size `c`
    /// is added by doubling: the set with `c`, `2c`, `4c`, … added in turn
    /// holds every multiple of `c` up to `n` plus a total of before.
    pub(super) fn coins(sizes: &[usize], n: usize) -> (Totals, u64) {
        let mut sums = Totals::zero(n);
        let mut work = 0;
        for &size in sizes.iter().filter(|&&s| s > 0 && s <= n) {
            let mut shift = size;
            while shift <= n {
                Totals::or_shifted(&mut sums.words, None, shift, n);
                work += sums.len() as u64;
                shift = match shift.checked_mul(2) {
                    Some(s) => s,
                    None => break,
                };
            }
        }
        (sums, work)
    }

    /// The totals `t` whose complement `n - t` is in the set, and the words
    /// touched.
    pub(super) fn complements(&self) -> (Totals, u64) {
        let mut out = Totals::empty(self.n);
        let mut work = self.len() as u64;
        for (k, &word) in self.words.iter().enumerate() {
            let mut w = word;
            while w != 0 {
                let total = k * 64 + w.trailing_zeros() as usize;
                let c = self.n - total;
                out.words[c / 64] |= 1 << (c % 64);
                w &= w - 1;
                work += 1;
            }
        }
        (out, work)
    }

    /// The totals of one more size: `{t + s : t in self, s in sizes}` up
    /// to `n`, and the words touched.
    pub(super) fn plus_one(&self, sizes: &[usize]) -> (Totals, u64) {
        let mut out = Totals::empty(self.n);
        let mut work = 0;
        for &size in sizes.iter().filter(|&&s| s <= self.n) {
            Totals::or_shifted(&mut out.words, Some(&self.words), size, self.n);
            work += self.len() as u64;
        }
        (out, work)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The coin sums and the sums of `k` sizes against their definitions,
    /// for totals across several words (shifts of whole words and of bits,
    /// sizes of zero and past `n`).
    #[test]
    fn sums_agree_with_their_definitions() {
        for n in [0, 1, 5, 63, 64, 65, 130, 200] {
            for sizes in
                [vec![], vec![0], vec![3], vec![64, 7], vec![14, 15, 24], vec![0, 1], vec![65, 300], vec![2, 129]]
            {
                let (coins, _) = Totals::coins(&sizes, n);
                let mut expected = vec![false; n + 1];
                expected[0] = true;
                for t in 1..=n {
                    expected[t] = sizes.iter().any(|&s| s > 0 && s <= t && expected[t - s]);
                }
                for (t, &e) in expected.iter().enumerate() {
                    assert_eq!(coins.contains(t), e, "coins {sizes:?} up to {n}: {t}");
                }
                let (back, _) = coins.complements();
                for t in 0..=n {
                    assert_eq!(back.contains(t), expected[n - t], "complements up to {n}: {t}");
                }
                let mut k_sums = Totals::zero(n);
                let mut exact: Vec<bool> = (0..=n).map(|t| t == 0).collect();
                for k in 1..4 {
                    k_sums = k_sums.plus_one(&sizes).0;
                    exact = (0..=n).map(|t| sizes.iter().any(|&s| s <= t && exact[t - s])).collect();
                    for (t, &e) in exact.iter().enumerate() {
                        assert_eq!(k_sums.contains(t), e, "{k} of {sizes:?} up to {n}: {t}");
                    }
                    assert_eq!(k_sums.is_empty(), !exact.contains(&true));
                }
            }
        }
    }
}
