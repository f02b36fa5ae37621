//! Parallel counting (see the crate documentation).
