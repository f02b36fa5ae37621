//! The sweep's state: the items covered, as bits, in a word as wide as the
//! problem needs.
//!
//! A problem of at most 128 items sweeps on a `u128`, as native as the
//! processor's registers allow; a wider one on [`Wide`], an array of 3, 4,
//! 8 or 16 words of 64 bits (192, 256, 512 or 1,024 items): 192 bits make
//! an entry of the count's cache 32 bytes, two to a line of the
//! processor's cache, where 256 make 40 (6×6 sudoku, 144 items, counted in
//! 0.85 s instead of 0.92). The search is written
//! once, generic over [`State`], and compiled for each width, so the
//! 128-bit sweep runs the same instructions as if it were written for
//! `u128` alone.

use super::tally::Stored;

/// A set of items as bits: the state of a node, and an option's items.
pub(crate) trait State: Copy + Default + Eq + Send + Sync + std::fmt::Debug + 'static {
    /// The bits the state holds.
    const BITS: u32;

    /// The bits `lo..hi` (`lo <= hi <= BITS`).
    fn range(lo: u32, hi: u32) -> Self;

    /// The bit `i` alone (`i < BITS`).
    fn bit(i: u32) -> Self;

    /// The bits in either.
    fn or(self, other: Self) -> Self;

    /// The bits of `self` not in `other`.
    fn and_not(self, other: Self) -> Self;

    /// Whether no bit is set.
    fn is_zero(self) -> bool;

    /// Whether some bit is in both.
    fn meets(self, other: Self) -> bool;

    /// Whether every bit of `other` is in `self`.
    fn covers(self, other: Self) -> bool;

    /// The lowest bit set (`BITS` when none).
    fn first(self) -> u32;

    /// The bits set.
    fn count_ones(self) -> u32;

    /// The 64 bits from bit `at` on (0 past the end).
    fn window(self, at: u32) -> u64;

    /// The state's words of 64 bits, as [`State::word`] reads them: taken
    /// once for the filters of a block.
    type Words: Copy;

    /// The words of the state.
    fn words(self) -> Self::Words;

    /// The word `w` of 64 bits (`w < BITS / 64`) of the words of a state.
    fn word(words: &Self::Words, w: usize) -> u64;

    /// A hash of the bits, for the cache.
    fn hash(self) -> u64;

    /// The count an entry of the cache keeps beside the state: 128 bits
    /// where the entry's alignment of 32 bytes leaves room for them (states
    /// of 256 bits or more), else 64. An entry of 192 bits is 32 bytes, two
    /// to a line of the processor's cache, which 128 would make 64; one of
    /// 128 bits would be filled, so that its table starts with a `memset`
    /// of every byte (3 % more instructions on pentominoes of 6×10).
    type Count: Stored;

    /// The 4 bits from bit `at` on (0 past the end).
    #[inline(always)]
    fn nibble(self, at: u32) -> u64 {
        self.window(at) & 15
    }
}

