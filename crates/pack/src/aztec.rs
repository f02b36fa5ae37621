//! Uniformly random domino tilings of the Aztec diamond by domino shuffling
//! (Elkies, Kuperberg, Larsen and Propp, 1992; Propp, 2003).
//!
//! The memo engine draws uniform tilings of any box from its diagram, but the
//! diagram of the Aztec diamond of order `n` grows about as `2^n` (every
//! diagonal of the diamond is a frontier its subproblems remember), so beyond
//! order 16 or so it no longer fits. Shuffling needs no diagram: it grows a
//! tiling of order `k + 1` from one of order `k` in `O(k^2)` steps, so a
//! tiling of order 31 costs a few thousand cell visits.
//!
//! A domino of the diamond of order `k` has a direction, north, south, east
//! or west, given by its place on the chessboard (see [`Domino::direction`]).
//! One step removes every pair of dominoes about to collide (a south domino
//! just above a north one, an east domino just left of a west one), moves
//! every other domino one cell in its direction, and fills the holes left in
//! the diamond of order `k + 1`, which fall into 2×2 blocks, each with two
//! horizontal or two vertical dominoes by a fair coin. Started from the empty
//! diamond of order 0, `n` steps give each tiling of order `n` with the same
//! probability.

/// A domino: its lower left cell (`x` to the east, `y` to the north, the
/// diamond's centre at the corner between cells `(-1, -1)` and `(0, 0)`)
/// and whether it lies horizontally.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Domino {
    x: i32,
    y: i32,
    horizontal: bool,
}

/// Where a domino moves in a step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Direction {
    North,
    South,
    East,
    West,
}

impl Domino {
    /// The direction of the domino in the diamond of order `k`: a horizontal
    /// domino whose left cell has `x + y + k` even lies on the northern side
    /// of its 2×2 block and moves north, otherwise south; a vertical one
    /// whose lower cell has `x + y + k` even moves east, otherwise west. (In
    /// the diamond of order 1, the upper of two horizontal dominoes moves
    /// north and the right of two vertical ones east; moving keeps the
    /// parity, so the directions stay right at every order.)
    fn direction(self, k: i32) -> Direction {
        let even = (self.x + self.y + k).rem_euclid(2) == 0;
        match (self.horizontal, even) {
            (true, true) => Direction::North,
            (true, false) => Direction::South,
            (false, true) => Direction::East,
            (false, false) => Direction::West,
        }
    }

    /// The domino's two cells.
    fn cells(self) -> [(i32, i32); 2] {
        if self.horizontal {
            [(self.x, self.y), (self.x + 1, self.y)]
        } else {
            [(self.x, self.y), (self.x, self.y + 1)]
        }
    }
}

/// Whether cell `(x, y)` lies in the diamond of order `k`.
fn inside(x: i32, y: i32, k: i32) -> bool {
    // The cell's centre (x + 1/2, y + 1/2), doubled.
    (2 * x + 1).abs() + (2 * y + 1).abs() <= 2 * k
}

/// SplitMix64: a seeded stream of random bits, the same on every machine.
struct SplitMix64(u64);

impl SplitMix64 {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

/// Random tilings of the Aztec diamond of one order, one after another from
/// one seed.
pub(crate) struct Shuffler {
    order: i32,
    random: SplitMix64,
    bits: u64,
    bits_left: u32,
}

impl Shuffler {
    /// Tilings of order `order` (at least 1), drawn from `seed`.
    pub(crate) fn new(order: u8, seed: u64) -> Shuffler {
        Shuffler { order: i32::from(order), random: SplitMix64(seed), bits: 0, bits_left: 0 }
    }

    fn coin(&mut self) -> bool {
        if self.bits_left == 0 {
            self.bits = self.random.next();
            self.bits_left = 64;
        }
        let heads = self.bits & 1 == 1;
        self.bits >>= 1;
        self.bits_left -= 1;
        heads
    }

