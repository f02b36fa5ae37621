//! The memo cache: signatures of subproblems met before, each with the ZDD
//! node of its solutions (0 when it has none), under a limit on its bytes.
//!
//! An open-addressing table of `u64` slots (the upper half of the key's hash
//! beside the entry's number, 0 for an empty slot), at most half full, over a
//! flat arena of signatures and a parallel array of ZDD nodes. The cache
//! takes its bytes from the search's [`Budget`], and never more than half of
//! its limit, so that the diagram always has the other half. Growth asks the
//! budget, then the allocator with `try_reserve_exact`; when either says no,
//! the cache stops taking entries and goes on answering look-ups, so the
//! search stays exact (only slower) and never aborts for want of memory.

use super::budget::Budget;

/// What a look-up found.
pub(super) enum Lookup {
    /// The signature is known: its ZDD node (0 if it has no solution).
    Hit(u32),
    /// A new signature, entered under this number, or `None` when the cache is
    /// full.
    Miss(Option<usize>),
}

/// The smallest table: 16 slots.
const MIN_SLOTS: usize = 16;

pub(super) struct Cache {
    words: usize,
    /// The most bytes the cache may hold: half the budget's limit.
    limit: usize,
    slots: Vec<u64>,
    keys: Vec<u64>,
    zdd: Vec<u32>,
    full: bool,
}

/// The key's hash: a multiply-and-rotate mix of its words, finished as in
/// SplitMix64.
#[inline]
fn hash(key: &[u64]) -> u64 {
    let mut h: u64 = 0x243f_6a88_85a3_08d3;
    for &w in key {
        h = (h ^ w).wrapping_mul(0x9e37_79b9_7f4a_7c15).rotate_left(29);
    }
    h ^= h >> 30;
    h = h.wrapping_mul(0xbf58_476d_1ce4_e5b9);
    h ^= h >> 27;
    h = h.wrapping_mul(0x94d0_49bb_1331_11eb);
    h ^ (h >> 31)
}

impl Cache {
    /// An empty cache for signatures of `words` words, holding at most half
    /// of `budget`'s limit, and only what `budget` grants.
    pub(super) fn new(words: usize, budget: &mut Budget) -> Cache {
        let limit = budget.limit() / 2;
        let mut cache = Cache { words, limit, slots: Vec::new(), keys: Vec::new(), zdd: Vec::new(), full: false };
        let mut slots = Vec::new();
        if MIN_SLOTS * 8 <= limit && budget.fits(MIN_SLOTS * 8) && slots.try_reserve_exact(MIN_SLOTS).is_ok() {
            slots.resize(MIN_SLOTS, 0);
            budget.hold(MIN_SLOTS * 8);
            cache.slots = slots;
        } else {
            cache.full = true;
        }
        cache
    }

    /// Frees the cache and gives its bytes back to `budget`.
    pub(super) fn release(self, budget: &mut Budget) {
        budget.give(self.bytes());
    }

    /// The bytes the cache holds now.
    pub(super) fn bytes(&self) -> usize {
        self.slots.capacity() * 8 + self.keys.capacity() * 8 + self.zdd.capacity() * 4
    }

    /// Whether the cache has stopped taking entries.
    #[cfg(test)]
    pub(super) fn is_full(&self) -> bool {
        self.full
    }

    /// The number of entries.
    pub(super) fn len(&self) -> usize {
        self.zdd.len()
    }

    /// Looks `key` up, and enters it (with no ZDD node yet) if it is new and
    /// there is room.
    #[inline]
    pub(super) fn lookup(&mut self, key: &[u64], budget: &mut Budget) -> Lookup {
        if self.slots.is_empty() {
            return Lookup::Miss(None);
        }
        let h = hash(key);
        let tag = h & 0xffff_ffff_0000_0000;
        let mask = self.slots.len() - 1;
        let mut at = h as usize & mask;
        loop {
            let slot = self.slots[at];
            if slot == 0 {
                break;
            }
            if slot & 0xffff_ffff_0000_0000 == tag {
                let entry = (slot & 0xffff_ffff) as usize - 1;
                if &self.keys[entry * self.words..(entry + 1) * self.words] == key {
                    return Lookup::Hit(self.zdd[entry]);
                }
            }
            at = (at + 1) & mask;
        }
        if self.full || !self.make_room(budget) {
            return Lookup::Miss(None);
        }
        if self.slots.len() - 1 != mask {
            // The table grew: find the empty slot again.
            let mask = self.slots.len() - 1;
            at = h as usize & mask;
            while self.slots[at] != 0 {
                at = (at + 1) & mask;
            }
        }
        let entry = self.zdd.len();
        self.keys.extend_from_slice(key);
        self.zdd.push(0);
        self.slots[at] = tag | (entry as u64 + 1);
        Lookup::Miss(Some(entry))
    }