/// The finish of the cache's hash (`splitmix64`'s), over a word.
#[inline(always)]
fn mix(x: u64) -> u64 {
    let x = (x ^ (x >> 29)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x ^ (x >> 32)
}

impl State for u128 {
    const BITS: u32 = 128;

    type Count = u64;

    #[inline(always)]
    fn range(lo: u32, hi: u32) -> u128 {
        let below = |n: u32| if n >= 128 { u128::MAX } else { (1u128 << n) - 1 };
        below(hi) & !below(lo)
    }

    #[inline(always)]
    fn bit(i: u32) -> u128 {
        1u128 << i
    }

    #[inline(always)]
    fn or(self, other: u128) -> u128 {
        self | other
    }

    #[inline(always)]
    fn and_not(self, other: u128) -> u128 {
        self & !other
    }

    #[inline(always)]
    fn is_zero(self) -> bool {
        self == 0
    }

    #[inline(always)]
    fn meets(self, other: u128) -> bool {
        self & other != 0
    }

    #[inline(always)]
    fn covers(self, other: u128) -> bool {
        self & other == other
    }

    #[inline(always)]
    fn first(self) -> u32 {
        self.trailing_zeros()
    }

    #[inline(always)]
    fn count_ones(self) -> u32 {
        u128::count_ones(self)
    }

    #[inline(always)]
    fn window(self, at: u32) -> u64 {
        self.checked_shr(at).unwrap_or(0) as u64
    }

    type Words = [u64; 2];

    #[inline(always)]
    fn words(self) -> [u64; 2] {
        [self as u64, (self >> 64) as u64]
    }

    #[inline(always)]
    fn word(words: &[u64; 2], w: usize) -> u64 {
        words[w & 1]
    }

    #[inline(always)]
    fn hash(self) -> u64 {
        mix((self as u64) ^ ((self >> 64) as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15))
    }
}

/// A state of `64 N` bits, word 0 the lowest.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Wide<const N: usize>([u64; N]);

impl<const N: usize> Default for Wide<N> {
    fn default() -> Wide<N> {
        Wide([0; N])
    }
}

/// The count beside a wide state in an entry of the cache (see
/// [`State::Count`]).
pub(crate) trait WideCount {
    /// `u64` for 3 words, `u128` for more.
    type Count: Stored;
}

impl WideCount for Wide<3> {
    type Count = u64;
}

impl WideCount for Wide<4> {
    type Count = u128;
}

impl WideCount for Wide<8> {
    type Count = u128;
}

impl WideCount for Wide<16> {
    type Count = u128;
}

impl<const N: usize> State for Wide<N>
where
    Wide<N>: WideCount,
{
    const BITS: u32 = 64 * N as u32;

    type Count = <Wide<N> as WideCount>::Count;

    fn range(lo: u32, hi: u32) -> Wide<N> {
        let mut words = [0u64; N];
        for (w, word) in words.iter_mut().enumerate() {
            let (start, end) = (64 * w as u32, 64 * w as u32 + 64);
            let (a, b) = (lo.clamp(start, end) - start, hi.clamp(start, end) - start);
            if a < b {
                let below = |n: u32| if n >= 64 { u64::MAX } else { (1u64 << n) - 1 };
                *word = below(b) & !below(a);
            }
        }
        Wide(words)
    }

    #[inline(always)]
    fn bit(i: u32) -> Wide<N> {
        let mut words = [0u64; N];
        words[i as usize / 64] = 1u64 << (i % 64);
        Wide(words)
    }

    #[inline(always)]
    fn or(self, other: Wide<N>) -> Wide<N> {
        Wide(std::array::from_fn(|w| self.0[w] | other.0[w]))
    }

    #[inline(always)]
    fn and_not(self, other: Wide<N>) -> Wide<N> {
        Wide(std::array::from_fn(|w| self.0[w] & !other.0[w]))
    }

    #[inline(always)]
    fn is_zero(self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    #[inline(always)]
    fn meets(self, other: Wide<N>) -> bool {
        self.0.iter().zip(&other.0).any(|(a, b)| a & b != 0)
    }

    #[inline(always)]
    fn covers(self, other: Wide<N>) -> bool {
        self.0.iter().zip(&other.0).all(|(a, b)| a & b == *b)
    }

    #[inline(always)]
    fn first(self) -> u32 {
        for (w, &word) in self.0.iter().enumerate() {
            if word != 0 {
                return 64 * w as u32 + word.trailing_zeros();
            }
        }
        Self::BITS
    }

    #[inline(always)]
    fn count_ones(self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }

    #[inline(always)]
    fn window(self, at: u32) -> u64 {
        let (w, shift) = (at as usize / 64, at % 64);
        let low = self.0.get(w).map_or(0, |&x| x >> shift);
        let high = match self.0.get(w + 1) {
            Some(&x) if shift > 0 => x << (64 - shift),
            _ => 0,
        };
        low | high
    }

    type Words = Wide<N>;

    #[inline(always)]
    fn words(self) -> Wide<N> {
        self
    }

    #[inline(always)]
    fn word(words: &Wide<N>, w: usize) -> u64 {
        words.0[w % N]
    }

    #[inline(always)]
    fn hash(self) -> u64 {
        let mut x = 0u64;
        for &word in &self.0 {
            x = (x ^ word).wrapping_mul(0x9E37_79B9_7F4A_7C15).rotate_left(23);
        }
        mix(x)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each operation on a wide state agrees with the same on `u128`, for
    /// states of bits below 128.
    fn agree(a: u128, b: u128) {
        let wide = |x: u128| Wide::<4>([x as u64, (x >> 64) as u64, 0, 0]);
        let (wa, wb) = (wide(a), wide(b));
        assert_eq!(wa.or(wb), wide(a.or(b)));
        assert_eq!(wa.and_not(wb), wide(a.and_not(b)));
        assert_eq!(wa.is_zero(), a.is_zero());
        assert_eq!(wa.meets(wb), a.meets(b));
        assert_eq!(wa.covers(wb), a.covers(b));
        assert_eq!(wa.first().min(128), a.first());
        assert_eq!(State::count_ones(wa), State::count_ones(a));
        for at in [0, 1, 17, 63, 64, 65, 100, 127] {
            assert_eq!(wa.window(at), a.window(at), "{at}");
            assert_eq!(wa.nibble(at), a.nibble(at), "{at}");
        }
        for w in 0..2 {
            assert_eq!(Wide::word(&wa.words(), w), u128::word(&a.words(), w));
        }
    }

    #[test]
    fn wide_states_agree_with_u128() {
        let samples = [0, 1, 1 << 63, 1 << 64, u128::MAX, 0x0123_4567_89ab_cdef_fedc_ba98_7654_3210, 3 << 62];
        for &a in &samples {
            for &b in &samples {
                agree(a, b);
            }
        }
        for (lo, hi) in [(0, 0), (0, 5), (3, 64), (60, 70), (64, 128), (0, 128), (100, 101)] {
            let r = <u128 as State>::range(lo, hi);
            assert_eq!(Wide::<4>::range(lo, hi), Wide([r as u64, (r >> 64) as u64, 0, 0]), "{lo}..{hi}");
            assert_eq!(State::count_ones(r), hi - lo);
        }
        // Bits past 128, and the window across words.
        let high = Wide::<4>::range(190, 200);
        assert_eq!(high.first(), 190);
        assert_eq!(high.window(186), 0b11_1111_1111 << 4);
        assert_eq!(high.window(250), 0);
        assert_eq!(Wide::<4>::bit(255).first(), 255);
        assert_eq!(Wide::<4>::default().first(), 256);
    }
}
