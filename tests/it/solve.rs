//! `solve` integration tests.
