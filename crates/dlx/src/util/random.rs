//! A seeded generator of random numbers, the same on every machine: for the
//! memo's samples and the estimates' probes.

/// Steele, Lea and Flood's SplitMix64: small, fast, and the same numbers on
/// every platform for the same seed.
#[derive(Clone, Debug)]
pub(crate) struct SplitMix64(pub(crate) u64);

impl SplitMix64 {
    /// The next 64 random bits.
    pub(crate) fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n > 0`), by Lemire's multiply and shift (its
    /// bias, below 2^-32 for any `n` a search meets, does not matter to an
    /// estimate).
    pub(crate) fn below(&mut self, n: usize) -> usize {
        ((u128::from(self.next()) * n as u128) >> 64) as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splitmix_matches_its_published_values() {
        // The first outputs for seed 1234567, from the reference implementation.
        let mut rng = SplitMix64(1234567);
        assert_eq!(rng.next(), 6457827717110365317);
        assert_eq!(rng.next(), 3203168211198807973);
    }

    #[test]
    fn below_stays_below_and_reaches_every_value() {
        let mut rng = SplitMix64(7);
        let mut seen = [false; 5];
        for _ in 0..1000 {
            let r = rng.below(5);
            assert!(r < 5);
            seen[r] = true;
        }
        assert!(seen.iter().all(|&s| s));
    }
}
