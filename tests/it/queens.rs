//! `queens` integration tests.
