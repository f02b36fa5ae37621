//! The one byte budget of a memoizing search: everything the memo holds while
//! it runs (Knuth's arrays and the search's stacks, the cache, the diagram's
//! nodes, then the diagram's counts) is taken from it before it is allocated,
//! and given back when it is freed.

use super::MemoError;

/// Bytes taken and the most ever held, under a limit.
#[derive(Clone, Copy, Debug)]
pub(super) struct Budget {
    limit: usize,
    used: usize,
    peak: usize,
}

impl Budget {
    /// A budget of `limit` bytes, none taken.
    pub(super) fn new(limit: usize) -> Budget {
        Budget { limit, used: 0, peak: 0 }
    }

    /// The limit.
    pub(super) fn limit(&self) -> usize {
        self.limit
    }

    /// The bytes held now.
    pub(super) fn used(&self) -> usize {
        self.used
    }

    /// The most bytes held at once.
    pub(super) fn peak(&self) -> usize {
        self.peak
    }

    /// Whether `bytes` more would stay within the limit.
    pub(super) fn fits(&self, bytes: usize) -> bool {
        self.used.checked_add(bytes).is_some_and(|total| total <= self.limit)
    }

    /// Takes `bytes`, or says by how much they would pass the limit.
    pub(super) fn take(&mut self, bytes: usize) -> Result<(), MemoError> {
        if !self.fits(bytes) {
            return Err(self.over(bytes));
        }
        self.used += bytes;
        self.peak = self.peak.max(self.used);
        Ok(())
    }

    /// Counts `bytes` already allocated within what [`Budget::fits`] or
    /// [`Budget::take`] granted.
    pub(super) fn hold(&mut self, bytes: usize) {
        self.used = self.used.saturating_add(bytes);
        self.peak = self.peak.max(self.used);
    }

    /// Gives back `bytes` taken before.
    pub(super) fn give(&mut self, bytes: usize) {
        debug_assert!(bytes <= self.used, "gave back {bytes} of {} bytes", self.used);
        self.used -= bytes.min(self.used);
    }

    /// The error for a request of `bytes` more that the limit, or the
    /// allocator, refused.
    pub(super) fn over(&self, bytes: usize) -> MemoError {
        MemoError::Memory { limit_bytes: self.limit, needed_bytes: self.used.saturating_add(bytes) }
    }
}

/// Reserves room for `more` elements in `vec` within `budget` (exactly that
/// many, so that the budget counts what the allocator holds), or says why
/// not: a request past the limit, or one the allocator refused.
pub(super) fn reserve<T>(vec: &mut Vec<T>, more: usize, budget: &mut Budget) -> Result<(), MemoError> {
    let free = vec.capacity() - vec.len();
    if more <= free {
        return Ok(());
    }
    let bytes = (more - free).checked_mul(size_of::<T>()).ok_or_else(|| budget.over(usize::MAX))?;
    budget.take(bytes)?;
    if vec.try_reserve_exact(more).is_err() {
        budget.give(bytes);
        return Err(budget.over(bytes));
    }
    Ok(())
}

/// The bytes a vector's buffer holds.
pub(super) fn held<T>(vec: &Vec<T>) -> usize {
    vec.capacity() * size_of::<T>()
}
