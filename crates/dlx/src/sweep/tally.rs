//! The sweep's counts: what a search adds up as it goes ([`Tally`]), and what
//! an entry of its cache keeps beside a state ([`Stored`]).
//!
//! A search counts in a `u64` first: a solution adds one, a subproblem found
//! in the cache adds its count, and the count below a state is the total
//! after it less the total before. Past `u64::MAX` that search stops
//! ([`Flow::Overflow`](super::Flow)) and counts again from its root on a
//! [`U192`], keeping its cache: every subproblem it finished is found there,
//! so the second search walks little more than the paths to them. An entry
//! keeps a count of 128 bits where its alignment leaves room for them, else
//! of 64 ([`State::Count`](super::state::State::Count)); a count that does
//! not fit is not remembered (a state near the root, of which there are
//! few). So every addend is below 2^128, one a node at most, and a search of
//! fewer than 2^64 nodes stays below 2^192: the wide count never overflows.

use num_bigint::BigUint;

/// The count an entry of the cache keeps beside its state: `u64` or `u128`.
pub(crate) trait Stored: Copy + Default + Eq + Send + Sync + std::fmt::Debug + 'static {
    /// `n`, which always fits.
    fn from_u64(n: u64) -> Self;

    /// `n`, when it fits.
    fn from_u128(n: u128) -> Option<Self>;

    /// The count, when it fits 64 bits.
    fn to_u64(self) -> Option<u64>;

    /// The count.
    fn to_u128(self) -> u128;
}

impl Stored for u64 {
    #[inline(always)]
    fn from_u64(n: u64) -> u64 {
        n
    }

    #[inline(always)]
    fn from_u128(n: u128) -> Option<u64> {
        u64::try_from(n).ok()
    }

    #[inline(always)]
    fn to_u64(self) -> Option<u64> {
        Some(self)
    }

    #[inline(always)]
    fn to_u128(self) -> u128 {
        u128::from(self)
    }
}

impl Stored for u128 {
    #[inline(always)]
    fn from_u64(n: u64) -> u128 {
        u128::from(n)
    }

    #[inline(always)]
    fn from_u128(n: u128) -> Option<u128> {
        Some(n)
    }

    #[inline(always)]
    fn to_u64(self) -> Option<u64> {
        u64::try_from(self).ok()
    }

    #[inline(always)]
    fn to_u128(self) -> u128 {
        self
    }
}

/// The solutions a search has counted so far: `u64`, or [`U192`] once that
/// overflowed.
pub(crate) trait Tally: Copy + Default + Send + std::fmt::Debug {
    /// Adds a solution; `false` past the type's range.
    fn add_one(&mut self) -> bool;

    /// Adds the count of an entry of the cache; `false` past the type's range.
    fn add<C: Stored>(&mut self, count: C) -> bool;

    /// The solutions counted since `before` (at most `self`), when they fit
    /// an entry's count.
    fn since<C: Stored>(self, before: Self) -> Option<C>;

    /// The count, at most `u64::MAX` (for the monitor's figures).
    fn saturated(self) -> u64;

    /// The count.
    fn big(self) -> BigUint;
}

impl Tally for u64 {
    #[inline(always)]
    fn add_one(&mut self) -> bool {
        match self.checked_add(1) {
            Some(n) => {
                *self = n;
                true
            }
            None => false,
        }
    }

    #[inline(always)]
    fn add<C: Stored>(&mut self, count: C) -> bool {
        match count.to_u64().and_then(|count| self.checked_add(count)) {
            Some(n) => {
                *self = n;
                true
            }
            None => false,
        }
    }

    #[inline(always)]
    fn since<C: Stored>(self, before: u64) -> Option<C> {
        Some(C::from_u64(self - before))
    }

    fn saturated(self) -> u64 {
        self
    }

    fn big(self) -> BigUint {
        BigUint::from(self)
    }
}

/// A count of 192 bits: `high · 2^128 + low`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct U192 {
    low: u128,
    high: u64,
}

impl U192 {
    /// Adds `n`; `false` past 2^192 - 1.
    #[inline(always)]
    fn add_u128(&mut self, n: u128) -> bool {
        let (low, carry) = self.low.overflowing_add(n);
        self.low = low;
        if carry {
            match self.high.checked_add(1) {
                Some(high) => self.high = high,
                None => return false,
            }
        }
        true
    }
}

impl Tally for U192 {
    #[inline(always)]
    fn add_one(&mut self) -> bool {
        self.add_u128(1)
    }

    #[inline(always)]
    fn add<C: Stored>(&mut self, count: C) -> bool {
        self.add_u128(count.to_u128())
    }

    #[inline(always)]
    fn since<C: Stored>(self, before: U192) -> Option<C> {
        let (low, borrow) = self.low.overflowing_sub(before.low);
        if self.high - before.high == u64::from(borrow) { C::from_u128(low) } else { None }
    }

    fn saturated(self) -> u64 {
        u64::try_from(self.low).ok().filter(|_| self.high == 0).unwrap_or(u64::MAX)
    }

    fn big(self) -> BigUint {
        (BigUint::from(self.high) << 128u32) + BigUint::from(self.low)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The wide count against big integers, across the carries of its
    /// words; the counts since an earlier total, against the same.
    #[test]
    fn the_wide_count_is_exact() {
        let mut wide = U192::default();
        let mut big = BigUint::ZERO;
        let steps: [u128; 6] = [u128::MAX, 1, u128::MAX - 5, 7, 1 << 127, u64::MAX.into()];
        let mut before = (wide, big.clone());
        for (k, &n) in steps.iter().cycle().take(40).enumerate() {
            assert!(wide.add(n));
            big += n;
            assert_eq!(wide.big(), big, "step {k}");
            let since = &big - &before.1;
            assert_eq!(wide.since::<u128>(before.0).map(BigUint::from), u128::try_from(&since).ok().map(BigUint::from));
            assert_eq!(wide.since::<u64>(before.0).map(BigUint::from), u64::try_from(&since).ok().map(BigUint::from));
            if k % 3 == 0 {
                before = (wide, big.clone());
            }
        }
        assert_eq!(wide.saturated(), u64::MAX);
        // The top: 2^192 - 1 holds, one more does not.
        let mut top = U192 { low: u128::MAX - 1, high: u64::MAX };
        assert!(top.add_one());
        assert_eq!(top.big(), (BigUint::from(1u32) << 192u32) - 1u32);
        assert!(!top.add_one());
    }

    /// The narrow count stops at `u64::MAX`, where the wide one goes on.
    #[test]
    fn the_narrow_count_stops_at_its_top() {
        let mut narrow = u64::MAX - 2;
        assert!(narrow.add(1u128));
        assert!(narrow.add_one());
        assert_eq!(narrow, u64::MAX);
        assert!(!narrow.add_one());
        assert!(!narrow.add(1u64));
        let mut other = 5u64;
        assert!(!other.add(u128::from(u64::MAX) + 1));
        assert_eq!(other.since::<u128>(2), Some(3));
    }
}