    /// Records the ZDD node of entry `entry`.
    #[inline]
    pub(super) fn set_zdd(&mut self, entry: usize, znode: u32) {
        self.zdd[entry] = znode;
    }

    /// Makes room for one more entry within the limit and the budget, or
    /// marks the cache full.
    fn make_room(&mut self, budget: &mut Budget) -> bool {
        let entries = self.zdd.len();
        if entries >= u32::MAX as usize - 1 {
            self.full = true;
            return false;
        }
        if self.zdd.len() == self.zdd.capacity() {
            let more = self.zdd.capacity().max(64);
            let added = more * (self.words * 8 + 4);
            if self.bytes() + added > self.limit || budget.take(added).is_err() {
                self.full = true;
                return false;
            }
            let before = self.bytes();
            if self.keys.try_reserve_exact(more * self.words).is_err() || self.zdd.try_reserve_exact(more).is_err() {
                // The allocator refused: count what was made, if anything.
                budget.give(added);
                budget.hold(self.bytes() - before);
                self.full = true;
                return false;
            }
        }
        if 2 * (entries + 1) > self.slots.len() {
            let n = self.slots.len() * 2;
            let mut slots: Vec<u64> = Vec::new();
            // The old table and the new are held at once while entries move.
            if self.bytes() + n * 8 > self.limit || budget.take(n * 8).is_err() {
                self.full = true;
                return false;
            }
            if slots.try_reserve_exact(n).is_err() {
                budget.give(n * 8);
                self.full = true;
                return false;
            }
            slots.resize(n, 0);
            let mask = n - 1;
            for &slot in &self.slots {
                if slot != 0 {
                    let entry = (slot & 0xffff_ffff) as usize - 1;
                    let mut at = hash(&self.keys[entry * self.words..(entry + 1) * self.words]) as usize & mask;
                    while slots[at] != 0 {
                        at = (at + 1) & mask;
                    }
                    slots[at] = slot;
                }
            }
            budget.give(self.slots.len() * 8);
            self.slots = slots;
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_are_found_again_and_the_limit_holds() {
        let mut budget = Budget::new(1 << 15);
        let mut cache = Cache::new(2, &mut budget);
        for i in 0..1000u64 {
            match cache.lookup(&[i, i * 7], &mut budget) {
                Lookup::Miss(Some(entry)) => cache.set_zdd(entry, i as u32 + 2),
                Lookup::Miss(None) => assert!(cache.is_full()),
                Lookup::Hit(_) => panic!("a new key was found"),
            }
        }
        assert!(cache.bytes() <= 1 << 14);
        assert_eq!(budget.used(), cache.bytes());
        assert!(budget.peak() <= 1 << 14);
        let kept = cache.len();
        assert!(kept > 100 && kept < 1000, "{kept} entries");
        let mut hits = 0;
        for i in 0..1000u64 {
            if let Lookup::Hit(z) = cache.lookup(&[i, i * 7], &mut budget) {
                assert_eq!(z, i as u32 + 2);
                hits += 1;
            }
        }
        assert_eq!(hits, kept);
        cache.release(&mut budget);
        assert_eq!(budget.used(), 0);
    }

    #[test]
    fn the_cache_leaves_room_the_budget_has_given_away() {
        let mut budget = Budget::new(1 << 15);
        budget.take((1 << 15) - 1024).unwrap();
        let mut cache = Cache::new(2, &mut budget);
        for i in 0..1000u64 {
            if let Lookup::Miss(Some(entry)) = cache.lookup(&[i, i * 7], &mut budget) {
                cache.set_zdd(entry, 2);
            }
        }
        assert!(cache.is_full());
        assert!(cache.bytes() <= 1024 && budget.peak() <= 1 << 15, "{} bytes", cache.bytes());
    }

    #[test]
    fn a_tiny_limit_keeps_nothing() {
        let mut budget = Budget::new(64);
        let mut cache = Cache::new(4, &mut budget);
        assert!(matches!(cache.lookup(&[1, 2, 3, 4], &mut budget), Lookup::Miss(None)));
        assert_eq!(cache.bytes(), 0);
    }
}