    /// The next tiling: its dominoes, each as its two cells `(row, column)`
    /// in the box of [`aztec_box`](crate::builtin::aztec_box) (row 0 at the
    /// top, column 0 at the left).
    pub(crate) fn tiling(&mut self) -> Vec<[(u8, u8); 2]> {
        let n = self.order;
        let side = 2 * n as usize;
        // The grid of the largest diamond: the domino on each cell, if any.
        let at = |x: i32, y: i32| (y + n) as usize * side + (x + n) as usize;
        let mut owner: Vec<u32> = vec![u32::MAX; side * side];
        let mut dominoes: Vec<Domino> = Vec::new();
        for k in 0..n {
            // Destruction: a north domino with a south one just above it, an
            // east domino with a west one just right of it. (`owner` holds
            // the tiling of order k.)
            let mut removed = vec![false; dominoes.len()];
            for (i, d) in dominoes.iter().enumerate() {
                let partner = match d.direction(k) {
                    Direction::North => (d.x, d.y + 1),
                    Direction::East => (d.x + 1, d.y),
                    _ => continue,
                };
                let j = owner[at(partner.0, partner.1)];
                if j == u32::MAX {
                    continue;
                }
                let other = dominoes[j as usize];
                let collides = other.horizontal == d.horizontal
                    && (other.x, other.y) == partner
                    && matches!(
                        (d.direction(k), other.direction(k)),
                        (Direction::North, Direction::South) | (Direction::East, Direction::West)
                    );
                if collides {
                    removed[i] = true;
                    removed[j as usize] = true;
                }
            }
            for d in &dominoes {
                for (x, y) in d.cells() {
                    owner[at(x, y)] = u32::MAX;
                }
            }
            // Sliding: every domino left moves one cell in its direction.
            let mut kept: Vec<Domino> = Vec::with_capacity(dominoes.len() + 2 * (k as usize + 1));
            for (d, gone) in dominoes.iter().zip(removed) {
                if gone {
                    continue;
                }
                let (dx, dy) = match d.direction(k) {
                    Direction::North => (0, 1),
                    Direction::South => (0, -1),
                    Direction::East => (1, 0),
                    Direction::West => (-1, 0),
                };
                kept.push(Domino { x: d.x + dx, y: d.y + dy, ..*d });
            }
            for (i, d) in kept.iter().enumerate() {
                for (x, y) in d.cells() {
                    owner[at(x, y)] = i as u32;
                }
            }
            // Creation: the first free cell in reading order (from the top
            // row, left to right) is the upper left cell of a free 2×2 block.
            let next = k + 1;
            for y in (-next..next).rev() {
                for x in -next..next {
                    if !inside(x, y, next) || owner[at(x, y)] != u32::MAX {
                        continue;
                    }
                    let pair = if self.coin() {
                        [Domino { x, y, horizontal: true }, Domino { x, y: y - 1, horizontal: true }]
                    } else {
                        [Domino { x, y: y - 1, horizontal: false }, Domino { x: x + 1, y: y - 1, horizontal: false }]
                    };
                    for d in pair {
                        for (cx, cy) in d.cells() {
                            owner[at(cx, cy)] = kept.len() as u32;
                        }
                        kept.push(d);
                    }
                }
            }
            dominoes = kept;
        }
        let cell = |(x, y): (i32, i32)| ((n - 1 - y) as u8, (x + n) as u8);
        dominoes.iter().map(|d| d.cells().map(cell)).collect()
    }
}

#[cfg(test)]
mod tests {
    use std::collections::{HashMap, HashSet};

    use super::*;

    /// Every cell of the diamond covered once, by dominoes of adjacent cells.
    fn is_tiling(order: u8, tiling: &[[(u8, u8); 2]]) -> bool {
        let n = i32::from(order);
        let mut seen = HashSet::new();
        for [a, b] in tiling {
            let adjacent = (a.0 == b.0 && a.1.abs_diff(b.1) == 1) || (a.1 == b.1 && a.0.abs_diff(b.0) == 1);
            if !adjacent || !seen.insert(*a) || !seen.insert(*b) {
                return false;
            }
        }
        let cells = (-n..n).flat_map(|y| (-n..n).map(move |x| (x, y))).filter(|&(x, y)| inside(x, y, n)).count();
        seen.len() == cells && seen.iter().all(|&(r, c)| inside(i32::from(c) - n, n - 1 - i32::from(r), n))
    }

    #[test]
    fn large_orders_are_tilings() {
        for order in [1, 2, 5, 31] {
            let mut shuffler = Shuffler::new(order, 7);
            for _ in 0..3 {
                assert!(is_tiling(order, &shuffler.tiling()), "order {order}");
            }
        }
    }

    /// Order 3 has 2^6 = 64 tilings: 64,000 draws meet each about 1,000
    /// times (a standard deviation of about 31).
    #[test]
    fn every_tiling_is_equally_likely() {
        let mut shuffler = Shuffler::new(3, 2026);
        let mut seen: HashMap<Vec<[(u8, u8); 2]>, u32> = HashMap::new();
        for _ in 0..64_000 {
            let mut tiling = shuffler.tiling();
            assert!(is_tiling(3, &tiling));
            tiling.sort();
            *seen.entry(tiling).or_default() += 1;
        }
        assert_eq!(seen.len(), 64);
        assert!(seen.values().all(|&k| (850..=1150).contains(&k)), "{:?}", seen.values());
    }
}
